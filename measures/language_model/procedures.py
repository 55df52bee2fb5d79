"""Checking procedures of the claims about ``language_model`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.language_model.strategies`) and a decision rule.
Every case entry holds the family's three inputs ``(log_probs, base,
lengths)`` in the flat form; entries of one shape are stacked, others form
a ragged case (a corpus against the same tokens cut into fewer sequences,
or against each of its sequences alone).  Cases carry no class values.

The values are natural logarithms (base e) except in ``base_invariance``
and ``well_defined``, which also draw other bases unless the measure
refuses them (a bare callable called ``f(log_probs)`` does: its cases stay
in natural logs, and ``base_invariance`` is then not applicable).  Tokens
of probability 0 (``-inf``) are drawn by ``well_defined`` only: every
measure is undefined there, which puts a case outside the other claims.

Every procedure also enumerates its claim's cases for the bounded pass
(:mod:`axiometrics.measures.language_model.enumeration`); both ways build a
case with the same builder of :mod:`.cases`.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import Case, CaseRequest, Decide, Decision, Observation, Procedure
from axiometrics.checker.rules import (
    decide_better,
    decide_equal,
    decide_identity,
    decide_well_defined,
    fmt,
    refusal_aware,
)
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import BOOLEANS, bounded_integers, sampled_options

from . import enumeration
from .cases import (
    E2,
    NATURAL,
    aggregation_case,
    base_case,
    concatenation_case,
    identity_case,
    monotonicity_case,
    order_case,
    well_defined_case,
)
from .family import BASE_FEATURE
from .strategies import STRICT_REGIMES, corpora

__all__ = [
    "AGGREGATION_SIZES",
    "BASES",
    "BASE_INVARIANCE",
    "CONCATENATION_INVARIANCE",
    "IDENTITY",
    "ITEM_ORDER_INVARIANCE",
    "PROBABILITY_MONOTONICITY",
    "SEQUENCE_MEAN_AGGREGATION",
    "STEPS",
    "WELL_DEFINED",
]

REFUSALS = ("InvalidInputError",)
_SEEDS = bounded_integers(0, 2**32 - 1)
#: Bases b of ``base_invariance`` (and of ``well_defined``'s other bases): the usual 2, 10
#: and 0.5, e² (exact), bases within 2**-20 of 1 (huge logarithms) and far from it.
BASES = (2.0, 10.0, 0.5, E2, 1.0 + 2.0**-20, 1.0 - 2.0**-20, 1e300, 1e-300, 256.0)
#: Fractions t of a token's log-probability it keeps when raised (lp -> t lp).
STEPS = (0.0, 0.5, 0.25, 0.75, 0.875)
#: The size regimes of ``sequence_mean_aggregation`` (one entry per sequence: up to 99).
AGGREGATION_SIZES = ("few", "one", "two", "tens")


def _refusal_aware(decide: Decide) -> Decide:
    return refusal_aware(decide, REFUSALS, "this input")


# -- item order ----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(n))


def _order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora(min_sequences=2))
        s = corpus.lengths.size
        core_order = np.asarray(draw(_permutations(max(corpus.core, 1))), dtype=np.int64)
        seed = draw(_SEEDS)
        if corpus.core == s:
            order, shown = core_order, str(core_order.tolist())
        else:
            order = np.random.default_rng(seed).permutation(s)
            shown = f"random permutation of {s} sequences (seed {seed})"
        return order_case(corpus.log_probs, corpus.lengths, order, shown)

    return build()


ITEM_ORDER_INVARIANCE = Procedure(
    cases=_order_cases,
    decide=_refusal_aware(decide_equal("as given vs sequences permuted")),
    observe_crashes=True,
    description="a corpus of two or more sequences and its sequences in another order",
    enumerate=enumeration.order_levels,
)


# -- identity ------------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        strict = draw(BOOLEANS)
        corpus = draw(corpora(regimes=STRICT_REGIMES))
        return identity_case(corpus.lengths, corpus.log_probs if strict else None)

    return build()


_decide_identity = decide_identity(
    "every token of probability 1 scores", "a token of probability below 1 scores"
)


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_refusal_aware(_decide_identity),
    observe_crashes=True,
    needs_optimum=True,
    description="every token of probability 1 (log-probability 0) in any segmentation (must "
    "score the optimum); with it, a corpus of multiples of 1/8 with a token below 1 (must not)",
    enumerate=enumeration.identity_levels,
)


# -- base invariance ---------------------------------------------------------------------------


def _base_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora())
        b = float(draw(sampled_options(BASES)))
        return base_case(corpus.log_probs, corpus.lengths, b)

    return build()


BASE_INVARIANCE = Procedure(
    cases=_base_cases,
    decide=_refusal_aware(decide_equal("natural logs vs base b")),
    observe_crashes=True,
    description="a corpus in natural logs and the same probabilities as log-base-b values with "
    "base = b, b from 2, 10, 0.5, e², 1 ± 2⁻²⁰, 1e300, 1e-300, 256 (e² where a value "
    "overflows in base b)",
    enumerate=enumeration.base_levels,
)


# -- probability monotonicity ------------------------------------------------------------------


def _monotonicity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora(regimes=STRICT_REGIMES))
        core_tokens = int(np.sum(corpus.lengths[: max(corpus.core, 1)]))
        i = int(draw(bounded_integers(0, max(core_tokens - 1, 0))))
        t = float(draw(sampled_options(STEPS)))
        return monotonicity_case(corpus.log_probs, corpus.lengths, i, t)

    return build()


PROBABILITY_MONOTONICITY = Procedure(
    cases=_monotonicity_cases,
    decide=_refusal_aware(decide_better("before", "after")),
    observe_crashes=True,
    description="one token's log-probability lp raised to t lp, t from 0, 1/2, 1/4, 3/4, 7/8 "
    "(multiples of 1/8 in [-8, 0] and [-708, -700]; a token of probability 1 first lowered)",
    enumerate=enumeration.monotonicity_levels,
)


# -- concatenation and aggregation -------------------------------------------------------------


def _concatenation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora(min_sequences=2))
        s = int(draw(bounded_integers(0, max(min(corpus.core, corpus.lengths.size) - 2, 0))))
        return concatenation_case(corpus.log_probs, NATURAL, corpus.lengths, s)

    return build()


CONCATENATION_INVARIANCE = Procedure(
    cases=_concatenation_cases,
    decide=_refusal_aware(decide_equal("as given vs two sequences joined")),
    observe_crashes=True,
    description="a corpus of two or more sequences and the same tokens with two consecutive "
    "sequences joined into one",
    enumerate=enumeration.concatenation_levels,
)


def _aggregation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return corpora(sizes=AGGREGATION_SIZES).map(
        lambda corpus: aggregation_case(corpus.log_probs, NATURAL, corpus.lengths)
    )


def _decide_aggregation(case: Case, obs: Observation, judge: Judge) -> Decision:
    corpus = float(obs.scores[0])
    parts = [float(x) for x in obs.scores[1:]]
    mean = math.fsum(x / len(parts) for x in parts)
    return Decision.verdict(
        judge.equal(corpus, mean),
        f"the corpus scores {fmt(corpus)}, the mean of its {len(parts)} sequences' scores is "
        f"{fmt(mean)} (difference {abs(corpus - mean):.3g})",
        margin=judge.equality_margin(corpus, mean),
    )


SEQUENCE_MEAN_AGGREGATION = Procedure(
    cases=_aggregation_cases,
    decide=_refusal_aware(_decide_aggregation),
    observe_crashes=True,
    description="a corpus of 1 to 99 sequences, and each of its sequences scored alone",
    enumerate=enumeration.aggregation_levels,
)


# -- well-definedness --------------------------------------------------------------------------


def _well_defined_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    natural = request.refuses(BASE_FEATURE)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora(zero_probability=True))
        if natural or draw(BOOLEANS):
            return well_defined_case(corpus.log_probs, NATURAL, corpus.lengths)
        b = float(draw(sampled_options(BASES)))
        converted = base_case(corpus.log_probs, corpus.lengths, b).entry(1)
        return well_defined_case(converted[0], float(converted[1]), converted[2])

    return build()


WELL_DEFINED = Procedure(
    cases=_well_defined_cases,
    decide=_refusal_aware(decide_well_defined),
    observe_undefined=True,
    observe_crashes=True,
    description="any valid corpus: one sequence to 300, one token to 1000 per sequence, "
    "log-probabilities from 0 and -5e-324 to the most negative float, -700 to -1000 around "
    "the overflow of exp, a token of probability 0 (-inf), and half of them in another base",
    enumerate=enumeration.well_defined_levels,
)
