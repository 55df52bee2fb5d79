"""The confusion-matrix strategies shared by the ``oc`` and ``nominal`` families."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError
from axiometrics.measures._matrices import strategies as mat_st
from axiometrics.strategies import SMALL_COUNT, StrategyArgumentError

FIND = settings(
    max_examples=3000, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
# Reaching a corner needs no shrinking (shrinking an 11-class matrix is slow).
REACH = settings(FIND, phases=[Phase.generate])


# -- option validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "kwargs"),
    [
        (mat_st.confusion_matrices, {"min_classes": 5, "max_classes": 3}),
        (mat_st.confusion_matrices, {"n_classes": 1}),
        (mat_st.confusion_matrices, {"max_count": 0}),
        (mat_st.label_assignments, {"min_items": 4, "max_items": 2}),
    ],
)
def test_impossible_options_raise_an_invalid_argument_error(factory, kwargs):
    with pytest.raises(StrategyArgumentError) as info:
        factory(**kwargs)
    assert isinstance(info.value, InvalidArgument)
    assert isinstance(info.value, InvalidParameterError)


def test_options_must_be_keywords():
    with pytest.raises(TypeError):
        mat_st.confusion_matrices(3)  # type: ignore[misc]


# -- validity -----------------------------------------------------------------------


@given(mat_st.confusion_matrices(max_classes=6))
def test_confusion_matrices_are_square_nonnegative_counts_with_items(m):
    assert m.ndim == 2
    assert m.shape[0] == m.shape[1]
    assert 2 <= m.shape[0] <= 6
    assert m.dtype == np.int64
    assert m.min() >= 0
    assert m.sum() > 0


@given(
    mat_st.confusion_matrices(max_classes=5, empty_gold_classes=False, empty_system_classes=False)
)
def test_confusion_matrices_without_empty_classes_fill_every_row_and_column(m):
    assert np.all(m.sum(axis=0) > 0)
    assert np.all(m.sum(axis=1) > 0)


@given(mat_st.label_assignments(max_classes=4, max_items=10))
def test_label_assignments_match_their_confusion_matrix(labels):
    m = labels.matrix()
    assert m.sum() == labels.gold.size == labels.system.size
    assert np.array_equal(m.sum(axis=0), np.bincount(labels.gold, minlength=labels.n_classes))


# -- corners are reached ----------------------------------------------------------------


def test_confusion_matrices_reach_empty_gold_classes_and_shrink_to_a_tiny_matrix():
    m = find(mat_st.confusion_matrices(), lambda m: np.any(m.sum(axis=0) == 0), settings=FIND)
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
    assert condition(find(mat_st.confusion_matrices(), condition, settings=REACH)), description


# -- large arrays drawn as a whole --------------------------------------------------------


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        ("a zero cell next to a count of 10^6", lambda m: m.max() == 10**6 and m.min() == 0),
        ("only small counts", lambda m: 0 < m.max() <= SMALL_COUNT and m.min() == 0),
        ("a count between 10 and 1000", lambda m: np.any((m >= 10) & (m <= 1000))),
        ("no zero cell", lambda m: m.min() > 0),
    ],
)
def test_matrices_of_ten_classes_drawn_as_a_whole_still_reach_the_corners(description, condition):
    big = mat_st.confusion_matrices(min_classes=10)
    assert condition(find(big, condition, settings=REACH)), description


def test_a_matrix_drawn_as_a_whole_shrinks_to_a_single_item():
    m = find(mat_st.confusion_matrices(n_classes=6), lambda m: True, settings=FIND)
    assert m.sum() == 1


@given(mat_st.confusion_matrices(min_classes=5))
def test_a_matrix_of_five_or_more_classes_costs_a_handful_of_choices(m):
    from hypothesis.control import current_build_context

    # Counts are expanded from a few draws, not drawn cell by cell (a 12-class
    # matrix drawn cell by cell costs 288 choices).
    choices = len(current_build_context().data.choices)
    assert choices <= 32, (m.shape, choices)
