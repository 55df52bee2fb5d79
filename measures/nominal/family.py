"""The ``nominal`` family: classification into unordered classes.

Inputs are the same as the ordinal-classification family's: confusion
matrices ``(..., C, C)`` with rows = system class and columns = gold class,
or ``(gold, system)`` label vectors like scikit-learn's ``(y_true, y_pred)``
(pass ``scale=[...]`` so that classes nobody used still exist), a
``pandas.crosstab`` whose axes are named ``gold``/``system``, or
:class:`~axiometrics.ConfusionMatrices`.  The class order of a scale is
only a listing order here: no nominal measure reads the class values, and
per-class measures name their positive class by its position in the scale.

Bare callables (``check(f, family="nominal")``) take the same signatures as
OC callables: ``matrix`` (default), ``matrix.T`` (scikit-learn's
``confusion_matrix`` orientation), and ``gold,system`` / ``system,gold``
label vectors like scikit-learn's ``(y_true, y_pred)``.

The family is registered through the ``axiometrics.families`` entry point
(``FAMILY``); measures that are ordinal and nominal at once (accuracy,
macro F1, Cohen's kappa, macro recall) list it in ``also_families``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from axiometrics.family import Family, Prepared

from .._matrices.data import label_runs_reader, matrix_reference_cases
from .._matrices.inputs import (
    MATRIX_CALL_SIGNATURES,
    TYPICAL_MATRIX,
    coerce_confusion_matrices,
    prepare_confusion_matrices,
)

__all__ = ["FAMILY"]

_WHAT = "a nominal measure"


def _prepare(inputs: tuple[Any, ...], values: Any) -> Prepared:
    return prepare_confusion_matrices(inputs, values, what=_WHAT)


def _coerce(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    return coerce_confusion_matrices(inputs, scale, what=_WHAT)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every confusion matrix up to a size (:func:`.._matrices.enumeration.single_matrices`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .._matrices.enumeration import single_matrices

    return single_matrices(request)


#: The nominal-classification family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "nominal",
    "Nominal classification",
    ("matrices",),
    _prepare,
    coerce=_coerce,
    typical_inputs=TYPICAL_MATRIX,
    call_signatures=MATRIX_CALL_SIGNATURES,
    ordered=False,
    read_runs=label_runs_reader(ordered=False),
    reference_cases=matrix_reference_cases,
    enumerate_inputs=_enumerate_inputs,
    rank=30,
)
