"""Measures of other array libraries: arguments converted per call, class indices, 0-d results."""

from __future__ import annotations

import array_api_strict as xp
import numpy as np
import pytest

from axiometrics.checker import CheckSettings, MeasureSpec, check
from axiometrics.checker.arrays import array_converter, check_label_encoding
from axiometrics.checker.check import subject_for
from axiometrics.checker.profiles import resolve_profile
from axiometrics.checker.reference import check_reference
from axiometrics.errors import InvalidParameterError, MeasureImplementationError

SETTINGS = CheckSettings(max_examples=20, bound=100, variants=False, discover=False)
SEEN: list[tuple[type, str, int]] = []


def strict_accuracy(preds, target, num_classes):
    """Accuracy of class indices, refusing anything but array_api_strict int arrays."""
    if not isinstance(preds, type(xp.asarray(0))) or preds.dtype != xp.int64:
        raise TypeError(f"expected array_api_strict int64 arrays, got {type(preds)}")
    if num_classes < 2 or int(xp.max(target)) >= num_classes or int(xp.min(target)) < 0:
        raise ValueError("labels must be class indices 0 .. num_classes - 1")
    SEEN.append((type(preds), str(preds.dtype), num_classes))
    return xp.mean(xp.astype(preds == target, xp.float32))


def test_a_namespace_converts_each_array_argument_with_its_asarray():
    convert = array_converter("array_api_strict", None)
    converted = convert(np.array([1, 2]))
    assert type(converted) is type(xp.asarray(0))
    assert array_converter(None, None) is None
    assert array_converter(None, np.asarray) is np.asarray
    assert array_converter(None, "numpy:ascontiguousarray") is np.ascontiguousarray


@pytest.mark.parametrize(
    ("namespace", "convert", "message"),
    [
        ("array_api_strict", np.asarray, "give one"),
        ("no_such_array_library", None, "array_namespace='no_such_array_library': cannot import"),
        ("math", None, "array_namespace='math': the module has no asarray function"),
        (None, 3, "convert=3: expected a function of one NumPy array"),
        (None, "numpy:no_such_function", "has no attribute 'no_such_function'"),
    ],
)
def test_a_bad_array_option_is_refused_naming_it(namespace, convert, message):
    with pytest.raises(InvalidParameterError, match=message):
        array_converter(namespace, convert)


def test_labels_are_values_or_indices():
    assert check_label_encoding("indices") == "indices"
    with pytest.raises(InvalidParameterError, match="labels='index': expected 'values'"):
        check_label_encoding("index")


def test_class_indices_reach_the_callable_as_arrays_of_its_library_with_num_classes():
    SEEN.clear()
    report = check(
        strict_accuracy,
        ["symmetry", "class_permutation_invariance"],
        family="nominal",
        signature="system,gold",
        labels="indices",
        array_namespace="array_api_strict",
        settings=SETTINGS,
    )
    assert not report.failed
    assert {r.verdict.outcome.value for r in report.results} == {"not_refuted"}
    kinds = {(kind, dtype) for kind, dtype, _ in SEEN}
    assert kinds == {(type(xp.asarray(0)), "array_api_strict.int64")}
    assert {c for _, _, c in SEEN} >= {2, 3}
    assert "(float32, inferred from the returned scores)" in report.tolerance


def test_class_indices_carry_no_class_values_so_value_claims_do_not_apply():
    spec = MeasureSpec(
        strict_accuracy, family="oc", signature="system,gold", labels="indices",
        array_namespace="array_api_strict",
    )  # fmt: skip
    subject = subject_for(spec)
    assert subject.values_reach_measure is False
    verdict = check(spec, ["ordinal_invariance"], settings=SETTINGS).result("ordinal_invariance")
    assert verdict.verdict.outcome.value == "not_applicable"


def test_indices_apply_to_label_vector_signatures_only():
    with pytest.raises(InvalidParameterError, match="labels='indices' applies to label-vector"):
        MeasureSpec(lambda m: 0.0, family="nominal", signature="matrix", labels="indices")


def test_array_options_are_for_bare_callables_only():
    with pytest.raises(InvalidParameterError, match=r"\['labels', 'array_namespace'\]"):
        MeasureSpec("accuracy", labels="indices", array_namespace="array_api_strict")


def test_the_reference_check_converts_too_and_agrees_within_float32():
    spec = MeasureSpec(
        strict_accuracy, family="nominal", signature="system,gold", labels="indices",
        array_namespace="array_api_strict",
    )  # fmt: skip
    profile = resolve_profile("ci", bound=100)
    verdict = check_reference(subject_for(spec), "accuracy", profile=profile, seed_value=0)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.tolerance.endswith("(float32, inferred from the returned scores)")


def _fails_to_convert(array):
    raise RuntimeError("no device")


def test_a_conversion_that_fails_stops_the_check_naming_the_argument():
    with pytest.raises(MeasureImplementationError) as info:
        check(
            strict_accuracy,
            ["symmetry"],
            family="nominal",
            signature="system,gold",
            labels="indices",
            convert=_fails_to_convert,
            settings=SETTINGS,
        )
    assert (
        "converting a int64 array of shape (12,) for 'strict_accuracy' failed: RuntimeError: "
        "no device"
    ) in str(info.value)
