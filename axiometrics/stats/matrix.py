"""Topic x system score matrices: the input of every paired test.

:func:`as_score_matrix` accepts

* a 2-D array ``(topics, systems)`` (systems are named ``0 .. S-1``),
* a :class:`pandas.DataFrame` whose columns are the systems and whose
  index holds the topics,
* a mapping ``system -> 1-D scores`` (arrays of equal length, or
  :class:`pandas.Series` that are aligned **by topic label**, never by
  position: every series must cover the same topics),
* a :class:`ScoreMatrix`.

It checks that there are at least 2 topics and 2 systems, that topic
labels are unique, that system names are unique (also as text: ``1`` and
``"1"`` are refused together, since every table prints them alike) and
that every score is a finite real number, and raises
:class:`~axiometrics.errors.InvalidInputError` (naming the cells) or
:class:`~axiometrics.errors.InputTypeError` otherwise.  Booleans, complex
numbers and strings (even numeric ones such as ``"0.5"``) are not scores:
they are refused rather than converted.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InputTypeError, InvalidInputError
from axiometrics.suggest import closest

__all__ = ["ScoreMatrix", "as_score_matrix", "pair_indices"]


@dataclass(frozen=True, eq=False)
class ScoreMatrix:
    """Validated scores of ``S`` systems on ``T`` paired topics.

    Attributes
    ----------
    values
        Read-only float array ``(T, S)``, finite.
    topics
        Topic labels, ``T >= 2`` of them, unique.
    systems
        System labels, ``S >= 2`` of them, unique.
    """

    values: np.ndarray
    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]

    @property
    def n_topics(self) -> int:
        """``T``."""
        return len(self.topics)

    @property
    def n_systems(self) -> int:
        """``S``."""
        return len(self.systems)

    def to_frame(self) -> pd.DataFrame:
        """The matrix as a DataFrame (index: topic, columns: system)."""
        return pd.DataFrame(
            self.values,
            index=pd.Index(self.topics, name="topic"),
            columns=pd.Index(self.systems, name="system"),
        )


def pair_indices(n_systems: int) -> tuple[np.ndarray, np.ndarray]:
    """Column indices ``(a, b)`` of every pair ``a < b``, in row-major order."""
    a, b = np.triu_indices(n_systems, k=1)
    return a.astype(np.intp), b.astype(np.intp)


def _from_mapping(scores: Mapping[Any, Any]) -> pd.DataFrame:
    columns = {name: scores[name] for name in scores}
    series = [v for v in columns.values() if isinstance(v, pd.Series)]
    if series and len(series) != len(columns):
        raise InputTypeError(
            "scores: expected every system's scores to be a pandas Series (aligned by topic) or "
            "none of them (aligned by position); got a mix"
        )
    if series:
        reference = series[0].index
        first = next(iter(columns))
        for name, values in columns.items():
            if values.index.has_duplicates:
                dupes = values.index[values.index.duplicated()].unique().tolist()
                raise InvalidInputError(
                    f"scores[{name!r}]: expected unique topic labels (got repeated {dupes[:5]!r})"
                )
            missing = reference.difference(values.index).tolist()
            extra = values.index.difference(reference).tolist()
            if missing or extra:
                raise InvalidInputError(
                    f"scores[{name!r}]: expected the topics of scores[{first!r}] (missing "
                    f"{missing[:5]!r}, extra {extra[:5]!r}); paired tests align topics by label"
                )
        return pd.DataFrame({name: values.reindex(reference) for name, values in columns.items()})
    arrays = {name: np.asarray(values) for name, values in columns.items()}
    lengths = {name: a.shape for name, a in arrays.items()}
    if any(a.ndim != 1 for a in arrays.values()) or len(set(lengths.values())) > 1:
        raise InvalidInputError(
            f"scores: expected one 1-D array of equal length per system (got shapes {lengths!r})"
        )
    return pd.DataFrame(arrays)


def _real_number(value: Any) -> bool:
    """Whether one cell of an object column is a real number (booleans are not)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def _check_kinds(frame: pd.DataFrame) -> None:
    """Refuse columns that do not hold real numbers, naming the system and a value."""
    for position, name in enumerate(frame.columns):
        column = frame.iloc[:, position]
        dtype = column.dtype
        if pd.api.types.is_bool_dtype(dtype):
            kind = "boolean"
        elif pd.api.types.is_complex_dtype(dtype):
            kind = "complex"
        elif pd.api.types.is_numeric_dtype(dtype):
            continue
        elif pd.api.types.is_object_dtype(dtype):
            bad = [v for v in column.tolist() if v is not None and not _real_number(v)]
            if not bad:
                continue
            kind = type(bad[0]).__name__
        else:
            kind = str(dtype)
        example = next((v for v in column.tolist() if v is not None), None)
        raise InputTypeError(
            f"scores: expected real numbers (got {kind} scores for system={name!r}, e.g. "
            f"{example!r}); convert them first (strings, booleans and complex numbers are not "
            "scores)"
        )


def _check_system_names(columns: pd.Index) -> None:
    if columns.has_duplicates:
        dupes = columns[columns.duplicated()].unique().tolist()
        raise InvalidInputError(f"scores: expected unique system names (got repeated {dupes!r})")
    as_text: dict[str, Hashable] = {}
    for name in columns:
        other = as_text.setdefault(str(name), name)
        if other is not name and other != name:
            raise InvalidInputError(
                f"scores: expected system names that differ as text (got {other!r} and "
                f"{name!r}, which print the same)"
            )


def _chosen_systems(systems: Any, frame: pd.DataFrame) -> list[Hashable]:
    if isinstance(systems, str | bytes) or not isinstance(systems, Sequence | pd.Index):
        raise InvalidInputError(
            f"systems={systems!r}: expected a list of system names (e.g. ['a', 'b'])"
        )
    chosen = list(systems)
    seen: set[Hashable] = set()
    for name in chosen:
        if name in seen:
            raise InvalidInputError(
                f"systems={chosen!r}: expected distinct system names (got {name!r} more than "
                "once); a system compared with itself is no comparison"
            )
        seen.add(name)
    known = [str(c) for c in frame.columns]
    for name in chosen:
        if name not in frame.columns:
            hint = closest(str(name), known)
            did = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
            raise InvalidInputError(f"systems: system={name!r} is not a column of the scores{did}")
    return chosen


def as_score_matrix(scores: Any, *, systems: Sequence[Hashable] | None = None) -> ScoreMatrix:
    """Validate ``scores`` into a :class:`ScoreMatrix` (see the module docstring).

    Parameters
    ----------
    scores
        A 2-D array ``(topics, systems)``, a DataFrame (columns = systems),
        a mapping ``system -> scores`` or a :class:`ScoreMatrix`.
    systems
        Keep only these systems, in this order (looked up by label; each at most once).

    Raises
    ------
    InvalidInputError
        Fewer than 2 topics or systems, repeated labels, NaN or infinite
        scores, series over different topics, an unknown or repeated system
        in ``systems``.
    InputTypeError
        Scores that are not real numbers (strings, booleans, complex numbers).
    """
    if isinstance(scores, ScoreMatrix):
        frame = scores.to_frame()
    elif isinstance(scores, pd.DataFrame):
        frame = scores
    elif isinstance(scores, Mapping):
        frame = _from_mapping(scores)
    else:
        try:
            array = np.asarray(scores)
        except (TypeError, ValueError) as exc:
            raise InputTypeError(
                f"scores: expected a (topics, systems) array (got {type(scores).__name__})"
            ) from exc
        if array.ndim != 2:
            raise InvalidInputError(
                f"scores: expected a 2-D (topics, systems) matrix (got shape {array.shape})"
            )
        frame = pd.DataFrame(array)
    _check_system_names(frame.columns)
    if frame.index.has_duplicates:
        dupes = frame.index[frame.index.duplicated()].unique().tolist()
        raise InvalidInputError(
            f"scores: expected unique topic labels (got repeated {dupes[:5]!r})"
        )
    if systems is not None:
        frame = frame.loc[:, _chosen_systems(systems, frame)]
    _check_kinds(frame)
    try:
        values = frame.to_numpy(dtype=float, na_value=np.nan)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(f"scores: expected numeric scores ({exc})") from None
    n_topics, n_systems = values.shape
    if n_topics < 2 or n_systems < 2:
        raise InvalidInputError(
            "scores: expected at least 2 topics and 2 systems "
            f"(got {n_topics} topics x {n_systems} systems)"
        )
    bad = np.argwhere(~np.isfinite(values))
    if bad.size:
        cells = ", ".join(
            f"(topic={frame.index[t]!r}, system={frame.columns[s]!r})" for t, s in bad[:5]
        )
        more = f" and {len(bad) - 5} more" if len(bad) > 5 else ""
        raise InvalidInputError(
            f"scores: expected finite scores (got NaN or inf at {cells}{more}); drop or fill "
            "those topics first"
        )
    values = values.copy()
    values.flags.writeable = False
    return ScoreMatrix(values, tuple(frame.index.tolist()), tuple(frame.columns.tolist()))
