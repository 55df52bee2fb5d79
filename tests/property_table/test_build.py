"""Building the table: arguments, timings, pickling, worker processes."""

from __future__ import annotations

import pickle

import pytest

from axiometrics.claims import claims_for_family
from axiometrics.errors import InvalidParameterError, UnknownMeasureError
from axiometrics.property_table import build_property_table, render_property_table
from axiometrics.registry import Registry, default_registry


def test_claim_times_are_reported_for_every_claim_checked(small_table):
    seconds = small_table.claim_seconds()
    # Every claim of every family of the measures (accuracy is also nominal).
    families = {
        f for r in small_table.reports for f in default_registry().get(r.measure).measure.families
    }
    assert set(seconds) == {c.name for f in families for c in claims_for_family(f)}
    assert all(s > 0 for s in seconds.values())


def test_building_checks_the_arguments():
    with pytest.raises(UnknownMeasureError):
        build_property_table(measures=["acuracy"], max_examples=5)
    with pytest.raises(InvalidParameterError, match="jobs"):
        build_property_table(measures=["accuracy"], jobs=0)
    with pytest.raises(InvalidParameterError, match="default registry"):
        build_property_table(Registry(), jobs=2)


def test_tables_pickle_for_worker_processes(small_table):
    clone = pickle.loads(pickle.dumps(small_table))
    assert render_property_table(clone, "csv") == render_property_table(small_table, "csv")


def test_worker_processes_give_the_same_table_as_one_process():
    one = build_property_table(measures=["nmd", "accuracy"], max_examples=5, jobs=1)
    two = build_property_table(measures=["nmd", "accuracy"], max_examples=5, jobs=2)
    assert [r.measure for r in two.reports] == ["nmd", "accuracy"]
    assert render_property_table(two, "markdown") == render_property_table(one, "markdown")


def test_every_command_with_jobs_defaults_to_one_worker_per_available_processor(monkeypatch):
    import argparse
    import os

    from axiometrics import parallel
    from axiometrics.checker import profiles
    from axiometrics.cli import compare_command, meta_command, report_command, table_command

    cores = profiles.available_cores()
    assert 1 <= cores <= (os.cpu_count() or 1)
    for name, command in [
        ("table", table_command),
        ("report", report_command),
        ("meta", meta_command),
        ("compare", compare_command),
    ]:
        parser = argparse.ArgumentParser()
        command.add_parser(parser.add_subparsers())
        assert parser.parse_args([name]).jobs == cores
    monkeypatch.setattr(parallel.os, "process_cpu_count", lambda: 3, raising=False)
    assert profiles.available_cores() == 3
    monkeypatch.setattr(parallel.os, "process_cpu_count", lambda: None, raising=False)
    assert profiles.available_cores() == 1


def test_worker_processes_store_counterexamples_that_the_next_table_replays(tmp_path):
    from axiometrics.checker import example_database

    def cases(table):
        return table.verdict("accuracy", "ordinal_monotonicity").n_cases

    db = example_database(tmp_path / "db")
    settings = {"measures": ["accuracy", "mae_macro"], "bound": 0, "max_examples": 25, "jobs": 2}
    first = build_property_table(**settings, database=db)
    assert any(p.is_file() for p in (tmp_path / "db").rglob("*"))
    again = build_property_table(**settings, database=db)
    assert cases(first) > 1
    assert cases(again) == 1
    assert (
        first.verdict("accuracy", "symmetry").outcome
        == again.verdict("accuracy", "symmetry").outcome
    )
