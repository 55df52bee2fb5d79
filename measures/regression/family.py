"""The ``regression`` family: real-valued true values, predictions and optional sample weights.

Inputs are ``(y_true, y_pred[, sample_weight])``, scikit-learn's order, each
of shape ``(..., n)``: ``n`` items on the last axis, batches (topics,
systems, folds, ...) on the leading axes, which broadcast (one ``y_true``
``(n,)`` serves a batch of predictions ``(S, n)``).

* ``y_true``, ``y_pred``: finite real numbers (NaN and infinities are
  refused), at least one item, the same number of items.
* ``sample_weight`` (optional; absent means every weight 1): finite
  non-negative reals, not all zero in any row.  A weight is a frequency: an
  integer weight k counts its item k times, a zero weight removes the item.
  Measures without a weighted form (``max_error`` and the rank and Pearson
  correlations) refuse weights other than all ones.

Labelled inputs are aligned by label, never by position: pandas Series are
matched by their index (item ids); a DataFrame of predictions (one row per
system or fold, one column per item) is matched to a ``y_true`` Series by
its columns, or to a ``y_true`` DataFrame by rows and columns; its row
labels become the batch index of the result.  A weight Series is matched
by item id.  A pandas object paired with an unlabelled array is refused.

The family has no class scale and no class values (``Family.class_values``
is false).

Bare callables (``check(f, family="regression")``) are called as
``f(y_true, y_pred)`` by default (scikit-learn's and SciPy's order; a case
with weights other than all ones is then refused, so it lies outside every
claim), ``f(y_true, y_pred, sample_weight)`` with
``signature="y_true,y_pred,sample_weight"`` (weights passed positionally:
wrap scikit-learn's keyword-only ``sample_weight`` in a lambda), or
``f(y_pred, y_true)`` with ``signature="y_pred,y_true"``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    SignatureRefusalError,
)
from axiometrics.family import CallSignature, Family, Prepared
from axiometrics.scale import as_real_array, check_unique_labels, is_pandas

from .data import DIABETES, FRIEDMAN1, SYNTHETIC_REGRESSION, read_runs

__all__ = [
    "CALL_SIGNATURES",
    "FAMILY",
    "INPUTS",
    "WEIGHTS_FEATURE",
    "LabelledRegression",
    "coerce_regression",
    "prepare_regression",
    "validate_regression",
]

#: The family's inputs, in scikit-learn's order.
INPUTS = ("y_true", "y_pred", "sample_weight")
#: The prepared class values: none (the family has no class scale).
NO_VALUES = np.zeros(0)


@dataclass(frozen=True)
class LabelledRegression:
    """A batch of ``(y_true, y_pred, sample_weight)`` aligned by label, with the batch keys."""

    y_true: np.ndarray
    y_pred: np.ndarray
    sample_weight: np.ndarray | None
    index: tuple[Hashable, ...] | None = None
    index_name: str | None = None


def _shown(data: Any) -> str:
    text = " ".join(repr(data).split())
    return text if len(text) <= 120 else text[:117] + "..."


def _values(raw: Any, name: str) -> np.ndarray:
    arr = as_real_array(raw, name=name, what="real values")
    if arr.ndim == 0:
        raise InvalidInputError(
            f"{name}={_shown(raw)}: expected one value per item, shape (..., n) (got a scalar)"
        )
    if not np.all(np.isfinite(arr)):
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(arr))[0])
        raise InvalidInputError(
            f"{name}={_shown(raw)}: expected finite real numbers (got {float(arr[bad])!r} at "
            f"index {bad})"
        )
    return arr.astype(float, copy=False)


def _weights(raw: Any) -> np.ndarray:
    arr = _values(raw, "sample_weight")
    if np.any(arr < 0):
        bad = tuple(int(i) for i in np.argwhere(arr < 0)[0])
        raise InvalidInputError(
            f"sample_weight={_shown(raw)}: expected non-negative weights (got {float(arr[bad])!r} "
            f"at index {bad})"
        )
    if np.any(np.all(arr == 0, axis=-1)):
        raise InvalidInputError(
            f"sample_weight={_shown(raw)}: expected at least one positive weight per row (got "
            "all zeros)"
        )
    return arr


def validate_regression(
    y_true: Any, y_pred: Any, sample_weight: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[int, ...]]:
    """Validate ``(y_true, y_pred[, sample_weight])`` into float arrays and their batch shape.

    Parameters
    ----------
    y_true, y_pred
        Finite reals ``(..., n)``.
    sample_weight
        Finite non-negative reals ``(..., n)``, not all zero in a row;
        ``None``: every weight 1.

    Returns
    -------
    tuple
        ``(y_true, y_pred, sample_weight, batch_shape)``.

    Raises
    ------
    InputTypeError
        For pandas objects (use :func:`coerce_regression`) and non-numeric input.
    InvalidInputError
        For NaN or infinite values, negative, non-finite or all-zero weights,
        empty item lists, different numbers of items, or batch shapes that
        do not broadcast.
    """
    for name, raw in zip(INPUTS, (y_true, y_pred, sample_weight), strict=True):
        if is_pandas(raw):
            raise InputTypeError(
                f"{name}={type(raw).__name__}: pandas inputs are aligned by label first "
                "(coerce_regression, which axiometrics.score and every scorer call)"
            )
    y, p = _values(y_true, "y_true"), _values(y_pred, "y_pred")
    w = np.ones(1) if sample_weight is None else _weights(sample_weight)
    shapes = {"y_true": y.shape, "y_pred": p.shape}
    if sample_weight is not None:
        shapes["sample_weight"] = w.shape
    lengths = {s[-1] for s in shapes.values()}
    if len(lengths) != 1:
        shown = ", ".join(f"{k} shape {v}" for k, v in shapes.items())
        raise InvalidInputError(
            f"y_true, y_pred and sample_weight must have one entry per item on the last axis "
            f"(got {shown})"
        )
    if y.shape[-1] == 0:
        raise InvalidInputError(
            f"y_true and y_pred must hold at least one item (got shapes {y.shape} and {p.shape})"
        )
    try:
        batch = np.broadcast_shapes(*(s[:-1] for s in shapes.values()))
    except ValueError:
        shown = ", ".join(f"{k} {v[:-1]}" for k, v in shapes.items())
        raise InvalidInputError(f"the batch shapes do not broadcast ({shown})") from None
    if sample_weight is None:
        w = np.ones(y.shape[-1])
    return y, p, w, batch


def prepare_regression(inputs: tuple[Any, ...], values: Any) -> Prepared:
    """Validate ``(y_true, y_pred[, sample_weight])`` into a :class:`~axiometrics.family.Prepared`.

    The prepared arrays are always three, the weights all ones when absent.

    Raises
    ------
    InvalidParameterError
        If class values are given (the family has none).
    """
    keys: tuple[Hashable, ...] | None = None
    name: str | None = None
    if len(inputs) == 1 and isinstance(inputs[0], LabelledRegression):
        labelled = inputs[0]
        inputs = (labelled.y_true, labelled.y_pred, labelled.sample_weight)
        keys, name = labelled.index, labelled.index_name
    if len(inputs) not in (2, 3):
        raise InvalidInputError(
            "a regression measure takes two or three inputs, (y_true, y_pred[, sample_weight]) "
            f"(got {len(inputs)} inputs)"
        )
    if values is not None:
        raise InvalidParameterError(
            f"values={_shown(values)}: regression measures take real values and no class values"
        )
    y, p, w, batch = validate_regression(*inputs)
    return Prepared((y, p, w), NO_VALUES, batch, 0, (1, 1, 1), keys, name)


def _align(labels: list[Hashable], wanted: list[Hashable], what: str) -> list[int]:
    """Positions of ``wanted`` in ``labels``; refuse repeated, missing or extra labels."""
    check_unique_labels(labels, name=what)
    check_unique_labels(wanted, name=what)
    position = {key: i for i, key in enumerate(labels)}
    missing = [k for k in wanted if k not in position]
    extra = sorted(set(map(repr, labels)) - set(map(repr, wanted)))
    if missing or extra:
        raise InvalidInputError(
            f"the inputs must label the same items by {what} (missing: "
            f"{list(map(repr, missing))[:5]}, extra: {extra[:5]})"
        )
    return [position[k] for k in wanted]


def _weights_by_item(sample_weight: Any, items: list[Hashable]) -> np.ndarray | None:
    if sample_weight is None:
        return None
    if not is_pandas(sample_weight, "Series"):
        raise InputTypeError(
            "sample_weight must be a pandas Series indexed by item id when y_true and y_pred "
            f"are pandas objects (got {type(sample_weight).__name__})"
        )
    order = _align(list(sample_weight.index), items, "item id")
    return np.asarray(sample_weight.to_numpy())[order]


def coerce_regression(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    """Align labelled (pandas) inputs by label; plain arrays pass unchanged.

    Raises
    ------
    InvalidParameterError
        If ``scale`` is given (the family has no class scale).
    InvalidInputError
        If the pandas objects do not label the same items, or a label repeats.
    InputTypeError
        If a pandas object is paired with an unlabelled array.
    """
    if scale is not None:
        raise InvalidParameterError(
            f"scale={scale!r}: regression measures take real values and no class scale"
        )
    if len(inputs) not in (2, 3):
        return inputs  # refused by prepare_regression with the count
    y_true, y_pred = inputs[0], inputs[1]
    weight = inputs[2] if len(inputs) == 3 else None
    labelled = [is_pandas(x) for x in (y_true, y_pred)]
    if not any(labelled) and not is_pandas(weight):
        return inputs
    if not all(labelled):
        raise InputTypeError(
            "y_true and y_pred must both be pandas objects or both arrays: items are aligned "
            "by label, never by position"
        )
    if is_pandas(y_pred, "Series"):
        if not is_pandas(y_true, "Series"):
            raise InputTypeError(
                f"y_pred is a Series: y_true must be a Series indexed by item id (got "
                f"{type(y_true).__name__})"
            )
        items = list(y_pred.index)
        order = _align(list(y_true.index), items, "item id")
        return (y_true.to_numpy()[order], y_pred.to_numpy(), _weights_by_item(weight, items))
    if not is_pandas(y_pred, "DataFrame"):
        raise InputTypeError(
            f"y_pred must be a pandas Series or DataFrame (got {type(y_pred).__name__})"
        )
    items = list(y_pred.columns)
    if is_pandas(y_true, "Series"):
        truth = y_true.to_numpy()[_align(list(y_true.index), items, "item id")]
    elif is_pandas(y_true, "DataFrame"):
        cols = _align(list(y_true.columns), items, "column")
        rows = _align(list(y_true.index), list(y_pred.index), "row")
        truth = y_true.to_numpy()[np.ix_(rows, cols)]
    else:
        raise InputTypeError(
            f"y_true must be a pandas Series or DataFrame (got {type(y_true).__name__})"
        )
    check_unique_labels(list(y_pred.index), name="y_pred rows")
    index_name = y_pred.index.name
    return (
        LabelledRegression(
            truth,
            y_pred.to_numpy(),
            _weights_by_item(weight, items),
            tuple(y_pred.index),
            None if index_name is None else str(index_name),
        ),
    )


def _pair(inputs: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
    y, p, *rest = inputs
    if rest and not np.all(np.asarray(rest[0]) == 1.0):
        raise SignatureRefusalError(
            "this call signature passes no sample weights: weights other than all ones are "
            "refused (use signature='y_true,y_pred,sample_weight')"
        )
    return np.array(y, dtype=float), np.array(p, dtype=float)


def _truth_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    return _pair(inputs)


def _prediction_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    y, p = _pair(inputs)
    return (p, y)


def _weighted(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    y, p, *rest = inputs
    w = rest[0] if rest else np.ones(np.shape(y))
    return (np.array(y, dtype=float), np.array(p, dtype=float), np.array(w, dtype=float))


#: How a bare regression callable is called: scikit-learn's ``(y_true, y_pred)`` by default.
CALL_SIGNATURES = (
    (
        "y_true,y_pred",
        CallSignature(
            _truth_first,
            description="f(y_true, y_pred): float arrays (n,), scikit-learn's and SciPy's order "
            "(weighted cases are refused)",
        ),
    ),
    (
        "y_true,y_pred,sample_weight",
        CallSignature(_weighted, description="f(y_true, y_pred, sample_weight): float arrays (n,)"),
    ),
    (
        "y_pred,y_true",
        CallSignature(
            _prediction_first,
            description="f(y_pred, y_true): float arrays (n,) (weighted cases are refused)",
        ),
    ),
)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every ``(y_true, y_pred, sample_weight)`` input up to a size (:func:`.input_levels`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .enumeration import input_levels

    return input_levels(request)


#: The family's input feature (:attr:`axiometrics.family.Family.input_features`) of
#: weights other than all ones, which measures without a weighted form refuse.
WEIGHTS_FEATURE = "sample_weight"

#: The regression family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "regression",
    "Regression",
    INPUTS,
    prepare=prepare_regression,
    coerce=coerce_regression,
    class_values=False,
    typical_inputs=(np.array([3.0, -0.5, 2.0, 7.0]), np.array([2.5, 0.0, 2.0, 8.0])),
    call_signatures=CALL_SIGNATURES,
    read_runs=read_runs,
    coverage_reference=("mean_squared_error", "mean_absolute_error", "r2"),
    generated_datasets=(SYNTHETIC_REGRESSION, DIABETES, FRIEDMAN1),
    enumerate_inputs=_enumerate_inputs,
    rank=50,
    # Measures without a weighted form refuse this input; the checker then draws unit weights.
    input_features=(
        (
            WEIGHTS_FEATURE,
            (
                np.array([3.0, -0.5, 2.0, 7.0]),
                np.array([2.5, 0.0, 2.0, 8.0]),
                np.array([1.0, 2.0, 0.5, 3.0]),
            ),
        ),
    ),
)
