"""Data hooks of the ``oq`` family: distribution files and reference cases.

:func:`read_runs` reads distribution files (SemEval Task 4 subtask E) into
:class:`~axiometrics.io.DistributionRuns` (the
:attr:`~axiometrics.family.Family.read_runs` hook) and :func:`reference_cases`
draws the distribution pairs a differential check scores.  Heavy
dependencies are imported on call.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from axiometrics.family import LabelCollections

__all__ = ["LABEL_COLLECTIONS", "read_runs", "reference_cases"]

#: The shipped label collections, read as per-topic distributions.
LABEL_COLLECTIONS = LabelCollections(
    runs="distributions",
    synthetic_title="Synthetic OQ data (label distributions)",
    synthetic_scores="OQ measures on each system's label distribution per topic",
    real_scores="OQ measures on each fold's estimated class distribution (label counts "
    "and mean class probabilities)",
)


def read_runs(
    gold: str | Path,
    systems: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    scale: Sequence[Hashable] | None = None,
    scale_option: str = "scale",
    require_topic: bool = False,
) -> Any:
    """Read a gold distribution file and system distribution files (``topic, p_1..p_C`` rows).

    ``scale_option`` and ``require_topic`` do not apply (every row names its topic).
    """
    from axiometrics.io.load import read_distribution_runs

    return read_distribution_runs(gold, systems, scale=scale)


def reference_cases(max_count: int | None) -> Any:
    """Pairs of ``(system, gold)`` distributions, one per case (``max_count`` does not apply)."""
    from axiometrics.checker import Case

    from .strategies import distribution_pairs

    return distribution_pairs().map(lambda p: Case.single(p, names=("input",)))
