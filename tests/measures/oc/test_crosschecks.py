"""Cross-checks of the OC measures against independent implementations.

Hundreds of seeded confusion matrices (2 to 11 classes, with empty gold and
system classes) are scored in one vectorised batch call per class count and
compared, matrix by matrix, with scikit-learn, scipy and the ``krippendorff``
package applied to the expanded label vectors.  Where a library follows a
different convention on purpose, a test pins the difference.
"""

from __future__ import annotations

import math

import krippendorff
import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import axiometrics as ax
from axiometrics import UndefinedMeasureError

MATRICES_PER_CLASS_COUNT = 30
CLASS_COUNTS = range(2, 12)


def _generate(n_classes: int, rng: np.random.Generator) -> np.ndarray:
    """A batch of confusion matrices with exact zeros, empty classes and constant systems."""
    out = np.zeros((MATRICES_PER_CLASS_COUNT, n_classes, n_classes))
    for b in range(MATRICES_PER_CLASS_COUNT):
        n_items = int(rng.integers(2, 40))
        weights = rng.random(n_classes) ** 2
        weights[rng.random(n_classes) < 0.3] = 0.0  # empty gold classes
        weights[rng.integers(n_classes)] += 0.1
        gold = rng.choice(n_classes, n_items, p=weights / weights.sum())
        mode = b % 3
        if mode == 0:  # mostly right
            system = np.where(rng.random(n_items) < 0.6, gold, rng.integers(0, n_classes, n_items))
        elif mode == 1:  # near misses
            system = np.clip(gold + rng.integers(-1, 2, n_items), 0, n_classes - 1)
        else:  # few system classes, sometimes a single one
            used = rng.choice(n_classes, size=int(rng.integers(1, 3)), replace=False)
            system = rng.choice(used, n_items)
        np.add.at(out[b], (system, gold), 1)
    return out


@pytest.fixture(scope="module")
def batches() -> dict[int, np.ndarray]:
    rng = np.random.default_rng(20240601)
    return {c: _generate(c, rng) for c in CLASS_COUNTS}


def labels(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expand a confusion matrix (rows = system) into (gold, system) label vectors."""
    system, gold = np.nonzero(m)
    counts = m[system, gold].astype(int)
    return np.repeat(gold, counts), np.repeat(system, counts)


def scores(name: str, batch: np.ndarray, **kwargs) -> np.ndarray:
    result, undefined = ax.get_scorer(name).evaluate(batch, **kwargs)
    result = np.where(undefined, math.nan, result)
    assert result.shape == batch.shape[:-2]
    return result


def test_the_generated_matrices_reach_the_corners(batches):
    all_matrices = [m for batch in batches.values() for m in batch]
    assert len(all_matrices) >= 300
    assert any((m.sum(axis=0) == 0).any() for m in all_matrices)  # empty gold class
    assert any((m.sum(axis=1) == 0).any() for m in all_matrices)  # empty system class
    assert any(np.count_nonzero(m.sum(axis=1)) == 1 for m in all_matrices)  # constant system


@pytest.mark.parametrize(
    ("name", "weights"),
    [("cohen_kappa", None), ("kappa_linear", "linear"), ("kappa_quadratic", "quadratic")],
)
def test_kappas_match_scikit_learn_with_the_full_label_list(batches, name, weights):
    checked = 0
    for c, batch in batches.items():
        ours = scores(name, batch)
        for m, value in zip(batch, ours, strict=True):
            gold, system = labels(m)
            if math.isnan(value):
                # sklearn warns and returns NaN where the measure is undefined
                with pytest.warns(UndefinedMetricWarning):
                    ref = skm.cohen_kappa_score(
                        gold, system, labels=list(range(c)), weights=weights
                    )
                assert math.isnan(ref)
            else:
                ref = skm.cohen_kappa_score(gold, system, labels=list(range(c)), weights=weights)
                assert value == pytest.approx(ref, abs=1e-12)
                checked += 1
    assert checked > 250


def test_scikit_learn_kappa_returns_nan_where_we_raise():
    m = np.diag([3.0, 0.0, 0.0])
    gold, system = labels(m)
    with pytest.warns(UndefinedMetricWarning):
        ref = skm.cohen_kappa_score(gold, system, labels=[0, 1, 2], weights="linear")
    assert math.isnan(ref)
    with pytest.raises(UndefinedMeasureError):
        ax.score("kappa_linear", m)


def test_scikit_learn_kappa_weights_use_label_indices_not_class_values():
    m = np.array([[3, 1, 0], [0, 2, 1], [1, 0, 2]], dtype=float)
    gold, system = labels(m)
    ref = skm.cohen_kappa_score(gold, system, labels=[0, 1, 2], weights="linear")
    assert ax.score("kappa_linear", m) == pytest.approx(ref)
    assert ax.score("kappa_linear", m, values=[0, 1, 5]) != pytest.approx(ref)
    # relabelling with the values does not change sklearn: it only sees positions
    relabelled = skm.cohen_kappa_score(
        np.array([0, 1, 5])[gold], np.array([0, 1, 5])[system], labels=[0, 1, 5], weights="linear"
    )
    assert relabelled == pytest.approx(ref)


def test_accuracy_and_errors_match_scikit_learn(batches):
    for batch in batches.values():
        acc, mae, mse = (scores(n, batch) for n in ("accuracy", "mae_micro", "mse"))
        for i, m in enumerate(batch):
            gold, system = labels(m)
            assert acc[i] == pytest.approx(skm.accuracy_score(gold, system))
            assert mae[i] == pytest.approx(skm.mean_absolute_error(gold, system))
            assert mse[i] == pytest.approx(skm.mean_squared_error(gold, system))


def test_macro_f1_and_maac_match_scikit_learn_over_the_non_empty_gold_classes(batches):
    for c, batch in batches.items():
        f1, maac = scores("f1_macro", batch), scores("maac", batch)
        for i, m in enumerate(batch):
            gold, system = labels(m)
            present = sorted(set(gold.tolist()))
            # Over C+ sklearn agrees: precision of class j still counts every item the
            # system put in j, including items of empty gold classes.
            ref_f1 = skm.f1_score(gold, system, labels=present, average="macro", zero_division=0)
            assert f1[i] == pytest.approx(ref_f1)
            ref_rec = skm.recall_score(gold, system, labels=present, average="macro")
            assert maac[i] == pytest.approx(ref_rec)
            if len(present) == c:
                # no empty gold class: the full label list gives the same macro F1
                full = skm.f1_score(
                    gold, system, labels=list(range(c)), average="macro", zero_division=0
                )
                assert f1[i] == pytest.approx(full)


def test_scikit_learn_macro_f1_over_all_labels_counts_an_empty_predicted_gold_class():
    # gold uses classes 0 and 1 only; the system also predicts the empty class 2
    m = np.array([[2, 0, 0], [0, 1, 0], [0, 1, 0]], dtype=float)
    gold, system = labels(m)
    ours = ax.score("f1_macro", m)
    assert ours == pytest.approx((1 + 2 / 3) / 2)
    full = skm.f1_score(gold, system, labels=[0, 1, 2], average="macro", zero_division=0)
    assert full == pytest.approx((1 + 2 / 3 + 0) / 3)
    assert full < ours


def test_mutual_information_matches_scikit_learn_in_bits(batches):
    for batch in batches.values():
        ours = scores("mutual_information", batch)
        for i, m in enumerate(batch):
            gold, system = labels(m)
            ref = skm.mutual_info_score(gold, system) / math.log(2)
            assert ours[i] == pytest.approx(ref, abs=1e-12)


@pytest.mark.parametrize(
    ("name", "level"), [("alpha_ordinal", "ordinal"), ("alpha_interval", "interval")]
)
def test_alphas_match_the_krippendorff_package_with_the_full_value_domain(batches, name, level):
    checked = 0
    for c, batch in batches.items():
        ours = scores(name, batch)
        for m, value in zip(batch, ours, strict=True):
            gold, system = labels(m)
            if len(set(gold.tolist()) | set(system.tolist())) < 2:
                assert math.isnan(value)  # one class carries every label
                continue
            ref = krippendorff.alpha(
                reliability_data=[gold, system],
                level_of_measurement=level,
                value_domain=list(range(c)),
            )
            assert value == pytest.approx(ref, abs=1e-12)
            checked += 1
    assert checked > 250


def test_interval_alpha_uses_the_class_values_like_the_krippendorff_package():
    values = np.array([-2.0, 0.0, 0.5, 4.0])
    m = np.array([[3, 1, 0, 0], [1, 2, 1, 0], [0, 1, 2, 2], [1, 0, 0, 3]], dtype=float)
    gold, system = labels(m)
    ref = krippendorff.alpha(
        reliability_data=[values[gold], values[system]],
        level_of_measurement="interval",
        value_domain=values.tolist(),
    )
    assert ax.score("alpha_interval", m, values=values) == pytest.approx(ref)
    # the ordinal metric ignores the values
    assert ax.score("alpha_ordinal", m, values=values) == pytest.approx(
        ax.score("alpha_ordinal", m)
    )


@pytest.mark.parametrize(
    ("name", "reference"),
    [
        ("pearson", stats.pearsonr),
        ("spearman", stats.spearmanr),
        ("kendall_tau_b", stats.kendalltau),
    ],
)
def test_correlations_match_scipy_where_defined(batches, name, reference):
    checked = 0
    for batch in batches.values():
        ours = scores(name, batch)
        for m, value in zip(batch, ours, strict=True):
            gold, system = labels(m)
            constant = len(set(gold.tolist())) < 2 or len(set(system.tolist())) < 2
            assert math.isnan(value) == constant
            if not constant:
                assert value == pytest.approx(reference(system, gold)[0], abs=1e-12)
                checked += 1
    assert checked > 150


def test_pearson_uses_the_class_values():
    values = np.array([0.0, 1.0, 10.0])
    m = np.array([[2, 1, 0], [0, 2, 1], [1, 0, 3]], dtype=float)
    gold, system = labels(m)
    ref = stats.pearsonr(values[system], values[gold])[0]
    assert ax.score("pearson", m, values=values) == pytest.approx(ref)


def test_kendall_tau_a_and_cosine_match_brute_force_pair_counts(batches):
    for c, batch in batches.items():
        tau_a, cos = scores("kendall_tau_a", batch), scores("cosine", batch)
        values = np.linspace(-1.0, 2.0, c)
        cos_values = scores("cosine", batch, values=values)
        for i, m in enumerate(batch):
            gold, system = labels(m)
            n = len(gold)
            sign = np.sign(gold[:, None] - gold[None, :]) * np.sign(
                system[:, None] - system[None, :]
            )
            assert tau_a[i] == pytest.approx(sign.sum() / 2 / (n * (n - 1) / 2))
            for got, vals in ((cos[i], np.arange(c, dtype=float)), (cos_values[i], values)):
                x, y = vals[system], vals[gold]
                if not x.any() or not y.any():
                    assert math.isnan(got)
                else:
                    expected = x @ y / (np.linalg.norm(x) * np.linalg.norm(y))
                    assert got == pytest.approx(expected)


def test_macro_errors_and_hmpr_match_a_per_class_loop(batches):
    for batch in batches.values():
        mae_m, mse_m, hm = (scores(n, batch) for n in ("mae_macro", "mse_macro", "hmpr"))
        for i, m in enumerate(batch):
            gold, system = labels(m)
            classes = sorted(set(gold.tolist()))
            errors = [np.abs(system[gold == j] - j) for j in classes]
            assert mae_m[i] == pytest.approx(np.mean([e.mean() for e in errors]))
            assert mse_m[i] == pytest.approx(np.mean([(e**2).mean() for e in errors]))
            precision = skm.precision_score(
                gold, system, labels=classes, average="macro", zero_division=0
            )
            recall = skm.recall_score(gold, system, labels=classes, average="macro")
            harmonic = (
                0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
            )
            assert hm[i] == pytest.approx(harmonic)


def test_cem_ord_matches_an_item_by_item_count_of_the_classes_between(batches):
    for c, batch in batches.items():
        ours = scores("cem_ord", batch)
        for i, m in enumerate(batch):
            gold, system = labels(m)
            n = len(gold)
            sizes = np.bincount(gold, minlength=c)

            def prox(s, g, sizes=sizes, n=n):
                low, high = min(s, g), max(s, g)
                between = sizes[low : high + 1].sum() - sizes[s] / 2
                return -math.log2(between / n)

            num = sum(prox(s, g) for s, g in zip(system, gold, strict=True))
            den = sum(prox(g, g) for g in gold)
            assert ours[i] == pytest.approx(num / den)
