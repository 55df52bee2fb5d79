"""The fused one-pass checks of the core give the results of the itemised ones.

Validation and the scoring contract take a fused one-pass route for plain
inputs; here each fused check is compared with the itemised one it
short-cuts, on one input and on batches.  The families' kernels are
compared with their written-out formulas next to each family
(``tests/measures/<family>/test_fast_paths.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics import (
    Evaluation,
    InvalidInputError,
    Measure,
    MeasureImplementationError,
    NotApplicable,
    Range,
    Registry,
)
from axiometrics.claims import claims_for_family
from axiometrics.confusion import validate_confusion_matrices
from axiometrics.distributions import validate_distributions
from axiometrics.scale import validate_values

# -- fused validation: same acceptance, same errors ------------------------------


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([[1.0, np.nan], [0, 1]], "matrices must hold finite counts (got NaN or inf)"),
        ([[1.0, np.inf], [0, 1]], "matrices must hold finite counts (got NaN or inf)"),
        ([[1.0, -0.5], [0, 1]], "matrices must hold non-negative counts (got minimum -0.5)"),
        ([[0.0, 0.0], [0, 0]], "matrices must contain at least one item (got N=0)"),
        ([[2.0**53, 2.0], [0, 0]], "matrices must hold at most 2**53"),
        ([[[1.0, 0], [0, 1]], [[0.0, 0], [0, 0]]], "(got N=0 at batch index (1,))"),
    ],
)
def test_invalid_counts_get_the_itemised_message(counts: list, message: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        validate_confusion_matrices(counts)
    assert message in str(info.value)


def test_plain_counts_pass_without_a_copy_and_an_empty_batch_passes() -> None:
    counts = np.array([[3.0, 1.0], [0.0, 2.0**52]])
    assert validate_confusion_matrices(counts) is counts
    assert validate_confusion_matrices(np.zeros((0, 3, 3))).shape == (0, 3, 3)


@given(st.floats(0.99985, 1.00015), st.floats(0.0, 1.0))
def test_distribution_sum_tolerance_is_decided_as_the_itemised_check_does(
    total: float, split: float
) -> None:
    p = np.array([total * split, total - total * split])
    if np.abs(p.sum() - 1.0) <= 1e-4:
        validate_distributions(p)
    else:
        with pytest.raises(InvalidInputError, match="must sum to 1"):
            validate_distributions(p)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0.0, np.nan, 2.0], "values must be finite"),
        ([0.0, np.inf, 2.0], "values must be finite"),
        ([-1e308, 0.0, 1e308], "values must span a finite range"),
        ([0.0, 2.0, 1.0], "values must be strictly increasing"),
        ([0.0, 1.0, 1.0], "values must be strictly increasing"),
    ],
)
def test_invalid_values_get_the_itemised_message(values: list[float], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        validate_values(values, 3)


# -- the scoring contract on one input and on batches -----------------------------


def _registry_with(compute: Callable[..., object]) -> Registry:
    registry = Registry()
    claims = {c.name: NotApplicable("a probe") for c in claims_for_family("oc")}
    measure = Measure("probe", "oc", True, Range(0.0, 1.0), claims=claims)
    registry.register(measure, compute, plugin="test")
    return registry


def test_a_nan_score_is_reported_on_one_input_and_on_a_batch() -> None:
    registry = _registry_with(lambda m, *, values: np.full(m.shape[:-2], np.nan))
    for counts in (np.eye(2), np.stack([np.eye(2)] * 3)):
        with pytest.raises(MeasureImplementationError, match="returned NaN or inf"):
            registry.get("probe")(counts)


def test_the_first_score_out_of_range_is_named() -> None:
    registry = _registry_with(lambda m, *, values: np.array([0.5, 3.0, 5.0]))
    with pytest.raises(MeasureImplementationError, match=r"returned 3\.0, outside"):
        registry.get("probe")(np.stack([np.eye(2)] * 3))


def test_scores_within_the_slack_are_clipped_to_the_range() -> None:
    registry = _registry_with(lambda m, *, values: np.array([1.0 + 1e-12, -1e-12]))
    assert registry.get("probe")(np.stack([np.eye(2)] * 2)).tolist() == [1.0, 0.0]
    single = _registry_with(lambda m, *, values: 1.0 + 1e-12)
    assert single.get("probe")(np.eye(2)) == 1.0


def test_undefined_entries_are_filled_and_the_rest_checked() -> None:
    def compute(m: np.ndarray, *, values: np.ndarray) -> Evaluation:
        return Evaluation(np.array([0.25, np.nan]), np.array([False, True]))

    scorer = _registry_with(compute).get("probe")
    batch = np.stack([np.eye(2)] * 2)
    assert scorer(batch, on_undefined=-7.0).tolist() == [0.25, -7.0]
    evaluation = scorer.evaluate(batch)
    assert evaluation.undefined.tolist() == [False, True]
    assert evaluation.scores.tolist() == [0.25, 0.0]


# -- the one-input route of the scoring contract -------------------------------------


def test_one_matrix_takes_the_float_route_and_scores_as_in_a_batch() -> None:
    m = np.array([[5.0, 1, 0], [2, 6, 1], [0, 1, 4]])
    for name in ("mae_micro", "accuracy", "kappa_linear", "cem_ord"):
        one = ax.score(name, m)
        assert type(one) is float
        assert one == float(ax.score(name, m[None])[0])


def test_a_single_matrix_above_2_to_the_52_items_passes_the_itemised_checks() -> None:
    counts = np.array([[2.0**52, 3.0], [0.0, 5.0]])
    assert validate_confusion_matrices(counts) is counts
