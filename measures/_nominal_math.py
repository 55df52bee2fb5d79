"""Vectorised building blocks of the nominal-classification measures (private).

Every function works on confusion matrices ``m`` of shape ``(..., C, C)``
(rows = system class ``i``, columns = gold class ``j``, float counts) or on
per-class arrays ``(..., C)`` derived from them.  Nothing here divides by
zero: the measures run under ``np.errstate(divide/invalid/over="raise")``,
so each division is guarded and undefined entries are reported through
masks, never as NaN.

Notation: ``tp_k = m[k, k]``, ``sys_k`` the items the system put in class
``k`` (row sums), ``gold_k`` the items of gold class ``k`` (column sums),
``N`` the item count, ``C+`` the classes with at least one gold item and
``S+`` the classes with at least one system item.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from axiometrics.errors import InvalidParameterError

__all__ = [
    "PerClass",
    "class_counts",
    "divide",
    "dot",
    "fbeta_per_class",
    "geometric_mean",
    "masked_total",
    "matthews",
    "mean_over",
    "one_vs_rest",
    "positive_index",
]


class PerClass(NamedTuple):
    """Per-class counts of a batch of confusion matrices."""

    tp: np.ndarray  # (..., C) items of class k the system put in k
    system: np.ndarray  # (..., C) sys_k
    gold: np.ndarray  # (..., C) gold_k
    total: np.ndarray  # (...) N


def class_counts(m: np.ndarray) -> PerClass:
    """``tp_k``, ``sys_k``, ``gold_k`` and ``N`` of each matrix.

    ``einsum`` sums the short class axes of a batch of small matrices
    several times faster than ``ndarray.sum`` (one pass each, no copy).
    """
    return PerClass(
        np.diagonal(m, axis1=-2, axis2=-1),
        np.einsum("...ij->...i", m),
        np.einsum("...ij->...j", m),
        np.einsum("...ij->...", m),
    )


def dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``sum_k a_k b_k`` over the class axis, without the product array.

    ``einsum`` contracts a short last axis several times faster than
    ``(a * b).sum(axis=-1)``, which also builds the product.
    """
    return np.einsum("...k,...k->...", a, b)


def masked_total(m: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``sum_ij [mask_ij] c_ij`` for a boolean ``(C, C)`` mask shared by the batch.

    A contraction with the 0/1 weights: every product is exact and the sum
    adds non-negative terms only (no cancellation, unlike a total minus the
    cells left out), without a masked copy of the matrices.
    """
    return np.einsum("...ij,ij->...", m, mask.astype(float))


def divide(num: np.ndarray, den: np.ndarray, fill: float = 0.0) -> np.ndarray:
    """``num / den`` where ``den > 0``, else ``fill`` (no warning, no NaN)."""
    a, b = np.broadcast_arrays(np.asarray(num, dtype=float), np.asarray(den, dtype=float))
    out = np.full(a.shape, fill, dtype=float)
    np.divide(a, b, out=out, where=b > 0)
    return out


def mean_over(per_class: np.ndarray, members: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean of ``per_class`` over the classes where ``members`` is true, and their number.

    The mean is 0 where no class is a member (callers declare that case).
    """
    count = np.count_nonzero(members, axis=-1)
    total = dot(per_class, members)
    return divide(total, count), count


def fbeta_per_class(counts: PerClass, beta: float) -> np.ndarray:
    """``F_beta,k = (1 + b^2) tp_k / (b^2 gold_k + sys_k)``; 0 where the denominator is 0.

    This equals the harmonic form ``(1 + b^2) P R / (b^2 P + R)`` with
    ``F(0, 0) = 0`` wherever precision or recall is defined, and needs no
    convention for ``P = 0/0`` (a class the system never chooses): it is 0
    for a class with gold items.  ``beta = 0`` gives precision, large
    ``beta`` approaches recall.
    """
    b2 = beta * beta
    return divide((1.0 + b2) * counts.tp, b2 * counts.gold + counts.system)


def geometric_mean(per_class: np.ndarray, members: np.ndarray) -> np.ndarray:
    """Geometric mean of the non-negative ``per_class`` over ``members`` (0 if one of them is 0).

    Computed in logs, so that many small factors do not underflow.
    """
    positive = members & (per_class > 0)
    logs = np.log(np.where(positive, per_class, 1.0))
    count = np.count_nonzero(members, axis=-1)
    mean_log = divide(np.einsum("...k->...", logs), count)
    any_zero = np.any(members & (per_class <= 0), axis=-1)
    return np.where(any_zero | (count == 0), 0.0, np.exp(mean_log))


def _others(x: np.ndarray) -> np.ndarray:
    """``sum_{l != k} x_l`` for each ``k``, from exclusive prefix and suffix sums.

    Only additions of non-negative terms: no cancellation, unlike ``sum(x) - x_k``
    when ``x_k`` dominates.  The running sums go column by column (``cumsum``
    along a short last axis is several times slower on a batch).
    """
    c = x.shape[-1]
    out = np.zeros(x.shape)
    for k in range(1, c):  # prefix: x_0 + ... + x_{k-1}
        np.add(out[..., k - 1], x[..., k - 1], out=out[..., k])
    suffix = np.zeros(x.shape[:-1])
    for k in range(c - 2, -1, -1):  # plus x_{k+1} + ... + x_{C-1}
        suffix += x[..., k + 1]
        out[..., k] += suffix
    return out


def matthews(m: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gorodkin's multiclass Matthews correlation R_K, from proportions.

    ``R_K = cov(s, g) / sqrt(cov(s, s) cov(g, g))``.  With the marginal
    proportions ``p = sys / N`` and ``t = gold / N`` and the off-diagonal
    share ``D_o``, the covariance is ``D_e - D_o`` with ``D_e = sum_{k != l}
    p_k t_l`` (the chance disagreement, as in kappa), and the variances are
    ``sum_{k != l} p_k p_l`` and ``sum_{k != l} t_k t_l``.  Every sum adds
    non-negative terms, so a cell of 10^6 items next to cells of one item
    keeps its precision (``1 - sum_k p_k t_k`` would not); the variances are
    exactly 0 for a single-class system or gold.

    Returns
    -------
    tuple
        The correlation (clipped to [-1, 1], 0 where a variance is 0), the
        mask of constant systems (``cov(s, s) = 0``) and the mask of
        single-class golds (``cov(g, g) = 0``).
    """
    counts = class_counts(m)
    n = counts.total[..., None]
    p = counts.system / n
    t = counts.gold / n
    off = ~np.eye(m.shape[-1], dtype=bool)
    observed = masked_total(m, off) / counts.total
    expected = dot(p, _others(t))
    var_s = dot(p, _others(p))
    var_g = dot(t, _others(t))
    denominator = np.sqrt(var_s) * np.sqrt(var_g)
    r = np.clip(divide(expected - observed, denominator), -1.0, 1.0)
    return r, var_s <= 0, var_g <= 0


def positive_index(positive: int, n_classes: int) -> int:
    """Validate a positive-class position against the number of classes.

    Raises
    ------
    InvalidParameterError
        If ``positive`` is not a position ``0 .. C-1``.
    """
    if not 0 <= positive < n_classes:
        raise InvalidParameterError(
            f"positive={positive!r}: expected the position of a class, 0 .. {n_classes - 1} "
            f"(the inputs have C={n_classes} classes)"
        )
    return positive


class OneVsRest(NamedTuple):
    """The 2 x 2 counts of one class against the rest."""

    tp: np.ndarray  # (...) positive items the system put in the positive class
    fp: np.ndarray  # (...) negative items the system put in the positive class
    fn: np.ndarray  # (...) positive items the system put elsewhere
    tn: np.ndarray  # (...) negative items the system kept out of the positive class


def one_vs_rest(m: np.ndarray, positive: int) -> OneVsRest:
    """The one-vs-rest counts of class ``positive`` (rows = system, columns = gold)."""
    k = positive_index(positive, m.shape[-1])
    tp = m[..., k, k]
    system = m[..., k, :].sum(axis=-1)
    gold = m[..., :, k].sum(axis=-1)
    # Summed directly, not as N - sys - gold + tp, which loses small counts next to huge ones.
    rest = np.ones((m.shape[-1], m.shape[-1]), dtype=bool)
    rest[k, :] = False
    rest[:, k] = False
    tn = masked_total(m, rest)
    return OneVsRest(tp, system - tp, gold - tp, tn)
