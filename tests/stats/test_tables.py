"""ANOVA tables and the chi-squared test: layout, effect sizes, intervals, bad input."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scipy.stats
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import stats
from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.stats.anova import residual_variance


def matrix() -> np.ndarray:
    rng = np.random.default_rng(5)
    return rng.integers(0, 64, size=(10, 4)) / 64


def test_the_two_way_table_sums_to_the_total_sum_of_squares():
    table = stats.two_way_anova(matrix()).to_frame().set_index("source")
    parts = table.loc[["system", "topic", "residual"], "sum_squares"].sum()
    assert parts == pytest.approx(table.loc["total", "sum_squares"])
    assert table.loc["residual", "df"] == 9 * 3


def test_the_two_way_error_variance_is_the_meta_evaluation_residual_variance():
    assert stats.two_way_anova(matrix()).error_variance == pytest.approx(
        residual_variance(matrix())
    )


def test_partial_eta_squared_lies_between_zero_and_one():
    result = stats.two_way_anova(matrix())
    assert 0.0 <= result.effect_size <= 1.0
    table = result.to_frame().set_index("source")
    expected = table.loc["system", "sum_squares"] / (
        table.loc["system", "sum_squares"] + table.loc["residual", "sum_squares"]
    )
    assert result.effect_size == pytest.approx(expected)


def test_system_mean_intervals_are_centred_on_the_means():
    result = stats.one_way_anova(matrix())
    frame = result.means_frame()
    np.testing.assert_allclose((frame["ci_low"] + frame["ci_high"]) / 2, frame["mean"])
    assert (frame["ci_high"] > frame["ci_low"]).all()


def test_anova_validates_its_scores_like_the_paired_tests():
    with pytest.raises(InvalidInputError, match="finite"):
        stats.two_way_anova(np.array([[0.1, np.nan], [0.2, 0.3]]))


def test_a_labelled_contingency_table_keeps_its_labels():
    table = pd.DataFrame([[10, 20], [30, 25]], index=["x", "y"], columns=["yes", "no"])
    result = stats.chi_squared_test(table)
    assert result.rows == ("x", "y")
    assert result.columns == ("yes", "no")
    assert result.corrected


def test_yates_correction_applies_to_two_by_two_tables_only():
    assert not stats.chi_squared_test(np.array([[10, 20, 5], [30, 25, 7]])).corrected


def test_cramers_v_interval_contains_the_estimate():
    result = stats.chi_squared_test(np.array([[30, 10], [10, 30]]), trials=2000)
    assert result.ci_low <= result.cramers_v <= result.ci_high


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (np.array([1, 2, 3]), "2-D"),
        (np.array([[1, 2]]), "2-D"),
        (np.array([[1, -2], [3, 4]]), "non-negative"),
        (np.array([[1, np.nan], [3, 4]]), "finite"),
        (np.array([[0, 0], [3, 4]]), r"empty rows \[0\]"),
        (np.array([[0, 1], [0, 4]]), r"empty columns \[0\]"),
    ],
)
def test_bad_contingency_tables_are_refused(table, message):
    with pytest.raises(InvalidInputError, match=message):
        stats.chi_squared_test(table)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            pd.DataFrame([[10, 20], [30, 25], [5, 5]], index=["x", "x", "y"]),
            r"expected unique row labels \(got repeated \['x'\]\)",
        ),
        (
            pd.DataFrame([[10, 20, 3], [30, 25, 4]], columns=["yes", "no", "yes"]),
            r"expected unique column labels \(got repeated \['yes'\]\)",
        ),
    ],
)
def test_repeated_row_or_column_labels_are_refused(table, message):
    with pytest.raises(InvalidInputError, match=message):
        stats.chi_squared_test(table)


@pytest.mark.parametrize(
    "table",
    [
        np.array([[True, False], [False, True]]),
        np.array([[1 + 0j, 2], [3, 4]]),
        [["1", "2"], ["3", "4"]],
    ],
)
def test_tables_of_booleans_complex_numbers_or_strings_are_refused(table):
    with pytest.raises(InputTypeError, match="table: expected counts"):
        stats.chi_squared_test(table)


def test_the_yates_switch_must_be_a_bool():
    with pytest.raises(InvalidParameterError, match=r"correction='holm': expected True or False"):
        stats.chi_squared_test(np.array([[10, 20], [30, 25]]), correction="holm")


def test_a_table_without_association_has_a_cramers_v_interval_from_zero():
    result = stats.chi_squared_test(np.array([[10, 10], [10, 10]]), trials=2000, seed=0)
    assert result.cramers_v == 0.0
    assert result.ci_low == 0.0
    assert result.ci_high > 0.0
    # The upper end is the resamples' percentile, unchanged by the widening.
    rng = np.random.default_rng(0)
    samples = rng.multinomial(40, np.full(4, 0.25), size=2000).reshape(2000, 2, 2).astype(float)
    values = [scipy.stats.contingency.association(t.astype(int), method="cramer") for t in samples]
    assert result.ci_high == pytest.approx(np.quantile(values, 0.975), rel=1e-9)


@given(
    table=st.lists(
        st.lists(st.integers(0, 30), min_size=2, max_size=4), min_size=2, max_size=4
    ).filter(
        lambda rows: (
            len({len(r) for r in rows}) == 1
            and all(sum(r) > 0 for r in rows)
            and all(sum(c) > 0 for c in zip(*rows, strict=True))
        )
    ),
    seed=st.integers(0, 100),
)
def test_the_cramers_v_interval_always_contains_the_estimate(table, seed):
    result = stats.chi_squared_test(np.array(table), trials=200, seed=seed)
    assert result.ci_low <= result.cramers_v <= result.ci_high
    assert result.ci_low >= 0.0


def test_too_few_resamples_for_the_cramers_v_interval_are_refused():
    with pytest.raises(InvalidParameterError, match=r"trials=1: expected at least 39 resamples"):
        stats.chi_squared_test(np.array([[10, 20], [30, 25]]), trials=1)
