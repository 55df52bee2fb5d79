"""Every case of the language_model claims up to a size: the bounded pass's enumerators.

A corpus of ``N`` tokens is a tuple of ``N`` token log-probabilities (natural
logs) cut into sequences by a *composition* of N (the sequence lengths, in
order: 2**(N - 1) of them), from one of two streams, merged by size (every
level of ``N`` tokens before any of ``N + 1``, the grid's first, so that the
smallest counterexample has plain values wherever the grid holds one):

* the *grid stream* (level size ``N = n``, from one token up to
  :data:`MAX_ENUMERATED_TOKENS`): values in :data:`GRID` (0, -1, -2:
  multiples of 1/8, so the strict claims' values; probability 1, ties and
  unequal values), ``3**n * 2**(n - 1)`` corpora;
* the *corner stream* (level size ``N = n, corner values = 6``, up to
  :data:`MAX_CORNER_TOKENS` tokens): every tuple of :data:`CORNER_VALUES`
  (the smallest subnormal, -1e-300, -745.13 where the probability
  underflows, -710 past the overflow of exp, -1e300 and the most negative
  float), ``6**n * 2**(n - 1)`` corpora.  ``well_defined`` (and the
  family's ``enumerate_inputs``) add a token of probability 0, ``-inf``
  (``corner values = 7``): the only claim that wants cases where every
  measure is undefined.

Each claim's relation is taken from a small fixed set per stream (the bases
of ``base_invariance``, the fractions of a raised token), and the case is
built by the procedure's own builder (:mod:`.cases`), so an enumerated case
has the entries, names and ``info`` of a drawn one.  Level counts are exact.

At the ``ci`` budget (1000 cases): ``well_defined`` covers the grid up to
four tokens and corner corpora up to two (882 cases), ``identity`` the grid
up to four (762), ``item_order_invariance`` four and two (957),
``sequence_mean_aggregation`` four and two (693), ``base_invariance`` three
and two (336), ``concatenation_invariance`` three and two (153) and
``probability_monotonicity`` the grid up to three (484).
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable, Iterable, Iterator
from itertools import product

import numpy as np

from axiometrics.checker.cases import Case, CaseRequest, Level, Size

from .cases import (
    NATURAL,
    aggregation_case,
    base_case,
    concatenation_case,
    identity_case,
    monotonicity_case,
    order_case,
    well_defined_case,
)

__all__ = [
    "CORNER_VALUES",
    "GRID",
    "MAX_CORNER_TOKENS",
    "MAX_ENUMERATED_TOKENS",
    "RELATIONS",
    "UNDEFINED_CORNER_VALUES",
    "aggregation_levels",
    "base_levels",
    "compositions",
    "concatenation_levels",
    "identity_levels",
    "input_levels",
    "monotonicity_levels",
    "order_levels",
    "well_defined_levels",
]

_MAX = float(np.finfo(float).max)

#: Values of the grid stream: probability 1 and two multiples of 1/8.
GRID = (0.0, -1.0, -2.0)
#: Values of the corner stream (see the module docstring).
CORNER_VALUES = (-5e-324, -1e-300, -745.13, -710.0, -1e300, -_MAX)
#: The corner values of ``well_defined``: :data:`CORNER_VALUES` and a probability 0.
UNDEFINED_CORNER_VALUES = (-math.inf, *CORNER_VALUES)
#: Most tokens of a grid corpus (``3**6 * 2**5`` corpora; no budget reaches more).
MAX_ENUMERATED_TOKENS = 6
#: Most tokens of a corner corpus.
MAX_CORNER_TOKENS = 2
#: The relation parameters of each claim, ``(grid stream, corner stream)``: values of the
#: procedures' own sets (:data:`~.procedures.BASES`, :data:`~.procedures.STEPS`).
RELATIONS: dict[str, tuple[tuple[float, ...], tuple[float, ...]]] = {
    "base_invariance": ((2.0, 0.5), (10.0,)),
    "probability_monotonicity": ((0.0, 0.5), ()),
}

#: ``build(request, n_tokens, stream) -> cases``: a claim's cases of one size and stream.
Build = Callable[[CaseRequest, int, str], Iterable[Case]]
#: ``count(n_tokens, stream) -> int``: how many cases :data:`Build` yields.
Count = Callable[[int, str], int]


# -- the corpora of one size -------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def compositions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way to cut ``n`` tokens into sequences: the lengths, fewest sequences first."""
    found = []
    for cuts in product((False, True), repeat=n - 1):
        lengths, run = [], 1
        for cut in cuts:
            if cut:
                lengths.append(run)
                run = 1
            else:
                run += 1
        lengths.append(run)
        found.append(tuple(lengths))
    return tuple(sorted(found, key=lambda c: (len(c), c)))


@functools.lru_cache(maxsize=16)
def _values(n: int, stream: str) -> np.ndarray:
    """Every ``n``-tuple of the stream's values, ``(K, n)``, lexicographic (read-only)."""
    pool = np.asarray(_pool(stream))
    rows = np.array(list(product(range(pool.size), repeat=n)), dtype=np.int64).reshape(-1, n)
    out = pool[rows]
    out.flags.writeable = False
    return out


def _corpora(n: int, stream: str) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """``(values (K, n), lengths (S,))`` for each composition of ``n``."""
    values = _values(n, stream)
    for lengths in compositions(n):
        yield values, np.asarray(lengths, dtype=float)


def _pool(stream: str) -> tuple[float, ...]:
    if stream == "grid":
        return GRID
    return CORNER_VALUES if stream == "corner" else UNDEFINED_CORNER_VALUES


def _pool_size(stream: str) -> int:
    return len(_pool(stream))


def _input_count(n: int, stream: str) -> int:
    return _pool_size(stream) ** n * 2 ** (n - 1)


def _size(n: int, stream: str) -> Size:
    if stream == "grid":
        return (("N", n),)
    return (("N", n), ("corner values", _pool_size(stream)))


def _stream(
    request: CaseRequest, build: Build, count: Count, stream: str, min_tokens: int
) -> Iterator[Level]:
    top = MAX_ENUMERATED_TOKENS if stream == "grid" else MAX_CORNER_TOKENS
    if request.max_items is not None:
        top = min(top, request.max_items)
    for n in range(min_tokens, top + 1):
        yield Level(
            _size(n, stream), functools.partial(build, request, n, stream), count(n, stream)
        )


def _levels(
    request: CaseRequest,
    build: Build,
    count: Count,
    *,
    min_tokens: int = 1,
    streams: tuple[str, ...] = ("grid", "corner"),
) -> Iterator[Level]:
    """The claim's streams, merged by token count, ``streams`` in order at one count."""
    merged = heapq.merge(
        *(_stream(request, build, count, s, min_tokens) for s in streams),
        key=lambda level: dict(level.size)["N"],
    )
    return iter(merged)


# -- single corpora ------------------------------------------------------------------------------


def _every_corpus(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        for row in values:
            yield well_defined_case(row, NATURAL, lengths)


_UNDEFINED = ("grid", "undefined_corner")


def input_levels(request: CaseRequest) -> Iterator[Level]:
    """Every corpus from one token as a one-entry case: the family's ``enumerate_inputs``.

    3, 18, 108, ... corpora on the grid, 7 and 98 of corner values (a
    probability 0 included).
    """
    return _levels(request, _every_corpus, _input_count, streams=_UNDEFINED)


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """``well_defined``: every corpus from one token, a probability 0 among the corner values.

    882 cases at ``ci``.
    """
    return _levels(request, _every_corpus, _input_count, streams=_UNDEFINED)


# -- item order ----------------------------------------------------------------------------------


def _generators(s: int) -> list[np.ndarray]:
    """The first two sequences exchanged, and (from three) every sequence moved back by one."""
    exchange = np.arange(s)
    exchange[:2] = (1, 0)
    if s == 2:
        return [exchange]
    return [exchange, np.roll(np.arange(s), -1)]


def _token_order(lengths: np.ndarray, order: np.ndarray) -> np.ndarray:
    ends = np.cumsum(lengths.astype(np.int64))
    starts = ends - lengths.astype(np.int64)
    return np.concatenate([np.arange(starts[i], ends[i]) for i in order])


def _moved(values: np.ndarray, lengths: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Which corpora the sequence order ``order`` changes.

    A permutation that leaves the corpus as it is decides nothing.
    """
    if np.any(lengths[order] != lengths):
        return np.ones(len(values), dtype=bool)
    return np.any(values[:, _token_order(lengths, order)] != values, axis=1)


def _order_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        if lengths.size < 2:
            continue
        for order in _generators(lengths.size):
            for i in np.flatnonzero(_moved(values, lengths, order)):
                yield order_case(values[i], lengths, order, str(order.tolist()))


def _order_count(n: int, stream: str) -> int:
    total = 0
    for values, lengths in _corpora(n, stream):
        if lengths.size >= 2:
            total += sum(int(np.sum(_moved(values, lengths, o))) for o in _generators(lengths.size))
    return total


def order_levels(request: CaseRequest) -> Iterator[Level]:
    """``item_order_invariance``: every corpus of two or more sequences, reordered two ways.

    The first two sequences exchanged and (from three sequences) every
    sequence moved back by one, unless that leaves the corpus as it is (6,
    96 and 825 cases of two to four grid tokens, 30 of two corner values:
    957 at ``ci``).  The two generate every permutation, and every corpus
    of the size is enumerated.
    """
    return _levels(request, _order_cases, _order_count, min_tokens=2)


# -- identity ------------------------------------------------------------------------------------


def _identity_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        for row in values[np.any(values != 0, axis=1)]:
            yield identity_case(lengths, row)


def _identity_count(n: int, stream: str) -> int:
    return (len(GRID) ** n - 1) * 2 ** (n - 1)


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """``identity``: every perfect corpus against every grid corpus with a token below 1.

    The grid corpus has the perfect corpus's segmentation: 2, 16, 104 and 640 cases of one to
    four tokens (762 at ``ci``).
    """
    return _levels(request, _identity_cases, _identity_count, streams=("grid",))


# -- base invariance ---------------------------------------------------------------------------


def _params(claim: str, stream: str) -> tuple[float, ...]:
    grid, corner = RELATIONS[claim]
    return corner if stream == "corner" else grid


def _base_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        for row in values:
            for b in _params("base_invariance", stream):
                yield base_case(row, lengths, b)


def _base_count(n: int, stream: str) -> int:
    return _input_count(n, stream) * len(_params("base_invariance", stream))


def base_levels(request: CaseRequest) -> Iterator[Level]:
    """``base_invariance``: every corpus against its values in another base.

    Bases 2 and 1/2 on the grid, 10 on corner values: 6, 36 and 216 grid cases of one to
    three tokens, 6 and 72 corner ones (336 at ``ci``).
    """
    return _levels(request, _base_cases, _base_count)


# -- probability monotonicity ------------------------------------------------------------------


def _monotonicity_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    steps = _params("probability_monotonicity", stream)
    for values, lengths in _corpora(n, stream):
        rows, tokens = np.nonzero(values < 0)
        for row, token in zip(rows, tokens, strict=True):
            for t in steps:
                yield monotonicity_case(values[row], lengths, int(token), t)


def _monotonicity_count(n: int, stream: str) -> int:
    """Corpora times their tokens below probability 1 (``n 2 3**(n-1)`` per composition)."""
    below = n * (len(GRID) - 1) * len(GRID) ** (n - 1)
    return below * 2 ** (n - 1) * len(_params("probability_monotonicity", stream))


def monotonicity_levels(request: CaseRequest) -> Iterator[Level]:
    """``probability_monotonicity``: every token below probability 1 of every grid corpus, raised.

    To probability 1 (t = 0) and half way in log (t = 1/2): 4, 48 and 432 cases of one to
    three tokens (484 at ``ci``).
    """
    return _levels(request, _monotonicity_cases, _monotonicity_count, streams=("grid",))


# -- concatenation and aggregation -------------------------------------------------------------


def _concatenation_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        for row in values:
            for s in range(lengths.size - 1):
                yield concatenation_case(row, NATURAL, lengths, s)


def _concatenation_count(n: int, stream: str) -> int:
    joins = sum(len(c) - 1 for c in compositions(n))
    return _pool_size(stream) ** n * joins


def concatenation_levels(request: CaseRequest) -> Iterator[Level]:
    """``concatenation_invariance``: every pair of consecutive sequences of every corpus joined.

    9 and 108 grid cases of two and three tokens, 36 of two corner values: 153 at ``ci``
    (four grid tokens, 972 more, do not fit).
    """
    return _levels(request, _concatenation_cases, _concatenation_count, min_tokens=2)


def _aggregation_cases(request: CaseRequest, n: int, stream: str) -> Iterator[Case]:
    for values, lengths in _corpora(n, stream):
        if lengths.size >= 2:
            for row in values:
                yield aggregation_case(row, NATURAL, lengths)


def _aggregation_count(n: int, stream: str) -> int:
    return _pool_size(stream) ** n * (2 ** (n - 1) - 1)


def aggregation_levels(request: CaseRequest) -> Iterator[Level]:
    """``sequence_mean_aggregation``: every corpus of two or more sequences against each alone.

    9, 81 and 567 grid cases of two to four tokens, 36 of two corner values (693 at ``ci``).
    """
    return _levels(request, _aggregation_cases, _aggregation_count, min_tokens=2)
