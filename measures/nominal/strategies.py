"""Hypothesis strategies for nominal-classification claims (public).

Each strategy draws a confusion matrix (rows = system, columns = gold) with
:func:`confusion_matrices` (re-exported here from the confusion-matrix
strategies shared with the ``oc`` family) and the transformation a
nominal claim speaks about, returning both matrices so that a test or a
checker procedure can score them side by side.  Options are keyword-only;
impossible options raise :class:`hypothesis.errors.InvalidArgument` (as
:class:`axiometrics.strategies.StrategyArgumentError`).

Example::

    from hypothesis import given
    from axiometrics.measures.nominal.strategies import relabellings

    @given(relabellings(max_classes=4))
    def test_accuracy_ignores_class_names(r):
        assert accuracy(r.matrix) == accuracy(r.relabelled)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.strategies import StrategyArgumentError, bounded_integers, sampled_options
from axiometrics.strategy_options import choice_option, class_bounds, int_option

from .._matrices.inputs import fill_empty_classes
from .._matrices.strategies import confusion_matrices
from .corners import (
    CORNER_ODDS,
    CORNERS,
    FLOAT32_COUNTS,
    HUGE_COUNTS,
    MAX_HUGE_TOTAL,
    ORDINARY_CORNERS,
    corner_matrices,
    with_corners,
    with_huge_counts,
)

__all__ = [
    "CORNERS",
    "COUNT_KINDS",
    "FACTOR_KINDS",
    "FLOAT32_COUNTS",
    "HUGE_COUNTS",
    "POSITIVE_CLASS",
    "Change",
    "Relabelling",
    "confusion_matrices",
    "constant_systems",
    "corner_matrices",
    "corrections",
    "decimal_fraction",
    "gold_class_rescalings",
    "gold_counts",
    "imperfect_systems",
    "nominal_matrices",
    "perfect_systems",
    "relabel",
    "relabellings",
    "rounding_tie",
    "rounding_tie_pairs",
    "true_negative_changes",
]

#: The class whose true negatives :func:`true_negative_changes` varies: position 1, like
#: scikit-learn's default ``pos_label=1`` and the per-class measures' default ``positive``.
POSITIVE_CLASS = 1


class Relabelling(NamedTuple):
    """A matrix, a permutation of its classes and the relabelled matrix."""

    matrix: np.ndarray
    permutation: np.ndarray  # class k of ``matrix`` is class permutation[k] of ``relabelled``
    relabelled: np.ndarray


class Change(NamedTuple):
    """A matrix, the same matrix after one change, and what changed (for messages)."""

    matrix: np.ndarray
    changed: np.ndarray
    description: str


def _few_item_matrices(
    lo: int, hi: int, empty_gold: bool, empty_system: bool
) -> st.SearchStrategy[np.ndarray]:
    """Matrices of up to 4 classes with a few cells of 1 to 4 items (hand-sized cases)."""

    @st.composite
    def build(draw: st.DrawFn) -> np.ndarray:
        c = draw(st.integers(lo, max(lo, min(hi, 4))))
        cell = st.tuples(st.integers(0, c - 1), st.integers(0, c - 1), st.integers(1, 4))
        m = np.zeros((c, c), dtype=np.int64)
        for i, j, k in draw(st.lists(cell, min_size=1, max_size=5)):
            m[i, j] += k
        return fill_empty_classes(m, gold=not empty_gold, system=not empty_system)

    return build()


def nominal_matrices(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    huge_counts: tuple[int, ...] = (),
    corners: tuple[str, ...] = ORDINARY_CORNERS,
    corner_odds: int = CORNER_ODDS,
) -> st.SearchStrategy[np.ndarray]:
    """The confusion matrices every nominal claim draws (rows = system, columns = gold).

    Half of the draws a few items in up to 4 classes (first, so that
    counterexamples shrink toward them), half :func:`confusion_matrices`;
    a third of them (``corner_odds``) then taken to a corner
    (:func:`~axiometrics.measures.nominal.corners.with_corners`: tied
    supports, a class under 0.5 % of the items, a near-empty row beside a
    row at the cap, decimal class sizes on rounding ties) and, with
    ``huge_counts``, a quarter scaled up
    (:func:`~axiometrics.measures.nominal.corners.with_huge_counts`) so that
    their largest count reaches about one of ``huge_counts``.  Both choices
    shrink toward none.

    Parameters
    ----------
    n_classes, min_classes, max_classes, max_count, empty_gold_classes, empty_system_classes
        As for :func:`confusion_matrices` (``max_count`` does not bound the
        scaled draws).
    huge_counts
        Counts the largest count of a scaled draw reaches, e.g.
        :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS` (past
        2**24, 2**31, 2**32 and the int64 products); ``()``: no scaling.
        Only for measures that take real counts.
    corners, corner_odds
        The corner regimes drawn, and one draw in ``corner_odds`` taken to
        one (:func:`~axiometrics.measures.nominal.corners.with_corners`).
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)
    full = confusion_matrices(
        min_classes=lo,
        max_classes=hi,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )
    matrices = full
    if cap >= 4 and (n_classes is None or n_classes <= 4):
        small = _few_item_matrices(lo, hi, empty_gold_classes, empty_system_classes)
        matrices = st.one_of(small, full)
    matrices = with_corners(
        matrices,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
        corners=tuple(corners),
        odds=corner_odds,
    )
    return with_huge_counts(matrices, tuple(huge_counts)) if huge_counts else matrices


def relabel(matrix: np.ndarray, permutation: np.ndarray) -> np.ndarray:
    """``P M P^T``: class ``k`` of ``matrix`` becomes class ``permutation[k]``."""
    inverse = np.argsort(permutation)
    return matrix[..., inverse, :][..., :, inverse]


def relabellings(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    real_counts: bool = False,
) -> st.SearchStrategy[Relabelling]:
    """A confusion matrix and the same matrix with its classes consistently renamed.

    The matrix comes from :func:`nominal_matrices`.  The permutation shrinks
    toward the identity; half of the draws are a single transposition of
    two classes (the smallest relabelling that can break a measure that
    treats one class position specially).
    """
    matrices = nominal_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=max_count,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )

    @st.composite
    def build(draw: st.DrawFn) -> Relabelling:
        m = draw(matrices)
        c = m.shape[0]
        if draw(st.booleans()):
            i = draw(st.integers(0, c - 2))
            j = draw(st.integers(i + 1, c - 1))
            perm = np.arange(c)
            perm[[i, j]] = perm[[j, i]]
        else:
            perm = np.asarray(draw(st.permutations(range(c))), dtype=np.int64)
        return Relabelling(m, perm, relabel(m, perm))

    return build()


def corrections(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    corners: tuple[str, ...] = ORDINARY_CORNERS,
    corner_odds: int = CORNER_ODDS,
) -> st.SearchStrategy[Change]:
    """A matrix with an error, and the same with one wrong item moved to its gold class.

    One item of gold class ``j`` leaves system class ``i != j`` (an
    off-diagonal cell) for ``M[j, j]``; the matrix comes from
    :func:`nominal_matrices` (counts up to ``max_count``: a strict claim's
    one-item differences stay resolvable; ``corners`` and ``corner_odds`` as
    there).
    """
    cap = max(int(max_count), 1)
    matrices = nominal_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
        corners=corners,
        corner_odds=corner_odds,
    )

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices).copy()
        c = m.shape[0]
        wrong = [(i, j) for i in range(c) for j in range(c) if i != j and m[i, j] > 0]
        if wrong:
            i, j = draw(st.sampled_from(wrong))
        else:  # a perfect system: add an error (the corrected matrix is the perfect one)
            i = draw(st.integers(0, c - 1))
            j = draw(st.sampled_from([g for g in range(c) if g != i]))
            m[i, j] = 1
            if m[j, j] > 0:
                m[j, j] -= 1
        fixed = m.copy()
        fixed[i, j] -= 1
        fixed[j, j] += 1
        text = f"one item of gold class {j} moved from system class {i} to {j}"
        return Change(m, fixed, text)

    return build()


#: Kinds of factor :func:`gold_class_rescalings` draws: whole numbers and
#: whole-number ratios always; with ``real_counts`` also factors below 1,
#: non-integer factors above 1, factors leaving the class under one item, and
#: huge factors (powers of ten, and factors taking the class's largest count
#: past one of :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`).
FACTOR_KINDS = ("integer", "ratio", "below_one", "non_integer", "under_one_item", "huge")
_WHOLE_KINDS = FACTOR_KINDS[:2]


def gold_class_rescalings(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    max_factor: int = 5,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    real_counts: bool = False,
    kinds: Sequence[str] | None = None,
) -> st.SearchStrategy[Change]:
    """A matrix and the same with every count of one non-empty gold class (a column) times k.

    Every ``k > 0`` of the claim is reached by one kind of
    :data:`FACTOR_KINDS`: an integer ``2 .. max_factor``; a ratio ``p / q``
    of integers in ``1 .. max_factor`` that is no whole number (below or
    above 1), applied to a column drawn as a multiple of ``q`` (counts stay
    whole: ``matrix`` holds the column times ``q``, ``changed`` times
    ``p``); and, with ``real_counts``
    (the measure takes real counts), a factor in ``[1e-6, 1)``, ``1/n``, a
    non-integer factor in ``(1, 1000)``, a factor leaving the class with
    less than one item in all, and huge factors (``10**3 .. 10**9``, or
    the one taking the column's largest count past a count of
    :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`).  The
    scaled matrix keeps at most 2**50 items.  Read the pair backwards for
    ``1/k``.  ``kinds`` (default: every kind the counts allow) draws only
    some kinds; the real ones need ``real_counts``.
    """
    if not isinstance(max_factor, int) or isinstance(max_factor, bool) or max_factor < 2:
        raise StrategyArgumentError(f"max_factor={max_factor!r}: expected an int >= 2")
    allowed = FACTOR_KINDS if real_counts else _WHOLE_KINDS
    chosen = tuple(allowed if kinds is None else kinds)
    if not chosen:
        raise StrategyArgumentError("kinds=(): expected at least one kind of factor")
    for kind in chosen:
        choice_option("kinds item", kind, allowed)
    matrices = nominal_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=max_count,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )
    factor_kinds = sampled_options(chosen)

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices)
        nonempty = np.flatnonzero(m.sum(axis=0) > 0)
        j = int(draw(st.sampled_from(list(nonempty))))
        kind = draw(factor_kinds)
        if kind == "ratio":
            q = draw(bounded_integers(2, max_factor))
            p = draw(bounded_integers(1, max_factor))
            p -= p % q == 0  # p / q is not a whole number
            base, scaled = m.copy(), m.copy()
            base[:, j] *= q
            scaled[:, j] *= p
            return Change(base, scaled, f"every count of gold class {j} multiplied by {p}/{q}")
        room = MAX_HUGE_TOTAL / max(float(m.sum()), 1.0)  # the scaled total stays <= 2**50
        if kind == "integer":
            whole = max(1, min(draw(bounded_integers(2, max_factor)), int(room)))
            scaled = m.copy()
            scaled[:, j] *= whole
            return Change(m, scaled, f"every count of gold class {j} multiplied by {whole}")
        k = min(_real_factor(draw, kind, m[:, j]), room)
        real = m.astype(float)
        real[:, j] *= k
        return Change(m, real, f"every count of gold class {j} multiplied by {k!r}")

    return build()


def _real_factor(draw: st.DrawFn, kind: str, column: np.ndarray) -> float:
    """A factor ``k > 0`` of one of the real kinds of :data:`FACTOR_KINDS` for ``column``."""
    if kind == "below_one":
        if draw(ax_st.BOOLEANS):
            return 1.0 / draw(bounded_integers(2, 1000))
        return float(draw(_BELOW_ONE))
    if kind == "non_integer":
        return float(draw(_ABOVE_ONE))
    if kind == "under_one_item":
        # The whole class ends with u < 1 item (u in [1e-6, 0.999]: k * total rounds below 1).
        return float(draw(_UNITS)) / float(column.sum())
    if draw(ax_st.BOOLEANS):
        return float(10 ** draw(bounded_integers(3, 9)))
    top = draw(ax_st.sampled_options(HUGE_COUNTS))
    return float(max(top // int(column.max()) + draw(bounded_integers(0, 1)), 2))


_BELOW_ONE = st.floats(1e-6, 1.0, exclude_max=True)
_ABOVE_ONE = st.floats(1.0, 1000.0, exclude_min=True).filter(lambda k: k != int(k))
_UNITS = st.floats(1e-6, 0.999)


#: Kinds of new count :func:`true_negative_changes` draws: a whole count up to
#: ``max_count``; with ``real_counts`` also one about a count of
#: :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS` and a fractional one.
COUNT_KINDS = ("whole", "huge", "fractional")


def true_negative_changes(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
    real_counts: bool = False,
    kinds: Sequence[str] | None = None,
) -> st.SearchStrategy[Change]:
    """A matrix and the same with a different number of true negatives of :data:`POSITIVE_CLASS`.

    One cell outside the positive class's row and column (an item neither
    gold- nor system-positive) gets another count, 0 included: a whole
    number up to ``max_count`` and, with ``real_counts``, a fractional count
    or a huge one (about one of
    :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`, beside a
    positive row that may hold a single item).  The matrix keeps at least
    one item.  ``kinds`` (default: every kind of :data:`COUNT_KINDS` the
    counts allow) draws only some kinds of new count; ``"huge"`` and
    ``"fractional"`` need ``real_counts``.
    """
    allowed = COUNT_KINDS if real_counts else COUNT_KINDS[:1]
    chosen = tuple(allowed if kinds is None else kinds)
    if not chosen:
        raise StrategyArgumentError("kinds=(): expected at least one kind of count")
    for kind in chosen:
        choice_option("kinds item", kind, allowed)
    cap = max(int(max_count), 1)
    matrices = nominal_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )
    by_kind = {
        "whole": bounded_integers(0, cap),
        "huge": _huge_values,
        "fractional": _fractional_values,
    }
    values = st.one_of(*(by_kind[kind] for kind in chosen))

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices)
        c = m.shape[0]
        others = [k for k in range(c) if k != POSITIVE_CLASS]
        i = draw(st.sampled_from(others))
        j = draw(st.sampled_from(others))
        new = draw(values)
        if new == m[i, j]:
            new = int(m[i, j]) + 1
        changed = m.astype(float) if isinstance(new, float) else m.copy()
        changed[i, j] = new
        if changed.sum() == 0:
            changed[i, j] = m[i, j] + 1
        text = (
            f"cell (system {i}, gold {j}) changed from {_count(m[i, j])} to "
            f"{_count(changed[i, j])}: true negatives of class {POSITIVE_CLASS}"
        )
        return Change(m, changed, text)

    return build()


def _count(x: float) -> str:
    """A count as written in a counterexample: ``3`` for whole counts, ``2.5`` otherwise."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


_huge_values = st.tuples(ax_st.sampled_options(HUGE_COUNTS), bounded_integers(-1, 1)).map(
    lambda t: t[0] + t[1]
)
_fractional_values = st.floats(0.0, 1000.0, exclude_min=True).filter(lambda x: x != int(x))


def constant_systems(gold_counts: np.ndarray) -> np.ndarray:
    """Every constant system on a gold, ``(C, C, C)``: entry ``k`` puts every item in ``k``."""
    n = np.asarray(gold_counts)
    c = n.size
    out = np.zeros((c, c, c), dtype=n.dtype)
    out[np.arange(c), np.arange(c), :] = n
    return out


def imperfect_systems(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[Change]:
    """A matrix with at least one wrong item, and the perfect system on the same gold.

    ``matrix`` is the imperfect system (from :func:`nominal_matrices`, counts
    up to ``max_count``); ``changed`` is ``diag(gold counts)``.
    """
    matrices = nominal_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=max(int(max_count), 1),
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices).copy()
        c = m.shape[0]
        off = ~np.eye(c, dtype=bool)
        if not np.any(m[off] > 0):
            i = draw(st.integers(0, c - 1))
            j = draw(st.sampled_from([g for g in range(c) if g != i]))
            m[i, j] = 1
        n_wrong = int(m[off].sum())
        return Change(m, np.diag(m.sum(axis=0)), f"{n_wrong} wrong item(s)")

    return build()


def gold_counts(
    *,
    n_classes: int,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_classes: bool = True,
    min_nonempty: int = 1,
    real_counts: bool = False,
) -> st.SearchStrategy[np.ndarray]:
    """Gold class sizes ``(C,)``: a handful, any sizes up to ``max_count``, or scaled-up ones.

    A third of the draws each: :func:`~axiometrics.strategies.class_counts`
    up to 4 items per class (first: counterexamples shrink toward them),
    up to ``min(max_count, 1000)`` items per class (one class, equal
    classes, extreme imbalance, free), and such a gold multiplied by the
    integer taking its largest class to ``max_count`` or, with
    ``real_counts``, to about one of
    :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`.  Scaling keeps
    the class proportions of golds of up to 1000 items per class, so a
    correct measure's rounding is no worse than on them.
    """
    c = int_option("n_classes", n_classes, minimum=2)
    cap = int_option("max_count", max_count, minimum=1)
    need = int_option("min_nonempty", min_nonempty, minimum=1)
    return _gold_counts(c, cap, bool(empty_classes), need, bool(real_counts))


@ax_st.reused
def _gold_counts(
    c: int, cap: int, empty: bool, need: int, real_counts: bool
) -> st.SearchStrategy[np.ndarray]:
    def sizes(top: int) -> st.SearchStrategy[np.ndarray]:
        return ax_st.class_counts(
            n_classes=c, max_count=top, min_nonempty=need, empty_classes=empty
        )

    regular = sizes(max(min(cap, _BASE_GOLD_COUNT), 1))
    tops = (cap, *HUGE_COUNTS) if real_counts else (cap,)

    @st.composite
    def scaled(draw: st.DrawFn) -> np.ndarray:
        gold = draw(regular)
        top = draw(ax_st.sampled_options(tops))
        over = draw(bounded_integers(0, 1)) if real_counts else 0  # just below or past ``top``
        factor = max(1, top // int(gold.max()) + over)
        return gold * max(1, min(factor, MAX_HUGE_TOTAL // int(gold.sum())))

    return st.one_of(sizes(min(4, cap)), regular, scaled())


#: Largest class of the unscaled golds of :func:`gold_counts`.
_BASE_GOLD_COUNT = 1000


def perfect_systems(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    min_nonempty: int = 1,
    real_counts: bool = False,
) -> st.SearchStrategy[np.ndarray]:
    """Perfect systems ``diag(gold)`` on the golds of :func:`gold_counts`.

    The equality half of ``identity`` (every perfect system scores the
    optimum) compares no two close scores, so its golds go as far as the
    domain does: up to ``max_count`` items per class and, with
    ``real_counts``, past 2**24, 2**31 and the int64 products.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)

    @st.composite
    def build(draw: st.DrawFn) -> np.ndarray:
        c = draw(ax_st.numbers_of_classes(max(lo, min_nonempty), max(hi, min_nonempty)))
        gold = draw(
            gold_counts(
                n_classes=c,
                max_count=max_count,
                empty_classes=empty_gold_classes,
                min_nonempty=min_nonempty,
                real_counts=real_counts,
            )
        )
        return np.diag(gold)

    return build()


def rounding_tie_pairs(
    *, n_classes: int, max_count: int = ax_st.DEFAULT_MAX_COUNT
) -> st.SearchStrategy[np.ndarray]:
    """Two-class systems whose accuracy and macro recall sit exactly on a decimal rounding tie.

    ``[[t0, s - t1], [s - t0, t1]]`` padded with empty classes to
    ``n_classes``: both gold classes hold ``s = 10**d`` items (``d`` in
    ``1 .. 6``, ``s <= max_count``) and ``t0 + t1`` is odd, so accuracy and
    macro recall are ``(t0 + t1) / (2 s)``, a tie of the ``d``-digit
    rounding; half of the draws put every hit in class 0 (``t1 = 0``), where
    one rounding of ``t0 / s`` decides the score's last digit.  Every row
    and column of the two classes holds items.  Scaled by a non-integer
    factor (:func:`decimal_fraction`), the same score comes out a last digit
    above or below the tie, which a rounded measure turns into a difference
    of ``10**-d``.  Each system is expanded from one drawn seed by
    :func:`rounding_tie`.
    """
    c = int_option("n_classes", n_classes, minimum=2)
    cap = int_option("max_count", max_count, minimum=10)
    return ax_st.SEEDS.map(lambda seed: rounding_tie(np.random.default_rng(seed), c, cap))


def rounding_tie(
    rng: np.random.Generator, n_classes: int, max_count: int, *, digits: int | None = None
) -> np.ndarray:
    """One system of :func:`rounding_tie_pairs`, drawn from ``rng`` (``max_count >= 10``).

    ``digits`` fixes ``d`` (the gold classes hold ``10**d`` items each);
    ``None`` draws it from ``rng``.
    """
    top = min(6, int(np.log10(max_count)))
    d = int(rng.integers(1, top + 1)) if digits is None else min(int(digits), top)
    s = 10**d
    t0 = int(rng.integers(1, s))
    if rng.random() < 0.5:
        t1 = 0
        t0 -= t0 % 2 == 0  # odd, >= 1
    else:
        t1 = int(rng.integers(1, s - 1))
        t1 += (t0 + t1) % 2 == 0  # t0 + t1 odd, t1 <= s - 1
    m = np.zeros((n_classes, n_classes), dtype=np.int64)
    m[:2, :2] = [[t0, s - t1], [s - t0, t1]]
    return m


#: Denominators of :func:`decimal_fraction`.
_FRACTION_DENOMINATORS = (10, 100, 1000, 3, 7)


def decimal_fraction(rng: np.random.Generator) -> float:
    """A factor ``p / q`` in (0, 1) (0.3, 0.07, 0.007, 2/3, 3/7...), drawn from ``rng``.

    Binary floating point holds none of them exactly, so counts scaled by
    one carry last-digit noise; below 1, the scaled system holds no more
    items than the system.
    """
    q = _FRACTION_DENOMINATORS[int(rng.integers(len(_FRACTION_DENOMINATORS)))]
    p = int(rng.integers(1, q))
    return (p + (p % 10 == 0 and q % 10 == 0)) / q
