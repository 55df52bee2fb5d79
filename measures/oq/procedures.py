"""Checking procedures of the ordinal quantification (OQ) family's claims.

Inputs are ``(system, gold)`` distribution pairs built from normalised
integer counts (exact zeros and ties), with explicit one-hot and uniform
branches.  Unless a claim's ``spacing`` option asks for arbitrary values,
measures are scored with their default class values ``0 .. C-1``.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import Case, CaseRequest, Decision, Observation, Procedure
from axiometrics.checker.rules import (
    decide_better,
    decide_equal,
    decide_well_defined,
    fmt,
    min_classes,
    transformed_values,
    unresolved,
)
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import bounded_integers, sampled_options

from . import enumeration as oq_enum
from . import strategies as oq_st

__all__ = [
    "IDENTITY",
    "MASS_TRANSFER_MONOTONICITY",
    "NEAR_IDENTICAL",
    "ORDINAL_INVARIANCE",
    "POINT_MASS_MONOTONICITY",
    "PRIORITY_PRESERVATION",
    "PRIORITY_VIOLATION",
    "SYMMETRY",
    "WELL_DEFINED",
]


#: Below this max|p - q|, identity asks for a score exactly (not tolerably) worse.
NEAR_IDENTICAL = 1e-6


def _pairs(
    request: CaseRequest, *, identical: bool = True, continuous: bool = True
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """Distribution pairs; ``continuous=False`` keeps to normalised counts (resolvable steps)."""
    lo = min_classes(request)
    kinds = ("counts", "one_hot", "uniform", "continuous", "tiny")
    return oq_st.distribution_pairs(
        min_classes=lo,
        max_classes=max(request.max_classes, lo),
        max_count=request.max_count,
        kinds=kinds if continuous else kinds[:3],
        zero_bins=not request.wants("no_zero_bin"),
        identical=identical,
    )


def _case(
    pairs: list[tuple[np.ndarray, np.ndarray]],
    values: np.ndarray,
    names: tuple[str, ...],
    info: dict[str, str] | None = None,
) -> Case:
    system = np.stack([p for p, _ in pairs])
    gold = np.stack([q for _, q in pairs])
    return Case((system, gold), values, names, info or {})


# -- ordinal invariance --------------------------------------------------------------


def _invariance_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    pairs = _pairs(request)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        p, q = draw(pairs)
        values, info = transformed_values(draw, request, p.size)
        return _case([(p, q), (p, q)], values, ("with values v", "with values f(v)"), info)

    return build()


ORDINAL_INVARIANCE = Procedure(
    cases=_invariance_cases,
    decide=decide_equal("scores with v and with f(v)"),
    needs_values=True,
    description="a (system, gold) pair scored with values v and with f(v)",
    enumerate=oq_enum.invariance_levels,
)


# -- symmetry ---------------------------------------------------------------------------


def _symmetry_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    pairs = _pairs(request, identical=False)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        p, q = draw(pairs)
        v = draw(request.values(p.size))
        return _case([(p, q), (q, p)], np.stack([v, v]), ("D(p, q)", "D(q, p)"))

    return build()


SYMMETRY = Procedure(
    cases=_symmetry_cases,
    decide=decide_equal("D(p, q) vs D(q, p)"),
    description="a (system, gold) pair and the swapped pair",
    enumerate=oq_enum.symmetry_levels,
)


# -- priority preservation ---------------------------------------------------------------


def _priority_cases(request: CaseRequest, *, preserving: bool) -> st.SearchStrategy[Case]:
    lo = min_classes(request)
    make = oq_st.priority_preserving_estimates if preserving else oq_st.priority_violating_estimates
    estimates = make(
        min_classes=lo,
        max_classes=max(request.max_classes, lo),
        max_count=max(request.max_count, 2),
        uniform_gold=not request.wants("gold_not_uniform"),
    )

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        p, q = draw(estimates)
        v = draw(request.values(p.size))
        return _case([(p, q), (q, q)], np.stack([v, v]), ("D(p, q)", "D(q, q)"))

    return build()


PRIORITY_PRESERVATION = Procedure(
    cases=lambda request: _priority_cases(request, preserving=True),
    decide=decide_equal("D(p, q) vs D(q, q)"),
    description="an estimate ordering every pair of bins as the gold does",
    enumerate=lambda request: oq_enum.priority_levels(request, preserving=True),
)


def _decide_violation(case: Case, obs: Observation, judge: Judge) -> Decision:
    a, b = float(obs.scores[0]), float(obs.scores[1])
    relation = judge.compare(a, b, partial(case.relative_change, 0, 1))
    if relation == "unresolved":
        return unresolved(a, b, judge)
    return Decision.verdict(
        relation == "worse",
        f"D(p, q) = {fmt(a)} is {relation} than D(q, q) = {fmt(b)}"
        + ("" if relation == "worse" else ", not strictly worse"),
        margin=judge.strict_margin(b, a),
    )


PRIORITY_VIOLATION = Procedure(
    cases=lambda request: _priority_cases(request, preserving=False),
    decide=_decide_violation,
    description="an estimate ordering some pair of bins differently from the gold",
    enumerate=lambda request: oq_enum.priority_levels(request, preserving=False),
)


# -- ordinal monotonicity for OQ -----------------------------------------------------------


def _point_mass_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    lo = min_classes(request, floor=3)
    golds = oq_st.one_hot_pairs(
        min_classes=lo, max_classes=max(request.max_classes, lo), max_count=request.max_count
    ).map(lambda pair: pair.gold)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        # Every one-hot estimate outside the gold's support is scored at once:
        # the pairs (a, b) are finitely many, so they are decided exhaustively.
        gold = draw(golds)
        c = gold.size
        support = np.flatnonzero(gold > 0)
        outside = [k for k in range(c) if k < support.min() or k > support.max()]
        estimates = np.eye(c)[outside]
        v = draw(request.values(c))
        return _case(
            [(e, gold) for e in estimates],
            np.broadcast_to(v, (len(outside), c)),
            tuple(f"D(e_{k}, q)" for k in outside),
            {"gold support": f"bins {support.min()}..{support.max()}"},
        )

    return build()


def _decide_point_mass(case: Case, obs: Observation, judge: Judge) -> Decision:
    bins = [int(np.argmax(case.inputs[0][k])) for k in range(case.n_entries)]
    support = np.flatnonzero(case.inputs[1][0] > 0)
    low, high = int(support.min()), int(support.max())
    resolved = unresolved_pairs = 0
    for i in range(case.n_entries):
        for j in range(case.n_entries):
            a, b = bins[i], bins[j]
            same_side = (b < a < low) or (b > a > high)
            if not same_side:
                continue
            near, far = float(obs.scores[i]), float(obs.scores[j])
            relation = judge.compare(near, far, partial(case.relative_change, i, j))
            if relation == "unresolved":
                unresolved_pairs += 1  # within the measure's precision: this pair cannot decide
                continue
            resolved += 1
            if relation != "better":
                return Decision(
                    "fails",
                    f"e_{a} (nearer the gold) scores {fmt(near)}, e_{b} scores {fmt(far)}: "
                    f"the nearer is {relation}, not strictly better",
                    (j, i),
                )
    if unresolved_pairs and not resolved:
        return Decision.outside(f"every pair of scores differs within {judge.tolerance.describe()}")
    return Decision("holds", "every nearer one-hot estimate scores strictly better")


POINT_MASS_MONOTONICITY = Procedure(
    cases=_point_mass_cases,
    decide=_decide_point_mass,
    spacing_sensitive=True,
    description="a gold and every one-hot estimate outside its support",
    enumerate=oq_enum.point_mass_levels,
)


def _transfer_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    lo = min_classes(request)

    transfers = oq_st.mass_transfers(
        min_classes=lo, max_classes=max(request.max_classes, lo), max_count=request.max_count
    )

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        t = draw(transfers)
        v = draw(request.values(t.gold.size))
        return _case(
            [(t.after, t.gold), (t.before, t.gold)],
            np.stack([v, v]),
            ("p' (mass moved away)", "p"),
            {"transfer": f"{t.amount:.6g} moved from bin {t.source} to bin {t.target}"},
        )

    return build()


MASS_TRANSFER_MONOTONICITY = Procedure(
    cases=_transfer_cases,
    decide=decide_better("p' (mass moved one bin further from the gold)", "p"),
    spacing_sensitive=True,
    description="an estimate and the estimate with some mass moved one bin further from the gold",
    enumerate=oq_enum.transfer_levels,
)


# -- identity --------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    # "p != q" must be resolvable in float64: counts only, no near-identical floats.
    pairs = _pairs(request, identical=False, continuous=False)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        p, q = draw(pairs)
        v = draw(request.values(p.size))
        return _case([(q, q), (p, q)], np.stack([v, v]), ("D(q, q)", "D(p, q)"))

    return build()


def _decide_identity(case: Case, obs: Observation, judge: Judge) -> Decision:
    same, other = float(obs.scores[0]), float(obs.scores[1])
    if judge.optimum is not None and not judge.equal(same, float(judge.optimum)):
        return Decision(
            "fails", f"D(q, q) = {fmt(same)} differs from the declared optimum {judge.optimum:g}"
        )
    p, q = case.entry(1)
    if np.array_equal(p, q):
        return Decision("holds", f"D(q, q) = {fmt(same)}")
    reference = float(judge.optimum) if judge.optimum is not None else same
    distance = float(np.max(np.abs(p - q)))
    if distance < NEAR_IDENTICAL and judge.tolerance.resolves_ties:
        # A difference this small may move a second-order measure (JSD,
        # KLD) by less than the tolerance; "not optimal" then means not
        # exactly optimal (strictly on the worse side in float64).  A
        # coarser precision cannot see it at all: compared below.
        gain = other - reference if not judge.higher_is_better else reference - other
        return Decision.verdict(
            gain > 0,
            f"p != q (max |p - q| = {distance:.3g}) but D(p, q) = {fmt(other)} is not worse "
            f"than the optimum {fmt(reference)} even in float64"
            if gain <= 0
            else f"D(p, q) = {fmt(other)} > optimum",
        )
    relation = judge.compare(other, reference, partial(case.relative_change, 0, 1))
    if relation == "unresolved":
        return unresolved(other, reference, judge)
    return Decision.verdict(
        relation == "worse",
        f"p != q but D(p, q) = {fmt(other)} vs optimum {fmt(reference)}",
        margin=judge.strict_margin(reference, other),
    )


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_decide_identity,
    description="a gold scored against itself and against another estimate",
    enumerate=oq_enum.identity_levels,
)


@st.composite
def _spiky_pairs(draw: st.DrawFn, lo: int, hi: int, cap: int) -> tuple[np.ndarray, np.ndarray]:
    c = draw(bounded_integers(lo, hi))
    stray = bounded_integers(0, 1)
    gold = np.asarray([draw(stray) for _ in range(c)], dtype=float)
    gold[draw(bounded_integers(0, c - 1))] = cap
    system = np.zeros(c)
    system[draw(sampled_options((0, c - 1)))] = 1.0
    return system, gold / gold.sum()


# -- well-definedness --------------------------------------------------------------------------


def _well_defined_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    lo = min_classes(request)
    hi = max(request.max_classes, lo)
    # Besides general pairs: a one-hot estimate at an end of the scale
    # against a spiky gold (one bin at the count cap, stray items elsewhere),
    # where divergences reach their extremes.
    general = _pairs(request)
    pairs = (
        general
        if request.wants("no_zero_bin")
        else st.one_of(general, _spiky_pairs(lo, hi, request.max_count))
    )

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        p, q = draw(pairs)
        v = draw(request.values(p.size))
        return _case([(p, q)], v[None, :], ("D(p, q)",))

    return build()


WELL_DEFINED = Procedure(
    cases=_well_defined_cases,
    decide=decide_well_defined,
    observe_undefined=True,
    observe_crashes=True,
    spacing_sensitive=True,
    description="any valid (system, gold) pair (zeros, ties, one-hot, uniform, huge counts)",
    enumerate=oq_enum.well_defined_levels,
)
