"""The nominal corner mutants (``benchmarks/mutants_nominal.py``): real bugs, found at ``ci``.

Every mutant's hand-made proof refutes it exactly as the checker decides a
case; the controls (correct measures, some float-noise-prone) satisfy their
claims on every proof of those claims; and the checker at the ``ci``
profile (seed 0) refutes every mutant and none of the controls.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import claims_for_family

_BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


def _load(name: str, filename: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, _BENCHMARKS / filename)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


mutants = _load("bench_mutants_for_nominal_corners", "mutants.py")
corner_suite = mutants.family_suite("nominal")
MUTANTS = corner_suite.corner_mutants(mutants.Mutant)
CONTROLS = corner_suite.corner_controls(mutants.Control)


def test_the_corner_suite_covers_every_nominal_claim_with_unique_names():
    names = [m.name for m in MUTANTS] + [c.name for c in CONTROLS]
    assert len(set(names)) == len(names)
    assert {m.claim for m in MUTANTS} == {c.name for c in claims_for_family("nominal")}
    assert {m.family for m in MUTANTS} == {"nominal"}


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_every_proof_refutes_its_mutant(mutant):
    decision = mutants.prove(mutant)
    assert decision.status == "fails", (mutant.name, decision.explanation)


@pytest.mark.parametrize("control", CONTROLS, ids=lambda c: c.name)
def test_the_controls_satisfy_their_claims_on_every_proof(control):
    for mutant in MUTANTS:
        if mutant.claim not in control.claims:
            continue
        item = mutants.Mutant(
            control.name,
            mutant.claim,
            "nominal",
            control.fn,
            "",
            "",
            mutant.proof,
            control.higher_is_better,
            control.optimum,
            control.score_range,
        )
        decision = mutants.prove(item)
        assert decision.status != "fails", (control.name, mutant.name, decision.explanation)


def _verdict(item: object, claim: str) -> Outcome:
    report = check(
        mutants.subject_of(item),
        [claim],
        settings="ci",
        max_examples=100,
        variants=False,
        discover=False,
    )
    return report.verdict(claim).outcome


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_checker_refutes_every_corner_mutant_at_ci(mutant):
    assert _verdict(mutant, mutant.claim) is Outcome.REFUTED


@pytest.mark.slow
@pytest.mark.parametrize("control", CONTROLS, ids=lambda c: c.name)
def test_the_checker_refutes_no_control(control):
    for claim in control.claims:
        item = SimpleNamespace(**vars(control), claim=claim)
        assert _verdict(item, claim) is Outcome.NOT_REFUTED, (control.name, claim)
