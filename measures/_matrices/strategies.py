"""Hypothesis strategies for confusion-matrix input, shared by the ``oc`` and ``nominal`` families.

Their public homes are :mod:`axiometrics.measures.oc.strategies` (and, for
:func:`confusion_matrices`, :mod:`axiometrics.measures.nominal.strategies`),
which re-export them::

    from hypothesis import given
    from axiometrics.measures.oc.strategies import confusion_matrices

    @given(confusion_matrices(max_classes=5))
    def test_my_measure_is_symmetric(matrix):
        assert my_measure(matrix) == my_measure(matrix.T)

Confusion matrices follow the axiometrics convention: ``M[i, j]`` counts the
items the system put in class ``i`` whose gold class is ``j`` (rows =
system, columns = gold).  They reach the corners where claims break: empty
gold and system classes, single-class golds, constant systems, perfect
systems, a handful of items, counts up to 10^6 next to zeros.  Options are
keyword-only; impossible ones raise
:class:`~axiometrics.strategies.StrategyArgumentError` when the strategy is
built.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import (
    CELL_BY_CELL,
    DEFAULT_MAX_CLASSES,
    DEFAULT_MAX_COUNT,
    SEEDS,
    SMALL_COUNT,
    bounded_integers,
    draw_counts,
    numbers_of_classes,
    reused,
    sampled_options,
)
from axiometrics.strategy_options import StrategyArgumentError, class_bounds, int_option

from .inputs import fill_empty_classes

__all__ = ["LabelAssignment", "confusion_matrices", "label_assignments"]

_MATRIX_SHAPES = ("free", "few_items", "perfect", "constant_system", "single_gold_class", "extreme")
_FEW_ITEMS = bounded_integers(1, 4)


def confusion_matrices(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Confusion matrices ``(C, C)`` of int64 counts (rows = system, columns = gold), N > 0.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest count of one cell.
    empty_gold_classes, empty_system_classes
        Whether a column (gold class) or row (system class) may be empty.
        Forbidding empty classes repairs a draw by adding items on the
        diagonal, so ``False`` for both also rules out constant systems.

    Notes
    -----
    Besides free draws (each cell small or up to ``max_count``), explicit
    branches generate a handful of items (1 to 4, like the label vectors of
    hand-made counterexamples), perfect systems (diagonal), constant systems
    (one non-empty row), single-class golds (one non-empty column) and
    extreme imbalance (one gold class at ``max_count`` per cell, the others
    small).
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)

    return _confusion_matrices(lo, hi, cap, empty_gold_classes, empty_system_classes)


@reused
@st.composite
def _confusion_matrices(
    draw: st.DrawFn, lo: int, hi: int, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    c = draw(numbers_of_classes(lo, hi))
    shape = draw(sampled_options(_MATRIX_SHAPES))
    m = np.zeros((c, c), dtype=np.int64)
    if shape == "few_items":
        cell = bounded_integers(0, c - 1)
        for _ in range(draw(_FEW_ITEMS)):
            m[draw(cell), draw(cell)] += 1
    elif shape == "perfect":
        m[np.diag_indices(c)] = draw_counts(draw, c, cap)
    elif shape == "constant_system":
        k = draw(bounded_integers(0, c - 1))
        m[k] = draw_counts(draw, c, cap)
    elif shape == "single_gold_class":
        j = draw(bounded_integers(0, c - 1))
        m[:, j] = draw_counts(draw, c, cap)
    elif shape == "extreme":
        # One gold class with counts anywhere up to the cap, the others small.
        j = draw(bounded_integers(0, c - 1))
        m[:] = draw_counts(draw, c * c, min(SMALL_COUNT, cap)).reshape(c, c)
        if c * c <= CELL_BY_CELL:
            m[:, j] = [draw(bounded_integers(0, cap)) for _ in range(c)]
        else:
            m[:, j] = _big_column(draw, c, cap)
    else:
        m[:] = draw_counts(draw, c * c, cap).reshape(c, c)
    m = fill_empty_classes(np.minimum(m, cap), gold=not empty_gold, system=not empty_system)
    if m.sum() == 0:
        m[0, 0] = 1
    return m


def _big_column(draw: st.DrawFn, c: int, cap: int) -> np.ndarray:
    """``c`` counts log-uniform in ``0 .. cap`` from one seed (one at the cap)."""
    rng = np.random.default_rng(draw(SEEDS))
    out = np.round(np.exp(rng.uniform(0.0, np.log(cap + 1), size=c))).astype(np.int64) - 1
    out[rng.integers(0, c)] = cap
    return np.clip(out, 0, cap)


@dataclass(frozen=True)
class LabelAssignment:
    """Gold and system class indices of the same items.

    Attributes
    ----------
    gold, system
        int64 arrays of class indices ``0 .. C-1``, one per item.
    n_classes
        The number of classes of the scale (some may be unused).
    """

    gold: np.ndarray
    system: np.ndarray
    n_classes: int

    def matrix(self) -> np.ndarray:
        """The confusion matrix ``(C, C)``, rows = system, columns = gold."""
        m = np.zeros((self.n_classes, self.n_classes), dtype=np.int64)
        np.add.at(m, (self.system, self.gold), 1)
        return m


def label_assignments(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    min_items: int = 1,
    max_items: int = 30,
) -> st.SearchStrategy[LabelAssignment]:
    """Gold and system labels of the same items (class indices).

    Branches generate free labels, constant systems, single-class golds and
    perfect systems; classes may be empty in the gold and in the system.
    """
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    n_lo = int_option("min_items", min_items, minimum=1)
    n_hi = int_option("max_items", max_items, minimum=1)
    if n_lo > n_hi:
        raise StrategyArgumentError(
            f"min_items={min_items!r} must not exceed max_items={max_items!r}"
        )

    @st.composite
    def build(draw: st.DrawFn) -> LabelAssignment:
        c = draw(numbers_of_classes(lo, hi))
        n = draw(bounded_integers(n_lo, n_hi))
        shape = draw(sampled_options(("free", "constant_system", "single_gold_class", "perfect")))
        label = bounded_integers(0, c - 1)
        if shape == "single_gold_class":
            gold = [draw(label)] * n
        else:
            gold = [draw(label) for _ in range(n)]
        if shape == "constant_system":
            system = [draw(label)] * n
        elif shape == "perfect":
            system = list(gold)
        else:
            system = [draw(label) for _ in range(n)]
        return LabelAssignment(
            np.asarray(gold, dtype=np.int64), np.asarray(system, dtype=np.int64), c
        )

    return build()
