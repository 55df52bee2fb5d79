"""The regression collections: names, loading through the package data, and their provenance."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from axiometrics import datasets, meta
from axiometrics.errors import InvalidParameterError
from axiometrics.family import get_family
from axiometrics.measures.regression import data
from axiometrics.measures.regression.runs import RegressionRuns
from axiometrics.meta import score_runs

COLLECTIONS = ("synthetic_regression", "diabetes", "friedman1")


def _gold_lines() -> list[str]:
    """The shipped diabetes gold file's data rows, read as package data."""
    folder = resources.files("axiometrics.measures.regression").joinpath("real", "diabetes")
    return folder.joinpath("gold.tsv").read_text(encoding="utf-8").splitlines()[1:]


def test_the_family_ships_a_synthetic_and_two_real_collections():
    for name in COLLECTIONS:
        assert name in datasets.names()
        assert datasets.families(name) == ("regression",)
    assert [g.name for g in get_family("regression").generated_datasets] == list(COLLECTIONS)
    assert get_family("regression").read_runs is data.read_runs


@pytest.mark.parametrize(("name", "size"), [("diabetes", 22), ("friedman1", 20)])
def test_a_real_collection_loads_twenty_folds_of_one_size_and_at_least_twenty_systems(name, size):
    runs = datasets.load(name)
    assert isinstance(runs, RegressionRuns)
    assert runs.topics == tuple(f"fold{f:02d}" for f in range(1, 21))
    assert runs.y_true.shape == (20, size)
    assert runs.sample_weight is None
    info = datasets.describe(name)
    assert len(runs.systems) == len(info["systems"]) >= 20
    assert runs.systems == tuple(s["name"] for s in info["systems"])
    assert {"dummy_mean", "dummy_median", "linear_regression", "knn_5", "knn_20"} <= set(
        runs.systems
    )
    assert info["topics"]["sizes"] == [size] * 20


def test_the_metadata_pins_the_library_versions_seed_and_source():
    info = datasets.describe("diabetes")
    assert set(info["generator"]) == {"script", "python", "numpy", "scipy", "scikit-learn"}
    assert info["generator"]["script"] == "scripts/make_regression_data.py"
    assert info["seed"] == 2026
    assert info["source"]["loader"] == "sklearn.datasets.load_diabetes"
    assert "Efron" in info["source"]["references"][0]
    assert info["n_items"] == 440
    assert len(info["left_out"]) == 2
    info["systems"].clear()
    assert datasets.describe("diabetes")["systems"], "describe gives a fresh copy"


def test_the_diabetes_gold_is_scikit_learns_target_by_item_id():
    sklearn_datasets = pytest.importorskip("sklearn.datasets")
    target = sklearn_datasets.load_diabetes().target
    runs = datasets.load("diabetes")
    gold = _gold_lines()
    rows = [int(line.split("\t")[0].rsplit("_", 1)[1]) - 1 for line in gold]
    np.testing.assert_array_equal(runs.y_true.ravel(), target[rows])


@pytest.mark.parametrize("system", ["linear_regression", "knn_5"])
def test_two_systems_reproduce_scikit_learns_held_out_fold_scores(system):
    pytest.importorskip("sklearn")
    from sklearn.datasets import load_diabetes
    from sklearn.linear_model import LinearRegression
    from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score
    from sklearn.neighbors import KNeighborsRegressor
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    build = {
        "linear_regression": LinearRegression,
        "knn_5": lambda: make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=5)),
    }[system]
    X, y = load_diabetes(return_X_y=True)
    runs = datasets.load("diabetes").select_systems([system, "dummy_mean"])
    lines = _gold_lines()
    rows = np.array([int(line.split("\t")[0].rsplit("_", 1)[1]) - 1 for line in lines])
    folds = rows.reshape(20, 22)
    ours = score_runs(runs, ["mean_squared_error", "mean_absolute_error", "r2"]).scores[:, :, 0]
    for f in range(20):
        train = np.concatenate([folds[g] for g in range(20) if g != f])
        pred = build().fit(X[train], y[train]).predict(X[folds[f]])
        np.testing.assert_allclose(runs.y_pred[f, 0], pred, rtol=1e-9)
        expected = [
            mean_squared_error(y[folds[f]], pred),
            mean_absolute_error(y[folds[f]], pred),
            r2_score(y[folds[f]], pred),
        ]
        np.testing.assert_allclose(ours[:, f], expected, rtol=1e-9)


def test_the_meta_evaluation_runs_on_the_diabetes_collection():
    result = meta.run(
        datasets.load("diabetes"),
        measures=["mean_squared_error", "mean_absolute_error", "r2", "spearmanr"],
        analyses=["similarity", "discriminative"],
        B=100,
        on_undefined=data.ON_UNDEFINED,
    )
    assert result.settings["topics"] == 20
    assert any("spearmanr" in note for note in result.notes)


def test_the_report_descriptions_name_the_data():
    for collection in get_family("regression").generated_datasets:
        text = collection.report_description(collection.load())
        assert "20 folds" in text or "topics" in text
        assert collection.report_on_undefined == data.ON_UNDEFINED


def test_the_run_file_hook_refuses_a_class_scale_and_unknown_real_names(tmp_path):
    with pytest.raises(InvalidParameterError, match=r"--scale=.*no class scale"):
        data.read_runs(tmp_path / "g.tsv", [], scale=(0, 1), scale_option="--scale")
    with pytest.raises(InvalidParameterError, match="name='iris': expected one of"):
        data.load_real("iris")
    with pytest.raises(InvalidParameterError, match="name='iris': expected one of"):
        data.real_metadata("iris")
