"""The whole meta-evaluation in one call: score, then run every analysis.

:func:`run` takes runs (OC labels, OQ distributions or scored items), ready score
matrices (:class:`ScoreMatrices` or a long DataFrame), or nothing (the
embedded synthetic data of Amigó et al. 2020), and returns a
:class:`MetaEvaluation` holding ranking similarity, ranking consistency
(one result per split kind), discriminative power and coverage, and, when
each system's true quality is known (``truth=``), the agreement of every
measure's ranking with the true order.  Runs whose measures are corpus-level
(:class:`~axiometrics.io.runs.CorpusLevelRuns`, e.g. generation runs) also
get the corpus-level analyses (:mod:`axiometrics.meta.corpus_level`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, Union

import pandas as pd
from tqdm import tqdm

from axiometrics.errors import InvalidParameterError, UnknownMeasureError
from axiometrics.io.runs import CorpusLevelRuns, SystemRuns
from axiometrics.meta.consistency import RankingConsistency, ranking_consistency, split_sizes
from axiometrics.meta.corpus_level import (
    CORPUS_ANALYSES,
    CORPUS_STREAM,
    MIN_SEGMENTS,
    CorpusLevel,
    CorpusMeasure,
    corpus_analyses,
    corpus_measures,
    undefined_systems,
)
from axiometrics.meta.coverage import Coverage, coverage
from axiometrics.meta.discriminative import DiscriminativePower, discriminative_power
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.options import ANALYSES, MetaOptions, default_reference
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.scoring import OnUndefined, ScoringReport, resolve_measures, score_runs
from axiometrics.meta.similarity import RankingSimilarity, ranking_similarity
from axiometrics.meta.streams import CORPUS_KEY, DISCRIMINATIVE_KEY, analysis_stream, split_key
from axiometrics.meta.synthetic import default_label_runs
from axiometrics.meta.truth import TruthAgreement, check_truth, truth_agreement
from axiometrics.meta.validate import unknown_name_message
from axiometrics.registry import Registry, default_registry
from axiometrics.stats.resampling import minimum_trials

__all__ = ["ANALYSES", "MetaEvaluation", "MetaOptions", "default_reference", "evaluate", "run"]

Data = Union[SystemRuns, ScoreMatrices, pd.DataFrame, None]  # noqa: UP007
Runs = SystemRuns


@dataclass(frozen=True)
class MetaEvaluation:
    """Every analysis of one meta-evaluation, with its settings.

    Attributes
    ----------
    scores
        The score matrices analysed.
    similarity
        Ranking similarity, or ``None`` if not requested.
    consistency
        One :class:`RankingConsistency` per split kind (may be empty).
    discriminative
        Discriminative power, or ``None``.
    coverage
        Coverage, or ``None`` (not requested, or the reference measures
        could not be scored; see :attr:`notes`).
    settings
        The parameters used (seed, trials, B, ...), for provenance.
    notes
        Remarks: measures dropped or filled as undefined, skipped analyses.
    truth
        Agreement with the known true order of the systems, or ``None`` (no
        ``truth`` given).
    corpus_level
        The corpus-level analyses (:mod:`axiometrics.meta.corpus_level`), or
        ``None``: runs without segment statistics, no corpus-level measure,
        score matrices, or ``corpus_level=False``.
    """

    scores: ScoreMatrices
    similarity: RankingSimilarity | None = None
    consistency: tuple[RankingConsistency, ...] = ()
    discriminative: DiscriminativePower | None = None
    coverage: Coverage | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    truth: TruthAgreement | None = None
    corpus_level: CorpusLevel | None = None

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """One tidy DataFrame per analysis that was run (``corpus_*`` for the corpus level)."""
        frames: dict[str, pd.DataFrame] = {}
        if self.similarity is not None:
            frames["similarity"] = self.similarity.to_frame()
        if self.consistency:
            frames["consistency"] = pd.concat(
                [c.to_frame() for c in self.consistency], ignore_index=True
            )
        if self.discriminative is not None:
            frames["discriminative"] = self.discriminative.to_frame()
        if self.coverage is not None:
            frames["coverage"] = self.coverage.to_frame()
        if self.truth is not None:
            frames["truth"] = self.truth.to_frame()
        if self.corpus_level is not None:
            frames.update(self.corpus_level.to_frames())
        return frames

    def to_frame(self) -> pd.DataFrame:
        """All analyses stacked in one long frame with a ``section`` column."""
        parts = [frame.assign(section=name) for name, frame in self.to_frames().items()]
        if not parts:
            return pd.DataFrame({"section": []})
        stacked = pd.concat(parts, ignore_index=True)
        return stacked[["section", *[c for c in stacked.columns if c != "section"]]]


def _as_scores(
    data: Data,
    measures: Sequence[str] | None,
    on_undefined: OnUndefined,
    registry: Registry | None,
    report: ScoringReport,
    progress: Callable[[int], object],
) -> tuple[ScoreMatrices, Runs | None]:
    if data is None:
        data = default_label_runs()
    if isinstance(data, pd.DataFrame):
        data = ScoreMatrices.from_frame(data, registry=registry)
    if isinstance(data, ScoreMatrices):
        scores = data if measures is None else data.select(list(measures))
        return scores, None
    if isinstance(data, SystemRuns):
        scores = score_runs(
            data,
            measures,
            on_undefined=on_undefined,
            registry=registry,
            report=report,
            progress=progress,
        )
        return scores, data
    raise MetaInputError(
        "data must be LabelRuns, DistributionRuns, ScoredRuns, ScoreMatrices, a long score "
        "DataFrame or None "
        f"(got {type(data).__name__})"
    )


def _check_reference(
    reference: Sequence[str], scores: ScoreMatrices, registry: Registry | None
) -> None:
    """Reference measures must be in the scores or registered (nearest names suggested).

    A registered measure that cannot be scored here is not an error: coverage
    is then skipped with a note.
    """
    registries = [default_registry()] if registry is None else [registry, default_registry()]
    known = set(scores.measures).union(*(r.names() for r in registries))
    for name in reference:
        if name in known:
            continue
        try:
            registries[-1].get(name)  # an alias or a parameterised name
        except UnknownMeasureError:
            raise InvalidParameterError(
                f"reference={list(reference)!r}: {unknown_name_message(name, known)}"
            ) from None


def _reference_scores(
    scores: ScoreMatrices,
    runs: Runs | None,
    reference: Sequence[str],
    on_undefined: OnUndefined,
    registry: Registry | None,
) -> tuple[ScoreMatrices | None, str]:
    """Scores holding the reference measures, or ``None`` and the reason why not."""
    missing = [m for m in reference if m not in scores.measures]
    if not missing:
        return scores, ""
    if runs is None:
        return None, (
            f"coverage skipped: reference measures {missing!r} are not in the score matrices"
        )
    try:
        resolve_measures(missing, runs.family, registry=registry)
    except (MetaInputError, KeyError) as exc:
        return None, f"coverage skipped: reference measures cannot be scored on these runs ({exc})"
    extra = score_runs(runs, missing, on_undefined=on_undefined, registry=registry)
    return scores.merge(extra.select([m for m in extra.measures if m not in scores.measures])), ""


def _scores_and_notes(
    data: Data, opts: MetaOptions, bar: Any
) -> tuple[ScoreMatrices, Runs | None, list[str]]:
    """Phase 1: the score matrices (scored from runs if need be) and the scoring notes.

    The coverage reference is checked here, before any analysis runs.
    """
    report = ScoringReport()
    scores, runs = _as_scores(data, opts.measures, _policy(opts), opts.registry, report, bar.update)
    if "coverage" in opts.analyses:
        _check_reference(_reference(opts), scores, opts.registry)
    if opts.truth is not None:
        check_truth(opts.truth, scores.systems)
    return scores, runs, report.notes()


def _usable_splits(scores: ScoreMatrices, opts: MetaOptions) -> tuple[list[str | int], list[str]]:
    """Phase 2: the consistency splits that fit the topics, and a note for each skipped one."""
    valid: list[str | int] = []
    notes: list[str] = []
    if "consistency" not in opts.analyses:
        return valid, notes
    for split in opts.splits:
        try:
            split_sizes(len(scores.topics), split)
        except (InvalidParameterError, MetaInputError) as exc:
            notes.append(f"consistency split {split!r} skipped: {exc}")
        else:
            valid.append(split)
    return valid, notes


def _steps(opts: MetaOptions, valid_splits: Sequence[str | int], corpus: _CorpusPlan) -> int:
    """Progress steps of the analyses: trials and Tukey tests, plus one per quick analysis."""
    chosen = opts.analyses
    return (
        len(valid_splits) * (opts.trials + opts.B)
        + (opts.B if "discriminative" in chosen else 0)
        + ("similarity" in chosen)
        + ("coverage" in chosen)
        + (opts.truth is not None)
        + corpus.steps(opts)
    )


class _CorpusPlan(NamedTuple):
    """The corpus-level measures and analyses to run, and notes on what was left out."""

    measures: tuple[CorpusMeasure, ...] = ()
    analyses: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def steps(self, opts: MetaOptions) -> int:
        """Split trials and the Tukey test's trials, then ``B`` per measure's test."""
        if not self.measures:
            return 0
        splits = opts.trials + opts.B if "consistency" in self.analyses else 0
        tests = opts.B * len(self.measures) if "discriminative" in self.analyses else 0
        return splits + tests


def _corpus_plan(scores: ScoreMatrices, runs: Runs | None, opts: MetaOptions) -> _CorpusPlan:
    """Phase 2: which scored measures have segment statistics, and which analyses fit them.

    A measure whose corpus score is undefined for some system is left out
    with a note; so are the corpus tests when ``B`` is below their minimum
    and the split consistency when there are fewer than 4 segments.
    """
    if not opts.corpus_level or not isinstance(runs, CorpusLevelRuns):
        return _CorpusPlan()
    scorers = resolve_measures(opts.measures, runs.family, registry=opts.registry)
    kept = [s for s in scorers if str(s.measure) in scores.measures]
    measures = []
    notes = []
    for measure in corpus_measures(runs, kept):
        undefined = undefined_systems(measure, scores.systems)
        if undefined:
            notes.append(
                f"corpus level: measure {measure.name!r} left out: its corpus score of systems "
                f"{undefined!r} is undefined"
            )
        else:
            measures.append(measure)
    if not measures:
        return _CorpusPlan(notes=tuple(notes))
    analyses = [a for a in CORPUS_ANALYSES if a in opts.analyses]
    if "discriminative" in analyses and minimum_trials(opts.alpha) > opts.B:
        analyses.remove("discriminative")
        notes.append(
            f"corpus-level discriminative power skipped: B={opts.B} resamples, fewer than the "
            f"{minimum_trials(opts.alpha)} a corpus test needs at alpha={opts.alpha}"
        )
    n = measures[0].statistics.shape[1]
    if "consistency" in analyses and n < MIN_SEGMENTS:
        analyses.remove("consistency")
        notes.append(
            f"corpus-level consistency skipped: {n} segments, fewer than the {MIN_SEGMENTS} "
            "that two halves of at least 2 need"
        )
    return _CorpusPlan(tuple(measures), tuple(analyses), tuple(notes))


def _corpus_level(
    scores: ScoreMatrices, plan: _CorpusPlan, opts: MetaOptions, bar: Any
) -> CorpusLevel | None:
    """The corpus-level analyses of the plan, or ``None`` when it has no measure.

    They draw from the master seed's child
    :data:`~axiometrics.meta.streams.CORPUS_KEY`, so they change no other
    analysis's numbers.
    """
    if not plan.measures:
        return None
    bar.set_description("corpus-level analyses")
    return corpus_analyses(
        plan.measures,
        scores.systems,
        analyses=plan.analyses,
        truth=opts.truth,
        trials=opts.trials,
        B=opts.B,
        test=opts.corpus_test,
        correction=opts.corpus_correction,
        alpha=opts.alpha,
        variant=opts.variant,
        confidence=opts.confidence,
        include_observed=opts.include_observed,
        seed=analysis_stream(opts.seed, CORPUS_KEY),
        max_elements=opts.max_elements,
        progress=bar.update,
    )


def _corpus_settings(opts: MetaOptions, result: CorpusLevel) -> dict[str, Any]:
    """The corpus-level settings recorded with the result."""
    return {
        "measures": list(result.measures),
        "segments": result.n_segments,
        "splits": "halves" if result.consistency is not None else None,
        "test": opts.corpus_test if result.discriminative is not None else None,
        "correction": opts.corpus_correction if result.discriminative is not None else None,
        "seed_stream": f"SeedSequence({opts.seed}).spawn({CORPUS_STREAM + 1})[{CORPUS_STREAM}]",
    }


def _similarity(scores: ScoreMatrices, opts: MetaOptions, bar: Any) -> RankingSimilarity | None:
    """Ranking similarity, if requested."""
    if "similarity" not in opts.analyses:
        return None
    bar.set_description("ranking similarity")
    similarity = ranking_similarity(scores, variant=opts.variant, confidence=opts.confidence)
    bar.update(1)
    return similarity


def _truth(scores: ScoreMatrices, opts: MetaOptions, bar: Any) -> TruthAgreement | None:
    """Agreement with the known truth, if one is given."""
    if opts.truth is None:
        return None
    bar.set_description("agreement with the truth")
    agreement = truth_agreement(
        scores, opts.truth, variant=opts.variant, confidence=opts.confidence
    )
    bar.update(1)
    return agreement


def _consistency(
    scores: ScoreMatrices,
    opts: MetaOptions,
    valid_splits: Sequence[str | int],
    bar: Any,
) -> list[RankingConsistency]:
    """Ranking consistency of every usable split, each from its own stream (:func:`split_key`)."""
    consistency = []
    for split in opts.splits:
        if split not in valid_splits:
            continue
        bar.set_description(f"ranking consistency ({split})")
        consistency.append(
            ranking_consistency(
                scores,
                trials=opts.trials,
                split=split,
                B=opts.B,
                alpha=opts.alpha,
                variant=opts.variant,
                seed=analysis_stream(opts.seed, split_key(split)),
                include_observed=opts.include_observed,
                max_elements=opts.max_elements,
                progress=bar.update,
                tasks=opts.tasks,
            )
        )
    return consistency


def _discriminative(
    scores: ScoreMatrices, opts: MetaOptions, bar: Any
) -> DiscriminativePower | None:
    """Discriminative power, if requested (drawing from its own stream)."""
    if "discriminative" not in opts.analyses:
        return None
    bar.set_description("discriminative power")
    return discriminative_power(
        scores,
        B=opts.B,
        alpha=opts.alpha,
        seed=analysis_stream(opts.seed, DISCRIMINATIVE_KEY),
        include_observed=opts.include_observed,
        max_elements=opts.max_elements,
        progress=bar.update,
        tasks=opts.tasks,
    )


def _coverage(
    scores: ScoreMatrices, runs: Runs | None, opts: MetaOptions, bar: Any
) -> tuple[Coverage | None, list[str]]:
    """Coverage, if requested and its reference measures can be scored (else a note why not)."""
    if "coverage" not in opts.analyses:
        return None, []
    bar.set_description("coverage")
    reference = _reference(opts)
    source, why = _reference_scores(scores, runs, reference, _policy(opts), opts.registry)
    cover = None
    notes = []
    if source is None:
        notes.append(why)
    else:
        cover = coverage(scores, reference=reference, reference_scores=source)
    bar.update(1)
    return cover, notes


def _provenance(
    opts: MetaOptions,
    scores: ScoreMatrices,
    valid_splits: Sequence[str | int],
    cover: Coverage | None,
) -> dict[str, Any]:
    """The settings recorded with the result."""
    return {
        "seed": opts.seed,
        "trials": opts.trials,
        "splits": [str(s) for s in valid_splits] if "consistency" in opts.analyses else [],
        "B": opts.B,
        "alpha": opts.alpha,
        "kendall": f"tau-{opts.variant}",
        "confidence": opts.confidence,
        "reference": list(_reference(opts)) if cover is not None else [],
        "p_value": "(count + 1) / (B + 1)" if opts.include_observed else "count / B",
        "topics": len(scores.topics),
        "systems": len(scores.systems),
        "measures": list(scores.measures),
    }


def _reference(opts: MetaOptions) -> tuple[str, ...]:
    """The (checked) options' coverage reference."""
    return tuple(opts.reference or ())


def _policy(opts: MetaOptions) -> OnUndefined:
    """The (checked) options' undefined-cell policy."""
    return opts.on_undefined if opts.on_undefined is not None else "raise"


def evaluate(data: Data, options: MetaOptions) -> MetaEvaluation:
    """Run the meta-evaluation of ``data`` under ``options`` (see :func:`run`).

    The phases: check the options, score, choose the usable splits, then
    ranking similarity, consistency, discriminative power and coverage, each
    drawing from the stream of the master seed that its identity names
    (:mod:`axiometrics.meta.streams`), and the agreement with the truth when
    one is given.
    """
    opts = options.checked(data)
    if opts.tasks is not None:
        with opts.tasks.opened() as running:  # one cluster for every analysis
            return _evaluate(data, replace(opts, tasks=running))
    return _evaluate(data, opts)


def _evaluate(data: Data, opts: MetaOptions) -> MetaEvaluation:
    """:func:`evaluate` with checked options."""
    bar = tqdm(total=None, desc="scoring", unit="step", file=sys.stderr, disable=not opts.progress)
    try:
        scores, runs, notes = _scores_and_notes(data, opts, bar)
        valid_splits, skipped = _usable_splits(scores, opts)
        notes += skipped
        plan = _corpus_plan(scores, runs, opts)
        notes += plan.notes
        bar.reset(total=_steps(opts, valid_splits, plan))
        similarity = _similarity(scores, opts, bar)
        truth = _truth(scores, opts, bar)
        consistency = _consistency(scores, opts, valid_splits, bar)
        power = _discriminative(scores, opts, bar)
        cover, skipped = _coverage(scores, runs, opts, bar)
        notes += skipped
        corpus = _corpus_level(scores, plan, opts, bar)
    finally:
        bar.close()
    settings = _provenance(opts, scores, valid_splits, cover)
    if corpus is not None:
        settings["corpus_level"] = _corpus_settings(opts, corpus)
    return MetaEvaluation(
        scores=scores,
        similarity=similarity,
        consistency=tuple(consistency),
        discriminative=power,
        coverage=cover,
        settings=settings,
        notes=tuple(notes),
        truth=truth,
        corpus_level=corpus,
    )


def run(
    data: Data = None, *, options: MetaOptions | None = None, **settings: Any
) -> MetaEvaluation:
    """Run the empirical meta-evaluation.

    Parameters
    ----------
    data
        :class:`LabelRuns`, :class:`DistributionRuns`, :class:`ScoredRuns`,
        :class:`ScoreMatrices`, a long score DataFrame, or ``None`` for the
        embedded synthetic OC data.
    options
        The settings as one :class:`~axiometrics.meta.options.MetaOptions`
        (default: its defaults).
    **settings
        Settings by keyword, overriding those of ``options``: ``measures``,
        ``analyses``, ``trials``, ``splits``, ``B``, ``alpha``, ``variant``,
        ``confidence``, ``reference``, ``seed``, ``on_undefined``,
        ``include_observed``, ``max_elements``, ``registry``, ``progress``,
        ``truth``, ``tasks``, ``corpus_level``, ``corpus_test``,
        ``corpus_correction`` (each described under
        :class:`~axiometrics.meta.options.MetaOptions`).  ``truth`` maps each
        system to its known true quality, lower is better: the result's
        :attr:`MetaEvaluation.truth` then holds every measure's agreement
        with the true order (:func:`~axiometrics.meta.truth.truth_agreement`).
        Runs giving segment statistics
        (:class:`~axiometrics.io.runs.CorpusLevelRuns`) add
        :attr:`MetaEvaluation.corpus_level`: the corpus-level counterparts of
        the requested similarity, consistency and discriminative power, and
        of the truth agreement (see :mod:`axiometrics.meta.corpus_level`).

    Raises
    ------
    TypeError
        A keyword that names no setting.
    InvalidParameterError
        A negative or non-integer seed, ``trials`` or ``B`` below 1, a split
        that is neither ``"full"`` nor a positive size, no or unknown
        analyses, an alpha outside (0, 1), a reference measure that is
        neither in the scores nor registered (nearest names suggested), or a
        bad ``truth`` (not a mapping, a system missing, a value that is not a
        finite number, fewer than 2 systems, or no order at all; see
        :func:`~axiometrics.meta.truth.check_truth`), or ``"truth"`` among
        the analyses without one.
    """
    base = options if options is not None else MetaOptions()
    return evaluate(data, base.updated("run", **settings))
