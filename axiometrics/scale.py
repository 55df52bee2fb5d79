"""Ordered class scales: the labels of the classes and their numeric values.

Classes are ordered ``0 .. C-1``.  Each has a *label* (what appears in files:
``-2 .. 2``, ``"neg"``, ``"pos"``, ...) and a *class value* ``v_0 < ... < v_{C-1}``
(default ``0 .. C-1``).  Measures that use distances between classes use the
class values, so that ordinal invariance (a strictly increasing transform of
the values) can be tested.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError, UnknownLabelError

__all__ = ["ClassScale", "as_scale", "validate_values"]


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
        If the values are not finite, have the wrong length, or are not
        strictly increasing (which also rules out duplicates).
    """
    if values is None:
        return np.arange(n_classes, dtype=float)
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(
            f"{name} must be numeric class values, one per class (got {values!r})"
        ) from exc
    if arr.ndim == 0 or arr.shape[-1] != n_classes:
        raise InvalidInputError(
            f"{name} must have {n_classes} entries, one per class "
            f"(got shape {arr.shape}: {values!r})"
        )
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} must be finite (got {values!r})")
    if np.any(np.diff(arr, axis=-1) <= 0):
        raise InvalidInputError(
            f"{name} must be strictly increasing, without duplicates (got {values!r})"
        )
    return arr


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
