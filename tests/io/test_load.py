import numpy as np
import pytest

from axiometrics import ClassScale, UnknownLabelError
from axiometrics.errors import DataFileError, InvalidInputError
from axiometrics.io import read_distribution_runs, read_label_runs, run_names

GOLD_C = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t2\n4\tbanana\t1\n5\tbanana\t1\n6\tbanana\t-1\n"
RUN_A = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t1\n4\tbanana\t1\n5\tbanana\t0\n6\tbanana\t-1\n"


def test_label_runs_are_named_after_their_files_and_grouped_by_gold_topic(write):
    runs = read_label_runs(write("gold.tsv", GOLD_C), [write("runA.tsv", RUN_A)])
    assert runs.systems == ("runA",)
    assert runs.topics == ("apple", "banana")
    # Default scale: the sorted labels seen in all files.
    assert runs.scale.labels == (-2, -1, 0, 1, 2)
    np.testing.assert_array_equal(runs.confusion_batch.sum(axis=(-2, -1)), [[3], [3]])


def test_a_gold_file_without_topics_is_one_unnamed_topic(write):
    gold = write("g.csv", "id,label\na,neg\nb,pos\nc,pos\n")
    run = write("r.csv", "id,topic,label\na,x,neg\nb,y,neg\nc,y,pos\n")
    runs = read_label_runs(gold, {"mine": run}, scale=["neg", "pos"])
    assert runs.topics == ("",)
    assert runs.systems == ("mine",)
    assert runs.scale.labels == ("neg", "pos")
    np.testing.assert_array_equal(runs.confusion_batch[0, 0], [[1, 1], [0, 1]])


def test_a_required_gold_topic_column_is_enforced(write):
    gold = write("g.tsv", "1\t-2\n2\t0\n")
    with pytest.raises(
        DataFileError, match=r"g\.tsv' line 1: expected 3 fields \(id, topic, label\)"
    ):
        read_label_runs(gold, [gold], require_topic=True)


def test_an_explicit_scale_keeps_empty_classes_and_rejects_foreign_labels(write):
    gold = write("gold.tsv", GOLD_C)
    runs = read_label_runs(gold, [write("runA.tsv", RUN_A)], scale=range(-3, 4))
    assert runs.confusion_batch.shape == (2, 1, 7, 7)
    bad = write("runX.tsv", RUN_A.replace("banana\t-1", "banana\t3"))
    with pytest.raises(
        UnknownLabelError, match=r"run='runX' labels must be labels of the scale .*: 3\)"
    ):
        read_label_runs(gold, [bad], scale=[-2, -1, 0, 1, 2])


def test_run_files_with_the_same_name_are_rejected():
    assert run_names(["a/x.tsv", "b/y.txt"]) == ["x", "y"]
    with pytest.raises(DataFileError, match=r"run file names must be unique .*\['run'\]"):
        run_names(["a/run.tsv", "b/run.txt"])


GOLD_E = "topic\tneg\tneu\tpos\nt1\t0.2\t0.3\t0.5\nt2\t0.1\t0.1\t0.8\n"


def test_the_gold_header_names_the_classes_of_every_distribution_run(write):
    reordered = write("flip.tsv", "topic\tpos\tneu\tneg\nt2\t0.8\t0.1\t0.1\nt1\t0.5\t0.3\t0.2\n")
    plain = write("plain.tsv", "t1\t1\t0\t0\nt2\t0\t0\t1\n")
    runs = read_distribution_runs(write("gold.tsv", GOLD_E), [reordered, plain])
    assert runs.scale == ClassScale(["neg", "neu", "pos"])
    assert runs.systems == ("flip", "plain")
    np.testing.assert_allclose(runs.estimates[:, 0], runs.gold)
    np.testing.assert_allclose(runs.estimates[:, 1], [[1, 0, 0], [0, 0, 1]])


def test_distribution_run_problems_name_the_run_and_topic(write):
    gold = write("gold.tsv", GOLD_E)
    short = write("short.tsv", "t1\t0.2\t0.3\t0.5\nt9\t0.2\t0.3\t0.5\n")
    with pytest.raises(
        DataFileError,
        match=r"run='short' must estimate every gold topic: 1 missing \(e\.g\. topics \['t2'\]\); "
        r"it also has 1 topics that are not in gold \(e\.g\. topics \['t9'\]\)",
    ):
        read_distribution_runs(gold, [short])
    heavy = write("heavy.tsv", "t1\t0.2\t0.3\t0.6\nt2\t0.1\t0.1\t0.8\n")
    with pytest.raises(
        DataFileError, match=r"run='heavy' distributions must sum to 1 \(got 1\.1 at topic='t1'"
    ):
        read_distribution_runs(gold, [heavy])


def test_text_labels_without_a_scale_are_refused_with_the_scale_to_pass(write):
    gold = write("g.csv", "id,label\na,low\nb,high\nc,medium\n")
    with pytest.raises(
        InvalidInputError,
        match=r"^labels \['low', 'high', 'medium'\] are not numbers, so their order is unknown; "
        r"give the classes in order, lowest first, e.g\. scale=\['low', 'high', 'medium'\]$",
    ):
        read_label_runs(gold, [gold])
    runs = read_label_runs(gold, [gold], scale=["low", "medium", "high"])
    assert runs.scale.labels == ("low", "medium", "high")


def test_a_large_regular_file_and_its_line_by_line_reading_agree(write):
    body = "".join(f"{i}\tt{i % 7}\t{(i * 3) % 5 - 2}\n" for i in range(5000))
    fast = read_label_runs(write("gold.tsv", body), [write("run.tsv", body)])
    # A quote anywhere sends the file through the line-by-line reader.
    slow = read_label_runs(
        write("gold2.tsv", body + '5000\tt0\t"1"\n'), [write("run2.tsv", body + "5000\tt0\t1\n")]
    )
    assert fast.topics == slow.topics
    np.testing.assert_array_equal(fast.confusion_batch.sum(axis=0)[0].sum(), 5000)
    np.testing.assert_array_equal(fast.gold, slow.gold[:5000])


def test_nominal_labels_need_no_order_and_are_listed_numbers_first_then_text(write):
    gold = write("g.tsv", "a\tt\tpos\nb\tt\tneg\nc\tt\t2\nd\tt\tneutral\n")
    run = write("r.tsv", "a\tt\tneg\nb\tt\tneg\nc\tt\t2\nd\tt\tpos\n")
    with pytest.raises(InvalidInputError, match="not numbers, so their order is unknown"):
        read_label_runs(gold, [run])
    runs = read_label_runs(gold, [run], ordered=False)
    assert runs.scale.labels == (2, "neg", "neutral", "pos")
    # rows = system, columns = gold: pos->neg, neg->neg, 2->2, neutral->pos
    np.testing.assert_array_equal(
        runs.confusion_batch[0, 0], [[1, 0, 0, 0], [0, 1, 0, 1], [0, 0, 0, 0], [0, 0, 1, 0]]
    )


def test_files_holding_a_single_class_say_how_to_give_the_others(write):
    gold = write("g.tsv", "a\tpos\nb\tpos\n")
    with pytest.raises(
        DataFileError, match=r"hold a single class \(\['pos'\]\).*--scale=pos,\.\.\."
    ):
        read_label_runs(gold, [gold], ordered=False, scale_option="--scale")


def test_a_label_outside_the_scale_names_the_file_and_the_first_item(write):
    gold = write("gold.tsv", GOLD_C)
    run = write("runA.tsv", RUN_A.replace("5\tbanana\t0", "5\tbanana\t7"))
    with pytest.raises(
        UnknownLabelError,
        match=r"run='runA' labels must be labels of the scale \[-2, -1, 0, 1, 2\] \(got 1 "
        r"outside it: 7\) \(in path='.*runA\.tsv', first at item id='5'\)",
    ):
        read_label_runs(gold, [run], scale=[-2, -1, 0, 1, 2])


def test_two_runs_named_alike_name_both_paths(write):
    with pytest.raises(DataFileError, match=r"got \['run'\] twice\); .*'a/run\.tsv', 'b/run\.tsv'"):
        run_names(["a/run.tsv", "b/run.tsv"])
