"""Benchmarks of the measure kernels and of the cost of one scoring call.

Run from the repository root (a plain script, not part of the test run)::

    python benchmarks/bench_kernels.py            # everything
    python benchmarks/bench_kernels.py --quick    # fewer repeats, no per-matrix loops

Every number is measured side by side in the same process, and every row
states a ratio, not an absolute speed.  Times are CPU seconds of this
process (``time.process_time``), medians over interleaved rounds, so that
other processes competing for the cores (the benchmark machine has 2 cores
shared with other jobs) change the ratios as little as possible; the
``peak_mib`` of :func:`scaling` is ``tracemalloc``'s traced peak.

1. :func:`measures_vs_sum`: each built-in OC and OQ measure's batch path on
   ``topics x systems`` inputs of ``classes`` classes (one public call,
   validation included, and the bare compute function) against one
   ``numpy.sum`` pass over the same input arrays and against a Python loop
   calling the scorer once per matrix (or distribution pair);
2. :func:`score_call_overhead`: one ``ax.score`` call on a single 5-class
   confusion matrix against scikit-learn's ``cohen_kappa_score(weights=
   "linear")`` and ``mean_absolute_error`` on the equivalent label vectors,
   and against the measure's bare compute function on the same matrix;
3. :func:`scaling`: time and peak traced memory (``tracemalloc``) of a few
   measures as the number of classes and of topics grows (three sizes each).

The functions return lists of dictionaries (one per table row), so that
``benchmarks/run.py`` can import them and print one combined table.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import axiometrics as ax
from axiometrics import default_registry
from axiometrics.family import get_family
from axiometrics.registry import Scorer

__all__ = [
    "measures_vs_sum",
    "oc_batch",
    "oq_batch",
    "scaling",
    "score_call_overhead",
]

#: Measures whose scaling in the number of classes is reported by default:
#: one per kind of kernel (CEM^INT's closeness counts, the quadratic forms of
#: the weighted kappas, the cumulative sums of Kendall's tau, the logarithms
#: of MI, the pair signs of DNKT and the gold-mass weights of RNOD2).
SCALING_MEASURES = (
    "cem_int",
    "kappa_quadratic",
    "kendall_tau_b",
    "mutual_information",
    "dnkt",
    "rnod2",
)


#: The clock of every measurement: CPU seconds of this process.
clock = time.process_time


def _median_seconds(fn: Callable[[], Any], *, repeats: int, number: int = 1) -> float:
    """Median over ``repeats`` of the mean CPU time of ``number`` back-to-back calls."""
    fn()  # warm-up: imports, caches
    times = []
    for _ in range(repeats):
        start = clock()
        for _ in range(number):
            fn()
        times.append((clock() - start) / number)
    return statistics.median(times)


def _calls_per_round(fn: Callable[[], Any], target: float) -> int:
    """How many back-to-back calls of ``fn`` take about ``target`` seconds (at least 1)."""
    fn()  # warm-up: imports, caches
    start = clock()
    fn()
    once = max(clock() - start, 1e-7)
    return max(1, min(10_000, int(target / once)))


def side_by_side(
    fns: Sequence[Callable[[], Any]], *, rounds: int = 9, target: float = 0.02
) -> list[float]:
    """Median CPU seconds per call of each function, timed in interleaved rounds.

    Every round times each function once (``target`` seconds of back-to-back
    calls), rotating the order, so that a change in machine load during the
    run affects all of them alike and the ratios stay comparable.
    """
    numbers = [_calls_per_round(fn, target) for fn in fns]
    times: list[list[float]] = [[] for _ in fns]
    for r in range(rounds):
        for k in range(len(fns)):
            i = (k + r) % len(fns)
            start = clock()
            for _ in range(numbers[i]):
                fns[i]()
            times[i].append((clock() - start) / numbers[i])
    return [statistics.median(t) for t in times]


def oc_batch(topics: int, systems: int, classes: int, seed: int = 0) -> np.ndarray:
    """Confusion matrices ``(topics, systems, classes, classes)`` of 40 items each."""
    rng = np.random.default_rng(seed)
    shape = (topics, systems)
    gold = rng.integers(0, classes, (*shape, 40))
    noise = rng.integers(-2, 3, (*shape, 40))
    system = np.clip(gold + noise, 0, classes - 1)
    cells = system * classes + gold
    flat = cells.reshape(-1, 40) + (np.arange(topics * systems) * classes * classes)[:, None]
    counts = np.bincount(flat.ravel(), minlength=topics * systems * classes * classes)
    return counts.reshape(topics, systems, classes, classes).astype(float)


def oq_batch(topics: int, systems: int, classes: int, seed: int = 0) -> tuple[np.ndarray, ...]:
    """System and gold distributions ``(topics, systems, classes)``, some with empty classes."""
    rng = np.random.default_rng(seed)
    gold = rng.dirichlet(np.ones(classes), (topics, systems))
    gold[rng.random((topics, systems, classes)) < 0.2] = 0.0
    gold[..., 0] += 1e-3  # never all zero
    gold /= gold.sum(axis=-1, keepdims=True)
    system = rng.dirichlet(np.ones(classes) * 2.0, (topics, systems))
    return system, gold


def _input_kind(scorer: Scorer) -> str | None:
    """``"matrices"`` or ``"distributions"``: the inputs its family takes (``None``: others)."""
    inputs = tuple(get_family(scorer.measure.family).inputs)
    if inputs == ("matrices",):
        return "matrices"
    return "distributions" if inputs == ("system", "gold") else None


def _inputs(scorer: Scorer, topics: int, systems: int, classes: int) -> tuple[np.ndarray, ...]:
    if _input_kind(scorer) == "matrices":
        return (oc_batch(topics, systems, classes),)
    return oq_batch(topics, systems, classes)


def _builtin_scorers(names: Sequence[str] | None = None) -> list[Scorer]:
    """The named measures, or every registered one whose inputs are matrices or distributions."""
    registry = default_registry()
    if names is not None:
        return [registry.get(n) for n in names]
    return [s for s in registry if _input_kind(s) is not None]


def measures_vs_sum(
    topics: int = 100,
    systems: int = 50,
    classes: int = 11,
    *,
    repeats: int = 9,
    loop: bool = True,
    names: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Each built-in measure's batch path against one ``numpy.sum`` pass over the same input.

    Parameters
    ----------
    topics, systems, classes
        Batch shape ``(topics, systems)`` and number of classes.
    repeats
        Timed repetitions; the median is reported.
    loop
        Also time a Python loop calling the scorer once per matrix
        (one repetition: it is the slow reference).
    names
        Measures to time (default: every registered measure whose family
        takes confusion matrices or (system, gold) distributions).

    Returns
    -------
    list of dict
        One row per measure: ``measure``, ``family``, the seconds of the
        public batch call (``batch_s``), of the bare compute function
        (``compute_s``), of ``numpy.sum`` over the inputs (``sum_s``), of
        the per-matrix loop (``loop_s``, ``None`` when skipped), and the
        ratios ``batch_vs_sum``, ``compute_vs_sum`` and ``loop_vs_batch``.
    """
    rows = []
    cache: dict[str | None, tuple[np.ndarray, ...]] = {}
    for scorer in _builtin_scorers(names):
        kind = _input_kind(scorer)
        if kind not in cache:
            cache[kind] = _inputs(scorer, topics, systems, classes)
        inputs = cache[kind]
        values = np.arange(classes, dtype=float)

        def batch(s: Scorer = scorer, x: tuple[np.ndarray, ...] = inputs) -> Any:
            return s(*x, on_undefined=0.0)

        def compute(
            s: Scorer = scorer, x: tuple[np.ndarray, ...] = inputs, values: np.ndarray = values
        ) -> Any:
            with np.errstate(divide="raise", invalid="raise", over="raise", under="ignore"):
                return s.compute(*x, values=values, **s.measure.bound)

        def summed(x: tuple[np.ndarray, ...] = inputs) -> Any:
            return [np.sum(a) for a in x]

        t_sum, t_batch, t_compute = side_by_side((summed, batch, compute), rounds=repeats)
        t_loop = None
        if loop:
            flat = [a.reshape(-1, *a.shape[2:]) for a in inputs]

            def per_matrix(s: Scorer = scorer, x: list[np.ndarray] = flat) -> None:
                for parts in zip(*x, strict=True):
                    s(*parts, on_undefined=0.0)

            t_loop = _median_seconds(per_matrix, repeats=1)
        rows.append(
            {
                "measure": scorer.name,
                "family": scorer.measure.family,
                "shape": f"{topics}x{systems}x{classes}",
                "batch_s": t_batch,
                "compute_s": t_compute,
                "sum_s": t_sum,
                "loop_s": t_loop,
                "batch_vs_sum": t_batch / t_sum,
                "compute_vs_sum": t_compute / t_sum,
                "loop_vs_batch": None if t_loop is None else t_loop / t_batch,
            }
        )
    return rows


def _labels(classes: int, items: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    gold = rng.integers(0, classes, items)
    system = np.clip(gold + rng.integers(-1, 2, items), 0, classes - 1)
    gold[:classes] = np.arange(classes)  # every class present on both sides
    system[:classes] = np.arange(classes)
    return gold, system


def score_call_overhead(
    classes: int = 5, items: int = 100, *, repeats: int = 15
) -> list[dict[str, Any]]:
    """One ``ax.score`` call on one small input against scikit-learn and the bare compute.

    The same ``items`` (gold, system) label pairs are scored by
    scikit-learn from the label vectors and by axiometrics from their
    confusion matrix (and, in a second row, from the label vectors too).

    Returns
    -------
    list of dict
        One row per comparison: ``case``, the seconds per call of the
        axiometrics call (``ours_s``) and of the reference (``ref_s``), and
        ``ratio = ref_s / ours_s`` (above 1: axiometrics is faster), plus
        ``overhead`` (``ours_s`` over the bare compute function's time).
    """
    from sklearn.metrics import cohen_kappa_score, mean_absolute_error

    gold, system = _labels(classes, items)
    matrix = np.zeros((classes, classes))
    np.add.at(matrix, (system, gold), 1.0)
    values = np.arange(classes, dtype=float)
    labels = list(range(classes))
    registry = default_registry()
    kappa = registry.get("kappa_linear")
    mae = registry.get("mae_micro")
    if (
        abs(ax.score("kappa_linear", matrix) - cohen_kappa_score(gold, system, weights="linear"))
        > 1e-9
    ):
        raise RuntimeError("kappa_linear and cohen_kappa_score disagree: not the same quantity")

    def bare(s: Scorer) -> Callable[[], Any]:
        def run() -> Any:
            with np.errstate(divide="raise", invalid="raise", over="raise", under="ignore"):
                return s.compute(matrix, values=values)

        return run

    cases: list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any]]] = [
        (
            'ax.score("kappa_linear", matrix) vs cohen_kappa_score(weights="linear")',
            lambda: ax.score("kappa_linear", matrix),
            lambda: cohen_kappa_score(gold, system, labels=labels, weights="linear"),
            bare(kappa),
        ),
        (
            'scorer(matrix) vs cohen_kappa_score(weights="linear")',
            lambda: kappa(matrix),
            lambda: cohen_kappa_score(gold, system, labels=labels, weights="linear"),
            bare(kappa),
        ),
        (
            'ax.score("kappa_linear", gold, system) vs cohen_kappa_score(weights="linear")',
            lambda: ax.score("kappa_linear", gold, system),
            lambda: cohen_kappa_score(gold, system, labels=labels, weights="linear"),
            bare(kappa),
        ),
        (
            'ax.score("mae_micro", matrix) vs mean_absolute_error',
            lambda: ax.score("mae_micro", matrix),
            lambda: mean_absolute_error(gold, system),
            bare(mae),
        ),
    ]
    rows = []
    for case, ours, ref, compute in cases:
        t_ours, t_ref, t_bare = side_by_side((ours, ref, compute), rounds=repeats)
        rows.append(
            {
                "case": case,
                "ours_s": t_ours,
                "ref_s": t_ref,
                "compute_s": t_bare,
                "ratio": t_ref / t_ours,
                "overhead": t_ours / t_bare,
            }
        )
    return rows


def _peak_bytes(fn: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def scaling(
    names: Sequence[str] = SCALING_MEASURES,
    *,
    classes: Sequence[int] = (5, 11, 21),
    topics: Sequence[int] = (100, 400, 1600),
    systems: int = 50,
    repeats: int = 3,
) -> list[dict[str, Any]]:
    """Time and peak traced memory of a batch call as classes and topics grow.

    Classes grow at ``topics[0]`` topics; topics grow at ``classes[1]`` classes.

    Returns
    -------
    list of dict
        One row per measure and size: ``measure``, ``axis`` (``"classes"``
        or ``"topics"``), ``topics``, ``classes``, ``cpu_s`` (CPU seconds),
        ``peak_mib`` (traced peak during the call) and ``input_mib`` (the
        input arrays' size), so that ``peak_mib / input_mib`` shows whether
        the temporaries stay proportional to the input.
    """
    sizes = [("classes", topics[0], c) for c in classes]
    sizes += [("topics", t, classes[1]) for t in topics]
    rows = []
    for scorer in _builtin_scorers(names):
        for axis, n_topics, n_classes in sizes:
            inputs = _inputs(scorer, n_topics, systems, n_classes)

            def call(s: Scorer = scorer, x: tuple[np.ndarray, ...] = inputs) -> Any:
                return s(*x, on_undefined=0.0)

            seconds = _median_seconds(call, repeats=repeats)
            peak = _peak_bytes(call)
            size = sum(a.nbytes for a in inputs)
            rows.append(
                {
                    "measure": scorer.name,
                    "axis": axis,
                    "topics": n_topics,
                    "classes": n_classes,
                    "cpu_s": seconds,
                    "peak_mib": peak / 2**20,
                    "input_mib": size / 2**20,
                }
            )
    return rows


def _print_rows(title: str, rows: list[dict[str, Any]], columns: Sequence[str]) -> None:
    print(title)
    widths = {c: max(len(c), *(len(_fmt(c, r[c])) for r in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns))
    for row in rows:
        print("  ".join(_fmt(c, row[c]).ljust(widths[c]) for c in columns))
    print()


def _fmt(column: str, value: Any) -> str:
    if value is None:
        return "-"
    if not isinstance(value, float):
        return str(value)
    if column.endswith("_s"):
        if value < 1e-3:
            return f"{value * 1e6:.1f} us"
        return f"{value * 1e3:.2f} ms" if value < 1.0 else f"{value:.2f} s"
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the three benchmarks and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, no per-matrix loops")
    args = parser.parse_args(argv)
    overhead = score_call_overhead(repeats=7 if args.quick else 15)
    _print_rows(
        "One call on one 5-class matrix (100 items), CPU time per call; "
        "ratio = reference / axiometrics, overhead = axiometrics / bare compute",
        overhead,
        ("case", "ours_s", "ref_s", "compute_s", "ratio", "overhead"),
    )
    kernels = measures_vs_sum(repeats=5 if args.quick else 9, loop=not args.quick)
    _print_rows(
        "Batch path, 100 topics x 50 systems x 11 classes, CPU time per call; "
        "ratios to one numpy.sum pass over the same input",
        kernels,
        ("measure", "batch_s", "compute_s", "sum_s", "loop_s", "batch_vs_sum", "loop_vs_batch"),
    )
    worst = max(kernels, key=lambda r: r["batch_vs_sum"])
    print(f"slowest batch path: {worst['measure']} at {worst['batch_vs_sum']:.1f}x numpy.sum\n")
    _print_rows(
        "Scaling (50 systems): CPU time and traced peak memory per batch call",
        scaling(repeats=2 if args.quick else 3),
        ("measure", "axis", "topics", "classes", "cpu_s", "peak_mib", "input_mib"),
    )


if __name__ == "__main__":
    main()
