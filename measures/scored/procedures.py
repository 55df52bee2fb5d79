"""Checking procedures of the claims about ``scored`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.scored.strategies`) and a decision rule (from
:mod:`axiometrics.checker.rules`), exactly as the built-in OC and OQ
procedures.  A case stacks its entries on a leading axis, ``scores (k, n)``
and ``gold (k, n)``, when they have the same number of items, and is
ragged otherwise (``prevalence_invariance`` compares an input with a longer
one); it carries no class values (the family has none).

Probability measures (log loss, Brier) refuse scores outside ``[0, 1]``
with :class:`~axiometrics.errors.InvalidInputError`.  The procedures ask to
observe such refusals and put those cases outside the claim: a claim about
``-s`` or ``f(s)`` says nothing about a measure whose inputs cannot hold
them.  Any other exception refutes the claim with the exception shown.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import Case, CaseRequest, Decide, Decision, Observation, Procedure
from axiometrics.checker.rules import decide_better, decide_equal, fmt
from axiometrics.checker.tolerance import Judge

from .strategies import (
    discordant_swaps,
    increasing_score_transforms,
    scored_inputs,
    separated_inputs,
)

__all__ = [
    "IDENTITY",
    "ITEM_ORDER_INVARIANCE",
    "LABEL_FLIP_SYMMETRY",
    "MAX_ITEMS",
    "MAX_REPEAT",
    "MONOTONE_TRANSFORM_INVARIANCE",
    "PREVALENCE_INVARIANCE",
    "SWAP_MONOTONICITY",
    "WELL_DEFINED",
    "keeps_order",
    "repeat_positives",
]

#: Most items of one generated input (counterexamples shrink far below).
MAX_ITEMS = 12
#: Exceptions that mean "this measure does not take these scores" (outside the claim).
REFUSALS = ("InvalidInputError",)


def _case(
    entries: list[tuple[np.ndarray, np.ndarray]], names: tuple[str, ...], **info: str
) -> Case:
    return Case.from_entries(entries, names, info=info)


def _refusal_aware(decide: Decide) -> Decide:
    """Wrap a rule: refused inputs lie outside the claim, other exceptions refute it."""

    def wrapped(case: Case, obs: Observation, judge: Judge) -> Decision:
        if obs.crash is not None:
            if obs.crash.kind in REFUSALS:
                return Decision.outside(f"the measure refuses these scores ({obs.crash.message})")
            return Decision("fails", f"the measure raised {obs.crash}")
        return decide(case, obs, judge)

    return wrapped


def _inputs(
    *, both_classes: bool = True, min_items: int = 2
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    return scored_inputs(min_items=min_items, max_items=MAX_ITEMS, both_classes=both_classes)


# -- monotone transform invariance ------------------------------------------------------


def keeps_order(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether ``after`` is finite and ranks every pair of items exactly as ``before``."""
    if not np.all(np.isfinite(after)):
        return False
    order = np.argsort(before, kind="stable")
    b, a = before[order], after[order]
    return bool(np.all((np.diff(b) > 0) == (np.diff(a) > 0)) and np.all(np.diff(a) >= 0))


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
        return _case([(scores, gold), (moved, gold)], ("Eff(s, y)", "Eff(f(s), y)"), f=name)

    return build()


MONOTONE_TRANSFORM_INVARIANCE = Procedure(
    cases=_monotone_cases,
    decide=_refusal_aware(decide_equal("Eff(s, y) vs Eff(f(s), y)")),
    observe_crashes=True,
    description="an input scored as is and after a strictly increasing map of its scores",
)


# -- swap monotonicity -------------------------------------------------------------------


def _swap_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return discordant_swaps(min_items=2, max_items=MAX_ITEMS).map(
        lambda sw: _case(
            [(sw.before, sw.gold), (sw.after, sw.gold)],
            ("before the swap", "after the swap"),
            swap=f"positive item {sw.positive} (score {fmt(sw.before[sw.positive])}) and "
            f"negative item {sw.negative} (score {fmt(sw.before[sw.negative])}) exchange scores",
        )
    )


SWAP_MONOTONICITY = Procedure(
    cases=_swap_cases,
    decide=_refusal_aware(decide_better("before the swap", "after the swap")),
    observe_crashes=True,
    description="a positive scored below a negative, before and after exchanging their scores",
)


# -- prevalence invariance ----------------------------------------------------------------


#: Largest repetition factor k of the positives (k = 2 first: it shrinks there).
MAX_REPEAT = 6


def repeat_positives(scores: np.ndarray, gold: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every positive item repeated ``k`` times in place (negatives once)."""
    times = np.where(np.asarray(gold) == 1.0, k, 1)
    return np.repeat(scores, times), np.repeat(gold, times)


def _prevalence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        # The claim as stated: Eff(s, y) against the same items with every
        # positive repeated k times (a longer input: the case is ragged).
        scores, gold = draw(_inputs())
        k = draw(st.integers(2, MAX_REPEAT))
        more_scores, more_gold = repeat_positives(scores, gold, k)
        return _case(
            [(scores, gold), (more_scores, more_gold)],
            ("Eff(s, y)", f"positives x{k}"),
            k=str(k),
        )

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
    f"repeated k times (k = 2 .. {MAX_REPEAT})",
)


# -- label flip symmetry -------------------------------------------------------------------


def _flip_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _inputs().map(
        lambda sy: _case([(sy[0], sy[1]), (-sy[0], 1.0 - sy[1])], ("Eff(s, y)", "Eff(-s, 1 - y)"))
    )


LABEL_FLIP_SYMMETRY = Procedure(
    cases=_flip_cases,
    decide=_refusal_aware(decide_equal("Eff(s, y) vs Eff(-s, 1 - y)")),
    observe_crashes=True,
    description="an input and the input with negated scores and flipped labels",
)


# -- item order invariance -------------------------------------------------------------------


def _order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        scores, gold = draw(_inputs())
        order = np.asarray(draw(st.permutations(range(scores.size))))
        return _case(
            [(scores, gold), (scores[order], gold[order])],
            ("as given", "permuted"),
            permutation=str(order.tolist()),
        )

    return build()


ITEM_ORDER_INVARIANCE = Procedure(
    cases=_order_cases,
    decide=_refusal_aware(decide_equal("as given vs permuted")),
    observe_crashes=True,
    description="an input and the same items in another order (ties included)",
)


# -- identity ----------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return separated_inputs(min_items=2, max_items=MAX_ITEMS).map(
        lambda sy: _case([sy], ("perfect separation",))
    )


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
)


# -- well-definedness ----------------------------------------------------------------------------


def _well_defined_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    # Two items at least, like every other procedure's inputs; one-item
    # inputs are covered by tests/measures/scored/test_measures.py.
    return scored_inputs(min_items=2, max_items=MAX_ITEMS, both_classes=False).map(
        lambda sy: _case([sy], ("Eff(s, y)",))
    )


def _decide_well_defined(case: Case, obs: Observation, judge: Judge) -> Decision:
    if obs.warnings:
        return Decision("fails", f"the measure emitted a warning: {obs.warnings[0]}")
    if np.any(obs.undefined):
        if not judge.undefined_declared:
            return Decision(
                "fails", "the measure raised UndefinedMeasureError but declares no undefined inputs"
            )
        return Decision("holds", "undefined, as the measure declares")
    return Decision("holds", f"score {fmt(float(obs.scores[0]))}")


WELL_DEFINED = Procedure(
    cases=_well_defined_cases,
    decide=_refusal_aware(_decide_well_defined),
    observe_undefined=True,
    observe_crashes=True,
    description="any valid input: one-class gold, all-tied, adjacent, tiny and huge scores",
)
