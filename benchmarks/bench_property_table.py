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
time the same table in both trees as whole processes, alternating runs, in
CPU seconds (user + system, worker processes included).  ``--tree`` builds
the table with the axiometrics of another checkout (e.g. a ``git worktree``
of commit 3a86a79, which has only the ordinal families) and ``--families``
restricts both to the families they share::

    git worktree add /tmp/base 3a86a79
    /usr/bin/time -f "%U+%S s CPU, %e s wall" python benchmarks/bench_property_table.py \
        --families oc,oq --tree /tmp/base
    /usr/bin/time -f "%U+%S s CPU, %e s wall" python benchmarks/bench_property_table.py \
        --families oc,oq
    git worktree remove /tmp/base

(with ``--tree`` no verdicts are compared: the committed report belongs to
this tree).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

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


def use_tree(tree: Path) -> None:
    """Import axiometrics, and its built-in plugins, from another checkout.

    The installed package's entry points name plugin modules of this tree;
    those whose module the other checkout also has are kept, loaded from
    ``tree/measures`` (an older checkout may lack the later families).
    """
    sys.path.insert(0, str(tree))
    import axiometrics

    if not Path(axiometrics.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"--tree {tree}: axiometrics was imported from {axiometrics.__file__}")
    spec = importlib.util.spec_from_file_location(
        "axiometrics.measures",
        tree / "measures" / "__init__.py",
        submodule_search_locations=[str(tree / "measures")],
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"--tree {tree}: no measures/ package there")
    module = importlib.util.module_from_spec(spec)
    sys.modules["axiometrics.measures"] = module
    spec.loader.exec_module(module)
    axiometrics.measures = module
    from axiometrics import registry

    everything = registry._entry_points

    def in_tree(ep: Any) -> bool:
        module = ep.value.split(":")[0]
        if not module.startswith("axiometrics.measures."):
            return True  # a third-party plugin: not part of either checkout
        return (tree / "measures" / f"{module.rsplit('.', 1)[1]}.py").is_file()

    registry._entry_points = lambda group, third_party: [
        ep for ep in everything(group, third_party) if in_tree(ep)
    ]


def main() -> None:
    """Build the table once and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="ci", choices=("dev", "ci", "thorough"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--families", default=None, help="comma list of primary families (default: all)"
    )
    parser.add_argument(
        "--tree", type=Path, default=None, help="build with the axiometrics of this checkout"
    )
    args = parser.parse_args()
    if args.tree is not None:
        use_tree(args.tree)
    from axiometrics.property_table import build_property_table
    from axiometrics.registry import default_registry

    names: Any = None
    if args.families is not None:
        wanted = set(args.families.split(","))
        registry = default_registry()
        names = [n for n in registry.names() if registry.get(n).measure.family in wanted]

    started = time.perf_counter()
    table = build_property_table(
        settings=args.profile, jobs=args.jobs, seed=args.seed, measures=names
    )
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
    if COMMITTED.exists() and args.tree is None:
        built = {rep.measure for rep in table.reports}
        committed = {k: v for k, v in committed_outcomes().items() if k[0] in built}
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
