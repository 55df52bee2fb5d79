"""Every case of the scored family's claims up to a size: the bounded pass's enumerators.

An input of ``N`` items is a gold labelling (every 0/1 vector; both classes
where the claim asks for them) and scores realising a pattern of ties and
order (every weak order of the items, as dense ranks ``0 .. r-1``, from
:func:`~axiometrics.checker.enumeration.tie_patterns`).  The ranks become
scores in two ways, two streams of levels merged by cost
(:func:`~axiometrics.checker.bounded.merge_levels`):

* the *rank stream*: the ranks themselves, from the fewest items the claim
  admits up to :data:`MAX_ENUMERATED_ITEMS` (level size ``N = n``);
* the *corner stream*: the ranks sent by every strictly increasing map into
  :data:`CORNER_SCORES` (the largest floats of both signs, zero and the
  subnormal next to it, tiny probabilities, a rounding boundary and its
  neighbour, a near tie, one and the float below it; level size
  ``N = n, corner scores = 14``).

The ``ci`` budget of 1000 cases per claim reaches ranks of three items
(four for ``identity``) and corner scores of two; ``thorough`` (50000)
ranks of four to six items and corner scores of three (two for
``item_order_invariance``).

Each enumerator lists, size by size, every case its claim speaks about:

* :func:`well_defined_levels`: every input, from one item, one-class gold
  included;
* :func:`identity_levels`: every perfect separation (both classes, every
  positive scored above every negative; the corner scores hold adjacent
  floats, so some gaps are one ulp);
* :func:`transform_levels`: every input on its ranks against the ranks
  mapped into a corner: by each of :data:`RANK_MAPS` (rank stream) and into
  every strictly increasing vector of :data:`CORNER_SCORES` (corner
  stream).  By transitivity of equality this covers every pair of maps;
* :func:`swap_levels`: every discordant pair (a positive scored below a
  negative) of every input, one case per pair;
* :func:`prevalence_levels`: every input with its positives repeated by each
  factor of :data:`RANK_REPEATS` (rank stream) or :data:`CORNER_REPEATS`
  (corner stream);
* :func:`flip_levels`: every input against its negated scores and flipped
  labels;
* :func:`order_levels`: every input against two permutations of its items,
  exchanging the first two and rotating all of them by one.  They generate
  every permutation and every input of the size is enumerated, so a measure
  that depends on the order of the items fails on some enumerated case of
  the size whatever the permutation that shows it (equality being
  transitive);
* :func:`input_levels`: every input as a one-entry case, the family's
  ``enumerate_inputs``.

The cases are built with the builders of this module (:func:`swap_case`,
:func:`prevalence_case`, ...), which the procedures' strategies
(:mod:`axiometrics.measures.scored.procedures`) use too: an enumerated case
has the entries, names and ``info`` of a drawn one, so each procedure's
decision rule decides it as is.  The inputs of one size are built as whole
arrays; the cases are yielded one at a time.  Cases a requested
precondition would put outside the claim are dropped before they cost any
of the budget (a level's count is then an upper bound; it is exact
otherwise).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from math import comb

import numpy as np

from axiometrics.checker.bounded import merge_levels
from axiometrics.checker.cases import Case, CaseRequest, Level, Size
from axiometrics.checker.enumeration import binary_vectors, increasing_vectors, tie_patterns
from axiometrics.checker.rules import fmt
from axiometrics.claims import get_precondition

__all__ = [
    "CORNER_REPEATS",
    "CORNER_SCORES",
    "MAX_ENUMERATED_ITEMS",
    "MAX_REPEATED_ITEMS",
    "RANK_MAPS",
    "RANK_REPEATS",
    "fitted_repeat",
    "flip_case",
    "flip_levels",
    "identity_levels",
    "input_levels",
    "order_levels",
    "permutation_case",
    "prevalence_case",
    "prevalence_levels",
    "repeat_positives",
    "scored_case",
    "separation_case",
    "swap_case",
    "swap_levels",
    "transform_case",
    "transform_levels",
    "well_defined_case",
    "well_defined_levels",
]

_MAX = float(np.finfo(float).max)

#: The scores the corner stream sends the ranks to (strictly increasing
#: vectors of them): the largest finite floats of both signs (their
#: difference overflows), -1, zero and the subnormal one ulp above it, tiny
#: probabilities (1 - 1e-17 == 1), a rounding boundary at two decimals and
#: its neighbour (0.125, 0.12625), a near tie (0.5, 0.5 + 1e-13), one and
#: the float below it, and 1e300 (its sum with the largest float overflows).
CORNER_SCORES = (
    -_MAX,
    -1.0,
    0.0,
    5e-324,
    1e-300,
    1e-17,
    0.125,
    0.12625,
    0.5,
    0.5 + 1e-13,
    1.0 - 2.0**-53,
    1.0,
    1e300,
    _MAX,
)
#: Most items of an enumerated input (:func:`~axiometrics.checker.enumeration.tie_patterns`
#: lists the weak orders of up to 7 items; no budget reaches that many).
MAX_ENUMERATED_ITEMS = 7
#: Repetition factors of the positives for inputs on their ranks: the two
#: smallest, and the first of each larger regime of the procedure's strategy
#: (just past a cut-off at 10, a tie group of 256 items, a thousand).
RANK_REPEATS = (2, 3, 11, 256, 1000)
#: Repetition factors of the positives for inputs on the corner scores.
CORNER_REPEATS = (2,)
#: Most items of an input with its positives repeated: a larger factor is lowered to fit.
MAX_REPEATED_ITEMS = 4096


# -- the cases of each claim (the procedures' strategies build theirs with these) -------


def scored_case(
    entries: Sequence[tuple[np.ndarray, np.ndarray]], names: tuple[str, ...], **info: str
) -> Case:
    """A case of ``(scores, gold)`` entries, stacked when they hold as many items."""
    return Case.from_entries(entries, names, info=info)


def well_defined_case(scores: np.ndarray, gold: np.ndarray) -> Case:
    """The ``well_defined`` case of one input: ``Eff(s, y)``."""
    return scored_case([(scores, gold)], ("Eff(s, y)",))


def separation_case(scores: np.ndarray, gold: np.ndarray) -> Case:
    """The ``identity`` case of a perfect separation."""
    return scored_case([(scores, gold)], ("perfect separation",))


def transform_case(scores: np.ndarray, gold: np.ndarray, moved: np.ndarray, name: str) -> Case:
    """The ``monotone_transform_invariance`` case: ``s`` and ``f(s)`` (``f`` named ``name``)."""
    return scored_case([(scores, gold), (moved, gold)], ("Eff(s, y)", "Eff(f(s), y)"), f=name)


def swap_case(
    before: np.ndarray, after: np.ndarray, gold: np.ndarray, positive: int, negative: int
) -> Case:
    """The ``swap_monotonicity`` case: ``before`` and ``after`` exchanging two items' scores."""
    return scored_case(
        [(before, gold), (after, gold)],
        ("before the swap", "after the swap"),
        swap=f"positive item {positive} (score {fmt(before[positive])}) and negative item "
        f"{negative} (score {fmt(before[negative])}) exchange scores",
    )


def repeat_positives(scores: np.ndarray, gold: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every positive item repeated ``k`` times in place (negatives once)."""
    times = np.where(np.asarray(gold) == 1.0, k, 1)
    return np.repeat(scores, times), np.repeat(gold, times)


def fitted_repeat(k: int, positives: int, negatives: int) -> int:
    """``k`` lowered so that the repeated input holds at most :data:`MAX_REPEATED_ITEMS` (>= 2)."""
    room = (MAX_REPEATED_ITEMS - negatives) // max(positives, 1)
    return max(2, min(k, room))


def prevalence_case(scores: np.ndarray, gold: np.ndarray, k: int) -> Case:
    """The ``prevalence_invariance`` case: the input and its positives repeated ``k`` times."""
    more_scores, more_gold = repeat_positives(scores, gold, k)
    return scored_case(
        [(scores, gold), (more_scores, more_gold)], ("Eff(s, y)", f"positives x{k}"), k=str(k)
    )


def flip_case(scores: np.ndarray, gold: np.ndarray) -> Case:
    """The ``label_flip_symmetry`` case: the input and ``(-s, 1 - y)``."""
    return scored_case([(scores, gold), (-scores, 1.0 - gold)], ("Eff(s, y)", "Eff(-s, 1 - y)"))


def permutation_case(scores: np.ndarray, gold: np.ndarray, order: np.ndarray, shown: str) -> Case:
    """The ``item_order_invariance`` case: the input and its items in ``order`` (``shown``)."""
    return scored_case(
        [(scores, gold), (scores[order], gold[order])], ("as given", "permuted"), permutation=shown
    )


# -- the inputs of one size --------------------------------------------------------------


@functools.cache
def _weak_orders(n_items: int, blocks: int) -> int:
    """Weak orders of ``n_items`` items in ``blocks`` tie groups: ``blocks! S(n, blocks)``."""
    if n_items == 0 or blocks == 0:
        return int(n_items == blocks)
    return blocks * (_weak_orders(n_items - 1, blocks) + _weak_orders(n_items - 1, blocks - 1))


def _images(blocks: int, corner: bool) -> int:
    """Score vectors per tie pattern of ``blocks`` groups: 1 (the ranks) or C(14, blocks)."""
    return comb(len(CORNER_SCORES), blocks) if corner else 1


def _score_count(n_items: int, corner: bool) -> int:
    """Score vectors of ``n_items`` items in a stream."""
    return sum(_weak_orders(n_items, r) * _images(r, corner) for r in range(1, n_items + 1))


def _gold_count(n_items: int, both: bool) -> int:
    return 2**n_items - (2 if both else 0)


def _input_count(n_items: int, corner: bool, both: bool) -> int:
    return _gold_count(n_items, both) * _score_count(n_items, corner)


@functools.lru_cache(maxsize=8)
def _patterns(n_items: int) -> np.ndarray:
    patterns = tie_patterns(n_items)
    patterns.flags.writeable = False
    return patterns


def _score_vectors(n_items: int, corner: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every score vector of a stream and its dense ranks, ``(S, n)`` each.

    The rank stream's scores are the ranks; the corner stream sends each
    tie pattern with ``r`` groups to every strictly increasing vector of
    ``r`` corner scores (pattern by pattern).
    """
    ranks = _patterns(n_items)
    if not corner:
        return ranks.astype(float), ranks
    blocks = ranks.max(axis=1) + 1
    scores, order = [], []
    for r in range(1, n_items + 1):
        chosen = ranks[blocks == r]
        images = increasing_vectors(r, CORNER_SCORES)
        scores.append(images[:, chosen].transpose(1, 0, 2).reshape(-1, n_items))
        order.append(np.repeat(chosen, len(images), axis=0))
    return np.concatenate(scores), np.concatenate(order)


def _golds(n_items: int, both: bool) -> np.ndarray:
    """Every gold labelling as floats, in binary order (the one-class ones left out if ``both``)."""
    golds = binary_vectors(n_items).astype(float)
    if both:
        golds = golds[golds.min(axis=1) != golds.max(axis=1)]
    return golds


def _inputs(n_items: int, corner: bool, both: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every input of a size: ``scores``, ``gold`` (floats) and dense ``ranks``, ``(K, n)`` each.

    Gold-major: each gold labelling with every score vector.
    """
    golds = _golds(n_items, both)
    scores, ranks = _score_vectors(n_items, corner)
    return (
        np.tile(scores, (len(golds), 1)),
        np.repeat(golds, len(scores), axis=0),
        np.tile(ranks, (len(golds), 1)),
    )


def _admitted(request: CaseRequest, *entries: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Which rows meet every requested precondition on every entry, ``(K,)`` bool.

    Each entry is ``(scores, gold)`` stacked ``(K, n)``: the family's own
    vectorised predicates, the ones the checker enforces, applied at once.
    """
    keep = np.ones(len(entries[0][0]), dtype=bool)
    for name in sorted(request.preconditions):
        predicate = get_precondition(name).predicate(request.family)
        for scores, gold in entries:
            keep &= np.asarray(predicate(scores, gold, values=None), dtype=bool).reshape(keep.shape)
    return keep


def _size(n_items: int, corner: bool) -> Size:
    if corner:
        return (("N", n_items), ("corner scores", len(CORNER_SCORES)))
    return (("N", n_items),)


#: ``build(request, n_items, corner) -> cases``: a claim's cases of one size and stream.
Build = Callable[[CaseRequest, int, bool], Iterable[Case]]
#: ``count(n_items, corner) -> int``: how many cases :data:`Build` yields (preconditions aside).
Count = Callable[[int, bool], int]


def _stream(
    request: CaseRequest, build: Build, count: Count, corner: bool, min_items: int
) -> Iterator[Level]:
    top = MAX_ENUMERATED_ITEMS
    if request.max_items is not None:
        top = min(top, request.max_items)
    for n_items in range(min_items, top + 1):
        cases = functools.partial(build, request, n_items, corner)
        yield Level(_size(n_items, corner), cases, count(n_items, corner))


def _levels(request: CaseRequest, build: Build, count: Count, *, min_items: int) -> Iterator[Level]:
    """The rank stream and the corner stream of a claim, merged by cost."""
    return merge_levels(
        *(_stream(request, build, count, corner, min_items) for corner in (False, True))
    )


# -- single inputs -----------------------------------------------------------------------


def _single_cases(
    make: Callable[[np.ndarray, np.ndarray], Case], request: CaseRequest, n_items: int, corner: bool
) -> Iterator[Case]:
    scores, gold, _ = _inputs(n_items, corner, both=False)
    for i in np.flatnonzero(_admitted(request, (scores, gold))):
        yield make(scores[i], gold[i])


def _single_count(n_items: int, corner: bool) -> int:
    return _input_count(n_items, corner, both=False)


def _named_input(scores: np.ndarray, gold: np.ndarray) -> Case:
    return scored_case([(scores, gold)], ("input",))


def input_levels(request: CaseRequest) -> Iterator[Level]:
    """Every input from one item (one-class gold included) as a one-entry case ``input``.

    The family's ``enumerate_inputs``.  A level of ``N = n`` holds
    ``2**n * fubini(n)`` inputs on ranks (2, 12, 104, 1200, ...), a corner
    level ``2**n`` golds times every corner score vector (28 at one item,
    784 at two).
    """
    build = functools.partial(_single_cases, _named_input)
    return _levels(request, build, _single_count, min_items=1)


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """``well_defined``: every input from one item (one-class gold included), as ``Eff(s, y)``.

    The inputs of :func:`input_levels`; at the ``ci`` budget every input on
    ranks up to three items and every corner input up to two (930 cases).
    """
    return _levels(
        request, functools.partial(_single_cases, well_defined_case), _single_count, min_items=1
    )


# -- identity ----------------------------------------------------------------------------


def _separations(gold: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Which inputs score every positive strictly above every negative, ``(K,)`` bool."""
    n_items = ranks.shape[1]
    lowest_positive = np.where(gold == 1.0, ranks, n_items).min(axis=1)
    highest_negative = np.where(gold == 0.0, ranks, -1).max(axis=1)
    return lowest_positive > highest_negative


def _identity_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    scores, gold, ranks = _inputs(n_items, corner, both=True)
    keep = _separations(gold, ranks) & _admitted(request, (scores, gold))
    for i in np.flatnonzero(keep):
        yield separation_case(scores[i], gold[i])


def _identity_count(n_items: int, corner: bool) -> int:
    """Separations: P positives among n, a weak order of each class, the positives on top."""
    total = 0
    for p in range(1, n_items):
        for a in range(1, n_items - p + 1):
            for b in range(1, p + 1):
                orders = _weak_orders(n_items - p, a) * _weak_orders(p, b)
                total += comb(n_items, p) * orders * _images(a + b, corner)
    return total


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """``identity``: every perfect separation (both classes, every positive above every negative).

    Ranks of 2, 3, 4 items give 2, 18 and 158 separations; the corner
    scores of two items 182, among them the gaps of one ulp (0 below
    5e-324, 1 - 2**-53 below 1).
    """
    return _levels(request, _identity_cases, _identity_count, min_items=2)


# -- monotone transform invariance ---------------------------------------------------------


def _ulps_above(base: float, steps: np.ndarray) -> np.ndarray:
    """``base`` moved up by ``steps`` ulps (negative steps move down)."""
    bits = np.full(steps.shape, np.float64(base).view(np.int64)) + steps.astype(np.int64)
    return np.asarray(bits.view(np.float64), dtype=float)


def _top_rank(ranks: np.ndarray) -> np.ndarray:
    return ranks.max(axis=1, keepdims=True)


def _spread(ranks: np.ndarray) -> np.ndarray:
    """The ranks spaced evenly from -max float (the lowest) to max float (the highest)."""
    top = _top_rank(ranks)
    # Scaled in [-1, 1] first: the span from -max to max overflows.
    return _MAX * np.where(top > 0, 2.0 * ranks / np.maximum(top, 1) - 1.0, -1.0)


#: Strictly increasing maps of the dense ranks ``(K, n) -> (K, n)`` into the
#: corners of the domain, by the name a counterexample shows: the rank maps
#: of :func:`~axiometrics.measures.scored.strategies.increasing_score_transforms`
#: (their names as it gives them) and one spreading the ranks over the whole
#: float range.
RANK_MAPS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "dense rank of s times 5e-324 (subnormal)": lambda r: r * 5e-324,
    "the (max rank - dense rank)-th float below the largest": lambda r: _ulps_above(
        _MAX, r - _top_rank(r)
    ),
    "1 moved up by (dense rank) ulps": lambda r: _ulps_above(1.0, r),
    "-1 for the lowest score, dense rank times 1e-20 above": lambda r: np.where(
        r == 0, -1.0, r * 1e-20
    ),
    "(2 dense rank + 1) / 16 (exact halves at 3 decimals)": lambda r: (2.0 * r + 1.0) / 16.0,
    "(dense rank + 1) / (max rank + 2)": lambda r: (r + 1.0) / (_top_rank(r) + 2.0),
    "the dense ranks spread from -1.797e308 to 1.797e308": _spread,
}


def _exact(v: np.ndarray) -> str:
    """A score vector with every digit that tells two floats apart."""
    return "[" + ", ".join(repr(float(x)) for x in v) + "]"


def _moves(n_items: int, corner: bool) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Every tie pattern's ranks, their image and the map's name, gold aside: ``(M, n)`` each.

    The rank stream applies each of :data:`RANK_MAPS` to every pattern, the
    corner stream sends every pattern to each corner vector; an image equal
    to the ranks (the identity) is left out.
    """
    if corner:
        moved, ranks = _score_vectors(n_items, corner=True)
        names = [f"the dense ranks 0, 1, ... of s sent to {_exact(np.unique(v))}" for v in moved]
    else:
        patterns = _patterns(n_items)
        ranks = np.tile(patterns, (len(RANK_MAPS), 1))
        moved = np.concatenate([f(patterns) for f in RANK_MAPS.values()])
        names = [name for name in RANK_MAPS for _ in range(len(patterns))]
    changed = np.any(ranks != moved, axis=1)
    kept = [name for name, keep in zip(names, changed, strict=True) if keep]
    return ranks[changed].astype(float), moved[changed], kept


def _transform_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    before, after, names = _moves(n_items, corner)
    golds = _golds(n_items, both=True)
    # Gold-major, as the inputs: each labelling with every move.
    before, after = np.tile(before, (len(golds), 1)), np.tile(after, (len(golds), 1))
    gold = np.repeat(golds, len(names), axis=0)
    for i in np.flatnonzero(_admitted(request, (before, gold), (after, gold))):
        yield transform_case(before[i], gold[i], after[i], names[i % len(names)])


def _transform_count(n_items: int, corner: bool) -> int:
    golds = _gold_count(n_items, both=True)
    if not corner:
        # The subnormal map leaves an all-tied input (ranks 0) as it is.
        return golds * (len(RANK_MAPS) * _score_count(n_items, corner) - 1)
    # The corner vectors 0 and (0, 1) are the ranks themselves.
    return golds * sum(
        _weak_orders(n_items, r) * (_images(r, corner) - (r <= 2)) for r in range(1, n_items + 1)
    )


def transform_levels(request: CaseRequest) -> Iterator[Level]:
    """``monotone_transform_invariance``: every input on its ranks against the ranks moved.

    Every input with both classes on its dense ranks, ``Eff(s, y)``, against
    ``Eff(f(s), y)`` for each of :data:`RANK_MAPS` (rank stream: 40 cases at
    two items, 540 at three) and for every strictly increasing map into
    :data:`CORNER_SCORES` (corner stream: 386 cases at two items); a map
    that leaves the ranks as they are is left out.
    """
    return _levels(request, _transform_cases, _transform_count, min_items=2)


# -- swap monotonicity -------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _ordered_pairs(n_items: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered pair ``(i, j)`` of distinct items: ``(i's, j's)``."""
    i, j = np.nonzero(~np.eye(n_items, dtype=bool))
    return i, j


def _swap_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    scores, gold, _ = _inputs(n_items, corner, both=True)
    i, j = _ordered_pairs(n_items)
    # Positive i scored strictly below negative j: the pair the claim swaps.
    discordant = (gold[:, i] == 1.0) & (gold[:, j] == 0.0) & (scores[:, j] > scores[:, i])
    rows, pairs = np.nonzero(discordant)
    positive, negative = i[pairs], j[pairs]
    before, golds = scores[rows], gold[rows]
    after = before.copy()
    moved = np.arange(len(rows))
    after[moved, positive] = before[moved, negative]
    after[moved, negative] = before[moved, positive]
    keep = _admitted(request, (before, golds), (after, golds))
    for m in np.flatnonzero(keep):
        yield swap_case(before[m], after[m], golds[m], int(positive[m]), int(negative[m]))


def _swap_count(n_items: int, corner: bool) -> int:
    """Discordant pairs: an unordered pair split across two tie groups, its labels set, others free.

    The weak orders with two given items tied are those of ``n - 1`` items.
    """
    split = sum(
        (_weak_orders(n_items, r) - _weak_orders(n_items - 1, r)) * _images(r, corner)
        for r in range(1, n_items + 1)
    )
    return comb(n_items, 2) * split * 2 ** (n_items - 2)


def swap_levels(request: CaseRequest) -> Iterator[Level]:
    """``swap_monotonicity``: every discordant pair of every input, one case per pair.

    A positive ``i`` scored strictly below a negative ``j``, before and after
    exchanging their scores (the other labels free): 2, 60 and 1488 cases on
    ranks of 2, 3 and 4 items, 182 on the corner scores of two (adjacent
    floats among them: 0 and 5e-324, 1 - 2**-53 and 1).
    """
    return _levels(request, _swap_cases, _swap_count, min_items=2)


# -- prevalence invariance -----------------------------------------------------------------


def _repeats(corner: bool) -> tuple[int, ...]:
    return CORNER_REPEATS if corner else RANK_REPEATS


def _prevalence_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    scores, gold, _ = _inputs(n_items, corner, both=True)
    predicates = [get_precondition(p).predicate(request.family) for p in request.preconditions]
    positives = gold.sum(axis=1).astype(int)
    for i in np.flatnonzero(_admitted(request, (scores, gold))):
        for k in _repeats(corner):
            fitted = fitted_repeat(k, int(positives[i]), n_items - int(positives[i]))
            case = prevalence_case(scores[i], gold[i], fitted)
            # The longer entry differs in length from one input to the next:
            # checked case by case, and only when a precondition is requested.
            if all(case.satisfies(p) for p in predicates):
                yield case


def _prevalence_count(n_items: int, corner: bool) -> int:
    return _input_count(n_items, corner, both=True) * len(_repeats(corner))


def prevalence_levels(request: CaseRequest) -> Iterator[Level]:
    """``prevalence_invariance``: every input with both classes and its positives repeated.

    Each factor of :data:`RANK_REPEATS` for inputs on ranks (30 cases at two
    items, 390 at three), of :data:`CORNER_REPEATS` for the corner scores
    (392 at two items); a factor is lowered to fit :data:`MAX_REPEATED_ITEMS`
    items as the strategy lowers it.
    """
    return _levels(request, _prevalence_cases, _prevalence_count, min_items=2)


# -- label flip symmetry -------------------------------------------------------------------


def _flip_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    scores, gold, _ = _inputs(n_items, corner, both=True)
    for i in np.flatnonzero(_admitted(request, (scores, gold), (-scores, 1.0 - gold))):
        yield flip_case(scores[i], gold[i])


def _both_classes_count(n_items: int, corner: bool) -> int:
    return _input_count(n_items, corner, both=True)


def flip_levels(request: CaseRequest) -> Iterator[Level]:
    """``label_flip_symmetry``: every input with both classes against ``(-s, 1 - y)``.

    6, 78 and 1050 cases on ranks of 2, 3 and 4 items, 392 on the corner
    scores of two.
    """
    return _levels(request, _flip_cases, _both_classes_count, min_items=2)


# -- item order invariance -------------------------------------------------------------------


def _generators(n_items: int) -> list[np.ndarray]:
    """The first two items exchanged, and (from three items) every item moved back by one."""
    exchange = np.arange(n_items)
    exchange[:2] = (1, 0)
    if n_items == 2:
        return [exchange]
    return [exchange, np.roll(np.arange(n_items), -1)]


def _order_cases(request: CaseRequest, n_items: int, corner: bool) -> Iterator[Case]:
    scores, gold, _ = _inputs(n_items, corner, both=True)
    orders = _generators(n_items)
    keep = np.empty((len(scores), len(orders)), dtype=bool)
    for g, order in enumerate(orders):
        moved = (scores[:, order], gold[:, order])
        # A permutation that leaves the input as it is decides nothing.
        changes = np.any((moved[0] != scores) | (moved[1] != gold), axis=1)
        keep[:, g] = changes & _admitted(request, (scores, gold), moved)
    for i, g in zip(*np.nonzero(keep), strict=True):
        yield permutation_case(scores[i], gold[i], orders[g], str(orders[g].tolist()))


def _order_count(n_items: int, corner: bool) -> int:
    """Inputs times generators, less the exchanges of two identical items (same score and label).

    Inputs whose first two items tie and share their label are those of
    ``n - 1`` items with both classes; a rotation moves some item of a
    two-class input.
    """
    ties = _input_count(n_items - 1, corner, both=True)
    return len(_generators(n_items)) * _input_count(n_items, corner, both=True) - ties


def order_levels(request: CaseRequest) -> Iterator[Level]:
    """``item_order_invariance``: every input against two generators of the permutations.

    Every input with both classes with its first two items exchanged and
    (from three items) with every item moved back by one place, unless the
    permutation leaves it as it is: 6, 150 and 2022 cases on ranks of 2, 3
    and 4 items, 392 on the corner scores of two.  Every permutation is a
    product of these two, and every input of a size is enumerated: a
    measure scoring some permutation of an input differently scores some
    enumerated case of that size differently.
    """
    return _levels(request, _order_cases, _order_count, min_items=2)
