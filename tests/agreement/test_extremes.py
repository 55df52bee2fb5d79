"""Huge, tiny and infinite labels: exact coefficients or a typed refusal, never NaN or a warning.

Issue 21, item 2.4.  The reference is Krippendorff's definition computed in
exact rational arithmetic (:class:`fractions.Fraction`) on the same floats.
pytest turns every warning into an error, so a numpy overflow warning fails
these tests.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics.agreement import (
    AgreementInputError,
    ScaleRangeError,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.agreement.strategies import annotation_tables
from axiometrics.errors import InvalidParameterError


def exact_alpha(data, level):
    """``(alpha, D_o, D_e)`` of interval or ratio alpha in exact arithmetic (coincidence form)."""
    units = [
        [Fraction(v) for v in column if v is not None and not math.isnan(v)]
        for column in zip(*data, strict=True)
    ]
    units = [unit for unit in units if len(unit) >= 2]
    values = [v for unit in units for v in unit]
    n = len(values)

    def delta(c, k):
        if level == "interval":
            return (c - k) ** 2
        return Fraction(0) if c + k == 0 else ((c - k) / (c + k)) ** 2

    def pairs(labels):
        return sum(
            delta(c, k) for i, c in enumerate(labels) for j, k in enumerate(labels) if i != j
        )

    observed = sum(pairs(unit) / (len(unit) - 1) for unit in units) / n
    expected = pairs(values) / (n * (n - 1))
    return 1 - observed / expected, observed, expected


def assert_exact(result, data, level):
    value, observed, expected = exact_alpha(data, level)
    assert result.value == pytest.approx(float(value), abs=1e-13)
    assert result.observed_disagreement == pytest.approx(float(observed), rel=1e-12)
    assert result.expected_disagreement == pytest.approx(float(expected), rel=1e-12)
    assert not result.degenerate


def test_interval_alpha_of_labels_beyond_the_float_range_of_their_squares_is_refused():
    with pytest.raises(
        ScaleRangeError,
        match=r"^data: the interval disagreements of these labels \(largest magnitude 1e\+200\) "
        r"exceed the floating-point range, so D_o and D_e cannot be reported; alpha does not "
        r"change when every label is multiplied by the same number",
    ) as caught:
        krippendorff_alpha([[1e200, 2, 1, 3], [1, 2, 1, 3]], level="interval")
    assert (caught.value.largest, caught.value.problem) == (1e200, "exceed")
    assert isinstance(caught.value, AgreementInputError)


def test_interval_alpha_of_the_issue_example_rescaled_is_exactly_zero():
    data = [[1e150, 2e-50, 1e-50, 3e-50], [1e-50, 2e-50, 1e-50, 3e-50]]
    result = krippendorff_alpha(data, level="interval")
    assert result.value == 0.0
    assert_exact(result, data, "interval")


def test_interval_alpha_of_labels_whose_squares_overflow_inside_the_sums_is_exact():
    # Each square fits, but the sums over units of n * v^2 would not.
    data = [[1e153, -1e153, 3e152, np.nan, 1e153], [9e152, -1e153, 3e152, 5e152, 8e152]]
    result = krippendorff_alpha(data, level="interval")
    assert_exact(result, data, "interval")
    assert math.isfinite(result.expected_disagreement)


def test_interval_alpha_keeps_small_differences_between_huge_equal_magnitude_labels():
    base, step = 2.0**510, 2.0**458  # the spacing of floats near 2**510 (about 3e153)
    offsets = [[0, 1, 2, 2, 5], [0, 1, 3, 2, 4], [1, 1, 2, np.nan, 5]]
    data = [[base + step * o if not np.isnan(o) else np.nan for o in row] for row in offsets]
    result = krippendorff_alpha(data, level="interval")
    assert result.value == pytest.approx(
        krippendorff_alpha(offsets, level="interval").value, abs=1e-12
    )
    assert_exact(result, data, "interval")


def test_interval_alpha_of_labels_too_close_to_zero_is_refused():
    with pytest.raises(ScaleRangeError, match=r"largest magnitude 3e-200\) fall below the float"):
        krippendorff_alpha([[1e-200, 2e-200, 1e-200], [1e-200, 3e-200, 2e-200]], level="interval")


def test_ratio_alpha_is_exact_from_the_largest_to_the_smallest_floats():
    data = [[1.7e308, 1e-300, 0.0, 5e307, 2.0], [1.6e308, 3e-300, 0.0, 5e307, 1e-300]]
    assert_exact(krippendorff_alpha(data, level="ratio"), data, "ratio")


def test_a_category_seen_only_on_an_unpairable_unit_does_not_scale_the_rest():
    data = [[1.0, 2.0, 1e300, 3.0], [1.0, 3.0, np.nan, 3.0]]
    for level in ("interval", "ratio"):
        assert_exact(krippendorff_alpha(data, level=level), data, level)


EXTREME = np.array([[-1e308, 1e308, 5e-324, 0.0, 1e308], [-1e308, 5e-324, 5e-324, 1e308, 0.0]])
RANKS = np.array([[0, 3, 2, 1, 3], [0, 2, 2, 3, 1]])


@pytest.mark.parametrize(
    "coefficient",
    [
        lambda d, **kw: cohen_kappa(d[0], d[1], **kw),
        lambda d, **kw: cohen_kappa(d[0], d[1], weights="quadratic", **kw),
        lambda d, **kw: scotts_pi(d[0], d[1], **kw),
        lambda d, **kw: fleiss_kappa(d, **kw),
        lambda d, **kw: krippendorff_alpha(d, level="nominal", **kw),
        lambda d, **kw: krippendorff_alpha(d, level="ordinal", **kw),
    ],
)
def test_coefficients_of_categories_and_ranks_are_the_same_at_the_extremes_of_the_floats(
    coefficient,
):
    extreme = coefficient(EXTREME, bootstrap=50, seed=0)
    assert extreme == coefficient(RANKS, bootstrap=50, seed=0)
    assert math.isfinite(extreme.value)


def test_ratio_alpha_at_the_extremes_of_the_floats_is_exact():
    data = np.abs(EXTREME)
    assert_exact(krippendorff_alpha(data, level="ratio", bootstrap=50, seed=0), data, "ratio")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        *[
            (lambda level=level: krippendorff_alpha([[1.0, 2.0], [np.inf, 2.0]], level=level),
             r"data\[1, 0\]=inf: expected a finite label")
            for level in ("nominal", "ordinal", "interval", "ratio")
        ],
        (lambda: krippendorff_alpha([[1, None], [-np.inf, 2]]), r"data\[1, 0\]=-inf"),
        (lambda: cohen_kappa([1, 2, np.inf], [1, 2, 3]), r"a\[2\]=inf"),
        (lambda: scotts_pi([1, 2, 3], [1, None, -np.inf]), r"b\[2\]=-inf"),
        (lambda: fleiss_kappa([[1, 2], [2, np.inf], [1, 1]]), r"data\[1, 1\]=inf"),
        (lambda: krippendorff_alpha([[10**400, 1], [1, 1]]), r"data\[0, 0\]=10000"),
        (
            lambda: krippendorff_alpha([[1, 2], [1, np.inf]], rows="items", level="interval"),
            r"data\[1, 1\]=inf",
        ),
    ],
)  # fmt: skip
def test_infinite_labels_are_refused_with_their_position(call, message):
    with pytest.raises(AgreementInputError, match=message):
        call()


def test_infinite_category_values_are_refused():
    with pytest.raises(InvalidParameterError, match="finite real values"):
        krippendorff_alpha(
            [["a", "b"], ["a", "a"]], level="interval", categories={"a": 0, "b": np.inf}
        )


@given(
    annotation_tables(min_coders=2, max_coders=4, max_units=20, missing=True),
    st.integers(-150, 150),
)
def test_interval_alpha_does_not_change_when_every_label_is_multiplied_by_a_power_of_ten(
    table, power
):
    labels = table.labels
    if not ((~np.isnan(labels)).sum(axis=0) >= 2).any():
        return
    plain = krippendorff_alpha(labels, level="interval")
    scaled = krippendorff_alpha(labels * 10.0**power, level="interval")
    assert scaled.value == pytest.approx(plain.value, abs=1e-9)
    assert scaled.degenerate == plain.degenerate
    factor = 10.0 ** (2 * power)
    assert scaled.observed_disagreement == pytest.approx(
        plain.observed_disagreement * factor, rel=1e-9
    )
    assert scaled.expected_disagreement == pytest.approx(
        plain.expected_disagreement * factor, rel=1e-9
    )
    assert math.isfinite(scaled.observed_disagreement)
