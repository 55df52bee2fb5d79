import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import MetaInputError, ScoreMatrices, kendall_tau, ranking_consistency
from axiometrics.meta.consistency import consistency_taus, marker, split_sizes, topic_splits


def noisy_scores(seed=0, topics=40, systems=8):
    rng = np.random.default_rng(seed)
    quality = np.linspace(0, 1, systems)
    clean = quality + rng.normal(0, 0.3, (topics, systems))
    noisy = quality + rng.normal(0, 2.0, (topics, systems))
    error = -clean + rng.normal(0, 0.05, (topics, systems))
    return ScoreMatrices(
        ("clean", "noisy", "error"),
        tuple(f"t{i}" for i in range(topics)),
        tuple(f"s{i}" for i in range(systems)),
        np.stack([clean, noisy, error]),
        (True, True, False),
    )


def test_splits_are_disjoint_of_the_requested_sizes():
    first, second = topic_splits(25, trials=50, split="full", seed=3)
    assert first.shape == (50, 12)
    assert second.shape == (50, 13)
    for a, b in zip(first, second, strict=True):
        assert set(a).isdisjoint(b)
        assert len(set(a) | set(b)) == 25
    first, second = topic_splits(25, trials=50, split=10, seed=3)
    assert first.shape == second.shape == (50, 10)
    assert all(set(a).isdisjoint(b) for a, b in zip(first, second, strict=True))


def test_taus_compare_subset_means_on_the_same_splits_for_every_measure():
    scores = noisy_scores()
    first, second = topic_splits(40, trials=5, split="full", seed=1)
    taus = consistency_taus(scores, first, second)
    oriented = scores.oriented()
    for trial in range(5):
        for m in range(3):
            a = oriented[m, first[trial]].mean(axis=0)
            b = oriented[m, second[trial]].mean(axis=0)
            assert taus[trial, m] == pytest.approx(kendall_tau(a, b))


def straightforward_taus(scores, first, second, variant):
    """The plain loop over splits and measures, one kendall_tau call each."""
    oriented = scores.oriented()
    taus = np.empty((len(first), len(scores.measures)))
    for trial, (a, b) in enumerate(zip(first, second, strict=True)):
        for m in range(len(scores.measures)):
            taus[trial, m] = kendall_tau(
                oriented[m, a].mean(axis=0), oriented[m, b].mean(axis=0), variant=variant
            )
    return taus


@pytest.mark.parametrize("variant", ["a", "b"])
@pytest.mark.parametrize("split", ["full", 6])
def test_taus_equal_the_straightforward_loop_exactly(variant, split):
    base = noisy_scores(seed=7, topics=16, systems=9)
    # Scores on a coarse grid: many tied systems, tied means and constant rankings.
    coarse = np.round(base.scores * 2) / 4
    coarse[1, :, :3] = 0.25
    scores = ScoreMatrices(base.measures, base.topics, base.systems, coarse, (True, True, False))
    first, second = topic_splits(16, trials=40, split=split, seed=3)
    fast = consistency_taus(scores, first, second, variant=variant, max_elements=500)
    np.testing.assert_array_equal(fast, straightforward_taus(scores, first, second, variant))


def test_consistency_taus_reject_a_bad_variant_or_chunk_bound():
    scores = noisy_scores()
    first, second = topic_splits(40, trials=5, split=10, seed=1)
    with pytest.raises(InvalidParameterError, match="variant must be 'a' or 'b'"):
        consistency_taus(scores, first, second, variant="c")
    with pytest.raises(InvalidParameterError, match="max_elements must be a positive integer"):
        consistency_taus(scores, first, second, max_elements=0)


def test_chunking_does_not_change_the_taus():
    scores = noisy_scores()
    first, second = topic_splits(40, trials=30, split=10, seed=2)
    small = consistency_taus(scores, first, second, max_elements=50)
    large = consistency_taus(scores, first, second)
    np.testing.assert_array_equal(small, large)


def test_a_stable_measure_is_more_consistent_and_significantly_better():
    result = ranking_consistency(noisy_scores(), trials=200, split="full", B=500, seed=0)
    mean = dict(zip(result.measures, result.mean_tau, strict=True))
    assert mean["clean"] > mean["noisy"]
    assert mean["error"] > mean["noisy"]
    frame = result.to_frame()
    assert frame["measure"].iloc[-1] == "noisy"
    assert frame.set_index("measure").loc["clean", "outperforms"] >= 1
    assert frame.set_index("measure").loc["noisy", "outperforms"] == 0
    assert result.label == "full split (20 vs. 20)"
    pairs = result.pairs_frame()
    row = pairs[(pairs.measure_a == "clean") & (pairs.measure_b == "noisy")].iloc[0]
    assert row.significant
    assert row.effect_size == pytest.approx(row["diff"] / np.sqrt(result.ve2))


def test_a_duplicated_measure_gets_identical_taus_because_splits_are_shared():
    base = noisy_scores()
    doubled = ScoreMatrices(
        ("clean", "copy"), base.topics, base.systems, base.scores[[0, 0]], (True, True)
    )
    result = ranking_consistency(doubled, trials=40, split=10, B=100, seed=4)
    np.testing.assert_array_equal(result.taus[:, 0], result.taus[:, 1])
    assert result.tukey.p_values[0, 1] == 1.0


def test_same_seed_gives_identical_results_and_another_seed_differs():
    scores = noisy_scores()
    a = ranking_consistency(scores, trials=60, split=10, B=200, seed=5)
    b = ranking_consistency(scores, trials=60, split=10, B=200, seed=5)
    c = ranking_consistency(scores, trials=60, split=10, B=200, seed=6)
    np.testing.assert_array_equal(a.taus, b.taus)
    np.testing.assert_array_equal(a.tukey.p_values, b.tukey.p_values)
    assert not np.array_equal(a.taus, c.taus)


def test_markers_follow_sakais_symbols():
    assert [marker(k) for k in range(8)] == ["", "†", "‡", "♦", "♥", "♣", "♠", "[7]"]


def test_split_sizes_that_do_not_fit_are_rejected():
    assert split_sizes(125, "full") == (62, 63)
    with pytest.raises(InvalidParameterError, match=r"split=10: two disjoint subsets of 10"):
        split_sizes(15, 10)
    with pytest.raises(InvalidParameterError, match="split must be 'full' or a subset size"):
        split_sizes(15, "half")
    with pytest.raises(MetaInputError, match="at least 4 topics"):
        split_sizes(3, "full")
    with pytest.raises(InvalidParameterError, match="trials must be an integer >= 2"):
        topic_splits(10, trials=1)


def test_a_single_measure_has_no_comparisons_and_no_residual_variance():
    result = ranking_consistency(noisy_scores().select(["clean"]), trials=20, split=5, B=10)
    assert result.outperformed.tolist() == [0]
    assert np.isnan(result.ve2)
