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

from axiometrics.io.runs import DistributionRuns, LabelRuns, check_counts

__all__ = ["DistributionRuns", "LabelRuns", "check_counts"]
