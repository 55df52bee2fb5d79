import numpy as np
import pandas as pd
import pytest

from axiometrics.meta import MetaInputError, ScoreMatrices


def matrices():
    scores = np.arange(2 * 3 * 4, dtype=float).reshape(2, 3, 4) / 24
    return ScoreMatrices(
        ("accuracy", "mae_macro"), ("t1", "t2", "t3"), tuple("abcd"), scores, (True, False)
    )


def test_long_frame_round_trip_keeps_every_cell():
    sm = matrices()
    frame = sm.to_frame()
    assert list(frame.columns) == ["topic", "system", "measure", "score"]
    assert len(frame) == 24
    back = ScoreMatrices.from_frame(frame.sample(frac=1.0, random_state=0))
    assert back.measures == sm.measures
    assert back.higher_is_better == (True, False)
    np.testing.assert_array_equal(
        back.select(systems=list("abcd"), topics=["t1", "t2", "t3"]).scores, sm.scores
    )


def test_directions_come_from_a_column_an_argument_or_the_registry():
    frame = matrices().to_frame().replace({"measure": {"mae_macro": "my_error"}})
    with pytest.raises(MetaInputError, match=r"direction of measure='my_error' is unknown"):
        ScoreMatrices.from_frame(frame)
    given = ScoreMatrices.from_frame(frame, higher_is_better={"my_error": False})
    assert given.higher_is_better == (True, False)
    column = ScoreMatrices.from_frame(frame.assign(higher_is_better=frame["measure"] == "accuracy"))
    assert column.higher_is_better == (True, False)


def test_an_inconsistent_direction_column_is_rejected():
    frame = matrices().to_frame()
    frame["higher_is_better"] = [True, False] * 12
    with pytest.raises(MetaInputError, match="must be the same on every row"):
        ScoreMatrices.from_frame(frame)


def test_missing_cells_such_as_a_run_missing_a_topic_are_rejected():
    frame = matrices().to_frame()
    frame = frame[~((frame["system"] == "c") & (frame["topic"] == "t2"))]
    with pytest.raises(MetaInputError, match=r"missing 2 \(topic, system, measure\) cells"):
        ScoreMatrices.from_frame(frame)


def test_repeated_cells_and_non_numeric_scores_are_rejected():
    frame = matrices().to_frame()
    with pytest.raises(MetaInputError, match="repeats the cell"):
        ScoreMatrices.from_frame(pd.concat([frame, frame.iloc[:1]]))
    bad = frame.astype({"score": object})
    bad.loc[3, "score"] = "oops"
    with pytest.raises(MetaInputError, match=r"scores must be numbers \(got 'oops'"):
        ScoreMatrices.from_frame(bad)


def test_missing_columns_and_too_few_systems_are_rejected():
    frame = matrices().to_frame()
    with pytest.raises(MetaInputError, match=r"missing \['score'\]"):
        ScoreMatrices.from_frame(frame.drop(columns="score"))
    with pytest.raises(MetaInputError, match="at least 2 systems"):
        ScoreMatrices.from_frame(frame[frame["system"] == "a"])
    with pytest.raises(MetaInputError, match="at least 2 topics"):
        ScoreMatrices.from_frame(frame[frame["topic"] == "t1"])


def test_constructor_validates_shape_finiteness_and_names():
    with pytest.raises(MetaInputError, match="shape"):
        ScoreMatrices(("m",), ("t1", "t2"), ("a", "b"), np.zeros((1, 2, 3)), (True,))
    with pytest.raises(
        MetaInputError, match=r"finite \(got nan for measure='m' topic='t2' system='a'"
    ):
        ScoreMatrices(("m",), ("t1", "t2"), ("a", "b"), [[[0, 1], [np.nan, 1]]], (True,))
    with pytest.raises(MetaInputError, match="measure names must be unique"):
        ScoreMatrices(("m", "m"), ("t1", "t2"), ("a", "b"), np.zeros((2, 2, 2)), (True, True))
    with pytest.raises(MetaInputError, match="system names must be unique"):
        ScoreMatrices(("m",), ("t1", "t2"), ("a", "a"), np.zeros((1, 2, 2)), (True,))


def test_oriented_scores_and_means_negate_errors():
    sm = matrices()
    oriented = sm.oriented()
    np.testing.assert_array_equal(oriented[0], sm.scores[0])
    np.testing.assert_array_equal(oriented[1], -sm.scores[1])
    np.testing.assert_allclose(sm.system_means(), oriented.mean(axis=1))
    np.testing.assert_allclose(sm.system_means(oriented=False), sm.scores.mean(axis=1))


def test_select_merge_and_matrix_views():
    sm = matrices()
    one = sm.select(["mae_macro"], systems=["d", "a"])
    assert one.measures == ("mae_macro",)
    assert one.systems == ("d", "a")
    np.testing.assert_array_equal(one.scores[0, :, 0], sm.scores[1, :, 3])
    both = sm.select(["accuracy"]).merge(sm.select(["mae_macro"]))
    np.testing.assert_array_equal(both.scores, sm.scores)
    table = sm.matrix("accuracy")
    assert table.loc["t2", "c"] == sm.scores[0, 1, 2]
    with pytest.raises(MetaInputError, match="not in the score matrices"):
        sm.matrix("f1_macro")
    with pytest.raises(MetaInputError, match="same topics and systems"):
        sm.merge(one)
