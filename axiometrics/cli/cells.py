"""Scores of every (topic, system) cell, with the status of each cell.

The ``score`` and ``run`` commands score each measure in one vectorised
call over the whole ``(topic, system)`` batch.  A measure that is
undefined on some cells (a correlation against a constant system, ...)
keeps its defined cells: the undefined ones are marked, and the mean of a
system over topics is the mean over its *defined* topics, reported with
the number of topics it averages (``n_defined`` of ``n_topics``).

The long format
---------------
:func:`long_frame` gives one row per cell and per system mean, with the
columns of :data:`LONG_COLUMNS`::

    topic, system, measure, score, status, aggregate, n_defined, n_topics, higher_is_better

``score`` is empty (CSV) or ``null`` (JSON) where ``status`` is
``"undefined: <reason>"``; ``aggregate`` is ``"mean"`` on the per-system
mean rows (whose ``topic`` is empty) and empty on the per-topic rows.
``axiometrics meta --scores`` reads this format back (it skips the
``aggregate`` rows and recomputes what it needs from the per-topic rows).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import UndefinedMeasureError
from axiometrics.registry import Scorer

__all__ = [
    "DEFINED",
    "LONG_COLUMNS",
    "MeasureCells",
    "format_number",
    "long_frame",
    "score_cells",
]

#: Status of a cell where the measure is defined.
DEFINED = "defined"

#: Columns of the long score format shared by ``score``, ``run`` and ``meta --scores``.
LONG_COLUMNS = (
    "topic",
    "system",
    "measure",
    "score",
    "status",
    "aggregate",
    "n_defined",
    "n_topics",
    "higher_is_better",
)


@dataclass(frozen=True)
class MeasureCells:
    """One measure's scores over ``(topics, systems)``.

    Attributes
    ----------
    measure
        The measure's display name (with its parameters).
    higher_is_better
        Its direction.
    scores
        Float array ``(T, S)``; ``NaN`` where undefined (and not filled).
    undefined
        Boolean array ``(T, S)``: cells where the measure is undefined and
        no fill value was given.
    reason
        The measure's documented undefined case (``""`` if every cell is defined).
    filled
        Number of undefined cells replaced by ``--on-undefined NUMBER``.
    """

    measure: str
    higher_is_better: bool
    scores: np.ndarray
    undefined: np.ndarray
    reason: str = ""
    filled: int = 0

    @property
    def n_defined(self) -> np.ndarray:
        """Defined topics per system, ``(S,)``."""
        return np.asarray((~self.undefined).sum(axis=0))

    @property
    def means(self) -> np.ndarray:
        """Mean over the defined topics per system, ``(S,)``; ``NaN`` where none is defined."""
        total = np.where(self.undefined, 0.0, self.scores).sum(axis=0)
        count = self.n_defined
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(count > 0, total / np.maximum(count, 1), np.nan)

    @property
    def status(self) -> str:
        """``"undefined: <reason>"``, the status of every undefined cell."""
        return f"undefined: {self.reason}"


def score_cells(
    scorers: Sequence[Scorer],
    inputs: Callable[[str], tuple[np.ndarray, ...]],
    values: Any,
    on_undefined: str | float,
    topics: Sequence[Hashable],
    systems: Sequence[Hashable],
) -> list[MeasureCells]:
    """Score a ``(topic, system)`` batch with every measure, keeping defined cells.

    Parameters
    ----------
    scorers
        The measures.
    inputs
        Family name -> the scorer's batched inputs.
    values
        Class values.
    on_undefined
        ``"mark"``: mark undefined cells and go on; ``"raise"``: stop at the
        first undefined cell with :class:`UndefinedMeasureError` naming the
        system and topic; a number: put it in undefined cells.
    topics, systems
        Names along the batch axes (for messages).
    """
    out = []
    for scorer in scorers:
        name = str(scorer.measure)
        scores, undefined = scorer.evaluate(*inputs(scorer.measure.family), values=values)
        scores = np.asarray(scores, dtype=float)
        undefined = np.asarray(undefined, dtype=bool)
        reason = (scorer.measure.undefined or "undefined input") if undefined.any() else ""
        if on_undefined == "raise" and undefined.any():
            where = [
                f"system={systems[int(s)]!r} topic={topics[int(t)]!r}"
                for t, s in np.argwhere(undefined.reshape(len(topics), len(systems)))[:3]
            ]
            raise UndefinedMeasureError(
                scorer.name,
                [],
                f"{reason} (at {'; '.join(where)}); pass --on-undefined NUMBER to fill "
                "or leave --on-undefined out to mark the cells",
            )
        scores = scores.reshape(len(topics), len(systems))
        undefined = undefined.reshape(len(topics), len(systems))
        filled = 0
        if isinstance(on_undefined, float) and undefined.any():
            filled = int(undefined.sum())
            scores = np.where(undefined, on_undefined, scores)
            undefined = np.zeros_like(undefined)
        else:
            scores = np.where(undefined, np.nan, scores)
        out.append(
            MeasureCells(name, scorer.measure.higher_is_better, scores, undefined, reason, filled)
        )
    return out


def long_frame(
    cells: Sequence[MeasureCells],
    topics: Sequence[Hashable],
    systems: Sequence[Hashable],
) -> pd.DataFrame:
    """The long format (see the module docstring): every cell, then every system mean.

    The mean rows are left out when there is a single topic (they would
    repeat the topic's row).
    """
    rows: list[dict[str, Any]] = []
    for mc in cells:
        for t, topic in enumerate(topics):
            for s, system in enumerate(systems):
                bad = bool(mc.undefined[t, s])
                rows.append(
                    {
                        "topic": topic,
                        "system": system,
                        "measure": mc.measure,
                        "score": None if bad else float(mc.scores[t, s]),
                        "status": mc.status if bad else DEFINED,
                        "aggregate": "",
                        "n_defined": 0 if bad else 1,
                        "n_topics": 1,
                        "higher_is_better": mc.higher_is_better,
                    }
                )
    if len(topics) > 1:
        for mc in cells:
            means, counts = mc.means, mc.n_defined
            for s, system in enumerate(systems):
                none = int(counts[s]) == 0
                rows.append(
                    {
                        "topic": "",
                        "system": system,
                        "measure": mc.measure,
                        "score": None if none else float(means[s]),
                        "status": mc.status if none else DEFINED,
                        "aggregate": "mean",
                        "n_defined": int(counts[s]),
                        "n_topics": len(topics),
                        "higher_is_better": mc.higher_is_better,
                    }
                )
    frame = pd.DataFrame(rows, columns=list(LONG_COLUMNS))
    frame["score"] = frame["score"].astype(float)
    return frame


def format_number(x: float, digits: int = 4) -> str:
    """``x`` with ``digits`` decimals for tables; never ``-0.0000``."""
    text = f"{x:.{digits}f}"
    if float(text) == 0.0:
        text = f"{0.0:.{digits}f}"
    return text


def table_cell(value: float, n_defined: int, n_topics: int) -> str:
    """A mean for a text table: ``0.5000``, ``0.5000 (6/8)`` if some topics are undefined."""
    if n_defined == 0 or not np.isfinite(value):
        return "undefined"
    text = format_number(value)
    return text if n_defined == n_topics else f"{text} ({n_defined}/{n_topics})"
