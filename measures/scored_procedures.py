"""Checking procedures of the claims about ``scored`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.scored_strategies`) and a decision rule (from
:mod:`axiometrics.checker.rules`), exactly as the built-in OC and OQ
procedures.  A case stacks its entries on a leading axis: ``scores (k, n)``
and ``gold (k, n)``; the class values a case must carry (one per item,
``0 .. n-1``) do not reach the measures (the family has no class values).

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

from .scored_strategies import (
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
    "MONOTONE_TRANSFORM_INVARIANCE",
    "PREVALENCE_INVARIANCE",
    "SWAP_MONOTONICITY",
    "WELL_DEFINED",
    "keeps_order",
]

#: Most items of one generated input (counterexamples shrink far below).
MAX_ITEMS = 12
#: Exceptions that mean "this measure does not take these scores" (outside the claim).
REFUSALS = ("InvalidInputError",)


def _case(
    entries: list[tuple[np.ndarray, np.ndarray]], names: tuple[str, ...], **info: str
) -> Case:
    scores = np.stack([s for s, _ in entries])
    gold = np.stack([g for _, g in entries])
    n = scores.shape[-1]
    return Case((scores, gold), np.arange(n, dtype=float), names, info)


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


def _prevalence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        # A base with P = N = m items per class, so that three ways of
        # changing class sizes give inputs of the same length (k + 1) m:
        # negatives x k, positives x k, and every item x (k + 1) / 2.
        m = draw(st.integers(1, MAX_ITEMS // 2))
        scores, _ = draw(scored_inputs(min_items=2 * m, max_items=2 * m))
        gold = np.zeros(2 * m)
        gold[draw(st.permutations(range(2 * m)))[:m]] = 1.0
        k = draw(st.sampled_from((3, 5)))
        entries = []
        for label, times in ((0.0, k), (1.0, k)):
            extra = np.repeat(np.flatnonzero(gold == label), times - 1)
            entries.append(
                (np.concatenate([scores, scores[extra]]), np.concatenate([gold, gold[extra]]))
            )
        half = (k + 1) // 2
        entries.append((np.tile(scores, half), np.tile(gold, half)))
        return _case(
            entries,
            (f"negatives x{k}", f"positives x{k}", f"every item x{half}"),
            base=f"scores {np.array2string(scores, precision=17)}, gold {np.array2string(gold)}",
        )

    return build()


def _decide_all_equal(case: Case, obs: Observation, judge: Judge) -> Decision:
    names, scores = case.names, [float(x) for x in obs.scores]
    for i in range(1, len(scores)):
        if not judge.equal(scores[0], scores[i]):
            return Decision(
                "fails",
                f"{names[0]} scores {fmt(scores[0])} but {names[i]} scores {fmt(scores[i])} "
                f"(difference {abs(scores[0] - scores[i]):.3g}): changing one class's size "
                "moved the score",
                (0, i),
                margin=judge.equality_margin(scores[0], scores[i]),
            )
    return Decision("holds", f"every entry scores {fmt(scores[0])}")


PREVALENCE_INVARIANCE = Procedure(
    cases=_prevalence_cases,
    decide=_refusal_aware(_decide_all_equal),
    observe_crashes=True,
    description="a balanced input with the negatives repeated k times, the positives repeated "
    "k times, and every item repeated (k + 1) / 2 times (same length)",
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
    # Two items at least: the checker's cases count items as their "classes"
    # (Case.n_classes), which every procedure keeps >= 2; one-item inputs are
    # covered by tests/measures/test_scored_classification.py.
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
