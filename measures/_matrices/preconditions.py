"""Predicates of the shared preconditions over confusion matrices (ordinal and nominal).

The ``oc`` and ``nominal`` plugins adopt the shared preconditions
``no_empty_gold_class``, ``no_empty_system_class`` and
``at_least_two_gold_classes`` (:mod:`axiometrics.shared_claims`) with these
vectorised predicates: each takes confusion matrices ``(..., C, C)`` (rows =
system, columns = gold) and the class values, and returns a boolean array
of the batch shape.
"""

from __future__ import annotations

import numpy as np

__all__ = ["at_least_two_gold_classes", "no_empty_gold_class", "no_empty_system_class"]


def no_empty_gold_class(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Every column (gold class) of the confusion matrix has an item."""
    return np.all(np.asarray(matrices).sum(axis=-2) > 0, axis=-1)


def no_empty_system_class(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Every row (system class) of the confusion matrix has an item."""
    return np.all(np.asarray(matrices).sum(axis=-1) > 0, axis=-1)


def at_least_two_gold_classes(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """At least two gold classes are non-empty."""
    return np.count_nonzero(np.asarray(matrices).sum(axis=-2) > 0, axis=-1) >= 2
