"""The checker on the scored family: every claim confirmed or refuted as each measure declares."""

from __future__ import annotations

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
from axiometrics.measures.scored.procedures import keeps_order

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
#: Most items a shrunk counterexample may hold.
HANDFUL = 8


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


@pytest.mark.slow
@pytest.mark.parametrize("name", MEASURES)
def test_the_checker_agrees_with_every_declaration_and_shrinks_counterexamples(name: str) -> None:
    report = check(name, CLAIM_NAMES, seed=0)
    assert report.failures == (), report.render()
    for claim in CLAIM_NAMES:
        result = report.result(claim)
        declared = report.verdict(claim)
        expected = Outcome.NOT_REFUTED if isinstance(result.declared, Holds) else Outcome.REFUTED
        assert declared.outcome is expected, (name, claim, declared.summary())
        if declared.outcome is Outcome.REFUTED:
            assert declared.example is not None
            sizes = [e.inputs[0].size for e in declared.example.entries]
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
        lambda sy: np.unique(sy[0]).size > 1 and np.ptp(sy[0]) < 1e-14,  # adjacent
        lambda sy: sy[1].min() == sy[1].max(),  # one class only
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
    ],
)
def test_scored_inputs_reach_the_corner_cases(condition) -> None:
    _found(sst.scored_inputs(), condition)


def test_separated_inputs_put_every_positive_above_every_negative() -> None:
    @settings(max_examples=200, database=None)
    @given(sst.separated_inputs())
    def inner(sy) -> None:
        scores, gold = sy
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

    inner()


def test_increasing_score_transforms_keep_the_order_on_moderate_scores() -> None:
    @settings(max_examples=100, database=None)
    @given(sst.increasing_score_transforms())
    def inner(f) -> None:
        s = np.array([-2.0, -0.5, 0.0, 0.25, 0.25, 1.0, 7.0])
        assert keeps_order(s, f(s)), str(f)

    inner()


@pytest.mark.parametrize(
    "make",
    [
        lambda: sst.scored_inputs(min_items=5, max_items=3),
        lambda: sst.scored_inputs(min_items=1, both_classes=True),
        lambda: sst.scored_inputs(regimes=("grid", "nope")),
        lambda: sst.scored_inputs(regimes="grid"),
        lambda: sst.separated_inputs(regimes=("tied",)),
        lambda: sst.discordant_swaps(min_items=1),
        lambda: sst.discordant_swaps(max_level=0),
        lambda: sst.gold_vectors(n_items=1),
        lambda: sst.increasing_score_transforms(kinds=()),
    ],
)
def test_impossible_options_raise_invalid_argument(make) -> None:
    with pytest.raises(InvalidArgument):
        make()
