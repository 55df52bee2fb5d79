"""Confusion matrices for ordinal classification (OC).

Orientation: ``M[..., i, j]`` is the number of items the **system** put in
class ``i`` whose **gold** class is ``j`` (rows = system, columns = gold), as
in Sakai (2021) eq. 1-10.  scikit-learn's ``confusion_matrix`` is the
transpose; :meth:`ConfusionMatrices.from_sklearn` converts explicitly.

Batches live on leading axes: an array of shape ``(..., C, C)`` holds one
matrix per batch element (e.g. per topic).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InputTypeError, InvalidInputError
from axiometrics.scale import ClassScale, as_scale

__all__ = ["ConfusionMatrices", "validate_confusion_matrices"]


def validate_confusion_matrices(counts: Any, *, name: str = "matrices") -> np.ndarray:
    """Check and convert confusion-matrix counts to a float array ``(..., C, C)``.

    Raises
    ------
    InputTypeError
        If the counts are not numeric.
    InvalidInputError
        If the matrices are not square, have fewer than 2 classes, hold
        negative or non-finite counts, or a matrix has no items (N = 0).
    """
    if isinstance(counts, ConfusionMatrices):
        return counts.counts
    try:
        arr = np.asarray(counts, dtype=float)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(f"{name} must be numeric counts (got {counts!r:.200})") from exc
    if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2]:
        raise InvalidInputError(
            f"{name} must be square confusion matrices of shape (..., C, C) (got shape {arr.shape})"
        )
    if arr.shape[-1] < 2:
        raise InvalidInputError(f"{name} must have at least 2 classes (got C={arr.shape[-1]})")
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} must hold finite counts (got NaN or inf)")
    if np.any(arr < 0):
        raise InvalidInputError(
            f"{name} must hold non-negative counts (got minimum {float(arr.min())!r})"
        )
    totals = arr.sum(axis=(-2, -1))
    if np.any(totals <= 0):
        where = np.argwhere(np.atleast_1d(totals <= 0))
        at = "" if arr.ndim == 2 else f" at batch index {tuple(int(i) for i in where[0])}"
        raise InvalidInputError(f"{name} must contain at least one item (got N=0{at})")
    return arr


def _counts_from_indices(
    gold_idx: np.ndarray, system_idx: np.ndarray, n_classes: int
) -> np.ndarray:
    """Count (system, gold) pairs over the last axis, vectorised over leading axes."""
    batch_shape = gold_idx.shape[:-1]
    flat_gold = gold_idx.reshape(-1, gold_idx.shape[-1])
    flat_sys = system_idx.reshape(-1, system_idx.shape[-1])
    n_batch = flat_gold.shape[0]
    cells = n_classes * n_classes
    offsets = (np.arange(n_batch) * cells)[:, None]
    codes = offsets + flat_sys * n_classes + flat_gold
    counts = np.bincount(codes.ravel(), minlength=n_batch * cells).astype(float)
    return counts.reshape(*batch_shape, n_classes, n_classes)


@dataclass(frozen=True, eq=False)
class ConfusionMatrices:
    """One or a batch of confusion matrices over an ordered class scale.

    Attributes
    ----------
    counts
        Read-only float array ``(..., C, C)``; rows = system, columns = gold.
    scale
        The class scale (labels and class values).
    index
        Optional keys of the batch elements (e.g. topic ids), one per
        matrix along the first axis.
    """

    counts: np.ndarray
    scale: ClassScale
    index: tuple[Hashable, ...] | None = None

    def __post_init__(self) -> None:
        arr = validate_confusion_matrices(self.counts, name="counts")
        if arr.shape[-1] != self.scale.n_classes:
            raise InvalidInputError(
                f"counts must be {self.scale.n_classes}x{self.scale.n_classes} to match the scale "
                f"{list(self.scale.labels)!r} (got shape {arr.shape})"
            )
        if self.index is not None and (arr.ndim != 3 or len(self.index) != arr.shape[0]):
            raise InvalidInputError(
                f"index must have one key per matrix (got {len(self.index)} keys "
                f"for counts of shape {arr.shape})"
            )
        arr = arr.copy()
        arr.setflags(write=False)
        object.__setattr__(self, "counts", arr)

    # -- constructors -------------------------------------------------
    @classmethod
    def from_counts(
        cls, counts: Any, *, scale: ClassScale | Sequence[Hashable] | None = None
    ) -> ConfusionMatrices:
        """Wrap counts already oriented rows = system, columns = gold."""
        arr = validate_confusion_matrices(counts, name="counts")
        return cls(arr, as_scale(scale, arr.shape[-1]))

    @classmethod
    def from_sklearn(
        cls, matrix: Any, *, scale: ClassScale | Sequence[Hashable] | None = None
    ) -> ConfusionMatrices:
        """Convert a scikit-learn ``confusion_matrix`` (rows = true/gold) by transposing it.

        Pass the same ordered label list to scikit-learn (``labels=``) and as
        ``scale`` here, so that empty classes keep their rows and columns.
        """
        arr = validate_confusion_matrices(matrix, name="matrix")
        return cls(np.swapaxes(arr, -1, -2), as_scale(scale, arr.shape[-1]))

    @classmethod
    def from_labels(
        cls,
        gold: Any,
        system: Any,
        *,
        scale: ClassScale | Sequence[Hashable] | None = None,
    ) -> ConfusionMatrices:
        """Count (system, gold) label pairs.

        Parameters
        ----------
        gold, system
            Label vectors of equal length ``n`` (or arrays ``(..., n)`` for a
            batch of equally sized item sets).  Any ordered labels.
        scale
            The class scale; give it explicitly so that classes absent from
            both vectors still get a row and a column.  Without it, the
            sorted union of the labels seen is used.
        """
        gold_arr = np.asarray(gold, dtype=object if _is_text(gold) else None)
        system_arr = np.asarray(system, dtype=object if _is_text(system) else None)
        if gold_arr.shape != system_arr.shape:
            raise InvalidInputError(
                f"gold and system must have the same shape (got gold {gold_arr.shape} "
                f"and system {system_arr.shape})"
            )
        if gold_arr.ndim == 0 or gold_arr.shape[-1] == 0:
            raise InvalidInputError(
                f"gold must hold at least one item (got shape {gold_arr.shape})"
            )
        if scale is None:
            resolved = ClassScale.from_sorted_labels(
                list(gold_arr.ravel().tolist()) + list(system_arr.ravel().tolist())
            )
        else:
            resolved = as_scale(scale, None)
        gold_idx = resolved.index_of(gold_arr.ravel().tolist(), name="gold").reshape(gold_arr.shape)
        sys_idx = resolved.index_of(system_arr.ravel().tolist(), name="system").reshape(
            system_arr.shape
        )
        return cls(_counts_from_indices(gold_idx, sys_idx, resolved.n_classes), resolved)

    @classmethod
    def from_dataframe(
        cls,
        frame: pd.DataFrame,
        *,
        gold: str = "gold",
        system: str = "system",
        by: str | None = None,
        scale: ClassScale | Sequence[Hashable] | None = None,
    ) -> ConfusionMatrices:
        """Build matrices from a long DataFrame of per-item labels.

        Parameters
        ----------
        frame
            One row per item.
        gold, system
            Names of the gold-label and system-label columns.
        by
            Optional grouping column (e.g. ``"topic"``): one matrix per group,
            in sorted group order, keys in :attr:`index`.
        scale
            The class scale (recommended: classes may be empty in a group).
        """
        if not isinstance(frame, pd.DataFrame):
            raise InputTypeError(f"frame must be a pandas DataFrame (got {type(frame).__name__})")
        for col, role in ((gold, "gold"), (system, "system"), (by, "by")):
            if col is not None and col not in frame.columns:
                raise InvalidInputError(
                    f"{role}={col!r} is not a column of frame (columns: {list(frame.columns)!r})"
                )
        if scale is None:
            resolved = ClassScale.from_sorted_labels(
                list(frame[gold].tolist()) + list(frame[system].tolist())
            )
        else:
            resolved = as_scale(scale, None)
        gold_idx = resolved.index_of(frame[gold].tolist(), name="gold")
        sys_idx = resolved.index_of(frame[system].tolist(), name="system")
        c = resolved.n_classes
        if by is None:
            return cls(_counts_from_indices(gold_idx[None], sys_idx[None], c)[0], resolved)
        codes, keys = pd.factorize(frame[by], sort=True)
        flat = codes * c * c + sys_idx * c + gold_idx
        counts = np.bincount(flat, minlength=len(keys) * c * c).astype(float)
        return cls(counts.reshape(len(keys), c, c), resolved, tuple(keys.tolist()))

    @classmethod
    def from_crosstab(
        cls,
        table: pd.DataFrame,
        *,
        rows: str = "system",
        scale: ClassScale | Sequence[Hashable] | None = None,
    ) -> ConfusionMatrices:
        """Build a matrix from a pandas crosstab.

        Parameters
        ----------
        table
            Square table of counts indexed by class labels.
        rows
            ``"system"`` if the index holds system labels (axiometrics'
            orientation) or ``"gold"`` if it holds gold labels (as
            ``pd.crosstab(gold, system)`` produces).
        scale
            The class scale; missing classes are filled with zero counts.
            Default: the sorted union of the table's labels.
        """
        if not isinstance(table, pd.DataFrame):
            raise InputTypeError(f"table must be a pandas DataFrame (got {type(table).__name__})")
        if rows not in ("system", "gold"):
            raise InvalidInputError(f"rows must be 'system' or 'gold' (got {rows!r})")
        row_labels = list(table.index)
        col_labels = list(table.columns)
        if scale is None:
            resolved = ClassScale.from_sorted_labels(row_labels + col_labels)
        else:
            resolved = as_scale(scale, None)
        r = resolved.index_of(row_labels, name="table index")
        k = resolved.index_of(col_labels, name="table columns")
        try:
            values = np.asarray(table.to_numpy(), dtype=float)
        except (TypeError, ValueError) as exc:
            raise InputTypeError("table must hold numeric counts") from exc
        if not np.all(np.isfinite(values)) or np.any(values < 0):
            raise InvalidInputError("table must hold finite, non-negative counts")
        c = resolved.n_classes
        out = np.zeros((c, c))
        np.add.at(out, (r[:, None], k[None, :]), values)
        if rows == "gold":
            out = out.T
        return cls(validate_confusion_matrices(out, name="table"), resolved)

    # -- views ----------------------------------------------------------
    @property
    def n_classes(self) -> int:
        """Number of classes ``C``."""
        return self.scale.n_classes

    @property
    def batch_shape(self) -> tuple[int, ...]:
        """Shape of the leading (batch) axes."""
        return tuple(self.counts.shape[:-2])

    @property
    def gold_counts(self) -> np.ndarray:
        """Items per gold class, ``(..., C)`` (column sums)."""
        return self.counts.sum(axis=-2)

    @property
    def system_counts(self) -> np.ndarray:
        """Items per system class, ``(..., C)`` (row sums)."""
        return self.counts.sum(axis=-1)

    def to_sklearn(self) -> np.ndarray:
        """Counts in scikit-learn's orientation (rows = gold)."""
        return np.swapaxes(self.counts, -1, -2).copy()

    def to_frame(self) -> pd.DataFrame:
        """A single matrix as a labelled DataFrame (index = system, columns = gold)."""
        if self.counts.ndim != 2:
            raise InvalidInputError(
                f"to_frame needs a single matrix (got batch shape {self.batch_shape})"
            )
        labels = pd.Index(self.scale.labels)
        return pd.DataFrame(
            self.counts,
            index=labels.rename("system"),
            columns=labels.rename("gold"),
        )

    def __repr__(self) -> str:
        return (
            f"ConfusionMatrices(batch_shape={self.batch_shape}, labels={list(self.scale.labels)!r})"
        )


def _is_text(x: Any) -> bool:
    arr = np.asarray(x)
    return arr.dtype.kind in "OUS"
