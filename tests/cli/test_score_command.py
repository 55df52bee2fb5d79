import json

import pytest

from axiometrics.cli import main
from axiometrics.cli.run_command import example_path


@pytest.fixture
def semeval_c(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text("1\tt1\t-2\n2\tt1\t0\n3\tt1\t2\n4\tt2\t1\n5\tt2\t1\n6\tt2\t-1\n")
    run = tmp_path / "run.tsv"
    run.write_text("3\tt1\t2\n2\tt1\t0\n1\tt1\t-1\n4\tt2\t1\n5\tt2\t0\n6\tt2\t-1\n")
    return gold, run


def _json(capsys):
    return json.loads(capsys.readouterr().out)


def test_label_files_are_scored_per_topic_and_averaged(semeval_c, capsys):
    gold, run = semeval_c
    status = main(
        [
            "score",
            "--gold",
            str(gold),
            "--system",
            str(run),
            "--scale=-2,-1,0,1,2",
            "--measures",
            "accuracy",
            "--per-topic",
            "--format",
            "json",
        ]
    )
    assert status == 0
    rows = _json(capsys)["rows"]
    by_topic = {r["topic"]: r["accuracy"] for r in rows}
    assert by_topic["t1"] == pytest.approx(2 / 3)
    assert by_topic["t2"] == pytest.approx(2 / 3)
    assert by_topic["mean"] == pytest.approx(2 / 3)
    assert rows[0]["system"] == "run"


def test_files_without_topics_give_one_score_per_run(tmp_path, capsys):
    gold = tmp_path / "g.csv"
    gold.write_text("id,label\na,neg\nb,pos\nc,pos\n")
    run = tmp_path / "r.csv"
    run.write_text("id,label\na,neg\nb,neg\nc,pos\n")
    assert (
        main(
            [
                "score",
                "--gold",
                str(gold),
                "--system",
                str(run),
                "--scale",
                "neg,pos",
                "--measures",
                "acc",
                "--format",
                "csv",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "system,topic,accuracy"
    assert lines[1].startswith("r,,0.666")


def test_mismatched_ids_fail_with_the_missing_and_extra_ids(semeval_c, tmp_path, capsys):
    gold, _ = semeval_c
    run = tmp_path / "short.tsv"
    run.write_text("1\tt1\t0\n2\tt1\t0\n99\tt1\t0\n")
    assert main(["score", "--gold", str(gold), "--system", str(run)]) == 1
    err = capsys.readouterr().err
    assert "must label exactly the items of gold" in err
    assert "missing ids ['3', '4', '5', '6']" in err
    assert "ids not in gold ['99']" in err


def test_a_missing_file_fails_cleanly(tmp_path, capsys):
    assert (
        main(["score", "--gold", str(tmp_path / "nope.tsv"), "--system", str(tmp_path / "x.tsv")])
        == 1
    )
    assert "is not a readable file" in capsys.readouterr().err


def test_a_ragged_file_names_the_line(tmp_path, capsys):
    gold = tmp_path / "g.tsv"
    gold.write_text("1\tt\t0\n2\t0\n")
    assert main(["score", "--gold", str(gold), "--system", str(gold)]) == 1
    assert "line 2: expected 3 fields" in capsys.readouterr().err


def test_duplicate_ids_are_rejected(tmp_path, capsys):
    gold = tmp_path / "g.tsv"
    gold.write_text("1\t0\n1\t1\n")
    assert main(["score", "--gold", str(gold), "--system", str(gold)]) == 1
    assert "ids must be unique (got duplicates ['1'])" in capsys.readouterr().err


def test_an_unknown_measure_fails_with_a_suggestion(semeval_c, capsys):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), "--measures", "acuracy"]) == 1
    assert "unknown measure name='acuracy'; did you mean 'accuracy'" in capsys.readouterr().err


def test_a_measure_of_the_other_family_is_rejected(semeval_c, capsys):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), "--measures", "nmd"]) == 1
    assert "not of family='oc'" in capsys.readouterr().err


def test_labels_outside_the_given_scale_are_reported(semeval_c, capsys):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), "--scale=-1,0,1"]) == 1
    assert "must be labels of the scale [-1, 0, 1]" in capsys.readouterr().err


def test_subtask_e_distribution_files_are_scored_by_topic(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("t1\t0.5\t0.3\t0.2\nt2\t0.2\t0.2\t0.6\n")
    run = tmp_path / "run_e.tsv"
    run.write_text("t2\t0.2\t0.2\t0.6\nt1\t0.4\t0.35\t0.25\n")
    assert (
        main(
            [
                "score",
                "--family",
                "oq",
                "--gold",
                str(gold),
                "--system",
                str(run),
                "--measures",
                "nmd",
                "--per-topic",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rows = {r["topic"]: r["nmd"] for r in _json(capsys)["rows"]}
    assert rows["t1"] == pytest.approx(0.075)
    assert rows["t2"] == pytest.approx(0.0)
    assert rows["mean"] == pytest.approx(0.0375)


def test_distribution_files_that_do_not_sum_to_one_name_the_topic(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("t1\t0.5\t0.3\t0.1\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(gold)]) == 1
    assert "topic='t1': probabilities must sum to 1 (got 0.9)" in capsys.readouterr().err


def test_distribution_runs_must_cover_the_gold_topics(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("t1\t0.5\t0.5\nt2\t0.5\t0.5\n")
    run = tmp_path / "run_e.tsv"
    run.write_text("t1\t0.5\t0.5\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(run)]) == 1
    assert "missing ['t2']" in capsys.readouterr().err


def test_a_confusion_matrix_csv_is_scored(tmp_path, capsys):
    matrix = tmp_path / "cm.csv"
    matrix.write_text("system\\gold,neg,neu,pos\nneg,5,5,7\nneu,1,50,8\npos,4,5,15\n")
    assert (
        main(["score", "--matrix", str(matrix), "--measures", "accuracy", "--format", "json"]) == 0
    )
    (row,) = _json(capsys)["rows"]
    assert row["accuracy"] == pytest.approx(0.70)


def test_a_matrix_with_gold_rows_is_transposed(tmp_path, capsys):
    matrix = tmp_path / "cm.csv"
    matrix.write_text("gold\\system,a,b\na,3,1\nb,0,0\n")
    assert (
        main(
            [
                "score",
                "--matrix",
                str(matrix),
                "--rows",
                "gold",
                "--measures",
                "accuracy",
                "--format",
                "json",
            ]
        )
        == 0
    )
    assert _json(capsys)["rows"][0]["accuracy"] == pytest.approx(0.75)


def test_gold_without_runs_is_a_usage_error(semeval_c, capsys):
    gold, _ = semeval_c
    assert main(["score", "--gold", str(gold)]) == 1
    assert "--gold needs at least one --system" in capsys.readouterr().err


def test_output_file_receives_the_table(semeval_c, tmp_path):
    gold, run = semeval_c
    out = tmp_path / "scores.csv"
    assert (
        main(
            [
                "score",
                "--gold",
                str(gold),
                "--system",
                str(run),
                "--measures",
                "accuracy",
                "--format",
                "csv",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert out.read_text().startswith("system,topic,accuracy")


def test_bad_on_undefined_value_is_rejected(semeval_c, capsys):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), "--on-undefined", "skip"]) == 1
    assert "--on-undefined must be 'raise' or a number" in capsys.readouterr().err


def test_the_bundled_example_scores_through_the_same_reader(capsys):
    status = main(
        [
            "score",
            "--gold",
            str(example_path("gold")),
            "--system",
            str(example_path("run_neutral")),
            "--scale=-2,-1,0,1,2",
            "--measures",
            "accuracy",
            "--format",
            "json",
        ]
    )
    assert status == 0
    (row,) = _json(capsys)["rows"]
    assert 0 < row["accuracy"] < 1


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("t1\t0.5\t-0.1\t0.6", "topic='t1': probabilities must be non-negative (got ['0.5', '-0.1', '0.6'])"),
        ("t1\t0.5\tnan\t0.5", "topic='t1': probabilities must be finite"),
        ("t1\t0.5\tx\t0.5", "probabilities must be numbers"),
        ("t1\t1.0", "expected a topic and at least 2 probabilities per row"),
    ],
)
def test_bad_distribution_rows_are_rejected_in_the_cli(tmp_path, capsys, row, message):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text(row + "\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(gold)]) == 1
    assert message in capsys.readouterr().err


def test_distribution_runs_with_another_number_of_classes_are_rejected(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("t1\t0.5\t0.3\t0.2\n")
    run = tmp_path / "run_e.tsv"
    run.write_text("t1\t0.5\t0.5\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(run)]) == 1
    assert "expected 3 probabilities per row for scale [0, 1, 2] (got 2)" in capsys.readouterr().err


def test_a_header_row_names_the_distribution_classes(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("topic\t-1\t0\t1\nt1\t0.2\t0.3\t0.5\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(gold), "--measures", "nmd", "--format", "json"]) == 0
    assert _json(capsys)["rows"][0]["nmd"] == 0.0
