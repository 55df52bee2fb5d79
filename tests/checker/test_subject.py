"""The measure under test: refused input features and crashes located without formatting."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from axiometrics.checker.cases import Case, Crash
from axiometrics.checker.check import resolve_subject
from axiometrics.checker.subject import crash_from_exception


def _raise_inside() -> ValueError:
    try:
        raise ValueError("bad input")
    except ValueError as exc:
        return exc


def test_a_crash_from_an_exception_is_located_and_formats_its_traceback_when_read():
    crash = crash_from_exception(_raise_inside())
    assert (crash.kind, crash.message) == ("ValueError", "bad input")
    assert "test_subject.py" in crash.location
    assert "in _raise_inside" in crash.location
    assert crash.traceback.startswith("Traceback (most recent call last):")
    assert 'raise ValueError("bad input")' in crash.traceback
    assert str(crash) == f"ValueError: bad input (at {crash.location})"


def test_a_crash_is_immutable_equal_by_value_and_pickles_with_its_traceback():
    crash = crash_from_exception(_raise_inside())
    with pytest.raises(AttributeError, match="Crash is immutable"):
        crash.kind = "TypeError"  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(crash))
    assert copy == crash
    assert hash(copy) == hash(crash)
    assert copy.traceback == crash.traceback
    assert Crash("E", "m", "f:1 in g") == Crash("E", "m", "f:1 in g", "")
    assert Crash("E", "m", "f:1 in g") != Crash("E", "m", "f:2 in g")


def test_without_a_frame_in_measure_code_the_fallback_names_where_the_measure_is_defined():
    crash = crash_from_exception(_raise_inside(), prefer="/nowhere.py", fallback="m.py:3 in f")
    # This test file is measure code to the locator (outside the package and site-packages).
    assert "test_subject.py" in crash.location
    bare = crash_from_exception(ValueError("never raised"), fallback="m.py:3 in f")
    assert bare.location == "m.py:3 in f (measure defined here)"
    assert crash_from_exception(ValueError("never raised")).location == "<unknown>"


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("kendalltau", {"sample_weight"}),
        ("pearsonr", {"sample_weight"}),
        ("max_error", {"sample_weight"}),
        ("mean_squared_error", set()),
        ("r2", set()),
        ("accuracy", set()),
    ],
)
def test_a_measure_refusing_weights_is_found_by_scoring_the_familys_probe_once(name, refused):
    assert resolve_subject(name).refused_features == refused


def _mse(y_true, y_pred, sample_weight=None):
    return float(np.average((np.asarray(y_true) - np.asarray(y_pred)) ** 2, weights=sample_weight))


def test_a_callable_whose_signature_passes_no_weights_refuses_them():
    default = resolve_subject(_mse, family="regression", higher_is_better=False)
    weighted = resolve_subject(
        _mse, family="regression", higher_is_better=False, signature="y_true,y_pred,sample_weight"
    )
    assert default.refused_features == {"sample_weight"}
    assert weighted.refused_features == frozenset()


def test_a_measure_that_crashes_on_the_probe_otherwise_still_gets_every_input():
    def broken(y_true, y_pred, sample_weight):
        raise ZeroDivisionError("a bug, not a refusal")

    subject = resolve_subject(broken, family="regression", signature="y_true,y_pred,sample_weight")
    assert subject.refused_features == frozenset()
    case = Case.single((np.ones(2), np.zeros(2), np.ones(2)), class_values=False)
    assert subject.observe(case).crash.kind == "ZeroDivisionError"
