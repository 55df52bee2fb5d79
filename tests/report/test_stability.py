"""The stability sections: the user's measure is meta-evaluated beside the built-ins."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.checker import resolve_subject
from axiometrics.meta.synthetic import amigo_synthetic
from axiometrics.meta.table3 import replicate_table3
from axiometrics.report.model import number
from axiometrics.report.stability import Dataset, MetaSettings, evaluate_dataset, table3_model

SETTINGS = MetaSettings(seed=1, trials=10, B=50)


def _my_error(matrix):
    c = matrix.shape[0]
    i, j = np.indices((c, c))
    return float((matrix * np.abs(i - j)).sum() / matrix.sum())


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=8, n_items=30, seed=5)


def test_the_users_measure_appears_in_every_analysis_and_is_flagged(runs):
    scorer = resolve_subject(_my_error, family="oc", higher_is_better=False).scorer
    data = Dataset("tiny", "Tiny", "oc", runs, "8 topics", {"*": "drop"})
    model = evaluate_dataset(
        data, measures=["mae_macro", "accuracy", "nmd"], user_scorers=[scorer], settings=SETTINGS
    )
    assert model["skipped"] is None
    assert model["user_measures"] == ["my_error"]
    assert model["similarity"]["measures"] == ["mae_macro", "accuracy", "my_error"]
    tau = np.array(model["similarity"]["tau"])
    assert tau.shape == (3, 3)
    assert np.allclose(np.diag(tau), 1.0)
    for split in model["consistency"]:
        assert {r["measure"]: r["user"] for r in split["rows"]}["my_error"] is True
    rows = {r["measure"]: r for r in model["discriminative"]["rows"]}
    assert rows["my_error"]["user"] is True
    assert rows["my_error"]["pairs"] == 50 * 49 // 2
    curve = model["discriminative"]["curves"]["my_error"]
    assert curve == sorted(curve)
    assert {r["measure"]: r["user"] for r in model["coverage"]}["my_error"] is True


def test_a_data_set_with_fewer_than_two_measures_is_skipped_with_the_reason(runs):
    data = Dataset("tiny-oq", "Tiny OQ", "oq", runs, "8 topics")
    model = evaluate_dataset(data, measures=["nmd"], user_scorers=[], settings=SETTINGS)
    assert model["skipped"] == (
        "1 measure(s) of family 'oq': the meta-evaluation compares at least two"
    )
    assert "similarity" not in model


def test_table3_sits_beside_the_papers_numbers():
    model = table3_model()
    assert model["columns"] == [
        "all",
        "-random",
        "-proximity",
        "-majority",
        "-tag disp.",
        "-ord. disp.",
    ]
    assert len(model["rows"]) == 15
    first = model["rows"][0]
    assert first["label"] == "Accuracy"
    assert first["paper"] == [0.81, 0.77, 0.78, 0.78, 0.94, 0.77]
    frame = replicate_table3()
    assert [r["ours"][0] for r in model["rows"]] == [number(x) for x in frame["ours all"]]
    assert [r["ours"][-1] for r in model["rows"]] == [number(x) for x in frame["ours -ord. disp."]]
