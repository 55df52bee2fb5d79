"""The generation strategies reach their corners by construction and refuse impossible options."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from axiometrics.errors import InvalidParameterError
from axiometrics.measures.generation import strategies as gst
from axiometrics.measures.generation.edit_kernels import words


class _ReachedError(Exception):
    """Raised by the first drawn corpus that meets the condition."""


def _found(strategy, condition) -> None:
    # Generation only: the first corpus that meets the condition ends the search.
    @settings(
        max_examples=2000,
        database=None,
        phases=[Phase.generate],
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(strategy.map(lambda x: bool(condition(x))))
    def probe(met):
        if met:
            raise _ReachedError

    with pytest.raises(_ReachedError):
        probe()


def _segments(corpus):
    return zip(corpus.hypotheses, corpus.references, strict=True)


def _n(text: str) -> int:
    return len(text.split())


def _any_text(corpus):
    return [*corpus.hypotheses, *(r for refs in corpus.references for r in refs)]


CORNERS = {
    "an empty hypothesis": lambda c: any(h == "" for h in c.hypotheses),
    "an empty reference": lambda c: any(r == "" for refs in c.references for r in refs),
    "a whitespace-only segment": lambda c: any(t and not t.strip() for t in _any_text(c)),
    "a one-token hypothesis": lambda c: any(_n(h) == 1 for h in c.hypotheses),
    "a one-token reference": lambda c: any(_n(r) == 1 for refs in c.references for r in refs),
    "a repeated token": lambda c: any(len(set(h.split())) < _n(h) for h in c.hypotheses),
    "a hypothesis much longer than every reference": lambda c: any(
        _n(h) >= 2 * max(_n(r) for r in refs) + 2 for h, refs in _segments(c)
    ),
    "a hypothesis much shorter than every reference": lambda c: any(
        _n(h) <= 1 and min(_n(r) for r in refs) >= 4 for h, refs in _segments(c)
    ),
    "several references of different lengths": lambda c: any(
        len({_n(r) for r in refs}) >= 3 for refs in c.references
    ),
    "a hypothesis equal to a reference": lambda c: any(h in refs for h, refs in _segments(c)),
    "a single segment": lambda c: len(c.hypotheses) == 1,
    "five segments": lambda c: len(c.hypotheses) == 5,
    "a combining mark": lambda c: any(unicodedata.combining(ch) for t in _any_text(c) for ch in t),
    "CJK": lambda c: any("\u4e00" <= ch <= "\u9fff" for t in _any_text(c) for ch in t),
    "an emoji": lambda c: any(ord(ch) >= 0x1F300 for t in _any_text(c) for ch in t),
    "a zero-width joiner": lambda c: any("\u200d" in t for t in _any_text(c)),
    "upper case": lambda c: any(t != t.lower() for t in _any_text(c)),
    "punctuation": lambda c: any(
        unicodedata.category(ch).startswith("P") for t in _any_text(c) for ch in t
    ),
    "a tab or newline between words": lambda c: any(
        ("\t" in t.strip() or "\n" in t.strip()) for t in _any_text(c)
    ),
    "a no-break or ideographic space": lambda c: any(
        "\u00a0" in t or "\u3000" in t for t in _any_text(c)
    ),
    "a run of spaces": lambda c: any("  " in t.strip() for t in _any_text(c)),
    "leading or trailing whitespace": lambda c: any(t and t != t.strip() for t in _any_text(c)),
    "words jiwer and str.split read differently": lambda c: any(
        t.split() != list(words(t)) for t in _any_text(c)
    ),
}


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_corpora_reach_the_corners(corner):
    _found(gst.corpora(), CORNERS[corner])


def test_plain_text_is_lower_case_vocabulary_words_joined_by_single_spaces():
    @settings(max_examples=200, database=None, deadline=None)
    @given(gst.corpora(text="plain"))
    def inner(corpus):
        for text in _any_text(corpus):
            assert text == " ".join(text.split())
            assert set(text.split()) <= set(gst.VOCABULARY)

    inner()


def test_every_corpus_has_one_hypothesis_and_one_to_max_references_per_segment():
    @settings(max_examples=200, database=None, deadline=None)
    @given(gst.corpora(max_segments=3, min_references=2, max_references=4))
    def inner(corpus):
        assert 1 <= len(corpus.hypotheses) == len(corpus.references) <= 3
        assert all(2 <= len(refs) <= 4 for refs in corpus.references)
        assert all(isinstance(t, str) for t in _any_text(corpus))

    inner()


@pytest.mark.parametrize("regime", gst.HYPOTHESIS_REGIMES)
def test_a_regime_drawn_alone_stays_pure(regime):
    @settings(max_examples=100, database=None, deadline=None)
    @given(gst.corpora(text="plain", regimes=(regime,)))
    def inner(corpus):
        for h, refs in _segments(corpus):
            if regime == "empty":
                assert h == ""
            elif regime == "longer":
                assert _n(h) > max(_n(r) for r in refs)
            elif regime == "shorter":
                assert _n(h) <= 1

    inner()


def test_segments_draw_between_the_token_bounds():
    @settings(max_examples=100, database=None, deadline=None)
    @given(gst.segments(min_tokens=2, max_tokens=3, text="plain"))
    def inner(text):
        assert 2 <= _n(text) <= 3

    inner()


@pytest.mark.parametrize(
    "make",
    [
        lambda: gst.corpora(min_segments=0),
        lambda: gst.corpora(min_segments=4, max_segments=2),
        lambda: gst.corpora(min_references=0),
        lambda: gst.corpora(min_references=3, max_references=2),
        lambda: gst.corpora(max_tokens=-1),
        lambda: gst.corpora(text="ascii"),
        lambda: gst.corpora(regimes=()),
        lambda: gst.corpora(regimes="edited"),
        lambda: gst.corpora(regimes=("edited", "nope")),
        lambda: gst.segments(min_tokens=3, max_tokens=2),
        lambda: gst.segments(min_tokens=-1),
        lambda: gst.segments(text="unicode"),
    ],
)
def test_impossible_options_raise_invalid_parameter_error(make):
    with pytest.raises(InvalidParameterError):
        make()
