"""Rendering a property table in one of :data:`FORMATS`."""

from __future__ import annotations

from collections.abc import Callable

from axiometrics.errors import InvalidParameterError
from axiometrics.property_table.render_csv import render_csv
from axiometrics.property_table.render_html import render_html
from axiometrics.property_table.render_latex import render_latex
from axiometrics.property_table.render_markdown import render_markdown
from axiometrics.property_table.table import PropertyTable

__all__ = ["FORMATS", "render_property_table"]

#: Output formats of :func:`render_property_table`.
FORMATS = ("markdown", "html", "latex", "csv")

_RENDERERS: dict[str, Callable[[PropertyTable], str]] = {
    "markdown": render_markdown,
    "html": render_html,
    "latex": render_latex,
    "csv": render_csv,
}


def render_property_table(table: PropertyTable, fmt: str = "markdown") -> str:
    """Render ``table`` as ``"markdown"``, ``"html"`` (self-contained), ``"latex"`` or ``"csv"``.

    Raises
    ------
    InvalidParameterError
        On an unknown format.
    """
    try:
        renderer = _RENDERERS[fmt]
    except KeyError:
        raise InvalidParameterError(f"format={fmt!r}: expected one of {list(FORMATS)}") from None
    return renderer(table)
