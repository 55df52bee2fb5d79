"""Synthetic annotators (axiometrics.meta.annotators): the documented noise model."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from axiometrics.agreement import cohen_kappa, fleiss_kappa, krippendorff_alpha
from axiometrics.errors import InvalidInputError, InvalidParameterError
from axiometrics.meta.annotators import annotate

GOLD = np.random.default_rng(0).integers(0, 5, size=4000)


def test_annotators_have_one_row_each_and_are_fixed_by_the_seed():
    labels = annotate(GOLD, n_annotators=3, noise=0.2, n_classes=5, seed=1)
    assert labels.shape == (3, GOLD.size)
    assert labels.dtype == np.int64
    assert np.array_equal(labels, annotate(GOLD, n_annotators=3, noise=0.2, n_classes=5, seed=1))
    assert not np.array_equal(
        labels, annotate(GOLD, n_annotators=3, noise=0.2, n_classes=5, seed=2)
    )


def test_without_noise_every_annotator_copies_the_gold():
    labels = annotate(GOLD, n_annotators=4, noise=0.0, n_classes=5, seed=0)
    assert (labels == GOLD).all()
    assert fleiss_kappa(labels).value == 1.0


@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=40),
    st.floats(0, 1),
    st.integers(0, 2**32 - 1),
)
def test_a_noisy_label_is_always_one_class_away_from_the_gold_and_on_the_scale(gold, noise, seed):
    labels = annotate(gold, n_annotators=3, noise=noise, n_classes=4, seed=seed)
    distance = np.abs(labels - np.asarray(gold))
    assert set(np.unique(distance)) <= {0, 1}
    assert labels.min() >= 0
    assert labels.max() <= 3


def test_with_full_noise_the_end_classes_move_inwards():
    labels = annotate([0, 0, 4, 4], n_annotators=50, noise=1.0, n_classes=5, seed=0)
    assert (labels[:, :2] == 1).all()
    assert (labels[:, 2:] == 3).all()


def test_an_annotator_agrees_with_the_gold_on_about_one_minus_noise_of_the_items():
    labels = annotate(GOLD, n_annotators=5, noise=0.3, n_classes=5, seed=4)
    assert (labels == GOLD).mean() == pytest.approx(0.7, abs=0.01)


def test_ordinal_coefficients_rate_the_adjacent_class_noise_higher_than_nominal_ones():
    labels = annotate(GOLD, n_annotators=3, noise=0.4, n_classes=5, seed=5)
    nominal = krippendorff_alpha(labels).value
    ordinal = krippendorff_alpha(labels, level="ordinal").value
    weighted = cohen_kappa(labels[0], labels[1], weights="quadratic").value
    assert nominal < ordinal
    assert cohen_kappa(labels[0], labels[1]).value < weighted


def test_one_class_leaves_nowhere_to_move():
    labels = annotate([0, 0, 0], n_annotators=2, noise=1.0, n_classes=1, seed=0)
    assert (labels == 0).all()


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"n_annotators": 0}, InvalidParameterError, "n_annotators=0"),
        ({"noise": 1.5}, InvalidParameterError, "probability in"),
        ({"n_classes": 0}, InvalidParameterError, "n_classes=0"),
        ({"gold": [0, 5]}, InvalidInputError, r"class indices 0 \.\. 4"),
        ({"gold": [0.5]}, InvalidInputError, "class indices"),
        ({"gold": [[0, 1]]}, InvalidInputError, "1-D"),
        ({"gold": ["a"]}, InvalidInputError, "class indices"),
    ],
)
def test_bad_arguments_are_refused(options, error, message):
    arguments = {"gold": [0, 1], "n_annotators": 2, "noise": 0.1, "n_classes": 5, "seed": 0}
    arguments.update(options)
    with pytest.raises(error, match=message):
        annotate(**arguments)
