"""Benchmarks of the meta-evaluation engine (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_meta.py            # everything
    python benchmarks/bench_meta.py --quick    # skip the whole default meta-evaluation

It measures, side by side in one run:

1. the randomised Tukey HSD test on 300 topics x 22 systems with B = 5000,
   vectorised and chunked (:func:`axiometrics.meta.randomized_tukey_hsd`)
   against two straightforward per-trial Python loops written below;
2. the whole default meta-evaluation (every built-in OC and OQ measure on
   the embedded synthetic data, 1000 splits of each kind, B = 5000);
3. peak traced memory (tracemalloc) of the Tukey test for two values of B,
   chunked, and unchunked for comparison.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics import default_registry
from axiometrics.meta import default_label_runs, randomized_tukey_hsd, run
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED


def naive_tukey_rowwise(x: np.ndarray, trials: int, seed: int) -> np.ndarray:
    """Textbook version: for every trial, shuffle every row with its own permutation."""
    rng = np.random.default_rng(seed)
    k = x.shape[1]
    means = x.mean(axis=0)
    observed = np.abs(means[:, None] - means[None, :])
    counts = np.zeros((k, k))
    for _ in range(trials):
        permuted = np.array([row[rng.permutation(k)] for row in x])
        m = permuted.mean(axis=0)
        counts += (m.max() - m.min()) >= observed - 1e-12
    return counts / trials


def naive_tukey_per_trial(x: np.ndarray, trials: int, seed: int) -> np.ndarray:
    """A loop over trials, each trial shuffling all rows at once with Generator.permuted."""
    rng = np.random.default_rng(seed)
    means = x.mean(axis=0)
    observed = np.abs(means[:, None] - means[None, :])
    ranges = np.empty(trials)
    for b in range(trials):
        m = rng.permuted(x, axis=1).mean(axis=0)
        ranges[b] = m.max() - m.min()
    return (ranges[:, None, None] >= observed[None] - 1e-12).mean(axis=0)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def bench_tukey() -> None:
    rng = np.random.default_rng(0)
    quality = np.linspace(0.3, 0.7, 22)
    x = np.clip(quality + rng.normal(0, 0.15, (300, 22)), 0, 1)
    b = 5000
    randomized_tukey_hsd(x, trials=50, seed=1)  # warm-up
    t_fast, fast = timed(lambda: randomized_tukey_hsd(x, trials=b, seed=1))
    t_loop, loop = timed(lambda: naive_tukey_per_trial(x, b, 1))
    t_rows, rows = timed(lambda: naive_tukey_rowwise(x, b, 1))
    iu = np.triu_indices(22, k=1)
    se = np.sqrt(0.25 / b)
    print("1. Randomised Tukey HSD, 300 topics x 22 systems, B = 5000")
    print(f"   vectorised + chunked (axiometrics) : {t_fast:7.3f} s")
    print(
        f"   per-trial loop (Generator.permuted): {t_loop:7.3f} s  ({t_loop / t_fast:5.1f}x slower)"
    )
    print(
        f"   per-trial, per-row loop (textbook) : {t_rows:7.3f} s  ({t_rows / t_fast:5.1f}x slower)"
    )
    gap = max(
        np.abs(fast.p_values[iu] - loop[iu]).max(), np.abs(fast.p_values[iu] - rows[iu]).max()
    )
    print(f"   largest p-value gap to the loops   : {gap:.4f} (Monte Carlo sd <= {se:.4f})")
    print(
        f"   pairs significant at 0.05 (ours / loops): "
        f"{(fast.p_values[iu] < 0.05).sum()} / {(loop[iu] < 0.05).sum()}, {(rows[iu] < 0.05).sum()}"
    )


def bench_stacked() -> None:
    from axiometrics.meta import discriminative_power, score_runs

    runs = default_label_runs()
    names = default_registry().names("oc")
    scores = score_runs(runs, names, on_undefined=DEFAULT_ON_UNDEFINED)
    m, t, s = scores.shape
    b = 5000
    t_fast, _ = timed(lambda: discriminative_power(scores, B=b, seed=0))
    t_loop, _ = timed(lambda: [naive_tukey_per_trial(scores.scores[i], b, i) for i in range(m)])
    print(f"1b. Discriminative power, {m} measures x {t} topics x {s} systems, B = {b}")
    print(f"   stacked (shared permutations)      : {t_fast:7.3f} s")
    print(
        f"   per-measure per-trial loops        : {t_loop:7.3f} s  ({t_loop / t_fast:5.1f}x slower)"
    )


def bench_default_meta_evaluation() -> None:
    runs = default_label_runs()
    registry = default_registry()
    print("2. Whole default meta-evaluation (embedded data, 1000 splits x {full, 10}, B = 5000)")
    total = 0.0
    for family in ("oc", "oq"):
        names = registry.names(family)
        elapsed, result = timed(
            lambda names=names: run(runs, measures=names, on_undefined=DEFAULT_ON_UNDEFINED)
        )
        total += elapsed
        print(
            f"   {family}: {len(result.scores.measures):2d} measures analysed "
            f"({len(names)} registered): {elapsed:6.2f} s"
        )
    print(f"   total: {total:6.2f} s")


def peak_memory(fn: Callable[[], Any]) -> float:
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def bench_memory() -> None:
    x = np.random.default_rng(2).random((300, 22))
    print("3. Peak traced memory of the Tukey test, 300 x 22")
    for b in (2_000, 50_000):
        mib = peak_memory(lambda b=b: randomized_tukey_hsd(x, trials=b, seed=0))
        print(f"   chunked, B = {b:6d}: {mib:7.1f} MiB")
    for b in (500, 2_000):
        mib = peak_memory(lambda b=b: randomized_tukey_hsd(x, trials=b, seed=0, max_elements=10**9))
        print(f"   one chunk (no bound), B = {b:6d}: {mib:7.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the whole meta-evaluation")
    args = parser.parse_args()
    bench_tukey()
    bench_stacked()
    if not args.quick:
        bench_default_meta_evaluation()
    bench_memory()


if __name__ == "__main__":
    main()
