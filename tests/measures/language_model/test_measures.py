"""The language_model measures: hand-computed values, a written-out NumPy reference, edge cases."""

from __future__ import annotations

import math

import numpy as np
import pytest

from axiometrics.declarations import Holds, Violated
from axiometrics.errors import UndefinedMeasureError

MEASURES = ("perplexity", "mean_sequence_perplexity", "token_cross_entropy", "bits_per_token")
_MAX = float(np.finfo(float).max)


def test_the_family_holds_exactly_the_four_measures(registry):
    assert sorted(s.name for s in registry.scorers("language_model")) == sorted(MEASURES)


# [[-1, -2], [-0.5]]: total NLL 3.5 over 3 tokens; sequence means 1.5 and 0.5.
HAND = {
    "perplexity": math.exp(3.5 / 3),
    "mean_sequence_perplexity": math.exp((1.5 + 0.5) / 2),
    "token_cross_entropy": 3.5 / 3,
    "bits_per_token": 3.5 / 3 / math.log(2),
}


@pytest.mark.parametrize("name", MEASURES)
def test_hand_computed_values(registry, name):
    assert registry.get(name)([[-1.0, -2.0], [-0.5]]) == pytest.approx(HAND[name], rel=1e-15)


def test_the_cs224u_mean_perplexity_is_the_geometric_mean_of_token_perplexities(registry):
    corpus = [[-1.0, -3.0], [-2.0], [-0.25, -0.25, -0.25, -0.25]]
    token_perplexities = [math.exp(-sum(s) / len(s)) for s in corpus]
    geometric = math.prod(token_perplexities) ** (1 / len(corpus))
    assert registry.get("mean_sequence_perplexity")(corpus) == pytest.approx(geometric, rel=1e-14)


def test_every_token_of_probability_one_scores_the_optimum(registry):
    for scorer in registry.scorers("language_model"):
        assert scorer([[0.0, 0.0], [0.0]]) == scorer.measure.optimum


def _reference(name, sequences, base):
    """The measure written out in NumPy, one corpus at a time."""
    nll = [-np.asarray(s) * math.log(base) for s in sequences]
    tokens = np.concatenate(nll)
    h = tokens.sum() / tokens.size
    if name == "perplexity":
        return math.exp(h)
    if name == "mean_sequence_perplexity":
        return math.exp(np.mean([s.mean() for s in nll]))
    if name == "token_cross_entropy":
        return h
    return h / math.log(2)


def _random_corpus(rng):
    s = int(rng.integers(1, 30))
    lengths = np.exp(rng.uniform(0, np.log(200), s)).astype(int) + 1  # very different lengths
    base = float(rng.choice([math.e, 2.0, 10.0, 0.5, 1.5]))
    nats = -rng.exponential(rng.choice([0.01, 1.0, 5.0, 50.0]), int(lengths.sum()))
    nats[rng.random(nats.size) < 0.1] = 0.0  # tokens of probability 1
    values = nats / math.log(base)  # >= 0 for a base below 1
    ends = np.cumsum(lengths)[:-1]
    return [part for part in np.split(values, ends)], base


@pytest.mark.parametrize("name", MEASURES)
def test_the_measures_match_a_written_out_numpy_computation_on_random_ragged_corpora(
    registry, name
):
    rng = np.random.default_rng(20260601)
    scorer = registry.get(name)
    for _ in range(200):
        corpus, base = _random_corpus(rng)
        expected = _reference(name, corpus, base)
        assert scorer(corpus, base) == pytest.approx(expected, rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("name", MEASURES)
def test_every_measure_is_vectorised_over_leading_axes_and_segmentations(registry, name):
    rng = np.random.default_rng(7)
    flat = -rng.exponential(1.0, size=(3, 2, 12)).round(1)
    lengths = np.array([[3.0, 4.0, 5.0], [1.0, 1.0, 10.0]])  # one segmentation per column
    base = np.array([math.e, 2.0])
    scorer = registry.get(name)
    batch = scorer(flat, base, lengths)
    assert batch.shape == (3, 2)
    for i in range(3):
        for j in range(2):
            one = scorer(flat[i, j], base[j], lengths[j])
            assert batch[i, j] == pytest.approx(one, rel=1e-14)


def test_the_cross_entropies_and_the_perplexity_agree(registry):
    rng = np.random.default_rng(3)
    corpus, base = _random_corpus(rng)
    h = registry.get("token_cross_entropy")(corpus, base)
    assert registry.get("perplexity")(corpus, base) == pytest.approx(math.exp(h), rel=1e-14)
    assert registry.get("bits_per_token")(corpus, base) == pytest.approx(h / math.log(2), rel=1e-14)


def test_the_two_perplexities_agree_on_one_sequence_and_on_equal_sequences(registry):
    one = [[-0.5, -1.5, -3.0]]
    equal = [[-1.0, -2.0], [-2.0, -1.0]]
    for corpus in (one, equal):
        a = registry.get("perplexity")(corpus)
        b = registry.get("mean_sequence_perplexity")(corpus)
        assert a == pytest.approx(b, rel=1e-15)


@pytest.mark.parametrize(
    ("name", "corpus", "base"),
    [
        ("perplexity", [[-710.0]], math.e),  # exp(710) overflows float64
        ("perplexity", [[-1e300, 0.0]], math.e),
        ("mean_sequence_perplexity", [[0.0], [-1420.0]], math.e),
        ("token_cross_entropy", [[-1e308]], 10.0),  # 2.3e308 nats
        ("bits_per_token", [[-_MAX]], math.e),  # max / ln 2
    ],
)
def test_an_overflowing_score_is_declared_undefined_never_inf(registry, name, corpus, base):
    scorer = registry.get(name)
    with pytest.raises(UndefinedMeasureError):
        scorer(corpus, base)
    assert scorer.evaluate(corpus, base).undefined


def test_values_next_to_the_overflow_and_at_the_extremes_stay_finite(registry):
    assert registry.get("perplexity")([[-709.0]]) == pytest.approx(math.exp(709.0))
    assert registry.get("token_cross_entropy")([[-_MAX, 0.0]]) == _MAX / 2
    assert registry.get("token_cross_entropy")([[-1e308, 0.0]], 10.0) == pytest.approx(
        1e308 / 2 * math.log(10)
    )
    assert registry.get("bits_per_token")([[-1e308]], 2.0) == pytest.approx(1e308)
    tiny = registry.get("token_cross_entropy")([[-5e-324, 0.0]])
    assert 0.0 <= tiny <= 5e-324
    assert registry.get("perplexity")([[-5e-324]]) == 1.0


def test_ranges_directions_and_optima_are_declared(registry):
    for scorer in registry.scorers("language_model"):
        m = scorer.measure
        assert not m.higher_is_better
        assert m.optimum == m.range.lower
        assert m.range.upper == math.inf
        assert "probability 0" in m.undefined
        assert m.reference.citation
    assert registry.get("perplexity").measure.optimum == 1.0
    assert registry.get("token_cross_entropy").measure.optimum == 0.0


def test_every_measure_declares_every_claim_of_the_family_with_a_note(registry):
    from axiometrics.claims import claims_for_family

    claims = [c.name for c in claims_for_family("language_model")]
    for scorer in registry.scorers("language_model"):
        for claim in claims:
            declared = scorer.measure.claims[claim]
            assert isinstance(declared, Holds | Violated), (scorer.name, claim)
            assert declared.note, (scorer.name, claim)
            if isinstance(declared, Violated):
                assert "counterexample" in declared.note


def test_cross_entropy_is_named_apart_from_the_scored_familys_alias(registry):
    assert registry.get("cross_entropy").name == "log_loss"
    assert registry.get("nats_per_token").name == "token_cross_entropy"
    assert registry.get("ppl").name == "perplexity"
