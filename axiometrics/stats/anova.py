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
    degrees of freedom, likewise for topics.  ``MS_residual`` is ``VE2`` of
    :func:`axiometrics.meta.anova.residual_variance`.  It is the
    repeated-measures ANOVA of statsmodels' ``AnovaRM`` (subject = topic,
    within = system) and the OLS two-way ANOVA ``score ~ C(topic) + C(system)``.
    Effect size: partial ``eta^2 = SS_system / (SS_system + SS_residual)``.

Intervals: each system's mean with the ``1 - alpha`` interval
``mean +- t(1 - alpha/2; df) sqrt(MS / T)``, where ``MS`` and ``df`` are
the error term of the ANOVA (``MS_within`` or ``VE2``).

Zero variance: when the error term is 0, ``F`` is ``inf`` (``p = 0``) for a
factor whose means differ and 0 (``p = 1``) for one whose means do not;
the intervals are points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import RELATIVE_TOLERANCE, check_alpha
from axiometrics.stats.tails import f_sf, t_ppf

__all__ = ["Anova", "one_way_anova", "two_way_anova"]


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


def _ratio(effect: np.ndarray, error: float, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """``F = effect / error`` and its zero-variance convention; returns ``(F, flat mask)``."""
    if error > scale:
        return effect / error, np.zeros(effect.shape, dtype=bool)
    return np.where(effect > scale, np.inf, 0.0), np.ones(effect.shape, dtype=bool)


def _intervals(
    means: np.ndarray, error: float, df: float, n: int, alpha: float
) -> tuple[np.ndarray, np.ndarray]:
    half = float(t_ppf(1.0 - alpha / 2.0, df)) * np.sqrt(error / n)
    return means - half, means + half


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
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    x = matrix.values
    n, k = x.shape
    means = x.mean(axis=0)
    grand = x.mean()
    ss_between = float(n * ((means - grand) ** 2).sum())
    ss_within = float(((x - means) ** 2).sum())
    df_between, df_within = k - 1, k * (n - 1)
    ms_between, ms_within = ss_between / df_between, ss_within / df_within
    scale = _scale(x)
    f, _ = _ratio(np.array([ms_between]), ms_within, scale)
    flat = ms_within <= scale
    p = np.where(np.isinf(f), 0.0, np.where(f == 0, 1.0, f_sf(f, df_between, df_within)))
    total = ss_between + ss_within
    low, high = _intervals(means, 0.0 if flat else ms_within, df_within, n, level)
    return Anova(
        design="one-way",
        sources=("between", "within", "total"),
        sum_squares=np.array([ss_between, ss_within, total]),
        df=np.array([df_between, df_within, n * k - 1], dtype=float),
        mean_squares=np.array([ms_between, ms_within, np.nan]),
        f=np.array([f[0], np.nan, np.nan]),
        p_value=np.array([p[0], np.nan, np.nan]),
        effect_size=ss_between / total if total > scale else 0.0,
        systems=matrix.systems,
        means=means,
        ci_low=low,
        ci_high=high,
        error_variance=0.0 if flat else ms_within,
        alpha=level,
    )


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
    """
    level = check_alpha(alpha)
    matrix = as_score_matrix(scores, systems=systems)
    x = matrix.values
    n, k = x.shape
    grand = x.mean()
    system_means = x.mean(axis=0)
    topic_means = x.mean(axis=1)
    ss_system = float(n * ((system_means - grand) ** 2).sum())
    ss_topic = float(k * ((topic_means - grand) ** 2).sum())
    residual = x - topic_means[:, None] - system_means[None, :] + grand
    ss_residual = float((residual**2).sum())
    df_system, df_topic, df_residual = k - 1, n - 1, (k - 1) * (n - 1)
    ms = np.array([ss_system / df_system, ss_topic / df_topic])
    ve2 = ss_residual / df_residual
    scale = _scale(x)
    f, flat_mask = _ratio(ms, ve2, scale)
    flat = bool(flat_mask[0])
    tails = f_sf(f, [df_system, df_topic], df_residual)
    p = np.where(np.isinf(f), 0.0, np.where(f == 0, 1.0, tails))
    low, high = _intervals(system_means, 0.0 if flat else ve2, df_residual, n, level)
    partial = ss_system + ss_residual
    return Anova(
        design="two-way without replication",
        sources=("system", "topic", "residual", "total"),
        sum_squares=np.array([ss_system, ss_topic, ss_residual, float(((x - grand) ** 2).sum())]),
        df=np.array([df_system, df_topic, df_residual, n * k - 1], dtype=float),
        mean_squares=np.array([ms[0], ms[1], ve2, np.nan]),
        f=np.array([f[0], f[1], np.nan, np.nan]),
        p_value=np.array([p[0], p[1], np.nan, np.nan]),
        effect_size=ss_system / partial if partial > scale else 0.0,
        systems=matrix.systems,
        means=system_means,
        ci_low=low,
        ci_high=high,
        error_variance=0.0 if flat else ve2,
        alpha=level,
    )


def _scale(x: np.ndarray) -> float:
    """Squares below this count as 0 (the tolerance of :mod:`axiometrics.stats.paired`, squared)."""
    return float((RELATIVE_TOLERANCE * max(float(np.abs(x).max()), np.finfo(float).tiny)) ** 2)
