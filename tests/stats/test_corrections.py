"""Multiple-comparison corrections against statsmodels' ``multipletests`` (issue 21, section 3)."""

from __future__ import annotations

import gc
from unittest import mock

import numpy as np
import pytest
import statsmodels.stats.multitest as statsmodels_multitest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import stats
from axiometrics.errors import InvalidParameterError

STATSMODELS_NAMES = {
    "holm": "holm",
    "bonferroni": "bonferroni",
    "holm-sidak": "holm-sidak",
    "sidak": "sidak",
    "bh": "fdr_bh",
    "by": "fdr_by",
}


def statsmodels_adjusted(p, correction: str) -> np.ndarray:
    """statsmodels' adjusted p-values for ``correction``.

    Its Holm branch calls ``gc.collect()`` on every call (about 60 ms in a test
    process with a large heap, which made the Holm cases a minute of the
    suite); a collection changes no value, so it is skipped here.
    """
    with mock.patch.object(gc, "collect", return_value=0), np.errstate(divide="ignore"):
        # np.errstate: statsmodels takes log1p(-1) for p = 1 (Šidák).
        return statsmodels_multitest.multipletests(p, method=STATSMODELS_NAMES[correction])[1]


# Few distinct values make ties common; 0 and 1 are the edges.
P_VALUES = st.lists(
    st.one_of(
        st.sampled_from([0.0, 1e-300, 1e-12, 0.001, 0.01, 0.04, 0.05, 0.5, 1.0]),
        st.floats(0.0, 1.0),
    ),
    min_size=1,
    max_size=40,
)


@pytest.mark.parametrize("correction", sorted(STATSMODELS_NAMES))
@given(p=P_VALUES)
def test_every_correction_equals_statsmodels_multipletests(correction, p):
    expected = statsmodels_adjusted(p, correction)
    # Subnormal p-values keep few significant bits: allow a few of their units.
    tiny = 4 * np.finfo(float).smallest_subnormal
    np.testing.assert_allclose(
        stats.adjust_p_values(p, correction), expected, rtol=1e-12, atol=tiny
    )


@pytest.mark.parametrize("correction", sorted(STATSMODELS_NAMES))
def test_every_correction_equals_statsmodels_multipletests_on_hundreds_of_p_values(correction):
    rng = np.random.default_rng(11)
    for size in range(1, 300, 7):
        p = rng.uniform(0, 1, size) ** 3
        expected = statsmodels_adjusted(p, correction)
        np.testing.assert_allclose(stats.adjust_p_values(p, correction), expected, rtol=1e-12)


@given(p=P_VALUES)
def test_the_corrections_order_as_their_definitions_promise(p):
    adjusted = {name: stats.adjust_p_values(p, name) for name in STATSMODELS_NAMES}
    raw = np.asarray(p)
    for values in adjusted.values():
        assert np.all(values >= raw - 1e-15)
        assert np.all(values <= 1.0)
    assert np.all(adjusted["holm-sidak"] <= adjusted["holm"] + 1e-15)
    assert np.all(adjusted["sidak"] <= adjusted["bonferroni"] + 1e-15)
    assert np.all(adjusted["holm"] <= adjusted["bonferroni"] + 1e-15)
    assert np.all(adjusted["bh"] <= adjusted["by"] + 1e-15)
    assert np.all(adjusted["bh"] <= adjusted["holm"] + 1e-15)


@pytest.mark.parametrize("correction", stats.CORRECTIONS)
@given(p=P_VALUES)
def test_tied_p_values_get_tied_adjusted_p_values(correction, p):
    adjusted = stats.adjust_p_values(p, correction)
    raw = np.asarray(p)
    for value in np.unique(raw):
        assert np.ptp(adjusted[raw == value]) == 0.0


def test_families_on_the_last_axis_are_corrected_independently():
    p = np.random.default_rng(1).uniform(0, 1, (3, 12)) ** 2
    for name in ("bh", "by", "holm-sidak"):
        together = stats.adjust_p_values(p, name)
        for row in range(3):
            np.testing.assert_array_equal(together[row], stats.adjust_p_values(p[row], name))


@pytest.mark.parametrize(
    ("spelling", "name"),
    [
        ("BH", "bh"),
        ("fdr_bh", "bh"),
        ("Benjamini-Hochberg", "bh"),
        ("FDR_BY", "by"),
        ("Holm-Sidak", "holm-sidak"),
        ("holm_sidak", "holm-sidak"),
        ("Šidák", "sidak"),
        ("HOLM", "holm"),
    ],
)
def test_correction_names_ignore_case_and_accept_statsmodels_spellings(spelling, name):
    p = [0.01, 0.02, 0.2, 0.03]
    np.testing.assert_array_equal(
        stats.adjust_p_values(p, spelling), stats.adjust_p_values(p, name)
    )


def test_compare_applies_the_false_discovery_rate_corrections():
    x = np.random.default_rng(2).integers(0, 64, size=(20, 5)) / 64
    for name in ("bh", "by", "holm-sidak", "sidak"):
        comparison = stats.compare(x, correction=name)
        assert comparison.correction == name
        np.testing.assert_array_equal(
            comparison.p_adjusted, stats.adjust_p_values(comparison.tests.p_value, name)
        )


def test_an_unknown_correction_suggests_the_nearest_names():
    with pytest.raises(InvalidParameterError, match=r"correction='fdr_bhh'.*did you mean 'bh'"):
        stats.adjust_p_values([0.1], "fdr_bhh")
