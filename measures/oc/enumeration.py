"""Every case of the OC family's own claims up to a size: the bounded pass's enumerators.

Each function is a procedure's ``enumerate`` (see
:class:`~axiometrics.checker.cases.Procedure`): it lists, size by size
(``N`` items, ``C`` classes; cheapest levels first), every case the claim
speaks about, built exactly as the procedure's strategy builds its cases
(same entries, names and ``info``), so that the procedure's decision rule
decides them as is.  The inputs of one size are built as whole arrays; the
cases are yielded one at a time.

* :func:`ordinal_invariance_levels`: every confusion matrix, scored with
  the enumerated values ``v`` and with every other strictly increasing
  vector ``w`` of the value grid (every strictly increasing map ``f`` of
  ``v`` into the grid): matrices x C(grid size, C) cases per level;
* :func:`ordinal_monotonicity_levels`: every confusion matrix with every
  one-item move toward its gold (one case per matrix, one pair per move);
* :func:`imbalance_levels`: every gold with a contiguous triple
  ``|c1| > |c3| >= 1`` and, per triple, its two one-item moves to ``c2``;
* :func:`constant_system_levels`: every gold with at least two non-empty
  classes of pairwise different sizes and its C constant systems;
* :func:`identity_levels`: every gold and its perfect system.

Cases a requested precondition would put outside the claim are dropped
before they cost any of the budget.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import numpy as np

from axiometrics.checker.cases import Case, CaseRequest, Level
from axiometrics.checker.enumeration import INTEGER_VALUE_GRID, VALUE_GRID, increasing_vectors
from axiometrics.checker.rules import min_classes, vector

from .._matrices.enumeration import (
    admitted_matrices,
    class_count_levels,
    enumerated_values,
    matrix_levels,
)

__all__ = [
    "constant_system_levels",
    "identity_levels",
    "imbalance_levels",
    "ordinal_invariance_levels",
    "ordinal_monotonicity_levels",
    "value_targets",
]


def _within_cap(request: CaseRequest, matrices: np.ndarray) -> np.ndarray:
    """Matrices whose every cell is at most the request's count cap, ``(K,)`` bool."""
    return np.all(matrices <= request.max_count, axis=(1, 2))


# -- ordinal invariance ----------------------------------------------------------------


def _exact(v: np.ndarray) -> str:
    """A value vector with every digit that tells two grid values apart (``1.000000001``)."""
    return "[" + ", ".join(f"{x:.12g}" for x in np.asarray(v)) + "]"


def value_targets(request: CaseRequest, n_classes: int, values: np.ndarray) -> np.ndarray:
    """The vectors ``w = f(v)`` a matrix is scored with, ``(J, C)``.

    Every strictly increasing vector of :data:`~axiometrics.checker.enumeration.VALUE_GRID`
    (:data:`~axiometrics.checker.enumeration.INTEGER_VALUE_GRID` when the
    measure takes integer labels) but ``values`` itself (the identity map
    decides nothing), in grid order.
    """
    grid = INTEGER_VALUE_GRID if request.integer_values else VALUE_GRID
    targets = increasing_vectors(n_classes, grid)
    return targets[~np.all(targets == np.asarray(values, dtype=float), axis=1)]


def _invariance_cases(
    request: CaseRequest, matrices: np.ndarray, values: np.ndarray
) -> Iterator[Case]:
    matrices = matrices[_within_cap(request, matrices)]
    matrices = matrices[admitted_matrices(request, matrices, values)]
    targets = value_targets(request, matrices.shape[-1], values)
    # Which (matrix, w) pairs a value precondition (equidistant_values) admits.
    ok = np.stack([admitted_matrices(request, matrices, w) for w in targets], axis=1)
    pairs = np.stack([matrices, matrices], axis=1)
    stacked = np.stack([np.broadcast_to(values, targets.shape), targets], axis=1)
    infos = [{"transform": f"{_exact(values)} -> {_exact(w)} (order kept)"} for w in targets]
    names = ("with values v", "with values f(v)")
    for k, j in zip(*np.nonzero(ok), strict=True):
        yield Case((pairs[k],), stacked[j], names, infos[j])


def ordinal_invariance_levels(request: CaseRequest) -> Iterator[Level]:
    """Every confusion matrix scored with ``v`` and with every increasing ``w`` of the grid.

    ``v`` is the enumerated values (``0 .. C-1``, or ``0, 1, 3, 7`` at
    arbitrary spacing).  Scoring every matrix with ``v`` and with each ``w``
    covers every pair of grid vectors ``(w1, w2)`` by transitivity of
    equality (up to twice the tolerance), so ``v`` stays fixed.  A level of
    N items at C classes holds C(N + C² - 1, C² - 1) x (C(grid, C) - 1) cases.
    """

    def per_matrix(c: int) -> int:
        return len(value_targets(request, c, enumerated_values(request, c)))

    if per_matrix(min_classes(request)) == 0:
        # More classes than grid values (only a request for that many
        # classes reaches them): no increasing vector to score with.
        return iter(())
    return matrix_levels(
        request, functools.partial(_invariance_cases, request), per_matrix=per_matrix
    )


# -- ordinal monotonicity --------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _moves(n_classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[str, ...]]:
    """Every one-item move toward the gold at C classes: ``(source, gold, delta, labels)``.

    An item of gold class ``g`` in system class ``s != g`` moves to any
    ``t`` between ``s`` (excluded) and ``g`` (included): toward its gold,
    never past it.  ``delta`` ``(M, C, C)`` is what the move adds to the matrix.
    """
    c = n_classes
    sources, golds, deltas, labels = [], [], [], []
    for s in range(c):
        for g in range(c):
            if s == g:
                continue
            step = 1 if g > s else -1
            for t in range(s + step, g + step, step):
                delta = np.zeros((c, c), dtype=np.int64)
                delta[s, g] -= 1
                delta[t, g] += 1
                sources.append(s)
                golds.append(g)
                deltas.append(delta)
                labels.append(f"1 item of gold class {g} moved from system class {s} to {t}")
    return np.array(sources), np.array(golds), np.stack(deltas), tuple(labels)


def _monotonicity_cases(
    request: CaseRequest, matrices: np.ndarray, values: np.ndarray
) -> Iterator[Case]:
    matrices = matrices[_within_cap(request, matrices)]
    matrices = matrices[admitted_matrices(request, matrices, values)]
    k, c = matrices.shape[0], matrices.shape[-1]
    sources, golds, deltas, labels = _moves(c)
    afters = matrices[:, None] + deltas[None]
    valid = matrices[:, sources, golds] > 0
    # A move a precondition rejects (no_empty_system_class: the item was the
    # last of its system class) would put the whole case outside the claim.
    valid[valid] = admitted_matrices(request, afters[valid], values)
    for i in range(k):
        moved = np.flatnonzero(valid[i])
        if not moved.size:
            continue  # a perfect system: nothing moves toward the gold
        entries = np.empty((2 * moved.size, c, c), dtype=matrices.dtype)
        entries[0::2] = matrices[i]
        entries[1::2] = afters[i, moved]
        names = tuple(name for m in moved for name in ("s", f"s' ({labels[m]})"))
        yield Case((entries,), values, names)


def ordinal_monotonicity_levels(request: CaseRequest) -> Iterator[Level]:
    """Every confusion matrix with every one-item move toward the gold, one case per matrix.

    Each case pairs the matrix ``s`` with ``s'`` for every item moved from
    its system class to any class toward its gold class, up to it (the
    claim's premise with one changed item).  A move of several items is a
    chain of one-item moves between matrices of the same size, so a measure
    strictly better on every one-item move is strictly better on every move
    of the bound.  A level of N items at C classes holds at most
    C(N + C² - 1, C² - 1) cases (the perfect systems have none).
    """
    return matrix_levels(request, functools.partial(_monotonicity_cases, request))


# -- imbalance -------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _triples(n_classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every contiguous triple in the strategy's order: ``(c1, c2, c3, delta)``.

    ``delta`` ``(T, 2, C, C)``: what moving one item of ``c3``, then of
    ``c1``, to ``c2`` adds to the perfect system.
    """
    c = n_classes
    c1s, c2s, c3s, deltas = [], [], [], []
    for c2 in range(1, c - 1):
        for step in (-1, 1):
            c1, c3 = c2 + step, c2 - step
            pair = np.zeros((2, c, c), dtype=np.int64)
            for e, source in enumerate((c3, c1)):
                pair[e, source, source] -= 1
                pair[e, c2, source] += 1
            c1s.append(c1)
            c2s.append(c2)
            c3s.append(c3)
            deltas.append(pair)
    return np.array(c1s), np.array(c2s), np.array(c3s), np.stack(deltas)


def _has_triple(golds: np.ndarray) -> np.ndarray:
    c1, _, c3, _ = _triples(golds.shape[1])
    return np.any((golds[:, c1] > golds[:, c3]) & (golds[:, c3] >= 1), axis=1)


def _perfect_systems(golds: np.ndarray) -> np.ndarray:
    """``diag(n)`` for every gold ``n``, ``(K, C, C)``."""
    k, c = golds.shape
    out = np.zeros((k, c, c), dtype=golds.dtype)
    out[:, np.arange(c), np.arange(c)] = golds
    return out


def _imbalance_cases(request: CaseRequest, golds: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    k, c = golds.shape
    c1, c2, c3, deltas = _triples(c)
    valid = (golds[:, c1] > golds[:, c3]) & (golds[:, c3] >= 1)
    mats = _perfect_systems(golds)[:, None, None] + deltas[None]
    admitted = admitted_matrices(request, mats.reshape(-1, c, c), values).reshape(k, len(c1), 2)
    # The strategy's case holds every triple of its gold: one rejected entry
    # puts the whole case outside the claim.
    whole = ~np.any(valid[..., None] & ~admitted, axis=(1, 2))
    for i in np.flatnonzero(whole & valid.any(axis=1)):
        n = golds[i]
        chosen = np.flatnonzero(valid[i])
        names = tuple(
            f"one item of {label}={source} (|{label}|={n[source]}) moved to c2={c2[t]}"
            for t in chosen
            for source, label in ((c3[t], "c3"), (c1[t], "c1"))
        )
        entries = mats[i, chosen].reshape(-1, c, c)
        yield Case((entries,), values, names, {"gold counts": vector(n)})


def imbalance_levels(request: CaseRequest) -> Iterator[Level]:
    """Every gold with a contiguous triple ``|c1| > |c3| >= 1``, each triple's two moves.

    One case per gold (C >= 3 classes, counts at most the strategy's cap
    ``max(max_count, 2)``): for every contiguous triple (either direction)
    the gold with one item of ``c3`` and with one item of ``c1`` moved to
    ``c2``.  A level of N items at C classes holds at most C(N + C - 1, C - 1)
    cases.
    """
    return class_count_levels(
        request,
        functools.partial(_imbalance_cases, request),
        cap=max(request.max_count, 2),
        floor=3,
        select=_has_triple,
        min_items=3,
    )


# -- constant systems ------------------------------------------------------------------


def _distinct_sizes(golds: np.ndarray) -> np.ndarray:
    """At least two non-empty classes, and the non-empty sizes pairwise different."""
    ordered = np.sort(golds, axis=1)
    repeated = np.any((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] > 0), axis=1)
    return (np.count_nonzero(golds, axis=1) >= 2) & ~repeated


def _constant_cases(request: CaseRequest, golds: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    k, c = golds.shape
    mats = np.zeros((k, c, c, c), dtype=golds.dtype)
    mats[:, np.arange(c), np.arange(c), :] = golds[:, None, :]
    admitted = admitted_matrices(request, mats.reshape(-1, c, c), values).reshape(k, c)
    names = tuple(f"always class {j}" for j in range(c))
    for i in np.flatnonzero(admitted.all(axis=1)):
        yield Case((mats[i],), values, names, {"gold counts": vector(golds[i])})


def constant_system_levels(request: CaseRequest) -> Iterator[Level]:
    """Every gold with >= 2 non-empty classes of pairwise different sizes, and its constant systems.

    One case per gold (counts at most the strategy's cap
    ``max(max_count, max_classes)``) holding the C systems "always class
    k".  The claim is universal over golds (the existential quantifier over
    the constant systems is decided inside each case), so every gold is
    enumerated.  A level of N items at C classes holds at most
    C(N + C - 1, C - 1) cases.
    """
    return class_count_levels(
        request,
        functools.partial(_constant_cases, request),
        cap=max(request.max_count, request.max_classes),
        select=_distinct_sizes,
        min_items=3,
    )


# -- identity --------------------------------------------------------------------------


def _identity_cases(request: CaseRequest, golds: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    perfect = _perfect_systems(golds)
    for i in np.flatnonzero(admitted_matrices(request, perfect, values)):
        yield Case((perfect[i : i + 1],), values, ("perfect system",))


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """Every gold (at least one item, counts at most ``max_count``) and its perfect system.

    A level of N items at C classes holds C(N + C - 1, C - 1) cases (those
    with an empty class dropped under ``no_empty_gold_class``).
    """
    return class_count_levels(
        request, functools.partial(_identity_cases, request), cap=request.max_count
    )
