"""Rows of a delimited text file, with their true line numbers.

Every reader of :mod:`axiometrics.io` starts here, so that all of them agree
on the delimiter (tab, or comma when the first non-blank line has no tab),
skip blank lines without losing count of the lines (error messages point
at the line a user sees in an editor), recognise the same header rows and
parse labels the same way.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from axiometrics.errors import DataFileError

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

__all__ = [
    "HEADER_FIRST_CELLS",
    "NUMBER_PATTERN",
    "Row",
    "nominal_order",
    "parse_label",
    "parse_labels",
    "parse_number",
    "parse_numbers",
    "read_cells",
    "read_rows",
    "split_header",
]

#: The syntax of a number in a data file: ASCII digits, an optional sign, decimal point
#: and exponent.  Python's extensions to ``float()`` (``1_0``, ``nan``, ``inf``,
#: ``infinity``, non-ASCII digits) are not numbers here.
NUMBER_PATTERN = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"

_NUMBER = re.compile(NUMBER_PATTERN)
_INTEGER = re.compile(r"[+-]?[0-9]+")

#: A first row whose first cell is one of these (any case) is a header row.
HEADER_FIRST_CELLS = frozenset({"id", "item", "tweet_id", "topic"})


class Row(NamedTuple):
    """One non-blank line of a file: its 1-based line number and its stripped cells."""

    line: int
    cells: list[str]


#: Line breaks of ``str.splitlines`` (used by :func:`read_rows`) that pandas does not break at.
_OTHER_LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"

#: Characters ``str.strip`` removes, but for the line break.
_WHITESPACE = tuple(c for c in map(chr, range(0x3001)) if c.isspace() and c != "\n")


def _read_text(path: str | Path) -> str:
    file = Path(path)
    if not file.is_file():
        raise DataFileError(f"path={str(path)!r} is not an existing file")
    try:
        return file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"path={str(path)!r} is not UTF-8 text ({exc.reason})") from None


def read_cells(path: str | Path) -> pd.DataFrame | None:
    """The fast path of :func:`read_rows`: every non-blank row as text cells, by pandas' C parser.

    Returns a frame of stripped string cells (columns ``0 .. width-1``, no
    header detection) when the file is regular: every non-blank row has as
    many fields as the first, no quotes, no whitespace-only line.  Returns
    ``None`` otherwise; the caller then reads the file with
    :func:`read_rows`, whose messages name the line at fault, so both paths
    accept and refuse exactly the same files.

    Raises
    ------
    DataFileError
        If the file does not exist or is not UTF-8 text.
    """
    import pandas as pd

    text = _read_text(path)
    if '"' in text or not text.strip() or any(c in text for c in _OTHER_LINE_BREAKS):
        return None
    first = next(line for line in text.splitlines() if line.strip())
    delimiter = "\t" if "\t" in first else ","
    try:
        frame = pd.read_csv(
            io.StringIO(text),
            sep=delimiter,
            header=None,
            dtype=object,
            na_filter=False,
            skip_blank_lines=True,
            quoting=csv.QUOTE_NONE,
            engine="c",
        )
    except (pd.errors.ParserError, pd.errors.EmptyDataError):
        return None
    if text.count(delimiter) != len(frame) * (frame.shape[1] - 1):  # a short row was padded
        return None
    if _has_padded_cells(text, delimiter):  # stripping is slow: only when a cell needs it
        frame = frame.apply(lambda column: column.str.strip())
    empty_first = (frame[0] == "").to_numpy()
    if empty_first.any() and (frame[empty_first] == "").all(axis=1).any():  # a blank-ish line
        return None
    return frame


def _has_padded_cells(text: str, delimiter: str) -> bool:
    """Whether some cell of ``text`` starts or ends with white space (substring scans only)."""
    candidates = [c for c in _WHITESPACE if c != delimiter and (c.isascii() or not text.isascii())]
    for c in candidates:
        if c not in text:
            continue
        if text.startswith(c) or text.endswith(c):
            return True
        if any(pair in text for pair in (c + delimiter, delimiter + c, c + "\n", "\n" + c)):
            return True
    return False


def read_rows(path: str | Path) -> list[Row]:
    """Read the non-blank rows of a tab- or comma-separated UTF-8 file.

    Raises
    ------
    DataFileError
        If the file does not exist, is not UTF-8 text, or holds no
        non-blank line; the message names the file.
    """
    lines = _read_text(path).splitlines()
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


def parse_number(text: str) -> float | None:
    """The number a cell holds, or ``None`` when it is not written as a number.

    Only the plain decimal syntax of :data:`NUMBER_PATTERN` counts: ``"1_0"``,
    ``"nan"``, ``"inf"`` and ``"0x10"`` are not numbers (``float()`` reads the
    first three).  A number too large for a float (``"1e400"``) gives ``inf``;
    callers that need finite values refuse it with the file and line.

    Examples
    --------
    >>> parse_number("-2.5e1"), parse_number("1_0"), parse_number("nan")
    (-25.0, None, None)
    """
    if not _NUMBER.fullmatch(text):
        return None
    return float(text)


def parse_numbers(cells: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """:func:`parse_number` on a column of text cells: ``(values, not_a_number)``.

    ``values`` is a float array (``NaN`` where the cell is not a number) and
    ``not_a_number`` a boolean mask of those cells; one regular-expression
    match per distinct text, no Python loop over the cells.
    """
    import numpy as np

    text = cells.astype(str)
    ok = text.str.fullmatch(NUMBER_PATTERN).to_numpy(dtype=bool)
    values = np.full(len(text), np.nan)
    if ok.any():
        # numpy converts text with Python's float(), correctly rounded
        values[ok] = text.to_numpy()[ok].astype(float)
    return values, ~ok


def parse_labels(cells: pd.Series) -> pd.Series:
    """:func:`parse_label` applied to a column of text cells (once per distinct text)."""
    import pandas as pd

    mapping = {text: parse_label(text) for text in pd.unique(cells)}
    return cells.map(mapping)


def parse_label(text: str) -> Hashable:
    """A class label from its text: integers and other numbers as numbers, the rest as text.

    ``"2"`` and ``"2.0"`` both give ``2``, so that numeric labels from
    different files (or a ``--scale`` option) name the same class.  Only
    plain decimal numbers count (see :func:`parse_number`): ``"1_0"``,
    ``"nan"`` and ``"inf"`` stay text, as does a number too large for a
    float; integers are read exactly, whatever their size.

    Examples
    --------
    >>> parse_label("-2"), parse_label("0.5"), parse_label("neutral"), parse_label("1_0")
    (-2, 0.5, 'neutral', '1_0')
    """
    if _INTEGER.fullmatch(text):
        return int(text)
    number = parse_number(text)
    if number is None or not math.isfinite(number):
        return text
    return int(number) if number.is_integer() else number


def nominal_order(labels: Sequence[Hashable]) -> list[Hashable]:
    """Distinct labels in a fixed listing order: numbers by value, then text alphabetically.

    Nominal classes have no order; this one only makes the class positions
    (a per-class measure's ``positive``) reproducible whatever the file order.
    """
    unique = list(dict.fromkeys(labels))
    numbers = sorted((lab for lab in unique if isinstance(lab, int | float)), key=float)
    texts = sorted((lab for lab in unique if not isinstance(lab, int | float)), key=str)
    return [*numbers, *texts]
