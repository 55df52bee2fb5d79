"""The meta-evaluation and the resampling tests on a dask.distributed dask_cluster: the same numbers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from axiometrics import meta
from axiometrics.parallel import Tasks
from axiometrics.stats import compare

pytestmark = pytest.mark.slow

SETTINGS = {"seed": 7, "trials": 600, "B": 1500}


def test_a_local_cluster_of_two_workers_gives_the_meta_evaluation_of_one_process(
    dask_cluster, blocks_always
):
    here = meta.run(**SETTINGS)
    tasks = Tasks(jobs=2, backend="dask", scheduler=dask_cluster.scheduler_address)
    there = meta.run(**SETTINGS, tasks=tasks)
    assert len(blocks_always) == 5
    assert min(blocks_always) >= 2
    pd.testing.assert_frame_equal(here.to_frame(), there.to_frame(), check_exact=True)
    for x, y in zip(here.consistency, there.consistency, strict=True):
        assert np.array_equal(x.taus, y.taus)
        assert np.array_equal(x.tukey.p_values, y.tukey.p_values)
    assert np.array_equal(here.discriminative.p_values, there.discriminative.p_values)


@pytest.mark.parametrize("test", ["randomisation", "bootstrap", "tukey"])
def test_a_local_cluster_gives_the_resampling_tests_of_one_process(
    dask_cluster, blocks_always, test
):
    scores = np.random.default_rng(2).normal(size=(30, 6)) + np.linspace(0.0, 0.5, 6)
    tasks = Tasks(jobs=2, backend="dask", scheduler=dask_cluster.scheduler_address)
    here = compare(scores, test=test, trials=3000, seed=1)
    there = compare(scores, test=test, trials=3000, seed=1, tasks=tasks)
    assert blocks_always[0] >= 2
    assert here.to_frame().equals(there.to_frame())
