"""The exact conditional Wilcoxon signed-rank test with ties and zeros (issue 21, item 2.7)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import scipy.stats
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import stats
from axiometrics.stats.wilcoxon import EXACT_MAX_N


def brute_force(d: np.ndarray, alternative: str) -> float:
    """p-value over every sign assignment of the non-zero differences (average ranks)."""
    nonzero = d[d != 0]
    ranks = scipy.stats.rankdata(np.abs(nonzero))
    observed = ranks[nonzero > 0].sum()
    signs = np.array(list(itertools.product((0.0, 1.0), repeat=len(nonzero))))
    w = signs @ ranks
    lower = np.mean(w <= observed + 1e-9)
    upper = np.mean(w >= observed - 1e-9)
    if alternative == "greater":
        return float(upper)
    if alternative == "less":
        return float(lower)
    return float(min(1.0, 2 * min(lower, upper)))


def test_four_equal_differences_give_the_smallest_exact_p_value_not_the_normal_one():
    x = np.column_stack([np.full(4, 0.6), np.full(4, 0.5)])
    result = stats.wilcoxon_test(x)
    assert result.p_value[0] == 0.125
    assert result.p_value[0] == scipy.stats.wilcoxon(x[:, 0], x[:, 1], method="exact").pvalue
    assert result.method == ("exact",)


def test_compare_does_not_call_four_equal_differences_significant():
    x = np.column_stack([np.full(4, 0.6), np.full(4, 0.5)])
    comparison = stats.compare(x, test="wilcoxon")
    assert comparison.p_adjusted[0] == 0.125
    assert not comparison.significant[0]


def test_tied_ranks_use_the_conditional_distribution_that_scipy_enumerates():
    a = np.array([0.6, 0.6, 0.7, 0.5, 0.2, 0.7, 1.0])
    b = np.array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    result = stats.wilcoxon_test(np.column_stack([a, b]))
    reference = scipy.stats.wilcoxon(a, b, method="auto")  # permutation test for n <= 13
    assert result.p_value[0] == pytest.approx(reference.pvalue, rel=1e-12)
    assert result.p_value[0] == pytest.approx(22 / 64, rel=1e-12)
    assert result.statistic[0] == reference.statistic == 5.0
    assert result.n_used[0] == 6


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_exact_p_values_with_ties_and_zeros_match_brute_force_enumeration(alternative):
    rng = np.random.default_rng(12)
    for _ in range(60):
        topics = int(rng.integers(2, 13))
        d = rng.integers(-3, 4, topics) / 8
        x = np.column_stack([0.5 + d, np.full(topics, 0.5)])
        result = stats.wilcoxon_test(x, alternative=alternative)
        expected = 1.0 if not np.any(d) else brute_force(d, alternative)
        assert result.p_value[0] == pytest.approx(expected, rel=1e-12)


def test_the_test_is_exact_up_to_fifty_non_zero_differences_and_normal_beyond():
    rng = np.random.default_rng(3)
    for nonzero in (EXACT_MAX_N, EXACT_MAX_N + 1):
        d = rng.integers(1, 6, nonzero) * rng.choice([-1.0, 1.0], nonzero) / 8
        x = np.column_stack([0.5 + d, np.full(nonzero, 0.5)])
        result = stats.wilcoxon_test(x)
        if nonzero <= EXACT_MAX_N:
            assert result.method == ("exact",)
        else:
            assert result.method == ("normal approximation",)
            reference = scipy.stats.wilcoxon(x[:, 0], x[:, 1], method="asymptotic")
            assert result.p_value[0] == pytest.approx(reference.pvalue, rel=1e-9)


def test_many_pairs_with_different_tie_patterns_are_counted_at_once_like_one_by_one():
    x = np.random.default_rng(4).integers(0, 8, size=(30, 9)) / 8
    together = stats.wilcoxon_test(x)
    a, b = np.triu_indices(9, k=1)
    alone = [stats.wilcoxon_test(x[:, [i, j]]).p_value[0] for i, j in zip(a, b, strict=True)]
    np.testing.assert_array_equal(together.p_value, alone)


@given(
    d=st.lists(st.integers(-4, 4), min_size=2, max_size=EXACT_MAX_N).filter(any),
    alternative=st.sampled_from(["two-sided", "greater", "less"]),
)
def test_exact_small_sample_p_values_never_fall_below_the_exact_minimum(d, alternative):
    gaps = np.array(d) / 16
    x = np.column_stack([0.5 + gaps, np.full(len(d), 0.5)])
    result = stats.wilcoxon_test(x, alternative=alternative)
    n = int(np.count_nonzero(gaps))
    assert result.n_used[0] == n
    smallest = (2.0 if alternative == "two-sided" else 1.0) / 2**n
    assert result.p_value[0] >= smallest * (1 - 1e-12)
    assert result.p_value[0] <= 1.0
