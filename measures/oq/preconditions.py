"""Predicates of the ordinal quantification (OQ) family's own preconditions.

Each takes ``(system, gold)`` distributions ``(..., C)`` and the class
values, and returns a boolean array of the batch shape.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gold_no_zero_bin", "gold_not_uniform", "no_zero_bin"]


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
