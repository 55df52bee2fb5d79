"""Running one claim procedure with Hypothesis' engine and turning the outcome into a verdict.

The procedure's strategy feeds a ``@given`` test built on the fly.  A case
that contradicts a universal claim (or satisfies an existential one) raises
inside the test, so Hypothesis shrinks it to a minimal example and re-raises
it; the runner catches that final exception and records the shrunk case,
both scores and the explanation (or, once the profile's shrink budget runs
out without progress, the simplest deciding case so far).  Cases outside the claim (a precondition
is false, the measure is undefined on an entry) are rejected, so they
neither count nor refute.

:func:`run_claim` does it in three steps: :func:`plan_search` (the procedure,
the case request, the preconditions), :func:`search` (driving Hypothesis and
collecting what ended the search) and :func:`outcome_of` (the outcome, the
example and the reason that this amounts to).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, Verbosity, given, reject, seed, settings, target
from hypothesis.database import ExampleDatabase
from hypothesis.errors import Flaky, Unsatisfiable
from hypothesis.strategies import SearchStrategy

from axiometrics.checker import hypothesis_internals as internals
from axiometrics.checker.bounded import BoundedResult, bounded_search
from axiometrics.checker.cases import (
    Case,
    CaseRequest,
    Decision,
    Observation,
    Procedure,
    size_label,
)
from axiometrics.checker.profiles import Profile
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Entry, Example, Outcome, Verdict
from axiometrics.claims import Claim, get_precondition
from axiometrics.errors import RegistrationError
from axiometrics.family import get_family

__all__ = [
    "SearchPlan",
    "SearchResult",
    "bounded_outcome",
    "bounded_pass",
    "hypothesis_settings",
    "judge_for",
    "outcome_of",
    "plan_search",
    "run_claim",
    "sample_cases",
    "search",
]

#: The claim whose finding an undeclared NaN is (the others leave such cases out).
WELL_DEFINED = "well_defined"


def sample_cases(
    claim: Claim,
    family: str,
    *,
    options: Mapping[str, Any] | None = None,
    n: int = 200,
    seed_value: int = 0,
) -> list[Case]:
    """Draw ``n`` cases of a claim's procedure without preconditions (deterministic).

    Used to compare how much of the claim's domain precondition sets admit.
    """
    opts = {**claim.default_options(), **dict(options or {})}
    request = CaseRequest.from_options(family, opts)
    collected: list[Case] = []

    def collect(case: Case) -> None:
        collected.append(case)

    run = settings(
        max_examples=n,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
    )(given(_strategy(claim.procedure(family), request))(collect))
    with internals.reproducible_constants():
        seed(seed_value)(run)()
    return collected


class _CaseFoundError(Exception):
    """Raised inside the Hypothesis test when a case decides the claim."""

    def __init__(self, case: Case, observation: Observation, decision: Decision) -> None:
        super().__init__(decision.explanation)
        self.case = case
        self.observation = observation
        self.decision = decision


class _MeasureCrashedError(Exception):
    """Raised inside the Hypothesis test when the measure raised on a case."""

    def __init__(self, case: Case, observation: Observation) -> None:
        super().__init__(str(observation.crash))
        self.case = case
        self.observation = observation


@dataclass
class _CallTimedOut(BaseException):
    """Raised inside the Hypothesis test when a call of the callable timed out.

    A ``BaseException`` so that Hypothesis stops at once instead of shrinking
    (every shrinking step could cost another full time limit).
    """

    def __init__(self, case: Case, observation: Observation) -> None:
        super().__init__(str(observation.crash))
        self.case = case
        self.observation = observation


class _ShrinkBudgetSpentError(BaseException):
    """Raised inside the Hypothesis test when shrinking has made no progress for its budget.

    A ``BaseException`` so that Hypothesis stops at once; the runner reports
    the simplest deciding case seen so far (:attr:`_Tally.best`).
    """


class _NothingInsideError(BaseException):
    """Raised inside the Hypothesis test when no case so far lies inside the claim.

    A ``BaseException`` so that Hypothesis stops at once: Hypothesis itself
    would keep generating several hundred more cases before giving up.
    """


#: A claim none of whose first this many cases lies inside it is not
#: applicable (the measure is undefined on its whole domain, or the
#: preconditions admit nothing).  Among the built-in checks (the property
#: table's verdicts and variants) a claim with any case inside it has at
#: least 46 % of its cases inside, so 100 misses have probability below
#: 1e-26 there; a claim whose inputs are 10 % inside is still found
#: applicable with probability 0.99997.
GIVE_UP_AFTER = 100


@dataclass
class _Tally:
    """Cases counted until the claim is decided (shrinking replays are not counted).

    After the deciding case, every run of the test is a shrinking step.
    ``best`` keeps the simplest deciding case seen so far (in Hypothesis' own
    order of simplicity: fewer choices, then smaller ones), which is what a
    spent shrink budget reports, and :meth:`shrink_runs` counts the runs
    since it was found (also those whose draw was invalid and never reached
    the test body): the budget stops a shrinker that has stopped making
    progress, not one that is still simplifying.
    """

    cases: int = 0
    outside: int = 0
    decided: bool = False
    decided_at: int | None = None
    probes_since: int = 0
    best: _CaseFoundError | None = None
    best_key: Any = None

    def shrink_runs(self) -> int:
        """Test runs since the simplest deciding case so far (Hypothesis' test counter)."""
        self.probes_since += 1
        if self.decided_at is None:
            return self.probes_since
        return max(internals.runs_so_far() - self.decided_at, self.probes_since)

    def found(self, error: _CaseFoundError) -> None:
        """Record a deciding case (the simplest so far is kept, and restarts the count)."""
        key = internals.simplicity()
        if self.best is None or key < self.best_key:
            self.best, self.best_key = error, key
            self.decided_at = internals.runs_so_far()
            self.probes_since = 0
        self.decided = True

    def reject(self) -> None:
        """Count a case outside the claim and reject it."""
        if not self.decided:
            self.outside += 1
            if self.cases == 0 and self.outside >= GIVE_UP_AFTER:
                raise _NothingInsideError
        reject()


#: Outcomes of a search that decided nothing: they depend only on the cases
#: drawn, not on shrinking, so the same search need not run twice.
_REUSABLE = frozenset({Outcome.NOT_REFUTED, Outcome.NOT_CONFIRMED, Outcome.NOT_APPLICABLE})
#: The most recent undecided searches: ``key -> (subject, verdict)``.
_SEARCHED: dict[tuple[Any, ...], tuple[Subject, Verdict]] = {}
_SEARCHED_MAX = 256


def _memo_key(
    subject: Subject,
    claim: Claim,
    request: CaseRequest,
    opts: Mapping[str, Any],
    profile: Profile,
    seed_value: int,
    tolerance: Tolerance,
    targeting: bool,
) -> tuple[Any, ...]:
    """What decides the cases of a search and their verdicts (shrinking aside)."""
    return (
        id(subject),
        claim.name,
        request,
        tuple(sorted((k, repr(v)) for k, v in opts.items())),
        profile.max_examples,
        profile.bound,
        seed_value,
        repr(tolerance),
        targeting,
    )


@functools.lru_cache(maxsize=512)
def _strategy(procedure: Procedure, request: CaseRequest) -> SearchStrategy[Case]:
    """The procedure's strategy for a request, built once per process.

    Building a strategy costs Hypothesis a parse of every ``@composite``
    function's source; the property table asks for the same few requests
    hundreds of times.
    """
    return procedure.cases(request)


def _example(
    family: str,
    case: Case,
    obs: Observation,
    explanation: str,
    shown: tuple[int, ...] | None = None,
) -> Example:
    indices = range(case.n_entries) if shown is None else shown
    # A family whose inputs carry no class values shows none, whatever the case holds.
    try:
        with_values = get_family(family).class_values
    except RegistrationError:
        with_values = True
    entries = tuple(
        Entry(
            case.names[k],
            tuple(np.array(a) for a in case.entry(k)),
            case.entry_values(k) if with_values else None,
            None if np.isnan(obs.scores[k]) else float(obs.scores[k]),
        )
        for k in indices
    )
    info = {key: str(value) for key, value in case.info.items()}
    return Example(family, entries, explanation, info, obs.crash, obs.warnings)


def hypothesis_settings(profile: Profile, database: ExampleDatabase | None) -> settings:
    """The Hypothesis settings of one check: the profile's budget and shrinking, quiet.

    Shared by the claim runner and the differential reference check; the
    seed is applied separately (``hypothesis.seed``).
    """
    phases = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
    if profile.shrink:
        phases.append(Phase.shrink)
    return settings(
        max_examples=profile.max_examples,
        derandomize=False,
        database=database,
        deadline=None,
        phases=phases,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        print_blob=False,
    )


@dataclass(frozen=True)
class SearchPlan:
    """What a search needs, worked out from the subject, the claim and the options.

    Attributes
    ----------
    procedure
        The claim's procedure for the subject's family.
    request
        What cases to draw (family, options, preconditions, the subject's limits).
    predicates
        ``(name, predicate)`` of every precondition a case must satisfy.
    universal
        Whether the claim is universal (a deciding case refutes it) rather
        than existential (a deciding case confirms it).
    nan_outside
        A case on which the measure returns an undeclared NaN or a score
        outside its declared range lies outside the claim (every claim but
        ``well_defined``, whose finding it is).
    """

    procedure: Procedure
    request: CaseRequest
    predicates: tuple[tuple[str, Any], ...]
    universal: bool
    nan_outside: bool = True


@dataclass(frozen=True)
class SearchResult:
    """What the search for a deciding case found (before it becomes a verdict).

    Attributes
    ----------
    ending
        The exception that ended the search: a deciding case
        (:class:`_CaseFoundError`), a crash or time-out of the measure,
        Hypothesis giving up (nothing inside the claim) or finding the
        measure flaky; ``None`` if every case was tried without one.
    cases
        Cases inside the claim tried before it was decided.
    outside
        Cases outside the claim (rejected) before it was decided.
    """

    ending: BaseException | None
    cases: int
    outside: int


def _not_applicable_reason(subject: Subject, claim: Claim, opts: Mapping[str, Any]) -> str | None:
    """Why ``claim`` cannot be checked on ``subject`` at all, or ``None`` if it can."""
    measure = subject.measure
    family = measure.family
    if not claim.applies_to(family):
        return f"applies to {'/'.join(claim.families)} measures only"
    if not claim.has_procedure(family):
        return f"no checking procedure for family {family!r}"
    procedure: Procedure = claim.procedure(family)
    if procedure.needs_values and not subject.values_reach_measure:
        return (
            "the class values never reach this callable (give it a values= keyword, or use "
            "a label-vector signature)"
        )
    if opts["spacing"] == "arbitrary" and not subject.values_reach_measure:
        return "the class values never reach this callable"
    if procedure.needs_optimum and measure.optimum is None:
        return "the measure declares no optimum"
    return None


def plan_search(
    subject: Subject,
    claim: Claim,
    preconditions: tuple[str, ...],
    opts: Mapping[str, Any],
) -> SearchPlan:
    """The procedure, the case request and the precondition predicates of an applicable claim."""
    family = subject.measure.family
    procedure: Procedure = claim.procedure(family)
    predicates = []
    for name in preconditions:
        pre = get_precondition(name)
        predicates.append((name, pre.predicate(family)))
    request = CaseRequest.from_options(
        family,
        opts,
        preconditions=frozenset(preconditions),
        integer_values=subject.integer_values,
        max_items=subject.max_items,
        refused_features=subject.refused_features,
    )
    return SearchPlan(
        procedure,
        request,
        tuple(predicates),
        claim.form == "universal",
        nan_outside=claim.name != WELL_DEFINED,
    )


def search(
    subject: Subject,
    claim: Claim,
    plan: SearchPlan,
    *,
    preconditions: tuple[str, ...],
    opts: Mapping[str, Any],
    profile: Profile,
    seed_value: int,
    tolerance: Tolerance,
    database: ExampleDatabase | None,
    targeting: bool,
) -> SearchResult:
    """Drive Hypothesis over the procedure's cases until one decides the claim.

    Each case is checked against the preconditions, observed on the subject
    and judged by the procedure; a deciding case (a counterexample of a
    universal claim, a witness of an existential one) raises inside the
    test, so Hypothesis shrinks it (within the profile's shrink budget).
    Cases outside the claim are rejected and counted.  Nothing is turned
    into a verdict here: see :func:`outcome_of`.
    """
    measure = subject.measure
    procedure = plan.procedure
    predicates = plan.predicates
    universal = plan.universal
    strategy = _strategy(procedure, plan.request)
    judge = judge_for(subject, tolerance)
    tally = _Tally()

    shrink_budget = profile.shrink_budget

    def probe(case: Case) -> None:
        if tally.decided and shrink_budget is not None and tally.shrink_runs() > shrink_budget:
            raise _ShrinkBudgetSpentError
        for _, predicate in predicates:
            if not case.satisfies(predicate):
                tally.reject()
        obs = subject.observe(case, enforce_range=procedure.observe_crashes)
        if subject.guard is not None and subject.guard.timed_out:
            raise _CallTimedOut(case, obs)
        if obs.refused_by_signature or (plan.nan_outside and obs.well_defined_finding):
            tally.reject()
        if procedure.observe_crashes:
            # Steer the search toward both ends of the score range, where
            # range violations and overflows live.
            finite = obs.scores[np.isfinite(obs.scores)]
            if finite.size:
                target(float(finite.max()), label="highest score")
                target(float(-finite.min()), label="lowest score")
        if obs.crash is not None and not procedure.observe_crashes:
            raise _MeasureCrashedError(case, obs)
        if np.any(obs.undefined) and not procedure.observe_undefined:
            tally.reject()
        decision = procedure.decide(case, obs, judge)
        if decision.status == "outside":
            tally.reject()
        if targeting and decision.margin is not None and math.isfinite(decision.margin):
            # Climb toward the boundary: a smaller margin is a nearer miss.
            target(-decision.margin, label="nearness to a counterexample")
        if not tally.decided:
            tally.cases += 1
        deciding = decision.status == ("fails" if universal else "holds")
        if deciding:
            found = _CaseFoundError(case, obs, decision)
            tally.found(found)
            raise found

    # Distinguish claims, precondition sets and options in an example database.
    internals.add_database_digest(
        probe, repr((measure.name, claim.name, tuple(preconditions), sorted(opts.items()))).encode()
    )
    # The settings go on after the seed: Hypothesis' @seed drops the settings' example
    # database, so the other order would silently never store or replay an example.
    test = hypothesis_settings(profile, database)(seed(seed_value)(given(strategy)(probe)))
    if subject.guard is not None:
        subject.guard.reset()
    ending: BaseException | None = None
    try:
        with internals.reproducible_constants(), internals.numpy_seeded_once(seed_value):
            try:
                test()
            except _ShrinkBudgetSpentError:
                assert tally.best is not None  # raised only after a deciding case
                raise tally.best from None
    except (
        _CaseFoundError,
        _MeasureCrashedError,
        _CallTimedOut,
        Unsatisfiable,
        _NothingInsideError,
        Flaky,
    ) as exc:
        ending = exc
    return SearchResult(ending, tally.cases, tally.outside)


def judge_for(subject: Subject, tolerance: Tolerance) -> Judge:
    """The judge of a subject's cases: the tolerance, the measure's direction and optimum."""
    measure = subject.measure
    return Judge(
        tolerance,
        measure.higher_is_better,
        measure.optimum,
        undefined_declared=bool(measure.undefined),
    )


def bounded_pass(
    subject: Subject, plan: SearchPlan, *, budget: int, tolerance: Tolerance
) -> BoundedResult | None:
    """Decide the claim on every case of its smallest sizes (``None``: nothing to enumerate).

    See :mod:`axiometrics.checker.bounded`; the procedure's enumerator gets
    the same request as its strategy.
    """
    procedure = plan.procedure
    if procedure.enumerate is None or budget <= 0:
        return None
    guard = subject.guard
    if guard is not None:
        guard.reset()
    return bounded_search(
        subject,
        procedure.enumerate(plan.request),
        procedure.decide,
        judge_for(subject, tolerance),
        budget=budget,
        universal=plan.universal,
        predicates=[predicate for _, predicate in plan.predicates],
        observe_undefined=procedure.observe_undefined,
        observe_crashes=procedure.observe_crashes,
        timed_out=lambda: guard is not None and guard.timed_out,
        nan_outside=plan.nan_outside,
    )


def bounded_outcome(
    result: BoundedResult, subject: Subject, plan: SearchPlan, tolerance: Tolerance
) -> tuple[Outcome, Example, str] | None:
    """The verdict's outcome, example and reason when the bounded pass decided the claim.

    A deciding case is scored and decided once more before it is reported
    (a measure that answers differently on the same input is an error, not a
    counterexample).  ``None`` when the pass found nothing.
    """
    finding = result.finding
    if finding is None:
        return None
    family = subject.measure.family
    size = size_label(finding.size)
    if finding.crashed:
        timed_out = subject.guard is not None and subject.guard.timed_out
        what = "the call did not return" if timed_out else "the measure raised"
        example = replace(_example(family, finding.case, finding.observation, what), smallest=size)
        return Outcome.ERROR, example, str(finding.observation.crash)
    again = subject.observe(finding.case, enforce_range=plan.procedure.observe_crashes)
    decision = plan.procedure.decide(finding.case, again, judge_for(subject, tolerance))
    if finding.decision is None or decision.status != finding.decision.status:
        reason = "the measure gave different results on the same input (bounded pass)"
        example = _example(family, finding.case, again, reason)
        return Outcome.ERROR, replace(example, smallest=size), reason
    outcome = Outcome.REFUTED if plan.universal else Outcome.CONFIRMED
    example = _example(
        family, finding.case, finding.observation, decision.explanation, decision.entries
    )
    return outcome, replace(example, smallest=size), ""


def outcome_of(
    found: SearchResult, family: str, *, universal: bool
) -> tuple[Outcome, Example | None, str]:
    """The outcome, the example and the reason that a search's result amounts to.

    A deciding case refutes a universal claim or confirms an existential
    one (with the case as example); a crash or time-out of the measure is an
    error; a search with no case inside the claim makes the claim not
    applicable; a search that tried every case without a deciding one has
    not refuted (universal) or not confirmed (existential) it.
    """
    nothing_inside = (
        f"no generated case lies inside the claim ({found.outside} tried: preconditions "
        "false or the measure undefined on them)"
    )
    ending = found.ending
    if isinstance(ending, _CaseFoundError):
        outcome = Outcome.REFUTED if universal else Outcome.CONFIRMED
        example = _example(
            family,
            ending.case,
            ending.observation,
            ending.decision.explanation,
            ending.decision.entries,
        )
        return outcome, example, ""
    if isinstance(ending, _MeasureCrashedError):
        reason = str(ending.observation.crash)
        example = _example(family, ending.case, ending.observation, "the measure raised")
        return Outcome.ERROR, example, reason
    if isinstance(ending, _CallTimedOut):
        reason = str(ending.observation.crash)
        example = _example(family, ending.case, ending.observation, "the call did not return")
        return Outcome.ERROR, example, reason
    if isinstance(ending, Unsatisfiable | _NothingInsideError):
        return Outcome.NOT_APPLICABLE, None, nothing_inside
    if isinstance(ending, Flaky):
        reason = f"the measure gave different results on the same input ({type(ending).__name__})"
        return Outcome.ERROR, None, reason
    if found.cases == 0:
        return Outcome.NOT_APPLICABLE, None, nothing_inside
    return (Outcome.NOT_REFUTED if universal else Outcome.NOT_CONFIRMED), None, ""


def run_claim(
    subject: Subject,
    claim: Claim,
    *,
    preconditions: tuple[str, ...] = (),
    options: Mapping[str, Any] | None = None,
    profile: Profile,
    seed_value: int,
    tolerance: Tolerance,
    database: ExampleDatabase | None = None,
    label: str = "",
    targeting: bool | None = None,
) -> Verdict:
    """Check one claim on one subject under one set of preconditions and options.

    The claim's applicability is decided first (a claim of another family,
    without a procedure, needing class values or an optimum the subject
    lacks is not applicable); then :func:`search` looks for a deciding case
    and :func:`outcome_of` turns what it found into the verdict.  An
    undecided search without a database is remembered, so the same search
    is not run twice.

    Parameters
    ----------
    subject
        The measure under test.
    claim
        The claim (its procedure for the subject's family is used).
    preconditions
        Names of preconditions restricting the inputs.
    options
        Check options (see :data:`axiometrics.claims.CLAIM_OPTIONS`); the
        claim's defaults fill the gaps.
    profile
        Number of cases and shrinking.
    seed_value
        The Hypothesis seed.
    tolerance
        The equality rule.
    database
        Hypothesis example database (``None``: none).
    label
        The variant label recorded in the verdict.
    targeting
        Report each case's margin to :func:`hypothesis.target` (``None``: as
        the profile says; ``False`` samples blindly, for measuring what
        targeting adds).
    """
    if targeting is None:
        targeting = profile.targeting
    measure = subject.measure
    opts = {**claim.default_options(), **dict(options or {})}
    if subject.max_count is not None:
        opts["max_count"] = min(int(opts["max_count"]), subject.max_count)
    base: dict[str, Any] = {
        "claim": claim.name,
        "measure": measure.name,
        "preconditions": tuple(preconditions),
        "options": opts,
        "profile": profile.name,
        "label": label,
        "tolerance": tolerance.describe(),
    }
    why_not = _not_applicable_reason(subject, claim, opts)
    if why_not is not None:
        return Verdict(outcome=Outcome.NOT_APPLICABLE, reason=why_not, **base)
    plan = plan_search(subject, claim, tuple(preconditions), opts)
    memo_key = _memo_key(
        subject, claim, plan.request, opts, profile, seed_value, tolerance, targeting
    )
    if database is None:
        earlier = _SEARCHED.get(memo_key)
        if earlier is not None and earlier[0] is subject:
            # The same search already ran (e.g. discovery re-checking the
            # main run's precondition set) and found nothing to shrink.
            return replace(earlier[1], seconds=0.0, **base)
    started = time.perf_counter()
    bounded = bounded_pass(subject, plan, budget=profile.bound, tolerance=tolerance)
    decided = None if bounded is None else bounded_outcome(bounded, subject, plan, tolerance)
    if bounded is not None and decided is not None:
        return Verdict(
            outcome=decided[0],
            example=decided[1],
            n_cases=bounded.inside,
            n_outside=bounded.outside,
            seed=seed_value,
            seconds=time.perf_counter() - started,
            reason=decided[2],
            bound=bounded.bound,
            **base,
        )
    found = search(
        subject,
        claim,
        plan,
        preconditions=tuple(preconditions),
        opts=opts,
        profile=profile,
        seed_value=seed_value,
        tolerance=tolerance,
        database=database,
        targeting=targeting,
    )
    outcome, example, reason = outcome_of(found, measure.family, universal=plan.universal)
    verdict = Verdict(
        outcome=outcome,
        example=example,
        n_cases=found.cases,
        n_outside=found.outside,
        seed=seed_value,
        seconds=time.perf_counter() - started,
        reason=reason,
        bound=None if bounded is None else bounded.bound,
        **base,
    )
    if database is None and example is None and outcome in _REUSABLE:
        _SEARCHED[memo_key] = (subject, verdict)
        while len(_SEARCHED) > _SEARCHED_MAX:
            _SEARCHED.pop(next(iter(_SEARCHED)))
    return verdict
