"""The whole meta-evaluation in one call: score, then run every analysis.

:func:`run` takes runs (OC labels, OQ distributions or scored items), ready score
matrices (:class:`ScoreMatrices` or a long DataFrame), or nothing (the
embedded synthetic data of Amigó et al. 2020), and returns a
:class:`MetaEvaluation` holding ranking similarity, ranking consistency
(one result per split kind), discriminative power and coverage.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

import numpy as np
import pandas as pd
from tqdm import tqdm

from axiometrics.errors import InvalidParameterError, UnknownMeasureError
from axiometrics.meta.consistency import RankingConsistency, ranking_consistency, split_sizes
from axiometrics.meta.coverage import DEFAULT_REFERENCE, Coverage, coverage
from axiometrics.meta.discriminative import DiscriminativePower, discriminative_power
from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.meta.scored_runs import ScoredRuns
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.scoring import OnUndefined, ScoringReport, resolve_measures, score_runs
from axiometrics.meta.similarity import RankingSimilarity, ranking_similarity
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED, default_label_runs
from axiometrics.meta.tukey import DEFAULT_MAX_ELEMENTS
from axiometrics.meta.validate import (
    check_analyses,
    check_count,
    check_seed,
    check_splits,
    unknown_name_message,
)
from axiometrics.registry import Registry, default_registry

__all__ = ["ANALYSES", "MetaEvaluation", "run"]

#: The analyses :func:`run` can perform, in report order.
ANALYSES = ("similarity", "consistency", "discriminative", "coverage")

Data = Union[LabelRuns, DistributionRuns, ScoredRuns, ScoreMatrices, pd.DataFrame, None]  # noqa: UP007
Runs = Union[LabelRuns, DistributionRuns, ScoredRuns]  # noqa: UP007


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
    """

    scores: ScoreMatrices
    similarity: RankingSimilarity | None = None
    consistency: tuple[RankingConsistency, ...] = ()
    discriminative: DiscriminativePower | None = None
    coverage: Coverage | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """One tidy DataFrame per analysis that was run."""
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
    if isinstance(data, LabelRuns | DistributionRuns | ScoredRuns):
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


def default_reference(data: Any) -> tuple[str, ...]:
    """The coverage reference for ``data``: its family's own, else :data:`DEFAULT_REFERENCE`.

    A family plugin names measures of its own as ``Family.coverage_reference``
    (the scored family: a ranking, a probability and a threshold measure),
    because the default reference measures take confusion matrices.
    """
    from axiometrics.families import family as lookup_family
    from axiometrics.registry import default_registry

    default_registry()  # plugin families register when the registry loads
    name = getattr(data, "family", None)
    own = lookup_family(name).coverage_reference if isinstance(name, str) else ()
    return tuple(own) or DEFAULT_REFERENCE


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


def run(
    data: Data = None,
    *,
    measures: Sequence[str] | None = None,
    analyses: Sequence[str] = ANALYSES,
    trials: int = 1000,
    splits: Sequence[str | int] = ("full", 10),
    B: int = 5000,
    alpha: float = 0.05,
    variant: str = "b",
    confidence: float = 0.95,
    reference: Sequence[str] | None = None,
    seed: int = 0,
    on_undefined: OnUndefined | None = None,
    include_observed: bool = False,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    registry: Registry | None = None,
    progress: bool = False,
) -> MetaEvaluation:
    """Run the empirical meta-evaluation.

    Parameters
    ----------
    data
        :class:`LabelRuns`, :class:`DistributionRuns`, :class:`ScoredRuns`,
        :class:`ScoreMatrices`, a long score DataFrame, or ``None`` for the
        embedded synthetic OC data.
    measures
        Measures to score (runs) or select (scores); default: every
        registered measure of the runs' family / every measure of the scores.
    analyses
        Any of ``"similarity"``, ``"consistency"``, ``"discriminative"``,
        ``"coverage"``.
    trials
        Random topic splits per split kind (ranking consistency).
    splits
        Split kinds: ``"full"`` and/or subset sizes (default ``("full", 10)``;
        a size that does not fit the topics twice is skipped with a note).
    B
        Trials of every randomised Tukey HSD test.
    alpha
        Significance level (consistency markers, significant pairs).
    variant
        Kendall's tau variant, ``"b"`` (default) or ``"a"``.
    confidence
        Level of the ranking-similarity intervals.
    reference
        Coverage reference measures (scored from the runs if needed);
        default: :func:`default_reference` (the runs' family's own, else
        :data:`DEFAULT_REFERENCE`).
    seed
        Master seed (a non-negative integer); each analysis draws from its
        own derived stream.
    on_undefined
        Undefined-cell policy for scoring (see :mod:`axiometrics.meta.scoring`);
        default ``"raise"``, or
        :data:`~axiometrics.meta.synthetic.DEFAULT_ON_UNDEFINED` for the
        embedded data (``data=None``).
    include_observed
        Tukey p-value convention (see :mod:`axiometrics.meta.tukey`).
    max_elements
        Memory bound per chunk of randomisation trials.
    registry
        Measure registry (default: the default registry).
    progress
        Show a tqdm progress bar on standard error.

    Raises
    ------
    InvalidParameterError
        A negative or non-integer seed, ``trials`` or ``B`` below 1, a split
        that is neither ``"full"`` nor a positive size, no or unknown
        analyses, an alpha outside (0, 1), or a reference measure that is
        neither in the scores nor registered (nearest names suggested).
    """
    chosen = check_analyses(analyses, ANALYSES)
    seed = check_seed(seed)
    trials = check_count("trials", trials)
    B = check_count("B", B)
    splits = check_splits(splits)
    if not 0.0 < alpha < 1.0:
        raise InvalidParameterError(f"alpha={alpha!r} must lie strictly between 0 and 1")
    reference = default_reference(data) if reference is None else tuple(reference)
    if on_undefined is None:
        on_undefined = DEFAULT_ON_UNDEFINED if data is None else "raise"
    streams = np.random.SeedSequence(seed).spawn(1 + len(tuple(splits)))
    notes: list[str] = []
    report = ScoringReport()
    bar = tqdm(total=None, desc="scoring", unit="step", file=sys.stderr, disable=not progress)
    try:
        scores, runs = _as_scores(data, measures, on_undefined, registry, report, bar.update)
        if "coverage" in chosen:
            _check_reference(reference, scores, registry)
        notes += report.notes()
        valid_splits = []
        if "consistency" in chosen:
            for split in splits:
                try:
                    split_sizes(len(scores.topics), split)
                except (InvalidParameterError, MetaInputError) as exc:
                    notes.append(f"consistency split {split!r} skipped: {exc}")
                else:
                    valid_splits.append(split)
        bar.reset(
            total=len(valid_splits) * (trials + B)
            + (B if "discriminative" in chosen else 0)
            + ("similarity" in chosen)
            + ("coverage" in chosen)
        )
        similarity = None
        if "similarity" in chosen:
            bar.set_description("ranking similarity")
            similarity = ranking_similarity(scores, variant=variant, confidence=confidence)
            bar.update(1)
        consistency = []
        for index, split in enumerate(splits):
            if split not in valid_splits:
                continue
            bar.set_description(f"ranking consistency ({split})")
            consistency.append(
                ranking_consistency(
                    scores,
                    trials=trials,
                    split=split,
                    B=B,
                    alpha=alpha,
                    variant=variant,
                    seed=streams[1 + index],
                    include_observed=include_observed,
                    max_elements=max_elements,
                    progress=bar.update,
                )
            )
        power = None
        if "discriminative" in chosen:
            bar.set_description("discriminative power")
            power = discriminative_power(
                scores,
                B=B,
                alpha=alpha,
                seed=streams[0],
                include_observed=include_observed,
                max_elements=max_elements,
                progress=bar.update,
            )
        cover = None
        if "coverage" in chosen:
            bar.set_description("coverage")
            source, why = _reference_scores(scores, runs, reference, on_undefined, registry)
            if source is None:
                notes.append(why)
            else:
                cover = coverage(scores, reference=reference, reference_scores=source)
            bar.update(1)
    finally:
        bar.close()
    settings = {
        "seed": seed,
        "trials": trials,
        "splits": [str(s) for s in valid_splits] if "consistency" in chosen else [],
        "B": B,
        "alpha": alpha,
        "kendall": f"tau-{variant}",
        "confidence": confidence,
        "reference": list(reference) if cover is not None else [],
        "p_value": "(count + 1) / (B + 1)" if include_observed else "count / B",
        "topics": len(scores.topics),
        "systems": len(scores.systems),
        "measures": list(scores.measures),
    }
    return MetaEvaluation(
        scores=scores,
        similarity=similarity,
        consistency=tuple(consistency),
        discriminative=power,
        coverage=cover,
        settings=settings,
        notes=tuple(notes),
    )
