"""Agreement of each measure's ranking with a known truth (axiometrics.meta.truth)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import ScoreMatrices, TruthAgreement, amigo_synthetic, run, truth_agreement
from axiometrics.meta.truth import check_truth

SYSTEMS = ("a", "b", "c", "d", "e")
#: True quality, lower is better: a is the best system, e the worst.
TRUTH = {"a": 0.1, "b": 0.3, "c": 0.35, "d": 0.8, "e": 2.0}


def _scores(means: dict[str, list[float]], higher: dict[str, bool]) -> ScoreMatrices:
    """Two topics per measure whose mean over the topics is the given value per system."""
    names = tuple(means)
    per_system = np.array([means[m] for m in names], dtype=float)  # (M, S)
    offset = np.linspace(-0.01, 0.01, len(SYSTEMS))
    scores = np.stack([per_system + offset, per_system - offset], axis=1)  # (M, 2, S)
    return ScoreMatrices(names, ("t1", "t2"), SYSTEMS, scores, tuple(higher[m] for m in names))


@pytest.fixture(scope="module")
def agreement() -> TruthAgreement:
    scores = _scores(
        {
            "exact_error": [0.1, 0.3, 0.35, 0.8, 2.0],  # the truth itself, an error
            "exact_score": [5.0, 4.0, 3.0, 2.0, 1.0],  # the same order, higher is better
            "reversed": [1.0, 2.0, 3.0, 4.0, 5.0],  # higher is better, worst system on top
            "ties_two": [5.0, 4.0, 4.0, 2.0, 1.0],  # b and c tied
        },
        {"exact_error": False, "exact_score": True, "reversed": True, "ties_two": True},
    )
    return truth_agreement(scores, TRUTH)


def test_a_measure_ranking_exactly_like_the_truth_has_tau_one_whatever_its_direction(agreement):
    frame = agreement.to_frame().set_index("measure")
    for name in ("exact_error", "exact_score"):
        assert frame.loc[name, "tau"] == pytest.approx(1.0)
        assert frame.loc[name, "agreeing"] == 10
        assert frame.loc[name, "share"] == pytest.approx(1.0)
        assert frame.loc[name, "ci_low"] == pytest.approx(1.0)


def test_a_measure_ranking_the_systems_the_other_way_has_tau_minus_one(agreement):
    row = agreement.to_frame().set_index("measure").loc["reversed"]
    assert row["tau"] == pytest.approx(-1.0)
    assert row["agreeing"] == 0
    assert row["share"] == 0.0


def test_a_pair_the_measure_ties_counts_as_tied_and_not_agreeing(agreement):
    row = agreement.to_frame().set_index("measure").loc["ties_two"]
    assert row["tied"] == 1
    assert row["agreeing"] == 9
    assert row["pairs"] == 10
    # tau-b with one tie in the measure and none in the truth: 9 / sqrt(9 * 10).
    assert row["tau"] == pytest.approx(9 / np.sqrt(90))


def test_the_frame_lists_the_best_agreement_first(agreement):
    frame = agreement.to_frame()
    assert list(frame["measure"]) == ["exact_error", "exact_score", "ties_two", "reversed"]
    assert frame["tau"].is_monotonic_decreasing
    assert set(frame.columns) >= {"tau", "ci_low", "ci_high", "agreeing", "tied", "pairs", "share"}


def test_pairs_of_equal_true_quality_are_left_out_of_the_agreeing_pairs():
    scores = _scores({"m": [5.0, 4.0, 3.0, 2.0, 1.0]}, {"m": True})
    result = truth_agreement(scores, {**TRUTH, "c": 0.3})  # b and c equally good
    assert result.pairs == 9
    assert int(result.agreeing[0]) == 9
    assert result.share[0] == pytest.approx(1.0)


def test_tau_matches_scipys_tau_b_on_random_rankings_with_ties():
    rng = np.random.default_rng(7)
    systems = tuple(f"s{i}" for i in range(12))
    scores = ScoreMatrices(
        ("up", "down"),
        tuple(f"t{i}" for i in range(3)),
        systems,
        rng.integers(0, 4, size=(2, 3, 12)).astype(float),
        (True, False),
    )
    quality = rng.integers(0, 6, size=12).astype(float)
    result = truth_agreement(scores, dict(zip(systems, quality, strict=True)))
    means = scores.system_means(oriented=True)
    for i in range(2):
        expected = stats.kendalltau(means[i], -quality, variant="b").statistic
        assert result.tau[i] == pytest.approx(expected)
        assert result.low[i] <= result.tau[i] <= result.high[i]


def test_extra_systems_in_the_truth_are_ignored():
    scores = _scores({"m": [5.0, 4.0, 3.0, 2.0, 1.0]}, {"m": True})
    result = truth_agreement(scores, {**TRUTH, "not ranked": 9.0})
    assert result.systems == SYSTEMS
    assert result.tau[0] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("truth", "message"),
    [
        ({k: v for k, v in TRUTH.items() if k != "d"}, "missing systems ['d']"),
        ({**TRUTH, "b": float("nan")}, "truth['b']=nan: expected a finite number"),
        ({**TRUTH, "e": float("inf")}, "truth['e']=inf: expected a finite number"),
        ({**TRUTH, "a": "good"}, "truth['a']='good': expected a real number"),
        ({**TRUTH, "a": True}, "truth['a']=True: expected a real number"),
        ({"a": 1.0}, "truth={'a': 1.0}: expected the true quality of at least 2 systems"),
        (dict.fromkeys(SYSTEMS, 1.0), "every system has the same true quality"),
        ([("a", 1.0), ("b", 2.0)], "truth=[('a', 1.0), ('b', 2.0)]: expected a mapping"),
    ],
)
def test_a_bad_truth_is_refused_naming_what_was_expected(truth, message):
    scores = _scores({"m": [5.0, 4.0, 3.0, 2.0, 1.0]}, {"m": True})
    with pytest.raises(InvalidParameterError) as info:
        truth_agreement(scores, truth)
    assert message in str(info.value)


def test_a_truth_of_fewer_than_two_ranked_systems_is_refused():
    with pytest.raises(InvalidParameterError, match="at least 2 systems"):
        check_truth(TRUTH, ["a"])


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=6, n_items=20, seed=3)


def _error_rate_truth(runs) -> dict[str, float]:
    """Each synthetic system's share of wrong labels over the topics (lower is better)."""
    result = run(runs, measures=["accuracy"], analyses=["similarity"])
    return dict(zip(runs.systems, 1.0 - result.scores.system_means()[0], strict=True))


def test_run_with_a_truth_adds_the_truth_section(runs):
    truth = _error_rate_truth(runs)
    result = run(runs, measures=["accuracy", "mae_macro"], analyses=["similarity"], truth=truth)
    frames = result.to_frames()
    assert set(frames) == {"similarity", "truth"}
    accuracy = frames["truth"].set_index("measure").loc["accuracy"]
    assert accuracy["tau"] == pytest.approx(1.0)
    assert set(result.to_frame()["section"]) == {"similarity", "truth"}


def test_the_truth_analysis_runs_alone_when_named(runs):
    truth = _error_rate_truth(runs)
    result = run(runs, measures=["accuracy", "mae_macro"], analyses=["truth"], truth=truth)
    assert list(result.to_frames()) == ["truth"]
    assert result.similarity is None


def test_naming_the_truth_analysis_without_a_truth_is_refused(runs):
    with pytest.raises(InvalidParameterError, match=r"analyses=\['truth'\]: 'truth' compares"):
        run(runs, measures=["accuracy"], analyses=["truth"])


def test_a_truth_missing_a_system_is_refused_before_any_analysis_runs(runs):
    truth = dict.fromkeys(runs.systems[1:], 0.5)
    with pytest.raises(InvalidParameterError, match="missing systems"):
        run(runs, measures=["accuracy", "mae_macro"], B=10, trials=3, truth=truth)


def test_a_run_without_a_truth_is_unchanged(runs):
    kwargs = {"measures": ["accuracy", "mae_macro"], "B": 20, "trials": 5, "splits": ("full",)}
    plain = run(runs, **kwargs)
    assert plain.truth is None
    assert list(plain.to_frames()) == ["similarity", "consistency", "discriminative", "coverage"]
    with_truth = run(runs, truth=_error_rate_truth(runs), **kwargs)
    for name, frame in plain.to_frames().items():
        pd.testing.assert_frame_equal(frame, with_truth.to_frames()[name])
    assert plain.settings == with_truth.settings
