"""``axiometrics run``: the main job on its embedded default data.

Scores the bundled SemEval-style example (five classes -2..2, eight topics,
four runs including the constant "always neutral" baseline) with the
measures of every family that loads the label collections and of the
families sharing their inputs (:func:`example_sections`): every OC and
nominal measure (label files) and every OQ measure (the runs' per-topic
label distributions).  The table format shows each system's mean
over the topics where a measure is defined; csv and json give every
(topic, system) cell and every mean in one long table (see
:mod:`axiometrics.cli.cells`).
"""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from axiometrics.cli.cells import LONG_COLUMNS, table_cell
from axiometrics.cli.output import add_output_arguments, emit, render, write_output
from axiometrics.cli.score_command import read_runs, score_table, undefined_notes
from axiometrics.family import companion_families, registered_families
from axiometrics.io import SEMEVAL_SCALE
from axiometrics.io.runs import DISTRIBUTION_RUNS, LABEL_RUNS
from axiometrics.registry import default_registry

__all__ = [
    "EXAMPLE_RUNS",
    "add_parser",
    "example_path",
    "example_sections",
    "main_job",
    "score_example",
]

EXAMPLE_RUNS = ("run_ordinal", "run_random", "run_positive", "run_neutral")


def example_path(name: str) -> Path:
    """Path of a bundled example file, e.g. ``example_path("gold")``."""
    return Path(str(resources.files("axiometrics.data").joinpath(f"example_{name}.tsv")))


def add_parser(subparsers: Any) -> None:
    """Register the ``run`` subcommand."""
    parser = subparsers.add_parser(
        "run",
        help="run the main job on the embedded example data",
        description="Score the bundled SemEval-style example with every OC, nominal and OQ "
        "measure (the nominal measures read the same label files as the OC ones).",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=main_job)


def score_example() -> pd.DataFrame:
    """The example's scores in the long format, with a leading ``family`` column.

    Every cell is scored (see :mod:`axiometrics.cli.cells`): a measure
    undefined for some (system, topic) cells keeps its defined ones, and a
    system's mean is over its defined topics (``n_defined`` of ``n_topics``).
    """
    registry = default_registry()
    frames = []
    for family, reader, gold, files in example_sections():
        # A measure of several families is listed once, under its primary family.
        scorers = [s for s in registry.scorers(family) if s.measure.family == family]
        if not scorers:
            continue
        frame = score_table(read_runs(reader, gold, files, scale=SEMEVAL_SCALE), scorers)
        frames.append(frame.assign(family=family)[["family", *LONG_COLUMNS]])
    return pd.concat(frames, ignore_index=True)


def _example_files(runs: str) -> tuple[Path, list[Path]] | None:
    """The example's gold and run files of the kind ``runs`` (``LabelCollections.runs``)."""
    if runs == LABEL_RUNS:
        return example_path("gold"), [example_path(r) for r in EXAMPLE_RUNS]
    if runs == DISTRIBUTION_RUNS:
        return example_path("gold_distributions"), [
            example_path(f"{r}_distributions") for r in EXAMPLE_RUNS
        ]
    return None


def example_sections() -> list[tuple[str, str, Path, list[Path]]]:
    """What the example scores: ``(family listed, family reading the files, gold, runs)``.

    Each family that loads the label collections
    (:attr:`~axiometrics.family.Family.label_collections`), in rank order,
    scores the example's files of its kind of runs (label files or
    distribution files), followed by the families sharing its inputs
    (:func:`~axiometrics.family.companion_families`), which score the same
    files: with the built-in plugins ``oc``, ``nominal`` (on the OC label
    files) and ``oq``.
    """
    default_registry()  # plugin families register when the registry loads
    sections: list[tuple[str, str, Path, list[Path]]] = []
    listed: set[str] = set()
    for family in registered_families():
        collections = family.label_collections
        files = None if collections is None else _example_files(collections.runs)
        if files is None:
            continue
        for name in [family.name, *companion_families(family.name)]:
            if name not in listed:
                listed.add(name)
                sections.append((name, family.name, *files))
    return sections


def _wide(frame: pd.DataFrame) -> pd.DataFrame:
    """One family's means: a row per measure, a column per system."""
    means = frame[frame["aggregate"] == "mean"]
    cells = means.assign(
        cell=[
            table_cell(v, int(d), int(n))
            for v, d, n in zip(means["score"], means["n_defined"], means["n_topics"], strict=True)
        ]
    )
    wide = cells.pivot_table(
        index="measure", columns="system", values="cell", aggfunc="first", sort=False
    )
    measures = list(pd.unique(means["measure"]))
    systems = list(pd.unique(means["system"]))
    wide = wide.reindex(index=measures, columns=systems)
    directions = means.drop_duplicates("measure").set_index("measure")["higher_is_better"]
    wide.insert(0, "direction", ["+" if directions[m] else "-" for m in measures])
    return wide.reset_index().rename_axis(columns=None)


def main_job(args: argparse.Namespace) -> int:
    """Print the example's scores: mean tables (``table``) or the long format (csv/json)."""
    frame = score_example()
    data = "bundled example (8 topics, scale -2..2)"
    if args.format != "table":
        emit(frame, args, meta={"data": data})
        return 0
    parts = []
    for family, group in frame.groupby("family", sort=False):
        meta = {
            "family": family,
            "data": data,
            "direction": "+ higher is better, - lower is better",
            "means": "over the topics where the measure is defined; (k/8) when only k are",
            **undefined_notes(group),
        }
        parts.append(render(_wide(group), "table", meta=meta))
    write_output("\n".join(parts), args.output)
    return 0
