"""The nominal generators reach the corners of each claim's domain by construction (issue 23).

Each corner regime builds its corner directly: the tests check *every*
draw of the regime (``@given`` over the regime alone), or a
:func:`hypothesis.find` that must succeed because some branch of the
strategy produces the corner on every draw.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import InvalidArgument

from axiometrics.claims import STRICT_MAX_COUNT
from axiometrics.measures.nominal import corners
from axiometrics.measures.nominal import strategies as nom_st

FIND = settings(
    max_examples=2000,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.generate],
)
EVERY = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def _gold(m: np.ndarray) -> np.ndarray:
    return m.sum(axis=0)


# -- the corner regimes: every draw has its corner ------------------------------------------


@pytest.mark.parametrize("cap", [100, 10**6])
@pytest.mark.parametrize(("empty_gold", "empty_system"), [(True, True), (False, False)])
def test_every_corner_regime_honours_the_empty_class_options(cap, empty_gold, empty_system):
    @EVERY
    @given(
        corners.corner_matrices(
            max_count=cap, empty_gold_classes=empty_gold, empty_system_classes=empty_system
        )
    )
    def check(m):
        assert m.dtype == np.int64
        assert m.min() >= 0
        assert m.sum() > 0
        if not empty_gold:
            assert np.all(m.sum(axis=0) > 0)
        if not empty_system:
            assert np.all(m.sum(axis=1) > 0)

    check()


@EVERY
@given(corners.corner_matrices(corner="tied_supports"))
def test_tied_supports_have_two_gold_classes_of_the_same_size(m):
    sizes = _gold(m)
    sizes = sizes[sizes > 0]
    assert sizes.size >= 2
    assert len(np.unique(sizes)) < sizes.size
    assert m.max() <= 10**6


@EVERY
@given(corners.corner_matrices(corner="rare_class"))
def test_a_rare_class_holds_under_half_a_percent_of_the_items(m):
    sizes = _gold(m)
    assert np.any((sizes > 0) & (sizes <= 4) & (sizes < corners.RARE_SHARE * m.sum()))


@EVERY
@given(corners.corner_matrices(corner="rare_class", max_count=STRICT_MAX_COUNT, min_classes=3))
def test_a_rare_class_fits_under_the_strict_cap_of_the_monotonicity_claim(m):
    # C (C - 1) * 100 >= 600 items outside the rare class make room for 1 to 4 items.
    assert m.max() <= STRICT_MAX_COUNT
    sizes = _gold(m)
    assert np.any((sizes > 0) & (sizes < corners.RARE_SHARE * m.sum()))


@EVERY
@given(corners.corner_matrices(corner="lopsided_rows", max_count=1000))
def test_lopsided_rows_put_a_near_empty_row_beside_a_count_at_the_cap(m):
    rows = m.sum(axis=1)
    near_empty = np.flatnonzero(rows <= 1)
    assert near_empty.size >= 1
    at_cap = {int(i) for i in np.flatnonzero(m.max(axis=1) >= 1000)}
    assert at_cap - {int(i) for i in near_empty}


@EVERY
@given(corners.corner_matrices(corner="dense", max_count=STRICT_MAX_COUNT))
def test_dense_matrices_fill_every_cell_near_the_cap(m):
    assert m.min() >= STRICT_MAX_COUNT - 9
    assert m.max() <= STRICT_MAX_COUNT


@EVERY
@given(corners.corner_matrices(corner="rounding_ties"))
def test_rounding_ties_give_every_gold_class_one_decimal_size(m):
    sizes = _gold(m)
    sizes = sizes[sizes > 0]
    assert sizes.size >= 2
    assert len(set(sizes.tolist())) == 1
    size = int(sizes[0])
    assert any(size == mantissa * 10**d for d in range(1, 13) for mantissa in (1, 2, 5))


@EVERY
@given(corners.corner_matrices(corner="huge_counts"))
def test_huge_counts_pass_the_int32_products(m):
    assert m.max() > min(corners.HUGE_COUNTS) - 1000
    assert m.sum() <= corners.MAX_HUGE_TOTAL


@pytest.mark.parametrize("top", corners.HUGE_COUNTS)
def test_huge_counts_reach_past_every_overflow_threshold(top):
    # Half of the draws scale one step past the drawn target: every target is passed.
    m = find(corners.corner_matrices(corner="huge_counts"), lambda m: m.max() > top, settings=FIND)
    assert m.max() > top


def test_float32_counts_pass_2_to_the_24_and_stay_short_of_2_to_the_31():
    scaled = corners.with_huge_counts(
        nom_st.confusion_matrices(max_classes=4), corners.FLOAT32_COUNTS
    )
    m = find(scaled, lambda m: m.max() > 2**24, settings=FIND)
    assert 2**24 < m.max() < 2**31

    @EVERY
    @given(scaled)
    def check(m):
        assert m.max() < 2**31

    check()


def test_impossible_corner_options_raise_invalid_argument():
    with pytest.raises(InvalidArgument):
        corners.corner_matrices(corner="sideways")
    with pytest.raises(InvalidArgument):
        corners.corner_matrices(max_count=0)


# -- the family's matrices reach every regime ---------------------------------------------


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        (
            "tied gold classes of more than 1000 items",
            lambda m: len(set(_gold(m)[_gold(m) > 1000].tolist())) < np.sum(_gold(m) > 1000),
        ),
        (
            "a gold class under 0.5 % of the items",
            lambda m: np.any((_gold(m) > 0) & (_gold(m) < corners.RARE_SHARE * m.sum())),
        ),
        (
            "a near-empty row beside a row of a thousand items",
            lambda m: m.sum(axis=1).min() <= 1 and m.sum(axis=1).max() >= 1000,
        ),
        ("a count past 2**31", lambda m: m.max() > 2**31),
    ],
)
def test_the_family_matrices_reach_the_corners(description, condition):
    matrices = nom_st.nominal_matrices(max_classes=4, huge_counts=corners.HUGE_COUNTS)
    assert condition(find(matrices, condition, settings=FIND)), description


def test_the_family_matrices_are_scaled_only_when_asked():
    @EVERY
    @given(nom_st.nominal_matrices())
    def check(m):
        assert m.max() <= 10**6

    check()


# -- prevalence invariance: every kind of k > 0 -------------------------------------------


def _factor(change: nom_st.Change) -> tuple[int, float]:
    """The scaled column and its factor (changed / matrix) of a rescaling."""
    j = int(np.flatnonzero(np.any(change.changed != change.matrix, axis=0))[0])
    return j, float(change.changed[:, j].sum() / change.matrix[:, j].sum())


@pytest.mark.parametrize(
    ("kind", "corner"),
    [
        ("integer", lambda j, k, ch: float(k).is_integer() and k >= 2),
        ("ratio", lambda j, k, ch: np.all(ch.changed == np.round(ch.changed)) and k != round(k)),
        ("below_one", lambda j, k, ch: 0 < k < 1),
        ("non_integer", lambda j, k, ch: k > 1 and not float(k).is_integer()),
        ("under_one_item", lambda j, k, ch: 0 < ch.changed[:, j].sum() < 1),
        (
            "huge",
            # 10**3 .. 10**9, or within one step of the column's largest count of a target
            lambda j, k, ch: (
                k >= 1000
                or ch.changed[:, j].max() >= min(corners.HUGE_COUNTS) - ch.matrix[:, j].max()
            ),
        ),
    ],
)
def test_every_factor_kind_reaches_its_corner_on_every_draw(kind, corner):
    @EVERY
    @given(nom_st.gold_class_rescalings(max_classes=4, real_counts=True, kinds=(kind,)))
    def check(change):
        j, k = _factor(change)
        assert corner(j, k, change), (kind, k)
        assert change.changed.sum() <= corners.MAX_HUGE_TOTAL
        np.testing.assert_allclose(change.changed[:, j], change.matrix[:, j] * k, rtol=1e-12)

    check()


def test_huge_factors_take_a_class_past_2_to_the_31():
    changes = nom_st.gold_class_rescalings(max_classes=3, real_counts=True, kinds=("huge",))
    change = find(changes, lambda ch: ch.changed.max() >= 2**31, settings=FIND)
    assert change.changed.max() >= 2**31


def test_factors_for_measures_on_item_lists_keep_the_counts_whole():
    @EVERY
    @given(nom_st.gold_class_rescalings(max_classes=4, max_count=20))
    def check(change):
        assert np.array_equal(change.changed, np.round(change.changed))
        assert change.changed.max() <= 20 * 5

    check()
    with pytest.raises(InvalidArgument):
        nom_st.gold_class_rescalings(kinds=("huge",))  # real kinds need real counts
    with pytest.raises(InvalidArgument):
        nom_st.gold_class_rescalings(real_counts=True, kinds=())


# -- true negative invariance ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "corner"),
    [
        ("whole", lambda x: float(x).is_integer() and x <= 10**6),
        ("huge", lambda x: x >= min(corners.HUGE_COUNTS) - 1),
        ("fractional", lambda x: not float(x).is_integer()),
    ],
)
def test_every_kind_of_true_negative_count_reaches_its_corner(kind, corner):
    @EVERY
    @given(nom_st.true_negative_changes(max_classes=4, real_counts=True, kinds=(kind,)))
    def check(change):
        changed = np.argwhere(change.changed != change.matrix)
        assert len(changed) == 1
        i, j = changed[0]
        assert nom_st.POSITIVE_CLASS not in (i, j)
        assert corner(change.changed[i, j]) or change.matrix.sum() == 0

    check()


def test_a_huge_true_negative_count_sits_beside_a_positive_row_of_one_item():
    changes = nom_st.true_negative_changes(max_classes=3, real_counts=True, kinds=("huge",))
    k = nom_st.POSITIVE_CLASS
    change = find(
        changes,
        lambda ch: ch.changed.max() >= 2**31 and ch.changed[k].sum() == 1,
        settings=FIND,
    )
    assert change.changed[k].sum() == 1


# -- identity, chance baseline: golds of every size -----------------------------------------


@EVERY
@given(nom_st.perfect_systems(max_classes=5, real_counts=True))
def test_perfect_systems_are_diagonal(m):
    assert np.count_nonzero(m - np.diag(np.diag(m))) == 0
    assert m.sum() > 0


@pytest.mark.parametrize(
    ("description", "condition"),
    [
        ("more than 100 items per class (past the strict cap)", lambda g: g.max() > 100),
        ("a million items in a class", lambda g: g.max() >= 10**6),
        ("a class past 2**31", lambda g: g.max() > 2**31),
        ("a class past 3.04e9 (int64 products)", lambda g: g.max() > 3_037_000_500),
        ("tied classes of more than 1000 items", lambda g: g.min() == g.max() > 1000),
        ("a class under 0.5 %", lambda g: 0 < g[g > 0].min() < corners.RARE_SHARE * g.sum()),
    ],
)
def test_the_golds_of_the_perfect_systems_reach_every_size(description, condition):
    golds = nom_st.perfect_systems(max_classes=3, real_counts=True).map(np.diag)
    assert condition(find(golds, condition, settings=FIND)), description


def test_golds_keep_the_proportions_of_golds_of_at_most_1000_items_per_class():
    # Scaling keeps a correct measure's rounding what it is on the small gold.
    @EVERY
    @given(nom_st.gold_counts(n_classes=3, min_nonempty=2, real_counts=True))
    def check(gold):
        nonzero = gold[gold > 0]
        assert np.count_nonzero(gold) >= 2
        assert nonzero.max() / nonzero.min() <= 1000

    check()


def test_golds_for_measures_on_item_lists_stay_within_the_count_cap():
    @EVERY
    @given(nom_st.gold_counts(n_classes=4, max_count=20))
    def check(gold):
        assert gold.max() <= 20

    check()


# -- rounding ties ------------------------------------------------------------------------


@EVERY
@given(nom_st.rounding_tie_pairs(n_classes=4))
def test_rounding_ties_score_exactly_on_a_decimal_half(m):
    sizes = _gold(m)
    s = int(sizes[0])
    assert sizes[1] == s
    assert sizes[2:].sum() == 0
    assert s in {10**d for d in range(1, 7)}
    assert np.all(m[:2, :2].sum(axis=0) > 0)
    assert np.all(m[:2, :2].sum(axis=1) > 0)
    # accuracy = macro recall = (t0 + t1) / (2 s): an odd number of half units of 10**-d.
    score = Fraction(int(np.trace(m)), 2 * s)
    d = len(str(s)) - 1
    assert (score * 10**d * 2).denominator == 1
    assert (score * 10**d * 2).numerator % 2 == 1


@pytest.mark.parametrize("digits", range(1, 7))
def test_rounding_ties_reach_every_digit_up_to_six(digits):
    ties = nom_st.rounding_tie_pairs(n_classes=2)
    m = find(ties, lambda m: m.sum() == 2 * 10**digits, settings=FIND)
    assert m.sum() == 2 * 10**digits
