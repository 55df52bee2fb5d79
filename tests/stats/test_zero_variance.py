"""Constant differences (zero variance) give declared results, never NaN or a warning.

pytest turns every warning into an error here, so a RuntimeWarning from a
0/0 would fail these tests.
"""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import stats

IDENTICAL = np.array([[0.2, 0.2], [0.5, 0.5], [0.9, 0.9], [0.1, 0.1]])
OFFSET = np.array([[0.3, 0.2], [0.6, 0.5], [1.0, 0.9], [0.2, 0.1]])


def test_the_t_test_of_identical_systems_is_t_zero_p_one():
    result = stats.paired_t_test(IDENTICAL)
    assert (result.statistic[0], result.p_value[0], result.effect_size[0]) == (0.0, 1.0, 0.0)
    assert (result.ci_low[0], result.ci_high[0]) == (0.0, 0.0)
    assert result.zero_variance[0]


def test_the_t_test_of_a_constant_offset_is_infinite_t_with_p_zero():
    result = stats.paired_t_test(OFFSET)
    assert result.statistic[0] == np.inf
    assert result.p_value[0] == 0.0
    assert result.effect_size[0] == np.inf
    assert result.ci_low[0] == pytest.approx(0.1)
    assert result.ci_high[0] == pytest.approx(0.1)


def test_the_swapped_constant_offset_is_negative_infinity():
    result = stats.paired_t_test(OFFSET[:, ::-1])
    assert result.statistic[0] == -np.inf
    assert result.effect_size[0] == -np.inf


def test_rounding_noise_in_a_constant_offset_still_counts_as_zero_variance():
    noisy = np.column_stack([OFFSET[:, 1] + 0.1, OFFSET[:, 1]])  # 0.1 is not exact in binary
    assert stats.paired_t_test(noisy).zero_variance[0]


def test_wilcoxon_and_sign_tests_of_identical_systems_use_no_topic_and_give_p_one():
    for test in (stats.wilcoxon_test, stats.sign_test):
        result = test(IDENTICAL)
        assert result.n_used[0] == 0
        assert result.p_value[0] == 1.0


def test_the_exact_randomisation_test_of_a_constant_offset_gives_two_in_two_to_the_n():
    result = stats.randomisation_test(OFFSET)
    assert result.p_value[0] == 2 / 2**4


def test_the_bootstrap_test_of_a_constant_offset_gives_the_smallest_p_value_and_a_point_interval():
    result = stats.bootstrap_test(OFFSET, trials=99, seed=1)
    assert result.p_value[0] == 1 / 100
    assert result.ci_low[0] == result.ci_high[0] == pytest.approx(0.1)


def test_anova_without_residual_variation_gives_infinite_f_for_different_means():
    result = stats.two_way_anova(OFFSET)
    assert result.system_f == np.inf
    assert result.system_p == 0.0
    assert result.error_variance == 0.0
    np.testing.assert_array_equal(result.ci_low, result.means)


def test_anova_of_identical_systems_without_residual_variation_gives_f_zero_p_one():
    result = stats.two_way_anova(IDENTICAL)
    assert (result.system_f, result.system_p) == (0.0, 1.0)


def test_the_comparison_of_a_constant_offset_has_an_infinite_sakai_effect_size():
    comparison = stats.compare(OFFSET, test="t")
    assert comparison.residual_variance == 0.0
    assert comparison.sakai_effect_size[0] == np.inf
    assert bool(comparison.significant[0])


def test_a_table_with_proportional_rows_has_chi_squared_zero_and_p_one():
    result = stats.chi_squared_test(np.array([[2, 4, 6], [1, 2, 3]]))
    assert result.statistic == pytest.approx(0.0, abs=1e-12)
    assert result.p_value == pytest.approx(1.0)
