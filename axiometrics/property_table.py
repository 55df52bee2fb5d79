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
"""

from __future__ import annotations

import csv
import functools
import io
import multiprocessing
import platform
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.checker import check
from axiometrics.checker.profiles import resolve_profile
from axiometrics.checker.tolerance import Tolerance
from axiometrics.checker.verdicts import (
    CheckReport,
    ClaimResult,
    Outcome,
    Verdict,
    format_distribution,
    format_inputs,
)
from axiometrics.claims import claims_for_family
from axiometrics.docs import md_code, md_escape, md_fence
from axiometrics.errors import InvalidParameterError, RegistrationError
from axiometrics.families import family as lookup_family
from axiometrics.families import registered_families
from axiometrics.literature import (
    LITERATURE,
    SOURCES,
    LiteratureVerdict,
    abbreviation,
    classify_agreement,
    disagreement_for,
    literature_for,
    sources,
)
from axiometrics.registry import Registry, default_registry

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

#: Output formats of :func:`render_property_table`.
FORMATS = ("markdown", "html", "latex", "csv")

_FAMILY_TITLES = {"oc": "Ordinal classification (OC)", "oq": "Ordinal quantification (OQ)"}


def family_title(family: str) -> str:
    """Heading of a family's table: the registered :attr:`Family.title`."""
    if family in _FAMILY_TITLES:
        return _FAMILY_TITLES[family]
    try:
        return lookup_family(family).title
    except RegistrationError:
        return family


def member_families(report: CheckReport, registry: Registry | None = None) -> tuple[str, ...]:
    """Every family the checked measure belongs to (its primary family first).

    A registered measure of several families (``accuracy``: OC and
    nominal) appears in the table of each; a callable checked without
    registration belongs to its one family.
    """
    reg = registry if registry is not None else default_registry()
    try:
        return reg.measure(report.measure).families
    except (KeyError, ValueError):
        return (report.family,)


def ordered_families(families: Iterable[str]) -> list[str]:
    """Families in registration order (``oc``, ``oq``, then plugin families), unknown last."""
    order = {f.name: i for i, f in enumerate(registered_families())}
    unique = list(dict.fromkeys(families))
    return sorted(unique, key=lambda f: (order.get(f, len(order)), unique.index(f)))


@dataclass(frozen=True)
class LiteratureComparison:
    """A published verdict next to the checker's.

    Attributes
    ----------
    reference
        The published verdict.
    verdict
        The checker's verdict under the same preconditions (``None`` if the
        measure or claim was not checked).
    agreement
        ``"agrees"``, ``"disagrees"`` or ``"unchecked"``.
    """

    reference: LiteratureVerdict
    verdict: Verdict | None
    agreement: str

    @property
    def found_label(self) -> str:
        """The checker's finding, short."""
        if self.verdict is None:
            return "not checked"
        return _found_word(self.verdict)

    @property
    def kind(self) -> str:
        """The kind of agreement (a key of :data:`axiometrics.literature.AGREEMENT_KINDS`)."""
        ref = self.reference
        return classify_agreement(ref.source, ref.measure, ref.claim, self.agreement)[0]

    @property
    def justification(self) -> str:
        """Why the checker and the source disagree (or the meaning of the agreement kind)."""
        ref = self.reference
        return classify_agreement(ref.source, ref.measure, ref.claim, self.agreement)[1]

    @property
    def passage(self) -> str:
        """The source's words that decide a classified disagreement, else the verdict's own."""
        ref = self.reference
        found = disagreement_for(ref.source, ref.measure, ref.claim)
        if self.agreement == "disagrees" and found is not None and found.passage:
            return found.passage
        return ref.passage

    @property
    def evidence(self) -> str:
        """The counterexample (one line) or the number of cases tried."""
        v = self.verdict
        if v is None:
            return ""
        if v.example is not None:
            return v.example.one_line()
        if v.outcome is Outcome.NOT_REFUTED:
            return f"no counterexample in {v.n_cases} cases (seed {v.seed})"
        return v.reason


def _found_word(v: Verdict) -> str:
    return {
        Outcome.CONFIRMED: "confirmed",
        Outcome.NOT_REFUTED: "not refuted",
        Outcome.REFUTED: "refuted",
        Outcome.NOT_CONFIRMED: "not confirmed",
        Outcome.NOT_APPLICABLE: "n/a",
        Outcome.ERROR: "error",
    }[v.outcome]


def _compare(reference: LiteratureVerdict, result: ClaimResult | None) -> LiteratureComparison:
    verdict = result.under(reference.preconditions) if result is not None else None
    if verdict is None or verdict.outcome in (Outcome.NOT_APPLICABLE, Outcome.ERROR):
        return LiteratureComparison(reference, verdict, "unchecked")
    supports = verdict.outcome.supports_claim
    return LiteratureComparison(
        reference, verdict, "agrees" if supports == reference.holds else "disagrees"
    )


@dataclass(frozen=True)
class PropertyTable:
    """Check reports of every measure plus the comparison with the literature.

    Attributes
    ----------
    reports
        One :class:`~axiometrics.checker.CheckReport` per measure, in registry order.
    comparisons
        One :class:`LiteratureComparison` per published verdict about a checked measure.
    profile
        Settings profile of the checks.
    seed
        Seed of every check.
    max_examples
        Cases per claim.
    tolerance
        The equality rule, as text.
    seconds
        Wall time of the whole build.
    versions
        Versions of the software that produced it.
    """

    reports: tuple[CheckReport, ...]
    comparisons: tuple[LiteratureComparison, ...]
    profile: str
    seed: int
    max_examples: int
    tolerance: str
    seconds: float
    versions: dict[str, str] = field(default_factory=dict)

    def report(self, measure: str) -> CheckReport:
        """The check report of ``measure`` (``KeyError`` if absent)."""
        for r in self.reports:
            if r.measure == measure:
                return r
        raise KeyError(measure)

    def verdict(self, measure: str, claim: str) -> Verdict:
        """The main verdict of ``claim`` for ``measure``."""
        return self.report(measure).verdict(claim)

    @property
    def families(self) -> list[str]:
        """Families of the checked measures (all they belong to), in registration order."""
        return ordered_families(f for r in self.reports for f in member_families(r))

    def claim_names(self, family: str) -> list[str]:
        """Claims of ``family`` that were checked on its measures, in catalogue order."""
        checked = {
            res.claim for r in self.reports if family in member_families(r) for res in r.results
        }
        return [c.name for c in claims_for_family(family) if c.name in checked]

    def claim_seconds(self) -> dict[str, float]:
        """Total checking time per claim (main verdicts and variants)."""
        out: dict[str, float] = {}
        for r in self.reports:
            for res in r.results:
                for v in (res.verdict, *res.variants):
                    out[res.claim] = out.get(res.claim, 0.0) + v.seconds
        return out

    @property
    def mismatches(self) -> list[tuple[CheckReport, ClaimResult]]:
        """Declarations contradicted or unconfirmed by the checker."""
        return [(r, res) for r in self.reports for res in r.mismatches]

    @property
    def disagreements(self) -> list[LiteratureComparison]:
        """Published verdicts the checker disagrees with."""
        return [c for c in self.comparisons if c.agreement == "disagrees"]

    def records(self) -> list[dict[str, Any]]:
        """Flat rows: one per verdict (main and variants), with the literature's verdicts."""
        rows = []
        for r in self.reports:
            for rec in r.to_records():
                lits = [
                    c
                    for c in self.comparisons
                    if c.reference.measure == r.measure
                    and c.reference.claim == rec["claim"]
                    and c.verdict is not None
                    and (c.verdict.label or "main") == rec["variant"]
                ]
                rec["literature"] = "; ".join(
                    f"{c.reference.citation} {c.reference.label} ({c.agreement})" for c in lits
                )
                rows.append(rec)
        return rows


def _literature_sets(measure: str) -> dict[str, list[tuple[str, ...]]]:
    """Precondition sets the published verdicts about ``measure`` need checked, per claim."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for ref in literature_for(measure):  # every registered source, plugins included
        out.setdefault(ref.claim, [])
        if ref.preconditions not in out[ref.claim]:
            out[ref.claim].append(ref.preconditions)
    return out


def _check_one(
    name: str,
    profile: str,
    seed: int,
    max_examples: int | None,
    tolerance: Tolerance,
    registry: Registry | None,
) -> CheckReport:
    return check(
        name,
        settings=profile,
        seed=seed,
        max_examples=max_examples,
        tolerance=tolerance,
        extra_preconditions=_literature_sets(name),
        registry=registry,
    )


def _versions() -> dict[str, str]:
    import hypothesis

    from axiometrics import __version__

    return {
        "axiometrics": __version__,
        "hypothesis": hypothesis.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
    }


def build_property_table(
    registry: Registry | None = None,
    *,
    measures: Iterable[str] | None = None,
    settings: str = "ci",
    seed: int | None = None,
    max_examples: int | None = None,
    tolerance: Tolerance | None = None,
    jobs: int = 1,
    progress: Callable[[CheckReport], None] | None = None,
) -> PropertyTable:
    """Check every registered measure (or those named) and compare with the literature.

    Parameters
    ----------
    registry
        Where the measures come from (default: the default registry).
    measures
        Names to include (default: all registered).
    settings
        Checker profile (``"dev"``, ``"ci"``, ``"thorough"``).
    seed
        Seed for every check (default: the profile's).
    max_examples
        Override the profile's cases per claim.
    tolerance
        The equality rule.
    jobs
        Worker processes (only with the default registry: a custom registry
        may hold functions that other processes cannot import).
    progress
        Called with each finished report.
    """
    reg = registry or default_registry()
    if measures is not None:
        names = list(measures)
    else:
        # Every measure, grouped by primary family in registration order
        # (oc, oq, then plugin families), registration order within one.
        rank = {f: i for i, f in enumerate(ordered_families(f.name for f in registered_families()))}
        names = sorted(reg.names(), key=lambda n: rank.get(reg.measure(n).family, len(rank)))
    for name in names:
        reg.get(name)  # unknown names fail here, with suggestions
    prof = resolve_profile(settings, max_examples=max_examples)
    seed_value = prof.seed(seed)
    tol = tolerance if tolerance is not None else Tolerance()
    if not isinstance(jobs, int) or jobs < 1:
        raise InvalidParameterError(f"jobs={jobs!r}: expected an int >= 1")
    if jobs > 1 and registry is not None:
        raise InvalidParameterError(
            "jobs > 1 needs the default registry (a custom registry cannot be shipped to "
            "worker processes)"
        )
    started = time.perf_counter()
    reports: list[CheckReport] = []
    if jobs == 1:
        for name in names:
            rep = _check_one(name, prof.name, seed_value, max_examples, tol, reg)
            reports.append(rep)
            if progress:
                progress(rep)
    else:
        # fork (Linux) needs no importable __main__; elsewhere spawn is the safe default.
        method = "fork" if sys.platform.startswith("linux") else "spawn"
        ctx = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = [
                pool.submit(_check_one, n, prof.name, seed_value, max_examples, tol, None)
                for n in names
            ]
            for fut in futures:
                rep = fut.result()
                reports.append(rep)
                if progress:
                    progress(rep)
    comparisons = []
    by_name = {r.measure: r for r in reports}
    for ref in LITERATURE:
        checked = by_name.get(ref.measure)
        if checked is None:
            continue
        try:
            result: ClaimResult | None = checked.result(ref.claim)
        except KeyError:
            result = None
        comparisons.append(_compare(ref, result))
    return PropertyTable(
        reports=tuple(reports),
        comparisons=tuple(comparisons),
        profile=prof.name,
        seed=seed_value,
        max_examples=prof.max_examples,
        tolerance=str(tol),
        seconds=time.perf_counter() - started,
        versions=_versions(),
    )


# -- cells ----------------------------------------------------------------------


def _cell_found(res: ClaimResult) -> str:
    v = res.verdict
    text = v.outcome.symbol
    if v.preconditions and v.outcome is not Outcome.NOT_APPLICABLE:
        text += " if " + " & ".join(v.preconditions)
    extras = []
    for var in res.variants:
        if var.outcome is v.outcome or var.outcome is Outcome.NOT_APPLICABLE:
            continue
        if var.label == "without preconditions":
            extras.append(f"{var.outcome.symbol} without")
        elif var.label == "arbitrary spacing":
            extras.append(f"{var.outcome.symbol} unequal spacing")
    if extras:
        text += " (" + ", ".join(extras) + ")"
    if res.weakest_preconditions:
        # The weakest precondition set the checker discovered for a refuted claim.
        text += " [✓ if " + " & ".join(res.weakest_preconditions) + ", found]"
    return text


def _cell_literature(table: PropertyTable, measure: str, claim: str) -> str:
    marks = []
    for c in table.comparisons:
        if c.reference.measure == measure and c.reference.claim == claim:
            sign = {"agrees": "=", "disagrees": "≠", "unchecked": "?"}[c.agreement]
            published = "✓" if c.reference.holds else "-"
            marks.append(f"{abbreviation(c.reference.source)}{published}{sign}")
    return " ".join(marks)


def _cell(table: PropertyTable, report: CheckReport, res: ClaimResult) -> str:
    text = _cell_found(res)
    if res.mismatch is not None:
        text += " ≠decl" if res.mismatch.severity == "error" else " ?decl"
    lit = _cell_literature(table, report.measure, res.claim)
    return f"{text} · {lit}" if lit else text


def _summary_rows(table: PropertyTable, family: str) -> list[tuple[CheckReport, list[str]]]:
    claims = table.claim_names(family)
    rows = []
    for rep in table.reports:
        if family not in member_families(rep):
            continue
        cells = []
        for claim in claims:
            try:
                cells.append(_cell(table, rep, rep.result(claim)))
            except KeyError:
                cells.append("")
        rows.append((rep, cells))
    return rows


# -- Markdown ---------------------------------------------------------------------


class _Md(str):
    """Markdown built here from escaped parts: a table cell that is not escaped again."""


def _md_cell(text: str) -> str:
    return text if isinstance(text, _Md) else md_escape(text, cell=True)


def _md_measure(title: str, measure: str, *, cell: bool = False) -> _Md:
    """``Title (`name`)`` with both parts from the (untrusted) measure declaration escaped."""
    return _Md(f"{md_escape(title, cell=cell)} ({md_code(measure, cell=cell)})")


def _md_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A Markdown table; every cell is escaped (titles and messages may come from plugins)."""
    out = ["| " + " | ".join(_md_cell(h) for h in header) + " |"]
    out.append("|" + "|".join("---" for _ in header) + "|")
    out.extend("| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows)
    return out


def _md_block(text: str) -> list[str]:
    """An indented fenced code block (under a list item) that ``text`` cannot close."""
    fence = md_fence(text)
    return ["", f"  {fence}", *("  " + ln for ln in text.split("\n")), f"  {fence}"]


_LEGEND_CELLS = (
    "Cells: ✓ not refuted after the stated number of cases (or confirmed by a witness); "
    "✗ refuted (counterexample below); n/a not applicable; ! the measure raised. "
    "'✓ if P' is checked on inputs satisfying precondition P; '(✗ without)' and "
    "'(✗ unequal spacing)' report the variants without P and at arbitrary class values. "
    "'≠decl' marks a declaration the checker contradicts, '?decl' a declared violation it "
    "did not find."
)


def _legend() -> str:
    """The cell legend, with the mark of every registered literature source."""
    marks: dict[str, list[str]] = {}
    for src in sources():
        marks.setdefault(src.abbreviation, []).append(src.citation)
    published = "; ".join(f"{mark} = {' and '.join(cits)}" for mark, cits in marks.items())
    return (
        f"{_LEGEND_CELLS} Published verdicts follow the '·' ({published}); each mark is "
        "followed by '=' (agrees with the checker), '≠' (disagrees: classified under "
        "Findings as a finding, a different definition or a precondition) or '?' "
        "(not checked)."
    )


def _markdown(table: PropertyTable) -> str:
    lines = [
        "# Property table",
        "",
        f"Generated by `axiometrics table` with profile `{table.profile}` "
        f"({table.max_examples} cases per claim and variant, seed {table.seed}); "
        f"equality means {table.tolerance}; strictly better means better by more than that.",
        "",
        _legend(),
    ]
    for family in table.families:
        claims = table.claim_names(family)
        lines += ["", f"## {family_title(family)}", ""]
        rows = [
            [_md_measure(rep.title, rep.measure, cell=True), *cells]
            for rep, cells in _summary_rows(table, family)
        ]
        lines += _md_table(["Measure", *claims], rows)
    lines += ["", "## Agreement with the literature", ""]
    for source, citation in SOURCES.items():
        comps = [c for c in table.comparisons if c.reference.source == source]
        if not comps:
            continue
        agree = sum(c.agreement == "agrees" for c in comps)
        lines += ["", f"### {citation} ({agree} of {len(comps)} verdicts reproduced)", ""]
        header = ["Measure", "Claim", "Column", "Published", "Checker", "Agreement", "Class"]
        lines += _md_table(
            [*header, "Evidence"],
            [
                [
                    c.reference.measure,
                    c.reference.claim,
                    c.reference.column,
                    c.reference.label,
                    c.found_label,
                    c.agreement,
                    c.kind if c.agreement == "disagrees" else "",
                    c.evidence if c.agreement != "agrees" else "",
                ]
                for c in comps
            ],
        )
    lines += ["", "## Findings: disagreements with the literature", ""]
    if not table.disagreements:
        lines.append("None.")
    for c in table.disagreements:
        checker_says = c.verdict.summary(timing=False) if c.verdict else "not checked"
        lines += [
            f"- **{md_escape(c.reference.measure)} / {md_escape(c.reference.claim)}** "
            f"({md_escape(c.reference.citation)}, {md_escape(c.reference.column)}): published "
            f"{md_escape(c.reference.label)}, checker: {md_escape(checker_says)}. "
            f"Class: **{md_escape(c.kind)}**: {md_escape(c.justification)}.",
        ]
        if c.passage:
            lines.append(f'  Passage: "{md_escape(c.passage)}"')
        if c.verdict is not None and c.verdict.example is not None:
            lines += _md_block(c.verdict.example.render())
    lines += ["", "## Declarations contradicted by the checker", ""]
    if not table.mismatches:
        lines.append("None.")
    for rep, res in table.mismatches:
        assert res.mismatch is not None
        lines.append(
            f"- **{md_escape(rep.measure)} / {md_escape(res.claim)}**: declared "
            f"{md_escape(res.declared_label)}; {md_escape(res.verdict.summary(timing=False))} "
            f"({md_escape(res.mismatch.severity)})."
        )
        if res.verdict.example is not None:
            lines += _md_block(res.verdict.example.render())
    lines += ["", "## All counterexamples", ""]
    for rep in table.reports:
        found = [
            (res.claim, v)
            for res in rep.results
            for v in (res.verdict, *res.variants)
            if v.example is not None
        ]
        if not found:
            continue
        lines += ["", f"### {_md_measure(rep.title, rep.measure)}", ""]
        for claim, v in found:
            label = f" \\[{md_escape(v.label)}\\]" if v.label else ""
            assert v.example is not None  # filtered above
            example = md_code(v.example.one_line())
            lines.append(f"- {md_escape(claim)}{label}: {_found_word(v)} — {example}")
    lines += ["", "## Provenance", ""]
    lines += [f"- {md_escape(k)}: {md_escape(v)}" for k, v in table.versions.items()]
    lines += [
        f"- profile: {table.profile}, seed: {table.seed}, cases per claim: {table.max_examples}",
        "",
    ]
    return "\n".join(lines)


# -- HTML -----------------------------------------------------------------------------

_HTML_SOURCE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>axiometrics property table</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 6px;vertical-align:top}
th{background:#f3f3f3}
td.ok{background:#eef8ee} td.no{background:#fbecec} td.na{color:#888}
table.m td{border:1px solid #ddd;padding:1px 5px;text-align:right;font-family:monospace}
.agrees{color:#276227} .disagrees{color:#a11;font-weight:bold} .unchecked{color:#888}
pre{background:#f7f7f7;padding:.5em;overflow:auto}
</style></head><body>
<h1>Property table</h1>
<p>Profile <code>{{ t.profile }}</code>, {{ t.max_examples }} cases per claim and variant,
seed {{ t.seed }}; equality means {{ t.tolerance }}.</p>
<p>{{ legend }}</p>
{% for fam in families %}
<h2>{{ fam.title }}</h2>
<table><tr><th>Measure</th>{% for c in fam.claims %}<th>{{ c }}</th>{% endfor %}</tr>
{% for row in fam.rows %}<tr><th>{{ row.title }} (<code>{{ row.name }}</code>)</th>
{% for cell in row.cells %}<td class="{{ cell.css }}">{{ cell.text }}</td>{% endfor %}</tr>
{% endfor %}</table>
{% endfor %}
<h2>Agreement with the literature</h2>
<table><tr><th>Source</th><th>Measure</th><th>Claim</th><th>Published</th><th>Checker</th>
<th>Agreement</th><th>Class</th><th>Evidence</th></tr>
{% for c in t.comparisons %}<tr><td>{{ c.reference.citation }}</td>
<td>{{ c.reference.measure }}</td>
<td>{{ c.reference.claim }}</td><td>{{ c.reference.label }}</td><td>{{ c.found_label }}</td>
<td class="{{ c.agreement }}">{{ c.agreement }}</td>
<td>{% if c.agreement == "disagrees" %}{{ c.kind }}: {{ c.justification }}{% endif %}</td>
<td>{% if c.agreement != "agrees" %}{{ c.evidence }}{% endif %}</td></tr>
{% endfor %}</table>
<h2>Counterexamples</h2>
{% for ex in examples %}
<h3>{{ ex.measure }} / {{ ex.claim }}{% if ex.label %} [{{ ex.label }}]{% endif %}</h3>
<p>{{ ex.summary }}</p>
{% for info in ex.info %}<p>{{ info }}</p>{% endfor %}
{% for e in ex.entries %}<p><b>{{ e.name }}</b> &rarr; {{ e.score }}</p>
{% if e.matrix %}<table class="m"><tr><td>sys\\gold</td>
{% for j in e.classes %}<td>{{ j }}</td>{% endfor %}</tr>
{% for row in e.matrix %}<tr><td>{{ loop.index0 }}</td>
{% for x in row %}<td>{{ x }}</td>{% endfor %}</tr>{% endfor %}
</table>{% elif e.text %}<p>{{ e.text }}</p>
{% else %}<p>system {{ e.system }}, gold {{ e.gold }}</p>{% endif %}
{% endfor %}
<p><i>{{ ex.explanation }}</i></p>
{% endfor %}
<h2>Provenance</h2><ul>{% for k, v in t.versions.items() %}<li>{{ k }}: {{ v }}</li>{% endfor %}
<li>profile: {{ t.profile }}, seed: {{ t.seed }}</li></ul>
</body></html>
"""


@functools.cache
def _html_template() -> Any:
    """The HTML template (jinja2 is imported here, only when HTML is rendered)."""
    import jinja2

    return jinja2.Environment(autoescape=True).from_string(_HTML_SOURCE)


def _html(table: PropertyTable) -> str:
    families = []
    for family in table.families:
        rows = []
        for rep, cells in _summary_rows(table, family):
            styled = []
            for claim, text in zip(table.claim_names(family), cells, strict=True):
                outcome = rep.result(claim).verdict.outcome
                css = (
                    "ok"
                    if outcome.supports_claim
                    else "no"
                    if outcome in (Outcome.REFUTED, Outcome.ERROR)
                    else "na"
                )
                styled.append({"text": text, "css": css})
            rows.append({"title": rep.title, "name": rep.measure, "cells": styled})
        families.append(
            {
                "title": family_title(family),
                "claims": table.claim_names(family),
                "rows": rows,
            }
        )
    examples = []
    for rep in table.reports:
        for res in rep.results:
            for v in (res.verdict, *res.variants):
                if v.example is None:
                    continue
                entries: list[dict[str, Any]] = []
                for e in v.example.entries:
                    score = "undefined" if e.score is None else f"{e.score:.10g}"
                    if v.example.family == "oq" and len(e.inputs) == 2:
                        entries.append(
                            {
                                "name": e.name,
                                "score": score,
                                "matrix": None,
                                "system": format_distribution(e.inputs[0]),
                                "gold": format_distribution(e.inputs[1]),
                            }
                        )
                    elif len(e.inputs) != 1 or np.ndim(e.inputs[0]) != 2:
                        # Other families' vectors (e.g. scores and gold labels).
                        entries.append(
                            {
                                "name": e.name,
                                "score": score,
                                "matrix": None,
                                "text": format_inputs(v.example.family, e.inputs),
                            }
                        )
                    else:
                        m = np.asarray(e.inputs[0])
                        entries.append(
                            {
                                "name": e.name,
                                "score": score,
                                "matrix": [[f"{x:g}" for x in row] for row in m],
                                "classes": list(range(m.shape[-1])),
                            }
                        )
                examples.append(
                    {
                        "measure": rep.measure,
                        "claim": res.claim,
                        "label": v.label,
                        "summary": v.summary(timing=False),
                        "info": [f"{k}: {val}" for k, val in v.example.info.items()],
                        "entries": entries,
                        "explanation": v.example.explanation,
                    }
                )
    return _html_template().render(t=table, families=families, examples=examples, legend=_legend())


# -- LaTeX ---------------------------------------------------------------------------

_LATEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_LATEX_SYMBOLS = {"✓": r"\checkmark{}", "✗": r"$\times$", "≠": r"$\neq$", "·": r"$\cdot$"}


def _latex_escape(text: str) -> str:
    out = "".join(_LATEX_SPECIALS.get(ch, ch) for ch in text)
    for sym, tex in _LATEX_SYMBOLS.items():
        out = out.replace(sym, tex)
    return out


def _latex(table: PropertyTable) -> str:
    lines = [
        "% Generated by `axiometrics table`; needs \\usepackage{amssymb} for \\checkmark.",
        f"% profile {table.profile}, seed {table.seed}, equality {table.tolerance}",
    ]
    for family in table.families:
        claims = table.claim_names(family)
        lines += [
            "\\begin{table}[ht]\\centering\\scriptsize",
            f"\\caption{{{_latex_escape(family_title(family))}}}",
            "\\begin{tabular}{l" + "l" * len(claims) + "}",
            "\\hline",
            "Measure & " + " & ".join(_latex_escape(c) for c in claims) + " \\\\",
            "\\hline",
        ]
        for rep, cells in _summary_rows(table, family):
            lines.append(
                f"{_latex_escape(rep.title)} (\\texttt{{{_latex_escape(rep.measure)}}})"
                + " & "
                + " & ".join(_latex_escape(c) for c in cells)
                + " \\\\"
            )
        lines += ["\\hline", "\\end{tabular}", "\\end{table}"]
    return "\n".join(lines) + "\n"


# -- CSV -------------------------------------------------------------------------------


def _csv(table: PropertyTable) -> str:
    rows = table.records()
    buffer = io.StringIO()
    if rows:
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buffer.getvalue()


def render_property_table(table: PropertyTable, fmt: str = "markdown") -> str:
    """Render ``table`` as ``"markdown"``, ``"html"`` (self-contained), ``"latex"`` or ``"csv"``.

    Raises
    ------
    InvalidParameterError
        On an unknown format.
    """
    renderers: dict[str, Callable[[PropertyTable], str]] = {
        "markdown": _markdown,
        "html": _html,
        "latex": _latex,
        "csv": _csv,
    }
    try:
        return renderers[fmt](table)
    except KeyError:
        raise InvalidParameterError(f"format={fmt!r}: expected one of {list(FORMATS)}") from None
