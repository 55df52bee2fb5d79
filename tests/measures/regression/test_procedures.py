"""The checker on the regression family: every declaration confirmed or refuted as declared."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from axiometrics.checker import CaseRequest, check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import claims_for_family, get_claim, required_claims_for_family
from axiometrics.declarations import Holds, NotApplicable, Violated
from axiometrics.measures.regression.cases import (
    MAX_SHIFT_RATIO,
    affine_case,
    exact_sum,
    keeps_order,
    resolvable_shift,
    resolvable_shift_within,
    translation_case,
)
from axiometrics.measures.regression.family import WEIGHTS_FEATURE
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


def test_a_shift_past_two_to_the_sixteen_times_the_spread_is_shrunk_to_a_resolvable_power_of_two():
    # Predictions of about 1e-18 shifted by 2**-10 differ only in their last bits:
    # numpy.corrcoef then moves by 3e-5, an ill-conditioned input, not a counterexample.
    y = np.array([0.0, -4.0, -3.0, 2.0])
    p = np.array([0.0, -3 * 2.0**-60, 2.0**-58, 2.0**-59])
    assert exact_sum(p, 2.0**-10)
    assert not resolvable_shift(p, 2.0**-10)
    # The spread of p is 7 * 2**-60: 2**16 times it is 7 * 2**-44, whose largest power of two is 2**-42.
    assert resolvable_shift_within(2.0**-10, y, p) == 2.0**-42
    assert resolvable_shift_within(-1e300, y, p) == -(2.0**-42)
    case = translation_case(y, p, np.ones(4), 2.0**-10)
    assert case.info["shift"] == (
        f"c = {2.0**-42!r} (c = 0.0009765625 is over 2**16 times the spread of these values)"
    )
    assert np.array_equal(case.entry(1)[1], p + 2.0**-42)
    assert resolvable_shift(p, 2.0**-45)
    assert resolvable_shift(np.full(3, 1e-300), 1e300)  # a constant stays constant
    assert resolvable_shift_within(1e300, np.full(3, 1e-300)) == 1e300
    # The affine map keeps its factor and shrinks only the unresolvable shift.
    affine = affine_case(y, p, np.ones(4), 2.0, 2.0**-10)
    assert (affine.info["a"], affine.info["b"]) == (2.0, 2.0**-41)


def test_a_resolvable_shift_is_kept_as_drawn():
    y, p = np.array([1.0, 2.0, 4.0]), np.array([0.5, 0.25, 3.0])
    assert resolvable_shift_within(-1000.0, y, p) == -1000.0
    assert translation_case(y, p, np.ones(3), -1000.0).info["shift"] == "c = -1000.0"
    # 2**16 times the smaller spread (2.75) is 180224: the shift becomes 2**17.
    assert translation_case(y, p, np.ones(3), 1e10).info["shift"].startswith("c = 131072.0 (")


def test_the_naive_variance_is_still_refuted_by_a_shift_within_the_ratio():
    y = np.array([1.0, 2.0, 4.0])
    c = MAX_SHIFT_RATIO * 3.0 * 2.0**-2  # within 2**16 times the spread of y
    assert resolvable_shift(y, c)
    shifted = y + c
    naive = float(np.mean(shifted**2) - np.mean(shifted) ** 2)
    assert abs(naive - float(np.var(y))) > 1e-9 * float(np.var(y))


def _drawn_cases(claim, request, n=40):
    procedure = get_claim(claim).procedure("regression")
    cases = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None)
    @given(procedure.cases(request))
    def collect(case):
        cases.append(case)

    collect()
    return cases


@pytest.mark.parametrize("claim", ["symmetry", "translation_invariance", "well_defined"])
def test_a_measure_refusing_weights_gets_unit_weights_only(claim):
    refusing = CaseRequest("regression", refused_features=frozenset({WEIGHTS_FEATURE}))
    for case in _drawn_cases(claim, refusing):
        assert all(np.all(case.entry(k)[2] == 1.0) for k in range(case.n_entries))
    drawn = _drawn_cases(claim, CaseRequest("regression"))
    assert any(np.any(case.entry(0)[2] != 1.0) for case in drawn)


def test_weight_semantics_keeps_drawing_weights_for_a_measure_that_refuses_them():
    refusing = CaseRequest("regression", refused_features=frozenset({WEIGHTS_FEATURE}))
    cases = _drawn_cases("weight_semantics", refusing)
    weighted = [
        any(np.any(case.entry(k)[2] != 1.0) for k in range(case.n_entries)) for case in cases
    ]
    assert sum(weighted) > len(cases) / 2


@pytest.mark.parametrize(
    ("scores", "status"),
    [
        ((0.0, 0.0), "holds"),  # 0 times k^d is 0, although k^d itself overflows
        ((2.0**-1000, 2.0**200), "holds"),  # a tiny score times a huge k^d is finite
        ((2.0**-1000, 1.0), "fails"),
        ((1.0, 1.0), "outside"),  # k^d times 1 overflows float64
    ],
)
def test_scale_homogeneity_decides_a_factor_whose_power_overflows_without_raising(scores, status):
    from axiometrics.checker.cases import Observation
    from axiometrics.checker.tolerance import Judge, Tolerance
    from axiometrics.measures.regression.cases import scale_case

    y = np.zeros((2, 1))
    case = scale_case(y, y, np.ones((2, 1)), 2.0**600, 2)
    obs = Observation(scores=np.array(scores), undefined=np.zeros(2, dtype=bool))
    judge = Judge(tolerance=Tolerance(), higher_is_better=False, optimum=0.0)
    decision = get_claim("scale_homogeneity").procedure("regression").decide(case, obs, judge)
    assert decision.status == status
