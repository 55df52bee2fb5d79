"""``axiometrics run``: the main job on its embedded default data.

Scores the bundled SemEval-style example (five classes -2..2, eight topics,
four runs including the constant "always neutral" baseline) with every
registered OC measure (label files) and every OQ measure (the runs'
per-topic label distributions), averaged over topics, and prints the tables.
"""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.cli.score_command import read_runs, score_table
from axiometrics.errors import UndefinedMeasureError
from axiometrics.io import SEMEVAL_SCALE, DistributionRuns, LabelRuns
from axiometrics.registry import Scorer, default_registry

__all__ = ["EXAMPLE_RUNS", "add_parser", "example_path", "main_job"]

EXAMPLE_RUNS = ("run_ordinal", "run_random", "run_positive", "run_neutral")


def example_path(name: str) -> Path:
    """Path of a bundled example file, e.g. ``example_path("gold")``."""
    return Path(str(resources.files("axiometrics.data").joinpath(f"example_{name}.tsv")))


def add_parser(subparsers: Any) -> None:
    """Register the ``run`` subcommand."""
    parser = subparsers.add_parser(
        "run",
        help="run the main job on the embedded example data",
        description="Score the bundled SemEval-style example with every OC and OQ measure.",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=main_job)


def _score_each(scorers: list[Scorer], runs: LabelRuns | DistributionRuns) -> pd.DataFrame:
    """Mean scores measure by measure, so one undefined measure does not hide the others."""
    columns: dict[str, list[Any]] = {}
    notes: list[str] = []
    for scorer in scorers:
        try:
            frame = score_table(runs, [scorer])
            col: list[Any] = frame[str(scorer.measure)].round(4).tolist()
        except UndefinedMeasureError as exc:  # show where, keep going
            col = ["undefined" for _ in runs.systems]
            notes.append(f"{scorer.name}: {exc}")
        columns[str(scorer.measure)] = col
    table = pd.DataFrame({"system": list(runs.systems), **columns})
    table.attrs["notes"] = notes
    return table


def main_job(args: argparse.Namespace) -> int:
    """Print the OC and OQ score tables of the example data (means over topics)."""
    registry = default_registry()
    runs = [example_path(r) for r in EXAMPLE_RUNS]
    sections = [
        ("oc", example_path("gold"), runs),
        (
            "oq",
            example_path("gold_distributions"),
            [example_path(f"{r}_distributions") for r in EXAMPLE_RUNS],
        ),
    ]
    for family, gold, files in sections:
        scorers = registry.scorers(family)
        if not scorers:
            continue
        table = _score_each(scorers, read_runs(family, gold, files, scale=SEMEVAL_SCALE))
        long = table.melt(id_vars="system", var_name="measure", value_name="mean_score")
        wide = long.pivot(index="measure", columns="system", values="mean_score")
        wide = wide.reindex([str(s.measure) for s in scorers])[list(table["system"])]
        wide.insert(0, "direction", ["+" if s.measure.higher_is_better else "-" for s in scorers])
        out = wide.reset_index()
        meta = {
            "family": family,
            "data": f"bundled example ({gold.name}; 8 topics, scale -2..2)",
            "direction": "+ higher is better, - lower is better",
        }
        for note in table.attrs["notes"]:
            meta[f"undefined {note.split(':')[0]}"] = note.split(":", 1)[1].strip()
        emit(out, args, meta=meta)
    return 0
