"""The language_model strategies reach their corners by construction and refuse impossible options."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError
from axiometrics.measures.language_model import strategies as lst

_MAX = np.finfo(float).max


class _ReachedError(Exception):
    """Raised by the first drawn corpus that meets the condition."""


def _found(strategy, condition) -> None:
    # Generation only: the first corpus that meets the condition ends the search.
    @settings(max_examples=3000, database=None, phases=[Phase.generate], derandomize=True)
    @given(strategy.map(lambda x: bool(condition(x))))
    def probe(met):
        if met:
            raise _ReachedError

    with pytest.raises(_ReachedError):
        probe()


@pytest.mark.parametrize(
    "condition",
    [
        lambda c: c.lengths.size == 1,  # one sequence
        lambda c: c.lengths.size == 1 and c.lengths[0] == 1,  # one token in all
        lambda c: c.lengths.size >= 100,  # many sequences
        lambda c: c.lengths.size >= 10 and np.all(c.lengths == 1),  # many one-token sequences
        lambda c: c.lengths.max() >= 100 * c.lengths.min(),  # very different lengths
        lambda c: c.lengths.max() >= 500,  # one long sequence
        lambda c: np.any(c.log_probs == 0) and np.any(c.log_probs < 0),  # probability 1 beside
        lambda c: np.any((c.log_probs < 0) & (c.log_probs > -1e-300)),  # subnormal
        lambda c: np.any((c.log_probs <= -700) & (c.log_probs >= -710)),  # around exp's overflow
        # the mean (taken without overflow) past exp's overflow: the perplexity is undefined
        lambda c: np.mean(c.log_probs / c.log_probs.size) * c.log_probs.size < -709.79,
        lambda c: np.any(c.log_probs == -_MAX),  # the most negative float
        lambda c: c.log_probs.size > 1 and np.all(c.log_probs == c.log_probs[0]),  # tied
        lambda c: np.unique(c.log_probs).size < c.log_probs.size,  # ties
        lambda c: np.any(c.log_probs <= -1e300) and np.any((c.log_probs < 0) & (c.log_probs > -1)),
    ],
)
def test_corpora_reach_the_corners(condition):
    _found(lst.corpora(), condition)


def test_zero_probability_corpora_reach_minus_inf_and_others_never_do():
    _found(lst.corpora(zero_probability=True), lambda c: np.any(c.log_probs == -np.inf))

    @settings(max_examples=300, database=None)
    def inner(c):
        assert np.all(np.isfinite(c.log_probs))

    given(lst.corpora())(inner)()


def test_every_corpus_is_valid_within_its_bounds():
    @settings(max_examples=300, database=None)
    def inner(c):
        assert np.all(c.log_probs <= 0)
        assert c.lengths.size >= 2
        assert np.all((c.lengths >= 2) & (c.lengths <= 50))
        assert c.lengths.sum() == c.log_probs.size <= lst.MAX_TOTAL_TOKENS
        assert 1 <= c.core <= c.lengths.size

    given(lst.corpora(min_sequences=2, min_tokens=2, max_tokens=50))(inner)()


def test_the_strict_regimes_draw_multiples_of_an_eighth_only():
    @settings(max_examples=300, database=None)
    def inner(c):
        assert np.all(c.log_probs * 8 == np.round(c.log_probs * 8))
        assert np.all((c.log_probs >= -8) | ((c.log_probs >= -708) & (c.log_probs <= -700)))

    given(lst.corpora(regimes=lst.STRICT_REGIMES))(inner)()


def test_log_probability_corpora_are_lists_of_one_dimensional_float_arrays():
    @settings(max_examples=100, database=None)
    def inner(corpus):
        assert isinstance(corpus, list)
        assert corpus
        assert all(s.ndim == 1 and s.size >= 1 and s.dtype == np.float64 for s in corpus)

    given(lst.log_probability_corpora(sizes=("few", "tens")))(inner)()


def test_a_size_selected_alone_keeps_to_its_counts():
    @settings(max_examples=100, database=None)
    def inner(c):
        assert c.lengths.size == 2
        assert np.all(c.lengths == 1)

    given(lst.corpora(sizes=("two",), lengths=("one_token",)))(inner)()


@pytest.mark.parametrize(
    "make",
    [
        lambda: lst.corpora(min_sequences=0),
        lambda: lst.corpora(min_sequences=5, max_sequences=2),
        lambda: lst.corpora(min_tokens=3, max_tokens=2),
        lambda: lst.corpora(max_tokens=True),
        lambda: lst.corpora(regimes=("nope",)),
        lambda: lst.corpora(regimes="eighths"),
        lambda: lst.corpora(sizes=()),
        lambda: lst.corpora(sizes=("hundreds",), max_sequences=50),
        lambda: lst.corpora(lengths=("one_token",), min_tokens=2),
        lambda: lst.corpora(min_sequences=300, min_tokens=100),
        lambda: lst.corpora(zero_probability="yes"),
        lambda: lst.log_probability_corpora(max_sequences=0),
    ],
)
def test_impossible_options_raise_invalid_argument_and_invalid_parameter(make):
    with pytest.raises(InvalidArgument):
        make()
    with pytest.raises(InvalidParameterError):
        make()
