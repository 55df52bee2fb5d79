"""Shared test configuration: Hypothesis settings profiles and the order of the tests.

``ci`` (selected when the ``CI`` environment variable is set) is
derandomized so CI runs are reproducible; ``dev`` is the default;
``thorough`` runs many more examples.  Select one with
``HYPOTHESIS_PROFILE=<name>``.

The modules that hold a ``slow`` test run first (each module kept whole),
the longest first: ``pytest.mark.slow(seconds=N)`` states a test's rough
duration on the 2-core CI machine (``slow`` alone counts as 0).  With
``--dist worksteal`` the long tests start while the other worker still has
short ones to take, and the two workers end together instead of one waiting
on a long module dispatched last.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the modules with a ``slow`` test first, longest first; keep every module whole."""
    longest: dict[object, float] = {}
    for item in items:
        marker = item.get_closest_marker("slow")
        if marker is not None:
            seconds = float(marker.kwargs.get("seconds", 0))
            longest[item.path] = max(longest.get(item.path, 0.0), seconds)
    # Stable: modules stay contiguous and keep their collection order among equals.
    items.sort(key=lambda item: (item.path not in longest, -longest.get(item.path, 0.0)))


@pytest.fixture(scope="session")
def fast_report_args() -> tuple[str, ...]:
    """Options for a small, fast ``axiometrics report``: few cases, trials and draws, one job."""
    return (
        "--max-examples", "10", "--trials", "20", "--B", "100",
        "--jobs", "1", "--seed", "3", "--data", "synthetic", "-q",
    )  # fmt: skip


@pytest.fixture(scope="module")
def dask_cluster():
    """A ``dask.distributed.LocalCluster`` of 2 single-threaded worker processes.

    One per module, closed after it: a cluster's threads in the test process
    would otherwise allocate during later tests' memory measurements.
    """
    import distributed

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as running:
        yield running


@pytest.fixture
def blocks_always(monkeypatch):
    """Cut resampling into blocks however little work there is; count the blocks mapped.

    Yields a list that holds the number of argument tuples of every
    ``Tasks.map`` call made while the fixture is active, so a test can check
    that its blocks really ran as tasks.
    """
    from axiometrics.parallel import Tasks
    from axiometrics.stats import blocks

    monkeypatch.setattr(blocks, "MIN_PARALLEL_OPERATIONS", 0)
    mapped: list[int] = []
    real_map = Tasks.map

    def counting_map(self, function, arguments):
        items = list(arguments)
        mapped.append(len(items))
        return real_map(self, function, items)

    monkeypatch.setattr(Tasks, "map", counting_map)
    return mapped
