import math

import numpy as np
import pandas as pd
import pytest

from axiometrics.errors import DataFileError
from axiometrics.io.rows import (
    Row,
    parse_label,
    parse_number,
    parse_numbers,
    read_rows,
    split_header,
)


def test_blank_lines_are_skipped_but_counted_in_line_numbers(write):
    rows = read_rows(write("f.tsv", "\n1\tt\t0\n\n  \n2\tt\t1\n"))
    assert rows == [Row(2, ["1", "t", "0"]), Row(5, ["2", "t", "1"])]


def test_commas_separate_fields_when_the_first_line_has_no_tab(write):
    rows = read_rows(write("f.csv", 'id,label\na,"x,y" \n'))
    assert rows[1].cells == ["a", "x,y"]
    assert read_rows(write("g.tsv", "a\tb,c\n"))[0].cells == ["a", "b,c"]


def test_a_byte_order_mark_is_not_part_of_the_first_cell(write):
    (row,) = read_rows(write("bom.tsv", "id\tlabel\n", encoding="utf-8-sig"))
    assert row.cells == ["id", "label"]


def test_missing_empty_and_non_utf8_files_name_the_file(write, tmp_path):
    with pytest.raises(DataFileError, match=r"nope\.tsv' is not an existing file"):
        read_rows(tmp_path / "nope.tsv")
    with pytest.raises(DataFileError, match=r"empty\.tsv' is empty"):
        read_rows(write("empty.tsv", "\n \n"))
    with pytest.raises(DataFileError, match=r"latin\.tsv' is not UTF-8 text"):
        read_rows(write("latin.tsv", "1\tcafé\t0\n", encoding="latin-1"))


@pytest.mark.parametrize("first", ["id", "ID", "item", "tweet_id", "Topic"])
def test_a_header_row_is_recognised_by_its_first_cell(first):
    header, body = split_header([Row(1, [first, "label"]), Row(2, ["a", "0"])])
    assert header == Row(1, [first, "label"])
    assert body == [Row(2, ["a", "0"])]


def test_a_data_row_is_not_taken_for_a_header():
    header, body = split_header([Row(3, ["label", "0"]), Row(4, ["a", "0"])])
    assert header is None
    assert len(body) == 2


@pytest.mark.parametrize(
    ("text", "label"),
    [("-2", -2), ("2.0", 2), ("0.5", 0.5), ("neutral", "neutral"), ("1e1", 10)],
)
def test_numeric_labels_become_numbers_and_the_rest_stays_text(text, label):
    parsed = parse_label(text)
    assert parsed == label
    assert type(parsed) is type(label)


@pytest.mark.parametrize("text", ["1_0", "nan", "NaN", "inf", "-Infinity", "0x10", "١", "1e400"])
def test_python_literal_extensions_are_labels_not_numbers(text):
    assert parse_label(text) == text


def test_a_long_integer_label_is_read_exactly():
    assert parse_label("12345678901234567891") == 12345678901234567891


@pytest.mark.parametrize(
    ("text", "number"),
    [("0.25", 0.25), ("-2", -2.0), ("+.5", 0.5), ("1.", 1.0), ("1E-3", 0.001), ("1e400", math.inf)],
)
def test_plain_decimal_numbers_are_numbers(text, number):
    assert parse_number(text) == number


@pytest.mark.parametrize("text", ["1_0", "nan", "inf", "infinity", "0x1p3", " ", "", "1,5", "--1"])
def test_anything_else_is_not_a_number(text):
    assert parse_number(text) is None


def test_a_column_of_cells_is_parsed_like_each_cell():
    cells = pd.Series(["0.5", "1_0", "nan", "2e1", ""])
    values, bad = parse_numbers(cells)
    np.testing.assert_array_equal(bad, [False, True, True, False, True])
    np.testing.assert_array_equal(values[~bad], [0.5, 20.0])
