"""The synthetic regression systems: determinism, designed errors and a verifiable true order."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import kendalltau

from axiometrics import datasets, meta
from axiometrics.errors import InvalidParameterError
from axiometrics.measures.regression.data import ON_UNDEFINED
from axiometrics.measures.regression.synthetic import (
    OUTLIER_SIZE,
    SYSTEMS,
    default_regression_runs,
    expected_squared_error,
    regression_synthetic,
    true_order,
)
from axiometrics.meta import score_runs


@pytest.fixture(scope="module")
def runs():
    return default_regression_runs()


def _index(runs, name: str) -> int:
    return runs.systems.index(name)


def test_the_default_data_has_fifty_topics_of_a_hundred_items_and_every_designed_system(runs):
    assert runs.y_true.shape == (50, 100)
    assert runs.y_pred.shape == (50, len(SYSTEMS), 100)
    assert runs.systems == tuple(s.name for s in SYSTEMS)
    assert runs.topics[:2] == ("t001", "t002")
    assert runs.y_true.min() > 0.0


def test_the_same_seed_gives_the_same_bytes_and_another_seed_other_data():
    first = regression_synthetic(n_topics=3, n_items=10, seed=7)
    again = regression_synthetic(n_topics=3, n_items=10, seed=7)
    other = regression_synthetic(n_topics=3, n_items=10, seed=8)
    assert first.y_pred.tobytes() == again.y_pred.tobytes()
    assert first.y_true.tobytes() == again.y_true.tobytes()
    assert first.y_true.tobytes() != other.y_true.tobytes()


def test_the_perfect_system_is_exact_and_the_mean_system_predicts_each_topics_mean(runs):
    np.testing.assert_array_equal(runs.y_pred[:, _index(runs, "perfect")], runs.y_true)
    mean = runs.y_pred[:, _index(runs, "mean")]
    np.testing.assert_array_equal(mean, np.repeat(mean[:, :1], 100, axis=1))
    np.testing.assert_allclose(mean[:, 0], runs.y_true.mean(axis=1))


def test_bias_and_outlier_systems_err_by_their_declared_amounts(runs):
    spread = runs.y_true.std(axis=1, keepdims=True)
    bias = (runs.y_pred[:, _index(runs, "bias_0.45")] - runs.y_true) / spread
    assert np.median(bias) == pytest.approx(0.45, rel=0.05)
    outliers = np.abs(runs.y_pred[:, _index(runs, "outliers_0.1")] - runs.y_true) > 0
    assert outliers.mean() == pytest.approx(0.1, abs=0.01)
    sizes = (
        np.abs(runs.y_pred[:, _index(runs, "outliers_0.1")] - runs.y_true)[outliers]
        / (np.broadcast_to(spread, outliers.shape)[outliers])
    )
    assert np.median(sizes) == pytest.approx(OUTLIER_SIZE, rel=0.05)


def test_the_true_order_has_no_ties_and_starts_with_perfect(runs):
    errors = [expected_squared_error(s) for s in SYSTEMS]
    assert len(set(errors)) == len(errors)
    order = true_order()
    assert order[0] == "perfect"
    assert [expected_squared_error(SYSTEMS[_index(runs, n)]) for n in order] == sorted(errors)
    assert expected_squared_error(SYSTEMS[_index(runs, "mean")]) == pytest.approx(1.0, abs=0.02)


def test_the_observed_squared_errors_follow_the_true_order(runs):
    spread = runs.y_true.std(axis=1, keepdims=True)[:, :, None]
    observed = (((runs.y_pred - runs.y_true[:, None, :]) / spread) ** 2).mean(axis=(0, 2))
    expected = [expected_squared_error(s) for s in SYSTEMS]
    assert kendalltau(observed, expected).statistic > 0.95
    noise = _index(runs, "noise_0.6")
    assert observed[noise] == pytest.approx(expected[noise], rel=0.1)


def test_every_measure_is_defined_but_the_correlations_of_the_constant_system(runs):
    report = meta.ScoringReport()
    score_runs(runs, on_undefined=ON_UNDEFINED, report=report)
    assert report.dropped == {}
    assert report.filled == {name: (50, 0.0) for name in ("pearsonr", "spearmanr", "kendalltau")}


def test_mean_squared_error_ranks_the_systems_in_the_true_order(runs):
    scores = score_runs(runs, ["mean_squared_error"]).system_means(oriented=True)[0]
    ranked = [runs.systems[i] for i in np.argsort(-scores, kind="stable")]
    truth = true_order()
    assert kendalltau([truth.index(n) for n in ranked], range(len(ranked))).statistic > 0.95


def test_the_collection_describes_each_systems_kind_parameters_and_true_rank():
    info = datasets.describe("synthetic_regression")
    assert info["true_order"] == list(true_order())
    first = info["systems"][0]
    assert first == {
        "name": "perfect",
        "kind": "perfect",
        "probabilities": False,
        "parameters": {"slope": 1.0, "bias": 0.0, "noise": 0.0, "outlier_rate": 0.0},
        "expected_squared_error": 0.0,
        "true_rank": 1,
    }
    kinds = {s["kind"] for s in info["systems"]}
    assert kinds == {"perfect", "noise", "bias", "scale", "outliers", "combined", "constant"}
    assert sorted(s["true_rank"] for s in info["systems"]) == list(range(1, len(SYSTEMS) + 1))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_topics": 1}, "n_topics=1: expected an integer >= 2"),
        ({"n_items": True}, "n_items=True: expected an integer >= 2"),
        ({"level_range": (5, 1)}, r"level_range=\(5, 1\): expected finite 0 < low <= high"),
        ({"spread_range": "ab"}, "spread_range='ab': expected two numbers"),
    ],
)
def test_bad_generator_settings_are_refused(kwargs, message):
    with pytest.raises(InvalidParameterError, match=message):
        regression_synthetic(**kwargs)
