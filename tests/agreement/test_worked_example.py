"""The slides' worked kappa example (Barzilay, "Evaluation Strategies", 2004).

The slides give, per item, how many of the two annotators chose category
A, B or C.  The extracted skewed table lost its layout; docs/agreement.md
explains why the reconstruction below is the only one consistent with the
stated p(A) = 0.9 and p(E) = 0.815.
"""

import numpy as np
import pytest

from axiometrics.agreement import cohen_kappa, fleiss_kappa, krippendorff_alpha, scotts_pi

# Per-item category counts (A, B, C) of the two annotators, as on the slides.
BALANCED_COUNTS = [(2, 0, 0)] * 3 + [(0, 2, 0)] * 3 + [(0, 0, 2)] * 3 + [(1, 1, 0)]
# Reconstructed: nine items on which both chose A, one split between B and C.
SKEWED_COUNTS = [(2, 0, 0)] * 9 + [(0, 1, 1)]


def coders_from_counts(counts):
    """Two annotators' labels from per-item counts; in a split item the first takes the first category."""
    first, second = [], []
    for row in counts:
        labels = [c for c, n in zip("ABC", row, strict=True) for _ in range(n)]
        first.append(labels[0])
        second.append(labels[1])
    return first, second


def slide_figures(counts):
    """p(A), p(E) and K computed the slides' way, straight from the count table."""
    table = np.asarray(counts, dtype=float)
    agreement = np.mean(table.max(axis=1) == 2)
    shares = table.sum(axis=0) / table.sum()
    chance = float((shares**2).sum())
    return agreement, chance, (agreement - chance) / (1 - chance)


def test_the_reconstructed_tables_reproduce_every_figure_on_the_slides():
    assert slide_figures(BALANCED_COUNTS)[:2] == pytest.approx((0.9, 0.335))
    assert slide_figures(SKEWED_COUNTS)[:2] == pytest.approx((0.9, 0.815))
    assert round(slide_figures(BALANCED_COUNTS)[2], 2) == 0.85
    assert round(slide_figures(SKEWED_COUNTS)[2], 2) == 0.46


def test_no_other_skewed_table_of_ten_items_matches_the_stated_figures():
    # Two annotators, ten items, nine agreements: the category totals must square-sum to
    # 0.815 * 20**2 = 326, which only the totals 18, 1, 1 do (with the split item B/C).
    totals = {
        tuple(sorted((a, b, 20 - a - b)))
        for a in range(21)
        for b in range(21 - a)
        if a * a + b * b + (20 - a - b) ** 2 == 326
    }
    assert totals == {(1, 1, 18)}


@pytest.mark.parametrize("coefficient", [scotts_pi, fleiss_kappa])
def test_the_slides_kappa_is_scotts_pi_and_fleiss_kappa_of_the_two_annotators(coefficient):
    balanced = coders_from_counts(BALANCED_COUNTS)
    skewed = coders_from_counts(SKEWED_COUNTS)
    if coefficient is scotts_pi:
        balanced_result, skewed_result = scotts_pi(*balanced), scotts_pi(*skewed)
    else:
        balanced_result, skewed_result = fleiss_kappa(balanced), fleiss_kappa(skewed)
    assert balanced_result.value == pytest.approx(0.565 / 0.665)
    assert round(balanced_result.value, 2) == 0.85
    assert 1 - balanced_result.expected_disagreement == pytest.approx(0.335)
    assert 1 - balanced_result.observed_disagreement == pytest.approx(0.9)
    assert skewed_result.value == pytest.approx(0.085 / 0.185)
    assert round(skewed_result.value, 2) == 0.46
    assert 1 - skewed_result.expected_disagreement == pytest.approx(0.815)


def test_cohens_kappa_differs_on_the_skewed_set_because_it_keeps_each_annotators_own_distribution():
    skewed = cohen_kappa(*coders_from_counts(SKEWED_COUNTS))
    # Each annotator: nine A and one other label, so P(E) = 0.9 * 0.9 = 0.81, not 0.815.
    assert 1 - skewed.expected_disagreement == pytest.approx(0.81)
    assert skewed.value == pytest.approx(0.09 / 0.19)
    balanced = cohen_kappa(*coders_from_counts(BALANCED_COUNTS))
    assert round(balanced.value, 2) == 0.85


def test_krippendorffs_alpha_on_the_example_applies_the_small_sample_correction():
    skewed = krippendorff_alpha(np.array(coders_from_counts(SKEWED_COUNTS), dtype=object))
    # D_o = 2 / 20 = 0.1 and D_e = (20**2 - 326) / (20 * 19) = 74 / 380.
    assert skewed.value == pytest.approx(1 - 0.1 / (74 / 380))
