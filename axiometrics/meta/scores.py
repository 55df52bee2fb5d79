"""Score matrices: one topic x system matrix of scores per measure.

:class:`ScoreMatrices` is what every analysis of :mod:`axiometrics.meta`
consumes.  It holds an array ``(M, T, S)`` (measures x topics x systems),
the names along each axis, and each measure's direction, and converts to
and from the tidy long format ``topic, system, measure, score``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import UnknownMeasureError
from axiometrics.meta.errors import MetaInputError, UndefinedScoreError
from axiometrics.meta.runs import check_counts
from axiometrics.registry import Registry, default_registry

__all__ = ["LONG_COLUMNS", "ScoreMatrices"]

#: Columns of the long (tidy) format.
LONG_COLUMNS = ("topic", "system", "measure", "score")


@dataclass(frozen=True, eq=False)
class ScoreMatrices:
    """Scores of every system on every topic for several measures.

    Attributes
    ----------
    measures
        Measure names, ``M`` of them (unique).
    topics
        Topic names, ``T >= 2`` of them.
    systems
        System names, ``S >= 2`` of them.
    scores
        Read-only float array ``(M, T, S)``, finite.
    higher_is_better
        One direction per measure.
    """

    measures: tuple[str, ...]
    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    scores: np.ndarray
    higher_is_better: tuple[bool, ...]

    def __post_init__(self) -> None:
        for name in ("measures", "topics", "systems", "higher_is_better"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        check_counts(self.topics, self.systems)
        if not self.measures:
            raise MetaInputError("score matrices need at least one measure (got none)")
        index = pd.Index(self.measures)
        if index.has_duplicates:
            dupes = index[index.duplicated()].tolist()
            raise MetaInputError(f"measure names must be unique (got duplicates {dupes!r})")
        if len(self.higher_is_better) != len(self.measures) or not all(
            isinstance(h, bool | np.bool_) for h in self.higher_is_better
        ):
            raise MetaInputError(
                f"higher_is_better must hold one bool per measure ({len(self.measures)}) "
                f"(got {self.higher_is_better!r})"
            )
        object.__setattr__(self, "higher_is_better", tuple(bool(h) for h in self.higher_is_better))
        try:
            arr = np.array(self.scores, dtype=float)
        except (TypeError, ValueError) as exc:
            raise MetaInputError(
                f"scores must be numeric (got {type(self.scores).__name__})"
            ) from exc
        expected = (len(self.measures), len(self.topics), len(self.systems))
        if arr.shape != expected:
            raise MetaInputError(
                f"scores must have shape (measures, topics, systems) = {expected} (got {arr.shape})"
            )
        if not np.all(np.isfinite(arr)):
            m, t, s = (int(i) for i in np.argwhere(~np.isfinite(arr))[0])
            raise MetaInputError(
                f"scores must be finite (got {float(arr[m, t, s])!r} for "
                f"measure={self.measures[m]!r} "
                f"topic={self.topics[t]!r} system={self.systems[s]!r})"
            )
        arr.setflags(write=False)
        object.__setattr__(self, "scores", arr)

    # -- conversions -----------------------------------------------------------
    @classmethod
    def from_frame(
        cls,
        frame: pd.DataFrame,
        *,
        higher_is_better: Mapping[str, bool] | None = None,
        registry: Registry | None = None,
    ) -> ScoreMatrices:
        """Build from a long frame with columns ``topic, system, measure, score``.

        Parameters
        ----------
        frame
            One row per (topic, system, measure).  An optional boolean
            column ``higher_is_better`` gives each measure's direction.
            The long format of ``axiometrics score`` is accepted as is:
            rows with a non-empty ``aggregate`` column (the per-system
            means) are skipped, and a ``status`` column marking a cell
            ``"undefined: <reason>"`` raises :class:`UndefinedScoreError`.
        higher_is_better
            Directions by measure name; they override the column.
        registry
            Where to look up the direction of measures given neither way
            (default: the default registry).

        Raises
        ------
        MetaInputError
            Missing columns, repeated or missing (topic, system, measure)
            cells (e.g. a run missing topics), non-numeric or non-finite
            scores, a measure of unknown direction, fewer than 2 topics or
            systems.
        UndefinedScoreError
            Cells whose ``status`` says the measure is undefined there.
        """
        if not isinstance(frame, pd.DataFrame):
            raise MetaInputError(f"scores must be a pandas DataFrame (got {type(frame).__name__})")
        missing = [c for c in LONG_COLUMNS if c not in frame.columns]
        if missing:
            raise MetaInputError(
                f"score frame must have columns {list(LONG_COLUMNS)!r} (missing {missing!r}; "
                f"got {list(frame.columns)!r})"
            )
        frame = _topic_cells(frame)
        if frame.empty:
            raise MetaInputError("score frame has no rows")
        if frame[list(LONG_COLUMNS[:3])].isna().any().any():
            raise MetaInputError("score frame: topic, system and measure must not be empty")
        keys = frame[list(LONG_COLUMNS[:3])]
        dup = keys.duplicated()
        if dup.any():
            t, s, m = keys[dup].iloc[0].tolist()
            raise MetaInputError(
                f"score frame repeats the cell (topic={t!r}, system={s!r}, measure={m!r}); "
                "each (topic, system, measure) must appear once"
            )
        scores = pd.to_numeric(frame["score"], errors="coerce")
        bad = scores.isna() & frame["score"].notna() | frame["score"].isna()
        if bad.any():
            row = frame[bad].iloc[0]
            raise MetaInputError(
                f"score frame: scores must be numbers (got {row['score']!r} for "
                f"topic={row['topic']!r} system={row['system']!r} measure={row['measure']!r})"
            )
        measures = tuple(str(m) for m in pd.unique(frame["measure"]))
        topics = tuple(pd.unique(frame["topic"]).tolist())
        systems = tuple(pd.unique(frame["system"]).tolist())
        m_idx = pd.Index(measures).get_indexer(frame["measure"].astype(str))
        t_idx = pd.Index(topics).get_indexer(frame["topic"])
        s_idx = pd.Index(systems).get_indexer(frame["system"])
        arr = np.full((len(measures), len(topics), len(systems)), np.nan)
        arr[m_idx, t_idx, s_idx] = scores.to_numpy(dtype=float)
        holes = np.isnan(arr)
        if holes.any():
            m, t, s = (int(i) for i in np.argwhere(holes)[0])
            raise MetaInputError(
                f"score frame is missing {int(holes.sum())} (topic, system, measure) cells, e.g. "
                f"measure={measures[m]!r} topic={topics[t]!r} system={systems[s]!r}; every system "
                "needs a score for every topic and measure"
            )
        directions = _directions(frame, measures, higher_is_better, registry)
        return cls(measures, topics, systems, arr, directions)

    def to_frame(self, *, with_direction: bool = False) -> pd.DataFrame:
        """The long format: one row per (topic, system, measure)."""
        m, t, s = self.scores.shape
        frame = pd.DataFrame(
            {
                "topic": np.tile(np.repeat(np.asarray(self.topics, dtype=object), s), m),
                "system": np.tile(np.asarray(self.systems, dtype=object), m * t),
                "measure": np.repeat(np.asarray(self.measures, dtype=object), t * s),
                "score": self.scores.ravel(),
            }
        )
        if with_direction:
            frame["higher_is_better"] = np.repeat(np.asarray(self.higher_is_better), t * s)
        return frame

    def matrix(self, measure: str) -> pd.DataFrame:
        """One measure's topic x system matrix as a labelled DataFrame."""
        i = self.index_of(measure)
        return pd.DataFrame(
            self.scores[i],
            index=pd.Index(self.topics, name="topic"),
            columns=pd.Index(self.systems, name="system"),
        )

    # -- selections and derived arrays ---------------------------------------------
    def index_of(self, measure: str) -> int:
        """Position of ``measure`` along the first axis."""
        try:
            return self.measures.index(measure)
        except ValueError:
            raise MetaInputError(
                f"measure={measure!r} is not in the score matrices (have {list(self.measures)!r})"
            ) from None

    def select(
        self,
        measures: Sequence[str] | None = None,
        *,
        systems: Sequence[Hashable] | None = None,
        topics: Sequence[Hashable] | None = None,
    ) -> ScoreMatrices:
        """A copy restricted to (and ordered as) the given measures, systems and topics."""
        m_idx = (
            np.arange(len(self.measures))
            if measures is None
            else np.array([self.index_of(m) for m in measures], dtype=np.intp)
        )
        t_idx = _positions(self.topics, topics, "topic")
        s_idx = _positions(self.systems, systems, "system")
        return ScoreMatrices(
            tuple(self.measures[i] for i in m_idx),
            tuple(self.topics[i] for i in t_idx),
            tuple(self.systems[i] for i in s_idx),
            self.scores[np.ix_(m_idx, t_idx, s_idx)],
            tuple(self.higher_is_better[i] for i in m_idx),
        )

    def merge(self, other: ScoreMatrices) -> ScoreMatrices:
        """Both sets of measures over the same topics and systems."""
        if self.topics != other.topics or self.systems != other.systems:
            raise MetaInputError("score matrices to merge must have the same topics and systems")
        return ScoreMatrices(
            self.measures + other.measures,
            self.topics,
            self.systems,
            np.concatenate([self.scores, other.scores]),
            self.higher_is_better + other.higher_is_better,
        )

    @property
    def signs(self) -> np.ndarray:
        """``+1`` for higher-is-better measures, ``-1`` for errors, shape ``(M,)``."""
        return np.where(np.asarray(self.higher_is_better), 1.0, -1.0)

    def oriented(self) -> np.ndarray:
        """Scores ``(M, T, S)`` with errors negated, so that higher is always better."""
        return self.scores * self.signs[:, None, None]

    def system_means(self, *, oriented: bool = True) -> np.ndarray:
        """Mean score of each system over the topics, ``(M, S)`` (oriented by default)."""
        means = self.scores.mean(axis=1)
        return means * self.signs[:, None] if oriented else means

    @property
    def shape(self) -> tuple[int, int, int]:
        """``(M, T, S)``."""
        m, t, s = self.scores.shape
        return int(m), int(t), int(s)

    def __repr__(self) -> str:
        return (
            f"ScoreMatrices(measures={list(self.measures)!r}, topics={len(self.topics)}, "
            f"systems={len(self.systems)})"
        )


def _topic_cells(frame: pd.DataFrame) -> pd.DataFrame:
    """The per-topic rows of a long score frame; undefined cells refused with their reason."""
    if "aggregate" in frame.columns:
        aggregate = frame["aggregate"].fillna("").astype(str).str.strip()
        frame = frame[aggregate == ""]
    if "status" in frame.columns:
        status = frame["status"].fillna("").astype(str)
        undefined = status.str.startswith("undefined")
        if undefined.any():
            bad = frame[undefined]
            measure = str(bad["measure"].iloc[0])
            first = bad[bad["measure"].astype(str) == measure]
            reason = str(first["status"].iloc[0]).removeprefix("undefined").lstrip(": ")
            raise UndefinedScoreError(
                measure,
                list(zip(first["topic"], first["system"], strict=True)),
                reason or "undefined input",
                hint="every cell needs a score: leave the measure out of the scores, or score "
                "them again with a fill value (axiometrics score --on-undefined NUMBER)",
            )
    return frame


def _positions(
    known: tuple[Hashable, ...], wanted: Sequence[Hashable] | None, kind: str
) -> np.ndarray:
    if wanted is None:
        return np.arange(len(known))
    lookup = {k: i for i, k in enumerate(known)}
    unknown = [w for w in wanted if w not in lookup]
    if unknown:
        raise MetaInputError(f"unknown {kind} names {unknown[:5]!r} (known: {list(known)[:10]!r})")
    return np.array([lookup[w] for w in wanted], dtype=np.intp)


def _directions(
    frame: pd.DataFrame,
    measures: tuple[str, ...],
    given: Mapping[str, bool] | None,
    registry: Registry | None,
) -> tuple[bool, ...]:
    given = dict(given or {})
    from_column: dict[str, bool] = {}
    if "higher_is_better" in frame.columns:
        for name, group in frame.groupby(frame["measure"].astype(str), sort=False)[
            "higher_is_better"
        ]:
            values = {_as_bool(v, str(name)) for v in group.dropna().tolist()}
            if len(values) > 1:
                raise MetaInputError(
                    f"measure={name!r}: the higher_is_better column must be the same on every row"
                )
            if values:
                from_column[str(name)] = values.pop()
    out = []
    for name in measures:
        if name in given:
            out.append(bool(given[name]))
        elif name in from_column:
            out.append(from_column[name])
        else:
            out.append(_registered_direction(name, registry))
    return tuple(out)


def _as_bool(value: Any, measure: str) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise MetaInputError(
        f"measure={measure!r}: higher_is_better must be true or false (got {value!r})"
    )


def _registered_direction(name: str, registry: Registry | None) -> bool:
    try:
        reg = registry if registry is not None else default_registry()
        return reg.get(name).measure.higher_is_better
    except UnknownMeasureError:
        raise MetaInputError(
            f"the direction of measure={name!r} is unknown: it is not a registered measure; add a "
            "higher_is_better column (true/false) to the scores or pass higher_is_better="
            "{name: bool}"
        ) from None
