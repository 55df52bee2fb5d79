"""``axiometrics table``: regenerate the property table of the registered measures.

::

    axiometrics table                                  # Markdown on standard output
    axiometrics table --format html -o reports/property-table.html
    axiometrics table --measures mae_macro,cem_ord --profile thorough --jobs 2
    axiometrics table --measure my.py:my_f1 --family nominal --format latex -o table.tex

Every registered measure is checked against every claim of its family (see
``axiometrics check``); the table shows the verdicts, the declarations they
contradict, and the published verdicts (Amigó et al. 2020 Table 2, Sakai
2021 Tables 4 and 7, Sakai 2022 Table 1 and §2.3) with agreement marked and
the counterexample where the checker disagrees.  ``--measure FILE:CALLABLE``
adds the user's measure, described as ``axiometrics check`` takes it, to the
table of its ``--family`` next to the built-ins (with the weakest
preconditions discovery found for its refuted claims).  Exit status 0; 2 on
a bad option.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from axiometrics.checker import PROFILES
from axiometrics.checker.verdicts import CheckReport
from axiometrics.cli.arguments import (
    BOUND_HELP,
    add_backend_arguments,
    add_database_arguments,
    add_jobs_argument,
    backend_from_args,
    database_from_args,
    non_negative_int,
)
from axiometrics.cli.output import write_output
from axiometrics.cli.user_measure_arguments import (
    add_user_measure_arguments,
    user_measures_from_args,
)
from axiometrics.errors import InvalidParameterError
from axiometrics.property_table import FORMATS, build_property_table, render_property_table
from axiometrics.registry import default_registry

__all__ = ["add_parser", "run_table"]


def add_parser(subparsers: Any) -> None:
    """Register the ``table`` subcommand."""
    parser = subparsers.add_parser(
        "table",
        help="regenerate the property table of the registered measures",
        description="Check every registered measure against every claim of its family and "
        "write the property table with the literature's verdicts.",
    )
    parser.add_argument(
        "--format", choices=FORMATS, default="markdown", help="output format (default: markdown)"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument("--measures", metavar="NAME,...", help="only these measures")
    parser.add_argument(
        "--family",
        help="only measures of this family (e.g. oc, oq); with --measure, its family",
    )
    user = parser.add_argument_group("your measure (as axiometrics check takes it)")
    add_user_measure_arguments(user, family=False)
    parser.add_argument(
        "--profile", choices=sorted(PROFILES), default="ci", help="settings profile (default: ci)"
    )
    parser.add_argument("--seed", type=int, help="Hypothesis seed (default: 0 under ci)")
    parser.add_argument("--max-examples", type=int, help="cases per claim (overrides the profile)")
    parser.add_argument(
        "--bound",
        type=non_negative_int,
        help=BOUND_HELP,
    )
    add_jobs_argument(parser, "the claim checks")
    add_backend_arguments(parser)
    add_database_arguments(parser)
    parser.add_argument(
        "--progress", action="store_true", help="print one line per measure to standard error"
    )
    parser.set_defaults(func=run_table)


def run_table(args: argparse.Namespace) -> int:
    """Build and write the table; exit status 0."""
    names = [n.strip() for n in args.measures.split(",")] if args.measures else None
    if args.family is not None:
        in_family = default_registry().names(args.family)
        if not in_family:
            raise InvalidParameterError(f"--family {args.family!r}: no registered measures")
        names = [n for n in (names or in_family) if n in in_family]

    backend, scheduler = backend_from_args(args)
    users = user_measures_from_args(args, family_filters=True)

    def progress(report: CheckReport) -> None:
        print(f"checked {report.measure} ({report.seconds:.1f}s)", file=sys.stderr)

    table = build_property_table(
        measures=names,
        settings=args.profile,
        seed=args.seed,
        max_examples=args.max_examples,
        bound=args.bound,
        jobs=args.jobs,
        progress=progress if args.progress else None,
        database=database_from_args(args),
        backend=backend,
        scheduler=scheduler,
    )
    if users:
        table = _with_user_measures(table, users, args)
    text = render_property_table(table, args.format)
    if args.output:
        write_output(text, args.output)
        print(
            f"wrote {args.output}: {len(table.reports)} measures, "
            f"{len(table.disagreements)} disagreements with the literature, "
            f"{len(table.mismatches)} declaration mismatches ({table.seconds:.1f}s)",
            file=sys.stderr,
        )
    else:
        sys.stdout.write(text)
    return 0


def _with_user_measures(table: Any, users: list[Any], args: argparse.Namespace) -> Any:
    """The table with each user's measure checked at the table's settings, after the built-ins."""
    from dataclasses import replace

    from axiometrics.checker import check

    reports = []
    for user in users:
        report = check(
            user.spec,
            settings=args.profile,
            seed=table.seed,
            max_examples=args.max_examples,
            bound=args.bound,
            database=database_from_args(args),
        )
        if args.progress:
            print(f"checked {report.measure} ({report.seconds:.1f}s)", file=sys.stderr)
        reports.append(report)
    return replace(table, reports=(*table.reports, *reports))
