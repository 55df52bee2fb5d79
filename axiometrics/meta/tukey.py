"""The randomised Tukey HSD test (Sakai 2018), vectorised and chunked.

Input: a matrix ``X`` of ``n`` blocks (rows: topics, or consistency
trials) by ``k`` groups (columns: systems, or measures).  The null
hypothesis is that the group labels within each block are exchangeable,
so a trial permutes each row independently and records the range of the
column means, ``max_j mean_j - min_j mean_j``.  After ``B`` trials, the
p-value of the pair ``(i, j)`` is the share of trials whose range reaches
the observed ``|mean_i - mean_j|``::

    p_ij = #{b : range_b >= |mean_i - mean_j|} / B

This is Sakai's (2018, *Laboratory Experiments in Information Retrieval*,
Algorithm 4 of chapter 4) convention: the observed arrangement is not
counted among the trials.  Pass ``include_observed=True`` for the
``(count + 1) / (B + 1)`` variant, which is never 0.

Implementation: a trial's permutations come from ``argsort`` of uniform
random keys of shape ``(n, k)``; trials are processed in chunks whose size
is set by ``max_elements``, so peak memory is ``O(max_elements)``
whatever ``B`` is, and the counts are accumulated chunk by chunk (no array
of length ``B`` is kept).  The keys are drawn in trial order, so the
result does not depend on the chunk size.  Several matrices of the same
shape (stacked on leading axes, e.g. one per measure) share the same
permutations, which makes their p-values directly comparable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.errors import MetaInputError

__all__ = ["DEFAULT_MAX_ELEMENTS", "TukeyHSD", "as_generator", "randomized_tukey_hsd"]

#: Default bound on the elements of one chunk's arrays (2**20 float64 = 8 MiB each).
DEFAULT_MAX_ELEMENTS = 2**20

Seed = int | np.random.Generator | np.random.SeedSequence | None


def as_generator(seed: Seed) -> np.random.Generator:
    """A NumPy Generator from an int seed, a SeedSequence, a Generator or ``None``."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, int | np.integer | np.random.SeedSequence):
        return np.random.default_rng(seed)
    raise InvalidParameterError(f"seed must be an int, a numpy Generator or None (got {seed!r})")


@dataclass(frozen=True)
class TukeyHSD:
    """Result of a randomised Tukey HSD test.

    Attributes
    ----------
    means
        Group (column) means, ``(..., k)``.
    p_values
        Symmetric ``(..., k, k)`` p-values; the diagonal is 1.
    trials
        ``B``, the number of randomisation trials.
    include_observed
        Whether p-values are ``(count + 1) / (B + 1)`` rather than ``count / B``.
    """

    means: np.ndarray
    p_values: np.ndarray
    trials: int
    include_observed: bool = False

    def significant(self, alpha: float = 0.05) -> np.ndarray:
        """Boolean ``(..., k, k)``: pairs whose p-value is below ``alpha``."""
        return self.p_values < alpha


def _check_trials(trials: int, name: str = "trials") -> int:
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials < 1:
        raise InvalidParameterError(f"{name} must be a positive integer (got {trials!r})")
    return int(trials)


def randomized_tukey_hsd(
    data: Any,
    *,
    trials: int = 5000,
    seed: Seed = 0,
    include_observed: bool = False,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    progress: Callable[[int], object] | None = None,
) -> TukeyHSD:
    """Run the paired randomised Tukey HSD test on blocks x groups matrices.

    Parameters
    ----------
    data
        ``(n, k)`` or a stack ``(..., n, k)``: ``n >= 2`` blocks (rows,
        permuted independently) by ``k >= 2`` groups (columns).
    trials
        ``B``, the number of randomisation trials.
    seed
        Seed or Generator for the permutations.
    include_observed
        Use ``(count + 1) / (B + 1)`` instead of Sakai's ``count / B``.
    max_elements
        Bound on the size of one chunk's arrays; lower it to save memory.
    progress
        Called with the number of trials done after each chunk.

    Returns
    -------
    TukeyHSD
    """
    b = _check_trials(trials)
    if isinstance(max_elements, bool) or not isinstance(max_elements, int) or max_elements < 1:
        raise InvalidParameterError(
            f"max_elements must be a positive integer (got {max_elements!r})"
        )
    x = np.asarray(data, dtype=float)
    if x.ndim < 2 or x.shape[-2] < 2 or x.shape[-1] < 2:
        raise MetaInputError(
            f"the Tukey HSD test needs a blocks x groups matrix with at least 2 of each "
            f"(got shape {x.shape})"
        )
    if not np.all(np.isfinite(x)):
        raise MetaInputError("the Tukey HSD test needs finite scores (got NaN or inf)")
    rng = as_generator(seed)
    lead = x.shape[:-2]
    n, k = x.shape[-2:]
    stack = x.reshape(-1, n * k)
    layers = stack.shape[0]
    means = x.mean(axis=-2).reshape(layers, k)
    iu, ju = np.triu_indices(k, k=1)
    observed = np.abs(means[:, iu] - means[:, ju])
    # A range that equals an observed difference in exact arithmetic may
    # differ in the last bits after summing in another order: allow for it.
    tolerance = 1e-9 * max(float(np.abs(x).max()), np.finfo(float).tiny)
    thresholds = observed - tolerance
    counts = np.zeros_like(observed, dtype=np.int64)
    chunk = max(1, max_elements // (n * k))
    offsets = (np.arange(n) * k)[:, None]
    done = 0
    while done < b:
        size = min(chunk, b - done)
        keys = rng.random((size, n, k))
        flat = np.argsort(keys, axis=-1) + offsets
        for layer in range(layers):
            permuted_means = stack[layer][flat].mean(axis=-2)
            ranges = np.sort(permuted_means.max(axis=-1) - permuted_means.min(axis=-1))
            counts[layer] += size - np.searchsorted(ranges, thresholds[layer], side="left")
        done += size
        if progress is not None:
            progress(size)
    pair_p = (counts + 1) / (b + 1) if include_observed else counts / b
    p = np.ones((layers, k, k))
    p[:, iu, ju] = pair_p
    p[:, ju, iu] = pair_p
    return TukeyHSD(
        means=means.reshape(*lead, k),
        p_values=p.reshape(*lead, k, k),
        trials=b,
        include_observed=include_observed,
    )
