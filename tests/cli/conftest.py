"""Fixtures of the command-line tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from axiometrics.catalogues import isolated_catalogues
from axiometrics.family import Family, get_family, register_family


@pytest.fixture
def toy_family() -> Iterator[Callable[..., Family]]:
    """Register toy families for one test: ``toy_family(name, **fields) -> Family``.

    A toy family takes confusion matrices like ``oc`` (its ``prepare`` and
    ``coerce``), with no reader or label collections unless ``fields`` give
    them; it is registered in a copy of the catalogues, dropped after the test.
    """
    with isolated_catalogues():

        def register(name: str = "toy", **fields: Any) -> Family:
            oc = get_family("oc")
            family = Family(name, f"Toy family {name}", oc.inputs, oc.prepare, coerce=oc.coerce)
            return register_family(dataclasses.replace(family, **fields), plugin="tests")

        yield register


@pytest.fixture
def outputs_on_any_jobs(capsys: pytest.CaptureFixture[str]) -> Callable[[list[str]], list[str]]:
    """``run(argv) -> [stdout]`` of ``argv`` with one job, two jobs and two threads (status 0)."""
    from axiometrics.cli import main

    def run(argv: list[str]) -> list[str]:
        outputs = []
        for where in (["--jobs", "1"], ["--jobs", "2"], ["--jobs", "2", "--backend", "threading"]):
            assert main([*argv, *where]) == 0
            outputs.append(capsys.readouterr().out)
        return outputs

    return run
