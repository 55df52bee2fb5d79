"""Building the property table: run the checker on every measure and compare with the literature.

:func:`build_property_table` runs the checker on each measure (optionally in
parallel processes), adds the variants the literature needs (e.g. CEM^ORD
under "no empty gold class", or ``well_defined`` under a score range a source
states) and compares each published verdict and range of
:mod:`axiometrics.literature` with the checker's.
"""

from __future__ import annotations

import multiprocessing
import platform
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from axiometrics.checker import check
from axiometrics.checker.profiles import resolve_profile
from axiometrics.checker.tolerance import Tolerance
from axiometrics.checker.verdicts import CheckReport
from axiometrics.errors import InvalidParameterError
from axiometrics.family import registered_families
from axiometrics.literature import PublishedRange
from axiometrics.measure import Measure, Range
from axiometrics.property_table.comparison import (
    RANGE_CLAIM,
    compare_with_literature,
    literature_preconditions,
    range_variants,
)
from axiometrics.property_table.grouping import ordered_families
from axiometrics.property_table.table import PropertyTable
from axiometrics.registry import Registry, default_registry

if TYPE_CHECKING:
    from hypothesis.database import ExampleDatabase

__all__ = ["build_property_table", "check_one"]


def check_one(
    name: str,
    profile: str,
    seed: int,
    max_examples: int | None,
    tolerance: Tolerance,
    registry: Registry | None,
    bound: int | None = None,
    database: ExampleDatabase | None = None,
) -> CheckReport:
    """Check one measure, with the variants its published verdicts and ranges need.

    A module-level function, so that worker processes can run it.
    """
    report = check(
        name,
        settings=profile,
        seed=seed,
        max_examples=max_examples,
        bound=bound,
        tolerance=tolerance,
        extra_preconditions=literature_preconditions(name),
        registry=registry,
        database=database,
    )
    measure = (registry or default_registry()).measure(name)
    stated = range_variants(measure.name, measure.range)
    if not stated or RANGE_CLAIM not in {res.claim for res in report.results}:
        return report
    extra = []
    for published in stated:
        ranged = check(
            _under_range(measure, published),
            [RANGE_CLAIM],
            settings=profile,
            seed=seed,
            max_examples=max_examples,
            bound=bound,
            tolerance=tolerance,
            variants=False,
            discover=False,
            registry=registry,
            database=database,
        )
        extra.append(replace(ranged.verdict(RANGE_CLAIM), label=published.variant_label))
    results = tuple(
        replace(res, variants=(*res.variants, *extra)) if res.claim == RANGE_CLAIM else res
        for res in report.results
    )
    return replace(report, results=results)


def _under_range(measure: Measure, published: PublishedRange) -> Measure:
    """``measure`` declaring the published range (and no optimum the range leaves out)."""
    optimum = measure.optimum
    if optimum is not None and not published.lower <= optimum <= published.upper:
        optimum = None
    return replace(measure, range=Range(published.lower, published.upper), optimum=optimum)


def _versions() -> dict[str, str]:
    import hypothesis

    from axiometrics import __version__

    return {
        "axiometrics": __version__,
        "hypothesis": hypothesis.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
    }


def _table_order(reg: Registry) -> list[str]:
    """Every measure, grouped by primary family in registration order.

    The families come as registered (oc, oq, then plugin families), the
    measures of one family in registration order.
    """
    rank = {f: i for i, f in enumerate(ordered_families(f.name for f in registered_families()))}
    return sorted(reg.names(), key=lambda n: rank.get(reg.measure(n).family, len(rank)))


def _check_all(
    names: list[str],
    check_args: tuple[str, int, int | None, Tolerance],
    bound: int | None,
    registry: Registry,
    jobs: int,
    progress: Callable[[CheckReport], None] | None,
    database: ExampleDatabase | None = None,
) -> list[CheckReport]:
    """Check report of every measure in ``names``, in that order (in ``jobs`` processes)."""
    reports: list[CheckReport] = []
    if jobs == 1:
        for name in names:
            rep = check_one(name, *check_args, registry, bound, database)
            reports.append(rep)
            if progress:
                progress(rep)
        return reports
    # fork (Linux) needs no importable __main__; elsewhere spawn is the safe default.
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    ctx = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = [pool.submit(check_one, n, *check_args, None, bound, database) for n in names]
        try:
            for fut in futures:
                rep = fut.result()
                reports.append(rep)
                if progress:
                    progress(rep)
        except BaseException as exc:
            # Ctrl-C or a failed check: drop the queued measures instead of
            # letting the pool's exit wait for every one of them.
            if isinstance(exc, KeyboardInterrupt):
                _stop_workers(pool)
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return reports


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's worker processes, so an interrupt does not wait for running checks.

    A Ctrl-C at a terminal reaches the workers too, but an interrupt sent to
    this process alone (``kill -INT``, a scheduler) would otherwise wait for
    every running measure to finish (seconds each).
    """
    # ProcessPoolExecutor has no public way to stop its workers before Python 3.14.
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()


def build_property_table(
    registry: Registry | None = None,
    *,
    measures: Iterable[str] | None = None,
    settings: str = "ci",
    seed: int | None = None,
    max_examples: int | None = None,
    bound: int | None = None,
    tolerance: Tolerance | None = None,
    jobs: int = 1,
    progress: Callable[[CheckReport], None] | None = None,
    database: ExampleDatabase | None = None,
) -> PropertyTable:
    """Check every registered measure (or those named) and compare with the literature.

    Parameters
    ----------
    registry
        Where the measures come from (default: the default registry).
    measures
        Names to include (default: all registered).
    settings
        Checker profile (``"dev"``, ``"ci"``, ``"thorough"``).
    seed
        Seed for every check (default: the profile's).
    max_examples
        Override the profile's cases per claim.
    bound
        Override the profile's case budget of the bounded pass (``0``: none).
    tolerance
        The equality rule.
    jobs
        Worker processes (only with the default registry: a custom registry
        may hold functions that other processes cannot import).
    progress
        Called with each finished report.
    database
        A Hypothesis example database
        (:func:`axiometrics.checker.example_database`): every check stores its
        counterexamples there and replays the stored ones first, in every
        worker process.  Default: none, so that the table is reproducible
        from the seed alone.

    Raises
    ------
    UnknownMeasureError
        A name in ``measures`` that is not registered (nearest names suggested).
    InvalidParameterError
        ``jobs`` below 1, or above 1 with a custom registry.
    """
    reg = registry or default_registry()
    names = list(measures) if measures is not None else _table_order(reg)
    for name in names:
        reg.get(name)  # unknown names fail here, with suggestions
    prof = resolve_profile(settings, max_examples=max_examples, bound=bound)
    seed_value = prof.seed(seed)
    tol = tolerance if tolerance is not None else Tolerance()
    if not isinstance(jobs, int) or jobs < 1:
        raise InvalidParameterError(f"jobs={jobs!r}: expected an int >= 1")
    if jobs > 1 and registry is not None:
        raise InvalidParameterError(
            "jobs > 1 needs the default registry (a custom registry cannot be shipped to "
            "worker processes)"
        )
    started = time.perf_counter()
    reports = _check_all(
        names, (prof.name, seed_value, max_examples, tol), bound, reg, jobs, progress, database
    )
    return PropertyTable(
        reports=tuple(reports),
        comparisons=compare_with_literature(reports, lambda n: reg.measure(n).range),
        profile=prof.name,
        seed=seed_value,
        max_examples=prof.max_examples,
        tolerance=str(tol),
        seconds=time.perf_counter() - started,
        versions=_versions(),
        bound=prof.bound,
    )
