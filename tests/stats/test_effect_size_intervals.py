"""Intervals of Cohen's d_z and Sakai's ES_E by noncentral-t inversion (issue 21, section 3)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.integrate
import scipy.optimize
import scipy.stats

from axiometrics import stats
from axiometrics.stats.noncentral import ncp_interval


def noncentrality(t: float, df: float, q: float, cdf=None) -> float:
    """The noncentrality whose noncentral t has ``P(T <= t) = q`` (SciPy's ``nct``, brentq)."""
    cdf = cdf or (lambda nc: scipy.stats.nct.cdf(t, df, nc))
    guess, width = t, 1.0 + abs(t)
    while not (cdf(guess - width) > q > cdf(guess + width)):
        width *= 2
    return scipy.optimize.brentq(lambda nc: cdf(nc) - q, guess - width, guess + width, xtol=1e-13)


def integral_cdf(t: float, df: float, nc: float) -> float:
    """``P(T <= t) = int Phi(t w - nc) f_W(w) dw`` with ``W = sqrt(chi2_df / df)``, by quad."""

    def integrand(w):
        return scipy.stats.norm.cdf(t * w - nc) * 2 * df * w * scipy.stats.chi2.pdf(df * w * w, df)

    step = max(nc / t, 1e-12)
    left = scipy.integrate.quad(integrand, 0, step, epsabs=0, epsrel=1e-13, limit=200)[0]
    right = scipy.integrate.quad(integrand, step, np.inf, epsabs=0, epsrel=1e-13, limit=200)[0]
    return left + right


def grid(seed: int, topics: int, systems: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 64, size=(topics, systems)) / 64


@pytest.mark.parametrize("topics", [3, 8, 30])
def test_the_d_z_interval_inverts_scipys_noncentral_t(topics):
    x = grid(topics, topics, 5)
    result = stats.paired_t_test(x)
    root = np.sqrt(topics)
    for p in range(len(result.p_value)):
        if result.zero_variance[p]:
            continue
        t = result.statistic[p]
        assert result.effect_size[p] == pytest.approx(t / root, rel=1e-12)
        low = noncentrality(t, topics - 1, 0.975) / root
        high = noncentrality(t, topics - 1, 0.025) / root
        assert result.effect_size_low[p] == pytest.approx(low, rel=1e-9, abs=1e-12)
        assert result.effect_size_high[p] == pytest.approx(high, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(("alternative", "q"), [("greater", 0.95), ("less", 0.05)])
def test_a_one_sided_d_z_interval_has_one_infinite_end(alternative, q):
    x = grid(7, 12, 2)
    result = stats.paired_t_test(x, alternative=alternative)
    end = noncentrality(result.statistic[0], 11, q) / np.sqrt(12)
    if alternative == "greater":
        assert result.effect_size_low[0] == pytest.approx(end, rel=1e-9)
        assert result.effect_size_high[0] == np.inf
    else:
        assert result.effect_size_low[0] == -np.inf
        assert result.effect_size_high[0] == pytest.approx(end, rel=1e-9)


@pytest.mark.parametrize(("t", "df"), [(2e3, 4), (5e4, 29), (3e5, 200), (-1e6, 9)])
def test_the_noncentrality_interval_of_a_huge_t_matches_direct_integration(t, df):
    low, high = ncp_interval(np.array([t]), df, 0.05, "two-sided")

    def cdf(nc):
        return integral_cdf(t, df, nc) if t > 0 else 1 - integral_cdf(-t, df, -nc)

    assert low[0] == pytest.approx(noncentrality(t, df, 0.975, cdf), rel=1e-8)
    assert high[0] == pytest.approx(noncentrality(t, df, 0.025, cdf), rel=1e-8)


def test_zero_variance_pairs_have_point_intervals_of_d_z():
    identical = np.column_stack([np.linspace(0, 1, 6)] * 2)
    offset = np.column_stack([np.linspace(0, 1, 6) + 0.25, np.linspace(0, 1, 6)])
    same = stats.paired_t_test(identical)
    shifted = stats.paired_t_test(offset)
    assert (same.effect_size_low[0], same.effect_size_high[0]) == (0.0, 0.0)
    assert (shifted.effect_size_low[0], shifted.effect_size_high[0]) == (np.inf, np.inf)


def test_every_paired_test_reports_the_same_d_z_interval():
    x = grid(3, 15, 4)
    reference = stats.paired_t_test(x)
    for test in (stats.wilcoxon_test, stats.sign_test, stats.randomisation_test):
        result = test(x)
        np.testing.assert_array_equal(result.effect_size_low, reference.effect_size_low)
        np.testing.assert_array_equal(result.effect_size_high, reference.effect_size_high)
    frame = reference.to_frame()
    assert list(frame.columns[-2:]) == ["effect_size_low", "effect_size_high"]


@pytest.mark.parametrize(("topics", "systems"), [(5, 3), (20, 6)])
def test_sakais_effect_size_interval_inverts_the_noncentral_t_of_the_two_way_model(topics, systems):
    x = grid(11 + topics, topics, systems)
    comparison = stats.compare(x)
    df = (topics - 1) * (systems - 1)
    root = np.sqrt(topics / 2)
    ve2 = comparison.residual_variance
    for p, (i, j) in enumerate(zip(*np.triu_indices(systems, k=1), strict=True)):
        es = (x[:, i].mean() - x[:, j].mean()) / np.sqrt(ve2)
        assert comparison.sakai_effect_size[p] == pytest.approx(es, rel=1e-9, abs=1e-12)
        low = noncentrality(es * root, df, 0.975) / root
        high = noncentrality(es * root, df, 0.025) / root
        assert comparison.sakai_effect_size_low[p] == pytest.approx(low, rel=1e-9, abs=1e-12)
        assert comparison.sakai_effect_size_high[p] == pytest.approx(high, rel=1e-9, abs=1e-12)
    frame = comparison.to_frame()
    assert list(frame.columns[-2:]) == ["sakai_es_low", "sakai_es_high"]


def test_sakais_effect_size_of_an_exactly_additive_matrix_is_a_point():
    topic = np.linspace(0, 0.5, 6)[:, None]
    x = topic + np.array([0.0, 0.25, 0.25])  # no interaction: VE2 = 0
    comparison = stats.compare(x)
    assert comparison.residual_variance == 0.0
    np.testing.assert_array_equal(comparison.sakai_effect_size, [-np.inf, -np.inf, 0.0])
    np.testing.assert_array_equal(comparison.sakai_effect_size_low, [-np.inf, -np.inf, 0.0])
    np.testing.assert_array_equal(comparison.sakai_effect_size_high, [-np.inf, -np.inf, 0.0])
