"""Seeds, trial counts and chunking shared by the resampling tests.

Minimum number of resamples
---------------------------
``trials`` (the ``B`` of the bootstrap, of the Monte Carlo randomisation
test, of the randomised Tukey HSD and of the Cramér's V interval) must be at
least :func:`minimum_trials` ``(alpha) = ceil(2 / alpha) - 1`` (39 at
``alpha = 0.05``, 199 at 0.01): with fewer, the ``alpha / 2`` quantile of
an interval falls outside the resamples and no Monte Carlo p-value
``(count + 1) / (B + 1)`` can be below ``alpha``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError

__all__ = [
    "DEFAULT_MAX_ELEMENTS",
    "Seed",
    "as_generator",
    "check_max_elements",
    "check_seed",
    "check_trials",
    "chunk_size",
    "generator",
    "minimum_trials",
]

#: Bound on the elements of one chunk's arrays (2**22 float64 = 32 MiB).
DEFAULT_MAX_ELEMENTS = 2**22

#: What a resampling function accepts as its seed.
Seed = int | np.random.Generator | np.random.SeedSequence | None


def as_generator(seed: Seed) -> np.random.Generator:
    """A NumPy Generator from an int seed, a SeedSequence, a Generator or ``None``."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, int | np.integer | np.random.SeedSequence):
        return np.random.default_rng(seed)
    raise InvalidParameterError(f"seed must be an int, a numpy Generator or None (got {seed!r})")


def minimum_trials(alpha: float) -> int:
    """The fewest resamples whose ``alpha / 2`` quantile and p-values below ``alpha`` exist."""
    return max(1, math.ceil(2.0 / alpha - 1e-9) - 1)


def check_trials(trials: Any, name: str = "trials", *, alpha: float | None = None) -> int:
    """A number of resamples: an integer, at least :func:`minimum_trials` of ``alpha``.

    Without ``alpha`` only the type and positivity are checked (for tests
    that do not resample).
    """
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials < 1:
        raise InvalidParameterError(f"{name}={trials!r}: expected a positive integer")
    if alpha is not None and trials < minimum_trials(alpha):
        raise InvalidParameterError(
            f"{name}={trials!r}: expected at least {minimum_trials(alpha)} resamples at "
            f"alpha={alpha!r} (ceil(2 / alpha) - 1: fewer cannot place the alpha/2 quantile "
            "between resamples nor give a p-value below alpha)"
        )
    return int(trials)


def check_max_elements(max_elements: Any) -> int:
    """A positive integer bound on a chunk's size, or :class:`InvalidParameterError`."""
    if (
        isinstance(max_elements, bool)
        or not isinstance(max_elements, int | np.integer)
        or max_elements < 1
    ):
        raise InvalidParameterError(f"max_elements={max_elements!r}: expected a positive integer")
    return int(max_elements)


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
