"""Mutants and controls of the ``language_model`` family: token log-probabilities of a corpus.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites; this one holds plausible bugs
of language-model measures (perplexity, the mean sequence perplexity, the
cross-entropy per token and its macro average over sequences), each with
the claim of the family it breaks (one the correct measure satisfies), the
corner of the claim's domain where it shows and a hand-made proof built
with the family's own case builders
(:mod:`axiometrics.measures.language_model.cases`), so a proof has the
entries, names and ``info`` of a case the checker draws.  The controls are
correct measures, one with a relative noise below the tolerance, that the
checker must never refute.

``sequence_mean_aggregation`` holds for no registered measure; its mutants
break the measure that satisfies it by definition, the macro cross-entropy
(the arithmetic mean over sequences of their cross-entropies).

:func:`compute_for` gives the compute function of each mutant, which takes
the family's flat form ``(log_probs (T,), base (), lengths (S,))`` exactly
as a registered measure does; a NaN or infinite result (a token of
probability 0, an overflow) is declared undefined, so the equality claims
skip it.  The formulas come from Jurafsky & Martin (SLP3 ch. 3) and the
CS224u notebook; the code is written for this suite.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.language_model.cases import (
    NATURAL,
    aggregation_case,
    base_case,
    concatenation_case,
    identity_case,
    monotonicity_case,
    order_case,
    split,
    well_defined_case,
)
from axiometrics.measures.language_model.procedures import BASES, STEPS
from axiometrics.registry import default_registry

__all__ = [
    "FAMILIES",
    "compute_for",
    "family_controls",
    "family_mutants",
    "random_case",
]

# Loading the default registry loads the plugins, which register the family's claims.
default_registry()

#: The family of this module (its callables are wrapped by ``mutants.subject_of``).
FAMILIES = ("language_model",)

Corpus = tuple[list[np.ndarray], float]


def compute_for(fn: Callable[[list[np.ndarray], float], float]) -> Callable[..., float]:
    """The compute function of a mutant or control ``fn`` (which takes ``(sequences, base)``).

    NaN and infinite results are declared undefined (``UndefinedMeasureError``).
    """

    def compute(
        log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray, *, values: np.ndarray
    ) -> float:
        with np.errstate(all="ignore"):
            score = float(fn(split(log_probs, lengths), float(base)))
        if not math.isfinite(score):
            raise UndefinedMeasureError(f"the score is {score!r} (NaN or beyond float64)")
        return score

    return compute


# -- correct building blocks ------------------------------------------------------------------


def _nll(sequences: list[np.ndarray], base: float) -> list[np.ndarray]:
    """Each sequence's negative log-likelihoods in nats."""
    return [-np.asarray(s, dtype=float) * math.log(base) for s in sequences]


def _tokens(sequences: list[np.ndarray], base: float) -> np.ndarray:
    return np.concatenate(_nll(sequences, base))


def _perplexity(sequences: list[np.ndarray], base: float) -> float:
    return float(np.exp(np.mean(_tokens(sequences, base))))


def _mean_sequence_perplexity(sequences: list[np.ndarray], base: float) -> float:
    return float(np.exp(np.mean([s.mean() for s in _nll(sequences, base)])))


def _bits_per_token(sequences: list[np.ndarray], base: float) -> float:
    return float(np.mean(_tokens(sequences, base)) / math.log(2.0))


def _macro_cross_entropy(sequences: list[np.ndarray], base: float) -> float:
    return float(np.mean([s.mean() for s in _nll(sequences, base)]))


def _perplexity_noisy(sequences: list[np.ndarray], base: float) -> float:
    # A relative noise of 3e-12, just under the tolerance (1e-11), seeded by the tokens.
    tokens = _tokens(sequences, base)
    seed = zlib.crc32(np.ascontiguousarray(tokens).tobytes())  # differs between entries
    noise = np.random.default_rng(seed).uniform(-3e-12, 3e-12)
    return float(np.exp(np.mean(tokens))) * (1.0 + noise)


# -- mutants -------------------------------------------------------------------------------------


def _perplexity_ignores_base(sequences: list[np.ndarray], base: float) -> float:
    return _perplexity(sequences, NATURAL)


def _perplexity_log10_values(sequences: list[np.ndarray], base: float) -> float:
    return float(10.0 ** np.mean(_tokens(sequences, NATURAL)))


def _cross_entropy_signed_log_base(sequences: list[np.ndarray], base: float) -> float:
    magnitudes = np.abs(np.concatenate([np.asarray(s, dtype=float) for s in sequences]))
    return float(np.mean(magnitudes) * math.log(base))


def _perplexity_worst_token(sequences: list[np.ndarray], base: float) -> float:
    return float(np.exp(np.max(_tokens(sequences, base))))


def _cross_entropy_clipped(sequences: list[np.ndarray], base: float) -> float:
    return float(np.mean(np.minimum(_tokens(sequences, base), 1.0)))


def _perplexity_over_sequences(sequences: list[np.ndarray], base: float) -> float:
    return float(np.exp(np.sum(_tokens(sequences, base)) / len(sequences)))


def _perplexity_mean_of_sequences(sequences: list[np.ndarray], base: float) -> float:
    return float(np.mean([np.exp(s.mean()) for s in _nll(sequences, base)]))


def _cross_entropy_with_end_tokens(sequences: list[np.ndarray], base: float) -> float:
    tokens = _tokens(sequences, base)
    return float(np.sum(tokens) / (tokens.size + len(sequences)))


def _macro_cross_entropy_token_weighted(sequences: list[np.ndarray], base: float) -> float:
    return float(np.mean(_tokens(sequences, base)))


def _macro_cross_entropy_drops_last(sequences: list[np.ndarray], base: float) -> float:
    per_sequence = [s.mean() for s in _nll(sequences, base)]
    return float(np.mean(per_sequence[:-1] if len(per_sequence) > 1 else per_sequence))


def _perplexity_first_sequence_twice(sequences: list[np.ndarray], base: float) -> float:
    parts = _nll(sequences, base)
    return float(np.exp(np.mean(np.concatenate([parts[0], *parts]))))


def _perplexity_smoothed(sequences: list[np.ndarray], base: float) -> float:
    return float(np.exp(np.mean(_tokens(sequences, base) + 1e-3)))


def _cross_entropy_truncated(sequences: list[np.ndarray], base: float) -> float:
    return float(math.floor(np.mean(_tokens(sequences, base))))


def _lp(*xs: float) -> np.ndarray:
    return np.array(xs, dtype=float)


def family_mutants(mutant: type[Any]) -> list[Any]:
    """The language-model mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import
    f = "language_model"
    ppl: dict[str, Any] = {"higher_is_better": False, "optimum": 1.0}
    nats: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    one, two = _lp(1.0), _lp(1.0, 1.0)
    return [
        # base invariance
        Mutant(
            "perplexity_ignores_base",
            "base_invariance",
            f,
            _perplexity_ignores_base,
            "takes every value for a natural logarithm, whatever base says",
            "base 2",
            base_case(_lp(-1.0), one, 2.0),
            **ppl,
        ),
        Mutant(
            "perplexity_log10_values",
            "base_invariance",
            f,
            _perplexity_log10_values,
            "10 ** H: reads every value as a log10-probability",
            "base 2",
            base_case(_lp(-1.0), one, 2.0),
            **ppl,
        ),
        Mutant(
            "cross_entropy_signed_log_base",
            "base_invariance",
            f,
            _cross_entropy_signed_log_base,
            "|v| ln b instead of |v| |ln b|: a base below 1 gives a negative cross-entropy",
            "a base below 1",
            base_case(_lp(-1.0), one, 0.5),
            **nats,
        ),
        # probability monotonicity
        Mutant(
            "perplexity_worst_token",
            "probability_monotonicity",
            f,
            _perplexity_worst_token,
            "exp of the largest NLL: only the least probable token counts",
            "a token raised beside a less probable one",
            monotonicity_case(_lp(-1.0, -2.0), _lp(2.0), 0, 0.0),
            **ppl,
        ),
        Mutant(
            "cross_entropy_clipped",
            "probability_monotonicity",
            f,
            _cross_entropy_clipped,
            "NLLs clipped at 1 nat (a floor on log-probabilities meant to avoid -inf)",
            "a token raised below the floor",
            monotonicity_case(_lp(-2.0), one, 0, 0.5),
            **nats,
        ),
        # concatenation invariance
        Mutant(
            "perplexity_over_sequences",
            "concatenation_invariance",
            f,
            _perplexity_over_sequences,
            "the total NLL over the number of sequences instead of tokens",
            "two one-token sequences joined",
            concatenation_case(_lp(-1.0, -1.0), NATURAL, two, 0),
            **ppl,
        ),
        Mutant(
            "perplexity_mean_of_sequences",
            "concatenation_invariance",
            f,
            _perplexity_mean_of_sequences,
            "the arithmetic mean of the sequences' perplexities",
            "two unequal sequences joined",
            concatenation_case(_lp(0.0, -1.0), NATURAL, two, 0),
            **ppl,
        ),
        Mutant(
            "cross_entropy_with_end_tokens",
            "concatenation_invariance",
            f,
            _cross_entropy_with_end_tokens,
            "one end-of-sequence token per sequence counted in the denominator only",
            "two one-token sequences joined",
            concatenation_case(_lp(-1.0, -1.0), NATURAL, two, 0),
            **nats,
        ),
        # sequence-mean aggregation (the macro cross-entropy satisfies it)
        Mutant(
            "macro_cross_entropy_token_weighted",
            "sequence_mean_aggregation",
            f,
            _macro_cross_entropy_token_weighted,
            "the mean over tokens (sequences weighted by length) instead of over sequences",
            "sequences of different lengths",
            aggregation_case(_lp(0.0, 0.0, -1.0), NATURAL, _lp(1.0, 2.0)),
            **nats,
        ),
        Mutant(
            "macro_cross_entropy_drops_last",
            "sequence_mean_aggregation",
            f,
            _macro_cross_entropy_drops_last,
            "an off-by-one over sequences: the last sequence is left out of the mean",
            "two one-token sequences",
            aggregation_case(_lp(0.0, -1.0), NATURAL, two),
            **nats,
        ),
        # the shared claims
        Mutant(
            "perplexity_first_sequence_twice",
            "item_order_invariance",
            f,
            _perplexity_first_sequence_twice,
            "the first sequence counted twice",
            "two sequences exchanged",
            order_case(_lp(0.0, -1.0), two, np.array([1, 0]), "[1, 0]"),
            **ppl,
        ),
        Mutant(
            "perplexity_smoothed",
            "identity",
            f,
            _perplexity_smoothed,
            "a smoothing constant of 1e-3 nats added to every NLL",
            "every token of probability 1",
            identity_case(one, None),
            **ppl,
        ),
        Mutant(
            "cross_entropy_truncated",
            "identity",
            f,
            _cross_entropy_truncated,
            "the cross-entropy truncated to an integer",
            "a token below probability 1 among two",
            identity_case(_lp(2.0), _lp(0.0, -1.0)),
            **nats,
        ),
    ]


# -- random cases for the benchmark's random-search baselines ------------------------------------

_CORNER_VALUES = (0.0, -5e-324, -1e-300, -0.125, -1.0, -700.0, -745.13, -1e300)


def _random_corpus(rng: np.random.Generator, corners: bool) -> tuple[np.ndarray, np.ndarray]:
    """A random ``(log_probs, lengths)``: multiples of 1/8 in [-8, 0], or (``corners``) extremes."""
    s = int(rng.integers(1, 6))
    lengths = rng.integers(1, 6, size=s).astype(float)
    t = int(lengths.sum())
    if corners and rng.random() < 0.5:
        lp = rng.choice(_CORNER_VALUES, size=t)
    else:
        lp = -rng.integers(0, 65, size=t) / 8.0
    return lp, lengths


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a language-model claim, for the benchmark's random searches."""
    lp, lengths = _random_corpus(rng, corners and claim not in ("probability_monotonicity",))
    s = lengths.size
    if claim == "item_order_invariance":
        order = rng.permutation(s)
        return order_case(lp, lengths, order, str(order.tolist()))
    if claim == "identity":
        return identity_case(lengths, lp if rng.random() < 0.5 else None)
    if claim == "base_invariance":
        return base_case(lp, lengths, float(rng.choice(BASES)))
    if claim == "probability_monotonicity":
        return monotonicity_case(lp, lengths, int(rng.integers(lp.size)), float(rng.choice(STEPS)))
    if claim == "concatenation_invariance":
        return concatenation_case(lp, NATURAL, lengths, int(rng.integers(max(s - 1, 1))))
    if claim == "sequence_mean_aggregation":
        return aggregation_case(lp, NATURAL, lengths)
    if claim == "well_defined":
        return well_defined_case(lp, NATURAL, lengths)
    raise KeyError(f"claim={claim!r}: no random language_model sampler")


def family_controls(control: type[Any]) -> list[Any]:
    """Correct language-model measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import
    f = "language_model"
    ppl: dict[str, Any] = {"higher_is_better": False, "optimum": 1.0}
    nats: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    common = (
        "item_order_invariance",
        "identity",
        "base_invariance",
        "probability_monotonicity",
    )
    return [
        Control(
            "perplexity",
            f,
            _perplexity,
            (*common, "concatenation_invariance"),
            "exp of the mean NLL over tokens",
            **ppl,
        ),
        Control(
            "perplexity_noisy",
            f,
            _perplexity_noisy,
            ("item_order_invariance", "base_invariance", "concatenation_invariance"),
            "perplexity with relative noise 3e-12, just under the 1e-11 tolerance",
            **ppl,
        ),
        Control(
            "mean_sequence_perplexity",
            f,
            _mean_sequence_perplexity,
            common,
            "the geometric mean of the sequences' perplexities (CS224u)",
            **ppl,
        ),
        Control(
            "bits_per_token",
            f,
            _bits_per_token,
            (*common, "concatenation_invariance"),
            "the mean NLL over tokens in bits",
            **nats,
        ),
        Control(
            "macro_cross_entropy",
            f,
            _macro_cross_entropy,
            (*common, "sequence_mean_aggregation"),
            "the arithmetic mean over sequences of their cross-entropies",
            **nats,
        ),
    ]
