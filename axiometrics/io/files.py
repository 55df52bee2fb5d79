"""Readers for label files, distribution files and confusion-matrix CSVs."""

from __future__ import annotations

import csv
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from axiometrics.confusion import ConfusionMatrices
from axiometrics.distributions import SUM_TOLERANCE, Distributions
from axiometrics.errors import InvalidInputError
from axiometrics.scale import ClassScale

__all__ = ["LabelTable", "read_confusion_matrix", "read_distribution_file", "read_label_file"]

_HEADER_WORDS = frozenset({"id", "item", "topic", "label", "gold", "system", "class", "tweet_id"})


@dataclass(frozen=True)
class LabelTable:
    """Per-item labels read from a file.

    Attributes
    ----------
    path
        Where they came from (for messages).
    frame
        Columns ``id``, ``topic`` (``""`` when the file has none) and ``label``.
    """

    path: str
    frame: pd.DataFrame

    @property
    def has_topics(self) -> bool:
        """Whether the file had a topic column."""
        return bool((self.frame["topic"] != "").any())


def _rows(path: str | Path) -> list[list[str]]:
    file = Path(path)
    if not file.is_file():
        raise InvalidInputError(f"path={str(path)!r} is not a readable file")
    text = file.read_text(encoding="utf-8-sig")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise InvalidInputError(f"path={str(path)!r} is empty")
    delimiter = "\t" if "\t" in lines[0] else ","
    return [[cell.strip() for cell in row] for row in csv.reader(lines, delimiter=delimiter)]


def _parse_label(text: str) -> Hashable:
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def read_label_file(path: str | Path) -> LabelTable:
    """Read a label file (``id, label`` or ``id, topic, label`` per line).

    Raises
    ------
    InvalidInputError
        If the file is missing or empty, rows have an unexpected number of
        fields, or an id repeats; messages give the file and line.
    """
    rows = _rows(path)
    if rows[0] and rows[0][0].lower() in _HEADER_WORDS:
        rows = rows[1:]
        first_line = 2
    else:
        first_line = 1
    width = len(rows[0]) if rows else 0
    if width not in (2, 3):
        raise InvalidInputError(
            f"path={str(path)!r} line {first_line}: expected 2 fields (id, label) or 3 fields "
            f"(id, topic, label) (got {width}: {rows[0] if rows else []!r})"
        )
    for offset, row in enumerate(rows):
        if len(row) != width:
            raise InvalidInputError(
                f"path={str(path)!r} line {first_line + offset}: expected {width} fields like the "
                f"first row (got {len(row)}: {row!r})"
            )
    ids = [r[0] for r in rows]
    topics = [r[1] for r in rows] if width == 3 else [""] * len(rows)
    labels = [_parse_label(r[-1]) for r in rows]
    frame = pd.DataFrame({"id": ids, "topic": topics, "label": labels})
    dupes = frame["id"][frame["id"].duplicated()].unique().tolist()
    if dupes:
        raise InvalidInputError(
            f"path={str(path)!r}: ids must be unique (got duplicates {dupes[:5]!r})"
        )
    return LabelTable(str(path), frame)


def align_labels(gold: LabelTable, system: LabelTable) -> pd.DataFrame:
    """Join gold and system labels on item id.

    Returns columns ``id``, ``topic`` (from the gold file), ``gold``, ``system``.

    Raises
    ------
    InvalidInputError
        If the files do not hold the same item ids (the message shows some
        missing and extra ids).
    """
    gold_ids = set(gold.frame["id"])
    sys_ids = set(system.frame["id"])
    if gold_ids != sys_ids:
        missing = sorted(gold_ids - sys_ids)[:5]
        extra = sorted(sys_ids - gold_ids)[:5]
        raise InvalidInputError(
            f"system={system.path!r} must label exactly the items of gold={gold.path!r} "
            f"(missing ids {missing!r}; ids not in gold {extra!r})"
        )
    merged = gold.frame.merge(system.frame[["id", "label"]], on="id", suffixes=("_gold", "_system"))
    return merged.rename(columns={"label_gold": "gold", "label_system": "system"})[
        ["id", "topic", "gold", "system"]
    ]


def read_distribution_file(
    path: str | Path,
    *,
    scale: ClassScale | Sequence[Hashable] | None = None,
    tol: float = SUM_TOLERANCE,
) -> Distributions:
    """Read ``topic, p_1, ..., p_C`` rows into :class:`Distributions` indexed by topic.

    A header row (first cell ``topic``/``id``) names the classes; otherwise
    the classes are ``scale`` or ``0 .. C-1``.

    Raises
    ------
    InvalidInputError
        On ragged rows, non-numeric probabilities, repeated topics, or
        distributions that do not sum to 1 (the topic is named).
    """
    rows = _rows(path)
    header: list[str] | None = None
    if rows[0][0].lower() in _HEADER_WORDS:
        header, rows = rows[0], rows[1:]
    if not rows:
        raise InvalidInputError(f"path={str(path)!r} has a header but no distributions")
    width = len(rows[0])
    if width < 3:
        raise InvalidInputError(
            f"path={str(path)!r}: expected a topic and at least 2 probabilities per row "
            f"(got {rows[0]!r})"
        )
    for line, row in enumerate(rows, start=2 if header else 1):
        if len(row) != width:
            raise InvalidInputError(
                f"path={str(path)!r} line {line}: expected {width} fields (got {len(row)})"
            )
    topics = [r[0] for r in rows]
    if len(set(topics)) != len(topics):
        dupes = sorted({t for t in topics if topics.count(t) > 1})[:5]
        raise InvalidInputError(f"path={str(path)!r}: topics must be unique (got {dupes!r} twice)")
    try:
        probs = np.array([[float(x) for x in r[1:]] for r in rows])
    except ValueError as exc:
        raise InvalidInputError(
            f"path={str(path)!r}: probabilities must be numbers ({exc})"
        ) from None
    if scale is not None:
        resolved = scale if isinstance(scale, ClassScale) else ClassScale(scale)
    elif header is not None:
        resolved = ClassScale([_parse_label(h) for h in header[1:]])
    else:
        resolved = ClassScale.of_size(width - 1)
    if resolved.n_classes != width - 1:
        raise InvalidInputError(
            f"path={str(path)!r}: expected {resolved.n_classes} probabilities per row for scale "
            f"{list(resolved.labels)!r} (got {width - 1})"
        )
    for ok, what in ((np.isfinite(probs), "finite"), (probs >= 0, "non-negative")):
        bad_rows = np.flatnonzero(~ok.all(axis=1))
        if bad_rows.size:
            raise InvalidInputError(
                f"path={str(path)!r} topic={topics[bad_rows[0]]!r}: probabilities must be {what} "
                f"(got {rows[bad_rows[0]][1:]!r})"
            )
    sums = probs.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > tol)
    if bad.size:
        raise InvalidInputError(
            f"path={str(path)!r} topic={topics[bad[0]]!r}: probabilities must sum to 1 "
            f"(got {sums[bad[0]]:.6g})"
        )
    return Distributions(probs, resolved, tuple(topics))


def read_confusion_matrix(
    path: str | Path,
    *,
    rows: str = "system",
    scale: ClassScale | Sequence[Hashable] | None = None,
) -> ConfusionMatrices:
    """Read a labelled confusion-matrix CSV/TSV.

    The header row holds the column labels (its first cell is ignored); each
    following row starts with its row label.  ``rows`` says whether row
    labels are system classes (default) or gold classes.
    """
    table = _rows(path)
    header, body = table[0], table[1:]
    if not body:
        raise InvalidInputError(f"path={str(path)!r}: expected a header row and matrix rows")
    for line, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise InvalidInputError(
                f"path={str(path)!r} line {line}: expected {len(header)} fields like the header "
                f"(got {len(row)})"
            )
    try:
        counts = [[float(x) for x in r[1:]] for r in body]
    except ValueError as exc:
        raise InvalidInputError(f"path={str(path)!r}: counts must be numbers ({exc})") from None
    frame = pd.DataFrame(
        counts,
        index=[_parse_label(r[0]) for r in body],
        columns=[_parse_label(h) for h in header[1:]],
    )
    return ConfusionMatrices.from_crosstab(frame, rows=rows, scale=scale)
