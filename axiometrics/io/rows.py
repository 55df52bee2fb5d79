"""Rows of a delimited text file, with their true line numbers.

Every reader of :mod:`axiometrics.io` starts here, so that all of them agree
on the delimiter (tab, or comma when the first non-blank line has no tab),
skip blank lines without losing count of the lines (error messages point
at the line a user sees in an editor), recognise the same header rows and
parse labels the same way.
"""

from __future__ import annotations

import csv
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import NamedTuple

from axiometrics.errors import DataFileError

__all__ = ["HEADER_FIRST_CELLS", "Row", "parse_label", "read_rows", "split_header"]

#: A first row whose first cell is one of these (any case) is a header row.
HEADER_FIRST_CELLS = frozenset({"id", "item", "tweet_id", "topic"})


class Row(NamedTuple):
    """One non-blank line of a file: its 1-based line number and its stripped cells."""

    line: int
    cells: list[str]


def read_rows(path: str | Path) -> list[Row]:
    """Read the non-blank rows of a tab- or comma-separated UTF-8 file.

    Raises
    ------
    DataFileError
        If the file does not exist, is not UTF-8 text, or holds no
        non-blank line; the message names the file.
    """
    file = Path(path)
    if not file.is_file():
        raise DataFileError(f"path={str(path)!r} is not an existing file")
    try:
        lines = file.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError as exc:
        raise DataFileError(f"path={str(path)!r} is not UTF-8 text ({exc.reason})") from None
    numbered = [(i + 1, line) for i, line in enumerate(lines) if line.strip()]
    if not numbered:
        raise DataFileError(f"path={str(path)!r} is empty")
    delimiter = "\t" if "\t" in numbered[0][1] else ","
    rows = []
    for number, text in numbered:
        try:
            (cells,) = csv.reader([text], delimiter=delimiter)
        except (csv.Error, ValueError) as exc:
            raise DataFileError(f"path={str(path)!r} line {number}: unreadable ({exc})") from None
        rows.append(Row(number, [cell.strip() for cell in cells]))
    return rows


def split_header(rows: Sequence[Row]) -> tuple[Row | None, list[Row]]:
    """Separate a header row (first cell in :data:`HEADER_FIRST_CELLS`) from the data rows."""
    if rows and rows[0].cells and rows[0].cells[0].lower() in HEADER_FIRST_CELLS:
        return rows[0], list(rows[1:])
    return None, list(rows)


def parse_label(text: str) -> Hashable:
    """A class label from its text: integers and other numbers as numbers, the rest as text.

    ``"2"`` and ``"2.0"`` both give ``2``, so that numeric labels from
    different files (or a ``--scale`` option) name the same class.

    Examples
    --------
    >>> parse_label("-2"), parse_label("0.5"), parse_label("neutral")
    (-2, 0.5, 'neutral')
    """
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number
