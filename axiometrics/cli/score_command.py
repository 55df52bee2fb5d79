"""``axiometrics score``: score system outputs against gold with chosen measures.

Inputs: gold and system label files (OC; ``id, [topic,] label`` rows, e.g.
SemEval-2016/2017 Task 4 subtask C), gold and system distribution files (OQ;
``topic, p_1 .. p_C`` rows, e.g. subtask E), or a confusion-matrix CSV.
With topics, each system is scored per topic and the scores are averaged
over topics (as the shared tasks rank systems).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.errors import InvalidInputError, UndefinedMeasureError
from axiometrics.io import (
    DistributionRuns,
    LabelRuns,
    parse_label,
    read_confusion_matrix,
    read_distribution_runs,
    read_label_runs,
)
from axiometrics.registry import Scorer, default_registry
from axiometrics.scale import ClassScale

__all__ = [
    "add_parser",
    "read_runs",
    "resolve_measures",
    "score_matrix_file",
    "score_table",
]


def add_parser(subparsers: Any) -> None:
    """Register the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="score system files against a gold file",
        description=(
            "Score one or more system runs against gold with chosen measures. OC: label files "
            "with rows 'id<TAB>label' or 'id<TAB>topic<TAB>label' (SemEval Task 4 subtask C), or "
            "a confusion-matrix CSV. OQ: distribution files with rows 'topic<TAB>p_1..p_C' "
            "(subtask E). With topics, scores are per topic and averaged over topics."
        ),
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--gold", metavar="FILE", help="gold label or distribution file")
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
    parser.add_argument(
        "--family",
        choices=("oc", "oq"),
        default="oc",
        help="oc: label files; oq: distribution files (default: oc)",
    )
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
        "be empty in the data); default: the sorted labels seen",
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
        "--per-topic", action="store_true", help="also print the score of every topic"
    )
    parser.add_argument(
        "--on-undefined",
        default="raise",
        metavar="raise|NUMBER",
        help="where a measure is undefined: stop with an error (default) or use NUMBER",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run_score)


def _split_list(text: str | None) -> list[str] | None:
    if text is None:
        return None
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise InvalidInputError(f"expected a comma-separated list (got {text!r})")
    return items


def _parse_scale(text: str | None) -> ClassScale | None:
    items = _split_list(text)
    if items is None:
        return None
    return ClassScale([parse_label(item) for item in items])


def _parse_values(text: str | None) -> list[float] | None:
    items = _split_list(text)
    if items is None:
        return None
    try:
        return [float(v) for v in items]
    except ValueError:
        raise InvalidInputError(f"--values must be numbers (got {text!r})") from None


def _on_undefined(text: str) -> str | float:
    if text == "raise":
        return text
    try:
        return float(text)
    except ValueError:
        raise InvalidInputError(
            f"--on-undefined must be 'raise' or a number (got {text!r})"
        ) from None


def resolve_measures(names: Sequence[str] | None, family: str) -> list[Scorer]:
    """Scorers for ``names`` (default: all of ``family``); names of another family are an error."""
    registry = default_registry()
    if names is None:
        return registry.scorers(family)
    scorers = [registry.get(n) for n in names]
    wrong = [s.name for s in scorers if s.measure.family != family]
    if wrong:
        raise InvalidInputError(
            f"measures {wrong!r} are not of family={family!r}; pick {family} measures or "
            "change --family"
        )
    return scorers


def _score_batch(
    scorers: Sequence[Scorer],
    inputs: Callable[[str], tuple[np.ndarray, ...]],
    values: Any,
    on_undefined: str | float,
    topics: Sequence[Hashable],
    systems: Sequence[Hashable],
) -> dict[str, np.ndarray]:
    """Score a (topic, system) batch with every measure: one vectorised call each."""
    out: dict[str, np.ndarray] = {}
    for scorer in scorers:
        try:
            out[str(scorer.measure)] = np.asarray(
                scorer(*inputs(scorer.measure.family), values=values, on_undefined=on_undefined),
                dtype=float,
            )
        except UndefinedMeasureError as exc:
            where = [f"system={systems[i[1]]!r} topic={topics[i[0]]!r}" for i in exc.indices[:3]]
            raise UndefinedMeasureError(
                exc.measure,
                [],
                f"{exc.reason} (at {'; '.join(where)}); pass --on-undefined NUMBER to fill",
            ) from None
    return out


def _table(
    scores: dict[str, np.ndarray],
    topics: Sequence[Hashable],
    systems: Sequence[Hashable],
    per_topic: bool,
) -> pd.DataFrame:
    """One row per system (score averaged over topics), after its per-topic rows if asked."""
    rows = []
    for s, system in enumerate(systems):
        if per_topic and len(topics) > 1:
            for t, topic in enumerate(topics):
                rows.append(
                    {"system": system, "topic": topic, **{m: v[t, s] for m, v in scores.items()}}
                )
        label = "mean" if len(topics) > 1 else topics[0]
        rows.append(
            {"system": system, "topic": label, **{m: v[:, s].mean() for m, v in scores.items()}}
        )
    return pd.DataFrame(rows)


def read_runs(
    family: str,
    gold_path: str | Path,
    system_paths: Sequence[str | Path],
    *,
    scale: ClassScale | None = None,
) -> LabelRuns | DistributionRuns:
    """Read gold and system files: label files (``oc``) or distribution files (``oq``).

    Systems are named after their files (without extension).  A label gold
    file without topics is one topic named ``""``.  See
    :func:`axiometrics.io.read_label_runs` and
    :func:`axiometrics.io.read_distribution_runs`.
    """
    reader = read_distribution_runs if family == "oq" else read_label_runs
    return reader(gold_path, system_paths, scale=scale)


def score_table(
    runs: LabelRuns | DistributionRuns,
    scorers: Sequence[Scorer],
    *,
    values: Any = None,
    on_undefined: str | float = "raise",
    per_topic: bool = False,
) -> pd.DataFrame:
    """Score every system on every topic; one row per system (and per topic with ``per_topic``).

    Each measure is computed in one vectorised call over the whole
    ``(topic, system)`` batch; the per-system row holds the mean over
    topics (as the shared tasks rank systems), labelled ``"mean"`` when
    there are several topics and by the topic's name otherwise.
    """
    vals = runs.scale.value_array if values is None else values
    scores = _score_batch(
        scorers, runs.scorer_inputs, vals, on_undefined, runs.topics, runs.systems
    )
    return _table(scores, runs.topics, runs.systems, per_topic)


def score_matrix_file(
    path: str,
    scorers: Sequence[Scorer],
    *,
    rows: str = "system",
    scale: ClassScale | None = None,
    values: Any = None,
    on_undefined: str | float = "raise",
) -> pd.DataFrame:
    """Score a single confusion-matrix CSV."""
    matrix = read_confusion_matrix(path, rows=rows, scale=scale)
    vals = matrix.scale.value_array if values is None else values
    name = [Path(path).stem]
    scores = _score_batch(
        scorers, lambda _: (matrix.counts[None, None],), vals, on_undefined, [""], name
    )
    return _table(scores, [""], name, False)


def run_score(args: argparse.Namespace) -> int:
    """Run ``axiometrics score``; exit status 0 on success."""
    scale = _parse_scale(args.scale)
    values = _parse_values(args.values)
    on_undefined = _on_undefined(args.on_undefined)
    family = "oc" if args.matrix else args.family
    scorers = resolve_measures(_split_list(args.measures), family)
    if args.matrix:
        if args.system:
            raise InvalidInputError("--system cannot be combined with --matrix")
        frame = score_matrix_file(
            args.matrix,
            scorers,
            rows=args.rows,
            scale=scale,
            values=values,
            on_undefined=on_undefined,
        )
    else:
        if not args.system:
            raise InvalidInputError("--gold needs at least one --system run file")
        frame = score_table(
            read_runs(family, args.gold, args.system, scale=scale),
            scorers,
            values=values,
            on_undefined=on_undefined,
            per_topic=args.per_topic,
        )
    emit(frame, args, meta={"family": family})
    return 0
