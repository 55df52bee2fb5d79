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
    "class_rows",
    "divide",
    "dot",
    "fbeta_per_class",
    "fbeta_weights",
    "geometric_mean",
    "geometric_mean_by_class",
    "hits_and_gold_rows",
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


def class_rows(m: np.ndarray) -> PerClass:
    """:func:`class_counts` as class-major rows ``(C, b)``, the batch flattened (``N``: ``(b,)``).

    Sums over the classes, running sums and products then combine whole
    contiguous rows of the batch; along the short last axis of ``(b, C)``
    arrays the same steps cost several times more.  ``einsum`` sums into
    ``(b, C)`` fastest, so each marginal takes one small transposed copy.
    """
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    system = np.ascontiguousarray(np.einsum("bij->bi", flat).T)
    return PerClass(
        np.ascontiguousarray(np.diagonal(flat, axis1=1, axis2=2).T),
        system,
        np.ascontiguousarray(np.einsum("bij->bj", flat).T),
        np.add.reduce(system, axis=0),
    )


def hits_and_gold_rows(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``tp_k`` and ``gold_k`` as class-major rows ``(C, b)`` (:func:`class_rows` but ``sys_k``)."""
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    return (
        np.ascontiguousarray(np.diagonal(flat, axis1=1, axis2=2).T),
        np.ascontiguousarray(np.einsum("bij->bj", flat).T),
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


def fbeta_weights(beta: float) -> tuple[float, float, float]:
    """``(n, g, s)`` with ``F_beta = n tp / (g gold + s sys)`` and no overflow for any finite beta.

    ``F_beta = (1 + b^2) tp / (b^2 gold + sys)``.  For ``beta <= 1`` the
    weights are those of the formula, ``(1 + b^2, b^2, 1)``; for ``beta > 1``
    numerator and denominator are divided by ``b^2``, giving ``(1 + c, 1, c)``
    with ``c = (1 / beta)^2``, so ``b^2`` is never formed: ``beta = 1e154``
    (whose square overflows) gives ``c = 1e-308`` and a value within rounding
    of recall, as it is exactly.  For ``beta = 2`` (``c = 1/4``) every
    product of integer counts stays exact.
    """
    if beta <= 1.0:
        b2 = beta * beta
        return 1.0 + b2, b2, 1.0
    inverse = 1.0 / beta
    c = inverse * inverse
    return 1.0 + c, 1.0, c


def fbeta_per_class(counts: PerClass, beta: float) -> np.ndarray:
    """``F_beta,k = (1 + b^2) tp_k / (b^2 gold_k + sys_k)``; 0 where the denominator is 0.

    This equals the harmonic form ``(1 + b^2) P R / (b^2 P + R)`` with
    ``F(0, 0) = 0`` wherever precision or recall is defined, and needs no
    convention for ``P = 0/0`` (a class the system never chooses): it is 0
    for a class with gold items.  ``beta = 0`` gives precision, large
    ``beta`` approaches recall.  Computed with :func:`fbeta_weights`, so any
    finite ``beta`` is exact to rounding (a denominator that underflows to 0
    has ``tp_k = 0``: the value 0 is right).
    """
    n, g, s = fbeta_weights(beta)
    return divide(n * counts.tp, g * counts.gold + s * counts.system)


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


#: Classes up to which :func:`geometric_mean_by_class` multiplies mantissas directly:
#: a product of that many factors in ``[1/2, 1)`` stays above ``2**-1000``, far from
#: the smallest normal double.
_MANTISSA_CLASSES = 1000


def geometric_mean_by_class(per_class: np.ndarray, members: np.ndarray) -> np.ndarray:
    """:func:`geometric_mean` of class-major rows ``(C, b)``, without a logarithm per entry.

    Each factor is split into its mantissa in ``[1/2, 1)`` and its binary
    exponent (``numpy.frexp``, exact); the mantissas multiply without
    underflow for up to :data:`_MANTISSA_CLASSES` classes and the exponents
    add, so one ``log2`` per matrix gives the mean logarithm.  More classes
    take :func:`geometric_mean`.
    """
    if per_class.shape[0] > _MANTISSA_CLASSES:
        return geometric_mean(per_class.T, members.T)
    positive = members & (per_class > 0)
    mantissa, exponent = np.frexp(np.where(positive, per_class, 1.0))
    count = np.add.reduce(members, axis=0, dtype=np.int64)
    total_log = np.log2(np.multiply.reduce(mantissa, axis=0))
    total_log += np.add.reduce(exponent, axis=0, dtype=np.int64)
    any_zero = np.add.reduce(positive, axis=0, dtype=np.int64) < count
    mean_log = divide(total_log, count)
    return np.where(any_zero | (count == 0), 0.0, np.exp2(mean_log))


def _earlier(x: np.ndarray) -> np.ndarray:
    """``sum_{l < k} x_l`` for each class ``k`` of class-major rows ``(C, b)`` (additions only)."""
    out = np.empty(x.shape)
    out[0] = 0.0
    for k in range(1, x.shape[0]):
        np.add(out[k - 1], x[k - 1], out=out[k])
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
    exactly 0 for a single-class system or gold.  The pair sums run over
    ``k < l`` with running sums of class-major rows (:func:`class_rows`):
    ``sum_{k != l} p_k p_l = 2 sum_l p_l sum_{k<l} p_k`` and ``D_e = sum_l
    (t_l sum_{k<l} p_k + p_l sum_{k<l} t_k)``.

    Returns
    -------
    tuple
        The correlation (clipped to [-1, 1], 0 where a variance is 0), the
        mask of constant systems (``cov(s, s) = 0``) and the mask of
        single-class golds (``cov(g, g) = 0``).
    """
    batch = m.shape[:-2]
    counts = class_rows(m)
    n = counts.total
    p = counts.system / n
    t = counts.gold / n
    off = ~np.eye(m.shape[-1], dtype=bool)
    observed = masked_total(m, off).reshape(-1) / n
    earlier_p = _earlier(p)
    earlier_t = _earlier(t)
    expected = np.einsum("kb,kb->b", t, earlier_p) + np.einsum("kb,kb->b", p, earlier_t)
    var_s = 2.0 * np.einsum("kb,kb->b", p, earlier_p)
    var_g = 2.0 * np.einsum("kb,kb->b", t, earlier_t)
    denominator = np.sqrt(var_s) * np.sqrt(var_g)
    r = np.clip(divide(expected - observed, denominator), -1.0, 1.0)
    return r.reshape(batch), (var_s <= 0).reshape(batch), (var_g <= 0).reshape(batch)


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
