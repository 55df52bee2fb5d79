"""Ordinal-classification claim procedures: the corners their cases reach."""

from __future__ import annotations

import numpy as np

from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim


def _straddles_zero(values: np.ndarray) -> bool:
    return bool(values.min() < 0 < values.max())


def _far_items(matrix: np.ndarray) -> int:
    c = matrix.shape[0]
    far = np.abs(np.arange(c)[:, None] - np.arange(c)[None, :]) >= 2
    return int(matrix[far].sum())


def test_ordinal_invariance_cases_often_hold_values_straddling_zero_and_far_items():
    cases = sample_cases(get_claim("ordinal_invariance"), "oc", n=200, seed_value=0)
    straddling = sum(_straddles_zero(case.values[1]) for case in cases)
    far = sum(_far_items(case.inputs[0][0]) > 0 for case in cases)
    both = sum(
        _straddles_zero(case.values[1]) and _far_items(case.inputs[0][0]) > 0 for case in cases
    )
    # Documented shares: about a fifth of the transforms straddle zero, and a
    # quarter of the 3+-class matrices get an item two or more classes off.
    assert straddling >= 30
    assert far >= 100
    assert both >= 20


def test_ordinal_invariance_cases_score_one_matrix_under_two_orders_of_values():
    for case in sample_cases(get_claim("ordinal_invariance"), "oc", n=50, seed_value=1):
        (stacked,) = case.inputs
        np.testing.assert_array_equal(stacked[0], stacked[1])
        v, w = case.values
        assert np.all(np.diff(v) > 0)
        assert np.all(np.diff(w) > 0)
