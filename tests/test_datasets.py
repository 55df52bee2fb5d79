import subprocess
import sys
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from axiometrics import InputTypeError, InvalidParameterError, datasets
from axiometrics.io import DistributionRuns, LabelRuns
from axiometrics.meta import ScoredRuns, scored_synthetic, synthetic

REAL = ("balance_scale", "era", "esl", "lev", "swd")
ROOT = Path(__file__).resolve().parents[1]
SHIPPED = Path(str(resources.files("axiometrics.data").joinpath("real")))
CLASSES = {
    "balance_scale": ["L", "B", "R"],
    "era": list(range(1, 10)),
    "esl": list(range(1, 10)),
    "lev": list(range(1, 6)),
    "swd": list(range(1, 5)),
}
ITEMS = {"balance_scale": 625, "era": 1000, "esl": 488, "lev": 1000, "swd": 1000}
TRAINED = [
    "majority",
    "stratified_random",
    "logistic_regression",
    "random_forest",
    "gradient_boosting",
    "knn",
    "svc",
    "gaussian_nb",
    "decision_tree",
    "ridge_round",
    "random_forest_regressor_round",
    "pom",
    "logistic_at",
    "logistic_it",
    "ordinal_decomposition",
    "svor",
    "redsvm",
    "kdlor",
    "elmop",
    "nnpom",
    "nnop",
    "orboost",
    "regressor_wrapper_svr",
    "cost_sensitive",
]
WITH_PROBA = [
    "logistic_regression",
    "random_forest",
    "gradient_boosting",
    "knn",
    "gaussian_nb",
    "decision_tree",
    "pom",
    "logistic_at",
    "logistic_it",
    "ordinal_decomposition",
    "kdlor",
    "elmop",
    "nnpom",
    "nnop",
    "cost_sensitive",
]
AVAILABLE = "'synthetic', 'synthetic_scored', 'balance_scale', 'era', 'esl', 'lev', 'swd'"


@cache
def loaded(name, family="oc"):
    """Each collection is read once per session (the runs are immutable)."""
    return datasets.load(name, family)


def test_names_lists_the_synthetic_collections_then_the_real_ones_sorted():
    assert datasets.names() == ("synthetic", "synthetic_scored", *REAL)


def test_families_names_what_each_collection_loads_as_its_default_first():
    assert datasets.families("era") == ("oc", "oq")
    assert datasets.families("synthetic") == ("oc", "oq")
    assert datasets.families("synthetic_scored") == ("scored",)
    assert isinstance(datasets.load("era"), LabelRuns)


def test_the_scored_collection_loads_as_scored_runs_by_default():
    runs = datasets.load("synthetic_scored")
    assert isinstance(runs, ScoredRuns)
    assert datasets.load("synthetic_scored", "scored").systems == runs.systems
    default = scored_synthetic.default_scored_runs()
    assert runs.systems == default.systems
    assert runs.scores.tobytes() == default.scores.tobytes()
    assert runs.gold.tobytes() == default.gold.tobytes()


def test_the_scored_collection_is_described_like_the_synthetic_one():
    meta = datasets.describe("synthetic_scored")
    assert meta["name"] == "synthetic_scored"
    assert meta["classes"] == [0, 1]
    assert meta["seed"] == scored_synthetic.DEFAULT_SCORED_SEED
    assert meta["n_items"] == 50 * 200
    assert len(meta["topics"]["names"]) == 50
    kinds = [s["kind"] for s in meta["systems"]]
    assert kinds[:5] == ["calibrated"] * 5
    assert kinds[-4:] == ["constant", "inverted", "ties", "random"]
    assert all(s["probabilities"] for s in meta["systems"])
    assert meta["source"]["loader"] == "axiometrics.meta.scored_synthetic.default_scored_runs"


@pytest.mark.parametrize(
    ("name", "family", "message"),
    [
        (
            "synthetic_scored",
            "oc",
            "family='oc': collection name='synthetic_scored' loads as 'scored'",
        ),
        ("era", "scored", "family='scored': collection name='era' loads as 'oc' or 'oq'"),
    ],
)
def test_a_family_the_collection_does_not_have_is_refused_naming_the_ones_it_has(
    name, family, message
):
    with pytest.raises(InvalidParameterError) as info:
        datasets.load(name, family)
    assert str(info.value) == message


@pytest.mark.parametrize("name", REAL)
def test_a_real_collection_loads_as_label_runs_over_twenty_stratified_folds(name):
    runs = loaded(name)
    meta = datasets.describe(name)
    assert isinstance(runs, LabelRuns)
    assert list(runs.scale.labels) == CLASSES[name] == meta["classes"]
    assert runs.n_items == ITEMS[name] == meta["n_items"]
    assert runs.topics == tuple(f"fold{i:02d}" for i in range(1, 21))
    assert list(runs.topics) == meta["topics"]["names"]
    sizes = np.bincount(runs.item_topics, minlength=20)
    assert sizes.tolist() == meta["topics"]["sizes"]
    assert sizes.max() - sizes.min() <= 1
    counts = np.bincount(runs.gold, minlength=len(CLASSES[name]))
    assert counts.tolist() == meta["class_counts"]
    # Stratified: each class is spread over the folds as evenly as its size allows.
    per_fold = np.zeros((20, len(counts)), dtype=int)
    np.add.at(per_fold, (runs.item_topics, runs.gold), 1)
    assert (per_fold.max(axis=0) - per_fold.min(axis=0)).max() <= 1


@pytest.mark.parametrize("name", REAL)
def test_a_real_collection_has_one_constant_baseline_per_class_and_the_trained_systems(name):
    runs = loaded(name)
    constants = [f"constant_{c}" for c in CLASSES[name]]
    assert runs.systems == (*constants, *TRAINED)
    assert len(TRAINED) - 2 >= 15  # trained systems beyond majority and stratified random
    for k, system in enumerate(constants):
        assert set(runs.labels[runs.systems.index(system)].tolist()) == {k}


@pytest.mark.parametrize("name", REAL)
def test_the_metadata_accuracy_of_every_system_matches_its_shipped_labels(name):
    runs = loaded(name)
    meta = datasets.describe(name)
    assert [s["name"] for s in meta["systems"]] == list(runs.systems)
    for row, system in enumerate(meta["systems"]):
        assert system["accuracy"] == round(float(np.mean(runs.labels[row] == runs.gold)), 4)
    trained = {s["name"]: s["accuracy"] for s in meta["systems"]}
    # Real classifiers beat the stratified-random baseline on every data set.
    assert trained["logistic_regression"] > trained["stratified_random"]
    assert trained["pom"] > trained["stratified_random"]


@pytest.mark.parametrize("name", REAL)
def test_the_metadata_names_source_licence_seed_settings_and_versions(name):
    meta = datasets.describe(name)
    assert meta["name"] == name
    assert meta["source"]["package"] == "skordinal"
    assert meta["source"]["loader"] == f"skordinal.datasets.load_{name}"
    assert "BSD-3-Clause" in meta["source"]["licence"]
    assert meta["source"]["references"]
    assert meta["seed"] == 2026
    assert set(meta["generator"]) == {"script", "numpy", "scipy", "scikit-learn", "skordinal"}
    assert meta["generator"]["script"] == "scripts/make_real_data.py"
    kinds = {s["name"]: s["kind"] for s in meta["systems"]}
    assert kinds["pom"] == "ordinal"
    assert kinds["ridge_round"] == "regression-then-round"
    assert kinds["majority"] == "baseline"
    forest = next(s for s in meta["systems"] if s["name"] == "random_forest")
    (params,) = forest["settings"].values()
    assert params["n_estimators"] == 50
    assert params["n_jobs"] == 1
    assert params["random_state"] == 2026
    assert [s["name"] for s in meta["systems"] if s["probabilities"]] == WITH_PROBA


@pytest.mark.parametrize("name", REAL)
def test_the_oq_collection_holds_count_and_probability_estimates_matching_the_labels(name):
    dist = loaded(name, "oq")
    labels = loaded(name)
    assert isinstance(dist, DistributionRuns)
    assert dist.systems == (*labels.systems, *(f"{s}_proba" for s in WITH_PROBA))
    assert dist.topics == labels.topics
    counted = labels.to_distribution_runs()
    np.testing.assert_allclose(dist.gold, counted.gold, atol=1e-6)
    n = len(labels.systems)
    np.testing.assert_allclose(dist.estimates[:, :n], counted.estimates, atol=1e-6)
    # Probability estimates are real averages, not one-hot counts.
    assert not np.allclose(dist.estimates[:, n:], counted.estimates[:, : len(WITH_PROBA)])


def test_estimates_selects_count_or_probability_systems_of_a_real_collection():
    count = datasets.load("esl", "oq", estimates="count")
    proba = datasets.load("esl", "oq", estimates="proba")
    assert count.systems == loaded("esl").systems
    assert proba.systems == tuple(f"{s}_proba" for s in WITH_PROBA)


def test_shipped_distribution_rows_sum_to_exactly_one_at_six_decimals():
    for path in sorted((SHIPPED / "esl").glob("*distributions.tsv")):
        header, *rows = path.read_text(encoding="utf-8").splitlines()
        assert header == "topic\t" + "\t".join(str(c) for c in range(1, 10))
        for row in rows:
            cells = row.split("\t")[1:]
            assert all(len(c) == 8 for c in cells), (path.name, row)
            assert sum(int(c.replace(".", "")) for c in cells) == 1_000_000, (path.name, row)


def test_the_shipped_collections_stay_under_four_megabytes():
    total = sum(p.stat().st_size for p in SHIPPED.rglob("*") if p.is_file())
    assert total < 4_000_000


def test_the_synthetic_collection_is_the_embedded_default_data():
    runs = datasets.load("synthetic")
    default = synthetic.default_label_runs()
    assert runs.systems == default.systems
    np.testing.assert_array_equal(runs.labels, default.labels)
    dist = datasets.load("synthetic", "oq")
    np.testing.assert_array_equal(dist.estimates, synthetic.default_distribution_runs().estimates)
    meta = datasets.describe("synthetic")
    assert meta["classes"] == list(range(1, 12))
    assert len(meta["systems"]) == 50
    assert meta["systems"][0] == {
        "name": "majority_r0.1",
        "kind": "majority",
        "probabilities": False,
    }


def test_describe_returns_a_fresh_copy_each_time():
    first = datasets.describe("era")
    first["systems"].clear()
    assert len(datasets.describe("era")["systems"]) == 33


@pytest.mark.parametrize("call", [datasets.load, datasets.describe])
def test_an_unknown_name_suggests_the_nearest_and_lists_the_available_collections(call):
    with pytest.raises(datasets.UnknownDatasetError) as info:
        call("eras")
    assert (
        str(info.value)
        == f"unknown data set name='eras'; did you mean 'era'? (available: {AVAILABLE})"
    )
    assert isinstance(info.value, InvalidParameterError)
    assert isinstance(info.value, ValueError)


def test_an_unknown_name_without_a_near_match_still_lists_the_available_collections():
    with pytest.raises(datasets.UnknownDatasetError) as info:
        datasets.load("semeval2017")
    assert str(info.value) == f"unknown data set name='semeval2017' (available: {AVAILABLE})"


@pytest.mark.parametrize("call", [datasets.load, datasets.describe])
def test_a_name_that_is_not_a_string_is_a_type_error(call):
    with pytest.raises(InputTypeError) as info:
        call(3)
    assert str(info.value) == "name must be a data set name (str) (got 3)"


def test_an_unknown_family_is_refused_with_the_choices():
    with pytest.raises(InvalidParameterError) as info:
        datasets.load("era", "ocq")
    assert str(info.value) == (
        "family='ocq' is not one of 'oc', 'oq', 'scored'; did you mean 'oq', 'oc'?"
    )


def test_an_unknown_estimates_choice_is_refused_with_the_choices():
    with pytest.raises(InvalidParameterError) as info:
        datasets.load("era", "oq", estimates="probability")
    assert str(info.value) == (
        "estimates='probability' is not one of 'both', 'count', 'proba'; did you mean 'proba'?"
    )


@pytest.mark.parametrize(
    ("name", "family"), [("era", "oc"), ("synthetic", "oq"), ("synthetic_scored", "scored")]
)
def test_estimates_other_than_both_is_refused_where_it_does_not_apply(name, family):
    with pytest.raises(InvalidParameterError) as info:
        datasets.load(name, family, estimates="count")
    assert str(info.value) == (
        f"estimates='count' applies to a real collection loaded as family 'oq' "
        f"(got name={name!r}, family={family!r}); leave it at 'both'"
    )


@pytest.mark.slow
def test_regenerating_esl_with_the_script_reproduces_the_shipped_files_byte_for_byte(tmp_path):
    from importlib.metadata import version

    recorded = datasets.describe("esl")["generator"]
    installed = {lib: version(lib) for lib in ("numpy", "scipy", "scikit-learn", "skordinal")}
    # Fits depend on the library versions: the shipped files name the ones they were made with.
    assert installed == {lib: recorded[lib] for lib in installed}
    script = ROOT / "scripts" / "make_real_data.py"
    subprocess.run(
        [sys.executable, str(script), "--only", "esl", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        text=True,
    )
    made = {p.name: p.read_bytes() for p in (tmp_path / "esl").iterdir()}
    shipped = {p.name: p.read_bytes() for p in (SHIPPED / "esl").iterdir()}
    assert sorted(made) == sorted(shipped)
    differing = [name for name in sorted(made) if made[name] != shipped[name]]
    assert differing == []
