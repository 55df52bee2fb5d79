"""Corpus-level paired tests: the same resamples as sacreBLEU, every pair at once."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import sacrebleu

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.measures.generation.ngram_kernels import bleu_from_statistics, bleu_statistics
from axiometrics.stats.corpus import (
    as_corpus_statistics,
    corpus_bootstrap_test,
    corpus_randomisation_test,
    corpus_resamples,
)

WORDS = ["the", "a", "cat", "dog", "sat", "on", "mat", "rug", "big", "small", "red", "blue", "ran"]


def _corpus(seed: int, n_segments: int = 40) -> tuple[list[str], list[list[str]]]:
    rng = np.random.default_rng(seed)
    references = [
        " ".join(rng.choice(WORDS, size=int(rng.integers(4, 12)))) for _ in range(n_segments)
    ]
    return references, [[r] for r in references]


def _system(references: list[str], noise: float, seed: int) -> list[str]:
    """Each reference with a share ``noise`` of its words replaced at random."""
    rng = np.random.default_rng(seed)
    out = []
    for r in references:
        words = r.split()
        for i in range(len(words)):
            if rng.random() < noise:
                words[i] = str(rng.choice(WORDS))
        out.append(" ".join(words))
    return out


@pytest.fixture(scope="module")
def corpus():
    plain, references = _corpus(7)
    systems = {
        "close": _system(plain, 0.1, 1),
        "middle": _system(plain, 0.3, 2),
        "far": _system(plain, 0.6, 3),
        "middle_again": _system(plain, 0.3, 4),
    }
    statistics = {name: bleu_statistics(h, references) for name, h in systems.items()}
    return systems, references, statistics


def score(totals):
    return bleu_from_statistics(totals)


def _sacrebleu_pairs(systems, references, test_type, n_samples):
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    names = list(systems)
    streams = [[r[0] for r in references]]
    paired = PairedTest(
        [(name, systems[name]) for name in names],
        {"BLEU": BLEU()},
        references=streams,
        test_type=test_type,
        n_samples=n_samples,
    )
    _, results = paired()
    return results["BLEU"]


def test_the_bootstrap_draws_the_same_resamples_as_sacrebleu_and_their_p_value_follows(corpus):
    systems, references, statistics = corpus
    ours = corpus_bootstrap_test(statistics, score, trials=1000)
    theirs = _sacrebleu_pairs(systems, references, "bs", 1000)
    # sacreBLEU compares every system with the first (the baseline, here "close").
    for j, name in enumerate(list(systems)[1:], start=1):
        pair = j - 1
        assert (ours.system_a[pair], ours.system_b[pair]) == ("close", name)
        assert theirs[j].score == pytest.approx(ours.score_b[pair], abs=1e-9)
        resampled = ours.resampled_difference[:, pair]
        # sacreBLEU's p-value from the same resamples: absolute differences, shifted.
        absolute = np.abs(resampled)
        recomputed = (np.sum(absolute - absolute.mean() > abs(ours.difference[pair])) + 1) / 1001
        assert theirs[j].p_value == pytest.approx(recomputed, abs=1e-12)


def test_randomisation_swaps_the_same_segments_as_sacrebleu_and_their_p_value_follows(corpus):
    systems, references, statistics = corpus
    ours = corpus_randomisation_test(statistics, score, trials=2000)
    theirs = _sacrebleu_pairs(systems, references, "ar", 2000)
    for j, name in enumerate(list(systems)[1:], start=1):
        pair = j - 1
        assert (ours.system_a[pair], ours.system_b[pair]) == ("close", name)
        shuffled = np.abs(ours.resampled_difference[:, pair])
        recomputed = (np.sum(shuffled > abs(ours.difference[pair])) + 1) / 2001
        assert theirs[j].p_value == pytest.approx(recomputed, abs=1e-12)


def test_a_system_compared_with_itself_has_p_one_where_sacrebleu_randomisation_says_one_over_b(
    corpus,
):
    """sacreBLEU counts |d*| > |d| strictly: every trial ties at d = 0, so p = 1/(B + 1).

    Here a tie counts as extreme, as in Riezler and Maxwell's definition, and
    a system is never significantly different from itself.
    """
    systems, references, statistics = corpus
    same = {"one": statistics["middle"], "copy": statistics["middle"]}
    assert corpus_randomisation_test(same, score, trials=500).p_value[0] == 1.0
    assert corpus_bootstrap_test(same, score, trials=500).p_value[0] == 1.0
    theirs = _sacrebleu_pairs(
        {"one": systems["middle"], "copy": systems["middle"]}, references, "ar", 500
    )
    assert theirs[1].p_value == pytest.approx(1 / 501)


def test_a_clearly_better_system_gets_the_smallest_p_value_and_an_interval_above_zero(corpus):
    _, _, statistics = corpus
    for test in (corpus_bootstrap_test, corpus_randomisation_test):
        result = test({"close": statistics["close"], "far": statistics["far"]}, score, trials=999)
        assert result.difference[0] > 20
        assert result.p_value[0] == pytest.approx(1 / 1000)
        assert 0 < result.ci_low[0] < result.difference[0] < result.ci_high[0]


def test_every_pair_is_tested_as_if_alone_with_common_random_numbers(corpus):
    _, _, statistics = corpus
    for test in (corpus_bootstrap_test, corpus_randomisation_test):
        together = test(statistics, score, trials=400)
        assert len(together.system_a) == 6
        for pair, (a, b) in enumerate(zip(together.system_a, together.system_b, strict=True)):
            alone = test({a: statistics[a], b: statistics[b]}, score, trials=400)
            np.testing.assert_array_equal(
                alone.resampled_difference[:, 0], together.resampled_difference[:, pair]
            )
            assert alone.p_value[0] == together.p_value[pair]


def test_the_chunk_size_never_changes_a_result(corpus):
    _, _, statistics = corpus
    for test in (corpus_bootstrap_test, corpus_randomisation_test):
        whole = test(statistics, score, trials=300)
        chunked = test(statistics, score, trials=300, max_elements=1000)
        np.testing.assert_array_equal(whole.resampled_difference, chunked.resampled_difference)
        np.testing.assert_array_equal(whole.p_value, chunked.p_value)


def test_one_sided_alternatives_split_the_two_sided_evidence(corpus):
    _, _, statistics = corpus
    pair = {"close": statistics["close"], "middle": statistics["middle"]}
    for test in (corpus_bootstrap_test, corpus_randomisation_test):
        greater = test(pair, score, trials=999, alternative="greater")
        less = test(pair, score, trials=999, alternative="less")
        assert greater.p_value[0] < 0.05 < less.p_value[0]
        assert greater.ci_high[0] == np.inf
        assert less.ci_low[0] == -np.inf


def test_resampled_corpus_scores_equal_scores_of_the_resampled_segments_recomputed(corpus):
    systems, references, statistics = corpus
    scores, undefined = corpus_resamples(statistics, score, trials=5, seed=3)
    indices = np.random.default_rng(3).choice(40, size=(5, 40), replace=True)
    bleu = sacrebleu.metrics.BLEU()
    for t in range(5):
        for s, name in enumerate(systems):
            hyps = [systems[name][i] for i in indices[t]]
            refs = [[references[i][0] for i in indices[t]]]
            assert scores[t, s] == pytest.approx(bleu.corpus_score(hyps, refs).score, abs=1e-9)
    assert not undefined.any()


def test_resamples_with_an_undefined_score_are_left_out_of_the_count():
    # Statistics of a fraction: (numerator, denominator); a resample of only the
    # zero-denominator segment is undefined.
    stats = {
        "a": np.array([[1.0, 1.0], [0.0, 0.0], [3.0, 4.0]]),
        "b": np.array([[0.0, 1.0], [0.0, 0.0], [1.0, 4.0]]),
    }

    def fraction(totals):
        den = totals[..., 1]
        return np.where(den > 0, totals[..., 0] / np.where(den > 0, den, 1), 0.0), den == 0

    result = corpus_bootstrap_test(stats, fraction, trials=2000, seed=0)
    undefined = (~result.resampled_valid[:, 0]).sum()
    assert undefined > 0
    assert result.trials_used[0] == 2000 - undefined


def test_labelled_statistics_are_aligned_by_segment_id_never_by_position(corpus):
    _, _, statistics = corpus
    ids = [f"s{i}" for i in range(40)]
    a = pd.DataFrame(statistics["close"], index=ids)
    b = pd.DataFrame(statistics["far"], index=ids).iloc[::-1]
    labelled = corpus_bootstrap_test({"close": a, "far": b}, score, trials=200)
    plain = corpus_bootstrap_test(
        {"close": statistics["close"], "far": statistics["far"]}, score, trials=200
    )
    assert labelled.p_value[0] == plain.p_value[0]
    assert labelled.difference[0] == plain.difference[0]


def test_an_array_of_statistics_takes_its_system_labels_from_systems(corpus):
    _, _, statistics = corpus
    stacked = np.stack([statistics["close"], statistics["far"]])
    result = corpus_bootstrap_test(stacked, score, trials=100, systems=["x", "y"])
    assert result.to_frame().loc[0, ["system_a", "system_b"]].tolist() == ["x", "y"]


@pytest.mark.parametrize(
    ("statistics", "error", "message"),
    [
        ({"a": np.ones((3, 2))}, InvalidInputError, "at least two systems"),
        ({"a": np.ones((3, 2)), "b": np.ones((4, 2))}, InvalidInputError, "same"),
        ({"a": np.ones((3, 2)), "b": np.full((3, 2), np.nan)}, InvalidInputError, "finite"),
        ({"a": np.ones(3), "b": np.ones(3)}, InvalidInputError, "shape"),
        (
            {"a": pd.DataFrame(np.ones((2, 2))), "b": np.ones((2, 2))},
            InputTypeError,
            "aligned by label",
        ),
        (
            {
                "a": pd.DataFrame(np.ones((2, 2)), index=["x", "y"]),
                "b": pd.DataFrame(np.ones((2, 2)), index=["x", "z"]),
            },
            InvalidInputError,
            "segment ids",
        ),
        ("not statistics", InputTypeError, "expected a mapping"),
    ],
)
def test_bad_statistics_raise_typed_errors_naming_what_is_wrong(statistics, error, message):
    with pytest.raises(error, match=message):
        as_corpus_statistics(statistics)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trials": 10}, "trials=10: expected at least 39"),
        ({"alternative": "greather"}, "did you mean 'greater'"),
        ({"alpha": 1.5}, "alpha=1.5"),
        ({"seed": -1}, "seed=-1"),
        ({"max_elements": 0}, "max_elements=0"),
    ],
)
def test_impossible_settings_are_refused_with_the_option_named(corpus, options, message):
    _, _, statistics = corpus
    with pytest.raises(InvalidParameterError, match=message):
        corpus_bootstrap_test(statistics, score, **options)


def test_an_undefined_observed_score_is_refused():
    stats = {"a": np.zeros((2, 2)), "b": np.ones((2, 2))}

    def fraction(totals):
        den = totals[..., 1]
        return np.where(den > 0, totals[..., 0] / np.where(den > 0, den, 1), 0.0), den == 0

    with pytest.raises(InvalidInputError, match=r"corpus score of \['a'\] is undefined"):
        corpus_randomisation_test(stats, fraction, trials=100)


def test_compare_corpus_corrects_the_pairs_p_values_and_suggests_the_nearest_test(corpus):
    from axiometrics.stats import adjust_p_values, compare_corpus

    _, _, statistics = corpus
    result = compare_corpus(statistics, score, test="BS", correction="holm", trials=500)
    np.testing.assert_array_equal(result.p_adjusted, adjust_p_values(result.tests.p_value, "holm"))
    frame = result.to_frame()
    assert list(frame.columns[-2:]) == ["p_adjusted", "significant"]
    assert len(frame) == 6
    default = compare_corpus(statistics, score, test="randomisation")
    assert default.tests.trials == 10000
    with pytest.raises(InvalidParameterError, match="did you mean 'randomisation'"):
        compare_corpus(statistics, score, test="randomization_")


def test_the_bootstrap_interval_is_the_percentile_interval_of_the_resampled_differences(corpus):
    _, _, statistics = corpus
    result = corpus_bootstrap_test(statistics, score, trials=300, seed=5)
    scores, undefined = corpus_resamples(statistics, score, trials=300, seed=5)
    names = list(statistics)
    for p, (a, b) in enumerate(zip(result.system_a, result.system_b, strict=True)):
        i, j = names.index(a), names.index(b)
        kept = ~(undefined[:, i] | undefined[:, j])
        low, high = np.quantile(scores[kept, i] - scores[kept, j], [0.025, 0.975])
        assert result.ci_low[p] == pytest.approx(low, rel=1e-12, abs=1e-12)
        assert result.ci_high[p] == pytest.approx(high, rel=1e-12, abs=1e-12)
