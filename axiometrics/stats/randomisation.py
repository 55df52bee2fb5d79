"""The paired randomisation (permutation) test of every pair of systems.

Null hypothesis: on every topic the two systems' scores are exchangeable,
so each difference is as likely to have either sign.  The statistic is
the absolute mean difference ``|dbar|`` (two-sided) or ``dbar``
(one-sided); the p-value is the share of sign assignments ``s`` whose
mean ``mean(s d)`` is at least as extreme as the observed one:
``|mean(s d)| >= |dbar|`` (two-sided), ``mean(s d) >= dbar``
(``alternative="greater"``) or ``mean(s d) <= dbar`` (``"less"``):

* **exact** when ``T <= exact_max_topics`` (default 16): all ``2^T`` sign
  assignments are enumerated (half of them, by the symmetry ``s -> -s``),
  the observed assignment included, as :func:`scipy.stats.permutation_test`
  (``permutation_type="samples"``) computes it exactly;
* **Monte Carlo** otherwise: ``B = trials`` random assignments drawn with
  ``seed`` (each sign one bit of the generator's output, so a block of
  trials can run anywhere with the same draws: :mod:`axiometrics.stats.blocks`),
  ``p = (count + 1) / (B + 1)`` (the observed assignment counts
  once, so ``p > 0``; SciPy's randomised convention).  ``trials`` must be
  at least ``ceil(2 / alpha) - 1`` (checked even when the test turns out
  exact).

All pairs share the same sign assignments and are processed in one matrix
product per chunk, ``signs (chunk, T) x d (T, P)``, computed exactly (see
:func:`axiometrics.stats.scaling.exact_sums`); a pair's p-value depends
only on its own two systems, ``trials`` and ``seed``.  A mean
reaches the observed one when it falls short by at most the sum of the
topics' tolerances plus the rounding bound of a float sum (see
:mod:`axiometrics.stats.paired`), so ties in exact arithmetic count.

Zero variance: identical systems give ``p = 1`` (every assignment reaches
``dbar = 0``); a constant non-zero difference ``c`` gives the share of
assignments whose signs sum to ``+-T`` (``2 / 2^T`` when exact, two-sided).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import checked_tasks
from axiometrics.stats.blocks import map_trial_blocks
from axiometrics.stats.choices import check_alternative
from axiometrics.stats.matrix import as_score_matrix
from axiometrics.stats.paired import PairedTests, build, check_alpha, differences, t_interval
from axiometrics.stats.resampling import (
    DEFAULT_MAX_ELEMENTS,
    check_max_elements,
    check_seed,
    check_trials,
    chunk_size,
    generator,
)
from axiometrics.stats.scaling import column_sums, exact_sums

if TYPE_CHECKING:
    from axiometrics.parallel import Tasks

__all__ = ["EXACT_MAX_TOPICS", "randomisation_test"]

#: Default largest number of topics whose ``2^T`` sign assignments are enumerated.
EXACT_MAX_TOPICS = 16

#: Hard limit on exact enumeration (``2^24`` assignments).
_EXACT_LIMIT = 24

#: Random signs per output of the bit generator.
_BITS_PER_OUTPUT = 64


def randomisation_test(
    scores: Any,
    *,
    trials: int = 10_000,
    seed: Any = 0,
    exact_max_topics: int = EXACT_MAX_TOPICS,
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    alternative: str = "two-sided",
    tasks: Tasks | None = None,
) -> PairedTests:
    """Paired randomisation test of every pair of systems, exact when topics are few.

    Parameters
    ----------
    scores
        Topic x system scores (see :func:`axiometrics.stats.as_score_matrix`).
    trials
        Random sign assignments ``B`` when the test is not exact (at least
        ``ceil(2 / alpha) - 1``).
    seed
        Seed or Generator of the Monte Carlo assignments.
    exact_max_topics
        Enumerate all ``2^T`` assignments when ``T`` is at most this
        (at most 24); 0 always samples.
    alpha
        The intervals (t intervals of the mean difference) have confidence ``1 - alpha``.
    systems
        Compare only these systems (by label).
    max_elements
        Bound on the size of one chunk's arrays.
    alternative
        ``"two-sided"`` (default), ``"greater"`` or ``"less"`` (case-insensitive).
    tasks
        Where blocks of Monte Carlo assignments run
        (:class:`~axiometrics.parallel.Tasks`); the p-values are the same
        for any backend and number of workers.  Default: this process.

    Returns
    -------
    PairedTests
        ``statistic`` is ``|dbar|`` (two-sided) or ``dbar``; ``method``
        ``"exact"`` or ``"monte carlo"``.
    """
    level = check_alpha(alpha)
    side = check_alternative(alternative)
    b = check_trials(trials, alpha=level)
    recorded_seed = check_seed(seed)
    elements = check_max_elements(max_elements)
    if (
        isinstance(exact_max_topics, bool)
        or not isinstance(exact_max_topics, int | np.integer)
        or not 0 <= exact_max_topics <= _EXACT_LIMIT
    ):
        raise InvalidParameterError(
            f"exact_max_topics={exact_max_topics!r}: expected an integer in [0, {_EXACT_LIMIT}]"
        )
    matrix = as_score_matrix(scores, systems=systems)
    diffs = differences(matrix)
    n = diffs.n
    # Sign-flip sums of d / scale are compared with the observed sum, up to tolerance.
    observed = column_sums(diffs.z)
    slack = diffs.sum_tolerance()
    exact = n <= exact_max_topics
    if exact:
        counts = _exact_counts(diffs.z, observed, slack, side, elements)
        p = counts / 2.0 ** (n - 1) if side == "two-sided" else counts / 2.0**n
        used_trials: int | None = None
    else:
        counts = _monte_carlo_counts(
            diffs.z, observed, slack, side, b, generator(seed), elements, checked_tasks(tasks)
        )
        p = (counts + 1.0) / (b + 1.0)
        used_trials = b
    p = np.where(diffs.all_zero, 1.0, p)
    return build(
        "randomisation",
        matrix,
        diffs,
        statistic=np.abs(diffs.mean) if side == "two-sided" else diffs.mean,
        p_value=p,
        ci=t_interval(diffs, level, side),
        n_used=np.full(len(diffs.a), n),
        method="exact" if exact else "monte carlo",
        alpha=level,
        alternative=side,
        trials=used_trials,
        seed=None if exact else recorded_seed,
    )


def _reaching(sums: np.ndarray, observed: np.ndarray, slack: np.ndarray, side: str) -> np.ndarray:
    """Per pair, how many sign-flip sums are at least as extreme as the observed sum."""
    if side == "greater":
        hits = sums >= observed - slack
    elif side == "less":
        hits = sums <= observed + slack
    else:
        hits = np.abs(sums) >= np.abs(observed) - slack
    return np.asarray(hits.sum(axis=0))


def _exact_counts(
    z: np.ndarray, observed: np.ndarray, slack: np.ndarray, side: str, max_elements: int
) -> np.ndarray:
    """Reaching assignments among those with the first topic's sign ``+`` (two-sided), or all.

    For one-sided alternatives an assignment and its mirror ``-s`` are both
    counted from the half enumerated: ``-s`` reaches when ``-sum(s z)`` does.
    """
    n, pairs = z.shape
    total = 2 ** (n - 1)
    bits = np.arange(n - 1, dtype=np.int64)
    counts = np.zeros(pairs, dtype=np.int64)
    chunk = chunk_size(max(n, pairs), max_elements)
    for start in range(0, total, chunk):
        codes = np.arange(start, min(total, start + chunk), dtype=np.int64)
        signs = np.ones((len(codes), n))
        signs[:, 1:] = 1.0 - 2.0 * ((codes[:, None] >> bits) & 1)
        sums = exact_sums(signs, z)
        counts += _reaching(sums, observed, slack, side)
        if side != "two-sided":
            counts += _reaching(-sums, observed, slack, side)
    return counts


def _random_signs(bits: np.random.BitGenerator, size: int, n: int) -> np.ndarray:
    """``(size, n)`` independent uniform signs +-1, one bit of the generator's output each.

    Trial ``t`` reads outputs ``t w`` to ``t w + w - 1``, ``w = ceil(n / 64)``.
    """
    words = -(-n // _BITS_PER_OUTPUT)
    raw = bits.random_raw(size * words).astype("<u8", copy=False)
    flags = np.unpackbits(
        raw.view(np.uint8).reshape(size, 8 * words), axis=1, count=n, bitorder="little"
    )
    return 1.0 - 2.0 * flags


def _monte_carlo_block(
    z: np.ndarray,
    observed: np.ndarray,
    slack: np.ndarray,
    side: str,
    max_elements: int,
    bits: np.random.BitGenerator,
    trials: int,
) -> np.ndarray:
    """Reaching assignments among ``trials`` drawn from ``bits``, chunk by chunk."""
    n, pairs = z.shape
    counts = np.zeros(pairs, dtype=np.int64)
    chunk = chunk_size(max(n, pairs), max_elements)
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        counts += _reaching(exact_sums(_random_signs(bits, size, n), z), observed, slack, side)
        done += size
    return counts


def _monte_carlo_counts(
    z: np.ndarray,
    observed: np.ndarray,
    slack: np.ndarray,
    side: str,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
    tasks: Tasks | None,
) -> np.ndarray:
    """Random assignments whose sum reaches the observed one, drawn in trial order."""
    words = -(-z.shape[0] // _BITS_PER_OUTPUT)
    arguments = (z, observed, slack, side, max_elements)
    blocks = map_trial_blocks(
        _monte_carlo_block,
        arguments,
        trials,
        rng,
        tasks,
        outputs=lambda t: t * words,
        # One product of a sign vector with d, about five times cheaper per cell than a Tukey key.
        operations_per_trial=max(1, z.size // 5),
    )
    if blocks is None:
        return _monte_carlo_block(*arguments, rng.bit_generator, trials)
    return np.sum(blocks, axis=0)
