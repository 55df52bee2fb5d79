"""Built-in measures of the ``scored`` family: binary gold labels and real-valued scores.

Every compute function takes ``scores`` and ``gold`` of shape ``(..., n)``
(validated by :mod:`axiometrics.measures.scored.family`: finite scores,
gold labels 0/1, at least one item) and returns scores of the batch shape,
or an :class:`~axiometrics.Evaluation` marking the undefined entries.  The
order is ``(scores, gold)``, the reverse of scikit-learn's ``(y_true,
y_score)``: ``ax.score("roc_auc", y_score, y_true)`` is
``roc_auc_score(y_true, y_score)``.

Conventions, shared with scikit-learn where it has the measure:

* ranking measures (ROC AUC, average precision, precision at k,
  R-precision) use the order of the scores only, and are undefined when the
  gold has one class only: every ranking then scores the same;
* ties count as scikit-learn counts them: half a pair for ROC AUC, one
  distinct threshold per tie group for average precision; precision at k
  takes the expected value over the orders of the tie group cut by k;
* probability measures (log loss, Brier) read the scores as probabilities
  of the positive class and refuse scores outside ``[0, 1]``;
* threshold measures predict "positive" when ``score >= threshold``.

The vectorised arithmetic lives in :mod:`axiometrics.measures.scored._math`.
"""

from __future__ import annotations

import math

import numpy as np

from axiometrics import (
    Evaluation,
    Holds,
    Measure,
    MeasurePlugin,
    Param,
    Range,
    Reference,
    Violated,
)

from ._math import (
    LOG_LOSS_EPS,
    average_precision_scores,
    brier_scores,
    check_probabilities,
    class_counts,
    f1_scores,
    log_loss_scores,
    precision_at_depth,
    rank,
    roc_auc_scores,
)

__all__ = ["plugin"]

plugin = MeasurePlugin("scored-classification")

_UNIT = Range(0.0, 1.0)
_SYMBOLS = (
    "s_i = score of item i, y_i = its gold label (1 positive, 0 negative), P and N = numbers "
    "of positive and negative items, n = P + N."
)
_ONE_CLASS = (
    "the gold has one class only (P = 0 or N = 0): every ranking of the items scores the same"
)
_SKLEARN = "scikit-learn user guide, sklearn.metrics"
_MANNING = "Manning, Raghavan and Schütze 2008, Introduction to Information Retrieval"

_RANK_ONLY = "reads the order of the scores only; a strictly increasing f keeps it, ties included"
_ORDER = "computed from counts of tie groups, never from positions inside a group"
_WELL = "finite in [0, 1]; one-class gold is declared undefined"
_LOG_MAX = -math.log(LOG_LOSS_EPS)


#: The largest cutoff k: every integer up to 2**53 is an exact float, so P@k divides
#: by k exactly (a larger k is refused when the parameter is bound).
_MAX_EXACT_INT = 2**53


@plugin.measure(
    Measure(
        name="roc_auc",
        family="scored",
        higher_is_better=True,
        range=_UNIT,
        title="ROC AUC",
        description=f"Area under the ROC curve. {_SYMBOLS} AUC = (1 / (P N)) sum over pairs "
        "(positive i, negative j) of [s_i > s_j] + 1/2 [s_i = s_j]: the Mann-Whitney U "
        "statistic divided by P N, the probability that a random positive scores above a "
        "random negative, ties counting one half. It equals the trapezoidal area under the "
        "ROC curve through every distinct threshold (scikit-learn's roc_auc_score).",
        aliases=("auc", "auroc", "roc_auc_score"),
        reference=Reference("Hanley and McNeil 1982, Radiology 143(1)", "eq. 1 (Mann-Whitney)"),
        optimum=1.0,
        undefined=_ONE_CLASS,
        claims={
            "monotone_transform_invariance": Holds(note=_RANK_ONLY),
            "swap_monotonicity": Holds(
                note="the swapped pair turns from discordant to concordant and no other pair "
                "gets worse, so U grows by at least 1"
            ),
            "prevalence_invariance": Holds(
                note="duplicating every positive k times multiplies U and P N by k"
            ),
            "label_flip_symmetry": Holds(
                note="a concordant pair (s_i > s_j) stays concordant after negating the scores "
                "and swapping the roles"
            ),
            "item_order_invariance": Holds(note=_ORDER),
            "identity": Holds(note="every pair is concordant: U = P N"),
            "well_defined": Holds(note=_WELL),
        },
    )
)
def roc_auc(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """ROC AUC as the Mann-Whitney statistic, ties counting one half."""
    return Evaluation(*roc_auc_scores(scores, gold))


@plugin.measure(
    Measure(
        name="average_precision",
        family="scored",
        higher_is_better=True,
        range=_UNIT,
        title="AP",
        description=f"Average precision, non-interpolated, as scikit-learn defines it. {_SYMBOLS} "
        "Over the distinct scores t in decreasing order, with P_t and R_t the precision and "
        "recall of the decisions 'positive if s >= t', AP = sum_t (R_t - R_(t-1)) P_t "
        "(R_0 = 0). Without ties this is the mean, over the positives, of the precision at "
        "each positive's rank; a tie group is one threshold, so its positives all get the "
        "precision at the end of the group. No interpolation (no maximum over later "
        "precisions, no trapezoids), unlike the 11-point interpolated AP of TREC and PASCAL VOC.",
        aliases=("ap", "average_precision_score"),
        reference=Reference(_SKLEARN, "average_precision_score"),
        optimum=1.0,
        undefined=_ONE_CLASS,
        claims={
            "monotone_transform_invariance": Holds(note=_RANK_ONLY),
            "swap_monotonicity": Holds(
                preconditions=("distinct_scores",),
                note="without ties, moving a positive above a negative raises the precision "
                "at every positive between them. With ties it can stay equal: scores "
                "(2, 2, 1, 1), gold (0, 0, 1, 1) and the swap (1, 2, 2, 1) both give 1/2 "
                "(a tie group is one threshold)",
            ),
            "prevalence_invariance": Violated(
                note="counterexample: scores (2, 1), gold (0, 1) gives AP 1/2; with the "
                "positive duplicated, scores (2, 1, 1), gold (0, 1, 1) gives 2/3"
            ),
            "label_flip_symmetry": Violated(
                note="counterexample: tied scores (0, 0, 0), gold (0, 0, 1) give 1/3; the flip "
                "(gold (1, 1, 0)) gives 2/3: with all scores tied AP is the prevalence"
            ),
            "item_order_invariance": Holds(note=_ORDER),
            "identity": Holds(note="every positive is ranked above every negative: precision 1"),
            "well_defined": Holds(note=_WELL),
        },
    )
)
def average_precision(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Non-interpolated average precision over distinct thresholds (scikit-learn's)."""
    return Evaluation(*average_precision_scores(scores, gold))


@plugin.measure(
    Measure(
        name="precision_at_k",
        family="scored",
        higher_is_better=True,
        range=_UNIT,
        title="P@k",
        description=f"Precision at k. {_SYMBOLS} The share of positives among the k items with "
        "the highest scores, always divided by k: when n < k the missing items count as "
        "negatives (trec_eval's convention). A tie group cut by the k-th position contributes "
        "its positives in proportion to the places it gets, i.e. the expected precision over "
        "the orders of the tied items (McSherry and Najork 2008), so P@k never depends on the "
        "order in which tied items happen to be stored.",
        aliases=("p_at_k", "precision_at"),
        params=(
            Param(
                "k",
                int,
                10,
                "the cutoff: how many top-scored items are judged",
                minimum=1,
                maximum=_MAX_EXACT_INT,
            ),
        ),
        reference=Reference(_MANNING, "§8.4 (precision at k)"),
        optimum=1.0,
        undefined=_ONE_CLASS,
        claims={
            "monotone_transform_invariance": Holds(note=_RANK_ONLY),
            "swap_monotonicity": Violated(
                note="counterexample (k = 1): scores (3, 2, 1), gold (1, 0, 1); swapping the "
                "negative ranked 2nd with the positive ranked 3rd keeps P@1 = 1"
            ),
            "prevalence_invariance": Violated(
                note="counterexample (k = 2): scores (2, 1), gold (1, 0) gives 1/2; with the "
                "positive duplicated, scores (2, 2, 1), gold (1, 1, 0) gives 1"
            ),
            "label_flip_symmetry": Violated(
                note="counterexample (k = 10): tied scores (0, 0, 0), gold (0, 0, 1) give 1/10; "
                "the flip (gold (1, 1, 0)) gives 2/10"
            ),
            "item_order_invariance": Holds(note=_ORDER),
            "identity": Violated(
                note="counterexample (k = 10): one positive scored above nine negatives gives "
                "1/10; a perfect separation reaches 1 only with at least k positives"
            ),
            "well_defined": Holds(note=_WELL),
        },
    )
)
def precision_at_k(
    scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray, k: int
) -> Evaluation:
    """Tie-aware precision of the k top-scored items (divided by k)."""
    r = rank(scores, gold)
    p, n = class_counts(r.gold)
    # Items below position n are missing negatives: the cut never goes deeper than n.
    depth = np.full(r.scores.shape[:-1], min(k, r.scores.shape[-1]))
    return Evaluation(precision_at_depth(r, depth, np.asarray(float(k))), (p == 0) | (n == 0))


@plugin.measure(
    Measure(
        name="r_precision",
        family="scored",
        higher_is_better=True,
        range=_UNIT,
        title="R-precision",
        description=f"R-precision. {_SYMBOLS} Precision at k = R = P, the number of positives: "
        "the share of positives among the P top-scored items, which also equals the recall at "
        "that depth. A tie group cut by position P contributes its expected share of "
        "positives, as for precision_at_k.",
        aliases=("rprec", "r_prec"),
        reference=Reference(_MANNING, "§8.4 (R-precision)"),
        optimum=1.0,
        undefined=_ONE_CLASS,
        claims={
            "monotone_transform_invariance": Holds(note=_RANK_ONLY),
            "swap_monotonicity": Violated(
                note="counterexample: scores (1, 2, 0), gold (0, 0, 1): swapping the positive "
                "with the negative scored 1 gives (0, 2, 1); the top item (R = 1) is the "
                "negative scored 2 both times: 0 before and after"
            ),
            "prevalence_invariance": Violated(
                note="counterexample: scores (3, 2, 1), gold (1, 0, 1) gives 1/2; with every "
                "positive doubled R = 4 and the top 4 hold 3 positives: 3/4"
            ),
            "label_flip_symmetry": Violated(
                note="counterexample: tied scores (0, 0, 0), gold (0, 0, 1) give 1/3; the flip "
                "(gold (1, 1, 0), R = 2) gives 2/3"
            ),
            "item_order_invariance": Holds(note=_ORDER),
            "identity": Holds(note="the top P items are the P positives"),
            "well_defined": Holds(note=_WELL),
        },
    )
)
def r_precision(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Tie-aware precision at depth R = number of positives."""
    r = rank(scores, gold)
    p, n = class_counts(r.gold)
    undefined = (p == 0) | (n == 0)
    safe = np.where(undefined, 1.0, p)
    return Evaluation(precision_at_depth(r, safe, safe), undefined)


_PROBABILITY_INPUT = (
    "The scores are probabilities of the positive class and must lie in [0, 1]; other scores "
    "are refused with InvalidInputError (turn margins into probabilities first)."
)


@plugin.measure(
    Measure(
        name="log_loss",
        family="scored",
        higher_is_better=False,
        range=Range(0.0, _LOG_MAX, note="-ln(eps) with eps = 2.22e-16, about 36.04"),
        title="Log loss",
        description=f"Logarithmic loss (cross-entropy). {_SYMBOLS} {_PROBABILITY_INPUT} "
        "LL = -(1/n) sum_i ln(max(q_i, eps)) with q_i = s_i for a positive and 1 - s_i for a "
        "negative, eps = 2.22e-16 (float64 machine epsilon). The floor keeps a confident wrong "
        "answer finite (about 36.04 per item); scikit-learn's log_loss clips s to "
        "[eps, 1 - eps] instead, which differs by at most eps per item (and gives 2.2e-16 "
        "rather than exactly 0 for perfect probabilities).",
        aliases=("cross_entropy", "logistic_loss"),
        reference=Reference(_SKLEARN, "log_loss"),
        optimum=0.0,
        claims={
            "monotone_transform_invariance": Violated(
                note="counterexample: scores (0.8, 0.4), gold (1, 0) and their squares "
                "(0.64, 0.16) give different losses"
            ),
            "swap_monotonicity": Violated(
                note="the loss falls by (1/n) [ln(s_j / s_i) + ln((1 - s_i) / (1 - s_j))], which "
                "is positive in exact arithmetic but vanishes in float64 for nearly tied "
                "probabilities: counterexample: gold (1, 0), scores (0, 1e-17) and the swap "
                "(1e-17, 0) both lose 18.02 (1 - 1e-17 == 1, and both probabilities of the "
                "positive lie below the eps floor); likewise scores (0.5, 0.5 + 1e-13) lose "
                "only 2e-13 less after the swap, within the checker's tolerance. Strict swap "
                "monotonicity holds for probabilities far enough apart to be resolved"
            ),
            "prevalence_invariance": Violated(
                note="counterexample: scores (0.5, 0.9), gold (1, 0) lose 1.498; with the "
                "positive doubled, (0.5, 0.9, 0.5), (1, 0, 1) lose 1.229"
            ),
            "label_flip_symmetry": Violated(
                note="-s is a probability only when every score is 0, and then the claim "
                "fails: scores (0, 0, 0), gold (0, 0, 1) lose 12.01, the flip (gold (1, 1, 0)) "
                "24.03; other negated scores are refused (the probability analogue, "
                "s -> 1 - s with y -> 1 - y, leaves the loss unchanged)"
            ),
            "item_order_invariance": Holds(note="a mean over items"),
            "identity": Violated(
                note="counterexample: scores (0.6, 0.4), gold (1, 0) separate perfectly but "
                "lose ln(1/0.6) > 0"
            ),
            "well_defined": Holds(note="finite thanks to the eps floor"),
        },
    )
)
def log_loss(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mean negative log-likelihood, probabilities floored at eps."""
    check_probabilities(scores, "log_loss")
    return log_loss_scores(scores, gold)


@plugin.measure(
    Measure(
        name="brier",
        family="scored",
        higher_is_better=False,
        range=_UNIT,
        title="Brier score",
        description=f"Brier score. {_SYMBOLS} {_PROBABILITY_INPUT} BS = (1/n) sum_i "
        "(s_i - y_i)^2, the mean squared error of the probabilities (scikit-learn's "
        "brier_score_loss with pos_label = 1).",
        aliases=("brier_score", "brier_score_loss"),
        reference=Reference("Brier 1950, Monthly Weather Review 78(1)", "eq. 1 (two classes)"),
        optimum=0.0,
        claims={
            "monotone_transform_invariance": Violated(
                note="counterexample: scores (0.8, 0.4), gold (1, 0) and their squares "
                "(0.64, 0.16) give 0.1 and 0.0776"
            ),
            "swap_monotonicity": Violated(
                note="the score falls by 2 (s_j - s_i) / n, which is positive in exact "
                "arithmetic but vanishes in float64 for nearly tied probabilities: "
                "counterexample: gold (1, 0), scores (0, 1e-17) and the swap (1e-17, 0) both "
                "score 0.5 ((1 - 1e-17)^2 == 1, and (1e-17)^2 = 1e-34 vanishes next to it). "
                "Strict swap monotonicity holds for probabilities far enough apart to be "
                "resolved"
            ),
            "prevalence_invariance": Violated(
                note="counterexample: scores (0.5, 0.9), gold (1, 0) give 0.53; with the "
                "positive doubled, (0.5, 0.9, 0.5), (1, 0, 1) give 0.4367"
            ),
            "label_flip_symmetry": Violated(
                note="-s is a probability only when every score is 0, and then the claim "
                "fails: scores (0, 0, 0), gold (0, 0, 1) score 1/3, the flip (gold (1, 1, 0)) "
                "2/3; other negated scores are refused (the probability analogue, "
                "s -> 1 - s with y -> 1 - y, leaves the score unchanged)"
            ),
            "item_order_invariance": Holds(note="a mean over items"),
            "identity": Violated(
                note="counterexample: scores (0.6, 0.4), gold (1, 0) separate perfectly but "
                "score 0.16"
            ),
            "well_defined": Holds(note="a mean of squares of numbers in [-1, 1]"),
        },
    )
)
def brier(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Mean squared difference between probabilities and gold labels."""
    check_probabilities(scores, "brier")
    return brier_scores(scores, gold)


@plugin.measure(
    Measure(
        name="f1_at",
        family="scored",
        higher_is_better=True,
        range=_UNIT,
        title="F1@t",
        description=f"F1 of the decisions 'positive if s >= threshold'. {_SYMBOLS} With TP, FP "
        "and FN counted on those decisions, F1 = 2 TP / (2 TP + FP + FN), the harmonic mean of "
        "precision and recall (scikit-learn's f1_score of y_pred = scores >= threshold).",
        aliases=("f1_at_threshold",),
        params=(
            Param("threshold", float, 0.5, "items scoring at least this are predicted positive"),
        ),
        reference=Reference("van Rijsbergen 1979, Information Retrieval", "ch. 7 (F with beta 1)"),
        optimum=1.0,
        undefined="no positive in the gold and none predicted (2 TP + FP + FN = 0); "
        "scikit-learn returns its zero_division value (0 by default, with a warning)",
        claims={
            "monotone_transform_invariance": Violated(
                note="counterexample (threshold 0.5): scores (0.6, 0.4), gold (1, 0) gives 1; "
                "scores - 0.2 give (0.4, 0.2): no predicted positive, F1 = 0"
            ),
            "swap_monotonicity": Violated(
                note="counterexample (threshold 0.5): scores (0.3, 0.2), gold (0, 1): both "
                "below the threshold before and after the swap, F1 = 0"
            ),
            "prevalence_invariance": Violated(
                note="counterexample (threshold 0.5): scores (0.9, 0.8, 0.1), gold (1, 0, 1) "
                "gives 1/2; with the positives doubled 4/7"
            ),
            "label_flip_symmetry": Violated(
                note="counterexample (threshold 0.5): scores (0.9, 0.1), gold (1, 0) gives 1; "
                "the flip (-0.9, -0.1), (0, 1) predicts no positive: 0"
            ),
            "item_order_invariance": Holds(note="counts of decisions"),
            "identity": Violated(
                note="counterexample (threshold 0.5): scores (0.3, 0.2), gold (1, 0) separate "
                "perfectly but predict no positive: F1 = 0"
            ),
            "well_defined": Holds(note="undefined only when 2 TP + FP + FN = 0, as declared"),
        },
    )
)
def f1_at(
    scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray, threshold: float
) -> Evaluation:
    """F1 of the decisions ``score >= threshold``."""
    return Evaluation(*f1_scores(scores, gold, threshold))
