"""Regression run files: the gold and prediction layouts, alignment by id, typed errors."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.errors import DataFileError
from axiometrics.measures.regression.io import (
    read_gold_file,
    read_prediction_file,
    read_regression_runs,
)
from axiometrics.meta import score_runs


def _write(folder, name: str, text: str):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def gold(tmp_path):
    return _write(
        tmp_path,
        "gold.tsv",
        "id\ttopic\ty_true\na\tt1\t3.0\nb\tt1\t-0.5\nc\tt1\t2\nd\tt2\t7\ne\tt2\t4\nf\tt2\t1e1\n",
    )


@pytest.fixture
def runs(tmp_path):
    one = _write(tmp_path, "one.tsv", "a\t2.5\nb\t0.0\nc\t2\nd\t8\ne\t4\nf\t9\n")
    two = _write(tmp_path, "two.tsv", "id\ty_pred\na\t3\nb\t0\nc\t1\nd\t6\ne\t5\nf\t10\n")
    return one, two


def test_the_gold_layouts_are_read_by_their_number_of_fields(tmp_path):
    plain = read_gold_file(_write(tmp_path, "g2.tsv", "a\t1.5\nb\t2\n"))
    assert list(plain["topic"]) == ["", ""]
    assert list(plain["weight"]) == [1.0, 1.0]
    topics = read_gold_file(_write(tmp_path, "g3.tsv", "a\tx\t1.5\nb\ty\t2\n"))
    assert list(topics["topic"]) == ["x", "y"]
    weighted = read_gold_file(_write(tmp_path, "g4.tsv", "a\tx\t1.5\t2\nb\tx\t2\t0\n"))
    assert list(weighted["weight"]) == [2.0, 0.0]
    assert list(weighted["y_true"]) == [1.5, 2.0]


def test_a_header_row_names_the_columns_in_any_order(tmp_path):
    frame = read_gold_file(_write(tmp_path, "g.csv", "id,weight,y_true\na,0.5,1\nb,1.5,2\n"))
    assert list(frame["weight"]) == [0.5, 1.5]
    assert list(frame["y_true"]) == [1.0, 2.0]
    assert list(frame["topic"]) == ["", ""]


def test_runs_are_aligned_with_the_gold_by_id_and_grouped_by_topic(gold, runs):
    read = read_regression_runs(gold, runs)
    assert read.topics == ("t1", "t2")
    assert read.systems == ("one", "two")
    np.testing.assert_array_equal(read.y_true, [[3.0, -0.5, 2.0], [7.0, 4.0, 10.0]])
    np.testing.assert_array_equal(read.y_pred[:, 0], [[2.5, 0.0, 2.0], [8.0, 4.0, 9.0]])
    assert read.sample_weight is None


def test_shuffling_a_run_files_rows_leaves_every_score_unchanged(gold, runs, tmp_path):
    one, two = runs
    lines = one.read_text().splitlines()
    shuffled = _write(tmp_path, "one_shuffled.tsv", "\n".join(lines[::-1][1:] + lines[-1:]) + "\n")
    measures = ["mean_squared_error", "r2", "spearmanr", "median_absolute_error"]
    before = score_runs(read_regression_runs(gold, {"one": one, "two": two}), measures)
    after = score_runs(read_regression_runs(gold, {"one": shuffled, "two": two}), measures)
    np.testing.assert_array_equal(before.scores, after.scores)


def test_topics_of_different_sizes_are_padded_with_zero_weights(tmp_path):
    gold = _write(tmp_path, "g.tsv", "a\tx\t1\nb\tx\t2\nc\tx\t4\nd\ty\t3\ne\ty\t5\n")
    run = _write(tmp_path, "r.tsv", "a\t1\nb\t2\nc\t3\nd\t3\ne\t6\n")
    read = read_regression_runs(gold, [run])
    np.testing.assert_array_equal(read.sample_weight, [[1, 1, 1], [1, 1, 0]])


def test_a_run_file_may_carry_the_gold_topics(gold, tmp_path):
    run = _write(tmp_path, "r.tsv", "a\tt1\t1\nb\tt1\t2\nc\tt1\t3\nd\tt2\t3\ne\tt2\t6\nf\tt2\t0\n")
    assert read_regression_runs(gold, [run]).y_pred.shape == (2, 1, 3)


def test_a_weighted_gold_gives_weighted_runs(tmp_path):
    gold = _write(tmp_path, "g.tsv", "id\ty_true\tsample_weight\na\t1\t2\nb\t2\t0.5\n")
    run = _write(tmp_path, "r.tsv", "a\t0\nb\t2\n")
    read = read_regression_runs(gold, [run])
    np.testing.assert_array_equal(read.sample_weight, [[2.0, 0.5]])
    assert read.topics == ("",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a\t1\nb\tx\n", r"path=.* line 2: y_true='x': expected a finite number"),
        ("a\t1\nb\tnan\n", r"line 2: y_true='nan': expected a finite number"),
        ("a\tinf\n", r"line 1: y_true='inf': expected a finite number"),
        ("a\t1e400\n", r"line 1: y_true='1e400': expected a finite number"),
        ("a\t1\na\t2\n", r"line 2: item id 'a' repeats line 1"),
        ("a\t1\nb\t2\t3\n", r"line 2: expected 2 fields \(id<TAB>y_true\)"),
        ("a\tt\t1\t-1\n", r"line 1: weight='-1': expected a finite non-negative number"),
        ("a\tt\t1\t0\nb\tu\t1\t1\n", r"every topic needs an item of positive weight .*\['t'\]"),
        ("a\t1\t2\t3\t4\n", r"line 1: expected .* \(got 5 fields\)"),
        ("id\ty_true\tscore\na\t1\t2\n", r"header row: column 'score' is not one of"),
        ("id\ttopic\na\tt\n", r"header row: expected the column 'y_true' once"),
        ("id\ty_true\n", r"has a header row but no items"),
        ("topic\ty_true\nt\t1\n", r"header row: the first column must be 'id'"),
        ("\t1\n", r"line 1: the item id is empty"),
        ("\n\n", r"is empty"),
    ],
)
def test_a_bad_gold_file_is_refused_naming_the_file_and_line(tmp_path, text, message):
    path = _write(tmp_path, "gold.tsv", text)
    with pytest.raises(DataFileError, match=message):
        read_gold_file(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a\t1\nb\t-\n", r"line 2: y_pred='-': expected a finite number"),
        ("a\t1\nb\t1\nb\t2\n", r"line 3: item id 'b' repeats line 2"),
        ("a\t1\t2\t3\n", r"expected 'id<TAB>y_pred' or 'id<TAB>topic<TAB>y_pred'"),
        ("id\tprediction\na\t1\n", r"header row: column 'prediction' is not one of"),
    ],
)
def test_a_bad_run_file_is_refused_naming_the_file_and_line(tmp_path, text, message):
    path = _write(tmp_path, "run.tsv", text)
    with pytest.raises(DataFileError, match=message):
        read_prediction_file(path)


def test_a_run_missing_or_adding_ids_is_refused_naming_the_run(gold, tmp_path):
    short = _write(tmp_path, "short.tsv", "a\t1\nb\t1\nc\t1\nd\t1\ne\t1\n")
    with pytest.raises(DataFileError, match=r"run='short' .* 1 gold ids missing, e.g. \['f'\]"):
        read_regression_runs(gold, [short])
    extra = _write(tmp_path, "extra.tsv", "a\t1\nb\t1\nc\t1\nd\t1\ne\t1\nf\t1\ng\t1\n")
    with pytest.raises(DataFileError, match=r"1 ids not in the gold, e.g. \['g'\]"):
        read_regression_runs(gold, [extra])


def test_a_run_putting_an_item_in_another_topic_is_refused_naming_the_line(gold, tmp_path):
    run = _write(tmp_path, "r.tsv", "a\tt1\t1\nb\tt2\t2\nc\tt1\t3\nd\tt2\t3\ne\tt2\t6\nf\tt2\t0\n")
    with pytest.raises(
        DataFileError, match=r"line 2: item 'b' is in topic 't2', but in topic 't1'"
    ):
        read_regression_runs(gold, [run])


def test_no_run_or_a_gold_without_topics_when_topics_are_required_is_refused(tmp_path, runs):
    plain = _write(tmp_path, "plain.tsv", "a\t1\nb\t2\n")
    with pytest.raises(DataFileError, match="at least one run file is needed"):
        read_regression_runs(plain, [])
    with pytest.raises(DataFileError, match="expected a topic column"):
        read_regression_runs(plain, [runs[0]], require_topic=True)
    with pytest.raises(DataFileError, match="is not an existing file"):
        read_regression_runs(tmp_path / "missing.tsv", [runs[0]])
