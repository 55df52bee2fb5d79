"""Corpus-level analyses: the meta-evaluation of measures that are not means of topic scores.

A corpus-level measure (corpus BLEU, chrF, TER, corpus WER) scores a system
from the column sums of per-segment statistics,
``from_totals(statistics.sum(axis=segments))``, so the topic-wise analyses
(means of topic scores) do not describe it.  Runs implementing
:class:`~axiometrics.io.runs.CorpusLevelRuns` give, per measure, a
:class:`~axiometrics.io.runs.CorpusBatch` (statistics ``(S, N, k)`` over all
``N`` segments and the scorer of their sums); :func:`corpus_analyses` analyses
them, every system of every measure at once:

Corpus scores
    ``from_totals(statistics.sum(axis=1))``: each system's score on the
    whole corpus.  An undefined one is an error (nothing can be ranked).
Ranking similarity
    Kendall's tau (``"b"`` by default) between the corpus-score rankings of
    every pair of measures, with the Long & Cliff interval: the numbers of
    :func:`~axiometrics.meta.ranking_similarity` with the corpus score in
    place of the mean over topics.
Agreement with the truth
    When each system's true quality is known (lower is better): the
    statistics of :func:`~axiometrics.meta.truth_agreement` (tau with the
    true order and its interval, the pairs ordered as the truth orders them,
    the tied pairs) on the corpus scores.
Consistency over segment splits
    ``trials`` random splits of the ``N`` segments into two halves
    (``floor(N/2)`` segments, chosen uniformly, against the rest: the
    ``"full"`` split of :func:`~axiometrics.meta.ranking_consistency` with
    segments for topics).  Each half's corpus score of every system is
    recomputed from its summed statistics (the halves are 0/1 masks, so
    the sums are one matrix product per chunk of trials).  Per split and
    measure: Kendall's tau between the halves' rankings (ties within
    ``1e-12`` relative, as everywhere), and the **swap rate**, the share of
    the ``P = S(S-1)/2`` system pairs that the two halves order in opposite
    ways (a pair tied in either half is no swap; without ties it is
    ``(1 - tau_a) / 2``).  As for topic splits, the same splits serve
    every measure, a paired randomised Tukey HSD test over the
    ``trials x M`` taus gives Sakai's markers, and ``VE2`` is their
    residual variance.  A split on which some system's half score is
    undefined is left out of that measure's means (``trials_used``) and of
    the test (which uses the splits every measure kept).
Discriminative power
    Every pair of systems tested with the paired bootstrap of segments
    (Koehn 2004) or approximate randomisation
    (:mod:`axiometrics.stats.corpus`; ``B`` resamples, all pairs at once,
    the same resamples for every measure); the measure's power is the
    number of pairs whose adjusted p-value is below ``alpha``, the
    uncorrected count kept beside it.  The adjustment follows the
    topic-wise analysis, whose randomised Tukey HSD compares every pair's
    difference with the largest difference (the range of the system means)
    of each randomised trial: by default (``correction="max"``,
    :func:`max_adjusted`) a pair's p-value counts the resamples whose
    largest null difference over all pairs reaches the pair's observed
    one.  For the bootstrap this largest difference is the range of the
    centred corpus scores, the Tukey statistic itself; for randomisation it
    is the largest of the pairs' shuffled differences under the common swap
    mask (each pair's own null, so an approximation of a joint permutation
    of all systems).  Any of :data:`~axiometrics.stats.CORRECTIONS` (Holm,
    ...) may be used instead, applied to the ``P`` uncorrected p-values;
    note that Holm needs ``B + 1 > P / alpha`` resamples before any pair
    can be significant (4620 for 231 pairs at 0.05), which the max
    statistic does not.

Seeds: ``seed`` (an int or a SeedSequence) spawns three streams, in order:
the segment splits, the Tukey HSD test over the taus, and the corpus tests
(each measure's test starts afresh from that stream: common random
numbers).  The meta-evaluation engine passes child ``CORPUS_STREAM`` of its
master seed, so the corpus-level analyses change no other number.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.io.runs import CorpusBatch, CorpusLevelRuns
from axiometrics.meta.consistency import marker
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.ranking import average_ranks, kendall_tau, pair_signs, snap_ties
from axiometrics.meta.similarity import RankingSimilarity, oriented_similarity
from axiometrics.meta.streams import CORPUS_KEY
from axiometrics.meta.truth import TruthAgreement, check_truth, oriented_truth_agreement
from axiometrics.meta.validate import check_count
from axiometrics.registry import Scorer
from axiometrics.stats.anova import residual_variance
from axiometrics.stats.corpus import (
    CORPUS_TESTS,
    TIE_RTOL,
    CorpusTests,
    corpus_bootstrap_test,
    corpus_randomisation_test,
)
from axiometrics.stats.corrections import CORRECTIONS, adjust_p_values, check_correction
from axiometrics.stats.resampling import check_trials, chunk_size, minimum_trials
from axiometrics.stats.tukey import DEFAULT_MAX_ELEMENTS, TukeyHSD, randomized_tukey_hsd
from axiometrics.suggest import choose

__all__ = [
    "CORPUS_ANALYSES",
    "CORPUS_STREAM",
    "MAX_CORRECTION",
    "CorpusConsistency",
    "CorpusDiscriminative",
    "CorpusLevel",
    "CorpusMeasure",
    "check_corpus_correction",
    "check_corpus_test",
    "corpus_analyses",
    "corpus_measures",
    "max_adjusted",
    "segment_halves",
    "undefined_systems",
]

#: The analyses :func:`corpus_analyses` can run beyond the corpus scores (and the truth).
CORPUS_ANALYSES = ("similarity", "consistency", "discriminative")
#: The child of the engine's master seed that the corpus-level analyses draw from
#: (``SeedSequence(seed).spawn(CORPUS_STREAM + 1)[CORPUS_STREAM]``; see
#: :mod:`axiometrics.meta.streams`).
CORPUS_STREAM = CORPUS_KEY[0]
#: The fewest segments a split into halves of at least 2 segments needs.
MIN_SEGMENTS = 4

_TEST_ALIASES = {"ar": "randomisation", "bs": "bootstrap", "randomization": "randomisation"}


#: The single-step max-statistic adjustment of the corpus tests' p-values (the default).
MAX_CORRECTION = "max"


def check_corpus_correction(correction: Any, argument: str = "correction") -> str:
    """``"max"`` or one of :data:`~axiometrics.stats.CORRECTIONS` (case-insensitive).

    Raises
    ------
    InvalidParameterError
        A name of no correction (the nearest suggested).
    """
    choice = choose(argument, correction, (MAX_CORRECTION, *CORRECTIONS))
    return choice if choice == MAX_CORRECTION else check_correction(choice)


def check_corpus_test(test: Any, argument: str = "test") -> str:
    """The corpus-level test ``test`` names (case-insensitive; ``"ar"``, ``"bs"`` too).

    Raises
    ------
    InvalidParameterError
        A name of no test (the nearest suggested).
    """
    return choose(argument, test, CORPUS_TESTS, _TEST_ALIASES)


@dataclass(frozen=True, eq=False)
class CorpusMeasure:
    """One corpus-level measure: its name, direction and segment statistics.

    Attributes
    ----------
    name
        The measure's name (as in the score matrices).
    higher_is_better
        Its direction.
    batch
        Every system's segment statistics and the scorer of their sums.
    """

    name: str
    higher_is_better: bool
    batch: CorpusBatch

    @property
    def statistics(self) -> np.ndarray:
        """``(S, N, k)`` float64 statistics."""
        return np.asarray(self.batch.statistics, dtype=float)


def corpus_measures(runs: Any, scorers: Sequence[Scorer]) -> list[CorpusMeasure]:
    """The measures of ``scorers`` whose statistics ``runs`` give, in order.

    Runs that do not implement :class:`~axiometrics.io.runs.CorpusLevelRuns`
    give none; a scorer they answer ``None`` for is left out.
    """
    if not isinstance(runs, CorpusLevelRuns):
        return []
    out = []
    for scorer in scorers:
        batch = runs.corpus_statistics(scorer)
        if batch is not None:
            measure = scorer.measure
            out.append(CorpusMeasure(str(measure), bool(measure.higher_is_better), batch))
    return out


def _scored(batch: CorpusBatch, totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``batch.from_totals(totals)`` as float scores and an undefined mask (non-finite too)."""
    values, undefined = batch.from_totals(totals)
    scores = np.asarray(values, dtype=float)
    bad = np.asarray(undefined, dtype=bool) | ~np.isfinite(scores)
    return scores, bad


def undefined_systems(measure: CorpusMeasure, systems: Sequence[Hashable]) -> list[Hashable]:
    """The systems whose corpus score (on every segment) ``measure`` leaves undefined."""
    _, bad = _scored(measure.batch, measure.statistics.sum(axis=1))
    return [systems[int(i)] for i in np.flatnonzero(bad)]


@dataclass(frozen=True)
class CorpusConsistency:
    """Ranking consistency of every measure over random splits of the segments into halves.

    Attributes
    ----------
    measures
        Measure names, ``M`` of them.
    sizes
        The two halves' sizes, ``floor(N/2)`` and the rest.
    taus
        ``(trials, M)`` Kendall's tau between the halves' rankings (NaN on a
        split where some half score is undefined).
    swap_rates
        ``(trials, M)`` share of system pairs the halves order oppositely (NaN likewise).
    tukey
        Paired randomised Tukey HSD over the splits every measure kept.
    ve2
        Residual variance of those taus (NaN for one measure or split).
    alpha
        Significance level of the markers.
    variant
        Kendall variant.
    """

    measures: tuple[str, ...]
    sizes: tuple[int, int]
    taus: np.ndarray
    swap_rates: np.ndarray
    tukey: TukeyHSD
    ve2: float
    alpha: float
    variant: str

    @property
    def label(self) -> str:
        """E.g. ``"segment halves (250 vs. 250)"``."""
        a, b = self.sizes
        return f"segment halves ({a} vs. {b})"

    @property
    def trials_used(self) -> np.ndarray:
        """``(M,)`` splits on which every half score of the measure was defined."""
        return np.asarray((~np.isnan(self.taus)).sum(axis=0))

    def _mean(self, values: np.ndarray) -> np.ndarray:
        used = self.trials_used
        total = np.where(np.isnan(values), 0.0, values).sum(axis=0)
        return np.asarray(np.where(used > 0, total / np.maximum(used, 1), np.nan))

    @property
    def mean_tau(self) -> np.ndarray:
        """``(M,)`` mean tau over the splits the measure kept."""
        return self._mean(self.taus)

    @property
    def swap_rate(self) -> np.ndarray:
        """``(M,)`` mean swap rate over the splits the measure kept."""
        return self._mean(self.swap_rates)

    @property
    def outperformed(self) -> np.ndarray:
        """``(M,)`` measures with a lower mean tau that each significantly outperforms."""
        mean = self.mean_tau
        better = (mean[:, None] > mean[None, :]) & self.tukey.significant(self.alpha)
        return np.asarray(better.sum(axis=1))

    def to_frame(self) -> pd.DataFrame:
        """One row per measure, the most consistent (highest mean tau) first."""
        k = self.outperformed
        frame = pd.DataFrame(
            {
                "split": self.label,
                "measure": list(self.measures),
                "mean_tau": self.mean_tau,
                "swap_rate": self.swap_rate,
                "outperforms": k,
                "marker": [marker(int(v)) for v in k],
                "ve2": self.ve2,
                "trials": self.taus.shape[0],
                "trials_used": self.trials_used,
            }
        )
        return frame.sort_values("mean_tau", ascending=False, kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class CorpusDiscriminative:
    """Corpus-level paired tests of every system pair, per measure.

    Attributes
    ----------
    measures, systems
        ``M`` measure and ``S`` system names.
    test
        ``"bootstrap"`` or ``"randomisation"``.
    correction
        The multiple-comparison correction over the ``P`` pairs of a measure.
    difference
        ``(M, P)`` corpus-score differences ``a - b`` of the pairs ``a < b``.
    p_values, p_adjusted
        ``(M, P)`` uncorrected and corrected p-values.
    trials_used
        ``(M, P)`` resamples on which both scores were defined.
    trials
        ``B``.
    alpha
        Significance level.
    """

    measures: tuple[str, ...]
    systems: tuple[Hashable, ...]
    test: str
    correction: str
    difference: np.ndarray
    p_values: np.ndarray
    p_adjusted: np.ndarray
    trials_used: np.ndarray
    trials: int
    alpha: float

    def n_significant(self, *, corrected: bool = True) -> np.ndarray:
        """``(M,)`` pairs with a (corrected) p-value below ``alpha``."""
        p = self.p_adjusted if corrected else self.p_values
        return np.asarray((p < self.alpha).sum(axis=1))

    def to_frame(self) -> pd.DataFrame:
        """One row per measure, the most discriminative first."""
        pairs = self.p_values.shape[1]
        count = self.n_significant()
        frame = pd.DataFrame(
            {
                "measure": list(self.measures),
                "test": self.test,
                "correction": self.correction,
                "significant_pairs": count,
                "pairs": pairs,
                "share": count / pairs,
                "significant_uncorrected": self.n_significant(corrected=False),
                "alpha": self.alpha,
                "trials": self.trials,
            }
        )
        return frame.sort_values("significant_pairs", ascending=False, kind="stable").reset_index(
            drop=True
        )

    def pairs_frame(self) -> pd.DataFrame:
        """One row per (measure, system pair): difference, p-values, resamples used."""
        i, j = np.triu_indices(len(self.systems), k=1)
        m = len(self.measures)
        return pd.DataFrame(
            {
                "measure": np.repeat(np.asarray(self.measures, dtype=object), len(i)),
                "system_a": np.tile(np.asarray([self.systems[a] for a in i], dtype=object), m),
                "system_b": np.tile(np.asarray([self.systems[b] for b in j], dtype=object), m),
                "difference": self.difference.ravel(),
                "p_value": self.p_values.ravel(),
                "p_adjusted": self.p_adjusted.ravel(),
                "significant": (self.p_adjusted < self.alpha).ravel(),
                "trials_used": self.trials_used.ravel(),
            }
        )


@dataclass(frozen=True)
class CorpusLevel:
    """The corpus-level analyses of several measures on one corpus.

    Attributes
    ----------
    measures, systems
        ``M`` measure and ``S`` system names.
    higher_is_better
        Each measure's direction.
    n_segments
        ``N``, the segments of the corpus.
    scores
        ``(M, S)`` corpus scores.
    similarity
        Ranking similarity on the corpus scores, or ``None``.
    truth
        Agreement of the corpus-score rankings with the truth, or ``None``.
    consistency
        Consistency over segment splits, or ``None``.
    discriminative
        The corpus-level tests, or ``None``.
    """

    measures: tuple[str, ...]
    systems: tuple[Hashable, ...]
    higher_is_better: tuple[bool, ...]
    n_segments: int
    scores: np.ndarray
    similarity: RankingSimilarity | None = None
    truth: TruthAgreement | None = None
    consistency: CorpusConsistency | None = None
    discriminative: CorpusDiscriminative | None = None

    def oriented(self) -> np.ndarray:
        """``(M, S)`` corpus scores, negated for lower-is-better measures."""
        sign = np.where(np.asarray(self.higher_is_better), 1.0, -1.0)
        return np.asarray(self.scores * sign[:, None])

    def scores_frame(self) -> pd.DataFrame:
        """One row per (measure, system): corpus score and rank (1 the best; ties share)."""
        m, s = self.scores.shape
        ranks = average_ranks(-self.oriented())
        return pd.DataFrame(
            {
                "measure": np.repeat(np.asarray(self.measures, dtype=object), s),
                "system": np.tile(np.asarray(self.systems, dtype=object), m),
                "score": self.scores.ravel(),
                "rank": ranks.ravel(),
                "n_segments": self.n_segments,
            }
        )

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """One tidy frame per analysis, keyed ``corpus_scores``, ``corpus_truth``, ...."""
        frames = {"corpus_scores": self.scores_frame()}
        if self.truth is not None:
            frames["corpus_truth"] = self.truth.to_frame()
        if self.similarity is not None:
            frames["corpus_similarity"] = self.similarity.to_frame()
        if self.consistency is not None:
            frames["corpus_consistency"] = self.consistency.to_frame()
        if self.discriminative is not None:
            frames["corpus_discriminative"] = self.discriminative.to_frame()
        return frames


def _checked_measures(
    measures: Sequence[CorpusMeasure], systems: Sequence[Hashable]
) -> tuple[tuple[CorpusMeasure, ...], int]:
    """The measures, checked against the systems; and ``N``."""
    chosen = tuple(measures)
    if not chosen:
        raise MetaInputError(
            "measures=[]: expected at least one measure with segment statistics (runs that "
            "implement CorpusLevelRuns give them for corpus-level measures)"
        )
    if len(systems) < 2:
        raise MetaInputError(
            f"systems={list(systems)!r}: the corpus-level analyses compare at least 2 systems"
        )
    names = [m.name for m in chosen]
    if len(set(names)) != len(names):
        raise MetaInputError(f"measures={names!r}: expected distinct names")
    segments: set[int] = set()
    for m in chosen:
        stats = m.statistics
        if stats.ndim != 3 or stats.shape[0] != len(systems) or stats.shape[1] < 1:
            raise MetaInputError(
                f"statistics[{m.name!r}] of shape {stats.shape}: expected (systems, segments, k) "
                f"= ({len(systems)}, N >= 1, k)"
            )
        if not np.all(np.isfinite(stats)):
            raise MetaInputError(f"statistics[{m.name!r}]: expected finite statistics")
        segments.add(int(stats.shape[1]))
    if len(segments) > 1:
        raise MetaInputError(
            f"measures={names!r}: expected the statistics of the same segments (got "
            f"{sorted(segments)} segments)"
        )
    return chosen, segments.pop()


def _observed(measures: Sequence[CorpusMeasure], systems: Sequence[Hashable]) -> np.ndarray:
    """``(M, S)`` corpus scores; an undefined one raises."""
    rows = []
    for m in measures:
        scores, bad = _scored(m.batch, m.statistics.sum(axis=1))
        if bad.any():
            names = [systems[int(i)] for i in np.flatnonzero(bad)]
            raise MetaInputError(
                f"measure={m.name!r}: the corpus score of systems {names!r} is undefined, so "
                "they cannot be ranked"
            )
        rows.append(scores)
    return np.stack(rows)


def _halves(rng: np.random.Generator, n: int, count: int) -> np.ndarray:
    """``(count, n)`` bool: ``floor(n/2)`` segments chosen uniformly, by argsort of uniform keys.

    ``Generator.random`` reads one 64-bit output per key, so drawing the
    splits a chunk at a time gives the same splits as drawing them at once.
    """
    order = np.argsort(rng.random((count, n)), axis=-1)
    first = np.zeros((count, n), dtype=bool)
    np.put_along_axis(first, order[:, : n // 2], True, axis=-1)
    return first


def segment_halves(n_segments: int, *, trials: int, seed: Any = 0) -> np.ndarray:
    """Random splits of ``n_segments`` segments into halves, ``(trials, n_segments)`` bool.

    ``True`` marks the first half (``floor(n/2)`` segments, uniformly
    chosen), ``False`` the rest; ``seed`` is anything
    :func:`numpy.random.default_rng` takes.  These are the splits of
    :func:`corpus_analyses` when given its split stream (the first child of its seed).
    """
    n = check_count("n_segments", n_segments)
    return _halves(np.random.default_rng(seed), n, check_count("trials", trials))


def _swap_rate(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Share of the pairs (last axis) that ``x`` and ``y`` order oppositely; ties are no swap."""
    return np.asarray((pair_signs(snap_ties(x)) * pair_signs(snap_ties(y)) < 0).mean(axis=-1))


def _split_taus(
    measures: Sequence[CorpusMeasure],
    n: int,
    trials: int,
    rng: np.random.Generator,
    variant: str,
    max_elements: int,
    progress: Callable[[int], object] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """``(trials, M)`` taus and swap rates between the halves' rankings, chunk by chunk."""
    s = measures[0].statistics.shape[0]
    k = max(m.statistics.shape[2] for m in measures)
    # Keys, order and both masks of a trial; both halves' totals; the pair signs.
    chunk = chunk_size(4 * n + 2 * s * k + 4 * s * s, max_elements)
    flats = [m.statistics.transpose(1, 0, 2).reshape(n, -1) for m in measures]
    signs = [1.0 if m.higher_is_better else -1.0 for m in measures]
    taus = np.empty((trials, len(measures)))
    swaps = np.empty((trials, len(measures)))
    for start in range(0, trials, chunk):
        count = min(chunk, trials - start)
        first = _halves(rng, n, count)
        masks = np.concatenate([first, ~first]).astype(float)
        for index, (m, flat, sign) in enumerate(zip(measures, flats, signs, strict=True)):
            totals = (masks @ flat).reshape(2 * count, s, -1)
            scores, bad = _scored(m.batch, totals)
            defined = ~(bad[:count].any(axis=-1) | bad[count:].any(axis=-1))
            oriented = np.where(bad, 0.0, sign * scores)
            x, y = oriented[:count], oriented[count:]
            taus[start : start + count, index] = np.where(
                defined, kendall_tau(x, y, variant=variant), np.nan
            )
            swaps[start : start + count, index] = np.where(defined, _swap_rate(x, y), np.nan)
        if progress is not None:
            progress(count)
    return taus, swaps


def _consistency(
    measures: Sequence[CorpusMeasure],
    n: int,
    trials: int,
    streams: tuple[np.random.SeedSequence, np.random.SeedSequence],
    settings: dict[str, Any],
    progress: Callable[[int], object] | None,
) -> CorpusConsistency:
    if n < MIN_SEGMENTS:
        raise MetaInputError(
            f"n_segments={n!r}: splitting the segments into halves of at least 2 needs at least "
            f"{MIN_SEGMENTS} segments"
        )
    taus, swaps = _split_taus(
        measures,
        n,
        trials,
        np.random.default_rng(streams[0]),
        settings["variant"],
        settings["max_elements"],
        progress,
    )
    B = settings["B"]
    complete = taus[~np.isnan(taus).any(axis=1)]
    if len(measures) >= 2 and complete.shape[0] >= 2:
        tukey = randomized_tukey_hsd(
            complete,
            trials=B,
            seed=streams[1],
            include_observed=settings["include_observed"],
            max_elements=settings["max_elements"],
            progress=progress,
        )
        ve2 = residual_variance(complete)
    else:
        # Nothing to compare (one measure), or too few splits every measure kept.
        means = np.where(np.isnan(taus), 0.0, taus).sum(axis=0)
        tukey = TukeyHSD(means, np.ones((len(measures), len(measures))), B, False)
        ve2 = float("nan")
        if progress is not None:
            progress(B)
    return CorpusConsistency(
        measures=tuple(m.name for m in measures),
        sizes=(n // 2, n - n // 2),
        taus=taus,
        swap_rates=swaps,
        tukey=tukey,
        ve2=float(ve2),
        alpha=settings["alpha"],
        variant=settings["variant"],
    )


def max_adjusted(tests: CorpusTests) -> np.ndarray:
    """Single-step max-statistic p-values of every pair of a two-sided corpus test, ``(P,)``.

    Each resample's null differences (for the bootstrap the resampled
    differences centred on their mean, the shift of
    :func:`~axiometrics.stats.corpus.corpus_bootstrap_test`; for
    randomisation the shuffled ones) are reduced to their largest magnitude
    over the pairs; a pair's p-value is ``(#{b : max_b >= |d|} + 1) /
    (B' + 1)`` over the ``B'`` resamples with a defined difference, ties
    within :data:`~axiometrics.stats.corpus.TIE_RTOL` counted as at least as
    large.  For the bootstrap, ``max_b`` is the range of the centred corpus
    scores of the systems: the statistic of the randomised Tukey HSD test
    of the topic-wise discriminative power, so the p-values hold for all
    pairs at once.
    """
    differences = tests.resampled_difference
    valid = tests.resampled_valid
    null = differences
    if tests.test == "bootstrap":
        used = np.maximum(valid.sum(axis=0), 1)
        null = differences - np.where(valid, differences, 0.0).sum(axis=0) / used
    largest = np.where(valid, np.abs(null), -np.inf).max(axis=1)
    largest = np.sort(largest[np.isfinite(largest)])
    scale = np.maximum(np.maximum(np.abs(tests.score_a), np.abs(tests.score_b)), 1e-300)
    observed = np.abs(tests.difference) - TIE_RTOL * scale
    count = largest.size - np.searchsorted(largest, observed, side="left")
    return np.asarray((count + 1.0) / (largest.size + 1.0))


def _discriminative(
    measures: Sequence[CorpusMeasure],
    systems: tuple[Hashable, ...],
    stream: np.random.SeedSequence,
    settings: dict[str, Any],
    progress: Callable[[int], object] | None,
) -> CorpusDiscriminative:
    test, B, alpha = settings["test"], settings["B"], settings["alpha"]
    parts = []
    for m in measures:
        common = {
            "trials": B,
            "seed": stream,  # a fresh generator per measure: the same resamples for all
            "alpha": alpha,
            "systems": systems,
            "max_elements": settings["max_elements"],
        }
        if test == "bootstrap":
            result = corpus_bootstrap_test(m.statistics, m.batch.from_totals, **common)
        else:
            result = corpus_randomisation_test(
                m.statistics,
                m.batch.from_totals,
                interval_trials=minimum_trials(alpha),  # the interval is not used here
                **common,
            )
        parts.append(result)
        if progress is not None:
            progress(B)
    p_values = np.stack([r.p_value for r in parts])
    return CorpusDiscriminative(
        measures=tuple(m.name for m in measures),
        systems=systems,
        test=test,
        correction=settings["correction"],
        difference=np.stack([r.difference for r in parts]),
        p_values=p_values,
        p_adjusted=np.stack([max_adjusted(r) for r in parts])
        if settings["correction"] == MAX_CORRECTION
        else adjust_p_values(p_values, settings["correction"]),
        trials_used=np.stack([r.trials_used for r in parts]),
        trials=B,
        alpha=alpha,
    )


def _children(root: np.random.SeedSequence, count: int) -> list[np.random.SeedSequence]:
    """``root.spawn(count)`` of a fresh ``root``, without changing ``root``'s spawn counter.

    A SeedSequence given twice thus gives the same numbers twice.
    """
    return [
        np.random.SeedSequence(
            root.entropy, spawn_key=(*root.spawn_key, i), pool_size=root.pool_size
        )
        for i in range(count)
    ]


def _root(seed: Any) -> np.random.SeedSequence:
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise InvalidParameterError(
            f"seed={seed!r}: expected a non-negative int or a numpy SeedSequence"
        )
    return np.random.SeedSequence(int(seed))


def _settings(
    analyses: Collection[str],
    *,
    trials: Any,
    B: Any,
    test: Any,
    correction: Any,
    alpha: Any,
    variant: Any,
    confidence: Any,
    include_observed: bool,
    max_elements: Any,
) -> dict[str, Any]:
    """The checked settings (a bad one raises before any work)."""
    chosen = (analyses,) if isinstance(analyses, str) else tuple(analyses)
    unknown = [a for a in chosen if a not in CORPUS_ANALYSES]
    if unknown:
        raise InvalidParameterError(
            f"analyses={list(chosen)!r}: expected a subset of {list(CORPUS_ANALYSES)!r}"
        )
    if isinstance(alpha, bool) or not isinstance(alpha, float | int) or not 0.0 < alpha < 1.0:
        raise InvalidParameterError(f"alpha={alpha!r}: expected a number strictly in (0, 1)")
    if variant not in ("a", "b"):
        raise InvalidParameterError(f"variant={variant!r}: expected 'a' or 'b'")
    if not isinstance(confidence, float | int) or not 0.0 < confidence < 1.0:
        raise InvalidParameterError(f"confidence={confidence!r}: expected a number in (0, 1)")
    if isinstance(max_elements, bool) or not isinstance(max_elements, int) or max_elements < 1:
        raise InvalidParameterError(f"max_elements={max_elements!r}: expected a positive integer")
    return {
        "analyses": chosen,
        "trials": check_count("trials", trials),
        "B": check_trials(B, "B", alpha=alpha)
        if "discriminative" in chosen
        else check_count("B", B),
        "test": check_corpus_test(test),
        "correction": check_corpus_correction(correction),
        "alpha": float(alpha),
        "variant": variant,
        "confidence": float(confidence),
        "include_observed": bool(include_observed),
        "max_elements": int(max_elements),
    }


def corpus_analyses(
    measures: Sequence[CorpusMeasure],
    systems: Sequence[Hashable],
    *,
    analyses: Collection[str] = CORPUS_ANALYSES,
    truth: Mapping[Hashable, float] | None = None,
    trials: int = 1000,
    B: int = 1000,
    test: str = "bootstrap",
    correction: str = MAX_CORRECTION,
    alpha: float = 0.05,
    variant: str = "b",
    confidence: float = 0.95,
    include_observed: bool = False,
    seed: int | np.random.SeedSequence = 0,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    progress: Callable[[int], object] | None = None,
) -> CorpusLevel:
    """Corpus scores, and their similarity, truth agreement, split consistency and tests.

    Parameters
    ----------
    measures
        The corpus-level measures (:func:`corpus_measures` gathers them from
        runs), their statistics over the same ``N`` segments.
    systems
        The ``S`` systems, in the order of the statistics' rows.
    analyses
        Any of ``"similarity"``, ``"consistency"``, ``"discriminative"``
        (default: all three); the corpus scores are always computed.
    truth
        Each system's true quality, lower is better: adds the agreement with
        the true order (see :func:`~axiometrics.meta.truth.check_truth`).
    trials
        Random splits of the segments into halves.
    B
        Resamples of each corpus test, and trials of the Tukey HSD test over
        the split taus (at least ``ceil(2 / alpha) - 1`` with the tests).
    test
        ``"bootstrap"`` (paired bootstrap of segments) or ``"randomisation"``
        (approximate randomisation).
    correction
        How a measure's ``P`` p-values are adjusted: ``"max"`` (default;
        the single-step max statistic of :func:`max_adjusted`, the
        randomised Tukey HSD's convention) or one of
        :data:`~axiometrics.stats.CORRECTIONS` (e.g. ``"holm"``).
    alpha
        Significance level of the tests and of the markers.
    variant, confidence
        Kendall's tau variant and the level of its intervals.
    include_observed
        p-value convention of the Tukey test over the taus.
    seed
        A non-negative int or a SeedSequence; its three children draw the
        splits, the Tukey test and the corpus tests (see the module docstring).
    max_elements
        Bound on the elements of a chunk's arrays.
    progress
        Called with counts of work units: split trials, the Tukey test's
        trials, then ``B`` after each measure's test.

    Returns
    -------
    CorpusLevel

    Raises
    ------
    MetaInputError
        No measure, fewer than 2 systems, statistics of other shapes or
        segments, non-finite statistics, an undefined corpus score, or fewer
        than 4 segments for the split consistency.
    InvalidParameterError
        A bad setting or truth.
    """
    checked = _settings(
        analyses,
        trials=trials,
        B=B,
        test=test,
        correction=correction,
        alpha=alpha,
        variant=variant,
        confidence=confidence,
        include_observed=include_observed,
        max_elements=max_elements,
    )
    splits, tukey, tests = _children(_root(seed), 3)
    names = tuple(systems)
    chosen, n = _checked_measures(measures, names)
    if truth is not None:
        check_truth(truth, names)
    scores = _observed(chosen, names)
    labels = tuple(m.name for m in chosen)
    directions = tuple(m.higher_is_better for m in chosen)
    oriented = scores * np.where(directions, 1.0, -1.0)[:, None]
    picked = checked["analyses"]
    return CorpusLevel(
        labels,
        names,
        directions,
        n,
        scores,
        similarity=oriented_similarity(labels, oriented, variant=variant, confidence=confidence)
        if "similarity" in picked
        else None,
        truth=None
        if truth is None
        else oriented_truth_agreement(
            labels, names, oriented, truth, variant=variant, confidence=confidence
        ),
        consistency=_consistency(chosen, n, checked["trials"], (splits, tukey), checked, progress)
        if "consistency" in picked
        else None,
        discriminative=_discriminative(chosen, names, tests, checked, progress)
        if "discriminative" in picked
        else None,
    )
