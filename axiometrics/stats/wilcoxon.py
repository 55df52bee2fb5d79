"""The Wilcoxon signed-rank test of every pair of systems.

Null hypothesis: the per-topic differences are symmetric about 0.
Zero differences are dropped (Wilcoxon's convention, SciPy's default
``zero_method="wilcox"``); the ``n`` remaining absolute differences are
ranked with ties given their average rank; ``W+`` and ``W-`` are the rank
sums of the positive and negative differences.  The statistic is
``min(W+, W-)``, as :func:`scipy.stats.wilcoxon` reports it.

p-value (two-sided):

* **exact** when ``n <= 50`` and no absolute differences tie: the null
  distribution of ``W+`` (every subset of ranks equally likely) is counted
  exactly, ``p = min(1, 2 P(W+ <= min(W+, W-)))``, as SciPy's exact method;
* otherwise the **normal approximation** with the tie correction of the
  variance, ``z = (W+ - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24 - sum(t^3 - t)/48)``,
  without continuity correction (SciPy's ``method="asymptotic"`` with its
  default ``correction=False``).  SciPy's ``method="auto"`` runs a
  permutation test instead when there are ties or zeros and ``n <= 13``;
  pass ``method="exact"`` or ``"asymptotic"`` to it to compare.

Zero variance: when every difference is 0 (``n = 0``) the statistic is 0
and ``p = 1``.  Differences within the pair's tolerance (see
:mod:`axiometrics.stats.paired`) count as zero, and absolute differences
within it as ties (neighbours in sorted order: a chain of such
neighbours is one tie group).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

import numpy as np

from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.tails import normal_sf

__all__ = ["EXACT_MAX_N", "wilcoxon_test"]

#: Largest number of non-zero differences with an exact p-value (without ties).
EXACT_MAX_N = 50


def wilcoxon_test(
    scores: Any, *, alpha: float = 0.05, systems: Sequence[Hashable] | None = None
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

    Returns
    -------
    PairedTests
        ``statistic`` is ``min(W+, W-)``; ``n_used`` the number of
        non-zero differences; ``method`` ``"exact"`` or ``"normal approximation"``.
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    w_plus, n, tie_term, has_ties = _signed_ranks(diffs.d, diffs.tol)
    total = n * (n + 1) / 2.0
    w_minus = total - w_plus
    smaller = np.minimum(w_plus, w_minus)
    exact = (n <= EXACT_MAX_N) & ~has_ties & (n > 0)
    p = np.ones(len(n))
    for size in np.unique(n[exact]):
        chosen = exact & (n == size)
        cdf = _exact_cdf(int(size))
        p[chosen] = np.minimum(1.0, 2.0 * cdf[np.rint(smaller[chosen]).astype(np.intp)])
    approx = ~exact & (n > 0)
    if approx.any():
        nn = n[approx].astype(float)
        variance = nn * (nn + 1) * (2 * nn + 1) / 24.0 - tie_term[approx] / 48.0
        z = np.divide(
            w_plus[approx] - nn * (nn + 1) / 4.0,
            np.sqrt(np.maximum(variance, 0.0)),
            out=np.zeros(len(nn)),
            where=variance > 0,
        )
        p[approx] = np.minimum(1.0, 2.0 * normal_sf(np.abs(z)))
    method = np.where(exact | (n == 0), "exact", "normal approximation")
    return build(
        "wilcoxon",
        matrix,
        diffs,
        statistic=np.where(n == 0, 0.0, smaller),
        p_value=p,
        ci=t_interval(diffs, level),
        n_used=n,
        method=method,
        alpha=level,
    )


def _signed_ranks(
    d: np.ndarray, tol: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``W+``, non-zero count, ``sum(t^3 - t)`` over tie groups and whether ties exist, per pair.

    All pairs are ranked at once by sorting the absolute differences of each
    column (``O(T log T)`` per pair): zero differences are set to -1 so they
    sort first and are then left out; neighbours in sorted order within the
    pair's tolerance form a tie group, whose members get the group's average
    rank.
    """
    t, _ = d.shape
    nonzero = np.abs(d) > tol
    keyed = np.where(nonzero, np.abs(d), -1.0)
    order = np.argsort(keyed, axis=0, kind="stable")
    ordered = np.take_along_axis(keyed, order, axis=0)
    positive = np.take_along_axis(nonzero & (d > 0), order, axis=0)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[1:] = np.diff(ordered, axis=0) > tol
    ends = np.ones(ordered.shape, dtype=bool)
    ends[:-1] = starts[1:]
    position = np.arange(t)[:, None]
    first = np.maximum.accumulate(np.where(starts, position, 0), axis=0)
    last = np.minimum.accumulate(np.where(ends, position, t - 1)[::-1], axis=0)[::-1]
    n = nonzero.sum(axis=0)
    zeros = t - n
    kept = position >= zeros  # the zero differences occupy the first positions
    ranks = (first + last) / 2.0 + 1.0 - zeros
    w_plus = np.where(positive, ranks, 0.0).sum(axis=0)
    # A member of a tie group of size g contributes (g^3 - g) / g = g^2 - 1.
    size = (last - first + 1).astype(float)
    tie_term = np.where(kept, size**2 - 1.0, 0.0).sum(axis=0)
    return w_plus, n, tie_term, tie_term > 0


@cache
def _exact_cdf(n: int) -> np.ndarray:
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
