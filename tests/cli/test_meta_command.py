import json

import pandas as pd
import pytest

from axiometrics.cli import main

FAST = ["--trials", "10", "--B", "20", "--quiet"]

GOLD_C = "".join(
    f"{i}\t{topic}\t{label}\n"
    for i, (topic, label) in enumerate(
        [
            ("t1", -2),
            ("t1", 0),
            ("t1", 2),
            ("t2", 1),
            ("t2", 1),
            ("t2", -1),
            ("t3", 0),
            ("t3", 2),
            ("t4", -1),
            ("t4", 1),
        ]
    )
)


def run_c(labels):
    lines = GOLD_C.splitlines()
    return "".join(
        f"{line.rsplit(chr(9), 1)[0]}\t{label}\n" for line, label in zip(lines, labels, strict=True)
    )


@pytest.fixture
def oc_files(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(GOLD_C)
    runs = []
    for name, labels in {
        "good": [-2, 0, 2, 1, 1, -1, 0, 2, -1, 1],
        "okay": [-1, 0, 1, 1, 0, -1, 0, 1, -1, 0],
        "flat": [0] * 10,
    }.items():
        path = tmp_path / f"{name}.tsv"
        path.write_text(run_c(labels))
        runs.append(str(path))
    return str(gold), runs


def test_meta_runs_on_the_embedded_data_and_prints_every_section(capsys):
    status = main(["meta", *FAST, "--split", "full,10", "--family", "oc"])
    out = capsys.readouterr()
    assert status == 0
    assert "# synthetic oc: 100 topics, 50 systems" in out.out
    for title in ("ranking similarity", "ranking consistency", "discriminative power", "coverage"):
        assert title in out.out
    assert "full split (50 vs. 50)" in out.out
    assert "10 vs. 10" in out.out
    assert out.err == ""  # no progress bar when quiet / not a terminal


def test_meta_on_label_files_with_csv_output_to_a_file(oc_files, tmp_path):
    gold, runs = oc_files
    target = tmp_path / "out.csv"
    status = main(
        [
            "meta",
            "--gold",
            gold,
            "--runs",
            *runs,
            "--measures",
            "accuracy,mae_macro",
            "--split",
            "2",
            "--analyses",
            "similarity,consistency,discriminative",
            "--format",
            "csv",
            "--output",
            str(target),
            *FAST,
        ]
    )
    assert status == 0
    frame = pd.read_csv(target)
    assert set(frame["section"]) == {"similarity", "consistency", "discriminative"}
    assert set(frame["group"]) == {"oc"}
    consistency = frame[frame.section == "consistency"]
    assert set(consistency["measure"]) == {"accuracy", "mae_macro"}


def test_meta_on_distribution_files_as_json(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text(
        "a\t0.1\t0.2\t0.4\t0.2\t0.1\nb\t0\t0\t0.5\t0.5\t0\nc\t0.2\t0.2\t0.2\t0.2\t0.2\n"
    )
    flat = tmp_path / "flat.tsv"
    flat.write_text("".join(f"{t}\t0.2\t0.2\t0.2\t0.2\t0.2\n" for t in "abc"))
    peak = tmp_path / "peak.tsv"
    peak.write_text("".join(f"{t}\t0\t0\t1\t0\t0\n" for t in "abc"))
    status = main(
        [
            "meta",
            "--gold",
            str(gold),
            "--runs",
            str(gold),
            str(flat),
            str(peak),
            "--family",
            "oq",
            "--measures",
            "nmd,jsd",
            "--analyses",
            "similarity,discriminative",
            "--format",
            "json",
            *FAST,
        ]
    )
    assert status == 0
    payload = json.loads(capsys.readouterr().out)
    group = payload["groups"]["oq"]
    assert {row["measure"] for row in group["discriminative"]} == {"nmd", "jsd"}
    assert group["settings"]["systems"] == 3


def test_meta_on_a_scores_csv(tmp_path, capsys):
    rows = [
        {
            "topic": t,
            "system": s,
            "measure": m,
            "score": (t + 1) * (s + 1) / 20 + (m == "b") * 0.01 * s,
        }
        for t in range(6)
        for s in range(4)
        for m in ("a", "b")
    ]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows).assign(higher_is_better=True).to_csv(path, index=False)
    status = main(["meta", "--scores", str(path), "--analyses", "similarity", *FAST])
    assert status == 0
    assert "measure_a" in capsys.readouterr().out


def test_a_run_missing_items_exits_1_with_a_clear_message(oc_files, tmp_path, capsys):
    gold, runs = oc_files
    partial = tmp_path / "partial.tsv"
    partial.write_text("".join(GOLD_C.splitlines(keepends=True)[:6]))
    status = main(["meta", "--gold", gold, "--runs", runs[0], str(partial), *FAST])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("axiometrics meta: error: run='partial' must label every gold item")
    assert "topics ['t3', 't4']" in err


def test_labels_outside_the_scale_exit_1(oc_files, tmp_path, capsys):
    gold, runs = oc_files
    bad = tmp_path / "bad.tsv"
    bad.write_text(run_c([3] * 10))
    assert main(["meta", "--gold", gold, "--runs", runs[0], str(bad), *FAST]) == 1
    assert (
        "run='bad' labels must be labels of the scale [-2, -1, 0, 1, 2]" in capsys.readouterr().err
    )


def test_duplicate_ids_exit_1(oc_files, tmp_path, capsys):
    _gold, runs = oc_files
    dup = tmp_path / "dup.tsv"
    dup.write_text(GOLD_C + GOLD_C.splitlines(keepends=True)[0])
    assert main(["meta", "--gold", str(dup), "--runs", *runs, *FAST]) == 1
    assert "item ids must be unique (got duplicates ['0'])" in capsys.readouterr().err


def test_a_single_run_exits_1(oc_files, capsys):
    gold, runs = oc_files
    assert main(["meta", "--gold", gold, "--runs", runs[0], *FAST]) == 1
    assert "at least 2 systems" in capsys.readouterr().err


def test_a_single_topic_exits_1(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text("1\tt\t0\n2\tt\t1\n")
    run = tmp_path / "r.tsv"
    run.write_text("1\tt\t0\n2\tt\t0\n")
    assert main(["meta", "--gold", str(gold), "--runs", str(gold), str(run), *FAST]) == 1
    assert "at least 2 topics" in capsys.readouterr().err


def test_distributions_not_summing_to_one_exit_1(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text("a\t0.1\t0.2\t0.4\t0.2\t0.1\nb\t0\t0\t0.5\t0.5\t0\n")
    bad = tmp_path / "bad.tsv"
    bad.write_text("a\t0.5\t0.2\t0.4\t0.2\t0.1\nb\t0\t0\t0.5\t0.5\t0\n")
    status = main(
        ["meta", "--gold", str(gold), "--runs", str(gold), str(bad), "--family", "oq", *FAST]
    )
    assert status == 1
    assert "run='bad' distributions must sum to 1 (got 1.4 at topic='a'" in capsys.readouterr().err


def test_a_missing_file_exits_1(tmp_path, capsys):
    status = main(["meta", "--scores", str(tmp_path / "none.csv"), *FAST])
    assert status == 1
    assert "is not an existing file" in capsys.readouterr().err


def test_an_unknown_measure_exits_1_with_suggestions(capsys):
    assert main(["meta", "--measures", "acuracy", *FAST]) == 1
    assert "did you mean 'accuracy'" in capsys.readouterr().err


def test_an_undefined_measure_on_user_files_exits_1_and_can_be_filled(oc_files, capsys):
    gold, runs = oc_files
    args = [
        "meta",
        "--gold",
        gold,
        "--runs",
        *runs,
        "--measures",
        "accuracy,pearson",
        "--analyses",
        "similarity",
        *FAST,
    ]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "measure='pearson' is undefined at (topic='t1', system='flat')" in err
    # The hint names the flag, never the Python keyword of the engine.
    assert err.endswith(
        "pass --on-undefined NUMBER to fill these cells or --on-undefined drop to leave the "
        "measure out\n"
    )
    assert "on_undefined" not in err
    assert main([*args, "--on-undefined", "0"]) == 0
    assert "filled with 0" in capsys.readouterr().out


def test_usage_errors_exit_2(oc_files, capsys):
    gold, runs = oc_files
    assert main(["meta", "--gold", gold, *FAST]) == 2
    assert "--gold and --runs go together" in capsys.readouterr().err
    assert main(["meta", "--gold", gold, "--runs", *runs, "--scores", gold, *FAST]) == 2
    assert "either --scores or --gold/--runs" in capsys.readouterr().err
    assert main(["meta", "--split", "half"]) == 2
    assert capsys.readouterr().err == (
        "axiometrics meta: error: argument --split: split sizes must be 'full' or positive "
        "integers (got 'half') (see 'axiometrics meta --help')\n"
    )


def test_bad_analysis_names_and_alpha_are_usage_errors_naming_the_flag(capsys):
    assert main(["meta", "--analyses", "speed", *FAST]) == 2
    assert capsys.readouterr().err == (
        "axiometrics meta: error: argument --analyses: unknown name 'speed' (choose from "
        "consistency, coverage, discriminative, similarity) (see 'axiometrics meta --help')\n"
    )
    assert main(["meta", "--alpha", "2", *FAST]) == 2
    assert capsys.readouterr().err == (
        "axiometrics meta: error: argument --alpha: expected a number in (0, 1) (got '2') "
        "(see 'axiometrics meta --help')\n"
    )
    assert main(["meta", "--alpha", "0_1", *FAST]) == 2
    assert "argument --alpha: expected a number in (0, 1) (got '0_1')" in capsys.readouterr().err


def test_a_progress_bar_goes_to_stderr_on_a_terminal_unless_quiet(monkeypatch, capsys):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    args = ["meta", "--measures", "accuracy,mae_macro", "--trials", "10", "--B", "20"]
    assert main(args) == 0
    assert "discriminative power" in capsys.readouterr().err
    assert main([*args, "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_a_scores_csv_missing_a_cell_exits_1(tmp_path, capsys):
    rows = [
        {"topic": t, "system": s, "measure": "accuracy", "score": 0.5}
        for t in range(3)
        for s in range(3)
        if (t, s) != (2, 1)
    ]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    assert main(["meta", "--scores", str(path), *FAST]) == 1
    err = capsys.readouterr().err
    assert (
        "scores.csv': system='1' has no score for topic='2' measure='accuracy' (1 cells missing "
        "in all)" in err
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--seed", "-1"],
            "argument --seed: expected a non-negative integer (got '-1') "
            "(see 'axiometrics meta --help')",
        ),
        (
            ["--analyses", ""],
            "argument --analyses: give at least one of similarity,consistency,discriminative,"
            "coverage (got '') (see 'axiometrics meta --help')",
        ),
        (
            ["--on-undefined", "nan"],
            "argument --on-undefined: must be 'raise', 'drop' or a finite number (got 'nan') "
            "(see 'axiometrics meta --help')",
        ),
        (
            ["--on-undefined", "1_0"],
            "argument --on-undefined: must be 'raise', 'drop' or a finite number (got '1_0') "
            "(see 'axiometrics meta --help')",
        ),
        (
            ["--split", "60"],
            "--split 60: two disjoint subsets of 60 topics need at least 120 topics (got 100)",
        ),
        (
            ["--reference", "kendal_tau_a", "--analyses", "coverage"],
            "--reference: unknown name 'kendal_tau_a'; did you mean 'kendall_tau_a', "
            "'kendall_tau_b', 'kendalltau'?",
        ),
    ],
)
def test_bad_option_values_are_one_line_usage_errors_naming_the_flag(capsys, argv, message):
    assert main(["meta", *argv, *FAST]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"axiometrics meta: error: {message}\n"
    assert captured.out == ""


def test_text_labels_without_a_scale_say_how_to_pass_one(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text("".join(f"{i}\tt{i % 2}\t{['low', 'high'][i % 2]}\n" for i in range(6)))
    other = tmp_path / "other.tsv"
    other.write_text(gold.read_text())
    assert main(["meta", "--gold", str(gold), "--runs", str(gold), str(other), *FAST]) == 1
    err = capsys.readouterr().err
    assert err.startswith("axiometrics meta: error: gold labels must be labels of the scale")
    assert err.endswith(
        "; without --scale the SemEval scale -2,-1,0,1,2 applies: give the classes in order, "
        "lowest first, e.g. --scale=low,medium,high\n"
    )


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_score_output_is_read_back_by_meta_scores(oc_files, tmp_path, capsys, fmt):
    gold, runs = oc_files
    scores = tmp_path / f"s.{fmt}"
    good_runs = [r for r in runs if "flat" not in r]
    argv = ["score", "--gold", gold, *[f"--system={r}" for r in good_runs]]
    assert (
        main([*argv, "--measures", "mae_macro,accuracy", "--format", fmt, "-o", str(scores)]) == 0
    )
    assert main(["meta", "--scores", str(scores), "--format", "json", *FAST]) == 0
    result = json.loads(capsys.readouterr().out)["groups"]["scores"]
    assert result["settings"]["measures"] == ["mae_macro", "accuracy"]
    assert result["settings"]["topics"] == 4
    assert result["settings"]["systems"] == 2


def test_undefined_cells_in_a_score_file_are_refused_with_their_reason(oc_files, tmp_path, capsys):
    gold, runs = oc_files
    scores = tmp_path / "s.csv"
    argv = ["score", "--gold", gold, *[f"--system={r}" for r in runs], "--measures", "pearson"]
    assert main([*argv, "--format", "csv", "-o", str(scores)]) == 0
    assert main(["meta", "--scores", str(scores), *FAST]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        f"axiometrics meta: error: path={str(scores)!r} line 4: measure='pearson'"
    )
    assert err.endswith(
        "choose the other measures, or score the runs again with a fill value "
        "(axiometrics score --on-undefined NUMBER)\n"
    )


def test_meta_runs_on_a_shipped_real_collection_with_data(capsys):
    status = main(["meta", *FAST, "--data", "swd", "--family", "oc", "--analyses", "similarity"])
    out = capsys.readouterr()
    assert status == 0
    assert "# swd oc: 20 topics, 28 systems, 24 measures" in out.out
    # Constant baselines make the correlations undefined: the shipped default fill is noted.
    assert "# note: measure 'pearson': 100 undefined (topic, system) cells filled with 0" in out.out


def _headers(out: str) -> list[str]:
    return [
        line.split(":")[0]
        for line in out.splitlines()
        if line.startswith("# ") and ":" in line and "note" not in line
    ]


def test_meta_data_runs_every_family_each_named_collection_feeds(capsys):
    status = main(["meta", *FAST, "--data", "swd,synthetic", "--analyses", "similarity"])
    out = capsys.readouterr().out
    assert status == 0
    assert _headers(out) == [
        "# swd oc",
        "# swd nominal",
        "# swd oq",
        "# synthetic oc",
        "# synthetic nominal",
        "# synthetic oq",
    ]


def test_meta_family_nominal_scores_the_nominal_measures_on_label_data(capsys):
    status = main(["meta", *FAST, "--family", "nominal", "--analyses", "similarity"])
    out = capsys.readouterr().out
    assert status == 0
    assert _headers(out) == ["# synthetic nominal"]
    assert "mcc" in out
    assert "f1_weighted" in out


def test_meta_family_nominal_reads_oc_label_files(capsys, oc_files):
    gold, runs = oc_files
    argv = ["meta", *FAST, "--gold", gold, "--runs", *runs, "--family", "nominal"]
    status = main([*argv, "--analyses", "similarity"])
    out = capsys.readouterr().out
    assert status == 0
    assert _headers(out) == ["# nominal"]
    assert "precision_macro" in out


def test_meta_on_the_scored_collection_uses_the_scored_coverage_reference(capsys):
    status = main(["meta", *FAST, "--data", "synthetic_scored", "--analyses", "coverage"])
    out = capsys.readouterr().out
    assert status == 0
    assert _headers(out) == ["# synthetic_scored scored"]
    assert "roc_auc, log_loss, f1_at" in out


def test_meta_family_the_collection_cannot_feed_is_refused(capsys):
    status = main(["meta", *FAST, "--data", "esl", "--family", "scored"])
    err = capsys.readouterr().err
    assert status == 2
    assert "collection 'esl' holds oc, oq data, which the scored measures do not take" in err


def test_meta_unknown_family_suggests_the_nearest(capsys):
    status = main(["meta", *FAST, "--family", "nomnal"])
    err = capsys.readouterr().err
    assert status == 2
    assert "unknown name 'nomnal'; did you mean 'nominal'?" in err


def test_meta_data_with_an_unknown_name_suggests_the_nearest_and_exits_2(capsys):
    status = main(["meta", *FAST, "--data", "eras"])
    err = capsys.readouterr().err
    assert status == 2
    assert (
        err.strip() == "axiometrics meta: error: --data: unknown name 'eras'; did you mean 'era'?"
    )


def test_meta_data_cannot_be_combined_with_files(capsys, oc_files):
    gold, runs = oc_files
    status = main(["meta", *FAST, "--data", "era", "--gold", gold, "--runs", *runs])
    err = capsys.readouterr().err
    assert status == 2
    assert "--data names shipped collections; drop --gold/--runs/--scores" in err


def test_the_meta_evaluation_is_the_same_on_any_number_of_jobs(outputs_on_any_jobs, blocks_always):
    args = ["meta", "--trials", "600", "--B", "600", "--format", "json", "--quiet"]
    one, *others = outputs_on_any_jobs(args)
    assert others == [one, one]
    assert blocks_always
    assert min(blocks_always) >= 2


def test_a_bad_backend_or_job_count_is_a_usage_error_naming_the_flag(capsys):
    assert main(["meta", *FAST, "--scheduler", "tcp://h:8786"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("axiometrics meta: error: ")
    assert "--scheduler tcp://h:8786: needs --backend dask" in err
    assert main(["meta", *FAST, "--jobs", "0"]) == 2
    assert "argument --jobs: expected a positive integer (got '0')" in capsys.readouterr().err
