from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest

from axiometrics.cli import main

MEASURES = textwrap.dedent(
    """
    import numpy as np


    def distance_error(matrix):
        c = matrix.shape[0]
        i, j = np.indices((c, c))
        return float((np.abs(i - j) * matrix).sum() / matrix.sum())


    def total_variation(system, gold):
        return float(0.5 * np.abs(system - gold).sum())


    def divides_by_zero(matrix):
        return 1 / 0


    def needs_three(a, b, c):
        return 0.0
    """
)


@pytest.fixture
def user_file(tmp_path):
    path = tmp_path / "my_measures.py"
    path.write_text(MEASURES)
    return path


def test_a_callable_in_a_users_file_is_checked_and_rendered(user_file, capsys):
    status = main(
        [
            "check",
            f"{user_file}:distance_error",
            "--family",
            "oc",
            "--lower-is-better",
            "--claims",
            "symmetry,imbalance",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0  # nothing declared: the report informs, it does not fail
    assert "symmetry: not refuted after 100 cases" in out
    assert "imbalance: refuted" in out
    assert "sys\\gold" in out  # the counterexample is drawn as a matrix


def test_a_refuted_expectation_fails_the_command(user_file, capsys):
    status = main(
        [
            "check",
            f"{user_file}:distance_error",
            "--family",
            "oc",
            "--lower-is-better",
            "--claims",
            "imbalance",
            "--expect",
            "imbalance=holds",
        ]
    )
    assert status == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_an_unfound_expected_violation_fails_only_in_strict_mode(user_file, capsys):
    args = [
        "check",
        f"{user_file}:distance_error",
        "--family",
        "oc",
        "--claims",
        "symmetry",
        "--expect",
        "symmetry=violated",
    ]
    assert main(args) == 0
    assert main([*args, "--strict"]) == 1


def test_oq_callables_show_pairs_of_distributions(user_file, capsys):
    status = main(
        [
            "check",
            f"{user_file}:total_variation",
            "--family",
            "oq",
            "--lower-is-better",
            "--claims",
            "point_mass_monotonicity",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "point_mass_monotonicity: refuted" in out
    assert "system [" in out
    assert "gold [" in out


def test_a_registered_measure_is_checked_by_name_and_json_is_available(capsys):
    status = main(["check", "accuracy", "--claims", "symmetry,imbalance", "--format", "json"])
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert payload["measure"] == "accuracy"
    assert payload["seed"] == 0
    outcomes = {r["claim"]: r["outcome"] for r in payload["verdicts"]}
    assert outcomes == {"symmetry": "not_refuted", "imbalance": "refuted"}


def test_the_declared_precision_of_a_registered_measure_is_stated_in_the_report(capsys):
    status = main(["check", "accuracy", "--claims", "symmetry", "--dtype", "float32"])
    first = capsys.readouterr().out.splitlines()[0]
    assert status == 0
    assert first.endswith("equality |a - b| <= 1e-06 + 1e-05 * max(|a|, |b|) (float32, declared)")
    status = main(["check", "accuracy", "--claims", "symmetry", "--tolerance", "0", "1e-9"])
    assert capsys.readouterr().out.splitlines()[0].endswith("0 + 1e-09 * max(|a|, |b|) (declared)")


def test_spacing_arbitrary_checks_claims_at_unequal_class_values(capsys):
    status = main(["check", "mae_macro", "--claims", "imbalance", "--spacing", "arbitrary"])
    out = capsys.readouterr().out
    assert status == 0  # MAE^M declares imbalance only at equidistant values
    assert "[without preconditions] refuted" in out
    assert "class values: [" in out


def test_the_report_can_be_written_to_a_file(tmp_path, capsys):
    out = tmp_path / "report.txt"
    assert main(["check", "accuracy", "--claims", "symmetry", "--output", str(out)]) == 0
    assert "symmetry: not refuted" in out.read_text()


@pytest.mark.parametrize(
    ("target", "extra", "status", "message"),
    [
        ("{dir}/missing.py:f", ["--family", "oc"], 2, "no such file"),
        ("{file}:distance_eror", ["--family", "oc"], 2, "did you mean 'distance_error'"),
        ("{file}:needs_three", ["--family", "oc"], 2, r"my_measures.py:\d+ has signature"),
        ("no_such_module_xyz:f", ["--family", "oc"], 2, "no module named"),
        (
            "{file}:divides_by_zero",
            ["--family", "oc"],
            1,
            r"ZeroDivisionError.*my_measures.py:\d+",
        ),
    ],
)
def test_bad_targets_fail_with_a_message_that_points_at_the_problem(
    user_file, tmp_path, capsys, target, extra, status, message
):
    target = target.format(dir=tmp_path, file=user_file)
    got = main(["check", target, *extra])
    err = capsys.readouterr().err
    assert got == status
    assert err.startswith("axiometrics check: error:")
    assert __import__("re").search(message, err), err


def test_a_file_that_fails_to_import_reports_its_line_with_exit_status_1(tmp_path, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\nraise ValueError('boom')\n")
    assert main(["check", f"{bad}:f", "--family", "oc"]) == 1
    err = capsys.readouterr().err
    assert "ValueError: boom" in err
    assert f"{bad}:2" in err


def test_check_works_from_a_fresh_interpreter(user_file):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "axiometrics",
            "check",
            f"{user_file}:distance_error",
            "--family",
            "oc",
            "--lower-is-better",
            "--claims",
            "symmetry",
            "--max-examples",
            "20",
        ],
        capture_output=True,
        text=True,
        cwd=user_file.parent,
    )
    assert result.returncode == 0, result.stderr
    assert "symmetry: not refuted after 20 cases" in result.stdout


ROGUE = textwrap.dedent(
    """
    import sys
    import time

    import numpy as np


    def hit_rate(matrix):
        return float(np.trace(matrix) / matrix.sum())


    def chatty(matrix):
        print("{not json")
        return hit_rate(matrix)


    def exits(matrix):
        if matrix[0, 1] > matrix[1, 0]:
            sys.exit(3)
        return hit_rate(matrix)


    def hangs(matrix):
        if matrix[0, 1] > matrix[1, 0]:
            time.sleep(10_000)
        return hit_rate(matrix)
    """
)


@pytest.fixture
def rogue_file(tmp_path):
    path = tmp_path / "rogue.py"
    path.write_text(ROGUE)
    return path


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--range", "1", "0"], "--range 1 0: expected finite LOW < HIGH"),
        (["--range", "0", "inf"], "--range 0 inf: expected finite LOW < HIGH"),
        (["--seed", "-1"], "--seed -1: expected an integer >= 0"),
        (["--max-examples", "0"], "--max-examples 0: expected an integer >= 1"),
        (["--call-timeout", "-2"], "--call-timeout -2: expected seconds > 0 (0 for no limit)"),
        (["--optimum", "nan"], "--optimum nan: expected a finite number"),
        (["--signature", "gold;system"], "--signature 'gold;system': family oc callables take"),
        (["--claims", "symetry"], "--claims: unknown claim 'symetry'; did you mean 'symmetry'?"),
        (["--expect", "symmetry"], "--expect: --expect item 'symmetry': expected CLAIM=holds"),
        (["--expect", "symmetry=maybe"], "--expect: expectation for claim 'symmetry' must be"),
        (["--undefined", "nans"], "--undefined: undefined='nans': expected 'error', 'nan'"),
        (["--param", "average"], "--param 'average': expected KEY=VALUE"),
        (["--dtype", "floot32"], "--dtype: dtype='floot32': expected one of float64, float32"),
        (["--tolerance", "-1", "0"], "--tolerance -1 0: expected finite ATOL >= 0 and RTOL >= 0"),
        (["--dtype", "float32", "--tolerance", "0", "0"], "--dtype and --tolerance: give one"),
    ],
)
def test_a_bad_flag_is_a_one_line_usage_error_naming_the_flag(user_file, capsys, extra, message):
    status = main(["check", f"{user_file}:distance_error", "--family", "oc", *extra])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"axiometrics check: error: {message}")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("target", "extra", "message"),
    [
        ("{file}:distance_error", [], "--family is required for a callable"),
        ("accuracy", ["--family", "oc"], "--family apply to MODULE:CALLABLE targets only"),
        ("accuracy", ["--undefined", "nan"], "--undefined apply to MODULE:CALLABLE targets only"),
    ],
)
def test_callable_options_misused_are_usage_errors(user_file, capsys, target, extra, message):
    status = main(["check", target.format(file=user_file), *extra])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"axiometrics check: error: {message}")


def test_json_output_stays_valid_when_the_callable_prints(rogue_file, capsys):
    status = main(
        [
            "check",
            f"{rogue_file}:chatty",
            "--family",
            "oc",
            "--claims",
            "symmetry",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    # As many calls as the bounded pass and the random search made: every one printed.
    (note,) = payload["notes"]
    assert re.fullmatch(
        r"callable 'chatty' wrote to stdout/stderr in \d+ call\(s\) \(captured, kept out of "
        r"the report\); first line: '\{not json'",
        note,
    ), note


def test_sys_exit_in_the_callable_is_an_error_verdict_and_exit_status_1(rogue_file, capsys):
    status = main(
        [
            "check",
            f"{rogue_file}:exits",
            "--family",
            "oc",
            "--claims",
            "symmetry",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 1
    assert payload["failed"] is True
    assert payload["failures"] == ["symmetry"]
    (row,) = payload["verdicts"]
    assert row["outcome"] == "error"
    assert "raised SystemExit (exit code 3)" in row["reason"]


def test_call_timeout_turns_a_hang_into_an_error_verdict(rogue_file, capsys):
    status = main(
        [
            "check",
            f"{rogue_file}:hangs",
            "--family",
            "oc",
            "--claims",
            "symmetry",
            "--call-timeout",
            "0.3",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert (
        "symmetry: error: the measure raised (CallTimeoutError: callable 'hangs' did not "
        "return within 0.3 s" in out
    )


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        (["--expect", "imbalance=holds"], 1),  # declared holds, refuted
        (["--expect", "symmetry=holds"], 0),  # declared holds, not refuted
        (["--expect", "symmetry=violated"], 0),  # declared violated, not found: a warning
        (["--expect", "symmetry=violated", "--strict"], 1),  # ... which --strict fails on
        ([], 0),  # nothing declared: the report informs
    ],
)
def test_the_exit_status_agrees_with_check_report_failed(user_file, capsys, extra, status):
    from axiometrics.checker import check
    from axiometrics.cli.check_command import load_callable, parse_expect

    args = ["--claims", "symmetry,imbalance", *extra]
    got = main(
        [
            "check",
            f"{user_file}:distance_error",
            "--family",
            "oc",
            "--lower-is-better",
            *args,
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    expect = parse_expect(extra[1]) if extra else {}
    report = check(
        load_callable(f"{user_file}:distance_error"),
        ["symmetry", "imbalance"],
        family="oc",
        higher_is_better=False,
        expect=expect,
        strict="--strict" in extra,
    )
    assert got == status
    assert report.failed is bool(status)
    assert payload["failed"] is bool(status)


def test_check_report_to_frame_has_one_row_per_claim_and_variant():
    from axiometrics.checker import check
    from axiometrics.checker.verdicts import RECORD_COLUMNS

    report = check("mae_macro", ["ordinal_invariance", "symmetry"])
    frame = report.to_frame()
    assert tuple(frame.columns) == RECORD_COLUMNS
    assert len(frame) == sum(1 + len(r.variants) for r in report.results)
    main_rows = frame[frame["variant"] == "main"].set_index("claim")
    assert main_rows.loc["ordinal_invariance", "outcome"] == "refuted"
    assert main_rows.loc["symmetry", "outcome"] == report.verdict("symmetry").outcome.value
    assert frame["n_cases"].dtype.kind == "i"


def test_the_check_shows_a_progress_bar_over_the_claims_on_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    args = ["check", "accuracy", "--claims", "symmetry,identity", "--max-examples", "5"]
    assert main([*args, "--no-variants"]) == 0
    err = capsys.readouterr().err
    assert "checking claims" in err
    assert "2/2" in err


def test_progress_prints_one_line_per_claim_where_no_bar_is_drawn(capsys):
    args = ["check", "accuracy", "--claims", "symmetry,imbalance", "--max-examples", "5"]
    assert main([*args, "--no-variants", "--progress"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "checking 2 claim(s)"
    assert lines[1].startswith("[1/2] symmetry: not refuted after ")
    assert lines[2].startswith("[2/2] imbalance: refuted (smallest counterexample")
    assert main([*args, "--progress", "--quiet"]) == 2
    assert "--progress and --quiet: give one" in capsys.readouterr().err


def test_quiet_or_a_redirected_standard_error_shows_no_progress_bar(monkeypatch, capsys):
    args = ["check", "accuracy", "--claims", "symmetry", "--max-examples", "5", "--no-variants"]
    assert main(args) == 0
    assert "checking claims" not in capsys.readouterr().err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main([*args, "--quiet"]) == 0
    assert "checking claims" not in capsys.readouterr().err


def test_database_stores_the_counterexample_and_the_next_check_replays_it(tmp_path, capsys):
    args = ["check", "accuracy", "--claims", "ordinal_monotonicity", "--bound", "0"]
    args += ["--no-variants", "--database", str(tmp_path / "db"), "-q"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert "counterexample after 1 cases" not in first
    assert main(args) == 0
    assert "counterexample after 1 cases" in capsys.readouterr().out
    shared = ["check", "accuracy", "--claims", "ordinal_monotonicity", "--bound", "0"]
    shared += ["--no-variants", "--shared-database", str(tmp_path / "db"), "-q"]
    assert main(shared) == 0
    assert "counterexample after 1 cases" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("flag", "make", "message"),
    [
        ("--database", "file", "--database {}: expected a directory, got a file"),
        ("--shared-database", "missing", "--shared-database {}: expected an existing directory"),
    ],
)
def test_a_bad_database_path_is_a_usage_error_naming_the_flag(
    tmp_path, capsys, flag, make, message
):
    path = tmp_path / "x"
    if make == "file":
        path.write_text("", encoding="utf-8")
    assert main(["check", "accuracy", "--claims", "symmetry", flag, str(path)]) == 2
    assert message.format(path) in capsys.readouterr().err
