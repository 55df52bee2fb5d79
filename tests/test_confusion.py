import numpy as np
import pandas as pd
import pytest

from axiometrics import (
    ClassScale,
    ConfusionMatrices,
    InputTypeError,
    InvalidInputError,
    UnknownLabelError,
)
from axiometrics.confusion import validate_confusion_matrices


def test_rows_are_system_classes_and_columns_gold_classes():
    m = ConfusionMatrices.from_labels(gold=[0, 0, 1], system=[1, 0, 1], scale=[0, 1])
    # one item gold 0 -> system 1: row 1, column 0
    assert m.counts.tolist() == [[1.0, 0.0], [1.0, 1.0]]
    assert m.gold_counts.tolist() == [2.0, 1.0]
    assert m.system_counts.tolist() == [1.0, 2.0]


def test_an_explicit_scale_keeps_empty_classes():
    m = ConfusionMatrices.from_labels(gold=[-2, 2], system=[-2, 2], scale=[-2, -1, 0, 1, 2])
    assert m.counts.shape == (5, 5)
    assert m.gold_counts.tolist() == [1, 0, 0, 0, 1]


def test_string_labels_take_their_order_from_an_explicit_scale():
    m = ConfusionMatrices.from_labels(["b", "a", "a"], ["a", "a", "b"], scale=["b", "a"])
    assert m.scale.labels == ("b", "a")
    assert m.counts.tolist() == [[0.0, 1.0], [1.0, 1.0]]


def test_label_batches_give_one_matrix_per_leading_index():
    gold = np.array([[0, 1, 2, 2], [2, 2, 2, 0]])
    system = np.array([[0, 1, 1, 2], [0, 2, 2, 0]])
    m = ConfusionMatrices.from_labels(gold, system, scale=[0, 1, 2])
    assert m.batch_shape == (2,)
    assert m.counts[1].tolist() == [[1, 0, 1], [0, 0, 0], [0, 0, 2]]


def test_labels_outside_the_scale_raise():
    with pytest.raises(UnknownLabelError, match=r"system must be labels of the scale"):
        ConfusionMatrices.from_labels([0, 1], [0, 5], scale=[0, 1, 2])


def test_gold_and_system_must_have_the_same_length():
    with pytest.raises(
        InvalidInputError, match=r"same shape \(got gold \(3,\) and system \(2,\)\)"
    ):
        ConfusionMatrices.from_labels([0, 1, 1], [0, 1], scale=[0, 1])


def test_empty_label_vectors_are_rejected():
    with pytest.raises(InvalidInputError, match="at least one item"):
        ConfusionMatrices.from_labels([], [], scale=[0, 1])


def test_sklearn_matrices_are_transposed():
    sk = np.array([[5, 1], [2, 7]])  # rows = gold
    m = ConfusionMatrices.from_sklearn(sk, scale=["n", "p"])
    assert m.counts.tolist() == [[5, 2], [1, 7]]
    assert np.array_equal(m.to_sklearn(), sk)


def test_crosstab_with_gold_rows_is_reoriented_and_missing_classes_filled():
    gold = pd.Series([0, 0, 2], name="gold")
    system = pd.Series([0, 2, 2], name="system")
    table = pd.crosstab(gold, system)
    m = ConfusionMatrices.from_crosstab(table, rows="gold", scale=[0, 1, 2])
    assert m.counts.tolist() == [[1, 0, 0], [0, 0, 0], [1, 0, 1]]


def test_crosstab_rejects_a_bad_orientation():
    with pytest.raises(InvalidInputError, match="rows must be 'system' or 'gold'"):
        ConfusionMatrices.from_crosstab(pd.DataFrame([[1]]), rows="columns")


def test_dataframe_grouped_by_topic_gives_one_matrix_per_topic():
    df = pd.DataFrame({"topic": ["b", "a", "a"], "gold": [0, 1, 1], "system": [0, 1, 0]})
    m = ConfusionMatrices.from_dataframe(df, by="topic", scale=[0, 1])
    assert m.index == ("a", "b")
    assert m.counts[0].tolist() == [[0, 1], [0, 1]]
    assert m.counts[1].tolist() == [[1, 0], [0, 0]]


def test_dataframe_missing_column_is_named():
    with pytest.raises(InvalidInputError, match=r"gold='label' is not a column"):
        ConfusionMatrices.from_dataframe(pd.DataFrame({"x": [1]}), gold="label")


def test_to_frame_labels_rows_and_columns():
    m = ConfusionMatrices.from_counts([[1, 2], [3, 4]], scale=["lo", "hi"])
    frame = m.to_frame()
    assert frame.index.name == "system"
    assert frame.columns.name == "gold"
    assert frame.loc["hi", "lo"] == 3


def test_counts_are_read_only():
    m = ConfusionMatrices.from_counts([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="read-only"):
        m.counts[0, 0] = 9


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        ([[1, -1], [0, 1]], InvalidInputError, r"non-negative counts \(got minimum -1.0\)"),
        ([[1, np.nan], [0, 1]], InvalidInputError, "finite counts"),
        ([[0, 0], [0, 0]], InvalidInputError, r"at least one item \(got N=0\)"),
        (
            [[1, 2, 3], [4, 5, 6]],
            InvalidInputError,
            r"square confusion matrices .* \(got shape \(2, 3\)\)",
        ),
        ([[1]], InvalidInputError, r"at least 2 classes \(got C=1\)"),
        ([1, 2], InvalidInputError, "square confusion matrices"),
        (
            [["a", "b"], ["c", "d"]],
            InputTypeError,
            r"matrices must be numeric counts \(got \[\['a', 'b'\], \['c', 'd'\]\]: "
            r"strings, dtype <U1; real numbers expected\)",
        ),
    ],
)
def test_invalid_counts_raise_typed_errors(counts, error, message):
    with pytest.raises(error, match=message):
        validate_confusion_matrices(counts, name="matrices")


def test_an_empty_matrix_in_a_batch_is_located():
    batch = np.ones((3, 2, 2))
    batch[2] = 0
    with pytest.raises(InvalidInputError, match=r"N=0 at batch index \(2,\)"):
        validate_confusion_matrices(batch)


def test_scale_size_must_match_the_counts():
    with pytest.raises(InvalidInputError, match="must have 3 classes"):
        ConfusionMatrices.from_counts(np.ones((3, 3)), scale=ClassScale([0, 1]))


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        (
            np.array([[1 + 0j, 0], [0, 1]]),
            InputTypeError,
            r"matrices must be numeric counts \(got .*: complex numbers, dtype complex128; "
            r"real numbers expected\)",
        ),
        (
            np.array([[1, 0], [0, 1]], dtype=object),
            InputTypeError,
            r"matrices must be numeric counts \(got .*: Python objects, dtype object;",
        ),
        (
            np.array([[True, False], [False, True]]),
            InputTypeError,
            r"matrices must be numeric counts \(got .*: booleans, dtype bool;",
        ),
        (
            [[1, 0], [0]],
            InputTypeError,
            r"matrices must be numeric counts in a regular array \(got \[\[1, 0\], \[0\]\]: ragged",
        ),
        (
            np.full((2, 2), 1e308),
            InvalidInputError,
            r"matrices must hold at most 2\*\*53 = 9007199254740992 items per matrix \(got N=inf\)",
        ),
        (
            np.full((2, 2), 2.0**52),
            InvalidInputError,
            r"at most 2\*\*53 = 9007199254740992 items per matrix \(got N=1\.80144e\+16\)",
        ),
    ],
)
def test_counts_that_are_not_real_numbers_or_overflow_are_refused_by_validation(
    counts, error, message
):
    with pytest.raises(error, match=message):
        validate_confusion_matrices(counts, name="matrices")


def test_an_overflowing_matrix_in_a_batch_is_located():
    batch = np.ones((2, 2, 2))
    batch[1, 0, 0] = 1e308
    batch[1, 1, 1] = 1e308
    with pytest.raises(InvalidInputError, match=r"got N=inf at batch index \(1,\)"):
        validate_confusion_matrices(batch)


def test_huge_counts_reach_no_measure_so_no_measure_reports_a_bug():
    import axiometrics as ax

    for name in ax.default_registry().names("oc"):
        with pytest.raises(InvalidInputError, match=r"at most 2\*\*53"):
            ax.score(name, [[1e308, 1e308], [1e308, 1e308]])
        with pytest.raises(InputTypeError, match=r"complex numbers"):
            ax.score(name, np.array([[1 + 1j, 0], [0, 1]]))


def test_the_largest_accepted_total_scores_without_a_floating_point_error():
    import axiometrics as ax

    counts = np.array([[2.0**51, 2.0**50], [2.0**50, 2.0**51]])
    for name in ax.default_registry().names("oc"):
        value = ax.score(name, counts, on_undefined=0.0)
        assert np.isfinite(value), name


def test_from_dataframe_refuses_a_missing_group_key_and_an_empty_frame():
    frame = pd.DataFrame({"gold": [0, 1], "system": [0, 1], "topic": ["a", None]})
    with pytest.raises(InvalidInputError, match=r"by='topic' column must not hold missing values"):
        ConfusionMatrices.from_dataframe(frame, by="topic")
    empty = pd.DataFrame({"gold": [], "system": []})
    with pytest.raises(
        InvalidInputError, match=r"frame must hold at least one item \(got 0 rows\)"
    ):
        ConfusionMatrices.from_dataframe(empty, scale=[0, 1])


def test_a_dataframe_with_repeated_column_names_is_refused_with_positions():
    frame = pd.DataFrame([[0, 1, 1]], columns=["gold", "system", "gold"])
    with pytest.raises(
        InvalidInputError,
        match=r"frame columns must not repeat a label \(got 'gold' at positions 0, 2;",
    ):
        ConfusionMatrices.from_dataframe(frame)


def test_a_frame_given_as_one_label_vector_is_refused():
    frame = pd.DataFrame({"gold": [0, 1]})
    with pytest.raises(InputTypeError, match=r"gold must be a vector of labels, not a DataFrame"):
        ConfusionMatrices.from_labels(frame, [0, 1])


def test_the_grouping_keys_and_their_name_are_kept():
    frame = pd.DataFrame({"gold": [0, 1, 1], "system": [0, 1, 0], "topic": [2, 1, 2]})
    m = ConfusionMatrices.from_dataframe(frame, by="topic")
    assert m.index == (1, 2)
    assert m.index_name == "topic"
