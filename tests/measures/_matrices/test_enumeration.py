"""Every confusion matrix and every gold up to a size (axiometrics.measures._matrices.enumeration)."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from axiometrics.checker.cases import Case, CaseRequest
from axiometrics.family import get_family
from axiometrics.measures._matrices.enumeration import (
    ENUMERATED_MAX_CLASSES,
    ENUMERATED_MAX_GOLD_CLASSES,
    admitted_matrices,
    class_count_levels,
    class_counts_with,
    enumerated_values,
    matrices_with,
    matrix_count,
    matrix_levels,
    single_matrices,
)


def _rows(array: np.ndarray) -> set[bytes]:
    return {row.tobytes() for row in np.ascontiguousarray(array).reshape(len(array), -1)}


@pytest.mark.parametrize(("n_items", "n_classes"), [(0, 2), (1, 2), (3, 2), (2, 3), (1, 4), (2, 4)])
def test_every_matrix_of_a_size_once(n_items, n_classes):
    matrices = matrices_with(n_items, n_classes)
    expected = comb(n_items + n_classes**2 - 1, n_classes**2 - 1)
    assert matrices.shape == (expected, n_classes, n_classes)
    assert matrix_count(n_items, n_classes) == expected
    assert len(_rows(matrices)) == expected
    assert np.all(matrices >= 0)
    assert np.all(matrices.sum(axis=(1, 2)) == n_items)


def test_the_matrices_are_all_the_count_vectors_brute_force_finds():
    brute = {
        np.array(cells, dtype=np.int64).tobytes()
        for cells in itertools.product(range(4), repeat=4)
        if sum(cells) == 3
    }
    assert _rows(matrices_with(3, 2)) == brute


@pytest.mark.parametrize(("n_items", "n_classes"), [(1, 2), (5, 2), (4, 3), (3, 5)])
def test_every_gold_of_a_size_once(n_items, n_classes):
    golds = class_counts_with(n_items, n_classes)
    assert golds.shape == (comb(n_items + n_classes - 1, n_classes - 1), n_classes)
    assert len(_rows(golds)) == len(golds)
    assert np.all(golds.sum(axis=1) == n_items)


def test_enumerated_values_are_equidistant_or_doubling_integer_gaps():
    eq = CaseRequest("oc")
    arb = CaseRequest("oc", spacing="arbitrary")
    np.testing.assert_array_equal(enumerated_values(eq, 4), [0, 1, 2, 3])
    np.testing.assert_array_equal(enumerated_values(arb, 4), [0, 1, 3, 7])


def _levels(levels, limit):
    return list(itertools.islice(levels, limit))


def test_matrix_levels_come_cheapest_first_with_their_closed_form_counts():
    levels = _levels(single_matrices(CaseRequest("oc", max_classes=12)), 12)
    counts = [level.count for level in levels]
    assert counts == sorted(counts)
    sizes = [dict(level.size) for level in levels]
    assert len({(s["N"], s["C"]) for s in sizes}) == len(sizes)
    assert {s["C"] for s in sizes} == set(range(2, ENUMERATED_MAX_CLASSES + 1))
    for level, size in zip(levels, sizes, strict=True):
        assert level.count == matrix_count(size["N"], size["C"])
        cases = list(level.cases())
        assert len(cases) == level.count
        stacked = np.concatenate([case.inputs[0] for case in cases])
        assert len(_rows(stacked)) == len(cases)
        assert np.all(stacked.sum(axis=(1, 2)) == size["N"])


def test_every_enumerated_matrix_is_a_valid_input_of_the_family():
    prepare = get_family("oc").prepare
    for level in _levels(single_matrices(CaseRequest("oc")), 8):
        for case in level.cases():
            prepare(case.inputs, case.values)


def test_matrix_levels_honour_the_item_cap_and_the_empty_class_preconditions():
    capped = list(single_matrices(CaseRequest("oc", max_classes=2, max_items=3)))
    assert [dict(level.size)["N"] for level in capped] == [1, 2, 3]
    request = CaseRequest("oc", max_classes=2, preconditions=frozenset({"no_empty_gold_class"}))
    for level in _levels(single_matrices(request), 4):
        for case in level.cases():
            assert np.all(case.inputs[0].sum(axis=-2) > 0)


def test_matrix_levels_build_the_cases_a_procedure_asks_for():
    def transposes(matrices, values):
        for m in matrices:
            yield Case((np.stack([m, m.T]),), values, ("M", "M.T"))

    levels = _levels(matrix_levels(CaseRequest("oc", max_classes=3), transposes, floor=3), 2)
    assert [dict(level.size)["C"] for level in levels] == [3, 3]
    for case in levels[1].cases():
        np.testing.assert_array_equal(case.inputs[0][1], case.inputs[0][0].T)


def test_admitted_matrices_applies_every_requested_precondition():
    matrices = matrices_with(2, 2)
    values = np.arange(2.0)
    assert admitted_matrices(CaseRequest("oc"), matrices, values).all()
    request = CaseRequest("oc", preconditions=frozenset({"no_empty_system_class"}))
    keep = admitted_matrices(request, matrices, values)
    np.testing.assert_array_equal(keep, np.all(matrices.sum(axis=2) > 0, axis=1))
    equidistant = CaseRequest("oc", preconditions=frozenset({"equidistant_values"}))
    three = matrices_with(1, 3)
    assert admitted_matrices(equidistant, three, np.array([0.0, 1.0, 2.0])).all()
    assert not admitted_matrices(equidistant, three, np.array([0.0, 1.0, 3.0])).any()
    assert admitted_matrices(request, matrices[:0], values).shape == (0,)


def _one_case_per_gold(golds, values):
    for n in golds:
        yield Case((np.diag(n)[None],), values, ("perfect system",))


def test_class_count_levels_count_every_selected_gold_exactly():
    request = CaseRequest("oc", max_classes=12)
    levels = _levels(class_count_levels(request, _one_case_per_gold, cap=100), 30)
    counts = [level.count for level in levels]
    assert counts == sorted(counts)
    classes = {dict(level.size)["C"] for level in levels}
    assert classes == set(range(2, ENUMERATED_MAX_GOLD_CLASSES + 1))
    for level in levels:
        size = dict(level.size)
        assert level.count == comb(size["N"] + size["C"] - 1, size["C"] - 1)
        golds = np.stack([np.diag(case.inputs[0][0]) for case in level.cases()])
        assert len(golds) == level.count
        assert len(_rows(golds)) == len(golds)


def test_class_count_levels_skip_sizes_without_a_selected_gold_and_end_at_the_cap():
    def two_nonempty(golds):
        return np.count_nonzero(golds, axis=1) >= 2

    request = CaseRequest("oc", max_classes=2)
    levels = list(
        class_count_levels(request, _one_case_per_gold, cap=3, select=two_nonempty, min_items=1)
    )
    # At C = 2 with at most 3 items per class: N = 2 .. 6 (N = 1 has one non-empty class).
    assert [dict(level.size)["N"] for level in levels] == [2, 3, 4, 5, 6]
    assert [level.count for level in levels] == [1, 2, 3, 2, 1]


def test_class_count_levels_honour_no_empty_gold_class_and_the_item_cap():
    request = CaseRequest(
        "oc", max_classes=3, max_items=4, preconditions=frozenset({"no_empty_gold_class"})
    )
    levels = list(class_count_levels(request, _one_case_per_gold, cap=100))
    sizes = sorted((dict(level.size)["C"], dict(level.size)["N"]) for level in levels)
    assert sizes == [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4)]
    for level in levels:
        size = dict(level.size)
        assert level.count == comb(size["N"] - 1, size["C"] - 1)
