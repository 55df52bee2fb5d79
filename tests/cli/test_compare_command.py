"""``axiometrics compare``: score files and runs in, significant differences out."""

from __future__ import annotations

import argparse
import io
import json

import pandas as pd
import pytest

from axiometrics.cli import main
from axiometrics.cli.compare_command import add_parser

WIDE = (
    "topic,bm25,dense,hybrid\n"
    "q1,0.1,0.3,0.35\nq2,0.4,0.5,0.6\nq3,0.2,0.25,0.5\n"
    "q4,0.3,0.45,0.5\nq5,0.15,0.3,0.4\nq6,0.5,0.55,0.7\n"
)


@pytest.fixture
def wide(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(WIDE)
    return str(path)


@pytest.fixture
def long(tmp_path):
    frame = pd.read_csv(io.StringIO(WIDE)).melt(
        id_vars="topic", var_name="system", value_name="score"
    )
    both = pd.concat(
        [frame.assign(measure="ndcg"), frame.assign(measure="err", score=1 - frame["score"])]
    )
    both["higher_is_better"] = both["measure"] == "ndcg"
    path = tmp_path / "long.csv"
    both.to_csv(path, index=False)
    return str(path)


GOLD = "".join(
    f"{i}\t{topic}\t{label}\n"
    for i, (topic, label) in enumerate(
        [("t1", -2), ("t1", 0), ("t1", 2), ("t2", 1), ("t2", 1), ("t2", -1), ("t3", 0), ("t3", 2)]
    )
)


@pytest.fixture
def runs(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(GOLD)
    paths = []
    for name, labels in {
        "good": [-2, 0, 2, 1, 1, -1, 0, 2],
        "okay": [-1, 0, 1, 1, 0, -1, 0, 1],
        "flat": [0] * 8,
    }.items():
        path = tmp_path / f"{name}.tsv"
        path.write_text(
            "".join(
                f"{line.rsplit(chr(9), 1)[0]}\t{label}\n"
                for line, label in zip(GOLD.splitlines(), labels, strict=True)
            )
        )
        paths.append(str(path))
    return str(gold), paths


def run_json(capsys, *argv):
    status = main(["compare", *argv, "--format", "json"])
    assert status == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_parser_registers_compare_with_its_options():
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["compare", "--scores", "x.csv", "--test", "sign"])
    assert (args.test, args.correction, args.alpha, args.trials) == ("sign", None, 0.05, 10_000)


def test_a_wide_score_file_gives_one_row_per_pair_with_the_better_system(capsys, wide):
    document = run_json(capsys, "--scores", wide)
    assert document["test"] == "t"
    assert document["correction"] == "holm"
    rows = document["rows"]
    assert [(r["system_a"], r["system_b"]) for r in rows] == [
        ("bm25", "dense"),
        ("bm25", "hybrid"),
        ("dense", "hybrid"),
    ]
    assert rows[1]["significant"] is True
    assert rows[1]["better"] == "hybrid"
    assert all(0 <= r["p_value"] <= r["p_adjusted"] <= 1 for r in rows)


def test_the_table_format_starts_with_the_settings(capsys, wide):
    assert main(["compare", "--scores", wide, "--test", "wilcoxon"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# test: wilcoxon\n# correction: holm\n")
    assert "sakai_es" in out


def test_csv_output_is_one_table(capsys, wide):
    assert main(["compare", "--scores", wide, "--format", "csv"]) == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out))
    assert len(frame) == 3
    assert frame.columns[0] == "measure"


def test_a_long_score_file_compares_every_measure_with_its_direction(capsys, long):
    rows = run_json(capsys, "--scores", long, "--test", "randomisation")["rows"]
    assert {r["measure"] for r in rows} == {"ndcg", "err"}
    best = {(r["measure"], r["system_a"], r["system_b"]): r["better"] for r in rows}
    # err = 1 - ndcg and lower is better: the same system wins under both measures.
    assert best[("err", "bm25", "hybrid")] == best[("ndcg", "bm25", "hybrid")]


def test_measure_picks_measures_of_a_long_file_and_suggests_unknown_ones(capsys, long):
    rows = run_json(capsys, "--scores", long, "--measure", "err")["rows"]
    assert {r["measure"] for r in rows} == {"err"}
    assert main(["compare", "--scores", long, "--measure", "ndgc"]) == 2
    assert "did you mean 'ndcg'" in capsys.readouterr().err


def test_runs_are_scored_with_the_chosen_measures(capsys, runs):
    gold, paths = runs
    document = run_json(capsys, "--gold", gold, "--runs", *paths, "--measure", "mae_macro,accuracy")
    assert document["topics"] == 3
    assert {r["measure"] for r in document["rows"]} == {"mae_macro", "accuracy"}


def test_runs_without_a_measure_are_a_usage_error(capsys, runs):
    gold, paths = runs
    assert main(["compare", "--gold", gold, "--runs", *paths]) == 2
    assert "--measure" in capsys.readouterr().err


def test_the_tukey_test_uses_no_correction_and_refuses_one(capsys, wide):
    document = run_json(capsys, "--scores", wide, "--test", "tukey", "--trials", "200")
    assert document["correction"] == "none"
    assert main(["compare", "--scores", wide, "--test", "tukey", "--correction", "holm"]) == 2
    assert "family-wise" in capsys.readouterr().err


def test_systems_restricts_the_comparison_and_names_unknown_systems(capsys, wide):
    rows = run_json(capsys, "--scores", wide, "--systems", "hybrid,bm25")["rows"]
    assert [(r["system_a"], r["system_b"]) for r in rows] == [("hybrid", "bm25")]
    assert main(["compare", "--scores", wide, "--systems", "bm25,dence"]) == 2
    assert "did you mean 'dense'" in capsys.readouterr().err


def test_constant_differences_are_reported_as_zero_variance_not_as_nan(capsys, tmp_path):
    path = tmp_path / "flat.csv"
    path.write_text("topic,a,b\nq1,0.5,0.25\nq2,0.75,0.5\nq3,0.25,0\n")
    row = run_json(capsys, "--scores", str(path))["rows"][0]
    assert row["status"] == "zero variance"
    assert row["statistic"] is None  # +inf has no JSON number
    assert row["p_value"] == 0.0
    assert row["better"] == "a"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "--scores"),
        (["--alpha", "1.5"], "--alpha"),
        (["--trials", "0"], "--trials"),
        (["--seed", "-1"], "--seed"),
        (["--test", "z"], "--test"),
    ],
)
def test_bad_options_are_usage_errors_naming_the_flag(capsys, wide, argv, message):
    extra = [] if not argv else ["--scores", wide]
    assert main(["compare", *extra, *argv]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_score_file_is_a_data_error(capsys, tmp_path):
    assert main(["compare", "--scores", str(tmp_path / "nope.csv")]) == 1
    assert "not an existing file" in capsys.readouterr().err


def test_a_wide_file_with_one_system_is_a_data_error(capsys, tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("topic,a\nq1,0.5\nq2,0.7\n")
    assert main(["compare", "--scores", str(path)]) == 1
    assert "at least 2 system columns" in capsys.readouterr().err


def test_a_nan_score_in_a_wide_file_is_a_data_error(capsys, tmp_path):
    path = tmp_path / "hole.csv"
    path.write_text("topic,a,b\nq1,0.5,\nq2,0.7,0.1\n")
    assert main(["compare", "--scores", str(path)]) == 1
    assert "q1" in capsys.readouterr().err


def test_output_goes_to_a_file(capsys, wide, tmp_path):
    target = tmp_path / "out.json"
    assert main(["compare", "--scores", wide, "--format", "json", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    assert len(json.loads(target.read_text())["rows"]) == 3
