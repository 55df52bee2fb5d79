"""Every fast path of the OQ kernels gives the numbers of the straightforward formula.

The kernels of the ordinal-quantification measures use cumulative midpoints
for the gold-mass distances, the C(C-1)/2 bin pairs of DNKT and one
logarithm per entry for the divergences.  Here each kernel is compared, on
Hypothesis inputs, with its formula written out with ``math.fsum``, and
each measure's batch path with its single-input path.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given

import axiometrics as ax
from axiometrics.measures.oq import _math as oqm
from axiometrics.measures.oq.strategies import distribution_pairs

#: Agreement required between a fast kernel and the written-out formula,
#: relative to the size of the terms summed (the formulas differ only in the
#: order of their floating-point operations).
RTOL = 1e-12


def agrees(fast: float | np.ndarray, naive: float, scale: float = 1.0) -> bool:
    """``|fast - naive| <= RTOL * max(|naive|, scale)``."""
    return abs(float(fast) - naive) <= RTOL * max(abs(naive), scale)


def naive_gold_mass_distance(q: np.ndarray, i: int, j: int) -> float:
    """Sakai 2022 eq. 6 as reconstructed: the gold mass from i to j minus half the end classes."""
    if i == j:
        return 0.0
    lo, hi = min(i, j), max(i, j)
    return math.fsum(q[lo : hi + 1]) - (q[i] + q[j]) / 2


# -- OQ kernels ---------------------------------------------------------------


@given(distribution_pairs(max_classes=8))
def test_gold_mass_divergence_from_cumulative_midpoints_equals_the_weight_matrix(
    pair: tuple[np.ndarray, np.ndarray],
) -> None:
    p, q = (np.asarray(x, dtype=float) for x in pair)
    halves = oqm.divergence_halves(oqm.midpoint_gaps(q[:, None]), (p - q)[:, None])
    fast = oqm._divergence_rows(halves)[:, 0]
    squares = (p - q) ** 2
    c = p.size
    for i in range(c):
        naive = math.fsum(naive_gold_mass_distance(q, i, j) * squares[j] for j in range(c))
        assert abs(fast[i] - naive) <= RTOL * (naive + squares.sum())
    weights = oqm.gold_mass_weights(q)
    matrix_form = weights @ squares
    np.testing.assert_allclose(fast, matrix_form, rtol=RTOL, atol=RTOL * squares.sum())


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
    assert agrees(oqm.jsd_rows(p[:, None], q[:, None])[0], naive_jsd)
    if np.all(q[p > 0] > 0):
        assert agrees(oqm.kl_terms(p, q).sum(), naive_kld(p, q))


@pytest.mark.parametrize("gap", [1e-3, 1e-6, 1e-9, 1e-12])
def test_nearly_equal_distributions_keep_a_positive_divergence(gap: float) -> None:
    q = np.array([0.25, 0.25, 0.5])
    p = q + np.array([gap, -gap, 0.0])
    jsd = float(oqm.jsd_rows(p[:, None], q[:, None])[0])
    kld = float(oqm.kl_terms(p, q).sum())
    # second order: JSD ~ gap^2 / (4 ln 2) (1/q_0 + 1/q_1) / 2, KLD twice that
    for total, divisor in ((jsd, 8), (kld, 2)):
        assert total > 0.0
        expected = gap**2 / math.log(2.0) * (1 / 0.25 + 1 / 0.25) / divisor
        assert total == pytest.approx(expected, rel=1e-3)


def test_class_rows_copy_read_only_and_broadcast_inputs() -> None:
    gold = np.broadcast_to(np.array([0.5, 0.5]), (3, 2))
    rows = oqm.class_rows(gold, (3, 2))
    rows[0, 0] = 1.0  # a writable copy, not a view of the input
    assert gold[0, 0] == 0.5
    found = oqm.pair_rows(np.array([[2.0, 2.0], [1.0, 3.0]]), np.array([0.5, 0.5]))
    np.testing.assert_array_equal(found.p, [[0.5, 0.25], [0.5, 0.75]])
    assert found.batch == (2,)


# -- measures: the batch path and the single-input path -------------------------

OQ_SYSTEM = np.array([[0.2, 0.5, 0.3], [1.0, 0.0, 0.0], [0.25, 0.25, 0.5], [0.1, 0.1, 0.8]])
OQ_GOLD = np.array([[0.1, 0.6, 0.3], [0.0, 0.5, 0.5], [0.25, 0.25, 0.5], [0.0, 0.0, 1.0]])


@pytest.mark.parametrize("name", ax.default_registry().names("oq"))
def test_every_oq_measure_scores_a_batch_like_one_pair_at_a_time(name: str) -> None:
    scorer = ax.get_scorer(name)
    batch = scorer.evaluate(OQ_SYSTEM, OQ_GOLD)
    for k in range(len(OQ_GOLD)):
        one = scorer.evaluate(OQ_SYSTEM[k], OQ_GOLD[k])
        assert bool(one.undefined) == bool(batch.undefined[k])
        assert agrees(one.scores, float(batch.scores[k]))
