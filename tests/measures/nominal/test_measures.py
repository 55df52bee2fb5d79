"""Golden values of the nominal measures: the CS224u notebook's worked matrices and hand cases.

The notebook (Potts, "Evaluation metrics in NLP", CS224u 2020) writes its
confusion matrices with rows = gold ("observed") and columns = predicted;
axiometrics reads rows = system, so every notebook matrix is transposed
here.  Each of its stated conclusions about these matrices is a test.
"""

from __future__ import annotations

import numpy as np
import pytest

import axiometrics as ax
from axiometrics import InvalidInputError, InvalidParameterError, UndefinedMeasureError

CLASSES = ["pos", "neg", "neutral"]
# Notebook ex1..ex4, rows = gold, columns = predicted, as printed there.
EX1 = np.array([[15, 10, 100], [10, 15, 10], [10, 100, 1000]])
EX2 = np.array([[0, 0, 125], [0, 0, 35], [0, 0, 1110]])  # always "neutral"
EX3 = np.array([[1, 0, 124], [0, 1, 24], [0, 0, 1110]])  # conservative on pos and neg
EX4 = np.array([[15, 10, 100], [10, 15, 10], [10, 100, 100_000]])  # ex1 with more TN

NOMINAL_ONLY = [
    "precision_macro",
    "fbeta_macro",
    "jaccard_macro",
    "precision_weighted",
    "recall_weighted",
    "f1_weighted",
    "f1_micro",
    "mcc",
    "informedness",
    "markedness",
    "gmean_recall",
    "precision",
    "recall",
    "f1",
    "fbeta",
    "specificity",
]
SHARED_WITH_OC = ["accuracy", "maac", "f1_macro", "cohen_kappa"]


def system_rows(notebook_matrix: np.ndarray) -> np.ndarray:
    """A notebook matrix (rows = gold) in axiometrics' orientation (rows = system)."""
    return notebook_matrix.T.astype(float)


def per_class(name: str, m: np.ndarray, **params: float) -> list[float]:
    scorer = ax.get_scorer(name)
    return [float(scorer.with_params(positive=k, **params)(m)) for k in range(m.shape[-1])]


# -- the notebook's matrices and statements --------------------------------------------


def test_accuracy_prefers_the_always_neutral_classifier_as_the_notebook_warns():
    """Notebook: ex2 never tries pos or neg, yet its accuracy is higher than ex1's."""
    acc1, acc2 = ax.score("accuracy", system_rows(EX1)), ax.score("accuracy", system_rows(EX2))
    assert acc1 == pytest.approx(1030 / 1270)
    assert acc2 == pytest.approx(1110 / 1270)
    assert acc2 > acc1
    # Measures that weigh classes equally rank them the other way round.
    for name in ("maac", "f1_macro", "cohen_kappa", "mcc", "informedness", "gmean_recall"):
        assert ax.score(name, system_rows(EX1)) > ax.score(name, system_rows(EX2)), name


def test_per_class_precision_and_recall_of_ex1_match_the_notebook_table():
    m = system_rows(EX1)
    np.testing.assert_allclose(per_class("precision", m), [15 / 35, 15 / 125, 1000 / 1110])
    np.testing.assert_allclose(per_class("recall", m), [15 / 125, 15 / 35, 1000 / 1110])
    np.testing.assert_allclose(per_class("precision", m), [0.43, 0.12, 0.90], atol=0.005)
    np.testing.assert_allclose(per_class("recall", m), [0.12, 0.43, 0.90], atol=0.005)


def test_precision_of_a_class_never_predicted_is_undefined_alone_and_zero_inside_averages():
    """Notebook: for ex2, precision of pos and neg is 'strictly speaking undefined'."""
    m = system_rows(EX2)
    for k in (0, 1):
        with pytest.raises(UndefinedMeasureError):
            ax.get_scorer("precision").with_params(positive=k)(m)
        assert ax.get_scorer("precision").with_params(positive=k)(m, on_undefined=0.0) == 0.0
    assert ax.get_scorer("precision").with_params(positive=2)(m) == pytest.approx(1110 / 1270)
    assert ax.score("precision_macro", m) == pytest.approx((1110 / 1270) / 3)


def test_ex3_has_perfect_precision_on_the_small_classes_and_hides_a_poor_classifier():
    """Notebook: flawless but rare pos and neg predictions give precision 1, recall near 0."""
    m = system_rows(EX3)
    np.testing.assert_allclose(per_class("precision", m), [1.0, 1.0, 1110 / 1258])
    np.testing.assert_allclose(per_class("recall", m), [1 / 125, 1 / 25, 1.0])
    np.testing.assert_allclose(per_class("recall", m), [0.008, 0.040, 1.000], atol=5e-4)
    assert ax.score("precision_macro", m) > 0.95
    assert ax.score("maac", m) < 0.35
    assert ax.score("gmean_recall", m) < 0.07


def test_per_class_f1_of_ex1_and_ex4_and_the_true_negatives_it_ignores():
    """Notebook: F1 of pos and neg is 0.187 in ex1 and ex4; only neutral's F1 moves (0.90 -> 0.999)."""
    f1_ex1 = per_class("f1", system_rows(EX1))
    f1_ex4 = per_class("f1", system_rows(EX4))
    np.testing.assert_allclose(f1_ex1, [0.1875, 0.1875, 1000 / 1110], rtol=1e-12)
    np.testing.assert_allclose(f1_ex4[:2], f1_ex1[:2], rtol=1e-12)
    assert f1_ex4[2] == pytest.approx(0.999, abs=5e-4)
    # Averages over every class do see the extra neutral hits.
    assert ax.score("f1_macro", system_rows(EX4)) > ax.score("f1_macro", system_rows(EX1))
    assert ax.score("f1_weighted", system_rows(EX4)) > 0.997


def test_macro_f1_of_ex2_counts_the_undefined_precisions_as_zero():
    """The notebook's macro F1 of ex2 is NaN (skipna=False); here precision 0/0 counts 0."""
    expected = (2 * 1110 / (1110 + 1270)) / 3
    assert ax.score("f1_macro", system_rows(EX2)) == pytest.approx(expected)
    assert ax.score("fbeta_macro(beta=1)", system_rows(EX2)) == pytest.approx(expected)


def test_weighted_f1_of_ex3_is_the_support_weighted_mean():
    m = system_rows(EX3)
    f1 = np.array(per_class("f1", m))
    support = EX3.sum(axis=1)
    assert ax.score("f1_weighted", m) == pytest.approx(np.average(f1, weights=support))


def test_macro_and_weighted_f1_disagree_on_imbalanced_classes():
    """Notebook: macro weighs every class alike, weighted lets the big class dominate."""
    m = system_rows(EX1)
    assert ax.score("f1_weighted", m) > 0.8 > 0.45 > ax.score("f1_macro", m)


def test_micro_f1_equals_accuracy_as_the_notebook_states():
    rng = np.random.default_rng(3)
    batch = rng.integers(0, 9, size=(50, 4, 4)).astype(float)
    batch[:, 0, 0] += 1
    for m in (system_rows(EX1), system_rows(EX2), batch):
        np.testing.assert_allclose(ax.score("f1_micro", m), ax.score("accuracy", m))
        np.testing.assert_allclose(ax.score("recall_weighted", m), ax.score("accuracy", m))


def test_per_class_f_lies_between_precision_and_recall_but_macro_f_need_not():
    """The notebook's 'guaranteed to be between precision and recall' holds per class only."""
    m = np.array([[1.0, 0.0], [9.0, 1.0]])  # class 0: P = 1, R = 0.1; class 1: P = 0.1, R = 1
    p, r, f = per_class("precision", m), per_class("recall", m), per_class("f1", m)
    for k in range(2):
        assert min(p[k], r[k]) <= f[k] <= max(p[k], r[k])
    assert ax.score("precision_macro", m) == pytest.approx(0.55)
    assert ax.score("maac", m) == pytest.approx(0.55)
    assert ax.score("f1_macro", m) == pytest.approx(2 / 11)


def test_weighted_f1_need_not_lie_between_weighted_precision_and_recall():
    """Notebook: weighted F has no such guarantee."""
    m = np.array([[1.0, 0.0], [1.0, 2.0]])
    f, p, r = (ax.score(n, m) for n in ("f1_weighted", "precision_weighted", "recall_weighted"))
    assert f == pytest.approx(11 / 15)
    assert p == pytest.approx(5 / 6)
    assert r == pytest.approx(3 / 4)
    assert f < min(p, r)


def test_the_roc_section_example_f1_ignores_true_negatives_and_specificity_does_not():
    """Notebook ROC section: A/B tables with TN_A = 50 and 500; F1 of A is 0.21 in both."""
    left = np.array([[15, 10], [100, 50]]).T.astype(float)  # rows = gold in the notebook
    right = np.array([[15, 10], [100, 500]]).T.astype(float)
    f1_a = ax.get_scorer("f1").with_params(positive=0)
    spec_a = ax.get_scorer("specificity").with_params(positive=0)
    assert f1_a(left) == pytest.approx(0.21, abs=0.005)
    assert f1_a(right) == f1_a(left)
    assert spec_a(left) == pytest.approx(50 / 150)
    assert spec_a(right) == pytest.approx(500 / 600)
    # and the F1 of B, the class whose hits are A's true negatives, moves (0.48 -> 0.90)
    f1_b = ax.get_scorer("f1").with_params(positive=1)
    assert f1_b(left) == pytest.approx(0.48, abs=0.005)
    assert f1_b(right) == pytest.approx(0.90, abs=0.005)


# -- hand-computed values ------------------------------------------------------------------

BINARY = np.array([[40.0, 10.0], [5.0, 45.0]])  # rows = system; TP (class 1) = 45, FP = 5


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("precision", 45 / 50),
        ("recall", 45 / 55),
        ("f1", 90 / 105),
        ("fbeta(beta=2)", 5 * 45 / (5 * 45 + 4 * 10 + 5)),
        ("fbeta(beta=0)", 45 / 50),
        ("specificity", 40 / 45),
        ("precision(positive=0)", 40 / 50),
        ("informedness", 45 / 55 + 40 / 45 - 1),
        ("markedness", 45 / 50 + 40 / 50 - 1),
        ("mcc", (45 * 40 - 5 * 10) / np.sqrt(50 * 55 * 45 * 50)),
        ("jaccard_macro", (40 / 55 + 45 / 60) / 2),
        ("gmean_recall", np.sqrt(40 / 45 * 45 / 55)),
        ("precision_weighted", (45 * 40 / 50 + 55 * 45 / 50) / 100),
        ("fbeta_macro(beta=1)", (80 / 95 + 90 / 105) / 2),
    ],
)
def test_binary_golden_values(expression, expected):
    assert ax.score(expression, BINARY) == pytest.approx(expected, rel=1e-12)


def test_mcc_squared_is_informedness_times_markedness_for_two_classes():
    rng = np.random.default_rng(11)
    m = rng.integers(1, 30, size=(200, 2, 2)).astype(float)
    mcc, inf, mark = (ax.score(n, m) for n in ("mcc", "informedness", "markedness"))
    np.testing.assert_allclose(mcc**2, inf * mark, rtol=1e-10)
    np.testing.assert_allclose(np.sign(mcc), np.sign(inf))


def test_markedness_is_informedness_of_the_transposed_matrix():
    rng = np.random.default_rng(12)
    m = rng.integers(0, 9, size=(100, 5, 5)).astype(float)
    m[:, np.arange(5), np.arange(5)] += 1
    np.testing.assert_allclose(
        ax.score("markedness", m), ax.score("informedness", np.swapaxes(m, -1, -2))
    )


def test_fbeta_macro_with_beta_one_is_f1_macro_and_with_beta_zero_precision_macro():
    rng = np.random.default_rng(13)
    m = rng.integers(0, 9, size=(100, 4, 4)).astype(float)
    m[:, 0, 0] += 1
    np.testing.assert_allclose(ax.score("fbeta_macro(beta=1)", m), ax.score("f1_macro", m))
    np.testing.assert_allclose(ax.score("fbeta_macro(beta=0)", m), ax.score("precision_macro", m))


def test_a_perfect_system_scores_one_on_every_nominal_measure():
    perfect = np.diag([3.0, 5.0, 2.0])
    for name in NOMINAL_ONLY + SHARED_WITH_OC:
        assert ax.score(name, perfect) == pytest.approx(1.0), name


def test_constant_systems_score_zero_on_the_chance_corrected_measures():
    gold = np.array([3.0, 5.0, 2.0])
    for k in range(3):
        m = np.zeros((3, 3))
        m[k] = gold
        assert ax.score("mcc", m) == 0.0
        assert ax.score("cohen_kappa", m) == pytest.approx(0.0, abs=1e-15)
        assert ax.score("informedness", m) == pytest.approx(0.0, abs=1e-15)
        assert ax.score("gmean_recall", m) == 0.0
        with pytest.raises(UndefinedMeasureError, match="markedness"):
            ax.score("markedness", m)


def test_classes_nobody_used_do_not_change_any_average():
    m = np.array([[4.0, 1.0], [2.0, 3.0]])
    padded = np.zeros((4, 4))
    padded[np.ix_([0, 2], [0, 2])] = m
    for name in NOMINAL_ONLY[:11] + SHARED_WITH_OC:
        assert ax.score(name, padded) == pytest.approx(ax.score(name, m)), name


def test_a_predicted_class_without_gold_items_is_left_out_of_macro_averages():
    # class 2 is predicted once but has no gold item: its precision is 0 and is not averaged
    m = np.array([[3.0, 1.0, 0.0], [0.0, 2.0, 0.0], [1.0, 0.0, 0.0]])
    assert ax.score("precision_macro", m) == pytest.approx((3 / 4 + 1.0) / 2)
    assert ax.score("maac", m) == pytest.approx((3 / 4 + 2 / 3) / 2)


def test_batches_are_scored_entry_by_entry():
    rng = np.random.default_rng(14)
    batch = rng.integers(0, 7, size=(3, 4, 3, 3)).astype(float)
    batch[..., 1, 1] += 1
    for name in NOMINAL_ONLY:
        scores = ax.get_scorer(name).evaluate(batch)
        assert scores.scores.shape == (3, 4)
        for idx in np.ndindex(3, 4):
            one = ax.get_scorer(name).evaluate(batch[idx])
            assert bool(one.undefined) == bool(scores.undefined[idx])
            if not one.undefined:
                assert float(one.scores) == pytest.approx(float(scores.scores[idx]), rel=1e-12)


def test_label_vectors_with_a_scale_of_names_are_read_by_label():
    gold = ["pos", "neg", "neutral", "neutral", "pos"]
    system = ["pos", "neutral", "neutral", "neg", "neg"]
    scorer = ax.get_scorer("recall").with_params(positive=0)
    assert scorer(gold, system, scale=CLASSES) == pytest.approx(0.5)
    assert ax.score("f1_micro", gold, system, scale=CLASSES) == pytest.approx(2 / 5)


# -- undefined cases and bad inputs --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "matrix"),
    [
        ("mcc", [[2.0, 0.0], [3.0, 0.0]]),  # one gold class
        ("informedness", [[2.0, 0.0], [3.0, 0.0]]),
        ("markedness", [[2.0, 3.0], [0.0, 0.0]]),  # one system class
        ("recall", [[2.0, 0.0], [3.0, 0.0]]),  # no gold item of class 1
        ("precision", [[2.0, 3.0], [0.0, 0.0]]),  # class 1 never predicted
        ("f1", [[5.0, 0.0], [0.0, 0.0]]),  # nobody used class 1
        ("fbeta", [[5.0, 0.0], [0.0, 0.0]]),
        ("specificity", [[0.0, 2.0], [0.0, 3.0]]),  # every gold item is class 1
    ],
)
def test_declared_undefined_cases_raise_and_can_be_filled(name, matrix):
    with pytest.raises(UndefinedMeasureError):
        ax.score(name, np.array(matrix))
    assert ax.score(name, np.array(matrix), on_undefined=-2.0) == -2.0
    assert ax.get_measure(name).undefined


def test_a_positive_class_outside_the_scale_is_a_parameter_error():
    with pytest.raises(InvalidParameterError, match=r"positive=3: expected the position"):
        ax.score("precision(positive=3)", BINARY)


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("fbeta_macro(beta=-1)", r"beta=-1"),
        ("precision(positive=-1)", r"positive=-1"),
        ("recall(positive=1.5)", r"positive=1.5"),
        ("fbeta(positive=0, betta=2)", r"did you mean 'beta'"),
    ],
)
def test_bad_parameters_are_refused_naming_them(expression, problem):
    with pytest.raises(InvalidParameterError, match=problem):
        ax.score(expression, BINARY)


@pytest.mark.parametrize(
    ("inputs", "problem"),
    [
        ((np.ones((2, 3)),), "square"),
        ((np.array([[1.0, -1.0], [0.0, 1.0]]),), "negative"),
        ((np.zeros((2, 2)),), "at least one item"),
        ((np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2))), "a nominal measure takes"),
        ((np.ones((2, 2)), np.ones((2, 2))), "two inputs to a nominal measure"),
    ],
)
def test_bad_inputs_are_typed_errors_naming_the_family(inputs, problem):
    with pytest.raises(InvalidInputError, match=problem):
        ax.score("mcc", *inputs)


def test_every_nominal_measure_states_its_class_set_and_zero_division_convention():
    for name in NOMINAL_ONLY:
        m = ax.get_measure(name)
        text = m.description + " " + m.undefined
        if name in ("precision", "recall", "f1", "fbeta", "specificity"):
            assert "positive" in text, name
            assert m.undefined, name
        elif name not in ("f1_micro", "mcc"):
            assert "C+" in text or "S+" in text or "gold_k / N" in text, name


def test_the_shared_measures_belong_to_both_families():
    reg = ax.default_registry()
    for name in SHARED_WITH_OC:
        assert reg.measure(name).families == ("oc", "nominal")
        assert name in reg.names("oc")
        assert name in reg.names("nominal")
    assert reg.get("balanced_accuracy").name == "maac"
    assert reg.get("recall_macro").name == "maac"
    assert set(NOMINAL_ONLY) <= set(reg.names("nominal"))
    assert not set(NOMINAL_ONLY) & set(reg.names("oc"))
