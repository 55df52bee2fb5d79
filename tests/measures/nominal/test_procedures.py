"""The checker on the nominal family: every claim confirmed or refuted as each measure declares.

The checker has no special case for the family: the claims, procedures and
measures arrive through the plugin entry points.  Each nominal measure's
verdicts on every claim of its families (``ci`` profile, read from the
committed report, which ``tests/report/test_committed_report.py`` re-checks)
must match the declarations, refutations must come with a counterexample
of a handful of items, and a few verdicts are pinned by name because they
are the point of a claim (accuracy is not prevalence invariant, per-class
recall is, ...).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics.checker import Outcome, check
from axiometrics.checker.cases import CaseRequest
from axiometrics.claims import STRICT_MAX_COUNT, claims_for_family, get_claim
from axiometrics.declarations import NotApplicable, Violated
from axiometrics.measures.nominal import procedures as nom_proc
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
#: Largest item count of one entry of a shrunk counterexample (a handful of items),
#: unless the counterexample sits at the rare-class corner (a gold class under 0.5 % of
#: the items needs more than 200 items in all).
HANDFUL = 30


def _at_the_rare_class_corner(matrix: np.ndarray) -> bool:
    gold = np.asarray(matrix).sum(axis=0)
    return bool(np.any((gold > 0) & (gold < 0.005 * gold.sum())))


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


@pytest.mark.parametrize("name", NOMINAL)
def test_every_nominal_claim_is_confirmed_or_refuted_as_declared(committed, name):
    # The committed report's verdicts (tests/measures/conftest.py): re-checked there, not here.
    rows = committed.rows(name)
    measure = ax.get_measure(name)
    assert set(NOMINAL_CLAIMS) <= set(rows)
    for claim, row in rows.items():
        assert row["mismatch"] is None, (name, claim, row["summary"])
        if isinstance(measure.declaration(claim), Violated):
            assert row["outcome"] == Outcome.REFUTED.value, (name, claim)
        if row["outcome"] == Outcome.REFUTED.value and claim in NOMINAL_CLAIMS:
            shown = [inputs[0] for inputs in committed.inputs(row)]
            items = [float(np.sum(matrix)) for matrix in shown]
            if claim not in ("well_defined", "count_scale_invariance"):
                rare = any(_at_the_rare_class_corner(matrix) for matrix in shown)
                assert rare or max(items) <= HANDFUL, (name, claim, items)
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
    np.testing.assert_allclose(change.changed[:, j], change.matrix[:, j] * ratio, rtol=1e-12)
    # Measures on item lists: whole counts (an integer k or a ratio p/q of whole columns).
    np.testing.assert_array_equal(change.changed, np.round(change.changed))


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


# -- the procedures reach each claim's domain (issue 23) ------------------------------------

REACH = settings(
    max_examples=2000,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.generate],
)
EVERY = settings(max_examples=40, deadline=None, derandomize=True, database=None)
#: A request for a registered measure (real counts) and for a callable on label vectors.
REAL = CaseRequest(family="nominal")
LABELS = CaseRequest(family="nominal", max_count=20, max_items=5000)


def _procedure(claim):
    return get_claim(claim).procedure("nominal")


def _entries(case):
    return [case.entry(k)[0] for k in range(case.n_entries)]


def _request(claim, base):
    return replace(
        base, max_count=min(base.max_count, get_claim(claim).default_options()["max_count"])
    )


def test_the_shared_claims_use_the_nominal_procedures():
    for claim in ("symmetry", "well_defined", "count_scale_invariance", "identity"):
        assert _procedure(claim) is getattr(nom_proc, claim.upper())


@pytest.mark.parametrize(
    ("claim", "description", "condition"),
    [
        ("well_defined", "a count past the int64 products", lambda ms: ms[0].max() > 3.04e9),
        ("symmetry", "a count past 2**24", lambda ms: max(m.max() for m in ms) > 2**24),
        (
            "class_permutation_invariance",
            "a count past 2**24",
            lambda ms: max(m.max() for m in ms) > 2**24,
        ),
        (
            "identity",
            "a perfect system past 2**31 beside an imperfect one within the cap",
            lambda ms: ms[2].max() > 2**31 and ms[1].max() <= STRICT_MAX_COUNT,
        ),
        (
            "chance_baseline",
            "a gold class of more than 1000 items",
            lambda ms: max(m.sum(axis=0).max() for m in ms) > 1000,
        ),
        ("chance_baseline", "a gold class past 2**31", lambda ms: max(m.max() for m in ms) > 2**31),
        (
            "prevalence_invariance",
            "a gold class scaled under one item",
            lambda ms: 0 < ms[1].sum(axis=0)[ms[1].sum(axis=0) > 0].min() < 1,
        ),
        (
            "prevalence_invariance",
            "a decimal rounding tie scaled by a decimal fraction",
            lambda ms: len(ms) > 2 and ms[2].sum() in {2 * 10**d for d in range(1, 7)},
        ),
        (
            "count_scale_invariance",
            "a decimal rounding tie scaled by a decimal fraction",
            lambda ms: len(ms) > 2 and ms[2].sum() in {2 * 10**d for d in range(1, 7)},
        ),
        (
            "true_negative_invariance",
            "a fractional true-negative count",
            lambda ms: not np.array_equal(ms[1], np.round(ms[1])),
        ),
        (
            "nominal_monotonicity",
            "a companion of 12 classes near the cap (more than 10**4 items)",
            lambda ms: max(m.sum() for m in ms) > 10**4,
        ),
    ],
)
def test_the_procedures_reach_the_corners_of_their_claims(claim, description, condition):
    cases = _procedure(claim).cases(_request(claim, REAL))
    # find() reports the case it found; a yes/no keeps that report short.
    reached = cases.map(lambda c: bool(condition(_entries(c))))
    assert find(reached, lambda ok: ok, settings=REACH), description


@pytest.mark.parametrize(
    "claim",
    [
        "class_permutation_invariance",
        "symmetry",
        "well_defined",
        "count_scale_invariance",
        "identity",
        "nominal_monotonicity",
        "prevalence_invariance",
        "true_negative_invariance",
        "chance_baseline",
    ],
)
def test_measures_on_label_vectors_get_whole_counts_within_their_caps(claim):
    # Cells stay within the cap, but for the claim's own transformation: a correction
    # adds an item, a perfect system gathers a gold class, k scales a column (k <= 5).
    cap = {"identity": 12 * 20, "nominal_monotonicity": 21, "prevalence_invariance": 5 * 20}

    @EVERY
    @given(_procedure(claim).cases(_request(claim, LABELS)))
    def check(case):
        for m in _entries(case):
            assert np.array_equal(m, np.round(m)), claim
            if claim == "count_scale_invariance":
                assert m.sum() <= 5000
            else:
                assert m.max() <= cap.get(claim, 20), claim

    check()


@EVERY
@given(_procedure("nominal_monotonicity").cases(_request("nominal_monotonicity", REAL)))
def test_monotonicity_checks_every_correction_of_the_drawn_system(case):
    entries = _entries(case)
    for before, after in zip(entries[::2], entries[1::2], strict=True):
        diff = after - before
        assert diff.sum() == 0
        assert np.trace(diff) == 1
        assert before.max() <= STRICT_MAX_COUNT
    drawn = entries[-2]
    wrong = int(np.count_nonzero(drawn - np.diag(np.diag(drawn))))
    assert sum(np.array_equal(b, drawn) for b in entries[::2]) >= wrong


@EVERY
@given(_procedure("identity").cases(_request("identity", REAL)))
def test_identity_cases_hold_the_strict_cap_on_the_imperfect_system_only(case):
    perfect, imperfect, large = _entries(case)
    assert imperfect.max() <= STRICT_MAX_COUNT
    np.testing.assert_array_equal(perfect, np.diag(imperfect.sum(axis=0)))
    assert np.count_nonzero(large - np.diag(np.diag(large))) == 0


def test_identity_leaves_out_an_undefined_large_perfect_system():
    from axiometrics.checker.cases import Case, Observation
    from axiometrics.checker.tolerance import Judge, Tolerance

    mats = np.stack([np.diag([1, 1]), np.array([[1, 1], [0, 0]]), np.diag([5, 0])])
    case = Case((mats,), np.arange(2.0), ("perfect", "imperfect", "large perfect"))
    judge = Judge(Tolerance(), higher_is_better=True, optimum=1.0)
    obs = Observation(np.array([1.0, 0.5, np.nan]), np.array([False, False, True]))
    assert nom_proc.IDENTITY.decide(case, obs, judge).status == "holds"
    two = Case((mats[:2],), np.arange(2.0), ("perfect", "imperfect"))
    obs = Observation(np.array([1.0, 1.0]), np.array([False, False]))
    assert nom_proc.IDENTITY.decide(two, obs, judge).status == "fails"
    obs = Observation(np.array([1.0, 0.5, 0.9]), np.zeros(3, dtype=bool))
    decision = nom_proc.IDENTITY.decide(case, obs, judge)
    assert decision.status == "fails"
    assert decision.entries == (2,)


@pytest.mark.parametrize(
    "claim",
    [
        "class_permutation_invariance",
        "symmetry",
        "true_negative_invariance",
        "prevalence_invariance",
    ],
)
def test_scaled_copies_keep_the_pair_relation_past_2_to_the_24(claim):
    @EVERY
    @given(_procedure(claim).cases(_request(claim, REAL)))
    def check(case):
        entries = _entries(case)
        if not case.names[2:3] or "*" not in case.names[2]:
            return
        first, second, first_copy, second_copy = entries[:4]
        factor = first_copy.max() / first.max() if first.max() else second_copy.max() / second.max()
        assert float(factor).is_integer()
        np.testing.assert_array_equal(first_copy, first * factor)
        np.testing.assert_array_equal(second_copy, second * factor)
        largest = max(first.max(), second.max())
        assert max(first_copy.max(), second_copy.max()) > 2**24 - largest
        if largest < 2**24:  # a pair already past 2**24 (a huge k or count) is scaled 1 or 2 times
            assert max(first_copy.max(), second_copy.max()) < 2**31

    check()


def test_pairs_the_measure_is_undefined_on_are_left_out():
    from axiometrics.checker.cases import Case, Observation
    from axiometrics.checker.tolerance import Judge, Tolerance

    mats = np.stack([np.eye(2), np.eye(2), np.ones((2, 2)), np.ones((2, 2))])
    case = Case((mats,), np.arange(2.0), ("M", "M.T", "M2", "M2.T"))
    judge = Judge(Tolerance(), higher_is_better=True, optimum=1.0)
    undefined_first = np.array([True, False, False, False])
    obs = Observation(np.array([np.nan, 1.0, 0.5, 0.75]), undefined_first)
    decision = nom_proc.SYMMETRY.decide(case, obs, judge)
    assert decision.status == "fails"
    assert decision.entries == (2, 3)
    obs = Observation(np.array([np.nan, 1.0, 0.5, np.nan]), np.array([True, False, False, True]))
    assert nom_proc.SYMMETRY.decide(case, obs, judge).status == "outside"
    better = Observation(np.array([np.nan, 1.0, 0.5, 0.75]), undefined_first)
    assert nom_proc.NOMINAL_MONOTONICITY.decide(case, better, judge).status == "holds"
