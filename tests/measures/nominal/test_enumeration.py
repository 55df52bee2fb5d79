"""The bounded pass's enumerators of the nominal claims (axiometrics.measures.nominal.enumeration)."""

from __future__ import annotations

import itertools
import re
from math import comb

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.cases import CaseRequest
from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim, get_precondition
from axiometrics.family import get_family
from axiometrics.measures._matrices.enumeration import matrices_with, matrix_count
from axiometrics.measures.nominal import procedures as nom_proc
from axiometrics.measures.nominal.corners import HUGE_COUNTS, RARE_SHARE
from axiometrics.measures.nominal.strategies import POSITIVE_CLASS, relabel

PROCEDURES = {
    "symmetry": nom_proc.SYMMETRY,
    "well_defined": nom_proc.WELL_DEFINED,
    "count_scale_invariance": nom_proc.COUNT_SCALE_INVARIANCE,
    "class_permutation_invariance": nom_proc.CLASS_PERMUTATION_INVARIANCE,
    "nominal_monotonicity": nom_proc.NOMINAL_MONOTONICITY,
    "prevalence_invariance": nom_proc.PREVALENCE_INVARIANCE,
    "true_negative_invariance": nom_proc.TRUE_NEGATIVE_INVARIANCE,
    "chance_baseline": nom_proc.CHANCE_BASELINE,
    "identity": nom_proc.IDENTITY,
}
CLAIMS = sorted(PROCEDURES)
#: The request of a measure called on label vectors (whole counts within an item budget).
ITEM_LISTS = {"max_items": 5000, "max_count": 20}
PRECONDITIONS = ("no_empty_gold_class", "no_empty_system_class", "at_least_two_gold_classes")


def _request(claim: str, **extra) -> CaseRequest:
    options = dict(get_claim(claim).default_options())
    if "max_count" in extra:
        options["max_count"] = min(options["max_count"], extra.pop("max_count"))
    return CaseRequest.from_options("nominal", options, **extra)


def _levels(claim: str, limit: int, **extra):
    return list(itertools.islice(PROCEDURES[claim].enumerate(_request(claim, **extra)), limit))


def _within_budget(claim: str, budget: int = 1000, **extra):
    """The levels (with their cases) a bounded pass of ``budget`` cases finishes."""
    out, used = [], 0
    for level in PROCEDURES[claim].enumerate(_request(claim, **extra)):
        if level.count > budget - used:
            break
        cases = list(level.cases())
        used += len(cases)
        out.append((level, cases))
    return out


def _key(case) -> bytes:
    return b"".join(np.ascontiguousarray(a).tobytes() for a in (*case.inputs, case.values))


# -- what every enumerator promises ----------------------------------------------------


@pytest.mark.parametrize("claim", CLAIMS)
def test_every_procedure_enumerates_and_the_family_enumerates_its_inputs(claim):
    assert PROCEDURES[claim].enumerate is not None
    family = get_family("nominal")
    assert family.enumerate_inputs is not None
    first = next(iter(family.enumerate_inputs(CaseRequest("nominal"))))
    assert first.label == "N = 1, C = 2"
    assert first.count == 4


@pytest.mark.parametrize("extra", [{}, ITEM_LISTS], ids=["real counts", "item lists"])
@pytest.mark.parametrize("claim", CLAIMS)
def test_levels_count_their_cases_exactly_cheapest_first_each_size_once(claim, extra):
    levels = _within_budget(claim, **extra)
    assert levels
    sizes = [level.size for level, _ in levels]
    assert len(set(sizes)) == len(sizes)
    by_stream: dict[tuple, list[int]] = {}
    for level, cases in levels:
        assert len(cases) == level.count
        assert len({_key(case) for case in cases}) == len(cases)
        size = dict(level.size)
        by_stream.setdefault(level.size[1:], []).append(size["N"])
    for items in by_stream.values():
        assert items == sorted(items)


@pytest.mark.parametrize("claim", CLAIMS)
def test_every_entry_is_a_valid_input_of_the_family(claim):
    prepare = get_family("nominal").prepare
    for level, cases in _within_budget(claim, 300):
        size = dict(level.size)
        for case in cases:
            (stacked,) = case.inputs
            assert case.values.shape == (case.n_entries, case.n_classes)
            assert stacked.shape[-1] == size["C"]
            assert np.all(stacked >= 0)
            assert np.all(stacked.sum(axis=(1, 2)) > 0)
            assert np.all(stacked.sum(axis=(1, 2)) <= 2.0**50)
            prepare(case.inputs, case.values)


@pytest.mark.parametrize("claim", CLAIMS)
def test_cases_are_laid_out_as_the_strategy_draws_them(claim):
    drawn = sample_cases(get_claim(claim), "nominal", n=60, seed_value=0)
    enumerated = [case for _, cases in _within_budget(claim) for case in cases]
    assert {tuple(case.info) for case in enumerated} <= {tuple(case.info) for case in drawn}

    def shape(name: str) -> str:
        return re.sub(r"\d[\d.e+-]*", "#", name)

    drawn_names = {shape(name) for case in drawn for name in case.names}
    enumerated_names = {shape(name) for case in enumerated for name in case.names}
    assert enumerated_names <= drawn_names | {
        # Names the strategy draws too, only more rarely than the 60 cases show.
        "# * (M)",
        "# * (M')",
        "# * (M.T (system and gold swapped))",
        "# * (P M P^T (classes renamed))",
        "M' (every count of gold class # multiplied by #/#)",
    }


@pytest.mark.parametrize("claim", CLAIMS)
def test_item_lists_get_whole_counts_within_the_item_budget(claim):
    for _, cases in _within_budget(claim, **ITEM_LISTS):
        for case in cases:
            (stacked,) = case.inputs
            assert np.all(stacked == np.round(stacked))
            assert np.all(stacked.sum(axis=(1, 2)) <= ITEM_LISTS["max_items"])
    sizes = {name for level, _ in _within_budget(claim, **ITEM_LISTS) for name, _ in level.size}
    assert not sizes & {"scaled copy", "huge counts", "real factors", "real counts", "rounding tie"}


@pytest.mark.parametrize("claim", CLAIMS)
def test_requested_preconditions_hold_on_every_entry(claim):
    for names in (PRECONDITIONS[:1], PRECONDITIONS[1:2], PRECONDITIONS):
        predicates = [get_precondition(name).predicate("nominal") for name in names]
        for _, cases in _within_budget(claim, 400, preconditions=frozenset(names)):
            for case in cases:
                assert all(case.satisfies(p) for p in predicates), (claim, names, case.names)


def test_chance_baseline_enumerates_nothing_without_empty_system_classes():
    request = _request("chance_baseline", preconditions=frozenset({"no_empty_system_class"}))
    assert list(nom_proc.CHANCE_BASELINE.enumerate(request)) == []


# -- the claims' cases -----------------------------------------------------------------


def _plain(claim: str, limit: int = 1000, **extra):
    return [(lv, cs) for lv, cs in _within_budget(claim, limit, **extra) if len(lv.size) == 2]


def _corner(claim: str, tag: str, limit: int = 1000, **extra):
    return [(lv, cs) for lv, cs in _within_budget(claim, limit, **extra) if tag in dict(lv.size)]


def test_symmetry_copies_scale_each_pair_past_float32_integers():
    corner = _corner("symmetry", "scaled copy")
    assert corner
    for level, cases in corner:
        assert level.count == 4 * len({case.inputs[0][0].tobytes() for case in cases})
        for case in cases:
            m, mt, big, big_t = case.inputs[0]
            np.testing.assert_array_equal(mt, m.T)
            factor = big.max() / m.max()
            np.testing.assert_array_equal(big, m * factor)
            np.testing.assert_array_equal(big_t, m.T * factor)
            assert int(factor) % 2 == 1
            assert big.max() > 2**24


def test_well_defined_scales_every_matrix_past_the_huge_counts():
    corner = _corner("well_defined", "huge counts")
    assert corner
    for _, cases in corner:
        tops = {int(case.inputs[0][0].max()) for case in cases}
        for threshold in HUGE_COUNTS:
            assert any(threshold < t <= 2 * threshold for t in tops)


def test_scale_adds_rounding_ties_times_decimal_fractions():
    corner = _corner("count_scale_invariance", "rounding tie")
    assert [dict(level.size)["N"] for level, _ in corner] == [2 * 10**d for d in range(1, 7)]
    for level, cases in corner:
        assert level.count == 18
        digits = len(str(dict(level.size)["N"] // 2)) - 1
        for case in cases:
            t, scaled = case.inputs[0]
            s = 10**digits
            np.testing.assert_array_equal(t.sum(axis=0), [s, s])
            assert int(np.trace(t)) % 2 == 1  # accuracy (t0 + t1) / 2s on a d-digit tie
            k = float(case.info["factor k"])
            assert 0 < k < 1
            np.testing.assert_allclose(scaled, t * k)


def _orbit_key(m: np.ndarray) -> bytes:
    c = m.shape[0]
    return min(relabel(m, np.array(p)).tobytes() for p in itertools.permutations(range(c)))


def test_permutations_compare_each_orbits_first_matrix_with_every_other_member():
    for level, cases in _plain("class_permutation_invariance"):
        size = dict(level.size)
        matrices = matrices_with(size["N"], size["C"])
        orbits = {_orbit_key(m) for m in matrices}
        assert level.count == len(matrices) - len(orbits)
        seen = set()
        for case in cases:
            m, renamed = case.inputs[0]
            perm = np.array([int(x) for x in re.findall(r"\d+", case.info["class k becomes"])])
            np.testing.assert_array_equal(relabel(m, perm), renamed)
            assert m.tobytes() == _orbit_key(m)
            assert renamed.tobytes() != m.tobytes()
            seen.add(renamed.tobytes())
        assert len(seen) == len(cases)
        # Every matrix with another in its orbit is the orbit's first or renamed from it.
        firsts = {case.inputs[0][0].tobytes() for case in cases}
        members: dict[bytes, int] = {}
        for m in matrices:
            members[_orbit_key(m)] = members.get(_orbit_key(m), 0) + 1
        assert seen | firsts == {m.tobytes() for m in matrices if members[_orbit_key(m)] > 1}


def test_monotonicity_pairs_every_matrix_with_a_wrong_item_with_all_its_corrections():
    for level, cases in _plain("nominal_monotonicity"):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        assert level.count == matrix_count(n, c) - comb(n + c - 1, c - 1)
        for case in cases:
            entries = case.inputs[0]
            before = entries[0]
            wrong = [(i, j) for i in range(c) for j in range(c) if i != j and before[i, j] > 0]
            assert case.n_entries == 2 * len(wrong)
            for k, (i, j) in enumerate(wrong):
                np.testing.assert_array_equal(entries[2 * k], before)
                expected = before.copy()
                expected[i, j] -= 1
                expected[j, j] += 1
                np.testing.assert_array_equal(entries[2 * k + 1], expected)
                assert case.names[2 * k + 1] == (
                    f"M' (one item of gold class {j} moved from system class {i})"
                )


def test_monotonicity_corners_fill_the_cap_and_make_a_class_rare():
    dense = _corner("nominal_monotonicity", "dense")
    assert len(dense) == 10
    for level, cases in dense:
        assert dict(level.size)["C"] == 12
        assert level.count == 12  # one case per system class
        for case in cases:
            m = case.inputs[0][0]
            assert np.all((m >= 91) & (m <= 100))
            sources = {int(s) for s in re.findall(r"system class (\d+)", " ".join(case.names))}
            assert len(sources) == 1
    rare = _corner("nominal_monotonicity", "rare class")
    assert {dict(level.size)["C"] for level, _ in rare} == {3, 4}
    for _, cases in rare:
        for case in cases:
            m = case.inputs[0][0]
            gold = m.sum(axis=0)
            assert np.any((gold > 0) & (gold < RARE_SHARE * m.sum()))
            assert m.max() <= 100


def test_prevalence_scales_each_non_empty_gold_class_by_each_factor():
    for level, _ in _plain("prevalence_invariance"):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        columns = sum(int(np.count_nonzero(m.sum(axis=0))) for m in matrices_with(n, c))
        assert level.count == 5 * columns
    for _, cases in _corner("prevalence_invariance", "real factors"):
        for case in cases:
            before, after = case.inputs[0]
            (j,) = {int(x) for x in re.findall(r"gold class (\d+)", case.names[1])}
            k = after[:, j].sum() / before[:, j].sum()
            np.testing.assert_allclose(after[:, j], before[:, j] * k)
            np.testing.assert_array_equal(np.delete(after, j, axis=1), np.delete(before, j, axis=1))
        ks = {re.search(r"multiplied by (\S+)\)$", case.names[1]).group(1) for case in cases}
        assert {"0.1", "1.5", "1000.0", "1000000000.0"} <= ks


@pytest.mark.parametrize(
    ("tag", "counts"), [(None, (0, 1, 2)), ("real counts", (0.5, 2**24 + 1, 3_037_000_500))]
)
def test_true_negatives_change_one_cell_outside_the_positive_row_and_column(tag, counts):
    claim = "true_negative_invariance"
    levels = _plain(claim) if tag is None else _corner(claim, tag)
    assert levels
    for _, cases in levels:
        for case in cases:
            before, after = case.inputs[0]
            assert np.count_nonzero(before != after) == 1
            (i, j) = np.argwhere(before != after)[0]
            assert POSITIVE_CLASS not in (i, j)
            assert after[i, j] in counts


def test_chance_baseline_pairs_every_gold_with_the_gold_of_one_item_per_class():
    for level, cases in _plain("chance_baseline"):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        golds = [
            g
            for g in itertools.product(range(n + 1), repeat=c)
            if sum(g) == n and np.count_nonzero(g) >= 2
        ]
        assert level.count == len(golds)
        seen = set()
        for case in cases:
            assert case.info["gold 2 counts"] == "[" + ", ".join(["1"] * c) + "]"
            first = case.inputs[0][0].sum(axis=0)
            seen.add(tuple(int(x) for x in first))
            for k in range(c):
                assert np.count_nonzero(case.inputs[0][k].sum(axis=1)) == 1
        assert seen == set(golds)
    scaled = _corner("chance_baseline", "scaled golds")
    tops = {int(case.inputs[0][0].max()) for _, cases in scaled for case in cases}
    assert any(t * 2 > 2**31 for t in tops)


def test_identity_pairs_every_imperfect_matrix_with_its_perfect_system():
    for level, cases in _plain("identity"):
        size = dict(level.size)
        n, c = size["N"], size["C"]
        assert level.count == matrix_count(n, c) - comb(n + c - 1, c - 1)
        for case in cases:
            perfect, imperfect, large = case.inputs[0]
            np.testing.assert_array_equal(perfect, np.diag(imperfect.sum(axis=0)))
            np.testing.assert_array_equal(large, perfect)
            assert imperfect[~np.eye(c, dtype=bool)].sum() > 0
    tops = set()
    for _, cases in _corner("identity", "scaled golds"):
        for case in cases:
            large = case.inputs[0][2]
            np.testing.assert_array_equal(large, np.diag(np.diag(large)))
            tops.add(int(large.max()))
    # Just below and just past the cap and each huge count.
    assert {10**6, 2**24 + 1, 2**31, 2**40} <= tops
    assert {10**6 + 1, 2**24 + 2, 2**31 + 1, 2**40 + 1} <= tops


# -- the bounded pass with these enumerators --------------------------------------------


@pytest.mark.parametrize(
    ("measure", "claim"),
    [
        ("mcc", "symmetry"),
        ("mcc", "well_defined"),
        ("mcc", "count_scale_invariance"),
        ("mcc", "class_permutation_invariance"),
        ("informedness", "nominal_monotonicity"),
        ("informedness", "prevalence_invariance"),
        ("recall", "true_negative_invariance"),
        ("mcc", "chance_baseline"),
        ("mcc", "identity"),
    ],
)
def test_a_measure_satisfying_the_claim_holds_on_every_case_of_the_bound(measure, claim):
    verdict = check(measure, [claim], max_examples=1, variants=False).verdict(claim)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
    assert 500 < verdict.bound.n_cases <= 1000


def _m(matrix) -> np.ndarray:
    return np.asarray(matrix, dtype=float)


def _accuracy(matrix) -> float:
    m = _m(matrix)
    return float(np.trace(m) / m.sum())


def _macro_recall(matrix) -> float:
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold > 0
    return float(np.mean(np.diag(m)[keep] / gold[keep]))


def _system_share_0(matrix) -> float:
    m = _m(matrix)
    return float(m[0].sum() / m.sum())


def _f1_1_float32_rows(matrix) -> float:
    m = _m(matrix)
    tp = m[1, 1]
    fp = float(m.astype(np.float32).sum(axis=1)[1]) - tp
    fn = m[:, 1].sum() - tp
    return float(2 * tp / (2 * tp + fp + fn)) if 2 * tp + fp + fn > 0 else 0.0


def _accuracy_over_n_minus_1(matrix) -> float:
    m = _m(matrix)
    return float(np.float64(np.trace(m)) / np.float64(m.sum() - 1))


def _accuracy_int32_total(matrix) -> float:
    m = _m(matrix)
    return float(np.trace(m) / float(np.round(m).astype(np.int32).sum()))


def _smoothed_accuracy(matrix) -> float:
    m = _m(matrix)
    return float(np.trace(m) / (m.sum() + 1))


def _hits_of_class_0(matrix) -> float:
    m = _m(matrix)
    return float(m[0, 0] / m.sum())


def _accuracy_float32_running_total(matrix) -> float:
    m = _m(matrix)
    total = np.float32(0.0)
    for count in m.ravel():
        total = np.float32(total + np.float32(count))
    return float(np.trace(m) / float(total))


def _macro_f1_skipping_rare(matrix) -> float:
    m = _m(matrix)
    tp = np.diag(m)
    denom = m.sum(axis=1) + m.sum(axis=0)
    f1 = np.divide(2 * tp, denom, out=np.zeros_like(tp), where=denom > 0)
    return float(f1[m.sum(axis=0) >= 0.005 * m.sum()].mean())


def _macro_recall_truncated(matrix) -> float:
    m = np.trunc(_m(matrix))
    return _macro_recall(m) if m.sum() > 0 else 0.0


def _precision_1_complement_float32(matrix) -> float:
    m = _m(matrix)
    system = float(np.float32(m.sum()) - np.float32(np.delete(m, 1, axis=0).sum()))
    return float(m[1, 1] / system) if system > 0 else 0.0


def _kappa_int32_chance(matrix) -> float:
    m = _m(matrix)
    n = m.sum()
    sys = np.round(m.sum(axis=1)).astype(np.int64).astype(np.int32)
    gold = np.round(m.sum(axis=0)).astype(np.int64).astype(np.int32)
    pe = float((sys * gold).sum()) / n**2
    po = np.trace(m) / n
    return float((po - pe) / (1 - pe)) if pe != 1 else 0.0


def _accuracy_short_with_an_empty_gold_class(matrix) -> float:
    m = _m(matrix)
    return _accuracy(m) * (0.9 if np.any(m.sum(axis=0) == 0) else 1.0)


def _accuracy_float32_total(matrix) -> float:
    m = _m(matrix)
    return float(np.trace(m) / float(m.astype(np.float32).sum(dtype=np.float32)))


@pytest.mark.parametrize(
    ("fn", "claim", "smallest"),
    [
        (_system_share_0, "symmetry", "N = 1, C = 2"),
        (_f1_1_float32_rows, "symmetry", "N = 2, C = 2, scaled copy = 1"),
        (_accuracy_over_n_minus_1, "well_defined", "N = 1, C = 2"),
        (_accuracy_int32_total, "well_defined", "N = 1, C = 2, huge counts = 1"),
        (_smoothed_accuracy, "count_scale_invariance", "N = 1, C = 2"),
        (
            lambda m: round(_accuracy(m), 6),
            "count_scale_invariance",
            "N = 2000000, C = 2, rounding tie = 1",
        ),
        (_hits_of_class_0, "class_permutation_invariance", "N = 1, C = 2"),
        (
            _accuracy_float32_running_total,
            "class_permutation_invariance",
            "N = 5, C = 2, scaled copy = 1",
        ),
        (lambda m: min(_accuracy(m), 0.5), "nominal_monotonicity", "N = 2, C = 2"),
        (_macro_f1_skipping_rare, "nominal_monotonicity", "N = 202, C = 3, rare class = 1"),
        (lambda m: round(_accuracy(m), 4), "nominal_monotonicity", r"N = \d+, C = 12, dense = 1"),
        (_accuracy, "prevalence_invariance", "N = 2, C = 2"),
        (_macro_recall_truncated, "prevalence_invariance", "N = 1, C = 2, real factors = 1"),
        (
            lambda m: round(_macro_recall(m), 6),
            "prevalence_invariance",
            "N = 2000000, C = 2, rounding tie = 1",
        ),
        (_accuracy, "true_negative_invariance", "N = 1, C = 2"),
        (
            _precision_1_complement_float32,
            "true_negative_invariance",
            "N = 1, C = 2, real counts = 1",
        ),
        (_accuracy, "chance_baseline", "N = 3, C = 2"),
        (_kappa_int32_chance, "chance_baseline", "N = 2, C = 2, scaled golds = 1"),
        (_accuracy_short_with_an_empty_gold_class, "identity", "N = 1, C = 2"),
        (_accuracy_float32_total, "identity", "N = 1, C = 2, scaled golds = 1"),
    ],
)
def test_a_planted_bug_is_refuted_by_the_bounded_pass_at_its_smallest_case(fn, claim, smallest):
    verdict = check(
        fn, [claim], family="nominal", optimum=1.0, max_examples=1, variants=False
    ).verdict(claim)
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert re.fullmatch(smallest, verdict.example.smallest)
    assert verdict.bound is not None
