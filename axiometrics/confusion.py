"""Confusion matrices for ordinal classification (OC).

Orientation: ``M[..., i, j]`` is the number of items the **system** put in
class ``i`` whose **gold** class is ``j`` (rows = system, columns = gold), as
in Sakai (2021) eq. 1-10.  scikit-learn's ``confusion_matrix`` is the
transpose; :meth:`ConfusionMatrices.from_sklearn` converts explicitly.

Batches live on leading axes: an array of shape ``(..., C, C)`` holds one
matrix per batch element (e.g. per topic).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError
from axiometrics.scale import (
    ClassScale,
    as_real_array,
    as_scale,
    check_unique_labels,
    is_pandas,
    is_real_number,
    scale_from_observed,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MAX_TOTAL_COUNT",
    "ConfusionMatrices",
    "crosstab_orientation",
    "validate_confusion_matrices",
]


#: Largest accepted number of items in one matrix: 2**53, the last integer
#: float64 holds exactly.  Larger totals lose counts and, near 1e308, make
#: the sums the measures need overflow.
MAX_TOTAL_COUNT = float(2**53)


def validate_confusion_matrices(counts: Any, *, name: str = "matrices") -> np.ndarray:
    """Check and convert confusion-matrix counts to a float array ``(..., C, C)``.

    Raises
    ------
    InputTypeError
        If the counts are not real numbers (complex, boolean, string or
        object arrays are refused before conversion).
    InvalidInputError
        If the matrices are not square, have fewer than 2 classes, hold
        negative or non-finite counts, a matrix has no items (N = 0) or more
        than :data:`MAX_TOTAL_COUNT` items.
    """
    if isinstance(counts, ConfusionMatrices):
        return counts.counts
    if is_pandas(counts):
        raise InputTypeError(
            f"{name} must be counts oriented rows = system, columns = gold, not a pandas "
            f"{type(counts).__name__}; build it by label with "
            'ConfusionMatrices.from_crosstab(table, rows="gold") or rows="system"'
        )
    arr = as_real_array(counts, name=name, what="counts")
    if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2]:
        raise InvalidInputError(
            f"{name} must be square confusion matrices of shape (..., C, C) (got shape {arr.shape})"
        )
    if arr.shape[-1] < 2:
        raise InvalidInputError(f"{name} must have at least 2 classes (got C={arr.shape[-1]})")
    if _plainly_valid(arr):
        return arr
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} must hold finite counts (got NaN or inf)")
    if np.any(arr < 0):
        raise InvalidInputError(
            f"{name} must hold non-negative counts (got minimum {float(arr.min())!r})"
        )
    with np.errstate(over="ignore"):  # overflowing sums are reported below, not warned about
        totals = arr.sum(axis=(-2, -1))
    too_many = ~(totals <= MAX_TOTAL_COUNT)
    if np.any(too_many):
        first = tuple(int(i) for i in np.argwhere(np.atleast_1d(too_many))[0])
        at = "" if arr.ndim == 2 else f" at batch index {first}"
        got = float(np.atleast_1d(totals)[first])
        raise InvalidInputError(
            f"{name} must hold at most 2**53 = {MAX_TOTAL_COUNT:.0f} items per matrix "
            f"(got N={got:g}{at})"
        )
    if np.any(totals <= 0):
        where = np.argwhere(np.atleast_1d(totals <= 0))
        at = "" if arr.ndim == 2 else f" at batch index {tuple(int(i) for i in where[0])}"
        raise InvalidInputError(f"{name} must contain at least one item (got N=0{at})")
    return arr


#: Arrays up to this size take the bound check of :func:`_plainly_valid`.
_SMALL = 4096


def _plainly_valid(arr: np.ndarray) -> bool:
    """Two passes for the common case: no negative count and every ``N`` in ``(0, 2**53]``.

    ``min`` propagates NaN, and an infinite count or an overflowing sum makes
    ``N`` infinite, so a ``True`` answer rules out every itemised error.  A
    ``False`` answer sends the input through the itemised checks, which
    raise the precise error.
    """
    if arr.ndim == 2 and arr.size <= _TINY:
        return _plainly_valid_matrix(arr)
    if arr.size == 0 or not arr.min() >= 0.0:
        return False
    if arr.size <= _SMALL:  # one bound check is cheaper than the floating-point guard
        if not arr.max() <= MAX_TOTAL_COUNT:
            return False
        totals = arr.sum(axis=(-2, -1))
    else:
        # einsum sums the two short class axes in one pass (3x faster than ndarray.sum
        # with a tuple of axes) and never warns: an overflow gives N = inf, refused below
        totals = np.einsum("...ij->...", arr)
    if totals.ndim == 0:
        return bool(0.0 < totals <= MAX_TOTAL_COUNT)
    return bool(totals.min() > 0.0 and totals.max() <= MAX_TOTAL_COUNT)


#: One matrix up to this many cells takes the Python route of :func:`_plainly_valid_matrix`.
_TINY = 256


def _plainly_valid_matrix(arr: np.ndarray) -> bool:
    """:func:`_plainly_valid` for one small matrix, with Python floats instead of reductions.

    A Python sum never warns: NaN and infinities (and an overflowing sum)
    make it non-finite, and once it is finite ``min`` compares real numbers
    only.  Totals above ``2**52`` are left to the array route, whose pairwise
    sum the itemised check repeats, so both decide the ``2**53`` bound alike.
    """
    cells = arr.ravel().tolist()
    total = sum(cells)
    return math.isfinite(total) and 0.0 < total <= _ROUTE_BOUND and min(cells) >= 0.0


#: Totals the Python route of :func:`_plainly_valid_matrix` accepts (rounding never decides).
_ROUTE_BOUND = MAX_TOTAL_COUNT / 2


def _role(axis_name: Any) -> str | None:
    if isinstance(axis_name, str) and axis_name.strip().lower() in ("gold", "system"):
        return axis_name.strip().lower()
    return None


def crosstab_orientation(table: Any) -> str | None:
    """``"system"`` or ``"gold"`` for the role of a crosstab's rows, from its axis names.

    The index and columns named ``gold`` / ``system`` (as ``pd.crosstab``
    names them after the Series it counts) decide; one named axis is enough.
    Returns ``None`` when the names do not say (unnamed, other names, or
    both axes claiming the same role).
    """
    row, col = _role(table.index.name), _role(table.columns.name)
    if row is not None and col is not None:
        return row if row != col else None
    if row is not None:
        return row
    if col is not None:
        return "gold" if col == "system" else "system"
    return None


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
    index_name
        Optional name of those keys (e.g. ``"topic"``).
    """

    counts: np.ndarray
    scale: ClassScale
    index: tuple[Hashable, ...] | None = None
    index_name: str | None = None

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
            batch of equally sized item sets).  Two pandas Series are paired
            by their index (same items in another order are aligned; other
            item sets are refused).
        scale
            The class scale; give it explicitly so that classes absent from
            both vectors still get a row and a column.  Without it, numeric
            labels are sorted, an ordered pandas Categorical supplies its
            categories, and any other labels (strings) are refused, because
            their order cannot be guessed.

        Raises
        ------
        InvalidInputError
            Mismatched shapes or Series indexes, no items, or non-numeric
            labels without a scale.
        UnknownLabelError
            A label outside the given scale.
        """
        gold, system = _align_series(gold, system)
        fast = _integer_label_counts(gold, system, scale)
        if fast is not None:
            return cls(fast[0], fast[1])
        gold_arr = _label_array(gold, name="gold")
        system_arr = _label_array(system, name="system")
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
            resolved = scale_from_observed(
                gold,
                system,
                names="gold and system",
                call="ConfusionMatrices.from_labels(gold, system",
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
            in sorted group order, keys in :attr:`index` (scores of such a
            batch come back as a pandas Series indexed by the group).
        scale
            The class scale (recommended: classes may be empty in a group).
            Without it, the rules of :meth:`from_labels` apply.
        """
        if not is_pandas(frame, "DataFrame"):
            raise InputTypeError(f"frame must be a pandas DataFrame (got {type(frame).__name__})")
        check_unique_labels(list(frame.columns), name="frame columns")
        for col, role in ((gold, "gold"), (system, "system"), (by, "by")):
            if col is not None and col not in frame.columns:
                raise InvalidInputError(
                    f"{role}={col!r} is not a column of frame (columns: {list(frame.columns)!r})"
                )
        if scale is None:
            resolved = scale_from_observed(
                frame[gold],
                frame[system],
                names=f"frame columns {gold!r} and {system!r}",
                call=f"ConfusionMatrices.from_dataframe(frame, gold={gold!r}, system={system!r}",
            )
        else:
            resolved = as_scale(scale, None)
        if len(frame) == 0:
            raise InvalidInputError("frame must hold at least one item (got 0 rows)")
        gold_idx = resolved.index_of(frame[gold].tolist(), name="gold")
        sys_idx = resolved.index_of(frame[system].tolist(), name="system")
        c = resolved.n_classes
        if by is None:
            return cls(_counts_from_indices(gold_idx[None], sys_idx[None], c)[0], resolved)
        if frame[by].isna().any():
            raise InvalidInputError(f"by={by!r} column must not hold missing values")
        import pandas as pd

        codes, keys = pd.factorize(frame[by], sort=True)
        flat = codes * c * c + sys_idx * c + gold_idx
        counts = np.bincount(flat, minlength=len(keys) * c * c).astype(float)
        return cls(counts.reshape(len(keys), c, c), resolved, tuple(keys.tolist()), by)

    @classmethod
    def from_crosstab(
        cls,
        table: pd.DataFrame,
        *,
        rows: str | None = None,
        scale: ClassScale | Sequence[Hashable] | None = None,
    ) -> ConfusionMatrices:
        """Build a matrix from a pandas crosstab, cell by cell by label.

        Parameters
        ----------
        table
            Table of counts whose index and columns are class labels
            (each label at most once); it need not be square.
        rows
            ``"system"`` if the index holds system labels (axiometrics'
            orientation) or ``"gold"`` if it holds gold labels (as
            ``pd.crosstab(gold, system)`` produces).  Default: read from the
            axis names ``gold``/``system`` when present (``pd.crosstab``
            names them after the Series), else ``"system"``.  An explicit
            value that contradicts the axis names is refused.
        scale
            The class scale; missing classes are filled with zero counts.
            Default: numeric labels sorted, or the categories of an ordered
            categorical index; other labels need an explicit scale.

        Raises
        ------
        DataFileError
            A label repeated in the index or the columns (with positions).
        InvalidInputError
            Bad counts, ``rows`` contradicting the axis names, or labels
            without an order.
        """
        if not is_pandas(table, "DataFrame"):
            raise InputTypeError(f"table must be a pandas DataFrame (got {type(table).__name__})")
        if rows not in (None, "system", "gold"):
            raise InvalidInputError(f"rows must be 'system' or 'gold' (got rows={rows!r})")
        if is_pandas(table.index, "MultiIndex") or is_pandas(table.columns, "MultiIndex"):
            raise InvalidInputError(
                "table must have one level of class labels on each axis (got a MultiIndex)"
            )
        named = crosstab_orientation(table)
        if rows is None:
            rows = named or "system"
        elif named is not None and named != rows:
            raise InvalidInputError(
                f"rows={rows!r} contradicts the table's axis names (index "
                f"{table.index.name!r}, columns {table.columns.name!r}), which say rows="
                f"{named!r}; rename the axes or pass rows={named!r}"
            )
        row_labels = list(table.index)
        col_labels = list(table.columns)
        check_unique_labels(row_labels, name="table index")
        check_unique_labels(col_labels, name="table columns")
        if scale is None:
            resolved = scale_from_observed(
                table.index,
                table.columns,
                names="table index and columns",
                call=f"ConfusionMatrices.from_crosstab(table, rows={rows!r}",
            )
        else:
            resolved = as_scale(scale, None)
        r = resolved.index_of(row_labels, name="table index")
        k = resolved.index_of(col_labels, name="table columns")
        kinds = {dtype.kind for dtype in table.dtypes}
        if not kinds <= set("iuf"):
            raise InputTypeError(
                f"table must hold real-number counts (got column dtypes "
                f"{sorted({str(d) for d in table.dtypes})})"
            )
        values = as_real_array(table.to_numpy(), name="table", what="counts")
        if not np.all(np.isfinite(values)) or np.any(values < 0):
            raise InvalidInputError("table must hold finite, non-negative counts")
        c = resolved.n_classes
        out = np.zeros((c, c))
        out[r[:, None], k[None, :]] = values
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
        import pandas as pd

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


def _integer_label_counts(
    gold: Any, system: Any, scale: ClassScale | Sequence[Hashable] | None
) -> tuple[np.ndarray, ClassScale] | None:
    """:meth:`ConfusionMatrices.from_labels` for two integer arrays of one shape, vectorised.

    Sorted unique labels and ``searchsorted`` replace the label-by-label
    dictionary lookups; labels compare as floats, as :meth:`ClassScale.index_of`
    compares numbers.  Returns ``None`` (the general path then runs and
    raises any error) for other inputs, a scale with non-numeric labels, or
    a label outside the scale.
    """
    if type(gold) is not np.ndarray or type(system) is not np.ndarray:
        return None
    if gold.dtype.kind not in "iu" or system.dtype.kind not in "iu":
        return None
    if gold.shape != system.shape or gold.ndim == 0 or gold.shape[-1] == 0:
        return None
    if scale is None:
        observed = np.unique(np.concatenate([gold.ravel(), system.ravel()]))
        resolved = ClassScale(observed.tolist())
    else:
        resolved = as_scale(scale, None)
    if not all(is_real_number(label) for label in resolved.labels):
        return None
    keys = np.array([float(cast(float, label)) for label in resolved.labels])
    order = np.argsort(keys)
    ordered = keys[order]
    indices = []
    for labels in (gold, system):
        flat = labels.astype(float)
        pos = np.minimum(np.searchsorted(ordered, flat), ordered.size - 1)
        if not np.array_equal(ordered[pos], flat):
            return None  # a label outside the scale: the general path names it
        indices.append(order[pos])
    return _counts_from_indices(indices[0], indices[1], resolved.n_classes), resolved


def _label_array(labels: Any, *, name: str) -> np.ndarray:
    if is_pandas(labels, "DataFrame"):
        raise InputTypeError(
            f"{name} must be a vector of labels, not a DataFrame; pass one column "
            '(frame["gold"]) or use ConfusionMatrices.from_dataframe(frame, gold=..., system=...)'
        )
    try:
        arr = np.asarray(labels, dtype=object)
    except ValueError as exc:
        raise InvalidInputError(f"{name} must be a regular array of labels") from exc
    return arr


def _align_series(gold: Any, system: Any) -> tuple[Any, Any]:
    """Pair two pandas Series by index: reorder ``system`` to ``gold``'s items, or refuse."""
    if not (is_pandas(gold, "Series") and is_pandas(system, "Series")):
        return gold, system
    if gold.index.equals(system.index):
        return gold, system
    for series, role in ((gold, "gold"), (system, "system")):
        check_unique_labels(list(series.index), name=f"{role} index")
    missing = gold.index.difference(system.index)
    extra = system.index.difference(gold.index)
    if len(missing) or len(extra):
        raise InvalidInputError(
            "gold and system Series must index the same items (got "
            f"{len(missing)} gold items missing from system, e.g. {list(missing[:3])!r}, and "
            f"{len(extra)} system items not in gold, e.g. {list(extra[:3])!r})"
        )
    return gold, system.reindex(gold.index)
