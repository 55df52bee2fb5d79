"""Confusion matrices at the corners of the nominal claims' domains, one regime per corner.

A corner regime takes a confusion matrix ``(C, C)`` (rows = system,
columns = gold) to a corner of the domain; each regime builds its corner
directly, so every draw of a regime has it (the tests check every draw, not
a lucky one):

``tied_supports``
    two gold classes, or every non-empty one, of exactly the same size
    (columns raised to the largest, counts up to ``max_count``);
``rare_class``
    one gold class of 1 to 4 items under 0.5 % of all the items (the other
    classes raised, wherever ``C (C - 1) max_count`` leaves room; counts of
    at most ``1000 / C`` otherwise);
``lopsided_rows``
    one system class with at most one item beside a row holding a count
    of 1000 (:data:`LOPSIDED_COUNT`, or the cap if lower);
``rounding_ties``
    every non-empty gold class (all of them, or two) of the same decimal
    size ``10**d``, ``2 * 10**d`` or ``5 * 10**d``: recalls, accuracies and
    their means land on exact decimal halves (a 6-digit rounding tie such as
    0.5000005) far more often than on free draws;
``dense``
    every cell within 9 of the cap: the most items the cap allows, where
    one item moves a score least (drawn only where asked for: the strict
    claims' companions);
``huge_counts``
    the matrix scaled so that its largest count reaches one of
    :data:`HUGE_COUNTS` (past the int32 and int64 products, float32's
    integers, 2**31 and 2**32), whatever ``max_count`` says; the
    proportions stay those of the matrix scaled.

:func:`corner_matrices` draws a matrix at a corner; :func:`with_corners`
and :func:`with_huge_counts` take a share of another strategy's draws to a
corner, deciding whether to before the draw, so that shrinking drops the
corner and keeps the matrix (a counterexample that does not need the
corner loses it).
Every regime honours the empty-class options the way
:func:`~axiometrics.measures._matrices.strategies.confusion_matrices` does.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import (
    BOOLEANS,
    DEFAULT_MAX_CLASSES,
    DEFAULT_MAX_COUNT,
    SEEDS,
    SMALL_COUNT,
    bounded_integers,
    draw_counts,
    reused,
    sampled_options,
)
from axiometrics.strategy_options import (
    StrategyArgumentError,
    choice_option,
    class_bounds,
    int_option,
)

from .._matrices.inputs import fill_empty_classes
from .._matrices.strategies import confusion_matrices

__all__ = [
    "CORNERS",
    "CORNER_ODDS",
    "FLOAT32_COUNTS",
    "HUGE_COUNTS",
    "HUGE_ODDS",
    "LOPSIDED_COUNT",
    "MAX_HUGE_TOTAL",
    "ORDINARY_CORNERS",
    "RARE_SHARE",
    "corner_matrices",
    "scaled_up",
    "up_factor",
    "with_corners",
    "with_huge_counts",
]

#: The corner regimes (see the module docstring).
CORNERS = (
    "tied_supports",
    "rare_class",
    "lopsided_rows",
    "rounding_ties",
    "dense",
    "huge_counts",
)
#: The regimes :func:`with_corners` and :func:`corner_matrices` choose from by default
#: (``dense`` and ``huge_counts`` only where asked for), in shrinking order.
ORDINARY_CORNERS = CORNERS[:4]
#: A share 1 / CORNER_ODDS of the draws of :func:`with_corners` is taken to a corner.
CORNER_ODDS = 3
#: Largest counts of the ``huge_counts`` regime: where a product of two counts
#: passes 2**31 (46,341), a product of four passes 2**63 (55,109), uint16
#: wraps (65,536), float32 stops holding every integer (2**24 + 1), int32
#: wraps (2**31), uint32 wraps (2**32), a product of two passes 2**63
#: (3,037,000,500), and 2**40.
HUGE_COUNTS = (46_341, 55_109, 65_536, 2**24 + 1, 2**31 - 1, 2**31, 2**32 + 1, 3_037_000_500, 2**40)
#: Largest counts past float32's integers (2**24) and short of 2**31: where float32
#: counts and sums round, and no integer type of 32 bits or more wraps a count.
FLOAT32_COUNTS = (2**24 + 1, 2**25 + 3, 2**28 + 1, 2**30 - 1)
#: Largest total of a scaled matrix (float64 holds every integer below 2**53).
MAX_HUGE_TOTAL = 2**50
#: The big count of a ``lopsided_rows`` matrix (at most the cap): a thousand times the
#: near-empty row; the counts of the ``lopsided_rows`` and ``rare_class`` matrices stay
#: at most this.  Not more: a correct chance-corrected measure (kappa, MCC) on a
#: near-constant system rounds to about 1e-16 times the ratio of its largest to its
#: smallest count, which must stay below the checker's tolerance (1e-11 relative,
#: 1e-13 absolute).
LOPSIDED_COUNT = 1000
#: A ``rare_class`` gold class holds less than this share of the items.
RARE_SHARE = 0.005
#: The sizes of a ``rounding_ties`` gold class: ``mantissa * 10**d``.
_DECIMAL_MANTISSAS = (1, 2, 5)


def corner_matrices(
    *,
    corner: str | None = None,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Confusion matrices ``(C, C)`` of int64 counts at one corner of the domain.

    A matrix of :func:`~axiometrics.measures._matrices.strategies.confusion_matrices`
    taken to the corner on every draw.

    Parameters
    ----------
    corner
        One of :data:`CORNERS`, or ``None`` for any of :data:`ORDINARY_CORNERS`.
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest count of one cell (except in the ``huge_counts`` regime).
    empty_gold_classes, empty_system_classes
        Whether a column (gold class) or row (system class) may be empty.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)
    regimes = ORDINARY_CORNERS if corner is None else (choice_option("corner", corner, CORNERS),)
    empty_gold, empty_system = bool(empty_gold_classes), bool(empty_system_classes)
    base = confusion_matrices(
        min_classes=lo,
        max_classes=hi,
        max_count=cap,
        empty_gold_classes=empty_gold,
        empty_system_classes=empty_system,
    )
    return _cornered(base, regimes, cap, empty_gold, empty_system, 1)


def with_corners(
    matrices: st.SearchStrategy[np.ndarray],
    *,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    corners: tuple[str, ...] = ORDINARY_CORNERS,
    odds: int = CORNER_ODDS,
) -> st.SearchStrategy[np.ndarray]:
    """The draws of ``matrices``, one in ``odds`` (a third) taken to one of ``corners``.

    Whether to is drawn before the matrix, which corner after it, and both
    shrink toward none, so a counterexample that does not need the corner
    loses it and keeps the matrix.

    Parameters
    ----------
    matrices
        The matrices (drawn with the options below).
    max_count, empty_gold_classes, empty_system_classes
        As for :func:`corner_matrices`.
    corners
        The regimes to choose from (names in :data:`CORNERS`).
    odds
        One draw in ``odds`` is taken to a corner.
    """
    cap = int_option("max_count", max_count, minimum=1)
    share = int_option("odds", odds, minimum=1)
    if not corners:
        raise StrategyArgumentError("corners=(): expected at least one regime")
    for corner in corners:
        choice_option("corners item", corner, CORNERS)
    return _cornered(
        matrices,
        tuple(corners),
        cap,
        bool(empty_gold_classes),
        bool(empty_system_classes),
        share,
    )


@reused
@st.composite
def _cornered(
    draw: st.DrawFn,
    matrices: st.SearchStrategy[np.ndarray],
    regimes: tuple[str, ...],
    cap: int,
    empty_gold: bool,
    empty_system: bool,
    odds: int,
) -> np.ndarray:
    """A draw of ``matrices``; with probability ``1 / odds`` taken to one of ``regimes``.

    Whether to is drawn first: shrinking then tries dropping the corner while
    the matrix is still the one that failed, before simplifying the matrix.
    """
    cornered = odds == 1 or draw(bounded_integers(0, odds - 1)) == odds - 1
    m = draw(matrices)
    if not cornered:
        return m
    regime = draw(sampled_options(regimes))
    m = np.asarray(m, dtype=np.int64).copy()
    c = m.shape[0]
    if regime == "tied_supports":
        return _tied_supports(draw, m, cap, empty_gold, empty_system)
    if regime == "rare_class":
        return _rare_class(draw, m, cap, empty_gold, empty_system)
    if regime == "lopsided_rows":
        return _lopsided_rows(draw, m, cap, empty_gold, empty_system)
    if regime == "rounding_ties":
        return _rounding_ties(draw, c, cap, empty_gold, empty_system)
    if regime == "dense":
        small = draw_counts(draw, c * c, min(SMALL_COUNT, cap)).reshape(c, c)
        return _repaired(np.maximum(cap - small, 0), empty_gold, empty_system)
    return scaled_up(draw, _repaired(m, empty_gold, empty_system))


def _repaired(m: np.ndarray, empty_gold: bool, empty_system: bool) -> np.ndarray:
    """One item on the diagonal of each forbidden empty class; at least one item."""
    fill_empty_classes(m, gold=not empty_gold, system=not empty_system)
    if m.sum() == 0:
        m[0, 0] = 1
    return m


def _raise_column(m: np.ndarray, j: int, target: int, cap: int) -> None:
    """Add items to column ``j`` (diagonal first, each cell up to ``cap``) up to ``target``."""
    c = m.shape[0]
    missing = target - int(m[:, j].sum())
    for i in [j, *(r for r in range(c) if r != j)]:
        if missing <= 0:
            return
        add = min(missing, cap - int(m[i, j]))
        if add > 0:
            m[i, j] += add
            missing -= add


def _tied_supports(
    draw: st.DrawFn, m: np.ndarray, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    """Columns raised to the size of the largest: a pair of them, or every non-empty one."""
    c = m.shape[0]
    m = _repaired(np.minimum(m, cap), empty_gold, empty_system)
    cols = bounded_integers(0, c - 1)
    if draw(BOOLEANS):
        tied = sorted({draw(cols), draw(cols)})
        if len(tied) == 1:
            tied.append((tied[0] + 1) % c)
    else:
        tied = [int(j) for j in np.flatnonzero(m.sum(axis=0) > 0)]
        if len(tied) < 2:
            tied = [0, 1]
    target = max(int(m[:, tied].sum(axis=0).max()), 1)
    for j in tied:
        _raise_column(m, j, target, cap)
    return m


def _rare_class(
    draw: st.DrawFn, m: np.ndarray, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    """One gold class of 1 to 3 items, the others raised past 200 times its size.

    The other counts are first held to ``1000 / C`` (and the cap), so the
    rare class is under 0.5 % but over about 0.01 % of the items: a correct
    chance-corrected measure's rounding stays below the tolerance.
    """
    c = m.shape[0]
    m = np.minimum(m, min(cap, max(1, LOPSIDED_COUNT // c)))
    j = draw(bounded_integers(0, c - 1))
    m[:, j] = 0
    for _ in range(draw(bounded_integers(1, 3))):
        m[draw(bounded_integers(0, c - 1)), j] += 1
    m = _repaired(m, empty_gold, empty_system)
    # The other columns hold more than support / RARE_SHARE items (as far as the cap allows).
    # Cells are filled in turn from a drawn one on, so the big counts land on or off the
    # diagonal.
    need = int(m[:, j].sum() / RARE_SHARE) + 1 - int(np.delete(m, j, axis=1).sum())
    cells = [(i, k) for k in range(c) if k != j for i in range(c)]
    start = draw(bounded_integers(0, len(cells) - 1))
    for i, k in cells[start:] + cells[:start]:
        if need <= 0:
            break
        add = min(need, cap - int(m[i, k]))
        if add > 0:
            m[i, k] += add
            need -= add
    return m


def _lopsided_rows(
    draw: st.DrawFn, m: np.ndarray, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    """System class ``i`` with at most one item, another row with a count of 1000 (or the cap).

    The other counts are held to 1000 (and the cap) too.
    """
    c = m.shape[0]
    m = np.minimum(m, min(cap, LOPSIDED_COUNT))
    i = draw(bounded_integers(0, c - 1))
    h = (i + draw(bounded_integers(1, c - 1))) % c
    m[i] = 0
    if draw(BOOLEANS):
        m[i, draw(bounded_integers(0, c - 1))] = 1
    m[h, draw(bounded_integers(0, c - 1))] = min(cap, LOPSIDED_COUNT)
    m = _repaired(m, empty_gold, empty_system)
    if m[i].sum() > 1:  # a repair added an item to row i: keep one, on its diagonal
        m[i] = 0
        m[i, i] = 1
        m = _repaired(m, empty_gold, empty_system)
    return m


def _rounding_ties(
    draw: st.DrawFn, c: int, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    """Gold classes of one decimal size, split over the rows by a seeded draw."""
    sizes = [
        mantissa * 10**d
        for d in range(1, 13)
        for mantissa in _DECIMAL_MANTISSAS
        if mantissa * 10**d <= c * cap
    ]
    if not sizes:  # a cap too small for 10 items per column: the largest column it allows
        sizes = [c * cap]
    size = draw(sampled_options(sizes))
    both = draw(BOOLEANS) or not empty_gold
    columns = list(range(c)) if both else sorted({0, draw(bounded_integers(1, c - 1))})
    rng = np.random.default_rng(draw(SEEDS))
    m = np.zeros((c, c), dtype=np.int64)
    for j in columns:
        m[:, j] = _split(rng, size, c, cap)
    if not empty_system:
        _fill_empty_rows(m)
    return _repaired(m, empty_gold, empty_system)


def _split(rng: np.random.Generator, total: int, c: int, cap: int) -> np.ndarray:
    """``total`` items over ``c`` cells of at most ``cap`` each (``total <= c * cap``)."""
    cells = rng.multinomial(total, rng.dirichlet(np.ones(c))).astype(np.int64)
    excess = int(np.maximum(cells - cap, 0).sum())
    cells = np.minimum(cells, cap)
    for k in range(c):
        if excess == 0:
            break
        add = min(excess, cap - int(cells[k]))
        cells[k] += add
        excess -= add
    return cells


def _fill_empty_rows(m: np.ndarray) -> None:
    """Move one item into each empty row from a row of several, keeping every column's size."""
    for k in np.flatnonzero(m.sum(axis=1) == 0):
        rows = m.sum(axis=1)
        donors = np.argwhere((m > 0) & (rows[:, None] >= 2))
        if donors.size == 0:
            return  # too few items to give every row one: the diagonal repair adds them
        r, j = donors[0]
        m[r, j] -= 1
        m[k, j] += 1


def scaled_up(draw: st.DrawFn, m: np.ndarray, targets: tuple[int, ...] = HUGE_COUNTS) -> np.ndarray:
    """``m`` times the whole factor taking its largest count to about one of ``targets``.

    See :func:`up_factor`.  A building block of strategies: call it inside
    an ``@st.composite`` with its ``draw``.
    """
    return m.astype(np.int64) * up_factor(draw, float(m.max()), float(m.sum()), targets)


def up_factor(
    draw: st.DrawFn, largest: float, total: float, targets: tuple[int, ...] = HUGE_COUNTS
) -> int:
    """The whole factor taking a count ``largest`` to about one of ``targets``.

    The target is drawn; half of the draws land just below it, half just
    past it (the factor is one or two more), the factor is odd, and a total
    of ``total`` items stays at most :data:`MAX_HUGE_TOTAL` once scaled.
    """
    top = draw(sampled_options(targets))
    factor = max(1, int(top // max(largest, 1.0))) + draw(bounded_integers(0, 1))
    factor |= 1  # odd: odd counts times it are odd, which float32 cannot hold past 2**24
    return max(1, min(factor, int(MAX_HUGE_TOTAL // max(total, 1.0))))


#: A :func:`with_huge_counts` draw is scaled up with probability 1 / HUGE_ODDS.
HUGE_ODDS = 4


def with_huge_counts(
    matrices: st.SearchStrategy[np.ndarray], targets: tuple[int, ...] = HUGE_COUNTS
) -> st.SearchStrategy[np.ndarray]:
    """The draws of ``matrices``, a quarter of them scaled up by :func:`scaled_up`.

    Whether to scale is drawn before the matrix and shrinks toward not
    scaling, so a counterexample that does not need huge counts loses them.

    Parameters
    ----------
    matrices
        The matrices to scale.
    targets
        Counts the largest count is taken to: :data:`HUGE_COUNTS` (every
        overflow), or :data:`FLOAT32_COUNTS` (past float32's integers, short
        of the integer overflows: a bug that wraps an integer makes a
        measure raise there, which checks other than ``well_defined``
        report as an error instead of looking on for their own
        counterexample).
    """
    return _with_huge_counts(matrices, tuple(targets))


@reused
@st.composite
def _with_huge_counts(
    draw: st.DrawFn, matrices: st.SearchStrategy[np.ndarray], targets: tuple[int, ...]
) -> np.ndarray:
    scaled = draw(bounded_integers(0, HUGE_ODDS - 1)) == HUGE_ODDS - 1  # first: see _cornered
    m = draw(matrices)
    return scaled_up(draw, m, targets) if scaled else m
