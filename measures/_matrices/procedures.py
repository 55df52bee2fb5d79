"""Checking procedures shared by the families over confusion matrices (ordinal and nominal).

Symmetry, well-definedness and count-scale invariance are checked the same
way on ordinal and nominal confusion matrices (rows = system, columns =
gold): the ``oc`` and ``nominal`` plugins both adopt the shared claims with
these procedures, whose bounded-pass enumerators are
:func:`~axiometrics.measures._matrices.enumeration.symmetry_levels`,
:func:`~axiometrics.measures._matrices.enumeration.well_defined_levels` and
:func:`~axiometrics.measures._matrices.enumeration.scale_levels`.
:func:`request_matrices` and :func:`stack_entries` are the building blocks
their own procedures share.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.cases import Case, CaseRequest, Procedure
from axiometrics.checker.rules import decide_equal, decide_well_defined, min_classes
from axiometrics.strategies import bounded_integers

from .enumeration import MAX_SCALED_TOTAL, scale_levels, symmetry_levels, well_defined_levels
from .strategies import confusion_matrices

__all__ = [
    "COUNT_SCALE_INVARIANCE",
    "SYMMETRY",
    "WELL_DEFINED",
    "MatrixSource",
    "per_matrix_cases",
    "request_matrices",
    "scale_cases",
    "stack_entries",
    "symmetry_cases",
    "well_defined_cases",
]

#: Where a procedure's matrices come from: ``matrices(request) -> SearchStrategy``
#: (:func:`request_matrices` here; a family may widen it, as ``nominal`` does).
MatrixSource = Callable[[CaseRequest], st.SearchStrategy[np.ndarray]]
#: A procedure's case generator: ``cases(request) -> SearchStrategy[Case]``.
CaseSource = Callable[[CaseRequest], st.SearchStrategy[Case]]


def request_matrices(request: CaseRequest, *, floor: int = 2) -> st.SearchStrategy[np.ndarray]:
    """Confusion matrices honouring the request's bounds and empty-class preconditions.

    Parameters
    ----------
    request
        The claim's case request (class bounds, count cap, preconditions).
    floor
        The fewest classes the procedure needs.
    """
    lo = min_classes(request, floor)
    return confusion_matrices(
        min_classes=lo,
        max_classes=max(request.max_classes, lo),
        max_count=request.max_count,
        empty_gold_classes=not request.wants("no_empty_gold_class"),
        empty_system_classes=not request.wants("no_empty_system_class"),
    )


def stack_entries(*matrices: np.ndarray) -> tuple[np.ndarray]:
    """The entries of one case as the single input of a batch: ``(np.stack(matrices),)``."""
    return (np.stack(matrices),)


# -- symmetry ------------------------------------------------------------------------


def per_matrix_cases(
    source: MatrixSource, make: Callable[[np.ndarray, np.ndarray], Case]
) -> CaseSource:
    """Cases built by ``make(M, v)`` from one matrix of ``source`` and its class values."""

    def cases(request: CaseRequest) -> st.SearchStrategy[Case]:
        matrices = source(request)

        @st.composite
        def build(draw: st.DrawFn) -> Case:
            m = draw(matrices)
            return make(m, draw(request.values(m.shape[0])))

        return build()

    return cases


def _with_transpose(m: np.ndarray, v: np.ndarray) -> Case:
    return Case(stack_entries(m, m.T), np.stack([v, v]), ("M", "M.T (system and gold swapped)"))


def symmetry_cases(source: MatrixSource = request_matrices) -> CaseSource:
    """The symmetry cases over the matrices of ``source``: a matrix and its transpose."""
    return per_matrix_cases(source, _with_transpose)


SYMMETRY = Procedure(
    cases=symmetry_cases(),
    decide=decide_equal("Eff(M) vs Eff(M.T)"),
    description="a confusion matrix and its transpose",
    enumerate=symmetry_levels,
)


# -- well-definedness ------------------------------------------------------------------


def _alone(m: np.ndarray, v: np.ndarray) -> Case:
    return Case.single((m,), names=("M",), values=v)


def well_defined_cases(source: MatrixSource = request_matrices) -> CaseSource:
    """The well-definedness cases over the matrices of ``source``: one matrix each."""
    return per_matrix_cases(source, _alone)


WELL_DEFINED = Procedure(
    cases=well_defined_cases(),
    decide=decide_well_defined,
    observe_undefined=True,
    observe_crashes=True,
    spacing_sensitive=True,
    description="any valid confusion matrix (empty classes, constant systems, huge counts)",
    enumerate=well_defined_levels,
)


# -- count-scale invariance ------------------------------------------------------------


def scale_cases(source: MatrixSource = request_matrices) -> CaseSource:
    """The count-scale cases over the matrices of ``source``: ``M`` and ``k * M``."""

    def cases(request: CaseRequest) -> st.SearchStrategy[Case]:
        matrices = source(request)
        factors = ax_st.scale_factors()

        @st.composite
        def build(draw: st.DrawFn) -> Case:
            m = draw(matrices)
            if request.max_items is None:
                # Every k > 0: below 1, non-integer and huge factors included;
                # the scaled counts are floats (measures take real counts).
                k = draw(factors)
                k = min(k, MAX_SCALED_TOTAL / max(float(m.sum()), 1.0))
                return Case(
                    stack_entries(m.astype(float), m * k),
                    np.stack([draw(request.values(m.shape[0]))] * 2),
                    ("M", f"{k!r} * M"),
                    {"factor k": repr(k)},
                )
            # Measures called on item lists: integer k, k * M within the item budget.
            k = draw(bounded_integers(2, max(2, request.max_items // max(int(m.sum()), 1))))
            v = draw(request.values(m.shape[0]))
            return Case(
                stack_entries(m, m * k), np.stack([v, v]), ("M", f"{k} * M"), {"factor k": str(k)}
            )

        return build()

    return cases


COUNT_SCALE_INVARIANCE = Procedure(
    cases=scale_cases(),
    decide=decide_equal("Eff(M) vs Eff(k*M)"),
    description="a confusion matrix and the same with every count multiplied by k",
    enumerate=scale_levels,
)
