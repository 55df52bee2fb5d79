"""Properties every agreement coefficient obeys (issue 15, item 5)."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics.agreement import (
    LEVELS,
    NoPairableUnitsError,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.agreement.strategies import annotation_tables

two_coders = annotation_tables(min_coders=2, max_coders=2, max_units=25)
many_coders = annotation_tables(min_coders=2, max_coders=5, max_units=25)
with_gaps = annotation_tables(min_coders=2, max_coders=5, max_units=25, missing=True)


def pairable(labels):
    return bool(((~np.isnan(labels)).sum(axis=0) >= 2).any())


def relabel(labels, permutation, names):
    """Nominal relabelling: category i becomes the string names[permutation[i]]."""
    out = np.empty(labels.shape, dtype=object)
    for index, value in np.ndenumerate(labels):
        out[index] = None if np.isnan(value) else names[permutation[int(value)]]
    return out


@given(two_coders, st.sampled_from([None, "linear", "quadratic"]))
def test_cohens_kappa_is_the_same_when_the_two_coders_swap(table, weights):
    a, b = table.labels
    scale = list(range(table.n_categories))
    forward = cohen_kappa(a, b, weights=weights, categories=scale)
    backward = cohen_kappa(b, a, weights=weights, categories=scale)
    assert forward.value == pytest.approx(backward.value, abs=1e-12)


@given(two_coders)
def test_scotts_pi_is_the_same_when_the_two_coders_swap(table):
    a, b = table.labels
    assert scotts_pi(a, b).value == pytest.approx(scotts_pi(b, a).value, abs=1e-12)


@given(many_coders, st.randoms(use_true_random=False))
def test_fleiss_kappa_does_not_depend_on_the_order_of_the_coders(table, random):
    order = list(range(table.labels.shape[0]))
    random.shuffle(order)
    assert fleiss_kappa(table.labels[order]).value == pytest.approx(
        fleiss_kappa(table.labels).value, abs=1e-12
    )


@given(with_gaps, st.sampled_from(LEVELS), st.randoms(use_true_random=False))
def test_krippendorffs_alpha_does_not_depend_on_the_order_of_the_coders(table, level, random):
    if not pairable(table.labels):
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(table.labels, level=level)
        return
    order = list(range(table.labels.shape[0]))
    random.shuffle(order)
    shuffled = krippendorff_alpha(table.labels[order], level=level)
    assert shuffled.value == pytest.approx(
        krippendorff_alpha(table.labels, level=level).value, abs=1e-9
    )


@given(many_coders, st.randoms(use_true_random=False))
def test_nominal_coefficients_do_not_change_when_the_categories_are_renamed(table, random):
    k = table.n_categories
    permutation = list(range(k))
    random.shuffle(permutation)
    names = [f"label-{i}" for i in range(k)]
    renamed = relabel(table.labels, permutation, names)
    assert fleiss_kappa(renamed).value == pytest.approx(fleiss_kappa(table.labels).value, abs=1e-12)
    assert krippendorff_alpha(renamed).value == pytest.approx(
        krippendorff_alpha(table.labels).value, abs=1e-12
    )
    a, b = table.labels[:2]
    ra, rb = renamed[:2]
    assert cohen_kappa(ra, rb).value == pytest.approx(cohen_kappa(a, b).value, abs=1e-12)
    assert scotts_pi(ra, rb).value == pytest.approx(scotts_pi(a, b).value, abs=1e-12)


@given(with_gaps, st.randoms(use_true_random=False))
def test_nominal_alpha_with_gaps_does_not_change_when_the_categories_are_renamed(table, random):
    if not pairable(table.labels):
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(table.labels)
        return
    permutation = list(range(table.n_categories))
    random.shuffle(permutation)
    renamed = relabel(table.labels, permutation, [f"c{i}" for i in permutation])
    assert krippendorff_alpha(renamed).value == pytest.approx(
        krippendorff_alpha(table.labels).value, abs=1e-12
    )


@given(two_coders, st.sampled_from([None, "linear", "quadratic"]))
def test_two_coder_coefficients_lie_between_minus_one_and_one(table, weights):
    a, b = table.labels
    kappa = cohen_kappa(a, b, weights=weights, categories=list(range(table.n_categories)))
    pi = scotts_pi(a, b)
    for result in (kappa, pi):
        assert -1.0 - 1e-12 <= result.value <= 1.0 + 1e-12
        assert 0.0 <= result.observed_disagreement <= 1.0 + 1e-12
        assert 0.0 <= result.expected_disagreement <= 1.0 + 1e-12


@given(many_coders)
def test_fleiss_kappa_lies_between_its_lower_bound_and_one(table):
    m = table.labels.shape[0]
    value = fleiss_kappa(table.labels).value
    # Fleiss (1971): with m labels per unit, kappa >= -1 / (m - 1).
    assert -1.0 / (m - 1) - 1e-12 <= value <= 1.0 + 1e-12


@given(with_gaps, st.sampled_from(LEVELS))
def test_krippendorffs_alpha_is_at_most_one_and_finite(table, level):
    if not pairable(table.labels):
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(table.labels, level=level)
        return
    result = krippendorff_alpha(table.labels, level=level)
    assert np.isfinite(result.value)
    assert result.value <= 1.0 + 1e-12
    assert result.observed_disagreement >= 0.0


@given(with_gaps)
def test_nominal_alpha_is_at_least_minus_one(table):
    if not pairable(table.labels):
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(table.labels)
        return
    assert krippendorff_alpha(table.labels).value >= -1.0 - 1e-12


@given(many_coders)
def test_perfect_agreement_gives_one_for_every_coefficient(table):
    same = np.tile(table.labels[0], (table.labels.shape[0], 1))
    assert fleiss_kappa(same).value == 1.0
    for level in LEVELS:
        assert krippendorff_alpha(same, level=level).value == pytest.approx(1.0)
    assert cohen_kappa(same[0], same[1]).value == pytest.approx(1.0)
    assert scotts_pi(same[0], same[1]).value == pytest.approx(1.0)


@given(many_coders, st.sampled_from(LEVELS))
def test_a_degenerate_result_is_exactly_one_label_value_on_every_pairable_unit(table, level):
    result = krippendorff_alpha(table.labels, level=level)
    assert result.degenerate == (len(np.unique(table.labels)) == 1)
    if result.degenerate:
        assert (result.value, result.expected_disagreement) == (1.0, 0.0)


# Issue 21: labelled inputs are aligned by item label, so permuting their items changes nothing.

labelled_tables = annotation_tables(min_coders=2, max_coders=4, min_units=2, max_units=20)


def item_ids(n, kind):
    """Distinct item labels whose sorted order is the table's column order."""
    return (
        [f"item-{j:03d}" for j in range(n)] if kind == "text" else [10 * j - 50 for j in range(n)]
    )


@given(
    labelled_tables,
    st.sampled_from(["text", "numbers"]),
    st.randoms(use_true_random=False),
    st.sampled_from([None, "linear", "quadratic"]),
)
def test_permuting_the_items_of_two_series_never_changes_kappa_or_pi(table, ids, random, weights):
    a, b = table.labels[:2]
    index = item_ids(len(a), ids)
    first, second = list(range(len(a))), list(range(len(a)))
    random.shuffle(first)
    random.shuffle(second)
    sa = pd.Series(a, index=index).iloc[first]
    sb = pd.Series(b, index=index).iloc[second]
    scale = list(range(table.n_categories))
    options = {"bootstrap": 20, "seed": 1}
    kappa = cohen_kappa(sa, sb, weights=weights, categories=scale, **options)
    assert kappa == cohen_kappa(a, b, weights=weights, categories=scale, **options)
    assert scotts_pi(sa, sb, **options) == scotts_pi(a, b, **options)


@given(
    annotation_tables(min_coders=2, max_coders=4, min_units=2, max_units=20, missing=True),
    st.sampled_from(["text", "numbers"]),
    st.randoms(use_true_random=False),
    st.sampled_from(LEVELS),
)
def test_permuting_the_rows_of_a_dataframe_never_changes_alpha_or_fleiss(table, ids, random, level):
    labels = table.labels
    order = list(range(labels.shape[1]))
    random.shuffle(order)
    frame = pd.DataFrame(labels.T, index=pd.Index(item_ids(labels.shape[1], ids), name="item"))
    shuffled = frame.iloc[order]
    if not pairable(labels):
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(shuffled, level=level)
        return
    options = {"bootstrap": 20, "seed": 2}
    alpha = krippendorff_alpha(shuffled, level=level, **options)
    assert alpha == krippendorff_alpha(labels, level=level, **options)
    assert alpha == krippendorff_alpha(shuffled.T, level=level, **options)  # items as columns
    complete = ~np.isnan(labels).any(axis=0)
    if complete.any():
        dropped = fleiss_kappa(shuffled, missing="drop", **options)
        assert dropped == fleiss_kappa(labels[:, complete], **options)


@given(labelled_tables, st.randoms(use_true_random=False))
def test_permuting_the_items_of_a_list_of_series_never_changes_alpha(table, random):
    labels = table.labels
    index = item_ids(labels.shape[1], "text")
    coders = []
    for row in labels:
        order = list(range(len(row)))
        random.shuffle(order)
        coders.append(pd.Series(row, index=index).iloc[order])
    assert krippendorff_alpha(coders, level="ordinal") == krippendorff_alpha(
        labels, level="ordinal"
    )
