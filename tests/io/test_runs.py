import numpy as np
import pandas as pd
import pytest

from axiometrics import ClassScale, ConfusionMatrices, UnknownLabelError
from axiometrics.io import DataFileError, DistributionRuns, LabelRuns

SCALE = [-2, -1, 0, 1, 2]


def gold_frame():
    return pd.DataFrame(
        {
            "id": ["a", "b", "c", "d", "e", "f"],
            "topic": ["t1", "t1", "t1", "t2", "t2", "t2"],
            "label": [-2, 0, 2, 1, 1, -1],
        }
    )


def run_frame(labels, ids=("a", "b", "c", "d", "e", "f")):
    return pd.DataFrame({"id": list(ids), "label": labels})


def label_runs():
    return LabelRuns.from_frames(
        gold_frame(),
        {"r1": run_frame([-2, 0, 1, 1, 0, -1]), "r2": run_frame([0, 0, 0, 0, 0, 0])},
        scale=SCALE,
    )


def test_confusion_batch_equals_per_topic_per_system_matrices():
    runs = label_runs()
    batch = runs.confusion_batch
    assert batch.shape == (2, 2, 5, 5)
    gold = gold_frame()
    systems = {"r1": [-2, 0, 1, 1, 0, -1], "r2": [0] * 6}
    for t, topic in enumerate(["t1", "t2"]):
        rows = (gold["topic"] == topic).to_numpy()
        for s, name in enumerate(["r1", "r2"]):
            expected = ConfusionMatrices.from_labels(
                gold["label"][rows].tolist(), np.array(systems[name])[rows].tolist(), scale=SCALE
            ).counts
            np.testing.assert_array_equal(batch[t, s], expected)


def test_distribution_counterpart_holds_label_shares_per_topic():
    dist = label_runs().to_distribution_runs()
    np.testing.assert_allclose(dist.gold[0], [1 / 3, 0, 1 / 3, 0, 1 / 3])
    np.testing.assert_allclose(dist.estimates[1, 0], [0, 1 / 3, 1 / 3, 1 / 3, 0])
    np.testing.assert_allclose(dist.estimates[:, 1], [[0, 0, 1, 0, 0]] * 2)


def test_run_order_is_kept_and_systems_can_be_selected():
    runs = label_runs()
    assert runs.systems == ("r1", "r2")
    assert runs.topics == ("t1", "t2")
    picked = runs.select_systems(["r2", "r1"])
    np.testing.assert_array_equal(picked.labels[0], runs.labels[1])
    with pytest.raises(DataFileError, match="unknown system names"):
        runs.select_systems(["nope", "r1"])


def test_a_run_missing_a_whole_topic_is_named():
    partial = run_frame([-2, 0, 1], ids=("a", "b", "c"))
    with pytest.raises(DataFileError, match=r"run='r2' must label every gold item: 3 missing"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": partial}, scale=SCALE)
    with pytest.raises(DataFileError, match=r"every item of topics \['t2'\]"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": partial}, scale=SCALE)


def test_a_run_missing_one_item_is_named():
    partial = run_frame([-2, 0, 1, 1, 0], ids=("a", "b", "c", "d", "e"))
    with pytest.raises(DataFileError, match=r"1 missing \(e\.g\. ids \['f'\]\)"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": partial}, scale=SCALE)


def test_a_run_with_items_not_in_gold_is_rejected():
    extra = run_frame([0] * 7, ids=("a", "b", "c", "d", "e", "f", "zz"))
    with pytest.raises(DataFileError, match=r"run='r2' labels 1 items that are not in gold"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": extra}, scale=SCALE)


def test_duplicate_ids_in_gold_or_in_a_run_are_rejected():
    gold = gold_frame()
    gold.loc[1, "id"] = "a"
    with pytest.raises(DataFileError, match=r"gold: item ids must be unique \(got 1 duplicated"):
        LabelRuns.from_frames(
            gold, {"r1": run_frame([0] * 6), "r2": run_frame([0] * 6)}, scale=SCALE
        )
    twice = run_frame([0] * 6, ids=("a", "a", "c", "d", "e", "f"))
    with pytest.raises(DataFileError, match=r"run='r2': item ids must be unique"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": twice}, scale=SCALE)


def test_labels_outside_the_scale_name_the_run():
    with pytest.raises(UnknownLabelError, match=r"run='r2' labels must be labels of the scale"):
        LabelRuns.from_frames(
            gold_frame(),
            {"r1": run_frame([0] * 6), "r2": run_frame([0, 0, 3, 0, 0, 0])},
            scale=SCALE,
        )
    gold = gold_frame()
    gold.loc[0, "label"] = 7
    with pytest.raises(UnknownLabelError, match=r"gold labels must be labels of the scale.*7"):
        LabelRuns.from_frames(
            gold, {"r1": run_frame([0] * 6), "r2": run_frame([0] * 6)}, scale=SCALE
        )


def test_a_run_whose_topic_disagrees_with_gold_is_rejected():
    run = run_frame([0] * 6).assign(topic=["t1", "t1", "t2", "t2", "t2", "t2"])
    with pytest.raises(DataFileError, match=r"item id='c' has topic 't2' but gold puts it"):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": run}, scale=SCALE)


def test_a_single_system_on_a_single_topic_is_a_valid_batch():
    one_topic = gold_frame().assign(topic="t1")
    runs = LabelRuns.from_frames(one_topic, {"r1": run_frame([-2, 0, 2, 1, 1, 0])}, scale=SCALE)
    assert runs.topics == ("t1",)
    assert runs.systems == ("r1",)
    assert runs.confusion_batch.shape == (1, 1, 5, 5)
    assert np.trace(runs.confusion_batch[0, 0]) == 5


def test_no_run_at_all_is_rejected():
    with pytest.raises(DataFileError, match=r"runs must hold at least one system run \(got none\)"):
        LabelRuns.from_frames(gold_frame(), {}, scale=SCALE)
    with pytest.raises(DataFileError, match=r"runs must hold at least one system run"):
        DistributionRuns.from_frames(dist(GOLD_E), {}, scale=SCALE)


def test_repeated_system_names_are_rejected():
    with pytest.raises(
        DataFileError, match=r"system names must be unique \(got duplicates \['r'\]\)"
    ):
        LabelRuns(
            ClassScale(SCALE),
            ("t1",),
            ("r", "r"),
            item_topics=[0, 0],
            gold=[0, 1],
            labels=[[0, 1], [1, 1]],
        )


def test_a_run_both_missing_and_adding_items_is_told_both():
    wrong = run_frame([0] * 6, ids=("a", "b", "c", "d", "e", "zz"))
    with pytest.raises(
        DataFileError,
        match=r"run='r2' must label every gold item: 1 missing \(e\.g\. ids \['f'\]\); it also "
        r"labels 1 items that are not in gold \(e\.g\. ids \['zz'\]\)",
    ):
        LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 6), "r2": wrong}, scale=SCALE)


def test_missing_columns_are_named():
    with pytest.raises(DataFileError, match=r"gold must have columns \['id', 'topic', 'label'\]"):
        LabelRuns.from_frames(gold_frame().drop(columns="topic"), {}, scale=SCALE)


def test_from_arrays_builds_equal_size_topics():
    gold = np.array([[1, 2, 3], [3, 3, 1]])
    labels = np.array([gold, np.ones_like(gold)])
    runs = LabelRuns.from_arrays(gold, labels, scale=[1, 2, 3])
    assert runs.topics == (0, 1)
    assert runs.systems == (0, 1)
    np.testing.assert_array_equal(np.trace(runs.confusion_batch[:, 0], axis1=-2, axis2=-1), 3)
    with pytest.raises(DataFileError, match=r"labels \(S, T, n\)"):
        LabelRuns.from_arrays(gold, labels[:, :1], scale=[1, 2, 3])


def dist(topic_probs):
    return pd.DataFrame([[t, *p] for t, p in topic_probs.items()], columns=["topic", *SCALE])


GOLD_E = {"t1": [0.1, 0.2, 0.4, 0.2, 0.1], "t2": [0.0, 0.0, 0.5, 0.5, 0.0]}


def test_distribution_runs_are_aligned_by_topic():
    runs = DistributionRuns.from_frames(
        dist(GOLD_E),
        {"a": dist({"t2": [0.2] * 5, "t1": [0.0, 0.0, 1.0, 0.0, 0.0]}), "b": dist(GOLD_E)},
        scale=SCALE,
    )
    np.testing.assert_allclose(runs.estimates[0, 0], [0, 0, 1, 0, 0])
    np.testing.assert_allclose(runs.estimates[1, 0], [0.2] * 5)
    np.testing.assert_allclose(runs.estimates[:, 1], runs.gold)


def test_distributions_not_summing_to_one_name_the_run_and_topic():
    bad = {"t1": [0.1, 0.2, 0.4, 0.2, 0.1], "t2": [0.5, 0.5, 0.5, 0.0, 0.0]}
    with pytest.raises(
        DataFileError, match=r"run='b' distributions must sum to 1 \(got 1\.5 at topic='t2'"
    ):
        DistributionRuns.from_frames(dist(GOLD_E), {"a": dist(GOLD_E), "b": dist(bad)}, scale=SCALE)


def test_negative_probabilities_are_rejected():
    bad = {"t1": [-0.1, 0.3, 0.4, 0.2, 0.2], "t2": GOLD_E["t2"]}
    with pytest.raises(DataFileError, match="non-negative probabilities"):
        DistributionRuns.from_frames(dist(GOLD_E), {"a": dist(GOLD_E), "b": dist(bad)}, scale=SCALE)


def test_a_distribution_run_missing_topics_or_with_extra_topics_is_rejected():
    with pytest.raises(DataFileError, match=r"run='b' must estimate every gold topic: 1 missing"):
        DistributionRuns.from_frames(
            dist(GOLD_E), {"a": dist(GOLD_E), "b": dist({"t1": GOLD_E["t1"]})}, scale=SCALE
        )
    more = {**GOLD_E, "t9": GOLD_E["t1"]}
    with pytest.raises(DataFileError, match=r"run='b' has 1 topics that are not in gold"):
        DistributionRuns.from_frames(
            dist(GOLD_E), {"a": dist(GOLD_E), "b": dist(more)}, scale=SCALE
        )


def test_duplicate_topics_in_a_distribution_file_are_rejected():
    frame = pd.concat([dist(GOLD_E), dist({"t1": GOLD_E["t1"]})])
    with pytest.raises(DataFileError, match=r"gold: topics must be unique"):
        DistributionRuns.from_frames(frame, {"a": dist(GOLD_E), "b": dist(GOLD_E)}, scale=SCALE)


def test_a_class_column_outside_the_scale_is_rejected():
    frame = dist(GOLD_E).rename(columns={2: 3})
    with pytest.raises(UnknownLabelError, match="class columns"):
        DistributionRuns.from_frames(frame, {"a": dist(GOLD_E), "b": dist(GOLD_E)}, scale=SCALE)


def test_probabilities_within_a_loose_tolerance_are_renormalised():
    loose = {"t1": [0.1, 0.2, 0.4, 0.2, 0.105], "t2": GOLD_E["t2"]}
    runs = DistributionRuns.from_frames(
        dist(GOLD_E), {"a": dist(GOLD_E), "b": dist(loose)}, scale=SCALE, tol=0.01
    )
    np.testing.assert_allclose(runs.estimates.sum(axis=-1), 1.0)


def test_scorer_inputs_are_batched_over_topics_and_systems():
    runs = label_runs()
    (matrices,) = runs.scorer_inputs("oc")
    assert matrices is runs.confusion_batch
    estimates, gold = runs.scorer_inputs("oq")
    np.testing.assert_allclose(estimates, runs.to_distribution_runs().estimates)
    np.testing.assert_allclose(gold[:, 0], runs.to_distribution_runs().gold)
    assert gold.shape == (2, 1, 5)


def test_distribution_runs_cannot_feed_classification_measures():
    runs = DistributionRuns.from_frames(dist(GOLD_E), {"a": dist(GOLD_E)}, scale=SCALE)
    estimates, gold = runs.scorer_inputs("oq")
    assert estimates.shape == (2, 1, 5)
    np.testing.assert_allclose(gold[:, 0], estimates[:, 0])
    with pytest.raises(DataFileError, match=r"family='oc' need per-item labels"):
        runs.scorer_inputs("oc")
