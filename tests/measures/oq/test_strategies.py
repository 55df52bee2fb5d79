"""The strategies of the ordinal-quantification (OQ) claims."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError
from axiometrics.measures.oq import strategies as oq_st
from axiometrics.strategies import StrategyArgumentError

FIND = settings(
    max_examples=3000, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
# Reaching a corner needs no shrinking.
REACH = settings(FIND, phases=[Phase.generate])


# -- option validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (oq_st.distributions, {"kinds": ()}),
        (oq_st.distributions, {"kinds": ("gaussian",)}),
        (oq_st.distributions, {"kinds": ("one_hot",), "zero_bins": False}),
        (oq_st.one_hot_pairs, {"max_classes": 2}),
    ],
)
def test_impossible_options_raise_an_invalid_argument_error(factory, kwargs):
    with pytest.raises(StrategyArgumentError) as info:
        factory(**kwargs)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


# -- validity -----------------------------------------------------------------------


@given(oq_st.distributions(max_classes=7))
def test_distributions_are_nonnegative_and_sum_to_one(p):
    assert p.min() >= 0
    assert abs(p.sum() - 1) < 1e-12


@given(oq_st.distribution_pairs(zero_bins=False, max_classes=5))
def test_distribution_pairs_share_the_classes_and_avoid_zero_bins_on_request(pair):
    system, gold = pair
    assert system.shape == gold.shape
    assert system.min() > 0
    assert gold.min() > 0


# -- claim-specific pairs ---------------------------------------------------------------


@given(oq_st.priority_preserving_estimates(max_classes=6))
def test_priority_preserving_estimates_order_every_pair_of_bins_as_the_gold(pair):
    assert oq_st.orders_agree(*pair)


@given(oq_st.priority_violating_estimates(max_classes=6))
def test_priority_violating_estimates_disagree_on_some_pair_of_bins(pair):
    assert not oq_st.orders_agree(*pair)


@given(oq_st.one_hot_pairs(max_classes=7))
def test_one_hot_pairs_lie_on_one_side_of_all_gold_mass_with_a_nearer(pair):
    support = np.flatnonzero(pair.gold > 0)
    assert pair.nearer[pair.a] == 1
    assert pair.farther[pair.b] == 1
    below = pair.b < pair.a < support.min()
    above = pair.b > pair.a > support.max()
    assert below or above


@given(oq_st.mass_transfers(max_classes=7))
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
    assert condition(find(oq_st.distributions(), condition, settings=REACH)), description


# -- the whole quantifier domain of each claim ------------------------------------------


def _near_tie(pq):
    gaps = np.abs(pq[1][:, None] - pq[1][None, :])
    return np.any((gaps > 0) & (gaps < 1e-6))


@pytest.mark.parametrize(
    ("description", "strategy", "condition"),
    [
        (
            "a subnormal probability",
            oq_st.distributions(),
            lambda p: np.any((p > 0) & (p < 1e-307)),
        ),
        (
            "a near-identical pair (max |p - q| <= 1e-8)",
            oq_st.distribution_pairs(),
            lambda pq: 0 < np.max(np.abs(pq[0] - pq[1])) <= 1e-8,
        ),
        (
            "a violation of a gold near-tie (gap < 1e-6)",
            oq_st.priority_violating_estimates(max_count=100),
            _near_tie,
        ),
        (
            "a gold near-tie kept by the estimate",
            oq_st.priority_preserving_estimates(max_count=100),
            _near_tie,
        ),
        (
            "a mass step of 1e-6 of a bin",
            oq_st.mass_transfers(max_count=100),
            lambda t: 0 < t.amount <= 1e-6 * max(t.before.max(), 1e-300) + 1e-18,
        ),
    ],
)
def test_generators_reach_the_corners_of_each_claims_domain(description, strategy, condition):
    assert condition(find(strategy, condition, settings=REACH)), description
