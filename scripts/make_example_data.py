"""Regenerate the bundled example data in ``axiometrics/data/`` (seeded, deterministic).

The example mimics SemEval-2016/2017 Task 4: five ordinal classes -2..2,
tweets grouped by topic, a gold file and several runs in the subtask C
layout (``id<TAB>topic<TAB>label``), plus the subtask E layout
(``topic<TAB>p(-2)..p(2)``) obtained by classify-and-count.  The runs are
built to disagree across measures: an ordinal-aware run with near misses,
a run with random errors, a run biased toward the positive end, and the
constant "always neutral" baseline.

Run: ``python scripts/make_example_data.py``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from axiometrics.atomic import write_text

LABELS = np.array([-2, -1, 0, 1, 2])
OUT = Path(__file__).resolve().parents[1] / "axiometrics" / "data"
N_TOPICS, ITEMS_PER_TOPIC, SEED = 8, 60, 20161


def main() -> None:
    rng = np.random.default_rng(SEED)
    topics, gold = [], []
    for t in range(N_TOPICS):
        prior = rng.dirichlet([0.6, 1.5, 3.0, 2.5, 0.8])
        topics += [f"topic{t + 1:02d}"] * ITEMS_PER_TOPIC
        gold.append(rng.choice(5, size=ITEMS_PER_TOPIC, p=prior))
    g = np.concatenate(gold)
    n = g.size
    ids = [f"{100000 + i}" for i in range(n)]

    near = g.copy()
    flip = rng.random(n) < 0.35
    near[flip] = np.clip(g[flip] + rng.choice([-1, 1], size=flip.sum()), 0, 4)

    noisy = g.copy()
    wrong = rng.random(n) < 0.30
    noisy[wrong] = rng.integers(0, 5, size=wrong.sum())

    positive = np.clip(g + (rng.random(n) < 0.5), 0, 4)

    neutral = np.full(n, 2)

    runs = {
        "gold": g,
        "run_ordinal": near,
        "run_random": noisy,
        "run_positive": positive,
        "run_neutral": neutral,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    for name, labels in runs.items():
        lines = [f"{i}\t{t}\t{LABELS[x]}" for i, t, x in zip(ids, topics, labels, strict=True)]
        write_text(OUT / f"example_{name}.tsv", "\n".join(lines) + "\n")
        rows = []
        for topic in sorted(set(topics)):
            mask = np.array(topics) == topic
            share = np.bincount(labels[mask], minlength=5) / mask.sum()
            rows.append(topic + "\t" + "\t".join(f"{p:.6f}" for p in share))
        write_text(OUT / f"example_{name}_distributions.tsv", "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
