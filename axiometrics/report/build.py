"""Building the report's model: check the claims, meta-evaluate, replicate Table 3, agreement.

:func:`build_report` runs the phases in order and returns a :class:`Report`:
the JSON-ready model (``report.json``; every number the pages show), the
property table (for the generated Markdown table) and the wall time of each
phase.  Only :attr:`Report.model`'s ``"provenance"`` entry depends on the
clock, the machine or the installed versions; everything else is fixed by
the seed and settings.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from tqdm import tqdm

from axiometrics.checker import check
from axiometrics.checker.profiles import Profile, resolve_profile
from axiometrics.checker.verdicts import CheckReport
from axiometrics.errors import InvalidParameterError
from axiometrics.literature import AGREEMENT_KINDS, SOURCES, abbreviation
from axiometrics.loading import SentByValue, received
from axiometrics.meta.runs import LabelRuns
from axiometrics.parallel import LOCAL, Tasks
from axiometrics.property_table import (
    PropertyTable,
    build_property_table,
    member_families,
    ordered_families,
)
from axiometrics.registry import default_registry
from axiometrics.report.annotators import agreement_model
from axiometrics.report.model import (
    claims_model,
    comparisons_model,
    family_title,
    property_rows,
    refutations_model,
)
from axiometrics.report.stability import (
    Dataset,
    MetaSettings,
    default_datasets,
    evaluate_dataset,
    table3_model,
)
from axiometrics.report.user_measures import UserMeasure

__all__ = ["SCHEMA", "Report", "ReportSettings", "build_report"]

#: Identifier of the ``report.json`` layout (see docs/report.md).
SCHEMA = "axiometrics-report/1"


@dataclass(frozen=True)
class ReportSettings:
    """What the report covers and how.

    Attributes
    ----------
    measures
        Registered measures to include (``None``: all).
    user_measures
        The user's new measures, shown beside the built-ins and highlighted.
    datasets
        Meta-evaluation data sets (``None``: the embedded ones).
    profile
        Checker profile (``"dev"``, ``"ci"``, ``"thorough"``).
    seed
        Seed of the checker (``None``: the profile's).
    max_examples
        Cases per claim and variant (``None``: the profile's).
    bound
        Case budget of the bounded pass per claim (``None``: the profile's; ``0``: none).
    meta
        Trials, B and alpha of the meta-evaluation.
    jobs
        Workers of the claim checks and the data sets' meta-evaluations.
    progress
        Show tqdm progress bars on standard error.
    command
        The command line that produced the report (provenance).
    database
        A Hypothesis example database for the claim checks
        (:func:`axiometrics.checker.example_database`; ``None``: none).
    backend, scheduler
        Where the tasks run (:class:`axiometrics.parallel.Tasks`): each
        measure's claim checks (the registered ones and the user's) and each
        data set's meta-evaluation; ``"local"`` forked processes, or a joblib
        backend such as ``"loky"`` or ``"dask"`` (at ``scheduler`` if given,
        else one local cluster of ``jobs`` workers for the whole build).  The
        workers of a joblib backend import the registered measures from the
        installed plugins, and receive the code of the user's measures loaded
        from files (:class:`axiometrics.loading.SentByValue`).
    """

    measures: Sequence[str] | None = None
    user_measures: Sequence[UserMeasure] = ()
    datasets: Sequence[Dataset] | None = None
    profile: str = "ci"
    seed: int | None = None
    max_examples: int | None = None
    bound: int | None = None
    meta: MetaSettings = field(default_factory=MetaSettings)
    jobs: int = 1
    progress: bool = False
    command: str = "axiometrics report"
    database: Any = None
    backend: str = "local"
    scheduler: str | None = None


@dataclass(frozen=True)
class Report:
    """A built report.

    Attributes
    ----------
    model
        The JSON-ready model.
    table
        The property table of the registered measures, the user's measures
        after them (``None`` when no registered measure was included).
    seconds
        Wall time per phase.
    """

    model: dict[str, Any]
    table: PropertyTable | None
    seconds: dict[str, float]


class _Phases:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - started


def _bar(total: int, desc: str, enabled: bool) -> Any:
    return tqdm(total=total, desc=desc, unit="step", file=sys.stderr, disable=not enabled)


def _user_command(user: UserMeasure) -> str:
    """The ``axiometrics check`` command that checks the user's measure as the report did."""
    from axiometrics.checker.spec import spec_default

    parts = ["axiometrics", "check", user.target, "--family", user.family]
    if user.signature:
        parts += ["--signature", user.signature]
    if not user.higher_is_better:
        parts.append("--lower-is-better")
    opts = user.options
    if opts.get("optimum") is not None:
        parts += ["--optimum", repr(float(opts["optimum"]))]
    if opts.get("score_range") is not None:
        parts += ["--range", *(repr(float(x)) for x in opts["score_range"])]
    if opts.get("expect"):
        parts += ["--expect", ",".join(f"{k}={v}" for k, v in opts["expect"].items())]
    for key, value in (opts.get("params") or {}).items():
        parts += ["--param", f"{key}={value!r}"]
    policy: Any = opts.get("undefined")
    kind = getattr(policy, "kind", policy)
    if kind == "nan":
        parts += ["--undefined", "nan"]
    elif kind == "raise":
        names = [
            e.__name__ if e.__module__ == "builtins" else f"{e.__module__}.{e.__qualname__}"
            for e in getattr(policy, "exceptions", ())
        ]
        parts += ["--undefined", "raise:" + ",".join(names)]
    if opts.get("integer_labels") is False:
        parts.append("--real-labels")
    if opts.get("labels", "values") != "values":
        parts += ["--labels", str(opts["labels"])]
    if opts.get("array_namespace") is not None:
        parts += ["--array-namespace", str(opts["array_namespace"])]
    if isinstance(opts.get("convert"), str):
        parts += ["--convert", opts["convert"]]
    if "call_timeout" in opts and opts["call_timeout"] != spec_default("call_timeout"):
        parts += ["--call-timeout", repr(float(opts["call_timeout"] or 0))]
    if opts.get("dtype") is not None:
        parts += ["--dtype", str(opts["dtype"])]
    elif opts.get("tolerance") is not None:
        parts += ["--tolerance", repr(opts["tolerance"].atol), repr(opts["tolerance"].rtol)]
    return shlex.join(parts)


def _measures_model(
    reports: Sequence[CheckReport], users: Sequence[UserMeasure]
) -> list[dict[str, Any]]:
    reg = default_registry()
    by_name = {u.name: u for u in users}
    out = []
    for rep in reports:
        u = by_name.get(rep.measure)
        if u is not None:
            out.append(
                {
                    "name": rep.measure,
                    "title": rep.title,
                    "family": rep.family,
                    "user": True,
                    "higher_is_better": u.higher_is_better,
                    "description": u.doc,
                    "source": f"{u.target} (defined at {u.location})",
                    "tolerance": rep.tolerance,
                }
            )
            continue
        scorer = reg.get(rep.measure)
        out.append(
            {
                "name": rep.measure,
                "title": rep.title,
                "family": rep.family,
                "user": False,
                "higher_is_better": scorer.measure.higher_is_better,
                "description": scorer.measure.description,
                "source": f"plugin {scorer.plugin}",
            }
        )
    return out


def _versions() -> dict[str, str]:
    import hypothesis
    import jinja2
    import matplotlib
    import numpy
    import pandas

    from axiometrics import __version__

    return {
        "axiometrics": __version__,
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "pandas": pandas.__version__,
        "hypothesis": hypothesis.__version__,
        "matplotlib": matplotlib.__version__,
        "jinja2": jinja2.__version__,
    }


def _summary(model: dict[str, Any]) -> dict[str, Any]:
    rows = model["property_table"]
    comps = model["literature"]
    kinds = {k: sum(c["kind"] == k for c in comps) for k in AGREEMENT_KINDS}
    return {
        "measures": len(model["measures"]),
        "user_measures": [m["name"] for m in model["measures"] if m["user"]],
        "verdicts": len(rows),
        "refuted": sum(r["outcome"] == "refuted" for r in rows),
        "examples": len(model["refutations"]),
        "published_verdicts": len(comps),
        "agreement_kinds": {k: v for k, v in kinds.items() if v},
        "mismatches": sum(r["mismatch"] is not None for r in rows),
        "datasets": [d["key"] for d in model["meta"]],
        "meta": _meta_summary(model["meta"]),
    }


def _meta_summary(meta: list[dict[str, Any]]) -> dict[str, Any]:
    """Distinct measures meta-evaluated, in total and per family (first family shown under)."""
    families: dict[str, set[str]] = {}
    for d in meta:
        for x in d.get("measures", []):
            families.setdefault(x.get("family") or d["family"], set()).add(x["name"])
    counted: set[str] = set()
    per_family: dict[str, int] = {}
    for fam, names in families.items():
        per_family[fam] = len(names - counted)
        counted |= names
    return {
        "measures": len(counted),
        "families": {f: n for f, n in per_family.items() if n},
        "datasets": sum(not d.get("skipped") for d in meta),
    }


#: The user's measures as a task receives them: as they are (forked workers
#: inherit them), or as code (workers of other backends; see SentByValue).
_Users = list[UserMeasure] | SentByValue[list[UserMeasure]]


def _evaluate_one(
    dataset: Dataset, names: list[str], users: _Users, meta: MetaSettings
) -> tuple[str, dict[str, Any], float]:
    """Meta-evaluate one data set (a task: in a worker or here); its key, model and seconds.

    The user's scorers are built where the task runs, from the user's
    measures (a scorer holds locks and caches that do not travel).
    """
    began = time.perf_counter()
    scorers = [u.scorer for u in received(users)]
    model = evaluate_dataset(dataset, measures=names, user_scorers=scorers, settings=meta)
    return dataset.key, model, time.perf_counter() - began


def _check_user(
    users: _Users, index: int, profile: Profile, seed: int, database: Any
) -> CheckReport:
    """Check the claims of the user's measure ``index`` (a task: in a worker or here)."""
    user = received(users)[index]
    return check(user.spec, settings=profile, seed=seed, database=database)


def _sent(users: list[UserMeasure], tasks: Tasks) -> _Users:
    """The user's measures as the tasks of ``tasks`` receive them."""
    return users if tasks.backend == LOCAL else SentByValue(users)


def build_report(settings: ReportSettings) -> Report:
    """Run every phase and return the report's model.

    Raises
    ------
    InvalidParameterError
        On bad settings (unknown profile, jobs < 1, no measure at all).
    UnknownMeasureError
        For an unknown name in ``settings.measures`` (with suggestions).
    """
    if not isinstance(settings.jobs, int) or settings.jobs < 1:
        raise InvalidParameterError(f"jobs={settings.jobs!r}: expected an int >= 1")
    prof = resolve_profile(
        settings.profile, max_examples=settings.max_examples, bound=settings.bound
    )
    reg = default_registry()
    names = list(settings.measures) if settings.measures is not None else reg.names()
    for name in names:
        reg.get(name)
    names = [reg.get(n).name for n in names]
    users = list(settings.user_measures)
    if not names and not users:
        raise InvalidParameterError("no measures to report: give --measures or --measure")
    chosen = Tasks(jobs=settings.jobs, backend=settings.backend, scheduler=settings.scheduler)
    with chosen.opened() as tasks:  # one dask cluster, if one is started, for every phase
        return _build(settings, prof, names, users, tasks)


def _build(
    settings: ReportSettings,
    prof: Profile,
    names: list[str],
    users: list[UserMeasure],
    tasks: Tasks,
) -> Report:
    """:func:`build_report` with checked settings, its tasks run by ``tasks``."""
    seed = prof.seed(settings.seed)
    sent = _sent(users, tasks)
    phases = _Phases()
    started = time.perf_counter()
    date = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()

    table: PropertyTable | None = None
    with phases.phase("claims"):
        bar = _bar(len(names) + len(users), "checking claims", settings.progress)
        try:
            if names:
                table = build_property_table(
                    measures=names,
                    settings=prof.name,
                    seed=seed,
                    max_examples=settings.max_examples,
                    bound=settings.bound,
                    jobs=settings.jobs,
                    progress=lambda rep: bar.update(1),
                    database=settings.database,
                    backend=tasks.backend,
                    scheduler=tasks.scheduler,
                )
            user_reports = []
            arguments = [(sent, i, prof, seed, settings.database) for i in range(len(users))]
            for rep in tasks.map_inherited(_check_user, arguments):
                user_reports.append(rep)
                bar.update(1)
        finally:
            bar.close()
    reports = [*(table.reports if table is not None else ()), *user_reports]
    user_names = {u.name for u in users}
    commands = {u.name: _user_command(u) for u in users}

    datasets = list(settings.datasets) if settings.datasets is not None else default_datasets()
    meta_models = []
    per_dataset: dict[str, float] = {}
    with phases.phase("meta-evaluation"):
        bar = _bar(len(datasets), "meta-evaluation", settings.progress)
        try:
            evaluations = [(dataset, names, sent, settings.meta) for dataset in datasets]
            results = tasks.map_inherited(_evaluate_one, evaluations, scatter=datasets)
            for key, evaluated, took in results:
                meta_models.append(evaluated)
                per_dataset[key] = round(took, 2)
                bar.update(1)
        finally:
            bar.close()
    table3 = None
    if any(ds.embedded for ds in datasets):
        with phases.phase("table 3"):
            table3 = table3_model()
    annotator_agreement = None
    gold_runs = [ds.data for ds in datasets if ds.embedded and isinstance(ds.data, LabelRuns)]
    if gold_runs:
        with phases.phase("agreement"):
            annotator_agreement = agreement_model(gold_runs[0], seed=settings.meta.seed)

    families = ordered_families(f for r in reports for f in member_families(r))
    model: dict[str, Any] = {
        "schema": SCHEMA,
        "settings": {
            "profile": prof.name,
            "seed": seed,
            "max_examples": prof.max_examples,
            "bound": prof.bound,
            "tolerance": table.tolerance if table is not None else user_reports[0].tolerance,
            "meta": {
                "seed": settings.meta.seed,
                "trials": settings.meta.trials,
                "B": settings.meta.B,
                "alpha": settings.meta.alpha,
            },
            "measures": [r.measure for r in reports],
        },
        "families": [{"key": f, "title": family_title(f)} for f in families],
        "measures": _measures_model(reports, users),
        "claims": claims_model(families),
        "property_table": property_rows(reports, table, user_names),
        "literature": comparisons_model(table),
        "sources": dict(SOURCES),
        "source_marks": {key: abbreviation(key) for key in SOURCES},
        "agreement_kinds": dict(AGREEMENT_KINDS),
        "refutations": refutations_model(reports, commands),
        "meta": meta_models,
        "table3": table3,
        "annotator_agreement": annotator_agreement,
    }
    model["summary"] = _summary(model)
    seconds = dict(phases.seconds)
    model["provenance"] = {
        "date": date,
        "command": settings.command,
        "jobs": settings.jobs,
        "cpu_count": os.cpu_count(),
        "versions": _versions(),
        "seconds": {k: round(v, 2) for k, v in seconds.items()},
        "meta_seconds": per_dataset,
        "total_seconds": round(time.perf_counter() - started, 2),
    }
    if table is not None and user_reports:
        # property-table.md shows the user's measures next to the built-ins of their family.
        table = replace(table, reports=(*table.reports, *user_reports))
    return Report(model=model, table=table, seconds=seconds)
