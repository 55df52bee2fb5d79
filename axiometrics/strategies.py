"""Hypothesis strategies shared by every family, and the building blocks of family strategies.

The generators here draw what the checker's case model and the shared claims
speak about: class values and scales (:func:`class_values`,
:func:`class_value_pairs`, :func:`class_scales`), strictly increasing
transforms of them (:func:`increasing_transforms`, for
``ordinal_invariance``), item counts per class (:func:`class_counts`) and
positive factors (:func:`scale_factors`, for ``count_scale_invariance``)::

    import numpy as np
    from hypothesis import given
    from axiometrics import strategies as ax_st

    M = np.array([[3, 1, 0], [1, 4, 2], [0, 1, 5]])

    @given(ax_st.class_values(n_classes=3), ax_st.increasing_transforms(n_knots=3))
    def test_my_measure_depends_on_the_order_of_the_classes_only(values, f):
        assert my_measure(M, values=values) == my_measure(M, values=f(values))

Each family's inputs are drawn by the family's own module: confusion
matrices by ``axiometrics.measures.oc.strategies`` (and
``axiometrics.measures.nominal.strategies``), distributions by
``axiometrics.measures.oq.strategies``, scored item lists by
``axiometrics.measures.scored.strategies``.  Those modules, and a
third-party family's, build on the blocks below: cached integer, float and
sampled strategies (:func:`bounded_integers`, :func:`bounded_floats`,
:func:`sampled_options`, :func:`index_permutations`, :data:`BOOLEANS`), the
number of classes (:func:`numbers_of_classes`), counts drawn cell by cell or
as a whole (:func:`draw_counts`), strategies built once per argument tuple
(:func:`reused`), and the option checks of :mod:`axiometrics.strategy_options`.

The strategies follow Hypothesis' conventions: plural nouns, keyword-only
options, and options that cannot be satisfied raise
:class:`StrategyArgumentError` (a :class:`hypothesis.errors.InvalidArgument`
and an :class:`~axiometrics.errors.InvalidParameterError`) when the strategy
is built.

They are built to reach the corners where claims about measures break:

* 2 to 12 classes (``max_classes`` raises it further);
* counts from 0 to 10^6 (``max_count``), drawn from a small range or the
  full range so that extreme imbalance is common;
* empty classes, single-class counts, equal counts;
* class values with extreme magnitudes, tiny and nearly merged gaps,
  values straddling zero.

Shrinking gives small, readable counterexamples: the number of classes is
drawn first and shrinks toward the minimum, counts shrink toward 0, class
values toward ``0 .. C-1`` and structural choices toward the general case.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from hypothesis import strategies as st

from axiometrics.scale import ClassScale
from axiometrics.strategy_options import (
    StrategyArgumentError,
    choice_option,
    class_bounds,
    int_option,
)
from axiometrics.suggest import closest

__all__ = [
    "BOOLEANS",
    "CELL_BY_CELL",
    "DEFAULT_MAX_CLASSES",
    "DEFAULT_MAX_COUNT",
    "MANY_CLASSES",
    "QUARTER_SHARES",
    "SEEDS",
    "SMALL_COUNT",
    "IncreasingTransform",
    "StrategyArgumentError",
    "bounded_floats",
    "bounded_integers",
    "class_counts",
    "class_scales",
    "class_value_pairs",
    "class_values",
    "draw_counts",
    "increasing_transforms",
    "index_permutations",
    "numbers_of_classes",
    "reused",
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

# -- building blocks -------------------------------------------------------------


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
    chosen = tuple(options)
    return _sampled_tuple(chosen, tuple(type(o) for o in chosen))


@functools.lru_cache(maxsize=4096)
def _sampled_tuple(options: tuple[Any, ...], types: tuple[type, ...]) -> st.SearchStrategy[Any]:
    """One strategy per options and their types: ``(1, 3)`` and ``(1.0, 3.0)`` are equal keys."""
    return st.sampled_from(options)


@functools.lru_cache(maxsize=256)
def index_permutations(n: int) -> st.SearchStrategy[list[int]]:
    """Orderings of ``0 .. n-1``: ``st.permutations(range(n))``, built once per ``n``.

    Parameters
    ----------
    n
        The number of indices.
    """
    return st.permutations(range(n))


@functools.lru_cache(maxsize=256)
def bounded_floats(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Floats in ``[lo, hi]``: ``st.floats(lo, hi)``, built once per range.

    Parameters
    ----------
    lo, hi
        The bounds, both included.
    """
    return st.floats(lo, hi)


#: ``st.booleans()``, built once.
BOOLEANS: st.SearchStrategy[bool] = st.booleans()


def reused(factory: Callable[..., st.SearchStrategy[Any]]) -> Callable[..., Any]:
    """Build each distinct strategy of ``factory`` once, keyed by its (hashable) arguments.

    Hypothesis validates every new strategy object before its first draw and
    computes its properties (emptiness, reusable values) anew; for a strategy
    built inside another strategy's draw that costs more than the draw
    itself.  A cached object draws exactly the same choices, so cases,
    shrinking and verdicts are unchanged.  The strategies return fresh
    arrays on every draw, so sharing the strategy object shares no data.

    Use it as a decorator above ``@st.composite`` (an LRU cache of 1024
    strategies per factory)::

        @reused
        @st.composite
        def _histograms(draw, n_bins: int, cap: int) -> np.ndarray:
            return draw_counts(draw, n_bins, cap)

    Parameters
    ----------
    factory
        A function of hashable arguments returning a strategy.
    """
    return functools.lru_cache(maxsize=1024)(factory)


@functools.lru_cache(maxsize=256)
def numbers_of_classes(lo: int, hi: int) -> st.SearchStrategy[int]:
    """The number of classes C in ``lo .. hi``: half of the draws among the 3 smallest.

    Most counterexamples need few classes, and small cases are cheap; when
    the range reaches :data:`MANY_CLASSES`, about a fifth of the draws have
    at least that many.  Draw it first, so that it shrinks first.

    Parameters
    ----------
    lo, hi
        The bounds, both included (validated by
        :func:`~axiometrics.strategy_options.class_bounds`).
    """
    if lo == hi:
        return st.just(lo)
    if hi - lo <= 2:
        return bounded_integers(lo, hi)
    if hi >= MANY_CLASSES and lo < MANY_CLASSES:
        # About a fifth of the draws have 10+ classes (a deliberate corner).
        small = bounded_integers(lo, lo + 2)
        many = bounded_integers(MANY_CLASSES, hi)
        return st.one_of(
            small, small, small, small, bounded_integers(lo, hi), bounded_integers(lo, hi), many
        )
    return st.one_of(bounded_integers(lo, lo + 2), bounded_integers(lo, hi))


@functools.lru_cache(maxsize=256)
def _count(max_count: int) -> st.SearchStrategy[int]:
    """One count: small (shrinks to 0) or anywhere up to ``max_count``."""
    small = bounded_integers(0, min(SMALL_COUNT, max_count))
    if max_count <= SMALL_COUNT:
        return small
    return st.one_of(small, bounded_integers(0, max_count))


#: Arrays of at most this many counts are drawn one count at a time, so their
#: counterexamples shrink count by count; larger ones are drawn as a whole.
CELL_BY_CELL = 16
#: Seeds of arrays expanded with NumPy from one draw (shrink toward 0).
SEEDS = bounded_integers(0, 2**32 - 1)
#: Shares, in quarters (``0 .. 4``), of the cells of an array drawn as a whole
#: that are zero or drawn from the full count range; both shrink toward 0.
QUARTER_SHARES = bounded_integers(0, 4)


def draw_counts(draw: st.DrawFn, size: int, cap: int) -> np.ndarray:
    """``size`` counts in ``0 .. cap`` (int64): one draw per count for small arrays.

    Each count is small (``0 .. SMALL_COUNT``, shrinking to 0) or anywhere
    up to ``cap``.  Arrays of more than :data:`CELL_BY_CELL` counts cost a
    handful of draws however many cells they have (the choices Hypothesis
    records, replays and shrinks are what make a case expensive): the
    largest small count, the shares (:data:`QUARTER_SHARES`) of full-range
    and zero cells, whether some cells sit at the cap, and a seed
    (:data:`SEEDS`), expanded with NumPy.

    Parameters
    ----------
    draw
        The ``draw`` function of the calling ``@st.composite`` strategy.
    size
        The number of counts.
    cap
        The largest count.
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
    small_top = draw(bounded_integers(0, min(SMALL_COUNT, cap)))
    big_share = draw(QUARTER_SHARES) if cap > SMALL_COUNT else 0
    zero_share = draw(QUARTER_SHARES)
    at_cap = draw(BOOLEANS) if big_share else False
    rng = np.random.default_rng(draw(SEEDS))
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
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    choice_option("spacing", spacing, ("arbitrary", "equidistant", "extreme"))
    gap = int_option("max_gap", max_gap, minimum=1)
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


@reused
@st.composite
def _extreme_values(
    draw: st.DrawFn,
    lo: int,
    hi: int,
    integer: bool,
    layouts: tuple[str, ...] = _EXTREME_LAYOUTS,
) -> np.ndarray:
    c = draw(numbers_of_classes(lo, hi))
    layout = draw(sampled_options(layouts))
    exponent = bounded_integers(-9 if not integer else 0, 9)
    if layout == "tiny" and not integer:
        # Every gap tiny relative to the magnitude of the values.
        base = draw(bounded_floats(-EXTREME_MAGNITUDE / 2, EXTREME_MAGNITUDE / 2))
        unit = max(abs(base), 1.0) * EXTREME_RELATIVE_GAP
        gaps = [unit * draw(bounded_integers(1, 1000)) for _ in range(c - 1)]
    elif layout == "near_merge":
        # Wide gaps but one pair of classes nearly merged.
        big = [
            10.0 ** draw(bounded_integers(0, 8)) * draw(bounded_integers(1, 9))
            for _ in range(c - 1)
        ]
        merged = draw(bounded_integers(0, c - 2))
        scale = max(big) * c
        big[merged] = (
            max(1.0, scale * EXTREME_RELATIVE_GAP) if integer else (scale * EXTREME_RELATIVE_GAP)
        )
        gaps = big
        base = float(draw(bounded_integers(-1000, 1000)))
    else:
        gaps = [10.0 ** draw(exponent) * draw(bounded_integers(1, 9)) for _ in range(c - 1)]
        base = 0.0
        if layout == "negative":
            # Values straddling zero: class k sits near 0, those below are negative.
            k = draw(bounded_integers(1, c - 1))
            base = -float(np.sum(gaps[:k])) + float(draw(bounded_integers(-3, 3)))
        if not integer and draw(BOOLEANS):
            base += draw(bounded_floats(-1.0, 1.0))
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
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    return _value_pairs(lo, hi, bool(integer))


@reused
@st.composite
def _value_pairs(draw: st.DrawFn, lo: int, hi: int, integer: bool) -> tuple[np.ndarray, np.ndarray]:
    c = draw(numbers_of_classes(lo, hi))
    extreme = _extreme_values(c, c, integer)
    straddling = _extreme_values(c, c, integer, ("negative",))
    default = st.just(np.arange(c, dtype=float))
    v = draw(st.one_of(default, extreme))
    w = draw(st.one_of(extreme, straddling))
    return v, w


@functools.lru_cache(maxsize=64)
def _gaps(max_gap: int, fractional: bool) -> st.SearchStrategy[float]:
    whole = bounded_integers(1, max_gap)
    if not fractional or max_gap == 1:
        return whole
    return st.one_of(whole, st.floats(1.0 / max_gap, float(max_gap)))


@reused
@st.composite
def _class_values(
    draw: st.DrawFn, lo: int, hi: int, spacing: str, max_gap: int = 1000, fractional: bool = True
) -> np.ndarray:
    c = draw(numbers_of_classes(lo, hi))
    start = draw(bounded_integers(-10, 10))
    if spacing == "equidistant":
        step = draw(bounded_integers(1, 100))
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
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    choice_option("spacing", spacing, ("arbitrary", "equidistant", "default"))

    @st.composite
    def build(draw: st.DrawFn) -> ClassScale:
        c = draw(numbers_of_classes(lo, hi))
        textual = draw(BOOLEANS)
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
        choice_option("kinds item", kind, _TRANSFORM_KINDS)
    if n_knots is not None:
        knot_range: tuple[int, int] = (int_option("n_knots", n_knots, minimum=2),) * 2
    else:
        knot_range = (2, int_option("max_knots", max_knots, minimum=2))
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


@reused
@st.composite
def _piecewise(draw: st.DrawFn, lo: int, hi: int) -> IncreasingTransform:
    k = draw(numbers_of_classes(lo, hi))
    gaps = [draw(bounded_integers(1, 1000)) for _ in range(k - 1)]
    ys = np.concatenate([[0.0], np.cumsum(gaps)])
    return IncreasingTransform("piecewise", tuple(float(y) for y in ys))


_CUBIC = bounded_integers(1, 100).map(lambda a: IncreasingTransform("cubic", (float(a),)))
_LOG = sampled_options([1.0, 0.5, 2.0, 0.1]).map(lambda s: IncreasingTransform("log", (s,)))
_AFFINE = st.tuples(bounded_integers(1, 100), bounded_integers(-10, 10)).map(
    lambda ab: IncreasingTransform("affine", (float(ab[0]), float(ab[1])))
)


# -- counts per class and count factors ------------------------------------------

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
    lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes, max_classes=max_classes)
    cap = int_option("max_count", max_count, minimum=1)
    need = int_option("min_nonempty", min_nonempty, minimum=1)
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


@reused
@st.composite
def _class_counts(
    draw: st.DrawFn, lo: int, hi: int, cap: int, need: int, distinct: bool
) -> np.ndarray:
    """``need == -1`` means: every class non-empty."""
    c = draw(numbers_of_classes(lo, hi))
    shape = draw(sampled_options(_COUNT_SHAPES))
    if shape == "one_class":
        counts = np.zeros(c, dtype=np.int64)
        counts[draw(bounded_integers(0, c - 1))] = draw(bounded_integers(1, cap))
    elif shape == "equal":
        counts = np.full(c, draw(bounded_integers(1, cap)), dtype=np.int64)
    elif shape == "extreme":
        counts = draw_counts(draw, c, min(SMALL_COUNT, cap))
        counts[draw(bounded_integers(0, c - 1))] = cap
    else:
        counts = draw_counts(draw, c, cap)
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
        bounded_integers(2, int(min(1000, max_factor))).map(float),
        bounded_integers(2, 1000).map(lambda n: 1.0 / n),
        st.floats(bottom, 1.0, exclude_max=True),
        st.floats(1.0, min(1000.0, float(max_factor)), exclude_min=True),
        bounded_integers(min(3, top), top).map(lambda e: float(10**e)),
    )


# -- names that moved to their family ----------------------------------------------

_OC = "axiometrics.measures.oc.strategies"
_OQ = "axiometrics.measures.oq.strategies"
#: The family generators that lived here before issue 22, and their new homes.
_MOVED = {
    "confusion_matrices": f"{_OC} (and .nominal.strategies)",
    "label_assignments": _OC,
    "LabelAssignment": _OC,
    "improved_systems": _OC,
    "SystemImprovement": _OC,
    "Move": _OC,
    "few_item_improvements": _OC,
    "few_item_systems": _OC,
    "gold_item_moves": _OC,
    "GoldItemMoves": _OC,
    "distributions": _OQ,
    "distribution_pairs": _OQ,
    "orders_agree": _OQ,
    "priority_preserving_estimates": _OQ,
    "priority_violating_estimates": _OQ,
    "one_hot_pairs": _OQ,
    "OneHotPair": _OQ,
    "mass_transfers": _OQ,
    "MassTransfer": _OQ,
    "TINY_PROBABILITIES": _OQ,
    "NEAR_IDENTICAL_STEPS": _OQ,
    "NEAR_TIE_GAPS": _OQ,
    "TINY_MASS_STEPS": _OQ,
}


def _missing(name: str) -> AttributeError:
    """The error for an attribute this module lacks: where it moved, or the nearest names."""
    if name in _MOVED:
        return AttributeError(f"{__name__}.{name} moved to {_MOVED[name]}")
    hints = closest(name, [*__all__, *_MOVED]) if not name.startswith("__") else []
    hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
    return AttributeError(f"module {__name__!r} has no attribute {name!r}{hint}")


if not TYPE_CHECKING:
    # Hidden from type checkers: a module ``__getattr__`` would make every
    # misspelt or moved name type-check as ``Any``.

    def __getattr__(name: str) -> Any:
        """A moved generator: an error naming its new home; another name: the nearest names."""
        raise _missing(name)
