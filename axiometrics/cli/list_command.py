"""``axiometrics list``: the registered measures, their direction and declared claims."""

from __future__ import annotations

import argparse
from typing import Any

import pandas as pd

from axiometrics.claims import claims_for_family
from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.errors import InvalidInputError
from axiometrics.registry import default_registry

__all__ = ["add_parser", "list_measures"]


def add_parser(subparsers: Any) -> None:
    """Register the ``list`` subcommand."""
    parser = subparsers.add_parser(
        "list",
        help="list registered measures",
        description="List registered measures with family, direction, range and declared claims.",
    )
    parser.add_argument("--family", help="only measures of this family (e.g. oc, oq)")
    add_output_arguments(parser)
    parser.set_defaults(func=list_measures)


def measures_frame(family: str | None = None) -> pd.DataFrame:
    """One row per registered measure: identity, direction, range and claim declarations."""
    rows = []
    for scorer in default_registry().scorers(family):
        m = scorer.measure
        row: dict[str, Any] = {
            "name": m.name,
            "title": m.title,
            "family": m.family,
            "direction": "higher is better" if m.higher_is_better else "lower is better",
            "range": str(m.range),
            "plugin": scorer.plugin,
        }
        for claim in claims_for_family(m.family):
            row[claim.name] = m.declaration(claim.name).label
        rows.append(row)
    return pd.DataFrame(rows)


def list_measures(args: argparse.Namespace) -> int:
    """Print the measure list (exit status 0); an unknown family is an error."""
    frame = measures_frame(args.family)
    if frame.empty:
        known = sorted({s.measure.family for s in default_registry()})
        raise InvalidInputError(f"no measures of family={args.family!r} (known: {known})")
    if args.format == "table":
        frame = frame.fillna("")
    emit(frame, args)
    return 0
