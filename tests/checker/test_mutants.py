"""The public mutant suite: every proof refutes its mutant, the checker finds them all."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import registered_claims

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "mutants.py"
_SPEC = importlib.util.spec_from_file_location("bench_mutants", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
mutants = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = mutants
_SPEC.loader.exec_module(mutants)


def test_the_suite_has_at_least_forty_mutants_with_unique_names():
    names = [m.name for m in mutants.MUTANTS]
    assert len(names) >= 40
    assert len(set(names)) == len(names)


def test_the_mutants_cover_every_builtin_claim():
    covered = {m.claim for m in mutants.MUTANTS}
    assert covered == {c.name for c in registered_claims() if c.required}


def test_no_claim_has_fewer_than_two_mutants():
    counts = Counter(m.claim for m in mutants.MUTANTS)
    assert min(counts.values()) >= 2, counts


@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.name)
def test_each_mutants_proof_really_refutes_it(mutant):
    decision = mutants.prove(mutant)
    assert decision.status == "fails", decision.explanation


@pytest.mark.slow
def test_the_checker_refutes_at_least_95_percent_of_the_mutants_at_the_ci_profile():
    refuted = [
        m.name
        for m in mutants.MUTANTS
        if check(mutants.subject_of(m), [m.claim], variants=False, discover=False)
        .verdict(m.claim)
        .outcome
        is Outcome.REFUTED
    ]
    assert len(refuted) / len(mutants.MUTANTS) >= 0.95, sorted(
        {m.name for m in mutants.MUTANTS} - set(refuted)
    )


@pytest.mark.slow
@pytest.mark.parametrize("control", mutants.CONTROLS, ids=lambda c: c.name)
def test_no_control_is_refuted_at_the_ci_profile(control):
    report = check(mutants.subject_of(control), list(control.claims), variants=False)
    outcomes = {name: report.verdict(name).outcome for name in control.claims}
    assert all(o is Outcome.NOT_REFUTED for o in outcomes.values()), outcomes
