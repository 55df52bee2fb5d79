"""Vectorised building blocks of the ordinal-quantification measures (private).

The measures copy each (system, gold) pair once into class-major rows
``(C, batch)``, one contiguous row per class (:func:`normalised_rows`,
:func:`class_rows`): sums over the classes and running sums along them are
then additions of whole rows, which numpy vectorises, instead of reductions
and ``cumsum`` along a short last axis (several times slower than a pass over
the data at 11 classes).  Scores come out as ``(batch,)`` and are reshaped to
the batch shape, so nothing is copied back.  Elementwise kernels
(:func:`kl_terms`, :func:`js_terms`, :func:`harmonic_combination`) take any
layout.

Nothing here divides by zero or takes the logarithm of zero, so the
functions are safe under the ``np.errstate(divide="raise", invalid="raise",
over="raise")`` the scoring contract imposes.  The measure definitions live
in :mod:`ordinal_quantification`.

Temporaries stay within ``O(batch x C)``: the order-aware divergences are
distances between positions (class values or cumulative gold midpoints), so
their weighted sums come from running sums (:func:`position_divergence`),
and DNKT compares the ``C(C-1)/2`` bin pairs as ``int8`` signs.  The
batch-major forms :func:`midpoint_divergence_terms` and
:func:`bin_kendall_tau` run the same kernels; ``tests/test_fast_paths.py``
checks each against the straightforward formula.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = [
    "Rows",
    "bin_kendall_tau",
    "class_rows",
    "count_rows",
    "cumulative_gap_rows",
    "gold_mass_weights",
    "harmonic_combination",
    "js_terms",
    "kendall_rows",
    "kl_terms",
    "mean_over_rows",
    "midpoint_divergence_terms",
    "midpoint_positions",
    "normalised_rows",
    "position_divergence",
    "running_sums",
    "value_positions",
    "value_rows",
]


def gold_mass_weights(gold: np.ndarray) -> np.ndarray:
    """Sakai 2022 eq. 6 as reconstructed: ``delta_ij`` from the gold mass between classes.

    ``delta_ij = sum_{k=min(i,j)}^{max(i,j)} q_k - (q_i + q_j) / 2``, i.e. half
    the gold mass of the two end classes plus all the gold mass strictly
    between them; ``delta_ii = 0``.  Computed from the running sums, which are
    non-decreasing in floating point too, so no weight is negative.

    Returns
    -------
    numpy.ndarray
        Weights of shape ``(..., C, C)``, symmetric, in ``[0, 1]``.
    """
    c = gold.shape[-1]
    running = np.cumsum(gold, axis=-1)
    # before[k] = q_0 + ... + q_{k-1}
    before = np.concatenate([np.zeros_like(running[..., :1]), running[..., :-1]], axis=-1)
    lo = np.minimum.outer(np.arange(c), np.arange(c))
    hi = np.maximum.outer(np.arange(c), np.arange(c))
    # gold mass strictly between lo and hi (0 when hi <= lo + 1)
    between = np.maximum(before[..., hi] - running[..., lo], 0.0)
    ends = (gold[..., :, None] + gold[..., None, :]) / 2
    return np.where(lo == hi, 0.0, between + ends)


def midpoint_divergence_terms(system: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """``DW_i = sum_j delta_ij (p_j - q_j)^2``, the distances of :func:`gold_mass_weights`.

    ``delta_ij = |m_i - m_j|`` for the cumulative midpoints
    ``m_k = q_0 + ... + q_{k-1} + q_k / 2`` (non-decreasing): the
    batch-major form of :func:`position_divergence` at
    :func:`midpoint_positions`, ``O(batch x C)`` work and memory instead of
    a ``(C, C)`` weight matrix per distribution.
    """
    shape = np.broadcast_shapes(system.shape, gold.shape)
    p, q = class_rows(system, shape), class_rows(gold, shape)
    squares = np.square(p - q)
    return position_divergence(midpoint_positions(q), squares).T.reshape(shape)


def bin_kendall_tau(system: np.ndarray, gold: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """Kendall's tau between the bin orders of two distributions (Sakai 2022 eq. 13-14).

    Over the ``C(C-1)/2`` pairs of bins, a pair is tied in a distribution when
    its two probabilities differ by at most ``tie_tolerance`` (``0``: exact
    equality).  CONC / DISC count the pairs ordered the same / the opposite
    way by both; a pair tied in either counts as neither.
    ``tau = (CONC - DISC) / sqrt(max(1, NT) * max(1, NT*))`` with ``NT`` and
    ``NT*`` the untied pairs of the system and of the gold.

    The batch-major form of :func:`kendall_rows`, whose pair signs are small
    integers (``int8``), one row per pair and one column per distribution.
    """
    shape = np.broadcast_shapes(system.shape, gold.shape)
    tau = kendall_rows(class_rows(system, shape), class_rows(gold, shape), tie_tolerance)
    return tau.reshape(shape[:-1])


def harmonic_combination(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``2ab / (a + b)``, and 0 where both are 0 (Sakai 2022 eq. 17)."""
    a, b = np.broadcast_arrays(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    total = a + b
    return np.divide(2 * a * b, total, out=np.zeros_like(total), where=total > 0)


def kl_terms(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Non-negative terms ``p_i log2(p_i / q_i) - (p_i - q_i) / ln 2`` of ``KLD(p || q)``.

    Over distributions that both sum to 1 the added ``q_i - p_i`` parts sum
    to 0, so the terms still add up to ``KLD(p || q)``; but each term is
    non-negative (``x log(x/y) >= x - y``) and is computed without
    cancellation, so two distributions 1e-9 apart get a small positive
    divergence instead of a rounding-noise value that may be 0 or negative.
    ``0 log 0 = 0``; entries with ``p_i > 0 = q_i`` (infinite terms) are 0,
    and the caller decides what they mean.

    One logarithm per entry: with ``u = fl(p / q)`` the ratio as rounded,
    ``p log u - (p - q) = p log fl(u) - q (fl(u) - 1)`` up to second order
    in the rounding of ``u``, whose first-order error ``p (fl(u) - u) / u``
    the ``q fl(u)`` part cancels (``q u = p``); ``fl(u) - 1`` is exact near
    ``u = 1`` (Sterbenz), where the term is small.
    """
    with np.errstate(over="ignore"):  # p / q beyond the float range: handled below
        ratio = np.divide(p, q, out=np.ones(np.broadcast_shapes(p.shape, q.shape)), where=q > 0)
    beyond = np.isinf(ratio)
    if beyond.any():  # a subnormal q: log(p) - log(q) is finite, p / q is not
        ratio[beyond] = 1.0
    linear = ratio - 1.0
    linear *= q  # q (fl(u) - 1)
    terms = _log_in_place(ratio)
    terms *= p
    terms -= linear
    if beyond.any():
        p_far, q_far = (
            np.broadcast_to(p, terms.shape)[beyond],
            np.broadcast_to(q, terms.shape)[beyond],
        )
        terms[beyond] = p_far * (np.log(p_far) - np.log(q_far)) - p_far + q_far
    np.maximum(terms, 0.0, out=terms)
    terms *= 1.0 / np.log(2.0)
    return terms


def js_terms(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Per-entry terms of ``JSD(p, q)`` in bits, the mean of ``KLD(p || m)`` and ``KLD(q || m)``.

    With ``m = (p + q) / 2``, ``u = fl(p / m)`` and ``v = fl(q / m)``, each
    entry is ``(p log u + q log v - m (fl(u) - 1 + fl(v) - 1)) / (2 ln 2)``:
    the two terms of :func:`kl_terms` against ``m`` added, two logarithms per
    entry and no cancellation beyond theirs (the linear parts sum to
    ``p + q - 2m``, 0 up to the rounding of ``m``).  Clipped at 0: each entry
    of the exact sum is non-negative.  Sum them over the classes.
    """
    mid = p + q
    mid *= 0.5
    positive = mid > 0
    u = np.divide(p, mid, out=np.zeros(mid.shape), where=positive)
    v = np.divide(q, mid, out=np.zeros(mid.shape), where=positive)
    linear = u + v
    linear -= 2.0
    linear *= mid  # m (fl(u) - 1 + fl(v) - 1)
    terms = _log_in_place(u)
    terms *= p
    log_v = _log_in_place(v)
    log_v *= q
    terms += log_v
    terms -= linear
    np.maximum(terms, 0.0, out=terms)
    terms *= 0.5 / np.log(2.0)
    return terms


#: Stands in for 0 in a logarithm whose result is multiplied by 0 (``0 log 0 = 0``).
_TINY = float(np.finfo(float).tiny)


def _log_in_place(x: np.ndarray) -> np.ndarray:
    """Natural ``log(x)`` of non-negative ``x``, in place, finite where ``x = 0``.

    Zeros become the smallest normal float first: every caller multiplies
    the logarithm by a factor that is 0 exactly where ``x`` is (one unmasked
    pass; numpy's masked ``where=`` path is several times slower).
    """
    np.maximum(x, _TINY, out=x)
    return np.log(x, out=x)


# -- class-major kernels (see the module docstring) ----------------------------


class Rows(NamedTuple):
    """A (system, gold) pair of distribution batches, class-major."""

    p: np.ndarray  # (C, batch): the system distributions, rescaled to sum to 1
    q: np.ndarray  # (C, batch): the gold distributions, rescaled to sum to 1
    batch: tuple[int, ...]  # the broadcast batch shape of the inputs


def class_rows(x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``x`` broadcast to ``shape`` ``(..., C)`` and copied class-major, ``(C, batch)``."""
    c = shape[-1]
    return np.array(np.broadcast_to(x, shape).reshape(-1, c).T, order="C")  # always a copy


def normalised_rows(system: np.ndarray, gold: np.ndarray, values: np.ndarray | None = None) -> Rows:
    """The pair class-major, each distribution rescaled to sum to exactly 1 (up to rounding).

    Validation accepts sums within ``SUM_TOLERANCE`` of 1 (probabilities
    printed with a few decimals); rescaling keeps the bounded measures inside
    their declared ranges on such inputs.  The sums are close to 1, so the
    division is safe.

    Pass the class values of a measure that reads them: a batch of values
    widens the batch (one score per set of values).
    """
    shape = np.broadcast_shapes(system.shape, gold.shape, () if values is None else values.shape)
    return Rows(_scaled_rows(system, shape), _scaled_rows(gold, shape), shape[:-1])


def _scaled_rows(x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """:func:`class_rows` divided by each distribution's sum, in the pass that transposes."""
    c = shape[-1]
    flat = np.broadcast_to(x, shape).reshape(-1, c)
    out = np.empty((c, flat.shape[0]))
    np.divide(flat.T, np.einsum("bi->b", flat), out=out)
    return out


def value_rows(values: np.ndarray, batch: tuple[int, ...]) -> np.ndarray:
    """Class values ``(C, 1)`` (shared) or ``(C, batch)`` (one set per batch element)."""
    if values.ndim == 1:
        return values[:, None]
    return class_rows(values, (*batch, values.shape[-1]))


def running_sums(rows: np.ndarray) -> np.ndarray:
    """Running sums down the class rows, in place (``cumsum`` along the classes, same order)."""
    for k in range(1, rows.shape[0]):
        rows[k] += rows[k - 1]
    return rows


def count_rows(mask: np.ndarray) -> np.ndarray:
    """The number of true rows of a boolean ``(C, batch)`` mask, per column."""
    wide = np.uint8 if mask.shape[0] < 256 else np.int64
    return np.add.reduce(mask.view(np.uint8), axis=0, dtype=wide)


def mean_over_rows(terms: np.ndarray, over: np.ndarray) -> np.ndarray:
    """Mean of the ``(C, batch)`` terms over the rows where ``over`` holds (one at least).

    The terms are zeroed outside ``over`` in place: pass an array the caller no longer needs.
    """
    terms *= over
    return terms.sum(axis=0) / count_rows(over)


def cumulative_gap_rows(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``|CP_i - CQ_i|`` for ``i = 0 .. C-2``: the gaps between the cumulative distributions."""
    gap = running_sums(p - q)[:-1]
    return np.abs(gap, out=gap)


def value_positions(values: np.ndarray) -> np.ndarray:
    """Class values mapped onto ``[0, 1]``: ``(v - v_0) / (v_{C-1} - v_0)``, rows ``(C, ...)``.

    ``|x_i - x_j| = |v_i - v_j| / (v_{C-1} - v_0)`` are RNOD's weights, in
    ``[0, 1]`` whatever the scale (``|i - j| / (C - 1)`` at the default
    values).  The values are first divided by their largest magnitude, so no
    difference overflows even for huge values.
    """
    unit = values / np.max(np.abs(values), axis=0)
    unit -= unit[0].copy()
    unit /= unit[-1].copy()
    return unit


def midpoint_positions(q: np.ndarray) -> np.ndarray:
    """Cumulative midpoints ``m_k = q_0 + ... + q_{k-1} + q_k / 2`` of the gold rows."""
    mid = running_sums(q.copy())
    mid -= 0.5 * q
    return mid


def position_divergence(positions: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """``DW_i = sum_j |x_i - x_j| s_j`` for non-decreasing positions ``x``, class-major.

    The part from the classes below ``i`` grows by the gap to the previous
    class times the mass below it, and the part from above likewise::

        L_i = L_{i-1} + (x_i - x_{i-1}) S_<i,    U_i = U_{i+1} + (x_{i+1} - x_i) S_>i,

    ``DW_i = L_i + U_i``: ``O(C)`` per distribution instead of a ``(C, C)``
    weight matrix, every term non-negative (no cancellation), and no
    temporary larger than one row.  The value weights of RNOD, RSNOD and
    RNADW are distances between value positions (:func:`value_positions`),
    the gold-mass weights of RNOD2 and RNADW2 distances between cumulative
    midpoints (:func:`midpoint_positions`).
    """
    c = squares.shape[0]
    gaps = np.diff(positions, axis=0)  # x_{k+1} - x_k >= 0, (C - 1, batch) or (C - 1, 1)
    out = np.empty(squares.shape)
    out[0] = 0.0
    mass = np.zeros(squares.shape[1:])
    step = np.empty(squares.shape[1:])
    for i in range(1, c):  # from below
        mass += squares[i - 1]
        np.multiply(gaps[i - 1], mass, out=step)
        np.add(out[i - 1], step, out=out[i])
    mass[...] = 0.0
    part = np.zeros(squares.shape[1:])
    for i in range(c - 2, -1, -1):  # from above
        mass += squares[i + 1]
        np.multiply(gaps[i], mass, out=step)
        part += step
        out[i] += part
    return out


def kendall_rows(system: np.ndarray, gold: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """:func:`bin_kendall_tau` of class-major rows ``(C, batch)``, as ``(batch,)``."""
    sp = _pair_signs_rows(system, tie_tolerance)
    sq = _pair_signs_rows(gold, tie_tolerance)
    c = system.shape[0]
    pairs = c * (c - 1) // 2
    # |sums| <= pairs: the narrowest integer type that holds them
    acc = np.int8 if pairs <= 127 else np.int16 if pairs <= 32767 else np.int64
    net = np.add.reduce(sp * sq, axis=0, dtype=acc)  # CONC - DISC
    nt_system = np.add.reduce(np.abs(sp, out=sp), axis=0, dtype=acc)  # untied: |sign| = 1
    nt_gold = np.add.reduce(np.abs(sq, out=sq), axis=0, dtype=acc)
    return net / np.sqrt(np.maximum(nt_system, 1).astype(float) * np.maximum(nt_gold, 1))


def _pair_signs_rows(rows: np.ndarray, tie_tolerance: float) -> np.ndarray:
    """Signs of ``d_i - d_j`` over the bin pairs ``i < j`` (0 for a tie), ``(pairs, batch)``.

    The pairs ``(i, i + k)`` of each offset ``k`` are two contiguous blocks
    of rows; a pair's sign is ``[d_i > d_j] - [d_i < d_j]`` as ``int8``.
    With no tolerance the comparisons need no difference at all: two floats
    differ exactly when their difference is non-zero.
    """
    c, width = rows.shape
    pairs = c * (c - 1) // 2
    above = np.empty((pairs, width), dtype=bool)
    below = np.empty((pairs, width), dtype=bool)
    diff = np.empty((c - 1, width)) if tie_tolerance > 0 else None
    start = 0
    for k in range(1, c):
        block = slice(start, start + c - k)
        if diff is None:
            np.greater(rows[:-k], rows[k:], out=above[block])
            np.less(rows[:-k], rows[k:], out=below[block])
        else:
            d = np.subtract(rows[:-k], rows[k:], out=diff[: c - k])
            np.greater(d, tie_tolerance, out=above[block])
            np.less(d, -tie_tolerance, out=below[block])
        start += c - k
    return np.subtract(above.view(np.int8), below.view(np.int8))
