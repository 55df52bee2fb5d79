"""Benchmarks of the meta-evaluation engine (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_meta.py            # everything
    python benchmarks/bench_meta.py --quick    # skip the slow baselines and the whole run

Every comparison is measured side by side in one process: the two contenders
run alternately, ``repeats`` times each, and the table shows the median
wall-clock seconds and the median CPU seconds of this process (steadier on a
machine shared with other jobs) of each, and their ratios (baseline / ours,
so ``2.0x`` means ours takes half the time).  Peak memory is the largest
traced allocation (``tracemalloc``, NumPy included) during one separate call.

1. the randomised Tukey HSD test on 300 topics x 22 systems, B = 5000
   (:func:`axiometrics.meta.randomized_tukey_hsd`), against a per-trial loop
   that shuffles every row at once with ``Generator.permuted``;
2. the ranking-consistency step (Kendall taus of 1000 topic splits x 20
   measures, 100 topics x 50 systems) against the straightforward loop over
   splits (all measures at once per split);
3. discriminative power of 24 stacked measures (shared permutations)
   against one per-trial loop per measure (not with ``--quick``);
4. scaling of the Tukey test's time and peak memory with B, topics and
   systems (three sizes each);
5. the whole default meta-evaluation (not with ``--quick``).

The pieces are importable (:func:`tukey_vs_loop`, :func:`consistency_vs_loop`,
:func:`stacked_vs_loops`, :func:`tukey_scaling`); each returns a list of
rows ``{"task", "baseline", "ours_s", "baseline_s", "ratio", "ours_cpu_s",
"baseline_cpu_s", "cpu_ratio", "peak_mib", "repeats", ...}`` (seconds are
medians; scaling rows have ``ours_s``, ``ours_cpu_s``, ``peak_mib`` and the
growth relative to the smallest size instead of a baseline).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from axiometrics import default_registry
from axiometrics.meta import (
    ScoreMatrices,
    default_label_runs,
    kendall_tau,
    randomized_tukey_hsd,
    run,
    score_runs,
)
from axiometrics.meta.consistency import consistency_taus, topic_splits
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED

Row = dict[str, Any]


def per_trial_loop_tukey(x: np.ndarray, trials: int, seed: int) -> np.ndarray:
    """The baseline: a loop over trials, each shuffling all rows with one ``Generator.permuted``."""
    rng = np.random.default_rng(seed)
    means = x.mean(axis=0)
    observed = np.abs(means[:, None] - means[None, :])
    ranges = np.empty(trials)
    for b in range(trials):
        m = rng.permuted(x, axis=1).mean(axis=0)
        ranges[b] = m.max() - m.min()
    return (ranges[:, None, None] >= observed[None] - 1e-12).mean(axis=0)


def straightforward_taus(
    scores: ScoreMatrices, first: np.ndarray, second: np.ndarray
) -> np.ndarray:
    """The baseline: a loop over splits, each ranking every measure at once."""
    oriented = scores.oriented()
    taus = np.empty((len(first), len(scores.measures)))
    for trial, (a, b) in enumerate(zip(first, second, strict=True)):
        taus[trial] = kendall_tau(oriented[:, a].mean(axis=1), oriented[:, b].mean(axis=1))
    return taus


def side_by_side(ours: Callable[[], Any], baseline: Callable[[], Any], repeats: int) -> Row:
    """Median wall-clock and CPU seconds of both, run alternately (after one warm-up call each).

    Returns ``ours_s``, ``baseline_s`` (wall-clock), ``ours_cpu_s`` and
    ``baseline_cpu_s`` (CPU time of this process, less disturbed by other
    jobs on a shared machine).
    """
    ours()
    baseline()
    mine: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for _ in range(repeats):
        mine.append(_timed(ours))
        theirs.append(_timed(baseline))
    return {
        "ours_s": statistics.median(wall for wall, _ in mine),
        "baseline_s": statistics.median(wall for wall, _ in theirs),
        "ours_cpu_s": statistics.median(cpu for _, cpu in mine),
        "baseline_cpu_s": statistics.median(cpu for _, cpu in theirs),
    }


def peak_mib(fn: Callable[[], Any]) -> float:
    """Largest traced allocation during one call, in MiB."""
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def _timed(fn: Callable[[], Any]) -> tuple[float, float]:
    """Wall-clock and process CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _row(task: str, baseline: str, timings: Row, **extra: Any) -> Row:
    return {
        "task": task,
        "baseline": baseline,
        **timings,
        "ratio": timings["baseline_s"] / timings["ours_s"],
        "cpu_ratio": timings["baseline_cpu_s"] / timings["ours_cpu_s"],
        **extra,
    }


def tukey_matrix(topics: int = 300, systems: int = 22, seed: int = 0) -> np.ndarray:
    """Scores in [0, 1] of systems of evenly spread quality plus noise."""
    rng = np.random.default_rng(seed)
    quality = np.linspace(0.3, 0.7, systems)
    return np.clip(quality + rng.normal(0, 0.15, (topics, systems)), 0, 1)


def tukey_vs_loop(
    topics: int = 300, systems: int = 22, trials: int = 5000, repeats: int = 5
) -> list[Row]:
    """Randomised Tukey HSD against the per-trial ``Generator.permuted`` loop."""
    x = tukey_matrix(topics, systems)
    timings = side_by_side(
        lambda: randomized_tukey_hsd(x, trials=trials, seed=1),
        lambda: per_trial_loop_tukey(x, trials, 1),
        repeats,
    )
    fast = randomized_tukey_hsd(x, trials=trials, seed=1).p_values
    loop = per_trial_loop_tukey(x, trials, 1)
    iu = np.triu_indices(systems, k=1)
    return [
        _row(
            f"randomised Tukey HSD, {topics} x {systems}, B = {trials}",
            "per-trial Generator.permuted loop",
            timings,
            peak_mib=peak_mib(lambda: randomized_tukey_hsd(x, trials=trials, seed=1)),
            baseline_peak_mib=peak_mib(lambda: per_trial_loop_tukey(x, trials, 1)),
            largest_p_gap=float(np.abs(fast[iu] - loop[iu]).max()),
            # Two independent estimates of p differ with sd sqrt(2 p (1 - p) / B).
            difference_sd=float(np.sqrt(0.5 / trials)),
            repeats=repeats,
        )
    ]


def consistency_scores(
    measures: int = 20, topics: int = 100, systems: int = 50, seed: int = 0
) -> ScoreMatrices:
    """Score matrices on a grid of 0.01 (ties occur, as with label-based measures)."""
    rng = np.random.default_rng(seed)
    quality = np.linspace(0.2, 0.8, systems)
    noise = rng.normal(0, rng.uniform(0.05, 0.4, (measures, 1, 1)), (measures, topics, systems))
    return ScoreMatrices(
        tuple(f"m{i}" for i in range(measures)),
        tuple(f"t{i}" for i in range(topics)),
        tuple(f"s{i}" for i in range(systems)),
        np.round(np.clip(quality + noise, 0, 1), 2),
        (True,) * measures,
    )


def consistency_vs_loop(
    splits: int = 1000, measures: int = 20, repeats: int = 5, topics: int = 100, systems: int = 50
) -> list[Row]:
    """The ranking-consistency step (taus of every split and measure) against the loop."""
    scores = consistency_scores(measures, topics, systems)
    rows = []
    for split in ("full", 10):
        first, second = topic_splits(topics, trials=splits, split=split, seed=1)
        ours = partial(consistency_taus, scores, first, second)
        loop = partial(straightforward_taus, scores, first, second)
        timings = side_by_side(ours, loop, repeats)
        same = np.array_equal(ours(), loop())
        label = "halves" if split == "full" else "10 vs 10"
        rows.append(
            _row(
                f"ranking consistency taus, {splits} splits ({label}) x {measures} measures, "
                f"{topics} x {systems}",
                "loop over splits",
                timings,
                peak_mib=peak_mib(ours),
                identical=same,
                repeats=repeats,
            )
        )
    return rows


def stacked_vs_loops(trials: int = 5000, repeats: int = 1) -> list[Row]:
    """Discriminative power of every OC measure (shared permutations) against per-measure loops."""
    from axiometrics.meta import discriminative_power

    scores = score_runs(
        default_label_runs(), default_registry().names("oc"), on_undefined=DEFAULT_ON_UNDEFINED
    )
    m, t, s = scores.shape
    timings = side_by_side(
        lambda: discriminative_power(scores, B=trials, seed=0),
        lambda: [per_trial_loop_tukey(scores.scores[i], trials, i) for i in range(m)],
        repeats,
    )
    return [
        _row(
            f"discriminative power, {m} measures x {t} x {s}, B = {trials}",
            "one per-trial loop per measure",
            timings,
            peak_mib=peak_mib(lambda: discriminative_power(scores, B=trials, seed=0)),
            repeats=repeats,
        )
    ]


def tukey_scaling(repeats: int = 3) -> list[Row]:
    """Time and peak memory of the Tukey test as B, topics and systems grow (3 sizes each).

    Times are medians of CPU seconds (steadier than wall-clock on a shared
    machine); growth is relative to the smallest size of the same axis.
    """
    cases = [("B", b, (300, 22, b)) for b in (1000, 5000, 25000)]
    cases += [("topics", n, (n, 22, 2000)) for n in (100, 300, 900)]
    cases += [("systems", k, (300, k, 2000)) for k in (11, 22, 44)]
    rows: list[Row] = []
    first: dict[str, Row] = {}
    for axis, size, (n, k, b) in cases:
        test = partial(randomized_tukey_hsd, tukey_matrix(n, k), trials=b, seed=0)
        test()
        timings = [_timed(test) for _ in range(repeats)]
        row: Row = {
            "task": f"Tukey HSD scaling in {axis}",
            "axis": axis,
            "size": size,
            "shape": f"{n} x {k}, B = {b}",
            "ours_s": statistics.median(wall for wall, _ in timings),
            "ours_cpu_s": statistics.median(cpu for _, cpu in timings),
            "peak_mib": peak_mib(test),
        }
        base = first.setdefault(axis, row)
        row["time_growth"] = row["ours_cpu_s"] / base["ours_cpu_s"]
        row["memory_growth"] = row["peak_mib"] / base["peak_mib"]
        rows.append(row)
    return rows


def print_comparisons(rows: list[Row]) -> None:
    """Two lines per comparison: medians (wall-clock and CPU), ratios and peak memory."""
    for row in rows:
        print(f"  {row['task']} (median of {row['repeats']}; ratio = baseline / ours)")
        print(
            f"    wall-clock: axiometrics {row['ours_s']:7.3f} s, {row['baseline']}"
            f" {row['baseline_s']:7.3f} s, ratio {row['ratio']:4.1f}x"
        )
        print(
            f"    CPU:        axiometrics {row['ours_cpu_s']:7.3f} s, {row['baseline']}"
            f" {row['baseline_cpu_s']:7.3f} s, ratio {row['cpu_ratio']:4.1f}x;"
            f" peak traced memory {row['peak_mib']:.1f} MiB"
        )
        if "largest_p_gap" in row:
            print(
                f"    largest p-value gap to the loop {row['largest_p_gap']:.4f}"
                f" (sd of the difference of two estimates <= {row['difference_sd']:.4f});"
                f" loop peak {row['baseline_peak_mib']:.1f} MiB"
            )
        if "identical" in row:
            print(f"    taus identical to the loop: {row['identical']}")


def print_scaling(rows: list[Row]) -> None:
    """Scaling table: CPU time and peak memory relative to the smallest size of each axis."""
    for row in rows:
        print(
            f"  {row['axis']:>7} = {row['size']:6d} ({row['shape']:>20}): "
            f"{row['ours_cpu_s']:6.3f} CPU s (x{row['time_growth']:4.1f}), "
            f"peak {row['peak_mib']:5.1f} MiB (x{row['memory_growth']:4.2f})"
        )


def bench_default_meta_evaluation() -> None:
    """Wall-clock and CPU seconds of the whole default meta-evaluation, per family."""
    runs = default_label_runs()
    registry = default_registry()
    print("5. Whole default meta-evaluation (embedded data, 1000 splits x {full, 10}, B = 5000)")
    total_wall = total_cpu = 0.0
    for family in ("oc", "oq"):
        names = registry.names(family)
        wall, cpu = time.perf_counter(), time.process_time()
        result = run(runs, measures=names, on_undefined=DEFAULT_ON_UNDEFINED)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total_wall += wall
        total_cpu += cpu
        print(
            f"   {family}: {len(result.scores.measures):2d} measures analysed "
            f"({len(names)} registered): {wall:6.2f} s wall-clock, {cpu:6.2f} s CPU"
        )
    print(f"   total: {total_wall:6.2f} s wall-clock, {total_cpu:6.2f} s CPU")


def main() -> None:
    """Run every benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the slow baselines")
    parser.add_argument("--repeats", type=int, default=5, help="timed calls of each contender")
    args = parser.parse_args()
    print("1. Randomised Tukey HSD")
    print_comparisons(tukey_vs_loop(repeats=args.repeats))
    print("2. Ranking consistency step")
    print_comparisons(consistency_vs_loop(repeats=args.repeats))
    if not args.quick:
        print("3. Stacked measures (shared permutations)")
        print_comparisons(stacked_vs_loops())
    print("4. Scaling of the Tukey test (CPU time and peak memory; growth vs the smallest size)")
    print_scaling(tukey_scaling(repeats=max(1, args.repeats // 2)))
    if not args.quick:
        bench_default_meta_evaluation()


if __name__ == "__main__":
    main()
