"""Where tasks run: local forked workers or a joblib backend, results in the order given."""

from __future__ import annotations

import operator

import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import LOCAL, Tasks, checked_tasks

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


def test_opening_tasks_without_a_cluster_to_start_gives_them_back_unchanged():
    for tasks in (Tasks(jobs=2), Tasks(jobs=2, backend="loky")):
        with tasks.opened() as running:
            assert running is tasks


def test_an_opened_dask_backend_serves_every_map_from_one_cluster_closed_on_leaving():
    import distributed

    with Tasks(jobs=2, backend="dask").opened() as running:
        assert running.backend == "dask"
        assert running.scheduler is not None
        assert list(running.map(operator.add, [(1, 2), (3, 4)])) == [3, 7]
        assert list(running.map(operator.neg, [(5,)])) == [-5]
        address = running.scheduler
    with pytest.raises(OSError, match="Timed out trying to connect"):  # the cluster is gone
        distributed.Client(address, timeout="1s")


def test_checked_tasks_names_the_argument_and_what_was_expected():
    assert checked_tasks(None) is None
    tasks = Tasks(jobs=2)
    assert checked_tasks(tasks) is tasks
    with pytest.raises(InvalidParameterError, match=r"tasks=4: expected an axiometrics"):
        checked_tasks(4)


def _call(function, value):
    return function(value)


@pytest.mark.parametrize("jobs", [1, 3])
def test_forked_workers_inherit_arguments_the_standard_pickle_cannot_send(jobs):
    offset = 10
    closures = [(lambda x, k=k: x * k + offset, k) for k in range(5)]  # lambdas do not pickle
    assert list(Tasks(jobs=jobs).map_inherited(_call, closures)) == [
        k * k + offset for k in range(5)
    ]


def test_inherited_arguments_are_forgotten_after_the_run_even_when_a_task_fails():
    from axiometrics import parallel

    assert list(Tasks(jobs=2).map_inherited(operator.mul, PAIRS)) == PRODUCTS
    with pytest.raises(ZeroDivisionError):
        list(Tasks(jobs=2).map_inherited(operator.truediv, [(1, 1), (1, 0)]))
    assert parallel._INHERITED == {}


@pytest.mark.parametrize("backend", ["threading", "loky"])
def test_other_backends_send_the_inherited_arguments_with_their_own_serialiser(backend):
    tasks = Tasks(jobs=2, backend=backend)
    assert list(tasks.map_inherited(operator.mul, PAIRS)) == PRODUCTS


def test_a_scheduler_that_does_not_answer_raises_a_connection_error_naming_it():
    import dask
    import distributed  # noqa: F401  (its config defaults first: set() would drop them on exit)

    from axiometrics.errors import SchedulerUnreachableError

    tasks = Tasks(jobs=1, backend="dask", scheduler="tcp://127.0.0.1:1")
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "1s"}),
        pytest.raises(SchedulerUnreachableError, match=r"scheduler='tcp://127.0.0.1:1'") as info,
    ):
        list(tasks.map(operator.neg, [(1,)]))
    assert isinstance(info.value, ConnectionError)
