import argparse
import re

import pytest

from axiometrics.cli import main
from axiometrics.cli.arguments import comma_names, non_negative_int, positive_int, tasks_from_args
from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import Tasks


def test_comma_names_drop_blanks_and_spaces():
    assert comma_names(" a, b,,c ") == ["a", "b", "c"]
    assert comma_names(",") == []


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (positive_int, "0", "expected a positive integer (got '0')"),
        (positive_int, "x", "expected a positive integer (got 'x')"),
        (non_negative_int, "-1", "expected a non-negative integer (got '-1')"),
    ],
)
def test_integer_options_refuse_values_below_their_bound(parse, text, message):
    with pytest.raises(argparse.ArgumentTypeError) as info:
        parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize("command", ["meta", "report"])
def test_a_negative_seed_names_the_flag_and_exits_2(capsys, command):
    assert main([command, "--seed", "-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"axiometrics {command}: error: argument --seed: expected a non-negative integer (got '-1')"
    )


def _where(**flags):
    return argparse.Namespace(**{"jobs": 2, "backend": "local", "scheduler": None, **flags})


def test_the_jobs_backend_and_scheduler_flags_make_one_tasks_object():
    assert tasks_from_args(_where()) == Tasks(jobs=2)
    remote = _where(backend="dask", scheduler="tcp://h:8786")
    assert tasks_from_args(remote) == Tasks(jobs=2, backend="dask", scheduler="tcp://h:8786")


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"backend": "daks"}, "--backend='daks': expected one of local, loky"),
        ({"backend": "daks"}, "did you mean 'dask'?"),
        ({"scheduler": "tcp://h:8786"}, "--scheduler tcp://h:8786: needs --backend dask"),
        ({"backend": "dask", "scheduler": " "}, "--scheduler ' ': expected an address"),
    ],
)
def test_bad_backend_flags_are_refused_naming_the_flag(flags, message):
    with pytest.raises(InvalidParameterError, match=re.escape(message)):
        tasks_from_args(_where(**flags))
