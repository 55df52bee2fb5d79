"""Reading annotation files in the long and the wide layout."""

import numpy as np
import pytest

from axiometrics.agreement.files import read_annotations
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
