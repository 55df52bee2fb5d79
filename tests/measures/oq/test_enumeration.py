"""The bounded pass's OQ inputs: distribution pairs on the grid 1/k (measures/oq/enumeration.py)."""

from __future__ import annotations

from fractions import Fraction
from itertools import islice
from math import comb, gcd

import numpy as np
import pytest
from hypothesis import HealthCheck, find, settings

import axiometrics as ax
from axiometrics.checker.cases import Case, CaseRequest, Level
from axiometrics.checker.enumeration import VALUE_GRID
from axiometrics.claims import get_precondition
from axiometrics.measures.oq import enumeration as oq_enum
from axiometrics.measures.oq import procedures
from axiometrics.measures.oq.family import FAMILY
from axiometrics.measures.oq.strategies import orders_agree

FIND = settings(max_examples=200, database=None, suppress_health_check=list(HealthCheck))

#: A request as the strict claims make it (counts up to 100).
REQUEST = CaseRequest("oq", max_count=100)

PROCEDURES = {
    "ordinal_invariance": procedures.ORDINAL_INVARIANCE,
    "symmetry": procedures.SYMMETRY,
    "priority_preservation": procedures.PRIORITY_PRESERVATION,
    "priority_violation": procedures.PRIORITY_VIOLATION,
    "point_mass_monotonicity": procedures.POINT_MASS_MONOTONICITY,
    "mass_transfer_monotonicity": procedures.MASS_TRANSFER_MONOTONICITY,
    "identity": procedures.IDENTITY,
    "well_defined": procedures.WELL_DEFINED,
}


def _claim_request(claim: str, **extra) -> CaseRequest:
    floor = 3 if claim == "point_mass_monotonicity" else 2
    return CaseRequest("oq", min_classes=floor, max_count=100, **extra)


def _within(levels, budget: int) -> list[tuple[Level, list[Case]]]:
    """The levels a bounded pass of ``budget`` cases finishes, with their cases."""
    out, used = [], 0
    for level in levels:
        if level.count > budget - used:
            break
        used += level.count
        out.append((level, list(level.cases())))
    return out


def _key(case: Case) -> bytes:
    arrays = [*case.inputs, np.asarray(case.values)]
    return b"|".join(np.ascontiguousarray(a, dtype=float).tobytes() for a in arrays)


def _as_fractions(p: np.ndarray) -> tuple[Fraction, ...]:
    return tuple(Fraction(float(x)).limit_denominator(1000) for x in p)


# -- counts and coverage --------------------------------------------------------------


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("k", [1, 2, 3, 5, 6])
def test_grid_distributions_are_every_composition_of_k_units_once(k, n_classes):
    counts = oq_enum.grid_distributions(k, n_classes)
    assert counts.shape == (comb(k + n_classes - 1, n_classes - 1), n_classes)
    assert len(counts) == oq_enum.distribution_count(k, n_classes)
    assert np.all(counts.sum(axis=1) == k)
    assert len({row.tobytes() for row in counts}) == len(counts)


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("k", [1, 4, 6, 7])
def test_the_grid_1_over_k_is_the_union_of_the_primitive_distributions_of_its_divisors(
    k, n_classes
):
    primitive = oq_enum.primitive_distributions(k, n_classes)
    assert len(primitive) == oq_enum.primitive_count(k, n_classes)
    assert all(gcd(*map(int, row)) == 1 for row in primitive)
    on_grid = {
        tuple(int(x) * (k // d) for x in row)
        for d in range(1, k + 1)
        if k % d == 0
        for row in oq_enum.primitive_distributions(d, n_classes)
    }
    assert on_grid == {tuple(map(int, row)) for row in oq_enum.grid_distributions(k, n_classes)}
    assert sum(oq_enum.primitive_count(d, n_classes) for d in range(1, k + 1) if k % d == 0) == (
        oq_enum.distribution_count(k, n_classes)
    )


def test_pair_counts_follow_the_moebius_formula():
    # sum_{d | k} mu(k/d) (d + 1)² for two classes
    assert [oq_enum.pair_count(k, 2) for k in range(1, 9)] == [4, 5, 12, 16, 32, 28, 60, 56]
    assert oq_enum.pair_count(1, 3) == 9
    assert oq_enum.pair_count(2, 3) == 6**2 - 3**2
    assert oq_enum.pair_count(6, 4) == 84**2 - 20**2 - 10**2 + 4**2


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("k", [4, 6])
def test_the_levels_dividing_k_hold_every_pair_on_the_grid_once(k, n_classes):
    seen: list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]] = []
    for d in range(1, k + 1):
        if k % d:
            continue
        system, gold = oq_enum.distribution_pairs_with(d, n_classes)
        assert len(system) == oq_enum.pair_count(d, n_classes)
        for p, q in zip(system, gold, strict=True):
            fp, fq = _as_fractions(p), _as_fractions(q)
            # the smallest common grid of the pair is 1/d
            denominators = [x.denominator for x in fp + fq]
            assert np.lcm.reduce(denominators) == d
            seen.append((fp, fq))
    assert len(seen) == len(set(seen)) == oq_enum.distribution_count(k, n_classes) ** 2


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 6])
def test_the_relations_split_the_pairs_of_a_level(k, n_classes):
    total = oq_enum.pair_count(k, n_classes)
    identical = oq_enum.primitive_count(k, n_classes)
    distinct = oq_enum.distribution_pairs_with(k, n_classes, "distinct")
    unordered = oq_enum.distribution_pairs_with(k, n_classes, "unordered")
    agree = oq_enum.distribution_pairs_with(k, n_classes, "agree")
    disagree = oq_enum.distribution_pairs_with(k, n_classes, "disagree")
    assert len(distinct[0]) == total - identical
    assert 2 * len(unordered[0]) == total - identical
    assert len(agree[0]) + len(disagree[0]) + identical == total
    assert not any(np.array_equal(p, q) for p, q in zip(*distinct, strict=True))
    assert all(orders_agree(p, q) and not np.array_equal(p, q) for p, q in zip(*agree, strict=True))
    assert not any(orders_agree(p, q) for p, q in zip(*disagree, strict=True))
    both_ways = {(_as_fractions(p), _as_fractions(q)) for p, q in zip(*unordered, strict=True)}
    assert not any((q, p) in both_ways for p, q in both_ways)


def test_an_unknown_relation_is_refused():
    with pytest.raises(ValueError, match="relation='close'"):
        oq_enum.distribution_pairs_with(2, 2, "close")


# -- every enumerator: counts, validity, no duplicates, the strategy's kind of case ----------------

ENUMERATORS = {claim: procedure.enumerate for claim, procedure in PROCEDURES.items()}


@pytest.mark.parametrize("claim", sorted(ENUMERATORS))
def test_levels_yield_their_count_of_valid_cases_once_each(claim):
    enumerate_levels = ENUMERATORS[claim]
    assert enumerate_levels is not None
    levels = _within(enumerate_levels(_claim_request(claim)), 3000)
    assert levels
    seen: set[bytes] = set()
    sizes = set()
    for level, cases in levels:
        assert len(cases) == level.count
        assert level.size not in sizes
        sizes.add(level.size)
        k, n_classes = dict(level.size)["k"], dict(level.size)["C"]
        assert 2 <= n_classes <= 5
        for case in cases:
            assert case.n_classes == n_classes
            key = _key(case)
            assert key not in seen
            seen.add(key)
            system, gold = case.inputs
            for p, q in zip(system, gold, strict=True):
                assert np.all(p >= 0)
                assert np.all(q >= 0)
                # every probability lies on the grid 1/k
                assert np.allclose(np.round(p * k), p * k)
                assert np.allclose(np.round(q * k), q * k)
            prepared = FAMILY.prepare((system, gold), case.values[0])
            assert prepared.n_classes == n_classes
    # within a number of classes, k grows
    by_classes: dict[int, list[int]] = {}
    for level, _ in levels:
        by_classes.setdefault(dict(level.size)["C"], []).append(dict(level.size)["k"])
    assert all(ks == sorted(ks) for ks in by_classes.values())


@pytest.mark.parametrize("claim", sorted(ENUMERATORS))
def test_enumerated_cases_look_like_the_strategys(claim):
    procedure = PROCEDURES[claim]
    request = _claim_request(claim)
    drawn = find(procedure.cases(request), lambda case: True, settings=FIND)
    _, cases = _within(procedure.enumerate(request), 3000)[0]
    for case in cases[:20]:
        assert set(case.info) == set(drawn.info)
        assert np.shape(case.values)[0] == case.n_entries
        if claim != "point_mass_monotonicity":
            assert case.names == drawn.names
        else:
            assert all(name.startswith("D(e_") for name in case.names)


def test_ordinal_invariance_maps_the_values_onto_every_increasing_grid_vector():
    levels = _within(oq_enum.invariance_levels(REQUEST), 1000)
    level, cases = levels[0]
    assert level.size == (("k", 1), ("C", 2))
    per_pair = comb(len(VALUE_GRID), 2) - 1  # all but v = [0, 1] itself
    assert level.count == oq_enum.pair_count(1, 2) * per_pair
    first = cases[:per_pair]
    assert all(np.array_equal(c.values[0], [0.0, 1.0]) for c in first)
    maps = {tuple(c.values[1]) for c in first}
    assert len(maps) == per_pair
    assert (0.0, 1.0) not in maps
    assert all(b > a for a, b in maps)
    assert (1.0, 1.0 + 1e-9) in maps
    assert (-3.0, 1e9) in maps
    integer = _within(oq_enum.invariance_levels(CaseRequest("oq", integer_values=True)), 1000)
    assert all(float(x).is_integer() for c in integer[0][1] for x in c.values.ravel())


def test_symmetry_pairs_come_once_and_never_identical():
    _, cases = _within(oq_enum.symmetry_levels(REQUEST), 100)[2]
    for case in cases:
        (p, q), (q2, p2) = case.inputs[0], case.inputs[1]
        assert np.array_equal(p, p2)
        assert np.array_equal(q, q2)
        assert not np.array_equal(p, q)


@pytest.mark.parametrize("preserving", [True, False])
def test_priority_cases_keep_or_break_the_gold_order(preserving):
    levels = _within(oq_enum.priority_levels(REQUEST, preserving=preserving), 2000)
    assert sum(level.count for level, _ in levels) > 100
    for _, cases in levels:
        for case in cases:
            p, q = case.inputs[0][0], case.inputs[1][0]
            assert np.array_equal(case.inputs[0][1], q)
            assert orders_agree(p, q) is preserving


def test_point_mass_golds_leave_two_bins_empty_at_one_end_and_score_every_one_hot_beyond():
    levels = _within(oq_enum.point_mass_levels(_claim_request("point_mass_monotonicity")), 2000)
    assert levels[0][0].size == (("k", 1), ("C", 3))
    assert levels[0][0].count == 2  # [0, 0, 1] and [1, 0, 0]
    assert {dict(level.size)["C"] for level, _ in levels} == {3, 4, 5}
    for _, cases in levels:
        for case in cases:
            gold = case.inputs[1][0]
            support = np.flatnonzero(gold > 0)
            assert support.min() >= 2 or support.max() <= gold.size - 3
            bins = [int(np.argmax(e)) for e in case.inputs[0]]
            assert bins == [b for b in range(gold.size) if b < support.min() or b > support.max()]
            assert np.all(case.inputs[0].sum(axis=1) == 1)


def test_mass_transfers_move_one_unit_one_bin_away_from_all_gold_mass():
    levels = _within(oq_enum.transfer_levels(REQUEST), 2000)
    for level, cases in levels:
        k, n_classes = dict(level.size)["k"], dict(level.size)["C"]
        for case in cases:
            after, before = case.inputs[0]
            gold = case.inputs[1][0]
            moved = np.round((after - before) * k).astype(int)
            source, target = int(np.argmin(moved)), int(np.argmax(moved))
            assert sorted(moved.tolist()) == [-1] + [0] * (n_classes - 2) + [1]
            assert abs(source - target) == 1
            support = np.flatnonzero(gold > 0)
            if target < source:
                assert source <= support.min()
            else:
                assert source >= support.max()
            assert case.info["transfer"] == f"{1 / k:.6g} moved from bin {source} to bin {target}"
    # C = 2: the golds [0, 1] and [1, 0], each with every estimate holding 1/k where it moves from
    assert [level.count for level, _ in levels if dict(level.size)["C"] == 2][:4] == [2, 4, 6, 8]


def test_the_family_enumerates_every_pair_as_one_input():
    levels = list(islice(FAMILY.enumerate_inputs(REQUEST), 6))
    for level in levels:
        k, n_classes = dict(level.size)["k"], dict(level.size)["C"]
        assert level.count == oq_enum.pair_count(k, n_classes)
        cases = list(level.cases())
        assert len(cases) == level.count
        assert all(case.names == ("input",) for case in cases)


# -- preconditions and the count cap -------------------------------------------------------


@pytest.mark.parametrize("claim", sorted(ENUMERATORS))
@pytest.mark.parametrize("precondition", ["no_zero_bin", "gold_no_zero_bin", "gold_not_uniform"])
def test_requested_preconditions_hold_on_every_enumerated_case(claim, precondition):
    request = _claim_request(claim, preconditions=frozenset({precondition}))
    predicate = get_precondition(precondition).predicate("oq")
    levels = _within(ENUMERATORS[claim](request), 1500)
    for _, cases in levels:
        assert all(case.satisfies(predicate) for case in cases)
    needs_zero_gold_bins = claim in ("point_mass_monotonicity", "mass_transfer_monotonicity")
    if needs_zero_gold_bins and precondition != "gold_not_uniform":
        assert levels == []
    else:
        assert sum(level.count for level, _ in levels) > 0


def test_a_small_count_cap_ends_the_enumeration():
    # counts in lowest terms up to 1: the distributions 1/|S| on a set S of bins
    request = CaseRequest("oq", max_classes=2, max_count=1)
    levels = list(oq_enum.well_defined_levels(request))
    assert [dict(level.size)["k"] for level in levels] == [1, 2, 3, 4]
    assert [level.count for level in levels] == [4, 5, 0, 0]
    for level in levels:
        for case in level.cases():
            for p in (case.inputs[0][0], case.inputs[1][0]):
                nonzero = p[p > 0]
                assert np.all(nonzero == nonzero[0])


# -- the bounded pass alone finds the smallest counterexample -----------------------------------


#: How the checker takes a divergence given as a plain callable.
CALLABLE = {"family": "oq", "higher_is_better": False, "optimum": 0.0}


def _total_variation(system, gold):
    return 0.5 * float(np.abs(np.asarray(system) - np.asarray(gold)).sum())


def _unsmoothed_kl(system, gold):
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    return float(np.sum(q * np.log(q / p)))


def _mode_miss(system, gold):
    return float(np.argmax(system) != np.argmax(gold))


@pytest.mark.parametrize(
    ("measure", "claim", "smallest"),
    [
        # EMD weighs the class values: [0, 1] vs [1, 0] scores v_1 - v_0
        ("emd", "ordinal_invariance", "k = 1, C = 2"),
        # RNOD averages over the gold's support: [0, 0, 1] vs [1/2, 1/2, 0]
        ("rnod", "symmetry", "k = 2, C = 3"),
        # NMD weighs magnitudes: [0, 1] orders the bins as [1/3, 2/3] yet scores 1/3
        ("nmd", "priority_preservation", "k = 3, C = 2"),
        # a uniform gold [1/2, 1/2] makes DNKT 0.5 whatever the estimate
        ("dnkt", "identity", "k = 2, C = 2"),
        # RNOD rewards spreading: gold [0, 0, 1], [0, 1, 0] -> [1/2, 1/2, 0] scores better
        ("rnod", "mass_transfer_monotonicity", "k = 2, C = 3"),
        # the mode alone: [1, 0] has the mode of [1/2, 1/2] and scores 0 = D(q, q)
        (_mode_miss, "priority_violation", "k = 2, C = 2"),
        # total variation ignores distance: e_0 and e_1 both score 1 against [0, 0, 1]
        (_total_variation, "point_mass_monotonicity", "k = 1, C = 3"),
        (_total_variation, "mass_transfer_monotonicity", "k = 1, C = 3"),
        # log(q / 0) on the first pair [0, 1] vs [1, 0]
        (_unsmoothed_kl, "well_defined", "k = 1, C = 2"),
    ],
)
def test_the_bounded_pass_finds_the_smallest_counterexample(measure, claim, smallest):
    extra = {} if isinstance(measure, str) else CALLABLE
    report = ax.check(measure, [claim], max_examples=1, bound=1000, variants=False, **extra)
    verdict = report.verdict(claim)
    assert verdict.outcome.value in ("refuted", "error")
    assert verdict.example is not None
    assert verdict.example.smallest == smallest


@pytest.mark.parametrize(
    "claim",
    [
        "ordinal_invariance",
        "symmetry",
        "priority_violation",
        "point_mass_monotonicity",
        "mass_transfer_monotonicity",
        "identity",
        "well_defined",
    ],
)
def test_a_measure_satisfying_the_claim_is_not_refuted_within_the_bound(claim):
    verdict = ax.check("nmd", [claim], max_examples=1, bound=1000, variants=False).verdict(claim)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
    assert verdict.bound.n_cases > 500
