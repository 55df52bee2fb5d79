"""The bounded pass's enumerators of the language_model claims (measures.language_model.enumeration)."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.checker.cases import Case, CaseRequest, Level
from axiometrics.claims import get_claim
from axiometrics.family import get_family
from axiometrics.measures.language_model import enumeration as enum

CLAIMS = (
    "well_defined",
    "item_order_invariance",
    "identity",
    "base_invariance",
    "probability_monotonicity",
    "concatenation_invariance",
    "sequence_mean_aggregation",
)
REQUEST = CaseRequest("language_model")
#: Cases of each claim at the ``ci`` bound (1000 cases per claim), and what they cover.
CI_BOUND = {
    "well_defined": (882, "N <= 4; N <= 2 at corner values = 7"),
    "item_order_invariance": (957, "N <= 4; N <= 2 at corner values = 6"),
    "identity": (762, "N <= 4"),
    "base_invariance": (336, "N <= 3; N <= 2 at corner values = 6"),
    "probability_monotonicity": (484, "N <= 3"),
    "concatenation_invariance": (153, "N <= 3; N <= 2 at corner values = 6"),
    "sequence_mean_aggregation": (693, "N <= 4; N <= 2 at corner values = 6"),
}


def _enumerator(claim: str):
    return get_claim(claim).procedure("language_model").enumerate


def _within(levels, budget: int) -> list[tuple[Level, list[Case]]]:
    """The levels a bounded pass of ``budget`` cases finishes, with their cases."""
    out, used = [], 0
    for level in levels:
        if level.count > budget - used:
            break
        used += level.count
        out.append((level, list(level.cases())))
    return out


def test_compositions_are_every_segmentation_fewest_sequences_first():
    assert enum.compositions(1) == ((1,),)
    assert enum.compositions(3) == ((3,), (1, 2), (2, 1), (1, 1, 1))
    for n in range(1, 7):
        found = enum.compositions(n)
        assert len(set(found)) == len(found) == 2 ** (n - 1)
        assert all(sum(c) == n for c in found)


@pytest.mark.parametrize("claim", CLAIMS)
def test_every_level_yields_exactly_its_count_of_distinct_cases(claim):
    for level, cases in _within(_enumerator(claim)(REQUEST), 10**5):
        assert len(cases) == level.count, (claim, level.label)
        keys = {
            repr(sorted(c.info.items())).encode()
            + b"|".join(a.tobytes() for k in range(c.n_entries) for a in c.entry(k))
            for c in cases
        }
        assert len(keys) == len(cases), (claim, level.label)


@pytest.mark.parametrize("claim", CLAIMS)
def test_the_ci_budget_covers_the_stated_levels(claim):
    finished = _within(_enumerator(claim)(REQUEST), 1000)
    used = sum(level.count for level, _ in finished)
    expected_cases, _ = CI_BOUND[claim]
    assert used == expected_cases
    sizes = {}
    for level, _ in finished:
        rest = level.label.partition(", ")[2]
        sizes[rest] = max(sizes.get(rest, 0), dict(level.size)["N"])
    reached = "; ".join(f"N <= {n}" + (f" at {rest}" if rest else "") for rest, n in sizes.items())
    assert reached == CI_BOUND[claim][1]


@pytest.mark.parametrize("claim", CLAIMS)
def test_the_levels_grow_in_tokens_and_only_well_defined_sees_a_probability_zero(claim):
    sizes = []
    for level, cases in _within(_enumerator(claim)(REQUEST), 3000):
        sizes.append(dict(level.size)["N"])
        for case in cases:
            for k in range(case.n_entries):
                log_probs, base, lengths = case.entry(k)
                assert base.shape == ()
                assert lengths.sum() == log_probs.size
                infinite = bool(np.any(np.isinf(log_probs)))
                assert infinite <= (claim == "well_defined"), (claim, case)
    assert sizes == sorted(sizes)


def test_the_strict_claims_enumerate_the_grid_only():
    for claim in ("identity", "probability_monotonicity"):
        for level, _ in _within(_enumerator(claim)(REQUEST), 10**4):
            assert level.size == (("N", dict(level.size)["N"]),)


def test_the_family_enumerates_every_input_as_well_defined_does():
    levels = list(get_family("language_model").enumerate_inputs(REQUEST))
    assert [lv.count for lv in levels] == [lv.count for lv in enum.well_defined_levels(REQUEST)]
    first = list(levels[0].cases())
    assert [c.entry(0)[0].tolist() for c in first] == [[0.0], [-1.0], [-2.0]]


def test_a_request_with_an_item_cap_stops_the_levels_there():
    capped = CaseRequest("language_model", max_items=2)
    assert max(dict(lv.size)["N"] for lv in enum.well_defined_levels(capped)) == 2
