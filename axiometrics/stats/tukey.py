"""The randomised Tukey HSD test (Sakai 2018), at the cost of its random numbers.

Input: a matrix ``X`` of ``n`` blocks (rows: topics, or consistency
trials) by ``k`` groups (columns: systems, or measures).  The null
hypothesis is that the group labels within each block are exchangeable,
so a trial permutes each row independently and records the range of the
column means, ``max_j mean_j - min_j mean_j``.  After ``B`` trials, the
p-value of the pair ``(i, j)`` is the share of trials whose range reaches
the observed ``|mean_i - mean_j|``::

    p_ij = #{b : range_b >= |mean_i - mean_j|} / B

This is Sakai's (2018, *Laboratory Experiments in Information Retrieval*,
Algorithm 4 of chapter 4) convention: the observed arrangement is not
counted among the trials.  Pass ``include_observed=True`` for the
``(count + 1) / (B + 1)`` variant, which is never 0.

Implementation
--------------
Trials are processed in chunks of ``c`` trials whose buffers are
allocated once and reused, so peak memory is set by ``max_elements``
whatever ``B`` is.  For a chunk:

1. **Keys.**  A ``(c, n, k)`` buffer of ``uint32`` keys holds, in its
   high half, the row's parity (top bit) and 15 random bits (four keys per
   64-bit output of the bit generator, read in trial order) and, in its low
   half, the flat index ``r * k + j`` of the cell it stands for (or the
   column ``j`` when ``n * k`` does not fit in 16 bits).
2. **Permutations.**  Sorting the keys of every two consecutive rows (one
   vectorised sort of small unsigned integers; the parity bit keeps the
   rows apart, and segments of ``2k`` keys sort faster than ``k``) orders
   each row's cells by their random bits: the low halves are then the flat
   indices of independently permuted rows, ready for a gather.
3. **Ties.**  Two cells of a row may draw the same 15 random bits; the sort
   then orders them by their low half.  The low halves index a copy of the
   data whose cells were shuffled within each row once per call (an exact
   uniform permutation, drawn before the trials), so a tie is broken in a
   uniformly random order and every trial's arrangement is *exactly*
   uniform over the ``(k!)^n`` arrangements.  Ties only make trials share
   that one order (a row ties with probability about ``k(k-1)/2 / 2^15``, 0.7 %
   for ``k = 22``), which does not bias the p-values.
4. **Gather and reduce.**  One ``numpy.take`` gathers the permuted cells
   of every stacked matrix at once (the permutations are shared), a
   matrix product with a vector of ones sums the rows, and the range of
   the column sums is compared with ``n`` times the observed differences.
   The ranges are counted in blocks of trials, so no array of length ``B``
   is kept.

Rows and ties: a constant added to a whole row changes no range, so each
row is first reduced by its smallest cell (a row of equal scores becomes
exactly 0, however large its scores: it cannot swamp the other rows in the
column sums).  A trial's range reaches an observed difference when it falls
short of ``n`` times it by at most ``8 n eps sum_i max_j y_ij`` (``y`` the
reduced cells: the rounding of a float sum of ``n`` cells, from the
matrix's own rows), so values equal in exact arithmetic tie while a topic
of large scores cannot erase a difference on the other topics.

The random bits are consumed in trial order, so the result does not
depend on the chunk size.  Several matrices of the same shape (stacked on
leading axes, e.g. one per measure) share the same permutations, which
makes their p-values directly comparable; a matrix sees the same
permutations alone as in a stack (its row sums may differ in the last bit,
which the comparison's tolerance absorbs).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.parallel import checked_tasks
from axiometrics.stats.blocks import map_trial_blocks
from axiometrics.stats.resampling import Seed, as_generator

if TYPE_CHECKING:
    from axiometrics.parallel import Tasks

__all__ = [
    "DEFAULT_MAX_ELEMENTS",
    "MAX_GROUPS",
    "TukeyHSD",
    "randomized_tukey_hsd",
]

#: Default bound on the cells of one chunk of trials (times the number of
#: stacked matrices plus two); about 8 bytes of working memory per element.
DEFAULT_MAX_ELEMENTS = 2**18

#: Most groups the test handles: a column index must fit in 16 bits.
MAX_GROUPS = 2**16

#: Trials whose ranges are counted together (bounds that buffer's memory).
_COUNT_BLOCK = 1024

#: Keys come four to a 64-bit word; chunks are whole multiples of this.
_KEYS_PER_WORD = 4

#: Multiple of ``n * eps * sum_i max_j |x_ij|`` allowed for the rounding of the column sums.
_SUM_ROUNDING = 8.0

# Halves of a uint32 key seen as two uint16: (high, low) positions.
_HIGH, _LOW = (1, 0) if sys.byteorder == "little" else (0, 1)


@dataclass(frozen=True)
class TukeyHSD:
    """Result of a randomised Tukey HSD test.

    Attributes
    ----------
    means
        Group (column) means, ``(..., k)``.
    p_values
        Symmetric ``(..., k, k)`` p-values; the diagonal is 1.
    trials
        ``B``, the number of randomisation trials.
    include_observed
        Whether p-values are ``(count + 1) / (B + 1)`` rather than ``count / B``.
    """

    means: np.ndarray
    p_values: np.ndarray
    trials: int
    include_observed: bool = False

    def significant(self, alpha: float = 0.05) -> np.ndarray:
        """Boolean ``(..., k, k)``: pairs whose p-value is below ``alpha``."""
        return self.p_values < alpha


def _check_trials(trials: int, name: str = "trials") -> int:
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials < 1:
        raise InvalidParameterError(f"{name} must be a positive integer (got {trials!r})")
    return int(trials)


class _RowPermutations:
    """Independent uniform permutations of every row, drawn chunk by chunk as flat indices.

    ``draw(size)`` returns ``(size, n, k)`` intp indices into the flattened
    ``(n, k)`` matrix whose rows were shuffled by the call's tie order; the
    buffers are reused between calls (the returned array is overwritten by
    the next call).  Draws are made four trials at a time (whole 64-bit
    words of random bits), so trial ``t`` always reads the same bits.

    Two consecutive rows (in trial-major order) share one sort segment of
    ``2k`` keys, which sorts faster than two segments of ``k``: the top bit
    of a key is the row's parity, the next 15 bits are random.
    """

    def __init__(self, n: int, k: int, capacity: int, bits: np.random.BitGenerator) -> None:
        capacity += -capacity % _KEYS_PER_WORD
        self._bits = bits
        self._keys = np.empty((capacity, n, k), dtype=np.uint32)
        halves = self._keys.view(np.uint16)
        self._random = halves[..., _HIGH::2]
        self._labels = halves[..., _LOW::2]
        self._segments = self._keys.reshape(capacity * n // 2, 2 * k)
        parity = (np.arange(capacity * n, dtype=np.uint16) % 2) << 15
        self._parity = np.repeat(parity, k).reshape(capacity, n, k)
        self._indices = np.empty((capacity, n, k), dtype=np.intp)
        if n * k <= 2**16:
            self._template = np.arange(n * k, dtype=np.uint16).reshape(n, k)
            self._offsets: np.ndarray | None = None
        else:
            self._template = np.broadcast_to(np.arange(k, dtype=np.uint16), (n, k))
            self._offsets = (np.arange(n, dtype=np.intp) * k)[:, None]

    def draw(self, size: int) -> np.ndarray:
        whole = size + (-size) % _KEYS_PER_WORD
        shape = (whole, *self._keys.shape[1:])
        cells = whole * shape[1] * shape[2]
        raw = self._bits.random_raw(cells // _KEYS_PER_WORD)
        bits = raw.astype("<u8", copy=False).view("<u2").reshape(shape)
        np.right_shift(bits, 1, out=bits)
        np.bitwise_or(bits, self._parity[:whole], out=bits)
        np.copyto(self._random[:whole], bits)
        np.copyto(self._labels[:whole], self._template)
        self._segments[: cells // (2 * shape[2])].sort(axis=-1)
        out = self._indices[:size]
        if self._offsets is None:
            np.copyto(out, self._labels[:size])
        else:
            np.add(self._labels[:size], self._offsets, out=out)
        return out


def _chunk_trials(cells: int, layers: int, max_elements: int) -> int:
    """Trials per chunk: a multiple of four within ``max_elements`` (at least four)."""
    per_trial = cells * (layers + 2)
    fitting = max_elements // per_trial
    return max(_KEYS_PER_WORD, fitting - fitting % _KEYS_PER_WORD)


def _chunks(total: int, size: int) -> Iterator[int]:
    done = 0
    while done < total:
        step = min(size, total - done)
        yield step
        done += step


class _RangeCounter:
    """Counts, per layer and pair, the trials whose range reaches the pair's threshold."""

    def __init__(self, thresholds: np.ndarray) -> None:
        self._thresholds = thresholds
        self.counts = np.zeros(thresholds.shape, dtype=np.int64)
        self._block = np.empty((_COUNT_BLOCK, thresholds.shape[0]))
        self._filled = 0

    def add(self, ranges: np.ndarray) -> None:
        start = 0
        while start < ranges.shape[0]:
            take = min(ranges.shape[0] - start, _COUNT_BLOCK - self._filled)
            self._block[self._filled : self._filled + take] = ranges[start : start + take]
            self._filled += take
            start += take
            if self._filled == _COUNT_BLOCK:
                self.flush()

    def flush(self) -> None:
        if not self._filled:
            return
        block = np.sort(self._block[: self._filled], axis=0)
        for layer, thresholds in enumerate(self._thresholds):
            below = np.searchsorted(block[:, layer], thresholds, side="left")
            self.counts[layer] += self._filled - below
        self._filled = 0


def _tie_order(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """The per-call order that breaks ties between equal random bits: each row shuffled once."""
    return rng.permuted(np.broadcast_to(np.arange(k), (n, k)), axis=-1)


def _gather_source(stack: np.ndarray, tie_order: np.ndarray) -> np.ndarray:
    """The cells to gather from, ``(n * k, layers)``.

    Cell ``r * k + tie_order[r, j]`` holds ``stack[:, r, j]``: one row per
    cell and one column per stacked matrix, so a gather reads all of a
    cell's values together.
    """
    layers, n, k = stack.shape
    source = np.empty((n, k, layers))
    np.put_along_axis(source, tie_order[:, :, None], stack.transpose(1, 2, 0), axis=1)
    return source.reshape(n * k, layers)


def _count_block(
    source: np.ndarray,
    thresholds: np.ndarray,
    shape: tuple[int, int],
    max_elements: int,
    bits: np.random.BitGenerator,
    trials: int,
    *,
    progress: Callable[[int], object] | None = None,
) -> np.ndarray:
    """The counts of ``trials`` consecutive trials drawn from ``bits`` (see ``_count_reaching``)."""
    n, k = shape
    layers = source.shape[1]
    counter = _RangeCounter(thresholds)
    chunk = min(_chunk_trials(n * k, layers, max_elements), trials + (-trials) % _KEYS_PER_WORD)
    permutations = _RowPermutations(n, k, chunk, bits)
    ones = np.ones(n)
    cells = np.empty((chunk, n, k * layers))
    sums = np.empty((chunk, k, layers))
    for size in _chunks(trials, chunk):
        indices = permutations.draw(size)
        np.take(source, indices, axis=0, out=cells[:size].reshape(size, n, k, layers), mode="clip")
        np.matmul(ones, cells[:size], out=sums[:size].reshape(size, k * layers))
        counter.add(sums[:size].max(axis=1) - sums[:size].min(axis=1))
        if progress is not None:
            progress(size)
    counter.flush()
    return counter.counts


def _count_reaching(
    stack: np.ndarray,
    thresholds: np.ndarray,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
    progress: Callable[[int], object] | None,
    tasks: Tasks | None,
) -> np.ndarray:
    """Per layer and pair, the trials whose range of column sums reaches the threshold.

    ``stack`` is ``(layers, n, k)`` and ``thresholds`` ``(layers, pairs)``;
    every layer sees the same permutations.  With parallel ``tasks``, blocks
    of trials run as tasks (:func:`~axiometrics.stats.blocks.map_trial_blocks`)
    and the counts are the same.
    """
    n, k = stack.shape[1:]
    source = _gather_source(stack, _tie_order(rng, n, k))
    arguments = (source, thresholds, (n, k), max_elements)
    blocks = map_trial_blocks(
        _count_block,
        arguments,
        trials,
        rng,
        tasks,
        # Four trials read n * k outputs (four keys to an output).
        outputs=lambda t: -(-t // _KEYS_PER_WORD) * n * k,
        # Keys, sort, gather and sums: measured at about 7 operations per cell and layer.
        operations_per_trial=7 * n * k * (source.shape[1] + 2),
        multiple=_KEYS_PER_WORD,
        progress=progress,
    )
    if blocks is None:
        return _count_block(*arguments, rng.bit_generator, trials, progress=progress)
    return np.sum(blocks, axis=0)


def randomized_tukey_hsd(
    data: Any,
    *,
    trials: int = 5000,
    seed: Seed = 0,
    include_observed: bool = False,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    progress: Callable[[int], object] | None = None,
    tasks: Tasks | None = None,
) -> TukeyHSD:
    """Run the paired randomised Tukey HSD test on blocks x groups matrices.

    Parameters
    ----------
    data
        ``(n, k)`` or a stack ``(..., n, k)``: ``n >= 2`` blocks (rows,
        permuted independently) by ``2 <= k <= 65536`` groups (columns).
    trials
        ``B``, the number of randomisation trials.
    seed
        Seed or Generator for the permutations.
    include_observed
        Use ``(count + 1) / (B + 1)`` instead of Sakai's ``count / B``.
    max_elements
        Bound on the size of one chunk's arrays (cells per chunk times the
        number of stacked matrices plus two); lower it to save memory.
    progress
        Called with the number of trials done after each chunk.
    tasks
        Where blocks of trials run (:class:`~axiometrics.parallel.Tasks`):
        local workers or a cluster.  The p-values are the same bytes as in
        this process for any backend and number of workers (each block
        reads the random bits it reads in one pass; see
        :mod:`axiometrics.stats.blocks`).  Default: this process.

    Returns
    -------
    TukeyHSD

    Raises
    ------
    DataFileError
        For fewer than 2 blocks or groups, more than 65536 groups, or
        non-finite scores.
    InvalidParameterError
        For a bad ``trials``, ``max_elements`` or ``seed``.
    """
    b = _check_trials(trials)
    if isinstance(max_elements, bool) or not isinstance(max_elements, int) or max_elements < 1:
        raise InvalidParameterError(
            f"max_elements must be a positive integer (got {max_elements!r})"
        )
    x = np.asarray(data, dtype=float)
    if x.ndim < 2 or x.shape[-2] < 2 or x.shape[-1] < 2:
        raise DataFileError(
            f"the Tukey HSD test needs a blocks x groups matrix with at least 2 of each "
            f"(got shape {x.shape})"
        )
    if x.shape[-1] > MAX_GROUPS:
        raise DataFileError(
            f"the Tukey HSD test handles at most {MAX_GROUPS} groups (got {x.shape[-1]})"
        )
    if not np.all(np.isfinite(x)):
        raise DataFileError("the Tukey HSD test needs finite scores (got NaN or inf)")
    tasks = checked_tasks(tasks)
    rng = as_generator(seed)
    lead = x.shape[:-2]
    n, k = x.shape[-2:]
    stack = x.reshape(-1, n, k)
    layers = stack.shape[0]
    # Column means without overflow: each layer divided by a power of two first.
    _, exponent = np.frexp(np.abs(stack).max(axis=(1, 2), keepdims=True))
    means = np.ldexp(stack, 1 - exponent).mean(axis=1) * np.ldexp(1.0, exponent - 1)[:, 0]
    # Permuting a row moves its cells between columns, so a constant added to a
    # row changes no range: subtract each row's smallest cell (exactly, for a
    # row of equal scores) so a row of huge scores cannot swamp the other rows'
    # contributions to the column sums; then rescale each layer by a power of
    # two (the p-values are scale invariant) so no sum overflows.
    with np.errstate(over="ignore"):
        reduced = stack - stack.min(axis=2, keepdims=True)
    if not np.all(np.isfinite(reduced)):
        low = stack.min(axis=2, keepdims=True)
        reduced = np.ldexp(stack, -1) - np.ldexp(low, -1)
    _, spread = np.frexp(reduced.max(axis=(1, 2), keepdims=True))
    centred = np.ldexp(reduced, -spread)
    centred_means = centred.mean(axis=1)
    iu, ju = np.triu_indices(k, k=1)
    observed = np.abs(centred_means[:, iu] - centred_means[:, ju])
    # Trials compare column sums with n times the observed differences.  A
    # range that equals an observed difference in exact arithmetic may differ
    # in the last bits after summing in another order: allow the rounding of
    # a float sum of n terms, per matrix and from its own cells only (a
    # topic of large scores cannot erase another topic's difference).
    magnitude = centred.max(axis=2).sum(axis=1, keepdims=True)
    tolerance = _SUM_ROUNDING * n * np.finfo(float).eps * magnitude
    counts = _count_reaching(
        centred, n * observed - tolerance, b, rng, max_elements, progress, tasks
    )
    pair_p = (counts + 1) / (b + 1) if include_observed else counts / b
    p = np.ones((layers, k, k))
    p[:, iu, ju] = pair_p
    p[:, ju, iu] = pair_p
    return TukeyHSD(
        means=means.reshape(*lead, k),
        p_values=p.reshape(*lead, k, k),
        trials=b,
        include_observed=include_observed,
    )
