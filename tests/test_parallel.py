"""Where tasks run: local forked workers or a joblib backend, results in the order given."""

from __future__ import annotations

import operator

import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import LOCAL, Tasks

PAIRS = [(k, k + 1) for k in range(7)]
PRODUCTS = [k * (k + 1) for k in range(7)]


@pytest.mark.parametrize("jobs", [1, 3])
def test_local_tasks_yield_the_results_in_the_order_of_their_arguments(jobs):
    assert list(Tasks(jobs=jobs).map(operator.mul, PAIRS)) == PRODUCTS


@pytest.mark.parametrize("backend", ["threading", "loky"])
def test_a_joblib_backend_yields_the_same_results_in_the_same_order(backend):
    assert list(Tasks(jobs=2, backend=backend).map(operator.mul, PAIRS)) == PRODUCTS


def test_a_failing_task_raises_its_own_exception_locally_and_through_joblib():
    for tasks in (Tasks(jobs=2), Tasks(jobs=2, backend="loky")):
        with pytest.raises(ZeroDivisionError):
            list(tasks.map(operator.truediv, [(1, 1), (1, 0), (2, 1)]))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"jobs": 0}, "jobs=0: expected an int >= 1"),
        ({"jobs": True}, "jobs=True: expected an int >= 1"),
        ({"backend": "daks"}, "backend='daks': expected one of local, loky"),
        ({"backend": "daks"}, "did you mean 'dask'?"),
        ({"scheduler": "tcp://127.0.0.1:8786"}, "a scheduler address needs backend='dask'"),
        ({"backend": "dask", "scheduler": " "}, "expected an address such as"),
    ],
)
def test_impossible_options_are_refused_with_the_value_and_what_was_expected(options, message):
    with pytest.raises(InvalidParameterError, match=message.replace("?", r"\?")):
        Tasks(**options)


def test_only_local_single_process_tasks_run_here():
    assert not Tasks().parallel
    assert Tasks().backend == LOCAL
    assert Tasks(jobs=2).parallel
    assert Tasks(backend="threading").parallel
