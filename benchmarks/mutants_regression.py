"""Mutants and controls of the ``regression`` family: ``(y_true, y_pred, sample_weight)`` vectors.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites; this one holds plausible bugs
of regression measures (the mean squared, absolute and percentage errors,
the squared log error, the maximum error, R², Pearson's r, Spearman's rho,
Kendall's tau-b and the concordance correlation), each with the claim of
the family it breaks (one the correct measure satisfies), the corner of the
claim's domain where it shows and a hand-made proof built with the family's
own case builders (:mod:`axiometrics.measures.regression.cases`), so a proof
has the entries, names and ``info`` of a case the checker draws.  The
controls are correct measures, some computed in a float-noise-prone way
(two-pass moments, ``np.corrcoef``, SciPy's ``rankdata``, a relative noise
below the tolerance), that the checker must never refute.

The corners are those of the claims' domains (``docs/families/regression.md``,
"What the checker draws"): one item and more than 100 items, ties, the
largest floats, values near 1e-100 whose squares underflow, true values
below the machine epsilon, -1 (the squared log error's edge), shifts of
1000 and 2**40, factors of 2**30, predictions past 1e6 or 2**24 (float32),
subnormal and huge monotone images, zero, real and integer weights, and an
outlier one unit past the others.

``scale_homogeneity`` is checked at the degree a mutant or control declares
through its ``preconditions`` (``degree_1`` for the absolute errors,
``degree_2`` for the squared ones; none: degree 0, the scale-free measures
MAPE, R² and the correlations), as a registered measure declares it.

:func:`compute_for` gives the compute function of each mutant, which takes
``(y_true, y_pred, sample_weight)`` exactly as a registered measure does;
a NaN or infinite result is declared undefined (as the family's measures
declare an overflowing value), so the equality claims skip it and
``well_defined`` counts it against the measure.  Measures without a
weighted form refuse weights other than all ones, and the correlations
refuse a constant vector, with :class:`~axiometrics.errors.InvalidInputError`
(the input is then outside the claim).  The formulas come from the
literature; the code is written for this suite.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from scipy.stats import rankdata

from axiometrics.checker.cases import Case
from axiometrics.errors import InvalidInputError, UndefinedMeasureError
from axiometrics.measures.regression.cases import (
    MAPS,
    affine_case,
    error_case,
    identity_case,
    influence_case,
    monotone_case,
    order_case,
    scale_case,
    symmetry_case,
    translation_case,
    weight_case,
    well_defined_case,
)
from axiometrics.measures.regression.procedures import (
    GAPS,
    SCALE_FACTORS,
    SHIFTS,
    STEPS,
    WEIGHT_FACTORS,
)
from axiometrics.registry import default_registry

__all__ = [
    "FAMILIES",
    "compute_for",
    "family_controls",
    "family_mutants",
    "random_case",
]

# Loading the default registry loads the plugins, which register the family's claims.
default_registry()

#: The family of this module (its callables are wrapped by ``mutants.subject_of``).
FAMILIES = ("regression",)

_MAX = float(np.finfo(float).max)
_EPS = float(np.finfo(float).eps)


def compute_for(fn: Callable[..., float]) -> Callable[..., float]:
    """The compute function of a mutant or control ``fn`` (which takes ``(y, p, w)``).

    NaN and infinite results are declared undefined (``UndefinedMeasureError``).
    """

    def compute(
        y_true: np.ndarray, y_pred: np.ndarray, sample_weight: np.ndarray, *, values: np.ndarray
    ) -> float:
        y, p, w = _arrays(y_true, y_pred, sample_weight)
        with np.errstate(all="ignore"):
            score = float(fn(y, p, w))
        if not math.isfinite(score):
            raise UndefinedMeasureError(f"the score is {score!r} (NaN or beyond float64)")
        return score

    return compute


# -- correct building blocks ------------------------------------------------------------------


def _arrays(y: Any, p: Any, w: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (
        np.asarray(y, dtype=float),
        np.asarray(p, dtype=float),
        np.asarray(w, dtype=float),
    )


def _unweighted(w: np.ndarray) -> None:
    """Refuse weights other than all ones (a measure without a weighted form)."""
    if np.any(w != 1.0):
        raise InvalidInputError(
            f"sample_weight from {float(np.min(w))!r} to {float(np.max(w))!r}: expected all ones "
            "(no weighted form)"
        )


def _varying(**vectors: np.ndarray) -> None:
    """Refuse a constant vector (a correlation's standard deviation would be 0)."""
    for name, x in vectors.items():
        if np.all(x == x[0]):
            raise InvalidInputError(f"{name}={x!r}: expected a non-constant vector")


def _power_of_two(*xs: np.ndarray) -> float:
    """The power of two at or below the largest magnitude (1 for all zeros): an exact divisor."""
    top = max(float(np.max(np.abs(x))) for x in xs)
    return 1.0 if top == 0.0 else math.ldexp(1.0, math.frexp(top)[1] - 1)


def _mean(x: np.ndarray, w: np.ndarray) -> float:
    return float(np.sum(w * x) / np.sum(w))


def _mse(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted mean squared error."""
    e = y - p
    return float(np.sum(w * e * e) / np.sum(w))


def _mae(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted mean absolute error."""
    return float(np.sum(w * np.abs(y - p)) / np.sum(w))


def _float32(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple(a.astype(np.float32) for a in arrays)


def _mae_float32_accumulation(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAE computed in float32 throughout (a tensor library's default dtype)."""
    y32, p32, w32 = _float32(y, p, w)
    return float(np.sum(w32 * np.abs(y32 - p32)) / np.sum(w32))


def _mse_float32_accumulation(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MSE computed in float32 throughout (a tensor library's default dtype)."""
    y32, p32, w32 = _float32(y, p, w)
    e = y32 - p32
    return float(np.sum(w32 * e * e) / np.sum(w32))


def _mae_rounded_6(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAE rounded to 6 decimals (for display) before it is returned."""
    return round(_mae(y, p, w), 6)


def _mse_clipped(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MSE clipped at 1e12 ("to avoid overflow")."""
    return min(_mse(y, p, w), 1e12)


def _mape(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted mean absolute percentage error (a zero true value: NaN or inf, undefined).

    Each ratio is taken before its weight multiplies it: a tiny weight times a
    subnormal error would underflow to 0.
    """
    return float(np.sum(w * (np.abs(y - p) / np.abs(y))) / np.sum(w))


def _r2(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted R², two-pass, on values divided by a common power of two (no overflow)."""
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    e = ys - ps
    d = ys - _mean(ys, w)
    return float(1.0 - np.sum(w * e * e) / np.sum(w * d * d))


def _msle(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted mean squared log error; values <= -1 are refused, as scikit-learn does."""
    if np.any(y <= -1.0) or np.any(p <= -1.0):
        raise InvalidInputError(f"y_true={y!r}, y_pred={p!r}: expected values above -1")
    d = np.log1p(y) - np.log1p(p)
    return float(np.sum(w * d * d) / np.sum(w))


def _max_error(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """The largest absolute error (no weighted form)."""
    _unweighted(w)
    return float(np.max(np.abs(y - p)))


def _pearson_of(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson's r of two vectors of moderate magnitude, clipped to [-1, 1]."""
    da, db = a - a.mean(), b - b.mean()
    r = np.sum(da * db) / (np.sqrt(np.sum(da * da)) * np.sqrt(np.sum(db * db)))
    return float(np.clip(r, -1.0, 1.0))


def _pearson(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r, each vector first divided by its own power of two (no overflow)."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(y / _power_of_two(y), p / _power_of_two(p))


def _average_ranks(x: np.ndarray) -> np.ndarray:
    """Ranks from 1, tied values sharing the mean of their ranks."""
    _, inverse, sizes = np.unique(x, return_inverse=True, return_counts=True)
    start = np.cumsum(sizes) - sizes
    return (start + (sizes + 1) / 2.0)[inverse.ravel()]


def _spearman(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho: Pearson's r of the average ranks."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(_average_ranks(y), _average_ranks(p))


def _signs(x: np.ndarray) -> np.ndarray:
    """The sign of ``x_i - x_j`` for every pair (comparisons: no overflowing difference)."""
    return (x[:, None] > x[None, :]).astype(float) - (x[:, None] < x[None, :])


def _kendall(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b: concordant minus discordant pairs over the tie-corrected pair counts."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    sy, sp = _signs(y), _signs(p)
    return float(np.sum(sy * sp) / math.sqrt(float(np.sum(sy * sy)) * float(np.sum(sp * sp))))


def _ccc(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Lin's concordance correlation (population moments), weighted, on rescaled values."""
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    my, mp = _mean(ys, w), _mean(ps, w)
    dy, dp = ys - my, ps - mp
    cov = np.float64(_mean(dy * dp, w))  # NumPy division: 0 / 0 is NaN (undefined), not a crash
    return float(2.0 * cov / (_mean(dy * dy, w) + _mean(dp * dp, w) + (my - mp) ** 2))


# -- controls computed another way ------------------------------------------------------------


def _pearson_corrcoef(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r by ``np.corrcoef`` of the rescaled vectors (another rounding)."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    r = np.corrcoef(y / _power_of_two(y), p / _power_of_two(p))[0, 1]
    return float(np.clip(r, -1.0, 1.0))


def _spearman_rankdata(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho from SciPy's ``rankdata`` (average method) and ``np.corrcoef``."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    r = np.corrcoef(rankdata(y), rankdata(p))[0, 1]
    return float(np.clip(r, -1.0, 1.0))


def _r2_np_var(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """R² as 1 - MSE / variance, the variance by ``np.average`` around the weighted mean."""
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    variance = np.average((ys - np.average(ys, weights=w)) ** 2, weights=w)
    return float(1.0 - np.average((ys - ps) ** 2, weights=w) / variance)


def _mae_noisy(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAE times ``1 + 2e-12 sin(...)`` of a seed symmetric in y and p: noise below tolerance."""
    seed = float(np.sum(np.arctan(y) + np.arctan(p)))
    return _mae(y, p, w) * (1.0 + 2e-12 * math.sin(12.9898 * seed))


# -- mutants: symmetry ---------------------------------------------------------------------------


def _max_error_signed(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Maximum error as max(y - p): the absolute value forgotten."""
    _unweighted(w)
    return float(np.max(y - p))


def _ordinal_ranks(x: np.ndarray) -> np.ndarray:
    """Ranks from 1 by a stable argsort: tied values ranked by position."""
    return np.argsort(np.argsort(x, kind="stable"), kind="stable") + 1.0


def _spearman_mixed_rankers(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho with average ranks for y_true but ordinal ranks for y_pred."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(_average_ranks(y), _ordinal_ranks(p))


def _ccc_mixed_ddof(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """CCC with the variance of y_true over n but that of y_pred over n - 1."""
    _unweighted(w)
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    cov = np.mean((ys - ys.mean()) * (ps - ps.mean()))
    return float(2.0 * cov / (np.var(ys) + np.var(ps, ddof=1) + (ys.mean() - ps.mean()) ** 2))


def _kendall_y_ties_twice(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b whose denominator uses the tie correction of y_true for both vectors."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    sy, sp = _signs(y), _signs(p)
    return float(np.sum(sy * sp) / float(np.sum(sy * sy)))


# -- mutants: item order -------------------------------------------------------------------------


def _spearman_ordinal_ranks(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho of argsort-of-argsort ranks: ties ranked by position."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(_ordinal_ranks(y), _ordinal_ranks(p))


def _mse_mean_of_batches(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MSE averaged over consecutive batches of 100 items (a streaming mean of means)."""
    cuts = np.arange(0, y.size, 100)
    e2 = w * (y - p) ** 2
    sums, weights = np.add.reduceat(e2, cuts), np.add.reduceat(w, cuts)
    live = weights > 0
    return float(np.mean(sums[live] / weights[live]))


def _kendall_position_ties(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b counting pairs after a stable sort by y_true, ties in y_true by position."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    q = p[np.argsort(y, kind="stable")]
    later = np.triu(np.ones((q.size, q.size), dtype=bool), 1)
    s = int(np.sum(_signs(q)[later] < 0)) - int(np.sum(_signs(q)[later] > 0))
    sy, sp = _signs(y), _signs(p)
    return float(2.0 * s / math.sqrt(float(np.sum(sy * sy)) * float(np.sum(sp * sp))))


# -- mutants: identity ---------------------------------------------------------------------------


def _mae_rounded_predictions(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAE of the predictions rounded to integers (predictions assumed counts)."""
    return _mae(y, np.round(p), w)


def _mean_error_as_rmse(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """'RMSE' computed as the absolute mean error, sqrt(mean(y - p) ** 2): errors cancel."""
    return math.sqrt(_mean(y - p, w) ** 2)


def _ccc_as_pearson(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """'Concordance' returning Pearson's r: the location and scale shift terms forgotten."""
    return _pearson(y, p, w)


def _r2_squared_correlation(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """R² as the squared Pearson correlation (true only for a least-squares fit)."""
    return _pearson(y, p, w) ** 2


# -- mutants: well-definedness -------------------------------------------------------------------


def _pearson_naive_moments(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r on the raw values: the mean and the squares overflow near the largest float."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    dy, dp = y - y.mean(), p - p.mean()
    return float(np.sum(dy * dp) / (np.sqrt(np.sum(dy * dy)) * np.sqrt(np.sum(dp * dp))))


def _pearson_product_underflow(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r dividing by sqrt(sxx * syy): the product underflows to 0 for tiny values."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    dy, dp = y - y.mean(), p - p.mean()
    return float(np.sum(dy * dp) / np.sqrt(np.sum(dy * dy) * np.sum(dp * dp)))


def _msle_refusing_below_minus_one(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MSLE refusing values below -1 only: -1 itself reaches log(0)."""
    if np.any(y < -1.0) or np.any(p < -1.0):
        raise InvalidInputError(f"y_true={y!r}, y_pred={p!r}: expected values of at least -1")
    d = np.log1p(y) - np.log1p(p)
    return float(np.sum(w * d * d) / np.sum(w))


# -- mutants: translation invariance -------------------------------------------------------------


def _r2_uncentred(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """R² with the total sum of squares about 0 (regression through the origin's formula)."""
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    return float(1.0 - np.sum(w * (ys - ps) ** 2) / np.sum(w * ys * ys))


def _mse_float32_values(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MSE of the values cast to float32 first (a cast meant to save memory)."""
    return _mse(y.astype(np.float32).astype(float), p.astype(np.float32).astype(float), w)


def _pearson_one_pass(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r from one-pass moments, mean(xy) - mean(x) mean(y): cancellation at offsets."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    cov = np.mean(y * p) - y.mean() * p.mean()
    vy, vp = np.mean(y * y) - y.mean() ** 2, np.mean(p * p) - p.mean() ** 2
    return float(cov / math.sqrt(vy * vp)) if vy * vp > 0 else math.nan


# -- mutants: scale homogeneity (degree 0) -------------------------------------------------------


def _mape_eps_floor(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAPE dividing by max(|y|, machine epsilon): true values below eps read as eps."""
    return float(np.sum(w * np.abs(y - p) / np.maximum(np.abs(y), _EPS)) / np.sum(w))


def _r2_epsilon_denominator(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """R² with 1e-12 added to the total sum of squares (a guard against division by zero)."""
    d = y - _mean(y, w)
    return float(1.0 - np.sum(w * (y - p) ** 2) / (np.sum(w * d * d) + 1e-12))


def _isclose_ranks(x: np.ndarray) -> np.ndarray:
    """Average ranks with ties found by ``np.isclose`` between sorted neighbours."""
    order = np.argsort(x, kind="stable")
    ordered = x[order]
    new_group = np.r_[True, ~np.isclose(ordered[1:], ordered[:-1])]
    groups = np.empty(x.size)
    groups[order] = np.cumsum(new_group)
    return _average_ranks(groups)


def _spearman_isclose_ties(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho with ties found by np.isclose (rtol 1e-5, atol 1e-8)."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(_isclose_ranks(y), _isclose_ranks(p))


# -- mutants: prediction affine invariance -------------------------------------------------------


def _pearson_clipped_predictions(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r of the predictions clipped to [-1e6, 1e6] (outliers 'tamed')."""
    return _pearson(y, np.clip(p, -1e6, 1e6), w)


def _pearson_float32(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Pearson's r of the vectors cast to float32."""
    return _pearson(y.astype(np.float32).astype(float), p.astype(np.float32).astype(float), w)


def _spearman_rounded_predictions(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho of the predictions rounded to 6 decimals (meant to merge float noise)."""
    return _spearman(y, np.round(p, 6), w)


# -- mutants: prediction monotone invariance -----------------------------------------------------


def _spearman_float32_ranks(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Spearman's rho of the vectors cast to float32 before ranking."""
    return _spearman(y.astype(np.float32).astype(float), p.astype(np.float32).astype(float), w)


def _kendall_isclose_ties(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b with ties found by np.isclose (rtol 1e-5, atol 1e-8)."""
    return _kendall(_isclose_ranks(y), _isclose_ranks(p), w)


def _kendall_gap_ties(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b counting a pair as tied when its values differ by at most 1e-12."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    with np.errstate(over="ignore"):
        gy, gp = y[:, None] - y[None, :], p[:, None] - p[None, :]
    sy = np.where(np.abs(gy) <= 1e-12, 0.0, np.sign(gy))
    sp = np.where(np.abs(gp) <= 1e-12, 0.0, np.sign(gp))
    return float(np.sum(sy * sp) / math.sqrt(float(np.sum(sy * sy)) * float(np.sum(sp * sp))))


# -- mutants: error monotonicity -----------------------------------------------------------------


def _mae_trimmed(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """A 'robust' MAE that drops the largest absolute error."""
    _unweighted(w)
    return float(np.mean(np.sort(np.abs(y - p))[:-1]))


def _r2_clipped_at_zero(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """R² reported as 0 when negative (the 'no worse than the mean' convention)."""
    return max(_r2(y, p, w), 0.0)


def _mape_capped(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """MAPE with every relative error capped at 1 (100 %)."""
    return float(np.sum(w * np.minimum(np.abs(y - p) / np.abs(y), 1.0)) / np.sum(w))


# -- mutants: weight semantics -------------------------------------------------------------------


def _mse_weights_minus_one(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted MSE over sum(w) - 1 (a sample-variance habit)."""
    return float(np.sum(w * (y - p) ** 2) / (np.sum(w) - 1.0))


def _mae_over_n(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted MAE normalised by the number of items instead of the sum of the weights."""
    return float(np.sum(w * np.abs(y - p)) / y.size)


def _mse_integer_weights(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted MSE with the weights truncated to integers (a count array)."""
    return _mse(y, p, np.trunc(w))


def _mae_zero_weight_as_one(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted MAE reading a zero weight as a missing one, defaulting to 1."""
    return _mae(y, p, np.where(w == 0.0, 1.0, w))


def _r2_unweighted_mean(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Weighted R² whose total sum of squares is taken about the unweighted mean of y_true."""
    s = _power_of_two(y, p)
    ys, ps = y / s, p / s
    d = ys - ys.mean()
    return float(1.0 - np.sum(w * (ys - ps) ** 2) / np.sum(w * d * d))


# -- mutants: bounded influence ------------------------------------------------------------------


def _spearman_raw_predictions(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """'Spearman' correlating the ranks of y_true with the raw predictions (unranked)."""
    _unweighted(w)
    _varying(y_true=y, y_pred=p)
    return _pearson_of(_average_ranks(y), p / _power_of_two(p))


def _kendall_float32(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """Kendall's tau-b of the vectors cast to float32."""
    return _kendall(y.astype(np.float32).astype(float), p.astype(np.float32).astype(float), w)


def _spearman_binned_predictions(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """'Spearman' ranking the predictions by 100 equal-width bins of their range (a histogram)."""
    low, high = float(p.min()), float(p.max())
    step = high / 200 - low / 200  # half a bin width: no overflowing range
    bins = np.floor((p / 2 - low / 2) / step) if step > 0 else np.zeros(p.size)
    return _spearman(y, np.minimum(bins, 99.0), w)


# -- proofs --------------------------------------------------------------------------------------


def _v(*values: float) -> np.ndarray:
    return np.asarray(values, dtype=float)


def _ones(n: int) -> np.ndarray:
    return np.ones(n)


def _batches_witness() -> Case:
    """101 items with one error, last; moved to the front it joins the first batch of 100."""
    y = np.zeros(101)
    p = np.zeros(101)
    p[100] = 1.0
    order = np.r_[100, np.arange(100)]
    return order_case(y, p, _ones(101), order, "the last item first")


def family_mutants(mutant: type[Any]) -> list[Any]:
    """The regression mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import
    fit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    loss: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    r = "regression"
    y3, p3 = _v(0, 1, 2), _v(0, 0, 1)
    return [
        # symmetry
        Mutant(
            "max_error_signed",
            "symmetry",
            r,
            _max_error_signed,
            "max(y - p) instead of max |y - p|",
            "a prediction above its true value",
            symmetry_case(_v(0), _v(1), _ones(1)),
            **loss,
        ),
        Mutant(
            "spearman_mixed_rankers",
            "symmetry",
            r,
            _spearman_mixed_rankers,
            "average ranks for y_true, ordinal ranks for y_pred",
            "tied predictions",
            symmetry_case(y3, p3, _ones(3)),
            **fit,
        ),
        Mutant(
            "ccc_mixed_ddof",
            "symmetry",
            r,
            _ccc_mixed_ddof,
            "variance of y_true over n, of y_pred over n - 1",
            "y_true and y_pred of different spreads",
            symmetry_case(_v(0, 1), _v(0, 2), _ones(2)),
            **fit,
        ),
        Mutant(
            "kendall_y_ties_twice",
            "symmetry",
            r,
            _kendall_y_ties_twice,
            "the tau-b denominator uses the ties of y_true for both vectors",
            "ties in one vector only",
            symmetry_case(_v(0, 0, 1), y3, _ones(3)),
            **fit,
        ),
        # item order invariance
        Mutant(
            "spearman_ordinal_ranks",
            "item_order_invariance",
            r,
            _spearman_ordinal_ranks,
            "argsort-of-argsort ranks: ties ranked by position",
            "tied predictions",
            order_case(y3, p3, _ones(3), np.array([1, 0, 2]), "[1, 0, 2]"),
            **fit,
        ),
        Mutant(
            "mse_mean_of_batches",
            "item_order_invariance",
            r,
            _mse_mean_of_batches,
            "MSE averaged over consecutive batches of 100 items",
            "more than 100 items",
            _batches_witness(),
            **loss,
        ),
        Mutant(
            "kendall_position_ties",
            "item_order_invariance",
            r,
            _kendall_position_ties,
            "pairs counted after a stable sort by y_true: its ties broken by position",
            "tied true values",
            order_case(_v(0, 0, 1), y3, _ones(3), np.array([1, 0, 2]), "[1, 0, 2]"),
            **fit,
        ),
        # identity
        Mutant(
            "mae_rounded_predictions",
            "identity",
            r,
            _mae_rounded_predictions,
            "predictions rounded to integers before the errors",
            "errors below 1/2 (multiples of 1/8)",
            identity_case(_v(0), _v(0.125), _ones(1)),
            **loss,
        ),
        Mutant(
            "mean_error_as_rmse",
            "identity",
            r,
            _mean_error_as_rmse,
            "the absolute mean error sqrt(mean(y - p) ** 2) reported as RMSE",
            "errors of both signs that cancel",
            identity_case(_v(0, 0), _v(1, -1), _ones(2)),
            **loss,
        ),
        Mutant(
            "ccc_as_pearson",
            "identity",
            r,
            _ccc_as_pearson,
            "the concordance correlation returning Pearson's r",
            "predictions shifted from the truth",
            identity_case(_v(0, 1), _v(1, 2), _ones(2)),
            **fit,
        ),
        Mutant(
            "r2_squared_correlation",
            "identity",
            r,
            _r2_squared_correlation,
            "R² as the squared correlation",
            "predictions scaled from the truth",
            identity_case(_v(0, 1), _v(0, 2), _ones(2)),
            **fit,
        ),
        # well-definedness
        Mutant(
            "pearson_naive_moments",
            "well_defined",
            r,
            _pearson_naive_moments,
            "moments of the raw values: the mean and the squares overflow",
            "the largest floats",
            well_defined_case(_v(_MAX, _MAX / 2), _v(0, 1), _ones(2)),
            **fit,
        ),
        Mutant(
            "pearson_product_underflow",
            "well_defined",
            r,
            _pearson_product_underflow,
            "divides by sqrt(sxx * syy): the product underflows to 0",
            "values near 1e-100 and below (squares of squares underflow)",
            well_defined_case(_v(0, 1e-100), _v(0, 1e-100), _ones(2)),
            **fit,
        ),
        Mutant(
            "msle_refusing_below_minus_one",
            "well_defined",
            r,
            _msle_refusing_below_minus_one,
            "refuses values below -1 but not -1 itself: log1p(-1) is -inf",
            "a true value of -1 (MSLE's edge)",
            well_defined_case(_v(-1), _v(0.5), _ones(1)),
            **loss,
        ),
        # translation invariance
        Mutant(
            "r2_uncentred",
            "translation_invariance",
            r,
            _r2_uncentred,
            "the total sum of squares about 0, not about the mean",
            "any shift",
            translation_case(_v(1, 2), _v(1, 3), _ones(2), 1.0),
            **fit,
        ),
        Mutant(
            "mse_float32_values",
            "translation_invariance",
            r,
            _mse_float32_values,
            "values cast to float32",
            "a shift of 2**40 (float32 keeps 24 bits)",
            translation_case(_v(0.125), _v(0.25), _ones(1), -(2.0**40)),
            **loss,
        ),
        Mutant(
            "pearson_one_pass",
            "translation_invariance",
            r,
            _pearson_one_pass,
            "one-pass moments mean(xy) - mean(x) mean(y)",
            "a shift of 1000 (cancellation grows with the offset)",
            translation_case(y3, _v(0, 2, 1), _ones(3), 1000.0),
            **fit,
        ),
        # scale homogeneity of degree 1 and 2 (declared through degree_1 / degree_2)
        Mutant(
            "mae_float32_accumulation",
            "scale_homogeneity",
            r,
            _mae_float32_accumulation,
            "absolute errors summed and divided in float32",
            "a mean that float32 rounds, k = 3: 1/5 and 3/5 round differently",
            scale_case(_v(0, 0, 0, 0, 0), _v(0, 0, 0, 0, -1), _ones(5), 3.0, 1),
            preconditions=("degree_1",),
            **loss,
        ),
        Mutant(
            "mse_float32_accumulation",
            "scale_homogeneity",
            r,
            _mse_float32_accumulation,
            "squared errors summed and divided in float32",
            "a mean that float32 rounds, k = 3: 1/5 and 9/5 round differently",
            scale_case(_v(0, 0, 0, 0, 0), _v(0, 0, 0, 0, -1), _ones(5), 3.0, 2),
            preconditions=("degree_2",),
            **loss,
        ),
        Mutant(
            "mae_rounded_6",
            "scale_homogeneity",
            r,
            _mae_rounded_6,
            "the score rounded to 6 decimals",
            "errors scaled below 1e-6, k = 2**-20",
            scale_case(_v(1), _v(0), _ones(1), 2.0**-20, 1),
            preconditions=("degree_1",),
            **loss,
        ),
        Mutant(
            "mse_clipped_1e12",
            "scale_homogeneity",
            r,
            _mse_clipped,
            "the score clipped at 1e12",
            "errors scaled past 1e6, k = 2**30",
            scale_case(_v(0), _v(1), _ones(1), 2.0**30, 2),
            preconditions=("degree_2",),
            **loss,
        ),
        # scale homogeneity (degree 0)
        Mutant(
            "mape_eps_floor",
            "scale_homogeneity",
            r,
            _mape_eps_floor,
            "relative errors divided by max(|y|, eps)",
            "true values below the machine epsilon, k = 2**30",
            scale_case(_v(1e-17), _v(0), _ones(1), 2.0**30, 0),
            **loss,
        ),
        Mutant(
            "r2_epsilon_denominator",
            "scale_homogeneity",
            r,
            _r2_epsilon_denominator,
            "1e-12 added to the total sum of squares",
            "values near 1e-6 (total sum of squares below 1e-12), k = 2**30",
            scale_case(_v(0, 2.0**-20), _v(0, 0), _ones(2), 2.0**30, 0),
            **fit,
        ),
        Mutant(
            "spearman_isclose_ties",
            "scale_homogeneity",
            r,
            _spearman_isclose_ties,
            "ties found with np.isclose (atol 1e-8)",
            "true values 1e-9 apart, k = 2**30",
            scale_case(_v(0, 1e-9, 1), y3, _ones(3), 2.0**30, 0),
            **fit,
        ),
        # prediction affine invariance
        Mutant(
            "pearson_clipped_predictions",
            "prediction_affine_invariance",
            r,
            _pearson_clipped_predictions,
            "predictions clipped to [-1e6, 1e6]",
            "a factor a = 2**30 taking predictions past 1e6",
            affine_case(y3, _v(0, 1, 3), _ones(3), 2.0**30, 1.0),
            **fit,
        ),
        Mutant(
            "pearson_float32",
            "prediction_affine_invariance",
            r,
            _pearson_float32,
            "values cast to float32",
            "a shift b = 2**36, 2**16 times the spread (float32 keeps 24 bits)",
            affine_case(y3, _v(0, 1, 2.0**20), _ones(3), 1.0, 2.0**36),
            **fit,
        ),
        Mutant(
            "spearman_rounded_predictions",
            "prediction_affine_invariance",
            r,
            _spearman_rounded_predictions,
            "predictions rounded to 6 decimals before ranking",
            "predictions 1e-7 apart, a factor a = 2**30",
            affine_case(y3, _v(0, 1e-7, 1), _ones(3), 2.0**30, 0.0),
            **fit,
        ),
        # prediction monotone invariance
        Mutant(
            "spearman_float32_ranks",
            "prediction_monotone_invariance",
            r,
            _spearman_float32_ranks,
            "values cast to float32 before ranking",
            "huge images (the rank spread to 2**1018 overflows float32)",
            monotone_case(_v(0, 1, 2, 3), _v(0, 1, 2, 3), _ones(4), "huge_rank"),
            **fit,
        ),
        Mutant(
            "kendall_isclose_ties",
            "prediction_monotone_invariance",
            r,
            _kendall_isclose_ties,
            "ties found with np.isclose (rtol 1e-5)",
            "arctan of predictions past 1e5 (images closer than 1e-5 relative)",
            monotone_case(y3, _v(0, 1e5, 1e6), _ones(3), "arctan"),
            **fit,
        ),
        Mutant(
            "kendall_gap_ties",
            "prediction_monotone_invariance",
            r,
            _kendall_gap_ties,
            "pairs within 1e-12 of each other counted as tied",
            "predictions 1e-13 apart, spread by the dense rank",
            monotone_case(y3, _v(0, 1e-13, 1), _ones(3), "dense_rank"),
            **fit,
        ),
        # error monotonicity
        Mutant(
            "mae_trimmed",
            "error_monotonicity",
            r,
            _mae_trimmed,
            "the largest absolute error dropped",
            "a move of the item with the largest error",
            error_case(_v(0, 0), _v(1, 2), 1, 0.5),
            **loss,
        ),
        Mutant(
            "r2_clipped_at_zero",
            "error_monotonicity",
            r,
            _r2_clipped_at_zero,
            "negative R² reported as 0",
            "fits worse than the mean",
            error_case(_v(0, 1), _v(5, 5), 0, 0.5),
            **fit,
        ),
        Mutant(
            "mape_capped",
            "error_monotonicity",
            r,
            _mape_capped,
            "each relative error capped at 1",
            "a prediction more than twice its true value",
            error_case(_v(1), _v(4), 0, 0.5),
            **loss,
        ),
        # weight semantics
        Mutant(
            "mse_weights_minus_one",
            "weight_semantics",
            r,
            _mse_weights_minus_one,
            "weighted squared errors over sum(w) - 1",
            "weights times k",
            weight_case("scale", _v(0, 0), _v(1, 2), _ones(2), 2.0),
            **loss,
        ),
        Mutant(
            "mae_over_n",
            "weight_semantics",
            r,
            _mae_over_n,
            "weighted absolute errors over n, not sum(w)",
            "zero weights",
            weight_case("drop", _v(0, 0), _v(1, 3), _v(0, 1)),
            **loss,
        ),
        Mutant(
            "mse_integer_weights",
            "weight_semantics",
            r,
            _mse_integer_weights,
            "weights truncated to integers",
            "real weights (weights times 1/2)",
            weight_case("scale", _v(0, 0), _v(1, 2), _v(1, 3), 0.5),
            **loss,
        ),
        Mutant(
            "mae_zero_weight_as_one",
            "weight_semantics",
            r,
            _mae_zero_weight_as_one,
            "a zero weight read as missing, defaulting to 1",
            "zero weights",
            weight_case("drop", _v(0, 0), _v(1, 3), _v(0, 1)),
            **loss,
        ),
        Mutant(
            "r2_unweighted_mean",
            "weight_semantics",
            r,
            _r2_unweighted_mean,
            "total sum of squares about the unweighted mean of y_true",
            "integer weights (rows repeated)",
            weight_case("repeat", y3, _v(0, 2, 1), _v(2, 1, 1)),
            **fit,
        ),
        # bounded influence
        Mutant(
            "spearman_raw_predictions",
            "bounded_influence",
            r,
            _spearman_raw_predictions,
            "the ranks of y_true correlated with the raw predictions",
            "an outlier one unit past the others",
            influence_case(y3, y3, _ones(3), 2, True, 1.0, 1000.0),
            **fit,
        ),
        Mutant(
            "spearman_binned_predictions",
            "bounded_influence",
            r,
            _spearman_binned_predictions,
            "predictions ranked by 100 equal-width bins of their range",
            "an outlier far out (the bins widen until the others share one)",
            influence_case(y3, y3, _ones(3), 2, True, 1.0, 1000.0),
            **fit,
        ),
        Mutant(
            "kendall_float32",
            "bounded_influence",
            r,
            _kendall_float32,
            "values cast to float32",
            "an outlier one unit past a prediction of 2**25 (float32 keeps 24 bits)",
            influence_case(y3, _v(0, 2.0**25, 1), _ones(3), 2, True, 1.0, 1000.0),
            **fit,
        ),
    ]


# -- random cases for the benchmark's random-search baselines ------------------------------------

_CORNER_VALUES = (0.0, 1.0, -1.0, 0.5, 1e-300, 5e-324, 1e300, _MAX, -_MAX, 2.0**40, 1e-17, -0.5)


def _random_input(
    rng: np.random.Generator, corners: bool, weights: str = "ones"
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A random ``(y, p, w)``: multiples of 1/8, or (``corners``) ties and extreme values."""
    n = int(rng.integers(1, 13))
    if corners and rng.random() < 0.5:
        y = rng.choice(_CORNER_VALUES, size=n)
        p = rng.choice(_CORNER_VALUES, size=n)
    else:
        y = np.round(rng.normal(scale=4.0, size=n) * 8) / 8
        p = np.round(rng.normal(scale=4.0, size=n) * 8) / 8
        if corners:
            scale = 2.0 ** int(rng.integers(-60, 61))
            y, p = y * scale, p * scale
    if weights == "integers":
        w = rng.integers(0, 4, size=n).astype(float)
    elif weights == "reals":
        w = rng.uniform(0.05, 4.0, size=n)
    else:
        w = np.ones(n)
    if not np.any(w > 0):
        w[0] = 1.0
    return y, p, w


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a regression claim, for the benchmark's random searches.

    ``corners=False`` draws naive inputs (multiples of 1/8, unit weights);
    ``corners=True`` favours the corners a tester would try by hand (ties,
    the largest and the smallest floats, -1, scaled values).
    """
    if claim == "weight_semantics":
        kind = str(rng.choice(("repeat", "drop", "scale")))
        y, p, w = _random_input(rng, corners, "reals" if kind == "scale" else "integers")
        if kind == "drop" and not np.any(w == 0) and y.size > 1:
            w[0] = 0.0
        k = float(rng.choice(WEIGHT_FACTORS))
        return weight_case(kind, y, p, w, k)
    y, p, w = _random_input(rng, corners)
    if claim == "symmetry":
        return symmetry_case(y, p, w)
    if claim == "item_order_invariance":
        order = rng.permutation(y.size)
        return order_case(y, p, w, order, str(order.tolist()))
    if claim == "translation_invariance":
        return translation_case(y, p, w, float(rng.choice(SHIFTS)))
    if claim == "scale_homogeneity":
        return scale_case(y, p, w, float(rng.choice(SCALE_FACTORS)), 0)
    if claim == "prediction_affine_invariance":
        return affine_case(y, p, w, float(rng.choice(SCALE_FACTORS)), float(rng.choice(SHIFTS)))
    if claim == "prediction_monotone_invariance":
        return monotone_case(y, p, w, str(rng.choice(MAPS)))
    if claim == "identity":
        eighths = np.round(rng.normal(scale=4.0, size=y.size) * 8) / 8
        return identity_case(y, eighths if rng.random() < 0.5 else None, w)
    if claim == "error_monotonicity":
        y, p, _ = _random_input(rng, corners=False)
        return error_case(y, p, int(rng.integers(y.size)), float(rng.choice(STEPS)))
    if claim == "bounded_influence":
        near, far = sorted(float(g) for g in rng.choice(GAPS, size=2))
        return influence_case(
            y, p, w, int(rng.integers(y.size)), bool(rng.random() < 0.5), near, far
        )
    if claim == "well_defined":
        return well_defined_case(y, p, w)
    raise KeyError(f"claim={claim!r}: no random regression sampler")


def family_controls(control: type[Any]) -> list[Any]:
    """Correct regression measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import
    fit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    loss: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    r = "regression"
    errors = (
        "symmetry",
        "item_order_invariance",
        "translation_invariance",
        "identity",
        "error_monotonicity",
        "weight_semantics",
    )
    r2_claims = (
        "item_order_invariance",
        "translation_invariance",
        "scale_homogeneity",
        "identity",
        "error_monotonicity",
        "weight_semantics",
    )
    rank_claims = (
        "symmetry",
        "item_order_invariance",
        "translation_invariance",
        "scale_homogeneity",
        "prediction_affine_invariance",
        "prediction_monotone_invariance",
        "bounded_influence",
        "well_defined",
    )
    return [
        Control(
            "mse",
            r,
            _mse,
            (*errors, "scale_homogeneity"),
            "weighted mean squared error",
            preconditions={"scale_homogeneity": ("degree_2",)},
            **loss,
        ),
        Control(
            "mae",
            r,
            _mae,
            (*errors, "scale_homogeneity"),
            "weighted mean absolute error",
            preconditions={"scale_homogeneity": ("degree_1",)},
            **loss,
        ),
        Control(
            "mae_noisy",
            r,
            _mae_noisy,
            ("symmetry", "item_order_invariance"),
            "MAE with relative noise 2e-12 (a seed symmetric in y and p)",
            **loss,
        ),
        Control(
            "max_error",
            r,
            _max_error,
            ("symmetry", "item_order_invariance", "translation_invariance", "identity"),
            "the largest absolute error",
            **loss,
        ),
        Control(
            "mape",
            r,
            _mape,
            (
                "item_order_invariance",
                "scale_homogeneity",
                "identity",
                "error_monotonicity",
                "weight_semantics",
            ),
            "weighted MAPE (zero true values undefined)",
            **loss,
        ),
        Control(
            "msle",
            r,
            _msle,
            (
                "symmetry",
                "item_order_invariance",
                "identity",
                "error_monotonicity",
                "weight_semantics",
                "well_defined",
            ),
            "weighted MSLE through log1p, values <= -1 refused",
            **loss,
        ),
        Control("r2_two_pass", r, _r2, r2_claims, "weighted R², two-pass moments", **fit),
        Control(
            "r2_np_average",
            r,
            _r2_np_var,
            r2_claims,
            "R² as 1 - MSE / variance through np.average (another rounding)",
            **fit,
        ),
        Control(
            "pearson",
            r,
            _pearson,
            (*rank_claims[:5], "well_defined"),
            "Pearson's r of the rescaled vectors, two-pass",
            score_range=(-1.0, 1.0),
            **fit,
        ),
        Control(
            "pearson_corrcoef",
            r,
            _pearson_corrcoef,
            ("symmetry", "translation_invariance", "prediction_affine_invariance", "well_defined"),
            "Pearson's r by np.corrcoef",
            score_range=(-1.0, 1.0),
            **fit,
        ),
        Control(
            "spearman",
            r,
            _spearman,
            rank_claims,
            "Spearman's rho of average ranks",
            score_range=(-1.0, 1.0),
            **fit,
        ),
        Control(
            "spearman_rankdata",
            r,
            _spearman_rankdata,
            (
                "item_order_invariance",
                "prediction_monotone_invariance",
                "bounded_influence",
                "well_defined",
            ),
            "Spearman's rho from scipy.stats.rankdata and np.corrcoef",
            score_range=(-1.0, 1.0),
            **fit,
        ),
        Control(
            "kendall_tau_b",
            r,
            _kendall,
            rank_claims,
            "Kendall's tau-b from pairwise signs",
            score_range=(-1.0, 1.0),
            **fit,
        ),
        Control(
            "ccc",
            r,
            _ccc,
            (
                "symmetry",
                "item_order_invariance",
                "translation_invariance",
                "scale_homogeneity",
                "identity",
                "weight_semantics",
            ),
            "Lin's concordance correlation, weighted population moments",
            **fit,
        ),
    ]
