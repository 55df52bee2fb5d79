"""``--measure FILE:CALLABLE`` and how it is described, shared by ``report`` and ``table``.

A user's measure is shown beside the built-ins.  The flags are those of
``axiometrics check`` for a callable (:mod:`axiometrics.cli.callable_arguments`)
plus ``--name``, checked before any work with messages naming the flag.
"""

from __future__ import annotations

import argparse
from typing import Any

from axiometrics.checker.callable_options import SIGNATURES
from axiometrics.cli.callable_arguments import (
    add_callable_arguments,
    add_precision_arguments,
    callable_options,
    given_callable_flags,
    precision_options,
)
from axiometrics.errors import InvalidParameterError

__all__ = ["add_user_measure_arguments", "user_measures_from_args"]


def add_user_measure_arguments(
    group: argparse.ArgumentParser | argparse._ArgumentGroup, *, family: bool = True
) -> None:
    """Add ``--measure`` and what describes it (``--family`` too unless ``family=False``)."""
    group.add_argument(
        "--measure",
        action="append",
        default=[],
        metavar="FILE:CALLABLE",
        help="your measure (a .py path or module, then the function); repeatable",
    )
    if family:
        group.add_argument("--family", choices=sorted(SIGNATURES), help="family of --measure")
    group.add_argument("--signature", help=_signature_help())
    direction = group.add_mutually_exclusive_group()
    direction.add_argument(
        "--lower-is-better", action="store_true", help="--measure is an error (lower is better)"
    )
    direction.add_argument(
        "--higher-is-better", action="store_true", help="--measure is a score (the default)"
    )
    group.add_argument(
        "--name",
        help="the name --measure is shown under (one --measure; default: the function's name)",
    )
    add_callable_arguments(group)
    add_precision_arguments(group)


def _signature_help() -> str:
    """The help of ``--signature``: each family's call signatures, the default first."""
    listed = "; ".join(f"{family}: {', '.join(names)}" for family, names in SIGNATURES.items())
    return f"how to call --measure: one of its family's signatures, the first by default ({listed})"


def user_measures_from_args(args: argparse.Namespace, *, family_filters: bool = False) -> list[Any]:
    """The :class:`~axiometrics.report.UserMeasure` of every ``--measure``, checked.

    ``family_filters``: ``--family`` also selects the built-ins (``table``),
    so it may be given without ``--measure``.

    Raises
    ------
    InvalidParameterError
        Naming the flag: a describing flag without ``--measure``, no
        ``--family`` for one, ``--name`` for several, a bad option value, a
        callable that cannot be loaded or clashes with a registered name.
    """
    from axiometrics.report import load_user_measure

    describing = {"--signature": args.signature, "--name": args.name}
    if not family_filters:
        describing = {"--family": args.family, **describing}
    if not args.measure:
        given = [k for k, v in describing.items() if v is not None]
        if args.lower_is_better:
            given.append("--lower-is-better")
        if args.higher_is_better:
            given.append("--higher-is-better")
        given += given_callable_flags(args)
        given += [f for f, v in (("--dtype", args.dtype), ("--tolerance", args.tolerance)) if v]
        if given:
            raise InvalidParameterError(f"{', '.join(given)} apply to --measure only")
        return []
    if args.family is None:
        raise InvalidParameterError(
            f"--family is required with --measure: one of {', '.join(SIGNATURES)}"
        )
    if args.family not in SIGNATURES:
        raise InvalidParameterError(
            f"--family {args.family!r}: --measure callables are of family {', '.join(SIGNATURES)}"
        )
    if args.name is not None and len(args.measure) > 1:
        raise InvalidParameterError(
            f"--name {args.name!r} names one --measure (got {len(args.measure)}): show them "
            "under their functions' names, or one at a time"
        )
    options = {**callable_options(args, args.family), **precision_options(args)}
    if args.name is not None:
        options["name"] = args.name
    users = [
        load_user_measure(
            target,
            family=args.family,
            signature=args.signature,
            higher_is_better=not args.lower_is_better,
            **options,
        )
        for target in args.measure
    ]
    names = [u.name for u in users]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise InvalidParameterError(f"--measure names must differ (got {repeated!r} twice)")
    return users
