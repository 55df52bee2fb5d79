"""The OQ data model: Distributions constructors and validation."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics import (
    ClassScale,
    Distributions,
    InputTypeError,
    InvalidInputError,
    UnknownLabelError,
)
from axiometrics.distributions import (
    CLASS_MAJOR_ENTRIES,
    SUM_TOLERANCE,
    class_major_rows,
    validate_distribution_pair,
    validate_distributions,
)

# --------------------------------------------------------------------------- constructors


def test_from_counts_normalises_each_distribution_of_a_batch():
    d = Distributions.from_counts([[1, 3, 0], [2, 2, 4]])
    np.testing.assert_array_equal(d.probabilities, [[0.25, 0.75, 0.0], [0.25, 0.25, 0.5]])
    assert d.n_classes == 3
    assert d.scale.labels == (0, 1, 2)


def test_from_counts_keeps_a_given_scale_and_its_values():
    scale = ClassScale(["neg", "neu", "pos"], values=[-1, 0, 2])
    d = Distributions.from_counts([5, 0, 5], scale=scale)
    assert d.scale is scale
    np.testing.assert_array_equal(d.probabilities, [0.5, 0.0, 0.5])


def test_from_labels_classifies_and_counts_with_empty_classes_from_the_scale():
    d = Distributions.from_labels(["pos", "neg", "pos", "pos"], scale=["neg", "neu", "pos"])
    np.testing.assert_array_equal(d.probabilities, [0.25, 0.0, 0.75])


def test_from_labels_without_a_scale_uses_the_sorted_observed_labels():
    d = Distributions.from_labels([2, -2, 2, 0])
    assert d.scale.labels == (-2, 0, 2)
    np.testing.assert_array_equal(d.probabilities, [0.25, 0.25, 0.5])


def test_from_labels_counts_each_row_of_a_batch_separately():
    d = Distributions.from_labels(
        [["a", "b", "b", "b"], ["c", "a", "a", "c"]], scale=["a", "b", "c"]
    )
    np.testing.assert_array_equal(d.probabilities, [[0.25, 0.75, 0.0], [0.5, 0.0, 0.5]])


def test_from_labels_matches_numeric_labels_by_value():
    d = Distributions.from_labels(np.array([1.0, 2.0, 2.0, 1.0]), scale=[1, 2, 3])
    np.testing.assert_array_equal(d.probabilities, [0.5, 0.5, 0.0])


def test_from_dataframe_takes_one_distribution_per_row_and_keeps_the_index():
    frame = pd.DataFrame(
        {"neg": [0.2, 0.5], "neu": [0.3, 0.0], "pos": [0.5, 0.5]}, index=["t1", "t2"]
    )
    d = Distributions.from_dataframe(frame, scale=["neg", "neu", "pos"])
    assert d.scale.labels == ("neg", "neu", "pos")
    assert d.index == ("t1", "t2")
    np.testing.assert_array_equal(d.probabilities, frame.to_numpy())


def test_from_dataframe_with_a_scale_reorders_columns_and_fills_missing_classes_with_zero():
    frame = pd.DataFrame({"pos": [0.8], "neg": [0.2]})
    d = Distributions.from_dataframe(frame, scale=["neg", "neu", "pos"])
    np.testing.assert_array_equal(d.probabilities, [[0.2, 0.0, 0.8]])


def test_from_probabilities_validates_without_renormalising():
    d = Distributions.from_probabilities([0.50004, 0.5])
    np.testing.assert_array_equal(d.probabilities, [0.50004, 0.5])


def test_a_wider_tolerance_is_honoured_by_from_probabilities_and_from_dataframe():
    d = Distributions.from_probabilities([0.5, 0.495], tol=1e-2)
    assert d.probabilities.sum() == pytest.approx(0.995)
    frame = pd.DataFrame({1: [0.5], 2: [0.495]})
    assert Distributions.from_dataframe(frame, tol=1e-2).n_classes == 2


def test_probabilities_are_a_read_only_copy():
    source = np.array([0.5, 0.5])
    d = Distributions.from_probabilities(source)
    source[0] = 0.9
    assert d.probabilities[0] == 0.5
    with pytest.raises(ValueError, match="read-only"):
        d.probabilities[0] = 0.1


def test_repr_shows_the_batch_shape_and_labels():
    d = Distributions.from_counts([[1, 1], [2, 0]], scale=["lo", "hi"])
    assert repr(d) == "Distributions(batch_shape=(2,), labels=['lo', 'hi'])"


def test_validate_distributions_returns_the_array_of_a_distributions_object():
    d = Distributions.from_counts([1, 3])
    assert validate_distributions(d) is d.probabilities


def test_validate_distribution_pair_accepts_broadcastable_batches():
    p, q = validate_distribution_pair([[0.5, 0.5]] * 3, [1.0, 0.0])
    assert p.shape == (3, 2)
    assert q.shape == (2,)


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("probabilities", "error", "message"),
    [
        (
            [0.5, -0.25, 0.75],
            InvalidInputError,
            r"gold must be non-negative \(got minimum -0\.25\)",
        ),
        ([0.5, float("nan")], InvalidInputError, r"gold must be finite \(got NaN or inf\)"),
        ([0.5, float("inf")], InvalidInputError, r"gold must be finite \(got NaN or inf\)"),
        ([0.5, 0.43], InvalidInputError, r"gold must sum to 1 \(got 0\.93; tolerance 0\.0001\)"),
        ([3, 1], InvalidInputError, r"gold must sum to 1 \(got 4;"),
        ([1e308, 1e308], InvalidInputError, r"gold must sum to 1 \(got inf;"),
        ([1.0], InvalidInputError, r"gold must have at least 2 classes .*got shape \(1,\)"),
        (0.5, InvalidInputError, r"gold must have at least 2 classes .*got shape \(\)"),
        (
            ["x", "y"],
            InputTypeError,
            r"gold must be numeric probabilities \(got \['x', 'y'\]: strings, "
            r"dtype <U1; real numbers expected\)",
        ),
    ],
)
def test_invalid_probabilities_raise_a_typed_error_naming_the_argument_and_value(
    probabilities, error, message
):
    with pytest.raises(error, match=message):
        validate_distributions(probabilities, name="gold")


def test_the_sum_tolerance_is_inclusive_and_configurable():
    validate_distributions([0.5, 0.5 + SUM_TOLERANCE / 2])
    with pytest.raises(InvalidInputError, match=r"tolerance 1e-06"):
        validate_distributions([0.5, 0.5 + 1e-5], tol=1e-6)


def test_the_first_bad_sum_of_a_batch_is_located():
    batch = np.full((2, 3, 2), 0.5)
    batch[1, 2] = [0.5, 0.1]
    with pytest.raises(InvalidInputError, match=r"got 0\.6 at batch index \(1, 2\)"):
        validate_distributions(batch, name="system")


def test_system_and_gold_must_have_the_same_number_of_classes():
    with pytest.raises(InvalidInputError, match=r"got system C=3 and gold C=2"):
        validate_distribution_pair([0.2, 0.3, 0.5], [0.5, 0.5])


def test_system_and_gold_batches_must_broadcast():
    with pytest.raises(InvalidInputError, match=r"must broadcast \(got \(2, 2\) and \(3, 2\)\)"):
        validate_distribution_pair([[0.5, 0.5]] * 2, [[0.5, 0.5]] * 3)


def test_probabilities_must_match_the_number_of_classes_of_the_scale():
    with pytest.raises(InvalidInputError, match=r"must have 3 classes to match the scale"):
        Distributions(np.array([0.5, 0.5]), ClassScale.of_size(3))
    with pytest.raises(InvalidInputError, match=r"scale must have 2 classes .*got 3"):
        Distributions.from_probabilities([0.5, 0.5], scale=["a", "b", "c"])


def test_the_index_needs_one_key_per_distribution():
    with pytest.raises(InvalidInputError, match=r"index must have one key per distribution"):
        Distributions(np.full((2, 2), 0.5), ClassScale.of_size(2), index=("t1",))


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        ([2, -1, 3], InvalidInputError, r"counts must be finite and non-negative \(got -1\.0\)"),
        (
            [2, float("nan")],
            InvalidInputError,
            r"counts must be finite and non-negative \(got nan\)",
        ),
        ([[1, 1], [0, 0]], InvalidInputError, r"at least one item per distribution \(got 0\)"),
        ([4], InvalidInputError, r"counts must have at least 2 classes .*got shape \(1,\)"),
        ("many", InputTypeError, r"counts must be numeric counts \(got 'many'"),
    ],
)
def test_invalid_counts_raise_a_typed_error_naming_the_value(counts, error, message):
    with pytest.raises(error, match=message):
        Distributions.from_counts(counts)


def test_labels_outside_the_scale_are_listed():
    with pytest.raises(UnknownLabelError, match=r"labels must be labels of the scale.*'maybe'"):
        Distributions.from_labels(["yes", "maybe"], scale=["no", "yes"])


def test_labels_must_hold_at_least_one_item_and_two_classes():
    with pytest.raises(InvalidInputError, match=r"labels must hold at least one item"):
        Distributions.from_labels([])
    with pytest.raises(InvalidInputError, match=r"at least 2 classes"):
        Distributions.from_labels([1, 1, 1])


def test_from_dataframe_rejects_other_objects_and_unknown_columns():
    with pytest.raises(InputTypeError, match=r"frame must be a pandas DataFrame \(got dict\)"):
        Distributions.from_dataframe({"a": [1.0]})  # type: ignore[arg-type]
    frame = pd.DataFrame({"neg": [0.5], "other": [0.5]})
    with pytest.raises(UnknownLabelError, match=r"frame columns must be labels.*'other'"):
        Distributions.from_dataframe(frame, scale=["neg", "pos"])
    with pytest.raises(InvalidInputError, match=r"frame must sum to 1 \(got 0\.7"):
        Distributions.from_dataframe(pd.DataFrame({0: [0.5], 1: [0.2]}))


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        (
            np.array([0.5 + 0j, 0.5]),
            r"system must be numeric probabilities \(got .*complex numbers",
        ),
        (np.array([0.5, 0.5], dtype=object), r"\(got .*: Python objects, dtype object;"),
        (np.array([True, False]), r"\(got array\(\[ True, False\]\): booleans, dtype bool;"),
    ],
)
def test_probabilities_that_are_not_real_numbers_are_refused_before_conversion(
    probabilities, message
):
    with pytest.raises(InputTypeError, match=message):
        validate_distributions(probabilities, name="system")


def test_counts_whose_sum_overflows_are_refused_without_a_warning():
    with pytest.raises(
        InvalidInputError,
        match=r"counts must sum to a finite number per distribution \(got a sum that overflows\)",
    ):
        Distributions.from_counts([1e308, 1e308])


def test_a_pandas_object_is_not_read_by_position():
    with pytest.raises(
        InputTypeError, match=r"gold must be probabilities in class order, not a pandas DataFrame"
    ):
        validate_distributions(pd.DataFrame([[0.5, 0.5]]), name="gold")


def test_numeric_frame_columns_are_sorted_into_class_order():
    frame = pd.DataFrame({2: [0.5], 0: [0.2], 1: [0.3]}, index=pd.Index(["t1"], name="topic"))
    d = Distributions.from_dataframe(frame)
    assert d.scale.labels == (0, 1, 2)
    np.testing.assert_array_equal(d.probabilities, [[0.2, 0.3, 0.5]])
    assert d.index == ("t1",)
    assert d.index_name == "topic"


def test_text_probabilities_in_a_frame_are_refused():
    frame = pd.DataFrame({0: ["0.5"], 1: ["0.5"]})
    with pytest.raises(InputTypeError, match=r"frame must hold real-number probabilities"):
        Distributions.from_dataframe(frame)


def test_from_series_matches_classes_by_index_label():
    d = Distributions.from_series(pd.Series({2: 0.5, 0: 0.5, 1: 0.0}))
    assert d.scale.labels == (0, 1, 2)
    np.testing.assert_array_equal(d.probabilities, [0.5, 0.0, 0.5])
    with pytest.raises(InputTypeError, match=r"series must be a pandas Series \(got list\)"):
        Distributions.from_series([0.5, 0.5])  # type: ignore[arg-type]


# --------------------------------------------------------------------------- class-major pairs


def batch(rng: np.random.Generator, n: int, c: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` (system, gold) pairs over ``c`` classes, with zeros, point masses and loose sums."""
    system = rng.dirichlet(np.ones(c), n)
    gold = rng.dirichlet(np.ones(c) * 0.5, n)
    gold[::3] *= rng.random((len(gold[::3]), c)) < 0.5
    gold[::3, 0] += 0.1
    gold[1::7] = np.eye(c)[rng.integers(0, c, len(gold[1::7]))]
    gold /= gold.sum(axis=1, keepdims=True)
    system[::4] *= 1.0 + rng.uniform(-5e-5, 5e-5, (len(system[::4]), 1))
    return system, gold


def test_a_large_pair_is_validated_into_read_only_views_of_one_class_major_array() -> None:
    rng = np.random.default_rng(0)
    system, gold = batch(rng, 400, 11)
    p, q = validate_distribution_pair(system, gold, class_major=True)
    np.testing.assert_array_equal(p, system)
    np.testing.assert_array_equal(q, gold)
    assert not p.flags.writeable
    assert not q.flags.writeable
    found = class_major_rows(p, q)
    assert found is not None
    rows, sums = found
    assert rows.shape == (11, 800)
    assert rows.flags.c_contiguous
    np.testing.assert_array_equal(rows[:, :400], system.T)
    np.testing.assert_allclose(sums, np.concatenate([system.sum(1), gold.sum(1)]), rtol=1e-15)
    # reshaped views of the same memory in the same order are still recognised
    assert class_major_rows(p.reshape(20, 20, 11), q.reshape(20, 20, 11)) is not None
    # anything else is not: swapped, sliced, copied, or unrelated arrays
    assert class_major_rows(q, p) is None
    assert class_major_rows(p[1:], q[1:]) is None
    assert class_major_rows(p.copy(), q) is None
    assert class_major_rows(system, gold) is None


def test_small_or_unequal_shapes_are_validated_as_given() -> None:
    rng = np.random.default_rng(1)
    system, gold = batch(rng, 10, 11)
    p, q = validate_distribution_pair(system, gold, class_major=True)
    assert p is system
    assert q is gold
    big, _ = batch(rng, 400, 11)
    p, q = validate_distribution_pair(big, gold[0], class_major=True)
    assert p is big


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda s, g: s.__setitem__((7, 3), -0.25),
            "system must be non-negative (got minimum -0.25)",
        ),
        (lambda s, g: g.__setitem__((9, 0), np.nan), "gold must be finite (got NaN or inf)"),
        (lambda s, g: g.__setitem__((9, 0), np.inf), "gold must be finite (got NaN or inf)"),
        (
            lambda s, g: s.__setitem__(5, s[5] * 1.01),
            "system must sum to 1 (got 1.01 at batch index (5,)",
        ),
        (lambda s, g: g.__setitem__((300, 1), 1e308), "gold must sum to 1"),
    ],
)
def test_a_large_invalid_pair_gets_the_itemised_error(change: object, message: str) -> None:
    rng = np.random.default_rng(2)
    system, gold = batch(rng, 400, 11)
    system /= system.sum(axis=1, keepdims=True)
    change(system, gold)  # type: ignore[operator]
    with pytest.raises(InvalidInputError) as info:
        validate_distribution_pair(system, gold, class_major=True)
    assert message in str(info.value)


@given(st.floats(0.99985, 1.00015))
def test_the_sum_tolerance_is_decided_as_the_itemised_check_does(total: float) -> None:
    base = np.full((CLASS_MAJOR_ENTRIES // 4, 4), 0.25)
    system = base.copy()
    system[17] *= total
    itemised = abs(float(np.einsum("i->", system[17])) - 1.0) <= 1e-4
    if itemised:
        p, _ = validate_distribution_pair(system, base, class_major=True)
        np.testing.assert_array_equal(p, system)
    else:
        with pytest.raises(InvalidInputError, match="must sum to 1"):
            validate_distribution_pair(system, base, class_major=True)
