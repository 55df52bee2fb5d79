"""The checker on the nominal family: every claim confirmed or refuted as each measure declares.

The checker has no special case for the family: the claims, procedures and
measures arrive through the plugin entry points.  Each nominal measure is
checked once (``ci`` profile) on every claim of its families; the verdicts
must match the declarations, refutations must come with a counterexample
of a handful of items, and a few verdicts are pinned by name because they
are the point of a claim (accuracy is not prevalence invariant, per-class
recall is, ...).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics.checker import Outcome, check
from axiometrics.claims import claims_for_family, get_claim
from axiometrics.declarations import NotApplicable, Violated
from axiometrics.measures.nominal import strategies as nom_st

NOMINAL = ax.default_registry().names("nominal")
NOMINAL_CLAIMS = [
    "class_permutation_invariance",
    "symmetry",
    "count_scale_invariance",
    "identity",
    "nominal_monotonicity",
    "prevalence_invariance",
    "true_negative_invariance",
    "chance_baseline",
    "well_defined",
]
PER_CLASS = ["precision", "recall", "f1", "fbeta", "specificity"]
#: Largest item count of one entry of a shrunk counterexample (a handful of items).
HANDFUL = 20


def test_the_family_has_the_nine_claims_of_issue_14_all_required():
    names = {c.name for c in claims_for_family("nominal")}
    assert names == set(NOMINAL_CLAIMS)
    assert all(get_claim(n).required for n in NOMINAL_CLAIMS)
    for name in NOMINAL_CLAIMS:
        assert get_claim(name).has_procedure("nominal"), name


def test_the_ordinal_claims_keep_their_families_and_gain_only_the_nominal_procedure():
    assert get_claim("symmetry").families[:2] == ("oc", "oq")
    assert "nominal" in get_claim("symmetry").families
    assert get_claim("imbalance").families == ("oc",)


@pytest.mark.slow
@pytest.mark.parametrize("name", NOMINAL)
def test_every_nominal_claim_is_confirmed_or_refuted_as_declared(name):
    report = check(name, settings="ci")
    measure = ax.get_measure(name)
    checked = {r.claim for r in report.results}
    assert set(NOMINAL_CLAIMS) <= checked
    for result in report.results:
        assert result.mismatch is None, (name, result.claim, result.mismatch, result.verdict)
        verdict = result.verdict
        if isinstance(result.declared, Violated):
            assert verdict.outcome is Outcome.REFUTED, (name, result.claim)
        if verdict.outcome is Outcome.REFUTED and result.claim in NOMINAL_CLAIMS:
            example = verdict.example
            assert example is not None
            shown = [example.entries[k] for k in range(len(example.entries))]
            items = [float(np.sum(entry.inputs[0])) for entry in shown]
            if result.claim not in ("well_defined", "count_scale_invariance"):
                assert max(items) <= HANDFUL, (name, result.claim, items)
    if name in PER_CLASS:
        assert isinstance(measure.declaration("class_permutation_invariance"), NotApplicable)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "claim", "outcome"),
    [
        ("accuracy", "prevalence_invariance", Outcome.REFUTED),
        ("maac", "prevalence_invariance", Outcome.NOT_REFUTED),
        ("recall", "prevalence_invariance", Outcome.NOT_REFUTED),
        ("precision", "true_negative_invariance", Outcome.NOT_REFUTED),
        ("f1", "true_negative_invariance", Outcome.NOT_REFUTED),
        ("specificity", "true_negative_invariance", Outcome.REFUTED),
        ("cohen_kappa", "chance_baseline", Outcome.NOT_REFUTED),
        ("mcc", "chance_baseline", Outcome.NOT_REFUTED),
        ("f1_macro", "chance_baseline", Outcome.REFUTED),
        ("mcc", "nominal_monotonicity", Outcome.REFUTED),
        ("f1_macro", "nominal_monotonicity", Outcome.NOT_REFUTED),
        ("precision_macro", "identity", Outcome.REFUTED),
        ("jaccard_macro", "identity", Outcome.NOT_REFUTED),
    ],
)
def test_the_verdicts_that_make_each_claims_point(name, claim, outcome):
    report = check(name, [claim], settings="ci", variants=False)
    assert report.verdict(claim).outcome is outcome


def test_the_shared_measures_check_the_ordinal_claims_with_the_ordinal_procedures():
    report = check("accuracy", ["symmetry", "imbalance", "chance_baseline"], variants=False)
    assert report.family == "oc"
    assert report.verdict("imbalance").outcome is Outcome.REFUTED
    # chance_baseline has only a nominal procedure: checked as a nominal claim
    assert report.verdict("chance_baseline").outcome is Outcome.REFUTED
    example = report.verdict("chance_baseline").example
    assert example is not None
    assert example.family == "nominal"


def test_the_weakest_precondition_of_informedness_chance_baseline_is_found():
    report = check("informedness", ["chance_baseline"], settings="ci")
    result = report.result("chance_baseline")
    assert result.verdict.outcome is Outcome.NOT_REFUTED
    without = result.variant("without preconditions")
    assert without is not None
    assert without.outcome is Outcome.REFUTED


@pytest.mark.parametrize("name", PER_CLASS)
@settings(max_examples=60, deadline=None, derandomize=True)
@given(relabelling=nom_st.relabellings(max_classes=5, max_count=30), data=st.data())
def test_per_class_measures_are_invariant_when_the_positive_class_follows_its_label(
    name, relabelling, data
):
    """The form of class_permutation_invariance the checker cannot bind: positive = σ(k)."""
    c = relabelling.matrix.shape[0]
    k = data.draw(st.integers(0, c - 1))
    before = ax.get_scorer(name).with_params(positive=k).evaluate(relabelling.matrix)
    after = (
        ax.get_scorer(name)
        .with_params(positive=int(relabelling.permutation[k]))
        .evaluate(relabelling.relabelled)
    )
    assert bool(before.undefined) == bool(after.undefined)
    if not before.undefined:
        assert float(after.scores) == pytest.approx(float(before.scores), rel=1e-12, abs=1e-15)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(nom_st.true_negative_changes(max_classes=4, max_count=30))
def test_true_negative_changes_touch_no_cell_of_the_positive_class(change):
    k = nom_st.POSITIVE_CLASS
    assert change.changed.sum() > 0
    np.testing.assert_array_equal(change.changed[k], change.matrix[k])
    np.testing.assert_array_equal(change.changed[:, k], change.matrix[:, k])
    assert not np.array_equal(change.changed, change.matrix)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(nom_st.corrections(max_classes=4, max_count=30))
def test_corrections_move_one_item_to_its_gold_class(change):
    diff = change.changed - change.matrix
    assert diff.sum() == 0
    assert np.trace(diff) == 1
    assert np.array_equal(change.changed.sum(axis=0), change.matrix.sum(axis=0))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(nom_st.gold_class_rescalings(max_classes=4, max_count=30))
def test_gold_class_rescalings_scale_one_column(change):
    changed_columns = np.flatnonzero(np.any(change.changed != change.matrix, axis=0))
    assert changed_columns.size == 1
    j = int(changed_columns[0])
    ratio = change.changed[:, j].sum() / change.matrix[:, j].sum()
    np.testing.assert_array_equal(change.changed[:, j], change.matrix[:, j] * ratio)


def test_impossible_strategy_options_raise_invalid_argument():
    from hypothesis.errors import InvalidArgument

    with pytest.raises(InvalidArgument):
        nom_st.relabellings(min_classes=5, max_classes=3)
    with pytest.raises(InvalidArgument):
        nom_st.gold_class_rescalings(max_factor=1)


def test_constant_systems_put_every_item_in_one_class():
    systems = nom_st.constant_systems(np.array([2, 0, 3]))
    assert systems.shape == (3, 3, 3)
    for k in range(3):
        np.testing.assert_array_equal(systems[k].sum(axis=0), [2, 0, 3])
        assert systems[k][k].sum() == 5
