"""Tests of the built-in ordinal-classification measures.

Golden values come from the papers (Amigó et al. 2020 Figure 1 and
Appendices A-B); small cases are worked by hand; the counterexamples cited in
the measures' declarations are replayed so that a "violated" declaration is
backed by a concrete input.  Cross-checks against independent libraries live
in ``test_oc_crosschecks.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import axiometrics as ax
from axiometrics import InvalidInputError, InvalidParameterError, UndefinedMeasureError
from axiometrics.claims import claims_for_family
from axiometrics.measures.oc.measures import cem_proximities

OC_NAMES = [m.name for m in ax.list_measures("oc")]

EXPECTED_NAMES = {
    "accuracy",
    "accuracy_within",
    "maac",
    "f1_macro",
    "hmpr",
    "cohen_kappa",
    "mutual_information",
    "mae_macro",
    "mae_micro",
    "mse",
    "mse_macro",
    "kappa_linear",
    "kappa_quadratic",
    "alpha_ordinal",
    "alpha_interval",
    "pearson",
    "spearman",
    "kendall_tau_a",
    "kendall_tau_b",
    "cosine",
    "cem_ord",
    "cem_nom",
    "cem_int",
    "cem_ord_flat",
}


def score_or_nan(name, m, **kwargs):
    """The score, or NaN where the measure is undefined (on_undefined refuses NaN)."""
    scores, undefined = ax.get_scorer(name).evaluate(m, **kwargs)
    result = np.where(undefined, math.nan, scores)
    return float(result) if result.ndim == 0 else result


def matrix(gold, system, n_classes):
    """Confusion matrix (rows = system, columns = gold) of two label vectors."""
    m = np.zeros((n_classes, n_classes))
    np.add.at(m, (np.asarray(system), np.asarray(gold)), 1)
    return m


def moved_gold(gold_sizes, source, target):
    """System equal to the gold except one item of class ``source`` put in ``target``."""
    m = np.diag(np.asarray(gold_sizes, dtype=float))
    m[source, source] -= 1
    m[target, source] += 1
    return m


# Amigó et al. 2020, Appendix A (rows = system neg/neu/pos, columns = gold).
SYSTEM_A = np.array([[5, 5, 7], [1, 50, 8], [4, 5, 15]], dtype=float)
SYSTEM_B = np.array([[7, 12, 4], [1, 45, 8], [2, 3, 18]], dtype=float)


# ---------------------------------------------------------------------------
# Registration, names, aliases
# ---------------------------------------------------------------------------


def test_every_requested_measure_is_registered_in_the_oc_family():
    assert set(OC_NAMES) >= EXPECTED_NAMES


@pytest.mark.parametrize("name", sorted(EXPECTED_NAMES))
def test_every_alias_resolves_case_insensitively_to_its_measure(name):
    measure = ax.get_measure(name)
    assert measure.aliases, f"{name} has no alias"
    for alias in measure.aliases:
        assert ax.get_measure(alias).name == name
        assert ax.get_measure(alias.upper()).name == name
        assert ax.get_measure(alias.lower()).name == name


def test_paper_titles_work_as_aliases():
    assert ax.get_measure("MAE^M").name == "mae_macro"
    assert ax.get_measure("mae^mu").name == "mae_micro"
    assert ax.get_measure("cem^ord").name == "cem_ord"
    assert ax.get_measure("f1^m").name == "f1_macro"
    assert ax.get_measure("alpha-ord").name == "alpha_ordinal"


@pytest.mark.parametrize("name", sorted(EXPECTED_NAMES))
def test_every_measure_documents_formula_reference_and_every_oc_claim(name):
    measure = ax.get_measure(name)
    assert len(measure.description) > 40
    assert measure.reference.citation
    assert measure.title
    for claim in claims_for_family("oc"):
        declaration = measure.declaration(claim.name)
        assert declaration.status in ("holds", "violated"), (name, claim.name)
        assert declaration.note, (name, claim.name)


def test_measures_that_use_class_values_are_exactly_the_distance_based_ones():
    uses = {m.name for m in ax.list_measures("oc") if m.uses_class_values}
    assert uses & EXPECTED_NAMES == {
        "mae_macro",
        "mae_micro",
        "mse",
        "mse_macro",
        "kappa_linear",
        "kappa_quadratic",
        "alpha_interval",
        "pearson",
        "cosine",
        "cem_int",
    }


# ---------------------------------------------------------------------------
# Golden values from the papers
# ---------------------------------------------------------------------------


def test_cem_ord_reproduces_amigo_appendix_a_systems():
    assert round(ax.score("cem_ord", SYSTEM_A), 2) == 0.71
    assert round(ax.score("cem_ord", SYSTEM_B), 2) == 0.76


def test_systems_a_and_b_of_appendix_a_tie_on_accuracy():
    assert ax.score("accuracy", SYSTEM_A) == pytest.approx(0.70)
    assert ax.score("accuracy", SYSTEM_B) == pytest.approx(0.70)


def test_cem_proximities_reproduce_the_appendix_a_table():
    expected = [[4.32, 0.62, 0.07], [1.32, 1.74, 0.74], [0.23, 0.42, 2.74]]
    np.testing.assert_array_equal(np.round(cem_proximities([10, 60, 30]), 2), expected)


def test_cem_proximities_reproduce_figure_1_left_distribution():
    prox = cem_proximities([7, 105, 193, 90, 7])  # reject .. accept
    assert prox[3, 1] == pytest.approx(-math.log2((90 / 2 + 193 + 105) / 402))
    assert round(float(prox[3, 1]), 2) == 0.23  # system weak_accept, gold weak_reject
    assert round(float(prox[0, 0]), 2) == 6.84  # reject, a rare class
    assert round(float(prox[2, 2]), 2) == 2.06  # undecided, a frequent class


def test_cem_proximities_reproduce_figure_1_right_distribution():
    # weak_reject 10, undecided 3, weak_accept 10 of 376 items
    prox = cem_proximities([176, 10, 3, 10, 177])
    assert round(float(prox[3, 1]), 2) == 4.38


def test_appendix_b_imbalance_example_gives_the_published_scores():
    # labels 1..5 are the class values; gold (1,1,2,3), systems (1,2,2,3) and (1,1,2,2)
    values = [1, 2, 3, 4, 5]
    gold = [0, 0, 1, 2]
    first = matrix(gold, [0, 1, 1, 2], 5)
    second = matrix(gold, [0, 0, 1, 1], 5)
    published = {
        "accuracy": (3 / 4, 3 / 4),
        "accuracy_within": (1.0, 1.0),
        "mae_micro": (1 / 4, 1 / 4),
        "mse": (1 / 4, 1 / 4),
    }
    for name, (a, b) in published.items():
        assert ax.score(name, first, values=values) == pytest.approx(a)
        assert ax.score(name, second, values=values) == pytest.approx(b)
    # the paper truncates: 16/sqrt(270) = 0.97373 and 12/sqrt(150) = 0.97980
    assert ax.score("cosine", first, values=values) == pytest.approx(0.973, abs=1e-3)
    assert ax.score("cosine", second, values=values) == pytest.approx(0.979, abs=1e-3)
    assert round(ax.score("pearson", first, values=values), 2) == 0.85
    assert round(ax.score("pearson", second, values=values), 2) == 0.90


def test_appendix_b_monotonicity_example_ties_classification_and_correlation_measures():
    gold = [2, 3, 4]
    far, near = matrix(gold, [0, 1, 2], 5), matrix(gold, [1, 2, 3], 5)
    for name in ("accuracy", "maac", "f1_macro", "hmpr", "pearson", "spearman", "kendall_tau_b"):
        assert ax.score(name, far) == pytest.approx(ax.score(name, near)), name
    assert ax.score("mutual_information", far) == pytest.approx(math.log2(3))
    assert ax.score("cohen_kappa", far) == pytest.approx(-1 / 8)
    assert ax.score("cohen_kappa", near) == pytest.approx(-2 / 7)


# ---------------------------------------------------------------------------
# Hand-worked small cases
# ---------------------------------------------------------------------------


def test_macro_mae_ignores_empty_gold_classes():
    # gold class 1 is empty; class 0: errors 0 and 2 over 2 items; class 2: one error of 1
    m = np.array([[1, 0, 0], [0, 0, 1], [1, 0, 0]], dtype=float)
    assert ax.score("mae_macro", m) == pytest.approx((1.0 + 1.0) / 2)
    assert ax.score("mae_micro", m) == pytest.approx(3 / 3)
    assert ax.score("mse_macro", m) == pytest.approx((2.0 + 1.0) / 2)
    assert ax.score("mse", m) == pytest.approx(5 / 3)


def test_f1_scores_a_never_chosen_gold_class_zero_and_skips_empty_gold_classes():
    # gold sizes (2, 1, 0); the system never chooses class 1 but chooses the empty class 2
    m = np.array([[2, 0, 0], [0, 0, 0], [0, 1, 0]], dtype=float)
    # class 0: prec 1, rec 1 -> 1; class 1: prec 0 (never chosen), rec 0 -> F1(0, 0) = 0
    assert ax.score("f1_macro", m) == pytest.approx(0.5)
    # Prec^M = (1 + 0)/2, Rec^M = (1 + 0)/2
    assert ax.score("hmpr", m) == pytest.approx(0.5)
    assert ax.score("maac", m) == pytest.approx(0.5)


def test_hmpr_differs_from_macro_f1_when_precision_and_recall_trade_off():
    m = np.array([[3, 2], [0, 1]], dtype=float)
    # prec = (3/5, 1), rec = (1, 1/3): F1s 3/4 and 1/2 -> 5/8; HMPR = F1(4/5, 2/3) = 8/11
    assert ax.score("f1_macro", m) == pytest.approx(5 / 8)
    assert ax.score("hmpr", m) == pytest.approx(8 / 11)


def test_accuracy_within_counts_class_positions_up_to_n():
    m = matrix([0, 0, 1, 3], [0, 1, 3, 0], 4)
    assert ax.score("accuracy_within", m) == pytest.approx(2 / 4)
    assert ax.score("accuracy_within(n=0)", m) == pytest.approx(ax.score("accuracy", m))
    assert ax.score("accuracy_within(n=2)", m) == pytest.approx(3 / 4)
    assert ax.score(ax.get_scorer("accuracy_within").with_params(n=3), m) == 1.0


def test_accuracy_within_ignores_the_class_values():
    m = matrix([0, 0, 1, 3], [0, 1, 3, 0], 4)
    assert ax.score("accuracy_within", m, values=[0, 10, 11, 100]) == pytest.approx(2 / 4)


def test_accuracy_within_rejects_a_negative_margin():
    with pytest.raises(InvalidParameterError, match="n=-1"):
        ax.get_scorer("accuracy_within").with_params(n=-1)


def test_mutual_information_of_a_perfect_system_is_the_gold_entropy_in_bits():
    assert ax.score("mutual_information", np.diag([1.0, 1.0])) == pytest.approx(1.0)
    entropy = -(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75))
    assert ax.score("mutual_information", np.diag([1.0, 3.0])) == pytest.approx(entropy)


def test_kendall_tau_a_keeps_tied_pairs_in_the_denominator():
    perfect = np.diag([2.0, 1.0])  # gold (0,0,1): 2 concordant of 3 pairs
    assert ax.score("kendall_tau_a", perfect) == pytest.approx(2 / 3)
    assert ax.score("kendall_tau_b", perfect) == pytest.approx(1.0)


def test_kendall_tau_b_counts_concordant_and_discordant_pairs():
    m = matrix([0, 1, 2, 2], [0, 2, 1, 2], 3)
    # pairs: (0,1)+ (0,2)+ (0,3)+ (1,2)- (1,3) tied system (2,3) tied gold -> P=3, Q=1
    # untied: system 6-1 = 5, gold 6-1 = 5
    assert ax.score("kendall_tau_b", m) == pytest.approx(2 / 5)
    assert ax.score("kendall_tau_a", m) == pytest.approx(2 / 6)


def test_cem_nominal_proximities_depend_on_the_system_class_size_only():
    prox = cem_proximities([2, 4, 2], scale_type="nom")
    expected_diagonal = [-math.log2(1 / 8), -math.log2(2 / 8), -math.log2(1 / 8)]
    np.testing.assert_allclose(np.diagonal(prox), expected_diagonal)
    assert prox[0, 1] == pytest.approx(-math.log2((8 - 1) / 8))
    assert prox[0, 2] == pytest.approx(prox[0, 1])
    assert prox[1, 0] == pytest.approx(-math.log2((8 - 2) / 8))


def test_cem_interval_counts_classes_as_close_as_the_system_class_on_either_side():
    # gold sizes (3,1,1,1,3) at values 0..4: system 3 for gold 2 reaches classes 1..3
    prox = cem_proximities([3, 1, 1, 1, 3], scale_type="int")
    assert prox[3, 2] == pytest.approx(-math.log2((1 / 2 + 1 + 1) / 9))
    # ordinal closeness only counts classes between 2 and 3
    assert cem_proximities([3, 1, 1, 1, 3])[3, 2] == pytest.approx(-math.log2((1 / 2 + 1) / 9))
    # with values (0, 1, 2, 3, 10) the far class 4 never lies within reach
    spread = cem_proximities([3, 1, 1, 1, 3], scale_type="int", values=[0, 1, 2, 3, 10])
    assert spread[1, 3] == pytest.approx(-math.log2((1 / 2 + 1 + 1) / 9))
    assert prox[1, 3] == pytest.approx(-math.log2((1 / 2 + 1 + 1 + 3) / 9))


def test_cem_flat_proximities_are_one_minus_the_share_between():
    flat = cem_proximities([10, 60, 30], log=False)
    np.testing.assert_allclose(flat, 1 - np.array([[5, 65, 95], [40, 30, 60], [85, 75, 15]]) / 100)


def test_cem_scores_lie_in_the_unit_interval_with_one_for_the_perfect_system():
    for name in ("cem_ord", "cem_nom", "cem_int", "cem_ord_flat"):
        assert ax.score(name, np.diag([3.0, 0.0, 5.0, 1.0])) == pytest.approx(1.0)
        assert 0.0 <= ax.score(name, SYSTEM_A) < 1.0


def test_cem_proximity_floor_applies_only_to_empty_gold_columns():
    prox = cem_proximities([2, 0, 2])
    # K for (system 1, gold 1) is 0: Sakai's floor K = 0.5 of N = 4
    assert prox[1, 1] == pytest.approx(-math.log2(0.5 / 4))
    # fractional counts scale freely: the CEM score of a scaled matrix is unchanged
    m = np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1]], dtype=float)
    assert ax.score("cem_ord", m * 0.01) == pytest.approx(ax.score("cem_ord", m))


def test_cem_proximities_rejects_bad_input_with_typed_errors():
    with pytest.raises(InvalidParameterError, match="scale_type"):
        cem_proximities([1, 2], scale_type="ratio")
    with pytest.raises(InvalidInputError, match="non-negative"):
        cem_proximities([1, -2])
    with pytest.raises(InvalidInputError, match="N=0"):
        cem_proximities([0, 0])
    with pytest.raises(InvalidInputError, match="C >= 2"):
        cem_proximities([5])
    with pytest.raises(InvalidInputError, match="strictly increasing"):
        cem_proximities([1, 2, 3], scale_type="int", values=[0, 2, 1])


def test_cem_proximities_work_on_batches():
    gold = np.array([[[10, 60, 30]], [[1, 1, 1]]], dtype=float)
    prox = cem_proximities(gold)
    assert prox.shape == (2, 1, 3, 3)
    np.testing.assert_allclose(prox[0, 0], cem_proximities([10, 60, 30]))


# ---------------------------------------------------------------------------
# Undefined inputs
# ---------------------------------------------------------------------------

UNDEFINED_CASES = {
    "cohen_kappa": np.diag([4.0, 0.0, 0.0]),
    "kappa_linear": np.diag([0.0, 3.0, 0.0]),
    "kappa_quadratic": np.diag([0.0, 0.0, 2.0]),
    "alpha_ordinal": np.diag([0.0, 5.0]),
    "alpha_interval": np.diag([5.0, 0.0]),
    "pearson": np.array([[2.0, 1.0], [0.0, 0.0]]),  # constant system
    "spearman": np.array([[2.0, 0.0], [1.0, 0.0]]),  # constant gold
    "kendall_tau_b": np.array([[0.0, 0.0], [2.0, 1.0]]),
    "kendall_tau_a": np.array([[0.0, 0.0], [1.0, 0.0]]),  # N = 1
    "cosine": np.array([[3.0, 1.0], [0.0, 0.0]]),  # system all in class 0 (value 0)
}


@pytest.mark.parametrize("name", sorted(UNDEFINED_CASES))
def test_undefined_inputs_raise_and_can_be_filled(name):
    m = UNDEFINED_CASES[name]
    assert ax.get_measure(name).undefined
    with pytest.raises(UndefinedMeasureError) as info:
        ax.score(name, m)
    assert info.value.measure == name
    assert ax.score(name, m, on_undefined=-7.0) == -7.0


def test_undefined_entries_of_a_batch_are_reported_by_index():
    batch = np.stack([np.diag([1.0, 1.0]), np.diag([2.0, 0.0]), np.array([[1.0, 1.0], [0.0, 1.0]])])
    with pytest.raises(UndefinedMeasureError) as info:
        ax.score("cohen_kappa", batch)
    assert info.value.indices == ((1,),)
    filled = ax.score("cohen_kappa", batch, on_undefined=0.0)
    assert filled[0] == pytest.approx(1.0)
    assert filled[1] == 0.0


def test_tau_a_is_undefined_for_fractional_counts_too_small_to_form_pairs():
    m = np.array([[0.0, 0.6], [0.6, 0.0]])  # sum c^2 = 0.72 < N = 1.2
    with pytest.raises(UndefinedMeasureError):
        ax.score("kendall_tau_a", m)
    assert ax.score("kendall_tau_a", m * 10) == pytest.approx(-36 / 66)


def test_alpha_is_undefined_below_half_an_item():
    m = np.array([[0.1, 0.1], [0.1, 0.1]])  # 2N - 1 < 0
    with pytest.raises(UndefinedMeasureError):
        ax.score("alpha_interval", m)


def test_cosine_is_defined_when_class_zero_has_a_nonzero_value():
    m = np.array([[3.0, 1.0], [0.0, 0.0]])
    assert ax.score("cosine", m, values=[1, 2]) == pytest.approx(5 / math.sqrt(4 * 7))


DEFINED_EVERYWHERE = sorted(n for n in EXPECTED_NAMES if not ax.get_measure(n).undefined)

CORNER_CASES = [
    np.diag([5.0, 0.0, 0.0]),  # one class only, perfect
    np.array([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [4.0, 0.0, 0.0]]),  # constant, wrong
    np.array([[0.0, 0.0], [0.0, 1.0]]),  # one item
    np.array([[1e6, 3.0], [0.0, 1e6]]),  # huge counts
    np.array([[1e-300, 0.0], [2e-300, 0.0]]),  # tiny fractional counts
    np.ones((11, 11)),  # uniform, 11 classes
]


@pytest.mark.parametrize("name", DEFINED_EVERYWHERE)
def test_defined_everywhere_measures_score_every_corner_case(name):
    low, high = ax.get_measure(name).range.lower, ax.get_measure(name).range.upper
    for m in CORNER_CASES:
        value = ax.score(name, m)
        assert math.isfinite(value)
        assert low <= value <= high


@given(
    hnp.arrays(
        float,
        st.tuples(st.integers(2, 6), st.integers(2, 6)).map(lambda t: (t[0], t[0])),
        elements=st.sampled_from([0.0, 0.0, 1.0, 2.0, 7.0, 0.5, 1e6]),
    ).filter(lambda m: m.sum() > 0)
)
def test_every_measure_returns_a_finite_in_range_score_or_the_declared_undefined(m):
    for name in sorted(EXPECTED_NAMES):
        measure = ax.get_measure(name)
        value = score_or_nan(name, m)
        if math.isnan(value):
            assert measure.undefined
        else:
            assert measure.range.lower <= value <= measure.range.upper


# ---------------------------------------------------------------------------
# Batches and class values
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED_NAMES))
def test_a_2x3_batch_scores_each_matrix_as_if_alone(name):
    rng = np.random.default_rng(7)
    batch = rng.integers(0, 4, size=(2, 3, 4, 4)).astype(float)
    batch[..., 0, 1] += 1.0  # a disagreement and two gold classes in every matrix
    batch[..., 2, 2] += 1.0
    together = score_or_nan(name, batch)
    assert together.shape == (2, 3)
    for idx in np.ndindex(2, 3):
        alone = score_or_nan(name, batch[idx])
        assert together[idx] == pytest.approx(alone, nan_ok=True)


@pytest.mark.parametrize("name", ["mae_macro", "kappa_linear", "cem_int", "pearson"])
def test_batched_class_values_broadcast_against_the_matrices(name):
    m = np.array([[3, 1, 0], [1, 2, 2], [0, 1, 4]], dtype=float)
    values = np.array([[0.0, 1.0, 2.0], [0.0, 1.0, 5.0]])
    both = ax.score(name, m, values=values)
    assert both.shape == (2,)
    assert both[0] == pytest.approx(ax.score(name, m))
    assert both[1] == pytest.approx(ax.score(name, m, values=[0, 1, 5]))
    batch = np.stack([m, m.T])
    paired = ax.score(name, batch, values=values)
    assert paired[1] == pytest.approx(ax.score(name, m.T, values=[0, 1, 5]))


def test_class_values_change_exactly_the_measures_that_declare_using_them():
    m = np.array([[3, 1, 0, 1], [1, 2, 2, 0], [0, 1, 4, 1], [2, 0, 1, 3]], dtype=float)
    stretched = [0.0, 1.0, 1.5, 10.0]
    for name in sorted(EXPECTED_NAMES):
        default = score_or_nan(name, m)
        other = score_or_nan(name, m, values=stretched)
        changed = not math.isclose(default, other, rel_tol=1e-12, abs_tol=1e-12)
        assert changed == ax.get_measure(name).uses_class_values, name


def test_a_confusion_matrices_scale_supplies_the_class_values():
    scale = ax.ClassScale(["low", "mid", "high"], values=[0, 1, 5])
    scaled = ax.ConfusionMatrices.from_labels(
        ["low", "mid", "high", "high"], ["low", "high", "high", "mid"], scale=scale
    )
    plain = matrix([0, 1, 2, 2], [0, 2, 2, 1], 3)
    assert ax.score("mae_micro", scaled) == pytest.approx(
        ax.score("mae_micro", plain, values=[0, 1, 5])
    )


# ---------------------------------------------------------------------------
# Counterexamples and proofs cited in the declarations
# ---------------------------------------------------------------------------


def test_weighted_kappas_and_alphas_can_drop_when_an_item_moves_closer():
    cases = {
        "kappa_linear": ([0, 0, 0, 0, 1, 2], [1, 1, 1, 2, 0, 0], [1, 1, 1, 1, 0, 0]),
        "kappa_quadratic": ([0, 1, 2], [1, 0, 0], [1, 1, 0]),
        "alpha_ordinal": ([0, 1, 2], [0, 2, 0], [0, 1, 0]),
        "alpha_interval": ([0, 1, 2], [0, 2, 0], [0, 1, 0]),
        "cohen_kappa": ([0, 1, 1, 2], [0, 0, 0, 0], [0, 0, 0, 1]),
    }
    for name, (gold, far, near) in cases.items():
        before = ax.score(name, matrix(gold, far, 3))
        after = ax.score(name, matrix(gold, near, 3))
        assert after < before, name


def test_cosine_rewards_a_parallel_but_wrong_system_over_a_closer_one():
    gold = [1, 1]
    assert ax.score("cosine", matrix(gold, [2, 2], 3)) == pytest.approx(1.0)
    assert ax.score("cosine", matrix(gold, [1, 2], 3)) == pytest.approx(3 / math.sqrt(10))


def test_imbalance_counterexamples_prefer_moving_the_small_class():
    cases = {
        "spearman": ([1, 1, 2], 2, 1, 0),
        "kendall_tau_b": ([1, 1, 2], 2, 1, 0),
        "alpha_ordinal": ([1, 1, 2], 2, 1, 0),
        "alpha_interval": ([1, 1, 1, 2], 3, 2, 1),
        "kappa_linear": ([2, 1, 1, 2], 0, 1, 2),
        "kappa_quadratic": ([1, 1, 1, 2], 3, 2, 1),
        "cem_int": ([100, 2, 1, 1, 1], 1, 2, 3),
        "cem_ord_flat": ([2, 1, 1], 0, 1, 2),
    }
    for name, (sizes, c1, c2, c3) in cases.items():
        assert sizes[c1] > sizes[c3]
        from_large = ax.score(name, moved_gold(sizes, c1, c2))
        from_small = ax.score(name, moved_gold(sizes, c3, c2))
        assert from_large < from_small, name


def test_mutual_information_cannot_tell_which_class_lost_the_item():
    sizes = [1, 1, 2]
    assert ax.score("mutual_information", moved_gold(sizes, 2, 1)) == pytest.approx(
        ax.score("mutual_information", moved_gold(sizes, 0, 1))
    )


@pytest.mark.parametrize(
    "name", ["cohen_kappa", "maac", "f1_macro", "hmpr", "mae_macro", "cem_ord", "cem_nom"]
)
def test_imbalance_holds_for_the_macro_and_chance_corrected_measures(name):
    measure = ax.get_measure(name)
    for sizes in ([3, 1, 1], [5, 2, 4, 1], [2, 7, 1, 3, 6]):
        for start in range(len(sizes) - 2):
            for c1, c2, c3 in ((start, start + 1, start + 2), (start + 2, start + 1, start)):
                if sizes[c1] <= sizes[c3]:
                    c1, c3 = c3, c1
                if sizes[c1] == sizes[c3]:
                    continue
                large = ax.score(name, moved_gold(sizes, c1, c2))
                small = ax.score(name, moved_gold(sizes, c3, c2))
                assert measure.is_better(large, small), (name, sizes, c1, c3)


def test_cem_ord_imbalance_needs_a_non_empty_middle_class():
    sizes = [2, 0, 1]
    assert ax.score("cem_ord", moved_gold(sizes, 0, 1)) == pytest.approx(
        ax.score("cem_ord", moved_gold(sizes, 2, 1))
    )


def test_cem_ord_monotonicity_needs_non_empty_gold_classes():
    gold = [0, 0]  # gold uses class 0 only: every wrong class is 0 bits away
    assert ax.score("cem_ord", matrix(gold, [2, 2], 3)) == 0.0
    assert ax.score("cem_ord", matrix(gold, [1, 2], 3)) == 0.0
    full = [0, 0, 1, 2]
    assert ax.score("cem_ord", matrix(full, [1, 2, 1, 2], 3)) > ax.score(
        "cem_ord", matrix(full, [2, 2, 1, 2], 3)
    )


def test_symmetry_counterexamples_of_the_macro_measures():
    assert ax.score("maac", np.array([[2.0, 1.0], [0.0, 1.0]])) == pytest.approx(0.75)
    assert ax.score("maac", np.array([[2.0, 0.0], [1.0, 1.0]])) == pytest.approx(5 / 6)
    m = np.array([[1.0, 1.0], [0.0, 0.0]])
    assert ax.score("f1_macro", m) == pytest.approx(1 / 3)
    assert ax.score("f1_macro", m.T) == pytest.approx(2 / 3)
    asym = np.array([[2.0, 0.0], [1.0, 0.0]])
    assert ax.score("mae_macro", asym) != pytest.approx(ax.score("mae_macro", asym.T))
    cem = np.array([[1.0, 1.0], [0.0, 0.0]])
    assert ax.score("cem_ord", cem) == pytest.approx(1 - math.log2(3) / 4)  # 0.604
    for name in ("cem_ord", "cem_nom", "cem_int", "cem_ord_flat"):
        assert ax.score(name, cem.T) == pytest.approx(0.5), name


def test_count_scale_counterexamples_of_tau_a_and_alpha():
    assert ax.score("kendall_tau_a", np.diag([1.0, 1.0])) == pytest.approx(1.0)
    assert ax.score("kendall_tau_a", np.diag([2.0, 2.0])) == pytest.approx(2 / 3)
    m = np.array([[1.0, 1.0], [0.0, 1.0]])
    for name in ("alpha_ordinal", "alpha_interval"):
        assert ax.score(name, m) != pytest.approx(ax.score(name, 2 * m)), name


def test_constant_systems_are_indistinguishable_for_kappa_tau_a_and_mi():
    gold = np.array([1.0, 4.0, 2.0])
    for name in ("cohen_kappa", "kappa_linear", "kappa_quadratic", "kendall_tau_a"):
        scores = [ax.score(name, np.outer(np.eye(3)[k], gold)) for k in range(3)]
        assert scores == pytest.approx([0.0, 0.0, 0.0]), name
    assert ax.score("mutual_information", np.outer(np.eye(3)[1], gold)) == pytest.approx(
        0.0, abs=1e-12
    )


def test_constant_systems_differ_for_alpha_and_cem():
    gold = np.array([1.0, 4.0, 2.0])
    for name in ("alpha_ordinal", "alpha_interval", "cem_ord", "mae_macro", "f1_macro"):
        scores = {round(ax.score(name, np.outer(np.eye(3)[k], gold)), 12) for k in range(3)}
        assert len(scores) > 1, name


def test_kappas_and_alphas_reach_minus_one_on_total_disagreement():
    m = np.array([[0.0, 4.0], [4.0, 0.0]])
    for name in ("cohen_kappa", "kappa_linear", "kappa_quadratic"):
        assert ax.score(name, m) == pytest.approx(-1.0)
    # alpha's expected coincidences use 2N - 1, so it stays above -1
    assert ax.score("alpha_interval", m) == pytest.approx(1 - 15 / 8)
