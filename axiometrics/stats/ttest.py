"""The paired t-test of every pair of systems.

Null hypothesis: the mean of the per-topic differences is 0 (differences
normally distributed).  ``t = dbar / (s_d / sqrt(T))`` with ``T - 1``
degrees of freedom; the p-value is ``2 P(T > |t|)`` (two-sided),
``P(T > t)`` (``alternative="greater"``: ``a`` scores higher) or
``P(T < t)`` (``"less"``), as :func:`scipy.stats.ttest_rel`, and so is the
interval (one-sided alternatives give a one-sided interval).

Zero variance: ``t = 0`` and ``p = 1`` (under every alternative) when every
difference is 0; ``t = +-inf`` when every difference is the same non-zero
number, with ``p = 0`` two-sided and on the side of the difference, 1 on
the other (SciPy returns NaN and warns in the first case).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from axiometrics.stats.choices import check_alternative
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import (
    PairedTests,
    build,
    check_alpha,
    differences,
    t_interval,
    t_p_value,
)

__all__ = ["paired_t_test"]


def paired_t_test(
    scores: Any,
    *,
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    alternative: str = "two-sided",
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
    alternative
        ``"two-sided"`` (default), ``"greater"`` (the first system of a pair
        scores higher) or ``"less"``; case-insensitive.

    Returns
    -------
    PairedTests
        ``statistic`` is t; ``method`` is ``"t distribution"``.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    t = diffs.t_statistic()
    p = np.where(diffs.all_zero, 1.0, t_p_value(t, diffs.n - 1, side))
    return build(
        "t",
        matrix,
        diffs,
        statistic=t,
        p_value=p,
        ci=t_interval(diffs, level, side),
        n_used=np.full(len(diffs.a), diffs.n),
        method="t distribution",
        alpha=level,
        alternative=side,
    )
