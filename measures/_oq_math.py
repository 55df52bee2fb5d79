"""Vectorised building blocks of the ordinal-quantification measures.

Every function takes arrays with leading batch axes and the class axis last,
``(..., C)``, and broadcasts its arguments against each other.  They never
divide by zero or take the logarithm of zero, so they are safe under the
``np.errstate(divide="raise", invalid="raise", over="raise")`` the scoring
contract imposes.  The measure definitions live in
:mod:`ordinal_quantification`; this module only holds the arithmetic they share.

Temporaries stay within ``O(batch x C)`` except where a measure needs a
``(C, C)`` weight per distribution: the gold-mass distances of RNOD2 and
RNADW2 are distances between cumulative midpoints, so their weighted sums
come from prefix sums (:func:`midpoint_divergence_terms`), and DNKT compares
the ``C(C-1)/2`` bin pairs only.  ``tests/test_fast_paths.py`` checks each
against the straightforward formula.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "bin_kendall_tau",
    "class_sum",
    "class_value_weights",
    "cumulative_gap",
    "gold_mass_weights",
    "harmonic_combination",
    "kl_terms",
    "mean_over",
    "midpoint_divergence_terms",
    "normalised",
    "order_aware_divergence",
]


def normalised(dist: np.ndarray) -> np.ndarray:
    """Rescale distributions to sum to exactly 1 (up to rounding).

    Validation accepts sums within ``SUM_TOLERANCE`` of 1 (probabilities
    printed with a few decimals); rescaling keeps the bounded measures inside
    their declared ranges on such inputs.  The sums are close to 1, so the
    division is safe.
    """
    return dist / class_sum(dist)[..., None]


def cumulative_gap(system: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """``|CP_i - CQ_i|`` for ``i = 0 .. C-2``: the gaps between the two cumulative distributions."""
    return np.abs(np.cumsum(system - gold, axis=-1)[..., :-1])


def class_value_weights(values: np.ndarray) -> np.ndarray:
    """Distances ``|v_i - v_j| / (v_{C-1} - v_0)`` between classes, shape ``(..., C, C)``.

    Dividing by the span of the values keeps every weight in ``[0, 1]``
    whatever the scale (at the default values ``0 .. C-1`` the weights are
    ``|i - j| / (C - 1)``).  The values are first divided by their largest
    magnitude, so the differences cannot overflow even for huge values.
    """
    magnitude = np.max(np.abs(values), axis=-1, keepdims=True)
    unit = values / magnitude  # magnitude > 0: values are strictly increasing
    span = unit[..., -1] - unit[..., 0]
    dist = np.abs(unit[..., :, None] - unit[..., None, :])
    return dist / span[..., None, None]


def gold_mass_weights(gold: np.ndarray) -> np.ndarray:
    """Sakai 2022 eq. 6 as reconstructed: ``delta_ij`` from the gold mass between classes.

    ``delta_ij = sum_{k=min(i,j)}^{max(i,j)} q_k - (q_i + q_j) / 2``, i.e. half
    the gold mass of the two end classes plus all the gold mass strictly
    between them; ``delta_ii = 0``.  Computed from the running sums, which are
    non-decreasing in floating point too, so no weight is negative.

    Returns
    -------
    numpy.ndarray
        Weights of shape ``(..., C, C)``, symmetric, in ``[0, 1]``.
    """
    c = gold.shape[-1]
    running = np.cumsum(gold, axis=-1)
    # before[k] = q_0 + ... + q_{k-1}
    before = np.concatenate([np.zeros_like(running[..., :1]), running[..., :-1]], axis=-1)
    lo = np.minimum.outer(np.arange(c), np.arange(c))
    hi = np.maximum.outer(np.arange(c), np.arange(c))
    # gold mass strictly between lo and hi (0 when hi <= lo + 1)
    between = np.maximum(before[..., hi] - running[..., lo], 0.0)
    ends = (gold[..., :, None] + gold[..., None, :]) / 2
    return np.where(lo == hi, 0.0, between + ends)


def order_aware_divergence(
    system: np.ndarray, gold: np.ndarray, weights: np.ndarray, over: np.ndarray
) -> np.ndarray:
    """Mean of the distance-weighted sums of squares ``DW_i`` over the classes in ``over``.

    ``DW_i = sum_j w_ij (p_j - q_j)^2`` (Sakai 2021 eq. 12 with weights ``w``);
    the result is the mean of ``DW_i`` over the classes where ``over`` is
    true (eq. 13 uses the gold's non-zero classes; ADW uses all classes).

    Parameters
    ----------
    system, gold
        Distributions ``(..., C)``.
    weights
        ``(..., C, C)``, non-negative.
    over
        Boolean ``(..., C)``, at least one true entry per distribution.
    """
    squares = (system - gold) ** 2
    if weights.ndim == 2:  # shared by the batch: one matrix product
        dw = squares @ weights.T
    else:
        dw = np.matmul(weights, squares[..., :, None])[..., 0]
    return mean_over(dw, over)


def mean_over(terms: np.ndarray, over: np.ndarray) -> np.ndarray:
    """Mean of ``terms`` over the classes where ``over`` is true (at least one per row)."""
    return class_sum(np.where(over, terms, 0.0)) / np.count_nonzero(over, axis=-1)


def class_sum(x: np.ndarray) -> np.ndarray:
    """Sum over the class axis (``einsum`` sums a short last axis faster than ``sum``)."""
    return np.einsum("...i->...", x)


def midpoint_divergence_terms(system: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """``DW_i = sum_j delta_ij (p_j - q_j)^2``, the distances of :func:`gold_mass_weights`.

    ``delta_ij = |m_i - m_j|`` for the cumulative midpoints
    ``m_k = q_0 + ... + q_{k-1} + q_k / 2`` (non-decreasing), so with
    ``s_j = (p_j - q_j)^2``::

        DW_i = (m_i S_<i - U_<i) + (U_>i - m_i S_>i),

    ``S`` and ``U`` the sums of ``s_j`` and ``s_j m_j`` over the classes
    below and above ``i`` (exclusive prefix and suffix sums): ``O(batch x C)``
    work and memory instead of a ``(C, C)`` weight matrix per distribution.
    Both brackets are sums of non-negative terms; rounding below 0 is clipped.
    """
    mid = np.cumsum(gold, axis=-1) - gold / 2.0
    squares = (system - gold) ** 2
    weighted = squares * mid
    below, below_weighted = _exclusive_prefix(squares), _exclusive_prefix(weighted)
    above, above_weighted = _exclusive_suffix(squares), _exclusive_suffix(weighted)
    lower = np.maximum(mid * below - below_weighted, 0.0)
    upper = np.maximum(above_weighted - mid * above, 0.0)
    return lower + upper


def _exclusive_prefix(x: np.ndarray) -> np.ndarray:
    """``x_0 + ... + x_{i-1}`` at ``i`` (0 at the first class)."""
    out = np.zeros(x.shape)
    np.cumsum(x[..., :-1], axis=-1, out=out[..., 1:])
    return out


def _exclusive_suffix(x: np.ndarray) -> np.ndarray:
    """``x_{i+1} + ... + x_{C-1}`` at ``i`` (0 at the last class)."""
    out = np.zeros(x.shape)
    out[..., :-1] = np.cumsum(x[..., :0:-1], axis=-1)[..., ::-1]
    return out


def bin_kendall_tau(system: np.ndarray, gold: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """Kendall's tau between the bin orders of two distributions (Sakai 2022 eq. 13-14).

    Over the ``C(C-1)/2`` pairs of bins, a pair is tied in a distribution when
    its two probabilities differ by at most ``tie_tolerance`` (``0``: exact
    equality).  CONC / DISC count the pairs ordered the same / the opposite
    way by both; a pair tied in either counts as neither.
    ``tau = (CONC - DISC) / sqrt(max(1, NT) * max(1, NT*))`` with ``NT`` and
    ``NT*`` the untied pairs of the system and of the gold.
    """
    sp = _pair_signs(system, tie_tolerance)
    sq = _pair_signs(gold, tie_tolerance)
    net = np.einsum("...k,...k->...", sp, sq)  # CONC - DISC: +1, -1, or 0 when tied in either
    nt_system = np.einsum("...k,...k->...", sp, sp)  # signs squared: 1 for an untied pair
    nt_gold = np.einsum("...k,...k->...", sq, sq)
    denominator = np.sqrt(np.maximum(1, nt_system) * np.maximum(1, nt_gold))
    return net / denominator


def _pair_signs(dist: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """Signs of ``dist_i - dist_j`` over the ``C(C-1)/2`` bin pairs ``i < j``, 0 for a tie."""
    first, second = np.triu_indices(dist.shape[-1], k=1)
    diff = dist[..., first] - dist[..., second]
    if tie_tolerance > 0:  # with no tolerance, sign() already gives ties 0
        diff[np.abs(diff) <= tie_tolerance] = 0.0
    return np.sign(diff, out=diff)


def harmonic_combination(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``2ab / (a + b)``, and 0 where both are 0 (Sakai 2022 eq. 17)."""
    a, b = np.broadcast_arrays(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    total = a + b
    return np.divide(2 * a * b, total, out=np.zeros_like(total), where=total > 0)


def kl_terms(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Non-negative terms ``p_i log2(p_i / q_i) - (p_i - q_i) / ln 2`` of ``KLD(p || q)``.

    Over distributions that both sum to 1 the added ``q_i - p_i`` parts sum
    to 0, so the terms still add up to ``KLD(p || q)``; but each term is
    non-negative (``x log(x/y) >= x - y``) and is computed without
    cancellation (``log1p`` of the relative gap where ``p_i`` is close to
    ``q_i``), so two distributions 1e-9 apart get a small positive
    divergence instead of a rounding-noise value that may be 0 or negative.
    ``0 log 0 = 0``; entries with ``p_i > 0 = q_i`` (infinite terms) are 0,
    and the caller decides what they mean.
    """
    both = (p > 0) & (q > 0)
    safe_p = np.where(both, p, 1.0)
    safe_q = np.where(q > 0, q, 1.0)
    gap = p - q
    near = both & (np.abs(gap) <= 0.5 * safe_q)
    relative_gap = np.divide(gap, safe_q, out=np.zeros_like(gap), where=near)
    log_ratio = np.where(near, np.log1p(relative_gap), np.log(safe_p) - np.log(safe_q))
    terms = np.where(both, p * log_ratio - gap, np.where(q > 0, q, 0.0))
    return np.maximum(terms, 0.0) / np.log(2.0)
