"""The scored strategies reach every corner of the claims' domains by construction.

Each corner is a regime a strategy exposes as an option: selected alone,
*every* draw lies in the corner (``_every``), or a corner that needs a
particular combination inside the regime is found within a few dozen draws
(``_soon``), because the regime produces it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from axiometrics.measures.scored import strategies as sst

MAX = float(np.finfo(float).max)
TINY = 5e-324
SMALLEST_NORMAL = float(np.finfo(float).tiny)
_QUICK = settings(max_examples=60, database=None, suppress_health_check=list(HealthCheck))


def _every(strategy: st.SearchStrategy[Any], condition: Callable[[Any], bool]) -> None:
    """Every draw of ``strategy`` satisfies ``condition``."""

    @_QUICK
    @given(strategy)
    def inner(value: Any) -> None:
        assert condition(value), value

    inner()


def _soon(strategy: st.SearchStrategy[Any], condition: Callable[[Any], bool]) -> None:
    """A draw satisfying ``condition`` comes within 500 draws (a derandomized search)."""
    find(
        strategy,
        condition,
        settings=settings(
            max_examples=500,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        ),
    )


def _adjacent_pair(s: np.ndarray) -> bool:
    distinct = np.unique(s)
    return bool(np.any(np.nextafter(distinct[:-1], np.inf) == distinct[1:]))


# -- sizes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "lo", "hi", "first"),
    [
        ("one", 1, 1, 1),
        ("tens", 10, 99, 11),
        ("hundreds", 100, 500, 101),
        ("thousand", 1000, 1024, 1001),
    ],
)
def test_each_size_regime_draws_its_item_counts_and_the_count_past_the_cut_off(size, lo, hi, first):
    exact = sst.scored_inputs(sizes=(size,), exact_sizes=True)
    _every(exact, lambda sy: lo <= sy[0].size <= hi and sy[1].size == sy[0].size)
    _soon(exact, lambda sy: sy[0].size == first)
    # Without exact_sizes, seven draws in eight keep the count (the rest may be
    # cut short, so that counterexamples shrink): the count still comes soon.
    _soon(sst.scored_inputs(sizes=(size,)), lambda sy: sy[0].size == first)
    _every(sst.scored_inputs(sizes=(size,)), lambda sy: sy[0].size <= hi)


def test_few_inputs_hold_one_to_twelve_items():
    _every(sst.scored_inputs(sizes=("few",)), lambda sy: 1 <= sy[0].size <= sst.FEW_ITEMS)


def test_large_inputs_keep_both_classes_when_asked():
    _every(
        sst.scored_inputs(min_items=2, sizes=("thousand",), both_classes=True, exact_sizes=True),
        lambda sy: 0 < sy[1].sum() < sy[1].size,
    )


def test_item_lists_report_their_core_first():
    def core_is_a_prefix(items: sst.ItemList) -> bool:
        return 1 <= items.core <= min(items.scores.size, sst.FEW_ITEMS)

    _every(sst.item_lists(), core_is_a_prefix)
    _every(sst.item_lists(sizes=("few",)), lambda items: items.core == items.scores.size)


# -- score regimes ----------------------------------------------------------------------------


def test_the_extreme_regime_draws_only_scores_beyond_half_the_largest_float():
    strategy = sst.scored_inputs(regimes=("extreme",))
    _every(strategy, lambda sy: np.all(np.abs(sy[0]) >= MAX / 2) and np.all(np.isfinite(sy[0])))
    _soon(strategy, lambda sy: MAX in sy[0] and -MAX in sy[0])


def test_the_adjacent_regime_draws_scores_a_few_ulps_apart():
    strategy = sst.scored_inputs(regimes=("adjacent",), sizes=("few",))

    def few_ulps(sy: tuple[np.ndarray, np.ndarray]) -> bool:
        bits = sy[0].view(np.int64)  # positive floats: ulps apart = difference of the bits
        return bool(np.all(sy[0] > 0) and bits.max() - bits.min() <= sst.MAX_LEVEL)

    _every(strategy, few_ulps)
    _soon(strategy, lambda sy: _adjacent_pair(sy[0]))
    _soon(strategy, lambda sy: 0 < sy[0].min() < SMALLEST_NORMAL)  # subnormal ulps
    _soon(strategy, lambda sy: sy[0].max() == MAX)


def test_the_near_tie_regime_draws_scores_differing_from_the_9th_to_the_16th_digit():
    strategy = sst.scored_inputs(regimes=("near_tie",), sizes=("few",))

    def near(sy: tuple[np.ndarray, np.ndarray]) -> bool:
        s = sy[0]
        return bool(np.ptp(s) <= sst.MAX_LEVEL * 1e-8 * np.abs(s).max())

    _every(strategy, near)
    _soon(strategy, lambda sy: 0 < np.ptp(sy[0]) <= 1e-13 * np.abs(sy[0]).max())


def test_the_tiny_probability_regime_draws_probabilities_within_1_5e_7_of_0_or_1():
    strategy = sst.scored_inputs(regimes=("tiny_probability",))
    _every(
        strategy,
        lambda sy: np.all((sy[0] <= 1.5e-7) | (sy[0] >= 1 - 1.5e-7)) and np.all(sy[0] >= 0),
    )
    _soon(strategy, lambda sy: TINY in sy[0])
    _soon(strategy, lambda sy: np.any((sy[0] > 0) & (sy[0] <= 1e-300)))


def test_the_mixed_regime_mixes_minus_one_with_1e_20_and_2e_20():
    strategy = sst.scored_inputs(regimes=("mixed",), sizes=("few",))
    _soon(strategy, lambda sy: {-1.0, 1e-20, 2e-20} <= set(sy[0].tolist()))
    _soon(
        strategy,
        lambda sy: np.abs(sy[0]).max() == MAX and 0 < np.abs(sy[0][sy[0] != 0]).min() < 1e-300,
    )


def test_the_halves_regime_puts_scores_on_rounding_boundaries_and_next_to_them():
    strategy = sst.scored_inputs(regimes=("halves",), sizes=("few",))

    def on_or_next_to_a_boundary(sy: tuple[np.ndarray, np.ndarray]) -> bool:
        for x in sy[0]:
            near = [
                abs(x * 10.0**d - np.floor(x * 10.0**d) - 0.5) <= 0.125 + 1e-9
                for d in (0, 1, 2, 3, 6)
            ]
            if not any(near):
                return False
        return True

    _every(strategy, on_or_next_to_a_boundary)
    # An exact half at 2 decimals (0.125 * 100 = 12.5) beside a score above it in its unit.
    _soon(strategy, lambda sy: 0.125 in sy[0] and np.any((sy[0] > 0.125) & (sy[0] < 0.13)))
    _soon(strategy, lambda sy: 0.125 in sy[0] and float(np.nextafter(0.125, 1.0)) in sy[0])


def test_every_regime_stays_finite_across_sizes():
    _every(sst.scored_inputs(), lambda sy: bool(np.all(np.isfinite(sy[0]))))


# -- gold patterns ----------------------------------------------------------------------------


def test_one_positive_among_a_thousand_items_is_drawn_by_construction():
    strategy = sst.scored_inputs(
        min_items=2,
        golds=("one_positive",),
        sizes=("thousand",),
        both_classes=True,
        exact_sizes=True,
    )
    _every(strategy, lambda sy: sy[1].sum() == 1 and sy[1].size >= 1000)


@pytest.mark.parametrize(
    ("pattern", "condition"),
    [
        ("one_positive", lambda y: y.sum() == 1),
        ("one_negative", lambda y: y.sum() == y.size - 1),
        ("balanced", lambda y: abs(2 * y.sum() - y.size) <= 1),
    ],
)
def test_each_gold_pattern_holds_on_every_draw(pattern, condition):
    _every(
        sst.scored_inputs(min_items=2, golds=(pattern,), both_classes=True),
        lambda sy: condition(sy[1]),
    )


def test_alternating_golds_put_neighbouring_levels_in_opposite_classes():
    # On the grid the score is the level: odd scores are the positives, at every size.
    _every(
        sst.scored_inputs(regimes=("grid",), golds=("alternating",)),
        lambda sy: np.array_equal(sy[1], sy[0] % 2),
    )


def test_one_class_golds_are_drawn_where_the_claim_admits_them():
    _every(sst.scored_inputs(golds=("one_class",)), lambda sy: sy[1].min() == sy[1].max())


# -- swaps, separations and transforms ----------------------------------------------------------


def test_adjacent_swaps_exchange_a_positive_and_a_negative_one_ulp_apart():
    def adjacent(sw: sst.Swap) -> bool:
        i, j = sw.positive, sw.negative
        return bool(
            sw.gold[i] == 1
            and sw.gold[j] == 0
            and sw.before[j] == np.nextafter(sw.before[i], np.inf)
            and sw.after[i] == sw.before[j]
        )

    _every(sst.discordant_swaps(pairs=("adjacent",)), adjacent)


def test_tied_swaps_move_the_pair_into_and_out_of_tie_groups():
    def into_tie_groups(sw: sst.Swap) -> bool:
        others = np.delete(sw.before, [sw.positive, sw.negative])
        return bool(sw.before[sw.positive] in others and sw.before[sw.negative] in others)

    _soon(sst.discordant_swaps(pairs=("tied",), sizes=("few",)), into_tie_groups)
    _every(
        sst.discordant_swaps(pairs=("tied",)),
        lambda sw: sw.before[sw.negative] > sw.before[sw.positive],
    )


def test_swaps_reach_tiny_probabilities_mixed_magnitudes_and_hundreds_of_items():
    _soon(
        sst.discordant_swaps(regimes=("tiny_probability",)),
        lambda sw: sw.before[sw.negative] <= 1e-300,
    )

    def tiny_pair_beside_minus_one(sw: sst.Swap) -> bool:
        pair = (sw.before[sw.positive], sw.before[sw.negative])
        return bool(-1.0 in sw.before and min(pair) > 0 and max(pair) <= 2e-20)

    _soon(sst.discordant_swaps(regimes=("mixed",), sizes=("few",)), tiny_pair_beside_minus_one)
    _every(
        sst.discordant_swaps(sizes=("hundreds",), exact_sizes=True),
        lambda sw: sw.before.size >= 100,
    )
    _every(
        sst.discordant_swaps(regimes=("extreme",)), lambda sw: np.abs(sw.before).max() >= MAX / 2
    )


def test_separations_one_ulp_apart_and_at_the_edges_of_the_float_range():
    def one_ulp(sy: tuple[np.ndarray, np.ndarray]) -> bool:
        s, y = sy
        return bool(s[y == 1].min() == np.nextafter(s[y == 0].max(), np.inf))

    _every(sst.separated_inputs(gaps=("adjacent",)), one_ulp)
    _every(
        sst.separated_inputs(regimes=("extreme",)),
        lambda sy: (
            np.abs(sy[0]).max() >= MAX / 2 and sy[0][sy[1] == 1].min() > sy[0][sy[1] == 0].max()
        ),
    )
    _soon(
        sst.separated_inputs(regimes=("extreme",)),
        lambda sy: sy[0][sy[1] == 1].min() > 0 > sy[0][sy[1] == 0].max(),
    )


@pytest.mark.parametrize(
    ("pattern", "positives"),
    [
        ("one_positive", lambda n: 1),
        ("one_negative", lambda n: n - 1),
        ("balanced", lambda n: n // 2),
    ],
)
def test_separations_by_construction_have_their_pattern_of_positives(pattern, positives):
    _every(
        sst.separated_inputs(golds=(pattern,)),
        lambda sy: sy[1].sum() == positives(sy[1].size),
    )


def test_separations_of_more_than_ten_positives_and_of_one_positive_in_a_thousand():
    _soon(sst.separated_inputs(sizes=("tens",)), lambda sy: sy[1].sum() > 10)
    _every(
        sst.separated_inputs(golds=("one_positive",), sizes=("thousand",), exact_sizes=True),
        lambda sy: sy[1].sum() == 1 and sy[1].size >= 1000,
    )


_RANKED = np.array([-3.0, 0.5, 0.5, 1e-20, 2.0, 7.0, 7.0, -1e300])


@pytest.mark.parametrize(
    ("kind", "corner"),
    [
        ("subnormal_rank", lambda t: np.all(t < SMALLEST_NORMAL)),
        ("extreme_rank", lambda t: t.max() == MAX),
        ("adjacent_rank", lambda t: _adjacent_pair(t)),
        ("mixed_rank", lambda t: {-1.0, 1e-20, 2e-20} <= set(t.tolist())),
        ("halves_rank", lambda t: np.all((t * 1000) % 1 == 0.5)),
    ],
)
def test_rank_maps_keep_the_order_and_land_in_their_corner(kind, corner):
    from axiometrics.measures.scored.procedures import keeps_order

    _every(
        sst.increasing_score_transforms(kinds=(kind,)),
        lambda f: keeps_order(_RANKED, f(_RANKED)) and corner(f(_RANKED)),
    )


# -- options --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: sst.scored_inputs(sizes=("one",), both_classes=True),
        lambda: sst.scored_inputs(sizes=("thousand",), max_items=500),
        lambda: sst.scored_inputs(sizes=("huge",)),
        lambda: sst.scored_inputs(golds=("one_class",), both_classes=True),
        lambda: sst.gold_vectors(n_items=3, patterns=("one_class",)),
        lambda: sst.separated_inputs(gaps=()),
        lambda: sst.separated_inputs(golds=("one_class",)),
        lambda: sst.discordant_swaps(pairs=("apart",)),
        lambda: sst.item_lists(min_items=0),
        lambda: sst.scored_inputs(exact_sizes="yes"),
    ],
)
def test_impossible_options_raise_invalid_argument(make):
    with pytest.raises(InvalidArgument):
        make()
