"""Rendering result tables for the command line: text table, CSV or JSON.

Machine-readable output is one document per command: ``csv`` is one table
(numbers at full precision, an empty cell where a number is undefined or
infinite), ``json`` one object whose ``rows`` hold the table's records
(``null`` where a number is undefined or infinite) next to descriptive
keys.  Text tables show an infinite number as an empty cell too (a
``status`` column says why, e.g. ``zero variance`` in ``compare``).  Files
named with ``--output`` are replaced atomically (see
:mod:`axiometrics.atomic`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.atomic import write_text
from axiometrics.cli.cells import format_number

__all__ = [
    "FORMATS",
    "add_output_arguments",
    "emit",
    "json_records",
    "render",
    "without_infinities",
    "write_output",
]

FORMATS = ("table", "csv", "json")


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--format`` and ``--output`` to a subcommand parser."""
    parser.add_argument(
        "--format", choices=FORMATS, default="table", help="output format (default: table)"
    )
    parser.add_argument(
        "--output", "-o", metavar="FILE", help="write to FILE instead of standard output"
    )


def _plain(value: Any) -> Any:
    """A JSON-ready Python value: numpy scalars unwrapped; NaN, inf and missing as ``None``."""
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    if value is pd.NA or value is pd.NaT:
        return None
    return value


def json_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows of ``frame`` as JSON-ready dicts (full float precision, ``None`` for NaN)."""
    columns = [str(c) for c in frame.columns]
    return [
        {c: _plain(v) for c, v in zip(columns, row, strict=True)}
        for row in frame.itertuples(index=False, name=None)
    ]


def dumps(payload: Any) -> str:
    """One JSON document (strict: no NaN or Infinity tokens)."""
    return json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def without_infinities(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every infinite float replaced by ``NaN`` (the float columns only)."""
    floats = [c for c in frame.columns if frame[c].dtype.kind == "f"]
    if not floats or not np.isinf(frame[floats].to_numpy()).any():
        return frame
    out = frame.copy()
    for column in floats:
        out[column] = out[column].where(np.isfinite(out[column]) | out[column].isna())
    return out


def table_text(frame: pd.DataFrame, float_format: Callable[[float], str] = format_number) -> str:
    """``frame`` as an aligned text table; an empty frame says so instead of a raw repr.

    ``NaN`` shows as ``undefined``; an infinite number as an empty cell.
    """
    if frame.empty:
        return "(no rows)"

    def cell(x: float) -> str:
        return "" if math.isinf(x) else float_format(x)

    with pd.option_context("display.width", 200, "display.max_columns", None):
        return str(frame.to_string(index=False, float_format=cell, na_rep="undefined"))


def render(frame: pd.DataFrame, fmt: str, *, meta: dict[str, Any] | None = None) -> str:
    """Render ``frame`` as text in ``fmt`` (``table``, ``csv`` or ``json``).

    An infinite number is an empty cell in ``csv`` and ``table``, ``null`` in ``json``.
    """
    if fmt == "csv":
        return str(without_infinities(frame).to_csv(index=False))
    if fmt == "json":
        return dumps({**(meta or {}), "rows": json_records(frame)})
    header = "".join(f"# {k}: {v}\n" for k, v in (meta or {}).items())
    return header + table_text(frame) + "\n"


def write_output(text: str, output: str | None) -> None:
    """Write ``text`` to the file ``output`` (atomically) or to standard output.

    Raises
    ------
    OSError
        The file could not be written (full disk, ``ulimit -f``, no
        permission); the message says the previous file is unchanged.
    """
    if output:
        try:
            write_text(output, text)
        except OSError as exc:
            raise OSError(
                exc.errno,
                f"could not write {output}: {exc.strerror or exc}; the previous file is unchanged",
            ) from None
    else:
        sys.stdout.write(text)


def emit(
    frame: pd.DataFrame, args: argparse.Namespace, *, meta: dict[str, Any] | None = None
) -> None:
    """Write ``frame`` in the format and to the destination chosen on the command line."""
    write_output(render(frame, args.format, meta=meta), args.output)
