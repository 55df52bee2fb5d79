import numpy as np
import pytest

from axiometrics import ClassScale, InputTypeError, InvalidInputError, UnknownLabelError
from axiometrics.scale import as_scale, validate_values


def test_default_values_are_equidistant_class_indices():
    scale = ClassScale((-2, -1, 0, 1, 2))
    assert scale.values == (0.0, 1.0, 2.0, 3.0, 4.0)
    assert scale.n_classes == 5


def test_labels_map_to_indices_and_numbers_compare_by_value():
    scale = ClassScale((-2, -1, 0, 1, 2))
    assert scale.index_of([2, -2.0, np.int64(0)]).tolist() == [4, 0, 2]


def test_string_labels_keep_the_given_order():
    scale = ClassScale(("neg", "neu", "pos"), values=(1, 2, 10))
    assert scale.index_of(["pos", "neg"]).tolist() == [2, 0]
    assert scale.value_array.tolist() == [1.0, 2.0, 10.0]


def test_labels_outside_the_scale_are_named_in_the_error():
    scale = ClassScale((0, 1, 2))
    with pytest.raises(
        UnknownLabelError,
        match=r"gold must be labels of the scale \[0, 1, 2\].*got 2 outside it: 3, 7",
    ):
        scale.index_of([0, 3, 7], name="gold")


def test_fewer_than_two_classes_is_rejected():
    with pytest.raises(InvalidInputError, match=r"at least 2 classes \(got 1"):
        ClassScale(["only"])


def test_duplicate_labels_are_rejected():
    with pytest.raises(InvalidInputError, match=r"must not repeat \(got duplicates 1"):
        ClassScale([0, 1, 1])


def test_a_string_is_not_a_label_sequence():
    with pytest.raises(InputTypeError, match="sequence of class labels"):
        ClassScale("abc")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0, 2, 1], "strictly increasing"),
        ([0, 1, 1], "strictly increasing"),
        ([0, 1], "must have 3 entries"),
        ([0, np.inf, 5], "finite"),
    ],
)
def test_bad_class_values_are_rejected(values, message):
    with pytest.raises(InvalidInputError, match=message):
        validate_values(values, 3)


def test_non_numeric_values_raise_a_type_error():
    with pytest.raises(
        InputTypeError, match=r"values must be numeric class values \(got \['a', 'b'\]"
    ):
        validate_values(["a", "b"], 2)


def test_batches_of_values_are_accepted():
    vals = validate_values([[0, 1, 2], [0, 5, 6]], 3)
    assert vals.shape == (2, 3)


def test_sorted_labels_infer_a_scale_and_unsortable_ones_ask_for_an_explicit_scale():
    assert ClassScale.from_sorted_labels([2, 0, 1, 0]).labels == (0, 1, 2)
    with pytest.raises(InputTypeError, match="explicit ClassScale"):
        ClassScale.from_sorted_labels([1, "a"])


def test_as_scale_checks_the_number_of_classes():
    assert as_scale(None, 3).labels == (0, 1, 2)
    assert as_scale(["a", "b"], 2).labels == ("a", "b")
    with pytest.raises(InvalidInputError, match="must have 4 classes"):
        as_scale([0, 1, 2], 4)


def test_of_size_requires_an_integer_of_at_least_two():
    assert ClassScale.of_size(4).labels == (0, 1, 2, 3)
    with pytest.raises(InvalidInputError, match="n_classes must be an integer >= 2"):
        ClassScale.of_size(1)


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ([0.0, 1e308, -1e308][::-1], InvalidInputError, r"values must span a finite range"),
        (
            [-1.7e308, 1.7e308],
            InvalidInputError,
            r"distance between the smallest and largest class",
        ),
        (np.array([0, 1j]), InputTypeError, r"values must be numeric class values .*complex"),
        (np.array([False, True]), InputTypeError, r"booleans, dtype bool"),
        (np.array([0, 1], dtype=object), InputTypeError, r"Python objects, dtype object"),
        ([2, 1], InvalidInputError, r"strictly increasing"),
    ],
)
def test_values_that_overflow_or_are_not_real_numbers_are_refused(values, error, message):
    with pytest.raises(error, match=message):
        validate_values(values, 2 if len(values) == 2 else 3)


def test_huge_but_finite_value_spans_are_accepted():
    vals = validate_values([-1e300, 0, 1e300], 3)
    assert vals.tolist() == [-1e300, 0.0, 1e300]
