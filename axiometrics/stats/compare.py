"""All-pairs comparison of systems: a paired test, a correction, effect sizes.

:func:`compare` runs one test on every pair of systems at once and
corrects the ``P = S(S-1)/2`` p-values for multiple comparisons:

=================== ============================================= ====================
``test``            function                                      default correction
=================== ============================================= ====================
``"t"``             :func:`~axiometrics.stats.paired_t_test`      ``"holm"``
``"wilcoxon"``      :func:`~axiometrics.stats.wilcoxon_test`      ``"holm"``
``"sign"``          :func:`~axiometrics.stats.sign_test`          ``"holm"``
``"randomisation"`` :func:`~axiometrics.stats.randomisation_test` ``"holm"``
``"bootstrap"``     :func:`~axiometrics.stats.bootstrap_test`     ``"holm"``
``"tukey"``         randomised Tukey HSD                          ``"none"`` (only)
=================== ============================================= ====================

Corrections: ``"holm"``, ``"bonferroni"``, ``"holm-sidak"``, ``"sidak"``
(family-wise error), ``"bh"``, ``"by"`` (false discovery rate) and
``"none"``;         see :mod:`axiometrics.stats.corrections`.     Test and correction
names are case-insensitive.  The paired tests take
``alternative="two-sided" | "greater" | "less"`` (``"greater"``: the first
system of each pair, in column order, scores higher).

The randomised Tukey HSD test (Sakai 2018; every topic's scores permuted
across the systems, the range of the system means as statistic) already
controls the family-wise error over all pairs, so it takes no further
correction, and it is two-sided only.

Besides each test's Cohen's ``d_z``, every comparison reports Sakai's
standardised effect size ``ES_E = (mean_a - mean_b) / sqrt(VE2)``, ``VE2``
the residual variance of the two-way ANOVA without replication of the whole
matrix; with ``VE2 = 0`` (the additive model fits exactly, decided per
topic as in :func:`~axiometrics.stats.two_way_anova`) it is 0 for systems
that tie on every topic and ``+-inf`` otherwise.  Its interval inverts the
noncentral t: under the two-way model with normal errors,
``ES_E sqrt(T / 2)`` is noncentral t with ``(T - 1)(S - 1)`` degrees of
freedom (the difference of two system means and ``VE2`` are independent).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import Tasks, checked_tasks
from axiometrics.stats.anova import TwoWayParts, in_score_units, two_way_parts
from axiometrics.stats.bootstrap import bootstrap_test
from axiometrics.stats.choices import check_alternative, choose
from axiometrics.stats.corrections import adjust_p_values, check_correction
from axiometrics.stats.errors import ScoreRangeError
from axiometrics.stats.matrix import ScoreMatrix, as_score_matrix
from axiometrics.stats.noncentral import ncp_interval
from axiometrics.stats.paired import (
    PairedTests,
    build,
    check_alpha,
    differences,
    square_matrix,
    t_interval,
)
from axiometrics.stats.randomisation import randomisation_test
from axiometrics.stats.resampling import check_seed, check_trials
from axiometrics.stats.sign import sign_test
from axiometrics.stats.ttest import paired_t_test
from axiometrics.stats.tukey import MAX_GROUPS, randomized_tukey_hsd
from axiometrics.stats.wilcoxon import wilcoxon_test

__all__ = ["RESAMPLING_TESTS", "TESTS", "Comparison", "compare"]

#: Tests :func:`compare` can run.
TESTS = ("t", "wilcoxon", "sign", "randomisation", "bootstrap", "tukey")

#: Tests that draw ``trials`` resamples (``trials`` must then be at least ``ceil(2/alpha) - 1``).
RESAMPLING_TESTS = ("randomisation", "bootstrap", "tukey")


@dataclass(frozen=True, eq=False)
class Comparison:
    """Every pair of systems compared under one test and correction.

    Attributes
    ----------
    tests
        The per-pair results (uncorrected p-values, ``d_z``, intervals).
    correction
        One of :data:`~axiometrics.stats.CORRECTIONS`.
    p_adjusted
        Corrected p-values, ``(P,)``.
    significant
        ``p_adjusted < alpha``, ``(P,)``.
    sakai_effect_size
        ``(mean_a - mean_b) / sqrt(VE2)``, ``(P,)``.
    sakai_effect_size_low, sakai_effect_size_high
        Its ``1 - alpha`` noncentral-t interval, ``(P,)`` (one-sided under a
        one-sided alternative).
    residual_sd
        ``sqrt(VE2)`` of the whole matrix, in score units.
    alpha
        The significance level (and interval level ``1 - alpha``).
    """

    tests: PairedTests
    correction: str
    p_adjusted: np.ndarray
    significant: np.ndarray
    sakai_effect_size: np.ndarray
    residual_sd: float
    alpha: float
    # Computed on first use, like PairedTests' interval of d_z.
    _sakai_bounds: Callable[[], tuple[np.ndarray, np.ndarray]] | None = field(
        default=None, repr=False
    )

    @cached_property
    def _sakai_interval(self) -> tuple[np.ndarray, np.ndarray]:
        if self._sakai_bounds is None:
            missing = np.full(len(self.sakai_effect_size), np.nan)
            return missing, missing
        return self._sakai_bounds()

    @property
    def sakai_effect_size_low(self) -> np.ndarray:
        """Lower end of the ``1 - alpha`` noncentral-t interval of ``ES_E``, ``(P,)``."""
        return self._sakai_interval[0]

    @property
    def sakai_effect_size_high(self) -> np.ndarray:
        """Upper end of the ``1 - alpha`` noncentral-t interval of ``ES_E``, ``(P,)``."""
        return self._sakai_interval[1]

    @property
    def residual_variance(self) -> float:
        """``VE2`` of the whole matrix (:class:`ScoreRangeError` if it leaves the float range)."""
        with np.errstate(over="ignore", under="ignore"):
            value = float(np.float64(self.residual_sd) ** 2)
        if not np.isfinite(value) or (value == 0 and self.residual_sd != 0):
            raise ScoreRangeError(
                f"scores: the residual variance VE2 = {self.residual_sd!r}**2 is outside the "
                "float range; use residual_sd, or divide the scores by a constant first"
            )
        return value

    @property
    def alternative(self) -> str:
        """The alternative hypothesis of the paired tests."""
        return self.tests.alternative

    @property
    def test(self) -> str:
        """The test's name."""
        return self.tests.test

    @property
    def systems(self) -> tuple[Hashable, ...]:
        """All system labels."""
        return self.tests.systems

    def to_frame(self) -> pd.DataFrame:
        """One row per pair: the test's columns plus the corrected p-value and ``ES_E``.

        ``sakai_es`` follows ``effect_size``; the intervals of the effect
        sizes are the last columns (``effect_size_low``, ``effect_size_high``,
        ``sakai_es_low``, ``sakai_es_high``).
        """
        frame = self.tests.to_frame()
        at = list(frame.columns).index("p_value") + 1
        frame.insert(at, "p_adjusted", self.p_adjusted)
        frame.insert(at + 1, "significant", self.significant)
        after = list(frame.columns).index("effect_size") + 1
        frame.insert(after, "sakai_es", self.sakai_effect_size)
        frame["sakai_es_low"] = self.sakai_effect_size_low
        frame["sakai_es_high"] = self.sakai_effect_size_high
        return frame

    def p_matrix(self, *, adjusted: bool = True) -> pd.DataFrame:
        """Symmetric ``S x S`` p-values (corrected by default), diagonal 1."""
        values = self.p_adjusted if adjusted else self.tests.p_value
        return square_matrix(self.systems, self.tests.system_a, self.tests.system_b, values)


def _check_test(test: Any) -> str:
    return choose("test", test, TESTS)


def compare(
    scores: Any,
    *,
    test: str = "t",
    correction: str | None = None,
    alpha: float = 0.05,
    trials: int = 10_000,
    seed: Any = 0,
    systems: Sequence[Hashable] | None = None,
    alternative: str = "two-sided",
    tasks: Tasks | None = None,
) -> Comparison:
    """Compare every pair of systems with a paired test and a multiple-comparison correction.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    test
        One of :data:`TESTS` (case-insensitive).
    correction
        One of :data:`~axiometrics.stats.CORRECTIONS` (case-insensitive);
        default ``"holm"``, and ``"none"`` for ``"tukey"`` (which accepts no other).
    alpha
        Significance level; intervals have confidence ``1 - alpha``.
    trials
        Resamples of the randomisation (when not exact), bootstrap and Tukey
        tests; at least ``ceil(2 / alpha) - 1`` for those tests.
    seed
        Seed of the resampling tests.
    systems
        Compare only these systems (by label).
    alternative
        ``"two-sided"`` (default), ``"greater"`` or ``"less"``: the paired
        tests' alternative for the first system of each pair (not for ``"tukey"``).
    tasks
        Where the resampling tests' blocks of trials run
        (:class:`~axiometrics.parallel.Tasks`: local workers or a cluster);
        every number is the same for any backend and number of workers.
        Default: this process.

    Returns
    -------
    Comparison

    Raises
    ------
    InvalidParameterError
        An unknown test, correction or alternative, a correction or a
        one-sided alternative with ``"tukey"``, a bad ``alpha``, ``trials``
        or ``seed``.
    InvalidInputError
        Invalid scores (see :func:`axiometrics.stats.as_score_matrix`).
    """
    name = _check_test(test)
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    b = check_trials(trials, alpha=level if name in RESAMPLING_TESTS else None)
    check_seed(seed)
    checked_tasks(tasks)
    method = (
        ("none" if name == "tukey" else "holm")
        if correction is None
        else check_correction(correction)
    )
    if name == "tukey" and method != "none":
        raise InvalidParameterError(
            f"correction={correction!r}: the randomised Tukey HSD test already controls the "
            "family-wise error over all pairs; use correction='none'"
        )
    if name == "tukey" and side != "two-sided":
        raise InvalidParameterError(
            f"alternative={alternative!r}: the randomised Tukey HSD test compares the range of "
            "the system means, so it is two-sided only; use another test for a one-sided one"
        )
    matrix = as_score_matrix(scores, systems=systems)
    result: PairedTests
    if name == "t":
        result = paired_t_test(matrix, alpha=level, alternative=side)
    elif name == "wilcoxon":
        result = wilcoxon_test(matrix, alpha=level, alternative=side)
    elif name == "sign":
        result = sign_test(matrix, alpha=level, alternative=side)
    elif name == "randomisation":
        result = randomisation_test(
            matrix, trials=b, seed=seed, alpha=level, alternative=side, tasks=tasks
        )
    elif name == "bootstrap":
        result = bootstrap_test(
            matrix, trials=b, seed=seed, alpha=level, alternative=side, tasks=tasks
        )
    else:
        result = _tukey(matrix, trials=b, seed=seed, alpha=level, tasks=tasks)
    adjusted = adjust_p_values(result.p_value, method)
    parts = two_way_parts(matrix.values)
    a, b_idx = np.triu_indices(matrix.n_systems, k=1)
    sakai = _sakai(parts, a, b_idx)
    return Comparison(
        tests=result,
        correction=method,
        p_adjusted=adjusted,
        significant=adjusted < level,
        sakai_effect_size=sakai,
        residual_sd=in_score_units(
            parts.residual_sd_scaled(), parts.exponent, "the residual standard deviation", power=1
        ),
        alpha=level,
        _sakai_bounds=partial(_sakai_interval, parts, sakai, level, side),
    )


def _sakai(parts: TwoWayParts, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Sakai's ``ES_E`` of every pair, scale-free.

    With ``VE2 = 0`` the effect size is 0 for systems that tie on every
    topic and ``+-inf`` otherwise.
    """
    gap = parts.effects[a] - parts.effects[b]
    if parts.residual_zero:
        return np.asarray(np.where(parts.tied(a, b), 0.0, np.copysign(np.inf, gap)))
    return np.asarray(gap / parts.residual_sd_scaled())


def _sakai_interval(
    parts: TwoWayParts, es: np.ndarray, alpha: float, side: str
) -> tuple[np.ndarray, np.ndarray]:
    """The noncentral-t interval of ``ES_E`` (the point itself when ``VE2 = 0``)."""
    if parts.residual_zero:
        return es, es
    root = np.sqrt(parts.n / 2.0)
    low, high = ncp_interval(es * root, parts.df_residual, alpha, side)
    return low / root, high / root


def _tukey(
    matrix: ScoreMatrix, *, trials: int, seed: Any, alpha: float, tasks: Tasks | None
) -> PairedTests:
    """The randomised Tukey HSD p-values in the shape of a :class:`PairedTests`."""
    if matrix.n_systems > MAX_GROUPS:
        raise InvalidParameterError(
            f"test='tukey': the randomised Tukey HSD test handles at most {MAX_GROUPS} systems "
            f"(got {matrix.n_systems}); use a paired test with a correction"
        )
    diffs = differences(matrix)
    hsd = randomized_tukey_hsd(matrix.values, trials=trials, seed=seed, tasks=tasks)
    p = hsd.p_values[diffs.a, diffs.b]
    return build(
        "tukey",
        matrix,
        diffs,
        statistic=np.abs(diffs.mean),
        p_value=p,
        ci=t_interval(diffs, alpha),
        n_used=np.full(len(diffs.a), diffs.n),
        method="monte carlo",
        alpha=alpha,
        trials=trials,
        seed=check_seed(seed),
    )
