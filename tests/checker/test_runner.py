"""The claim runner's budgets: shrinking, giving up, and NumPy's global generator."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import numpy as np
import pytest

from axiometrics.checker import hypothesis_internals, runner
from axiometrics.checker.profiles import PROFILES, SHRINK_BUDGET
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Tolerance
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import get_claim
from axiometrics.registry import default_registry


def _run(measure: str, claim_name: str, **profile_changes: object):
    subject = Subject(default_registry().get(measure))
    profile = replace(PROFILES["ci"], **profile_changes)
    return runner.run_claim(
        subject, get_claim(claim_name), profile=profile, seed_value=0, tolerance=Tolerance()
    )


def _items(verdict) -> int:
    return sum(int(a.sum()) for entry in verdict.example.entries for a in entry.inputs)


def test_the_ci_and_dev_profiles_bound_shrinking_and_thorough_does_not():
    assert PROFILES["ci"].shrink_budget == SHRINK_BUDGET
    assert PROFILES["dev"].shrink_budget == SHRINK_BUDGET
    assert PROFILES["thorough"].shrink_budget is None


def test_a_spent_shrink_budget_still_reports_a_refutation_with_its_counterexample():
    verdict = _run("kappa_linear", "ordinal_monotonicity", shrink_budget=0)
    assert verdict.outcome is Outcome.REFUTED
    assert verdict.example is not None
    assert len(verdict.example.entries) == 2
    scores = [entry.score for entry in verdict.example.entries]
    # The reported case is a genuine counterexample: the improvement does not score better.
    assert scores[1] <= scores[0]


def test_a_shrink_budget_reports_the_simplest_counterexample_seen_so_far():
    unshrunk = _run("kappa_linear", "ordinal_monotonicity", shrink_budget=0)
    bounded = _run("kappa_linear", "ordinal_monotonicity", shrink_budget=SHRINK_BUDGET)
    full = _run("kappa_linear", "ordinal_monotonicity", shrink_budget=None)
    assert unshrunk.n_cases == bounded.n_cases == full.n_cases
    assert _items(full) <= _items(bounded) <= _items(unshrunk)


def test_a_claim_with_no_case_inside_is_not_applicable_after_the_give_up_budget():
    verdict = _run("pearson", "constant_system_discrimination")
    assert verdict.outcome is Outcome.NOT_APPLICABLE
    assert verdict.n_cases == 0
    assert verdict.n_outside == runner.GIVE_UP_AFTER


def test_running_a_claim_leaves_numpys_global_generator_as_it_was():
    np.random.seed(12345)  # noqa: NPY002 - the global generator is under test
    before = np.random.get_state()  # noqa: NPY002
    _run("mae_macro", "well_defined")
    after = np.random.get_state()  # noqa: NPY002
    assert before[0] == after[0]
    np.testing.assert_array_equal(before[1], after[1])
    assert before[2:] == after[2:]


@pytest.mark.parametrize("seed_value", [0, 7])
def test_a_measure_drawing_from_numpys_global_generator_sees_a_stream_fixed_by_the_seed(
    seed_value,
):
    draws = []
    for _ in range(2):
        with hypothesis_internals.numpy_seeded_once(seed_value):
            draws.append([np.random.random() for _ in range(3)])  # noqa: NPY002
    assert draws[0] == draws[1]


def test_an_undecided_search_is_not_run_twice_for_the_same_subject():
    subject = Subject(default_registry().get("mae_macro"))
    profile = PROFILES["ci"]
    quick = replace(profile, shrink=False)
    first = runner.run_claim(
        subject, get_claim("well_defined"), profile=profile, seed_value=0, tolerance=Tolerance()
    )
    again = runner.run_claim(
        subject,
        get_claim("well_defined"),
        profile=quick,
        seed_value=0,
        tolerance=Tolerance(),
        label="again",
    )
    assert first.outcome is again.outcome is Outcome.NOT_REFUTED
    assert (again.n_cases, again.n_outside) == (first.n_cases, first.n_outside)
    assert again.label == "again"
    assert again.profile == "ci"
    assert again.seconds == 0.0


def test_a_search_with_another_seed_or_subject_runs_afresh():
    registry = default_registry()
    subject = Subject(registry.get("mae_macro"))
    kwargs = {"profile": PROFILES["ci"], "tolerance": Tolerance()}
    first = runner.run_claim(subject, get_claim("identity"), seed_value=0, **kwargs)
    other_seed = runner.run_claim(subject, get_claim("identity"), seed_value=1, **kwargs)
    other_subject = runner.run_claim(
        Subject(registry.get("mae_macro")), get_claim("identity"), seed_value=0, **kwargs
    )
    assert first.seconds > 0
    assert other_seed.seconds > 0
    assert other_subject.seconds > 0


def test_precondition_discovery_reuses_the_main_runs_search_for_cem_ord():
    from axiometrics.checker import check

    result = check("cem_ord", ["ordinal_monotonicity"], settings="ci").result(
        "ordinal_monotonicity"
    )
    assert result.weakest_preconditions == ("no_empty_gold_class",)
    same = [v for v in result.discovery if v.preconditions == result.verdict.preconditions]
    assert same, "discovery re-checked the declared precondition set"
    assert same[0].outcome is result.verdict.outcome is Outcome.NOT_REFUTED
    assert same[0].n_cases == result.verdict.n_cases
    assert same[0].seconds == 0.0


def _plan(measure: str, claim_name: str):
    subject = Subject(default_registry().get(measure))
    the_claim = get_claim(claim_name)
    opts = the_claim.default_options()
    return subject, the_claim, opts, runner.plan_search(subject, the_claim, (), opts)


def test_the_search_reports_the_deciding_case_and_the_outcome_turns_it_into_a_refutation():
    # Without the bounded pass, which would decide this claim before the random search.
    random_only = dataclasses.replace(PROFILES["ci"], bound=0)
    subject, the_claim, opts, plan = _plan("kappa_linear", "ordinal_monotonicity")
    found = runner.search(
        subject,
        the_claim,
        plan,
        preconditions=(),
        opts=opts,
        profile=PROFILES["ci"],
        seed_value=0,
        tolerance=Tolerance(),
        database=None,
        targeting=PROFILES["ci"].targeting,
    )
    assert found.ending is not None
    assert found.cases >= 1
    outcome, example, reason = runner.outcome_of(found, "oc", universal=plan.universal)
    assert plan.universal
    assert outcome is Outcome.REFUTED
    assert example is not None
    assert len(example.entries) == 2
    assert reason == ""
    verdict = runner.run_claim(
        subject, the_claim, profile=random_only, seed_value=0, tolerance=Tolerance()
    )
    assert verdict.outcome is outcome
    assert verdict.bound is None
    assert verdict.n_cases == found.cases
    assert verdict.example.one_line() == example.one_line()


@pytest.mark.parametrize(
    ("universal", "cases", "expected"),
    [
        (True, 5, Outcome.NOT_REFUTED),
        (False, 5, Outcome.NOT_CONFIRMED),
        (True, 0, Outcome.NOT_APPLICABLE),
        (False, 0, Outcome.NOT_APPLICABLE),
    ],
)
def test_a_search_that_ended_without_a_deciding_case_is_undecided_or_not_applicable(
    universal, cases, expected
):
    found = runner.SearchResult(ending=None, cases=cases, outside=7)
    outcome, example, reason = runner.outcome_of(found, "oc", universal=universal)
    assert outcome is expected
    assert example is None
    if cases == 0:
        assert reason.startswith("no generated case lies inside the claim (7 tried")
    else:
        assert reason == ""


def test_a_claim_the_subject_cannot_take_is_not_applicable_before_any_search():
    subject = Subject(default_registry().get("nmd"))
    verdict = runner.run_claim(
        subject,
        get_claim("class_permutation_invariance"),
        profile=PROFILES["ci"],
        seed_value=0,
        tolerance=Tolerance(),
    )
    assert verdict.outcome is Outcome.NOT_APPLICABLE
    assert verdict.n_cases == 0
    assert verdict.reason
