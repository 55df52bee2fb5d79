"""Seeds, trial counts and chunking shared by the resampling tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.tukey import as_generator

__all__ = ["DEFAULT_MAX_ELEMENTS", "check_seed", "check_trials", "chunk_size", "generator"]

#: Bound on the elements of one chunk's arrays (2**22 float64 = 32 MiB).
DEFAULT_MAX_ELEMENTS = 2**22


def check_trials(trials: Any, name: str = "trials") -> int:
    """A positive integer number of resamples, or :class:`InvalidParameterError`."""
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials < 1:
        raise InvalidParameterError(f"{name}={trials!r}: expected a positive integer")
    return int(trials)


def check_seed(seed: Any) -> int | None:
    """The seed as recorded in results: an int, or ``None`` for a Generator or ``None``."""
    if isinstance(seed, bool):
        raise InvalidParameterError(f"seed={seed!r}: expected an int, a numpy Generator or None")
    if isinstance(seed, int | np.integer):
        if seed < 0:
            raise InvalidParameterError(f"seed={seed!r}: expected a non-negative int")
        return int(seed)
    if seed is None or isinstance(seed, np.random.Generator | np.random.SeedSequence):
        return None
    raise InvalidParameterError(f"seed={seed!r}: expected an int, a numpy Generator or None")


def generator(seed: Any) -> np.random.Generator:
    """A NumPy Generator for ``seed`` (validated by :func:`check_seed`)."""
    check_seed(seed)
    return as_generator(seed)


def chunk_size(per_trial: int, max_elements: int = DEFAULT_MAX_ELEMENTS) -> int:
    """Trials per chunk so that a chunk's arrays hold about ``max_elements`` numbers."""
    return max(1, max_elements // max(1, per_trial))
