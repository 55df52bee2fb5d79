"""The meta-evaluation's blocks of trials on the task layer: every number as in one process."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from axiometrics import meta
from axiometrics.errors import InvalidParameterError
from axiometrics.meta.consistency import consistency_taus, topic_splits
from axiometrics.parallel import Tasks

SETTINGS = {"seed": 3, "trials": 600, "B": 1200, "splits": ("full", 10)}


@pytest.fixture(scope="module")
def here():
    return meta.run(**SETTINGS)


def _same(a: meta.MetaEvaluation, b: meta.MetaEvaluation) -> None:
    pd.testing.assert_frame_equal(a.to_frame(), b.to_frame(), check_exact=True)
    assert len(a.consistency) == len(b.consistency) == 2
    for x, y in zip(a.consistency, b.consistency, strict=True):
        assert np.array_equal(x.taus, y.taus)
        assert np.array_equal(x.tukey.p_values, y.tukey.p_values)
    assert np.array_equal(a.discriminative.p_values, b.discriminative.p_values)
    assert a.settings == b.settings


@pytest.mark.parametrize(
    "tasks", [Tasks(jobs=2), Tasks(jobs=3, backend="threading")], ids=["local", "threading"]
)
def test_the_meta_evaluation_on_tasks_gives_the_numbers_of_one_process(here, tasks, blocks_always):
    _same(here, meta.run(**SETTINGS, tasks=tasks))
    # Two split kinds (taus and Tukey test each) and discriminative power, all in blocks.
    assert len(blocks_always) == 5
    assert min(blocks_always) >= 2


def test_consistency_taus_in_blocks_are_the_taus_of_one_pass(here, blocks_always):
    scores = here.scores
    first, second = topic_splits(len(scores.topics), trials=1000, split=10, seed=1)
    alone = consistency_taus(scores, first, second)
    blocked = consistency_taus(scores, first, second, tasks=Tasks(jobs=3, backend="threading"))
    assert blocks_always[0] >= 2
    assert np.array_equal(alone, blocked)


def test_tasks_that_are_not_a_tasks_object_are_refused_before_any_work():
    with pytest.raises(InvalidParameterError, match=r"tasks=4: expected an axiometrics.parallel"):
        meta.run(tasks=4)
