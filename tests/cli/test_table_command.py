from __future__ import annotations

import csv

import pytest

from axiometrics.cli import main


@pytest.mark.parametrize(
    ("fmt", "marker"),
    [
        ("markdown", "# Property table"),
        ("html", "<!DOCTYPE html>"),
        ("latex", "\\begin{tabular}"),
        ("csv", "measure,claim,variant"),
    ],
)
def test_the_table_is_written_in_each_format(tmp_path, capsys, fmt, marker):
    out = tmp_path / f"table.{fmt}"
    status = main(
        [
            "table",
            "--measures",
            "accuracy,nmd",
            "--max-examples",
            "10",
            "--format",
            fmt,
            "--output",
            str(out),
        ]
    )
    assert status == 0
    text = out.read_text(encoding="utf-8")
    assert marker in text
    assert "accuracy" in text
    assert "nmd" in text
    assert "wrote" in capsys.readouterr().err


def test_the_table_goes_to_standard_output_by_default(capsys):
    assert (
        main(["table", "--family", "oq", "--measures", "nmd,accuracy", "--max-examples", "5"]) == 0
    )
    out = capsys.readouterr().out
    assert "`nmd`" in out
    assert "`accuracy`" not in out


def test_csv_rows_carry_the_literature_verdicts(tmp_path):
    out = tmp_path / "t.csv"
    main(
        [
            "table",
            "--measures",
            "accuracy",
            "--max-examples",
            "5",
            "--format",
            "csv",
            "-o",
            str(out),
        ]
    )
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    inv = next(r for r in rows if r["claim"] == "ordinal_invariance")
    assert "Amigó et al. 2020, Table 2 ✓ (agrees)" in inv["literature"]


def test_an_unknown_measure_or_family_fails_clearly(capsys):
    assert main(["table", "--measures", "acuracy", "--max-examples", "5"]) == 1
    assert "did you mean 'accuracy'" in capsys.readouterr().err
    assert main(["table", "--family", "xx"]) == 1
    assert (
        "unknown family='xx' (known: oc, oq, nominal, scored, regression)"
        in capsys.readouterr().err
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--backend", "lokky"], "--backend='lokky': expected one of"),
        (["--backend", "lokky"], "did you mean 'loky'?"),
        (["--scheduler", "tcp://h:8786"], "--scheduler tcp://h:8786: needs --backend dask (got"),
    ],
)
def test_a_bad_backend_is_a_usage_error_naming_the_flag(capsys, argv, message):
    status = main(["table", "--measures", "accuracy", *argv])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("axiometrics table: error: ")
    assert message in err


def test_the_dask_backend_without_distributed_says_which_extra_to_install(capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name)
    )
    status = main(["table", "--measures", "accuracy", "--backend", "dask"])
    err = capsys.readouterr().err
    assert status != 0
    assert err.count("\n") == 1
    assert "--backend dask needs the optional dependency 'distributed'" in err
    assert 'pip install "axiometrics[dask]"' in err


def test_the_table_through_a_joblib_backend_is_the_local_table(capsys):
    args = ["table", "--measures", "accuracy,nmd", "--max-examples", "5", "--bound", "50"]
    assert main([*args, "--jobs", "1"]) == 0
    local = capsys.readouterr().out
    assert main([*args, "--jobs", "2", "--backend", "loky"]) == 0
    assert capsys.readouterr().out == local


def test_a_job_count_below_one_is_a_usage_error_naming_the_flag(capsys):
    assert main(["table", "--measures", "accuracy", "--jobs", "0"]) == 2
    assert "argument --jobs: expected a positive integer (got '0')" in capsys.readouterr().err
