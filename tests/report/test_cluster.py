"""The report built and drawn on other backends: the same bytes as the report built here.

Every task of the report (each measure's claim checks, the user's measure's
checks, each data set's meta-evaluation, each chart) runs on the chosen
backend; a measure loaded from a file reaches workers that never imported it
(loky's and the cluster's start fresh) as code.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import pytest

from axiometrics.loading import FILE_MODULE_PREFIX
from axiometrics.report import (
    MetaSettings,
    ReportSettings,
    build_report,
    default_datasets,
    load_user_measure,
    render_files,
)
from axiometrics.report.build import Report

pytestmark = pytest.mark.slow

MEASURES = ["mae_macro", "accuracy", "nmd"]


def _without_provenance(report: Report) -> str:
    model = dict(report.model)
    model.pop("provenance")
    return json.dumps(model, sort_keys=True)


@pytest.fixture(scope="module")
def settings(my_measure_file):
    user = load_user_measure(f"{my_measure_file}:my_mae", family="oc", higher_is_better=False)
    return ReportSettings(
        measures=MEASURES,
        user_measures=[user],
        datasets=default_datasets(["synthetic", "synthetic_scored"]),
        max_examples=10,
        bound=100,
        seed=3,
        meta=MetaSettings(seed=3, trials=20, B=100),
        jobs=1,
    )


@pytest.fixture(scope="module")
def here(settings):
    report = build_report(settings)
    return report, render_files(report, jobs=1)


def _same_files(there: dict[str, str], here: dict[str, str]) -> None:
    assert there.keys() == here.keys()
    for name in there:
        if name == "report.json":
            continue  # its provenance differs; the model is compared without it
        if name == "property-table.md":
            assert (
                there[name].split("\n## Provenance\n")[0]
                == here[name].split("\n## Provenance\n")[0]
            )
        elif name == "index.html":
            marker = "<!-- provenance:start -->"
            assert there[name].split(marker)[0] == here[name].split(marker)[0]
        else:
            assert there[name] == here[name], name


def test_the_user_measure_under_test_was_loaded_from_a_file(settings):
    module = settings.user_measures[0].func.__module__
    assert module.startswith(FILE_MODULE_PREFIX)
    assert module in sys.modules


def test_loky_workers_build_the_report_built_here_from_a_measure_loaded_from_a_file(settings, here):
    report, files = here
    loky = replace(settings, jobs=2, backend="loky")
    there = build_report(loky)
    assert there.model["meta"][0]["user_measures"] == ["my_mae"]
    assert _without_provenance(there) == _without_provenance(report)
    _same_files(render_files(there, jobs=2, backend="loky"), files)


def test_a_local_cluster_of_two_workers_builds_and_draws_the_report_built_here(
    settings, here, dask_cluster
):
    report, files = here
    address = dask_cluster.scheduler_address
    remote = replace(settings, jobs=2, backend="dask", scheduler=address)
    there = build_report(remote)
    assert _without_provenance(there) == _without_provenance(report)
    _same_files(render_files(there, jobs=2, backend="dask", scheduler=address), files)


def test_forked_local_workers_build_the_report_built_here(settings, here):
    report, files = here
    there = build_report(replace(settings, jobs=2))
    assert _without_provenance(there) == _without_provenance(report)
    _same_files(render_files(there, jobs=2), files)


def test_the_report_command_on_dask_starts_one_cluster_and_writes_the_report_of_one_job(
    tmp_path, monkeypatch, fast_report_args, my_measure_file
):
    import distributed

    from axiometrics.cli import main

    started = []
    original = distributed.LocalCluster

    def counted(*args, **kwargs):
        started.append(kwargs.get("n_workers"))
        return original(*args, **kwargs)

    monkeypatch.setattr(distributed, "LocalCluster", counted)
    monkeypatch.chdir(tmp_path)
    common = [
        "report", "--measure", f"{my_measure_file}:my_mae", "--family", "oc", "--lower-is-better",
        "--measures", "mae_macro,nmd", *fast_report_args,
    ]  # fmt: skip
    assert main([*common, "-o", "one"]) == 0
    assert main([*common, "-o", "dask", "--jobs", "2", "--backend", "dask"]) == 0
    assert started == [2]  # claims, user checks, data sets and charts on one cluster
    for name in ("stability.html", "counterexamples.html"):
        assert (tmp_path / "dask" / name).read_text(encoding="utf-8") == (
            tmp_path / "one" / name
        ).read_text(encoding="utf-8")
    one = json.loads((tmp_path / "one" / "report.json").read_text(encoding="utf-8"))
    there = json.loads((tmp_path / "dask" / "report.json").read_text(encoding="utf-8"))
    assert there["provenance"]["command"].endswith("--jobs 2 --format html --output-dir dask")
    assert "--backend dask" in there["provenance"]["command"]
    for model in (one, there):
        model.pop("provenance")
    assert there == one
