"""Every case of the regression family's claims up to a size: the bounded pass's enumerators.

An input of ``N`` items is a list of items ``(y_true, y_pred, weight)``,
every ``N``-tuple of the items of one of two streams, merged by size: every
level of ``N`` items before any of ``N + 1``, the grid's first (so the
smallest counterexample has plain values wherever the grid holds one):

* the *grid stream* (level size ``N = n``, from one item up to
  :data:`MAX_ENUMERATED_ITEMS`): true values and predictions on
  :data:`GRID` (0, 1, 2: multiples of 1/8, so the strict claims'
  values; ties, and equal gaps so that a prediction can be the truth
  shifted), unit weights; ``9**n`` inputs;
* the *corner stream* (level size ``N = n, corner items = 7``, up to
  :data:`MAX_CORNER_ITEMS` items): every tuple of :data:`CORNER_ITEMS`
  (the largest floats of both signs, 1e300 against 0, the subnormal
  5e-324, a zero true value against 1e-300, -1 (MSLE's edge), a zero
  weight and a weight of 2), all-zero weights left out; ``7**n - 1``
  inputs.

``weight_semantics`` has its own grid stream, :data:`WEIGHT_GRID` values
with weights 0, 1 and 2 (``12**n - 4**n`` inputs: not all weights zero).

Each claim's relation is taken from a small fixed set per stream (a shift,
a factor, an affine map, a monotone map, the fractions of a move), and the
case is built by the procedure's own builder
(:mod:`axiometrics.measures.regression.procedures`), so an enumerated case
has the entries, names and ``info`` of a drawn one (a relation that is
inexact on an input falls back as the builder says).  The inputs of one
size are built as whole arrays; the cases are yielded one at a time.  Level
counts are exact: the family's preconditions (``degree_<d>``) restrict no
input.

At the ``ci`` budget (1000 cases) the cheap claims (``symmetry``,
``well_defined``, ``identity``, the relations with one parameter per
stream) reach three items on the grid and two corner items; the others two
and two (see each enumerator).
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Iterator
from itertools import product
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case, CaseRequest, Level, Size

from .cases import (
    affine_case,
    degree,
    error_case,
    identity_case,
    influence_case,
    monotone_case,
    order_case,
    scale_case,
    symmetry_case,
    translation_case,
    weight_case,
    well_defined_case,
)

__all__ = [
    "CORNER_ITEMS",
    "GRID",
    "MAX_CORNER_ITEMS",
    "MAX_ENUMERATED_ITEMS",
    "RELATIONS",
    "WEIGHT_GRID",
    "affine_levels",
    "error_levels",
    "identity_levels",
    "influence_levels",
    "input_levels",
    "monotone_levels",
    "order_levels",
    "scale_levels",
    "symmetry_levels",
    "translation_levels",
    "weight_levels",
    "well_defined_levels",
]

_MAX = float(np.finfo(float).max)

#: Values of the grid stream: three integers (multiples of 1/8), equally spaced.
GRID = (0.0, 1.0, 2.0)
#: Values of ``weight_semantics``' grid stream (its weights are 0, 1 and 2).
WEIGHT_GRID = (0.0, 1.0)
#: Weights of ``weight_semantics``' grid stream.
_WEIGHTS = (0.0, 1.0, 2.0)
#: Items ``(y_true, y_pred, weight)`` of the corner stream, values of the
#: strategies' ``mixed`` regime: overflowing differences, a huge value
#: against zero, the smallest subnormal, a zero true value (MAPE), -1
#: (MSLE's edge), a zero weight, a weight of 2.
CORNER_ITEMS = (
    (_MAX, -_MAX, 1.0),
    (1e300, 0.0, 1.0),
    (5e-324, 0.0, 1.0),
    (0.0, 1e-300, 1.0),
    (-1.0, 0.5, 1.0),
    (1.0, 1.0, 0.0),
    (3.0, 1e-10, 2.0),
)
#: Most items of a grid input (``9**6`` inputs; no budget reaches more).
MAX_ENUMERATED_ITEMS = 6
#: Most items of a corner input.
MAX_CORNER_ITEMS = 2
#: The relation parameters of each claim, ``(grid stream, corner stream)``:
#: values of the procedures' own sets (:data:`~.procedures.SHIFTS`, ...).
RELATIONS: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {
    "translation_invariance": ((-3.0,), (1e300,)),
    "scale_homogeneity": ((0.5,), (2.0**30,)),
    "prediction_affine_invariance": (((2.0, -3.0),), ((0.5, 1000.0),)),
    "prediction_monotone_invariance": (("cube",), ("arctan", "huge_rank")),
    "error_monotonicity": ((0.0, 0.5), ()),
    "weight_semantics": ((3.0,), (2.0**-30,)),
    "bounded_influence": (((True, 1.0, 1000.0),), ((False, 1.0, 2.0**40),)),
}

_GRID_ITEMS = np.array([(y, p, 1.0) for y in GRID for p in GRID])
_WEIGHT_ITEMS = np.array([(y, p, w) for y in WEIGHT_GRID for p in WEIGHT_GRID for w in _WEIGHTS])
_CORNER_ITEMS = np.array(CORNER_ITEMS)

Inputs = tuple[np.ndarray, np.ndarray, np.ndarray]


# -- the inputs of one size ----------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _tuples(n_items: int, n_choices: int) -> np.ndarray:
    """Every ``n_items``-tuple of ``range(n_choices)``, ``(n_choices**n_items, n_items)``."""
    rows = np.array(list(product(range(n_choices), repeat=n_items)), dtype=np.int64)
    rows = rows.reshape(-1, n_items)
    rows.flags.writeable = False
    return rows


def _items(stream: str) -> np.ndarray:
    return {"grid": _GRID_ITEMS, "weights": _WEIGHT_ITEMS, "corner": _CORNER_ITEMS}[stream]


def _inputs(n_items: int, stream: str) -> Inputs:
    """Every input of a stream and size: ``y_true``, ``y_pred``, weights, ``(K, n)`` each.

    Tuples of the stream's items in lexicographic order; all-zero weights left out.
    """
    items = _items(stream)
    chosen = items[_tuples(n_items, len(items))]
    keep = np.any(chosen[..., 2] > 0, axis=1)
    chosen = chosen[keep]
    return chosen[..., 0], chosen[..., 1], chosen[..., 2]


def _input_count(n_items: int, stream: str) -> int:
    items = _items(stream)
    return len(items) ** n_items - int(np.sum(items[:, 2] == 0)) ** n_items


def _size(n_items: int, stream: str) -> Size:
    if stream == "corner":
        return (("N", n_items), ("corner items", len(CORNER_ITEMS)))
    return (("N", n_items),)


#: ``build(request, n_items, stream) -> cases``: a claim's cases of one size and stream.
Build = Callable[[CaseRequest, int, str], Iterable[Case]]
#: ``count(n_items, stream) -> int``: how many cases :data:`Build` yields.
Count = Callable[[int, str], int]


def _stream(
    request: CaseRequest, build: Build, count: Count, stream: str, min_items: int
) -> Iterator[Level]:
    top = MAX_CORNER_ITEMS if stream == "corner" else MAX_ENUMERATED_ITEMS
    if request.max_items is not None:
        top = min(top, request.max_items)
    for n_items in range(min_items, top + 1):
        cases = functools.partial(build, request, n_items, stream)
        yield Level(_size(n_items, stream), cases, count(n_items, stream))


def _levels(
    request: CaseRequest,
    build: Build,
    count: Count,
    *,
    min_items: int = 1,
    streams: tuple[str, ...] = ("grid", "corner"),
) -> Iterator[Level]:
    """The claim's streams, merged by item count, ``streams`` in order at one count.

    The corner stream's levels are cheaper than the grid's of the same size,
    so a merge by cost would report a counterexample of extreme floats where
    a grid input of the same size shows the same failure plainly.  Every
    budget covers the same levels either way: the corner stream stops at
    :data:`MAX_CORNER_ITEMS`, below the first grid level that does not fit.
    """
    merged = heapq.merge(
        *(_stream(request, build, count, s, min_items) for s in streams),
        key=lambda level: dict(level.size)["N"],
    )
    return iter(merged)


def _params(claim: str, stream: str) -> tuple[Any, ...]:
    grid, corner = RELATIONS[claim]
    return corner if stream == "corner" else grid


# -- single inputs ---------------------------------------------------------------------------


def _single(make: Callable[[np.ndarray, np.ndarray, np.ndarray], Case]) -> Build:
    def build(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
        y, p, w = _inputs(n_items, stream)
        for i in range(len(y)):
            yield make(y[i], p[i], w[i])

    return build


def _named_input(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Case:
    return Case.from_entries([(y, p, w)], ["input"], info={})


def input_levels(request: CaseRequest) -> Iterator[Level]:
    """Every input from one item as a one-entry case ``input``: the family's ``enumerate_inputs``.

    9, 81, 729, ... inputs on the grid, 6 and 48 of corner items.
    """
    return _levels(request, _single(_named_input), _input_count)


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """``well_defined``: every input from one item (the inputs of :func:`input_levels`).

    The ``ci`` budget covers the grid up to three items and corner items up
    to two (873 cases).
    """
    return _levels(request, _single(well_defined_case), _input_count)


def symmetry_levels(request: CaseRequest) -> Iterator[Level]:
    """``symmetry``: every input against the input with ``y_true`` and ``y_pred`` exchanged.

    As many cases as :func:`well_defined_levels` (873 at ``ci``).
    """
    return _levels(request, _single(symmetry_case), _input_count)


# -- item order --------------------------------------------------------------------------------


def _generators(n_items: int) -> list[np.ndarray]:
    """The first two items exchanged, and (from three items) every item moved back by one."""
    exchange = np.arange(n_items)
    exchange[:2] = (1, 0)
    if n_items == 2:
        return [exchange]
    return [exchange, np.roll(np.arange(n_items), -1)]


def _order_cases(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
    y, p, w = _inputs(n_items, stream)
    for order in _generators(n_items):
        # A permutation that leaves the input as it is decides nothing.
        moved = np.any((y[:, order] != y) | (p[:, order] != p) | (w[:, order] != w), axis=1)
        for i in np.flatnonzero(moved):
            yield order_case(y[i], p[i], w[i], order, str(order.tolist()))


def _order_count(n_items: int, stream: str) -> int:
    """Inputs times generators, less those a generator leaves unchanged.

    The exchange leaves an input whose first two items are equal (as many as
    the inputs of ``n - 1`` items), the rotation a constant input.
    """
    total = _input_count(n_items, stream) - _input_count(n_items - 1, stream)
    if n_items >= 3:
        total += _input_count(n_items, stream) - _input_count(1, stream)
    return total


def order_levels(request: CaseRequest) -> Iterator[Level]:
    """``item_order_invariance``: every input against two generators of the permutations.

    The first two items exchanged and (from three items) every item moved
    back by one, unless that leaves the input as it is: 72 cases on the
    grid at two items, 1368 at three, 42 of corner items.  Every
    permutation is a product of the two, and every input of the size is
    enumerated, so a measure that some permutation changes fails on an
    enumerated case of that size.
    """
    return _levels(request, _order_cases, _order_count, min_items=2)


# -- relations with fixed parameters -------------------------------------------------------------


def _related(
    claim: str, make: Callable[[CaseRequest, np.ndarray, np.ndarray, np.ndarray, Any], Case]
) -> tuple[Build, Count]:
    """The build and count of a claim relating every input to itself under each parameter."""

    def build(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
        y, p, w = _inputs(n_items, stream)
        for i in range(len(y)):
            for param in _params(claim, stream):
                yield make(request, y[i], p[i], w[i], param)

    def count(n_items: int, stream: str) -> int:
        return _input_count(n_items, stream) * len(_params(claim, stream))

    return build, count


def _translate(request: CaseRequest, y: np.ndarray, p: np.ndarray, w: np.ndarray, c: Any) -> Case:
    return translation_case(y, p, w, float(c))


def _scale(request: CaseRequest, y: np.ndarray, p: np.ndarray, w: np.ndarray, k: Any) -> Case:
    return scale_case(y, p, w, float(k), degree(request))


def _affine(request: CaseRequest, y: np.ndarray, p: np.ndarray, w: np.ndarray, ab: Any) -> Case:
    a, b = ab
    return affine_case(y, p, w, a, b)


def _monotone(request: CaseRequest, y: np.ndarray, p: np.ndarray, w: np.ndarray, f: Any) -> Case:
    return monotone_case(y, p, w, str(f))


def translation_levels(request: CaseRequest) -> Iterator[Level]:
    """``translation_invariance``: every input against the input shifted by c.

    c = -3 on the grid, 1e300 on corner items (where a sum is inexact the
    builder falls back to c = 0, as the strategy does): 873 cases at ``ci``.
    """
    return _levels(request, *_related("translation_invariance", _translate))


def scale_levels(request: CaseRequest) -> Iterator[Level]:
    """``scale_homogeneity``: every input against the input times k, with the requested degree.

    k = 1/2 on the grid, 2**30 on corner items: 873 cases at ``ci``.
    """
    return _levels(request, *_related("scale_homogeneity", _scale))


def affine_levels(request: CaseRequest) -> Iterator[Level]:
    """``prediction_affine_invariance``: every input against predictions ``a p + b``.

    (a, b) = (2, -3) on the grid, (1/2, 1000) on corner items: 873 cases at ``ci``.
    """
    return _levels(request, *_related("prediction_affine_invariance", _affine))


def monotone_levels(request: CaseRequest) -> Iterator[Level]:
    """``prediction_monotone_invariance``: every input against predictions ``f(p)``.

    f = cube on the grid (0, 1, 2 become 0, 1, 8), arctan and the
    rank spread to +-2**1018 on corner items: 9, 81 and 729 cases on the
    grid, 12 and 96 of corner items (927 at ``ci``).
    """
    return _levels(request, *_related("prediction_monotone_invariance", _monotone))


# -- identity and error monotonicity ---------------------------------------------------------------


def _identity_cases(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
    y, p, w = _inputs(n_items, stream)
    if stream == "corner":
        # The corner items' true values are distinct: (y, y) once per input.
        for i in range(len(y)):
            yield identity_case(y[i], None, w[i])
        return
    for row in np.flatnonzero(np.any(p != y, axis=1)):
        yield identity_case(y[row], p[row], w[row])


def _identity_count(n_items: int, stream: str) -> int:
    if stream == "corner":
        return _input_count(n_items, stream)
    return len(GRID) ** (2 * n_items) - len(GRID) ** n_items


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """``identity``: ``(y, y)`` against every ``(y, p)`` with ``p != y`` on the grid.

    6, 72 and 702 cases of 1, 2 and 3 grid items; ``(y, y)`` alone for every
    corner input (6 and 48 cases): 834 at ``ci``.
    """
    return _levels(request, _identity_cases, _identity_count)


def _error_cases(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
    y, p, _ = _inputs(n_items, stream)
    rows, items = np.nonzero(p != y)
    for row, item in zip(rows, items, strict=True):
        for t in _params("error_monotonicity", stream):
            yield error_case(y[row], p[row], int(item), float(t))


def _error_count(n_items: int, stream: str) -> int:
    """Inputs times their items with ``p != y``: ``n 6 9**(n - 1)``, times the fractions."""
    g = len(GRID)
    moves = n_items * (g * g - g) * (g * g) ** (n_items - 1)
    return moves * len(_params("error_monotonicity", stream))


def error_levels(request: CaseRequest) -> Iterator[Level]:
    """``error_monotonicity``: every item with ``p != y`` of every grid input, moved toward y.

    To y itself (t = 0) and half way (t = 1/2), unit weights, the grid only
    (the claim's values are multiples of 1/8): 12, 216 and 2916 cases of
    1, 2 and 3 items (228 at ``ci``).
    """
    return _levels(request, _error_cases, _error_count, streams=("grid",))


# -- weights -------------------------------------------------------------------------------------


def _weight_stream(stream: str) -> str:
    return "weights" if stream == "grid" else stream


def _weight_cases(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
    y, p, w = _inputs(n_items, _weight_stream(stream))
    (k,) = _params("weight_semantics", stream)
    # Repeating rows of weights 0 and 1 only removes rows (the drop case), and
    # dropping no row changes nothing: each kind only where it moves something.
    repeat, drop = np.any(w > 1, axis=1), np.any(w == 0, axis=1)
    for i in range(len(y)):
        if repeat[i]:
            yield weight_case("repeat", y[i], p[i], w[i])
        if drop[i]:
            yield weight_case("drop", y[i], p[i], w[i])
        yield weight_case("scale", y[i], p[i], w[i], float(k))


def _weight_count(n_items: int, stream: str) -> int:
    """Scaled: every input; repeated: those with a weight 2; dropped: those with a weight 0."""
    weights = _items(_weight_stream(stream))[:, 2]
    every, zero = len(weights), int(np.sum(weights == 0))
    at_most_one = int(np.sum(weights <= 1))
    inputs = _input_count(n_items, _weight_stream(stream))
    with_two = every**n_items - at_most_one**n_items
    with_zero = every**n_items - (every - zero) ** n_items - zero**n_items
    return inputs + with_two + with_zero


def weight_levels(request: CaseRequest) -> Iterator[Level]:
    """``weight_semantics``: every weighted input scaled, repeated and with zero weights dropped.

    Values :data:`WEIGHT_GRID` with weights 0, 1 and 2 (not all zero) and
    every corner input: each input with its weights times k (3 on the grid,
    2**-30 on corner items), each input with a weight of 2 against its rows
    repeated, each with a zero weight against those rows removed: 12 and
    272 cases of one and two grid items, 7 and 73 of corner items (364 at
    ``ci``).
    """
    return _levels(request, _weight_cases, _weight_count)


# -- bounded influence ---------------------------------------------------------------------------


def _influence_cases(request: CaseRequest, n_items: int, stream: str) -> Iterator[Case]:
    y, p, w = _inputs(n_items, stream)
    ((up, near, far),) = _params("bounded_influence", stream)
    for item in range(n_items):
        # The moved prediction is overwritten: on the grid one value of it stands for
        # all (a corner item's true value already tells it apart).
        rows = range(len(y)) if stream == "corner" else np.flatnonzero(p[:, item] == GRID[0])
        for i in rows:
            yield influence_case(y[i], p[i], w[i], item, bool(up), float(near), float(far))


def _influence_count(n_items: int, stream: str) -> int:
    if stream == "corner":
        return n_items * _input_count(n_items, stream)
    return n_items * _input_count(n_items, stream) // len(GRID)


def influence_levels(request: CaseRequest) -> Iterator[Level]:
    """``bounded_influence``: every prediction of every input sent beyond the others, then further.

    Above them by 1 and 1000 on the grid (3, 54 and 729 cases of one to
    three items: the moved prediction's own value is left out), below by 1
    and 2**40 on corner items (6 and 96): 888 at ``ci``.
    """
    return _levels(request, _influence_cases, _influence_count)
