"""The sign test of every pair of systems.

Null hypothesis: on a topic where the systems differ, each is equally
likely to be the better one.  Topics with a zero difference (decided per
topic, see :mod:`axiometrics.stats.paired`) are dropped; of the ``n``
remaining, ``k`` favour system ``a``; with ``K ~ Binomial(n, 1/2)`` the
exact p-value is ``min(1, 2 min(P(K <= k), P(K >= k)))`` (two-sided),
``P(K >= k)`` (``alternative="greater"``) or ``P(K <= k)`` (``"less"``), as
:func:`scipy.stats.binomtest` with ``p = 0.5``.  The statistic is ``k``.

Zero variance: when every difference is 0 (``n = 0``), ``k = 0`` and
``p = 1`` under every alternative.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from axiometrics.stats.choices import check_alternative
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.tails import binom_cdf

__all__ = ["sign_test"]


def sign_test(
    scores: Any,
    *,
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    alternative: str = "two-sided",
) -> PairedTests:
    """Exact sign test of every pair of systems.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    alpha
        The intervals (t intervals of the mean difference) have confidence ``1 - alpha``.
    systems
        Compare only these systems (by label).
    alternative
        ``"two-sided"`` (default), ``"greater"`` (the first system of a pair
        wins more topics) or ``"less"``; case-insensitive.

    Returns
    -------
    PairedTests
        ``statistic`` is the number of topics where ``a`` scores higher;
        ``n_used`` the number of topics with a non-zero difference.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    positive = (diffs.d > 0).sum(axis=0)
    negative = (diffs.d < 0).sum(axis=0)
    n = positive + negative
    lower = binom_cdf(positive, n)  # P(K <= k)
    upper = binom_cdf(n - positive, n)  # P(K >= k) by symmetry
    if side == "greater":
        p = upper
    elif side == "less":
        p = lower
    else:
        p = np.minimum(1.0, 2.0 * np.minimum(lower, upper))
        # As many wins as losses: the observed count is the centre, p = 1 exactly.
        p = np.where(2 * positive == n, 1.0, p)
    p = np.where(n == 0, 1.0, p)
    return build(
        "sign",
        matrix,
        diffs,
        statistic=positive.astype(float),
        p_value=p,
        ci=t_interval(diffs, level, side),
        n_used=n,
        method="exact",
        alpha=level,
        alternative=side,
    )
