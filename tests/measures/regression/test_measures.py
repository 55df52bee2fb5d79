"""Regression measures: inputs refused with typed errors, batches, labelled inputs, weights."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    UndefinedMeasureError,
)

Y = np.array([3.0, -0.5, 2.0, 7.0])
P = np.array([2.5, 0.0, 2.0, 8.0])
UNWEIGHTED = ("max_error", "pearsonr", "spearmanr", "kendalltau")


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((np.array([1.0, np.nan]), P[:2]), "finite"),
        ((Y, np.array([1.0, np.inf, 0, 0])), "finite"),
        ((Y, P[:3]), "one entry per item"),
        ((np.zeros(0), np.zeros(0)), "at least one item"),
        ((Y, P, np.array([1.0, -1.0, 1.0, 1.0])), "non-negative"),
        ((Y, P, np.array([1.0, np.inf, 1.0, 1.0])), "finite"),
        ((Y, P, np.zeros(4)), "positive weight"),
        ((np.float64(1.0), np.float64(2.0)), "scalar"),
        ((np.ones((2, 3)), np.ones((3, 3))), "broadcast"),
    ],
)
def test_bad_inputs_raise_typed_errors_naming_the_argument(registry, args, match):
    with pytest.raises(InvalidInputError, match=match):
        registry.get("mean_squared_error")(*args)


def test_non_numeric_input_is_a_type_error(registry):
    with pytest.raises(InputTypeError):
        registry.get("r2")(np.array(["a", "b"]), np.array([1.0, 2.0]))


def test_class_values_and_scales_are_refused(registry):
    with pytest.raises(InvalidParameterError):
        registry.get("r2")(Y, P, values=np.arange(4.0))
    with pytest.raises(InvalidParameterError):
        registry.get("r2")(Y, P, scale=[0, 1])


@pytest.mark.parametrize("name", UNWEIGHTED)
def test_measures_without_a_weighted_form_refuse_weights_other_than_ones(registry, name):
    scorer = registry.get(name)
    assert scorer(Y, P, np.ones(4)) == scorer(Y, P)
    with pytest.raises(InvalidInputError, match="takes no sample weights"):
        scorer(Y, P, np.array([1.0, 2.0, 1.0, 1.0]))


def test_every_measure_is_vectorised_over_leading_axes(registry):
    rng = np.random.default_rng(0)
    y = rng.normal(size=(3, 2, 6))
    p = rng.normal(size=(2, 6))
    for scorer in registry.scorers("regression"):
        batch = scorer(y, p, on_undefined=-1.0)
        assert batch.shape == (3, 2)
        for i in range(3):
            for j in range(2):
                one = scorer(y[i, j], p[j], on_undefined=-1.0)
                assert batch[i, j] == pytest.approx(one, rel=1e-13, abs=1e-15)


def test_weights_broadcast_with_the_batch(registry):
    w = np.array([1.0, 0.0, 2.0, 1.0])
    batch = registry.get("r2")(np.stack([Y, Y]), P, w)
    assert batch.tolist() == [registry.get("r2")(Y, P, w)] * 2


def test_undefined_entries_are_declared_never_nan(registry):
    y = np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]])
    p = np.array([1.0, 2.0, 4.0])
    with pytest.raises(UndefinedMeasureError):
        registry.get("r2")(y, p)
    assert registry.get("r2")(y, p, on_undefined=-9.0)[1] == -9.0


def test_pandas_series_are_aligned_by_item_id(registry):
    y = pd.Series([1.0, 2.0, 3.0], index=["a", "b", "c"])
    p = pd.Series([3.0, 1.0, 2.5], index=["c", "a", "b"])
    w = pd.Series([1.0, 2.0, 0.0], index=["b", "c", "a"])
    expected = registry.get("mean_absolute_error")(
        np.array([3.0, 1.0, 2.0]), np.array([3.0, 1.0, 2.5]), np.array([2.0, 0.0, 1.0])
    )
    assert registry.get("mean_absolute_error")(y, p, w) == expected


def test_a_dataframe_of_predictions_is_a_keyed_batch(registry):
    y = pd.Series([1.0, 2.0, 3.0], index=["a", "b", "c"])
    p = pd.DataFrame(
        [[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]], columns=["c", "b", "a"], index=["s1", "s2"]
    )
    out = registry.get("mean_absolute_error")(y, p)
    assert list(out.index) == ["s1", "s2"]
    assert out.tolist() == pytest.approx([4 / 3, 0.0])


def test_a_pandas_object_beside_an_array_is_refused(registry):
    with pytest.raises(InputTypeError, match="aligned by label"):
        registry.get("r2")(pd.Series(Y), P)


def test_ranges_directions_and_optima_are_declared(registry):
    for scorer in registry.scorers("regression"):
        m = scorer.measure
        if m.higher_is_better:
            assert m.optimum == m.range.upper == 1.0
        else:
            assert m.optimum == m.range.lower == 0.0
    assert registry.get("r2").measure.range.lower == -np.inf


def test_extreme_magnitudes_stay_finite_or_declared(registry):
    big, tiny = np.finfo(float).max, 5e-324
    y = np.array([big, -big, tiny, 0.0, 1e-300])
    p = np.array([-big, big, 0.0, tiny, 1e300])
    for scorer in registry.scorers("regression"):
        value = scorer(y, p, on_undefined=0.0)
        assert np.isfinite(value), scorer.name
    assert registry.get("root_mean_squared_error")(np.array([tiny]), np.array([0.0])) == tiny
