"""Every parameter of every built-in measure: numpy scalars accepted, extreme values exact or refused.

A parameter value is either refused when it is bound (``InvalidParameterError``
naming the parameter and the accepted range) or scored like any other value:
never a ``MeasureImplementationError`` blaming the built-in measure, never an
``OverflowError``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import axiometrics as ax
from axiometrics.errors import InvalidParameterError, UndefinedMeasureError
from axiometrics.family import get_family
from axiometrics.registry import Registry

BUILTINS = Registry()
BUILTINS.load_entry_points(third_party=False)

PARAMS = [(scorer.name, param) for scorer in BUILTINS.scorers() for param in scorer.measure.params]

EXTREMES = {
    int: [0, 1, 2**31, 2**53, 2**63, 10**30, 10**400],
    float: [0.0, 5e-324, 1e-308, 1e-154, 0.5, 1e154, 1e200, 1.7976931348623157e308, -1e308],
    bool: [True, False],
    str: [],
}


def _inputs(name: str) -> tuple:
    return get_family(BUILTINS.get(name).measure.family).typical_inputs


def test_the_built_in_measures_have_parameters_of_every_numeric_kind():
    kinds = {param.kind for _, param in PARAMS}
    assert {int, float} <= kinds
    assert {name for name, _ in PARAMS} >= {"fbeta", "fbeta_macro", "precision_at_k", "f1_at"}


@pytest.mark.parametrize(("name", "param"), PARAMS, ids=[f"{n}.{p.name}" for n, p in PARAMS])
def test_a_numpy_scalar_binds_like_the_builtin_value(name, param):
    scorer = BUILTINS.get(name)
    numpy_value = {int: np.int64, float: np.float32, bool: np.bool_, str: np.str_}[param.kind](
        param.default
    )
    bound = scorer.with_params(**{param.name: numpy_value})
    plain = scorer.with_params(**{param.name: param.default})
    assert bound.measure == plain.measure
    assert type(bound.measure.bound[param.name]) is param.kind
    inputs = _inputs(name)
    assert bound(*inputs) == plain(*inputs)


def _outcome(name: str, parameter: str, value: object) -> tuple[str, str]:
    """``("refused", message)``, ``("undefined", reason)`` or ``("score", value)``."""
    scorer = BUILTINS.get(name)
    try:
        bound = scorer.with_params(**{parameter: value})
    except InvalidParameterError as exc:
        return "refused", str(exc)
    try:
        score = float(bound(*_inputs(name)))
    except UndefinedMeasureError as exc:
        return "undefined", str(exc)
    except InvalidParameterError as exc:  # e.g. a class position beyond the inputs' scale
        return "refused", str(exc)
    low, high = bound.measure.range.lower, bound.measure.range.upper
    return ("score", repr(score)) if low <= score <= high else ("out of range", repr(score))


@pytest.mark.parametrize(("name", "param"), PARAMS, ids=[f"{n}.{p.name}" for n, p in PARAMS])
def test_an_extreme_value_is_refused_when_bound_or_scored_in_range(name, param):
    for value in EXTREMES[param.kind]:
        kind, text = _outcome(name, param.name, value)
        assert kind in ("refused", "undefined", "score"), (name, param.name, value, text)
        if kind == "refused":
            assert f"{param.name}=" in text
            assert "expected" in text


@pytest.mark.parametrize("name", ["fbeta_macro", "fbeta"])
@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_non_finite_float_names_what_is_expected(name, value):
    with pytest.raises(
        InvalidParameterError,
        match=rf"measure='{name}' parameter beta={value!r}: expected float >= 0 \(a finite float\)",
    ):
        ax.get_scorer(name).with_params(beta=value)


MATRIX = np.array([[3.0, 1.0, 0.0], [2.0, 4.0, 1.0], [0.0, 2.0, 5.0]])  # rows system, cols gold


def _exact_fbeta(tp: int, fp: int, fn: int, beta: float) -> float:
    b2 = Fraction(beta) ** 2
    return float((1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp))


@pytest.mark.parametrize("beta", [1e154, 1e200, 1.7976931348623157e308, 1e10, 3.0, 0.3, 1e-200])
def test_fbeta_is_exact_for_every_finite_beta(beta):
    # positive class 1: TP = 4, FP = 2 + 1 (row 1 off the diagonal), FN = 1 + 2 (column 1)
    expected = _exact_fbeta(4, 3, 3, beta)
    assert ax.score(f"fbeta(beta={beta!r})", MATRIX) == pytest.approx(expected, rel=1e-15)
    per_class = [
        _exact_fbeta(
            int(MATRIX[k, k]),
            int(MATRIX[k].sum() - MATRIX[k, k]),
            int(MATRIX[:, k].sum() - MATRIX[k, k]),
            beta,
        )
        for k in range(3)
    ]
    macro = ax.score(f"fbeta_macro(beta={beta!r})", MATRIX)
    assert macro == pytest.approx(sum(per_class) / 3, rel=1e-15)


def test_an_fbeta_so_large_that_its_square_overflows_is_recall():
    # beta**2 overflows for beta = 1e154; F_beta then equals recall to the last bit
    assert ax.score("fbeta(beta=1e200)", MATRIX) == ax.score("recall", MATRIX) == 4 / 7
    assert ax.score("fbeta_macro(beta=1e200)", MATRIX) == pytest.approx(
        ax.score("recall_macro", MATRIX), rel=1e-15
    )


def test_a_tiny_weight_keeps_a_defined_zero_defined():
    # positive class 1 was never gold nor predicted correctly: TP = FN = 0, FP = 3
    m = np.array([[1.0, 0.0], [3.0, 0.0]])
    assert ax.score("fbeta(beta=1e200)", m) == 0.0
    assert ax.score("fbeta(beta=0)", m) == 0.0  # precision 0 / 3
    with pytest.raises(UndefinedMeasureError):
        ax.score("fbeta(beta=0)", np.array([[1.0, 2.0], [0.0, 0.0]]))  # precision 0 / 0


def test_precision_at_k_beyond_the_items_divides_by_k_and_beyond_2_53_is_refused():
    scores, gold = [0.9, 0.2, 0.7, 0.4], [1, 0, 1, 0]
    assert ax.score("precision_at_k(k=9007199254740992)", scores, gold) == 2 / 2**53
    with pytest.raises(
        InvalidParameterError,
        match=r"parameter k=9007199254740993: expected int >= 1 and <= 9007199254740992",
    ):
        ax.get_scorer("precision_at_k").with_params(k=2**53 + 1)


def test_accuracy_within_a_huge_distance_tolerates_every_error():
    scorer = ax.get_scorer("accuracy_within").with_params(n=10**400)
    assert scorer(MATRIX) == 1.0


def test_f1_at_an_extreme_threshold_predicts_all_or_nothing():
    scores, gold = [0.9, 0.2, 0.7, 0.4], [1, 0, 1, 0]
    assert ax.score("f1_at(threshold=-1e308)", scores, gold) == 2 * 2 / (2 * 2 + 2)
    assert ax.score("f1_at(threshold=1e308)", scores, gold) == 0.0
