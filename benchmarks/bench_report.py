"""Benchmark of ``axiometrics report`` (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_report.py                 # the default report, 2 jobs
    python benchmarks/bench_report.py --jobs 1        # one worker process
    python benchmarks/bench_report.py --data synthetic --measures mae_macro,nmd

It builds the default report in memory (every built-in measure at the
``ci`` profile, the meta-evaluation on every embedded data set, Table 3),
renders every file, and prints the wall time of each phase and the size of
each file.  Nothing is written to ``reports/``.  docs/report.md records a
run and says where the time goes.

:func:`report_end_to_end` runs the command itself (``axiometrics report``
in a subprocess, writing to a temporary folder) and returns its wall time
with the phases the report records in ``report.json``; ``benchmarks/run.py``
uses it for its ``report`` section.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from axiometrics.report import (
    ReportSettings,
    build_report,
    default_datasets,
    render_files,
)


def report_end_to_end(
    args: Sequence[str] = (), *, env: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Run ``axiometrics report ARGS`` in a subprocess; its wall time and phases.

    The report is written to a temporary folder (removed afterwards), so the
    time covers everything a user waits for: start-up, the claim checks,
    the meta-evaluation, the charts, the templates and the atomic write.

    Parameters
    ----------
    args
        Further ``axiometrics report`` options (e.g. ``--measures``, ``--jobs``).
    env
        The subprocess' environment (default: this process').

    Returns
    -------
    dict
        ``wall_seconds`` (the whole process), ``phases`` (seconds per phase
        as recorded in ``report.json``, plus ``"start-up, loading, templates,
        writing"``: the rest of the wall time), ``jobs`` and ``cpu_count``.
    """
    with tempfile.TemporaryDirectory(prefix="axiometrics-bench-report-") as folder:
        out = Path(folder) / "report"
        command = [sys.executable, "-m", "axiometrics", "report", "--quiet", "-o", str(out), *args]
        started = time.perf_counter()
        result = subprocess.run(
            command, capture_output=True, text=True, env=None if env is None else dict(env)
        )
        wall = time.perf_counter() - started
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
        provenance = json.loads((out / "report.json").read_text(encoding="utf-8"))["provenance"]
    phases = {str(k): float(v) for k, v in provenance["seconds"].items()}
    phases["start-up, loading, templates, writing"] = max(0.0, wall - sum(phases.values()))
    return {
        "wall_seconds": wall,
        "phases": phases,
        "jobs": provenance["jobs"],
        "cpu_count": provenance["cpu_count"],
    }


def main() -> None:
    """Build and render the default report; print the time per phase."""
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_report.py")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--data", help="comma-separated embedded collections (default: all)")
    parser.add_argument("--measures", help="comma-separated registered measures (default: all)")
    args = parser.parse_args()
    names = args.data.split(",") if args.data else None
    started = time.perf_counter()
    datasets = default_datasets(names)
    loading = time.perf_counter() - started
    report = build_report(ReportSettings(datasets=datasets, profile=args.profile, jobs=args.jobs))
    before = time.perf_counter()
    files = render_files(report)
    rendering = time.perf_counter() - before - report.seconds["charts"]
    total = time.perf_counter() - started
    print(f"jobs={args.jobs} profile={args.profile} cores={os.cpu_count()}")
    print(f"{'phase':<22}{'seconds':>9}")
    print(f"{'load data sets':<22}{loading:>9.1f}")
    for phase, seconds in report.seconds.items():
        print(f"{phase:<22}{seconds:>9.1f}")
    print(f"{'templates + JSON':<22}{rendering:>9.1f}")
    print(f"{'total':<22}{total:>9.1f}")
    per_set = report.model["meta"]
    print(f"meta-evaluation: {len(per_set)} data sets: " + ", ".join(d["key"] for d in per_set))
    for name, text in files.items():
        print(f"{name:<22}{len(text.encode('utf-8')) / 1024:>9.0f} KiB")


if __name__ == "__main__":
    main()
