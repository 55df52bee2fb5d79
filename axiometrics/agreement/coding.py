"""Turning annotations (labels of any hashable type, with gaps) into integer codes.

The coefficients work on a ``(n_coders, n_units)`` array of category codes
``0 .. K-1`` with ``-1`` where a coder left a unit out.  A missing label is
``None``, a float NaN or ``pandas.NA``.  The category list fixes the codes:

* given as ``categories=[...]``: its order is the scale's order (lowest
  first); a label outside it is an :class:`~axiometrics.errors.UnknownLabelError`;
* given as ``categories={label: value}``: the values place the categories
  on an interval or ratio scale and order them;
* inferred: the distinct labels, numbers in numeric order, strings in
  lexicographic order, a mixture in order of first appearance.

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
from axiometrics.agreement.names import unknown_choice
from axiometrics.errors import InputTypeError, InvalidParameterError, UnknownLabelError

__all__ = ["LEVELS", "Coded", "check_level", "code_ratings", "complete_units", "is_missing"]

#: Levels of measurement, in Krippendorff's order.
LEVELS = ("nominal", "ordinal", "interval", "ratio")


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
    """

    codes: np.ndarray
    categories: tuple[Hashable, ...]
    values: np.ndarray
    ordered: bool
    numeric: bool


def is_missing(label: Any) -> bool:
    """Whether ``label`` marks a missing rating (``None``, NaN or ``pandas.NA``)."""
    if label is None:
        return True
    if isinstance(label, (float, np.floating)):
        return bool(math.isnan(label))
    return type(label).__name__ == "NAType"


def check_level(level: str) -> str:
    """Return ``level`` if it is one of :data:`LEVELS`; else raise with the nearest name.

    Raises
    ------
    InvalidParameterError
        ``level`` is not a level of measurement.
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidParameterError(unknown_choice("level", level, LEVELS))
    return level


def _is_number(label: Any) -> bool:
    return isinstance(label, numbers.Real) and not isinstance(label, (bool, np.bool_))


def _as_table(data: Any, name: str) -> np.ndarray:
    """``data`` as a 2-D array (numeric float array when possible, else objects)."""
    if isinstance(data, (str, bytes)):
        raise InputTypeError(f"{name}={data!r}: expected a (n_coders, n_units) array of labels")
    try:
        arr = np.asarray(data)
    except ValueError:
        arr = np.asarray(data, dtype=object)
    if arr.dtype.kind not in "biuf":
        arr = np.asarray(data, dtype=object)
    if arr.dtype.kind == "b":
        arr = arr.astype(object)
    if arr.ndim != 2:
        raise AgreementInputError(
            f"{name} with shape {arr.shape}: expected a 2-D array (n_coders, n_units)"
        )
    return arr


def _category_list(
    categories: Sequence[Hashable] | Mapping[Hashable, float], name: str
) -> tuple[list[Hashable], np.ndarray | None]:
    """Categories in scale order and their values (``None`` for a plain sequence)."""
    if isinstance(categories, Mapping):
        labels = list(categories)
        raw = list(categories.values())
        if not all(_is_number(v) and math.isfinite(float(v)) for v in raw):
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


def _numeric_codes(arr: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray]:
    """Float table -> (codes with -1 for NaN, sorted distinct values)."""
    values = arr.astype(float)
    if np.isinf(values).any():
        where = tuple(int(i) for i in np.argwhere(np.isinf(values))[0])
        raise AgreementInputError(
            f"{name}[{where[0]}, {where[1]}]={float(values[where])!r}: expected a finite label "
            "or NaN (missing)"
        )
    present = ~np.isnan(values)
    distinct = np.unique(values[present])
    codes = np.full(values.shape, -1, dtype=np.intp)
    codes[present] = np.searchsorted(distinct, values[present])
    return codes, distinct


def _object_codes(arr: np.ndarray, name: str) -> tuple[np.ndarray, list[Hashable]]:
    """Object table -> (codes with -1 for missing, distinct labels in the inferred order)."""
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
                f"{name} holds {label!r} of type {type(label).__name__}: labels must be hashable"
            ) from None
        codes[i] = code
    labels = list(index)
    if labels and all(_is_number(x) for x in labels):
        order = sorted(range(len(labels)), key=lambda k: float(labels[k]))  # type: ignore[arg-type]
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


def code_ratings(
    data: Any,
    *,
    categories: Sequence[Hashable] | Mapping[Hashable, float] | None = None,
    name: str = "data",
) -> Coded:
    """Code a ``(n_coders, n_units)`` table of labels.

    Parameters
    ----------
    data
        Labels, one row per coder; missing as NaN, ``None`` or ``pandas.NA``.
    categories
        The scale (see the module docstring); inferred when ``None``.
    name
        The argument's name in error messages.

    Returns
    -------
    Coded
        Codes, categories and their values.

    Raises
    ------
    AgreementInputError
        ``data`` is not 2-D, has fewer than two coders, or an infinite label.
    UnknownLabelError
        A label is not among ``categories``.
    """
    arr = _as_table(data, name)
    if arr.shape[0] < 2:
        raise AgreementInputError(
            f"{name} with shape {arr.shape}: expected at least two coders (rows)"
        )
    found: Sequence[Hashable]
    if arr.dtype.kind in "biuf":
        codes, distinct = _numeric_codes(arr, name)
        found = [float(v) for v in distinct]
        numeric_labels = True
    else:
        codes, found = _object_codes(arr, name)
        numeric_labels = all(_is_number(x) for x in found)
    if categories is None:
        labels = list(found)
        if numeric_labels:
            return Coded(codes, tuple(labels), np.asarray(labels, dtype=float), True, True)
        return Coded(codes, tuple(labels), np.arange(len(labels), dtype=float), False, False)
    labels, values = _category_list(categories, "categories")
    codes = _map_to(found, codes, labels, name)
    if values is not None:
        return Coded(codes, tuple(labels), values, True, True)
    if all(_is_number(x) for x in labels):
        numbers_ = np.asarray(labels, dtype=float)
        return Coded(codes, tuple(labels), numbers_, True, True)
    return Coded(codes, tuple(labels), np.arange(len(labels), dtype=float), True, False)


def complete_units(coded: Coded, missing: str, name: str) -> np.ndarray:
    """Codes of the units every coder labelled, ``(n_coders, n_complete)``.

    Parameters
    ----------
    coded
        The coded annotations.
    missing
        ``"raise"``: a missing label is an error; ``"drop"``: units with a
        missing label are left out (listwise deletion).
    name
        The argument's name in error messages.

    Raises
    ------
    MissingRatingError
        ``missing="raise"`` and a label is missing.
    NoPairableUnitsError
        No unit is complete (or there are no units).
    """
    if missing not in ("raise", "drop"):
        raise InvalidParameterError(unknown_choice("missing", missing, ("raise", "drop")))
    gaps = coded.codes < 0
    if missing == "raise" and gaps.any():
        coder, unit = (int(i) for i in np.argwhere(gaps)[0])
        raise MissingRatingError(
            f"{name}: coder {coder} has no label for unit {unit} (NaN or None); this coefficient "
            "needs complete units: pass missing='drop' to leave incomplete units out, or use "
            "krippendorff_alpha, which allows missing labels"
        )
    kept = coded.codes[:, ~gaps.any(axis=0)]
    if kept.shape[1] == 0:
        raise NoPairableUnitsError(
            f"{name}: no unit has a label from every coder ({coded.codes.shape[1]} units in all)"
        )
    return kept
