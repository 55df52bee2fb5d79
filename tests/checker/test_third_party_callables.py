"""Callables that behave like real libraries: NaN for undefined, categorical labels, params."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, f1_score

from axiometrics.checker import Outcome, check
from axiometrics.checker.callables import UndefinedPolicy, subject_from_callable, undefined_policy
from axiometrics.checker.profiles import resolve_profile
from axiometrics.checker.reference import check_reference
from axiometrics.errors import InvalidParameterError, UndefinedMeasureError, UnknownMeasureError


def recall_zero_nan(matrix):
    gold = matrix[:, 0].sum()
    return float(matrix[0, 0] / gold) if gold else float("nan")


def recall_zero_raises(matrix):
    return int(matrix[0, 0]) / int(matrix[:, 0].sum())  # Python ints: ZeroDivisionError


def test_undefined_nan_lets_nan_mean_undefined():
    report = check(
        recall_zero_nan, ["well_defined", "count_scale_invariance"], family="oc", undefined="nan"
    )
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED
    scale = report.verdict("count_scale_invariance")
    assert scale.outcome is Outcome.NOT_REFUTED
    assert scale.n_outside > 0


def test_by_default_a_nan_result_is_a_finding():
    report = check(recall_zero_nan, ["well_defined"], family="oc")
    verdict = report.verdict("well_defined")
    assert verdict.outcome is Outcome.REFUTED
    message = verdict.example.crash.message
    assert "returned NaN on an input it does not declare undefined" in message
    # The message says how to declare it.
    assert "declare it: undefined='nan' (axiometrics check --undefined nan;" in message


def test_undefined_raise_lists_the_exceptions_that_mean_undefined():
    report = check(
        recall_zero_raises,
        ["well_defined"],
        family="oc",
        undefined=[ZeroDivisionError, "FloatingPointError"],
    )
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (None, UndefinedPolicy("error")),
        ("nan", UndefinedPolicy("nan")),
        ("raise", UndefinedPolicy("raise")),
        (
            "raise:ValueError, ZeroDivisionError",
            UndefinedPolicy("raise", (ValueError, ZeroDivisionError)),
        ),
        (["numpy.linalg.LinAlgError"], UndefinedPolicy("raise", (np.linalg.LinAlgError,))),
        (KeyError, UndefinedPolicy("raise", (KeyError,))),
    ],
)
def test_undefined_policies_are_parsed(spec, expected):
    assert undefined_policy(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nans", "undefined='nans': expected 'error', 'nan', 'raise'.*did you mean 'nan'"),
        (
            "raise:ValueEror",
            "undefined exception 'ValueEror' is not an exception type.*did you mean 'ValueError'",
        ),
        (3, "undefined=3: expected 'error', 'nan', 'raise'"),
    ],
)
def test_bad_undefined_policies_are_refused(spec, message):
    with pytest.raises(InvalidParameterError, match=message):
        undefined_policy(spec)


def test_undefined_measure_error_can_be_raised_with_a_message_alone():
    err = UndefinedMeasureError("no gold item")
    assert str(err) == "no gold item"
    assert err.reason == "no gold item"
    assert err.measure is None


def test_label_callables_see_integer_labels_in_every_claim_so_f1_score_runs():
    seen = set()

    def macro_f1(gold, system, labels):
        seen.add((gold.dtype.kind, system.dtype.kind))
        return f1_score(gold, system, labels=labels, average="macro", zero_division=0)

    report = check(
        macro_f1,
        ["ordinal_invariance", "ordinal_monotonicity"],
        family="oc",
        signature="gold,system",
        bound=100,  # the labels a callable sees are tested here, not the pass's reach
    )
    assert report.verdict("ordinal_invariance").outcome is Outcome.NOT_REFUTED
    assert report.verdict("ordinal_monotonicity").outcome is Outcome.REFUTED
    assert seen == {("i", "i")}


def test_real_valued_transforms_can_be_asked_for():
    seen = set()

    def mean_gap(gold, system):
        seen.add(gold.dtype.kind)
        return float(np.mean(np.abs(gold - system)))

    check(
        mean_gap,
        ["ordinal_invariance"],
        family="oc",
        signature="gold,system",
        integer_labels=False,
        higher_is_better=False,
    )
    assert "f" in seen


def test_the_labels_argument_receives_the_full_class_list():
    calls = []

    def needs_labels(gold, system, labels=None):
        calls.append(labels)
        return float(np.mean(gold == system))

    check(needs_labels, ["symmetry"], family="oc", signature="gold,system", max_examples=5)
    assert calls
    for labels in calls:
        assert labels == list(range(len(labels)))
        assert len(labels) >= 2


def test_labels_argument_none_passes_no_class_list():
    calls = []

    def needs_labels(gold, system, labels=None):
        calls.append(labels)
        return float(np.mean(gold == system))

    check(
        needs_labels,
        ["symmetry"],
        family="oc",
        signature="gold,system",
        max_examples=5,
        labels_argument=None,
    )
    assert set(calls) == {None}


def test_bound_params_are_passed_on_every_call():
    report = check(
        cohen_kappa_score,
        ["symmetry", "ordinal_invariance"],
        family="oc",
        signature="gold,system",
        params={"weights": "linear"},
        undefined="nan",
        bound=100,  # the bound params are tested here, not the pass's reach
    )
    assert report.verdict("symmetry").outcome is Outcome.NOT_REFUTED
    # scikit-learn weights disagreements by label position, so kappa is ordinally invariant
    assert report.verdict("ordinal_invariance").outcome is Outcome.NOT_REFUTED


def test_an_unknown_param_is_refused_with_a_suggestion():
    with pytest.raises(
        InvalidParameterError,
        match=r"params key 'weight': callable 'cohen_kappa_score' .* takes no such keyword .*"
        r"did you mean 'weights'",
    ):
        subject_from_callable(
            cohen_kappa_score, family="oc", signature="gold,system", params={"weight": "linear"}
        )


def test_matrix_T_callables_get_gold_in_rows():
    def recall_of_class_zero_gold_rows(matrix):
        gold = matrix[0, :].sum()  # row 0 = gold class 0
        if gold == 0:
            raise UndefinedMeasureError("gold class 0 is empty")
        return float(matrix[0, 0] / gold)

    def recall_of_class_zero(matrix):
        gold = matrix[:, 0].sum()
        if gold == 0:
            raise UndefinedMeasureError("gold class 0 is empty")
        return float(matrix[0, 0] / gold)

    rows = subject_from_callable(recall_of_class_zero_gold_rows, family="oc", signature="matrix.T")
    cols = subject_from_callable(recall_of_class_zero, family="oc")
    m = np.array([[[3, 1], [2, 4]]])
    from axiometrics.checker.cases import Case

    case = Case((m,), np.arange(2.0), ("M",))
    assert rows.observe(case).scores[0] == cols.observe(case).scores[0] == 0.6


def test_distribution_callables_take_either_order():
    def first_minus_second(a, b):
        return float(a[0] - b[0])

    from axiometrics.checker.cases import Case

    system, gold = np.array([[0.7, 0.3]]), np.array([[0.2, 0.8]])
    case = Case((system, gold), np.arange(2.0), ("pair",))
    sg = subject_from_callable(first_minus_second, family="oq", signature="system,gold")
    gs = subject_from_callable(first_minus_second, family="oq", signature="gold,system")
    assert sg.observe(case).scores[0] == pytest.approx(0.5)
    assert gs.observe(case).scores[0] == pytest.approx(-0.5)


def nmd_gold_first(gold, system):
    cum = np.cumsum(system - gold)[:-1]
    return float(np.abs(cum).sum() / (gold.size - 1))


def test_a_reference_check_agrees_with_the_builtin_of_the_same_measure():
    subject = subject_from_callable(
        nmd_gold_first, family="oq", signature="gold,system", higher_is_better=False
    )
    verdict = check_reference(subject, "nmd", profile=resolve_profile("ci"), seed_value=0)
    assert verdict.outcome is Outcome.NOT_REFUTED
    assert verdict.n_cases == 100
    assert verdict.reason == "agrees with the built-in nmd"


def test_a_reference_check_shows_the_first_disagreement_shrunk():
    def unnormalised(gold, system):
        return float(np.abs(np.cumsum(system - gold)[:-1]).sum())

    subject = subject_from_callable(
        unnormalised, family="oq", signature="gold,system", higher_is_better=False
    )
    verdict = check_reference(subject, "nmd", profile=resolve_profile("ci"), seed_value=0)
    assert verdict.outcome is Outcome.REFUTED
    ours, theirs = verdict.example.entries
    assert ours.inputs[0].size == 3  # two classes always agree: C - 1 = 1
    assert ours.score == pytest.approx(2 * theirs.score)
    assert verdict.example.explanation.startswith("disagreement: ")


def test_a_reference_disagreement_is_stored_in_the_example_database_and_replayed():
    from hypothesis.database import InMemoryExampleDatabase

    def unnormalised(gold, system):
        return float(np.abs(np.cumsum(system - gold)[:-1]).sum())

    subject = subject_from_callable(
        unnormalised, family="oq", signature="gold,system", higher_is_better=False
    )
    db = InMemoryExampleDatabase()
    profile = resolve_profile("ci")
    first = check_reference(subject, "nmd", profile=profile, seed_value=0, database=db)
    assert first.outcome is Outcome.REFUTED
    assert any(db.fetch(key) for key in db.data)
    again = check_reference(subject, "nmd", profile=profile, seed_value=0, database=db)
    assert again.outcome is Outcome.REFUTED
    assert again.n_cases <= first.n_cases


def test_a_scored_callable_is_compared_with_its_reference_on_the_familys_edge_cases():
    from sklearn.metrics import average_precision_score, roc_auc_score

    profile = resolve_profile("ci")
    auc = subject_from_callable(roc_auc_score, family="scored", undefined="nan")
    agreed = check_reference(auc, "roc_auc", profile=profile, seed_value=0)
    assert agreed.outcome is Outcome.NOT_REFUTED
    assert agreed.n_cases == 100
    ap = subject_from_callable(average_precision_score, family="scored", undefined="nan")
    found = check_reference(ap, "roc_auc", profile=profile, seed_value=0)
    assert found.outcome is Outcome.REFUTED
    ours, theirs = found.example.entries
    assert ours.values is None
    assert theirs.values is None
    assert len(ours.inputs[0]) <= 4


def test_a_nominal_callable_may_take_a_multi_family_measure_as_its_reference():
    def accuracy_of(matrix):
        return float(np.trace(matrix) / matrix.sum())

    subject = subject_from_callable(accuracy_of, family="nominal", undefined="nan")
    verdict = check_reference(subject, "accuracy", profile=resolve_profile("ci"), seed_value=0)
    assert verdict.outcome is Outcome.NOT_REFUTED


def test_a_reference_of_another_family_or_unknown_name_is_refused():
    subject = subject_from_callable(nmd_gold_first, family="oq", signature="gold,system")
    with pytest.raises(InvalidParameterError, match="reference='accuracy' is a oc measure"):
        check_reference(subject, "accuracy", profile=resolve_profile("ci"), seed_value=0)
    with pytest.raises(UnknownMeasureError, match="did you mean 'nmd'"):
        check_reference(subject, "nmdd", profile=resolve_profile("ci"), seed_value=0)
