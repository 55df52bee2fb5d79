"""Scoring every chosen measure over topics x systems, one vectorised call per measure.

The batch of inputs is built once per family, ``(T, S, C, C)`` confusion
matrices or ``(T, S, C)`` estimates against ``(T, 1, C)`` gold
distributions, and each measure's scorer is called once on the whole
batch.  OQ measures can score OC runs: each system's per-topic label
distribution is compared with the gold label distribution.

Undefined cells
---------------
Some measures are undefined on some inputs (e.g. a correlation against a
constant system).  ``on_undefined`` decides, per measure or for all:

``"raise"`` (default)
    raise :class:`~axiometrics.meta.errors.UndefinedScoreError` naming the
    measure and the first (topic, system) cells;
a number
    put that number in the undefined cells;
``"drop"``
    leave the measure out of the score matrices (recorded in
    :attr:`ScoringReport.dropped`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.family import get_family
from axiometrics.io.runs import CorpusLevelRuns, SystemRuns
from axiometrics.meta.errors import MetaInputError, UndefinedScoreError
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.registry import Registry, Scorer, default_registry
from axiometrics.scoring import Evaluation, checked_evaluation

__all__ = ["OnUndefined", "ScoringReport", "resolve_measures", "score_runs"]

#: One policy (``"raise"``, ``"drop"`` or a number) or one per measure name.
OnUndefined = Union[str, float, Mapping[str, Union[str, float]]]  # noqa: UP007 (runtime alias)

Runs = SystemRuns


@dataclass
class ScoringReport:
    """What happened while scoring: measures dropped and cells filled.

    Attributes
    ----------
    dropped
        Measure name -> number of undefined cells, for measures left out.
    filled
        Measure name -> (number of cells, fill value), for filled measures.
    """

    dropped: dict[str, int] = field(default_factory=dict)
    filled: dict[str, tuple[int, float]] = field(default_factory=dict)

    def notes(self) -> list[str]:
        """Human-readable lines describing the report (empty when nothing happened)."""
        lines = [
            f"measure {name!r} left out: undefined in {n} (topic, system) cells"
            for name, n in self.dropped.items()
        ]
        lines += [
            f"measure {name!r}: {n} undefined (topic, system) cells filled with {value:g}"
            for name, (n, value) in self.filled.items()
        ]
        return lines


def resolve_measures(
    measures: Sequence[str | Scorer] | None,
    runs_family: str,
    *,
    registry: Registry | None = None,
) -> list[Scorer]:
    """Look measures up; default: every registered measure of the runs' family.

    Raises
    ------
    UnknownMeasureError
        For an unknown name (with suggestions).
    MetaInputError
        For a repeated measure, a family the runs cannot feed (measures
        on confusion matrices need per-item labels; scored items come from
        no run file), or an empty selection.
    """
    reg = registry if registry is not None else default_registry()
    if measures is None:
        scorers = reg.scorers(runs_family)
    else:
        if isinstance(measures, str):
            measures = [measures]
        scorers = [reg.get(m) for m in measures]
    if not scorers:
        raise MetaInputError(f"no measures to score (none registered for family={runs_family!r})")
    names = [str(s.measure) for s in scorers]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise MetaInputError(f"measures must not repeat (got {repeated!r} more than once)")
    from axiometrics.family import get_family

    fed = get_family(runs_family).inputs
    for scorer in scorers:
        family = scorer.measure.family
        inputs = get_family(family).inputs
        if inputs == fed:
            continue  # the runs' own inputs (e.g. nominal measures on OC runs)
        if fed == ("matrices",) and inputs == ("system", "gold"):
            continue  # OQ measures on the label distributions of OC runs
        if inputs == ("matrices",) and fed == ("system", "gold"):
            raise MetaInputError(
                f"measure={scorer.name!r} takes confusion matrices and needs per-item labels; "
                "the runs hold distributions only (OQ)"
            )
        raise MetaInputError(
            f"measure={scorer.name!r} is of family {family!r}, whose inputs {list(inputs)} "
            f"runs of family {runs_family!r} (inputs {list(fed)}) cannot give; score it "
            "yourself and pass the topic x system scores (--scores)"
        )
    return scorers


def _policy(on_undefined: OnUndefined, name: str) -> str | float:
    if isinstance(on_undefined, Mapping):
        value = on_undefined.get(name, on_undefined.get("*", "raise"))
    else:
        value = on_undefined
    if isinstance(value, str):
        if value not in ("raise", "drop"):
            raise InvalidParameterError(
                f"on_undefined must be 'raise', 'drop' or a number (got {value!r} for measure "
                f"{name!r})"
            )
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | np.number):
        raise InvalidParameterError(
            f"on_undefined must be 'raise', 'drop' or a number (got {value!r} for measure {name!r})"
        )
    if not np.isfinite(value):
        raise InvalidParameterError(f"on_undefined fill value must be finite (got {value!r})")
    return float(value)


def _summed_topic_scores(runs: Runs, scorer: Scorer) -> Evaluation | None:
    """The (topic, system) scores of a corpus-level measure from its segment statistics.

    For runs that give the measure's :class:`~axiometrics.io.runs.CorpusBatch`
    with every topic's segments consecutive (``topic_segments``): each cell
    is ``from_totals`` of the sum of its topic's rows, the sum the measure
    itself takes, so the statistics are computed once for the scores and the
    corpus-level analyses.  ``None`` otherwise (the scorer then scores the
    runs' inputs).
    """
    if not isinstance(runs, CorpusLevelRuns):
        return None
    batch = runs.corpus_statistics(scorer)
    if batch is None or batch.topic_segments is None:
        return None
    n_systems, n_segments, k = batch.statistics.shape
    n_topics = len(runs.topics)
    if n_topics * batch.topic_segments != n_segments or n_systems != len(runs.systems):
        return None
    per_topic = batch.statistics.reshape(n_systems, n_topics, batch.topic_segments, k)
    totals = np.stack(
        [per_topic[s, t].sum(axis=-2) for t in range(n_topics) for s in range(n_systems)]
    ).reshape(n_topics, n_systems, k)
    scores, undefined = batch.from_totals(totals)
    return checked_evaluation(scores, undefined, scorer.measure)


def score_runs(
    runs: Runs,
    measures: Sequence[str | Scorer] | None = None,
    *,
    on_undefined: OnUndefined = "raise",
    registry: Registry | None = None,
    report: ScoringReport | None = None,
    progress: Callable[[int], object] | None = None,
) -> ScoreMatrices:
    """Score every system on every topic with every measure.

    Parameters
    ----------
    runs
        :class:`LabelRuns` (OC and nominal; OQ measures use the label
        distributions), :class:`DistributionRuns` (OQ) or
        a plugin family's runs (:class:`~axiometrics.io.runs.SystemRuns`, e.g. scored).
    measures
        Names, aliases, ``"name(key=value)"`` expressions or scorers;
        default: all registered measures of the runs' family.
    on_undefined
        ``"raise"``, ``"drop"`` or a number, or a mapping from measure name
        (as in :attr:`ScoreMatrices.measures`) to one of those; the key
        ``"*"`` sets the policy of unlisted measures (default ``"raise"``).
        See the module docstring.
    registry
        Where to look the names up (default: the default registry).
    report
        Filled in with the dropped and filled measures, if given.
    progress
        Called with ``1`` after each measure (e.g. ``tqdm.update``).

    Returns
    -------
    ScoreMatrices
        ``(M, T, S)``; measure names are ``str(measure)`` (the registry
        name, with parameters when they differ from the defaults).
    """
    scorers = resolve_measures(measures, runs.family, registry=registry)
    report = report if report is not None else ScoringReport()
    # Class values only for runs whose inputs carry them (a family without class
    # values, e.g. real-valued predictions, has no scale to take them from).
    values = runs.scale.value_array if get_family(runs.family).class_values else None
    kept: list[tuple[str, bool, np.ndarray]] = []
    inputs: dict[str, tuple[np.ndarray, ...]] = {}
    for scorer in scorers:
        name = str(scorer.measure)
        policy = _policy(on_undefined, name)
        family = scorer.measure.family
        summed = _summed_topic_scores(runs, scorer)
        if summed is not None:
            scores, undefined = summed
        else:
            if family not in inputs:
                inputs[family] = runs.scorer_inputs(family)
            scores, undefined = scorer.evaluate(*inputs[family], values=values)
        if undefined.any():
            count = int(undefined.sum())
            if policy == "raise":
                cells = [(runs.topics[t], runs.systems[s]) for t, s in np.argwhere(undefined)]
                raise UndefinedScoreError(
                    name, cells, scorer.measure.undefined or "undefined input"
                )
            if policy == "drop":
                report.dropped[name] = count
                if progress is not None:
                    progress(1)
                continue
            scores[undefined] = float(policy)
            report.filled[name] = (count, float(policy))
        kept.append((name, scorer.measure.higher_is_better, scores))
        if progress is not None:
            progress(1)
    if not kept:
        raise MetaInputError(
            f"every measure was dropped as undefined ({', '.join(report.dropped)}); nothing to "
            "meta-evaluate"
        )
    return ScoreMatrices(
        tuple(k[0] for k in kept),
        runs.topics,
        runs.systems,
        np.stack([k[2] for k in kept]),
        tuple(k[1] for k in kept),
    )
