import numpy as np
import pytest

from axiometrics.errors import DataFileError
from axiometrics.stats.anova import effect_sizes, residual_variance


def test_residual_variance_is_total_minus_row_and_column_sums_of_squares():
    x = np.random.default_rng(0).random((30, 5))
    n, k = x.shape
    grand = x.mean()
    ss_total = ((x - grand) ** 2).sum()
    ss_rows = k * ((x.mean(axis=1) - grand) ** 2).sum()
    ss_cols = n * ((x.mean(axis=0) - grand) ** 2).sum()
    expected = (ss_total - ss_rows - ss_cols) / ((n - 1) * (k - 1))
    assert residual_variance(x) == pytest.approx(expected)


def test_purely_additive_data_has_no_residual_variance():
    rows = np.arange(6.0)[:, None]
    cols = np.array([0.0, 0.5, 2.0])[None, :]
    assert residual_variance(rows + cols) == pytest.approx(0.0, abs=1e-15)


def test_effect_size_reproduces_sakais_worked_example():
    # Sakai 2021, Table 3(a): alpha-ord 0.962 vs CEM^ORD 0.806 with VE2 = 0.00211 gives 3.40.
    sizes = effect_sizes([0.962, 0.806], 0.00211)
    assert sizes[0, 1] == pytest.approx(3.40, abs=0.005)
    assert sizes[1, 0] == pytest.approx(-sizes[0, 1])


def test_zero_residual_variance_gives_signed_infinities_and_zero_on_ties():
    sizes = effect_sizes([1.0, 0.5, 1.0], 0.0)
    assert sizes[0, 1] == np.inf
    assert sizes[1, 0] == -np.inf
    assert sizes[0, 2] == 0.0


def test_residual_variance_rejects_a_single_column_and_nan():
    with pytest.raises(DataFileError, match="at least 2 of each"):
        residual_variance(np.ones((5, 1)))
    with pytest.raises(DataFileError, match="finite"):
        residual_variance([[1.0, np.nan], [0.0, 1.0]])
