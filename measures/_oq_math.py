"""Vectorised building blocks of the ordinal-quantification measures.

Every function takes arrays with leading batch axes and the class axis last,
``(..., C)``, and broadcasts its arguments against each other.  They never
divide by zero or take the logarithm of zero, so they are safe under the
``np.errstate(divide="raise", invalid="raise", over="raise")`` the scoring
contract imposes.  The measure definitions live in
:mod:`ordinal_quantification`; this module only holds the arithmetic they share.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "bin_kendall_tau",
    "class_value_weights",
    "cumulative_gap",
    "gold_mass_weights",
    "harmonic_combination",
    "kl_terms",
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
    return dist / dist.sum(axis=-1, keepdims=True)


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
    dw = np.einsum("...ij,...j->...i", weights, squares)
    total = np.where(over, dw, 0.0).sum(axis=-1)
    return total / over.sum(axis=-1)


def bin_kendall_tau(system: np.ndarray, gold: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """Kendall's tau between the bin orders of two distributions (Sakai 2022 eq. 13-14).

    Over the ``C(C-1)/2`` pairs of bins, a pair is tied in a distribution when
    its two probabilities differ by at most ``tie_tolerance`` (``0``: exact
    equality).  CONC / DISC count the pairs ordered the same / the opposite
    way by both; a pair tied in either counts as neither.
    ``tau = (CONC - DISC) / sqrt(max(1, NT) * max(1, NT*))`` with ``NT`` and
    ``NT*`` the untied pairs of the system and of the gold.
    """
    c = system.shape[-1]
    upper = np.triu(np.ones((c, c), dtype=bool), k=1)

    def signs(dist: np.ndarray) -> np.ndarray:
        diff = dist[..., :, None] - dist[..., None, :]
        return np.where(np.abs(diff) <= tie_tolerance, 0, np.sign(diff))[..., upper]

    sp, sq = signs(system), signs(gold)
    agreement = sp * sq
    conc = (agreement > 0).sum(axis=-1)
    disc = (agreement < 0).sum(axis=-1)
    nt_system = (sp != 0).sum(axis=-1)
    nt_gold = (sq != 0).sum(axis=-1)
    denominator = np.sqrt(np.maximum(1, nt_system) * np.maximum(1, nt_gold))
    return (conc - disc) / denominator


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
