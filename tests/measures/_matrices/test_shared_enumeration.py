"""The shared matrix claims' enumerators (symmetry, well_defined, count_scale_invariance)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.cases import Case, CaseRequest
from axiometrics.checker.enumeration import SCALE_FACTORS
from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim, get_precondition
from axiometrics.family import get_family
from axiometrics.measures._matrices import procedures as shared
from axiometrics.measures._matrices.enumeration import (
    MAX_SCALED_TOTAL,
    Planned,
    matrices_with,
    matrix_count,
    planned_class_count_levels,
    planned_levels,
    scale_factors_for,
    scale_levels,
    symmetry_levels,
    transpose_pairs,
    well_defined_levels,
)

PROCEDURES = {
    "symmetry": (shared.SYMMETRY, symmetry_levels),
    "well_defined": (shared.WELL_DEFINED, well_defined_levels),
    "count_scale_invariance": (shared.COUNT_SCALE_INVARIANCE, scale_levels),
}


def _levels(levels, limit: int):
    return list(itertools.islice(levels, limit))


def _flat(m: np.ndarray) -> tuple[int, ...]:
    return tuple(int(x) for x in m.ravel())


@pytest.mark.parametrize("claim", sorted(PROCEDURES))
def test_the_shared_procedures_enumerate_their_cases(claim):
    procedure, levels = PROCEDURES[claim]
    assert procedure.enumerate is levels


@pytest.mark.parametrize("claim", sorted(PROCEDURES))
@pytest.mark.parametrize("family", ["oc", "nominal"])
def test_levels_count_their_cases_exactly_and_hold_valid_inputs(claim, family):
    _, enumerate_levels = PROCEDURES[claim]
    prepare = get_family(family).prepare
    levels = _levels(enumerate_levels(CaseRequest(family)), 8)
    counts = [level.count for level in levels]
    assert counts == sorted(counts)
    assert len({level.size for level in levels}) == len(levels)
    for level in levels:
        cases = list(level.cases())
        assert len(cases) == level.count
        for case in cases:
            prepare(case.inputs, case.values)


def _symmetric(n_items: int, n_classes: int) -> int:
    return sum(bool(np.array_equal(m, m.T)) for m in matrices_with(n_items, n_classes))


def test_symmetry_pairs_every_non_symmetric_matrix_with_its_transpose_once():
    for level in _levels(symmetry_levels(CaseRequest("oc")), 8):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        assert level.count == (matrix_count(n, c) - _symmetric(n, c)) // 2
        seen = set()
        for case in level.cases():
            m, mt = case.inputs[0]
            np.testing.assert_array_equal(mt, m.T)
            assert _flat(m) < _flat(mt)
            assert case.names == ("M", "M.T (system and gold swapped)")
            seen |= {_flat(m), _flat(mt)}
        expected = {_flat(m) for m in matrices_with(n, c) if not np.array_equal(m, m.T)}
        assert seen == expected


def test_transpose_pairs_need_both_members_to_meet_the_preconditions():
    request = CaseRequest("oc", preconditions=frozenset({"no_empty_gold_class"}))
    matrices = matrices_with(2, 2)
    keep = transpose_pairs(request, matrices, np.arange(2.0))
    for m, kept in zip(matrices, keep, strict=True):
        full = np.all(m.sum(axis=0) > 0) and np.all(m.sum(axis=1) > 0)
        assert kept == (full and _flat(m) < _flat(m.T))
    assert transpose_pairs(request, matrices[:0], np.arange(2.0)).shape == (0,)


def test_well_defined_scores_every_matrix_once():
    for level in _levels(well_defined_levels(CaseRequest("oc")), 6):
        size = dict(level.size)
        cases = list(level.cases())
        assert level.count == matrix_count(size["N"], size["C"])
        assert len({_flat(case.inputs[0][0]) for case in cases}) == len(cases)
        assert all(case.names == ("M",) for case in cases)


def test_scale_multiplies_every_matrix_by_every_factor():
    for level in _levels(scale_levels(CaseRequest("oc")), 4):
        size = dict(level.size)
        assert level.count == matrix_count(size["N"], size["C"]) * len(SCALE_FACTORS)
        for case in level.cases():
            m, scaled = case.inputs[0]
            k = float(case.info["factor k"])
            assert k in SCALE_FACTORS
            assert m.dtype == np.float64
            np.testing.assert_array_equal(scaled, m * k)
            assert case.names == ("M", f"{k!r} * M")


def test_scale_for_item_lists_keeps_whole_counts_within_the_item_budget():
    request = CaseRequest("oc", max_items=4)
    levels = list(scale_levels(request))
    assert {dict(level.size)["N"] for level in levels} == {1, 2, 3, 4}
    for level in levels:
        for case in level.cases():
            m, scaled = case.inputs[0]
            k = int(case.info["factor k"])
            assert m.dtype.kind == "i"
            np.testing.assert_array_equal(scaled, m * k)
            assert scaled.sum() <= 4
    assert scale_factors_for(request, 2) == (2,)
    assert scale_factors_for(request, 3) == ()


def test_scale_factors_keep_the_scaled_total_exact_in_float64():
    factors = scale_factors_for(CaseRequest("oc"), 2**45)
    assert max(factors) == MAX_SCALED_TOTAL / 2**45
    assert all(k * 2**45 <= MAX_SCALED_TOTAL for k in factors)


def test_shared_cases_are_laid_out_as_the_strategy_draws_them():
    for claim, (_, enumerate_levels) in PROCEDURES.items():
        drawn = sample_cases(get_claim(claim), "oc", n=30, seed_value=0)
        level = next(iter(enumerate_levels(CaseRequest("oc"))))
        for case in level.cases():
            assert {tuple(case.info)} <= {tuple(d.info) for d in drawn}
            assert case.values.shape == (case.n_entries, case.n_classes)
            assert case.inputs[0].dtype in {d.inputs[0].dtype for d in drawn}


def test_requested_preconditions_hold_on_every_entry():
    names = ("no_empty_gold_class", "no_empty_system_class")
    predicates = [get_precondition(name).predicate("oc") for name in names]
    request = CaseRequest("oc", preconditions=frozenset(names))
    for _, enumerate_levels in PROCEDURES.values():
        for level in _levels(enumerate_levels(request), 10):
            for case in level.cases():
                assert all(case.satisfies(p) for p in predicates)


# -- the planned streams -----------------------------------------------------------------


def _diagonal_only(matrices: np.ndarray, values: np.ndarray) -> Planned:
    chosen = [m for m in matrices if np.all(m == np.diag(np.diag(m)))]
    return Planned(len(chosen), lambda: (Case((m[None],), values, ("M",)) for m in chosen))


def test_planned_levels_count_what_the_plan_selects_and_carry_the_tag():
    request = CaseRequest("oc", max_classes=3)
    levels = _levels(planned_levels(request, _diagonal_only, tag=("diagonal", 1)), 6)
    for level in levels:
        size = dict(level.size)
        assert size["diagonal"] == 1
        n, c = size["N"], size["C"]
        assert level.count == len(list(itertools.combinations_with_replacement(range(c), n)))
        assert len(list(level.cases())) == level.count


def test_planned_class_count_levels_count_the_plan_and_skip_sizes_without_golds():
    def pairs(golds: np.ndarray, values: np.ndarray) -> Planned:
        return Planned(2 * len(golds), lambda: iter([]))

    def two_classes(golds: np.ndarray) -> np.ndarray:
        return np.count_nonzero(golds, axis=1) >= 2

    request = CaseRequest("oc", max_classes=2)
    levels = list(planned_class_count_levels(request, pairs, cap=3, select=two_classes))
    assert [level.label for level in levels] == [f"N = {n}, C = 2" for n in range(2, 7)]
    assert [level.count for level in levels] == [2, 4, 6, 4, 2]


# -- the bounded pass on the oc family ----------------------------------------------------


def _m(matrix) -> np.ndarray:
    return np.asarray(matrix, dtype=float)


def _system_share_0(matrix) -> float:
    m = _m(matrix)
    return float(m[0].sum() / m.sum())


def _accuracy_over_n_minus_1(matrix) -> float:
    m = _m(matrix)
    return float(np.float64(np.trace(m)) / np.float64(m.sum() - 1))


def _smoothed_accuracy(matrix) -> float:
    m = _m(matrix)
    return float(np.trace(m) / (m.sum() + 1))


@pytest.mark.parametrize(
    ("fn", "claim"),
    [
        (_system_share_0, "symmetry"),
        (_accuracy_over_n_minus_1, "well_defined"),
        (_smoothed_accuracy, "count_scale_invariance"),
    ],
)
def test_a_planted_bug_is_refuted_by_the_bounded_pass_at_one_item(fn, claim):
    verdict = check(fn, [claim], family="oc", optimum=1.0, max_examples=1, variants=False).verdict(
        claim
    )
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 1, C = 2"


@pytest.mark.parametrize("claim", sorted(PROCEDURES))
def test_accuracy_holds_on_every_case_of_the_bound(claim):
    verdict = check("accuracy", [claim], max_examples=1, variants=False).verdict(claim)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
    assert 500 < verdict.bound.n_cases <= 1000
