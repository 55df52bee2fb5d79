"""Probability distributions over ordered classes, for ordinal quantification (OQ).

A system estimate ``p`` and a gold distribution ``q`` are arrays of shape
``(..., C)``: non-negative, finite, summing to 1 within :data:`SUM_TOLERANCE`.
Argument order is ``(system, gold)`` everywhere in axiometrics.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError
from axiometrics.scale import (
    ClassScale,
    as_real_array,
    as_scale,
    check_unique_labels,
    is_pandas,
    scale_from_observed,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CLASS_MAJOR_ENTRIES",
    "SUM_TOLERANCE",
    "Distributions",
    "class_major_rows",
    "validate_distribution_pair",
    "validate_distributions",
]

#: Largest accepted ``|sum(p) - 1|`` for a probability distribution.  Loose
#: enough for probabilities printed with 6 decimals in shared-task files,
#: tight enough to catch counts passed where probabilities belong.
SUM_TOLERANCE = 1e-4


def validate_distributions(
    probabilities: Any, *, name: str = "distribution", tol: float = SUM_TOLERANCE
) -> np.ndarray:
    """Check and convert probabilities to a float array ``(..., C)``.

    Raises
    ------
    InputTypeError
        If the values are not numeric.
    InvalidInputError
        If fewer than 2 classes, a value is negative, NaN or infinite, or a
        distribution does not sum to 1 within ``tol`` (the sum is shown).
    """
    if isinstance(probabilities, Distributions):
        return probabilities.probabilities
    if is_pandas(probabilities):
        raise InputTypeError(
            f"{name} must be probabilities in class order, not a pandas "
            f"{type(probabilities).__name__}; build it by label with "
            "Distributions.from_dataframe(frame, scale=[...]) or Distributions.from_series(...)"
        )
    arr = as_real_array(probabilities, name=name, what="probabilities")
    if arr.ndim == 0 or arr.shape[-1] < 2:
        raise InvalidInputError(
            f"{name} must have at least 2 classes on its last axis (got shape {arr.shape})"
        )
    if _plainly_valid(arr, tol):
        return arr
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} must be finite (got NaN or inf)")
    if np.any(arr < 0):
        raise InvalidInputError(f"{name} must be non-negative (got minimum {float(arr.min())!r})")
    with np.errstate(over="ignore"):  # huge entries: report the infinite sum, no warning
        sums = _class_sums(arr)
    bad = np.abs(sums - 1.0) > tol
    if np.any(bad):
        first = np.argwhere(np.atleast_1d(bad))[0]
        got = float(np.atleast_1d(sums)[tuple(first)])
        at = "" if arr.ndim == 1 else f" at batch index {tuple(int(i) for i in first)}"
        raise InvalidInputError(f"{name} must sum to 1 (got {got:.6g}{at}; tolerance {tol:g})")
    return arr


def _plainly_valid(arr: np.ndarray, tol: float) -> bool:
    """Two passes for the common case: no negative entry and every sum within ``tol`` of 1.

    ``min`` propagates NaN, and an infinite entry or an overflowing sum makes
    the sum infinite, so a ``True`` answer rules out every itemised error; a
    ``False`` answer sends the input through the itemised checks, which
    raise the precise error.
    """
    if arr.size == 0 or not arr.min() >= 0.0:
        return False
    if arr.size <= 4096:  # one bound check is cheaper than the floating-point guard
        if not arr.max() <= 2.0:
            return False
        sums = _class_sums(arr)
    else:
        with np.errstate(over="ignore"):  # an overflow gives an infinite sum: refused below
            sums = _class_sums(arr)
    if sums.ndim == 0:
        return math.isfinite(float(sums)) and abs(float(sums) - 1.0) <= tol
    return _sums_within(sums, tol)


def _sums_within(sums: np.ndarray, bound: float) -> bool:
    """Whether every sum is finite and within ``bound`` of 1, from the largest and smallest.

    The same comparison as the itemised check: ``abs(s - 1.0) == max(s - 1.0,
    1.0 - s)`` exactly; ``max`` propagates NaN, and NaN fails the test.
    """
    largest = float(sums.max())
    return math.isfinite(largest) and largest - 1.0 <= bound and 1.0 - float(sums.min()) <= bound


def _class_sums(arr: np.ndarray) -> np.ndarray:
    """Sums over the class axis (``einsum`` sums a short last axis faster than ``sum``)."""
    return np.einsum("...i->...", arr)


def validate_distribution_pair(
    system: Any, gold: Any, *, tol: float = SUM_TOLERANCE, class_major: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Validate a (system, gold) pair and check that their class counts match.

    Parameters
    ----------
    system, gold
        The distributions, ``(..., C)`` each, batch shapes that broadcast.
    tol
        Largest accepted ``|sum - 1|``.
    class_major
        For two float arrays of one shape and at least
        :data:`CLASS_MAJOR_ENTRIES` entries each, return read-only views of
        one class-major copy: ``(C, 2n)`` with one row per class, the ``n``
        system distributions then the ``n`` gold ones.  The values and
        shapes are those of the inputs; only the memory layout differs.  The
        OQ measures read this layout, and the class sums the check computed
        on it (one minimum and one row-by-row sum for both inputs), without
        another pass (:func:`class_major_rows`).
        Anything else, or an input that fails the check, goes through the
        itemised checks (same errors, same messages).

    Returns
    -------
    tuple of numpy.ndarray
        The validated system and gold arrays.
    """
    if class_major:
        joined = _class_major_pair(system, gold, tol)
        if joined is not None:
            return joined
    p = validate_distributions(system, name="system", tol=tol)
    q = validate_distributions(gold, name="gold", tol=tol)
    if p.shape[-1] != q.shape[-1]:
        raise InvalidInputError(
            f"system and gold must have the same number of classes "
            f"(got system C={p.shape[-1]} and gold C={q.shape[-1]})"
        )
    try:
        np.broadcast_shapes(p.shape, q.shape)
    except ValueError as exc:
        raise InvalidInputError(
            f"system and gold batch shapes must broadcast (got {p.shape} and {q.shape})"
        ) from exc
    return p, q


#: Entries per input from which :func:`validate_distribution_pair` (``class_major=True``)
#: lays a pair out class-major; below it a copy costs more than the measures save.
CLASS_MAJOR_ENTRIES = 2048

#: Share of the tolerance within which the class-major sums decide alone; a sum
#: closer to the bound is decided by the itemised check's own sums, so that the
#: two summation orders never disagree on acceptance.
_DECISIVE = 1.0 - 1e-9

#: The read-only ``(C + 1, 2n)`` arrays made by :func:`_class_major_pair` (rows
#: ``:C`` the pair, row ``C`` its class sums), by ``id``, while they are alive.
_CLASS_MAJOR: weakref.WeakValueDictionary[int, np.ndarray] = weakref.WeakValueDictionary()


def _class_major_pair(system: Any, gold: Any, tol: float) -> tuple[np.ndarray, np.ndarray] | None:
    """Both inputs validated as views of one class-major copy, or ``None`` (see above).

    ``None`` leaves the decision, and any error, to the itemised checks.
    """
    if not (
        type(system) is np.ndarray
        and type(gold) is np.ndarray
        and system.dtype == np.float64
        and gold.dtype == np.float64
        and system.shape == gold.shape
        and system.ndim >= 2
        and system.shape[-1] >= 2
        and system.size >= CLASS_MAJOR_ENTRIES
    ):
        return None
    shape = system.shape
    c = shape[-1]
    n = system.size // c
    block = np.empty((c + 1, 2 * n))  # the pair, then its class sums
    both, sums = block[:c], block[c]
    np.copyto(both[:, :n], system.reshape(n, c).T)
    np.copyto(both[:, n:], gold.reshape(n, c).T)
    if not both.min() >= 0.0:  # a negative entry or NaN: the itemised checks say which
        return None
    with np.errstate(over="ignore"):  # an overflow gives an infinite sum: refused below
        np.add.reduce(both, axis=0, out=sums)
    if not _sums_within(sums, tol * _DECISIVE):
        return None
    block.setflags(write=False)  # before the views are taken: they inherit it
    _CLASS_MAJOR[id(block)] = block
    rows = block[:c]
    return rows[:, :n].T.reshape(shape), rows[:, n:].T.reshape(shape)


def class_major_rows(system: np.ndarray, gold: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The class-major rows behind a pair validated with ``class_major=True``, and their sums.

    Returns
    -------
    tuple of numpy.ndarray or None
        The read-only rows ``(C, 2n)`` (the system columns, then the gold
        ones) and the class sums ``(2n,)`` computed by the check, when
        ``system`` and ``gold`` are exactly the two views
        :func:`validate_distribution_pair` returned (or views of the same
        memory in the same order, e.g. reshaped); ``None`` for any other
        input.
    """
    block = system.base
    if block is None or block is not gold.base or _CLASS_MAJOR.get(id(block)) is not block:
        return None
    c = block.shape[0] - 1
    n = block.shape[1] // 2
    if system.shape[-1] != c or system.size != c * n or gold.shape[-1] != c:
        return None
    both = block[:c]
    step = both.itemsize
    start = both.__array_interface__["data"][0]
    for view, offset in ((system, 0), (gold, n * step)):
        rows = view.reshape(-1, c).T if view.size == c * n else None
        if (
            rows is None
            or rows.base is not block
            or rows.strides != both.strides
            or rows.__array_interface__["data"][0] != start + offset
        ):
            return None
    return both, block[c]


@dataclass(frozen=True, eq=False)
class Distributions:
    """One or a batch of distributions over an ordered class scale.

    Attributes
    ----------
    probabilities
        Read-only float array ``(..., C)``.
    scale
        The class scale.
    index
        Optional keys of the batch elements (e.g. topic ids).
    tol
        Largest accepted ``|sum - 1|`` (default :data:`SUM_TOLERANCE`).
    index_name
        Optional name of the keys in :attr:`index` (e.g. ``"topic"``).
    """

    probabilities: np.ndarray
    scale: ClassScale
    index: tuple[Hashable, ...] | None = None
    tol: float = field(default=SUM_TOLERANCE, repr=False)
    index_name: str | None = None

    def __post_init__(self) -> None:
        arr = validate_distributions(self.probabilities, name="probabilities", tol=self.tol)
        if arr.shape[-1] != self.scale.n_classes:
            raise InvalidInputError(
                f"probabilities must have {self.scale.n_classes} classes to match the scale "
                f"(got shape {arr.shape})"
            )
        if self.index is not None and (arr.ndim != 2 or len(self.index) != arr.shape[0]):
            raise InvalidInputError(
                f"index must have one key per distribution (got {len(self.index)} keys "
                f"for probabilities of shape {arr.shape})"
            )
        arr = arr.copy()
        arr.setflags(write=False)
        object.__setattr__(self, "probabilities", arr)

    @classmethod
    def from_probabilities(
        cls,
        probabilities: Any,
        *,
        scale: ClassScale | Sequence[Hashable] | None = None,
        tol: float = SUM_TOLERANCE,
    ) -> Distributions:
        """Wrap probabilities (validated, not renormalised)."""
        arr = validate_distributions(probabilities, name="probabilities", tol=tol)
        return cls(arr, as_scale(scale, arr.shape[-1]), tol=tol)

    @classmethod
    def from_counts(
        cls, counts: Any, *, scale: ClassScale | Sequence[Hashable] | None = None
    ) -> Distributions:
        """Normalise non-negative counts ``(..., C)`` to probabilities."""
        arr = as_real_array(counts, name="counts", what="counts")
        if arr.ndim == 0 or arr.shape[-1] < 2:
            raise InvalidInputError(
                f"counts must have at least 2 classes on the last axis (got shape {arr.shape})"
            )
        invalid = ~np.isfinite(arr) | (arr < 0)
        if np.any(invalid):
            raise InvalidInputError(
                f"counts must be finite and non-negative (got {float(arr[invalid][0])!r})"
            )
        with np.errstate(over="ignore"):  # an overflowing total is refused below, not warned
            totals = arr.sum(axis=-1, keepdims=True)
        if not np.all(np.isfinite(totals)):
            raise InvalidInputError(
                "counts must sum to a finite number per distribution (got a sum that overflows)"
            )
        if np.any(totals <= 0):
            raise InvalidInputError(
                "counts must contain at least one item per distribution (got 0)"
            )
        return cls(arr / totals, as_scale(scale, arr.shape[-1]))

    @classmethod
    def from_labels(
        cls, labels: Any, *, scale: ClassScale | Sequence[Hashable] | None = None
    ) -> Distributions:
        """Classify and count: the share of items per class among the given labels.

        ``labels`` is a vector of per-item labels (or ``(..., n)`` for a batch).
        Give ``scale`` so that empty classes get probability 0.  Without it,
        numeric labels are sorted, an ordered pandas Categorical supplies its
        categories, and other labels (strings) are refused.
        """
        if is_pandas(labels, "DataFrame"):
            raise InputTypeError(
                "labels must be a vector of labels, not a DataFrame; pass one column"
            )
        arr = np.asarray(labels, dtype=object)
        if arr.ndim == 0 or arr.shape[-1] == 0:
            raise InvalidInputError(f"labels must hold at least one item (got shape {arr.shape})")
        resolved = (
            scale_from_observed(labels, names="labels", call="Distributions.from_labels(labels")
            if scale is None
            else as_scale(scale, None)
        )
        idx = resolved.index_of(arr.ravel().tolist(), name="labels").reshape(arr.shape)
        c = resolved.n_classes
        n_items = int(arr.shape[-1])
        flat = idx.reshape(-1, n_items)
        n_rows = int(flat.shape[0])
        codes = np.arange(n_rows)[:, None] * c + flat
        counts = np.bincount(codes.ravel(), minlength=n_rows * c).reshape(*arr.shape[:-1], c)
        return cls(counts / n_items, resolved)

    @classmethod
    def from_dataframe(
        cls,
        frame: pd.DataFrame,
        *,
        scale: ClassScale | Sequence[Hashable] | None = None,
        tol: float = SUM_TOLERANCE,
    ) -> Distributions:
        """One distribution per row; the columns are class labels, matched by name.

        The frame's index becomes :attr:`index` (and its name
        :attr:`index_name`).  With ``scale``, each column is matched to the
        scale's label of the same name (missing classes get 0).  Without it,
        numeric column labels are sorted numerically and an ordered
        categorical column index supplies its order, so the column order of
        the frame never matters; other labels (strings) need ``scale``.

        Raises
        ------
        DataFileError
            A column label that appears twice (with its positions).
        InvalidInputError
            Rows that are not distributions, or string labels without scale.
        """
        if not is_pandas(frame, "DataFrame"):
            raise InputTypeError(f"frame must be a pandas DataFrame (got {type(frame).__name__})")
        columns = list(frame.columns)
        check_unique_labels(columns, name="frame columns")
        if scale is None:
            resolved = scale_from_observed(
                frame.columns, names="frame columns", call="Distributions.from_dataframe(frame"
            )
        else:
            resolved = as_scale(scale, None)
        cols = resolved.index_of(columns, name="frame columns")
        kinds = {dtype.kind for dtype in frame.dtypes}
        if not kinds <= set("iuf"):
            raise InputTypeError(
                f"frame must hold real-number probabilities (got column dtypes "
                f"{sorted({str(d) for d in frame.dtypes})})"
            )
        arr = np.zeros((len(frame), resolved.n_classes))
        arr[:, cols] = as_real_array(frame.to_numpy(), name="frame", what="probabilities")
        validated = validate_distributions(arr, name="frame", tol=tol)
        index_name = frame.index.name if isinstance(frame.index.name, str) else None
        return cls(validated, resolved, tuple(frame.index.tolist()), tol=tol, index_name=index_name)

    @classmethod
    def from_series(
        cls,
        series: pd.Series,
        *,
        scale: ClassScale | Sequence[Hashable] | None = None,
        tol: float = SUM_TOLERANCE,
    ) -> Distributions:
        """One distribution from a Series indexed by class label (matched by name).

        The same label rules as :meth:`from_dataframe` apply to the index.
        """
        if not is_pandas(series, "Series"):
            raise InputTypeError(f"series must be a pandas Series (got {type(series).__name__})")
        frame = series.to_frame().T
        frame.columns = series.index
        if scale is None:
            scale = scale_from_observed(
                series.index, names="series index", call="Distributions.from_series(series"
            )
        found = cls.from_dataframe(frame, scale=scale, tol=tol)
        return cls(found.probabilities[0], found.scale, tol=tol)

    @property
    def n_classes(self) -> int:
        """Number of classes ``C``."""
        return self.scale.n_classes

    def __repr__(self) -> str:
        shape = tuple(self.probabilities.shape[:-1])
        return f"Distributions(batch_shape={shape}, labels={list(self.scale.labels)!r})"
