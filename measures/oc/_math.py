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
disagreements are quadratic forms of the marginals (:func:`quadratic_form`;
``einsum``, not a multithreaded BLAS product, whose spinning threads cost
more CPU time than the product), covariances and Krippendorff's
disagreements are moments of centred positions with one :func:`bilinear`
form (Spearman's with both sides stacked, :func:`mid_rank_correlation`),
Kendall's ``P - Q`` comes from three running sums of a class-major copy,
in ``int16`` for blocks of small integer counts (:func:`pair_balance`), and
CEM builds ``2K`` from the gold sizes' running sums
(:func:`cem_score_from_gold`; CEM^ORD_flat needs only signed row and column
sums, CEM^NOM no ``(C, C)`` array at all).

Along the short class axis of ``(b, C)`` arrays NumPy's reductions and
running sums cost several times what they cost on whole rows, so the class
sizes of a batch are kept class-major, one contiguous row of the batch per
class (:func:`class_sizes`, :func:`running_mid`, :func:`class_dot`).
Kernels whose per-matrix steps are ``(C, C, b)`` arrays prepare what depends
on the marginals once for the whole batch and run those steps block by
block (:func:`~.._matrices.blocks.block_slices`) in reused buffers
(:func:`~.._matrices.blocks.scratch`).

Logarithms of whole batches of cells cost more than everything else in a
kernel, so the common case of integer counts reads them from a table
(:func:`table_limit`, :func:`integer_counts`): mutual information sums
``n log2 n`` over the cells, the row and column sums and ``N``
(:func:`mutual_information`), and CEM reads ``log2(2K)`` for the integer
``2K`` (:func:`cem_score_from_gold`; CEM^ORD from a grid indexed by one
addition per cell).  Fractional counts take the proportion formulas.
``tests/test_fast_paths.py`` checks each against the straightforward formula.
"""

from __future__ import annotations

import functools
from typing import Literal, NamedTuple

import numpy as np

from .._matrices.blocks import block_slices, scratch

ScaleType = Literal["ord", "nom", "int"]

#: ``numpy.vecdot`` (NumPy >= 2.0): a sum of products along the last axis that
#: also reads a transposed operand without a copy; ``einsum`` otherwise.
_VECDOT = getattr(np, "vecdot", None)

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


class ClassSizes(NamedTuple):
    """Class sizes of a batch of ``b`` confusion matrices, class-major: one row per class."""

    system: np.ndarray  # (C, b): c_i.
    gold: np.ndarray  # (C, b): c_.j
    total: np.ndarray  # (b,): N


def class_sizes(m: np.ndarray) -> ClassSizes:
    """:func:`marginals` of ``(..., C, C)`` matrices as class-major rows, the batch flattened.

    Sums over the classes, running sums and centring then work on whole
    contiguous rows of the batch; along a short last axis of ``(b, C)``
    arrays the same steps cost several times more.
    """
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    # einsum sums into (b, C) rows fastest; one small transposed copy makes them class-major
    system = np.ascontiguousarray(np.einsum("bij->bi", flat).T)
    gold = np.ascontiguousarray(np.einsum("bij->bj", flat).T)
    return ClassSizes(system, gold, np.add.reduce(system, axis=0))


def _broadcast_matrices(m: np.ndarray, *positions: np.ndarray) -> np.ndarray:
    """``m`` broadcast to the batch shape it shares with positions ``(..., C)`` (a view)."""
    shapes = [x.shape[:-1] for x in positions if x.ndim > 1]
    batch = np.broadcast_shapes(m.shape[:-2], *shapes)
    return m if batch == m.shape[:-2] else np.broadcast_to(m, (*batch, *m.shape[-2:]))


def by_class(x: np.ndarray, batch: tuple[int, ...]) -> np.ndarray:
    """Positions ``(C,)`` or ``(..., C)`` as class-major rows: ``(C, 1)`` or ``(C, b)``."""
    if x.ndim == 1:
        return x[:, None]
    c = x.shape[-1]
    return np.ascontiguousarray(np.broadcast_to(x, (*batch, c)).reshape(-1, c).T)


def running_mid(sizes: np.ndarray) -> np.ndarray:
    """:func:`mid_cumulative` of class-major sizes ``(C, ...)``, row by row in the same order."""
    out = np.empty(sizes.shape)
    np.copyto(out[0], sizes[0])
    for k in range(1, sizes.shape[0]):
        np.add(out[k - 1], sizes[k], out=out[k])
    out -= sizes / 2.0
    return out


def class_dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``sum_k a_k b_k`` of class-major rows ``(C, b)`` (either may be ``(C, 1)``)."""
    if a.shape[1] == 1 and b.shape[1] != 1:
        a, b = b, a
    if b.shape[1] == 1:
        return np.einsum("kb,k->b", a, b[:, 0])
    return np.einsum("kb,kb->b", a, b)


def bilinear(m: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``sum_ij x_i c_ij y_j`` of each matrix; positions as class-major ``(C, b)`` or ``(C, 1)``.

    Two ``einsum`` contractions, the matrices against ``y`` along their rows,
    then against ``x``; no product array of the cells.
    """
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    if y.shape[1] == 1:
        rows = np.einsum("bij,j->bi", flat, y[:, 0])
    else:
        rows = np.einsum("bij,bj->bi", flat, np.ascontiguousarray(y.T))
    return class_dot(rows.T, x)


def krippendorff_alpha(
    m: np.ndarray, positions: np.ndarray, sizes: ClassSizes | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Krippendorff's alpha of the gold and system labels with ``delta_ij = |x_i - x_j|``.

    The 2N labels are pooled (``n_k = c_k. + c_.k``); an item with gold ``j``
    and system ``i != j`` adds one coincidence to ``o_ij`` and one to
    ``o_ji``, so ``sum_{i<j} o_ij delta^2_ij = sum_ij c_ij delta^2_ij``.
    Expected coincidences are ``e_ij = n_i n_j / (2N - 1)``.

    No ``(C, C)`` distance array: with the positions centred on their pooled
    mean, ``y = x - sum_k n_k x_k / 2N``, the two sums are moments::

        sum_ij c_ij (y_i - y_j)^2 = sum_k n_k y_k^2 - 2 sum_ij y_i c_ij y_j,
        1/2 sum_kl n_k n_l (y_k - y_l)^2 = 2N sum_k n_k y_k^2 - (sum_k n_k y_k)^2,

    one :func:`bilinear` form and sums over the classes; centring keeps the
    subtraction as exact as the distances it replaces (a single class
    carrying every label gives ``y = 0`` exactly).

    ``positions``: ``(C,)`` or ``(..., C)``, or class-major rows ``(C, b)``
    when ``sizes`` (:func:`class_sizes` of ``m``) is given.  Returns the
    scores and the mask where the expected disagreement is 0 (a single class
    carries every label) or ``2N - 1 <= 0`` (fractional counts below one item).
    """
    if sizes is None:
        m = _broadcast_matrices(m, positions)
        sizes = class_sizes(m)
        positions = by_class(positions, m.shape[:-2])
    batch = m.shape[:-2]
    pooled = sizes.system + sizes.gold
    labels = 2.0 * sizes.total
    y = positions - class_dot(pooled, positions) / labels
    spread = class_dot(pooled, y * y)
    observed = spread - 2.0 * bilinear(m, y, y)
    balance = class_dot(pooled, y)
    pairs = labels * spread - balance * balance
    scale = labels - 1.0
    undefined = ~(pairs > 0) | ~(scale > 0)
    return (1.0 - safe_divide(scale * observed, pairs)).reshape(batch), undefined.reshape(batch)


def scale_to_unit(positions: np.ndarray) -> np.ndarray:
    """Affinely map non-decreasing positions onto ``[0, 1]`` (keeps products small)."""
    low = positions[..., :1]
    span = positions[..., -1:] - low
    if positions.ndim == 1:  # one set of positions: one scalar division
        return np.zeros(positions.shape) if span[0] == 0 else (positions - low) / span
    return safe_divide(positions - low, span)


def pearson(
    m: np.ndarray,
    x: np.ndarray,
    y: np.ndarray,
    sizes: ClassSizes | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Pearson correlation of the system positions ``x_i`` and gold positions ``y_j`` over items.

    Each of the ``c_ij`` items contributes the pair ``(x_i, y_j)``.  Undefined
    when either side puts every item in one class (zero variance: the shares
    are exact quotients, so the single class's share is 1 and its centred
    position 0).  ``x``, ``y``: ``(C,)`` or ``(..., C)`` (mapped onto
    ``[0, 1]`` first), or, when ``sizes`` (:func:`class_sizes` of ``m``) is
    given, class-major rows ``(C, b)`` already in ``[0, 1]``.  The
    covariance of the centred positions is one :func:`bilinear` form.
    """
    if sizes is None:
        m = _broadcast_matrices(m, x, y)
        sizes = class_sizes(m)
        x = by_class(scale_to_unit(x), m.shape[:-2])
        y = by_class(scale_to_unit(y), m.shape[:-2])
    batch = m.shape[:-2]
    n = sizes.total
    sys = sizes.system / n
    gold = sizes.gold / n
    dx = x - class_dot(sys, x)
    dy = y - class_dot(gold, y)
    cov = bilinear(m, dx, dy) / n
    den = np.sqrt(class_dot(sys, dx * dx)) * np.sqrt(class_dot(gold, dy * dy))
    return safe_divide(cov, den).reshape(batch), ~(den > 0).reshape(batch)


def mid_rank_correlation(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Spearman's rho: :func:`pearson` of the mid-rank shares of the system and gold classes.

    The mid-ranks ``sum_{l<k} p_l + p_k / 2`` of the class shares ``p = c / N``
    lie in ``[0, 1]`` (Pearson ignores the common scale).  The system and gold
    sides are stored side by side, class-major ``(C, 2, b)``, so that each
    step on the positions (shares, running sums, centring, squares) is one
    operation for both; every number is the one :func:`pearson` computes from
    :func:`class_sizes` and :func:`running_mid` (the same operations in the
    same order, element by element).  Returns the scores and the mask where a
    side puts every item in one class.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    shares = np.empty((c, 2, flat.shape[0]))
    np.copyto(shares[:, 0], np.einsum("bij->bi", flat).T)
    np.copyto(shares[:, 1], np.einsum("bij->bj", flat).T)
    n = np.add.reduce(shares[:, 0], axis=0)
    shares /= n
    mid = running_mid(shares)
    means = np.stack([class_dot(shares[:, s], mid[:, s]) for s in range(2)])
    mid -= means
    cov = bilinear(m, mid[:, 0], mid[:, 1]) / n
    spread = mid * mid
    variances = np.sqrt(np.stack([class_dot(shares[:, s], spread[:, s]) for s in range(2)]))
    den = variances[0] * variances[1]
    return safe_divide(cov, den).reshape(batch), ~(den > 0).reshape(batch)


class PairBalance(NamedTuple):
    """Concordant minus discordant item pairs, and the class sizes, of a batch of matrices.

    The class sizes are class-major, one row per class (``(C, b)`` for ``b``
    matrices), as the kernel computes them; reductions over the classes are
    then sums of whole rows.
    """

    difference: np.ndarray  # (...): P - Q (times the scale squared)
    system: np.ndarray  # (C, b): c_i. (times the scale), a view of ``sizes``
    gold: np.ndarray  # (C, b): c_.j (times the scale), a view of ``sizes``
    squares: np.ndarray | None  # (...): sum_ij c_ij^2 (times the scale squared), when asked
    sizes: np.ndarray  # (C, 2, b): system and gold sizes side by side, one row per class


#: Largest item count ``N`` of a matrix whose pairs :func:`pair_balance` counts in ``int16``:
#: ``P`` and ``Q`` are at most ``N (N - 1) / 2 = 32640 < 2**15``.
SMALL_COUNTS = 256


def pair_balance(
    m: np.ndarray, scale: np.ndarray | None = None, *, squares: bool = False
) -> PairBalance:
    """``P - Q``, concordant minus discordant item pairs, from running sums (no O(N^2) loop).

    A pair of items is concordant when the system and the gold order them the
    same way strictly (``i < i'`` and ``j < j'``), discordant when strictly
    opposite; pairs tied on either side are neither.  With ``U_ij`` the items
    of gold class ``j`` in the system classes before ``i`` (running sums down
    the system classes), and ``A_ij`` and ``B_ij`` the items of system class
    ``i`` in the gold classes after and before ``j`` (running sums along the
    row, from either end)::

        P = sum_ij U_ij A_ij,    Q = sum_ij U_ij B_ij,

    sums of non-negative products, subtracted once at the end (as exact as
    the two counts).  Block by block (:func:`~.._matrices.blocks.block_slices`, one set
    of buffers for all), the matrices are copied class-major, ``(C, C, b)``
    (times ``scale``, ``(...)``, when given), so that each step of the
    running sums adds contiguous rows of the batch; the sums along the rows
    are stored gold-class-major, so that no step reads and writes
    interleaved views of one array.  Integer counts give exact integers
    (below ``2**53``).  ``squares=True`` also returns ``sum_ij c_ij^2``.  The
    system and gold sizes are stored side by side (``sizes``, ``(C, 2, b)``),
    so that :func:`untied_pairs` reduces both in one pass.

    Blocks of integer counts with at most :data:`SMALL_COUNTS` items per
    matrix (the usual case: one matrix per topic) are copied and summed in
    ``int16``, a quarter of the bytes: every running sum is at most ``N`` and
    ``P``, ``Q`` at most ``N (N - 1) / 2``, so the integers are exact and
    equal to the float path's.  A block is checked first (``N`` from its
    cells, then ``trunc(c) == c``); after one block fails, the remaining
    blocks skip the check.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    flat = m.reshape(-1, c * c)
    size = flat.shape[0]
    factor = None if scale is None else np.reshape(scale, -1)
    difference = np.empty(size)
    sq = np.empty(size) if squares else None
    sizes = np.empty((c, 2, size))
    system, gold = sizes[:, 0], sizes[:, 1]
    blocks = block_slices(size, c * c)
    widest = max((b.stop - b.start for b in blocks), default=0)
    small = factor is None and c * c * widest > 0
    for block in blocks:
        width = block.stop - block.start
        part = flat[block]
        if small:
            small = _small_integer_counts(part)
        dtype = np.int16 if small else np.float64
        # (i, j, b), (i, j, b), (j, i, b), (j, i, b)
        buffers = scratch("kendall running sums", (4, c, c, widest), dtype)
        cells, earlier, after, before = buffers[..., :width]
        rows = cells.reshape(c * c, width)
        if factor is None:
            np.copyto(rows, part.T, casting="unsafe")  # exact: checked integers when int16
        else:
            np.multiply(part.T, factor[block], out=rows)
        earlier[0] = 0
        for i in range(1, c):
            np.add(earlier[i - 1], cells[i - 1], out=earlier[i])
        np.add(earlier[-1], cells[-1], out=gold[:, block], casting="unsafe")
        before[0] = 0
        for j in range(1, c):
            np.add(before[j - 1], cells[:, j - 1], out=before[j])
        np.add(before[-1], cells[:, -1], out=system[:, block], casting="unsafe")
        after[-1] = 0
        for j in range(c - 2, -1, -1):
            np.add(after[j + 1], cells[:, j + 1], out=after[j])
        concordant = np.einsum("ijb,jib->b", earlier, after)
        discordant = np.einsum("ijb,jib->b", earlier, before)
        np.subtract(concordant, discordant, out=difference[block], dtype=np.float64)
        if sq is not None:
            sq[block] = np.einsum("bk,bk->b", part, part) if small else _row_squares(rows)
    return PairBalance(
        difference.reshape(batch), system, gold, None if sq is None else sq.reshape(batch), sizes
    )


def _small_integer_counts(cells: np.ndarray) -> bool:
    """Whether matrices ``(b, C * C)`` hold integer counts with ``N <= SMALL_COUNTS`` each.

    ``N`` first (one sum per matrix; the counts are non-negative, so every
    cell is at most ``N`` and fits ``int16``), then ``trunc(c) == c`` in a
    reused buffer: exact, whatever the fractional part.
    """
    if not np.einsum("bk->b", cells).max() <= SMALL_COUNTS:
        return False
    truncated = np.trunc(cells, out=scratch("kendall integer check", cells.shape))
    return bool(np.array_equal(truncated, cells))


def _row_squares(rows: np.ndarray) -> np.ndarray:
    """``sum_k x_k^2`` of each column of class-major cells ``(C * C, b)``."""
    return np.einsum("kb,kb->b", rows, rows)


def untied_pairs(sizes: np.ndarray) -> np.ndarray:
    """``N^2 - sum_k n_k^2 = 2 sum_k n_k sum_{l<k} n_l`` of class-major sizes ``(C, ...)``.

    Twice the pairs of items in different classes, summed over pairs of
    classes: non-negative terms only, so one dominant class next to a few
    items loses nothing (``N^2 - sum n^2`` would cancel).  Exactly 0 when at
    most one class is non-empty (every term has a zero factor).  The
    trailing axes are kept: ``(C, 2, b)`` sizes (:attr:`PairBalance.sizes`)
    give both sides' counts in one pass.
    """
    shape = sizes.shape[1:]
    below = np.zeros(shape)
    product = np.empty(shape)
    total = np.zeros(shape)
    for k in range(1, sizes.shape[0]):
        below += sizes[k - 1]
        total += np.multiply(sizes[k], below, out=product)
    return 2.0 * total


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
    of 1e-16 below 0; it is clipped.  Large batches go block by block
    (:func:`~.._matrices.blocks.block_slices`).
    """
    table_path = _integer_mutual_information(m)
    if table_path is not None:
        return table_path
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    mi = np.empty(flat.shape[0])
    for block in block_slices(flat.shape[0], c * c):
        part = flat[block]
        sys, gold, n = marginals(part)
        p = part / n[..., None, None]
        joint = frobenius(p, _log2_where_positive(p))
        mi[block] = joint - _plogp(sys / n[..., None]) - _plogp(gold / n[..., None])
    return np.maximum(mi, 0.0).reshape(m.shape[:-2])


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
    The class sizes are summed once for the whole batch; the cells go block
    by block through :func:`_integer_cell_sums`.
    """
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    system = np.einsum("bij->bi", flat)
    gold = np.einsum("bij->bj", flat)
    n = np.einsum("bi->b", system)
    limit = table_limit(m.size)
    top = int(n.max()) if n.size else 0
    if not top <= limit:
        return None
    table = _xlog2x_table(top)
    joint = _integer_cell_sums(m.reshape(-1, c * c), table)
    if joint is None:
        return None
    # the class sizes are integers too (the cells are): read their n log2 n from the table
    margins = np.einsum("bk->b", table.take(system.astype(np.int64)))
    margins += np.einsum("bk->b", table.take(gold.astype(np.int64)))
    mi = (joint - margins + table.take(n.astype(np.int64))) / n
    return np.maximum(mi, 0.0).reshape(m.shape[:-2])


#: ``2**52``: added to an integer in ``[0, 2**52)``, it leaves the integer in the low
#: bits of the sum's bit pattern (:func:`_integer_cell_sums`).
_SHIFT = 2.0**52
_SHIFT_BITS = int(np.array(_SHIFT).view(np.int64))


def _integer_cell_sums(cells: np.ndarray, table: np.ndarray) -> np.ndarray | None:
    """``sum_k table[c_k]`` of each row of counts ``(b, K)``; ``None`` if a count is not an integer.

    Every count is at most ``N``, which the table covers.  Block by block,
    one addition of ``2**52`` rounds each count to an integer held in the low
    bits of the sum (NumPy has no vectorised float-to-int64 conversion on
    AVX2), the difference with ``2**52`` tells whether it was one, and the
    bit pattern minus that of ``2**52`` indexes the table.
    """
    size, width = cells.shape
    out = np.empty(size)
    blocks = block_slices(size, width)
    widest = max((b.stop - b.start for b in blocks), default=0)
    shifted_buffer = scratch("mi shifted counts", (widest, width))
    back_buffer = scratch("mi counts back", (widest, width))
    for block in blocks:
        part = cells[block]
        rows = block.stop - block.start
        shifted = np.add(part, _SHIFT, out=shifted_buffer[:rows])
        back = np.subtract(shifted, _SHIFT, out=back_buffer[:rows])
        if not np.array_equal(back, part):
            return None
        index = shifted.view(np.int64)
        np.subtract(index, _SHIFT_BITS, out=index)
        out[block] = np.einsum("bk->b", table.take(index, out=back, mode="wrap"))
    return out


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
    if scale_type == "ord" and not log:
        return _cem_ordinal_flat(m)
    runs = _closeness_runs(m.shape[-1], scale_type, values)
    if runs is not None:
        return _cem_from_runs(m, runs, log=log, ordinal=scale_type == "ord")
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


def _cem_ordinal_flat(m: np.ndarray) -> np.ndarray:
    """CEM^ORD_flat from three sums over the classes: its proximity is linear in ``K``.

    ``2 K_ij = |2m_i - 2m_j| + c_.j`` with non-decreasing mid-cumulative
    positions ``m``, so ``|2m_i - 2m_j| = s_ij (2m_i - 2m_j)`` with ``s_ij =
    sign(i - j)``, and::

        sum_ij c_ij 2K_ij = sum_i 2m_i sum_j s_ij c_ij - sum_j 2m_j sum_i s_ij c_ij
                            + sum_j c_.j^2,

    two signed row and column sums of each matrix (``einsum`` with the sign
    matrix) besides the gold sizes; ``2 K_jj = c_.j`` on the diagonal.  The
    score is ``(N - sum c K / N) / (N - sum_j c_.j K_jj / N)``.  Every
    ``sum c K`` is at least ``sum_j c_.j^2 / 2 >= N^2 / 2C``, so the signed
    sums lose nothing that shows.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    flat = m.reshape(-1, c, c)
    sign = np.sign(np.subtract.outer(np.arange(c), np.arange(c))).astype(float)
    gold = np.ascontiguousarray(np.einsum("bij->bj", flat).T)  # class-major rows (C, b)
    n = np.add.reduce(gold, axis=0)
    twice_mid = 2.0 * running_mid(gold)
    along_rows = np.einsum("bij,ij->bi", flat, sign)
    along_columns = np.einsum("bij,ij->bj", flat, sign)
    squares = np.einsum("jb,jb->b", gold, gold)
    inside = np.einsum("ib,bi->b", twice_mid, along_rows - along_columns) + squares
    double_n = 2.0 * n
    return ((n - inside / double_n) / (n - squares / double_n)).reshape(batch)


class Runs(NamedTuple):
    """The run ``lo_ij .. hi_ij`` of classes counted in each ``K_ij`` (``(C, C)``, read-only)."""

    low: np.ndarray
    high: np.ndarray
    ends: np.ndarray | None  # :func:`_run_ends`
    diagonal: np.ndarray | None  # the classes of K_jj: None when j alone


def _closeness_runs(
    n_classes: int, scale_type: ScaleType, values: np.ndarray | None
) -> Runs | None:
    """The runs of classes counted in ``K_ij``, or ``None`` (computed once per class set).

    At ordinal scale the run lies between ``i`` and ``j``; at interval scale
    with one set of class values it is :func:`_closer_intervals` (``None``
    when those classes are not one run, and for values per batch element).
    """
    if scale_type == "ord":
        return _ordinal_runs(n_classes)
    if scale_type == "int" and values is not None and values.ndim == 1:
        return _interval_runs(values.tobytes(), n_classes)
    return None


@functools.lru_cache(maxsize=64)
def _ordinal_runs(n_classes: int) -> Runs:
    idx = np.arange(n_classes)
    return _runs(np.minimum.outer(idx, idx), np.maximum.outer(idx, idx))


@functools.lru_cache(maxsize=64)
def _interval_runs(values: bytes, n_classes: int) -> Runs | None:
    bounds = _closer_intervals(np.frombuffer(values, dtype=float, count=n_classes))
    return None if bounds is None else _runs(*bounds)


def _runs(low: np.ndarray, high: np.ndarray) -> Runs:
    levels = np.arange(low.shape[0])
    alone = bool(np.all(low[levels, levels] == levels) and np.all(high[levels, levels] == levels))
    diagonal = None if alone else np.stack([low[levels, levels], high[levels, levels] + 1])
    found = Runs(low, high, _run_ends(low, high), diagonal)
    for array in found:
        if array is not None:
            array.setflags(write=False)
    return found


def _cem_from_runs(m: np.ndarray, runs: Runs, *, log: bool, ordinal: bool) -> np.ndarray:
    """CEM when every ``K_ij`` counts one run ``lo .. hi`` of gold classes.

    ``2 K_ij = 2 (S_{hi+1} - S_lo) - c_.i`` with the running sums ``S_l =
    sum_{x < l} c_.x`` (the class ``i`` itself counts half).  Everything
    that depends on the gold sizes alone (their running sums, ``N``, the
    diagonal ``K_jj``, the table of logarithms) is computed once for the
    whole batch on class-major ``(C, b)`` rows; only ``2 K`` and the sum
    over the cells, ``(C, C, b)``, go block by block (:func:`~.._matrices.blocks.block_slices`),
    a few whole-block operations each.  The matrices are read in their own
    layout twice, for the gold sizes and for the cell sums (each row of the
    batch against a column of the class-major proximities), so no copy of
    them is made.  Integer gold counts read ``log2(2K)`` from a table, as
    :func:`cem_score_from_gold` describes; other counts take ``-log2(K / N)``.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    flat = m.reshape(-1, c * c)
    gold = np.ascontiguousarray(np.einsum("bij->jb", m.reshape(-1, c, c)))  # (C, b)
    limit = table_limit(m.size)
    counts = integer_counts(gold, limit) if log else None
    n = np.einsum("jb->b", gold if counts is None else counts)
    top = 2 * int(n.max()) if counts is not None and n.size else 0
    if top > limit:
        counts = None
    sizes = gold if counts is None else counts
    running = np.zeros((c + 1, sizes.shape[-1]), dtype=sizes.dtype)  # 2 S_l
    twice = 2 * sizes
    for x in range(c):
        np.add(running[x], twice[x], out=running[x + 1])
    low, high, ends, around = runs
    # 2 K_jj = c_.j, unless classes within the slack of j count in K_jj too
    diagonal = sizes if around is None else running[around[1]] - running[around[0]] - sizes
    twice_mid = running[:-1] + sizes  # 2 m_i, for the ordinal run between i and j
    inside = np.empty(flat.shape[0])
    table = _log2_table(top)
    double_n = 2.0 * n
    blocks = block_slices(flat.shape[0], c * c)
    widest = max((b.stop - b.start for b in blocks), default=0)
    twice_buffer = scratch("cem 2K", (c, c, widest), sizes.dtype)  # one for every block
    prox_buffer = scratch("cem proximities", (c, c, widest)) if counts is not None or log else None
    grid = None
    if ordinal and counts is not None:
        grid = _ordinal_log_grid(twice_mid, sizes, top, limit)
    if grid is None and ends is not None and counts is not None:
        # log2(2K) = log2|2m_i - 2S_e| read at 2m_i + top - 2S_e from a table of log2|d|
        signed = np.zeros(2 * top + 1)
        signed[top + 1 :] = table[1:]
        signed[:top] = table[:0:-1]
        shifted_mid = twice_mid + top
    for block in blocks:
        width = block.stop - block.start
        twice_k = twice_buffer[..., :width]
        prox = twice_k if prox_buffer is None else prox_buffer[..., :width]
        if grid is not None:  # one index per cell into the grid of log2(|d| + g)
            rows, columns, logs = grid
            np.add(rows[:, None, block], columns[None, :, block], out=twice_k)
            logs.take(twice_k, out=prox, mode="wrap")
        elif ends is not None:  # 2 K_ij = |2 m_i - 2 S_e| with e = hi + 1 (i <= j) or lo (i > j)
            np.take(running[:, block], ends, axis=0, out=twice_k, mode="wrap")
            if counts is not None:
                np.subtract(shifted_mid[:, None, block], twice_k, out=twice_k)
                signed.take(twice_k, out=prox, mode="wrap")
            else:
                np.subtract(twice_mid[:, None, block], twice_k, out=twice_k)
                np.abs(twice_k, out=twice_k)
        else:
            part = running[:, block]
            np.subtract(part.take(high + 1, axis=0), part.take(low, axis=0), out=twice_k)
            np.subtract(twice_k, sizes[:, None, block], out=twice_k)
        if counts is not None and grid is None and ends is None:
            # log2(2K), 0 where K = 0 (Sakai's floor); all indices in range
            table.take(twice_k, out=prox, mode="wrap")
        elif counts is None and log:  # -log2(K / N) = -log2(2K / 2N), floor 2K = 1 where K = 0
            np.copyto(prox, twice_k)
            prox[twice_k <= 0] = 1.0
            np.divide(prox, double_n[block], out=prox)
            np.log2(prox, out=prox)
            np.subtract(0.0, prox, out=prox)
        inside[block] = cell_sums(flat[block], prox.reshape(c * c, -1))
    if counts is not None:
        whole = n * table.take(2 * n)  # N log2(2N)
        best = np.einsum("jb,jb->b", gold, table.take(diagonal))
        return ((whole - inside) / (whole - best)).reshape(batch)
    if not log:
        # prox = 1 - K / N: the score (N - sum c K / N) / (N - sum_j c_.j K_jj / N)
        best = np.einsum("jb,jb->b", gold, diagonal) / double_n
        return ((n - inside / double_n) / (n - best)).reshape(batch)
    prox_diagonal = np.where(diagonal > 0, diagonal, 1.0)
    np.divide(prox_diagonal, double_n, out=prox_diagonal)
    best = -np.einsum("jb,jb->b", gold, np.log2(prox_diagonal))
    return (inside / best).reshape(batch)


def _run_ends(low: np.ndarray, high: np.ndarray) -> np.ndarray | None:
    """The end ``e_ij`` of each run away from class ``i``: ``hi + 1`` for ``i <= j``, ``lo`` else.

    When every run starts at ``i`` (``i < j``), ends at ``i`` (``i > j``) or is
    ``i`` alone (``i = j``), as at ordinal scale and at interval scale unless
    classes lie within the distance slack of one another, ``2 K_ij = 2 S_{hi+1}
    - 2 S_lo - c_.i`` is ``|2 m_i - 2 S_e|``: one gathered row and one
    subtraction per cell.  ``None`` when a run does not (classes within the slack).
    """
    c = low.shape[0]
    i = np.arange(c)[:, None]
    j = np.arange(c)[None, :]
    starts_at_i = np.where(i < j, low == i, np.where(i > j, high == i, (low == i) & (high == i)))
    if not bool(starts_at_i.all()):
        return None
    return np.where(i <= j, high + 1, low)


def _ordinal_log_grid(
    twice_mid: np.ndarray, sizes: np.ndarray, top: int, limit: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Integer CEM^ORD's ``log2(2K_ij)``: one gather at ``rows_i + columns_j`` (``None``: too big).

    ``2K_ij = |d| + g`` with ``d = 2m_i - 2m_j`` in ``[-2M, 2M]`` and ``g =
    c_.j`` in ``[0, M]`` (``M`` the largest ``N``, ``top = 2M``), so the grid
    ``log2(|d| + g)`` at ``(d + 2M) (M + 1) + g`` (0 where ``|d| + g = 0``,
    Sakai's floor) is indexed by ``rows_i = (2m_i + 2M) (M + 1)`` plus
    ``columns_j = g_j - 2m_j (M + 1)``: one addition per cell instead of a
    subtraction, an absolute value and an addition.  The grid holds
    ``(4M + 1)(M + 1)`` entries, gathered from a table of ``log2 t``; it is
    built only while that stays within ``limit`` (:func:`table_limit`).
    """
    most = top // 2
    stride = most + 1
    if (4 * most + 1) * stride > limit:
        return None
    rows = (twice_mid + 2 * most) * stride
    columns = sizes - twice_mid * stride
    return rows, columns, _log_grid(most)


@functools.lru_cache(maxsize=16)
def _log_grid(most: int) -> np.ndarray:
    """``log2(|d| + g)`` at ``(d + 2M)(M + 1) + g`` for ``|d| <= 2M``, ``g <= M`` (read-only)."""
    spread = np.abs(np.arange(-2 * most, 2 * most + 1))
    grid = _log2_table(3 * most).take((spread[:, None] + np.arange(most + 1)[None, :]).ravel())
    grid.setflags(write=False)
    return grid


@functools.lru_cache(maxsize=16)
def _log2_table(top: int) -> np.ndarray:
    """``log2 t`` for ``t = 0 .. top``, with 0 at ``t = 0`` (read-only)."""
    table = np.zeros(top + 1)
    np.log2(np.arange(1, top + 1, dtype=float), out=table[1:])
    table.setflags(write=False)
    return table


def cell_sums(rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``sum_k rows[b, k] columns[k, b]``: each matrix's cells against its class-major column."""
    if _VECDOT is not None:
        return _VECDOT(rows, columns.T)
    return np.einsum("bk,kb->b", rows, columns)


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
    The class sizes are class-major rows (:func:`class_sizes`); integer gold
    counts read ``log2(2K)`` from a table (``2K`` is ``c_.j`` or ``2N - c_.i``),
    as :func:`cem_score_from_gold` describes.
    """
    batch = m.shape[:-2]
    c = m.shape[-1]
    sizes = class_sizes(m)
    system, gold, n = sizes
    diagonal = np.ascontiguousarray(np.diagonal(m.reshape(-1, c, c), axis1=1, axis2=2).T)
    counts = integer_counts(gold, table_limit(m.size)) if log else None
    top = 2 * int(n.max()) if counts is not None and n.size else 0
    if counts is not None and top <= table_limit(m.size):
        table = _log2_table(top)
        twice_n = 2 * np.einsum("jb->b", counts)
        whole = table.take(twice_n)  # log2(2N); table[0] = 0 is Sakai's floor 2K = 1
        on = whole - table.take(counts)
        off = whole - table.take(twice_n - counts)
    else:
        on = _proximity(gold / 2.0, n, log=log)
        off = _proximity(n - gold / 2.0, n, log=log)
    hits = np.einsum("kb,kb->b", on, diagonal)
    misses = np.einsum("kb,kb->b", off, system - diagonal)
    return ((hits + misses) / np.einsum("kb,kb->b", on, gold)).reshape(batch)
