"""Regression runs: the (topic, system) batch the meta-evaluation scores, and its validation."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import meta
from axiometrics.errors import DataFileError, InvalidInputError
from axiometrics.io.runs import SystemRuns
from axiometrics.measures.regression.runs import RegressionRuns
from axiometrics.meta import score_runs


def _runs(t: int = 3, s: int = 2, n: int = 5, seed: int = 0, **extra) -> RegressionRuns:
    rng = np.random.default_rng(seed)
    y = rng.normal(10.0, 2.0, (t, n))
    p = y[:, None, :] + rng.normal(0.0, 1.0, (t, s, n))
    names = [f"t{i}" for i in range(t)], [f"s{j}" for j in range(s)]
    return RegressionRuns(*names, y, p, **extra)


def test_the_runs_are_system_runs_of_the_regression_family_without_a_scale():
    runs = _runs()
    assert isinstance(runs, SystemRuns)
    assert runs.family == "regression"
    assert runs.scale is None
    assert runs.n_items == 15
    assert repr(runs) == "RegressionRuns(topics=3, systems=2, items per topic=5)"


def test_scorer_inputs_are_the_true_values_broadcast_over_the_systems_then_the_predictions():
    runs = _runs()
    y, p = runs.scorer_inputs("regression")
    assert y.shape == (3, 1, 5)
    assert p.shape == (3, 2, 5)
    weighted = _runs(sample_weight=np.ones((3, 5)) * 2.0)
    assert [a.shape for a in weighted.scorer_inputs("regression")] == [
        (3, 1, 5),
        (3, 2, 5),
        (3, 1, 5),
    ]


def test_score_runs_gives_each_cells_mean_squared_error_and_r2():
    runs = _runs()
    scores = score_runs(runs, ["mean_squared_error", "r2"])
    errors = runs.y_pred - runs.y_true[:, None, :]
    np.testing.assert_allclose(scores.scores[0], (errors**2).mean(axis=-1))
    total = ((runs.y_true - runs.y_true.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    np.testing.assert_allclose(scores.scores[1], 1.0 - (errors**2).sum(axis=-1) / total[:, None])


def test_the_arrays_are_read_only_copies():
    y = np.ones((2, 3))
    runs = RegressionRuns(("a", "b"), ("s",), y, np.zeros((2, 1, 3)))
    y[0, 0] = 5.0
    assert runs.y_true[0, 0] == 1.0
    with pytest.raises(ValueError, match="read-only"):
        runs.y_pred[0, 0, 0] = 1.0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"y_true": np.ones((2, 4))}, r"y_true must have shape \(topics, items\) = \(3, n\)"),
        ({"y_pred": np.ones((3, 2, 4))}, r"y_pred must have shape .* = \(3, 2, 5\)"),
        ({"y_true": np.full((3, 5), np.nan)}, "y_true must be finite .*nan on topic 't0', item 0"),
        ({"sample_weight": np.ones((3, 4))}, r"sample_weight must have shape .* = \(3, 5\)"),
        ({"sample_weight": -np.ones((3, 5))}, "finite and non-negative .*-1.0 on topic 't0'"),
        ({"sample_weight": np.zeros((3, 5))}, "at least one item per topic .*'t0', 't1', 't2'"),
        ({"systems": ("s0", "s0")}, "system names must be unique"),
        ({"topics": ()}, "at least one topic is needed"),
    ],
)
def test_malformed_runs_are_refused_with_a_data_file_error_naming_the_fault(change, message):
    base = _runs()
    fields = {
        "topics": base.topics,
        "systems": base.systems,
        "y_true": base.y_true,
        "y_pred": base.y_pred,
        "sample_weight": None,
    }
    with pytest.raises(DataFileError, match=message):
        RegressionRuns(**{**fields, **change})


def test_an_infinite_prediction_is_refused_naming_the_system_and_topic():
    base = _runs()
    pred = np.array(base.y_pred)
    pred[1, 1, 3] = np.inf
    with pytest.raises(DataFileError, match="got inf for system 's1' on topic 't1', item 3"):
        RegressionRuns(base.topics, base.systems, base.y_true, pred)


def test_measures_of_another_family_are_refused_by_the_runs():
    with pytest.raises(DataFileError, match="measures of family='scored' take inputs"):
        _runs().scorer_inputs("scored")


def test_select_systems_keeps_the_given_order_and_refuses_unknown_names():
    runs = _runs(s=3)
    picked = runs.select_systems(["s2", "s0"])
    assert picked.systems == ("s2", "s0")
    np.testing.assert_array_equal(picked.y_pred[:, 0], runs.y_pred[:, 2])
    with pytest.raises(DataFileError, match=r"systems=\['nope'\] are not systems"):
        runs.select_systems(["nope"])


def test_topics_of_one_size_stack_without_weights():
    runs = RegressionRuns.from_topics(
        ("a", "b"), ("s",), [np.arange(3.0), np.ones(3)], [np.zeros((1, 3)), np.ones((1, 3))]
    )
    assert runs.sample_weight is None
    assert runs.y_true.shape == (2, 3)


def test_topics_of_different_sizes_are_padded_with_zero_weights_that_weighted_measures_ignore():
    y = [np.array([1.0, 2.0, 4.0]), np.array([3.0, 5.0])]
    p = [np.array([[1.5, 2.0, 3.0], [1.0, 2.0, 4.0]]), np.array([[2.0, 5.5], [3.0, 5.0]])]
    runs = RegressionRuns.from_topics(("a", "b"), ("s", "exact"), y, p)
    np.testing.assert_array_equal(runs.sample_weight, [[1, 1, 1], [1, 1, 0]])
    assert runs.n_items == 5
    mse = score_runs(runs, ["mean_squared_error"]).scores[0]
    np.testing.assert_allclose(mse, [[(0.25 + 0 + 1) / 3, 0.0], [(1 + 0.25) / 2, 0.0]])
    with pytest.raises(InvalidInputError, match="max_error takes no sample weights"):
        score_runs(runs, ["max_error"])


def test_per_topic_arrays_that_do_not_match_are_refused():
    with pytest.raises(DataFileError, match="one array per topic"):
        RegressionRuns.from_topics(("a", "b"), ("s",), [np.ones(2)], [np.ones((1, 2))])
    with pytest.raises(DataFileError, match=r"topic 'a': y_true must be \(n,\)"):
        RegressionRuns.from_topics(("a",), ("s", "r"), [np.ones(2)], [np.ones((1, 2))])
    with pytest.raises(DataFileError, match=r"topic 'a': sample_weight must have shape \(2,\)"):
        RegressionRuns.from_topics(("a",), ("s",), [np.ones(2)], [np.ones((1, 2))], [np.ones(3)])


def test_the_meta_evaluation_runs_on_regression_runs_unchanged():
    runs = _runs(t=6, s=4, n=30, seed=3)
    result = meta.run(
        runs,
        measures=["mean_squared_error", "mean_absolute_error"],
        analyses=["similarity", "discriminative"],
        B=50,
        seed=1,
    )
    assert result.scores.measures == ("mean_squared_error", "mean_absolute_error")
    assert result.settings["systems"] == 4


def test_the_runs_feed_the_inputs_the_family_declares():
    from axiometrics.measures.regression.family import INPUTS
    from axiometrics.measures.regression.runs import REGRESSION_INPUTS

    assert REGRESSION_INPUTS == INPUTS
