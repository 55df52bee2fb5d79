"""The bounded pass's enumerators of the OC claims (axiometrics.measures.oc.enumeration)."""

from __future__ import annotations

import itertools
import re
from math import comb

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.cases import CaseRequest
from axiometrics.checker.enumeration import INTEGER_VALUE_GRID, VALUE_GRID
from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim
from axiometrics.family import get_family
from axiometrics.measures._matrices.enumeration import matrix_count
from axiometrics.measures.oc.enumeration import (
    constant_system_levels,
    identity_levels,
    imbalance_levels,
    ordinal_invariance_levels,
    ordinal_monotonicity_levels,
    value_targets,
)

LEVELS = {
    "ordinal_invariance": ordinal_invariance_levels,
    "ordinal_monotonicity": ordinal_monotonicity_levels,
    "imbalance": imbalance_levels,
    "constant_system_discrimination": constant_system_levels,
    "identity": identity_levels,
}


def _request(claim: str, *, spacing: str = "equidistant", **extra) -> CaseRequest:
    options = {**get_claim(claim).default_options(), "spacing": spacing}
    return CaseRequest.from_options("oc", options, **extra)


def _levels(claim: str, limit: int, **extra):
    return list(itertools.islice(LEVELS[claim](_request(claim, **extra)), limit))


def _key(case) -> bytes:
    return b"".join(np.ascontiguousarray(a).tobytes() for a in (*case.inputs, case.values))


def _golds(case) -> np.ndarray:
    """The gold counts of a case (the column sums of its first entry)."""
    return case.inputs[0][0].sum(axis=0)


def _brute_golds(n_items: int, n_classes: int) -> list[np.ndarray]:
    return [
        np.array(g)
        for g in itertools.product(range(n_items + 1), repeat=n_classes)
        if sum(g) == n_items
    ]


# -- what every enumerator promises ----------------------------------------------------


@pytest.mark.parametrize("claim", sorted(LEVELS))
def test_levels_come_cheapest_first_each_size_once_with_an_upper_bound_count(claim):
    levels = _levels(claim, 8)
    assert [level.count for level in levels] == sorted(level.count for level in levels)
    assert len({level.size for level in levels}) == len(levels)
    for level in levels:
        cases = list(level.cases())
        assert 0 < len(cases) <= level.count
        assert len({_key(case) for case in cases}) == len(cases)


@pytest.mark.parametrize("claim", sorted(LEVELS))
def test_every_entry_is_a_valid_input_of_the_family(claim):
    prepare = get_family("oc").prepare
    for level in _levels(claim, 6):
        size = dict(level.size)
        for case in level.cases():
            (stacked,) = case.inputs
            assert stacked.shape[-1] == size["C"]
            assert np.all(stacked.sum(axis=(1, 2)) == size["N"])
            prepare(case.inputs, case.values)


@pytest.mark.parametrize("claim", sorted(LEVELS))
def test_cases_are_of_the_kind_the_strategy_draws(claim):
    drawn = sample_cases(get_claim(claim), "oc", n=30, seed_value=0)
    enumerated = [case for level in _levels(claim, 4) for case in level.cases()]
    assert {tuple(case.info) for case in enumerated} == {tuple(case.info) for case in drawn}
    drawn_names = {name for case in drawn for name in case.names}
    for case in enumerated:
        assert case.values.shape == (case.n_entries, case.n_classes)
        if claim in ("ordinal_invariance", "identity"):
            assert set(case.names) <= drawn_names
        if claim == "constant_system_discrimination":
            assert case.names == tuple(f"always class {k}" for k in range(case.n_classes))


def test_a_requested_precondition_drops_the_cases_it_would_put_outside():
    request = _request("ordinal_monotonicity", preconditions=frozenset({"no_empty_system_class"}))
    for level in itertools.islice(ordinal_monotonicity_levels(request), 6):
        for case in level.cases():
            assert np.all(case.inputs[0].sum(axis=-1) > 0)
    request = _request("identity", preconditions=frozenset({"no_empty_gold_class"}))
    for level in itertools.islice(identity_levels(request), 6):
        for case in level.cases():
            assert np.all(_golds(case) > 0)


# -- ordinal invariance ----------------------------------------------------------------


def test_invariance_scores_every_matrix_with_every_other_increasing_vector_of_the_grid():
    for level in _levels("ordinal_invariance", 3):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        # v = 0 .. C-1; when the grid holds it, the identity map is left out.
        targets = comb(len(VALUE_GRID), c) - (1 if set(range(c)) <= set(VALUE_GRID) else 0)
        assert level.count == matrix_count(n, c) * targets
        cases = list(level.cases())
        assert len(cases) == level.count
        for case in cases:
            (pair,) = case.inputs
            np.testing.assert_array_equal(pair[0], pair[1])
            v, w = case.values
            np.testing.assert_array_equal(v, np.arange(c))
            assert np.all(np.diff(w) > 0)
            assert set(w) <= set(VALUE_GRID)
            assert case.info["transform"].endswith("(order kept)")
    assert "1.000000001" in "".join(case.info["transform"] for case in cases)


def test_invariance_uses_the_integer_grid_for_integer_labels_and_the_spacing_for_v():
    request = _request("ordinal_invariance", integer_values=True, spacing="arbitrary")
    # v = [0, 1, 3] (doubling gaps) is in the grid: every other vector is a target.
    targets = value_targets(request, 3, np.array([0.0, 1.0, 3.0]))
    assert len(targets) == comb(len(INTEGER_VALUE_GRID), 3) - 1
    assert not np.any(np.all(targets == [0.0, 1.0, 3.0], axis=1))
    level = next(iter(ordinal_invariance_levels(request)))
    for case in level.cases():
        assert set(case.values[1]) <= set(INTEGER_VALUE_GRID)
        np.testing.assert_array_equal(case.values[0], [0, 1][: case.n_classes])


def test_invariance_enumerates_nothing_for_more_classes_than_grid_values():
    request = CaseRequest("oc", min_classes=len(VALUE_GRID) + 1, max_classes=12)
    assert list(ordinal_invariance_levels(request)) == []
    request = CaseRequest("oc", min_classes=len(VALUE_GRID), max_classes=12)
    first = next(iter(ordinal_invariance_levels(request)))
    assert first.label == f"N = 1, C = {len(VALUE_GRID)}"
    assert first.count == matrix_count(1, len(VALUE_GRID))


# -- ordinal monotonicity --------------------------------------------------------------


def _toward_gold(before: np.ndarray, after: np.ndarray) -> bool:
    """``after`` is ``before`` with one item moved toward (never past) its gold class."""
    diff = after - before
    (g,) = {int(j) for j in np.nonzero(diff)[1]}
    s = int(np.flatnonzero(diff[:, g] == -1)[0])
    t = int(np.flatnonzero(diff[:, g] == 1)[0])
    return abs(diff).sum() == 2 and min(s, g) <= t <= max(s, g) and t != s


def test_monotonicity_pairs_every_matrix_with_each_of_its_one_item_moves():
    levels = _levels("ordinal_monotonicity", 5)
    for level in levels:
        size = dict(level.size)
        n, c = size["N"], size["C"]
        assert level.count == matrix_count(n, c)
        cases = list(level.cases())
        # Every matrix but the perfect ones (every item on the diagonal).
        assert len(cases) == matrix_count(n, c) - comb(n + c - 1, c - 1)
        distance = np.abs(np.arange(c)[:, None] - np.arange(c)[None, :])
        for case in cases:
            (entries,) = case.inputs
            before = entries[0]
            # One pair per item's class of arrival: sum over wrong cells of |s - g|.
            assert case.n_entries == 2 * int(np.sum((before > 0) * distance))
            assert case.names[0::2] == ("s",) * (case.n_entries // 2)
            for k in range(0, case.n_entries, 2):
                np.testing.assert_array_equal(entries[k], before)
                assert _toward_gold(entries[k], entries[k + 1])
                assert re.fullmatch(
                    r"s' \(1 item of gold class \d moved from system class \d to \d\)",
                    case.names[k + 1],
                )
            assert len({entries[k].tobytes() for k in range(1, case.n_entries, 2)}) == (
                case.n_entries // 2
            )


# -- imbalance -------------------------------------------------------------------------


def _has_triple(n: np.ndarray) -> bool:
    return any(
        n[c1] > n[c3] >= 1
        for c2 in range(1, n.size - 1)
        for c1, c3 in ((c2 - 1, c2 + 1), (c2 + 1, c2 - 1))
    )


def test_imbalance_enumerates_every_gold_with_a_triple_and_both_moves_of_each():
    for level in _levels("imbalance", 8):
        size = dict(level.size)
        golds = [g for g in _brute_golds(size["N"], size["C"]) if _has_triple(g)]
        assert level.count == len(golds)
        cases = list(level.cases())
        assert {_golds(case).tobytes() for case in cases} == {g.tobytes() for g in golds}
        for case in cases:
            n = _golds(case)
            assert case.info["gold counts"] == "[" + ", ".join(str(x) for x in n) + "]"
            (entries,) = case.inputs
            for k in range(0, case.n_entries, 2):
                smaller, larger = entries[k], entries[k + 1]
                # Each moves one gold item off the diagonal, from c3 then from c1.
                c3 = int(np.flatnonzero(np.diag(smaller) < n)[0])
                c1 = int(np.flatnonzero(np.diag(larger) < n)[0])
                assert abs(c1 - c3) == 2
                assert n[c1] > n[c3] >= 1
                assert case.names[k].startswith(f"one item of c3={c3} (|c3|={n[c3]})")
                assert case.names[k + 1].startswith(f"one item of c1={c1} (|c1|={n[c1]})")


def test_imbalance_starts_at_three_classes_and_three_items():
    first = _levels("imbalance", 1)[0]
    assert first.label == "N = 3, C = 3"
    assert [case.info["gold counts"] for case in first.cases()] == ["[1, 0, 2]", "[2, 0, 1]"]


# -- constant systems ------------------------------------------------------------------


def _distinct(n: np.ndarray) -> bool:
    sizes = n[n > 0]
    return sizes.size >= 2 and len(set(sizes.tolist())) == sizes.size


def test_constant_systems_of_every_gold_with_two_classes_of_different_sizes():
    for level in _levels("constant_system_discrimination", 10):
        size = dict(level.size)
        n_items, c = size["N"], size["C"]
        golds = [g for g in _brute_golds(n_items, c) if _distinct(g)]
        assert level.count == len(golds)
        if c == 2:
            assert level.count == n_items - 1 - (n_items % 2 == 0)
        cases = list(level.cases())
        assert {_golds(case).tobytes() for case in cases} == {g.tobytes() for g in golds}
        for case in cases:
            n = _golds(case)
            for k, m in enumerate(case.inputs[0]):
                expected = np.zeros((c, c), dtype=m.dtype)
                expected[k] = n
                np.testing.assert_array_equal(m, expected)


# -- identity --------------------------------------------------------------------------


def test_identity_enumerates_every_gold_of_a_size_as_its_perfect_system():
    for level in _levels("identity", 10):
        size = dict(level.size)
        assert level.count == comb(size["N"] + size["C"] - 1, size["C"] - 1)
        cases = list(level.cases())
        assert len(cases) == level.count
        for case in cases:
            m = case.inputs[0][0]
            np.testing.assert_array_equal(m, np.diag(np.diag(m)))
            assert case.names == ("perfect system",)


# -- the bounded pass with these enumerators --------------------------------------------


@pytest.mark.parametrize(
    ("measure", "claim", "smallest"),
    [
        ("mae_micro", "ordinal_invariance", "N = 1, C = 2"),
        ("accuracy", "ordinal_monotonicity", "N = 1, C = 3"),
        ("accuracy", "imbalance", "N = 3, C = 3"),
        ("cohen_kappa", "constant_system_discrimination", "N = 3, C = 2"),
    ],
)
def test_the_smallest_counterexample_of_a_known_violation_is_found_by_the_bounded_pass(
    measure, claim, smallest
):
    verdict = check(measure, [claim], max_examples=1, variants=False).verdict(claim)
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == smallest


def test_cohen_kappa_is_refuted_on_a_gold_of_one_and_two_items():
    verdict = check("cohen_kappa", ["constant_system_discrimination"], variants=False).verdict(
        "constant_system_discrimination"
    )
    assert verdict.example is not None
    assert verdict.example.info["gold counts"] in ("[1, 2]", "[2, 1]")


def test_cem_ord_needs_non_empty_gold_classes_from_one_item_on():
    result = check("cem_ord", ["ordinal_monotonicity"]).result("ordinal_monotonicity")
    (without,) = [v for v in result.variants if v.label == "without preconditions"]
    assert without.outcome.value == "refuted"
    assert without.example is not None
    assert without.example.smallest == "N = 1, C = 3"
    main = result.verdict
    assert main.outcome.value == "not_refuted"
    assert main.bound is not None
    assert main.bound.levels


def _accuracy(matrix):
    m = np.asarray(matrix, dtype=float)
    return float(np.trace(m) / m.sum())


def _accuracy_short_of_one_with_an_empty_gold_class(matrix):
    m = np.asarray(matrix, dtype=float)
    if np.any(m.sum(axis=0) == 0):
        return 0.9 * _accuracy(m)
    return _accuracy(m)


def test_identity_is_refuted_at_the_smallest_gold_with_an_empty_class():
    verdict = check(
        _accuracy_short_of_one_with_an_empty_gold_class,
        ["identity"],
        family="oc",
        optimum=1.0,
        max_examples=1,
    ).verdict("identity")
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 1, C = 2"


@pytest.mark.parametrize(
    ("measure", "claim"),
    [
        ("accuracy", "ordinal_invariance"),
        ("mae_micro", "ordinal_monotonicity"),
        ("cohen_kappa", "imbalance"),
        ("accuracy", "constant_system_discrimination"),
        ("accuracy", "identity"),
    ],
)
def test_a_measure_satisfying_the_claim_holds_on_every_case_of_the_bound(measure, claim):
    verdict = check(measure, [claim], max_examples=5, bound=300, variants=False).verdict(claim)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
    assert 0 < verdict.bound.n_cases <= 300


def test_a_correct_callable_holds_for_identity_within_the_bound():
    verdict = check(_accuracy, ["identity"], family="oc", optimum=1.0, max_examples=5).verdict(
        "identity"
    )
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
