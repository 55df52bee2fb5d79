from __future__ import annotations

import sys
from importlib.metadata import EntryPoint

import numpy as np
import pytest
from hypothesis import find, settings

import axiometrics.registry as registry_module
from axiometrics import claims
from axiometrics.catalogues import isolated_catalogues
from axiometrics.checker import Case, Decision, Procedure, check
from axiometrics.checker.cases import CaseRequest
from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.family import get_family
from axiometrics.registry import Registry

BUILTIN = {
    "ordinal_invariance",
    "ordinal_monotonicity",
    "imbalance",
    "symmetry",
    "priority_preservation",
    "priority_violation",
    "constant_system_discrimination",
    "point_mass_monotonicity",
    "mass_transfer_monotonicity",
    "identity",
    "well_defined",
    "count_scale_invariance",
}


def test_the_builtin_claims_are_the_twelve_of_the_design():
    names = {c.name for c in claims.registered_claims()}
    assert names >= BUILTIN


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_every_builtin_claim_has_a_checking_procedure_for_each_of_its_families(name):
    claim = claims.get_claim(name)
    assert claim.logic
    assert claim.statement
    for family in claim.families:
        procedure = claim.procedure(family)
        assert isinstance(procedure, Procedure)
        strategy = procedure.cases(CaseRequest(family, max_classes=4, max_count=5))
        case = find(strategy, lambda c: True, settings=settings(database=None, derandomize=True))
        assert isinstance(case, Case)
        if get_family(family).class_values:  # else the last axis holds items: one is valid
            assert case.n_classes >= 2
        assert len(case.names) == case.n_entries


def test_strict_claims_cap_the_counts_and_others_inherit_the_defaults():
    assert claims.get_claim("ordinal_monotonicity").default_options()["max_count"] == (
        claims.STRICT_MAX_COUNT
    )
    defaults = claims.get_claim("symmetry").default_options()
    assert defaults == dict(claims.CLAIM_OPTIONS)
    assert claims.get_claim("imbalance").default_options()["min_classes"] == 3


def test_a_missing_procedure_is_reported_with_the_families_it_has():
    with pytest.raises(UnknownClaimError, match="no checking procedure for family='oq'"):
        claims.get_claim("imbalance").procedure("oq")


def test_unknown_claim_names_get_suggestions():
    with pytest.raises(UnknownClaimError, match="did you mean 'symmetry'"):
        claims.get_claim("symetry")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"procedures": {"oq": "x:y"}}, "procedures given for families"),
        ({"options": {"colour": 1}}, "unknown option"),
        ({"options": {"spacing": "wide"}}, "spacing must be one of"),
        ({"options": {"min_classes": 4, "max_classes": 3}}, "min_classes <= max_classes"),
        ({"form": "sometimes"}, "form must be"),
        ({"families": ()}, "at least one family"),
    ],
)
def test_register_claim_rejects_malformed_claims(kwargs, message):
    base = {
        "name": "test_malformed_claim",
        "title": "t",
        "families": ("oc",),
        "form": "universal",
        "statement": "s",
    }
    with pytest.raises(RegistrationError, match=message):
        claims.register_claim(claims.Claim(**{**base, **kwargs}))
    assert "test_malformed_claim" not in {c.name for c in claims.registered_claims()}


def test_a_duplicate_claim_name_is_rejected():
    with pytest.raises(RegistrationError, match="already registered"):
        claims.register_claim(claims.get_claim("symmetry"))


def test_a_broken_lazy_reference_fails_with_the_claim_and_reference():
    broken = claims.Claim(
        "test_broken_reference",
        "t",
        ("oc",),
        "universal",
        "s",
        procedures={"oc": "axiometrics.measures.oc.procedures:NO_SUCH_THING"},
    )
    with pytest.raises(RegistrationError, match="cannot resolve reference"):
        broken.procedure("oc")


def test_builtin_preconditions_compose_on_a_batch_of_matrices():
    m = np.array(
        [
            [[1, 0], [0, 1]],  # both classes in gold and system
            [[1, 1], [0, 0]],  # gold full, system class 1 empty
            [[1, 0], [1, 0]],  # gold class 1 empty
        ]
    )
    values = np.arange(2.0)
    gold = claims.get_precondition("no_empty_gold_class").holds("oc", m, values=values)
    system = claims.get_precondition("no_empty_system_class").holds("oc", m, values=values)
    assert gold.tolist() == [True, True, False]
    assert system.tolist() == [True, False, True]
    assert (gold & system).tolist() == [True, False, False]


def test_oq_preconditions_read_zero_bins_and_uniform_golds():
    p = np.array([[0.5, 0.5, 0.0], [0.2, 0.3, 0.5]])
    q = np.array([[1 / 3, 1 / 3, 1 / 3], [0.1, 0.1, 0.8]])
    values = np.arange(3.0)
    assert claims.get_precondition("gold_not_uniform").holds(
        "oq", p, q, values=values
    ).tolist() == [
        False,
        True,
    ]
    assert claims.get_precondition("no_zero_bin").holds("oq", p, q, values=values).tolist() == [
        False,
        True,
    ]
    uneven = np.array([0.0, 1.0, 3.0])
    assert not claims.get_precondition("equidistant_values").holds("oq", p, q, values=uneven).any()


# -- third-party claims ------------------------------------------------------------------


def _score_above_half_cases(request):
    from axiometrics.measures.oc.strategies import confusion_matrices

    return confusion_matrices(max_classes=3, max_count=5).map(
        lambda m: Case.single((m,), names=("M",))
    )


def _score_above_half(case, observation, judge):
    score = float(observation.scores[0])
    return Decision.verdict(score > 0.5, f"score {score}")


THIRD_PARTY_CLAIM = claims.Claim(
    "test_scores_above_half_somewhere",
    "Scores above one half somewhere",
    ("oc",),
    "existential",
    "Some confusion matrix scores above 0.5.",
    procedures={"oc": Procedure(cases=_score_above_half_cases, decide=_score_above_half)},
)


@pytest.fixture
def third_party_claim(monkeypatch):
    registry_module.default_registry()  # the built-in plugins load before the fake group
    module = type(sys)("axiometrics_test_claims_plugin")
    module.CLAIMS = [THIRD_PARTY_CLAIM]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    ep = EntryPoint("test-claims", f"{module.__name__}:CLAIMS", "axiometrics.claims")

    def fake_entry_points(group):
        return [ep] if group == "axiometrics.claims" else []

    monkeypatch.setattr(registry_module, "entry_points", fake_entry_points)
    with isolated_catalogues():
        yield THIRD_PARTY_CLAIM


def test_a_claim_from_the_entry_point_group_is_registered_and_checkable(third_party_claim):
    Registry().load_entry_points()
    assert claims.get_claim(third_party_claim.name) is third_party_claim

    def accuracy(matrix):
        return np.trace(matrix) / matrix.sum()

    report = check(accuracy, [third_party_claim.name], family="oc")
    verdict = report.verdict(third_party_claim.name)
    assert verdict.outcome.value == "confirmed"
    assert verdict.example is not None
    assert verdict.example.scores[0] > 0.5


def test_an_existential_claim_without_witness_is_not_confirmed(third_party_claim):
    claims.register_claim(third_party_claim, plugin="test")
    report = check(lambda m: 0.25, [third_party_claim.name], family="oc", max_examples=30)
    verdict = report.verdict(third_party_claim.name)
    assert verdict.outcome.value == "not_confirmed"
    assert verdict.n_cases == 30
