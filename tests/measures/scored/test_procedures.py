"""The checker on the scored family: every claim confirmed or refuted as each measure declares."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import find, given, settings
from hypothesis.errors import InvalidArgument

import axiometrics as ax
from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import ProcedureFor, claims_for_family, required_claims_for_family
from axiometrics.declarations import Holds, Violated
from axiometrics.measures.scored import strategies as sst
from axiometrics.measures.scored.claims import CLAIMS, distinct_scores
from axiometrics.measures.scored.procedures import (
    MAX_REPEAT,
    MAX_REPEATED_ITEMS,
    keeps_order,
)

MEASURES = (
    "roc_auc",
    "average_precision",
    "precision_at_k",
    "r_precision",
    "log_loss",
    "brier",
    "f1_at",
)
CLAIM_NAMES = (
    "monotone_transform_invariance",
    "swap_monotonicity",
    "prevalence_invariance",
    "label_flip_symmetry",
    "item_order_invariance",
    "identity",
    "well_defined",
)
#: Most items a shrunk counterexample may hold: a few-items input, or the
#: smallest input of the ``tens`` size regime where a counterexample found in
#: a larger input cannot shrink to its core alone (11 or 12 items).
HANDFUL = sst.FEW_ITEMS


def test_every_scored_measure_declares_every_claim_of_its_family() -> None:
    ax.default_registry()
    required = {c.name for c in required_claims_for_family("scored")}
    assert required >= set(CLAIM_NAMES)
    assert {c.name for c in claims_for_family("scored")} >= set(CLAIM_NAMES)
    for name in MEASURES:
        measure = ax.get_measure(name)
        for claim in CLAIM_NAMES:
            assert isinstance(measure.claims[claim], Holds | Violated), (name, claim)


def test_the_entry_point_lists_the_claims_and_the_distinct_scores_precondition() -> None:
    names = {item.name for item in CLAIMS if not isinstance(item, ProcedureFor)}
    assert {"monotone_transform_invariance", "distinct_scores"} <= names
    assert ax.claims.get_claim("identity").has_procedure("scored")
    assert ax.claims.get_claim("well_defined").has_procedure("scored")


@pytest.mark.parametrize("name", MEASURES)
def test_the_checker_agrees_with_every_declaration_and_shrinks_counterexamples(
    committed: Any, name: str
) -> None:
    # The committed report's verdicts (tests/measures/conftest.py): re-checked there, not here.
    rows = committed.rows(name)
    measure = ax.get_measure(name)
    for claim in CLAIM_NAMES:
        row = rows[claim]
        assert row["mismatch"] is None, (name, claim, row["summary"])
        holds = isinstance(measure.declaration(claim), Holds)
        expected = Outcome.NOT_REFUTED if holds else Outcome.REFUTED
        assert row["outcome"] == expected.value, (name, claim, row["summary"])
        if row["outcome"] == Outcome.REFUTED.value:
            sizes = [inputs[0].size for inputs in committed.inputs(row)]
            assert max(sizes) <= HANDFUL, (name, claim, sizes)


def test_average_precision_swap_monotonicity_needs_distinct_scores() -> None:
    report = check("average_precision", ["swap_monotonicity"], seed=0)
    result = report.result("swap_monotonicity")
    assert result.verdict.preconditions == ("distinct_scores",)
    assert result.verdict.outcome is Outcome.NOT_REFUTED
    unrestricted = [v for v in result.variants if v.preconditions == ()]
    assert [v.outcome for v in unrestricted] == [Outcome.REFUTED]


def test_distinct_scores_is_a_batched_predicate() -> None:
    scores = np.array([[0.1, 0.2, 0.3], [0.1, 0.1, 0.3]])
    assert distinct_scores(scores, np.array([0, 1, 0])).tolist() == [True, False]


def test_keeps_order_detects_merged_or_overflowing_scores() -> None:
    s = np.array([1.0, 1.0 + 2**-52, 3.0])
    assert keeps_order(s, 2 * s)
    assert not keeps_order(s, np.array([1.0, 1.0, 3.0]))
    assert not keeps_order(s, np.array([1.0, 2.0, np.inf]))
    assert keeps_order(np.array([2.0, 2.0]), np.array([5.0, 5.0]))


def _found(strategy, condition) -> None:
    find(strategy, condition, settings=settings(max_examples=2000, database=None))


@pytest.mark.parametrize(
    "condition",
    [
        lambda sy: sy[0].size > 2 and np.unique(sy[0]).size == 1,  # all tied
        lambda sy: np.unique(sy[0]).size < sy[0].size - 1,  # several ties
        lambda sy: sy[1].sum() == 1 and sy[1].size >= 6,  # one positive among many negatives
        lambda sy: sy[1].sum() == sy[1].size - 1 and sy[1].size >= 6,  # one negative
        lambda sy: np.max(np.abs(sy[0])) > 1e299,  # huge
        lambda sy: 0 < np.max(np.abs(sy[0])) < 1e-299,  # tiny
        lambda sy: (
            np.unique(sy[0]).size > 1 and np.ptp(sy[0] / 2) < 5e-15
        ),  # adjacent (halved: no overflow)
        lambda sy: sy[1].min() == sy[1].max(),  # one class only
        lambda sy: sy[0].size == 1,  # a single item
        lambda sy: sy[0].size > 1000,  # past a cap at 1000
        lambda sy: sy[1].sum() == 1 and sy[1].size >= 1000,  # one positive in 1000
        lambda sy: np.max(np.abs(sy[0])) == np.finfo(float).max,  # the largest float
    ],
    ids=[
        "all_tied",
        "ties",
        "one_positive",
        "one_negative",
        "huge",
        "tiny",
        "adjacent",
        "one_class",
        "one_item",
        "thousand",
        "one_in_a_thousand",
        "largest_float",
    ],
)
def test_scored_inputs_reach_the_corner_cases(condition) -> None:
    _found(sst.scored_inputs(), condition)


def test_separated_inputs_put_every_positive_above_every_negative() -> None:
    @settings(max_examples=200, database=None)
    @given(sst.separated_inputs())
    def inner(sy) -> None:
        scores, gold = sy
        assert np.all(np.isfinite(scores))
        assert scores[gold == 1].min() > scores[gold == 0].max()

    inner()


def test_discordant_swaps_exchange_a_positive_below_a_negative() -> None:
    @settings(max_examples=200, database=None)
    @given(sst.discordant_swaps())
    def inner(sw) -> None:
        assert sw.gold[sw.positive] == 1
        assert sw.gold[sw.negative] == 0
        assert sw.before[sw.negative] > sw.before[sw.positive]
        assert sw.after[sw.positive] == sw.before[sw.negative]
        assert np.sum(sw.after != sw.before) == 2
        assert np.all(np.isfinite(sw.before))

    inner()


def test_increasing_score_transforms_keep_the_order_on_moderate_scores() -> None:
    @settings(max_examples=100, database=None)
    @given(sst.increasing_score_transforms())
    def inner(f) -> None:
        s = np.array([-2.0, -0.5, 0.0, 0.25, 0.25, 1.0, 7.0])
        assert keeps_order(s, f(s)), str(f)

    inner()


def test_keeps_order_compares_neighbours_without_overflow() -> None:
    big = np.finfo(float).max
    with np.errstate(over="raise"):
        assert keeps_order(np.array([-big, big]), np.array([0.0, 1.0]))
        assert not keeps_order(np.array([-big, big]), np.array([1.0, 1.0]))


@pytest.mark.parametrize(
    "make",
    [
        lambda: sst.scored_inputs(min_items=5, max_items=3),
        lambda: sst.scored_inputs(min_items=1, both_classes=True),
        lambda: sst.scored_inputs(regimes=("grid", "nope")),
        lambda: sst.scored_inputs(regimes="grid"),
        lambda: sst.separated_inputs(regimes=()),
        lambda: sst.discordant_swaps(min_items=1),
        lambda: sst.discordant_swaps(sizes=("one",)),
        lambda: sst.gold_vectors(n_items=1),
        lambda: sst.increasing_score_transforms(kinds=()),
    ],
)
def test_impossible_options_raise_invalid_argument(make) -> None:
    with pytest.raises(InvalidArgument):
        make()


# -- the procedures reach every corner of their claim's domain ------------------------------------


def _cases(claim: str):
    return ax.claims.get_claim(claim).procedure("scored").cases(ax.checker.CaseRequest("scored"))


def _soon(strategy, condition) -> None:
    find(strategy, condition, settings=settings(max_examples=500, database=None, derandomize=True))


def test_the_prevalence_cases_repeat_the_positives_by_large_factors_within_the_item_cap() -> None:
    strategy = _cases("prevalence_invariance")
    for k in (2, 11, 256, MAX_REPEAT):
        _soon(strategy, lambda c, k=k: c.info["k"] == str(k))

    @settings(max_examples=150, database=None)
    @given(strategy)
    def inner(case) -> None:
        (s, y), (more, _) = case.entry(0), case.entry(1)
        k = int(case.info["k"])
        assert 2 <= k <= MAX_REPEAT
        assert more.size == s.size + (k - 1) * int(y.sum())
        assert more.size <= MAX_REPEATED_ITEMS or k == 2
        assert 0 < y.sum() < y.size

    inner()
    _soon(strategy, lambda c: c.entry(1)[0].size > 1000)


def test_the_well_defined_cases_include_single_items_and_a_thousand_items() -> None:
    strategy = _cases("well_defined")
    _soon(strategy, lambda c: c.entry(0)[0].size == 1)
    _soon(strategy, lambda c: c.entry(0)[0].size > 1000)
    _soon(strategy, lambda c: np.abs(c.entry(0)[0]).max() == np.finfo(float).max)
    _soon(
        strategy, lambda c: np.any((np.abs(c.entry(0)[0]) > 0) & (np.abs(c.entry(0)[0]) < 1e-307))
    )


def test_the_swap_cases_include_adjacent_floats_and_tiny_probabilities() -> None:
    strategy = _cases("swap_monotonicity")

    def adjacent(case) -> bool:
        before, after = case.entry(0)[0], case.entry(1)[0]
        moved = np.flatnonzero(before != after)
        a, b = sorted(before[moved])
        return bool(np.nextafter(a, np.inf) == b)

    _soon(strategy, adjacent)
    _soon(strategy, lambda c: 0 < c.entry(0)[0][c.entry(0)[0] != c.entry(1)[0]].max() < 1e-7)
    _soon(strategy, lambda c: c.entry(0)[0].size > 100)


def test_the_item_order_cases_permute_hundreds_of_items_from_a_seed() -> None:
    strategy = _cases("item_order_invariance")
    _soon(strategy, lambda c: c.entry(0)[0].size > 100 and "seed" in c.info["permutation"])


def test_the_monotone_cases_map_scores_into_subnormals_and_next_to_the_largest_float() -> None:
    strategy = _cases("monotone_transform_invariance")
    _soon(strategy, lambda c: 0 < c.entry(1)[0].max() < 1e-307)
    _soon(strategy, lambda c: c.entry(1)[0].max() == np.finfo(float).max)


def test_the_identity_cases_separate_by_one_ulp_and_hold_one_positive_in_a_thousand() -> None:
    strategy = _cases("identity")

    def one_ulp(case) -> bool:
        s, y = case.entry(0)
        return bool(s[y == 1].min() == np.nextafter(s[y == 0].max(), np.inf))

    _soon(strategy, one_ulp)
    _soon(strategy, lambda c: c.entry(0)[1].sum() == 1 and c.entry(0)[1].size >= 1000)
    _soon(strategy, lambda c: c.entry(0)[1].sum() > 10)
