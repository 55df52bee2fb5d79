"""Decision rules shared by the built-in procedures of both families.

A rule reads the scores of a case's entries and says whether the case
satisfies the claim, always through the :class:`~axiometrics.checker.Judge`
so that the tolerance policy is the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.cases import Case, CaseRequest, Decide, Decision, Observation
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import bounded_integers

__all__ = [
    "decide_better",
    "decide_equal",
    "decide_identity",
    "decide_well_defined",
    "fmt",
    "min_classes",
    "refusal_aware",
    "transformed_values",
    "unresolved",
    "vector",
]


def fmt(x: float) -> str:
    """A score with enough digits to see a difference."""
    return f"{x:.10g}"


def vector(v: np.ndarray) -> str:
    """A short rendering of a vector: ``[0, 1, 3]``."""
    return "[" + ", ".join(f"{x:g}" for x in np.asarray(v)) + "]"


_ALL_KINDS = ("piecewise", "cubic", "log", "affine")
_INTEGER_KINDS = ("piecewise", "cubic", "affine")


def transformed_values(
    draw: st.DrawFn, request: CaseRequest, n_classes: int
) -> tuple[np.ndarray, dict[str, str]]:
    """Draw class values ``v`` and ``f(v)`` for a strictly increasing ``f``.

    Returns the two value vectors stacked ``(2, C)`` and a description of the
    transform for the counterexample.  With ``request.integer_values`` the
    transforms map integers to integers (piecewise with integer knots, cubic,
    affine), so label-vector callables keep seeing integer class labels.
    Should ``f(v)`` lose strictness in floating point (huge values), ``f`` is
    applied to ``0 .. C-1`` instead.
    """
    if draw(bounded_integers(0, 2)) == 0:
        # A third of the draws: any two strictly increasing value vectors
        # (some f maps one onto the other) from the extreme corners --
        # magnitudes up to 1e9, gaps down to 1e-9 relative, nearly merged
        # classes, negative and fractional values.
        v, w = draw(ax_st.class_value_pairs(n_classes=n_classes, integer=request.integer_values))
        return np.stack([v, w]), {"transform": f"{vector(v)} -> {vector(w)} (order kept)"}
    v = draw(request.values(n_classes))
    kinds = _INTEGER_KINDS if request.integer_values else _ALL_KINDS
    f = draw(ax_st.increasing_transforms(n_knots=n_classes, kinds=kinds))
    w = np.asarray(f(v), dtype=float)
    if not (np.all(np.isfinite(w)) and np.all(np.diff(w) > 0)):
        w = np.asarray(f(np.arange(n_classes, dtype=float)), dtype=float)
    return np.stack([v, w]), {"transform": f"{vector(v)} -> {vector(w)} ({f})"}


def min_classes(request: CaseRequest, floor: int = 2) -> int:
    """The smallest number of classes a generator may draw for ``request``."""
    need = 3 if request.wants("at_least_three_classes") else 2
    return max(request.min_classes, floor, need)


def decide_equal(what: str) -> Decide:
    """Rule: the two entries score equally (within the tolerance)."""

    def decide(case: Case, obs: Observation, judge: Judge) -> Decision:
        a, b = float(obs.scores[0]), float(obs.scores[1])
        return Decision.verdict(
            judge.equal(a, b),
            f"{what}: {fmt(a)} vs {fmt(b)} (difference {abs(a - b):.3g})",
            margin=judge.equality_margin(a, b),
        )

    return decide


def unresolved(a: float, b: float, judge: Judge) -> Decision:
    """A strict comparison the measure's precision cannot decide: the case lies outside.

    ``a`` and ``b`` differ within a tolerance coarser than the strict claims'
    smallest genuine difference (see :meth:`Judge.compare`).
    """
    return Decision.outside(
        f"{fmt(a)} and {fmt(b)} differ by {abs(a - b):.3g}, within {judge.tolerance.describe()}: "
        "at this precision a tie cannot be told from rounding"
    )


def decide_better(first: str, second: str) -> Decide:
    """Rule: the second entry scores strictly better than the first."""

    def decide(case: Case, obs: Observation, judge: Judge) -> Decision:
        a, b = float(obs.scores[0]), float(obs.scores[1])
        relation = judge.compare(b, a, partial(case.relative_change, 0, 1))
        if relation == "unresolved":
            return unresolved(b, a, judge)
        return Decision.verdict(
            relation == "better",
            f"{second} scores {fmt(b)}, {first} scores {fmt(a)}: {second} is {relation}"
            + ("" if relation == "better" else ", not strictly better"),
            margin=judge.strict_margin(b, a),
        )

    return decide


def decide_identity(perfect: str, imperfect: str, *, numeric_inputs: bool = True) -> Decide:
    """Rule of ``identity``: entry 0 (a perfect input) scores the optimum; entry 1, if any, not.

    Parameters
    ----------
    perfect, imperfect
        The subjects of the verdict's sentences, with their verb (``"p = y
        scores"``, ``"p != y scores"``).
    numeric_inputs
        Whether the inputs are numbers, so that a coarse precision can tell a
        genuine tie from a change too small for it
        (:meth:`~axiometrics.checker.cases.Case.relative_change`); ``False``
        for text, whose every change counts as large.

    Returns
    -------
    Decide
        Fails when the perfect input misses the optimum, or when the imperfect
        one (a case of two entries: the "only then" half) reaches it.
    """

    def decide(case: Case, obs: Observation, judge: Judge) -> Decision:
        optimum = float(judge.optimum) if judge.optimum is not None else float(obs.scores[0])
        a = float(obs.scores[0])
        if not judge.equal(a, optimum):
            return Decision(
                "fails",
                f"{perfect} {fmt(a)}, not the optimum {fmt(optimum)}",
                (0,),
                margin=judge.equality_margin(a, optimum),
            )
        if case.n_entries == 1:
            return Decision("holds", f"{perfect} the optimum {fmt(a)}")
        b = float(obs.scores[1])
        change = partial(case.relative_change, 0, 1) if numeric_inputs else None
        relation = judge.compare(b, optimum, change)
        if relation == "unresolved":
            return unresolved(b, optimum, judge)
        return Decision.verdict(
            relation != "equal",
            f"{imperfect} {fmt(b)}, the optimum is {fmt(optimum)}",
            margin=-judge.equality_margin(b, optimum),
        )

    return decide


def refusal_aware(decide: Decide, refusals: Sequence[str], refused: str = "this input") -> Decide:
    """Wrap a rule of a procedure that observes crashes.

    A crash whose exception class is named in ``refusals`` (the family's
    typed refusals of invalid input, e.g. ``"InvalidInputError"``) puts the
    case outside the claim ("the measure refuses {refused}"); any other
    exception refutes it; a case the measure scored goes to ``decide``.
    """
    kinds = frozenset(refusals)

    def wrapped(case: Case, obs: Observation, judge: Judge) -> Decision:
        if obs.crash is not None:
            if obs.crash.kind in kinds:
                return Decision.outside(f"the measure refuses {refused} ({obs.crash.message})")
            return Decision("fails", f"the measure raised {obs.crash}")
        return decide(case, obs, judge)

    return wrapped


def decide_well_defined(case: Case, obs: Observation, judge: Judge) -> Decision:
    """Rule: a finite in-range score, or the measure's declared undefined error."""
    if obs.crash is not None:
        return Decision("fails", "the measure failed on a valid input")
    if obs.warnings:
        return Decision("fails", f"the measure emitted a warning: {obs.warnings[0]}")
    if np.any(obs.undefined) and not judge.undefined_declared:
        return Decision(
            "fails", "the measure raised UndefinedMeasureError but declares no undefined inputs"
        )
    if np.any(obs.undefined):
        return Decision("holds", "undefined, as the measure declares")
    return Decision("holds", f"score {fmt(float(obs.scores[0]))}")
