"""Resampling trials in blocks on the task layer: the numbers of one pass, wherever they run."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import Tasks
from axiometrics.stats import bootstrap_test, compare, randomisation_test
from axiometrics.stats.blocks import (
    MIN_BLOCK_TRIALS,
    MIN_PARALLEL_OPERATIONS,
    bits_at,
    trial_blocks,
)
from axiometrics.stats.bootstrap import _sample_counts
from axiometrics.stats.randomisation import _random_signs
from axiometrics.stats.tukey import randomized_tukey_hsd

TASKS = [Tasks(jobs=2), Tasks(jobs=3, backend="threading")]


def _scores(topics=40, systems=5):
    rng = np.random.default_rng(11)
    return rng.normal(size=(topics, systems)) + np.linspace(0.0, 0.4, systems)


def test_one_block_holds_every_trial_without_parallel_tasks():
    many = MIN_PARALLEL_OPERATIONS
    assert trial_blocks(5000, None, operations_per_trial=many) == [(0, 5000)]
    assert trial_blocks(5000, Tasks(jobs=1), operations_per_trial=many) == [(0, 5000)]
    assert trial_blocks(MIN_BLOCK_TRIALS, Tasks(jobs=8), operations_per_trial=many) == [
        (0, MIN_BLOCK_TRIALS)
    ]


def test_little_work_stays_in_one_block_here():
    tasks = Tasks(jobs=8)
    assert trial_blocks(10_000, tasks, operations_per_trial=1000) == [(0, 10_000)]
    assert len(trial_blocks(10_000, tasks, operations_per_trial=MIN_PARALLEL_OPERATIONS)) == 8


@pytest.mark.parametrize("trials", [257, 1001, 5000, 99_999])
@pytest.mark.parametrize("jobs", [2, 3, 16])
def test_blocks_cover_the_trials_in_order_from_multiples(trials, jobs):
    tasks = Tasks(jobs=jobs, backend="threading")
    blocks = trial_blocks(trials, tasks, operations_per_trial=MIN_PARALLEL_OPERATIONS, multiple=4)
    assert blocks[0][0] == 0
    assert sum(size for _, size in blocks) == trials
    for (start, size), (after, _) in itertools.pairwise(blocks):
        assert start + size == after
        assert start % 4 == 0
        assert size >= MIN_BLOCK_TRIALS
    assert len(blocks) <= jobs


def test_a_bit_generator_skipped_ahead_reads_what_one_pass_reads_next():
    rng = np.random.default_rng(3)
    state = rng.bit_generator.state
    whole = rng.bit_generator.random_raw(100)
    assert np.array_equal(bits_at(state, 37).random_raw(63), whole[37:])


@pytest.mark.parametrize("tasks", TASKS, ids=["local", "threading"])
@pytest.mark.parametrize("trials", [260, 1001, 4096])
def test_the_tukey_test_in_blocks_gives_the_p_values_of_one_pass(blocks_always, tasks, trials):
    stack = np.stack([_scores(), _scores()[::-1]])
    alone = randomized_tukey_hsd(stack, trials=trials, seed=5)
    blocked = randomized_tukey_hsd(stack, trials=trials, seed=5, tasks=tasks)
    assert len(blocks_always) == 1
    assert blocks_always[0] >= 2
    assert np.array_equal(blocked.p_values, alone.p_values)


@pytest.mark.parametrize("tasks", TASKS, ids=["local", "threading"])
@pytest.mark.parametrize("side", ["two-sided", "greater"])
def test_the_monte_carlo_randomisation_test_in_blocks_gives_the_p_values_of_one_pass(
    blocks_always, tasks, side
):
    alone = randomisation_test(_scores(), trials=3001, seed=2, alternative=side)
    blocked = randomisation_test(_scores(), trials=3001, seed=2, alternative=side, tasks=tasks)
    assert set(alone.method) == {"monte carlo"}
    assert blocks_always[0] >= 2
    assert np.array_equal(blocked.p_value, alone.p_value)


@pytest.mark.parametrize("tasks", TASKS, ids=["local", "threading"])
@pytest.mark.parametrize("ci_method", ["bca", "percentile"])
def test_the_bootstrap_in_blocks_gives_the_p_values_and_intervals_of_one_pass(
    blocks_always, tasks, ci_method
):
    alone = bootstrap_test(_scores(), trials=2999, seed=4, ci_method=ci_method)
    blocked = bootstrap_test(_scores(), trials=2999, seed=4, ci_method=ci_method, tasks=tasks)
    assert blocks_always[0] >= 2
    assert np.array_equal(blocked.p_value, alone.p_value)
    assert np.array_equal(blocked.ci_low, alone.ci_low)
    assert np.array_equal(blocked.ci_high, alone.ci_high)


@pytest.mark.parametrize("test", ["randomisation", "bootstrap", "tukey"])
def test_a_comparison_on_tasks_is_the_comparison_here(blocks_always, test):
    alone = compare(_scores(), test=test, trials=2000, seed=9)
    blocked = compare(_scores(), test=test, trials=2000, seed=9, tasks=Tasks(jobs=2))
    assert blocks_always[0] >= 2
    assert alone.to_frame().equals(blocked.to_frame())


@pytest.mark.parametrize(
    "run",
    [
        lambda seed, tasks: randomized_tukey_hsd(_scores(), trials=1001, seed=seed, tasks=tasks),
        lambda seed, tasks: randomisation_test(_scores(), trials=1001, seed=seed, tasks=tasks),
        lambda seed, tasks: bootstrap_test(_scores(), trials=1001, seed=seed, tasks=tasks),
    ],
    ids=["tukey", "randomisation", "bootstrap"],
)
def test_a_generator_is_left_where_one_pass_leaves_it(blocks_always, run):
    here, there = np.random.default_rng(8), np.random.default_rng(8)
    here.integers(0, 10, size=3)  # leaves a buffered 32-bit half in the generator
    there.integers(0, 10, size=3)
    run(here, None)
    run(there, Tasks(jobs=2))
    assert blocks_always[0] >= 2
    assert here.bit_generator.state == there.bit_generator.state


def test_a_generator_that_cannot_skip_ahead_runs_every_trial_here_with_the_same_result(
    blocks_always,
):
    def mersenne():
        return np.random.Generator(np.random.MT19937(1))

    alone = randomisation_test(_scores(), trials=1001, seed=mersenne())
    blocked = randomisation_test(_scores(), trials=1001, seed=mersenne(), tasks=Tasks(jobs=2))
    assert blocks_always == []
    assert np.array_equal(blocked.p_value, alone.p_value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: randomized_tukey_hsd(_scores(), trials=100, tasks=2),
        lambda: randomisation_test(_scores(), trials=100, tasks="dask"),
        lambda: bootstrap_test(_scores(), trials=100, tasks=2),
        lambda: compare(_scores(), test="t", tasks=4),
    ],
)
def test_tasks_that_are_not_a_tasks_object_are_refused_by_name(call):
    with pytest.raises(InvalidParameterError, match=r"tasks=.*expected an axiometrics.parallel"):
        call()


def test_bootstrap_samples_hold_every_topic_count_once_per_draw_and_are_uniform():
    counts = _sample_counts(np.random.PCG64(0), 100_000, 5)
    assert counts.shape == (100_000, 5)
    assert np.all(counts.sum(axis=1) == 5)
    # Multinomial(5, 1/5): each count has mean 1 and variance 4/5.
    assert np.allclose(counts.mean(axis=0), 1.0, atol=0.01)
    assert np.allclose(counts.var(axis=0), 0.8, atol=0.02)


def test_random_signs_are_balanced_and_independent_across_topics():
    signs = _random_signs(np.random.PCG64(1), 50_000, 70)
    assert signs.shape == (50_000, 70)
    assert set(np.unique(signs)) == {-1.0, 1.0}
    assert abs(signs.mean()) < 0.01
    correlation = np.corrcoef(signs[:, :3], rowvar=False)
    assert np.all(np.abs(correlation[np.triu_indices(3, 1)]) < 0.02)
