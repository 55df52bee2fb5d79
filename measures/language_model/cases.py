"""Case builders of the ``language_model`` claims, shared by the random search and the bounded pass.

Each builder turns one corpus in the flat form (``log_probs`` ``(T,)`` in
natural logs, ``lengths`` ``(S,)``) and the claim's parameters into a
:class:`~axiometrics.checker.Case` whose entries hold the family's three
inputs ``(log_probs, base, lengths)``; :mod:`.procedures` draws the
parameters with Hypothesis and :mod:`.enumeration` lists them, so a drawn
case and an enumerated one have the same entries, names and ``info``.

Entries of one shape are stacked (one vectorised call scores them); entries
that differ in their number of tokens or sequences form a ragged case
(:meth:`~axiometrics.checker.Case.from_entries`).

Base conversion (``base_invariance``).  The natural logarithm ``lp`` of a
probability is given in base b as ``lp / ln b``: one rounding, a relative
error of at most 2**-53 per value, against the checker's relative tolerance
of 1e-11.  The measures turn it back into nats with a second rounding, so
the two entries describe probabilities whose logarithms differ by a few
ulps: the cross-entropies by a relative 1e-15 or so, the perplexities
``exp(H)`` by ``H`` times that (below 1e-12 up to the overflow at H ≈
709.78).  No base other than e makes the conversion exact for every value
(``ln b`` is irrational for every rational b except 1), so the claim is
judged within the tolerance; a base that is a power of e would be exact,
but the bases users have are 2, 10 and 0.5.  Where ``lp / ln b`` overflows
(|lp| near the largest float and |ln b| < 1) the builder takes b = e² (ln b
= 2, exact) instead and says so.
"""

from __future__ import annotations

import math

import numpy as np

from axiometrics.checker.cases import Case

__all__ = [
    "E2",
    "NATURAL",
    "aggregation_case",
    "base_case",
    "concatenation_case",
    "entry",
    "identity_case",
    "monotonicity_case",
    "order_case",
    "split",
    "well_defined_case",
]

#: The base of natural logarithms (the family's default base).
NATURAL = math.e
#: e² as a float: ``ln`` of it is exactly 2.0 in float64, the fallback of a base conversion.
E2 = float(np.exp(2.0))

Entry = tuple[np.ndarray, np.ndarray, np.ndarray]


def entry(log_probs: np.ndarray, base: float, lengths: np.ndarray) -> Entry:
    """One entry: ``(log_probs (T,), base (), lengths (S,))`` as float64 arrays."""
    return (
        np.asarray(log_probs, dtype=float),
        np.asarray(float(base)),
        np.asarray(lengths, dtype=float),
    )


def split(log_probs: np.ndarray, lengths: np.ndarray) -> list[np.ndarray]:
    """The sequences of a flat corpus."""
    ends = np.cumsum(np.asarray(lengths, dtype=np.int64))[:-1]
    return np.split(np.asarray(log_probs, dtype=float), ends)


def _case(entries: list[Entry], names: list[str], **info: object) -> Case:
    return Case.from_entries(entries, names, info=info)


def well_defined_case(log_probs: np.ndarray, base: float, lengths: np.ndarray) -> Case:
    """The ``well_defined`` case of one corpus."""
    return _case([entry(log_probs, base, lengths)], ["corpus"])


def order_case(log_probs: np.ndarray, lengths: np.ndarray, order: np.ndarray, shown: str) -> Case:
    """The ``item_order_invariance`` case: the corpus and its sequences in ``order`` (``shown``)."""
    parts = split(log_probs, lengths)
    moved = np.concatenate([parts[int(i)] for i in order])
    return _case(
        [entry(log_probs, NATURAL, lengths), entry(moved, NATURAL, np.asarray(lengths)[order])],
        ["as given", "sequences permuted"],
        permutation=shown,
    )


def identity_case(lengths: np.ndarray, log_probs: np.ndarray | None) -> Case:
    """The ``identity`` case: every token of probability 1, and with ``log_probs`` one below 1.

    ``log_probs`` (multiples of 1/8) with every value 0 gets its first token
    moved to -1/8.
    """
    perfect = np.zeros(int(np.sum(lengths)))
    if log_probs is None:
        return _case([entry(perfect, NATURAL, lengths)], ["every probability 1"])
    lp = np.array(log_probs, dtype=float)
    if np.all(lp == 0):
        lp[0] = -0.125
    return _case(
        [entry(perfect, NATURAL, lengths), entry(lp, NATURAL, lengths)],
        ["every probability 1", "some probability below 1"],
    )


def base_case(log_probs: np.ndarray, lengths: np.ndarray, b: float) -> Case:
    """The ``base_invariance`` case: natural logs, and the same probabilities in base ``b``.

    Where a finite value overflows in base ``b`` the base is :data:`E2` (see
    the module docstring).
    """
    lp = np.asarray(log_probs, dtype=float)
    shown = f"b = {b!r}"
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        converted = lp / math.log(b)
    if np.any(np.isfinite(lp) & ~np.isfinite(converted)):
        shown = f"b = e² = {E2!r} (these values overflow float64 in base {b!r})"
        b = E2
        converted = lp / 2.0
    return _case(
        [entry(lp, NATURAL, lengths), entry(converted, b, lengths)],
        ["natural logs", "base b"],
        base=shown,
    )


def monotonicity_case(log_probs: np.ndarray, lengths: np.ndarray, i: int, t: float) -> Case:
    """The ``probability_monotonicity`` case: token ``i``'s log-probability lp_i raised to t lp_i.

    ``0 <= t < 1``; a token of probability 1 (lp_i = 0) is first lowered to
    a negative multiple of 1/8.
    """
    lp = np.array(log_probs, dtype=float)
    if lp[i] == 0:
        lp[i] = -0.125 * (1 + i % 3)
    raised = lp.copy()
    raised[i] = t * lp[i] if t else 0.0
    ends = np.cumsum(np.asarray(lengths, dtype=np.int64))
    s = int(np.searchsorted(ends, i, side="right"))
    first = int(ends[s - 1]) if s else 0
    return _case(
        [entry(lp, NATURAL, lengths), entry(raised, NATURAL, lengths)],
        ["before", "one token's probability raised"],
        token=f"sequence {s}, token {i - first}: {float(lp[i])!r} -> {float(raised[i])!r}",
    )


def concatenation_case(log_probs: np.ndarray, base: float, lengths: np.ndarray, s: int) -> Case:
    """The ``concatenation_invariance`` case: the corpus, and sequences ``s`` and ``s + 1`` joined.

    A corpus of one sequence has nothing to join: both entries are the corpus.
    """
    n = np.asarray(lengths, dtype=float)
    if n.size < 2:
        joined, shown = n, "one sequence: nothing to join"
    else:
        s = min(s, n.size - 2)
        joined = np.concatenate([n[:s], [n[s] + n[s + 1]], n[s + 2 :]])
        shown = f"sequences {s} and {s + 1}"
    return _case(
        [entry(log_probs, base, n), entry(log_probs, base, joined)],
        ["as given", "two sequences joined"],
        joined=shown,
    )


def aggregation_case(log_probs: np.ndarray, base: float, lengths: np.ndarray) -> Case:
    """The ``sequence_mean_aggregation`` case: the corpus, then each sequence scored alone."""
    parts = split(log_probs, lengths)
    entries = [entry(log_probs, base, lengths)]
    entries += [entry(part, base, np.array([float(part.size)])) for part in parts]
    names = ["corpus", *(f"sequence {s}" for s in range(len(parts)))]
    return _case(entries, names)
