"""Weakest-precondition discovery, search targeting and corner decisions of the checker."""

from __future__ import annotations

import json

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.cases import Case
from axiometrics.checker.check import admitted_share, violated_preconditions
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Entry, Example, Outcome
from axiometrics.cli import main
from axiometrics.measures.oq.procedures import IDENTITY


@pytest.mark.parametrize(
    ("measure", "claim_name", "weakest"),
    [
        ("cem_ord", "ordinal_monotonicity", ("no_empty_gold_class",)),
        ("cem_ord", "imbalance", ("no_empty_gold_class",)),
        ("dnkt", "priority_violation", ("gold_not_uniform",)),
    ],
)
def test_the_checker_discovers_the_weakest_precondition_of_a_refuted_claim(
    measure, claim_name, weakest
):
    result = check(measure, [claim_name]).result(claim_name)
    assert result.weakest_preconditions == weakest
    assert result.weakest_label == " & ".join(weakest)
    assert any(
        v.preconditions == weakest and v.outcome is Outcome.NOT_REFUTED for v in result.discovery
    )


def test_the_report_shows_the_discovered_precondition():
    text = check("cem_ord", ["imbalance"]).render(examples=False)
    assert "weakest precondition found: no_empty_gold_class" in text


def test_no_discovery_runs_without_variants_or_when_asked_not_to():
    assert check("cem_ord", ["imbalance"], variants=False).result("imbalance").discovery == ()
    result = check("cem_ord", ["imbalance"], discover=False).result("imbalance")
    assert result.weakest_preconditions is None
    assert result.weakest_label == ""


def test_only_preconditions_the_counterexample_violates_are_candidates():
    matrix = np.array([[0, 0, 1], [0, 0, 0], [0, 0, 0]])
    example = Example("oc", (Entry("s", (matrix,), np.arange(3.0), 0.0),))
    candidates = ["no_empty_gold_class", "at_least_three_classes", "no_empty_system_class"]
    assert violated_preconditions(example, "oc", candidates) == [
        "no_empty_gold_class",
        "no_empty_system_class",
    ]


def test_admitted_share_counts_the_cases_every_precondition_lets_through():
    full = Case.single((np.eye(3, dtype=int),))
    hollow = Case.single((np.diag([1, 0, 1]),))
    assert admitted_share([full, hollow], "oc", ["no_empty_gold_class"]) == 0.5
    assert admitted_share([full, hollow], "oc", ["at_least_two_gold_classes"]) == 1.0
    assert admitted_share([], "oc", ["no_empty_gold_class"]) == 0.0


def test_the_check_command_prints_the_weakest_preconditions_as_json(capsys):
    code = main(["check", "cem_ord", "--claims", "imbalance", "--format", "json"])
    payload = json.loads(capsys.readouterr().out)
    assert code == 0
    assert payload["weakest_preconditions"] == {"imbalance": ["no_empty_gold_class"]}


@pytest.mark.slow
@pytest.mark.parametrize("settings", ["ci", "thorough"])
def test_linear_kappa_monotonicity_without_empty_classes_is_refuted_at_every_profile(settings):
    pres = ["no_empty_gold_class", "no_empty_system_class"]
    report = check(
        "kappa_linear",
        ["ordinal_monotonicity"],
        preconditions={"ordinal_monotonicity": pres},
        variants=False,
        settings=settings,
        seed=0,
    )
    verdict = report.verdict("ordinal_monotonicity")
    assert verdict.outcome is Outcome.REFUTED
    before, after = (entry.inputs[0] for entry in verdict.example.entries)
    for m in (before, after):
        assert np.all(m.sum(axis=0) > 0)
        assert np.all(m.sum(axis=1) > 0)
    assert before.sum() <= 8
    assert verdict.example.entries[1].score <= verdict.example.entries[0].score + 1e-9


def test_pearson_monotonicity_at_unequal_spacing_is_refuted_on_the_reviewed_case():
    before = np.array([[0, 0, 0], [0, 1, 0], [1, 1, 0]])
    after = np.array([[0, 0, 0], [0, 2, 0], [1, 0, 0]])
    case = Case((np.stack([before, after]),), np.array([0.0, 1.0, 3.0]), ("s", "s'"))
    from axiometrics.checker.check import resolve_subject
    from axiometrics.measures.oc.procedures import ORDINAL_MONOTONICITY

    subject = resolve_subject("pearson")
    obs = subject.observe(case)
    assert obs.scores.tolist() == pytest.approx([-0.5, -1.0])
    judge = Judge(Tolerance(), True, 1.0)
    assert ORDINAL_MONOTONICITY.decide(case, obs, judge).status == "fails"
    report = check("pearson", ["ordinal_monotonicity"])
    assert report.result("ordinal_monotonicity").variant("arbitrary spacing").outcome is (
        Outcome.REFUTED
    )


def _identity_case(p, q):
    return Case((np.stack([q, p]), np.stack([q, q])), np.arange(2.0), ("D(q, q)", "D(p, q)"))


def test_identity_asks_near_identical_pairs_for_an_exactly_worse_score():
    q = np.array([0.5, 0.5])
    p = np.array([0.5 + 1e-9, 0.5 - 1e-9])
    judge = Judge(Tolerance(), False, 0.0)
    from axiometrics.checker.cases import Observation

    tiny = Observation(np.array([0.0, 1e-18]), np.zeros(2, dtype=bool))
    assert IDENTITY.decide(_identity_case(p, q), tiny, judge).status == "holds"
    zero = Observation(np.array([0.0, 0.0]), np.zeros(2, dtype=bool))
    decision = IDENTITY.decide(_identity_case(p, q), zero, judge)
    assert decision.status == "fails"
    assert "max |p - q| = 1e-09" in decision.explanation


def test_margins_are_positive_inside_the_claim_and_not_above_zero_outside():
    judge = Judge(Tolerance(atol=0.0, rtol=1e-11), True)
    assert judge.equality_margin(1.0, 1.0) == 1.0
    assert judge.equality_margin(1.0, 1.1) < 0
    assert judge.strict_margin(1.1, 1.0) > 0
    assert judge.strict_margin(1.0, 1.0) == -1.0
    assert judge.strict_margin(1.0, 1.1) < -1.0


def test_a_thorough_run_replays_exactly_from_its_printed_seed():
    first = check("mae_micro", ["imbalance"], settings="thorough", max_examples=60, variants=False)
    again = check(
        "mae_micro",
        ["imbalance"],
        settings="thorough",
        max_examples=60,
        seed=first.seed,
        variants=False,
    )
    assert f"seed {first.seed}" in first.render(examples=False)
    one, two = first.verdict("imbalance"), again.verdict("imbalance")
    assert one.outcome is two.outcome is Outcome.REFUTED
    assert one.example.one_line() == two.example.one_line()


def test_linear_kappa_ties_on_the_documented_improvement_without_empty_classes():
    from axiometrics.checker.check import resolve_subject

    before = np.array([[0, 2, 0], [2, 0, 1], [1, 1, 0]])
    after = np.array([[0, 2, 0], [2, 1, 1], [1, 0, 0]])
    case = Case((np.stack([before, after]),), np.arange(3.0), ("s", "s'"))
    obs = resolve_subject("kappa_linear").observe(case)
    assert obs.scores.tolist() == pytest.approx([-0.4, -0.4])
    assert np.all(before.sum(axis=0) > 0)
    assert np.all(after.sum(axis=1) > 0)


@pytest.mark.parametrize(("settings", "aims"), [("ci", False), ("dev", False), ("thorough", True)])
def test_only_the_thorough_profile_aims_the_search_at_the_claims_boundary(
    monkeypatch, settings, aims
):
    from axiometrics.checker import runner

    labels: list[str] = []
    real_target = runner.target

    def spy(observation, *, label=""):
        labels.append(label)
        return real_target(observation, label=label)

    monkeypatch.setattr(runner, "target", spy)
    # bound=0: the bounded pass would refute the claim before the random search starts.
    check("mae_macro", claims=["symmetry"], settings=settings, max_examples=20, seed=0, bound=0)
    assert ("nearness to a counterexample" in labels) is aims


def test_no_discovery_runs_for_a_claim_the_measure_declares_violated():
    result = check("mae_macro", ["ordinal_invariance"]).result("ordinal_invariance")
    assert result.verdict.outcome is Outcome.REFUTED
    assert result.discovery == ()
    assert result.weakest_preconditions is None


def test_the_check_command_prints_a_thorough_seed_that_replays_the_run(capsys):
    import re

    args = ["check", "mae_micro", "--claims", "imbalance", "--profile", "thorough"]
    args += ["--max-examples", "40", "--format", "json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    seed = first["seed"]
    assert isinstance(seed, int)
    assert main([*args, "--seed", str(seed)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["seed"] == seed

    def timeless(payload):
        return re.sub(r'"seconds": [0-9.e-]+', "", json.dumps(payload, sort_keys=True))

    assert timeless(again) == timeless(first)
    assert main(args[:-2]) == 0
    assert re.search(r"profile thorough, seed \d+", capsys.readouterr().out)
