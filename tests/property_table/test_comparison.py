"""Comparing the checker's verdicts with the literature's."""

from __future__ import annotations

from axiometrics.literature import LITERATURE, SOURCES, literature_for
from axiometrics.property_table import render_property_table
from axiometrics.property_table.comparison import compare, literature_preconditions


def test_literature_entries_name_registered_claims_and_known_sources():
    from axiometrics.claims import get_claim

    for ref in LITERATURE:
        assert ref.source in SOURCES
        assert get_claim(ref.claim)  # raises on an unknown claim
    cem = literature_for("cem_ord", "ordinal_monotonicity")
    assert {r.source for r in cem} == {"amigo2020", "sakai2021_t4"}
    amigo = next(r for r in cem if r.source == "amigo2020")
    assert amigo.preconditions == ("no_empty_gold_class",)
    assert amigo.label.startswith("✓ if")


def test_the_preconditions_the_literature_needs_are_checked_once_per_claim():
    sets = literature_preconditions("cem_ord")
    assert ("no_empty_gold_class",) in sets["ordinal_monotonicity"]
    assert all(len(s) == len(set(s)) for s in sets.values())


def test_the_notebooks_statements_are_compared_in_the_literature_section(notebook_table):
    comps = {(c.reference.measure, c.reference.claim): c for c in notebook_table.comparisons}
    macro = comps["fbeta_macro", "prevalence_invariance"]
    assert macro.reference.source == "potts2020"
    assert (macro.agreement, macro.kind) == ("disagrees", "definition")
    assert "equal weights" in macro.justification
    assert "regardless of their size" in macro.passage
    tn = comps["precision", "true_negative_invariance"]
    assert (tn.agreement, tn.kind) == ("agrees", "agrees")
    text = render_property_table(notebook_table, "markdown")
    assert "P = Potts 2020, CS224u metrics notebook" in text  # the legend names every source
    assert "### Potts 2020, CS224u metrics notebook (1 of 2 verdicts reproduced)" in text
    assert (
        "| fbeta_macro | prevalence_invariance | macro-averaged F scores | ✓ | refuted | " in text
    )
    findings = text.split("## Findings: disagreements with the literature", 1)[1]
    assert (
        "**fbeta_macro / prevalence_invariance** (Potts 2020, CS224u metrics notebook" in findings
    )
    assert "Class: **definition**" in findings
    assert "Passage: " in findings
    # The cell of the refuted published ✓ (ᵉ: found by the bounded pass, the smallest).
    assert "✗ᵉ · P✓≠" in text


def test_the_report_model_carries_the_class_and_the_passage(notebook_table):
    from axiometrics.report.model import comparisons_model

    rows = {(r["source"], r["measure"], r["claim"]): r for r in comparisons_model(notebook_table)}
    macro = rows["potts2020", "fbeta_macro", "prevalence_invariance"]
    assert macro["kind"] == "definition"
    assert "regardless of their size" in macro["passage"]
    assert macro["example"] is not None


def test_accuracy_and_nmd_reproduce_their_published_verdicts(small_table):
    comps = small_table.comparisons
    assert {c.reference.measure for c in comps} == {"accuracy", "nmd"}
    assert all(c.agreement == "agrees" for c in comps), [
        (c.reference, c.found_label) for c in comps if c.agreement != "agrees"
    ]
    assert small_table.profile == "ci"
    assert small_table.seed == 0
    assert small_table.max_examples == 25


def test_a_published_verdict_about_an_unchecked_claim_is_unchecked(small_table):
    reference = small_table.comparisons[0].reference
    unchecked = compare(reference, None)
    assert unchecked.agreement == "unchecked"
    assert unchecked.verdict is None
    assert unchecked.found_label == "not checked"
    assert unchecked.evidence == ""
