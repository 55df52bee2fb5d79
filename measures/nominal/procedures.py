"""Checking procedures of the nominal-classification claims.

Each procedure pairs a case generator (from
:mod:`axiometrics.measures.nominal.strategies`) with a decision rule (from
:mod:`axiometrics.checker.rules` where one fits).  The claims in
:mod:`axiometrics.measures.nominal.claims` refer to them lazily, so
declaring the claims imports neither the checker nor Hypothesis.  The
nominal ``symmetry``, ``count_scale_invariance`` and ``well_defined``
checks reuse the ordinal-classification procedures, whose confusion-matrix
generators know nothing about class order.
"""

from __future__ import annotations

import functools
from typing import TypedDict

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.cases import Case, CaseRequest, Decision, Observation, Procedure
from axiometrics.checker.rules import decide_equal, fmt, min_classes, vector
from axiometrics.checker.tolerance import Judge

from . import strategies as nom_st

__all__ = [
    "CHANCE_BASELINE",
    "CLASS_PERMUTATION_INVARIANCE",
    "IDENTITY",
    "NOMINAL_MONOTONICITY",
    "PREVALENCE_INVARIANCE",
    "TRUE_NEGATIVE_INVARIANCE",
]

#: Matrices with at most this many items also get every single correction checked.
_EXHAUSTIVE_ITEMS = 8
#: Largest gold class size of the chance-baseline cases.
_BASELINE_MAX_COUNT = 1000


class _MatrixOptions(TypedDict):
    """The keyword options every matrix generator of :mod:`.strategies` takes."""

    min_classes: int
    max_classes: int
    max_count: int
    empty_gold_classes: bool
    empty_system_classes: bool


def _options(request: CaseRequest, floor: int = 2) -> _MatrixOptions:
    lo = min_classes(request, floor)
    return {
        "min_classes": lo,
        "max_classes": max(request.max_classes, lo),
        "max_count": request.max_count,
        "empty_gold_classes": not request.wants("no_empty_gold_class"),
        "empty_system_classes": not request.wants("no_empty_system_class"),
    }


def _values(m: np.ndarray, k: int) -> np.ndarray:
    return np.broadcast_to(np.arange(m.shape[-1], dtype=float), (k, m.shape[-1]))


def _pair(change: nom_st.Change, first: str, second: str) -> Case:
    mats = np.stack([change.matrix, change.changed])
    return Case((mats,), _values(mats, 2), (first, f"{second} ({change.description})"))


# -- class permutation invariance ------------------------------------------------------


def _permutation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    def build(r: nom_st.Relabelling) -> Case:
        mats = np.stack([r.matrix, r.relabelled])
        return Case(
            (mats,),
            _values(mats, 2),
            ("M", "P M P^T (classes renamed)"),
            {"class k becomes": vector(r.permutation)},
        )

    return nom_st.relabellings(**_options(request)).map(build)


CLASS_PERMUTATION_INVARIANCE = Procedure(
    cases=_permutation_cases,
    decide=decide_equal("Eff(M) vs Eff(P M P^T)"),
    description="a confusion matrix and the same with its classes consistently renamed",
)


# -- nominal monotonicity ----------------------------------------------------------------


def _single_corrections(m: np.ndarray) -> list[tuple[np.ndarray, str]]:
    """Every one-item move from an off-diagonal cell to the diagonal cell of its gold class."""
    out = []
    c = m.shape[0]
    for i in range(c):
        for j in range(c):
            if i != j and m[i, j] > 0:
                fixed = m.copy()
                fixed[i, j] -= 1
                fixed[j, j] += 1
                out.append((fixed, f"one item of gold class {j} moved from system class {i}"))
    return out


@functools.lru_cache(maxsize=256)  # built inside draws: build each strategy once
def _few_items(request: CaseRequest, c: int) -> st.SearchStrategy[np.ndarray]:
    """A ``C x C`` matrix of a few cells with 1 to 4 items (hand-sized counterexamples)."""
    cell = st.tuples(st.integers(0, c - 1), st.integers(0, c - 1), st.integers(1, 4))

    def build(cells: list[tuple[int, int, int]]) -> np.ndarray:
        m = np.zeros((c, c), dtype=np.int64)
        for i, j, k in cells:
            m[i, j] += k
        if request.wants("no_empty_gold_class"):
            empty = np.flatnonzero(m.sum(axis=0) == 0)
            m[empty, empty] += 1
        if request.wants("no_empty_system_class"):
            empty = np.flatnonzero(m.sum(axis=1) == 0)
            m[empty, empty] += 1
        return m

    return st.lists(cell, min_size=1, max_size=4).map(build)


@functools.lru_cache(maxsize=256)  # built inside draws: build each strategy once
def _renamed_systems(request: CaseRequest, c: int) -> st.SearchStrategy[np.ndarray]:
    """A system that maps each gold class to one system class: ``M[σ(j), j] = n_j``.

    Consistent renamings are where correlation-like measures reward a wrong
    but informative system.  Half of the draws rename a single gold class to
    a class without gold items and keep the others right (the corner where
    a correction can lower Matthews' correlation); the rest draw σ freely
    (several gold classes merged into one system class included).
    """
    sizes = st.lists(st.integers(0, 9), min_size=c, max_size=c)
    targets = st.lists(st.integers(0, c - 1), min_size=c, max_size=c)

    @st.composite
    def build(draw: st.DrawFn) -> np.ndarray:
        n = np.asarray(draw(sizes), dtype=np.int64)
        if draw(st.booleans()):
            unused = draw(st.integers(0, c - 1))
            renamed = draw(st.sampled_from([k for k in range(c) if k != unused]))
            n[unused] = 0
            n[renamed] = max(int(n[renamed]), 1)
            sigma = np.arange(c)
            sigma[renamed] = unused
        else:
            sigma = np.asarray(draw(targets), dtype=np.int64)
        m = np.zeros((c, c), dtype=np.int64)
        m[sigma, np.arange(c)] = n
        if m.sum() == 0:
            m[sigma[0], 0] = 1
        if request.wants("no_empty_gold_class"):
            empty = np.flatnonzero(m.sum(axis=0) == 0)
            m[empty, empty] += 1
        if request.wants("no_empty_system_class"):
            empty = np.flatnonzero(m.sum(axis=1) == 0)
            m[empty, empty] += 1
        return m

    return build()


def _monotonicity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.corrections(**_options(request))
    lo = min_classes(request)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        change = draw(changes)
        c = change.matrix.shape[0]
        mats: list[np.ndarray] = []
        names: list[str] = []
        # Few items: the inner quantifier (which item moves) is finite; check every move,
        # on the drawn matrix when it is small and on companions of up to 4 classes
        # (Hypothesis spends most of its budget near earlier cases; the companions keep
        # hand-sized corners in the whole budget).
        smalls = [change.matrix] if change.matrix.sum() <= _EXHAUSTIVE_ITEMS else []
        small_c = draw(st.integers(lo, max(lo, min(c, 4))))
        for strategy in (_few_items, _renamed_systems, _renamed_systems):
            padded = np.zeros((c, c), dtype=np.int64)  # classes beyond small_c stay unused
            padded[:small_c, :small_c] = draw(strategy(request, small_c))
            smalls.append(padded)
        for m in smalls:
            for fixed, text in _single_corrections(m):
                mats += [m, fixed]
                names += ["M", f"M' ({text})"]
        # The drawn pair last: the decision reports the first failing pair, and a
        # few-item one makes the smaller counterexample.
        mats += [change.matrix, change.changed]
        names += ["M", f"M' ({change.description})"]
        stacked = np.stack(mats)
        return Case((stacked,), _values(stacked, len(mats)), tuple(names))

    return build()


def _decide_pairs_better(case: Case, obs: Observation, judge: Judge) -> Decision:
    margins = []
    for k in range(0, case.n_entries, 2):
        before, after = float(obs.scores[k]), float(obs.scores[k + 1])
        relation = judge.compare(after, before)
        if relation != "better":
            return Decision(
                "fails",
                f"M' scores {fmt(after)}, M scores {fmt(before)}: M' is {relation}, not "
                "strictly better",
                (k, k + 1),
            )
        margins.append(judge.strict_margin(after, before))
    return Decision("holds", "every corrected system scores strictly better", margin=min(margins))


NOMINAL_MONOTONICITY = Procedure(
    cases=_monotonicity_cases,
    decide=_decide_pairs_better,
    description="a system and the same with one wrong item moved to its gold class (every such "
    "move for systems of a few items)",
)


# -- prevalence invariance -----------------------------------------------------------------


def _prevalence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.gold_class_rescalings(**_options(request))
    return changes.map(lambda ch: _pair(ch, "M", "M'"))


PREVALENCE_INVARIANCE = Procedure(
    cases=_prevalence_cases,
    decide=decide_equal("Eff(M) vs Eff(M with one gold class k times larger)"),
    description="a confusion matrix and the same with one gold class (column) k times larger",
)


# -- true negative invariance --------------------------------------------------------------


def _true_negative_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.true_negative_changes(**_options(request))
    return changes.map(lambda ch: _pair(ch, "M", "M'"))


TRUE_NEGATIVE_INVARIANCE = Procedure(
    cases=_true_negative_cases,
    decide=decide_equal(
        f"Eff(M) vs Eff(M with other true negatives of class {nom_st.POSITIVE_CLASS})"
    ),
    description="a confusion matrix and the same with another count in a cell outside the row "
    "and column of class 1 (the default positive class)",
)


# -- chance baseline ---------------------------------------------------------------------


def _baseline_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    lo = min_classes(request)
    hi = max(request.max_classes, lo)
    empty = not request.wants("no_empty_gold_class")
    # Constant systems are scored from the class proportions of the gold; sizes up to
    # _BASELINE_MAX_COUNT reach every proportion that matters and shrink to a handful
    # (huge counts are well_defined's business).
    cap = max(min(request.max_count, _BASELINE_MAX_COUNT), hi)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        c = draw(st.integers(lo, hi))
        # Small golds first: counterexamples shrink toward a handful of items.
        small = ax_st.class_counts(n_classes=c, max_count=4, min_nonempty=2, empty_classes=empty)
        golds = st.one_of(
            small,
            ax_st.class_counts(n_classes=c, max_count=cap, min_nonempty=2, empty_classes=empty),
        )
        first, second = draw(golds), draw(golds)
        mats = np.concatenate([nom_st.constant_systems(first), nom_st.constant_systems(second)])
        names = [f"always class {k}, gold 1" for k in range(c)]
        names += [f"always class {k}, gold 2" for k in range(c)]
        return Case(
            (mats,),
            _values(mats, 2 * c),
            tuple(names),
            {"gold 1 counts": vector(first), "gold 2 counts": vector(second)},
        )

    return build()


def _decide_baseline(case: Case, obs: Observation, judge: Judge) -> Decision:
    defined = np.flatnonzero(~obs.undefined)
    if defined.size < 2:
        return Decision.outside("fewer than two constant systems have a defined score")
    first = float(obs.scores[defined[0]])
    margins = []
    for k in defined[1:]:
        score = float(obs.scores[k])
        if not judge.equal(first, score):
            return Decision(
                "fails",
                f"{case.names[defined[0]]} scores {fmt(first)}, {case.names[k]} scores "
                f"{fmt(score)}",
                (int(defined[0]), int(k)),
            )
        margins.append(judge.equality_margin(first, score))
    return Decision(
        "holds", f"all {defined.size} constant systems score {fmt(first)}", margin=min(margins)
    )


CHANCE_BASELINE = Procedure(
    cases=_baseline_cases,
    decide=_decide_baseline,
    observe_undefined=True,
    description="two golds with >= 2 non-empty classes and every constant system on each",
)


# -- identity ------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.imperfect_systems(**_options(request))

    def build(change: nom_st.Change) -> Case:
        mats = np.stack([change.changed, change.matrix])
        return Case(
            (mats,),
            _values(mats, 2),
            ("perfect system (diagonal)", f"imperfect system ({change.description})"),
        )

    return changes.map(build)


def _decide_identity(case: Case, obs: Observation, judge: Judge) -> Decision:
    perfect, imperfect = float(obs.scores[0]), float(obs.scores[1])
    optimum = float(judge.optimum) if judge.optimum is not None else perfect
    if not judge.equal(perfect, optimum):
        return Decision(
            "fails",
            f"the perfect system scores {fmt(perfect)}, the declared optimum is {fmt(optimum)}",
            (0,),
            margin=judge.equality_margin(perfect, optimum),
        )
    if judge.equal(imperfect, optimum):
        return Decision(
            "fails",
            f"a system with wrong items scores {fmt(imperfect)}, the optimum",
            (1,),
        )
    margin = min(
        judge.equality_margin(perfect, optimum), -judge.equality_margin(imperfect, optimum)
    )
    return Decision(
        "holds",
        f"the perfect system scores the optimum {fmt(optimum)}, the imperfect {fmt(imperfect)}",
        margin=margin,
    )


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_decide_identity,
    needs_optimum=True,
    description="a system with wrong items and the perfect (diagonal) system on the same gold",
)
