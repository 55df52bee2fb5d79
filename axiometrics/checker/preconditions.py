"""Vectorised predicates of the built-in preconditions.

Each predicate takes the family's inputs with leading batch axes and the
class values, and returns a boolean array of the batch shape.  They are
attached to the :class:`~axiometrics.claims.Precondition` objects of the
catalogue by lazy reference, and compose by conjunction: a claim checked
under several preconditions sees only the cases on which every predicate
holds for every scored entry.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "at_least_three_classes",
    "at_least_two_gold_classes",
    "equidistant_values",
    "gold_no_zero_bin",
    "gold_not_uniform",
    "no_empty_gold_class",
    "no_empty_system_class",
    "no_zero_bin",
]


def no_empty_gold_class(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Every column (gold class) of the confusion matrix has an item."""
    return np.all(np.asarray(matrices).sum(axis=-2) > 0, axis=-1)


def no_empty_system_class(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Every row (system class) of the confusion matrix has an item."""
    return np.all(np.asarray(matrices).sum(axis=-1) > 0, axis=-1)


def at_least_two_gold_classes(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """At least two gold classes are non-empty."""
    return np.count_nonzero(np.asarray(matrices).sum(axis=-2) > 0, axis=-1) >= 2


def at_least_three_classes(first: np.ndarray, *rest: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The scale has at least three classes (OC or OQ inputs)."""
    arr = np.asarray(first)
    batch = (
        arr.shape[:-2]
        if not rest
        else np.broadcast_shapes(arr.shape, *(r.shape for r in rest))[:-1]
    )
    return np.full(batch, arr.shape[-1] >= 3)


def equidistant_values(*inputs: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The class values are equally spaced (relative tolerance 1e-9)."""
    gaps = np.diff(np.asarray(values, dtype=float), axis=-1)
    spread = np.abs(gaps - gaps[..., :1])
    ok = np.all(spread <= 1e-9 * np.abs(gaps[..., :1]), axis=-1)
    batch = (
        inputs[0].shape[:-2]
        if len(inputs) == 1
        else np.broadcast_shapes(*(i.shape for i in inputs))[:-1]
    )
    return np.broadcast_to(ok, batch)


def gold_not_uniform(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """The gold distribution is not exactly uniform."""
    q = np.asarray(gold, dtype=float)
    uniform = np.all(q == q[..., :1], axis=-1)
    return np.broadcast_to(~uniform, np.broadcast_shapes(np.shape(system)[:-1], q.shape[:-1]))


def no_zero_bin(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Neither distribution has a zero bin."""
    return np.all(np.asarray(system) > 0, axis=-1) & np.all(np.asarray(gold) > 0, axis=-1)


def gold_no_zero_bin(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """The gold distribution has no zero bin."""
    ok = np.all(np.asarray(gold) > 0, axis=-1)
    return np.broadcast_to(ok, np.broadcast_shapes(np.shape(system)[:-1], ok.shape))
