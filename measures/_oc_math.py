"""Vectorised building blocks of the ordinal-classification measures (private).

Every function works on confusion matrices ``m`` of shape ``(..., C, C)``
(rows = system class ``i``, columns = gold class ``j``, float counts ``c_ij``)
and, where class positions enter, on arrays ``(..., C)`` that broadcast with
the batch.  Nothing here divides by zero or takes the logarithm of zero: the
measures run under ``np.errstate(divide/invalid/over="raise")``, so each
division is guarded and each undefined entry is reported through a mask
instead of a NaN.

No function builds a temporary larger than the batch of matrices itself
(``O(batch x C x C)``): sums of weighted cells are ``einsum`` contractions
that never form the product array (:func:`weighted_total`), expected
disagreements and covariances are quadratic forms of the marginals
(:func:`quadratic_form`), concordant pairs come from one cumulative array,
mutual information from entropies, and CEM^INT's closeness counts are one
matrix product of the gold sizes with a ``(C, C, C)`` indicator shared by
the batch (CEM^NOM needs no ``(C, C)`` array at all).
``tests/test_fast_paths.py`` checks each against the straightforward formula.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np

ScaleType = Literal["ord", "nom", "int"]

#: Relative tolerance when comparing class-value distances (CEM^INT): two
#: distances equal up to rounding (``|0.3 - 0.2|`` vs ``|0.2 - 0.1|``) count
#: as equal, as they are on paper.
DISTANCE_RTOL = 1e-12


class Marginals(NamedTuple):
    """Class sizes of a batch of confusion matrices."""

    system: np.ndarray  # c_i. (..., C): items the system put in class i
    gold: np.ndarray  # c_.j (..., C): items whose gold class is j
    total: np.ndarray  # N (...)


def marginals(m: np.ndarray) -> Marginals:
    """System sizes ``c_i.``, gold sizes ``c_.j`` and the item count ``N`` (no copy of ``m``).

    ``einsum`` sums the short class axes several times faster than
    ``ndarray.sum`` over a batch of small matrices.
    """
    system = row_sums(m)
    return Marginals(system, column_sums(m), system.sum(axis=-1))


def row_sums(m: np.ndarray) -> np.ndarray:
    """``c_i.``: the sum of each row of ``(..., C, C)`` matrices."""
    return np.einsum("...ij->...i", m)


def column_sums(m: np.ndarray) -> np.ndarray:
    """``c_.j``: the sum of each column of ``(..., C, C)`` matrices."""
    return np.einsum("...ij->...j", m)


def safe_divide(num: np.ndarray | float, den: np.ndarray | float, fill: float = 0.0) -> np.ndarray:
    """``num / den`` where ``den != 0``, else ``fill`` (no warning, no NaN)."""
    a = np.asarray(num, dtype=float)
    b = np.asarray(den, dtype=float)
    if a.ndim == 0 and b.ndim == 0:  # one input: no masked division
        return np.asarray(a / b if b != 0 else fill, dtype=float)
    shape = a.shape if a.shape == b.shape else np.broadcast_shapes(a.shape, b.shape)
    out = np.full(shape, fill, dtype=float)
    np.divide(a, b, out=out, where=b != 0)
    return out


def total(x: np.ndarray) -> np.ndarray:
    """Sum over the two class axes of a ``(..., C, C)`` array."""
    return x.sum(axis=(-2, -1))


def frobenius(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``sum_ij a_ij b_ij`` over the two last axes, without the product array."""
    return np.einsum("...ij,...ij->...", a, b)


def weighted_total(m: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """``sum_ij w_ij c_ij`` with weights ``(C, C)`` shared by the batch or ``(..., C, C)``."""
    return frobenius(m, weights)


def quadratic_form(x: np.ndarray, weights: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``sum_ij x_i w_ij y_j``: vectors ``(..., C)``, weights ``(C, C)`` or ``(..., C, C)``."""
    row = x @ weights if weights.ndim == 2 else np.einsum("...i,...ij->...j", x, weights)
    return (row * y).sum(axis=-1)


def proportions(m: np.ndarray) -> np.ndarray:
    """``c_ij / N``: the matrix of a count-scale-invariant measure, kept away from under/overflow.

    Products of raw counts underflow for tiny fractional counts (1e-300 squared
    is 0) and grow large for huge ones; proportions avoid both.
    """
    return m / total(m)[..., None, None]


def pairwise_difference(values: np.ndarray) -> np.ndarray:
    """``v_i - v_j`` as ``(..., C, C)`` (rows i, columns j)."""
    return values[..., :, None] - values[..., None, :]


def index_distance(n_classes: int) -> np.ndarray:
    """``|i - j|`` in class positions, ``(C, C)``."""
    idx = np.arange(n_classes)
    return np.abs(idx[:, None] - idx[None, :]).astype(float)


def used_classes(sizes: np.ndarray) -> np.ndarray:
    """Number of classes with a positive size, ``(...)``."""
    return np.count_nonzero(sizes > 0, axis=-1)


def mid_cumulative(sizes: np.ndarray) -> np.ndarray:
    """``sum_{l<k} n_l + n_k / 2``: mid-rank positions of the classes (``(..., C)``).

    Items of class ``k`` occupy the ranks after the ``sum_{l<k} n_l`` items of
    lower classes; their average (mid-)rank is this value plus 1/2.  Distances
    between these positions are Krippendorff's ordinal metric and, up to a
    constant shift, Spearman's tied ranks.
    """
    return np.cumsum(sizes, axis=-1) - sizes / 2.0


def macro_mean(per_class: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Mean of ``per_class`` over the non-empty gold classes ``C+`` (never empty when N > 0)."""
    present = gold > 0
    return np.where(present, per_class, 0.0).sum(axis=-1) / np.count_nonzero(present, axis=-1)


def per_gold_class_error(m: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """``sum_i cost_ij c_ij / c_.j`` per gold class ``j`` (0 for empty gold classes)."""
    return safe_divide(np.einsum("...ij,...ij->...j", m, cost), column_sums(m))


def weighted_kappa(m: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``1 - sum w c / sum w E`` with ``E_ij = c_i. c_.j / N`` (Sakai 2021 eq. 5).

    The expected disagreement is the quadratic form ``p_s^T W p_g`` of the
    marginal proportions, so the expected matrix ``E`` is never built.
    Returns the scores and the mask where ``sum w E = 0`` (undefined).
    """
    sys, gold, n = marginals(m)
    observed_disagreement = weighted_total(m, weights) / n
    expected_disagreement = quadratic_form(sys / n[..., None], weights, gold / n[..., None])
    undefined = ~(expected_disagreement > 0)
    return 1.0 - safe_divide(observed_disagreement, expected_disagreement), undefined


def krippendorff_alpha(m: np.ndarray, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Krippendorff's alpha of the gold and system labels with ``delta_ij = |x_i - x_j|``.

    The 2N labels are pooled (``n_k = c_k. + c_.k``); an item with gold ``j``
    and system ``i != j`` adds one coincidence to ``o_ij`` and one to
    ``o_ji``, so ``sum_{i<j} o_ij delta^2_ij = sum_ij c_ij delta^2_ij``.
    Expected coincidences are ``e_ij = n_i n_j / (2N - 1)``.

    Returns the scores and the mask where the expected disagreement is 0 (a
    single class carries every label) or ``2N - 1 <= 0`` (fractional counts
    below one item).
    """
    sys, gold, n = marginals(m)
    pooled = sys + gold
    delta2 = pairwise_difference(positions)
    np.square(delta2, out=delta2)
    observed = weighted_total(m, delta2)
    pairs = 0.5 * quadratic_form(pooled, delta2, pooled)
    scale = 2.0 * n - 1.0
    undefined = ~(pairs > 0) | ~(scale > 0)
    return 1.0 - safe_divide(scale * observed, pairs), undefined


def scale_to_unit(positions: np.ndarray) -> np.ndarray:
    """Affinely map non-decreasing positions onto ``[0, 1]`` (keeps products small)."""
    low = positions[..., :1]
    span = positions[..., -1:] - low
    if positions.ndim == 1:  # one set of positions: one scalar division
        return np.zeros(positions.shape) if span[0] == 0 else (positions - low) / span
    return safe_divide(positions - low, span)


def pearson(m: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pearson correlation of the system positions ``x_i`` and gold positions ``y_j`` over items.

    Each of the ``c_ij`` items contributes the pair ``(x_i, y_j)``.  Undefined
    when either side puts every item in one class (zero variance).
    """
    sys, gold, n = marginals(m)
    sys = sys / n[..., None]
    gold = gold / n[..., None]
    x = scale_to_unit(x)
    y = scale_to_unit(y)
    dx = x - (sys * x).sum(axis=-1)[..., None]
    dy = y - (gold * y).sum(axis=-1)[..., None]
    cov = quadratic_form(dx, m, dy) / n
    den = np.sqrt((sys * dx**2).sum(axis=-1)) * np.sqrt((gold * dy**2).sum(axis=-1))
    undefined = (used_classes(sys) < 2) | (used_classes(gold) < 2) | ~(den > 0)
    return safe_divide(cov, den), undefined


def concordance(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Concordant and discordant item pairs, from cumulative sums (no O(N^2) loop).

    A pair of items is concordant when the system and the gold order them the
    same way strictly (``i < i'`` and ``j < j'``), discordant when strictly
    opposite; pairs tied on either side are neither.

    One cumulative array ``S_ij = sum_{i' <= i, j' <= j} c_i'j'`` gives both:
    the items concordant with an item in cell ``(i, j)`` and below it in both
    orders number ``S_{i-1, j-1}``; the discordant ones (lower system class,
    higher gold class) ``S_{i-1, C-1} - S_{i-1, j}``.
    """
    s = np.cumsum(m, axis=-2)
    np.cumsum(s, axis=-1, out=s)
    concordant = frobenius(m[..., 1:, 1:], s[..., :-1, :-1])
    upper_right = s[..., :-1, -1:] - s[..., :-1, :-1]
    discordant = frobenius(m[..., 1:, :-1], upper_right)
    return concordant, discordant


def cosine(m: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cosine between the system value vector ``v_s(d)`` and the gold one ``v_g(d)``.

    Undefined when either vector is all zeros (every item of that side in the
    class whose value is 0).
    """
    sys, gold, n = marginals(m)
    sys = sys / n[..., None]
    gold = gold / n[..., None]
    peak = np.max(np.abs(values), axis=-1, keepdims=True)
    v = safe_divide(values, peak)  # cosine ignores a common positive scale
    dot = quadratic_form(v, m, v) / n
    norm_sys = (sys * v**2).sum(axis=-1)
    norm_gold = (gold * v**2).sum(axis=-1)
    undefined = ~(norm_sys > 0) | ~(norm_gold > 0)
    return safe_divide(dot, np.sqrt(norm_sys) * np.sqrt(norm_gold)), undefined


def mutual_information(m: np.ndarray) -> np.ndarray:
    """Mutual information (bits) between the system and gold labels.

    ``sum p_ij log2(p_ij / (p_i. p_.j))`` over the non-empty cells, computed
    as ``H(system) + H(gold) - H(system, gold)`` from sums of ``p log2 p``
    (no product of small proportions underflows, and only the proportions
    and their logarithms are built at full size).  Rounding can leave the
    difference of entropies a few units of 1e-16 below 0; it is clipped.
    """
    sys, gold, n = marginals(m)
    p = m / n[..., None, None]
    joint = frobenius(p, _log2_where_positive(p))
    mi = joint - _plogp(sys / n[..., None]) - _plogp(gold / n[..., None])
    return np.maximum(mi, 0.0)


def _log2_where_positive(x: np.ndarray) -> np.ndarray:
    """``log2(x)`` where ``x > 0``, else 0."""
    return np.log2(x, out=np.zeros(x.shape), where=x > 0)


def _plogp(p: np.ndarray) -> np.ndarray:
    """``sum_k p_k log2 p_k`` over the last axis (``0 log 0 = 0``)."""
    return (p * _log2_where_positive(p)).sum(axis=-1)


def cem_closeness_counts(
    gold: np.ndarray, scale_type: ScaleType, values: np.ndarray | None = None
) -> np.ndarray:
    """``K_ij``: gold items at least as close to gold class ``j`` as system class ``i`` is.

    Amigó et al. (2020) Definition 1 at scale ``scale_type``; the gold items
    of the system class ``i`` itself count half (``c_.i / 2``), as in
    CEM^ORD.  Rows are system classes, columns gold classes.

    * ``ord``: ``c_.i/2 +`` the gold counts of the classes strictly after
      ``i`` up to and including ``j`` (mirrored for ``i > j``), computed as
      ``|m_i - m_j| + c_.j/2`` with mid-cumulative positions ``m``.
    * ``nom``: ``c_.i/2`` on the diagonal, ``N - c_.i/2`` elsewhere (every
      class is "closer" when ``i != j``).
    * ``int``: ``c_.i/2 +`` the gold counts of the classes ``x != i`` with
      ``|v_x - v_j| <= |v_i - v_j|`` (class values ``v``).
    """
    n = gold.sum(axis=-1)[..., None, None]
    half_row = (gold / 2.0)[..., :, None]
    if scale_type == "ord":
        mid = mid_cumulative(gold)
        return np.abs(pairwise_difference(mid)) + (gold / 2.0)[..., None, :]
    if scale_type == "nom":
        eye = np.eye(gold.shape[-1], dtype=bool)
        return np.where(eye, half_row, n - half_row)
    if values is None:
        raise ValueError("scale_type='int' needs class values")
    dist = np.abs(pairwise_difference(values))  # dist[x, j] = |v_x - v_j|
    c = gold.shape[-1]
    if values.ndim == 1:
        slack = DISTANCE_RTOL * float(np.max(np.abs(values)))
        # within[i, j, x]: class x is at least as close to j as class i is
        # (dist is symmetric, so dist[j, x] is |v_x - v_j|); shared by the batch
        within = dist[None, :, :] <= dist[:, :, None] + slack
        flat = within.reshape(c * c, c).T.astype(float)  # (x, i*C + j)
        counts = (gold @ flat).reshape(*gold.shape[:-1], c, c)
    else:
        # values differ along the batch: one gold class j at a time, O(batch x C x C)
        slack_b = DISTANCE_RTOL * np.max(np.abs(values), axis=-1)[..., None, None]
        shape = np.broadcast_shapes(gold.shape[:-1], values.shape[:-1])
        counts = np.empty((*shape, c, c))
        for j in range(c):
            to_j = dist[..., :, j]  # |v_x - v_j| for every class x
            within_j = to_j[..., None, :] <= to_j[..., :, None] + slack_b  # (i, x)
            counts[..., :, j] = np.matmul(within_j, gold[..., :, None])[..., 0]
    return counts - half_row


def cem_proximity_from_counts(k: np.ndarray, n: np.ndarray, *, log: bool) -> np.ndarray:
    """Turn closeness counts ``K`` into proximities.

    ``log=True``: ``-log2(K / N)`` with Sakai's floor ``K = 0.5`` where ``K = 0``
    (possible only in the column of an empty gold class, which no item uses).
    ``log=False`` (the "flat" variant): ``1 - K / N``.
    """
    return _proximity(k, n[..., None, None], log=log)


def _proximity(k: np.ndarray, n: np.ndarray, *, log: bool) -> np.ndarray:
    """:func:`cem_proximity_from_counts` with ``n`` already broadcast against ``k``."""
    if not log:
        return 1.0 - k / n
    out = np.where(k > 0, k, 0.5)
    np.divide(out, n, out=out)
    np.log2(out, out=out)
    # 0.0 - x turns -log2(1) = -0.0 into 0.0
    return np.subtract(0.0, out, out=out)


def cem_score(m: np.ndarray, prox: np.ndarray) -> np.ndarray:
    """``sum_ij prox_ij c_ij / sum_j prox_jj c_.j`` (the perfect system's sum)."""
    gold = column_sums(m)
    best = (np.diagonal(prox, axis1=-2, axis2=-1) * gold).sum(axis=-1)
    return frobenius(prox, m) / best


def cem_nominal_score(m: np.ndarray, *, log: bool) -> np.ndarray:
    """CEM^NOM without the ``(C, C)`` proximities: they take two values per class.

    ``K_jj = c_.j / 2`` on the diagonal and ``K_ij = N - c_.i / 2`` in row
    ``i`` off it (:func:`cem_closeness_counts`), so with ``d_j`` and ``o_i``
    their proximities the score is
    ``(sum_j d_j c_jj + sum_i o_i (c_i. - c_ii)) / sum_j d_j c_.j``.
    """
    system, gold, n = marginals(m)
    diagonal = np.diagonal(m, axis1=-2, axis2=-1)
    n = n[..., None]
    on = _proximity(gold / 2.0, n, log=log)
    off = _proximity(n - gold / 2.0, n, log=log)
    hits = (on * diagonal).sum(axis=-1)
    misses = (off * (system - diagonal)).sum(axis=-1)
    return (hits + misses) / (on * gold).sum(axis=-1)
