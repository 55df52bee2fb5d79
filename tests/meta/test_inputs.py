import json

import numpy as np
import pytest

from axiometrics import UnknownLabelError, io
from axiometrics.meta import (
    SEMEVAL_SCALE,
    MetaInputError,
    MissingDependencyError,
    read_distribution_file,
    read_distribution_runs,
    read_label_file,
    read_label_runs,
    read_score_file,
    score_runs,
)

GOLD_C = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t2\n4\tbanana\t1\n5\tbanana\t1\n6\tbanana\t-1\n"
RUN_A = "1\tapple\t-2\n2\tapple\t0\n3\tapple\t1\n4\tbanana\t1\n5\tbanana\t0\n6\tbanana\t-1\n"
RUN_B = "6\tbanana\t0\n5\tbanana\t0\n4\tbanana\t0\n3\tapple\t0\n2\tapple\t0\n1\tapple\t0\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_semeval_subtask_c_files_are_read_into_label_runs(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_C)
    runs = read_label_runs(
        gold, [write(tmp_path, "runA.tsv", RUN_A), write(tmp_path, "runB.txt", RUN_B)]
    )
    assert runs.systems == ("runA", "runB")
    assert runs.topics == ("apple", "banana")
    scores = score_runs(runs, ["accuracy"])
    np.testing.assert_allclose(scores.scores[0], [[2 / 3, 1 / 3], [2 / 3, 0.0]])


def test_the_meta_readers_are_the_shared_readers_with_semeval_defaults(tmp_path):
    assert read_label_file is io.read_label_file
    assert SEMEVAL_SCALE is io.SEMEVAL_SCALE
    frame = read_distribution_file(write(tmp_path, "e.tsv", GOLD_E))
    assert list(frame.columns) == ["topic", -2, -1, 0, 1, 2]
    blank_lines = write(tmp_path, "gaps.tsv", "\n" + GOLD_C + "\n7\tbanana\n")
    with pytest.raises(MetaInputError, match=r"gaps\.tsv' line 9: expected 3 fields"):
        read_label_runs(blank_lines, {"a": blank_lines, "b": blank_lines})


def test_a_single_run_is_too_few_for_a_meta_evaluation(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_C)
    with pytest.raises(MetaInputError, match=r"at least 2 systems to rank \(got 1: \['runA'\]\)"):
        read_label_runs(gold, [write(tmp_path, "runA.tsv", RUN_A)])
    one_topic = write(tmp_path, "one.tsv", "apple\t0.1\t0.2\t0.4\t0.2\t0.1\n")
    with pytest.raises(MetaInputError, match=r"at least 2 topics"):
        read_distribution_runs(one_topic, {"a": one_topic, "b": one_topic})


def test_a_gold_file_needs_a_topic_column(tmp_path):
    path = write(tmp_path, "gold.tsv", "1\t-2\n2\t0\n")
    with pytest.raises(MetaInputError, match=r"expected 3 fields \(id, topic, label\)"):
        read_label_runs(path, {"a": path, "b": path})


def test_labels_outside_the_semeval_scale_are_rejected(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_C)
    bad = write(tmp_path, "runX.tsv", RUN_A.replace("banana\t-1", "banana\t3"))
    with pytest.raises(UnknownLabelError, match=r"run='runX' labels .* 3"):
        read_label_runs(gold, [write(tmp_path, "runA.tsv", RUN_A), bad])


def test_a_run_missing_a_topic_is_rejected(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_C)
    partial = write(tmp_path, "runP.tsv", RUN_A.split("4\t")[0])
    with pytest.raises(MetaInputError, match=r"run='runP' .* every item of topics \['banana'\]"):
        read_label_runs(gold, [write(tmp_path, "runA.tsv", RUN_A), partial])


def test_run_files_with_the_same_name_are_rejected(tmp_path):
    (tmp_path / "x").mkdir()
    gold = write(tmp_path, "gold.tsv", GOLD_C)
    one = write(tmp_path, "run.tsv", RUN_A)
    two = write(tmp_path / "x", "run.tsv", RUN_B)
    with pytest.raises(MetaInputError, match=r"run file names must be unique .*'run'"):
        read_label_runs(gold, [one, two])


GOLD_E = "apple\t0.1\t0.2\t0.4\t0.2\t0.1\nbanana\t0\t0\t0.5\t0.5\t0\n"


def test_semeval_subtask_e_files_are_read_into_distribution_runs(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_E)
    run = write(
        tmp_path, "flat.tsv", "banana\t0.2\t0.2\t0.2\t0.2\t0.2\napple\t0.2\t0.2\t0.2\t0.2\t0.2\n"
    )
    runs = read_distribution_runs(gold, [run, write(tmp_path, "perfect.tsv", GOLD_E)])
    np.testing.assert_allclose(runs.estimates[:, 0], 0.2)
    scores = score_runs(runs, ["nmd"])
    np.testing.assert_allclose(scores.scores[0, :, 1], 0.0)


def test_distribution_files_that_do_not_sum_to_one_are_rejected(tmp_path):
    gold = write(tmp_path, "gold.tsv", GOLD_E)
    bad = write(tmp_path, "bad.tsv", GOLD_E.replace("0.4", "0.9"))
    with pytest.raises(
        MetaInputError, match=r"run='bad' distributions must sum to 1 \(got 1\.5 at topic='apple'"
    ):
        read_distribution_runs(gold, [write(tmp_path, "ok.tsv", GOLD_E), bad])


def test_distribution_files_with_the_wrong_width_or_text_are_rejected(tmp_path):
    gold = write(tmp_path, "gold.tsv", "apple\t0.5\t0.5\n")
    with pytest.raises(MetaInputError, match=r"line 1: expected a topic and 5 probabilities"):
        read_distribution_runs(gold, {"a": gold, "b": gold})
    text = write(tmp_path, "text.tsv", "apple\t0.1\tx\t0.4\t0.2\t0.3\n")
    with pytest.raises(MetaInputError, match="probabilities must be numbers"):
        read_distribution_runs(text, {"a": text, "b": text})


def test_score_csv_files_are_read_with_directions(tmp_path):
    path = write(
        tmp_path,
        "scores.csv",
        "topic,system,measure,score\n"
        + "".join(
            f"t{t},s{s},{m},{(t + s) / 10}\n"
            for t in range(3)
            for s in range(2)
            for m in ("accuracy", "mae_macro")
        ),
    )
    scores = read_score_file(path)
    assert scores.shape == (2, 3, 2)
    assert scores.higher_is_better == (True, False)


def test_score_csv_problems_name_the_file(tmp_path):
    path = write(tmp_path, "scores.csv", "topic,system,measure\nt1,a,accuracy\n")
    with pytest.raises(
        MetaInputError,
        match=r"scores\.csv' line 1: a long score file needs the columns topic, system, measure, score \(missing score",
    ):
        read_score_file(path)
    with pytest.raises(MetaInputError, match="is not an existing file"):
        read_score_file(tmp_path / "missing.csv")


def _sample_scores(tmp_path):
    return read_score_file(
        write(
            tmp_path,
            "s.csv",
            "topic,system,measure,score\nt1,a,accuracy,1\nt1,b,accuracy,0\n"
            "t2,a,accuracy,0.5\nt2,b,accuracy,0.25\n",
        )
    )


def test_parquet_scores_round_trip_with_pyarrow(tmp_path):
    sample = _sample_scores(tmp_path)
    path = tmp_path / "scores.parquet"
    sample.to_frame().to_parquet(path)
    back = read_score_file(path)
    np.testing.assert_array_equal(back.scores, sample.scores)


def test_parquet_scores_without_pyarrow_say_how_to_install_it(tmp_path, monkeypatch):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "pyarrow" else find_spec(name, *a),
    )
    path = tmp_path / "scores.parquet"
    path.write_bytes(b"PAR1")
    with pytest.raises(MissingDependencyError, match=r"pip install pyarrow"):
        read_score_file(path)


def test_a_json_score_file_needs_a_list_of_rows(tmp_path):
    from axiometrics.meta.errors import MetaInputError
    from axiometrics.meta.inputs import read_score_file

    bad = tmp_path / "bad.json"
    bad.write_text('{"rows": 3}')
    with pytest.raises(MetaInputError) as info:
        read_score_file(bad)
    assert str(info.value) == (
        f"path={str(bad)!r}: expected a list of row objects or an object whose 'rows' is one "
        "(as `axiometrics score --format json` writes)"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(MetaInputError, match=r"broken\.json' is not a readable JSON file"):
        read_score_file(broken)
    rows = [
        {"topic": t, "system": s, "measure": "m", "score": float(i), "higher_is_better": True}
        for i, (t, s) in enumerate([(t, s) for t in "ab" for s in "xy"])
    ]
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(rows))
    scores = read_score_file(plain)
    assert scores.measures == ("m",)
    assert scores.scores.tolist() == [[[0.0, 1.0], [2.0, 3.0]]]
