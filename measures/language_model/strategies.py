"""Hypothesis strategies for the ``language_model`` family: corpora of token log-probabilities.

Public, for plugin authors' own tests as well as the checker's procedures
(:mod:`axiometrics.measures.language_model.procedures`).  They follow
Hypothesis' conventions: plural nouns, keyword-only options, and options
that cannot be satisfied raise
:class:`~axiometrics.strategy_options.StrategyArgumentError` (an
:class:`~axiometrics.errors.InvalidParameterError`) when the strategy is
built.

:func:`log_probability_corpora` draws what a user passes: a list of 1-d
float arrays, one per sequence, of natural-log token probabilities (every
value <= 0).  :func:`corpora` draws the same corpora in the family's flat
form (:class:`Corpus`: every token, the sequence lengths, and how many
sequences were drawn token by token).

Every corner is a regime drawn with a fixed share, so it is reached by
construction.  Four independent choices make a corpus:

**How many sequences** (:data:`SIZES`): ``few`` (1 to 8 sequences drawn
token by token, so that counterexamples shrink token by token; three times
the share of each other size), ``one``, ``two``, ``tens`` (10 to 99) and
``hundreds`` (100 to 300).  Larger sizes keep the drawn sequences (the
core) first and add sequences expanded with NumPy from a drawn seed.

**How long** (:data:`LENGTHS`): ``as_drawn`` (the core's lengths, 1 to 8
tokens; added sequences 1 to 8), ``one_token`` (every sequence one token),
``varied`` (added sequences of very different lengths, log-uniform from 1
to 256 tokens) and ``long`` (the last sequence stretched to 200 to 1000
tokens beside short ones).  A corpus holds at most
:data:`MAX_TOTAL_TOKENS` tokens.

**The values** (:data:`REGIMES`, natural logarithms): ``eighths``
(multiples of 1/8 in [-8, 0], ties and zeros included), ``grid`` (the
integers 0 to -8), ``deep`` (multiples of 1/8 in [-708, -700]: very
unlikely tokens whose perplexity still fits float64), ``near_zero`` (0,
-5e-324, -1e-300, -1e-16, -2**-52, -1e-8, -1e-3: probabilities within
rounding of 1), ``very_negative`` (-650 to -1000 around the overflow of
exp at 709.78, and -745.13, where the probability itself underflows),
``extreme`` (the most negative float, -1e308, -1e300, -1e200, with 0 and
-1), ``tied`` (one value for every token), ``mixed`` (all of these in one
corpus) and ``continuous`` (floats in [-30, 0]).  The first three are the
grid of the strict claims (:data:`STRICT_REGIMES`).

**Probability 0** (``zero_probability=True`` only): half of the corpora get
one token of log-probability ``-inf``, which makes every score undefined.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import BOOLEANS, bounded_integers, sampled_options
from axiometrics.strategy_options import StrategyArgumentError, int_option

__all__ = [
    "FEW_SEQUENCES",
    "FEW_TOKENS",
    "LENGTHS",
    "MAX_SEQUENCES",
    "MAX_TOKENS",
    "MAX_TOTAL_TOKENS",
    "REGIMES",
    "SIZES",
    "STRICT_REGIMES",
    "Corpus",
    "corpora",
    "log_probability_corpora",
]

_MAX = float(np.finfo(float).max)

#: Value regimes (see the module docstring).
REGIMES = (
    "eighths",
    "grid",
    "deep",
    "near_zero",
    "very_negative",
    "extreme",
    "tied",
    "mixed",
    "continuous",
)
#: The regimes of the strict claims: multiples of 1/8 whose changes the tolerance resolves.
STRICT_REGIMES = ("eighths", "grid", "deep")
#: Size regimes (the number of sequences).
SIZES = ("few", "one", "two", "tens", "hundreds")
#: Length patterns (the number of tokens of each sequence).
LENGTHS = ("as_drawn", "one_token", "varied", "long")
#: Sequence counts of the size regimes beyond ``few``.
SIZE_CHOICES = {
    "one": (1,),
    "two": (2,),
    "tens": (10, 11, 20, 50, 99),
    "hundreds": (100, 128, 300),
}
#: Most sequences of a core drawn token by token.
FEW_SEQUENCES = 8
#: Most tokens of a sequence of the core.
FEW_TOKENS = 8
#: Most sequences of any corpus.
MAX_SEQUENCES = 300
#: Most tokens of one sequence.
MAX_TOKENS = 1000
#: Most tokens of a corpus.
MAX_TOTAL_TOKENS = 4096
#: Largest integer level before a regime maps it.
MAX_LEVEL = 8
#: Lengths of the ``varied`` pattern's sequences: log-uniform up to this.
VARIED_MAX = 256
#: Lengths of the ``long`` pattern's long sequence.
LONG_LENGTHS = (200, 500, 1000)

_SIZE_WEIGHT = {"few": 3, "one": 1, "two": 1, "tens": 1, "hundreds": 1}
_SEEDS = bounded_integers(0, 2**32 - 1)
_NEAR_ZERO = (0.0, -5e-324, -1e-300, -1e-16, -(2.0**-52), -1e-8, -1e-3, 0.0)
_VERY_NEGATIVE = (-700.0, -709.5, -709.78, -710.0, -745.13, -800.0, -1000.0, -650.0)
_EXTREME = (-_MAX, -1e308, -1e300, -1e200, 0.0, -1.0, -_MAX / 2)
_TIED = (0.0, -1.0, -0.5, -700.0, -1e300, -5e-324, -_MAX)
_MIXED = (
    0.0,
    -5e-324,
    -1e-300,
    -1e-16,
    -0.125,
    -1.0,
    -3.5,
    -30.0,
    -700.0,
    -745.13,
    -1e10,
    -1e300,
    -_MAX,
)


def _subset(name: str, value: Any, allowed: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise StrategyArgumentError(
            f"{name}={value!r}: expected a non-empty sequence of {list(allowed)!r}"
        )
    unknown = [v for v in value if v not in allowed]
    if unknown:
        raise StrategyArgumentError(
            f"{name}={value!r}: unknown {unknown!r}; known {list(allowed)!r}"
        )
    return tuple(dict.fromkeys(value))


@dataclass(frozen=True)
class _Spec:
    sequences: tuple[int, int]
    tokens: tuple[int, int]
    core_sequences: tuple[int, int]
    core_tokens: tuple[int, int]
    few: bool
    counts: tuple[tuple[str, tuple[int, ...]], ...]
    lengths: tuple[str, ...]
    regimes: tuple[str, ...]
    zero_probability: bool

    @property
    def size_options(self) -> tuple[str, ...]:
        names = (["few"] if self.few else []) + [name for name, _ in self.counts]
        return tuple(name for name in names for _ in range(_SIZE_WEIGHT[name]))


def _resolve(
    min_sequences: Any,
    max_sequences: Any,
    min_tokens: Any,
    max_tokens: Any,
    regimes: Any,
    sizes: Any,
    lengths: Any,
    zero_probability: Any,
) -> _Spec:
    lo = int_option("min_sequences", min_sequences, minimum=1)
    hi = int_option("max_sequences", max_sequences, minimum=1)
    if lo > hi:
        raise StrategyArgumentError(f"min_sequences={lo!r} must not exceed max_sequences={hi!r}")
    t_lo = int_option("min_tokens", min_tokens, minimum=1)
    t_hi = int_option("max_tokens", max_tokens, minimum=1)
    if t_lo > t_hi:
        raise StrategyArgumentError(f"min_tokens={t_lo!r} must not exceed max_tokens={t_hi!r}")
    if lo * t_lo > MAX_TOTAL_TOKENS:
        raise StrategyArgumentError(
            f"min_sequences={lo!r} sequences of min_tokens={t_lo!r} tokens exceed the "
            f"{MAX_TOTAL_TOKENS} tokens a corpus may hold"
        )
    if not isinstance(zero_probability, bool):
        raise StrategyArgumentError(f"zero_probability={zero_probability!r}: expected a bool")
    chosen_sizes = _subset("sizes", sizes, SIZES)
    chosen_lengths = _subset("lengths", lengths, LENGTHS)
    if chosen_lengths == ("one_token",) and t_lo > 1:
        raise StrategyArgumentError(
            f"lengths=('one_token',) cannot draw sequences of min_tokens={t_lo!r} tokens"
        )
    counts = []
    for name in chosen_sizes:
        if name != "few":
            fitting = tuple(n for n in SIZE_CHOICES[name] if lo <= n <= hi)
            if fitting:
                counts.append((name, fitting))
    few = "few" in chosen_sizes and lo <= FEW_SEQUENCES
    if not few and not counts:
        raise StrategyArgumentError(
            f"sizes={sizes!r}: no size regime fits min_sequences={lo!r} .. max_sequences={hi!r}"
        )
    core_sequences = (min(lo, FEW_SEQUENCES), min(hi, FEW_SEQUENCES))
    core_tokens = (min(t_lo, FEW_TOKENS), min(t_hi, FEW_TOKENS))
    return _Spec(
        (lo, hi),
        (t_lo, t_hi),
        core_sequences,
        core_tokens,
        few,
        tuple(counts),
        chosen_lengths,
        _subset("regimes", regimes, REGIMES),
        zero_probability,
    )


def _pool(pool: tuple[float, ...], levels: np.ndarray, offset: int) -> np.ndarray:
    return np.asarray(pool, dtype=float)[(levels + offset) % len(pool)]


def _values(regime: str, levels: np.ndarray, choice: int, floats: np.ndarray) -> np.ndarray:
    """The natural-log values of ``levels`` in ``regime``; ``choice`` picks its parameter."""
    step = choice % 8 + 1
    if regime == "eighths":
        return -(levels * step) / 8.0
    if regime == "grid":
        return -levels.astype(float)
    if regime == "deep":
        return -(5600.0 + levels * step) / 8.0
    if regime == "near_zero":
        return _pool(_NEAR_ZERO, levels, choice)
    if regime == "very_negative":
        return _pool(_VERY_NEGATIVE, levels, choice)
    if regime == "extreme":
        return _pool(_EXTREME, levels, choice)
    if regime == "tied":
        return np.full(levels.shape, _TIED[choice % len(_TIED)])
    if regime == "mixed":
        return _pool(_MIXED, levels, choice)
    return np.minimum(floats, 0.0)


class Corpus(NamedTuple):
    """A drawn corpus in the flat form, and the number of its sequences drawn token by token."""

    log_probs: np.ndarray
    lengths: np.ndarray
    core: int

    @property
    def sequences(self) -> list[np.ndarray]:
        """The corpus as a list of 1-d arrays, one per sequence."""
        ends = np.cumsum(self.lengths.astype(np.int64))[:-1]
        return [np.array(part) for part in np.split(self.log_probs, ends)]


_TOKEN = st.tuples(
    bounded_integers(0, MAX_LEVEL),
    st.floats(-30.0, 0.0, allow_nan=False, allow_infinity=False),
)


@functools.lru_cache(maxsize=64)
def _cores(
    sequences: tuple[int, int], tokens: tuple[int, int]
) -> st.SearchStrategy[list[list[tuple[int, float]]]]:
    one = st.lists(_TOKEN, min_size=tokens[0], max_size=tokens[1])
    return st.lists(one, min_size=sequences[0], max_size=sequences[1])


def _fit(lengths: list[int], spec: _Spec) -> list[int]:
    """``lengths`` within the token bounds and the corpus's total (core lengths kept first)."""
    t_lo, t_hi = spec.tokens
    out = [min(max(n, t_lo), t_hi) for n in lengths]
    excess = sum(out) - MAX_TOTAL_TOKENS
    for i in range(len(out) - 1, -1, -1):
        if excess <= 0:
            break
        cut = min(excess, out[i] - t_lo)
        out[i] -= cut
        excess -= cut
    return out


def _draw(draw: st.DrawFn, spec: _Spec) -> Corpus:
    core = draw(_cores(spec.core_sequences, spec.core_tokens))
    regime = draw(sampled_options(spec.regimes))
    choice = int(draw(bounded_integers(0, 63)))
    size = draw(sampled_options(spec.size_options))
    pattern = draw(sampled_options(spec.lengths))
    index = int(draw(bounded_integers(0, 4)))
    zero = spec.zero_probability and bool(draw(BOOLEANS))
    rng = np.random.default_rng(int(draw(_SEEDS)))
    n_core = len(core)
    if size == "few":
        target = n_core
    elif size in ("one", "two"):
        target = SIZE_CHOICES[size][0]
    else:
        counts = dict(spec.counts)[size]
        target = max(counts[index % len(counts)], n_core)
    target = min(max(target, spec.sequences[0]), spec.sequences[1])
    drawn = [len(seq) for seq in core][:target]
    if pattern == "varied":
        extra = np.exp(rng.uniform(0.0, np.log(VARIED_MAX), target - len(drawn)))
        added = [int(n) for n in np.round(extra)]
    else:
        added = [int(n) for n in rng.integers(1, FEW_TOKENS + 1, target - len(drawn))]
    lengths = drawn + added
    if pattern == "one_token":
        lengths = [1] * target
    elif pattern == "long":
        lengths[-1] = LONG_LENGTHS[index % len(LONG_LENGTHS)]
    lengths = _fit(lengths, spec)
    levels, floats = [], []
    for s, n in enumerate(lengths):
        tokens = core[s] if s < n_core else []
        kept = tokens[:n]
        levels += [level for level, _ in kept]
        floats += [f for _, f in kept]
        fresh = n - len(kept)
        levels += [int(x) for x in rng.integers(0, MAX_LEVEL + 1, fresh)]
        floats += [float(x) for x in rng.uniform(-30.0, 0.0, fresh)]
    lp = _values(regime, np.asarray(levels, dtype=np.int64), choice, np.asarray(floats))
    if zero:
        lp[index * 7919 % lp.size] = -np.inf
    return Corpus(lp, np.asarray(lengths, dtype=float), min(n_core, target))


@functools.lru_cache(maxsize=64)
def _corpora(spec: _Spec) -> st.SearchStrategy[Corpus]:
    @st.composite
    def build(draw: st.DrawFn) -> Corpus:
        return _draw(draw, spec)

    return build()


def corpora(
    *,
    min_sequences: int = 1,
    max_sequences: int = MAX_SEQUENCES,
    min_tokens: int = 1,
    max_tokens: int = MAX_TOKENS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    lengths: Sequence[str] = LENGTHS,
    zero_probability: bool = False,
) -> st.SearchStrategy[Corpus]:
    """Corpora of :func:`log_probability_corpora` (same options) in the flat form."""
    return _corpora(
        _resolve(
            min_sequences,
            max_sequences,
            min_tokens,
            max_tokens,
            regimes,
            sizes,
            lengths,
            zero_probability,
        )
    )


def log_probability_corpora(
    *,
    min_sequences: int = 1,
    max_sequences: int = MAX_SEQUENCES,
    min_tokens: int = 1,
    max_tokens: int = MAX_TOKENS,
    regimes: Sequence[str] = REGIMES,
    sizes: Sequence[str] = SIZES,
    lengths: Sequence[str] = LENGTHS,
    zero_probability: bool = False,
) -> st.SearchStrategy[list[np.ndarray]]:
    """Corpora as lists of 1-d float arrays of natural-log token probabilities (each <= 0).

    Parameters
    ----------
    min_sequences, max_sequences
        Bounds on the number of sequences; each size regime keeps its counts inside them.
    min_tokens, max_tokens
        Bounds on the number of tokens of each sequence (a corpus holds at
        most :data:`MAX_TOTAL_TOKENS`).
    regimes
        Value regimes to draw from (see :data:`REGIMES`); ``STRICT_REGIMES``
        draws multiples of 1/8 only.
    sizes
        Size regimes to draw from (see :data:`SIZES`).
    lengths
        Length patterns to draw from (see :data:`LENGTHS`).
    zero_probability
        Whether half of the corpora get one token of log-probability ``-inf``.

    Raises
    ------
    StrategyArgumentError
        For options that cannot be satisfied (bounds out of order, an
        unknown regime, no size regime inside the sequence bounds, more
        tokens than a corpus may hold).
    """
    return corpora(
        min_sequences=min_sequences,
        max_sequences=max_sequences,
        min_tokens=min_tokens,
        max_tokens=max_tokens,
        regimes=regimes,
        sizes=sizes,
        lengths=lengths,
        zero_probability=zero_probability,
    ).map(lambda corpus: corpus.sequences)
