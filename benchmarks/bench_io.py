"""Time reading a large SemEval subtask C gold + run pair (``axiometrics score``'s readers).

Usage::

    python benchmarks/bench_io.py                 # 1,000,000 items, in a temporary folder
    python benchmarks/bench_io.py --items 200000 --topics 100
    python benchmarks/bench_io.py --dir /tmp/big --generate-only
    /usr/bin/time -v python benchmarks/bench_io.py --dir /tmp/big   # reads the files there

The files (tab-separated ``id, topic, label`` rows, labels -2..2) are
generated in a temporary folder and removed afterwards, or kept in
``--dir`` (where existing files are read as they are, so that the peak
memory measured covers reading only).  Prints the
file sizes and the seconds spent reading and aligning them
(:func:`axiometrics.io.read_label_runs`) and scoring ``mae_macro``.  Peak
memory: run it under ``/usr/bin/time -v`` ("Maximum resident set size").
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np


def write_pair(folder: Path, items: int, topics: int, seed: int = 0) -> tuple[Path, Path]:
    """Write ``gold.tsv`` and ``run.tsv`` with ``items`` rows over ``topics`` topics."""
    rng = np.random.default_rng(seed)
    ids = np.arange(items).astype(str)
    topic = np.char.add("topic", (np.arange(items) % topics).astype(str))
    gold = rng.integers(-2, 3, items)
    run = np.clip(gold + rng.integers(-1, 2, items), -2, 2)
    paths = []
    for name, labels in (("gold", gold), ("run", run)):
        path = folder / f"{name}.tsv"
        lines = np.char.add(
            np.char.add(np.char.add(ids, "\t"), np.char.add(topic, "\t")), labels.astype(str)
        )
        path.write_text("\n".join(lines.tolist()) + "\n", encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def main() -> None:
    """Generate the files, read them and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--topics", type=int, default=100)
    parser.add_argument("--dir", type=Path, help="keep the files here (reuse existing ones)")
    parser.add_argument("--generate-only", action="store_true", help="write the files and stop")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        gold, run = folder / "gold.tsv", folder / "run.tsv"
        if not (gold.is_file() and run.is_file()):
            gold, run = write_pair(folder, args.items, args.topics)
        if args.generate_only:
            return
        _time_read(gold, run)


def _time_read(gold: Path, run: Path) -> None:
    from axiometrics import default_registry
    from axiometrics.io import SEMEVAL_SCALE, read_label_runs

    sizes = ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in (gold, run))
    start = time.perf_counter()
    runs = read_label_runs(gold, [run], scale=SEMEVAL_SCALE)
    read = time.perf_counter() - start
    start = time.perf_counter()
    default_registry().get("mae_macro")(runs.confusion_batch, values=runs.scale.value_array)
    scored = time.perf_counter() - start
    print(f"{runs.n_items} items, {len(runs.topics)} topics ({sizes})")
    print(f"read + align: {read:.2f} s; score mae_macro: {scored:.3f} s")


if __name__ == "__main__":
    main()
