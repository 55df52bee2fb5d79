"""Reading a ``--truth`` file: each system's known true quality, lower is better.

One ``system<TAB>quality`` line per system (comma-separated when the first
line has no tab); blank lines are skipped; a first line whose quality cell
is not a number (``system<TAB>quality``) is a header.  Every error names the
flag, the file and the line.
"""

from __future__ import annotations

import math
from pathlib import Path

from axiometrics.errors import DataFileError
from axiometrics.io.rows import parse_number, read_rows

__all__ = ["read_truth_file"]


def read_truth_file(path: str | Path, *, flag: str = "--truth") -> dict[str, float]:
    """The true quality of each system listed in ``path`` (lower is better).

    Parameters
    ----------
    path
        A ``system<TAB>quality`` file.
    flag
        The command-line flag that named it, for the messages.

    Returns
    -------
    dict
        System name -> finite float, in file order.

    Raises
    ------
    DataFileError
        A missing, empty or non-UTF-8 file, a line without exactly two
        cells, a quality that is not a finite number, or a system listed
        twice; the message names ``flag``, the file and the line.
    """
    where = f"{flag} {str(path)!r}"
    try:
        rows = read_rows(path)
    except DataFileError as exc:
        raise DataFileError(f"{where}: {exc}") from None
    if len(rows[0].cells) == 2 and parse_number(rows[0].cells[1]) is None:
        rows = rows[1:]  # a header, e.g. system<TAB>quality
    truth: dict[str, float] = {}
    lines: dict[str, int] = {}
    for line, cells in rows:
        if len(cells) != 2 or not cells[0]:
            raise DataFileError(
                f"{where} line {line}: expected system<TAB>quality (got {len(cells)} cells: "
                f"{cells!r})"
            )
        system, text = cells
        value = parse_number(text)
        if value is None or not math.isfinite(value):
            raise DataFileError(
                f"{where} line {line}: quality={text!r} of system {system!r} is not a finite number"
            )
        if system in truth:
            raise DataFileError(
                f"{where} line {line}: system {system!r} is listed twice (first on line "
                f"{lines[system]})"
            )
        truth[system] = value
        lines[system] = line
    if not truth:
        raise DataFileError(f"{where}: holds a header and no system")
    return truth
