"""Turning annotations (labels of any hashable type, with gaps) into integer codes.

The coefficients work on a ``(n_coders, n_units)`` array of category codes
``0 .. K-1`` with ``-1`` where a coder left a unit out.  A missing label is
``None``, a float NaN or ``pandas.NA``.  The labels are of one type (numbers,
text or booleans; see :mod:`axiometrics.agreement.tables`), and so are the
categories.  The category list fixes the codes:

* given as ``categories=[...]``: its order is the scale's order (lowest
  first); a label outside it is an :class:`~axiometrics.errors.UnknownLabelError`;
* given as ``categories={label: value}``: the values place the categories
  on an interval or ratio scale and order them;
* inferred: the distinct labels, numbers in numeric order, strings in
  lexicographic order, other labels (booleans, tuples) in order of first
  appearance.

The ordered levels (``ordinal``, and weighted kappa) need an order: numeric
labels have one, other labels need ``categories``.  The metric levels
(``interval``, ``ratio``) need numbers: numeric labels are their own values,
other labels need ``categories={label: value}``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.agreement.errors import (
    AgreementInputError,
    MissingRatingError,
    NoPairableUnitsError,
)
from axiometrics.agreement.names import choose
from axiometrics.agreement.tables import Ratings, check_label_kinds, is_missing
from axiometrics.errors import InputTypeError, InvalidParameterError, UnknownLabelError

__all__ = [
    "LEVELS",
    "MISSING",
    "Coded",
    "check_level",
    "check_missing",
    "code_ratings",
    "complete_units",
    "is_missing",
]

#: Levels of measurement, in Krippendorff's order.
LEVELS = ("nominal", "ordinal", "interval", "ratio")
#: Policies for a missing label in the coefficients that need complete units.
MISSING = ("raise", "drop")


@dataclass(frozen=True)
class Coded:
    """Annotations as category codes.

    Attributes
    ----------
    codes
        ``(n_coders, n_units)`` integers, ``-1`` where missing.
    categories
        The labels of codes ``0 .. K-1``.
    values
        ``(K,)`` float positions of the categories on the scale (the label
        values for numeric labels or a mapping, else ``0 .. K-1``).
    ordered
        Whether the categories have an order (numeric labels or given).
    numeric
        Whether :attr:`values` are real values (numeric labels or a mapping).
    ratings
        The labels coded, with the names of their coders and units.
    """

    codes: np.ndarray
    categories: tuple[Hashable, ...]
    values: np.ndarray
    ordered: bool
    numeric: bool
    ratings: Ratings


def check_level(level: str) -> str:
    """The level of measurement ``level`` names (any case); else raise with the nearest name.

    Raises
    ------
    InvalidParameterError
        ``level`` is not a level of measurement.
    """
    return choose("level", level, LEVELS)


def check_missing(missing: str) -> str:
    """The missing-label policy ``missing`` names (``"raise"`` or ``"drop"``, any case)."""
    return choose("missing", missing, MISSING)


def _is_number(label: Any) -> bool:
    return isinstance(label, numbers.Real) and not isinstance(label, (bool, np.bool_))


def _category_list(
    categories: Sequence[Hashable] | Mapping[Hashable, float], name: str
) -> tuple[list[Hashable], np.ndarray | None]:
    """Categories in scale order and their values (``None`` for a plain sequence)."""
    if isinstance(categories, Mapping):
        labels = list(categories)
        raw = list(categories.values())
        if not all(_is_number(v) and _finite(v) for v in raw):
            raise InvalidParameterError(
                f"categories={categories!r}: expected finite real values for every category"
            )
        values = np.asarray(raw, dtype=float)
        if len(np.unique(values)) != len(values):
            raise InvalidParameterError(
                f"categories={categories!r}: two categories share a value; values must differ"
            )
        order = np.argsort(values, kind="stable")
        return [labels[i] for i in order], values[order]
    if isinstance(categories, (str, bytes)) or not isinstance(categories, Sequence | np.ndarray):
        raise InvalidParameterError(
            f"categories={categories!r}: expected a sequence of labels (lowest first) "
            "or a mapping {label: value}"
        )
    labels = list(categories)
    for label in labels:
        if is_missing(label):
            raise InvalidParameterError(
                f"categories={categories!r}: a category may not be missing (NaN or None)"
            )
    try:
        distinct = len(set(labels)) == len(labels)
    except TypeError:
        raise InputTypeError(f"categories={categories!r}: labels must be hashable") from None
    if not distinct:
        raise InvalidParameterError(f"categories={categories!r}: categories must be distinct")
    if not labels:
        raise InvalidParameterError(f"categories={categories!r}: give at least one category")
    return labels, None


def _finite(number: Any) -> bool:
    """Whether a real number is finite as a float (a huge Python int is not)."""
    try:
        return math.isfinite(float(number))
    except OverflowError:
        return False


def _not_finite(ratings: Ratings, where: tuple[int, int], label: Any) -> AgreementInputError:
    return AgreementInputError(
        f"{ratings.locate(*where)}={label!r}: expected a finite label or a missing one "
        "(NaN or None)"
    )


def _numeric_codes(ratings: Ratings) -> tuple[np.ndarray, np.ndarray]:
    """Float table -> (codes with -1 for NaN, sorted distinct values)."""
    values = ratings.labels
    infinite = np.isinf(values)
    if infinite.any():
        where = tuple(int(i) for i in np.argwhere(infinite)[0])
        raise _not_finite(ratings, (where[0], where[1]), float(values[where]))
    present = ~np.isnan(values)
    distinct = np.unique(values[present])
    codes = np.full(values.shape, -1, dtype=np.intp)
    codes[present] = np.searchsorted(distinct, values[present])
    return codes, distinct


def _object_codes(ratings: Ratings) -> tuple[np.ndarray, list[Hashable]]:
    """Object table -> (codes with -1 for missing, distinct labels in the inferred order)."""
    arr = ratings.labels
    flat = arr.ravel()
    index: dict[Hashable, int] = {}
    codes = np.full(flat.shape, -1, dtype=np.intp)
    for i, label in enumerate(flat):
        if is_missing(label):
            continue
        try:
            code = index.setdefault(label, len(index))
        except TypeError:
            raise InputTypeError(
                f"{ratings.locate(*divmod(i, arr.shape[1]))}={label!r} of type "
                f"{type(label).__name__}: labels must be hashable"
            ) from None
        codes[i] = code
    labels = list(index)
    if labels and all(_is_number(x) for x in labels):
        for label in labels:
            if not _finite(label):
                where = divmod(int(np.flatnonzero(codes == index[label])[0]), arr.shape[1])
                raise _not_finite(ratings, where, label)
        # Python compares ints and floats exactly (no rounding of large integers).
        order = sorted(range(len(labels)), key=lambda k: labels[k])  # type: ignore[arg-type,return-value]
    elif labels and all(isinstance(x, str) for x in labels):
        order = sorted(range(len(labels)), key=lambda k: str(labels[k]))
    else:
        order = list(range(len(labels)))
    recode = np.empty(len(labels), dtype=np.intp)
    recode[order] = np.arange(len(labels))
    present = codes >= 0
    codes[present] = recode[codes[present]]
    return codes.reshape(arr.shape), [labels[k] for k in order]


def _map_to(
    found: Sequence[Hashable], codes: np.ndarray, categories: list[Hashable], name: str
) -> np.ndarray:
    """Re-express codes of ``found`` labels as codes of the given ``categories``."""
    position = {label: k for k, label in enumerate(categories)}
    recode = np.empty(len(found), dtype=np.intp)
    for k, label in enumerate(found):
        if label not in position:
            raise UnknownLabelError(
                f"{name} holds label {label!r}, which is not among categories={categories!r}"
            )
        recode[k] = position[label]
    out = codes.copy()
    present = out >= 0
    out[present] = recode[out[present]]
    return out


def _values(labels: Sequence[Hashable]) -> np.ndarray:
    return np.asarray([float(x) for x in labels], dtype=float)  # type: ignore[arg-type]


def code_ratings(
    ratings: Ratings,
    *,
    categories: Sequence[Hashable] | Mapping[Hashable, float] | None = None,
) -> Coded:
    """Code a ``(n_coders, n_units)`` table of labels.

    Parameters
    ----------
    ratings
        The labels (see :mod:`axiometrics.agreement.tables`).
    categories
        The scale (see the module docstring); inferred when ``None``.

    Returns
    -------
    Coded
        Codes, categories and their values.

    Raises
    ------
    AgreementInputError
        Fewer than two coders, or an infinite label.
    MixedLabelTypesError
        The categories are of more than one type, or of another type than the labels.
    UnknownLabelError
        A label is not among ``categories``.
    """
    arr = ratings.labels
    name = ratings.argument
    if arr.shape[0] < 2:
        raise AgreementInputError(
            f"{name} with shape {arr.shape}: expected at least two coders (rows)"
        )
    found: Sequence[Hashable]
    if arr.dtype.kind == "f":
        codes, distinct = _numeric_codes(ratings)
        found = [float(v) for v in distinct]
        numeric_labels = True
    else:
        codes, found = _object_codes(ratings)
        numeric_labels = all(_is_number(x) for x in found)
    if categories is None:
        labels = list(found)
        if numeric_labels:
            return Coded(codes, tuple(labels), _values(labels), True, True, ratings)
        return Coded(
            codes, tuple(labels), np.arange(len(labels), dtype=float), False, False, ratings
        )
    labels, values = _category_list(categories, "categories")
    check_label_kinds([(name, arr), (f"categories={_short(labels)}", labels)])
    codes = _map_to(found, codes, labels, name)
    if values is not None:
        return Coded(codes, tuple(labels), values, True, True, ratings)
    if all(_is_number(x) for x in labels):
        for label in labels:
            if not _finite(label):
                raise InvalidParameterError(
                    f"categories={labels!r}: {label!r} is not a finite number"
                )
        return Coded(codes, tuple(labels), _values(labels), True, True, ratings)
    return Coded(codes, tuple(labels), np.arange(len(labels), dtype=float), True, False, ratings)


def _short(labels: Sequence[Hashable]) -> str:
    text = repr(list(labels))
    return text if len(text) <= 60 else text[:57] + "...]"


def complete_units(coded: Coded, missing: str) -> np.ndarray:
    """Codes of the units every coder labelled, ``(n_coders, n_complete)``.

    Parameters
    ----------
    coded
        The coded annotations.
    missing
        ``"raise"``: a missing label is an error; ``"drop"``: units with a
        missing label are left out (listwise deletion).

    Raises
    ------
    MissingRatingError
        ``missing="raise"`` and a label is missing.
    NoPairableUnitsError
        No unit is complete (or there are no units).
    """
    missing = check_missing(missing)
    ratings = coded.ratings
    gaps = coded.codes < 0
    if missing == "raise" and gaps.any():
        coder, unit = (int(i) for i in np.argwhere(gaps)[0])
        count = int(gaps.sum())
        more = f" ({count} labels are missing in all)" if count > 1 else ""
        raise MissingRatingError(
            f"{ratings.argument}: {ratings.coders[coder]} has no label for {ratings.unit(unit)} "
            f"(NaN, None or absent){more}; this coefficient needs complete units: pass "
            "missing='drop' to leave incomplete units out, or use krippendorff_alpha, which "
            "allows missing labels"
        )
    kept = coded.codes[:, ~gaps.any(axis=0)]
    if kept.shape[1] == 0:
        raise NoPairableUnitsError(
            f"{ratings.argument}: no unit has a label from every coder "
            f"({coded.codes.shape[1]} units in all)"
        )
    return kept
