"""Hypothesis strategies for ordinal-quantification (OQ) claims (public).

OQ measures compare an estimated distribution over ordered classes with the
gold one; these strategies draw ``(system, gold)`` distributions and what
an OQ claim speaks about: distributions and pairs with exact zeros, ties,
one-hot, uniform, subnormal and near-identical members
(:func:`distributions`, :func:`distribution_pairs`), estimates that keep or
break the gold's order of the bins (:func:`priority_preserving_estimates`,
:func:`priority_violating_estimates`, :func:`orders_agree`), one-hot
estimates outside the gold's support (:func:`one_hot_pairs`) and mass moved
away from all gold mass (:func:`mass_transfers`).  Probabilities are
normalised integer counts (a continuous sampler alone never produces an
exact zero or tie), with explicit one-hot, uniform, continuous and tiny
branches.  Options are keyword-only; impossible options raise
:class:`~axiometrics.strategies.StrategyArgumentError` when the strategy is
built.

Example::

    from hypothesis import given
    from axiometrics.measures.oq.strategies import distribution_pairs

    @given(distribution_pairs(max_classes=5))
    def test_my_divergence_is_non_negative(pair):
        system, gold = pair
        assert my_divergence(system, gold) >= 0
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import (
    BOOLEANS,
    DEFAULT_MAX_CLASSES,
    DEFAULT_MAX_COUNT,
    bounded_floats,
    bounded_integers,
    class_counts,
    index_permutations,
    numbers_of_classes,
    reused,
    sampled_options,
)
from axiometrics.strategy_options import (
    StrategyArgumentError,
    choice_option,
    class_bounds,
    int_option,
)

__all__ = [
    "NEAR_IDENTICAL_STEPS",
    "NEAR_TIE_GAPS",
    "TINY_MASS_STEPS",
    "TINY_PROBABILITIES",
    "MassTransfer",
    "OneHotPair",
    "distribution_pairs",
    "distributions",
    "mass_transfers",
    "one_hot_pairs",
    "orders_agree",
    "priority_preserving_estimates",
    "priority_violating_estimates",
]

# -- distributions ------------------------------------------------------------------

_DISTRIBUTION_KINDS = ("counts", "one_hot", "uniform", "continuous", "tiny")
#: Probabilities of the ``"tiny"`` kind: down to the smallest subnormal float.
TINY_PROBABILITIES = (1e-30, 1e-200, 1e-310, 5e-324)


def _normalise(counts: np.ndarray) -> np.ndarray:
    return np.asarray(counts, dtype=float) / float(np.sum(counts))


def distributions(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    kinds: Sequence[str] = _DISTRIBUTION_KINDS,
    zero_bins: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Probability distributions ``(C,)`` over ordered classes.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest bin count of the ``"counts"`` kind.
    kinds
        ``"counts"`` (normalised integer counts: exact zeros and ties),
        ``"one_hot"``, ``"uniform"``, ``"continuous"`` (normalised floats),
        ``"tiny"`` (normalised counts with some bins at 1e-30 down to the
        smallest subnormal, 5e-324); listed in shrinking order.
    zero_bins
        Whether bins may be exactly 0 (``False`` excludes ``"one_hot"``).
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap, usable = _distribution_options(max_count, kinds, zero_bins)
    return _distributions(lo, hi, cap, usable, zero_bins)


@reused
@st.composite
def _distributions(
    draw: st.DrawFn, lo: int, hi: int, cap: int, kinds: tuple[str, ...], zero_bins: bool
) -> np.ndarray:
    c = draw(numbers_of_classes(lo, hi))
    return draw(_distribution(c, cap, kinds, zero_bins))


def _distribution_options(
    max_count: int, kinds: Sequence[str], zero_bins: bool
) -> tuple[int, tuple[str, ...]]:
    cap = int_option("max_count", max_count, minimum=1)
    if not kinds:
        raise StrategyArgumentError("kinds=() must name at least one kind of distribution")
    for kind in kinds:
        choice_option("kinds item", kind, _DISTRIBUTION_KINDS)
    usable = tuple(k for k in kinds if zero_bins or k != "one_hot")
    if not usable:
        raise StrategyArgumentError(f"kinds={tuple(kinds)!r} cannot avoid zero bins")
    return cap, usable


@reused
@st.composite
def _distribution(
    draw: st.DrawFn, c: int, cap: int, kinds: tuple[str, ...], zero_bins: bool
) -> np.ndarray:
    kind = draw(sampled_options(kinds))
    if kind == "one_hot":
        out = np.zeros(c)
        out[draw(bounded_integers(0, c - 1))] = 1.0
        return out
    if kind == "uniform":
        return np.full(c, 1.0 / c)
    if kind == "tiny":
        counts = draw(class_counts(n_classes=c, max_count=cap)).astype(float)
        zeros = np.flatnonzero(counts == 0)
        spots = zeros if zeros.size else np.asarray([int(np.argmin(counts))])
        out = counts / counts.sum()
        for k in spots:
            out[k] = draw(sampled_options(TINY_PROBABILITIES))
        return out / out.sum()
    if kind == "continuous":
        weight = bounded_floats(1e-3 if not zero_bins else 0.0, 1.0)
        w = np.asarray([draw(weight) for _ in range(c)])
        if w.sum() == 0:
            w[0] = 1.0
        return w / w.sum()
    counts = draw(class_counts(n_classes=c, max_count=cap, empty_classes=zero_bins))
    return _normalise(counts)


def distribution_pairs(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    kinds: Sequence[str] = _DISTRIBUTION_KINDS,
    zero_bins: bool = True,
    identical: bool = True,
    related: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` distribution pairs over the same C classes.

    Parameters
    ----------
    n_classes, min_classes, max_classes, max_count, kinds, zero_bins
        As for :func:`distributions` (both members are drawn with them).
    identical
        Whether the pair may be the same distribution twice (a perfect estimate).
    related
        Whether, besides independent draws, the system may be the gold with
        one count unit moved between two bins, the gold with 1e-9 .. 1e-4 of
        mass moved between two bins (near-identical pairs), or an estimate
        ordering the bins exactly as the gold does -- the near misses on which
        measures that look only at the bin order, or round small differences
        away, break.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap, usable = _distribution_options(max_count, kinds, zero_bins)
    return _distribution_pairs(lo, hi, cap, usable, zero_bins, identical, related)


_PAIR_MODES = ("independent", "identical", "nudged", "same_order", "near_identical")
#: Largest absolute differences max|p - q| of the near-identical pairs.
NEAR_IDENTICAL_STEPS = (1e-9, 1e-8, 1e-6, 1e-4)


@reused
@st.composite
def _distribution_pairs(
    draw: st.DrawFn,
    lo: int,
    hi: int,
    cap: int,
    kinds: tuple[str, ...],
    zero_bins: bool,
    identical: bool,
    related: bool,
) -> tuple[np.ndarray, np.ndarray]:
    c = draw(numbers_of_classes(lo, hi))
    modes = [m for m in _PAIR_MODES if (identical or m != "identical")]
    if not related:
        modes = [m for m in modes if m in ("independent", "identical")]
    mode = draw(sampled_options(modes)) if len(modes) > 1 else modes[0]
    if mode == "near_identical":
        # p = q with a hair of mass (1e-9 .. 1e-4) moved between two bins.
        q = _normalise(
            draw(class_counts(n_classes=c, max_count=max(cap, 2), empty_classes=zero_bins))
        )
        donor = int(np.argmax(q))
        receiver = draw(sampled_options([k for k in range(c) if k != donor]))
        step = min(float(draw(sampled_options(NEAR_IDENTICAL_STEPS))), float(q[donor]) / 2)
        p = q.copy()
        p[donor] -= step
        p[receiver] += step
        return p, q
    if mode in ("nudged", "same_order"):
        q = draw(class_counts(n_classes=c, max_count=max(cap, 2), empty_classes=zero_bins))
        if mode == "same_order":
            p = draw(_preserving_counts(tuple(q.tolist()), cap))
            if not zero_bins:
                p = p + 1 if np.any(p == 0) else p
            return _normalise(p), _normalise(q)
        donor = draw(
            sampled_options(
                [int(k) for k in np.flatnonzero(q > (0 if zero_bins else 1))] or [int(np.argmax(q))]
            )
        )
        receiver = draw(sampled_options([k for k in range(c) if k != donor]))
        p = q.copy()
        if p[donor] > (0 if zero_bins else 1):
            p[donor] -= 1
            p[receiver] += 1
        return _normalise(p), _normalise(q)
    gold = draw(_distribution(c, cap, kinds, zero_bins))
    if mode == "identical":
        return gold.copy(), gold
    return draw(_distribution(c, cap, kinds, zero_bins)), gold


def orders_agree(system: Any, gold: Any) -> bool:
    """Whether ``system`` orders every pair of bins as ``gold`` does (ties included).

    This is the premise of Sakai's priority preserving property:
    ``sign(p_i - p_j) == sign(q_i - q_j)`` for all ``i, j``.
    """
    p = np.asarray(system, dtype=float)
    q = np.asarray(gold, dtype=float)
    return bool(np.array_equal(np.sign(p[:, None] - p[None, :]), np.sign(q[:, None] - q[None, :])))


def _priority_levels(counts: np.ndarray) -> np.ndarray:
    """Rank of each bin among the distinct counts (ties share a rank)."""
    levels = np.unique(counts)
    return np.searchsorted(levels, counts)


@reused
@st.composite
def _preserving_counts(draw: st.DrawFn, q_counts: tuple[int, ...], cap: int) -> np.ndarray:
    """Integer weights ordered exactly like ``q_counts`` (ties included).

    The counts come as a tuple so that the strategy can be reused
    (:func:`~axiometrics.strategies.reused`).
    """
    rank = _priority_levels(np.asarray(q_counts, dtype=np.int64))
    n_levels = int(rank.max()) + 1
    gaps = [draw(bounded_integers(0 if k == 0 else 1, max(cap, 1))) for k in range(n_levels)]
    level_weight = np.cumsum(gaps)
    if level_weight[-1] == 0:
        level_weight = level_weight + 1
    return np.asarray(level_weight[rank], dtype=np.int64)


def priority_preserving_estimates(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    uniform_gold: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` pairs where the system orders every pair of bins as the gold.

    The gold is normalised counts (ties, zeros, one-hot and uniform golds
    included unless ``uniform_gold=False``); the estimate assigns a new,
    strictly increasing weight to each distinct gold level, so equal gold
    bins stay exactly equal and the order is preserved strictly.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=2 if not uniform_gold else 1)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
        q_counts = draw(class_counts(min_classes=lo, max_classes=hi, max_count=cap))
        if not uniform_gold and np.all(q_counts == q_counts[0]):
            q_counts = q_counts.copy()
            q_counts[0] = q_counts[0] + 1 if q_counts[0] < cap else q_counts[0] - 1
        if q_counts.size >= 2 and draw(bounded_integers(0, 4)) == 0:
            # A fifth of the draws: two gold bins a hair apart (1e-12 .. 1e-6),
            # kept in the same order by an estimate with an ordinary gap.
            q = _normalise(q_counts)
            i, j = draw(index_permutations(q.size))[:2]
            level = max(float(q[i]), float(q[j]), 1.0 / q.size)
            gold = q.copy()
            gold[j] = level
            gold[i] = level * (1 + draw(sampled_options(NEAR_TIE_GAPS)))
            gold = gold / gold.sum()
            rank = _priority_levels(gold)
            weights = np.cumsum(
                [draw(bounded_integers(1, cap)) for _ in range(int(rank.max()) + 1)]
            )
            return _normalise(weights[rank]), gold
        p_counts = draw(_preserving_counts(tuple(q_counts.tolist()), cap))
        return _normalise(p_counts), _normalise(q_counts)

    return build()


def priority_violating_estimates(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    uniform_gold: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` pairs where the system orders some pair of bins differently.

    Violations are built explicitly so that the smallest ones are common:
    two bins swapped, two bins of different gold probability made equal, a
    gold tie broken by one count unit, or a free draw.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=2)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
        q_counts = draw(class_counts(min_classes=lo, max_classes=hi, max_count=cap))
        c = q_counts.size
        if not uniform_gold and np.all(q_counts == q_counts[0]):
            q_counts = q_counts.copy()
            q_counts[0] = q_counts[0] + 1 if q_counts[0] < cap else q_counts[0] - 1
        p = draw(_preserving_counts(tuple(q_counts.tolist()), cap)).copy()
        if np.all(q_counts == q_counts[0]):
            # Uniform gold: every non-uniform estimate breaks a tie.
            p[draw(bounded_integers(0, c - 1))] += draw(bounded_integers(1, cap))
            return _normalise(p), _normalise(q_counts)
        unequal = [(i, j) for i in range(c) for j in range(c) if q_counts[i] > q_counts[j]]
        tied = [(i, j) for i in range(c) for j in range(i + 1, c) if q_counts[i] == q_counts[j]]
        mode = draw(sampled_options(("swap", "tie", "break_tie", "free", "near_tie", "near_tie")))
        if mode == "near_tie":
            return draw(_near_tie_violation(tuple(_normalise(q_counts).tolist())))
        if mode == "break_tie" and tied:
            i, j = draw(sampled_options(tied))
            p[i] += draw(bounded_integers(1, cap))
        elif mode == "free":
            p = draw(class_counts(n_classes=c, max_count=cap)).copy()
        else:
            i, j = draw(sampled_options(unequal))
            if mode == "tie":
                p[i] = p[j]
            else:
                p[i], p[j] = p[j], p[i]
        if p.sum() == 0:
            p = np.ones(c, dtype=np.int64)
        if orders_agree(p, q_counts):
            i, j = unequal[0]
            p[i], p[j] = p[j], p[i]
        return _normalise(p), _normalise(q_counts)

    return build()


#: Gaps between two nearly tied gold bins (relative to the bins).
NEAR_TIE_GAPS = (1e-12, 1e-9, 1e-7, 1e-6)


@reused
@st.composite
def _near_tie_violation(
    draw: st.DrawFn, gold_bins: tuple[float, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """Gold bins a hair apart and an estimate ordering them the other way.

    ``q_i > q_j`` by 1e-12 .. 1e-6 of the bins, and the estimate puts
    ``p_j > p_i`` by a resolvable margin: the violation lives in a gap that a
    measure rounding the gold would not see.  The gold comes as a tuple so
    that the strategy can be reused (:func:`~axiometrics.strategies.reused`).
    """
    q = np.asarray(gold_bins, dtype=float)
    c = q.size
    i, j = draw(index_permutations(c))[:2]
    level = max(float(q[i]), float(q[j]), 1.0 / c)
    gap = draw(sampled_options(NEAR_TIE_GAPS)) * level
    gold = q.copy()
    gold[i] = gold[j] = level
    gold[i] += gap
    gold = gold / gold.sum()
    # Reverse the pair by a resolvable margin without passing any other bin.
    above = gold[gold > gold[i]]
    room = (float(above.min()) - float(gold[i])) / 2 if above.size else level
    p = gold.copy()
    p[i], p[j] = gold[j], gold[i] + min(draw(sampled_options((0.1, 0.3))) * level, room)
    return p / p.sum(), gold


# -- claim-specific pairs --------------------------------------------------------


def _support_counts(c: int, cap: int) -> st.SearchStrategy[np.ndarray]:
    """Counts for ``c >= 1`` bins with at least one item (a gold's support)."""
    if c == 1:
        return bounded_integers(1, cap).map(lambda n: np.asarray([n], dtype=np.int64))
    return class_counts(n_classes=c, max_count=cap)


@dataclass(frozen=True)
class OneHotPair:
    """Two one-hot estimates on the same side of all gold mass.

    Attributes
    ----------
    nearer, farther
        One-hot distributions on bins ``a`` (nearer the gold mass) and ``b``.
    gold
        The gold distribution.
    a, b
        The bins of the two estimates.
    """

    nearer: np.ndarray
    farther: np.ndarray
    gold: np.ndarray
    a: int
    b: int


def one_hot_pairs(
    *,
    n_classes: int | None = None,
    min_classes: int = 3,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
) -> st.SearchStrategy[OneHotPair]:
    """One-hot estimates ``e_a``, ``e_b`` with ``b < a < min supp(gold)`` (or mirrored)."""
    lo, hi = class_bounds(
        n_classes=n_classes, min_classes=min_classes, max_classes=max_classes, floor=3
    )
    cap = int_option("max_count", max_count, minimum=1)

    @st.composite
    def build(draw: st.DrawFn) -> OneHotPair:
        c = draw(numbers_of_classes(lo, hi))
        start = draw(bounded_integers(2, c - 1))
        gold = np.zeros(c, dtype=np.int64)
        gold[start:] = draw(_support_counts(c - start, cap))
        a = draw(bounded_integers(1, start - 1))
        b = draw(bounded_integers(0, a - 1))
        if draw(BOOLEANS):
            gold, a, b = gold[::-1].copy(), c - 1 - a, c - 1 - b
        nearer, farther = np.zeros(c), np.zeros(c)
        nearer[a] = 1.0
        farther[b] = 1.0
        return OneHotPair(nearer, farther, _normalise(gold), a, b)

    return build()


@functools.lru_cache(maxsize=256)
def _one_or_up_to(top: int) -> st.SearchStrategy[int]:
    """1, or anything in ``1 .. top`` (shrinks to 1)."""
    return st.one_of(st.just(1), bounded_integers(1, top))


#: Fractions of a bin's mass moved by the smallest mass transfers.
TINY_MASS_STEPS = (1e-6, 1e-5, 1e-4)


@dataclass(frozen=True)
class MassTransfer:
    """An estimate and the estimate with some mass moved one bin further from all gold mass.

    Attributes
    ----------
    before, after
        The two estimates; ``after`` moved ``amount`` from ``source`` to ``target``.
    gold
        The gold distribution (all its mass lies on the far side of ``source``).
    source, target
        Adjacent bins.
    amount
        The probability mass moved.
    """

    before: np.ndarray
    after: np.ndarray
    gold: np.ndarray
    source: int
    target: int
    amount: float


def mass_transfers(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
) -> st.SearchStrategy[MassTransfer]:
    """Estimates before/after moving mass one bin further away from all gold mass."""
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)

    @st.composite
    def build(draw: st.DrawFn) -> MassTransfer:
        c = draw(numbers_of_classes(lo, hi))
        start = draw(bounded_integers(1, c - 1))
        gold = np.zeros(c, dtype=np.int64)
        gold[start:] = draw(_support_counts(c - start, cap))
        # Half of the draws move mass at the far end of the scale (bin 1 to
        # bin 0, or C-2 to C-1 mirrored), where clipped scales break.
        source = draw(_one_or_up_to(start))
        p = draw(class_counts(n_classes=c, max_count=cap)).copy()
        if p[source] == 0:
            p[source] = 1
        target = source - 1
        total = float(p.sum())
        before_p = _normalise(p)
        if draw(bounded_integers(0, 3)) == 0:
            # The smallest step inside the cap: 1e-6 .. 1e-4 of the probability mass.
            amount = float(draw(sampled_options(TINY_MASS_STEPS))) * float(before_p[source])
            after_p = before_p.copy()
            after_p[source] -= amount
            after_p[target] += amount
        else:
            eps = draw(bounded_integers(1, int(p[source])))
            after = p.copy()
            after[source] -= eps
            after[target] += eps
            after_p = _normalise(after)
            amount = eps / total
        gold_p = _normalise(gold)
        if draw(BOOLEANS):
            gold_p, before_p, after_p = gold_p[::-1].copy(), before_p[::-1].copy(), after_p[::-1]
            after_p = after_p.copy()
            source, target = c - 1 - source, c - 1 - target
        return MassTransfer(before_p, after_p, gold_p, source, target, amount)

    return build()
