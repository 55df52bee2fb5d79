"""``axiometrics score``: score system outputs against gold with chosen measures.

Inputs: gold and system label files (OC; ``id, [topic,] label`` rows, e.g.
SemEval-2016/2017 Task 4 subtask C; the same files with ``--family
nominal`` for the nominal measures, whose labels need no order), gold and
system distribution files (OQ;
``topic, p_1 .. p_C`` rows, e.g. subtask E), a confusion-matrix CSV, or
score run files (``scored``; ``id, score`` rows) with a binary gold file
(``id, [topic,] label`` rows, labels 1/0), aligned by item id, or
plain-text reference and hypothesis files (``generation``; one segment per
line, ``--gold REF...`` with one file per reference stream; one topic, so
each system gets its corpus score).  With topics, each system is scored per
topic and the scores are averaged over topics (as the shared tasks rank
systems): over the topics where the measure is defined, with their count
shown.  ``--format csv``/``json``
write the long format of :mod:`axiometrics.cli.cells`, which ``axiometrics
meta --scores`` reads back.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.cli.arguments import flagged
from axiometrics.cli.cells import (
    DEFINED,
    LONG_COLUMNS,
    MeasureCells,
    long_frame,
    score_cells,
    table_cell,
)
from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.cli.run_files import (
    add_run_family_option,
    gold_paths,
    parse_scale_option,
    run_family,
)
from axiometrics.errors import InvalidInputError, InvalidParameterError, UnknownMeasureError
from axiometrics.family import get_family, registered_families
from axiometrics.io import DistributionRuns, LabelRuns, read_confusion_matrix
from axiometrics.io.rows import parse_number
from axiometrics.io.runs import MATRIX_INPUTS, SystemRuns
from axiometrics.registry import Scorer, default_registry
from axiometrics.scale import ClassScale

__all__ = [
    "LONG_COLUMNS",
    "add_parser",
    "emit_scores",
    "read_runs",
    "resolve_measures",
    "score_batched_runs",
    "score_matrix_file",
    "score_runs_cells",
    "score_scored_runs",
    "score_table",
    "wide_table",
]


def add_parser(subparsers: Any) -> None:
    """Register the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="score system files against a gold file",
        description=(
            "Score one or more system runs against gold with chosen measures. OC: label files "
            "with rows 'id<TAB>label' or 'id<TAB>topic<TAB>label' (SemEval Task 4 subtask C), or "
            "a confusion-matrix CSV. nominal: the same files, scored by the nominal measures; "
            "the labels need no order (pos, neg, neutral). OQ: distribution files with rows "
            "'topic<TAB>p_1..p_C' "
            "(subtask E). scored: run files with rows 'id<TAB>score' and a binary gold file "
            "'id<TAB>[topic<TAB>]label' (labels 1/0), aligned by id. generation: plain-text "
            "files, one segment per line: --gold REF [REF ...] (one file per reference) and one "
            "--system file of hypotheses per system; each system's corpus score. With topics, "
            "scores are per "
            "topic and averaged over the topics where the measure is defined. csv/json output: "
            "one long table (topic, system, measure, score, status, ...) that "
            "`axiometrics meta --scores` reads."
        ),
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--gold",
        metavar="FILE",
        nargs="+",
        help="gold label, distribution or binary label file; generation: one or more "
        "reference files (one reference per segment each)",
    )
    source.add_argument(
        "--matrix", metavar="FILE", help="confusion-matrix CSV (header = gold labels)"
    )
    parser.add_argument(
        "--system",
        metavar="FILE",
        action="append",
        default=[],
        help="system run file (repeat for several runs)",
    )
    add_run_family_option(parser, reads="--gold/--system files (or --matrix)")
    parser.add_argument(
        "--measures",
        metavar="NAMES",
        help="comma-separated measure names (default: every measure of the family); "
        "parameters as name(key=value)",
    )
    parser.add_argument(
        "--scale",
        metavar="LABELS",
        help="comma-separated class labels in order, e.g. -2,-1,0,1,2 (recommended: classes may "
        "be empty in the data); default: the sorted labels seen, which must then be numbers "
        "(nominal: any labels, numbers first, then text alphabetically)",
    )
    parser.add_argument(
        "--values", metavar="NUMBERS", help="comma-separated class values (default 0..C-1)"
    )
    parser.add_argument(
        "--rows",
        choices=("system", "gold"),
        default="system",
        help="for --matrix: whether rows are system (default) or gold classes",
    )
    parser.add_argument(
        "--per-topic",
        action="store_true",
        help="table format: also print the score of every topic (csv/json always hold them)",
    )
    parser.add_argument(
        "--on-undefined",
        default=None,
        metavar="raise|NUMBER",
        help="where a measure is undefined: by default the cell is marked undefined and means "
        "are over the defined topics; 'raise' stops with an error; a finite NUMBER fills the cell",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run_score)


def _split_list(text: str | None, option: str) -> list[str] | None:
    if text is None:
        return None
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise InvalidParameterError(f"{option}: expected a comma-separated list (got {text!r})")
    return items


def _parse_scale(text: str | None) -> ClassScale | None:
    return None if text is None else parse_scale_option(text)


def _parse_values(text: str | None) -> list[float] | None:
    items = _split_list(text, "--values")
    if items is None:
        return None
    values = [parse_number(v) for v in items]
    if not all(v is not None and math.isfinite(v) for v in values):
        raise InvalidParameterError(f"--values must be finite numbers (got {text!r})")
    return [float(v) for v in values if v is not None]


def _on_undefined(text: str | None) -> str | float:
    """``--on-undefined``: absent (mark undefined cells), ``raise``, or a finite number."""
    if text is None:
        return "mark"
    if text == "raise":
        return text
    parsed = parse_number(text.strip())
    number = math.nan if parsed is None else parsed
    if not math.isfinite(number):
        raise InvalidParameterError(
            f"--on-undefined must be 'raise' or a finite number (got {text!r})"
        )
    return number


def resolve_measures(names: Sequence[str] | None, family: str) -> list[Scorer]:
    """Scorers for ``names`` (default: all of ``family``); names of another family are an error.

    A measure of several families (accuracy is an ``oc`` and a ``nominal``
    measure) belongs to each of them.  Errors name the ``--measures`` flag.
    """
    registry = default_registry()
    if names is None:
        return registry.scorers(family)
    try:
        scorers = [registry.get(n) for n in names]
    except (UnknownMeasureError, InvalidParameterError) as exc:
        raise flagged("--measures", exc) from None
    wrong = [s.name for s in scorers if not s.measure.belongs_to(family)]
    if wrong:
        raise InvalidInputError(
            f"--measures: measures {wrong!r} are not of family={family!r}; pick {family} "
            "measures or change --family"
        )
    shown = [str(s.measure) for s in scorers]
    repeated = sorted({n for n in shown if shown.count(n) > 1})
    if repeated:
        raise InvalidParameterError(f"--measures: {repeated[0]!r} is given twice; name it once")
    return scorers


def read_runs(
    family: str,
    gold_path: str | Path | tuple[str, ...],
    system_paths: Sequence[str | Path],
    *,
    scale: ClassScale | None = None,
) -> LabelRuns | DistributionRuns:
    """Read gold and system files with the family's reader (:attr:`Family.read_runs`).

    Label files (``oc``, ``nominal``) or distribution files (``oq``).
    Systems are named after their files (without extension).  A label gold
    file without topics is one topic named ``""``.  Nominal labels need no
    order (see :func:`axiometrics.io.rows.nominal_order`).  See
    :func:`axiometrics.io.read_label_runs` and
    :func:`axiometrics.io.read_distribution_runs`.
    """
    reader = get_family(family).read_runs
    if reader is None:
        raise InvalidParameterError(f"--family {family}: the family reads no run files")
    runs: LabelRuns | DistributionRuns = reader(
        gold_path, system_paths, scale=scale, scale_option="--scale"
    )
    return runs


def score_runs_cells(
    runs: LabelRuns | DistributionRuns,
    scorers: Sequence[Scorer],
    *,
    values: Any = None,
    on_undefined: str | float = "mark",
) -> list[MeasureCells]:
    """Score every system on every topic with every measure (one vectorised call each).

    See :func:`axiometrics.cli.cells.score_cells` for ``on_undefined``.
    """
    vals = runs.scale.value_array if values is None else values
    return score_cells(scorers, runs.scorer_inputs, vals, on_undefined, runs.topics, runs.systems)


def score_table(
    runs: LabelRuns | DistributionRuns,
    scorers: Sequence[Scorer],
    *,
    values: Any = None,
    on_undefined: str | float = "mark",
) -> pd.DataFrame:
    """Every (topic, system) score and every system's mean, in the long format.

    The columns are :data:`axiometrics.cli.cells.LONG_COLUMNS`; a system's
    mean is over the topics where the measure is defined (``n_defined`` of
    ``n_topics``).
    """
    cells = score_runs_cells(runs, scorers, values=values, on_undefined=on_undefined)
    return long_frame(cells, runs.topics, runs.systems)


def score_matrix_file(
    path: str,
    scorers: Sequence[Scorer],
    *,
    rows: str = "system",
    scale: ClassScale | None = None,
    values: Any = None,
    on_undefined: str | float = "mark",
    ordered: bool = True,
) -> pd.DataFrame:
    """Score a single confusion-matrix CSV; the long format with one row per measure.

    ``ordered=False`` (the nominal measures) accepts labels without an order.
    """
    matrix = read_confusion_matrix(
        path, rows=rows, scale=scale, scale_option="--scale", ordered=ordered
    )
    vals = matrix.scale.value_array if values is None else values
    name = [Path(path).stem]
    cells = score_cells(
        scorers, lambda _: (matrix.counts[None, None],), vals, on_undefined, [""], name
    )
    return long_frame(cells, [""], name)


def _batch(scores: np.ndarray, gold: np.ndarray) -> Any:
    """The scorer inputs of one topic: ``(1, S, n)`` scores and ``(1, 1, n)`` gold."""

    def inputs(_family: str) -> tuple[np.ndarray, ...]:
        return (scores[None], gold[None, None])

    return inputs


def score_batched_runs(
    runs: SystemRuns,
    scorers: Sequence[Scorer],
    *,
    on_undefined: str | float = "mark",
    explicit: bool = True,
) -> tuple[pd.DataFrame, dict[str, str]]:
    """Score runs of a family without class values that give their own (topic, system) batch.

    One vectorised call per measure on :meth:`SystemRuns.scorer_inputs
    <axiometrics.io.runs.SystemRuns.scorer_inputs>`, without class values.
    A measure that refuses the runs raises when it was asked for
    (``explicit``); from the default set it is left out and the returned
    notes say why.

    Returns
    -------
    tuple
        The long frame (:data:`LONG_COLUMNS`) and notes ``{"skipped <measure>": reason}``.
    """
    notes: dict[str, str] = {}
    cells: list[MeasureCells] = []
    for scorer in scorers:
        try:
            cells += score_cells(
                [scorer], runs.scorer_inputs, None, on_undefined, runs.topics, runs.systems
            )
        except InvalidInputError as exc:
            if explicit:
                raise InvalidInputError(f"measure={str(scorer.measure)!r}: {exc}") from exc
            notes[f"skipped {scorer.measure}"] = str(exc)
    return long_frame(cells, list(runs.topics), list(runs.systems)), notes


def score_scored_runs(
    gold_path: str | Path | tuple[str, ...],
    system_paths: Sequence[str | Path],
    scorers: Sequence[Scorer],
    *,
    on_undefined: str | float = "mark",
    explicit: bool = True,
) -> tuple[pd.DataFrame, dict[str, str]]:
    """Score ``id<TAB>score`` runs against a binary gold file, per topic, in the long format.

    ``gold_path`` is one gold file, or several for a family that reads
    several (:attr:`~axiometrics.family.Family.gold_files`).
    Topics hold different numbers of items, so each topic is one
    vectorised call over the systems ``(S, n_t)``.  A measure that refuses
    the scores (log loss and Brier take probabilities in ``[0, 1]`` only)
    raises when it was asked for (``explicit``); from the default set it is
    left out and the returned notes say why.

    Returns
    -------
    tuple
        The long frame (:data:`LONG_COLUMNS`) and notes ``{"skipped <measure>": reason}``.
        Runs that give their own (topic, system) batch (a
        :class:`~axiometrics.io.runs.SystemRuns`) are scored by
        :func:`score_batched_runs`.
    """
    reader = get_family(scorers[0].measure.family).read_runs if scorers else None
    if reader is None:
        raise InvalidParameterError("no measure to score, or its family reads no run files")
    runs = reader(gold_path, system_paths)
    if isinstance(runs, SystemRuns):
        return score_batched_runs(runs, scorers, on_undefined=on_undefined, explicit=explicit)
    notes: dict[str, str] = {}
    kept: list[Scorer] = []
    per_topic: list[list[MeasureCells]] = []
    for scorer in scorers:
        try:
            cells = [
                score_cells(
                    [scorer], _batch(scores, gold), None, on_undefined, [topic], runs.systems
                )[0]
                for topic, scores, gold in zip(runs.topics, runs.scores, runs.gold, strict=True)
            ]
        except InvalidInputError as exc:
            outside = [
                name
                for s, name in enumerate(runs.systems)
                if any(np.any((x[s] < 0) | (x[s] > 1)) for x in runs.scores)
            ]
            reason = (
                f"runs {outside!r} have scores outside [0, 1] and {scorer.measure} takes "
                "probabilities only"
                if outside
                else str(exc)
            )
            if explicit:
                raise InvalidInputError(f"measure={str(scorer.measure)!r}: {reason}") from exc
            notes[f"skipped {scorer.measure}"] = reason
            continue
        kept.append(scorer)
        per_topic.append(cells)
    merged = [
        MeasureCells(
            cells[0].measure,
            cells[0].higher_is_better,
            np.concatenate([c.scores for c in cells]),
            np.concatenate([c.undefined for c in cells]),
            next((c.reason for c in cells if c.reason), ""),
            sum(c.filled for c in cells),
        )
        for cells in per_topic
    ]
    return long_frame(merged, list(runs.topics), list(runs.systems)), notes


def wide_table(frame: pd.DataFrame, *, per_topic: bool = False) -> pd.DataFrame:
    """The long format as a text table: one row per system, one column per measure.

    A mean over topics where some are undefined shows how many it averages,
    e.g. ``0.5000 (6/8)``; a cell with no defined value shows ``undefined``.
    """
    multi = bool((frame["aggregate"] == "mean").any())
    keep = frame if per_topic or not multi else frame[frame["aggregate"] == "mean"]
    shown = keep.assign(
        topic=np.where(keep["aggregate"] == "mean", "mean", keep["topic"].astype(str)),
        cell=[
            table_cell(v, int(d), int(n))
            for v, d, n in zip(keep["score"], keep["n_defined"], keep["n_topics"], strict=True)
        ],
    )
    measures = list(pd.unique(frame["measure"]))
    wide = shown.pivot_table(
        index=["system", "topic"], columns="measure", values="cell", aggfunc="first", sort=False
    )
    return wide.reindex(columns=measures).reset_index().rename_axis(columns=None)


def undefined_notes(frame: pd.DataFrame) -> dict[str, str]:
    """``undefined <measure>`` -> why and where, for the measures with undefined cells."""
    cells = frame[(frame["aggregate"] == "") & (frame["status"] != DEFINED)]
    notes = {}
    for measure, group in cells.groupby("measure", sort=False):
        parts = []
        for system, by_system in group.groupby("system", sort=False):
            topics = [str(t) for t in by_system["topic"]]
            shown = ", ".join(topics[:3]) + (", ..." if len(topics) > 3 else "")
            parts.append(f"system={system!r} on {len(topics)} topics ({shown})")
        reason = str(group["status"].iloc[0]).removeprefix("undefined: ")
        notes[f"undefined {measure}"] = f"{'; '.join(parts)}: {reason}"
    return notes


def emit_scores(frame: pd.DataFrame, args: argparse.Namespace, meta: dict[str, Any]) -> None:
    """Write scores: the long format for csv/json, a wide table (with notes) for ``table``."""
    if args.format == "table":
        emit(
            wide_table(frame, per_topic=getattr(args, "per_topic", False)),
            args,
            meta={**meta, **undefined_notes(frame)},
        )
    else:
        emit(frame, args, meta=meta)


def run_score(args: argparse.Namespace) -> int:
    """Run ``axiometrics score``; exit status 0 on success."""
    scale = _parse_scale(args.scale)
    values = _parse_values(args.values)
    on_undefined = _on_undefined(args.on_undefined)
    family = run_family(args.family)
    fam = get_family(family)
    if args.matrix and fam.inputs != MATRIX_INPUTS:
        fed = [f.name for f in registered_families() if f.inputs == MATRIX_INPUTS]
        raise InvalidParameterError(
            f"--matrix: a confusion matrix feeds the {' or '.join(fed)} measures (got --family "
            f"{family}); use {' or '.join(f'--family {name}' for name in fed)}"
        )
    if not fam.ordered and args.values is not None:
        raise InvalidParameterError(
            f"--values={args.values!r}: {family} measures read no class values"
        )
    gold = None if args.gold is None else gold_paths(family, args.gold)
    scorers = resolve_measures(_split_list(args.measures, "--measures"), family)
    if args.matrix or gold is None:
        if args.system:
            raise InvalidParameterError("--system cannot be combined with --matrix")
        frame = score_matrix_file(
            args.matrix,
            scorers,
            rows=args.rows,
            scale=scale,
            values=values,
            on_undefined=on_undefined,
            ordered=fam.ordered,
        )
    elif not fam.class_values:  # e.g. scored runs: topics of different sizes
        if not args.system:
            raise InvalidParameterError("--gold needs at least one --system run file")
        for option, given in (("--scale", args.scale), ("--values", args.values)):
            if given is not None:
                raise InvalidParameterError(
                    f"{option}={given!r}: {family} runs have no class scale"
                )
        explicit = args.measures is not None
        frame, notes = score_scored_runs(
            gold, args.system, scorers, on_undefined=on_undefined, explicit=explicit
        )
        emit_scores(frame, args, {"family": family, **notes})
        return 0
    else:
        if not args.system:
            raise InvalidParameterError("--gold needs at least one --system run file")
        runs = read_runs(family, gold, args.system, scale=scale)
        frame = score_table(runs, scorers, values=values, on_undefined=on_undefined)
        if not fam.ordered:
            classes = ", ".join(map(str, runs.scale.labels))
            emit_scores(frame, args, {"family": family, "classes": classes})
            return 0
    emit_scores(frame, args, {"family": family})
    return 0
