"""Cross-checks against SciPy and statsmodels on hundreds of generated inputs.

Each matrix has many systems, so one call of ours tests every pair at once
(hundreds of pairs) and the reference is called pair by pair.  Scores lie
on a grid ``k / 64`` so both sides see exactly the same differences, ties
and zeros.  Convention differences are pinned in tests of their own.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
import scipy.stats
import statsmodels.formula.api as statsmodels_formula
import statsmodels.stats.anova as statsmodels_anova

from axiometrics import stats


def grid(seed: int, topics: int, systems: int, steps: int = 64) -> np.ndarray:
    rng = np.random.default_rng(seed)
    # A shared topic effect makes the systems correlated, like real per-topic scores.
    topic = rng.integers(0, steps // 2, size=(topics, 1))
    return (
        np.clip(topic + rng.integers(-steps // 4, steps // 2, size=(topics, systems)), 0, steps)
        / steps
    )


def pairs(result: stats.PairedTests, matrix: np.ndarray):
    a, b = np.triu_indices(matrix.shape[1], k=1)
    for p, (i, j) in enumerate(zip(a, b, strict=True)):
        yield p, matrix[:, i], matrix[:, j]


SIZES = [(3, 12), (5, 14), (10, 14), (25, 10), (60, 8)]


@pytest.mark.parametrize(("topics", "systems"), SIZES)
def test_the_t_test_matches_scipy_ttest_rel(topics, systems):
    x = grid(topics, topics, systems)
    ours = stats.paired_t_test(x, alpha=0.05)
    checked = 0
    for p, a, b in pairs(ours, x):
        if ours.zero_variance[p]:
            continue
        ref = scipy.stats.ttest_rel(a, b)
        ci = ref.confidence_interval(0.95)
        assert ours.statistic[p] == pytest.approx(ref.statistic, rel=1e-9)
        assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-14)
        assert ours.ci_low[p] == pytest.approx(ci.low, rel=1e-9, abs=1e-12)
        assert ours.ci_high[p] == pytest.approx(ci.high, rel=1e-9, abs=1e-12)
        checked += 1
    assert checked >= 0.9 * len(ours.p_value)


def reference_signed_rank_tails(d: np.ndarray) -> tuple[float, float, float]:
    """``W+``, ``P(W+ <= w)`` and ``P(W+ >= w)`` given the tied ranks, by brute convolution.

    An independent reference: SciPy's average ranks, and the null distribution
    of ``2 W+`` counted with Python integers (every sign assignment of the
    non-zero differences equally likely).
    """
    nonzero = d[d != 0]
    doubled = (2 * scipy.stats.rankdata(np.abs(nonzero))).astype(int)
    w2 = int(doubled[nonzero > 0].sum())
    counts = {0: 1}
    for r in doubled:
        step = dict(counts)
        for total, ways in counts.items():
            step[total + r] = step.get(total + r, 0) + ways
        counts = step
    everything = 2 ** len(nonzero)
    lower = sum(ways for total, ways in counts.items() if total <= w2) / everything
    upper = sum(ways for total, ways in counts.items() if total >= w2) / everything
    return w2 / 2, lower, upper


@pytest.mark.parametrize(("topics", "systems"), SIZES)
def test_the_wilcoxon_test_matches_the_exact_conditional_distribution_or_scipy_asymptotic(
    topics, systems
):
    x = grid(100 + topics, topics, systems)
    ours = stats.wilcoxon_test(x)
    for p, a, b in pairs(ours, x):
        if ours.n_used[p] == 0:
            continue
        if ours.method[p] == "exact":
            w, lower, upper = reference_signed_rank_tails(a - b)
            assert ours.statistic[p] == pytest.approx(
                min(w, ours.n_used[p] * (ours.n_used[p] + 1) / 2 - w)
            )
            assert ours.p_value[p] == pytest.approx(min(1.0, 2 * min(lower, upper)), rel=1e-12)
        else:
            ref = scipy.stats.wilcoxon(a, b, method="asymptotic", zero_method="wilcox")
            assert ours.statistic[p] == pytest.approx(ref.statistic)
            assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-14)


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_the_wilcoxon_test_with_ties_and_zeros_matches_scipy_full_permutation(alternative):
    x = grid(150, 9, 12, steps=8)  # coarse scores: many ties and zeros
    ours = stats.wilcoxon_test(x, alternative=alternative)
    tied = 0
    for p, a, b in pairs(ours, x):
        if ours.n_used[p] == 0:
            continue
        ref = scipy.stats.wilcoxon(
            a,
            b,
            zero_method="wilcox",
            alternative=alternative,
            method=scipy.stats.PermutationMethod(n_resamples=np.inf),
        )
        assert ours.statistic[p] == pytest.approx(ref.statistic)
        assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9)
        tied += len(np.unique(np.abs(a - b)[a != b])) < ours.n_used[p] or ours.n_used[p] < 9
    assert tied >= 20


def test_the_wilcoxon_test_is_exact_without_ties_up_to_fifty_topics():
    rng = np.random.default_rng(7)
    for topics in range(2, 51):
        # Distinct absolute differences 1/64 .. topics/64 with random signs: no ties, no zeros.
        gaps = rng.permutation(np.arange(1, topics + 1)) * rng.choice([-1.0, 1.0], topics) / 64
        x = np.column_stack([0.5 + gaps, np.full(topics, 0.5)])
        ours = stats.wilcoxon_test(x)
        assert ours.method == ("exact",)
        ref = scipy.stats.wilcoxon(x[:, 0], x[:, 1])
        assert ours.p_value[0] == pytest.approx(ref.pvalue, rel=1e-9)


@pytest.mark.parametrize(("topics", "systems"), SIZES)
def test_the_sign_test_matches_scipy_binomtest(topics, systems):
    x = grid(200 + topics, topics, systems, steps=8)
    ours = stats.sign_test(x)
    for p, a, b in pairs(ours, x):
        k, n = int((a > b).sum()), int((a != b).sum())
        assert ours.statistic[p] == k
        assert ours.n_used[p] == n
        expected = 1.0 if n == 0 else scipy.stats.binomtest(k, n).pvalue
        assert ours.p_value[p] == pytest.approx(expected, rel=1e-9)


def brute_force_randomisation(d: np.ndarray) -> float:
    observed = abs(d.mean())
    signs = np.array(list(itertools.product((1.0, -1.0), repeat=len(d))))
    return float(np.mean(np.abs(signs @ d) / len(d) >= observed - 1e-12))


@pytest.mark.parametrize("topics", [2, 3, 5, 8, 11])
def test_the_exact_randomisation_test_matches_full_enumeration(topics):
    x = grid(300 + topics, topics, 12)
    ours = stats.randomisation_test(x)
    assert set(ours.method) == {"exact"}
    for p, a, b in pairs(ours, x):
        assert ours.p_value[p] == pytest.approx(brute_force_randomisation(a - b), rel=1e-12)


@pytest.mark.parametrize("topics", [4, 9])
def test_the_exact_randomisation_test_matches_scipy_permutation_test(topics):
    x = grid(400 + topics, topics, 8)
    ours = stats.randomisation_test(x)
    for p, a, b in pairs(ours, x):
        ref = scipy.stats.permutation_test(
            (a - b,),
            lambda d, axis: np.abs(d.mean(axis=axis)),
            permutation_type="samples",
            n_resamples=np.inf,
            alternative="greater",
            vectorized=True,
        )
        assert ours.p_value[p] == pytest.approx(ref.pvalue, rel=1e-9)


def test_the_monte_carlo_randomisation_test_approaches_the_exact_p_value():
    x = grid(500, 12, 6)
    exact = stats.randomisation_test(x)
    sampled = stats.randomisation_test(x, exact_max_topics=0, trials=40_000, seed=1)
    assert set(sampled.method) == {"monte carlo"}
    # Binomial standard error of a share estimated from 40,000 draws is at most 0.0025.
    np.testing.assert_allclose(sampled.p_value, exact.p_value, atol=0.01)


@pytest.mark.parametrize("method", ["percentile", "BCa"])
@pytest.mark.parametrize("seed", range(6))
def test_bootstrap_intervals_agree_with_scipy_bootstrap_up_to_resampling(method, seed):
    x = grid(600 + seed, 15 + 5 * seed, 2)
    ours = stats.bootstrap_interval(x, trials=20_000, seed=seed, ci_method=method.lower())
    ref = scipy.stats.bootstrap(
        (x[:, 0], x[:, 1]),
        lambda a, b, axis: (a - b).mean(axis=axis),
        paired=True,
        vectorized=True,
        method=method,
        n_resamples=20_000,
        rng=seed,
    ).confidence_interval
    width = ref.high - ref.low
    assert ours[0][0] == pytest.approx(ref.low, abs=0.05 * width)
    assert ours[1][0] == pytest.approx(ref.high, abs=0.05 * width)


@pytest.mark.parametrize(("topics", "systems"), SIZES)
def test_one_way_anova_matches_scipy_f_oneway(topics, systems):
    for seed in range(20):
        x = grid(700 + seed, topics, systems)
        ours = stats.one_way_anova(x)
        ref = scipy.stats.f_oneway(*x.T)
        assert ours.system_f == pytest.approx(ref.statistic, rel=1e-9)
        assert ours.system_p == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-15)


@pytest.mark.parametrize(("topics", "systems"), [(3, 2), (5, 4), (12, 6), (30, 3)])
def test_two_way_anova_matches_statsmodels_anova_rm_and_ols(topics, systems):
    for seed in range(10):
        x = grid(800 + seed, topics, systems)
        long = pd.DataFrame(
            {
                "topic": np.repeat(np.arange(topics), systems),
                "system": np.tile(np.arange(systems), topics),
                "score": x.ravel(),
            }
        )
        ours = stats.two_way_anova(x)
        rm = statsmodels_anova.AnovaRM(long, "score", "topic", within=["system"]).fit()
        row = rm.anova_table.loc["system"]
        assert ours.system_f == pytest.approx(row["F Value"], rel=1e-9)
        assert ours.system_p == pytest.approx(row["Pr > F"], rel=1e-8, abs=1e-15)
        model = statsmodels_formula.ols("score ~ C(topic) + C(system)", data=long).fit()
        table = statsmodels_anova.anova_lm(model, typ=2)
        frame = ours.to_frame().set_index("source")
        assert frame.loc["topic", "F"] == pytest.approx(table.loc["C(topic)", "F"], rel=1e-8)
        assert frame.loc["residual", "sum_squares"] == pytest.approx(
            table.loc["Residual", "sum_sq"], rel=1e-8, abs=1e-14
        )


@pytest.mark.parametrize("correction", [True, False])
def test_the_chi_squared_test_matches_scipy_chi2_contingency(correction):
    rng = np.random.default_rng(9)
    for _ in range(200):
        r, c = rng.integers(2, 6, size=2)
        table = rng.integers(0, 30, size=(r, c))
        table[:, 0] += 1
        table[0, :] += 1
        ours = stats.chi_squared_test(table, correction=correction, trials=50)
        ref = scipy.stats.chi2_contingency(table, correction=correction)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-9, abs=1e-12)
        assert ours.p_value == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-14)
        assert ours.dof == ref.dof
        np.testing.assert_allclose(ours.expected, ref.expected_freq)
        v = scipy.stats.contingency.association(table, method="cramer")
        assert ours.cramers_v == pytest.approx(v, rel=1e-9, abs=1e-12)
