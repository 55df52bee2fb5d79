"""Loading a gold file and several run files into one batch of runs over topics.

The batch is a :class:`LabelRuns` (label files) or a
:class:`DistributionRuns` (distribution files).

Each file is read by :mod:`axiometrics.io.files` (which names the file and
line of a syntax problem); the runs are then matched against the gold by
:mod:`axiometrics.io.runs` (which names the run, topic or item that does
not match).  Runs are named after their files, without the extension.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import TypeAlias

import pandas as pd

from axiometrics.distributions import SUM_TOLERANCE
from axiometrics.errors import DataFileError
from axiometrics.io.files import (
    read_distribution_file,
    read_label_file,
    require_ordered_labels,
)
from axiometrics.io.rows import nominal_order
from axiometrics.io.runs import DistributionRuns, LabelRuns
from axiometrics.scale import ClassScale, as_scale

__all__ = ["RunFiles", "nominal_order", "read_distribution_runs", "read_label_runs", "run_names"]

#: Run files: a sequence of paths (named after the files) or a mapping name -> path.
RunFiles: TypeAlias = Sequence[str | Path] | Mapping[str, str | Path]


def run_names(paths: Sequence[str | Path]) -> list[str]:
    """Run names: the file names without extension; they must be unique.

    Raises
    ------
    DataFileError
        If two files share a name (e.g. ``a/run.tsv`` and ``b/run.tsv``).
    """
    names = [Path(p).stem for p in paths]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        clash = [str(p) for p, n in zip(paths, names, strict=True) if n == repeated[0]]
        raise DataFileError(
            f"run file names must be unique without their extension (got {repeated!r} twice); "
            f"each run is named after its file: {clash!r}"
        )
    return names


def _named(runs: RunFiles) -> dict[str, str | Path]:
    if isinstance(runs, Mapping):
        return dict(runs)
    return dict(zip(run_names(runs), runs, strict=True))


def read_label_runs(
    gold: str | Path,
    runs: RunFiles,
    *,
    scale: ClassScale | Sequence[Hashable] | None = None,
    require_topic: bool = False,
    scale_option: str = "scale",
    ordered: bool = True,
) -> LabelRuns:
    """Read a gold label file and run label files (SemEval Task 4 subtask C style).

    Parameters
    ----------
    gold
        Gold file, ``id, topic, label`` (or ``id, label``) per line.
    runs
        Run files, as paths or as a mapping run name -> path.
    scale
        The class scale.  Default: the sorted labels seen in all files,
        which must then be numbers (text labels such as ``low, medium,
        high`` have no known order); pass the scale whenever a class may
        be empty in the data.
    require_topic
        Whether the gold file must have a topic column.  A gold file
        without one puts every item into a single topic named ``""``; the
        runs' topic columns are then ignored.
    scale_option
        How an error names the scale argument (the command line passes
        ``"--scale"``).
    ordered
        Whether the classes have an order (ordinal classification).  With
        ``ordered=False`` (nominal classification) and no ``scale``, any
        labels are accepted and listed in the order of :func:`nominal_order`
        (numbers first, by value, then text, alphabetically): the order is
        only a listing order, and a per-class measure's ``positive``
        position refers to it.

    Raises
    ------
    DataFileError
        A file problem (file and line named) or a run that does not label
        exactly the gold items (run and ids named).
    UnknownLabelError
        A label outside ``scale``.
    InvalidInputError
        Labels that are not numbers and no ``scale``.
    """
    paths = _named(runs)
    gold_frame = read_label_file(gold, require_topic=require_topic)
    frames = {name: read_label_file(path) for name, path in paths.items()}
    if "topic" not in gold_frame.columns:
        gold_frame = gold_frame.assign(topic="")
        frames = {
            name: frame.drop(columns="topic", errors="ignore") for name, frame in frames.items()
        }
    if scale is None:
        seen = pd.unique(
            pd.concat([gold_frame["label"], *(f["label"] for f in frames.values())])
        ).tolist()
        if ordered:
            require_ordered_labels(seen, scale_option)
        if len(seen) < 2:
            raise DataFileError(
                f"the gold and run files hold a single class ({seen!r}), and at least 2 are "
                f"needed; give every class with {_scale_example(scale_option, seen)}"
            )
        scale = (
            ClassScale(nominal_order(seen)) if not ordered else ClassScale.from_sorted_labels(seen)
        )
    return LabelRuns.from_frames(
        gold_frame,
        frames,
        scale=scale,
        sources={name: f"path={str(path)!r}" for name, path in paths.items()},
        gold_source=f"path={str(gold)!r}",
    )


def _scale_example(scale_option: str, seen: Sequence[Hashable]) -> str:
    shown = [*map(str, seen), "..."]
    if scale_option.startswith("--"):
        return f"{scale_option}={','.join(shown)}"
    return f"{scale_option}=[{', '.join(repr(s) for s in seen)}, ...]"


def read_distribution_runs(
    gold: str | Path,
    runs: RunFiles,
    *,
    scale: ClassScale | Sequence[Hashable] | None = None,
    tol: float = SUM_TOLERANCE,
) -> DistributionRuns:
    """Read a gold distribution file and run files (SemEval Task 4 subtask E style).

    Parameters
    ----------
    gold
        Gold file, ``topic, p_1, ..., p_C`` per line.
    runs
        Run files, as paths or as a mapping run name -> path.
    scale
        The classes in column order.  Default: named by the gold file's
        header row, or ``0 .. C-1`` without one.  The run files are read
        with the same classes.
    tol
        How far a distribution's sum may be from 1 (it is then renormalised).

    Raises
    ------
    DataFileError
        A file problem (file and line named), a run that does not estimate
        exactly the gold topics, probabilities that are negative, not
        finite or do not sum to 1 (run and topic named).
    UnknownLabelError
        A header class outside ``scale``.
    """
    paths = _named(runs)
    gold_frame = read_distribution_file(gold, scale=scale)
    resolved = (
        ClassScale(gold_frame.columns[1:].tolist()) if scale is None else as_scale(scale, None)
    )
    frames = {name: read_distribution_file(path, scale=resolved) for name, path in paths.items()}
    return DistributionRuns.from_frames(gold_frame, frames, scale=resolved, tol=tol)
