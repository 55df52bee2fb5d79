"""Checking procedures of the nominal-classification claims.

Each procedure pairs a case generator (from
:mod:`axiometrics.measures.nominal.strategies`) with a decision rule (from
:mod:`axiometrics.checker.rules` where one fits) and an enumerator of the
bounded pass (:mod:`axiometrics.measures.nominal.enumeration`, whose case
builders both use, so that enumerated and drawn cases are laid out alike).  The claims in
:mod:`axiometrics.measures.nominal.claims` refer to them lazily, so
declaring the claims imports neither the checker nor Hypothesis.  The
nominal ``symmetry``, ``count_scale_invariance`` and ``well_defined``
checks build their cases the way the ordinal-classification procedures do
(:mod:`axiometrics.measures._matrices.procedures`), over the family's own
matrices (:func:`~axiometrics.measures.nominal.strategies.nominal_matrices`,
which add the corner regimes of :mod:`.corners`).

Measures that take real counts (a registered measure, or a callable on
matrices; not a callable on label vectors, whose requests carry an item
budget) also get real-valued and huge inputs: gold classes scaled by any
``k > 0``, fractional and huge true-negative counts, matrices and perfect
systems past 2**24, 2**31 and the int64 products.  Counts stay within
``max_count`` wherever the claim compares two scores strictly.
"""

from __future__ import annotations

import functools
from functools import partial
from typing import TypedDict

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.cases import (
    Case,
    CaseRequest,
    Decide,
    Decision,
    Observation,
    Procedure,
)
from axiometrics.checker.rules import decide_well_defined, fmt, min_classes, unresolved
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import DEFAULT_MAX_COUNT

from .._matrices.inputs import fill_empty_classes
from .._matrices.procedures import scale_cases, symmetry_cases, well_defined_cases
from . import corners
from . import enumeration as nom_enum
from . import strategies as nom_st

__all__ = [
    "CHANCE_BASELINE",
    "CLASS_PERMUTATION_INVARIANCE",
    "COUNT_SCALE_INVARIANCE",
    "IDENTITY",
    "NOMINAL_MONOTONICITY",
    "PREVALENCE_INVARIANCE",
    "SYMMETRY",
    "TRUE_NEGATIVE_INVARIANCE",
    "WELL_DEFINED",
]


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


def _real_counts(request: CaseRequest) -> bool:
    """Whether the measure takes real counts: no item budget (not a label-vector callable)."""
    return request.max_items is None


def _matrices(request: CaseRequest) -> st.SearchStrategy[np.ndarray]:
    """The family's matrices for a request (the corners of :mod:`.corners`)."""
    return nom_st.nominal_matrices(**_options(request))


def _any_matrices(request: CaseRequest) -> st.SearchStrategy[np.ndarray]:
    """The family's matrices, a quarter past 2**31 and the int64 products (real counts).

    Only ``well_defined`` draws them: a measure that wraps an integer raises
    there, and a check of another claim stops at the first exception with
    an error verdict instead of looking on for its own counterexample.  The
    magnitudes another claim speaks about come from its own parameters
    (huge factors, true-negative counts, perfect systems and golds) and
    from its scaled copies (:func:`_with_scaled_copy`).
    """
    huge = nom_st.HUGE_COUNTS if _real_counts(request) else ()
    return nom_st.nominal_matrices(**_options(request), huge_counts=huge)


def _copy_flag(draw: st.DrawFn, request: CaseRequest) -> bool:
    """Whether a case gets a scaled copy (half of them, for measures taking real counts).

    Drawn before the rest of the case, so that shrinking can drop the copy
    while the rest still contradicts the claim.
    """
    return _real_counts(request) and draw(ax_st.BOOLEANS)


def _with_scaled_copy(draw: st.DrawFn, case: Case, flag: bool) -> Case:
    """``case`` plus its first two entries times a whole factor taking them past 2**24.

    The factor takes the largest count of the two to about one of
    :data:`~axiometrics.measures.nominal.corners.FLOAT32_COUNTS` (past
    float32's integers, short of the integer overflows), so the copy keeps
    the relation between the two (a renaming, a transpose, a class or
    every count times k, another true-negative count) at counts where
    float32 sums round.
    """
    if not flag:
        return case
    pair = case.inputs[0][:2].astype(float)
    factor = corners.up_factor(
        draw, float(pair.max()), float(pair.sum(axis=(1, 2)).max()), corners.FLOAT32_COUNTS
    )
    return nom_enum.with_scaled_copy(case, factor)


def _pair(change: nom_st.Change) -> Case:
    return nom_enum.change_case(change.matrix, change.changed, change.description)


def _defined_pairs(case: Case, obs: Observation) -> list[int]:
    """The first entries ``k`` of the pairs ``(k, k + 1)`` on which the measure is defined.

    Each pair of a case is its own instance of the claim: a pair the measure
    is undefined on is left out (it lies outside the claim), the others still
    decide the case.
    """
    return [
        k for k in range(0, case.n_entries - 1, 2) if not (obs.undefined[k] or obs.undefined[k + 1])
    ]


def _decide_pairs_equal(what: str) -> Decide:
    """Rule: the entries score equally two by two, (0, 1), (2, 3), ... (within the tolerance).

    Pairs on which the measure is undefined are left out; a case without a
    defined pair lies outside the claim.
    """

    def decide(case: Case, obs: Observation, judge: Judge) -> Decision:
        pairs = _defined_pairs(case, obs)
        if not pairs:
            return Decision.outside("the measure is undefined on every pair")
        margins = []
        for k in pairs:
            a, b = float(obs.scores[k]), float(obs.scores[k + 1])
            margin = judge.equality_margin(a, b)
            if not judge.equal(a, b):
                return Decision(
                    "fails",
                    f"{what}: {fmt(a)} vs {fmt(b)} (difference {abs(a - b):.3g})",
                    (k, k + 1),
                    margin=margin,
                )
            margins.append(margin)
        a, b = float(obs.scores[pairs[0]]), float(obs.scores[pairs[0] + 1])
        return Decision(
            "holds",
            f"{what}: {fmt(a)} vs {fmt(b)} (difference {abs(a - b):.3g})",
            margin=min(margins),
        )

    return decide


#: Most rounding-tie companions per case (each ties at its own digit, 1 to 6).
_TIES = 6


def _tie_count(draw: st.DrawFn, request: CaseRequest) -> int:
    """How many rounding-tie companions a case gets (0 to :data:`_TIES`).

    Drawn before the rest of the case, so that shrinking can drop them while
    the rest still contradicts the claim (a counterexample that does not
    need them loses them).  None for measures on label vectors (whole
    counts: no decimal fraction to scale by) or where no empty class is
    allowed (a tie system leaves every class beyond the first two empty).
    """
    if (
        not _real_counts(request)
        or request.wants("no_empty_gold_class")
        or request.wants("no_empty_system_class")
        or request.max_count < 10
    ):
        return 0
    return draw(ax_st.bounded_integers(0, _TIES))


def _with_rounding_ties(
    draw: st.DrawFn, request: CaseRequest, case: Case, count: int, *, whole_matrix: bool
) -> Case:
    """``case`` plus ``count`` systems on a decimal rounding tie, each beside the same scaled.

    ``whole_matrix`` scales every count (count-scale invariance), otherwise
    gold class 0 only (prevalence invariance), by a decimal fraction below 1;
    the first tie's digit is drawn, the other ties, their hits and the
    factors are expanded from one drawn seed.
    """
    if not count:
        return case
    (mats,) = case.inputs
    cap = min(request.max_count, DEFAULT_MAX_COUNT)
    top = min(6, int(np.log10(cap)))
    # The first tie's digit is drawn (shrinking toward 1: 20 items), the others' from the seed.
    first = draw(ax_st.bounded_integers(1, top))
    rng = np.random.default_rng(draw(ax_st.SEEDS))
    entries = [mats.astype(float)]
    names = list(case.names)
    for i in range(count):
        digits = first if i == 0 else None
        tie = nom_st.rounding_tie(rng, mats.shape[-1], cap, digits=digits).astype(float)
        k = nom_st.decimal_fraction(rng)
        scaled = tie.copy()
        if whole_matrix:
            scaled *= k
            text = f"{k!r} * T"
        else:
            scaled[:, 0] *= k
            text = f"T with gold class 0 times {k!r}"
        names += ["T (a system whose score sits on a decimal rounding tie)", text]
        entries.append(np.stack([tie, scaled]))
    stacked = np.concatenate(entries)
    values = np.broadcast_to(np.asarray(case.values)[:1], (stacked.shape[0], mats.shape[-1]))
    return Case((stacked,), values, tuple(names), case.info)


# -- class permutation invariance ------------------------------------------------------


def _permutation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    relabellings = nom_st.relabellings(**_options(request))

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        flag = _copy_flag(draw, request)
        r = draw(relabellings)
        case = nom_enum.relabelling_case(r.matrix, r.permutation, r.relabelled)
        return _with_scaled_copy(draw, case, flag)

    return build()


CLASS_PERMUTATION_INVARIANCE = Procedure(
    cases=_permutation_cases,
    observe_undefined=True,
    decide=_decide_pairs_equal("Eff(M) vs Eff(P M P^T)"),
    description="a confusion matrix and the same with its classes consistently renamed",
    enumerate=nom_enum.permutation_levels,
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
                out.append((fixed, nom_enum.correction_name(i, j)))
    return out


def _fill_requested(m: np.ndarray, request: CaseRequest) -> np.ndarray:
    """``m`` with the empty classes the request's preconditions forbid filled."""
    return fill_empty_classes(
        m,
        gold=request.wants("no_empty_gold_class"),
        system=request.wants("no_empty_system_class"),
    )


@functools.lru_cache(maxsize=256)  # built inside draws: build each strategy once
def _few_items(request: CaseRequest, c: int) -> st.SearchStrategy[np.ndarray]:
    """A ``C x C`` matrix of a few cells with 1 to 4 items (hand-sized counterexamples)."""
    cell = st.tuples(st.integers(0, c - 1), st.integers(0, c - 1), st.integers(1, 4))

    def build(cells: list[tuple[int, int, int]]) -> np.ndarray:
        m = np.zeros((c, c), dtype=np.int64)
        for i, j, k in cells:
            m[i, j] += k
        return _fill_requested(m, request)

    return st.lists(cell, min_size=1, max_size=4).map(build)


@functools.lru_cache(maxsize=256)  # built inside draws: build each strategy once
def _dense(request: CaseRequest, c: int, level: int) -> st.SearchStrategy[np.ndarray]:
    """A ``C x C`` matrix with every cell within 9 of ``level`` (the ``dense`` corner)."""
    return nom_st.corner_matrices(
        corner="dense",
        n_classes=c,
        max_count=level,
        empty_gold_classes=not request.wants("no_empty_gold_class"),
        empty_system_classes=not request.wants("no_empty_system_class"),
    )


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
        return _fill_requested(m, request)

    return build()


#: The corners of the monotonicity claim's drawn matrices (half of them taken to one):
#: a correction of a class under 0.5 % of the items, or next to a near-empty row.
_MONOTONICITY_CORNERS = ("rare_class", "lopsided_rows")


def _monotonicity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.corrections(**_options(request), corners=_MONOTONICITY_CORNERS, corner_odds=2)
    lo = min_classes(request)
    hi = max(request.max_classes, lo)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        # Drawn first, so that shrinking can drop the corner companions while the rest still
        # contradicts the claim.
        dense_companion = draw(ax_st.BOOLEANS)
        change = draw(changes)
        c = change.matrix.shape[0]
        mats: list[np.ndarray] = []
        names: list[str] = []
        # The inner quantifier (which item moves) is finite: check every move of the drawn
        # matrix (at most C (C - 1) of them), after every move of companions of up to 4
        # classes (Hypothesis spends most of its budget near earlier cases; the companions
        # keep hand-sized corners in the whole budget, and the decision reports the first
        # failing pair, so a few-item one makes the smaller counterexample).
        smalls = []
        small_c = draw(st.integers(lo, max(lo, min(c, 4))))
        for strategy in (_few_items, _renamed_systems, _renamed_systems):
            padded = np.zeros((c, c), dtype=np.int64)  # classes beyond small_c stay unused
            padded[:small_c, :small_c] = draw(strategy(request, small_c))
            smalls.append(padded)
        # In half the cases a companion with every cell near the cap and the most classes
        # (the most items the strict cap allows, where one item moves a score least):
        # every move out of one system class.
        moves = [(m, *move) for m in smalls for move in _single_corrections(m)]
        if dense_companion:
            # The most classes with every cell near the cap, or (shrinking toward it) the
            # fewest classes with every cell at most 1.
            size, level = draw(ax_st.sampled_options(((lo, 1), (hi, request.max_count))))
            dense = draw(_dense(request, size, level))
            row = f"from system class {draw(st.integers(0, dense.shape[0] - 1))}"
            moves += [
                (dense, *move) for move in _single_corrections(dense) if move[1].endswith(row)
            ]
        moves += [(change.matrix, *move) for move in _single_corrections(change.matrix)]
        for m, fixed, text in moves:
            mats += [m, fixed]
            names += ["M", f"M' ({text})"]
        # Ragged when the dense companion has more classes than the drawn matrix.
        return Case.from_entries(
            [(m,) for m in mats],
            names,
            values=[np.arange(m.shape[-1], dtype=float) for m in mats],
        )

    return build()


def _decide_pairs_better(case: Case, obs: Observation, judge: Judge) -> Decision:
    """Rule: the second entry of every pair scores strictly better than the first.

    Pairs on which the measure is undefined, or whose scores differ within
    a precision that cannot tell a tie from rounding, are left out; a case
    without another pair lies outside the claim.
    """
    pairs = _defined_pairs(case, obs)
    if not pairs:
        return Decision.outside("the measure is undefined on every pair")
    margins = []
    for k in pairs:
        before, after = float(obs.scores[k]), float(obs.scores[k + 1])
        relation = judge.compare(after, before, partial(case.relative_change, k, k + 1))
        if relation == "unresolved":
            continue
        if relation != "better":
            return Decision(
                "fails",
                f"M' scores {fmt(after)}, M scores {fmt(before)}: M' is {relation}, not "
                "strictly better",
                (k, k + 1),
            )
        margins.append(judge.strict_margin(after, before))
    if not margins:
        k = pairs[0]
        return unresolved(float(obs.scores[k + 1]), float(obs.scores[k]), judge)
    return Decision("holds", "every corrected system scores strictly better", margin=min(margins))


NOMINAL_MONOTONICITY = Procedure(
    cases=_monotonicity_cases,
    observe_undefined=True,
    decide=_decide_pairs_better,
    description="a system and the same with one wrong item moved to its gold class (every such "
    "move of the drawn system, half of them with a rare class or a near-empty row, and of a "
    "few-item and two renamed companions; and the moves out of one system class of a "
    "companion with every cell near the cap)",
    enumerate=nom_enum.monotonicity_levels,
)


# -- prevalence invariance -----------------------------------------------------------------


def _prevalence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    real = _real_counts(request)
    changes = nom_st.gold_class_rescalings(
        **_options(request), max_factor=_WHOLE_FACTORS if real else 5, real_counts=real
    )

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        flag, ties = _copy_flag(draw, request), _tie_count(draw, request)
        case = _with_scaled_copy(draw, _pair(draw(changes)), flag)
        return _with_rounding_ties(draw, request, case, ties, whole_matrix=False)

    return build()


#: Largest whole factor (and ratio term) of a gold class for measures taking real counts.
_WHOLE_FACTORS = 1000

PREVALENCE_INVARIANCE = Procedure(
    cases=_prevalence_cases,
    observe_undefined=True,
    decide=_decide_pairs_equal("Eff(M) vs Eff(M with one gold class k times larger)"),
    description="a confusion matrix and the same with one gold class (column) k times larger: "
    "whole and whole-ratio k, and for measures taking real counts k below 1, non-integer, "
    "leaving the class under one item, and huge; plus a system on a decimal rounding tie "
    "with its gold class 0 scaled",
    enumerate=nom_enum.prevalence_levels,
)


# -- true negative invariance --------------------------------------------------------------


def _true_negative_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.true_negative_changes(**_options(request), real_counts=_real_counts(request))

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        flag = _copy_flag(draw, request)
        return _with_scaled_copy(draw, _pair(draw(changes)), flag)

    return build()


TRUE_NEGATIVE_INVARIANCE = Procedure(
    cases=_true_negative_cases,
    observe_undefined=True,
    decide=_decide_pairs_equal(
        f"Eff(M) vs Eff(M with other true negatives of class {nom_st.POSITIVE_CLASS})"
    ),
    description="a confusion matrix and the same with another count in a cell outside the row "
    "and column of class 1 (the default positive class): a whole count up to max_count, and for "
    "measures taking real counts a fractional or a huge one",
    enumerate=nom_enum.true_negative_levels,
)


# -- chance baseline ---------------------------------------------------------------------


def _baseline_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    lo = min_classes(request)
    hi = max(request.max_classes, lo)
    empty = not request.wants("no_empty_gold_class")
    real = _real_counts(request)
    # Constant systems are scored from the class proportions of the gold: golds of a
    # handful of items first (counterexamples shrink toward them), up to 1000 items per
    # class (every proportion that matters), and those scaled up to max_count or, for
    # measures taking real counts, past 2**31 and the int64 products (same proportions).

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        c = draw(st.integers(lo, hi))
        golds = nom_st.gold_counts(
            n_classes=c,
            max_count=max(request.max_count, c),
            empty_classes=empty,
            min_nonempty=2,
            real_counts=real,
        )
        first, second = draw(golds), draw(golds)
        return nom_enum.baseline_case(first, second)

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
    description="two golds with >= 2 non-empty classes and every constant system on each: a "
    "handful of items, up to 1000 per class, and those scaled up to max_count (past 2**31 and "
    "the int64 products for measures taking real counts)",
    enumerate=nom_enum.baseline_levels,
)


# -- identity ------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    changes = nom_st.imperfect_systems(**_options(request))
    real = _real_counts(request)
    # The equality half (every perfect system scores the optimum) compares no two close
    # scores: its golds are not held to the strict cap of the imperfect systems.
    big_cap = max(request.max_count, DEFAULT_MAX_COUNT) if real else request.max_count
    empty = not (request.wants("no_empty_gold_class") or request.wants("no_empty_system_class"))
    need = 2 if request.wants("at_least_two_gold_classes") else 1

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        change = draw(changes)
        c = change.matrix.shape[0]
        golds = nom_st.gold_counts(
            n_classes=c, max_count=big_cap, empty_classes=empty, min_nonempty=need, real_counts=real
        )
        large = np.diag(draw(golds))
        return nom_enum.identity_case(change.matrix, change.changed, large, change.description)

    return build()


def _decide_identity(case: Case, obs: Observation, judge: Judge) -> Decision:
    """Entry 1 is the imperfect system, every other entry a perfect one.

    An undefined perfect system beyond the first is left out (a measure may
    be undefined on a single-class gold); an undefined first pair puts the
    case outside the claim.
    """
    if obs.undefined[0] or obs.undefined[1]:
        return Decision.outside("the measure is undefined on the system or its perfect one")
    perfect, imperfect = float(obs.scores[0]), float(obs.scores[1])
    optimum = float(judge.optimum) if judge.optimum is not None else perfect
    margins = []
    for k in [0, *range(2, case.n_entries)]:
        if obs.undefined[k]:
            continue
        score = float(obs.scores[k])
        margin = judge.equality_margin(score, optimum)
        if not judge.equal(score, optimum):
            return Decision(
                "fails",
                f"the {case.names[k]} scores {fmt(score)}, the declared optimum is {fmt(optimum)}",
                (k,),
                margin=margin,
            )
        margins.append(margin)
    if judge.equal(imperfect, optimum):
        return Decision(
            "fails",
            f"a system with wrong items scores {fmt(imperfect)}, the optimum",
            (1,),
        )
    margin = min(*margins, -judge.equality_margin(imperfect, optimum))
    return Decision(
        "holds",
        f"the perfect system scores the optimum {fmt(optimum)}, the imperfect {fmt(imperfect)}",
        margin=margin,
    )


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_decide_identity,
    observe_undefined=True,
    needs_optimum=True,
    description="a system with wrong items, the perfect (diagonal) system on the same gold, and "
    "a perfect system on a large gold (up to max(max_count, 10**6) items per class, and past "
    "2**31 and the int64 products for measures taking real counts)",
    enumerate=nom_enum.identity_levels,
)


# -- the shared claims over the family's matrices -------------------------------------------


def _symmetry_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    cases = symmetry_cases(_matrices)(request)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        flag = _copy_flag(draw, request)
        return _with_scaled_copy(draw, draw(cases), flag)

    return build()


SYMMETRY = Procedure(
    cases=_symmetry_cases,
    observe_undefined=True,
    decide=_decide_pairs_equal("Eff(M) vs Eff(M.T)"),
    description="a confusion matrix (the family's corners included) and its transpose",
    enumerate=nom_enum.nominal_symmetry_levels,
)


WELL_DEFINED = Procedure(
    cases=well_defined_cases(_any_matrices),
    decide=decide_well_defined,
    observe_undefined=True,
    observe_crashes=True,
    spacing_sensitive=True,
    description="any valid confusion matrix (empty classes, constant systems, tied supports, "
    "rare classes, counts past 2**24, 2**31 and the int64 products)",
    enumerate=nom_enum.nominal_well_defined_levels,
)


def _scale_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    cases = scale_cases(_matrices)(request)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        flag, ties = _copy_flag(draw, request), _tie_count(draw, request)
        case = _with_scaled_copy(draw, draw(cases), flag)
        return _with_rounding_ties(draw, request, case, ties, whole_matrix=True)

    return build()


COUNT_SCALE_INVARIANCE = Procedure(
    cases=_scale_cases,
    observe_undefined=True,
    decide=_decide_pairs_equal("Eff(M) vs Eff(k*M)"),
    description="a confusion matrix and the same with every count multiplied by k, plus a "
    "system on a decimal rounding tie and the same scaled",
    enumerate=nom_enum.nominal_scale_levels,
)
