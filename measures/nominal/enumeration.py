"""Every case of the nominal claims up to a size: the bounded pass's enumerators.

Each ``*_levels`` function is a procedure's ``enumerate`` (see
:class:`~axiometrics.checker.cases.Procedure`): it lists, size by size,
every case the claim speaks about, built by the same case builders as the
procedure's strategy (:mod:`axiometrics.measures.nominal.procedures` imports
them from here), so that the procedure's decision rule decides them as is.
The inputs of one size are selected as whole arrays and counted exactly
before any case is built; the cases are yielded one at a time.

Two kinds of stream are merged by cost
(:func:`~axiometrics.checker.bounded.merge_levels`), cheapest level first:

* the *plain* stream: every confusion matrix (or gold) of ``N`` items at
  ``C`` classes (C <= 4 for matrices, 5 for golds) with every whole-count
  parameter of the claim, sizes ``N = 2, C = 3``;
* *corner* streams, for measures taking real counts (a callable on label
  vectors gets whole counts within its item budget only): the same small
  matrices or golds with the claim's real-valued parameters (factors below
  one, non-integer, leaving a class under one item, huge; fractional and
  huge counts; whole factors taking the counts past 2**24 or past the
  integer overflows), and a few fixed inputs at the corners of
  :mod:`.corners` (systems on a decimal rounding tie, matrices at the count
  cap, a rare gold class), whose levels follow the plain levels of up to
  100 cases (a bug a small matrix shows is reported on it).  Their sizes
  end with a pair naming the corner (``N = 1, C = 2, real factors = 1``),
  so each size is enumerated once and the bound says which corners it
  covered.

=============================  =================================================================
claim                          a level of N items at C classes holds
=============================  =================================================================
symmetry                       every non-symmetric matrix with its transpose, each pair once
                               (:func:`~axiometrics.measures._matrices.enumeration.symmetry_levels`);
                               ``scaled copy``: each pair with each of its 4 copies past 2**24
well_defined                   every matrix; ``huge counts``: each scaled just past each count
                               of :data:`~.corners.HUGE_COUNTS` (8 or 9 cases per matrix)
count_scale_invariance         every matrix times each of 7 factors; ``rounding tie``: two
                               systems on a d-digit rounding tie (N = 2 x 10**d, d = 1 .. 6)
                               times 9 decimal fractions
class_permutation_invariance   the first matrix of each orbit under renaming against every
                               other member (K - orbits cases); ``scaled copy`` as above
nominal_monotonicity           every matrix with a wrong item with all its corrections;
                               ``dense``: every cell at the cap and the most classes, a case per
                               system class; ``rare class``: a gold class of one item under
                               0.5 % of the items (C = 3, 4), a case per system class
prevalence_invariance          every matrix, non-empty gold class and factor 2, 3, 1/2, 3/2, 2/3;
                               ``real factors``: 0.1, 1.5, to 1e-6 items, 1000, 1e9, past 2**31;
                               ``rounding tie``: gold class 0 of a tie system times a fraction
true_negative_invariance       every matrix, cell outside row and column 1, and new count
                               0, 1, 2; ``real counts``: 0.5, 2**24 + 1, 3,037,000,500
chance_baseline                every gold with two non-empty classes beside the gold of one item
                               per class; ``scaled golds``: each scaled to the cap and just
                               below and past each huge count
identity                       every matrix with a wrong item beside its perfect system;
                               ``scaled golds``: perfect systems on every gold scaled as above
=============================  =================================================================

Cases a requested precondition would put outside the claim are dropped
before they cost any of the budget.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import permutations
from typing import Any

import numpy as np

from axiometrics.checker.bounded import merge_levels
from axiometrics.checker.cases import Case, CaseRequest, Level, Size
from axiometrics.checker.rules import min_classes, vector
from axiometrics.strategies import DEFAULT_MAX_COUNT, SMALL_COUNT

from .._matrices.enumeration import (
    ENUMERATED_MAX_CLASSES,
    Planned,
    admitted_matrices,
    enumerated_values,
    planned_class_count_levels,
    planned_levels,
    scale_case,
    scale_levels,
    symmetry_levels,
    transpose_pairs,
    well_defined_levels,
)
from .._matrices.inputs import fill_empty_classes
from .corners import FLOAT32_COUNTS, HUGE_COUNTS, MAX_HUGE_TOTAL, RARE_SHARE
from .strategies import POSITIVE_CLASS, constant_systems

__all__ = [
    "baseline_case",
    "baseline_levels",
    "change_case",
    "class_values",
    "copy_factors",
    "correction_name",
    "identity_case",
    "identity_levels",
    "monotonicity_levels",
    "nominal_scale_levels",
    "nominal_symmetry_levels",
    "nominal_well_defined_levels",
    "permutation_levels",
    "prevalence_levels",
    "relabelling_case",
    "true_negative_levels",
    "with_scaled_copy",
]


# -- the cases, as the strategies build them -------------------------------------------


def class_values(n_classes: int, n_entries: int) -> np.ndarray:
    """Class values ``0 .. C-1`` for every entry, ``(k, C)`` (a nominal measure reads none)."""
    return np.broadcast_to(np.arange(n_classes, dtype=float), (n_entries, n_classes))


def change_case(matrix: np.ndarray, changed: np.ndarray, description: str) -> Case:
    """``M`` and ``M'`` after one change (a gold class rescaled, a true-negative count)."""
    mats = np.stack([matrix, changed])
    return Case((mats,), class_values(mats.shape[-1], 2), ("M", f"M' ({description})"))


def relabelling_case(matrix: np.ndarray, permutation: np.ndarray, relabelled: np.ndarray) -> Case:
    """``M`` and ``P M P^T``: class ``k`` of ``M`` renamed ``permutation[k]``."""
    mats = np.stack([matrix, relabelled])
    return Case(
        (mats,),
        class_values(mats.shape[-1], 2),
        ("M", "P M P^T (classes renamed)"),
        {"class k becomes": vector(permutation)},
    )


def with_scaled_copy(case: Case, factor: int) -> Case:
    """``case`` plus its first two entries times the whole ``factor`` (a *scaled copy*)."""
    (mats,) = case.inputs
    pair = mats[:2].astype(float)
    stacked = np.concatenate([mats.astype(float), pair * factor])
    values = np.broadcast_to(np.asarray(case.values)[:1], (stacked.shape[0], mats.shape[-1]))
    names = (*case.names, f"{factor} * ({case.names[0]})", f"{factor} * ({case.names[1]})")
    return Case((stacked,), values, names, case.info)


def correction_name(source: int, gold: int) -> str:
    """How the second matrix of a monotonicity pair differs from the first."""
    return f"one item of gold class {gold} moved from system class {source}"


def baseline_case(first: np.ndarray, second: np.ndarray) -> Case:
    """Every constant system on the gold ``first``, then on the gold ``second``."""
    c = len(first)
    mats = np.concatenate([constant_systems(first), constant_systems(second)])
    names = [f"always class {k}, gold 1" for k in range(c)]
    names += [f"always class {k}, gold 2" for k in range(c)]
    return Case(
        (mats,),
        class_values(c, 2 * c),
        tuple(names),
        {"gold 1 counts": vector(first), "gold 2 counts": vector(second)},
    )


def identity_case(
    imperfect: np.ndarray, perfect: np.ndarray, large: np.ndarray, description: str
) -> Case:
    """The perfect system, a system with wrong items on its gold, and a perfect one on ``large``."""
    mats = np.stack([perfect, imperfect, large])
    return Case(
        (mats,),
        class_values(mats.shape[-1], 3),
        (
            "perfect system (diagonal)",
            f"imperfect system ({description})",
            "perfect system on a large gold (diagonal)",
        ),
    )


# -- shared helpers --------------------------------------------------------------------


def _real_counts(request: CaseRequest) -> bool:
    """Whether the measure takes real counts: no item budget (not a label-vector callable)."""
    return request.max_items is None


def _within_items(request: CaseRequest, *mats: np.ndarray) -> bool:
    """Whether every matrix holds at most the request's item budget (if any)."""
    cap = request.max_items
    return cap is None or all(float(m.sum()) <= cap for m in mats)


def _whole_factor(top: int, largest: float, total: float) -> int:
    """The odd whole factor taking a count ``largest`` just past ``top``, total <= 2**50.

    The factor :func:`~axiometrics.measures.nominal.corners.up_factor` draws
    "just past" the target (its draws "just below" are left to the search).
    """
    factor = (max(1, int(top // max(largest, 1.0))) + 1) | 1
    return max(1, min(factor, int(MAX_HUGE_TOTAL // max(total, 1.0))))


def copy_factors(pair: np.ndarray) -> tuple[int, ...]:
    """The factors of a pair's scaled copies: its largest count just past each float32 count.

    One per count of :data:`~axiometrics.measures.nominal.corners.FLOAT32_COUNTS`
    (past 2**24, short of 2**31), distinct, in that order.
    """
    largest = float(pair.max())
    total = float(pair.sum(axis=(-2, -1)).max())
    return tuple(dict.fromkeys(_whole_factor(top, largest, total) for top in FLOAT32_COUNTS))


def _corner_levels(name: str, cases: Iterable[Case]) -> Iterator[Level]:
    """Cases of fixed corner inputs as levels, one per size of their first entry, N growing.

    Sizes ``N = n, C = c, <name> = 1``: the items and classes of the input
    the case is about, and the corner.
    """
    by_size: dict[tuple[int, int], list[Case]] = {}
    for case in cases:
        first = case.entry(0)[0]
        by_size.setdefault((round(float(first.sum())), first.shape[-1]), []).append(case)
    for (n_items, n_classes), group in sorted(by_size.items()):
        size: Size = (("N", n_items), ("C", n_classes), (name, 1))
        yield Level(size, functools.partial(iter, group), len(group))


#: Fixed corner inputs (rounding ties, matrices at the cap, a rare class) are no small
#: inputs: their levels are merged as if they held this many cases more, behind the
#: small matrices' levels, so a bug a small matrix shows is reported on it.
_FIXED_CORNER_HANDICAP = 100


def _merged(plain: Iterable[Level], *fixed: Iterable[Level]) -> Iterator[Level]:
    """``plain`` and the ``fixed`` corner streams merged by count, the corners handicapped."""
    streams: list[Iterator[tuple[int, Level]]] = [((level.count or 0, level) for level in plain)]
    streams += [
        ((int(level.count or 0) + _FIXED_CORNER_HANDICAP, level) for level in stream)
        for stream in fixed
    ]
    return (level for _, level in heapq.merge(*streams, key=lambda keyed: keyed[0]))


#: A procedure's cases of one size, listed as arguments of a case builder.
_Specs = list[tuple[Any, ...]]


def _planned(build: Callable[..., Case], specs: _Specs) -> Planned:
    """The cases ``build(*spec)`` of ``specs``, counted now and built when the level runs."""
    return Planned(len(specs), lambda: (build(*spec) for spec in specs))


# -- symmetry --------------------------------------------------------------------------


def _symmetry_copies(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    specs: _Specs = []
    for m in matrices[transpose_pairs(request, matrices, values)]:
        base = Case(
            (np.stack([m, m.T]),),
            np.stack([values, values]),
            ("M", "M.T (system and gold swapped)"),
        )
        specs += [(base, f) for f in copy_factors(base.inputs[0])]
    return _planned(with_scaled_copy, specs)


def nominal_symmetry_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with its transpose; for real counts also with a copy past 2**24.

    The plain stream is the shared
    :func:`~axiometrics.measures._matrices.enumeration.symmetry_levels`;
    the ``scaled copy`` stream adds, to each of its cases, the pair times
    each factor of :func:`copy_factors` (4 cases per pair).
    """
    plain = symmetry_levels(request)
    if not _real_counts(request):
        return plain
    copies = planned_levels(
        request, functools.partial(_symmetry_copies, request), tag=("scaled copy", 1)
    )
    return merge_levels(plain, copies)


# -- well-definedness ------------------------------------------------------------------


def _huge(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    specs: _Specs = []
    for m in matrices[admitted_matrices(request, matrices, values)]:
        largest, total = float(m.max()), float(m.sum())
        factors = dict.fromkeys(_whole_factor(top, largest, total) for top in HUGE_COUNTS)
        specs += [(m.astype(np.int64) * f, values) for f in factors]
    return _planned(lambda m, v: Case.single((m,), names=("M",), values=v), specs)


def nominal_well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix; for real counts also each scaled to about each huge count.

    The ``huge counts`` stream scales every matrix so that its largest count
    passes each of :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`
    (the int32 and int64 products, uint16, float32's integers, 2**31, 2**32,
    2**40), as the strategy's quarter of scaled draws does (up to 9 cases per
    matrix, 8 when 2**31 - 1 and 2**31 give one factor).
    """
    plain = well_defined_levels(request)
    if not _real_counts(request):
        return plain
    huge = planned_levels(request, functools.partial(_huge, request), tag=("huge counts", 1))
    return merge_levels(plain, huge)


# -- rounding ties (count-scale and prevalence invariance) ------------------------------

#: The decimal fractions a rounding tie is scaled by, as ``(p, q)``: ``p / q`` of
#: :func:`~axiometrics.measures.nominal.strategies.decimal_fraction`.
_TIE_FRACTIONS = ((1, 10), (3, 10), (7, 10), (1, 100), (7, 100), (1, 1000), (1, 3), (2, 3), (3, 7))
#: Most digits of a rounding tie (gold classes of 10**6 items).
_TIE_DIGITS = 6


def _tie_systems(digits: int, n_classes: int) -> list[np.ndarray]:
    """Two systems whose accuracy and macro recall sit on a ``digits``-digit rounding tie.

    Both gold classes hold ``s = 10**digits`` items, ``t0 + t1`` is odd:
    ``t0 = s/2 + 1, t1 = s/2`` (hits in both classes; at 6 digits accuracy
    0.5000005) and ``t1 = 0`` (every hit in class 0), as
    :func:`~axiometrics.measures.nominal.strategies.rounding_tie` draws them;
    classes beyond the first two stay empty.
    """
    s = 10**digits
    half = s // 2 + 1
    out = []
    for t0, t1 in ((half, s // 2), (half - (half % 2 == 0), 0)):
        m = np.zeros((n_classes, n_classes), dtype=np.int64)
        m[:2, :2] = [[t0, s - t1], [s - t0, t1]]
        out.append(m)
    return out


def _tie_levels(
    request: CaseRequest, build: Callable[[np.ndarray, float, np.ndarray], Case]
) -> Iterator[Level]:
    """Two tie systems per number of digits times every fraction, ``build(T, k, v)``.

    One level of 18 cases per number of digits (N = 20 .. 2,000,000), at the
    fewest classes the request allows, for measures taking real counts and
    a cap of at least 10.
    """
    cap = min(request.max_count, DEFAULT_MAX_COUNT)
    if not _real_counts(request) or cap < 10:
        return iter(())
    c = min_classes(request)
    values = enumerated_values(request, c)
    top = min(_TIE_DIGITS, int(np.log10(cap)))
    ties = [
        t
        for digits in range(1, top + 1)
        for t in _tie_systems(digits, c)
        if admitted_matrices(request, t[None], values)[0]
    ]
    return _corner_levels(
        "rounding tie", (build(t, p / q, values) for t in ties for p, q in _TIE_FRACTIONS)
    )


# -- count-scale invariance --------------------------------------------------------------


def nominal_scale_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix times every factor; for real counts also rounding ties times fractions.

    The plain stream is the shared
    :func:`~axiometrics.measures._matrices.enumeration.scale_levels`; the
    ``rounding tie`` stream scales two systems on a 1- to 6-digit decimal
    rounding tie by 9 decimal fractions (0.1, 0.07, 2/3, ...): 18 cases per
    number of digits, the scaled score a last digit above or below the tie.
    """
    return _merged(scale_levels(request), _tie_levels(request, scale_case))


# -- class permutation invariance --------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _renamings(n_classes: int) -> np.ndarray:
    """Every permutation of the classes, the identity first, ``(C!, C)``."""
    return np.array(list(permutations(range(n_classes))), dtype=np.int64)


def _codes(flat: np.ndarray, base: int) -> np.ndarray:
    """Each row of counts below ``base`` as one number, in lexicographic order of the rows."""
    digits = flat.shape[-1]
    if base ** (digits + 1) < 2**62:
        weights = base ** np.arange(digits - 1, -1, -1, dtype=np.int64)
        return flat @ weights
    weights_obj = np.array([base**e for e in range(digits - 1, -1, -1)], dtype=object)
    return flat.astype(object) @ weights_obj


def _orbit_pairs(
    request: CaseRequest, matrices: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``(M, σ, P M P^T)`` for every first matrix ``M`` of its orbit and every other member.

    Renaming the classes splits the matrices into orbits; a measure is
    invariant on every pair of an orbit if it is on the pairs of its first
    member (in lexicographic order) with each other member (transitivity of
    equality, up to twice the tolerance), so each other member appears once,
    with the first permutation that reaches it.
    """
    if not len(matrices):
        return []
    k, c = matrices.shape[0], matrices.shape[-1]
    perms = _renamings(c)
    inverse = np.argsort(perms, axis=1)
    renamed = matrices[:, inverse[:, :, None], inverse[:, None, :]]  # (K, C!, C, C)
    codes = _codes(renamed.reshape(k, len(perms), c * c), int(matrices.max()) + 1)
    first = codes[:, 0] == codes.min(axis=1)
    pairs = []
    values = np.arange(c, dtype=float)
    for i in np.flatnonzero(first & admitted_matrices(request, matrices, values)):
        _, at = np.unique(codes[i], return_index=True)
        for p in sorted(int(a) for a in at if a != 0):
            if admitted_matrices(request, renamed[i, p][None], values)[0]:
                pairs.append((matrices[i], perms[p], renamed[i, p]))
    return pairs


def _permutations(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    return _planned(relabelling_case, _orbit_pairs(request, matrices))


def _permutation_copies(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    specs: _Specs = []
    for m, perm, renamed in _orbit_pairs(request, matrices):
        base = relabelling_case(m, perm, renamed)
        specs += [(base, f) for f in copy_factors(base.inputs[0])]
    return _planned(with_scaled_copy, specs)


def permutation_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix against each distinct renaming of its classes, each orbit once.

    A level of N items at C classes holds K - O cases (K matrices, O orbits
    under the C! renamings: 2 of the 4 matrices at N = 1, C = 2; 14 of 16
    at N = 1, C = 4): the first matrix of each orbit against every other
    member.  For real counts the ``scaled copy`` stream adds each pair's 4
    copies past 2**24.
    """
    plain = planned_levels(request, functools.partial(_permutations, request))
    if not _real_counts(request):
        return plain
    copies = planned_levels(
        request, functools.partial(_permutation_copies, request), tag=("scaled copy", 1)
    )
    return merge_levels(plain, copies)


# -- nominal monotonicity -----------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _corrections(n_classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every correction at C classes, system class first: ``(source, gold, delta (M, C, C))``."""
    c = n_classes
    cells = [(i, j) for i in range(c) for j in range(c) if i != j]
    deltas = np.zeros((len(cells), c, c), dtype=np.int64)
    for k, (i, j) in enumerate(cells):
        deltas[k, i, j] -= 1
        deltas[k, j, j] += 1
    sources, golds = (np.array(x, dtype=np.int64) for x in zip(*cells, strict=True))
    return sources, golds, deltas


def _correction_case(
    m: np.ndarray, afters: np.ndarray, sources: Sequence[int], golds: Sequence[int]
) -> Case:
    entries = np.empty((2 * len(afters), *m.shape), dtype=m.dtype)
    entries[0::2] = m
    entries[1::2] = afters
    names = tuple(
        name
        for i, j in zip(sources, golds, strict=True)
        for name in ("M", f"M' ({correction_name(i, j)})")
    )
    return Case((entries,), class_values(m.shape[-1], len(entries)), names)


def _corrected(request: CaseRequest, matrices: np.ndarray) -> _Specs:
    """``(M, corrected matrices, sources, golds)`` for every matrix with an admitted correction."""
    if not len(matrices):
        return []
    c = matrices.shape[-1]
    values = np.arange(c, dtype=float)
    matrices = matrices[admitted_matrices(request, matrices, values)]
    sources, golds, deltas = _corrections(c)
    valid = matrices[:, sources, golds] > 0
    afters = matrices[:, None] + deltas[None]
    # A correction a precondition rejects (no_empty_system_class: the item was the last of its
    # system class) would put the whole case outside the claim.
    valid[valid] = admitted_matrices(request, afters[valid], values)
    return [
        (matrices[i], afters[i, moved], sources[moved], golds[moved])
        for i in range(len(matrices))
        if (moved := np.flatnonzero(valid[i])).size
    ]


def _monotonicity(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    return _planned(_correction_case, _corrected(request, matrices))


def _row_cases(request: CaseRequest, matrices: list[np.ndarray]) -> list[Case]:
    """Per matrix and system class, the corrections of the items leaving that class.

    The layout of the strategy's ``dense`` companion (every move out of one
    system class), used for both fixed corners: a counterexample then shows
    the moves out of one row of a large matrix only.
    """
    out = []
    for m, afters, sources, golds in _corrected(request, np.stack(matrices)):
        for r in np.unique(sources):
            row = sources == r
            out.append(_correction_case(m, afters[row], sources[row], golds[row]))
    return out


def _dense_levels(request: CaseRequest) -> Iterator[Level]:
    """Matrices with every cell at the cap, the diagonal ``s = 9 .. 0`` below it, most classes.

    The strategy's ``dense`` companion (every cell within 9 of the cap,
    ``max(max_classes, C_min)`` classes): where one item moves a score
    least.  One level per matrix, a case per system class (12 at 12 classes).
    """
    cap = request.max_count
    c = max(request.max_classes, min_classes(request))
    mats = []
    for s in range(min(SMALL_COUNT, cap), -1, -1):
        m = np.full((c, c), cap, dtype=np.int64)
        m[np.diag_indices(c)] = cap - s
        if _within_items(request, m):
            mats.append(m)
    return _corner_levels("dense", _row_cases(request, mats) if mats else ())


def _rare_matrices(c: int, cap: int, request: CaseRequest) -> list[np.ndarray]:
    """Gold class ``j`` of one item (in system class ``r``) under 0.5 % of the items.

    As the ``rare_class`` corner builds it: the item placed, the empty classes
    a precondition forbids repaired on the diagonal, then the other gold
    classes filled cell by cell (at most ``cap`` each, from the first cell or
    from the first diagonal one) until the rare class holds less than
    :data:`~axiometrics.measures.nominal.corners.RARE_SHARE` of the items;
    only where ``C (C - 1) cap`` leaves room.
    """
    out: dict[bytes, np.ndarray] = {}
    for j in range(c):
        cells = [(i, k) for k in range(c) if k != j for i in range(c)]
        starts = (0, cells.index((cells[0][1], cells[0][1])))
        for r in range(c):
            for start in starts:
                m = np.zeros((c, c), dtype=np.int64)
                m[r, j] = 1
                fill_empty_classes(
                    m,
                    gold=request.wants("no_empty_gold_class"),
                    system=request.wants("no_empty_system_class"),
                )
                need = int(m[:, j].sum() / RARE_SHARE) + 1 - int(np.delete(m, j, axis=1).sum())
                for i, k in cells[start:] + cells[:start]:
                    add = min(max(need, 0), cap - int(m[i, k]))
                    m[i, k] += add
                    need -= add
                if need <= 0:
                    out.setdefault(m.tobytes(), m)
    return list(out.values())


def _rare_levels(request: CaseRequest) -> Iterator[Level]:
    """Every rare-class matrix at C = 3, 4, a case per system class; one level per size."""
    lo = max(min_classes(request), 3)
    mats = [
        m
        for c in range(lo, min(request.max_classes, ENUMERATED_MAX_CLASSES) + 1)
        for m in _rare_matrices(c, request.max_count, request)
        if _within_items(request, m)
    ]
    by_classes: dict[int, list[np.ndarray]] = {}
    for m in mats:
        by_classes.setdefault(m.shape[-1], []).append(m)
    cases = [case for group in by_classes.values() for case in _row_cases(request, group)]
    return _corner_levels("rare class", cases)


def monotonicity_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with a wrong item and all its corrections; the dense and rare corners.

    One case per matrix (counts at most the claim's strict cap), one pair
    per off-diagonal cell holding an item: that item moved to the diagonal
    cell of its gold class.  A level of N items at C classes holds the
    matrices with a wrong item, C(N + C² - 1, C² - 1) - C(N + C - 1, C - 1).
    The corner levels: matrices with every cell at the cap and the most
    classes (10 cases), and a gold class of one item under 0.5 % of the items
    (C = 3, 4; 2 C² cases each).
    """
    plain = planned_levels(request, functools.partial(_monotonicity, request))
    return _merged(plain, _dense_levels(request), _rare_levels(request))


# -- prevalence invariance ------------------------------------------------------------------

#: Whole factors of a gold class (kind ``integer``) and whole-number ratios ``p / q``
#: (kind ``ratio``: the column times ``q`` against it times ``p``).
_WHOLE_FACTORS = (2, 3)
_RATIOS = ((1, 2), (3, 2), (2, 3))
#: Real factors (measures taking real counts): ``below_one``, ``non_integer`` and ``huge``.
_REAL_FACTORS = (0.1, 1.5, 1e3, 1e9)
#: Items a gold class holds in all once scaled by the ``under_one_item`` factor.
_UNDER_ONE_ITEM = 1e-6
#: The ``huge`` factor also takes a class's largest count to this count (past int32).
_HUGE_COLUMN = 2**31


def _scaled_column(m: np.ndarray, j: int, k: float) -> tuple[np.ndarray, np.ndarray, str]:
    real = m.astype(float)
    real[:, j] *= k
    return m, real, f"every count of gold class {j} multiplied by {k!r}"


def _whole_changes(m: np.ndarray, j: int) -> list[tuple[np.ndarray, np.ndarray, str]]:
    room = MAX_HUGE_TOTAL / max(float(m.sum()), 1.0)
    out = []
    for whole in _WHOLE_FACTORS:
        whole = max(1, min(whole, int(room)))
        scaled = m.copy()
        scaled[:, j] *= whole
        out.append((m, scaled, f"every count of gold class {j} multiplied by {whole}"))
    for p, q in _RATIOS:
        base, scaled = m.copy(), m.copy()
        base[:, j] *= q
        scaled[:, j] *= p
        out.append((base, scaled, f"every count of gold class {j} multiplied by {p}/{q}"))
    return out


def _real_changes(m: np.ndarray, j: int) -> list[tuple[np.ndarray, np.ndarray, str]]:
    room = MAX_HUGE_TOTAL / max(float(m.sum()), 1.0)
    column = m[:, j]
    factors = [
        *_REAL_FACTORS,
        _UNDER_ONE_ITEM / float(column.sum()),
        float(max(_HUGE_COLUMN // int(column.max()), 2)),
    ]
    return [_scaled_column(m, j, min(k, room)) for k in factors]


def _prevalence(
    request: CaseRequest,
    changes: Callable[[np.ndarray, int], list[tuple[np.ndarray, np.ndarray, str]]],
    matrices: np.ndarray,
    values: np.ndarray,
) -> Planned:
    chosen = matrices[
        admitted_matrices(request, matrices, np.arange(matrices.shape[-1], dtype=float))
    ]
    specs: _Specs = [
        change
        for m in chosen
        for j in np.flatnonzero(m.sum(axis=0) > 0)
        for change in changes(m, int(j))
        if _within_items(request, change[0], change[1])
    ]
    return _planned(change_case, specs)


def prevalence_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with each non-empty gold class times each factor of the grid.

    The plain stream: factors 2 and 3 and the ratios 1/2, 3/2, 2/3 (the
    strategy's ``integer`` and ``ratio`` kinds), 5 cases per non-empty
    column of every matrix.  For real counts the ``real factors`` stream: 0.1
    (``below_one``), 1.5 (``non_integer``), the factor leaving the class
    with 1e-6 items (``under_one_item``), 1000, 1e9 and the one taking the
    class past 2**31 (``huge``), 6 cases per column; and the
    ``rounding tie`` stream: gold class 0 of a rounding-tie system times 9
    decimal fractions.
    """
    plain = planned_levels(request, functools.partial(_prevalence, request, _whole_changes))
    if not _real_counts(request):
        return plain
    real = planned_levels(
        request, functools.partial(_prevalence, request, _real_changes), tag=("real factors", 1)
    )

    def tie(t: np.ndarray, k: float, values: np.ndarray) -> Case:
        return change_case(*_scaled_column(t, 0, k))

    return _merged(merge_levels(plain, real), _tie_levels(request, tie))


# -- true negative invariance --------------------------------------------------------------

#: New true-negative counts: whole ones, and real ones (fractional, past float32's
#: integers beside a one-item positive row, past the int64 products).
_WHOLE_COUNTS = (0, 1, 2)
_REAL_COUNTS = (0.5, 2**24 + 1, 3_037_000_500)


def _count_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _true_negatives(
    request: CaseRequest, counts: Sequence[float], matrices: np.ndarray, values: np.ndarray
) -> Planned:
    c = matrices.shape[-1]
    vals = np.arange(c, dtype=float)
    chosen = matrices[admitted_matrices(request, matrices, vals)]
    others = [k for k in range(c) if k != POSITIVE_CLASS]
    specs: _Specs = []
    for m in chosen:
        for i in others:
            for j in others:
                for new in counts:
                    if new == m[i, j]:
                        continue
                    changed = m.astype(float) if isinstance(new, float) else m.copy()
                    changed[i, j] = new
                    if changed.sum() == 0 or not admitted_matrices(request, changed[None], vals)[0]:
                        continue
                    text = (
                        f"cell (system {i}, gold {j}) changed from {_count_text(m[i, j])} to "
                        f"{_count_text(changed[i, j])}: true negatives of class {POSITIVE_CLASS}"
                    )
                    specs.append((m, changed, text))
    return _planned(change_case, [s for s in specs if _within_items(request, s[1])])


def true_negative_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with each cell outside row and column 1 set to each count of the grid.

    The plain stream: the counts 0, 1 and 2 (within ``max_count``) that differ
    from the cell's, (C - 1)² cells per matrix; for real counts the
    ``real counts`` stream: 0.5, 2**24 + 1 (float32 rounds it) and
    3,037,000,500 (its square passes 2**63).  Changes leaving no item, or
    a class a requested precondition needs, are dropped.
    """
    whole = tuple(t for t in _WHOLE_COUNTS if t <= request.max_count)
    plain = planned_levels(request, functools.partial(_true_negatives, request, whole))
    if not _real_counts(request):
        return plain
    real = planned_levels(
        request,
        functools.partial(_true_negatives, request, _REAL_COUNTS),
        tag=("real counts", 1),
    )
    return merge_levels(plain, real)


# -- golds: chance baseline and identity ---------------------------------------------------


def _two_classes(golds: np.ndarray) -> np.ndarray:
    return np.count_nonzero(golds, axis=1) >= 2


def _scaled_golds(request: CaseRequest, gold: np.ndarray, cap: int) -> list[np.ndarray]:
    """``gold`` times the factors of the strategy's scaled golds, distinct.

    The factor takes the largest class to about ``cap`` and, for real
    counts, to just below and just past each of
    :data:`~axiometrics.measures.nominal.corners.HUGE_COUNTS`; the total stays
    at most 2**50.
    """
    tops = (cap, *HUGE_COUNTS) if _real_counts(request) else (cap,)
    overs = (0, 1) if _real_counts(request) else (0,)
    room = MAX_HUGE_TOTAL // int(gold.sum())
    factors = dict.fromkeys(
        max(1, min(max(1, top // int(gold.max()) + over), room)) for top in tops for over in overs
    )
    return [gold * f for f in factors if _within_items(request, gold * f)]


def _reference_gold(n_classes: int) -> np.ndarray:
    """The gold every baseline case compares with: one item per class."""
    return np.ones(n_classes, dtype=np.int64)


def _baseline(request: CaseRequest, scale: bool, golds: np.ndarray, values: np.ndarray) -> Planned:
    c = golds.shape[1]
    reference = _reference_gold(c)
    cap = max(request.max_count, c)
    firsts = [s for g in golds for s in _scaled_golds(request, g, cap)] if scale else list(golds)
    specs: _Specs = []
    for g in firsts:
        case = baseline_case(g, reference)
        if np.all(admitted_matrices(request, case.inputs[0], np.arange(c, dtype=float))):
            specs.append((g, reference))
    return _planned(baseline_case, specs)


def baseline_levels(request: CaseRequest) -> Iterator[Level]:
    """Every gold with two non-empty classes, its constant systems beside those of one per class.

    The claim is universal over pairs of golds; equality being transitive
    (up to twice the tolerance), every gold is compared with one reference,
    the gold of one item per class: one case per gold, a level of N items
    at C classes (up to 5) holding the golds with >= 2 non-empty classes.
    The ``scaled golds`` stream scales every gold as the strategy does: its
    largest class to the cap and, for real counts, just below and past each
    huge count (up to 20 cases per gold).  A constant system leaves every
    other system class empty: nothing is enumerated under
    ``no_empty_system_class``.
    """
    if request.wants("no_empty_system_class"):
        return iter(())
    cap = max(request.max_count, min_classes(request))
    common: dict[str, Any] = {"cap": cap, "select": _two_classes, "min_items": 2}
    plain = planned_class_count_levels(
        request, functools.partial(_baseline, request, False), **common
    )
    scaled = planned_class_count_levels(
        request, functools.partial(_baseline, request, True), tag=("scaled golds", 1), **common
    )
    return merge_levels(plain, scaled)


def _identity(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    c = matrices.shape[-1]
    vals = np.arange(c, dtype=float)
    off = ~np.eye(c, dtype=bool)
    wrong = matrices[:, off].sum(axis=1)
    keep = (wrong > 0) & admitted_matrices(request, matrices, vals)
    perfect = np.zeros_like(matrices)
    perfect[:, np.arange(c), np.arange(c)] = matrices.sum(axis=1)
    keep &= admitted_matrices(request, perfect, vals)
    specs: _Specs = [
        (matrices[i], perfect[i], perfect[i], f"{int(wrong[i])} wrong item(s)")
        for i in np.flatnonzero(keep)
    ]
    return _planned(identity_case, specs)


def _companion(n_classes: int) -> np.ndarray:
    """The imperfect system beside a large perfect one: one item per class, one more wrong."""
    m = np.eye(n_classes, dtype=np.int64)
    m[0, 1] = 1
    return m


def _large_perfect(request: CaseRequest, golds: np.ndarray, values: np.ndarray) -> Planned:
    c = golds.shape[1]
    vals = np.arange(c, dtype=float)
    real = _real_counts(request)
    big_cap = max(request.max_count, DEFAULT_MAX_COUNT) if real else request.max_count
    imperfect = _companion(c)
    perfect = np.diag(imperfect.sum(axis=0))
    if not np.all(admitted_matrices(request, np.stack([imperfect, perfect]), vals)):
        return Planned(0, lambda: iter(()))
    need = 2 if request.wants("at_least_two_gold_classes") else 1
    empty = not (request.wants("no_empty_gold_class") or request.wants("no_empty_system_class"))
    specs: _Specs = [
        (imperfect, perfect, np.diag(large), "1 wrong item(s)")
        for g in golds
        if np.count_nonzero(g) >= need and (empty or np.all(g > 0))
        for large in _scaled_golds(request, g, big_cap)
    ]
    return _planned(identity_case, specs)


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with a wrong item beside its perfect system; large perfect systems.

    The plain stream: one case per matrix with an off-diagonal item (counts
    at most ``max_count``): the perfect system on its gold, the matrix, and
    the perfect system again as the large one.  The ``scaled golds``
    stream: the perfect system on every small gold scaled as the strategy's
    large golds are (to ``max(max_count, 10**6)`` and, for real counts, just
    below and past each huge count), beside the fixed imperfect system
    ``I + E_01`` and its perfect system.
    """
    plain = planned_levels(request, functools.partial(_identity, request))
    scaled = planned_class_count_levels(
        request,
        functools.partial(_large_perfect, request),
        cap=min(request.max_count, 1000),
        tag=("scaled golds", 1),
    )
    return merge_levels(plain, scaled)
