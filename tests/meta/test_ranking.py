import itertools
import math

import numpy as np
import pytest
from scipy import stats

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import MetaInputError
from axiometrics.meta.ranking import (
    average_ranks,
    kendall_tau,
    kendall_tau_interval,
    snap_ties,
    spearman_rho,
)


def tau_a_by_pairs(x, y):
    """Kendall's tau-a by enumerating pairs, written independently of the implementation."""
    n = len(x)
    total = 0
    for i, j in itertools.combinations(range(n), 2):
        dx, dy = x[i] - x[j], y[i] - y[j]
        if dx * dy > 0:
            total += 1
        elif dx * dy < 0:
            total -= 1
    return total / (n * (n - 1) / 2)


def random_rankings_with_ties(rng, n):
    # Few distinct values force many ties in both vectors.
    return rng.integers(0, max(2, n // 3), n).astype(float), rng.integers(0, 4, n).astype(float)


@pytest.mark.parametrize("seed", range(20))
def test_tau_b_matches_scipy_on_random_rankings_with_ties(seed):
    rng = np.random.default_rng(seed)
    x, y = random_rankings_with_ties(rng, int(rng.integers(5, 30)))
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        x[0], y[0] = x[0] + 1, y[0] + 1
    expected = stats.kendalltau(x, y, variant="b").statistic
    assert kendall_tau(x, y, variant="b") == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_tau_a_matches_pair_enumeration_on_random_rankings_with_ties(seed):
    rng = np.random.default_rng(100 + seed)
    x, y = random_rankings_with_ties(rng, int(rng.integers(3, 30)))
    assert kendall_tau(x, y, variant="a") == pytest.approx(tau_a_by_pairs(x, y), abs=1e-12)


def test_tau_a_and_tau_b_agree_without_ties_and_match_scipy():
    rng = np.random.default_rng(7)
    x, y = rng.permutation(12).astype(float), rng.permutation(12).astype(float)
    assert kendall_tau(x, y, variant="a") == pytest.approx(kendall_tau(x, y, variant="b"))
    assert kendall_tau(x, y, variant="a") == pytest.approx(stats.kendalltau(x, y).statistic)


def test_tau_is_vectorised_over_leading_axes():
    rng = np.random.default_rng(3)
    x = rng.integers(0, 5, (4, 3, 9)).astype(float)
    y = rng.integers(0, 5, (4, 3, 9)).astype(float)
    batched = kendall_tau(x, y, variant="a")
    assert batched.shape == (4, 3)
    for idx in np.ndindex(4, 3):
        assert batched[idx] == pytest.approx(tau_a_by_pairs(x[idx], y[idx]))


def test_tau_b_of_a_constant_ranking_is_zero_instead_of_undefined():
    assert kendall_tau([1.0, 1.0, 1.0], [1.0, 2.0, 3.0], variant="b") == 0.0


def test_unknown_variant_and_mismatched_lengths_raise_typed_errors():
    with pytest.raises(InvalidParameterError, match="variant must be 'a' or 'b'"):
        kendall_tau([1, 2], [1, 2], variant="c")
    with pytest.raises(MetaInputError, match="same systems"):
        kendall_tau([1, 2, 3], [1, 2])
    with pytest.raises(MetaInputError, match="at least 2 systems"):
        kendall_tau([1.0], [1.0])


def test_long_cliff_interval_matches_a_hand_worked_example():
    # Five systems: x ranks them 1..5, y swaps systems 2/3 and 4/5.
    x = [1.0, 2.0, 3.0, 4.0, 5.0]
    y = [1.0, 3.0, 2.0, 5.0, 4.0]
    # t_ij = sign(x_i - x_j) sign(y_i - y_j).  Over the 10 unordered pairs only
    # (2,3) and (4,5) are discordant, so sum_{i<j} t_ij = 8 - 2 = 6 and
    #   t = tau_a = 6 / 10 = 0.6   (= 12 / 20 over the n(n-1) = 20 ordered pairs).
    # Row means t_i. = sum_{j != i} t_ij / (n - 1):
    #   system 1: (1 + 1 + 1 + 1) / 4 = 1.0
    #   system 2: (1 - 1 + 1 + 1) / 4 = 0.5, and likewise 0.5 for systems 3, 4, 5.
    # s2_i. = sum_i (t_i. - t)^2 / (n - 1) = (0.4^2 + 4 * 0.1^2) / 4 = 0.20 / 4 = 0.05
    # s2_ij = (sum_{i != j} t_ij^2 - n(n-1) t^2) / (n(n-1) - 1) = (20 - 20 * 0.36) / 19 = 12.8 / 19
    # s2    = (4 (n-2) s2_i. + 2 s2_ij) / (n(n-1)) = (12 * 0.05 + 25.6 / 19) / 20 = 37 / 380
    # 95% interval: 0.6 -+ 1.959964 * sqrt(37 / 380) = 0.6 -+ 0.611586 -> [-0.011586, 1.211586],
    # clipped to [-0.011586, 1].
    interval = kendall_tau_interval(x, y, variant="a")
    assert float(interval.tau) == pytest.approx(0.6)
    assert float(interval.variance) == pytest.approx(37 / 380)
    half = 1.959963984540054 * math.sqrt(37 / 380)
    assert float(interval.low) == pytest.approx(0.6 - half)
    assert float(interval.high) == 1.0
    assert float(interval.low) == pytest.approx(-0.011586, abs=1e-6)


def test_long_cliff_tau_b_interval_scales_the_tau_a_variance_by_the_tie_factor():
    x = [1.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    y = [1.0, 2.0, 3.0, 3.0, 5.0, 4.0]
    a = kendall_tau_interval(x, y, variant="a")
    b = kendall_tau_interval(x, y, variant="b")
    # 15 pairs; one tied in x, one tied in y: factor = 15 / sqrt(14 * 14).
    factor = 15 / 14
    assert float(b.tau) == pytest.approx(stats.kendalltau(x, y).statistic)
    assert float(b.tau) == pytest.approx(float(a.tau) * factor)
    assert float(b.variance) == pytest.approx(float(a.variance) * factor**2)


def test_long_cliff_interval_contains_tau_is_clipped_and_narrows_with_confidence():
    rng = np.random.default_rng(11)
    x = rng.random((30, 12))
    y = x + rng.normal(0, 0.3, (30, 12))
    wide = kendall_tau_interval(x, y, confidence=0.99)
    narrow = kendall_tau_interval(x, y, confidence=0.8)
    assert np.all(wide.low <= wide.tau)
    assert np.all(wide.tau <= wide.high)
    assert np.all(wide.low >= -1)
    assert np.all(wide.high <= 1)
    assert np.all(narrow.high - narrow.low <= wide.high - wide.low + 1e-12)


def test_identical_rankings_give_a_degenerate_interval_at_one():
    interval = kendall_tau_interval([1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0])
    assert float(interval.tau) == 1.0
    assert float(interval.low) == float(interval.high) == 1.0


def test_interval_rejects_a_confidence_outside_zero_one():
    with pytest.raises(InvalidParameterError, match="confidence must lie in"):
        kendall_tau_interval([1, 2, 3], [1, 2, 3], confidence=1.0)


@pytest.mark.parametrize("seed", range(10))
def test_average_ranks_match_scipy_rankdata(seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 6, (5, 17)).astype(float)
    np.testing.assert_allclose(average_ranks(x), stats.rankdata(x, axis=-1))


@pytest.mark.parametrize("seed", range(10))
def test_spearman_matches_scipy_with_ties(seed):
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, 5, 25).astype(float), rng.integers(0, 7, 25).astype(float)
    assert spearman_rho(x, y) == pytest.approx(stats.spearmanr(x, y).statistic, abs=1e-12)


def test_spearman_of_a_constant_vector_is_zero():
    assert spearman_rho([2.0, 2.0, 2.0], [1.0, 2.0, 3.0]) == 0.0


def test_values_equal_up_to_rounding_are_ties_in_every_rank_correlation():
    third = 0.1 + 0.2  # 0.30000000000000004
    x = np.array([0.3, third, 0.5, 0.1])
    y = np.array([0.2, 0.1, 0.4, 0.0])
    exact = np.array([0.3, 0.3, 0.5, 0.1])
    assert kendall_tau(x, y) == kendall_tau(exact, y)
    assert kendall_tau(x, y, variant="a") == kendall_tau(exact, y, variant="a")
    assert spearman_rho(x, y) == spearman_rho(exact, y)
    np.testing.assert_array_equal(average_ranks(x), average_ranks(exact))
    assert kendall_tau_interval(x, y).tau == kendall_tau_interval(exact, y).tau


def test_snapping_ties_leaves_distinct_values_alone_and_groups_near_ones_per_row():
    rows = np.array([[1.0, 1.0 + 1e-15, 2.0, -3.0], [1.0, 1.0 + 1e-9, 2.0, 2.0 - 1e-13]])
    snapped = snap_ties(rows)
    np.testing.assert_array_equal(snapped[0], [1.0, 1.0, 2.0, -3.0])
    np.testing.assert_array_equal(snapped[1], [1.0, 1.0 + 1e-9, 2.0 - 1e-13, 2.0 - 1e-13])
    distinct = np.array([0.1, 0.2, 0.3])
    np.testing.assert_array_equal(snap_ties(distinct), distinct)
