"""The user's files as the report's data set: the family, the scale and the runs' shape."""

from __future__ import annotations

import pandas as pd
import pytest

from axiometrics.cli.run_command import EXAMPLE_RUNS, example_path
from axiometrics.errors import InvalidParameterError
from axiometrics.io.runs import default_run_family
from axiometrics.report.stability import file_datasets, runs_dataset


def test_files_without_a_family_are_read_as_the_default_run_file_family():
    runs = [str(example_path(r)) for r in EXAMPLE_RUNS]
    (dataset,) = file_datasets(gold=str(example_path("gold")), runs=runs, scores=None)
    assert dataset.family == default_run_family() == "oc"
    assert dataset.key == "user-oc"
    assert dataset.data.family == "oc"
    assert dataset.description.endswith("and 4 run files (OC)")


def test_a_family_sharing_the_inputs_reads_its_files_with_its_own_reader():
    runs = [str(example_path(r)) for r in EXAMPLE_RUNS]
    (dataset,) = file_datasets(
        gold=str(example_path("gold")), runs=runs, scores=None, family="nominal"
    )
    assert (dataset.family, dataset.title) == ("nominal", "Your data (Nominal classification)")
    assert dataset.data.systems == tuple(f"example_{r}" for r in EXAMPLE_RUNS)


def test_a_score_file_of_several_families_is_shown_under_the_default_run_file_family(tmp_path):
    rows = [
        {"topic": t, "system": s, "measure": m, "score": float(i + j)}
        for i, t in enumerate(("t1", "t2"))
        for j, s in enumerate(("a", "b"))
        for m in ("mae_macro", "nmd")
    ]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    (dataset,) = file_datasets(gold=None, runs=None, scores=str(path))
    assert dataset.family == default_run_family()


def test_runs_without_a_topic_system_batch_are_refused():
    with pytest.raises(InvalidParameterError, match=r"family='scored': its reader gives list"):
        runs_dataset("scored", [], "gold g.tsv and 2 run files")
