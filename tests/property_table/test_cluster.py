"""The property table on a dask.distributed dask_cluster: the same table, even when a worker dies."""

from __future__ import annotations

import os
import signal

import distributed
import pytest

from axiometrics.parallel import Tasks
from axiometrics.property_table import build_property_table, render_property_table
from axiometrics.property_table.build import check_one

pytestmark = pytest.mark.slow

MEASURES = ["nmd", "accuracy", "mean_squared_error", "roc_auc"]


@pytest.fixture(scope="module")
def local_table():
    return build_property_table(measures=MEASURES, max_examples=10, bound=200, jobs=1)


def test_a_local_cluster_of_two_workers_gives_the_local_table(local_table, dask_cluster):
    remote = build_property_table(
        measures=MEASURES,
        max_examples=10,
        bound=200,
        jobs=2,
        backend="dask",
        scheduler=dask_cluster.scheduler_address,
    )
    assert [r.measure for r in remote.reports] == MEASURES
    assert render_property_table(remote, "markdown") == render_property_table(
        local_table, "markdown"
    )


def test_without_a_scheduler_the_dask_backend_starts_its_own_cluster(local_table):
    remote = build_property_table(
        measures=MEASURES, max_examples=10, bound=200, jobs=2, backend="dask"
    )
    assert render_property_table(remote, "markdown") == render_property_table(
        local_table, "markdown"
    )


def test_a_worker_killed_mid_run_has_its_tasks_rerun_and_the_table_is_the_same(
    local_table, dask_cluster
):
    tasks = Tasks(jobs=2, backend="dask", scheduler=dask_cluster.scheduler_address)
    arguments = [
        (name, "ci", 0, 10, local_table_tolerance(), None, 200, None) for name in MEASURES * 2
    ]
    results = tasks.map(check_one, arguments)
    first = next(results)
    with distributed.Client(dask_cluster.scheduler_address) as client:
        busy = [worker for worker, keys in client.processing().items() if keys]
        pids = client.run(os.getpid)
    assert busy, "no worker was running a check when one was to be killed"
    os.kill(pids[busy[0]], signal.SIGKILL)  # its running check is lost with it
    reports = [first, *results]
    assert [r.measure for r in reports] == MEASURES * 2
    expected = {r.measure: r for r in local_table.reports}
    for report in reports:
        assert _verdicts(report) == _verdicts(expected[report.measure])


def local_table_tolerance():
    from axiometrics.checker.tolerance import Tolerance

    return Tolerance()


def _verdicts(report):
    """Each claim's outcome and counterexample (timings left out)."""
    return [
        (r.claim, r.verdict.outcome, repr(r.verdict.example), [v.outcome for v in r.variants])
        for r in report.results
    ]
