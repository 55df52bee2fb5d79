import itertools
import tracemalloc

import numpy as np
import pytest

from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.stats.tukey import _RowPermutations, _tie_order, randomized_tukey_hsd


def exact_tukey_p_values(x):
    """p-values from the full permutation distribution: every row permuted every way."""
    n, k = x.shape
    means = x.mean(axis=0)
    perms = list(itertools.permutations(range(k)))
    ranges = []
    for choice in itertools.product(perms, repeat=n):
        permuted = np.array([x[row, list(p)] for row, p in enumerate(choice)])
        m = permuted.mean(axis=0)
        ranges.append(m.max() - m.min())
    ranges = np.array(ranges)
    p = np.ones((k, k))
    for i, j in itertools.combinations(range(k), 2):
        p[i, j] = p[j, i] = np.mean(ranges >= abs(means[i] - means[j]) - 1e-12)
    return p, len(ranges)


def test_randomised_tukey_hsd_matches_the_exact_permutation_distribution():
    # Three layers of 3 topics x 3 systems: (3!)^3 = 216 equally likely
    # arrangements each, enumerated exactly.
    layers = np.array(
        [
            [[0.9, 0.5, 0.1], [0.8, 0.6, 0.3], [0.7, 0.2, 0.4]],
            [[0.3, 0.5, 0.35], [0.2, 0.9, 0.1], [0.6, 0.65, 0.5]],
            [[1.0, 0.0, 0.5], [0.4, 0.45, 0.41], [0.2, 0.7, 0.9]],
        ]
    )
    trials = 40_000
    result = randomized_tukey_hsd(layers, trials=trials, seed=2024)
    for layer, x in enumerate(layers):
        exact, count = exact_tukey_p_values(x)
        assert count == 216
        iu = np.triu_indices(3, k=1)
        estimated = result.p_values[layer][iu]
        truth = exact[iu]
        # Monte Carlo standard error of a share estimated from `trials` draws.
        se = np.sqrt(truth * (1 - truth) / trials)
        assert np.all(np.abs(estimated - truth) <= 4 * se + 1e-9), (layer, estimated, truth)
    assert np.any((result.p_values > 0.01) & (result.p_values < 0.99))


def test_p_values_are_symmetric_with_unit_diagonal_and_means_are_column_means():
    x = np.random.default_rng(0).random((8, 5))
    result = randomized_tukey_hsd(x, trials=300, seed=1)
    np.testing.assert_allclose(result.p_values, result.p_values.T)
    np.testing.assert_array_equal(np.diag(result.p_values), 1.0)
    np.testing.assert_allclose(result.means, x.mean(axis=0))


def test_the_largest_observed_difference_counts_the_identity_arrangement():
    # Two topics, two systems, one consistently better: only the arrangement
    # that keeps both rows (or swaps both) reaches the observed range.
    x = np.array([[1.0, 0.0], [1.0, 0.0]])
    result = randomized_tukey_hsd(x, trials=20_000, seed=5)
    assert result.p_values[0, 1] == pytest.approx(0.5, abs=0.02)


def test_identical_systems_are_never_significant():
    x = np.tile(np.random.default_rng(3).random((10, 1)), (1, 4))
    result = randomized_tukey_hsd(x, trials=200, seed=0)
    np.testing.assert_array_equal(result.p_values, 1.0)


def test_results_do_not_depend_on_the_chunk_size():
    x = np.random.default_rng(9).random((12, 6))
    small = randomized_tukey_hsd(x, trials=500, seed=42, max_elements=72)
    large = randomized_tukey_hsd(x, trials=500, seed=42, max_elements=10**7)
    np.testing.assert_array_equal(small.p_values, large.p_values)


def test_same_seed_gives_identical_results_and_another_seed_differs():
    x = np.random.default_rng(4).random((15, 7))
    a = randomized_tukey_hsd(x, trials=400, seed=1)
    b = randomized_tukey_hsd(x, trials=400, seed=1)
    c = randomized_tukey_hsd(x, trials=400, seed=2)
    np.testing.assert_array_equal(a.p_values, b.p_values)
    assert not np.array_equal(a.p_values, c.p_values)


def test_stacked_layers_share_permutations_with_single_runs():
    rng = np.random.default_rng(8)
    stack = rng.random((3, 10, 4))
    together = randomized_tukey_hsd(stack, trials=300, seed=7)
    for layer in range(3):
        alone = randomized_tukey_hsd(stack[layer], trials=300, seed=7)
        np.testing.assert_array_equal(together.p_values[layer], alone.p_values)


def test_include_observed_uses_count_plus_one_over_trials_plus_one():
    x = np.array([[1.0, 0.0, 0.5], [1.0, 0.0, 0.5], [1.0, 0.0, 0.5], [1.0, 0.0, 0.5]])
    plain = randomized_tukey_hsd(x, trials=99, seed=3)
    shifted = randomized_tukey_hsd(x, trials=99, seed=3, include_observed=True)
    counts = plain.p_values[0, 1] * 99
    assert shifted.p_values[0, 1] == pytest.approx((counts + 1) / 100)
    assert shifted.include_observed
    assert not plain.include_observed


def test_progress_receives_every_trial_once():
    seen = []
    randomized_tukey_hsd(np.eye(3), trials=250, seed=0, max_elements=90, progress=seen.append)
    assert sum(seen) == 250
    assert len(seen) > 1


def test_bad_inputs_raise_typed_errors():
    with pytest.raises(DataFileError, match="at least 2 of each"):
        randomized_tukey_hsd(np.ones((1, 3)), trials=10)
    with pytest.raises(DataFileError, match="finite"):
        randomized_tukey_hsd([[1.0, np.nan], [0.0, 1.0]], trials=10)
    with pytest.raises(InvalidParameterError, match="trials must be a positive integer"):
        randomized_tukey_hsd(np.eye(3), trials=0)
    with pytest.raises(InvalidParameterError, match="max_elements"):
        randomized_tukey_hsd(np.eye(3), trials=5, max_elements=0)
    with pytest.raises(InvalidParameterError, match="seed must be"):
        randomized_tukey_hsd(np.eye(3), trials=5, seed="abc")


class ConstantBits:
    """A stand-in bit generator whose every output is 0, so every key ties."""

    def random_raw(self, size):
        return np.zeros(size, dtype=np.uint64)


class TiedKeysGenerator:
    """A Generator whose permutations are real but whose random bits are all 0."""

    def __init__(self, seed):
        self._rng = np.random.default_rng(seed)
        self.bit_generator = ConstantBits()

    def permuted(self, x, *, axis):
        return self._rng.permuted(x, axis=axis)


def straightforward_p_values(x, permutations, tie_order):
    """The textbook per-trial loop over given row permutations (flat indices)."""
    k = x.shape[1]
    shuffled = np.empty_like(x)
    np.put_along_axis(shuffled, tie_order, x, axis=1)
    flat = shuffled.ravel()
    means = x.mean(axis=0)
    tolerance = 1e-9 * np.abs(x).max()
    counts = np.zeros((k, k))
    for trial in permutations:
        permuted_means = flat[trial].mean(axis=0)
        reached = permuted_means.max() - permuted_means.min()
        counts += reached >= np.abs(means[:, None] - means[None, :]) - tolerance
    p = counts / len(permutations)
    np.fill_diagonal(p, 1.0)
    return p


def test_every_drawn_row_is_a_permutation_of_its_own_cells():
    n, k, trials = 7, 5, 40
    sampler = _RowPermutations(n, k, trials, np.random.PCG64(0))
    drawn = sampler.draw(trials)
    expected = np.arange(n * k).reshape(n, k)
    np.testing.assert_array_equal(np.sort(drawn, axis=-1), np.broadcast_to(expected, drawn.shape))


def test_rows_too_wide_for_flat_labels_use_column_labels_and_stay_in_their_row():
    n, k = 3, 30_000  # n * k cells do not fit in 16 bits
    sampler = _RowPermutations(n, k, 4, np.random.PCG64(1))
    drawn = sampler.draw(4)
    np.testing.assert_array_equal(
        np.sort(drawn, axis=-1), np.broadcast_to(np.arange(n * k).reshape(n, k), drawn.shape)
    )
    assert not np.array_equal(drawn[0], drawn[1])


def test_each_arrangement_of_a_row_is_equally_likely():
    draws = 60_000
    sampler = _RowPermutations(2, 3, draws, np.random.PCG64(11))
    first_rows = sampler.draw(draws)[:, 0, :]
    codes = first_rows[:, 0] * 9 + first_rows[:, 1] * 3 + first_rows[:, 2]
    _, counts = np.unique(codes, return_counts=True)
    assert len(counts) == 6
    se = np.sqrt(draws * (1 / 6) * (5 / 6))
    assert np.all(np.abs(counts - draws / 6) <= 5 * se), counts


def test_keys_with_equal_random_bits_fall_in_a_uniformly_random_order():
    # Every key ties: the order is then the per-call tie order, which must
    # itself be uniform over the 3! arrangements across calls.
    calls = 3_000
    seen = []
    for seed in range(calls):
        rng = TiedKeysGenerator(seed)
        tie_order = _tie_order(rng, 1, 3)
        sampler = _RowPermutations(1, 3, 4, rng.bit_generator)
        drawn = sampler.draw(4)
        assert np.all(drawn == drawn[0])
        # Cell j of the gathered source holds the original column argsort(tie_order)[j].
        columns = np.argsort(tie_order[0])[drawn[0, 0]]
        seen.append(tuple(columns))
    _, counts = np.unique(np.array(seen), axis=0, return_counts=True)
    assert len(counts) == 6
    se = np.sqrt(calls * (1 / 6) * (5 / 6))
    assert np.all(np.abs(counts - calls / 6) <= 5 * se), counts


def test_the_fast_path_counts_exactly_like_a_per_trial_loop_over_the_same_permutations():
    rng = np.random.default_rng(12)
    x = np.round(rng.random((9, 4)), 1)  # many equal cells and equal differences
    trials = 400
    result = randomized_tukey_hsd(x, trials=trials, seed=21, max_elements=200)
    generator = np.random.default_rng(21)
    tie_order = _tie_order(generator, 9, 4)
    sampler = _RowPermutations(9, 4, trials, generator.bit_generator)
    permutations = sampler.draw(trials).copy()
    expected = straightforward_p_values(x, permutations, tie_order)
    np.testing.assert_array_equal(result.p_values, expected)


def test_peak_memory_does_not_grow_with_the_number_of_trials():
    x = np.random.default_rng(2).random((40, 12))

    def peak(trials):
        tracemalloc.start()
        try:
            randomized_tukey_hsd(x, trials=trials, seed=0, max_elements=2**14)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(2_000), peak(40_000)
    assert large <= 1.1 * small + 64 * 1024, (small, large)


def test_more_groups_than_sixteen_bit_labels_are_refused():
    with pytest.raises(DataFileError, match="at most 65536 groups"):
        randomized_tukey_hsd(np.zeros((2, 65_537)), trials=4)


def huge_topic_matrix(magnitude):
    """12 topics where system 0 beats system 1 by 0.25, plus one topic scoring ``magnitude``."""
    base = np.random.default_rng(5).integers(0, 32, size=12) / 64
    x = np.column_stack([base + 0.25, base, base + 0.125])
    return np.vstack([x, np.full(3, magnitude)])


@pytest.mark.parametrize("magnitude", [3e9, 1e200, -1e300])
def test_a_topic_of_huge_scores_does_not_hide_the_other_topics_differences(magnitude):
    small = randomized_tukey_hsd(huge_topic_matrix(0.0), trials=2000, seed=3)
    huge = randomized_tukey_hsd(huge_topic_matrix(magnitude), trials=2000, seed=3)
    # The huge topic scores the same on every system, so permuting it changes nothing.
    np.testing.assert_array_equal(huge.p_values, small.p_values)
    assert huge.p_values[0, 1] == 0.0


def test_a_layer_of_huge_scores_does_not_change_another_layers_p_values():
    stack = np.stack([huge_topic_matrix(0.0), huge_topic_matrix(0.0) * 1e250])
    together = randomized_tukey_hsd(stack, trials=500, seed=4)
    alone = randomized_tukey_hsd(stack[0], trials=500, seed=4)
    np.testing.assert_array_equal(together.p_values[0], alone.p_values)
    np.testing.assert_array_equal(together.p_values[1], alone.p_values)


def test_ranges_equal_in_exact_arithmetic_still_tie_after_rounding():
    # 0.1, 0.2 and 0.3 are not exact in binary; the swap of the two columns reaches exactly.
    x = np.array([[0.1, 0.3], [0.2, 0.1], [0.3, 0.2], [0.7, 0.1]])
    exact, _ = exact_tukey_p_values(x)
    sampled = randomized_tukey_hsd(x, trials=20_000, seed=2)
    assert sampled.p_values[0, 1] == pytest.approx(exact[0, 1], abs=0.01)
