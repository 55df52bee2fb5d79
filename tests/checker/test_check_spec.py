"""One description of a measure under test (MeasureSpec) and of the search (CheckSettings)."""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

from axiometrics.checker import CheckSettings, MeasureSpec, Tolerance, check, resolve_subject
from axiometrics.checker.callables import subject_from_callable
from axiometrics.checker.settings import settings_default
from axiometrics.checker.spec import pyproject_keys, spec_default
from axiometrics.errors import InputTypeError, InvalidParameterError


def hits(matrix):
    """Share of the items on the diagonal."""
    m = np.asarray(matrix, dtype=float)
    return float(np.trace(m) / m.sum()) if m.sum() else 0.0


def distance_error(gold, system):
    """Mean absolute distance between label vectors."""
    return float(np.mean(np.abs(np.asarray(gold) - np.asarray(system))))


SPEC_FIELDS = [f.name for f in dataclasses.fields(MeasureSpec)]
SETTINGS_FIELDS = [f.name for f in dataclasses.fields(CheckSettings)]


def _defaults(func, names):
    params = inspect.signature(func).parameters
    return {
        n: params[n].default
        for n in names
        if n in params and params[n].default is not inspect.Parameter.empty
    }


@pytest.mark.parametrize("func", [check, resolve_subject, subject_from_callable])
def test_signature_defaults_are_the_specs(func):
    shared = _defaults(func, SPEC_FIELDS)
    assert len(shared) >= 11
    for name, default in shared.items():
        if name == "family":
            assert default is None
            assert spec_default("family") is None
            continue
        # Built with the function's default, the spec holds its own (``tolerance=None``: the
        # spec's default tolerance).
        built = MeasureSpec(hits, family="oc", **{name: default})
        assert getattr(built, name) == spec_default(name), name


def test_checks_search_keywords_default_to_the_settings():
    shared = _defaults(check, SETTINGS_FIELDS)
    shared["profile"] = inspect.signature(check).parameters["settings"].default
    assert set(shared) == set(SETTINGS_FIELDS)
    assert shared == {name: settings_default(name) for name in SETTINGS_FIELDS}


def test_every_spec_and_settings_field_is_a_check_keyword():
    params = set(inspect.signature(check).parameters)
    missing_spec = set(SPEC_FIELDS) - params - {"measure", "claims", "reference"}
    missing_settings = set(SETTINGS_FIELDS) - params - {"profile"}
    assert missing_spec == set()
    assert missing_settings == set()


def test_pyproject_keys_are_the_spec_fields():
    keys = pyproject_keys()
    expected = {"callable", "range"} | set(SPEC_FIELDS) - {"measure", "score_range"}
    assert set(keys) == expected
    assert len(keys) == len(SPEC_FIELDS)
    assert keys[0] == "callable"


def test_the_defaults_are_the_documented_ones():
    assert spec_default("call_timeout") == 5.0
    assert spec_default("undefined") is None  # the "error" policy
    assert spec_default("higher_is_better") is None  # True for a callable
    assert spec_default("tolerance") is None  # the dtype's, inferred when not declared
    assert spec_default("dtype") is None
    assert MeasureSpec(hits, family="oc").plan.higher_is_better is True
    assert MeasureSpec(hits, family="oc").plan.policy.kind == "error"
    assert settings_default("profile") == "ci"


def test_a_spec_is_immutable_and_validated_again_by_replace():
    spec = MeasureSpec(hits, family="oc")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.family = "oq"  # type: ignore[misc]
    with pytest.raises(InvalidParameterError, match=r"signature='gold;system': family 'oc'"):
        dataclasses.replace(spec, signature="gold;system")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"measure": hits}, InvalidParameterError, r"family= is required to check a bare callable"),
        (
            {"measure": "mae_macro", "higher_is_better": True},
            InvalidParameterError,
            r"options \['higher_is_better'\] apply to bare callables only",
        ),
        ({"measure": 3}, InputTypeError, r"measure=3: expected a registered name"),
        (
            {"measure": hits, "family": "oc", "call_timeout": -1},
            InvalidParameterError,
            r"call_timeout=-1: expected a number of seconds > 0",
        ),
        (
            {"measure": hits, "family": "oc", "claims": ["not_a_claim_xyz"]},
            LookupError,
            r"not_a_claim_xyz",
        ),
        (
            {"measure": hits, "family": "oc", "reference": "rnod"},
            InvalidParameterError,
            r"reference='rnod' is a oq measure, not 'oc'",
        ),
        (
            {"measure": hits, "family": "oc", "params": {"weights": 1}},
            InvalidParameterError,
            r"params key 'weights': callable 'hits' defined at .*test_check_spec.py",
        ),
    ],
)
def test_building_a_spec_validates_every_option(kwargs, error, message):
    with pytest.raises(error, match=message):
        MeasureSpec(**kwargs)


def test_a_reference_of_several_families_serves_a_callable_of_any_of_them():
    for family in ("oc", "nominal"):
        assert MeasureSpec(hits, family=family, reference="accuracy").reference == "accuracy"
    with pytest.raises(
        InvalidParameterError, match=r"reference='accuracy' is a oc/nominal measure"
    ):
        MeasureSpec(lambda system, gold: 0.0, family="oq", reference="accuracy")


def test_check_of_a_spec_with_settings_equals_check_with_keywords():
    keywords = check(
        distance_error,
        ["symmetry", "ordinal_invariance"],
        family="oc",
        signature="gold,system",
        higher_is_better=False,
        settings="dev",
        seed=5,
        max_examples=20,
        variants=False,
    )
    spec = MeasureSpec(
        distance_error,
        family="oc",
        signature="gold,system",
        higher_is_better=False,
        claims=("symmetry", "ordinal_invariance"),
    )
    settings = CheckSettings(profile="dev", seed=5, max_examples=20, variants=False)
    objects = check(spec, settings=settings)

    def timeless(report):
        return [{k: v for k, v in r.items() if k != "seconds"} for r in report.to_records()]

    assert timeless(objects) == timeless(keywords)
    assert (objects.measure, objects.seed, objects.profile) == ("distance_error", 5, "dev")


def test_claims_given_to_check_win_over_the_specs():
    spec = MeasureSpec("accuracy", claims=("symmetry", "ordinal_invariance"))
    report = check(spec, ["symmetry"], settings=CheckSettings(max_examples=10, variants=False))
    assert [r.claim for r in report.results] == ["symmetry"]


def test_the_specs_tolerance_reaches_the_report():
    tolerance = Tolerance(atol=1e-9, rtol=1e-6)
    report = check(
        MeasureSpec("accuracy", tolerance=tolerance),
        ["symmetry"],
        settings=CheckSettings(max_examples=5, variants=False),
    )
    assert report.tolerance == f"{tolerance} (declared)"
    assert report.result("symmetry").verdict.tolerance == report.tolerance


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda spec: check(spec, family="oq"),
            r"options \['family'\] given beside a MeasureSpec",
        ),
        (
            lambda spec: check(spec, settings=CheckSettings(), seed=3),
            r"options \['seed'\] given beside settings=CheckSettings",
        ),
    ],
)
def test_a_keyword_beside_the_object_that_holds_it_is_an_error(call, message):
    with pytest.raises(InvalidParameterError, match=message):
        call(MeasureSpec(hits, family="oc"))


def test_resolve_subject_takes_a_spec():
    spec = MeasureSpec(distance_error, family="OC", signature="gold,system", name="gap")
    subject = resolve_subject(spec)
    assert (subject.kind, subject.measure.family, subject.measure.title) == (
        "callable",
        "oc",
        "gap",
    )
    assert spec.display_name == "gap"
    assert resolve_subject(MeasureSpec("accuracy")).name == "accuracy"
    with pytest.raises(InvalidParameterError, match=r"family='oq' does not match measure"):
        resolve_subject(MeasureSpec("accuracy", family="oq"))
