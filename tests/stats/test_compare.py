"""All-pairs comparisons: corrections, Tukey HSD, Sakai's effect size, frames."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from axiometrics import stats
from axiometrics.errors import AxiometricsError, InvalidInputError, InvalidParameterError
from axiometrics.stats.anova import residual_variance
from axiometrics.stats.tukey import randomized_tukey_hsd


@pytest.fixture
def frame() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    topic = rng.uniform(0, 0.5, size=(20, 1))
    shift = np.array([0.0, 0.05, 0.1, 0.3])
    values = topic + shift + rng.normal(0, 0.05, size=(20, 4))
    return pd.DataFrame(values, columns=["a", "b", "c", "d"], index=[f"q{i}" for i in range(20)])


@pytest.mark.parametrize("test", [t for t in stats.TESTS if t != "tukey"])
def test_holm_is_the_default_correction_of_per_pair_tests(frame, test):
    comparison = stats.compare(frame, test=test, trials=500)
    assert comparison.correction == "holm"
    np.testing.assert_allclose(
        comparison.p_adjusted, stats.adjust_p_values(comparison.tests.p_value, "holm")
    )
    np.testing.assert_array_equal(comparison.significant, comparison.p_adjusted < 0.05)


def test_bonferroni_multiplies_by_the_number_of_pairs(frame):
    comparison = stats.compare(frame, correction="bonferroni")
    np.testing.assert_allclose(comparison.p_adjusted, np.minimum(1.0, comparison.tests.p_value * 6))


def test_the_tukey_test_reuses_the_randomised_tukey_hsd_of_the_meta_evaluation(frame):
    comparison = stats.compare(frame, test="tukey", trials=400, seed=2)
    hsd = randomized_tukey_hsd(frame.to_numpy(), trials=400, seed=2)
    a, b = np.triu_indices(4, k=1)
    np.testing.assert_array_equal(comparison.tests.p_value, hsd.p_values[a, b])
    assert comparison.correction == "none"


def test_the_tukey_test_refuses_a_further_correction(frame):
    with pytest.raises(InvalidParameterError, match="family-wise"):
        stats.compare(frame, test="tukey", correction="holm")


def test_an_unknown_test_suggests_the_nearest_name(frame):
    with pytest.raises(InvalidParameterError, match="did you mean 'wilcoxon'"):
        stats.compare(frame, test="wilcoxn")


def test_an_unknown_correction_suggests_the_nearest_name(frame):
    with pytest.raises(InvalidParameterError, match="did you mean 'holm'"):
        stats.compare(frame, correction="hol")


def test_sakai_effect_size_is_the_mean_difference_over_the_root_residual_variance(frame):
    comparison = stats.compare(frame)
    ve2 = residual_variance(frame.to_numpy())
    assert comparison.residual_variance == pytest.approx(ve2, rel=1e-12)
    assert comparison.residual_sd == pytest.approx(np.sqrt(ve2), rel=1e-12)
    np.testing.assert_allclose(
        comparison.sakai_effect_size, comparison.tests.mean_diff / np.sqrt(ve2)
    )


def test_the_frame_has_one_row_per_pair_with_corrected_p_values_and_both_effect_sizes(frame):
    table = stats.compare(frame).to_frame()
    assert len(table) == 6
    assert list(table[["system_a", "system_b"]].iloc[0]) == ["a", "b"]
    for column in ("p_value", "p_adjusted", "significant", "effect_size", "sakai_es", "ci_low"):
        assert column in table.columns


def test_the_p_value_matrix_is_symmetric_and_labelled(frame):
    matrix = stats.compare(frame).p_matrix()
    assert list(matrix.index) == ["a", "b", "c", "d"]
    np.testing.assert_allclose(matrix.to_numpy(), matrix.to_numpy().T)
    np.testing.assert_array_equal(np.diag(matrix.to_numpy()), 1.0)


def test_the_clearly_better_system_is_significantly_better_than_all_others(frame):
    comparison = stats.compare(frame)
    table = comparison.to_frame()
    against_d = table[table["system_b"] == "d"]
    assert against_d["significant"].all()
    assert (against_d["mean_diff"] < 0).all()
    assert (against_d["ci_high"] < 0).all()


def test_resampling_comparisons_are_reproducible_with_a_seed(frame):
    first = stats.compare(frame, test="bootstrap", trials=300, seed=4)
    second = stats.compare(frame, test="bootstrap", trials=300, seed=4)
    np.testing.assert_array_equal(first.tests.p_value, second.tests.p_value)
    np.testing.assert_array_equal(first.tests.ci_low, second.tests.ci_low)


def test_adjusting_nan_p_values_is_refused():
    with pytest.raises(InvalidInputError, match=r"\[0, 1\]"):
        stats.adjust_p_values([0.1, np.nan])


@pytest.mark.parametrize(
    ("spelling", "name"), [("T", "t"), ("Wilcoxon", "wilcoxon"), ("SIGN", "sign")]
)
def test_test_names_ignore_case(frame, spelling, name):
    comparison = stats.compare(frame, test=spelling)
    assert comparison.test == name
    np.testing.assert_array_equal(
        comparison.tests.p_value, stats.compare(frame, test=name).tests.p_value
    )


@pytest.mark.parametrize("test", ["randomisation", "bootstrap", "tukey"])
def test_too_few_resamples_are_refused_for_the_resampling_tests(frame, test):
    with pytest.raises(InvalidParameterError, match=r"trials=1: expected at least 39 resamples"):
        stats.compare(frame, test=test, trials=1)
    with pytest.raises(InvalidParameterError, match=r"trials=150: expected at least 199 resamples"):
        stats.compare(frame, test=test, trials=150, alpha=0.01)


def test_trials_are_not_held_to_the_minimum_by_tests_that_do_not_resample(frame):
    assert stats.compare(frame, test="sign", trials=1).correction == "holm"


@pytest.mark.parametrize(
    "call",
    [
        {"test": "tukey", "correction": "bh"},
        {"test": "tukey", "alternative": "less"},
        {"test": "tukey", "trials": 5},
        {"test": "bootstrap", "trials": 3},
        {"test": "anova"},
        {"correction": "hochberg"},
        {"systems": ["a", "a"]},
        {"alpha": 1.5},
    ],
)
def test_compare_errors_speak_of_systems_and_topics_not_of_the_meta_evaluation(frame, call):
    with pytest.raises(AxiometricsError) as error:
        stats.compare(frame, **call)
    message = str(error.value)
    for word in ("meta", "block", "group", "measure"):
        assert word not in message
