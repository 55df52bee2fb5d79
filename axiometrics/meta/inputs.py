"""Reading meta-evaluation inputs from files.

Formats
-------
SemEval-2016/2017 Task 4 subtask C (ordinal classification)
    ``id<TAB>topic<TAB>label`` per line, labels ``-2 .. 2``; one gold file
    and one file per run (a run may also omit the topic: ``id<TAB>label``).
SemEval-2016/2017 Task 4 subtask E (ordinal quantification)
    ``topic<TAB>p(-2)<TAB>p(-1)<TAB>p(0)<TAB>p(1)<TAB>p(2)`` per line; one
    gold file and one file per run.
Score matrices
    a long CSV (or TSV) with columns ``topic, system, measure, score`` and
    optionally ``higher_is_better``; JSON (a list of such rows, or an
    object whose ``rows`` are); Parquet with the same columns when the
    optional dependency ``pyarrow`` is installed.  The output of
    ``axiometrics score --format csv|json`` is read as is (its per-system
    ``aggregate`` rows are skipped; see ``docs/cli.md``).

Fields are tab-separated (comma-separated when the first line has no tab);
blank lines are ignored; a first line whose first cell is ``id`` or
``topic`` is a header.  Run names are the file names without their
extension.

The label and distribution files are read by the shared readers of
:mod:`axiometrics.io` (the ``score`` command uses the same ones); this
module gives them the SemEval defaults (the scale ``-2 .. 2``, topics
required in gold label files) and the meta-evaluation's requirement of at
least 2 systems and 2 topics.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

import pandas as pd

from axiometrics import io
from axiometrics.distributions import SUM_TOLERANCE
from axiometrics.io import SEMEVAL_SCALE, read_label_file, run_names
from axiometrics.io.load import RunFiles
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.runs import DistributionRuns, LabelRuns, check_counts
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.registry import Registry
from axiometrics.scale import ClassScale

__all__ = [
    "SEMEVAL_SCALE",
    "read_distribution_file",
    "read_distribution_runs",
    "read_label_file",
    "read_label_runs",
    "read_score_file",
    "run_names",
]


def read_distribution_file(
    path: str | Path, *, scale: ClassScale | Sequence[Hashable] = SEMEVAL_SCALE
) -> pd.DataFrame:
    """Read a SemEval subtask E style distribution file (classes ``-2 .. 2`` by default).

    See :func:`axiometrics.io.read_distribution_file`; returns a ``topic``
    column and one column per class label of ``scale``.
    """
    return io.read_distribution_file(path, scale=scale)


def read_label_runs(
    gold: str | Path,
    runs: RunFiles,
    *,
    scale: ClassScale | Sequence[Hashable] = SEMEVAL_SCALE,
) -> LabelRuns:
    """Read a SemEval subtask C gold file and run files into :class:`LabelRuns`.

    ``runs`` is a list of paths (named after the files) or a mapping name ->
    path.  The gold file must have topics; at least 2 runs and 2 topics are
    needed.

    Raises
    ------
    MetaInputError
        A file problem (file and line named), a run not labelling exactly
        the gold items, fewer than 2 runs or topics.
    UnknownLabelError
        A label outside ``scale`` (the run is named).
    """
    loaded = io.read_label_runs(gold, runs, scale=scale, require_topic=True)
    check_counts(loaded.topics, loaded.systems)
    return loaded


def read_distribution_runs(
    gold: str | Path,
    runs: RunFiles,
    *,
    scale: ClassScale | Sequence[Hashable] = SEMEVAL_SCALE,
    tol: float = SUM_TOLERANCE,
) -> DistributionRuns:
    """Read a SemEval subtask E gold file and run files into :class:`DistributionRuns`.

    Raises
    ------
    MetaInputError
        A file problem (file and line named), a run not estimating exactly
        the gold topics, invalid probabilities (run and topic named), fewer
        than 2 runs or topics.
    """
    loaded = io.read_distribution_runs(gold, runs, scale=scale, tol=tol)
    check_counts(loaded.topics, loaded.systems)
    return loaded


def read_score_file(
    path: str | Path,
    *,
    higher_is_better: Mapping[str, bool] | None = None,
    registry: Registry | None = None,
) -> ScoreMatrices:
    """Read long-format score matrices from CSV, TSV, JSON or Parquet.

    The output of ``axiometrics score --format csv`` or ``--format json``
    is accepted as is (see :meth:`ScoreMatrices.from_frame`).

    Raises
    ------
    MetaInputError
        Missing file, unreadable contents, or invalid score matrices (see
        :meth:`ScoreMatrices.from_frame`).
    MissingDependencyError
        For a ``.parquet`` file when pyarrow is not installed.
    """
    from axiometrics.io.score_tables import LongScores, read_table

    # One reader for every long score file: cells checked one by one, each error naming the
    # file and line; a repeated column is refused, never renamed to "A.1".
    scores = LongScores.from_table(read_table(path)).select()
    directions = {**scores.higher_is_better, **(higher_is_better or {})}
    try:
        return ScoreMatrices.from_frame(
            scores.frame, higher_is_better=directions, registry=registry
        )
    except MetaInputError as exc:
        raise MetaInputError(f"path={str(path)!r}: {exc}") from None
