"""The OQ kernels give the numbers of the straightforward formulas, whatever the layout.

The OQ measures read a (system, gold) pair class-major and side by side, take
it without a copy from validation (``validate_distribution_pair(...,
class_major=True)``, which the scoring contract uses), skip the rescaling
when every sum is 1 up to rounding, compute the order-aware divergences from
running sums of the gaps between positions (one stacked array for the
upward and downward parts; the mean over all classes from the total
distances ``T_j``), DNKT from one set of pair comparisons for both sides,
and KLD and JSD with fewer passes.  Here every measure is compared, pair by
pair, with its formula written out with ``math.fsum`` and ``math.log2``, on
batches that hold the hard cases: zeros, empty gold classes, point masses,
identical and nearly identical pairs, sums within the tolerance but not 1,
broadcast inputs and a set of class values per batch element.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics.distributions import CLASS_MAJOR_ENTRIES
from axiometrics.measures.oq import _math as oqm
from axiometrics.measures.oq.strategies import distribution_pairs
from axiometrics.strategies import class_values

#: Agreement required between a kernel and the written-out formula, relative to
#: the larger of the score and 1 (the formulas differ in the order of their
#: floating-point operations, and in rescaling by sums that are 1 up to rounding).
RTOL = 1e-12


def agrees(fast: float, naive: float) -> bool:
    """``|fast - naive| <= RTOL * max(|naive|, 1)``."""
    return abs(float(fast) - naive) <= RTOL * max(abs(naive), 1.0)


# -- the straightforward formulas, one pair at a time --------------------------


def unit(x: np.ndarray) -> list[float]:
    total = math.fsum(x.tolist())
    return [v / total for v in x.tolist()]


def cumulative_gaps(p: list[float], q: list[float]) -> list[float]:
    return [abs(math.fsum(p[: i + 1]) - math.fsum(q[: i + 1])) for i in range(len(p) - 1)]


def naive_nmd(p: list[float], q: list[float], v: list[float]) -> float:
    return math.fsum(cumulative_gaps(p, q)) / (len(p) - 1)


def naive_emd(p: list[float], q: list[float], v: list[float]) -> float:
    gaps = cumulative_gaps(p, q)
    return math.fsum(g * (v[i + 1] - v[i]) for i, g in enumerate(gaps))


def value_dw(p: list[float], q: list[float], v: list[float]) -> list[float]:
    span = v[-1] - v[0]
    c = len(p)
    return [
        math.fsum(abs(v[i] - v[j]) / span * (p[j] - q[j]) ** 2 for j in range(c)) for i in range(c)
    ]


def gold_mass_dw(p: list[float], q: list[float]) -> list[float]:
    c = len(p)

    def delta(i: int, j: int) -> float:
        if i == j:
            return 0.0
        lo, hi = min(i, j), max(i, j)
        return math.fsum(q[lo : hi + 1]) - (q[i] + q[j]) / 2

    return [math.fsum(delta(i, j) * (p[j] - q[j]) ** 2 for j in range(c)) for i in range(c)]


def mean_where(dw: list[float], weights: list[float]) -> float:
    picked = [d for d, w in zip(dw, weights, strict=True) if w > 0]
    return math.fsum(picked) / len(picked)


def naive_rnod(p: list[float], q: list[float], v: list[float]) -> float:
    return math.sqrt(mean_where(value_dw(p, q, v), q))


def naive_rsnod(p: list[float], q: list[float], v: list[float]) -> float:
    dw = value_dw(p, q, v)
    return math.sqrt((mean_where(dw, q) + mean_where(dw, p)) / 2)


def naive_rnadw(p: list[float], q: list[float], v: list[float]) -> float:
    return math.sqrt(math.fsum(value_dw(p, q, v)) / len(p))


def naive_rnod2(p: list[float], q: list[float], v: list[float]) -> float:
    return math.sqrt(mean_where(gold_mass_dw(p, q), q) / (len(p) - 1))


def naive_rnadw2(p: list[float], q: list[float], v: list[float]) -> float:
    return math.sqrt(math.fsum(gold_mass_dw(p, q)) / len(p) / (len(p) - 1))


def naive_nvd(p: list[float], q: list[float], v: list[float]) -> float:
    return math.fsum(abs(a - b) for a, b in zip(p, q, strict=True)) / 2


def naive_rnss(p: list[float], q: list[float], v: list[float]) -> float:
    return math.sqrt(math.fsum((a - b) ** 2 for a, b in zip(p, q, strict=True)) / 2)


def kl_bits(p: list[float], q: list[float]) -> float:
    """``sum p log2(p / q)`` over ``p > 0`` (``q > 0`` there); a midpoint that underflows adds 0."""
    return math.fsum(
        a * (math.log2(a) - math.log2(b)) for a, b in zip(p, q, strict=True) if a > 0 and b > 0
    )


def naive_jsd(p: list[float], q: list[float], v: list[float]) -> float:
    m = [(a + b) / 2 for a, b in zip(p, q, strict=True)]
    return max((kl_bits(p, m) + kl_bits(q, m)) / 2, 0.0)


def naive_kld(p: list[float], q: list[float], v: list[float]) -> float | None:
    if any(a > 0 and b == 0 for a, b in zip(p, q, strict=True)):
        return None  # undefined
    return max(kl_bits(p, q), 0.0)


def naive_tau(p: list[float], q: list[float], tol: float) -> float:
    def sign(d: float) -> int:
        return 0 if abs(d) <= tol else (1 if d > 0 else -1)

    conc = disc = nt_p = nt_q = 0
    for i, j in itertools.combinations(range(len(p)), 2):
        sp, sq = sign(p[i] - p[j]), sign(q[i] - q[j])
        nt_p += sp != 0
        nt_q += sq != 0
        conc += sp * sq > 0
        disc += sp * sq < 0
    return (conc - disc) / math.sqrt(max(1, nt_p) * max(1, nt_q))


def naive_dnkt(raw_p: list[float], raw_q: list[float], tol: float) -> float:
    return (1.0 - naive_tau(raw_p, raw_q, tol)) / 2


def harmonic(a: float, b: float) -> float:
    return 0.0 if a + b == 0 else 2 * a * b / (a + b)


NAIVE = {
    "nmd": naive_nmd,
    "emd": naive_emd,
    "rnod": naive_rnod,
    "rsnod": naive_rsnod,
    "rnod2": naive_rnod2,
    "rnadw": naive_rnadw,
    "rnadw2": naive_rnadw2,
    "nvd": naive_nvd,
    "rnss": naive_rnss,
    "jsd": naive_jsd,
    "kld": naive_kld,
}
COMBINED = {"dnkt_jsd": naive_jsd, "dnkt_nmd": naive_nmd, "dnkt_rnod": naive_rnod}


def naive_score(
    name: str, raw_p: np.ndarray, raw_q: np.ndarray, v: np.ndarray, tol: float = 0.0
) -> float | None:
    """The measure's formula on one pair (``None``: undefined)."""
    p, q, values = unit(raw_p), unit(raw_q), v.tolist()
    if name == "dnkt":
        return naive_dnkt(raw_p.tolist(), raw_q.tolist(), tol)
    if name in COMBINED:
        other = COMBINED[name](p, q, values)
        assert other is not None
        return harmonic(naive_dnkt(raw_p.tolist(), raw_q.tolist(), tol), other)
    return NAIVE[name](p, q, values)


ALL_OQ = (*NAIVE, "dnkt", *COMBINED)


# -- batches holding the hard cases -------------------------------------------


def hard_batch(rng: np.random.Generator, n: int, c: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` (system, gold) pairs over ``c`` classes, cycling through the hard cases."""
    gold = rng.dirichlet(np.ones(c), n)
    system = rng.dirichlet(np.ones(c) * 0.7, n)
    kind = np.arange(n) % 8
    gold[kind == 1] *= rng.random((int(np.sum(kind == 1)), c)) < 0.6  # empty gold classes
    system[kind == 2] *= rng.random((int(np.sum(kind == 2)), c)) < 0.6  # empty system classes
    point = np.eye(c)[rng.integers(0, c, n)]
    gold[kind == 3] = point[kind == 3]  # point-mass gold
    system[kind == 4] = point[kind == 4]  # point-mass system
    system[kind == 5] = gold[kind == 5]  # identical pairs
    near = kind == 6  # nearly identical: 1e-9 of mass moved between two bins
    system[near] = gold[near]
    system[near, 0] += 1e-9
    system[near, -1] += 1e-9
    ties = kind == 7  # exact ties between bins, and bins equal to the other side's
    system[ties, : c // 2] = 1.0 / c
    gold[ties, 1 : c // 2 + 1] = 1.0 / c
    for x in (gold, system):
        empty = x.sum(axis=1) == 0
        x[empty, 0] = 1.0
        x /= x.sum(axis=1, keepdims=True)
    # sums within the tolerance but not 1 (probabilities printed with few decimals)
    off = rng.random(n) < 0.3
    system[off] *= 1.0 + rng.uniform(-5e-5, 5e-5, (int(np.sum(off)), 1))
    gold[off[::-1]] *= 1.0 + rng.uniform(-5e-5, 5e-5, (int(np.sum(off[::-1])), 1))
    return system, gold


def assert_pairwise(
    name: str,
    scores: np.ndarray,
    undefined: np.ndarray,
    system: np.ndarray,
    gold: np.ndarray,
    values: np.ndarray,
    tol: float = 0.0,
) -> None:
    """Each score equals the formula on its own pair (broadcast to the scores' shape)."""
    shape = scores.shape
    c = system.shape[-1]
    p_all = np.broadcast_to(system, (*shape, c)).reshape(-1, c)
    q_all = np.broadcast_to(gold, (*shape, c)).reshape(-1, c)
    v_all = np.broadcast_to(values, (*shape, c)).reshape(-1, c)
    for k, (s, u) in enumerate(zip(scores.ravel(), undefined.ravel(), strict=True)):
        naive = naive_score(name, p_all[k], q_all[k], v_all[k], tol)
        assert bool(u) == (naive is None), (name, k)
        if naive is not None:
            assert agrees(s, naive), (name, k, float(s), naive)


# -- every measure, every layout ---------------------------------------------------


@pytest.mark.parametrize("name", ALL_OQ)
@pytest.mark.parametrize("c", [2, 3, 11])
def test_the_class_major_batch_path_gives_each_pair_its_formula(name: str, c: int) -> None:
    rng = np.random.default_rng(c)
    n = max(CLASS_MAJOR_ENTRIES // c + 8, 64)  # large enough for the class-major layout
    system, gold = hard_batch(rng, n, c)
    values = np.arange(c, dtype=float)
    evaluation = ax.get_scorer(name).evaluate(system, gold)
    assert_pairwise(name, evaluation.scores, evaluation.undefined, system, gold, values)


@pytest.mark.parametrize(
    "values",
    [
        np.array([-1.0, 0.0, 0.5, 3.0, 10.0]),
        np.array([-3.0, -1.0, 1.0, 3.0, 5.0]),  # equidistant: the common gap applied last
        np.array([0.0, 1e-9, 2e-9, 3e-9, 4e-9]),
    ],
)
@pytest.mark.parametrize("name", ALL_OQ)
def test_small_batches_broadcast_gold_and_batch_major_inputs_give_the_formula(
    name: str, values: np.ndarray
) -> None:
    rng = np.random.default_rng(7)
    system, gold = hard_batch(rng, 48, 5)
    scorer = ax.get_scorer(name)
    for sys_in, gold_in in (
        (system, gold),  # small: batch-major, copied by the kernels
        (system.reshape(6, 8, 5), gold.reshape(6, 8, 5)),
        (system, gold[3]),  # one gold for every system
        (system[:1], gold),  # one system against every gold
        (np.asfortranarray(system), gold),  # another memory layout
    ):
        evaluation = scorer.evaluate(sys_in, gold_in, values=values)
        assert_pairwise(name, evaluation.scores, evaluation.undefined, sys_in, gold_in, values)


@pytest.mark.parametrize("name", ["emd", "rnod", "rsnod", "rnadw", "dnkt_rnod"])
def test_a_set_of_class_values_per_batch_element_gives_each_pair_its_values(name: str) -> None:
    rng = np.random.default_rng(11)
    system, gold = hard_batch(rng, 40, 4)
    values = np.sort(rng.uniform(-50, 50, (40, 4)), axis=1)
    values[::5] = [0.0, 1e-9, 1.0, 2.0]  # two classes that nearly merge
    evaluation = ax.get_scorer(name).evaluate(system, gold, values=values)
    assert_pairwise(name, evaluation.scores, evaluation.undefined, system, gold, values)
    # values that widen the batch: one gold against several sets of values
    wide = ax.get_scorer(name).evaluate(system[0], gold[0], values=values[:6])
    assert_pairwise(name, wide.scores, wide.undefined, system[0], gold[0], values[:6])


@pytest.mark.parametrize("tol", [0.0, 1e-9, 0.05])
@pytest.mark.parametrize("name", ["dnkt", "dnkt_jsd", "dnkt_nmd", "dnkt_rnod"])
def test_dnkt_and_its_combinations_read_the_bin_order_as_given(name: str, tol: float) -> None:
    rng = np.random.default_rng(3)
    system, gold = hard_batch(rng, CLASS_MAJOR_ENTRIES // 6 + 1, 6)
    values = np.arange(6, dtype=float)
    scorer = ax.get_scorer(name).with_params(tie_tolerance=tol)
    evaluation = scorer.evaluate(system, gold)
    assert_pairwise(name, evaluation.scores, evaluation.undefined, system, gold, values, tol)


@given(distribution_pairs(max_classes=8), class_values(max_classes=8))
def test_every_kernel_gives_the_formula_on_single_pairs(
    pair: tuple[np.ndarray, np.ndarray], values: np.ndarray
) -> None:
    system, gold = (np.asarray(x, dtype=float) for x in pair)
    c = system.size
    v = np.resize(values, c)
    v = np.sort(v) + np.arange(c)  # strictly increasing
    for name in ALL_OQ:
        evaluation = ax.get_scorer(name).evaluate(system, gold, values=v)
        assert_pairwise(name, evaluation.scores, evaluation.undefined, system, gold, v)


# -- the building blocks ----------------------------------------------------------


@given(distribution_pairs(max_classes=8), st.sampled_from([0.0, 1e-9, 0.05]))
def test_bin_kendall_tau_over_the_pairs_only_equals_the_pair_loop(
    pair: tuple[np.ndarray, np.ndarray], tol: float
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    found = float(oqm.kendall_pair(oqm.pair_rows(p, q, normalise=False), tol)[0])
    assert found == pytest.approx(naive_tau(p.tolist(), q.tolist(), tol), rel=1e-12, abs=1e-15)


@given(distribution_pairs(max_classes=9), st.integers(0, 3))
def test_stacked_running_sums_equal_the_distance_weighted_sums(
    pair: tuple[np.ndarray, np.ndarray], seed: int
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    c = p.size
    positions = np.cumsum(np.random.default_rng(seed).random(c))
    positions -= positions[0]
    d = p - q
    halves = oqm.divergence_halves(np.diff(positions)[:, None], d[:, None])
    dw = [
        math.fsum(abs(positions[i] - positions[j]) * d[j] ** 2 for j in range(c)) for i in range(c)
    ]
    scale = math.fsum((d**2).tolist()) * (positions[-1] - positions[0])
    for rows in (q, p, np.ones(c)):
        found = float(oqm.mean_divergence_over(halves, rows[:, None])[0])
        naive = math.fsum(dw[i] for i in range(c) if rows[i] > 0) / int(np.sum(rows > 0))
        assert abs(found - naive) <= RTOL * max(naive, scale, 1e-300)
    totals = oqm.spread(np.diff(positions)[:, None])[:, 0]
    for j in range(c):
        naive_total = math.fsum(abs(positions[i] - positions[j]) for i in range(c))
        assert abs(totals[j] - naive_total) <= RTOL * max(naive_total, 1.0)


@given(distribution_pairs(max_classes=8, zero_bins=True))
def test_kld_and_jsd_with_fewer_passes_equal_the_per_entry_terms(
    pair: tuple[np.ndarray, np.ndarray],
) -> None:
    p, q = (np.asarray(x, dtype=float) / np.sum(x) for x in pair)
    kld, undefined = oqm.kld_rows(p[:, None], q[:, None])
    assert bool(undefined[0]) == bool(np.any((p > 0) & (q == 0)))
    if not undefined[0]:
        assert agrees(kld[0], float(oqm.kl_terms(p, q).sum()))
        assert agrees(kld[0], kl_bits(p.tolist(), q.tolist()))
    jsd = oqm.jsd_rows(p[:, None], q[:, None])[0]
    assert agrees(jsd, naive_jsd(p.tolist(), q.tolist(), []))


@pytest.mark.parametrize("undefined_share", [0.0, 0.3, 0.8, 1.0])
def test_kld_with_mostly_undefined_columns_computes_the_others_alike(
    undefined_share: float,
) -> None:
    rng = np.random.default_rng(5)
    system, gold = hard_batch(rng, 300, 6)
    hit = rng.random(300) < undefined_share
    gold[hit, 2] = 0.0  # gold mass 0 where the system has some (system[:, 2] > 0 mostly)
    system[hit, 2] = np.maximum(system[hit, 2], 0.1)
    gold[hit, 0] += 0.5  # never all zero
    system /= system.sum(axis=1, keepdims=True)
    gold /= gold.sum(axis=1, keepdims=True)
    evaluation = ax.get_scorer("kld").evaluate(system, gold)
    values = np.arange(6, dtype=float)
    assert_pairwise("kld", evaluation.scores, evaluation.undefined, system, gold, values)
    assert np.all(evaluation.undefined[hit])


def test_jsd_of_distributions_1e_9_apart_is_accurate_to_many_digits() -> None:
    # the checker's identity counterexample of a formula that rounded u + v - 2 as a whole
    q = np.array([0.9345794392523364, 0.06542056074766354])
    p = np.array([0.9345794382523365, 0.06542056174766354])
    m = (p + q) / 2
    # second order in p - q; the next term is smaller by a factor |p - q| / m < 1e-7
    expected = math.fsum(((p - q) ** 2 / (8 * m)).tolist()) / math.log(2.0)
    found = float(oqm.jsd_rows(p[:, None], q[:, None])[0])
    assert found == pytest.approx(expected, rel=1e-6)
    assert float(ax.score("jsd", p, q)) == pytest.approx(expected, rel=1e-6)


def test_subnormal_and_tiny_entries_take_the_careful_path() -> None:
    p = np.array([0.5, 0.5 - 1e-310, 1e-310, 0.0])
    q = np.array([0.5, 0.5 - 2e-320, 2e-320, 0.0])
    kld, undefined = oqm.kld_rows(p[:, None], q[:, None])
    assert not undefined[0]
    assert agrees(kld[0], kl_bits(p.tolist(), q.tolist()))
    jsd = oqm.jsd_rows(p[:, None], q[:, None])[0]
    m = ((p + q) / 2).tolist()
    assert agrees(jsd, (kl_bits(p.tolist(), m) + kl_bits(q.tolist(), m)) / 2)
    system = np.array([[0.0], [0.5], [0.5], [0.0]])
    _, undefined = oqm.kld_rows(system, np.array([[1.0], [0.0], [0.0], [0.0]]))
    assert undefined[0]
    gold = np.array([[0.5], [0.5], [1e-320], [0.0]])  # a subnormal gold entry under p = 0.5
    kld, undefined = oqm.kld_rows(system, gold)
    assert not undefined[0]
    assert agrees(kld[0], kl_bits(system[:, 0].tolist(), gold[:, 0].tolist()))


@pytest.mark.parametrize("gap", [1e-6, 1e-9, 1e-12])
def test_nearly_equal_pairs_keep_a_small_positive_kld_and_jsd(gap: float) -> None:
    q = np.array([0.25, 0.25, 0.5])
    p = q + np.array([gap, -gap, 0.0])
    kld = float(oqm.kld_rows(p[:, None], q[:, None])[0][0])
    jsd = float(oqm.jsd_rows(p[:, None], q[:, None])[0])
    # second order: KLD ~ gap^2 / (2 ln 2) (1/q_0 + 1/q_1), JSD a quarter of it
    expected = gap**2 / (2 * math.log(2.0)) * (1 / 0.25 + 1 / 0.25)
    assert kld == pytest.approx(expected, rel=1e-3)
    assert jsd == pytest.approx(expected / 4, rel=1e-3)


def test_equidistant_values_are_recognised_exactly() -> None:
    assert oqm.uniform_step(np.arange(11.0)) == 0.1
    assert oqm.uniform_step(np.array([-3.0, -1.0, 1.0, 3.0])) == pytest.approx(1 / 3, rel=1e-15)
    assert oqm.uniform_step(np.array([0.0, 1.0, 3.0])) is None
    assert oqm.uniform_step(np.array([-1e308, 0.0, 1e308])) is None  # the span overflows
    assert oqm.uniform_step(np.arange(6.0).reshape(2, 3)) is None  # values per batch element


def test_sums_that_are_one_up_to_rounding_are_not_rescaled_and_others_are() -> None:
    p = np.array([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]])
    q = np.array([[0.2, 0.2, 0.6], [0.5, 0.25, 0.25]])
    exact = oqm.pair_rows(p, q)
    np.testing.assert_array_equal(exact.p, p.T)  # 0.1 + 0.2 + 0.7 is 1 up to an ulp
    loose = oqm.pair_rows(p * 1.00003, q)
    np.testing.assert_allclose(loose.p, (p / p.sum(axis=1, keepdims=True)).T, rtol=1e-15)
    raw, normalised = oqm.raw_and_normalised(p * 1.00003, q)
    np.testing.assert_array_equal(raw.p, (p * 1.00003).T)
    np.testing.assert_allclose(normalised.p.sum(axis=0), 1.0, rtol=1e-15)
