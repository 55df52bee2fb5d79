"""The ``oc`` family (ordinal classification): confusion matrices over ordered classes.

Inputs are confusion matrices ``(..., C, C)`` with rows = system class and
columns = gold class, or ``(gold, system)`` label vectors like
scikit-learn's ``(y_true, y_pred)``, a ``pandas.crosstab`` whose axes are
named ``gold``/``system``, or :class:`~axiometrics.ConfusionMatrices`; the
class values (default ``0 .. C-1``, or the scale's values) carry the order
and the distances.  The convention is the one of
:mod:`axiometrics.measures._matrices.inputs`, shared with ``nominal``.
``FAMILY`` is the family's ``axiometrics.families`` entry point.
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
from .data import LABEL_COLLECTIONS

__all__ = ["FAMILY"]


def _coerce(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    return coerce_confusion_matrices(inputs, scale)


def _prepare(inputs: tuple[Any, ...], values: Any) -> Prepared:
    return prepare_confusion_matrices(inputs, values)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every confusion matrix up to a size (:func:`.._matrices.enumeration.single_matrices`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .._matrices.enumeration import single_matrices

    return single_matrices(request)


#: The ordinal-classification family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "oc",
    "Ordinal classification",
    ("matrices",),
    _prepare,
    coerce=_coerce,
    typical_inputs=TYPICAL_MATRIX,
    call_signatures=MATRIX_CALL_SIGNATURES,
    read_runs=label_runs_reader(ordered=True),
    label_collections=LABEL_COLLECTIONS,
    reference_cases=matrix_reference_cases,
    enumerate_inputs=_enumerate_inputs,
    rank=10,
    abbreviation="OC",
)
