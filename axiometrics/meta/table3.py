"""Replication of Amigó et al. (2020) Table 3, synthetic data (coverage of 15 measures).

Run ``python -m axiometrics.meta.table3`` to print the comparison as a
Markdown table, or ``python -m axiometrics.meta.table3 --update-docs
docs/meta-evaluation.md`` to rewrite the block between the markers
``<!-- table3:start -->`` and ``<!-- table3:end -->`` in that file.

Columns follow the paper: coverage over all 50 synthetic systems, then with
one mistake type removed at a time.  Our values come from the embedded
data (:func:`~axiometrics.meta.synthetic.amigo_synthetic`); the spread
over several data seeds shows how much of a difference is noise.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from axiometrics.atomic import write_text
from axiometrics.meta.coverage import DEFAULT_REFERENCE, coverage
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.runs import LabelRuns
from axiometrics.meta.scoring import score_runs
from axiometrics.meta.synthetic import (
    DEFAULT_ON_UNDEFINED,
    DEFAULT_SEED,
    amigo_synthetic,
    system_type,
)

__all__ = [
    "PAPER_TABLE3",
    "TABLE3_COLUMNS",
    "TABLE3_MEASURES",
    "replicate_table3",
    "table3_coverage",
    "to_markdown",
]

#: Paper label -> axiometrics measure, in the paper's row order.
TABLE3_MEASURES = (
    ("Accuracy", "accuracy"),
    ("Kendall (tau-a)", "kendall_tau_a"),
    ("MI", "mutual_information"),
    ("F-measure", "f1_macro"),
    ("MAAC", "maac"),
    ("Kappa", "cohen_kappa"),
    ("Acc with 1", "accuracy_within(n=1)"),
    ("MAE", "mae_micro"),
    ("MAE_m", "mae_macro"),
    ("MSE", "mse"),
    ("MSE_m", "mse_macro"),
    ("Pearson", "pearson"),
    ("Spearman", "spearman"),
    ("CEM^ORD", "cem_ord"),
    ("CEM^ORD_flat", "cem_ord_flat"),
)

#: Column label -> mistake type removed (``None``: all systems), in the paper's order.
TABLE3_COLUMNS = (
    ("all", None),
    ("-random", "random"),
    ("-proximity", "proximity"),
    ("-majority", "majority"),
    ("-tag disp.", "tag"),
    ("-ord. disp.", "ordinal"),
)

#: Amigó et al. (2020) Table 3, synthetic data, in the order of TABLE3_COLUMNS.
PAPER_TABLE3 = {
    "Accuracy": (0.81, 0.77, 0.78, 0.78, 0.94, 0.77),
    "Kendall (tau-a)": (0.84, 0.81, 0.82, 0.82, 0.93, 0.82),
    "MI": (0.84, 0.82, 0.84, 0.82, 0.93, 0.82),
    "F-measure": (0.83, 0.80, 0.82, 0.81, 0.93, 0.81),
    "MAAC": (0.83, 0.81, 0.82, 0.79, 0.91, 0.81),
    "Kappa": (0.81, 0.78, 0.79, 0.77, 0.94, 0.77),
    "Acc with 1": (0.79, 0.75, 0.77, 0.80, 0.85, 0.79),
    "MAE": (0.84, 0.82, 0.83, 0.87, 0.86, 0.84),
    "MAE_m": (0.74, 0.73, 0.74, 0.80, 0.76, 0.73),
    "MSE": (0.89, 0.87, 0.87, 0.88, 0.93, 0.88),
    "MSE_m": (0.83, 0.80, 0.80, 0.82, 0.90, 0.83),
    "Pearson": (0.77, 0.79, 0.74, 0.73, 0.83, 0.79),
    "Spearman": (0.72, 0.67, 0.69, 0.77, 0.76, 0.70),
    "CEM^ORD": (0.91, 0.89, 0.90, 0.90, 0.95, 0.89),
    "CEM^ORD_flat": (0.87, 0.84, 0.86, 0.88, 0.89, 0.87),
}

_START, _END = "<!-- table3:start -->", "<!-- table3:end -->"


def table3_coverage(runs: LabelRuns | None = None, *, seed: int = DEFAULT_SEED) -> pd.DataFrame:
    """Coverage of the 15 Table 3 measures on synthetic runs, one column per system subset.

    Parameters
    ----------
    runs
        Synthetic runs (default: :func:`amigo_synthetic` with ``seed``).
        System names must carry their mistake type (``"<type>_r<ratio>"``).
    seed
        Data seed used when ``runs`` is not given.

    Returns
    -------
    pandas.DataFrame
        Index: the paper's measure labels; columns: :data:`TABLE3_COLUMNS` labels.
    """
    data = amigo_synthetic(seed=seed) if runs is None else runs
    names = [measure for _, measure in TABLE3_MEASURES]
    scores = score_runs(data, names, on_undefined=DEFAULT_ON_UNDEFINED)
    if len(scores.measures) != len(names):
        raise MetaInputError(
            f"Table 3 needs all 15 measures; some were undefined and dropped (kept "
            f"{list(scores.measures)!r})"
        )
    columns = {}
    for label, removed in TABLE3_COLUMNS:
        keep = [s for s in scores.systems if removed is None or system_type(str(s)) != removed]
        subset = scores.select(systems=keep)
        columns[label] = coverage(subset, reference=DEFAULT_REFERENCE).values
    return pd.DataFrame(columns, index=pd.Index([label for label, _ in TABLE3_MEASURES]))


def replicate_table3(seeds: Sequence[int] = (DEFAULT_SEED,)) -> pd.DataFrame:
    """Our coverage next to the paper's, per column.

    With several seeds, our value is the mean over the data seeds and a
    ``sd`` column gives the standard deviation of the "all" column.

    Returns
    -------
    pandas.DataFrame
        Columns ``ours <col>`` and ``paper <col>`` for every Table 3 column,
        plus ``sd all`` when more than one seed is used.
    """
    if not seeds:
        raise MetaInputError("replicate_table3 needs at least one seed")
    tables = [table3_coverage(seed=s) for s in seeds]
    stacked = np.stack([t.to_numpy() for t in tables])
    ours = pd.DataFrame(stacked.mean(axis=0), index=tables[0].index, columns=tables[0].columns)
    paper = pd.DataFrame.from_dict(
        PAPER_TABLE3, orient="index", columns=[label for label, _ in TABLE3_COLUMNS]
    )
    out = pd.DataFrame(index=ours.index)
    for label, _ in TABLE3_COLUMNS:
        out[f"ours {label}"] = ours[label]
        out[f"paper {label}"] = paper.loc[ours.index, label]
        if label == "all" and len(seeds) > 1:
            out["sd all"] = stacked[:, :, 0].std(axis=0, ddof=1)
    return out


def to_markdown(frame: pd.DataFrame) -> str:
    """A GitHub Markdown table of a :func:`replicate_table3` frame.

    The "all systems" column shows ours, the paper's and (with several
    seeds) our standard deviation; every leave-one-type-out column shows
    ``ours / paper``.
    """
    has_sd = "sd all" in frame.columns
    header = ["measure", "all: ours", "all: paper"]
    if has_sd:
        header.append("all: sd over seeds")
    header += [f"{label}: ours / paper" for label, _ in TABLE3_COLUMNS[1:]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for label, row in frame.iterrows():
        cells = [str(label), f"{row['ours all']:.2f}", f"{row['paper all']:.2f}"]
        if has_sd:
            cells.append(f"{row['sd all']:.3f}")
        cells += [
            f"{row[f'ours {col}']:.2f} / {row[f'paper {col}']:.2f}" for col, _ in TABLE3_COLUMNS[1:]
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def update_docs(path: str | Path, table: str) -> None:
    """Replace the text between the table3 markers of ``path`` with ``table``."""
    file = Path(path)
    text = file.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(_START) + r".*?" + re.escape(_END), re.DOTALL)
    if not pattern.search(text):
        raise MetaInputError(f"path={str(path)!r} has no {_START} ... {_END} block to update")
    write_text(file, pattern.sub(lambda _: f"{_START}\n{table}{_END}", text))


def main(argv: Sequence[str] | None = None) -> int:
    """Print (or write into the docs) the Table 3 comparison."""
    parser = argparse.ArgumentParser(prog="python -m axiometrics.meta.table3")
    parser.add_argument("--seeds", type=int, default=5, help="data seeds to average (5)")
    parser.add_argument("--update-docs", metavar="FILE", help="rewrite the table block in FILE")
    args = parser.parse_args(argv)
    seeds = [DEFAULT_SEED + k for k in range(max(1, args.seeds))]
    table = to_markdown(replicate_table3(seeds))
    if args.update_docs:
        update_docs(args.update_docs, table)
    else:
        sys.stdout.write(table)
    return 0


if __name__ == "__main__":  # pragma: no cover - exercised by hand and in the docs
    raise SystemExit(main())
