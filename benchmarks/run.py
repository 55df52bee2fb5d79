"""Every benchmark of the project in one command: medians and ratios, measured side by side.

Run from the repository root (a fresh clone with ``pip install -e ".[test]"``)::

    python benchmarks/run.py                      # everything (about ten minutes on two cores)
    python benchmarks/run.py --quick              # tiny sizes: a smoke run of every section
    python benchmarks/run.py --only tukey,import  # some sections
    python benchmarks/run.py --output bench.md    # also write the table (.json: JSON)

Each row compares an axiometrics path (``axiometrics``) with a reference
(``reference``) timed in the same run, on the same input, interleaved
(ours, reference, ours, ...) so that a load spike on a shared machine hits
both; the medians are compared, never a time against a number remembered
from another run.  ``ratio`` reads "Nx faster" when the axiometrics path
takes less wall time than the reference and "Nx slower" otherwise (N is
always >= 1).  ``target`` is the goal of issue 12 for that row, and ``met``
says whether this run reached it.  Times are wall-clock seconds
(``time.perf_counter``), except in the ``score`` and ``kernels`` rows:
:mod:`bench_kernels` times those in CPU seconds of this process
(``time.process_time``, every thread counted), which other jobs on a shared
machine disturb less; both sides of each such row use that clock.

Sections (``--only``):

``import``
    ``import axiometrics`` against ``import numpy``, in fresh interpreters;
    also the first ``ax.score`` call after the import, and the pytest
    plugin's import against ``import pytest`` alone.
``cli``
    ``axiometrics --help`` and ``axiometrics score --help`` (whole
    processes) against a bare ``python -c pass``.
``score``
    One ``ax.score`` call on a single 5-class input against scikit-learn's
    ``cohen_kappa_score(weights="linear")`` and ``mean_absolute_error`` on
    the equivalent labels, and against the measure's bare compute function
    (the call overhead); from :func:`bench_kernels.score_call_overhead`.
``kernels``
    Every built-in measure's batch path on 100 topics x 50 systems x 11
    classes against one ``numpy.sum`` pass over the same arrays and against
    a per-matrix Python loop; from :func:`bench_kernels.measures_vs_sum`.
``tukey``
    The randomised Tukey HSD test (300 topics x 22 systems, B = 5000)
    against a per-trial ``Generator.permuted`` loop; from
    :func:`bench_meta.tukey_vs_loop`.
``consistency``
    Ranking consistency's tau step (1000 splits x 20 measures, halves and
    10 vs 10) against the straightforward loop over splits; from
    :func:`bench_meta.consistency_vs_loop`.
``checker``
    The claim checker's cases per second, per claim (two measures of each
    family at the ``ci`` profile); the reference is one scorer call per case.
``report``
    ``axiometrics report`` end to end in a subprocess, with the phase
    breakdown the report records in its ``report.json``.
``scaling``
    Time and traced peak memory as topics, systems, classes (three measures)
    and the Tukey test's B grow, three sizes each; the reference of each row
    is the smallest size.

Interpreter start-up rows run with a private bytecode cache
(``PYTHONPYCACHEPREFIX`` in a temporary folder, ``PYTHONDONTWRITEBYTECODE``
unset), as an installed package would: otherwise every run would compile
axiometrics' sources while numpy's come precompiled.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # so that ``python benchmarks/run.py`` finds its siblings
    sys.path.insert(0, str(HERE))

import bench_kernels  # noqa: E402 - after the sys.path entry above
import bench_meta  # noqa: E402
import bench_report  # noqa: E402

from axiometrics.atomic import write_text  # noqa: E402

__all__ = ["SECTIONS", "Row", "Sizes", "main", "ratio_text", "run_sections"]


@dataclass(frozen=True)
class Sizes:
    """Problem sizes and repetitions; :meth:`quick` gives a smoke run's."""

    topics: int = 100
    systems: int = 50
    classes: int = 11
    repeats: int = 5
    process_repeats: int = 15
    kernel_loop: bool = True
    tukey_topics: int = 300
    tukey_systems: int = 22
    tukey_trials: int = 5000
    splits: int = 1000
    consistency_measures: int = 20
    checker_examples: int | None = None
    report_args: tuple[str, ...] = ()
    scaling_topics: tuple[int, ...] = (100, 400, 1600)
    scaling_systems: tuple[int, ...] = (25, 50, 100)
    scaling_classes: tuple[int, ...] = (5, 11, 21)
    scaling_trials: tuple[int, ...] = (1000, 5000, 25000)
    judge: bool = True

    @classmethod
    def quick(cls) -> Sizes:
        """Tiny inputs, few repetitions: every section runs in a few seconds."""
        return cls(
            topics=20,  # consistency's "10 vs 10" splits need 20 topics
            systems=3,
            classes=5,
            repeats=2,
            process_repeats=2,
            kernel_loop=True,
            tukey_topics=20,
            tukey_systems=4,
            tukey_trials=50,
            splits=20,
            consistency_measures=3,
            checker_examples=3,
            report_args=(
                "--measures",
                "mae_macro,nmd",
                "--data",
                "synthetic",
                "--max-examples",
                "3",
                "--trials",
                "10",
                "--B",
                "20",
                "--jobs",
                "1",
            ),
            scaling_topics=(4, 8, 16),
            scaling_systems=(3, 6, 12),
            scaling_classes=(3, 5, 7),
            scaling_trials=(20, 40, 80),
            judge=False,
        )

    def verdict(self, met: bool) -> bool | None:
        """``met``, or ``None`` (not judged) when the sizes are not the targets' (``--quick``)."""
        return met if self.judge else None


@dataclass
class Row:
    """One line of the table: an axiometrics path against a reference, in seconds."""

    section: str
    case: str
    seconds: float | None
    reference: str = ""
    reference_seconds: float | None = None
    target: str = ""
    met: bool | None = None
    peak_mib: float | None = None
    note: str = ""

    @property
    def ratio(self) -> str:
        """``"Nx faster"`` / ``"Nx slower"`` than the reference (empty without one)."""
        return ratio_text(self.seconds, self.reference_seconds)

    def as_dict(self) -> dict[str, Any]:
        """The row's fields and its ratio text."""
        return {**asdict(self), "ratio": self.ratio}


def ratio_text(ours: float | None, reference: float | None) -> str:
    """How ``ours`` compares with ``reference``: ``"2.4x faster"`` or ``"1.3x slower"``.

    Both are wall times of the same work; the factor is always >= 1.
    """
    if ours is None or reference is None or ours <= 0 or reference <= 0:
        return ""
    if ours <= reference:
        return f"{reference / ours:.1f}x faster"
    return f"{ours / reference:.1f}x slower"


def faster_by(ours: float, reference: float, factor: float) -> bool:
    """Whether ``ours`` is at least ``factor`` times faster than ``reference``."""
    return reference / ours >= factor


def slower_by_at_most(ours: float, reference: float, factor: float) -> bool:
    """Whether ``ours`` is at most ``factor`` times slower than ``reference``."""
    return ours / reference <= factor


# ----------------------------------------------------------------------------- timing helpers


def interleaved(
    ours: Callable[[], Any],
    reference: Callable[[], Any],
    repeats: int,
    *,
    self_timed: bool = False,
) -> tuple[float, float]:
    """Median wall times of ``ours`` and ``reference``, run alternately ``repeats`` times each.

    Both are called once first (imports, caches); the order alternates so
    that neither always runs second.  With ``self_timed`` the functions
    return the seconds to count (e.g. an import timed inside a subprocess)
    instead of being timed around their call.
    """
    ours()
    reference()
    mine: list[float] = []
    theirs: list[float] = []
    for index in range(max(1, repeats)):
        pair = [(ours, mine), (reference, theirs)]
        for fn, times in pair if index % 2 == 0 else reversed(pair):
            start = time.perf_counter()
            value = fn()
            times.append(float(value) if self_timed else time.perf_counter() - start)
    return statistics.median(mine), statistics.median(theirs)


def peak_mib(fn: Callable[[], Any]) -> float:
    """Peak memory traced by :mod:`tracemalloc` while ``fn`` runs, in MiB."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


@contextlib.contextmanager
def bytecode_cache() -> Iterator[dict[str, str]]:
    """An environment for subprocesses with a private, writable bytecode cache."""
    with tempfile.TemporaryDirectory(prefix="axiometrics-bench-pyc-") as folder:
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = folder
        yield env


def _run(argv: Sequence[str], env: dict[str, str], cwd: Path | None = None) -> str:
    result = subprocess.run(
        list(argv), capture_output=True, text=True, env=env, cwd=cwd, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def import_seconds(statement: str, env: dict[str, str], *, after: str = "") -> float:
    """Wall time of ``statement`` in a fresh interpreter, timed inside it (start-up excluded)."""
    code = (
        f"{after}\nimport time\nstart = time.perf_counter()\n{statement}\n"
        "print(repr(time.perf_counter() - start))"
    )
    return float(_run([sys.executable, "-c", code], env).splitlines()[-1])


def process_seconds(argv: Sequence[str], env: dict[str, str]) -> float:
    """Wall time of a whole process, start to exit."""
    start = time.perf_counter()
    _run(argv, env)
    return time.perf_counter() - start


# ----------------------------------------------------------------------------- sections


def section_import(sizes: Sizes) -> list[Row]:
    """``import axiometrics`` against ``import numpy``, each in fresh interpreters."""
    rows = []
    first_score = (
        "import axiometrics as ax\nax.score('kappa_linear', [[3, 1, 0], [1, 4, 1], [0, 1, 2]])"
    )
    cases: list[tuple[str, str, str, str, float | None, str]] = [
        (
            "import axiometrics",
            "import axiometrics",
            "",
            "<= 1.3x import numpy",
            1.3,
            "the package resolves its names on first use",
        ),
        (
            "import axiometrics + first ax.score (data model, registry, measures)",
            first_score,
            "",
            "",
            None,
            "what a script pays before its first score (numpy included)",
        ),
        (
            "import axiometrics.pytest_plugin (after import pytest)",
            "import axiometrics.pytest_plugin",
            "import pytest",
            "",
            None,
            "loaded by every pytest session of the environment (entry point pytest11)",
        ),
    ]
    with bytecode_cache() as env:
        for case, statement, after, target, factor, note in cases:

            def ours(code: str = statement, before: str = after) -> float:
                return import_seconds(code, env, after=before)

            mine, ref = interleaved(
                ours,
                lambda: import_seconds("import numpy", env),
                sizes.process_repeats,
                self_timed=True,
            )
            met = None if factor is None else sizes.verdict(slower_by_at_most(mine, ref, factor))
            rows.append(Row("import", case, mine, "import numpy", ref, target, met, note=note))
    return rows


def section_cli(sizes: Sizes) -> list[Row]:
    """Whole ``axiometrics --help`` processes against a bare interpreter."""
    rows = []
    bare = [sys.executable, "-c", "pass"]
    with bytecode_cache() as env:
        for argv, target in (
            (["--help"], "< 0.3 s"),
            (["score", "--help"], ""),
        ):

            def command(args: list[str] = argv) -> float:
                return process_seconds([sys.executable, "-m", "axiometrics", *args], env)

            mine, ref = interleaved(
                command,
                lambda: process_seconds(bare, env),
                sizes.process_repeats,
                self_timed=True,
            )
            rows.append(
                Row(
                    "cli",
                    f"axiometrics {' '.join(argv)} (whole process)",
                    mine,
                    "python -c pass",
                    ref,
                    target,
                    sizes.verdict(mine < 0.3) if target else None,
                    note=f"{format_seconds(mine - ref)} more than a bare interpreter; "
                    "python -m axiometrics (the console script imports the same)",
                )
            )
    return rows


def section_score(sizes: Sizes) -> list[Row]:
    """One ``ax.score`` call against scikit-learn, and against the bare compute function."""
    rows = []
    for found in bench_kernels.score_call_overhead(repeats=max(3, sizes.repeats)):
        case = str(found["case"])
        ours, reference = case.split(" vs ", 1)
        # The targets are about one call on a confusion matrix; from label vectors the
        # call also counts the labels into a matrix (reported, not judged).
        matrix = "matrix" in ours
        kappa = matrix and "cohen_kappa_score" in reference
        rows.append(
            Row(
                "score",
                ours,
                found["ours_s"],
                reference,
                found["ref_s"],
                ">= 15x faster" if kappa else "",
                sizes.verdict(faster_by(found["ours_s"], found["ref_s"], 15.0)) if kappa else None,
                note="one 5-class input of 100 items (the same pairs for both)"
                + ("" if matrix else "; counting the labels included"),
            )
        )
        rows.append(
            Row(
                "score",
                f"{ours}: overhead",
                found["ours_s"],
                "the measure's bare compute function",
                found["compute_s"],
                "<= 3x slower" if matrix else "",
                sizes.verdict(slower_by_at_most(found["ours_s"], found["compute_s"], 3.0))
                if matrix
                else None,
            )
        )
    return rows


def section_kernels(sizes: Sizes) -> list[Row]:
    """Every measure's batch path against ``numpy.sum`` and against a per-matrix loop."""
    shape = f"{sizes.topics}x{sizes.systems}x{sizes.classes}"
    rows = []
    for found in bench_kernels.measures_vs_sum(
        sizes.topics,
        sizes.systems,
        sizes.classes,
        repeats=sizes.repeats,
        loop=sizes.kernel_loop,
    ):
        name = f"{found['measure']} ({found['family']}, {shape})"
        rows.append(
            Row(
                "kernels",
                f"{name}: batch call",
                found["batch_s"],
                "one numpy.sum pass over the inputs",
                found["sum_s"],
                "<= 20x slower",
                sizes.verdict(slower_by_at_most(found["batch_s"], found["sum_s"], 20.0)),
            )
        )
        if found.get("loop_s") is not None:
            rows.append(
                Row(
                    "kernels",
                    f"{name}: batch call",
                    found["batch_s"],
                    "a Python loop, one call per matrix",
                    found["loop_s"],
                )
            )
    return rows


def _cpu_note(found: dict[str, Any]) -> str:
    """The CPU-time comparison of a ``bench_meta`` row (steadier on a shared machine)."""
    return f"CPU time {ratio_text(found['ours_cpu_s'], found['baseline_cpu_s'])}"


def section_tukey(sizes: Sizes) -> list[Row]:
    """The randomised Tukey HSD test against the per-trial ``Generator.permuted`` loop."""
    rows = []
    for found in bench_meta.tukey_vs_loop(
        sizes.tukey_topics, sizes.tukey_systems, sizes.tukey_trials, repeats=sizes.repeats
    ):
        rows.append(
            Row(
                "tukey",
                found["task"],
                found["ours_s"],
                found["baseline"],
                found["baseline_s"],
                ">= 2x faster",
                sizes.verdict(faster_by(found["ours_s"], found["baseline_s"], 2.0)),
                peak_mib=found["peak_mib"],
                note=f"{_cpu_note(found)}; loop peak {found['baseline_peak_mib']:.1f} MiB; "
                f"largest p-value gap to the loop {found['largest_p_gap']:.4f} "
                f"(sd of the difference of two estimates <= {found['difference_sd']:.4f})",
            )
        )
    return rows


def section_consistency(sizes: Sizes) -> list[Row]:
    """Ranking consistency's tau step against the loop over splits."""
    rows = []
    for found in bench_meta.consistency_vs_loop(
        sizes.splits,
        sizes.consistency_measures,
        repeats=sizes.repeats,
        topics=sizes.topics,
        systems=sizes.systems,
    ):
        same = "identical" if found["identical"] else "NOT identical"
        rows.append(
            Row(
                "consistency",
                found["task"],
                found["ours_s"],
                found["baseline"],
                found["baseline_s"],
                peak_mib=found["peak_mib"],
                note=f"{_cpu_note(found)}; taus {same} to the loop's",
            )
        )
    return rows


CHECKER_MEASURES = ("mae_macro", "cem_ord", "nmd", "rnod")
QUICK_CHECKER_MEASURES = ("mae_macro", "nmd")


def section_checker(sizes: Sizes) -> list[Row]:
    """The checker's cases per second per claim, against one scorer call per case."""
    import axiometrics as ax

    per_claim: dict[str, list[tuple[int, float]]] = {}
    for name in QUICK_CHECKER_MEASURES if not sizes.judge else CHECKER_MEASURES:
        report = ax.check(name, settings="ci", max_examples=sizes.checker_examples, variants=False)
        for result in report.results:
            verdict = result.verdict
            if verdict.n_cases > 0 and verdict.seconds > 0:
                per_claim.setdefault(result.claim, []).append((verdict.n_cases, verdict.seconds))
    scorer = ax.get_scorer("mae_macro")
    matrix = np.array([[3.0, 1.0, 0.0], [1.0, 4.0, 1.0], [0.0, 1.0, 2.0]])
    one_call = statistics.median(
        _timed_calls(lambda: scorer(matrix), 200 if sizes.checker_examples is None else 20)
    )
    rows = []
    for claim, found in sorted(per_claim.items()):
        cases = sum(n for n, _ in found)
        seconds = sum(s for _, s in found)
        rows.append(
            Row(
                "checker",
                f"{claim}: {cases / seconds:,.0f} cases/s ({cases} cases, {len(found)} measures)",
                seconds / cases,
                "one scorer call on a 3x3 matrix",
                one_call,
                note="seconds per case, generation, checks and shrinking included",
            )
        )
    return rows


def _timed_calls(fn: Callable[[], Any], count: int) -> list[float]:
    fn()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def section_report(sizes: Sizes) -> list[Row]:
    """``axiometrics report`` end to end, with its phases."""
    with bytecode_cache() as env:
        found = bench_report.report_end_to_end(sizes.report_args, env=env)
    total = found["wall_seconds"]
    rows = [
        Row(
            "report",
            f"axiometrics report {' '.join(sizes.report_args)}".rstrip() + " (whole process)",
            total,
            note=f"{found['jobs']} jobs, {found['cpu_count']} cores",
        )
    ]
    for phase, seconds in found["phases"].items():
        rows.append(
            Row(
                "report",
                f"phase: {phase} ({100 * seconds / total:.0f} % of the whole)",
                seconds,
            )
        )
    return rows


SCALING_MEASURES = ("cem_int", "kappa_quadratic", "rnod2")


def _scaled_call(name: str, topics: int, systems: int, classes: int) -> Callable[[], Any]:
    import axiometrics as ax

    scorer = ax.get_scorer(name)
    if scorer.measure.family == "oc":
        inputs: tuple[np.ndarray, ...] = (bench_kernels.oc_batch(topics, systems, classes),)
    else:
        inputs = bench_kernels.oq_batch(topics, systems, classes)
    return lambda: scorer(*inputs, on_undefined=0.0)


def _median(fn: Callable[[], Any], repeats: int) -> float:
    return statistics.median(_timed_calls(fn, max(1, repeats)))


def section_scaling(sizes: Sizes) -> list[Row]:
    """Time and peak memory as topics, systems, classes and B grow (three sizes each)."""
    from axiometrics.meta import randomized_tukey_hsd

    rows = []
    axes: list[tuple[str, list[tuple[int, int, int]]]] = [
        ("topics", [(t, sizes.systems, sizes.classes) for t in sizes.scaling_topics]),
        ("systems", [(sizes.topics, s, sizes.classes) for s in sizes.scaling_systems]),
        ("classes", [(sizes.topics, sizes.systems, c) for c in sizes.scaling_classes]),
    ]
    for name in SCALING_MEASURES:
        for axis, shapes in axes:
            smallest: float | None = None
            for topics, systems, classes in shapes:
                call = _scaled_call(name, topics, systems, classes)
                seconds = _median(call, sizes.repeats)
                rows.append(
                    Row(
                        "scaling",
                        f"{name}: {axis} grow, {topics}x{systems}x{classes}",
                        seconds,
                        "" if smallest is None else "the smallest size",
                        smallest,
                        peak_mib=peak_mib(call),
                        note="baseline" if smallest is None else "",
                    )
                )
                smallest = seconds if smallest is None else smallest
    x = bench_meta.tukey_matrix(sizes.tukey_topics, sizes.tukey_systems)
    smallest = None
    first_peak = None
    for index, trials in enumerate(sizes.scaling_trials):

        def tukey(b: int = trials) -> Any:
            return randomized_tukey_hsd(x, trials=b, seed=0)

        seconds = _median(tukey, max(1, sizes.repeats // 2))
        peak = peak_mib(tukey)
        first_peak = peak if first_peak is None else first_peak
        last = index == len(sizes.scaling_trials) - 1
        growth = sizes.scaling_trials[-1] // sizes.scaling_trials[0]
        rows.append(
            Row(
                "scaling",
                f"randomized_tukey_hsd: B grows, {sizes.tukey_topics}x{sizes.tukey_systems}, "
                f"B = {trials}",
                seconds,
                "" if smallest is None else "the smallest size",
                smallest,
                target=f"peak memory flat in B (<= 1.5x over {growth}x B)" if last else "",
                met=sizes.verdict(peak <= 1.5 * first_peak) if last else None,
                peak_mib=peak,
                note="baseline" if smallest is None else "",
            )
        )
        smallest = seconds if smallest is None else smallest
    return rows


#: Section name -> function, in the order they run and print.
SECTIONS: dict[str, Callable[[Sizes], list[Row]]] = {
    "import": section_import,
    "cli": section_cli,
    "score": section_score,
    "kernels": section_kernels,
    "tukey": section_tukey,
    "consistency": section_consistency,
    "checker": section_checker,
    "report": section_report,
    "scaling": section_scaling,
}


def run_sections(
    names: Sequence[str], sizes: Sizes, progress: Callable[[str], None] | None = None
) -> list[Row]:
    """Run the named sections in :data:`SECTIONS` order; return their rows.

    A section that raises gives one row ``"the section failed"`` (no time,
    the error in its note) and the others still run.
    """
    rows: list[Row] = []
    for name, section in SECTIONS.items():
        if name in names:
            if progress is not None:
                progress(name)
            try:
                rows.extend(section(sizes))
            except Exception as exc:  # one broken section must not lose the others' rows
                message = " ".join(f"{type(exc).__name__}: {exc}".split())
                rows.append(Row(name, "the section failed", None, note=message[:300]))
    return rows


# ----------------------------------------------------------------------------- output

COLUMNS = (
    ("section", "section"),
    ("case", "case"),
    ("axiometrics", "seconds"),
    ("reference", "reference"),
    ("reference s", "reference_seconds"),
    ("ratio", "ratio"),
    ("target", "target"),
    ("met", "met"),
    ("peak MiB", "peak_mib"),
    ("note", "note"),
)


def format_seconds(value: float | None) -> str:
    """``12.3 us``, ``4.56 ms`` or ``1.23 s``; empty for ``None``."""
    if value is None:
        return ""
    if value < 1e-3:
        return f"{value * 1e6:.1f} us"
    if value < 1.0:
        return f"{value * 1e3:.2f} ms"
    return f"{value:.2f} s"


def cells(row: Row) -> list[str]:
    """The printed cells of ``row``, in :data:`COLUMNS` order."""
    met = {None: "", True: "yes", False: "NO"}[row.met]
    peak = "" if row.peak_mib is None else f"{row.peak_mib:.1f}"
    return [
        row.section,
        row.case,
        format_seconds(row.seconds),
        row.reference,
        format_seconds(row.reference_seconds),
        row.ratio,
        row.target,
        met,
        peak,
        row.note,
    ]


def text_table(rows: Sequence[Row]) -> str:
    """An aligned plain-text table (the terminal output)."""
    header = [title for title, _ in COLUMNS]
    body = [cells(row) for row in rows]
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
        for line in [header, *body]
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def markdown_table(rows: Sequence[Row]) -> str:
    """A Markdown table (``|`` in cells escaped)."""
    header = [title for title, _ in COLUMNS]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells(row)) + " |")
    return "\n".join(lines) + "\n"


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    import numpy

    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
    }


def render(rows: Sequence[Row], path: str, info: dict[str, Any]) -> str:
    """The ``--output`` document: JSON for a ``.json`` path, else Markdown."""
    if path.endswith(".json"):
        return json.dumps({**info, "rows": [row.as_dict() for row in rows]}, indent=2) + "\n"
    described = ", ".join(f"{key} {value}" for key, value in info.items())
    return f"Measured {described}.\n\n" + markdown_table(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks, print the table, optionally write it; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python benchmarks/run.py", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes: a smoke run")
    parser.add_argument(
        "--only",
        metavar="NAME,...",
        help=f"comma-separated sections (default: all): {', '.join(SECTIONS)}",
    )
    parser.add_argument(
        "--output", metavar="FILE", help="also write the table: FILE.json as JSON, else Markdown"
    )
    args = parser.parse_args(argv)
    names = (
        list(SECTIONS) if not args.only else [n.strip() for n in args.only.split(",") if n.strip()]
    )
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        from axiometrics.suggest import closest

        near = closest(unknown[0], SECTIONS)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        parser.error(f"--only={unknown[0]!r}: expected one of {', '.join(SECTIONS)}{hint}")
    sizes = Sizes.quick() if args.quick else Sizes()
    info = {**machine(), "quick": bool(args.quick)}
    rows = run_sections(names, sizes, lambda name: print(f"running {name} ...", file=sys.stderr))
    print(text_table(rows), end="")
    met = sum(row.met is True for row in rows)
    missed = sum(row.met is False for row in rows)
    failed = [row.section for row in rows if row.seconds is None]
    print(f"\n{len(rows)} rows; targets met: {met}, missed: {missed}")
    if args.output:
        write_text(args.output, render(rows, args.output, info))
    if failed:
        print(f"failed sections: {', '.join(failed)} (see their rows)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
