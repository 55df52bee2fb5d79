import numpy as np
import pytest

from axiometrics import ClassScale, UnknownLabelError
from axiometrics.errors import DataFileError, InvalidInputError
from axiometrics.io import (
    SEMEVAL_SCALE,
    read_confusion_matrix,
    read_distribution_file,
    read_label_file,
)

GOLD_C = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t2\n4\tbanana\t1\n5\tbanana\t1\n6\tbanana\t-1\n"
RUN_A = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t1\n4\tbanana\t1\n5\tbanana\t0\n6\tbanana\t-1\n"


# -- label files --------------------------------------------------------------


def test_a_header_line_and_blank_lines_are_skipped(write):
    frame = read_label_file(write("g.tsv", "id\ttopic\tlabel\n\n" + GOLD_C + "\n"))
    assert len(frame) == 6
    assert list(frame.columns) == ["id", "topic", "label"]
    assert frame["label"].tolist() == [-2, 0, 2, 1, 1, -1]
    assert frame["topic"].tolist()[:4] == ["apple", "apple", "apple", "banana"]


def test_a_label_file_without_topics_has_no_topic_column(write):
    frame = read_label_file(write("r.csv", "id,label\na,neg\nb,pos\n"))
    assert list(frame.columns) == ["id", "label"]
    assert frame["label"].tolist() == ["neg", "pos"]


def test_ragged_lines_name_the_file_and_line(write):
    path = write("bad.tsv", GOLD_C + "7\tbanana\n")
    with pytest.raises(DataFileError, match=r"bad\.tsv' line 7: expected 3 fields"):
        read_label_file(path)


def test_line_numbers_count_the_blank_lines(write):
    path = write("gaps.tsv", "1\tt\t0\n\n\n2\t0\n")
    with pytest.raises(
        DataFileError,
        match=r"gaps\.tsv' line 4: expected 3 fields like the first row \(got 2 fields",
    ):
        read_label_file(path)


def test_a_file_with_a_required_topic_column_rejects_two_fields(write):
    path = write("gold.tsv", "\n1\t-2\n2\t0\n")
    with pytest.raises(DataFileError, match=r"line 2: expected 3 fields \(id, topic, label\)"):
        read_label_file(path, require_topic=True)
    with pytest.raises(DataFileError, match=r"expected id, topic, label \(or id, label\)"):
        read_label_file(write("wide.tsv", "1\ta\tb\tc\n"))


def test_duplicate_ids_in_a_file_are_rejected(write):
    path = write("run.tsv", RUN_A + "1\tapple\t2\n")
    with pytest.raises(DataFileError, match=r"item ids must be unique \(got duplicates \['1'\]\)"):
        read_label_file(path)


def test_missing_and_empty_files_raise_typed_errors(write, tmp_path):
    with pytest.raises(DataFileError, match="is not an existing file"):
        read_label_file(tmp_path / "nope.tsv")
    with pytest.raises(DataFileError, match="is empty"):
        read_label_file(write("empty.tsv", "\n\n"))
    with pytest.raises(DataFileError, match="has a header but no items"):
        read_label_file(write("header.tsv", "id\tlabel\n"))


# -- distribution files -------------------------------------------------------


def test_distribution_columns_default_to_class_indices(write):
    frame = read_distribution_file(write("e.tsv", "t1\t0.5\t0.5\nt2\t1\t0\n"))
    assert list(frame.columns) == ["topic", 0, 1]
    np.testing.assert_allclose(frame[[0, 1]].to_numpy(), [[0.5, 0.5], [1, 0]])


def test_a_header_names_the_classes_when_no_scale_is_given(write):
    frame = read_distribution_file(write("e.tsv", "topic\tneg\tpos\nt1\t0.2\t0.8\n"))
    assert list(frame.columns) == ["topic", "neg", "pos"]


def test_a_header_naming_the_scale_classes_sets_the_column_order(write):
    path = write("e.tsv", "topic\t2\t1\t0\t-1\t-2\nt1\t0.6\t0.1\t0.1\t0.1\t0.1\n")
    frame = read_distribution_file(path, scale=SEMEVAL_SCALE)
    assert list(frame.columns) == ["topic", 2, 1, 0, -1, -2]
    assert frame.loc[0, 2] == pytest.approx(0.6)


def test_a_descriptive_header_leaves_the_scale_order(write):
    path = write("e.tsv", "topic\tp(-2)\tp(-1)\tp(0)\tp(1)\tp(2)\nt1\t0.6\t0.1\t0.1\t0.1\t0.1\n")
    frame = read_distribution_file(path, scale=SEMEVAL_SCALE)
    assert list(frame.columns) == ["topic", -2, -1, 0, 1, 2]
    assert frame.loc[0, -2] == pytest.approx(0.6)


def test_repeated_class_names_in_a_header_are_rejected(write):
    path = write("e.tsv", "\ntopic\ta\ta\nt1\t0.5\t0.5\n")
    with pytest.raises(DataFileError, match=r"line 2: class names in the header must be unique"):
        read_distribution_file(path)


def test_distribution_rows_of_the_wrong_width_name_the_line_and_classes(write):
    path = write("e.tsv", "t1\t0.5\t0.5\n\nt2\t0.2\t0.3\t0.5\n")
    with pytest.raises(
        DataFileError, match=r"e\.tsv' line 3: expected 3 fields like the first row"
    ):
        read_distribution_file(path)
    with pytest.raises(
        DataFileError, match=r"line 1: expected a topic and 5 probabilities for the classes \[-2,"
    ):
        read_distribution_file(path, scale=SEMEVAL_SCALE)
    header = write("h.tsv", "topic\ta\tb\tc\nt1\t0.5\t0.5\n")
    with pytest.raises(DataFileError, match=r"h\.tsv' line 1: expected 3 fields"):
        read_distribution_file(header)


def test_probabilities_must_be_numbers_and_at_least_two(write):
    with pytest.raises(
        DataFileError, match=r"line 2: probabilities must be numbers \(got \['0\.1', 'x'\]\)"
    ):
        read_distribution_file(write("e.tsv", "t1\t0.5\t0.5\nt2\t0.1\tx\n"))
    with pytest.raises(DataFileError, match="expected a topic and at least 2 probabilities"):
        read_distribution_file(write("one.tsv", "t1\t1.0\n"))
    with pytest.raises(DataFileError, match="has a header but no distributions"):
        read_distribution_file(write("h.tsv", "topic\ta\tb\n"))


# -- confusion matrices -------------------------------------------------------


def test_a_confusion_matrix_csv_has_system_rows_by_default(write):
    path = write("cm.csv", "system\\gold,neg,pos\nneg,3,1\npos,0,2\n")
    matrix = read_confusion_matrix(path, scale=ClassScale(["neg", "pos"]))
    np.testing.assert_array_equal(matrix.counts, [[3, 1], [0, 2]])
    transposed = read_confusion_matrix(path, rows="gold", scale=ClassScale(["neg", "pos"]))
    np.testing.assert_array_equal(transposed.counts, [[3, 0], [1, 2]])


def test_confusion_matrix_problems_name_the_line(write):
    with pytest.raises(DataFileError, match=r"a\.csv' line 4: expected 3 fields like the header"):
        read_confusion_matrix(write("a.csv", "x,a,b\na,1,2\n\nb,1\n"))
    with pytest.raises(
        DataFileError, match=r"line 3: counts must be numbers \(got \['one', '2'\]\)"
    ):
        read_confusion_matrix(write("b.csv", "x,a,b\na,1,2\nb,one,2\n"))
    with pytest.raises(DataFileError, match="expected a header row and matrix rows"):
        read_confusion_matrix(write("c.csv", "x,a,b\n"))
    with pytest.raises(UnknownLabelError):
        read_confusion_matrix(write("d.csv", "x,a,b\na,1,2\nb,1,2\n"), scale=ClassScale(["a", "c"]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            ",0,1\n0,3,1\n0,2,2\n",
            r"^path='.*dup\.csv': row label 0 appears twice \(line 2 and line 3\); each class "
            r"must have one row$",
        ),
        (
            "x,0,1,0\n0,3,1,1\n1,2,2,1\n",
            r"^path='.*dup\.csv': column label 0 appears twice \(line 1 column 2 and line 1 "
            r"column 4\); each class must have one column$",
        ),
        (
            "x,1,2.0,2\n1,3,1,1\n\n2,2,2,1\n3,1,1,1\n",
            r"column label 2 appears twice \(line 1 column 3 and line 1 column 4\)",
        ),
    ],
)
def test_a_repeated_confusion_matrix_label_is_refused_with_its_positions(write, text, message):
    with pytest.raises(DataFileError, match=message):
        read_confusion_matrix(write("dup.csv", text))


def test_text_matrix_labels_need_a_scale(write):
    path = write("cm.csv", "x,neg,pos\nneg,3,1\npos,0,2\n")
    with pytest.raises(InvalidInputError, match=r"e\.g\. scale=\['neg', 'pos'\]$"):
        read_confusion_matrix(path)
    with pytest.raises(InvalidInputError, match=r"e\.g\. --scale=neg,pos$"):
        read_confusion_matrix(path, scale_option="--scale")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1\tt\t0\n2\tt\n", r"line 2: expected 3 fields like the first row"),
        ("1\tt\t0\n2\tt\t0\tx\n", r"line 2: expected 3 fields like the first row"),
        ("1\tt\t0\n\t\t\n2\tt\n", r"line 3: expected 3 fields like the first row"),
    ],
)
def test_the_fast_reader_leaves_irregular_files_to_the_line_reader(write, text, message):
    with pytest.raises(DataFileError, match=message):
        read_label_file(write("f.tsv", text))


def test_the_fast_reader_strips_cells_and_parses_labels_like_the_line_reader(write):
    frame = read_label_file(write("f.tsv", "id\ttopic\tlabel\n a \t t \t 2.0 \nb\tt\tneu\n"))
    assert frame.to_dict("list") == {"id": ["a", "b"], "topic": ["t", "t"], "label": [2, "neu"]}


@pytest.mark.parametrize(
    ("reader", "text", "message"),
    [
        (read_distribution_file, "t1\t0.5\t0.5\nt2\t1_0\t0\n", r"line 2: probabilities must be"),
        (read_confusion_matrix, "x,a,b\na,1_0,2\nb,1,2\n", r"line 2: counts must be numbers"),
        (read_confusion_matrix, "x,0,1\n0,1e400,2\n1,1,2\n", r"'1e400' is too large for a float"),
    ],
)
def test_numbers_are_plain_decimals_refused_otherwise_with_the_line(write, reader, text, message):
    with pytest.raises(DataFileError, match=message):
        reader(write("f.csv", text))


def test_a_label_written_with_an_underscore_is_text_not_the_number_ten(write):
    frame = read_label_file(write("g.tsv", "a\t1_0\nb\t10\n"))
    assert frame["label"].tolist() == ["1_0", 10]


def test_nominal_confusion_matrix_labels_need_no_scale(write):
    path = write("cm.csv", "system\\gold,pos,neg\npos,3,1\nneg,0,2\n")
    with pytest.raises(InvalidInputError, match="not numbers, so their order is unknown"):
        read_confusion_matrix(path)
    matrix = read_confusion_matrix(path, ordered=False)
    assert matrix.scale.labels == ("neg", "pos")
    np.testing.assert_array_equal(matrix.counts, [[2, 0], [1, 3]])
