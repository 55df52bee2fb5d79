"""Reading annotation files: a long layout (one label per row) or a wide one (one column per coder).

Long layout
    ``item<TAB>annotator<TAB>label``, one row per label, in any order; an
    optional header row ``item<TAB>annotator<TAB>label``.  A missing label
    is a missing row.  An (item, annotator) pair may appear once.
Wide layout
    A header row ``item<TAB>name1<TAB>name2 ...`` naming the annotators,
    then one row per item: its id and one label per annotator; an empty
    cell is a missing label (``NA`` is a label like any other).  Item ids
    and annotator names may appear once.

Both are tab- or comma-separated UTF-8 text (the delimiter of the first
non-blank line, as every reader of :mod:`axiometrics.io`).  Labels are
parsed as numbers where they look like numbers (``"2"`` and ``"2.0"`` are
both ``2``) and kept as text otherwise.  Several files are merged: long
files by (item, annotator), wide files by item (an annotator may appear in
one file only).  Errors are :class:`~axiometrics.errors.DataFileError` and
name the file and line.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from axiometrics.agreement.names import unknown_choice
from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.io.rows import Row, parse_label, read_rows

__all__ = ["LAYOUTS", "Annotations", "read_annotations"]

#: File layouts: ``auto`` picks ``wide`` when the first row is a header other than
#: ``item, annotator, label``, else ``long``.
LAYOUTS = ("auto", "long", "wide")
_LONG_HEADER = ("item", "annotator", "label")


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
    """

    items: tuple[str, ...]
    annotators: tuple[str, ...]
    labels: np.ndarray
    layout: str


def _where(path: str | Path, line: int) -> str:
    return f"path={str(path)!r} line {line}"


def _is_header(row: Row) -> bool:
    return bool(row.cells) and row.cells[0].lower() == "item"


def _detect(rows: Sequence[Row]) -> str:
    first = rows[0]
    if _is_header(first) and tuple(c.lower() for c in first.cells) != _LONG_HEADER:
        return "wide"
    return "long"


def _read_long(
    path: str | Path, rows: Sequence[Row], seen: dict[tuple[str, str], tuple[str, int]]
) -> list[tuple[str, str, Hashable]]:
    body = rows[1:] if _is_header(rows[0]) else rows
    entries = []
    for row in body:
        if len(row.cells) != 3:
            raise DataFileError(
                f"{_where(path, row.line)}: expected 3 fields (item, annotator, label) in the long "
                f"layout, found {len(row.cells)}"
            )
        item, annotator, text = row.cells
        if not item or not annotator:
            raise DataFileError(
                f"{_where(path, row.line)}: the item and annotator may not be empty"
            )
        if not text:
            raise DataFileError(
                f"{_where(path, row.line)}: empty label; in the long layout a missing label is "
                "a missing row"
            )
        key = (item, annotator)
        if key in seen:
            first_path, first_line = seen[key]
            first_text = f"line {first_line}" if first_path == str(path) else _where(*seen[key])
            raise DataFileError(
                f"{_where(path, row.line)}: item {item!r} has a second label from annotator "
                f"{annotator!r} (first on {first_text}); each annotator labels an item once"
            )
        seen[key] = (str(path), row.line)
        entries.append((item, annotator, parse_label(text)))
    return entries


def _read_wide(
    path: str | Path, rows: Sequence[Row], owners: dict[str, str]
) -> list[tuple[str, str, Hashable]]:
    header = rows[0]
    if not _is_header(header):
        raise DataFileError(
            f"{_where(path, header.line)}: the wide layout needs a header row "
            "'item<TAB>annotator names...'"
        )
    names = header.cells[1:]
    if not names or any(not n for n in names):
        raise DataFileError(
            f"{_where(path, header.line)}: the header must name every annotator column"
        )
    for name in names:
        if name in owners:
            raise DataFileError(
                f"{_where(path, header.line)}: annotator {name!r} appears twice (also in "
                f"{owners[name]}); each annotator has one column"
            )
        owners[name] = _where(path, header.line)
    entries = []
    items: dict[str, int] = {}
    for row in rows[1:]:
        if len(row.cells) != len(header.cells):
            raise DataFileError(
                f"{_where(path, row.line)}: expected {len(header.cells)} fields (item and "
                f"{len(names)} annotators, as the header), found {len(row.cells)}"
            )
        item = row.cells[0]
        if not item:
            raise DataFileError(f"{_where(path, row.line)}: the item id may not be empty")
        if item in items:
            raise DataFileError(
                f"{_where(path, row.line)}: item {item!r} appears twice (first on line "
                f"{items[item]}); each item has one row"
            )
        items[item] = row.line
        for name, text in zip(names, row.cells[1:], strict=True):
            if text:
                entries.append((item, name, parse_label(text)))
    return entries


def read_annotations(paths: Sequence[str | Path], *, layout: str = "auto") -> Annotations:
    """Read and merge annotation files.

    Parameters
    ----------
    paths
        One or more files in the same layout.
    layout
        ``"auto"`` (see :data:`LAYOUTS`), ``"long"`` or ``"wide"``.

    Returns
    -------
    Annotations
        Items, annotators and the ``(n_annotators, n_items)`` labels.

    Raises
    ------
    DataFileError
        Unreadable files, wrong field counts, duplicate entries, a wide file
        without a header, files of different layouts, fewer than two annotators.
    InvalidParameterError
        Unknown ``layout``, or no file given.
    """
    if layout not in LAYOUTS:
        raise InvalidParameterError(unknown_choice("layout", layout, LAYOUTS))
    if not paths:
        raise InvalidParameterError("paths=[]: give at least one annotation file")
    chosen: str | None = None
    seen: dict[tuple[str, str], tuple[str, int]] = {}
    owners: dict[str, str] = {}
    entries: list[tuple[str, str, Hashable]] = []
    for path in paths:
        rows = read_rows(path)
        this = _detect(rows) if layout == "auto" else layout
        if chosen is not None and this != chosen:
            raise DataFileError(
                f"path={str(path)!r}: this file is in the {this} layout, the first in the "
                f"{chosen} layout; give files of one layout (or pass the layout explicitly)"
            )
        chosen = this
        if this == "long":
            entries += _read_long(path, rows, seen)
        else:
            entries += _read_wide(path, rows, owners)
    items = list(dict.fromkeys(item for item, _, _ in entries))
    if chosen == "wide":
        annotators = list(owners)
    else:
        annotators = list(dict.fromkeys(name for _, name, _ in entries))
    where = ", ".join(repr(str(p)) for p in paths)
    if not entries:
        raise DataFileError(f"{where}: no labels found")
    if len(annotators) < 2:
        raise DataFileError(
            f"{where}: found {len(annotators)} annotator {annotators!r}; agreement needs at "
            "least two"
        )
    row_of = {name: i for i, name in enumerate(annotators)}
    column_of = {item: j for j, item in enumerate(items)}
    labels = np.full((len(annotators), len(items)), None, dtype=object)
    for item, name, label in entries:
        labels[row_of[name], column_of[item]] = label
    return Annotations(tuple(items), tuple(annotators), labels, chosen or "long")
