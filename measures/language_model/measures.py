"""Built-in measures of the ``language_model`` family: perplexity and cross-entropy.

Every compute function takes the flat form of :mod:`.family`: ``log_probs``
``(..., T)``, ``base`` ``(...)`` and ``lengths`` ``(..., S)``, and returns an
:class:`~axiometrics.Evaluation` marking the undefined entries.  The
kernels live in :mod:`._math`.

Every measure reads the logarithms in the base given (``base=``, default e)
and reports in its own fixed unit: nats for ``token_cross_entropy``, bits
for ``bits_per_token``, the unit-free perplexity for the other two.  All
four are lower-is-better.  A token of probability 0 (log-probability
``-inf``) makes every score of its corpus undefined (infinite), and so does
a value that overflows float64; neither is returned as ``inf``.

``token_cross_entropy`` is the name of the cross-entropy per token because
``cross_entropy`` is an alias of the scored family's ``log_loss``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from axiometrics import Evaluation, Holds, Measure, MeasurePlugin, Range, Reference, Violated
from axiometrics.declarations import ClaimDeclaration

from . import _math

__all__ = ["plugin"]

plugin = MeasurePlugin("language_model")

_PERPLEXITY_RANGE = Range(1.0, math.inf, note="1 when every token has probability 1")
_NATS_RANGE = Range(0.0, math.inf, note="0 when every token has probability 1")
_SYMBOLS = (
    "A corpus of S sequences, sequence s of n_s tokens, N = sum_s n_s tokens in all; "
    "lp_st = ln p(token t of sequence s), read from log_probs in base b as v_st ln b."
)
_SLP3 = "Jurafsky & Martin, Speech and Language Processing (3rd ed. draft), ch. 3"
_POTTS = "Potts 2020, CS224u metrics notebook"
_ZERO = (
    "a token has probability 0 (log-probability -inf in a base above 1, +inf below 1): "
    "the score is infinite"
)
_PERPLEXITY_UNDEFINED = (
    f"{_ZERO}; or the value overflows float64 (a mean negative log-likelihood above "
    "ln(max float) = 709.78 nats)"
)
_NATS_UNDEFINED = f"{_ZERO}; or the value overflows float64 (near the largest float)"

_ORDER = "a sum over all tokens and a count: the order of the sequences plays no part"
_ORDER_SEQ = "a mean over sequences, whatever their order"
_IDENTITY_TOKENS = "the mean of non-negative NLLs is 0 exactly when every token's is 0"
_BASE = "every value is read as v ln b nats: the same probabilities give the same nats"
_MONOTONE_TOKENS = (
    "one token's NLL shrinks, the others stay: the total, and with it the score, strictly decreases"
)
_CONCAT_TOKENS = "only the total NLL and the number of tokens count, not the segmentation"
_WELL_DEFINED = "finite in its range; a probability 0 or an overflow is declared undefined"


def _claims(**declared: ClaimDeclaration) -> dict[str, ClaimDeclaration]:
    return dict(declared)


def _compute(kernel: Callable[..., tuple[np.ndarray, np.ndarray]]) -> Callable[..., Evaluation]:
    def compute(
        log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray, *, values: np.ndarray
    ) -> Evaluation:
        return Evaluation(*kernel(log_probs, base, lengths))

    compute.__name__ = kernel.__name__
    compute.__doc__ = kernel.__doc__
    return compute


plugin.add(
    Measure(
        name="perplexity",
        family="language_model",
        higher_is_better=False,
        range=_PERPLEXITY_RANGE,
        title="Perplexity",
        description=f"Corpus perplexity per token. {_SYMBOLS} PPL = exp(-(1/N) sum_s sum_t "
        "lp_st) = exp(H), H the token cross-entropy in nats: the inverse geometric mean of "
        "the token probabilities over the whole corpus, each sequence weighted by its "
        "length. Unit-free: exp(H) in nats equals 2^H in bits.",
        aliases=("ppl", "token_perplexity"),
        reference=Reference(f"{_SLP3}; {_POTTS}", "perplexity"),
        optimum=1.0,
        undefined=_PERPLEXITY_UNDEFINED,
        claims=_claims(
            item_order_invariance=Holds(note=_ORDER),
            identity=Holds(note=f"exp(H) = 1 exactly when H = 0: {_IDENTITY_TOKENS}"),
            base_invariance=Holds(note=_BASE),
            probability_monotonicity=Holds(note=_MONOTONE_TOKENS),
            concatenation_invariance=Holds(note=_CONCAT_TOKENS),
            sequence_mean_aggregation=Violated(
                note="counterexample: [[0], [-1]] gives exp(1/2) = 1.6487, the mean of the "
                "sequences' perplexities 1 and e is 1.8591 (exp is convex); with lengths 1 and "
                "2 the sequences are also weighted by length"
            ),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    ),
    _compute(_math.perplexity),
)

plugin.add(
    Measure(
        name="mean_sequence_perplexity",
        family="language_model",
        higher_is_better=False,
        range=_PERPLEXITY_RANGE,
        title="Mean sequence perplexity",
        description=f"Geometric mean over sequences of the per-sequence perplexities. "
        f"{_SYMBOLS} PPL_s = exp(-(1/n_s) sum_t lp_st); MSP = (prod_s PPL_s)^(1/S) = "
        "exp((1/S) sum_s -(1/n_s) sum_t lp_st): every sequence counts once, whatever its "
        "length (the CS224u notebook's mean-perplexity of token-perplexities).",
        aliases=("geometric_mean_perplexity",),
        reference=Reference(f"{_POTTS}; {_SLP3}", "mean-perplexity (geometric mean)"),
        optimum=1.0,
        undefined=_PERPLEXITY_UNDEFINED,
        claims=_claims(
            item_order_invariance=Holds(note=_ORDER_SEQ),
            identity=Holds(
                note="a mean of per-sequence mean NLLs, each >= 0: 0 exactly when every "
                "token's NLL is 0"
            ),
            base_invariance=Holds(note=_BASE),
            probability_monotonicity=Holds(
                note="the raised token's sequence gets a strictly smaller mean NLL, the others stay"
            ),
            concatenation_invariance=Violated(
                note="counterexample: [[0], [0, -1]] gives exp((0 + 1/2)/2) = 1.2840; joined, "
                "[[0, 0, -1]] gives exp(1/3) = 1.3956: each sequence counts once, whatever its "
                "length"
            ),
            sequence_mean_aggregation=Violated(
                note="counterexample: [[0], [-1]] gives exp(1/2) = 1.6487, the geometric mean "
                "of the sequences' perplexities 1 and e; their arithmetic mean is 1.8591"
            ),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    ),
    _compute(_math.mean_sequence_perplexity),
)

plugin.add(
    Measure(
        name="token_cross_entropy",
        family="language_model",
        higher_is_better=False,
        range=_NATS_RANGE,
        title="Cross-entropy (nats per token)",
        description=f"Cross-entropy per token in nats. {_SYMBOLS} H = -(1/N) sum_s sum_t "
        "lp_st: the total negative log-likelihood over the total number of tokens; "
        "ln(perplexity). Named token_cross_entropy because cross_entropy is an alias of the "
        "scored family's log_loss.",
        aliases=("nats_per_token", "mean_token_nll"),
        reference=Reference(_SLP3, "cross-entropy and perplexity"),
        optimum=0.0,
        undefined=_NATS_UNDEFINED,
        claims=_claims(
            item_order_invariance=Holds(note=_ORDER),
            identity=Holds(note=_IDENTITY_TOKENS),
            base_invariance=Holds(note=_BASE),
            probability_monotonicity=Holds(note=_MONOTONE_TOKENS),
            concatenation_invariance=Holds(note=_CONCAT_TOKENS),
            sequence_mean_aggregation=Violated(
                note="counterexample: [[0], [0, -1]] gives 1/3 nats; the sequences give 0 and "
                "1/2, mean 1/4: the corpus weights each sequence by its length (it holds when "
                "all lengths are equal)"
            ),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    ),
    _compute(_math.token_cross_entropy),
)

plugin.add(
    Measure(
        name="bits_per_token",
        family="language_model",
        higher_is_better=False,
        range=_NATS_RANGE,
        title="Bits per token",
        description=f"Cross-entropy per token in bits. {_SYMBOLS} BPT = H / ln 2 = -(1/N) "
        "sum_s sum_t log2 p_st = log2(perplexity), whatever the base of the values given.",
        aliases=("bpt", "cross_entropy_bits"),
        reference=Reference(_SLP3, "cross-entropy (bits) and perplexity"),
        optimum=0.0,
        undefined=_NATS_UNDEFINED,
        claims=_claims(
            item_order_invariance=Holds(note=_ORDER),
            identity=Holds(note=_IDENTITY_TOKENS),
            base_invariance=Holds(note=_BASE + "; then divided by ln 2"),
            probability_monotonicity=Holds(note=_MONOTONE_TOKENS),
            concatenation_invariance=Holds(note=_CONCAT_TOKENS),
            sequence_mean_aggregation=Violated(
                note="counterexample: [[0], [0, -1]] gives 1/(3 ln 2) = 0.4809 bits; the "
                "sequences give 0 and 1/(2 ln 2) = 0.7213, mean 0.3607: the corpus weights each "
                "sequence by its length (it holds when all lengths are equal)"
            ),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    ),
    _compute(_math.bits_per_token),
)
