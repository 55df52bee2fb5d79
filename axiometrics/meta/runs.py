"""System outputs over topics, as the meta-evaluation needs them.

The containers themselves are data loading and live in
:mod:`axiometrics.io.runs`: :class:`LabelRuns` (per-item labels, building
the ``(T, S, C, C)`` confusion batch) and :class:`DistributionRuns`
(per-topic distributions ``(T, S, C)``).  They accept a single topic or
system; a meta-evaluation ranks systems over topics, so it needs at least
two of each, which :func:`check_counts` enforces (the meta readers call it
as soon as the files are read, and :class:`~axiometrics.meta.scores.ScoreMatrices`
on construction).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from axiometrics.io.runs import DistributionRuns, LabelRuns, check_names
from axiometrics.meta.errors import MetaInputError

__all__ = ["DistributionRuns", "LabelRuns", "check_counts"]


def check_counts(topics: Sequence[Hashable], systems: Sequence[Hashable]) -> None:
    """Require at least 2 topics and 2 systems, without repeated names.

    Raises
    ------
    MetaInputError
        Naming the offending count or the repeated names.
    """
    if len(systems) < 2:
        raise MetaInputError(
            f"a meta-evaluation needs at least 2 systems to rank (got {len(systems)}: "
            f"{list(systems)!r})"
        )
    if len(topics) < 2:
        raise MetaInputError(
            f"a meta-evaluation needs at least 2 topics (test cases) (got {len(topics)}: "
            f"{list(topics)!r})"
        )
    check_names(topics, systems)
