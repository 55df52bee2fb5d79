"""The report's stability sections: the meta-evaluation on each data set, and Table 3.

A :class:`Dataset` names one meta-evaluation: its data (runs or score
matrices), the family of the measures it scores and its undefined-score
policy.  :func:`default_datasets` lists the embedded ones (the synthetic OC
data of Amigó et al. 2020 and its OQ counterpart, the real collections, the
synthetic scored classifiers); a user's files replace them
(:func:`file_datasets`).  :func:`evaluate_dataset` runs
:func:`axiometrics.meta.run` with the built-in measures of the family plus
the user's scorers, and returns the JSON-ready model of every analysis.

Companion families
------------------
Runs are valid input for every family taking the same inputs as the data
set's family (:attr:`axiometrics.family.Family.inputs`): OC label runs
give confusion matrices, which the ``nominal`` measures take too.  Those
measures are meta-evaluated on the same runs, beside the family's own, and
every row of the model says which family a measure is shown under (a measure
of several families under the data set's).  Ranking similarity, discriminative
power, the significance matrices and coverage are per measure (or per pair),
so they are computed once over all measures; the same seed gives every
measure the same topic splits and permutations, so the family's own numbers
are those of a meta-evaluation without the companions.  Ranking consistency
compares measures with one another (Sakai's markers, VE2), so its test runs
within each family group: a marker counts the measures of the same family
a measure outperforms.

Known truth
-----------
A data set whose systems' true quality is known (a collection declaring
:attr:`~axiometrics.family.GeneratedDataset.truth`) also gets the agreement
of every measure's ranking with the true order
(:mod:`axiometrics.meta.truth`), best first, with the collection's sentence
saying what the truth is.

Corpus level
------------
A data set whose runs give segment statistics
(:class:`~axiometrics.io.runs.CorpusLevelRuns`, e.g. the generation runs)
gets the corpus-level analyses of its corpus-level measures
(:mod:`axiometrics.meta.corpus_level`, modelled by
:func:`axiometrics.report.corpus_level.corpus_model`) under
``"corpus_level"``; other data sets' models are unchanged.  (With companion
families, the corpus level comes from the run over all measures, which asks
for no consistency, so it has no split consistency; no family with segment
statistics has companions.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.family import GeneratedDataset, get_family, registered_families
from axiometrics.io.runs import SystemRuns, default_run_family
from axiometrics.meta.consistency import RankingConsistency
from axiometrics.meta.evaluate import MetaEvaluation
from axiometrics.meta.runs import check_counts
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.registry import Scorer, default_registry
from axiometrics.report.corpus_level import corpus_model
from axiometrics.report.model import family_title, number, numbers
from axiometrics.report.significance import significance_model
from axiometrics.report.truth import truth_model

__all__ = [
    "Dataset",
    "MetaSettings",
    "companion_families",
    "default_datasets",
    "evaluate_dataset",
    "file_datasets",
    "runs_dataset",
    "table3_model",
]


@dataclass(frozen=True)
class MetaSettings:
    """Parameters of every meta-evaluation in the report.

    Attributes
    ----------
    seed
        Master seed of the randomised analyses.
    trials
        Random topic splits per split kind (ranking consistency).
    B
        Trials of every randomised Tukey HSD test.
    alpha
        Significance level.
    """

    seed: int = 0
    trials: int = 1000
    B: int = 5000
    alpha: float = 0.05


@dataclass(frozen=True)
class Dataset:
    """One meta-evaluation of the report.

    Attributes
    ----------
    key
        Short identifier (used in HTML ids and the JSON).
    title
        Display title.
    family
        Family of the measures scored (``"oc"``, ``"oq"``, ``"scored"``);
        the families taking the same inputs are scored too (see
        :func:`companion_families`).
    data
        The runs (:class:`~axiometrics.io.LabelRuns`,
        :class:`~axiometrics.io.DistributionRuns` or a plugin family's), or
        ready score matrices.
    description
        One sentence about the data.
    on_undefined
        Undefined-score policy (see :mod:`axiometrics.meta.scoring`).
    embedded
        Whether it is the embedded synthetic OC/OQ data (enables Table 3).
    reference
        Coverage reference measures (default: those of
        :func:`axiometrics.meta.run`, OC measures).
    truth
        Each system's known true quality, lower is better, or ``None``;
        given, the section shows the agreement with the true order.
    truth_description
        One sentence saying what the truth is.
    """

    key: str
    title: str
    family: str
    data: Any
    description: str
    on_undefined: Any = "raise"
    embedded: bool = False
    reference: tuple[str, ...] | None = None
    truth: Mapping[Hashable, float] | None = None
    truth_description: str = ""


def default_datasets(names: Sequence[str] | None = None) -> list[Dataset]:
    """The embedded data sets: synthetic OC and OQ, the real collections, synthetic scored.

    Parameters
    ----------
    names
        Collections of :func:`axiometrics.datasets.names` to include
        (default: all); each label collection gives an OC data set (on
        which the nominal measures are meta-evaluated too) and an OQ data
        set; ``"synthetic_scored"`` gives the scored data set, last.

    Raises
    ------
    UnknownDatasetError
        For a name that is not shipped (with suggestions).
    """
    from axiometrics import datasets
    from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED, default_label_runs

    chosen = list(datasets.names()) if names is None else list(names)
    for name in chosen:
        datasets.describe(name)  # unknown names fail here, listing the shipped ones
    labelled = [f for f in registered_families() if f.label_collections is not None]
    out: list[Dataset] = []
    if datasets.SYNTHETIC in chosen:
        runs = default_label_runs()
        about = (
            "Amigó et al. (2020) §5.3 synthetic data: 100 topics x 200 items, 11 classes, "
            "50 systems (10 error ratios x 5 mistake types), data seed 2020"
        )
        out += [
            Dataset(
                f"synthetic-{fam.name}",
                texts.synthetic_title,
                fam.name,
                runs,
                f"{about}; {texts.synthetic_scores}.",
                DEFAULT_ON_UNDEFINED,
                True,
            )
            for fam in labelled
            for texts in [fam.label_collections]
            if texts is not None
        ]
    generated = {g.name: g for f in registered_families() for g in f.generated_datasets}
    for name in chosen:
        if name == datasets.SYNTHETIC or name in generated:
            continue
        info = datasets.describe(name)
        about = (
            f"{info['title']}: {info['n_items']} items in {len(datasets.load(name).topics)} "
            f"folds (the topics), {len(info['systems'])} classifiers (the systems)"
        )
        for fam in labelled:
            texts = fam.label_collections
            if texts is None:
                continue
            out.append(
                Dataset(
                    f"{name.replace('_', '-')}-{fam.name}",
                    f"{name.upper().replace('_', ' ')} ({fam.name.upper()})",
                    fam.name,
                    datasets.load(name, fam.name),
                    f"{about}; {texts.real_scores}.",
                    DEFAULT_ON_UNDEFINED,
                )
            )
    for name, collection in generated.items():
        if name in chosen:
            out.append(_generated_dataset(name, collection))
    return out


def _generated_dataset(name: str, collection: GeneratedDataset) -> Dataset:
    from axiometrics import datasets

    (family,) = datasets.families(name)
    runs = collection.load()
    return Dataset(
        name.replace("_", "-"),
        collection.report_title,
        family,
        runs,
        collection.report_description(runs),
        collection.report_on_undefined,
        truth=None if collection.truth is None else collection.truth(),
        truth_description=collection.truth_description,
    )


def file_datasets(
    *,
    gold: str | None,
    runs: Sequence[str] | None,
    scores: str | None,
    family: str | None = None,
    scale: Sequence[Any] | None = None,
) -> list[Dataset]:
    """The user's data files as a data set (read as ``axiometrics meta`` reads them).

    Parameters
    ----------
    gold, runs
        Files the family's :attr:`~axiometrics.family.Family.read_runs` hook
        reads, e.g. SemEval Task 4 subtask C (``family="oc"``) or E
        (``"oq"``) files.
    scores
        A long CSV/Parquet of ``topic, system, measure, score`` instead.
    family
        Family of the gold/runs files (default: the first registered family
        that reads run files, see :func:`axiometrics.io.runs.default_run_family`).
    scale
        Class labels in order (default: SemEval's -2..2).
    """
    from axiometrics.meta.inputs import SEMEVAL_SCALE, read_score_file
    from axiometrics.scale import ClassScale

    if scores is not None:
        matrices = read_score_file(scores)
        fam = _scores_family(matrices)
        return [Dataset("user-scores", f"Scores from {scores}", fam, matrices, f"file {scores}")]
    if gold is None or not runs:
        return []
    if family is None:
        family = default_run_family()
    reads = get_family(family)
    if scale is not None:
        sc: ClassScale | None = ClassScale(list(scale))
    else:  # a family without class values (e.g. binary gold and scores) reads no scale
        sc = SEMEVAL_SCALE if reads.class_values else None
    reader = reads.read_runs
    if reader is None:
        raise InvalidParameterError(f"family={family!r} reads no run files")
    data = reader(gold, list(runs), scale=sc, require_topic=True)
    return [runs_dataset(family, data, f"gold {gold} and {len(runs)} run files")]


def runs_dataset(family: str, data: Any, source: str) -> Dataset:
    """The user's runs, already read by ``family``'s reader, as the report's data set.

    Parameters
    ----------
    family
        The family whose reader read them (its measures are meta-evaluated).
    data
        The runs (:class:`~axiometrics.io.runs.SystemRuns`).
    source
        Where they come from, for the description (``"gold g.tsv and 3 run files"``).

    Raises
    ------
    InvalidParameterError
        Runs without the (topic, system) batch a meta-evaluation scores.
    DataFileError
        Fewer than 2 topics or 2 systems, or repeated names.
    """
    if not isinstance(data, SystemRuns):
        raise InvalidParameterError(
            f"family={family!r}: its reader gives {type(data).__name__}, without the "
            "(topic, system) batch of scores that a meta-evaluation needs"
        )
    check_counts(data.topics, data.systems)
    registered = get_family(family)
    label = registered.abbreviation or registered.title  # "OC"; "Regression"
    about = f"{source} ({label})"
    return Dataset(f"user-{family}", f"Your data ({label})", family, data, about)


def _scores_family(matrices: ScoreMatrices) -> str:
    """The family of a score file's measures; several or none: the default run-file family."""
    reg = default_registry()
    families = {reg.get(m).measure.family for m in matrices.measures if m in reg}
    return families.pop() if len(families) == 1 else default_run_family()


def _records(frame: Any) -> list[Any]:
    return list(frame.to_dict("records"))


def _curve(p_values: np.ndarray) -> list[Any]:
    return numbers(np.sort(p_values))


def _ve2(value: float) -> float | None:
    """VE2 to six significant digits, ``None`` when undefined (a one-measure group)."""
    return float(f"{value:.6g}") if np.isfinite(value) else None


def _consistency_model(
    groups: Sequence[tuple[str, Sequence[RankingConsistency]]], user: set[str]
) -> list[dict[str, Any]]:
    """One entry per split kind; its rows grouped by family (each group's own test)."""
    out: list[dict[str, Any]] = []
    labels = [c.label for c in groups[0][1]] if groups else []
    for index, label in enumerate(labels):
        rows: list[dict[str, Any]] = []
        parts = []
        for fam, results in groups:
            cons = results[index]
            frame = cons.to_frame()
            records = _records(frame)
            ve2 = _ve2(float(records[0]["ve2"])) if records else None
            parts.append(
                {"family": fam, "title": family_title(fam), "ve2": ve2, "measures": len(records)}
            )
            rows += [
                {
                    "measure": str(r["measure"]),
                    "family": fam,
                    "user": str(r["measure"]) in user,
                    "mean_tau": number(r["mean_tau"]),
                    "outperforms": int(r["outperforms"]),
                    "marker": str(r["marker"]),
                    "ve2": _ve2(float(r["ve2"])),
                    "trials": int(r["trials"]),
                }
                for r in records
            ]
        out.append({"split": label, "groups": parts, "rows": rows})
    return out


def meta_model(
    result: MetaEvaluation,
    user: set[str],
    *,
    alpha: float = 0.05,
    families: dict[str, str] | None = None,
    consistency: Sequence[tuple[str, Sequence[RankingConsistency]]] | None = None,
) -> dict[str, Any]:
    """The JSON-ready model of one :class:`MetaEvaluation`.

    Parameters
    ----------
    result
        The meta-evaluation.
    user
        Names of the user's measures (flagged).
    alpha
        Significance level.
    families
        Measure name -> the family it is shown under (default: one family,
        ``""``).
    consistency
        Ranking consistency per family group, ``(family, results per split)``
        (default: ``result.consistency`` as one group).
    """
    fam = dict(families or {})
    order = list(dict.fromkeys(fam.get(m, "") for m in result.scores.measures))

    def family_of(name: str) -> str:
        return fam.get(name, "")

    groups = consistency
    if groups is None:
        groups = [(order[0] if order else "", result.consistency)] if result.consistency else []
    out: dict[str, Any] = {
        "settings": result.settings,
        "notes": list(result.notes),
        "families": [
            {
                "key": f,
                "title": family_title(f) if f else "",
                "measures": [m for m in result.scores.measures if family_of(m) == f],
            }
            for f in order
        ],
        "measures": [
            {"name": m, "family": family_of(m), "user": m in user} for m in result.scores.measures
        ],
        "similarity": None,
        "consistency": _consistency_model(groups, user),
        "discriminative": None,
        "coverage": [],
    }
    sim = result.similarity
    if sim is not None:
        out["similarity"] = {
            "measures": list(sim.measures),
            "families": [family_of(m) for m in sim.measures],
            "tau": numbers(sim.tau),
            "low": numbers(sim.low),
            "high": numbers(sim.high),
            "variant": sim.variant,
            "confidence": sim.confidence,
            "n_systems": sim.n_systems,
        }
    power = result.discriminative
    if power is not None:
        frame = power.to_frame()
        pairs = power.pair_p_values
        out["discriminative"] = {
            "alpha": power.alpha,
            "trials": power.trials,
            "rows": [
                {
                    "measure": str(r["measure"]),
                    "family": family_of(str(r["measure"])),
                    "user": str(r["measure"]) in user,
                    "significant_pairs": int(r["significant_pairs"]),
                    "pairs": int(r["pairs"]),
                    "share": number(r["share"]),
                }
                for r in _records(frame)
            ],
            "curves": {m: _curve(pairs[i]) for i, m in enumerate(power.measures)},
        }
    cover = result.coverage
    if cover is not None:
        out["coverage"] = [
            {
                "measure": str(r["measure"]),
                "family": family_of(str(r["measure"])),
                "user": str(r["measure"]) in user,
                "coverage": number(r["coverage"]),
                "in_reference": bool(r["in_reference"]),
            }
            for r in _records(cover.to_frame())
        ]
        out["coverage_reference"] = list(cover.reference)
    if result.truth is not None:
        out["truth"] = truth_model(result.truth, user, family_of)
    if result.corpus_level is not None:
        out["corpus_level"] = corpus_model(result.corpus_level, user, family_of)
    out["significance"] = significance_model(
        result.scores, alpha=alpha, user=user, tukey=result.discriminative
    )
    for row in out["significance"]["rows"]:
        row["family"] = family_of(row["measure"])
    return out


def companion_families(family: str) -> list[str]:
    """The other registered families whose measures take ``family``'s inputs.

    OC runs give confusion matrices, so ``companion_families("oc")`` is
    ``["nominal"]`` (with the built-in plugins); ``"oq"`` and ``"scored"``
    have none.  Loads the default registry first, so that plugin families
    are registered (see :func:`axiometrics.family.companion_families`).
    """
    from axiometrics.family import companion_families as sharing_inputs

    default_registry()  # plugin families register when the registry loads
    return sharing_inputs(family)


def _measure_groups(
    dataset: Dataset, measures: Sequence[str] | None
) -> list[tuple[str, list[str]]]:
    """``(family, built-in names)`` of the data set's family, then of each companion family.

    A measure of several families goes to the first group it belongs to;
    ``measures`` (when given) filters every group.
    """
    reg = default_registry()
    seen: set[str] = set()
    groups = []
    families = [dataset.family]
    if not isinstance(dataset.data, ScoreMatrices):
        families += companion_families(dataset.family)
    for fam in families:
        in_family = reg.names(fam)
        wanted = in_family if measures is None else [n for n in measures if n in in_family]
        names = [n for n in wanted if n not in seen]
        seen.update(names)
        groups.append((fam, names))
    return groups


def _run_kwargs(dataset: Dataset, settings: MetaSettings) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "trials": settings.trials,
        "B": settings.B,
        "alpha": settings.alpha,
        "seed": settings.seed,
        "on_undefined": dataset.on_undefined,
    }
    if dataset.reference is not None:
        kwargs["reference"] = dataset.reference
    if dataset.truth is not None:
        kwargs["truth"] = dataset.truth
    return kwargs


def _described(model: dict[str, Any], dataset: Dataset) -> dict[str, Any]:
    """The model with the data set's sentence about its truth, where it has one."""
    if model.get("truth") is not None:
        model["truth"]["description"] = dataset.truth_description
    corpus = model.get("corpus_level")
    if corpus is not None and corpus["truth"] is not None:
        corpus["truth"]["description"] = dataset.truth_description
    return model


def evaluate_dataset(
    dataset: Dataset,
    *,
    measures: Sequence[str] | None,
    user_scorers: Sequence[Scorer],
    settings: MetaSettings,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run the meta-evaluation of one data set; return its JSON-ready model.

    Parameters
    ----------
    dataset
        The data set.
    measures
        Built-in measures to include (default: every registered one of the
        data set's family and of its companion families, see
        :func:`companion_families`); names of other families are ignored.
    user_scorers
        The user's measures (only those of the data set's family or of a
        companion family are scored, in their family's group).
    settings
        Seed, trials, B and alpha.
    progress
        Called with a short description when the data set starts.
    """
    from axiometrics.meta import run

    if progress is not None:
        progress(dataset.title)
    groups = _measure_groups(dataset, measures)
    fed = {fam for fam, _ in groups}
    user = [s for s in user_scorers if s.measure.family in fed]
    base: dict[str, Any] = {
        "key": dataset.key,
        "title": dataset.title,
        "family": dataset.family,
        "description": dataset.description,
        "user_measures": [s.measure.name for s in user],
    }
    kwargs = _run_kwargs(dataset, settings)
    if isinstance(dataset.data, ScoreMatrices):
        scores = dataset.data
        data: Any = (
            scores
            if measures is None
            else scores.select([m for m in scores.measures if m in set(measures)])
        )
        if user:
            base["notes_before"] = [
                "your measures cannot be scored on ready score matrices; give --gold/--runs"
            ]
            user = []
        result = run(data, measures=None, **kwargs)
        fams = {m: dataset.family for m in result.scores.measures}
        model = meta_model(result, set(), alpha=settings.alpha, families=fams)
        return {**base, "skipped": None, **_described(model, dataset)}
    own: list[str | Scorer] = [*groups[0][1]]
    own += [s for s in user if s.measure.family == dataset.family]
    companions: list[tuple[str, list[str | Scorer]]] = []
    for fam, names in groups[1:]:
        members: list[str | Scorer] = [*names, *(s for s in user if s.measure.family == fam)]
        if members:
            companions.append((fam, members))
    chosen: list[str | Scorer] = [*own, *(n for _, names in companions for n in names)]
    if len(chosen) < 2:
        return {
            **base,
            "skipped": f"{len(chosen)} measure(s) of family {dataset.family!r}: the "
            "meta-evaluation compares at least two",
        }
    users = {s.measure.name for s in user}
    picked: Any = chosen  # names and scorers: score_runs takes both
    if not companions:
        result = run(dataset.data, measures=picked, **kwargs)
        fams = {m: dataset.family for m in result.scores.measures}
        model = meta_model(result, users, alpha=settings.alpha, families=fams)
        return {**base, "skipped": None, **_described(model, dataset)}
    model = _evaluate_with_companions(dataset, own, companions, users, settings)
    return {**base, "skipped": None, **_described(model, dataset)}


def _companion_policy(policy: Any, companions: Iterable[str]) -> dict[str, Any]:
    """The data set's undefined-score policy, with ``"drop"`` for companions it would raise on.

    A data set's policy is chosen for its own family's measures; a companion
    measure undefined somewhere (``markedness`` when a system never predicts
    a class) is left out with a note rather than stopping the report.
    """
    mapping = dict(policy) if isinstance(policy, Mapping) else {"*": policy}
    fallback = mapping.get("*", "raise")
    for name in companions:
        mapping.setdefault(name, "drop" if fallback == "raise" else fallback)
    return mapping


def _evaluate_with_companions(
    dataset: Dataset,
    own: Sequence[str | Scorer],
    companions: Sequence[tuple[str, Sequence[str | Scorer]]],
    users: set[str],
    settings: MetaSettings,
) -> dict[str, Any]:
    """One scoring and the per-measure analyses over all measures; consistency per family."""
    from axiometrics.meta import run

    reg = default_registry()
    fams: dict[str, str] = {}
    for fam, names in companions:
        for name in names:
            measure = reg.get(name).measure if isinstance(name, str) else name.measure
            fams[str(measure)] = fam
    kwargs = _run_kwargs(dataset, settings)
    kwargs["on_undefined"] = _companion_policy(dataset.on_undefined, fams)
    chosen: Any = [*own, *(n for _, names in companions for n in names)]
    whole = run(
        dataset.data,
        measures=chosen,
        analyses=("similarity", "discriminative", "coverage"),
        **kwargs,
    )
    fams = {m: fams.get(m, dataset.family) for m in whole.scores.measures}
    consistency: list[tuple[str, tuple[RankingConsistency, ...]]] = []
    notes = list(whole.notes)
    splits: list[str] = []
    for fam in [dataset.family, *(f for f, _ in companions)]:
        members = [m for m in whole.scores.measures if fams[m] == fam]
        if not members:
            continue
        part = run(
            whole.scores.select(members),
            analyses=("consistency",),
            trials=settings.trials,
            B=settings.B,
            alpha=settings.alpha,
            seed=settings.seed,
        )
        if not splits:
            splits = list(part.settings["splits"])
            notes += [n for n in part.notes if n not in notes]
        consistency.append((fam, part.consistency))
    result = MetaEvaluation(
        scores=whole.scores,
        similarity=whole.similarity,
        consistency=(),
        discriminative=whole.discriminative,
        coverage=whole.coverage,
        settings={**whole.settings, "splits": splits},
        notes=tuple(notes),
        truth=whole.truth,
        corpus_level=whole.corpus_level,
    )
    return meta_model(result, users, alpha=settings.alpha, families=fams, consistency=consistency)


def table3_model() -> dict[str, Any]:
    """Amigó et al. (2020) Table 3 (coverage, synthetic data) beside our replication."""
    from axiometrics.meta.synthetic import DEFAULT_SEED
    from axiometrics.meta.table3 import TABLE3_COLUMNS, TABLE3_MEASURES, replicate_table3

    frame = replicate_table3((DEFAULT_SEED,))
    columns = [label for label, _ in TABLE3_COLUMNS]
    rows = []
    for label, measure in TABLE3_MEASURES:
        row = frame.loc[label]
        rows.append(
            {
                "label": label,
                "measure": measure,
                "ours": [number(row[f"ours {c}"]) for c in columns],
                "paper": [number(row[f"paper {c}"]) for c in columns],
            }
        )
    return {"columns": columns, "data_seed": DEFAULT_SEED, "rows": rows}
