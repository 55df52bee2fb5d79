"""Scored system outputs over topics: binary gold per item, real-valued scores per system.

:class:`ScoredRuns` is the meta-evaluation input of the measures whose
family takes ``(scores, gold)`` (the ``scored`` family: ROC AUC, average
precision, log loss, ...).  Every topic holds the same number ``n`` of
items; the gold is ``(T, n)`` of 0/1 labels and the scores ``(T, S, n)``,
so one vectorised call scores every (topic, system) cell: the scorer gets
the scores ``(T, S, n)`` and the gold ``(T, 1, n)``, which broadcasts over
the systems.

It plays the part :class:`~axiometrics.io.LabelRuns` plays for confusion
matrices (``family``, ``topics``, ``systems``, ``scale``,
:meth:`ScoredRuns.scorer_inputs`, :meth:`ScoredRuns.select_systems`), so
:func:`axiometrics.meta.score_runs` and :func:`axiometrics.meta.run` take
it unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

from axiometrics.errors import DataFileError
from axiometrics.family import get_family
from axiometrics.io.runs import check_counts, system_positions
from axiometrics.scale import ClassScale

__all__ = ["SCORED_INPUTS", "ScoredRuns"]

#: The inputs of a family whose measures :class:`ScoredRuns` can feed.
SCORED_INPUTS = ("scores", "gold")


@dataclass(frozen=True, eq=False)
class ScoredRuns:
    """Binary gold labels and each system's real-valued scores, per topic.

    Attributes
    ----------
    topics
        Topic names, ``T`` of them.
    systems
        System names, ``S`` of them.
    gold
        Gold labels ``(T, n)``: 1 for a positive item, 0 for a negative one.
    scores
        Finite scores ``(T, S, n)``, higher meaning "more likely positive".

    Raises
    ------
    DataFileError
        For shapes that do not match, non-binary gold labels, non-finite
        scores, fewer than 2 topics or systems, or repeated names.
    """

    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    gold: np.ndarray
    scores: np.ndarray

    family = "scored"

    def __post_init__(self) -> None:
        topics, systems = tuple(self.topics), tuple(self.systems)
        check_counts(topics, systems)
        gold = np.asarray(self.gold)
        scores = np.asarray(self.scores, dtype=float)
        t, s = len(topics), len(systems)
        if gold.ndim != 2 or gold.shape[0] != t or gold.shape[1] < 1:
            raise DataFileError(
                f"gold must have shape (topics, items) = ({t}, n) with n >= 1 (got {gold.shape})"
            )
        if scores.shape != (t, s, gold.shape[1]):
            raise DataFileError(
                f"scores must have shape (topics, systems, items) = {(t, s, gold.shape[1])} "
                f"(got {scores.shape})"
            )
        if not np.isin(gold, (0, 1)).all():
            seen = sorted({float(x) for x in np.unique(gold)} - {0.0, 1.0})[:5]
            raise DataFileError(f"gold must hold binary labels 0/1 (got {seen!r})")
        if not np.isfinite(scores).all():
            t_bad, s_bad, i_bad = (int(x) for x in np.argwhere(~np.isfinite(scores))[0])
            raise DataFileError(
                f"scores must be finite (got {float(scores[t_bad, s_bad, i_bad])!r} for system "
                f"{systems[s_bad]!r} on topic {topics[t_bad]!r}, item {i_bad})"
            )
        frozen_gold = gold.astype(np.int8)
        frozen_gold.setflags(write=False)
        scores = scores.copy()
        scores.setflags(write=False)
        object.__setattr__(self, "topics", topics)
        object.__setattr__(self, "systems", systems)
        object.__setattr__(self, "gold", frozen_gold)
        object.__setattr__(self, "scores", scores)

    @property
    def scale(self) -> ClassScale:
        """The two gold classes, ``0`` (negative) and ``1`` (positive)."""
        return ClassScale((0, 1))

    @property
    def n_items(self) -> int:
        """Number of gold items over all topics, ``T * n``."""
        return int(self.gold.size)

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """What a scorer of ``family`` is called with: scores ``(T, S, n)``, gold ``(T, 1, n)``.

        Raises
        ------
        DataFileError
            For a family whose measures take other inputs (confusion
            matrices or distributions need class labels, which scores are
            not).
        """
        inputs = get_family(family).inputs
        if inputs != SCORED_INPUTS:
            raise DataFileError(
                f"measures of family={family!r} take inputs {list(inputs)}; these runs hold "
                f"binary gold labels and real-valued scores {list(SCORED_INPUTS)} (family "
                "'scored')"
            )
        return (self.scores, self.gold[:, None, :].astype(float))

    def select_systems(self, systems: Sequence[Hashable]) -> ScoredRuns:
        """A copy restricted to some systems, in the given order.

        Raises
        ------
        DataFileError
            For a name that is not a system of these runs.
        """
        index = system_positions(self.systems, systems)
        return ScoredRuns(self.topics, tuple(systems), self.gold, self.scores[:, index])

    def __repr__(self) -> str:
        return (
            f"ScoredRuns(topics={len(self.topics)}, systems={len(self.systems)}, "
            f"items per topic={self.gold.shape[1]})"
        )
