"""The strategies of the ordinal-classification (OC) claims."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError
from axiometrics.measures.oc import strategies as oc_st
from axiometrics.strategies import StrategyArgumentError

FIND = settings(
    max_examples=3000, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
# Reaching a corner needs no shrinking.
REACH = settings(FIND, phases=[Phase.generate])


# -- option validation ------------------------------------------------------------


def test_impossible_options_raise_an_invalid_argument_error():
    with pytest.raises(StrategyArgumentError) as info:
        oc_st.gold_item_moves(n_classes=2)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


def test_impossible_domain_options_raise_an_invalid_argument_error():
    with pytest.raises(StrategyArgumentError) as info:
        oc_st.few_item_improvements(n_classes=1)
    assert isinstance(info.value, InvalidArgument)


# -- claim-specific pairs ---------------------------------------------------------------


@given(oc_st.improved_systems(max_classes=5, max_count=20))
def test_improved_systems_move_items_toward_but_not_past_their_gold(pair):
    assert np.array_equal(pair.before.sum(axis=0), pair.after.sum(axis=0))
    assert not np.array_equal(pair.before, pair.after)
    assert pair.moves
    for mv in pair.moves:
        assert min(mv.source, mv.gold) <= mv.target <= max(mv.source, mv.gold)
        assert mv.target != mv.source
        assert mv.count >= 1


@given(oc_st.gold_item_moves(max_classes=6, max_count=30))
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


# -- the whole quantifier domain of each claim ------------------------------------------


@given(oc_st.few_item_improvements(empty_gold_classes=False, empty_system_classes=False))
def test_few_item_improvements_without_empty_classes_use_every_gold_class(imp):
    assert np.all(imp.before.sum(axis=0) > 0)
    assert imp.before.sum() <= imp.before.shape[0] + 3 + imp.before.shape[0]
    (move,) = imp.moves
    assert abs(move.target - move.gold) == abs(move.source - move.gold) - 1


def test_improved_systems_reach_one_item_moved_one_class_in_1000_items():
    def condition(s):
        return s.before.sum() >= 1000 and len(s.moves) == 1 and s.moves[0].count == 1

    assert condition(find(oc_st.improved_systems(max_count=100), condition, settings=REACH))


@given(
    st.integers(2, 6).flatmap(
        lambda c: oc_st.few_item_systems(
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

    strategy = oc_st.few_item_systems(
        n_classes=3, empty_gold_classes=False, empty_system_classes=False
    )
    assert all_wrong(find(strategy, all_wrong, settings=REACH))
