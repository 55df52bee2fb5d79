"""Building the property table: run the checker on every measure and compare with the literature.

:func:`build_property_table` runs the checker on each measure (optionally in
parallel processes), adds the variants the literature needs (e.g. CEM^ORD
under "no empty gold class", or ``well_defined`` under a score range a source
states) and compares each published verdict and range of
:mod:`axiometrics.literature` with the checker's.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable, Iterable
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
from axiometrics.parallel import LOCAL, Tasks
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
    tasks: Tasks,
    progress: Callable[[CheckReport], None] | None,
    database: ExampleDatabase | None = None,
) -> list[CheckReport]:
    """Check report of every measure in ``names``, in that order (as ``tasks`` says where)."""
    # In this process the given registry serves; workers use their own default one.
    here = registry if not tasks.parallel else None
    reports: list[CheckReport] = []
    arguments = [(n, *check_args, here, bound, database) for n in names]
    for rep in tasks.map(check_one, arguments):
        reports.append(rep)
        if progress:
            progress(rep)
    return reports


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
    backend: str = LOCAL,
    scheduler: str | None = None,
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
    backend, scheduler
        Where the measures' checks run (:class:`axiometrics.parallel.Tasks`):
        ``"local"`` forked processes (default), or a joblib backend such as
        ``"loky"`` or ``"dask"`` (a ``dask.distributed`` scheduler at
        ``scheduler``, or a local cluster of ``jobs`` workers).  One task per
        measure, seeded by the profile's seed alone: the same table for any
        backend and number of workers.
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
        ``jobs`` below 1, or above 1 with a custom registry; an unknown
        backend, or a scheduler without ``backend="dask"``.
    MissingDependencyError
        ``backend="dask"`` without the ``distributed`` package.
    """
    reg = registry or default_registry()
    names = list(measures) if measures is not None else _table_order(reg)
    for name in names:
        reg.get(name)  # unknown names fail here, with suggestions
    prof = resolve_profile(settings, max_examples=max_examples, bound=bound)
    seed_value = prof.seed(seed)
    tol = tolerance if tolerance is not None else Tolerance()
    tasks = Tasks(jobs=jobs, backend=backend, scheduler=scheduler)
    if tasks.parallel and registry is not None:
        raise InvalidParameterError(
            f"jobs={jobs!r}, backend={backend!r}: worker processes need the default registry (a "
            "custom registry cannot be shipped to them); use jobs=1 and backend='local'"
        )
    started = time.perf_counter()
    reports = _check_all(
        names, (prof.name, seed_value, max_examples, tol), bound, reg, tasks, progress, database
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
