"""Bare callables of every family: signatures and typical inputs come from the families."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from sklearn.metrics import (
    accuracy_score,
    average_precision_score,
    f1_score,
    matthews_corrcoef,
    roc_auc_score,
)

import axiometrics as ax
import axiometrics.family as families
from axiometrics.catalogues import isolated_catalogues
from axiometrics.checker import Outcome, check
from axiometrics.checker.callables import SIGNATURES, callable_family, subject_from_callable
from axiometrics.errors import InvalidParameterError, MeasureImplementationError
from axiometrics.family import Family

#: The nominal claims a bare callable of the nominal family is checked on.
NOMINAL = (
    "count_scale_invariance",
    "class_permutation_invariance",
    "nominal_monotonicity",
    "prevalence_invariance",
    "true_negative_invariance",
    "chance_baseline",
)


def test_every_registered_family_with_call_signatures_accepts_bare_callables():
    ax.default_registry()
    assert SIGNATURES["oc"][0] == "matrix"
    assert SIGNATURES["oq"][0] == "system,gold"
    assert SIGNATURES["nominal"] == SIGNATURES["oc"]
    assert SIGNATURES["scored"] == ("gold,scores", "scores,gold")
    assert set(SIGNATURES) == {f.name for f in families.registered_families() if f.call_signatures}


def test_the_typical_inputs_come_from_the_families():
    ax.default_registry()
    for fam in families.registered_families():
        assert fam.typical_inputs is not None, fam.name
        prepared = fam.prepare(fam.coerce_inputs(fam.typical_inputs), None)
        assert prepared.batch_shape == ()
    assert not families.get_family("scored").class_values
    assert families.get_family("nominal").class_values


def test_an_unknown_family_suggests_the_nearest():
    with pytest.raises(InvalidParameterError, match="did you mean 'scored'"):
        check(roc_auc_score, family="scord")


def test_a_family_without_call_signatures_is_refused_naming_the_families_that_have_some():
    scored = families.get_family("scored")
    with isolated_catalogues():
        families.register_family(Family("plain", "Plain", scored.inputs, scored.prepare))
        with pytest.raises(InvalidParameterError, match=r"defines no call signatures.*'scored'"):
            callable_family("plain")


def test_an_unknown_signature_suggests_the_nearest():
    with pytest.raises(InvalidParameterError, match="did you mean 'gold,scores'"):
        subject_from_callable(roc_auc_score, family="scored", signature="gold,score")


def test_a_scored_callable_receives_int_gold_labels_and_float_scores_in_its_order():
    calls: list[tuple[str, str]] = []

    def scores_first(scores, gold):
        calls.append((scores.dtype.kind, gold.dtype.kind))
        return float(np.mean(scores[gold == 1]) if gold.any() else 0.0)

    subject = subject_from_callable(scores_first, family="scored", signature="scores,gold")
    obs = subject.observe(ax.checker.Case.single(families.get_family("scored").typical_inputs))
    assert obs.crash is None
    assert calls == [("f", "i")]
    assert not subject.values_reach_measure


def test_a_scored_callable_never_receives_class_values():
    seen: list[object] = []

    def with_values(gold, scores, values=None):
        seen.append(values)
        return 0.5

    subject = subject_from_callable(with_values, family="scored")
    subject.observe(ax.checker.Case.single(families.get_family("scored").typical_inputs))
    assert seen == [None]
    assert not subject.measure.uses_class_values


def test_a_scored_callable_that_raises_on_the_typical_input_fails_before_checking():
    def broken(gold, scores):
        raise RuntimeError("not yet")

    with pytest.raises(MeasureImplementationError, match="on a typical scored input"):
        check(broken, family="scored")


def test_roc_auc_score_is_invariant_to_monotone_transforms_item_order_and_prevalence():
    report = check(
        roc_auc_score,
        ["monotone_transform_invariance", "item_order_invariance", "prevalence_invariance"],
        family="scored",
        variants=False,
        bound=100,  # the callable's plumbing is tested here, not the bounded pass's reach
    )
    for claim in ("monotone_transform_invariance", "item_order_invariance"):
        assert report.verdict(claim).outcome is Outcome.NOT_REFUTED, report.render()
    assert report.verdict("prevalence_invariance").outcome is Outcome.NOT_REFUTED


def test_average_precision_score_is_refuted_on_prevalence_with_the_positives_repeated():
    report = check(
        average_precision_score, ["prevalence_invariance"], family="scored", variants=False
    )
    verdict = report.verdict("prevalence_invariance")
    assert verdict.outcome is Outcome.REFUTED
    short, long = verdict.example.entries
    assert long.inputs[0].size > short.inputs[0].size
    assert long.values is None


def test_roc_auc_score_is_refuted_on_well_defined_only_by_its_overflow_warning_at_huge_scores():
    # sklearn subtracts neighbouring scores to find thresholds; at +-1.8e308
    # the difference overflows and numpy warns: a genuine finding.
    report = check(
        roc_auc_score, ["well_defined", "identity"], family="scored", optimum=1.0, undefined="nan"
    )
    verdict = report.verdict("well_defined")
    assert verdict.outcome is Outcome.REFUTED
    assert verdict.example.warnings, verdict.example.explanation
    (entry,) = verdict.example.entries
    assert np.max(np.abs(entry.inputs[0])) > 1e300
    assert report.verdict("identity").outcome is Outcome.NOT_REFUTED


def _roc_auc_without_float_warnings(y_true: Any, y_score: Any) -> float:
    with np.errstate(all="ignore"):
        return float(roc_auc_score(y_true, y_score))


def test_roc_auc_score_with_nan_for_one_class_gold_is_well_defined_once_overflow_is_silenced():
    report = check(
        _roc_auc_without_float_warnings,
        ["well_defined", "identity"],
        family="scored",
        optimum=1.0,
        undefined="nan",
    )
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED, report.render()
    assert report.verdict("identity").outcome is Outcome.NOT_REFUTED


@pytest.mark.slow
def test_accuracy_score_as_nominal_is_refuted_exactly_where_the_registered_accuracy_is():
    mine = check(accuracy_score, NOMINAL, family="nominal", signature="gold,system")
    builtin = check("accuracy", NOMINAL)
    for claim in NOMINAL:
        expected = builtin.verdict(claim).outcome
        assert mine.verdict(claim).outcome is expected, (claim, mine.render())
    refuted = {c for c in NOMINAL if builtin.verdict(c).outcome is Outcome.REFUTED}
    assert refuted == {"prevalence_invariance", "true_negative_invariance", "chance_baseline"}


@pytest.mark.slow
def test_macro_f1_score_as_nominal_is_permutation_invariant_but_not_prevalence_invariant():
    report = check(
        f1_score,
        ["class_permutation_invariance", "count_scale_invariance", "prevalence_invariance"],
        family="nominal",
        signature="gold,system",
        params={"average": "macro", "zero_division": 0.0},
        variants=False,
        bound=100,  # the callable's plumbing is tested here, not the bounded pass's reach
    )
    assert report.verdict("class_permutation_invariance").outcome is Outcome.NOT_REFUTED
    assert report.verdict("count_scale_invariance").outcome is Outcome.NOT_REFUTED
    prevalence = report.verdict("prevalence_invariance")
    assert prevalence.outcome is Outcome.REFUTED
    assert prevalence.example.entries[0].values is not None


@pytest.mark.slow
def test_matthews_corrcoef_as_nominal_is_symmetric_and_not_prevalence_invariant():
    report = check(
        matthews_corrcoef,
        ["symmetry", "class_permutation_invariance", "prevalence_invariance"],
        family="nominal",
        signature="gold,system",
        variants=False,
        bound=100,  # the callable's plumbing is tested here, not the bounded pass's reach
    )
    assert report.verdict("symmetry").outcome is Outcome.NOT_REFUTED
    assert report.verdict("class_permutation_invariance").outcome is Outcome.NOT_REFUTED
    assert report.verdict("prevalence_invariance").outcome is Outcome.REFUTED
