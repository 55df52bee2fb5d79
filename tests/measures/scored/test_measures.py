"""Golden values, conventions and bad inputs of the scored measures (issue 14)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import axiometrics as ax
from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    UndefinedMeasureError,
)
from axiometrics.measures.scored.curves import precision_recall_curve, roc_curve
from axiometrics.measures.scored.family import FAMILY, validate_scored

# One small ranking with a tie group straddling positions 2-3:
#   scores 0.9  0.8  0.8  0.3  0.1
#   gold    1    0    1    1    0
SCORES = np.array([0.9, 0.8, 0.8, 0.3, 0.1])
GOLD = np.array([1, 0, 1, 1, 0])


def test_the_family_is_registered_with_its_inputs() -> None:
    names = ax.default_registry().names("scored")
    assert ax.family.get_family("scored") is FAMILY
    assert FAMILY.inputs == ("scores", "gold")
    assert set(names) >= {
        "roc_auc",
        "average_precision",
        "precision_at_k",
        "r_precision",
        "log_loss",
        "brier",
        "f1_at",
    }


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # pairs (pos, neg): (0.9 > 0.8, 0.1), (0.8 = 0.8 half, > 0.1), (0.3 < 0.8, > 0.1)
        ("roc_auc", (1 + 1 + 0.5 + 1 + 0 + 1) / 6),
        # groups: {0.9}: TP 1, P 1/1; {0.8, 0.8}: TP +1, P 2/3; {0.3}: TP +1, P 3/4
        ("average_precision", (1.0 + 2 / 3 + 3 / 4) / 3),
        # top 2 = 0.9 and one of the tied pair (half a positive expected)
        ("precision_at_k(k=2)", (1 + 0.5) / 2),
        ("precision_at_k(k=3)", 2 / 3),
        ("precision_at_k(k=10)", 3 / 10),
        # R = 3: the top 3 are 0.9 and both 0.8 -> 2 positives
        ("r_precision", 2 / 3),
        ("f1_at(threshold=0.5)", 2 * 2 / (2 * 2 + 1 + 1)),
        ("f1_at(threshold=0.2)", 2 * 3 / (2 * 3 + 1 + 0)),
        ("brier", (0.01 + 0.64 + 0.04 + 0.49 + 0.01) / 5),
        (
            "log_loss",
            -(math.log(0.9) + math.log(0.2) + math.log(0.8) + math.log(0.3) + math.log(0.9)) / 5,
        ),
    ],
)
def test_golden_values_of_a_small_ranking_with_a_tie(name: str, expected: float) -> None:
    assert ax.score(name, SCORES, GOLD) == pytest.approx(expected, abs=1e-15)


def test_aliases_name_the_scikit_learn_functions() -> None:
    assert ax.get_measure("roc_auc_score").name == "roc_auc"
    assert ax.get_measure("average_precision_score").name == "average_precision"
    assert ax.get_measure("brier_score_loss").name == "brier"


def test_batches_over_leading_axes_broadcast_one_gold_to_many_systems() -> None:
    rng = np.random.default_rng(0)
    systems = rng.random((3, 4, 5))
    batch = ax.score("average_precision", systems, GOLD)
    assert batch.shape == (3, 4)
    for idx in np.ndindex(3, 4):
        assert batch[idx] == ax.score("average_precision", systems[idx], GOLD)


def test_tied_items_score_the_same_whatever_their_stored_order() -> None:
    gold = np.array([0, 1, 0, 1, 1, 0])
    scores = np.array([1.0, 1.0, 1.0, 2.0, 0.0, 1.0])
    perms = np.array([np.random.default_rng(i).permutation(6) for i in range(20)])
    for name in ("roc_auc", "average_precision", "precision_at_k(k=2)", "r_precision"):
        values = ax.score(name, scores[perms], gold[perms])
        assert np.all(values == values[0]), name


def test_all_tied_scores_give_chance_auc_and_the_prevalence_as_ap() -> None:
    gold = np.array([1, 0, 0, 0])
    tied = np.zeros(4)
    assert ax.score("roc_auc", tied, gold) == 0.5
    assert ax.score("average_precision", tied, gold) == 0.25
    assert ax.score("precision_at_k(k=1)", tied, gold) == 0.25


def test_a_perfect_ranking_scores_one_even_with_huge_or_tiny_scores() -> None:
    gold = np.array([0, 1, 0, 1])
    for scale in (1e-320, 1e-300, 1.0, 1e300):
        scores = np.array([1.0, 3.0, 0.0, 2.0]) * scale
        assert ax.score("roc_auc", scores, gold) == 1.0
        assert ax.score("average_precision", scores, gold) == 1.0
        assert ax.score("r_precision", scores, gold) == 1.0


def test_ranking_measures_are_undefined_on_a_one_class_gold() -> None:
    for name in ("roc_auc", "average_precision", "precision_at_k", "r_precision"):
        with pytest.raises(UndefinedMeasureError):
            ax.score(name, [0.1, 0.2], [1, 1])
        assert ax.score(name, [0.1, 0.2], [0, 0], on_undefined=-1.0) == -1.0


def test_a_single_item_is_valid_input_and_one_class_for_ranking_measures() -> None:
    for name in ("roc_auc", "average_precision", "precision_at_k", "r_precision"):
        assert ax.score(name, [0.3], [1], on_undefined=-1.0) == -1.0
    assert ax.score("brier", [0.25], [1]) == 0.5625
    assert ax.score("log_loss", [1.0], [1]) == 0.0
    assert ax.score("f1_at", [0.7], [1]) == 1.0
    assert ax.score("f1_at", [0.7], [0]) == 0.0


def test_probability_measures_are_defined_on_a_one_class_gold() -> None:
    assert ax.score("brier", [0.0, 0.5], [0, 0]) == 0.125
    assert ax.score("log_loss", [0.0, 0.0], [0, 0]) == 0.0


def test_f1_at_is_undefined_without_gold_or_predicted_positives() -> None:
    with pytest.raises(UndefinedMeasureError):
        ax.score("f1_at(threshold=0.5)", [0.1, 0.2], [0, 0])
    assert ax.score("f1_at(threshold=0.1)", [0.1, 0.2], [0, 0]) == 0.0


def test_log_loss_floors_probabilities_at_machine_epsilon() -> None:
    worst = -math.log(np.finfo(float).eps)
    assert ax.score("log_loss", [0.0, 1.0], [1, 0]) == pytest.approx(worst, rel=1e-15)
    assert ax.score("log_loss", [1.0, 0.0], [1, 0]) == 0.0
    assert ax.get_measure("log_loss").range.upper == pytest.approx(worst)


@pytest.mark.parametrize("name", ["log_loss", "brier"])
@pytest.mark.parametrize("bad", [-0.1, 1.5, 1e300])
def test_probability_measures_refuse_scores_outside_the_unit_interval(
    name: str, bad: float
) -> None:
    with pytest.raises(InvalidInputError, match=r"scores\[1\]=.*probabilities"):
        ax.score(name, [0.5, bad], [1, 0])


@pytest.mark.parametrize(
    ("scores", "gold", "error", "match"),
    [
        ([0.1, np.nan], [0, 1], InvalidInputError, "finite"),
        ([0.1, np.inf], [0, 1], InvalidInputError, "finite"),
        ([0.1, 0.2], [0, 2], InvalidInputError, "binary labels 0/1"),
        ([0.1, 0.2], [-1, 1], InvalidInputError, "binary labels 0/1"),
        ([0.1, 0.2], [0.5, 1], InvalidInputError, "binary labels 0/1"),
        ([0.1, 0.2], ["neg", "pos"], InputTypeError, "gold == 'pos'"),
        ([0.1, 0.2, 0.3], [0, 1], InvalidInputError, "one entry per item"),
        ([], [], InvalidInputError, "at least one item"),
        ([True, False], [0, 1], InputTypeError, "scores must be numeric"),
        (["a", "b"], [0, 1], InputTypeError, "scores must be numeric"),
        (0.5, 1, InvalidInputError, "scalar"),
        (np.zeros((2, 3)), np.zeros((3, 3)), InvalidInputError, "do not broadcast"),
    ],
)
def test_bad_inputs_raise_typed_errors_naming_the_argument(
    scores: object, gold: object, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        ax.score("roc_auc", scores, gold)


def test_boolean_gold_labels_are_accepted() -> None:
    assert ax.score("roc_auc", SCORES, GOLD.astype(bool)) == ax.score("roc_auc", SCORES, GOLD)


def test_scale_is_refused_and_class_values_are_not_used() -> None:
    with pytest.raises(InvalidParameterError, match="scale="):
        ax.score("roc_auc", SCORES, GOLD, scale=[0, 1])
    assert ax.score("roc_auc", SCORES, GOLD, values=[0.0, 5.0]) == ax.score("roc_auc", SCORES, GOLD)
    with pytest.raises(InvalidInputError, match="values"):
        ax.score("roc_auc", SCORES, GOLD, values=[0.0, np.nan])


def test_series_are_aligned_by_item_id_not_by_position() -> None:
    ids = ["a", "b", "c", "d", "e"]
    scores = pd.Series(SCORES, index=ids)
    gold = pd.Series(GOLD, index=ids).iloc[::-1]
    assert ax.score("average_precision", scores, gold) == ax.score(
        "average_precision", SCORES, GOLD
    )


def test_a_frame_of_systems_scores_to_a_series_indexed_by_system() -> None:
    ids = ["a", "b", "c", "d", "e"]
    frame = pd.DataFrame([SCORES, SCORES[::-1]], index=["run1", "run2"], columns=ids)
    frame.index.name = "system"
    gold = pd.Series(GOLD, index=ids).iloc[[4, 0, 3, 1, 2]]
    result = ax.score("roc_auc", frame, gold)
    assert isinstance(result, pd.Series)
    assert list(result.index) == ["run1", "run2"]
    assert result["run1"] == ax.score("roc_auc", SCORES, GOLD)
    assert result["run2"] == ax.score("roc_auc", SCORES[::-1], GOLD)


@pytest.mark.parametrize(
    ("scores", "gold", "error", "match"),
    [
        (pd.Series([0.1, 0.2], index=["a", "b"]), [0, 1], InputTypeError, "never by position"),
        ([0.1, 0.2], pd.Series([0, 1], index=["a", "b"]), InputTypeError, "never by position"),
        (
            pd.Series([0.1, 0.2], index=["a", "b"]),
            pd.Series([0, 1], index=["a", "c"]),
            InvalidInputError,
            "same items",
        ),
        (
            pd.Series([0.1, 0.2], index=["a", "a"]),
            pd.Series([0, 1], index=["a", "b"]),
            InvalidInputError,
            "must not repeat",
        ),
    ],
)
def test_labelled_inputs_that_cannot_be_aligned_are_refused(
    scores: object, gold: object, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        ax.score("roc_auc", scores, gold)


def test_validate_scored_returns_float_arrays_and_the_batch_shape() -> None:
    s, g, batch = validate_scored(np.zeros((2, 3, 4)), np.ones(4, dtype=bool))
    assert s.dtype == g.dtype == np.float64
    assert batch == (2, 3)


def test_roc_curve_area_is_roc_auc_and_ap_is_the_step_sum_of_the_pr_curve() -> None:
    fpr, tpr, thresholds = roc_curve(SCORES, GOLD)
    assert thresholds[0] == np.inf
    assert np.trapezoid(tpr, fpr) == pytest.approx(ax.score("roc_auc", SCORES, GOLD))
    precision, recall, pr_thresholds = precision_recall_curve(SCORES, GOLD)
    assert list(pr_thresholds) == [0.1, 0.3, 0.8, 0.9]
    assert (precision[-1], recall[-1]) == (1.0, 0.0)
    ap = -np.sum(np.diff(recall) * precision[:-1])
    assert ap == pytest.approx(ax.score("average_precision", SCORES, GOLD))


def test_curves_refuse_a_gold_without_the_classes_they_divide_by() -> None:
    with pytest.raises(InvalidInputError, match="no negative"):
        roc_curve([0.1, 0.2], [1, 1])
    with pytest.raises(InvalidInputError, match="no positive"):
        precision_recall_curve([0.1, 0.2], [0, 0])
    with pytest.raises(InvalidInputError, match="1-D"):
        roc_curve(np.zeros((2, 2)), [0, 1])


# -- issue 21: argument order and labelled curves ---------------------------------------

Y_TRUE = np.array([1, 0, 1, 0, 1])
Y_SCORE = np.array([0.9, 0.3, 0.6, 0.4, 0.2])
SWAPPED = (
    "this looks like (gold, scores): axiometrics takes (scores, gold), the reverse of "
    "scikit-learn's (y_true, y_score)"
)


def test_scores_then_gold_equals_scikit_learns_gold_then_scores() -> None:
    import sklearn.metrics as skm

    assert ax.score("roc_auc", Y_SCORE, Y_TRUE) == skm.roc_auc_score(Y_TRUE, Y_SCORE)


@pytest.mark.parametrize(
    ("first", "error", "kind"),
    [
        (Y_TRUE, InvalidInputError, "binary 0/1 labels"),
        (Y_TRUE.astype(float), InvalidInputError, "binary 0/1 labels"),
        (Y_TRUE.astype(bool), InputTypeError, "binary 0/1 labels"),
        (np.where(Y_TRUE == 1, "pos", "neg"), InputTypeError, "text labels"),
    ],
)
@pytest.mark.parametrize("measure", ["roc_auc", "average_precision", "f1_at", "log_loss"])
def test_a_call_in_scikit_learns_order_says_the_arguments_look_swapped(
    measure, first, error, kind
) -> None:
    with pytest.raises(error) as info:
        ax.score(measure, first, Y_SCORE)
    message = str(info.value)
    assert f"the first argument holds {kind} and the second real-valued scores" in message
    assert message.endswith(SWAPPED)


def test_labelled_inputs_in_scikit_learns_order_are_aligned_then_flagged() -> None:
    gold = pd.Series(Y_TRUE, index=list("abcde"))
    scores = pd.Series(Y_SCORE[::-1], index=list("edcba"))
    assert ax.score("roc_auc", scores, gold) == ax.score("roc_auc", Y_SCORE, Y_TRUE)
    with pytest.raises(InvalidInputError, match=r"gold=.*expected binary labels 0/1.*looks like"):
        ax.score("roc_auc", gold, scores)


@pytest.mark.parametrize(
    ("scores", "gold"),
    [
        ([0.9, 0.3], [0.5, 2.0]),  # gold not binary, scores not labels: no guess
        ([1, 2, 1], [0.3, 0.4, 0.5]),  # labels 1/2 are not 0/1: no guess
        ([np.nan, 0.1], [1, 0]),  # a bad score next to a valid gold
    ],
)
def test_no_swap_is_suggested_where_the_values_do_not_tell(scores, gold) -> None:
    with pytest.raises(InvalidInputError) as info:
        ax.score("roc_auc", scores, gold)
    assert "looks like (gold, scores)" not in str(info.value)


def test_two_binary_vectors_cannot_tell_their_order_and_are_scored_as_given() -> None:
    predictions = np.array([1, 1, 1, 0, 0, 0])
    gold = np.array([1, 1, 1, 1, 0, 0])  # TP 3, FN 1, FP 0, TN 2
    # as given: balanced accuracy (TPR + TNR) / 2; swapped: (PPV + NPV) / 2 (documented)
    assert ax.score("roc_auc", predictions, gold) == (3 / 4 + 2 / 2) / 2
    assert ax.score("roc_auc", gold, predictions) == pytest.approx((3 / 3 + 2 / 3) / 2)


CURVES = [roc_curve, precision_recall_curve]


@pytest.mark.parametrize("curve", CURVES)
def test_curves_align_two_series_by_item_id(curve) -> None:
    scores = pd.Series(SCORES, index=list("abcde"))
    gold = pd.Series(GOLD, index=list("abcde")).iloc[::-1]
    expected = curve(SCORES, GOLD)
    for got, want in zip(curve(scores, gold), expected, strict=True):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("curve", CURVES)
def test_curves_take_a_one_row_dataframe_of_scores_with_a_gold_series(curve) -> None:
    scores = pd.DataFrame([SCORES], columns=list("abcde"), index=["run"])
    gold = pd.Series(GOLD, index=list("abcde")).iloc[[4, 2, 0, 1, 3]]
    for got, want in zip(curve(scores, gold), curve(SCORES, GOLD), strict=True):
        np.testing.assert_array_equal(got, want)


def test_the_labelled_roc_curve_equals_scikit_learns_on_the_aligned_items() -> None:
    import sklearn.metrics as skm

    scores = pd.Series([0.9, 0.3, 0.6, 0.4], index=list("abcd"))
    gold = pd.Series([0, 1, 0, 1], index=list("dcba"))
    fpr, tpr, thresholds = roc_curve(scores, gold)
    want = skm.roc_curve(gold.reindex(scores.index), scores, drop_intermediate=False)
    for got, expected in zip((fpr, tpr, thresholds), want, strict=True):
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("curve", CURVES)
def test_curves_refuse_a_series_next_to_an_array_and_other_item_sets(curve) -> None:
    scores = pd.Series(SCORES, index=list("abcde"))
    with pytest.raises(InputTypeError, match="scores is a pandas object but the other input"):
        curve(scores, GOLD)
    with pytest.raises(InputTypeError, match="gold is a pandas object but the other input"):
        curve(SCORES, pd.Series(GOLD, index=list("abcde")))
    with pytest.raises(InvalidInputError, match="must label the same items by index"):
        curve(scores, pd.Series(GOLD, index=list("abcdf")))
    two_rows = pd.DataFrame([SCORES, SCORES], columns=list("abcde"))
    with pytest.raises(InvalidInputError, match="a curve is drawn for one item list"):
        curve(two_rows, pd.Series(GOLD, index=list("abcde")))
