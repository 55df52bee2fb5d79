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


def _scores(capsys):
    """(system, topic or 'mean', measure) -> score from the long JSON format."""
    rows = _json(capsys)["rows"]
    return {
        (r["system"], "mean" if r["aggregate"] == "mean" else r["topic"], r["measure"]): r["score"]
        for r in rows
    }


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
    scores = _scores(capsys)
    assert scores["run", "t1", "accuracy"] == pytest.approx(2 / 3)
    assert scores["run", "t2", "accuracy"] == pytest.approx(2 / 3)
    assert scores["run", "mean", "accuracy"] == pytest.approx(2 / 3)


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
    assert lines == [
        "topic,system,measure,score,status,aggregate,n_defined,n_topics,higher_is_better",
        ",r,accuracy,0.6666666666666666,defined,,1,1,True",
    ]


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
    scores = _scores(capsys)
    assert scores["run_e", "t1", "nmd"] == pytest.approx(0.075)
    assert scores["run_e", "t2", "nmd"] == pytest.approx(0.0)
    assert scores["run_e", "mean", "nmd"] == pytest.approx(0.0375)


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
    argv = ["score", "--matrix", str(matrix), "--measures", "accuracy", "--format", "json"]
    assert main(argv) == 1
    assert capsys.readouterr().err == (
        "axiometrics score: error: labels ['neg', 'neu', 'pos'] are not numbers, so their order "
        "is unknown; give the classes in order, lowest first, e.g. --scale=neg,neu,pos\n"
    )
    assert main([*argv, "--scale", "neg,neu,pos"]) == 0
    (row,) = _json(capsys)["rows"]
    assert (row["system"], row["measure"], row["status"]) == ("cm", "accuracy", "defined")
    assert row["score"] == pytest.approx(0.70)


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
                "--scale",
                "a,b",
                "--measures",
                "accuracy",
                "--format",
                "json",
            ]
        )
        == 0
    )
    assert _json(capsys)["rows"][0]["score"] == pytest.approx(0.75)


def test_gold_without_runs_is_a_usage_error(semeval_c, capsys):
    gold, _ = semeval_c
    assert main(["score", "--gold", str(gold)]) == 2
    assert capsys.readouterr().err == (
        "axiometrics score: error: --gold needs at least one --system run file\n"
    )


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
    assert out.read_text().startswith("topic,system,measure,score,status,")


def test_bad_on_undefined_value_is_rejected(semeval_c, capsys):
    gold, run = semeval_c
    for bad in ("skip", "nan", "inf", "-inf"):
        argv = ["score", "--gold", str(gold), "--system", str(run), f"--on-undefined={bad}"]
        assert main(argv) == 2
        assert capsys.readouterr().err == (
            f"axiometrics score: error: --on-undefined must be 'raise' or a finite number "
            f"(got {bad!r})\n"
        )


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
    rows = _json(capsys)["rows"]
    assert len(rows) == 8 + 1  # eight topics and the mean
    assert all(0 < r["score"] < 1 for r in rows)


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
    assert _json(capsys)["rows"][0]["score"] == 0.0


def test_several_runs_are_scored_in_one_batch_in_the_given_order(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    neutral = tmp_path / "neutral.tsv"
    neutral.write_text("".join(f"{i}\tt{1 + (i > 3)}\t0\n" for i in range(1, 7)))
    argv = ["score", "--gold", str(gold), "--system", str(neutral), "--system", str(run)]
    assert main([*argv, "--measures", "accuracy", "--per-topic", "--format", "json"]) == 0
    rows = _json(capsys)["rows"]
    assert [(r["system"], r["topic"], r["aggregate"]) for r in rows] == [
        ("neutral", "t1", ""),
        ("run", "t1", ""),
        ("neutral", "t2", ""),
        ("run", "t2", ""),
        ("neutral", "", "mean"),
        ("run", "", "mean"),
    ]
    # gold t1 = (-2, 0, 2), t2 = (1, 1, -1): the neutral run gets one item right in t1 only.
    assert [r["score"] for r in rows[::2]] == pytest.approx([1 / 3, 0.0, 1 / 6])


def test_an_undefined_measure_names_the_system_and_topic(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    neutral = tmp_path / "neutral.tsv"
    neutral.write_text("".join(f"{i}\tt{1 + (i > 3)}\t0\n" for i in range(1, 7)))
    argv = ["score", "--gold", str(gold), "--system", str(run), "--system", str(neutral)]
    assert main([*argv, "--measures", "pearson", "--on-undefined", "raise"]) == 1
    err = capsys.readouterr().err
    assert "system='neutral' topic='t1'; system='neutral' topic='t2'" in err
    assert "system='run'" not in err
    assert main([*argv, "--measures", "pearson", "--on-undefined", "0", "--format", "json"]) == 0
    scores = _scores(capsys)
    assert scores["neutral", "mean", "pearson"] == 0.0
    assert scores["run", "mean", "pearson"] > 0.5


def test_a_gold_file_without_topics_ignores_the_topics_of_a_run(tmp_path, capsys):
    gold = tmp_path / "g.tsv"
    gold.write_text("a\t1\nb\t2\nc\t3\n")
    run = tmp_path / "r.tsv"
    run.write_text("c\tt9\t3\nb\tt9\t2\na\tt8\t2\n")
    argv = ["score", "--gold", str(gold), "--system", str(run), "--measures", "accuracy"]
    assert main([*argv, "--format", "json"]) == 0
    (row,) = _json(capsys)["rows"]
    assert row["topic"] == ""
    assert row["score"] == pytest.approx(2 / 3)


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


def test_one_undefined_measure_does_not_abort_the_bundled_subtask_e_scores(capsys):
    runs = [f"--system={example_path(f'run_{r}_distributions')}" for r in ("ordinal", "neutral")]
    argv = ["score", "--family", "oq", "--gold", str(example_path("gold_distributions")), *runs]
    assert main(argv) == 0
    out = capsys.readouterr().out
    kld = next(line for line in out.splitlines() if line.startswith("example_run_ordinal"))
    assert "0.1125 (5/8)" in kld
    assert "# undefined kld: system='example_run_ordinal_distributions' on 3 topics " in out
    assert main([*argv, "--measures", "kld", "--format", "json"]) == 0
    scores = _scores(capsys)
    assert scores["example_run_ordinal_distributions", "topic01", "kld"] is None
    assert scores["example_run_ordinal_distributions", "mean", "kld"] == pytest.approx(
        0.1125, abs=5e-5
    )


def test_text_labels_without_a_scale_are_refused_with_the_option_to_pass(tmp_path, capsys):
    gold = tmp_path / "g.csv"
    gold.write_text("id,label\na,low\nb,high\nc,medium\n")
    assert main(["score", "--gold", str(gold), "--system", str(gold)]) == 1
    assert capsys.readouterr().err == (
        "axiometrics score: error: labels ['low', 'high', 'medium'] are not numbers, so their "
        "order is unknown; give the classes in order, lowest first, e.g. "
        "--scale=low,high,medium\n"
    )
    argv = ["score", "--gold", str(gold), "--system", str(gold), "--scale=low,medium,high"]
    assert main([*argv, "--measures", "mae_macro", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == ",g,mae_macro,0.0,defined,,1,1,False"


def test_a_confusion_matrix_with_a_repeated_label_is_refused(tmp_path, capsys):
    matrix = tmp_path / "cm.csv"
    matrix.write_text(",0,1\n0,3,1\n0,2,2\n")
    assert main(["score", "--matrix", str(matrix)]) == 1
    assert capsys.readouterr().err == (
        f"axiometrics score: error: path={str(matrix)!r}: row label 0 appears twice (line 2 and "
        "line 3); each class must have one row\n"
    )


def test_the_table_shows_a_partly_undefined_mean_with_its_count(semeval_c, tmp_path, capsys):
    gold, run = semeval_c
    half = tmp_path / "half.tsv"
    # Constant in t1 (pearson undefined there), varied in t2.
    half.write_text("1\tt1\t0\n2\tt1\t0\n3\tt1\t0\n4\tt2\t1\n5\tt2\t0\n6\tt2\t-1\n")
    argv = ["score", "--gold", str(gold), "--system", str(run), "--system", str(half)]
    assert main([*argv, "--measures", "pearson,accuracy", "--per-topic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "# family: oc"
    assert lines[1].startswith("# undefined pearson: system='half' on 1 topics (t1): ")
    table = [line.split() for line in lines[2:]]
    assert table[0] == ["system", "topic", "pearson", "accuracy"]
    assert ["half", "t1", "undefined", "0.3333"] in table
    assert ["half", "mean", "0.8660", "(1/2)", "0.5000"] in table


@pytest.mark.parametrize("values", ["0,1,x", "0,nan,2", "0,1,inf"])
def test_class_values_must_be_finite_numbers(semeval_c, capsys, values):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), f"--values={values}"]) == 2
    assert capsys.readouterr().err == (
        f"axiometrics score: error: --values must be finite numbers (got {values!r})\n"
    )


# -- issue 21: nominal measures on label files ---------------------------------------


NOMINAL_GOLD = (
    "id\ttopic\tlabel\n1\tt1\tpos\n2\tt1\tneg\n3\tt1\tneutral\n4\tt2\tpos\n5\tt2\tneg\n6\tt2\tneg\n"
)
NOMINAL_RUN = "1\tt1\tpos\n2\tt1\tpos\n3\tt1\tneutral\n4\tt2\tneg\n5\tt2\tneg\n6\tt2\tpos\n"


@pytest.fixture
def nominal_files(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(NOMINAL_GOLD)
    run = tmp_path / "run.tsv"
    run.write_text(NOMINAL_RUN)
    return str(gold), str(run)


def test_nominal_measures_score_text_labels_per_topic_like_scikit_learn(nominal_files, capsys):
    import sklearn.metrics as skm

    gold, run = nominal_files
    argv = ["score", "--family", "nominal", "--gold", gold, "--system", run]
    measures = "f1_weighted,mcc,cohen_kappa,accuracy,recall(positive=2)"
    assert main([*argv, "--measures", measures, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["family"] == "nominal"
    assert document["classes"] == "neg, neutral, pos"
    scores = {
        (r["topic"], r["measure"]): r["score"] for r in document["rows"] if r["aggregate"] == ""
    }
    truth = {
        "t1": (["pos", "neg", "neutral"], ["pos", "pos", "neutral"]),
        "t2": (["pos", "neg", "neg"], ["neg", "neg", "pos"]),
    }
    for topic, (y_true, y_pred) in truth.items():
        assert scores[topic, "f1_weighted"] == pytest.approx(
            skm.f1_score(y_true, y_pred, average="weighted", zero_division=0), rel=1e-12
        )
        assert scores[topic, "accuracy"] == skm.accuracy_score(y_true, y_pred)
        assert scores[topic, "mcc"] == pytest.approx(
            skm.matthews_corrcoef(y_true, y_pred), rel=1e-12, abs=1e-15
        )
        assert scores[topic, "cohen_kappa"] == pytest.approx(
            skm.cohen_kappa_score(y_true, y_pred), rel=1e-12, abs=1e-15
        )
        # positive=2 is the third class of the listing order neg, neutral, pos
        assert scores[topic, "recall(positive=2)"] == skm.recall_score(
            y_true, y_pred, labels=["pos"], average="macro"
        )


def test_nominal_scores_default_to_every_nominal_measure(nominal_files, capsys):
    gold, run = nominal_files
    assert (
        main(["score", "--family", "nominal", "--gold", gold, "--system", run, "--format", "json"])
        == 0
    )
    measures = {r["measure"] for r in json.loads(capsys.readouterr().out)["rows"]}
    assert {"accuracy", "mcc", "f1_weighted", "cohen_kappa", "precision"} <= measures
    assert "mae_macro" not in measures


def test_nominal_scoring_refuses_ordinal_measures_and_class_values(nominal_files, capsys):
    gold, run = nominal_files
    argv = ["score", "--family", "nominal", "--gold", gold, "--system", run]
    assert main([*argv, "--measures", "mae_macro"]) == 1
    assert capsys.readouterr().err == (
        "axiometrics score: error: --measures: measures ['mae_macro'] are not of "
        "family='nominal'; pick nominal measures or change --family\n"
    )
    assert main([*argv, "--values", "1,2,3"]) == 2
    assert "--values='1,2,3': nominal measures read no class values" in capsys.readouterr().err


def test_a_nominal_scale_fixes_the_class_positions(nominal_files, capsys):
    gold, run = nominal_files
    argv = ["score", "--family", "nominal", "--gold", gold, "--system", run, "--format", "json"]
    assert main([*argv, "--measures", "recall(positive=0)", "--scale", "pos,neg,neutral"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    per_topic = {r["topic"]: r["score"] for r in rows if r["aggregate"] == ""}
    assert per_topic == {"t1": 1.0, "t2": 0.0}  # recall of 'pos'


def test_a_nominal_confusion_matrix_needs_no_scale(tmp_path, capsys):
    path = tmp_path / "cm.csv"
    path.write_text("system\\gold,pos,neg\npos,3,1\nneg,0,2\n")
    assert main(["score", "--matrix", str(path), "--measures", "accuracy"]) == 1
    assert "not numbers, so their order is unknown" in capsys.readouterr().err
    argv = ["score", "--family", "nominal", "--matrix", str(path), "--measures", "mcc,accuracy"]
    assert main([*argv, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    mcc = float(lines[1].split(",")[3])
    # 2x2: (TP TN - FP FN) / sqrt(...) with TP=3 (pos), TN=2, FP=1, FN=0
    assert mcc == pytest.approx((3 * 2 - 1 * 0) / (4 * 3 * 2 * 3) ** 0.5, rel=1e-12)
    assert lines[2].split(",")[3] == str(5 / 6)


@pytest.mark.parametrize("family", ["oq", "scored"])
def test_a_matrix_with_a_family_it_cannot_feed_names_the_flags(tmp_path, capsys, family):
    path = tmp_path / "cm.csv"
    path.write_text("x,0,1\n0,3,1\n1,0,2\n")
    assert main(["score", "--matrix", str(path), "--family", family]) == 2
    assert capsys.readouterr().err.startswith(
        f"axiometrics score: error: --matrix: a confusion matrix feeds the oc or nominal "
        f"measures (got --family {family})"
    )


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--scale", "1,1", "--scale '1,1': the class 1 is given twice"),
        ("--scale", "0", "--scale '0': expected at least 2 comma-separated class labels"),
        ("--values", "0,1_0,2", "--values must be finite numbers (got '0,1_0,2')"),
        ("--on-undefined", "1_0", "--on-undefined must be 'raise' or a finite number"),
        ("--measures", ",", "--measures: expected a comma-separated list (got ',')"),
        (
            "--measures",
            "fbeta(beta=1e999)",
            "--measures: measure='fbeta' parameter beta=inf: expected float >= 0 (a finite float)",
        ),
        ("--measures", "accuracy,accuracy", "--measures: 'accuracy' is given twice"),
    ],
)
def test_bad_option_values_name_the_flag(semeval_c, capsys, option, value, message):
    gold, run = semeval_c
    assert main(["score", "--gold", str(gold), "--system", str(run), option, value]) == 2
    assert capsys.readouterr().err.startswith(f"axiometrics score: error: {message}")
