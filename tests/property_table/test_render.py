"""Rendering the table: Markdown, self-contained HTML, LaTeX and CSV, every text escaped."""

from __future__ import annotations

import csv
import io
from importlib import resources

import numpy as np
import pytest

from axiometrics import Holds, Measure, MeasurePlugin, NotApplicable, Range
from axiometrics.claims import claims_for_family
from axiometrics.docs import render_measure_reference
from axiometrics.errors import InvalidParameterError
from axiometrics.property_table import FORMATS, build_property_table, render_property_table
from axiometrics.property_table.render_html import TEMPLATE
from axiometrics.property_table.render_latex import latex_escape
from axiometrics.registry import Registry


def test_markdown_shows_both_families_the_legend_and_the_literature(small_table):
    text = render_property_table(small_table, "markdown")
    assert text.startswith("# Property table")
    assert "## Ordinal classification (OC)" in text
    assert "## Ordinal quantification (OQ)" in text
    assert "| Accuracy (`accuracy`) | ✓ᵉ · A✓=" in text
    assert "Amigó et al. 2020, Table 2 (3 of 3 verdicts reproduced)" in text
    assert "## Provenance" in text


def test_html_is_self_contained(small_table):
    text = render_property_table(small_table, "html")
    assert text.startswith("<!DOCTYPE html>")
    assert "<style>" in text
    assert "http://" not in text
    assert "https://" not in text
    assert "<script" not in text


def test_the_html_template_ships_with_the_package():
    source = resources.files("axiometrics.property_table").joinpath("templates", TEMPLATE)
    text = source.read_text(encoding="utf-8")
    assert "<!DOCTYPE html>" in text
    assert "{{ legend }}" in text


def test_html_shows_the_class_of_each_disagreement(notebook_table):
    text = render_property_table(notebook_table, "html")
    assert "<th>Class</th>" in text
    assert "definition: the notebook means equal weights" in text


def test_latex_escapes_underscores_and_symbols(small_table):
    text = render_property_table(small_table, "latex")
    assert "ordinal\\_invariance" in text
    assert "\\checkmark{}" in text
    assert "\\begin{tabular}" in text


def test_latex_escape_handles_every_special_character():
    assert latex_escape("a_b & 50% #1 $x$ {y} ~^\\") == (
        r"a\_b \& 50\% \#1 \$x\$ \{y\} \textasciitilde{}\textasciicircum{}\textbackslash{}"
    )
    assert latex_escape("✓ · ≠ ✗") == r"\checkmark{} $\cdot$ $\neq$ $\times$"


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
