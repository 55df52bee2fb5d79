"""``axiometrics compare``: which differences between systems are significant.

Input (one of)
    ``--gold FILE --runs FILE FILE ...`` — SemEval Task 4 subtask C label
    files (``--family oc``, default) or subtask E distribution files
    (``--family oq``), read as ``axiometrics meta`` reads them and scored
    per topic with the ``--measure`` measures;
    ``--scores FILE`` — either the long format of ``axiometrics meta
    --scores`` (columns ``topic, system, measure, score``; every measure
    in the file unless ``--measure`` picks some) or a wide topic x system
    CSV/TSV: a first column of topics and one column per system (header
    row = system names; a measure named ``score``, higher is better).

Every pair of systems is tested under ``--test`` with ``--correction``
over the pairs of each measure (see :func:`axiometrics.stats.compare`).
The output has one row per (measure, pair) with means, the test
statistic, raw and corrected p-values, Cohen's d_z, Sakai's ES_E, the
``1 - alpha`` interval of the mean difference, the ``better`` system (by
the measure's direction) when the difference is significant, and a
``status`` column (``"zero variance"`` where the differences are constant:
infinite statistics or effect sizes then show as empty in CSV/JSON).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.cli.arguments import (
    comma_names,
    non_negative_int,
    open_unit_interval,
    positive_int,
)
from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.cli.run_files import read_run_files
from axiometrics.errors import InvalidParameterError
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.inputs import (
    read_score_file,
)
from axiometrics.meta.scores import LONG_COLUMNS, ScoreMatrices
from axiometrics.meta.scoring import score_runs
from axiometrics.meta.validate import unknown_name_message
from axiometrics.stats import CORRECTIONS, TESTS, Comparison, compare

__all__ = ["add_parser", "compare_systems", "read_wide_scores"]

HELP = "significance of differences between systems (paired tests, corrections, effect sizes)"

_COLUMNS = [
    "measure",
    "system_a",
    "system_b",
    "mean_a",
    "mean_b",
    "mean_diff",
    "statistic",
    "p_value",
    "p_adjusted",
    "significant",
    "better",
    "effect_size",
    "sakai_es",
    "ci_low",
    "ci_high",
    "n_used",
    "method",
    "status",
]


def add_parser(subparsers: Any) -> None:
    """Register the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare",
        help=HELP,
        description="Compare every pair of systems on per-topic scores: a paired significance "
        "test, a multiple-comparison correction, effect sizes (Cohen's d_z, Sakai's ES_E) and "
        "confidence intervals of the mean difference.",
    )
    source = parser.add_argument_group("data")
    source.add_argument("--gold", metavar="FILE", help="gold file (SemEval Task 4 C or E format)")
    source.add_argument("--runs", metavar="FILE", nargs="+", help="one file per system run")
    source.add_argument(
        "--family",
        choices=("oc", "oq"),
        default=None,
        help="oc: label files (subtask C, default); oq: distribution files (subtask E)",
    )
    source.add_argument(
        "--scale", default=None, help="comma-separated class labels in order (default: -2..2)"
    )
    source.add_argument(
        "--scores",
        metavar="FILE",
        help="long CSV/TSV/JSON/Parquet (topic,system,measure,score) or a wide topic x system CSV",
    )
    options = parser.add_argument_group("test")
    options.add_argument(
        "--measure",
        type=comma_names,
        default=None,
        help="comma-separated measure names (required with --runs; default: every measure of "
        "a long score file)",
    )
    options.add_argument("--systems", type=comma_names, default=None, help="compare only these")
    options.add_argument("--test", choices=TESTS, default="t", help="paired test (default: t)")
    options.add_argument(
        "--correction",
        choices=CORRECTIONS,
        default=None,
        help="multiple-comparison correction over the pairs (default: holm; none for tukey)",
    )
    options.add_argument(
        "--alpha", type=open_unit_interval, default=0.05, help="significance level (0.05)"
    )
    options.add_argument("--seed", type=non_negative_int, default=0, help="random seed, >= 0 (0)")
    options.add_argument(
        "--trials",
        type=positive_int,
        default=10_000,
        help="resamples of the randomisation (when not exact), bootstrap and tukey tests (10000)",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=compare_systems)


def read_wide_scores(path: str | Path) -> ScoreMatrices:
    """Read a wide topic x system file: first column topics, one column per system.

    Raises
    ------
    MetaInputError
        Missing or unreadable file, fewer than 2 systems or topics, repeated
        topics or systems, non-numeric or non-finite scores.
    """
    file = Path(path)
    if not file.is_file():
        raise MetaInputError(f"path={str(path)!r} is not an existing file")
    sep = "\t" if file.suffix.lower() == ".tsv" else ","
    try:
        frame = pd.read_csv(file, sep=sep, dtype={0: str})
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise MetaInputError(f"path={str(path)!r} is not a readable CSV file ({exc})") from None
    if frame.shape[1] < 3:
        raise MetaInputError(
            f"path={str(path)!r}: a wide score file needs a topic column and at least 2 system "
            f"columns (got columns {list(frame.columns)!r})"
        )
    topic_column = frame.columns[0]
    long = frame.melt(id_vars=[topic_column], var_name="system", value_name="score").rename(
        columns={topic_column: "topic"}
    )
    long["measure"] = "score"
    try:
        return ScoreMatrices.from_frame(long, higher_is_better={"score": True})
    except MetaInputError as exc:
        raise MetaInputError(f"path={str(path)!r}: {exc}") from None


def _is_long(path: str) -> bool:
    """Whether a score file is in the long format (has topic, system, measure, score columns)."""
    file = Path(path)
    if file.suffix.lower() in (".json", ".parquet", ".pq"):
        return True
    if not file.is_file():
        raise MetaInputError(f"path={path!r} is not an existing file")
    sep = "\t" if file.suffix.lower() == ".tsv" else ","
    try:
        header = pd.read_csv(file, sep=sep, nrows=0)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise MetaInputError(f"path={path!r} is not a readable CSV file ({exc})") from None
    return all(column in header.columns for column in LONG_COLUMNS)


def _load(args: argparse.Namespace) -> ScoreMatrices:
    files = args.gold is not None or args.runs is not None
    if args.scores is not None and files:
        raise InvalidParameterError("give either --scores or --gold/--runs, not both")
    if args.scores is None and not files:
        raise InvalidParameterError("give --scores FILE, or --gold FILE with --runs FILE FILE ...")
    if files and (args.gold is None or args.runs is None):
        raise InvalidParameterError("--gold and --runs go together")
    if args.scores is not None:
        if args.family is not None or args.scale is not None:
            raise InvalidParameterError("--family and --scale apply to --gold/--runs files only")
        if _is_long(args.scores):
            scores = read_score_file(args.scores)
            return scores if args.measure is None else _select(scores, args.measure)
        if args.measure is not None:
            raise InvalidParameterError(
                "--measure: a wide topic x system score file holds one unnamed measure"
            )
        return read_wide_scores(args.scores)
    if args.measure is None:
        raise InvalidParameterError("--measure: name the measure(s) to score the runs with")
    family = args.family or "oc"
    runs = read_run_files(family, args.gold, args.runs, args.scale)
    return score_runs(runs, args.measure)


def _select(scores: ScoreMatrices, measures: list[str]) -> ScoreMatrices:
    for name in measures:
        if name not in scores.measures:
            raise InvalidParameterError(f"--measure: {unknown_name_message(name, scores.measures)}")
    return scores.select(measures)


def _rows(measure: str, higher_is_better: bool, result: Comparison) -> pd.DataFrame:
    frame = result.to_frame()
    frame.insert(0, "measure", measure)
    diff = frame["mean_diff"].to_numpy() * (1.0 if higher_is_better else -1.0)
    better = np.where(diff > 0, frame["system_a"], frame["system_b"])
    frame["better"] = np.where(frame["significant"] & (diff != 0), better, "")
    frame["status"] = np.where(frame["zero_variance"], "zero variance", "ok")
    return frame[_COLUMNS]


def compare_systems(args: argparse.Namespace) -> int:
    """Run ``axiometrics compare``; exit status 0, 1 on bad data, 2 on bad usage."""
    if args.test == "tukey" and args.correction not in (None, "none"):
        raise InvalidParameterError(
            f"--correction {args.correction}: the randomised Tukey HSD test already controls the "
            "family-wise error; use --correction none"
        )
    scores = _load(args)
    frames = []
    correction = "none"
    for index, measure in enumerate(scores.measures):
        matrix = scores.matrix(measure)
        if args.systems is not None:
            missing = [s for s in args.systems if s not in matrix.columns.astype(str)]
            if missing:
                names = [str(s) for s in matrix.columns]
                raise InvalidParameterError(f"--systems: {unknown_name_message(missing[0], names)}")
            matrix.columns = matrix.columns.astype(str)
            matrix = matrix.loc[:, args.systems]
        result = compare(
            matrix,
            test=args.test,
            correction=args.correction,
            alpha=args.alpha,
            trials=args.trials,
            seed=args.seed,
        )
        correction = result.correction
        frames.append(_rows(measure, scores.higher_is_better[index], result))
    table = pd.concat(frames, ignore_index=True)
    meta = {
        "test": args.test,
        "correction": correction,
        "alpha": args.alpha,
        "seed": args.seed,
        "trials": args.trials,
        "topics": len(scores.topics),
        "systems": len(scores.systems) if args.systems is None else len(args.systems),
    }
    emit(table, args, meta=meta)
    return 0
