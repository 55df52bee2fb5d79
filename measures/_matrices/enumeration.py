"""Every confusion matrix up to a size: the bounded pass's inputs for oc and nominal.

A C x C matrix of non-negative counts with N items in all is a way of
putting N items into C² cells, so there are C(N + C² - 1, C² - 1) of them
(stars and bars).  :func:`matrices_with` lists them all as one array;
:func:`matrix_levels` turns them, size by size, into the
:class:`~axiometrics.checker.cases.Level` objects of a bounded pass, one
stream per number of classes merged by cost (:func:`~axiometrics.checker.bounded.merge_levels`):
two classes reach many items, four classes a few, within one budget.

A procedure gives :func:`matrix_levels` a ``build`` function turning the
matrices of one size into its cases (``M`` alone, ``M`` and ``M.T``, ``M``
and every one-item move of ``M``, ...) and the number of cases per matrix.

Claims about a gold alone (the perfect system, constant systems, one gold
item moved) enumerate the gold's class counts instead: every way of putting
N items into C classes, C(N + C - 1, C - 1) vectors, through
:func:`class_count_levels`; :func:`admitted_matrices` drops the entries a
requested precondition would put outside the claim before they cost a case.

A procedure whose cases per matrix vary (only the matrices with a wrong
item, every distinct renaming, each parameter of a grid that a matrix
admits) gives :func:`planned_levels` a ``plan`` instead: it selects the
cases of one size as arrays, so that the level counts them exactly before
any is built.  The shared claims' enumerators (:func:`symmetry_levels`,
:func:`well_defined_levels`, :func:`scale_levels`) are the ``symmetry``,
``well_defined`` and ``count_scale_invariance`` procedures' of
:mod:`axiometrics.measures._matrices.procedures`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import count

import numpy as np

from axiometrics.checker.bounded import merge_levels
from axiometrics.checker.cases import Case, CaseRequest, Level, Size
from axiometrics.checker.enumeration import SCALE_FACTORS, composition_count, compositions
from axiometrics.checker.rules import min_classes
from axiometrics.claims import get_precondition

__all__ = [
    "ENUMERATED_MAX_CLASSES",
    "ENUMERATED_MAX_GOLD_CLASSES",
    "MAX_SCALED_TOTAL",
    "Planned",
    "admitted_matrices",
    "class_count_levels",
    "class_counts_with",
    "enumerated_values",
    "matrices_with",
    "matrix_count",
    "matrix_levels",
    "planned_class_count_levels",
    "planned_levels",
    "scale_case",
    "scale_factors_for",
    "scale_levels",
    "single_matrices",
    "symmetry_levels",
    "transpose_pairs",
    "well_defined_levels",
]

#: The most classes the bounded pass enumerates (C = 5 has 25 cells: even
#: N = 2 gives 325 matrices, beyond any useful budget for relational claims).
ENUMERATED_MAX_CLASSES = 4

#: ``build(matrices (K, C, C), values (C,)) -> cases``: a procedure's cases of one size.
Build = Callable[[np.ndarray, np.ndarray], Iterable[Case]]


def matrix_count(n_items: int, n_classes: int) -> int:
    """How many C x C count matrices hold exactly ``n_items`` items: C(N + C² - 1, C² - 1)."""
    return composition_count(n_items, n_classes * n_classes)


def matrices_with(n_items: int, n_classes: int) -> np.ndarray:
    """Every C x C count matrix with exactly ``n_items`` items, ``(K, C, C)`` int64.

    Each once, in a fixed order; ``K`` is :func:`matrix_count`.
    """
    return compositions(n_items, n_classes * n_classes).reshape(-1, n_classes, n_classes)


def enumerated_values(request: CaseRequest, n_classes: int) -> np.ndarray:
    """Class values of enumerated cases: ``0 .. C-1``, or ``0, 1, 3, 7, ...`` if arbitrary.

    At arbitrary spacing the gaps double (1, 2, 4, ...): unequal, so that a
    property relying on equal spacing fails on them, and integral, so that
    label-vector callables see integer labels.
    """
    if request.spacing == "equidistant":
        return np.arange(n_classes, dtype=float)
    return np.concatenate([[0.0], np.cumsum(2.0 ** np.arange(n_classes - 1))])


def _allowed(request: CaseRequest, matrices: np.ndarray) -> np.ndarray:
    """The matrices the request's empty-class preconditions and count cap admit."""
    keep = np.all(matrices <= request.max_count, axis=(1, 2))
    if request.wants("no_empty_gold_class"):
        keep &= np.all(matrices.sum(axis=1) > 0, axis=1)
    if request.wants("no_empty_system_class"):
        keep &= np.all(matrices.sum(axis=2) > 0, axis=1)
    return keep


def _stream(
    request: CaseRequest, n_classes: int, build: Build, per_matrix: int, min_items: int
) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    cap = request.max_items
    for n_items in count(min_items):
        if cap is not None and n_items > cap:
            return
        total = matrix_count(n_items, n_classes) * per_matrix

        def cases(n: int = n_items) -> Iterable[Case]:
            matrices = matrices_with(n, n_classes)
            return build(matrices[_allowed(request, matrices)], values)

        yield Level((("N", n_items), ("C", n_classes)), cases, total)


def matrix_levels(
    request: CaseRequest,
    build: Build,
    *,
    per_matrix: Callable[[int], int] = lambda c: 1,
    floor: int = 2,
    min_items: int = 1,
) -> Iterator[Level]:
    """A procedure's levels over every confusion matrix, cheapest first.

    Parameters
    ----------
    request
        The claim's case request: its class bounds (capped at
        :data:`ENUMERATED_MAX_CLASSES`), spacing, empty-class preconditions
        and item cap apply.
    build
        ``build(matrices, values)``: the cases of the matrices of one size.
    per_matrix
        ``per_matrix(C)``: cases per matrix at C classes (the level's count
        is this times :func:`matrix_count`; an upper bound is fine).
    floor
        The fewest classes the procedure needs.
    min_items
        The fewest items (a matrix without items is no valid input).
    """
    lo = min_classes(request, floor)
    hi = min(request.max_classes, ENUMERATED_MAX_CLASSES)
    streams = [
        _stream(request, c, build, per_matrix(c), min_items) for c in range(lo, max(lo, hi) + 1)
    ]
    return merge_levels(*streams)


def _single(names: tuple[str, ...], matrices: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    for m in matrices:
        yield Case((m[None, ...],), values, names)


def single_matrices(request: CaseRequest) -> Iterator[Level]:
    """Every confusion matrix as a one-entry case ``M``: the families' ``enumerate_inputs``."""
    return matrix_levels(request, partial(_single, ("M",)))


@dataclass(frozen=True)
class Planned:
    """The cases of one size, counted before any is built.

    Attributes
    ----------
    count
        How many cases :attr:`cases` yields.
    cases
        ``cases() -> iterable of Case``, built one at a time when the level runs.
    """

    count: int
    cases: Callable[[], Iterable[Case]]


#: ``plan(matrices (K, C, C), values (C,)) -> Planned``: a procedure's cases of one size.
Plan = Callable[[np.ndarray, np.ndarray], Planned]


def _planned_stream(
    request: CaseRequest, n_classes: int, plan: Plan, min_items: int, tag: tuple[str, int] | None
) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    extra = () if tag is None else (tag,)
    for n_items in count(min_items):
        if request.max_items is not None and n_items > request.max_items:
            return
        matrices = matrices_with(n_items, n_classes)
        planned = plan(matrices[_allowed(request, matrices)], values)
        size: Size = (("N", n_items), ("C", n_classes), *extra)
        yield Level(size, planned.cases, planned.count)


def planned_levels(
    request: CaseRequest,
    plan: Plan,
    *,
    floor: int = 2,
    min_items: int = 1,
    tag: tuple[str, int] | None = None,
) -> Iterator[Level]:
    """A procedure's levels over every confusion matrix, each counted exactly, cheapest first.

    Like :func:`matrix_levels`, but ``plan`` selects the cases of one size
    as arrays first (which matrices have a wrong item, which renamings are
    distinct, which parameters a matrix admits), so that the level's count
    is exact and a level that fits the budget is not skipped for an upper
    bound that does not.  The matrices handed to ``plan`` already meet the
    request's count cap and empty-class preconditions.

    Parameters
    ----------
    request
        The claim's case request (class bounds capped at
        :data:`ENUMERATED_MAX_CLASSES`, spacing, preconditions, item cap).
    plan
        ``plan(matrices, values) -> Planned``: the cases of one size.
    floor
        The fewest classes the procedure needs.
    min_items
        The fewest items of a matrix.
    tag
        A last ``(name, value)`` pair of every size, telling a stream of
        corner cases (e.g. ``("scaled copy", 1)``) from the plain stream of
        the same matrices: each size is then enumerated once.
    """
    lo = min_classes(request, floor)
    hi = min(request.max_classes, ENUMERATED_MAX_CLASSES)
    streams = [
        _planned_stream(request, c, plan, min_items, tag) for c in range(lo, max(lo, hi) + 1)
    ]
    return merge_levels(*streams)


#: The most classes of an enumerated gold (class counts alone): C = 5 has
#: C(N + 4, 4) golds of N items, 126 at N = 5, cheap beside the matrices.
ENUMERATED_MAX_GOLD_CLASSES = 5

#: ``build(golds (K, C), values (C,)) -> cases``: a procedure's cases of one gold size.
GoldBuild = Callable[[np.ndarray, np.ndarray], Iterable[Case]]
#: ``select(golds (K, C)) -> (K,) bool``: the golds a procedure speaks about.
Select = Callable[[np.ndarray], np.ndarray]


def admitted_matrices(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Which matrices meet every precondition the request names, ``(K,)`` bool.

    The family's own vectorised predicates (the ones the checker enforces
    on every entry) are applied to ``matrices (K, C, C)`` scored with
    ``values (C,)``: an enumerator drops what they reject before it becomes
    a case, so cases outside the claim cost none of the budget.
    """
    matrices = np.asarray(matrices)
    keep = np.ones(matrices.shape[0], dtype=bool)
    if not matrices.shape[0]:
        return keep
    vals = np.broadcast_to(np.asarray(values, dtype=float), (matrices.shape[0], matrices.shape[-1]))
    for name in sorted(request.preconditions):
        predicate = get_precondition(name).predicate(request.family)
        keep &= np.asarray(predicate(matrices, values=vals), dtype=bool).reshape(keep.shape)
    return keep


def class_counts_with(n_items: int, n_classes: int) -> np.ndarray:
    """Every vector of ``n_classes`` class counts summing to ``n_items``, ``(K, C)`` int64.

    Each once, in a fixed order; ``K`` is C(N + C - 1, C - 1).
    """
    return compositions(n_items, n_classes)


def _admitted_golds(
    request: CaseRequest, n_classes: int, cap: int, select: Select | None, min_items: int
) -> Iterator[tuple[int, np.ndarray]]:
    """``(N, golds)``: the golds of N items at C classes the claim speaks about, N growing.

    Golds within the count cap and the empty-class precondition that
    ``select`` keeps; a size without any is skipped (too few items for the
    claim's condition: nothing to decide, no level).  Beyond C * cap items
    (or the request's item cap) no gold fits: the stream ends there.
    """
    last = n_classes * cap
    if request.max_items is not None:
        last = min(last, request.max_items)
    for n_items in range(min_items, last + 1):
        golds = class_counts_with(n_items, n_classes)
        keep = np.all(golds <= cap, axis=1)
        if request.wants("no_empty_gold_class"):
            keep &= np.all(golds > 0, axis=1)
        if select is not None:
            keep &= np.asarray(select(golds), dtype=bool)
        if keep.any():
            yield n_items, golds[keep]


def _gold_stream(
    request: CaseRequest,
    n_classes: int,
    build: GoldBuild,
    cap: int,
    select: Select | None,
    min_items: int,
) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    for n_items, golds in _admitted_golds(request, n_classes, cap, select, min_items):

        def cases(g: np.ndarray = golds) -> Iterable[Case]:
            return build(g, values)

        yield Level((("N", n_items), ("C", n_classes)), cases, len(golds))


def class_count_levels(
    request: CaseRequest,
    build: GoldBuild,
    *,
    cap: int,
    floor: int = 2,
    select: Select | None = None,
    min_items: int = 1,
) -> Iterator[Level]:
    """A procedure's levels over every gold (items per class), cheapest first.

    One stream per number of classes (from the request's fewest, at least
    ``floor``, to :data:`ENUMERATED_MAX_GOLD_CLASSES`), merged by cost; a
    level holds every gold of N items at C classes that the procedure speaks
    about, and counts them exactly (one case per gold; ``build`` may drop
    golds whose case a requested precondition puts outside the claim).

    Parameters
    ----------
    request
        The claim's case request: its class bounds, spacing, item cap and
        ``no_empty_gold_class`` apply.
    build
        ``build(golds, values)``: the cases of the golds of one size.
    cap
        The largest count of one class (the procedure's strategy's cap).
    floor
        The fewest classes the procedure needs.
    select
        ``select(golds) -> mask``: the golds the claim speaks about (``None``: all).
    min_items
        The fewest items of a gold.
    """
    lo = min_classes(request, floor)
    hi = min(request.max_classes, ENUMERATED_MAX_GOLD_CLASSES)
    streams = [
        _gold_stream(request, c, build, cap, select, min_items) for c in range(lo, max(lo, hi) + 1)
    ]
    return merge_levels(*streams)


def _planned_gold_stream(
    request: CaseRequest,
    n_classes: int,
    plan: Plan,
    cap: int,
    select: Select | None,
    min_items: int,
    tag: tuple[str, int] | None,
) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    extra = () if tag is None else (tag,)
    for n_items, golds in _admitted_golds(request, n_classes, cap, select, min_items):
        planned = plan(golds, values)
        size: Size = (("N", n_items), ("C", n_classes), *extra)
        yield Level(size, planned.cases, planned.count)


def planned_class_count_levels(
    request: CaseRequest,
    plan: Plan,
    *,
    cap: int,
    floor: int = 2,
    select: Select | None = None,
    min_items: int = 1,
    tag: tuple[str, int] | None = None,
) -> Iterator[Level]:
    """A procedure's levels over every gold, each counted exactly, cheapest first.

    Like :func:`class_count_levels`, but ``plan(golds, values) -> Planned``
    counts the cases of one size before any is built (a gold may give
    several cases, e.g. one per scale factor, or none, when a requested
    precondition rejects them).  ``tag`` is a last ``(name, value)`` pair of
    every size, as for :func:`planned_levels`.
    """
    lo = min_classes(request, floor)
    hi = min(request.max_classes, ENUMERATED_MAX_GOLD_CLASSES)
    streams = [
        _planned_gold_stream(request, c, plan, cap, select, min_items, tag)
        for c in range(lo, max(lo, hi) + 1)
    ]
    return merge_levels(*streams)


# -- the shared claims' cases ----------------------------------------------------------

#: Largest total count of a scaled matrix: float64 integers stay exact below 2**53.
MAX_SCALED_TOTAL = 2.0**50
#: Integer factors for measures called on item lists (their counts stay integral).
_INTEGER_FACTORS = tuple(int(k) for k in SCALE_FACTORS if float(k).is_integer())
_SYMMETRY_NAMES = ("M", "M.T (system and gold swapped)")


def _lexicographically_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise ``tuple(a[k]) < tuple(b[k])`` of two ``(K, D)`` arrays, ``(K,)`` bool."""
    differ = a != b
    first = np.argmax(differ, axis=1)
    rows = np.arange(len(a))
    return differ.any(axis=1) & (a[rows, first] < b[rows, first])


def transpose_pairs(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Which matrices start a case ``(M, M.T)``, ``(K,)`` bool.

    Equality is symmetric: ``M`` against ``M.T`` is the case ``M.T``
    against ``M``, so each unordered pair is kept once (``M`` the first in
    lexicographic order), and a symmetric ``M``, which would compare a
    matrix with itself, not at all.  Both members must meet the requested
    preconditions.
    """
    k, c = len(matrices), matrices.shape[-1]
    transposed = np.swapaxes(matrices, 1, 2)
    keep = _lexicographically_less(matrices.reshape(k, c * c), transposed.reshape(k, c * c))
    keep &= admitted_matrices(request, matrices, values)
    keep &= admitted_matrices(request, transposed, values)
    return keep


def _symmetry(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    chosen = matrices[transpose_pairs(request, matrices, values)]
    pair_values = np.stack([values, values])

    def cases() -> Iterator[Case]:
        for m in chosen:
            yield Case((np.stack([m, m.T]),), pair_values, _SYMMETRY_NAMES)

    return Planned(len(chosen), cases)


def symmetry_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with its transpose, each unordered pair once (``symmetry``).

    A level of N items at C classes holds the matrices that are not
    symmetric, halved: ``(K - S) / 2`` cases for the K matrices of the size,
    S of them symmetric (fewer under an empty-class precondition).
    """
    return planned_levels(request, partial(_symmetry, request))


def _well_defined(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    chosen = matrices[admitted_matrices(request, matrices, values)]
    return Planned(len(chosen), partial(_single, ("M",), chosen, values))


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix alone (``well_defined``): C(N + C² - 1, C² - 1) cases per level."""
    return planned_levels(request, partial(_well_defined, request))


def scale_factors_for(request: CaseRequest, total: int) -> tuple[float, ...] | tuple[int, ...]:
    """The factors ``k`` a matrix of ``total`` items is scaled by.

    :data:`~axiometrics.checker.enumeration.SCALE_FACTORS` (each held to
    ``k * total <= MAX_SCALED_TOTAL``, as the strategy holds them); for
    measures called on item lists, the integer ones keeping ``k * M``
    within the item budget.
    """
    if request.max_items is None:
        return tuple(min(k, MAX_SCALED_TOTAL / max(float(total), 1.0)) for k in SCALE_FACTORS)
    return tuple(k for k in _INTEGER_FACTORS if k * total <= request.max_items)


def scale_case(matrix: np.ndarray, k: float, values: np.ndarray) -> Case:
    """The case ``(M, k * M)`` of ``count_scale_invariance``, as its strategy builds it.

    A float ``k`` scales real counts (``M`` itself then in float); an int
    ``k`` (measures called on item lists) keeps the counts whole.
    """
    pair = np.stack([values, values])
    if isinstance(k, int):
        return Case(
            (np.stack([matrix, matrix * k]),), pair, ("M", f"{k} * M"), {"factor k": str(k)}
        )
    return Case(
        (np.stack([matrix.astype(float), matrix * k]),),
        pair,
        ("M", f"{k!r} * M"),
        {"factor k": repr(k)},
    )


def _scaled(request: CaseRequest, matrices: np.ndarray, values: np.ndarray) -> Planned:
    chosen = matrices[admitted_matrices(request, matrices, values)]
    total = int(chosen[0].sum()) if len(chosen) else 0
    factors = scale_factors_for(request, total)

    def cases() -> Iterator[Case]:
        for m in chosen:
            for k in factors:
                yield scale_case(m, k, values)

    return Planned(len(chosen) * len(factors), cases)


def scale_levels(request: CaseRequest) -> Iterator[Level]:
    """Every matrix with every factor of :data:`SCALE_FACTORS` (``count_scale_invariance``).

    For measures called on item lists, the integer factors that keep ``k * M``
    within the item budget.  A level of N items at C classes holds
    C(N + C² - 1, C² - 1) x 7 cases (every matrix of a level has the same
    total, so the same factors).
    """
    return planned_levels(request, partial(_scaled, request))
