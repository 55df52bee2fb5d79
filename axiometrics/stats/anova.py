"""One-way and two-way (without replication) ANOVA of a topic x system matrix.

One-way
    The systems are the groups and the topics are ignored (as
    :func:`scipy.stats.f_oneway` with one array per system):
    ``F = MS_between / MS_within`` with ``(S - 1, S (T - 1))`` degrees of
    freedom.  Effect size: ``eta^2 = SS_between / SS_total``.
Two-way without replication
    Topics (blocks) and systems are the two factors, one score per cell;
    the residual is the interaction (Sakai 2018, chapter 3):
    ``F_system = MS_system / MS_residual`` with ``(S - 1, (S - 1)(T - 1))``
    degrees of freedom, likewise for topics.  ``MS_residual`` is Sakai's
    ``VE2`` (the residual variance of :func:`axiometrics.stats.compare`).  It is the
    repeated-measures ANOVA of statsmodels' ``AnovaRM`` (subject = topic,
    within = system) and the OLS two-way ANOVA ``score ~ C(topic) + C(system)``.
    Effect size: partial ``eta^2 = SS_system / (SS_system + SS_residual)``.

Intervals: each system's mean with the ``1 - alpha`` interval
``mean +- t(1 - alpha/2; df) sqrt(MS / T)``, where ``MS`` and ``df`` are
the error term of the ANOVA (``MS_within`` or ``VE2``).

Error term 0: the error term counts as 0 when it is 0 up to the scores'
own rounding, decided cell by cell: one-way, when every system's scores
agree across topics within ``1e-9`` times each score; two-way, when every
topic's scores, centred on the topic's mean, agree with every other
topic's within ``1e-9`` times the largest score of each of the two topics
(the additive model fits exactly).  Then ``F`` is ``inf`` (``p = 0``) for a
factor whose means differ and 0 (``p = 1``) for one whose means do not, and
the intervals are points.  A topic's tolerance never comes from another
topic, so one topic of very large scores cannot make the error term 0.

Plain residual variance
    :func:`residual_variance` is ``VE2`` computed directly,
    ``sum_ij (x_ij - rowmean_i - colmean_j + grandmean)^2 / ((n - 1)(k - 1))``,
    without rescaling or tolerances, and :func:`effect_sizes` the
    standardised differences ``(colmean_i - colmean_j) / sqrt(VE2)`` (Sakai
    2021, Table 3: e.g. ``(0.962 - 0.806) / sqrt(0.00211) = 3.40``).  The
    meta-evaluation applies them to bounded values (Kendall's tau of each
    consistency trial, blocks = trials, groups = measures), where the plain
    formula is exact enough and its published numbers are reproduced.

Scale: F, p and the effect sizes are computed on rescaled scores (each
topic centred on its own mean first in the two-way design), so they are the
same for scores near ``1e300``, 1 or ``1e-300``; sums of squares and
intervals in score units that the float range cannot hold raise
:class:`~axiometrics.stats.errors.ScoreRangeError`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import DataFileError
from axiometrics.stats.errors import ScoreRangeError
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import RELATIVE_TOLERANCE, check_alpha
from axiometrics.stats.scaling import column_sums, robust_mean
from axiometrics.stats.tails import f_sf, t_ppf

__all__ = [
    "Anova",
    "TwoWayParts",
    "effect_sizes",
    "in_score_units",
    "one_way_anova",
    "residual_variance",
    "two_way_anova",
    "two_way_parts",
]


@dataclass(frozen=True, eq=False)
class Anova:
    """An ANOVA table with per-system means and intervals.

    Attributes
    ----------
    design
        ``"one-way"`` or ``"two-way without replication"``.
    sources
        Row names of the table (``"system"``, ``"topic"``, ``"residual"``,
        or ``"between"``, ``"within"``; ``"total"`` last).
    sum_squares, df, mean_squares, f, p_value
        The table's columns; ``f`` and ``p_value`` are NaN on the error and
        total rows only (they have no test).
    effect_size
        ``eta^2`` (one-way) or partial ``eta^2`` of the systems (two-way).
    systems
        System labels.
    means, ci_low, ci_high
        Per-system means and their ``1 - alpha`` intervals.
    error_variance
        The error mean square (``MS_within`` or ``VE2``).
    alpha
        Level of the intervals.
    """

    design: str
    sources: tuple[str, ...]
    sum_squares: np.ndarray
    df: np.ndarray
    mean_squares: np.ndarray
    f: np.ndarray
    p_value: np.ndarray
    effect_size: float
    systems: tuple[Hashable, ...]
    means: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    error_variance: float
    alpha: float

    @property
    def system_f(self) -> float:
        """``F`` of the systems' factor."""
        return float(self.f[0])

    @property
    def system_p(self) -> float:
        """p-value of the systems' factor."""
        return float(self.p_value[0])

    def to_frame(self) -> pd.DataFrame:
        """The ANOVA table: ``source, sum_squares, df, mean_square, F, p_value``."""
        return pd.DataFrame(
            {
                "source": list(self.sources),
                "sum_squares": self.sum_squares,
                "df": self.df,
                "mean_square": self.mean_squares,
                "F": self.f,
                "p_value": self.p_value,
            }
        )

    def means_frame(self) -> pd.DataFrame:
        """Per-system means and intervals."""
        return pd.DataFrame(
            {
                "system": list(self.systems),
                "mean": self.means,
                "ci_low": self.ci_low,
                "ci_high": self.ci_high,
            }
        )


@dataclass(frozen=True)
class _Centred:
    """Deviations of ``x`` from its group means, rescaled to a common power of two.

    Groups are rows (``axis=1``: deviations within each topic) or columns
    (``axis=0``: within each system).  ``values`` are the deviations times
    ``2**-exponent`` (largest magnitude in ``[1, 2)``), with deviations
    within a cell's tolerance (``1e-9`` times the group's largest score,
    or the cell's own score for ``axis=0``) set to exactly 0; ``tol`` the
    tolerances on the same scale, 0 for groups whose deviations are all 0;
    ``means`` the group means in score units (never overflowing).
    """

    values: np.ndarray
    tol: np.ndarray
    exponent: int
    means: np.ndarray


def _centre(x: np.ndarray, axis: int) -> _Centred:
    magnitude = np.abs(x).max(axis=axis, keepdims=True)
    _, group_exp = np.frexp(magnitude)
    scale = np.ldexp(1.0, group_exp - 1)
    scaled = x / scale
    means_s = scaled.mean(axis=axis, keepdims=True)
    dev = scaled - means_s
    # A row's tolerance comes from its own largest score; a column's from each cell.
    cell = magnitude if axis == 1 else np.abs(x)
    tol = RELATIVE_TOLERANCE * (cell / scale)
    zero = np.abs(dev) <= tol
    dev = np.where(zero, 0.0, dev)
    trivial = zero.all(axis=axis, keepdims=True)
    tol = np.where(trivial, 0.0, np.broadcast_to(tol, dev.shape))
    _, dev_exp = np.frexp(np.abs(dev).max(axis=axis, keepdims=True))
    live = ~trivial
    exponent = int((group_exp + dev_exp - 1)[live].max()) if live.any() else 0
    shift = np.where(live, group_exp - 1 - (exponent - 1), 0)
    means = (means_s * scale).reshape(-1)
    return _Centred(np.ldexp(dev, shift), np.ldexp(tol, shift), exponent - 1, means)


def _equal_within(values: np.ndarray, tol: np.ndarray, axis: int) -> np.ndarray:
    """Whether every two entries along ``axis`` agree within the sum of their tolerances."""
    return np.asarray((values - tol).max(axis=axis) <= (values + tol).min(axis=axis))


@dataclass(frozen=True)
class TwoWayParts:
    """The two-way (no replication) decomposition of a topic x system matrix, scale-free.

    Sums of squares are stored on the scale ``2**(2 * exponent)`` of their
    own source, so nothing overflows or underflows; :meth:`in_score_units`
    converts, refusing what the float range cannot hold.

    Attributes
    ----------
    n, k
        Topics and systems.
    system_means
        Column means, score units.
    effects
        System effects (column means of the topic-centred scores), scaled.
    ss_system, ss_residual
        On the scale ``2**(2 * exponent)``.
    ss_topic
        On the scale ``2**(2 * topic_exponent)``.
    residual_zero
        Every topic's centred scores agree with every other's within their
        tolerances: the additive model fits exactly (``VE2 = 0``).
    systems_equal, topics_equal
        The factor's means agree within tolerance (used when the error term is 0).
    centred, centred_tol
        The topic-centred scores and their tolerances, on the scale ``2**exponent``.
    """

    n: int
    k: int
    system_means: np.ndarray
    effects: np.ndarray
    ss_system: float
    ss_residual: float
    exponent: int
    ss_topic: float
    topic_exponent: int
    residual_zero: bool
    systems_equal: bool
    topics_equal: bool
    centred: np.ndarray
    centred_tol: np.ndarray

    def tied(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether systems ``a[p]`` and ``b[p]`` tie on every topic within tolerance."""
        gap = np.abs(self.centred[:, a] - self.centred[:, b])
        return np.asarray((gap <= self.centred_tol[:, a] + self.centred_tol[:, b]).all(axis=0))

    @property
    def df_residual(self) -> int:
        """``(n - 1)(k - 1)``."""
        return (self.n - 1) * (self.k - 1)

    def residual_sd_scaled(self) -> float:
        """``sqrt(VE2)`` on the scale ``2**exponent`` (0 when the error term is 0)."""
        return 0.0 if self.residual_zero else float(np.sqrt(self.ss_residual / self.df_residual))


def in_score_units(value: float, exponent: int, what: str, *, power: int = 2) -> float:
    """``value * 2**(power * exponent)``, or :class:`ScoreRangeError` outside the float range."""
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(value, power * exponent))
    if np.isfinite(value) and (not np.isfinite(out) or (value != 0 and out == 0)):
        raise ScoreRangeError(
            f"scores: {what} is outside the float range at this magnitude of scores; divide (or "
            "multiply) the scores by a constant first: F, p-values and effect sizes do not change"
        )
    return out


def two_way_parts(x: np.ndarray) -> TwoWayParts:
    """Decompose a validated ``(n, k)`` matrix (see :class:`TwoWayParts`).

    Each topic is first centred on its own mean, so a topic of large scores
    that are equal across systems contributes nothing to the system and
    residual sums, whatever its magnitude.
    """
    n, k = x.shape
    rows = _centre(x, axis=1)
    y, tol = rows.values, rows.tol
    effects = column_sums(y) / n
    residual_zero = bool(_equal_within(y, tol, axis=0).all())
    deviation = effects - effects.mean()
    ss_system = float(n * (deviation**2).sum())
    residual = y - y.mean(axis=1, keepdims=True) - deviation
    ss_residual = 0.0 if residual_zero else float((residual**2).sum())
    # Subnormal scores carry no relative tolerance; an exactly 0 sum is 0 all the same.
    residual_zero = residual_zero or ss_residual == 0.0
    topic_means = rows.means
    _, t_exp = np.frexp(np.abs(topic_means).max())
    t_scaled = np.ldexp(topic_means, 1 - int(t_exp))
    ss_topic = float(k * ((t_scaled - t_scaled.mean()) ** 2).sum())
    topic_tol = np.ldexp(RELATIVE_TOLERANCE * np.abs(x).max(axis=1), 1 - int(t_exp))
    return TwoWayParts(
        n=n,
        k=k,
        system_means=robust_mean(x),
        effects=effects,
        ss_system=ss_system,
        ss_residual=ss_residual,
        exponent=rows.exponent,
        ss_topic=ss_topic,
        topic_exponent=int(t_exp) - 1,
        residual_zero=residual_zero,
        systems_equal=bool(not np.any(y)),
        topics_equal=bool(_equal_within(t_scaled, topic_tol, axis=0)),
        centred=y,
        centred_tol=tol,
    )


def _f_ratio(
    effect: float, effect_exp: int, df_effect: int, error: float, error_exp: int, df_error: int
) -> float:
    """``(effect / df_effect) / (error / df_error)`` with both sums on their own scales."""
    with np.errstate(over="ignore", under="ignore"):
        return float(
            np.ldexp((effect / df_effect) / (error / df_error), 2 * (effect_exp - error_exp))
        )


def _test(
    effect: float,
    effect_exp: int,
    df_effect: int,
    error: float,
    error_exp: int,
    df_error: int,
    flat: bool,
    equal: bool,
) -> tuple[float, float]:
    """``(F, p)``; with an error term of 0, ``F = inf, p = 0`` unless the means are equal."""
    if flat:
        return (0.0, 1.0) if equal else (np.inf, 0.0)
    f = _f_ratio(effect, effect_exp, df_effect, error, error_exp, df_error)
    if f == 0:
        return 0.0, 1.0
    return f, float(f_sf(f, df_effect, df_error)) if np.isfinite(f) else 0.0


def _intervals(
    means: np.ndarray, error: float, exponent: int, df: int, n: int, alpha: float
) -> tuple[np.ndarray, np.ndarray]:
    """``mean +- t(1 - alpha/2; df) sqrt(MS / n)`` with ``MS = error / df`` on its scale."""
    half_scaled = float(t_ppf(1.0 - alpha / 2.0, df)) * np.sqrt(error / df / n)
    half = in_score_units(half_scaled, exponent, "the interval of a system mean", power=1)
    with np.errstate(over="ignore"):
        low, high = means - half, means + half
    if not (np.isfinite(low).all() and np.isfinite(high).all()):
        raise ScoreRangeError(
            "scores: the interval of a system mean is outside the float range at this magnitude "
            "of scores; divide the scores by a constant first"
        )
    return low, high


def one_way_anova(
    scores: Any, *, alpha: float = 0.05, systems: Sequence[Hashable] | None = None
) -> Anova:
    """One-way ANOVA with the systems as groups (topics ignored).

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    alpha
        The per-system intervals have confidence ``1 - alpha``.
    systems
        Use only these systems (by label).

    Returns
    -------
    Anova
        Rows ``between``, ``within``, ``total``.

    Raises
    ------
    ScoreRangeError
        A sum of squares or an interval outside the float range (scores
        near ``1e300`` or ``1e-300``); F and p would not change by rescaling.
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    x = matrix.values
    n, k = x.shape
    within = _centre(x, axis=0)
    flat = bool(_equal_within(within.values, within.tol, axis=0).all())
    ss_within_s = 0.0 if flat else float((within.values**2).sum())
    flat = flat or ss_within_s == 0.0
    means = within.means
    _, b_exp = np.frexp(np.abs(means).max())
    b_scaled = np.ldexp(means, 1 - int(b_exp))
    ss_between_s = float(n * ((b_scaled - b_scaled.mean()) ** 2).sum())
    mean_tol = np.ldexp(RELATIVE_TOLERANCE * robust_mean(np.abs(x)), 1 - int(b_exp))
    equal = bool(_equal_within(b_scaled, mean_tol, axis=0))
    df_between, df_within = k - 1, k * (n - 1)
    f, p = _test(
        ss_between_s,
        int(b_exp) - 1,
        df_between,
        ss_within_s,
        within.exponent,
        df_within,
        flat,
        equal,
    )
    ss_between = in_score_units(ss_between_s, int(b_exp) - 1, "the between-systems sum of squares")
    ss_within = in_score_units(ss_within_s, within.exponent, "the within-systems sum of squares")
    with np.errstate(over="ignore"):
        total = ss_between + ss_within
    if not np.isfinite(total):
        in_score_units(np.inf, 0, "the total sum of squares")
    low, high = _intervals(means, ss_within_s, within.exponent, df_within, n, level)
    return Anova(
        design="one-way",
        sources=("between", "within", "total"),
        sum_squares=np.array([ss_between, ss_within, total]),
        df=np.array([df_between, df_within, n * k - 1], dtype=float),
        mean_squares=np.array([ss_between / df_between, ss_within / df_within, np.nan]),
        f=np.array([f, np.nan, np.nan]),
        p_value=np.array([p, np.nan, np.nan]),
        effect_size=_share(ss_between_s, int(b_exp) - 1, ss_within_s, within.exponent),
        systems=matrix.systems,
        means=means,
        ci_low=low,
        ci_high=high,
        error_variance=ss_within / df_within,
        alpha=level,
    )


def _share(effect: float, effect_exp: int, other: float, other_exp: int) -> float:
    """``effect / (effect + other)`` for two sums of squares on their own scales (0 if both 0)."""
    if effect == 0:
        return 0.0
    with np.errstate(over="ignore", under="ignore"):
        ratio = float(np.ldexp(other / effect, 2 * (other_exp - effect_exp)))
    return 1.0 / (1.0 + ratio)


def two_way_anova(
    scores: Any, *, alpha: float = 0.05, systems: Sequence[Hashable] | None = None
) -> Anova:
    """Two-way ANOVA without replication (factors: system and topic).

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    alpha
        The per-system intervals have confidence ``1 - alpha``.
    systems
        Use only these systems (by label).

    Returns
    -------
    Anova
        Rows ``system``, ``topic``, ``residual``, ``total``;
        ``error_variance`` is ``VE2``.

    Raises
    ------
    ScoreRangeError
        A sum of squares or an interval outside the float range (scores
        near ``1e300`` or ``1e-300``); F and p would not change by rescaling.
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    parts = two_way_parts(matrix.values)
    n, k = parts.n, parts.k
    df_system, df_topic, df_residual = k - 1, n - 1, parts.df_residual
    flat = parts.residual_zero
    f_system, p_system = _test(
        parts.ss_system,
        parts.exponent,
        df_system,
        parts.ss_residual,
        parts.exponent,
        df_residual,
        flat,
        parts.systems_equal,
    )
    f_topic, p_topic = _test(
        parts.ss_topic,
        parts.topic_exponent,
        df_topic,
        parts.ss_residual,
        parts.exponent,
        df_residual,
        flat,
        parts.topics_equal,
    )
    ss_system = in_score_units(parts.ss_system, parts.exponent, "the systems' sum of squares")
    ss_topic = in_score_units(parts.ss_topic, parts.topic_exponent, "the topics' sum of squares")
    ss_residual = in_score_units(parts.ss_residual, parts.exponent, "the residual sum of squares")
    with np.errstate(over="ignore"):
        total = ss_system + ss_topic + ss_residual
    if not np.isfinite(total):
        in_score_units(np.inf, 0, "the total sum of squares")
    low, high = _intervals(
        parts.system_means, parts.ss_residual, parts.exponent, df_residual, n, level
    )
    return Anova(
        design="two-way without replication",
        sources=("system", "topic", "residual", "total"),
        sum_squares=np.array([ss_system, ss_topic, ss_residual, total]),
        df=np.array([df_system, df_topic, df_residual, n * k - 1], dtype=float),
        mean_squares=np.array(
            [ss_system / df_system, ss_topic / df_topic, ss_residual / df_residual, np.nan]
        ),
        f=np.array([f_system, f_topic, np.nan, np.nan]),
        p_value=np.array([p_system, p_topic, np.nan, np.nan]),
        effect_size=_share(parts.ss_system, parts.exponent, parts.ss_residual, parts.exponent),
        systems=matrix.systems,
        means=parts.system_means,
        ci_low=low,
        ci_high=high,
        error_variance=ss_residual / df_residual,
        alpha=level,
    )


def residual_variance(matrix: Any) -> float:
    """``VE2`` of a blocks x groups matrix (two-way ANOVA without replication), plainly.

    Raises
    ------
    DataFileError
        If the matrix is not 2-D with at least 2 rows and 2 columns, or not finite.
    """
    x = np.asarray(matrix, dtype=float)
    if x.ndim != 2 or min(x.shape) < 2:
        raise DataFileError(
            f"the residual variance needs a blocks x groups matrix with at least 2 of each "
            f"(got shape {x.shape})"
        )
    if not np.all(np.isfinite(x)):
        raise DataFileError("the residual variance needs finite values (got NaN or inf)")
    n, k = x.shape
    residual = x - x.mean(axis=1, keepdims=True) - x.mean(axis=0, keepdims=True) + x.mean()
    return float((residual**2).sum() / ((n - 1) * (k - 1)))


def effect_sizes(means: Any, ve2: float) -> np.ndarray:
    """``(means_i - means_j) / sqrt(VE2)`` for every ordered pair, shape ``(k, k)``.

    When ``VE2`` is 0 (no residual variation at all) the effect size is
    ``+-inf`` for a non-zero difference and 0 for no difference.
    """
    m = np.asarray(means, dtype=float)
    diff = m[:, None] - m[None, :]
    if ve2 > 0:
        return diff / np.sqrt(ve2)
    return np.where(diff == 0, 0.0, np.copysign(np.inf, diff))
