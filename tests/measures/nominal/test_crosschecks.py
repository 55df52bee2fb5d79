"""Cross-checks of the nominal measures against scikit-learn.

300 seeded confusion matrices (2 to 11 classes, with classes nobody used,
predicted classes without gold items, single-class golds and constant
systems) are scored in one vectorised call per class count and compared,
matrix by matrix, with scikit-learn on the expanded label vectors, always
passing the full ``labels`` list.  The conventions differ in two documented
ways, each pinned here:

* scikit-learn averages over every label it is given; axiometrics averages
  over C+ (classes with gold items).  With the full labels list the
  per-class values agree exactly (``zero_division=0``), and axiometrics'
  macro average is their mean over the classes with support > 0.
* scikit-learn returns 0 (or NaN, with a warning) where axiometrics
  declares the measure undefined: per-class 0/0, MCC on a single-class
  gold, adjusted balanced accuracy with one gold class.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as skm

import axiometrics as ax

MATRICES_PER_CLASS_COUNT = 30
CLASS_COUNTS = range(2, 12)


def _generate(n_classes: int, rng: np.random.Generator) -> np.ndarray:
    """Confusion matrices with exact zeros, unused classes and constant systems."""
    out = np.zeros((MATRICES_PER_CLASS_COUNT, n_classes, n_classes))
    for b in range(MATRICES_PER_CLASS_COUNT):
        n_items = int(rng.integers(1, 40))
        weights = rng.random(n_classes) ** 2
        weights[rng.random(n_classes) < 0.3] = 0.0  # classes without gold items
        weights[rng.integers(n_classes)] += 0.1
        gold = rng.choice(n_classes, n_items, p=weights / weights.sum())
        mode = b % 4
        if mode == 0:  # mostly right
            system = np.where(rng.random(n_items) < 0.6, gold, rng.integers(0, n_classes, n_items))
        elif mode == 1:  # anything
            system = rng.integers(0, n_classes, n_items)
        elif mode == 2:  # few system classes, sometimes one
            used = rng.choice(n_classes, size=int(rng.integers(1, 3)), replace=False)
            system = rng.choice(used, n_items)
        else:  # a single gold class now and then
            gold = np.full(n_items, gold[0]) if b % 8 == 3 else gold
            system = np.where(rng.random(n_items) < 0.5, gold, rng.integers(0, n_classes, n_items))
        np.add.at(out[b], (system, gold), 1)
    return out


@pytest.fixture(scope="module")
def batches() -> dict[int, np.ndarray]:
    rng = np.random.default_rng(20261122)
    return {c: _generate(c, rng) for c in CLASS_COUNTS}


def labels(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expand a confusion matrix (rows = system) into (gold, system) label vectors."""
    system, gold = np.nonzero(m)
    counts = m[system, gold].astype(int)
    return np.repeat(gold, counts), np.repeat(system, counts)


def evaluate(name: str, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    result = ax.get_scorer(name).evaluate(batch)
    return np.asarray(result.scores), np.asarray(result.undefined)


def each_matrix(batches: dict[int, np.ndarray]):
    for c, batch in batches.items():
        for b in range(batch.shape[0]):
            yield c, batch, b, batch[b]


def per_class(m: np.ndarray, beta: float = 1.0):
    gold, system = labels(m)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return skm.precision_recall_fscore_support(
            gold, system, labels=list(range(m.shape[0])), beta=beta, zero_division=0
        )


def test_the_generated_matrices_reach_the_corner_cases(batches):
    counts = {"matrices": 0, "single gold": 0, "single system": 0, "unused": 0, "extra": 0}
    for batch in batches.values():
        gold, system = batch.sum(axis=-2), batch.sum(axis=-1)
        counts["matrices"] += batch.shape[0]
        counts["single gold"] += int(((gold > 0).sum(axis=-1) == 1).sum())
        counts["single system"] += int(((system > 0).sum(axis=-1) == 1).sum())
        counts["unused"] += int(((gold == 0) & (system == 0)).any(axis=-1).sum())
        counts["extra"] += int(((gold == 0) & (system > 0)).any(axis=-1).sum())
    assert counts["matrices"] == 300
    assert min(counts["single gold"], counts["single system"]) >= 10, counts
    assert min(counts["unused"], counts["extra"]) >= 50, counts


@pytest.mark.parametrize(
    ("name", "column", "beta"),
    [
        ("precision_macro", 0, 1.0),
        ("maac", 1, 1.0),
        ("f1_macro", 2, 1.0),
        ("fbeta_macro", 2, 2.0),
    ],
)
def test_macro_averages_are_scikit_learns_per_class_values_averaged_over_gold_classes(
    batches, name, column, beta
):
    for c, batch in batches.items():
        ours, undefined = evaluate(name, batch)
        assert not undefined.any()
        for b in range(batch.shape[0]):
            values = per_class(batch[b], beta)
            support = values[3]
            expected = values[column][support > 0].mean()
            assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-15), (name, c, b)


@pytest.mark.slow
def test_scikit_learns_macro_average_over_the_full_label_list_differs_exactly_by_the_class_set(
    batches,
):
    for _, _, _, m in each_matrix(batches):
        gold, system = labels(m)
        full = skm.f1_score(
            gold, system, labels=list(range(m.shape[0])), average="macro", zero_division=0
        )
        values = per_class(m)
        support = values[3]
        ours = ax.score("f1_macro", m)
        # the classes without gold items score 0 in scikit-learn's average (F1 = 0 when TP = 0)
        assert full == pytest.approx(ours * (support > 0).sum() / m.shape[0], rel=1e-12, abs=1e-15)


@pytest.mark.parametrize(
    ("name", "average", "column"),
    [
        ("precision_weighted", "weighted", 0),
        ("recall_weighted", "weighted", 1),
        ("f1_weighted", "weighted", 2),
        ("f1_micro", "micro", 2),
    ],
)
def test_weighted_and_micro_averages_equal_scikit_learns(batches, name, average, column):
    for c, batch in batches.items():
        ours, _ = evaluate(name, batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = skm.precision_recall_fscore_support(
                    gold, system, labels=list(range(c)), average=average, zero_division=0
                )[column]
            assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-15), (name, c, b)


def test_balanced_accuracy_equals_scikit_learns(batches):
    for c, batch in batches.items():
        ours, _ = evaluate("balanced_accuracy", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "y_pred contains classes not in y_true"
                expected = skm.balanced_accuracy_score(gold, system)
            assert ours[b] == pytest.approx(expected, rel=1e-12), (c, b)


def test_informedness_is_adjusted_balanced_accuracy_and_undefined_on_one_gold_class(batches):
    for c, batch in batches.items():
        ours, undefined = evaluate("informedness", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            single = np.unique(gold).size < 2
            assert undefined[b] == single
            if not single:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    expected = skm.balanced_accuracy_score(gold, system, adjusted=True)
                assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-14), (c, b)


def test_markedness_is_adjusted_balanced_accuracy_with_system_and_gold_swapped(batches):
    for c, batch in batches.items():
        ours, undefined = evaluate("markedness", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            single = np.unique(system).size < 2
            assert undefined[b] == single
            if not single:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    expected = skm.balanced_accuracy_score(system, gold, adjusted=True)
                assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-14), (c, b)


def test_mcc_equals_matthews_corrcoef_and_is_undefined_where_scikit_learn_returns_zero(batches):
    for c, batch in batches.items():
        ours, undefined = evaluate("mcc", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = skm.matthews_corrcoef(gold, system)
            if np.unique(gold).size < 2:
                assert undefined[b]
                assert expected == 0.0  # scikit-learn's convention for a zero variance
            else:
                assert not undefined[b]
                assert ours[b] == pytest.approx(expected, rel=1e-10, abs=1e-12), (c, b)


def test_cohen_kappa_equals_scikit_learns_where_defined(batches):
    for c, batch in batches.items():
        ours, undefined = evaluate("cohen_kappa", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = skm.cohen_kappa_score(gold, system, labels=list(range(c)))
            if undefined[b]:
                assert np.isnan(expected)
            else:
                assert ours[b] == pytest.approx(expected, rel=1e-10, abs=1e-12), (c, b)


def test_jaccard_macro_averages_scikit_learns_per_class_jaccard_over_gold_classes(batches):
    for c, batch in batches.items():
        ours, _ = evaluate("jaccard_macro", batch)
        for b in range(batch.shape[0]):
            gold, system = labels(batch[b])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                per = skm.jaccard_score(
                    gold, system, labels=list(range(c)), average=None, zero_division=0
                )
            support = np.bincount(gold, minlength=c)
            assert ours[b] == pytest.approx(per[support > 0].mean(), rel=1e-12), (c, b)


@pytest.mark.slow
def test_gmean_recall_is_the_geometric_mean_of_scikit_learns_recalls(batches):
    for c, batch in batches.items():
        ours, _ = evaluate("gmean_recall", batch)
        for b in range(batch.shape[0]):
            values = per_class(batch[b])
            recalls, support = values[1], values[3]
            kept = recalls[support > 0]
            expected = 0.0 if np.any(kept == 0) else stats.gmean(kept)
            assert ours[b] == pytest.approx(expected, rel=1e-12), (c, b)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "column"), [("precision", 0), ("recall", 1), ("f1", 2)])
def test_per_class_measures_equal_scikit_learns_and_are_undefined_at_its_zero_division(
    batches, name, column
):
    for c, batch in batches.items():
        for positive in {0, 1, c - 1}:
            ours, undefined = ax.get_scorer(name).with_params(positive=positive).evaluate(batch)
            for b in range(batch.shape[0]):
                m = batch[b]
                values = per_class(m)
                tp = m[positive, positive]
                zero_division = {
                    "precision": m[positive].sum() == 0,
                    "recall": m[:, positive].sum() == 0,
                    "f1": m[positive].sum() + m[:, positive].sum() == 0,
                }[name]
                assert undefined[b] == zero_division, (name, c, b, positive)
                if not zero_division:
                    expected = values[column][positive]
                    assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-15)
                    assert tp >= 0


@pytest.mark.slow
def test_fbeta_equals_scikit_learns_fbeta_score(batches):
    for beta in (0.5, 2.0, 3.0):
        for c, batch in batches.items():
            positive = c - 1
            scorer = ax.get_scorer("fbeta").with_params(positive=positive, beta=beta)
            ours, undefined = scorer.evaluate(batch)
            for b in range(batch.shape[0]):
                gold, system = labels(batch[b])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    expected = skm.fbeta_score(
                        gold, system, beta=beta, labels=[positive], average=None, zero_division=0
                    )[0]
                if not undefined[b]:
                    assert ours[b] == pytest.approx(expected, rel=1e-12, abs=1e-15)
                else:
                    assert expected == 0.0


@pytest.mark.slow
def test_specificity_equals_the_true_negative_rate_of_scikit_learns_one_vs_rest_tables(batches):
    for c, batch in batches.items():
        for positive in {0, c - 1}:
            scorer = ax.get_scorer("specificity").with_params(positive=positive)
            ours, undefined = scorer.evaluate(batch)
            for b in range(batch.shape[0]):
                gold, system = labels(batch[b])
                table = skm.multilabel_confusion_matrix(gold, system, labels=list(range(c)))
                (tn, fp), (_fn, _tp) = table[positive]
                assert undefined[b] == (tn + fp == 0)
                if tn + fp:
                    assert ours[b] == pytest.approx(tn / (tn + fp), rel=1e-12)


def test_label_vector_input_agrees_with_scikit_learn_on_string_labels():
    gold = ["pos", "neg", "neutral", "neutral", "pos", "neg", "neutral"]
    system = ["pos", "neutral", "neutral", "neg", "neg", "neg", "neutral"]
    classes = ["pos", "neg", "neutral"]
    ours = ax.score("f1_weighted", gold, system, scale=classes)
    assert ours == pytest.approx(skm.f1_score(gold, system, average="weighted"), rel=1e-12)
    ours = ax.score("mcc", gold, system, scale=classes)
    assert ours == pytest.approx(skm.matthews_corrcoef(gold, system), rel=1e-12)
