import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.synthetic import (
    MISTAKE_TYPES,
    RATIOS,
    amigo_synthetic,
    default_label_runs,
    system_type,
)


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=20, n_items=100, seed=3)


def labels_of(runs, name):
    """Class values (1..11) of one system, shape (topics, items)."""
    s = runs.systems.index(name)
    t = len(runs.topics)
    return runs.labels[s].reshape(t, -1) + 1


def gold_of(runs):
    return runs.gold.reshape(len(runs.topics), -1) + 1


def test_default_data_has_the_papers_dimensions():
    data = default_label_runs()
    assert len(data.topics) == 100
    assert len(data.systems) == 50
    assert data.n_items == 20_000
    assert data.scale.labels == tuple(range(1, 12))
    assert {system_type(s) for s in data.systems} == set(MISTAKE_TYPES)


def test_gold_spread_grows_across_topics_and_peaks_at_class_four(runs):
    gold = gold_of(runs)
    spread = gold.std(axis=1)
    assert spread[-5:].mean() > spread[:5].mean() + 0.8
    values, counts = np.unique(gold, return_counts=True)
    assert values[np.argmax(counts)] == 4
    assert gold.min() >= 1
    assert gold.max() <= 11


def test_each_system_errs_on_its_share_of_items(runs):
    gold = gold_of(runs)
    for ratio in RATIOS:
        changed = labels_of(runs, f"random_r{ratio:.1f}") != gold
        # A random class can equal the gold one: about 1/11 of the chosen items stay right.
        assert changed.mean() == pytest.approx(ratio * 10 / 11, abs=0.04)
        tag = labels_of(runs, f"tag_r{ratio:.1f}")
        moved = tag != gold
        assert moved.sum(axis=1).max() <= round(ratio * 100)
        assert np.all(tag[moved] == gold[moved] + 1)


def test_mistake_types_behave_as_described(runs):
    gold = gold_of(runs)
    assert np.all(labels_of(runs, "majority_r1.0") == 4)
    assert np.all(labels_of(runs, "tag_r1.0") == np.minimum(gold + 1, 11))
    ordinal = labels_of(runs, "ordinal_r1.0")
    assert np.all(ordinal >= gold)  # displaced towards higher positions
    proximity = labels_of(runs, "proximity_r1.0")
    # Between the item's own class and a random item's: never outside the gold range.
    assert np.all(proximity >= gold.min(axis=1, keepdims=True))
    assert np.all(proximity <= gold.max(axis=1, keepdims=True))
    assert (proximity != gold).mean() > 0.3


def test_the_seed_fixes_the_data():
    a = amigo_synthetic(n_topics=5, n_items=20, seed=1)
    b = amigo_synthetic(n_topics=5, n_items=20, seed=1)
    c = amigo_synthetic(n_topics=5, n_items=20, seed=2)
    np.testing.assert_array_equal(a.labels, b.labels)
    assert not np.array_equal(a.labels, c.labels)


def test_bad_sizes_are_rejected():
    with pytest.raises(InvalidParameterError, match="n_items must be an integer >= 10"):
        amigo_synthetic(n_items=5)
    with pytest.raises(InvalidParameterError, match="n_topics must be an integer >= 2"):
        amigo_synthetic(n_topics=1)
