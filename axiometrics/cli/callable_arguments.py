"""The options that describe a bare callable, shared by ``check`` and ``report --measure``.

``--optimum``, ``--range``, ``--expect``, ``--param``, ``--undefined``,
``--real-labels``, ``--labels``, ``--array-namespace``, ``--convert`` and
``--call-timeout`` become the keyword arguments of a
:class:`~axiometrics.checker.MeasureSpec`, checked here so that a bad value
is refused before any work, with a message naming the flag.  ``--dtype`` and
``--tolerance`` (:func:`add_precision_arguments`) state the precision of any
measure, registered or not.
"""

from __future__ import annotations

import argparse
import ast
import math
from typing import Any

from axiometrics.errors import AxiometricsError, InvalidParameterError

__all__ = [
    "FLAGS",
    "add_callable_arguments",
    "add_precision_arguments",
    "callable_options",
    "given_callable_flags",
    "parse_expect",
    "parse_params",
    "precision_options",
]

#: The flags :func:`add_callable_arguments` adds, with their argparse destinations.
FLAGS = {
    "--optimum": "optimum",
    "--range": "range",
    "--expect": "expect",
    "--undefined": "undefined",
    "--param": "param",
    "--real-labels": "real_labels",
    "--labels": "labels",
    "--array-namespace": "array_namespace",
    "--convert": "convert",
}


def add_callable_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """Add the options of a bare callable (see the module docstring)."""
    from axiometrics.checker.spec import spec_default

    parser.add_argument("--optimum", type=float, help="score of a perfect system (callables)")
    parser.add_argument(
        "--range",
        nargs=2,
        type=float,
        metavar=("LOW", "HIGH"),
        help="declared score range of a callable",
    )
    parser.add_argument(
        "--expect",
        metavar="CLAIM=VERDICT,...",
        help="expected verdicts of a callable, e.g. symmetry=holds,imbalance=violated",
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="keyword argument bound on every call of a callable (repeatable), e.g. "
        "average=macro; VALUE is read as a Python literal when it is one, else as text",
    )
    parser.add_argument(
        "--undefined",
        metavar="POLICY",
        help="how a callable tells an undefined input: error (default: NaN/inf is a finding), "
        "nan (NaN means undefined), raise:Error1,Error2 (these exceptions, or warnings of these "
        "categories, mean undefined)",
    )
    parser.add_argument(
        "--real-labels",
        action="store_true",
        help="label-vector callables: real-valued (not integer) class-value transforms",
    )
    parser.add_argument(
        "--labels",
        choices=("values", "indices"),
        help="label-vector callables: the class values as labels (default), or class indices "
        "0..C-1 with num_classes=C where the callable takes it (tensor libraries)",
    )
    parser.add_argument(
        "--array-namespace",
        metavar="MODULE",
        help="a callable of another array library: convert each array argument with "
        "MODULE.asarray (array_api_strict, torch, jax.numpy, cupy)",
    )
    parser.add_argument(
        "--convert",
        metavar="MODULE:FUNCTION",
        help="instead of --array-namespace: a function converting each NumPy array argument",
    )
    call_timeout = spec_default("call_timeout")
    parser.add_argument(
        "--call-timeout",
        type=float,
        default=call_timeout,
        metavar="SECONDS",
        help=f"time limit per call of a callable (default {call_timeout:g}); 0 disables",
    )


def add_precision_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """Add ``--dtype`` and ``--tolerance``: the precision the measure's scores are judged by."""
    from axiometrics.checker.precision import PRECISIONS

    parser.add_argument(
        "--dtype",
        metavar="DTYPE",
        help=f"floating precision the measure computes in ({', '.join(PRECISIONS)}): scores are "
        "compared under its tolerance (default: inferred from the returned scores, float64 for "
        "Python floats)",
    )
    parser.add_argument(
        "--tolerance",
        nargs=2,
        type=float,
        metavar=("ATOL", "RTOL"),
        help="explicit equality rule |a - b| <= ATOL + RTOL * max(|a|, |b|), instead of --dtype",
    )


def precision_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``dtype`` and ``tolerance`` keywords of ``--dtype`` and ``--tolerance``, checked.

    Raises
    ------
    InvalidParameterError
        Naming the flag: an unknown dtype, a negative or non-finite
        tolerance, or both flags.
    """
    from axiometrics.checker.precision import tolerance_for_dtype
    from axiometrics.checker.tolerance import Tolerance

    if args.dtype is not None and args.tolerance is not None:
        raise InvalidParameterError(
            "--dtype and --tolerance: give one (a dtype stands for its tolerance)"
        )
    tolerance = None
    if args.tolerance is not None:
        atol, rtol = args.tolerance
        if not all(math.isfinite(x) and x >= 0 for x in (atol, rtol)):
            raise InvalidParameterError(
                f"--tolerance {atol:g} {rtol:g}: expected finite ATOL >= 0 and RTOL >= 0"
            )
        tolerance = Tolerance(atol, rtol, origin="declared")
    if args.dtype is not None:
        try:
            tolerance_for_dtype(args.dtype)
        except AxiometricsError as exc:
            raise InvalidParameterError(f"--dtype: {exc}") from None
    return {"dtype": args.dtype, "tolerance": tolerance}


def given_callable_flags(args: argparse.Namespace) -> list[str]:
    """The callable-only flags given on the command line (``--call-timeout`` has a default)."""
    given = []
    for flag, dest in FLAGS.items():
        value = getattr(args, dest)
        # ``is`` tests: ``--optimum 0`` is given although 0.0 == False.
        if not (value is None or value is False or (isinstance(value, list) and not value)):
            given.append(flag)
    return given


def parse_expect(text: str | None) -> dict[str, str]:
    """``"symmetry=holds,imbalance=violated"`` -> ``{"symmetry": "holds", ...}``.

    Raises
    ------
    InvalidParameterError
        For an item without ``=``.
    """
    out: dict[str, str] = {}
    if not text:
        return out
    for item in text.split(","):
        name, sep, verdict = item.partition("=")
        if not sep or not name.strip() or not verdict.strip():
            raise InvalidParameterError(
                f"--expect item {item!r}: expected CLAIM=holds, CLAIM=violated or "
                "CLAIM=holds if PRECONDITION"
            )
        out[name.strip()] = verdict.strip()
    return out


def parse_params(items: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` items as keyword arguments (VALUE a Python literal when it is one).

    Raises
    ------
    InvalidParameterError
        For an item that is not ``KEY=VALUE`` with an identifier KEY, naming ``--param``.
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip().isidentifier():
            raise InvalidParameterError(f"--param {item!r}: expected KEY=VALUE, e.g. average=macro")
        try:
            value: Any = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            value = text.strip()
        out[key.strip()] = value
    return out


def callable_options(args: argparse.Namespace, family: str) -> dict[str, Any]:
    """The :class:`~axiometrics.checker.MeasureSpec` keywords of the callable flags, checked.

    Raises
    ------
    InvalidParameterError
        Naming the flag: a non-finite optimum, a range that is not finite
        ``LOW < HIGH``, a bad expectation, parameter or undefined policy, or
        a negative or non-finite time limit.
    """
    from axiometrics.checker.arrays import array_converter
    from axiometrics.checker.callable_options import parse_expectations, undefined_policy

    if not math.isfinite(args.call_timeout) or args.call_timeout < 0:
        raise InvalidParameterError(
            f"--call-timeout {args.call_timeout:g}: expected seconds > 0 (0 for no limit)"
        )
    if args.optimum is not None and not math.isfinite(args.optimum):
        raise InvalidParameterError(f"--optimum {args.optimum}: expected a finite number")
    if args.range is not None:
        low, high = args.range
        if not (math.isfinite(low) and math.isfinite(high)) or not low < high:
            raise InvalidParameterError(
                f"--range {low:g} {high:g}: expected finite LOW < HIGH (the lowest and highest "
                "score the callable can return)"
            )
    try:
        expect = parse_expect(args.expect)
        parse_expectations(expect, family)
    except AxiometricsError as exc:
        raise InvalidParameterError(f"--expect: {exc}") from None
    try:
        undefined = undefined_policy(args.undefined)
    except AxiometricsError as exc:
        raise InvalidParameterError(f"--undefined: {exc}") from None
    if args.array_namespace is not None and args.convert is not None:
        raise InvalidParameterError("--array-namespace and --convert: give one")
    try:
        array_converter(args.array_namespace, args.convert)
    except AxiometricsError as exc:
        flag = "--array-namespace" if args.array_namespace is not None else "--convert"
        raise InvalidParameterError(f"{flag}: {exc}") from None
    return {
        "optimum": args.optimum,
        "score_range": tuple(args.range) if args.range else None,
        "expect": expect,
        "params": parse_params(args.param),
        "undefined": undefined,
        "integer_labels": not args.real_labels,
        "labels": args.labels or "values",
        "array_namespace": args.array_namespace,
        "convert": args.convert,
        "call_timeout": args.call_timeout or None,
    }
