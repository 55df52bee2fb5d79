"""The regression claims: entry point contents, degrees, and every Violated note's counterexample."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.claims import Precondition, ProcedureFor, get_claim
from axiometrics.measures.regression.claims import CLAIMS, DEGREES, any_input


def a(*xs):
    return np.array(xs, dtype=float)


def test_the_entry_point_adopts_shared_claims_and_lists_the_degrees(registry):
    adopted = {item.claim for item in CLAIMS if isinstance(item, ProcedureFor)}
    assert adopted == {"symmetry", "identity", "well_defined", "item_order_invariance"}
    degrees = {item.name for item in CLAIMS if isinstance(item, Precondition)}
    assert degrees == {f"degree_{d}" for d in DEGREES}
    for name in ("symmetry", "identity", "well_defined", "item_order_invariance"):
        assert get_claim(name).has_procedure("regression")


def test_the_degree_preconditions_restrict_nothing():
    assert any_input(np.ones((2, 3)), np.ones(3), np.ones(3)).tolist() == [True, True]


def test_scale_homogeneity_degrees_are_declared_per_measure(registry):
    expected = {"mean_squared_error": 2, "mean_absolute_error": 1, "r2": 0, "pearsonr": 0}
    for name, d in expected.items():
        declared = registry.get(name).measure.claims["scale_homogeneity"]
        assert declared.preconditions == (f"degree_{d}",)


# (measure, claim, first input, second input, relation of the second score to the first)
COUNTEREXAMPLES = [
    ("mean_squared_error", "prediction_affine_invariance", (a(0), a(1)), (a(0), a(2)), "differ"),
    ("mean_squared_error", "bounded_influence", (a(0, 0), a(0, 2)), (a(0, 0), a(0, 3)), "differ"),
    ("median_absolute_error", "identity", (a(0, 0, 0), a(0, 0, 1)), None, 0.0),
    (
        "median_absolute_error",
        "error_monotonicity",
        (a(0, 0, 0), a(0, 0, 2)),
        (a(0, 0, 0), a(0, 0, 1)),
        "equal",
    ),
    (
        "median_absolute_error",
        "bounded_influence",
        (a(0, 0, 10), a(0, 5, 11)),
        (a(0, 0, 10), a(0, 5, 100)),
        "differ",
    ),
    ("max_error", "error_monotonicity", (a(0, 0), a(2, 1)), (a(0, 0), a(2, 0.5)), "equal"),
    (
        "mean_absolute_percentage_error",
        "symmetry",
        (a(1, 2), a(2, 2)),
        (a(2, 2), a(1, 2)),
        "differ",
    ),
    (
        "mean_absolute_percentage_error",
        "translation_invariance",
        (a(1, 2), a(2, 2)),
        (a(2, 3), a(3, 3)),
        "differ",
    ),
    ("mean_squared_log_error", "translation_invariance", (a(0), a(1)), (a(1), a(2)), "differ"),
    ("mean_squared_log_error", "scale_homogeneity", (a(0), a(1)), (a(0), a(2)), "differ"),
    ("r2", "symmetry", (a(0, 1), a(0, 3)), (a(0, 3), a(0, 1)), "differ"),
    ("r2", "prediction_affine_invariance", (a(0, 1), a(0, 1)), (a(0, 1), a(0, 2)), "differ"),
    ("explained_variance", "identity", (a(0, 1), a(1, 2)), None, 1.0),
    ("explained_variance", "error_monotonicity", (a(0, 1), a(1, 2)), (a(0, 1), a(0.5, 2)), "worse"),
    ("d2_absolute_error", "symmetry", (a(0, 1), a(0, 3)), (a(0, 3), a(0, 1)), "differ"),
    (
        "pearsonr",
        "prediction_monotone_invariance",
        (a(0, 1, 2), a(0, 1, 2)),
        (a(0, 1, 2), a(0, 1, 8)),
        "differ",
    ),
    ("pearsonr", "identity", (a(0, 1, 2), a(0, 2, 4)), None, 1.0),
    ("pearsonr", "error_monotonicity", (a(0, 1), a(1, 2)), (a(0, 1), a(0.5, 2)), "equal"),
    ("pearsonr", "bounded_influence", (a(0, 1, 2), a(0, 1, 3)), (a(0, 1, 2), a(0, 1, 4)), "differ"),
    ("spearmanr", "identity", (a(0, 1, 2), a(0, 2, 4)), None, 1.0),
    ("kendalltau", "identity", (a(0, 1, 2), a(0, 2, 4)), None, 1.0),
    (
        "concordance_correlation",
        "error_monotonicity",
        (a(0, 0), a(0, 1)),
        (a(0, 0), a(0, 0.5)),
        "equal",
    ),
    (
        "concordance_correlation",
        "prediction_affine_invariance",
        (a(0, 1), a(0, 1)),
        (a(0, 1), a(0, 2)),
        "differ",
    ),
]


@pytest.mark.parametrize(("name", "claim", "first", "second", "relation"), COUNTEREXAMPLES)
def test_the_counterexamples_of_the_violated_notes(registry, name, claim, first, second, relation):
    scorer = registry.get(name)
    assert registry.get(name).measure.claims[claim].status == "violated"
    before = scorer(*first)
    if second is None:
        assert before == pytest.approx(relation)
        return
    after = scorer(*second)
    if relation == "equal":
        assert after == pytest.approx(before)
    elif relation == "worse":
        assert after < before
    else:
        assert after != pytest.approx(before)


def test_r2_is_minus_three_for_the_reversed_example(registry):
    assert registry.get("r2")(a(1, 2, 3, 4), a(4, 3, 2, 1)) == -3.0
