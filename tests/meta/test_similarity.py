import numpy as np
import pytest

from axiometrics.meta import ScoreMatrices, kendall_tau, kendall_tau_interval, ranking_similarity


def matrices():
    rng = np.random.default_rng(1)
    base = rng.random((10, 9))
    return ScoreMatrices(
        ("a", "a_error", "b"),
        tuple(range(10)),
        tuple(range(9)),
        np.stack([base, -base * 2, rng.random((10, 9))]),
        (True, False, True),
    )


def test_an_error_measure_ranking_the_same_way_has_tau_one():
    result = ranking_similarity(matrices())
    assert result.tau[0, 1] == pytest.approx(1.0)
    np.testing.assert_allclose(np.diag(result.tau), 1.0)
    np.testing.assert_allclose(result.tau, result.tau.T)


def test_entries_match_kendall_on_mean_scores_with_intervals():
    sm = matrices()
    result = ranking_similarity(sm, variant="a", confidence=0.9)
    means = sm.system_means()
    assert result.tau[0, 2] == pytest.approx(kendall_tau(means[0], means[2], variant="a"))
    interval = kendall_tau_interval(means[0], means[2], variant="a", confidence=0.9)
    assert result.low[0, 2] == pytest.approx(float(interval.low))
    assert result.high[0, 2] == pytest.approx(float(interval.high))


def test_frames_list_each_pair_once_and_average_similarity():
    result = ranking_similarity(matrices())
    frame = result.to_frame()
    assert list(zip(frame.measure_a, frame.measure_b, strict=True)) == [
        ("a", "a_error"),
        ("a", "b"),
        ("a_error", "b"),
    ]
    assert (frame.ci_low <= frame.tau).all()
    assert (frame.tau <= frame.ci_high).all()
    average = result.average_similarity()
    assert average["a"] == pytest.approx((1.0 + result.tau[0, 2]) / 2)
    assert result.matrix().loc["a", "b"] == result.tau[0, 2]
