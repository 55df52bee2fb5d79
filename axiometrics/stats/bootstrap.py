"""The paired bootstrap test and bootstrap intervals of the mean difference.

Every pair of systems is resampled with the same ``B = trials`` bootstrap
samples of topics (drawn with ``seed``; common random numbers): a sample is
a vector of topic counts ``w ~ Multinomial(T, 1/T)`` (``T`` topics drawn
uniformly, one output of the generator each, so that a block of samples
can run anywhere with the same draws: :mod:`axiometrics.stats.blocks`), and
the resampled sums of all pairs are one product ``w (chunk, T) x d (T, P)``.  The sums that
make an interval are computed exactly (see
:func:`axiometrics.stats.scaling.exact_sums`), so a pair's test and
interval depend only on its two systems' scores, ``trials`` and ``seed``:
never on the other systems of the call, their order, or the chunk size.

Test (Sakai 2006; Efron & Tibshirani 1993, Algorithm 16.2)
    Null hypothesis: the mean difference is 0.  The differences are
    shifted to mean 0, ``z = d - dbar``; each sample gives the studentised
    ``t* = mean(z*) / (s(z*) / sqrt(T))``; the p-value is
    ``(#{b : |t*_b| >= |t|} + 1) / (B + 1)`` (two-sided; ``t*_b >= t`` for
    ``alternative="greater"``, ``t*_b <= t`` for ``"less"``), ``t`` the
    observed paired t statistic (the observed sample counts once, so
    ``p > 0``).  A sample whose differences are all equal (within their
    topics' tolerances) has no standard error of its own: it is studentised
    with the observed one, ``t* = mean(z*) / (s_d / sqrt(T))``.  (Dividing
    by its own zero spread would give ``t* = +-inf``, so that, e.g., 20
    topics with the same difference plus one topic without a difference
    would make about ``(20/21)^21 = 36 %`` of the samples "infinitely
    significant" and the test blind to a difference that holds on every
    other topic.)  Only when the observed differences are all equal too
    (zero variance, ``s_d = 0``) is ``t* = 0`` for a sample with a shifted
    mean of 0 and ``+-inf`` otherwise.

Intervals of the mean difference (``1 - alpha``)
    ``"percentile"``: the ``alpha/2`` and ``1 - alpha/2`` quantiles of the
    ``B`` resampled means (linear interpolation, NumPy's default);
    ``"bca"`` (default): bias-corrected and accelerated (Efron 1987), with
    ``z0 = Phi^-1(share of resampled means below dbar, ties counted half)``
    and the jackknife acceleration ``a = sum(u^3) / (6 sum(u^2)^1.5)``,
    ``u`` the deviations of the leave-one-topic-out means from their mean.
    These are :func:`scipy.stats.bootstrap`'s definitions; the numbers
    differ only through the random samples.  A resampled mean *ties* with
    ``dbar`` when the two sums differ by at most the sum of their topics'
    tolerances plus the rounding bound of a float sum, so means that are
    equal in exact arithmetic are counted as ties (as SciPy's exact
    arithmetic on ``a = [1, 0, 0], b = [0, 0, 0]`` gives ``[0, 1]``) and
    the last-bit noise of a floating-point sum never decides.  Where
    SciPy's BCa gives NaN (every resampled mean on one side of ``dbar``)
    the share is clipped to ``[1/(2B), 1 - 1/(2B)]``.  A one-sided
    alternative gives a one-sided interval: ``[q(alpha), +inf]`` for
    ``"greater"``, ``[-inf, q(1 - alpha)]`` for ``"less"`` (BCa-adjusted
    levels with ``"bca"``).

Zero variance: identical systems give ``t = 0``, ``p = 1`` and the interval
``[0, 0]``; a constant non-zero difference ``c`` gives ``t = +-inf``,
``p = 1 / (B + 1)`` (two-sided) and ``[c, c]``.

``trials`` must be at least ``ceil(2 / alpha) - 1`` (see
:mod:`axiometrics.stats.resampling`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from axiometrics.parallel import checked_tasks
from axiometrics.stats.blocks import map_trial_blocks
from axiometrics.stats.choices import check_alternative, choose
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import (
    SUM_ROUNDING,
    Differences,
    PairedTests,
    build,
    check_alpha,
    differences,
)
from axiometrics.stats.resampling import (
    DEFAULT_MAX_ELEMENTS,
    check_max_elements,
    check_seed,
    check_trials,
    chunk_size,
    generator,
)
from axiometrics.stats.scaling import column_sums, exact_sums, to_score_units
from axiometrics.stats.tails import normal_cdf, normal_ppf

if TYPE_CHECKING:
    from axiometrics.parallel import Tasks

__all__ = ["CI_METHODS", "bootstrap_interval", "bootstrap_test"]

#: Interval methods of the bootstrap.
CI_METHODS = ("bca", "percentile")

_EPS = float(np.finfo(float).eps)


def _check_ci_method(ci_method: Any) -> str:
    return choose("ci_method", ci_method, CI_METHODS)


class _Draws:
    """What the bootstrap keeps of its samples: resampled means and the test's counts."""

    def __init__(self, means_z: np.ndarray, below: np.ndarray, reach: np.ndarray) -> None:
        self.means_z = means_z  # (B, P) resampled means of d / scale
        self.below = below  # (P,) resampled means below dbar, ties counted half
        self.reach = reach  # (P,) studentised statistics at least as extreme as t


def bootstrap_test(
    scores: Any,
    *,
    trials: int = 10_000,
    seed: Any = 0,
    alpha: float = 0.05,
    ci_method: str = "bca",
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    alternative: str = "two-sided",
    tasks: Tasks | None = None,
) -> PairedTests:
    """Paired (studentised, shifted) bootstrap test of every pair of systems.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    trials
        Bootstrap samples ``B``, at least ``ceil(2 / alpha) - 1``.
    seed
        Seed or Generator of the samples.
    alpha
        The intervals have confidence ``1 - alpha``.
    ci_method
        ``"bca"`` or ``"percentile"`` (case-insensitive).
    systems
        Compare only these systems (by label).
    max_elements
        Bound on the size of one chunk's arrays.
    alternative
        ``"two-sided"`` (default), ``"greater"`` or ``"less"`` (case-insensitive).
    tasks
        Where blocks of samples run (:class:`~axiometrics.parallel.Tasks`);
        the result is the same for any backend and number of workers.
        Default: this process.

    Returns
    -------
    PairedTests
        ``statistic`` is the observed paired t; the interval is the bootstrap one.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    b = check_trials(trials, alpha=level)
    method = _check_ci_method(ci_method)
    recorded_seed = check_seed(seed)
    elements = check_max_elements(max_elements)
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    t_obs = diffs.t_statistic()
    draws = _resample(diffs, b, generator(seed), elements, t_obs, side, checked_tasks(tasks))
    p = (draws.reach + 1.0) / (b + 1.0)
    return build(
        "bootstrap",
        matrix,
        diffs,
        statistic=t_obs,
        p_value=p,
        ci=_interval(diffs, draws, level, method, side),
        n_used=np.full(len(diffs.a), diffs.n),
        method="monte carlo",
        alpha=level,
        alternative=side,
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
    alternative: str = "two-sided",
    tasks: Tasks | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Bootstrap ``1 - alpha`` intervals of the mean difference of every pair, ``(low, high)``.

    The pairs are ordered as in :class:`PairedTests` (``a < b`` in column
    order); the same ``seed`` gives the same intervals as
    :func:`bootstrap_test`, and a pair's interval does not depend on the
    other systems.  ``tasks`` is as for :func:`bootstrap_test`.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    b = check_trials(trials, alpha=level)
    method = _check_ci_method(ci_method)
    check_seed(seed)
    elements = check_max_elements(max_elements)
    diffs = differences(as_score_matrix(scores, systems=systems))
    draws = _resample(
        diffs, b, generator(seed), elements, diffs.t_statistic(), side, checked_tasks(tasks)
    )
    return _interval(diffs, draws, level, method, side)


class _Setup(NamedTuple):
    """What every block of bootstrap samples needs (plain arrays: it travels to workers)."""

    z: np.ndarray  # (T, P) differences / scale
    mean_z: np.ndarray  # (P,)
    auxiliary: np.ndarray  # (T, 2P) squared shifted differences, then tolerances
    observed_sum: np.ndarray  # (P,)
    observed_tol: np.ndarray  # (P,)
    rounding: np.ndarray  # (P,)
    observed_se: np.ndarray  # (P,)
    t_obs: np.ndarray  # (P,)
    slack: np.ndarray  # (P,)
    side: str


def _setup(diffs: Differences, t_obs: np.ndarray, side: str) -> _Setup:
    n = diffs.n
    z = diffs.z
    shifted = z - diffs.mean_z
    return _Setup(
        z=z,
        mean_z=diffs.mean_z,
        # Products whose rounding decides nothing (tolerances, the variance of t*): one BLAS call.
        auxiliary=np.concatenate([shifted**2, diffs.z_tol], axis=1),
        observed_sum=column_sums(z),
        observed_tol=diffs.z_tol.sum(axis=0),
        # Rounding of a sum of n terms |w_i z_i|: bounded through sum(w) = n.
        rounding=SUM_ROUNDING * n * _EPS * (n * np.abs(z).max(axis=0) + np.abs(z).sum(axis=0)),
        observed_se=diffs.sd_z / np.sqrt(n),
        t_obs=t_obs,
        # |t*| reaching |t| up to rounding; an infinite t is reached only by an equal infinity.
        slack=np.where(np.isinf(t_obs), 0.0, 1e-12 * np.abs(t_obs)),
        side=side,
    )


def _sample_counts(bits: np.random.BitGenerator, size: int, n: int) -> np.ndarray:
    """``(size, n)`` topic counts of ``size`` bootstrap samples: ``Multinomial(n, 1/n)`` each.

    Each of a sample's ``n`` draws is one output ``r`` of the generator,
    mapped to the topic ``floor(r n / 2**64)`` (exact; uniform up to
    ``n / 2**64``), so sample ``t`` reads outputs ``t n`` to ``t n + n - 1``.
    """
    raw = bits.random_raw(size * n).astype(np.uint64, copy=False).reshape(size, n)
    span = np.uint64(n)
    half = np.uint64(32)
    high = (raw >> half) * span + (((raw & np.uint64(0xFFFFFFFF)) * span) >> half)
    topics = (high >> half).astype(np.intp)
    topics += (np.arange(size, dtype=np.intp) * n)[:, None]
    return np.bincount(topics.ravel(), minlength=size * n).reshape(size, n).astype(float)


def _resample_block(
    setup: _Setup, max_elements: int, bits: np.random.BitGenerator, trials: int
) -> _Draws:
    """Draw ``trials`` samples chunk by chunk; keep the resampled means, count ties and reaches."""
    n, pairs = setup.z.shape
    means_z = np.empty((trials, pairs))
    below = np.zeros(pairs)
    reach = np.zeros(pairs, dtype=np.int64)
    chunk = chunk_size(max(n, 4 * pairs), max_elements)
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        w = _sample_counts(bits, size, n)
        sums = exact_sums(w, setup.z)
        extra = w @ setup.auxiliary
        second = extra[:, :pairs] / n
        tol_sum = extra[:, pairs:]
        means_z[done : done + size] = sums / n
        # Ties with dbar: the sums differ by no more than their tolerances and rounding.
        tie = tol_sum + (setup.observed_tol + setup.rounding)
        gap = sums - setup.observed_sum
        below += (gap < -tie).sum(axis=0) + 0.5 * (np.abs(gap) <= tie).sum(axis=0)
        m = sums / n - setup.mean_z
        variance = (second - m**2) * n / (n - 1)
        noise = tol_sum / n
        flat = variance <= np.maximum(1e-12 * second, 4.0 * noise**2)
        se = np.sqrt(np.where(flat, 1.0, variance) / n)
        # A sample without spread estimates no standard error of its own: it is
        # studentised with the observed one (t* = 0 or +-inf if that is 0 too).
        observed_se = setup.observed_se
        degenerate = np.where(
            observed_se > 0,
            m / np.where(observed_se > 0, observed_se, 1.0),
            np.where(np.abs(m) <= tie / n, 0.0, np.copysign(np.inf, m)),
        )
        t_star = np.where(flat, degenerate, m / se)
        if setup.side == "greater":
            hits = t_star >= setup.t_obs - setup.slack
        elif setup.side == "less":
            hits = t_star <= setup.t_obs + setup.slack
        else:
            hits = np.abs(t_star) >= np.abs(setup.t_obs) - setup.slack
        reach += hits.sum(axis=0)
        done += size
    return _Draws(means_z, below, reach)


def _resample(
    diffs: Differences,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
    t_obs: np.ndarray,
    side: str,
    tasks: Tasks | None = None,
) -> _Draws:
    """All ``trials`` samples, here or in blocks on ``tasks`` (the same draws either way)."""
    setup = _setup(diffs, t_obs, side)
    n = setup.z.shape[0]
    blocks = map_trial_blocks(
        _resample_block,
        (setup, max_elements),
        trials,
        rng,
        tasks,
        outputs=lambda t: t * n,
        # Products with d and the auxiliary columns: about 1.5 Tukey keys per cell (measured).
        operations_per_trial=3 * setup.z.size // 2,
    )
    if blocks is None:
        return _resample_block(setup, max_elements, rng.bit_generator, trials)
    return _Draws(
        np.concatenate([d.means_z for d in blocks], axis=0),
        np.sum([d.below for d in blocks], axis=0),
        np.sum([d.reach for d in blocks], axis=0),
    )


def _interval(
    diffs: Differences, draws: _Draws, alpha: float, method: str, side: str
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile or BCa interval per pair from the resampled means (one-sided when asked)."""
    trials, pairs = draws.means_z.shape
    tail = alpha / 2.0 if side == "two-sided" else alpha
    low_q = np.full(pairs, tail)
    high_q = np.full(pairs, 1.0 - tail)
    if method == "bca":
        share = np.clip(draws.below / trials, 0.5 / trials, 1.0 - 0.5 / trials)
        z0 = normal_ppf(share)
        accel = _acceleration(diffs)
        low_q = _bca_level(z0, accel, normal_ppf(tail))
        high_q = _bca_level(z0, accel, normal_ppf(1.0 - tail))
    ordered = np.sort(draws.means_z, axis=0)
    low = _quantile(ordered, low_q)
    high = _quantile(ordered, high_q)
    if side == "greater":
        high = np.full(pairs, np.inf)
    elif side == "less":
        low = np.full(pairs, -np.inf)
    flat = diffs.zero_variance
    low = np.where(flat & (side != "less"), diffs.mean_z, low)
    high = np.where(flat & (side != "greater"), diffs.mean_z, high)
    what = "the bootstrap interval of the mean difference"
    return to_score_units(low, diffs.scale, what), to_score_units(high, diffs.scale, what)


def _bca_level(z0: np.ndarray, accel: np.ndarray, z: np.ndarray) -> np.ndarray:
    shifted = z0 + z
    denominator = 1.0 - accel * shifted
    safe = np.where(denominator > 0, denominator, 1.0)
    level = normal_cdf(z0 + shifted / safe)
    return np.where(denominator > 0, level, np.where(shifted > 0, 1.0, 0.0))


def _acceleration(diffs: Differences) -> np.ndarray:
    """Jackknife acceleration of the mean, 0 when the leave-one-out means do not vary."""
    n = diffs.n
    leave_one_out = (column_sums(diffs.z) - diffs.z) / (n - 1)
    u = column_sums(leave_one_out) / n - leave_one_out
    spread = column_sums(u**2)
    numerator = column_sums(u**3)
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
