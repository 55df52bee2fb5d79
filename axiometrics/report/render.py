r"""Rendering the report model into its files, in memory.

:func:`render_files` returns ``{relative path: text}`` for ``index.html``
(summary, property table, all verdicts, literature, claims, provenance),
``counterexamples.html``, ``stability.html``, ``report.json`` and
``property-table.md``; :mod:`axiometrics.report.writer` writes them.

Safety: the jinja2 environment autoescapes every value (measure names,
titles, docstrings, file names and counterexample text may come from
plugins or user files).  The only values marked safe are the package's own
CSS and JS, the SVG charts (matplotlib escapes the text it draws) and the
JSON blobs, in which ``<``, ``>`` and ``&`` are written as ``\\u003c``,
``\\u003e`` and ``\\u0026`` so no string can close the ``<script>`` element.
The Content-Security-Policy forbids every remote load and allows only the
page's own script, by hash.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from axiometrics.parallel import LOCAL
from axiometrics.property_table import render_property_table
from axiometrics.report import charts
from axiometrics.report.build import Report

__all__ = ["FILES", "json_for_script", "render_files", "report_json"]

#: The files a report consists of, in writing order.
FILES = ("report.json", "property-table.md", "counterexamples.html", "stability.html", "index.html")

_PAGES = (
    {"file": "index.html", "title": "Measures and claims"},
    {"file": "counterexamples.html", "title": "Counterexamples"},
    {"file": "stability.html", "title": "Stability (meta-evaluation)"},
)


def _asset(name: str) -> str:
    return (
        resources.files("axiometrics.report")
        .joinpath("templates")
        .joinpath(name)
        .read_text("utf-8")
    )


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("axiometrics.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def json_for_script(value: Any) -> Markup:
    """JSON safe to embed in ``<script type="application/json">`` (no ``<``, ``>``, ``&``)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return Markup(text)


_SCALAR = r"(?:-?\d[\d.eE+-]*|null|true|false)"
_SCALAR_LIST = re.compile(rf"\[\s*({_SCALAR}(?:,\s*{_SCALAR})*)\s*\]")


def report_json(model: dict[str, Any]) -> str:
    """``report.json``: the whole model, keys sorted, two-space indent, number lists on one line."""
    text = json.dumps(model, ensure_ascii=False, sort_keys=True, indent=2)
    text = _SCALAR_LIST.sub(lambda m: "[" + ", ".join(re.split(r",\s*", m.group(1))) + "]", text)
    return text + "\n"


def _csp(script: str | None) -> str:
    scripts = "'none'"
    if script is not None:
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
        scripts = f"'sha256-{digest}'"
    return (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src {scripts}; base-uri 'none'; form-action 'none'"
    )


def _grids(m: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for fam in m["families"]:
        key = fam["key"]
        claims = [c["name"] for c in m["claims"] if c["family"] == key]
        rows: dict[str, dict[str, Any]] = {}
        for r in m["property_table"]:
            if key not in r["families"]:
                continue
            row = rows.setdefault(
                r["measure"],
                {"measure": r["measure"], "title": r["title"], "user": r["user"], "cells": {}},
            )
            lits = [{**lit, "abbrev": lit["abbreviation"]} for lit in r["literature"]]
            row["cells"][r["claim"]] = {**r, "literature": lits}
        used = [c for c in claims if any(c in row["cells"] for row in rows.values())]
        grid_rows = [{**row, "cells": [row["cells"].get(c) for c in used]} for row in rows.values()]
        out.append({"key": key, "title": fam["title"], "claims": used, "rows": grid_rows})
    return out


def _verdict_blob(m: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "measure": r["measure"],
            "title": r["title"],
            "family": r["family"],
            "claim": r["claim"],
            "declared": r["declared"],
            "found": r["found"],
            "outcome": r["outcome"],
            "summary": r["summary"],
            "variants": [v["summary"] for v in r["variants"]],
            "mismatch": r["mismatch"]["kind"] if r["mismatch"] else "",
            "literature": "; ".join(
                f"{lit['citation']} {lit['published']}" for lit in r["literature"]
            ),
            "kind": " ".join(lit["kind"] for lit in r["literature"]),
            "user": r["user"],
        }
        for r in m["property_table"]
    ]


def _literature_blob(m: dict[str, Any]) -> list[dict[str, Any]]:
    keys = ("citation", "measure", "claim", "column", "published", "found", "kind", "justification")
    return [{k: c[k] for k in keys} for c in m["literature"]]


def _source_counts(m: dict[str, Any], kinds: list[str]) -> list[dict[str, Any]]:
    out = []
    for source, citation in m["sources"].items():
        comps = [c for c in m["literature"] if c["source"] == source]
        if comps:
            counts = {k: sum(c["kind"] == k for c in comps) for k in kinds}
            out.append({"citation": citation, "total": len(comps), "counts": counts})
    return out


def _quartiles(curve: list[float | None]) -> list[float]:
    import numpy as np

    values = np.array([np.nan if v is None else v for v in curve], dtype=float)
    return [float(np.nanquantile(values, q)) for q in (0.25, 0.5, 0.75)]


class _ChartQueue:
    """Charts to draw, each with the dictionary entry its SVG goes into once drawn."""

    def __init__(self) -> None:
        self.tasks: list[charts.ChartTask] = []
        self.slots: list[tuple[dict[str, Any], str]] = []

    def add(self, target: dict[str, Any], key: str, chart: str, *args: Any, **kwargs: Any) -> None:
        self.tasks.append((chart, args, kwargs))
        self.slots.append((target, key))

    def draw(self, jobs: int, backend: str, scheduler: str | None) -> None:
        drawn = charts.draw_all(self.tasks, jobs, backend=backend, scheduler=scheduler)
        for (target, key), text in zip(self.slots, drawn, strict=True):
            target[key] = Markup(text)


def _dataset_view(d: dict[str, Any], user: set[str], queue: _ChartQueue) -> dict[str, Any]:
    view = dict(d)
    view.setdefault("notes_before", [])
    view.setdefault("truth", None)
    view.setdefault("corpus_level", None)
    if d.get("skipped"):
        return view
    chart: dict[str, Markup] = {}
    sim = d.get("similarity")
    pairs = []
    if sim is not None:
        queue.add(chart, "similarity", "similarity_heatmap", sim, user, f"{d['key']}-sim")
        names = sim["measures"]
        for i, a in enumerate(names):
            for j in range(i + 1, len(names)):
                b = names[j]
                pairs.append(
                    {
                        "a": a,
                        "b": b,
                        "a_user": a in user,
                        "b_user": b in user,
                        "user": a in user or b in user,
                        "tau": sim["tau"][i][j],
                        "low": sim["low"][i][j],
                        "high": sim["high"][i][j],
                    }
                )
    view["family_titles"] = {f["key"]: f["title"] for f in d.get("families", [])}
    families = {
        x["name"]: view["family_titles"].get(x.get("family", ""), "") for x in d.get("measures", [])
    }
    view["several_families"] = len(d.get("families", [])) > 1
    disc = d.get("discriminative")
    if disc is not None:
        queue.add(
            chart,
            "discriminative",
            "pvalue_curves",
            disc["curves"],
            disc["alpha"],
            user,
            f"{d['key']}-disc",
            families=families,
        )
        view["quartiles"] = {name: _quartiles(c) for name, c in disc["curves"].items()}
    sig = d.get("significance")
    if sig is not None and sig["matrices"]:
        queue.add(chart, "significance", "significance_matrices", sig, user, f"{d['key']}-sig")
    view["charts"] = chart
    view["pairs"] = pairs
    return view


def _user_view(measure: dict[str, Any], meta: list[dict[str, Any]]) -> dict[str, Any]:
    """A user's measure with the keys of the data sets it was meta-evaluated on (not skipped)."""
    evaluated = [
        d["key"]
        for d in meta
        if not d.get("skipped") and any(x["name"] == measure["name"] for x in d.get("measures", []))
    ]
    return {**measure, "evaluated_on": evaluated}


def _counterexample_groups(m: dict[str, Any], queue: _ChartQueue) -> list[dict[str, Any]]:
    groups: dict[str, dict[str, Any]] = {}
    for x in m["refutations"]:
        g = groups.setdefault(
            x["measure"],
            {"measure": x["measure"], "title": x["title"], "user": x["user"], "examples": []},
        )
        view = dict(x)
        view["chart"] = None
        # Entries of a family that shows distributions (Family.example_display) are drawn.
        if x["entries"] and all(e["kind"] == "distributions" for e in x["entries"]):
            queue.add(view, "chart", "counterexample_bars", x["entries"])
        g["examples"].append(view)
    return list(groups.values())


def render_files(
    report: Report, *, jobs: int = 1, backend: str = LOCAL, scheduler: str | None = None
) -> dict[str, str]:
    """Every file of the report as text, keyed by its path relative to the report folder.

    The charts are drawn as tasks, in ``jobs`` processes or on a joblib
    ``backend`` (at ``scheduler``, for ``"dask"``; see
    :func:`charts.draw_all`; the same bytes wherever they are drawn).
    Drawing them is timed and recorded in the model's provenance
    (``seconds["charts"]``) before ``report.json`` is serialised.
    """
    m = report.model
    env = _environment()
    css = Markup(_asset("report.css"))
    js_text = _asset("report.js")
    users = [_user_view(x, m["meta"]) for x in m["measures"] if x["user"]]
    user_names = {x["name"] for x in users}
    kinds = [k for k in m["agreement_kinds"] if k != "unchecked"]
    started = time.perf_counter()
    queue = _ChartQueue()
    datasets = [_dataset_view(d, user_names, queue) for d in m["meta"]]
    groups = _counterexample_groups(m, queue)
    page_charts: dict[str, Any] = {}
    if m.get("table3"):
        queue.add(page_charts, "table3", "table3_scatter", m["table3"], "table3")
    queue.draw(jobs, backend, scheduler)
    report.seconds["charts"] = time.perf_counter() - started
    provenance = m.get("provenance", {})
    provenance.setdefault("seconds", {})["charts"] = round(report.seconds["charts"], 2)
    common = {"m": m, "pages": _PAGES, "css": css, "users": users}
    files: dict[str, str] = {"report.json": report_json(m)}
    if report.table is not None:
        files["property-table.md"] = render_property_table(report.table, "markdown")
    files["counterexamples.html"] = env.get_template("counterexamples.html").render(
        page=_PAGES[1], csp=_csp(None), groups=groups, **common
    )
    files["stability.html"] = env.get_template("stability.html").render(
        page=_PAGES[2], csp=_csp(None), datasets=datasets, charts=page_charts, **common
    )
    files["index.html"] = env.get_template("index.html").render(
        page=_PAGES[0],
        csp=_csp(js_text),
        js=Markup(js_text),
        grids=_grids(m),
        abbrevs=m["source_marks"],
        kinds=kinds,
        source_counts=_source_counts(m, kinds),
        blobs={
            "verdicts": json_for_script(_verdict_blob(m)),
            "literature": json_for_script(_literature_blob(m)),
        },
        **common,
    )
    return files
