"""The two ways krippendorff_alpha computes its disagreements agree with each other."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from axiometrics.agreement import krippendorff_alpha
from axiometrics.agreement.alpha import coincidence_statistic, moment_statistic
from axiometrics.agreement.fleiss import unit_counts
from axiometrics.agreement.strategies import annotation_tables


@given(
    annotation_tables(min_coders=2, max_coders=5, max_units=20, missing=True),
    st.sampled_from(["nominal", "interval"]),
    st.sampled_from([0.0, 1e6]),
    st.integers(1, 4),
)
def test_per_unit_sums_equal_the_coincidence_matrices_on_resampled_units(
    table, level, offset, resamples
):
    present = ~np.isnan(table.labels)
    codes = np.where(present, table.labels, -1).astype(int)
    counts = unit_counts(codes, table.n_categories)
    counts = counts[counts.sum(axis=1) >= 2]
    assume(len(counts) > 0)
    values = offset + np.cumsum(np.linspace(0.5, 2.0, table.n_categories))
    weights = np.random.default_rng(resamples).integers(0, 3, size=(resamples, len(counts)))
    weights[:, 0] += 1  # every resample keeps at least one unit
    fast = moment_statistic(level, values, counts)(weights.astype(float))
    slow = coincidence_statistic(level, values, counts)(weights.astype(float))
    assert np.array_equal(fast[2], slow[2])
    scale = 1.0 if level == "nominal" else float(np.ptp(values)) ** 2 + 1.0
    assert fast[0] == pytest.approx(slow[0], abs=1e-9 * scale)
    assert fast[1] == pytest.approx(slow[1], abs=1e-9 * scale)


def test_identical_real_values_on_a_unit_add_no_disagreement():
    data = np.array([[0.1, 0.3, 0.7], [0.1, 0.3, 0.7], [0.1, 0.3, 0.7]])
    result = krippendorff_alpha(data, level="interval")
    assert result.observed_disagreement == 0.0
    assert result.value == 1.0
