"""``axiometrics list``: the registered measures, their direction and declared claims."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

import pandas as pd

from axiometrics.claims import registered_claims
from axiometrics.cli.output import add_output_arguments, emit, write_output
from axiometrics.errors import InvalidInputError
from axiometrics.family import registered_families
from axiometrics.registry import default_registry

__all__ = ["add_parser", "list_measures", "measures_frame", "narrow_text"]


def add_parser(subparsers: Any) -> None:
    """Register the ``list`` subcommand."""
    parser = subparsers.add_parser(
        "list",
        help="list registered measures",
        description="List registered measures with family, direction, range and declared claims.",
    )
    parser.add_argument("--family", help="only measures of this family (e.g. oc, oq)")
    parser.add_argument(
        "--wide",
        action="store_true",
        help="table format: one wide row per measure with a column per claim (default: an "
        "80-column layout with the claims wrapped under each measure)",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=list_measures)


def measures_frame(family: str | None = None) -> pd.DataFrame:
    """One row per registered measure: identity, direction, range and claim declarations.

    Rows follow the order in which the families were registered (``oc``,
    ``oq``, then plugin families), registration order within a family; a
    measure of several families is listed under its primary one with the
    claims of all of them, in catalogue order.
    """
    order = {f.name: i for i, f in enumerate(registered_families())}
    scorers = sorted(
        default_registry().scorers(family), key=lambda s: order.get(s.measure.family, len(order))
    )
    rows = []
    for scorer in scorers:
        m = scorer.measure
        row: dict[str, Any] = {
            "name": m.name,
            "title": m.title,
            "family": m.family,
            "direction": "higher is better" if m.higher_is_better else "lower is better",
            "range": str(m.range),
            "plugin": scorer.plugin,
        }
        families = set(m.families)
        for claim in registered_claims():
            if families.intersection(claim.families):
                row[claim.name] = m.declaration(claim.name).label
        rows.append(row)
    claim_columns = [c.name for c in registered_claims()]
    frame = pd.DataFrame(rows)
    return frame[[c for c in (*_FIXED, *claim_columns) if c in frame.columns]]


#: Width of the default text layout.
WIDTH = 80

_FIXED = ("name", "title", "family", "direction", "range", "plugin")


def narrow_text(frame: pd.DataFrame, width: int = WIDTH) -> str:
    """The measure list in ``width`` columns: a line per measure, its claims wrapped below."""
    name_width = max(len("name"), *(len(str(n)) for n in frame["name"]))
    fam_width = max(len("family"), *(len(str(f)) for f in frame["family"]))
    head = f"{'name':<{name_width}}  {'family':<{fam_width}}  dir  {'range':<14}  title"
    lines = [head[:width], "-" * min(len(head), width)]
    claims = [c for c in frame.columns if c not in _FIXED]
    for row in frame.to_dict("records"):
        arrow = "+" if row["direction"] == "higher is better" else "-"
        first = (
            f"{row['name']:<{name_width}}  {row['family']:<{fam_width}}  {arrow:<3}  "
            f"{row['range']:<14}  {row['title']}"
        )
        lines += textwrap.wrap(first, width, subsequent_indent=" " * (name_width + 2))
        declared = [f"{c}: {row[c]}" for c in claims if isinstance(row.get(c), str) and row[c]]
        if declared:
            lines += textwrap.wrap(
                "; ".join(declared), width, initial_indent="    ", subsequent_indent="    "
            )
    legend = "dir: + higher is better, - lower is better; one column per claim: --wide"
    return "\n".join([*lines, "", legend]) + "\n"


def list_measures(args: argparse.Namespace) -> int:
    """Print the measure list (exit status 0); an unknown family is an error."""
    frame = measures_frame(args.family)
    if frame.empty:
        known = sorted({s.measure.family for s in default_registry()})
        raise InvalidInputError(f"no measures of family={args.family!r} (known: {known})")
    if args.format == "table":
        frame = frame.fillna("")
        if not args.wide:
            write_output(narrow_text(frame), args.output)
            return 0
    emit(frame, args)
    return 0
