"""The report's stability sections: the meta-evaluation on each data set, and Table 3.

A :class:`Dataset` names one meta-evaluation: its data (runs or score
matrices), the family of the measures it scores and its undefined-score
policy.  :func:`default_datasets` lists the embedded ones (the synthetic OC
data of Amigó et al. 2020 and its OQ counterpart); a user's files replace
them (:func:`file_datasets`).  :func:`evaluate_dataset` runs
:func:`axiometrics.meta.run` with the built-in measures of the family plus
the user's scorers, and returns the JSON-ready model of every analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.meta.evaluate import MetaEvaluation
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.registry import Scorer, default_registry
from axiometrics.report.model import number, numbers
from axiometrics.report.significance import significance_model

__all__ = [
    "Dataset",
    "MetaSettings",
    "default_datasets",
    "evaluate_dataset",
    "file_datasets",
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
        Family of the measures scored (``"oc"`` or ``"oq"``).
    data
        The runs, or ready score matrices.
    description
        One sentence about the data.
    on_undefined
        Undefined-score policy (see :mod:`axiometrics.meta.scoring`).
    embedded
        Whether it is the embedded synthetic data (enables Table 3).
    """

    key: str
    title: str
    family: str
    data: LabelRuns | DistributionRuns | ScoreMatrices
    description: str
    on_undefined: Any = "raise"
    embedded: bool = False


def default_datasets(names: Sequence[str] | None = None) -> list[Dataset]:
    """The embedded data sets: synthetic OC and OQ first, then each shipped real collection.

    Parameters
    ----------
    names
        Collections of :func:`axiometrics.datasets.names` to include
        (default: all); each gives an OC and an OQ data set.

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
    out: list[Dataset] = []
    if datasets.SYNTHETIC in chosen:
        runs = default_label_runs()
        about = (
            "Amigó et al. (2020) §5.3 synthetic data: 100 topics x 200 items, 11 classes, "
            "50 systems (10 error ratios x 5 mistake types), data seed 2020"
        )
        out += [
            Dataset(
                "synthetic-oc",
                "Synthetic OC data (Amigó et al. 2020)",
                "oc",
                runs,
                about + "; OC measures on the confusion matrices.",
                DEFAULT_ON_UNDEFINED,
                True,
            ),
            Dataset(
                "synthetic-oq",
                "Synthetic OQ data (label distributions)",
                "oq",
                runs,
                about + "; OQ measures on each system's label distribution per topic.",
                DEFAULT_ON_UNDEFINED,
                True,
            ),
        ]
    for name in chosen:
        if name == datasets.SYNTHETIC:
            continue
        info = datasets.describe(name)
        about = (
            f"{info['title']}: {info['n_items']} items in {len(datasets.load(name).topics)} "
            f"folds (the topics), {len(info['systems'])} classifiers (the systems)"
        )
        for family in ("oc", "oq"):
            what = (
                "OC measures on each fold's confusion matrix"
                if family == "oc"
                else "OQ measures on each fold's estimated class distribution (label counts "
                "and mean class probabilities)"
            )
            out.append(
                Dataset(
                    f"{name.replace('_', '-')}-{family}",
                    f"{name.upper().replace('_', ' ')} ({family.upper()})",
                    family,
                    datasets.load(name, family),
                    f"{about}; {what}.",
                    DEFAULT_ON_UNDEFINED,
                )
            )
    return out


def file_datasets(
    *,
    gold: str | None,
    runs: Sequence[str] | None,
    scores: str | None,
    family: str,
    scale: Sequence[Any] | None = None,
) -> list[Dataset]:
    """The user's data files as a data set (read as ``axiometrics meta`` reads them).

    Parameters
    ----------
    gold, runs
        SemEval Task 4 subtask C (``family="oc"``) or E (``"oq"``) files.
    scores
        A long CSV/Parquet of ``topic, system, measure, score`` instead.
    family
        Family of the gold/runs files.
    scale
        Class labels in order (default: SemEval's -2..2).
    """
    from axiometrics.meta.inputs import (
        SEMEVAL_SCALE,
        read_distribution_runs,
        read_label_runs,
        read_score_file,
    )
    from axiometrics.scale import ClassScale

    if scores is not None:
        matrices = read_score_file(scores)
        fam = _scores_family(matrices)
        return [Dataset("user-scores", f"Scores from {scores}", fam, matrices, f"file {scores}")]
    if gold is None or not runs:
        return []
    sc = SEMEVAL_SCALE if scale is None else ClassScale(list(scale))
    data: LabelRuns | DistributionRuns
    if family == "oc":
        data = read_label_runs(gold, list(runs), scale=sc)
    else:
        data = read_distribution_runs(gold, list(runs), scale=sc)
    about = f"gold {gold} and {len(runs)} run files ({family.upper()})"
    return [Dataset(f"user-{family}", f"Your data ({family.upper()})", family, data, about)]


def _scores_family(matrices: ScoreMatrices) -> str:
    reg = default_registry()
    families = {reg.get(m).measure.family for m in matrices.measures if m in reg}
    return families.pop() if len(families) == 1 else "oc"


def _records(frame: Any) -> list[Any]:
    return list(frame.to_dict("records"))


def _curve(p_values: np.ndarray) -> list[Any]:
    return numbers(np.sort(p_values))


def meta_model(result: MetaEvaluation, user: set[str], *, alpha: float = 0.05) -> dict[str, Any]:
    """The JSON-ready model of one :class:`MetaEvaluation` (``alpha``: significance level)."""
    out: dict[str, Any] = {
        "settings": result.settings,
        "notes": list(result.notes),
        "measures": [{"name": m, "user": m in user} for m in result.scores.measures],
        "similarity": None,
        "consistency": [],
        "discriminative": None,
        "coverage": [],
    }
    sim = result.similarity
    if sim is not None:
        out["similarity"] = {
            "measures": list(sim.measures),
            "tau": numbers(sim.tau),
            "low": numbers(sim.low),
            "high": numbers(sim.high),
            "variant": sim.variant,
            "confidence": sim.confidence,
            "n_systems": sim.n_systems,
        }
    for cons in result.consistency:
        frame = cons.to_frame()
        out["consistency"].append(
            {
                "split": cons.label,
                "rows": [
                    {
                        "measure": str(r["measure"]),
                        "user": str(r["measure"]) in user,
                        "mean_tau": number(r["mean_tau"]),
                        "outperforms": int(r["outperforms"]),
                        "marker": str(r["marker"]),
                        "ve2": float(f"{r['ve2']:.6g}"),
                        "trials": int(r["trials"]),
                    }
                    for r in _records(frame)
                ],
            }
        )
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
                "user": str(r["measure"]) in user,
                "coverage": number(r["coverage"]),
                "in_reference": bool(r["in_reference"]),
            }
            for r in _records(cover.to_frame())
        ]
        out["coverage_reference"] = list(cover.reference)
    out["significance"] = significance_model(
        result.scores, alpha=alpha, user=user, tukey=result.discriminative
    )
    return out


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
        data set's family); names of other families are ignored.
    user_scorers
        The user's measures (only those of the data set's family, or OQ
        measures on OC runs, are scored).
    settings
        Seed, trials, B and alpha.
    progress
        Called with a short description when the data set starts.
    """
    from axiometrics.meta import run

    if progress is not None:
        progress(dataset.title)
    reg = default_registry()
    in_family = reg.names(dataset.family)
    names: list[str | Scorer] = [
        n for n in (in_family if measures is None else measures) if n in in_family
    ]
    user = [s for s in user_scorers if s.measure.family == dataset.family]
    base: dict[str, Any] = {
        "key": dataset.key,
        "title": dataset.title,
        "family": dataset.family,
        "description": dataset.description,
        "user_measures": [s.measure.name for s in user],
    }
    if isinstance(dataset.data, ScoreMatrices):
        scores = dataset.data
        data: Any = (
            scores
            if measures is None
            else scores.select([m for m in scores.measures if m in set(measures)])
        )
        chosen = None
        if user:
            base["notes_before"] = [
                "your measures cannot be scored on ready score matrices; give --gold/--runs"
            ]
            user = []
    else:
        data = dataset.data
        chosen = [*names, *user]
    if chosen is not None and len(chosen) < 2:
        return {
            **base,
            "skipped": f"{len(chosen)} measure(s) of family {dataset.family!r}: the "
            "meta-evaluation compares at least two",
        }
    picked: Any = chosen
    result = run(
        data,
        measures=picked,
        trials=settings.trials,
        B=settings.B,
        alpha=settings.alpha,
        seed=settings.seed,
        on_undefined=dataset.on_undefined,
    )
    users = {s.measure.name for s in user}
    return {**base, "skipped": None, **meta_model(result, users, alpha=settings.alpha)}


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
