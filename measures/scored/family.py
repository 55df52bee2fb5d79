"""The ``scored`` family: binary gold labels and real-valued system scores.

Inputs are ``(scores, gold)``, each of shape ``(..., n)``: ``n`` items on
the last axis, batches (topics, systems, ...) on the leading axes, which
broadcast (one gold ``(n,)`` serves a batch of systems ``(S, n)``).

* ``scores``: finite real numbers, higher meaning "more likely positive".
  Ranking measures use their order only; probability measures (log loss,
  Brier) also require them to lie in ``[0, 1]`` and refuse other values.
* ``gold``: binary labels, ``1`` for a positive item and ``0`` for a
  negative one (booleans are accepted).  Other labels are refused: compare
  them with the positive label first (``gold == "pos"``).

Labelled inputs are aligned by label, never by position: two pandas Series
are matched by their index (item ids); a DataFrame of scores (one row per
system or topic, one column per item) is matched to a gold Series by its
columns, or to a gold DataFrame by rows and columns; its row labels become
the batch index of the result.  A pandas object paired with an unlabelled
array is refused.

The family has no class scale: ``scale=`` is refused, and class values
(``values=``) do not apply (``Family.class_values`` is false: checker cases
carry none).  ``values`` given anyway must be finite reals broadcasting
with the batch and are not used; the prepared class values are those of
the two gold labels, ``[0, 1]``.

Bare callables (``check(f, family="scored")``) are called as
``f(gold, scores)`` by default, scikit-learn's ``(y_true, y_score)``
(``roc_auc_score``, ``average_precision_score``), or ``f(scores, gold)``
with ``signature="scores,gold"``; gold labels arrive as int 0/1.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.family import CallSignature, Family, Prepared
from axiometrics.scale import as_real_array, check_unique_labels, is_pandas

from .data import SYNTHETIC_SCORED, read_runs

__all__ = [
    "CALL_SIGNATURES",
    "FAMILY",
    "LabelledScores",
    "coerce_scored",
    "prepare_scored",
    "validate_scored",
]

#: The class values of the gold labels (negative, positive).
GOLD_VALUES = np.array([0.0, 1.0])


@dataclass(frozen=True)
class LabelledScores:
    """A batch of ``(scores, gold)`` aligned by label, with the batch keys.

    Attributes
    ----------
    scores
        ``(B, n)`` or ``(n,)`` scores in the items' common order.
    gold
        Gold labels of the same shape (or ``(n,)``).
    index
        Keys of the batch rows (``None`` for one item list).
    index_name
        Name of the batch axis (the DataFrame index name).
    """

    scores: np.ndarray
    gold: np.ndarray
    index: tuple[Hashable, ...] | None = None
    index_name: str | None = None


def _shown(data: Any) -> str:
    text = " ".join(repr(data).split())
    return text if len(text) <= 120 else text[:117] + "..."


def _scores_array(raw: Any) -> np.ndarray:
    arr = as_real_array(raw, name="scores", what="scores")
    if arr.ndim == 0:
        raise InvalidInputError(
            f"scores={_shown(raw)}: expected one score per item, shape (..., n) (got a scalar)"
        )
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        value = float(arr[tuple(bad)])
        raise InvalidInputError(
            f"scores={_shown(raw)}: expected finite real numbers (got {value!r} at index "
            f"{tuple(int(i) for i in bad)})"
        )
    return arr


def _gold_array(raw: Any) -> np.ndarray:
    try:
        probe = np.asarray(raw)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(
            f"gold={_shown(raw)}: expected binary labels 0/1 in a regular array (ragged or "
            "unreadable)"
        ) from exc
    if probe.dtype.kind == "b":
        arr = probe.astype(float)
    elif probe.dtype.kind in "iuf":
        arr = probe.astype(float, copy=False)
    else:
        raise InputTypeError(
            f"gold={_shown(raw)}: expected binary labels 0/1 (got dtype {probe.dtype}); turn "
            "other labels into 0/1 first, e.g. gold == 'pos'"
        )
    if arr.ndim == 0:
        raise InvalidInputError(
            f"gold={_shown(raw)}: expected one label per item, shape (..., n) (got a scalar)"
        )
    bad = ~((arr == 0.0) | (arr == 1.0))
    if np.any(bad):
        seen = [float(x) for x in np.unique(arr[bad])[:5]]
        raise InvalidInputError(
            f"gold={_shown(raw)}: expected binary labels 0/1 (got {', '.join(map(repr, seen))}"
            "); for other labels compare with the positive label first, e.g. gold == 'pos'"
        )
    return arr


#: Appended to an error when the arguments look swapped (see :func:`validate_scored`).
SWAP_HINT = (
    "looks like (gold, scores): axiometrics takes (scores, gold), the reverse of "
    "scikit-learn's (y_true, y_score)"
)


def _binary(raw: Any) -> bool:
    """Whether ``raw`` is a non-empty regular array of 0/1 numbers or booleans."""
    try:
        arr = np.asarray(raw)
    except (TypeError, ValueError):
        return False
    if arr.dtype.kind == "b":
        return arr.size > 0
    if arr.dtype.kind not in "iuf" or arr.size == 0:
        return False
    return bool(np.all((arr == 0) | (arr == 1)))


def _labels_not_scores(raw: Any) -> bool:
    """Whether ``raw`` holds labels rather than scores: text, or 0/1 values only."""
    try:
        arr = np.asarray(raw)
    except (TypeError, ValueError):
        return False
    return arr.dtype.kind in "USO" or _binary(arr)


def _swap_hint(scores: Any, gold: Any) -> str:
    """``"; <why>: looks like (gold, scores) ..."`` when the arguments look swapped, else ``""``.

    Unambiguous only: the second argument is numeric but not binary (it
    cannot be gold labels) while the first holds binary 0/1 values or text
    labels.
    """
    try:
        second = np.asarray(gold)
    except (TypeError, ValueError):
        return ""
    if second.dtype.kind not in "iuf" or second.size == 0 or _binary(second):
        return ""
    if not _labels_not_scores(scores):
        return ""
    kind = "binary 0/1 labels" if _binary(scores) else "text labels"
    return f"; the first argument holds {kind} and the second real-valued scores: this {SWAP_HINT}"


def validate_scored(scores: Any, gold: Any) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Validate a ``(scores, gold)`` pair into float arrays and their common batch shape.

    Parameters
    ----------
    scores
        Finite real scores ``(..., n)``.
    gold
        Binary gold labels ``(..., n)`` (0/1 or booleans).

    Returns
    -------
    tuple
        ``(scores, gold, batch_shape)``.

    Raises
    ------
    InputTypeError
        For pandas objects (use :func:`coerce_scored`), non-numeric scores
        or gold labels.
    InvalidInputError
        For NaN or infinite scores, non-binary gold labels, empty item
        lists, different numbers of items, or batch shapes that do not
        broadcast.

    Notes
    -----
    The order is ``(scores, gold)``, the reverse of scikit-learn's
    ``(y_true, y_score)``.  A swapped call is detected where it is
    unambiguous and the error says so (:data:`SWAP_HINT`): the second
    argument is numeric but not binary (so it cannot be the gold) while the
    first holds binary 0/1 values (or booleans, or text labels such as
    ``"pos"``).  When both are 0/1 vectors (hard predictions) the order
    cannot be told from the values: pass them as ``(predictions, gold)``.
    """
    for name, raw in (("scores", scores), ("gold", gold)):
        if is_pandas(raw):
            raise InputTypeError(
                f"{name}={type(raw).__name__}: pandas inputs are aligned by label first "
                "(coerce_scored, which axiometrics.score and every scorer call); pass both "
                "scores and gold as pandas objects (Series indexed by item id, or DataFrames "
                "with one column per item) or both as arrays"
            )
    try:
        s = _scores_array(scores)
        g = _gold_array(gold)
    except (InputTypeError, InvalidInputError) as exc:
        hint = _swap_hint(scores, gold)
        if hint:
            raise type(exc)(f"{exc}{hint}") from None
        raise
    if s.shape[-1] != g.shape[-1]:
        raise InvalidInputError(
            f"scores and gold must have one entry per item on the last axis (got scores shape "
            f"{s.shape} and gold shape {g.shape})"
        )
    if s.shape[-1] == 0:
        raise InvalidInputError(
            f"scores and gold must hold at least one item (got shapes {s.shape} and {g.shape})"
        )
    try:
        batch = np.broadcast_shapes(s.shape[:-1], g.shape[:-1])
    except ValueError:
        raise InvalidInputError(
            f"the batch shapes of scores {s.shape[:-1]} and gold {g.shape[:-1]} do not broadcast"
        ) from None
    return s, g, batch


def _check_values(values: Any, batch: tuple[int, ...]) -> None:
    if values is None:
        return
    arr = as_real_array(values, name="values", what="values")
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"values={_shown(values)}: expected finite real numbers")
    try:
        np.broadcast_shapes(batch, arr.shape[:-1])
    except ValueError:
        raise InvalidInputError(
            f"values batch shape {arr.shape[:-1]} does not broadcast with the inputs' batch "
            f"shape {batch}"
        ) from None


def prepare_scored(inputs: tuple[Any, ...], values: Any) -> Prepared:
    """Validate ``(scores, gold)`` into a :class:`~axiometrics.family.Prepared`.

    ``values`` do not apply to this family (see the module docstring); the
    prepared class values are ``[0, 1]``, the values of the gold labels.
    """
    keys: tuple[Hashable, ...] | None = None
    name: str | None = None
    if len(inputs) == 1 and isinstance(inputs[0], LabelledScores):
        labelled = inputs[0]
        inputs = (labelled.scores, labelled.gold)
        keys, name = labelled.index, labelled.index_name
    if len(inputs) != 2:
        raise InvalidInputError(
            f"a scored measure takes two inputs, (scores, gold) (got {len(inputs)} inputs)"
        )
    s, g, batch = validate_scored(*inputs)
    _check_values(values, batch)
    return Prepared((s, g), GOLD_VALUES, batch, 2, (1, 1), keys, name)


def _align(labels: Sequence[Hashable], wanted: Sequence[Hashable], what: str) -> list[int]:
    """Positions of ``wanted`` in ``labels``; refuse repeated, missing or extra labels."""
    check_unique_labels(list(labels), name=f"gold {what}")
    check_unique_labels(list(wanted), name=f"scores {what}")
    position = {key: i for i, key in enumerate(labels)}
    missing = [k for k in wanted if k not in position]
    extra = [k for k in labels if k not in set(wanted)]
    if missing or extra:
        raise InvalidInputError(
            f"scores and gold must label the same items by {what} (got scores {what} missing "
            f"from gold: {list(map(repr, missing))[:5]}, gold {what} missing from scores: "
            f"{list(map(repr, extra))[:5]})"
        )
    return [position[k] for k in wanted]


def coerce_scored(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    """Align labelled (pandas) inputs by label; plain arrays pass unchanged.

    Raises
    ------
    InvalidParameterError
        If ``scale`` is given (the family has no class scale).
    InvalidInputError
        If the pandas objects do not label the same items (or rows), or a
        label is repeated.
    InputTypeError
        If a pandas object is paired with an unlabelled array.
    """
    if scale is not None:
        raise InvalidParameterError(
            f"scale={scale!r}: scored measures take binary gold labels 0/1 and no class scale"
        )
    if len(inputs) != 2:
        return inputs  # refused by prepare_scored with the count
    scores, gold = inputs
    s_pd, g_pd = is_pandas(scores), is_pandas(gold)
    if not (s_pd or g_pd):
        return inputs
    if s_pd != g_pd:
        which = "scores" if s_pd else "gold"
        raise InputTypeError(
            f"{which} is a pandas object but the other input is not: items are aligned by "
            "label, never by position; pass both as pandas objects or both as arrays"
        )
    if is_pandas(scores, "Series"):
        if not is_pandas(gold, "Series"):
            raise InputTypeError(
                f"scores is a Series: gold must be a Series indexed by item id (got "
                f"{type(gold).__name__})"
            )
        order = _align(list(gold.index), list(scores.index), "index")
        return (scores.to_numpy(), gold.to_numpy()[order])
    if not is_pandas(scores, "DataFrame"):
        raise InputTypeError(
            f"scores must be a pandas Series or DataFrame (got {type(scores).__name__})"
        )
    items = list(scores.columns)
    if is_pandas(gold, "Series"):
        order = _align(list(gold.index), items, "item id (gold index, scores columns)")
        gold_arr = gold.to_numpy()[order]
    elif is_pandas(gold, "DataFrame"):
        cols = _align(list(gold.columns), items, "column")
        rows = _align(list(gold.index), list(scores.index), "row")
        gold_arr = gold.to_numpy()[np.ix_(rows, cols)]
    else:
        raise InputTypeError(
            f"gold must be a pandas Series or DataFrame (got {type(gold).__name__})"
        )
    check_unique_labels(list(scores.index), name="scores rows")
    name = scores.index.name
    return (
        LabelledScores(
            scores.to_numpy(),
            gold_arr,
            tuple(scores.index),
            None if name is None else str(name),
        ),
    )


def _gold_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    scores, gold = inputs
    return (np.asarray(gold).astype(np.int64), np.array(scores, dtype=float))


def _scores_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    scores, gold = inputs
    return (np.array(scores, dtype=float), np.asarray(gold).astype(np.int64))


#: How a bare scored callable is called: scikit-learn's ``(y_true, y_score)`` by default.
CALL_SIGNATURES = (
    (
        "gold,scores",
        CallSignature(
            _gold_first,
            description="f(gold, scores): int 0/1 labels and float scores (n,), like "
            "scikit-learn's (y_true, y_score)",
        ),
    ),
    (
        "scores,gold",
        CallSignature(
            _scores_first, description="f(scores, gold): float scores and int 0/1 labels (n,)"
        ),
    ),
)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every ``(scores, gold)`` input up to a size (:func:`.enumeration.input_levels`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .enumeration import input_levels

    return input_levels(request)


#: The scored family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "scored",
    "Scored binary classification",
    ("scores", "gold"),
    prepare=prepare_scored,
    coerce=coerce_scored,
    class_values=False,
    typical_inputs=(np.array([0.9, 0.8, 0.35, 0.6, 0.1, 0.4]), np.array([1, 1, 0, 1, 0, 0])),
    call_signatures=CALL_SIGNATURES,
    # A ranking, a probability and a threshold measure, as Amigó et al.'s
    # reference mixes measure kinds.
    coverage_reference=("roc_auc", "log_loss", "f1_at"),
    read_runs=read_runs,
    generated_datasets=(SYNTHETIC_SCORED,),
    enumerate_inputs=_enumerate_inputs,
    rank=40,
)
