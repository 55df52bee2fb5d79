"""Every disagreement with the literature carries a class and a one-line justification.

The classifications come from every registered source, each contributed by a family through
the ``axiometrics.literature`` entry point (the OC and OQ papers' tables, the nominal family's
CS224u notebook statements), and cover the published verdicts and the published score ranges
(claim ``range``) alike.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from axiometrics.literature import (
    AGREEMENT_KINDS,
    DISAGREEMENTS,
    LITERATURE,
    RANGE,
    SOURCES,
    classify_agreement,
    published_ranges,
    range_disagreements,
)

REPORTS = Path(__file__).resolve().parents[2] / "reports"
#: Every classification: of the published verdicts, then of the published ranges.
CLASSIFIED = (*DISAGREEMENTS, *range_disagreements())
_CITATION_TO_SOURCE = {citation: key for key, citation in SOURCES.items()}


def _committed_disagreements() -> list[tuple[str, str, str]]:
    """(source, measure, claim) of each finding listed in the committed Markdown table."""
    text = (REPORTS / "property-table.md").read_text(encoding="utf-8")
    section = text.split("## Findings: disagreements with the literature", 1)[1]
    section = section.split("\n## ", 1)[0]
    found = re.findall(r"^- \*\*([a-z0-9_]+) / ([a-z0-9_]+)\*\* \((.+)$", section, re.M)
    # A citation may hold commas itself ("Potts 2020, CS224u metrics notebook") or none
    # ("jiwer 4.0.0 documentation"): the longest one the entry starts with names its source.
    by_length = sorted(_CITATION_TO_SOURCE, key=len, reverse=True)
    out = []
    for measure, claim, rest in found:
        citation = next(c for c in by_length if rest.startswith(f"{c}, "))
        out.append((_CITATION_TO_SOURCE[citation], measure, claim))
    return out


def test_the_committed_table_lists_the_disagreements_the_classification_covers():
    committed = _committed_disagreements()
    assert len(committed) == len(set(committed)) == len(CLASSIFIED)
    classified = {(d.source, d.measure, d.claim) for d in CLASSIFIED}
    assert set(committed) == classified


@pytest.mark.parametrize("key", _committed_disagreements())
def test_every_committed_disagreement_has_a_class_and_a_one_line_justification(key):
    kind, why = classify_agreement(*key, "disagrees")
    assert kind in ("finding", "definition", "precondition")
    assert why
    assert "\n" not in why
    assert len(why) <= 200


def test_each_classification_names_a_published_verdict_once():
    published = {(v.source, v.measure, v.claim) for v in LITERATURE}
    keys = [(d.source, d.measure, d.claim) for d in DISAGREEMENTS]
    assert len(keys) == len(set(keys))
    assert set(keys) <= published
    assert {d.kind for d in DISAGREEMENTS} <= set(AGREEMENT_KINDS)


def test_agreements_and_unknown_disagreements_are_labelled_as_such():
    assert classify_agreement("amigo2020", "accuracy", "imbalance", "agrees") == (
        "agrees",
        AGREEMENT_KINDS["agrees"],
    )
    assert classify_agreement("amigo2020", "accuracy", "imbalance", "unchecked")[0] == "unchecked"
    assert classify_agreement("amigo2020", "accuracy", "imbalance", "disagrees") == (
        "unclassified",
        AGREEMENT_KINDS["unclassified"],
    )


def test_the_committed_report_has_no_unclassified_disagreement():
    model = json.loads((REPORTS / "report.json").read_text(encoding="utf-8"))
    kinds = {c["kind"] for c in model["literature"]}
    assert "unclassified" not in kinds
    disagreeing = [c for c in model["literature"] if c["agreement"] == "disagrees"]
    assert len(disagreeing) == len(CLASSIFIED)
    assert all(c["justification"] for c in disagreeing)


def test_the_committed_report_compares_every_registered_source():
    model = json.loads((REPORTS / "report.json").read_text(encoding="utf-8"))
    assert set(model["sources"]) == set(SOURCES)
    compared = {(c["source"], c["measure"], c["claim"]) for c in model["literature"]}
    published = {(v.source, v.measure, v.claim) for v in LITERATURE}
    published |= {(r.source, r.measure, RANGE) for r in published_ranges()}
    assert compared == published


def test_the_committed_findings_show_each_class_and_the_notebooks_passage():
    text = (REPORTS / "property-table.md").read_text(encoding="utf-8")
    section = text.split("## Findings: disagreements with the literature", 1)[1]
    section = section.split("\n## ", 1)[0]
    for d in CLASSIFIED:
        assert f"Class: **{d.kind}**" in section
    assert "Potts 2020, CS224u metrics notebook" in section
    assert "Passage: " in section
