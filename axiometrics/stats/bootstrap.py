"""The paired bootstrap test and bootstrap intervals of the mean difference.

Every pair of systems is resampled with the same ``B = trials`` bootstrap
samples of topics (drawn with ``seed``): a sample is a vector of topic
counts ``w ~ Multinomial(T, 1/T)``, so the resampled means of all pairs
are one matrix product ``w (chunk, T) @ d (T, P) / T``.

Test (Sakai 2006; Efron & Tibshirani 1993, Algorithm 16.2)
    Null hypothesis: the mean difference is 0.  The differences are
    shifted to mean 0, ``z = d - dbar``; each sample gives the studentised
    ``t* = mean(z*) / (s(z*) / sqrt(T))``; the two-sided p-value is
    ``(#{b : |t*_b| >= |t|} + 1) / (B + 1)``, ``t`` the observed paired t
    statistic (the observed sample counts once, so ``p > 0``).  A sample
    whose differences are all equal has ``t* = 0`` (its shifted mean is 0)
    or ``+-inf``.

Intervals of the mean difference (``1 - alpha``)
    ``"percentile"``: the ``alpha/2`` and ``1 - alpha/2`` quantiles of the
    ``B`` resampled means (linear interpolation, NumPy's default);
    ``"bca"`` (default): bias-corrected and accelerated (Efron 1987), with
    ``z0 = Phi^-1(share of resampled means below dbar, ties counted half)``
    and the jackknife acceleration ``a = sum(u^3) / (6 sum(u^2)^1.5)``,
    ``u`` the deviations of the leave-one-topic-out means from their mean.
    These are :func:`scipy.stats.bootstrap`'s definitions; the numbers
    differ only through the random samples.  Where SciPy's BCa gives NaN
    (every resampled mean on one side of ``dbar``) the share is clipped to
    ``[1/(2B), 1 - 1/(2B)]``.

Zero variance: identical systems give ``t = 0``, ``p = 1`` and the interval
``[0, 0]``; a constant non-zero difference ``c`` gives ``t = +-inf``,
``p = 1 / (B + 1)`` and ``[c, c]``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import Differences, PairedTests, build, check_alpha, differences
from axiometrics.stats.resampling import (
    DEFAULT_MAX_ELEMENTS,
    check_seed,
    check_trials,
    chunk_size,
    generator,
)
from axiometrics.stats.tails import normal_cdf, normal_ppf
from axiometrics.stats.ttest import _t_statistic

__all__ = ["CI_METHODS", "bootstrap_interval", "bootstrap_test"]

#: Interval methods of the bootstrap.
CI_METHODS = ("bca", "percentile")


def _check_ci_method(ci_method: str) -> str:
    if ci_method not in CI_METHODS:
        raise InvalidParameterError(
            f"ci_method={ci_method!r}: expected one of {', '.join(CI_METHODS)}"
        )
    return ci_method


def bootstrap_test(
    scores: Any,
    *,
    trials: int = 10_000,
    seed: Any = 0,
    alpha: float = 0.05,
    ci_method: str = "bca",
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> PairedTests:
    """Paired (studentised, shifted) bootstrap test of every pair of systems.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    trials
        Bootstrap samples ``B``.
    seed
        Seed or Generator of the samples.
    alpha
        The intervals have confidence ``1 - alpha``.
    ci_method
        ``"bca"`` or ``"percentile"``.
    systems
        Compare only these systems (by label).
    max_elements
        Bound on the size of one chunk's arrays.

    Returns
    -------
    PairedTests
        ``statistic`` is the observed paired t; the interval is the bootstrap one.
    """
    level = check_alpha(alpha)
    b = check_trials(trials)
    method = _check_ci_method(ci_method)
    recorded_seed = check_seed(seed)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    n = diffs.n
    t_obs = _t_statistic(diffs.mean, diffs.sd, diffs.zero_variance, diffs.tol, n)
    means, t_star = _resample(diffs, b, generator(seed), max_elements)
    # |t*| reaching |t| up to rounding; an infinite t is reached only by infinite t*.
    bar = np.where(np.isinf(t_obs), np.inf, np.abs(t_obs) * (1.0 - 1e-12))
    reach = np.abs(t_star) >= bar
    p = (reach.sum(axis=0) + 1.0) / (b + 1.0)
    ci = _interval(diffs, means, level, method)
    return build(
        "bootstrap",
        matrix,
        diffs,
        statistic=t_obs,
        p_value=p,
        ci=ci,
        n_used=np.full(len(diffs.a), n),
        method="monte carlo",
        alpha=level,
        trials=b,
        seed=recorded_seed,
        ci_method=method,
    )


def bootstrap_interval(
    scores: Any,
    *,
    trials: int = 10_000,
    seed: Any = 0,
    alpha: float = 0.05,
    ci_method: str = "bca",
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> tuple[np.ndarray, np.ndarray]:
    """Bootstrap ``1 - alpha`` intervals of the mean difference of every pair, ``(low, high)``.

    The pairs are ordered as in :class:`PairedTests` (``a < b`` in column
    order); the same ``seed`` gives the same intervals as
    :func:`bootstrap_test`.
    """
    level = check_alpha(alpha)
    b = check_trials(trials)
    method = _check_ci_method(ci_method)
    check_seed(seed)
    diffs = differences(as_score_matrix(scores, systems=systems))
    means, _ = _resample(diffs, b, generator(seed), max_elements)
    return _interval(diffs, means, level, method)


def _resample(
    diffs: Differences,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Resampled means ``(B, P)`` and the studentised statistics of the shifted samples."""
    n, pairs = diffs.d.shape
    shifted = diffs.d - diffs.mean
    squares = shifted**2
    means = np.empty((trials, pairs))
    t_star = np.empty((trials, pairs))
    chunk = chunk_size(max(n, pairs), max_elements)
    weights = np.full(n, 1.0 / n)
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        w = rng.multinomial(n, weights, size=size).astype(float)
        m = (w @ shifted) / n
        rows = slice(done, done + size)
        means[rows] = m + diffs.mean
        second = (w @ squares) / n
        variance = (second - m**2) * n / (n - 1)
        # Cancellation leaves ~1e-16 relative noise where the sample's values are all equal.
        flat = variance <= np.maximum(diffs.tol**2, 1e-12 * second)
        se = np.sqrt(np.where(flat, 1.0, variance) / n)
        degenerate = np.where(np.abs(m) <= diffs.tol, 0.0, np.copysign(np.inf, m))
        t_star[rows] = np.where(flat, degenerate, m / se)
        done += size
    return means, t_star


def _interval(
    diffs: Differences, means: np.ndarray, alpha: float, method: str
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile or BCa interval per pair from the resampled means ``(B, P)``."""
    trials = means.shape[0]
    low_q = np.full(means.shape[1], alpha / 2.0)
    high_q = np.full(means.shape[1], 1.0 - alpha / 2.0)
    if method == "bca":
        below = (means < diffs.mean).sum(axis=0) + 0.5 * (means == diffs.mean).sum(axis=0)
        share = np.clip(below / trials, 0.5 / trials, 1.0 - 0.5 / trials)
        z0 = normal_ppf(share)
        accel = _acceleration(diffs)
        low_q = _bca_level(z0, accel, normal_ppf(alpha / 2.0))
        high_q = _bca_level(z0, accel, normal_ppf(1.0 - alpha / 2.0))
    ordered = np.sort(means, axis=0)
    low = _quantile(ordered, low_q)
    high = _quantile(ordered, high_q)
    flat = diffs.zero_variance
    return np.where(flat, diffs.mean, low), np.where(flat, diffs.mean, high)


def _bca_level(z0: np.ndarray, accel: np.ndarray, z: np.ndarray) -> np.ndarray:
    shifted = z0 + z
    denominator = 1.0 - accel * shifted
    safe = np.where(denominator > 0, denominator, 1.0)
    level = normal_cdf(z0 + shifted / safe)
    return np.where(denominator > 0, level, np.where(shifted > 0, 1.0, 0.0))


def _acceleration(diffs: Differences) -> np.ndarray:
    """Jackknife acceleration of the mean, 0 when the leave-one-out means do not vary."""
    n = diffs.n
    leave_one_out = (diffs.d.sum(axis=0) - diffs.d) / (n - 1)
    u = leave_one_out.mean(axis=0) - leave_one_out
    spread = (u**2).sum(axis=0)
    numerator = (u**3).sum(axis=0)
    denominator = 6.0 * spread**1.5
    return np.divide(numerator, denominator, out=np.zeros_like(numerator), where=denominator > 0)


def _quantile(ordered: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Per-column quantiles ``q`` (P,) of column-sorted samples, linear interpolation."""
    trials = ordered.shape[0]
    position = np.clip(q, 0.0, 1.0) * (trials - 1)
    lower = np.floor(position).astype(np.intp)
    upper = np.minimum(lower + 1, trials - 1)
    fraction = position - lower
    columns = np.arange(ordered.shape[1])
    return ordered[lower, columns] * (1 - fraction) + ordered[upper, columns] * fraction
