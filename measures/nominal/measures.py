"""Nominal-classification measures: classes without order, scored from confusion matrices.

Every compute function takes confusion matrices ``(..., C, C)`` (rows =
system class, columns = gold class) and the class values (ignored: no
nominal measure reads them) and returns scores of the batch shape, or an
:class:`~axiometrics.Evaluation` marking undefined entries.

Conventions shared by every measure here, stated again in each description:

* **Class set of the averages.**  Macro averages run over ``C+``, the
  classes with at least one gold item (as ``f1_macro`` and ``maac`` of the
  ordinal family, Sakai 2021 eq. 8).  A class nobody used (no gold and no
  system item) never counts; a class the system predicts but the gold does
  not have is left out of macro averages and, with weight 0, of weighted
  ones.  Markedness averages precision over ``S+``, the classes with at
  least one system item (it is informedness of the transposed matrix).
* **0/0 inside averages.**  The precision of a class the system never
  chooses is 0 (its F_beta and Jaccard are 0 too: the class has gold items
  and none is found), like scikit-learn's ``zero_division=0``.
* **Per-class measures** (``precision(positive=k)``, ...) name the positive
  class by its position ``k`` in the scale (default 1, like scikit-learn's
  ``pos_label=1`` on 0/1 labels) and declare their 0/0 as undefined: pass
  ``on_undefined=0.0`` for scikit-learn's ``zero_division=0``.

Notation: ``tp_k = M[k, k]``, ``sys_k`` (row sums), ``gold_k`` (column
sums), ``N`` items; for a positive class, ``TP, FP, FN, TN`` its
one-vs-rest counts.  Accuracy, macro F1, macro recall (``maac``, alias
``balanced_accuracy``) and Cohen's kappa are declared in the ordinal plugin
and belong to this family too (``also_families``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics import (
    Evaluation,
    Holds,
    Measure,
    MeasurePlugin,
    NotApplicable,
    Param,
    Range,
    Reference,
    Violated,
)

from . import _math as nm

__all__ = ["plugin"]

plugin = MeasurePlugin("nominal-classification")

_UNIT = Range(0.0, 1.0)
_SIGNED = Range(-1.0, 1.0)
_SOKOLOVA = (
    "Sokolova and Lapalme 2009, A systematic analysis of performance measures for "
    "classification tasks (IP&M 45(4))"
)
_SKLEARN = "scikit-learn metrics (Pedregosa et al. 2011), classification metrics user guide"
_POWERS = "Powers 2011, Evaluation: from precision, recall and F-measure to ROC, informedness, "
_POWERS += "markedness and correlation (JMLT 2(1))"

_CLASS_SET = (
    " Averaged over C+ (classes with gold items); a class the system never chooses has "
    "precision 0 (scikit-learn zero_division=0)."
)
_NO_ORDER = "uses class identities only: renaming the classes permutes the per-class terms"
_SCALE_FREE = "a function of count ratios"
_WELL_DEFINED = "every division is guarded; N > 0 for every valid input"
_PER_CLASS_PERMUTATION = NotApplicable(
    "the positive class is a parameter naming a class position, which the checker keeps bound "
    "while it renames the classes; with the positive class following its label the score is "
    "unchanged (tests/measures/nominal/test_procedures.py pins it)"
)
_TN = "the binary 2 x 2 case: M[0, 0] (TN of class 1) enters "
_AVERAGE_TN = Violated(
    note="an average over every class counts the true negatives of class 1 as true positives of "
    "another class: [[1,0],[0,1]] vs [[5,0],[0,1]]"
)
_STRICT_FIX = "moving a wrong item to its gold class raises tp_j (and lowers no per-class term)"


def _claims(**declared: Any) -> dict[str, Any]:
    """The nine nominal declarations; every one must be given."""
    names = (
        "class_permutation_invariance",
        "symmetry",
        "count_scale_invariance",
        "identity",
        "nominal_monotonicity",
        "prevalence_invariance",
        "true_negative_invariance",
        "chance_baseline",
        "well_defined",
    )
    missing = [n for n in names if n not in declared]
    if missing:  # a programming error in this module, caught at import by the tests
        raise TypeError(f"missing nominal declarations: {missing}")
    return declared


def _counts(matrices: np.ndarray) -> nm.PerClass:
    return nm.class_counts(matrices)


# ---------------------------------------------------------------------------
# Macro, weighted and micro averages
# ---------------------------------------------------------------------------


@plugin.measure(
    Measure(
        name="precision_macro",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Precision^M",
        description="Macro precision: mean over C+ of prec_k = tp_k / sys_k."
        + _CLASS_SET
        + " scikit-learn's precision_score(average='macro') averages over every label given "
        "(or present in gold or system), so it also counts predicted classes without gold "
        "items and, with labels = all classes, classes nobody used (as 0).",
        aliases=("macro_precision",),
        reference=Reference(_SKLEARN, "precision_recall_fscore_support(average='macro')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="transposing turns precision into recall: [[2,1],[0,1]]"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Violated(
                note="wrong items in a class without gold items are not averaged: gold all "
                "class 0, system (0, 1) scores 1"
            ),
            nominal_monotonicity=Violated(
                note="the precision of a class predicted only correctly stays 1 and a class "
                "with no correct item stays 0"
            ),
            prevalence_invariance=Violated(note="precision mixes gold classes in each row"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores (gold_k / N) / #C+"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def precision_macro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mean precision over the gold classes."""
    c = _counts(matrices)
    return nm.mean_over(nm.divide(c.tp, c.system), c.gold > 0)[0]


@plugin.measure(
    Measure(
        name="fbeta_macro",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="F_beta^M",
        description="Macro F_beta: mean over C+ of F_beta,k = (1 + b^2) tp_k / (b^2 gold_k + "
        "sys_k), the harmonic form (1 + b^2) P R / (b^2 P + R) with F(0, 0) = 0."
        + _CLASS_SET
        + " beta = 1 gives f1_macro, beta = 0 precision_macro; the default beta = 2 weighs "
        "recall 4 times as much as precision.",
        aliases=("macro_fbeta", "f_beta_macro"),
        params=(Param("beta", float, 2.0, "weight of recall relative to precision", minimum=0.0),),
        reference=Reference(_SKLEARN, "fbeta_score(average='macro')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(
                note="for beta != 1 transposing exchanges the weights of FN and FP; beta = 1 "
                "(f1_macro) is symmetric when every class has gold and system items"
            ),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="a wrong item of gold class j lowers F_j < 1, and j is in C+"),
            nominal_monotonicity=Holds(note=_STRICT_FIX),
            prevalence_invariance=Violated(note="precision mixes gold classes in each row"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(
                note="always-k scores (1 + b^2) gold_k / (b^2 gold_k + N) / #C+"
            ),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def fbeta_macro(matrices: np.ndarray, *, values: np.ndarray, beta: float) -> np.ndarray:
    """Mean F_beta over the gold classes."""
    c = _counts(matrices)
    return nm.mean_over(nm.fbeta_per_class(c, beta), c.gold > 0)[0]


@plugin.measure(
    Measure(
        name="jaccard_macro",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Jaccard^M",
        description="Macro Jaccard index: mean over C+ of J_k = tp_k / (sys_k + gold_k - tp_k) "
        "(intersection over union of the system's and the gold's items of class k; "
        "J = F1 / (2 - F1))." + _CLASS_SET,
        aliases=("macro_jaccard", "macro_iou", "jaccard"),
        reference=Reference(_SKLEARN, "jaccard_score(average='macro')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Holds(
                preconditions=("no_empty_gold_class", "no_empty_system_class"),
                note="J_k is symmetric in sys_k and gold_k; without the preconditions C+ "
                "changes: [[1,1],[0,0]] scores 1/4, its transpose 1/2",
            ),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="a wrong item of gold class j lowers J_j < 1, and j is in C+"),
            nominal_monotonicity=Holds(note=_STRICT_FIX),
            prevalence_invariance=Violated(note="sys_k mixes gold classes"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores (gold_k / N) / #C+"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def jaccard_macro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mean Jaccard index over the gold classes."""
    c = _counts(matrices)
    return nm.mean_over(nm.divide(c.tp, c.system + c.gold - c.tp), c.gold > 0)[0]


_WEIGHTED = (
    " Weights gold_k / N (scikit-learn's 'weighted', support-weighted), so classes without "
    "gold items weigh 0; a class the system never chooses has precision 0."
)


@plugin.measure(
    Measure(
        name="precision_weighted",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Precision^w",
        description="Support-weighted precision: sum_k (gold_k / N) tp_k / sys_k." + _WEIGHTED,
        aliases=("weighted_precision",),
        reference=Reference(_SKLEARN, "precision_recall_fscore_support(average='weighted')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="precision weighted by gold sizes vs recall"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Violated(
                note="wrong items in a class without gold items weigh 0: gold all class 0, "
                "system (0, 1) scores 1"
            ),
            nominal_monotonicity=Violated(
                note="a class predicted only correctly keeps precision 1 and a class without "
                "correct items keeps 0"
            ),
            prevalence_invariance=Violated(note="the weights are the gold class sizes"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores (gold_k / N)^2"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def precision_weighted(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Gold-size-weighted precision."""
    c = _counts(matrices)
    return nm.dot(c.gold, nm.divide(c.tp, c.system)) / c.total


@plugin.measure(
    Measure(
        name="recall_weighted",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Recall^w",
        description="Support-weighted recall: sum_k (gold_k / N) tp_k / gold_k = sum_k tp_k / "
        "N, which is accuracy (as in scikit-learn)." + _WEIGHTED,
        aliases=("weighted_recall",),
        reference=Reference(_SKLEARN, "precision_recall_fscore_support(average='weighted')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Holds(note="it is accuracy: trace(M) / N"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="it is accuracy"),
            nominal_monotonicity=Holds(note="it is accuracy: one more correct item"),
            prevalence_invariance=Violated(note="it is accuracy, which weighs classes by size"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores gold_k / N"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def recall_weighted(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Gold-size-weighted recall (equal to accuracy)."""
    c = _counts(matrices)
    return nm.dot(c.gold, nm.divide(c.tp, c.gold)) / c.total


@plugin.measure(
    Measure(
        name="f1_weighted",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="F1^w",
        description="Support-weighted F1: sum_k (gold_k / N) F1_k with F1_k = 2 tp_k / (gold_k "
        "+ sys_k)." + _WEIGHTED + " Unlike macro F1 it need not lie between weighted precision "
        "and weighted recall.",
        aliases=("weighted_f1",),
        reference=Reference(_SKLEARN, "f1_score(average='weighted')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="the weights are gold sizes, which become system sizes"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="a wrong item of gold class j lowers F1_j, of weight > 0"),
            nominal_monotonicity=Holds(note=_STRICT_FIX + "; the weights stay"),
            prevalence_invariance=Violated(note="the weights are the gold class sizes"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores 2 gold_k^2 / (N (N + gold_k))"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def f1_weighted(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Gold-size-weighted F1."""
    c = _counts(matrices)
    return nm.dot(c.gold, nm.fbeta_per_class(c, 1.0)) / c.total


@plugin.measure(
    Measure(
        name="f1_micro",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="F1^mu",
        description="Micro F1: F1 of the summed one-vs-rest tables, sum_k tp_k / N; micro "
        "precision = micro recall = micro F1 = accuracy for single-label classification over "
        "all classes (the CS224u notebook's 'micro-averaging is equivalent to accuracy').",
        aliases=("micro_f1", "precision_micro", "recall_micro"),
        reference=Reference(_SKLEARN, "f1_score(average='micro')"),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Holds(note="trace(M) / N"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="1 iff no item is off the diagonal"),
            nominal_monotonicity=Holds(note="one more correct item"),
            prevalence_invariance=Violated(note="it is accuracy, which weighs classes by size"),
            true_negative_invariance=_AVERAGE_TN,
            chance_baseline=Violated(note="always-k scores gold_k / N"),
            well_defined=Holds(note=_WELL_DEFINED),
        ),
    )
)
def f1_micro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Micro F1 (equal to accuracy)."""
    c = _counts(matrices)
    return np.einsum("...k->...", c.tp) / c.total


# ---------------------------------------------------------------------------
# Correlation and chance-corrected measures
# ---------------------------------------------------------------------------


@plugin.measure(
    Measure(
        name="mcc",
        family="nominal",
        higher_is_better=True,
        range=_SIGNED,
        title="MCC (R_K)",
        description="Multiclass Matthews correlation (Gorodkin's R_K): (N sum_k tp_k - sum_k "
        "sys_k gold_k) / sqrt((N^2 - sum_k sys_k^2) (N^2 - sum_k gold_k^2)); for two classes "
        "the phi coefficient (TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)). A constant "
        "system (N^2 = sum_k sys_k^2) scores 0, like scikit-learn's matthews_corrcoef.",
        aliases=("matthews", "matthews_corrcoef", "r_k", "phi"),
        reference=Reference(
            "Gorodkin 2004, Comparing two K-category assignments by a K-category correlation "
            "coefficient (Comput. Biol. Chem. 28)",
            "R_K; Matthews 1975",
        ),
        optimum=1.0,
        undefined="the gold has a single non-empty class (its variance is 0; scikit-learn "
        "returns 0 there)",
        claims=_claims(
            class_permutation_invariance=Holds(note="sums over classes are order-free"),
            symmetry=Holds(note="the formula is symmetric in the system and gold marginals"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="R_K = 1 iff the assignments agree (where it is defined)"),
            nominal_monotonicity=Violated(
                note="the marginals move with the item and the correlation can fall: "
                "[[0,4,0],[0,0,0],[0,0,1]] scores 0.5, with one gold-1 item corrected 0.472"
            ),
            prevalence_invariance=Violated(note="the gold marginals enter the normalisation"),
            true_negative_invariance=Violated(note=_TN + "the phi coefficient"),
            chance_baseline=Holds(note="a constant system has no covariance with the gold: 0"),
            well_defined=Holds(note="undefined only where declared"),
        ),
    )
)
def mcc(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Gorodkin's R_K."""
    r, _constant_system, single_gold = nm.matthews(matrices)
    return Evaluation(r, single_gold)


@plugin.measure(
    Measure(
        name="informedness",
        family="nominal",
        higher_is_better=True,
        range=_SIGNED,
        title="Informedness",
        description="Chance-corrected balanced accuracy: (K BA - 1) / (K - 1) with BA the mean "
        "recall over C+ and K = #C+, scikit-learn's balanced_accuracy_score(adjusted=True); "
        "for two classes Youden's J = TPR + TNR - 1 (Powers' informedness). Random and "
        "constant systems on gold classes score 0.",
        aliases=("bookmaker_informedness", "youden_j", "balanced_accuracy_adjusted"),
        reference=Reference(_POWERS, "informedness (Youden's J)"),
        optimum=1.0,
        undefined="fewer than two gold classes are non-empty (K = 1)",
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="transposing gives markedness"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="every recall is 1 iff no item is off the diagonal"),
            nominal_monotonicity=Holds(note="the recall of the item's gold class rises"),
            prevalence_invariance=Holds(note="each recall is a ratio within one gold class"),
            true_negative_invariance=Violated(note=_TN + "TNR"),
            chance_baseline=Holds(
                preconditions=("no_empty_gold_class",),
                note="always-k scores 0 when k has gold items and -1/(K-1) otherwise",
            ),
            well_defined=Holds(note="undefined only where declared"),
        ),
    )
)
def informedness(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Adjusted balanced accuracy over the gold classes."""
    c = _counts(matrices)
    ba, k = nm.mean_over(nm.divide(c.tp, c.gold), c.gold > 0)
    return Evaluation(nm.divide(k * ba - 1.0, k - 1.0), k < 2)


@plugin.measure(
    Measure(
        name="markedness",
        family="nominal",
        higher_is_better=True,
        range=_SIGNED,
        title="Markedness",
        description="Informedness of the transposed matrix: (K PA - 1) / (K - 1) with PA the "
        "mean precision over S+ (classes the system uses) and K = #S+; for two classes "
        "PPV + NPV - 1 (Powers' markedness), and MCC^2 = informedness x markedness.",
        aliases=("deltap",),
        reference=Reference(_POWERS, "markedness"),
        optimum=1.0,
        undefined="the system uses fewer than two classes (K = 1: every constant system)",
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="transposing gives informedness"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="every used class has precision 1 iff no item is off the diagonal"),
            nominal_monotonicity=Violated(
                note="a correction can empty a system class and change K"
            ),
            prevalence_invariance=Violated(note="precision mixes gold classes in each row"),
            true_negative_invariance=Violated(note=_TN + "NPV"),
            chance_baseline=NotApplicable(
                "every constant system uses one class, where markedness is undefined"
            ),
            well_defined=Holds(note="undefined only where declared"),
        ),
    )
)
def markedness(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Adjusted mean precision over the system classes."""
    c = _counts(matrices)
    pa, k = nm.mean_over(nm.divide(c.tp, c.system), c.system > 0)
    return Evaluation(nm.divide(k * pa - 1.0, k - 1.0), k < 2)


@plugin.measure(
    Measure(
        name="gmean_recall",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="G-mean",
        description="Geometric mean of the recalls over C+: (prod_k tp_k / gold_k)^(1 / #C+); 0 "
        "as soon as one gold class is entirely missed (imbalanced-learn's "
        "geometric_mean_score, multiclass).",
        aliases=("gmean", "geometric_mean_recall", "g_mean"),
        reference=Reference(
            "Kubat and Matwin 1997, Addressing the curse of imbalanced training sets (ICML)",
            "g-mean",
        ),
        optimum=1.0,
        claims=_claims(
            class_permutation_invariance=Holds(note=_NO_ORDER),
            symmetry=Violated(note="recalls become precisions"),
            count_scale_invariance=Holds(note=_SCALE_FREE),
            identity=Holds(note="every recall is 1 iff no item is off the diagonal"),
            nominal_monotonicity=Violated(
                note="while another gold class has recall 0 the product stays 0"
            ),
            prevalence_invariance=Holds(note="each recall is a ratio within one gold class"),
            true_negative_invariance=Violated(note=_TN + "the recall of class 0"),
            chance_baseline=Holds(note="a constant system misses a gold class: 0"),
            well_defined=Holds(note="the product is taken in logs; a zero recall gives 0"),
        ),
    )
)
def gmean_recall(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Geometric mean of the recalls over the gold classes."""
    tp, gold = nm.hits_and_gold_rows(matrices)
    return nm.geometric_mean_by_class(nm.divide(tp, gold), gold > 0).reshape(matrices.shape[:-2])


# ---------------------------------------------------------------------------
# Per-class measures with a designated positive class
# ---------------------------------------------------------------------------

_POSITIVE = Param(
    "positive",
    int,
    1,
    "position of the positive class in the scale (0 .. C-1)",
    minimum=0,
)
_BETA = Param("beta", float, 2.0, "weight of recall relative to precision", minimum=0.0)
_PER_CLASS = (
    " The positive class is the class at position `positive` (default 1, scikit-learn's "
    "pos_label=1 on 0/1 labels); a position outside the scale is an InvalidParameterError."
)


def _per_class_claims(**overrides: Any) -> dict[str, Any]:
    base = {
        "class_permutation_invariance": _PER_CLASS_PERMUTATION,
        "count_scale_invariance": Holds(note=_SCALE_FREE),
        "identity": Violated(
            note="errors between other classes are invisible: [[1,0,0],[0,1,0],[0,0,0]] with "
            "a gold-2 item predicted 0 keeps the score of class 1 at 1"
        ),
        "nominal_monotonicity": Violated(
            note="correcting an error between two other classes changes nothing"
        ),
        "well_defined": Holds(note="undefined only where declared"),
    }
    base.update(overrides)
    return _claims(**base)


@plugin.measure(
    Measure(
        name="precision",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Precision",
        description="Precision of the positive class: TP / (TP + FP), the share of the items "
        "the system put in the class that belong to it." + _PER_CLASS,
        aliases=("ppv", "positive_predictive_value"),
        params=(_POSITIVE,),
        reference=Reference(_SOKOLOVA, "Table 1 (precision)"),
        optimum=1.0,
        undefined="the system puts no item in the positive class (TP + FP = 0); scikit-learn "
        "returns its zero_division value (0 by default, with a warning)",
        claims=_per_class_claims(
            symmetry=Violated(note="transposing turns precision into recall"),
            prevalence_invariance=Violated(note="TP and FP come from different gold classes"),
            true_negative_invariance=Holds(note="TN does not enter TP / (TP + FP)"),
            chance_baseline=Violated(
                note="always-positive scores the prevalence gold_k / N (others are undefined)"
            ),
        ),
    )
)
def precision(matrices: np.ndarray, *, values: np.ndarray, positive: int) -> Evaluation:
    """TP / (TP + FP) of the positive class."""
    t = nm.one_vs_rest(matrices, positive)
    denominator = t.tp + t.fp
    return Evaluation(nm.divide(t.tp, denominator), denominator <= 0)


@plugin.measure(
    Measure(
        name="recall",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Recall",
        description="Recall (sensitivity, true positive rate) of the positive class: TP / (TP + "
        "FN), the share of its gold items the system finds." + _PER_CLASS,
        aliases=("sensitivity", "tpr", "true_positive_rate", "hit_rate"),
        params=(_POSITIVE,),
        reference=Reference(_SOKOLOVA, "Table 1 (recall, sensitivity)"),
        optimum=1.0,
        undefined="the positive class has no gold item (TP + FN = 0); scikit-learn returns its "
        "zero_division value",
        claims=_per_class_claims(
            symmetry=Violated(note="transposing turns recall into precision"),
            prevalence_invariance=Holds(note="TP / (TP + FN) is a ratio within one gold class"),
            true_negative_invariance=Holds(note="TN does not enter TP / (TP + FN)"),
            chance_baseline=Violated(note="always-positive scores 1, always-other 0"),
        ),
    )
)
def recall(matrices: np.ndarray, *, values: np.ndarray, positive: int) -> Evaluation:
    """TP / (TP + FN) of the positive class."""
    t = nm.one_vs_rest(matrices, positive)
    denominator = t.tp + t.fn
    return Evaluation(nm.divide(t.tp, denominator), denominator <= 0)


@plugin.measure(
    Measure(
        name="f1",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="F1",
        description="F1 of the positive class: 2 TP / (2 TP + FP + FN), the harmonic mean of "
        "precision and recall (0 when TP = 0 but FP or FN > 0; Dice's coefficient)." + _PER_CLASS,
        aliases=("f1_score", "dice", "f_measure"),
        params=(_POSITIVE,),
        reference=Reference(_SOKOLOVA, "Table 1 (F-score)"),
        optimum=1.0,
        undefined="nobody used the positive class (TP + FP + FN = 0)",
        claims=_per_class_claims(
            symmetry=Holds(note="transposing exchanges FP and FN, which enter alike"),
            prevalence_invariance=Violated(note="FP comes from other gold classes"),
            true_negative_invariance=Holds(note="TN does not enter 2 TP / (2 TP + FP + FN)"),
            chance_baseline=Violated(
                note="always-positive scores 2 p / (1 + p) with p the prevalence, always-other 0"
            ),
        ),
    )
)
def f1(matrices: np.ndarray, *, values: np.ndarray, positive: int) -> Evaluation:
    """2 TP / (2 TP + FP + FN) of the positive class."""
    t = nm.one_vs_rest(matrices, positive)
    denominator = 2.0 * t.tp + t.fp + t.fn
    return Evaluation(nm.divide(2.0 * t.tp, denominator), denominator <= 0)


@plugin.measure(
    Measure(
        name="fbeta",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="F_beta",
        description="F_beta of the positive class: (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP); "
        "beta = 1 gives f1, beta = 0 precision; the default beta = 2 weighs recall 4 times as "
        "much as precision." + _PER_CLASS,
        aliases=("fbeta_score", "f_beta"),
        params=(_POSITIVE, _BETA),
        reference=Reference(_SOKOLOVA, "Table 1 (F-score, van Rijsbergen 1979)"),
        optimum=1.0,
        undefined="the denominator is 0: nobody used the positive class (or, for beta = 0, the "
        "system never chose it)",
        claims=_per_class_claims(
            symmetry=Violated(note="for beta != 1 transposing exchanges the weights of FN and FP"),
            prevalence_invariance=Violated(note="FP comes from other gold classes"),
            true_negative_invariance=Holds(note="TN does not enter the formula"),
            chance_baseline=Violated(note="always-positive scores (1 + b^2) p / (b^2 p + 1)"),
        ),
    )
)
def fbeta(matrices: np.ndarray, *, values: np.ndarray, positive: int, beta: float) -> Evaluation:
    """F_beta of the positive class."""
    t = nm.one_vs_rest(matrices, positive)
    n, g, s = nm.fbeta_weights(beta)
    # (1 + b^2) TP + b^2 FN + FP over the weights of fbeta_weights (no b^2 formed).
    numerator = n * t.tp
    denominator = numerator + g * t.fn + s * t.fp
    # Undefined by the exact counts: a weight that underflows to 0 (beta = 1e200) must not
    # turn a defined 0 / (tiny * FP) into 0 / 0.
    undefined = (t.tp + t.fp <= 0) & ((t.fn <= 0) | (beta == 0.0))
    return Evaluation(nm.divide(numerator, denominator), undefined)


@plugin.measure(
    Measure(
        name="specificity",
        family="nominal",
        higher_is_better=True,
        range=_UNIT,
        title="Specificity",
        description="Specificity (true negative rate) of the positive class: TN / (TN + FP), "
        "the share of the other classes' gold items kept out of it; 1 - specificity is the "
        "false positive rate of ROC analysis." + _PER_CLASS,
        aliases=("tnr", "true_negative_rate", "selectivity"),
        params=(_POSITIVE,),
        reference=Reference(_SOKOLOVA, "Table 1 (specificity)"),
        optimum=1.0,
        undefined="every gold item belongs to the positive class (TN + FP = 0)",
        claims=_per_class_claims(
            symmetry=Violated(note="transposing turns FP into FN"),
            prevalence_invariance=Violated(
                note="with three or more classes the negative classes are pooled, weighted by "
                "their sizes"
            ),
            true_negative_invariance=Violated(note="TN is in the formula"),
            chance_baseline=Violated(note="always-positive scores 0, always-other 1"),
        ),
    )
)
def specificity(matrices: np.ndarray, *, values: np.ndarray, positive: int) -> Evaluation:
    """TN / (TN + FP) of the positive class."""
    t = nm.one_vs_rest(matrices, positive)
    denominator = t.tn + t.fp
    return Evaluation(nm.divide(t.tn, denominator), denominator <= 0)
