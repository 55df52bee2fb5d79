"""Loading a user's measure for the report."""

from __future__ import annotations

import html
import json

import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.report import load_user_measure

SOURCE = '''
def my_gap(matrix):
    """How far the system is from the gold, on average."""
    return 0.0


def accuracy(matrix):
    return 1.0


def scaled_gap(matrix, scale=1.0):
    return 0.0
'''


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "measures.py"
    path.write_text(SOURCE, encoding="utf-8")
    return path


def test_a_callable_is_loaded_with_its_name_docstring_and_location(source):
    user = load_user_measure(f"{source}:my_gap", family="oc", higher_is_better=False)
    assert user.name == "my_gap"
    assert user.title == "my_gap"
    assert user.doc == "How far the system is from the gold, on average."
    assert user.location == f"{source}:2"
    assert user.scorer.measure.higher_is_better is False
    assert user.scorer([[2, 0], [0, 2]]) == 0.0


def test_a_callable_named_like_a_registered_measure_is_refused(source):
    with pytest.raises(InvalidParameterError) as info:
        load_user_measure(f"{source}:accuracy", family="oc")
    assert str(info.value) == (
        f"measure={f'{source}:accuracy'!r} is named 'accuracy', which is a registered measure; "
        "rename the function so the report can show both"
    )


def test_a_bad_signature_is_refused_when_loading(source):
    with pytest.raises(InvalidParameterError, match="signature='labels'"):
        load_user_measure(f"{source}:my_gap", family="oc", signature="labels")


def test_the_report_counts_only_the_data_sets_a_users_measure_was_meta_evaluated_on(
    tmp_path, capsys, fast_report_args
):
    from axiometrics.cli import main

    path = tmp_path / "my.py"
    path.write_text(
        "import numpy as np\n\n\ndef my_mae(matrix):\n"
        "    i, j = np.indices(matrix.shape)\n"
        "    return float((matrix * np.abs(i - j)).sum() / matrix.sum())\n",
        encoding="utf-8",
    )
    out = tmp_path / "reports"
    # An OC measure beside two others: the synthetic OQ data set has no OQ measure to compare.
    argv = ["report", "--measure", f"{path}:my_mae", "--family", "oc", "--lower-is-better"]
    argv += ["--measures", "mae_macro,accuracy", "-o", str(out), *fast_report_args]
    argv += ["--dtype", "float32"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "meta-evaluated on 1 data set(s) (1 skipped: fewer than two measures take" in err
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "meta-evaluated on 1 data set(s): how it ranks systems" in page
    assert "<dt>meta-evaluated on</dt><dd>1 data set(s): synthetic-oc</dd>" in page
    # The precision it was declared with is stated, and replayed by its check command.
    rule = "|a - b| <= 1e-06 + 1e-05 * max(|a|, |b|) (float32, declared)"
    assert f"<dt>scores compared by</dt><dd><code>{html.escape(rule)}</code></dd>" in page
    model = json.loads((out / "report.json").read_text(encoding="utf-8"))
    (user,) = [m for m in model["measures"] if m["user"]]
    assert user["tolerance"] == rule
    replays = [x["reproduce"] for x in model["refutations"] if x["user"]]
    assert replays
    assert all("--dtype float32" in line for line in replays)


def test_the_check_command_of_a_users_measure_carries_every_option_it_was_reported_with(source):
    import argparse
    import shlex

    from axiometrics.cli import check_command, report_command
    from axiometrics.cli.user_measure_arguments import user_measures_from_args
    from axiometrics.report.build import _user_command

    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    check_command.add_parser(commands)
    report_command.add_parser(commands)
    options = [
        "--family", "oc", "--lower-is-better", "--optimum", "0", "--range", "0", "10",
        "--expect", "symmetry=violated,imbalance=holds", "--param", "scale=2.5",
        "--undefined", "raise:ZeroDivisionError,ValueError", "--real-labels",
        "--call-timeout", "3", "--dtype", "float32",
    ]  # fmt: skip
    reported = parser.parse_args(["report", "--measure", f"{source}:scaled_gap", *options])
    (user,) = user_measures_from_args(reported)
    argv = shlex.split(_user_command(user))
    assert argv[:3] == ["axiometrics", "check", f"{source}:scaled_gap"]
    checked = parser.parse_args(argv[1:])
    again = check_command._validate(checked, is_callable=True)
    spec_options = {k: v for k, v in again.items() if k != "claims"}
    assert spec_options == dict(user.options)
    assert checked.lower_is_better is True
