"""What every paired test shares: differences, tolerance, effect size and interval.

For systems ``a`` and ``b`` (every pair ``a < b`` of the matrix's columns
at once) the per-topic differences are ``d = x_a - x_b``, shape
``(T, P)``.  Every result reports

* the means of both systems and the mean difference ``dbar``;
* Cohen's d for paired data, ``d_z = dbar / s_d`` (``s_d`` the standard
  deviation of the differences, ``ddof = 1``);
* a confidence interval of the mean difference; the t interval
  ``dbar +- t(1 - alpha/2; T - 1) s_d / sqrt(T)`` unless the test brings
  its own (the bootstrap).

Zero variance
-------------
Differences that are all equal (``s_d`` within the tolerance below of 0)
are *zero-variance* pairs, a declared result rather than a NaN: the
interval is the point ``[dbar, dbar]``; ``d_z`` is 0 when ``dbar`` is 0
and ``+-inf`` otherwise; the tests define their statistic and p-value
for this case (see :mod:`axiometrics.stats`).

Tolerance
---------
Scores of one pair that differ by at most ``1e-9`` times the pair's
largest absolute score are treated as equal: such differences count as
zero, such absolute differences as ties, and such standard deviations as
0.  This makes the tests immune to the last-bit rounding of ``x - y``
(for example after adding a constant to both systems).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.stats.matrix import ScoreMatrix, pair_indices
from axiometrics.stats.tails import t_ppf

__all__ = [
    "RELATIVE_TOLERANCE",
    "Differences",
    "PairedTests",
    "build",
    "check_alpha",
    "differences",
    "square_matrix",
    "t_interval",
]

#: Relative tolerance below which two scores of a pair count as equal.
RELATIVE_TOLERANCE = 1e-9


def check_alpha(alpha: float) -> float:
    """``alpha`` as a float in ``(0, 1)``, or :class:`InvalidParameterError`."""
    if isinstance(alpha, bool) or not isinstance(alpha, int | float | np.floating):
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
        Differences ``x_a - x_b``, ``(T, P)``.
    tol
        Per-pair tolerance, ``(P,)`` (see the module docstring).
    mean
        ``dbar``, ``(P,)``.
    sd
        Standard deviation of the differences (``ddof = 1``), 0 for
        zero-variance pairs, ``(P,)``.
    zero_variance
        Pairs whose differences are all equal, ``(P,)``.
    """

    a: np.ndarray
    b: np.ndarray
    d: np.ndarray
    tol: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    zero_variance: np.ndarray

    @property
    def n(self) -> int:
        """Number of topics ``T``."""
        return int(self.d.shape[0])

    def effect_size(self) -> np.ndarray:
        """Cohen's ``d_z = dbar / s_d``; 0 or ``+-inf`` for zero-variance pairs."""
        safe = np.where(self.zero_variance, 1.0, self.sd)
        ratio = self.mean / safe
        flat = np.where(np.abs(self.mean) <= self.tol, 0.0, np.copysign(np.inf, self.mean))
        return np.where(self.zero_variance, flat, ratio)


def differences(matrix: ScoreMatrix) -> Differences:
    """The :class:`Differences` of every pair of ``matrix``'s systems."""
    x = matrix.values
    a, b = pair_indices(matrix.n_systems)
    d = x[:, a] - x[:, b]
    scale = np.abs(x).max(axis=0)
    tol = RELATIVE_TOLERANCE * np.maximum(np.maximum(scale[a], scale[b]), np.finfo(float).tiny)
    mean = d.mean(axis=0)
    spread = d.max(axis=0) - d.min(axis=0)
    zero_variance = spread <= tol
    sd = np.where(zero_variance, 0.0, d.std(axis=0, ddof=1))
    mean = np.where(zero_variance & (np.abs(mean) <= tol), 0.0, mean)
    return Differences(a, b, d, tol, mean, sd, zero_variance)


def t_interval(diffs: Differences, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The ``1 - alpha`` t interval of the mean difference, ``(low, high)``."""
    n = diffs.n
    half = t_ppf(1.0 - alpha / 2.0, n - 1) * diffs.sd / np.sqrt(n)
    return diffs.mean - half, diffs.mean + half


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
        Two-sided p-values in ``[0, 1]``, ``(P,)``, uncorrected.
    effect_size
        Cohen's ``d_z`` for paired data, ``(P,)``.
    ci_low, ci_high
        The ``1 - alpha`` confidence interval of the mean difference, ``(P,)``.
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

    def to_frame(self) -> pd.DataFrame:
        """One row per pair: systems, means, statistic, p-value, effect size, interval."""
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
    trials: int | None = None,
    seed: int | None = None,
    ci_method: str = "t",
) -> PairedTests:
    """Assemble a :class:`PairedTests` (p-values clipped to ``[0, 1]``)."""
    means = matrix.values.mean(axis=0)
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
    )
