"""Rendering result tables for the command line: text table, CSV or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pandas as pd

__all__ = ["FORMATS", "add_output_arguments", "emit"]

FORMATS = ("table", "csv", "json")


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--format`` and ``--output`` to a subcommand parser."""
    parser.add_argument(
        "--format", choices=FORMATS, default="table", help="output format (default: table)"
    )
    parser.add_argument(
        "--output", "-o", metavar="FILE", help="write to FILE instead of standard output"
    )


def render(frame: pd.DataFrame, fmt: str, *, meta: dict[str, Any] | None = None) -> str:
    """Render ``frame`` as text in ``fmt`` (``table``, ``csv`` or ``json``)."""
    if fmt == "csv":
        return str(frame.to_csv(index=False))
    if fmt == "json":
        payload: dict[str, Any] = {"rows": json.loads(frame.to_json(orient="records"))}
        if meta:
            payload = {**meta, **payload}
        return json.dumps(payload, indent=2) + "\n"
    with pd.option_context("display.width", 200, "display.max_columns", None):
        text = frame.to_string(index=False, float_format=lambda x: f"{x:.4f}")
    header = "".join(f"# {k}: {v}\n" for k, v in (meta or {}).items())
    return header + text + "\n"


def emit(
    frame: pd.DataFrame, args: argparse.Namespace, *, meta: dict[str, Any] | None = None
) -> None:
    """Write ``frame`` in the format and to the destination chosen on the command line."""
    text = render(frame, args.format, meta=meta)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
