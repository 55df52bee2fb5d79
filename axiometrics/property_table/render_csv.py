"""The property table as CSV: one row per verdict (main and variants), with the literature's."""

from __future__ import annotations

import csv
import io

from axiometrics.property_table.table import PropertyTable

__all__ = ["render_csv"]


def render_csv(table: PropertyTable) -> str:
    """The rows of :meth:`PropertyTable.records` under a header (empty for an empty table)."""
    rows = table.records()
    buffer = io.StringIO()
    if rows:
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buffer.getvalue()
