from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from axiometrics import strategies as ax_st
from axiometrics.errors import InvalidParameterError
from axiometrics.scale import ClassScale

FIND = settings(
    max_examples=3000,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
# Reaching a corner needs no shrinking (shrinking an 11-class matrix is slow).
REACH = settings(FIND, phases=[Phase.generate])


# -- option validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (ax_st.confusion_matrices, {"min_classes": 5, "max_classes": 3}),
        (ax_st.confusion_matrices, {"n_classes": 1}),
        (ax_st.confusion_matrices, {"max_count": 0}),
        (ax_st.class_counts, {"min_nonempty": 13}),
        (ax_st.class_counts, {"distinct_sizes": True, "max_count": 3}),
        (ax_st.distributions, {"kinds": ()}),
        (ax_st.distributions, {"kinds": ("gaussian",)}),
        (ax_st.distributions, {"kinds": ("one_hot",), "zero_bins": False}),
        (ax_st.class_values, {"spacing": "random"}),
        (ax_st.class_values, {"max_gap": 0}),
        (ax_st.increasing_transforms, {"kinds": ()}),
        (ax_st.label_assignments, {"min_items": 4, "max_items": 2}),
        (ax_st.gold_item_moves, {"n_classes": 2}),
        (ax_st.one_hot_pairs, {"max_classes": 2}),
    ],
)
def test_impossible_options_raise_an_invalid_argument_error(factory, kwargs):
    with pytest.raises(ax_st.StrategyArgumentError) as info:
        factory(**kwargs)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


def test_options_must_be_keywords():
    with pytest.raises(TypeError):
        ax_st.confusion_matrices(3)  # type: ignore[misc]


# -- validity -----------------------------------------------------------------------


@given(ax_st.confusion_matrices(max_classes=6))
def test_confusion_matrices_are_square_nonnegative_counts_with_items(m):
    assert m.ndim == 2
    assert m.shape[0] == m.shape[1]
    assert 2 <= m.shape[0] <= 6
    assert m.dtype == np.int64
    assert m.min() >= 0
    assert m.sum() > 0


@given(
    ax_st.confusion_matrices(max_classes=5, empty_gold_classes=False, empty_system_classes=False)
)
def test_confusion_matrices_without_empty_classes_fill_every_row_and_column(m):
    assert np.all(m.sum(axis=0) > 0)
    assert np.all(m.sum(axis=1) > 0)


@given(ax_st.distributions(max_classes=7))
def test_distributions_are_nonnegative_and_sum_to_one(p):
    assert p.min() >= 0
    assert abs(p.sum() - 1) < 1e-12


@given(ax_st.distribution_pairs(zero_bins=False, max_classes=5))
def test_distribution_pairs_share_the_classes_and_avoid_zero_bins_on_request(pair):
    system, gold = pair
    assert system.shape == gold.shape
    assert system.min() > 0
    assert gold.min() > 0


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


@given(ax_st.label_assignments(max_classes=4, max_items=10))
def test_label_assignments_match_their_confusion_matrix(labels):
    m = labels.matrix()
    assert m.sum() == labels.gold.size == labels.system.size
    assert np.array_equal(m.sum(axis=0), np.bincount(labels.gold, minlength=labels.n_classes))


@given(ax_st.class_counts(min_nonempty=2, distinct_sizes=True, max_classes=8, max_count=50))
def test_class_counts_can_require_distinct_nonempty_sizes(n):
    sizes = n[n > 0]
    assert sizes.size >= 2
    assert len(set(sizes.tolist())) == sizes.size
    assert n.max() <= 50


# -- claim-specific pairs ---------------------------------------------------------------


@given(ax_st.improved_systems(max_classes=5, max_count=20))
def test_improved_systems_move_items_toward_but_not_past_their_gold(pair):
    assert np.array_equal(pair.before.sum(axis=0), pair.after.sum(axis=0))
    assert not np.array_equal(pair.before, pair.after)
    assert pair.moves
    for mv in pair.moves:
        assert min(mv.source, mv.gold) <= mv.target <= max(mv.source, mv.gold)
        assert mv.target != mv.source
        assert mv.count >= 1


@given(ax_st.gold_item_moves(max_classes=6, max_count=30))
def test_gold_item_moves_take_one_item_from_contiguous_larger_and_smaller_classes(moves):
    n = moves.gold_counts
    assert abs(moves.c1 - moves.c2) == 1
    assert abs(moves.c3 - moves.c2) == 1
    assert moves.c1 != moves.c3
    assert n[moves.c1] > n[moves.c3] >= 1
    for m, c in ((moves.from_larger, moves.c1), (moves.from_smaller, moves.c3)):
        assert np.array_equal(m.sum(axis=0), n)
        assert m[moves.c2, c] == 1
        assert np.trace(m) == n.sum() - 1


@given(ax_st.priority_preserving_estimates(max_classes=6))
def test_priority_preserving_estimates_order_every_pair_of_bins_as_the_gold(pair):
    assert ax_st.orders_agree(*pair)


@given(ax_st.priority_violating_estimates(max_classes=6))
def test_priority_violating_estimates_disagree_on_some_pair_of_bins(pair):
    assert not ax_st.orders_agree(*pair)


@given(ax_st.one_hot_pairs(max_classes=7))
def test_one_hot_pairs_lie_on_one_side_of_all_gold_mass_with_a_nearer(pair):
    support = np.flatnonzero(pair.gold > 0)
    assert pair.nearer[pair.a] == 1
    assert pair.farther[pair.b] == 1
    below = pair.b < pair.a < support.min()
    above = pair.b > pair.a > support.max()
    assert below or above


@given(ax_st.mass_transfers(max_classes=7))
def test_mass_transfers_move_mass_one_bin_further_from_all_gold_mass(t):
    support = np.flatnonzero(t.gold > 0)
    assert abs(t.source - t.target) == 1
    assert t.amount > 0
    if t.target < t.source:
        assert t.source <= support.min()
    else:
        assert t.source >= support.max()
    assert np.isclose(t.after[t.target] - t.before[t.target], t.amount)
    assert abs(t.after.sum() - 1) < 1e-12


# -- corners are reached ----------------------------------------------------------------


def test_confusion_matrices_reach_empty_gold_classes_and_shrink_to_a_tiny_matrix():
    m = find(ax_st.confusion_matrices(), lambda m: np.any(m.sum(axis=0) == 0), settings=FIND)
    # Shrinking is heuristic: a single misplaced item in a matrix of at most 4 classes.
    assert m.shape[0] <= 4
    assert m.sum() == 1


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        ("constant system", lambda m: np.count_nonzero(m.sum(axis=1)) == 1 and m.shape[0] > 2),
        ("single-class gold", lambda m: np.count_nonzero(m.sum(axis=0)) == 1 and m.shape[0] > 2),
        ("11+ classes", lambda m: m.shape[0] >= 11),
        ("a count of 10^6", lambda m: m.max() == 10**6),
        (
            "extreme imbalance",
            lambda m: m.sum(axis=0).max() >= 1000 * max(1, m.sum(axis=0).min()),
        ),
        ("an empty system class", lambda m: np.any(m.sum(axis=1) == 0) and m.sum() > 3),
    ],
)
def test_confusion_matrices_reach_the_corners(description, condition):
    assert condition(find(ax_st.confusion_matrices(), condition, settings=REACH)), description


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        ("an exact zero bin", lambda p: np.any(p == 0) and np.count_nonzero(p) > 1),
        ("an exact tie", lambda p: p.size > 2 and len(set(p.tolist())) < p.size and p.min() > 0),
        ("one-hot", lambda p: np.count_nonzero(p) == 1),
        ("uniform", lambda p: p.size > 2 and np.all(p == p[0])),
        ("a tiny bin next to a huge one", lambda p: p.max() > 0.999 and 0 < p[p > 0].min() < 1e-5),
    ],
)
def test_distributions_reach_the_corners(description, condition):
    assert condition(find(ax_st.distributions(), condition, settings=REACH)), description


# -- the whole quantifier domain of each claim ------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (ax_st.scale_factors, {"min_factor": 0.0}),
        (ax_st.scale_factors, {"max_factor": 0.5}),
        (ax_st.scale_factors, {"max_factor": float("inf")}),
        (ax_st.scale_factors, {"min_factor": True}),
        (ax_st.class_value_pairs, {"min_classes": 5, "max_classes": 3}),
        (ax_st.few_item_improvements, {"n_classes": 1}),
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


@given(ax_st.few_item_improvements(empty_gold_classes=False, empty_system_classes=False))
def test_few_item_improvements_without_empty_classes_use_every_gold_class(imp):
    assert np.all(imp.before.sum(axis=0) > 0)
    assert imp.before.sum() <= imp.before.shape[0] + 3 + imp.before.shape[0]
    (move,) = imp.moves
    assert abs(move.target - move.gold) == abs(move.source - move.gold) - 1


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
        (
            "a subnormal probability",
            ax_st.distributions(),
            lambda p: np.any((p > 0) & (p < 1e-307)),
        ),
        (
            "a near-identical pair (max |p - q| <= 1e-8)",
            ax_st.distribution_pairs(),
            lambda pq: 0 < np.max(np.abs(pq[0] - pq[1])) <= 1e-8,
        ),
        (
            "a violation of a gold near-tie (gap < 1e-6)",
            ax_st.priority_violating_estimates(max_count=100),
            lambda pq: np.any(
                (np.abs(pq[1][:, None] - pq[1][None, :]) > 0)
                & (np.abs(pq[1][:, None] - pq[1][None, :]) < 1e-6)
            ),
        ),
        (
            "a gold near-tie kept by the estimate",
            ax_st.priority_preserving_estimates(max_count=100),
            lambda pq: np.any(
                (np.abs(pq[1][:, None] - pq[1][None, :]) > 0)
                & (np.abs(pq[1][:, None] - pq[1][None, :]) < 1e-6)
            ),
        ),
        (
            "a mass step of 1e-6 of a bin",
            ax_st.mass_transfers(max_count=100),
            lambda t: 0 < t.amount <= 1e-6 * max(t.before.max(), 1e-300) + 1e-18,
        ),
        (
            "one item moved one class in 1000+ items",
            ax_st.improved_systems(max_count=100),
            lambda s: s.before.sum() >= 1000 and len(s.moves) == 1 and s.moves[0].count == 1,
        ),
    ],
)
def test_generators_reach_the_corners_of_each_claims_domain(description, strategy, condition):
    assert condition(find(strategy, condition, settings=REACH)), description


# -- large arrays drawn as a whole --------------------------------------------------------


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        ("a zero cell next to a count of 10^6", lambda m: m.max() == 10**6 and m.min() == 0),
        ("only small counts", lambda m: 0 < m.max() <= ax_st.SMALL_COUNT and m.min() == 0),
        ("a count between 10 and 1000", lambda m: np.any((m >= 10) & (m <= 1000))),
        ("no zero cell", lambda m: m.min() > 0),
    ],
)
def test_matrices_of_ten_classes_drawn_as_a_whole_still_reach_the_corners(description, condition):
    big = ax_st.confusion_matrices(min_classes=10)
    assert condition(find(big, condition, settings=REACH)), description


def test_a_matrix_drawn_as_a_whole_shrinks_to_a_single_item():
    m = find(ax_st.confusion_matrices(n_classes=6), lambda m: True, settings=FIND)
    assert m.sum() == 1


@given(ax_st.confusion_matrices(min_classes=5))
def test_a_matrix_of_five_or_more_classes_costs_a_handful_of_choices(m):
    from hypothesis.control import current_build_context

    # Counts are expanded from a few draws, not drawn cell by cell (a 12-class
    # matrix drawn cell by cell costs 288 choices).
    choices = len(current_build_context().data.choices)
    assert choices <= 32, (m.shape, choices)


@given(
    st.integers(2, 6).flatmap(
        lambda c: ax_st.few_item_systems(
            n_classes=c, count=5, empty_gold_classes=False, empty_system_classes=False
        )
    )
)
def test_few_item_systems_without_empty_classes_use_every_class_with_a_handful_of_items(batch):
    c = batch.shape[-1]
    assert batch.shape == (5, c, c)
    assert np.all(batch.sum(axis=1) > 0)
    assert np.all(batch.sum(axis=2) > 0)
    assert np.all(batch.sum(axis=(1, 2)) <= 2 * c + 4)


def test_few_item_systems_include_all_wrong_systems_of_six_items_using_every_class():
    def all_wrong(batch):
        return any(np.trace(m) == 0 and m.sum() >= 6 and np.all(m.sum(axis=0) > 0) for m in batch)

    strategy = ax_st.few_item_systems(
        n_classes=3, empty_gold_classes=False, empty_system_classes=False
    )
    assert all_wrong(find(strategy, all_wrong, settings=REACH))
