"""The published statements about the regression measures: names, classifications, checks."""

from __future__ import annotations

import ast
import importlib.util
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import axiometrics as ax
from axiometrics.checker.verdicts import Outcome
from axiometrics.errors import InvalidParameterError
from axiometrics.literature import (
    CLASSIFIED_KINDS,
    RANGE,
    LiteratureVerdict,
    PublishedRange,
    literature,
    published_ranges,
    sources,
)
from axiometrics.measure import Range
from axiometrics.measures.regression.literature import RANGE_DISAGREEMENTS, RANGES, SOURCES

VERDICTS = [v for s in SOURCES for v in s.verdicts]
DISAGREEMENTS = {(d.source, d.measure, d.claim): d for s in SOURCES for d in s.disagreements}
RANGE_FINDINGS = {(d.source, d.measure): d for d in RANGE_DISAGREEMENTS}


def _id(v: LiteratureVerdict) -> str:
    return f"{v.source}-{v.measure}-{v.claim}"


def _degree(preconditions: tuple[str, ...]) -> int:
    """The degree of scale_homogeneity a precondition set names (none: 0, scale invariance)."""
    found = [int(p.removeprefix("degree_")) for p in preconditions if p.startswith("degree_")]
    return found[0] if found else 0


def _declared(v: LiteratureVerdict) -> bool | None:
    """What the measure's declaration says about the published verdict (None: not applicable)."""
    declaration = ax.get_measure(v.measure).claims[v.claim]
    if declaration.status == "violated":
        return False
    if declaration.status != "holds":
        return None
    if tuple(declaration.preconditions) == v.preconditions:
        return True
    if v.claim == "scale_homogeneity":  # one degree only, for a measure not identically 0
        return _degree(tuple(declaration.preconditions)) == _degree(v.preconditions)
    return None


def test_the_regression_sources_are_registered_and_the_notebook_extends_its_source():
    registered = {s.key: s for s in sources()}
    for src in SOURCES[1:]:  # hf_evaluate has a generation part too
        stored = registered[src.key]
        assert (stored.citation, stored.abbreviation) == (src.citation, src.abbreviation)
        assert set(src.verdicts) <= set(stored.verdicts)
        assert set(src.ranges) <= set(stored.ranges)
        assert set(src.disagreements) <= set(stored.disagreements)
    marks = [s.abbreviation for s in sources()]
    assert len(marks) == len(set(marks))
    notebook = registered["potts2020"]  # the nominal part, then the regression part
    assert (notebook.abbreviation, notebook.citation) == (
        "P",
        "Potts 2020, CS224u metrics notebook",
    )
    part = SOURCES[0]
    assert part.key == "potts2020"
    start = notebook.verdicts.index(part.verdicts[0])  # the part, in order, after the nominal one
    assert notebook.verdicts[start : start + len(part.verdicts)] == part.verdicts
    assert start > 0
    assert set(part.disagreements) <= set(notebook.disagreements)
    assert set(part.ranges) <= set(notebook.ranges)
    assert any(v.measure == "accuracy" for v in notebook.verdicts)
    assert set(VERDICTS) <= set(literature())


@pytest.mark.parametrize("verdict", VERDICTS, ids=_id)
def test_every_verdict_names_a_regression_measure_a_claim_and_the_sources_words(verdict):
    measure = ax.get_measure(verdict.measure)
    assert measure.name == verdict.measure
    assert "regression" in measure.families
    assert verdict.claim in measure.claims
    assert verdict.passage.strip()
    assert "\n" not in verdict.column


@pytest.mark.parametrize("verdict", VERDICTS, ids=_id)
def test_every_verdict_agrees_with_the_declaration_or_is_a_classified_disagreement(verdict):
    declared = _declared(verdict)
    assert declared is not None, "a published verdict the declarations leave open"
    key = (verdict.source, verdict.measure, verdict.claim)
    if declared == verdict.holds:
        assert key not in DISAGREEMENTS
    else:
        assert DISAGREEMENTS[key].kind in CLASSIFIED_KINDS


def test_each_disagreement_has_a_kind_a_one_line_justification_and_the_passage():
    assert DISAGREEMENTS, "the sources disagree with the checker twice"
    published = {(v.source, v.measure, v.claim): v for v in VERDICTS}
    for key, d in DISAGREEMENTS.items():
        assert d.kind in CLASSIFIED_KINDS
        assert 0 < len(d.justification) <= 200
        assert "\n" not in d.justification
        assert d.passage == published[key].passage


def test_the_checker_refutes_the_median_absolute_errors_bounded_influence_as_classified():
    verdict = ax.check("median_absolute_error", ["bounded_influence"]).verdict("bounded_influence")
    assert verdict.outcome is Outcome.REFUTED
    # The classification's example: the median moves once, to the next error, then stays.
    y = np.array([2.0, 0.0, 0.0])
    moved = [ax.score("median_absolute_error", y, np.array([v, 0.0, 2.0])) for v in (3, 1002, 1e6)]
    assert moved == [1.0, 2.0, 2.0]


def test_the_notes_counterexamples_score_as_stated():
    def a(*values: float) -> np.ndarray:
        return np.array(values, dtype=float)

    assert ax.score("pearsonr", a(0, 0, 1), a(2, 0, 1)) == pytest.approx(0.0, abs=1e-15)
    assert ax.score("pearsonr", a(0, 0, 1), a(1001, 0, 1)) == pytest.approx(-0.49925, abs=1e-5)
    assert ax.score("pearsonr", a(0, 0, 1), a(0, 1, 2)) == pytest.approx(0.866, abs=1e-3)
    assert ax.score("pearsonr", a(0, 0, 1), a(0, 1, 8)) == pytest.approx(0.993, abs=1e-3)
    assert ax.score("explained_variance", a(0, 1), a(1, 2)) == 1.0
    assert ax.score("pearsonr", a(0, 1), a(0, 2)) == pytest.approx(1.0, rel=1e-12)
    assert ax.score("spearmanr", a(0, 1), a(0, 2)) == pytest.approx(1.0, rel=1e-12)
    mape = "mean_absolute_percentage_error"
    assert ax.score(mape, a(2), a(1)) == ax.score(mape, a(2), a(3)) == 0.5
    assert ax.score(mape, a(1), a(2)) == 1.0
    assert ax.score("mean_squared_error", a(0), a(1)) == 1.0
    assert ax.score("mean_squared_error", a(0), a(2)) == 4.0
    assert ax.score("r2", a(1, 2, 3, 4), a(4, 3, 2, 1)) == -3.0


@pytest.mark.parametrize("stated", RANGES, ids=lambda r: f"{r.source}-{r.measure}")
def test_each_published_range_contains_the_declared_one_or_is_a_classified_finding(stated):
    declared = ax.get_measure(stated.measure).range
    finding = RANGE_FINDINGS.get((stated.source, stated.measure))
    if stated.admits(declared.lower, declared.upper):
        assert finding is None
    else:
        assert finding is not None
        assert finding.kind == "finding"
        assert finding.claim == RANGE
        assert finding.passage in stated.passage
        assert len(finding.justification) <= 200


def test_every_range_classification_names_a_published_range():
    stated = {(r.source, r.measure) for r in RANGES}
    assert set(RANGE_FINDINGS) <= stated
    assert len(RANGE_FINDINGS) == len(RANGE_DISAGREEMENTS)


_MISSTATED = {d.measure for d in RANGE_DISAGREEMENTS}


def _checked_with_range(measure: str, lower: float, upper: float) -> Outcome:
    """The checker's well_defined verdict for ``measure`` declared with the range ``[lower, upper]``."""
    declared = replace(ax.get_measure(measure), range=Range(lower, upper))
    return ax.check(declared, ["well_defined"]).verdict("well_defined").outcome


def test_the_cs224u_r2_range_statement_is_refuted_by_a_check():
    (stated,) = [r for r in RANGES if (r.source, r.measure) == ("potts2020", "r2")]
    assert (stated.lower, stated.upper) == (0.0, 1.0)
    assert _checked_with_range("r2", stated.lower, stated.upper) is Outcome.REFUTED


@pytest.mark.parametrize(
    ("measure", "lower", "upper"),
    # Every range stated for a measure some source gets wrong: both outcomes, at a small cost
    # (a range equal to the declared one repeats the family's own well_defined check).
    sorted({(r.measure, r.lower, r.upper) for r in RANGES if r.measure in _MISSTATED}),
)
def test_the_checker_refutes_exactly_the_ranges_that_leave_out_declared_values(
    measure, lower, upper
):
    declared = ax.get_measure(measure).range
    refuted = _checked_with_range(measure, lower, upper) is Outcome.REFUTED
    admitted = lower <= declared.lower and declared.upper <= upper
    assert refuted is not admitted


def test_a_published_range_needs_ordered_real_bounds():
    with pytest.raises(InvalidParameterError, match=r"lower=1\.0, upper=0\.0"):
        PublishedRange("hf_evaluate", "r2", 1.0, 0.0, "c", "p")
    with pytest.raises(InvalidParameterError, match="lower=nan"):
        PublishedRange("hf_evaluate", "r2", math.nan, 1.0, "c", "p")
    assert PublishedRange("hf_evaluate", "r2", -math.inf, 1.0, "c", "p").admits(0.0, 1.0)


def _sklearn_test_sets() -> dict[str, set[str]]:
    """The metric sets of scikit-learn's installed sklearn/metrics/tests/test_common.py."""
    sklearn = pytest.importorskip("sklearn")
    if not sklearn.__version__.startswith("1.9."):
        pytest.skip(
            f"the sklearn_tests verdicts were read from 1.9.1 (found {sklearn.__version__})"
        )
    spec = importlib.util.find_spec("sklearn.metrics.tests.test_common")
    if spec is None or spec.origin is None:
        pytest.skip("scikit-learn installed without its tests")
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    sets = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in ("SYMMETRIC_METRICS", "NOT_SYMMETRIC_METRICS"):
                sets[name] = set(ast.literal_eval(node.value))
            if name == "METRICS_WITHOUT_SAMPLE_WEIGHT":
                sets[name] = set(ast.literal_eval(node.value))
            if name == "REGRESSION_METRICS" and isinstance(node.value, ast.Dict):
                sets[name] = {ast.literal_eval(k) for k in node.value.keys if k is not None}
    return sets


def test_the_sklearn_test_suite_verdicts_transcribe_its_declared_sets():
    sets = _sklearn_test_sets()
    from axiometrics.measures.regression import literature as module

    names = module._SKLEARN_NAMES
    assert set(names.values()) <= sets["REGRESSION_METRICS"]
    by_claim = {
        claim: {
            v.measure: v.holds for v in VERDICTS if v.source == "sklearn_tests" and v.claim == claim
        }
        for claim in ("symmetry", "item_order_invariance", "weight_semantics")
    }
    for measure, sk_name in names.items():
        assert (sk_name in sets["SYMMETRIC_METRICS"]) is by_claim["symmetry"][measure]
        assert (sk_name in sets["NOT_SYMMETRIC_METRICS"]) is not by_claim["symmetry"][measure]
        assert by_claim["item_order_invariance"][measure] is True
        weighted = sk_name not in sets["METRICS_WITHOUT_SAMPLE_WEIGHT"]
        assert by_claim["weight_semantics"].get(measure) is (True if weighted else None)


def test_the_sources_register_their_ranges_and_classifications_with_the_core():
    registered = {(r.source, r.measure): r for r in published_ranges()}
    assert {(r.source, r.measure) for r in RANGES} <= set(registered)
    classified = {
        (d.source, d.measure)
        for s in sources()
        for d in s.range_disagreements
        if "regression" in ax.get_measure(d.measure).families
    }
    assert classified == {(d.source, d.measure) for d in RANGE_DISAGREEMENTS}
