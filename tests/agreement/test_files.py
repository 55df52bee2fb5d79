"""Reading annotation files in the long and the wide layout."""

import numpy as np
import pytest

from axiometrics.agreement.files import check_label_types, parse_label, read_annotations
from axiometrics.errors import DataFileError, InvalidParameterError

LONG = "item\tannotator\tlabel\n1\tann\tpos\n1\tbob\tneg\n2\tann\t2\n\n2\tbob\t2.0\n3\tann\tneg\n"
WIDE = "item,ann,bob\n1,pos,neg\n2,2,2.0\n3,neg,\n"


@pytest.fixture
def write(tmp_path):
    def _write(name, text):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return _write


def test_the_long_and_the_wide_layout_give_the_same_annotations(write):
    long = read_annotations([write("long.tsv", LONG)])
    wide = read_annotations([write("wide.csv", WIDE)])
    assert (long.layout, wide.layout) == ("long", "wide")
    for annotations in (long, wide):
        assert annotations.items == ("1", "2", "3")
        assert annotations.annotators == ("ann", "bob")
        # Numbers are parsed, so "2" and "2.0" are the same label; a gap is None.
        assert annotations.labels.tolist() == [["pos", 2, "neg"], ["neg", 2, None]]


def test_a_long_file_without_header_is_read_as_long(write):
    annotations = read_annotations([write("a.tsv", "x\tann\t1\nx\tbob\t1\n")])
    assert annotations.layout == "long"
    assert annotations.labels.tolist() == [[1], [1]]


def test_long_files_are_merged_by_item_and_annotator(write):
    first = write("ann.tsv", "1\tann\ta\n2\tann\tb\n")
    second = write("bob.tsv", "2\tbob\tb\n1\tbob\ta\n3\tbob\tc\n")
    annotations = read_annotations([first, second])
    assert annotations.labels.tolist() == [["a", "b", None], ["a", "b", "c"]]


def test_a_second_label_from_the_same_annotator_is_refused_with_both_lines(write):
    path = write("dup.tsv", "1\tann\ta\n1\tbob\ta\n1\tann\tb\n")
    with pytest.raises(
        DataFileError,
        match=r"dup.tsv' line 3: item '1' has a second label from annotator 'ann' \(first on line 1\)",
    ):
        read_annotations([path])


def test_a_duplicate_entry_across_files_is_refused(write):
    first = write("one.tsv", "1\tann\ta\n1\tbob\ta\n")
    second = write("two.tsv", "1\tann\tb\n")
    with pytest.raises(
        DataFileError,
        match=r"two.tsv' line 1: item '1' has a second label .*\(first on path='.*one.tsv' line 1\)",
    ):
        read_annotations([first, second])


@pytest.mark.parametrize(
    ("text", "layout", "message"),
    [
        ("1\tann\n", "long", "expected 3 fields"),
        ("1\tann\t\n1\tbob\tx\n", "long", "a missing label is a missing row"),
        ("\tann\tx\n", "long", "may not be empty"),
        ("item,ann,bob\n1,a\n", "wide", r"line 2: expected 3 fields"),
        ("item,ann,ann\n1,a,b\n", "wide", "annotator 'ann' appears twice"),
        ("item,ann,bob\n1,a,b\n1,a,a\n", "wide", "item '1' appears twice"),
        ("1,a,b\n", "wide", "needs a header row"),
        ("item,ann,\n1,a,b\n", "wide", "name every annotator"),
        ("item,ann\n1,a\n", "wide", "agreement needs at least two"),
        ("item,ann,bob\n", "wide", "no labels found"),
    ],
)
def test_malformed_files_are_refused_with_file_and_line(write, text, layout, message):
    path = write("bad.csv" if "," in text else "bad.tsv", text)
    with pytest.raises(DataFileError, match=message):
        read_annotations([path], layout=layout)


def test_files_of_different_layouts_are_refused(write):
    with pytest.raises(DataFileError, match="one layout"):
        read_annotations([write("w.csv", WIDE), write("l.tsv", LONG)])


def test_an_unknown_layout_suggests_the_nearest():
    with pytest.raises(InvalidParameterError, match="did you mean 'wide'"):
        read_annotations(["x"], layout="wid")


def test_wide_files_join_on_items_and_leave_gaps_where_an_item_is_absent(write):
    first = write("a.csv", "item,ann\n1,x\n2,y\n")
    second = write("b.csv", "item,bob\n2,y\n3,z\n")
    annotations = read_annotations([first, second])
    assert annotations.items == ("1", "2", "3")
    assert np.equal(annotations.labels, None).sum() == 2


# ---------------------------------------------------------------------------
# Issue 21, item 2.5: headers by name, numbers without Python's literal extensions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2", 2),
        ("-2", -2),
        ("+0.5", 0.5),
        (".5", 0.5),
        ("2.0", 2),
        ("1e3", 1000),
        ("1E-3", 0.001),
        ("12345678901234567891", 12345678901234567891),
        ("1_0", "1_0"),
        ("nan", "nan"),
        ("NaN", "NaN"),
        ("inf", "inf"),
        ("-Infinity", "-Infinity"),
        ("0x10", "0x10"),
        ("１２", "１２"),
        ("1.5.2", "1.5.2"),
        ("NA", "NA"),
    ],
)
def test_a_label_is_a_number_only_when_written_as_a_plain_decimal_number(text, expected):
    label = parse_label(text)
    assert label == expected
    assert type(label) is type(expected)


@pytest.mark.parametrize("text", ["1e400", "-1e400", "1e-400", "9" * 400])
def test_a_number_beyond_the_float_range_is_refused(text):
    with pytest.raises(ValueError, match="beyond the range of a floating-point number"):
        parse_label(text)


def test_a_cell_beyond_the_float_range_is_refused_with_file_and_line(write):
    path = write("big.csv", "item,ann,bob\n1,1,2\n2,1e400,1\n")
    with pytest.raises(DataFileError, match=r"big.csv' line 3: '1e400' is a number beyond"):
        read_annotations([path])


@pytest.mark.parametrize(
    "header", ["unit\tcoder\tlabel", "ITEM\tRater\tValue", "id\tannotator_id\trating"]
)
def test_a_long_header_is_recognised_by_its_names(write, header):
    path = write("long.tsv", f"{header}\n1\tann\tx\n1\tbob\ty\n2\tann\tx\n")
    annotations = read_annotations([path])
    assert annotations.layout == "long"
    assert annotations.annotators == ("ann", "bob")
    assert annotations.labels.tolist() == [["x", "x"], ["y", None]]


@pytest.mark.parametrize("header", ["id,ann,bob", "Unit,ann,bob", "item_id,ann,bob"])
def test_a_wide_header_is_recognised_by_its_item_column_name(write, header):
    annotations = read_annotations([write("wide.csv", f"{header}\n1,a,b\n2,a,a\n")])
    assert annotations.layout == "wide"
    assert annotations.annotators == ("ann", "bob")
    assert annotations.labels.tolist() == [["a", "a"], ["b", "a"]]


@pytest.mark.parametrize(
    ("text", "layout", "message"),
    [
        (
            "text,annotator,label\n1,a,x\n",
            "auto",
            r"line 1: 'text,annotator,label' looks like a header of the long layout, but its "
            r"first column name 'text' is not one of the item column names",
        ),
        (
            "item,coder,x\n1,a,b\n",
            "auto",
            r"line 1: the header 'item,coder,x' names an annotator column.*state the wide layout",
        ),
        (
            "id,ann,bob\n1,a,b\n",
            "long",
            r"line 1: the header 'id,ann,bob' is a header of the wide layout",
        ),
        ("x,ann,bob\n1,a,b\n", "wide", r"line 1: the wide layout needs a header row"),
    ],
)
def test_a_first_row_that_is_neither_header_nor_data_is_refused_with_file_and_line(
    write, text, layout, message
):
    with pytest.raises(DataFileError, match=message):
        read_annotations([write("first.csv", text)], layout=layout)


def test_a_stated_wide_layout_takes_annotators_named_like_columns(write):
    path = write("wide.csv", "item,coder,label\n1,a,b\n2,b,b\n")
    annotations = read_annotations([path], layout="WIDE")
    assert (annotations.layout, annotations.annotators) == ("wide", ("coder", "label"))


def test_labels_mixing_numbers_and_text_are_refused_at_the_odd_label(write):
    path = write("mixed.csv", "item,ann,bob\n1,1,2\n2,nan,1\n3,2,2\n")
    annotations = read_annotations([path])
    with pytest.raises(
        DataFileError,
        match=r"mixed.csv' line 3: the label 'nan' is text, but the label 1 on path='.*mixed.csv' "
        r"line 2 is a number; labels must be all numbers or all text.*leave the cell empty",
    ):
        check_label_types(annotations)
    long = write("mixed.tsv", "1\tann\t1\n1\tbob\t2\n2\tann\t1_0\n2\tbob\t1\n")
    with pytest.raises(DataFileError, match=r"mixed.tsv' line 3: the label '1_0' is text.*row out"):
        check_label_types(read_annotations([long]))
    # The minority type is the odd one: here the single number among text labels.
    text = write("text.tsv", "1\tann\tpos\n1\tbob\tneg\n2\tann\t5\n2\tbob\tpos\n")
    with pytest.raises(DataFileError, match=r"text.tsv' line 3: the label 5 is a number"):
        check_label_types(read_annotations([text]))


def test_every_label_records_its_file_and_line(write):
    first = write("ann.tsv", "item\tannotator\tlabel\n1\tann\ta\n\n2\tann\tb\n")
    second = write("bob.tsv", "2\tbob\tb\n")
    annotations = read_annotations([first, second])
    assert annotations.locations.tolist() == [[(first, 2), (first, 4)], [None, (second, 1)]]
