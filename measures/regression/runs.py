"""Regression system outputs over topics: true values per item, predictions per system.

:class:`RegressionRuns` is the meta-evaluation input of the ``regression``
family (inputs ``(y_true, y_pred[, sample_weight])``).  Every topic holds
the same number ``n`` of item slots: the true values are ``(T, n)``, the
predictions ``(T, S, n)`` and the optional sample weights ``(T, n)``, so
one vectorised call scores every (topic, system) cell: the scorer gets the
true values ``(T, 1, n)`` (which broadcast over the systems), the
predictions ``(T, S, n)`` and, when there are weights, the weights
``(T, 1, n)``.

Topics of different sizes
    :meth:`RegressionRuns.from_topics` pads every topic to the largest with
    slots of weight 0, which every weighted measure ignores (a weight is a
    frequency; a zero weight removes the item).  The measures without a
    weighted form (``max_error`` and the three correlations) refuse such
    runs with :class:`~axiometrics.errors.InvalidInputError`; score them on
    topics of equal size (e.g. folds of equal size by construction, as the
    shipped ``diabetes`` collection does).

It plays the part :class:`~axiometrics.io.LabelRuns` plays for confusion
matrices (``family``, ``topics``, ``systems``, ``scale``,
:meth:`RegressionRuns.scorer_inputs`, :meth:`RegressionRuns.select_systems`),
so :func:`axiometrics.meta.score_runs` and :func:`axiometrics.meta.run` take
it unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

from axiometrics.errors import DataFileError
from axiometrics.family import get_family
from axiometrics.io.runs import check_names, system_positions

__all__ = ["REGRESSION_INPUTS", "RegressionRuns"]

#: The inputs of a family whose measures :class:`RegressionRuns` can feed: the
#: regression family's ``INPUTS`` (spelled out, not imported: the family module
#: imports the data hooks that import this one; a test pins the two equal).
REGRESSION_INPUTS = ("y_true", "y_pred", "sample_weight")


def _first_bad(array: np.ndarray, bad: np.ndarray) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(bad)[0])


def _frozen(array: np.ndarray) -> np.ndarray:
    out = np.array(array, dtype=float, copy=True)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class RegressionRuns:
    """True values and each system's predictions, per topic.

    Attributes
    ----------
    topics
        Topic names, ``T`` of them.
    systems
        System names, ``S`` of them.
    y_true
        True values ``(T, n)``.
    y_pred
        Predictions ``(T, S, n)``.
    sample_weight
        Weights ``(T, n)`` (non-negative, at least one positive per topic),
        or ``None``: every item counts once.

    Raises
    ------
    DataFileError
        For shapes that do not match, values that are not finite, negative
        weights or a topic whose weights are all zero, no topic or system,
        or repeated names.
    """

    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    y_true: np.ndarray
    y_pred: np.ndarray
    sample_weight: np.ndarray | None = None

    family = "regression"

    def __post_init__(self) -> None:
        topics, systems = tuple(self.topics), tuple(self.systems)
        check_names(topics, systems)
        y_true = np.asarray(self.y_true, dtype=float)
        y_pred = np.asarray(self.y_pred, dtype=float)
        t, s = len(topics), len(systems)
        if y_true.ndim != 2 or y_true.shape[0] != t or y_true.shape[1] < 1:
            raise DataFileError(
                f"y_true must have shape (topics, items) = ({t}, n) with n >= 1 "
                f"(got {y_true.shape})"
            )
        n = y_true.shape[1]
        if y_pred.shape != (t, s, n):
            raise DataFileError(
                f"y_pred must have shape (topics, systems, items) = {(t, s, n)} "
                f"(got {y_pred.shape})"
            )
        if not np.isfinite(y_true).all():
            ti, i = _first_bad(y_true, ~np.isfinite(y_true))
            raise DataFileError(
                f"y_true must be finite (got {float(y_true[ti, i])!r} on topic {topics[ti]!r}, "
                f"item {i})"
            )
        if not np.isfinite(y_pred).all():
            ti, si, i = _first_bad(y_pred, ~np.isfinite(y_pred))
            raise DataFileError(
                f"y_pred must be finite (got {float(y_pred[ti, si, i])!r} for system "
                f"{systems[si]!r} on topic {topics[ti]!r}, item {i})"
            )
        weight = None if self.sample_weight is None else self._checked_weights(topics, n)
        object.__setattr__(self, "topics", topics)
        object.__setattr__(self, "systems", systems)
        object.__setattr__(self, "y_true", _frozen(y_true))
        object.__setattr__(self, "y_pred", _frozen(y_pred))
        object.__setattr__(self, "sample_weight", weight)

    def _checked_weights(self, topics: tuple[Hashable, ...], n: int) -> np.ndarray:
        weight = np.asarray(self.sample_weight, dtype=float)
        if weight.shape != (len(topics), n):
            raise DataFileError(
                f"sample_weight must have shape (topics, items) = {(len(topics), n)} "
                f"(got {weight.shape})"
            )
        bad = ~np.isfinite(weight) | (weight < 0)
        if bad.any():
            ti, i = _first_bad(weight, bad)
            raise DataFileError(
                f"sample_weight must be finite and non-negative (got {float(weight[ti, i])!r} "
                f"on topic {topics[ti]!r}, item {i})"
            )
        empty = ~(weight > 0).any(axis=1)
        if empty.any():
            names = [topics[int(i)] for i in np.flatnonzero(empty)][:5]
            raise DataFileError(
                f"sample_weight must be positive for at least one item per topic (got all "
                f"zeros on topics {names!r})"
            )
        return _frozen(weight)

    @classmethod
    def from_topics(
        cls,
        topics: Sequence[Hashable],
        systems: Sequence[Hashable],
        y_true: Sequence[np.ndarray],
        y_pred: Sequence[np.ndarray],
        sample_weight: Sequence[np.ndarray] | None = None,
    ) -> RegressionRuns:
        """Runs from per-topic arrays, which may hold different numbers of items.

        Parameters
        ----------
        topics, systems
            Names.
        y_true
            Per topic, the true values ``(n_t,)``.
        y_pred
            Per topic, the predictions ``(S, n_t)``.
        sample_weight
            Per topic, the weights ``(n_t,)``; ``None``: every item counts once.

        Returns
        -------
        RegressionRuns
            With topics of one size, the arrays stacked as they are (no
            weights unless given); otherwise every topic padded to the
            largest with slots of weight 0 that repeat the topic's first
            item (see the module docstring).

        Raises
        ------
        DataFileError
            For per-topic arrays whose counts or shapes do not match.
        """
        t = len(topics)
        if not (len(y_true) == len(y_pred) == t) or (
            sample_weight is not None and len(sample_weight) != t
        ):
            raise DataFileError(
                f"y_true, y_pred and sample_weight must hold one array per topic ({t} topics; "
                f"got {len(y_true)}, {len(y_pred)} and "
                f"{'none' if sample_weight is None else len(sample_weight)})"
            )
        truths = [np.asarray(y, dtype=float) for y in y_true]
        preds = [np.asarray(p, dtype=float) for p in y_pred]
        sizes = [y.shape[-1] if y.ndim == 1 else -1 for y in truths]
        for name, truth, pred, size in zip(topics, truths, preds, sizes, strict=True):
            if size < 1 or pred.shape != (len(systems), size):
                raise DataFileError(
                    f"topic {name!r}: y_true must be (n,) with n >= 1 and y_pred "
                    f"({len(systems)}, n) (got {truth.shape} and {pred.shape})"
                )
        weights = None if sample_weight is None else [np.asarray(w, float) for w in sample_weight]
        if weights is not None:
            for name, w, size in zip(topics, weights, sizes, strict=True):
                if w.shape != (size,):
                    raise DataFileError(
                        f"topic {name!r}: sample_weight must have shape ({size},) (got {w.shape})"
                    )
        width = max(sizes)
        if min(sizes) == width:
            stacked_w = None if weights is None else np.stack(weights)
            return cls(tuple(topics), tuple(systems), np.stack(truths), np.stack(preds), stacked_w)
        # Pad each topic with copies of its first item, of weight 0.
        slots = np.arange(width)
        take = [np.where(slots < k, slots, 0) for k in sizes]
        given = weights if weights is not None else [np.ones(k) for k in sizes]
        filled = [np.concatenate([w, np.zeros(width - w.size)]) for w in given]
        return cls(
            tuple(topics),
            tuple(systems),
            np.stack([y[i] for y, i in zip(truths, take, strict=True)]),
            np.stack([p[:, i] for p, i in zip(preds, take, strict=True)]),
            np.stack(filled),
        )

    @property
    def scale(self) -> None:
        """``None``: regression runs hold real values and no class scale.

        The meta-evaluation passes class values only to the measures of a
        family whose inputs carry them (:attr:`axiometrics.family.Family.class_values`).
        """
        return None

    @property
    def n_items(self) -> int:
        """Number of item slots of positive weight over all topics."""
        if self.sample_weight is None:
            return int(self.y_true.size)
        return int(np.count_nonzero(self.sample_weight))

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """What a scorer of ``family`` is called with.

        Returns
        -------
        tuple of numpy.ndarray
            ``y_true (T, 1, n)`` and ``y_pred (T, S, n)``, then the weights
            ``(T, 1, n)`` when the runs have any.

        Raises
        ------
        DataFileError
            For a family whose measures take other inputs (class labels,
            distributions or scores, which real-valued predictions are not).
        """
        inputs = get_family(family).inputs
        if inputs != REGRESSION_INPUTS:
            raise DataFileError(
                f"measures of family={family!r} take inputs {list(inputs)}; these runs hold "
                f"true values and real-valued predictions {list(REGRESSION_INPUTS)} (family "
                "'regression')"
            )
        truth = self.y_true[:, None, :]
        if self.sample_weight is None:
            return (truth, self.y_pred)
        return (truth, self.y_pred, self.sample_weight[:, None, :])

    def select_systems(self, systems: Sequence[Hashable]) -> RegressionRuns:
        """A copy restricted to some systems, in the given order.

        Raises
        ------
        DataFileError
            For a name that is not a system of these runs.
        """
        index = system_positions(self.systems, systems)
        return RegressionRuns(
            self.topics, tuple(systems), self.y_true, self.y_pred[:, index], self.sample_weight
        )

    def __repr__(self) -> str:
        weights = "" if self.sample_weight is None else ", weighted"
        return (
            f"RegressionRuns(topics={len(self.topics)}, systems={len(self.systems)}, "
            f"items per topic={self.y_true.shape[1]}{weights})"
        )
