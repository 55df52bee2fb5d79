"""The property table as one self-contained HTML page (``templates/property_table.html``).

The jinja2 environment autoescapes every value (measure titles and checker
messages may come from plugins); jinja2 is imported only when HTML is
rendered.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from axiometrics.checker.verdicts import (
    Entry,
    Outcome,
    Verdict,
    example_display,
    format_distribution,
    format_inputs,
)
from axiometrics.property_table.cells import legend, summary_rows
from axiometrics.property_table.grouping import family_title
from axiometrics.property_table.table import PropertyTable

__all__ = ["TEMPLATE", "render_html"]

#: The template's name in this package's ``templates`` folder.
TEMPLATE = "property_table.html"


@functools.cache
def _template() -> Any:
    """The HTML template (jinja2 is imported here, only when HTML is rendered)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("axiometrics.property_table", "templates"), autoescape=True
    )
    return env.get_template(TEMPLATE)


def _css(outcome: Outcome) -> str:
    """The cell's class: ``ok`` (supports the claim), ``no`` (refuted or raised), ``na``."""
    if outcome.supports_claim:
        return "ok"
    if outcome in (Outcome.REFUTED, Outcome.ERROR):
        return "no"
    return "na"


def _families(table: PropertyTable) -> list[dict[str, Any]]:
    """One table per family: its title, its claims and the styled cells of each measure."""
    families = []
    for family in table.families:
        rows = []
        for rep, cells in summary_rows(table, family):
            styled = [
                {"text": text, "css": _css(rep.result(claim).verdict.outcome)}
                for claim, text in zip(table.claim_names(family), cells, strict=True)
            ]
            rows.append({"title": rep.title, "name": rep.measure, "cells": styled})
        families.append(
            {
                "title": family_title(family),
                "claims": table.claim_names(family),
                "rows": rows,
            }
        )
    return families


def _entry(family: str, e: Entry) -> dict[str, Any]:
    """One input of a counterexample: distributions, a confusion matrix, or other inputs."""
    score = "undefined" if e.score is None else f"{e.score:.10g}"
    if example_display(family) == "distributions" and len(e.inputs) == 2:
        return {
            "name": e.name,
            "score": score,
            "matrix": None,
            "system": format_distribution(e.inputs[0]),
            "gold": format_distribution(e.inputs[1]),
        }
    if len(e.inputs) != 1 or np.ndim(e.inputs[0]) != 2:
        # Other families' vectors (e.g. scores and gold labels).
        return {
            "name": e.name,
            "score": score,
            "matrix": None,
            "text": format_inputs(family, e.inputs),
        }
    m = np.asarray(e.inputs[0])
    return {
        "name": e.name,
        "score": score,
        "matrix": [[f"{x:g}" for x in row] for row in m],
        "classes": list(range(m.shape[-1])),
    }


def _example(measure: str, claim: str, v: Verdict) -> dict[str, Any]:
    """A verdict's counterexample (or witness) with its inputs, scores and explanation."""
    example = v.example
    assert example is not None  # only verdicts with an example are shown
    return {
        "measure": measure,
        "claim": claim,
        "label": v.label,
        "summary": v.summary(timing=False),
        "info": [f"{k}: {val}" for k, val in example.info.items()],
        "entries": [_entry(example.family, e) for e in example.entries],
        "explanation": example.explanation,
    }


def _examples(table: PropertyTable) -> list[dict[str, Any]]:
    """Every counterexample (and witness) of every measure, main verdicts and variants."""
    return [
        _example(rep.measure, res.claim, v)
        for rep in table.reports
        for res in rep.results
        for v in (res.verdict, *res.variants)
        if v.example is not None
    ]


def render_html(table: PropertyTable) -> str:
    """The whole table as one self-contained HTML page."""
    return str(
        _template().render(
            t=table, families=_families(table), examples=_examples(table), legend=legend()
        )
    )
