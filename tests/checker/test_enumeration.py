"""The combinatorics the families' enumerators share (axiometrics.checker.enumeration)."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from axiometrics.checker.enumeration import (
    INTEGER_VALUE_GRID,
    SCALE_FACTORS,
    VALUE_GRID,
    binary_vectors,
    composition_count,
    compositions,
    fubini,
    increasing_vectors,
    tie_patterns,
)


@pytest.mark.parametrize(("total", "parts"), [(0, 1), (0, 4), (1, 4), (3, 4), (5, 9), (4, 16)])
def test_compositions_are_every_placement_of_the_units_once(total, parts):
    found = compositions(total, parts)
    assert found.shape == (comb(total + parts - 1, parts - 1), parts)
    assert len(found) == composition_count(total, parts)
    assert np.all(found >= 0)
    assert np.all(found.sum(axis=1) == total)
    assert len({row.tobytes() for row in found}) == len(found)


def test_impossible_compositions_are_refused():
    with pytest.raises(ValueError, match="total=-1"):
        compositions(-1, 3)
    with pytest.raises(ValueError, match="parts=0"):
        compositions(2, 0)


@pytest.mark.parametrize("length", [1, 2, 3, 4])
def test_increasing_vectors_are_every_strictly_increasing_choice_of_the_grid(length):
    found = increasing_vectors(length, VALUE_GRID)
    assert found.shape == (comb(len(VALUE_GRID), length), length)
    assert np.all(np.diff(found, axis=1) > 0)
    assert len({row.tobytes() for row in found}) == len(found)


def test_the_grids_hold_the_corners_they_promise():
    assert min(VALUE_GRID) < 0 < max(VALUE_GRID)
    assert any(0 < b - a < 1e-6 for a, b in itertools.pairwise(VALUE_GRID))
    assert all(float(v).is_integer() for v in INTEGER_VALUE_GRID)
    assert min(SCALE_FACTORS) < 1 < max(SCALE_FACTORS)
    assert any(not float(k).is_integer() for k in SCALE_FACTORS if k > 1 / 2)


def test_binary_vectors_are_every_labelling():
    found = binary_vectors(3)
    assert found.shape == (8, 3)
    assert {tuple(r) for r in found} == {(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)}


def test_tie_patterns_are_the_weak_orders_counted_by_the_fubini_numbers():
    assert [fubini(n) for n in range(7)] == [1, 1, 3, 13, 75, 541, 4683]
    assert tie_patterns(0).shape == (1, 0)
    for n in range(1, 6):
        found = tie_patterns(n)
        assert len(found) == fubini(n)
        assert len({row.tobytes() for row in found}) == len(found)
        for row in found:  # dense ranks: every rank up to the largest is used
            assert set(row.tolist()) == set(range(int(row.max()) + 1))
    with pytest.raises(ValueError, match="n=8"):
        tie_patterns(8)
