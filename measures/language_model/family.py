"""The ``language_model`` family: per-token log-probabilities of a corpus of text sequences.

A corpus is a sequence of text sequences; a language model gives each token
of each sequence a probability, and the family's measures (perplexity and
its relatives) score the corpus from the logarithms of those probabilities.

What a user passes (``ax.score("perplexity", log_probs[, base])``):

* ``log_probs``: one 1-d sequence of token log-probabilities per text
  sequence, ragged: a list (or tuple) of lists or of 1-d arrays, e.g.
  ``[[-2.3, -0.7], [-1.2, -0.05, -3.1]]``; or an array ``(..., S, L)`` of S
  sequences of L tokens each (equal lengths; the leading axes are a batch).
  A flat 1-d array or a list of numbers is refused: one sequence of n
  tokens and n sequences of one token would be told apart by guessing.
* ``base`` (optional, default ``math.e``): the base of the logarithms
  given, a real b > 0, b != 1, or an array of such bases over the batch.
  ``base=2`` reads log2-probabilities, ``base=10`` log10 ones; a base
  below 1 (``0.5``) turns the signs (its logarithms of probabilities are
  >= 0).  Every measure reports in its own fixed unit (nats, bits, or the
  unit-free perplexity) whatever the base.
* ``lengths`` (optional, third): with it, ``log_probs`` is the *flat*
  form, every token of the corpus sequence after sequence, ``(..., T)``,
  and ``lengths`` ``(..., S)`` the number of tokens of each sequence
  (positive integers summing to T).  Several models scored on the same
  tokens are one call: ``log_probs`` ``(M, T)`` with one ``lengths``
  ``(S,)``.  Given by name, it needs ``base`` too:
  ``ax.score("perplexity", flat, base=math.e, lengths=n)``.

The prepared arrays (:class:`~axiometrics.family.Prepared`) are this flat
form: ``log_probs`` ``(..., T)`` float64, ``base`` ``(...)`` float64 and
``lengths`` ``(..., S)`` float64 (integral), which broadcast to one batch
shape (core dimensions 1, 0 and 1).  The compute functions receive them
positionally in that order, and so do the checker's cases: every case entry
holds ``(log_probs, base, lengths)`` of one corpus, so that the entries of a
relational claim may differ in their segmentation (``lengths``) and in the
base of their logarithms.

Refused with typed errors: an empty corpus, an empty sequence, NaN, a value
with the wrong sign for its base (a log-probability > 0 in base e, i.e. a
probability above 1), non-numeric values (``InputTypeError``), lengths that
are not positive integers summing to the number of tokens, and a base that
is not a finite real b > 0, b != 1 (``InvalidParameterError``).  An infinite
value of the right sign (``-inf`` in base e: probability 0) is accepted and
makes every score of its corpus undefined (the perplexity is infinite).

The family has no class values and no class scale.

Bare callables (``check(f, family="language_model")``) are called as
``f(log_probs)`` by default, with a list of 1-d float arrays (one per
sequence) of natural-log probabilities (a case given in another base is
refused, so it lies outside every claim: ``base_invariance`` is then not
applicable), or as ``f(log_probs, base)`` with
``signature="log_probs,base"`` (the values as given and their base, a float).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    SignatureRefusalError,
)
from axiometrics.family import CallSignature, Family, Prepared
from axiometrics.scale import as_real_array, is_pandas

__all__ = [
    "BASE_FEATURE",
    "CALL_SIGNATURES",
    "FAMILY",
    "INPUTS",
    "NATURAL",
    "prepare_language_model",
    "sequences",
    "validate_corpus",
]

#: The family's inputs, in the compute functions' order.
INPUTS = ("log_probs", "base", "lengths")
#: The base of natural logarithms, the default.
NATURAL = math.e
#: The prepared class values: none (the family has no class scale).
NO_VALUES = np.zeros(0)
_WHAT = "token log-probabilities"
_FORMS = (
    "a list of 1-d sequences of token log-probabilities (one per text sequence), or an array "
    "(..., n_sequences, n_tokens)"
)


def _shown(data: Any) -> str:
    text = " ".join(repr(data).split())
    return text if len(text) <= 120 else text[:117] + "..."


def _base(raw: Any) -> np.ndarray:
    """The base(s) of the logarithms: finite reals b > 0, b != 1 (``None``: e)."""
    if raw is None:
        return np.asarray(NATURAL)
    if is_pandas(raw) or isinstance(raw, str | bytes):
        raise InvalidParameterError(
            f"base={_shown(raw)}: expected the base of the logarithms, a real b > 0, b != 1"
        )
    try:
        b = as_real_array(raw, name="base", what="logarithm bases")
    except InputTypeError as exc:
        raise InvalidParameterError(
            f"base={_shown(raw)}: expected the base of the logarithms, a real b > 0, b != 1"
        ) from exc
    bad = ~(np.isfinite(b) & (b > 0) & (b != 1))
    if np.any(bad):
        value = float(b[tuple(np.argwhere(bad)[0])]) if b.ndim else float(b)
        raise InvalidParameterError(
            f"base={_shown(raw)}: expected the base of the logarithms, a finite real b > 0, "
            f"b != 1 (got {value!r})"
        )
    return b.astype(float, copy=False)


def _sequence(raw: Any, i: int) -> np.ndarray:
    if isinstance(raw, str | bytes):
        raise InputTypeError(
            f"log_probs[{i}]={_shown(raw)}: expected a 1-d sequence of numeric {_WHAT} (got text)"
        )
    seq = as_real_array(raw, name=f"log_probs[{i}]", what=_WHAT)
    if seq.ndim != 1:
        got = "a number" if seq.ndim == 0 else f"an array of shape {seq.shape}"
        raise InvalidInputError(
            f"log_probs[{i}]={_shown(raw)}: expected a 1-d sequence of {_WHAT}, one per token "
            f"(got {got}); log_probs must be {_FORMS}"
        )
    if seq.size == 0:
        raise InvalidInputError(
            f"log_probs[{i}]={_shown(raw)}: expected at least one token per sequence (got an "
            "empty sequence)"
        )
    return seq


def _ragged(raw: Any) -> tuple[np.ndarray, np.ndarray]:
    """A list or tuple of 1-d sequences as ``(flat (T,), lengths (S,))``."""
    if len(raw) == 0:
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected at least one sequence (got an empty corpus)"
        )
    if all(isinstance(x, int | float | np.number) and not isinstance(x, bool) for x in raw):
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected {_FORMS} (got a flat list of numbers: wrap one "
            "sequence in a list, [log_probs], or give the number of tokens of each sequence as "
            "lengths=)"
        )
    parts = [_sequence(x, i) for i, x in enumerate(raw)]
    lengths = np.array([p.size for p in parts], dtype=float)
    return np.concatenate(parts), lengths


def _equal_lengths(raw: Any) -> tuple[np.ndarray, np.ndarray]:
    """An array ``(..., S, L)`` as ``(flat (..., S * L), lengths (S,))``."""
    arr = as_real_array(raw, name="log_probs", what=_WHAT)
    if arr.ndim < 2:
        got = "a number" if arr.ndim == 0 else "a flat 1-d array"
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected {_FORMS} (got {got}: wrap one sequence in a "
            "list, [log_probs], or give the number of tokens of each sequence as lengths=)"
        )
    s, n = arr.shape[-2], arr.shape[-1]
    if s == 0:
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected at least one sequence (got an empty corpus, "
            f"shape {arr.shape})"
        )
    if n == 0:
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected at least one token per sequence (got empty "
            f"sequences, shape {arr.shape})"
        )
    return arr.reshape(*arr.shape[:-2], s * n), np.full(s, float(n))


def _flat(raw: Any, raw_lengths: Any) -> tuple[np.ndarray, np.ndarray]:
    """The flat form: ``log_probs`` ``(..., T)`` and ``lengths`` ``(..., S)``."""
    if isinstance(raw, list | tuple):
        flat = as_real_array(raw, name="log_probs", what=f"{_WHAT} (flat, with lengths)")
    else:
        flat = as_real_array(raw, name="log_probs", what=_WHAT)
    if flat.ndim == 0 or flat.shape[-1] == 0:
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected every token of the corpus, shape (..., T) with "
            f"T >= 1, beside lengths (got shape {flat.shape})"
        )
    if isinstance(raw_lengths, str | bytes):
        raise InputTypeError(f"lengths={_shown(raw_lengths)}: expected integer sequence lengths")
    n = as_real_array(raw_lengths, name="lengths", what="sequence lengths")
    if n.ndim == 0 or n.shape[-1] == 0:
        raise InvalidInputError(
            f"lengths={_shown(raw_lengths)}: expected the number of tokens of each sequence, "
            f"shape (..., S) with S >= 1 (got shape {n.shape}: an empty corpus)"
        )
    bad = ~(np.isfinite(n) & (n >= 1) & (n == np.round(n)))
    if np.any(bad):
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        raise InvalidInputError(
            f"lengths={_shown(raw_lengths)}: expected positive integers, at least one token per "
            f"sequence (got {float(n[at])!r} at index {at})"
        )
    totals = np.sum(n, axis=-1)
    if np.any(totals != flat.shape[-1]):
        got = float(np.ravel(totals)[np.argmax(np.ravel(totals) != flat.shape[-1])])
        raise InvalidInputError(
            f"lengths={_shown(raw_lengths)}: expected lengths summing to the number of tokens of "
            f"log_probs, T = {flat.shape[-1]} (got {got:g})"
        )
    return flat, n.astype(float, copy=False)


def _where(at: tuple[int, ...], lengths: np.ndarray) -> str:
    """A token index of the broadcast batch as ``sequence s, token t`` (and its batch index)."""
    *batch, t = at
    ends = np.cumsum(lengths[tuple(batch)], dtype=np.int64)
    s = int(np.searchsorted(ends, t, side="right"))
    first = int(ends[s - 1]) if s else 0
    where = f"sequence {s}, token {t - first}"
    return f"batch index {tuple(batch)}, {where}" if batch else where


def _check_values(
    flat: np.ndarray, base: np.ndarray, lengths: np.ndarray, batch: tuple[int, ...], raw: Any
) -> None:
    """Refuse NaN and values of the wrong sign for their base (probabilities above 1)."""
    v = np.broadcast_to(flat, (*batch, flat.shape[-1]))
    b = np.broadcast_to(base, batch)
    n = np.broadcast_to(lengths, (*batch, lengths.shape[-1]))
    nan = np.isnan(v)
    if np.any(nan):
        at = tuple(int(i) for i in np.argwhere(nan)[0])
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected {_WHAT}, not NaN (got NaN at {_where(at, n)})"
        )
    bad = v * np.where(b > 1, 1.0, -1.0)[..., None] > 0
    if np.any(bad):
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        base_at = float(b[at[:-1]])
        rule = "<= 0" if base_at > 1 else ">= 0"
        shown = "e" if base_at == NATURAL else f"{base_at:g}"
        raise InvalidInputError(
            f"log_probs={_shown(raw)}: expected log-probabilities {rule} in base {shown} "
            f"(probabilities <= 1; got {float(v[at])!r} at {_where(at, n)})"
        )


def validate_corpus(
    log_probs: Any, base: Any = None, lengths: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[int, ...]]:
    """Validate a corpus into the flat form and its batch shape.

    Parameters
    ----------
    log_probs
        Without ``lengths``: a list (or tuple) of 1-d sequences, or an array
        ``(..., S, L)``; with ``lengths``: every token, ``(..., T)``.
    base
        The base of the logarithms (``None``: e), a real or an array over the batch.
    lengths
        The number of tokens of each sequence, ``(..., S)`` (``None``: read
        from ``log_probs``).

    Returns
    -------
    tuple
        ``(log_probs (..., T), base (...), lengths (..., S), batch_shape)``, float64.

    Raises
    ------
    InputTypeError
        For non-numeric values or an unreadable container.
    InvalidInputError
        For an empty corpus or sequence, NaN, a value of the wrong sign for
        its base, lengths that are not positive integers summing to T, or
        batch shapes that do not broadcast.
    InvalidParameterError
        For a base that is not a finite real b > 0, b != 1.
    """
    if is_pandas(log_probs) or is_pandas(lengths):
        raise InputTypeError(
            "log_probs=pandas object: pandas inputs are not read by the language_model family; "
            f"pass {_FORMS}"
        )
    b = _base(base)
    if lengths is not None:
        flat, n = _flat(log_probs, lengths)
    elif isinstance(log_probs, list | tuple):
        flat, n = _ragged(log_probs)
    elif isinstance(log_probs, np.ndarray) or hasattr(log_probs, "__array__"):
        flat, n = _equal_lengths(log_probs)
    else:
        raise InputTypeError(f"log_probs={_shown(log_probs)}: expected {_FORMS}")
    try:
        batch = np.broadcast_shapes(flat.shape[:-1], b.shape, n.shape[:-1])
    except ValueError:
        raise InvalidInputError(
            f"the batch shapes do not broadcast (log_probs {flat.shape[:-1]}, base {b.shape}, "
            f"lengths {n.shape[:-1]})"
        ) from None
    _check_values(flat, b, n, batch, log_probs)
    return flat, b, n, batch


def prepare_language_model(inputs: tuple[Any, ...], values: Any) -> Prepared:
    """Validate ``(log_probs[, base[, lengths]])`` into a :class:`~axiometrics.family.Prepared`.

    The prepared arrays are always the flat form ``(log_probs, base, lengths)``.

    Raises
    ------
    InvalidInputError
        For a number of inputs other than one to three, and the corpus
        problems of :func:`validate_corpus`.
    InvalidParameterError
        If class values are given (the family has none), or for a bad base.
    """
    if not 1 <= len(inputs) <= 3:
        raise InvalidInputError(
            "a language_model measure takes one to three inputs, (log_probs[, base[, lengths]]) "
            f"(got {len(inputs)} inputs)"
        )
    if values is not None:
        raise InvalidParameterError(
            f"values={_shown(values)}: language_model measures take token log-probabilities "
            "and no class values"
        )
    flat, base, lengths, batch = validate_corpus(*inputs)
    return Prepared((flat, base, lengths), NO_VALUES, batch, 0, (1, 0, 1))


def sequences(log_probs: np.ndarray, lengths: np.ndarray) -> list[np.ndarray]:
    """The flat form of one corpus, ``(T,)`` and ``(S,)``, as a list of 1-d float arrays."""
    ends = np.cumsum(np.asarray(lengths, dtype=np.int64))[:-1]
    return [np.array(part, dtype=float) for part in np.split(np.asarray(log_probs), ends)]


def _natural_only(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    log_probs, base, lengths = inputs
    if float(base) != NATURAL:
        raise SignatureRefusalError(
            f"this call signature passes natural-log values only: base={float(base)!r} is "
            "refused (use signature='log_probs,base')"
        )
    return (sequences(log_probs, lengths),)


def _with_base(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    log_probs, base, lengths = inputs
    return (sequences(log_probs, lengths), float(base))


#: How a bare language-model callable is called: ``f(log_probs)`` by default.
CALL_SIGNATURES = (
    (
        "log_probs",
        CallSignature(
            _natural_only,
            description="f(log_probs): a list of 1-d float arrays, one per sequence, of "
            "natural-log token probabilities (cases in another base are refused)",
        ),
    ),
    (
        "log_probs,base",
        CallSignature(
            _with_base,
            description="f(log_probs, base): the same list, in base `base` (a float > 0, != 1)",
        ),
    ),
)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every corpus up to a number of tokens (:func:`.input_levels`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .enumeration import input_levels

    return input_levels(request)


#: The family's input feature (:attr:`axiometrics.family.Family.input_features`) of
#: logarithms in a base other than e, which the default call signature refuses.
BASE_FEATURE = "base"

_TYPICAL = (
    np.array([-2.3, -0.7, -1.2, -0.05, -3.1, -0.4]),
    np.asarray(NATURAL),
    np.array([2.0, 3.0, 1.0]),
)

#: The language_model family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "language_model",
    "Language models",
    INPUTS,
    prepare=prepare_language_model,
    class_values=False,
    typical_inputs=_TYPICAL,
    call_signatures=CALL_SIGNATURES,
    # Token-level and sequence-level perplexity: an improvement on both is unanimous.
    coverage_reference=("perplexity", "mean_sequence_perplexity"),
    enumerate_inputs=_enumerate_inputs,
    rank=70,
    abbreviation="LM",
    # The default call signature refuses other bases; the checker then draws natural logs.
    input_features=(
        (
            BASE_FEATURE,
            (_TYPICAL[0] / math.log(2.0), np.asarray(2.0), _TYPICAL[2]),
        ),
    ),
)
