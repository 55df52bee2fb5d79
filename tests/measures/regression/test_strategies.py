"""The regression strategies reach their corners by construction and refuse impossible options."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis.errors import InvalidArgument

from axiometrics.measures.regression import strategies as rst

_MAX = np.finfo(float).max


class _ReachedError(Exception):
    """Raised by the first drawn input that meets the condition."""


def _found(strategy, condition) -> None:
    # Generation only: the first input that meets the condition ends the search
    # (shrinking a 1000-item input towards a minimal one would cost far more);
    # the probe sees whether it is met, not the input, so its report stays short.
    @settings(max_examples=3000, database=None, phases=[Phase.generate], derandomize=True)
    @given(strategy.map(lambda x: bool(condition(x))))
    def probe(met):
        if met:
            raise _ReachedError

    with pytest.raises(_ReachedError):
        probe()


@pytest.mark.parametrize(
    "condition",
    [
        lambda x: x[0].size == 1,
        lambda x: x[0].size == 2,
        lambda x: x[0].size >= 1000,
        lambda x: np.unique(x[0]).size < x[0].size,  # ties
        lambda x: x[0].size > 1 and np.all(x[0] == x[0][0]),  # constant y_true
        lambda x: np.any(np.abs(x[0]) == _MAX),
        lambda x: np.any(np.abs(x[1]) >= 1e300),
        lambda x: np.any((x[0] != 0) & (np.abs(x[0]) < 1e-300)),  # subnormal
        lambda x: np.any(x[0] == 0) and np.any(x[0] != 0),  # near zero (MAPE)
        lambda x: np.any(x[0] <= -1),  # MSLE's corner
        lambda x: np.any((x[0] < 0) & (x[0] > -1)),
        lambda x: np.any(x[2] == 0),  # weights with zeros
        lambda x: np.any(x[2] >= 2) and np.all(x[2] == np.round(x[2])),  # integer weights
        lambda x: np.any(np.abs(x[0]) >= 1e300) and np.any((x[0] != 0) & (np.abs(x[0]) < 1)),
    ],
)
def test_regression_inputs_reach_the_corners(condition):
    _found(rst.regression_inputs(), condition)


def test_inputs_are_finite_with_positive_weight_sums():
    @settings(max_examples=300, database=None)
    def inner(x):
        y, p, w = x
        assert y.shape == p.shape == w.shape
        assert np.all(np.isfinite(y))
        assert np.all(np.isfinite(p))
        assert np.all(w >= 0)
        assert np.any(w > 0)

    given(rst.regression_inputs())(inner)()


def test_a_regime_selected_alone_stays_pure():
    @settings(max_examples=200, database=None)
    def inner(x):
        assert np.all(x[0] * 8 == np.round(x[0] * 8))
        assert np.all(np.abs(x[0]) <= 64)

    given(rst.regression_inputs(regimes=("eighths",), sizes=("few",)))(inner)()


@pytest.mark.parametrize(
    "make",
    [
        lambda: rst.regression_inputs(min_items=0),
        lambda: rst.regression_inputs(min_items=5, max_items=2),
        lambda: rst.regression_inputs(regimes=("nope",)),
        lambda: rst.regression_inputs(regimes="grid"),
        lambda: rst.regression_inputs(weights=()),
        lambda: rst.regression_inputs(sizes=("thousand",), max_items=10),
    ],
)
def test_impossible_options_raise_invalid_argument(make):
    with pytest.raises(InvalidArgument):
        make()
