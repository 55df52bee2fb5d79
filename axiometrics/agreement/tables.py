"""Annotations as the caller gives them, turned into one ``(n_coders, n_units)`` table of labels.

Plain sequences and numpy arrays carry no item labels, so they are read by
position: ``a[j]`` and ``b[j]`` label the same unit, and a 2-D ``data`` has
one row per coder and one column per unit (``rows="items"`` says the
transpose).  pandas objects carry item labels and are aligned by them,
never read by position:

* two Series (``a``, ``b``) are aligned on their indexes;
* a DataFrame has the items on one axis and the coders on the other; which
  is which is stated with ``rows="items"`` or ``rows="coders"`` (said the
  other way round: ``items="rows"`` or ``items="columns"``), or named
  by the axes (``index.name``/``columns.name`` such as ``"item"``,
  ``"unit"``, ``"annotator"``, ``"coder"``; see
  :mod:`axiometrics.agreement.names`), never guessed from the shape;
* a list of Series (one per coder) is aligned on their indexes.

An item label may appear once per coder (a repeat is refused, naming it).
Coders that share no item are refused.  An item some coders did not label
(absent from their index, or NaN) is a missing label: Krippendorff's alpha
uses the other labels; Cohen's kappa, Scott's pi and Fleiss' kappa refuse it
with ``missing="raise"`` and leave the item out with ``missing="drop"``.
Labelled items are put in one canonical order (their sorted labels), so no
result, the bootstrap interval included, depends on the order of the rows.

Labels must be of one type (numbers, text or booleans): ``1`` and ``"1"``
would be two categories and ``True`` and ``1`` one, so a mixture is refused
(:class:`~axiometrics.agreement.errors.MixedLabelTypesError`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.agreement.errors import (
    AgreementInputError,
    MixedLabelTypesError,
    NoPairableUnitsError,
)
from axiometrics.agreement.names import (
    CODER_NAMES,
    ITEM_NAMES,
    axis_role,
    choose,
    unknown_choice,
)
from axiometrics.errors import InputTypeError, InvalidParameterError
from axiometrics.scale import is_pandas

__all__ = [
    "ITEMS",
    "ROWS",
    "Ratings",
    "check_label_kinds",
    "describe_labels",
    "is_missing",
    "label_kinds",
    "pair_ratings",
    "table_ratings",
]

#: Values of ``rows=``: what the rows of a table hold.
ROWS = ("items", "coders")
#: Values of ``items=``: the axis of a table that holds the items (``rows=`` said the other way).
ITEMS = ("rows", "columns")

#: Integers of this magnitude and beyond are not all exact as floats; they stay Python ints.
_EXACT_INTEGER = 2**53

_ONE_TYPE = (
    "expected labels of one type (all numbers, all text or all booleans), since 1 and '1' "
    "would be two categories and True and 1 one; convert them to one type first"
)


def is_missing(label: Any) -> bool:
    """Whether ``label`` marks a missing rating (``None``, NaN, ``pandas.NA`` or ``NaT``)."""
    if label is None:
        return True
    if isinstance(label, (float, np.floating)):
        return bool(math.isnan(label))
    return type(label).__name__ in ("NAType", "NaTType")


@dataclass(frozen=True)
class Ratings:
    """Labels of several coders on the same units, with the names messages use.

    Attributes
    ----------
    labels
        ``(n_coders, n_units)``: floats (NaN where missing) when every label
        is a number, else objects (``None``, NaN or ``pandas.NA`` where missing).
    argument
        How the annotations are named in messages (``"data"``, ``"(a, b)"``).
    coders
        How each coder is named in messages (``"coder 0"``, ``"b"``, ``"coder 'ann'"``).
    units
        The item labels of labelled (pandas) data, ``None`` for positions.
    locate
        ``(coder, unit) -> `` the expression that picks that label out of the
        caller's argument (``"data[1, 0]"``, ``"b['x']"``).
    """

    labels: np.ndarray
    argument: str
    coders: tuple[str, ...]
    units: tuple[Hashable, ...] | None
    locate: Callable[[int, int], str]

    def unit(self, j: int) -> str:
        """How unit ``j`` is named in messages (``"item 'x'"`` or ``"unit 3"``)."""
        return f"unit {j}" if self.units is None else f"item {self.units[j]!r}"


def _kind(label: Any) -> str | None:
    """The type family of a present label; ``None`` for a missing one."""
    if is_missing(label):
        return None
    if isinstance(label, (bool, np.bool_)):
        return "booleans"
    if isinstance(label, numbers.Real):
        return "numbers"
    if isinstance(label, str):
        return "text"
    return type(label).__name__


def _type_kind(kind: type) -> str | None:
    """The family of every value of type ``kind`` (``None``: missing, or maybe missing)."""
    if kind.__name__ in ("NoneType", "NAType", "NaTType"):
        return None
    if issubclass(kind, (bool, np.bool_)):
        return "booleans"
    if issubclass(kind, numbers.Real):
        return "numbers"
    if issubclass(kind, str):
        return "text"
    return kind.__name__


def label_kinds(labels: np.ndarray | Sequence[Any]) -> set[str]:
    """The type families (``numbers``, ``text``, ``booleans``, a type name) of the present labels.

    Numeric and boolean arrays are answered from their dtype; object arrays
    from the set of their element types (a float that is NaN is missing, not
    a number).
    """
    arr = labels if isinstance(labels, np.ndarray) else None
    if arr is not None and arr.dtype.kind == "b":
        return {"booleans"} if arr.size else set()
    if arr is not None and arr.dtype.kind in "iuf":
        present = arr if arr.dtype.kind in "iu" else arr[~np.isnan(arr)]
        return {"numbers"} if present.size else set()
    flat = list(arr.ravel()) if arr is not None else list(labels)
    kinds = {kind for kind in map(_type_kind, set(map(type, flat))) if kind is not None}
    # Floats may all be NaN, i.e. missing labels among text or booleans.
    if (
        "numbers" in kinds
        and len(kinds) > 1
        and all(is_missing(x) for x in flat if _type_kind(type(x)) == "numbers")
    ):
        kinds.discard("numbers")
    return kinds


def describe_labels(labels: np.ndarray | Sequence[Any], kinds: Iterable[str]) -> str:
    """``numbers (1, 2) and text ('1')``: each family with up to three of its labels."""
    wanted = list(kinds)
    examples: dict[str, list[Any]] = {kind: [] for kind in wanted}
    flat = labels.ravel() if isinstance(labels, np.ndarray) else labels
    for label in flat:
        kind = _kind(label)
        if kind in examples and len(examples[kind]) < 3:
            shown = examples[kind]
            if not any(type(e) is type(label) and e == label for e in shown):
                shown.append(label)
        if all(len(v) >= 3 for v in examples.values()):
            break
    parts = [f"{kind} ({', '.join(repr(_plain(x)) for x in examples[kind])})" for kind in wanted]
    return " and ".join(parts)


def _plain(label: Any) -> Any:
    """A label as a Python value (numpy scalars unwrapped), for messages."""
    return label.item() if isinstance(label, np.generic) else label


def check_label_kinds(parts: Sequence[tuple[str, np.ndarray | Sequence[Any]]]) -> str | None:
    """Refuse labels of more than one type family, within one argument or across several.

    Parameters
    ----------
    parts
        ``(name, labels)`` of each argument, as named in messages.

    Returns
    -------
    str or None
        The one family of all the labels (``None`` if no label is present).

    Raises
    ------
    MixedLabelTypesError
        An argument mixes families (``[1, "1"]``), or two arguments hold
        different ones.
    """
    found = [label_kinds(labels) for _, labels in parts]
    for (name, labels), kinds in zip(parts, found, strict=True):
        if len(kinds) > 1:
            raise MixedLabelTypesError(
                f"{name} holds labels of more than one type: "
                f"{describe_labels(labels, sorted(kinds))}; {_ONE_TYPE}"
            )
    union = set().union(*found)
    if len(union) > 1:
        held = " but ".join(
            f"{name} holds {describe_labels(labels, kinds)}"
            for (name, labels), kinds in zip(parts, found, strict=True)
            if kinds
        )
        raise MixedLabelTypesError(f"{held}; {_ONE_TYPE}")
    return next(iter(union), None)


def _settle(arr: np.ndarray, kind: str | None) -> np.ndarray:
    """Numbers as floats (NaN missing) where that is exact, everything else as objects.

    ``kind`` is the labels' one type family (see :func:`check_label_kinds`).
    """
    if arr.dtype.kind in "iufO" and kind in ("numbers", None):
        try:
            values = arr.astype(float)
        except (TypeError, ValueError, OverflowError):  # pandas.NA, or an int beyond floats
            return arr.astype(object)
        finite = values[np.isfinite(values)]
        # Beyond 2**53 distinct integers can share a float: keep them exact, as objects.
        if arr.dtype.kind == "f" or not finite.size or np.abs(finite).max() < _EXACT_INTEGER:
            return values
    return arr if arr.dtype == object else arr.astype(object)


def _objects(data: Any) -> np.ndarray:
    """``data`` as an array that keeps each label's own type (a list ``[True, 2]`` stays mixed)."""
    if isinstance(data, np.ndarray):
        return data
    try:
        return np.asarray(data, dtype=object)
    except ValueError:
        out = np.empty(len(data), dtype=object)
        out[:] = list(data)
        return out


def _vector(labels: Any, name: str) -> np.ndarray:
    if isinstance(labels, (str, bytes)):
        raise InputTypeError(f"{name}={labels!r}: expected a sequence of labels, not a string")
    if is_pandas(labels, "DataFrame"):
        raise InputTypeError(
            f"{name} is a DataFrame: expected one label per unit (a Series, list or 1-D array); "
            "pass one column, e.g. frame['annotator']"
        )
    arr = _objects(labels)
    if arr.ndim != 1:
        raise AgreementInputError(
            f"{name} with shape {arr.shape}: expected a 1-D sequence of labels (one per unit)"
        )
    return arr


def _repeats(index: Any) -> list[Hashable]:
    return list(index[index.duplicated(keep=False)].unique().tolist())


def _shown(labels: Sequence[Hashable], limit: int = 5) -> str:
    head = ", ".join(repr(_plain(x)) for x in labels[:limit])
    more = f" and {len(labels) - limit} more" if len(labels) > limit else ""
    return f"[{head}]{more}"


def _check_unique(index: Any, what: str) -> None:
    repeated = _repeats(index)
    if repeated:
        raise AgreementInputError(
            f"{what} repeats the labels {_shown(repeated)}: expected each label once (one "
            "label per item and coder); aggregate or drop the repeated rows first"
        )


def _canonical(index: Any) -> Any:
    """The labels of ``index`` in one order that does not depend on the input's order."""
    try:
        return index.sort_values()
    except TypeError:  # labels of several types: order by type, then by text
        keys = sorted(range(len(index)), key=lambda i: (type(index[i]).__name__, repr(index[i])))
        return index[keys]


def _align(series: Sequence[Any], names: Sequence[str]) -> tuple[list[np.ndarray], Any]:
    """The Series' values on the union of their (unique) indexes, in canonical order."""
    for s, name in zip(series, names, strict=True):
        _check_unique(s.index, f"the index of {name}")
    union = series[0].index
    for s in series[1:]:
        union = union.union(s.index, sort=False)
    order = _canonical(union)
    columns = [np.asarray(s.reindex(order).to_numpy()) for s in series]
    return columns, order


def _stack(rows: Sequence[np.ndarray]) -> np.ndarray:
    if all(r.dtype.kind == "f" for r in rows):
        return np.vstack(rows)
    table = np.empty((len(rows), len(rows[0])), dtype=object)
    for i, row in enumerate(rows):
        table[i, :] = row.astype(object)
    return table


def pair_ratings(a: Any, b: Any) -> Ratings:
    """The labels of two coders, aligned by item label (two Series) or by position.

    Raises
    ------
    AgreementInputError
        ``a`` or ``b`` is not 1-D; their lengths differ; one is a Series and
        the other is not; a Series repeats an item label; the Series share
        no item.
    MixedLabelTypesError
        Labels of more than one type.
    InputTypeError
        A string or a DataFrame given for ``a`` or ``b``.
    """
    series = (is_pandas(a, "Series"), is_pandas(b, "Series"))
    if series[0] != series[1]:
        kinds = [type(x).__name__ for x in (a, b)]
        raise AgreementInputError(
            f"a is a {kinds[0]} and b a {kinds[1]}: pass both as pandas Series (aligned by "
            "item label) or neither (read by position)"
        )
    if series[0]:
        (first, second), order = _align([a, b], ["a", "b"])
        if not len(a.index.intersection(b.index)):
            raise NoPairableUnitsError(
                f"a and b share no item label (a's index {_shown(list(a.index))}, b's "
                f"{_shown(list(b.index))}): Series are aligned by item label; give both the "
                "same items"
            )
        units: tuple[Hashable, ...] | None = tuple(order.tolist())
        coders = ("a", "b")

        def locate(i: int, j: int) -> str:
            return f"{'ab'[i]}[{order[j]!r}]"
    else:
        first, second = _vector(a, "a"), _vector(b, "b")
        if len(first) != len(second):
            raise AgreementInputError(
                f"a has {len(first)} labels and b has {len(second)}: expected one label per "
                "unit from each coder (equal lengths)"
            )
        units, coders = None, ("coder 0", "coder 1")

        def locate(i: int, j: int) -> str:
            return f"{'ab'[i]}[{j}]"

    kind = check_label_kinds([("a", first), ("b", second)])
    table = _stack([_settle(first, kind), _settle(second, kind)])
    return Ratings(table, "(a, b)", coders, units, locate)


def _rows_argument(rows: str | None, items: str | None) -> tuple[str | None, str]:
    """``"items"`` or ``"coders"``: what the rows hold, from ``rows=`` or ``items=`` (any case).

    ``rows`` also takes the axis names of :mod:`axiometrics.agreement.names`
    (``"units"``, ``"annotators"``); ``items="rows"`` is ``rows="items"`` and
    ``items="columns"`` is ``rows="coders"``.  The second value is the
    argument as given, for messages.
    """
    held = None
    if rows is not None:
        held = axis_role(rows)
        if held is None:
            raise InvalidParameterError(unknown_choice("rows", rows, ROWS))
    if items is None:
        return held, f"rows={rows!r}"
    axis = choose("items", items, ITEMS)
    said = "items" if axis == "rows" else "coders"
    if held is not None and held != said:
        raise InvalidParameterError(
            f"rows={rows!r} and items={items!r} contradict each other: give one of them"
        )
    return said, f"items={items!r}"


def _orientation(data: Any, rows: str | None, stated: str) -> str:
    """What the rows of the DataFrame ``data`` hold (``"items"``/``"coders"``): stated or named."""
    said = []
    for axis, name in (("index", data.index.name), ("columns", data.columns.name)):
        role = axis_role(name)
        if role is not None:
            other = "coders" if role == "items" else "items"
            said.append((role if axis == "index" else other, f"{axis} name {name!r}"))
    named = {held for held, _ in said}
    names = f"index name {data.index.name!r} and columns name {data.columns.name!r}"
    if len(named) > 1:
        raise AgreementInputError(
            f"data's axes claim the same role (got {names}): name the items' axis one of "
            f"{', '.join(ITEM_NAMES)} and the coders' one of {', '.join(CODER_NAMES)}, or "
            "pass rows='items' or rows='coders'"
        )
    if rows is not None:
        if named and rows not in named:
            raise AgreementInputError(
                f"{stated} contradicts data's axis names ({names}), which say rows={said[0][0]!r}"
            )
        return rows
    if not named:
        raise AgreementInputError(
            f"a DataFrame of labels must say which axis holds the items (got {names}): pass "
            "rows='items' (one row per item, one column per coder, as frame.pivot(index='item', "
            "columns='annotator', values='label') gives) or rows='coders' (one row per coder), "
            "or name the axes (index.name='item' or columns.name='annotator'); items='rows' "
            "and items='columns' say the same"
        )
    return said[0][0]


def table_ratings(data: Any, *, rows: str | None = None, items: str | None = None) -> Ratings:
    """The labels of ``data`` as ``(n_coders, n_units)``.

    Parameters
    ----------
    data
        A 2-D array or nested sequence (rows are coders unless
        ``rows="items"``), a DataFrame (oriented by ``rows`` or by its axis
        names), or a list of Series (one per coder).
    rows
        What the rows of ``data`` hold: ``"items"`` or ``"coders"`` (any
        case; the names of :mod:`axiometrics.agreement.names` too, such as
        ``"units"`` or ``"annotators"``).  ``None``: coders for arrays; for a
        DataFrame, what its axis names say (else an error).
    items
        The same said the other way: ``"rows"`` (``rows="items"``) or
        ``"columns"`` (``rows="coders"``).

    Raises
    ------
    AgreementInputError
        Not 2-D; a DataFrame of unknown orientation or with repeated labels;
        Series that share no item.
    MixedLabelTypesError
        Labels of more than one type.
    InputTypeError
        A string.
    InvalidParameterError
        Unknown ``rows`` or ``items``, or the two contradict each other.
    """
    rows, stated = _rows_argument(rows, items)
    if isinstance(data, (str, bytes)):
        raise InputTypeError(f"data={data!r}: expected a (n_coders, n_units) table of labels")
    if is_pandas(data, "DataFrame"):
        return _frame_ratings(data, rows, stated)
    if isinstance(data, (list, tuple)) and data and any(is_pandas(x, "Series") for x in data):
        return _series_ratings(data, rows, stated)
    arr = _objects(data)
    if arr.ndim != 2:
        raise AgreementInputError(
            f"data with shape {arr.shape}: expected a 2-D array (n_coders, n_units)"
        )
    transposed = rows == "items"
    if transposed:
        arr = arr.T
    kind = check_label_kinds([("data", arr)])
    coders = tuple(f"coder {i}" for i in range(arr.shape[0]))

    def locate(i: int, j: int) -> str:
        return f"data[{j}, {i}]" if transposed else f"data[{i}, {j}]"

    return Ratings(_settle(arr, kind), "data", coders, None, locate)


def _frame_ratings(data: Any, rows: str | None, stated: str) -> Ratings:
    orientation = _orientation(data, rows, stated)
    frame = data.T if orientation == "items" else data
    axes = ("index", "columns") if orientation == "coders" else ("columns", "index")
    _check_unique(frame.index, f"data's {axes[0]} (the coders)")
    _check_unique(frame.columns, f"data's {axes[1]} (the items)")
    frame = frame[_canonical(frame.columns)]
    arr = np.asarray(frame.to_numpy())
    kind = check_label_kinds([("data", arr)])
    coders = tuple(f"coder {c!r}" for c in frame.index.tolist())
    units = tuple(frame.columns.tolist())

    def locate(i: int, j: int) -> str:
        coder, unit = frame.index[i], frame.columns[j]
        where = (coder, unit) if orientation == "coders" else (unit, coder)
        return f"data.loc[{where[0]!r}, {where[1]!r}]"

    return Ratings(_settle(arr, kind), "data", coders, units, locate)


def _series_ratings(data: Sequence[Any], rows: str | None, stated: str) -> Ratings:
    if not all(is_pandas(x, "Series") for x in data):
        kinds = sorted({type(x).__name__ for x in data})
        raise AgreementInputError(
            f"data mixes pandas Series with other sequences ({', '.join(kinds)}): pass every "
            "coder as a Series (aligned by item label) or none (read by position)"
        )
    if rows == "items":
        raise AgreementInputError(
            f"{stated} contradicts data, a list of Series: each Series is one coder's labels, "
            "indexed by item"
        )
    names = [f"data[{i}]" for i in range(len(data))]
    columns, order = _align(data, names)
    shared = np.zeros(len(order), dtype=int)
    for s in data:
        shared += order.isin(s.index)
    if len(data) >= 2 and not (shared >= 2).any():
        raise NoPairableUnitsError(
            "the Series of data share no item label (no item is in two indexes): Series are "
            "aligned by item label; give them the same items"
        )
    kind = check_label_kinds(list(zip(names, columns, strict=True)))

    def locate(i: int, j: int) -> str:
        return f"data[{i}][{order[j]!r}]"

    coders = tuple(f"coder {i}" for i in range(len(data)))
    settled = [_settle(column, kind) for column in columns]
    return Ratings(_stack(settled), "data", coders, tuple(order.tolist()), locate)
