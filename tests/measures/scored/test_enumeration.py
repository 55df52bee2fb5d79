"""The bounded pass's enumerators of the scored claims (axiometrics.measures.scored.enumeration)."""

from __future__ import annotations

import ast
import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, find, settings

import axiometrics as ax
from axiometrics.checker.cases import Case, CaseRequest, Level
from axiometrics.checker.enumeration import fubini
from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim, get_precondition
from axiometrics.family import get_family
from axiometrics.measures.scored import enumeration as enum
from axiometrics.measures.scored.procedures import REPEAT_CHOICES, keeps_order
from axiometrics.measures.scored.strategies import TRANSFORM_KINDS, increasing_score_transforms

CLAIMS = (
    "well_defined",
    "identity",
    "monotone_transform_invariance",
    "swap_monotonicity",
    "prevalence_invariance",
    "label_flip_symmetry",
    "item_order_invariance",
)
#: Cases of each claim at the ``ci`` bound (1000 cases per claim), and what they cover.
CI_BOUND = {
    "well_defined": (930, "N <= 3; N <= 2 at corner scores = 14"),
    "identity": (360, "N <= 4; N <= 2 at corner scores = 14"),
    "monotone_transform_invariance": (966, "N <= 3; N <= 2 at corner scores = 14"),
    "swap_monotonicity": (244, "N <= 3; N <= 2 at corner scores = 14"),
    "prevalence_invariance": (812, "N <= 3; N <= 2 at corner scores = 14"),
    "label_flip_symmetry": (476, "N <= 3; N <= 2 at corner scores = 14"),
    "item_order_invariance": (548, "N <= 3; N <= 2 at corner scores = 14"),
}
REQUEST = CaseRequest("scored")
MAX = float(np.finfo(float).max)
FIND = settings(max_examples=500, database=None, suppress_health_check=list(HealthCheck))


def _enumerator(claim: str):
    return get_claim(claim).procedure("scored").enumerate


def _within(levels, budget: int) -> list[tuple[Level, list[Case]]]:
    """The levels a bounded pass of ``budget`` cases finishes, with their cases."""
    out, used = [], 0
    for level in levels:
        if level.count > budget - used:
            break
        used += level.count
        out.append((level, list(level.cases())))
    return out


def _cases(claim: str, budget: int = 1000, request: CaseRequest = REQUEST) -> list[Case]:
    return [case for _, cases in _within(_enumerator(claim)(request), budget) for case in cases]


def _entries(case: Case) -> list[tuple[np.ndarray, np.ndarray]]:
    return [case.entry(k) for k in range(case.n_entries)]


def _key(case: Case) -> bytes:
    parts = [repr(sorted(case.info.items())).encode()]
    for scores, gold in _entries(case):
        parts += [np.ascontiguousarray(scores).tobytes(), b"/", gold.tobytes(), b"|"]
    return b"".join(parts)


def _dense_ranks(scores: np.ndarray) -> np.ndarray:
    return np.unique(scores, return_inverse=True)[1].reshape(scores.shape)


def _n(level: Level) -> int:
    return dict(level.size)["N"]


def _corner(level: Level) -> bool:
    return "corner scores" in dict(level.size)


# -- what every enumerator promises -------------------------------------------------------


@pytest.mark.parametrize("claim", CLAIMS)
def test_levels_come_cheapest_first_each_size_once_and_hold_exactly_their_count(claim):
    levels = _within(_enumerator(claim)(REQUEST), 3000)
    counts = [level.count for level, _ in levels]
    assert counts == sorted(counts)
    assert len({level.size for level, _ in levels}) == len(levels)
    for corner in (False, True):
        sizes = [_n(level) for level, _ in levels if _corner(level) == corner]
        assert sizes == list(range(sizes[0], sizes[0] + len(sizes)))
    for level, cases in levels:
        assert len(cases) == level.count
        assert len({_key(case) for case in cases}) == len(cases)


@pytest.mark.parametrize("claim", CLAIMS)
def test_every_entry_is_a_valid_input_of_its_size_on_ranks_or_corner_scores(claim):
    prepare = get_family("scored").prepare
    corners = set(enum.CORNER_SCORES)
    # A transform's first entry is on ranks, its second where the map sends them.
    transform = claim == "monotone_transform_invariance"
    for level, cases in _within(_enumerator(claim)(REQUEST), 1000):
        for case in cases:
            scores, gold = case.entry(0)
            assert scores.shape == gold.shape == (_n(level),)
            assert scores.dtype == gold.dtype == np.float64
            if _corner(level) and not transform:
                assert set(scores.tolist()) <= corners
            else:
                np.testing.assert_array_equal(scores, _dense_ranks(scores))
            if _corner(level) and transform:
                assert set(case.entry(1)[0].tolist()) <= corners
            for entry in _entries(case):
                prepare(entry, None)


@pytest.mark.parametrize("claim", CLAIMS)
def test_cases_have_the_names_and_info_of_the_cases_the_strategy_draws(claim):
    drawn = sample_cases(get_claim(claim), "scored", n=30, seed_value=0)
    enumerated = _cases(claim)
    assert {tuple(case.info) for case in enumerated} == {tuple(case.info) for case in drawn}
    if claim == "prevalence_invariance":
        assert {case.names[0] for case in enumerated} == {case.names[0] for case in drawn}
        assert all(case.names[1] == f"positives x{case.info['k']}" for case in enumerated)
    else:
        assert {case.names for case in enumerated} == {case.names for case in drawn}


@pytest.mark.parametrize("claim", CLAIMS)
def test_a_correct_measure_holds_on_every_case_of_the_ci_bound(claim):
    # roc_auc satisfies every scored claim: no enumerated case may be decided against it.
    verdict = ax.check("roc_auc", [claim], max_examples=1, variants=False).verdict(claim)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert (verdict.bound.n_cases, verdict.bound.reached) == CI_BOUND[claim]


def test_the_corner_scores_are_distinct_floats_with_adjacent_pairs_and_the_extremes():
    corners = np.array(enum.CORNER_SCORES)
    assert np.all(corners[1:] > corners[:-1])
    assert corners[0] == -MAX
    assert corners[-1] == MAX
    for low in (0.0, 1.0 - 2.0**-53):
        assert np.nextafter(low, np.inf) in corners
        assert low in corners


def test_a_requested_precondition_drops_the_cases_it_would_put_outside():
    request = CaseRequest("scored", preconditions=frozenset({"distinct_scores"}))
    predicate = get_precondition("distinct_scores").predicate("scored")
    for claim in CLAIMS:
        levels = _within(_enumerator(claim)(request), 1000)
        cases = [case for _, level_cases in levels for case in level_cases]
        assert all(case.satisfies(predicate) for case in cases)
        assert all(len(level_cases) <= level.count for level, level_cases in levels)
        # Repeating a positive ties it with itself: no prevalence case is left.
        assert (len(cases) == 0) == (claim == "prevalence_invariance"), claim


def test_an_item_cap_ends_the_streams():
    request = CaseRequest("scored", max_items=2)
    sizes = [level.size for level in enum.well_defined_levels(request)]
    corner = ("corner scores", 14)
    assert sizes == [(("N", 1),), (("N", 2),), (("N", 1), corner), (("N", 2), corner)]


# -- each claim's cases -------------------------------------------------------------------


def test_well_defined_holds_every_labelling_and_tie_pattern_from_one_item():
    levels = _within(enum.well_defined_levels(REQUEST), 1000)
    for level, cases in levels:
        n = _n(level)
        golds = 2**n
        if _corner(level):
            per_gold = sum(comb(len(enum.CORNER_SCORES), len(set(p))) for p in _patterns(n))
            assert len(cases) == golds * per_gold
        else:
            assert len(cases) == golds * fubini(n)
            seen = {(case.entry(0)[0].tobytes(), case.entry(0)[1].tobytes()) for case in cases}
            assert len(seen) == len(cases)
    first = [case.entry(0) for case in levels[0][1]]
    assert [(s.tolist(), y.tolist()) for s, y in first] == [([0.0], [0.0]), ([0.0], [1.0])]


def _patterns(n: int) -> list[tuple[int, ...]]:
    return [r for r in itertools.product(range(n), repeat=n) if set(r) == set(range(max(r) + 1))]


def test_identity_enumerates_every_perfect_separation_of_ranks_once():
    for level, cases in _within(enum.identity_levels(REQUEST), 1000):
        for case in cases:
            scores, gold = case.entry(0)
            assert 0 < gold.sum() < gold.size
            assert scores[gold == 1].min() > scores[gold == 0].max()
        if not _corner(level):
            n = _n(level)
            expected = {
                (r, y)
                for r in _patterns(n)
                for y in itertools.product((0, 1), repeat=n)
                if 0 < sum(y) < n
                and min(a for a, b in zip(r, y, strict=True) if b)
                > max(a for a, b in zip(r, y, strict=True) if not b)
            }
            found = {
                (tuple(int(x) for x in c.entry(0)[0]), tuple(int(x) for x in c.entry(0)[1]))
                for c in cases
            }
            assert found == expected


def test_identity_reaches_gaps_of_one_ulp_on_the_corner_scores():
    gaps = set()
    for level, cases in _within(enum.identity_levels(REQUEST), 1000):
        if _corner(level):
            for case in cases:
                scores, gold = case.entry(0)
                low, high = scores[gold == 1].min(), scores[gold == 0].max()
                if np.nextafter(high, np.inf) == low:
                    gaps.add(float(high))
    assert gaps == {0.0, 1.0 - 2.0**-53}


def test_transforms_keep_the_order_of_the_ranks_and_change_the_scores():
    for level, cases in _within(enum.transform_levels(REQUEST), 1000):
        for case in cases:
            (ranks, gold), (moved, moved_gold) = _entries(case)
            np.testing.assert_array_equal(gold, moved_gold)
            np.testing.assert_array_equal(ranks, _dense_ranks(ranks))
            assert keeps_order(ranks, moved)
            assert not np.array_equal(ranks, moved)
            if _corner(level):
                assert case.info["f"].endswith(repr(np.unique(moved).tolist()))
            else:
                np.testing.assert_array_equal(moved, enum.RANK_MAPS[case.info["f"]](ranks[None])[0])


@pytest.mark.parametrize("kind", [k for k in TRANSFORM_KINDS if k.endswith("_rank")])
def test_the_rank_maps_are_the_strategys_and_give_what_it_gives(kind):
    transform = find(increasing_score_transforms(kinds=(kind,)), lambda f: True, settings=FIND)
    if kind == "dense_rank":
        assert transform.name not in enum.RANK_MAPS  # the identity on ranks
        return
    ranks = np.array([[0, 2, 1, 1, 0]])
    np.testing.assert_array_equal(enum.RANK_MAPS[transform.name](ranks)[0], transform(ranks[0]))


def test_swaps_exchange_every_discordant_pair_once():
    levels = _within(enum.swap_levels(REQUEST), 1000)
    for level, cases in levels:
        for case in cases:
            (before, gold), (after, gold_after) = _entries(case)
            np.testing.assert_array_equal(gold, gold_after)
            moved = np.flatnonzero(before != after)
            i, j = (int(m) for m in moved[np.argsort(gold[moved])[::-1]])
            assert (gold[i], gold[j]) == (1.0, 0.0)
            assert before[j] > before[i]
            assert (after[i], after[j]) == (before[j], before[i])
            assert case.info["swap"].startswith(f"positive item {i} (score ")
        if not _corner(level):
            n = _n(level)
            expected = sum(
                1
                for r in _patterns(n)
                for y in itertools.product((0, 1), repeat=n)
                for i, j in itertools.permutations(range(n), 2)
                if y[i] == 1 and y[j] == 0 and r[j] > r[i]
            )
            assert len(cases) == expected
    assert [level.count for level, _ in levels] == [2, 60, 182]


def test_prevalence_repeats_the_positives_by_every_factor_of_its_stream():
    few = set(range(2, 7))
    drawn = few | {k for ks in REPEAT_CHOICES.values() for k in ks}
    assert set(enum.RANK_REPEATS) | set(enum.CORNER_REPEATS) <= drawn
    for level, cases in _within(enum.prevalence_levels(REQUEST), 1000):
        factors = enum.CORNER_REPEATS if _corner(level) else enum.RANK_REPEATS
        assert len(cases) % len(factors) == 0
        for index, case in enumerate(cases):
            (scores, gold), (more_scores, more_gold) = _entries(case)
            k = int(case.info["k"])
            assert k == factors[index % len(factors)]
            expected = enum.repeat_positives(scores, gold, k)
            np.testing.assert_array_equal(more_scores, expected[0])
            np.testing.assert_array_equal(more_gold, expected[1])


def test_a_repetition_factor_is_lowered_to_fit_as_the_strategy_lowers_it():
    assert enum.fitted_repeat(1000, 6, 1) == (enum.MAX_REPEATED_ITEMS - 1) // 6
    assert enum.fitted_repeat(1000, 3, 1) == 1000
    assert enum.fitted_repeat(5, 5000, 0) == 2


def test_flips_negate_the_scores_and_exchange_the_labels():
    for _, cases in _within(enum.flip_levels(REQUEST), 1000):
        for case in cases:
            (scores, gold), (flipped, flipped_gold) = _entries(case)
            np.testing.assert_array_equal(flipped, -scores)
            np.testing.assert_array_equal(flipped_gold, 1.0 - gold)


def test_permutations_exchange_the_first_two_items_or_rotate_and_move_something():
    for level, cases in _within(enum.order_levels(REQUEST), 1000):
        n = _n(level)
        exchange = [1, 0, *range(2, n)]
        rotation = [*range(1, n), 0]
        shown = {str(case.info["permutation"]) for case in cases}
        assert shown == ({str(exchange)} if n == 2 else {str(exchange), str(rotation)})
        for case in cases:
            (scores, gold), (permuted, permuted_gold) = _entries(case)
            order = np.array(ast.literal_eval(case.info["permutation"]))
            np.testing.assert_array_equal(permuted, scores[order])
            np.testing.assert_array_equal(permuted_gold, gold[order])
            assert not (np.array_equal(permuted, scores) and np.array_equal(permuted_gold, gold))


def test_the_family_enumerates_every_input_as_one_entry():
    levels = _within(get_family("scored").enumerate_inputs(REQUEST), 1000)
    assert [level.count for level, _ in levels] == [2, 12, 28, 104, 784]
    for _, cases in levels:
        assert all(case.names == ("input",) for case in cases)


# -- the bounded pass alone finds the smallest counterexample -------------------------------


def _auc(gold, scores) -> float:
    """ROC AUC by comparing every positive with every negative (no subtraction)."""
    y, s = np.asarray(gold), np.asarray(scores, dtype=float)
    pos, neg = s[y == 1][:, None], s[y == 0][None, :]
    return float(((pos > neg) + 0.5 * (pos == neg)).mean()) if pos.size and neg.size else 0.5


def _auc_rounded(gold, scores):
    return _auc(gold, np.round(np.asarray(scores, dtype=float), 3))


def _auc_isclose_ties(gold, scores):
    s = np.asarray(scores, dtype=float)
    order = np.argsort(s, kind="stable")
    new_group = np.r_[True, ~np.isclose(s[order][1:], s[order][:-1])]
    groups = np.empty(s.size)
    groups[order] = np.cumsum(new_group)
    return _auc(gold, groups)


def _auc_float32(gold, scores):
    return _auc(gold, np.asarray(scores).astype(np.float32))


def _auc_smoothed(gold, scores):
    y = np.asarray(gold)
    pairs = (y == 1).sum() * (y == 0).sum()
    return (_auc(gold, scores) * pairs + 1) / (pairs + 2)


def _auc_skipping_non_positive(gold, scores):
    keep = np.asarray(scores) > 0
    return _auc(np.asarray(gold)[keep], np.asarray(scores)[keep])


def _auc_argsort_ranks(gold, scores):
    ranks = np.argsort(np.argsort(np.asarray(scores), kind="stable"), kind="stable")
    return _auc(gold, ranks)


def _mean_over_n_minus_one(gold, scores):
    s, y = np.asarray(scores, dtype=float), np.asarray(gold)
    return float(np.sum((s - y) ** 2) / (s.size - 1))


@pytest.mark.parametrize(
    ("planted", "claim", "smallest"),
    [
        # (s - y)^2 summed over n - 1 items: one item divides by zero
        (_mean_over_n_minus_one, "well_defined", "N = 1"),
        # np.isclose ties 0 and 5e-324 (a gap of one ulp)
        (_auc_isclose_ties, "identity", "N = 2, corner scores = 14"),
        # rounding to 3 decimals merges the subnormal image of the ranks 0, 1
        (_auc_rounded, "monotone_transform_invariance", "N = 2"),
        # float32 merges 0 and 5e-324: the swap changes nothing
        (_auc_float32, "swap_monotonicity", "N = 2, corner scores = 14"),
        # the pseudo-counts weigh differently once the pair count changes
        (_auc_smoothed, "prevalence_invariance", "N = 2"),
        # scores 0, 1, 2 keep two items, their negations none
        (_auc_skipping_non_positive, "label_flip_symmetry", "N = 3"),
        # a tied positive and negative ranked by position
        (_auc_argsort_ranks, "item_order_invariance", "N = 2"),
    ],
)
def test_the_bounded_pass_alone_refutes_a_planted_bug_with_its_smallest_case(
    planted, claim, smallest
):
    report = ax.check(
        planted, [claim], family="scored", higher_is_better=True, optimum=1.0, max_examples=1
    )
    verdict = report.verdict(claim)
    assert verdict.outcome.value in ("refuted", "error")
    assert verdict.example is not None
    assert verdict.example.smallest == smallest


def test_sklearn_roc_auc_score_warns_on_two_items_at_the_largest_floats():
    metrics = pytest.importorskip("sklearn.metrics")
    report = ax.check(
        metrics.roc_auc_score,
        ["well_defined"],
        family="scored",
        optimum=1.0,
        undefined="nan",
        max_examples=1,
    )
    verdict = report.verdict("well_defined")
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 2, corner scores = 14"
    assert any("overflow" in w for w in verdict.example.warnings)
    ((scores, _),) = (entry.inputs for entry in verdict.example.entries)
    assert scores.size == 2
    assert -MAX in scores


@pytest.mark.parametrize("measure", ["log_loss", "brier"])
def test_probability_measures_fail_strict_swap_monotonicity_on_two_tiny_probabilities(measure):
    verdict = ax.check(measure, ["swap_monotonicity"], max_examples=1, variants=False).verdict(
        "swap_monotonicity"
    )
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 2, corner scores = 14"
    before, after = (entry.inputs[0] for entry in verdict.example.entries)
    assert sorted(before.tolist()) == sorted(after.tolist()) == [0.0, 5e-324]
