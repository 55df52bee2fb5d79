"""Reading annotation files: a long layout (one label per row) or a wide one (one column per coder).

Long layout
    ``item<TAB>annotator<TAB>label``, one row per label, in any order; an
    optional header row naming the three columns.  A missing label is a
    missing row.  An (item, annotator) pair may appear once.
Wide layout
    A header row ``item<TAB>name1<TAB>name2 ...`` naming the annotators,
    then one row per item: its id and one label per annotator; an empty
    cell is a missing label.  Item ids and annotator names may appear once.

Headers are recognised by their names, in any case (:mod:`axiometrics.agreement.names`):
the first cell of a header names the item column (:data:`ITEM_NAMES`:
``item``, ``unit``, ``id``, ...).  A long file's header names its three
columns: item, annotator (:data:`CODER_NAMES`: ``annotator``, ``coder``,
``rater``, ...) and label (:data:`LABEL_NAMES`: ``label``, ``value``,
``rating``, ...).  With ``layout="auto"`` a file is long when its first row
is such a long header or is not a header at all, and wide when its first
row is a header whose second cell is not an annotator column name.  A
first row that is neither (an annotator column name after an unknown item
column name, or after an item column name in a row that is not a long
header) is refused rather than guessed.

Both are tab- or comma-separated UTF-8 text (the delimiter of the first
non-blank line, as every reader of :mod:`axiometrics.io`).  A label is a
number when it is written as one: ASCII digits with an optional sign,
decimal point and exponent (``2``, ``-0.5``, ``1e3``); ``"2"`` and ``"2.0"``
are the same label.  Anything else is text, Python's extensions included:
``1_0``, ``nan``, ``inf``, ``0x10`` and non-ASCII digits are text, never
numbers.  A number beyond the range of a float (``1e400``, ``1e-400``) is an
error.  :func:`check_label_types` refuses files whose labels mix numbers and
text, naming the file and line of the odd label.  Several
files are merged: long files by (item, annotator), wide files by item (an
annotator may appear in one file only).  Errors are
:class:`~axiometrics.errors.DataFileError` and name the file and line.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from axiometrics.agreement.names import CODER_NAMES, ITEM_NAMES, LABEL_NAMES, choose
from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.io.rows import NUMBER_PATTERN, Row, read_rows

__all__ = [
    "CODER_NAMES",
    "ITEM_NAMES",
    "LABEL_NAMES",
    "LAYOUTS",
    "Annotations",
    "check_label_types",
    "parse_label",
    "read_annotations",
    "where",
]

#: File layouts: ``auto`` picks ``long`` or ``wide`` from the first row (see the module docstring).
LAYOUTS = ("auto", "long", "wide")

# The data files' number syntax (plain decimals: no "1_0", "nan" or "inf"), shared with io.
_NUMBER = re.compile(NUMBER_PATTERN)
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NONZERO_DIGIT = re.compile(r"[1-9]")
#: Integers up to this magnitude are exact as floats.
_EXACT_INTEGER = 2**53


@dataclass(frozen=True)
class Annotations:
    """Labels of several annotators on the same items.

    Attributes
    ----------
    items
        Item ids (as written in the files), in order of first appearance.
    annotators
        Annotator names, in order of first appearance.
    labels
        ``(n_annotators, n_items)`` object array of labels, ``None`` where missing.
    layout
        The layout the files were read in (``"long"`` or ``"wide"``).
    locations
        ``(n_annotators, n_items)`` object array: ``(path, line)`` where each
        label was read, ``None`` where missing.
    """

    items: tuple[str, ...]
    annotators: tuple[str, ...]
    labels: np.ndarray
    layout: str
    locations: np.ndarray | None = None


def where(path: str | Path, line: int) -> str:
    """``path='labels.tsv' line 3``: how messages name a place in a file."""
    return f"path={str(path)!r} line {line}"


def parse_label(text: str) -> Hashable:
    """A label from its text: a number when written as a plain decimal number, else the text.

    Integers stay exact (``"12345678901234567891"``); ``"2.0"`` is the
    number ``2``.  ``1_0``, ``nan``, ``inf``, ``infinity``, ``0x10`` and
    non-ASCII digits, which Python's ``float()`` reads, are text here.

    Raises
    ------
    ValueError
        A number beyond the range of a float (``1e400``, ``1e-400``); the
        message says so without naming a file (callers add it).

    Examples
    --------
    >>> parse_label("-2"), parse_label("0.5"), parse_label("2.0"), parse_label("1_0")
    (-2, 0.5, 2, '1_0')
    """
    if not _NUMBER.fullmatch(text):
        return text
    if _INTEGER.fullmatch(text):
        integer = int(text)
        if abs(integer) > sys.float_info.max:
            raise ValueError(f"{text!r} is a number beyond the range of a floating-point number")
        return integer
    number = float(text)
    mantissa = re.split("[eE]", text)[0]
    if math.isinf(number) or (abs(number) < sys.float_info.min and _NONZERO_DIGIT.search(mantissa)):
        raise ValueError(
            f"{text!r} is a number beyond the range of a floating-point number (about "
            "2.2e-308 to 1.8e308 in magnitude)"
        )
    if number.is_integer() and abs(number) <= _EXACT_INTEGER:
        return int(number)
    return number


def _lower(cells: Sequence[str]) -> list[str]:
    return [cell.strip().lower() for cell in cells]


def _is_long_header(cells: Sequence[str]) -> bool:
    names = _lower(cells)
    return (
        len(names) == 3
        and names[0] in ITEM_NAMES
        and names[1] in CODER_NAMES
        and names[2] in LABEL_NAMES
    )


def _names(names: Sequence[str]) -> str:
    return ", ".join(names)


def _first_row_layout(path: str | Path, row: Row, layout: str) -> tuple[str, bool]:
    """``(layout, has_header)`` of a file from its first row, or refuse an ambiguous row."""
    names = _lower(row.cells)
    item_first = bool(names) and names[0] in ITEM_NAMES
    coder_second = len(names) > 1 and names[1] in CODER_NAMES
    text = ",".join(row.cells)
    if _is_long_header(row.cells):
        if layout == "wide":
            return "wide", True  # annotators named like columns: stated, so taken as names
        return "long", True
    if not item_first and coder_second and len(names) == 3 and names[2] in LABEL_NAMES:
        raise DataFileError(
            f"{where(path, row.line)}: {text!r} looks like a header of the long layout, but its "
            f"first column name {row.cells[0]!r} is not one of the item column names "
            f"({_names(ITEM_NAMES)}); rename it (e.g. to 'item')"
        )
    if layout == "wide":
        if not item_first:
            raise DataFileError(
                f"{where(path, row.line)}: the wide layout needs a header row naming the item "
                f"column ({_names(ITEM_NAMES)}) and then the annotators, e.g. 'item<TAB>ann<TAB>"
                f"bob'; found {text!r}"
            )
        return "wide", True
    if item_first and coder_second:
        raise DataFileError(
            f"{where(path, row.line)}: the header {text!r} names an annotator column, as the "
            "long layout's header (item, annotator, label) does, but is not one: expected 3 "
            f"columns named item ({_names(ITEM_NAMES)}), annotator ({_names(CODER_NAMES)}) and "
            f"label ({_names(LABEL_NAMES)}); for a wide file whose annotators have such names, "
            "state the wide layout"
        )
    if layout == "long":
        if item_first:
            raise DataFileError(
                f"{where(path, row.line)}: the header {text!r} is a header of the wide layout "
                "(item, then one column per annotator), not of the long layout (item, "
                f"annotator, label): the second column must be named one of "
                f"{_names(CODER_NAMES)}"
            )
        return "long", False
    return ("wide", True) if item_first else ("long", False)


def _label(path: str | Path, line: int, text: str) -> Hashable:
    try:
        return parse_label(text)
    except ValueError as exc:
        raise DataFileError(f"{where(path, line)}: {exc}") from None


Entry = tuple[str, str, Hashable, tuple[str, int]]


def _read_long(
    path: str | Path,
    rows: Sequence[Row],
    header: bool,
    seen: dict[tuple[str, str], tuple[str, int]],
) -> list[Entry]:
    entries = []
    for row in rows[1:] if header else rows:
        if len(row.cells) != 3:
            raise DataFileError(
                f"{where(path, row.line)}: expected 3 fields (item, annotator, label) in the long "
                f"layout, found {len(row.cells)}"
            )
        item, annotator, text = row.cells
        if not item or not annotator:
            raise DataFileError(f"{where(path, row.line)}: the item and annotator may not be empty")
        if not text:
            raise DataFileError(
                f"{where(path, row.line)}: empty label; in the long layout a missing label is "
                "a missing row"
            )
        key = (item, annotator)
        if key in seen:
            first_path, first_line = seen[key]
            first_text = f"line {first_line}" if first_path == str(path) else where(*seen[key])
            raise DataFileError(
                f"{where(path, row.line)}: item {item!r} has a second label from annotator "
                f"{annotator!r} (first on {first_text}); each annotator labels an item once"
            )
        seen[key] = (str(path), row.line)
        entries.append((item, annotator, _label(path, row.line, text), (str(path), row.line)))
    return entries


def _read_wide(path: str | Path, rows: Sequence[Row], owners: dict[str, str]) -> list[Entry]:
    header = rows[0]
    names = header.cells[1:]
    if not names or any(not n for n in names):
        raise DataFileError(
            f"{where(path, header.line)}: the header must name every annotator column"
        )
    for name in names:
        if name in owners:
            raise DataFileError(
                f"{where(path, header.line)}: annotator {name!r} appears twice (also in "
                f"{owners[name]}); each annotator has one column"
            )
        owners[name] = where(path, header.line)
    entries = []
    items: dict[str, int] = {}
    for row in rows[1:]:
        if len(row.cells) != len(header.cells):
            raise DataFileError(
                f"{where(path, row.line)}: expected {len(header.cells)} fields (item and "
                f"{len(names)} annotators, as the header), found {len(row.cells)}"
            )
        item = row.cells[0]
        if not item:
            raise DataFileError(f"{where(path, row.line)}: the item id may not be empty")
        if item in items:
            raise DataFileError(
                f"{where(path, row.line)}: item {item!r} appears twice (first on line "
                f"{items[item]}); each item has one row"
            )
        items[item] = row.line
        for name, text in zip(names, row.cells[1:], strict=True):
            if text:
                label = _label(path, row.line, text)
                entries.append((item, name, label, (str(path), row.line)))
    return entries


#: Where a label was given (the reader writes ``None`` where none was).
_given = np.frompyfunc(lambda label: label is not None, 1, 1)


def check_label_types(annotations: Annotations) -> None:
    """Refuse annotations whose labels mix numbers and text, naming the odd label's file and line.

    The coefficients compare labels of one type only (``2`` and ``"2x"`` cannot
    be on one scale); this check says where the odd one was read.

    Raises
    ------
    DataFileError
        Some labels are numbers and others text.
    """
    present = _given(annotations.labels).astype(bool)
    labels = list(annotations.labels[present])
    text = np.array([isinstance(label, str) for label in labels], dtype=bool)
    if text.all() or not text.any():
        return
    odd = text if text.sum() <= (~text).sum() else ~text
    first_odd, first_usual = int(np.argmax(odd)), int(np.argmax(~odd))
    if annotations.locations is not None:
        places = annotations.locations[present]
        odd_place, usual_place = where(*places[first_odd]), where(*places[first_usual])
    else:
        odd_place, usual_place = f"label {first_odd}", f"label {first_usual}"
    label, other = labels[first_odd], labels[first_usual]
    kind = "text" if isinstance(label, str) else "a number"
    other_kind = "text" if isinstance(other, str) else "a number"
    missing = "leave the cell empty" if annotations.layout == "wide" else "leave the row out"
    raise DataFileError(
        f"{odd_place}: the label {label!r} is {kind}, but the label {other!r} on "
        f"{usual_place} is {other_kind}; labels must be all numbers or all text (a number is "
        f"written like 2, -0.5 or 1e3; nan, inf and 1_0 are text); for a missing label {missing}"
    )


def read_annotations(paths: Sequence[str | Path], *, layout: str = "auto") -> Annotations:
    """Read and merge annotation files.

    Parameters
    ----------
    paths
        One or more files in the same layout.
    layout
        ``"auto"`` (see the module docstring), ``"long"`` or ``"wide"`` (any case).

    Returns
    -------
    Annotations
        Items, annotators, the ``(n_annotators, n_items)`` labels and where each was read.

    Raises
    ------
    DataFileError
        Unreadable files, wrong field counts, duplicate entries, a header that
        is missing or ambiguous, numbers beyond the float range, labels that
        mix numbers and text, files of different layouts, fewer than two
        annotators; the message names the file and line.
    InvalidParameterError
        Unknown ``layout``, or no file given.
    """
    layout = choose("layout", layout, LAYOUTS)
    if not paths:
        raise InvalidParameterError("paths=[]: give at least one annotation file")
    chosen: str | None = None
    seen: dict[tuple[str, str], tuple[str, int]] = {}
    owners: dict[str, str] = {}
    entries: list[Entry] = []
    for path in paths:
        rows = read_rows(path)
        this, header = _first_row_layout(path, rows[0], layout)
        if chosen is not None and this != chosen:
            raise DataFileError(
                f"path={str(path)!r}: this file is in the {this} layout, the first in the "
                f"{chosen} layout; give files of one layout (or state the layout)"
            )
        chosen = this
        if this == "long":
            entries += _read_long(path, rows, header, seen)
        else:
            entries += _read_wide(path, rows, owners)
    items = list(dict.fromkeys(item for item, _, _, _ in entries))
    if chosen == "wide":
        annotators = list(owners)
    else:
        annotators = list(dict.fromkeys(name for _, name, _, _ in entries))
    named = ", ".join(repr(str(p)) for p in paths)
    if not entries:
        raise DataFileError(f"{named}: no labels found")
    if len(annotators) < 2:
        raise DataFileError(
            f"{named}: found {len(annotators)} annotator {annotators!r}; agreement needs at "
            "least two"
        )
    row_of = {name: i for i, name in enumerate(annotators)}
    column_of = {item: j for j, item in enumerate(items)}
    labels = np.full((len(annotators), len(items)), None, dtype=object)
    locations = np.full((len(annotators), len(items)), None, dtype=object)
    for item, name, label, place in entries:
        labels[row_of[name], column_of[item]] = label
        locations[row_of[name], column_of[item]] = place
    return Annotations(tuple(items), tuple(annotators), labels, chosen or "long", locations)
