"""A measure that refuses several references per segment gets cases with one reference each."""

from __future__ import annotations

import jiwer
import pytest
from hypothesis import HealthCheck, given, settings

from axiometrics.checker.cases import CaseRequest
from axiometrics.checker.check import subject_for
from axiometrics.checker.profiles import PROFILES
from axiometrics.checker.reference import _cases, check_reference
from axiometrics.checker.spec import MeasureSpec
from axiometrics.claims import get_claim
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.generation.family import SEVERAL_REFERENCES

REFUSING = CaseRequest("generation", refused_features=frozenset({SEVERAL_REFERENCES}))
CLAIMS = (
    "identity",
    "item_order_invariance",
    "well_defined",
    "segment_aggregation",
    "zero_match",
    "block_order_invariance",
)


def _drawn(strategy, n=60):
    cases = []

    @settings(
        max_examples=n,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(case):
        cases.append(case)

    collect()
    return cases


def _most_references(case):
    return max(len(refs) for k in range(case.n_entries) for refs in case.entry(k)[1])


def _jiwer_wer(references, hypotheses):
    if not any(r.split() for r in references):
        raise UndefinedMeasureError("no reference word")
    return jiwer.wer(references, hypotheses)


def _single_reference_subject():
    spec = MeasureSpec(
        _jiwer_wer,
        family="generation",
        signature="references,hypotheses",
        higher_is_better=False,
        optimum=0.0,
    )
    return subject_for(spec)


def test_a_single_reference_signature_refuses_several_references():
    assert _single_reference_subject().refused_features == frozenset({SEVERAL_REFERENCES})
    assert subject_for(MeasureSpec("wer")).refused_features == frozenset()


@pytest.mark.parametrize("claim", CLAIMS)
def test_the_claims_draw_one_reference_per_segment_for_a_refusing_measure(claim):
    procedure = get_claim(claim).procedure("generation")
    assert all(_most_references(c) == 1 for c in _drawn(procedure.cases(REFUSING)))
    drawn = _drawn(procedure.cases(CaseRequest("generation")))
    assert any(_most_references(c) > 1 for c in drawn)


def test_the_reference_comparison_draws_one_reference_per_segment_when_either_refuses():
    refused = frozenset({SEVERAL_REFERENCES})
    assert all(_most_references(c) == 1 for c in _drawn(_cases("generation", None, refused)))
    assert any(_most_references(c) > 1 for c in _drawn(_cases("generation", None)))


def test_a_single_reference_callable_agrees_with_the_built_in_wer():
    verdict = check_reference(
        _single_reference_subject(), "wer", profile=PROFILES["ci"], seed_value=0
    )
    assert verdict.outcome.value == "not_refuted"
    assert verdict.n_cases == 100
