"""Score tables (long and wide): every problem names the file and the line; nothing is renamed."""

import json

import numpy as np
import pandas as pd
import pytest

from axiometrics.errors import DataFileError, UndefinedMeasureError
from axiometrics.io.score_tables import LongScores, read_table, wide_scores

LONG = (
    "topic,system,measure,score,higher_is_better\n"
    "t1,A,ndcg,0.5,true\nt1,B,ndcg,0.25,true\n"
    "t2,A,ndcg,0.75,true\nt2,B,ndcg,1e-1,true\n"
)


def test_a_wide_file_gives_one_cell_per_topic_and_system_in_file_order(write):
    table = wide_scores(read_table(write("w.csv", "topic,A,B\nq1,0.5,0.25\nq2,1,0\n")))
    assert table.frame.to_dict("list") == {
        "topic": ["q1", "q1", "q2", "q2"],
        "system": ["A", "B", "A", "B"],
        "measure": ["score"] * 4,
        "score": [0.5, 0.25, 1.0, 0.0],
    }


def test_a_repeated_system_column_is_refused_with_the_line_and_both_columns(write):
    path = write("dup.csv", "topic,A,A\nq1,0.1,0.2\nq2,0.3,0.5\n")
    with pytest.raises(
        DataFileError,
        match=r"dup\.csv' line 1: the column name 'A' appears twice \(columns 2 and 3\)",
    ):
        read_table(path)


def test_the_header_line_counts_the_blank_lines_above_it(write):
    path = write("dup.csv", "\n\ntopic,A,A\nq1,0.1,0.2\n")
    with pytest.raises(DataFileError, match=r"line 3: the column name 'A' appears twice"):
        read_table(path)


def test_an_empty_column_name_is_refused_with_its_position(write):
    with pytest.raises(DataFileError, match=r"line 1: column 3 of the header has no name"):
        read_table(write("e.csv", "topic,A,,B\nq1,1,2,3\n"))


@pytest.mark.parametrize(
    ("text", "line", "found"),
    [
        ("topic,A,B\nq1,0.1,0.2,0.3\nq2,0.3,0.5\n", 2, 4),  # extra field in the first row
        ("topic,A,B\nq1,0.1,0.2\nq2,0.3,0.5,0.7\n", 3, 4),
        ("topic,A,B\nq1,0.1,0.2\n\nq2,0.3\n", 4, 2),
        ('topic,A,B\n"q1",0.1,0.2\nq2,0.3,0.5,1\n', 3, 4),  # quoted cells: the line reader
    ],
)
def test_a_row_with_another_number_of_fields_names_the_line_and_both_counts(
    write, text, line, found
):
    with pytest.raises(
        DataFileError,
        match=rf"w\.csv' line {line}: expected 3 fields like the header on line 1 "
        rf"\(topic, A, B\), found {found}:",
    ):
        read_table(write("w.csv", text))


@pytest.mark.parametrize(
    ("cell", "problem"),
    [("1_0", "got '1_0'"), ("nan", "got 'nan'"), ("inf", "got 'inf'"), ("", "no score")],
)
def test_a_wide_score_must_be_a_plain_finite_number_named_by_line_system_and_topic(
    write, cell, problem
):
    path = write("w.tsv", f"topic\tA\tB\nq1\t0.5\t0.25\nq2\t0.5\t{cell}\n")
    with pytest.raises(
        DataFileError,
        match=rf"w\.tsv' line 3: score of system='B' \(column 3\) on topic='q2': expected a "
        rf"finite number \({problem}\)",
    ):
        wide_scores(read_table(path))


def test_a_number_too_large_for_a_float_is_not_a_finite_score(write):
    with pytest.raises(DataFileError, match=r"line 2: .* \(got '1e400'\)"):
        wide_scores(read_table(write("w.csv", "topic,A,B\nq1,1e400,0\nq2,1,0\n")))


def test_a_repeated_topic_names_both_lines(write):
    path = write("w.csv", "topic,A,B\nq1,0.5,0.25\nq2,1,0\nq1,0,0\n")
    with pytest.raises(DataFileError, match=r"topic 'q1' has two rows \(line 2 and line 4\)"):
        wide_scores(read_table(path))


def test_a_wide_file_needs_two_system_columns(write):
    with pytest.raises(DataFileError, match=r"at least 2 system columns"):
        wide_scores(read_table(write("w.csv", "topic,A\nq1,0.5\n")))


def test_long_scores_parse_directions_and_keep_the_file_order(write):
    scores = LongScores.from_table(read_table(write("l.csv", LONG))).select()
    assert scores.frame["score"].tolist() == [0.5, 0.25, 0.75, 0.1]
    assert scores.higher_is_better == {"ndcg": True}
    assert (scores.topics, scores.systems, scores.measures) == (
        ["t1", "t2"],
        ["A", "B"],
        ["ndcg"],
    )


def test_a_long_cell_given_twice_names_both_lines(write):
    path = write("l.csv", LONG + "t1,B,ndcg,0.3,true\n")
    with pytest.raises(
        DataFileError,
        match=r"the cell \(topic='t1', system='B', measure='ndcg'\) is given twice "
        r"\(line 3 and line 6\)",
    ):
        LongScores.from_table(read_table(path)).select()


def test_a_missing_long_cell_is_named(write):
    path = write("l.csv", "".join(LONG.splitlines(keepends=True)[:-1]))
    with pytest.raises(
        DataFileError,
        match=r"system='B' has no score for topic='t2' measure='ndcg' \(1 cells missing",
    ):
        LongScores.from_table(read_table(path)).select()


def test_a_long_file_without_a_score_column_names_the_missing_columns(write):
    with pytest.raises(
        DataFileError,
        match=r"l\.csv' line 1: a long score file needs the columns topic, system, measure, "
        r"score \(missing score; found \['topic', 'system', 'measure'\]\)",
    ):
        LongScores.from_table(read_table(write("l.csv", "topic,system,measure\nt,s,m\n")))
    with pytest.raises(
        DataFileError, match=r"l\.json' \(its column names\): .*\(missing system, measure, score"
    ):
        LongScores.from_table(read_table(write("l.json", json.dumps([{"topic": 1}]))))


def test_an_undefined_cell_is_refused_with_its_line_and_reason_unless_left_out(write):
    text = (
        "topic,system,measure,score,status\n"
        "t1,A,kld,,undefined: zero gold probability\n"
        "t1,B,kld,0.2,defined\nt2,A,kld,0.3,defined\nt2,B,kld,0.5,defined\n"
        "t1,A,nmd,0.1,defined\nt1,B,nmd,0.2,defined\nt2,A,nmd,0.3,defined\nt2,B,nmd,0.4,defined\n"
    )
    cells = LongScores.from_table(read_table(write("l.csv", text)))
    with pytest.raises(
        UndefinedMeasureError,
        match=r"l\.csv' line 2: measure='kld' is undefined at topic='t1' system='A' "
        r"\(undefined cells of the measure: 1\): zero gold probability",
    ):
        cells.select()
    assert cells.select(["nmd"]).frame["score"].tolist() == [0.1, 0.2, 0.3, 0.4]


def test_the_aggregate_rows_of_the_score_command_are_skipped(write):
    header = "topic,system,measure,score,higher_is_better,aggregate\n"
    body = "".join(line + ",\n" for line in LONG.splitlines()[1:]) + ",A,ndcg,0.625,true,mean\n"
    scores = LongScores.from_table(read_table(write("l.csv", header + body))).select()
    assert scores.frame["score"].tolist() == [0.5, 0.25, 0.75, 0.1]


def test_a_direction_that_changes_between_rows_names_both_lines(write):
    path = write("l.csv", LONG.replace("t2,B,ndcg,1e-1,true", "t2,B,ndcg,1e-1,false"))
    with pytest.raises(
        DataFileError,
        match=r"higher_is_better of measure='ndcg' is true on line 2 but false on line 5",
    ):
        LongScores.from_table(read_table(path)).select()


def test_json_rows_are_numbered_from_one(write):
    rows = [
        {"topic": t, "system": s, "measure": "m", "score": v}
        for t, s, v in [("t1", "A", 0.1), ("t1", "B", "0.2"), ("t2", "A", "x"), ("t2", "B", 0)]
    ]
    cells = LongScores.from_table(read_table(write("s.json", json.dumps({"rows": rows}))))
    with pytest.raises(DataFileError, match=r"s\.json' row 3: score of measure='m'.*'x'"):
        cells.select()


def test_a_json_boolean_is_not_a_score(write):
    rows = [{"topic": "t1", "system": "A", "measure": "m", "score": True}]
    cells = LongScores.from_table(read_table(write("s.json", json.dumps(rows))))
    with pytest.raises(DataFileError, match=r"row 1: .*expected a finite number \(got True\)"):
        cells.select()


@pytest.mark.parametrize("content", [b"", b"garbage", b"PAR1" + b"\x00" * 20])
def test_an_empty_or_damaged_parquet_file_is_a_data_error_naming_it(tmp_path, content):
    path = tmp_path / "s.parquet"
    path.write_bytes(content)
    with pytest.raises(DataFileError, match=r"s\.parquet' is not a readable Parquet file"):
        read_table(path)


def test_a_parquet_file_is_read_with_its_types(tmp_path):
    frame = pd.DataFrame(
        {
            "topic": [1, 1, 2, 2],
            "system": ["A", "B"] * 2,
            "measure": "m",
            "score": [0.1, 0.2, 0.3, np.nan],
        }
    )
    path = tmp_path / "s.parquet"
    frame.to_parquet(path)
    cells = LongScores.from_table(read_table(path))
    with pytest.raises(
        DataFileError, match=r"row 4: score of measure='m' topic=2 system='B'.*\(no score\)"
    ):
        cells.select()


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(DataFileError, match=r"nope\.csv' is not an existing file"):
        read_table(tmp_path / "nope.csv")


@pytest.mark.parametrize("topic", [[1], {"a": 1}])
def test_a_json_name_that_is_a_list_or_an_object_is_refused_with_its_row(write, topic):
    rows = [
        {"topic": "t1", "system": "A", "measure": "m", "score": 0.1},
        {"topic": topic, "system": "B", "measure": "m", "score": 0.2},
    ]
    cells = LongScores.from_table(read_table(write("s.json", json.dumps(rows))))
    with pytest.raises(
        DataFileError, match=r"s\.json' row 2: the topic must be text or a number \(got "
    ):
        cells.select()


def test_a_byte_order_mark_is_not_part_of_the_first_column_name(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_text("topic,A,B\nq1,0.1,0.2\n", encoding="utf-8-sig")
    assert read_table(path).header == ("topic", "A", "B")


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("topic,A,B\nq\xe9,0.1,0.2\n".encode("latin-1"))
    with pytest.raises(DataFileError, match=r"latin\.csv' is not UTF-8 text"):
        read_table(path)
