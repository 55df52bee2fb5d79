from __future__ import annotations

import json
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
    ("target", "extra", "message"),
    [
        ("{dir}/missing.py:f", ["--family", "oc"], "no such file"),
        ("{file}:distance_eror", ["--family", "oc"], "did you mean 'distance_error'"),
        ("{file}:needs_three", ["--family", "oc"], r"my_measures.py:\d+ has signature"),
        ("{file}:divides_by_zero", ["--family", "oc"], r"ZeroDivisionError.*my_measures.py:\d+"),
        ("{file}:distance_error", [], "--family is required"),
        ("no_such_module_xyz:f", ["--family", "oc"], "no module named"),
        ("accuracy", ["--family", "oc"], "apply to MODULE:CALLABLE targets only"),
    ],
)
def test_bad_targets_fail_with_a_message_that_points_at_the_problem(
    user_file, tmp_path, capsys, target, extra, message
):
    target = target.format(dir=tmp_path, file=user_file)
    status = main(["check", target, *extra])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("axiometrics check: error:")
    assert __import__("re").search(message, err), err


def test_a_file_that_fails_to_import_reports_its_line(tmp_path, capsys):
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
