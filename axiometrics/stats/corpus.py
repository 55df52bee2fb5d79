"""Paired tests of corpus-level measures: bootstrap and approximate randomisation.

A corpus-level measure (corpus BLEU, chrF, TER, corpus WER, ...) is not a
mean of segment scores, so the topic-wise tests of :mod:`axiometrics.stats`
do not apply to it.  These tests resample *segments* instead and recompute
each corpus score from the measure's sufficient statistics: per segment, a
row of ``k`` numbers (n-gram matches and totals, edit and reference
counts, ...) whose column sums determine the score through
``score(totals)``.  A resample is a vector of segment counts or a swap mask,
so the resampled totals of every system (or every pair) are one matrix
product, computed a chunk of trials at a time.

Input
-----
``statistics``: a mapping ``system -> (n_segments, k)`` array (or a
DataFrame indexed by segment id: rows are then aligned by label, never by
position), or an array ``(n_systems, n_segments, k)`` with ``systems``
naming its rows.  ``score(totals)`` maps totals ``(..., k)`` to scores
``(...)``, or to ``(scores, undefined)`` as the family kernels return them.

Paired bootstrap resampling (Koehn 2004)
    ``B = trials`` samples of ``n`` segments drawn with replacement (one
    ``Generator.choice(n, size=(B, n))`` from ``seed``: the draws of
    sacreBLEU's ``--paired-bs`` for the same seed), shared by all systems
    (common random numbers).  Each sample gives every system's corpus score
    and every pair's difference ``d*_b = s*_a - s*_b``.  Null hypothesis: no
    difference; the differences are shifted to mean 0 (Efron and
    Tibshirani's shift method) and the p-value is
    ``(#{b : |d*_b - mean(d*)| >= |d|} + 1) / (B + 1)`` (two-sided;
    ``d*_b - mean(d*) >= d`` for ``"greater"``, ``<= d`` for ``"less"``),
    ``d`` the observed difference.  The ``1 - alpha`` interval of the
    difference is the percentile interval of the ``d*_b``.
Approximate randomisation (Riezler and Maxwell 2005; Noreen 1989)
    ``B = trials`` swap masks, one fair coin per segment
    (``Generator.integers(2, size=(B, n), dtype=bool)``: sacreBLEU's
    ``--paired-ar`` draws), shared by all pairs.  A trial exchanges the two
    systems' statistics on the segments of its mask and recomputes both
    corpus scores; the p-value is ``(#{b : |d*_b| >= |d|} + 1) / (B + 1)``
    (``d*_b >= d`` for ``"greater"``, ``<= d`` for ``"less"``).  The
    interval is the bootstrap's, from ``trials`` bootstrap samples drawn
    after the masks.

A resampled difference *ties* with the observed one when they differ by at
most ``1e-9`` relative to the larger score (:data:`TIE_RTOL`): the
last-bit noise of recomputing a score from summed statistics never
decides a count.  A sample on which either system's score is undefined
(e.g. corpus BLEU of a sample without a 4-gram) is left out of that pair's
count, and :attr:`CorpusTests.trials_used` says how many remained; the
observed scores must be defined.

Conventions that differ from sacreBLEU 2.6 (pinned by tests): sacreBLEU's
bootstrap shifts the *absolute* differences, ``|d*_b| - mean(|d*|) > |d|``,
and its approximate randomisation counts ``|d*_b| > |d|`` strictly, so a
system compared with itself gets ``p = 1 / (B + 1)`` there and ``p = 1``
here.  The resamples themselves are the same for the same seed.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.scale import is_pandas
from axiometrics.stats.choices import check_alternative
from axiometrics.stats.paired import check_alpha
from axiometrics.stats.resampling import (
    DEFAULT_MAX_ELEMENTS,
    check_max_elements,
    check_seed,
    check_trials,
    chunk_size,
    generator,
)

__all__ = [
    "CORPUS_TESTS",
    "TIE_RTOL",
    "CorpusComparison",
    "CorpusStatistics",
    "CorpusTests",
    "as_corpus_statistics",
    "compare_corpus",
    "corpus_bootstrap_test",
    "corpus_randomisation_test",
    "corpus_resamples",
]

#: The corpus-level tests, by name.
CORPUS_TESTS = ("bootstrap", "randomisation")
#: Relative tolerance under which a resampled difference ties with the observed one.
TIE_RTOL = 1e-9
#: sacreBLEU's default seed (``SACREBLEU_SEED``), also ours.
DEFAULT_SEED = 12345

ScoreFunction = Callable[[np.ndarray], Any]


@dataclass(frozen=True, eq=False)
class CorpusStatistics:
    """Segment statistics of several systems on one corpus, aligned by segment.

    Attributes
    ----------
    systems
        System labels, in row order.
    values
        ``(n_systems, n_segments, k)`` float64 statistics.
    segments
        Segment ids when the input was labelled, else ``None``.
    """

    systems: tuple[Hashable, ...]
    values: np.ndarray
    segments: tuple[Hashable, ...] | None = None

    @property
    def n_segments(self) -> int:
        """The number of segments."""
        return int(self.values.shape[1])


def _matrix(name: str, raw: Any) -> np.ndarray:
    try:
        arr = np.asarray(raw, dtype=float)
    except (TypeError, ValueError):
        raise InputTypeError(
            f"{name}: expected numeric segment statistics, an array (n_segments, k) (got "
            f"{type(raw).__name__})"
        ) from None
    if arr.ndim != 2:
        raise InvalidInputError(
            f"{name}: expected segment statistics of shape (n_segments, k) (got shape {arr.shape})"
        )
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name}: expected finite statistics (got NaN or infinity)")
    return arr


def as_corpus_statistics(
    statistics: Any, systems: Sequence[Hashable] | None = None
) -> CorpusStatistics:
    """Validate segment statistics into :class:`CorpusStatistics`.

    Parameters
    ----------
    statistics
        A mapping ``system -> (n_segments, k)`` (arrays, or DataFrames
        indexed by segment id, aligned by label), or an array
        ``(n_systems, n_segments, k)``.
    systems
        Labels of an array's rows (default ``0 .. n_systems - 1``); not
        allowed with a mapping.

    Returns
    -------
    CorpusStatistics

    Raises
    ------
    InputTypeError
        For input that is neither a mapping nor numeric, or a mix of labelled
        and unlabelled statistics.
    InvalidInputError
        For fewer than two systems or one segment, statistics of different
        shapes, segment ids that differ between systems or repeat, and
        non-finite values.
    """
    segments: tuple[Hashable, ...] | None = None
    if isinstance(statistics, Mapping):
        if systems is not None:
            raise InvalidParameterError(
                "systems=...: a mapping names its systems by its keys; give systems= with an array"
            )
        labels = tuple(statistics)
        raw = [statistics[s] for s in labels]
        labelled = [is_pandas(r, "DataFrame") for r in raw]
        if any(labelled) and not all(labelled):
            raise InputTypeError(
                "statistics: every system's statistics must be DataFrames indexed by segment id, "
                "or none: segments are aligned by label, never by position"
            )
        if all(labelled) and raw:
            segments = tuple(raw[0].index)
            if len(set(segments)) != len(segments):
                raise InvalidInputError(
                    f"statistics[{labels[0]!r}]: segment ids repeat in its index"
                )
            aligned = []
            for label, frame in zip(labels, raw, strict=True):
                if set(frame.index) != set(segments) or len(frame.index) != len(segments):
                    raise InvalidInputError(
                        f"statistics[{label!r}]: expected the segment ids of "
                        f"statistics[{labels[0]!r}] (they differ)"
                    )
                aligned.append(frame.loc[list(segments)].to_numpy())
            raw = aligned
        mats = [_matrix(f"statistics[{s!r}]", r) for s, r in zip(labels, raw, strict=True)]
        shapes = {m.shape for m in mats}
        if len(shapes) > 1:
            shown = ", ".join(f"{s!r}: {m.shape}" for s, m in zip(labels, mats, strict=True))
            raise InvalidInputError(
                f"statistics: every system needs the same (n_segments, k) shape (got {shown})"
            )
        values = np.stack(mats) if mats else np.zeros((0, 0, 0))
    else:
        try:
            values = np.asarray(statistics, dtype=float)
        except (TypeError, ValueError):
            raise InputTypeError(
                "statistics: expected a mapping system -> (n_segments, k) statistics or an "
                f"array (n_systems, n_segments, k) (got {type(statistics).__name__})"
            ) from None
        if values.ndim != 3:
            raise InvalidInputError(
                "statistics: expected an array (n_systems, n_segments, k) (got shape "
                f"{values.shape})"
            )
        if not np.all(np.isfinite(values)):
            raise InvalidInputError("statistics: expected finite statistics (got NaN or infinity)")
        labels = tuple(range(values.shape[0])) if systems is None else tuple(systems)
        if len(labels) != values.shape[0] or len(set(labels)) != len(labels):
            raise InvalidParameterError(
                f"systems={systems!r}: expected {values.shape[0]} distinct labels, one per row"
            )
    if len(labels) < 2:
        raise InvalidInputError(
            f"statistics: a paired test needs at least two systems (got {len(labels)})"
        )
    if values.shape[1] < 1:
        raise InvalidInputError("statistics: expected at least one segment (got none)")
    return CorpusStatistics(labels, values, segments)


def _scores(score: ScoreFunction, totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``score(totals)`` as float scores and an undefined mask of the leading shape."""
    out = score(totals)
    if isinstance(out, tuple):
        values, undefined = (np.asarray(x) for x in out)
    else:
        values = np.asarray(out, dtype=float)
        undefined = ~np.isfinite(values)
    values = np.asarray(values, dtype=float)
    undefined = np.asarray(undefined, dtype=bool) | ~np.isfinite(values)
    if values.shape != totals.shape[:-1] or undefined.shape != values.shape:
        raise InvalidParameterError(
            f"score: expected scores of shape {totals.shape[:-1]} for totals of shape "
            f"{totals.shape} (got {values.shape})"
        )
    return values, undefined


@dataclass(frozen=True, eq=False)
class CorpusTests:
    """A corpus-level paired test of every pair of systems ``a < b``.

    Attributes
    ----------
    test
        ``"bootstrap"`` or ``"randomisation"``.
    systems
        All system labels, in order.
    system_a, system_b
        The two systems of each pair (``P`` of them); differences are ``a - b``.
    n_segments
        The number of segments resampled.
    score_a, score_b, difference
        Corpus scores and their difference ``d``, ``(P,)``.
    p_value
        p-values under :attr:`alternative`, ``(P,)``, uncorrected.
    ci_low, ci_high
        The ``1 - alpha`` bootstrap percentile interval of the difference,
        ``(P,)`` (one end infinite under a one-sided alternative).
    trials_used
        Trials on which both scores were defined, ``(P,)``.
    trials, seed, alternative, alpha
        The settings.
    resampled_difference
        The differences of every trial, ``(trials, P)``: for the bootstrap
        the resampled ``d*_b`` (not centred), for randomisation the shuffled
        ones; entries where :attr:`resampled_valid` is false are meaningless.
    resampled_valid
        Trials on which both scores were defined, ``(trials, P)``.
    """

    test: str
    systems: tuple[Hashable, ...]
    system_a: tuple[Hashable, ...]
    system_b: tuple[Hashable, ...]
    n_segments: int
    score_a: np.ndarray
    score_b: np.ndarray
    difference: np.ndarray
    p_value: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    trials_used: np.ndarray
    trials: int
    seed: int | None
    alternative: str
    alpha: float
    resampled_difference: np.ndarray
    resampled_valid: np.ndarray

    def to_frame(self) -> Any:
        """One row per pair: systems, scores, difference, p-value, interval, trials used."""
        import pandas as pd

        return pd.DataFrame(
            {
                "system_a": list(self.system_a),
                "system_b": list(self.system_b),
                "score_a": self.score_a,
                "score_b": self.score_b,
                "difference": self.difference,
                "p_value": self.p_value,
                "ci_low": self.ci_low,
                "ci_high": self.ci_high,
                "trials_used": self.trials_used,
            }
        )


def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.triu_indices(n, k=1)
    return a.astype(np.intp), b.astype(np.intp)


def _settings(
    trials: Any, seed: Any, alternative: Any, alpha: Any, max_elements: Any
) -> tuple[int, int | None, str, float, int]:
    alpha = check_alpha(alpha)
    return (
        check_trials(trials, alpha=alpha),
        check_seed(seed),
        check_alternative(alternative),
        alpha,
        check_max_elements(max_elements),
    )


def _counts(rng: np.random.Generator, n: int, trials: int, size: int) -> Any:
    """Segment counts ``(chunk, n)`` of bootstrap samples, ``size`` samples per chunk."""
    done = 0
    while done < trials:
        step = min(size, trials - done)
        # choice() draws one 64-bit output per index, so a call per chunk draws the
        # same indices as one call for all trials: chunking never changes a sample.
        idx = rng.choice(n, size=(step, n), replace=True)
        counts = np.zeros((step, n))
        np.add.at(counts, (np.repeat(np.arange(step), n), idx.ravel()), 1.0)
        yield counts
        done += step


def corpus_resamples(
    statistics: Any,
    score: ScoreFunction,
    *,
    trials: int = 1000,
    seed: Any = DEFAULT_SEED,
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> tuple[np.ndarray, np.ndarray]:
    """Every system's corpus score on ``trials`` bootstrap samples of segments.

    Parameters
    ----------
    statistics, systems
        Segment statistics (see :func:`as_corpus_statistics`).
    score
        ``score(totals (..., k))`` -> scores, or ``(scores, undefined)``.
    trials
        Bootstrap samples ``B``.
    seed
        Seed of ``numpy.random.default_rng`` (sacreBLEU's default 12345), a
        Generator, or ``None``.
    max_elements
        Bound on the elements of one chunk's arrays.

    Returns
    -------
    tuple of numpy.ndarray
        ``(scores, undefined)``, both ``(B, n_systems)``.
    """
    data = as_corpus_statistics(statistics, systems)
    return _resampled_scores(
        data.values, score, check_trials(trials), generator(seed), check_max_elements(max_elements)
    )


def _resampled_scores(
    values: np.ndarray,
    score: ScoreFunction,
    trials: int,
    rng: np.random.Generator,
    max_elements: int,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`corpus_resamples` on validated ``(n_systems, n_segments, k)`` statistics."""
    s, n, k = values.shape
    flat = values.transpose(1, 0, 2).reshape(n, s * k)
    out = np.empty((trials, s))
    bad = np.empty((trials, s), dtype=bool)
    start = 0
    for counts in _counts(rng, n, trials, chunk_size(n + s * k, max_elements)):
        totals = (counts @ flat).reshape(-1, s, k)
        stop = start + counts.shape[0]
        out[start:stop], bad[start:stop] = _scores(score, totals)
        start = stop
    return out, bad


def _observed(
    data: CorpusStatistics, score: ScoreFunction, a: np.ndarray, b: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    scores, undefined = _scores(score, data.values.sum(axis=1))
    if np.any(undefined):
        names = [data.systems[i] for i in np.flatnonzero(undefined)]
        raise InvalidInputError(
            f"statistics: the corpus score of {names!r} is undefined, so no difference can be "
            "tested"
        )
    return scores[a], scores[b]


def _tie(score_a: np.ndarray, score_b: np.ndarray) -> np.ndarray:
    return TIE_RTOL * np.maximum(np.maximum(np.abs(score_a), np.abs(score_b)), 1e-300)


def _p_values(
    resampled: np.ndarray, valid: np.ndarray, observed: np.ndarray, tie: np.ndarray, alt: str
) -> tuple[np.ndarray, np.ndarray]:
    """``(count + 1) / (used + 1)`` over valid trials, ``resampled`` already null-centred."""
    if alt == "two-sided":
        extreme = np.abs(resampled) >= np.abs(observed) - tie
    elif alt == "greater":
        extreme = resampled >= observed - tie
    else:
        extreme = resampled <= observed + tie
    used = valid.sum(axis=0)
    count = (extreme & valid).sum(axis=0)
    return (count + 1.0) / (used + 1.0), used


def _interval(
    differences: np.ndarray, valid: np.ndarray, alpha: float, alt: str
) -> tuple[np.ndarray, np.ndarray]:
    lo_q, hi_q = (alpha / 2, 1 - alpha / 2) if alt == "two-sided" else (alpha, 1 - alpha)
    kept = np.where(valid, differences, np.nan)
    with warnings.catch_warnings():  # a pair without a valid sample has no interval (NaN)
        warnings.simplefilter("ignore", RuntimeWarning)
        low, high = np.nanquantile(kept, [lo_q, hi_q], axis=0)
    if alt == "greater":
        high[:] = np.inf
    elif alt == "less":
        low[:] = -np.inf
    return low, high


def _result(
    test: str,
    data: CorpusStatistics,
    pairs: tuple[np.ndarray, np.ndarray],
    observed: tuple[np.ndarray, np.ndarray],
    p_and_used: tuple[np.ndarray, np.ndarray],
    interval: tuple[np.ndarray, np.ndarray],
    settings: tuple[int, int | None, str, float],
    samples: tuple[np.ndarray, np.ndarray],
) -> CorpusTests:
    a, b = pairs
    trials, seed, alt, alpha = settings
    return CorpusTests(
        test=test,
        systems=data.systems,
        system_a=tuple(data.systems[i] for i in a),
        system_b=tuple(data.systems[i] for i in b),
        n_segments=data.n_segments,
        score_a=observed[0],
        score_b=observed[1],
        difference=observed[0] - observed[1],
        p_value=p_and_used[0],
        ci_low=interval[0],
        ci_high=interval[1],
        trials_used=p_and_used[1].astype(np.int64),
        trials=trials,
        seed=seed,
        alternative=alt,
        alpha=alpha,
        resampled_difference=samples[0],
        resampled_valid=samples[1],
    )


def corpus_bootstrap_test(
    statistics: Any,
    score: ScoreFunction,
    *,
    trials: int = 1000,
    seed: Any = DEFAULT_SEED,
    alternative: str = "two-sided",
    alpha: float = 0.05,
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> CorpusTests:
    """Paired bootstrap resampling of segments (Koehn 2004) for every pair of systems.

    Parameters
    ----------
    statistics, systems
        Segment statistics (see :func:`as_corpus_statistics`).
    score
        ``score(totals (..., k))`` -> scores, or ``(scores, undefined)``.
    trials
        Bootstrap samples ``B`` (at least ``ceil(2 / alpha) - 1``).
    seed
        Seed of ``numpy.random.default_rng`` (sacreBLEU's 12345 by default).
    alternative
        ``"two-sided"``, ``"greater"`` (``a`` scores higher) or ``"less"``.
    alpha
        Level of the interval of the difference.
    max_elements
        Bound on the elements of one chunk's arrays.

    Returns
    -------
    CorpusTests

    Raises
    ------
    InvalidInputError
        For bad statistics (see :func:`as_corpus_statistics`) or an undefined
        observed score.
    InvalidParameterError
        For bad settings.
    """
    trials, seed_used, alt, alpha, max_elements = _settings(
        trials, seed, alternative, alpha, max_elements
    )
    data = as_corpus_statistics(statistics, systems)
    a, b = _pairs(len(data.systems))
    observed = _observed(data, score, a, b)
    scores, undefined = _resampled_scores(data.values, score, trials, generator(seed), max_elements)
    differences = scores[:, a] - scores[:, b]
    valid = ~(undefined[:, a] | undefined[:, b])
    used = np.maximum(valid.sum(axis=0), 1)
    centre = np.where(valid, differences, 0.0).sum(axis=0) / used
    tie = _tie(*observed)
    p_and_used = _p_values(differences - centre, valid, observed[0] - observed[1], tie, alt)
    interval = _interval(differences, valid, alpha, alt)
    return _result(
        "bootstrap",
        data,
        (a, b),
        observed,
        p_and_used,
        interval,
        (trials, seed_used, alt, alpha),
        (differences, valid),
    )


def corpus_randomisation_test(
    statistics: Any,
    score: ScoreFunction,
    *,
    trials: int = 10000,
    seed: Any = DEFAULT_SEED,
    alternative: str = "two-sided",
    alpha: float = 0.05,
    interval_trials: int = 1000,
    systems: Sequence[Hashable] | None = None,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
) -> CorpusTests:
    """Paired approximate randomisation of segments (Riezler and Maxwell 2005), every pair.

    Parameters
    ----------
    statistics, systems
        Segment statistics (see :func:`as_corpus_statistics`).
    score
        ``score(totals (..., k))`` -> scores, or ``(scores, undefined)``.
    trials
        Swap masks ``B`` (sacreBLEU's default 10000; at least
        ``ceil(2 / alpha) - 1``).
    seed
        Seed of ``numpy.random.default_rng`` (sacreBLEU's 12345 by default).
    alternative
        ``"two-sided"``, ``"greater"`` (``a`` scores higher) or ``"less"``.
    alpha
        Level of the interval of the difference.
    interval_trials
        Bootstrap samples of the interval, drawn after the masks.
    max_elements
        Bound on the elements of one chunk's arrays.

    Returns
    -------
    CorpusTests

    Raises
    ------
    InvalidInputError
        For bad statistics (see :func:`as_corpus_statistics`) or an undefined
        observed score.
    InvalidParameterError
        For bad settings.
    """
    trials, seed_used, alt, alpha, max_elements = _settings(
        trials, seed, alternative, alpha, max_elements
    )
    interval_trials = check_trials(interval_trials, "interval_trials", alpha=alpha)
    data = as_corpus_statistics(statistics, systems)
    a, b = _pairs(len(data.systems))
    observed = _observed(data, score, a, b)
    n, k = data.values.shape[1:]
    n_pairs = a.size
    # Swapping segment i exchanges s_a[i] and s_b[i]: the shuffled totals are
    # total_b + mask @ (s_a - s_b) and total_a + total_b minus that.
    gap = (data.values[a] - data.values[b]).transpose(1, 0, 2).reshape(n, n_pairs * k)
    total_a = data.values[a].sum(axis=1)
    total_b = data.values[b].sum(axis=1)
    rng = generator(seed)
    # One call for all trials (one byte per coin): Generator.integers buffers its
    # bits within a call, so drawing the masks chunk by chunk would change them.
    all_masks = rng.integers(2, size=(trials, n), dtype=bool)
    differences = np.empty((trials, n_pairs))
    valid = np.empty((trials, n_pairs), dtype=bool)
    size = chunk_size(n + 2 * n_pairs * k, max_elements)
    start = 0
    while start < trials:
        step = min(size, trials - start)
        masks = all_masks[start : start + step]
        shuffled_a = total_b + (masks @ gap).reshape(step, n_pairs, k)
        shuffled_b = total_a + total_b - shuffled_a
        score_a, bad_a = _scores(score, shuffled_a)
        score_b, bad_b = _scores(score, shuffled_b)
        differences[start : start + step] = score_a - score_b
        valid[start : start + step] = ~(bad_a | bad_b)
        start += step
    tie = _tie(*observed)
    p_and_used = _p_values(differences, valid, observed[0] - observed[1], tie, alt)
    boot, boot_bad = _resampled_scores(data.values, score, interval_trials, rng, max_elements)
    interval = _interval(boot[:, a] - boot[:, b], ~(boot_bad[:, a] | boot_bad[:, b]), alpha, alt)
    return _result(
        "randomisation",
        data,
        (a, b),
        observed,
        p_and_used,
        interval,
        (trials, seed_used, alt, alpha),
        (differences, valid),
    )


@dataclass(frozen=True, eq=False)
class CorpusComparison:
    """Every pair of systems under one corpus-level test and a multiple-comparison correction.

    Attributes
    ----------
    tests
        The per-pair results (uncorrected p-values, intervals, resamples).
    correction
        One of :data:`~axiometrics.stats.CORRECTIONS`.
    p_adjusted
        Corrected p-values, ``(P,)``.
    significant
        ``p_adjusted < alpha``, ``(P,)``.
    """

    tests: CorpusTests
    correction: str
    p_adjusted: np.ndarray
    significant: np.ndarray

    def to_frame(self) -> Any:
        """The tests' frame with ``p_adjusted`` and ``significant`` columns."""
        frame = self.tests.to_frame()
        frame["p_adjusted"] = self.p_adjusted
        frame["significant"] = self.significant
        return frame


def compare_corpus(
    statistics: Any,
    score: ScoreFunction,
    *,
    test: str = "bootstrap",
    correction: str = "holm",
    alpha: float = 0.05,
    trials: int | None = None,
    seed: Any = DEFAULT_SEED,
    alternative: str = "two-sided",
    systems: Sequence[Hashable] | None = None,
) -> CorpusComparison:
    """Compare every pair of systems on a corpus-level measure, with a correction.

    Parameters
    ----------
    statistics, systems
        Segment statistics (see :func:`as_corpus_statistics`).
    score
        ``score(totals (..., k))`` -> scores, or ``(scores, undefined)``.
    test
        ``"bootstrap"`` (:func:`corpus_bootstrap_test`) or ``"randomisation"``
        (:func:`corpus_randomisation_test`), case-insensitive.
    correction
        One of :data:`~axiometrics.stats.CORRECTIONS`.
    alpha
        Significance level, and ``1 - alpha`` the interval's confidence.
    trials
        Resamples (default: sacreBLEU's, 1000 for the bootstrap and 10000
        for randomisation).
    seed, alternative
        As the tests take them.

    Returns
    -------
    CorpusComparison

    Raises
    ------
    InvalidParameterError
        An unknown test or correction (the message suggests the nearest), or
        a bad setting of the test.
    """
    from axiometrics.stats.choices import choose
    from axiometrics.stats.corrections import adjust_p_values, check_correction

    name = choose("test", test, CORPUS_TESTS, {"ar": "randomisation", "bs": "bootstrap"})
    method = check_correction(correction)
    run = corpus_bootstrap_test if name == "bootstrap" else corpus_randomisation_test
    n_trials = trials if trials is not None else (1000 if name == "bootstrap" else 10000)
    result = run(
        statistics,
        score,
        trials=n_trials,
        seed=seed,
        alternative=alternative,
        alpha=alpha,
        systems=systems,
    )
    adjusted = adjust_p_values(result.p_value, method)
    return CorpusComparison(result, method, adjusted, adjusted < result.alpha)
