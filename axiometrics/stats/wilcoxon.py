"""The Wilcoxon signed-rank test of every pair of systems.

Null hypothesis: the per-topic differences are symmetric about 0.
Zero differences are dropped (Wilcoxon's convention, SciPy's default
``zero_method="wilcox"``); the ``n`` remaining absolute differences are
ranked with ties given their average rank; ``W+`` and ``W-`` are the rank
sums of the positive and negative differences.  The statistic is
``min(W+, W-)`` for the two-sided test and ``W+`` for a one-sided one, as
:func:`scipy.stats.wilcoxon` reports it.

p-value:

* **exact** when ``1 <= n <= 50`` (:data:`EXACT_MAX_N`): the null
  distribution of ``W+`` *given the ranks*, every one of the ``2^n`` sign
  assignments equally likely, is counted exactly by a recursion over the
  ranks (in units of half a rank, so average ranks of ties are integers:
  ``O(n^3)`` per tie pattern).  Without ties it is the classical exact
  distribution (:func:`scipy.stats.wilcoxon` with ``method="exact"``);
  with ties or zeros it is the exact conditional (permutation)
  distribution, which SciPy's ``method="auto"`` computes for ``n <= 13``
  by enumerating sign flips.  Two-sided
  ``p = min(1, 2 min(P(W+ <= w), P(W+ >= w)))``, ``"greater"``
  ``P(W+ >= w)``, ``"less"`` ``P(W+ <= w)``, with ``w`` the observed
  ``W+``.  The smallest two-sided p-value is ``2 / 2^n``.
* otherwise (``n > 50``) the **normal approximation** with the tie
  correction of the variance,
  ``z = (W+ - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24 - sum(t^3 - t)/48)``,
  without continuity correction (SciPy's ``method="asymptotic"`` with
  ``correction=False``).  Beyond 50 non-zero differences its p-value is
  within about 0.001 of the exact one near 0.05 and 0.01 (at most 0.006
  anywhere at ``n = 51``), unless the absolute differences take only a few
  distinct values (two values: about 0.005 near 0.05); see
  ``docs/statistics.md``.

Zero variance: when every difference is 0 (``n = 0``) the statistic is 0
and ``p = 1``.  Zeros and ties are decided per topic (see
:mod:`axiometrics.stats.paired`): two absolute differences are tied when
they differ by at most the sum of their topics' tolerances, and a chain of
such neighbours in sorted order is one tie group.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

import numpy as np

from axiometrics.stats.choices import check_alternative
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.tails import normal_sf

__all__ = ["EXACT_MAX_N", "wilcoxon_test"]

#: Largest number of non-zero differences with an exact p-value (ties or not).
EXACT_MAX_N = 50


def wilcoxon_test(
    scores: Any,
    *,
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    alternative: str = "two-sided",
) -> PairedTests:
    """Wilcoxon signed-rank test of every pair of systems.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    alpha
        The intervals (t intervals of the mean difference) have confidence ``1 - alpha``.
    systems
        Compare only these systems (by label).
    alternative
        ``"two-sided"`` (default), ``"greater"`` (differences ``a - b`` tend
        to be positive) or ``"less"``; case-insensitive.

    Returns
    -------
    PairedTests
        ``statistic`` is ``min(W+, W-)`` (two-sided) or ``W+``; ``n_used``
        the number of non-zero differences; ``method`` ``"exact"`` or
        ``"normal approximation"``.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    ranks = _SignedRanks.of(diffs.d, diffs.tol)
    n = ranks.n
    w_plus = ranks.w_plus
    w_minus = n * (n + 1) / 2.0 - w_plus
    exact = (n <= EXACT_MAX_N) & (n > 0)
    p = np.ones(len(n))
    if exact.any():
        lower, upper = ranks.exact_tails(exact)
        p[exact] = _combine(lower, upper, side)
    approx = n > EXACT_MAX_N
    if approx.any():
        nn = n[approx].astype(float)
        variance = nn * (nn + 1) * (2 * nn + 1) / 24.0 - ranks.tie_term[approx] / 48.0
        z = (w_plus[approx] - nn * (nn + 1) / 4.0) / np.sqrt(variance)
        p[approx] = _combine(normal_sf(-z), normal_sf(z), side)
    statistic = np.minimum(w_plus, w_minus) if side == "two-sided" else w_plus
    return build(
        "wilcoxon",
        matrix,
        diffs,
        statistic=np.where(n == 0, 0.0, statistic),
        p_value=p,
        ci=t_interval(diffs, level, side),
        n_used=n,
        method=np.where(approx, "normal approximation", "exact"),
        alpha=level,
        alternative=side,
    )


def _combine(lower: np.ndarray, upper: np.ndarray, side: str) -> np.ndarray:
    """p-values from ``P(W+ <= w)`` and ``P(W+ >= w)``."""
    if side == "greater":
        return upper
    if side == "less":
        return lower
    return np.minimum(1.0, 2.0 * np.minimum(lower, upper))


class _SignedRanks:
    """Ranks of the non-zero absolute differences of every pair (ranked all at once).

    Attributes: ``w_plus`` (``W+``), ``n`` (non-zero count), ``tie_term``
    (``sum(t^3 - t)`` over tie groups), ``doubled`` (twice the rank of each
    sorted position, ``(T, P)``) and ``zeros`` (zero differences, which
    occupy the first sorted positions).
    """

    def __init__(
        self,
        w_plus: np.ndarray,
        n: np.ndarray,
        tie_term: np.ndarray,
        doubled: np.ndarray,
        zeros: np.ndarray,
    ) -> None:
        self.w_plus = w_plus
        self.n = n
        self.tie_term = tie_term
        self.doubled = doubled
        self.zeros = zeros

    @classmethod
    def of(cls, d: np.ndarray, tol: np.ndarray) -> _SignedRanks:
        """Rank every column by sorting its absolute differences (``O(T log T)`` per pair).

        Zero differences are keyed -1 so they sort first and are then left
        out; neighbours in sorted order within the sum of their tolerances
        form a tie group, whose members get the group's average rank.
        """
        t, _ = d.shape
        nonzero = d != 0
        keyed = np.where(nonzero, np.abs(d), -1.0)
        order = np.argsort(keyed, axis=0, kind="stable")
        ordered = np.take_along_axis(keyed, order, axis=0)
        slack = np.take_along_axis(tol, order, axis=0)
        positive = np.take_along_axis(d > 0, order, axis=0)
        starts = np.ones(ordered.shape, dtype=bool)
        starts[1:] = np.diff(ordered, axis=0) > slack[1:] + slack[:-1]
        ends = np.ones(ordered.shape, dtype=bool)
        ends[:-1] = starts[1:]
        position = np.arange(t)[:, None]
        first = np.maximum.accumulate(np.where(starts, position, 0), axis=0)
        last = np.minimum.accumulate(np.where(ends, position, t - 1)[::-1], axis=0)[::-1]
        n = nonzero.sum(axis=0)
        zeros = t - n
        kept = position >= zeros
        doubled = first + last + 2 - 2 * zeros
        w_plus = np.where(positive & kept, doubled, 0).sum(axis=0) / 2.0
        # A member of a tie group of size g contributes (g^3 - g) / g = g^2 - 1.
        size = (last - first + 1).astype(float)
        tie_term = np.where(kept, size**2 - 1.0, 0.0).sum(axis=0)
        return cls(w_plus, n, tie_term, np.where(kept, doubled, 0), zeros)

    def exact_tails(self, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``P(W+ <= w)`` and ``P(W+ >= w)`` of the ``chosen`` pairs under the exact null.

        By the symmetry ``W+ -> n(n+1)/2 - W+`` both tails need the
        distribution function only up to ``m = min(w, n(n+1)/2 - w)``: the
        smaller tail is ``P(W+ <= m)`` and the larger ``1 - P(W+ <= m - 1/2)``.
        """
        n = self.n[chosen]
        w2 = np.rint(2.0 * self.w_plus[chosen]).astype(np.int64)
        total2 = n * (n + 1)
        low_side = w2 <= total2 - w2
        m2 = np.minimum(w2, total2 - w2)
        small = np.empty(len(n))  # P(2 W+ <= m2)
        below = np.empty(len(n))  # P(2 W+ <= m2 - 1)
        untied = self.tie_term[chosen] == 0
        for size in np.unique(n[untied]):
            rows = untied & (n == size)
            cdf = _untied_cdf(int(size))
            # Untied ranks are integers, so 2 W+ is even: P(2 W+ <= m2 - 1) = P(W+ <= m2/2 - 1).
            small[rows] = cdf[m2[rows] // 2]
            before = m2[rows] // 2 - 1
            below[rows] = np.where(before >= 0, cdf[np.maximum(before, 0)], 0.0)
        if (~untied).any():
            columns = np.flatnonzero(chosen)[~untied]
            cdf2 = _conditional_cdf(self.doubled[:, columns], n[~untied], m2[~untied])
            rows = np.arange(len(columns))
            m = m2[~untied]
            small[~untied] = cdf2[rows, m]
            below[~untied] = np.where(m >= 1, cdf2[rows, np.maximum(m - 1, 0)], 0.0)
        large = 1.0 - below
        lower = np.where(low_side, small, large)
        upper = np.where(low_side, large, small)
        return lower, upper


@cache
def _untied_cdf(n: int) -> np.ndarray:
    """``P(W+ <= w)`` for ``w = 0 .. n(n+1)/2`` without ties (all ``2^n`` sign sets)."""
    top = n * (n + 1) // 2
    counts = np.zeros(top + 1)
    counts[0] = 1.0
    for rank in range(1, n + 1):
        shifted = np.zeros_like(counts)
        shifted[rank:] = counts[:-rank]
        counts = counts + shifted
    cdf = np.cumsum(counts) / 2.0**n
    cdf.flags.writeable = False
    return cdf


def _conditional_cdf(doubled: np.ndarray, n: np.ndarray, cutoff: np.ndarray) -> np.ndarray:
    """``P(2 W+ <= v)`` for ``v = 0 .. max(cutoff)``, one row per pair, given its tied ranks.

    ``doubled`` holds twice the rank of every non-zero difference (0 for
    zero differences), ``(T, Q)``.  The number of sign assignments with each
    sum is the coefficient list of ``prod_r (1 + x^r)^g(r)``, ``g(r)`` the
    number of differences of doubled rank ``r``: built one factor
    ``(1 + x^r)`` at a time, for all pairs at once, truncated above the
    largest value needed (higher sums never feed lower ones).  Counts below
    ``2^50`` are exact in float64.
    """
    q = len(n)
    width = int(cutoff.max()) + 1
    top = int(doubled.max()) + 1
    columns = np.broadcast_to(np.arange(q), doubled.shape)
    kept = doubled > 0
    multiplicity = np.bincount((doubled * q + columns)[kept], minlength=top * q).reshape(top, q)
    counts = np.zeros((q, width))
    counts[:, 0] = 1.0
    for r in range(1, min(top, width)):
        g = multiplicity[r]
        for k in range(1, int(g.max(initial=0)) + 1):
            # Multiply by (1 + x^r) the pairs with at least k differences of doubled rank r.
            rows = np.flatnonzero(g >= k)
            block = counts[rows]
            block[:, r:] += block[:, :-r]
            counts[rows] = block
    return np.cumsum(counts, axis=1) / np.exp2(n.astype(float))[:, None]
