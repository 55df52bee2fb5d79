"""Hypothesis strategies for nominal-classification claims (public).

Each strategy draws a confusion matrix (rows = system, columns = gold) with
:func:`axiometrics.measures._matrices.strategies.confusion_matrices` and the transformation a
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

from typing import NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.strategies import StrategyArgumentError

from .._matrices.strategies import confusion_matrices

__all__ = [
    "POSITIVE_CLASS",
    "Change",
    "Relabelling",
    "confusion_matrices",
    "constant_systems",
    "corrections",
    "gold_class_rescalings",
    "imperfect_systems",
    "relabel",
    "relabellings",
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
        if not empty_gold:
            empty = np.flatnonzero(m.sum(axis=0) == 0)
            m[empty, empty] += 1
        if not empty_system:
            empty = np.flatnonzero(m.sum(axis=1) == 0)
            m[empty, empty] += 1
        return m

    return build()


def _matrices(
    *,
    n_classes: int | None,
    min_classes: int,
    max_classes: int,
    max_count: int,
    empty_gold_classes: bool,
    empty_system_classes: bool,
) -> st.SearchStrategy[np.ndarray]:
    """Few-item matrices first (counterexamples shrink toward them), then any matrix."""
    full = confusion_matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=max_count,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )
    lo, hi = (n_classes, n_classes) if n_classes is not None else (min_classes, max_classes)
    if max_count < 4 or (n_classes is not None and n_classes > 4):
        return full
    small = _few_item_matrices(lo, hi, empty_gold_classes, empty_system_classes)
    return st.one_of(small, full)


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
) -> st.SearchStrategy[Relabelling]:
    """A confusion matrix and the same matrix with its classes consistently renamed.

    The permutation shrinks toward the identity; half of the draws are a
    single transposition of two classes (the smallest relabelling that can
    break a measure that treats one class position specially).
    """
    matrices = _matrices(
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
) -> st.SearchStrategy[Change]:
    """A matrix with an error, and the same with one wrong item moved to its gold class.

    One item of gold class ``j`` leaves system class ``i != j`` (an
    off-diagonal cell) for ``M[j, j]``.
    """
    cap = max(int(max_count), 1)
    matrices = _matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
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


def gold_class_rescalings(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    max_factor: int = 5,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[Change]:
    """A matrix and the same with every count of one non-empty gold class (a column) times k.

    ``k`` is an integer in ``2 .. max_factor`` (counts stay exact); read the
    pair backwards for the factor ``1/k``.
    """
    if not isinstance(max_factor, int) or isinstance(max_factor, bool) or max_factor < 2:
        raise StrategyArgumentError(f"max_factor={max_factor!r}: expected an int >= 2")
    matrices = _matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=max_count,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices)
        nonempty = np.flatnonzero(m.sum(axis=0) > 0)
        j = int(draw(st.sampled_from(list(nonempty))))
        k = draw(st.integers(2, max_factor))
        scaled = m.copy()
        scaled[:, j] *= k
        return Change(m, scaled, f"every count of gold class {j} multiplied by {k}")

    return build()


def true_negative_changes(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES,
    max_count: int = ax_st.DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[Change]:
    """A matrix and the same with a different number of true negatives of :data:`POSITIVE_CLASS`.

    One cell outside the positive class's row and column (an item neither
    gold- nor system-positive) gets another count, 0 included; the matrix
    keeps at least one item.
    """
    cap = max(int(max_count), 1)
    matrices = _matrices(
        n_classes=n_classes,
        min_classes=min_classes,
        max_classes=max_classes,
        max_count=cap,
        empty_gold_classes=empty_gold_classes,
        empty_system_classes=empty_system_classes,
    )

    @st.composite
    def build(draw: st.DrawFn) -> Change:
        m = draw(matrices)
        c = m.shape[0]
        others = [k for k in range(c) if k != POSITIVE_CLASS]
        i = draw(st.sampled_from(others))
        j = draw(st.sampled_from(others))
        new = draw(st.integers(0, cap).filter(lambda t: t != m[i, j]))
        changed = m.copy()
        changed[i, j] = new
        if changed.sum() == 0:
            changed[i, j] = m[i, j] + 1
        text = (
            f"cell (system {i}, gold {j}) changed from {m[i, j]} to {changed[i, j]}: true "
            f"negatives of class {POSITIVE_CLASS}"
        )
        return Change(m, changed, text)

    return build()


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

    ``matrix`` is the imperfect system; ``changed`` is ``diag(gold counts)``.
    """
    matrices = _matrices(
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
