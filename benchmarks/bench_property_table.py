"""Benchmark of the property table (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_property_table.py              # ci profile, 2 worker processes
    python benchmarks/bench_property_table.py --jobs 1     # one process
    python benchmarks/bench_property_table.py --profile thorough

It builds the whole property table (every registered measure, every claim of
its family, the variants and the literature's precondition sets) exactly as
``axiometrics table`` does, and reports the wall time, the time per claim
(summed over measures and variants, in CPU seconds of the workers), the
slowest measures, and whether the target (the whole table at the ``ci``
profile in under 2 minutes on a 2-core machine) is met.
"""

from __future__ import annotations

import argparse
import os
import time

from axiometrics.property_table import build_property_table

TARGET_SECONDS = 120.0


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


if __name__ == "__main__":
    main()
