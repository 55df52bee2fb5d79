"""Vectorised predicates of the shared preconditions on the class scale.

``at_least_three_classes`` and ``equidistant_values``
(:mod:`axiometrics.shared_claims`) restrict the class scale, not a family's
inputs: they read the number of classes from the inputs' last axis and the
class values, for inputs of shape ``(..., C)`` (several inputs, e.g. two
distributions) or one ``(..., C, C)`` matrix, so any family over classes can
adopt them with these predicates (:class:`~axiometrics.claims.PredicateFor`).
Each returns a boolean array of the batch shape.  Predicates compose by
conjunction: a claim checked under several preconditions sees only the
cases on which every predicate holds for every scored entry.
"""

from __future__ import annotations

import numpy as np

__all__ = ["at_least_three_classes", "equidistant_values"]


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
