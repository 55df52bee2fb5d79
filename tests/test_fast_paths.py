"""Every fast path gives the numbers of the straightforward formula.

The kernels of the built-in measures avoid large temporaries (quadratic
forms of the marginals, matrix products, one cumulative array for Kendall's
pairs, cumulative midpoints for the gold-mass distances, the C(C-1)/2 bin
pairs of DNKT), and validation and the scoring contract take a fused
one-pass route for plain inputs.  Here each kernel is compared, on
Hypothesis inputs, with its formula written out cell by cell with
``math.fsum``, and each fused check with the itemised one it short-cuts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pytest
from axiometrics.measures import _blocks
from axiometrics.measures import _nominal_math as nm
from axiometrics.measures import _oc_math as om
from axiometrics.measures import _oq_math as oqm
from hypothesis import given
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics import (
    Evaluation,
    InvalidInputError,
    Measure,
    MeasureImplementationError,
    NotApplicable,
    Range,
    Registry,
)
from axiometrics.claims import claims_for_family
from axiometrics.confusion import validate_confusion_matrices
from axiometrics.distributions import validate_distributions
from axiometrics.scale import validate_values
from axiometrics.strategies import class_values, confusion_matrices, distribution_pairs

#: Agreement required between a fast kernel and the written-out formula,
#: relative to the size of the terms summed (the formulas differ only in the
#: order of their floating-point operations).
RTOL = 1e-12


def agrees(fast: float | np.ndarray, naive: float, scale: float = 1.0) -> bool:
    """``|fast - naive| <= RTOL * max(|naive|, scale)``."""
    return abs(float(fast) - naive) <= RTOL * max(abs(naive), scale)


@st.composite
def matrices_and_values(draw: st.DrawFn, max_classes: int = 6) -> tuple[np.ndarray, np.ndarray]:
    m = draw(confusion_matrices(max_classes=max_classes, max_count=50)).astype(float)
    values = draw(class_values(n_classes=m.shape[-1]))
    return m, np.asarray(values, dtype=float)


def cells(m: np.ndarray) -> list[tuple[int, int, float]]:
    c = m.shape[-1]
    return [(i, j, float(m[i, j])) for i in range(c) for j in range(c)]


# -- written-out formulas ------------------------------------------------------


def naive_weighted_kappa(m: np.ndarray, w: np.ndarray) -> tuple[float, bool]:
    n = math.fsum(m.ravel())
    sys = [math.fsum(row) for row in m]
    gold = [math.fsum(col) for col in m.T]
    observed = math.fsum(w[i, j] * c / n for i, j, c in cells(m))
    expected = math.fsum(w[i, j] * sys[i] * gold[j] / n / n for i, j, _ in cells(m))
    if expected == 0:
        return 0.0, True
    return 1.0 - observed / expected, False


def naive_alpha(m: np.ndarray, x: np.ndarray) -> tuple[float, float]:
    """Observed disagreement and the pair sum of Krippendorff's alpha."""
    pooled = m.sum(axis=0) + m.sum(axis=1)
    observed = math.fsum(c * (x[i] - x[j]) ** 2 for i, j, c in cells(m))
    pairs = 0.5 * math.fsum(pooled[i] * pooled[j] * (x[i] - x[j]) ** 2 for i, j, _ in cells(m))
    return observed, pairs


def naive_pearson(m: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    """Pearson correlation of the pairs (x_i, y_j), each weighted by c_ij."""
    n = math.fsum(m.ravel())
    mx = math.fsum(c * x[i] for i, _, c in cells(m)) / n
    my = math.fsum(c * y[j] for _, j, c in cells(m)) / n
    cov = math.fsum(c * (x[i] - mx) * (y[j] - my) for i, j, c in cells(m))
    vx = math.fsum(c * (x[i] - mx) ** 2 for i, _, c in cells(m))
    vy = math.fsum(c * (y[j] - my) ** 2 for _, j, c in cells(m))
    return cov / math.sqrt(vx * vy)


def naive_concordance(m: np.ndarray) -> tuple[float, float]:
    """Concordant and discordant item pairs, cell pair by cell pair."""
    concordant, discordant = [], []
    for (i, j, a), (k, g, b) in itertools.product(cells(m), repeat=2):
        if i < k and j < g:
            concordant.append(a * b)
        elif i < k and j > g:
            discordant.append(a * b)
    return math.fsum(concordant), math.fsum(discordant)


def naive_mutual_information(m: np.ndarray) -> float:
    n = math.fsum(m.ravel())
    sys = m.sum(axis=1) / n
    gold = m.sum(axis=0) / n
    return math.fsum(
        (c / n) * math.log2((c / n) / (sys[i] * gold[j])) for i, j, c in cells(m) if c > 0
    )


def naive_cem_int_counts(gold: np.ndarray, v: np.ndarray) -> np.ndarray:
    """K_ij = c_.i / 2 + sum of c_.x over x != i with |v_x - v_j| <= |v_i - v_j| (+ slack)."""
    c = gold.size
    slack = om.DISTANCE_RTOL * float(np.max(np.abs(v)))
    out = np.zeros((c, c))
    for i, j in itertools.product(range(c), repeat=2):
        closer = [
            gold[x] for x in range(c) if x != i and abs(v[x] - v[j]) <= abs(v[i] - v[j]) + slack
        ]
        out[i, j] = gold[i] / 2 + math.fsum(closer)
    return out


def naive_gold_mass_distance(q: np.ndarray, i: int, j: int) -> float:
    """Sakai 2022 eq. 6 as reconstructed: the gold mass from i to j minus half the end classes."""
    if i == j:
        return 0.0
    lo, hi = min(i, j), max(i, j)
    return math.fsum(q[lo : hi + 1]) - (q[i] + q[j]) / 2


def naive_bin_tau(p: np.ndarray, q: np.ndarray, tol: float) -> float:
    def sign(d: float) -> int:
        return 0 if abs(d) <= tol else (1 if d > 0 else -1)

    conc = disc = nt_p = nt_q = 0
    for i, j in itertools.combinations(range(p.size), 2):
        sp, sq = sign(p[i] - p[j]), sign(q[i] - q[j])
        nt_p += sp != 0
        nt_q += sq != 0
        conc += sp * sq > 0
        disc += sp * sq < 0
    return (conc - disc) / math.sqrt(max(1, nt_p) * max(1, nt_q))


# -- OC kernels ---------------------------------------------------------------


@given(matrices_and_values())
def test_weighted_kappa_as_a_quadratic_form_equals_the_expected_matrix_formula(
    case: tuple[np.ndarray, np.ndarray],
) -> None:
    m, values = case
    unit = om.scale_to_unit(values)
    for w in (np.abs(om.pairwise_difference(unit)), om.pairwise_difference(unit) ** 2):
        score, undefined = om.weighted_kappa(m, w)
        expected, naive_undefined = naive_weighted_kappa(m, w)
        assert bool(undefined) == naive_undefined
        if not naive_undefined:
            assert agrees(score, expected, scale=1.0 + abs(expected))


@given(matrices_and_values())
def test_krippendorff_alpha_sums_equal_the_cell_by_cell_sums(
    case: tuple[np.ndarray, np.ndarray],
) -> None:
    m, values = case
    x = om.scale_to_unit(values)
    observed, pairs = naive_alpha(m, x)
    score, undefined = om.krippendorff_alpha(m, x)
    n = m.sum()
    assert bool(undefined) == (not pairs > 0 or not 2 * n - 1 > 0)
    if not undefined:
        expected = 1.0 - (2 * n - 1) * observed / pairs
        assert agrees(score, expected, scale=1.0 + (2 * n - 1) * observed / pairs)


@given(matrices_and_values())
def test_pearson_covariance_as_a_quadratic_form_equals_the_per_item_formula(
    case: tuple[np.ndarray, np.ndarray],
) -> None:
    m, values = case
    score, undefined = om.pearson(m, values, values)
    if not undefined:
        x = om.scale_to_unit(values)
        assert agrees(score, naive_pearson(m, x, x), scale=1e3)


@given(confusion_matrices(max_classes=6, max_count=30))
def test_concordant_and_discordant_pairs_from_one_cumulative_array_equal_pair_counting(
    counts: np.ndarray,
) -> None:
    m = counts.astype(float)
    concordant, discordant = om.concordance(m)
    naive_c, naive_d = naive_concordance(m)
    assert float(concordant) == naive_c  # integer counts: exact
    assert float(discordant) == naive_d


@given(confusion_matrices(max_classes=6, max_count=30), st.floats(1e-3, 1e3))
def test_concordance_of_fractional_counts_agrees_with_pair_counting(
    counts: np.ndarray, factor: float
) -> None:
    m = counts.astype(float) * factor
    concordant, discordant = om.concordance(m)
    naive_c, naive_d = naive_concordance(m)
    scale = m.sum() ** 2
    assert agrees(concordant, naive_c, scale)
    assert agrees(discordant, naive_d, scale)


@given(confusion_matrices(max_classes=6, max_count=50))
def test_mutual_information_from_entropies_equals_the_per_cell_formula(counts: np.ndarray) -> None:
    m = counts.astype(float)
    fast = om.mutual_information(m)
    assert fast >= 0.0
    assert agrees(fast, naive_mutual_information(m), scale=math.log2(m.shape[-1]) + 1.0)


@given(confusion_matrices(max_classes=6, max_count=50), st.floats(1e-3, 1e3))
def test_mutual_information_of_fractional_counts_takes_the_proportions_and_agrees(
    counts: np.ndarray, factor: float
) -> None:
    m = counts.astype(float) * factor
    fast = om.mutual_information(m)
    assert fast >= 0.0
    assert agrees(fast, naive_mutual_information(m), scale=math.log2(m.shape[-1]) + 1.0)


def test_the_log_tables_are_read_only_for_integer_counts_within_the_limit() -> None:
    counts = np.array([[3.0, 1.0], [0.0, 4.0]])
    assert om.integer_counts(counts, 10) is not None
    assert om.integer_counts(counts + 0.5, 10) is None  # fractional
    assert om.integer_counts(counts, 3) is None  # a count above the limit
    assert om.integer_counts(np.array([[np.nan, 1.0], [0.0, 1.0]]), 10) is None
    assert om._integer_mutual_information(counts * 1e6) is None  # N beyond the table
    assert om._integer_mutual_information(counts) is not None


@given(confusion_matrices(max_classes=6, max_count=50))
def test_mutual_information_table_equals_the_proportion_formula_on_a_batch(
    counts: np.ndarray,
) -> None:
    m = counts.astype(float)
    batch = np.stack([m, m.T, np.diag(m.sum(axis=0))])
    table = om._integer_mutual_information(batch)
    assert table is not None
    for k, one in enumerate(batch):
        naive = naive_mutual_information(one)
        assert agrees(table[k], naive, scale=math.log2(m.shape[-1]) + 1.0)


def naive_cem(m: np.ndarray, scale_type: str, values: np.ndarray | None, *, log: bool) -> float:
    """CEM cell by cell: the proximity of every cell, then the two sums."""
    gold = m.sum(axis=0)
    n = math.fsum(gold)
    if scale_type == "int":
        assert values is not None
        k = naive_cem_int_counts(gold, values)
    else:
        k = om.cem_closeness_counts(gold, "ord")

    def prox(kk: float) -> float:
        # Sakai's floor: K = 0 (an empty gold class's column) counts as 0.5
        return -math.log2((kk if kk > 0 else 0.5) / n) if log else 1.0 - kk / n

    c = m.shape[-1]
    inside = math.fsum(prox(k[i, j]) * m[i, j] for i in range(c) for j in range(c))
    best = math.fsum(prox(k[j, j]) * gold[j] for j in range(c))
    return inside / best


@given(
    matrices_and_values(),
    st.sampled_from(["ord", "int"]),
    st.booleans(),
    st.sampled_from([1.0, 0.5, 3.25]),
)
def test_cem_without_the_proximity_array_equals_the_cell_by_cell_formula(
    case: tuple[np.ndarray, np.ndarray], scale_type: str, log: bool, factor: float
) -> None:
    m, values = case
    m = m * factor  # 1.0: the integer tables; otherwise the proportion route
    unit = om.scale_to_unit(values) if scale_type == "int" else None
    fast = om.cem_score_from_gold(m, scale_type, unit, log=log)
    assert agrees(fast, naive_cem(m, scale_type, unit, log=log))
    batch = om.cem_score_from_gold(np.stack([m, m]), scale_type, unit, log=log)
    assert agrees(batch[1], float(fast))


@given(matrices_and_values())
def test_cem_int_closeness_runs_of_positions_equal_the_indicator_sums(
    case: tuple[np.ndarray, np.ndarray],
) -> None:
    m, values = case
    gold = m.sum(axis=0)
    unit = om.scale_to_unit(values)
    found = om._twice_integer_closeness(gold, "int", unit)
    assert found is not None
    twice_k, n, _ = found
    assert twice_k.dtype == np.int64
    np.testing.assert_array_equal(twice_k, 2.0 * naive_cem_int_counts(gold, unit))
    assert int(n) == int(gold.sum())


@given(confusion_matrices(max_classes=6, max_count=30), st.floats(1e-3, 1e3))
def test_concordance_margins_are_the_row_and_column_sums_times_the_scale(
    counts: np.ndarray, scale: float
) -> None:
    m = counts.astype(float)
    found = om.concordance_and_margins(np.stack([m, m.T]), np.array([scale, 1.0]))
    np.testing.assert_allclose(found.system[0], m.sum(axis=1) * scale, rtol=RTOL)
    np.testing.assert_allclose(found.gold[0], m.sum(axis=0) * scale, rtol=RTOL)
    np.testing.assert_array_equal(found.system[1], m.T.sum(axis=1))
    naive_c, naive_d = naive_concordance(m.T)
    assert float(found.concordant[1]) == naive_c
    assert float(found.discordant[1]) == naive_d


@given(matrices_and_values(), st.booleans())
def test_cem_int_closeness_counts_by_matrix_product_equal_the_triple_loop(
    case: tuple[np.ndarray, np.ndarray], batched_values: bool
) -> None:
    m, values = case
    gold = m.sum(axis=0)
    naive = naive_cem_int_counts(gold, values)
    if batched_values:  # values per batch element: the per-class loop
        fast = om.cem_closeness_counts(gold[None], "int", values[None])[0]
    else:
        fast = om.cem_closeness_counts(gold, "int", values)
    np.testing.assert_allclose(fast, naive, rtol=RTOL, atol=RTOL * gold.sum())


@given(matrices_and_values())
def test_value_errors_and_cem_scores_equal_their_cell_sums(
    case: tuple[np.ndarray, np.ndarray],
) -> None:
    m, values = case
    cost = np.abs(om.pairwise_difference(values))
    n = m.sum()
    naive_micro = math.fsum(cost[i, j] * c for i, j, c in cells(m)) / n
    assert agrees(om.weighted_total(m, cost) / n, naive_micro, scale=float(cost.max()))
    per_class = om.per_gold_class_error(m, cost)
    for j in range(m.shape[-1]):
        size = m[:, j].sum()
        naive = math.fsum(cost[i, j] * m[i, j] for i in range(m.shape[-1])) / size if size else 0
        assert agrees(per_class[j], naive, scale=float(cost.max()))
    prox = om.cem_proximity_from_counts(
        om.cem_closeness_counts(m.sum(axis=0), "ord"), np.asarray(n), log=True
    )
    naive_score = math.fsum(prox[i, j] * c for i, j, c in cells(m)) / math.fsum(
        prox[j, j] * m[:, j].sum() for j in range(m.shape[-1])
    )
    assert agrees(om.cem_score(m, prox), naive_score)


def test_cem_proximities_keep_sakais_floor_and_a_positive_zero() -> None:
    k = np.array([[0.0, 2.0], [1.0, 4.0]])
    prox = om.cem_proximity_from_counts(k, np.asarray(4.0), log=True)
    assert prox[0, 0] == -math.log2(0.5 / 4)  # K = 0 -> floor 0.5
    assert prox[1, 1] == 0.0
    assert math.copysign(1.0, prox[1, 1]) == 1.0


# -- OQ kernels ---------------------------------------------------------------


@given(distribution_pairs(max_classes=8))
def test_gold_mass_divergence_from_cumulative_midpoints_equals_the_weight_matrix(
    pair: tuple[np.ndarray, np.ndarray],
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    fast = oqm.midpoint_divergence_terms(p, q)
    squares = (p - q) ** 2
    c = p.size
    for i in range(c):
        naive = math.fsum(naive_gold_mass_distance(q, i, j) * squares[j] for j in range(c))
        assert abs(fast[i] - naive) <= RTOL * (naive + squares.sum())
    weights = oqm.gold_mass_weights(q)
    matrix_form = weights @ squares
    np.testing.assert_allclose(fast, matrix_form, rtol=RTOL, atol=RTOL * squares.sum())


@given(distribution_pairs(max_classes=8), st.sampled_from([0.0, 1e-9, 0.05]))
def test_bin_kendall_tau_over_the_pairs_only_equals_the_pair_loop(
    pair: tuple[np.ndarray, np.ndarray], tol: float
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    assert agrees(oqm.bin_kendall_tau(p, q, tol), naive_bin_tau(p, q, tol))


@given(distribution_pairs(max_classes=8), class_values(max_classes=8))
def test_value_position_divergence_equals_the_value_weight_matrix(
    pair: tuple[np.ndarray, np.ndarray], values: np.ndarray
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    c = p.size
    v = np.resize(np.asarray(values, dtype=float), c)
    v = np.sort(v) + np.arange(c)  # strictly increasing, any spacing
    positions = oqm.value_positions(v[:, None])
    squares = (p - q) ** 2
    fast = oqm.position_divergence(positions, squares[:, None])[:, 0]
    span = v[-1] - v[0]
    for i in range(c):
        naive = math.fsum(abs(v[i] - v[j]) / span * squares[j] for j in range(c))
        assert abs(fast[i] - naive) <= RTOL * (naive + squares.sum())


def naive_kld(p: np.ndarray, q: np.ndarray) -> float:
    """``sum p log2(p / q)``; a midpoint that underflows to 0 next to a subnormal ``p`` adds 0."""
    return math.fsum(
        x * (math.log2(x) - math.log2(y))  # no p / q: it overflows next to a subnormal q
        for x, y in zip(p.tolist(), q.tolist(), strict=True)
        if x > 0 and y > 0
    )


@given(distribution_pairs(max_classes=8, zero_bins=True))
def test_divergence_terms_with_one_logarithm_per_entry_equal_the_log_ratio_formulas(
    pair: tuple[np.ndarray, np.ndarray],
) -> None:
    p, q = (np.asarray(x, dtype=float) / np.sum(x) for x in pair)
    m = (p + q) / 2
    naive_jsd = (naive_kld(p, m) + naive_kld(q, m)) / 2
    assert agrees(oqm.js_terms(p, q).sum(), naive_jsd)
    if np.all(q[p > 0] > 0):
        assert agrees(oqm.kl_terms(p, q).sum(), naive_kld(p, q))


@pytest.mark.parametrize("gap", [1e-3, 1e-6, 1e-9, 1e-12])
def test_nearly_equal_distributions_keep_a_positive_divergence(gap: float) -> None:
    q = np.array([0.25, 0.25, 0.5])
    p = q + np.array([gap, -gap, 0.0])
    for kernel in (oqm.js_terms, oqm.kl_terms):
        total = float(kernel(p, q).sum())
        assert total > 0.0
        # second order: JSD ~ gap^2 / (4 ln 2) (1/q_0 + 1/q_1) / 2, KLD twice that
        expected = (
            gap**2 / math.log(2.0) * (1 / 0.25 + 1 / 0.25) / (8 if kernel is oqm.js_terms else 2)
        )
        assert total == pytest.approx(expected, rel=1e-3)


def test_class_rows_copy_read_only_and_broadcast_inputs() -> None:
    gold = np.broadcast_to(np.array([0.5, 0.5]), (3, 2))
    rows = oqm.class_rows(gold, (3, 2))
    rows[0, 0] = 1.0  # a writable copy, not a view of the input
    assert gold[0, 0] == 0.5
    found = oqm.normalised_rows(np.array([[2.0, 2.0], [1.0, 3.0]]), np.array([0.5, 0.5]))
    np.testing.assert_array_equal(found.p, [[0.5, 0.25], [0.5, 0.75]])
    assert found.batch == (2,)


# -- measures: the batch path and the single-input path -------------------------

OC_BATCH = np.stack(
    [
        np.array([[5.0, 1, 0], [2, 6, 1], [0, 1, 4]]),
        np.array([[3.0, 0, 0], [0, 0, 0], [1, 2, 0]]),
        np.array([[0.5, 0.25, 0], [0, 1.5, 0], [0.25, 0, 2]]),
        np.array([[0.0, 0, 0], [4, 3, 2], [0, 0, 0]]),
    ]
)
OQ_SYSTEM = np.array([[0.2, 0.5, 0.3], [1.0, 0.0, 0.0], [0.25, 0.25, 0.5], [0.1, 0.1, 0.8]])
OQ_GOLD = np.array([[0.1, 0.6, 0.3], [0.0, 0.5, 0.5], [0.25, 0.25, 0.5], [0.0, 0.0, 1.0]])


@pytest.mark.parametrize("name", ax.default_registry().names("oc"))
def test_every_oc_measure_scores_a_batch_like_one_matrix_at_a_time(name: str) -> None:
    scorer = ax.get_scorer(name)
    values = np.array([0.0, 1.0, 3.5])
    batch = scorer.evaluate(OC_BATCH, values=values)
    for k, matrix in enumerate(OC_BATCH):
        one = scorer.evaluate(matrix, values=values)
        assert bool(one.undefined) == bool(batch.undefined[k])
        assert agrees(one.scores, float(batch.scores[k]))


@pytest.mark.parametrize("name", ax.default_registry().names("oq"))
def test_every_oq_measure_scores_a_batch_like_one_pair_at_a_time(name: str) -> None:
    scorer = ax.get_scorer(name)
    batch = scorer.evaluate(OQ_SYSTEM, OQ_GOLD)
    for k in range(len(OQ_GOLD)):
        one = scorer.evaluate(OQ_SYSTEM[k], OQ_GOLD[k])
        assert bool(one.undefined) == bool(batch.undefined[k])
        assert agrees(one.scores, float(batch.scores[k]))


def test_kappa_with_values_per_batch_element_equals_each_element_alone() -> None:
    values = np.array([[0.0, 1.0, 2.0], [0.0, 1.0, 10.0], [-1.0, 0.0, 0.5], [0.0, 5.0, 6.0]])
    for name in ("kappa_linear", "kappa_quadratic", "alpha_interval", "pearson", "cem_int"):
        batch = ax.score(name, OC_BATCH, values=values, on_undefined=-1.0)
        for k in range(len(values)):
            one = ax.score(name, OC_BATCH[k], values=values[k], on_undefined=-1.0)
            assert agrees(one, float(batch[k])), name


# -- MAE / MSE with huge class values -----------------------------------------


def test_mse_with_values_beyond_the_float_range_of_squares_is_refused_naming_values() -> None:
    with pytest.raises(InvalidInputError, match=r"^values=\[0\.0, 1e\+200\]: expected class"):
        ax.score("mse", [[1, 1], [0, 1]], values=[0.0, 1e200])
    with pytest.raises(InvalidInputError, match=r"^values=\[0\.0, 1e\+200\]: expected class"):
        ax.score("mse_macro", [[1, 1], [0, 1]], values=[0.0, 1e200])


def test_mse_with_huge_values_is_computed_when_the_error_itself_fits() -> None:
    # one wrong item among 1e10 of gold class 0: its squared error (1e155)^2 = 1e310
    # overflows, the means 1e310 / (1e10 + 1) and 1e300 / 2 do not
    m = np.array([[1e10 - 1, 0.0], [1.0, 1.0]])
    micro = 1e300 / (1.0 + 1e-10)
    assert ax.score("mse", m, values=[0.0, 1e155]) == pytest.approx(micro, rel=1e-12)
    assert ax.score("mse_macro", m, values=[0.0, 1e155]) == pytest.approx(1e300 / 2, rel=1e-12)


def test_mae_with_values_near_the_float_limit_is_computed_without_overflow() -> None:
    m = np.array([[1e9, 1e9], [0.0, 1e9]])
    assert ax.score("mae_micro", m, values=[0.0, 1e300]) == pytest.approx(1e300 / 3, rel=1e-12)
    assert ax.score("mae_macro", m, values=[0.0, 1e300]) == pytest.approx(1e300 / 4, rel=1e-12)


def test_value_errors_of_ordinary_values_are_exact() -> None:
    m = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
    assert ax.score("mse", m, values=[0.0, 1.0, 3.0]) == (1.0 + 4.0 + 4.0) / 4
    assert ax.score("mae_micro", m) == 3 / 4


# -- fused validation: same acceptance, same errors ------------------------------


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([[1.0, np.nan], [0, 1]], "matrices must hold finite counts (got NaN or inf)"),
        ([[1.0, np.inf], [0, 1]], "matrices must hold finite counts (got NaN or inf)"),
        ([[1.0, -0.5], [0, 1]], "matrices must hold non-negative counts (got minimum -0.5)"),
        ([[0.0, 0.0], [0, 0]], "matrices must contain at least one item (got N=0)"),
        ([[2.0**53, 2.0], [0, 0]], "matrices must hold at most 2**53"),
        ([[[1.0, 0], [0, 1]], [[0.0, 0], [0, 0]]], "(got N=0 at batch index (1,))"),
    ],
)
def test_invalid_counts_get_the_itemised_message(counts: list, message: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        validate_confusion_matrices(counts)
    assert message in str(info.value)


def test_plain_counts_pass_without_a_copy_and_an_empty_batch_passes() -> None:
    counts = np.array([[3.0, 1.0], [0.0, 2.0**52]])
    assert validate_confusion_matrices(counts) is counts
    assert validate_confusion_matrices(np.zeros((0, 3, 3))).shape == (0, 3, 3)


@given(st.floats(0.99985, 1.00015), st.floats(0.0, 1.0))
def test_distribution_sum_tolerance_is_decided_as_the_itemised_check_does(
    total: float, split: float
) -> None:
    p = np.array([total * split, total - total * split])
    if np.abs(p.sum() - 1.0) <= 1e-4:
        validate_distributions(p)
    else:
        with pytest.raises(InvalidInputError, match="must sum to 1"):
            validate_distributions(p)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0.0, np.nan, 2.0], "values must be finite"),
        ([0.0, np.inf, 2.0], "values must be finite"),
        ([-1e308, 0.0, 1e308], "values must span a finite range"),
        ([0.0, 2.0, 1.0], "values must be strictly increasing"),
        ([0.0, 1.0, 1.0], "values must be strictly increasing"),
    ],
)
def test_invalid_values_get_the_itemised_message(values: list[float], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        validate_values(values, 3)


# -- the scoring contract on one input and on batches -----------------------------


def _registry_with(compute: Callable[..., object]) -> Registry:
    registry = Registry()
    claims = {c.name: NotApplicable("a probe") for c in claims_for_family("oc")}
    measure = Measure("probe", "oc", True, Range(0.0, 1.0), claims=claims)
    registry.register(measure, compute, plugin="test")
    return registry


def test_a_nan_score_is_reported_on_one_input_and_on_a_batch() -> None:
    registry = _registry_with(lambda m, *, values: np.full(m.shape[:-2], np.nan))
    for counts in (np.eye(2), np.stack([np.eye(2)] * 3)):
        with pytest.raises(MeasureImplementationError, match="returned NaN or inf"):
            registry.get("probe")(counts)


def test_the_first_score_out_of_range_is_named() -> None:
    registry = _registry_with(lambda m, *, values: np.array([0.5, 3.0, 5.0]))
    with pytest.raises(MeasureImplementationError, match=r"returned 3\.0, outside"):
        registry.get("probe")(np.stack([np.eye(2)] * 3))


def test_scores_within_the_slack_are_clipped_to_the_range() -> None:
    registry = _registry_with(lambda m, *, values: np.array([1.0 + 1e-12, -1e-12]))
    assert registry.get("probe")(np.stack([np.eye(2)] * 2)).tolist() == [1.0, 0.0]
    single = _registry_with(lambda m, *, values: 1.0 + 1e-12)
    assert single.get("probe")(np.eye(2)) == 1.0


def test_undefined_entries_are_filled_and_the_rest_checked() -> None:
    def compute(m: np.ndarray, *, values: np.ndarray) -> Evaluation:
        return Evaluation(np.array([0.25, np.nan]), np.array([False, True]))

    scorer = _registry_with(compute).get("probe")
    batch = np.stack([np.eye(2)] * 2)
    assert scorer(batch, on_undefined=-7.0).tolist() == [0.25, -7.0]
    evaluation = scorer.evaluate(batch)
    assert evaluation.undefined.tolist() == [False, True]
    assert evaluation.scores.tolist() == [0.25, 0.0]


# -- blocks of a large batch -------------------------------------------------------


@pytest.mark.parametrize("name", ["mutual_information", "kendall_tau_b", "cem_ord", "cem_int"])
def test_a_batch_cut_into_blocks_scores_like_the_whole_call(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scorer = ax.get_scorer(name)
    rng = np.random.default_rng(7)
    batch = rng.integers(0, 4, (7, 3, 4, 4)).astype(float)
    batch[0, 0] = np.diag([5.0, 0, 0, 0])  # a constant system: undefined for tau-b
    values = np.array([0.0, 1.0, 2.5, 7.0])
    whole = scorer.evaluate(batch, values=values)
    monkeypatch.setattr(_blocks, "BLOCK_CELLS", 3 * 16)  # blocks of 3 matrices
    cut = scorer.evaluate(batch, values=values)
    np.testing.assert_array_equal(cut.scores, whole.scores)
    np.testing.assert_array_equal(cut.undefined, whole.undefined)
    per_element = np.tile(values, (7, 3, 1)) * np.arange(1, 4)[None, :, None]
    cut_values = scorer.evaluate(batch, values=per_element)
    for k in range(3):
        one = scorer.evaluate(batch[:, k], values=per_element[0, k])
        np.testing.assert_allclose(cut_values.scores[:, k], one.scores, rtol=RTOL)


# -- nominal kernels ---------------------------------------------------------------


@given(confusion_matrices(max_classes=6, max_count=50))
def test_nominal_counts_and_masked_totals_equal_the_masked_sums(counts: np.ndarray) -> None:
    m = counts.astype(float)
    c = m.shape[-1]
    found = nm.class_counts(m)
    np.testing.assert_array_equal(found.system, m.sum(axis=1))
    np.testing.assert_array_equal(found.gold, m.sum(axis=0))
    assert float(found.total) == m.sum()
    off = ~np.eye(c, dtype=bool)
    assert float(nm.masked_total(m, off)) == math.fsum(m[off])
    rest = np.ones((c, c), dtype=bool)
    rest[0, :] = rest[:, 0] = False
    assert float(nm.one_vs_rest(m, 0).tn) == math.fsum(m[rest])


# -- the one-input route of the scoring contract -------------------------------------


def test_one_matrix_takes_the_float_route_and_scores_as_in_a_batch() -> None:
    m = np.array([[5.0, 1, 0], [2, 6, 1], [0, 1, 4]])
    for name in ("mae_micro", "accuracy", "kappa_linear", "cem_ord"):
        one = ax.score(name, m)
        assert type(one) is float
        assert one == float(ax.score(name, m[None])[0])


def test_a_single_matrix_above_2_to_the_52_items_passes_the_itemised_checks() -> None:
    counts = np.array([[2.0**52, 3.0], [0.0, 5.0]])
    assert validate_confusion_matrices(counts) is counts
