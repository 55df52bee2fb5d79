"""The generation measures against sacreBLEU, jiwer and rouge-score, through ``ax.score``."""

from __future__ import annotations

import math

import jiwer
import numpy as np
import pytest
from rouge_score import rouge_scorer
from sacrebleu.metrics import BLEU, CHRF, TER

import axiometrics as ax
from axiometrics.errors import InvalidParameterError, UndefinedMeasureError
from axiometrics.measures.generation.corpus import corpus_statistics, normalize_text
from axiometrics.measures.generation.family import to_streams
from axiometrics.stats.corpus import compare_corpus

MEASURES = (
    "bleu",
    "sentence_bleu",
    "chrf",
    "chrf_plus_plus",
    "sentence_chrf",
    "ter",
    "wer",
    "cer",
    "mer",
    "wil",
    "rouge_l",
)

#: (hypotheses, references per segment): one reference each, several, and a mixed corpus.
CORPORA = {
    "one-reference": (
        [
            "The cat sat on the mat.",
            "A quick brown fox jumps over the lazy dog",
            "it is raining today in Paris",
            "hello world",
        ],
        [
            ("The cat is sitting on the mat.",),
            ("The quick brown fox jumped over a lazy dog.",),
            ("Today it rains in Paris",),
            ("Hello, world!",),
        ],
    ),
    "several-references": (
        [
            "the cat sat on the mat",
            "there is a cat on the mat",
            "we will meet at noon tomorrow",
        ],
        [
            ("the cat is on the mat", "a cat sat on the mat", "there is a cat on a mat"),
            ("there is a cat on the mat", "the cat is on the mat"),
            ("we meet tomorrow at noon", "tomorrow we will meet at twelve", "see you at noon"),
        ],
    ),
    "mixed": (
        [
            "Zürich is in Switzerland , isn't it ?",
            "I don't know  the answer",
            "Numbers: 3.14 and 1,000",
            "日本語 の テキスト",
            "short",
        ],
        [
            ("Zurich is in Switzerland, is it not?", "Zürich lies in Switzerland."),
            ("I do not know the answer",),
            ("Numbers 3.14 and 1,000", "The numbers are 3.14 and 1 000"),
            ("日本語 テキスト",),
            ("a much longer reference than the hypothesis", "short one"),
        ],
    ),
}
ONE_REFERENCE = ("one-reference",)


def _streams(references):
    return to_streams(references)


def _mean(values) -> float:
    return float(np.mean(values))


def _sacrebleu(name: str, hypotheses, references) -> float:
    streams = _streams(references)
    if name == "bleu":
        return BLEU().corpus_score(hypotheses, streams).score
    if name == "sentence_bleu":
        metric = BLEU(effective_order=True)
        return _mean(
            [
                metric.sentence_score(h, list(r)).score
                for h, r in zip(hypotheses, references, strict=True)
            ]
        )
    if name == "chrf":
        return CHRF().corpus_score(hypotheses, streams).score
    if name == "chrf_plus_plus":
        return CHRF(word_order=2).corpus_score(hypotheses, streams).score
    if name == "sentence_chrf":
        metric = CHRF()
        return _mean(
            [
                metric.sentence_score(h, list(r)).score
                for h, r in zip(hypotheses, references, strict=True)
            ]
        )
    assert name == "ter"
    return TER().corpus_score(hypotheses, streams).score


@pytest.mark.parametrize("corpus", sorted(CORPORA))
@pytest.mark.parametrize(
    "name", ["bleu", "sentence_bleu", "chrf", "chrf_plus_plus", "sentence_chrf", "ter"]
)
def test_the_sacrebleu_measures_score_as_sacrebleu(name, corpus):
    hypotheses, references = CORPORA[corpus]
    expected = _sacrebleu(name, hypotheses, references)
    assert ax.score(name, hypotheses, list(references)) == pytest.approx(expected, rel=1e-12)


_JIWER = {"wer": jiwer.wer, "cer": jiwer.cer, "mer": jiwer.mer, "wil": jiwer.wil}


@pytest.mark.parametrize("name", sorted(_JIWER))
def test_the_error_rates_score_as_jiwer_with_one_reference(name):
    hypotheses, references = CORPORA["one-reference"]
    refs = [r[0] for r in references]
    expected = _JIWER[name](refs, hypotheses)
    assert ax.score(name, hypotheses, refs) == pytest.approx(expected, rel=1e-12)


def _fewest_edits(hypothesis: str, references) -> str:
    def key(r):
        out = jiwer.process_words(r, hypothesis)
        return (out.substitutions + out.deletions + out.insertions, len(r.split()), -out.hits, r)

    return min(references, key=key)


@pytest.mark.parametrize("name", ["wer", "mer", "wil"])
def test_with_several_references_the_error_rates_are_jiwers_on_the_fewest_edit_reference(name):
    hypotheses, references = CORPORA["several-references"]
    chosen = [_fewest_edits(h, r) for h, r in zip(hypotheses, references, strict=True)]
    expected = _JIWER[name](chosen, hypotheses)
    assert ax.score(name, hypotheses, list(references)) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_rouge_l_is_the_mean_of_rouge_scores_best_f1_over_the_references(corpus):
    hypotheses, references = CORPORA[corpus]
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    expected = _mean(
        [
            scorer.score_multi(list(r), h)["rougeL"].fmeasure
            for h, r in zip(hypotheses, references, strict=True)
        ]
    )
    assert ax.score("rouge_l", hypotheses, list(references)) == pytest.approx(expected, rel=1e-12)


# -- parameters as registry expressions ---------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "metric"),
    [
        ("bleu(tokenize='none')", BLEU(tokenize="none")),
        ("bleu(smooth='floor')", BLEU(smooth_method="floor")),
        ("bleu(smooth='none')", BLEU(smooth_method="none")),
        ("bleu(lowercase=True)", BLEU(lowercase=True)),
        ("bleu(max_order=2)", BLEU(max_ngram_order=2)),
        ("chrf(beta=1)", CHRF(beta=1)),
        ("chrf(whitespace=True)", CHRF(whitespace=True)),
    ],
)
def test_parameters_given_as_registry_expressions_score_as_sacrebleus_options(expression, metric):
    hypotheses, references = CORPORA["mixed"]
    expected = metric.corpus_score(hypotheses, _streams(references)).score
    assert ax.score(expression, hypotheses, list(references)) == pytest.approx(expected, rel=1e-12)


def test_wer_normalize_lowercase_is_jiwers_wer_after_lower_casing():
    hypotheses, references = CORPORA["one-reference"]
    refs = [r[0] for r in references]
    expected = jiwer.wer([r.lower() for r in refs], [h.lower() for h in hypotheses])
    assert ax.score("wer(normalize='lowercase')", hypotheses, refs) == pytest.approx(expected)
    assert ax.score("wer(normalize='lowercase')", ["the cat"], ["The cat"]) == 0.0
    assert ax.score("wer", ["the cat"], ["The cat"]) == 0.5


def test_wer_normalize_basic_drops_case_and_punctuation_before_jiwers_wer():
    hypotheses, references = CORPORA["one-reference"]
    refs = [r[0] for r in references]
    expected = jiwer.wer(
        [normalize_text(r, "basic") for r in refs],
        [normalize_text(h, "basic") for h in hypotheses],
    )
    assert ax.score("wer(normalize='basic')", hypotheses, refs) == pytest.approx(expected)
    assert normalize_text("Hello,  World!", "basic") == "hello world"
    assert ax.score("wer(normalize='basic')", ["hello world"], ["Hello, world!"]) == 0.0


@pytest.mark.parametrize(
    "expression",
    ["bleu(smooth='flor')", "bleu(tokenize='intl')", "wer(normalize='upper')", "chrf(beta=0)"],
)
def test_impossible_parameters_are_parameter_errors(expression):
    with pytest.raises(InvalidParameterError):
        ax.score(expression, ["a b"], ["a b"])


# -- undefined cases -------------------------------------------------------------------------------

#: A corpus on which each measure with a declared undefined case is undefined.
UNDEFINED = {
    "bleu": ([""], ["a b c d"]),
    "chrf": ([""], ["a"]),
    "chrf_plus_plus": (["a"], [""]),
    "ter": (["a"], [""]),
    "wer": (["a"], [""]),
    "cer": (["a"], [" "]),
    "mer": ([""], [""]),
    "wil": (["a"], [""]),
}


@pytest.mark.parametrize("name", sorted(UNDEFINED))
def test_an_undefined_corpus_is_declared_and_flagged_never_nan(registry, name):
    scorer = registry.get(name)
    assert scorer.measure.undefined
    evaluation = scorer.evaluate(*UNDEFINED[name])
    assert bool(evaluation.undefined)
    assert float(evaluation.scores) == 0.0
    with pytest.raises(UndefinedMeasureError, match=f"measure={name!r} is undefined"):
        ax.score(name, *UNDEFINED[name])
    assert ax.score(name, *UNDEFINED[name], on_undefined=-1.0) == -1.0


@pytest.mark.parametrize("name", ["sentence_bleu", "sentence_chrf", "rouge_l"])
def test_the_sentence_means_score_a_degenerate_segment_zero_as_their_references_do(name):
    for corpus in (([""], [""]), (["a"], [""]), ([""], ["a"])):
        assert ax.score(name, *corpus) == 0.0


@pytest.mark.parametrize("name", MEASURES)
def test_every_score_on_the_corpora_is_finite_and_in_the_declared_range(registry, name):
    scorer = registry.get(name)
    for hypotheses, references in CORPORA.values():
        value = scorer(hypotheses, list(references))
        assert math.isfinite(value)
        assert scorer.measure.range.lower <= value <= scorer.measure.range.upper


# -- corpus statistics and corpus-level tests -------------------------------------------------------


@pytest.mark.parametrize("corpus", sorted(CORPORA))
@pytest.mark.parametrize("name", MEASURES)
def test_corpus_statistics_give_the_score_of_ax_score(name, corpus):
    hypotheses, references = CORPORA[corpus]
    stats = corpus_statistics(name, hypotheses, list(references))
    assert stats.n_segments == len(hypotheses)
    assert stats.score() == (ax.score(name, hypotheses, list(references)), False)
    rows = [0, 0, 1]
    picked = [hypotheses[i] for i in rows], [references[i] for i in rows]
    assert stats.score(rows)[0] == pytest.approx(ax.score(name, *picked), rel=1e-12)


def test_corpus_statistics_bind_parameters_by_expression_or_keyword():
    hypotheses, references = CORPORA["mixed"]
    by_expression = corpus_statistics("bleu(tokenize='none')", hypotheses, list(references))
    by_keyword = corpus_statistics("bleu", hypotheses, list(references), tokenize="none")
    assert by_expression.params == by_keyword.params
    assert by_expression.score() == by_keyword.score()
    assert by_expression.score()[0] == pytest.approx(
        BLEU(tokenize="none").corpus_score(hypotheses, _streams(references)).score
    )


def test_compare_corpus_runs_on_the_statistics_of_several_systems():
    hypotheses, references = CORPORA["one-reference"]
    refs = list(references)
    systems = {
        "system": hypotheses,
        "references": [r[0] for r in references],
        "shuffled": hypotheses[::-1],
    }
    stats = {name: corpus_statistics("bleu", h, refs) for name, h in systems.items()}
    score = stats["system"].from_totals
    result = compare_corpus({k: v.statistics for k, v in stats.items()}, score, trials=200)
    frame = result.to_frame()
    assert len(frame) == 3
    assert {"p_adjusted", "significant"} <= set(frame.columns)
    assert np.all((result.p_adjusted >= 0) & (result.p_adjusted <= 1))
