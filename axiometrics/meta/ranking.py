r"""Rank correlations between system rankings, vectorised over leading axes.

Kendall's tau
-------------
For two score vectors ``x, y`` over the same ``n`` systems, let
``t_ij = sign(x_i - x_j) * sign(y_i - y_j)``, ``P = n(n-1)/2`` the number
of pairs, ``C - D = sum_{i<j} t_ij`` (concordant minus discordant pairs),
and ``U_x``, ``U_y`` the numbers of pairs tied in ``x`` and in ``y``.

* tau-a: ``(C - D) / P``;
* tau-b: ``(C - D) / sqrt((P - U_x) * (P - U_y))``.  When every pair is
  tied in ``x`` or in ``y`` (a constant ranking) the denominator is
  replaced by ``sqrt(max(1, P - U_x) * max(1, P - U_y))``, which gives 0
  (no evidence of agreement) instead of 0/0 — the same convention as
  DNKT in the design reference.

Long & Cliff (1997) confidence interval
---------------------------------------
The asymptotic interval ``tau_a +- z_{1-alpha/2} * sqrt(s2)`` with the
*consistent* variance estimator of Cliff & Charlin (1991) that Long &
Cliff recommend.  With ``t_ij`` over ordered pairs ``i != j``
(``t_ii = 0``)::

    t        = sum_{i != j} t_ij / (n (n-1))                (= tau-a)
    t_i.     = sum_{j != i} t_ij / (n-1)                    (row means)
    s2_i.    = sum_i (t_i. - t)^2 / (n-1)
    s2_ij    = (sum_{i != j} t_ij^2 - n (n-1) t^2) / (n (n-1) - 1)
    s2       = (4 (n-2) s2_i. + 2 s2_ij) / (n (n-1))

For tau-b, the tie counts are treated as fixed, so
``tau_b = k * tau_a`` with ``k = P / sqrt(max(1, P-U_x) max(1, P-U_y))``
and its variance is ``k^2 s2`` (exactly Long & Cliff's interval when there
are no ties).  The interval is clipped to ``[-1, 1]``.  It degenerates to
a point when ``s2 = 0`` (e.g. identical rankings).

Spearman's rho
--------------
Pearson's correlation of average ranks (ties share the mean of their
ranks); 0 when either vector is constant.

Ties
----
Scores that differ only by floating-point rounding are ties: before any
ranking, values within ``RELATIVE_TIE`` (1e-12) of their neighbour in sorted
order, relative to the larger magnitude, are set equal (:func:`snap_ties`).
Two systems whose measure values are mathematically equal but were summed
in another order would otherwise be ranked apart, and a correlation would
then depend on the arithmetic of a kernel rather than on the measure.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.errors import MetaInputError

__all__ = [
    "RELATIVE_TIE",
    "KendallInterval",
    "average_ranks",
    "kendall_tau",
    "kendall_tau_interval",
    "pair_signs",
    "snap_ties",
    "spearman_rho",
]

_VARIANTS = ("a", "b")

#: Scores closer than this, relative to the larger magnitude, are ties.
RELATIVE_TIE = 1e-12


def snap_ties(x: Any, *, relative: float = RELATIVE_TIE) -> np.ndarray:
    """``x`` with near-equal values along the last axis made exactly equal.

    Along the last axis, values are sorted; a value within ``relative`` times
    the larger magnitude of its sorted predecessor joins that value's tie
    group, and every member of a group takes the group's smallest value.
    Vectorised over leading axes (one sort per row); returns ``x`` itself
    (as a float array) when no two values are near-equal without being equal.
    """
    arr = np.asarray(x, dtype=float)
    if arr.ndim == 0 or arr.shape[-1] < 2:
        return arr
    order = np.argsort(arr, axis=-1, kind="stable")
    ordered = np.take_along_axis(arr, order, axis=-1)
    gap = np.diff(ordered, axis=-1)
    scale = np.maximum(np.abs(ordered[..., 1:]), np.abs(ordered[..., :-1]))
    near = (gap > 0) & (gap <= relative * scale)
    if not near.any():
        return arr
    n = arr.shape[-1]
    starts = np.ones(arr.shape, dtype=bool)
    starts[..., 1:] = ~(near | (gap == 0))
    positions = np.broadcast_to(np.arange(n), arr.shape)
    first = np.maximum.accumulate(np.where(starts, positions, 0), axis=-1)
    snapped = np.empty_like(arr)
    np.put_along_axis(snapped, order, np.take_along_axis(ordered, first, axis=-1), axis=-1)
    return snapped


def _check_variant(variant: str) -> str:
    if variant not in _VARIANTS:
        raise InvalidParameterError(f"variant must be 'a' or 'b' (got {variant!r})")
    return variant


def _pair(x: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    xa = np.asarray(x, dtype=float)
    ya = np.asarray(y, dtype=float)
    if xa.ndim == 0 or ya.ndim == 0 or xa.shape[-1] != ya.shape[-1]:
        raise MetaInputError(
            f"x and y must hold scores of the same systems on their last axis (got shapes "
            f"{xa.shape} and {ya.shape})"
        )
    if xa.shape[-1] < 2:
        raise MetaInputError(f"a rank correlation needs at least 2 systems (got {xa.shape[-1]})")
    if not (np.all(np.isfinite(xa)) and np.all(np.isfinite(ya))):
        raise MetaInputError("x and y must be finite")
    return snap_ties(xa), snap_ties(ya)


def pair_signs(x: np.ndarray) -> np.ndarray:
    """``sign(x_i - x_j)`` for ``i < j`` along the last axis, shape ``(..., P)``.

    Exact: snap near-ties first (:func:`snap_ties`) where they should count as ties.
    """
    i, j = np.triu_indices(x.shape[-1], k=1)
    return np.sign(x[..., i] - x[..., j])


def _tau_parts(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """``C - D``, untied pairs in ``x``, untied pairs in ``y``, and ``P``."""
    sx, sy = pair_signs(x), pair_signs(y)
    n = x.shape[-1]
    p = n * (n - 1) // 2
    s = (sx * sy).sum(axis=-1)
    return s, np.abs(sx).sum(axis=-1), np.abs(sy).sum(axis=-1), p


def kendall_tau(x: Any, y: Any, *, variant: str = "b") -> np.ndarray | float:
    """Kendall's tau between ``x`` and ``y`` over their last axis.

    Parameters
    ----------
    x, y
        Scores of the same ``n >= 2`` systems, ``(..., n)``; leading axes
        broadcast.
    variant
        ``"b"`` (default; ties adjusted) or ``"a"``.

    Returns
    -------
    float or numpy.ndarray
        Of the broadcast leading shape.
    """
    _check_variant(variant)
    xa, ya = _pair(x, y)
    s, ux, uy, p = _tau_parts(xa, ya)
    tau = s / p if variant == "a" else s / np.sqrt(np.maximum(ux, 1.0) * np.maximum(uy, 1.0))
    return float(tau) if np.ndim(tau) == 0 else tau


@dataclass(frozen=True)
class KendallInterval:
    """Kendall's tau with its Long & Cliff (1997) confidence interval.

    Attributes
    ----------
    tau
        The point estimate (tau-a or tau-b).
    variance
        The consistent variance estimate of ``tau``.
    low, high
        Interval bounds, clipped to ``[-1, 1]``.
    confidence
        The confidence level, e.g. 0.95.
    """

    tau: np.ndarray
    variance: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence: float


def kendall_tau_interval(
    x: Any, y: Any, *, variant: str = "b", confidence: float = 0.95
) -> KendallInterval:
    """Kendall's tau with the Long & Cliff (1997) asymptotic confidence interval.

    See the module docstring for the formula.  Vectorised over leading
    axes; the cost is ``O(n^2)`` per pair of rankings.

    Parameters
    ----------
    x, y
        Scores of the same ``n >= 2`` systems, ``(..., n)``.
    variant
        ``"b"`` (default) or ``"a"``.
    confidence
        Confidence level in ``(0, 1)``.
    """
    _check_variant(variant)
    if not 0.0 < confidence < 1.0:
        raise InvalidParameterError(f"confidence must lie in (0, 1) (got {confidence!r})")
    xa, ya = _pair(x, y)
    xa, ya = np.broadcast_arrays(xa, ya)
    n = xa.shape[-1]
    # t_ij over ordered pairs; the diagonal is 0 because sign(0) = 0.
    t = np.sign(xa[..., :, None] - xa[..., None, :]) * np.sign(ya[..., :, None] - ya[..., None, :])
    pairs = n * (n - 1)
    tau_a = t.sum(axis=(-2, -1)) / pairs
    row_means = t.sum(axis=-1) / (n - 1)
    s2_rows = ((row_means - tau_a[..., None]) ** 2).sum(axis=-1) / (n - 1)
    s2_cells = np.maximum((t**2).sum(axis=(-2, -1)) - pairs * tau_a**2, 0.0) / (pairs - 1)
    variance = (4.0 * (n - 2) * s2_rows + 2.0 * s2_cells) / pairs
    if variant == "a":
        tau = tau_a
    else:
        _, ux, uy, p = _tau_parts(xa, ya)
        factor = p / np.sqrt(np.maximum(ux, 1.0) * np.maximum(uy, 1.0))
        tau = tau_a * factor
        variance = variance * factor**2
    z = NormalDist().inv_cdf(0.5 + confidence / 2.0)
    half = z * np.sqrt(variance)
    return KendallInterval(
        tau=np.asarray(tau),
        variance=np.asarray(variance),
        low=np.clip(tau - half, -1.0, 1.0),
        high=np.clip(tau + half, -1.0, 1.0),
        confidence=confidence,
    )


def average_ranks(x: Any) -> np.ndarray:
    """Ranks ``1 .. n`` along the last axis, ties sharing their average rank.

    Near-equal values are ties (:func:`snap_ties`).  Vectorised: one sort
    per row, no Python loop over rows.
    """
    arr = snap_ties(x)
    n = arr.shape[-1]
    order = np.argsort(arr, axis=-1, kind="stable")
    ordered = np.take_along_axis(arr, order, axis=-1)
    positions = np.broadcast_to(np.arange(n), arr.shape)
    new = np.ones(arr.shape, dtype=bool)
    new[..., 1:] = ordered[..., 1:] != ordered[..., :-1]
    last = np.ones(arr.shape, dtype=bool)
    last[..., :-1] = new[..., 1:]
    # First and last sorted position of each element's tie group.
    start = np.maximum.accumulate(np.where(new, positions, 0), axis=-1)
    end = np.flip(
        np.minimum.accumulate(np.flip(np.where(last, positions, n - 1), axis=-1), axis=-1), axis=-1
    )
    ranks = np.empty(arr.shape)
    np.put_along_axis(ranks, order, (start + end) / 2.0 + 1.0, axis=-1)
    return ranks


def spearman_rho(x: Any, y: Any) -> np.ndarray | float:
    """Spearman's rank correlation over the last axis (0 for a constant vector)."""
    xa, ya = _pair(x, y)
    rx = average_ranks(xa)
    ry = average_ranks(ya)
    rx = rx - rx.mean(axis=-1, keepdims=True)
    ry = ry - ry.mean(axis=-1, keepdims=True)
    num = (rx * ry).sum(axis=-1)
    den = np.sqrt((rx**2).sum(axis=-1) * (ry**2).sum(axis=-1))
    rho = np.divide(num, den, out=np.zeros(np.shape(num)), where=den > 0)
    return float(rho) if np.ndim(rho) == 0 else rho
