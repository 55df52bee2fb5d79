"""Every OQ input up to a size: the bounded pass's distribution pairs and related cases.

A distribution over C ordered classes whose probabilities are multiples of
1/k is a way of putting k units into C bins, divided by k: there are
C(k + C - 1, C - 1) of them (stars and bars; :func:`grid_distributions`).
The size of a case is the finest grid it needs, with the number of classes:
``(("k", k), ("C", C))``, shown as ``"k = 2, C = 3"``.

* A distribution's own size is its smallest denominator (the counts' total
  once divided by their gcd): :func:`primitive_distributions` lists those of
  size exactly k, ``sum_{d | k} mu(k / d) C(d + C - 1, C - 1)`` of them.
* A pair ``(p, q)`` lies on the grid 1/k when both members do; its size is
  the least such k, the lcm of the members' sizes.  Level k holds every
  pair of distributions on the grid 1/k that is not on a coarser grid 1/d
  (d a proper divisor of k), so that no pair comes twice, and
  ``sum_{d | k} mu(k / d) C(d + C - 1, C - 1)²`` of them
  (:func:`pair_count`, :func:`distribution_pairs_with`): the pairs of every
  level dividing k together are the ``C(k + C - 1, C - 1)²`` pairs of the grid.
* A mass transfer's size is its step: level k moves one unit 1/k of an
  estimate on the grid 1/k (against a gold on that grid).  A transfer of
  several units is a chain of one-unit transfers, each strictly worse if the
  claim holds, so one-unit steps decide every transfer on the grid.

Each procedure's enumerator (:func:`invariance_levels`, :func:`symmetry_levels`,
:func:`priority_levels`, :func:`point_mass_levels`, :func:`transfer_levels`,
:func:`identity_levels`, :func:`well_defined_levels`) builds, level by level,
exactly the cases its strategy in :mod:`.procedures` builds (the same entries,
names, ``info`` and class values), one stream per number of classes
(C = 2 .. :data:`ENUMERATED_MAX_CLASSES`; 3 .. :data:`POINT_MASS_MAX_CLASSES`
for point masses) merged by cost (:func:`~axiometrics.checker.bounded.merge_levels`).
Counts are exact; they grow with k but not always monotonically (the pairs of
level 6 at C = 2 are fewer than those of level 5), so the merged order is
cheapest-first only roughly, and every stream still runs in increasing k.  Distributions are
``counts / k`` in float64, bit for bit the normalised counts the strategies
draw.  The requested preconditions on one distribution (``no_zero_bin``,
``gold_no_zero_bin``, ``gold_not_uniform``) and the count cap
(``request.max_count``, on the counts in lowest terms) select the members
before pairing, so every enumerated case is one the strategy could draw and
the level counts are exact.  Tiny probabilities (1e-30 .. 5e-324), near ties
and near-identical pairs lie off every small grid: the random search covers them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import count
from math import lcm

import numpy as np

from axiometrics.checker.bounded import merge_levels
from axiometrics.checker.cases import Case, CaseRequest, Level, Size
from axiometrics.checker.enumeration import (
    INTEGER_VALUE_GRID,
    VALUE_GRID,
    composition_count,
    compositions,
    increasing_vectors,
)
from axiometrics.checker.rules import min_classes, vector

from .._matrices.enumeration import ENUMERATED_MAX_CLASSES, enumerated_values

__all__ = [
    "ENUMERATED_MAX_CLASSES",
    "POINT_MASS_MAX_CLASSES",
    "distribution_count",
    "distribution_pairs_with",
    "grid_distributions",
    "identity_levels",
    "invariance_levels",
    "pair_count",
    "pair_levels",
    "point_mass_levels",
    "primitive_count",
    "primitive_distributions",
    "priority_levels",
    "single_pairs",
    "symmetry_levels",
    "transfer_levels",
    "well_defined_levels",
]

#: The most classes of a point-mass case: one gold per case (with C - 2 or
#: fewer one-hot estimates), so a class more than the pairs costs little.
POINT_MASS_MAX_CLASSES = ENUMERATED_MAX_CLASSES + 1

#: Pairs built at once (memory stays flat in the level's size).
_CHUNK_PAIRS = 4096

#: ``build(system (K, C), gold (K, C), values (C,)) -> cases``: a procedure's cases of some pairs.
Build = Callable[[np.ndarray, np.ndarray, np.ndarray], Iterable[Case]]

#: Which ordered pairs of one level a procedure needs: ``"all"``, ``"distinct"``
#: (p != q), ``"unordered"`` (p != q, one of (p, q) and (q, p)), ``"agree"``
#: (p != q ordering every pair of bins as q) or ``"disagree"``.
Relation = str
_RELATIONS = ("all", "distinct", "unordered", "agree", "disagree")


# -- counting ------------------------------------------------------------------------


def _mobius(n: int) -> int:
    """The Möbius function mu(n)."""
    result, m, p = 1, n, 2
    while p * p <= m:
        if m % p == 0:
            m //= p
            if m % p == 0:
                return 0
            result = -result
        p += 1
    return -result if m > 1 else result


def _divisors(k: int) -> list[int]:
    return [d for d in range(1, k + 1) if k % d == 0]


def distribution_count(k: int, n_classes: int) -> int:
    """Distributions over ``n_classes`` bins on the grid of multiples of 1/k: C(k+C-1, C-1)."""
    return composition_count(k, n_classes)


def primitive_count(k: int, n_classes: int) -> int:
    """Distributions whose smallest grid is 1/k: ``sum_{d | k} mu(k / d) C(d + C - 1, C - 1)``."""
    return sum(_mobius(k // d) * distribution_count(d, n_classes) for d in _divisors(k))


def pair_count(k: int, n_classes: int) -> int:
    """Pairs whose smallest common grid is 1/k: ``sum_{d | k} mu(k / d) C(d + C - 1, C - 1)²``.

    Every pair on the grid 1/k has its smallest common grid 1/d for exactly
    one divisor d of k, so these counts summed over the divisors of k give
    ``C(k + C - 1, C - 1)²``; Möbius inversion gives each term.
    """
    return sum(_mobius(k // d) * distribution_count(d, n_classes) ** 2 for d in _divisors(k))


def grid_distributions(k: int, n_classes: int) -> np.ndarray:
    """Every distribution on the grid 1/k as counts of k units, ``(K, C)`` int64.

    Each once, in a fixed order; ``K`` is :func:`distribution_count`; the
    probabilities are the counts divided by k.
    """
    return compositions(k, n_classes)


@lru_cache(maxsize=128)
def _primitive(k: int, n_classes: int) -> np.ndarray:
    counts = compositions(k, n_classes)
    out = counts[np.gcd.reduce(counts, axis=1) == 1]
    out.setflags(write=False)
    return out


def primitive_distributions(k: int, n_classes: int) -> np.ndarray:
    """Every distribution whose smallest grid is 1/k, as counts in lowest terms, ``(K, C)`` int64.

    The counts sum to k and have no common factor; ``K`` is :func:`primitive_count`.
    """
    return _primitive(k, n_classes).copy()


# -- members and pairs ---------------------------------------------------------------


@dataclass(frozen=True)
class _Filters:
    """Which distributions may be a system or a gold under a request.

    ``cap`` bounds the counts in lowest terms (the strategies draw counts up
    to ``request.max_count`` and normalise them); the rest are the requested
    preconditions on one distribution.
    """

    cap: int
    system_positive: bool
    gold_positive: bool
    gold_not_uniform: bool

    @classmethod
    def of(cls, request: CaseRequest, *, min_cap: int = 1) -> _Filters:
        no_zero = request.wants("no_zero_bin")
        return cls(
            cap=max(int(request.max_count), min_cap),
            system_positive=no_zero,
            gold_positive=no_zero or request.wants("gold_no_zero_bin"),
            gold_not_uniform=request.wants("gold_not_uniform"),
        )

    def system_ok(self, counts: np.ndarray) -> np.ndarray:
        ok = counts.max(axis=1) <= self.cap
        if self.system_positive:
            ok &= np.all(counts > 0, axis=1)
        return ok

    def gold_ok(self, counts: np.ndarray) -> np.ndarray:
        ok = counts.max(axis=1) <= self.cap
        if self.gold_positive:
            ok &= np.all(counts > 0, axis=1)
        if self.gold_not_uniform:
            ok &= ~np.all(counts == counts[:, :1], axis=1)
        return ok


def _patterns(counts: np.ndarray) -> np.ndarray:
    """The order of the bins (the signs of every ``x_i - x_j``) as one integer per row."""
    c = counts.shape[1]
    signs = np.sign(counts[:, :, None] - counts[:, None, :]).reshape(len(counts), c * c) + 1
    return signs @ (3 ** np.arange(c * c, dtype=np.int64))


@dataclass(frozen=True)
class _Block:
    """The pairs of one level whose members have sizes ``a`` (system) and ``b`` (gold).

    ``system`` and ``gold`` hold the members' counts in lowest terms, ``*_id``
    their rows among all distributions of their size (equal ids at
    ``a == b``: the same distribution).
    """

    a: int
    b: int
    system: np.ndarray
    gold: np.ndarray
    system_id: np.ndarray
    gold_id: np.ndarray
    same: bool
    relation: Relation
    count: int

    def indices(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Row indices into ``system`` and ``gold``, in chunks, row-major."""
        ns, ng = len(self.system), len(self.gold)
        if self.relation == "all" or (self.relation in ("distinct", "unordered") and not self.same):
            for start in range(0, ns * ng, _CHUNK_PAIRS):
                flat = np.arange(start, min(start + _CHUNK_PAIRS, ns * ng))
                yield flat // ng, flat % ng
            return
        if self.relation == "unordered":
            keep = np.triu(np.ones((ns, ng), dtype=bool), 1)
        elif self.relation == "distinct":
            keep = self.system_id[:, None] != self.gold_id[None, :]
        else:
            agree = _patterns(self.system)[:, None] == _patterns(self.gold)[None, :]
            if self.relation == "agree" and self.same:
                keep = agree & (self.system_id[:, None] != self.gold_id[None, :])
            elif self.relation == "agree":
                keep = agree
            else:
                keep = ~agree
        rows, cols = np.nonzero(keep)
        for start in range(0, len(rows), _CHUNK_PAIRS):
            yield rows[start : start + _CHUNK_PAIRS], cols[start : start + _CHUNK_PAIRS]


def _block_count(
    system: np.ndarray, gold: np.ndarray, identical: int, relation: Relation, same: bool
) -> int:
    ns, ng = len(system), len(gold)
    if relation == "all":
        return ns * ng
    if relation == "distinct":
        return ns * ng - identical
    if relation == "unordered":
        return ns * (ns - 1) // 2 if same else ns * ng
    ps, pg = np.unique(_patterns(system), return_counts=True)
    pq, qg = np.unique(_patterns(gold), return_counts=True)
    _, at_s, at_g = np.intersect1d(ps, pq, return_indices=True)
    agreeing = int(np.sum(pg[at_s] * qg[at_g]))
    return agreeing - identical if relation == "agree" else ns * ng - agreeing


def _level_blocks(k: int, n_classes: int, filters: _Filters, relation: Relation) -> list[_Block]:
    """The blocks of level k: one per pair of member sizes ``(a, b)`` with ``lcm(a, b) = k``."""
    if relation not in _RELATIONS:
        raise ValueError(f"relation={relation!r}: expected one of {_RELATIONS}")
    # A distribution of size d has a count >= d / C in lowest terms.
    sizes = [d for d in _divisors(k) if d <= n_classes * filters.cap]
    blocks = []
    for a in sizes:
        for b in sizes:
            if lcm(a, b) != k or (relation == "unordered" and a > b):
                continue
            sa, sb = _primitive(a, n_classes), _primitive(b, n_classes)
            if relation == "unordered":
                # Both members play both roles in (p, q) and (q, p).
                keep_s = filters.system_ok(sa) & filters.gold_ok(sa)
                keep_g = filters.system_ok(sb) & filters.gold_ok(sb)
            else:
                keep_s, keep_g = filters.system_ok(sa), filters.gold_ok(sb)
            ids_s, ids_g = np.flatnonzero(keep_s), np.flatnonzero(keep_g)
            same = a == b
            identical = int(np.intersect1d(ids_s, ids_g).size) if same else 0
            system, gold = sa[ids_s], sb[ids_g]
            n = _block_count(system, gold, identical, relation, same)
            blocks.append(_Block(a, b, system, gold, ids_s, ids_g, same, relation, n))
    return blocks


def _block_pairs(blocks: list[_Block]) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    for block in blocks:
        for rows, cols in block.indices():
            yield block.system[rows] / block.a, block.gold[cols] / block.b


def _level_pairs(
    k: int, n_classes: int, filters: _Filters, relation: Relation
) -> tuple[int, Callable[[], Iterator[tuple[np.ndarray, np.ndarray]]]]:
    """The number of pairs of level k and a producer of them as float ``(system, gold)`` chunks."""
    blocks = [b for b in _level_blocks(k, n_classes, filters, relation) if b.count]
    return sum(b.count for b in blocks), partial(_block_pairs, blocks)


def distribution_pairs_with(
    k: int, n_classes: int, relation: Relation = "all"
) -> tuple[np.ndarray, np.ndarray]:
    """Every pair whose smallest common grid is 1/k, as ``(system (K, C), gold (K, C))`` floats.

    ``relation`` selects ``"all"`` ordered pairs (:func:`pair_count` of
    them), the ``"distinct"`` ones (p != q), ``"unordered"`` distinct ones,
    or those whose system orders every pair of bins as the gold
    (``"agree"``, p != q) or not (``"disagree"``).  No count cap, no
    precondition.
    """
    unbounded = _Filters(cap=k, system_positive=False, gold_positive=False, gold_not_uniform=False)
    _, produce = _level_pairs(k, n_classes, unbounded, relation)
    chunks = list(produce())
    if not chunks:
        return np.zeros((0, n_classes)), np.zeros((0, n_classes))
    return (
        np.concatenate([p for p, _ in chunks]),
        np.concatenate([q for _, q in chunks]),
    )


def _size(k: int, n_classes: int) -> Size:
    return (("k", k), ("C", n_classes))


def _class_range(request: CaseRequest, floor: int, most: int) -> range:
    lo = min_classes(request, floor)
    hi = min(request.max_classes, most)
    return range(lo, max(lo, hi) + 1)


def _pair_cases(
    produce: Callable[[], Iterator[tuple[np.ndarray, np.ndarray]]],
    build: Build,
    values: np.ndarray,
) -> Iterator[Case]:
    for system, gold in produce():
        yield from build(system, gold, values)


def _pair_stream(
    request: CaseRequest,
    n_classes: int,
    build: Build,
    relation: Relation,
    per_pair: int,
    filters: _Filters,
) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    # Members of size d exist up to d = C * cap, so pairs up to lcm (C * cap)².
    last = (n_classes * filters.cap) ** 2
    for k in count(1):
        if k > last:
            return
        n, produce = _level_pairs(k, n_classes, filters, relation)
        yield Level(_size(k, n_classes), partial(_pair_cases, produce, build, values), n * per_pair)


def pair_levels(
    request: CaseRequest,
    build: Build,
    *,
    relation: Relation = "all",
    per_pair: Callable[[int], int] = lambda c: 1,
    floor: int = 2,
    min_cap: int = 1,
) -> Iterator[Level]:
    """A procedure's levels over every distribution pair, cheapest first.

    Parameters
    ----------
    request
        The claim's case request: its class bounds (capped at
        :data:`ENUMERATED_MAX_CLASSES`), spacing, count cap and the
        preconditions on one distribution apply.
    build
        ``build(system, gold, values)``: the cases of some pairs of one level.
    relation
        Which pairs (see :data:`Relation`).
    per_pair
        ``per_pair(C)``: cases per pair at C classes.
    floor
        The fewest classes the procedure needs.
    min_cap
        The smallest count cap the procedure's strategy uses.
    """
    filters = _Filters.of(request, min_cap=min_cap)
    streams = [
        _pair_stream(request, c, build, relation, per_pair(c), filters)
        for c in _class_range(request, floor, ENUMERATED_MAX_CLASSES)
    ]
    return merge_levels(*streams)


# -- the family's inputs and the pair claims ---------------------------------------------


def _stacked(system: list[np.ndarray], gold: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Per-pair entries: ``(K, E, C)`` systems and golds from E lists of ``(K, C)`` arrays."""
    return np.stack(system, axis=1), np.stack(gold, axis=1)


def _cases_of(
    system: np.ndarray,
    gold: np.ndarray,
    values: np.ndarray,
    names: tuple[str, ...],
    info: dict[str, str] | None = None,
) -> Iterator[Case]:
    for s, g in zip(system, gold, strict=True):
        yield Case((s, g), values, names, info or {})


def _single(
    names: tuple[str, ...], system: np.ndarray, gold: np.ndarray, values: np.ndarray
) -> Iterator[Case]:
    return _cases_of(system[:, None], gold[:, None], values, names)


def single_pairs(request: CaseRequest) -> Iterator[Level]:
    """Every ``(system, gold)`` pair as a one-entry case ``input`` (the family's inputs)."""
    return pair_levels(request, partial(_single, ("input",)))


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """Well-definedness: every pair (identical ones included) as one entry ``D(p, q)``."""
    return pair_levels(request, partial(_single, ("D(p, q)",)))


def _value_maps(request: CaseRequest, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """``v`` and every strictly increasing ``f(v)`` on the value grid but ``v`` itself."""
    v = enumerated_values(request, n_classes)
    grid = INTEGER_VALUE_GRID if request.integer_values else VALUE_GRID
    maps = increasing_vectors(n_classes, grid)
    return v, maps[~np.all(maps == v, axis=1)]


def _invariance(
    request: CaseRequest, system: np.ndarray, gold: np.ndarray, values: np.ndarray
) -> Iterator[Case]:
    v, maps = _value_maps(request, system.shape[1])
    infos = [{"transform": f"{vector(v)} -> {vector(w)} (order kept)"} for w in maps]
    pairs = [np.stack([v, w]) for w in maps]
    names = ("with values v", "with values f(v)")
    twice_s, twice_g = _stacked([system, system], [gold, gold])
    for s, g in zip(twice_s, twice_g, strict=True):
        for vw, info in zip(pairs, infos, strict=True):
            yield Case((s, g), vw, names, info)


def invariance_levels(request: CaseRequest) -> Iterator[Level]:
    """Ordinal invariance: every pair scored with ``v`` and every increasing ``f(v)`` on a grid.

    ``v`` is ``0 .. C-1`` (``0, 1, 3, 7`` at arbitrary spacing), ``f(v)``
    every strictly increasing vector of C values of
    :data:`~axiometrics.checker.enumeration.VALUE_GRID`
    (:data:`~axiometrics.checker.enumeration.INTEGER_VALUE_GRID` for integer
    labels) but ``v``: C(8, C) - 1 maps per pair.
    """
    return pair_levels(
        request,
        partial(_invariance, request),
        per_pair=lambda c: len(_value_maps(request, c)[1]),
    )


def _symmetry(system: np.ndarray, gold: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    s, g = _stacked([system, gold], [gold, system])
    return _cases_of(s, g, values, ("D(p, q)", "D(q, p)"))


def symmetry_levels(request: CaseRequest) -> Iterator[Level]:
    """Symmetry: every unordered pair ``p != q`` as ``D(p, q)`` and ``D(q, p)``.

    Sound reductions: the claim ``D(p, q) = D(q, p)`` is the same statement
    for ``(p, q)`` and ``(q, p)`` (the tolerance's equality is symmetric),
    and holds trivially for ``p == q``.
    """
    return pair_levels(request, _symmetry, relation="unordered")


def _priority(system: np.ndarray, gold: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    s, g = _stacked([system, gold], [gold, gold])
    return _cases_of(s, g, values, ("D(p, q)", "D(q, q)"))


def priority_levels(request: CaseRequest, *, preserving: bool) -> Iterator[Level]:
    """Priority preservation (violation): every pair whose system keeps (breaks) the bin order.

    ``preserving``: every ``p != q`` with ``sign(p_i - p_j) = sign(q_i - q_j)``
    for all ``i, j`` (``p == q`` compares ``D(q, q)`` with itself); otherwise
    every pair with some pair of bins ordered differently.
    """
    return pair_levels(
        request, _priority, relation="agree" if preserving else "disagree", min_cap=2
    )


def _identity(system: np.ndarray, gold: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    s, g = _stacked([gold, system], [gold, gold])
    return _cases_of(s, g, values, ("D(q, q)", "D(p, q)"))


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """Identity: every pair ``p != q`` as ``D(q, q)`` and ``D(p, q)``.

    Sound reduction: a pair ``p == q`` only checks ``D(q, q)``, which every
    pair ``(p, q)`` of the same level checks too.
    """
    return pair_levels(request, _identity, relation="distinct")


# -- point-mass monotonicity ----------------------------------------------------------------


def _point_mass_golds(k: int, n_classes: int, cap: int) -> np.ndarray:
    """Golds of size k with all mass in bins ``2 ..`` or ``.. C-3`` (two empty bins at one end)."""
    inner = compositions(k, n_classes - 2)
    inner = inner[(np.gcd.reduce(inner, axis=1) == 1) & (inner.max(axis=1) <= cap)]
    pad = np.zeros((len(inner), 2), dtype=np.int64)
    high = np.concatenate([pad, inner], axis=1)
    low = np.concatenate([inner, pad], axis=1)
    # Golds with both ends empty come once (among ``high``).
    low = low[~np.all(low[:, :2] == 0, axis=1)]
    return np.concatenate([high, low])


def _point_mass_cases(golds: np.ndarray, values: np.ndarray) -> Iterator[Case]:
    n_classes = golds.shape[1]
    eye = np.eye(n_classes)
    probabilities = golds / golds.sum(axis=1, keepdims=True)
    nonzero = golds > 0
    lows = nonzero.argmax(axis=1)
    highs = n_classes - 1 - nonzero[:, ::-1].argmax(axis=1)
    for gold, low, high in zip(probabilities, lows.tolist(), highs.tolist(), strict=True):
        outside = [*range(low), *range(high + 1, n_classes)]
        yield Case(
            (eye[outside], np.tile(gold, (len(outside), 1))),
            values,
            tuple(f"D(e_{b}, q)" for b in outside),
            {"gold support": f"bins {low}..{high}"},
        )


def _point_mass_stream(request: CaseRequest, n_classes: int, cap: int) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    # Primitive counts over C - 2 bins: only k = 1 for one bin, k <= (C - 2) * cap in all.
    last = 1 if n_classes == 3 else (n_classes - 2) * cap
    for k in range(1, last + 1):
        golds = _point_mass_golds(k, n_classes, cap)
        yield Level(_size(k, n_classes), partial(_point_mass_cases, golds, values), len(golds))


def point_mass_levels(request: CaseRequest) -> Iterator[Level]:
    """Point-mass monotonicity: each gold with two empty bins at one end, and its one-hot estimates.

    One case per gold of size k (as the strategy: all one-hot estimates
    outside the support at once); C = 3 .. :data:`POINT_MASS_MAX_CLASSES`.
    The claim needs empty gold bins: none under ``no_zero_bin`` or
    ``gold_no_zero_bin``.
    """
    if request.wants("no_zero_bin") or request.wants("gold_no_zero_bin"):
        return iter(())
    cap = max(int(request.max_count), 1)
    streams = [
        _point_mass_stream(request, c, cap)
        for c in _class_range(request, 3, POINT_MASS_MAX_CLASSES)
    ]
    return merge_levels(*streams)


# -- mass-transfer monotonicity -------------------------------------------------------------


def _transfer_golds(k: int, n_classes: int, filters: _Filters) -> list[tuple[np.ndarray, int, int]]:
    """``(gold counts, source, target)`` of every one-bin transfer away from a gold on the grid 1/k.

    Low side: every source ``1 .. min supp(q)`` towards bin ``source - 1``;
    high side: every source ``max supp(q) .. C-2`` towards ``source + 1``.
    """
    golds = compositions(k, n_classes)
    reduced = golds // np.gcd.reduce(golds, axis=1)[:, None]
    golds = golds[filters.gold_ok(reduced)]
    out: list[tuple[np.ndarray, int, int]] = []
    for q in golds:
        support = np.flatnonzero(q > 0)
        low, high = int(support.min()), int(support.max())
        out.extend((q, i, i - 1) for i in range(1, low + 1))
        out.extend((q, i, i + 1) for i in range(high, n_classes - 1))
    return out


def _transfer_cases(
    k: int, estimates: np.ndarray, moves: list[tuple[np.ndarray, int, int]], values: np.ndarray
) -> Iterator[Case]:
    names = ("p' (mass moved away)", "p")
    for q, source, target in moves:
        before = estimates[estimates[:, source] >= 1]
        after = before.copy()
        after[:, source] -= 1
        after[:, target] += 1
        gold = np.tile(q / k, (2, 1))
        info = {"transfer": f"{1.0 / k:.6g} moved from bin {source} to bin {target}"}
        pairs = np.stack([after / k, before / k], axis=1)
        for p in pairs:
            yield Case((p, gold), values, names, info)


def _transfer_stream(request: CaseRequest, n_classes: int, filters: _Filters) -> Iterator[Level]:
    values = enumerated_values(request, n_classes)
    # The estimate's counts of k units are drawn up to the cap: k <= C * cap.
    for k in range(1, n_classes * filters.cap + 1):
        estimates = compositions(k, n_classes)
        estimates = estimates[filters.system_ok(estimates)]
        moves = _transfer_golds(k, n_classes, filters)
        with_mass = (estimates >= 1).sum(axis=0)
        n = sum(int(with_mass[source]) for _, source, _ in moves)
        yield Level(_size(k, n_classes), partial(_transfer_cases, k, estimates, moves, values), n)


def transfer_levels(request: CaseRequest) -> Iterator[Level]:
    """Mass-transfer monotonicity: each estimate on the grid 1/k and one unit moved away from q.

    At level k: every gold on the grid 1/k with an empty bin at one end,
    every source bin at or beyond the end of its mass (``i <= min supp(q)``
    moving to ``i - 1``, or ``i >= max supp(q)`` moving to ``i + 1``) and
    every estimate on the grid 1/k with mass 1/k there.  The claim needs
    empty gold bins: none under ``no_zero_bin`` or ``gold_no_zero_bin``.
    """
    if request.wants("no_zero_bin") or request.wants("gold_no_zero_bin"):
        return iter(())
    filters = _Filters.of(request)
    streams = [
        _transfer_stream(request, c, filters)
        for c in _class_range(request, 2, ENUMERATED_MAX_CLASSES)
    ]
    return merge_levels(*streams)
