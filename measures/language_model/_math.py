"""Vectorised kernels of the language-model measures.

Every kernel takes the prepared inputs of :mod:`.family`: ``log_probs``
``(..., T)`` (every token of the corpus, sequence after sequence, as
logarithms in base ``base``), ``base`` ``(...)`` and ``lengths`` ``(..., S)``
(the number of tokens of each sequence, positive, summing to T), which
broadcast to one batch shape, and returns ``(scores, undefined)`` of that
batch shape.

The validation guarantees that every value has the sign of a
log-probability in its base (``<= 0`` for a base above 1, ``>= 0`` below
1), so the negative log-likelihood of token t in nats is
``|v_t| * |ln b|``.  An infinite value is a token of probability 0: the
scores of its row are undefined (the perplexity is infinite), never
``inf``.

Two devices keep every kernel finite and free of floating-point warnings
on the whole float64 range (the kernels run with floating-point errors
raised as exceptions):

* the magnitudes ``|v_t|`` of a row are scaled by one power of two so that
  the largest lies in ``[0.5, 1)`` (exact, barring values more than 2**1000
  times smaller than the largest, which cannot change the result); sums
  and means of the scaled values never overflow, and the mean is scaled
  back with :func:`numpy.ldexp`;
* a result that is not representable (a cross-entropy beyond the largest
  float, a perplexity ``exp(H)`` with ``H`` above ``ln(max float)`` ≈
  709.78) is marked undefined, never returned as ``inf``.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "LN2",
    "MAX_EXP_ARGUMENT",
    "Result",
    "bits_per_token",
    "mean_sequence_perplexity",
    "perplexity",
    "sequence_mean_nll",
    "token_cross_entropy",
    "token_mean_nll",
]

#: ``(scores, undefined)`` of the batch shape.
Result = tuple[np.ndarray, np.ndarray]
#: ``ln 2``: nats per bit.
LN2 = math.log(2.0)
#: The largest ``x`` whose ``exp(x)`` is finite in float64 (``ln`` of the largest float).
MAX_EXP_ARGUMENT = float(np.log(np.finfo(float).max))


def _rows(
    log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The three inputs broadcast to the batch shape (read-only views)."""
    v = np.asarray(log_probs, dtype=float)
    b = np.asarray(base, dtype=float)
    n = np.asarray(lengths)
    batch = np.broadcast_shapes(v.shape[:-1], b.shape, n.shape[:-1])
    return (
        np.broadcast_to(v, (*batch, v.shape[-1])),
        np.broadcast_to(b, batch),
        np.broadcast_to(n, (*batch, n.shape[-1])),
    )


def _scaled(v: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(u, k, zero)``: ``|v|`` over ``2**k`` per row (largest in ``[0.5, 1)``), and the mask.

    ``zero`` marks the rows holding a token of probability 0 (an infinite
    value); their infinite values are taken as 0 in ``u`` (the row's scores
    are undefined anyway).
    """
    a = np.abs(v)
    infinite = np.isinf(a)
    zero = np.any(infinite, axis=-1)
    a = np.where(infinite, 0.0, a)
    _, k = np.frexp(np.max(a, axis=-1, initial=0.0))
    return np.ldexp(a, -k[..., None]), k, zero


def _nats(mean_u: np.ndarray, k: np.ndarray, base: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A mean of scaled magnitudes as nats, and where that overflows float64."""
    with np.errstate(over="ignore"):
        h = np.ldexp(mean_u, k) * np.abs(np.log(base))
    overflow = ~np.isfinite(h)
    return np.where(overflow, 0.0, h), overflow


def token_mean_nll(log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray) -> Result:
    """Total negative log-likelihood over total tokens, in nats: ``(H, undefined)``.

    Undefined where a token has probability 0 or ``H`` overflows float64.
    The segmentation into sequences plays no part.
    """
    v, b, _ = _rows(log_probs, base, lengths)
    u, k, zero = _scaled(v)
    h, overflow = _nats(np.mean(u, axis=-1), k, b)
    undefined = zero | overflow
    return np.where(undefined, 0.0, h), undefined


def sequence_mean_nll(log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray) -> Result:
    """The mean over sequences of each sequence's mean negative log-likelihood, in nats.

    Per-sequence sums are taken in one :func:`numpy.add.reduceat` call over
    the flattened batch (each row may have its own segmentation), so the
    kernel is vectorised over batches of different segmentations.
    """
    v, b, n = _rows(log_probs, base, lengths)
    u, k, zero = _scaled(v)
    counts = n.astype(np.int64)
    rows = int(np.prod(u.shape[:-1], dtype=np.int64))
    t, s = u.shape[-1], counts.shape[-1]
    flat_counts = counts.reshape(rows, s)
    starts = np.cumsum(flat_counts, axis=-1) - flat_counts
    offsets = (np.arange(rows, dtype=np.int64) * t)[:, None] + starts
    sums = np.add.reduceat(u.reshape(rows * t), offsets.reshape(rows * s)).reshape(rows, s)
    per_sequence = sums / flat_counts
    mean_u = np.mean(per_sequence, axis=-1).reshape(u.shape[:-1])
    h, overflow = _nats(mean_u, k, b)
    undefined = zero | overflow
    return np.where(undefined, 0.0, h), undefined


def _exp(h: np.ndarray, undefined: np.ndarray) -> Result:
    """``exp(h)``, undefined where it overflows float64 (or ``h`` already is)."""
    over = h > MAX_EXP_ARGUMENT
    bad = undefined | over
    return np.where(bad, 0.0, np.exp(np.where(bad, 0.0, h))), bad


def perplexity(log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray) -> Result:
    """``exp(H)``, H the total negative log-likelihood over the total tokens (nats)."""
    return _exp(*token_mean_nll(log_probs, base, lengths))


def mean_sequence_perplexity(
    log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray
) -> Result:
    """The geometric mean of the per-sequence perplexities: ``exp(mean_s H_s)``."""
    return _exp(*sequence_mean_nll(log_probs, base, lengths))


def token_cross_entropy(log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray) -> Result:
    """H: the total negative log-likelihood over the total tokens, in nats."""
    return token_mean_nll(log_probs, base, lengths)


def bits_per_token(log_probs: np.ndarray, base: np.ndarray, lengths: np.ndarray) -> Result:
    """H / ln 2: the cross-entropy in bits, undefined where that overflows float64."""
    h, undefined = token_mean_nll(log_probs, base, lengths)
    with np.errstate(over="ignore"):
        bits = h / LN2
    bad = undefined | ~np.isfinite(bits)
    return np.where(bad, 0.0, bits), bad
