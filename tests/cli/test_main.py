"""The command line's global rules: exit statuses, one-line errors, signals, pipes, atomic writes."""

import os
import resource
import signal
import subprocess
import sys

import numpy as np
import pytest

from axiometrics.cli import main

COMMAND = [sys.executable, "-m", "axiometrics"]


def test_an_unknown_command_is_a_one_line_usage_error(capsys):
    assert main(["bogus"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("axiometrics: error: argument COMMAND: invalid choice: 'bogus'")
    assert err.endswith(" (see 'axiometrics --help')\n")


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "usage: axiometrics" in capsys.readouterr().out


def test_an_unexpected_exception_is_one_line_naming_it_a_bug(monkeypatch, capsys):
    from axiometrics.cli import list_command

    def broken(family=None):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(list_command, "measures_frame", broken)
    monkeypatch.delenv("AXIOMETRICS_DEBUG", raising=False)
    assert main(["list"]) == 1
    assert capsys.readouterr().err == (
        "axiometrics list: internal error: ZeroDivisionError: division by zero (a bug: please "
        "report it; set AXIOMETRICS_DEBUG=1 to see the traceback)\n"
    )
    monkeypatch.setenv("AXIOMETRICS_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["list"])


def test_ctrl_c_during_a_long_command_exits_130_with_one_line():
    with subprocess.Popen(
        [*COMMAND, "table", "--progress"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        first = process.stderr.readline()  # the first measure is checked: we are mid-command
        assert first.startswith("checked ")
        process.send_signal(signal.SIGINT)
        rest = process.stderr.read()
        status = process.wait(timeout=60)
    assert status == 130
    assert rest.splitlines()[-1] == "axiometrics table: interrupted"
    assert "Traceback" not in rest


def test_a_closed_pipe_ends_the_command_silently():
    # The CSV output (~100 kB) is larger than a pipe's buffer, so the write hits the closed pipe.
    result = subprocess.run(
        f"{' '.join(COMMAND)} run --format csv | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
    )
    assert (
        result.stdout
        == "family,topic,system,measure,score,status,aggregate,n_defined,n_topics,higher_is_better\n"
    )
    assert result.stderr == ""


def _limit_file_size(limit):
    def preexec():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--format", "csv"],
        ["run", "--format", "json"],
        ["meta", "--trials", "5", "--B", "10", "--analyses", "similarity", "--format", "json"],
    ],
)
def test_a_full_disk_leaves_the_previous_output_file_intact(tmp_path, argv):
    out = tmp_path / "out.txt"
    out.write_text("the previous, good result\n")
    result = subprocess.run(
        [*COMMAND, *argv, "-o", str(out)],
        capture_output=True,
        text=True,
        preexec_fn=_limit_file_size(20_000),
        cwd=tmp_path,
    )
    assert result.returncode == 1
    assert result.stderr == (
        f"axiometrics {argv[0]}: error: could not write {out}: File too large; the previous file "
        "is unchanged\n"
    )
    assert out.read_text() == "the previous, good result\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # no temporary file left


def test_an_unwritable_destination_is_a_one_line_error(tmp_path, capsys):
    target = tmp_path / "missing" / "out.csv"
    assert main(["list", "--format", "csv", "-o", str(target)]) == 1
    assert capsys.readouterr().err == (
        f"axiometrics list: error: could not write {target}: No such file or directory; the "
        "previous file is unchanged\n"
    )
    assert not os.path.exists(target)


def _registered(module_name):
    """``(name, help)`` of the subparser that ``module_name.add_parser`` registers."""
    import argparse
    import importlib

    subparsers = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module_name).add_parser(subparsers)
    (action,) = subparsers._choices_actions
    return action.dest, action.help


def test_every_available_command_module_registers_the_name_and_help_of_its_table_row():
    import importlib.util

    from axiometrics.cli import COMMANDS

    available = [c for c in COMMANDS if importlib.util.find_spec(c.module) is not None]
    assert {"report", "run", "list", "score", "meta", "check", "table"} <= {
        c.name for c in available
    }
    for command in available:
        assert _registered(command.module) == (command.name, command.help)


def test_help_lists_every_command_of_the_table_in_order(capsys):
    from axiometrics.cli import COMMANDS

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    positions = [out.find(f"\n    {c.name}") for c in COMMANDS]
    assert -1 not in positions
    assert positions == sorted(positions)
    assert all(c.help.split()[0] in out for c in COMMANDS)


def test_a_command_help_shows_its_full_options(capsys):
    assert main(["score", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: axiometrics score")
    assert "--gold FILE" in out
    assert "--per-topic" in out


def test_a_command_whose_module_cannot_be_imported_is_a_one_line_internal_error(
    monkeypatch, capsys
):
    from axiometrics import cli

    missing = cli.Command("ghost", "a command whose module is missing", "axiometrics.cli.ghost")
    monkeypatch.setattr(cli, "COMMANDS", (*cli.COMMANDS, missing))
    monkeypatch.delenv("AXIOMETRICS_DEBUG", raising=False)
    assert main(["ghost"]) == 1
    assert capsys.readouterr().err == (
        "axiometrics ghost: internal error: ModuleNotFoundError: No module named "
        "'axiometrics.cli.ghost' (a bug: please report it; set AXIOMETRICS_DEBUG=1 to see the "
        "traceback)\n"
    )
    monkeypatch.setenv("AXIOMETRICS_DEBUG", "1")
    with pytest.raises(ModuleNotFoundError):
        main(["ghost"])


def test_an_unknown_command_lists_every_command_of_the_table(capsys):
    from axiometrics.cli import COMMANDS

    assert main(["bogus"]) == 2
    err = capsys.readouterr().err
    assert "(choose from " + ", ".join(repr(c.name) for c in COMMANDS) + ")" in err


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        ("-inf", "1", [-np.inf, 1.0]),
        ("-1e300", "-2", [-1e300, -2.0]),
        ("-0.5", "inf", [-0.5, np.inf]),
    ],
)
def test_negative_infinite_and_exponent_values_are_read_as_numbers_not_options(low, high, expected):
    from axiometrics.cli import build_parser

    args = build_parser("check").parse_args(
        ["check", "user.py:r2", "--family", "regression", "--range", low, high]
    )
    assert args.range == expected


def test_an_option_after_a_valued_flag_is_still_an_option(capsys):
    assert main(["check", "user.py:r2", "--range", "-1", "--quiet"]) == 2
    assert "--range: expected 2 argument" in capsys.readouterr().err
