"""The bounded pass: every case up to a size, smallest first (axiometrics.checker.bounded)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import strategies as st

from axiometrics.catalogues import isolated_catalogues
from axiometrics.checker import check
from axiometrics.checker.bounded import Bound, merge_levels
from axiometrics.checker.cases import Case, Level, Procedure
from axiometrics.checker.rules import decide_equal
from axiometrics.claims import Claim, register_claim
from axiometrics.errors import InvalidParameterError

CLAIM = "toy_transpose_invariance"


def _pairs(matrices):
    for m in matrices:
        yield Case((np.stack([m, m.T]),), np.arange(m.shape[0], dtype=float), ("M", "M.T"))


def _levels(request):
    """Every 2 x 2 matrix with N = 1 .. items, then every 3 x 3 one (a small hand-made stream)."""

    def stream(c):
        for n in itertools.count(1):
            cells = [
                np.array(cut, dtype=np.int64)
                for cut in itertools.product(range(n + 1), repeat=c * c)
                if sum(cut) == n
            ]
            matrices = [x.reshape(c, c) for x in cells]
            yield Level((("N", n), ("C", c)), lambda ms=matrices: _pairs(ms), len(matrices))

    return merge_levels(stream(2), stream(3))


def _strategy(request):
    counts = st.lists(st.integers(0, 5), min_size=4, max_size=4).filter(lambda c: sum(c) > 0)
    return counts.map(lambda c: next(_pairs([np.array(c).reshape(2, 2)])))


@pytest.fixture
def transpose_claim():
    with isolated_catalogues():
        register_claim(
            Claim(
                CLAIM,
                "Toy transpose invariance",
                ("oc",),
                "universal",
                "Transposing the confusion matrix leaves the score unchanged.",
                procedures={
                    "oc": Procedure(
                        cases=_strategy, decide=decide_equal("M vs M.T"), enumerate=_levels
                    )
                },
            ),
            plugin="test",
        )
        yield CLAIM


def accuracy(matrix):
    m = np.asarray(matrix, dtype=float)
    return float(np.trace(m) / m.sum())


def accuracy_wrong_at_three_items(matrix):
    m = np.asarray(matrix, dtype=float)
    if m.sum() == 3:  # a bug only three items trigger: row 0's precision instead
        return float(m[0, 0] / max(m[0].sum(), 1.0))
    return float(np.trace(m) / m.sum())


def test_a_violation_is_found_as_the_smallest_case_by_the_bounded_pass(transpose_claim):
    report = check(accuracy_wrong_at_three_items, [CLAIM], family="oc", max_examples=1)
    verdict = report.verdict(CLAIM)
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 3, C = 2"
    assert int(verdict.example.entries[0].inputs[0].sum()) == 3
    assert "smallest counterexample, N = 3, C = 2" in verdict.summary()
    assert "smallest (N = 3, C = 2), found by the bounded pass" in report.render()
    assert verdict.bound is not None
    assert verdict.bound.reached == "N <= 2 at C = 2; N <= 1 at C = 3"


def test_a_correct_measure_holds_for_every_case_within_the_bound(transpose_claim):
    verdict = check(accuracy, [CLAIM], family="oc", bound=200).verdict(CLAIM)
    assert verdict.outcome.value == "not_refuted"
    assert verdict.bound is not None
    assert verdict.bound.levels
    assert verdict.bound.n_cases <= 200
    assert "holds for every case with N <= " in verdict.summary()
    row = check(accuracy, [CLAIM], family="oc", bound=200).to_records()[0]
    assert row["bound"] == verdict.bound.reached
    assert row["bound_cases"] == verdict.bound.n_cases


def test_the_random_search_still_runs_beyond_the_bound(transpose_claim):
    def wrong_beyond_ten_items(matrix):
        m = np.asarray(matrix, dtype=float)
        return float(m[0, 1] / m.sum()) if m.sum() > 10 else accuracy(m)

    verdict = check(wrong_beyond_ten_items, [CLAIM], family="oc", bound=100).verdict(CLAIM)
    assert verdict.outcome.value == "refuted"
    assert verdict.example is not None
    assert verdict.example.smallest == ""
    assert verdict.bound is not None
    assert verdict.bound.reached.startswith("N <= ")


def test_bound_zero_turns_the_pass_off(transpose_claim):
    verdict = check(accuracy, [CLAIM], family="oc", bound=0).verdict(CLAIM)
    assert verdict.bound is None
    assert "holds for" not in verdict.summary()


def test_a_crash_inside_the_bound_is_an_error_at_the_smallest_case(transpose_claim):
    def crashes_on_two_items(matrix):
        if np.asarray(matrix).sum() == 2:
            raise ZeroDivisionError("two items")
        return accuracy(matrix)

    verdict = check(crashes_on_two_items, [CLAIM], family="oc", max_examples=1).verdict(CLAIM)
    assert verdict.outcome.value == "error"
    assert verdict.example is not None
    assert verdict.example.smallest == "N = 2, C = 2"
    assert "ZeroDivisionError" in verdict.reason


def test_a_measure_that_answers_differently_on_the_same_input_is_an_error(transpose_claim):
    calls = itertools.count()

    def flaky(matrix):
        return accuracy(matrix) + (1e-3 if next(calls) == 4 else 0.0)

    verdict = check(flaky, [CLAIM], family="oc", max_examples=1).verdict(CLAIM)
    assert verdict.outcome.value == "error"
    assert "different results on the same input" in verdict.reason


def test_a_negative_or_non_integer_bound_is_refused():
    with pytest.raises(InvalidParameterError, match=r"bound=-1: expected an int >= 0"):
        check(accuracy, family="oc", bound=-1)
    with pytest.raises(InvalidParameterError, match=r"bound=2.5"):
        check(accuracy, family="oc", bound=2.5)  # type: ignore[arg-type]


def test_levels_merge_by_their_count_cheapest_first():
    def stream(name, counts):
        return [Level(((name, i),), lambda: (), c) for i, c in enumerate(counts)]

    merged = merge_levels(stream("a", [1, 5, 50]), stream("b", [2, 3, 40]))
    assert [level.count for level in merged] == [1, 2, 3, 5, 40, 50]


def test_the_bound_reached_is_the_largest_finished_size_per_class_count():
    sizes = (
        (("N", 1), ("C", 2)),
        (("N", 1), ("C", 3)),
        (("N", 2), ("C", 2)),
        (("N", 3), ("C", 2)),
    )
    bound = Bound(n_cases=120, levels=sizes, budget=1000)
    assert bound.reached == "N <= 3 at C = 2; N <= 1 at C = 3"
    assert bound.describe() == (
        "every case with N <= 3 at C = 2; N <= 1 at C = 3 (120 cases, exhaustive to the bound)"
    )
    assert Bound(0, (), budget=10).describe() == (
        "no size level finished within the bound (10 cases)"
    )
    assert bound.to_record()["levels"][0] == {"N": 1, "C": 2}
