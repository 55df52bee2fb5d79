import numpy as np
import pytest

import axiometrics as ax
from axiometrics import (
    Evaluation,
    Holds,
    InvalidParameterError,
    Measure,
    Range,
    Registry,
    UndefinedMeasureError,
    UnknownMeasureError,
)
from axiometrics.claims import claims_for_family
from axiometrics.meta import (
    LabelRuns,
    MetaInputError,
    ScoringReport,
    UndefinedScoreError,
    score_runs,
)
from axiometrics.meta.scoring import resolve_measures
from axiometrics.meta.synthetic import amigo_synthetic


def small_runs():
    return amigo_synthetic(n_topics=6, n_items=30, seed=1)


def test_scores_equal_the_measure_applied_cell_by_cell():
    runs = small_runs()
    scores = score_runs(runs, ["accuracy", "nmd"])
    assert scores.shape == (2, 6, 50)
    for t in (0, 5):
        for s in (0, 17, 49):
            matrix = runs.confusion_batch[t, s]
            assert scores.scores[0, t, s] == pytest.approx(ax.score("accuracy", matrix))
            system = matrix.sum(axis=1) / matrix.sum()
            gold = matrix.sum(axis=0) / matrix.sum()
            assert scores.scores[1, t, s] == pytest.approx(ax.score("nmd", system, gold))


def counting_registry(calls, *, undefined_when=None):
    measure = Measure(
        name="probe",
        family="oc",
        higher_is_better=False,
        range=Range(0, 1),
        claims={c.name: Holds() for c in claims_for_family("oc")},
        undefined="probe is undefined on the first system of topic 0",
    )

    def compute(matrices, *, values):
        calls.append(matrices.shape)
        out = 1 - np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))
        if undefined_when is None:
            return out
        mask = np.zeros(out.shape, dtype=bool)
        mask[undefined_when] = True
        return Evaluation(out, mask)

    reg = Registry()
    reg.register(measure, compute)
    return reg


def test_each_measure_is_called_once_on_the_whole_topic_by_system_batch():
    calls = []
    runs = small_runs()
    scores = score_runs(runs, ["probe"], registry=counting_registry(calls))
    assert calls == [(6, 50, 11, 11)]
    assert scores.higher_is_better == (False,)


def test_undefined_cells_raise_naming_measure_topic_and_system():
    reg = counting_registry([], undefined_when=(0, 0))
    with pytest.raises(
        UndefinedScoreError,
        match=r"measure='probe' is undefined at \(topic='t001', "
        r"system='majority_r0\.1'\)",
    ) as info:
        score_runs(small_runs(), ["probe"], registry=reg)
    assert isinstance(info.value, UndefinedMeasureError)
    assert info.value.cells == (("t001", "majority_r0.1"),)


def test_undefined_cells_can_be_filled_or_the_measure_dropped():
    reg = counting_registry([], undefined_when=(0, 0))
    report = ScoringReport()
    filled = score_runs(small_runs(), ["probe"], registry=reg, on_undefined=0.5, report=report)
    assert filled.scores[0, 0, 0] == 0.5
    assert report.filled == {"probe": (1, 0.5)}
    with pytest.raises(MetaInputError, match="every measure was dropped"):
        score_runs(small_runs(), ["probe"], registry=reg, on_undefined="drop")


def test_per_measure_policies_with_a_wildcard():
    runs = small_runs()
    report = ScoringReport()
    # Correlations are undefined where a system puts every item in one class.
    system_classes = (runs.confusion_batch.sum(axis=-1) > 0).sum(axis=-1)
    constant = int((system_classes == 1).sum())
    assert constant >= 6  # at least majority_r1.0 on every topic
    scores = score_runs(
        runs,
        ["accuracy", "pearson", "kendall_tau_b"],
        on_undefined={"pearson": 0.0, "*": "drop"},
        report=report,
    )
    assert scores.measures == ("accuracy", "pearson")
    assert report.dropped == {"kendall_tau_b": constant}
    assert report.filled == {"pearson": (constant, 0.0)}
    assert any("left out" in note for note in report.notes())


def test_bad_policies_are_rejected():
    with pytest.raises(
        InvalidParameterError, match="on_undefined must be 'raise', 'drop' or a number"
    ):
        score_runs(small_runs(), ["accuracy"], on_undefined="ignore")
    with pytest.raises(InvalidParameterError, match="finite"):
        score_runs(small_runs(), ["accuracy"], on_undefined=float("inf"))


def test_parameterised_measures_are_named_with_their_parameters():
    scores = score_runs(small_runs(), ["accuracy_within(n=2)", "accuracy_within"])
    assert scores.measures == ("accuracy_within(n=2)", "accuracy_within")
    assert np.all(scores.scores[0] >= scores.scores[1])


def test_default_measures_are_every_measure_of_the_runs_family():
    runs = small_runs().to_distribution_runs()
    scores = score_runs(runs, on_undefined={"*": "drop"})
    registered = ax.default_registry().names("oq")
    assert set(scores.measures) <= set(registered)
    assert "nmd" in scores.measures


def test_oc_measures_cannot_score_distribution_runs():
    with pytest.raises(MetaInputError, match="takes confusion matrices and needs per-item labels"):
        score_runs(small_runs().to_distribution_runs(), ["accuracy"])


def test_unknown_and_repeated_measures_are_rejected():
    with pytest.raises(UnknownMeasureError, match="accuracy"):
        score_runs(small_runs(), ["acuracy"])
    with pytest.raises(MetaInputError, match="must not repeat"):
        score_runs(small_runs(), ["accuracy", "acc"])


def test_label_runs_and_their_distributions_give_the_same_oq_scores():
    runs: LabelRuns = small_runs()
    direct = score_runs(runs, ["nmd", "jsd"])
    via = score_runs(runs.to_distribution_runs(), ["nmd", "jsd"])
    np.testing.assert_allclose(direct.scores, via.scores)


def test_nominal_measures_score_label_runs_like_oc_ones():
    runs = small_runs()
    scores = score_runs(runs, ["mcc", "accuracy"])
    direct = ax.score("mcc", runs.scorer_inputs("oc")[0])
    np.testing.assert_allclose(scores.scores[0], direct)  # (measure, topic, system)


def test_scored_measures_are_refused_for_run_files_with_the_way_out():
    with pytest.raises(MetaInputError, match=r"family 'scored'.*\(--scores\)"):
        resolve_measures(["roc_auc"], "oc")
