"""Declarations that change with a parameter value (``Measure.claims_when``)."""

import numpy as np
import pytest

from axiometrics import (
    Holds,
    Measure,
    Param,
    Range,
    RegistrationError,
    Registry,
    UnknownClaimError,
    Violated,
    When,
)
from axiometrics.claims import claims_for_family

OC_CLAIMS = {c.name: Holds() for c in claims_for_family("oc")}
WEIGHT = Param("weight", float, 2.0, minimum=0.0)
MODE = Param("mode", str, "a", choices=("a", "b"))


def trace_share(matrices, *, values, weight=2.0, mode="a"):
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


def make(claims_when, **overrides):
    claims = dict(OC_CLAIMS, symmetry=Violated(note="weight 2 breaks it"))
    fields = {
        "name": "hits",
        "family": "oc",
        "higher_is_better": True,
        "range": Range(0, 1),
        "params": (WEIGHT, MODE),
        "claims": claims,
        "claims_when": claims_when,
    }
    fields.update(overrides)
    return Measure(**fields)


def register(measure):
    return Registry().register(measure, trace_share, plugin="p")


SYMMETRIC_AT_1 = When({"weight": 1.0}, {"symmetry": Holds(note="weight 1 is symmetric")})


def test_the_default_parameters_read_the_measures_own_declarations():
    measure = register(make((SYMMETRIC_AT_1,))).measure
    assert measure.declaration("symmetry").status == "violated"
    assert measure.declared_claims["symmetry"].status == "violated"


def test_binding_the_named_value_gives_the_parameter_declaration():
    measure = register(make((SYMMETRIC_AT_1,))).measure.with_params(weight=1)
    assert measure.declaration("symmetry") == Holds(note="weight 1 is symmetric")
    assert measure.declared_claims["symmetry"].status == "holds"
    assert measure.declaration("identity") == Holds()


def test_binding_another_value_again_reads_the_own_declaration():
    measure = register(make((SYMMETRIC_AT_1,))).measure
    assert measure.with_params(weight=1.0).with_params(weight=3.0).declaration(
        "symmetry"
    ).status == ("violated")


def test_a_when_of_several_parameters_needs_all_of_them():
    both = When({"weight": 1.0, "mode": "b"}, {"symmetry": Holds()})
    measure = register(make((both,))).measure
    assert measure.with_params(weight=1.0).declaration("symmetry").status == "violated"
    assert measure.with_params(weight=1.0, mode="b").declaration("symmetry").status == "holds"


def test_the_last_matching_when_wins():
    first = When({"weight": 1.0}, {"symmetry": Holds(note="first")})
    second = When({"mode": "b"}, {"symmetry": Violated(note="second")})
    measure = register(make((first, second))).measure.with_params(weight=1.0, mode="b")
    assert measure.declaration("symmetry").note == "second"


@pytest.mark.parametrize(
    ("claims_when", "message"),
    [
        (
            (When({"wieght": 1.0}, {"symmetry": Holds()}),),
            r"claims_when names no parameter of the measure: wieght=1.0; did you mean 'weight'",
        ),
        ((When({"weight": -1.0}, {"symmetry": Holds()}),), r"claims_when: .*weight=-1.0"),
        ((When({}, {"symmetry": Holds()}),), r"names no parameter; declare it in claims"),
        (
            (SYMMETRIC_AT_1, When({"weight": 1.0}, {"identity": Holds()})),
            r"two claims_when entries for the same parameters \{'weight': 1.0\}",
        ),
        (
            (When({"weight": 1.0}, {"symetry": Holds()}),),
            r"declares claim 'symetry', which the measure does not declare; did you mean "
            r"'symmetry'",
        ),
        (
            (When({"weight": 1.0}, {"symmetry": "holds"}),),
            r"declaration for claim 'symmetry' must be Holds, Violated or NotApplicable",
        ),
        (({"weight": 1.0},), r"claims_when entries must be When\(params, claims\)"),
    ],
)
def test_registration_refuses_a_bad_parameter_declaration(claims_when, message):
    with pytest.raises(RegistrationError, match=message):
        register(make(claims_when))


def test_registration_checks_the_preconditions_of_a_parameter_declaration():
    bad = When({"weight": 1.0}, {"symmetry": Holds(("no_such_condition",))})
    with pytest.raises(UnknownClaimError, match=r"claim 'symmetry'.*no_such_condition"):
        register(make((bad,)))


def test_when_holds_read_only_mappings():
    when = When({"weight": 1.0}, {"symmetry": Holds()})
    with pytest.raises(TypeError):
        when.params["weight"] = 2.0  # type: ignore[index]
    assert when.matches({"weight": 1.0, "mode": "a"})
    assert not when.matches({"mode": "a"})
