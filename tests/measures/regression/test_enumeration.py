"""The bounded pass's enumerators of the regression claims (measures.regression.enumeration)."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.cases import Case, CaseRequest, Level
from axiometrics.checker.runner import sample_cases
from axiometrics.claims import get_claim
from axiometrics.family import get_family
from axiometrics.measures.regression import enumeration as enum
from axiometrics.measures.regression.cases import keeps_order
from axiometrics.measures.regression.family import prepare_regression

CLAIMS = (
    "well_defined",
    "symmetry",
    "item_order_invariance",
    "translation_invariance",
    "scale_homogeneity",
    "prediction_affine_invariance",
    "prediction_monotone_invariance",
    "identity",
    "error_monotonicity",
    "weight_semantics",
    "bounded_influence",
)
REQUEST = CaseRequest("regression")
CORNER = "corner items"


def _grid_inputs(n: int) -> int:
    return 9**n


def _corner_inputs(n: int) -> int:
    # Seven corner items, one of them of zero weight: all-zero weights left out.
    return 7**n - 1


#: The cases of each claim's levels, ``{(n, corner): count}``, in closed form.
COUNTS: dict[str, dict[tuple[int, bool], int]] = {
    "well_defined": {(n, False): _grid_inputs(n) for n in (1, 2, 3)}
    | {(n, True): _corner_inputs(n) for n in (1, 2)},
    "item_order_invariance": {
        (2, False): _grid_inputs(2) - _grid_inputs(1),
        (3, False): 2 * _grid_inputs(3) - _grid_inputs(2) - _grid_inputs(1),
        (2, True): _corner_inputs(2) - _corner_inputs(1),
    },
    "prediction_monotone_invariance": {(n, False): _grid_inputs(n) for n in (1, 2, 3)}
    | {(n, True): 2 * _corner_inputs(n) for n in (1, 2)},
    "identity": {(n, False): 9**n - 3**n for n in (1, 2, 3)}
    | {(n, True): _corner_inputs(n) for n in (1, 2)},
    # Items with p != y (6 of 9 pairs) times the two fractions.
    "error_monotonicity": {(n, False): 2 * n * 6 * 9 ** (n - 1) for n in (1, 2, 3)},
    # Values {0, 1}, weights {0, 1, 2} not all zero: every input scaled, those
    # with a weight 2 repeated, those with a zero weight (not all zero) dropped.
    "weight_semantics": {
        (n, False): (12**n - 4**n) + (12**n - 8**n) + (12**n - 8**n - 4**n) for n in (1, 2)
    }
    | {(n, True): _corner_inputs(n) + (7**n - 6**n) + (7**n - 6**n - 1) for n in (1, 2)},
    # The moved prediction's own value is left out on the grid.
    "bounded_influence": {(n, False): n * _grid_inputs(n) // 3 for n in (1, 2, 3)}
    | {(n, True): n * _corner_inputs(n) for n in (1, 2)},
}
for _same in (
    "symmetry",
    "translation_invariance",
    "scale_homogeneity",
    "prediction_affine_invariance",
):
    COUNTS[_same] = COUNTS["well_defined"]

#: Cases of each claim at the ``ci`` bound (1000 cases per claim), and what they cover.
CI_BOUND = {
    "well_defined": (873, "N <= 3; N <= 2 at corner items = 7"),
    "symmetry": (873, "N <= 3; N <= 2 at corner items = 7"),
    "item_order_invariance": (114, "N <= 2; N <= 2 at corner items = 7"),
    "translation_invariance": (873, "N <= 3; N <= 2 at corner items = 7"),
    "scale_homogeneity": (873, "N <= 3; N <= 2 at corner items = 7"),
    "prediction_affine_invariance": (873, "N <= 3; N <= 2 at corner items = 7"),
    "prediction_monotone_invariance": (927, "N <= 3; N <= 2 at corner items = 7"),
    "identity": (834, "N <= 3; N <= 2 at corner items = 7"),
    "error_monotonicity": (228, "N <= 2"),
    "weight_semantics": (364, "N <= 2; N <= 2 at corner items = 7"),
    "bounded_influence": (888, "N <= 3; N <= 2 at corner items = 7"),
}
#: A built-in measure that satisfies each claim (scale_homogeneity at its declared degree).
CORRECT = {
    "well_defined": "mean_squared_error",
    "symmetry": "mean_squared_error",
    "item_order_invariance": "kendalltau",
    "translation_invariance": "r2",
    "scale_homogeneity": "mean_squared_error",
    "prediction_affine_invariance": "pearsonr",
    "prediction_monotone_invariance": "spearmanr",
    "identity": "mean_absolute_error",
    "error_monotonicity": "mean_squared_error",
    "weight_semantics": "mean_absolute_error",
    "bounded_influence": "spearmanr",
}


def _enumerator(claim: str):
    return get_claim(claim).procedure("regression").enumerate


def _within(levels, budget: int) -> list[tuple[Level, list[Case]]]:
    """The levels a bounded pass of ``budget`` cases finishes, with their cases."""
    out, used = [], 0
    for level in levels:
        if level.count > budget - used:
            break
        used += level.count
        out.append((level, list(level.cases())))
    return out


def _cases(claim: str, budget: int = 1000) -> list[Case]:
    return [case for _, cases in _within(_enumerator(claim)(REQUEST), budget) for case in cases]


def _entries(case: Case) -> list[tuple[np.ndarray, ...]]:
    return [case.entry(k) for k in range(case.n_entries)]


def _key(case: Case) -> bytes:
    parts = [repr(sorted(case.info.items())).encode()]
    for entry in _entries(case):
        parts += [b"/".join(np.ascontiguousarray(a).tobytes() for a in entry), b"|"]
    return b"".join(parts)


def _n(level: Level) -> int:
    return dict(level.size)["N"]


def _corner(level: Level) -> bool:
    return CORNER in dict(level.size)


# -- what every enumerator promises -------------------------------------------------------


@pytest.mark.parametrize("claim", CLAIMS)
def test_levels_come_by_item_count_grid_first_each_size_once_and_hold_exactly_their_count(
    registry, claim
):
    levels = _within(_enumerator(claim)(REQUEST), 3000)
    order = [(_n(level), _corner(level)) for level, _ in levels]
    assert order == sorted(order)
    assert len({level.size for level, _ in levels}) == len(levels)
    for corner in (False, True):
        sizes = [_n(level) for level, _ in levels if _corner(level) == corner]
        assert sizes == list(range(sizes[0], sizes[0] + len(sizes))) if sizes else True
    for level, cases in levels:
        assert level.count == COUNTS[claim][(_n(level), _corner(level))], level.label
        assert len(cases) == level.count
        assert len({_key(case) for case in cases}) == len(cases)


@pytest.mark.parametrize("claim", CLAIMS)
def test_every_entry_is_a_valid_input_on_the_grid_or_the_corner_items(registry, claim):
    corner_values = {v for item in enum.CORNER_ITEMS for v in item[:2]}
    grid_values = set(enum.GRID) | set(enum.WEIGHT_GRID)
    for level, cases in _within(_enumerator(claim)(REQUEST), 1000):
        for case in cases:
            y, p, w = case.entry(0)
            assert y.shape == p.shape == w.shape == (_n(level),)
            allowed = corner_values if _corner(level) else grid_values
            assert set(y.tolist()) <= allowed
            assert np.any(w > 0)
            for entry in _entries(case):
                prepare_regression(entry, None)


@pytest.mark.parametrize("claim", CLAIMS)
def test_cases_have_the_names_and_info_of_the_cases_the_strategy_draws(registry, claim):
    drawn = sample_cases(get_claim(claim), "regression", n=60, seed_value=0)
    enumerated = _cases(claim)
    assert {tuple(case.info) for case in enumerated} <= {tuple(case.info) for case in drawn}
    assert {case.names for case in enumerated} <= {case.names for case in drawn}


@pytest.mark.parametrize("claim", CLAIMS)
def test_a_correct_measure_holds_on_every_case_of_the_ci_bound(registry, claim):
    verdict = check(
        CORRECT[claim], [claim], max_examples=1, variants=False, registry=registry
    ).verdict(claim)
    assert verdict.outcome.value == "not_refuted", verdict.summary()
    assert verdict.bound is not None
    assert (verdict.bound.n_cases, verdict.bound.reached) == CI_BOUND[claim]


def test_the_family_enumerates_every_input_as_one_entry(registry):
    levels = _within(get_family("regression").enumerate_inputs(REQUEST), 1000)
    assert [level.count for level, _ in levels] == [9, 6, 81, 48, 729]
    for _, cases in levels:
        assert all(case.names == ("input",) for case in cases)


def test_an_item_cap_ends_the_streams(registry):
    levels = list(_enumerator("symmetry")(CaseRequest("regression", max_items=1)))
    assert sorted(_n(level) for level in levels) == [1, 1]


# -- the relations each claim enumerates ---------------------------------------------------------


def test_the_corner_items_reach_the_corners_the_strategies_steer_to():
    y, p, w = (np.array(col) for col in zip(*enum.CORNER_ITEMS, strict=True))
    top = float(np.finfo(float).max)
    assert {top, -top, 5e-324, -1.0, 0.0} <= set(y.tolist()) | set(p.tolist())
    assert {0.0, 2.0} <= set(w.tolist())
    assert len(set(y.tolist())) == len(y)  # identity's (y, y) cases are distinct


def test_monotone_maps_keep_the_order_of_the_predictions(registry):
    for case in _cases("prediction_monotone_invariance"):
        (_, p, _), (_, moved, _) = _entries(case)
        assert keeps_order(p, moved)


def test_error_moves_keep_to_multiples_of_one_eighth_and_do_not_pass_the_truth(registry):
    for case in _cases("error_monotonicity"):
        (y, p, _), (_, moved, _) = _entries(case)
        i = case.info["item"]
        assert np.all(moved * 8 == np.round(moved * 8))
        assert abs(moved[i] - y[i]) < abs(p[i] - y[i])
        assert np.all(np.delete(moved, i) == np.delete(p, i))


def test_influence_moves_one_prediction_beyond_every_other_value_then_further(registry):
    for case in _cases("bounded_influence"):
        (y, a, _), (_, b, _) = _entries(case)
        i = case.info["item"]
        others = np.concatenate([y, np.delete(a, i)])
        if a[i] == b[i]:
            continue  # no gap fits in float64: both entries keep p
        if a[i] > others.max():
            assert b[i] > a[i]
        else:
            assert b[i] < a[i] < others.min()


def test_weight_cases_repeat_drop_and_scale_where_it_moves_something(registry):
    kinds: dict[tuple[str, ...], int] = {}
    for case in _cases("weight_semantics"):
        kinds[case.names] = kinds.get(case.names, 0) + 1
        (_, _, w), (_, _, moved) = _entries(case)
        assert w.shape != moved.shape or np.any(w != moved)
    assert set(kinds) == {
        ("w", "k w"),
        ("zero weights", "rows removed"),
        ("integer weights", "rows repeated"),
    }


# -- the bounded pass alone finds the smallest counterexample -------------------------------


def _mae(y, p):
    return float(np.mean(np.abs(y - p)))


PLANTED = {
    # (y - p)^2 summed over n - 1 items: one item divides by zero
    "well_defined": (lambda y, p: float(np.sum((y - p) ** 2) / (y.size - 1)), "N = 1"),
    # only over-predictions count
    "symmetry": (lambda y, p: float(np.mean(np.maximum(y - p, 0.0))), "N = 1"),
    # the first item counts twice
    "item_order_invariance": (
        lambda y, p: float(abs(y[0] - p[0]) + np.mean(np.abs(y - p))),
        "N = 2",
    ),
    # the mean true magnitude leaks into the score
    "translation_invariance": (
        lambda y, p: _mae(y, p) + 1e-3 * float(np.mean(np.abs(y))),
        "N = 1",
    ),
    # MAE declares no degree: scale invariance fails
    "scale_homogeneity": (_mae, "N = 1"),
    "prediction_affine_invariance": (_mae, "N = 1"),
    "prediction_monotone_invariance": (_mae, "N = 1"),
    # a constant offset: p = y does not score the optimum 0
    "identity": (lambda y, p: _mae(y, p) + 0.01, "N = 1"),
    # the largest error ignores a move of any other item
    "error_monotonicity": (lambda y, p: float(np.max(np.abs(y - p))), "N = 2"),
    "bounded_influence": (_mae, "N = 1"),
}


@pytest.mark.parametrize("claim", sorted(PLANTED))
def test_the_bounded_pass_alone_refutes_a_planted_bug_with_its_smallest_case(registry, claim):
    planted, smallest = PLANTED[claim]
    report = check(
        planted,
        [claim],
        family="regression",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        expect={claim: "holds"},
        max_examples=1,
        variants=False,
        registry=registry,
    )
    verdict = report.verdict(claim)
    assert verdict.outcome.value == "refuted", verdict.summary()
    assert verdict.example is not None
    assert verdict.example.smallest is not None
    assert verdict.example.smallest.split(",")[0] == smallest


def test_the_bounded_pass_alone_refutes_unnormalised_weights_with_its_smallest_case(registry):
    def weighted_total(y, p, w):
        return float(np.sum(w * np.abs(y - p)))

    report = check(
        weighted_total,
        ["weight_semantics"],
        family="regression",
        signature="y_true,y_pred,sample_weight",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        max_examples=1,
        variants=False,
        registry=registry,
    )
    verdict = report.verdict("weight_semantics")
    assert verdict.outcome.value == "refuted", verdict.summary()
    assert verdict.example is not None
    assert verdict.example.smallest is not None
    assert verdict.example.smallest.startswith("N = 1")
