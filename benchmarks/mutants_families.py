"""Mutants and controls of the plugin family ``nominal``.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites: this one, plausible bugs for
the claims of the nominal classification family (confusion matrices, rows =
system, columns = gold), each with a hand-made proof, plus correct
controls; and ``benchmarks/mutants_scored.py`` for the scored family.
:func:`family_subject` wraps each mutant, which takes the family's inputs
exactly as a registered measure does, in a
:class:`~axiometrics.checker.subject.Subject` of its own family, so that no
call-signature adapter stands between the search and the bug.

The correct formulas (Cohen's kappa, macro recall) come from the
literature; the code is written for this suite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case
from axiometrics.checker.subject import Subject
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer, default_registry

__all__ = ["FAMILIES", "family_controls", "family_mutants", "family_subject", "random_case"]

# Loading the default registry loads the plugins, which register these families' claims.
default_registry()

#: The families of this module (their callables are wrapped by :func:`family_subject`).
FAMILIES = ("nominal",)


def family_subject(item: Any) -> Subject:
    """The checker's view of a nominal ``Mutant`` or ``Control`` of the suite."""
    fn = item.fn
    lower, upper = item.score_range if item.score_range is not None else (-np.inf, np.inf)
    measure = Measure(
        name=item.name,
        family=item.family,
        higher_is_better=item.higher_is_better,
        range=Range(float(lower), float(upper)),
        title=item.name,
        description=f"benchmark mutant or control {item.name!r}",
        optimum=item.optimum,
    )

    def compute(matrix: np.ndarray, *, values: np.ndarray) -> float:
        return float(fn(np.asarray(matrix, dtype=float)))

    compute.__name__ = item.name
    scorer = Scorer(measure, compute, plugin="benchmarks.mutants_families", vectorized=False)
    return Subject(scorer, location=f"{__file__} in {getattr(fn, '__name__', item.name)}")


# -- correct building blocks ------------------------------------------------------------


def kappa(matrix: Any) -> float:
    """Cohen's kappa; 0 when chance agreement is 1."""
    m = np.asarray(matrix, dtype=float)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def macro_recall(matrix: Any) -> float:
    """Mean recall over the classes with gold items (balanced accuracy)."""
    m = np.asarray(matrix, dtype=float)
    sizes = m.sum(axis=0)
    keep = sizes > 0
    return float(np.mean(np.diag(m)[keep] / sizes[keep]))


def _f1_per_class(m: np.ndarray) -> np.ndarray:
    tp = np.diag(m)
    denom = m.sum(axis=1) + m.sum(axis=0)
    return np.divide(2 * tp, denom, out=np.zeros_like(tp), where=denom > 0)


# -- nominal bugs ----------------------------------------------------------------------------


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


def family_mutants(mutant: type[Any]) -> list[Any]:
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


# -- random cases for the benchmark's random-search baselines ------------------------------------


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
    raise KeyError(f"claim={claim!r}: no random nominal sampler")


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a nominal claim, for the benchmark's random searches.

    ``corners=False`` draws naive inputs; ``corners=True`` favours the corners
    a tester would try by hand (few classes and items, zeros).
    """
    return _random_nominal(rng, claim, corners)


def _noisy(fn: Callable[..., float], rel: float) -> Callable[..., float]:
    """``fn`` times ``1 + rel * sin(sum of the first input)``: noise below the tolerance."""

    def noisy(*args: Any) -> float:
        x = fn(*args)
        return float(x * (1 + rel * np.sin(float(np.sum(args[0])) * 12.9898)))

    return noisy


def family_controls(control: type[Any]) -> list[Any]:
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
