"""Published score ranges in the property table: checked as well_defined under the stated range."""

from __future__ import annotations

import math

from axiometrics.checker.verdicts import ClaimResult, Outcome, Verdict
from axiometrics.declarations import Holds
from axiometrics.literature import RANGE, PublishedRange, published_ranges_for
from axiometrics.measure import Range
from axiometrics.property_table import render_property_table
from axiometrics.property_table.cells import cell_literature
from axiometrics.property_table.comparison import compare_range, range_variants


def _stated(lower: float, upper: float, source: str = "hf_evaluate") -> PublishedRange:
    return PublishedRange(source, "r2", lower, upper, "card", "ranges from 0 to 1")


def _result(*variants: Verdict) -> ClaimResult:
    main = Verdict("well_defined", "r2", Outcome.NOT_REFUTED, n_cases=10)
    return ClaimResult("well_defined", Holds(), main, variants=variants)


def test_a_range_equal_to_the_declared_one_needs_no_variant_and_equal_intervals_share_one():
    declared = Range(-math.inf, 1.0)
    needed = range_variants("r2", declared)
    labels = [r.variant_label for r in needed]
    assert labels == ["range [0, 1]"]  # CS224u and the evaluate card state the same interval
    assert all((r.lower, r.upper) != (declared.lower, declared.upper) for r in needed)
    assert len(published_ranges_for("r2")) > len(needed)


def test_the_declared_range_is_decided_by_the_main_verdict_and_another_by_its_variant():
    refuted = Verdict("well_defined", "r2", Outcome.REFUTED, label="range [0, 1]")
    result = _result(refuted)
    same = compare_range(_stated(-math.inf, 1.0), result, Range(-math.inf, 1.0))
    assert (same.agreement, same.verdict) == ("agrees", result.verdict)
    other = compare_range(_stated(0.0, 1.0), result, Range(-math.inf, 1.0))
    assert (other.agreement, other.verdict) == ("disagrees", refuted)
    assert other.checked_claim == "well_defined"
    assert other.reference.claim == RANGE


def test_a_range_without_its_variant_or_without_a_well_defined_result_is_unchecked():
    assert compare_range(_stated(0.0, 1.0), _result(), Range(-math.inf, 1.0)).agreement == (
        "unchecked"
    )
    assert compare_range(_stated(0.0, 1.0), None, None).agreement == "unchecked"


def test_the_table_checks_each_stated_range_as_a_variant_of_well_defined(ranges_table):
    r2 = ranges_table.report("r2").result("well_defined")
    variant = r2.variant("range [0, 1]")
    assert variant is not None
    assert variant.outcome is Outcome.REFUTED
    assert variant.example is not None
    assert variant.example.one_line()
    mse = ranges_table.report("mean_squared_error").result("well_defined")
    assert mse.variant("range [0, 1]").outcome is Outcome.REFUTED
    assert mse.verdict.outcome.supports_claim  # the declared [0, inf] holds


def test_each_stated_range_is_compared_and_the_wrong_ones_are_classified_findings(ranges_table):
    ranges = {
        (c.reference.source, c.reference.measure): c
        for c in ranges_table.comparisons
        if c.reference.claim == RANGE
    }
    wrong = {key for key, c in ranges.items() if c.agreement == "disagrees"}
    assert wrong == {
        ("potts2020", "r2"),
        ("hf_evaluate", "r2"),
        ("hf_evaluate", "mean_squared_error"),
    }
    assert all(ranges[key].kind == "finding" for key in wrong)
    assert ranges["sklearn_docs", "r2"].agreement == "agrees"
    assert ranges["sklearn_docs", "r2"].verdict is ranges_table.verdict("r2", "well_defined")
    assert set(ranges_table.disagreements) >= {ranges[key] for key in wrong}


def test_the_well_defined_cell_carries_each_sources_range_mark(ranges_table):
    marks = cell_literature(ranges_table, "r2", "well_defined").split()
    assert "P[0," in marks
    assert "SK[-inf," in marks
    text = cell_literature(ranges_table, "r2", "well_defined")
    assert "P[0, 1]≠" in text
    assert "HF[0, 1]≠" in text
    assert "SK[-inf, 1]=" in text


def test_the_markdown_counts_ranges_apart_and_lists_the_refuted_ones_as_findings(ranges_table):
    text = render_property_table(ranges_table, "markdown")
    # The notebook on R² and MSE: two verdicts, and two ranges of which [0, 1] for R² is wrong.
    assert "### Potts 2020, CS224u metrics notebook (2 of 2 verdicts and 1 of 2 ranges" in text
    assert "(1 of 1 verdicts and 0 of 2 ranges reproduced)" in text  # the evaluate cards
    assert "| r2 | range | " in text
    findings = text.split("## Findings: disagreements with the literature", 1)[1]
    assert "**r2 / range**" in findings
    assert "published \\[0, 1\\]" in findings
    assert "- well_defined \\[range \\[0, 1\\]\\]: refuted" in text  # in All counterexamples


def test_a_source_with_only_ranges_about_the_checked_measures_counts_ranges_alone():
    from axiometrics.property_table.comparison import LiteratureComparison
    from axiometrics.property_table.render_markdown import _reproduced

    ranges = [
        LiteratureComparison(_stated(0.0, 1.0), None, "disagrees"),
        LiteratureComparison(_stated(-math.inf, 1.0), None, "agrees"),
    ]
    assert _reproduced(ranges) == "1 of 2 ranges reproduced"


def test_the_report_links_a_refuted_range_to_its_counterexample(ranges_table):
    from axiometrics.report.model import comparisons_model, example_id, property_rows

    rows = [r for r in comparisons_model(ranges_table) if r["claim"] == RANGE]
    refuted = [r for r in rows if r["kind"] == "finding"]
    assert refuted
    assert all(
        r["example"] == example_id(r["measure"], "well_defined", "range [0, 1]") for r in refuted
    )
    grid = property_rows(ranges_table.reports, ranges_table, set())
    well_defined = next(r for r in grid if (r["measure"], r["claim"]) == ("r2", "well_defined"))
    published = {lit["published"] for lit in well_defined["literature"]}
    assert {"range [0, 1]", "range [-inf, 1]"} <= published


def test_records_attach_each_range_to_the_verdict_that_decides_it(ranges_table):
    recs = [r for r in ranges_table.records() if r["measure"] == "r2"]
    variant = next(r for r in recs if r["variant"] == "range [0, 1]")
    assert "(disagrees)" in variant["literature"]
    main = next(r for r in recs if r["claim"] == "well_defined" and r["variant"] == "main")
    assert "[-inf, 1] (agrees)" in main["literature"]
