"""Ties decided per topic and scores of any magnitude (issue 21, items 2.6 and 2.9).

A topic's tolerance comes from its own scores only, so one topic of very
large scores can never erase a difference on the others; and the tests are
computed on rescaled scores, so scores near ``1e300`` or ``1e-300`` give the
same p-values as scores near 1 (numbers in score units that a float cannot
hold raise a typed error).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scipy.stats
import statsmodels.stats.anova as statsmodels_anova
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import stats
from axiometrics.errors import InvalidInputError
from axiometrics.stats import ScoreRangeError


def one_huge_topic(magnitude: float = 3e9, gap: float = 0.55) -> pd.DataFrame:
    """20 topics where B is ``gap`` worse than A, plus one topic where both score ``magnitude``."""
    a = np.random.default_rng(0).uniform(0.6, 1.0, 20)
    b = a - gap
    return pd.DataFrame(
        {"A": np.append(a, magnitude), "B": np.append(b, magnitude)},
        index=[f"q{i}" for i in range(21)],
    )


def test_a_huge_topic_does_not_hide_the_difference_from_the_sign_test():
    result = stats.sign_test(one_huge_topic())
    assert result.n_used[0] == 20
    assert result.p_value[0] == scipy.stats.binomtest(20, 20).pvalue == 2 / 2**20


def test_a_huge_topic_does_not_hide_the_difference_from_the_wilcoxon_test():
    frame = one_huge_topic()
    result = stats.wilcoxon_test(frame)
    reference = scipy.stats.wilcoxon(frame["A"], frame["B"], method="exact")
    assert result.p_value[0] == pytest.approx(reference.pvalue, rel=1e-12)
    assert result.p_value[0] == pytest.approx(2 / 2**20, rel=1e-12)


def test_a_huge_topic_does_not_hide_the_difference_from_the_randomisation_test():
    frame = one_huge_topic()
    assert stats.randomisation_test(frame, trials=999, seed=1).p_value[0] == 1 / 1000
    # Exactly: only the two assignments with all signs equal reach, times 2 for the zero topic.
    exact = stats.randomisation_test(frame, exact_max_topics=21)
    assert exact.p_value[0] == 4 / 2**21


def test_a_huge_topic_does_not_hide_the_difference_from_the_t_test():
    frame = one_huge_topic()
    result = stats.paired_t_test(frame)
    reference = scipy.stats.ttest_rel(frame["A"], frame["B"])
    assert not result.zero_variance[0]
    assert result.statistic[0] == pytest.approx(reference.statistic, rel=1e-9)
    assert result.p_value[0] == pytest.approx(reference.pvalue, rel=1e-6)


def test_a_huge_topic_does_not_hide_the_difference_from_the_bootstrap_test():
    result = stats.bootstrap_test(one_huge_topic(), trials=999, seed=1)
    assert result.p_value[0] == 1 / 1000
    assert result.ci_low[0] > 0.4


def test_a_huge_topic_does_not_hide_the_difference_from_the_tukey_test():
    comparison = stats.compare(one_huge_topic(), test="tukey", trials=2000, seed=1)
    assert comparison.tests.p_value[0] == 0.0
    assert bool(comparison.significant[0])


def test_a_huge_topic_does_not_make_the_two_way_error_term_zero():
    frame = one_huge_topic()
    result = stats.two_way_anova(frame)
    # The system F is blind to a constant added to a whole topic: compare with the
    # huge topic moved to 0 on both systems, checked against statsmodels.
    moved = frame.copy()
    moved.iloc[-1] = 0.0
    long = moved.reset_index(names="topic").melt(
        id_vars="topic", var_name="system", value_name="score"
    )
    rm = statsmodels_anova.AnovaRM(long, "score", "topic", within=["system"]).fit()
    assert result.error_variance > 0
    assert result.system_f == pytest.approx(rm.anova_table.loc["system", "F Value"], rel=1e-9)
    assert result.system_p == pytest.approx(rm.anova_table.loc["system", "Pr > F"], rel=1e-6)


def test_a_difference_within_a_topics_own_tolerance_counts_as_zero():
    # 3e9 + 0.55 differs from 3e9 by less than 1e-9 of the topic's scores.
    frame = one_huge_topic()
    frame.iloc[-1, 0] += 0.55
    result = stats.sign_test(frame)
    assert result.n_used[0] == 20
    assert result.p_value[0] == 2 / 2**20


def test_rounding_noise_within_each_topic_still_makes_a_constant_offset_zero_variance():
    base = np.array([0.2, 0.5, 0.9, 0.1, 0.35])
    noisy = np.column_stack([base + 0.1, base])  # 0.1 is not exact in binary
    result = stats.paired_t_test(noisy)
    assert result.zero_variance[0]
    assert result.statistic[0] == np.inf
    assert stats.wilcoxon_test(noisy).p_value[0] == 2 / 2**5


@pytest.mark.parametrize(
    "name",
    ["t", "wilcoxon", "sign", "randomisation (exact)", "randomisation (monte carlo)", "bootstrap"],
)
@given(
    topics=st.integers(12, 20),
    gaps=st.lists(st.integers(8, 32), min_size=20, max_size=20),
    base=st.lists(st.integers(0, 32), min_size=20, max_size=20),
    exponent=st.integers(-300, 300),
    negative=st.booleans(),
    keep_gap=st.booleans(),
)
def test_one_topic_of_any_magnitude_never_hides_a_difference_that_holds_on_every_other_topic(
    name, topics, gaps, base, exponent, negative, keep_gap
):
    b = np.array(base[:topics]) / 64
    a = b + np.array(gaps[:topics]) / 64
    magnitude = (-1.0 if negative else 1.0) * 10.0**exponent
    extra_a = magnitude + (gaps[0] / 64 if keep_gap else 0.0)
    x = np.column_stack([np.append(a, extra_a), np.append(b, magnitude)])
    tests = {
        "t": lambda m: stats.paired_t_test(m),
        "wilcoxon": lambda m: stats.wilcoxon_test(m),
        "sign": lambda m: stats.sign_test(m),
        "randomisation (exact)": lambda m: stats.randomisation_test(m, exact_max_topics=24),
        "randomisation (monte carlo)": lambda m: stats.randomisation_test(
            m, exact_max_topics=0, trials=999, seed=1
        ),
        "bootstrap": lambda m: stats.bootstrap_test(m, trials=999, seed=1),
    }
    result = tests[name](x)
    # The same topics with that topic's scores at 0: what the difference gives
    # when no magnitude can hide it (a resampling test's p-value on a few
    # near-equal differences can itself be above 0.01: the studentised
    # bootstrap's samples without the outlying topics have a tiny spread).
    x[-1] -= magnitude
    reference = tests[name](x)
    assert result.p_value[0] <= max(0.01, reference.p_value[0])
    assert result.mean_diff[0] > 0


def grid(seed: int, topics: int = 12, systems: int = 4) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 64, size=(topics, systems)) / 64


PAIRED = {
    "t": stats.paired_t_test,
    "wilcoxon": stats.wilcoxon_test,
    "sign": stats.sign_test,
    "randomisation": lambda m: stats.randomisation_test(m, exact_max_topics=0, trials=499),
    "bootstrap": lambda m: stats.bootstrap_test(m, trials=499),
}


@pytest.mark.parametrize("name", PAIRED)
@pytest.mark.parametrize("power", [990, -1000])
def test_scores_scaled_by_a_power_of_two_give_identical_tests(name, power):
    x = grid(1)
    unit = PAIRED[name](x)
    scaled = PAIRED[name](x * 2.0**power)
    np.testing.assert_array_equal(scaled.p_value, unit.p_value)
    np.testing.assert_array_equal(scaled.effect_size, unit.effect_size)
    np.testing.assert_array_equal(scaled.ci_low, unit.ci_low * 2.0**power)
    np.testing.assert_array_equal(scaled.mean_diff, unit.mean_diff * 2.0**power)
    if name in ("t", "bootstrap"):
        np.testing.assert_array_equal(scaled.statistic, unit.statistic)


@pytest.mark.parametrize("name", PAIRED)
@pytest.mark.parametrize("factor", [1e300, 1e-300])
def test_scores_near_the_ends_of_the_float_range_give_the_p_values_of_unit_scores(name, factor):
    x = grid(2)
    unit = PAIRED[name](x)
    scaled = PAIRED[name](x * factor)
    np.testing.assert_allclose(scaled.p_value, unit.p_value, rtol=1e-9)
    np.testing.assert_allclose(scaled.effect_size, unit.effect_size, rtol=1e-9)
    np.testing.assert_allclose(scaled.ci_low, unit.ci_low * factor, rtol=1e-9)
    np.testing.assert_allclose(scaled.ci_high, unit.ci_high * factor, rtol=1e-9)


def test_compare_on_scores_near_1e300_matches_compare_on_unit_scores():
    x = grid(3)
    unit = stats.compare(x)
    scaled = stats.compare(x * 1e300)
    np.testing.assert_allclose(scaled.p_adjusted, unit.p_adjusted, rtol=1e-9)
    np.testing.assert_allclose(scaled.sakai_effect_size, unit.sakai_effect_size, rtol=1e-9)
    np.testing.assert_allclose(scaled.sakai_effect_size_low, unit.sakai_effect_size_low, rtol=1e-9)
    assert scaled.residual_sd == pytest.approx(unit.residual_sd * 1e300, rel=1e-9)
    with pytest.raises(ScoreRangeError, match="residual variance VE2"):
        _ = scaled.residual_variance


def test_two_way_anova_of_scores_near_1e300_is_refused_with_a_typed_error():
    with pytest.raises(ScoreRangeError, match="sum of squares is outside the float range"):
        stats.two_way_anova(grid(4) * 1e300)


def test_one_way_anova_of_scores_near_1e_minus_300_is_refused_with_a_typed_error():
    with pytest.raises(ScoreRangeError, match="sum of squares is outside the float range"):
        stats.one_way_anova(grid(4) * 1e-300)


@pytest.mark.parametrize("anova", [stats.one_way_anova, stats.two_way_anova])
def test_anova_of_scores_near_1e100_matches_anova_of_unit_scores(anova):
    x = grid(5)
    unit, scaled = anova(x), anova(x * 1e100)
    assert scaled.system_f == pytest.approx(unit.system_f, rel=1e-9)
    assert scaled.system_p == pytest.approx(unit.system_p, rel=1e-9)
    np.testing.assert_allclose(scaled.sum_squares, unit.sum_squares * 1e200, rtol=1e-9)


def test_a_difference_beyond_the_float_range_is_refused_naming_the_pair_and_topic():
    x = pd.DataFrame(
        {"A": [1.5e308, 0.5, 0.2], "B": [-1.5e308, 0.1, 0.3]}, index=["q1", "q2", "q3"]
    )
    with pytest.raises(
        ScoreRangeError, match=r"systems 'A' and 'B' at topic='q1' overflows in floating point"
    ):
        stats.paired_t_test(x)


def test_the_tukey_test_of_scores_near_the_largest_float_matches_unit_scores():
    x = grid(6)
    unit = stats.compare(x, test="tukey", trials=500, seed=2)
    huge = stats.compare(x * 2.0**1020, test="tukey", trials=500, seed=2)
    np.testing.assert_array_equal(huge.tests.p_value, unit.tests.p_value)


def test_a_contingency_table_beyond_exact_float_counts_is_refused():
    with pytest.raises(InvalidInputError, match=r"total count of at most 2\*\*53 \(got 2e\+300\)"):
        stats.chi_squared_test(np.array([[1e300, 1.0], [1.0, 1e300]]))
