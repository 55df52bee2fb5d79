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
        "unknown family='xx' (known: oc, oq, nominal, scored, regression, generation, "
        "language_model)" in capsys.readouterr().err
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


def test_a_scheduler_that_does_not_answer_is_one_line_naming_the_flag_and_the_address(capsys):
    import dask
    import distributed  # noqa: F401  (its config defaults first: set() would drop them on exit)

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status = main(
            ["table", "--measures", "accuracy", "--backend", "dask",
             "--scheduler", "tcp://127.0.0.1:1"]
        )  # fmt: skip
    err = capsys.readouterr().err
    assert status == 1
    assert err.count("\n") == 1
    assert "scheduler='tcp://127.0.0.1:1' (--scheduler): no dask scheduler answered" in err
    assert "start one with 'dask scheduler'" in err


def test_the_table_through_a_joblib_backend_is_the_local_table(capsys):
    args = ["table", "--measures", "accuracy,nmd", "--max-examples", "5", "--bound", "50"]
    assert main([*args, "--jobs", "1"]) == 0
    local = capsys.readouterr().out
    assert main([*args, "--jobs", "2", "--backend", "loky"]) == 0
    assert capsys.readouterr().out == local


def test_a_job_count_below_one_is_a_usage_error_naming_the_flag(capsys):
    assert main(["table", "--measures", "accuracy", "--jobs", "0"]) == 2
    assert "argument --jobs: expected a positive integer (got '0')" in capsys.readouterr().err


USER_F1 = '''
import numpy as np


def my_macro_f1(matrix):
    """Macro F1 over the gold classes that occur (0 where a class is never predicted)."""
    m = np.asarray(matrix, dtype=float)
    tp, pred, gold = np.diag(m), m.sum(axis=1), m.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        f1 = np.where(pred + gold > 0, 2 * tp / (pred + gold), 0.0)
    return np.float32(f1[gold > 0].mean())
'''


@pytest.fixture
def user_f1(tmp_path):
    path = tmp_path / "user_f1.py"
    path.write_text(USER_F1, encoding="utf-8")
    return path


FAST = ["--max-examples", "10", "--bound", "100"]


def test_a_users_measure_joins_the_table_of_its_family_next_to_the_builtins(user_f1, tmp_path):
    out = tmp_path / "table.csv"
    argv = ["table", "--measure", f"{user_f1}:my_macro_f1", "--family", "nominal"]
    argv += ["--measures", "accuracy", "--optimum", "1", "--range", "0", "1", *FAST]
    assert main([*argv, "--format", "csv", "-o", str(out)]) == 0
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert {r["measure"] for r in rows} == {"accuracy", "my_macro_f1"}
    mine = [r for r in rows if r["measure"] == "my_macro_f1" and r["variant"] == "main"]
    assert {r["claim"] for r in mine} >= {"symmetry", "identity", "prevalence_invariance"}
    assert {r["tolerance"] for r in mine} == {
        "|a - b| <= 1e-06 + 1e-05 * max(|a|, |b|) (float32, inferred from the returned scores)"
    }
    # Its refuted symmetry carries the weakest precondition discovery found, as the built-ins' do.
    markdown = tmp_path / "table.md"
    assert main([*argv, "--format", "markdown", "-o", str(markdown)]) == 0
    text = markdown.read_text(encoding="utf-8")
    line = next(row for row in text.splitlines() if "my_macro_f1" in row and "|" in row)
    assert r"\[✓ if no_empty_gold_class, found\]" in line


def test_the_latex_table_of_a_users_measure_compiles_as_far_as_can_be_checked(user_f1, capsys):
    argv = ["table", "--measure", f"{user_f1}:my_macro_f1", "--family", "nominal"]
    argv += ["--measures", "accuracy", "--name", "my_F1 (τ%)", "--format", "latex", *FAST]
    assert main(argv) == 0
    tex = capsys.readouterr().out
    assert r"my\_F1 ([U+03C4]\%) (\texttt{my\_f1\_\_03c4}" not in tex  # shown by its title
    assert r"my\_F1 ([U+03C4]\%)" in tex
    _assert_compilable(tex)


def _assert_compilable(tex: str) -> None:
    """What a TeX engine would refuse: non-ASCII text, unbalanced environments or braces."""
    import re

    assert all(ord(ch) < 128 for ch in tex), sorted({ch for ch in tex if ord(ch) >= 128})
    opened = re.findall(r"\\begin\{(\w+)\}", tex)
    closed = re.findall(r"\\end\{(\w+)\}", tex)
    assert sorted(opened) == sorted(closed)
    depth = 0
    for piece in re.sub(r"\\[{}%&_$#]", "", tex).split("\n"):
        if piece.startswith("%"):
            continue
        for ch in piece:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            assert depth >= 0
    assert depth == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--optimum", "1"], "--optimum apply to --measure only"),
        (["--measure", "f.py:g"], "--family is required with --measure"),
        (["--measure", "f.py:g", "--family", "nominal", "--dtype", "float31"], "--dtype: "),
    ],
)
def test_a_users_measure_option_misused_is_a_usage_error_naming_the_flag(capsys, argv, message):
    status = main(["table", "--measures", "accuracy", *argv])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("axiometrics table: error: ")
    assert message in err
