"""Every fast path of the OC kernels gives the numbers of the straightforward formula.

The kernels of the ordinal-classification measures avoid large temporaries
(quadratic forms of the marginals, moments of centred positions, two running
sums for Kendall's pairs, the gold sizes' running sums for CEM) and cut
large batches into blocks.  Here each kernel is compared, on Hypothesis
inputs, with its formula written out cell by cell with ``math.fsum``, and
each measure's batch path with its single-input path.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics import InvalidInputError
from axiometrics.measures._matrices import blocks as _blocks
from axiometrics.measures.oc import _math as om
from axiometrics.measures.oc.strategies import confusion_matrices
from axiometrics.strategies import class_values

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


@given(st.lists(confusion_matrices(n_classes=4, max_count=30), min_size=1, max_size=4))
def test_ordinal_alpha_and_spearman_from_class_major_moments_equal_the_per_matrix_formulas(
    counts: list[np.ndarray],
) -> None:
    batch = np.stack(counts).astype(float)
    alpha = ax.get_scorer("alpha_ordinal").evaluate(batch)
    rho = ax.get_scorer("spearman").evaluate(batch)
    for k, m in enumerate(batch):
        pooled = m.sum(axis=0) + m.sum(axis=1)
        x = om.mid_cumulative(pooled)
        observed, pairs = naive_alpha(m, x)
        n = m.sum()
        assert bool(alpha.undefined[k]) == (not pairs > 0 or not 2 * n - 1 > 0)
        if not alpha.undefined[k]:
            expected = 1.0 - (2 * n - 1) * observed / pairs
            assert agrees(alpha.scores[k], expected, scale=1.0 + (2 * n - 1) * observed / pairs)
        ranks_sys, ranks_gold = om.mid_cumulative(m.sum(axis=1)), om.mid_cumulative(m.sum(axis=0))
        single = np.count_nonzero(m.sum(axis=1)) < 2 or np.count_nonzero(m.sum(axis=0)) < 2
        assert bool(rho.undefined[k]) == single
        if not single:
            assert agrees(rho.scores[k], naive_pearson(m, ranks_sys, ranks_gold), scale=1e3)


@given(confusion_matrices(max_classes=6, max_count=30), st.floats(1e-3, 1e3))
def test_spearman_with_both_sides_stacked_gives_the_numbers_of_pearson_on_mid_ranks(
    counts: np.ndarray, factor: float
) -> None:
    m = np.stack([counts.astype(float), counts.astype(float) * factor, counts.T * factor])
    sizes = om.class_sizes(m)
    x = om.running_mid(sizes.system / sizes.total)
    y = om.running_mid(sizes.gold / sizes.total)
    expected = om.pearson(m, x, y, sizes)
    found = om.mid_rank_correlation(m)
    np.testing.assert_array_equal(found[0], expected[0])  # the same operations, bit for bit
    np.testing.assert_array_equal(found[1], expected[1])


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
def test_concordant_minus_discordant_pairs_from_two_running_sums_equal_pair_counting(
    counts: np.ndarray,
) -> None:
    m = counts.astype(float)
    found = om.pair_balance(m, squares=True)
    naive_c, naive_d = naive_concordance(m)
    assert float(found.difference) == naive_c - naive_d  # integer counts: exact
    assert found.squares is not None
    assert float(found.squares) == math.fsum(m.ravel() ** 2)
    for sizes in (found.system, found.gold):
        naive_untied = math.fsum(a * b for a, b in itertools.permutations(sizes[:, 0], 2))
        assert float(om.untied_pairs(sizes)[0]) == naive_untied


@given(confusion_matrices(max_classes=6, max_count=30), st.floats(1e-3, 1e3))
def test_pair_balance_of_fractional_counts_agrees_with_pair_counting(
    counts: np.ndarray, factor: float
) -> None:
    m = counts.astype(float) * factor
    found = om.pair_balance(m)
    naive_c, naive_d = naive_concordance(m)
    assert agrees(found.difference, naive_c - naive_d, m.sum() ** 2)


@given(
    st.integers(2, 6).flatmap(
        lambda c: st.lists(st.integers(0, 60), min_size=c * c, max_size=c * c).map(
            lambda cells: np.array(cells, dtype=float).reshape(c, c)
        )
    )
)
def test_pair_balance_in_int16_for_small_integer_counts_equals_the_float_path(
    m: np.ndarray,
) -> None:
    # up to 36 cells of up to 60 items: N on both sides of SMALL_COUNTS
    found = om.pair_balance(m, squares=True)
    floats = om.pair_balance(m, np.ones(()), squares=True)  # a scale takes the float path
    naive_c, naive_d = naive_concordance(m)
    assert float(found.difference) == naive_c - naive_d == float(floats.difference)
    np.testing.assert_array_equal(found.sizes, floats.sizes)
    assert found.squares is not None
    assert float(found.squares) == math.fsum(m.ravel() ** 2)


@pytest.mark.parametrize("n_items", [om.SMALL_COUNTS - 1, om.SMALL_COUNTS, om.SMALL_COUNTS + 1])
def test_pair_balance_is_exact_at_the_int16_limit_of_items(n_items: int) -> None:
    # every item in two opposite corners: P = 0 and Q as large as the items allow
    m = np.zeros((3, 3))
    m[0, 2] = n_items // 2
    m[2, 0] = n_items - n_items // 2
    found = om.pair_balance(m)
    assert float(found.difference) == -(n_items // 2) * (n_items - n_items // 2)
    diagonal = np.diag([n_items // 2, 0, n_items - n_items // 2]).astype(float)
    assert float(om.pair_balance(diagonal).difference) == (n_items // 2) * (n_items - n_items // 2)


def test_pair_balance_over_small_large_and_fractional_blocks_equals_the_float_path() -> None:
    rng = np.random.default_rng(7)
    c = 11
    per_block = _blocks.BLOCK_CELLS // (c * c)
    batch = rng.integers(0, 3, (4 * per_block, c, c)).astype(float)  # N about 121: int16
    batch[per_block + 5] *= 50.0  # N above SMALL_COUNTS in the second block
    batch[2 * per_block + 9] *= 0.2  # fractional counts in the third block
    found = om.pair_balance(batch, squares=True)
    floats = om.pair_balance(batch, np.ones(len(batch)), squares=True)
    np.testing.assert_array_equal(found.difference, floats.difference)
    np.testing.assert_array_equal(found.sizes, floats.sizes)
    np.testing.assert_array_equal(found.squares, floats.squares)
    for k in (0, per_block + 5, 2 * per_block + 9, 4 * per_block - 1):
        naive_c, naive_d = naive_concordance(batch[k])
        assert agrees(found.difference[k], naive_c - naive_d, batch[k].sum() ** 2)


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


def test_integer_cell_sums_refuse_fractional_counts_that_sum_to_integers() -> None:
    table = np.arange(10.0) ** 2
    cells = np.array([[1.0, 2.0, 0.0, 3.0], [0.5, 0.5, 1.0, 0.0]])
    assert om._integer_cell_sums(cells, table) is None
    found = om._integer_cell_sums(cells[:1], table)
    assert found is not None
    assert found.tolist() == [1.0 + 4.0 + 0.0 + 9.0]
    assert om._integer_mutual_information(np.array([[[0.5, 0.5], [1.0, 1.0]]])) is None


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
    c = m.shape[-1]
    if scale_type == "int":
        assert values is not None
        k = naive_cem_int_counts(gold, values)
    elif scale_type == "nom":  # the class itself on the diagonal, every class off it
        k = np.array(
            [[gold[j] / 2 if i == j else n - gold[i] / 2 for j in range(c)] for i in range(c)]
        )
    else:  # the classes between i and j, those of class i counting half
        k = np.array(
            [
                [
                    gold[i] / 2 + math.fsum(gold[min(i, j) : max(i, j) + 1]) - gold[i]
                    for j in range(c)
                ]
                for i in range(c)
            ]
        )

    def prox(kk: float) -> float:
        # Sakai's floor: K = 0 (an empty gold class's column) counts as 0.5
        return -math.log2((kk if kk > 0 else 0.5) / n) if log else 1.0 - kk / n

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


@given(matrices_and_values(), st.sampled_from([1.0, 0.5, 3.25]))
def test_cem_nominal_with_two_proximities_per_class_equals_the_cell_by_cell_formula(
    case: tuple[np.ndarray, np.ndarray], factor: float
) -> None:
    m = case[0] * factor  # 1.0: the table of logarithms; otherwise a logarithm per class
    for log in (True, False):
        fast = om.cem_nominal_score(m, log=log)
        assert agrees(fast, naive_cem(m, "nom", None, log=log))
        assert agrees(om.cem_nominal_score(np.stack([m, m]), log=log)[1], float(fast))


def test_cem_ordinal_grid_of_logarithms_and_the_table_route_give_the_same_scores() -> None:
    rng = np.random.default_rng(11)
    small = rng.integers(0, 5, (6, 4, 4)).astype(float)
    small[:, 0, 0] += 1.0
    large = small.copy()
    large[0, 0, 0] = 5000.0  # N beyond the grid's limit: the table of log2(2K) per cell
    assert om._ordinal_log_grid(np.zeros((4, 1)), np.zeros((4, 1)), 10_000, 4096) is None
    grid = om.cem_score_from_gold(small, "ord", None, log=True)
    table = om.cem_score_from_gold(large, "ord", None, log=True)
    for k in range(1, 6):  # the same matrices in both calls
        assert agrees(grid[k], float(table[k]))
        assert agrees(grid[k], naive_cem(small[k], "ord", None, log=True))


def test_cem_int_counts_classes_closer_than_the_slack_on_the_diagonal() -> None:
    # classes 0 and 1 lie within DISTANCE_RTOL of each other: each counts in the other's K_jj
    values = np.array([0.0, 1e-14, 1.0])
    m = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    for factor in (1.0, 0.5):
        fast = om.cem_score_from_gold(m * factor, "int", values, log=True)
        assert agrees(fast, naive_cem(m * factor, "int", values, log=True))


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


def test_kendall_tau_b_of_a_dominant_cell_keeps_its_digits_when_the_counts_are_scaled() -> None:
    # the property checker's counterexample to a kernel that subtracted N^2 - sum n^2
    m = np.array(
        [
            [6633.0, 1, 1, 0, 0],
            [41, 0, 0, 0, 1],
            [1, 1, 1, 1, 1],
            [1_000_000, 1, 1, 1, 1],
            [75791, 1, 1, 0, 0],
        ]
    )
    exact = ax.score("kendall_tau_b", m)  # integer counts: every sum exact
    for factor in (0.2, 3.7, 1e-3, 1e-120):
        assert ax.score("kendall_tau_b", m * factor) == pytest.approx(exact, rel=1e-14)


@given(confusion_matrices(max_classes=6, max_count=30), st.floats(1e-3, 1e3))
def test_pair_balance_margins_are_the_row_and_column_sums_times_the_scale(
    counts: np.ndarray, scale: float
) -> None:
    m = counts.astype(float)
    found = om.pair_balance(np.stack([m, m.T]), np.array([scale, 1.0]))
    np.testing.assert_allclose(found.system[:, 0], m.sum(axis=1) * scale, rtol=RTOL)
    np.testing.assert_allclose(found.gold[:, 0], m.sum(axis=0) * scale, rtol=RTOL)
    np.testing.assert_array_equal(found.system[:, 1], m.T.sum(axis=1))
    naive_c, naive_d = naive_concordance(m.T)
    assert float(found.difference[1]) == naive_c - naive_d


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


# -- measures: the batch path and the single-input path -------------------------

OC_BATCH = np.stack(
    [
        np.array([[5.0, 1, 0], [2, 6, 1], [0, 1, 4]]),
        np.array([[3.0, 0, 0], [0, 0, 0], [1, 2, 0]]),
        np.array([[0.5, 0.25, 0], [0, 1.5, 0], [0.25, 0, 2]]),
        np.array([[0.0, 0, 0], [4, 3, 2], [0, 0, 0]]),
    ]
)


@pytest.mark.parametrize("name", ax.default_registry().names("oc"))
def test_every_oc_measure_scores_a_batch_like_one_matrix_at_a_time(name: str) -> None:
    scorer = ax.get_scorer(name)
    values = np.array([0.0, 1.0, 3.5])
    batch = scorer.evaluate(OC_BATCH, values=values)
    for k, matrix in enumerate(OC_BATCH):
        one = scorer.evaluate(matrix, values=values)
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


# -- blocks of a large batch -------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["mutual_information", "kendall_tau_a", "kendall_tau_b", "cem_ord", "cem_int", "cem_ord_flat"],
)
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
