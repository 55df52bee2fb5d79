"""A public suite of plausible measure bugs (mutants) and correct controls.

Each :class:`Mutant` is a small measure with one realistic bug (rounding,
a float32 cast, a clipped distance, a missing guard, an off-by-one on the
number of classes...), the claim the bug breaks, the corner of the claim's
domain where it shows, and a *proof*: a hand-made case of that claim's
procedure on which the mutant contradicts the claim.  ``prove(mutant)``
scores the proof exactly as the checker would and returns the decision, so
a test can assert, deterministically, that every proof really refutes its
mutant.  Each :class:`Control` is a correct measure (some deliberately
noisy just below the tolerance) with the claims it satisfies: the checker
must never refute them.

The correct formulas carry over from the literature (MAE, accuracy, NMD,
NVD, Cohen's kappa, Kendall's tau); the code is written for this suite.
Run ``python benchmarks/bench_checker_power.py`` to measure how many mutants
the checker refutes at equal budget against two random searches.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case, Decision
from axiometrics.checker.check import resolve_subject
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.claims import get_claim
from axiometrics.declarations import Holds
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer

__all__ = [
    "CONTROLS",
    "FAMILY_SUITES",
    "MUTANTS",
    "Control",
    "Mutant",
    "family_suite",
    "prove",
    "subject_of",
]


# -- correct building blocks (rows = system, columns = gold) -------------------------


def _v(values: Any, c: int) -> np.ndarray:
    return np.arange(c, dtype=float) if values is None else np.asarray(values, dtype=float)


def mae_micro(matrix: Any, values: Any = None) -> float:
    """Mean absolute error over items (lower is better)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    return float((m * np.abs(v[:, None] - v[None, :])).sum() / m.sum())


def mae_macro(matrix: Any, values: Any = None) -> float:
    """Mean over non-empty gold classes of the class's mean absolute error."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    sizes = m.sum(axis=0)
    err = (m * np.abs(v[:, None] - v[None, :])).sum(axis=0)
    keep = sizes > 0
    return float(np.mean(err[keep] / sizes[keep]))


def accuracy(matrix: Any, values: Any = None) -> float:
    """Share of items on the diagonal."""
    m = np.asarray(matrix, dtype=float)
    return float(np.trace(m) / m.sum())


def kappa(matrix: Any, values: Any = None) -> float:
    """Cohen's (unweighted) kappa; 0 when chance agreement is 1."""
    m = np.asarray(matrix, dtype=float)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def nmd(system: Any, gold: Any, values: Any = None) -> float:
    """Normalised match distance: sum of |cumulative differences| / (C - 1)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    return float(np.abs(np.cumsum(p - q))[:-1].sum() / (p.size - 1))


def nvd(system: Any, gold: Any, values: Any = None) -> float:
    """Normalised variational distance: half the L1 distance."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    return float(0.5 * np.abs(p - q).sum())


def order_disagreement(system: Any, gold: Any, values: Any = None) -> float:
    """Share of bin pairs the system orders differently from the gold (0 = same order)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    sp = np.sign(p[:, None] - p[None, :])
    sq = np.sign(q[:, None] - q[None, :])
    c = p.size
    return float((sp != sq).sum() / (c * (c - 1)))


# -- mutants and controls -------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """A measure with one plausible bug, the claim it breaks and the case that proves it.

    Attributes
    ----------
    name
        Identifier.
    claim
        The claim the bug breaks.
    family
        ``"oc"`` (``fn(matrix, values=None)``), ``"oq"`` (``fn(system, gold, values=None)``),
        ``"nominal"`` (``fn(matrix)``) or ``"scored"`` (``fn(scores, gold)``).
    fn
        The buggy measure.
    bug
        What is wrong, in words.
    corner
        The corner of the claim's domain where the bug shows.
    proof
        A case of the claim's procedure on which the mutant contradicts the claim.
    higher_is_better, optimum, score_range
        How the mutant presents itself to the checker.
    preconditions
        The preconditions the mutant declares for its claim (a plugin family's
        mutant only), e.g. ``("degree_2",)`` for a mean squared error under
        ``scale_homogeneity``; the checker checks the claim under them.
    """

    name: str
    claim: str
    family: str
    fn: Callable[..., float]
    bug: str
    corner: str
    proof: Case
    higher_is_better: bool = False
    optimum: float | None = 0.0
    score_range: tuple[float, float] | None = None
    preconditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Control:
    """A correct measure and the claims it satisfies (the checker must not refute them).

    ``preconditions`` maps a claim to the preconditions the control declares
    for it (a plugin family's control only), e.g. ``{"scale_homogeneity":
    ("degree_1",)}`` for a mean absolute error.
    """

    name: str
    family: str
    fn: Callable[..., float]
    claims: tuple[str, ...]
    note: str = ""
    higher_is_better: bool = False
    optimum: float | None = 0.0
    score_range: tuple[float, float] | None = None
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    preconditions: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _declared_preconditions(item: Mutant | Control) -> dict[str, tuple[str, ...]]:
    """Claim -> the preconditions ``item`` declares (only claims with some)."""
    if isinstance(item, Mutant):
        return {item.claim: item.preconditions} if item.preconditions else {}
    return {claim: pres for claim, pres in item.preconditions.items() if pres}


def _suite_subject(suite: Any, item: Mutant | Control) -> Subject:
    """A plugin family's mutant or control as a registered measure of its own family.

    The callable takes the family's inputs exactly as a registered measure
    does (``suite.compute_for``), so no call-signature adapter stands
    between the search and the bug.
    """
    lower, upper = item.score_range if item.score_range is not None else (-np.inf, np.inf)
    measure = Measure(
        name=item.name,
        family=item.family,
        higher_is_better=item.higher_is_better,
        range=Range(float(lower), float(upper)),
        title=item.name,
        description=f"benchmark mutant or control {item.name!r}",
        optimum=item.optimum,
        # A claim with preconditions is declared to hold under them, so that the
        # checker checks it there (e.g. scale homogeneity of degree 2).
        claims={c: Holds(preconditions=p) for c, p in _declared_preconditions(item).items()},
    )
    compute = suite.compute_for(item.fn)
    compute.__name__ = item.name
    plugin = f"benchmarks.{suite.__name__.removeprefix('bench_')}"
    scorer = Scorer(measure, compute, plugin=plugin, vectorized=False)
    where = getattr(item.fn, "__name__", item.name)
    return Subject(scorer, location=f"{suite.__file__} in {where}")


def subject_of(item: Mutant | Control) -> Subject:
    """The checker's view of a mutant or control (a bare callable)."""
    suite = family_suite(item.family)
    if suite is not None:
        return _suite_subject(suite, item)
    if _declared_preconditions(item):
        raise ValueError(
            f"{item.name!r}: preconditions are declared only by a plugin family's mutants and "
            f"controls (family={item.family!r} has no suite module)"
        )
    return resolve_subject(
        item.fn,
        family=item.family,
        signature="matrix" if item.family == "oc" else "system,gold",
        higher_is_better=item.higher_is_better,
        optimum=item.optimum,
        score_range=item.score_range,
        name=item.name,
        call_timeout=None,
    )


def prove(mutant: Mutant, tolerance: Tolerance | None = None) -> Decision:
    """Score the mutant's proof exactly as the checker does and return the decision."""
    subject = subject_of(mutant)
    procedure = get_claim(mutant.claim).procedure(mutant.family)
    obs = subject.observe(mutant.proof, enforce_range=procedure.observe_crashes)
    judge = Judge(
        tolerance or Tolerance(),
        mutant.higher_is_better,
        mutant.optimum,
        undefined_declared=False,
    )
    return procedure.decide(mutant.proof, obs, judge)


# -- helpers to write proofs ------------------------------------------------------------


def _pair(a: Any, b: Any, values: Any = None, values_b: Any = None) -> Case:
    """An OC case of two matrices (``b=None``: ``a`` twice), scored with the two value vectors."""
    ma = np.asarray(a, dtype=float)
    mb = ma if b is None else np.asarray(b, dtype=float)
    c = ma.shape[0]
    va = _v(values, c)
    vb = va if values_b is None else _v(values_b, c)
    return Case((np.stack([ma, mb]),), np.stack([va, vb]), ("a", "b"))


def _oq(pairs: list[tuple[Any, Any]], values: Any = None, values_b: Any = None) -> Case:
    """An OQ case of (system, gold) pairs."""
    p = np.stack([np.asarray(s, dtype=float) for s, _ in pairs])
    q = np.stack([np.asarray(g, dtype=float) for _, g in pairs])
    c = p.shape[1]
    vals = [_v(values, c)] * len(pairs)
    if values_b is not None:
        vals[1] = _v(values_b, c)
    return Case((p, q), np.stack(vals), tuple(f"e{k}" for k in range(len(pairs))))


def _move(m: Any, s: int, t: int, g: int, k: int = 1) -> np.ndarray:
    """``m`` with ``k`` items of gold class ``g`` moved from system class ``s`` to ``t``."""
    out = np.asarray(m, dtype=float).copy()
    out[s, g] -= k
    out[t, g] += k
    return out


def _dense(c: int, base: int = 90) -> np.ndarray:
    """A dense ``c x c`` matrix, every cell near the strict claims' count cap."""
    return base + (np.arange(c * c).reshape(c, c) % 7).astype(float)


def _imbalance_case(gold_counts: Any) -> Case:
    """The imbalance procedure's case for a gold: every qualifying triple, c3 then c1."""
    n = np.asarray(gold_counts, dtype=float)
    c = n.size
    mats, names = [], []
    for c2 in range(1, c - 1):
        for step in (-1, 1):
            c1, c3 = c2 + step, c2 - step
            if not n[c1] > n[c3] >= 1:
                continue
            for source in (c3, c1):
                m = np.diag(n)
                m[source, source] -= 1
                m[c2, source] += 1
                mats.append(m)
                names.append(f"from {source}")
    return Case((np.stack(mats),), np.arange(c, dtype=float), tuple(names))


def _constant_case(gold_counts: Any) -> Case:
    n = np.asarray(gold_counts, dtype=float)
    c = n.size
    mats = np.zeros((c, c, c))
    mats[np.arange(c), np.arange(c), :] = n
    return Case((mats,), np.arange(c, dtype=float), tuple(f"always {k}" for k in range(c)))


def _point_mass_case(gold: Any) -> Case:
    q = np.asarray(gold, dtype=float)
    c = q.size
    support = np.flatnonzero(q > 0)
    outside = [k for k in range(c) if k < support.min() or k > support.max()]
    return _oq([(np.eye(c)[k], q) for k in outside])


def _one(inputs: tuple[Any, ...], values: Any = None) -> Case:
    return Case.single(tuple(np.asarray(a, dtype=float) for a in inputs), values=values)


# -- the bugs ------------------------------------------------------------------------------


def _round(fn: Callable[..., float], digits: int) -> Callable[..., float]:
    def rounded(*args: Any, values: Any = None) -> float:
        return round(fn(*args, values=values), digits)

    return rounded


def _sig(fn: Callable[..., float], digits: int) -> Callable[..., float]:
    def rounded(*args: Any, values: Any = None) -> float:
        return float(f"{fn(*args, values=values):.{digits}g}")

    return rounded


def _merge_close_values(fn: Callable[..., float], decimals: int) -> Callable[..., float]:
    """Classes whose values round alike are merged (a 'deduplicate the scale' bug)."""

    def merged(matrix: Any, values: Any = None) -> float:
        m = np.asarray(matrix, dtype=float)
        v = _v(values, m.shape[0])
        _, group = np.unique(np.round(v, decimals), return_inverse=True)
        k = group.max() + 1
        out = np.zeros((k, k))
        np.add.at(out, (group[:, None], group[None, :]), m)
        return fn(out)

    return merged


def _rank_within_one_by_abs(matrix: Any, values: Any = None) -> float:
    """Accuracy within one class, classes ranked by |value| (negatives misplaced)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    rank = np.argsort(np.argsort(np.abs(v), kind="stable"), kind="stable")
    near = np.abs(rank[:, None] - rank[None, :]) <= 1
    return float(m[near].sum() / m.sum())


def _within_half_by_value(matrix: Any, values: Any = None) -> float:
    """Items with |v_s - v_g| < 0.5 count as correct (an absolute threshold on values)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    return float(m[np.abs(v[:, None] - v[None, :]) < 0.5].sum() / m.sum())


def _within_one_by_int_value(matrix: Any, values: Any = None) -> float:
    """Accuracy within one class with values truncated to int (fractions merge)."""
    m = np.asarray(matrix, dtype=float)
    v = np.trunc(_v(values, m.shape[0]))
    _, rank = np.unique(v, return_inverse=True)
    return float(m[np.abs(rank[:, None] - rank[None, :]) <= 1].sum() / m.sum())


def _float32_rank_nmd(system: Any, gold: Any, values: Any = None) -> float:
    """NMD over bins grouped by their float32 class value (huge values merge)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    v = _v(values, p.size).astype(np.float32)
    _, group = np.unique(v, return_inverse=True)
    k = group.max() + 1
    pg, qg = np.zeros(k), np.zeros(k)
    np.add.at(pg, group, p)
    np.add.at(qg, group, q)
    return nmd(pg, qg) * (k - 1) / (p.size - 1) if k > 1 else 0.0


def _abs_ordered_nmd(system: Any, gold: Any, values: Any = None) -> float:
    """NMD with the bins sorted by |value| (negative class values misorder the bins)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    order = np.argsort(np.abs(_v(values, p.size)), kind="stable")
    return nmd(p[order], q[order])


def _clipped_mae(matrix: Any, values: Any = None) -> float:
    """MAE with each item's error clipped at one class step."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    return float((m * np.minimum(np.abs(v[:, None] - v[None, :]), 1.0)).sum() / m.sum())


def _macro_mae_skipping_singletons(matrix: Any, values: Any = None) -> float:
    """Macro MAE that skips gold classes of one item (meant to skip empty ones)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    sizes = m.sum(axis=0)
    err = (m * np.abs(v[:, None] - v[None, :])).sum(axis=0)
    keep = sizes > 1
    return float(np.mean(err[keep] / sizes[keep])) if keep.any() else 0.0


def _macro_mae_capped_sizes(matrix: Any, values: Any = None) -> float:
    """Macro MAE dividing by class sizes capped at 50 (a 'cap for stability' bug)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    sizes = m.sum(axis=0)
    err = (m * np.abs(v[:, None] - v[None, :])).sum(axis=0)
    keep = sizes > 0
    return float(np.mean(err[keep] / np.minimum(sizes[keep], 50)))


def _macro_recall(matrix: Any, values: Any = None) -> float:
    m = np.asarray(matrix, dtype=float)
    sizes = m.sum(axis=0)
    keep = sizes > 0
    return float(np.mean(np.diag(m)[keep] / sizes[keep]))


def _kappa_system_from_gold(matrix: Any, values: Any = None) -> float:
    """Kappa whose chance term squares the gold marginal (system marginal ignored)."""
    m = np.asarray(matrix, dtype=float)
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=0) ** 2).sum() / n**2)
    return float((po - pe) / (1 - pe)) if pe < 1 else 0.0


def _mae_extra_gold_weight(matrix: Any, values: Any = None) -> float:
    """MAE normalised by the number of gold items of the top class + N (asymmetric)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    return float((m * np.abs(v[:, None] - v[None, :])).sum() / (m.sum() + m[:, -1].sum()))


def _nmd_gold_smoothed(system: Any, gold: Any, values: Any = None) -> float:
    """NMD after smoothing zero gold bins only (asymmetric on zero bins)."""
    q = np.asarray(gold, dtype=float)
    q = np.where(q == 0, 1e-3, q)
    return nmd(system, q / q.sum())


def _nmd_float32_system(system: Any, gold: Any, values: Any = None) -> float:
    """NMD with the system distribution cast to float32 (asymmetric rounding)."""
    return nmd(np.asarray(system, dtype=np.float32).astype(float), gold)


def _order_disagreement_tolerant(system: Any, gold: Any, values: Any = None) -> float:
    """Order disagreement accepting either order for gold bins within 1e-9."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)

    dq = q[:, None] - q[None, :]
    differ = np.sign(p[:, None] - p[None, :]) != np.sign(dq)
    # The bug: gold pairs closer than 1e-9 (but not tied) accept either order.
    differ &= ~((np.abs(dq) > 0) & (np.abs(dq) <= 1e-9))
    c = p.size
    return float(differ.sum() / (c * (c - 1)))


def _order_sign_tolerance(system: Any, gold: Any, values: Any = None) -> float:
    """Order disagreement reading differences within 1e-9 as ties (in both vectors)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)

    def sign(x: np.ndarray) -> np.ndarray:
        d = x[:, None] - x[None, :]
        return np.where(np.abs(d) <= 1e-9, 0.0, np.sign(d))

    c = p.size
    return float((sign(p) != sign(q)).sum() / (c * (c - 1)))


def _order_disagreement_skipping_zeros(system: Any, gold: Any, values: Any = None) -> float:
    """Order disagreement over the gold's non-zero bins only."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    keep = q > 0
    if keep.sum() < 2:
        return 0.0
    return order_disagreement(p[keep], q[keep])


def _order_disagreement_argsort(system: Any, gold: Any, values: Any = None) -> float:
    """Order disagreement comparing argsort ranks (ties broken by position)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    rp = np.argsort(np.argsort(p, kind="stable"), kind="stable")
    rq = np.argsort(np.argsort(q, kind="stable"), kind="stable")
    return order_disagreement(rp.astype(float), rq.astype(float))


def _nmd_first_ten_bins(system: Any, gold: Any, values: Any = None) -> float:
    """NMD over at most the first 10 bins (a hard-coded scale size)."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    k = min(p.size, 10)
    return float(np.abs(np.cumsum(p[:k] - q[:k]))[:-1].sum() / (p.size - 1))


def _nmd_clipped_cumulative(system: Any, gold: Any, values: Any = None) -> float:
    """NMD saturated at 0.5 (a 'bounded loss' clip)."""
    return min(nmd(system, gold), 0.5)


def _nmd_rounded_inputs(system: Any, gold: Any, values: Any = None) -> float:
    """NMD of the distributions rounded to 6 decimals."""
    return nmd(np.round(np.asarray(system, dtype=float), 6), np.round(np.asarray(gold), 6))


def _accuracy_smoothed(matrix: Any, values: Any = None) -> float:
    """Accuracy with add-one smoothing (trace + 1) / (N + 2)."""
    m = np.asarray(matrix, dtype=float)
    return float((np.trace(m) + 1) / (m.sum() + 2))


def _accuracy_first_ten(matrix: Any, values: Any = None) -> float:
    """Accuracy counting the diagonal of the first 10 classes only."""
    m = np.asarray(matrix, dtype=float)
    k = min(m.shape[0], 10)
    return float(np.trace(m[:k, :k]) / m.sum())


def _js_divergence_unguarded(system: Any, gold: Any, values: Any = None) -> float:
    """Jensen-Shannon divergence (base 2) without the 0 log 0 guard."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    m = (p + q) / 2
    return float(0.5 * (p * np.log2(p / m)).sum() + 0.5 * (q * np.log2(q / m)).sum())


def _chi2_bounded(system: Any, gold: Any, values: Any = None) -> float:
    """Neyman chi-square mapped to [0, 1) by x / (1 + x), dividing by tiny gold bins."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    keep = q > 0
    x = float((((p - q) ** 2)[keep] / q[keep]).sum())
    return x / (1 + x)


def _mae_macro_unguarded(matrix: Any, values: Any = None) -> float:
    """Macro MAE dividing by every gold class size, empty ones included."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    err = (m * np.abs(v[:, None] - v[None, :])).sum(axis=0)
    return float(np.mean(err / m.sum(axis=0)))


def _kappa_int_products(matrix: Any, values: Any = None) -> float:
    """Kappa whose N**2 is computed in int32 (wraps around from N = 46341)."""
    m = np.asarray(matrix, dtype=float)
    n = np.int32(m.sum())
    with np.errstate(over="ignore"):
        n2 = n * n
    po = float(np.trace(m)) / float(n)
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum()) / float(n2)
    return float((po - pe) / (1 - pe)) if pe != 1 else 0.0


def _nmd_two_class_division(system: Any, gold: Any, values: Any = None) -> float:
    """NMD normalised by C - 2 (an off-by-one): unbounded on two classes."""
    p, q = np.asarray(system, dtype=float), np.asarray(gold, dtype=float)
    total = float(np.abs(np.cumsum(p - q))[:-1].sum())
    return total / (p.size - 2) if p.size > 2 else total * 2.0


def _accuracy_constant_guard(matrix: Any, values: Any = None) -> float:
    """Accuracy returning 0 for a constant system (a misplaced 'degenerate' guard)."""
    m = np.asarray(matrix, dtype=float)
    if np.count_nonzero(m.sum(axis=1)) == 1:
        return 0.0
    return float(np.trace(m) / m.sum())


def _mae_int_total(matrix: Any, values: Any = None) -> float:
    """MAE dividing by int(N) (fractional counts truncated)."""
    m = np.asarray(matrix, dtype=float)
    v = _v(values, m.shape[0])
    return float((m * np.abs(v[:, None] - v[None, :])).sum() / max(int(m.sum()), 1))


def _accuracy_tiny_smoothing(matrix: Any, values: Any = None) -> float:
    """Accuracy with a 1e-9 pseudo-count (visible only at small totals)."""
    m = np.asarray(matrix, dtype=float)
    return float((np.trace(m) + 1e-9) / (m.sum() + 1e-9 * m.shape[0]))


def _kappa_rounded_counts(matrix: Any, values: Any = None) -> float:
    """Kappa of the counts rounded to integers."""
    return kappa(np.round(np.asarray(matrix, dtype=float)))


def _kappa_int_squares(matrix: Any, values: Any = None) -> float:
    """Kappa with the chance term summed in int64 (wraps around at huge totals)."""
    m = np.asarray(matrix, dtype=float)
    rows = np.round(m.sum(axis=1)).astype(np.int64)
    cols = np.round(m.sum(axis=0)).astype(np.int64)
    n = m.sum()
    with np.errstate(over="ignore"):
        pe = float((rows * cols).sum()) / n**2
    po = np.trace(m) / n
    return float((po - pe) / (1 - pe)) if pe != 1 else 0.0


def _kendall_rounded_values(matrix: Any, values: Any = None) -> float:
    """Ordinal agreement (share of concordant item pairs) with values rounded to 6 decimals."""
    m = np.asarray(matrix, dtype=float)
    v = np.round(_v(values, m.shape[0]), 6)
    s, g = np.nonzero(m)
    w = m[s, g]
    ds = np.sign(v[s][:, None] - v[s][None, :])
    dg = np.sign(v[g][:, None] - v[g][None, :])
    pairs = w[:, None] * w[None, :]
    return float((pairs * (ds == dg)).sum() / pairs.sum())


def _oq_point_mass_first_ten(system: Any, gold: Any, values: Any = None) -> float:
    return _nmd_first_ten_bins(system, gold, values)


def _mae_float16(matrix: Any, values: Any = None) -> float:
    """MAE accumulated in float16 (coarse steps hide one-item improvements)."""
    m = np.asarray(matrix, dtype=np.float16)
    v = _v(values, m.shape[0]).astype(np.float16)
    err = (m * np.abs(v[:, None] - v[None, :])).astype(np.float16)
    return float(err.sum(dtype=np.float16) / np.float16(m.sum(dtype=np.float32)))


def _f1_macro_rounded(matrix: Any, values: Any = None) -> float:
    return round(_macro_recall(matrix), 3)


def _nvd_rounded_output(system: Any, gold: Any, values: Any = None) -> float:
    return round(nvd(system, gold), 8)


# -- the suite -----------------------------------------------------------------------------

_M3 = np.array([[3, 1, 0], [1, 2, 1], [0, 1, 3]], dtype=float)
_BIG = _dense(4)
_BIG12 = _dense(12)
_FAR = np.zeros((4, 4))
_FAR[3, 0] = 1
_SKEW = _M3 + np.array([[0, 2.0, 1.0], [0, 0, 0], [0, 0, 0]])


def _mutants() -> tuple[Mutant, ...]:
    hib: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    out = [
        # ordinal invariance
        Mutant(
            "merge_close_values_accuracy",
            "ordinal_invariance",
            "oc",
            _merge_close_values(accuracy, 6),
            "classes whose values agree to 6 decimals are merged",
            "nearly merged class values (gap 1e-9)",
            _pair([[1, 1, 0], [0, 1, 1], [0, 0, 1]], None, [0, 1, 1 + 1e-9], [0, 1, 2]),
            **hib,
        ),
        Mutant(
            "rank_by_abs_value",
            "ordinal_invariance",
            "oc",
            _rank_within_one_by_abs,
            "classes ranked by |value|, so negative values are misplaced",
            "negative class values",
            _pair([[0, 0, 1], [0, 1, 0], [1, 0, 0]], None, [-5, 0, 1], [0, 1, 2]),
            **hib,
        ),
        Mutant(
            "absolute_threshold_on_values",
            "ordinal_invariance",
            "oc",
            _within_half_by_value,
            "an absolute threshold of 0.5 on value differences",
            "fractional class values with tiny gaps",
            _pair([[1, 1], [0, 1]], None, [0, 1], [0, 0.1]),
            **hib,
        ),
        Mutant(
            "truncated_values",
            "ordinal_invariance",
            "oc",
            _within_one_by_int_value,
            "class values truncated to int before ranking",
            "fractional class values",
            _pair(
                [[1, 0, 1], [0, 1, 0], [0, 0, 1]],
                None,
                [0, 0.25, 0.5],
                [0, 1, 2],
            ),
            **hib,
        ),
        Mutant(
            "rounded_value_ranking",
            "ordinal_invariance",
            "oc",
            _kendall_rounded_values,
            "class values rounded to 6 decimals before comparing them",
            "gaps of 1e-9 relative between class values",
            _pair([[0, 1], [0, 1]], None, [0, 1e-7], [0, 1]),
            **hib,
        ),
        Mutant(
            "float32_value_groups",
            "ordinal_invariance",
            "oq",
            _float32_rank_nmd,
            "bins grouped by float32 class value (1e9 and 1e9 + 1 collide)",
            "huge class values with relative gaps of 1e-9",
            _oq([([0, 1, 0], [0, 0, 1]), ([0, 1, 0], [0, 0, 1])], None, [0, 1e9, 1e9 + 1]),
        ),
        Mutant(
            "abs_ordered_bins",
            "ordinal_invariance",
            "oq",
            _abs_ordered_nmd,
            "bins sorted by |value|",
            "negative class values",
            _oq([([1, 0, 0], [0, 1, 0]), ([1, 0, 0], [0, 1, 0])], None, [-3, 1, 2]),
        ),
        # ordinal monotonicity
        Mutant(
            "mae_rounded_3",
            "ordinal_monotonicity",
            "oc",
            _round(mae_micro, 3),
            "MAE rounded to 3 decimals",
            "one item moved by one class in a large matrix",
            _pair(_BIG12, _move(_BIG12, 5, 4, 0)),
        ),
        Mutant(
            "mae_significant_4",
            "ordinal_monotonicity",
            "oc",
            _sig(mae_macro, 4),
            "macro MAE rounded to 4 significant digits",
            "one item moved by one class in a 12-class matrix",
            _pair(_BIG12, _move(_BIG12, 11, 10, 0)),
        ),
        Mutant(
            "mae_clipped_error",
            "ordinal_monotonicity",
            "oc",
            _clipped_mae,
            "each item's error clipped at one class",
            "an item several classes away from its gold",
            _pair(
                [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
                _move(np.eye(4)[[3]].T @ np.eye(4)[[0]], 3, 2, 0),
            ),
        ),
        Mutant(
            "macro_mae_skips_singletons",
            "ordinal_monotonicity",
            "oc",
            _macro_mae_skipping_singletons,
            "gold classes of one item are skipped",
            "few items, empty and singleton gold classes",
            _pair([[0, 0, 1], [0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 1], [0, 0, 0]]),
        ),
        Mutant(
            "mae_float16",
            "ordinal_monotonicity",
            "oc",
            _mae_float16,
            "errors accumulated in float16",
            "one item moved by one class in a large matrix",
            _pair(_BIG12, _move(_BIG12, 11, 10, 0)),
        ),
        Mutant(
            "accuracy_as_ordinal",
            "ordinal_monotonicity",
            "oc",
            accuracy,
            "plain accuracy used as an ordinal measure",
            "an item moved closer but not onto its gold class",
            _pair([[0, 0, 0], [0, 0, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0], [0, 0, 0]]),
            **hib,
        ),
        # imbalance
        Mutant(
            "macro_mae_capped_sizes",
            "imbalance",
            "oc",
            _macro_mae_capped_sizes,
            "class sizes capped at 50 in the macro average",
            "large, nearly equal classes (|c1| = |c3| + 1)",
            _imbalance_case([61, 70, 60]),
        ),
        Mutant(
            "macro_recall_rounded",
            "imbalance",
            "oc",
            _f1_macro_rounded,
            "macro recall rounded to 3 decimals",
            "large, nearly equal classes (|c1| = |c3| + 1)",
            _imbalance_case([100, 100, 99]),
            **hib,
        ),
        Mutant(
            "micro_mae",
            "imbalance",
            "oc",
            mae_micro,
            "micro-averaged MAE used where class balance matters",
            "any gold with |c1| > |c3|",
            _imbalance_case([5, 2, 1]),
        ),
        Mutant(
            "macro_mae_rounded",
            "imbalance",
            "oc",
            _round(mae_macro, 4),
            "macro MAE rounded to 4 decimals",
            "large, nearly equal classes (|c1| = |c3| + 1)",
            _imbalance_case([99, 50, 98]),
        ),
        # symmetry
        Mutant(
            "kappa_gold_marginal_squared",
            "symmetry",
            "oc",
            _kappa_system_from_gold,
            "chance agreement from the gold marginal only",
            "any confusion matrix with unequal marginals",
            _pair(_SKEW, _SKEW.T),
            **hib,
        ),
        Mutant(
            "mae_top_class_weight",
            "symmetry",
            "oc",
            _mae_extra_gold_weight,
            "normaliser counts the top gold class twice",
            "an asymmetric matrix",
            _pair([[0, 1], [0, 0]], [[0, 0], [1, 0]]),
        ),
        Mutant(
            "nmd_gold_smoothed",
            "symmetry",
            "oq",
            _nmd_gold_smoothed,
            "zero gold bins smoothed, zero system bins not",
            "zero bins",
            _oq([([1, 0, 0], [0.5, 0.5, 0]), ([0.5, 0.5, 0], [1, 0, 0])]),
        ),
        Mutant(
            "nmd_float32_system",
            "symmetry",
            "oq",
            _nmd_float32_system,
            "the system distribution is cast to float32",
            "probabilities not representable in float32",
            _oq([([0.1, 0.2, 0.7], [0.3, 0.3, 0.4]), ([0.3, 0.3, 0.4], [0.1, 0.2, 0.7])]),
        ),
        # priority preservation (a) and violation (b)
        Mutant(
            "order_by_argsort",
            "priority_violation",
            "oq",
            _order_disagreement_argsort,
            "bin order compared by argsort ranks (ties broken by position)",
            "a gold tie broken by the system",
            _oq([([0.3, 0.3, 0.4], [0.25, 0.25, 0.5]), ([0.25, 0.25, 0.5], [0.25, 0.25, 0.5])]),
        ),
        Mutant(
            "order_with_tie_tolerance_a",
            "priority_preservation",
            "oq",
            _order_sign_tolerance,
            "signs of differences within 1e-9 read as ties",
            "gold bins 1e-12 apart",
            _oq(
                [
                    ([0.45, 0.35, 0.2], [0.4 + 1e-12, 0.4 - 1e-12, 0.2]),
                    ([0.4 + 1e-12, 0.4 - 1e-12, 0.2], [0.4 + 1e-12, 0.4 - 1e-12, 0.2]),
                ]
            ),
        ),
        Mutant(
            "order_with_tie_tolerance_b",
            "priority_violation",
            "oq",
            _order_disagreement_tolerant,
            "bins within 1e-9 treated as tied",
            "gold bins 1e-12 apart, swapped by the system",
            _oq(
                [
                    ([0.35, 0.45, 0.2], [0.4 + 1e-12, 0.4 - 1e-12, 0.2]),
                    ([0.4 + 1e-12, 0.4 - 1e-12, 0.2], [0.4 + 1e-12, 0.4 - 1e-12, 0.2]),
                ]
            ),
        ),
        Mutant(
            "order_skipping_zero_bins",
            "priority_violation",
            "oq",
            _order_disagreement_skipping_zeros,
            "pairs involving a zero gold bin are ignored",
            "zero gold bins",
            _oq([([0.1, 0.6, 0.3], [0, 0.6, 0.4]), ([0, 0.6, 0.4], [0, 0.6, 0.4])]),
        ),
        Mutant(
            "nmd_as_priority",
            "priority_preservation",
            "oq",
            nmd,
            "a distance used where only the bin order should matter",
            "any order-preserving estimate",
            _oq([([0.5, 0.3, 0.2], [0.4, 0.35, 0.25]), ([0.4, 0.35, 0.25], [0.4, 0.35, 0.25])]),
        ),
        # point-mass and mass-transfer monotonicity
        Mutant(
            "nmd_first_ten_bins",
            "point_mass_monotonicity",
            "oq",
            _oq_point_mass_first_ten,
            "only the first 10 bins are read",
            "10+ classes",
            _point_mass_case(np.eye(12)[0] * 0.5 + np.eye(12)[1] * 0.5),
        ),
        Mutant(
            "nmd_clipped_cumulative",
            "point_mass_monotonicity",
            "oq",
            _nmd_clipped_cumulative,
            "the distance saturated at 0.5",
            "point masses far from the gold",
            _point_mass_case([0, 0, 0, 1.0]),
        ),
        Mutant(
            "nvd_as_ordinal",
            "point_mass_monotonicity",
            "oq",
            nvd,
            "a nominal distance used as an ordinal one",
            "point masses outside the gold support",
            _point_mass_case([0, 0, 1.0]),
        ),
        Mutant(
            "nmd_rounded_5",
            "mass_transfer_monotonicity",
            "oq",
            _round(nmd, 5),
            "NMD rounded to 5 decimals",
            "a mass step of 1e-6",
            _oq(
                [
                    (np.array([0.5 + 1e-6, 0.5 - 1e-6, 0]), [0, 0, 1.0]),
                    ([0.5, 0.5, 0], [0, 0, 1.0]),
                ]
            ),
        ),
        Mutant(
            "nmd_rounded_inputs",
            "mass_transfer_monotonicity",
            "oq",
            _nmd_rounded_inputs,
            "distributions rounded to 6 decimals",
            "a mass step of 1e-7",
            _oq(
                [
                    (np.array([0.3 + 2e-7, 0.7 - 2e-7, 0]), [0, 0, 1.0]),
                    ([0.3, 0.7, 0], [0, 0, 1.0]),
                ]
            ),
        ),
        Mutant(
            "nmd_first_ten_transfer",
            "mass_transfer_monotonicity",
            "oq",
            _nmd_first_ten_bins,
            "only the first 10 bins are read",
            "10+ classes",
            _oq([(np.eye(11)[10], np.eye(11)[0]), (np.eye(11)[9], np.eye(11)[0])]),
        ),
        # identity
        Mutant(
            "accuracy_add_one",
            "identity",
            "oc",
            _accuracy_smoothed,
            "add-one smoothing of accuracy",
            "any perfect system",
            _one((np.diag([2.0, 3.0]),)),
            **hib,
        ),
        Mutant(
            "accuracy_first_ten_classes",
            "identity",
            "oc",
            _accuracy_first_ten,
            "only the first 10 classes' diagonal counted",
            "10+ classes",
            _one((np.diag(np.ones(11)),)),
            **hib,
        ),
        Mutant(
            "nvd_rounded_8",
            "identity",
            "oq",
            _nvd_rounded_output,
            "NVD rounded to 8 decimals",
            "near-identical distributions (max |p - q| = 1e-9)",
            _oq([([0.5, 0.5], [0.5, 0.5]), ([0.5 + 1e-9, 0.5 - 1e-9], [0.5, 0.5])]),
        ),
        Mutant(
            "nmd_rounded_inputs_identity",
            "identity",
            "oq",
            _nmd_rounded_inputs,
            "distributions rounded to 6 decimals",
            "near-identical distributions (max |p - q| = 1e-8)",
            _oq([([0.2, 0.8], [0.2, 0.8]), ([0.2 + 1e-8, 0.8 - 1e-8], [0.2, 0.8])]),
        ),
        # well-definedness
        Mutant(
            "jsd_unguarded",
            "well_defined",
            "oq",
            _js_divergence_unguarded,
            "0 log 0 not guarded",
            "zero bins",
            _one(([1.0, 0.0], [0.5, 0.5])),
            score_range=(0.0, 1.0),
        ),
        Mutant(
            "chi2_subnormal",
            "well_defined",
            "oq",
            _chi2_bounded,
            "division by a subnormal gold bin overflows",
            "subnormal probabilities",
            _one(([0.5, 0.5], [1.0, 5e-324])),
            score_range=(0.0, 1.0),
        ),
        Mutant(
            "nmd_two_classes",
            "well_defined",
            "oq",
            _nmd_two_class_division,
            "normalised by C - 2",
            "two classes",
            _one(([1.0, 0.0], [0.0, 1.0])),
            score_range=(0.0, 1.0),
        ),
        Mutant(
            "macro_mae_empty_class",
            "well_defined",
            "oc",
            _mae_macro_unguarded,
            "empty gold classes divide by zero",
            "empty gold classes",
            _one((np.array([[1, 0], [0, 0]]),)),
            score_range=(0.0, np.inf),
        ),
        Mutant(
            "kappa_int32_overflow",
            "well_defined",
            "oc",
            _kappa_int_products,
            "N**2 computed in int32",
            "large counts (N > 46340)",
            _one((np.array([[0, 0], [1, 10**5]]),)),
            score_range=(-1.0, 1.0),
        ),
        # constant systems
        Mutant(
            "accuracy_constant_guard",
            "constant_system_discrimination",
            "oc",
            _accuracy_constant_guard,
            "a constant system always scores 0",
            "constant systems",
            _constant_case([3, 1, 0]),
            **hib,
        ),
        Mutant(
            "kappa_constant",
            "constant_system_discrimination",
            "oc",
            kappa,
            "unweighted kappa (every constant system scores 0)",
            "constant systems",
            _constant_case([2, 1]),
            **hib,
        ),
        # count-scale invariance
        Mutant(
            "mae_int_total",
            "count_scale_invariance",
            "oc",
            _mae_int_total,
            "the item total truncated to int",
            "factors k < 1",
            _pair([[1, 1], [0, 1]], np.array([[1, 1], [0, 1]]) * 0.3),
        ),
        Mutant(
            "accuracy_tiny_smoothing",
            "count_scale_invariance",
            "oc",
            _accuracy_tiny_smoothing,
            "a 1e-9 pseudo-count",
            "factors k far below 1",
            _pair([[1, 1], [0, 1]], np.array([[1, 1], [0, 1]]) * 1e-6),
            **hib,
        ),
        Mutant(
            "kappa_rounded_counts",
            "count_scale_invariance",
            "oc",
            _kappa_rounded_counts,
            "counts rounded to integers",
            "non-integer factors",
            _pair([[3, 1], [1, 2]], np.array([[3, 1], [1, 2]]) * 0.5),
            **hib,
        ),
        Mutant(
            "kappa_int64_squares",
            "count_scale_invariance",
            "oc",
            _kappa_int_squares,
            "chance term summed in int64",
            "huge factors (10^9)",
            _pair(_M3, _M3 * 1e9),
            **hib,
        ),
    ]
    return tuple(out)


def _noisy(fn: Callable[..., float], rel: float) -> Callable[..., float]:
    """``fn`` times ``1 + rel * sin(total)``: deterministic noise below the tolerance."""

    def noisy(*args: Any, values: Any = None) -> float:
        x = fn(*args, values=values)
        total = float(np.sum(args[0]))
        return x * (1 + rel * np.sin(total * 12.9898))

    return noisy


def _nmd_reversed(system: Any, gold: Any, values: Any = None) -> float:
    """NMD summed from the last bin (another rounding order)."""
    p = np.asarray(system, dtype=float)[::-1]
    q = np.asarray(gold, dtype=float)[::-1]
    return float(np.abs(np.cumsum(p - q))[:-1].sum() / (p.size - 1))


def _controls() -> tuple[Control, ...]:
    hib: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    return (
        Control(
            "mae_micro",
            "oc",
            mae_micro,
            ("ordinal_monotonicity", "symmetry", "count_scale_invariance", "identity"),
        ),
        Control(
            "mae_micro_noisy",
            "oc",
            _noisy(mae_micro, 1e-13),
            ("symmetry", "count_scale_invariance", "identity", "ordinal_monotonicity"),
            "relative noise 1e-13, a hundredth of the tolerance",
        ),
        Control(
            "mae_macro",
            "oc",
            mae_macro,
            ("ordinal_monotonicity", "imbalance", "identity", "count_scale_invariance"),
        ),
        Control(
            "accuracy",
            "oc",
            accuracy,
            ("ordinal_invariance", "symmetry", "count_scale_invariance", "identity"),
            **hib,
        ),
        Control(
            "accuracy_noisy",
            "oc",
            _noisy(accuracy, 3e-12),
            ("ordinal_invariance", "count_scale_invariance"),
            "relative noise 3e-12, just under the 1e-11 tolerance",
            **hib,
        ),
        Control(
            "nmd",
            "oq",
            nmd,
            (
                "ordinal_invariance",
                "symmetry",
                "point_mass_monotonicity",
                "mass_transfer_monotonicity",
                "identity",
            ),
        ),
        Control(
            "nmd_reversed",
            "oq",
            _nmd_reversed,
            ("symmetry", "mass_transfer_monotonicity", "identity"),
            "rounding noise of another summation order",
        ),
        Control("nvd", "oq", nvd, ("symmetry", "identity", "ordinal_invariance")),
        Control(
            "order_disagreement",
            "oq",
            order_disagreement,
            ("priority_preservation", "symmetry"),
        ),
    )


# The plugin families' mutants and controls, one module per family suite:
# benchmarks/mutants_nominal.py (nominal), benchmarks/mutants_scored.py (scored),
# benchmarks/mutants_regression.py (regression), benchmarks/mutants_language_model.py
# (language_model) and benchmarks/mutants_generation.py (generation).


def _load_suite(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(
        f"bench_{name}", Path(__file__).with_name(f"{name}.py")
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_nominal = _load_suite("mutants_nominal")
_scored = _load_suite("mutants_scored")
_regression = _load_suite("mutants_regression")
_language_model = _load_suite("mutants_language_model")
_generation = _load_suite("mutants_generation")
#: The plugin families' suites; each has ``FAMILIES``, ``compute_for``,
#: ``family_mutants``, ``family_controls`` and ``random_case``.
FAMILY_SUITES: tuple[Any, ...] = (_nominal, _scored, _regression, _language_model, _generation)


def family_suite(family: str) -> Any:
    """The plugin family suite holding ``family``'s mutants, or ``None`` for OC and OQ."""
    return next((s for s in FAMILY_SUITES if family in s.FAMILIES), None)


MUTANTS: tuple[Mutant, ...] = (
    *_mutants(),
    *(m for suite in FAMILY_SUITES for m in suite.family_mutants(Mutant)),
)
CONTROLS: tuple[Control, ...] = (
    *_controls(),
    *(c for suite in FAMILY_SUITES for c in suite.family_controls(Control)),
)
