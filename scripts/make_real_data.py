"""Regenerate the real-classifier collections in ``axiometrics/data/real/`` (deterministic).

For every ordinal data set bundled with skordinal (ERA, ESL, LEV, SWD,
balance-scale) the items are split into 20 stratified folds, which become
the topics.  Every system is trained on the other 19 folds and labels the
held-out fold, so each item is labelled once by each system, by a model
that never saw it.  The same folds serve every system.

Written per data set, in ``<out>/<name>/``:

``gold.tsv``, ``<system>.tsv``
    SemEval-2016/2017 Task 4 subtask C layout: ``id<TAB>topic<TAB>label``.
``gold_distributions.tsv``, ``<system>_distributions.tsv``
    Subtask E layout: ``topic<TAB>p_1 .. p_C`` (header row naming the
    classes), the per-topic share of each label (classify and count).
``<system>_proba_distributions.tsv``
    The per-topic mean of the model's class probabilities, for models that
    have ``predict_proba``.
``metadata.json``
    Source, licence, classes, folds, systems and their settings, versions.

Probabilities are written with 6 decimals, rounded by largest remainder so
that every row sums to exactly 1.  Fixed seeds, ``n_jobs=1`` and
single-threaded BLAS make the output byte-identical on rerun with the same
library versions on the same machine.  On another CPU, OpenBLAS may pick other
kernels (AVX-512, AVX2, SSE); then only the two neural models (``nnpom``,
``nnop``: L-BFGS-B stopped at 200 iterations) come out different, within the
agreement rule of ``docs/real-data.md`` ("Reproducing the files on another
machine"), which ``tests/test_datasets.py`` checks.

Needs the optional extra: ``pip install "axiometrics[realdata]"``
(scikit-learn and skordinal).  Run::

    python scripts/make_real_data.py                     # every data set
    python scripts/make_real_data.py --only esl --out /tmp/real
"""

from __future__ import annotations

import os

# Single-threaded BLAS/OpenMP before numpy is imported: threaded reductions
# can change the last bits of a fit and hence a label.
for _var in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "BLIS_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
    "NUMEXPR_NUM_THREADS",
):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from importlib.metadata import version  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
import sklearn  # noqa: E402
import skordinal  # noqa: E402
from sklearn.base import BaseEstimator  # noqa: E402
from sklearn.dummy import DummyClassifier  # noqa: E402
from sklearn.ensemble import (  # noqa: E402
    GradientBoostingClassifier,
    RandomForestClassifier,
    RandomForestRegressor,
)
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.linear_model import LogisticRegression, Ridge  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.pipeline import Pipeline, make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import SVC, SVR  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402
from skordinal import classifiers as ordinal  # noqa: E402
from skordinal import datasets as sources  # noqa: E402

from axiometrics.atomic import atomic_directory  # noqa: E402
from axiometrics.io.rows import parse_label  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "axiometrics" / "data" / "real"
N_FOLDS = 20
SEED = 2026
FORMAT_VERSION = 1
MICRO = 1_000_000  # probabilities are written in units of 1e-6

_BEN_DAVID = (
    "Donated by Arie Ben-David (Holon Institute of Technology) and distributed by the WEKA "
    "project as datasets-arie_ben_david.tar.gz; mirrored on OpenML (ESL d/1027, SWD d/1028, "
    "LEV d/1029, ERA d/1030).  skordinal's description states no licence for the data itself."
)
_BEN_DAVID_REF = (
    "Ben-David, A. (1992). Automatic generation of symbolic multiattribute ordinal "
    "knowledge-based DSSs: methodology and applications. Decision Sciences 23(6), 1357-1372."
)


@dataclass(frozen=True)
class Source:
    """One skordinal data set and what we record about its origin."""

    name: str
    loader: str
    title: str
    origin: str
    licence: str
    references: tuple[str, ...]


SOURCES: dict[str, Source] = {
    "era": Source(
        "era",
        "load_era",
        "ERA (employee rejection/acceptance): 4 ordinal candidate attributes, acceptance 1-9",
        _BEN_DAVID + "  OpenML: https://www.openml.org/d/1030.",
        "no licence stated for the data; bundled in skordinal (BSD-3-Clause)",
        (_BEN_DAVID_REF,),
    ),
    "esl": Source(
        "esl",
        "load_esl",
        "ESL (employee selection): 4 psychometric scores, overall fitness 1-9",
        _BEN_DAVID + "  Original owner: Yoav Ganzach (Tel Aviv University).  "
        "OpenML: https://www.openml.org/d/1027.",
        "no licence stated for the data; bundled in skordinal (BSD-3-Clause)",
        (_BEN_DAVID_REF,),
    ),
    "lev": Source(
        "lev",
        "load_lev",
        "LEV (lecturer evaluation): 4 ordinal student ratings, overall rating 1-5",
        _BEN_DAVID + "  OpenML: https://www.openml.org/d/1029.",
        "no licence stated for the data; bundled in skordinal (BSD-3-Clause)",
        (_BEN_DAVID_REF,),
    ),
    "swd": Source(
        "swd",
        "load_swd",
        "SWD (social workers' decisions): 10 ordinal risk features, risk level 1-4",
        _BEN_DAVID + "  OpenML: https://www.openml.org/d/1028.",
        "no licence stated for the data; bundled in skordinal (BSD-3-Clause)",
        (_BEN_DAVID_REF,),
    ),
    "balance_scale": Source(
        "balance_scale",
        "load_balance_scale",
        "Balance scale: 4 integer weights/distances, tip L < B < R (synthetic, Siegler 1976)",
        "UCI Machine Learning Repository, dataset 12 (donated by Tim Hume, 1994), "
        "https://doi.org/10.24432/C5488X; the order L < B < R is skordinal's (after the "
        "ordinal-classification literature).",
        "UCI Machine Learning Repository (CC BY 4.0 per the UCI page); bundled in skordinal "
        "(BSD-3-Clause)",
        (
            "Siegler, R. S. (1976). Three aspects of cognitive development. "
            "Cognitive Psychology 8, 481-520.",
        ),
    ),
}


@dataclass(frozen=True)
class System:
    """One system: how to build its estimator for a fold, and how to read its output."""

    name: str
    kind: str
    build: Callable[[int], BaseEstimator]
    proba: bool = False
    regression: bool = False


def _scaled(model: BaseEstimator) -> Pipeline:
    return make_pipeline(StandardScaler(), model)


def _constant(k: int) -> Callable[[int], BaseEstimator]:
    return lambda s: DummyClassifier(strategy="constant", constant=k)


def systems_for(n_classes: int, class_names: Sequence[str]) -> list[System]:
    """Every system of a data set with ``n_classes`` classes, in file order.

    Each ``build`` takes the fold's seed (``SEED + fold``); estimators without
    randomness ignore it.
    """
    out = [System(f"constant_{class_names[k]}", "baseline", _constant(k)) for k in range(n_classes)]
    out += [
        System("majority", "baseline", lambda s: DummyClassifier(strategy="most_frequent")),
        System(
            "stratified_random",
            "baseline",
            lambda s: DummyClassifier(strategy="stratified", random_state=s),
        ),
        System(
            "logistic_regression",
            "classifier",
            lambda s: _scaled(LogisticRegression(max_iter=2000)),
            proba=True,
        ),
        System(
            "random_forest",
            "classifier",
            lambda s: RandomForestClassifier(n_estimators=50, random_state=s, n_jobs=1),
            proba=True,
        ),
        System(
            "gradient_boosting",
            "classifier",
            lambda s: GradientBoostingClassifier(n_estimators=30, max_depth=2, random_state=s),
            proba=True,
        ),
        System(
            "knn",
            "classifier",
            lambda s: _scaled(KNeighborsClassifier(n_neighbors=15, n_jobs=1)),
            proba=True,
        ),
        System("svc", "classifier", lambda s: _scaled(SVC(C=1.0, kernel="rbf"))),
        System("gaussian_nb", "classifier", lambda s: GaussianNB(), proba=True),
        System(
            "decision_tree",
            "classifier",
            lambda s: DecisionTreeClassifier(min_samples_leaf=5, random_state=s),
            proba=True,
        ),
        System(
            "ridge_round",
            "regression-then-round",
            lambda s: _scaled(Ridge(alpha=1.0)),
            regression=True,
        ),
        System(
            "random_forest_regressor_round",
            "regression-then-round",
            lambda s: RandomForestRegressor(n_estimators=50, random_state=s, n_jobs=1),
            regression=True,
        ),
        System("pom", "ordinal", lambda s: _scaled(ordinal.POM()), proba=True),
        System("logistic_at", "ordinal", lambda s: _scaled(ordinal.LogisticAT()), proba=True),
        System("logistic_it", "ordinal", lambda s: _scaled(ordinal.LogisticIT()), proba=True),
        System(
            "ordinal_decomposition",
            "ordinal",
            lambda s: _scaled(
                ordinal.OrdinalDecomposition(estimator=LogisticRegression(max_iter=2000))
            ),
            proba=True,
        ),
        System("svor", "ordinal", lambda s: _scaled(ordinal.SVOR())),
        System("redsvm", "ordinal", lambda s: _scaled(ordinal.REDSVM())),
        System("kdlor", "ordinal", lambda s: _scaled(ordinal.KDLOR()), proba=True),
        System("elmop", "ordinal", lambda s: _scaled(ordinal.ELMOP(random_state=s)), proba=True),
        System(
            "nnpom",
            "ordinal",
            lambda s: _scaled(ordinal.NNPOM(max_iter=200, random_state=s)),
            proba=True,
        ),
        System(
            "nnop",
            "ordinal",
            lambda s: _scaled(ordinal.NNOP(max_iter=200, random_state=s)),
            proba=True,
        ),
        System("orboost", "ordinal", lambda s: ordinal.ORBoost(base_learner="stump")),
        System(
            "regressor_wrapper_svr",
            "ordinal",
            lambda s: _scaled(ordinal.RegressorWrapper(estimator=SVR())),
        ),
        System(
            "cost_sensitive",
            "ordinal",
            lambda s: _scaled(ordinal.CostSensitiveWrapper()),
            proba=True,
        ),
    ]
    return out


def stratified_folds(y: np.ndarray, n_folds: int, seed: int) -> np.ndarray:
    """Fold of each item: within each class a seeded shuffle, then folds dealt round-robin.

    Dealing continues across classes, so fold sizes differ by at most one and
    every class is spread as evenly as its size allows.
    """
    rng = np.random.default_rng(seed)
    order = np.concatenate([rng.permutation(np.flatnonzero(y == c)) for c in np.unique(y)])
    folds = np.empty(y.shape[0], dtype=np.intp)
    folds[order] = np.arange(order.size) % n_folds
    return folds


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def settings_of(estimator: BaseEstimator) -> dict[str, Any]:
    """Every parameter of each pipeline step (or of the lone estimator), for the metadata."""
    steps = estimator.steps if isinstance(estimator, Pipeline) else [("model", estimator)]
    out: dict[str, Any] = {}
    for step, model in steps:
        params = {k: _jsonable(v) for k, v in sorted(model.get_params(deep=False).items())}
        out[f"{step}: {type(model).__module__}.{type(model).__name__}"] = params
    return out


def micro_units(p: np.ndarray) -> np.ndarray:
    """A distribution in integer units of 1e-6 summing to exactly 1e6 (largest remainder)."""
    scaled = np.asarray(p, dtype=float) / float(np.sum(p)) * MICRO
    units = np.floor(scaled).astype(np.int64)
    short = MICRO - int(units.sum())
    # Stable order: ties in the remainder go to the lower class.
    winners = np.argsort(-(scaled - units), kind="stable")[:short]
    units[winners] += 1
    return units


def _distribution_lines(header: list[str], topics: list[str], rows: np.ndarray) -> str:
    lines = ["\t".join(["topic", *header])]
    for topic, row in zip(topics, rows, strict=True):
        units = micro_units(row)
        cells = [f"{u // MICRO}.{u % MICRO:06d}" for u in units]
        lines.append("\t".join([topic, *cells]))
    return "\n".join(lines) + "\n"


def _label_lines(ids: list[str], topics: list[str], labels: Sequence[str]) -> str:
    lines = ["id\ttopic\tlabel"]
    lines += [f"{i}\t{t}\t{x}" for i, t, x in zip(ids, topics, labels, strict=True)]
    return "\n".join(lines) + "\n"


def _predict(
    system: System, X: np.ndarray, y: np.ndarray, folds: np.ndarray, n_classes: int
) -> tuple[np.ndarray, np.ndarray | None]:
    """Held-out labels (class indices) and, for probabilistic models, probabilities."""
    labels = np.empty(y.shape[0], dtype=np.intp)
    proba = np.zeros((y.shape[0], n_classes)) if system.proba else None
    for fold in range(N_FOLDS):
        test = folds == fold
        model = system.build(SEED + fold)
        model.fit(X[~test], y[~test])
        if system.regression:
            labels[test] = np.clip(np.rint(model.predict(X[test])), 0, n_classes - 1)
        else:
            labels[test] = model.predict(X[test])
        if proba is not None:
            classes = np.asarray(model.classes_, dtype=np.intp)
            proba[np.ix_(test, classes)] = model.predict_proba(X[test])
    return labels, proba


def _per_topic_mean(values: np.ndarray, folds: np.ndarray) -> np.ndarray:
    return np.stack([values[folds == f].mean(axis=0) for f in range(N_FOLDS)])


def _counts(labels: np.ndarray, folds: np.ndarray, n_classes: int) -> np.ndarray:
    return np.stack(
        [np.bincount(labels[folds == f], minlength=n_classes) for f in range(N_FOLDS)]
    ).astype(float)


def build(name: str) -> dict[str, str]:
    """Train every system on one data set; return file name -> file text."""
    source = SOURCES[name]
    bunch = getattr(sources, source.loader)()
    X = np.asarray(bunch.data, dtype=float)
    y = np.asarray(bunch.target, dtype=np.intp)
    class_names = [str(c) for c in bunch.target_names]
    n_classes = len(class_names)
    folds = stratified_folds(y, N_FOLDS, SEED)
    topic_names = [f"fold{f + 1:02d}" for f in range(N_FOLDS)]
    # Files list the items topic by topic, in the data set's order within a topic.
    rows = np.lexsort((np.arange(y.shape[0]), folds))
    ids = [f"{name}_{i + 1:04d}" for i in rows]
    item_topics = [topic_names[folds[i]] for i in rows]

    files = {
        "gold.tsv": _label_lines(ids, item_topics, [class_names[k] for k in y[rows]]),
        "gold_distributions.tsv": _distribution_lines(
            class_names, topic_names, _counts(y, folds, n_classes)
        ),
    }
    described = []
    for system in systems_for(n_classes, class_names):
        with warnings.catch_warnings():
            # Some neural and logistic ordinal models stop at max_iter; their
            # outputs are deterministic for one BLAS kernel, and recorded as
            # they are (the neural ones differ across kernels, see the docstring).
            warnings.simplefilter("ignore", ConvergenceWarning)
            labels, proba = _predict(system, X, y, folds, n_classes)
        files[f"{system.name}.tsv"] = _label_lines(
            ids, item_topics, [class_names[k] for k in labels[rows]]
        )
        files[f"{system.name}_distributions.tsv"] = _distribution_lines(
            class_names, topic_names, _counts(labels, folds, n_classes)
        )
        if proba is not None:
            files[f"{system.name}_proba_distributions.tsv"] = _distribution_lines(
                class_names, topic_names, _per_topic_mean(proba, folds)
            )
        described.append(
            {
                "name": system.name,
                "kind": system.kind,
                "probabilities": proba is not None,
                "accuracy": round(float(np.mean(labels == y)), 4),
                "settings": settings_of(system.build(SEED)),
            }
        )
    metadata = {
        "format_version": FORMAT_VERSION,
        "name": name,
        "title": source.title,
        "source": {
            "package": "skordinal",
            "loader": f"skordinal.datasets.{source.loader}",
            "origin": source.origin,
            "licence": source.licence,
            "references": list(source.references),
        },
        "classes": [parse_label(c) for c in class_names],
        "class_counts": [int(c) for c in np.bincount(y, minlength=n_classes)],
        "n_items": int(y.shape[0]),
        "n_features": int(X.shape[1]),
        "topics": {
            "names": topic_names,
            "sizes": [int(s) for s in np.bincount(folds, minlength=N_FOLDS)],
            "how": (
                f"{N_FOLDS} stratified folds (per class a seeded shuffle, folds dealt "
                "round-robin); each system is trained on the other folds and labels the fold"
            ),
        },
        "seed": SEED,
        "random_state": "seed + fold index (0-based) for estimators with a random_state",
        "regression_then_round": "class index predicted by a regressor, np.rint, clipped",
        "systems": described,
        "files": {
            "labels": "id<TAB>topic<TAB>label (SemEval Task 4 subtask C layout), header row",
            "distributions": (
                "topic<TAB>p_1..p_C (subtask E layout), header row naming the classes; "
                "<system>_distributions.tsv = classify and count, "
                "<system>_proba_distributions.tsv = mean predicted class probabilities"
            ),
        },
        "generator": {
            "script": "scripts/make_real_data.py",
            "numpy": version("numpy"),
            "scipy": version("scipy"),
            "scikit-learn": sklearn.__version__,
            "skordinal": skordinal.__version__,
        },
    }
    files["metadata.json"] = json.dumps(metadata, indent=2, ensure_ascii=False) + "\n"
    return files


def write(name: str, out: Path) -> None:
    """Build one data set and swap its folder in atomically."""
    files = build(name)
    with atomic_directory(out / name) as staging:
        for file_name, text in sorted(files.items()):
            (staging / file_name).write_bytes(text.encode("utf-8"))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", nargs="+", choices=sorted(SOURCES), help="data sets to build (default: all)"
    )
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT})")
    args = parser.parse_args(argv)
    for name in args.only or list(SOURCES):
        write(name, args.out)
        print(f"wrote {args.out / name}")


if __name__ == "__main__":
    main()
