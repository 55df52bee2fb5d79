"""Built-in ordinal-classification (OC) measures.

Every compute function takes confusion matrices ``(..., C, C)`` (rows =
system class ``i``, columns = gold class ``j``; validated float counts
``c_ij``) and class values ``v`` (``(..., C)``), and returns scores of the
batch shape, or an :class:`~axiometrics.Evaluation` marking the entries where
the measure is undefined.  Notation used in the descriptions: ``c_i.`` system
class sizes, ``c_.j`` gold class sizes, ``N`` items, ``C+`` the non-empty
gold classes, ``v_i`` class values (default ``0 .. C-1``).

The formulas come from Sakai (2021, eq. 1-10) and Amigó et al. (2020,
Table 2 and Definition 1); the vectorised arithmetic lives in
:mod:`axiometrics.measures.oc._math`.
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as np

from axiometrics import (
    Evaluation,
    Holds,
    InvalidInputError,
    InvalidParameterError,
    Measure,
    MeasurePlugin,
    Param,
    Range,
    Reference,
    Violated,
)
from axiometrics.scale import validate_values

from . import _math as om

__all__ = ["cem_proximities", "plugin"]

plugin = MeasurePlugin("axiometrics-oc")

_SAKAI_2021 = "Sakai 2021, Evaluating evaluation measures for OC and OQ (ACL-IJCNLP)"
_AMIGO_2020 = "Amigó et al. 2020, An effectiveness metric for ordinal classification (ACL)"

_UNIT = Range(0.0, 1.0)
_CORRELATION = Range(-1.0, 1.0)
_ERROR = Range(0.0, math.inf, note="grows with the spread of the class values")

# Notes shared by several declarations.
_NO_VALUES = "uses class identities or positions only, never the class values"
_USES_VALUES = "distances between class values change under a non-linear increasing transform"
_APP_B_MONOTONE = (
    "Amigó 2020 App. B: classes 0..4, gold (2,3,4); system (0,1,2) and system (1,2,3) score "
    "the same although the second moved every item one class closer"
)
_TRANSPOSE_INVARIANT = "the formula is unchanged when the confusion matrix is transposed"
_SCALE_FREE = "a ratio of sums that are all linear (or all quadratic) in the counts"
_IDENTITY = "the diagonal matrix scores the optimum"
_NOMINAL_ORDER_FREE = "uses class identities only: renaming the classes permutes its terms"


def _rows(matrices: np.ndarray) -> np.ndarray:
    """Gold class sizes ``c_.j``."""
    return om.column_sums(matrices)


# ---------------------------------------------------------------------------
# Classification measures: class identity only
# ---------------------------------------------------------------------------


@plugin.measure(
    Measure(
        name="accuracy",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="Accuracy",
        description="Share of items whose system class equals the gold class: "
        "Accuracy = sum_j c_jj / N.",
        aliases=("acc",),
        reference=Reference(_SAKAI_2021, "eq. 10"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(
                note="a wrong item moved closer but still wrong scores the same"
            ),
            "imbalance": Violated(note="every error costs 1/N whatever its class (Amigó App. B)"),
            "symmetry": Holds(note="trace(M) == trace(M.T)"),
            "constant_system_discrimination": Holds(note="always-k scores c_.k / N"),
            "identity": Holds(note=_IDENTITY),
            "well_defined": Holds(note="N > 0 for every valid input"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
            # nominal family
            "class_permutation_invariance": Holds(note=_NOMINAL_ORDER_FREE),
            "nominal_monotonicity": Holds(note="one more item on the diagonal: +1/N"),
            "prevalence_invariance": Violated(
                note="classes weigh by their size (CS224u notebook: the always-neutral ex2 "
                "beats ex1)"
            ),
            "true_negative_invariance": Violated(note="[[1,0],[0,1]] vs [[5,0],[0,1]]"),
            "chance_baseline": Violated(note="always-k scores c_.k / N"),
        },
        also_families=("nominal",),
    )
)
def accuracy(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Accuracy: trace over total."""
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


@plugin.measure(
    Measure(
        name="accuracy_within",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="Accuracy within n",
        description="Share of items whose system class lies at most n class positions from the "
        "gold class: sum_{|i-j| <= n} c_ij / N. The distance counts class positions, not class "
        "values, so the measure is ordinal invariant; n = 0 gives accuracy.",
        aliases=("acc_within_n", "accuracy_at_n", "acc@n"),
        params=(Param("n", int, 1, "largest tolerated distance in class positions", minimum=0),),
        reference=Reference(_AMIGO_2020, "Table 2 (Gaudette and Japkowicz 2009)"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(
                note="an item inside the margin moved onto its gold class still counts once; "
                "e.g. gold (0,1), system (1,1) vs (0,1) both score 1 for n = 1"
            ),
            "imbalance": Violated(
                note="every error costs 1/N or nothing whatever its class (Amigó App. B: 1 vs 1)"
            ),
            "symmetry": Holds(note="the position distance abs(i - j) is symmetric"),
            "constant_system_discrimination": Violated(
                note="always-k scores the share of gold items within n of k, which is 1 for "
                "every k when C <= n + 1: gold sizes (1,2) with n = 1"
            ),
            "identity": Holds(note=_IDENTITY),
            "well_defined": Holds(note="N > 0 for every valid input"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
        },
    )
)
def accuracy_within(matrices: np.ndarray, *, values: np.ndarray, n: int) -> np.ndarray:
    """Share of items at most ``n`` class positions from their gold class."""
    c = matrices.shape[-1]
    # No distance exceeds C - 1: a larger n (10**400 included) tolerates every error.
    near = (om.index_distance(c) <= min(n, c - 1)).astype(float)
    return om.weighted_total(matrices, near) / om.total(matrices)


@plugin.measure(
    Measure(
        name="maac",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="MAAC",
        description="Macro-averaged accuracy (macro-averaged recall): the mean over the "
        "non-empty gold classes C+ of rec_j = c_jj / c_.j. Empty gold classes are left out.",
        aliases=("macro_accuracy", "macro_recall", "avgrec", "balanced_accuracy", "recall_macro"),
        reference=Reference(_AMIGO_2020, "Table 2 (macro average accuracy)"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(note=_APP_B_MONOTONE + " (0 and 0)"),
            "imbalance": Holds(
                note="moving one item of gold class k costs 1 / (#C+ c_.k), with #C+ the "
                "number of non-empty gold classes"
            ),
            "symmetry": Violated(
                note="recall over gold classes becomes precision over system classes: "
                "[[2,1],[0,1]] scores 0.75, its transpose 5/6"
            ),
            "constant_system_discrimination": Violated(
                note="always-k scores 1 / #C+ for every non-empty gold class k (and 0 for an "
                "empty one): gold sizes (1,2) give 0.5 twice"
            ),
            "identity": Holds(note=_IDENTITY),
            "well_defined": Holds(note="C+ is never empty since N > 0"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
            # nominal family
            "class_permutation_invariance": Holds(note=_NOMINAL_ORDER_FREE),
            "nominal_monotonicity": Holds(note="the recall of the item's gold class rises"),
            "prevalence_invariance": Holds(note="each recall is a ratio within one gold class"),
            "true_negative_invariance": Violated(
                note="the TN of class 1 are the hits of class 0: [[1,0],[0,1]] vs [[5,0],[0,1]]"
                " with one more error"
            ),
            "chance_baseline": Violated(note="always-k scores 1 / #C+, which varies with the gold"),
        },
        also_families=("nominal",),
    )
)
def maac(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mean per-gold-class recall over C+."""
    gold = _rows(matrices)
    recall = om.safe_divide(np.diagonal(matrices, axis1=-2, axis2=-1), gold)
    return om.macro_mean(recall, gold)


def _precision_recall(matrices: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-class precision (0 if never chosen), recall, and gold sizes."""
    diag = np.diagonal(matrices, axis1=-2, axis2=-1)
    system, gold, _ = om.marginals(matrices)
    return om.safe_divide(diag, system), om.safe_divide(diag, gold), gold


def _f1(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """Harmonic mean with F1(0, 0) = 0 (Sakai 2021 §3.1)."""
    return om.safe_divide(2.0 * precision * recall, precision + recall)


_F1_SYMMETRY = Holds(
    preconditions=("no_empty_gold_class", "no_empty_system_class"),
    note="transposing swaps precision and recall; without the preconditions C+ changes: "
    "[[1,1],[0,0]] scores 1/3, its transpose 2/3",
)


@plugin.measure(
    Measure(
        name="f1_macro",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="F1^M",
        description="Macro F1 over the non-empty gold classes C+: mean over j in C+ of "
        "F1(prec_j, rec_j) = 2 prec_j rec_j / (prec_j + rec_j), with prec_j = c_jj / c_j. "
        "(0 when the system never chooses j), rec_j = c_jj / c_.j and F1(0, 0) = 0. "
        "scikit-learn's f1_score(average='macro', labels=all classes) also averages over gold "
        "classes that are empty but predicted (scoring them 0); with labels = C+ it agrees.",
        aliases=("F1^M", "macro_f1", "f1m", "macro_f_measure"),
        reference=Reference(_SAKAI_2021, "eq. 8"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(note=_APP_B_MONOTONE + " (0 and 0)"),
            "imbalance": Holds(
                note="the F1 of gold class k after losing one item, 2(c-1)/(2c-1), grows with "
                "c = c_.k; the receiving class loses the same precision in both systems"
            ),
            "symmetry": _F1_SYMMETRY,
            "constant_system_discrimination": Holds(
                note="always-k scores F1(c_.k/N, 1) / #C+, which grows with c_.k"
            ),
            "identity": Holds(note=_IDENTITY),
            "well_defined": Holds(note="F1(0, 0) = 0 and prec_j = 0 for unused classes"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
            # nominal family
            "class_permutation_invariance": Holds(note=_NOMINAL_ORDER_FREE),
            "nominal_monotonicity": Holds(
                note="F1_j = 2 tp_j / (c_.j + c_j.) rises and no other F1 falls"
            ),
            "prevalence_invariance": Violated(note="precision mixes gold classes in each row"),
            "true_negative_invariance": Violated(note="the F1 of class 0 counts its hits"),
            "chance_baseline": Violated(
                note="always-k scores F1(c_.k/N, 1) / #C+, which grows with c_.k"
            ),
        },
        also_families=("nominal",),
    )
)
def f1_macro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Macro F1 over C+ (Sakai 2021 eq. 8)."""
    precision, recall, gold = _precision_recall(matrices)
    return om.macro_mean(_f1(precision, recall), gold)


@plugin.measure(
    Measure(
        name="hmpr",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="HMPR",
        description="Harmonic mean of macro precision and macro recall: F1(Prec^M, Rec^M) with "
        "Prec^M and Rec^M the means over the non-empty gold classes C+ of prec_j = c_jj / c_j. "
        "(0 when the system never chooses j) and rec_j = c_jj / c_.j; F1(0, 0) = 0.",
        aliases=("harmonic_mean_of_macro_precision_and_recall", "f1_of_macro_averages"),
        reference=Reference(_SAKAI_2021, "eq. 9"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(note=_APP_B_MONOTONE + " (0 and 0)"),
            "imbalance": Holds(
                note="macro precision is the same for both systems; macro recall loses "
                "1 / (#C+ c_.k), less for the larger class"
            ),
            "symmetry": _F1_SYMMETRY,
            "constant_system_discrimination": Holds(
                note="always-k has Rec^M = 1 / #C+ and Prec^M = c_.k / (N #C+)"
            ),
            "identity": Holds(note=_IDENTITY),
            "well_defined": Holds(note="F1(0, 0) = 0 and prec_j = 0 for unused classes"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
        },
    )
)
def hmpr(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """F1 of macro precision and macro recall over C+ (Sakai 2021 eq. 9)."""
    precision, recall, gold = _precision_recall(matrices)
    return _f1(om.macro_mean(precision, gold), om.macro_mean(recall, gold))


@plugin.measure(
    Measure(
        name="cohen_kappa",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Cohen's kappa",
        description="Unweighted Cohen's kappa: (p_o - p_e) / (1 - p_e) with p_o = sum_j c_jj / N "
        "and p_e = sum_k c_k. c_.k / N^2 (chance agreement of independent labels with the same "
        "marginals); equal to eq. 5 with w_ij = 1 for i != j. scikit-learn's "
        "cohen_kappa_score returns NaN where this measure is undefined.",
        aliases=("kappa", "cohens_kappa", "unweighted_kappa"),
        reference=Reference(_AMIGO_2020, "Table 2 (Cohen 1960)"),
        optimum=1.0,
        undefined="p_e = 1: the system and the gold put every item in the same single class "
        "(no disagreement is possible, so chance agreement is total)",
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(
                note="Amigó App. B: classes 0..4, gold (2,3,4): system (0,1,2) scores -1/8, the "
                "closer system (1,2,3) -2/7"
            ),
            "imbalance": Holds(
                note="both systems have p_o = (N-1)/N; moving an item out of the larger class "
                "lowers N^2 p_e = sum_k c_k. c_.k more, and kappa falls as p_e grows. The "
                "advantage is second order, (c_.1 - c_.3)(1 - p_o) / (N^2 (1 - p_e)^2), and "
                "drops below a 1e-11 relative tolerance on large balanced golds"
            ),
            "symmetry": Holds(note="p_o and p_e are unchanged by transposition"),
            "constant_system_discrimination": Violated(
                note="every constant system scores 0 (p_o = p_e)"
            ),
            "identity": Holds(note=_IDENTITY + " (1) whenever it is defined"),
            "well_defined": Holds(note="undefined only where declared"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
            # nominal family
            "class_permutation_invariance": Holds(note=_NOMINAL_ORDER_FREE),
            "nominal_monotonicity": Violated(
                note="on a single-class gold every system scores 0 (p_o = p_e): [[0,2],[0,0]] "
                "and its correction [[0,1],[0,1]] both score 0"
            ),
            "prevalence_invariance": Violated(note="p_o and p_e weigh classes by size"),
            "true_negative_invariance": Violated(note="p_o counts the TN of class 1 as agreement"),
            "chance_baseline": Holds(note="every constant system has p_o = p_e: 0"),
        },
        also_families=("nominal",),
    )
)
def cohen_kappa(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Unweighted Cohen's kappa."""
    weights = 1.0 - np.eye(matrices.shape[-1])
    return Evaluation(*om.weighted_kappa(matrices, weights))


@plugin.measure(
    Measure(
        name="mutual_information",
        family="oc",
        higher_is_better=True,
        range=Range(0.0, math.inf, note="at most log2 C"),
        title="MI",
        description="Mutual information in bits between the system and gold labels: "
        "sum over c_ij > 0 of (c_ij / N) log2(c_ij N / (c_i. c_.j)). The perfect system scores "
        "the gold entropy, not a fixed optimum. Equals scikit-learn's mutual_info_score / ln 2.",
        aliases=("mi", "mutual_info"),
        reference=Reference(_AMIGO_2020, "Table 2 (clustering metrics)"),
        optimum=None,
        claims={
            "ordinal_invariance": Holds(note=_NO_VALUES),
            "ordinal_monotonicity": Violated(note=_APP_B_MONOTONE + " (log2 3 and log2 3)"),
            "imbalance": Violated(
                note="disagrees with Amigó 2020 Table 2: either move leaves one mixed system "
                "class holding c_.2 items of c2 plus one intruder, so H(gold given system), and "
                "MI, are the same: gold sizes (1,1,2) score 1 bit both ways"
            ),
            "symmetry": Holds(note="mutual information is symmetric"),
            "constant_system_discrimination": Violated(
                note="a constant system carries no information: every one scores 0"
            ),
            "identity": Violated(
                note="the perfect system scores the gold entropy H(gold), which varies with the "
                "gold (gold [1,1] gives 1 bit, [1,3] 0.81 bits)"
            ),
            "well_defined": Holds(note="empty cells contribute 0"),
            "count_scale_invariance": Holds(note="depends on the proportions c_ij / N only"),
        },
    )
)
def mutual_information(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mutual information (bits)."""
    return om.mutual_information(matrices)


# ---------------------------------------------------------------------------
# Value-prediction measures: errors measured with class values
# ---------------------------------------------------------------------------


# Kappa, alpha and CEM^INT are invariant under increasing affine maps of the
# values; they get them mapped onto [0, 1] first (om.scale_to_unit), so that
# huge values cannot overflow.


def _absolute(values: np.ndarray) -> np.ndarray:
    return np.abs(om.pairwise_difference(values))


def _squared(values: np.ndarray) -> np.ndarray:
    return om.pairwise_difference(values) ** 2


def _micro_error(matrices: np.ndarray, cost: np.ndarray) -> np.ndarray:
    return om.weighted_total(matrices, cost) / om.total(matrices)


def _macro_error(matrices: np.ndarray, cost: np.ndarray) -> np.ndarray:
    return om.macro_mean(om.per_gold_class_error(matrices, cost), _rows(matrices))


#: Largest span of the class values for which the products ``distance x count``
#: stay far below the float64 limit (a matrix holds at most 2**53 ~ 9e15 items):
#: 1e290 for absolute errors, 1e145 (squared: 1e290) for squared errors.  Wider
#: values are scored on distances divided by the span, scaled back at the end.
_PLAIN_SPAN = {False: 1e290, True: 1e145}


def _value_error(
    matrices: np.ndarray, values: np.ndarray, *, squared: bool, macro: bool
) -> np.ndarray:
    """MAE or MSE, micro or macro, without overflow in the intermediate products.

    Raises
    ------
    InvalidInputError
        When the mean squared error itself exceeds the largest float64
        (values spanning more than about 1.3e154 with many wrong items).
    """
    span = values[..., -1] - values[..., 0]  # strictly increasing: the largest distance
    average = _macro_error if macro else _micro_error
    if span.max() <= _PLAIN_SPAN[squared]:
        return average(matrices, _squared(values) if squared else _absolute(values))
    unit = om.pairwise_difference(values) / span[..., None, None]
    error = average(matrices, unit**2 if squared else np.abs(unit))  # at most 1
    with np.errstate(over="ignore"):  # an overflow is reported below
        scaled = error * span * span if squared else error * span
    if not np.all(np.isfinite(scaled)):
        shown = " ".join(repr(values.tolist()).split())
        shown = shown if len(shown) <= 120 else shown[:117] + "..."
        raise InvalidInputError(
            f"values={shown}: expected class values whose mean squared error fits in float64 "
            f"(the values span {float(np.max(span)):.3g}, so the error exceeds the largest "
            "float, about 1.8e308); divide the values by a common factor (MSE scales with its "
            "square)"
        )
    return np.asarray(scaled)


def _value_error_claims(*, macro: bool, name: str) -> dict[str, Any]:
    """Declarations shared by MAE/MSE and their macro versions."""
    claims: dict[str, Any] = {
        "ordinal_invariance": Violated(note=_USES_VALUES + " (Amigó App. B)"),
        "ordinal_monotonicity": Holds(
            note="each moved item's distance to its gold value shrinks; the gold (and C+) is "
            "unchanged"
        ),
        "constant_system_discrimination": Violated(
            note="always-k's error is the mean distance from v_k to the classes of C+, equal "
            "for every k when C+ is symmetric: gold sizes (1,2) score 0.5 twice (Sakai 2021 "
            "Table 4 (ii) holds on his 5-class data)"
        )
        if macro
        else Holds(
            note="always-k's error sum_j d(v_k, v_j) c_.j / N is constant in k only if two "
            "classes hold half the items each"
        ),
        "identity": Holds(note="the diagonal matrix has error 0"),
        "well_defined": Holds(note="N > 0 and C+ is never empty"),
        "count_scale_invariance": Holds(note=_SCALE_FREE),
    }
    if macro:
        claims["imbalance"] = Holds(
            preconditions=("equidistant_values",),
            note="at equal spacing the moved item costs d / (#C+ c_.k), less for the larger "
            "class; with unequal spacing the two distances differ and it can fail",
        )
        claims["symmetry"] = Violated(
            note=f"averaging over gold classes is not symmetric: {name} of [[2,0],[1,0]] differs "
            "from its transpose"
        )
    else:
        claims["imbalance"] = Violated(
            note="both systems make one error of one class step: the same cost (Amigó App. B)"
        )
        claims["symmetry"] = Holds(note="the distance is symmetric and N is shared")
    return claims


@plugin.measure(
    Measure(
        name="mae_macro",
        family="oc",
        higher_is_better=False,
        range=_ERROR,
        title="MAE^M",
        description="Macro-averaged mean absolute error over the non-empty gold classes C+: "
        "MAE^M = (1/|C+|) sum_{j in C+} sum_i |v_i - v_j| c_ij / c_.j. Empty gold classes are "
        "left out (Sakai's handling; Baccianella et al. 2009 assume none).",
        aliases=("MAE^M", "macro_mae", "maem", "macro_averaged_mae"),
        reference=Reference(_SAKAI_2021, "eq. 1"),
        optimum=0.0,
        uses_class_values=True,
        claims=_value_error_claims(macro=True, name="MAE^M"),
    )
)
def mae_macro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Macro MAE over C+ (Sakai 2021 eq. 1)."""
    return _value_error(matrices, values, squared=False, macro=True)


@plugin.measure(
    Measure(
        name="mae_micro",
        family="oc",
        higher_is_better=False,
        range=_ERROR,
        title="MAE^mu",
        description="Mean absolute error over items: MAE^mu = sum_ij |v_i - v_j| c_ij / N.",
        aliases=("MAE^mu", "mae", "micro_mae"),
        reference=Reference(_SAKAI_2021, "eq. 2"),
        optimum=0.0,
        uses_class_values=True,
        claims=_value_error_claims(macro=False, name="MAE^mu"),
    )
)
def mae_micro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Micro MAE (Sakai 2021 eq. 2)."""
    return _value_error(matrices, values, squared=False, macro=False)


@plugin.measure(
    Measure(
        name="mse",
        family="oc",
        higher_is_better=False,
        range=_ERROR,
        title="MSE",
        description="Mean squared error over items: MSE = sum_ij (v_i - v_j)^2 c_ij / N.",
        aliases=("mse_micro",),
        reference=Reference(_AMIGO_2020, "Table 2 (value prediction)"),
        optimum=0.0,
        uses_class_values=True,
        claims=_value_error_claims(macro=False, name="MSE"),
    )
)
def mse(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Micro MSE."""
    return _value_error(matrices, values, squared=True, macro=False)


@plugin.measure(
    Measure(
        name="mse_macro",
        family="oc",
        higher_is_better=False,
        range=_ERROR,
        title="MSE^M",
        description="Macro-averaged mean squared error over the non-empty gold classes C+: "
        "(1/|C+|) sum_{j in C+} sum_i (v_i - v_j)^2 c_ij / c_.j.",
        aliases=("MSE^M", "macro_mse", "msem"),
        reference=Reference(_AMIGO_2020, "Table 2 (Baccianella et al. 2009)"),
        optimum=0.0,
        uses_class_values=True,
        claims=_value_error_claims(macro=True, name="MSE^M"),
    )
)
def mse_macro(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Macro MSE over C+."""
    return _value_error(matrices, values, squared=True, macro=True)


def _weighted_kappa_claims(kind: str, monotonicity: str, imbalance: str) -> dict[str, Any]:
    return {
        "ordinal_invariance": Violated(note=_USES_VALUES),
        "ordinal_monotonicity": Violated(
            note="disagrees with Amigó 2020 Table 2: moving an item closer also shifts the "
            f"expected disagreement; {monotonicity}"
        ),
        "imbalance": Violated(
            note="disagrees with Amigó 2020 Table 2 and Sakai 2021 Table 4 (iii): the moves "
            f"also change the expected disagreement differently; {imbalance}"
        ),
        "symmetry": Holds(note=f"{kind} weights are symmetric and E(M.T) = E(M).T"),
        "constant_system_discrimination": Violated(
            note="every constant system scores 0: its observed matrix equals E (Sakai 2021 §3.1)"
        ),
        "identity": Holds(note=_IDENTITY + " (1) whenever it is defined"),
        "well_defined": Holds(note="undefined only where declared"),
        "count_scale_invariance": Holds(note=_SCALE_FREE),
    }


_KAPPA_UNDEFINED = (
    "sum_ij w_ij E_ij = 0, i.e. the system and the gold put every item in the same single class"
)


@plugin.measure(
    Measure(
        name="kappa_linear",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Linear weighted kappa",
        description="Weighted kappa 1 - sum_ij w_ij c_ij / sum_ij w_ij E_ij with "
        "w_ij = |v_i - v_j| and E_ij = c_i. c_.j / N (agreement expected from independent "
        "labels). scikit-learn's "
        "cohen_kappa_score(weights='linear') uses label indices as values (our default) and "
        "returns NaN where this measure is undefined.",
        aliases=("linear_kappa", "weighted_kappa", "kappa_w", "linear_weighted_kappa"),
        reference=Reference(_SAKAI_2021, "eq. 5"),
        optimum=1.0,
        uses_class_values=True,
        undefined=_KAPPA_UNDEFINED,
        claims=_weighted_kappa_claims(
            "linear",
            "gold (0,0,0,0,1,2): system (1,1,1,2,0,0) scores -0.600, (1,1,1,1,0,0) -0.615",
            "gold sizes (2,1,1,2), c1=0, c2=1, c3=2: 0.875 vs 0.880",
        ),
    )
)
def kappa_linear(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Linear weighted kappa (Sakai 2021 eq. 5)."""
    return Evaluation(*om.weighted_kappa(matrices, _absolute(om.scale_to_unit(values))))


@plugin.measure(
    Measure(
        name="kappa_quadratic",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Quadratic weighted kappa",
        description="Weighted kappa 1 - sum_ij w_ij c_ij / sum_ij w_ij E_ij with "
        "w_ij = (v_i - v_j)^2 and E_ij = c_i. c_.j / N. scikit-learn's "
        "cohen_kappa_score(weights='quadratic') uses label indices as values (our default).",
        aliases=("quadratic_kappa", "qwk", "quadratic_weighted_kappa"),
        reference=Reference(_SAKAI_2021, "eq. 5 with squared weights"),
        optimum=1.0,
        uses_class_values=True,
        undefined=_KAPPA_UNDEFINED,
        claims=_weighted_kappa_claims(
            "quadratic",
            "gold (0,1,2): system (1,0,0) scores -0.5, (1,1,0) -0.667",
            "gold sizes (1,1,1,2), c1=3, c2=2, c3=1: 0.918 vs 0.923",
        ),
    )
)
def kappa_quadratic(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Quadratic weighted kappa."""
    return Evaluation(*om.weighted_kappa(matrices, _squared(om.scale_to_unit(values))))


def _alpha_claims(*, ordinal: bool, monotonicity: str, imbalance: str) -> dict[str, Any]:
    return {
        "ordinal_invariance": Holds(note="delta depends on label counts only")
        if ordinal
        else Violated(note=_USES_VALUES),
        "ordinal_monotonicity": Violated(
            note="Sakai 2021 Table 4 (i) 'handles ordinal classes' is weaker: moving an item "
            f"closer also changes the pooled label counts; {monotonicity}"
        ),
        "imbalance": Violated(note=f"Sakai 2021 Table 4 (iii) uses a weaker notion; {imbalance}"),
        "symmetry": Holds(note="gold and system labels are pooled: M and M.T give the same data"),
        "constant_system_discrimination": Holds(note="Sakai 2021 Table 4 (ii)"),
        "identity": Holds(note="no disagreement: alpha = 1 whenever it is defined"),
        "well_defined": Holds(note="undefined only where declared"),
        "count_scale_invariance": Violated(
            note="the expected coincidences divide by 2N - 1, so scaling the counts changes "
            "alpha: [[1,1],[0,1]] vs [[2,2],[0,2]]"
        ),
    }


# (v_s - v_g)^2 <= 2 (v_s - m)^2 + 2 (v_g - m)^2 bounds the observed disagreement by
# twice the spread of the pooled labels, so alpha >= 1 - (2N - 1)/N > -1.
_ALPHA_RANGE = Range(-1.0, 1.0, note="above -1 + 1/N")

_ALPHA_UNDEFINED = (
    "a single class carries all 2N gold and system labels (no expected disagreement); also, for "
    "fractional counts, N <= 1/2 (2N - 1 <= 0)"
)


@plugin.measure(
    Measure(
        name="alpha_ordinal",
        family="oc",
        higher_is_better=True,
        range=_ALPHA_RANGE,
        title="alpha-ord",
        description="Krippendorff's alpha of the gold and system labels with the ordinal metric: "
        "pool the 2N labels, n_k = c_k. + c_.k; observed coincidences o_ij = c_ij + c_ji "
        "(i != j); expected e_ij = n_i n_j / (2N - 1); "
        "alpha = 1 - sum_{i<j} o_ij delta2_ij / sum_{i<j} e_ij delta2_ij with "
        "delta2_ij = (sum_{k=i}^{j} n_k - (n_i + n_j)/2)^2. Matches the krippendorff package "
        "with value_domain = the full class scale.",
        aliases=("alpha-ord", "krippendorff_alpha_ordinal", "alpha_ord"),
        reference=Reference(_SAKAI_2021, "eqs. 6-7"),
        optimum=1.0,
        undefined=_ALPHA_UNDEFINED,
        claims=_alpha_claims(
            ordinal=True,
            monotonicity="gold (0,1,2): system (0,2,0) scores 0.194, (0,1,0) 0.111",
            imbalance="gold sizes (1,1,2), c1=2, c2=1, c3=0: 0.79 vs 0.90",
        ),
    )
)
def alpha_ordinal(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Krippendorff's ordinal alpha (Sakai 2021 eqs. 6-7)."""
    sizes = om.class_sizes(matrices)
    # mid-ranks as shares of the 2N labels, in [0, 1]: alpha ignores the common scale
    positions = om.running_mid((sizes.system + sizes.gold) / (2.0 * sizes.total))
    return Evaluation(*om.krippendorff_alpha(matrices, positions, sizes))


@plugin.measure(
    Measure(
        name="alpha_interval",
        family="oc",
        higher_is_better=True,
        range=_ALPHA_RANGE,
        title="alpha-int",
        description="Krippendorff's alpha of the gold and system labels with the interval metric "
        "delta2_ij = (v_i - v_j)^2 (Sakai uses (i - j)^2, our default values): pool the 2N "
        "labels, n_k = c_k. + c_.k; o_ij = c_ij + c_ji; e_ij = n_i n_j / (2N - 1); "
        "alpha = 1 - sum_{i<j} o_ij delta2_ij / sum_{i<j} e_ij delta2_ij.",
        aliases=("alpha-int", "krippendorff_alpha_interval", "alpha_int"),
        reference=Reference(_SAKAI_2021, "eq. 6 with the interval metric"),
        optimum=1.0,
        uses_class_values=True,
        undefined=_ALPHA_UNDEFINED,
        claims=_alpha_claims(
            ordinal=False,
            monotonicity="gold (0,1,2): system (0,2,0) scores 0.138, (0,1,0) 0",
            imbalance="gold sizes (1,1,1,2), c1=3, c2=2, c3=1: 0.926 vs 0.930",
        ),
    )
)
def alpha_interval(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Krippendorff's interval alpha (Sakai 2021 eq. 6)."""
    return Evaluation(*om.krippendorff_alpha(matrices, om.scale_to_unit(values)))


# ---------------------------------------------------------------------------
# Correlation coefficients
# ---------------------------------------------------------------------------

_CONSTANT_UNDEFINED = "the system or the gold puts every item in one class (zero variance)"

#: Item counts ``N`` whose pair products (``N^2`` at most, ``2**106`` for the largest valid
#: matrix) neither overflow nor underflow: tau-b takes them as they are, other counts as
#: proportions.
_PLAIN_COUNTS = (1e-100, 1e100)


def _correlation_claims(*, ordinal: bool, imbalance: Any) -> dict[str, Any]:
    return {
        "ordinal_invariance": Holds(note="uses ranks only")
        if ordinal
        else Violated(note=_USES_VALUES + " (Amigó App. B)"),
        "ordinal_monotonicity": Violated(note=_APP_B_MONOTONE + " (1 and 1)"),
        "imbalance": imbalance,
        "symmetry": Holds(note="correlation is symmetric in its two variables"),
        "constant_system_discrimination": Violated(
            note="every constant system is undefined (zero variance)"
        ),
        "identity": Holds(note="identical variables correlate 1 whenever defined"),
        "well_defined": Holds(note="undefined only where declared"),
        "count_scale_invariance": Holds(note="depends on the proportions c_ij / N only"),
    }


@plugin.measure(
    Measure(
        name="pearson",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Pearson r",
        description="Pearson correlation between the system values v_s(d) and the gold values "
        "v_g(d) over the N items (the c_ij items of a cell contribute the pair (v_i, v_j)).",
        aliases=("pearson_r", "pearson_correlation", "linear_correlation"),
        reference=Reference(_AMIGO_2020, "Table 2 (linear correlation)"),
        optimum=1.0,
        uses_class_values=True,
        undefined=_CONSTANT_UNDEFINED,
        claims=_correlation_claims(
            ordinal=False,
            imbalance=Violated(
                note="Amigó App. B: gold (1,1,2,3): system (1,2,2,3) scores 0.85, system "
                "(1,1,2,2) 0.90"
            ),
        ),
    )
)
def pearson(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Pearson correlation of the value vectors."""
    return Evaluation(*om.pearson(matrices, values, values))


@plugin.measure(
    Measure(
        name="spearman",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Spearman rho",
        description="Spearman correlation: Pearson correlation of the items' mid-ranks, ties "
        "averaged. The c_.j gold items of class j share the rank sum_{l<j} c_.l + (c_.j + 1)/2 "
        "(likewise for the system with c_i.), as scipy.stats.spearmanr assigns them.",
        aliases=("spearman_rho", "spearman_correlation"),
        reference=Reference(_AMIGO_2020, "Table 2"),
        optimum=1.0,
        undefined=_CONSTANT_UNDEFINED,
        claims=_correlation_claims(
            ordinal=True,
            imbalance=Violated(
                note="disagrees with Amigó 2020 Table 2: gold sizes (1,1,2), c1=2, c2=1, c3=0: "
                "0.833 vs 0.943"
            ),
        ),
    )
)
def spearman(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Spearman correlation from the marginals' mid-ranks (as shares of N, in [0, 1])."""
    return Evaluation(*om.mid_rank_correlation(matrices))


@plugin.measure(
    Measure(
        name="kendall_tau_a",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Kendall tau-a",
        description="Kendall's tau-a: (P - Q) / (N (N - 1) / 2), with P and Q the numbers of item "
        "pairs ordered the same way / opposite ways by the system and the gold (pairs tied on "
        "either side count in neither, but stay in the denominator). Counted from cumulative sums "
        "of the matrix. The perfect system scores (N^2 - sum_j c_.j^2) / (N (N - 1)), below 1 "
        "whenever two gold items tie, so there is no fixed optimum.",
        aliases=("tau_a", "kendall_a"),
        reference=Reference(_AMIGO_2020, "Table 2 and §5"),
        optimum=None,
        undefined="fewer than two items (N < 2); for fractional counts, whenever "
        "sum_ij c_ij^2 < N (the pair count N (N - 1) / 2 then no longer bounds the ordered pairs)",
        claims={
            **_correlation_claims(
                ordinal=True,
                imbalance=Violated(
                    note="Amigó 2020 Table 2; gold (0,0,1,2): moving a class-0 item to 1 and "
                    "moving the class-2 item to 1 both leave P - Q = 4"
                ),
            ),
            "constant_system_discrimination": Violated(
                note="a constant system ties every pair: every one scores 0"
            ),
            "identity": Violated(
                note="the perfect system scores (N^2 - sum c_.j^2) / (N (N - 1)) < 1 when gold "
                "items tie: gold (0,0,1) gives 2/3"
            ),
            "count_scale_invariance": Violated(
                note="P - Q grows with k^2 but N (N - 1) does not: [[1,0],[0,1]] scores 1, "
                "[[2,0],[0,2]] 2/3"
            ),
        },
    )
)
def kendall_tau_a(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Kendall tau-a from concordant minus discordant pairs."""
    found = om.pair_balance(matrices, squares=True)
    n = np.einsum("jb->b", found.gold).reshape(matrices.shape[:-2])
    pairs = n * (n - 1.0) / 2.0
    squares = cast(np.ndarray, found.squares)  # asked for: never None here
    undefined = ~(pairs > 0) | (squares < n)
    return Evaluation(om.safe_divide(found.difference, pairs), undefined)


@plugin.measure(
    Measure(
        name="kendall_tau_b",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Kendall tau-b",
        description="Kendall's tau-b: (P - Q) / sqrt((N0 - T_s)(N0 - T_g)) with P, Q the "
        "concordant and discordant item pairs, N0 = N (N - 1) / 2, T_s = sum_i c_i. (c_i. - 1)/2 "
        "and T_g = sum_j c_.j (c_.j - 1)/2 the pairs tied by the system and by the gold "
        "(scipy.stats.kendalltau's default). Counted from cumulative sums of the matrix.",
        aliases=("tau_b", "kendall_tau", "kendall_b", "kendall"),
        reference=Reference(_AMIGO_2020, "Table 2"),
        optimum=1.0,
        undefined=_CONSTANT_UNDEFINED,
        claims=_correlation_claims(
            ordinal=True,
            imbalance=Violated(
                note="disagrees with Amigó 2020 Table 2: gold sizes (1,1,2), c1=2, c2=1, c3=0: "
                "0.800 vs 0.894"
            ),
        ),
    )
)
def kendall_tau_b(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Kendall tau-b from concordant and discordant pair counts."""
    # tau-b is a ratio of quadratic forms, scale-free: counts whose squares stay far from
    # the float range's ends are used as they are, others as proportions
    batch = matrices.shape[:-2]
    found = om.pair_balance(matrices)
    n = np.einsum("jb->b", found.gold)
    if n.size and not (n.min() >= _PLAIN_COUNTS[0] and n.max() <= _PLAIN_COUNTS[1]):
        found = om.pair_balance(matrices, 1.0 / n)
    # N0 - T = (N^2 - sum of squared class sizes) / 2, for the system and the gold at once;
    # exactly 0 when a side puts every item in one class (undefined)
    untied = np.sqrt(om.untied_pairs(found.sizes))
    den = (0.5 * untied[0] * untied[1]).reshape(batch)
    return Evaluation(om.safe_divide(found.difference, den), ~(den > 0))


@plugin.measure(
    Measure(
        name="cosine",
        family="oc",
        higher_is_better=True,
        range=_CORRELATION,
        title="Cosine similarity",
        description="Cosine between the system value vector (v_s(d))_d and the gold value vector "
        "(v_g(d))_d over the items: sum_ij c_ij v_i v_j / sqrt(sum_i c_i. v_i^2 "
        "sum_j c_.j v_j^2). With the default values 0 .. C-1, class 0 contributes nothing.",
        aliases=("cosine_similarity",),
        reference=Reference(_AMIGO_2020, "Table 2 (Ghosh et al. 2015)"),
        optimum=1.0,
        uses_class_values=True,
        undefined="the system or the gold value vector is all zeros (every item of that side in "
        "the class whose value is 0)",
        claims={
            "ordinal_invariance": Violated(note=_USES_VALUES + " (Amigó App. B)"),
            "ordinal_monotonicity": Violated(
                note="disagrees with Amigó 2020 Table 2: gold (1,1), system (2,2) scores 1 (the "
                "vectors are parallel); the closer system (1,2) scores 3/sqrt(10) = 0.95"
            ),
            "imbalance": Violated(
                note="Amigó App. B: gold (1,1,2,3): system (1,2,2,3) scores 0.973, system "
                "(1,1,2,2) 0.979"
            ),
            "symmetry": Holds(note="the cosine is symmetric in its two vectors"),
            "constant_system_discrimination": Violated(
                note="at values 0 .. C-1 always-0 is undefined and every other constant system "
                "scores sum_j c_.j v_j / sqrt(N sum_j c_.j v_j^2)"
            ),
            "identity": Holds(note="identical vectors have cosine 1 whenever defined"),
            "well_defined": Holds(note="undefined only where declared"),
            "count_scale_invariance": Holds(note=_SCALE_FREE),
        },
    )
)
def cosine(matrices: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Cosine similarity of the value vectors."""
    return Evaluation(*om.cosine(matrices, values))


# ---------------------------------------------------------------------------
# Closeness Evaluation Measure (CEM) at ordinal, nominal and interval scale
# ---------------------------------------------------------------------------

_SCALE_TYPES = ("ord", "nom", "int")


def cem_proximities(
    gold_counts: Any,
    *,
    scale_type: str = "ord",
    values: Any = None,
    log: bool = True,
) -> np.ndarray:
    """CEM proximities ``prox_ij`` (system class ``i`` x gold class ``j``) of a gold distribution.

    ``prox_ij = -log2(K_ij / N)``, where ``K_ij`` counts the gold items at
    least as close to gold class ``j`` as system class ``i`` is, at the given
    scale (Amigó et al. 2020, Definition 1), the items of class ``i`` itself
    counting half.  Where ``K_ij = 0`` (only in the column of an empty gold
    class, which no item uses) Sakai's floor ``K = 0.5`` applies.  With
    ``log=False`` the "flat" proximity ``1 - K_ij / N`` is returned instead.

    Parameters
    ----------
    gold_counts
        Gold class sizes ``c_.j``, shape ``(..., C)``: finite, non-negative,
        with at least one item per distribution.
    scale_type
        ``"ord"`` (CEM^ORD: the classes between ``i`` and ``j``), ``"nom"``
        (CEM^NOM: the class ``j`` alone on the diagonal, every class
        elsewhere) or ``"int"`` (CEM^INT: the classes whose value is within
        ``|v_i - v_j|`` of ``v_j``).
    values
        Class values for ``scale_type="int"`` (default ``0 .. C-1``);
        ignored otherwise.
    log
        ``True`` for CEM's information quantity, ``False`` for the flat variant.

    Returns
    -------
    numpy.ndarray
        Proximities, shape ``(..., C, C)``.

    Raises
    ------
    InvalidInputError
        On malformed counts or values.
    InvalidParameterError
        On an unknown ``scale_type``.

    Examples
    --------
    >>> p = cem_proximities([10, 60, 30])
    >>> round(float(p[0, 0]), 2), round(float(p[2, 0]), 2)
    (4.32, 0.23)
    """
    if scale_type not in _SCALE_TYPES:
        raise InvalidParameterError(
            f"scale_type={scale_type!r}: expected one of {list(_SCALE_TYPES)}"
        )
    try:
        gold = np.asarray(gold_counts, dtype=float)
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(
            f"gold_counts must be numeric class sizes (got {gold_counts!r:.200})"
        ) from exc
    if gold.ndim == 0 or gold.shape[-1] < 2:
        raise InvalidInputError(
            f"gold_counts must have shape (..., C) with C >= 2 (got shape {gold.shape})"
        )
    if not np.all(np.isfinite(gold)) or np.any(gold < 0):
        raise InvalidInputError(f"gold_counts must be finite and non-negative (got {gold!r})")
    if np.any(gold.sum(axis=-1) <= 0):
        raise InvalidInputError("gold_counts must contain at least one item (got N=0)")
    vals = validate_values(values, gold.shape[-1]) if scale_type == "int" else None
    scale = cast(om.ScaleType, scale_type)
    with np.errstate(divide="raise", invalid="raise", over="raise", under="ignore"):
        k = om.cem_closeness_counts(gold, scale, vals)
        return om.cem_proximity_from_counts(k, gold.sum(axis=-1), log=log)


def _cem(
    matrices: np.ndarray, scale_type: om.ScaleType, values: np.ndarray | None, *, log: bool
) -> np.ndarray:
    """CEM score of the matrices at one scale type.

    The score is a ratio of sums linear in the counts and the proximities
    depend on ``K / N`` only, so the counts are used as they are (no
    proportions copy).
    """
    return om.cem_score_from_gold(matrices, scale_type, values, log=log)


_CEM_SCORE = (
    "CEM = sum_ij prox_ij c_ij / sum_j prox_jj c_.j (the sum a perfect system would get), "
    "prox_ij = -log2(K_ij / N)"
)
_CEM_MONOTONE = Holds(
    preconditions=("no_empty_gold_class",),
    note="moving an item toward its gold class removes the items of the classes it leaves from "
    "K (Amigó 2020 App. C); with an empty gold class K may not change",
)
_CEM_SYMMETRY = Violated(
    note="the proximities come from the gold distribution only: CEM^ORD of [[1,1],[0,0]] is "
    "0.604, of its transpose 0.5"
)
_CEM_COMMON = {
    "constant_system_discrimination": Holds(note="always-k's score depends on k"),
    "identity": Holds(note="prox_ij < prox_jj for i != j in a non-empty gold column"),
    "well_defined": Holds(note="the denominator is at least N (prox_jj >= 1)"),
    "count_scale_invariance": Holds(note="K_ij / N depends on proportions only"),
}


@plugin.measure(
    Measure(
        name="cem_ord",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="CEM^ORD",
        description=_CEM_SCORE + ", with K_ij = c_.i/2 + sum_{l=i+1}^{j} c_.l for i <= j and "
        "K_ij = c_.i/2 + sum_{l=j}^{i-1} c_.l for i > j (i = system class, j = gold class): "
        "the gold items lying between the two classes, half of those of class i. "
        "Sakai's max{0.5, K_ij} floor is applied where K_ij = 0 (only in the column of an empty "
        "gold class, weighted by c_ij = 0); identical to max{0.5, K} on integer counts and "
        "keeps fractional counts scale-invariant.",
        aliases=("CEM^ORD", "cem", "closeness_evaluation_measure", "cem_ordinal"),
        reference=Reference(_SAKAI_2021, "eqs. 3-4 (Amigó et al. 2020 §3.1)"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note="proximities use gold counts only"),
            "ordinal_monotonicity": _CEM_MONOTONE,
            "imbalance": Holds(
                preconditions=("no_empty_gold_class",),
                note="Amigó 2020 App. C: the score changes by log2(n_k / (2 n_k + n_2)) for an "
                "item of class k moved to c2, growing with n_k if n_2 > 0; with c2 empty both "
                "moves cost exactly 1 bit",
            ),
            "symmetry": _CEM_SYMMETRY,
            **_CEM_COMMON,
        },
    )
)
def cem_ord(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """CEM^ORD (Sakai 2021 eqs. 3-4)."""
    return _cem(matrices, "ord", None, log=True)


@plugin.measure(
    Measure(
        name="cem_nom",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="CEM^NOM",
        description=_CEM_SCORE + ", with nominal closeness (Amigó 2020 Definition 1: x is "
        "closer to b than a iff b = x or b != a): K_jj = c_.j/2 and, for i != j, "
        "K_ij = N - c_.i/2 (every item is closer, those of the system class i count half, as in "
        "CEM^ORD). Reconstructed from the definition: no reference implementation of CEM^NOM "
        "was found. Under a uniform gold it is an increasing affine function of accuracy "
        "(Amigó's Proposition 1 says proportional).",
        aliases=("CEM^NOM", "cem_nominal"),
        reference=Reference(_AMIGO_2020, "§3.2, Definition 1 (reconstructed)"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note="proximities use gold counts only"),
            "ordinal_monotonicity": Violated(
                note="a wrong class moved closer but still wrong keeps prox = -log2(1 - c_.i/2N) "
                "set by its own gold size: gold (0,1,2), system 2 vs 1 for the class-0 item"
            ),
            "imbalance": Holds(
                note="an item of class k moved to c2 changes the score by "
                "log2(c_.k / 2N) - log2(1 - c_.2/2N), larger for larger c_.k"
            ),
            "symmetry": _CEM_SYMMETRY,
            **_CEM_COMMON,
        },
    )
)
def cem_nom(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """CEM at nominal scale (two proximities per class: no ``(C, C)`` array)."""
    return om.cem_nominal_score(matrices, log=True)


@plugin.measure(
    Measure(
        name="cem_int",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="CEM^INT",
        description=_CEM_SCORE + ", with interval closeness (Amigó 2020 Definition 1: x is "
        "closer to b than a iff |v_b - v_x| <= |v_b - v_a|): K_ij = c_.i/2 + the sum of c_.x "
        "over the classes x != i with |v_x - v_j| <= |v_i - v_j| (classes at exactly the same "
        "distance on the other side of j count fully). Reconstructed from the definition: no "
        "reference implementation of CEM^INT was found.",
        aliases=("CEM^INT", "cem_interval"),
        reference=Reference(_AMIGO_2020, "§3.2, Definition 1 (reconstructed)"),
        optimum=1.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="which classes lie within abs(v_i - v_j) of v_j depends on the spacing: "
                "values (0,1,2) vs (0,1,10)"
            ),
            "ordinal_monotonicity": _CEM_MONOTONE,
            "imbalance": Violated(
                note="disagrees with Amigó 2020 Table 2: the neighbour of c1 on the far side of "
                "c2 is as close as c2, so a heavy outer class makes the c1 move costly: gold "
                "sizes (100,2,1,1,1), c1=1, c2=2, c3=3: moving a class-1 item scores lower"
            ),
            "symmetry": _CEM_SYMMETRY,
            **_CEM_COMMON,
        },
    )
)
def cem_int(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """CEM at interval scale."""
    return _cem(matrices, "int", om.scale_to_unit(values), log=True)


@plugin.measure(
    Measure(
        name="cem_ord_flat",
        family="oc",
        higher_is_better=True,
        range=_UNIT,
        title="CEM^ORD_flat",
        description="CEM^ORD without the logarithm: sum_ij prox_ij c_ij / sum_j prox_jj c_.j "
        "with prox_ij = 1 - K_ij / N (the share of gold items not between the classes; K_ij as "
        "in CEM^ORD). Amigó 2020 §5.2 names the variant without giving its formula; this linear "
        "proximity is our reconstruction.",
        aliases=("CEM^ORD_flat", "cem_flat", "cem_ord_linear"),
        reference=Reference(_AMIGO_2020, "§5.2 (reconstructed)"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note="proximities use gold counts only"),
            "ordinal_monotonicity": _CEM_MONOTONE,
            "imbalance": Violated(
                note="without the log the move of a class-k item costs (c_.k + c_.2) / 2N, more "
                "for the larger class: gold sizes (2,1,1), c1=0, c2=1, c3=2"
            ),
            "symmetry": _CEM_SYMMETRY,
            **_CEM_COMMON,
            "well_defined": Holds(note="the denominator is at least N/2 (prox_jj >= 1/2)"),
        },
    )
)
def cem_ord_flat(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """CEM^ORD with linear proximities."""
    return _cem(matrices, "ord", None, log=False)
