"""All-pairs comparison of systems: a paired test, a correction, effect sizes.

:func:`compare` runs one test on every pair of systems at once and
corrects the ``P = S(S-1)/2`` p-values for multiple comparisons:

==================  ==========================================  ====================
``test``            function                                    default correction
==================  ==========================================  ====================
``"t"``             :func:`~axiometrics.stats.paired_t_test`    ``"holm"``
``"wilcoxon"``      :func:`~axiometrics.stats.wilcoxon_test`    ``"holm"``
``"sign"``          :func:`~axiometrics.stats.sign_test`        ``"holm"``
``"randomisation"`` :func:`~axiometrics.stats.randomisation_test` ``"holm"``
``"bootstrap"``     :func:`~axiometrics.stats.bootstrap_test`   ``"holm"``
``"tukey"``         randomised Tukey HSD                        ``"none"`` (only)
==================  ==========================================  ====================

The randomised Tukey HSD test (:func:`axiometrics.meta.tukey.randomized_tukey_hsd`,
Sakai 2018) already controls the family-wise error over all pairs, so it
takes no further correction.

Besides each test's Cohen's ``d_z``, every comparison reports Sakai's
standardised effect size ``ES_E = (mean_a - mean_b) / sqrt(VE2)``, ``VE2``
the residual variance of the two-way ANOVA without replication of the whole
matrix (:func:`axiometrics.meta.anova.residual_variance`); with ``VE2 = 0``
it is 0 for equal means and ``+-inf`` otherwise.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.anova import effect_sizes, residual_variance
from axiometrics.meta.tukey import randomized_tukey_hsd
from axiometrics.stats.bootstrap import bootstrap_test
from axiometrics.stats.corrections import adjust_p_values, check_correction
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import (
    RELATIVE_TOLERANCE,
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
from axiometrics.stats.wilcoxon import wilcoxon_test
from axiometrics.suggest import closest

__all__ = ["TESTS", "Comparison", "compare"]

#: Tests :func:`compare` can run.
TESTS = ("t", "wilcoxon", "sign", "randomisation", "bootstrap", "tukey")


@dataclass(frozen=True, eq=False)
class Comparison:
    """Every pair of systems compared under one test and correction.

    Attributes
    ----------
    tests
        The per-pair results (uncorrected p-values, ``d_z``, intervals).
    correction
        ``"holm"``, ``"bonferroni"`` or ``"none"``.
    p_adjusted
        Corrected p-values, ``(P,)``.
    significant
        ``p_adjusted < alpha``, ``(P,)``.
    sakai_effect_size
        ``(mean_a - mean_b) / sqrt(VE2)``, ``(P,)``.
    residual_variance
        ``VE2`` of the whole matrix.
    alpha
        The significance level (and interval level ``1 - alpha``).
    """

    tests: PairedTests
    correction: str
    p_adjusted: np.ndarray
    significant: np.ndarray
    sakai_effect_size: np.ndarray
    residual_variance: float
    alpha: float

    @property
    def test(self) -> str:
        """The test's name."""
        return self.tests.test

    @property
    def systems(self) -> tuple[Hashable, ...]:
        """All system labels."""
        return self.tests.systems

    def to_frame(self) -> pd.DataFrame:
        """One row per pair: the test's columns plus the corrected p-value and ``ES_E``."""
        frame = self.tests.to_frame()
        at = list(frame.columns).index("p_value") + 1
        frame.insert(at, "p_adjusted", self.p_adjusted)
        frame.insert(at + 1, "significant", self.significant)
        after = list(frame.columns).index("effect_size") + 1
        frame.insert(after, "sakai_es", self.sakai_effect_size)
        return frame

    def p_matrix(self, *, adjusted: bool = True) -> pd.DataFrame:
        """Symmetric ``S x S`` p-values (corrected by default), diagonal 1."""
        values = self.p_adjusted if adjusted else self.tests.p_value
        return square_matrix(self.systems, self.tests.system_a, self.tests.system_b, values)


def _check_test(test: Any) -> str:
    if test in TESTS:
        return str(test)
    hint = closest(str(test), TESTS)
    did = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
    raise InvalidParameterError(f"test={test!r}: expected one of {', '.join(TESTS)}{did}")


def compare(
    scores: Any,
    *,
    test: str = "t",
    correction: str | None = None,
    alpha: float = 0.05,
    trials: int = 10_000,
    seed: Any = 0,
    systems: Sequence[Hashable] | None = None,
) -> Comparison:
    """Compare every pair of systems with a paired test and a multiple-comparison correction.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    test
        One of :data:`TESTS`.
    correction
        ``"holm"``, ``"bonferroni"`` or ``"none"``; default ``"holm"``, and
        ``"none"`` for ``"tukey"`` (which accepts no other).
    alpha
        Significance level; intervals have confidence ``1 - alpha``.
    trials
        Resamples of the randomisation (when not exact), bootstrap and Tukey tests.
    seed
        Seed of the resampling tests.
    systems
        Compare only these systems (by label).

    Returns
    -------
    Comparison

    Raises
    ------
    InvalidParameterError
        An unknown test or correction, a correction with ``"tukey"``, a bad
        ``alpha``, ``trials`` or ``seed``.
    InvalidInputError
        Invalid scores (see :func:`axiometrics.stats.as_score_matrix`).
    """
    name = _check_test(test)
    level = check_alpha(alpha)
    b = check_trials(trials)
    check_seed(seed)
    if correction is None:
        method = "none" if name == "tukey" else "holm"
    else:
        method = check_correction(correction)
    if name == "tukey" and method != "none":
        raise InvalidParameterError(
            f"correction={correction!r}: the randomised Tukey HSD test already controls the "
            "family-wise error over all pairs; use correction='none'"
        )
    matrix = as_score_matrix(scores, systems=systems)
    result: PairedTests
    if name == "t":
        result = paired_t_test(matrix, alpha=level)
    elif name == "wilcoxon":
        result = wilcoxon_test(matrix, alpha=level)
    elif name == "sign":
        result = sign_test(matrix, alpha=level)
    elif name == "randomisation":
        result = randomisation_test(matrix, trials=b, seed=seed, alpha=level)
    elif name == "bootstrap":
        result = bootstrap_test(matrix, trials=b, seed=seed, alpha=level)
    else:
        result = _tukey(matrix, trials=b, seed=seed, alpha=level)
    adjusted = adjust_p_values(result.p_value, method)
    ve2 = residual_variance(matrix.values)
    ve2 = 0.0 if ve2 <= _flat(matrix.values) else ve2
    means = matrix.values.mean(axis=0)
    es = effect_sizes(means, ve2)
    a, b_idx = np.triu_indices(matrix.n_systems, k=1)
    sakai = es[a, b_idx]
    if ve2 == 0.0:
        sakai = np.where(np.abs(result.mean_diff) == 0, 0.0, sakai)
    return Comparison(
        tests=result,
        correction=method,
        p_adjusted=adjusted,
        significant=adjusted < level,
        sakai_effect_size=sakai,
        residual_variance=ve2,
        alpha=level,
    )


def _flat(x: np.ndarray) -> float:
    """Variances below this count as 0 (the pairs' relative tolerance, squared)."""
    return float((RELATIVE_TOLERANCE * max(float(np.abs(x).max()), np.finfo(float).tiny)) ** 2)


def _tukey(matrix: Any, *, trials: int, seed: Any, alpha: float) -> PairedTests:
    """The randomised Tukey HSD p-values in the shape of a :class:`PairedTests`."""
    diffs = differences(matrix)
    hsd = randomized_tukey_hsd(matrix.values, trials=trials, seed=seed)
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
