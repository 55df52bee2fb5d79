"""Hypothesis strategies for the ``regression`` family: ``(y_true, y_pred, sample_weight)`` lists.

Public, for plugin authors' own tests as well as the checker's procedures
(:mod:`axiometrics.measures.regression.procedures`).  They follow
Hypothesis' conventions: plural nouns, keyword-only options, and options
that cannot be satisfied raise
:class:`~axiometrics.strategy_options.StrategyArgumentError` when the
strategy is built.

Every corner is a regime drawn with a fixed share, so it is reached by
construction.  Three independent choices make an input:

**How many items** (:data:`SIZES`): ``few`` (1 to 12 items, drawn item by
item so that counterexamples shrink item by item; three times the share of
each other size), ``one`` (a single item), ``two``, ``tens`` (10 to 99),
``hundreds`` (100 to 500) and ``thousand`` (1000 to 1024).  Larger sizes
keep the core as their first items and add items expanded with NumPy from
a drawn seed, so a counterexample found in a thousand items shrinks to its
core when the core alone is one.

**The values** (:data:`REGIMES`): small integer levels (many ties) mapped
through ``grid`` (the integers, signed), ``eighths`` (multiples of 1/8 in
[-64, 64]), ``dyadic`` (integers times 2**j, j from -1074, subnormal, to
1020, next to the largest float), ``tied`` (one constant value for every
true value and prediction), ``extreme`` (the largest float of both signs,
1e300, 0), ``near_zero`` (0, the smallest subnormal, 1e-300, 1e-16: MAPE's
corner), ``negative`` (values in [-2, 0], -1 included: MSLE's corner),
``mixed`` (one input mixing magnitudes from 5e-324 to the largest float)
and ``continuous`` (floats in [-1e6, 1e6], ties unlikely).  True values and
predictions take their own regime half of the time, the same one else; a
third of the predictions copy the true values on some items.  Half of the
inputs of two items or more are made to vary: where the true values (or the
predictions) of the items of positive weight are all equal, the last such
item's value is replaced (by its negation, or 1 for 0), so that measures
undefined on constant inputs (the correlations, R²) are defined on most
draws, while the other half keeps every constant input the regimes make.

**The weights** (:data:`WEIGHT_PATTERNS`): all ones, integers 0 to 3
(zeros included), ones with zeros, or positive reals; never all zero.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import BOOLEANS, bounded_integers, sampled_options
from axiometrics.strategy_options import StrategyArgumentError

__all__ = [
    "EIGHTHS",
    "FEW_ITEMS",
    "MAX_ITEMS",
    "REGIMES",
    "SIZES",
    "WEIGHT_PATTERNS",
    "ItemList",
    "item_lists",
    "regression_inputs",
]

_MAX = float(np.finfo(float).max)
_TINIEST = 5e-324

#: Value regimes (see the module docstring).
REGIMES = (
    "grid",
    "eighths",
    "dyadic",
    "tied",
    "extreme",
    "near_zero",
    "negative",
    "mixed",
    "continuous",
)
#: Size regimes.
SIZES = ("few", "one", "two", "tens", "hundreds", "thousand")
#: Weight patterns.
WEIGHT_PATTERNS = ("ones", "integers", "zeros", "reals")
#: Item counts of the size regimes beyond ``few`` (first the count just past a cut-off).
SIZE_CHOICES = {
    "one": (1,),
    "two": (2,),
    "tens": (11, 10, 12, 20, 50, 99),
    "hundreds": (101, 100, 128, 256, 500),
    "thousand": (1001, 1000, 1024),
}
#: Most items of a core drawn item by item.
FEW_ITEMS = 12
#: Most items of any input.
MAX_ITEMS = 1024
#: Largest integer level before a regime maps it.
MAX_LEVEL = 8
#: The regime of the strict claims: multiples of 1/8 in [-64, 64].
EIGHTHS = "eighths"

_SIZE_WEIGHT = {"few": 3, "one": 1, "two": 1, "tens": 1, "hundreds": 1, "thousand": 1}
_SEEDS = bounded_integers(0, 2**32 - 1)
_EXPONENTS = (-1074, -1000, -60, -3, 0, 20, 500, 1000, 1020)
_TIED = (0.0, 1.0, -3.5, 1e300, 5e-324, _MAX, -1.0)
_EXTREME = (_MAX, -_MAX, 1e300, -1e300, 0.0, float(np.nextafter(_MAX, 0.0)), _MAX / 2)
_NEAR_ZERO = (0.0, _TINIEST, -_TINIEST, 1e-300, -1e-300, 1e-16, 2.220446049250313e-16, 1.0)
_NEGATIVE = (-1.0, -0.5, -0.999, 0.0, -2.0, -1.0 + 2.0**-52, 1.0, -0.25)
_MIXED = (-1.0, 0.0, 0.5, 1.0, 1e-300, _TINIEST, 1e300, -1e300, _MAX, -_MAX, 1e10, 1e-10, 3.0)


def _int_option(name: str, value: Any, *, minimum: int) -> int:
    if not isinstance(value, int | np.integer) or isinstance(value, bool) or value < minimum:
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    return int(value)


def _subset(name: str, value: Any, allowed: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise StrategyArgumentError(
            f"{name}={value!r}: expected a non-empty sequence of {list(allowed)!r}"
        )
    unknown = [v for v in value if v not in allowed]
    if unknown:
        raise StrategyArgumentError(
            f"{name}={value!r}: unknown {unknown!r}; known {list(allowed)!r}"
        )
    return tuple(dict.fromkeys(value))


@dataclass(frozen=True)
class _Spec:
    core: tuple[int, int]
    few: bool
    counts: tuple[tuple[str, tuple[int, ...]], ...]
    regimes: tuple[str, ...]
    weights: tuple[str, ...]

    @property
    def size_options(self) -> tuple[str, ...]:
        names = (["few"] if self.few else []) + [name for name, _ in self.counts]
        return tuple(name for name in names for _ in range(_SIZE_WEIGHT[name]))


def _resolve(min_items: Any, max_items: Any, regimes: Any, sizes: Any, weights: Any) -> _Spec:
    lo = _int_option("min_items", min_items, minimum=1)
    hi = _int_option("max_items", max_items, minimum=1)
    if lo > hi:
        raise StrategyArgumentError(f"min_items={lo!r} must not exceed max_items={hi!r}")
    chosen_sizes = _subset("sizes", sizes, SIZES)
    counts = []
    for name in chosen_sizes:
        if name != "few":
            fitting = tuple(n for n in SIZE_CHOICES[name] if lo <= n <= hi)
            if fitting:
                counts.append((name, fitting))
    few_lo, few_hi = lo, min(hi, FEW_ITEMS)
    few = "few" in chosen_sizes and few_lo <= few_hi
    if not few and not counts:
        raise StrategyArgumentError(
            f"sizes={sizes!r}: no size regime fits min_items={lo!r} .. max_items={hi!r}"
        )
    core = (few_lo, few_hi) if few_lo <= few_hi else (1, min(hi, FEW_ITEMS))
    return _Spec(
        core,
        few,
        tuple(counts),
        _subset("regimes", regimes, REGIMES),
        _subset("weights", weights, WEIGHT_PATTERNS),
    )


def _signed(levels: np.ndarray) -> np.ndarray:
    """0, 1, 2, 3, 4, ... -> 0, -1, 1, -2, 2, ..."""
    half = (levels + 1) // 2
    return np.where(levels % 2 == 1, -half, half).astype(float)


def _pool(pool: tuple[float, ...], levels: np.ndarray, offset: int) -> np.ndarray:
    return np.asarray(pool, dtype=float)[(levels + offset) % len(pool)]


def _map(regime: str, levels: np.ndarray, choice: int, floats: np.ndarray) -> np.ndarray:
    """The values of ``levels`` in ``regime``; ``choice`` picks the regime's parameter."""
    if regime == "grid":
        return _signed(levels)
    if regime == "eighths":
        return _signed(levels * (choice % 5 + 1)) / 8.0
    if regime == "dyadic":
        return np.ldexp(_signed(levels), _EXPONENTS[choice % len(_EXPONENTS)])
    if regime == "tied":
        return np.full(levels.shape, _TIED[choice % len(_TIED)])
    if regime == "extreme":
        return _pool(_EXTREME, levels, choice)
    if regime == "near_zero":
        return _pool(_NEAR_ZERO, levels, choice)
    if regime == "negative":
        return _pool(_NEGATIVE, levels, choice)
    if regime == "mixed":
        return _pool(_MIXED, levels, choice)
    return floats


def _weights(pattern: str, n: int, rng: np.random.Generator, drawn: np.ndarray) -> np.ndarray:
    if pattern == "ones":
        w = np.ones(n)
    elif pattern == "integers":
        w = drawn % 4
    elif pattern == "zeros":
        w = (drawn % 3 != 0).astype(float)
    else:
        w = rng.uniform(0.05, 4.0, n)
    if not np.any(w > 0):
        w[0] = 1.0
    return np.asarray(w, dtype=float)


class ItemList(NamedTuple):
    """A drawn input and the length of its core (the items drawn one by one)."""

    y_true: np.ndarray
    y_pred: np.ndarray
    sample_weight: np.ndarray
    core: int


@functools.lru_cache(maxsize=64)
def _cores(lo: int, hi: int) -> st.SearchStrategy[list[Any]]:
    item = st.tuples(
        bounded_integers(0, MAX_LEVEL),
        bounded_integers(0, MAX_LEVEL),
        bounded_integers(0, 5),
        st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
        st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    )
    return st.lists(item, min_size=lo, max_size=hi)


def _draw(draw: st.DrawFn, spec: _Spec) -> ItemList:
    core = draw(_cores(*spec.core))
    n0 = len(core)
    cols = [np.asarray([item[j] for item in core]) for j in range(5)]
    ly, lp, lw = (c.astype(np.int64) for c in cols[:3])
    fy, fp = cols[3].astype(float), cols[4].astype(float)
    regime_y = draw(sampled_options(spec.regimes))
    regime_p = draw(sampled_options(spec.regimes)) if draw(BOOLEANS) else regime_y
    choice = int(draw(bounded_integers(0, 63)))
    copy = draw(sampled_options(("none", "none", "some")))
    pattern = draw(sampled_options(spec.weights))
    size = draw(sampled_options(spec.size_options))
    index = int(draw(bounded_integers(0, 5)))
    rng = np.random.default_rng(int(draw(_SEEDS)))
    vary = bool(draw(BOOLEANS))
    if size in ("one", "two"):
        keep = SIZE_CHOICES[size][0]
        if n0 < keep:
            extra = keep - n0
            ly = np.concatenate([ly, rng.integers(0, MAX_LEVEL + 1, extra)])
            lp = np.concatenate([lp, rng.integers(0, MAX_LEVEL + 1, extra)])
            lw = np.concatenate([lw, rng.integers(0, 6, extra)])
            fy = np.concatenate([fy, rng.uniform(-1e6, 1e6, extra)])
            fp = np.concatenate([fp, rng.uniform(-1e6, 1e6, extra)])
        ly, lp, lw, fy, fp = ly[:keep], lp[:keep], lw[:keep], fy[:keep], fp[:keep]
    elif size != "few":
        counts = dict(spec.counts)[size]
        m = max(counts[index % len(counts)], n0) - n0
        ly = np.concatenate([ly, rng.integers(0, MAX_LEVEL + 1, m)])
        lp = np.concatenate([lp, rng.integers(0, MAX_LEVEL + 1, m)])
        lw = np.concatenate([lw, rng.integers(0, 6, m)])
        fy = np.concatenate([fy, rng.uniform(-1e6, 1e6, m)])
        fp = np.concatenate([fp, rng.uniform(-1e6, 1e6, m)])
    y = _map(regime_y, ly, choice, fy)
    p = _map(regime_p, lp, choice // 2, fp)
    if copy == "some":
        p = np.where(lw % 2 == 0, y, p)
    w = _weights(pattern, y.size, rng, lw)
    if vary:
        y, p = _varied(y, w), _varied(p, w)
    return ItemList(y, p, w, min(n0, y.size))


def _varied(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """``values`` with its last item of positive weight changed if those items are all equal."""
    positive = np.flatnonzero(weights > 0)
    if positive.size < 2 or np.any(values[positive] != values[positive[0]]):
        return values
    out = values.copy()
    last = positive[-1]
    out[last] = -out[last] if out[last] != 0 else 1.0
    return out


@functools.lru_cache(maxsize=64)
def _item_lists(spec: _Spec) -> st.SearchStrategy[ItemList]:
    @st.composite
    def build(draw: st.DrawFn) -> ItemList:
        return _draw(draw, spec)

    return build()


def item_lists(
    *,
    min_items: int = 1,
    max_items: int = MAX_ITEMS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    weights: Sequence[str] = WEIGHT_PATTERNS,
) -> st.SearchStrategy[ItemList]:
    """Inputs of :func:`regression_inputs` (same options) with the length of their core."""
    return _item_lists(_resolve(min_items, max_items, regimes, sizes, weights))


def regression_inputs(
    *,
    min_items: int = 1,
    max_items: int = MAX_ITEMS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    weights: Sequence[str] = WEIGHT_PATTERNS,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``(y_true, y_pred, sample_weight)`` triples of one item list (1-D float arrays).

    Parameters
    ----------
    min_items, max_items
        Bounds on the number of items; each size regime keeps its counts inside them.
    regimes
        Value regimes to draw from (see :data:`REGIMES`).
    sizes
        Size regimes to draw from (see :data:`SIZES`).
    weights
        Weight patterns to draw from (see :data:`WEIGHT_PATTERNS`); ``("ones",)``
        draws unweighted inputs only.
    """
    return item_lists(
        min_items=min_items, max_items=max_items, regimes=regimes, sizes=sizes, weights=weights
    ).map(lambda items: (items.y_true, items.y_pred, items.sample_weight))
