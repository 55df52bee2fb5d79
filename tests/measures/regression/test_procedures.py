"""The checker on the regression family: every declaration confirmed or refuted as declared."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import claims_for_family, required_claims_for_family
from axiometrics.declarations import Holds, NotApplicable, Violated
from axiometrics.measures.regression.cases import exact_sum, keeps_order
from axiometrics.measures.regression.strategies import FEW_ITEMS

MEASURES = (
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "median_absolute_error",
    "max_error",
    "mean_absolute_percentage_error",
    "mean_squared_log_error",
    "r2",
    "explained_variance",
    "d2_absolute_error",
    "pearsonr",
    "spearmanr",
    "kendalltau",
    "concordance_correlation",
)
CLAIM_NAMES = (
    "symmetry",
    "item_order_invariance",
    "translation_invariance",
    "scale_homogeneity",
    "prediction_affine_invariance",
    "prediction_monotone_invariance",
    "identity",
    "error_monotonicity",
    "weight_semantics",
    "bounded_influence",
    "well_defined",
)
#: Most items of a shrunk counterexample: a core drawn item by item, or the
#: smallest input of the ``tens`` size regime.
HANDFUL = FEW_ITEMS


def test_every_measure_declares_every_claim_of_the_family(registry):
    assert {c.name for c in required_claims_for_family("regression")} >= set(CLAIM_NAMES)
    assert {c.name for c in claims_for_family("regression")} >= set(CLAIM_NAMES)
    names = [s.name for s in registry.scorers("regression")]
    assert sorted(names) == sorted(MEASURES)
    for name in MEASURES:
        claims = registry.get(name).measure.claims
        for claim in CLAIM_NAMES:
            assert isinstance(claims[claim], Holds | Violated | NotApplicable), (name, claim)


@pytest.mark.parametrize("name", MEASURES)
def test_the_checker_agrees_with_every_declaration_and_shrinks_counterexamples(committed, name):
    # The committed report's verdicts (tests/measures/conftest.py): re-checked there, not here.
    rows = committed.rows(name)
    assert set(rows) == set(CLAIM_NAMES) | {"well_defined"}
    for claim, row in rows.items():
        assert row["mismatch"] is None, (name, claim, row["summary"])
        if row["declared"] == "n/a":
            assert row["outcome"] == "not_applicable", (name, claim, row["summary"])
            continue
        expected = "not_refuted" if row["declared"].startswith("holds") else "refuted"
        assert row["outcome"] == expected, (name, claim, row["declared"], row["summary"])
        if row["outcome"] == "refuted":
            sizes = [len(inputs[0]) for inputs in committed.inputs(row)]
            assert max(sizes) <= HANDFUL, (name, claim, sizes)


def test_a_declared_range_of_zero_to_one_for_r2_is_refuted(registry):
    def r2(y, p):
        if np.all(y == y[0]):
            return float("nan")
        return 1.0 - np.sum((y - p) ** 2) / np.sum((y - y.mean()) ** 2)

    report = check(
        r2,
        ["well_defined"],
        family="regression",
        higher_is_better=True,
        optimum=1.0,
        score_range=(0.0, 1.0),
        undefined="nan",
        seed=0,
        registry=registry,
    )
    verdict = report.verdict("well_defined")
    assert verdict.outcome is Outcome.REFUTED
    assert "range" in report.render()


def _mae(y, p):
    return float(np.mean(np.abs(y - p)))


PLANTED = {
    "symmetry": lambda y, p: float(np.mean(np.maximum(y - p, 0.0))),
    "item_order_invariance": lambda y, p: float(abs(y[0] - p[0]) + np.mean(np.abs(y - p))),
    "translation_invariance": lambda y, p: _mae(y, p) + 1e-3 * float(np.mean(np.abs(y))),
    "scale_homogeneity": _mae,
    "prediction_affine_invariance": _mae,
    "prediction_monotone_invariance": _mae,
    "identity": lambda y, p: _mae(y, p) + 0.01,
    "error_monotonicity": lambda y, p: float(np.median(np.abs(y - p))),
    "bounded_influence": _mae,
    "well_defined": lambda y, p: float(np.sum((y - p) ** 2) / (y.size - 1)),
}


@pytest.mark.parametrize("claim", sorted(PLANTED))
def test_each_claims_planted_bug_is_refuted_with_a_handful_of_items(registry, claim):
    report = check(
        PLANTED[claim],
        [claim],
        family="regression",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        expect={claim: "holds"},
        seed=0,
        variants=False,
        registry=registry,
    )
    verdict = report.verdict(claim)
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()
    sizes = [e.inputs[0].size for e in verdict.example.entries]
    assert max(sizes) <= HANDFUL, sizes


def test_unnormalised_weights_are_refuted_by_weight_semantics(registry):
    def weighted_total(y, p, w):
        return float(np.sum(w * np.abs(y - p)))

    report = check(
        weighted_total,
        ["weight_semantics"],
        family="regression",
        signature="y_true,y_pred,sample_weight",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        seed=0,
        variants=False,
        registry=registry,
    )
    assert report.verdict("weight_semantics").outcome is Outcome.REFUTED


def test_exact_sum_detects_rounded_shifts():
    assert exact_sum(np.array([1.0, 2.5]), 0.5)
    assert not exact_sum(np.array([1e300, 1.0]), 1.0)
    assert not exact_sum(np.array([np.finfo(float).max]), np.finfo(float).max)


def test_keeps_order_detects_merged_or_overflowing_values():
    p = np.array([1.0, 1.0 + 2**-52, 3.0])
    assert keeps_order(p, 2 * p)
    assert not keeps_order(p, np.array([1.0, 1.0, 3.0]))
    assert not keeps_order(p, np.array([1.0, 2.0, np.inf]))
