"""What every paired test shares: differences, ties, effect size and interval.

For systems ``a`` and ``b`` (every pair ``a < b`` of the matrix's columns
at once) the per-topic differences are ``d = x_a - x_b``, shape
``(T, P)``.  Every result reports

* the means of both systems and the mean difference ``dbar``;
* Cohen's d for paired data, ``d_z = dbar / s_d`` (``s_d`` the standard
  deviation of the differences, ``ddof = 1``), with the ``1 - alpha``
  interval from the noncentral t distribution of ``t = d_z sqrt(T)``
  (:mod:`axiometrics.stats.noncentral`);
* a confidence interval of the mean difference; the t interval
  ``dbar +- t(1 - alpha/2; T - 1) s_d / sqrt(T)`` unless the test brings
  its own (the bootstrap).  One-sided alternatives give one-sided
  intervals: ``[dbar - t(1 - alpha; T - 1) s_d / sqrt(T), +inf]`` for
  ``"greater"`` and the mirror image for ``"less"``, as
  :func:`scipy.stats.ttest_rel`.

Ties and zeros, decided per topic
---------------------------------
Each topic ``i`` of a pair has its own tolerance
``u_i = 1e-9 max(|x_ai|, |x_bi|)``: a difference with ``|d_i| <= u_i`` is a
zero difference (and is set to exactly 0), two non-zero differences are
tied when they differ by at most ``u_i + u_j``, and the differences of a
pair all count as equal (*zero variance*) when every two of them are tied
and either all or none are zero.  A topic's tolerance comes from its own
scores only, so a topic scoring ``3e9`` cannot erase a difference of 0.55
on another topic; the tolerance absorbs the last-bit rounding of scores
computed in different orders (for example after adding a constant to both
systems).  Sums over topics (means, sign-flip sums, resampled sums) are
compared with the sum of their topics' tolerances plus a bound on the
rounding of floating-point summation.

Zero variance
-------------
A zero-variance pair is a declared result rather than a NaN: the
interval is the point ``[dbar, dbar]`` (one-sided: ``[dbar, +inf]`` or
``[-inf, dbar]``); ``d_z`` and its interval are 0 when every difference is
0 and ``+-inf`` otherwise; the tests define their statistic and p-value
for this case (see :mod:`axiometrics.stats`).

Scale
-----
The differences of each pair are divided by a power of two close to their
largest magnitude (an exact operation) before any sum or square, so scores
near ``1e300`` or ``1e-300`` give the same p-values, statistics and effect
sizes as scores near 1; means and intervals are multiplied back and raise
:class:`~axiometrics.stats.errors.ScoreRangeError` if they leave the float
range.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property, partial

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.stats.errors import ScoreRangeError
from axiometrics.stats.matrix import ScoreMatrix, pair_indices
from axiometrics.stats.noncentral import ncp_interval
from axiometrics.stats.scaling import (
    column_sums,
    power_of_two_scale,
    robust_mean,
    to_score_units,
)
from axiometrics.stats.tails import t_ppf, t_sf

__all__ = [
    "RELATIVE_TOLERANCE",
    "SUM_ROUNDING",
    "Differences",
    "PairedTests",
    "build",
    "check_alpha",
    "differences",
    "square_matrix",
    "t_interval",
    "t_p_value",
]

#: Relative tolerance below which two scores of one topic count as equal.
RELATIVE_TOLERANCE = 1e-9

#: Multiple of ``n * eps * sum |terms|`` allowed for the rounding of a float sum of ``n`` terms.
SUM_ROUNDING = 4.0


def check_alpha(alpha: float) -> float:
    """``alpha`` as a float in ``(0, 1)``, or :class:`InvalidParameterError`."""
    if isinstance(alpha, bool) or not isinstance(alpha, int | float | np.integer | np.floating):
        raise InvalidParameterError(f"alpha={alpha!r}: expected a number in (0, 1)")
    if not 0.0 < float(alpha) < 1.0:
        raise InvalidParameterError(f"alpha={alpha!r}: expected a number in (0, 1)")
    return float(alpha)


@dataclass(frozen=True, eq=False)
class Differences:
    """Per-topic differences of every pair and their summaries.

    Attributes
    ----------
    a, b
        Column indices of the pairs, ``(P,)``.
    d
        Differences ``x_a - x_b`` with zero differences set to exactly 0, ``(T, P)``.
    tol
        Per-topic tolerance ``u`` (0 at zero differences), ``(T, P)``.
    scale
        Per-pair power of two; ``z = d / scale`` has largest magnitude in ``[1, 2)``.
    z, z_tol
        ``d / scale`` and ``tol / scale``.
    mean
        ``dbar`` in score units, ``(P,)``.
    mean_z, sd_z
        Mean and standard deviation (``ddof = 1``, 0 for zero-variance
        pairs) of ``z``, ``(P,)``.
    zero_variance
        Pairs whose differences are all equal, ``(P,)``.
    all_zero
        Pairs whose differences are all zero, ``(P,)``.
    """

    a: np.ndarray
    b: np.ndarray
    d: np.ndarray
    tol: np.ndarray
    scale: np.ndarray
    z: np.ndarray
    z_tol: np.ndarray
    mean: np.ndarray
    mean_z: np.ndarray
    sd_z: np.ndarray
    zero_variance: np.ndarray
    all_zero: np.ndarray

    @property
    def n(self) -> int:
        """Number of topics ``T``."""
        return int(self.d.shape[0])

    def t_statistic(self) -> np.ndarray:
        """``dbar / (s_d / sqrt(T))``; 0 or ``+-inf`` for zero-variance pairs."""
        safe = np.where(self.zero_variance, 1.0, self.sd_z)
        t = self.mean_z / (safe / np.sqrt(self.n))
        return np.where(self.zero_variance, self._flat(), t)

    def effect_size(self) -> np.ndarray:
        """Cohen's ``d_z = dbar / s_d``; 0 or ``+-inf`` for zero-variance pairs."""
        safe = np.where(self.zero_variance, 1.0, self.sd_z)
        return np.where(self.zero_variance, self._flat(), self.mean_z / safe)

    def effect_size_interval(self, alpha: float, alternative: str) -> tuple[np.ndarray, np.ndarray]:
        """The noncentral-t interval of ``d_z`` (a point for zero-variance pairs)."""
        low, high = ncp_interval(self.t_statistic(), self.n - 1, alpha, alternative)
        root = np.sqrt(self.n)
        point = self.effect_size()
        flat = self.zero_variance
        return np.where(flat, point, low / root), np.where(flat, point, high / root)

    def sum_tolerance(self) -> np.ndarray:
        """Tolerance of a sum over the topics of ``+-z`` (per-topic tolerances plus rounding)."""
        rounding = SUM_ROUNDING * self.n * np.finfo(float).eps * np.abs(self.z).sum(axis=0)
        return np.asarray(self.z_tol.sum(axis=0) + rounding)

    def _flat(self) -> np.ndarray:
        return np.where(self.all_zero, 0.0, np.copysign(np.inf, self.mean_z))


def _pair_names(matrix: ScoreMatrix, a: int, b: int) -> str:
    return f"systems {matrix.systems[a]!r} and {matrix.systems[b]!r}"


def differences(matrix: ScoreMatrix) -> Differences:
    """The :class:`Differences` of every pair of ``matrix``'s systems."""
    x = matrix.values
    a, b = pair_indices(matrix.n_systems)
    with np.errstate(over="ignore"):
        d = x[:, a] - x[:, b]
    overflow = np.argwhere(~np.isfinite(d))
    if overflow.size:
        topic, pair = overflow[0]
        raise ScoreRangeError(
            f"scores: the difference of {_pair_names(matrix, a[pair], b[pair])} at "
            f"topic={matrix.topics[topic]!r} overflows in floating point; divide the scores by a "
            "constant first: the tests do not change"
        )
    tol = RELATIVE_TOLERANCE * np.maximum(np.abs(x[:, a]), np.abs(x[:, b]))
    zero = np.abs(d) <= tol
    d = np.where(zero, 0.0, d)
    tol = np.where(zero, 0.0, tol)
    all_zero = zero.all(axis=0)
    # Every two differences tied: the intervals d_i +- u_i share a point (zeros have u = 0).
    zero_variance = (d - tol).max(axis=0) <= (d + tol).min(axis=0)
    scale = power_of_two_scale(np.abs(d).max(axis=0))
    z = d / scale
    z_tol = tol / scale
    n = d.shape[0]
    mean_z = np.where(all_zero, 0.0, column_sums(z) / n)
    spread = column_sums((z - mean_z) ** 2) / (n - 1)
    sd_z = np.where(zero_variance, 0.0, np.sqrt(spread))
    mean = to_score_units(mean_z, scale, "the mean difference")
    return Differences(a, b, d, tol, scale, z, z_tol, mean, mean_z, sd_z, zero_variance, all_zero)


def t_p_value(t: np.ndarray, df: float, alternative: str) -> np.ndarray:
    """p-values of t statistics (infinite ones included) under ``alternative``."""
    if alternative == "greater":
        return t_sf(t, df)
    if alternative == "less":
        return t_sf(-t, df)
    return np.asarray(2.0 * t_sf(np.abs(t), df))


def t_interval(
    diffs: Differences, alpha: float, alternative: str = "two-sided"
) -> tuple[np.ndarray, np.ndarray]:
    """The ``1 - alpha`` t interval of the mean difference (one-sided: one end infinite)."""
    n = diffs.n
    q = 1.0 - alpha / 2.0 if alternative == "two-sided" else 1.0 - alpha
    half = t_ppf(q, n - 1) * diffs.sd_z / np.sqrt(n)
    low = diffs.mean_z - half if alternative != "less" else np.full(diffs.mean_z.shape, -np.inf)
    high = diffs.mean_z + half if alternative != "greater" else np.full(diffs.mean_z.shape, np.inf)
    what = "the interval of the mean difference"
    return to_score_units(low, diffs.scale, what), to_score_units(high, diffs.scale, what)


@dataclass(frozen=True, eq=False)
class PairedTests:
    """A paired test of every pair of systems ``a < b`` (columns of the score matrix).

    Attributes
    ----------
    test
        The test's name (``"t"``, ``"wilcoxon"``, ``"sign"``,
        ``"randomisation"``, ``"bootstrap"``, ``"tukey"``).
    systems
        All system labels, in column order.
    system_a, system_b
        The two systems of each pair (``P`` of them); differences are ``a - b``.
    n_topics
        ``T``, the number of paired topics.
    mean_a, mean_b, mean_diff
        Mean scores and the mean difference ``dbar``, ``(P,)``.
    statistic
        The test statistic, ``(P,)`` (see each test's docstring).
    p_value
        p-values in ``[0, 1]`` under :attr:`alternative`, ``(P,)``, uncorrected.
    effect_size
        Cohen's ``d_z`` for paired data, ``(P,)``.
    effect_size_low, effect_size_high
        The ``1 - alpha`` noncentral-t interval of ``d_z``, ``(P,)``.
    ci_low, ci_high
        The ``1 - alpha`` confidence interval of the mean difference, ``(P,)``
        (one end infinite under a one-sided alternative).
    n_used
        Topics the test used, ``(P,)`` (tests that drop zero differences
        use fewer than ``T``).
    zero_variance
        Pairs whose differences are all equal, ``(P,)``.
    method
        How p-values were obtained per pair: ``"exact"``,
        ``"t distribution"``, ``"normal approximation"``, ``"monte carlo"``.
    alpha
        Level of the intervals (``1 - alpha`` confidence).
    trials
        Resamples of Monte Carlo and bootstrap tests (``None`` otherwise).
    seed
        Seed of the resampling (``None`` for deterministic tests).
    ci_method
        How the interval was computed (``"t"``, ``"percentile"``, ``"bca"``).
    alternative
        ``"two-sided"``, ``"greater"`` (``a`` better: ``d > 0``) or ``"less"``.
    """

    test: str
    systems: tuple[Hashable, ...]
    system_a: tuple[Hashable, ...]
    system_b: tuple[Hashable, ...]
    n_topics: int
    mean_a: np.ndarray
    mean_b: np.ndarray
    mean_diff: np.ndarray
    statistic: np.ndarray
    p_value: np.ndarray
    effect_size: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    n_used: np.ndarray
    zero_variance: np.ndarray
    method: tuple[str, ...]
    alpha: float
    trials: int | None = None
    seed: int | None = None
    ci_method: str = "t"
    alternative: str = "two-sided"
    # Inverting the noncentral t costs far more than the tests themselves, so the
    # interval of d_z is computed on first use (callers that never read it never pay).
    _effect_size_bounds: Callable[[], tuple[np.ndarray, np.ndarray]] | None = field(
        default=None, repr=False
    )

    @cached_property
    def _effect_size_interval(self) -> tuple[np.ndarray, np.ndarray]:
        if self._effect_size_bounds is None:
            missing = np.full(len(self.system_a), np.nan)
            return missing, missing
        return self._effect_size_bounds()

    @property
    def effect_size_low(self) -> np.ndarray:
        """Lower end of the ``1 - alpha`` noncentral-t interval of ``d_z``, ``(P,)``."""
        return self._effect_size_interval[0]

    @property
    def effect_size_high(self) -> np.ndarray:
        """Upper end of the ``1 - alpha`` noncentral-t interval of ``d_z``, ``(P,)``."""
        return self._effect_size_interval[1]

    def to_frame(self) -> pd.DataFrame:
        """One row per pair: systems, means, statistic, p-value, effect size, intervals.

        The columns of earlier versions come first, in their order; the
        interval of ``d_z`` (``effect_size_low``, ``effect_size_high``) last.
        """
        return pd.DataFrame(
            {
                "system_a": list(self.system_a),
                "system_b": list(self.system_b),
                "mean_a": self.mean_a,
                "mean_b": self.mean_b,
                "mean_diff": self.mean_diff,
                "statistic": self.statistic,
                "p_value": self.p_value,
                "effect_size": self.effect_size,
                "ci_low": self.ci_low,
                "ci_high": self.ci_high,
                "n_used": self.n_used,
                "zero_variance": self.zero_variance,
                "method": list(self.method),
                "effect_size_low": self.effect_size_low,
                "effect_size_high": self.effect_size_high,
            }
        )

    def p_matrix(self) -> pd.DataFrame:
        """Symmetric ``S x S`` p-values (diagonal 1), labelled by system."""
        return square_matrix(self.systems, self.system_a, self.system_b, self.p_value)


def square_matrix(
    systems: tuple[Hashable, ...],
    system_a: tuple[Hashable, ...],
    system_b: tuple[Hashable, ...],
    values: np.ndarray,
) -> pd.DataFrame:
    """Symmetric ``S x S`` frame of per-pair ``values`` (diagonal 1), labelled by system."""
    position = {s: i for i, s in enumerate(systems)}
    out = np.ones((len(systems), len(systems)))
    ia = np.array([position[s] for s in system_a], dtype=np.intp)
    ib = np.array([position[s] for s in system_b], dtype=np.intp)
    out[ia, ib] = values
    out[ib, ia] = values
    index = pd.Index(systems, name="system")
    return pd.DataFrame(out, index=index, columns=index.copy())


def build(
    test: str,
    matrix: ScoreMatrix,
    diffs: Differences,
    *,
    statistic: np.ndarray,
    p_value: np.ndarray,
    ci: tuple[np.ndarray, np.ndarray],
    n_used: np.ndarray,
    method: np.ndarray | str,
    alpha: float,
    alternative: str = "two-sided",
    trials: int | None = None,
    seed: int | None = None,
    ci_method: str = "t",
) -> PairedTests:
    """Assemble a :class:`PairedTests` (p-values clipped to ``[0, 1]``)."""
    means = robust_mean(matrix.values)
    pairs = len(diffs.a)
    methods = (method,) * pairs if isinstance(method, str) else tuple(str(m) for m in method)
    return PairedTests(
        test=test,
        systems=matrix.systems,
        system_a=tuple(matrix.systems[i] for i in diffs.a),
        system_b=tuple(matrix.systems[i] for i in diffs.b),
        n_topics=diffs.n,
        mean_a=means[diffs.a],
        mean_b=means[diffs.b],
        mean_diff=diffs.mean,
        statistic=np.asarray(statistic, dtype=float),
        p_value=np.clip(np.asarray(p_value, dtype=float), 0.0, 1.0),
        effect_size=diffs.effect_size(),
        ci_low=np.asarray(ci[0], dtype=float),
        ci_high=np.asarray(ci[1], dtype=float),
        n_used=np.asarray(n_used, dtype=np.int64),
        zero_variance=diffs.zero_variance,
        method=methods,
        alpha=alpha,
        trials=trials,
        seed=seed,
        ci_method=ci_method,
        alternative=alternative,
        _effect_size_bounds=partial(diffs.effect_size_interval, alpha, alternative),
    )
