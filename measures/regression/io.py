"""Readers for the ``regression`` family: a gold file of true values and prediction run files.

Formats: tab-separated, or comma-separated when the first non-blank line
has no tab; an optional header row whose first cell is ``id`` (or ``item``).

Gold file
    One item per line.  Without a header row the number of fields decides:
    ``id<TAB>y_true``, ``id<TAB>topic<TAB>y_true`` (as the gold label files
    of the other families) or ``id<TAB>topic<TAB>y_true<TAB>weight``.  A
    header row names the columns instead, in any order: ``id`` first, then
    ``y_true`` and any of ``topic`` and ``weight`` (or ``sample_weight``),
    so ``id<TAB>y_true<TAB>weight`` is a weighted gold without topics.
    True values are finite numbers; weights finite and non-negative, with
    at least one positive weight per topic (a weight is a frequency).
Run file (one per system)
    ``id<TAB>y_pred``, or ``id<TAB>topic<TAB>y_pred`` whose topic must be the
    gold's topic of that item; predictions are finite numbers.  A header row
    may name the columns ``id``, ``topic``, ``y_pred``.

Numbers are written in plain decimal syntax (``-1.5``, ``2e3``): ``nan``,
``inf`` and values too large for a float are refused.  Runs are aligned with
the gold by item id, never by line order: a run must predict every gold item
exactly once and nothing else.  Every problem raises
:class:`~axiometrics.errors.DataFileError` naming the file and the line, or
the run and the ids at fault.  A gold file without a topic column is one
topic named ``""``.  Topics of different sizes are padded with slots of
weight 0 (see :class:`~.runs.RegressionRuns`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from axiometrics.errors import DataFileError
from axiometrics.io.load import run_names
from axiometrics.io.rows import parse_numbers, read_rows, split_header

from .runs import RegressionRuns

__all__ = ["read_gold_file", "read_prediction_file", "read_regression_runs"]

#: Header names of the gold columns (a synonym maps to the column it names).
GOLD_NAMES = {"topic": "topic", "y_true": "y_true", "weight": "weight", "sample_weight": "weight"}
#: Header names of the run columns.
RUN_NAMES = {"topic": "topic", "y_pred": "y_pred"}
#: Columns by number of fields, for a file without a header row.
GOLD_LAYOUTS = {
    2: ("id", "y_true"),
    3: ("id", "topic", "y_true"),
    4: ("id", "topic", "y_true", "weight"),
}
RUN_LAYOUTS = {2: ("id", "y_pred"), 3: ("id", "topic", "y_pred")}
_ID_HEADERS = ("id", "item")


def _where(path: str | Path) -> str:
    return f"path={str(path)!r}"


def _layout(
    path: str | Path,
    header: list[str] | None,
    width: int,
    names: Mapping[str, str],
    layouts: Mapping[int, tuple[str, ...]],
    value: str,
) -> tuple[str, ...]:
    """The column names of a file: from its header row, or from its number of fields."""
    if header is None:
        if width not in layouts:
            shown = " or ".join(repr("<TAB>".join(c)) for c in layouts.values())
            raise DataFileError(
                f"{_where(path)} line 1: expected {shown} (got {width} fields); a header row "
                "may name the columns"
            )
        return layouts[width]
    cells = [c.lower() for c in header]
    if cells[0] not in _ID_HEADERS:
        raise DataFileError(
            f"{_where(path)} header row: the first column must be 'id' (got {header[0]!r})"
        )
    unknown = [c for c in cells[1:] if c not in names]
    if unknown:
        raise DataFileError(
            f"{_where(path)} header row: column {unknown[0]!r} is not one of "
            f"{', '.join(repr(n) for n in names)}"
        )
    columns = ("id", *(names[c] for c in cells[1:]))
    repeated = sorted({c for c in columns if columns.count(c) > 1})
    if repeated or value not in columns:
        raise DataFileError(
            f"{_where(path)} header row: expected the column {value!r} once and no column twice "
            f"(got {header!r})"
        )
    return columns


def _read_table(
    path: str | Path, names: Mapping[str, str], layouts: Mapping[int, tuple[str, ...]], value: str
) -> tuple[pd.DataFrame, np.ndarray]:
    """The file's cells as text columns, named, and each row's line number."""
    head, rows = split_header(read_rows(path))
    if not rows:
        raise DataFileError(f"{_where(path)} has a header row but no items")
    width = len(head.cells) if head is not None else len(rows[0].cells)
    columns = _layout(path, None if head is None else head.cells, width, names, layouts, value)
    lines = np.array([r.line for r in rows])
    widths = np.array([len(r.cells) for r in rows])
    wrong = np.flatnonzero(widths != len(columns))
    if wrong.size:
        first = rows[int(wrong[0])]
        raise DataFileError(
            f"{_where(path)} line {first.line}: expected {len(columns)} fields "
            f"({'<TAB>'.join(columns)}), as on the first line (got {len(first.cells)}: "
            f"{first.cells!r})"
        )
    frame = pd.DataFrame([r.cells for r in rows], columns=list(columns), dtype=object)
    empty = np.flatnonzero((frame["id"] == "").to_numpy())
    if empty.size:
        raise DataFileError(f"{_where(path)} line {lines[empty[0]]}: the item id is empty")
    repeated = frame["id"].duplicated(keep="first").to_numpy()
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        first_row = int(np.flatnonzero((frame["id"] == frame["id"].iloc[row]).to_numpy())[0])
        raise DataFileError(
            f"{_where(path)} line {lines[row]}: item id {frame['id'].iloc[row]!r} repeats line "
            f"{lines[first_row]} (every item must appear once)"
        )
    return frame, lines


def _numbers(
    path: str | Path, frame: pd.DataFrame, column: str, lines: np.ndarray, what: str
) -> np.ndarray:
    """A column as finite floats; the first cell that is not one is named with its line."""
    values, not_a_number = parse_numbers(frame[column])
    bad = not_a_number | ~np.isfinite(values)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise DataFileError(
            f"{_where(path)} line {lines[row]}: {column}={frame[column].iloc[row]!r}: expected "
            f"{what}"
        )
    return values


def read_gold_file(path: str | Path) -> pd.DataFrame:
    """Read a regression gold file (see the module docstring for the layouts).

    Returns
    -------
    pandas.DataFrame
        Columns ``id`` (text), ``topic`` (text, ``""`` without a topic
        column), ``y_true`` and ``weight`` (floats, 1 without a weight
        column), in file order.

    Raises
    ------
    DataFileError
        Missing or empty file, a bad header row, rows of other widths than
        the first, an empty or repeated id, a true value that is not a
        finite number, a weight that is negative or not a finite number
        (file and line named), or a topic whose weights are all zero.
    """
    frame, lines = _read_table(path, GOLD_NAMES, GOLD_LAYOUTS, "y_true")
    y_true = _numbers(path, frame, "y_true", lines, "a finite number")
    if "weight" in frame.columns:
        weight = _numbers(path, frame, "weight", lines, "a finite non-negative number")
        negative = np.flatnonzero(weight < 0)
        if negative.size:
            row = int(negative[0])
            raise DataFileError(
                f"{_where(path)} line {lines[row]}: weight={frame['weight'].iloc[row]!r}: "
                "expected a finite non-negative number"
            )
    else:
        weight = np.ones(len(frame))
    topic = frame["topic"] if "topic" in frame.columns else pd.Series([""] * len(frame))
    out = pd.DataFrame(
        {
            "id": frame["id"].to_numpy(dtype=object),
            "topic": topic.to_numpy(dtype=object),
            "y_true": y_true,
            "weight": weight,
        }
    )
    positive = out.groupby("topic", sort=False)["weight"].max()
    if (positive <= 0).any():
        empty = list(positive.index[(positive <= 0).to_numpy()])[:5]
        raise DataFileError(
            f"{_where(path)}: every topic needs an item of positive weight (got all weights 0 "
            f"on topics {empty!r})"
        )
    return out


def read_prediction_file(path: str | Path) -> pd.DataFrame:
    """Read a run file: ``id<TAB>y_pred`` or ``id<TAB>topic<TAB>y_pred`` per line.

    Returns
    -------
    pandas.DataFrame
        Columns ``id`` (text), ``y_pred`` (float) and, when the file has
        one, ``topic`` (text), with each row's ``line`` number, in file order.

    Raises
    ------
    DataFileError
        Missing or empty file, a bad header row, rows of other widths than
        the first, an empty or repeated id, a prediction that is not a
        finite number (file and line named).
    """
    frame, lines = _read_table(path, RUN_NAMES, RUN_LAYOUTS, "y_pred")
    out = frame.assign(y_pred=_numbers(path, frame, "y_pred", lines, "a finite number"))
    return out.assign(line=lines)


def _aligned(name: str, path: str | Path, run: pd.DataFrame, gold: pd.DataFrame) -> np.ndarray:
    """The run's predictions in the gold's item order (ids checked, topics too if given)."""
    gold_ids = pd.Index(gold["id"])
    index = pd.Index(run["id"])
    missing = gold_ids.difference(index, sort=False)
    extra = index.difference(gold_ids, sort=False)
    if len(missing) or len(extra):
        raise DataFileError(
            f"run={name!r} ({_where(path)}) must predict every gold item once and nothing else "
            f"(got {len(missing)} gold ids missing, e.g. {list(missing[:5])!r}; {len(extra)} ids "
            f"not in the gold, e.g. {list(extra[:5])!r})"
        )
    position = index.get_indexer(gold_ids)
    if "topic" in run.columns and (gold["topic"] != "").any():
        topics = run["topic"].to_numpy(dtype=object)[position]
        wrong = np.flatnonzero(topics != gold["topic"].to_numpy(dtype=object))
        if wrong.size:
            row = int(position[wrong[0]])
            raise DataFileError(
                f"{_where(path)} line {run['line'].iloc[row]}: item {run['id'].iloc[row]!r} is "
                f"in topic {run['topic'].iloc[row]!r}, but in topic "
                f"{gold['topic'].iloc[int(wrong[0])]!r} in the gold"
            )
    return run["y_pred"].to_numpy(dtype=float)[position]


def read_regression_runs(
    gold: str | Path,
    runs: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    require_topic: bool = False,
) -> RegressionRuns:
    """Read a gold file and prediction run files, aligned by item id, grouped by topic.

    Parameters
    ----------
    gold
        The gold file (see :func:`read_gold_file`).
    runs
        Run files (named after the file without extension) or a mapping
        name -> file.
    require_topic
        Whether the gold must name each item's topic.

    Returns
    -------
    RegressionRuns
        Topics in order of first appearance in the gold, items within a
        topic in the gold's order, systems in the given order; topics of
        different sizes padded with slots of weight 0.

    Raises
    ------
    DataFileError
        For any file problem, no run, two runs with the same name, a gold
        without topics when ``require_topic``, or a run that misses gold ids,
        predicts ids the gold does not have or puts an item in another topic.
    """
    named = (
        dict(runs) if isinstance(runs, Mapping) else dict(zip(run_names(runs), runs, strict=True))
    )
    if not named:
        raise DataFileError("at least one run file is needed")
    gold_frame = read_gold_file(gold)
    if require_topic and (gold_frame["topic"] == "").all():
        raise DataFileError(
            f"{_where(gold)}: expected a topic column ('id<TAB>topic<TAB>y_true' rows, or a "
            "header row naming 'topic')"
        )
    matrix = np.stack(
        [_aligned(n, p, read_prediction_file(p), gold_frame) for n, p in named.items()]
    )  # (S, N) in the gold's order
    codes, topics = pd.factorize(gold_frame["topic"], sort=False)
    order = np.argsort(codes, kind="stable")
    bounds = np.cumsum(np.bincount(codes))[:-1]
    weight = gold_frame["weight"].to_numpy()
    weighted = bool((weight != 1.0).any())
    return RegressionRuns.from_topics(
        tuple(topics),
        tuple(named),
        np.split(gold_frame["y_true"].to_numpy()[order], bounds),
        np.split(matrix[:, order], bounds, axis=1),
        np.split(weight[order], bounds) if weighted else None,
    )
