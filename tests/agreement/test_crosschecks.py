"""Cross-checks against scikit-learn, statsmodels and the krippendorff package.

Hundreds of generated tables each (Hypothesis, ``max_examples=300``).  The
convention differences are pinned here and documented in docs/agreement.md:

* degenerate data (every label in one category): the libraries return NaN
  with a warning; axiometrics returns 1.0 with ``degenerate=True``;
* no pairable unit: krippendorff raises ``ValueError``; axiometrics raises
  ``NoPairableUnitsError`` (also a ``ValueError``);
* statsmodels' Fleiss' kappa takes a units x categories count table;
  axiometrics takes the coders x units labels.
"""

import warnings

import krippendorff
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats import inter_rater

from axiometrics.agreement import (
    NoPairableUnitsError,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.agreement.strategies import annotation_tables

HUNDREDS = settings(max_examples=300)
LEVELS = ["nominal", "ordinal", "interval", "ratio"]


def sklearn_kappa(a, b, k, weights):
    """scikit-learn's kappa with axiometrics' declared value for the degenerate case."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        warnings.filterwarnings("ignore", "A single label was found", UserWarning)
        return cohen_kappa_score(
            a, b, labels=list(range(k)), weights=weights, replace_undefined_by=1.0
        )


@HUNDREDS
@given(
    annotation_tables(min_coders=2, max_coders=2, max_units=40, max_categories=7),
    st.sampled_from([None, "linear", "quadratic"]),
)
def test_cohens_kappa_matches_scikit_learn_with_every_weighting(table, weights):
    a, b = table.labels.astype(int)
    k = table.n_categories
    ours = cohen_kappa(a, b, weights=weights, categories=list(range(k)))
    assert ours.value == pytest.approx(sklearn_kappa(a, b, k, weights), abs=1e-12)


def test_scikit_learn_returns_nan_with_a_warning_where_axiometrics_declares_one():
    with pytest.warns(UndefinedMetricWarning):
        theirs = cohen_kappa_score([1, 1, 1], [1, 1, 1], labels=[1, 2])
    assert np.isnan(theirs)
    ours = cohen_kappa([1, 1, 1], [1, 1, 1], categories=[1, 2])
    assert ours.value == 1.0
    assert ours.degenerate


def test_weighted_kappa_uses_category_positions_like_scikit_learn_so_unused_categories_count():
    a, b = [0, 1, 2, 2], [0, 2, 2, 1]
    narrow = cohen_kappa(a, b, weights="linear")
    # An unused category between 0 and 1 moves 1 and 2 one position further from 0.
    wide = cohen_kappa(a, b, weights="linear", categories=[0, 0.5, 1, 2])
    assert narrow.value != pytest.approx(wide.value)
    assert wide.value == pytest.approx(
        cohen_kappa_score(a, b, labels=[0, 0.5, 1, 2], weights="linear")
    )
    # Positions, not values: a scale 0, 1, 10 weighs like 0, 1, 2.
    spread = cohen_kappa([0, 1, 10, 10], [0, 10, 10, 1], weights="quadratic")
    assert spread.value == pytest.approx(cohen_kappa(a, b, weights="quadratic").value)


@HUNDREDS
@given(annotation_tables(min_coders=2, max_coders=8, max_units=40, max_categories=6))
def test_fleiss_kappa_matches_statsmodels(table):
    codes = table.labels.astype(int)
    counts, _ = inter_rater.aggregate_raters(codes.T, n_cat=table.n_categories)
    ours = fleiss_kappa(codes)
    if ours.degenerate:
        with pytest.warns(RuntimeWarning):
            assert np.isnan(inter_rater.fleiss_kappa(counts))
        assert ours.value == 1.0
    else:
        assert ours.value == pytest.approx(inter_rater.fleiss_kappa(counts), abs=1e-12)


@HUNDREDS
@given(annotation_tables(min_coders=2, max_coders=2, max_units=40, max_categories=6))
def test_scotts_pi_is_fleiss_kappa_of_two_coders(table):
    a, b = table.labels.astype(int)
    assert scotts_pi(a, b).value == pytest.approx(fleiss_kappa(table.labels).value, abs=1e-12)


def krippendorff_reference(labels, level, domain):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        return krippendorff.alpha(labels, level_of_measurement=level, value_domain=domain)


@HUNDREDS
@given(
    annotation_tables(min_coders=2, max_coders=6, max_units=30, max_categories=6, missing=True),
    st.sampled_from(LEVELS),
    st.sampled_from(["indices", "spread"]),
)
def test_krippendorffs_alpha_matches_the_krippendorff_package_with_missing_values(
    table, level, values
):
    k = table.n_categories
    scale = (
        np.arange(k, dtype=float) if values == "indices" else np.cumsum(np.arange(1, k + 1) ** 1.5)
    )
    present = ~np.isnan(table.labels)
    labels = np.full(table.labels.shape, np.nan)
    labels[present] = scale[table.labels[present].astype(int)]
    pairable = (present.sum(axis=0) >= 2).any()
    if not pairable:
        with pytest.raises(NoPairableUnitsError):
            krippendorff_alpha(labels, level=level, categories=list(scale))
        with pytest.raises(ValueError, match=r"at least two coders|more than one value"):
            krippendorff.alpha(labels, level_of_measurement=level, value_domain=scale)
        return
    ours = krippendorff_alpha(labels, level=level, categories=list(scale))
    if ours.degenerate:
        assert ours.value == 1.0
        with pytest.raises((RuntimeWarning, ValueError)):
            krippendorff_reference(labels, level, scale)
        return
    assert ours.value == pytest.approx(krippendorff_reference(labels, level, scale), abs=1e-9)


def test_the_krippendorff_package_fails_on_data_with_one_value_where_axiometrics_declares_one():
    labels = np.array([[2.0, 2.0, np.nan], [2.0, 2.0, 2.0]])
    with pytest.raises(ValueError, match="more than one value"):
        krippendorff.alpha(labels, level_of_measurement="nominal")
    ours = krippendorff_alpha(labels)
    assert (ours.value, ours.degenerate) == (1.0, True)


def test_ordinal_alpha_depends_on_the_order_of_the_categories_not_their_values():
    labels = np.array([[0, 1, 2, 1, np.nan], [0, 2, 2, 0, 1], [1, 1, 2, np.nan, 1]])
    stretched = np.where(labels == 2, 50.0, labels)
    assert krippendorff_alpha(labels, level="ordinal").value == pytest.approx(
        krippendorff_alpha(stretched, level="ordinal").value
    )
    assert krippendorff_alpha(labels, level="interval").value != pytest.approx(
        krippendorff_alpha(stretched, level="interval").value
    )
