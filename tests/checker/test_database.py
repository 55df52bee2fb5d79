"""Example databases: a local directory, a read-only shared one, or both."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis.database import (
    DirectoryBasedExampleDatabase,
    MultiplexedDatabase,
    ReadOnlyDatabase,
)

from axiometrics.checker import Outcome, check, example_database
from axiometrics.errors import InvalidParameterError


def _files(directory: Path) -> int:
    return sum(1 for p in directory.rglob("*") if p.is_file())


def _refuted_cases(database) -> int:
    verdict = check(
        "accuracy", ["ordinal_monotonicity"], database=database, bound=0, variants=False
    ).verdict("ordinal_monotonicity")
    assert verdict.outcome is Outcome.REFUTED
    return verdict.n_cases


def test_no_directory_means_no_database_so_runs_depend_on_the_seed_alone():
    assert example_database() is None


def test_a_directory_a_shared_directory_or_both_give_the_matching_database(tmp_path):
    assert isinstance(example_database(tmp_path / "local"), DirectoryBasedExampleDatabase)
    assert isinstance(example_database(shared=tmp_path), ReadOnlyDatabase)
    assert isinstance(example_database(tmp_path / "local", shared=tmp_path), MultiplexedDatabase)


def test_a_file_or_a_missing_shared_directory_is_refused_with_the_argument_named(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    with pytest.raises(InvalidParameterError, match=r"directory='.*notes.txt': expected"):
        example_database(a_file)
    with pytest.raises(InvalidParameterError, match=r"shared='.*missing': expected an existing"):
        example_database(shared=tmp_path / "missing")


def test_a_shared_directory_replays_another_runs_counterexample_and_stays_untouched(tmp_path):
    found_elsewhere = tmp_path / "worker"
    first = _refuted_cases(example_database(found_elsewhere))
    assert first > 1
    stored = _files(found_elsewhere)
    assert stored > 0
    local = tmp_path / "here"
    assert _refuted_cases(example_database(local, shared=found_elsewhere)) == 1
    assert _files(found_elsewhere) == stored  # read only
    assert _refuted_cases(example_database(shared=found_elsewhere)) == 1
