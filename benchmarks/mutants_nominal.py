"""Mutants and controls of the plugin family ``nominal``.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites: this one for the nominal
classification family (confusion matrices, rows = system, columns = gold)
and ``benchmarks/mutants_scored.py`` for the scored family.  It holds two
kinds of plausible bugs, each with a hand-made proof, and correct controls:

* plain logic bugs (:func:`plain_mutants`, :func:`plain_controls`);
* bugs that show only at the corners of the quantifier domains listed in
  ``docs/families/nominal.md`` ("What the checker draws";
  :func:`corner_mutants`, :func:`corner_controls`): counts whose products
  pass 2**31 or 2**63, counts above 2**24 (float32), gold classes scaled by
  a non-integer factor, by a factor below one item or by a huge one,
  classes under 0.5 % of the items, tied class supports, gold classes
  beyond 1000 items, a perfect system beyond 100 items per cell, matrices
  holding the most items a strict claim's cap allows, a near-empty row
  beside huge ones, and scores on a rounding boundary.  Their controls
  include float-noise-prone correct measures the checker must never refute.

:func:`family_mutants` and :func:`family_controls` list both kinds.
:func:`compute_for` gives the compute function of each mutant, which takes a confusion matrix
``(C, C)`` of float counts exactly as a registered measure does, in a
:class:`~axiometrics.checker.subject.Subject` of its own family, so that no
call-signature adapter stands between the search and the bug.  The records
are the suite's own (:class:`mutants.Mutant` and :class:`mutants.Control`,
passed in: no circular import).

The correct formulas (accuracy, macro recall, Cohen's kappa, Gorodkin's
R_K, informedness, the g-mean of the recalls, per-class precision, recall
and F1) come from the literature; the code is written for this suite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case
from axiometrics.registry import default_registry

__all__ = [
    "FAMILIES",
    "compute_for",
    "corner_controls",
    "corner_mutants",
    "family_controls",
    "family_mutants",
    "plain_controls",
    "plain_mutants",
    "random_case",
]

# Loading the default registry loads the plugins, which register these families' claims.
default_registry()

#: The families of this module (their callables are wrapped by ``mutants.subject_of``).
FAMILIES = ("nominal",)


def compute_for(fn: Callable[..., float]) -> Callable[..., float]:
    """The compute function of a mutant or control ``fn`` (which takes a confusion matrix)."""

    def compute(matrix: np.ndarray, *, values: np.ndarray) -> float:
        return float(fn(np.asarray(matrix, dtype=float)))

    return compute


#: The class whose one-vs-rest counts the per-class measures use (the checker's default).
_POSITIVE = 1


# -- correct building blocks (rows = system, columns = gold) -----------------------------------


def _m(matrix: Any) -> np.ndarray:
    return np.asarray(matrix, dtype=float)


def accuracy(matrix: Any) -> float:
    """Share of the items on the diagonal."""
    m = _m(matrix)
    return float(np.trace(m) / m.sum())


def macro_recall(matrix: Any) -> float:
    """Mean recall over the classes with gold items (balanced accuracy)."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold > 0
    return float(np.mean(np.diag(m)[keep] / gold[keep]))


def _macro_recall_by_weights(matrix: Any) -> float:
    """Balanced accuracy as accuracy with each item weighted N / gold_k (float-noise-prone)."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold > 0
    w = np.zeros_like(gold)
    w[keep] = m.sum() / gold[keep]
    return float((np.diag(m) * w).sum() / (gold * w).sum())


def kappa(matrix: Any) -> float:
    """Cohen's kappa (p_o - p_e) / (1 - p_e); 0 when p_e = 1."""
    m = _m(matrix)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def _kappa_from_proportions(matrix: Any) -> float:
    """Cohen's kappa from the cell proportions M / N (float-noise-prone)."""
    p = _m(matrix) / _m(matrix).sum()
    po = float(np.trace(p))
    pe = float(p.sum(axis=1) @ p.sum(axis=0))
    return (po - pe) / (1 - pe) if pe < 1 else 0.0


def mcc(matrix: Any) -> float:
    """Gorodkin's R_K in float64; 0 where a marginal has no variance (scikit-learn)."""
    m = _m(matrix)
    n = m.sum()
    sys, gold = m.sum(axis=1), m.sum(axis=0)
    cov = n * np.trace(m) - sys @ gold
    var = (n * n - sys @ sys) * (n * n - gold @ gold)
    return float(cov / np.sqrt(var)) if var > 0 else 0.0


def informedness(matrix: Any) -> float:
    """(K BA - 1) / (K - 1) over the K classes with gold items; 0 when K < 2."""
    m = _m(matrix)
    k = int(np.count_nonzero(m.sum(axis=0)))
    return (k * macro_recall(m) - 1) / (k - 1) if k >= 2 else 0.0


def gmean_recall(matrix: Any) -> float:
    """Geometric mean of the recalls over the classes with gold items."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold > 0
    if not keep.any():  # no gold item (N = 0 is no valid input; a mutant's rounding makes it)
        return 0.0
    return float(np.prod(np.diag(m)[keep] / gold[keep]) ** (1.0 / np.count_nonzero(keep)))


def _f1_per_class(m: np.ndarray) -> np.ndarray:
    tp = np.diag(m)
    denom = m.sum(axis=1) + m.sum(axis=0)
    return np.divide(2 * tp, denom, out=np.zeros_like(tp), where=denom > 0)


def f1_macro(matrix: Any) -> float:
    """Mean F1 over the classes with gold items."""
    m = _m(matrix)
    keep = m.sum(axis=0) > 0
    return float(_f1_per_class(m)[keep].mean())


def recall_1(matrix: Any) -> float:
    """Recall of class 1 (0 when class 1 has no gold item)."""
    m = _m(matrix)
    gold = m[:, _POSITIVE].sum()
    return float(m[_POSITIVE, _POSITIVE] / gold) if gold > 0 else 0.0


def precision_1(matrix: Any) -> float:
    """Precision of class 1 (0 when the system never chooses class 1)."""
    m = _m(matrix)
    sys = m[_POSITIVE].sum()
    return float(m[_POSITIVE, _POSITIVE] / sys) if sys > 0 else 0.0


def f1_1(matrix: Any) -> float:
    """F1 of class 1, 2 TP / (2 TP + FP + FN) (0 when class 1 is unused)."""
    m = _m(matrix)
    tp = m[_POSITIVE, _POSITIVE]
    denom = m[_POSITIVE].sum() + m[:, _POSITIVE].sum()
    return float(2 * tp / denom) if denom > 0 else 0.0


def _noisy(fn: Callable[..., float], rel: float) -> Callable[..., float]:
    """``fn`` times ``1 + rel * sin(sum of the first input)``: noise below the tolerance."""

    def noisy(*args: Any) -> float:
        x = fn(*args)
        return float(x * (1 + rel * np.sin(float(np.sum(args[0])) * 12.9898)))

    noisy.__name__ = f"{getattr(fn, '__name__', 'measure')}_noisy"
    return noisy


# -- plain bugs --------------------------------------------------------------------------------


def _f1_macro_position_weighted(matrix: Any) -> float:
    """Macro F1 averaged with weights 1, 2, ..., C by class position (a 'weighted' slip)."""
    m = np.asarray(matrix, dtype=float)
    w = np.arange(1, m.shape[0] + 1, dtype=float)
    return float((w * _f1_per_class(m)).sum() / w.sum())


def _accuracy_first_class_twice(matrix: Any) -> float:
    """Accuracy whose loop starts at class 0 twice: its items and hits count double."""
    m = np.asarray(matrix, dtype=float)
    return float((np.trace(m) + m[0, 0]) / (m.sum() + m[:, 0].sum()))


def _kappa_clipped_at_zero(matrix: Any) -> float:
    """Kappa clipped at 0 ('worse than chance is no agreement')."""
    return max(kappa(matrix), 0.0)


def _f1_macro_skipping_no_hits(matrix: Any) -> float:
    """Macro F1 over the classes with a true positive (meant to skip 0/0 classes)."""
    m = np.asarray(matrix, dtype=float)
    keep = np.diag(m) > 0
    return float(_f1_per_class(m)[keep].mean()) if keep.any() else 0.0


def _macro_recall_smoothed(matrix: Any) -> float:
    """Macro recall with add-one smoothing per class, (tp + 1) / (gold + 2)."""
    m = np.asarray(matrix, dtype=float)
    sizes = m.sum(axis=0)
    keep = sizes > 0
    return float(np.mean((np.diag(m)[keep] + 1) / (sizes[keep] + 2)))


def _recall_weighted_by_support(matrix: Any) -> float:
    """'Balanced' accuracy averaging recalls weighted by gold class size (= accuracy)."""
    m = np.asarray(matrix, dtype=float)
    sizes = m.sum(axis=0)
    keep = sizes > 0
    recalls = np.diag(m)[keep] / sizes[keep]
    return float((recalls * sizes[keep]).sum() / sizes[keep].sum())


def _precision_over_total(matrix: Any) -> float:
    """Precision of class 1 dividing by every item instead of the items the system puts in 1."""
    m = np.asarray(matrix, dtype=float)
    return float(m[1, 1] / m.sum())


def _f1_false_positives_from_total(matrix: Any) -> float:
    """F1 of class 1 with FP = N - TP - FN (the true negatives counted as false positives)."""
    m = np.asarray(matrix, dtype=float)
    tp = m[1, 1]
    fn = m[:, 1].sum() - tp
    fp = m.sum() - tp - fn
    denom = 2 * tp + fp + fn
    return float(2 * tp / denom) if denom > 0 else 0.0


def _kappa_gold_squared(matrix: Any) -> float:
    """Kappa whose chance term squares the gold marginal (system marginal ignored)."""
    m = np.asarray(matrix, dtype=float)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=0) ** 2).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def _accuracy_uniform_chance(matrix: Any) -> float:
    """'Chance-corrected' accuracy subtracting 1 / C (uniform chance) instead of the marginals."""
    m = np.asarray(matrix, dtype=float)
    c = m.shape[0]
    return float((np.trace(m) / m.sum() - 1 / c) / (1 - 1 / c))


# -- corner bugs -------------------------------------------------------------------------------


def _counts(m: np.ndarray) -> np.ndarray:
    """Integral counts as int64 (the counts of these cases are whole numbers)."""
    return np.round(m).astype(np.int64)


def _mcc_int64_products(matrix: Any) -> float:
    """R_K with the covariance and variances in int64: wraps once N**2 passes 2**63."""
    m = _counts(_m(matrix))
    n = m.sum()
    sys, gold = m.sum(axis=1), m.sum(axis=0)
    cov = n * np.trace(m) - sys @ gold
    var_s = n * n - sys @ sys
    var_g = n * n - gold @ gold
    if var_s == 0 or var_g == 0:
        return 0.0
    return float(cov) / float(np.sqrt(float(var_s)) * np.sqrt(float(var_g)))


def _kappa_int32_chance(matrix: Any) -> float:
    """Kappa whose chance products sys_k * gold_k are int32 (wrap past 2**31)."""
    m = _m(matrix)
    n = m.sum()
    sys = _counts(m.sum(axis=1)).astype(np.int32)
    gold = _counts(m.sum(axis=0)).astype(np.int32)
    pe = float((sys * gold).sum()) / n**2
    po = np.trace(m) / n
    return float((po - pe) / (1 - pe)) if pe != 1 else 0.0


def _informedness_int32_counts(matrix: Any) -> float:
    """Informedness on counts stored as int32 (counts past 2**31 wrap around)."""
    return informedness(_counts(_m(matrix)).astype(np.int32).astype(float))


def _macro_recall_float32(matrix: Any) -> float:
    """Macro recall on float32 counts (about 7 significant digits)."""
    m = _m(matrix).astype(np.float32)
    gold = m.sum(axis=0)
    keep = gold > 0
    return float(np.mean(np.diag(m)[keep] / gold[keep]))


def _macro_recall_support_at_least_one(matrix: Any) -> float:
    """Macro recall over the classes with at least one whole gold item (gold >= 1, not > 0)."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold >= 1
    return float(np.mean(np.diag(m)[keep] / gold[keep])) if keep.any() else 0.0


def _macro_recall_truncated_counts(matrix: Any) -> float:
    """Macro recall of the counts truncated to integers ('counts are whole numbers')."""
    return macro_recall(np.trunc(_m(matrix))) if np.trunc(_m(matrix)).sum() > 0 else 0.0


def _macro_recall_integer_weights(matrix: Any) -> float:
    """Balanced accuracy as accuracy with item weights N // gold_k (integer division)."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold > 0
    w = np.zeros_like(gold)
    w[keep] = m.sum() // gold[keep]
    return float((np.diag(m) * w).sum() / (gold * w).sum())


def _f1_macro_skipping_rare(matrix: Any) -> float:
    """Macro F1 leaving out the classes with under 0.5 % of the items ('noise classes')."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = gold >= 0.005 * m.sum()
    return float(_f1_per_class(m)[keep].mean())


def _macro_recall_skipping_rare(matrix: Any) -> float:
    """Macro recall leaving out the gold classes with under 0.5 % of the items."""
    m = _m(matrix)
    gold = m.sum(axis=0)
    keep = (gold > 0) & (gold >= 0.005 * m.sum())
    return float(np.mean(np.diag(m)[keep] / gold[keep]))


def _macro_recall_by_support(matrix: Any) -> float:
    """Macro recall over a dict keyed by class support (tied supports overwrite each other)."""
    m = _m(matrix)
    recalls = {float(g): float(m[k, k] / g) for k, g in enumerate(m.sum(axis=0)) if g > 0}
    return float(np.mean(list(recalls.values())))


def _accuracy_float32_total(matrix: Any) -> float:
    """Accuracy whose item total is a running np.float32 sum (the hits stay float64)."""
    m = _m(matrix)
    total = np.float32(0.0)
    for count in m.ravel():
        total = np.float32(total + np.float32(count))
    return float(np.trace(m) / float(total))


def _macro_recall_rounded_6(matrix: Any) -> float:
    """Macro recall rounded to 6 decimals for display, and returned rounded."""
    return round(macro_recall(matrix), 6)


def _accuracy_rounded_6(matrix: Any) -> float:
    """Accuracy rounded to 6 decimals."""
    return round(accuracy(matrix), 6)


def _accuracy_rounded_4(matrix: Any) -> float:
    """Accuracy rounded to 4 decimals."""
    return round(accuracy(matrix), 4)


def _kappa_rows_twice(matrix: Any) -> float:
    """Kappa whose chance agreement multiplies the row sums by themselves (rows twice)."""
    m = _m(matrix)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) ** 2).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def _f1_float32_row_sums(matrix: Any) -> float:
    """F1 of class 1 with the row sums in float32 (FP from them), the column sums in float64."""
    m = _m(matrix)
    tp = m[_POSITIVE, _POSITIVE]
    fp = float(m.astype(np.float32).sum(axis=1)[_POSITIVE]) - tp
    fn = m[:, _POSITIVE].sum() - tp
    denom = 2 * tp + fp + fn
    return float(2 * tp / denom) if denom > 0 else 0.0


def _precision_complement_float32(matrix: Any) -> float:
    """Precision of class 1 with its row total as N minus the other rows, in float32."""
    m = _m(matrix)
    n = np.float32(m.sum())
    others = np.float32(np.delete(m, _POSITIVE, axis=0).sum())
    sys = float(n - others)
    return float(m[_POSITIVE, _POSITIVE] / sys) if sys > 0 else 0.0


def _gmean_recall_int16_counts(matrix: Any) -> float:
    """G-mean of the recalls on counts stored as int16 (wrap past 32767)."""
    return gmean_recall(_counts(_m(matrix)).astype(np.int16).astype(float))


def _mcc_float32(matrix: Any) -> float:
    """R_K computed on float32 counts (covariance and variances cancel in 7 digits)."""
    m = _m(matrix).astype(np.float32)
    n = m.sum()
    sys, gold = m.sum(axis=1), m.sum(axis=0)
    cov = n * np.trace(m) - sys @ gold
    var = (n * n - sys @ sys) * (n * n - gold @ gold)
    return float(cov / np.sqrt(var)) if var > 0 else 0.0


# -- proofs ------------------------------------------------------------------------------------


def _matrices(*mats: Any) -> Case:
    """A nominal case of the matrices, in order."""
    stacked = np.stack([np.asarray(m, dtype=float) for m in mats])
    k, c = stacked.shape[0], stacked.shape[-1]
    values = np.broadcast_to(np.arange(c, dtype=float), (k, c))
    return Case((stacked,), values, tuple(f"M{i}" for i in range(k)))


def _constants(*golds: Any) -> Case:
    """Every constant system on each gold (the chance-baseline case)."""
    mats = []
    for gold in golds:
        n = np.asarray(gold, dtype=float)
        c = n.size
        out = np.zeros((c, c, c))
        out[np.arange(c), np.arange(c), :] = n
        mats.append(out)
    return _matrices(*np.concatenate(mats))


def _column_times(matrix: Any, j: int, k: float) -> np.ndarray:
    out = np.asarray(matrix, dtype=float).copy()
    out[:, j] *= k
    return out


def _set(matrix: Any, i: int, j: int, value: float) -> np.ndarray:
    out = np.asarray(matrix, dtype=float).copy()
    out[i, j] = value
    return out


def _dense(c: int, count: int, trace: int) -> np.ndarray:
    """A ``c x c`` matrix of ``count`` per cell whose diagonal holds ``trace`` items."""
    m = np.full((c, c), float(count))
    diagonal = np.full(c, trace // c, dtype=float)
    diagonal[: trace % c] += 1
    m[np.diag_indices(c)] = diagonal
    return m


def _dense_correction() -> tuple[np.ndarray, np.ndarray]:
    """A 12-class matrix at the strict cap (100 per cell) and one correction of it."""
    m = _dense(12, 100, 604)
    fixed = m.copy()
    fixed[1, 0] -= 1
    fixed[0, 0] += 1
    return m, fixed


def plain_mutants(mutant: type[Any]) -> list[Any]:
    """The nominal mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import

    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    m_a = [[2, 1], [0, 1]]
    m_a_swapped = [[1, 0], [1, 2]]  # classes 0 and 1 renamed
    unbalanced = [[2, 0], [1, 1]]
    unbalanced_x3 = [[6, 0], [3, 1]]  # gold class 0 three times larger
    tn_small, tn_large = [[1, 1], [1, 1]], [[5, 1], [1, 1]]  # another TN count of class 1
    return [
        # class permutation invariance
        Mutant(
            "f1_macro_position_weighted",
            "class_permutation_invariance",
            "nominal",
            _f1_macro_position_weighted,
            "per-class F1 weighted by class position 1..C",
            "any matrix whose classes differ in F1",
            _matrices(m_a, m_a_swapped),
            **unit,
        ),
        Mutant(
            "accuracy_first_class_twice",
            "class_permutation_invariance",
            "nominal",
            _accuracy_first_class_twice,
            "class 0's hits and items counted twice",
            "class 0 less accurate than the others",
            _matrices(m_a, m_a_swapped),
            **unit,
        ),
        # nominal monotonicity
        Mutant(
            "kappa_clipped_at_zero",
            "nominal_monotonicity",
            "nominal",
            _kappa_clipped_at_zero,
            "kappa clipped at 0",
            "systems worse than chance",
            _matrices([[0, 2], [2, 0]], [[1, 2], [1, 0]]),
            **unit,
        ),
        Mutant(
            "f1_macro_skipping_no_hits",
            "nominal_monotonicity",
            "nominal",
            _f1_macro_skipping_no_hits,
            "classes without a true positive left out of the average",
            "a correction giving a class its first hit",
            _matrices([[5, 5], [0, 0]], [[5, 4], [0, 1]]),
            **unit,
        ),
        # prevalence invariance (nominal)
        Mutant(
            "macro_recall_smoothed",
            "prevalence_invariance",
            "nominal",
            _macro_recall_smoothed,
            "add-one smoothing of each class's recall",
            "a gold class scaled by k",
            _matrices(unbalanced, unbalanced_x3),
            **unit,
        ),
        Mutant(
            "recall_weighted_by_support",
            "prevalence_invariance",
            "nominal",
            _recall_weighted_by_support,
            "recalls averaged with support weights (accuracy) instead of uniformly",
            "classes of unequal recall",
            _matrices(unbalanced, unbalanced_x3),
            **unit,
        ),
        # true negative invariance
        Mutant(
            "precision_over_total",
            "true_negative_invariance",
            "nominal",
            _precision_over_total,
            "precision of class 1 divided by N",
            "any change of the true negatives",
            _matrices(tn_small, tn_large),
            **unit,
        ),
        Mutant(
            "f1_false_positives_from_total",
            "true_negative_invariance",
            "nominal",
            _f1_false_positives_from_total,
            "FP computed as N - TP - FN (true negatives included)",
            "any change of the true negatives",
            _matrices(tn_small, tn_large),
            **unit,
        ),
        # chance baseline
        Mutant(
            "kappa_gold_squared",
            "chance_baseline",
            "nominal",
            _kappa_gold_squared,
            "chance agreement from the gold marginal squared",
            "constant systems on an unbalanced gold",
            _constants([2, 1], [1, 1]),
            **unit,
        ),
        Mutant(
            "accuracy_uniform_chance",
            "chance_baseline",
            "nominal",
            _accuracy_uniform_chance,
            "chance agreement taken as 1 / C",
            "constant systems on an unbalanced gold",
            _constants([2, 1], [1, 1]),
            score_range=(-1.0, 1.0),
            **unit,
        ),
    ]


def corner_mutants(mutant: type[Any]) -> list[Any]:
    """The corner mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import

    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    signed: dict[str, Any] = {**unit, "score_range": (-1.0, 1.0)}
    huge = 3 * 10**9
    rare = [[100, 0, 0], [0, 0, 0], [100, 1, 0]]  # gold class 1: 1 item of 201 (0.497 %)
    rare_fixed = [[100, 0, 0], [0, 1, 0], [100, 0, 0]]
    # Gold classes of 10**6 items, 1,000,001 on the diagonal: macro recall and accuracy are
    # 0.5000005, a tie of the 6-digit rounding that last-digit noise breaks either way.
    tie = [[500_001, 500_000], [499_999, 500_000]]
    dense, dense_fixed = _dense_correction()
    return [
        # well-definedness: products of counts past 2**63
        Mutant(
            "mcc_int64_products",
            "well_defined",
            "nominal",
            _mcc_int64_products,
            "R_K's covariance and variances computed in int64",
            "N**2 past 2**63 (counts of about 3e9)",
            _matrices([[huge, 10**9], [10**9, huge]]),
            **signed,
        ),
        # chance baseline: gold classes beyond 1000 items
        Mutant(
            "kappa_int32_chance",
            "chance_baseline",
            "nominal",
            _kappa_int32_chance,
            "the chance products sys_k * gold_k in int32",
            "gold classes of 50,000 items (N * gold_k past 2**31)",
            _constants([50_000, 50_000], [1, 1]),
            **signed,
        ),
        # prevalence invariance: huge, non-integer and below-one-item factors
        Mutant(
            "informedness_int32_counts",
            "prevalence_invariance",
            "nominal",
            _informedness_int32_counts,
            "counts stored as int32",
            "a gold class multiplied by 10**9 (counts past 2**31)",
            _matrices([[3, 1], [1, 2]], _column_times([[3, 1], [1, 2]], 0, 1e9)),
            **signed,
        ),
        Mutant(
            "macro_recall_float32",
            "prevalence_invariance",
            "nominal",
            _macro_recall_float32,
            "counts cast to float32",
            "a gold class multiplied by a non-integer factor (0.1)",
            _matrices([[1, 0], [2, 1]], _column_times([[1, 0], [2, 1]], 0, 0.1)),
            **unit,
        ),
        Mutant(
            "macro_recall_support_at_least_one",
            "prevalence_invariance",
            "nominal",
            _macro_recall_support_at_least_one,
            "a class counts when gold_k >= 1 instead of gold_k > 0",
            "a gold class scaled below one item (k = 0.5 on a class of 1)",
            _matrices([[1, 0], [1, 1]], _column_times([[1, 0], [1, 1]], 1, 0.5)),
            **unit,
        ),
        Mutant(
            "macro_recall_truncated_counts",
            "prevalence_invariance",
            "nominal",
            _macro_recall_truncated_counts,
            "counts truncated to whole numbers",
            "a gold class multiplied by a factor below 1 (0.5)",
            _matrices([[1, 0], [2, 1]], _column_times([[1, 0], [2, 1]], 0, 0.5)),
            **unit,
        ),
        Mutant(
            "macro_recall_integer_weights",
            "prevalence_invariance",
            "nominal",
            _macro_recall_integer_weights,
            "item weights N // gold_k (integer division) instead of N / gold_k",
            "gold classes whose size does not divide N",
            _matrices([[1, 0], [1, 1]], _column_times([[1, 0], [1, 1]], 1, 2)),
            **unit,
        ),
        Mutant(
            "macro_recall_skipping_rare",
            "prevalence_invariance",
            "nominal",
            _macro_recall_skipping_rare,
            "gold classes under 0.5 % of the items left out of the average",
            "a gold class scaled by 1000, leaving the other under 0.5 %",
            _matrices([[1, 1], [0, 1]], _column_times([[1, 1], [0, 1]], 1, 1000)),
            **unit,
        ),
        Mutant(
            "macro_recall_rounded_6",
            "prevalence_invariance",
            "nominal",
            _macro_recall_rounded_6,
            "macro recall rounded to 6 decimals",
            "a score on a rounding boundary (0.5000005) and a non-integer factor (0.3)",
            _matrices(tie, _column_times(tie, 0, 0.3)),
            **unit,
        ),
        Mutant(
            "gmean_recall_int16_counts",
            "prevalence_invariance",
            "nominal",
            _gmean_recall_int16_counts,
            "counts stored as int16",
            "a gold class multiplied past 32767 items",
            _matrices([[2, 1], [1, 3]], _column_times([[2, 1], [1, 3]], 0, 20_000)),
            **unit,
        ),
        # nominal monotonicity: rare classes, the most items the strict cap allows
        Mutant(
            "f1_macro_skipping_rare",
            "nominal_monotonicity",
            "nominal",
            _f1_macro_skipping_rare,
            "classes under 0.5 % of the items left out of the average",
            "a gold class of 1 item in 201 (counts within the cap of 100)",
            _matrices(rare, rare_fixed),
            **unit,
        ),
        Mutant(
            "accuracy_rounded_4",
            "nominal_monotonicity",
            "nominal",
            _accuracy_rounded_4,
            "accuracy rounded to 4 decimals",
            "a 12-class matrix near the cap (13,804 items: one item moves accuracy by 7e-5)",
            _matrices(dense, dense_fixed),
            **unit,
        ),
        # class permutation invariance: tied supports
        Mutant(
            "macro_recall_by_support",
            "class_permutation_invariance",
            "nominal",
            _macro_recall_by_support,
            "recalls collected in a dict keyed by class support",
            "two gold classes of the same size with different recalls",
            _matrices([[2, 1], [0, 1]], [[1, 0], [1, 2]]),
            **unit,
        ),
        Mutant(
            "accuracy_float32_running_total",
            "class_permutation_invariance",
            "nominal",
            _accuracy_float32_total,
            "the item total accumulated cell by cell in float32",
            "more than 2**24 items: the order of the cells changes the rounding",
            _matrices([[2**24, 1], [1, 1]], [[1, 1], [1, 2**24]]),
            **unit,
        ),
        # identity: the perfect system beyond 100 items per cell
        Mutant(
            "accuracy_float32_total",
            "identity",
            "nominal",
            _accuracy_float32_total,
            "the item total accumulated in float32",
            "a perfect system of more than 2**24 items",
            _matrices(np.diag([2**24 + 1, 1]), [[1, 1], [0, 1]]),
            **unit,
        ),
        # symmetry: row sums past 2**24
        Mutant(
            "kappa_rows_twice",
            "symmetry",
            "nominal",
            _kappa_rows_twice,
            "chance agreement from the row sums twice",
            "system and gold marginals that differ",
            _matrices([[2, 1], [0, 1]], [[2, 0], [1, 1]]),
            **signed,
        ),
        Mutant(
            "f1_float32_row_sums",
            "symmetry",
            "nominal",
            _f1_float32_row_sums,
            "the row sums (false positives) in float32, the column sums in float64",
            "a row or column of class 1 past 2**24 items",
            _matrices([[0, 1], [0, 2**24]], [[0, 0], [1, 2**24]]),
            **unit,
        ),
        # true negative invariance: a near-empty positive row beside huge true negatives
        Mutant(
            "precision_complement_float32",
            "true_negative_invariance",
            "nominal",
            _precision_complement_float32,
            "class 1's row total as N minus the other rows, in float32",
            "true negatives past 2**24 beside a one-item positive row",
            _matrices([[1, 0], [0, 1]], _set([[1, 0], [0, 1]], 0, 0, 2**24 + 2)),
            **unit,
        ),
        # count-scale invariance: a score on a rounding boundary
        Mutant(
            "accuracy_rounded_6",
            "count_scale_invariance",
            "nominal",
            _accuracy_rounded_6,
            "accuracy rounded to 6 decimals",
            "accuracy 0.5000005 (a 6-digit tie) and a non-integer factor (0.1)",
            _matrices(tie, np.asarray(tie, dtype=float) * 0.1),
            **unit,
        ),
    ]


def family_mutants(mutant: type[Any]) -> list[Any]:
    """Every nominal mutant of the suite: the plain bugs, then the corner bugs."""
    return [*plain_mutants(mutant), *corner_mutants(mutant)]


# -- random cases for the benchmark's naive and corner searches -----------------------------------


def _random_matrix(rng: np.random.Generator, corners: bool) -> np.ndarray:
    """A random confusion matrix; ``corners`` favours few classes, few items and zeros."""
    c = int(rng.choice([2, 3])) if corners and rng.random() < 0.5 else int(rng.integers(2, 9))
    cap = 4 if corners and rng.random() < 0.5 else 1000
    m = rng.integers(0, cap + 1, size=(c, c)).astype(float)
    if corners:
        m *= rng.random((c, c)) < 0.5
    if m.sum() == 0:
        m[0, 0] = 1
    return m


def _random_gold_counts(rng: np.random.Generator, c: int, corners: bool) -> np.ndarray:
    cap = 4 if corners else 1000
    while True:
        n = rng.integers(0, cap + 1, size=c).astype(float)
        if np.count_nonzero(n) >= 2:
            return n


def _random_nominal(rng: np.random.Generator, claim: str, corners: bool) -> Case:
    m = _random_matrix(rng, corners)
    c = m.shape[0]
    if claim == "class_permutation_invariance":
        p = rng.permutation(c)
        return _matrices(m, m[np.ix_(p, p)])
    if claim == "nominal_monotonicity":
        wrong = np.argwhere((m > 0) & ~np.eye(c, dtype=bool))
        if wrong.size == 0:
            m[0, 1] += 1
            wrong = np.array([[0, 1]])
        i, j = wrong[rng.integers(len(wrong))]
        fixed = m.copy()
        fixed[i, j] -= 1
        fixed[j, j] += 1
        return _matrices(m, fixed)
    if claim == "prevalence_invariance":
        scaled = m.copy()
        scaled[:, rng.integers(c)] *= int(rng.integers(2, 6))
        return _matrices(m, scaled)
    if claim == "true_negative_invariance":
        outside = [(i, j) for i in range(c) for j in range(c) if 1 not in (i, j)]
        i, j = outside[rng.integers(len(outside))]
        changed = m.copy()
        changed[i, j] = rng.integers(0, 1001)
        return _matrices(m, changed)
    if claim == "chance_baseline":
        return _constants(
            _random_gold_counts(rng, c, corners), _random_gold_counts(rng, c, corners)
        )
    if claim == "symmetry":
        return _matrices(m, m.T)
    if claim == "well_defined":
        return _matrices(m)
    if claim == "count_scale_invariance":
        return _matrices(m, m * float(rng.uniform(0.01, 100.0)))
    if claim == "identity":
        if np.trace(m) == m.sum():
            m[0, 1] += 1
        # Entry 0 the perfect system on m's gold, entry 1 m itself (a system with wrong items).
        return _matrices(np.diag(m.sum(axis=0)), m)
    raise KeyError(f"claim={claim!r}: no random nominal sampler")


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a nominal claim, for the benchmark's random searches.

    ``corners=False`` draws naive inputs; ``corners=True`` favours the corners
    a tester would try by hand (few classes and items, zeros).
    """
    return _random_nominal(rng, claim, corners)


def plain_controls(control: type[Any]) -> list[Any]:
    """Correct nominal measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import

    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    return [
        Control(
            "kappa_nominal",
            "nominal",
            kappa,
            ("class_permutation_invariance", "chance_baseline"),
            "Cohen's kappa",
            **unit,
        ),
        Control(
            "macro_recall_noisy",
            "nominal",
            _noisy(macro_recall, 3e-12),
            ("class_permutation_invariance", "prevalence_invariance", "nominal_monotonicity"),
            "relative noise 3e-12, just under the 1e-11 tolerance",
            **unit,
        ),
    ]


def corner_controls(control: type[Any]) -> list[Any]:
    """Correct nominal measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import

    unit: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    signed: dict[str, Any] = {**unit, "score_range": (-1.0, 1.0)}
    return [
        Control(
            "accuracy_corners",
            "nominal",
            accuracy,
            (
                "class_permutation_invariance",
                "symmetry",
                "count_scale_invariance",
                "identity",
                "nominal_monotonicity",
                "well_defined",
            ),
            "accuracy",
            score_range=(0.0, 1.0),
            **unit,
        ),
        Control(
            "macro_recall_by_weights",
            "nominal",
            _macro_recall_by_weights,
            (
                "class_permutation_invariance",
                "count_scale_invariance",
                "identity",
                "nominal_monotonicity",
                "prevalence_invariance",
            ),
            "balanced accuracy as weighted accuracy with float weights N / gold_k",
            **unit,
        ),
        Control(
            "kappa_from_proportions",
            "nominal",
            _kappa_from_proportions,
            (
                "class_permutation_invariance",
                "symmetry",
                "count_scale_invariance",
                "chance_baseline",
            ),
            "Cohen's kappa from cell proportions",
            **signed,
        ),
        Control(
            "mcc_float64",
            "nominal",
            mcc,
            ("class_permutation_invariance", "symmetry", "chance_baseline", "well_defined"),
            "R_K from N * trace - sys @ gold in float64 (not count_scale_invariance: a constant "
            "system times k = 1 + 2**-52 leaves N**2 - sys @ sys a rounding error instead of 0, "
            "and the score 1e-9 instead of 0, with the generators before and after issue 23)",
            **signed,
        ),
        Control(
            "informedness_corners",
            "nominal",
            informedness,
            ("class_permutation_invariance", "count_scale_invariance", "prevalence_invariance"),
            "informedness, 0 when fewer than two gold classes",
            **signed,
        ),
        Control(
            "gmean_recall_corners",
            "nominal",
            gmean_recall,
            (
                "class_permutation_invariance",
                "count_scale_invariance",
                "identity",
                "prevalence_invariance",
                "chance_baseline",
            ),
            "g-mean of the recalls",
            **unit,
        ),
        Control(
            "recall_1_corners",
            "nominal",
            recall_1,
            ("true_negative_invariance", "prevalence_invariance", "count_scale_invariance"),
            "recall of class 1",
            **unit,
        ),
        Control(
            "precision_1_corners",
            "nominal",
            precision_1,
            ("true_negative_invariance", "count_scale_invariance"),
            "precision of class 1",
            **unit,
        ),
        Control(
            "f1_1_corners",
            "nominal",
            f1_1,
            ("true_negative_invariance", "symmetry", "count_scale_invariance"),
            "F1 of class 1",
            **unit,
        ),
        Control(
            "f1_macro_noisy",
            "nominal",
            _noisy(f1_macro, 3e-12),
            (
                "class_permutation_invariance",
                "count_scale_invariance",
                "identity",
                "nominal_monotonicity",
            ),
            "macro F1 with relative noise 3e-12, just under the 1e-11 tolerance",
            **unit,
        ),
        Control(
            "kappa_noisy",
            "nominal",
            _noisy(kappa, 3e-12),
            ("class_permutation_invariance", "symmetry", "chance_baseline"),
            "Cohen's kappa with relative noise 3e-12",
            **signed,
        ),
    ]


def family_controls(control: type[Any]) -> list[Any]:
    """Every nominal control of the suite: the plain controls, then the corner controls."""
    return [*plain_controls(control), *corner_controls(control)]
