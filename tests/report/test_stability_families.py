"""The stability sections meta-evaluate every family a data set can feed: nominal, scored."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.family import get_family
from axiometrics.measures.scored.synthetic import scored_synthetic
from axiometrics.meta.synthetic import amigo_synthetic
from axiometrics.report.build import ReportSettings, build_report
from axiometrics.report.render import render_files
from axiometrics.report.stability import (
    Dataset,
    MetaSettings,
    companion_families,
    default_datasets,
    evaluate_dataset,
)

SETTINGS = MetaSettings(seed=2, trials=12, B=60)
OC = ["mae_macro", "accuracy", "f1_macro"]
NOMINAL = ["mcc", "f1_weighted", "precision_macro"]


@pytest.fixture(scope="module")
def oc_data() -> Dataset:
    runs = amigo_synthetic(n_topics=8, n_items=30, seed=4)
    return Dataset("tiny-oc", "Tiny OC", "oc", runs, "8 topics", {"*": "drop"})


@pytest.fixture(scope="module")
def scored_data() -> Dataset:
    runs = scored_synthetic(n_topics=8, n_items=40, seed=4)
    return Dataset("tiny-scored", "Tiny scored", "scored", runs, "8 topics", {"*": "drop"})


@pytest.fixture(scope="module")
def mixed(oc_data):
    return evaluate_dataset(oc_data, measures=OC + NOMINAL, user_scorers=[], settings=SETTINGS)


def test_label_runs_feed_the_nominal_family_and_no_other():
    assert companion_families("oc") == ["nominal"]
    assert companion_families("oq") == []
    assert companion_families("scored") == []


def test_nominal_measures_are_meta_evaluated_on_an_oc_data_set_grouped_by_family(mixed):
    assert mixed["skipped"] is None
    assert [(f["key"], f["measures"]) for f in mixed["families"]] == [
        ("oc", OC),
        ("nominal", NOMINAL),
    ]
    assert {m["name"]: m["family"] for m in mixed["measures"]} == {
        **dict.fromkeys(OC, "oc"),
        **dict.fromkeys(NOMINAL, "nominal"),
    }
    assert mixed["similarity"]["measures"] == OC + NOMINAL
    assert mixed["similarity"]["families"] == ["oc"] * 3 + ["nominal"] * 3
    tau = np.array(mixed["similarity"]["tau"])
    assert tau.shape == (6, 6)
    assert np.allclose(np.diag(tau), 1.0)
    assert {r["measure"] for r in mixed["discriminative"]["rows"]} == set(OC + NOMINAL)
    assert {r["family"] for r in mixed["coverage"]} == {"oc", "nominal"}
    assert {r["family"] for r in mixed["significance"]["rows"]} == {"oc", "nominal"}


def test_ranking_consistency_is_tested_within_each_family_group(mixed):
    for split in mixed["consistency"]:
        assert [g["family"] for g in split["groups"]] == ["oc", "nominal"]
        assert [g["measures"] for g in split["groups"]] == [3, 3]
        for group in split["groups"]:
            rows = [r for r in split["rows"] if r["family"] == group["family"]]
            assert len(rows) == 3
            # A marker counts only the measures of the same family.
            assert all(0 <= r["outperforms"] <= 2 for r in rows)
            assert {r["ve2"] for r in rows} == {group["ve2"]}


def test_adding_the_nominal_measures_leaves_every_oc_number_unchanged(oc_data, mixed):
    alone = evaluate_dataset(oc_data, measures=OC, user_scorers=[], settings=SETTINGS)
    assert [f["key"] for f in alone["families"]] == ["oc"]
    index = [mixed["similarity"]["measures"].index(m) for m in OC]
    for key in ("tau", "low", "high"):
        together = np.array(mixed["similarity"][key])[np.ix_(index, index)]
        np.testing.assert_array_equal(together, np.array(alone["similarity"][key]))
    for before, after in zip(alone["consistency"], mixed["consistency"], strict=True):
        assert before["rows"] == [r for r in after["rows"] if r["family"] == "oc"]
    for m in OC:
        assert alone["discriminative"]["curves"][m] == mixed["discriminative"]["curves"][m]
        assert alone["significance"]["matrices"][m] == mixed["significance"]["matrices"][m]
    assert alone["coverage"] == [r for r in mixed["coverage"] if r["family"] == "oc"]


def test_only_nominal_measures_on_an_oc_data_set_are_still_evaluated(oc_data):
    model = evaluate_dataset(oc_data, measures=NOMINAL, user_scorers=[], settings=SETTINGS)
    assert model["skipped"] is None
    assert [f["key"] for f in model["families"]] == ["nominal"]
    assert [g["family"] for g in model["consistency"][0]["groups"]] == ["nominal"]


def test_the_scored_data_set_is_shipped_last_and_takes_its_familys_coverage_reference():
    (scored,) = default_datasets(["synthetic_scored"])
    assert scored.key == "synthetic-scored"
    assert scored.family == "scored"
    assert scored.reference is None  # the scored family's own, see the next test
    assert not scored.embedded
    keys = [d.key for d in default_datasets(["synthetic", "synthetic_scored"])]
    assert keys == ["synthetic-oc", "synthetic-oq", "synthetic-scored"]


def test_scored_measures_are_meta_evaluated_on_the_scored_data(scored_data):
    model = evaluate_dataset(scored_data, measures=None, user_scorers=[], settings=SETTINGS)
    assert model["skipped"] is None
    names = [m["name"] for m in model["measures"]]
    assert {"roc_auc", "average_precision", "log_loss", "brier"} <= set(names)
    assert {m["family"] for m in model["measures"]} == {"scored"}
    assert model["coverage_reference"] == list(get_family("scored").coverage_reference)
    assert model["coverage_reference"] == ["roc_auc", "log_loss", "f1_at"]
    assert model["settings"]["systems"] == 24
    assert model["discriminative"]["rows"][0]["pairs"] == 24 * 23 // 2


def test_a_report_on_a_tiny_setting_shows_both_families_stability_sections(
    oc_data, scored_data, tmp_path
):
    report = build_report(
        ReportSettings(
            measures=["mae_macro", "accuracy", "mcc", "roc_auc", "log_loss"],
            datasets=[oc_data, scored_data],
            profile="dev",
            max_examples=3,
            meta=SETTINGS,
        )
    )
    summary = report.model["summary"]["meta"]
    assert summary == {
        "measures": 5,
        "families": {"oc": 2, "nominal": 1, "scored": 2},
        "datasets": 2,
    }
    files = render_files(report)
    page = files["stability.html"]
    for key in ("tiny-oc", "tiny-scored"):
        for part in ("similarity", "consistency", "discriminative", "coverage"):
            assert f'id="{key}-{part}"' in page
    assert "Nominal classification (1)</th>" in page
    assert "Nominal classification measures (1)" in page  # the p-value curve panel
    assert "roc_auc" in page
    assert "measures meta-evaluated</a> on 2 data set(s)" in files["index.html"]


def _my_hits(matrix):
    return float(np.trace(matrix) / matrix.sum())


def test_a_users_nominal_measure_joins_the_nominal_group_of_an_oc_data_set(oc_data):
    from axiometrics.checker import resolve_subject

    scorer = resolve_subject(_my_hits, family="nominal", higher_is_better=True).scorer
    model = evaluate_dataset(
        oc_data, measures=OC + NOMINAL[:1], user_scorers=[scorer], settings=SETTINGS
    )
    assert model["user_measures"] == ["my_hits"]
    assert [(f["key"], f["measures"]) for f in model["families"]] == [
        ("oc", OC),
        ("nominal", [NOMINAL[0], "my_hits"]),
    ]
    rows = [r for r in model["consistency"][0]["rows"] if r["measure"] == "my_hits"]
    assert rows[0]["family"] == "nominal"
    assert rows[0]["user"] is True


def test_a_companion_measure_undefined_on_the_runs_is_dropped_rather_than_raising():
    runs = amigo_synthetic(n_topics=8, n_items=30, seed=4)
    strict = Dataset("strict-oc", "Strict OC", "oc", runs, "8 topics", "raise")
    model = evaluate_dataset(
        strict,
        measures=["accuracy", "mae_micro", "markedness", "mcc"],
        user_scorers=[],
        settings=SETTINGS,
    )
    assert [m["name"] for m in model["measures"]] == ["accuracy", "mae_micro", "mcc"]
    assert any(n.startswith("measure 'markedness' left out") for n in model["notes"])
