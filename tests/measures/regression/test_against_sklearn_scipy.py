"""Every regression measure against scikit-learn and SciPy, and every convention difference pinned."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats

sklearn_metrics = pytest.importorskip("sklearn.metrics")

WEIGHTED = {
    "mean_squared_error": sklearn_metrics.mean_squared_error,
    "root_mean_squared_error": sklearn_metrics.root_mean_squared_error,
    "mean_absolute_error": sklearn_metrics.mean_absolute_error,
    "median_absolute_error": sklearn_metrics.median_absolute_error,
    "mean_absolute_percentage_error": sklearn_metrics.mean_absolute_percentage_error,
    "mean_squared_log_error": sklearn_metrics.mean_squared_log_error,
    "r2": sklearn_metrics.r2_score,
    "explained_variance": sklearn_metrics.explained_variance_score,
    "d2_absolute_error": sklearn_metrics.d2_absolute_error_score,
}
UNWEIGHTED = {
    "max_error": sklearn_metrics.max_error,
    "pearsonr": lambda y, p: stats.pearsonr(y, p).statistic,
    "spearmanr": lambda y, p: stats.spearmanr(y, p).statistic,
    "kendalltau": lambda y, p: stats.kendalltau(y, p).statistic,
}
RTOL = 1e-12


def _inputs(seed: int, n_cases: int = 300):
    """Generated inputs with ties, integer and real values, 2 to 60 items, some weights zero."""
    rng = np.random.default_rng(seed)
    for i in range(n_cases):
        n = int(rng.integers(2, 61))
        if i % 3 == 0:
            y = rng.integers(0, 6, n).astype(float)
            p = rng.integers(0, 6, n).astype(float)
        else:
            y = rng.normal(0, 10 ** rng.uniform(-3, 3), n)
            p = y + rng.normal(0, 10 ** rng.uniform(-3, 3), n)
        w = rng.integers(0, 4, n).astype(float) if i % 4 == 0 else rng.uniform(0.1, 5.0, n)
        w[0] = max(w[0], 1.0)
        yield y, p, w


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=RTOL, abs_tol=1e-13)


def _defined(registry, name, y, p, w=None):
    args = (y, p) if w is None else (y, p, w)
    try:
        return registry.get(name)(*args)
    except ax_errors().UndefinedMeasureError:
        return np.nan


@pytest.mark.parametrize("name", sorted(WEIGHTED))
def test_weighted_measures_agree_with_scikit_learn_with_and_without_weights(registry, name):
    reference = WEIGHTED[name]
    checked = 0
    for y, p, w in _inputs(sum(map(ord, name))):
        if name == "mean_squared_log_error":
            y, p = np.abs(y), np.abs(p)
        if name == "mean_absolute_percentage_error":
            y = np.where(np.abs(y) < 1e-3, 1.0, y)
        for weights in (None, w):
            ours = _defined(registry, name, y, p, weights)
            if np.isnan(ours):
                continue  # the declared undefined inputs are pinned below
            theirs = reference(y, p, sample_weight=weights)
            assert _close(ours, theirs), (name, y, p, weights, ours, theirs)
            checked += 1
    assert checked >= 400


@pytest.mark.parametrize("name", sorted(UNWEIGHTED))
def test_unweighted_measures_agree_with_scikit_learn_and_scipy(registry, name):
    reference = UNWEIGHTED[name]
    checked = 0
    for y, p, _ in _inputs(sum(map(ord, name))):
        ours = _defined(registry, name, y, p)
        if np.isnan(ours):
            continue
        assert _close(ours, reference(y, p)), (name, y, p)
        checked += 1
    assert checked >= 250


def test_kendall_tau_b_beyond_the_pairwise_limit_agrees_with_scipy(registry):
    rng = np.random.default_rng(3)
    y, p = rng.integers(0, 50, 2100).astype(float), rng.integers(0, 50, 2100).astype(float)
    assert _close(registry.get("kendalltau")(y, p), stats.kendalltau(y, p).statistic)


def test_lins_ccc_matches_its_formula_with_frequency_weights(registry):
    rng = np.random.default_rng(4)
    for _ in range(200):
        n = int(rng.integers(2, 30))
        y, p = rng.normal(size=n), rng.normal(size=n)
        w = rng.integers(1, 4, n)
        yy, pp = np.repeat(y, w), np.repeat(p, w)
        expected = (
            2
            * np.cov(yy, pp, bias=True)[0, 1]
            / (yy.var() + pp.var() + (yy.mean() - pp.mean()) ** 2)
        )
        assert _close(registry.get("concordance_correlation")(y, p, w.astype(float)), expected)


# -- convention differences, pinned --------------------------------------------------------


def test_constant_y_true_is_undefined_where_scikit_learn_returns_a_fallback(registry):
    y, perfect, off = np.array([2.0, 2.0, 2.0]), np.array([2.0, 2.0, 2.0]), np.array([1.0, 2, 3])
    for name, fn in (
        ("r2", sklearn_metrics.r2_score),
        ("explained_variance", sklearn_metrics.explained_variance_score),
        ("d2_absolute_error", sklearn_metrics.d2_absolute_error_score),
    ):
        assert fn(y, perfect) == 1.0
        assert fn(y, off) == 0.0
        with pytest.raises(ax_errors().UndefinedMeasureError):
            registry.get(name)(y, off)


def test_one_item_is_undefined_where_scikit_learn_warns(registry):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert math.isnan(sklearn_metrics.r2_score([1.0], [2.0]))
        assert math.isnan(sklearn_metrics.d2_absolute_error_score([1.0], [2.0]))
    for name in ("r2", "d2_absolute_error", "pearsonr", "spearmanr", "kendalltau"):
        with pytest.raises(ax_errors().UndefinedMeasureError):
            registry.get(name)(np.array([1.0]), np.array([2.0]))


def test_constant_input_is_undefined_where_scipy_returns_nan(registry):
    y, p = np.array([1.0, 2.0, 3.0]), np.array([5.0, 5.0, 5.0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert math.isnan(stats.pearsonr(y, p).statistic)
        assert math.isnan(stats.spearmanr(y, p).statistic)
        assert math.isnan(stats.kendalltau(y, p).statistic)
    for name in ("pearsonr", "spearmanr", "kendalltau"):
        with pytest.raises(ax_errors().UndefinedMeasureError):
            registry.get(name)(y, p)


def test_mape_zero_true_value_is_undefined_where_scikit_learn_divides_by_eps(registry):
    eps = np.finfo(np.float64).eps
    assert eps == 2.220446049250313e-16
    y, p = np.array([0.0, 1.0]), np.array([1.0, 1.0])
    assert sklearn_metrics.mean_absolute_percentage_error(y, p) == pytest.approx(0.5 / eps)
    with pytest.raises(ax_errors().UndefinedMeasureError):
        registry.get("mean_absolute_percentage_error")(y, p)
    # Below eps, scikit-learn divides by eps, axiometrics by |y|.
    tiny = np.array([1e-20])
    assert sklearn_metrics.mean_absolute_percentage_error(tiny, 2 * tiny) == pytest.approx(
        1e-20 / eps
    )
    assert registry.get("mean_absolute_percentage_error")(tiny, 2 * tiny) == 1.0
    # A zero weight removes the zero true value.
    assert registry.get("mean_absolute_percentage_error")(y, p, np.array([0.0, 1.0])) == 0.0


def test_msle_is_defined_above_minus_one_as_scikit_learn_1_9(registry):
    y, p = np.array([-0.5, 1.0]), np.array([0.0, 2.0])
    assert _close(
        registry.get("mean_squared_log_error")(y, p),
        sklearn_metrics.mean_squared_log_error(y, p),
    )
    with pytest.raises(ValueError, match="less than or equal to -1"):
        sklearn_metrics.mean_squared_log_error(np.array([-1.0, 1.0]), p)
    with pytest.raises(ax_errors().UndefinedMeasureError):
        registry.get("mean_squared_log_error")(np.array([-1.0, 1.0]), p)


def test_r2_is_negative_for_a_reversed_prediction(registry):
    y, p = np.array([1.0, 2.0, 3.0, 4.0]), np.array([4.0, 3.0, 2.0, 1.0])
    assert sklearn_metrics.r2_score(y, p) == -3.0
    assert registry.get("r2")(y, p) == -3.0


def test_overflowing_values_are_undefined_where_numpy_returns_inf(registry):
    big = np.finfo(float).max
    y, p = np.array([big, 0.0]), np.array([-big, 0.0])
    with np.errstate(all="ignore"):
        assert math.isinf(sklearn_metrics.mean_squared_error(y, p))
    with pytest.raises(ax_errors().UndefinedMeasureError):
        registry.get("mean_squared_error")(y, p)
    # The mean absolute error of those is the largest float itself: computed exactly.
    assert registry.get("mean_absolute_error")(y, p) == big
    assert registry.get("max_error")(y[:1] / 2, p[:1] / 2) == big


def ax_errors():
    import axiometrics.errors as errors

    return errors
