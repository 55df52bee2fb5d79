"""The paired randomisation (permutation) test of every pair of systems.

Null hypothesis: on every topic the two systems' scores are exchangeable,
so each difference is as likely to have either sign.  The statistic is
the absolute mean difference ``|dbar|``; the p-value is the share of sign
assignments whose ``|mean|`` reaches the observed one (two-sided):

* **exact** when ``T <= exact_max_topics`` (default 16): all ``2^T`` sign
  assignments are enumerated (half of them, by the symmetry ``s -> -s``),
  ``p = #{s : |mean(s d)| >= |dbar|} / 2^T``, the observed assignment
  included, as :func:`scipy.stats.permutation_test` (``permutation_type=
  "samples"``) computes it exactly;
* **Monte Carlo** otherwise: ``B = trials`` random assignments drawn with
  ``seed``, ``p = (#{b : |mean_b| >= |dbar|} + 1) / (B + 1)`` (the observed
  assignment counts once, so ``p > 0``; SciPy's randomised convention).

All pairs share the same sign assignments and are processed in one matrix
product per chunk, ``signs (chunk, T) @ d (T, P)``.  Means equal to the
observed one up to the pair's tolerance count as reaching it.

Zero variance: identical systems give ``p = 1`` (every assignment reaches
``|dbar| = 0``); a constant non-zero difference ``c`` gives the share of
assignments whose signs sum to ``+-T`` (``2 / 2^T`` when exact).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.resampling import (
    DEFAULT_MAX_ELEMENTS,
    check_seed,
    check_trials,
    chunk_size,
    generator,
)

__all__ = ["EXACT_MAX_TOPICS", "randomisation_test"]

#: Default largest number of topics whose ``2^T`` sign assignments are enumerated.
EXACT_MAX_TOPICS = 16

#: Hard limit on exact enumeration (``2^24`` assignments).
_EXACT_LIMIT = 24


def randomisation_test(
    scores: Any,
    *,
    trials: int = 10_000,
    seed: Any = 0,
    exact_max_topics: int = EXACT_MAX_TOPICS,
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> PairedTests:
    """Paired randomisation test of every pair of systems, exact when topics are few.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    trials
        Random sign assignments ``B`` when the test is not exact.
    seed
        Seed or Generator of the Monte Carlo assignments.
    exact_max_topics
        Enumerate all ``2^T`` assignments when ``T`` is at most this
        (at most 24); 0 always samples.
    alpha
        The intervals (t intervals of the mean difference) have confidence ``1 - alpha``.
    systems
        Compare only these systems (by label).
    max_elements
        Bound on the size of one chunk's arrays.

    Returns
    -------
    PairedTests
        ``statistic`` is ``|dbar|``; ``method`` ``"exact"`` or ``"monte carlo"``.
    """
    level = check_alpha(alpha)
    b = check_trials(trials)
    recorded_seed = check_seed(seed)
    if (
        isinstance(exact_max_topics, bool)
        or not isinstance(exact_max_topics, int | np.integer)
        or not 0 <= exact_max_topics <= _EXACT_LIMIT
    ):
        raise InvalidParameterError(
            f"exact_max_topics={exact_max_topics!r}: expected an integer in [0, {_EXACT_LIMIT}]"
        )
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    n = diffs.n
    observed = np.abs(diffs.mean)
    threshold = observed - diffs.tol
    exact = n <= exact_max_topics
    if exact:
        counts = _exact_counts(diffs.d, threshold, max_elements)
        p = counts / 2.0 ** (n - 1)
        used_trials: int | None = None
    else:
        counts = _monte_carlo_counts(diffs.d, threshold, b, generator(seed), max_elements)
        p = (counts + 1.0) / (b + 1.0)
        used_trials = b
    return build(
        "randomisation",
        matrix,
        diffs,
        statistic=observed,
        p_value=p,
        ci=t_interval(diffs, level),
        n_used=np.full(len(diffs.a), n),
        method="exact" if exact else "monte carlo",
        alpha=level,
        trials=used_trials,
        seed=None if exact else recorded_seed,
    )


def _exact_counts(d: np.ndarray, threshold: np.ndarray, max_elements: int) -> np.ndarray:
    """Sign assignments reaching the threshold, the first topic's sign fixed to ``+``."""
    n, pairs = d.shape
    total = 2 ** (n - 1)
    bits = np.arange(n - 1, dtype=np.int64)
    counts = np.zeros(pairs, dtype=np.int64)
    chunk = chunk_size(max(n, pairs), max_elements)
    for start in range(0, total, chunk):
        codes = np.arange(start, min(total, start + chunk), dtype=np.int64)
        signs = np.ones((len(codes), n))
        signs[:, 1:] = 1.0 - 2.0 * ((codes[:, None] >> bits) & 1)
        means = np.abs(signs @ d) / n
        counts += (means >= threshold).sum(axis=0)
    return counts


def _monte_carlo_counts(
    d: np.ndarray,
    threshold: np.ndarray,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
) -> np.ndarray:
    """Random assignments whose ``|mean|`` reaches the threshold, drawn in trial order."""
    n, pairs = d.shape
    counts = np.zeros(pairs, dtype=np.int64)
    chunk = chunk_size(max(n, pairs), max_elements)
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        signs = 1.0 - 2.0 * rng.integers(0, 2, size=(size, n))
        means = np.abs(signs @ d) / n
        counts += (means >= threshold).sum(axis=0)
        done += size
    return counts
