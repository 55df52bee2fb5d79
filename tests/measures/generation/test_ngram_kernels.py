"""BLEU, chrF, chrF++ and ROUGE-L kernels against sacreBLEU 2.6.0 and rouge-score 0.1.2.

Every score is cross-checked to 1e-9 on generated corpora (a seeded NumPy
generator: empty and one-token segments, repeated tokens, hypotheses much
longer and much shorter than the references, one to four references of
different lengths, Unicode, punctuation and whitespace variants).  Each
convention that differs from the reference implementations is pinned by a
test of its own whose docstring says what differs and why.
"""

from __future__ import annotations

import ast
import importlib
import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.measures.generation import ngram_kernels as nk

sacrebleu_metrics = importlib.import_module("sacrebleu.metrics")
rouge_scorer = importlib.import_module("rouge_score.rouge_scorer")
rouge_tokenizers = importlib.import_module("rouge_score.tokenizers")
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a  # noqa: E402
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer  # noqa: E402

BLEU = sacrebleu_metrics.BLEU
CHRF = sacrebleu_metrics.CHRF
ATOL = 1e-9
SMOOTHINGS = ("none", "floor", "add-k", "exp")

WORDS = (
    "the", "cat", "sat", "on", "mat", "a", "dog", "The", "CAT", "Dog", "x", "y",
    "café", "cafe\u0301", "naïve", "e\u0301", "ÉCOLE", "ß", "İstanbul", "ǅ", "Ω", "\u212a",
    "日本語のテキスト", "中文", "語", "😀", "👍🏽", "👩\u200d💻", "١٢٣",
    "end.", "(hi)", '"quoted"', "it's", "don't", "3.14", "1,000", "well-known", "5-3",
    "x-", "-y", "a.b.c", "...", ",", ".", "!", "?", "-", "--", "e.g.", "U.S.", "$5", "100%",
    "—", "«ok»", "¿qué?", "end?!", "&amp;", "&quot;", "&lt;b&gt;", "<skipped>", "#tag",
    "@user", "{x}", "[1]", "a/b", "a_b", "~", "`", "'", "12.", ".5", "1.2.3", "9,", ",9",
)  # fmt: skip
SEPARATORS = (" ", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "-\n", " \n ", "", "\r\n")


def _join(rng: np.random.Generator, tokens: list[str]) -> str:
    text = ""
    for i, token in enumerate(tokens):
        if i:
            text += SEPARATORS[rng.integers(len(SEPARATORS))]
        text += token
    if rng.random() < 0.15:
        text = SEPARATORS[rng.integers(len(SEPARATORS))] + text
    if rng.random() < 0.15:
        text += SEPARATORS[rng.integers(len(SEPARATORS))]
    return text


def _words(rng: np.random.Generator, n: int) -> list[str]:
    return [WORDS[i] for i in rng.integers(len(WORDS), size=n)]


def _mutated(rng: np.random.Generator, tokens: list[str]) -> list[str]:
    out = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.1:
            continue
        if roll < 0.2:
            out += _words(rng, 1)
        elif roll < 0.27:
            out += [token, token]
        else:
            out.append(token)
        if rng.random() < 0.08:
            out += _words(rng, 1)
    return out


def _hypothesis(rng: np.random.Generator, base: list[str]) -> list[str] | str:
    kind = rng.integers(10)
    if kind == 0:
        return ["", " ", "\n", "\u3000"][rng.integers(4)]
    if kind == 1:
        return _words(rng, 1) if rng.random() < 0.5 else base[:1]
    if kind == 2:
        return [(base or _words(rng, 1))[0]] * int(rng.integers(2, 7))
    if kind == 3:
        return base * 3 + _words(rng, int(rng.integers(0, 5)))
    if kind == 4:
        return base[: int(rng.integers(0, 3))]
    if kind == 5:
        return _words(rng, int(rng.integers(1, 12)))
    return _mutated(rng, base)


def _reference(rng: np.random.Generator, base: list[str]) -> list[str] | str:
    kind = rng.integers(8)
    if kind == 0 and rng.random() < 0.3:
        return ""
    if kind == 1:
        return base[: int(rng.integers(0, len(base) + 1))]
    if kind == 2:
        return base + _words(rng, int(rng.integers(1, 15)))
    if kind == 3:
        return _words(rng, int(rng.integers(1, 10)))
    return _mutated(rng, base)


def make_corpus(seed: int) -> tuple[list[str], list[list[str]]]:
    """A generated corpus: hypotheses and, per segment, one to four references."""
    rng = np.random.default_rng(seed)
    hyps, refs = [], []
    for _ in range(int(rng.integers(1, 9))):
        base = _words(rng, int(rng.integers(0, 16)))
        hyp = _hypothesis(rng, base)
        hyps.append(hyp if isinstance(hyp, str) else _join(rng, hyp))
        seg = []
        for _ in range(int(rng.integers(1, 5))):
            ref = _reference(rng, base)
            seg.append(ref if isinstance(ref, str) else _join(rng, ref))
        refs.append(seg)
    return hyps, refs


CORPORA = [make_corpus(seed) for seed in range(240)]
SENTENCES = sorted({s for hyps, refs in CORPORA for s in [*hyps, *itertools.chain(*refs)]})


def streams(references: list[list[str]]) -> list[list[str | None]]:
    """sacreBLEU's reference streams: the transpose, padded with None."""
    depth = max(len(r) for r in references)
    return [[r[j] if j < len(r) else None for r in references] for j in range(depth)]


def corpus_bleu(hyps, refs, max_order=4, tokenize="13a", lowercase=False, **score):
    stats = nk.bleu_statistics(
        hyps, refs, max_order=max_order, tokenize=tokenize, lowercase=lowercase
    )
    value, undefined = nk.bleu_from_statistics(stats.sum(axis=0), max_order=max_order, **score)
    return float(value), bool(undefined)


def corpus_chrf(hyps, refs, char_order=6, word_order=0, beta=2, **options):
    stats = nk.chrf_statistics(
        hyps, refs, char_order=char_order, word_order=word_order, beta=beta, **options
    )
    value, undefined = nk.chrf_from_statistics(
        stats.sum(axis=0), char_order=char_order, word_order=word_order, beta=beta
    )
    return float(value), bool(undefined)


def corpus_rouge_l(hyps, refs):
    value, undefined = nk.rouge_l_from_statistics(nk.rouge_l_statistics(hyps, refs).sum(axis=0))
    return float(value), bool(undefined)


@pytest.fixture(scope="module")
def rouge():
    return rouge_scorer.RougeScorer(["rougeL"])


# --------------------------------------------------------------------------- the corpora


def test_the_generated_corpora_hold_every_kind_of_segment_the_cross_checks_need():
    hyps = [hyp for corpus_hyps, _ in CORPORA for hyp in corpus_hyps]
    refs = [ref for _, corpus_refs in CORPORA for seg in corpus_refs for ref in seg]
    lengths = [len(h.split()) for h in hyps]
    assert any(not h.strip() for h in hyps)
    assert 1 in lengths
    assert any(len(set(h.split())) == 1 and len(h.split()) > 2 for h in hyps)
    assert "" in refs
    assert any(len(seg) >= 3 and len({len(r) for r in seg}) >= 3 for _, seg in _segments())
    assert any(len(h.split()) > 3 * max(len(r.split()) for r in seg) for h, seg in _segments())
    assert any(0 < len(h.split()) < min(len(r.split()) for r in seg) / 3 for h, seg in _segments())
    text = "".join(SENTENCES)
    for needle in ("\u0301", "語", "😀", "\u3000", "\u00a0", "-\n", "&amp;", "(hi)", "3.14"):
        assert needle in text


def _segments():
    for hyps, refs in CORPORA:
        yield from zip(hyps, refs, strict=True)


# --------------------------------------------------------------------------- tokenisers

TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS + SEPARATORS), max_size=12).map("".join),
    st.text(alphabet="aZ09 .,-'\n&;<>()!?\u00a0\u0301", max_size=30),
)


def test_tokenize_13a_matches_sacrebleus_13a_tokenizer_on_the_generated_text():
    reference = Tokenizer13a()
    for sentence in SENTENCES:
        assert nk.tokenize_13a(sentence) == tuple(reference(sentence).split()), sentence


@settings(max_examples=400, derandomize=True, deadline=None, database=None)
@given(TEXT)
def test_tokenize_13a_matches_sacrebleus_13a_tokenizer_on_any_text(text):
    assert nk.tokenize_13a(text) == tuple(Tokenizer13a()(text).split())


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Hello, world.", ("Hello", ",", "world", ".")),
        ("3.14 and 1,000", ("3.14", "and", "1,000")),
        ("5-3 well-known", ("5", "-", "3", "well-known")),
        ("it's &quot;ok&quot; &amp;c", ("it's", '"', "ok", '"', "&", "c")),
        ("hyphen-\nated <skipped>word", ("hyphenated", "word")),
        ("a.,b", ("a", ".", ",", "b")),
        ("٣.٤", ("٣", ".", "٤")),
    ],
)
def test_tokenize_13a_follows_the_mteval_v13a_rules(text, tokens):
    assert nk.tokenize_13a(text) == tokens
    assert tuple(Tokenizer13a()(text).split()) == tokens


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(TEXT)
def test_tokenize_none_splits_on_unicode_whitespace_like_sacrebleus_none_tokenizer(text):
    assert nk.tokenize_none(text) == tuple(NoneTokenizer()(text).split())


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(TEXT)
def test_tokenize_rouge_matches_rouge_scores_default_tokenizer_without_stemming(text):
    assert nk.tokenize_rouge(text) == tuple(rouge_tokenizers.DefaultTokenizer().tokenize(text))


def test_tokenize_rouge_keeps_only_ascii_letters_and_digits_after_lowercasing():
    assert nk.tokenize_rouge("Café don't 日本 x2 \u212a") == ("caf", "don", "t", "x2", "k")


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(TEXT)
def test_tokenize_chrf_words_matches_sacrebleus_chrf_plus_plus_words(text):
    assert nk.tokenize_chrf_words(text) == tuple(CHRF(word_order=2)._remove_punctuation(text))


def test_tokenize_chrf_words_splits_one_ascii_punctuation_mark_per_word_last_mark_first():
    assert nk.tokenize_chrf_words("(hi) end?! «ok» . 'a") == (
        "(hi",
        ")",
        "end?",
        "!",
        "«ok»",
        ".",
        "'",
        "a",
    )


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(TEXT, st.booleans())
def test_tokenize_chrf_chars_takes_code_points_without_whitespace_like_sacrebleu(text, whitespace):
    helpers = importlib.import_module("sacrebleu.metrics.helpers")
    unigrams = helpers.extract_all_char_ngrams(text, 1, whitespace)[0]
    chars = nk.tokenize_chrf_chars(text, whitespace)
    assert sorted(unigrams.elements()) == sorted(chars)
    assert "".join(chars) == (text if whitespace else "".join(text.split()))


def test_every_tokeniser_is_a_pure_function_from_str_to_a_tuple_of_str():
    for tokenizer in (
        nk.tokenize_13a,
        nk.tokenize_none,
        nk.tokenize_rouge,
        nk.tokenize_chrf_words,
        nk.tokenize_chrf_chars,
    ):
        for sentence in SENTENCES[:50]:
            first = tokenizer(sentence)
            assert isinstance(first, tuple)
            assert all(isinstance(t, str) for t in first)
            assert tokenizer(sentence) == first


# --------------------------------------------------------------------------- BLEU


def test_bleu_statistics_equal_sacrebleus_segment_statistics():
    for hyps, refs in CORPORA:
        expected = BLEU()._extract_corpus_statistics(hyps, streams(refs))
        np.testing.assert_array_equal(nk.bleu_statistics(hyps, refs), np.array(expected, float))


@pytest.mark.parametrize("smooth", SMOOTHINGS)
@pytest.mark.parametrize("effective_order", [False, True])
def test_corpus_bleu_matches_sacrebleu_for_every_smoothing_and_effective_order(
    smooth, effective_order
):
    metric = BLEU(smooth_method=smooth, effective_order=effective_order)
    for hyps, refs in CORPORA:
        expected = metric.corpus_score(hyps, streams(refs)).score
        got, _ = corpus_bleu(hyps, refs, smooth=smooth, effective_order=effective_order)
        assert got == pytest.approx(expected, abs=ATOL), (hyps, refs)


@pytest.mark.parametrize("smooth", SMOOTHINGS)
@pytest.mark.parametrize("effective_order", [False, True])
def test_sentence_bleu_matches_sacrebleus_sentence_score_for_every_smoothing(
    smooth, effective_order
):
    metric = BLEU(smooth_method=smooth, effective_order=effective_order)
    for hyp, refs in itertools.islice(_segments(), 400):
        expected = metric.sentence_score(hyp, refs).score
        got, _ = nk.sentence_bleu(hyp, refs, smooth=smooth, effective_order=effective_order)
        assert got == pytest.approx(expected, abs=ATOL), (hyp, refs)


def test_sentence_bleu_defaults_are_sacrebleus_sentence_level_settings():
    metric = BLEU(effective_order=True)
    for hyp, refs in _segments():
        got, undefined = nk.sentence_bleu(hyp, refs)
        assert got == pytest.approx(metric.sentence_score(hyp, refs).score, abs=ATOL)
        assert undefined == (not nk.tokenize_13a(hyp.rstrip()))


@pytest.mark.parametrize(
    ("options", "score"),
    [
        ({"tokenize": "none"}, {}),
        ({"lowercase": True}, {}),
        ({"max_order": 1}, {"smooth": "none"}),
        ({"max_order": 2}, {"smooth": "floor"}),
        ({"max_order": 3}, {"smooth": "add-k"}),
        ({"max_order": 5}, {"smooth": "exp"}),
        ({"max_order": 6, "tokenize": "none"}, {"smooth": "none", "effective_order": True}),
        ({}, {"smooth": "floor", "smooth_value": 0.3}),
        ({}, {"smooth": "add-k", "smooth_value": 0.5}),
        ({"lowercase": True}, {"smooth": "add-k", "smooth_value": 2, "effective_order": True}),
    ],
)
def test_corpus_bleu_matches_sacrebleu_with_other_tokenizers_cases_orders_and_smooth_values(
    options, score
):
    metric = BLEU(
        tokenize=options.get("tokenize", "13a"),
        lowercase=options.get("lowercase", False),
        max_ngram_order=options.get("max_order", 4),
        smooth_method=score.get("smooth", "exp"),
        smooth_value=score.get("smooth_value"),
        effective_order=score.get("effective_order", False),
    )
    for hyps, refs in CORPORA[::2]:
        expected = metric.corpus_score(hyps, streams(refs)).score
        got, _ = corpus_bleu(hyps, refs, **options, **score)
        assert got == pytest.approx(expected, abs=ATOL), (hyps, refs)


def test_a_three_token_exact_match_scores_zero_at_corpus_level_with_max_order_four():
    for smooth in ("none", "exp", "floor"):
        assert corpus_bleu(["a b c"], [["a b c"]], smooth=smooth) == (0.0, True)
        assert BLEU(smooth_method=smooth).corpus_score(["a b c"], [["a b c"]]).score == 0.0
    score, undefined = corpus_bleu(["a b c"], [["a b c"]], smooth="none", effective_order=True)
    assert score == pytest.approx(100.0)
    assert not undefined


def test_corpus_bleu_is_not_the_mean_of_sentence_bleu():
    hyps = ["the cat sat on the mat today", "a dog"]
    refs = [["the cat sat on the mat today"], ["a big dog barked"]]
    corpus, _ = corpus_bleu(hyps, refs)
    sentences = [nk.sentence_bleu(h, r)[0] for h, r in zip(hyps, refs, strict=True)]
    assert corpus == pytest.approx(BLEU().corpus_score(hyps, streams(refs)).score, abs=ATOL)
    assert abs(corpus - float(np.mean(sentences))) > 1.0


def test_adding_a_longer_non_matching_reference_can_lower_bleu():
    hyp = ["the cat sat on the mat"]
    # Six hypothesis tokens: the 7-token reference is closer than the 4-token one.
    shorter = [["the cat sat mat"]]
    both = [["the cat sat mat", "zz yy xx ww vv uu tt"]]
    before, _ = corpus_bleu(hyp, shorter)
    after, _ = corpus_bleu(hyp, both)
    assert after < before
    assert after == pytest.approx(BLEU().corpus_score(hyp, streams(both)).score, abs=ATOL)


def test_the_closest_reference_length_is_the_shorter_one_on_ties():
    stats = nk.bleu_statistics(["a b c d"], [["a b c d e", "a b c"]])
    assert stats[0, :2].tolist() == [4.0, 3.0]
    assert BLEU()._extract_corpus_statistics(["a b c d"], [["a b c d e"], ["a b c"]])[0][1] == 3


def test_bleu_clips_a_repeated_hypothesis_ngram_to_its_largest_count_in_any_one_reference():
    stats = nk.bleu_statistics(["the the the the"], [["the cat the", "the"]], max_order=1)
    assert stats[0].tolist() == [4.0, 3.0, 2.0, 4.0]


def test_a_corpus_without_a_single_matching_ngram_scores_zero_even_with_add_k_smoothing():
    hyps, refs = ["x y z w v"], [["a b c d e"]]
    assert corpus_bleu(hyps, refs, smooth="add-k") == (0.0, False)
    assert BLEU(smooth_method="add-k").corpus_score(hyps, [["a b c d e"]]).score == 0.0


def test_bleu_keeps_a_final_hyphen_newline_because_trailing_whitespace_is_stripped_first():
    assert nk.tokenize_13a("well-\n") == ("well",)
    stats = nk.bleu_statistics(["well-\n"], [["well-"]], max_order=1)
    assert stats[0].tolist() == [1.0, 1.0, 1.0, 1.0]
    expected = BLEU(max_ngram_order=1)._extract_corpus_statistics(["well-\n"], [["well-"]])
    assert expected == [[1, 1, 1, 1]]


def test_an_empty_reference_string_counts_as_a_reference_of_length_zero_like_sacrebleu():
    hyps, refs = ["a b"], [["", "a b c d e f"]]
    assert nk.bleu_statistics(hyps, refs)[0, 1] == 0.0
    assert corpus_bleu(hyps, refs)[0] == pytest.approx(
        BLEU().corpus_score(hyps, streams(refs)).score, abs=ATOL
    )


def test_bleu_of_hypotheses_without_a_token_is_undefined_where_sacrebleu_returns_zero():
    """Differs: sacreBLEU returns 0.0; here the score is 0.0 and the mask is set.

    Every precision is 0/0 and the brevity penalty divides by a zero length,
    so no value is meaningful: the mask tells a degenerate corpus from a bad
    system.
    """
    hyps, refs = ["", " \n"], [["a b c"], ["d"]]
    for smooth in SMOOTHINGS:
        for effective in (False, True):
            assert corpus_bleu(hyps, refs, smooth=smooth, effective_order=effective) == (0.0, True)
            metric = BLEU(smooth_method=smooth, effective_order=effective)
            assert metric.corpus_score(hyps, streams(refs)).score == 0.0
    assert nk.sentence_bleu("", ["a"]) == (0.0, True)


def test_bleu_without_ngrams_of_some_order_is_undefined_without_effective_order():
    """Differs: sacreBLEU returns 0.0 ("technically undefined", its comment says); here the mask is set.

    Without effective_order the missing order's precision, 0/0, enters the
    geometric mean.  With effective_order the order is left out and the score
    is defined; add-k smoothing gives every order from 2 up n-grams, so only
    an empty corpus stays undefined.
    """
    hyps, refs = ["a b", "c d e"], [["a b"], ["c d e"]]
    assert corpus_bleu(hyps, refs, smooth="exp") == (0.0, True)
    assert BLEU().corpus_score(hyps, streams(refs)).score == 0.0
    score, undefined = corpus_bleu(hyps, refs, smooth="exp", effective_order=True)
    assert not undefined
    assert score == pytest.approx(100.0)
    score, undefined = corpus_bleu(hyps, refs, smooth="add-k")
    assert not undefined
    assert score == pytest.approx(
        BLEU(smooth_method="add-k").corpus_score(hyps, streams(refs)).score, abs=ATOL
    )


def test_sentence_bleu_returns_the_score_and_its_undefined_flag_not_a_score_object():
    """Differs: sacreBLEU's sentence_score returns a BLEUScore; here (score, undefined).

    The flag keeps the undefined case visible without NaN, as every kernel here does.
    """
    score, undefined = nk.sentence_bleu("the cat", ["the cat sat"])
    assert isinstance(score, float)
    assert isinstance(undefined, bool)


def test_references_are_given_per_segment_where_sacrebleu_takes_streams_padded_with_none():
    """Differs: sacreBLEU takes reference streams (refs[j][i]), None where a segment has fewer references.

    Here references[i] lists segment i's references, so segments simply have
    different numbers of them; the transpose padded with None gives
    sacreBLEU's input and the same score.  None is refused here: there is no
    stream to pad.
    """
    hyps = ["a b c d", "e f g"]
    refs = [["a b c d", "a b", "a b c d e f"], ["e f g h"]]
    padded = [["a b c d", "e f g h"], ["a b", None], ["a b c d e f", None]]
    assert streams(refs) == padded
    got, _ = corpus_bleu(hyps, refs)
    assert got == pytest.approx(BLEU().corpus_score(hyps, padded).score, abs=ATOL)
    with pytest.raises(InputTypeError, match=r"references\[1\]\[1\]"):
        nk.bleu_statistics(hyps, [refs[0], ["e f g h", None]])


def test_mismatched_segment_counts_are_refused_where_sacrebleu_truncates_silently():
    """Differs: sacreBLEU zips hypotheses with reference streams and drops the extra segments.

    A corpus whose segment counts differ is almost always misaligned, so it
    is refused instead of scored on a prefix.
    """
    hyps, refs = ["a b c d e", "f g h i j"], [["a b c d e"]]
    assert BLEU().corpus_score(hyps, [["a b c d e"]]).score == pytest.approx(100.0)
    with pytest.raises(InvalidInputError, match="references="):
        nk.bleu_statistics(hyps, refs)


def test_a_lone_reference_string_per_segment_is_refused_where_sacrebleu_reads_its_characters():
    """Differs: sacreBLEU takes references=["the ref"] as one stream per character and scores that.

    A list of strings in place of a list of reference lists is the commonest
    slip; here it is refused with the typed error naming the segment.
    """
    # The reference of segment 0 is read as the first character of "axyz".
    assert BLEU(effective_order=True).corpus_score(["a"], ["axyz"]).score == pytest.approx(100.0)
    with pytest.raises(InputTypeError, match=r"references\[0\]='axyz'.*wrap it in a list"):
        nk.bleu_statistics(["a"], ["axyz"])


def test_a_segment_without_references_is_refused_where_sacrebleu_fails_on_it():
    """Differs: sacreBLEU, given only None for a segment, fails with a TypeError or scores garbage.

    Here the segment is refused with the typed error that names it.
    """
    with pytest.raises(TypeError):
        BLEU().corpus_score(["a b", "c d"], [["a b", None]])
    for statistics in (nk.bleu_statistics, nk.chrf_statistics, nk.rouge_l_statistics):
        with pytest.raises(InvalidInputError, match=r"references\[1\]=\[\]"):
            statistics(["a b", "c d"], [["a b"], []])


def test_an_unknown_smooth_method_raises_invalid_parameter_error_where_sacrebleu_asserts():
    """Differs: sacreBLEU checks the name with an assert (an AssertionError, gone under python -O).

    Here it is the typed error with the nearest names suggested.
    """
    with pytest.raises(AssertionError):
        BLEU(smooth_method="add_k")
    with pytest.raises(InvalidParameterError, match=r"smooth='add_k'.*did you mean 'add-k'"):
        nk.bleu_from_statistics(np.ones(10), smooth="add_k")


def test_a_negative_smooth_value_is_refused_where_sacrebleu_fails_on_its_logarithm():
    """Differs: sacreBLEU takes any smooth_value and fails later, on the log of a negative precision.

    A negative floor or add-k value has no meaning, so it is refused up front
    with the typed error.
    """
    with pytest.raises(ValueError, match="math domain error"):
        BLEU(smooth_method="floor", smooth_value=-0.1).corpus_score(["a b c d e"], [["a x y z w"]])
    with pytest.raises(InvalidParameterError, match=r"smooth_value=-0\.1"):
        nk.bleu_from_statistics(np.ones(10), smooth="floor", smooth_value=-0.1)


def test_bleu_scores_lie_on_sacrebleus_zero_to_hundred_scale():
    score, _ = corpus_bleu(["a b c d e"], [["a b c d e"]])
    assert score == pytest.approx(100.0)


# --------------------------------------------------------------------------- chrF

CHRF_SETTINGS = [
    {},
    {"word_order": 2},
    {"beta": 1},
    {"beta": 3, "word_order": 1},
    {"char_order": 3, "word_order": 2, "beta": 1},
    {"lowercase": True, "word_order": 2},
    {"whitespace": True},
    {"whitespace": True, "lowercase": True, "word_order": 2, "char_order": 4},
]


def test_chrf_statistics_equal_sacrebleus_segment_statistics_for_chrf_and_chrf_plus_plus():
    for word_order in (0, 2):
        metric = CHRF(word_order=word_order)
        for hyps, refs in CORPORA:
            expected = np.array(metric._extract_corpus_statistics(hyps, streams(refs)), float)
            got = nk.chrf_statistics(hyps, refs, word_order=word_order)
            np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("options", CHRF_SETTINGS, ids=str)
def test_corpus_chrf_matches_sacrebleu(options):
    metric = CHRF(**options)
    for hyps, refs in CORPORA:
        expected = metric.corpus_score(hyps, streams(refs)).score
        got, _ = corpus_chrf(hyps, refs, **options)
        assert got == pytest.approx(expected, abs=ATOL), (hyps, refs)


@pytest.mark.parametrize("options", CHRF_SETTINGS[:2], ids=str)
def test_sentence_chrf_matches_sacrebleus_sentence_score(options):
    metric = CHRF(**options)
    for hyp, refs in _segments():
        expected = metric.sentence_score(hyp, refs).score
        got, _ = corpus_chrf([hyp], [refs], **options)
        assert got == pytest.approx(expected, abs=ATOL), (hyp, refs)


def test_chrf_is_symmetric_at_beta_one_but_not_at_beta_two():
    a, b = "the cat sat on the mat", "a cat was sitting on a mat"
    assert corpus_chrf([a], [[b]], beta=1)[0] == pytest.approx(corpus_chrf([b], [[a]], beta=1)[0])
    assert abs(corpus_chrf([a], [[b]])[0] - corpus_chrf([b], [[a]])[0]) > 1.0
    for hyp, refs in itertools.islice(_segments(), 300):
        forward = corpus_chrf([hyp], [refs[:1]], beta=1, word_order=2)[0]
        backward = corpus_chrf([refs[0]], [[hyp]], beta=1, word_order=2)[0]
        assert forward == pytest.approx(backward, abs=1e-12)


def test_chrf_keeps_per_segment_the_reference_with_the_best_sentence_score_first_on_ties():
    stats = nk.chrf_statistics(["abcd"], [["wxyz", "abcd", "abcd"]])
    np.testing.assert_array_equal(stats, nk.chrf_statistics(["abcd"], [["abcd"]]))
    # At beta 1 and one character order, "a" (P 1/2, R 1) and "abcd" (P 1, R 1/2) tie.
    options = {"char_order": 1, "beta": 1}
    shorter = nk.chrf_statistics(["ab"], [["a"]], **options)
    longer = nk.chrf_statistics(["ab"], [["abcd"]], **options)
    assert not np.array_equal(shorter, longer)
    for refs, kept in ((["a", "abcd"], shorter), (["abcd", "a"], longer)):
        np.testing.assert_array_equal(nk.chrf_statistics(["ab"], [refs], **options), kept)
        expected = CHRF(**options)._extract_corpus_statistics(["ab"], [[r] for r in refs])
        np.testing.assert_array_equal(kept, np.array(expected, float))


def test_chrf_sums_statistics_over_segments_rather_than_averaging_segment_scores():
    hyps, refs = ["abcdefghij", "x"], [["abcdefghij"], ["y"]]
    corpus, _ = corpus_chrf(hyps, refs)
    mean = np.mean([corpus_chrf([h], [r])[0] for h, r in zip(hyps, refs, strict=True)])
    assert corpus == pytest.approx(CHRF().corpus_score(hyps, streams(refs)).score, abs=ATOL)
    assert corpus != pytest.approx(mean)


def test_chrf_counts_no_hypothesis_ngram_of_an_order_the_reference_lacks():
    stats = nk.chrf_statistics(["abcdef"], [["ab"]], char_order=3)
    assert stats[0].tolist() == [6.0, 2.0, 2.0, 5.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    assert CHRF(char_order=3)._extract_corpus_statistics(["abcdef"], [["ab"]])[0] == [
        6,
        2,
        2,
        5,
        1,
        1,
        0,
        0,
        0,
    ]


def test_chrf_without_an_order_shared_by_hypotheses_and_references_is_undefined_where_sacrebleu_returns_zero():
    """Differs: sacreBLEU returns 0.0; here the score is 0.0 and the mask is set.

    With every hypothesis or every reference empty, no order has both
    hypothesis and reference n-grams, so there is no precision and recall to
    average.
    """
    for hyps, refs in ((["", " "], [["abc"], ["d"]]), (["abc", "d"], [[""], [" \n"]])):
        for word_order in (0, 2):
            assert corpus_chrf(hyps, refs, word_order=word_order) == (0.0, True)
            metric = CHRF(word_order=word_order)
            assert metric.corpus_score(hyps, streams(refs)).score == 0.0


def test_chrf_offers_only_sacrebleus_default_without_eps_smoothing():
    """Differs: sacreBLEU also offers eps_smoothing=True (chrF++.py's averaging of per-order F).

    Only its default, the effective-order averaging, is implemented: the
    keyword is refused rather than ignored.
    """
    with pytest.raises(TypeError):
        nk.chrf_from_statistics(np.ones(18), eps_smoothing=True)
    with pytest.raises(TypeError):
        nk.chrf_statistics(["a"], [["a"]], eps_smoothing=True)


def test_chrf_scores_lie_on_sacrebleus_zero_to_hundred_scale():
    assert corpus_chrf(["identical text"], [["identical text"]]) == (pytest.approx(100.0), False)


# --------------------------------------------------------------------------- ROUGE-L


def test_rouge_l_matches_rouge_scores_best_reference_f_per_segment_and_its_mean(rouge):
    for hyps, refs in CORPORA:
        per_segment = [
            rouge.score_multi(seg, hyp)["rougeL"].fmeasure
            for hyp, seg in zip(hyps, refs, strict=True)
        ]
        stats = nk.rouge_l_statistics(hyps, refs)
        np.testing.assert_allclose(stats[:, 0], per_segment, rtol=0, atol=ATOL)
        np.testing.assert_array_equal(stats[:, 1], 1.0)
        got, undefined = corpus_rouge_l(hyps, refs)
        assert got == pytest.approx(float(np.mean(per_segment)), abs=ATOL)
        assert not undefined


def test_rouge_l_is_the_f1_of_the_longest_common_subsequence(rouge):
    stats = nk.rouge_l_statistics(["a b c d"], [["a x c y z d"]])
    precision, recall = 3 / 4, 3 / 6
    assert stats[0, 0] == pytest.approx(2 * precision * recall / (precision + recall))
    assert stats[0, 0] == pytest.approx(rouge.score("a x c y z d", "a b c d")["rougeL"].fmeasure)


def test_rouge_l_takes_the_reference_with_the_best_f_measure_like_score_multi(rouge):
    hyp, refs = "a b c", ["a", "a b c d e f g h", "a b x"]
    stats = nk.rouge_l_statistics([hyp], [refs])
    assert stats[0, 0] == pytest.approx(
        max(nk.rouge_l_statistics([hyp], [[r]])[0, 0] for r in refs)
    )
    assert stats[0, 0] == pytest.approx(rouge.score_multi(refs, hyp)["rougeL"].fmeasure)


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(
    st.lists(st.sampled_from("abcd"), max_size=30), st.lists(st.sampled_from("abcd"), max_size=30)
)
def test_the_bit_parallel_lcs_length_equals_rouge_scores_dynamic_programming_table(a, b):
    expected = rouge_scorer._lcs_table(a, b)[-1][-1] if a and b else 0
    assert nk._lcs_length(tuple(a), tuple(b)) == expected


def test_rouge_l_of_a_segment_without_tokens_is_zero_and_counts_in_the_mean_like_rouge_score(rouge):
    hyps, refs = ["a b", "日本 !!", "c"], [["a b"], ["x"], [""]]
    stats = nk.rouge_l_statistics(hyps, refs)
    assert stats[:, 0].tolist() == [1.0, 0.0, 0.0]
    assert [rouge.score(r[0], h)["rougeL"].fmeasure for h, r in zip(hyps, refs, strict=True)] == [
        1.0,
        0,
        0,
    ]
    assert corpus_rouge_l(hyps, refs) == (pytest.approx(1 / 3), False)


def test_rouge_l_corpus_score_is_the_plain_mean_of_segment_scores_where_rouge_score_has_no_corpus_level():
    """Differs: rouge-score scores segment by segment; its BootstrapAggregator reports resampled percentiles.

    Here the corpus score is the plain mean of the segment F-measures, a
    ratio of summed statistics (F of each segment, 1) like the other kernels,
    so that resampling can work on the summed statistics.
    """
    hyps, refs = ["a b c", "a", "x y"], [["a b c"], ["a b"], ["z"]]
    stats = nk.rouge_l_statistics(hyps, refs)
    assert corpus_rouge_l(hyps, refs)[0] == pytest.approx(stats[:, 0].mean())
    assert stats.sum(axis=0)[1] == 3.0


def test_rouge_l_of_statistics_counting_no_segment_is_undefined():
    """Differs: rouge-score has no corpus level; an empty resample has no mean, so it is marked undefined."""
    scores, undefined = nk.rouge_l_from_statistics(np.zeros((3, 2)))
    assert scores.tolist() == [0.0, 0.0, 0.0]
    assert undefined.tolist() == [True, True, True]


def test_rouge_l_scores_lie_between_zero_and_one_unlike_bleu_and_chrf():
    for hyps, refs in CORPORA[:60]:
        score, _ = corpus_rouge_l(hyps, refs)
        assert 0.0 <= score <= 1.0
    assert corpus_rouge_l(["same words"], [["same words"]]) == (1.0, False)


# --------------------------------------------------------------------------- vectorisation

FROM_STATISTICS = [
    pytest.param(nk.bleu_statistics, nk.bleu_from_statistics, {}, {}, id="bleu"),
    pytest.param(
        nk.bleu_statistics,
        nk.bleu_from_statistics,
        {"max_order": 3},
        {"max_order": 3, "smooth": "add-k", "effective_order": True},
        id="bleu-add-k-effective",
    ),
    pytest.param(
        nk.bleu_statistics,
        nk.bleu_from_statistics,
        {"max_order": 2},
        {"max_order": 2, "smooth": "floor", "smooth_value": 0.2},
        id="bleu-floor",
    ),
    pytest.param(
        nk.bleu_statistics, nk.bleu_from_statistics, {}, {"smooth": "none"}, id="bleu-none"
    ),
    pytest.param(nk.chrf_statistics, nk.chrf_from_statistics, {}, {}, id="chrf"),
    pytest.param(
        nk.chrf_statistics,
        nk.chrf_from_statistics,
        {"word_order": 2, "beta": 1},
        {"word_order": 2, "beta": 1},
        id="chrf++",
    ),
    pytest.param(nk.rouge_l_statistics, nk.rouge_l_from_statistics, {}, {}, id="rouge-l"),
]


@pytest.mark.parametrize(("statistics", "from_statistics", "options", "params"), FROM_STATISTICS)
def test_from_statistics_on_a_batch_equals_one_call_per_row(
    statistics, from_statistics, options, params
):
    rng = np.random.default_rng(7)
    for hyps, refs in CORPORA[:40]:
        stats = statistics(hyps, refs, **options)
        # Bootstrap resamples, one of them empty (every weight zero).
        weights = rng.multinomial(len(hyps), np.ones(len(hyps)) / len(hyps), size=12).astype(float)
        weights[0] = 0.0
        totals = weights @ stats
        scores, undefined = from_statistics(totals, **params)
        assert scores.shape == undefined.shape == (12,)
        assert scores.dtype == np.float64
        assert undefined.dtype == np.bool_
        for row, score, flag in zip(totals, scores, undefined, strict=True):
            one_score, one_flag = from_statistics(row, **params)
            assert one_score.shape == one_flag.shape == ()
            assert float(one_score) == float(score)
            assert bool(one_flag) == bool(flag)
        cube, cube_flags = from_statistics(totals.reshape(3, 4, -1), **params)
        np.testing.assert_array_equal(cube, scores.reshape(3, 4))
        np.testing.assert_array_equal(cube_flags, undefined.reshape(3, 4))
        assert np.all(np.isfinite(scores))
        assert np.all(scores[undefined] == 0.0)


# --------------------------------------------------------------------------- refused inputs

STATISTICS = [nk.bleu_statistics, nk.chrf_statistics, nk.rouge_l_statistics]


@pytest.mark.parametrize("statistics", STATISTICS)
def test_mismatched_segment_counts_raise_invalid_input_error_naming_references(statistics):
    with pytest.raises(
        InvalidInputError,
        match=r"references=.*expected one list of references per hypothesis, 2 \(got 1\)",
    ):
        statistics(["a", "b"], [["a"]])


@pytest.mark.parametrize("statistics", STATISTICS)
def test_an_empty_corpus_raises_invalid_input_error_naming_hypotheses(statistics):
    with pytest.raises(InvalidInputError, match=r"hypotheses=\[\]: expected at least one segment"):
        statistics([], [])


@pytest.mark.parametrize("statistics", STATISTICS)
def test_a_segment_without_a_reference_raises_invalid_input_error_naming_the_segment(statistics):
    with pytest.raises(
        InvalidInputError, match=r"references\[0\]=\(\): expected at least one reference"
    ):
        statistics(["a"], [()])


@pytest.mark.parametrize("statistics", STATISTICS)
@pytest.mark.parametrize(
    ("hypotheses", "references", "named"),
    [
        (["a", None], [["a"], ["b"]], r"hypotheses\[1\]=None: expected a str"),
        (["a"], [["a", 3]], r"references\[0\]\[1\]=3: expected a str"),
        (["a"], ["a reference"], r"references\[0\]='a reference': expected the list .* single str"),
        ("a b", [["a"]], r"hypotheses='a b': expected a sequence .* single str"),
        (["a"], "a", r"references='a': expected a sequence"),
        (["a"], [5], r"references\[0\]=5: expected the list"),
        ([b"a"], [["a"]], r"hypotheses\[0\]=b'a': expected a str"),
    ],
)
def test_a_segment_that_is_not_a_str_raises_input_type_error_naming_it(
    statistics, hypotheses, references, named
):
    with pytest.raises(InputTypeError, match=named):
        statistics(hypotheses, references)


def test_sentence_bleu_refuses_a_non_str_hypothesis_and_a_lone_reference_string():
    with pytest.raises(InputTypeError, match="hypothesis=None: expected a str"):
        nk.sentence_bleu(None, ["a"])
    with pytest.raises(InputTypeError, match="references='a b': expected the list"):
        nk.sentence_bleu("a b", "a b")
    with pytest.raises(
        InvalidInputError, match=r"references=\[\]: expected at least one reference"
    ):
        nk.sentence_bleu("a b", [])


def test_unknown_tokenize_and_smooth_names_raise_invalid_parameter_error_suggesting_the_nearest():
    with pytest.raises(
        InvalidParameterError,
        match=r"tokenize='13b': expected one of 13a, none; did you mean '13a'",
    ):
        nk.bleu_statistics(["a"], [["a"]], tokenize="13b")
    with pytest.raises(InvalidParameterError, match=r"smooth='expo'.*did you mean 'exp'"):
        nk.bleu_from_statistics(np.ones(10), smooth="expo")
    with pytest.raises(InvalidParameterError, match="tokenize=None"):
        nk.bleu_statistics(["a"], [["a"]], tokenize=None)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: nk.bleu_statistics(["a"], [["a"]], max_order=0), "max_order=0"),
        (lambda: nk.bleu_statistics(["a"], [["a"]], max_order=2.0), "max_order=2.0"),
        (lambda: nk.bleu_statistics(["a"], [["a"]], lowercase="yes"), "lowercase='yes'"),
        (lambda: nk.bleu_from_statistics(np.ones(4), max_order=True), "max_order=True"),
        (
            lambda: nk.bleu_from_statistics(np.ones(10), smooth_value=np.inf, smooth="floor"),
            "smooth_value=inf",
        ),
        (lambda: nk.bleu_from_statistics(np.ones(10), effective_order=1), "effective_order=1"),
        (lambda: nk.sentence_bleu("a", ["a"], max_order=-1), "max_order=-1"),
        (lambda: nk.chrf_statistics(["a"], [["a"]], char_order=0), "char_order=0"),
        (lambda: nk.chrf_statistics(["a"], [["a"]], word_order=-1), "word_order=-1"),
        (lambda: nk.chrf_statistics(["a"], [["a"]], beta=0), "beta=0"),
        (lambda: nk.chrf_statistics(["a"], [["a"]], whitespace=None), "whitespace=None"),
        (lambda: nk.chrf_from_statistics(np.ones(18), beta=-1.0), "beta=-1.0"),
        (lambda: nk.chrf_from_statistics(np.ones(18), beta=float("nan")), "beta=nan"),
    ],
)
def test_impossible_parameters_raise_invalid_parameter_error_naming_them(call, named):
    with pytest.raises(InvalidParameterError, match=named):
        call()


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: nk.bleu_from_statistics(np.ones(8)), r"totals.shape=\(8,\): expected \(..., 10\)"),
        (lambda: nk.bleu_from_statistics(np.ones((2, 12)), max_order=4), r"totals.shape=\(2, 12\)"),
        (
            lambda: nk.chrf_from_statistics(np.ones(18), word_order=2),
            r"totals.shape=\(18,\): expected \(..., 24\)",
        ),
        (lambda: nk.rouge_l_from_statistics(np.float64(1.0)), r"totals.shape=\(\)"),
        (lambda: nk.rouge_l_from_statistics([1.0, -1.0]), "totals=.*non-negative"),
        (lambda: nk.chrf_from_statistics(np.full(18, np.nan)), "totals=.*finite"),
    ],
)
def test_statistics_of_the_wrong_width_or_with_negative_or_missing_values_raise_invalid_input_error(
    call, named
):
    with pytest.raises(InvalidInputError, match=named):
        call()


def test_unreadable_statistics_raise_input_type_error_naming_totals():
    with pytest.raises(InputTypeError, match="totals="):
        nk.rouge_l_from_statistics([["a", "b"]])


def test_check_text_corpus_returns_the_corpus_as_tuples_of_str():
    hyps, refs = nk.check_text_corpus(np.array(["a", "b"]), [["x"], ("y", "z")])
    assert hyps == ("a", "b")
    assert refs == (("x",), ("y", "z"))
    assert all(type(h) is str for h in hyps)


def test_the_kernel_module_imports_neither_sacrebleu_nor_rouge_score():
    tree = ast.parse(Path(nk.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not imported & {"sacrebleu", "rouge_score", "nltk"}


def test_chrf_at_a_beta_whose_square_overflows_is_its_limit_the_recall():
    """sacreBLEU computes ``beta ** 2`` and raises ``OverflowError`` beyond ~1.34e154."""
    hypotheses, references = ["abc xyz"], [["abc def"]]
    stats = nk.chrf_statistics(hypotheses, references, char_order=2, beta=1e300)
    large, _ = nk.chrf_from_statistics(stats.sum(axis=0), char_order=2, beta=1e300)
    recall_only, _ = nk.chrf_from_statistics(stats.sum(axis=0), char_order=2, beta=1e150)
    assert float(large) == pytest.approx(float(recall_only), rel=1e-12)
    assert float(large) > 0
    none = nk.chrf_statistics(["xyz"], [["abc"]], char_order=2, beta=1e300)
    assert float(nk.chrf_from_statistics(none.sum(axis=0), char_order=2, beta=1e300)[0]) == 0.0
