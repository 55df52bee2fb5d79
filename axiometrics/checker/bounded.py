"""The bounded pass: every input up to a size, in increasing size order.

Before the random search, a claim whose procedure can enumerate its cases
(:attr:`~axiometrics.checker.cases.Procedure.enumerate`) is decided on every
case of the smallest sizes: the procedure yields :class:`Level` objects in
increasing size (every confusion matrix with N items and C classes, every
tie pattern of n scores times every gold labelling, ...), each holding all
the claim's cases of that size (for a relational claim every related pair or
tuple: every one-item move of every matrix, every scale factor of a small
set).  The pass stops at the first deciding case, which is then the smallest
by construction (not only shrunk), or when the next level no longer fits the
case budget; the levels it finished are the *bound* the verdict states:
"holds for all K cases with N <= 4 at C = 3 (exhaustive)".

What the bound does not say: a property that holds for every input up to a
size may fail beyond it (docs/claims.md gives an example); the random search
that follows covers larger inputs, without a guarantee.

Cases are scored in chunks: the entries of many cases that share a shape are
stacked into one call of the measure (the batch kernels), the observations
split back per case, and each case decided by the procedure's own rule with
the claim's tolerance.  A chunk whose call fails or warns is scored again
case by case, so a crash or a warning is attributed to the case that caused it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.checker.cases import Case, Decision, Level, Observation, Size, size_label
from axiometrics.checker.tolerance import Judge

if TYPE_CHECKING:
    from axiometrics.checker.subject import Subject

__all__ = [
    "CHUNK_CASES",
    "Bound",
    "BoundedFinding",
    "BoundedResult",
    "bounded_search",
    "merge_levels",
]

#: Cases scored together in one chunk (their entries stacked per shape).
CHUNK_CASES = 256
#: Consecutive levels without a case that end the pass (an endless stream of
#: empty levels, e.g. sizes a precondition rules out entirely, must not hang it).
MAX_EMPTY_LEVELS = 256


@dataclass(frozen=True)
class Bound:
    """What a bounded pass covered.

    Attributes
    ----------
    n_cases
        Cases decided (inside or outside the claim) before the pass stopped.
    levels
        The sizes of the levels finished, in the order they ran.
    exhausted
        The enumeration ran out of levels (every size the procedure
        enumerates was covered) rather than out of budget.
    budget
        The case budget of the pass.
    """

    n_cases: int
    levels: tuple[Size, ...]
    exhausted: bool = False
    budget: int = 0

    @property
    def reached(self) -> str:
        """The largest finished size per value of the other size names.

        ``"N <= 8 at C = 2; N <= 4 at C = 3"`` (the first name is the one
        that grows fastest); empty when no level was finished.
        """
        if not self.levels:
            return ""
        first = self.levels[0][0][0]
        largest: dict[tuple[tuple[str, int], ...], int] = {}
        for size in self.levels:
            rest = size[1:]
            largest[rest] = max(largest.get(rest, size[0][1]), size[0][1])
        parts = []
        for rest, top in largest.items():
            where = f" at {size_label(rest)}" if rest else ""
            parts.append(f"{first} <= {top}{where}")
        return "; ".join(parts)

    def describe(self) -> str:
        """One sentence: ``"every case with N <= 4 at C = 3 (1,200 cases, exhaustive)"``."""
        if not self.levels:
            return f"no size level finished within the bound ({self.budget:,} cases)"
        how = "every size enumerated" if self.exhausted else "exhaustive to the bound"
        return f"every case with {self.reached} ({self.n_cases:,} cases, {how})"

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "cases": self.n_cases,
            "reached": self.reached,
            "levels": [dict(size) for size in self.levels],
            "exhausted": self.exhausted,
            "budget": self.budget,
        }


@dataclass(frozen=True)
class BoundedFinding:
    """A case of the bounded pass that decides the claim, or on which the measure failed.

    Attributes
    ----------
    case, observation, decision
        The case, its scores and the procedure's decision (``None`` for a crash).
    size
        The size of the level it belongs to: the smallest size with such a case.
    crashed
        The measure raised (or its call timed out) on the case.
    """

    case: Case
    observation: Observation
    decision: Decision | None
    size: Size
    crashed: bool = False


@dataclass(frozen=True)
class BoundedResult:
    """The bounded pass's finding (if any), what it covered, and its cases outside the claim."""

    finding: BoundedFinding | None
    bound: Bound
    outside: int = 0
    inside: int = 0


def merge_levels(*streams: Iterable[Level]) -> Iterator[Level]:
    """Interleave level streams by their case count, cheapest first.

    Each stream (e.g. the matrices of C = 2, of C = 3, ...) must yield levels
    of non-decreasing :attr:`~axiometrics.checker.cases.Level.count`.  The
    merged stream then covers every stream as far as the budget allows
    (two classes up to many items, four classes up to a few), and the pass,
    which stops at the first level that does not fit, leaves every stream
    covered up to a size (the bound's "N <= 8 at C = 2; N <= 3 at C = 4").
    A level without a count sorts last within its stream's position.
    """

    def key(level: Level) -> int:
        return level.count if level.count is not None else 2**62

    return heapq.merge(*streams, key=key)


def _merged(cases: Sequence[Case]) -> tuple[Case, np.ndarray] | None:
    """The cases' entries stacked into one case, with each case's first entry index.

    ``None`` when the cases cannot be stacked (ragged cases, or entries of
    different shapes or class-value presence): they are then scored one by one.
    """
    if any(c.ragged for c in cases):
        return None
    shapes = {tuple(a.shape[1:] for a in c.inputs) for c in cases}
    with_values = {c.values is not None for c in cases}
    if len(shapes) != 1 or len(with_values) != 1:
        return None
    inputs = tuple(
        np.concatenate([c.inputs[i] for c in cases]) for i in range(len(cases[0].inputs))
    )
    values = None
    if cases[0].values is not None:
        values = np.concatenate([np.asarray(c.values) for c in cases])
    starts = np.cumsum([0] + [c.n_entries for c in cases])
    names = tuple(f"e{i}" for i in range(int(starts[-1])))
    return Case(inputs, values, names), starts


def _observe_chunk(
    subject: Subject, cases: Sequence[Case], enforce_range: bool
) -> list[Observation]:
    """One observation per case, from one stacked call when the chunk allows it."""
    merged = _merged(cases) if len(cases) > 1 else None
    if merged is not None:
        whole, starts = merged
        obs = subject.observe(whole, enforce_range=enforce_range)
        if obs.crash is None and not obs.warnings:
            return [
                Observation(obs.scores[a:b].copy(), obs.undefined[a:b].copy())
                for a, b in pairwise(starts)
            ]
    return [subject.observe(case, enforce_range=enforce_range) for case in cases]


def _satisfied(cases: Sequence[Case], predicates: Sequence[Callable[..., Any]]) -> list[bool]:
    return [all(case.satisfies(p) for p in predicates) for case in cases]


def _chunks(cases: Iterable[Case], size: int) -> Iterator[list[Case]]:
    it = iter(cases)
    while chunk := list(islice(it, size)):
        yield chunk


def bounded_search(
    subject: Subject,
    levels: Iterable[Level],
    decide: Callable[[Case, Observation, Judge], Decision],
    judge: Judge,
    *,
    budget: int,
    universal: bool,
    predicates: Sequence[Callable[..., Any]] = (),
    observe_undefined: bool = False,
    observe_crashes: bool = False,
    nan_outside: bool = False,
    timed_out: Callable[[], bool] = lambda: False,
    progress: Callable[[int], None] | None = None,
) -> BoundedResult:
    """Decide a claim on every case of its smallest sizes, in increasing size order.

    Parameters
    ----------
    subject
        The measure under test.
    levels
        The procedure's levels, smallest first.
    decide
        The procedure's decision rule.
    judge
        The tolerance policy.
    budget
        Most cases to decide; a level that would not finish within it is
        not counted as covered (and not started when its count is known).
    universal
        A failing case decides a universal claim, a holding one an
        existential claim.
    predicates
        Precondition predicates every entry of a case must satisfy (cases
        violating one lie outside the claim).
    observe_undefined, observe_crashes
        As the procedure's flags: hand cases with undefined entries, or on
        which the measure raised, to ``decide``.
    timed_out
        Whether the subject's call guard saw a call time out (the pass then
        stops with that case as a crash).
    nan_outside
        A case on which the measure returns an undeclared NaN or a score
        outside its declared range lies outside (see
        :class:`~axiometrics.errors.UndeclaredNaNError` and
        :class:`~axiometrics.errors.ScoreOutOfRangeError`).
    progress
        Called with the number of cases decided after each chunk.

    Returns
    -------
    BoundedResult
        The first deciding (or crashing) case with its level's size, and the
        levels finished.
    """
    deciding = "fails" if universal else "holds"
    enforce_range = observe_crashes
    done: list[Size] = []
    n_cases = outside = inside = 0

    empty_run = 0

    def result(finding: BoundedFinding | None = None, exhausted: bool = False) -> BoundedResult:
        bound = Bound(n_cases, tuple(done), exhausted, budget)
        return BoundedResult(finding, bound, outside, inside)

    for level in levels:
        left = budget - n_cases
        if left <= 0 or (level.count is not None and level.count > left):
            return result()
        before = n_cases
        for chunk in _chunks(level.cases(), CHUNK_CASES):
            finished = n_cases + len(chunk) <= budget
            if not finished:
                chunk = chunk[: budget - n_cases]
            keep = _satisfied(chunk, predicates)
            observed = _observe_chunk(subject, chunk, enforce_range)
            for case, ok, obs in zip(chunk, keep, observed, strict=True):
                n_cases += 1
                refused = obs.refused_by_signature or (nan_outside and obs.well_defined_finding)
                if refused and not timed_out():
                    outside += 1
                    continue
                if timed_out() or (obs.crash is not None and not observe_crashes):
                    return result(BoundedFinding(case, obs, None, level.size, crashed=True))
                if not ok or (np.any(obs.undefined) and not observe_undefined):
                    outside += 1
                    continue
                decision = decide(case, obs, judge)
                if decision.status == "outside":
                    outside += 1
                    continue
                inside += 1
                if decision.status == deciding:
                    return result(BoundedFinding(case, obs, decision, level.size))
            if progress is not None:
                progress(n_cases)
            if not finished:
                return result()
        done.append(level.size)
        empty_run = empty_run + 1 if n_cases == before else 0
        if empty_run >= MAX_EMPTY_LEVELS:
            return result()
    return result(exhausted=True)
