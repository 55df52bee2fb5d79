"""The corpus-level analyses: scores from summed statistics, splits of segments, corpus tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.io.runs import CorpusBatch, CorpusLevelRuns
from axiometrics.measures.regression.runs import RegressionRuns
from axiometrics.measures.regression.synthetic import regression_synthetic
from axiometrics.meta import MetaEvaluation, run
from axiometrics.meta.corpus_level import (
    CORPUS_STREAM,
    CorpusMeasure,
    corpus_analyses,
    corpus_measures,
    max_adjusted,
    segment_halves,
)
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.ranking import kendall_tau, snap_ties
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.similarity import ranking_similarity
from axiometrics.meta.truth import truth_agreement
from axiometrics.registry import default_registry
from axiometrics.stats.corpus import corpus_bootstrap_test, corpus_randomisation_test
from axiometrics.stats.corrections import adjust_p_values


def ratio(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A ratio measure of summed ``(numerator, denominator)`` statistics."""
    undefined = totals[..., 1] == 0
    return totals[..., 0] / np.where(undefined, 1.0, totals[..., 1]), undefined


def corpus(
    systems: int = 6, segments: int = 40, seed: int = 0
) -> tuple[list[CorpusMeasure], list[str]]:
    """Two ratio measures (a share of hits, higher better; its error, lower better), one noisy."""
    rng = np.random.default_rng(seed)
    length = rng.integers(1, 12, size=(1, segments, 1)).repeat(systems, axis=0).astype(float)
    quality = np.linspace(0.3, 0.7, systems)[:, None, None]
    hits = rng.binomial(length.astype(int), quality).astype(float)
    misses = rng.binomial(length.astype(int), 1 - quality).astype(float)
    share = np.concatenate([hits, length], axis=2)
    error = np.concatenate([misses, length], axis=2)
    names = [f"s{i}" for i in range(systems)]
    return [
        CorpusMeasure("share", True, CorpusBatch(share, ratio)),
        CorpusMeasure("error", False, CorpusBatch(error, ratio)),
    ], names


def test_corpus_scores_are_the_scorer_of_the_summed_statistics():
    measures, systems = corpus()
    result = corpus_analyses(measures, systems, analyses=())
    for row, m in zip(result.scores, measures, strict=True):
        totals = m.statistics.sum(axis=1)
        np.testing.assert_array_equal(row, totals[:, 0] / totals[:, 1])
    frame = result.scores_frame()
    best = frame[(frame.measure == "error") & (frame["rank"] == 1.0)].system.item()
    assert best == systems[int(np.argmin(result.scores[1]))]


def test_similarity_and_truth_are_the_engine_statistics_on_corpus_scores():
    measures, systems = corpus()
    truth = {s: -float(i) for i, s in enumerate(systems)}
    result = corpus_analyses(measures, systems, analyses=("similarity",), truth=truth)
    # Score matrices whose every topic holds the corpus score: their means are the corpus scores.
    matrices = ScoreMatrices(
        ("share", "error"),
        ("t1", "t2"),
        tuple(systems),
        np.stack([result.scores, result.scores], axis=1),
        (True, False),
    )
    expected = ranking_similarity(matrices)
    np.testing.assert_array_equal(result.similarity.tau, expected.tau)
    np.testing.assert_array_equal(result.similarity.low, expected.low)
    agreement = truth_agreement(matrices, truth)
    np.testing.assert_array_equal(result.truth.tau, agreement.tau)
    np.testing.assert_array_equal(result.truth.agreeing, agreement.agreeing)
    assert result.truth.pairs == agreement.pairs == 15


def brute_force(measures, systems, trials, seed):
    """Loop per split and measure: the halves' sums, corpus scores, tau and swaps."""
    splits = np.random.SeedSequence(seed).spawn(3)[0]
    halves = segment_halves(measures[0].statistics.shape[1], trials=trials, seed=splits)
    taus = np.empty((trials, len(measures)))
    swaps = np.empty((trials, len(measures)))
    for t, first in enumerate(halves):
        for i, m in enumerate(measures):
            sign = 1.0 if m.higher_is_better else -1.0
            a = sign * m.batch.from_totals(m.statistics[:, first].sum(axis=1))[0]
            b = sign * m.batch.from_totals(m.statistics[:, ~first].sum(axis=1))[0]
            taus[t, i] = kendall_tau(a, b)
            a, b = snap_ties(a), snap_ties(b)
            opposite = [
                (a[x] - a[y]) * (b[x] - b[y]) < 0
                for x in range(len(systems))
                for y in range(x + 1, len(systems))
            ]
            swaps[t, i] = np.mean(opposite)
    return halves, taus, swaps


def test_split_consistency_equals_a_loop_over_splits_and_measures():
    measures, systems = corpus(systems=5, segments=9)
    result = corpus_analyses(measures, systems, analyses=("consistency",), trials=30, B=50, seed=3)
    halves, taus, swaps = brute_force(measures, systems, 30, 3)
    assert halves.sum(axis=1).tolist() == [4] * 30
    assert len({h.tobytes() for h in halves}) > 20
    cons = result.consistency
    np.testing.assert_allclose(cons.taus, taus, rtol=0, atol=1e-12)
    np.testing.assert_allclose(cons.swap_rates, swaps, rtol=0, atol=1e-12)
    np.testing.assert_allclose(cons.mean_tau, taus.mean(axis=0), rtol=1e-12)
    assert cons.sizes == (4, 5)
    assert cons.trials_used.tolist() == [30, 30]
    frame = cons.to_frame()
    assert frame.split.iloc[0] == "segment halves (4 vs. 5)"
    assert set(frame.columns) >= {"mean_tau", "swap_rate", "marker", "trials_used"}


def test_without_ties_the_swap_rate_is_half_of_one_minus_tau_a():
    rng = np.random.default_rng(5)
    stats = np.concatenate([rng.random((7, 30, 1)), np.ones((7, 30, 1))], axis=2)
    measure = CorpusMeasure("mean", True, CorpusBatch(stats, ratio))
    result = corpus_analyses([measure], list("abcdefg"), analyses=("consistency",), trials=20, B=10)
    cons = result.consistency
    halves = segment_halves(30, trials=20, seed=np.random.SeedSequence(0).spawn(3)[0])
    first = (stats[:, :, 0] @ halves.T.astype(float)).T
    second = (stats[:, :, 0] @ (~halves).T.astype(float)).T
    tau_a = kendall_tau(first / 15, second / 15, variant="a")
    np.testing.assert_allclose(cons.swap_rates[:, 0], (1 - tau_a) / 2, atol=1e-12)


def test_a_split_with_an_undefined_half_score_is_left_out_of_that_measure():
    stats = np.zeros((3, 6, 2))
    stats[:, :, 0] = [[1, 2, 3, 4, 5, 6], [2, 2, 2, 2, 2, 2], [6, 5, 4, 3, 2, 1]]
    stats[:, 0, 1] = 1.0  # only the first segment has a denominator
    stats[:, 1:, 1] = 0.0
    stats[:, 3, 1] = 1.0
    measure = CorpusMeasure("sparse", True, CorpusBatch(stats, ratio))
    dense = CorpusMeasure("dense", True, CorpusBatch(stats + np.array([0.0, 1.0]), ratio))
    result = corpus_analyses(
        [measure, dense], ["a", "b", "c"], analyses=("consistency",), trials=40
    )
    cons = result.consistency
    # Segments 0 and 3 land in the same half on some splits, leaving the other undefined.
    assert 0 < cons.trials_used[0] < 40
    assert cons.trials_used[1] == 40
    assert np.isnan(cons.taus[:, 0]).sum() == 40 - cons.trials_used[0]
    assert np.isfinite(cons.mean_tau).all()


def test_discriminative_power_is_the_corpus_bootstrap_with_holm_per_measure():
    measures, systems = corpus()
    result = corpus_analyses(
        measures, systems, analyses=("discriminative",), B=200, seed=7, correction="Holm"
    )
    power = result.discriminative
    stream = np.random.SeedSequence(7).spawn(3)[2]
    for i, m in enumerate(measures):
        direct = corpus_bootstrap_test(
            m.statistics, m.batch.from_totals, trials=200, seed=stream, systems=systems
        )
        np.testing.assert_array_equal(power.p_values[i], direct.p_value)
        np.testing.assert_array_equal(power.p_adjusted[i], adjust_p_values(direct.p_value))
        np.testing.assert_array_equal(power.difference[i], direct.difference)
    frame = power.to_frame().set_index("measure")
    counts = (power.p_adjusted < 0.05).sum(axis=1)
    assert frame.loc["share", "significant_pairs"] == counts[0]
    assert frame.loc["share", "pairs"] == 15
    assert (frame.significant_uncorrected >= frame.significant_pairs).all()
    assert len(power.pairs_frame()) == 30
    assert power.correction == "holm"


def max_statistic_loop(tests):
    """Per pair and resample: does the largest centred null difference reach |d|?"""
    b, p = tests.resampled_difference.shape
    centre = [tests.resampled_difference[tests.resampled_valid[:, q], q].mean() for q in range(p)]
    largest = []
    for row in range(b):
        values = [
            abs(tests.resampled_difference[row, q] - centre[q])
            for q in range(p)
            if tests.resampled_valid[row, q]
        ]
        if values:
            largest.append(max(values))
    out = []
    for q in range(p):
        tie = 1e-9 * max(abs(tests.score_a[q]), abs(tests.score_b[q]))
        count = sum(m >= abs(tests.difference[q]) - tie for m in largest)
        out.append((count + 1) / (len(largest) + 1))
    return np.array(out)


def test_the_default_adjustment_is_the_single_step_max_statistic_of_the_resamples():
    measures, systems = corpus(systems=5, segments=25)
    result = corpus_analyses(measures, systems, analyses=("discriminative",), B=150, seed=9)
    power = result.discriminative
    assert power.correction == "max"
    stream = np.random.SeedSequence(9).spawn(3)[2]
    for i, m in enumerate(measures):
        direct = corpus_bootstrap_test(
            m.statistics, m.batch.from_totals, trials=150, seed=stream, systems=systems
        )
        expected = max_statistic_loop(direct)
        np.testing.assert_allclose(power.p_adjusted[i], expected, rtol=1e-12)
        np.testing.assert_allclose(max_adjusted(direct), expected, rtol=1e-12)
        assert (power.p_adjusted[i] >= power.p_values[i]).all()


def test_the_max_statistic_separates_clear_pairs_where_holm_cannot_with_few_resamples():
    measures, systems = corpus(systems=12, segments=400)
    by_max = corpus_analyses(measures, systems, analyses=("discriminative",), B=100)
    by_holm = corpus_analyses(
        measures, systems, analyses=("discriminative",), B=100, correction="holm"
    )
    # 66 pairs: Holm's smallest threshold 0.05 / 66 is below 1 / 101, the smallest p-value.
    assert by_holm.discriminative.n_significant().tolist() == [0, 0]
    assert (by_max.discriminative.n_significant() > 30).all()


def test_randomisation_gives_the_p_values_of_the_direct_call():
    measures, systems = corpus(systems=4)
    result = corpus_analyses(
        measures,
        systems,
        analyses=("discriminative",),
        B=100,
        test="AR",
        correction="bonferroni",
        seed=2,
    )
    assert result.discriminative.correction == "bonferroni"
    stream = np.random.SeedSequence(2).spawn(3)[2]
    direct = corpus_randomisation_test(
        measures[1].statistics, ratio, trials=100, seed=stream, systems=systems
    )
    assert result.discriminative.test == "randomisation"
    np.testing.assert_array_equal(result.discriminative.p_values[1], direct.p_value)
    np.testing.assert_array_equal(
        result.discriminative.p_adjusted[1], np.minimum(direct.p_value * 6, 1.0)
    )


def frames_equal(a: Any, b: Any) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].equals(b[key]), key


def test_the_same_seed_gives_the_same_numbers_and_another_seed_other_splits():
    measures, systems = corpus()
    kwargs: dict[str, Any] = {"trials": 50, "B": 100}
    first = corpus_analyses(measures, systems, seed=11, **kwargs)
    frames_equal(
        first.to_frames(), corpus_analyses(measures, systems, seed=11, **kwargs).to_frames()
    )
    other = corpus_analyses(measures, systems, seed=12, **kwargs)
    assert not np.array_equal(first.consistency.taus, other.consistency.taus)


def test_chunking_changes_no_number():
    measures, systems = corpus(segments=60)
    big = corpus_analyses(measures, systems, trials=40, B=60, seed=4)
    small = corpus_analyses(measures, systems, trials=40, B=60, seed=4, max_elements=500)
    np.testing.assert_array_equal(big.consistency.taus, small.consistency.taus)
    np.testing.assert_array_equal(big.consistency.swap_rates, small.consistency.swap_rates)
    np.testing.assert_array_equal(big.discriminative.p_values, small.discriminative.p_values)


def test_progress_counts_split_trials_tukey_trials_and_each_measures_resamples():
    measures, systems = corpus()
    done: list[int] = []
    corpus_analyses(measures, systems, trials=30, B=50, progress=done.append)
    assert sum(done) == 30 + 50 + 2 * 50


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"measures": []}, MetaInputError, "at least one measure"),
        ({"systems": ["only"]}, MetaInputError, "at least 2 systems"),
        ({"B": 10}, InvalidParameterError, "B=10"),
        ({"test": "permutation"}, InvalidParameterError, "test"),
        ({"correction": "holmes"}, InvalidParameterError, "holm"),
        ({"analyses": ("coverage",)}, InvalidParameterError, "analyses"),
        ({"truth": {"s0": 1.0}}, InvalidParameterError, "truth"),
        ({"seed": -1}, InvalidParameterError, "seed=-1"),
    ],
)
def test_bad_input_raises_a_typed_error_naming_it(change, error, words):
    measures, systems = corpus()
    kwargs: dict[str, Any] = {"measures": measures, "systems": systems, **change}
    with pytest.raises(error, match=words):
        corpus_analyses(kwargs.pop("measures"), kwargs.pop("systems"), **kwargs)


def test_an_undefined_corpus_score_is_an_error_naming_the_systems():
    stats = np.ones((3, 5, 2))
    stats[1, :, 1] = 0.0
    measure = CorpusMeasure("ratio", True, CorpusBatch(stats, ratio))
    with pytest.raises(MetaInputError, match=r"ratio.*\['b'\].*undefined"):
        corpus_analyses([measure], ["a", "b", "c"])


def test_split_consistency_needs_four_segments():
    measures, systems = corpus(segments=3)
    with pytest.raises(MetaInputError, match="at least 4 segments"):
        corpus_analyses(measures, systems, analyses=("consistency",))


# The engine, on regression runs that also give segment (item) statistics.


@dataclass(frozen=True, eq=False)
class CorpusRegressionRuns(RegressionRuns):
    """Regression runs whose mean squared and absolute errors pool every item of every topic."""

    def corpus_statistics(self, scorer: Any) -> CorpusBatch | None:
        name = scorer.measure.name
        if name not in ("mean_squared_error", "mean_absolute_error"):
            return None
        gap = self.y_pred - self.y_true[:, None, :]  # (T, S, n)
        loss = gap**2 if name == "mean_squared_error" else np.abs(gap)
        per_item = loss.transpose(1, 0, 2).reshape(len(self.systems), -1, 1)
        return CorpusBatch(np.concatenate([per_item, np.ones_like(per_item)], axis=2), ratio)


@pytest.fixture(scope="module")
def runs() -> CorpusRegressionRuns:
    base = regression_synthetic(n_topics=6, n_items=10, seed=4)
    return CorpusRegressionRuns(base.topics, base.systems, base.y_true, base.y_pred)


MEASURES = ["mean_squared_error", "mean_absolute_error", "r2"]
SETTINGS: dict[str, Any] = {"trials": 20, "B": 60, "seed": 5, "on_undefined": {"*": "drop"}}


def test_the_fake_runs_implement_the_protocol(runs):
    assert isinstance(runs, CorpusLevelRuns)
    scorers = [default_registry().get(m) for m in MEASURES]
    assert [m.name for m in corpus_measures(runs, scorers)] == MEASURES[:2]


def test_the_engine_adds_the_corpus_level_of_the_measures_with_statistics(runs):
    truth = {s: float(i) for i, s in enumerate(runs.systems)}
    result = run(runs, measures=MEASURES, truth=truth, **SETTINGS)
    corpus_result = result.corpus_level
    assert corpus_result is not None
    assert corpus_result.measures == ("mean_squared_error", "mean_absolute_error")
    # Equal item counts per topic: the pooled error is the mean of the topic errors.
    means = result.scores.select(list(corpus_result.measures)).system_means(oriented=False)
    np.testing.assert_allclose(corpus_result.scores, means, rtol=1e-12)
    frames = result.to_frames()
    assert {"corpus_scores", "corpus_truth", "corpus_similarity"} <= frames.keys()
    assert {"corpus_consistency", "corpus_discriminative"} <= frames.keys()
    assert "corpus_scores" in set(result.to_frame().section)
    assert result.settings["corpus_level"]["segments"] == 60
    # Its own seed stream: the topic-wise analyses are those of a run without it.
    without = run(runs, measures=MEASURES, truth=truth, corpus_level=False, **SETTINGS)
    assert without.corpus_level is None
    assert "corpus_level" not in without.settings
    frames_equal(
        {k: v for k, v in frames.items() if not k.startswith("corpus_")}, without.to_frames()
    )
    direct = corpus_analyses(
        [m for m in corpus_measures(runs, [default_registry().get(x) for x in MEASURES[:2]])],
        runs.systems,
        truth=truth,
        trials=20,
        B=60,
        seed=np.random.SeedSequence(5, spawn_key=(CORPUS_STREAM,)),
    )
    frames_equal(direct.to_frames(), corpus_result.to_frames())


def test_runs_without_the_protocol_and_score_matrices_have_no_corpus_level(runs):
    plain = RegressionRuns(runs.topics, runs.systems, runs.y_true, runs.y_pred)
    result = run(plain, measures=MEASURES, analyses=["similarity"], **SETTINGS)
    assert result.corpus_level is None
    assert not any(k.startswith("corpus_") for k in result.to_frames())
    scored = run(result.scores, analyses=["similarity"], seed=5)
    assert scored.corpus_level is None
    only_r2 = run(runs, measures=["r2", "root_mean_squared_error"], analyses=["similarity"])
    assert only_r2.corpus_level is None


def test_the_engine_runs_the_corpus_counterparts_of_the_requested_analyses(runs):
    result = run(runs, measures=MEASURES, analyses=["similarity"], **SETTINGS)
    assert isinstance(result, MetaEvaluation)
    assert result.corpus_level.similarity is not None
    assert result.corpus_level.consistency is None
    assert result.corpus_level.discriminative is None


def test_too_few_resamples_skip_the_corpus_tests_with_a_note(runs):
    settings = {**SETTINGS, "B": 20}
    result = run(runs, measures=MEASURES, analyses=["discriminative"], **settings)
    assert result.corpus_level.discriminative is None
    assert any("corpus-level discriminative power skipped: B=20" in n for n in result.notes)


def test_the_engine_checks_the_corpus_test_and_correction(runs):
    with pytest.raises(InvalidParameterError, match="corpus_test"):
        run(runs, measures=MEASURES, corpus_test="t", **SETTINGS)
    with pytest.raises(InvalidParameterError, match="holm"):
        run(runs, measures=MEASURES, corpus_correction="holmes", **SETTINGS)
    result = run(runs, measures=MEASURES, analyses=["discriminative"], corpus_test="AR", **SETTINGS)
    assert result.corpus_level.discriminative.test == "randomisation"


def test_the_meta_command_prints_the_corpus_level_sections_in_every_format(runs):
    from axiometrics.cli.meta_command import _render

    truth = {s: float(i) for i, s in enumerate(runs.systems)}
    result = run(runs, measures=MEASURES, truth=truth, **SETTINGS)
    table = _render([("pooled", result)], "table")
    for title in (
        "## pooled: corpus-level scores",
        "## pooled: corpus level: agreement of the corpus scores with the known truth",
        "## pooled: corpus level: ranking similarity of the corpus scores",
        "## pooled: corpus level: consistency over random splits of the segments",
        "## pooled: corpus level: discriminative power",
    ):
        assert title in table
    csv = _render([("pooled", result)], "csv")
    assert "corpus_discriminative" in csv
    assert "swap_rate" in csv
    payload = json.loads(_render([("pooled", result)], "json"))
    group = payload["groups"]["pooled"]
    assert len(group["corpus_scores"]) == 2 * len(runs.systems)
    assert group["settings"]["corpus_level"]["test"] == "bootstrap"
    assert {r["measure"] for r in group["corpus_consistency"]} == set(MEASURES[:2])


def test_a_seed_sequence_given_twice_gives_the_same_numbers_as_its_int():
    measures, systems = corpus()
    sequence = np.random.SeedSequence(21)
    kwargs: dict[str, Any] = {"trials": 20, "B": 60}
    once = corpus_analyses(measures, systems, seed=sequence, **kwargs)
    twice = corpus_analyses(measures, systems, seed=sequence, **kwargs)
    frames_equal(once.to_frames(), twice.to_frames())
    frames_equal(
        once.to_frames(), corpus_analyses(measures, systems, seed=21, **kwargs).to_frames()
    )
