"""BCa ties and pair-local resampling (issue 21, item 2.8).

A resampled mean equal to the observed one in exact arithmetic is a tie,
whatever the rounding of its float sum; and a pair's interval, bootstrap
p-value and randomisation p-value depend only on its own two systems, the
number of resamples and the seed.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
import scipy.stats

from axiometrics import stats


def scipy_interval(a: np.ndarray, b: np.ndarray, method: str = "BCa") -> tuple[float, float]:
    result = scipy.stats.bootstrap(
        (a, b),
        lambda x, y, axis: (x - y).mean(axis=axis),
        paired=True,
        vectorized=True,
        method=method,
        n_resamples=20_000,
        rng=0,
    ).confidence_interval
    return float(result.low), float(result.high)


def exact_bca(d: np.ndarray, alpha: float = 0.05) -> tuple[float, float]:
    """BCa interval over the exact bootstrap distribution (all ``T^T`` equally likely samples)."""
    n = len(d)
    means = np.sort([d[list(idx)].mean() for idx in itertools.product(range(n), repeat=n)])
    observed = d.mean()
    close = np.isclose(means, observed, rtol=0, atol=1e-12)
    share = (np.sum((means < observed) & ~close) + 0.5 * np.sum(close)) / len(means)
    z0 = scipy.stats.norm.ppf(share)
    loo = (d.sum() - d) / (n - 1)
    u = loo.mean() - loo
    accel = (u**3).sum() / (6 * (u**2).sum() ** 1.5)
    levels = [
        scipy.stats.norm.cdf(z0 + (z0 + z) / (1 - accel * (z0 + z)))
        for z in scipy.stats.norm.ppf([alpha / 2, 1 - alpha / 2])
    ]
    return tuple(float(np.quantile(means, q, method="inverted_cdf")) for q in levels)


def test_a_resampled_mean_equal_to_the_observed_one_is_a_tie_whatever_its_rounding():
    a, b = np.array([1.0, 0.0, 0.0]), np.zeros(3)
    low, high = stats.bootstrap_interval(np.column_stack([a, b]), trials=20_000, seed=0)
    assert (low[0], high[0]) == (0.0, 1.0)
    assert scipy_interval(a, b) == (0.0, 1.0)
    assert exact_bca(a - b) == pytest.approx((0.0, 1.0))


def test_a_bca_interval_with_tied_resampled_means_matches_scipy_and_contains_zero():
    a = np.array([0.9375, 0.625, 0.25])
    b = np.array([0.1875, 0.1875, 0.421875])
    low, high = stats.bootstrap_interval(np.column_stack([a, b]), trials=20_000, seed=0)
    reference = scipy_interval(a, b)
    assert low[0] == pytest.approx(reference[0], abs=1e-12)
    assert high[0] == pytest.approx(reference[1], abs=1e-12)
    assert (low[0], high[0]) == pytest.approx((-0.171875, 0.6458333333333334), abs=1e-12)
    assert exact_bca(a - b) == pytest.approx((low[0], high[0]), abs=1e-12)
    assert low[0] < 0 < high[0]


def test_rounding_noise_in_the_scores_does_not_break_bootstrap_ties():
    a = np.array([1.0, 0.0, 0.0]) + 0.1  # 0.1 is not exact in binary
    b = np.zeros(3) + 0.1
    low, high = stats.bootstrap_interval(np.column_stack([a, b]), trials=20_000, seed=0)
    assert low[0] == pytest.approx(0.0, abs=1e-12)
    assert high[0] == pytest.approx(1.0, abs=1e-12)


def frame(seed: int = 4, systems: int = 6) -> pd.DataFrame:
    values = np.random.default_rng(seed).uniform(0, 1, (30, systems))
    return pd.DataFrame(values, columns=[f"s{i}" for i in range(systems)])


RESAMPLING = {
    "bca interval": lambda m: np.vstack(stats.bootstrap_interval(m, trials=999, seed=9)),
    "percentile interval": lambda m: np.vstack(
        stats.bootstrap_interval(m, trials=999, seed=9, ci_method="percentile")
    ),
    "bootstrap p-value": lambda m: stats.bootstrap_test(m, trials=999, seed=9).p_value[None],
    "randomisation p-value": lambda m: stats.randomisation_test(
        m, exact_max_topics=0, trials=999, seed=9
    ).p_value[None],
}


@pytest.mark.parametrize("name", RESAMPLING)
def test_a_pairs_result_has_the_same_bits_alone_as_among_other_systems(name):
    scores = frame()
    together = RESAMPLING[name](scores)
    names = list(scores.columns)
    for p, (i, j) in enumerate(itertools.combinations(range(len(names)), 2)):
        alone = RESAMPLING[name](scores[[names[i], names[j]]])
        np.testing.assert_array_equal(alone[:, 0], together[:, p])


@pytest.mark.parametrize("name", RESAMPLING)
def test_a_pairs_result_does_not_depend_on_the_position_of_its_systems(name):
    scores = frame()
    together = RESAMPLING[name](scores)
    moved = scores[["s5", "s3", "s0", "s4", "s1", "s2"]]
    # (s0, s1) is pair 0 of the first call and (s0, s1) again in the second, now columns 2 and 4.
    position = list(itertools.combinations(range(6), 2)).index((2, 4))
    np.testing.assert_array_equal(RESAMPLING[name](moved)[:, position], together[:, 0])


def test_the_chunk_size_does_not_change_a_single_bit_of_the_bootstrap():
    scores = frame(5, 4)
    big = stats.bootstrap_test(scores, trials=999, seed=1)
    small = stats.bootstrap_test(scores, trials=999, seed=1, max_elements=100)
    np.testing.assert_array_equal(big.p_value, small.p_value)
    np.testing.assert_array_equal(big.ci_low, small.ci_low)
    np.testing.assert_array_equal(big.ci_high, small.ci_high)
