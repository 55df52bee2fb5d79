"""The family of LabelRuns and DistributionRuns comes from the families' label_collections hook."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from axiometrics.catalogues import isolated_catalogues
from axiometrics.errors import DataFileError, RegistrationError
from axiometrics.family import get_family, register_family, registered_families
from axiometrics.io import runs as runs_module
from axiometrics.io.runs import (
    DISTRIBUTION_RUNS,
    LABEL_RUNS,
    DistributionRuns,
    LabelRuns,
    SystemRuns,
    default_run_family,
    run_file_families,
    runs_family,
)

SCALE = [-2, -1, 0, 1, 2]


def label_runs() -> LabelRuns:
    return LabelRuns.from_arrays([[-2, 0, 2], [1, 1, -1]], [[[-2, 0, 1], [1, 0, -1]]], scale=SCALE)


def first_with(runs: str) -> str:
    return next(
        f.name
        for f in registered_families()
        if f.label_collections is not None and f.label_collections.runs == runs
    )


@pytest.fixture
def label_family_ranked_first():
    """A copy of ``oc`` named ``toy`` (label collections as label runs), ranked before all.

    Registered in a copy of the catalogues, dropped after the test.
    """
    with isolated_catalogues():
        first = min(f.rank for f in registered_families())
        yield register_family(
            dataclasses.replace(get_family("oc"), name="toy", title="Toy", rank=first - 1),
            plugin="tests",
        )


def test_the_runs_family_is_the_first_family_loading_such_runs():
    runs = label_runs()
    assert runs.family == runs_family(LABEL_RUNS) == first_with(LABEL_RUNS) == "oc"
    distributions = runs.to_distribution_runs()
    assert distributions.family == runs_family(DISTRIBUTION_RUNS) == "oq"
    assert distributions.family == first_with(DISTRIBUTION_RUNS)


def test_a_family_ranked_first_with_the_hook_becomes_the_runs_family(label_family_ranked_first):
    runs = label_runs()
    assert runs.family == "toy"
    assert runs.to_distribution_runs().family == "oq"


def test_no_family_loading_such_runs_is_a_clear_registration_error(monkeypatch):
    others = tuple(f for f in registered_families() if f.label_collections is None)
    monkeypatch.setattr(runs_module, "registered_families", lambda: others)
    runs = label_runs()
    with pytest.raises(RegistrationError, match=r"runs='labels': no registered family has "):
        _ = runs.family
    with pytest.raises(RegistrationError, match=r"label_collections.runs='distributions'"):
        runs_family(DISTRIBUTION_RUNS)


def test_the_family_is_a_readable_attribute_that_survives_pickling_and_copies():
    runs = label_runs()
    assert isinstance(runs, SystemRuns)
    assert isinstance(runs.to_distribution_runs(), SystemRuns)
    for twin in (pickle.loads(pickle.dumps(runs)), copy.deepcopy(runs), copy.copy(runs)):
        assert twin.family == "oc"
        assert twin.systems == runs.systems
    assert "family" not in {f.name for f in dataclasses.fields(LabelRuns)}
    assert "family" not in {f.name for f in dataclasses.fields(DistributionRuns)}
    with pytest.raises(AttributeError):
        runs.family = "oq"


def test_distribution_runs_name_their_own_family_when_refusing_label_measures(
    label_family_ranked_first,
):
    runs = label_runs().to_distribution_runs()
    with pytest.raises(DataFileError, match=r"family='toy' need per-item labels.*\(family 'oq'\)"):
        runs.scorer_inputs("toy")


def test_the_families_reading_run_files_are_those_with_a_reader_in_rank_order():
    readers = tuple(f.name for f in registered_families() if f.read_runs is not None)
    assert run_file_families() == readers
    assert default_run_family() == readers[0] == "oc"


def test_no_family_reading_run_files_is_a_clear_registration_error(monkeypatch):
    monkeypatch.setattr(runs_module, "registered_families", lambda: ())
    assert run_file_families() == ()
    with pytest.raises(RegistrationError, match=r"no registered family has a read_runs hook"):
        default_run_family()
