"""Benchmark of the all-pairs significance tests (a plain script, not part of the test run).

Run from the repository root::

    python benchmarks/bench_stats.py                  # 50 systems x 100 topics x B = 10,000
    python benchmarks/bench_stats.py --systems 20 --trials 2000

For the randomisation (Monte Carlo) and bootstrap tests it times one
vectorised call over every pair of systems and a loop calling the same
function on each pair's two columns, in the same process, and prints both
times, their ratio and the largest difference between the two sets of
p-values (0: a pair's draws do not depend on the other pairs).
docs/statistics.md records a run.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from axiometrics import stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, default=50)
    parser.add_argument("--topics", type=int, default=100)
    parser.add_argument("--trials", type=int, default=10_000)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    shift = np.linspace(0.0, 0.2, args.systems)
    topic = rng.uniform(0.0, 0.6, size=(args.topics, 1))
    noise = rng.normal(0.0, 0.1, size=(args.topics, args.systems))
    scores = np.clip(topic + noise + shift, 0.0, 1.0)
    a, b = np.triu_indices(args.systems, k=1)
    tests = {
        "randomisation": lambda m: stats.randomisation_test(
            m, trials=args.trials, seed=1, exact_max_topics=0
        ),
        "bootstrap": lambda m: stats.bootstrap_test(m, trials=args.trials, seed=1),
    }
    for name, test in tests.items():
        began = time.perf_counter()
        together = test(scores).p_value
        vectorised = time.perf_counter() - began
        began = time.perf_counter()
        alone = np.array([test(scores[:, [i, j]]).p_value[0] for i, j in zip(a, b, strict=True)])
        loop = time.perf_counter() - began
        print(
            f"{name}: {len(a)} pairs, vectorised {vectorised:.2f} s, per-pair loop {loop:.2f} s, "
            f"ratio {loop / vectorised:.1f}x, largest p-value difference "
            f"{np.abs(together - alone).max():.2g}"
        )


if __name__ == "__main__":
    main()
