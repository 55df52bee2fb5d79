"""Hypothesis strategies for ordinal-classification (OC) claims (public).

Each strategy draws a confusion matrix (rows = system, columns = gold) and
what an OC claim speaks about: a system and an improved one
(:func:`improved_systems`, :func:`few_item_improvements`,
:func:`few_item_systems`, for ``ordinal_monotonicity``) or a gold and two
one-item moves (:func:`gold_item_moves`, for ``imbalance``).  The matrix
generators shared with the nominal family, :func:`confusion_matrices` and
:func:`label_assignments`, are re-exported here from
``axiometrics.measures._matrices.strategies``; counts per class and class
values come from :mod:`axiometrics.strategies`.  Options are keyword-only;
impossible options raise :class:`~axiometrics.strategies.StrategyArgumentError`
when the strategy is built.

Example::

    from hypothesis import given
    from axiometrics.measures.oc.strategies import improved_systems

    @given(improved_systems(max_classes=5))
    def test_my_measure_rewards_moving_items_toward_their_gold(pair):
        assert my_measure(pair.after) > my_measure(pair.before)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import (
    BOOLEANS,
    CELL_BY_CELL,
    DEFAULT_MAX_CLASSES,
    DEFAULT_MAX_COUNT,
    QUARTER_SHARES,
    SEEDS,
    bounded_integers,
    class_counts,
    index_permutations,
    numbers_of_classes,
    reused,
    sampled_options,
)
from axiometrics.strategy_options import class_bounds, int_option

from .._matrices.strategies import LabelAssignment, confusion_matrices, label_assignments

__all__ = [
    "GoldItemMoves",
    "LabelAssignment",
    "Move",
    "SystemImprovement",
    "confusion_matrices",
    "few_item_improvements",
    "few_item_systems",
    "gold_item_moves",
    "improved_systems",
    "label_assignments",
]


@dataclass(frozen=True)
class Move:
    """``count`` items of gold class ``gold`` moved from system class ``source`` to ``target``."""

    source: int
    target: int
    gold: int
    count: int


@dataclass(frozen=True)
class SystemImprovement:
    """A system and an improved system on the same gold.

    Every changed item moved strictly toward its gold class without passing
    it (Amigó et al.'s ordinal monotonicity premise).

    Attributes
    ----------
    before, after
        Confusion matrices ``(C, C)`` (rows = system, columns = gold).
    moves
        The item moves turning ``before`` into ``after``.
    """

    before: np.ndarray
    after: np.ndarray
    moves: tuple[Move, ...] = field(default=())


def improved_systems(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[SystemImprovement]:
    """A system and an improved one: some items moved toward (never past) their gold class.

    A quarter of the draws is the smallest improvement inside the count cap
    (one item moved by one class in a matrix whose cells are all near
    ``max_count``), a quarter a handful of items (up to C + 3, every class
    used unless empty classes are allowed), the rest free matrices with
    several moves.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)
    return _improved_systems(lo, hi, cap, bool(empty_gold_classes), bool(empty_system_classes))


@functools.lru_cache(maxsize=256)
def _improved_systems(
    lo: int, hi: int, cap: int, empty_gold: bool, empty_system: bool
) -> st.SearchStrategy[SystemImprovement]:
    base = confusion_matrices(
        min_classes=lo,
        max_classes=hi,
        max_count=cap,
        empty_gold_classes=empty_gold,
        empty_system_classes=empty_system,
    )
    few = _few_item_improvements(lo, min(hi, lo + 3), empty_gold, empty_system)
    return _improvements(base, few, _dense_matrices(lo, hi, cap), empty_system)


#: Matrices with at most this many misclassified cells draw each cell's move;
#: more cells take their moves from one seed.
_MOVES_ONE_BY_ONE = 4


@st.composite
def _improvements(
    draw: st.DrawFn,
    base: st.SearchStrategy[np.ndarray],
    few: st.SearchStrategy[SystemImprovement],
    dense: st.SearchStrategy[np.ndarray],
    empty_system: bool,
) -> SystemImprovement:
    branch = draw(bounded_integers(0, 3))
    if branch == 1:
        # A quarter of the draws: a handful of items (up to C + 3), mostly
        # misclassified, with empty gold classes when allowed (where
        # class-size-based measures such as CEM^ORD break) and every class
        # used otherwise (where chance-corrected ones such as linear kappa
        # break), improved by one item moved one class.
        return draw(few)
    if branch == 0:
        # A quarter of the draws: the smallest improvement inside the
        # count cap -- one item moved by one class in a large matrix.
        m = draw(dense).copy()
        c = m.shape[0]
        g = draw(bounded_integers(0, c - 1))
        s = draw(sampled_options([k for k in range(c) if k != g]))
        m[s, g] = max(m[s, g], 1)
        t = s - 1 if s > g else s + 1
        after = m.copy()
        after[s, g] -= 1
        after[t, g] += 1
        return SystemImprovement(m, after, (Move(s, t, g, 1),))
    m = draw(base).copy()
    c = m.shape[0]
    if np.trace(m) == m.sum():
        # A perfect system cannot improve: add one misclassified item.
        gold = draw(bounded_integers(0, c - 1))
        system = draw(bounded_integers(0, c - 2))
        m[system if system < gold else system + 1, gold] += 1
    after = m.copy()
    moves: list[Move] = []
    cells = [(s, g) for s in range(c) for g in range(c) if s != g and m[s, g] > 0]
    if len(cells) <= _MOVES_ONE_BY_ONE:
        picks = [
            (draw(bounded_integers(0, int(m[s, g]))), draw(bounded_integers(0, abs(s - g) - 1)))
            for s, g in cells
        ]
    else:
        # Many misclassified cells: how many items each moves, and how far,
        # from one seed (a share of the cells moves nothing, some move all).
        rng = np.random.default_rng(draw(SEEDS))
        still = rng.random(len(cells)) < draw(QUARTER_SHARES) / 4
        picks = [
            (0 if still[k] else int(rng.integers(0, m[s, g] + 1)), int(rng.integers(abs(s - g))))
            for k, (s, g) in enumerate(cells)
        ]
    for (s, g), (k, step) in zip(cells, picks, strict=True):
        if not empty_system:
            # Keep the system class non-empty.
            k = min(k, int(after[s].sum()) - 1)
        if k <= 0:
            continue
        t = s - 1 - step if s > g else s + 1 + step
        after[s, g] -= k
        after[t, g] += k
        moves.append(Move(s, t, g, k))
    if not moves:
        s, g = cells[0]
        t = s - 1 if s > g else s + 1
        after[s, g] -= 1
        after[t, g] += 1
        moves.append(Move(s, t, g, 1))
    return SystemImprovement(m, after, tuple(moves))


def few_item_improvements(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = 5,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[SystemImprovement]:
    """A handful of items (up to C + 3) and the system with one of them moved one class.

    The items are free, all misclassified, or (when empty gold classes are
    allowed) gold items in a block at one end of the scale with system items
    beyond empty gold classes at the other end; without empty classes every
    class is used by the gold (and by the system).  These are the corners
    where class-size-based measures (CEM^ORD) and chance-corrected ones
    (linear kappa) break ordinal monotonicity.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    return _few_item_improvements(lo, hi, bool(empty_gold_classes), bool(empty_system_classes))


@functools.lru_cache(maxsize=256)
def _few_item_improvements(
    lo: int, hi: int, empty_gold: bool, empty_system: bool
) -> st.SearchStrategy[SystemImprovement]:
    return _few_items(lo, hi, empty_gold, empty_system)


@reused
@st.composite
def _few_items(
    draw: st.DrawFn, lo: int, hi: int, empty_gold: bool, empty_system: bool
) -> SystemImprovement:
    c = draw(numbers_of_classes(lo, hi))
    n = draw(bounded_integers(1 if empty_gold and empty_system else c, c + 3))
    label = bounded_integers(0, c - 1)
    layout = draw(sampled_options(("free", "all_wrong", "outside", "all_wrong", "outside")))
    if layout == "outside" and empty_gold and c >= 3:
        # Gold items in a block at one end, system items beyond empty gold
        # classes on the other side (the OC analogue of a point mass outside
        # the gold's support).
        start = draw(bounded_integers(2, c - 1))
        gold = [draw(bounded_integers(start, c - 1)) for _ in range(n)]
        system = [draw(bounded_integers(0, start - 1)) for _ in range(n)]
        if not empty_system:
            # Every system class used: one more item per class, gold in the block.
            for k in range(c):
                system.append(k)
                gold.append(draw(bounded_integers(start, c - 1)))
        if draw(BOOLEANS):
            gold = [c - 1 - g for g in gold]
            system = [c - 1 - s for s in system]
    else:
        gold = [draw(label) for _ in range(n)]
        if not empty_gold:
            gold[:c] = draw(index_permutations(c))
        if layout == "all_wrong":
            system = [draw(sampled_options([k for k in range(c) if k != g])) for g in gold]
            if not empty_system and not empty_gold:
                # Every system class used, every item wrong: a shifted gold.
                shift = draw(bounded_integers(1, c - 1))
                system[:c] = [gold[(k + shift) % c] for k in range(c)]
        else:
            system = [draw(label) for _ in range(n)]
            if not empty_system:
                system[:c] = draw(index_permutations(c))
    wrong = [k for k in range(n) if system[k] != gold[k]]
    if not wrong:
        system[0] = gold[0] + 1 if gold[0] < c - 1 else gold[0] - 1
        wrong = [0]
    k = draw(sampled_options(wrong))
    m = np.zeros((c, c), dtype=np.int64)
    np.add.at(m, (np.asarray(system), np.asarray(gold)), 1)
    s, g = system[k], gold[k]
    t = s - 1 if s > g else s + 1
    after = m.copy()
    after[s, g] -= 1
    after[t, g] += 1
    return SystemImprovement(m, after, (Move(s, t, g, 1),))


def few_item_systems(
    *,
    n_classes: int,
    count: int = 4,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """``count`` confusion matrices of a handful of items each, ``(count, C, C)``, from one draw.

    Each matrix has 1 to C + 4 items (at least C when a class may not be
    empty); half of them put every item in a wrong class, a quarter are
    free, and a quarter (when empty gold classes are allowed and C >= 3)
    put the gold items in a block at one end of the scale and the system
    items beyond empty gold classes.  Without empty gold (system) classes
    every class is used by the gold (the system).  The whole batch is
    expanded from one drawn seed, so it costs one choice however many
    matrices it holds: a cheap way to put many small systems, where
    chance-corrected measures (linear kappa, 6+ items) and class-size-based
    ones (CEM^ORD) break ordinal monotonicity, into every case.
    """
    c = int_option("n_classes", n_classes, minimum=2)
    k = int_option("count", count, minimum=1)
    return SEEDS.map(
        functools.partial(
            _few_item_batch,
            n_classes=c,
            count=k,
            empty_gold=bool(empty_gold_classes),
            empty_system=bool(empty_system_classes),
        )
    )


def _few_item_batch(
    seed: int, *, n_classes: int, count: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    c = n_classes
    rng = np.random.default_rng(seed)
    out = np.zeros((count, c, c), dtype=np.int64)
    fewest = 1 if empty_gold and empty_system else c
    for b in range(count):
        n = int(rng.integers(fewest, c + 5))
        layout = rng.random()
        if layout < 0.25 and empty_gold and c >= 3:
            start = int(rng.integers(2, c))
            gold = rng.integers(start, c, size=n)
            system = rng.integers(0, start, size=n)
            if not empty_system:
                system = np.concatenate([system, np.arange(c)])
                gold = np.concatenate([gold, rng.integers(start, c, size=c)])
            if rng.random() < 0.5:
                gold, system = c - 1 - gold, c - 1 - system
        else:
            gold = rng.integers(0, c, size=n)
            if not empty_gold:
                gold[:c] = rng.permutation(c)
            if layout < 0.75:
                # Every item wrong: a uniformly chosen other class.
                system = (gold + rng.integers(1, c, size=n)) % c
                if not empty_system:
                    if empty_gold:
                        system[:c] = rng.permutation(c)
                    else:
                        system[:c] = gold[(np.arange(c) + rng.integers(1, c)) % c]
            else:
                system = rng.integers(0, c, size=n)
                if not empty_system:
                    system[:c] = rng.permutation(c)
        np.add.at(out[b], (system, gold), 1)
    return out


@functools.lru_cache(maxsize=64)
def _dense_matrices(lo: int, hi: int, cap: int) -> st.SearchStrategy[np.ndarray]:
    """Matrices whose every cell is near the count cap (at least half of it)."""
    return _near_cap(lo, hi, cap)


@reused
@st.composite
def _near_cap(draw: st.DrawFn, lo: int, hi: int, cap: int) -> np.ndarray:
    c = draw(numbers_of_classes(lo, hi))
    floor = max(1, cap // 2)
    if c * c <= CELL_BY_CELL:
        cell = bounded_integers(floor, cap)
        return np.asarray([[draw(cell) for _ in range(c)] for _ in range(c)], dtype=np.int64)
    rng = np.random.default_rng(draw(SEEDS))
    return rng.integers(floor, cap + 1, size=(c, c), dtype=np.int64)


@dataclass(frozen=True)
class GoldItemMoves:
    """The two systems of Amigó et al.'s imbalance property.

    Attributes
    ----------
    gold_counts
        Items per gold class ``(C,)``.
    c1, c2, c3
        Contiguous classes (either direction) with ``|c1| > |c3| >= 1``.
    from_larger
        The gold with one item of ``c1`` moved to ``c2`` (as a confusion matrix).
    from_smaller
        The gold with one item of ``c3`` moved to ``c2``.
    """

    gold_counts: np.ndarray
    c1: int
    c2: int
    c3: int
    from_larger: np.ndarray
    from_smaller: np.ndarray


def gold_item_moves(
    *,
    n_classes: int | None = None,
    min_classes: int = 3,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
) -> st.SearchStrategy[GoldItemMoves]:
    """A gold and the two systems "one item of the larger / smaller class moved to the middle"."""
    lo, hi = class_bounds(
        n_classes=n_classes, min_classes=min_classes, max_classes=max_classes, floor=3
    )
    cap = int_option("max_count", max_count, minimum=2)

    @st.composite
    def build(draw: st.DrawFn) -> GoldItemMoves:
        n = draw(
            class_counts(
                min_classes=lo, max_classes=hi, max_count=cap, empty_classes=empty_gold_classes
            )
        ).copy()
        c = n.size
        c2 = draw(bounded_integers(1, c - 2))
        step = draw(sampled_options((-1, 1)))
        c1, c3 = c2 + step, c2 - step
        n[c3] = min(max(n[c3], 1), cap - 1)
        if draw(bounded_integers(0, 3)) == 0:
            # The smallest imbalance inside the cap: |c1| = |c3| + 1, both large.
            n[c3] = draw(bounded_integers(max(1, cap // 2), cap - 1))
            n[c1] = n[c3] + 1
        n[c1] = max(n[c1], n[c3] + 1)
        base = np.diag(n)
        larger = base.copy()
        larger[c1, c1] -= 1
        larger[c2, c1] += 1
        smaller = base.copy()
        smaller[c3, c3] -= 1
        smaller[c2, c3] += 1
        return GoldItemMoves(n, c1, c2, c3, larger, smaller)

    return build()
