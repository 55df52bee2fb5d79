"""One-sided alternatives of every paired test, cross-checked against SciPy (issue 21, section 3)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.stats

from axiometrics import stats
from axiometrics.errors import InvalidParameterError

SIDES = ["two-sided", "greater", "less"]


def grid(seed: int, topics: int, systems: int, steps: int = 64) -> np.ndarray:
    rng = np.random.default_rng(seed)
    topic = rng.integers(0, steps // 2, size=(topics, 1))
    return (
        np.clip(topic + rng.integers(-steps // 4, steps // 2, size=(topics, systems)), 0, steps)
        / steps
    )


def columns(matrix: np.ndarray):
    a, b = np.triu_indices(matrix.shape[1], k=1)
    for p, (i, j) in enumerate(zip(a, b, strict=True)):
        yield p, matrix[:, i], matrix[:, j]


@pytest.mark.parametrize("alternative", SIDES)
@pytest.mark.parametrize("topics", [4, 12, 40])
def test_the_one_sided_t_test_matches_scipy_ttest_rel_and_its_interval(alternative, topics):
    x = grid(topics, topics, 8)
    ours = stats.paired_t_test(x, alternative=alternative)
    assert ours.alternative == alternative
    for p, a, b in columns(x):
        if ours.zero_variance[p]:
            continue
        ref = scipy.stats.ttest_rel(a, b, alternative=alternative)
        ci = ref.confidence_interval(0.95)
        assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-14)
        assert ours.ci_low[p] == pytest.approx(ci.low, rel=1e-9, abs=1e-12)
        assert ours.ci_high[p] == pytest.approx(ci.high, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("alternative", SIDES)
def test_the_one_sided_sign_test_matches_scipy_binomtest(alternative):
    x = grid(5, 15, 10, steps=8)
    ours = stats.sign_test(x, alternative=alternative)
    for p, a, b in columns(x):
        k, n = int((a > b).sum()), int((a != b).sum())
        expected = 1.0 if n == 0 else scipy.stats.binomtest(k, n, alternative=alternative).pvalue
        assert ours.p_value[p] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("alternative", SIDES)
@pytest.mark.parametrize("topics", [6, 11])
def test_the_one_sided_randomisation_test_matches_scipy_permutation_test(alternative, topics):
    x = grid(20 + topics, topics, 7)
    ours = stats.randomisation_test(x, alternative=alternative)
    assert set(ours.method) == {"exact"}
    if alternative == "two-sided":

        def statistic(d, axis):
            return np.abs(d.mean(axis=axis))

        side = "greater"
    else:

        def statistic(d, axis):
            return d.mean(axis=axis)

        side = alternative
    for p, a, b in columns(x):
        ref = scipy.stats.permutation_test(
            (a - b,),
            statistic,
            permutation_type="samples",
            n_resamples=np.inf,
            alternative=side,
            vectorized=True,
        )
        assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9)


@pytest.mark.parametrize("alternative", SIDES)
def test_the_one_sided_monte_carlo_randomisation_test_approaches_the_exact_one(alternative):
    x = grid(41, 12, 5)
    exact = stats.randomisation_test(x, alternative=alternative)
    sampled = stats.randomisation_test(
        x, exact_max_topics=0, trials=40_000, seed=3, alternative=alternative
    )
    np.testing.assert_allclose(sampled.p_value, exact.p_value, atol=0.01)


@pytest.mark.parametrize("alternative", ["greater", "less"])
@pytest.mark.parametrize("method", ["percentile", "BCa"])
def test_one_sided_bootstrap_intervals_agree_with_scipy_bootstrap(alternative, method):
    x = grid(77, 25, 2)
    low, high = stats.bootstrap_interval(
        x, trials=20_000, seed=2, ci_method=method, alternative=alternative
    )
    ref = scipy.stats.bootstrap(
        (x[:, 0], x[:, 1]),
        lambda a, b, axis: (a - b).mean(axis=axis),
        paired=True,
        vectorized=True,
        method=method,
        n_resamples=20_000,
        rng=2,
        alternative=alternative,
    ).confidence_interval
    finite = ref.low if alternative == "greater" else ref.high
    ours = low[0] if alternative == "greater" else high[0]
    assert ours == pytest.approx(finite, abs=0.02 * x.std())
    assert (high[0] if alternative == "greater" else low[0]) == (
        np.inf if alternative == "greater" else -np.inf
    )


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_the_one_sided_bootstrap_test_finds_a_clear_difference_on_its_side_only(alternative):
    x = grid(3, 30, 2)
    x[:, 0] = x[:, 1] + np.random.default_rng(0).integers(4, 20, size=30) / 64
    result = stats.bootstrap_test(x, trials=2000, seed=1, alternative=alternative)
    two = stats.bootstrap_test(x, trials=2000, seed=1)
    assert two.p_value[0] == 1 / 2001
    if alternative == "greater":
        assert result.p_value[0] == 1 / 2001
        assert result.ci_high[0] == np.inf
        assert 0 < result.ci_low[0] < result.mean_diff[0]
    else:
        assert result.p_value[0] == 1.0
        assert result.ci_low[0] == -np.inf
        assert result.ci_high[0] > result.mean_diff[0]


def test_compare_passes_the_alternative_to_the_paired_test_and_reports_it():
    x = grid(8, 20, 4)
    comparison = stats.compare(x, test="t", alternative="greater")
    direct = stats.paired_t_test(x, alternative="greater")
    np.testing.assert_array_equal(comparison.tests.p_value, direct.p_value)
    assert comparison.alternative == "greater"
    np.testing.assert_allclose(comparison.p_adjusted, stats.adjust_p_values(direct.p_value, "holm"))
    assert np.all(np.isinf(comparison.sakai_effect_size_high))


def test_one_sided_identical_systems_are_never_significant():
    x = grid(1, 10, 2)
    x[:, 1] = x[:, 0]
    for test in (stats.paired_t_test, stats.wilcoxon_test, stats.sign_test):
        for alternative in ("greater", "less"):
            assert test(x, alternative=alternative).p_value[0] == 1.0
    assert stats.randomisation_test(x, alternative="less").p_value[0] == 1.0
    assert stats.bootstrap_test(x, trials=99, alternative="greater").p_value[0] == 1.0


def test_a_constant_positive_difference_is_significant_only_for_greater():
    x = np.column_stack([np.linspace(0.2, 0.8, 8) + 0.25, np.linspace(0.2, 0.8, 8)])
    greater = stats.paired_t_test(x, alternative="greater")
    less = stats.paired_t_test(x, alternative="less")
    assert (greater.statistic[0], greater.p_value[0]) == (np.inf, 0.0)
    assert less.p_value[0] == 1.0
    assert (greater.ci_low[0], greater.ci_high[0]) == (pytest.approx(0.25), np.inf)
    assert stats.randomisation_test(x, alternative="greater").p_value[0] == 1 / 2**8
    assert stats.randomisation_test(x, alternative="less").p_value[0] == 1.0


def test_the_tukey_test_refuses_a_one_sided_alternative():
    with pytest.raises(InvalidParameterError, match=r"alternative='greater'.*two-sided only"):
        stats.compare(grid(2, 10, 3), test="tukey", alternative="greater")


def test_an_unknown_alternative_suggests_the_nearest_name():
    with pytest.raises(
        InvalidParameterError, match=r"alternative='grater'.*did you mean 'greater'"
    ):
        stats.sign_test(grid(2, 10, 3), alternative="grater")


@pytest.mark.parametrize("spelling", ["Greater", "GREATER", " greater "])
def test_alternative_names_ignore_case(spelling):
    x = grid(6, 10, 3)
    np.testing.assert_array_equal(
        stats.paired_t_test(x, alternative=spelling).p_value,
        stats.paired_t_test(x, alternative="greater").p_value,
    )
