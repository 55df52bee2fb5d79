"""Every fast path of the nominal kernels gives the numbers of the straightforward formula.

The class counts and masked totals, Matthews' correlation from running sums
of class rows and the geometric mean from mantissas and exponents are
compared, on Hypothesis inputs, with their formulas written out with
``math.fsum`` (or in 40-digit decimals).
"""

from __future__ import annotations

import decimal
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics.measures.nominal import _math as nm
from axiometrics.measures.nominal.strategies import confusion_matrices

#: Agreement required between a fast kernel and the written-out formula,
#: relative to the size of the terms summed (the formulas differ only in the
#: order of their floating-point operations).
RTOL = 1e-12


def agrees(fast: float | np.ndarray, naive: float, scale: float = 1.0) -> bool:
    """``|fast - naive| <= RTOL * max(|naive|, scale)``."""
    return abs(float(fast) - naive) <= RTOL * max(abs(naive), scale)


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


def naive_matthews(m: np.ndarray) -> tuple[float, bool]:
    """Gorodkin's R_K as the covariance of one-hot label vectors, item pair sums written out."""
    c = m.shape[-1]
    n = math.fsum(m.ravel())
    sys = [math.fsum(m[k, :]) / n for k in range(c)]
    gold = [math.fsum(m[:, k]) / n for k in range(c)]
    cov = math.fsum(m[k, k] / n for k in range(c)) - math.fsum(
        s * g for s, g in zip(sys, gold, strict=True)
    )
    var_s = 1.0 - math.fsum(s * s for s in sys)
    var_g = 1.0 - math.fsum(g * g for g in gold)
    if var_g <= 1e-15:
        return 0.0, True
    return (cov / math.sqrt(var_s * var_g) if var_s > 1e-15 else 0.0), False


@given(st.lists(confusion_matrices(max_classes=6, max_count=30), min_size=1, max_size=3))
def test_matthews_from_running_sums_of_class_rows_equals_the_covariance_formula(
    counts: list[np.ndarray],
) -> None:
    c = min(x.shape[-1] for x in counts)
    batch = np.stack([x[:c, :c] for x in counts]).astype(float)
    batch[batch.sum(axis=(1, 2)) == 0, 0, 0] = 1.0
    r, _, single_gold = nm.matthews(batch)
    for k, m in enumerate(batch):
        expected, naive_single = naive_matthews(m)
        assert bool(single_gold[k]) == naive_single
        if not naive_single:
            assert agrees(r[k], expected)


@given(
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12),
    st.lists(st.booleans(), min_size=12, max_size=12),
    st.sampled_from([1.0, 1e-200]),
)
def test_geometric_mean_from_mantissas_and_exponents_equals_the_mean_of_logarithms(
    factors: list[float], members: list[bool], scale: float
) -> None:
    x = np.array(factors) * scale
    member = np.array(members[: x.size])
    columns = np.stack([x, x[::-1]], axis=1)  # two matrices, class-major
    found = nm.geometric_mean_by_class(columns, np.stack([member, member[::-1]], axis=1))
    chosen = x[member]
    if chosen.size == 0 or np.any(chosen == 0):
        expected = 0.0
    else:
        # 40 significant digits: float logarithms of values near 1e-300 are off by about
        # 1e-13 absolute, which the mean of logarithms would carry into the reference.
        with decimal.localcontext(decimal.Context(prec=40)):
            mean_log = sum(decimal.Decimal(float(v)).ln() for v in chosen) / chosen.size
            expected = float(mean_log.exp())
    assert found[0] == pytest.approx(expected, rel=1e-13, abs=0.0)
    assert found[0] == found[1] or found[1] == pytest.approx(found[0], rel=1e-15)
