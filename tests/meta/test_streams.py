"""Each analysis draws from the stream its identity names, whatever else is asked for."""

import numpy as np
import pytest

from axiometrics.meta import amigo_synthetic, run
from axiometrics.meta.consistency import ranking_consistency
from axiometrics.meta.discriminative import discriminative_power
from axiometrics.meta.streams import (
    CORPUS_KEY,
    DISCRIMINATIVE_KEY,
    analysis_stream,
    split_key,
)

SMALL = {"trials": 20, "B": 50, "seed": 7, "measures": ["accuracy", "mae_macro", "nmd"]}


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=24, n_items=40, seed=5)


def _taus(result, split):
    (found,) = [c for c in result.consistency if c.split == split]
    return found.taus


def test_a_split_gives_the_same_taus_alone_first_or_last(runs):
    alone = run(runs, splits=(10,), analyses=["consistency"], **SMALL)
    after = run(runs, splits=("full", 10), analyses=["consistency"], **SMALL)
    before = run(runs, splits=(10, "full"), analyses=["consistency"], **SMALL)
    np.testing.assert_array_equal(_taus(alone, 10), _taus(after, 10))
    np.testing.assert_array_equal(_taus(alone, 10), _taus(before, 10))
    np.testing.assert_array_equal(_taus(after, "full"), _taus(before, "full"))


def test_split_kinds_draw_different_streams(runs):
    result = run(runs, splits=(10, 11), analyses=["consistency"], **SMALL)
    assert not np.array_equal(_taus(result, 10)[:, 0], _taus(result, 11)[:, 0])


def test_the_engine_draws_each_analysis_from_its_named_child_of_the_seed(runs):
    result = run(runs, splits=(10, "full"), **SMALL)
    scores = result.scores
    direct_power = discriminative_power(
        scores, B=50, alpha=0.05, seed=np.random.SeedSequence(7, spawn_key=(0,))
    )
    np.testing.assert_array_equal(result.discriminative.p_values, direct_power.p_values)
    for split, key in ((10, (2, 10)), ("full", (1,))):
        direct = ranking_consistency(
            scores, trials=20, split=split, B=50, seed=np.random.SeedSequence(7, spawn_key=key)
        )
        np.testing.assert_array_equal(_taus(result, split), direct.taus)


def test_the_keys_of_the_first_two_analyses_are_those_of_spawn():
    # Discriminative power and the "full" split keep the numbers they drew when the
    # streams were SeedSequence(seed).spawn(...) in the order (discriminative, "full", ...).
    children = np.random.SeedSequence(3).spawn(2)
    assert analysis_stream(3, DISCRIMINATIVE_KEY).generate_state(4).tolist() == (
        children[0].generate_state(4).tolist()
    )
    assert analysis_stream(3, split_key("full")).generate_state(4).tolist() == (
        children[1].generate_state(4).tolist()
    )
    assert CORPUS_KEY == (1024,)


def test_a_subset_size_names_its_own_key():
    assert split_key(10) == (2, 10)
    assert split_key(np.int64(3)) == (2, 3)
    assert split_key("full") == (1,)


@pytest.mark.parametrize("bad", [0, -2, "half", 2.0, True, None])
def test_a_split_that_is_neither_full_nor_a_size_is_refused(bad):
    with pytest.raises(ValueError, match=r"split=.*expected 'full' or a positive subset size"):
        split_key(bad)


def test_the_same_analysis_asked_twice_gets_a_fresh_stream_each_time():
    first = analysis_stream(5, split_key(4))
    first.spawn(3)  # spawning moves a SeedSequence's counter; the next call is not affected
    again = analysis_stream(5, split_key(4))
    assert again.n_children_spawned == 0
