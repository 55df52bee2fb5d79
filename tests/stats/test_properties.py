"""Claims the paired tests must obey, checked property-based (issue 15, item 5)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import stats
from axiometrics.stats.strategies import score_matrices

# Deterministic tests: the same input gives the same p-value, whatever the topic order.
EXACT_TESTS = {
    "t": stats.paired_t_test,
    "wilcoxon": stats.wilcoxon_test,
    "sign": stats.sign_test,
    "randomisation (exact)": stats.randomisation_test,
}


def monte_carlo_randomisation(scores):
    return stats.randomisation_test(scores, exact_max_topics=0, trials=300, seed=5)


def bootstrap(scores):
    return stats.bootstrap_test(scores, trials=300, seed=5)


# Resampling tests share their draws across calls with one seed.
ALL_TESTS = {
    **EXACT_TESTS,
    "randomisation (monte carlo)": monte_carlo_randomisation,
    "bootstrap": bootstrap,
}


@pytest.mark.parametrize("name", ALL_TESTS)
@given(scores=score_matrices())
def test_p_values_lie_between_zero_and_one(name, scores):
    result = ALL_TESTS[name](scores)
    assert np.all((result.p_value >= 0) & (result.p_value <= 1))
    assert np.all(np.isfinite(result.p_value))


@pytest.mark.parametrize("name", ALL_TESTS)
@given(scores=score_matrices(max_systems=2))
def test_swapping_the_two_systems_keeps_the_p_value(name, scores):
    forward = ALL_TESTS[name](scores)
    backward = ALL_TESTS[name](scores[:, ::-1])
    np.testing.assert_allclose(backward.p_value, forward.p_value, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(backward.mean_diff, -forward.mean_diff, atol=1e-12)
    np.testing.assert_allclose(backward.ci_low, -forward.ci_high, atol=1e-9)


@pytest.mark.parametrize("name", ALL_TESTS)
@given(scores=score_matrices(), shift=st.integers(-1000, 1000).map(lambda k: k / 8))
def test_adding_a_constant_to_both_systems_keeps_the_p_value(name, scores, shift):
    before = ALL_TESTS[name](scores)
    after = ALL_TESTS[name](scores + shift)
    np.testing.assert_allclose(after.p_value, before.p_value, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(after.effect_size, before.effect_size, rtol=1e-9)


@pytest.mark.parametrize("name", EXACT_TESTS)
@given(scores=score_matrices(), data=st.data())
def test_permuting_topics_keeps_the_p_value(name, scores, data):
    order = data.draw(st.permutations(range(scores.shape[0])))
    before = EXACT_TESTS[name](scores)
    after = EXACT_TESTS[name](scores[list(order)])
    np.testing.assert_allclose(after.p_value, before.p_value, rtol=1e-9, atol=1e-12)


@given(scores=score_matrices(max_topics=14, max_systems=3))
def test_the_exact_randomisation_test_gives_one_for_identical_systems(scores):
    doubled = np.column_stack([scores[:, 0], scores[:, 0]])
    result = stats.randomisation_test(doubled)
    assert result.method == ("exact",)
    assert result.p_value[0] == 1.0


@pytest.mark.parametrize("name", ALL_TESTS)
@given(scores=score_matrices(max_systems=2))
def test_identical_systems_are_never_significant(name, scores):
    doubled = np.column_stack([scores[:, 0], scores[:, 0]])
    result = ALL_TESTS[name](doubled)
    assert result.p_value[0] == 1.0
    assert result.effect_size[0] == 0.0
    assert result.zero_variance[0]


ONE_SIDED = {
    "t": stats.paired_t_test,
    "wilcoxon": stats.wilcoxon_test,
    "sign": stats.sign_test,
    "randomisation (exact)": stats.randomisation_test,
}


@pytest.mark.parametrize("name", ONE_SIDED)
@given(scores=score_matrices())
def test_the_two_one_sided_p_values_cover_every_outcome_and_bound_the_two_sided_one(name, scores):
    greater = ONE_SIDED[name](scores, alternative="greater").p_value
    less = ONE_SIDED[name](scores, alternative="less").p_value
    both = ONE_SIDED[name](scores).p_value
    # P(S >= s) + P(S <= s) = 1 + P(S = s) >= 1, and two-sided = min(1, 2 min(...)).
    assert np.all(greater + less >= 1.0 - 1e-12)
    np.testing.assert_allclose(both, np.minimum(1.0, 2.0 * np.minimum(greater, less)), atol=1e-12)


@pytest.mark.parametrize("correction", stats.CORRECTIONS)
@given(p=st.lists(st.floats(0, 1), min_size=1, max_size=20))
def test_corrected_p_values_never_fall_below_the_raw_ones(correction, p):
    adjusted = stats.adjust_p_values(p, correction)
    assert np.all(adjusted >= np.asarray(p) - 1e-15)
    assert np.all(adjusted <= 1.0)


@given(p=st.lists(st.floats(0, 1), min_size=1, max_size=20))
def test_holm_is_never_more_conservative_than_bonferroni(p):
    assert np.all(stats.adjust_p_values(p, "holm") <= stats.adjust_p_values(p, "bonferroni"))


@given(scores=score_matrices(min_topics=3), data=st.data())
def test_two_way_anova_ignores_a_constant_added_to_every_system_on_one_topic(scores, data):
    topic = data.draw(st.integers(0, scores.shape[0] - 1))
    shift = data.draw(st.integers(-64, 64)) / 64
    moved = scores.copy()
    moved[topic] += shift
    before, after = stats.two_way_anova(scores), stats.two_way_anova(moved)
    assert after.system_f == pytest.approx(before.system_f, rel=1e-9, abs=1e-9) or (
        np.isinf(after.system_f) and np.isinf(before.system_f)
    )
    assert after.system_p == pytest.approx(before.system_p, rel=1e-9, abs=1e-12)


@given(
    table=st.lists(
        st.lists(st.integers(1, 40), min_size=2, max_size=4), min_size=2, max_size=4
    ).filter(lambda rows: len({len(r) for r in rows}) == 1),
    data=st.data(),
)
def test_the_chi_squared_test_ignores_transposing_and_reordering_the_table(table, data):
    counts = np.array(table)
    order = data.draw(st.permutations(range(counts.shape[0])))
    reference = stats.chi_squared_test(counts, trials=50)
    for other in (counts.T, counts[list(order)]):
        result = stats.chi_squared_test(other, trials=50)
        assert result.statistic == pytest.approx(reference.statistic, rel=1e-9, abs=1e-12)
        assert result.p_value == pytest.approx(reference.p_value, rel=1e-9, abs=1e-12)
        assert 0.0 <= result.p_value <= 1.0
