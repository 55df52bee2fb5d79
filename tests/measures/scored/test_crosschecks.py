"""Cross-checks of the scored measures against scikit-learn (test-only dependency).

Conventions compared, each pinned by a test below:

* ``roc_auc`` = ``roc_auc_score(gold, scores)``; ties count one half in both.
  One-class gold: scikit-learn 1.9 warns and returns NaN, we raise
  ``UndefinedMeasureError`` (or fill ``on_undefined``).
* ``average_precision`` = ``average_precision_score(gold, scores)`` (both
  non-interpolated, one threshold per distinct score).  No positive:
  scikit-learn warns and returns 0; no negative: it returns 1; both are
  declared undefined here (every ranking scores the same).
* ``log_loss`` = ``log_loss(gold, scores, labels=[0, 1])`` within 1e-15 per
  item: scikit-learn clips the probabilities to ``[eps, 1 - eps]``, we floor
  the probability of the gold label at ``eps`` (same eps, float64's), so a
  perfect forecast loses exactly 0 here and 2.2e-16 there.
* ``brier`` = ``brier_score_loss(gold, scores)``.
* ``f1_at(threshold=t)`` = ``f1_score(gold, scores >= t)``; where there is
  neither a gold nor a predicted positive scikit-learn returns its
  ``zero_division`` value (0, with a warning by default), we declare the
  measure undefined.
* ``precision_at_k`` and ``r_precision`` have no scikit-learn counterpart:
  they are compared with the mean precision over every order of the tied
  items (brute force over permutations), the definition they implement.
* The curves equal ``roc_curve(..., drop_intermediate=False)`` and
  ``precision_recall_curve``.

Inputs: a few hundred seeded item lists mixing small-integer scores (many
exact ties), all-tied scores, probabilities, huge and tiny magnitudes, one
positive among negatives and one negative among positives.
"""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import axiometrics as ax
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.scored.curves import precision_recall_curve, roc_curve

N_LISTS = 300


def _item_lists(
    seed: int, n_lists: int, *, probabilities: bool
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Seeded (scores, gold) pairs of 2..30 items with both classes."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n_lists):
        n = int(rng.integers(2, 31))
        kind = i % 6
        if kind == 0:
            gold = np.zeros(n)
            gold[rng.integers(n)] = 1
        elif kind == 1:
            gold = np.ones(n)
            gold[rng.integers(n)] = 0
        else:
            gold = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(float)
            if gold.min() == gold.max():
                gold[0] = 1 - gold[0]
        levels = rng.integers(0, int(rng.integers(1, 6)), size=n).astype(float)
        if probabilities:
            scores = [levels / max(levels.max(), 1.0), rng.random(n), np.full(n, 0.5)][i % 3]
        else:
            scale = [1.0, 1e300, 1e-300, 5e-324][i % 4]
            scores = [levels * scale, rng.normal(size=n), np.zeros(n)][i % 3]
        out.append((np.asarray(scores, dtype=float), gold))
    return out


RANKING_LISTS = _item_lists(1, N_LISTS, probabilities=False)
PROBABILITY_LISTS = _item_lists(2, N_LISTS, probabilities=True)


@pytest.mark.parametrize("lists", [RANKING_LISTS, PROBABILITY_LISTS], ids=["ranks", "probs"])
def test_roc_auc_equals_scikit_learn_roc_auc_score(lists) -> None:
    for scores, gold in lists:
        ours = ax.score("roc_auc", scores, gold)
        assert ours == pytest.approx(skm.roc_auc_score(gold, scores), abs=1e-12)


@pytest.mark.parametrize("lists", [RANKING_LISTS, PROBABILITY_LISTS], ids=["ranks", "probs"])
def test_average_precision_equals_scikit_learn_average_precision_score(lists) -> None:
    for scores, gold in lists:
        ours = ax.score("average_precision", scores, gold)
        assert ours == pytest.approx(skm.average_precision_score(gold, scores), abs=1e-12)


def test_log_loss_equals_scikit_learn_log_loss_up_to_the_clipping_convention() -> None:
    for scores, gold in PROBABILITY_LISTS:
        ours = ax.score("log_loss", scores, gold)
        theirs = skm.log_loss(gold, scores, labels=[0, 1])
        assert abs(ours - theirs) <= 1e-15 + 1e-14 * theirs


def test_a_perfect_forecast_loses_zero_here_and_machine_epsilon_in_scikit_learn() -> None:
    gold = np.array([1.0, 0.0])
    assert ax.score("log_loss", gold, gold) == 0.0
    assert skm.log_loss(gold, gold) == pytest.approx(np.finfo(float).eps, rel=1e-6)


def test_a_confident_wrong_forecast_loses_minus_log_eps_in_both() -> None:
    gold = np.array([1.0, 0.0])
    ours = ax.score("log_loss", 1.0 - gold, gold)
    assert ours == pytest.approx(skm.log_loss(gold, 1.0 - gold), rel=1e-14)
    assert ours == pytest.approx(-math.log(np.finfo(float).eps), rel=1e-14)


def test_brier_equals_scikit_learn_brier_score_loss() -> None:
    for scores, gold in PROBABILITY_LISTS:
        ours = ax.score("brier", scores, gold)
        assert ours == pytest.approx(skm.brier_score_loss(gold, scores), abs=1e-15)


@pytest.mark.parametrize("threshold", [0.0, 0.25, 0.5, 1.0])
def test_f1_at_threshold_equals_scikit_learn_f1_score_of_the_decisions(threshold: float) -> None:
    for scores, gold in PROBABILITY_LISTS:
        predicted = (scores >= threshold).astype(int)
        ours = ax.score(f"f1_at(threshold={threshold})", scores, gold)
        assert ours == pytest.approx(skm.f1_score(gold, predicted), abs=1e-15)


def test_f1_at_is_undefined_where_scikit_learn_falls_back_to_zero_division() -> None:
    gold, scores = np.zeros(3), np.array([0.1, 0.2, 0.3])
    with pytest.raises(UndefinedMeasureError):
        ax.score("f1_at(threshold=0.5)", scores, gold)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert skm.f1_score(gold, (scores >= 0.5).astype(int)) == 0.0
    assert skm.f1_score(gold, (scores >= 0.5).astype(int), zero_division=1.0) == 1.0


def test_one_class_golds_are_undefined_here_where_scikit_learn_differs() -> None:
    scores = np.array([0.3, 0.1, 0.2])
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        assert math.isnan(skm.roc_auc_score(np.ones(3), scores))
    with pytest.raises(UndefinedMeasureError):
        ax.score("roc_auc", scores, np.ones(3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert skm.average_precision_score(np.zeros(3), scores) == 0.0
    assert skm.average_precision_score(np.ones(3), scores) == 1.0
    for gold in (np.zeros(3), np.ones(3)):
        with pytest.raises(UndefinedMeasureError):
            ax.score("average_precision", scores, gold)


def _tie_averaged_precision(
    scores: np.ndarray, gold: np.ndarray, depth: int, denominator: int
) -> float:
    """Mean precision at ``depth`` over every order of tied items (brute force)."""
    values = []
    for perm in itertools.permutations(range(scores.size)):
        order = sorted(perm, key=lambda i: -scores[i])  # stable: ties keep the permuted order
        values.append(gold[order[:depth]].sum() / denominator)
    return float(np.mean(values))


SMALL_LISTS = [(s, g) for s, g in RANKING_LISTS if s.size <= 6][:40]


def test_the_small_lists_include_ties() -> None:
    assert len(SMALL_LISTS) >= 20
    assert any(np.unique(s).size < s.size for s, _ in SMALL_LISTS)


@pytest.mark.parametrize("k", [1, 2, 3, 8])
def test_precision_at_k_is_the_mean_over_every_order_of_tied_items(k: int) -> None:
    for scores, gold in SMALL_LISTS:
        expected = _tie_averaged_precision(scores, gold, min(k, scores.size), k)
        assert ax.score(f"precision_at_k(k={k})", scores, gold) == pytest.approx(
            expected, abs=1e-12
        )


def test_r_precision_is_the_mean_over_every_order_of_tied_items() -> None:
    for scores, gold in SMALL_LISTS:
        r = int(gold.sum())
        expected = _tie_averaged_precision(scores, gold, r, r)
        assert ax.score("r_precision", scores, gold) == pytest.approx(expected, abs=1e-12)


def test_without_ties_precision_at_k_is_the_share_of_positives_in_the_top_k() -> None:
    rng = np.random.default_rng(5)
    for _ in range(100):
        n = int(rng.integers(2, 40))
        scores = rng.permutation(n).astype(float)
        gold = (rng.random(n) < 0.4).astype(float)
        gold[:2] = (0.0, 1.0)
        k = int(rng.integers(1, n + 5))
        top = np.argsort(-scores)[:k]
        assert ax.score(f"precision_at_k(k={k})", scores, gold) == gold[top].sum() / k


def test_batched_scores_equal_scores_of_each_item_list() -> None:
    rng = np.random.default_rng(3)
    scores = rng.integers(0, 4, size=(50, 9)).astype(float)
    gold = np.zeros((50, 9))
    gold[:, :3] = 1
    for name in (
        "roc_auc",
        "average_precision",
        "precision_at_k(k=4)",
        "r_precision",
        "f1_at(threshold=2)",
    ):
        batch = ax.score(name, scores, gold)
        single = [ax.score(name, s, g) for s, g in zip(scores, gold, strict=True)]
        assert np.array_equal(batch, single), name


@pytest.mark.parametrize("lists", [RANKING_LISTS, PROBABILITY_LISTS], ids=["ranks", "probs"])
def test_roc_curve_equals_scikit_learn_without_dropping_points(lists) -> None:
    for scores, gold in lists[:100]:
        ours = roc_curve(scores, gold)
        theirs = skm.roc_curve(gold, scores, drop_intermediate=False)
        for a, b in zip(ours, theirs, strict=True):
            np.testing.assert_allclose(a, b, rtol=1e-15, atol=0)


@pytest.mark.parametrize("lists", [RANKING_LISTS, PROBABILITY_LISTS], ids=["ranks", "probs"])
def test_precision_recall_curve_equals_scikit_learn(lists) -> None:
    for scores, gold in lists[:100]:
        ours = precision_recall_curve(scores, gold)
        theirs = skm.precision_recall_curve(gold, scores)
        for a, b in zip(ours, theirs, strict=True):
            np.testing.assert_allclose(a, b, rtol=1e-15, atol=0)
