"""Vectorised building blocks of the ordinal-quantification measures (private).

The measures lay a (system, gold) pair out class-major and side by side
(:class:`Pair`): one ``(C, 2n)`` array whose row ``k`` holds class ``k`` of
the ``n`` system distributions followed by class ``k`` of the ``n`` gold
distributions.  Sums over the classes and running sums along them are then
additions of whole rows, which numpy vectorises, instead of reductions and
``cumsum`` along a short last axis (several times slower than a pass over
the data at 11 classes), and every step that treats both sides alike (the
rescaling, DNKT's pair comparisons, the running sums of the order-aware
divergences, which stack a forward and a backward pass the same way) is one
numpy call over both.  The scoring contract hands large same-shape pairs
over already in this layout (``validate_distribution_pair(...,
class_major=True)``), so :func:`pair_rows` reads them without a copy.
Scores come out as ``(n,)`` and are reshaped to the batch shape.
Elementwise kernels (:func:`kl_terms`, :func:`harmonic_combination`) take
any layout.

Nothing here divides by zero or takes the logarithm of zero, so the
functions are safe under the ``np.errstate(divide="raise", invalid="raise",
over="raise")`` the scoring contract imposes.  The measure definitions live
in :mod:`ordinal_quantification`.

Temporaries stay within ``O(batch x C)``: the order-aware divergences are
distances between positions (class values or cumulative gold midpoints), so
their weighted sums come from running sums of the gaps between neighbouring
positions (:func:`divergence_halves`, :func:`spread`), and DNKT compares the
``C(C-1)/2`` bin pairs as ``int8`` signs.  ``tests/test_fast_paths.py`` and
``tests/measures/oq/test_math.py`` check each kernel against the
straightforward formula (:func:`gold_mass_weights` is the weight-matrix
form of RNOD2's distances they compare with).
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numpy as np

from axiometrics.distributions import class_major_rows

__all__ = [
    "Pair",
    "class_rows",
    "count_rows",
    "cumulative_gap_rows",
    "divergence_halves",
    "gold_mass_weights",
    "harmonic_combination",
    "jsd_rows",
    "kendall_pair",
    "kl_terms",
    "kld_rows",
    "masked_divergence_sums",
    "mean_divergence_over",
    "midpoint_gaps",
    "pair_rows",
    "raw_and_normalised",
    "running_sums",
    "spread",
    "uniform_step",
    "value_gaps",
    "value_positions",
    "value_rows",
    "value_totals",
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


#: Stands in for 0 in a logarithm whose result is multiplied by 0 (``0 log 0 = 0``).
_TINY = float(np.finfo(float).tiny)

_LN2 = math.log(2.0)


def _log_in_place(x: np.ndarray) -> np.ndarray:
    """Natural ``log(x)`` of non-negative ``x``, in place, finite where ``x = 0``.

    Zeros become the smallest normal float first: every caller multiplies
    the logarithm by a factor that is 0 exactly where ``x`` is (one unmasked
    pass; numpy's masked ``where=`` path is several times slower).
    """
    np.maximum(x, _TINY, out=x)
    return np.log(x, out=x)


def kld_rows(p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``KLD(p || q)`` in bits per column of class-major rows, and where it is undefined.

    The terms of :func:`kl_terms` summed over the classes, with fewer passes:
    a gold entry of 0 is divided as the smallest normal float (a finite
    ratio, since ``p <= 1``; its term is 0 where ``p`` is 0 too, and
    otherwise the column is undefined), the logarithm's guard against 0 runs
    only when ``p`` has a zero, and the sum is clipped at 0 instead of each
    term (the terms are non-negative up to rounding).  When most columns are
    undefined only the others are computed (their scores are 0).  A
    subnormal gold entry, whose ratio may overflow, takes the per-entry path
    of :func:`kl_terms`.

    Returns
    -------
    tuple of numpy.ndarray
        The divergences ``(n,)`` and the boolean mask ``(n,)`` of the columns
        with some ``q_i = 0 < p_i``.
    """
    p_small = not p.min() >= _TINY
    if q.min() >= _TINY:
        return _kl_sums(p, q, q, p_small), np.zeros(q.shape[1:], dtype=bool)
    zero = q == 0
    undefined = (np.logical_and(zero, p > 0) if p_small else zero).any(axis=0)
    if np.count_nonzero(q < _TINY) != np.count_nonzero(zero):  # a subnormal gold entry
        terms = kl_terms(p, q)
        terms *= ~zero  # p_i > 0 = q_i: undefined, reported by the mask
        return np.add.reduce(terms, axis=0), undefined
    defined = ~undefined
    kept = int(np.count_nonzero(defined))
    if kept * 2 > defined.size:
        return _kl_sums(p, q, np.maximum(q, _TINY), p_small), undefined
    total = np.zeros(defined.shape)
    if kept:
        p_kept, q_kept = p[:, defined], q[:, defined]
        small = not p_kept.min() >= _TINY
        total[defined] = _kl_sums(p_kept, q_kept, np.maximum(q_kept, _TINY), small)
    return total, undefined


def _kl_sums(p: np.ndarray, q: np.ndarray, safe_q: np.ndarray, p_small: bool) -> np.ndarray:
    """The sums of :func:`kld_rows`'s terms, ``safe_q`` being ``q`` with 0 raised to tiny."""
    ratio = np.divide(p, safe_q)
    linear = ratio - 1.0
    linear *= q  # q (fl(u) - 1)
    if p_small:  # u = 0 where p = 0 (and u may underflow next to a tiny p)
        np.maximum(ratio, _TINY, out=ratio)
    terms = np.log(ratio, out=ratio)
    terms *= p
    terms -= linear
    total = np.add.reduce(terms, axis=0)
    np.maximum(total, 0.0, out=total)
    total *= 1.0 / _LN2
    return total


def jsd_rows(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``JSD(p, q)`` in bits per column of class-major rows.

    With ``m = (p + q) / 2`` and, per entry, ``a = max(p, q)``,
    ``b = min(p, q)``, the two terms of the entry are
    ``a log(a / m) + b log(b / m)``; here ``u = fl(a / m)`` (in ``[1, 2]``)
    and ``2 - u`` (exact, Sterbenz) stands in for ``b / m``::

        a log u + b log(2 - u),

    which is stationary in ``u`` at the exact ratio (its derivative
    ``a / u - b / (2 - u)`` vanishes there), so the rounding of ``m`` and
    of ``u`` enters only to second order: two nearly equal distributions get
    their small divergence to many digits (1e-9 apart: about 1e-8 relative),
    where rounded ratios taken separately on each side leave noise of the
    size of the result.  One division and two logarithms per entry; the
    logarithm of ``2 - u`` is guarded against 0 (``b = 0``, or ``b`` below
    the rounding of ``u``: then ``b log`` is at most ``b`` times 709), and
    the midpoint against 0 only when the larger side has an entry below the
    smallest normal float (``u`` is then kept in ``[1, 2]``; an entry 0 on
    both sides adds 0).  The sum over the classes is clipped at 0.
    """
    big = np.maximum(p, q)
    small = np.minimum(p, q)
    mid = p + q
    mid *= 0.5
    guarded = not big.min() >= _TINY  # an entry 0 on both sides, or subnormal
    if guarded:
        np.maximum(mid, _TINY, out=mid)
    u = np.divide(big, mid, out=mid)
    if guarded:  # u = 0 where both are 0 (a term 0 log 1 = 0), else within rounding of [1, 2]
        np.clip(u, 1.0, 2.0, out=u)
    v = np.subtract(2.0, u)
    np.maximum(v, _TINY, out=v)
    # sum_k a_k log u_k + b_k log v_k, each product summed as einsum forms it (no product array)
    total = np.einsum("kb,kb->b", big, np.log(u, out=u))
    total += np.einsum("kb,kb->b", small, np.log(v, out=v))
    np.maximum(total, 0.0, out=total)
    total *= 0.5 / _LN2
    return total


# -- the class-major layout (see the module docstring) --------------------------


class Pair(NamedTuple):
    """A (system, gold) pair class-major and side by side.

    ``both`` is ``(C, 2n)``: columns ``:n`` are the ``n`` system
    distributions, columns ``n:`` the gold ones, one row per class.
    """

    both: np.ndarray
    batch: tuple[int, ...]  # the broadcast batch shape of the inputs

    @property
    def n(self) -> int:
        """The number of distribution pairs."""
        return self.both.shape[1] // 2

    @property
    def p(self) -> np.ndarray:
        """The system rows ``(C, n)``."""
        return self.both[:, : self.n]

    @property
    def q(self) -> np.ndarray:
        """The gold rows ``(C, n)``."""
        return self.both[:, self.n :]


def _major(x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``x`` broadcast to ``shape``, class-major ``(C, n)`` (a view when the layout allows)."""
    if x.shape != shape:
        x = np.broadcast_to(x, shape)
    return x.reshape(-1, shape[-1]).T


def _column_sums(rows: np.ndarray) -> np.ndarray:
    """The sums over the classes of ``(C, n)`` rows, in the order their memory favours."""
    if rows.strides[-1] == rows.itemsize:  # class-major memory: additions of whole rows
        return np.add.reduce(rows, axis=0)
    return np.einsum("ib->b", rows)  # batch-major (or broadcast) memory


def _unit(sums: np.ndarray, c: int) -> bool:
    """Whether every sum is 1 up to the rounding of a sum of ``c`` terms (``c`` ulps).

    Such distributions already sum to 1 as well as floating point can
    tell: rescaling would move each value by a few ulps, which is rounding,
    so it is skipped (a pass over the pair saved).
    """
    if sums.size == 0:
        return True
    bound = c * _ULP
    return float(sums.max()) - 1.0 <= bound and 1.0 - float(sums.min()) <= bound


#: The spacing of floats just above 1.
_ULP = 2.0**-52


def _shape(system: np.ndarray, gold: np.ndarray, values: np.ndarray | None) -> tuple[int, ...]:
    if system.shape == gold.shape and (values is None or values.ndim == 1):
        return system.shape
    return np.broadcast_shapes(system.shape, gold.shape, () if values is None else values.shape)


def _validated(
    system: np.ndarray, gold: np.ndarray, shape: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray] | None:
    """The class-major rows and sums behind a validated pair of ``shape`` (else ``None``)."""
    if system.shape != shape or gold.shape != shape:
        return None
    return class_major_rows(system, gold)


def pair_rows(
    system: np.ndarray,
    gold: np.ndarray,
    values: np.ndarray | None = None,
    *,
    normalise: bool = True,
) -> Pair:
    """The pair as a :class:`Pair`, rescaled to sum to 1 unless ``normalise=False``.

    Validation accepts sums within ``SUM_TOLERANCE`` of 1 (probabilities
    printed with a few decimals); rescaling keeps the bounded measures inside
    their declared ranges on such inputs.  The sums are close to 1, so the
    division is safe.  Distributions whose sums are all 1 up to rounding
    (``C`` ulps) are not rescaled: that would only move each value by a few
    ulps.  With ``normalise=False`` the values are as given.

    A pair validated class-major by the scoring contract is read without a
    copy (read-only), with the class sums its check computed.

    Pass the class values of a measure that reads them: a batch of values
    widens the batch (one score per set of values).
    """
    shape = _shape(system, gold, values)
    found = _validated(system, gold, shape)
    if found is not None:
        rows, sums = found
        if normalise and not _unit(sums, shape[-1]):
            rows = np.divide(rows, sums)
        return Pair(rows, shape[:-1])
    a, b = _major(system, shape), _major(gold, shape)
    n = a.shape[1]
    both = np.empty((shape[-1], 2 * n))
    sums_a = _column_sums(a) if normalise else None
    sums_b = _column_sums(b) if normalise else None
    if sums_a is None or sums_b is None or (_unit(sums_a, shape[-1]) and _unit(sums_b, shape[-1])):
        np.copyto(both[:, :n], a)
        np.copyto(both[:, n:], b)
    else:  # the division reads the layout given: one pass that rescales and transposes
        np.divide(a, sums_a, out=both[:, :n])
        np.divide(b, sums_b, out=both[:, n:])
    return Pair(both, shape[:-1])


def raw_and_normalised(
    system: np.ndarray, gold: np.ndarray, values: np.ndarray | None = None
) -> tuple[Pair, Pair]:
    """:func:`pair_rows` as given and rescaled, the second from the first (one copy at most)."""
    shape = _shape(system, gold, values)
    found = _validated(system, gold, shape)
    if found is not None:
        rows, sums = found
    else:
        rows = pair_rows(system, gold, values, normalise=False).both
        sums = _column_sums(rows)
    raw = Pair(rows, shape[:-1])
    if _unit(sums, shape[-1]):
        return raw, raw
    return raw, Pair(np.divide(rows, sums), shape[:-1])


# -- the class-major kernels ----------------------------------------------------


def class_rows(x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``x`` broadcast to ``shape`` ``(..., C)`` and copied class-major, ``(C, batch)``."""
    return np.array(_major(x, shape), order="C")  # always a copy


def value_rows(values: np.ndarray, batch: tuple[int, ...]) -> np.ndarray:
    """Class values ``(C, 1)`` (shared) or ``(C, batch)`` (one set per batch element)."""
    if values.ndim == 1:
        return values[:, None]
    return class_rows(values, (*batch, values.shape[-1]))


def running_sums(rows: np.ndarray) -> np.ndarray:
    """Running sums down the class rows, in place (``cumsum`` along the classes, same order)."""
    for k in range(1, rows.shape[0]):
        np.add(rows[k], rows[k - 1], out=rows[k])
    return rows


def count_rows(mask: np.ndarray) -> np.ndarray:
    """The number of true rows of a boolean ``(C, batch)`` mask, per column."""
    wide = np.uint8 if mask.shape[0] < 256 else np.int64
    return np.add.reduce(mask.view(np.uint8), axis=0, dtype=wide)


def cumulative_gap_rows(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``|CP_i - CQ_i|`` for ``i = 0 .. C-2``: the gaps between the cumulative distributions."""
    gap = running_sums(np.subtract(p[:-1], q[:-1]))
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


def value_gaps(values: np.ndarray, batch: tuple[int, ...]) -> np.ndarray:
    """Gaps ``x_{k+1} - x_k`` between the value positions, ``(C - 1, 1)`` or ``(C - 1, n)``."""
    if values.ndim == 1:
        return _shared_gaps(_key(values))[0]
    return np.diff(value_positions(value_rows(values, batch)), axis=0)


def uniform_step(values: np.ndarray) -> float | None:
    """The common gap ``x_{k+1} - x_k`` of equidistant shared class values (else ``None``).

    Equidistant values (the default ``0 .. C-1``) have equal differences
    ``v_{k+1} - v_k`` exactly; their positions' gaps are then all
    ``(v_1 - v_0) / (v_{C-1} - v_0)``, a factor that can be applied to a
    result instead of to every row.
    """
    if values.ndim != 1:
        return None
    return _shared_gaps(_key(values))[1]


def value_totals(values: np.ndarray, batch: tuple[int, ...]) -> np.ndarray:
    """:func:`spread` of the value positions: ``T_j = sum_i |x_i - x_j|``, ``(C, 1)`` or ``(C, n)``.

    Shared values (1-D) are computed once and cached read-only.
    """
    if values.ndim == 1:
        return _shared_totals(_key(values))
    return spread(value_gaps(values, batch))


def _key(values: np.ndarray) -> bytes:
    """Shared class values ``(C,)`` as the float64 bytes the caches below are keyed by."""
    return np.ascontiguousarray(values, dtype=np.float64).tobytes()


@functools.lru_cache(maxsize=64)
def _shared_totals(key: bytes) -> np.ndarray:
    """:func:`value_totals` of one set of values (its bytes), cached read-only."""
    totals = spread(_shared_gaps(key)[0])
    totals.setflags(write=False)
    return totals


@functools.lru_cache(maxsize=64)
def _shared_gaps(key: bytes) -> tuple[np.ndarray, float | None]:
    """:func:`value_gaps` and :func:`uniform_step` of one set of values (its bytes), cached."""
    values = np.frombuffer(key)
    gaps = np.diff(value_positions(values[:, None]), axis=0)
    gaps.setflags(write=False)
    with np.errstate(over="ignore", invalid="ignore"):  # huge values: no common step
        steps = np.diff(values)
        span = values[-1] - values[0]
    step = float(steps[0] / span) if np.isfinite(span) and np.all(steps == steps[0]) else None
    return gaps, step


def midpoint_gaps(q: np.ndarray) -> np.ndarray:
    """Gaps ``m_{k+1} - m_k = (q_k + q_{k+1}) / 2`` between the cumulative gold midpoints."""
    gaps = np.add(q[:-1], q[1:])
    gaps *= 0.5
    return gaps


def divergence_halves(
    gaps: np.ndarray | None, diff: np.ndarray, *, squared: bool = False
) -> np.ndarray:
    """The two one-sided parts of ``DW_i = sum_j |x_i - x_j| (p_j - q_j)^2``, stacked.

    ``gaps`` are ``x_{k+1} - x_k >= 0`` (``(C - 1, n)`` or ``(C - 1, 1)``;
    ``None``: unit gaps, for equidistant positions whose common gap the
    caller multiplies in afterwards, see :func:`uniform_step`),
    ``diff`` is ``p - q`` ``(C, n)`` (with ``squared=True``: the squares
    ``(p - q)^2`` themselves).  With ``s_j = diff_j^2``, the part from
    the classes below ``i`` grows by the gap to the previous class times the
    mass below it, and the part from above likewise::

        L_i = L_{i-1} + (x_i - x_{i-1}) S_<i,    U_i = U_{i+1} + (x_{i+1} - x_i) S_>i.

    Both recurrences are running sums, the upward one over the rows in
    reverse order, so one array ``(C - 1, 2n)`` holds both and each running
    sum is ``C - 2`` additions of double-width rows: columns ``:n`` row
    ``k`` end as ``L_{k+1}``, columns ``n:`` row ``k`` as ``U_{C-2-k}``.
    ``O(C)`` per distribution instead of a ``(C, C)`` weight matrix, every
    term non-negative (no cancellation).  :func:`_divergence_rows` assembles
    ``DW``; :func:`masked_divergence_sums` sums it over some classes.
    """
    n = diff.shape[1]
    work = np.empty((diff.shape[0] - 1, 2 * n))
    below, above = work[:, :n], work[:, n:]
    if squared:
        np.copyto(below, diff[:-1])
        np.copyto(above, diff[:0:-1])
    else:
        np.square(diff[:-1], out=below)  # s_0 .. s_{C-2}
        np.square(diff[:0:-1], out=above)  # s_{C-1} .. s_1
    running_sums(work)  # S_<=k and S_>=(C-1-k)
    if gaps is not None:
        below *= gaps
        above *= gaps[::-1]
    return running_sums(work)


def _divergence_rows(halves: np.ndarray) -> np.ndarray:
    """``DW_i = L_i + U_i`` ``(C, n)`` from :func:`divergence_halves`."""
    n = halves.shape[1] // 2
    out = np.empty((halves.shape[0] + 1, n))
    out[0] = 0.0
    out[1:] = halves[:, :n]
    out[:-1] += halves[::-1, n:]
    return out


def masked_divergence_sums(halves: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``sum_i mask_i DW_i`` per column, from :func:`divergence_halves`.

    ``mask`` is ``(C, n)``, 0 or 1 (a float array: ``einsum`` multiplies
    and sums in one pass without converting booleans).
    """
    n = halves.shape[1] // 2
    below = np.einsum("kb,kb->b", halves[:, :n], mask[1:])  # L_{k+1} where class k+1 counts
    below += np.einsum("kb,kb->b", halves[:, n:], mask[-2::-1])  # U_{C-2-k} likewise
    return below


def mean_divergence_over(halves: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The mean of ``DW_i`` over the classes where ``rows`` ``(C, n)`` is positive, per column.

    From :func:`divergence_halves`; when every entry of ``rows`` is positive
    (no column has a zero class) the mean is over all classes, one sum of
    the halves without a mask.
    """
    c = rows.shape[0]
    if rows.min() > 0.0:
        n = halves.shape[1] // 2
        sums = np.add.reduce(halves, axis=0)
        total = sums[:n]
        total += sums[n:]
        total /= c
        return total
    over = rows > 0.0
    return masked_divergence_sums(halves, over.astype(float)) / count_rows(over)


def spread(gaps: np.ndarray) -> np.ndarray:
    """``T_j = sum_i |x_i - x_j|`` ``(C, n)`` from the gaps ``x_{k+1} - x_k`` ``(C - 1, n)``.

    The mean over all classes of ``DW_i`` is ``sum_j T_j s_j / C``, which
    needs no per-class divergence.  ``T`` is :func:`divergence_halves` with
    unit masses: ``L_j = L_{j-1} + j g_{j-1}`` and
    ``U_j = U_{j+1} + (C - 1 - j) g_j``, one running sum of double-width rows.
    """
    c = gaps.shape[0] + 1
    n = gaps.shape[1]
    counts = np.arange(1.0, c)[:, None]
    work = np.empty((c - 1, 2 * n))
    np.multiply(gaps, counts, out=work[:, :n])
    np.multiply(gaps[::-1], counts, out=work[:, n:])
    running_sums(work)
    out = np.empty((c, n))
    out[0] = 0.0
    out[1:] = work[:, :n]
    out[:-1] += work[::-1, n:]
    return out


def kendall_pair(raw: Pair, tie_tolerance: float) -> np.ndarray:
    """Kendall's tau between the bin orders of each pair of a :class:`Pair`, ``(n,)``.

    Sakai 2022 eq. 13-14: over the ``C(C-1)/2`` pairs of bins, a pair is
    tied in a distribution when its two probabilities differ by at most
    ``tie_tolerance`` (``0``: exact equality).  CONC / DISC count the pairs
    ordered the same / the opposite way by both; a pair tied in either
    counts as neither.  ``tau = (CONC - DISC) / sqrt(max(1, NT) * max(1,
    NT*))`` with ``NT`` and ``NT*`` the untied pairs of the system and of
    the gold.  The values are read as given (not rescaled).

    The pair signs of both sides come from one set of comparisons over the
    double-width rows, as ``int8``.
    """
    n = raw.n
    signs = _pair_signs_rows(raw.both, tie_tolerance)
    c = raw.both.shape[0]
    pairs = c * (c - 1) // 2
    # |sums| <= pairs: the narrowest integer type that holds them
    acc = np.int8 if pairs <= 127 else np.int16 if pairs <= 32767 else np.int64
    net = np.add.reduce(signs[:, :n] * signs[:, n:], axis=0, dtype=acc)  # CONC - DISC
    untied = np.add.reduce(np.abs(signs, out=signs), axis=0, dtype=acc)  # |sign| = 1
    nt = np.maximum(untied, 1).astype(float)
    return net / np.sqrt(nt[:n] * nt[n:])


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
