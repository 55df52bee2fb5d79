import math
from fractions import Fraction

import numpy as np
import pytest

from axiometrics import Holds, InvalidParameterError, Measure, Param, Range, Reference, Violated


def make(**kw):
    fields = {"name": "m", "family": "oc", "higher_is_better": True, "range": Range(0, 1)}
    fields.update(kw)
    return Measure(**fields)


def test_measures_are_immutable_value_objects():
    m = make()
    with pytest.raises(AttributeError):
        m.name = "other"  # type: ignore[misc]
    assert make() == make()
    assert hash(make()) == hash(make())
    assert make() != make(name="n")


def test_claim_declarations_are_read_only():
    m = make(claims={"symmetry": Holds()})
    with pytest.raises(TypeError):
        m.claims["symmetry"] = Violated()  # type: ignore[index]


def test_binding_parameters_returns_a_new_measure_with_defaults_filled():
    m = make(params=(Param("n", int, default=1, minimum=0),))
    assert dict(m.bound) == {"n": 1}
    m2 = m.with_params(n=3)
    assert dict(m2.bound) == {"n": 3}
    assert dict(m.bound) == {"n": 1}
    assert str(m) == "m"
    assert str(m2) == "m(n=3)"
    assert m != m2


@pytest.mark.parametrize(
    ("param", "value", "message"),
    [
        (Param("n", int, 1, minimum=0), 1.5, r"n=1.5: expected int >= 0"),
        (Param("n", int, 1, minimum=0), True, r"n=True: expected int"),
        (Param("x", float, 0.5, maximum=1), 2, r"x=2.0: expected float <= 1"),
        (Param("x", float, 0.5), math.nan, r"x=nan: expected float"),
        (Param("s", str, "a", choices=("a", "b")), "c", r"s='c': expected str in \['a', 'b'\]"),
        (Param("b", bool, False), 1, r"b=1: expected bool"),
    ],
)
def test_parameter_validation_names_the_parameter_and_the_expectation(param, value, message):
    with pytest.raises(InvalidParameterError, match=message):
        param.validate(value, measure="m")


def test_range_and_reference_render_for_tables():
    assert str(Range(0, math.inf)) == "[0, inf]"
    assert str(Range(-1, 1)) == "[-1, 1]"
    assert str(Reference("Sakai 2021", "eq. 1")) == "Sakai 2021, eq. 1"
    with pytest.raises(ValueError, match="lower <= upper"):
        Range(1, 0)


def test_direction_aware_comparison():
    assert make().is_better(0.9, 0.1)
    assert make(higher_is_better=False).is_better(0.1, 0.9)


def test_declaration_labels():
    assert Holds(preconditions=("no_empty_gold_class",)).label == "holds if no_empty_gold_class"
    assert Holds().label == "holds"
    assert Violated().label == "violated"


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        (int, np.int64(2), 2),
        (int, np.uint8(3), 3),
        (int, 10**30, 10**30),
        (float, np.float32(0.5), 0.5),
        (float, np.float64(0.25), 0.25),
        (float, np.int64(1), 1.0),
        (float, Fraction(1, 4), 0.25),
        (bool, np.bool_(True), True),
        (str, np.str_("a"), "a"),
    ],
)
def test_numpy_scalars_are_accepted_and_converted_to_the_builtin_type(kind, value, expected):
    converted = Param("p", kind, expected).validate(value, measure="m")
    assert converted == expected
    assert type(converted) is kind


@pytest.mark.parametrize(
    ("param", "value", "message"),
    [
        (Param("n", int, 1), np.bool_(True), r"n=np\.True_: expected int$"),
        (Param("n", int, 1), np.float64(2.0), r"n=np\.float64\(2\.0\): expected int$"),
        (Param("x", float, 0.5), np.bool_(False), r"x=np\.False_: expected float \(a finite"),
        (Param("x", float, 0.5), math.inf, r"x=inf: expected float \(a finite float\)$"),
        (Param("x", float, 0.5), -math.inf, r"x=-inf: expected float \(a finite float\)$"),
        (Param("x", float, 0.5), np.float32("nan"), r"x=np\.float32\(nan\): expected float \("),
        (Param("x", float, 0.5), 10**400, r"x=1000.*0: expected float \(a finite float\)$"),
        (Param("x", float, 0.5), "0.5", r"x='0\.5': expected float \(a finite float\)$"),
        (
            Param("k", int, 10, minimum=1, maximum=2**53),
            2**53 + 1,
            r"k=9007199254740993: expected int >= 1 and <= 9007199254740992$",
        ),
    ],
)
def test_values_outside_the_kind_or_range_are_refused_with_what_is_accepted(param, value, message):
    with pytest.raises(InvalidParameterError, match=rf"measure='m' parameter {message}"):
        param.validate(value, measure="m")


def test_a_measure_bound_with_numpy_scalars_prints_and_compares_like_builtins():
    m = make(params=(Param("n", int, default=1, minimum=0), Param("t", float, default=0.5)))
    bound = m.with_params(n=np.int64(2), t=np.float32(0.25))
    assert str(bound) == "m(n=2, t=0.25)"
    assert bound == m.with_params(n=2, t=0.25)
    assert hash(bound) == hash(m.with_params(n=2, t=0.25))
