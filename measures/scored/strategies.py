"""Hypothesis strategies for the ``scored`` family: ``(scores, gold)`` item lists.

Public, for plugin authors' own tests as well as the checker's procedures
(:mod:`axiometrics.measures.scored.procedures`).  They follow Hypothesis'
conventions: plural nouns, keyword-only options, and options that cannot be
satisfied raise :class:`~axiometrics.strategies.StrategyArgumentError` (a
:class:`hypothesis.errors.InvalidArgument`) when the strategy is built.

Every generator reaches the corners of the claims' quantifier domains *by
construction*: each corner is a regime the strategy draws with a fixed
share (an option of the strategy, which a test can select alone), not a
value it may happen to hit.  Three independent choices make an item list:

**How many items** (``sizes``, :data:`SIZES`): ``few`` (1 to 12 items,
drawn item by item, so counterexamples shrink item by item; three times
the share of each other size), ``one`` (a single item, where the claim
admits one), ``tens`` (10 to 99 items: 11 is just past a rank cut-off at
10), ``hundreds`` (100 to 500: 101 is past binning into 100) and
``thousand`` (1000 to 1024: 1001 is past a cap at 1000).  Every input
starts with a *core* of up to 12 items drawn item by item; a larger size
adds items expanded with NumPy from a drawn seed (a handful of Hypothesis
choices, not one per item).  The choices keep their places whatever the
size, so a counterexample found in a large input shrinks to its core when
the core alone is one.

**The scores** (``regimes``, :data:`REGIMES`), small integers ("levels",
which make exact ties frequent; half of the inputs keep four levels at
most) mapped through a regime; the corner regimes (``extreme`` to
``halves`` below) are drawn twice as often as the others, and half of the
inputs mix a second regime in (the items of odd level take it), so that
one input holds the corners of two regimes:

``grid``
    the integers themselves (many ties);
``tied``
    every item gets the same score (0, 1, -3.5, 0.5, 1e300, 1e-300, the
    largest float, 5e-324);
``probability``
    integers divided by a common denominator: ``[0, 1]`` with 0 and 1;
``huge``
    integers times 1e300 around zero;
``tiny``
    integers times a subnormal, 1e-300 or 1e-200 step;
``close``
    1 plus integer multiples of the float64 epsilon (adjacent floats);
``continuous``
    arbitrary floats in ``[-1e6, 1e6]`` (ties unlikely);
``extreme``
    the largest finite floats of both signs, every score at least half the
    largest in magnitude (``±1.797e308`` and the floats next to them,
    ``±1e308``, ``±8.99e307`` and the float above it): the difference of
    two of opposite signs reaches the largest float or overflows;
``adjacent``
    a base (1, 0.5, 0.1, 1e-8, 1e-300, 1e300, 1 - 2**-50, the largest
    float, 5e-324) moved by whole ulps (``np.nextafter`` steps);
``near_tie``
    a base times ``1 + j * delta``, ``delta`` from 1e-8 down to 1e-15
    (scores differing in the 9th to 16th significant digit);
``tiny_probability``
    probabilities below 1e-7 (0, 5e-324, the smallest normal float,
    1e-300, 1e-20, 2e-20, 1e-17, 1e-16, 1e-9, 1e-8, 1e-7, 1.5e-7), or one
    minus them;
``mixed``
    one input mixing magnitudes (-1, 1e-20, 2e-20, 0, 0.125 and its
    neighbours 0.12375 and 0.12625 across a rounding boundary, 1, 1e-10,
    1e10, the largest float of both signs, 1e-300, 5e-324, -1e300, 0.5);
``halves``
    scores on rounding boundaries, exact halves in binary at 0, 1, 2, 3 or
    6 decimals, (2j + 1) / 2**(d + 1) (0.125 and 0.375 at 2 decimals,
    0.0625 at 3, 0.0078125 at 6, 0.25 at 1, 0.5 at none, ...), each next to
    neighbours an eighth of the rounding unit or one ulp away on either
    side; one input holds boundaries of several decimals.

**The gold labels** (``golds``, :data:`GOLD_PATTERNS`): any 0/1 vector,
one positive (one in 1000 with the ``thousand`` size), one negative
(all but one positive), balanced classes, alternating with the level
(items of odd level positive: neighbouring scores of a regime, one ulp or
one rounding step apart, on opposite sides), or one class only (where the
claim admits it).

The relational generators add their own regimes: discordant pairs drawn as
they fall or as adjacent floats (:func:`discordant_swaps`), perfect
separations whose gap is as drawn or a single ulp (:func:`separated_inputs`),
and strictly increasing maps whose image lies in a corner (subnormal,
largest-float, adjacent, mixed-magnitude and half-boundary ranks;
:func:`increasing_score_transforms`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import (
    BOOLEANS,
    StrategyArgumentError,
    bounded_integers,
    sampled_options,
)

__all__ = [
    "FEW_ITEMS",
    "GOLD_PATTERNS",
    "MAX_ITEMS",
    "REGIMES",
    "SEPARATION_GAPS",
    "SIZES",
    "SIZE_CHOICES",
    "SWAP_PAIRS",
    "TRANSFORM_KINDS",
    "ItemList",
    "ScoreTransform",
    "Swap",
    "discordant_swaps",
    "gold_vectors",
    "increasing_score_transforms",
    "item_lists",
    "scored_inputs",
    "separated_inputs",
]

_MAX = float(np.finfo(float).max)
_TINIEST = 5e-324
_SMALLEST_NORMAL = float(np.finfo(float).tiny)

#: Score regimes :func:`scored_inputs` draws from (see the module docstring).
REGIMES = (
    "grid",
    "tied",
    "probability",
    "huge",
    "tiny",
    "close",
    "continuous",
    "extreme",
    "adjacent",
    "near_tie",
    "tiny_probability",
    "mixed",
    "halves",
)
#: Gold patterns :func:`gold_vectors` draws from.
GOLD_PATTERNS = ("any", "one_positive", "one_negative", "balanced", "alternating", "one_class")
#: Size regimes: how many items an input holds (see the module docstring).
SIZES = ("few", "one", "tens", "hundreds", "thousand")
#: The item counts of each size regime beyond ``few`` (first the count just past a cut-off).
SIZE_CHOICES = {
    "one": (1,),
    "tens": (11, 10, 12, 20, 50, 99),
    "hundreds": (101, 100, 128, 256, 257, 500),
    "thousand": (1001, 1000, 1024),
}
#: Most items of a ``few`` input, drawn item by item.
FEW_ITEMS = 12
#: Most items of any input (the ``thousand`` regime's largest count).
MAX_ITEMS = 1024
#: Largest integer level drawn before the regime maps it (item-by-item draws).
MAX_LEVEL = 8
#: How the discordant pair of :func:`discordant_swaps` is scored.
SWAP_PAIRS = ("drawn", "adjacent", "tied")
#: The gap between the classes of :func:`separated_inputs`.
SEPARATION_GAPS = ("drawn", "adjacent")
#: The maps of :func:`increasing_score_transforms`.
TRANSFORM_KINDS = (
    "affine",
    "power",
    "dense_rank",
    "unit_rank",
    "arctan",
    "subnormal_rank",
    "extreme_rank",
    "adjacent_rank",
    "mixed_rank",
    "halves_rank",
)

#: The regimes of the corners the claims' domains hold beyond plain grids and
#: ordinary floats: drawn twice as often as each other regime.
_CORNER_REGIMES = frozenset(
    ("extreme", "adjacent", "near_tie", "tiny_probability", "mixed", "halves")
)
# The few-items regime is drawn three times as often as each other size.
_SIZE_WEIGHT = {"few": 3, "one": 1, "tens": 1, "hundreds": 1, "thousand": 1}
_SEEDS = bounded_integers(0, 2**32 - 1)

_TIED = (0.0, 1.0, -3.5, 0.5, 1e300, 1e-300, _MAX, _TINIEST)
_EXTREME = (
    _MAX,
    -_MAX,
    _MAX / 2,
    -1e308,
    float(np.nextafter(_MAX / 2, np.inf)),
    -_MAX / 2,
    1e308,
    float(np.nextafter(-_MAX, 0.0)),
    float(np.nextafter(_MAX, 0.0)),
)
_ADJACENT_BASES = (1.0, 0.5, 0.1, 1e-8, 1e-300, 1e300, 1.0 - 2.0**-50, _MAX, _TINIEST)
_NEAR_BASES = (0.5, 1.0, 0.1, 100.0, 1e-3, 1e6)
_NEAR_DELTAS = (1e-8, 1e-9, 1e-12, 1e-13, 1e-15)
_TINY_PROBABILITIES = (
    0.0,
    _TINIEST,
    1e-300,
    1e-20,
    2e-20,
    1e-17,
    1e-9,
    1e-8,
    1e-7,
    _SMALLEST_NORMAL,
    1e-16,
    1.5e-7,
)
_MIXED = (
    -1.0,
    1e-20,
    2e-20,
    0.0,
    0.125,
    0.12375,
    0.12625,
    1.0,
    -1e-20,
    1e-10,
    1e10,
    _MAX,
    -_MAX,
    1e-300,
    _TINIEST,
    -1e300,
    0.5,
)
#: Decimals whose rounding boundaries the ``halves`` regime sits on, by level group.
_HALF_DECIMALS = (2, 3, 6, 1, 0)


# -- options -----------------------------------------------------------------------------


def _int_option(name: str, value: Any, *, minimum: int) -> int:
    if not isinstance(value, int | np.integer) or isinstance(value, bool) or value < minimum:
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    return int(value)


def _items_bounds(min_items: Any, max_items: Any, *, floor: int) -> tuple[int, int]:
    lo = _int_option("min_items", min_items, minimum=floor)
    hi = _int_option("max_items", max_items, minimum=floor)
    if lo > hi:
        raise StrategyArgumentError(
            f"min_items={min_items!r} must not exceed max_items={max_items!r}"
        )
    return lo, hi


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
class _Items:
    """Resolved options of an item-list generator: the sizes it may draw, and how.

    Attributes
    ----------
    core
        Bounds on the items of the core, the part drawn item by item (at
        most :data:`FEW_ITEMS`).
    few
        Whether the core alone is an input (the ``few`` size regime).
    counts
        The other size regimes and their item counts.
    regimes, golds, both
        Score regimes, gold patterns, and whether both classes are required.
    exact
        Whether every large input holds its size regime's count (else one in
        eight may be cut short, which lets counterexamples shrink).
    """

    core: tuple[int, int]
    few: bool
    counts: tuple[tuple[str, tuple[int, ...]], ...]
    regimes: tuple[str, ...]
    golds: tuple[str, ...]
    both: bool
    exact: bool = False

    @property
    def size_options(self) -> tuple[str, ...]:
        """Size regimes in drawing order, repeated by weight (``few`` first: it shrinks best)."""
        names = (["few"] if self.few else []) + [name for name, _ in self.counts]
        return tuple(name for name in names for _ in range(_SIZE_WEIGHT[name]))

    @property
    def regime_options(self) -> tuple[str, ...]:
        """Score regimes in drawing order, then the corner regimes once more (twice the share)."""
        return self.regimes + tuple(r for r in self.regimes if r in _CORNER_REGIMES)


def _resolve(
    lo: int,
    hi: int,
    both: bool,
    regimes: Any,
    sizes: Any,
    golds: Any,
    *,
    what: str = "inputs",
    exact: bool = False,
) -> _Items:
    chosen_regimes = _subset("regimes", regimes, REGIMES)
    chosen_sizes = _subset("sizes", sizes, SIZES)
    chosen_golds = _subset("golds", golds, GOLD_PATTERNS)
    if both:
        chosen_golds = tuple(g for g in chosen_golds if g != "one_class")
        if not chosen_golds:
            raise StrategyArgumentError(
                f"golds={golds!r}: {what} with both classes cannot use only 'one_class'"
            )
    floor = 2 if both else 1
    few_lo, few_hi = max(lo, floor), min(hi, FEW_ITEMS)
    few = "few" in chosen_sizes and few_lo <= few_hi
    counts = []
    for name in chosen_sizes:
        if name == "few":
            continue
        fitting = tuple(n for n in SIZE_CHOICES[name] if lo <= n <= hi and n >= floor)
        if fitting:
            counts.append((name, fitting))
    if not few and not counts:
        raise StrategyArgumentError(
            f"sizes={sizes!r}: no size regime fits min_items={lo!r} .. max_items={hi!r}"
            + (" with both classes (two items at least)" if both else "")
        )
    core = (few_lo, few_hi) if few_lo <= few_hi else (floor, min(hi, FEW_ITEMS))
    if not isinstance(exact, bool):
        raise StrategyArgumentError(f"exact_sizes={exact!r}: expected a bool")
    return _Items(core, few, tuple(counts), chosen_regimes, chosen_golds, both, exact)


# -- scores -------------------------------------------------------------------------------


def _signed(levels: np.ndarray) -> np.ndarray:
    """0, 1, 2, 3, 4, ... -> 0, -1, 1, -2, 2, ...: level 0 is the regime's base value."""
    half = (levels + 1) // 2
    return np.where(levels % 2 == 1, -half, half).astype(np.int64)


def _ulp_steps(base: float, steps: np.ndarray) -> np.ndarray:
    """``base`` moved by ``steps`` ulps (``np.nextafter`` applied that many times), kept finite."""
    if base == _MAX:
        steps = -np.abs(steps)
    elif base == _TINIEST:
        steps = np.abs(steps)
    bits = np.full(steps.shape, np.float64(base).view(np.int64)) + steps
    return np.asarray(bits.view(np.float64), dtype=float)


def _ulp_steps_each(values: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """Each of ``values`` (positive, below the largest float) moved by its ``steps`` ulps."""
    bits = values.astype(float).view(np.int64) + steps
    return np.asarray(bits.view(np.float64), dtype=float)


def _from_pool(pool: tuple[float, ...], levels: np.ndarray, draw: st.DrawFn) -> np.ndarray:
    """``pool[(level + offset) % len(pool)]``: a drawn offset makes every entry reachable."""
    offset = int(draw(bounded_integers(0, len(pool) - 1)))
    return np.asarray(pool, dtype=float)[(levels + offset) % len(pool)]


def _map_regime(
    regime: str, levels: np.ndarray, draw: st.DrawFn, floats: np.ndarray | None = None
) -> np.ndarray:
    """The scores of ``levels`` (integers >= 0) in ``regime``; its parameters are drawn.

    ``floats`` are the scores of the ``continuous`` regime (drawn by the caller).
    """
    top = int(levels.max()) if levels.size else 0
    if regime == "grid":
        return levels.astype(float)
    if regime == "tied":
        return np.full(levels.size, float(draw(sampled_options(_TIED))))
    if regime == "probability":
        # A denominator from max level to 4 max level + 3 (1 and 0 both occur),
        # drawn from choices whose bounds do not depend on the levels.
        factor = int(draw(bounded_integers(1, 4)))
        return levels / float(max(top, 1) * factor + int(draw(bounded_integers(0, 3))))
    if regime == "huge":
        return (levels - top / 2) * 1e300 * float(draw(sampled_options((1.0, 3.0))))
    if regime == "tiny":
        return levels * float(draw(sampled_options((_TINIEST, 1e-300, 1e-200))))
    if regime == "close":
        return 1.0 + levels * np.finfo(float).eps
    if regime == "extreme":
        return _from_pool(_EXTREME, levels, draw)
    if regime == "adjacent":
        return _ulp_steps(float(draw(sampled_options(_ADJACENT_BASES))), _signed(levels))
    if regime == "near_tie":
        base = float(draw(sampled_options(_NEAR_BASES)))
        delta = float(draw(sampled_options(_NEAR_DELTAS)))
        return base * (1.0 + _signed(levels) * delta)
    if regime == "tiny_probability":
        values = _from_pool(_TINY_PROBABILITIES, levels, draw)
        return 1.0 - values if draw(BOOLEANS) else values
    if regime == "mixed":
        return _from_pool(_MIXED, levels, draw)
    if regime == "halves":
        # Every item sits on a rounding boundary, an exact half in binary at
        # some number of decimals, or next to one: each group of three levels
        # around one boundary (0.125 at 2 decimals, 0.0625 at 3, 0.0078125 at
        # 6, 0.25 at 1, 0.5 at none, then 0.375, ..., from a drawn first
        # group): the
        # boundary, then a step of an eighth of the rounding unit or one ulp
        # down and up.
        group = levels // 3 + int(draw(bounded_integers(0, len(_HALF_DECIMALS) - 1)))
        decimals = np.asarray(_HALF_DECIMALS)[group % len(_HALF_DECIMALS)]
        centres = (2.0 * (group // len(_HALF_DECIMALS)) + 1.0) / 2.0 ** (decimals + 1)
        offsets = _signed(levels % 3)
        if draw(BOOLEANS):
            return centres + offsets * (10.0**-decimals / 8.0)
        return _ulp_steps_each(centres, offsets)
    # continuous
    return np.asarray(floats if floats is not None else np.zeros(levels.size), dtype=float)


@functools.lru_cache(maxsize=256)
def _core_lists(top: int, lo: int, hi: int, continuous: bool) -> st.SearchStrategy[list[Any]]:
    """Items of a core: (level, label) pairs, or (level, label, float) for continuous scores."""
    parts: list[st.SearchStrategy[Any]] = [bounded_integers(0, top), BOOLEANS]
    if continuous:
        parts.append(st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False))
    return st.lists(st.tuples(*parts), min_size=lo, max_size=hi)


@functools.lru_cache(maxsize=64)
def _bool_lists(n: int) -> st.SearchStrategy[list[bool]]:
    return st.lists(BOOLEANS, min_size=n, max_size=n)


@functools.lru_cache(maxsize=64)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(n))


# -- gold labels --------------------------------------------------------------------------


def _gold_drawn(pattern: str, n: int, draw: st.DrawFn) -> np.ndarray:
    """A gold vector of ``n`` labels in ``pattern``, drawn label by label (it shrinks).

    ``"alternating"`` alternates by position here (item lists alternate by level).
    """
    if pattern == "alternating":
        return (np.arange(n) % 2).astype(float)
    if pattern == "one_class":
        return np.full(n, 1.0 if draw(BOOLEANS) else 0.0)
    if pattern == "any":
        return np.asarray(draw(_bool_lists(n)), dtype=float)
    if pattern == "balanced":
        gold = np.zeros(n)
        gold[np.asarray(draw(_permutations(n)))[: max(n // 2, 1)]] = 1.0
        return gold
    gold = np.zeros(n) if pattern == "one_positive" else np.ones(n)
    single = draw(bounded_integers(0, n - 1))
    gold[single] = 1.0 - gold[single]
    return gold


def _gold_seeded(pattern: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """A gold vector of ``n`` labels in ``pattern``, from a seeded generator."""
    if pattern == "alternating":
        return (np.arange(n) % 2).astype(float)
    if pattern == "one_class":
        return np.full(n, float(rng.integers(2)))
    if pattern == "any":
        return rng.integers(0, 2, n).astype(float)
    if pattern == "balanced":
        gold = np.zeros(n)
        gold[rng.permutation(n)[: max(n // 2, 1)]] = 1.0
        return gold
    gold = np.zeros(n) if pattern == "one_positive" else np.ones(n)
    single = int(rng.integers(n))
    gold[single] = 1.0 - gold[single]
    return gold


def gold_vectors(
    *, n_items: int, both_classes: bool = True, patterns: Sequence[str] = GOLD_PATTERNS
) -> st.SearchStrategy[np.ndarray]:
    """Binary gold vectors of ``n_items`` labels (floats 0/1).

    Parameters
    ----------
    n_items
        Number of items (at least 2 when ``both_classes``).
    both_classes
        Every vector holds a positive and a negative (``"one_class"`` is
        then left out of ``patterns``).
    patterns
        Subset of :data:`GOLD_PATTERNS`: ``"any"``, ``"one_positive"``,
        ``"one_negative"`` (all but one positive), ``"balanced"`` (half of
        the items positive), ``"alternating"`` (negative, positive, ...),
        ``"one_class"``.
    """
    n = _int_option("n_items", n_items, minimum=2 if both_classes else 1)
    chosen = _subset("patterns", patterns, GOLD_PATTERNS)
    if both_classes:
        chosen = tuple(p for p in chosen if p != "one_class")
        if not chosen:
            raise StrategyArgumentError(
                f"patterns={patterns!r}: gold with both classes cannot use only 'one_class'"
            )
    return _gold_vectors(n, both_classes, chosen)


@st.composite
def _gold_vectors(draw: st.DrawFn, n: int, both: bool, patterns: tuple[str, ...]) -> np.ndarray:
    gold = _gold_drawn(draw(sampled_options(patterns)), n, draw)
    if both and gold.min() == gold.max():
        gold[-1] = 1.0 - gold[-1]
    return gold


# -- item lists ---------------------------------------------------------------------------


def _gold_extension(pattern: str, core: np.ndarray, m: int, rng: np.random.Generator) -> np.ndarray:
    """Gold labels of ``m`` items added to ``core``, so that the whole input keeps ``pattern``."""
    if pattern == "one_positive":
        return np.zeros(m)
    if pattern == "one_negative":
        return np.ones(m)
    if pattern == "one_class":
        return np.full(m, core[0])
    if pattern == "alternating":
        return np.full(m, np.nan)  # filled from the added items' levels
    if pattern == "balanced":
        more = np.zeros(m)
        need = min(max((core.size + m) // 2 - int(core.sum()), 0), m)
        more[rng.permutation(m)[:need]] = 1.0
        return more
    return _gold_seeded(pattern, m, rng)


class ItemList(NamedTuple):
    """A drawn item list and the length of its core.

    Attributes
    ----------
    scores, gold
        The item list (1-D float arrays).
    core
        How many leading items were drawn one by one (at most
        :data:`FEW_ITEMS`; all of them in the ``few`` size regime).  A
        relation drawn on the core (a pair of positions, a permutation of the
        core) keeps its choices in place when a counterexample shrinks from a
        large input to its core.
    """

    scores: np.ndarray
    gold: np.ndarray
    core: int


_CUTS = sampled_options(("cut",) + ("full",) * 7)
_KEEP = bounded_integers(0, MAX_ITEMS)
#: Index into a size regime's counts (used modulo their number).
_COUNT_INDEX = bounded_integers(0, 5)


def _draw_items(draw: st.DrawFn, spec: _Items) -> ItemList:
    """An item list: a core drawn item by item, then the size regime and a seeded extension.

    The choice sequence has the same layout whatever the size regime: the
    core, then the size regime with every choice an extension may use (a
    count, a seed, a layout), then the regime's parameters.  So shrinking the
    size regime to ``few`` keeps every other choice where it was, and a
    counterexample found in a thousand items shrinks to its core's items.
    A larger regime's input keeps the core as its first items (it is at
    least as long as the core; the ``one`` regime keeps the core's first item).
    """
    regime = draw(sampled_options(spec.regime_options))
    # Half of the inputs mix a second regime into the first (the items of odd
    # level take it), so that one input holds the corners of two regimes; a
    # regime drawn twice is not mixed (one regime selected alone stays pure).
    mixed = draw(BOOLEANS)
    other = draw(sampled_options(spec.regime_options))
    top = draw(bounded_integers(0, MAX_LEVEL))
    continuous = "continuous" in (regime, other)
    # The core, item by item: a level, a label (used by the "any" pattern) and,
    # for the continuous regime, a float; shrinking deletes whole items.
    core = draw(_core_lists(top, *spec.core, continuous))
    n0 = len(core)
    levels = np.asarray([item[0] for item in core], dtype=np.int64)
    labels = np.asarray([item[1] for item in core], dtype=float)
    floats = np.asarray([item[2] for item in core], dtype=float) if continuous else None
    # Half of the inputs keep four levels at most: dense ties between any
    # item and the others (the tie corners of ranking measures).
    if draw(BOOLEANS):
        top = min(top, 3)
        levels = levels % 4
    pattern = draw(sampled_options(spec.golds))
    if pattern == "any":
        gold = labels
    elif pattern == "alternating":
        gold = (levels % 2).astype(float)
    else:
        gold = _gold_drawn(pattern, n0, draw)
    size = draw(sampled_options(spec.size_options))
    index = draw(_COUNT_INDEX)
    seed = draw(_SEEDS)
    distinct = draw(BOOLEANS)  # added levels all distinct, or ties in the core's range
    # Added items are kept in full (7 draws in 8) or cut to the first ``keep``
    # of them: generation keeps the size regime's counts, and shrinking, which
    # moves to the first option and lowers ``keep``, cuts a large
    # counterexample down to the added items it needs.
    cut = draw(_CUTS) == "cut" and not spec.exact
    keep = int(draw(_KEEP))
    if size == "one":
        levels, gold = levels[:1], gold[:1]
        floats = None if floats is None else floats[:1]
    elif size != "few":
        counts = dict(spec.counts)[size]
        n = max(counts[index % len(counts)], n0)
        rng = np.random.default_rng(seed)
        m = n - n0
        added = rng.permutation(m) if distinct else rng.integers(0, top + 1, m)
        if cut:
            m = min(m, keep)
            added = added[:m]
        levels = np.concatenate([levels, added.astype(np.int64)])
        more = _gold_extension(pattern, gold, m, rng)
        gold = np.concatenate([gold, np.where(np.isnan(more), added % 2, more)])
        if floats is not None:
            floats = np.concatenate([floats, rng.uniform(-1e6, 1e6, n - n0)[:m]])
    scores = _map_regime(regime, levels, draw, floats)
    second = _map_regime(other, levels, draw, floats)  # drawn either way: choices stay aligned
    if mixed and other != regime:
        scores = np.where(levels % 2 == 1, second, scores)
    if spec.both and gold.min() == gold.max():
        gold[-1] = 1.0 - gold[-1]
    return ItemList(scores, gold, min(n0, scores.size))


def scored_inputs(
    *,
    min_items: int = 1,
    max_items: int = MAX_ITEMS,
    both_classes: bool = False,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    golds: Sequence[str] = GOLD_PATTERNS,
    exact_sizes: bool = False,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(scores, gold)`` pairs of one item list (1-D float arrays).

    Parameters
    ----------
    min_items, max_items
        Bounds on the number of items (``min_items >= 2`` when
        ``both_classes``); each size regime keeps its counts inside them.
    both_classes
        Every gold holds a positive and a negative (else one-class golds,
        which ranking measures declare undefined, occur too).
    regimes
        Score regimes to draw from (see :data:`REGIMES`).
    sizes
        Size regimes to draw from (see :data:`SIZES`): ``("one",)`` draws
        single items only, ``("hundreds",)`` 100 to 500 items.
    golds
        Gold patterns to draw from (see :data:`GOLD_PATTERNS`).
    exact_sizes
        Every input of a size regime beyond ``few`` holds one of its counts
        (else one draw in eight may keep only a prefix of the added items:
        what lets a counterexample found in a large input shrink).
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2 if both_classes else 1)
    spec = _resolve(lo, hi, both_classes, regimes, sizes, golds, exact=exact_sizes)
    return _scored_inputs(spec)


@functools.lru_cache(maxsize=64)
def _scored_inputs(spec: _Items) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    return _item_lists(spec).map(lambda items: (items.scores, items.gold))


def item_lists(
    *,
    min_items: int = 1,
    max_items: int = MAX_ITEMS,
    both_classes: bool = False,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    golds: Sequence[str] = GOLD_PATTERNS,
    exact_sizes: bool = False,
) -> st.SearchStrategy[ItemList]:
    """The inputs of :func:`scored_inputs` (same options), with the length of their core.

    For generators of relations between item lists (the checker's
    procedures): draw positions or permutations on the core (see
    :class:`ItemList`) so that counterexamples shrink.
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2 if both_classes else 1)
    return _item_lists(_resolve(lo, hi, both_classes, regimes, sizes, golds, exact=exact_sizes))


@functools.lru_cache(maxsize=64)
def _item_lists(spec: _Items) -> st.SearchStrategy[ItemList]:
    @st.composite
    def build(draw: st.DrawFn) -> ItemList:
        return _draw_items(draw, spec)

    return build()


# -- perfect separations -----------------------------------------------------------------------

_SEPARATION_GOLDS = ("any", "one_positive", "one_negative", "balanced")


def separated_inputs(
    *,
    min_items: int = 2,
    max_items: int = MAX_ITEMS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    golds: Sequence[str] = _SEPARATION_GOLDS,
    gaps: Sequence[str] = SEPARATION_GAPS,
    exact_sizes: bool = False,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(scores, gold)`` with a perfect separation: every positive scores above every negative.

    The scores come from the regime (ties inside each class are frequent);
    the number of positives P from ``golds`` (any 1 .. n-1, one positive,
    one negative, or half of the items); the gap between the lowest positive
    and the highest negative is as the regime gives it (from a single ulp to
    nearly the whole float range) or, with ``gaps`` ``"adjacent"``, exactly
    one ulp (the lowest positive is ``np.nextafter`` of the highest
    negative).  Where the regime ties the two classes' boundary scores, the
    positives there are moved one ulp up (the negatives one ulp down at the
    largest float).  ``regimes``, ``sizes`` and ``exact_sizes`` are as for
    :func:`scored_inputs`.
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2)
    chosen_golds = _subset("golds", golds, _SEPARATION_GOLDS)
    chosen_gaps = _subset("gaps", gaps, SEPARATION_GAPS)
    spec = _resolve(lo, hi, True, regimes, sizes, ("any",), what="separations", exact=exact_sizes)
    return _separated(spec, chosen_golds, chosen_gaps)


def _positives(pattern: str, n: int, core: int, draw: st.DrawFn) -> int:
    """The number of positives of a separation of ``n`` items whose core has ``core`` items.

    Always one choice (a share of the core), whatever the size: shrinking the
    size keeps it aligned.
    """
    share = int(draw(bounded_integers(1, max(core - 1, 1))))
    if pattern == "one_positive":
        return 1
    if pattern == "one_negative":
        return n - 1
    if pattern == "balanced":
        return n // 2
    return min(max(round(share * n / max(core, 2)), 1), n - 1)


def _up(x: float) -> float:
    return float(np.nextafter(x, np.inf))


def _down(x: float) -> float:
    return float(np.nextafter(x, -np.inf))


@functools.lru_cache(maxsize=64)
def _separated(
    spec: _Items, golds: tuple[str, ...], gaps: tuple[str, ...]
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    @st.composite
    def build(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
        drawn = _draw_items(draw, spec)
        scores, n = drawn.scores, drawn.scores.size
        p = _positives(draw(sampled_options(golds)), n, drawn.core, draw)
        order = np.argsort(scores, kind="stable")
        negatives, positives = order[: n - p], order[n - p :]
        v = float(scores[negatives].max())
        if v == _MAX:  # no float above the highest negative: lower the negatives there
            scores[negatives[scores[negatives] == v]] = _down(v)
            v = _down(v)
        scores[positives[scores[positives] <= v]] = _up(v)
        if draw(sampled_options(gaps)) == "adjacent":
            scores[positives[0]] = _up(v)  # the lowest positive, one ulp above
        gold = np.zeros(n)
        gold[positives] = 1.0
        return scores, gold

    return build()


# -- strictly increasing maps ------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreTransform:
    """A strictly increasing map of scores, with a description for counterexamples."""

    name: str
    function: Callable[[np.ndarray], np.ndarray]

    def __call__(self, scores: np.ndarray) -> np.ndarray:
        """Apply the map."""
        with np.errstate(all="ignore"):
            return np.asarray(self.function(np.asarray(scores, dtype=float)), dtype=float)

    def __str__(self) -> str:
        return self.name


def _dense_rank(s: np.ndarray) -> np.ndarray:
    return np.unique(s, return_inverse=True)[1].reshape(s.shape).astype(float)


def _unit_rank(s: np.ndarray) -> np.ndarray:
    ranks = _dense_rank(s)
    return (ranks + 1.0) / (ranks.max() + 2.0)


def _subnormal_rank(s: np.ndarray) -> np.ndarray:
    return _dense_rank(s) * _TINIEST


def _extreme_rank(s: np.ndarray) -> np.ndarray:
    ranks = _dense_rank(s).astype(np.int64)
    return _ulp_steps(_MAX, ranks - ranks.max())


def _adjacent_rank(s: np.ndarray) -> np.ndarray:
    return _ulp_steps(1.0, _dense_rank(s).astype(np.int64))


def _mixed_rank(s: np.ndarray) -> np.ndarray:
    ranks = _dense_rank(s)
    return np.where(ranks == 0, -1.0, ranks * 1e-20)


def _halves_rank(s: np.ndarray) -> np.ndarray:
    return (2.0 * _dense_rank(s) + 1.0) / 16.0


def _power(p: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda s: np.sign(s) * np.abs(s) ** p


def _affine(a: float, b: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda s: a * s + b


_RANK_MAPS: dict[str, tuple[str, Callable[[np.ndarray], np.ndarray]]] = {
    "dense_rank": ("dense rank of s", _dense_rank),
    "unit_rank": ("(dense rank + 1) / (max rank + 2)", _unit_rank),
    "subnormal_rank": ("dense rank of s times 5e-324 (subnormal)", _subnormal_rank),
    "extreme_rank": ("the (max rank - dense rank)-th float below the largest", _extreme_rank),
    "adjacent_rank": ("1 moved up by (dense rank) ulps", _adjacent_rank),
    "mixed_rank": ("-1 for the lowest score, dense rank times 1e-20 above", _mixed_rank),
    "halves_rank": ("(2 dense rank + 1) / 16 (exact halves at 3 decimals)", _halves_rank),
}


def increasing_score_transforms(
    *, kinds: Sequence[str] = TRANSFORM_KINDS
) -> st.SearchStrategy[ScoreTransform]:
    """Strictly increasing maps f of the real line (or of the scores at hand).

    ``affine`` (``a s + b``, ``a > 0``), ``power`` (``sign(s) |s|^p``: maps
    ``[0, 1]`` onto itself), ``arctan``, and maps of the dense rank of each
    score among the distinct scores (strictly increasing on the scores they
    are applied to): ``dense_rank``, ``unit_rank`` (the ranks squeezed into
    ``(0, 1)``), and maps whose image lies in a corner of the domain:
    ``subnormal_rank`` (multiples of 5e-324), ``extreme_rank`` (adjacent
    floats just below the largest finite float), ``adjacent_rank`` (1 and
    the floats just above it), ``mixed_rank`` (-1 beside 1e-20, 2e-20, ...)
    and ``halves_rank`` (1/16, 3/16, ...: exact halves at 3 decimals).  In
    floating point the first three may merge two close scores or overflow;
    callers check the result (see
    :func:`axiometrics.measures.scored.procedures.keeps_order`).
    """
    chosen = _subset("kinds", kinds, TRANSFORM_KINDS)
    return _transforms(chosen)


@functools.lru_cache(maxsize=32)
def _transforms(chosen: tuple[str, ...]) -> st.SearchStrategy[ScoreTransform]:
    options: list[st.SearchStrategy[ScoreTransform]] = []
    for kind in chosen:
        if kind == "affine":
            options.append(
                st.builds(
                    lambda a, b: ScoreTransform(f"{a:g} s + {b:g}", _affine(a, b)),
                    sampled_options((2.0, 0.5, 1e-3, 1e3)),
                    sampled_options((0.0, 1.0, -0.25, 1e6)),
                )
            )
        elif kind == "power":
            options.append(
                sampled_options((2.0, 3.0, 0.5, 1.0 / 3.0)).map(
                    lambda p: ScoreTransform(f"sign(s) |s|^{p:.4g}", _power(p))
                )
            )
        elif kind == "arctan":
            options.append(st.just(ScoreTransform("arctan(s)", np.arctan)))
        else:
            options.append(st.just(ScoreTransform(*_RANK_MAPS[kind])))
    return st.one_of(options)


# -- discordant swaps --------------------------------------------------------------------------


class Swap(NamedTuple):
    """A discordant pair and the scores after swapping it.

    ``before[j] > before[i]`` with ``gold[i] = 1`` and ``gold[j] = 0``;
    ``after`` equals ``before`` with the two scores exchanged.
    """

    before: np.ndarray
    after: np.ndarray
    gold: np.ndarray
    positive: int
    negative: int


def discordant_swaps(
    *,
    min_items: int = 2,
    max_items: int = MAX_ITEMS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    pairs: Sequence[str] = SWAP_PAIRS,
    exact_sizes: bool = False,
) -> st.SearchStrategy[Swap]:
    """A ``(scores, gold)`` input with a positive scored strictly below a negative, and the swap.

    The input comes from the score regimes and sizes of
    :func:`scored_inputs`; the pair ``(i, j)`` is drawn by position and
    labelled (``gold[i] = 1``, ``gold[j] = 0``), its scores ordered so that
    ``s_j > s_i``, and, with ``pairs`` ``"adjacent"``, ``s_j`` is the float
    right after ``s_i`` (a pair one ulp apart), or, with ``"tied"``, the
    pair takes the scores of two other items (it is swapped into and out of
    tie groups; as drawn when the core has no two other items with distinct
    scores).  A pair the regime ties is
    pulled apart onto the nearest other score above or below (so that it
    ties with other items), or one ulp apart when every item is tied.
    Nearly tied, tiny and huge pairs are in the domain: a measure whose gain
    from such a swap is below float64 resolution is not strictly
    swap-monotone.  ``regimes``, ``sizes`` and
    ``exact_sizes`` are as for :func:`scored_inputs`.
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2)
    chosen_pairs = _subset("pairs", pairs, SWAP_PAIRS)
    spec = _resolve(lo, hi, True, regimes, sizes, GOLD_PATTERNS, what="swaps", exact=exact_sizes)
    return _swaps(spec, chosen_pairs)


@functools.lru_cache(maxsize=64)
def _swaps(spec: _Items, pairs: tuple[str, ...]) -> st.SearchStrategy[Swap]:
    @st.composite
    def build(draw: st.DrawFn) -> Swap:
        before, gold, core = _draw_items(draw, spec)
        # The pair is drawn by position among the core's items (the same
        # choices whatever the size) and labelled afterwards, which shrinks
        # better than choosing among the positions of each class.
        i = draw(bounded_integers(0, core - 1))
        j = (i + 1 + draw(bounded_integers(0, core - 2))) % core
        gold[i], gold[j] = 1.0, 0.0
        # Two other items whose scores a "tied" pair takes (drawn either way).
        k, m = draw(bounded_integers(0, core - 1)), draw(bounded_integers(0, core - 1))
        others = [p for p in (k, m) if p not in (i, j)]
        kind = draw(sampled_options(pairs))
        if kind == "adjacent":
            if before[i] == _MAX:
                before[i] = _down(_MAX)
            before[j] = _up(before[i])
        elif kind == "tied" and len(others) == 2 and before[k] != before[m]:
            # The pair takes the scores of two other items: it is swapped into
            # and out of tie groups.
            before[i], before[j] = min(before[k], before[m]), max(before[k], before[m])
        elif before[j] < before[i]:
            before[i], before[j] = before[j], before[i]
        if before[j] == before[i]:
            # A tied pair is pulled apart onto its neighbours' scores (ties with
            # the other items stay), or one ulp apart when every item is tied.
            above, below = before[before > before[i]], before[before < before[i]]
            if above.size:
                before[j] = above.min()
            elif below.size:
                before[i] = below.max()
            elif before[j] < _MAX:
                before[j] = _up(before[j])
            else:
                before[i] = _down(before[i])
        after = before.copy()
        after[i], after[j] = before[j], before[i]
        return Swap(before, after, gold, i, j)

    return build()
