"""``axiometrics check``: validate a measure's claims with generated adversarial inputs.

Two forms::

    axiometrics check mae_macro                          # a registered measure
    axiometrics check my_measures.py:my_error --family oc --lower-is-better
    axiometrics check my_pkg.metrics:score --family oq --expect symmetry=holds
    axiometrics check sklearn.metrics:roc_auc_score --family scored
    axiometrics check sklearn.metrics:matthews_corrcoef --family nominal --signature gold,system

``MODULE:CALLABLE`` names a function in a Python file (a path ending in
``.py``) or an importable module.  The callable is wrapped as described in
:mod:`axiometrics.checker.callables`; ``--family`` is any registered family
with call signatures (``oc``, ``nominal``, ``oq``, ``scored``, or a
plugin's; an unknown name is answered with the nearest ones) and
``--signature`` one of that family's signatures.

Exit status (``CheckReport.failed`` agrees with it): 0 when no claim the
measure declares (or ``--expect`` states) to hold is refuted and no check
errored; 1 when one is refuted, when any verdict of any claim is an error (the
measure raised, called ``sys.exit``, or a call exceeded ``--call-timeout``),
or on a broken target (an import error, a measure that raises on a typical
input: the message gives the file and line); with ``--strict`` also 1 when
a declared violation was not found; 2 on a usage error (a bad flag value,
named in a one-line message, or a target that cannot be found or called
with the given ``--signature``).  A bare callable
without ``--expect`` declares nothing, so its check only reports (exit 0
unless it crashes).

What a callable prints is captured while it runs (so ``--format json`` stays
one valid document) and summarised in a note of the report.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections.abc import Callable, Iterator
from typing import Any

from axiometrics.atomic import write_text
from axiometrics.checker import PROFILES, CheckSettings, MeasureSpec, check
from axiometrics.checker.callable_options import (
    SIGNATURES,
    callable_family,
)
from axiometrics.checker.settings import settings_default
from axiometrics.checker.verdicts import CheckReport
from axiometrics.claims import registered_claims
from axiometrics.cli.arguments import BOUND_HELP, add_database_arguments, database_from_args
from axiometrics.cli.callable_arguments import (
    add_callable_arguments,
    add_precision_arguments,
    callable_options,
    given_callable_flags,
    parse_expect,
    precision_options,
)
from axiometrics.errors import AxiometricsError, InvalidParameterError
from axiometrics.loading import load_callable, split_target
from axiometrics.registry import default_registry
from axiometrics.suggest import closest

__all__ = ["add_parser", "load_callable", "parse_expect", "run_check"]


def add_parser(subparsers: Any) -> None:
    """Register the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="check a measure's claims with generated adversarial inputs",
        description="Check every claim of a registered measure (NAME) or of a new measure "
        "defined in a file or module (MODULE:CALLABLE), print each verdict with its "
        "counterexample, and compare with the declarations.",
    )
    parser.add_argument(
        "target",
        help="a registered measure name, or MODULE:CALLABLE (MODULE: a .py path or module)",
    )
    parser.add_argument(
        "--family",
        help="family of a callable: oc or nominal (confusion matrices or label vectors), oq "
        "(distributions), scored ((y_true, y_score) vectors), or a plugin family",
    )
    parser.add_argument(
        "--signature",
        help="how to call a callable: matrix (oc and nominal default), matrix.T, gold,system, "
        "system,gold (oq default), gold,scores (scored default), scores,gold",
    )
    parser.add_argument(
        "--lower-is-better",
        action="store_true",
        help="the callable is an error (lower scores are better)",
    )
    add_callable_arguments(parser)
    add_precision_arguments(parser)
    parser.add_argument("--claims", metavar="NAME,...", help="check only these claims")
    profile = settings_default("profile")
    parser.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default=profile,
        help=f"settings profile (default: {profile})",
    )
    parser.add_argument("--seed", type=int, help="Hypothesis seed (default: 0 under ci)")
    parser.add_argument("--max-examples", type=int, help="cases per claim (overrides the profile)")
    parser.add_argument(
        "--bound",
        type=int,
        help=BOUND_HELP,
    )
    add_database_arguments(parser)
    parser.add_argument(
        "--spacing",
        choices=("equidistant", "arbitrary"),
        help="class values of the claims other than ordinal invariance (default: each "
        "claim's own, equidistant)",
    )
    parser.add_argument(
        "--no-variants",
        action="store_true",
        help="skip the variants (without preconditions, arbitrary spacing)",
    )
    parser.add_argument(
        "--strict", action="store_true", help="also fail when a declared violation is not found"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE")
    parser.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="no progress bar (shown on standard error when it is a terminal)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="one line per claim checked on standard error, terminal or not (CI logs)",
    )
    parser.set_defaults(func=run_check)


def _report_json(report: CheckReport) -> str:
    payload = {
        "measure": report.measure,
        "family": report.family,
        "kind": report.kind,
        "profile": report.profile,
        "seed": report.seed,
        "tolerance": report.tolerance,
        "failed": report.failed,
        "failures": list(report.failures),
        "notes": list(report.notes),
        "verdicts": report.to_records(),
        "weakest_preconditions": {
            r.claim: list(r.weakest_preconditions)
            for r in report.results
            if r.weakest_preconditions is not None
        },
    }
    return json.dumps(payload, indent=2, default=str) + "\n"


class _UsageError(Exception):
    """A bad flag value: reported on one line with exit status 2."""


def _validate(args: argparse.Namespace, is_callable: bool) -> dict[str, Any]:
    """Check every flag value before any work; raise :class:`_UsageError` naming the flag."""
    if args.seed is not None and args.seed < 0:
        raise _UsageError(f"--seed {args.seed}: expected an integer >= 0")
    if args.max_examples is not None and args.max_examples < 1:
        raise _UsageError(f"--max-examples {args.max_examples}: expected an integer >= 1")
    if args.bound is not None and args.bound < 0:
        raise _UsageError(f"--bound {args.bound}: expected an integer >= 0 (0: no bounded pass)")
    if not math.isfinite(args.call_timeout) or args.call_timeout < 0:
        raise _UsageError(
            f"--call-timeout {args.call_timeout:g}: expected seconds > 0 (0 for no limit)"
        )
    claims = [c.strip() for c in args.claims.split(",")] if args.claims is not None else None
    if claims is not None:
        default_registry()  # the plugins register their families' claims
        known = [c.name for c in registered_claims()]
        for name in claims:
            if name not in known:
                near = closest(name, known)
                hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                raise _UsageError(f"--claims: unknown claim {name!r}{hint}")
    out: dict[str, Any] = {"claims": claims}
    try:
        out.update(precision_options(args))
    except InvalidParameterError as exc:
        raise _UsageError(str(exc)) from None
    if not is_callable:
        named = {"--family": args.family, "--signature": args.signature}
        given = [flag for flag, value in named.items() if value is not None]
        callable_flags = given_callable_flags(args)
        given += [flag for flag in callable_flags if flag != "--real-labels"]
        if args.lower_is_better:
            given.append("--lower-is-better")
        if "--real-labels" in callable_flags:
            given.append("--real-labels")
        if given:
            raise _UsageError(
                f"{', '.join(given)} apply to MODULE:CALLABLE targets only; a registered measure "
                "brings its own family, direction and declarations"
            )
        return out
    if args.family is None:
        raise _UsageError(
            f"--family is required for a callable ({args.target!r}): one of "
            f"{', '.join(sorted(SIGNATURES))} (oc or nominal: confusion matrix or label vectors; "
            "oq: distributions; scored: (y_true, y_score) vectors)"
        )
    try:
        args.family = callable_family(args.family).name
    except AxiometricsError as exc:
        raise _UsageError(f"--family: {exc}") from None
    if args.signature is not None:
        accepted = SIGNATURES[args.family]
        if args.signature.replace(" ", "") not in accepted:
            near = closest(args.signature.replace(" ", ""), list(accepted))
            hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
            raise _UsageError(
                f"--signature {args.signature!r}: family {args.family} callables take one of "
                f"{', '.join(accepted)}{hint}"
            )
    try:
        out.update(callable_options(args, args.family))
    except InvalidParameterError as exc:
        raise _UsageError(str(exc)) from None
    return out


def _claim_lines(done: int, total: int, result: Any) -> None:
    """``--progress``: one line per claim checked, for logs where no bar is drawn."""
    if result is None:
        print(f"checking {total} claim(s)", file=sys.stderr, flush=True)
        return
    summary = result.verdict.summary()
    print(f"[{done}/{total}] {result.claim}: {summary}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def _claims_bar(*, enabled: bool) -> Iterator[Callable[[int, int, Any], None] | None]:
    """A progress bar over the claims on standard error (``None`` when disabled)."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm

    with tqdm(
        desc="checking claims", unit="claim", file=sys.stderr, leave=False, mininterval=0
    ) as bar:

        def advance(done: int, total: int, result: Any) -> None:
            bar.total = total
            if result is not None:
                bar.set_postfix_str(result.claim, refresh=False)
            bar.update(done - bar.n)
            bar.refresh()

        yield advance


def run_check(args: argparse.Namespace) -> int:
    """Run the check; return the exit status (see the module docstring)."""
    is_callable = split_target(args.target) is not None
    try:
        flags = _validate(args, is_callable)
    except _UsageError as exc:
        print(f"axiometrics check: error: {exc}", file=sys.stderr)
        return 2
    options = None
    if args.spacing:
        default_registry()  # the plugins' claims take the spacing too
        options = {
            c.name: {"spacing": args.spacing}
            for c in registered_claims()
            if c.name != "ordinal_invariance"
        }
    settings = CheckSettings(
        profile=args.profile,
        seed=args.seed,
        max_examples=args.max_examples,
        bound=args.bound,
        variants=not args.no_variants,
        options=options,
        strict=args.strict,
        database=database_from_args(args),
    )
    if not is_callable:
        spec = MeasureSpec(args.target, dtype=flags["dtype"], tolerance=flags["tolerance"])
    else:
        described = {k: v for k, v in flags.items() if k != "claims"}
        spec = MeasureSpec(
            load_callable(args.target),
            family=args.family,
            signature=args.signature,
            higher_is_better=not args.lower_is_better,
            **described,
        )
    if args.progress and args.quiet:
        print("axiometrics check: error: --progress and --quiet: give one", file=sys.stderr)
        return 2
    if args.progress:
        report = check(spec, flags["claims"], settings=settings, progress=_claim_lines)
    else:
        with _claims_bar(enabled=not args.quiet and sys.stderr.isatty()) as progress:
            report = check(spec, flags["claims"], settings=settings, progress=progress)
    text = _report_json(report) if args.format == "json" else report.render() + "\n"
    if args.output:
        write_text(args.output, text)
    else:
        sys.stdout.write(text)
    return 1 if report.failed else 0
