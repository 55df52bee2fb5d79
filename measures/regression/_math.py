"""Vectorised kernels of the regression measures.

Every kernel takes ``y`` (true values), ``p`` (predictions) and ``w``
(sample weights), float arrays broadcasting to ``(..., n)``, already
validated by :mod:`axiometrics.measures.regression.family` (finite values,
finite non-negative weights with a positive sum, at least one item), and
returns ``(scores, undefined)`` of the batch shape.

Two devices keep every kernel finite and free of floating-point warnings
on the whole float64 range:

* values are scaled by a power of two per row (exactly, barring values
  more than 2**1000 times smaller than the row's largest, which do not
  change the result) so that the row's largest magnitude lies in
  ``[0.5, 1)``; errors, squares and sums then never overflow, and a result
  of a given degree is scaled back with :func:`numpy.ldexp`;
* a result that is not representable (it overflows float64, e.g. the mean
  squared error of errors near 1e300) is marked undefined, never returned
  as ``inf``.

Weights are scaled the same way (their largest is in ``[0.5, 1)``): sums
of weights never overflow, and a weighted mean does not depend on it.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "Result",
    "concordance",
    "constant",
    "d2_absolute",
    "explained_variance",
    "kendall_tau_b",
    "max_abs_error",
    "mean_abs_error",
    "mean_abs_percentage_error",
    "mean_squared",
    "mean_squared_log",
    "median_abs_error",
    "pearson",
    "r2",
    "root_mean_squared",
    "spearman",
    "weighted_median",
]

#: ``(scores, undefined)`` of the batch shape.
Result = tuple[np.ndarray, np.ndarray]

#: Largest number of items for which Kendall's tau is counted over all pairs at once
#: (beyond it, row by row with :func:`scipy.stats.kendalltau`, in O(n log n)).
PAIRWISE_MAX_ITEMS = 2048


def _broadcast(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple(np.broadcast_arrays(np.asarray(y, float), np.asarray(p, float), np.asarray(w)))


def _exponent(x: np.ndarray, live: np.ndarray) -> np.ndarray:
    """Per row, the ``k`` with the largest ``|x|`` of positive weight in ``[2**(k-1), 2**k)``."""
    top = np.max(np.where(live, np.abs(x), 0.0), axis=-1)
    _, k = np.frexp(top)
    return np.where(top > 0, k, 0)[..., None]


def _unit(w: np.ndarray) -> np.ndarray:
    """Weights scaled by a power of two so that the largest lies in ``[0.5, 1)``."""
    return np.ldexp(w, -_exponent(w, w > 0))


def _mean(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.sum(w * x, axis=-1) / np.sum(w, axis=-1)


def constant(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Whether every item of positive weight has the same value (per row)."""
    live = w > 0
    high = np.max(np.where(live, x, -np.inf), axis=-1)
    low = np.min(np.where(live, x, np.inf), axis=-1)
    return np.asarray(high == low)


def _finish(scores: np.ndarray, undefined: np.ndarray) -> Result:
    """Mark non-finite scores undefined (they overflow float64) and fill them with 0."""
    bad = np.asarray(undefined | ~np.isfinite(scores))
    return np.where(bad, 0.0, scores), bad


def _difference(x: np.ndarray, base: np.ndarray, live: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(x - base) / 2**k`` with the largest of positive weight in ``[0.5, 1)``, and ``k``.

    The difference is the float64 one (``x - base`` rounded once), scaled
    exactly; where it overflows, ``x / 2 - base / 2`` is taken instead.
    Squares and sums of the result never overflow, and errors far below the
    largest one underflow only where they cannot change the result.
    """
    d = x - base
    halved = ~np.all(np.isfinite(d) | ~live, axis=-1, keepdims=True)
    d = np.where(live, np.where(halved, x * 0.5 - base * 0.5, d), 0.0)
    k = _exponent(d, live)
    return np.ldexp(d, -k), (k + halved)[..., 0]


def _spread(x: np.ndarray, live: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_difference` from the row's first value of positive weight.

    Centring on an item of the row first keeps every later mean well
    conditioned (nearly tied values differ exactly), and makes the result
    depend on the differences between the values only: an exact common
    shift changes no bit of it.
    """
    first = np.argmax(live, axis=-1)[..., None]
    return _difference(x, np.take_along_axis(x, first, axis=-1), live)


def _centred(d: np.ndarray, u: np.ndarray) -> np.ndarray:
    return np.where(u > 0, d - _mean(d, u)[..., None], 0.0)


def _errors(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, ...]:
    """Scaled errors, their exponent ``k`` per row and the scaled weights."""
    e, k = _difference(y, p, w > 0)
    return e, k, _unit(w)


def weighted_median(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The weighted median of each row, scikit-learn's ``_weighted_percentile(average=True)``.

    With the items sorted by value and ``F`` the cumulative weight, the
    median is the first value whose ``F`` reaches half the total weight;
    when ``F`` equals that half exactly, the mean of that value and the next
    one of positive weight.  With unit weights this is :func:`numpy.median`.
    """
    order = np.argsort(x, axis=-1, kind="stable")
    xs = np.take_along_axis(x, order, axis=-1)
    cdf = np.cumsum(np.take_along_axis(w, order, axis=-1), axis=-1)
    half = cdf[..., -1:] * 0.5
    last = x.shape[-1] - 1
    lower = np.minimum(np.sum(cdf < half, axis=-1, keepdims=True), last)
    upper = np.minimum(np.sum(cdf <= half, axis=-1, keepdims=True), last)
    a = np.take_along_axis(xs, lower, axis=-1)[..., 0]
    b = np.take_along_axis(xs, upper, axis=-1)[..., 0]
    at_half = np.take_along_axis(cdf, lower, axis=-1)[..., 0] == half[..., 0]
    return np.where(at_half, a * 0.5 + b * 0.5, a)


# -- errors ---------------------------------------------------------------------------------


def mean_squared(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Weighted mean of the squared errors."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, k, u = _errors(y, p, w)
        value = np.ldexp(_mean(e * e, u), 2 * k)
    return _finish(value, np.zeros(value.shape, bool))


def root_mean_squared(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Square root of the weighted mean of the squared errors."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, k, u = _errors(y, p, w)
        value = np.ldexp(np.sqrt(_mean(e * e, u)), k)
    return _finish(value, np.zeros(value.shape, bool))


def mean_abs_error(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Weighted mean of the absolute errors."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, k, u = _errors(y, p, w)
        value = np.ldexp(_mean(np.abs(e), u), k)
    return _finish(value, np.zeros(value.shape, bool))


def median_abs_error(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Weighted median of the absolute errors."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, k, u = _errors(y, p, w)
        value = np.ldexp(weighted_median(np.abs(e), u), k)
    return _finish(value, np.zeros(value.shape, bool))


def max_abs_error(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Largest absolute error (unit weights only: checked by the caller)."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, k, _ = _errors(y, p, w)
        value = np.ldexp(np.max(np.abs(e), axis=-1), k)
    return _finish(value, np.zeros(value.shape, bool))


def mean_abs_percentage_error(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Weighted mean of ``|y - p| / |y|``; undefined when a weighted ``y`` is 0."""
    y, p, w = _broadcast(y, p, w)
    live = w > 0
    zero = np.any(live & (y == 0), axis=-1)
    with np.errstate(all="ignore"):
        safe = np.where(y == 0, 1.0, y)
        d = np.abs(p - y)
        # |p - y| overflows only for opposite signs near the largest float: the
        # ratio is then |p / y - 1|, which has no cancellation there.
        ratio = np.where(np.isfinite(d), d / np.abs(safe), np.abs(p / safe - 1.0))
        ratio = np.where(live & (y != 0), ratio, 0.0)
        value = _mean(ratio, _unit(w))
    return _finish(value, zero)


def mean_squared_log(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Weighted mean of ``(log(1 + y) - log(1 + p))**2``; undefined when a value is <= -1."""
    y, p, w = _broadcast(y, p, w)
    live = w > 0
    outside = np.any(live & ((y <= -1) | (p <= -1)), axis=-1)
    with np.errstate(all="ignore"):
        ly = np.log1p(np.where(y > -1, y, 0.0))
        lp = np.log1p(np.where(p > -1, p, 0.0))
        e = np.where(live, ly - lp, 0.0)
        value = _mean(e * e, _unit(w))
    return _finish(value, outside)


# -- explained fractions ----------------------------------------------------------------------


def r2(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """``1 - sum w (y - p)^2 / sum w (y - mean_w y)^2``; undefined for a constant ``y``."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, ke, u = _errors(y, p, w)
        d, ky = _spread(y, w > 0)
        c = _centred(d, u)
        ratio = np.sum(u * e * e, axis=-1) / np.sum(u * c * c, axis=-1)
        value = 1.0 - np.ldexp(ratio, 2 * (ke - ky))
    return _finish(value, constant(y, w))


def explained_variance(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """``1 - Var_w(y - p) / Var_w(y)``; undefined for a constant ``y``."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, ke, u = _errors(y, p, w)
        d, ky = _spread(y, w > 0)
        ec, yc = _centred(e, u), _centred(d, u)
        value = 1.0 - np.ldexp(_mean(ec * ec, u) / _mean(yc * yc, u), 2 * (ke - ky))
    return _finish(value, constant(y, w))


def d2_absolute(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """``1 - sum w |y - p| / sum w |y - median_w y|``; undefined for a constant ``y``."""
    y, p, w = _broadcast(y, p, w)
    with np.errstate(all="ignore"):
        e, ke, u = _errors(y, p, w)
        d, ky = _spread(y, w > 0)
        median = weighted_median(d, u)[..., None]
        ratio = _mean(0.5 * np.abs(e), u) / _mean(0.5 * np.abs(d - median), u)
        value = 1.0 - np.ldexp(ratio, ke - ky)
    return _finish(value, constant(y, w))


# -- correlations -----------------------------------------------------------------------------


def _normalised(x: np.ndarray) -> np.ndarray:
    """``x`` centred and divided by its norm (rows of a constant ``x`` give NaN, masked later)."""
    d, _ = _spread(x, np.ones(x.shape, bool))
    centred = d - np.mean(d, axis=-1, keepdims=True)
    return centred / np.linalg.norm(centred, axis=-1, keepdims=True)


def pearson(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Pearson's r (unit weights); undefined when either vector is constant."""
    y, p, w = _broadcast(y, p, w)
    undefined = constant(y, w) | constant(p, w)
    with np.errstate(all="ignore"):
        value = np.clip(np.sum(_normalised(y) * _normalised(p), axis=-1), -1.0, 1.0)
    return _finish(value, undefined)


def spearman(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Spearman's rho: Pearson's r of the average ranks (unit weights)."""
    # Imported here: scipy.stats takes about a second to import, and loading the
    # registered measures must not pay it.
    from scipy.stats import rankdata

    y, p, w = _broadcast(y, p, w)
    return pearson(rankdata(y, axis=-1), rankdata(p, axis=-1), w)


def _sign_pairs(x: np.ndarray) -> np.ndarray:
    """``sign(x_i - x_j)`` for every pair, by comparison (no subtraction, no overflow)."""
    a, b = x[..., :, None], x[..., None, :]
    return (a > b).astype(np.int64) - (a < b).astype(np.int64)


def _tau_b_pairwise(y: np.ndarray, p: np.ndarray) -> np.ndarray:
    sy, sp = _sign_pairs(y), _sign_pairs(p)
    # Every unordered pair is counted twice: halve the sums.
    s = np.sum(sy * sp, axis=(-2, -1)) // 2
    untied_y = np.sum(sy != 0, axis=(-2, -1)) // 2
    untied_p = np.sum(sp != 0, axis=(-2, -1)) // 2
    with np.errstate(all="ignore"):
        tau = s / np.sqrt(untied_y.astype(float)) / np.sqrt(untied_p.astype(float))
    return np.asarray(np.clip(tau, -1.0, 1.0))


def _tau_b_rows(y: np.ndarray, p: np.ndarray) -> np.ndarray:
    from scipy.stats import kendalltau

    flat_y = y.reshape(-1, y.shape[-1])
    flat_p = p.reshape(-1, p.shape[-1])
    out = np.empty(flat_y.shape[0])
    for i in range(out.size):
        out[i] = kendalltau(flat_y[i], flat_p[i]).statistic
    return out.reshape(y.shape[:-1])


def kendall_tau_b(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Kendall's tau-b (unit weights); undefined when either vector is constant."""
    y, p, w = _broadcast(y, p, w)
    undefined = constant(y, w) | constant(p, w)
    if y.shape[-1] <= PAIRWISE_MAX_ITEMS:
        value = _tau_b_pairwise(y, p)
    else:
        with np.errstate(all="ignore"):
            value = _tau_b_rows(y, p)
    return _finish(value, undefined)


def concordance(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Result:
    """Lin's concordance correlation, weighted moments; undefined when ``y == p`` is constant."""
    y, p, w = _broadcast(y, p, w)
    live = w > 0
    # 0 / 0 only when both vectors are the same constant.
    undefined = constant(y, w) & np.all(~live | (y == p), axis=-1)
    with np.errstate(all="ignore"):
        e, ke, u = _errors(y, p, w)
        dy, ky = _spread(y, live)
        dp, kp = _spread(p, live)
        yc, pc = _centred(dy, u), _centred(dp, u)
        top = np.maximum(np.maximum(ky, kp), ke)
        shift = _mean(e, u)
        covariance = np.ldexp(_mean(yc * pc, u), ky + kp - 2 * top)
        total = (
            np.ldexp(_mean(yc * yc, u), 2 * (ky - top))
            + np.ldexp(_mean(pc * pc, u), 2 * (kp - top))
            + np.ldexp(shift * shift, 2 * (ke - top))
        )
        value = np.clip(2.0 * covariance / total, -1.0, 1.0)
    return _finish(value, undefined)
