"""The shared strategies of ``axiometrics.strategies``, its building blocks and option checks."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from axiometrics import strategies as ax_st
from axiometrics.errors import InvalidParameterError
from axiometrics.scale import ClassScale
from axiometrics.strategy_options import class_bounds, int_option

FIND = settings(
    max_examples=3000, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
# Reaching a corner needs no shrinking.
REACH = settings(FIND, phases=[Phase.generate])


# -- option validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (ax_st.class_counts, {"min_nonempty": 13}),
        (ax_st.class_counts, {"distinct_sizes": True, "max_count": 3}),
        (ax_st.class_values, {"spacing": "random"}),
        (ax_st.class_values, {"max_gap": 0}),
        (ax_st.increasing_transforms, {"kinds": ()}),
    ],
)
def test_impossible_options_raise_an_invalid_argument_error(factory, kwargs):
    with pytest.raises(ax_st.StrategyArgumentError) as info:
        factory(**kwargs)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


# -- validity -----------------------------------------------------------------------


@given(ax_st.class_values(max_classes=8))
def test_class_values_are_strictly_increasing(v):
    assert np.all(np.diff(v) > 0)


@given(ax_st.class_values(spacing="equidistant"))
def test_equidistant_class_values_have_equal_gaps(v):
    gaps = np.diff(v)
    assert np.allclose(gaps, gaps[0])


@given(ax_st.class_scales(max_classes=5))
def test_class_scales_have_one_value_per_label(scale):
    assert isinstance(scale, ClassScale)
    assert len(scale.values) == scale.n_classes


@given(ax_st.increasing_transforms(), ax_st.class_values(max_classes=6))
def test_increasing_transforms_preserve_the_order_of_class_values(f, v):
    w = f(v)
    assert np.all(np.isfinite(w))
    assert np.all(np.diff(w) > 0), str(f)


@given(ax_st.class_counts(min_nonempty=2, distinct_sizes=True, max_classes=8, max_count=50))
def test_class_counts_can_require_distinct_nonempty_sizes(n):
    sizes = n[n > 0]
    assert sizes.size >= 2
    assert len(set(sizes.tolist())) == sizes.size
    assert n.max() <= 50


# -- the whole quantifier domain of each claim ------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (ax_st.scale_factors, {"min_factor": 0.0}),
        (ax_st.scale_factors, {"max_factor": 0.5}),
        (ax_st.scale_factors, {"max_factor": float("inf")}),
        (ax_st.scale_factors, {"min_factor": True}),
        (ax_st.class_value_pairs, {"min_classes": 5, "max_classes": 3}),
    ],
)
def test_impossible_domain_options_raise_an_invalid_argument_error(factory, kwargs):
    with pytest.raises(ax_st.StrategyArgumentError) as info:
        factory(**kwargs)
    assert isinstance(info.value, InvalidArgument)


@given(ax_st.scale_factors())
def test_scale_factors_are_positive_and_finite(k):
    assert 0 < k < np.inf


@given(ax_st.class_value_pairs(max_classes=6))
def test_class_value_pairs_are_two_strictly_increasing_vectors_of_one_length(pair):
    v, w = pair
    assert v.shape == w.shape
    assert np.all(np.diff(v) > 0)
    assert np.all(np.diff(w) > 0)


def test_class_value_pairs_often_give_a_second_vector_whose_absolute_order_differs():
    def abs_order_differs(pair):
        _, w = pair
        return not np.array_equal(np.argsort(np.abs(w), kind="stable"), np.arange(w.size))

    straddles = 0
    seen = 0

    @REACH
    @given(ax_st.class_value_pairs(min_classes=3, max_classes=6))
    def count(pair):
        nonlocal straddles, seen
        seen += 1
        _, w = pair
        straddles += bool(w.min() < 0 < w.max()) and abs_order_differs(pair)

    count()
    # About half of the second vectors straddle zero by construction.
    assert straddles >= seen // 4


@given(ax_st.class_value_pairs(max_classes=6, integer=True))
def test_integer_class_value_pairs_hold_integers(pair):
    for values in pair:
        assert np.array_equal(values, np.round(values))


def _relative_gap(v):
    return float(np.min(np.diff(v)) / max(np.max(np.abs(v)), 1.0))


@pytest.mark.parametrize(
    ("description", "strategy", "condition"),
    [
        ("a factor below 1", ax_st.scale_factors(), lambda k: k < 1e-3),
        ("a non-integer factor above 1", ax_st.scale_factors(), lambda k: 1 < k != int(k)),
        ("a huge factor", ax_st.scale_factors(), lambda k: k >= 1e9),
        (
            "class values with a gap of 1e-9 relative",
            ax_st.class_values(spacing="extreme"),
            lambda v: _relative_gap(v) < 1e-8,
        ),
        (
            "class values straddling zero",
            ax_st.class_values(spacing="extreme"),
            lambda v: v.min() < 0 < v.max(),
        ),
        (
            "class values beyond 1e8",
            ax_st.class_values(spacing="extreme"),
            lambda v: np.max(np.abs(v)) > 1e8,
        ),
        (
            "fractional class values",
            ax_st.class_values(spacing="extreme"),
            lambda v: np.any(v != np.round(v)),
        ),
    ],
)
def test_generators_reach_the_corners_of_each_claims_domain(description, strategy, condition):
    assert condition(find(strategy, condition, settings=REACH)), description


# -- building blocks of family strategies ------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_classes": 1, "min_classes": 2, "max_classes": 5}, "n_classes=1: expected an int >= 2"),
        ({"n_classes": None, "min_classes": 5, "max_classes": 3}, "must not exceed max_classes=3"),
        ({"n_classes": None, "min_classes": 2.0, "max_classes": 3}, "min_classes=2.0: expected"),
        ({"n_classes": 2, "min_classes": 3, "max_classes": 5, "floor": 3}, "n_classes=2"),
    ],
)
def test_class_bounds_refuse_impossible_class_counts_naming_the_option(kwargs, message):
    with pytest.raises(ax_st.StrategyArgumentError, match=message) as info:
        class_bounds(**kwargs)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


def test_class_bounds_give_the_inclusive_range_and_take_keywords_only():
    assert class_bounds(n_classes=None, min_classes=2, max_classes=7) == (2, 7)
    assert class_bounds(n_classes=np.int64(4), min_classes=2, max_classes=3) == (4, 4)
    with pytest.raises(TypeError):
        class_bounds(None, 2, 7)  # type: ignore[misc]


def test_int_option_refuses_bools_and_values_below_the_minimum():
    assert int_option("count", np.int32(3), minimum=1) == 3
    for bad in (True, 0, "3", 2.5):
        with pytest.raises(ax_st.StrategyArgumentError, match=r"count=.*: expected an int >= 1"):
            int_option("count", bad, minimum=1)


def test_sampled_options_keep_equal_options_of_different_types_apart():
    floats = ax_st.sampled_options((1.0, 3.0))
    ints = ax_st.sampled_options([1, 3])
    assert ints is not floats
    assert ints is ax_st.sampled_options((1, 3))
    assert type(find(ints, lambda x: True, settings=REACH)) is int
    assert type(find(floats, lambda x: True, settings=REACH)) is float


def test_the_building_blocks_are_built_once_per_argument_tuple():
    assert ax_st.bounded_integers(0, 4) is ax_st.QUARTER_SHARES
    assert ax_st.bounded_floats(0.0, 1.0) is ax_st.bounded_floats(0.0, 1.0)
    assert ax_st.sampled_options([1, 2]) is ax_st.sampled_options((1, 2))
    assert ax_st.index_permutations(3) is ax_st.index_permutations(3)
    built = []

    @ax_st.reused
    def factory(n):
        built.append(n)
        return st.just(n)

    assert factory(2) is factory(2)
    assert built == [2]


@given(
    ax_st.numbers_of_classes(2, ax_st.DEFAULT_MAX_CLASSES).flatmap(
        lambda c: st.tuples(st.just(c), ax_st.index_permutations(c))
    )
)
def test_numbers_of_classes_stay_in_range_and_permutations_order_every_index(drawn):
    c, order = drawn
    assert 2 <= c <= ax_st.DEFAULT_MAX_CLASSES
    assert sorted(order) == list(range(c))


@st.composite
def _counts_of_sizes(draw, cap):
    size = draw(st.sampled_from([1, ax_st.CELL_BY_CELL, ax_st.CELL_BY_CELL + 1, 200]))
    return size, ax_st.draw_counts(draw, size, cap)


@given(st.sampled_from([1, ax_st.SMALL_COUNT, 10**6]).flatmap(_counts_of_sizes).map(tuple))
def test_draw_counts_give_int64_counts_of_the_size_asked_within_the_cap(drawn):
    size, counts = drawn
    assert counts.shape == (size,)
    assert counts.dtype == np.int64
    assert counts.min() >= 0
    assert counts.max() <= 10**6


def test_draw_counts_draw_a_large_array_as_a_whole_and_reach_the_cap():
    def at_cap(counts):
        return counts.max() == 10**6 and counts.min() == 0

    @st.composite
    def large(draw):
        return ax_st.draw_counts(draw, 200, 10**6)

    assert at_cap(find(large(), at_cap, settings=REACH))


# -- names that moved to their family ----------------------------------------------

MOVED = {
    "axiometrics.measures.oc.strategies": [
        "confusion_matrices",
        "label_assignments",
        "LabelAssignment",
        "improved_systems",
        "SystemImprovement",
        "Move",
        "few_item_improvements",
        "few_item_systems",
        "gold_item_moves",
        "GoldItemMoves",
    ],
    "axiometrics.measures.oq.strategies": [
        "distributions",
        "distribution_pairs",
        "orders_agree",
        "priority_preserving_estimates",
        "priority_violating_estimates",
        "one_hot_pairs",
        "OneHotPair",
        "mass_transfers",
        "MassTransfer",
        "TINY_PROBABILITIES",
        "NEAR_IDENTICAL_STEPS",
        "NEAR_TIE_GAPS",
        "TINY_MASS_STEPS",
    ],
}


@pytest.mark.parametrize(
    ("home", "name"), [(home, name) for home, names in MOVED.items() for name in names]
)
def test_a_moved_generator_names_its_new_home_where_it_is_public(home, name):
    with pytest.raises(AttributeError, match=rf"^axiometrics\.strategies\.{name} moved to {home}"):
        getattr(ax_st, name)
    module = importlib.import_module(home)
    assert name in module.__all__
    assert getattr(module, name) is not None


def test_confusion_matrices_moved_to_the_oc_and_nominal_strategies():
    from axiometrics.measures.nominal import strategies as nominal
    from axiometrics.measures.oc import strategies as oc

    with pytest.raises(AttributeError, match=r"\(and \.nominal\.strategies\)$"):
        ax_st.confusion_matrices  # noqa: B018
    assert nominal.confusion_matrices is oc.confusion_matrices


def test_an_unknown_name_suggests_the_nearest_names():
    with pytest.raises(AttributeError, match=r"no attribute 'class_valeus'; did you mean 'class_v"):
        ax_st.class_valeus  # noqa: B018
    with pytest.raises(AttributeError, match=r"no attribute '_reused'; did you mean 'reused'\?"):
        ax_st._reused  # noqa: B018
    with pytest.raises(AttributeError, match=r"no attribute 'zzz'$"):
        ax_st.zzz  # noqa: B018
    assert not hasattr(ax_st, "__path__")


def test_the_moved_names_are_not_in_the_shared_module():
    moved = {name for names in MOVED.values() for name in names}
    assert not moved & set(ax_st.__all__)
    assert not moved & set(vars(ax_st))
