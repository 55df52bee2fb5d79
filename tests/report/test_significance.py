"""The report's pairwise significance matrices and the annotator-agreement demonstration."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import stats
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.synthetic import amigo_synthetic
from axiometrics.report import charts
from axiometrics.report.annotators import AGREEMENT_COEFFICIENTS, agreement_model
from axiometrics.report.significance import significance_model
from axiometrics.report.stability import Dataset, MetaSettings, evaluate_dataset


@pytest.fixture(scope="module")
def scores() -> ScoreMatrices:
    rng = np.random.default_rng(2)
    topic = rng.uniform(0, 0.5, size=(12, 1))
    good = topic + np.array([0.0, 0.02, 0.3, 0.31]) + rng.normal(0, 0.02, size=(12, 4))
    return ScoreMatrices(
        ("gain", "loss"),
        tuple(f"q{i}" for i in range(12)),
        ("a", "b", "c", "d"),
        np.stack([good, 1.0 - good]),
        (True, False),
    )


def test_each_measure_gets_a_matrix_of_one_character_per_system_pair(scores):
    model = significance_model(scores, alpha=0.05, user=set())
    assert model["systems"] == ["a", "b", "c", "d"]
    assert set(model["matrices"]) == {"gain", "loss"}
    rows = model["matrices"]["gain"]
    assert len(rows) == 4
    assert all(len(row) == 4 and row[i] == "=" for i, row in enumerate(rows))


def test_the_matrix_is_antisymmetric_and_agrees_with_the_holm_corrected_t_test(scores):
    model = significance_model(scores, alpha=0.05, user=set())
    rows = model["matrices"]["gain"]
    flip = {"+": "-", "-": "+", ".": ".", "=": "="}
    for i in range(4):
        for j in range(4):
            assert rows[i][j] == flip[rows[j][i]]
    reference = stats.compare(scores.scores[0], test="t", correction="holm")
    assert model["rows"][0]["significant_pairs"] == int(reference.significant.sum())
    # c and d are far better than a and b.
    assert rows[2][0] == "+"
    assert rows[0][3] == "-"


def test_the_better_system_follows_the_measures_direction(scores):
    model = significance_model(scores, alpha=0.05, user=set())
    # loss = 1 - gain and lower is better: the same winners.
    assert model["matrices"]["loss"] == model["matrices"]["gain"]


def test_the_users_measure_is_flagged(scores):
    model = significance_model(scores, alpha=0.05, user={"loss"})
    assert [r["user"] for r in model["rows"]] == [False, True]


def test_the_meta_evaluation_model_carries_the_significance_beside_tukey_counts():
    runs = amigo_synthetic(n_topics=8, n_items=30, seed=5)
    data = Dataset("tiny", "Tiny", "oc", runs, "8 topics", {"*": "drop"})
    model = evaluate_dataset(
        data,
        measures=["mae_macro", "accuracy"],
        user_scorers=[],
        settings=MetaSettings(seed=1, trials=10, B=50),
    )
    significance = model["significance"]
    assert [r["measure"] for r in significance["rows"]] == ["mae_macro", "accuracy"]
    tukey = {r["measure"]: r["significant_pairs"] for r in model["discriminative"]["rows"]}
    for row in significance["rows"]:
        assert row["pairs"] == 50 * 49 // 2
        assert row["tukey_pairs"] == tukey[row["measure"]]
        assert 0 <= row["significant_pairs"] <= row["pairs"]


def test_the_significance_chart_is_deterministic_and_has_one_panel_per_measure(scores):
    model = significance_model(scores, alpha=0.05, user={"loss"})
    first = charts.significance_matrices(model, {"loss"}, "t")
    second = charts.significance_matrices(model, {"loss"}, "t")
    assert first == second
    assert first.count("<image") == 2
    assert "★ loss" in first
    assert "<metadata>" not in first


def test_the_agreement_demonstration_falls_as_annotator_noise_rises():
    runs = amigo_synthetic(n_topics=5, n_items=40, seed=3)
    model = agreement_model(runs, seed=0, noise=(0.0, 0.2, 0.5), bootstrap=50)
    assert model["n_items"] == 200
    assert [r["noise"] for r in model["rows"]] == [0.0, 0.2, 0.5]
    for key, _ in AGREEMENT_COEFFICIENTS:
        values = [r["coefficients"][key]["value"] for r in model["rows"]]
        assert values[0] == pytest.approx(1.0)
        assert values[0] > values[1] > values[2]
        for r in model["rows"]:
            c = r["coefficients"][key]
            assert c["low"] <= c["value"] <= c["high"]


def test_ordinal_noise_costs_the_ordinal_alpha_less_than_the_nominal_one():
    runs = amigo_synthetic(n_topics=5, n_items=40, seed=3)
    row = agreement_model(runs, seed=0, noise=(0.3,), bootstrap=20)["rows"][0]
    coefficients = row["coefficients"]
    assert coefficients["alpha_ordinal"]["value"] > coefficients["alpha_nominal"]["value"]


def test_the_agreement_demonstration_is_reproducible_with_its_seed():
    runs = amigo_synthetic(n_topics=5, n_items=40, seed=3)
    assert agreement_model(runs, seed=4, bootstrap=20) == agreement_model(
        runs, seed=4, bootstrap=20
    )
