"""Benchmark of the property table (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_property_table.py              # ci profile, 2 worker processes
    python benchmarks/bench_property_table.py --jobs 1     # one process
    python benchmarks/bench_property_table.py --profile thorough

It builds the whole property table (every registered measure, every claim of
its family, the variants and the literature's precondition sets) exactly as
``axiometrics table`` does, and reports the wall time, the time per claim
(summed over measures and variants, in seconds of the workers), the slowest
measures, whether the target (the whole table at the ``ci`` profile in under 2
minutes on a 2-core machine) is met, and every verdict (main and variants)
whose outcome differs from the committed ``reports/report.json``.

Side by side with an older checkout (the time the issues compare against),
time the two ``axiometrics table`` commands as whole processes, alternating
runs (e.g. ``/usr/bin/time -v``, several runs each).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from axiometrics.property_table import build_property_table

TARGET_SECONDS = 120.0
COMMITTED = Path(__file__).resolve().parents[1] / "reports" / "report.json"


def committed_outcomes(path: Path = COMMITTED) -> dict[tuple[str, str, str], str]:
    """``(measure, claim, variant label) -> outcome`` of the committed report."""
    model = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for row in model["property_table"]:
        out[(row["measure"], row["claim"], "main")] = row["outcome"]
        for variant in row["variants"]:
            out[(row["measure"], row["claim"], variant["label"])] = variant["outcome"]
    return out


def main() -> None:
    """Build the table once and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="ci", choices=("dev", "ci", "thorough"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()

    started = time.perf_counter()
    table = build_property_table(settings=args.profile, jobs=args.jobs, seed=args.seed)
    wall = time.perf_counter() - started

    n_verdicts = sum(1 + len(r.variants) for rep in table.reports for r in rep.results)
    print(
        f"property table: {len(table.reports)} measures, {n_verdicts} verdicts, profile "
        f"{table.profile} ({table.max_examples} cases each), seed {table.seed}, "
        f"{args.jobs} job(s) on {os.cpu_count()} CPUs"
    )
    print(f"wall time: {wall:.1f}s (target at ci: < {TARGET_SECONDS:.0f}s)")
    print("\ntime per claim (CPU seconds summed over measures and variants):")
    per_claim = table.claim_seconds()
    for claim, seconds in sorted(per_claim.items(), key=lambda kv: -kv[1]):
        print(f"  {claim:32s} {seconds:7.2f}s")
    print(f"  {'total':32s} {sum(per_claim.values()):7.2f}s")
    print("\nslowest measures:")
    for rep in sorted(table.reports, key=lambda r: -r.seconds)[:5]:
        print(f"  {rep.measure:20s} {rep.seconds:6.2f}s")
    if args.profile == "ci":
        verdict = "met" if wall < TARGET_SECONDS else "MISSED"
        print(f"\ntarget {verdict}")
    if COMMITTED.exists():
        committed = committed_outcomes()
        fresh = {
            (rep.measure, res.claim, v.label or "main"): v.outcome.value
            for rep in table.reports
            for res in rep.results
            for v in (res.verdict, *res.variants)
        }
        changed = sorted(k for k in set(committed) | set(fresh) if committed.get(k) != fresh.get(k))
        print(f"\nverdicts differing from reports/report.json: {len(changed)} of {len(fresh)}")
        for key in changed:
            print(f"  {' / '.join(key)}: committed {committed.get(key)}, now {fresh.get(key)}")


if __name__ == "__main__":
    main()
