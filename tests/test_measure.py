import math

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
