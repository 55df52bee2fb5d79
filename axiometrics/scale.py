"""Ordered class scales: the labels of the classes and their numeric values.

Classes are ordered ``0 .. C-1``.  Each has a *label* (what appears in files:
``-2 .. 2``, ``"neg"``, ``"pos"``, ...) and a *class value* ``v_0 < ... < v_{C-1}``
(default ``0 .. C-1``).  Measures that use distances between classes use the
class values, so that ordinal invariance (a strictly increasing transform of
the values) can be tested.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.errors import DataFileError, InputTypeError, InvalidInputError, UnknownLabelError

__all__ = [
    "ClassScale",
    "as_real_array",
    "as_scale",
    "categorical_order",
    "check_unique_labels",
    "is_pandas",
    "is_real_number",
    "scale_from_observed",
    "validate_values",
]

_KIND_NAMES = {
    "b": "booleans",
    "c": "complex numbers",
    "O": "Python objects",
    "U": "strings",
    "S": "bytes",
    "M": "datetimes",
    "m": "timedeltas",
    "V": "structured records",
}


def as_real_array(data: Any, *, name: str, what: str) -> np.ndarray:
    """Convert ``data`` to a float array, refusing anything but real numbers.

    Complex, boolean, string, object and ragged inputs are refused *before*
    conversion, so that numpy never emits a warning or silently drops an
    imaginary part.

    Parameters
    ----------
    data
        Array-like input.
    name
        Argument name used in error messages.
    what
        What the numbers are, e.g. ``"counts"``.

    Returns
    -------
    numpy.ndarray
        A float64 array.

    Raises
    ------
    InputTypeError
        If the data are not real numbers.
    """
    if type(data) is np.ndarray and data.dtype == np.float64:
        return data  # the common case, without a conversion
    try:
        raw = np.asarray(data)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(
            f"{name} must be numeric {what} in a regular array (got {_shown(data)}: ragged or "
            "unreadable)"
        ) from exc
    kind = raw.dtype.kind
    if kind not in "iuf":
        got = _KIND_NAMES.get(kind, "another type")
        raise InputTypeError(
            f"{name} must be numeric {what} (got {_shown(data)}: {got}, dtype {raw.dtype}; "
            "real numbers expected)"
        )
    return raw.astype(float, copy=False)


def _shown(data: Any) -> str:
    """``repr(data)`` on one line, at most 120 characters (built only for error messages)."""
    shown = " ".join(repr(data).split())
    return shown if len(shown) <= 120 else shown[:117] + "..."


def is_pandas(obj: Any, kind: str | None = None) -> bool:
    """Whether ``obj`` is a pandas object (of class ``kind``, e.g. ``"DataFrame"``).

    Never imports pandas: if pandas is not loaded, ``obj`` cannot be one.
    """
    pd = sys.modules.get("pandas")
    if pd is None:
        return False
    if kind is None:
        return type(obj).__module__.split(".")[0] == "pandas"
    return isinstance(obj, getattr(pd, kind))


def is_real_number(label: Any) -> bool:
    """Whether ``label`` is a real number (``bool`` excluded, NaN excluded)."""
    if isinstance(label, bool | np.bool_):
        return False
    if isinstance(label, int | np.integer):
        return True
    return isinstance(label, float | np.floating) and bool(np.isfinite(label))


def validate_values(values: Any, n_classes: int, *, name: str = "values") -> np.ndarray:
    """Return ``values`` as a float array of shape ``(..., n_classes)``, strictly increasing.

    Parameters
    ----------
    values
        Class values, one per class, or a batch of them over leading axes.
        ``None`` means the default equidistant values ``0 .. n_classes-1``.
    n_classes
        The number of classes the values must cover.
    name
        Argument name used in error messages.

    Raises
    ------
    InvalidInputError
        If the values are not finite, have the wrong length, are so far
        apart that their distance overflows, or are not strictly increasing
        (which also rules out duplicates).
    InputTypeError
        If the values are not real numbers (strings, booleans, complex, objects).
    """
    if values is None:
        return np.arange(n_classes, dtype=float)
    arr = as_real_array(values, name=name, what="class values")
    if _plainly_increasing(arr, n_classes):
        return arr
    if arr.ndim == 0 or arr.shape[-1] != n_classes:
        raise InvalidInputError(
            f"{name} must have {n_classes} entries, one per class "
            f"(got shape {arr.shape}: {values!r})"
        )
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} must be finite (got {values!r})")
    with np.errstate(over="ignore"):  # an overflowing span is refused below, not warned about
        span = arr.max(axis=-1) - arr.min(axis=-1)
    if not np.all(np.isfinite(span)):
        raise InvalidInputError(
            f"{name} must span a finite range: the distance between the smallest and largest "
            f"class value overflows (got {values!r})"
        )
    if np.any(np.diff(arr, axis=-1) <= 0):
        raise InvalidInputError(
            f"{name} must be strictly increasing, without duplicates (got {values!r})"
        )
    return arr


def _plainly_increasing(arr: np.ndarray, n_classes: int) -> bool:
    """The common case of :func:`validate_values` in one comparison pass.

    One vector of ``n_classes`` strictly increasing values (comparisons with
    NaN are false) whose ends and span are finite; ``False`` sends the
    values through the itemised checks, which raise the precise error.
    """
    if arr.ndim != 1 or arr.shape[0] != n_classes or n_classes < 2:
        return False
    if not bool((arr[1:] > arr[:-1]).all()):
        return False
    low, high = float(arr[0]), float(arr[-1])
    return math.isfinite(low) and math.isfinite(high) and math.isfinite(high - low)


@dataclass(frozen=True)
class ClassScale:
    """An ordered set of classes with labels and numeric class values.

    Parameters
    ----------
    labels
        The class labels in increasing order, e.g. ``(-2, -1, 0, 1, 2)`` or
        ``("negative", "neutral", "positive")``.  At least two, no duplicates.
    values
        Numeric class values, strictly increasing; default ``0 .. C-1``.

    Examples
    --------
    >>> scale = ClassScale((-2, -1, 0, 1, 2))
    >>> scale.index_of([2, -2])
    array([4, 0])
    """

    labels: tuple[Hashable, ...]
    values: tuple[float, ...] = field(default=())

    def __init__(self, labels: Iterable[Hashable], values: Sequence[float] | None = None) -> None:
        if isinstance(labels, str | bytes):
            raise InputTypeError(f"labels must be a sequence of class labels (got {labels!r})")
        labels_t = tuple(labels)
        if len(labels_t) < 2:
            raise InvalidInputError(
                f"labels must name at least 2 classes (got {len(labels_t)}: {labels_t!r})"
            )
        if len(set(labels_t)) != len(labels_t):
            dupes = sorted({repr(x) for x in labels_t if labels_t.count(x) > 1})
            raise InvalidInputError(
                f"labels must not repeat (got duplicates {', '.join(dupes)} in {labels_t!r})"
            )
        vals = validate_values(values, len(labels_t))
        if vals.ndim != 1:
            raise InvalidInputError(f"values must be one-dimensional (got shape {vals.shape})")
        object.__setattr__(self, "labels", labels_t)
        object.__setattr__(self, "values", tuple(float(v) for v in vals))

    @classmethod
    def of_size(cls, n_classes: int, values: Sequence[float] | None = None) -> ClassScale:
        """Scale with labels ``0 .. n_classes-1``."""
        if not isinstance(n_classes, int | np.integer) or n_classes < 2:
            raise InvalidInputError(f"n_classes must be an integer >= 2 (got {n_classes!r})")
        return cls(range(int(n_classes)), values)

    @classmethod
    def from_sorted_labels(cls, labels: Iterable[Hashable]) -> ClassScale:
        """Scale whose labels are the given ones, sorted, with duplicates removed.

        Use when the labels' natural order is the class order (numbers, or
        strings such as ``"1".."5"``); pass an explicit scale otherwise, and
        always when a class may be empty in the data.
        """
        uniq = set(labels)
        try:
            ordered = sorted(uniq)  # type: ignore[type-var]
        except TypeError as exc:
            raise InputTypeError(
                f"labels cannot be sorted into a class order (got {sorted(map(repr, uniq))}); "
                "pass an explicit ClassScale"
            ) from exc
        return cls(ordered)

    @property
    def n_classes(self) -> int:
        """Number of classes ``C``."""
        return len(self.labels)

    @property
    def value_array(self) -> np.ndarray:
        """Class values as a float array of shape ``(C,)``."""
        return np.asarray(self.values, dtype=float)

    def index_of(self, labels: Iterable[Hashable], *, name: str = "labels") -> np.ndarray:
        """Map labels to class indices ``0 .. C-1``.

        Raises
        ------
        UnknownLabelError
            If any label is not on the scale; the message lists the offenders.
        """
        lookup = {self._key(lab): i for i, lab in enumerate(self.labels)}
        seq = list(labels)
        out = np.empty(len(seq), dtype=np.intp)
        unknown: list[Hashable] = []
        for k, lab in enumerate(seq):
            idx = lookup.get(self._key(lab))
            if idx is None:
                unknown.append(lab)
            else:
                out[k] = idx
        if unknown:
            shown = sorted({repr(u) for u in unknown})[:10]
            raise UnknownLabelError(
                f"{name} must be labels of the scale {list(self.labels)!r} "
                f"(got {len(unknown)} outside it: {', '.join(shown)})"
            )
        return out

    def with_values(self, values: Sequence[float]) -> ClassScale:
        """The same labels with other class values."""
        return ClassScale(self.labels, values)

    @staticmethod
    def _key(label: Hashable) -> Hashable:
        # Labels read from files are strings of numbers, or numpy scalars;
        # compare numbers by value so 1, 1.0 and np.int64(1) are one class.
        if isinstance(label, bool):
            return label
        if isinstance(label, int | float | np.integer | np.floating):
            return float(label)
        return label


def categorical_order(data: Any) -> list[Hashable] | None:
    """The categories of an *ordered* pandas Categorical (or Series/Index of one), else ``None``."""
    dtype = getattr(data, "dtype", None)
    if getattr(dtype, "name", None) == "category" and getattr(dtype, "ordered", False):
        return list(getattr(dtype, "categories", ()))
    return None


def check_unique_labels(labels: Sequence[Hashable], *, name: str) -> None:
    """Refuse a repeated label, naming it and its 0-based positions.

    Numbers compare by value (``1`` and ``1.0`` are one label).

    Raises
    ------
    DataFileError
        If a label occurs more than once.
    """
    positions: dict[Hashable, list[int]] = {}
    for i, lab in enumerate(labels):
        positions.setdefault(ClassScale._key(lab), []).append(i)
    for where in positions.values():
        if len(where) > 1:
            raise DataFileError(
                f"{name} must not repeat a label (got {labels[where[0]]!r} at positions "
                f"{', '.join(map(str, where))}; its counts would be merged)"
            )


def _flat_labels(data: Any) -> list[Hashable]:
    arr = np.asarray(data, dtype=object)
    return list(arr.ravel().tolist())


def scale_from_observed(*data: Any, names: str, call: str) -> ClassScale:
    """The class scale implied by label data when no ``scale=`` was given.

    An ordered pandas Categorical supplies its categories in order.  Real
    numbers are sorted numerically.  Anything else (strings, booleans, NaN,
    mixed labels) has no order axiometrics may guess, and is refused.

    Parameters
    ----------
    *data
        The label containers (lists, arrays, pandas Series/Categorical/Index).
    names
        How the data are named in messages, e.g. ``"gold and system"``.
    call
        The constructor to show in the message, e.g.
        ``"ConfusionMatrices.from_labels(gold, system"``.

    Raises
    ------
    InvalidInputError
        For non-numeric labels without an order, or ordered Categoricals
        whose categories disagree.
    """
    orders = [order for order in map(categorical_order, data) if order is not None]
    if orders:
        first = orders[0]
        for other in orders[1:]:
            if other != first:
                raise InvalidInputError(
                    f"{names} are ordered Categoricals with different categories "
                    f"({first!r} and {other!r}); pass one scale=[...] explicitly"
                )
        return ClassScale(first)
    seen: set[Hashable] = set()
    for item in data:
        seen.update(_flat_labels(item))
    if all(is_real_number(x) for x in seen):
        return ClassScale(sorted(seen))  # type: ignore[type-var]
    odd = sorted({repr(x) for x in seen if not is_real_number(x)})
    shown = ", ".join(odd[:10]) + (f" and {len(odd) - 10} more" if len(odd) > 10 else "")
    raise InvalidInputError(
        f"{names} hold labels that are not numbers ({shown}), so their class order is "
        f'unknown; list the classes from lowest to highest: {call}, scale=["low", "medium", '
        f'"high"]), or pass an ordered pandas Categorical: pd.Categorical(labels, '
        f'categories=["low", "medium", "high"], ordered=True)'
    )


def as_scale(scale: ClassScale | Sequence[Hashable] | None, n_classes: int | None) -> ClassScale:
    """Resolve a scale argument: a :class:`ClassScale`, a label sequence, or ``None``.

    ``None`` means the default scale ``0 .. n_classes-1``.  When
    ``n_classes`` is given, the resolved scale must have that many classes.
    """
    if isinstance(scale, ClassScale):
        resolved = scale
    elif scale is None:
        if n_classes is None:
            raise InvalidInputError("scale is required here (a ClassScale or a list of labels)")
        resolved = ClassScale.of_size(n_classes)
    else:
        resolved = ClassScale(scale)
    if n_classes is not None and resolved.n_classes != n_classes:
        raise InvalidInputError(
            f"scale must have {n_classes} classes to match the data "
            f"(got {resolved.n_classes}: {list(resolved.labels)!r})"
        )
    return resolved
