"""Two-way ANOVA without replication: residual variance and effect sizes.

For a matrix ``x`` of ``n`` blocks (rows) by ``k`` groups (columns) with
one observation per cell, the residual variance is::

    VE2 = sum_ij (x_ij - rowmean_i - colmean_j + grandmean)^2 / ((n - 1)(k - 1))

and the standardised effect size of the difference between groups ``i``
and ``j`` is ``(colmean_i - colmean_j) / sqrt(VE2)`` (Sakai 2021, Table 3:
e.g. ``(0.962 - 0.806) / sqrt(0.00211) = 3.40``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.meta.errors import MetaInputError

__all__ = ["effect_sizes", "residual_variance"]


def residual_variance(matrix: Any) -> float:
    """``VE2`` of a blocks x groups matrix (two-way ANOVA without replication).

    Raises
    ------
    MetaInputError
        If the matrix is not 2-D with at least 2 rows and 2 columns, or not finite.
    """
    x = np.asarray(matrix, dtype=float)
    if x.ndim != 2 or min(x.shape) < 2:
        raise MetaInputError(
            f"the residual variance needs a blocks x groups matrix with at least 2 of each "
            f"(got shape {x.shape})"
        )
    if not np.all(np.isfinite(x)):
        raise MetaInputError("the residual variance needs finite values (got NaN or inf)")
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
