"""The chi-squared test of independence of a contingency table.

Null hypothesis: rows and columns are independent.  With observed counts
``O`` (``r x c``, ``N`` in all) and expected counts
``E_ij = row_i col_j / N``, the statistic is ``sum (O - E)^2 / E`` with
``(r - 1)(c - 1)`` degrees of freedom, as
:func:`scipy.stats.chi2_contingency`; with one degree of freedom (a 2 x 2
table) Yates' continuity correction is applied by default, moving each
``|O - E|`` by up to 0.5 towards 0 (``correction=False`` turns it off,
also as in SciPy).

Effect size: Cramér's ``V = sqrt(chi2 / (N (min(r, c) - 1)))`` (without
the continuity correction), as :func:`scipy.stats.contingency.association`.
Its interval is a percentile bootstrap over ``trials`` multinomial
resamples of the ``N`` counts (seeded): the ``alpha/2`` and
``1 - alpha/2`` quantiles of the resampled V, each computed with the
original table's ``min(r, c) - 1`` (a row or column that happens to be
empty in a resample has no expected count and contributes 0).  Because V is
never negative, its resamples are biased upwards where the association is
weak: with no association in the table (``V = 0``) every resampled V is
positive.  The interval is therefore widened where needed to contain the
estimate, ``[min(q_lo, V), max(q_hi, V)]``, so it always contains V (and
starts at 0 when ``V = 0``).

A table with an empty row or column has no expected count there and is
refused (SciPy refuses it too), as are repeated row or column labels of a
DataFrame (the same category twice) and a total count above ``2**53``
(beyond, counts are not exact floats); a table whose rows are all
proportional gives ``chi2 = 0`` and ``p = 1``.  ``trials`` must be at least
``ceil(2 / alpha) - 1``.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.stats.paired import check_alpha
from axiometrics.stats.resampling import check_seed, check_trials, generator
from axiometrics.stats.tails import chi2_sf

__all__ = ["ChiSquare", "chi_squared_test"]

#: Largest total count: counts up to 2**53 are exact floats and can be resampled.
_MAX_TOTAL = 2.0**53


@dataclass(frozen=True, eq=False)
class ChiSquare:
    """Result of a chi-squared test of independence.

    Attributes
    ----------
    statistic
        ``chi2`` (with Yates' correction when it applied).
    dof
        Degrees of freedom ``(r - 1)(c - 1)``.
    p_value
        ``P(chi2_dof > statistic)``.
    expected
        Expected counts under independence, ``(r, c)``.
    cramers_v
        Cramér's V (uncorrected statistic).
    ci_low, ci_high
        Percentile bootstrap interval of Cramér's V, widened to contain it.
    corrected
        Whether Yates' correction was applied.
    n
        Total count ``N``.
    alpha, trials, seed
        Interval level and bootstrap settings.
    rows, columns
        Labels of the table's rows and columns.
    """

    statistic: float
    dof: int
    p_value: float
    expected: np.ndarray
    cramers_v: float
    ci_low: float
    ci_high: float
    corrected: bool
    n: float
    alpha: float
    trials: int
    seed: int | None
    rows: tuple[Hashable, ...]
    columns: tuple[Hashable, ...]

    def to_frame(self) -> pd.DataFrame:
        """One row: statistic, dof, p-value, Cramér's V and its interval."""
        return pd.DataFrame(
            {
                "statistic": [self.statistic],
                "dof": [self.dof],
                "p_value": [self.p_value],
                "cramers_v": [self.cramers_v],
                "ci_low": [self.ci_low],
                "ci_high": [self.ci_high],
                "corrected": [self.corrected],
                "n": [self.n],
            }
        )


def _table(table: Any) -> tuple[np.ndarray, tuple[Hashable, ...], tuple[Hashable, ...]]:
    rows: tuple[Hashable, ...]
    columns: tuple[Hashable, ...]
    if isinstance(table, pd.DataFrame):
        for axis, labels in (("row", table.index), ("column", table.columns)):
            if labels.has_duplicates:
                dupes = labels[labels.duplicated()].unique().tolist()
                raise InvalidInputError(
                    f"table: expected unique {axis} labels (got repeated {dupes[:5]!r}); add "
                    f"the counts of a repeated {axis} together first"
                )
        rows, columns = tuple(table.index.tolist()), tuple(table.columns.tolist())
        data: Any = table.to_numpy()
    else:
        data = table
        rows = columns = ()
    raw = np.asarray(data)
    if raw.dtype.kind in "bcUSO" and not (
        raw.dtype.kind == "O" and all(_count_like(v) for v in raw.ravel().tolist())
    ):
        raise InputTypeError(
            f"table: expected counts (non-negative numbers), got {raw.dtype} values "
            "(booleans, complex numbers and strings are not counts)"
        )
    try:
        counts = np.asarray(data, dtype=float)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(f"table: expected a 2-D table of counts ({exc})") from None
    if counts.ndim != 2 or min(counts.shape) < 2:
        raise InvalidInputError(
            f"table: expected a 2-D table with at least 2 rows and 2 columns (got shape "
            f"{counts.shape})"
        )
    if not np.all(np.isfinite(counts)) or np.any(counts < 0):
        raise InvalidInputError("table: expected finite, non-negative counts (got NaN, inf or < 0)")
    with np.errstate(over="ignore"):
        total = float(counts.sum())
    if not total <= _MAX_TOTAL:
        raise InvalidInputError(
            f"table: expected a total count of at most 2**53 (got {total:.6g}); counts beyond "
            "are not exact in floating point and cannot be resampled"
        )
    empty_rows = np.flatnonzero(counts.sum(axis=1) == 0).tolist()
    empty_cols = np.flatnonzero(counts.sum(axis=0) == 0).tolist()
    if empty_rows or empty_cols:
        raise InvalidInputError(
            f"table: expected every row and column to have a positive total (empty rows "
            f"{empty_rows!r}, empty columns {empty_cols!r}); drop them first"
        )
    if not rows:
        rows = tuple(range(counts.shape[0]))
        columns = tuple(range(counts.shape[1]))
    return counts, rows, columns


def _count_like(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def _statistic(observed: np.ndarray, yates: bool) -> np.ndarray:
    """``chi2`` of tables ``(..., r, c)``; terms with ``E = 0`` (hence ``O = 0``) count 0."""
    n = observed.sum(axis=(-2, -1), keepdims=True)
    columns = observed.sum(axis=-2, keepdims=True)
    share = np.divide(columns, n, out=np.zeros(columns.shape), where=n > 0)
    expected = observed.sum(axis=-1, keepdims=True) * share
    gap = np.abs(observed - expected)
    if yates:
        gap = np.maximum(gap - 0.5, 0.0)
    ratio = np.divide(gap, expected, out=np.zeros_like(gap), where=expected > 0)
    return np.asarray((gap * ratio).sum(axis=(-2, -1)))


def chi_squared_test(
    table: Any,
    *,
    correction: bool = True,
    alpha: float = 0.05,
    trials: int = 2000,
    seed: Any = 0,
) -> ChiSquare:
    """Chi-squared test of independence of a contingency table.

    Parameters
    ----------
    table
        Counts ``(r, c)``, ``r, c >= 2``: an array or a labelled DataFrame.
    correction
        Apply Yates' continuity correction when the table has one degree of
        freedom (a bool).
    alpha
        The interval of Cramér's V has confidence ``1 - alpha``.
    trials
        Bootstrap resamples for the interval, at least ``ceil(2 / alpha) - 1``.
    seed
        Seed or Generator of the resamples.

    Returns
    -------
    ChiSquare

    Raises
    ------
    InvalidInputError
        Not a 2-D table of at least 2 x 2, negative or non-finite counts,
        an empty row or column, repeated row or column labels.
    InvalidParameterError
        A ``correction`` that is not a bool, a bad ``alpha``, ``trials`` or ``seed``.
    """
    if not isinstance(correction, bool | np.bool_):
        raise InvalidParameterError(
            f"correction={correction!r}: expected True or False (Yates' continuity correction "
            "of a 2 x 2 table)"
        )
    level = check_alpha(alpha)
    b = check_trials(trials, alpha=level)
    recorded_seed = check_seed(seed)
    counts, rows, columns = _table(table)
    r, c = counts.shape
    dof = (r - 1) * (c - 1)
    n = float(counts.sum())
    yates = bool(correction) and dof == 1
    statistic = float(_statistic(counts, yates))
    plain = float(_statistic(counts, False))
    expected = counts.sum(axis=1, keepdims=True) * (counts.sum(axis=0, keepdims=True) / n)
    denominator = n * (min(r, c) - 1)
    v = float(np.sqrt(plain / denominator))
    rng = generator(seed)
    probabilities = (counts / n).ravel()
    samples = rng.multinomial(round(n), probabilities, size=b).reshape(b, r, c).astype(float)
    resampled = np.sqrt(_statistic(samples, False) / denominator)
    low, high = np.quantile(resampled, [level / 2.0, 1.0 - level / 2.0])
    # V >= 0 is biased upwards in resamples; the interval must contain the estimate.
    low, high = min(float(low), v), max(float(high), v)
    return ChiSquare(
        statistic=statistic,
        dof=dof,
        p_value=float(chi2_sf(statistic, dof)),
        expected=expected,
        cramers_v=v,
        ci_low=float(low),
        ci_high=float(high),
        corrected=yates,
        n=n,
        alpha=level,
        trials=b,
        seed=recorded_seed,
        rows=rows,
        columns=columns,
    )
