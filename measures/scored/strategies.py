"""Hypothesis strategies for the ``scored`` family: ``(scores, gold)`` item lists.

Public, for plugin authors' own tests as well as the checker's procedures
(:mod:`axiometrics.measures.scored.procedures`).  They follow Hypothesis'
conventions: plural nouns, keyword-only options, and options that cannot be
satisfied raise :class:`~axiometrics.strategies.StrategyArgumentError` (a
:class:`hypothesis.errors.InvalidArgument`) when the strategy is built.

Scores are drawn as small integers mapped through a *regime*, so that
exact ties are frequent and shrinking goes toward few items and equal
scores:

``grid``        the integers themselves (many ties);
``tied``        every item gets the same score;
``probability`` integers divided by a common denominator: ``[0, 1]`` with 0 and 1;
``huge``        integers times 1e300 around zero (up to about 1.2e301);
``tiny``        integers times a subnormal or 1e-300 step;
``close``       1 plus integer multiples of the float64 epsilon (distinct but adjacent);
``continuous``  arbitrary floats in ``[-1e6, 1e6]`` (ties unlikely).

Gold labels come from one of three patterns: any 0/1 vector, one positive
among negatives, one negative among positives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import StrategyArgumentError

__all__ = [
    "REGIMES",
    "SWAP_SCALES",
    "ScoreTransform",
    "Swap",
    "discordant_swaps",
    "gold_vectors",
    "increasing_score_transforms",
    "scored_inputs",
    "separated_inputs",
]

#: Score regimes :func:`scored_inputs` draws from (see the module docstring).
REGIMES = ("grid", "tied", "probability", "huge", "tiny", "close", "continuous")
#: Gold patterns :func:`gold_vectors` draws from.
GOLD_PATTERNS = ("any", "one_positive", "one_negative")
#: Scales of :func:`discordant_swaps`: a probability grid, integers, huge integers.
SWAP_SCALES = ("probability", "grid", "huge")
#: Largest integer drawn before the regime maps it.
MAX_LEVEL = 8
_TRANSFORM_KINDS = ("affine", "power", "dense_rank", "unit_rank", "arctan")


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
    return tuple(value)


def _map_regime(regime: str, levels: np.ndarray, draw: st.DrawFn) -> np.ndarray:
    if regime == "grid":
        return levels.astype(float)
    if regime == "tied":
        return np.full(levels.size, float(draw(st.sampled_from((0.0, 1.0, -3.5, 1e300, 1e-300)))))
    if regime == "probability":
        top = max(int(levels.max()), 1)
        denominator = draw(st.integers(top, 4 * top))
        return levels / float(denominator)
    if regime == "huge":
        return (levels - MAX_LEVEL / 2) * 1e300 * draw(st.sampled_from((1.0, 3.0)))
    if regime == "tiny":
        step = draw(st.sampled_from((5e-324, 1e-300, 1e-200)))
        return levels * step
    if regime == "close":
        return 1.0 + levels * np.finfo(float).eps
    values = draw(
        st.lists(
            st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
            min_size=levels.size,
            max_size=levels.size,
        )
    )
    return np.asarray(values, dtype=float)


def gold_vectors(
    *, n_items: int, both_classes: bool = True, patterns: Sequence[str] = GOLD_PATTERNS
) -> st.SearchStrategy[np.ndarray]:
    """Binary gold vectors of ``n_items`` labels (floats 0/1).

    Parameters
    ----------
    n_items
        Number of items (at least 2 when ``both_classes``).
    both_classes
        Every vector holds a positive and a negative.
    patterns
        Subset of ``("any", "one_positive", "one_negative")``.
    """
    n = _int_option("n_items", n_items, minimum=2 if both_classes else 1)
    chosen = _subset("patterns", patterns, GOLD_PATTERNS)
    return _gold(n, both_classes, chosen)


@st.composite
def _gold(draw: st.DrawFn, n: int, both: bool, patterns: tuple[str, ...]) -> np.ndarray:
    pattern = draw(st.sampled_from(patterns))
    if pattern == "any":
        gold = np.asarray(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=float)
        if both and (gold.min() == gold.max()):
            gold[-1] = 1.0 - gold[-1]
        return gold
    single = draw(st.integers(0, n - 1))
    gold = np.zeros(n) if pattern == "one_positive" else np.ones(n)
    gold[single] = 1.0 - gold[single]
    return gold


def scored_inputs(
    *,
    min_items: int = 1,
    max_items: int = 12,
    both_classes: bool = False,
    regimes: Sequence[str] = REGIMES,
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(scores, gold)`` pairs of one item list (1-D float arrays).

    Parameters
    ----------
    min_items, max_items
        Bounds on the number of items (``min_items >= 2`` when
        ``both_classes``).
    both_classes
        Every gold holds a positive and a negative (else one-class golds,
        which ranking measures declare undefined, occur too).
    regimes
        Score regimes to draw from (see :data:`REGIMES`).
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2 if both_classes else 1)
    chosen = _subset("regimes", regimes, REGIMES)
    return _scored_inputs(lo, hi, both_classes, chosen)


@st.composite
def _scored_inputs(
    draw: st.DrawFn, lo: int, hi: int, both: bool, regimes: tuple[str, ...]
) -> tuple[np.ndarray, np.ndarray]:
    n = draw(st.integers(lo, hi))
    regime = draw(st.sampled_from(regimes))
    top = draw(st.integers(0, MAX_LEVEL))
    levels = np.asarray(draw(st.lists(st.integers(0, top), min_size=n, max_size=n)))
    scores = _map_regime(regime, levels, draw)
    gold = draw(_gold(n, both, GOLD_PATTERNS))
    return scores, gold


def separated_inputs(
    *, min_items: int = 2, max_items: int = 12, regimes: Sequence[str] = REGIMES
) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """``(scores, gold)`` with a perfect separation: every positive scores above every negative.

    Ties inside each class are frequent; the items come in a shuffled order.
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2)
    chosen = _subset("regimes", tuple(r for r in regimes), REGIMES)
    usable = tuple(r for r in chosen if r != "tied")
    if not usable:
        raise StrategyArgumentError(
            f"regimes={regimes!r}: a perfect separation needs two distinct scores; 'tied' "
            "alone cannot give them"
        )
    return _separated(lo, hi, usable)


@st.composite
def _separated(
    draw: st.DrawFn, lo: int, hi: int, regimes: tuple[str, ...]
) -> tuple[np.ndarray, np.ndarray]:
    scores, _ = draw(_scored_inputs(lo, hi, False, regimes))
    distinct = np.unique(scores)
    if distinct.size < 2:
        scores = scores.copy()
        scores[-1] = np.nextafter(scores[-1], np.inf)
        distinct = np.unique(scores)
    cut = draw(st.integers(1, distinct.size - 1))
    gold = (scores >= distinct[cut]).astype(float)
    order = np.asarray(draw(st.permutations(range(scores.size))))
    return scores[order], gold[order]


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


def _power(p: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda s: np.sign(s) * np.abs(s) ** p


def _affine(a: float, b: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda s: a * s + b


def increasing_score_transforms(
    *, kinds: Sequence[str] = _TRANSFORM_KINDS
) -> st.SearchStrategy[ScoreTransform]:
    """Strictly increasing maps f of the real line (or of the scores at hand).

    ``affine`` (``a s + b``, ``a > 0``), ``power`` (``sign(s) |s|^p``: maps
    ``[0, 1]`` onto itself), ``dense_rank`` (each score to the rank of its
    value among the distinct values: increasing on the scores it is applied
    to), ``unit_rank`` (the same ranks squeezed into ``(0, 1)``) and
    ``arctan``.  In floating point a map may merge two close scores or
    overflow; callers check the result (see
    :func:`axiometrics.measures.scored.procedures.keeps_order`).
    """
    chosen = _subset("kinds", kinds, _TRANSFORM_KINDS)
    options: list[st.SearchStrategy[ScoreTransform]] = []
    if "affine" in chosen:
        options.append(
            st.builds(
                lambda a, b: ScoreTransform(f"{a:g} s + {b:g}", _affine(a, b)),
                st.sampled_from((2.0, 0.5, 1e-3, 1e3)),
                st.sampled_from((0.0, 1.0, -0.25, 1e6)),
            )
        )
    if "power" in chosen:
        options.append(
            st.sampled_from((2.0, 3.0, 0.5, 1.0 / 3.0)).map(
                lambda p: ScoreTransform(f"sign(s) |s|^{p:.4g}", _power(p))
            )
        )
    if "dense_rank" in chosen:
        options.append(st.just(ScoreTransform("dense rank of s", _dense_rank)))
    if "unit_rank" in chosen:
        options.append(st.just(ScoreTransform("(dense rank + 1) / (max rank + 2)", _unit_rank)))
    if "arctan" in chosen:
        options.append(st.just(ScoreTransform("arctan(s)", np.arctan)))
    return st.one_of(options)


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
    max_items: int = 12,
    scales: Sequence[str] = SWAP_SCALES,
    max_level: int = 1000,
) -> st.SearchStrategy[Swap]:
    """A ``(scores, gold)`` input with a positive scored strictly below a negative, and the swap.

    Scores lie on a grid of at most ``max_level + 1`` levels, mapped to
    ``[0, 1]`` (``probability``), kept as integers (``grid``) or multiplied
    by 1e297 (``huge``): the gain of a swap stays far above float64
    resolution, so "not strictly better" is a property of the measure, not
    of rounding (the other claims reach tiny and adjacent scores).
    """
    lo, hi = _items_bounds(min_items, max_items, floor=2)
    chosen = _subset("scales", scales, SWAP_SCALES)
    top = _int_option("max_level", max_level, minimum=1)
    return _swaps(lo, hi, chosen, top)


@st.composite
def _swaps(draw: st.DrawFn, lo: int, hi: int, scales: tuple[str, ...], top: int) -> Swap:
    n = draw(st.integers(lo, hi))
    # Half of the draws use a few levels only, where ties between the pair
    # and other items are frequent.
    levels_top = draw(st.sampled_from((min(top, 3), top)))
    levels = np.asarray(
        draw(st.lists(st.integers(0, levels_top), min_size=n, max_size=n)), dtype=float
    )
    gold = draw(_gold(n, True, GOLD_PATTERNS))
    # The pair is drawn by position and labelled afterwards, which shrinks
    # better than choosing among the positions of each class.
    i = draw(st.integers(0, n - 1))
    j = (i + 1 + draw(st.integers(0, n - 2))) % n
    gold[i], gold[j] = 1.0, 0.0
    if levels[j] < levels[i]:
        levels[i], levels[j] = levels[j], levels[i]
    if levels[j] == levels[i]:
        if levels[i] > 0:
            levels[i] -= 1
        else:
            levels[j] += 1
    scale = draw(st.sampled_from(scales))
    if scale == "probability":
        before = levels / float(max(top, 1))
    elif scale == "huge":
        before = levels * 1e297
    else:
        before = levels.copy()
    after = before.copy()
    after[i], after[j] = before[j], before[i]
    return Swap(before, after, gold, i, j)
