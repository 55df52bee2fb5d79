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
    assert (
        "run='short' must label every gold item: 4 missing including every item of topics "
        "['t2'] (e.g. ids ['3', '4', '5', '6'])" in err
    )
    assert "it also labels 1 items that are not in gold (e.g. ids ['99'])" in err


def test_a_missing_file_fails_cleanly(tmp_path, capsys):
    assert (
        main(["score", "--gold", str(tmp_path / "nope.tsv"), "--system", str(tmp_path / "x.tsv")])
        == 1
    )
    assert "nope.tsv' is not an existing file" in capsys.readouterr().err


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
    assert "gold distributions must sum to 1 (got 0.9 at topic='t1'" in capsys.readouterr().err


def test_distribution_runs_must_cover_the_gold_topics(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("t1\t0.5\t0.5\nt2\t0.5\t0.5\n")
    run = tmp_path / "run_e.tsv"
    run.write_text("t1\t0.5\t0.5\n")
    assert main(["score", "--family", "oq", "--gold", str(gold), "--system", str(run)]) == 1
    assert (
        "run='run_e' must estimate every gold topic: 1 missing (e.g. topics ['t2'])"
        in capsys.readouterr().err
    )


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
        (
            "t1\t0.5\t-0.1\t0.6",
            "gold must hold non-negative probabilities (got -0.1 at topic='t1')",
        ),
        ("t1\t0.5\tnan\t0.5", "gold must hold finite probabilities (got NaN or inf at topic='t1')"),
        ("t1\t0.5\tx\t0.5", "line 1: probabilities must be numbers (got ['0.5', 'x', '0.5'])"),
        ("t1\t1.0", "line 1: expected a topic and at least 2 probabilities per row"),
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
    assert (
        "run_e.tsv' line 1: expected a topic and 3 probabilities for the classes [0, 1, 2] "
        "(got 3 fields" in capsys.readouterr().err
    )


def test_a_header_row_names_the_distribution_classes(tmp_path, capsys):
    gold = tmp_path / "gold_e.tsv"
    gold.write_text("topic\t-1\t0\t1\nt1\t0.2\t0.3\t0.5\n")
    argv = ["score", "--family", "oq", "--gold", str(gold), "--system", str(gold)]
    assert main([*argv, "--measures", "nmd", "--format", "json"]) == 0
    assert _json(capsys)["rows"][0]["nmd"] == 0.0


def test_several_runs_are_scored_in_one_batch_in_the_given_order(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    neutral = tmp_path / "neutral.tsv"
    neutral.write_text("".join(f"{i}\tt{1 + (i > 3)}\t0\n" for i in range(1, 7)))
    argv = ["score", "--gold", str(gold), "--system", str(neutral), "--system", str(run)]
    assert main([*argv, "--measures", "accuracy", "--per-topic", "--format", "json"]) == 0
    rows = _json(capsys)["rows"]
    assert [(r["system"], r["topic"]) for r in rows] == [
        ("neutral", "t1"),
        ("neutral", "t2"),
        ("neutral", "mean"),
        ("run", "t1"),
        ("run", "t2"),
        ("run", "mean"),
    ]
    # gold t1 = (-2, 0, 2), t2 = (1, 1, -1): the neutral run gets one item right in t1 only.
    assert [r["accuracy"] for r in rows[:3]] == pytest.approx([1 / 3, 0.0, 1 / 6])


def test_an_undefined_measure_names_the_system_and_topic(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    neutral = tmp_path / "neutral.tsv"
    neutral.write_text("".join(f"{i}\tt{1 + (i > 3)}\t0\n" for i in range(1, 7)))
    argv = ["score", "--gold", str(gold), "--system", str(run), "--system", str(neutral)]
    assert main([*argv, "--measures", "pearson"]) == 1
    err = capsys.readouterr().err
    assert "system='neutral' topic='t1'; system='neutral' topic='t2'" in err
    assert "system='run'" not in err
    assert main([*argv, "--measures", "pearson", "--on-undefined", "0", "--format", "json"]) == 0
    rows = {r["system"]: r["pearson"] for r in _json(capsys)["rows"]}
    assert rows["neutral"] == 0.0
    assert rows["run"] > 0.5


def test_a_gold_file_without_topics_ignores_the_topics_of_a_run(tmp_path, capsys):
    gold = tmp_path / "g.tsv"
    gold.write_text("a\t1\nb\t2\nc\t3\n")
    run = tmp_path / "r.tsv"
    run.write_text("c\tt9\t3\nb\tt9\t2\na\tt8\t2\n")
    argv = ["score", "--gold", str(gold), "--system", str(run), "--measures", "accuracy"]
    assert main([*argv, "--format", "json"]) == 0
    (row,) = _json(capsys)["rows"]
    assert row["topic"] == ""
    assert row["accuracy"] == pytest.approx(2 / 3)


def test_two_run_files_with_the_same_name_are_rejected(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    (tmp_path / "other").mkdir()
    twin = tmp_path / "other" / "run.txt"
    twin.write_text(run.read_text())
    assert main(["score", "--gold", str(gold), "--system", str(run), "--system", str(twin)]) == 1
    assert (
        "run file names must be unique without their extension (got ['run'] twice)"
        in capsys.readouterr().err
    )


def test_blank_lines_keep_the_line_numbers_of_the_file(tmp_path, capsys):
    gold = tmp_path / "g.tsv"
    gold.write_text("id\ttopic\tlabel\n\n1\tt\t0\n\n2\tt\n")
    assert main(["score", "--gold", str(gold), "--system", str(gold)]) == 1
    assert "g.tsv' line 5: expected 3 fields like the first row" in capsys.readouterr().err
