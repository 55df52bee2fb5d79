"""The report's pairwise significance matrices: which systems each measure tells apart.

For every measure of a meta-evaluated data set, every pair of systems is
compared with the paired t-test on the per-topic scores and the p-values
of all pairs are corrected with Holm's step-down procedure
(:func:`axiometrics.stats.compare`): deterministic, exact and cheap, and a
complement to the discriminative power section, which counts the pairs the
randomised Tukey HSD test separates.  A pair is significant when its
corrected p-value is below ``alpha``; which system is better follows the
measure's direction.

The model stores each measure's ``S x S`` matrix compactly, one string per
system (row) with one character per other system (column): ``"+"`` the
row system is significantly better, ``"-"`` significantly worse, ``"."``
not significant, ``"="`` the diagonal.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.meta.discriminative import DiscriminativePower
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.report.model import number
from axiometrics.stats import compare

__all__ = ["SIGNIFICANCE_CORRECTION", "SIGNIFICANCE_TEST", "significance_model"]

#: The paired test of the report's significance matrices.
SIGNIFICANCE_TEST = "t"
#: The correction applied over the pairs of one measure.
SIGNIFICANCE_CORRECTION = "holm"


def _rows(better: np.ndarray, worse: np.ndarray) -> list[str]:
    codes = np.full(better.shape, ".", dtype="<U1")
    codes[better] = "+"
    codes[worse] = "-"
    np.fill_diagonal(codes, "=")
    return ["".join(row) for row in codes]


def significance_model(
    scores: ScoreMatrices,
    *,
    alpha: float,
    user: set[str],
    tukey: DiscriminativePower | None = None,
) -> dict[str, Any]:
    """The JSON-ready significance matrices of every measure of ``scores``.

    Parameters
    ----------
    scores
        The data set's score matrices (measures x topics x systems).
    alpha
        Significance level of the corrected p-values.
    user
        Names of the user's measures (highlighted).
    tukey
        The discriminative-power result of the same data, whose count of
        significant pairs is shown beside the t-test's.
    """
    systems = [str(s) for s in scores.systems]
    k = len(systems)
    pairs = k * (k - 1) // 2
    tukey_counts = (
        dict(zip(tukey.measures, tukey.n_significant(alpha).tolist(), strict=True))
        if tukey is not None
        else {}
    )
    rows = []
    matrices: dict[str, list[str]] = {}
    for index, measure in enumerate(scores.measures):
        result = compare(
            scores.scores[index],
            test=SIGNIFICANCE_TEST,
            correction=SIGNIFICANCE_CORRECTION,
            alpha=alpha,
        )
        sign = 1.0 if scores.higher_is_better[index] else -1.0
        oriented = result.tests.mean_diff * sign
        a, b = np.triu_indices(k, k=1)
        better = np.zeros((k, k), dtype=bool)
        better[a, b] = result.significant & (oriented > 0)
        better[b, a] = result.significant & (oriented < 0)
        matrices[measure] = _rows(better, better.T)
        significant = int(result.significant.sum())
        rows.append(
            {
                "measure": measure,
                "user": measure in user,
                "significant_pairs": significant,
                "pairs": pairs,
                "share": number(significant / pairs),
                "tukey_pairs": tukey_counts.get(measure),
                "zero_variance_pairs": int(result.tests.zero_variance.sum()),
            }
        )
    return {
        "test": SIGNIFICANCE_TEST,
        "correction": SIGNIFICANCE_CORRECTION,
        "alpha": alpha,
        "systems": systems,
        "rows": rows,
        "matrices": matrices,
    }
