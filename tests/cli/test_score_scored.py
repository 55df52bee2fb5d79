"""``axiometrics score --family scored``: id<TAB>score runs against a binary gold file."""

from __future__ import annotations

import json

import numpy as np
import pytest

import axiometrics as ax
from axiometrics.cli import main
from axiometrics.errors import DataFileError
from axiometrics.measures.scored.io import read_binary_gold_file, read_score_file, read_scored_runs


@pytest.fixture
def files(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(
        "id\ttopic\tlabel\na\tt1\t1\nb\tt1\t0\nc\tt1\t1\nd\tt2\t0\ne\tt2\t1\nf\tt2\t0\n"
    )
    probs = tmp_path / "probs.tsv"
    probs.write_text("c\t0.9\na\t0.2\nb\t0.4\nd\t0.1\ne\t0.7\nf\t0.7\n")
    margins = tmp_path / "margins.tsv"
    margins.write_text("a\t3\nb\t-1\nc\t2\nd\t5\ne\t1\nf\t0\n")
    return gold, probs, margins


def _scores(capsys) -> dict[tuple[str, str, str], float | None]:
    rows = json.loads(capsys.readouterr().out)["rows"]
    return {
        (r["system"], "mean" if r["aggregate"] == "mean" else r["topic"], r["measure"]): r["score"]
        for r in rows
    }


def _run(*args: str) -> int:
    return main(["score", "--family", "scored", *args])


def test_runs_are_aligned_by_id_and_scored_per_topic(files, capsys) -> None:
    gold, probs, margins = files
    status = _run(
        "--gold", str(gold), "--system", str(probs), "--system", str(margins),
        "--measures", "roc_auc,average_precision", "--format", "json",
    )  # fmt: skip
    assert status == 0
    scores = _scores(capsys)
    # t1: gold a=1, b=0, c=1; probs a=.2, b=.4, c=.9 -> pairs (c>b), (a<b): AUC 1/2
    assert scores["probs", "t1", "roc_auc"] == ax.score("roc_auc", [0.2, 0.4, 0.9], [1, 0, 1])
    assert scores["probs", "t1", "roc_auc"] == 0.5
    # t2: gold d=0, e=1, f=0; margins d=5, e=1, f=0 -> AUC 1/2
    assert scores["margins", "t2", "roc_auc"] == 0.5
    assert scores["probs", "mean", "roc_auc"] == pytest.approx((0.5 + 0.75) / 2)


def test_probability_measures_are_left_out_of_the_default_set_for_margins(files, capsys) -> None:
    gold, _, margins = files
    assert _run("--gold", str(gold), "--system", str(margins), "--format", "json") == 0
    out = json.loads(capsys.readouterr().out)
    measures = {r["measure"] for r in out["rows"]}
    assert "roc_auc" in measures
    assert "log_loss" not in measures
    assert "brier" not in measures
    assert out["skipped log_loss"] == (
        "runs ['margins'] have scores outside [0, 1] and log_loss takes probabilities only"
    )


def test_an_explicit_probability_measure_on_margins_is_an_error(files, capsys) -> None:
    gold, _, margins = files
    assert _run("--gold", str(gold), "--system", str(margins), "--measures", "brier") == 1
    assert "measure='brier': runs ['margins'] have scores outside" in capsys.readouterr().err


def test_every_scored_measure_is_listed(capsys) -> None:
    assert main(["list", "--family", "scored", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    names = {m["name"] for m in (listed["rows"] if isinstance(listed, dict) else listed)}
    assert names >= {"roc_auc", "average_precision", "precision_at_k", "r_precision"}
    assert names >= {"log_loss", "brier", "f1_at"}


@pytest.mark.parametrize(
    ("gold_text", "run_text", "match"),
    [
        ("a\t1\nb\t0\n", "a\t0.5\n", "1 gold ids missing"),
        ("a\t1\nb\t0\n", "a\t0.5\nb\t0.1\nz\t0.3\n", "ids not in the gold"),
        ("a\t1\nb\t0\n", "a\t0.5\na\t0.1\n", "repeats line 1"),
        ("a\t1\na\t0\n", "a\t0.5\n", "repeats line 1"),
        ("a\t1\nb\t2\n", "a\t0.5\nb\t0.1\n", "label='2': expected a binary label"),
        ("a\tpos\nb\t0\n", "a\t0.5\nb\t0.1\n", "label='pos'"),
        ("a\t1\nb\t0\n", "a\t0.5\nb\tnan\n", "line 2: score='nan'"),
        ("a\t1\nb\t0\n", "a\t0.5\nb\n", "line 2: expected 'id<TAB>score'"),
        ("a\t1\nb\tt\t0\n", "a\t0.5\nb\t0.1\n", "line 2: expected"),
        ("a\t1\nb\t0\n", "a\t0.5\nb\t1_0\n", "line 2: score='1_0': expected a finite"),
        ("a\t1\nb\t0\n", "a\t0.5\nb\t1e400\n", "line 2: score='1e400': expected a finite"),
        ("a\t1\nb\t0_0\n", "a\t0.5\nb\t0.1\n", "line 2: label='0_0': expected a binary"),
    ],
)
def test_bad_files_are_refused_with_the_file_and_line(
    tmp_path, capsys, gold_text: str, run_text: str, match: str
) -> None:
    gold = tmp_path / "g.tsv"
    gold.write_text(gold_text)
    run = tmp_path / "r.tsv"
    run.write_text(run_text)
    with pytest.raises(DataFileError, match=match):
        read_scored_runs(gold, [run])
    assert _run("--gold", str(gold), "--system", str(run)) == 1
    assert match.split(":")[0] in capsys.readouterr().err


def test_scale_and_values_are_refused_for_scored_runs(files, capsys) -> None:
    gold, probs, _ = files
    assert _run("--gold", str(gold), "--system", str(probs), "--scale", "0,1") == 2
    assert "--scale" in capsys.readouterr().err


def test_readers_return_typed_columns_in_file_order(files) -> None:
    gold, probs, _ = files
    g = read_binary_gold_file(gold)
    assert list(g["id"]) == list("abcdef")
    assert g["label"].tolist() == [1, 0, 1, 0, 1, 0]
    s = read_score_file(probs)
    assert list(s["id"]) == list("cabdef")
    assert s["score"].dtype == np.float64
    runs = read_scored_runs(gold, {"x": probs})
    assert runs.topics == ("t1", "t2")
    assert runs.systems == ("x",)
    assert runs.scores[0].tolist() == [[0.2, 0.4, 0.9]]
    assert runs.ids[1] == ("d", "e", "f")


def test_gold_without_topics_is_one_topic(tmp_path, capsys) -> None:
    gold = tmp_path / "g.csv"
    gold.write_text("id,label\na,1\nb,0\nc,0\n")
    run = tmp_path / "r.csv"
    run.write_text("id,score\nc,0.1\nb,0.2\na,0.3\n")
    assert _run("--gold", str(gold), "--system", str(run), "--format", "json") == 0
    scores = _scores(capsys)
    assert scores["r", "", "roc_auc"] == 1.0
    assert scores["r", "", "f1_at"] == 0.0  # no score reaches the default threshold 0.5
