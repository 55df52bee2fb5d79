from __future__ import annotations

import csv
import io
import pickle

import numpy as np
import pytest

from axiometrics import Holds, Measure, MeasurePlugin, NotApplicable, Range
from axiometrics.claims import claims_for_family
from axiometrics.docs import render_measure_reference
from axiometrics.errors import InvalidParameterError, UnknownMeasureError
from axiometrics.literature import LITERATURE, SOURCES, literature_for
from axiometrics.property_table import (
    FORMATS,
    build_property_table,
    render_property_table,
)
from axiometrics.registry import Registry, default_registry


@pytest.fixture(scope="module")
def small_table():
    return build_property_table(measures=["accuracy", "nmd"], max_examples=25)


def test_literature_entries_name_registered_claims_and_known_sources():
    from axiometrics.claims import claim

    for ref in LITERATURE:
        assert ref.source in SOURCES
        assert claim(ref.claim)  # raises on an unknown claim
    cem = literature_for("cem_ord", "ordinal_monotonicity")
    assert {r.source for r in cem} == {"amigo2020", "sakai2021_t4"}
    amigo = next(r for r in cem if r.source == "amigo2020")
    assert amigo.preconditions == ("no_empty_gold_class",)
    assert amigo.label.startswith("✓ if")


@pytest.fixture(scope="module")
def notebook_table():
    """Two measures of the CS224u notebook's statements: one agreement, one classified disagreement."""
    return build_property_table(measures=["fbeta_macro", "precision"], max_examples=25)


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
    assert "✗ · P✓≠" in text  # the cell of the refuted published ✓


def test_the_report_model_carries_the_class_and_the_passage(notebook_table):
    from axiometrics.report.model import comparisons_model

    rows = {(r["source"], r["measure"], r["claim"]): r for r in comparisons_model(notebook_table)}
    macro = rows["potts2020", "fbeta_macro", "prevalence_invariance"]
    assert macro["kind"] == "definition"
    assert "regardless of their size" in macro["passage"]
    assert macro["example"] is not None


def test_html_shows_the_class_of_each_disagreement(notebook_table):
    text = render_property_table(notebook_table, "html")
    assert "<th>Class</th>" in text
    assert "definition: the notebook means equal weights" in text


def test_accuracy_and_nmd_reproduce_their_published_verdicts(small_table):
    comps = small_table.comparisons
    assert {c.reference.measure for c in comps} == {"accuracy", "nmd"}
    assert all(c.agreement == "agrees" for c in comps), [
        (c.reference, c.found_label) for c in comps if c.agreement != "agrees"
    ]
    assert small_table.profile == "ci"
    assert small_table.seed == 0
    assert small_table.max_examples == 25


def test_claim_times_are_reported_for_every_claim_checked(small_table):
    seconds = small_table.claim_seconds()
    # Every claim of every family of the measures (accuracy is also nominal).
    families = {
        f for r in small_table.reports for f in default_registry().get(r.measure).measure.families
    }
    assert set(seconds) == {c.name for f in families for c in claims_for_family(f)}
    assert all(s > 0 for s in seconds.values())


def test_markdown_shows_both_families_the_legend_and_the_literature(small_table):
    text = render_property_table(small_table, "markdown")
    assert text.startswith("# Property table")
    assert "## Ordinal classification (OC)" in text
    assert "## Ordinal quantification (OQ)" in text
    assert "| Accuracy (`accuracy`) | ✓ · A✓=" in text
    assert "Amigó et al. 2020, Table 2 (3 of 3 verdicts reproduced)" in text
    assert "## Provenance" in text


def test_html_is_self_contained(small_table):
    text = render_property_table(small_table, "html")
    assert text.startswith("<!DOCTYPE html>")
    assert "<style>" in text
    assert "http://" not in text
    assert "https://" not in text
    assert "<script" not in text


def test_latex_escapes_underscores_and_symbols(small_table):
    text = render_property_table(small_table, "latex")
    assert "ordinal\\_invariance" in text
    assert "\\checkmark{}" in text
    assert "\\begin{tabular}" in text


def test_csv_has_one_row_per_verdict_with_the_literature(small_table):
    rows = list(csv.DictReader(io.StringIO(render_property_table(small_table, "csv"))))
    assert {r["measure"] for r in rows} == {"accuracy", "nmd"}
    acc = [r for r in rows if r["measure"] == "accuracy" and r["claim"] == "imbalance"]
    assert acc[0]["outcome"] == "refuted"
    assert "Amigó et al. 2020, Table 2 - (agrees)" in acc[0]["literature"]


def test_an_unknown_format_is_rejected(small_table):
    with pytest.raises(InvalidParameterError, match="expected one of"):
        render_property_table(small_table, "pdf")
    assert set(FORMATS) == {"markdown", "html", "latex", "csv"}


def test_html_escapes_text_from_measure_definitions():
    plugin = MeasurePlugin("test-html")
    claims = {c.name: NotApplicable("test") for c in claims_for_family("oc")}
    claims["symmetry"] = Holds()

    @plugin.measure(
        Measure(
            name="test_script_title",
            family="oc",
            higher_is_better=True,
            range=Range(0, 1),
            title="<script>alert(1)</script>",
            claims=claims,
        )
    )
    def trace_share(matrices, *, values):
        return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))

    reg = Registry()
    reg.register_plugin(plugin)
    table = build_property_table(reg, max_examples=10)
    html = render_property_table(table, "html")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert table.comparisons == ()


def test_building_checks_the_arguments():
    with pytest.raises(UnknownMeasureError):
        build_property_table(measures=["acuracy"], max_examples=5)
    with pytest.raises(InvalidParameterError, match="jobs"):
        build_property_table(measures=["accuracy"], jobs=0)
    with pytest.raises(InvalidParameterError, match="default registry"):
        build_property_table(Registry(), jobs=2)


def test_tables_pickle_for_worker_processes(small_table):
    clone = pickle.loads(pickle.dumps(small_table))
    assert render_property_table(clone, "csv") == render_property_table(small_table, "csv")


def test_markdown_escapes_text_from_measure_definitions():
    plugin = MeasurePlugin("test-markdown")
    claims = {
        c.name: NotApplicable("[click](http://evil.example) <img src=x>")
        for c in claims_for_family("oc")
    }
    claims["symmetry"] = Holds()

    @plugin.measure(
        Measure(
            name="test_md_title",
            family="oc",
            higher_is_better=True,
            range=Range(0, 1),
            title="<b>x</b> [link](http://evil.example) `code` a|b",
            claims=claims,
        )
    )
    def trace_share(matrices, *, values):
        return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))

    reg = Registry()
    reg.register_plugin(plugin)
    reference = render_measure_reference(reg)
    assert r"**\<b\>x\</b\> \[link\](http://evil.example) \`code\` a|b**" in reference
    assert r"| symmetry | holds |" in reference
    assert r"\[click\](http://evil.example) \<img src=x\>" in reference
    assert "<img" not in reference.replace(r"\<img", "")
    text = render_property_table(build_property_table(reg, max_examples=10), "markdown")
    assert r"| \<b\>x\</b\> \[link\](http://evil.example) \`code\` a\|b (`test_md_title`) |" in text
    assert "<b>" not in text
    assert "](http" not in text.replace(r"\](http", "")


def test_markdown_helpers_escape_and_fence_untrusted_text():
    from axiometrics.docs import md_code, md_escape, md_fence

    assert md_escape("a<b>[c]`d`\\e|f\ng") == r"a\<b\>\[c\]\`d\`\\e|f g"
    assert md_escape("a|b", cell=True) == r"a\|b"
    assert md_code("x") == "`x`"
    assert md_code("a`b") == "``a`b``"
    assert md_code("`a") == "`` `a ``"
    assert md_code("a|b", cell=True) == r"`a\|b`"
    assert md_fence("plain") == "```"
    assert md_fence("x ```` y") == "`````"


def test_table_and_report_default_to_one_worker_per_available_processor(monkeypatch):
    import argparse
    import os

    from axiometrics.checker import profiles
    from axiometrics.cli import report_command, table_command

    cores = profiles.available_cores()
    assert 1 <= cores <= (os.cpu_count() or 1)
    for command in (table_command, report_command):
        parser = argparse.ArgumentParser()
        command.add_parser(parser.add_subparsers())
        name = "table" if command is table_command else "report"
        assert parser.parse_args([name]).jobs == cores
    monkeypatch.setattr(profiles.os, "process_cpu_count", lambda: 3, raising=False)
    assert profiles.available_cores() == 3
    monkeypatch.setattr(profiles.os, "process_cpu_count", lambda: None, raising=False)
    assert profiles.available_cores() == 1


def test_a_measure_of_two_families_has_a_row_in_each_family_table():
    table = build_property_table(measures=["accuracy", "mcc"], max_examples=5)
    assert table.families == ["oc", "nominal"]
    assert "class_permutation_invariance" in table.claim_names("nominal")
    assert "ordinal_invariance" not in table.claim_names("nominal")
    md = render_property_table(table, "markdown")
    oc_section = md.split("## Ordinal classification (OC)")[1].split("## ")[0]
    nominal_section = md.split("## Nominal classification")[1].split("## ")[0]
    assert "(`accuracy`)" in oc_section
    assert "(`mcc`)" not in oc_section
    assert "(`accuracy`)" in nominal_section
    assert "(`mcc`)" in nominal_section
