"""The command line on regression run files: score, meta, compare and the report's data."""

from __future__ import annotations

import json

import numpy as np
import pytest

from axiometrics.cli import build_parser, main
from axiometrics.cli.report_command import _datasets
from axiometrics.measures.regression.runs import RegressionRuns

FAST = ["--trials", "5", "--B", "20", "--split", "full", "-q"]


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(5)
    ids = [f"i{k:02d}" for k in range(24)]
    y = rng.normal(50.0, 10.0, 24)
    gold = tmp_path / "gold.tsv"
    rows = [f"{i}\tt{k % 4}\t{float(v)!r}" for k, (i, v) in enumerate(zip(ids, y, strict=True))]
    gold.write_text("id\ttopic\ty_true\n" + "\n".join(rows) + "\n")
    paths = []
    for name, noise in (("good", 1.0), ("fair", 4.0), ("poor", 12.0)):
        pred = y + rng.normal(0.0, noise, 24)
        order = rng.permutation(24)
        path = tmp_path / f"{name}.tsv"
        path.write_text("".join(f"{ids[k]}\t{float(pred[k])!r}\n" for k in order))
        paths.append(path)
    return gold, paths


def _rows(capsys) -> dict[tuple[str, str, str], float]:
    rows = json.loads(capsys.readouterr().out)["rows"]
    return {
        (r["system"], "mean" if r["aggregate"] == "mean" else r["topic"], r["measure"]): r["score"]
        for r in rows
    }


def test_score_gives_scikit_learns_example_values(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text("a\t3\nb\t-0.5\nc\t2\nd\t7\n")
    run = tmp_path / "run.tsv"
    run.write_text("c\t2\nd\t8\na\t2.5\nb\t0.0\n")
    argv = ["score", "--family", "regression", "--gold", str(gold), "--system", str(run)]
    assert main([*argv, "--measures", "mean_squared_error,r2,max_error", "--format", "json"]) == 0
    scores = _rows(capsys)
    assert scores[("run", "", "mean_squared_error")] == pytest.approx(0.375)
    assert scores[("run", "", "r2")] == pytest.approx(0.9486081370449679)
    assert scores[("run", "", "max_error")] == pytest.approx(1.0)


def test_score_averages_over_topics_and_ignores_the_order_of_a_run_files_rows(files, capsys):
    gold, (good, fair, _) = files
    argv = ["score", "--family", "regression", "--gold", str(gold), "--format", "json"]
    assert main([*argv, "--system", str(good), "--system", str(fair)]) == 0
    before = _rows(capsys)
    lines = good.read_text().splitlines()
    good.write_text("\n".join(sorted(lines)) + "\n")
    assert main([*argv, "--system", str(good), "--system", str(fair)]) == 0
    after = _rows(capsys)
    assert before == after
    per_topic = [before[("good", f"t{t}", "mean_absolute_error")] for t in range(4)]
    assert before[("good", "mean", "mean_absolute_error")] == pytest.approx(np.mean(per_topic))


def test_score_refuses_a_class_scale_and_names_a_bad_line(files, tmp_path, capsys):
    gold, (good, *_) = files
    argv = ["score", "--family", "regression", "--gold", str(gold), "--system", str(good)]
    assert main([*argv, "--scale", "0,1"]) == 2
    assert "regression runs have no class scale" in capsys.readouterr().err
    bad = tmp_path / "bad.tsv"
    bad.write_text("i00\t1.0\ni01\tNaN\n")
    assert main(["score", "--family", "regression", "--gold", str(gold), "--system", str(bad)]) == 1
    assert "line 2: y_pred='NaN': expected a finite number" in capsys.readouterr().err


def test_meta_runs_on_regression_files(files, capsys):
    gold, runs = files
    argv = ["meta", "--family", "regression", "--gold", str(gold), "--runs", *map(str, runs)]
    measures = "mean_squared_error,mean_absolute_error,r2"
    status = main([*argv, *FAST, "--measures", measures, "--analyses", "similarity,consistency"])
    assert status == 0
    out = capsys.readouterr().out
    assert out.startswith("# regression: 4 topics, 3 systems, 3 measures")
    assert "mean_squared_error mean_absolute_error" in out


def test_meta_runs_on_the_shipped_regression_collections(capsys):
    status = main(["meta", "--data", "synthetic_regression", *FAST, "--analyses", "discriminative"])
    assert status == 0
    assert capsys.readouterr().out.startswith("# synthetic_regression regression: 50 topics")


def test_compare_runs_on_regression_files(files, capsys):
    gold, runs = files
    argv = ["compare", "--family", "regression", "--gold", str(gold), "--runs", *map(str, runs)]
    assert main([*argv, "--measure", "mean_absolute_error", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert {(r["system_a"], r["system_b"]) for r in rows} == {
        ("good", "fair"),
        ("good", "poor"),
        ("fair", "poor"),
    }


def test_the_report_reads_regression_files_as_its_data_set(files):
    gold, runs = files
    args = build_parser("report").parse_args(
        ["report", "--gold", str(gold), "--runs", *map(str, runs), "--data-family", "regression"]
    )
    (dataset,) = _datasets(args)
    assert dataset.family == "regression"
    assert isinstance(dataset.data, RegressionRuns)
    assert dataset.data.systems == ("good", "fair", "poor")


def test_score_leaves_out_unweighted_measures_on_topics_of_different_sizes_unless_asked(
    tmp_path, capsys
):
    gold = tmp_path / "gold.tsv"
    gold.write_text("a\tx\t1\nb\tx\t2\nc\tx\t4\nd\ty\t3\ne\ty\t5\n")
    run = tmp_path / "run.tsv"
    run.write_text("a\t1\nb\t2.5\nc\t3\nd\t3\ne\t6\n")
    argv = ["score", "--family", "regression", "--gold", str(gold), "--system", str(run)]
    assert main([*argv, "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert "max_error takes no sample weights" in payload["skipped max_error"]
    assert "max_error" not in {r["measure"] for r in payload["rows"]}
    assert main([*argv, "--measures", "max_error"]) == 1
    assert "measure='max_error': max_error takes no sample weights" in capsys.readouterr().err
