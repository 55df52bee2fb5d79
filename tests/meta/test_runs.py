import pandas as pd
import pytest

from axiometrics import InvalidInputError, io
from axiometrics.errors import DataFileError
from axiometrics.meta import DistributionRuns, LabelRuns, MetaInputError, score_runs
from axiometrics.meta.runs import check_counts

SCALE = [-2, -1, 0, 1, 2]


def gold_frame(topics=("t1", "t1", "t2", "t2")):
    return pd.DataFrame({"id": ["a", "b", "c", "d"], "topic": list(topics), "label": [-2, 0, 1, 2]})


def run_frame(labels):
    return pd.DataFrame({"id": ["a", "b", "c", "d"], "label": labels})


def test_the_meta_containers_are_the_shared_io_containers():
    assert LabelRuns is io.LabelRuns
    assert DistributionRuns is io.DistributionRuns


def test_meta_input_errors_are_the_general_data_file_errors():
    assert MetaInputError is DataFileError
    assert issubclass(MetaInputError, InvalidInputError)


def test_fewer_than_two_systems_or_topics_are_rejected_by_the_meta_evaluation():
    one_system = LabelRuns.from_frames(gold_frame(), {"r1": run_frame([0] * 4)}, scale=SCALE)
    with pytest.raises(MetaInputError, match=r"at least 2 systems to rank \(got 1: \['r1'\]\)"):
        check_counts(one_system.topics, one_system.systems)
    with pytest.raises(MetaInputError, match="at least 2 systems"):
        score_runs(one_system, ["accuracy"])
    one_topic = LabelRuns.from_frames(
        gold_frame(topics=("t1",) * 4),
        {"r1": run_frame([0] * 4), "r2": run_frame([1] * 4)},
        scale=SCALE,
    )
    with pytest.raises(
        MetaInputError, match=r"at least 2 topics \(test cases\) \(got 1: \['t1'\]\)"
    ):
        check_counts(one_topic.topics, one_topic.systems)
    with pytest.raises(MetaInputError, match="at least 2 topics"):
        score_runs(one_topic, ["accuracy"])


def test_repeated_names_are_rejected_by_the_count_check():
    with pytest.raises(
        MetaInputError, match=r"topic names must be unique \(got duplicates \['t'\]\)"
    ):
        check_counts(["t", "t"], ["a", "b"])
