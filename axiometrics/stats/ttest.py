"""The paired t-test of every pair of systems.

Null hypothesis: the mean of the per-topic differences is 0 (differences
normally distributed).  ``t = dbar / (s_d / sqrt(T))`` with ``T - 1``
degrees of freedom; the p-value is two-sided, ``2 P(T > |t|)``, as
:func:`scipy.stats.ttest_rel`.

Zero variance: ``t = 0`` and ``p = 1`` when every difference is 0;
``t = +-inf`` and ``p = 0`` when every difference is the same non-zero
number (SciPy returns NaN and warns in the first case).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.tails import t_sf

__all__ = ["paired_t_test"]


def paired_t_test(
    scores: Any, *, alpha: float = 0.05, systems: Sequence[Hashable] | None = None
) -> PairedTests:
    """Paired t-test of every pair of systems.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    alpha
        The intervals have confidence ``1 - alpha``.
    systems
        Compare only these systems (by label).

    Returns
    -------
    PairedTests
        ``statistic`` is t; ``method`` is ``"t distribution"``.
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    n = diffs.n
    t = _t_statistic(diffs.mean, diffs.sd, diffs.zero_variance, diffs.tol, n)
    p = np.where(np.isinf(t), 0.0, 2.0 * t_sf(np.abs(t), n - 1))
    return build(
        "t",
        matrix,
        diffs,
        statistic=t,
        p_value=p,
        ci=t_interval(diffs, level),
        n_used=np.full(len(diffs.a), n),
        method="t distribution",
        alpha=level,
    )


def _t_statistic(
    mean: np.ndarray, sd: np.ndarray, zero_variance: np.ndarray, tol: np.ndarray, n: int
) -> np.ndarray:
    """``dbar / (s_d / sqrt(n))``, 0 or ``+-inf`` where the variance is zero."""
    safe = np.where(zero_variance, 1.0, sd)
    t = mean / (safe / np.sqrt(n))
    flat = np.where(np.abs(mean) <= tol, 0.0, np.copysign(np.inf, mean))
    return np.where(zero_variance, flat, t)
