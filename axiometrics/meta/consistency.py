"""System ranking consistency across topic subsets (Sakai 2021 §5.2, Sakai 2022 §5).

For each of ``trials`` random splits, the topics are divided into two
disjoint subsets: the two halves (``"full"``: ``floor(T/2)`` vs the rest)
or two random sets of ``n`` topics each (``"10 vs 10"`` is ``split=10``).
Each measure ranks the systems by their mean score on each subset, and
Kendall's tau compares the two rankings.  The **same splits** are used for
every measure, so the ``trials x measures`` matrix of taus is paired by
row; a paired randomised Tukey HSD test (rows permuted across measures)
compares the mean taus, the two-way ANOVA without replication gives the
residual variance ``VE2`` and effect sizes ``diff / sqrt(VE2)``, and each
measure gets Sakai's marker: the number ``k`` of measures with a lower
mean tau that it significantly outperforms ("significantly outperforms the
worst k measures").

The taus of all splits and measures are computed together, chunk by chunk:
each split's subset means are gathered and summed in the subset's order, and
Kendall's counts come from one-byte comparison matrices as integers, so the
taus are exactly those of a loop calling
:func:`~axiometrics.meta.kendall_tau` per split and measure (ties included).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.ranking import snap_ties
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.parallel import Tasks, checked_tasks
from axiometrics.stats.anova import effect_sizes, residual_variance
from axiometrics.stats.blocks import trial_blocks
from axiometrics.stats.resampling import Seed, as_generator
from axiometrics.stats.tukey import DEFAULT_MAX_ELEMENTS, TukeyHSD, randomized_tukey_hsd

__all__ = [
    "MARKER_SYMBOLS",
    "RankingConsistency",
    "consistency_taus",
    "marker",
    "ranking_consistency",
    "split_sizes",
    "taus_block_task",
    "topic_splits",
]

#: Sakai (2021)'s symbols for "significantly outperforms the worst k measures",
#: k = 1..6 (the symbols for 7 and 8 were lost in the seed's text extraction).
MARKER_SYMBOLS = {1: "†", 2: "‡", 3: "♦", 4: "♥", 5: "♣", 6: "♠"}


def marker(k: int) -> str:
    """Display marker for ``k`` outperformed measures.

    Sakai's symbol for 1..6, ``[k]`` beyond, ``""`` for 0.
    """
    if k <= 0:
        return ""
    return MARKER_SYMBOLS.get(k, f"[{k}]")


def split_sizes(n_topics: int, split: str | int) -> tuple[int, int]:
    """Sizes of the two topic subsets for ``split`` (``"full"`` or a subset size).

    Raises
    ------
    InvalidParameterError
        For an unknown split or a size that does not fit twice in the topics.
    """
    if split == "full":
        if n_topics < 4:
            raise MetaInputError(
                f"a full split needs at least 4 topics so that each half has 2 (got {n_topics})"
            )
        return n_topics // 2, n_topics - n_topics // 2
    if isinstance(split, bool) or not isinstance(split, int | np.integer):
        raise InvalidParameterError(f"split must be 'full' or a subset size (got {split!r})")
    if split < 1 or 2 * split > n_topics:
        raise InvalidParameterError(
            f"split={split!r}: two disjoint subsets of {split} topics need at least "
            f"{max(2 * int(split), 2)} topics (got {n_topics})"
        )
    return int(split), int(split)


def split_label(n_topics: int, split: str | int) -> str:
    """E.g. ``"full split (50 vs. 50)"`` or ``"10 vs. 10"``."""
    a, b = split_sizes(n_topics, split)
    return f"full split ({a} vs. {b})" if split == "full" else f"{a} vs. {b}"


def topic_splits(
    n_topics: int, *, trials: int, split: str | int = "full", seed: Seed = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Random disjoint topic subsets, one pair per trial.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Topic indices ``(trials, a)`` and ``(trials, b)``.
    """
    a, b = split_sizes(n_topics, split)
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials < 2:
        raise InvalidParameterError(f"trials must be an integer >= 2 (got {trials!r})")
    order = np.argsort(as_generator(seed).random((int(trials), n_topics)), axis=-1)
    return order[:, :a], order[:, a : a + b]


def _subset_means(by_topic: np.ndarray, subsets: np.ndarray) -> np.ndarray:
    """Mean oriented score per (trial, measure, system) over each trial's topic subset.

    ``by_topic`` is ``(T, M, S)``; the subset's rows are gathered and summed in
    the subset's order, exactly as ``by_topic[subset].mean(axis=0)`` does.
    """
    return np.take(by_topic, subsets, axis=0).mean(axis=1)


def _pair_counts(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``C - D`` and the untied pairs of ``x`` and of ``y`` over the last axis, as integers.

    With ``G = [x_i > x_j]`` over ordered pairs, every unordered pair untied in
    ``x`` is counted once, by its larger ``x``: ``C - D = sum G sign(y_i - y_j)``
    and the untied pairs of ``x`` are ``sum G``.  One-byte comparison
    matrices, no gathers of pairs.
    """
    greater_x = (x[..., :, None] > x[..., None, :]).view(np.int8)
    greater_y = (y[..., :, None] > y[..., None, :]).view(np.int8)
    sign_y = greater_y - greater_y.swapaxes(-1, -2)
    flat = (*x.shape[:-1], -1)
    signed = np.multiply(greater_x, sign_y, out=sign_y).reshape(flat)
    # int32 sums: each counts at most n(n - 1) ones.
    return (
        signed.sum(axis=-1, dtype=np.int32),
        greater_x.reshape(flat).sum(axis=-1, dtype=np.int32),
        greater_y.reshape(flat).sum(axis=-1, dtype=np.int32),
    )


def _kendall_tau(x: np.ndarray, y: np.ndarray, variant: str) -> np.ndarray:
    """Kendall's tau over the last axis: the numbers of :func:`~axiometrics.meta.kendall_tau`."""
    n = x.shape[-1]
    s, untied_x, untied_y = (part.astype(float) for part in _pair_counts(x, y))
    if variant == "a":
        return s / (n * (n - 1) // 2)
    return s / np.sqrt(np.maximum(untied_x, 1.0) * np.maximum(untied_y, 1.0))


@dataclass(frozen=True)
class RankingConsistency:
    """Ranking consistency of several measures under one kind of topic split.

    Attributes
    ----------
    measures
        Measure names.
    split
        ``"full"`` or the subset size.
    sizes
        The two subset sizes.
    taus
        Kendall's tau per (trial, measure), ``(trials, M)``.
    tukey
        Paired randomised Tukey HSD over ``taus``.
    ve2
        Residual variance of ``taus`` (two-way ANOVA without replication);
        NaN when there is a single measure.
    alpha
        Significance level of the markers.
    variant
        Kendall variant used.
    """

    measures: tuple[str, ...]
    split: str | int
    sizes: tuple[int, int]
    taus: np.ndarray
    tukey: TukeyHSD
    ve2: float
    alpha: float
    variant: str

    @property
    def label(self) -> str:
        """E.g. ``"full split (50 vs. 50)"``."""
        a, b = self.sizes
        return f"full split ({a} vs. {b})" if self.split == "full" else f"{a} vs. {b}"

    @property
    def mean_tau(self) -> np.ndarray:
        """Mean tau per measure, ``(M,)``."""
        return self.taus.mean(axis=0)

    @property
    def effect_sizes(self) -> np.ndarray:
        """``(mean_i - mean_j) / sqrt(VE2)``, ``(M, M)``."""
        return effect_sizes(self.mean_tau, self.ve2)

    @property
    def outperformed(self) -> np.ndarray:
        """Number of measures each measure beats with significance, ``(M,)`` ints."""
        mean = self.mean_tau
        better = (mean[:, None] > mean[None, :]) & self.tukey.significant(self.alpha)
        return better.sum(axis=1)

    def to_frame(self) -> pd.DataFrame:
        """One row per measure, best first: mean tau, Sakai's marker and its ``k``."""
        k = self.outperformed
        frame = pd.DataFrame(
            {
                "split": self.label,
                "measure": list(self.measures),
                "mean_tau": self.mean_tau,
                "outperforms": k,
                "marker": [marker(int(v)) for v in k],
                "ve2": self.ve2,
                "trials": self.taus.shape[0],
            }
        )
        return frame.sort_values("mean_tau", ascending=False, kind="stable").reset_index(drop=True)

    def pairs_frame(self) -> pd.DataFrame:
        """One row per ordered-by-position pair: difference, effect size, p-value."""
        i, j = np.triu_indices(len(self.measures), k=1)
        mean = self.mean_tau
        return pd.DataFrame(
            {
                "split": self.label,
                "measure_a": [self.measures[a] for a in i],
                "measure_b": [self.measures[b] for b in j],
                "diff": mean[i] - mean[j],
                "effect_size": self.effect_sizes[i, j],
                "p_value": self.tukey.p_values[i, j],
                "significant": self.tukey.p_values[i, j] < self.alpha,
            }
        )


def consistency_taus(
    scores: ScoreMatrices,
    first: np.ndarray,
    second: np.ndarray,
    *,
    variant: str = "b",
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    tasks: Tasks | None = None,
) -> np.ndarray:
    """Tau between the rankings on ``first`` and ``second`` topic subsets, ``(trials, M)``.

    The numbers are exactly those of the straightforward loop
    ``kendall_tau(oriented[m, first[t]].mean(axis=0), oriented[m,
    second[t]].mean(axis=0))``: the subset means are summed in the same
    order, near-equal means are ties (:func:`~axiometrics.meta.ranking.snap_ties`)
    and the tau counts are integers.  Trials are processed in chunks
    of at most ``max_elements`` gathered scores (and pair comparisons); with
    parallel ``tasks`` (:class:`~axiometrics.parallel.Tasks`) blocks of
    trials run as tasks, with the same result.
    """
    if variant not in ("a", "b"):
        raise InvalidParameterError(f"variant must be 'a' or 'b' (got {variant!r})")
    if isinstance(max_elements, bool) or not isinstance(max_elements, int) or max_elements < 1:
        raise InvalidParameterError(
            f"max_elements must be a positive integer (got {max_elements!r})"
        )
    tasks = checked_tasks(tasks)
    by_topic = np.ascontiguousarray(scores.oriented().transpose(1, 0, 2))
    _, m, s = by_topic.shape
    # Subset means of both sides and the s * s pair comparisons of each measure.
    per_trial = m * s * (first.shape[1] + second.shape[1] + s)
    blocks = trial_blocks(first.shape[0], tasks, operations_per_trial=per_trial)
    if tasks is None or len(blocks) == 1:
        return taus_block_task(by_topic, first, second, variant, max_elements)
    arguments = [
        (by_topic, first[start : start + size], second[start : start + size], variant, max_elements)
        for start, size in blocks
    ]
    return np.concatenate(list(tasks.map(taus_block_task, arguments)), axis=0)


def taus_block_task(
    by_topic: np.ndarray, first: np.ndarray, second: np.ndarray, variant: str, max_elements: int
) -> np.ndarray:
    """The taus of a block of trials, ``(trials, M)``, from ``(T, M, S)`` oriented scores.

    Module-level so that any :class:`~axiometrics.parallel.Tasks` backend can run it.
    """
    _, m, s = by_topic.shape
    trials = first.shape[0]
    per_trial = m * max((first.shape[1] + second.shape[1]) * s, s * s)
    chunk = max(1, max_elements // per_trial)
    out = np.empty((trials, m))
    for start in range(0, trials, chunk):
        stop = min(trials, start + chunk)
        means_a = snap_ties(_subset_means(by_topic, first[start:stop]))
        means_b = snap_ties(_subset_means(by_topic, second[start:stop]))
        out[start:stop] = _kendall_tau(means_a, means_b, variant)
    return out


def ranking_consistency(
    scores: ScoreMatrices,
    *,
    trials: int = 1000,
    split: str | int = "full",
    B: int = 5000,
    alpha: float = 0.05,
    variant: str = "b",
    seed: Seed = 0,
    include_observed: bool = False,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    progress: Callable[[int], object] | None = None,
    tasks: Tasks | None = None,
) -> RankingConsistency:
    """System ranking consistency of every measure under random topic splits.

    Parameters
    ----------
    scores
        Score matrices ``(M, T, S)``.
    trials
        Number of random splits (default 1000).
    split
        ``"full"`` (halves) or the size ``n`` of two disjoint subsets
        (``10`` gives Sakai's "10 vs. 10").
    B
        Trials of the randomised Tukey HSD test over the tau matrix.
    alpha
        Significance level of the markers.
    variant
        Kendall variant (``"b"`` default, or ``"a"``).
    seed
        Seed for the splits and the test (two independent streams are
        derived from it), or a Generator used for both in turn.
    include_observed
        p-value convention of the Tukey test (see :mod:`axiometrics.stats.tukey`).
    max_elements
        Memory bound per chunk.
    progress
        Called with a count of work units: ``trials`` for the taus, then
        the Tukey test's trials.
    tasks
        Where blocks of trials run (:class:`~axiometrics.parallel.Tasks`);
        the result is the same for any backend and number of workers.
        Default: this process.

    Returns
    -------
    RankingConsistency
    """
    if not 0.0 < alpha < 1.0:
        raise InvalidParameterError(f"alpha must lie in (0, 1) (got {alpha!r})")
    split_rng, test_rng = _streams(seed)
    first, second = topic_splits(len(scores.topics), trials=trials, split=split, seed=split_rng)
    taus = consistency_taus(
        scores, first, second, variant=variant, max_elements=max_elements, tasks=tasks
    )
    if progress is not None:
        progress(int(trials))
    if len(scores.measures) >= 2:
        tukey = randomized_tukey_hsd(
            taus,
            trials=B,
            seed=test_rng,
            include_observed=include_observed,
            max_elements=max_elements,
            progress=progress,
            tasks=tasks,
        )
        ve2 = residual_variance(taus)
    else:
        # One measure: nothing to compare, and no residual variance exists.
        tukey = TukeyHSD(taus.mean(axis=0), np.ones((1, 1)), int(B), include_observed)
        ve2 = float("nan")
    return RankingConsistency(
        measures=scores.measures,
        split=split,
        sizes=split_sizes(len(scores.topics), split),
        taus=taus,
        tukey=tukey,
        ve2=ve2,
        alpha=alpha,
        variant=variant,
    )


def _streams(seed: Seed) -> tuple[np.random.Generator, np.random.Generator]:
    """Two independent generators from a seed (or the same Generator twice)."""
    if isinstance(seed, np.random.Generator):
        return seed, seed
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    a, b = sequence.spawn(2)
    return np.random.default_rng(a), np.random.default_rng(b)
