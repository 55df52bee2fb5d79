"""The options of a bare callable, shared by ``check`` and ``report --measure``."""

from __future__ import annotations

import argparse

import pytest

from axiometrics.cli.callable_arguments import (
    add_callable_arguments,
    add_precision_arguments,
    callable_options,
    given_callable_flags,
    parse_params,
    precision_options,
)
from axiometrics.errors import InvalidParameterError


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_callable_arguments(parser)
    return parser.parse_args(list(argv))


def test_a_zero_optimum_counts_as_given():
    assert given_callable_flags(_parse("--optimum", "0")) == ["--optimum"]
    assert given_callable_flags(_parse()) == []
    flags = given_callable_flags(_parse("--param", "a=1", "--real-labels", "--range", "0", "1"))
    assert flags == ["--range", "--param", "--real-labels"]


def test_the_flags_become_the_spec_options():
    args = _parse("--optimum", "1", "--range", "0", "1", "--param", "average='macro'")
    options = callable_options(args, "oc")
    assert options["optimum"] == 1.0
    assert options["score_range"] == (0.0, 1.0)
    assert options["params"] == {"average": "macro"}
    assert options["integer_labels"] is True
    assert options["expect"] == {}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--optimum", "inf"], "--optimum inf: expected a finite number"),
        (["--range", "1", "1"], "--range 1 1: expected finite LOW < HIGH"),
        (["--expect", "symmetry"], "--expect: --expect item 'symmetry': expected CLAIM=holds"),
        (["--undefined", "sometimes"], "--undefined: "),
        (["--call-timeout", "-1"], "--call-timeout -1: expected seconds > 0"),
    ],
)
def test_a_bad_value_is_refused_naming_its_flag(argv, message):
    with pytest.raises(InvalidParameterError, match=message.replace("(", r"\(")):
        callable_options(_parse(*argv), "oc")


def test_a_parameter_is_a_literal_when_it_reads_as_one_else_text():
    assert parse_params(["k=3", "name=macro", "pair=(1, 2)"]) == {
        "k": 3,
        "name": "macro",
        "pair": (1, 2),
    }
    with pytest.raises(InvalidParameterError, match=r"--param '3=x': expected KEY=VALUE"):
        parse_params(["3=x"])


def _parse_precision(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_precision_arguments(parser)
    return parser.parse_args(list(argv))


def test_the_precision_flags_become_a_dtype_or_a_declared_tolerance():
    assert precision_options(_parse_precision()) == {"dtype": None, "tolerance": None}
    assert precision_options(_parse_precision("--dtype", "float16"))["dtype"] == "float16"
    tolerance = precision_options(_parse_precision("--tolerance", "1e-6", "1e-5"))["tolerance"]
    assert (tolerance.atol, tolerance.rtol, tolerance.origin) == (1e-6, 1e-5, "declared")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dtype", "float31"], "--dtype: dtype='float31': expected one of"),
        (["--tolerance", "nan", "0"], "--tolerance nan 0: expected finite ATOL >= 0"),
        (["--dtype", "float32", "--tolerance", "0", "0"], "--dtype and --tolerance: give one"),
    ],
)
def test_a_bad_precision_is_refused_naming_its_flag(argv, message):
    with pytest.raises(InvalidParameterError, match=message):
        precision_options(_parse_precision(*argv))
