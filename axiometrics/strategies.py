"""Hypothesis strategies for the inputs of evaluation measures.

Use them to property-test a measure, or to build new claim checks::

    from hypothesis import given
    from axiometrics import strategies as ax_st

    @given(ax_st.confusion_matrices(max_classes=5))
    def test_my_measure_is_symmetric(matrix):
        assert my_measure(matrix) == my_measure(matrix.T)

The strategies follow Hypothesis' conventions: plural nouns, keyword-only
options, and options that cannot be satisfied raise
:class:`StrategyArgumentError` (a :class:`hypothesis.errors.InvalidArgument`
and an :class:`~axiometrics.errors.InvalidParameterError`) when the strategy
is built.

They are built to reach the corners where claims about measures break:

* 2 to 12 classes (``max_classes`` raises it further);
* counts from 0 to 10^6 (``max_count``), drawn from a small range or the
  full range so that extreme imbalance is common;
* empty gold and system classes, single-class golds, constant systems,
  perfect systems;
* exact zeros, exact ties, one-hot and uniform distributions: probabilities
  are normalised integer counts (a continuous sampler alone never produces
  an exact zero or tie), with explicit one-hot and uniform branches.

Shrinking gives small, readable counterexamples: the number of classes is
drawn first and shrinks toward the minimum, counts shrink toward 0, class
values toward ``0 .. C-1`` and structural choices toward the general case.

Confusion matrices follow the axiometrics convention: ``M[i, j]`` counts the
items the system put in class ``i`` whose gold class is ``j`` (rows =
system, columns = gold).  Distribution pairs are ``(system, gold)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError
from axiometrics.scale import ClassScale

__all__ = [
    "BOOLEANS",
    "DEFAULT_MAX_CLASSES",
    "DEFAULT_MAX_COUNT",
    "GoldItemMoves",
    "IncreasingTransform",
    "LabelAssignment",
    "MassTransfer",
    "Move",
    "OneHotPair",
    "StrategyArgumentError",
    "SystemImprovement",
    "bounded_integers",
    "class_counts",
    "class_scales",
    "class_value_pairs",
    "class_values",
    "confusion_matrices",
    "distribution_pairs",
    "distributions",
    "few_item_improvements",
    "few_item_systems",
    "gold_item_moves",
    "improved_systems",
    "increasing_transforms",
    "label_assignments",
    "mass_transfers",
    "one_hot_pairs",
    "orders_agree",
    "priority_preserving_estimates",
    "priority_violating_estimates",
    "sampled_options",
    "scale_factors",
]

#: Default largest number of classes (so that "11+ classes" is reached).
DEFAULT_MAX_CLASSES = 12
#: Default largest count of one cell or bin.
DEFAULT_MAX_COUNT = 10**6
#: Counts are drawn either in ``0 .. SMALL_COUNT`` or in the full range.
SMALL_COUNT = 9
#: "Many classes": a deliberate share of the draws has at least this many.
MANY_CLASSES = 10


@functools.lru_cache(maxsize=4096)
def bounded_integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    """Integers in ``lo .. hi``: ``st.integers(lo, hi)``, built once per range.

    A new strategy object costs a validation per draw; generators and
    procedures drawing small integers in loops share these.

    Parameters
    ----------
    lo, hi
        The bounds, both included.
    """
    return st.integers(int(lo), int(hi))


def sampled_options(options: Sequence[Any]) -> st.SearchStrategy[Any]:
    """One of ``options``: ``st.sampled_from(options)``, built once per distinct tuple.

    Parameters
    ----------
    options
        A non-empty sequence of hashable options.
    """
    return _sampled_tuple(tuple(options))


_ints = bounded_integers
_sampled = sampled_options


@functools.lru_cache(maxsize=4096)
def _sampled_tuple(options: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    return st.sampled_from(options)


@functools.lru_cache(maxsize=256)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    """``st.permutations(range(n))``, built once per ``n``."""
    return st.permutations(range(n))


@functools.lru_cache(maxsize=256)
def _one_or_up_to(top: int) -> st.SearchStrategy[int]:
    """1, or anything in ``1 .. top`` (shrinks to 1)."""
    return st.one_of(st.just(1), _ints(1, top))


@functools.lru_cache(maxsize=256)
def _floats(lo: float, hi: float) -> st.SearchStrategy[float]:
    """``st.floats(lo, hi)``, built once per range."""
    return st.floats(lo, hi)


#: ``st.booleans()``, built once.
BOOLEANS: st.SearchStrategy[bool] = st.booleans()
_BOOLEANS = BOOLEANS


def _reused(factory: Callable[..., st.SearchStrategy[Any]]) -> Callable[..., Any]:
    """Build each distinct strategy of ``factory`` once, keyed by its (hashable) arguments.

    Hypothesis validates every new strategy object before its first draw and
    computes its properties (emptiness, reusable values) anew; for a strategy
    built inside another strategy's draw that costs more than the draw
    itself.  A cached object draws exactly the same choices, so cases,
    shrinking and verdicts are unchanged.  The strategies return fresh
    arrays on every draw, so sharing the strategy object shares no data.
    """
    return functools.lru_cache(maxsize=1024)(factory)


class StrategyArgumentError(InvalidArgument, InvalidParameterError):
    """A strategy was asked for what it cannot generate (e.g. ``min_classes > max_classes``)."""


# -- option validation --------------------------------------------------------


def _int_option(name: str, value: Any, *, minimum: int) -> int:
    if not isinstance(value, int | np.integer) or isinstance(value, bool):
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    if value < minimum:
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    return int(value)


def _class_bounds(
    n_classes: int | None, min_classes: int, max_classes: int, *, floor: int = 2
) -> tuple[int, int]:
    """Validate the class-count options; return the inclusive range of C."""
    if n_classes is not None:
        n = _int_option("n_classes", n_classes, minimum=floor)
        return n, n
    lo = _int_option("min_classes", min_classes, minimum=floor)
    hi = _int_option("max_classes", max_classes, minimum=floor)
    if lo > hi:
        raise StrategyArgumentError(
            f"min_classes={min_classes!r} must not exceed max_classes={max_classes!r}"
        )
    return lo, hi


def _choice(name: str, value: Any, choices: Sequence[Any]) -> Any:
    if value not in choices:
        raise StrategyArgumentError(f"{name}={value!r}: expected one of {list(choices)!r}")
    return value


@functools.lru_cache(maxsize=256)
def _n_classes(lo: int, hi: int) -> st.SearchStrategy[int]:
    """The number of classes: half of the draws among the 3 smallest, half up to ``hi``.

    Most counterexamples need few classes, and small cases are cheap.
    """
    if lo == hi:
        return st.just(lo)
    if hi - lo <= 2:
        return _ints(lo, hi)
    if hi >= MANY_CLASSES and lo < MANY_CLASSES:
        # About a fifth of the draws have 10+ classes (a deliberate corner).
        small = _ints(lo, lo + 2)
        many = _ints(MANY_CLASSES, hi)
        return st.one_of(small, small, small, small, _ints(lo, hi), _ints(lo, hi), many)
    return st.one_of(_ints(lo, lo + 2), _ints(lo, hi))


@functools.lru_cache(maxsize=256)
def _count(max_count: int) -> st.SearchStrategy[int]:
    """One count: small (shrinks to 0) or anywhere up to ``max_count``."""
    small = _ints(0, min(SMALL_COUNT, max_count))
    if max_count <= SMALL_COUNT:
        return small
    return st.one_of(small, _ints(0, max_count))


#: Arrays of at most this many counts are drawn one count at a time, so their
#: counterexamples shrink count by count; larger ones are drawn as a whole.
CELL_BY_CELL = 16
#: The seed of an array drawn as a whole (shrinks toward 0).
_SEED = _ints(0, 2**32 - 1)
#: Shares (in quarters) of the cells of a whole array that are zero or drawn
#: from the full count range; both shrink toward 0.
_QUARTERS = _ints(0, 4)


def _counts(draw: st.DrawFn, size: int, cap: int) -> np.ndarray:
    """``size`` counts in ``0 .. cap`` (int64): one draw per count for small arrays.

    Larger arrays cost a handful of draws however many cells they have (the
    choices Hypothesis records, replays and shrinks are what make a case
    expensive): see :func:`_whole_counts`.
    """
    if size <= CELL_BY_CELL:
        count = _count(cap)
        return np.asarray([draw(count) for _ in range(size)], dtype=np.int64)
    return draw(_whole_counts(size, cap))


@functools.lru_cache(maxsize=256)
def _whole_counts(size: int, cap: int) -> st.SearchStrategy[np.ndarray]:
    return _expanded_counts(size, cap)


@st.composite
def _expanded_counts(draw: st.DrawFn, size: int, cap: int) -> np.ndarray:
    """A whole array of counts from five draws, expanded deterministically.

    The draws are the largest small count (``0 .. 9``), the shares (in
    quarters) of cells drawn from the full range and of zero cells, whether
    the full-range cells include the cap itself, and a seed.  Full-range
    cells are log-uniform in ``1 .. cap`` (so 3 next to 900,000 is as common
    as in Hypothesis' own integer draws) and a quarter of them sit at the cap
    when asked.  Everything shrinks toward an array of zeros and ones from
    seed 0, which the callers' repairs turn into a small readable input.
    """
    small_top = draw(_ints(0, min(SMALL_COUNT, cap)))
    big_share = draw(_QUARTERS) if cap > SMALL_COUNT else 0
    zero_share = draw(_QUARTERS)
    at_cap = draw(_BOOLEANS) if big_share else False
    rng = np.random.default_rng(draw(_SEED))
    out = rng.integers(0, small_top + 1, size=size, dtype=np.int64)
    if big_share:
        big = rng.random(size) < big_share / 4
        magnitude = np.exp(rng.uniform(0.0, np.log(cap), size=int(big.sum())))
        out[big] = np.clip(np.round(magnitude), 1, cap).astype(np.int64)
        if at_cap:
            out[big & (rng.random(size) < 0.25)] = cap
    if zero_share:
        out[rng.random(size) < zero_share / 4] = 0
    return out


# -- class scales and values ----------------------------------------------------


def class_values(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    spacing: str = "arbitrary",
    max_gap: int = 1000,
    fractional: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Strictly increasing class values ``(C,)``.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C (fixed, or drawn in the range).
    spacing
        ``"arbitrary"`` (unequal gaps, shrinking to ``0 .. C-1``),
        ``"equidistant"`` (``a + b * k``, shrinking to ``0 .. C-1``) or
        ``"extreme"``: the whole domain of strictly increasing values --
        negative and fractional values, magnitudes up to 1e9, gaps from
        1e-9 of the largest magnitude up to 1e9, and scales where two
        classes nearly merge (one gap 1e-9 of the others).
    max_gap
        Largest gap between consecutive values (integer gaps ``1 .. max_gap``).
    fractional
        Also draw fractional gaps in ``[1/max_gap, max_gap]``; the ratio of
        the largest to the smallest gap is then at most ``max_gap**2``.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    _choice("spacing", spacing, ("arbitrary", "equidistant", "extreme"))
    gap = _int_option("max_gap", max_gap, minimum=1)
    if spacing == "extreme":
        return _extreme_values(lo, hi, not fractional)
    return _class_values(lo, hi, spacing, gap, bool(fractional))


#: Smallest gap between two class values of the ``"extreme"`` spacing,
#: relative to the largest magnitude of the scale.
EXTREME_RELATIVE_GAP = 1e-9
#: Largest magnitude of a class value of the ``"extreme"`` spacing.
EXTREME_MAGNITUDE = 1e9


#: The layouts of the ``"extreme"`` spacing (see :func:`class_values`).
_EXTREME_LAYOUTS = ("wide", "near_merge", "tiny", "negative")


@_reused
@st.composite
def _extreme_values(
    draw: st.DrawFn,
    lo: int,
    hi: int,
    integer: bool,
    layouts: tuple[str, ...] = _EXTREME_LAYOUTS,
) -> np.ndarray:
    c = draw(_n_classes(lo, hi))
    layout = draw(_sampled(layouts))
    exponent = _ints(-9 if not integer else 0, 9)
    if layout == "tiny" and not integer:
        # Every gap tiny relative to the magnitude of the values.
        base = draw(_floats(-EXTREME_MAGNITUDE / 2, EXTREME_MAGNITUDE / 2))
        unit = max(abs(base), 1.0) * EXTREME_RELATIVE_GAP
        gaps = [unit * draw(_ints(1, 1000)) for _ in range(c - 1)]
    elif layout == "near_merge":
        # Wide gaps but one pair of classes nearly merged.
        big = [10.0 ** draw(_ints(0, 8)) * draw(_ints(1, 9)) for _ in range(c - 1)]
        merged = draw(_ints(0, c - 2))
        scale = max(big) * c
        big[merged] = (
            max(1.0, scale * EXTREME_RELATIVE_GAP) if integer else (scale * EXTREME_RELATIVE_GAP)
        )
        gaps = big
        base = float(draw(_ints(-1000, 1000)))
    else:
        gaps = [10.0 ** draw(exponent) * draw(_ints(1, 9)) for _ in range(c - 1)]
        base = 0.0
        if layout == "negative":
            # Values straddling zero: class k sits near 0, those below are negative.
            k = draw(_ints(1, c - 1))
            base = -float(np.sum(gaps[:k])) + float(draw(_ints(-3, 3)))
        if not integer and draw(_BOOLEANS):
            base += draw(_floats(-1.0, 1.0))
    values = base + np.concatenate([[0.0], np.cumsum(gaps)])
    if integer:
        values = np.round(values)
    return _strictly_increasing(values, integer)


def _strictly_increasing(values: np.ndarray, integer: bool) -> np.ndarray:
    """Repair values that rounding made equal: keep gaps of at least the relative floor."""
    out = np.asarray(values, dtype=float).copy()
    for k in range(1, out.size):
        floor = max(abs(out[k - 1]), 1.0) * EXTREME_RELATIVE_GAP
        if integer:
            floor = max(1.0, np.ceil(floor))
        if not out[k] - out[k - 1] >= floor:
            out[k] = out[k - 1] + floor
    return out


def class_value_pairs(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    integer: bool = False,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """Two strictly increasing class-value vectors ``(v, w)`` over the same C classes.

    Any two such vectors are related by a strictly increasing ``f`` with
    ``f(v) = w``, so the pair covers the whole quantifier domain of ordinal
    invariance: ``v`` is the default ``0 .. C-1`` or drawn from
    ``spacing="extreme"`` (wide, tiny, negative, nearly merged gaps), half
    of the draws each; ``w`` is drawn from ``spacing="extreme"`` in half of
    the draws and, in the other half, straddles zero (the classes below
    some class are negative, so the order of ``|w|`` differs from the order
    of ``w``: about half of the pairs have a ``w`` that straddles zero).
    ``integer=True`` keeps both integer-valued (class labels of a
    categorical metric).
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    return _value_pairs(lo, hi, bool(integer))


@_reused
@st.composite
def _value_pairs(draw: st.DrawFn, lo: int, hi: int, integer: bool) -> tuple[np.ndarray, np.ndarray]:
    c = draw(_n_classes(lo, hi))
    extreme = _extreme_values(c, c, integer)
    straddling = _extreme_values(c, c, integer, ("negative",))
    default = st.just(np.arange(c, dtype=float))
    v = draw(st.one_of(default, extreme))
    w = draw(st.one_of(extreme, straddling))
    return v, w


@functools.lru_cache(maxsize=64)
def _gaps(max_gap: int, fractional: bool) -> st.SearchStrategy[float]:
    whole = _ints(1, max_gap)
    if not fractional or max_gap == 1:
        return whole
    return st.one_of(whole, st.floats(1.0 / max_gap, float(max_gap)))


@_reused
@st.composite
def _class_values(
    draw: st.DrawFn, lo: int, hi: int, spacing: str, max_gap: int = 1000, fractional: bool = True
) -> np.ndarray:
    c = draw(_n_classes(lo, hi))
    start = draw(_ints(-10, 10))
    if spacing == "equidistant":
        step = draw(_ints(1, 100))
        return np.asarray(start + step * np.arange(c), dtype=float)
    gap = _gaps(max_gap, fractional)
    gaps = [draw(gap) for _ in range(c - 1)]
    return np.asarray(start + np.concatenate([[0.0], np.cumsum(gaps)]), dtype=float)


def class_scales(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    spacing: str = "arbitrary",
) -> st.SearchStrategy[ClassScale]:
    """Class scales: labels ``0 .. C-1`` (or ``"c0" ..``) with strictly increasing values.

    ``spacing`` is ``"arbitrary"``, ``"equidistant"`` or ``"default"`` (the
    values ``0 .. C-1``).
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    _choice("spacing", spacing, ("arbitrary", "equidistant", "default"))

    @st.composite
    def build(draw: st.DrawFn) -> ClassScale:
        c = draw(_n_classes(lo, hi))
        textual = draw(_BOOLEANS)
        labels: list[Any] = [f"c{k}" for k in range(c)] if textual else list(range(c))
        if spacing == "default":
            return ClassScale(labels)
        values = draw(_class_values(c, c, spacing))
        return ClassScale(labels, values.tolist())

    return build()


_TRANSFORM_KINDS_DEFAULT = ("piecewise", "cubic", "log", "affine")


@dataclass(frozen=True)
class IncreasingTransform:
    """A strictly increasing function of the reals, with a readable description.

    Attributes
    ----------
    kind
        ``"piecewise"``, ``"cubic"``, ``"log"`` or ``"affine"``.
    params
        The parameters (knots, coefficients) of the function.
    """

    kind: str
    params: tuple[float, ...]

    def __call__(self, x: Any) -> np.ndarray:
        """Apply the transform elementwise."""
        arr = np.asarray(x, dtype=float)
        if self.kind == "affine":
            a, b = self.params
            return a * arr + b
        if self.kind == "cubic":
            (a,) = self.params
            return arr + a * arr**3
        if self.kind == "log":
            (scale,) = self.params
            return np.sign(arr) * np.log1p(np.abs(arr) / scale)
        ys = np.asarray(self.params, dtype=float)
        xs = np.arange(ys.size, dtype=float)
        # Inside the knots: linear interpolation; outside: slope 1.
        inside = np.interp(arr, xs, ys)
        below = ys[0] + (arr - xs[0])
        above = ys[-1] + (arr - xs[-1])
        return np.where(arr < xs[0], below, np.where(arr > xs[-1], above, inside))

    def __str__(self) -> str:
        if self.kind == "affine":
            a, b = self.params
            return f"f(x) = {a:g}*x + {b:g}"
        if self.kind == "cubic":
            return f"f(x) = x + {self.params[0]:g}*x**3"
        if self.kind == "log":
            return f"f(x) = sign(x) * log(1 + |x| / {self.params[0]:g})"
        knots = ", ".join(f"f({k})={y:g}" for k, y in enumerate(self.params))
        return f"piecewise linear: {knots}"


def increasing_transforms(
    *,
    n_knots: int | None = None,
    max_knots: int = DEFAULT_MAX_CLASSES,
    kinds: Sequence[str] = _TRANSFORM_KINDS_DEFAULT,
) -> st.SearchStrategy[IncreasingTransform]:
    """Strictly increasing transforms ``f`` of class values.

    Parameters
    ----------
    n_knots, max_knots
        Number of knots of the ``"piecewise"`` kind (at ``x = 0 .. K-1``,
        slope 1 outside); give ``n_knots = C`` to remap the default values
        ``0 .. C-1`` arbitrarily.
    kinds
        Families of transforms to draw from, in shrinking order.  Piecewise
        knots shrink toward the identity, so a counterexample shows the
        smallest change of spacing that breaks a measure.
    """
    if not kinds:
        raise StrategyArgumentError("kinds=() must name at least one kind of transform")
    for kind in kinds:
        _choice("kinds item", kind, _TRANSFORM_KINDS)
    if n_knots is not None:
        knot_range: tuple[int, int] = (_int_option("n_knots", n_knots, minimum=2),) * 2
    else:
        knot_range = (2, _int_option("max_knots", max_knots, minimum=2))
    return _transforms(knot_range, tuple(kinds))


_TRANSFORM_KINDS = ("piecewise", "cubic", "log", "affine")


@functools.lru_cache(maxsize=256)
def _transforms(
    knot_range: tuple[int, int], kinds: tuple[str, ...]
) -> st.SearchStrategy[IncreasingTransform]:
    builders: dict[str, Callable[[], st.SearchStrategy[IncreasingTransform]]] = {
        "piecewise": lambda: _piecewise(*knot_range),
        "cubic": lambda: _CUBIC,
        "log": lambda: _LOG,
        "affine": lambda: _AFFINE,
    }
    return st.one_of(*(builders[k]() for k in kinds))


@_reused
@st.composite
def _piecewise(draw: st.DrawFn, lo: int, hi: int) -> IncreasingTransform:
    k = draw(_n_classes(lo, hi))
    gaps = [draw(_ints(1, 1000)) for _ in range(k - 1)]
    ys = np.concatenate([[0.0], np.cumsum(gaps)])
    return IncreasingTransform("piecewise", tuple(float(y) for y in ys))


_CUBIC = _ints(1, 100).map(lambda a: IncreasingTransform("cubic", (float(a),)))
_LOG = _sampled([1.0, 0.5, 2.0, 0.1]).map(lambda s: IncreasingTransform("log", (s,)))
_AFFINE = st.tuples(_ints(1, 100), _ints(-10, 10)).map(
    lambda ab: IncreasingTransform("affine", (float(ab[0]), float(ab[1])))
)


# -- counts and confusion matrices ---------------------------------------------

_COUNT_SHAPES = ("free", "one_class", "equal", "extreme")


def class_counts(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_classes: bool = True,
    min_nonempty: int = 1,
    distinct_sizes: bool = False,
) -> st.SearchStrategy[np.ndarray]:
    """Item counts per class ``(C,)`` (int64), with at least one item in total.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest count of one class.
    empty_classes
        Whether classes may have no item.
    min_nonempty
        At least this many classes have items.
    distinct_sizes
        Whether the non-empty classes must have pairwise different sizes.

    Notes
    -----
    Besides free draws, the strategy has explicit branches for a single
    non-empty class, all classes of equal size (a uniform histogram) and
    extreme imbalance (one class at ``max_count``, the others small).
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=1)
    need = _int_option("min_nonempty", min_nonempty, minimum=1)
    if need > hi:
        raise StrategyArgumentError(
            f"min_nonempty={min_nonempty!r} exceeds the number of classes (at most {hi})"
        )
    lo = max(lo, need)
    if not empty_classes:
        need = max(need, lo)
    if distinct_sizes and cap < hi:
        raise StrategyArgumentError(
            f"max_count={max_count!r} is too small for up to {hi} classes of pairwise different "
            "sizes (need max_count >= max_classes)"
        )

    return _class_counts(lo, hi, cap, need if empty_classes else -1, distinct_sizes)


@_reused
@st.composite
def _class_counts(
    draw: st.DrawFn, lo: int, hi: int, cap: int, need: int, distinct: bool
) -> np.ndarray:
    """``need == -1`` means: every class non-empty."""
    c = draw(_n_classes(lo, hi))
    shape = draw(_sampled(_COUNT_SHAPES))
    if shape == "one_class":
        counts = np.zeros(c, dtype=np.int64)
        counts[draw(_ints(0, c - 1))] = draw(_ints(1, cap))
    elif shape == "equal":
        counts = np.full(c, draw(_ints(1, cap)), dtype=np.int64)
    elif shape == "extreme":
        counts = _counts(draw, c, min(SMALL_COUNT, cap))
        counts[draw(_ints(0, c - 1))] = cap
    else:
        counts = _counts(draw, c, cap)
    return _repair_counts(counts, cap, need=c if need < 0 else need, distinct=distinct)


def _repair_counts(counts: np.ndarray, cap: int, *, need: int, distinct: bool) -> np.ndarray:
    """Deterministically fix a draw so it meets the requested constraints.

    Empty classes are filled from the left with one item until ``need``
    classes are non-empty; with ``distinct`` the non-empty sizes are then made
    pairwise different by bumping repeated sizes (down when at the cap).
    """
    counts = counts.copy()
    for k in range(counts.size):
        if np.count_nonzero(counts) >= max(need, 1):
            break
        if counts[k] == 0:
            counts[k] = 1
    if distinct:
        used: set[int] = set()
        for k in range(counts.size):
            if counts[k] == 0:
                continue
            size = int(counts[k])
            if size in used:
                # The nearest free size, upward first; callers guarantee cap >= C.
                up = size + 1
                while up <= cap and up in used:
                    up += 1
                down = size - 1
                while down in used:
                    down -= 1
                size = up if up <= cap else down
            used.add(size)
            counts[k] = size
    return counts


_MATRIX_SHAPES = ("free", "few_items", "perfect", "constant_system", "single_gold_class", "extreme")
_FEW_ITEMS = _ints(1, 4)


def confusion_matrices(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Confusion matrices ``(C, C)`` of int64 counts (rows = system, columns = gold), N > 0.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest count of one cell.
    empty_gold_classes, empty_system_classes
        Whether a column (gold class) or row (system class) may be empty.
        Forbidding empty classes repairs a draw by adding items on the
        diagonal, so ``False`` for both also rules out constant systems.

    Notes
    -----
    Besides free draws (each cell small or up to ``max_count``), explicit
    branches generate a handful of items (1 to 4, like the label vectors of
    hand-made counterexamples), perfect systems (diagonal), constant systems
    (one non-empty row), single-class golds (one non-empty column) and
    extreme imbalance (one gold class at ``max_count`` per cell, the others
    small).
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=1)

    return _confusion_matrices(lo, hi, cap, empty_gold_classes, empty_system_classes)


@_reused
@st.composite
def _confusion_matrices(
    draw: st.DrawFn, lo: int, hi: int, cap: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    c = draw(_n_classes(lo, hi))
    shape = draw(_sampled(_MATRIX_SHAPES))
    m = np.zeros((c, c), dtype=np.int64)
    if shape == "few_items":
        cell = _ints(0, c - 1)
        for _ in range(draw(_FEW_ITEMS)):
            m[draw(cell), draw(cell)] += 1
    elif shape == "perfect":
        m[np.diag_indices(c)] = _counts(draw, c, cap)
    elif shape == "constant_system":
        k = draw(_ints(0, c - 1))
        m[k] = _counts(draw, c, cap)
    elif shape == "single_gold_class":
        j = draw(_ints(0, c - 1))
        m[:, j] = _counts(draw, c, cap)
    elif shape == "extreme":
        # One gold class with counts anywhere up to the cap, the others small.
        j = draw(_ints(0, c - 1))
        m[:] = _counts(draw, c * c, min(SMALL_COUNT, cap)).reshape(c, c)
        if c * c <= CELL_BY_CELL:
            m[:, j] = [draw(_ints(0, cap)) for _ in range(c)]
        else:
            m[:, j] = _big_column(draw, c, cap)
    else:
        m[:] = _counts(draw, c * c, cap).reshape(c, c)
    m = np.minimum(m, cap)
    if not empty_gold:
        empty = m.sum(axis=0) == 0
        m[np.flatnonzero(empty), np.flatnonzero(empty)] = 1
    if not empty_system:
        empty = m.sum(axis=1) == 0
        m[np.flatnonzero(empty), np.flatnonzero(empty)] = 1
    if m.sum() == 0:
        m[0, 0] = 1
    return m


def _big_column(draw: st.DrawFn, c: int, cap: int) -> np.ndarray:
    """``c`` counts log-uniform in ``0 .. cap`` from one seed (one at the cap)."""
    rng = np.random.default_rng(draw(_SEED))
    out = np.round(np.exp(rng.uniform(0.0, np.log(cap + 1), size=c))).astype(np.int64) - 1
    out[rng.integers(0, c)] = cap
    return np.clip(out, 0, cap)


def scale_factors(*, min_factor: float = 1e-6, max_factor: float = 1e9) -> st.SearchStrategy[float]:
    """Positive factors ``k`` by which every count of a matrix is multiplied.

    Count-scale invariance quantifies over every ``k > 0``: besides the
    classic integers (2 .. 1000), the strategy draws factors below 1
    (1/n and floats down to ``min_factor``), non-integer factors and very
    large ones (powers of ten up to ``max_factor``), about a fifth each.
    """
    if not isinstance(min_factor, int | float) or isinstance(min_factor, bool):
        raise StrategyArgumentError(f"min_factor={min_factor!r}: expected a number > 0")
    if not isinstance(max_factor, int | float) or isinstance(max_factor, bool):
        raise StrategyArgumentError(f"max_factor={max_factor!r}: expected a number > 1")
    if not (0 < min_factor < 1 < max_factor) or not np.isfinite(max_factor):
        raise StrategyArgumentError(
            f"min_factor={min_factor!r}, max_factor={max_factor!r}: expected "
            "0 < min_factor < 1 < max_factor < inf"
        )
    top = int(np.floor(np.log10(max_factor)))
    bottom = float(min_factor)
    return st.one_of(
        _ints(2, int(min(1000, max_factor))).map(float),
        _ints(2, 1000).map(lambda n: 1.0 / n),
        st.floats(bottom, 1.0, exclude_max=True),
        st.floats(1.0, min(1000.0, float(max_factor)), exclude_min=True),
        _ints(min(3, top), top).map(lambda e: float(10**e)),
    )


@dataclass(frozen=True)
class LabelAssignment:
    """Gold and system class indices of the same items.

    Attributes
    ----------
    gold, system
        int64 arrays of class indices ``0 .. C-1``, one per item.
    n_classes
        The number of classes of the scale (some may be unused).
    """

    gold: np.ndarray
    system: np.ndarray
    n_classes: int

    def matrix(self) -> np.ndarray:
        """The confusion matrix ``(C, C)``, rows = system, columns = gold."""
        m = np.zeros((self.n_classes, self.n_classes), dtype=np.int64)
        np.add.at(m, (self.system, self.gold), 1)
        return m


def label_assignments(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    min_items: int = 1,
    max_items: int = 30,
) -> st.SearchStrategy[LabelAssignment]:
    """Gold and system labels of the same items (class indices).

    Branches generate free labels, constant systems, single-class golds and
    perfect systems; classes may be empty in the gold and in the system.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    n_lo = _int_option("min_items", min_items, minimum=1)
    n_hi = _int_option("max_items", max_items, minimum=1)
    if n_lo > n_hi:
        raise StrategyArgumentError(
            f"min_items={min_items!r} must not exceed max_items={max_items!r}"
        )

    @st.composite
    def build(draw: st.DrawFn) -> LabelAssignment:
        c = draw(_n_classes(lo, hi))
        n = draw(_ints(n_lo, n_hi))
        shape = draw(_sampled(("free", "constant_system", "single_gold_class", "perfect")))
        label = _ints(0, c - 1)
        if shape == "single_gold_class":
            gold = [draw(label)] * n
        else:
            gold = [draw(label) for _ in range(n)]
        if shape == "constant_system":
            system = [draw(label)] * n
        elif shape == "perfect":
            system = list(gold)
        else:
            system = [draw(label) for _ in range(n)]
        return LabelAssignment(
            np.asarray(gold, dtype=np.int64), np.asarray(system, dtype=np.int64), c
        )

    return build()


# -- distributions ------------------------------------------------------------------

_DISTRIBUTION_KINDS = ("counts", "one_hot", "uniform", "continuous", "tiny")
#: Probabilities of the ``"tiny"`` kind: down to the smallest subnormal float.
TINY_PROBABILITIES = (1e-30, 1e-200, 1e-310, 5e-324)


def _normalise(counts: np.ndarray) -> np.ndarray:
    return np.asarray(counts, dtype=float) / float(np.sum(counts))


def distributions(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    kinds: Sequence[str] = _DISTRIBUTION_KINDS,
    zero_bins: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """Probability distributions ``(C,)`` over ordered classes.

    Parameters
    ----------
    n_classes, min_classes, max_classes
        The number of classes C.
    max_count
        Largest bin count of the ``"counts"`` kind.
    kinds
        ``"counts"`` (normalised integer counts: exact zeros and ties),
        ``"one_hot"``, ``"uniform"``, ``"continuous"`` (normalised floats),
        ``"tiny"`` (normalised counts with some bins at 1e-30 down to the
        smallest subnormal, 5e-324); listed in shrinking order.
    zero_bins
        Whether bins may be exactly 0 (``False`` excludes ``"one_hot"``).
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap, usable = _distribution_options(max_count, kinds, zero_bins)
    return _distributions(lo, hi, cap, usable, zero_bins)


@_reused
@st.composite
def _distributions(
    draw: st.DrawFn, lo: int, hi: int, cap: int, kinds: tuple[str, ...], zero_bins: bool
) -> np.ndarray:
    c = draw(_n_classes(lo, hi))
    return draw(_distribution(c, cap, kinds, zero_bins))


def _distribution_options(
    max_count: int, kinds: Sequence[str], zero_bins: bool
) -> tuple[int, tuple[str, ...]]:
    cap = _int_option("max_count", max_count, minimum=1)
    if not kinds:
        raise StrategyArgumentError("kinds=() must name at least one kind of distribution")
    for kind in kinds:
        _choice("kinds item", kind, _DISTRIBUTION_KINDS)
    usable = tuple(k for k in kinds if zero_bins or k != "one_hot")
    if not usable:
        raise StrategyArgumentError(f"kinds={tuple(kinds)!r} cannot avoid zero bins")
    return cap, usable


@_reused
@st.composite
def _distribution(
    draw: st.DrawFn, c: int, cap: int, kinds: tuple[str, ...], zero_bins: bool
) -> np.ndarray:
    kind = draw(_sampled(kinds))
    if kind == "one_hot":
        out = np.zeros(c)
        out[draw(_ints(0, c - 1))] = 1.0
        return out
    if kind == "uniform":
        return np.full(c, 1.0 / c)
    if kind == "tiny":
        counts = draw(_class_counts(c, c, cap, 1, False)).astype(float)
        zeros = np.flatnonzero(counts == 0)
        spots = zeros if zeros.size else np.asarray([int(np.argmin(counts))])
        out = counts / counts.sum()
        for k in spots:
            out[k] = draw(_sampled(TINY_PROBABILITIES))
        return out / out.sum()
    if kind == "continuous":
        weight = _floats(1e-3 if not zero_bins else 0.0, 1.0)
        w = np.asarray([draw(weight) for _ in range(c)])
        if w.sum() == 0:
            w[0] = 1.0
        return w / w.sum()
    counts = draw(_class_counts(c, c, cap, 1 if zero_bins else -1, False))
    return _normalise(counts)


def distribution_pairs(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    kinds: Sequence[str] = _DISTRIBUTION_KINDS,
    zero_bins: bool = True,
    identical: bool = True,
    related: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` distribution pairs over the same C classes.

    Parameters
    ----------
    n_classes, min_classes, max_classes, max_count, kinds, zero_bins
        As for :func:`distributions` (both members are drawn with them).
    identical
        Whether the pair may be the same distribution twice (a perfect estimate).
    related
        Whether, besides independent draws, the system may be the gold with
        one count unit moved between two bins, the gold with 1e-9 .. 1e-4 of
        mass moved between two bins (near-identical pairs), or an estimate
        ordering the bins exactly as the gold does -- the near misses on which
        measures that look only at the bin order, or round small differences
        away, break.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap, usable = _distribution_options(max_count, kinds, zero_bins)
    return _distribution_pairs(lo, hi, cap, usable, zero_bins, identical, related)


_PAIR_MODES = ("independent", "identical", "nudged", "same_order", "near_identical")
#: Largest absolute differences max|p - q| of the near-identical pairs.
NEAR_IDENTICAL_STEPS = (1e-9, 1e-8, 1e-6, 1e-4)


@_reused
@st.composite
def _distribution_pairs(
    draw: st.DrawFn,
    lo: int,
    hi: int,
    cap: int,
    kinds: tuple[str, ...],
    zero_bins: bool,
    identical: bool,
    related: bool,
) -> tuple[np.ndarray, np.ndarray]:
    c = draw(_n_classes(lo, hi))
    modes = [m for m in _PAIR_MODES if (identical or m != "identical")]
    if not related:
        modes = [m for m in modes if m in ("independent", "identical")]
    mode = draw(_sampled(modes)) if len(modes) > 1 else modes[0]
    if mode == "near_identical":
        # p = q with a hair of mass (1e-9 .. 1e-4) moved between two bins.
        q = _normalise(draw(_class_counts(c, c, max(cap, 2), 1 if zero_bins else -1, False)))
        donor = int(np.argmax(q))
        receiver = draw(_sampled([k for k in range(c) if k != donor]))
        step = min(float(draw(_sampled(NEAR_IDENTICAL_STEPS))), float(q[donor]) / 2)
        p = q.copy()
        p[donor] -= step
        p[receiver] += step
        return p, q
    if mode in ("nudged", "same_order"):
        q = draw(_class_counts(c, c, max(cap, 2), 1 if zero_bins else -1, False))
        if mode == "same_order":
            p = draw(_preserving_counts(tuple(q.tolist()), cap))
            if not zero_bins:
                p = p + 1 if np.any(p == 0) else p
            return _normalise(p), _normalise(q)
        donor = draw(
            _sampled(
                [int(k) for k in np.flatnonzero(q > (0 if zero_bins else 1))] or [int(np.argmax(q))]
            )
        )
        receiver = draw(_sampled([k for k in range(c) if k != donor]))
        p = q.copy()
        if p[donor] > (0 if zero_bins else 1):
            p[donor] -= 1
            p[receiver] += 1
        return _normalise(p), _normalise(q)
    gold = draw(_distribution(c, cap, kinds, zero_bins))
    if mode == "identical":
        return gold.copy(), gold
    return draw(_distribution(c, cap, kinds, zero_bins)), gold


def orders_agree(system: Any, gold: Any) -> bool:
    """Whether ``system`` orders every pair of bins as ``gold`` does (ties included).

    This is the premise of Sakai's priority preserving property:
    ``sign(p_i - p_j) == sign(q_i - q_j)`` for all ``i, j``.
    """
    p = np.asarray(system, dtype=float)
    q = np.asarray(gold, dtype=float)
    return bool(np.array_equal(np.sign(p[:, None] - p[None, :]), np.sign(q[:, None] - q[None, :])))


def _priority_levels(counts: np.ndarray) -> np.ndarray:
    """Rank of each bin among the distinct counts (ties share a rank)."""
    levels = np.unique(counts)
    return np.searchsorted(levels, counts)


@_reused
@st.composite
def _preserving_counts(draw: st.DrawFn, q_counts: tuple[int, ...], cap: int) -> np.ndarray:
    """Integer weights ordered exactly like ``q_counts`` (ties included).

    The counts come as a tuple so that the strategy can be reused (:func:`_reused`).
    """
    rank = _priority_levels(np.asarray(q_counts, dtype=np.int64))
    n_levels = int(rank.max()) + 1
    gaps = [draw(_ints(0 if k == 0 else 1, max(cap, 1))) for k in range(n_levels)]
    level_weight = np.cumsum(gaps)
    if level_weight[-1] == 0:
        level_weight = level_weight + 1
    return np.asarray(level_weight[rank], dtype=np.int64)


def priority_preserving_estimates(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    uniform_gold: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` pairs where the system orders every pair of bins as the gold.

    The gold is normalised counts (ties, zeros, one-hot and uniform golds
    included unless ``uniform_gold=False``); the estimate assigns a new,
    strictly increasing weight to each distinct gold level, so equal gold
    bins stay exactly equal and the order is preserved strictly.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=2 if not uniform_gold else 1)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
        q_counts = draw(_class_counts(lo, hi, cap, 1, False))
        if not uniform_gold and np.all(q_counts == q_counts[0]):
            q_counts = q_counts.copy()
            q_counts[0] = q_counts[0] + 1 if q_counts[0] < cap else q_counts[0] - 1
        if q_counts.size >= 2 and draw(_ints(0, 4)) == 0:
            # A fifth of the draws: two gold bins a hair apart (1e-12 .. 1e-6),
            # kept in the same order by an estimate with an ordinary gap.
            q = _normalise(q_counts)
            i, j = draw(_permutations(q.size))[:2]
            level = max(float(q[i]), float(q[j]), 1.0 / q.size)
            gold = q.copy()
            gold[j] = level
            gold[i] = level * (1 + draw(_sampled(NEAR_TIE_GAPS)))
            gold = gold / gold.sum()
            rank = _priority_levels(gold)
            weights = np.cumsum([draw(_ints(1, cap)) for _ in range(int(rank.max()) + 1)])
            return _normalise(weights[rank]), gold
        p_counts = draw(_preserving_counts(tuple(q_counts.tolist()), cap))
        return _normalise(p_counts), _normalise(q_counts)

    return build()


def priority_violating_estimates(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    uniform_gold: bool = True,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(system, gold)`` pairs where the system orders some pair of bins differently.

    Violations are built explicitly so that the smallest ones are common:
    two bins swapped, two bins of different gold probability made equal, a
    gold tie broken by one count unit, or a free draw.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=2)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
        q_counts = draw(_class_counts(lo, hi, cap, 1, False))
        c = q_counts.size
        if not uniform_gold and np.all(q_counts == q_counts[0]):
            q_counts = q_counts.copy()
            q_counts[0] = q_counts[0] + 1 if q_counts[0] < cap else q_counts[0] - 1
        p = draw(_preserving_counts(tuple(q_counts.tolist()), cap)).copy()
        if np.all(q_counts == q_counts[0]):
            # Uniform gold: every non-uniform estimate breaks a tie.
            p[draw(_ints(0, c - 1))] += draw(_ints(1, cap))
            return _normalise(p), _normalise(q_counts)
        unequal = [(i, j) for i in range(c) for j in range(c) if q_counts[i] > q_counts[j]]
        tied = [(i, j) for i in range(c) for j in range(i + 1, c) if q_counts[i] == q_counts[j]]
        mode = draw(_sampled(("swap", "tie", "break_tie", "free", "near_tie", "near_tie")))
        if mode == "near_tie":
            return draw(_near_tie_violation(tuple(_normalise(q_counts).tolist())))
        if mode == "break_tie" and tied:
            i, j = draw(_sampled(tied))
            p[i] += draw(_ints(1, cap))
        elif mode == "free":
            p = draw(_class_counts(c, c, cap, 1, False)).copy()
        else:
            i, j = draw(_sampled(unequal))
            if mode == "tie":
                p[i] = p[j]
            else:
                p[i], p[j] = p[j], p[i]
        if p.sum() == 0:
            p = np.ones(c, dtype=np.int64)
        if orders_agree(p, q_counts):
            i, j = unequal[0]
            p[i], p[j] = p[j], p[i]
        return _normalise(p), _normalise(q_counts)

    return build()


#: Gaps between two nearly tied gold bins (relative to the bins).
NEAR_TIE_GAPS = (1e-12, 1e-9, 1e-7, 1e-6)


@_reused
@st.composite
def _near_tie_violation(
    draw: st.DrawFn, gold_bins: tuple[float, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """Gold bins a hair apart and an estimate ordering them the other way.

    ``q_i > q_j`` by 1e-12 .. 1e-6 of the bins, and the estimate puts
    ``p_j > p_i`` by a resolvable margin: the violation lives in a gap that a
    measure rounding the gold would not see.  The gold comes as a tuple so
    that the strategy can be reused (:func:`_reused`).
    """
    q = np.asarray(gold_bins, dtype=float)
    c = q.size
    i, j = draw(_permutations(c))[:2]
    level = max(float(q[i]), float(q[j]), 1.0 / c)
    gap = draw(_sampled(NEAR_TIE_GAPS)) * level
    gold = q.copy()
    gold[i] = gold[j] = level
    gold[i] += gap
    gold = gold / gold.sum()
    # Reverse the pair by a resolvable margin without passing any other bin.
    above = gold[gold > gold[i]]
    room = (float(above.min()) - float(gold[i])) / 2 if above.size else level
    p = gold.copy()
    p[i], p[j] = gold[j], gold[i] + min(draw(_sampled((0.1, 0.3))) * level, room)
    return p / p.sum(), gold


# -- claim-specific pairs --------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """``count`` items of gold class ``gold`` moved from system class ``source`` to ``target``."""

    source: int
    target: int
    gold: int
    count: int


@dataclass(frozen=True)
class SystemImprovement:
    """A system and an improved system on the same gold.

    Every changed item moved strictly toward its gold class without passing
    it (Amigó et al.'s ordinal monotonicity premise).

    Attributes
    ----------
    before, after
        Confusion matrices ``(C, C)`` (rows = system, columns = gold).
    moves
        The item moves turning ``before`` into ``after``.
    """

    before: np.ndarray
    after: np.ndarray
    moves: tuple[Move, ...] = field(default=())


def improved_systems(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[SystemImprovement]:
    """A system and an improved one: some items moved toward (never past) their gold class.

    A quarter of the draws is the smallest improvement inside the count cap
    (one item moved by one class in a matrix whose cells are all near
    ``max_count``), a quarter a handful of items (up to C + 3, every class
    used unless empty classes are allowed), the rest free matrices with
    several moves.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=1)
    return _improved_systems(lo, hi, cap, bool(empty_gold_classes), bool(empty_system_classes))


@functools.lru_cache(maxsize=256)
def _improved_systems(
    lo: int, hi: int, cap: int, empty_gold: bool, empty_system: bool
) -> st.SearchStrategy[SystemImprovement]:
    base = _confusion_matrices(lo, hi, cap, empty_gold, empty_system)
    few = _few_item_improvements(lo, min(hi, lo + 3), empty_gold, empty_system)
    return _improvements(base, few, _dense_matrices(lo, hi, cap), empty_system)


#: Matrices with at most this many misclassified cells draw each cell's move;
#: more cells take their moves from one seed.
_MOVES_ONE_BY_ONE = 4


@st.composite
def _improvements(
    draw: st.DrawFn,
    base: st.SearchStrategy[np.ndarray],
    few: st.SearchStrategy[SystemImprovement],
    dense: st.SearchStrategy[np.ndarray],
    empty_system: bool,
) -> SystemImprovement:
    branch = draw(_ints(0, 3))
    if branch == 1:
        # A quarter of the draws: a handful of items (up to C + 3), mostly
        # misclassified, with empty gold classes when allowed (where
        # class-size-based measures such as CEM^ORD break) and every class
        # used otherwise (where chance-corrected ones such as linear kappa
        # break), improved by one item moved one class.
        return draw(few)
    if branch == 0:
        # A quarter of the draws: the smallest improvement inside the
        # count cap -- one item moved by one class in a large matrix.
        m = draw(dense).copy()
        c = m.shape[0]
        g = draw(_ints(0, c - 1))
        s = draw(_sampled([k for k in range(c) if k != g]))
        m[s, g] = max(m[s, g], 1)
        t = s - 1 if s > g else s + 1
        after = m.copy()
        after[s, g] -= 1
        after[t, g] += 1
        return SystemImprovement(m, after, (Move(s, t, g, 1),))
    m = draw(base).copy()
    c = m.shape[0]
    if np.trace(m) == m.sum():
        # A perfect system cannot improve: add one misclassified item.
        gold = draw(_ints(0, c - 1))
        system = draw(_ints(0, c - 2))
        m[system if system < gold else system + 1, gold] += 1
    after = m.copy()
    moves: list[Move] = []
    cells = [(s, g) for s in range(c) for g in range(c) if s != g and m[s, g] > 0]
    if len(cells) <= _MOVES_ONE_BY_ONE:
        picks = [(draw(_ints(0, int(m[s, g]))), draw(_ints(0, abs(s - g) - 1))) for s, g in cells]
    else:
        # Many misclassified cells: how many items each moves, and how far,
        # from one seed (a share of the cells moves nothing, some move all).
        rng = np.random.default_rng(draw(_SEED))
        still = rng.random(len(cells)) < draw(_QUARTERS) / 4
        picks = [
            (0 if still[k] else int(rng.integers(0, m[s, g] + 1)), int(rng.integers(abs(s - g))))
            for k, (s, g) in enumerate(cells)
        ]
    for (s, g), (k, step) in zip(cells, picks, strict=True):
        if not empty_system:
            # Keep the system class non-empty.
            k = min(k, int(after[s].sum()) - 1)
        if k <= 0:
            continue
        t = s - 1 - step if s > g else s + 1 + step
        after[s, g] -= k
        after[t, g] += k
        moves.append(Move(s, t, g, k))
    if not moves:
        s, g = cells[0]
        t = s - 1 if s > g else s + 1
        after[s, g] -= 1
        after[t, g] += 1
        moves.append(Move(s, t, g, 1))
    return SystemImprovement(m, after, tuple(moves))


def few_item_improvements(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = 5,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[SystemImprovement]:
    """A handful of items (up to C + 3) and the system with one of them moved one class.

    The items are free, all misclassified, or (when empty gold classes are
    allowed) gold items in a block at one end of the scale with system items
    beyond empty gold classes at the other end; without empty classes every
    class is used by the gold (and by the system).  These are the corners
    where class-size-based measures (CEM^ORD) and chance-corrected ones
    (linear kappa) break ordinal monotonicity.
    """
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    return _few_item_improvements(lo, hi, bool(empty_gold_classes), bool(empty_system_classes))


@functools.lru_cache(maxsize=256)
def _few_item_improvements(
    lo: int, hi: int, empty_gold: bool, empty_system: bool
) -> st.SearchStrategy[SystemImprovement]:
    return _few_items(lo, hi, empty_gold, empty_system)


@_reused
@st.composite
def _few_items(
    draw: st.DrawFn, lo: int, hi: int, empty_gold: bool, empty_system: bool
) -> SystemImprovement:
    c = draw(_n_classes(lo, hi))
    n = draw(_ints(1 if empty_gold and empty_system else c, c + 3))
    label = _ints(0, c - 1)
    layout = draw(_sampled(("free", "all_wrong", "outside", "all_wrong", "outside")))
    if layout == "outside" and empty_gold and c >= 3:
        # Gold items in a block at one end, system items beyond empty gold
        # classes on the other side (the OC analogue of a point mass outside
        # the gold's support).
        start = draw(_ints(2, c - 1))
        gold = [draw(_ints(start, c - 1)) for _ in range(n)]
        system = [draw(_ints(0, start - 1)) for _ in range(n)]
        if not empty_system:
            # Every system class used: one more item per class, gold in the block.
            for k in range(c):
                system.append(k)
                gold.append(draw(_ints(start, c - 1)))
        if draw(_BOOLEANS):
            gold = [c - 1 - g for g in gold]
            system = [c - 1 - s for s in system]
    else:
        gold = [draw(label) for _ in range(n)]
        if not empty_gold:
            gold[:c] = draw(_permutations(c))
        if layout == "all_wrong":
            system = [draw(_sampled([k for k in range(c) if k != g])) for g in gold]
            if not empty_system and not empty_gold:
                # Every system class used, every item wrong: a shifted gold.
                shift = draw(_ints(1, c - 1))
                system[:c] = [gold[(k + shift) % c] for k in range(c)]
        else:
            system = [draw(label) for _ in range(n)]
            if not empty_system:
                system[:c] = draw(_permutations(c))
    wrong = [k for k in range(n) if system[k] != gold[k]]
    if not wrong:
        system[0] = gold[0] + 1 if gold[0] < c - 1 else gold[0] - 1
        wrong = [0]
    k = draw(_sampled(wrong))
    m = np.zeros((c, c), dtype=np.int64)
    np.add.at(m, (np.asarray(system), np.asarray(gold)), 1)
    s, g = system[k], gold[k]
    t = s - 1 if s > g else s + 1
    after = m.copy()
    after[s, g] -= 1
    after[t, g] += 1
    return SystemImprovement(m, after, (Move(s, t, g, 1),))


def few_item_systems(
    *,
    n_classes: int,
    count: int = 4,
    empty_gold_classes: bool = True,
    empty_system_classes: bool = True,
) -> st.SearchStrategy[np.ndarray]:
    """``count`` confusion matrices of a handful of items each, ``(count, C, C)``, from one draw.

    Each matrix has 1 to C + 4 items (at least C when a class may not be
    empty); half of them put every item in a wrong class, a quarter are
    free, and a quarter (when empty gold classes are allowed and C >= 3)
    put the gold items in a block at one end of the scale and the system
    items beyond empty gold classes.  Without empty gold (system) classes
    every class is used by the gold (the system).  The whole batch is
    expanded from one drawn seed, so it costs one choice however many
    matrices it holds: a cheap way to put many small systems, where
    chance-corrected measures (linear kappa, 6+ items) and class-size-based
    ones (CEM^ORD) break ordinal monotonicity, into every case.
    """
    c = _int_option("n_classes", n_classes, minimum=2)
    k = _int_option("count", count, minimum=1)
    return _SEED.map(
        functools.partial(
            _few_item_batch,
            n_classes=c,
            count=k,
            empty_gold=bool(empty_gold_classes),
            empty_system=bool(empty_system_classes),
        )
    )


def _few_item_batch(
    seed: int, *, n_classes: int, count: int, empty_gold: bool, empty_system: bool
) -> np.ndarray:
    c = n_classes
    rng = np.random.default_rng(seed)
    out = np.zeros((count, c, c), dtype=np.int64)
    fewest = 1 if empty_gold and empty_system else c
    for b in range(count):
        n = int(rng.integers(fewest, c + 5))
        layout = rng.random()
        if layout < 0.25 and empty_gold and c >= 3:
            start = int(rng.integers(2, c))
            gold = rng.integers(start, c, size=n)
            system = rng.integers(0, start, size=n)
            if not empty_system:
                system = np.concatenate([system, np.arange(c)])
                gold = np.concatenate([gold, rng.integers(start, c, size=c)])
            if rng.random() < 0.5:
                gold, system = c - 1 - gold, c - 1 - system
        else:
            gold = rng.integers(0, c, size=n)
            if not empty_gold:
                gold[:c] = rng.permutation(c)
            if layout < 0.75:
                # Every item wrong: a uniformly chosen other class.
                system = (gold + rng.integers(1, c, size=n)) % c
                if not empty_system:
                    if empty_gold:
                        system[:c] = rng.permutation(c)
                    else:
                        system[:c] = gold[(np.arange(c) + rng.integers(1, c)) % c]
            else:
                system = rng.integers(0, c, size=n)
                if not empty_system:
                    system[:c] = rng.permutation(c)
        np.add.at(out[b], (system, gold), 1)
    return out


@functools.lru_cache(maxsize=64)
def _dense_matrices(lo: int, hi: int, cap: int) -> st.SearchStrategy[np.ndarray]:
    """Matrices whose every cell is near the count cap (at least half of it)."""
    return _near_cap(lo, hi, cap)


@_reused
@st.composite
def _near_cap(draw: st.DrawFn, lo: int, hi: int, cap: int) -> np.ndarray:
    c = draw(_n_classes(lo, hi))
    floor = max(1, cap // 2)
    if c * c <= CELL_BY_CELL:
        cell = _ints(floor, cap)
        return np.asarray([[draw(cell) for _ in range(c)] for _ in range(c)], dtype=np.int64)
    rng = np.random.default_rng(draw(_SEED))
    return rng.integers(floor, cap + 1, size=(c, c), dtype=np.int64)


@dataclass(frozen=True)
class GoldItemMoves:
    """The two systems of Amigó et al.'s imbalance property.

    Attributes
    ----------
    gold_counts
        Items per gold class ``(C,)``.
    c1, c2, c3
        Contiguous classes (either direction) with ``|c1| > |c3| >= 1``.
    from_larger
        The gold with one item of ``c1`` moved to ``c2`` (as a confusion matrix).
    from_smaller
        The gold with one item of ``c3`` moved to ``c2``.
    """

    gold_counts: np.ndarray
    c1: int
    c2: int
    c3: int
    from_larger: np.ndarray
    from_smaller: np.ndarray


def gold_item_moves(
    *,
    n_classes: int | None = None,
    min_classes: int = 3,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
    empty_gold_classes: bool = True,
) -> st.SearchStrategy[GoldItemMoves]:
    """A gold and the two systems "one item of the larger / smaller class moved to the middle"."""
    lo, hi = _class_bounds(n_classes, min_classes, max_classes, floor=3)
    cap = _int_option("max_count", max_count, minimum=2)

    @st.composite
    def build(draw: st.DrawFn) -> GoldItemMoves:
        n = draw(_class_counts(lo, hi, cap, 1 if empty_gold_classes else -1, False)).copy()
        c = n.size
        c2 = draw(_ints(1, c - 2))
        step = draw(_sampled((-1, 1)))
        c1, c3 = c2 + step, c2 - step
        n[c3] = min(max(n[c3], 1), cap - 1)
        if draw(_ints(0, 3)) == 0:
            # The smallest imbalance inside the cap: |c1| = |c3| + 1, both large.
            n[c3] = draw(_ints(max(1, cap // 2), cap - 1))
            n[c1] = n[c3] + 1
        n[c1] = max(n[c1], n[c3] + 1)
        base = np.diag(n)
        larger = base.copy()
        larger[c1, c1] -= 1
        larger[c2, c1] += 1
        smaller = base.copy()
        smaller[c3, c3] -= 1
        smaller[c2, c3] += 1
        return GoldItemMoves(n, c1, c2, c3, larger, smaller)

    return build()


def _support_counts(c: int, cap: int) -> st.SearchStrategy[np.ndarray]:
    """Counts for ``c >= 1`` bins with at least one item (a gold's support)."""
    if c == 1:
        return _ints(1, cap).map(lambda n: np.asarray([n], dtype=np.int64))
    return _class_counts(c, c, cap, 1, False)


@dataclass(frozen=True)
class OneHotPair:
    """Two one-hot estimates on the same side of all gold mass.

    Attributes
    ----------
    nearer, farther
        One-hot distributions on bins ``a`` (nearer the gold mass) and ``b``.
    gold
        The gold distribution.
    a, b
        The bins of the two estimates.
    """

    nearer: np.ndarray
    farther: np.ndarray
    gold: np.ndarray
    a: int
    b: int


def one_hot_pairs(
    *,
    n_classes: int | None = None,
    min_classes: int = 3,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
) -> st.SearchStrategy[OneHotPair]:
    """One-hot estimates ``e_a``, ``e_b`` with ``b < a < min supp(gold)`` (or mirrored)."""
    lo, hi = _class_bounds(n_classes, min_classes, max_classes, floor=3)
    cap = _int_option("max_count", max_count, minimum=1)

    @st.composite
    def build(draw: st.DrawFn) -> OneHotPair:
        c = draw(_n_classes(lo, hi))
        start = draw(_ints(2, c - 1))
        gold = np.zeros(c, dtype=np.int64)
        gold[start:] = draw(_support_counts(c - start, cap))
        a = draw(_ints(1, start - 1))
        b = draw(_ints(0, a - 1))
        if draw(_BOOLEANS):
            gold, a, b = gold[::-1].copy(), c - 1 - a, c - 1 - b
        nearer, farther = np.zeros(c), np.zeros(c)
        nearer[a] = 1.0
        farther[b] = 1.0
        return OneHotPair(nearer, farther, _normalise(gold), a, b)

    return build()


#: Fractions of a bin's mass moved by the smallest mass transfers.
TINY_MASS_STEPS = (1e-6, 1e-5, 1e-4)


@dataclass(frozen=True)
class MassTransfer:
    """An estimate and the estimate with some mass moved one bin further from all gold mass.

    Attributes
    ----------
    before, after
        The two estimates; ``after`` moved ``amount`` from ``source`` to ``target``.
    gold
        The gold distribution (all its mass lies on the far side of ``source``).
    source, target
        Adjacent bins.
    amount
        The probability mass moved.
    """

    before: np.ndarray
    after: np.ndarray
    gold: np.ndarray
    source: int
    target: int
    amount: float


def mass_transfers(
    *,
    n_classes: int | None = None,
    min_classes: int = 2,
    max_classes: int = DEFAULT_MAX_CLASSES,
    max_count: int = DEFAULT_MAX_COUNT,
) -> st.SearchStrategy[MassTransfer]:
    """Estimates before/after moving mass one bin further away from all gold mass."""
    lo, hi = _class_bounds(n_classes, min_classes, max_classes)
    cap = _int_option("max_count", max_count, minimum=1)

    @st.composite
    def build(draw: st.DrawFn) -> MassTransfer:
        c = draw(_n_classes(lo, hi))
        start = draw(_ints(1, c - 1))
        gold = np.zeros(c, dtype=np.int64)
        gold[start:] = draw(_support_counts(c - start, cap))
        # Half of the draws move mass at the far end of the scale (bin 1 to
        # bin 0, or C-2 to C-1 mirrored), where clipped scales break.
        source = draw(_one_or_up_to(start))
        p = draw(_class_counts(c, c, cap, 1, False)).copy()
        if p[source] == 0:
            p[source] = 1
        target = source - 1
        total = float(p.sum())
        before_p = _normalise(p)
        if draw(_ints(0, 3)) == 0:
            # The smallest step inside the cap: 1e-6 .. 1e-4 of the probability mass.
            amount = float(draw(_sampled(TINY_MASS_STEPS))) * float(before_p[source])
            after_p = before_p.copy()
            after_p[source] -= amount
            after_p[target] += amount
        else:
            eps = draw(_ints(1, int(p[source])))
            after = p.copy()
            after[source] -= eps
            after[target] += eps
            after_p = _normalise(after)
            amount = eps / total
        gold_p = _normalise(gold)
        if draw(_BOOLEANS):
            gold_p, before_p, after_p = gold_p[::-1].copy(), before_p[::-1].copy(), after_p[::-1]
            after_p = after_p.copy()
            source, target = c - 1 - source, c - 1 - target
        return MassTransfer(before_p, after_p, gold_p, source, target, amount)

    return build()
