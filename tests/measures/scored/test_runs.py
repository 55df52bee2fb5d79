"""Scored runs and the synthetic scored data: shape, determinism, designed behaviour."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import meta
from axiometrics.errors import InvalidParameterError
from axiometrics.measures.scored.runs import ScoredRuns
from axiometrics.measures.scored.synthetic import (
    ADVERSARIAL,
    CALIBRATIONS,
    SEPARATIONS,
    default_scored_runs,
    scored_synthetic,
    scored_system_kind,
)
from axiometrics.meta import MetaInputError, score_runs


@pytest.fixture(scope="module")
def runs() -> ScoredRuns:
    return default_scored_runs()


@pytest.fixture(scope="module")
def means(runs):
    scores = score_runs(runs, ["roc_auc", "log_loss", "brier"])
    return {
        name: dict(zip(runs.systems, scores.system_means(oriented=False)[i], strict=True))
        for i, name in enumerate(scores.measures)
    }


def test_the_default_data_has_fifty_topics_of_two_hundred_items_and_24_systems(runs):
    assert runs.gold.shape == (50, 200)
    assert runs.scores.shape == (50, 24, 200)
    assert len(runs.systems) == len(SEPARATIONS) * len(CALIBRATIONS) + len(ADVERSARIAL)
    assert runs.systems[:2] == ("calibrated_d0.5", "calibrated_d1.0")
    assert runs.systems[-4:] == ADVERSARIAL
    assert runs.family == "scored"
    assert list(runs.scale.labels) == [0, 1]


def test_every_topic_has_both_classes_and_a_prevalence_within_the_range(runs):
    prevalence = runs.gold.mean(axis=1)
    assert prevalence.min() >= 0.05 - 1 / 200
    assert prevalence.max() <= 0.5 + 1 / 200
    tiny = scored_synthetic(n_topics=30, n_items=2)
    assert (tiny.gold.sum(axis=1) == 1).all()


def test_scores_are_probabilities_strictly_inside_zero_and_one(runs):
    assert runs.scores.min() > 0.0
    assert runs.scores.max() < 1.0


def test_the_same_seed_gives_the_same_bytes_and_another_seed_other_data():
    first = scored_synthetic(n_topics=5, n_items=40, seed=7)
    again = scored_synthetic(n_topics=5, n_items=40, seed=7)
    other = scored_synthetic(n_topics=5, n_items=40, seed=8)
    assert first.scores.tobytes() == again.scores.tobytes()
    assert first.gold.tobytes() == again.gold.tobytes()
    assert first.scores.tobytes() != other.scores.tobytes()


def test_under_roc_auc_the_constant_system_scores_one_half_and_the_inverted_one_ranks_last(
    runs,
):
    auc = score_runs(runs, ["roc_auc"]).scores[0]
    constant = runs.systems.index("constant")
    np.testing.assert_array_equal(auc[:, constant], 0.5)
    mean = auc.mean(axis=0)
    assert runs.systems[int(np.argmin(mean))] == "inverted"
    assert mean[runs.systems.index("random")] == pytest.approx(0.5, abs=0.03)
    # The ties-heavy system keeps most of its separation: far above chance.
    assert mean[runs.systems.index("ties_d2.0")] > mean[runs.systems.index("calibrated_d1.5")]


@pytest.mark.parametrize("kind", list(CALIBRATIONS))
def test_roc_auc_grows_with_the_separation_whatever_the_calibration(means, kind):
    auc = [means["roc_auc"][f"{kind}_d{d:.1f}"] for d in SEPARATIONS]
    assert auc == sorted(auc)
    assert auc[-1] > 0.95


@pytest.mark.parametrize("d", SEPARATIONS)
def test_the_calibrated_system_has_the_lowest_log_loss_and_brier_at_each_separation(means, d):
    for measure in ("log_loss", "brier"):
        by_kind = {kind: means[measure][f"{kind}_d{d:.1f}"] for kind in CALIBRATIONS}
        assert min(by_kind, key=by_kind.__getitem__) == "calibrated"


def test_system_kinds_are_read_from_the_names():
    assert scored_system_kind("biased_d1.5") == "biased"
    assert scored_system_kind("ties_d2.0") == "ties"
    assert scored_system_kind("constant") == "constant"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_topics": 1}, "n_topics=1: expected an integer >= 2"),
        ({"n_items": True}, "n_items=True: expected an integer >= 2"),
        ({"prevalence_range": (0.0, 0.5)}, "expected 0 < low <= high < 1"),
        ({"prevalence_range": "ab"}, "expected two numbers (low, high)"),
    ],
)
def test_bad_generator_parameters_are_refused(kwargs, message):
    with pytest.raises(
        InvalidParameterError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        scored_synthetic(**kwargs)


def _tiny(**changes):
    fields = {
        "topics": ("t1", "t2"),
        "systems": ("a", "b"),
        "gold": np.array([[0, 1, 1], [1, 0, 0]]),
        "scores": np.zeros((2, 2, 3)),
    }
    return ScoredRuns(**{**fields, **changes})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"gold": np.array([[0, 1, 2], [1, 0, 0]])},
            "gold must hold binary labels 0/1 (got [2.0])",
        ),
        ({"gold": np.zeros((3, 3))}, "gold must have shape (topics, items) = (2, n)"),
        ({"scores": np.zeros((2, 3, 3))}, "scores must have shape (topics, systems, items)"),
        (
            {"scores": np.where(np.arange(12).reshape(2, 2, 3) == 4, np.nan, 0.0)},
            "scores must be finite (got nan for system 'b' on topic 't1', item 1)",
        ),
        ({"systems": ("a",), "scores": np.zeros((2, 1, 3))}, "at least 2 systems"),
    ],
)
def test_invalid_scored_runs_are_refused_with_the_reason(changes, message):
    with pytest.raises(MetaInputError) as info:
        _tiny(**changes)
    assert message in str(info.value)


def test_the_runs_are_read_only_copies():
    scores = np.zeros((2, 2, 3))
    runs = _tiny(scores=scores)
    scores[0, 0, 0] = 1.0
    assert runs.scores[0, 0, 0] == 0.0
    with pytest.raises(ValueError, match="read-only"):
        runs.scores[0, 0, 0] = 1.0


def test_select_systems_keeps_the_order_given_and_refuses_unknown_names(runs):
    picked = runs.select_systems(["inverted", "constant"])
    assert picked.systems == ("inverted", "constant")
    np.testing.assert_array_equal(picked.scores[:, 1], 0.5)
    with pytest.raises(MetaInputError, match="'nope'"):
        runs.select_systems(["nope"])


def test_measures_of_another_input_family_cannot_score_scored_runs(runs):
    with pytest.raises(MetaInputError) as info:
        score_runs(runs, ["accuracy"])
    assert "family 'oc'" in str(info.value)
    assert "runs of family 'scored'" in str(info.value)


def test_scored_measures_cannot_score_label_runs():
    with pytest.raises(MetaInputError) as info:
        score_runs(meta.amigo_synthetic(n_topics=2, n_items=10), ["roc_auc"])
    assert "family 'scored'" in str(info.value)


def test_the_whole_meta_evaluation_runs_on_scored_runs():
    tiny = scored_synthetic(n_topics=6, n_items=40, seed=1)
    result = meta.run(
        tiny,
        trials=10,
        B=50,
        splits=("full",),
        reference=("roc_auc", "log_loss", "f1_at"),
    )
    assert set(result.scores.measures) >= {"roc_auc", "average_precision", "log_loss", "brier"}
    assert result.similarity is not None
    assert len(result.consistency) == 1
    assert result.discriminative is not None
    assert result.coverage is not None
    assert result.coverage.reference == ("roc_auc", "log_loss", "f1_at")
