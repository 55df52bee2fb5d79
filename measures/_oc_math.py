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
(:func:`quadratic_form`; ``einsum``, not a multithreaded BLAS product),
concordant pairs come from one class-major cumulative array
(:func:`concordance`), and CEM^INT's closeness counts are one product of the
gold sizes with a ``(C, C, C)`` indicator shared by the batch (CEM^NOM needs
no ``(C, C)`` array at all).

Logarithms of whole batches of cells cost more than everything else in a
kernel, so the common case of integer counts reads them from a table
(:func:`table_limit`, :func:`integer_counts`): mutual information sums
``n log2 n`` over the cells, the row and column sums and ``N``
(:func:`mutual_information`), and CEM reads ``log2(2K)`` for the integer
``2K`` (:func:`cem_score_from_gold`).  Fractional counts take the
proportion formulas.  ``tests/test_fast_paths.py`` checks each against the
straightforward formula.
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
    return Marginals(system, column_sums(m), np.einsum("...i->...", system))


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


def dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``sum_k a_k b_k`` over the class axis, without the product array (``einsum``)."""
    return np.einsum("...k,...k->...", a, b)


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
    # einsum, not ``x @ weights``: a (batch, C) x (C, C) product goes to a multithreaded
    # BLAS, whose thread start-up costs more than the product on small class counts
    spec = "...i,ij->...j" if weights.ndim == 2 else "...i,...ij->...j"
    return np.einsum("...j,...j->...", np.einsum(spec, x, weights), y)


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
    running = np.array(sizes, dtype=float)
    for k in range(1, sizes.shape[-1]):  # cumsum column by column, in cumsum's order
        running[..., k] += running[..., k - 1]
    running -= sizes / 2.0
    return running


def macro_mean(per_class: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Mean of ``per_class`` over the non-empty gold classes ``C+`` (never empty when N > 0)."""
    present = gold > 0
    return dot(per_class, present) / np.count_nonzero(present, axis=-1)


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


def krippendorff_alpha(
    m: np.ndarray, positions: np.ndarray, margins: Marginals | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Krippendorff's alpha of the gold and system labels with ``delta_ij = |x_i - x_j|``.

    The 2N labels are pooled (``n_k = c_k. + c_.k``); an item with gold ``j``
    and system ``i != j`` adds one coincidence to ``o_ij`` and one to
    ``o_ji``, so ``sum_{i<j} o_ij delta^2_ij = sum_ij c_ij delta^2_ij``.
    Expected coincidences are ``e_ij = n_i n_j / (2N - 1)``.

    Returns the scores and the mask where the expected disagreement is 0 (a
    single class carries every label) or ``2N - 1 <= 0`` (fractional counts
    below one item).  ``margins``: :func:`marginals` of ``m`` when the caller has them.
    """
    sys, gold, n = marginals(m) if margins is None else margins
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


def pearson(
    m: np.ndarray, x: np.ndarray, y: np.ndarray, margins: Marginals | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Pearson correlation of the system positions ``x_i`` and gold positions ``y_j`` over items.

    Each of the ``c_ij`` items contributes the pair ``(x_i, y_j)``.  Undefined
    when either side puts every item in one class (zero variance).
    ``margins``: :func:`marginals` of ``m`` when the caller has them.
    """
    sys, gold, n = marginals(m) if margins is None else margins
    sys = sys / n[..., None]
    gold = gold / n[..., None]
    x = scale_to_unit(x)
    y = scale_to_unit(y)
    dx = x - dot(sys, x)[..., None]
    dy = y - dot(gold, y)[..., None]
    cov = quadratic_form(dx, m, dy) / n
    den = np.sqrt(dot(sys, dx**2)) * np.sqrt(dot(gold, dy**2))
    undefined = (used_classes(sys) < 2) | (used_classes(gold) < 2) | ~(den > 0)
    return safe_divide(cov, den), undefined


def concordance(m: np.ndarray, scale: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Concordant and discordant item pairs, from cumulative sums (no O(N^2) loop).

    A pair of items is concordant when the system and the gold order them the
    same way strictly (``i < i'`` and ``j < j'``), discordant when strictly
    opposite; pairs tied on either side are neither.

    One cumulative array ``S_ij = sum_{i' <= i, j' <= j} c_i'j'`` gives both:
    the items concordant with an item in cell ``(i, j)`` and below it in both
    orders number ``S_{i-1, j-1}``; the discordant ones (lower system class,
    higher gold class) ``S_{i-1, C-1} - S_{i-1, j}``.

    The matrices are first copied class-major, ``(C, C, batch)`` (times
    ``scale``, ``(...)``, in the same pass when given: tau-b counts
    proportions), so that each step of the running sums adds two contiguous
    rows of the batch; ``numpy.cumsum`` along a short class axis is several
    times slower.  The additions are those of ``cumsum``, in its order.
    """
    found = concordance_and_margins(m, scale)
    return found.concordant, found.discordant


class Concordance(NamedTuple):
    """Concordant and discordant pairs, and the class sizes, of a batch of matrices."""

    concordant: np.ndarray  # (...)
    discordant: np.ndarray  # (...)
    system: np.ndarray  # (..., C): c_i. (times the scale)
    gold: np.ndarray  # (..., C): c_.j (times the scale)


def concordance_and_margins(m: np.ndarray, scale: np.ndarray | None = None) -> Concordance:
    """:func:`concordance` plus the class sizes, read off the same class-major arrays.

    The gold sizes are the last row of the running sums down the system
    classes; the system sizes one sum over the gold axis of the copy.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    mt = _class_major(m, scale)
    s = mt.copy()
    for i in range(1, c):
        s[i] += s[i - 1]
    gold = s[-1].T.reshape(*batch, c).copy()  # s changes below
    for j in range(1, c):
        s[:, j] += s[:, j - 1]
    concordant = np.einsum("ijb,ijb->b", mt[1:, 1:], s[:-1, :-1])
    upper_right = s[:-1, -1:] - s[:-1, :-1]
    discordant = np.einsum("ijb,ijb->b", mt[1:, :-1], upper_right)
    system = mt.sum(axis=1).T.reshape(*batch, c)
    return Concordance(concordant.reshape(batch), discordant.reshape(batch), system, gold)


def _class_major(m: np.ndarray, scale: np.ndarray | None = None) -> np.ndarray:
    """A class-major copy ``(C, C, batch)`` of ``(..., C, C)`` matrices (times ``scale``)."""
    c = m.shape[-1]
    flat = m.reshape(-1, c * c).T  # a view (C*C, batch)
    out = np.empty(flat.shape)
    if scale is None:
        np.copyto(out, flat)
    else:
        np.multiply(flat, np.reshape(scale, -1), out=out)
    return out.reshape(c, c, -1)


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
    inner = quadratic_form(v, m, v) / n
    norm_sys = dot(sys, v**2)
    norm_gold = dot(gold, v**2)
    undefined = ~(norm_sys > 0) | ~(norm_gold > 0)
    return safe_divide(inner, np.sqrt(norm_sys) * np.sqrt(norm_gold)), undefined


def mutual_information(m: np.ndarray) -> np.ndarray:
    """Mutual information (bits) between the system and gold labels.

    ``sum p_ij log2(p_ij / (p_i. p_.j))`` over the non-empty cells, computed
    as ``H(system) + H(gold) - H(system, gold)`` from sums of ``p log2 p``
    (no product of small proportions underflows).  Integer counts up to
    :func:`table_limit` (the usual case) read ``n log2 n`` from a table
    (:func:`_integer_mutual_information`): one gather per cell instead of a
    logarithm.  Rounding can leave the difference of entropies a few units
    of 1e-16 below 0; it is clipped.
    """
    table_path = _integer_mutual_information(m)
    if table_path is not None:
        return table_path
    sys, gold, n = marginals(m)
    p = m / n[..., None, None]
    joint = frobenius(p, _log2_where_positive(p))
    mi = joint - _plogp(sys / n[..., None]) - _plogp(gold / n[..., None])
    return np.maximum(mi, 0.0)


def table_limit(size: int) -> int:
    """Largest integer whose logarithm a kernel reads from a table, for an input of ``size`` cells.

    A table of ``L`` logarithms costs about as much as ``L`` logarithms of
    the input, so it pays while ``L`` stays a fraction of the input (and
    small tables always pay).
    """
    return max(4096, size // 4)


def integer_counts(x: np.ndarray, limit: int) -> np.ndarray | None:
    """``x`` as ``int64`` when every entry is an integer in ``[0, limit]``, else ``None``.

    Three passes: the maximum (NaN fails ``<=``), the conversion, and the
    comparison with the original (a fractional count fails it).
    """
    if x.size == 0 or not x.max() <= limit:
        return None
    ints = x.astype(np.int64)
    if not bool((ints == x).all()):
        return None
    return ints


def _xlog2x_table(top: int) -> np.ndarray:
    """``k log2 k`` for ``k = 0 .. top`` (``0 log 0 = 0``)."""
    k = np.arange(top + 1, dtype=float)
    return k * _log2_where_positive(k)


def _integer_mutual_information(m: np.ndarray) -> np.ndarray | None:
    """MI of integer counts from a table of ``n log2 n``; ``None`` when the counts do not fit one.

    With row sums ``r_i``, column sums ``c_j`` and ``N``::

        MI = (sum n_ij log n_ij - sum r_i log r_i - sum c_j log c_j + N log N) / N,

    the entropy form of the docstring multiplied through by ``N``.  Every
    ``n log2 n`` is a table entry computed once (``log2`` of the same
    integer as the proportion form takes, up to the division by ``N``).
    """
    limit = table_limit(m.size)
    cells = integer_counts(m, limit)
    if cells is None:
        return None
    system = np.einsum("...ij->...i", cells)
    gold = np.einsum("...ij->...j", cells)
    n = system.sum(axis=-1)
    top = int(n.max()) if n.size else 0
    if top > limit:
        return None
    table = _xlog2x_table(top)
    joint = np.einsum("...ij->...", table.take(cells))
    margins = table.take(system).sum(axis=-1) + table.take(gold).sum(axis=-1)
    mi = (joint - margins + table.take(n)) / n
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
        counts = np.einsum("...x,xk->...k", gold, flat).reshape(*gold.shape[:-1], c, c)
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


def cem_score_from_gold(
    m: np.ndarray, scale_type: ScaleType, values: np.ndarray | None, *, log: bool
) -> np.ndarray:
    """CEM at ``scale_type`` without the ``(..., C, C)`` proximity array where the algebra allows.

    ``sum_ij prox_ij c_ij`` needs the proximities only inside one sum over
    the cells, so:

    * ``log=False`` (flat): ``prox = 1 - K / N`` gives the score
      ``(N - sum c K / N) / (N - sum_j c_.j K_jj / N)``, no logarithm;
    * integer gold counts (:func:`integer_counts`): ``2 K`` is an integer up
      to ``2 N`` (``K`` counts whole items and halves of ``c_.i``), so
      ``prox = log2(2N) - log2(2K)`` reads ``log2(2K)`` from one table of
      ``log2 t`` for ``t = 0 .. 2N`` (``t = 0`` holds 0: Sakai's floor
      ``K = 0.5``, ``2K = 1``), and the score is
      ``(N log2 2N - sum c log2 2K) / (N log2 2N - sum_j c_.j log2 2K_jj)``;
      ``N log2 2N`` exceeds either sum by at least ``N`` (every diagonal
      proximity is at least 1), so the subtraction loses nothing that shows;
    * otherwise :func:`cem_closeness_counts`, :func:`cem_proximity_from_counts`
      and :func:`cem_score`.
    """
    gold = column_sums(m)
    if log:
        twice = _twice_integer_closeness(gold, scale_type, values)
        if twice is not None:
            twice_k, n, top = twice
            table = np.zeros(top + 1)
            np.log2(np.arange(1, top + 1, dtype=float), out=table[1:])
            whole = n * table.take(2 * n)  # N log2(2N)
            inside = np.einsum("...ij,...ij->...", m, table.take(twice_k))
            diagonal = table.take(np.diagonal(twice_k, axis1=-2, axis2=-1))
            return (whole - inside) / (whole - (diagonal * gold).sum(axis=-1))
    k = cem_closeness_counts(gold, scale_type, values)
    if not log:
        n = gold.sum(axis=-1)
        inside = frobenius(m, k) / n
        best = (np.diagonal(k, axis1=-2, axis2=-1) * gold).sum(axis=-1) / n
        return (n - inside) / (n - best)
    return cem_score(m, cem_proximity_from_counts(k, gold.sum(axis=-1), log=True))


def _twice_integer_closeness(
    gold: np.ndarray, scale_type: ScaleType, values: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, int] | None:
    """``2 K`` as ``int64``, ``N`` and the table size, for integer gold counts; else ``None``."""
    limit = table_limit(gold.size * gold.shape[-1])
    counts = integer_counts(gold, limit)
    if counts is None:
        return None
    n = counts.sum(axis=-1)
    top = 2 * int(n.max()) if n.size else 0
    if top > limit:
        return None
    if scale_type == "ord":
        # 2 m_k = 2 (c_0 + ... + c_k) - c_k; 2 K_ij = |2 m_i - 2 m_j| + c_j
        twice_mid = 2 * np.cumsum(counts, axis=-1) - counts
        twice_k = np.abs(twice_mid[..., :, None] - twice_mid[..., None, :])
        twice_k += counts[..., None, :]
        return twice_k, n, top
    bounds = None if values is None or values.ndim != 1 else _closer_intervals(values)
    if bounds is not None:
        # the classes at least as close to j as i is are one run lo..hi of positions
        low, high = bounds
        prefix = np.zeros((*counts.shape[:-1], counts.shape[-1] + 1), dtype=np.int64)
        np.cumsum(counts, axis=-1, out=prefix[..., 1:])
        closer = prefix.take(high + 1, axis=-1) - prefix.take(low, axis=-1)
        closer *= 2
        closer -= counts[..., :, None]  # the class i itself counts half
        return closer, n, top
    k = cem_closeness_counts(gold, scale_type, values)  # half-integers, exact in floating point
    return (2.0 * k).astype(np.int64), n, top


def _closer_intervals(values: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """First and last class positions at least as close to ``j`` as ``i`` is, ``(C, C)`` each.

    With strictly increasing values, ``|v_x - v_j|`` falls then rises along
    ``x`` (rounding is monotone too), so those classes form one run of
    positions; the run is checked against the indicator of
    :func:`cem_closeness_counts` (``None`` if it is not one run).
    """
    c = values.shape[-1]
    dist = np.abs(pairwise_difference(values))
    slack = DISTANCE_RTOL * float(np.max(np.abs(values)))
    within = dist[None, :, :] <= dist[:, :, None] + slack  # [i, j, x], as in the counts
    low = within.argmax(axis=-1)
    high = c - 1 - within[..., ::-1].argmax(axis=-1)
    if not bool((within.sum(axis=-1) == high - low + 1).all()):
        return None
    return low, high


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
    hits = dot(on, diagonal)
    misses = dot(off, system - diagonal)
    return (hits + misses) / dot(on, gold)
