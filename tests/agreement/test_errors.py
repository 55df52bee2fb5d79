"""Bad input gives typed, one-line errors; degenerate input a declared value, never NaN."""

import numpy as np
import pytest

from axiometrics.agreement import (
    AgreementInputError,
    MissingRatingError,
    NoPairableUnitsError,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.errors import InputTypeError, InvalidParameterError, UnknownLabelError


def test_two_coders_with_different_numbers_of_labels_are_refused():
    with pytest.raises(AgreementInputError, match="a has 3 labels and b has 2"):
        cohen_kappa([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="equal lengths"):
        scotts_pi(["x"], ["x", "y"])


def test_a_single_coder_is_refused():
    with pytest.raises(AgreementInputError, match="at least two coders"):
        fleiss_kappa([[1, 2, 3]])
    with pytest.raises(AgreementInputError, match="at least two coders"):
        krippendorff_alpha(np.array([[1.0, np.nan]]))


def test_data_that_is_not_a_coders_by_units_table_is_refused():
    with pytest.raises(AgreementInputError, match="expected a 2-D array"):
        krippendorff_alpha([1, 2, 3])
    with pytest.raises(AgreementInputError, match="1-D sequence"):
        cohen_kappa([[1, 2]], [[1, 2]])
    with pytest.raises(InputTypeError, match="not a string"):
        cohen_kappa("abc", "abd")


def test_alpha_without_a_unit_labelled_twice_is_refused():
    data = np.array([[1.0, np.nan, np.nan], [np.nan, 2.0, np.nan]])
    with pytest.raises(NoPairableUnitsError, match="no unit has labels from two coders"):
        krippendorff_alpha(data)


def test_missing_labels_are_refused_by_the_complete_unit_coefficients_unless_dropped():
    a, b = [1, 2, None, 1, 2], [1, 2, 2, 2, 2]
    with pytest.raises(MissingRatingError, match="coder 0 has no label for unit 2"):
        cohen_kappa(a, b)
    with pytest.raises(MissingRatingError, match="missing='drop'"):
        fleiss_kappa([a, b, b])
    dropped = cohen_kappa(a, b, missing="drop")
    complete = cohen_kappa([1, 2, 1, 2], [1, 2, 2, 2])
    assert dropped.value == complete.value
    assert dropped.n_units == 4


def test_dropping_every_unit_leaves_nothing_to_compare():
    with pytest.raises(NoPairableUnitsError, match="no unit has a label from every coder"):
        scotts_pi([np.nan, 1.0], [2.0, np.nan], missing="drop")


def test_an_unknown_missing_policy_suggests_the_nearest():
    with pytest.raises(InvalidParameterError, match="did you mean 'drop'"):
        cohen_kappa([1], [1], missing="dorp")


def test_an_unknown_level_suggests_the_nearest_name():
    with pytest.raises(InvalidParameterError, match="did you mean 'ordinal'"):
        krippendorff_alpha([[1, 2], [1, 2]], level="ordnial")
    with pytest.raises(InvalidParameterError, match="did you mean 'linear'"):
        cohen_kappa([1, 2], [1, 2], weights="lineer")


def test_infinite_labels_are_refused_with_their_position():
    with pytest.raises(AgreementInputError, match=r"data\[1, 0\]=inf"):
        krippendorff_alpha(np.array([[1.0, 2.0], [np.inf, 2.0]]))


def test_a_label_outside_the_given_categories_is_refused():
    with pytest.raises(UnknownLabelError, match="'maybe'"):
        fleiss_kappa([["yes", "no"], ["yes", "maybe"]], categories=["yes", "no"])


def test_ordered_levels_need_an_order_for_labels_that_are_not_numbers():
    data = [["low", "high", "mid"], ["low", "mid", "mid"]]
    with pytest.raises(InvalidParameterError, match="needs ordered categories"):
        krippendorff_alpha(data, level="ordinal")
    with pytest.raises(InvalidParameterError, match="needs ordered categories"):
        cohen_kappa(*data, weights="linear")
    with pytest.raises(InvalidParameterError, match="needs numeric values"):
        krippendorff_alpha(data, level="interval")
    ordered = krippendorff_alpha(data, level="ordinal", categories=["low", "mid", "high"])
    numeric = krippendorff_alpha([[0, 2, 1], [0, 1, 1]], level="ordinal")
    assert ordered.value == pytest.approx(numeric.value)
    valued = krippendorff_alpha(data, level="interval", categories={"low": 1, "mid": 2, "high": 4})
    assert valued.value == pytest.approx(
        krippendorff_alpha([[1, 4, 2], [1, 2, 2]], level="interval").value
    )


def test_ratio_level_refuses_negative_values():
    with pytest.raises(InvalidParameterError, match="values >= 0"):
        krippendorff_alpha([[-1, 2], [1, 2]], level="ratio")


@pytest.mark.parametrize(
    ("categories", "message"),
    [
        (["a", "a"], "must be distinct"),
        (["a", None], "may not be missing"),
        ([], "at least one category"),
        ("ab", "expected a sequence"),
        ({"a": 1, "b": "x"}, "finite real values"),
        ({"a": 1, "b": 1}, "share a value"),
    ],
)
def test_malformed_categories_are_refused(categories, message):
    with pytest.raises(InvalidParameterError, match=message):
        krippendorff_alpha([["a", "b"], ["a", "a"]], categories=categories)


def test_unhashable_labels_are_a_type_error():
    data = np.empty((2, 2), dtype=object)
    data[0, 0], data[0, 1], data[1, 0], data[1, 1] = [1], [2], [1], [3]
    with pytest.raises(InputTypeError, match="must be hashable"):
        krippendorff_alpha(data)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bootstrap": 0}, "positive number of resamples"),
        ({"bootstrap": 2.5}, "positive number of resamples"),
        ({"bootstrap": 10, "confidence": 1.0}, "in \\(0, 1\\)"),
        ({"bootstrap": 10, "seed": -1}, "non-negative integer"),
    ],
)
def test_bad_bootstrap_options_are_refused(options, message):
    with pytest.raises(InvalidParameterError, match=message):
        krippendorff_alpha([[1, 2], [1, 2]], **options)


def test_every_coefficient_declares_one_without_nan_or_warning_when_all_labels_are_one_category():
    # pytest turns warnings into errors, so a RuntimeWarning here would fail the test.
    same = [["x"] * 4, ["x"] * 4, ["x"] * 4]
    results = [
        cohen_kappa(same[0], same[1], bootstrap=50, seed=0),
        cohen_kappa(same[0], same[1], weights="quadratic", categories=["x", "y"]),
        scotts_pi(same[0], same[1]),
        fleiss_kappa(same, bootstrap=50, seed=0),
        krippendorff_alpha(same, bootstrap=50, seed=0),
        krippendorff_alpha([[3, 3], [3, np.nan]], level="ordinal", bootstrap=20, seed=1),
        krippendorff_alpha([[0, 0], [0, 0]], level="ratio"),
    ]
    for result in results:
        assert result.value == 1.0
        assert result.degenerate
        assert result.expected_disagreement == 0.0
        assert result.ci in (None, (1.0, 1.0))


def test_resamples_that_happen_to_use_one_category_count_as_one_in_the_interval():
    # Most resamples of these 3 units contain both categories, some only "a" (degenerate):
    # both kinds give 1.0, so the interval is exactly (1, 1) and holds no NaN.
    result = cohen_kappa(["a", "a", "b"], ["a", "a", "b"], bootstrap=200, seed=0)
    assert result.ci == (1.0, 1.0)
    assert not result.degenerate
