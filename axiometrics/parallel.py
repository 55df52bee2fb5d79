"""Where independent tasks run: here, in local worker processes, or on a cluster through joblib.

:class:`Tasks` maps a module-level function over argument tuples and yields
the results in the order of the tuples, whoever computed them, so that what
is built from them is the same bytes for any backend and any number of
workers (each task is seeded by what it computes, never by its position or
its worker).

Backends (``backend=``, ``--backend`` on the command line):

``local`` (default)
    ``jobs`` worker processes forked from this one (Linux; elsewhere, or with
    one job, the tasks run here).  Workers inherit everything registered in
    this process.  An interrupt terminates them at once.
any joblib backend (``loky``, ``threading``, ``multiprocessing``, ``dask``, ``ray``, ...)
    Through :class:`joblib.Parallel` with ``n_jobs=jobs``.  Workers of these
    backends start fresh (``loky``, ``dask``: the arguments are pickled with
    cloudpickle), so they see the measures installed as plugins, not ones
    registered in this process only.
``dask``
    Needs the optional dependency ``distributed`` (``pip install
    "axiometrics[dask]"``).  With ``scheduler=ADDRESS`` the tasks go to that
    running cluster (``tcp://host:8786``) and every worker of the cluster
    takes tasks (``jobs`` then only says how many pieces work that can be
    cut, such as blocks of resampling trials, is cut into); without one a
    :class:`distributed.LocalCluster` of ``jobs`` single-threaded worker
    processes is started for each :meth:`Tasks.map` and closed after it
    (:meth:`Tasks.opened` keeps one for several calls).  A worker lost
    mid-run has its tasks run again elsewhere by the scheduler; a task that
    raises stops the run with its exception, as locally.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from axiometrics.errors import (
    InvalidParameterError,
    MissingDependencyError,
    SchedulerUnreachableError,
)
from axiometrics.suggest import unknown_choice

__all__ = [
    "JOBLIB_BACKENDS",
    "LOCAL",
    "Tasks",
    "available_cores",
    "checked_tasks",
    "known_backends",
    "stop_workers",
]

R = TypeVar("R")

#: The default backend: forked local worker processes.
LOCAL = "local"
#: The joblib backends known without importing anything (others registered with
#: :func:`joblib.register_parallel_backend` are accepted too).
JOBLIB_BACKENDS = ("loky", "threading", "multiprocessing", "dask", "ray")


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate a process pool's workers, so an interrupt does not wait for running tasks.

    A Ctrl-C at a terminal reaches the workers too, but an interrupt sent to
    this process alone (``kill -INT``, a scheduler) would otherwise wait for
    every running task to finish.
    """
    # ProcessPoolExecutor has no public way to stop its workers before Python 3.14.
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()


def available_cores() -> int:
    """The processors this process may run on: the default number of worker processes.

    ``os.process_cpu_count()`` (Python 3.13+), else the scheduler affinity
    mask (Linux), else ``os.cpu_count()``; at least 1.
    """
    counter = getattr(os, "process_cpu_count", None)
    if counter is not None:
        return max(1, counter() or 1)
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:  # pragma: no cover - affinity unavailable in a sandbox
            pass
    return max(1, os.cpu_count() or 1)


def known_backends() -> list[str]:
    """``local``, the joblib backends named here, and any registered with joblib so far."""
    names = [LOCAL, *JOBLIB_BACKENDS]
    if "joblib" in sys.modules:  # registered third-party backends, without importing joblib
        from joblib.parallel import BACKENDS

        names += [name for name in BACKENDS if name not in names]
    return names


@dataclass(frozen=True)
class Tasks:
    """How to run independent tasks: how many workers, on which backend.

    Attributes
    ----------
    jobs
        Worker processes (an int >= 1).
    backend
        ``"local"`` or a joblib backend name (see the module docstring).
    scheduler
        The address of a running ``dask.distributed`` scheduler (``backend``
        ``"dask"`` only), or ``None``.
    """

    jobs: int = 1
    backend: str = LOCAL
    scheduler: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.jobs, int) or isinstance(self.jobs, bool) or self.jobs < 1:
            raise InvalidParameterError(f"jobs={self.jobs!r}: expected an int >= 1")
        known = known_backends()
        if not isinstance(self.backend, str) or self.backend not in known:
            raise InvalidParameterError(unknown_choice("backend", self.backend, known))
        if self.scheduler is not None:
            if self.backend != "dask":
                raise InvalidParameterError(
                    f"scheduler={self.scheduler!r}: a scheduler address needs backend='dask' "
                    f"(got backend={self.backend!r})"
                )
            if not isinstance(self.scheduler, str) or not self.scheduler.strip():
                raise InvalidParameterError(
                    f"scheduler={self.scheduler!r}: expected an address such as "
                    "'tcp://127.0.0.1:8786'"
                )

    @property
    def parallel(self) -> bool:
        """Whether the tasks may run anywhere but here."""
        return self.backend != LOCAL or self.jobs > 1

    def map(self, function: Callable[..., R], arguments: Iterable[Sequence[Any]]) -> Iterator[R]:
        """``function(*args)`` for each tuple of ``arguments``, yielded in their order.

        ``function`` must be a module-level function (workers import it).

        Raises
        ------
        MissingDependencyError
            For ``backend="dask"`` without the ``distributed`` package.
        """
        items = [tuple(args) for args in arguments]
        if self.backend == LOCAL:
            yield from self._local(function, items)
        else:
            yield from self._joblib(function, items)

    def map_inherited(
        self,
        function: Callable[..., R],
        arguments: Iterable[Sequence[Any]],
        *,
        scatter: Sequence[Any] = (),
    ) -> Iterator[R]:
        """As :meth:`map`, but local workers inherit the arguments instead of receiving them.

        For arguments that the standard pickle cannot send (closures) or that
        are large: with the ``local`` backend the workers are forked (Linux)
        after the arguments are set aside here, and each receives only its
        index; where processes cannot be forked the tasks run here.  Other
        backends send the arguments with their own serialiser (cloudpickle for
        ``loky``; the standard pickle first for ``dask``, so a callable loaded
        from a file travels wrapped in
        :class:`axiometrics.loading.SentByValue`).

        ``scatter`` names large objects among the arguments that a dask
        cluster receives once, before the tasks, instead of inside every
        task that takes them (joblib's ``scatter``; other backends ignore it).
        Sent inside the tasks, a few megabytes make dask warn about a large
        graph, and a warning filter that turns warnings into errors
        (``pytest -W error``) would then stop the client without a word.
        """
        items = [tuple(args) for args in arguments]
        if self.backend != LOCAL:
            yield from self._joblib(function, items, scatter)
            return
        if not sys.platform.startswith("linux"):
            for args in items:
                yield function(*args)
            return
        token = object()
        _INHERITED[id(token)] = (function, items)
        try:
            yield from self._local(_call_inherited, [(id(token), i) for i in range(len(items))])
        finally:
            del _INHERITED[id(token)]

    def _local(self, function: Callable[..., R], items: list[tuple[Any, ...]]) -> Iterator[R]:
        if self.jobs == 1 or len(items) <= 1:
            for args in items:
                yield function(*args)
            return
        # fork (Linux) needs no importable __main__; elsewhere spawn is the safe default.
        method = "fork" if sys.platform.startswith("linux") else "spawn"
        ctx = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=min(self.jobs, len(items)), mp_context=ctx) as pool:
            futures = [pool.submit(function, *args) for args in items]
            try:
                for future in futures:
                    yield future.result()
            except BaseException as exc:
                # Ctrl-C, a failed task or a consumer that stopped early: drop the
                # queued tasks instead of letting the pool's exit run every one.
                if isinstance(exc, (KeyboardInterrupt, GeneratorExit)):
                    stop_workers(pool)
                pool.shutdown(wait=True, cancel_futures=True)
                raise

    def _joblib(
        self, function: Callable[..., R], items: list[tuple[Any, ...]], scatter: Sequence[Any] = ()
    ) -> Iterator[R]:
        import joblib

        with contextlib.ExitStack() as stack:
            n_jobs = self.jobs
            options: dict[str, Any] = {}
            if self.backend == "dask":
                stack.enter_context(self._dask_client())
                if self.scheduler is not None:
                    n_jobs = -1  # every worker of the cluster
                if scatter:
                    options["scatter"] = list(scatter)
            config = joblib.parallel_config(backend=self.backend, n_jobs=n_jobs, **options)
            stack.enter_context(config)
            run = joblib.Parallel(return_as="generator")
            yield from run(joblib.delayed(function)(*args) for args in items)

    @contextlib.contextmanager
    def opened(self) -> Iterator[Tasks]:
        """These tasks with their cluster started once for several :meth:`map` calls.

        For ``backend="dask"`` without a scheduler, :meth:`map` starts a local
        cluster per call; inside ``with tasks.opened() as running:`` one
        cluster of ``jobs`` workers serves every ``running.map`` (``running``
        names its scheduler) and is closed on leaving.  Any other tasks are
        yielded as they are.

        Raises
        ------
        MissingDependencyError
            For ``backend="dask"`` without the ``distributed`` package.
        """
        if self.backend != "dask" or self.scheduler is not None:
            yield self
            return
        distributed = _distributed()
        cluster = distributed.LocalCluster(
            n_workers=self.jobs, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        with cluster:
            yield Tasks(jobs=self.jobs, backend="dask", scheduler=cluster.scheduler_address)

    @contextlib.contextmanager
    def _dask_client(self) -> Iterator[Any]:
        distributed = _distributed()
        with self.opened() as running:
            try:
                client = distributed.Client(running.scheduler)
            except OSError as exc:
                raise SchedulerUnreachableError(
                    f"scheduler={running.scheduler!r} (--scheduler): no dask scheduler answered "
                    f"({exc}); start one with 'dask scheduler' or give the address of a running one"
                ) from None
            with client:
                yield client


def _distributed() -> Any:
    """The ``distributed`` module, or a one-line error naming the extra that installs it."""
    try:
        import distributed
    except ImportError:
        raise MissingDependencyError(
            "backend='dask' needs the optional dependency 'distributed': "
            'pip install "axiometrics[dask]"'
        ) from None
    return distributed


#: What :meth:`Tasks.map_inherited` sets aside for the workers it forks:
#: key -> (function, arguments).
_INHERITED: dict[int, tuple[Callable[..., Any], list[tuple[Any, ...]]]] = {}


def _call_inherited(key: int, index: int) -> Any:
    """Run task ``index`` of the inherited batch ``key`` (in a forked worker, or here)."""
    function, items = _INHERITED[key]
    return function(*items[index])


def checked_tasks(tasks: Any, name: str = "tasks") -> Tasks | None:
    """``tasks`` if it is a :class:`Tasks` or ``None``, else an error naming ``name``.

    Raises
    ------
    InvalidParameterError
        For anything else (an int of jobs, say: ``Tasks(jobs=4)`` was meant).
    """
    if tasks is None or isinstance(tasks, Tasks):
        return tasks
    raise InvalidParameterError(
        f"{name}={tasks!r}: expected an axiometrics.parallel.Tasks (e.g. Tasks(jobs=4)) or None"
    )
