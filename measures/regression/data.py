"""Data hooks of the ``regression`` family: its run files and its collections.

:func:`read_runs` reads a gold file of true values and ``id<TAB>y_pred``
run files (:mod:`.io`; the :attr:`~axiometrics.family.Family.read_runs`
hook).  The family ships three collections
(:attr:`~axiometrics.family.Family.generated_datasets`), loadable with
:func:`axiometrics.datasets.load`:

``synthetic_regression``
    Designed systems of known quality (:mod:`.synthetic`).
``diabetes``
    23 scikit-learn regressors on scikit-learn's bundled diabetes data,
    20 cross-validation folds of 22 items as the topics.
``friedman1``
    The same regressors on a seeded draw of Friedman's first benchmark
    function (``sklearn.datasets.make_friedman1``), 20 folds of 20 items.

The real ones are package data in ``real/<name>/`` beside this module
(gold, one run file per system, ``metadata.json``), written by
``scripts/make_regression_data.py`` and read through
:mod:`importlib.resources`.  Heavy modules are imported on call, so that
loading the family stays light.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from axiometrics.errors import InvalidParameterError
from axiometrics.family import GeneratedDataset

__all__ = [
    "DIABETES",
    "FRIEDMAN1",
    "ON_UNDEFINED",
    "REAL_NAMES",
    "SYNTHETIC_REGRESSION",
    "SYNTHETIC_REGRESSION_NAME",
    "load_real",
    "read_runs",
    "real_metadata",
]

#: Name of the synthetic collection (``datasets.load(SYNTHETIC_REGRESSION_NAME)``).
SYNTHETIC_REGRESSION_NAME = "synthetic_regression"
#: Names of the real collections shipped as package data.
REAL_NAMES = ("diabetes", "friedman1")
#: Folder of the real collections inside this package.
DATA_FOLDER = "real"

#: Undefined-score policy of the collections in the report: a constant prediction (the
#: mean and median baselines) has no association with the truth, so the correlations
#: score 0 there; any other measure undefined somewhere is left out, with a note.
ON_UNDEFINED: dict[str, str | float] = {
    "pearsonr": 0.0,
    "spearmanr": 0.0,
    "kendalltau": 0.0,
    "*": "drop",
}


def read_runs(
    gold: str | Path,
    systems: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    scale: Sequence[Hashable] | None = None,
    scale_option: str = "scale",
    require_topic: bool = False,
) -> Any:
    """Read a gold file and prediction run files, aligned by item id (see :mod:`.io`).

    Returns
    -------
    RegressionRuns
        The runs :func:`axiometrics.meta.run` and ``axiometrics score``,
        ``meta``, ``compare`` and ``report`` take.

    Raises
    ------
    InvalidParameterError
        For a class scale: regression runs hold real values and none.
    DataFileError
        For any file problem (see :func:`.io.read_regression_runs`).
    """
    if scale is not None:
        raise InvalidParameterError(
            f"{scale_option}={scale!r}: regression runs hold real values and no class scale"
        )
    from .io import read_regression_runs

    return read_regression_runs(gold, systems, require_topic=require_topic)


def _synthetic_load() -> Any:
    from .synthetic import default_regression_runs

    return default_regression_runs()


def _synthetic_describe() -> dict[str, Any]:
    from . import synthetic

    runs = synthetic.default_regression_runs()
    n = runs.y_true.shape[1]
    order = synthetic.true_order(n)
    return {
        "name": SYNTHETIC_REGRESSION_NAME,
        "title": "Synthetic regression systems (noise, bias, scale and outlier errors of "
        "known size)",
        "source": {
            "package": "axiometrics",
            "loader": "axiometrics.measures.regression.synthetic.default_regression_runs",
            "origin": "generated (seeded) by axiometrics",
            "licence": "MIT (axiometrics)",
            "references": [],
        },
        "classes": [],
        "n_items": runs.n_items,
        "topics": {"names": list(runs.topics)},
        "seed": synthetic.DEFAULT_REGRESSION_SEED,
        "systems": [
            {
                "name": s.name,
                "kind": s.kind,
                "probabilities": False,
                "parameters": s.parameters(),
                "expected_squared_error": synthetic.expected_squared_error(s, n),
                "true_rank": order.index(s.name) + 1,
            }
            for s in synthetic.SYSTEMS
        ],
        "true_order": list(order),
        "truth": "systems ranked by expected squared error in units of the topic's spread "
        "squared, best first (true_rank 1)",
    }


def _synthetic_truth() -> Mapping[Hashable, float]:
    from . import synthetic

    n = synthetic.default_regression_runs().y_true.shape[1]
    return {s.name: synthetic.expected_squared_error(s, n) for s in synthetic.SYSTEMS}


def _synthetic_report_description(runs: Any) -> str:
    from . import synthetic

    n = runs.y_true.shape[1]
    return (
        f"Synthetic regression systems: {len(runs.topics)} topics x {n} items (true values "
        f"normal around a level of 200 to 400 with a spread of 5 to 12), {len(runs.systems)} "
        "systems with errors of known kind and size in units of the spread: a perfect one, "
        "noise, bias, shrunk or stretched predictions, outliers (size "
        f"{synthetic.OUTLIER_SIZE:g}), combinations and the constant topic mean; data seed "
        f"{synthetic.DEFAULT_REGRESSION_SEED}; true order by expected squared error."
    )


def _real_folder(name: str) -> Any:
    return resources.files(__package__ or __name__).joinpath(DATA_FOLDER).joinpath(name)


@cache
def _metadata(name: str) -> dict[str, Any]:
    text = _real_folder(name).joinpath("metadata.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def real_metadata(name: str) -> dict[str, Any]:
    """A fresh copy of a real collection's ``metadata.json``.

    Raises
    ------
    InvalidParameterError
        For a name that is not one of :data:`REAL_NAMES`.
    """
    if name not in REAL_NAMES:
        raise InvalidParameterError(f"name={name!r}: expected one of {list(REAL_NAMES)!r}")
    return copy.deepcopy(_metadata(name))


@cache
def _load_real(name: str) -> Any:
    from .io import read_regression_runs

    systems = [str(s["name"]) for s in _metadata(name)["systems"]]
    with resources.as_file(_real_folder(name)) as folder:
        runs = {s: folder / f"{s}.tsv" for s in systems}
        return read_regression_runs(folder / "gold.tsv", runs, require_topic=True)


def load_real(name: str) -> Any:
    """A real collection's runs: the folds as topics, the systems in the metadata's order.

    Raises
    ------
    InvalidParameterError
        For a name that is not one of :data:`REAL_NAMES`.
    """
    if name not in REAL_NAMES:
        raise InvalidParameterError(f"name={name!r}: expected one of {list(REAL_NAMES)!r}")
    return _load_real(name)


def _real_description(name: str) -> Any:
    def describe(runs: Any) -> str:
        info = _metadata(name)
        return (
            f"{info['title']}: {runs.y_true.size} items in {len(runs.topics)} folds of "
            f"{runs.y_true.shape[1]} (the topics), {len(runs.systems)} scikit-learn regressors "
            "(the systems), each trained on the other folds; generated by "
            "scripts/make_regression_data.py."
        )

    return describe


def _real_dataset(name: str, title: str) -> GeneratedDataset:
    return GeneratedDataset(
        name=name,
        load=lambda: load_real(name),
        describe=lambda: real_metadata(name),
        report_title=title,
        report_description=_real_description(name),
        report_on_undefined=ON_UNDEFINED,
    )


#: The synthetic regression systems (:mod:`.synthetic`).
SYNTHETIC_REGRESSION = GeneratedDataset(
    name=SYNTHETIC_REGRESSION_NAME,
    load=_synthetic_load,
    describe=_synthetic_describe,
    report_title="Synthetic regression systems",
    report_description=_synthetic_report_description,
    report_on_undefined=ON_UNDEFINED,
    truth=_synthetic_truth,
    truth_description="The truth: each system's expected squared error, in units of its "
    "topic's spread squared, which its design fixes (lower is better).",
)
#: Real regressors on scikit-learn's diabetes data (package data, ``real/diabetes/``).
DIABETES = _real_dataset("diabetes", "Regressors on the diabetes data")
#: Real regressors on a draw of Friedman's first function (package data, ``real/friedman1/``).
FRIEDMAN1 = _real_dataset("friedman1", "Regressors on Friedman #1")
