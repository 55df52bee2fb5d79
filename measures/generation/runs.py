"""Generation system outputs over topics: references per segment, hypotheses per system.

:class:`GenerationRuns` is the meta-evaluation input of the ``generation``
family (inputs ``(hypotheses, references)``).  Every topic holds the same
number ``m`` of segments: the hypotheses are an object array ``(T, S, m)``
of ``str`` and the references an object array ``(T, m)`` whose entries are
tuples of ``str`` (each segment's references; segments may have different
numbers of them).  One vectorised call scores every (topic, system) cell:
the scorer gets the hypotheses ``(T, S, m)`` and the references
``(T, 1, m)``, which broadcast over the systems, so each cell is the corpus
score of one system on one topic's segments.

The measures of the family are corpus-level (a corpus score is a function
of summed segment statistics, :mod:`.corpus`), so the runs also give, for a
built-in measure, every system's segment statistics over the whole corpus
(:meth:`GenerationRuns.corpus_statistics`, the
:class:`~axiometrics.io.runs.CorpusLevelRuns` protocol): what the
corpus-level tests of :mod:`axiometrics.stats.corpus` resample.

It plays the part :class:`~axiometrics.io.LabelRuns` plays for confusion
matrices (``family``, ``topics``, ``systems``, ``scale``,
:meth:`GenerationRuns.scorer_inputs`, :meth:`GenerationRuns.select_systems`),
so :func:`axiometrics.meta.score_runs` and :func:`axiometrics.meta.run` take
it unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.errors import DataFileError
from axiometrics.family import get_family
from axiometrics.io.runs import CorpusBatch, check_names, system_positions

__all__ = ["BUILTIN_PLUGIN", "GENERATION_INPUTS", "GenerationRuns"]

#: The inputs of a family whose measures :class:`GenerationRuns` can feed: the
#: generation family's ``INPUTS`` (spelled out, not imported: the family module
#: is the one that imports the data hooks; a test pins the two equal).
GENERATION_INPUTS = ("hypotheses", "references")
#: The plugin that registers the built-in generation measures (``MeasurePlugin("generation")``).
BUILTIN_PLUGIN = "generation"


def _shown(value: Any) -> str:
    text = " ".join(repr(value).split())
    return text if len(text) <= 80 else text[:77] + "..."


def _frozen(array: np.ndarray) -> np.ndarray:
    out = array.copy()
    out.setflags(write=False)
    return out


def _object_array(raw: Any, name: str, shape: str) -> np.ndarray:
    """``raw`` as an object array (a NumPy string array converted, strings never split)."""
    if isinstance(raw, str | bytes):
        raise DataFileError(f"{name}={_shown(raw)}: expected an array of shape {shape}")
    if isinstance(raw, np.ndarray):
        return raw.astype(object, copy=False)
    try:
        return np.array(raw, dtype=object)
    except ValueError:  # ragged nesting numpy cannot hold
        raise DataFileError(
            f"{name}: expected an array of shape {shape} (got rows of different lengths)"
        ) from None


def _reference_grid(raw: Any, t: int) -> np.ndarray:
    """References as an object array ``(T, m)`` whose entries are left as given.

    Built cell by cell from nested sequences: ``np.array`` would turn tuples of
    one length into a third axis.
    """
    shape = f"(topics, segments) = ({t}, m) of reference tuples"
    if isinstance(raw, np.ndarray) and raw.dtype == object and raw.ndim == 2:
        return raw
    if isinstance(raw, np.ndarray | str | bytes):
        got = raw.shape if isinstance(raw, np.ndarray) else type(raw).__name__
        raise DataFileError(f"references: expected an object array of shape {shape} (got {got})")
    try:
        rows = [list(row) for row in raw]
    except TypeError:
        raise DataFileError(
            f"references: expected an object array of shape {shape} (got {type(raw).__name__})"
        ) from None
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise DataFileError(
            f"references: expected an array of shape {shape} (got topics of {sorted(widths)} "
            "segments)"
        )
    grid = np.empty((len(rows), widths.pop() if widths else 0), dtype=object)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            grid[i, j] = cell
    return grid


def _reference_tuple(cell: Any, where: str) -> tuple[str, ...]:
    """One segment's references as a non-empty tuple of ``str``."""
    if not isinstance(cell, tuple | list) or not cell:
        raise DataFileError(
            f"references={_shown(cell)} ({where}): expected a non-empty tuple of reference strings"
        )
    for j, ref in enumerate(cell):
        if not isinstance(ref, str):
            raise DataFileError(
                f"references={_shown(cell)} ({where}, reference {j}): expected str entries "
                f"(got {type(ref).__name__})"
            )
    return tuple(cell)


@dataclass(frozen=True, eq=False)
class GenerationRuns:
    """Each segment's references and each system's hypotheses, per topic.

    Attributes
    ----------
    topics
        Topic names, ``T`` of them.
    systems
        System names, ``S`` of them.
    hypotheses
        Object array ``(T, S, m)`` of ``str``: ``m >= 1`` segments per
        topic, the same ``m`` for every topic.
    references
        Object array ``(T, m)`` whose entries are non-empty tuples of
        ``str``, the references of each segment.

    Raises
    ------
    DataFileError
        For shapes that do not match, a hypothesis or reference that is not
        a ``str``, a segment without a reference (the topic, system and
        segment named), no topic or system, or repeated names.
    """

    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    hypotheses: np.ndarray
    references: np.ndarray
    _statistics: dict[Any, CorpusBatch] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    family = "generation"

    def __post_init__(self) -> None:
        topics, systems = tuple(self.topics), tuple(self.systems)
        check_names(topics, systems)
        t, s = len(topics), len(systems)
        hyps = _object_array(
            self.hypotheses, "hypotheses", f"(topics, systems, segments) = ({t}, {s}, m)"
        )
        if hyps.ndim != 3 or hyps.shape[:2] != (t, s) or hyps.shape[2] < 1:
            raise DataFileError(
                f"hypotheses must have shape (topics, systems, segments) = ({t}, {s}, m) with "
                f"m >= 1 (got {hyps.shape})"
            )
        m = hyps.shape[2]
        for (ti, si, j), text in np.ndenumerate(hyps):
            if not isinstance(text, str):
                raise DataFileError(
                    f"hypotheses={_shown(text)} (system {systems[si]!r}, topic {topics[ti]!r}, "
                    f"segment {j}): expected a str (got {type(text).__name__})"
                )
        grid = _reference_grid(self.references, t)
        if grid.shape != (t, m):
            raise DataFileError(
                f"references must have shape (topics, segments) = ({t}, {m}), one entry per "
                f"hypothesis segment (got {grid.shape})"
            )
        refs = np.empty((t, m), dtype=object)
        for (ti, j), cell in np.ndenumerate(grid):
            refs[ti, j] = _reference_tuple(cell, f"topic {topics[ti]!r}, segment {j}")
        object.__setattr__(self, "topics", topics)
        object.__setattr__(self, "systems", systems)
        object.__setattr__(self, "hypotheses", _frozen(np.array(hyps, dtype=object)))
        object.__setattr__(self, "references", _frozen(refs))

    @property
    def scale(self) -> None:
        """``None``: generation runs hold text and no class scale.

        The meta-evaluation passes class values only to the measures of a
        family whose inputs carry them (:attr:`axiometrics.family.Family.class_values`).
        """
        return None

    @property
    def segments_per_topic(self) -> int:
        """The number ``m`` of segments of every topic."""
        return int(self.references.shape[1])

    @property
    def n_segments(self) -> int:
        """The number ``N = T * m`` of segments over all topics."""
        return int(self.references.size)

    @property
    def segments(self) -> tuple[tuple[Hashable, int], ...]:
        """Every segment's id ``(topic, position in the topic)``, topics in order.

        The ``N`` rows of :meth:`corpus_statistics`, in that order.
        """
        m = self.segments_per_topic
        return tuple((topic, j) for topic in self.topics for j in range(m))

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """What a scorer of ``family`` is called with.

        Returns
        -------
        tuple of numpy.ndarray
            The hypotheses ``(T, S, m)`` and the references ``(T, 1, m)``
            (object arrays, the form the family's ``prepare`` takes).

        Raises
        ------
        DataFileError
            For a family whose measures take other inputs (class labels,
            distributions, scores or real values, which text is not).
        """
        inputs = get_family(family).inputs
        if inputs != GENERATION_INPUTS:
            raise DataFileError(
                f"measures of family={family!r} take inputs {list(inputs)}; these runs hold "
                f"hypotheses and references {list(GENERATION_INPUTS)} (family 'generation')"
            )
        return (self.hypotheses, self.references[:, None, :])

    def select_systems(self, systems: Sequence[Hashable]) -> GenerationRuns:
        """A copy restricted to some systems, in the given order.

        Raises
        ------
        DataFileError
            For a name that is not a system of these runs.
        """
        index = system_positions(self.systems, systems)
        return GenerationRuns(
            self.topics, tuple(systems), self.hypotheses[:, index], self.references
        )

    def corpus_statistics(self, scorer: Any) -> CorpusBatch | None:
        """Every system's segment statistics of a built-in generation measure over all segments.

        Parameters
        ----------
        scorer
            A :class:`~axiometrics.registry.Scorer` (or its
            :class:`~axiometrics.Measure`).

        Returns
        -------
        CorpusBatch or None
            ``statistics`` ``(S, N, k)`` over the ``N`` segments of
            :attr:`segments` (topics in order) and the measure's scorer of
            summed statistics, so that ``from_totals(statistics[:, rows].sum(axis=1))``
            is every system's corpus score on the segments ``rows``; ``None``
            for a measure of another family or one that is not a built-in
            generation measure (e.g. a user's callable).  Computed once per
            measure and parameters; the arrays are read-only.
        """
        measure = _builtin_measure(scorer)
        if measure is None:
            return None
        key = (measure.name, tuple(sorted(measure.bound.items())))
        if key not in self._statistics:
            self._statistics[key] = self._batch(measure.name, dict(measure.bound))
        return self._statistics[key]

    def _batch(self, name: str, params: dict[str, Any]) -> CorpusBatch:
        from .corpus import kernel

        bound = kernel(name, params)
        refs = [list(r) for r in self.references.reshape(-1)]
        rows = [
            np.asarray(bound.statistics(list(self.hypotheses[:, s, :].reshape(-1)), refs))
            for s in range(len(self.systems))
        ]
        statistics = np.stack(rows).astype(np.float64)
        statistics.setflags(write=False)
        return CorpusBatch(statistics, bound.from_totals, self.segments_per_topic)

    def __repr__(self) -> str:
        return (
            f"GenerationRuns(topics={len(self.topics)}, systems={len(self.systems)}, "
            f"segments per topic={self.segments_per_topic})"
        )


def _builtin_measure(scorer: Any) -> Any:
    """The measure of ``scorer`` when it is a built-in generation measure, else ``None``."""
    from axiometrics.measure import Measure

    from .corpus import MEASURES

    measure = getattr(scorer, "measure", scorer)
    if not isinstance(measure, Measure):
        return None
    if measure.family != "generation" or measure.name not in MEASURES:
        return None
    if getattr(scorer, "plugin", BUILTIN_PLUGIN) != BUILTIN_PLUGIN:
        return None
    return measure
