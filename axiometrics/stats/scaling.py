"""Rescaling by powers of two, so that no test overflows or underflows.

Every test of :mod:`axiometrics.stats` is scale invariant: dividing all
scores by a constant changes neither a p-value, nor a test statistic, nor
an effect size.  Sums of squares of scores near ``1e300`` overflow and
those of scores near ``1e-300`` underflow, so the tests work on values
divided by a power of two close to their largest magnitude (an exact
operation for normal floats) and multiply back only the numbers reported
in score units (means, intervals, sums of squares), which raise
:class:`~axiometrics.stats.errors.ScoreRangeError` when the float range
cannot hold them.

Sums over topics that feed a reported number are computed exactly on
binary grids (:func:`exact_sums`, :func:`column_sums`), so a pair's result
has the same bits whichever other systems are in the call.
"""

from __future__ import annotations

import numpy as np

from axiometrics.stats.errors import ScoreRangeError

__all__ = ["column_sums", "exact_sums", "power_of_two_scale", "robust_mean", "to_score_units"]


def power_of_two_scale(magnitude: np.ndarray) -> np.ndarray:
    """The power of two ``s`` with ``magnitude / s`` in ``[1, 2)``; 1 where the magnitude is 0.

    Dividing by ``s`` is exact (for normal results) and brings the largest
    value to order 1 without overflowing for magnitudes up to the largest float.
    """
    m = np.asarray(magnitude, dtype=float)
    _, exponent = np.frexp(m)
    return np.where(m > 0, np.ldexp(1.0, exponent - 1), 1.0)


def robust_mean(x: np.ndarray) -> np.ndarray:
    """Column means of ``x (T, S)``, on rescaled values (no overflow) added in row order."""
    scale = power_of_two_scale(np.abs(x).max(axis=0))
    return np.asarray(column_sums(x / scale) / x.shape[0] * scale)


def to_score_units(
    scaled: np.ndarray, scale: np.ndarray | float, what: str, *, underflow: bool = False
) -> np.ndarray:
    """``scaled * scale``, or :class:`ScoreRangeError` where the float range cannot hold it.

    Parameters
    ----------
    scaled
        Values computed on rescaled scores (infinite entries stay infinite:
        they are declared results such as a one-sided interval's open end).
    scale
        The factor back to score units (a power of two, or its square).
    what
        The quantity, named in the message.
    underflow
        Also refuse a non-zero value that becomes 0 (for sums of squares,
        where 0 means "no variation").
    """
    values = np.asarray(scaled, dtype=float)
    with np.errstate(over="ignore", under="ignore"):
        out = np.asarray(values * scale, dtype=float)
    finite = np.isfinite(values)
    bad = finite & ~np.isfinite(out)
    direction = "overflows"
    if underflow and not bad.any():
        bad = finite & (values != 0) & (out == 0)
        direction = "underflows to 0"
    if bad.any():
        raise ScoreRangeError(
            f"scores: {what} {direction} in floating point at this magnitude of scores; "
            "divide (or multiply) the scores by a constant first: the p-values, statistics "
            "and effect sizes do not change"
        )
    return out


def exact_sums(weights: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``weights (c, T) @ values (T, P)`` with the same bits whatever the summation order.

    ``weights`` must hold small integers (bootstrap counts, signs, ones).
    Each column of ``values`` is divided by a power of two (largest
    magnitude in ``[1, 2)``) and split into two parts on fixed binary grids,
    ``2^-m`` and ``2^-2m`` with ``m = 51 - ceil(log2(L + 1))``, ``L`` the
    largest row sum of ``|weights|``: every product and every partial sum of
    either part is then a multiple of its grid below ``2^53`` times the
    grid, hence exact, so a BLAS product computes both sums *exactly* in any
    order (threads, kernels, the number of other columns).  The result is
    the correctly rounded sum of the two exact parts; what is dropped (below
    ``2^-2m`` of a column's largest value per entry) is far below the
    rounding of the result.  A pair's resampled sums therefore do not depend
    on the other systems of the call, on the chunk size or on the BLAS library.
    """
    largest = float(np.abs(weights).sum(axis=1).max(initial=0.0))
    grid = 51 - int(np.ceil(np.log2(largest + 1.0)))
    scale = power_of_two_scale(np.abs(values).max(axis=0, initial=0.0))
    unit = values / scale
    high = np.ldexp(np.rint(np.ldexp(unit, grid)), -grid)
    low = np.ldexp(np.rint(np.ldexp(unit - high, 2 * grid)), -2 * grid)
    return np.asarray((weights @ high + weights @ low) * scale)


def column_sums(values: np.ndarray) -> np.ndarray:
    """Column sums of ``values (T, P)``, order-independent (see :func:`exact_sums`)."""
    return exact_sums(np.ones((1, values.shape[0])), values)[0]
