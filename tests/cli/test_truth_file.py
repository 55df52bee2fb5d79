"""``--truth FILE`` and the known truth of shipped collections in ``axiometrics meta``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from axiometrics.cli import main
from axiometrics.cli.truth_file import read_truth_file
from axiometrics.errors import DataFileError

#: Systems s1 (best) .. s4 (worst); the score file below ranks them the same way.
TRUTH_TEXT = "system\tquality\ns1\t0.1\n\ns2\t0.5\ns3\t0.9\ns4\t2\n"


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def score_file(tmp_path: Path) -> str:
    rows = ["topic,system,measure,score,higher_is_better"]
    for topic, shift in (("t1", 0.0), ("t2", 0.05), ("t3", -0.05)):
        for system, base in (("s1", 0.9), ("s2", 0.7), ("s3", 0.5), ("s4", 0.3)):
            rows.append(f"{topic},{system},good,{base + shift},true")
            rows.append(f"{topic},{system},backwards,{base + shift},false")
    return _write(tmp_path, "scores.csv", "\n".join(rows) + "\n")


def test_a_truth_file_gives_each_system_its_quality_skipping_header_and_blank_lines(tmp_path):
    path = _write(tmp_path, "truth.tsv", TRUTH_TEXT)
    assert read_truth_file(path) == {"s1": 0.1, "s2": 0.5, "s3": 0.9, "s4": 2.0}


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("s1\t0.1\ns2\tgood\n", "line 2", "quality='good' of system 's2' is not a finite number"),
        ("s1\t0.1\ns2\t1e400\n", "line 2", "quality='1e400'"),
        ("s1\t0.1\ns2\t0.2\t3\n", "line 2", "expected system<TAB>quality (got 3 cells"),
        ("s1\t0.1\n\ns1\t0.2\n", "line 3", "system 's1' is listed twice (first on line 1)"),
        ("system\tquality\n", "", "holds a header and no system"),
        ("", "", "is empty"),
    ],
)
def test_a_bad_truth_file_is_refused_naming_the_flag_the_file_and_the_line(
    tmp_path, text, where, what
):
    path = _write(tmp_path, "truth.tsv", text)
    with pytest.raises(DataFileError) as info:
        read_truth_file(path)
    message = str(info.value)
    assert message.startswith(f"--truth {path!r}")
    assert where in message
    assert what in message


def test_meta_with_a_truth_file_adds_the_agreement_of_each_measure(tmp_path, score_file, capsys):
    truth = _write(tmp_path, "truth.tsv", TRUTH_TEXT)
    argv = ["meta", "--scores", score_file, "--truth", truth, "--analyses", "similarity"]
    assert main([*argv, "--format", "json", "-q"]) == 0
    rows = json.loads(capsys.readouterr().out)["groups"]["scores"]["truth"]
    by_measure = {r["measure"]: r for r in rows}
    assert by_measure["good"]["tau"] == pytest.approx(1.0)
    assert by_measure["backwards"]["tau"] == pytest.approx(-1.0)
    assert [r["measure"] for r in rows] == ["good", "backwards"]


def test_a_truth_file_missing_a_system_is_a_usage_error_naming_the_flag(
    tmp_path, score_file, capsys
):
    truth = _write(tmp_path, "truth.tsv", "s1\t0.1\ns2\t0.5\ns3\t0.9\n")
    assert main(["meta", "--scores", score_file, "--truth", truth, "-q"]) == 2
    err = capsys.readouterr().err
    assert f"--truth {truth!r}: truth=" in err
    assert "missing systems ['s4']" in err


def test_asking_for_the_truth_analysis_on_data_without_a_truth_is_a_usage_error(score_file, capsys):
    assert main(["meta", "--scores", score_file, "--analyses", "truth", "-q"]) == 2
    assert "--analyses truth: 'scores' declares no known truth" in capsys.readouterr().err


def test_a_shipped_collection_with_a_truth_shows_the_agreement_without_being_asked(capsys):
    argv = ["meta", "--data", "synthetic_regression", "--analyses", "similarity"]
    argv += ["--measures", "mean_squared_error,mean_absolute_error", "-q"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    section = out.split("## synthetic_regression: agreement with the known truth", 1)[1]
    best = section.splitlines()[2].split()  # title rest, column names, the best measure
    assert best[:2] == ["mean_squared_error", "1.0000"]


def test_a_shipped_collection_without_a_truth_shows_no_agreement(capsys):
    argv = ["meta", "--data", "synthetic_scored", "--analyses", "similarity", "-q"]
    assert main([*argv, "--measures", "roc_auc,log_loss"]) == 0
    assert "known truth" not in capsys.readouterr().out
