import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import ScoreMatrices, discriminative_power, randomized_tukey_hsd


def scores(seed=0):
    rng = np.random.default_rng(seed)
    topics, systems = 150, 6
    separated = 5.0 * np.arange(systems) + rng.normal(0, 0.1, (topics, systems))
    noise = rng.normal(0, 1, (topics, systems))
    constant = np.ones((topics, systems))
    return ScoreMatrices(
        ("separated", "noise", "constant"),
        tuple(range(topics)),
        tuple(f"s{i}" for i in range(systems)),
        np.stack([separated, noise, constant]),
        (True, False, True),
    )


def test_clearly_separated_systems_make_every_pair_significant():
    result = discriminative_power(scores(), B=500, seed=1)
    counts = dict(zip(result.measures, result.n_significant(), strict=True))
    assert counts["separated"] == 15
    assert counts["constant"] == 0
    assert counts["noise"] < 15
    frame = result.to_frame()
    assert frame["measure"].iloc[0] == "separated"
    assert frame.set_index("measure").loc["separated", "share"] == 1.0


def test_p_values_equal_a_tukey_test_on_each_measure_matrix():
    sm = scores()
    result = discriminative_power(sm, B=300, seed=9)
    alone = randomized_tukey_hsd(sm.scores[1], trials=300, seed=9)
    np.testing.assert_array_equal(result.p_values[1], alone.p_values)


def test_curves_are_sorted_p_values_per_measure():
    result = discriminative_power(scores(), B=200, seed=2)
    curves = result.curves()
    assert len(curves) == 3 * 15
    for _, group in curves.groupby("measure"):
        assert group["p_value"].is_monotonic_increasing
        assert group["rank"].tolist() == list(range(1, 16))
    pairs = result.pairs_frame()
    assert set(pairs.columns) == {"measure", "system_a", "system_b", "p_value"}


def test_alpha_changes_the_count_and_is_validated():
    result = discriminative_power(scores(), B=300, seed=3)
    assert np.all(result.n_significant(0.5) >= result.n_significant(0.01))
    with pytest.raises(InvalidParameterError, match="alpha must lie in"):
        discriminative_power(scores(), B=10, alpha=1.5)


def test_same_seed_gives_identical_results_and_another_seed_differs():
    sm = scores()
    a = discriminative_power(sm, B=200, seed=11)
    b = discriminative_power(sm, B=200, seed=11)
    c = discriminative_power(sm, B=200, seed=12)
    np.testing.assert_array_equal(a.p_values, b.p_values)
    assert not np.array_equal(a.p_values[1], c.p_values[1])
