"""The randomisation and bootstrap tests: exactness switch, seeds, chunking, intervals."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import stats


def scores(topics: int, systems: int = 3, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 64, size=(topics, systems)) / 64


def test_the_randomisation_test_is_exact_up_to_sixteen_topics_and_sampled_beyond():
    assert stats.randomisation_test(scores(16)).method[0] == "exact"
    sampled = stats.randomisation_test(scores(17), trials=200)
    assert sampled.method[0] == "monte carlo"
    assert sampled.trials == 200
    assert sampled.seed == 0


def test_exact_p_values_are_multiples_of_one_over_two_to_the_n_minus_one():
    result = stats.randomisation_test(scores(9))
    counts = result.p_value * 2**8
    np.testing.assert_allclose(counts, np.round(counts))


def test_monte_carlo_p_values_include_the_observed_assignment():
    result = stats.randomisation_test(scores(30), trials=99, seed=3)
    counts = result.p_value * 100
    np.testing.assert_allclose(counts, np.round(counts))
    assert np.all(result.p_value >= 1 / 100)


def test_the_chunk_size_does_not_change_any_resampling_result():
    x = scores(12, 4)
    big = stats.randomisation_test(x)
    small = stats.randomisation_test(x, max_elements=50)
    np.testing.assert_array_equal(big.p_value, small.p_value)
    sampled_big = stats.randomisation_test(x, exact_max_topics=0, trials=300, seed=1)
    sampled_small = stats.randomisation_test(
        x, exact_max_topics=0, trials=300, seed=1, max_elements=50
    )
    np.testing.assert_array_equal(sampled_big.p_value, sampled_small.p_value)
    boot_big = stats.bootstrap_test(x, trials=300, seed=1)
    boot_small = stats.bootstrap_test(x, trials=300, seed=1, max_elements=100)
    np.testing.assert_allclose(boot_big.p_value, boot_small.p_value)
    np.testing.assert_allclose(boot_big.ci_low, boot_small.ci_low)


def test_different_seeds_give_different_monte_carlo_draws():
    x = scores(40, 2)
    first = stats.bootstrap_test(x, trials=500, seed=1)
    second = stats.bootstrap_test(x, trials=500, seed=2)
    assert first.ci_low[0] != second.ci_low[0]


def test_a_generator_seed_is_accepted_and_not_recorded():
    result = stats.bootstrap_test(scores(10), trials=50, seed=np.random.default_rng(1))
    assert result.seed is None


@pytest.mark.parametrize("ci_method", stats.CI_METHODS)
def test_bootstrap_intervals_contain_the_mean_difference(ci_method):
    result = stats.bootstrap_test(scores(25, 4), trials=2000, seed=0, ci_method=ci_method)
    assert np.all(result.ci_low <= result.mean_diff)
    assert np.all(result.mean_diff <= result.ci_high)
    assert result.ci_method == ci_method


def test_bootstrap_interval_and_test_share_their_samples():
    x = scores(20, 3)
    test = stats.bootstrap_test(x, trials=400, seed=8, ci_method="percentile")
    low, high = stats.bootstrap_interval(x, trials=400, seed=8, ci_method="percentile")
    np.testing.assert_array_equal(test.ci_low, low)
    np.testing.assert_array_equal(test.ci_high, high)


def test_a_wider_confidence_gives_a_wider_interval():
    x = scores(25, 2)
    narrow = stats.bootstrap_interval(x, trials=2000, alpha=0.2)
    wide = stats.bootstrap_interval(x, trials=2000, alpha=0.01)
    assert wide[0][0] <= narrow[0][0]
    assert wide[1][0] >= narrow[1][0]


@pytest.mark.parametrize("test", ["randomisation", "bootstrap"])
def test_a_pairs_result_does_not_depend_on_the_other_systems(test):
    x = scores(30, 5, seed=4)
    if test == "randomisation":
        run = lambda m: stats.randomisation_test(m, exact_max_topics=0, trials=400, seed=9)  # noqa: E731
    else:
        run = lambda m: stats.bootstrap_test(m, trials=400, seed=9)  # noqa: E731
    together = run(x)
    a, b = np.triu_indices(5, k=1)
    alone = np.array([run(x[:, [i, j]]).p_value[0] for i, j in zip(a, b, strict=True)])
    np.testing.assert_array_equal(together.p_value, alone)
