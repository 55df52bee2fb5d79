"""The property table: every registered measure checked against every claim of its family.

:func:`build_property_table` runs the checker on each measure (optionally in
parallel processes), adds the variants the literature needs (e.g. CEM^ORD
under "no empty gold class") and compares each published verdict of
:mod:`axiometrics.literature` with the checker's; :func:`render_property_table`
writes the result as Markdown, self-contained HTML, LaTeX or CSV.

A published ✓ agrees with "not refuted" (or "confirmed"); a published "-"
agrees with "refuted".  A disagreement is a finding: for a refuted ✓ the
table shows the counterexample; for an unrefuted "-" it shows how many cases
were tried.

Modules: :mod:`~axiometrics.property_table.build` (running the checker),
:mod:`~axiometrics.property_table.comparison` (the literature),
:mod:`~axiometrics.property_table.table` (the result),
:mod:`~axiometrics.property_table.grouping` (families and their headings),
:mod:`~axiometrics.property_table.cells` (cell text shared by every format) and
one ``render_<format>`` module per format, dispatched by
:mod:`~axiometrics.property_table.render`; the HTML page is the jinja2
template ``templates/property_table.html``.
"""

from __future__ import annotations

from axiometrics.property_table.build import build_property_table
from axiometrics.property_table.comparison import LiteratureComparison
from axiometrics.property_table.grouping import family_title, member_families, ordered_families
from axiometrics.property_table.render import FORMATS, render_property_table
from axiometrics.property_table.table import PropertyTable

__all__ = [
    "FORMATS",
    "LiteratureComparison",
    "PropertyTable",
    "build_property_table",
    "family_title",
    "member_families",
    "ordered_families",
    "render_property_table",
]
