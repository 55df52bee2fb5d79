"""``axiometrics report``: the property-and-stability report, the project's main job.

::

    axiometrics report                                   # everything, into reports/
    axiometrics report --measure my.py:my_mae --family oc --lower-is-better
    axiometrics report --gold gold.tsv --runs run1.tsv run2.tsv --data-family oc
    axiometrics report --format json -o -                # report.json on standard output

Every registered measure (or those of ``--measures``) is checked against
every claim of its family at the chosen profile, compared with the
literature, and meta-evaluated on the embedded synthetic OC and OQ data (or
on the user's files).  A user's measure (``--measure FILE:CALLABLE``, as
``axiometrics check`` takes it) is shown beside the built-ins in every
section and highlighted.  The folder receives ``index.html``,
``counterexamples.html``, ``stability.html``, ``report.json`` and
``property-table.md``, all at once: a failure leaves the previous report
intact.  Exit status 0; 2 on a bad option (usage error); 1 on bad data, an
unknown measure, or a report that could not be written (the message says
why, and the previous report is unchanged).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from axiometrics.checker import PROFILES
from axiometrics.checker.spec import spec_default
from axiometrics.cli.arguments import (
    BOUND_HELP,
    add_backend_arguments,
    add_database_arguments,
    add_jobs_argument,
    backend_from_args,
    comma_names,
    database_from_args,
    non_negative_int,
    positive_int,
)
from axiometrics.cli.run_files import add_run_family_option, read_run_files, run_family
from axiometrics.cli.user_measure_arguments import (
    add_user_measure_arguments,
    user_measures_from_args,
)
from axiometrics.errors import InvalidParameterError

__all__ = ["DEFAULT_OUTPUT", "add_parser", "run_report"]

#: Default output folder, relative to the current directory.
DEFAULT_OUTPUT = "reports"


def add_parser(subparsers: Any) -> None:
    """Register the ``report`` subcommand."""
    parser = subparsers.add_parser(
        "report",
        help="write the HTML property-and-stability report (the main job)",
        description="Check every measure's claims, compare with the literature, meta-evaluate "
        "the measures, and write a self-contained HTML report with report.json and the "
        "Markdown property table.",
    )
    what = parser.add_argument_group("measures")
    what.add_argument(
        "--measures", type=comma_names, metavar="NAME,...", help="registered measures to include"
    )
    add_user_measure_arguments(what)
    data = parser.add_argument_group("meta-evaluation data (default: the embedded data)")
    data.add_argument(
        "--data",
        type=comma_names,
        metavar="NAME,...",
        help="embedded collections to meta-evaluate (default: all; see axiometrics.datasets)",
    )
    data.add_argument(
        "--gold",
        metavar="FILE",
        nargs="+",
        help="gold file (SemEval Task 4 C or E format); generation: one or more reference files",
    )
    data.add_argument("--runs", metavar="FILE", nargs="+", help="one file per system run")
    add_run_family_option(data, "--data-family")
    data.add_argument("--scale", help="comma-separated class labels in order (default -2..2)")
    data.add_argument(
        "--scores", metavar="FILE", help="long CSV/Parquet: topic,system,measure,score"
    )
    how = parser.add_argument_group("settings")
    how.add_argument(
        "--profile", choices=sorted(PROFILES), default="ci", help="checker profile (default: ci)"
    )
    how.add_argument(
        "--seed", type=non_negative_int, help="seed of the checker and meta-evaluation (0 under ci)"
    )
    how.add_argument(
        "--max-examples", type=positive_int, help="cases per claim (overrides the profile)"
    )
    how.add_argument(
        "--bound",
        type=non_negative_int,
        help=BOUND_HELP,
    )
    add_backend_arguments(how)
    add_database_arguments(how)
    how.add_argument("--trials", type=positive_int, default=1000, help="topic splits (1000)")
    how.add_argument("--B", type=positive_int, default=5000, help="Tukey HSD trials (5000)")
    add_jobs_argument(how, "the claim checks, the data sets' meta-evaluation and the charts")
    out = parser.add_argument_group("output")
    out.add_argument(
        "--output-dir",
        "-o",
        default=DEFAULT_OUTPUT,
        metavar="DIR",
        help="report folder (default: reports/); with --format json, '-' is standard output",
    )
    out.add_argument(
        "--format",
        choices=("html", "json"),
        default="html",
        help="html: the whole folder (default); json: report.json only",
    )
    out.add_argument("--quiet", "-q", action="store_true", help="no progress bars")
    parser.set_defaults(func=run_report)


def _datasets(args: argparse.Namespace) -> Any:
    from axiometrics.report import file_datasets
    from axiometrics.report.stability import runs_dataset

    files = args.gold is not None or args.runs is not None
    if args.scores is not None and files:
        raise InvalidParameterError("give either --scores or --gold/--runs, not both")
    if files and (args.gold is None or not args.runs):
        raise InvalidParameterError("--gold and --runs go together")
    if args.scale is not None and not files:
        raise InvalidParameterError("--scale applies to --gold/--runs files only")
    if args.data_family is not None:
        run_family(args.data_family, "--data-family")  # an unknown name is refused anyway
    if args.data is not None:
        if files or args.scores is not None:
            raise InvalidParameterError(
                "--data chooses shipped collections; drop --gold/--runs/--scores"
            )
        from axiometrics.report import default_datasets

        return default_datasets(args.data)
    if args.scores is not None:
        return file_datasets(gold=None, runs=None, scores=args.scores)
    if not files:
        return None
    family = run_family(args.data_family, "--data-family")
    data = read_run_files(family, args.gold, args.runs, args.scale, flag="--data-family")
    gold = " ".join(args.gold)
    return [runs_dataset(family, data, f"gold {gold} and {len(args.runs)} run files")]


def _command(args: argparse.Namespace) -> str:
    """The command line, rebuilt from the parsed options (for the provenance)."""
    parts = ["axiometrics", "report"]
    if args.measures:
        parts += ["--measures", ",".join(args.measures)]
    for target in args.measure:
        parts += ["--measure", target]
    if args.data:
        parts += ["--data", ",".join(args.data)]
    flags: tuple[str, ...] = ("family", "signature", "name", "optimum", "expect", "undefined")
    flags += ("gold", "data_family", "scale", "scores", "seed", "max_examples", "bound")
    if args.backend != "local":
        parts += ["--backend", args.backend]
    for flag in (*flags, "scheduler", "database", "shared_database"):
        value = getattr(args, flag)
        if isinstance(value, list):
            parts += [f"--{flag.replace('_', '-')}", *map(str, value)]
        elif value is not None:
            parts += [f"--{flag.replace('_', '-')}", str(value)]
    if args.range is not None:
        parts += ["--range", *(repr(x) for x in args.range)]
    for item in args.param:
        parts += ["--param", item]
    if args.call_timeout != spec_default("call_timeout"):
        parts += ["--call-timeout", repr(args.call_timeout)]
    if args.runs:
        parts += ["--runs", *args.runs]
    if args.lower_is_better:
        parts.append("--lower-is-better")
    if args.real_labels:
        parts.append("--real-labels")
    parts += ["--profile", args.profile, "--trials", str(args.trials), "--B", str(args.B)]
    parts += ["--jobs", str(args.jobs), "--format", args.format, "--output-dir", args.output_dir]
    return shlex.join(parts)


def run_report(args: argparse.Namespace) -> int:
    """Build the report and write it; exit status 0 (errors raise; see the module docstring)."""
    from axiometrics.parallel import Tasks
    from axiometrics.report import (
        MetaSettings,
        ReportSettings,
        build_report,
        render_files,
        report_json,
        write_report,
    )

    if args.format != "json" and args.output_dir == "-":
        raise InvalidParameterError("--output-dir - (standard output) needs --format json")
    backend, scheduler = backend_from_args(args)
    users = user_measures_from_args(args)
    datasets = _datasets(args)
    show = not args.quiet and sys.stderr.isatty()
    # One dask cluster, when one is started for the run, checks, meta-evaluates and draws.
    with Tasks(jobs=args.jobs, backend=backend, scheduler=scheduler).opened() as tasks:
        settings = ReportSettings(
            measures=args.measures,
            user_measures=users,
            datasets=datasets,
            profile=args.profile,
            seed=args.seed,
            max_examples=args.max_examples,
            bound=args.bound,
            meta=MetaSettings(seed=args.seed or 0, trials=args.trials, B=args.B),
            jobs=args.jobs,
            progress=show,
            command=_command(args),
            database=database_from_args(args),
            backend=tasks.backend,
            scheduler=tasks.scheduler,
        )
        report = build_report(settings)
        if args.format == "json":
            text = report_json(report.model)
            if args.output_dir == "-":
                sys.stdout.write(text)
                return 0
            files = {"report.json": text}
        else:
            files = render_files(
                report, jobs=args.jobs, backend=tasks.backend, scheduler=tasks.scheduler
            )
    written = write_report(args.output_dir, files)
    main = Path(args.output_dir) / ("index.html" if args.format == "html" else "report.json")
    summary = report.model["summary"]
    print(
        f"checked {summary['measures']} measures ({summary['refuted']} claims refuted, "
        f"{summary['examples']} counterexamples), meta-evaluated on "
        f"{summary['meta']['datasets']} data set(s){_skipped(summary)}; wrote {len(written)} files",
        file=sys.stderr,
    )
    print(f"report written to {main.resolve()}")
    return 0


def _skipped(summary: dict[str, Any]) -> str:
    """`` (N skipped: ...)`` when data sets were skipped (see stability.html), else nothing."""
    skipped = len(summary["datasets"]) - summary["meta"]["datasets"]
    return f" ({skipped} skipped: fewer than two measures take their inputs)" if skipped else ""
