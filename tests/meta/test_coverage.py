import numpy as np
import pytest
from scipy import stats

from axiometrics.meta import MetaInputError, ScoreMatrices, coverage, unanimous_improvement_ratio


def test_uir_counts_unanimous_topics_on_both_sides():
    # Two reference measures (one an error), three topics, two systems.
    higher = np.array([[0.9, 0.5], [0.4, 0.6], [0.7, 0.7]])  # topic 3 ties
    error = -np.array([[0.1, 0.3], [0.5, 0.2], [0.2, 0.2]])  # oriented: negated error
    uir = unanimous_improvement_ratio(np.stack([higher, error]))
    # s0 >= s1 unanimously on topics 1 and 3; s1 >= s0 on topics 2 and 3.
    assert uir[0, 1] == pytest.approx((2 - 2) / 3)
    mixed = np.stack([higher, -np.array([[0.1, 0.3], [0.1, 0.2], [0.2, 0.2]])])
    # Topic 2 now splits the measures: only topic 3 counts for s1.
    assert unanimous_improvement_ratio(mixed)[0, 1] == pytest.approx((2 - 1) / 3)
    assert unanimous_improvement_ratio(mixed)[1, 0] == pytest.approx(-(2 - 1) / 3)


def make_scores(seed=0):
    rng = np.random.default_rng(seed)
    topics, systems = 12, 7
    quality = rng.random(systems)
    acc = quality + rng.normal(0, 0.2, (topics, systems))
    err = -quality + rng.normal(0, 0.2, (topics, systems))
    other = rng.random((topics, systems))
    return ScoreMatrices(
        ("acc", "err", "other"),
        tuple(range(topics)),
        tuple(range(systems)),
        np.stack([acc, err, other]),
        (True, False, True),
    )


def test_coverage_is_spearman_over_ordered_pairs_of_mean_differences_and_uir():
    sm = make_scores()
    result = coverage(sm, reference=["acc", "err"])
    uir = unanimous_improvement_ratio(sm.select(["acc", "err"]).oriented())
    means = sm.system_means()
    pairs = [(s, t) for s in range(7) for t in range(7) if s != t]
    for m in range(3):
        d = [means[m, s] - means[m, t] for s, t in pairs]
        u = [uir[s, t] for s, t in pairs]
        assert result.values[m] == pytest.approx(stats.spearmanr(d, u).statistic)
    assert result.to_frame().set_index("measure").loc["acc", "in_reference"]


def test_coverage_is_direction_aware():
    sm = make_scores()
    flipped = ScoreMatrices(sm.measures, sm.topics, sm.systems, -sm.scores, (False, True, False))
    a = coverage(sm, reference=["acc", "err"]).values
    b = coverage(flipped, reference=["acc", "err"]).values
    np.testing.assert_allclose(a, b)
    assert a[1] > 0.5


def test_reference_scores_can_come_from_elsewhere_and_must_match():
    sm = make_scores()
    result = coverage(sm.select(["other"]), reference=["acc"], reference_scores=sm)
    assert result.measures == ("other",)
    with pytest.raises(MetaInputError, match=r"reference measures \['mutual_information'\]"):
        coverage(sm, reference=["acc", "mutual_information"])
    with pytest.raises(MetaInputError, match="same topics and systems"):
        coverage(sm, reference=["acc"], reference_scores=sm.select(systems=[0, 1, 2]))
    with pytest.raises(MetaInputError, match="at least one measure"):
        coverage(sm, reference=[])
