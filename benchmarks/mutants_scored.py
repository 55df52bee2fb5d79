"""Mutants and controls of the ``scored`` family: ``(scores, gold)`` vectors, gold in ``{0, 1}``.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites: the nominal one
(``benchmarks/mutants_nominal.py``) and this one.  Each mutant is a
plausible bug of a scored measure (ROC AUC, average precision, precision at
10, the Brier score, log loss), the claim of the family it breaks (one the
correct measure satisfies), the corner of the claim's domain where it shows
and a hand-made proof; the controls are correct measures, some computed in
a float-noise-prone way, that the checker must never refute.

The corners are those of the claims' quantifier domains (see
``docs/families/scored.md``, "What the checker draws"): one item, tens and
hundreds of items (rank cut-offs at 10, binning beyond 100 items, a cap at
1000 items), large repetition factors k, one positive or one negative, a
positive in 1000 items, scores near the largest finite float, subnormal
and tiny probabilities, nearly tied and adjacent floats, one input mixing
magnitudes, and scores on a rounding boundary.

:func:`compute_for` gives the compute function of each mutant, which takes ``(scores, gold)``
exactly as a registered measure does, in a
:class:`~axiometrics.checker.subject.Subject` of the scored family, so that
no call-signature adapter stands between the search and the bug.  The
correct formulas (ROC AUC as the Mann-Whitney statistic with ties counted
one half, non-interpolated average precision over distinct thresholds,
tie-aware precision at k) come from the literature; the code is written for
this suite.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case
from axiometrics.errors import InvalidInputError
from axiometrics.measures.scored.procedures import keeps_order, repeat_positives
from axiometrics.registry import default_registry

__all__ = [
    "FAMILIES",
    "auc",
    "compute_for",
    "family_controls",
    "family_mutants",
    "random_case",
]

# Loading the default registry loads the plugins, which register the family's claims.
default_registry()

#: The family of this module (its callables are wrapped by ``mutants.subject_of``).
FAMILIES = ("scored",)

_MAX = float(np.finfo(float).max)
_EPS = float(np.finfo(float).eps)


def compute_for(fn: Callable[..., float]) -> Callable[..., float]:
    """The compute function of a mutant or control ``fn`` (which takes ``(scores, gold)``)."""

    def compute(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> float:
        return float(fn(np.asarray(scores, dtype=float), np.asarray(gold, dtype=float)))

    return compute


# -- correct building blocks ------------------------------------------------------------------


def _arrays(scores: Any, gold: Any) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(scores, dtype=float), np.asarray(gold, dtype=float)


def _wins(scores: Any, gold: Any) -> tuple[float, float]:
    """Positive-over-negative pairs (ties count one half) and the number of pairs.

    Counted per tie group after one sort (no pairwise differences, which
    overflow for scores of both signs near the largest float): exact for
    counts below 2**53.
    """
    s, y = _arrays(scores, gold)
    values, inverse, sizes = np.unique(s, return_inverse=True, return_counts=True)
    positives = np.bincount(inverse.ravel(), weights=(y == 1).ravel(), minlength=values.size)
    negatives = sizes - positives
    below = np.cumsum(negatives) - negatives
    wins = float((positives * below).sum() + 0.5 * (positives * negatives).sum())
    return wins, float(positives.sum() * negatives.sum())


def auc(scores: Any, gold: Any) -> float:
    """ROC AUC: the Mann-Whitney statistic with ties counted one half (0.5 without pairs)."""
    wins, pairs = _wins(scores, gold)
    return wins / pairs if pairs else 0.5


def _auc_rank_sum(scores: Any, gold: Any) -> float:
    """ROC AUC from the rank sum of the positives (average ranks for ties), as SciPy computes U."""
    s, y = _arrays(scores, gold)
    p = float((y == 1).sum())
    n = float(s.size) - p
    if p == 0 or n == 0:
        return 0.5
    _, inverse, sizes = np.unique(s, return_inverse=True, return_counts=True)
    start = np.cumsum(sizes) - sizes
    ranks = (start + (sizes + 1) / 2.0)[inverse.ravel()]
    return float((ranks[y == 1].sum() - p * (p + 1) / 2) / (p * n))


def _auc_trapezoid(scores: Any, gold: Any) -> float:
    """ROC AUC as the trapezoidal area under the ROC curve through every distinct threshold."""
    s, y = _arrays(scores, gold)
    p, n = float((y == 1).sum()), float((y == 0).sum())
    if p == 0 or n == 0:
        return 0.5
    order = np.argsort(-s, kind="stable")
    s, y = s[order], y[order]
    ends = np.r_[np.flatnonzero(s[1:] != s[:-1]), s.size - 1]
    tp = np.cumsum(y)[ends]
    fp = (ends + 1) - tp
    tpr = np.r_[0.0, tp / p]
    fpr = np.r_[0.0, fp / n]
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2.0))


def _average_precision(scores: Any, gold: Any) -> float:
    """Non-interpolated AP over distinct thresholds, a tie group being one threshold."""
    s, y = _arrays(scores, gold)
    p = float((y == 1).sum())
    if p == 0:
        return 0.0
    order = np.argsort(-s, kind="stable")
    s, y = s[order], y[order]
    ends = np.r_[np.flatnonzero(s[1:] != s[:-1]), s.size - 1]
    tp = np.cumsum(y)[ends]
    precision = tp / (ends + 1.0)
    gained = np.diff(np.r_[0.0, tp])
    return float((gained * precision).sum() / p)


def _precision_at_10(scores: Any, gold: Any) -> float:
    """Precision at 10, divided by 10; a tie group cut by rank 10 counts its expected share."""
    s, y = _arrays(scores, gold)
    k = 10
    order = np.argsort(-s, kind="stable")
    s, y = s[order], y[order]
    cut = min(k, s.size)
    if cut == 0:
        return 0.0
    boundary = s[cut - 1]
    above = y[s > boundary].sum()
    tied = s == boundary
    slots = cut - int((s > boundary).sum())
    return float((above + slots * y[tied].sum() / tied.sum()) / k)


def _probabilities(scores: np.ndarray) -> None:
    """Refuse scores outside [0, 1], as the family's probability measures do."""
    if np.any((scores < 0.0) | (scores > 1.0)):
        raise InvalidInputError(f"scores={scores!r}: expected probabilities in [0, 1]")


def _brier(scores: Any, gold: Any) -> float:
    """Brier score, the squared errors summed exactly (``math.fsum``) and divided by n."""
    s, y = _arrays(scores, gold)
    _probabilities(s)
    return math.fsum(((s - y) ** 2).tolist()) / s.size


def _log_loss(scores: Any, gold: Any) -> float:
    """Log loss with the gold label's probability floored at eps, negatives through ``log1p``."""
    s, y = _arrays(scores, gold)
    _probabilities(s)
    pos = -np.log(np.maximum(s, _EPS))
    neg = -np.log1p(-np.minimum(s, 1.0 - _EPS))
    return float(np.where(y == 1, pos, neg).sum() / s.size)


def _noisy(fn: Callable[..., float], rel: float) -> Callable[..., float]:
    """``fn`` times ``1 + rel * sin(sum of arctan of the scores)``: noise below the tolerance.

    The seed of the noise is bounded (no overflow at the largest floats) and
    odd in the scores, so negating them flips the sign of the noise.
    """

    def noisy(*args: Any) -> float:
        x = fn(*args)
        total = float(np.sum(np.arctan(np.asarray(args[0], dtype=float))))
        return float(x * (1 + rel * np.sin(total * 12.9898)))

    return noisy


# -- bugs already in the suite (moved from the nominal suite) ----------------------------------


def _auc_rounded_scores(scores: Any, gold: Any) -> float:
    """AUC of the scores rounded to 3 decimals (rounding meant to merge float noise)."""
    return auc(np.round(np.asarray(scores, dtype=float), 3), gold)


def _auc_fixed_thresholds(scores: Any, gold: Any) -> float:
    """AUC from a ROC at 201 fixed thresholds on [0, 1] (scores assumed probabilities)."""
    s, y = _arrays(scores, gold)
    p, n = (y == 1).sum(), (y == 0).sum()
    if p == 0 or n == 0:
        return 0.5
    t = np.linspace(1.0, 0.0, 201)
    above = s[None, :] >= t[:, None]
    tpr = np.concatenate([[0.0], (above & (y == 1)).sum(axis=1) / p, [1.0]])
    fpr = np.concatenate([[0.0], (above & (y == 0)).sum(axis=1) / n, [1.0]])
    return float(((fpr[1:] - fpr[:-1]) * (tpr[1:] + tpr[:-1]) / 2).sum())


def _reciprocal_rank_as_ap(scores: Any, gold: Any) -> float:
    """'Average precision' that stops at the first positive (1 / its rank, ties by position)."""
    s, y = _arrays(scores, gold)
    order = np.argsort(-s, kind="stable")
    hits = np.flatnonzero(y[order] == 1)
    return float(1.0 / (hits[0] + 1)) if hits.size else 0.0


def _auc_clipped_scores(scores: Any, gold: Any) -> float:
    """AUC of the scores clipped to [0, 1] (scores assumed probabilities)."""
    return auc(np.clip(np.asarray(scores, dtype=float), 0.0, 1.0), gold)


def _auc_balanced_pairs(scores: Any, gold: Any) -> float:
    """AUC dividing the wins by (n / 2)^2, the pair count of a balanced input."""
    wins, pairs = _wins(scores, gold)
    n = np.asarray(scores).size
    return wins / (n * n / 4) if pairs else 0.5


def _auc_smoothed(scores: Any, gold: Any) -> float:
    """AUC with a pseudo-count: (wins + 1) / (pairs + 2)."""
    wins, pairs = _wins(scores, gold)
    return (wins + 1) / (pairs + 2)


def _auc_floor_bins(scores: Any, gold: Any) -> float:
    """AUC of the scores binned by floor(100 s) (a histogram with bins of width 0.01)."""
    with np.errstate(over="ignore", invalid="ignore"):
        binned = np.floor(100 * np.asarray(scores, dtype=float))
    return auc(binned, gold)


def _auc_skipping_non_positive(scores: Any, gold: Any) -> float:
    """AUC over the items with a positive score (0 and below read as 'missing')."""
    s, y = _arrays(scores, gold)
    keep = s > 0
    return auc(s[keep], y[keep])


def _auc_argsort_ranks(scores: Any, gold: Any) -> float:
    """AUC from argsort ranks (tied scores ranked by position, not averaged)."""
    s, y = _arrays(scores, gold)
    ranks = np.argsort(np.argsort(s, kind="stable"), kind="stable").astype(float)
    return auc(ranks, y)


def _ap_position_ties(scores: Any, gold: Any) -> float:
    """Average precision over the items sorted by score, ties kept in input order."""
    s, y = _arrays(scores, gold)
    ranked = y[np.argsort(-s, kind="stable")]
    hits = np.cumsum(ranked)
    precision = hits / np.arange(1, ranked.size + 1)
    return float((precision * ranked).sum() / ranked.sum()) if ranked.sum() else 0.0


# -- bugs at the corners of the claims' domains ------------------------------------------------


def _auc_first_1000_items(scores: Any, gold: Any) -> float:
    """AUC of the first 1000 items only (a size cap meant to bound the cost)."""
    s, y = _arrays(scores, gold)
    return auc(s[:1000], y[:1000])


def _auc_uint8_tie_sizes(scores: Any, gold: Any) -> float:
    """AUC from average ranks whose tie-group sizes are stored as uint8 (wrap above 255)."""
    s, y = _arrays(scores, gold)
    p = float((y == 1).sum())
    n = float(s.size) - p
    if p == 0 or n == 0:
        return 0.5
    _, inverse, sizes = np.unique(s, return_inverse=True, return_counts=True)
    small = sizes.astype(np.uint8).astype(float)
    start = np.cumsum(small) - small
    ranks = (start + (small + 1) / 2.0)[inverse.ravel()]
    return float((ranks[y == 1].sum() - p * (p + 1) / 2) / (p * n))


def _auc_single_positive_shortcut(scores: Any, gold: Any) -> float:
    """AUC with a shortcut for one positive that divides its wins by n instead of N."""
    s, y = _arrays(scores, gold)
    if (y == 1).sum() == 1:
        top = s[y == 1][0]
        below = (s[y == 0] < top).sum() + 0.5 * (s[y == 0] == top).sum()
        return float(below / s.size)
    return auc(s, y)


def _auc_one_negative_shortcut(scores: Any, gold: Any) -> float:
    """AUC with a shortcut for one negative that divides its losses by n instead of P."""
    s, y = _arrays(scores, gold)
    if (y == 0).sum() == 1:
        low = s[y == 0][0]
        beaten = (s[y == 1] < low).sum() + 0.5 * (s[y == 1] == low).sum()
        return float(1.0 - beaten / s.size)
    return auc(s, y)


def _auc_binned_beyond_100_items(scores: Any, gold: Any) -> float:
    """AUC exact up to 100 items, beyond that over 100 quantile bins of the scores."""
    s, y = _arrays(scores, gold)
    if s.size <= 100:
        return auc(s, y)
    edges = np.quantile(s, np.linspace(0.0, 1.0, 101))
    return auc(np.searchsorted(edges[1:-1], s, side="right").astype(float), y)


def _auc_mean_over_batches_of_100(scores: Any, gold: Any) -> float:
    """Mean AUC over consecutive batches of 100 items with both classes (a streaming AUC)."""
    s, y = _arrays(scores, gold)
    parts = [
        auc(s[i : i + 100], y[i : i + 100])
        for i in range(0, s.size, 100)
        if 0 < y[i : i + 100].sum() < y[i : i + 100].size
    ]
    return float(np.mean(parts)) if parts else 0.5


def _precision_at_10_position_cut(scores: Any, gold: Any) -> float:
    """Precision at 10 of an argsort cut at position 10 (a tie straddling rank 10 by position)."""
    s, y = _arrays(scores, gold)
    return float(y[np.argsort(-s, kind="stable")][:10].sum() / 10)


def _ap_at_10_over_p(scores: Any, gold: Any) -> float:
    """Average precision truncated at rank 10 and still divided by the number of positives."""
    s, y = _arrays(scores, gold)
    p = (y == 1).sum()
    if p == 0:
        return 0.0
    ranked = y[np.argsort(-s, kind="stable")][:10]
    precision = np.cumsum(ranked) / np.arange(1, ranked.size + 1)
    return float((precision * ranked).sum() / p)


def _auc_min_class_share_guard(scores: Any, gold: Any) -> float:
    """AUC that returns 0.5 ('uninformative') once a class holds at most 0.1 % of the items."""
    s, y = _arrays(scores, gold)
    p = (y == 1).sum()
    if min(p, s.size - p) <= 0.001 * s.size:
        return 0.5
    return auc(s, y)


def _auc_centred_scores(scores: Any, gold: Any) -> float:
    """AUC of the scores minus their mean (centring overflows once the sum passes 1.8e308)."""
    s, y = _arrays(scores, gold)
    return auc(s - s.mean(), y)


def _auc_reciprocal_max_scaled(scores: Any, gold: Any) -> float:
    """AUC of the scores times 1 / max |s| (the reciprocal of a subnormal overflows)."""
    s, y = _arrays(scores, gold)
    top = np.abs(s).max()
    return auc(s * (1.0 / top) if top > 0 else s, y)


def _auc_isclose_ties(scores: Any, gold: Any) -> float:
    """AUC with ties found by ``np.isclose`` between neighbours (rtol 1e-5, atol 1e-8)."""
    s, y = _arrays(scores, gold)
    order = np.argsort(s, kind="stable")
    ordered = s[order]
    new_group = np.r_[True, ~np.isclose(ordered[1:], ordered[:-1])]
    groups = np.empty(s.size)
    groups[order] = np.cumsum(new_group)
    return auc(groups, y)


def _auc_float32(scores: Any, gold: Any) -> float:
    """AUC of the scores sorted as float32 (a cast meant to save memory)."""
    s, y = _arrays(scores, gold)
    with np.errstate(over="ignore"):
        return auc(s.astype(np.float32).astype(float), y)


def _auc_rounded_12_decimals(scores: Any, gold: Any) -> float:
    """AUC of the scores rounded to 12 decimals (meant to merge float noise)."""
    s, y = _arrays(scores, gold)
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = np.round(s, 12)
    return auc(np.where(np.isfinite(rounded), rounded, s), y)


def _auc_text_roundtrip(scores: Any, gold: Any) -> float:
    """AUC of the scores written with 15 significant digits and read back (a TSV round trip)."""
    s, y = _arrays(scores, gold)
    return auc(np.array([float(f"{x:.15g}") for x in s]), y)


def _auc_logit_clipped(scores: Any, gold: Any) -> float:
    """AUC of logit(s) for probabilities, clipped to [1e-7, 1 - 1e-7] first; margins as given."""
    s, y = _arrays(scores, gold)
    if s.min() >= 0.0 and s.max() <= 1.0:
        p = np.clip(s, 1e-7, 1.0 - 1e-7)
        s = np.log(p / (1.0 - p))
    return auc(s, y)


def _auc_minmax_normalised(scores: Any, gold: Any) -> float:
    """AUC of (s - min) / (max - min): tiny scores next to -1 merge into one."""
    s, y = _arrays(scores, gold)
    low, high = s.min(), s.max()
    with np.errstate(over="ignore", invalid="ignore"):
        t = (s - low) / (high - low) if high > low else np.zeros_like(s)
    return auc(np.nan_to_num(t, nan=0.0), y)


def _auc_midpoint_thresholds(scores: Any, gold: Any) -> float:
    """AUC over thresholds halfway between neighbouring distinct scores (midpoints overflow)."""
    s, y = _arrays(scores, gold)
    p, n = (y == 1).sum(), (y == 0).sum()
    if p == 0 or n == 0:
        return 0.5
    values = np.unique(s)[::-1]
    with np.errstate(over="ignore"):
        middle = (values[1:] + values[:-1]) / 2.0
    thresholds = np.r_[np.inf, middle, -np.inf]
    above = s[None, :] > thresholds[:, None]
    tpr = (above & (y == 1)).sum(axis=1) / p
    fpr = (above & (y == 0)).sum(axis=1) / n
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2.0))


def _auc_min_float_sentinel(scores: Any, gold: Any) -> float:
    """AUC over the items scored above -max float, which marks a missing score."""
    s, y = _arrays(scores, gold)
    keep = s > -_MAX
    return auc(s[keep], y[keep])


def _auc_round_half_up(scores: Any, gold: Any) -> float:
    """AUC of the scores rounded half up to 2 decimals, floor(100 s + 0.5) / 100."""
    s, y = _arrays(scores, gold)
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = np.floor(100.0 * s + 0.5) / 100.0
    return auc(np.where(np.isfinite(rounded), rounded, s), y)


def _auc_pairwise_differences(scores: Any, gold: Any) -> float:
    """AUC from the pairwise differences of positive and negative scores (they overflow)."""
    s, y = _arrays(scores, gold)
    d = s[y == 1][:, None] - s[y == 0][None, :]
    return float(((d > 0).sum() + 0.5 * (d == 0).sum()) / d.size) if d.size else 0.5


def _brier_ddof_one(scores: Any, gold: Any) -> float:
    """Brier score divided by n - 1 (a sample-variance habit): one item divides by zero."""
    s, y = _arrays(scores, gold)
    _probabilities(s)
    return float(((s - y) ** 2).sum() / (s.size - 1))


def _log_loss_floor_one_branch(scores: Any, gold: Any) -> float:
    """Log loss floored at 1e-7 for the negatives only; the positives keep eps."""
    s, y = _arrays(scores, gold)
    _probabilities(s)
    pos = -np.log(np.maximum(s, _EPS))
    neg = -np.log(np.maximum(1.0 - s, 1e-7))
    return float(np.where(y == 1, pos, neg).sum() / s.size)


# -- proofs ------------------------------------------------------------------------------------


def _scored(*entries: tuple[Any, Any]) -> Case:
    """A scored case of ``(scores, gold)`` entries (stacked when of one length; no class values)."""
    arrays = [_arrays(s, g) for s, g in entries]
    return Case.from_entries(arrays, tuple(f"e{i}" for i in range(len(entries))))


def _prevalence(scores: Any, gold: Any, k: int = 3) -> Case:
    """The scored prevalence case: the input, and every positive item repeated k times."""
    s, y = _arrays(scores, gold)
    return _scored((s, y), repeat_positives(s, y, k))


def _flip(scores: Any, gold: Any) -> Case:
    s, y = _arrays(scores, gold)
    return _scored((s, y), (-s, 1.0 - y))


def _swap(scores: Any, gold: Any, i: int, j: int) -> Case:
    """The swap case: positive ``i`` scored below negative ``j``, before and after exchanging."""
    s, y = _arrays(scores, gold)
    after = s.copy()
    after[i], after[j] = s[j], s[i]
    return _scored((s, y), (after, y))


def _permuted(scores: Any, gold: Any, order: Any) -> Case:
    s, y = _arrays(scores, gold)
    p = np.asarray(order)
    return _scored((s, y), (s[p], y[p]))


def _batches_witness() -> Case:
    """101 items whose last item, moved to the front, changes the first batch of 100."""
    s = np.arange(101, dtype=float)
    y = (np.arange(101) % 2 == 0).astype(float)
    s[100] = -1000.0  # a positive scored below everything, in the second batch alone
    return _permuted(s, y, np.r_[100, np.arange(100)])


def family_mutants(mutant: type[Any]) -> list[Any]:
    """The scored mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import
    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    loss: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    ramp = np.arange(101, dtype=float) / 100.0
    gold_ramp = np.zeros(101)
    gold_ramp[99] = 1.0
    one_in_1000 = np.zeros(1000)
    one_in_1000[0] = 1.0
    tens = np.r_[np.arange(1.0, 12.0), 0.0]
    tens_gold = np.r_[np.ones(11), 0.0]
    return [
        # monotone transform invariance
        Mutant(
            "auc_rounded_scores",
            "monotone_transform_invariance",
            "scored",
            _auc_rounded_scores,
            "scores rounded to 3 decimals",
            "maps that squeeze scores closer than 1e-3",
            _scored(([0.1, 0.2], [0, 1]), ([1e-4, 2e-4], [0, 1])),
            **unit,
        ),
        Mutant(
            "auc_fixed_thresholds",
            "monotone_transform_invariance",
            "scored",
            _auc_fixed_thresholds,
            "ROC at 201 fixed thresholds on [0, 1]",
            "maps taking scores outside [0, 1] or into one bin",
            _scored(([0.1, 0.2], [0, 1]), ([10.1, 10.2], [0, 1])),
            **unit,
        ),
        Mutant(
            "auc_midpoint_thresholds",
            "monotone_transform_invariance",
            "scored",
            _auc_midpoint_thresholds,
            "thresholds halfway between neighbouring scores, (a + b) / 2 overflowing",
            "scores above half the largest float",
            _scored(([1.5e308, 1.7e308], [0, 1]), ([0.0, 1.0], [0, 1])),
            **unit,
        ),
        # swap monotonicity
        Mutant(
            "reciprocal_rank_as_ap",
            "swap_monotonicity",
            "scored",
            _reciprocal_rank_as_ap,
            "average precision stopping at the first positive",
            "swaps below the top positive",
            _scored(([0.9, 0.1, 0.5], [1, 1, 0]), ([0.9, 0.5, 0.1], [1, 1, 0])),
            **unit,
        ),
        Mutant(
            "auc_clipped_scores",
            "swap_monotonicity",
            "scored",
            _auc_clipped_scores,
            "scores clipped to [0, 1]",
            "swaps of scores above 1 or below 0",
            _scored(([2.0, 3.0], [1, 0]), ([3.0, 2.0], [1, 0])),
            **unit,
        ),
        Mutant(
            "auc_binned_beyond_100_items",
            "swap_monotonicity",
            "scored",
            _auc_binned_beyond_100_items,
            "100 quantile bins instead of exact ranks beyond 100 items",
            "more than 100 items, a swap inside one bin",
            _swap(ramp, gold_ramp, 99, 100),
            **unit,
        ),
        Mutant(
            "auc_float32",
            "swap_monotonicity",
            "scored",
            _auc_float32,
            "scores cast to float32 before ranking",
            "nearly tied scores (1e-9 apart)",
            _swap([0.5, 0.5 + 1e-9], [1, 0], 0, 1),
            **unit,
        ),
        Mutant(
            "auc_rounded_12_decimals",
            "swap_monotonicity",
            "scored",
            _auc_rounded_12_decimals,
            "scores rounded to 12 decimals",
            "probabilities below 5e-13",
            _swap([1e-13, 2e-13], [1, 0], 0, 1),
            **unit,
        ),
        Mutant(
            "auc_text_roundtrip",
            "swap_monotonicity",
            "scored",
            _auc_text_roundtrip,
            "scores written with 15 significant digits and read back",
            "adjacent floats (differing in the 16th-17th significant digit)",
            _swap([1.0, float(np.nextafter(1.0, 2.0))], [1, 0], 0, 1),
            **unit,
        ),
        Mutant(
            "auc_logit_clipped",
            "swap_monotonicity",
            "scored",
            _auc_logit_clipped,
            "probabilities clipped to [1e-7, 1 - 1e-7] before the logit",
            "probabilities below 1e-7",
            _swap([1e-9, 1e-8, 0.5], [1, 0, 0], 0, 1),
            **unit,
        ),
        Mutant(
            "auc_minmax_normalised",
            "swap_monotonicity",
            "scored",
            _auc_minmax_normalised,
            "scores rescaled to [0, 1] by (s - min) / (max - min)",
            "one input mixing magnitudes (-1, 1e-20, 2e-20)",
            _swap([-1.0, 1e-20, 2e-20], [0, 1, 0], 1, 2),
            **unit,
        ),
        # prevalence invariance
        Mutant(
            "auc_balanced_pairs",
            "prevalence_invariance",
            "scored",
            _auc_balanced_pairs,
            "wins divided by (n / 2)^2 instead of P * N",
            "unbalanced inputs",
            _prevalence([0.1, 0.9], [0, 1]),
            **unit,
        ),
        Mutant(
            "auc_smoothed",
            "prevalence_invariance",
            "scored",
            _auc_smoothed,
            "a pseudo-count (wins + 1) / (pairs + 2)",
            "class sizes changing the pair count",
            _prevalence([0.1, 0.9], [0, 1]),
            **unit,
        ),
        Mutant(
            "auc_first_1000_items",
            "prevalence_invariance",
            "scored",
            _auc_first_1000_items,
            "only the first 1000 items scored",
            "more than 1000 items once the positives are repeated (large k)",
            _prevalence([0.9, 0.5, 0.1], [1, 0, 1], k=500),
            **unit,
        ),
        Mutant(
            "auc_uint8_tie_sizes",
            "prevalence_invariance",
            "scored",
            _auc_uint8_tie_sizes,
            "tie-group sizes stored as uint8",
            "k >= 256: a positive repeated into a tie group of 256 items",
            _prevalence([0.9, 0.1], [1, 0], k=256),
            **unit,
        ),
        Mutant(
            "auc_single_positive_shortcut",
            "prevalence_invariance",
            "scored",
            _auc_single_positive_shortcut,
            "a shortcut for one positive dividing by n instead of N",
            "one positive",
            _prevalence([0.9, 0.1], [1, 0], k=2),
            **unit,
        ),
        # label flip symmetry
        Mutant(
            "auc_floor_bins",
            "label_flip_symmetry",
            "scored",
            _auc_floor_bins,
            "scores binned by floor(100 s)",
            "scores in one bin whose negations straddle a bin edge",
            _flip([0.25, 0.255], [0, 1]),
            **unit,
        ),
        Mutant(
            "auc_skipping_non_positive",
            "label_flip_symmetry",
            "scored",
            _auc_skipping_non_positive,
            "items with score <= 0 dropped as missing",
            "inputs with scores of both signs",
            _flip([-1.0, 1.0, 2.0, -2.0, 3.0], [1, 0, 1, 0, 0]),
            **unit,
        ),
        Mutant(
            "auc_min_float_sentinel",
            "label_flip_symmetry",
            "scored",
            _auc_min_float_sentinel,
            "-max float read as a missing score",
            "scores at the largest finite float",
            _flip([_MAX, 0.0, 1.0], [1, 0, 0]),
            **unit,
        ),
        Mutant(
            "auc_round_half_up",
            "label_flip_symmetry",
            "scored",
            _auc_round_half_up,
            "scores rounded half up to 2 decimals, floor(100 s + 0.5) / 100",
            "a score exactly halfway between two 2-decimal values (0.125)",
            _flip([0.125, 0.12], [1, 0]),
            **unit,
        ),
        Mutant(
            "auc_one_negative_shortcut",
            "label_flip_symmetry",
            "scored",
            _auc_one_negative_shortcut,
            "a shortcut for one negative dividing by n instead of P",
            "all items but one positive",
            _flip([0.9, 0.1, 0.5], [1, 1, 0]),
            **unit,
        ),
        # item order invariance
        Mutant(
            "auc_argsort_ranks",
            "item_order_invariance",
            "scored",
            _auc_argsort_ranks,
            "tied scores ranked by position",
            "a positive and a negative tied",
            _scored(([0.5, 0.5], [1, 0]), ([0.5, 0.5], [0, 1])),
            **unit,
        ),
        Mutant(
            "ap_position_ties",
            "item_order_invariance",
            "scored",
            _ap_position_ties,
            "average precision with ties kept in input order",
            "a positive and a negative tied",
            _scored(([0.5, 0.5], [1, 0]), ([0.5, 0.5], [0, 1])),
            **unit,
        ),
        Mutant(
            "precision_at_10_position_cut",
            "item_order_invariance",
            "scored",
            _precision_at_10_position_cut,
            "the top 10 of an argsort: a tie group cut at rank 10 by position",
            "more than 10 items, a tie across rank 10",
            _permuted(np.zeros(11), np.r_[1.0, np.zeros(10)], np.r_[np.arange(1, 11), 0]),
            **unit,
        ),
        Mutant(
            "auc_mean_over_batches_of_100",
            "item_order_invariance",
            "scored",
            _auc_mean_over_batches_of_100,
            "AUC averaged over consecutive batches of 100 items",
            "more than 100 items",
            _batches_witness(),
            **unit,
        ),
        # identity
        Mutant(
            "ap_at_10_over_p",
            "identity",
            "scored",
            _ap_at_10_over_p,
            "average precision cut at rank 10, divided by P",
            "more than 10 positives",
            _scored((tens, tens_gold)),
            **unit,
        ),
        Mutant(
            "auc_min_class_share_guard",
            "identity",
            "scored",
            _auc_min_class_share_guard,
            "0.5 whenever a class holds at most 0.1 % of the items",
            "one positive in 1000 items",
            _scored((np.r_[1.0, np.zeros(999)], one_in_1000)),
            **unit,
        ),
        Mutant(
            "auc_centred_scores",
            "identity",
            "scored",
            _auc_centred_scores,
            "scores centred on their mean, whose sum overflows",
            "separations near the largest float",
            _scored(([1e308, 1.7e308], [0, 1])),
            **unit,
        ),
        Mutant(
            "auc_reciprocal_max_scaled",
            "identity",
            "scored",
            _auc_reciprocal_max_scaled,
            "scores times 1 / max |s|, infinite for subnormal scores",
            "a separation of subnormal scores",
            _scored(([5e-324, 1e-323], [0, 1])),
            **unit,
        ),
        Mutant(
            "auc_isclose_ties",
            "identity",
            "scored",
            _auc_isclose_ties,
            "ties found with np.isclose (atol 1e-8)",
            "a separation by a gap below 1e-8",
            _scored(([0.5, 0.5 + 1e-9], [0, 1])),
            **unit,
        ),
        # well-definedness
        Mutant(
            "brier_ddof_one",
            "well_defined",
            "scored",
            _brier_ddof_one,
            "the squared errors divided by n - 1",
            "a single item",
            _scored(([0.3], [1])),
            **loss,
        ),
        Mutant(
            "auc_pairwise_differences",
            "well_defined",
            "scored",
            _auc_pairwise_differences,
            "pairwise differences of positive and negative scores (overflow warning)",
            "scores of both signs beyond half the largest float",
            _scored(([1e308, -1e308], [1, 0])),
            **unit,
            score_range=(0.0, 1.0),
        ),
        Mutant(
            "log_loss_floor_one_branch",
            "well_defined",
            "scored",
            _log_loss_floor_one_branch,
            "probabilities floored at 1e-7 for the negatives, at eps for the positives",
            "a positive scored below 1e-7",
            _scored(([1e-300, 0.5], [1, 0])),
            score_range=(0.0, -math.log(1e-7)),
            **loss,
        ),
    ]


# -- random cases for the benchmark's random-search baselines ------------------------------------


def _random_scores(rng: np.random.Generator, corners: bool) -> tuple[np.ndarray, np.ndarray]:
    """Random scores and a gold with both classes; ``corners`` favours ties and extreme scales."""
    n = int(rng.integers(2, 13))
    s = rng.normal(size=n)
    if corners:
        s = np.round(s, int(rng.integers(0, 3))) * 10.0 ** int(rng.integers(-6, 7))
    y = rng.permutation(np.r_[0.0, 1.0, rng.integers(0, 2, size=n - 2).astype(float)])
    return s, y


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a scored claim, for the benchmark's random searches.

    ``corners=False`` draws naive inputs; ``corners=True`` favours the corners
    a tester would try by hand (tied and extreme scores).
    """
    s, y = _random_scores(rng, corners)
    if claim == "monotone_transform_invariance":
        a, b = float(np.exp(rng.normal(scale=3))), float(rng.normal(scale=10))
        maps = (lambda x: a * x + b, np.exp, lambda x: x**3, np.arctan)
        with np.errstate(over="ignore"):  # an overflow loses the order: dense ranks below
            moved = maps[int(rng.integers(len(maps)))](s)
        if not keeps_order(s, moved):
            moved = np.unique(s, return_inverse=True)[1].astype(float)
        return _scored((s, y), (moved, y))
    if claim == "swap_monotonicity":
        pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
        pairs = [(int(i), int(j)) for i in pos for j in neg if s[i] < s[j]]
        if not pairs:  # every positive above every negative: push one pair out of order
            i, j = int(pos[0]), int(neg[0])
            s[i], s[j] = min(s[i], s[j]) - 1.0, max(s[i], s[j]) + 1.0
            pairs = [(i, j)]
        i, j = pairs[int(rng.integers(len(pairs)))]
        return _swap(s, y, i, j)
    if claim == "prevalence_invariance":
        return _prevalence(s, y, int(rng.integers(2, 7)))
    if claim == "label_flip_symmetry":
        return _flip(s, y)
    if claim == "item_order_invariance":
        return _permuted(s, y, rng.permutation(s.size))
    if claim == "identity":
        gold = (s > np.median(s)).astype(float)
        if gold.min() == gold.max():
            gold[int(np.argmax(s))] = 1.0 - gold[int(np.argmax(s))]
            s[int(np.argmax(s))] += 1.0
        return _scored((s, gold))
    if claim == "well_defined":
        if corners and rng.random() < 0.5:
            y = np.full(s.size, float(rng.integers(0, 2)))
        return _scored((s, y))
    raise KeyError(f"claim={claim!r}: no random scored sampler")


def family_controls(control: type[Any]) -> list[Any]:
    """Correct scored measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import
    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    loss: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    auc_claims = (
        "monotone_transform_invariance",
        "swap_monotonicity",
        "prevalence_invariance",
        "label_flip_symmetry",
        "item_order_invariance",
        "identity",
        "well_defined",
    )
    return [
        Control("auc", "scored", auc, auc_claims, "ROC AUC, ties one half", **unit),
        Control(
            "auc_noisy",
            "scored",
            _noisy(auc, 2e-12),
            ("swap_monotonicity", "item_order_invariance", "label_flip_symmetry"),
            "relative noise 2e-12 (odd in the scores: a label flip moves it by 4e-12)",
            **unit,
        ),
        Control(
            "auc_rank_sum",
            "scored",
            _auc_rank_sum,
            auc_claims,
            "ROC AUC from the positives' rank sum (average ranks, float arithmetic)",
            **unit,
        ),
        Control(
            "auc_trapezoid",
            "scored",
            _auc_trapezoid,
            auc_claims[:-1],
            "ROC AUC as the trapezoidal area under the ROC curve (rounding noise)",
            **unit,
        ),
        Control(
            "average_precision",
            "scored",
            _average_precision,
            ("monotone_transform_invariance", "item_order_invariance", "identity"),
            "non-interpolated AP over distinct thresholds",
            **unit,
        ),
        Control(
            "precision_at_10",
            "scored",
            _precision_at_10,
            ("monotone_transform_invariance", "item_order_invariance", "well_defined"),
            "tie-aware precision at 10",
            score_range=(0.0, 1.0),
            **unit,
        ),
        Control(
            "brier_fsum",
            "scored",
            _brier,
            ("item_order_invariance", "well_defined"),
            "Brier score summed exactly",
            score_range=(0.0, 1.0),
            **loss,
        ),
        Control(
            "log_loss_log1p",
            "scored",
            _log_loss,
            ("item_order_invariance", "well_defined"),
            "log loss floored at eps, negatives through log1p (another rounding)",
            score_range=(0.0, -math.log(_EPS)),
            **loss,
        ),
    ]
