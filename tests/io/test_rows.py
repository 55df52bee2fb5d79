import pytest

from axiometrics.errors import DataFileError
from axiometrics.io.rows import Row, parse_label, read_rows, split_header


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
