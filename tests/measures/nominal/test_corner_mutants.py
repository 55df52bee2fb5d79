"""The nominal corner mutants (``benchmarks/mutants_nominal.py``): real bugs, found at ``ci``.

The suite covers every nominal claim, and the controls (correct measures,
some float-noise-prone) satisfy their claims on every proof of those
claims.  That every proof refutes its mutant, that the checker at ``ci``
refutes every mutant (the bounded pass alone: all of them are in bound) and
no control is tested with the whole suite in ``tests/checker/test_mutants.py``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

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
