"""Checking procedures of the claims about ``scored`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.scored.strategies`) and a decision rule (from
:mod:`axiometrics.checker.rules`), exactly as the built-in OC and OQ
procedures.  A case stacks its entries on a leading axis, ``scores (k, n)``
and ``gold (k, n)``, when they have the same number of items, and is
ragged otherwise (``prevalence_invariance`` compares an input with a longer
one); it carries no class values (the family has none).

Every procedure draws its claim's whole quantifier domain, each corner by
construction (a regime of the strategies with a fixed share): inputs of one
item (where the claim admits it) to 1024 items, scores at the largest
finite floats, subnormal, nearly tied, adjacent, mixing magnitudes and on
rounding boundaries, one positive (in up to 1024 items) or one negative,
repetition factors k up to 1000, swaps of adjacent floats, separations one
ulp apart; ``docs/families/scored.md`` ("What the checker draws") states
each claim's domain beside what its generator draws.

Probability measures (log loss, Brier) refuse scores outside ``[0, 1]``
with :class:`~axiometrics.errors.InvalidInputError`.  The procedures ask to
observe such refusals and put those cases outside the claim: a claim about
``-s`` or ``f(s)`` says nothing about a measure whose inputs cannot hold
them.  Any other exception refutes the claim with the exception shown.

Every procedure also enumerates its claim's cases for the bounded pass
(:mod:`axiometrics.measures.scored.enumeration`): every input up to a few
items, on its ranks and on corner scores.  The cases are built by the
enumeration module's builders in both ways, so a drawn case and an
enumerated one have the same entries, names and ``info``.
"""

from __future__ import annotations

import functools

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import Case, CaseRequest, Decide, Decision, Observation, Procedure
from axiometrics.checker.rules import (
    decide_better,
    decide_equal,
    decide_well_defined,
    fmt,
    refusal_aware,
)
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import bounded_integers, sampled_options

from .enumeration import (
    MAX_REPEATED_ITEMS,
    fitted_repeat,
    flip_case,
    flip_levels,
    identity_levels,
    order_levels,
    permutation_case,
    prevalence_case,
    prevalence_levels,
    repeat_positives,
    separation_case,
    swap_case,
    swap_levels,
    transform_case,
    transform_levels,
    well_defined_case,
    well_defined_levels,
)
from .strategies import MAX_ITEMS as _STRATEGY_MAX_ITEMS
from .strategies import (
    discordant_swaps,
    increasing_score_transforms,
    item_lists,
    scored_inputs,
    separated_inputs,
)

__all__ = [
    "IDENTITY",
    "ITEM_ORDER_INVARIANCE",
    "LABEL_FLIP_SYMMETRY",
    "MAX_ITEMS",
    "MAX_REPEAT",
    "MAX_REPEATED_ITEMS",
    "MONOTONE_TRANSFORM_INVARIANCE",
    "PREVALENCE_INVARIANCE",
    "REPEAT_CHOICES",
    "SWAP_MONOTONICITY",
    "WELL_DEFINED",
    "keeps_order",
    "repeat_positives",
]

#: Most items of one generated input (counterexamples shrink far below): the
#: ``thousand`` size regime of :mod:`axiometrics.measures.scored.strategies`.
MAX_ITEMS = _STRATEGY_MAX_ITEMS
#: Exceptions that mean "this measure does not take these scores" (outside the claim).
REFUSALS = ("InvalidInputError",)


def _refusal_aware(decide: Decide) -> Decide:
    return refusal_aware(decide, REFUSALS, "these scores")


def _inputs(
    *, both_classes: bool = True, min_items: int = 2
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    return scored_inputs(min_items=min_items, max_items=MAX_ITEMS, both_classes=both_classes)


_SEEDS = bounded_integers(0, 2**32 - 1)


@functools.lru_cache(maxsize=32)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(n))


# -- monotone transform invariance ------------------------------------------------------


def keeps_order(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether ``after`` is finite and ranks every pair of items exactly as ``before``."""
    if not np.all(np.isfinite(after)):
        return False
    order = np.argsort(before, kind="stable")
    b, a = before[order], after[order]
    # Neighbours compared, not subtracted: differences of scores near the largest
    # float overflow.
    rises_before, rises_after = b[1:] > b[:-1], a[1:] > a[:-1]
    return bool(np.all(rises_before == rises_after) and np.all(a[1:] >= a[:-1]))


def _monotone_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        scores, gold = draw(_inputs())
        f = draw(increasing_score_transforms())
        moved = f(scores)
        name = str(f)
        if not keeps_order(scores, moved):
            # f merged close scores or overflowed in float64: use the dense rank,
            # which is strictly increasing on these scores by construction.
            moved = np.unique(scores, return_inverse=True)[1].reshape(scores.shape).astype(float)
            name = f"dense rank of s ({f} loses the order in float64)"
        return transform_case(scores, gold, moved, name)

    return build()


MONOTONE_TRANSFORM_INVARIANCE = Procedure(
    cases=_monotone_cases,
    decide=_refusal_aware(decide_equal("Eff(s, y) vs Eff(f(s), y)")),
    observe_crashes=True,
    description="an input scored as is and after a strictly increasing map of its scores",
    enumerate=transform_levels,
)


# -- swap monotonicity -------------------------------------------------------------------


def _swap_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return discordant_swaps(min_items=2, max_items=MAX_ITEMS).map(
        lambda sw: swap_case(sw.before, sw.after, sw.gold, sw.positive, sw.negative)
    )


SWAP_MONOTONICITY = Procedure(
    cases=_swap_cases,
    decide=_refusal_aware(decide_better("before the swap", "after the swap")),
    observe_crashes=True,
    description="a positive scored below a negative, before and after exchanging their scores",
    enumerate=swap_levels,
)


# -- prevalence invariance ----------------------------------------------------------------


#: The repetition factors k of the positives, by regime: a few (k = 2 .. 6, where
#: counterexamples shrink), tens (just past a cut-off at 10), hundreds (past a
#: tie group of 255 items) and a thousand.
REPEAT_CHOICES: dict[str, tuple[int, ...]] = {
    "tens": (11, 10, 7, 20, 50, 99),
    "hundreds": (256, 101, 255, 257, 500),
    "thousand": (1000,),
}
#: Largest repetition factor k of the positives.
MAX_REPEAT = max(max(ks) for ks in REPEAT_CHOICES.values())
# The few-k regime is drawn twice as often as each other one.
_REPEAT_REGIMES = ("few", "few", *REPEAT_CHOICES)


def _repeat_factor(draw: st.DrawFn, positives: int, negatives: int) -> int:
    """The factor k from its regime: three choices whatever the regime (they shrink in place)."""
    few = int(draw(bounded_integers(2, 6)))
    regime = draw(sampled_options(_REPEAT_REGIMES))
    index = int(draw(bounded_integers(0, 5)))
    if regime == "few":
        k = few
    else:
        choices = REPEAT_CHOICES[regime]
        k = choices[index % len(choices)]
    return fitted_repeat(k, positives, negatives)


def _prevalence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        # The claim as stated: Eff(s, y) against the same items with every
        # positive repeated k times (a longer input: the case is ragged).
        scores, gold = draw(_inputs())
        positives = int(gold.sum())
        k = _repeat_factor(draw, positives, gold.size - positives)
        return prevalence_case(scores, gold, k)

    return build()


def _decide_prevalence(case: Case, obs: Observation, judge: Judge) -> Decision:
    names, scores = case.names, [float(x) for x in obs.scores]
    if not judge.equal(scores[0], scores[1]):
        return Decision(
            "fails",
            f"{names[0]} scores {fmt(scores[0])} but {names[1]} scores {fmt(scores[1])} "
            f"(difference {abs(scores[0] - scores[1]):.3g}): repeating the positives moved "
            "the score",
            (0, 1),
            margin=judge.equality_margin(scores[0], scores[1]),
        )
    return Decision(
        "holds",
        f"both score {fmt(scores[0])}",
        margin=judge.equality_margin(scores[0], scores[1]),
    )


PREVALENCE_INVARIANCE = Procedure(
    cases=_prevalence_cases,
    decide=_refusal_aware(_decide_prevalence),
    observe_crashes=True,
    description="an input with both classes, and the same input with every positive item "
    f"repeated k times (k = 2 .. {MAX_REPEAT}, at most {MAX_REPEATED_ITEMS} items in all)",
    enumerate=prevalence_levels,
)


# -- label flip symmetry -------------------------------------------------------------------


def _flip_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _inputs().map(lambda sy: flip_case(*sy))


LABEL_FLIP_SYMMETRY = Procedure(
    cases=_flip_cases,
    decide=_refusal_aware(decide_equal("Eff(s, y) vs Eff(-s, 1 - y)")),
    observe_crashes=True,
    description="an input and the input with negated scores and flipped labels",
    enumerate=flip_levels,
)


# -- item order invariance -------------------------------------------------------------------


def _order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        scores, gold, core = draw(item_lists(min_items=2, max_items=MAX_ITEMS, both_classes=True))
        # A permutation of the core and a seed, both drawn whatever the size (so
        # they shrink in place): the core's permutation for a few items, a
        # seeded one beyond.
        core_order = np.asarray(draw(_permutations(core)), dtype=np.int64)
        seed = draw(_SEEDS)
        if scores.size == core:
            order, shown = core_order, str(core_order.tolist())
        else:
            order = np.random.default_rng(seed).permutation(scores.size)
            shown = f"random permutation of {scores.size} items (seed {seed})"
        return permutation_case(scores, gold, order, shown)

    return build()


ITEM_ORDER_INVARIANCE = Procedure(
    cases=_order_cases,
    decide=_refusal_aware(decide_equal("as given vs permuted")),
    observe_crashes=True,
    description="an input and the same items in another order (ties included)",
    enumerate=order_levels,
)


# -- identity ----------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return separated_inputs(min_items=2, max_items=MAX_ITEMS).map(lambda sy: separation_case(*sy))


def _decide_identity(case: Case, obs: Observation, judge: Judge) -> Decision:
    score = float(obs.scores[0])
    optimum = float(judge.optimum) if judge.optimum is not None else score
    return Decision.verdict(
        judge.equal(score, optimum),
        f"every positive scores above every negative; the measure gives {fmt(score)}, its "
        f"optimum is {fmt(optimum)}",
        margin=judge.equality_margin(score, optimum),
    )


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_refusal_aware(_decide_identity),
    observe_crashes=True,
    needs_optimum=True,
    description="a perfect separation: every positive scored strictly above every negative",
    enumerate=identity_levels,
)


# -- well-definedness ----------------------------------------------------------------------------


def _well_defined_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    # Every valid input: one item (the ``one`` size regime) to a thousand.
    return scored_inputs(min_items=1, max_items=MAX_ITEMS, both_classes=False).map(
        lambda sy: well_defined_case(*sy)
    )


WELL_DEFINED = Procedure(
    cases=_well_defined_cases,
    decide=_refusal_aware(decide_well_defined),
    observe_undefined=True,
    observe_crashes=True,
    description="any valid input: one item to a thousand, one-class gold, all-tied, adjacent, "
    "nearly tied, tiny, subnormal, mixed and largest-float scores, rounding boundaries",
    enumerate=well_defined_levels,
)
