"""Readers for the ``scored`` family: score run files and binary gold label files.

Formats (tab-separated, or comma-separated when the first non-blank line
has no tab; an optional header row whose first cell is ``id``)

Score run file
    ``id<TAB>score`` per line; the score is a finite real number.
Binary gold file
    ``id<TAB>label`` or ``id<TAB>topic<TAB>label`` per line; the label is
    ``1`` (positive) or ``0`` (negative).

Runs are aligned with the gold by item id, never by line order: a run must
score every gold item exactly once and nothing else.  Every problem raises
:class:`~axiometrics.errors.DataFileError` naming the file and the line, or
the run and the ids at fault.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from axiometrics.errors import DataFileError
from axiometrics.io.load import run_names
from axiometrics.io.rows import parse_number, read_rows, split_header

__all__ = ["ScoredRuns", "read_binary_gold_file", "read_score_file", "read_scored_runs"]


def _data_rows(path: str | Path) -> list[tuple[int, list[str]]]:
    _, rows = split_header(read_rows(path))
    if not rows:
        raise DataFileError(f"path={str(path)!r} has a header row but no items")
    return [(row.line, row.cells) for row in rows]


def _check_unique(path: str | Path, ids: Sequence[str], lines: Sequence[int]) -> None:
    first: dict[str, int] = {}
    for item, line in zip(ids, lines, strict=True):
        if item in first:
            raise DataFileError(
                f"path={str(path)!r} line {line}: item id {item!r} repeats line {first[item]} "
                "(every item must appear once)"
            )
        first[item] = line


def read_score_file(path: str | Path) -> pd.DataFrame:
    """Read a score run file: ``id<TAB>score`` per line.

    Returns
    -------
    pandas.DataFrame
        Columns ``id`` (text) and ``score`` (float), in file order.

    Raises
    ------
    DataFileError
        Missing or empty file, a row without exactly two fields, a score that
        is not a finite number, a repeated id (file and line named).
    """
    ids, scores, lines = [], [], []
    for line, cells in _data_rows(path):
        if len(cells) != 2:
            raise DataFileError(
                f"path={str(path)!r} line {line}: expected 'id<TAB>score' (got {len(cells)} "
                f"fields: {cells!r})"
            )
        value = parse_number(cells[1])
        if value is None or not np.isfinite(value):
            raise DataFileError(
                f"path={str(path)!r} line {line}: score={cells[1]!r}: expected a finite number"
            )
        ids.append(cells[0])
        scores.append(value)
        lines.append(line)
    _check_unique(path, ids, lines)
    return pd.DataFrame({"id": pd.Series(ids, dtype=object), "score": scores})


def read_binary_gold_file(path: str | Path) -> pd.DataFrame:
    """Read a binary gold file: ``id<TAB>label`` or ``id<TAB>topic<TAB>label`` per line.

    Returns
    -------
    pandas.DataFrame
        Columns ``id``, ``topic`` (``""`` when the file has none) and
        ``label`` (0.0 or 1.0), in file order.

    Raises
    ------
    DataFileError
        Missing or empty file, rows of different or wrong widths, a label
        other than 0 or 1, a repeated id (file and line named).
    """
    rows = _data_rows(path)
    width = len(rows[0][1])
    ids, topics, labels, lines = [], [], [], []
    for line, cells in rows:
        if len(cells) != width or width not in (2, 3):
            raise DataFileError(
                f"path={str(path)!r} line {line}: expected 'id<TAB>label' or "
                f"'id<TAB>topic<TAB>label' on every line, as on the first (got {len(cells)} "
                f"fields: {cells!r})"
            )
        text = cells[-1]
        number = parse_number(text)
        if number not in (0.0, 1.0):
            raise DataFileError(
                f"path={str(path)!r} line {line}: label={text!r}: expected a binary label, 1 "
                "(positive) or 0 (negative)"
            )
        ids.append(cells[0])
        topics.append(cells[1] if width == 3 else "")
        labels.append(number)
        lines.append(line)
    _check_unique(path, ids, lines)
    return pd.DataFrame(
        {
            "id": pd.Series(ids, dtype=object),
            "topic": pd.Series(topics, dtype=object),
            "label": labels,
        }
    )


@dataclass(frozen=True)
class ScoredRuns:
    """A binary gold and several score runs aligned by item id, grouped by topic.

    Attributes
    ----------
    topics
        Topic names in order of first appearance in the gold (``[""]`` without topics).
    systems
        Run names.
    scores
        Per topic, the runs' scores ``(S, n_t)`` in the gold's item order.
    gold
        Per topic, the gold labels ``(n_t,)``.
    ids
        Per topic, the item ids.
    """

    topics: tuple[Hashable, ...]
    systems: tuple[str, ...]
    scores: tuple[np.ndarray, ...]
    gold: tuple[np.ndarray, ...]
    ids: tuple[tuple[str, ...], ...]


def _align(name: str, path: str | Path, run: pd.DataFrame, gold_ids: pd.Index) -> np.ndarray:
    index = pd.Index(run["id"])
    missing = gold_ids.difference(index, sort=False)
    extra = index.difference(gold_ids, sort=False)
    if len(missing) or len(extra):
        raise DataFileError(
            f"run={name!r} (path={str(path)!r}) must score every gold item once and nothing "
            f"else (got {len(missing)} gold ids missing, e.g. {list(missing[:5])!r}; "
            f"{len(extra)} ids not in the gold, e.g. {list(extra[:5])!r})"
        )
    return run.set_index("id")["score"].reindex(gold_ids).to_numpy(dtype=float)


def read_scored_runs(
    gold: str | Path, runs: Sequence[str | Path] | Mapping[str, str | Path]
) -> ScoredRuns:
    """Read a binary gold file and score run files, aligned by item id.

    Parameters
    ----------
    gold
        The gold file (see :func:`read_binary_gold_file`).
    runs
        Run files (named after the file without extension) or a mapping
        name -> file.

    Raises
    ------
    DataFileError
        For any file problem, two runs with the same name, or a run that
        misses gold ids or scores ids the gold does not have.
    """
    named = (
        dict(runs) if isinstance(runs, Mapping) else dict(zip(run_names(runs), runs, strict=True))
    )
    if not named:
        raise DataFileError("at least one run file is needed")
    gold_frame = read_binary_gold_file(gold)
    gold_ids = pd.Index(gold_frame["id"])
    aligned = [_align(n, p, read_score_file(p), gold_ids) for n, p in named.items()]
    matrix = np.stack(aligned)  # (S, n) in the gold's order
    topics = tuple(pd.unique(gold_frame["topic"]))
    scores, labels, ids = [], [], []
    for topic in topics:
        where = (gold_frame["topic"] == topic).to_numpy()
        scores.append(matrix[:, where])
        labels.append(gold_frame["label"].to_numpy(dtype=float)[where])
        ids.append(tuple(gold_frame["id"][where]))
    return ScoredRuns(topics, tuple(named), tuple(scores), tuple(labels), tuple(ids))
