from __future__ import annotations

import math

import pytest

from axiometrics.checker import DEFAULT_ATOL, DEFAULT_RTOL, Judge, Tolerance
from axiometrics.errors import InvalidParameterError


def test_equality_uses_absolute_plus_relative_tolerance():
    tol = Tolerance(atol=1e-3, rtol=1e-2)
    assert tol.equal(100.0, 101.0)  # bound 1e-3 + 1.01
    assert not tol.equal(100.0, 102.0)
    assert tol.equal(0.0, 1e-3)
    assert not tol.equal(0.0, 2e-3)


def test_default_tolerance_absorbs_rounding_noise_but_not_one_part_in_a_billion():
    tol = Tolerance()
    a = 0.1 + 0.2
    assert tol.equal(a, 0.3)
    assert tol.equal(sum([0.1] * 10), 1.0)
    assert not tol.equal(1.0, 1.0 + 1e-9)
    assert (tol.atol, tol.rtol) == (DEFAULT_ATOL, DEFAULT_RTOL)


def test_strictly_better_follows_the_direction_and_needs_more_than_the_tolerance():
    score = Judge(Tolerance(atol=0.0, rtol=1e-12), higher_is_better=True)
    error = Judge(Tolerance(atol=0.0, rtol=1e-12), higher_is_better=False)
    assert score.better(1.0, 0.5)
    assert not score.better(0.5, 1.0)
    assert error.better(0.5, 1.0)
    assert not error.better(1.0, 0.5)
    assert not score.better(1.0 + 2**-50, 1.0)  # within the tolerance: a tie
    assert score.compare(1.0 + 2**-50, 1.0) == "equal"
    assert error.compare(2.0, 1.0) == "worse"


def test_a_tolerance_coarser_than_a_genuine_difference_leaves_near_ties_unresolved():
    float32 = Judge(Tolerance(atol=1e-6, rtol=1e-5), higher_is_better=True)
    assert not Tolerance(atol=1e-6, rtol=1e-5).resolves_ties
    assert Tolerance().resolves_ties
    # A difference within the bound may be rounding of a genuine one: undecided.
    assert float32.compare(1.0 + 1e-7, 1.0) == "unresolved"
    assert float32.compare(1.0, 1.0 + 1e-7) == "unresolved"
    # Identical scores are a tie at any precision; beyond the bound is decided.
    assert float32.compare(0.5, 0.5) == "equal"
    assert float32.compare(1.0 + 1e-4, 1.0) == "better"
    assert float32.compare(1.0, 1.0 + 1e-4) == "worse"


@pytest.mark.parametrize("bad", [-1e-9, math.nan, math.inf, "0.1", True])
def test_tolerances_must_be_finite_nonnegative_numbers(bad):
    with pytest.raises(InvalidParameterError, match="expected a finite number >= 0"):
        Tolerance(atol=bad)
