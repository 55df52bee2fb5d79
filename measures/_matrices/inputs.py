"""The confusion-matrix input convention shared by the ``oc`` and ``nominal`` families.

A family whose one input is confusion matrices ``(..., C, C)`` (rows =
system class, columns = gold class) takes its ``prepare`` and ``coerce``
from here (:func:`prepare_confusion_matrices`, :func:`coerce_confusion_matrices`),
its bare callables' signatures (:data:`MATRIX_CALL_SIGNATURES`) and its
preflight input (:data:`TYPICAL_MATRIX`).  Labelled inputs (``(gold, system)``
label vectors, a DataFrame crosstab, :class:`~axiometrics.ConfusionMatrices`)
are read by label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.confusion import (
    ConfusionMatrices,
    crosstab_orientation,
    validate_confusion_matrices,
)
from axiometrics.errors import InvalidInputError
from axiometrics.family import CallSignature, Prepared, label_values, values_and_batch
from axiometrics.scale import ClassScale, as_scale, is_pandas

__all__ = [
    "MATRIX_CALL_SIGNATURES",
    "TYPICAL_MATRIX",
    "coerce_confusion_matrices",
    "fill_empty_classes",
    "prepare_confusion_matrices",
    "same_labels",
]


def fill_empty_classes(m: np.ndarray, *, gold: bool, system: bool) -> np.ndarray:
    """Put one item on the diagonal of each empty gold column (``gold``) and system row.

    Modifies ``m`` (a ``(C, C)`` count matrix) in place and returns it: how
    the generators and enumerators honour the ``no_empty_gold_class`` and
    ``no_empty_system_class`` preconditions without leaving their size.
    """
    if gold:
        empty = np.flatnonzero(m.sum(axis=0) == 0)
        m[empty, empty] += 1
    if system:
        empty = np.flatnonzero(m.sum(axis=1) == 0)
        m[empty, empty] += 1
    return m


def _shape(obj: Any) -> tuple[int, ...] | str:
    try:
        return tuple(np.shape(obj))
    except ValueError:  # numpy refuses ragged nesting
        return "ragged"


def _is_pandas_frame(*objs: Any) -> bool:
    return any(is_pandas(x, "DataFrame") for x in objs)


def same_labels(scale: Any, other: ClassScale, role: str) -> None:
    """Refuse a ``scale=`` whose labels differ from those of the labelled input ``role``."""
    wanted = as_scale(scale, None)
    if wanted.labels != other.labels:
        raise InvalidInputError(
            f"scale={list(wanted.labels)!r} differs from the scale of {role} "
            f"{list(other.labels)!r}; pass one or the other"
        )


def coerce_confusion_matrices(
    inputs: tuple[Any, ...], scale: Any, *, what: str = "an OC measure"
) -> tuple[Any, ...]:
    """The ``coerce`` of a family whose one input is confusion matrices (rows = system).

    Accepts ``(gold, system)`` label vectors (gold first, like scikit-learn's
    ``(y_true, y_pred)``), a DataFrame crosstab whose axes are named
    ``gold``/``system``, :class:`ConfusionMatrices`, or plain counts (read
    with ``scale`` when given).  ``what`` names the measures in error
    messages (``"a nominal measure"``).  The ``oc`` family uses it; a plugin
    family with the same input convention reuses it.
    """
    if len(inputs) == 2:
        # scikit-learn habit: (y_true, y_pred) label vectors, gold first.
        gold, system = inputs
        shapes = [_shape(x) for x in inputs]
        if any(isinstance(shape, str) or len(shape) != 1 for shape in shapes) or _is_pandas_frame(
            gold, system
        ):
            raise InvalidInputError(
                f"two inputs to {what} are read as (gold, system) label vectors of shape "
                f"(n,), gold first like scikit-learn (got shapes {shapes[0]} and {shapes[1]}); "
                "for matrices pass one input, for batches of label vectors use "
                "ConfusionMatrices.from_labels(gold, system, scale=[...])"
            )
        return (ConfusionMatrices.from_labels(gold, system, scale=scale),)
    if len(inputs) != 1:
        raise InvalidInputError(
            f"{what} takes the confusion matrices, or (gold, system) label vectors "
            f"like scikit-learn's (y_true, y_pred) (got {len(inputs)} inputs)"
        )
    (raw,) = inputs
    if _is_pandas_frame(raw):
        rows = crosstab_orientation(raw)
        if rows is None:
            raise InvalidInputError(
                "a DataFrame of counts must say which axis holds the gold labels (got index "
                f"name {raw.index.name!r} and columns name {raw.columns.name!r}); name the axes "
                "'gold' and 'system' (pd.crosstab(gold, system) of Series so named) or build it "
                'explicitly: ConfusionMatrices.from_crosstab(table, rows="gold") when the index '
                'holds gold labels, rows="system" when it holds system labels'
            )
        return (ConfusionMatrices.from_crosstab(raw, rows=rows, scale=scale),)
    if isinstance(raw, ConfusionMatrices):
        if scale is not None:
            same_labels(scale, raw.scale, "the confusion matrices")
        return inputs
    if scale is not None and not is_pandas(raw):
        return (ConfusionMatrices.from_counts(raw, scale=scale),)
    return inputs


def prepare_confusion_matrices(
    inputs: tuple[Any, ...], values: Any, *, what: str = "an OC measure"
) -> Prepared:
    """The ``prepare`` of a family whose one input is confusion matrices ``(..., C, C)``.

    Validates the counts (rows = system, columns = gold) and the class values
    (default: the matrices' scale values, else ``0 .. C-1``); ``what`` names
    the measures in error messages.  The ``oc`` family uses it; a plugin
    family with the same input convention reuses it.
    """
    if len(inputs) != 1:
        raise InvalidInputError(
            f"{what} takes one input, the confusion matrices (got {len(inputs)} inputs)"
        )
    (raw,) = inputs
    scale_values = raw.scale.value_array if isinstance(raw, ConfusionMatrices) else None
    matrices = validate_confusion_matrices(raw, name="matrices")
    c = matrices.shape[-1]
    vals, batch = values_and_batch(values, scale_values, c, matrices.shape[:-2])
    keys = raw.index if isinstance(raw, ConfusionMatrices) else None
    name = raw.index_name if isinstance(raw, ConfusionMatrices) else None
    return Prepared((matrices,), vals, batch, c, (2,), keys, name)


def _as_counts(arr: np.ndarray) -> np.ndarray:
    """Integral float arrays become int64 (friendlier to user code), others stay float."""
    return arr.astype(np.int64) if np.all(arr == np.round(arr)) else arr


def _matrix(transpose: bool) -> Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any]]:
    def arguments(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any]:
        m = np.array(inputs[0])
        return (_as_counts(m.T.copy() if transpose else m),)

    return arguments


def _label_vectors(
    gold_first: bool,
) -> Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any, ...]]:
    def arguments(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
        matrix = np.asarray(inputs[0])
        c = matrix.shape[-1]
        counts = matrix.astype(np.int64).ravel()
        system_idx, gold_idx = np.divmod(np.repeat(np.arange(c * c), counts), c)
        labels = label_values(np.arange(c) if values is None else np.asarray(values))
        gold, system = labels[gold_idx], labels[system_idx]
        return (gold, system) if gold_first else (system, gold)

    return arguments


#: Call signatures of a family whose one input is confusion matrices (rows = system).
MATRIX_CALL_SIGNATURES: tuple[tuple[str, CallSignature], ...] = (
    (
        "matrix",
        CallSignature(
            _matrix(False),
            description="f(matrix): confusion matrix (C, C), rows = system, columns = gold "
            "(int64 counts when they are integral)",
        ),
    ),
    (
        "matrix.T",
        CallSignature(
            _matrix(True),
            description="f(matrix): rows = gold, columns = system (scikit-learn's "
            "confusion_matrix orientation)",
        ),
    ),
    (
        "gold,system",
        CallSignature(
            _label_vectors(True),
            label_vectors=True,
            description="f(gold, system): label vectors, one entry per item, like "
            "scikit-learn's (y_true, y_pred); the labels are the class values",
        ),
    ),
    (
        "system,gold",
        CallSignature(
            _label_vectors(False),
            label_vectors=True,
            description="f(system, gold): label vectors, one entry per item",
        ),
    ),
)

#: A typical confusion matrix (rows = system), the preflight input of matrix families.
TYPICAL_MATRIX = (np.array([[3, 1, 0], [1, 2, 1], [0, 1, 3]]),)
