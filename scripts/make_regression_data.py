"""Regenerate the real regression collections in ``measures/regression/real/`` (deterministic).

Two data sets that ship with scikit-learn (nothing is downloaded):

``diabetes``
    ``sklearn.datasets.load_diabetes``: 442 patients, 10 baseline
    variables, a quantitative measure of disease progression one year
    later (Efron et al. 2004).  442 = 20 x 22 + 2: a seeded draw leaves 2
    items out, so that the 20 folds hold 22 items each.
``friedman1``
    ``sklearn.datasets.make_friedman1(n_samples=400, n_features=10,
    noise=1.0, random_state=SEED)``: Friedman's first benchmark function
    of 5 of the 10 uniform features, with normal noise; 20 folds of 20.

The kept items are split by ``KFold(n_splits=20, shuffle=True,
random_state=SEED)``; every fold is a topic.  Each of the 23 systems
(:func:`systems`) is trained on the other 19 folds and predicts the
held-out fold, so each item is predicted once by each system, by a model
that never saw it; the same folds serve every system.  Estimators with a
``random_state`` get ``SEED + fold index``.  Folds of one size keep every
measure of the family defined on the whole batch (the measures without a
weighted form refuse the zero-weight padding of unequal topics).

Written per data set, in ``<out>/<name>/`` (the regression run-file format,
see ``docs/families/regression.md``):

``gold.tsv``
    ``id<TAB>topic<TAB>y_true``, header row, items fold by fold.
``<system>.tsv``
    ``id<TAB>y_pred``, header row, in the gold's order.
``metadata.json``
    Source, licence and citation, folds, systems and their settings with
    their held-out RMSE and R², seed, pinned library versions.

Numbers are written with ``repr`` (the shortest text that reads back to the
same float), so the files hold the predictions exactly.  Single-threaded
BLAS/OpenMP and fixed seeds make the output byte-identical on rerun with
the same library versions on the same machine.  Every file is written to a
temporary folder and swapped in (:func:`axiometrics.atomic.atomic_directory`).

Needs scikit-learn (``pip install "axiometrics[realdata]"``).  Run::

    python scripts/make_regression_data.py                  # both data sets
    python scripts/make_regression_data.py --only diabetes --out /tmp/regression
"""

from __future__ import annotations

import os

# Single-threaded BLAS/OpenMP before numpy is imported: threaded reductions
# can change the last bits of a fit.
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
import platform  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from importlib.metadata import version  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
import sklearn  # noqa: E402
from sklearn.base import BaseEstimator  # noqa: E402
from sklearn.compose import TransformedTargetRegressor  # noqa: E402
from sklearn.cross_decomposition import PLSRegression  # noqa: E402
from sklearn.datasets import load_diabetes, make_friedman1  # noqa: E402
from sklearn.dummy import DummyRegressor  # noqa: E402
from sklearn.ensemble import (  # noqa: E402
    AdaBoostRegressor,
    BaggingRegressor,
    ExtraTreesRegressor,
    GradientBoostingRegressor,
    HistGradientBoostingRegressor,
    RandomForestRegressor,
)
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.kernel_ridge import KernelRidge  # noqa: E402
from sklearn.linear_model import (  # noqa: E402
    BayesianRidge,
    ElasticNet,
    HuberRegressor,
    Lasso,
    LinearRegression,
    QuantileRegressor,
    Ridge,
)
from sklearn.metrics import mean_squared_error, r2_score  # noqa: E402
from sklearn.model_selection import KFold  # noqa: E402
from sklearn.neighbors import KNeighborsRegressor  # noqa: E402
from sklearn.pipeline import Pipeline, make_pipeline  # noqa: E402
from sklearn.preprocessing import PolynomialFeatures, StandardScaler  # noqa: E402
from sklearn.svm import SVR  # noqa: E402
from sklearn.tree import DecisionTreeRegressor  # noqa: E402

from axiometrics.atomic import atomic_directory  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "measures" / "regression" / "real"
N_FOLDS = 20
SEED = 2026
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Source:
    """One data set: how to get ``(X, y)`` and what we record about its origin."""

    name: str
    loader: str
    title: str
    origin: str
    licence: str
    references: tuple[str, ...]
    get: Callable[[], tuple[np.ndarray, np.ndarray]]


def _diabetes() -> tuple[np.ndarray, np.ndarray]:
    bunch = load_diabetes()
    return np.asarray(bunch.data, dtype=float), np.asarray(bunch.target, dtype=float)


def _friedman1() -> tuple[np.ndarray, np.ndarray]:
    X, y = make_friedman1(n_samples=400, n_features=10, noise=1.0, random_state=SEED)
    return np.asarray(X, dtype=float), np.asarray(y, dtype=float)


SOURCES: dict[str, Source] = {
    "diabetes": Source(
        "diabetes",
        "sklearn.datasets.load_diabetes",
        "Diabetes: 10 baseline variables of 442 patients, disease progression after one year",
        "Bundled with scikit-learn (sklearn/datasets/data/diabetes_data_raw.csv.gz and "
        "diabetes_target.csv.gz), from Bradley Efron, Trevor Hastie, Iain Johnstone and "
        "Robert Tibshirani's data for 'Least Angle Regression'; the features are centred and "
        "scaled by scikit-learn.  https://www4.stat.ncsu.edu/~boos/var.select/diabetes.html",
        "distributed with scikit-learn (BSD-3-Clause); no separate licence stated for the data",
        (
            "Efron, B., Hastie, T., Johnstone, I., Tibshirani, R. (2004). Least angle "
            "regression. Annals of Statistics 32(2), 407-499.",
        ),
        _diabetes,
    ),
    "friedman1": Source(
        "friedman1",
        "sklearn.datasets.make_friedman1",
        "Friedman #1: y = 10 sin(pi x1 x2) + 20 (x3 - 0.5)^2 + 10 x4 + 5 x5 + noise, 10 "
        "uniform features (5 irrelevant), 400 draws",
        f"Generated by scikit-learn's make_friedman1(n_samples=400, n_features=10, "
        f"noise=1.0, random_state={SEED}).",
        "generated data (no licence needed); scikit-learn is BSD-3-Clause",
        (
            "Friedman, J. H. (1991). Multivariate adaptive regression splines. Annals of "
            "Statistics 19(1), 1-67.",
            "Breiman, L. (1996). Bagging predictors. Machine Learning 24, 123-140.",
        ),
        _friedman1,
    ),
}


@dataclass(frozen=True)
class System:
    """One system: its name, kind and how to build its estimator for a fold."""

    name: str
    kind: str
    build: Callable[[int], BaseEstimator]


def _scaled(model: BaseEstimator) -> Pipeline:
    return make_pipeline(StandardScaler(), model)


def _centred_target(model: BaseEstimator) -> TransformedTargetRegressor:
    """Standardised features and target (no intercept in kernel ridge; SVR's epsilon in y units)."""
    return TransformedTargetRegressor(regressor=_scaled(model), transformer=StandardScaler())


def systems() -> list[System]:
    """The 23 regressors, each built for a fold from ``SEED + fold`` where it is random."""
    return [
        System("dummy_mean", "baseline", lambda s: DummyRegressor(strategy="mean")),
        System("dummy_median", "baseline", lambda s: DummyRegressor(strategy="median")),
        System("linear_regression", "linear", lambda s: LinearRegression()),
        System("ridge", "linear", lambda s: _scaled(Ridge(alpha=1.0))),
        System("lasso", "linear", lambda s: _scaled(Lasso(alpha=0.1, max_iter=10_000))),
        System(
            "elastic_net",
            "linear",
            lambda s: _scaled(ElasticNet(alpha=0.1, l1_ratio=0.5, max_iter=10_000)),
        ),
        System("huber", "linear", lambda s: _scaled(HuberRegressor(max_iter=1000))),
        System(
            "quantile_median",
            "linear",
            lambda s: _scaled(QuantileRegressor(quantile=0.5, alpha=0.0, solver="highs")),
        ),
        System("bayesian_ridge", "linear", lambda s: BayesianRidge()),
        System("pls_2", "linear", lambda s: PLSRegression(n_components=2)),
        System(
            "poly2_ridge",
            "linear",
            lambda s: make_pipeline(
                StandardScaler(), PolynomialFeatures(degree=2), Ridge(alpha=10.0)
            ),
        ),
        System(
            "kernel_ridge_rbf",
            "kernel",
            lambda s: _centred_target(KernelRidge(kernel="rbf", alpha=1.0, gamma=0.05)),
        ),
        System("svr_rbf", "kernel", lambda s: _centred_target(SVR(kernel="rbf", C=1.0))),
        System("knn_5", "neighbours", lambda s: _scaled(KNeighborsRegressor(n_neighbors=5))),
        System("knn_20", "neighbours", lambda s: _scaled(KNeighborsRegressor(n_neighbors=20))),
        System("decision_tree", "tree", lambda s: DecisionTreeRegressor(random_state=s)),
        System(
            "decision_tree_depth3",
            "tree",
            lambda s: DecisionTreeRegressor(max_depth=3, random_state=s),
        ),
        System(
            "random_forest",
            "ensemble",
            lambda s: RandomForestRegressor(n_estimators=100, random_state=s, n_jobs=1),
        ),
        System(
            "extra_trees",
            "ensemble",
            lambda s: ExtraTreesRegressor(n_estimators=100, random_state=s, n_jobs=1),
        ),
        System(
            "gradient_boosting", "ensemble", lambda s: GradientBoostingRegressor(random_state=s)
        ),
        System(
            "hist_gradient_boosting",
            "ensemble",
            lambda s: HistGradientBoostingRegressor(random_state=s),
        ),
        System(
            "adaboost",
            "ensemble",
            lambda s: AdaBoostRegressor(n_estimators=50, random_state=s),
        ),
        System(
            "bagging",
            "ensemble",
            lambda s: BaggingRegressor(n_estimators=50, random_state=s, n_jobs=1),
        ),
    ]


def folds_of(n_items: int) -> tuple[np.ndarray, np.ndarray]:
    """The kept items (sorted) and each kept item's fold, all folds of one size.

    A seeded draw leaves out the ``n_items mod N_FOLDS`` items that would make
    some folds one larger; ``KFold(shuffle=True)`` then splits the rest.
    """
    rng = np.random.default_rng(SEED)
    dropped = n_items % N_FOLDS
    kept = np.sort(rng.permutation(n_items)[dropped:]) if dropped else np.arange(n_items)
    fold = np.empty(kept.size, dtype=np.intp)
    splitter = KFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
    for index, (_, test) in enumerate(splitter.split(kept)):
        fold[test] = index
    return kept, fold


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def settings_of(estimator: BaseEstimator) -> dict[str, Any]:
    """Every parameter of each step (pipelines and target transformers unwrapped)."""
    if isinstance(estimator, TransformedTargetRegressor):
        target = {"target transformer": repr(estimator.transformer)}
        return {**target, **settings_of(estimator.regressor)}
    steps = estimator.steps if isinstance(estimator, Pipeline) else [("model", estimator)]
    out: dict[str, Any] = {}
    for step, model in steps:
        params = {k: _jsonable(v) for k, v in sorted(model.get_params(deep=False).items())}
        out[f"{step}: {type(model).__module__}.{type(model).__name__}"] = params
    return out


def held_out(system: System, X: np.ndarray, y: np.ndarray, fold: np.ndarray) -> np.ndarray:
    """Each item's prediction by the model trained on the other folds."""
    pred = np.empty(y.shape[0])
    for index in range(N_FOLDS):
        test = fold == index
        model = system.build(SEED + index)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(X[~test], y[~test])
        pred[test] = np.ravel(model.predict(X[test]))
    return pred


def _lines(header: str, rows: Sequence[Sequence[str]]) -> str:
    return "\n".join([header, *("\t".join(r) for r in rows)]) + "\n"


def _number(x: float) -> str:
    return repr(float(x))


def build(name: str) -> dict[str, str]:
    """Train every system on one data set; return file name -> file text."""
    source = SOURCES[name]
    X_all, y_all = source.get()
    kept, fold = folds_of(y_all.shape[0])
    X, y = X_all[kept], y_all[kept]
    topic_names = [f"fold{f + 1:02d}" for f in range(N_FOLDS)]
    rows = np.lexsort((kept, fold))  # fold by fold, the data set's order within a fold
    ids = [f"{name}_{kept[i] + 1:04d}" for i in rows]
    files = {
        "gold.tsv": _lines(
            "id\ttopic\ty_true",
            [(i, topic_names[fold[r]], _number(y[r])) for i, r in zip(ids, rows, strict=True)],
        )
    }
    described = []
    for system in systems():
        pred = held_out(system, X, y, fold)
        files[f"{system.name}.tsv"] = _lines(
            "id\ty_pred", [(i, _number(pred[r])) for i, r in zip(ids, rows, strict=True)]
        )
        per_fold = [
            (
                float(np.sqrt(mean_squared_error(y[fold == f], pred[fold == f]))),
                float(r2_score(y[fold == f], pred[fold == f])),
            )
            for f in range(N_FOLDS)
        ]
        described.append(
            {
                "name": system.name,
                "kind": system.kind,
                "probabilities": False,
                "mean_fold_rmse": round(float(np.mean([p[0] for p in per_fold])), 4),
                "mean_fold_r2": round(float(np.mean([p[1] for p in per_fold])), 4),
                "settings": settings_of(system.build(SEED)),
            }
        )
    left_out = np.setdiff1d(np.arange(y_all.shape[0]), kept)
    metadata = {
        "format_version": FORMAT_VERSION,
        "name": name,
        "title": source.title,
        "source": {
            "package": "scikit-learn",
            "loader": source.loader,
            "origin": source.origin,
            "licence": source.licence,
            "references": list(source.references),
        },
        "classes": [],
        "n_items": int(y.shape[0]),
        "n_features": int(X.shape[1]),
        "left_out": [f"{name}_{i + 1:04d}" for i in left_out],
        "target": {
            "min": float(y.min()),
            "max": float(y.max()),
            "mean": round(float(y.mean()), 6),
            "std": round(float(y.std()), 6),
        },
        "topics": {
            "names": topic_names,
            "sizes": [int(s) for s in np.bincount(fold, minlength=N_FOLDS)],
            "how": (
                f"{len(left_out)} items left out by a seeded draw so that the folds have one "
                f"size, then KFold(n_splits={N_FOLDS}, shuffle=True, random_state={SEED}); "
                "each system is trained on the other folds and predicts the fold"
            ),
        },
        "seed": SEED,
        "random_state": "seed + fold index (0-based) for estimators with a random_state",
        "item_ids": f"{name}_NNNN: row NNNN (1-based) of {source.loader}",
        "systems": described,
        "files": {
            "gold": "id<TAB>topic<TAB>y_true, header row",
            "runs": "<system>.tsv: id<TAB>y_pred, header row; numbers written with repr",
        },
        "generator": {
            "script": "scripts/make_regression_data.py",
            "python": platform.python_version(),
            "numpy": version("numpy"),
            "scipy": version("scipy"),
            "scikit-learn": sklearn.__version__,
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
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
