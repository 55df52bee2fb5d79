"""The ordinal families' input conventions: ``oc`` (confusion matrices) and ``oq`` (distributions).

``oc``
    ordinal classification: ``(matrices,)``, confusion matrices
    ``(..., C, C)`` with rows = system and columns = gold.
``oq``
    ordinal quantification: ``(system, gold)``, distributions ``(..., C)``.

:data:`MATRIX_CALL_SIGNATURES` and :data:`DISTRIBUTION_CALL_SIGNATURES` serve
families with the OC and OQ input conventions.  The family model itself
(:class:`Family`, :func:`register_family`, ...) lives in
:mod:`axiometrics.family` and is re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from axiometrics.confusion import (
    ConfusionMatrices,
    crosstab_orientation,
    validate_confusion_matrices,
)
from axiometrics.distributions import Distributions, validate_distribution_pair
from axiometrics.errors import InvalidInputError
from axiometrics.family import (
    CallSignature,
    Family,
    Prepared,
    companion_families,
    family,
    label_batch,
    label_values,
    register_family,
    registered_families,
    values_and_batch,
)
from axiometrics.scale import ClassScale, as_scale, check_unique_labels, is_pandas

__all__ = [
    "DISTRIBUTION_CALL_SIGNATURES",
    "MATRIX_CALL_SIGNATURES",
    "TYPICAL_MATRIX",
    "CallSignature",
    "Family",
    "Prepared",
    "coerce_confusion_matrices",
    "companion_families",
    "family",
    "label_batch",
    "label_values",
    "prepare_confusion_matrices",
    "register_family",
    "registered_families",
]


def _shape(obj: Any) -> tuple[int, ...] | str:
    try:
        return tuple(np.shape(obj))
    except ValueError:  # numpy refuses ragged nesting
        return "ragged"


def _is_pandas_frame(*objs: Any) -> bool:
    return any(is_pandas(x, "DataFrame") for x in objs)


def _same_labels(scale: Any, other: ClassScale, role: str) -> None:
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
            _same_labels(scale, raw.scale, "the confusion matrices")
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


def _coerce_oc(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    return coerce_confusion_matrices(inputs, scale)


def _prepare_oc(inputs: tuple[Any, ...], values: Any) -> Prepared:
    return prepare_confusion_matrices(inputs, values)


def _as_distributions(raw: Any, scale: Any, role: str) -> Any:
    if is_pandas(raw, "DataFrame"):
        return Distributions.from_dataframe(raw, scale=scale)
    if is_pandas(raw, "Series"):
        return Distributions.from_series(raw, scale=scale)
    if is_pandas(raw):
        return raw  # refused by validation with a message naming the constructors
    if isinstance(raw, Distributions):
        if scale is not None:
            _same_labels(scale, raw.scale, role)
        return raw
    if scale is not None:
        return Distributions.from_probabilities(raw, scale=as_scale(scale, None))
    return raw


def _align_batches(system: Distributions, gold: Distributions) -> Distributions:
    """Reorder ``gold``'s batch to ``system``'s keys, or refuse different key sets."""
    if system.index is None or gold.index is None or system.index == gold.index:
        return gold
    check_unique_labels(list(system.index), name="system index")
    check_unique_labels(list(gold.index), name="gold index")
    position = {key: i for i, key in enumerate(gold.index)}
    missing = [k for k in system.index if k not in position]
    extra = sorted(map(repr, set(gold.index) - set(system.index)))
    if missing or extra:
        raise InvalidInputError(
            "system and gold must index the same distributions (got system keys missing from "
            f"gold: {list(map(repr, missing))[:5]}, gold keys missing from system: {extra[:5]})"
        )
    order = [position[k] for k in system.index]
    return Distributions(
        gold.probabilities[order],
        gold.scale,
        system.index,
        tol=gold.tol,
        index_name=gold.index_name,
    )


def _coerce_oq(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    if len(inputs) != 2:
        raise InvalidInputError(
            f"an OQ measure takes two inputs, (system, gold) distributions (got {len(inputs)})"
        )
    system = _as_distributions(inputs[0], scale, "system")
    gold = _as_distributions(inputs[1], scale, "gold")
    if isinstance(system, Distributions) and isinstance(gold, Distributions):
        if system.scale.labels != gold.scale.labels:
            if set(system.scale.labels) == set(gold.scale.labels):
                problem = "the same classes in different orders"
            else:
                problem = "different classes"
            raise InvalidInputError(
                f"system and gold must be distributions over one scale (got {problem}: system "
                f"{list(system.scale.labels)!r}, gold {list(gold.scale.labels)!r}); build both "
                "with the same scale=[...]"
            )
        if system.scale.values != gold.scale.values:
            raise InvalidInputError(
                f"system and gold scales must have the same class values (got "
                f"{list(system.scale.values)!r} and {list(gold.scale.values)!r})"
            )
        gold = _align_batches(system, gold)
    return (system, gold)


def _prepare_oq(inputs: tuple[Any, ...], values: Any) -> Prepared:
    if len(inputs) != 2:
        raise InvalidInputError(
            f"an OQ measure takes two inputs, (system, gold) distributions (got {len(inputs)})"
        )
    system, gold = inputs
    scale_values = None
    keys: tuple[Hashable, ...] | None = None
    name: str | None = None
    for raw in (gold, system):
        if isinstance(raw, Distributions):
            scale_values = raw.scale.value_array
            if raw.index is not None:
                keys, name = raw.index, raw.index_name
    # large same-shape pairs come back class-major, the layout the OQ kernels read
    p, q = validate_distribution_pair(system, gold, class_major=True)
    c = p.shape[-1]
    batch = np.broadcast_shapes(p.shape[:-1], q.shape[:-1])
    vals, batch = values_and_batch(values, scale_values, c, batch)
    return Prepared((p, q), vals, batch, c, (1, 1), keys, name)


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


def _distributions(
    gold_first: bool,
) -> Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any, ...]]:
    def arguments(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
        system, gold = (np.array(a) for a in inputs)
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

#: Call signatures of a family whose inputs are ``(system, gold)`` distributions.
DISTRIBUTION_CALL_SIGNATURES: tuple[tuple[str, CallSignature], ...] = (
    (
        "system,gold",
        CallSignature(_distributions(False), description="f(system, gold): distributions (C,)"),
    ),
    (
        "gold,system",
        CallSignature(_distributions(True), description="f(gold, system): distributions (C,)"),
    ),
)

#: A typical confusion matrix (rows = system), the preflight input of matrix families.
TYPICAL_MATRIX = (np.array([[3, 1, 0], [1, 2, 1], [0, 1, 3]]),)


register_family(
    Family(
        "oc",
        "Ordinal classification",
        ("matrices",),
        _prepare_oc,
        coerce=_coerce_oc,
        typical_inputs=TYPICAL_MATRIX,
        call_signatures=MATRIX_CALL_SIGNATURES,
    )
)
register_family(
    Family(
        "oq",
        "Ordinal quantification",
        ("system", "gold"),
        _prepare_oq,
        coerce=_coerce_oq,
        typical_inputs=(np.array([0.2, 0.5, 0.3]), np.array([0.3, 0.3, 0.4])),
        call_signatures=DISTRIBUTION_CALL_SIGNATURES,
    )
)
