"""Score matrices are validated and aligned by label, with typed errors."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from axiometrics import stats
from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError


def test_a_dataframe_names_the_systems_by_its_columns():
    frame = pd.DataFrame(
        {"bm25": [0.1, 0.4, 0.3], "dense": [0.2, 0.5, 0.2]}, index=["q1", "q2", "q3"]
    )
    result = stats.paired_t_test(frame)
    assert result.system_a == ("bm25",)
    assert result.system_b == ("dense",)
    assert stats.as_score_matrix(frame).topics == ("q1", "q2", "q3")


def test_series_are_aligned_by_topic_label_not_by_position():
    a = pd.Series([0.1, 0.4, 0.3], index=["q1", "q2", "q3"])
    b = pd.Series([0.2, 0.5, 0.2], index=["q1", "q2", "q3"])
    shuffled = b.iloc[[2, 0, 1]]
    aligned = stats.paired_t_test({"a": a, "b": shuffled})
    reference = stats.paired_t_test({"a": a, "b": b})
    assert aligned.p_value[0] == reference.p_value[0]


def test_series_over_different_topics_are_refused_with_the_missing_topics_named():
    a = pd.Series([0.1, 0.4, 0.3], index=["q1", "q2", "q3"])
    b = pd.Series([0.2, 0.5, 0.2], index=["q1", "q2", "q4"])
    with pytest.raises(InvalidInputError, match=r"missing \['q3'\], extra \['q4'\]"):
        stats.paired_t_test({"a": a, "b": b})


def test_a_mix_of_series_and_arrays_is_refused():
    with pytest.raises(InputTypeError, match="mix"):
        stats.as_score_matrix({"a": pd.Series([0.1, 0.2]), "b": np.array([0.3, 0.4])})


def test_arrays_of_different_lengths_are_refused():
    with pytest.raises(InvalidInputError, match="equal length"):
        stats.as_score_matrix({"a": [0.1, 0.2, 0.3], "b": [0.3, 0.4]})


@pytest.mark.parametrize("shape", [(1, 3), (3, 1), (1, 1)])
def test_fewer_than_two_topics_or_systems_are_refused(shape):
    with pytest.raises(InvalidInputError, match="at least 2 topics and 2 systems"):
        stats.wilcoxon_test(np.zeros(shape))


def test_a_one_dimensional_array_is_refused():
    with pytest.raises(InvalidInputError, match="2-D"):
        stats.sign_test(np.zeros(5))


def test_nan_scores_are_refused_with_the_cell_named():
    frame = pd.DataFrame({"a": [0.1, np.nan, 0.3], "b": [0.2, 0.5, 0.2]}, index=["q1", "q2", "q3"])
    with pytest.raises(InvalidInputError, match=r"topic='q2', system='a'"):
        stats.randomisation_test(frame)


def test_non_numeric_scores_are_a_type_error():
    with pytest.raises(InputTypeError, match="expected real numbers"):
        stats.paired_t_test(pd.DataFrame({"a": ["x", "y"], "b": ["z", "w"]}))


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        (
            np.array([[1 + 1j, 2], [3, 4], [5, 6j]]),
            r"got complex scores for system=0, e\.g\. \(?1\+1j\)?",
        ),
        (
            pd.DataFrame({"A": ["0.1", "0.2", "0.3"], "B": [0.2, 0.3, 0.5]}),
            r"got \w+ scores for system='A', e\.g\. '0\.1'",
        ),
        (
            pd.DataFrame({"A": [True, False, True], "B": [0.2, 0.3, 0.5]}),
            r"got boolean scores for system='A', e\.g\. True",
        ),
        (
            np.array([[True, False], [False, False], [True, True]]),
            r"got boolean scores for system=0",
        ),
        (
            pd.DataFrame({"A": [0.1, "0.2", 0.3], "B": [0.2, 0.3, 0.5]}, dtype=object),
            r"got str scores for system='A'",
        ),
        ({"A": [0.1, 0.2, 0.3], "B": [1j, 0.3, 0.5]}, r"got complex scores for system='B'"),
    ],
)
def test_complex_string_and_boolean_scores_are_refused_naming_the_system(scores, message):
    with pytest.raises(InputTypeError, match=message):
        stats.paired_t_test(scores)


def test_object_columns_of_real_numbers_are_accepted():
    frame = pd.DataFrame({"A": [0.1, 2, 0.3], "B": [0.2, 0.3, np.float32(0.5)]}, dtype=object)
    result = stats.paired_t_test(frame)
    expected = stats.paired_t_test(frame.astype(float))
    np.testing.assert_array_equal(result.p_value, expected.p_value)


def test_missing_values_in_a_nullable_column_are_named_as_missing():
    frame = pd.DataFrame({"A": pd.array([0.1, None, 0.3], dtype="Float64"), "B": [0.2, 0.3, 0.5]})
    with pytest.raises(InvalidInputError, match=r"NaN or inf at \(topic=1, system='A'\)"):
        stats.paired_t_test(frame)


@pytest.mark.parametrize(
    "test",
    [
        stats.paired_t_test,
        stats.wilcoxon_test,
        stats.sign_test,
        stats.randomisation_test,
        stats.bootstrap_test,
        stats.compare,
        stats.one_way_anova,
        stats.two_way_anova,
    ],
)
def test_a_system_named_twice_in_systems_is_refused_everywhere(test):
    frame = pd.DataFrame({"A": [0.1, 0.4, 0.3], "B": [0.2, 0.5, 0.1]})
    with pytest.raises(
        InvalidInputError, match=r"systems=\['A', 'A'\]: expected distinct system names"
    ):
        test(frame, systems=["A", "A"])


def test_systems_given_as_one_string_are_refused():
    frame = pd.DataFrame({"A": [0.1, 0.4, 0.3], "B": [0.2, 0.5, 0.1]})
    with pytest.raises(InvalidInputError, match=r"systems='AB': expected a list of system names"):
        stats.paired_t_test(frame, systems="AB")


def test_system_names_that_print_alike_are_refused():
    frame = pd.DataFrame([[0.1, 0.2], [0.3, 0.5], [0.4, 0.1]], columns=[1, "1"])
    with pytest.raises(InvalidInputError, match=r"differ as text \(got 1 and '1'"):
        stats.sign_test(frame)


def test_repeated_system_names_are_refused():
    frame = pd.DataFrame([[0.1, 0.2], [0.3, 0.4]], columns=["a", "a"])
    with pytest.raises(InvalidInputError, match="unique system names"):
        stats.paired_t_test(frame)


def test_an_unknown_system_suggests_the_nearest_name():
    frame = pd.DataFrame({"bm25": [0.1, 0.4], "dense": [0.2, 0.5]})
    with pytest.raises(InvalidInputError, match="did you mean 'dense'"):
        stats.paired_t_test(frame, systems=["bm25", "dence"])


def test_choosing_systems_keeps_their_order():
    frame = pd.DataFrame({"a": [0.1, 0.4, 0.2], "b": [0.2, 0.5, 0.1], "c": [0.3, 0.1, 0.6]})
    result = stats.sign_test(frame, systems=["c", "a"])
    assert result.system_a == ("c",)
    assert result.system_b == ("a",)


@pytest.mark.parametrize("alpha", [0, 1, -0.1, 2, True, "0.05"])
def test_alpha_outside_zero_one_is_refused(alpha):
    with pytest.raises(InvalidParameterError, match="alpha"):
        stats.paired_t_test(np.eye(3), alpha=alpha)


@pytest.mark.parametrize("trials", [0, -3, 2.5, True])
def test_trials_must_be_a_positive_integer(trials):
    with pytest.raises(InvalidParameterError, match=f"trials={trials!r}: expected a positive"):
        stats.bootstrap_test(np.eye(3), trials=trials)


@pytest.mark.parametrize("seed", [-1, 1.5, "x", True])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(InvalidParameterError, match="seed"):
        stats.randomisation_test(np.eye(3), seed=seed, exact_max_topics=0)


def test_exact_enumeration_has_a_hard_limit():
    with pytest.raises(InvalidParameterError, match="exact_max_topics"):
        stats.randomisation_test(np.eye(3), exact_max_topics=30)


def test_an_unknown_interval_method_is_refused():
    with pytest.raises(InvalidParameterError, match="ci_method='student': expected one of bca"):
        stats.bootstrap_interval(np.eye(3), ci_method="student")


def test_interval_method_names_ignore_case():
    x = np.random.default_rng(0).integers(0, 64, size=(10, 3)) / 64
    upper = stats.bootstrap_interval(x, trials=99, ci_method="BCa")
    lower = stats.bootstrap_interval(x, trials=99, ci_method="bca")
    np.testing.assert_array_equal(upper[0], lower[0])


@pytest.mark.parametrize("max_elements", [0, 2.5, True])
def test_max_elements_must_be_a_positive_integer(max_elements):
    with pytest.raises(InvalidParameterError, match="max_elements"):
        stats.randomisation_test(np.eye(3), max_elements=max_elements)
