"""Checking bare callables: a new measure validated without writing a plugin."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from axiometrics.checker import Outcome, check
from axiometrics.errors import (
    InvalidParameterError,
    MeasureImplementationError,
    UndefinedMeasureError,
)


def distance_error(matrix):
    """Mean class distance between system and gold (MAE^mu at values 0..C-1)."""
    c = matrix.shape[0]
    i, j = np.indices((c, c))
    return float((np.abs(i - j) * matrix).sum() / matrix.sum())


def recall_of_class_zero(matrix):
    """Asymmetric: share of gold class 0 items the system put in class 0."""
    gold = matrix[:, 0].sum()
    if gold == 0:
        raise UndefinedMeasureError("recall0", (), "gold class 0 is empty")
    return float(matrix[0, 0] / gold)


def test_a_symmetric_distance_error_is_symmetric_and_fails_imbalance():
    report = check(distance_error, ["symmetry", "imbalance"], family="oc", higher_is_better=False)
    assert report.kind == "callable"
    assert report.verdict("symmetry").outcome is Outcome.NOT_REFUTED
    assert report.verdict("symmetry").n_cases == 100
    imbalance = report.verdict("imbalance")
    assert imbalance.outcome is Outcome.REFUTED
    a, b = imbalance.example.scores
    assert a == pytest.approx(b)  # the same error wherever the item came from


def test_an_asymmetric_measure_is_refuted_with_a_small_counterexample():
    report = check(recall_of_class_zero, ["symmetry"], family="oc")
    verdict = report.verdict("symmetry")
    assert verdict.outcome is Outcome.REFUTED
    m, mt = (e.inputs[0] for e in verdict.example.entries)
    assert np.array_equal(m.T, mt)
    assert m.shape[0] <= 3
    assert m.sum() <= 3
    assert "sys\\gold" in verdict.example.render()


def test_inputs_where_the_callable_is_undefined_lie_outside_the_claims():
    report = check(recall_of_class_zero, ["count_scale_invariance", "well_defined"], family="oc")
    assert report.verdict("count_scale_invariance").outcome is Outcome.NOT_REFUTED
    assert report.verdict("count_scale_invariance").n_outside > 0
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED


def test_a_callable_that_returns_nan_on_some_inputs_fails_well_defined_with_its_line():
    def fragile(matrix):
        return float(matrix[0, 0] / matrix[:, 0].sum())  # numpy: nan or inf, with a warning

    report = check(fragile, ["well_defined", "symmetry"], family="oc")
    well = report.verdict("well_defined")
    assert well.outcome is Outcome.REFUTED
    assert well.example.crash is not None
    assert "test_check_callables.py" in well.example.crash.location
    # One cause, one failing item: symmetry is judged on the inputs where it is defined.
    assert report.verdict("symmetry").outcome is not Outcome.ERROR
    assert report.verdict("symmetry").n_outside > 0


def test_label_vector_callables_see_the_class_values_as_labels():
    seen = []

    def mean_gold(gold, system):
        seen.append((gold.copy(), system.copy()))
        return float(np.mean(np.abs(gold - system)))

    report = check(
        mean_gold,
        ["ordinal_invariance"],
        family="oc",
        signature="gold,system",
        higher_is_better=False,
    )
    verdict = report.verdict("ordinal_invariance")
    assert verdict.outcome is Outcome.REFUTED  # a mean absolute error uses the values
    values = {tuple(e.values) for e in verdict.example.entries}
    assert len(values) == 2
    assert any(g.dtype.kind == "i" for g, _ in seen)  # default values arrive as integer labels


def test_system_first_label_callables_receive_the_arguments_in_that_order():
    def accuracy(system, gold):
        return float(np.mean(system == gold))

    report = check(accuracy, ["identity"], family="oc", signature="system,gold", optimum=1.0)
    assert report.verdict("identity").outcome is Outcome.NOT_REFUTED


def test_a_values_keyword_makes_ordinal_invariance_checkable_for_a_matrix_callable():
    def weighted(matrix, *, values):
        d = np.abs(values[:, None] - values[None, :])
        return float((d * matrix).sum() / matrix.sum())

    with_values = check(weighted, ["ordinal_invariance"], family="oc", higher_is_better=False)
    without = check(distance_error, ["ordinal_invariance"], family="oc", higher_is_better=False)
    assert with_values.verdict("ordinal_invariance").outcome is Outcome.REFUTED
    assert without.verdict("ordinal_invariance").outcome is Outcome.NOT_APPLICABLE
    assert "values" in without.verdict("ordinal_invariance").reason


def test_oq_callables_are_called_with_system_then_gold():
    def total_variation(system, gold):
        return float(0.5 * np.abs(system - gold).sum())

    report = check(
        total_variation,
        ["symmetry", "point_mass_monotonicity", "identity"],
        family="oq",
        higher_is_better=False,
        optimum=0.0,
    )
    assert report.verdict("symmetry").outcome is Outcome.NOT_REFUTED
    assert report.verdict("point_mass_monotonicity").outcome is Outcome.REFUTED
    assert report.verdict("identity").outcome is Outcome.NOT_REFUTED


def test_expectations_act_as_declarations_and_mark_mismatches():
    report = check(
        distance_error,
        ["symmetry", "imbalance"],
        family="oc",
        higher_is_better=False,
        expect={"symmetry": "violated", "imbalance": "holds"},
    )
    assert report.result("imbalance").mismatch.kind == "declared_holds_refuted"
    assert report.result("symmetry").mismatch.kind == "declared_violated_not_refuted"
    assert report.failed


def test_a_callable_needs_a_family():
    with pytest.raises(InvalidParameterError, match="family= is required"):
        check(distance_error)


def test_a_callable_with_the_wrong_signature_is_rejected_with_its_location():
    def three(a, b, c):
        return 0.0

    with pytest.raises(InvalidParameterError, match=r"test_check_callables\.py:\d+"):
        check(three, family="oc")


def test_a_callable_that_raises_on_a_typical_input_fails_before_checking():
    def broken(matrix):
        raise RuntimeError("not implemented yet")

    with pytest.raises(MeasureImplementationError) as info:
        check(broken, family="oc")
    message = str(info.value)
    assert "RuntimeError: not implemented yet" in message
    assert "test_check_callables.py" in message


def test_a_callable_that_returns_no_number_is_reported():
    with pytest.raises(MeasureImplementationError, match="must return one number"):
        check(lambda m: "high", family="oc")


def macro_precision_nan(matrix):
    """Macro precision that returns NaN when the system never chooses a class."""
    m = np.asarray(matrix, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(np.mean(np.diag(m) / m.sum(axis=1)))


def test_an_undeclared_nan_fails_well_defined_only_and_the_other_claims_leave_those_inputs_out():
    report = check(macro_precision_nan, family="nominal", optimum=1.0, variants=False)
    well = report.verdict("well_defined")
    assert well.outcome is Outcome.REFUTED
    assert well.example.crash.kind == "UndeclaredNaNError"
    assert "declare it: undefined='nan'" in well.example.crash.message
    others = [r.verdict for r in report.results if r.claim != "well_defined"]
    assert [v.claim for v in others if v.outcome is Outcome.ERROR] == []
    assert report.verdict("identity").outcome is Outcome.NOT_REFUTED
    assert report.verdict("symmetry").n_outside > 0  # inputs with an empty system class


def errors_over_the_gold_count(matrix):
    """Off-diagonal count over the gold items of class 0: above 1 when class 0 is rare."""
    m = np.asarray(matrix, dtype=float)
    return float((m.sum() - np.trace(m)) / max(m[:, 0].sum(), 1.0))


def test_a_score_outside_the_declared_range_fails_well_defined_only():
    report = check(
        errors_over_the_gold_count,
        family="nominal",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, 1.0),
        variants=False,
    )
    well = report.verdict("well_defined")
    assert well.outcome is Outcome.REFUTED
    assert well.example.crash.kind == "ScoreOutOfRangeError"
    assert "outside its declared range [0, 1]" in well.example.crash.message
    others = [r.verdict for r in report.results if r.claim != "well_defined"]
    crashed = [v.claim for v in others if v.example is not None and v.example.crash is not None]
    assert crashed == []
    assert [v.claim for v in others if v.outcome is Outcome.ERROR] == []


def test_an_undeclared_nan_is_undefined_in_a_reference_comparison():
    from axiometrics.checker.check import subject_for
    from axiometrics.checker.profiles import resolve_profile
    from axiometrics.checker.reference import check_reference
    from axiometrics.checker.spec import MeasureSpec

    subject = subject_for(MeasureSpec(macro_precision_nan, family="nominal"))
    verdict = check_reference(
        subject, "precision_macro", profile=resolve_profile("ci"), seed_value=0
    )
    assert verdict.outcome is Outcome.REFUTED
    assert "macro_precision_nan is undefined (it returned NaN), the other is not" in (
        verdict.example.explanation
    )


def warns_on_an_empty_system_class(matrix):
    """Accuracy that warns, and returns 0, when the system never chooses a class."""
    m = np.asarray(matrix, dtype=float)
    if m.sum(axis=1).min() == 0:
        warnings.warn("empty system class", UserWarning, stacklevel=2)
        return 0.0
    return float(np.trace(m) / m.sum())


def test_an_undeclared_warning_is_a_well_defined_finding():
    verdict = check(warns_on_an_empty_system_class, ["well_defined"], family="nominal")
    assert verdict.verdict("well_defined").outcome is Outcome.REFUTED
    assert "emitted a warning" in verdict.verdict("well_defined").example.explanation


@pytest.mark.parametrize("declared", [["UserWarning"], "raise:UserWarning", [UserWarning]])
def test_a_warning_category_declared_undefined_means_undefined(declared):
    report = check(
        warns_on_an_empty_system_class,
        ["well_defined", "symmetry"],
        family="nominal",
        undefined=declared,
        variants=False,
    )
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED
    assert report.verdict("symmetry").outcome is Outcome.NOT_REFUTED
    assert report.verdict("symmetry").n_outside > 0
