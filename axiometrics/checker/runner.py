"""Running one claim procedure with Hypothesis' engine and turning the outcome into a verdict.

The procedure's strategy feeds a ``@given`` test built on the fly.  A case
that contradicts a universal claim (or satisfies an existential one) raises
inside the test, so Hypothesis shrinks it to a minimal example and re-raises
it; the runner catches that final exception and records the shrunk case,
both scores and the explanation.  Cases outside the claim (a precondition
is false, the measure is undefined on an entry) are rejected, so they
neither count nor refute.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, Verbosity, given, reject, seed, settings, target
from hypothesis.database import ExampleDatabase
from hypothesis.errors import Flaky, Unsatisfiable
from hypothesis.strategies import SearchStrategy

from axiometrics.checker.cases import Case, CaseRequest, Decision, Observation, Procedure
from axiometrics.checker.profiles import Profile
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Entry, Example, Outcome, Verdict
from axiometrics.claims import Claim
from axiometrics.claims import precondition as lookup_precondition

__all__ = ["hypothesis_settings", "run_claim", "sample_cases"]


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
    request = CaseRequest(
        family=family,
        min_classes=int(opts["min_classes"]),
        max_classes=int(opts["max_classes"]),
        max_count=int(opts["max_count"]),
        spacing=str(opts["spacing"]),
    )
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
    with _reproducible_constants():
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


class _NothingInsideError(BaseException):
    """Raised inside the Hypothesis test when no case so far lies inside the claim.

    A ``BaseException`` so that Hypothesis stops at once: Hypothesis itself
    would keep generating several hundred more cases before giving up.
    """


#: A claim none of whose first this many cases lies inside it is not
#: applicable (the measure is undefined on its whole domain, or the
#: preconditions admit nothing).  Among the built-in checks a claim with any
#: case inside it has more than half of its cases inside.
GIVE_UP_AFTER = 200


@dataclass
class _Tally:
    """Cases counted until the claim is decided (shrinking replays are not counted)."""

    cases: int = 0
    outside: int = 0
    decided: bool = False

    def reject(self) -> None:
        """Count a case outside the claim and reject it."""
        if not self.decided:
            self.outside += 1
            if self.cases == 0 and self.outside >= GIVE_UP_AFTER:
                raise _NothingInsideError
        reject()


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
    entries = tuple(
        Entry(
            case.names[k],
            tuple(np.array(a) for a in case.entry(k)),
            np.array(case.values[k]),
            None if np.isnan(obs.scores[k]) else float(obs.scores[k]),
        )
        for k in indices
    )
    info = {key: str(value) for key, value in case.info.items()}
    return Example(family, entries, explanation, info, obs.crash, obs.warnings)


@contextmanager
def _reproducible_constants() -> Iterator[None]:
    """Stop Hypothesis from mixing literals of the imported modules into the search.

    Hypothesis draws, with probability 0.05, constants it collects from every
    non-library module in ``sys.modules``; the same seed then generates
    different cases depending on what happens to be imported (the CLI, a
    pytest session, a notebook) and on every literal of axiometrics itself
    when it is installed editable, so a derandomized verdict could change
    with unrelated code.  During a check the collection is pinned empty
    (Hypothesis' library-wide constants are still used).
    """
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover - a Hypothesis without the pool
        yield
        return
    names = ("_local_constants", "_get_local_constants", "CONSTANTS_CACHE")
    if not all(hasattr(providers, n) for n in names):  # pragma: no cover
        yield
        return
    empty = type(providers._local_constants)()
    original = providers._get_local_constants
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = original
        providers.CONSTANTS_CACHE.cache.clear()


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
    family = measure.family
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
    }

    def not_applicable(reason: str) -> Verdict:
        return Verdict(outcome=Outcome.NOT_APPLICABLE, reason=reason, **base)

    if not claim.applies_to(family):
        return not_applicable(f"applies to {'/'.join(claim.families)} measures only")
    if not claim.has_procedure(family):
        return not_applicable(f"no checking procedure for family {family!r}")
    procedure: Procedure = claim.procedure(family)
    if procedure.needs_values and not subject.values_reach_measure:
        return not_applicable(
            "the class values never reach this callable (give it a values= keyword, or use "
            "a label-vector signature)"
        )
    if opts["spacing"] == "arbitrary" and not subject.values_reach_measure:
        return not_applicable("the class values never reach this callable")
    if procedure.needs_optimum and measure.optimum is None:
        return not_applicable("the measure declares no optimum")
    predicates = []
    for name in preconditions:
        pre = lookup_precondition(name)
        predicates.append((name, pre.predicate(family)))

    request = CaseRequest(
        family=family,
        min_classes=int(opts["min_classes"]),
        max_classes=int(opts["max_classes"]),
        max_count=int(opts["max_count"]),
        spacing=str(opts["spacing"]),
        preconditions=frozenset(preconditions),
        integer_values=subject.integer_values,
        max_items=subject.max_items,
    )
    strategy = _strategy(procedure, request)
    judge = Judge(
        tolerance,
        measure.higher_is_better,
        measure.optimum,
        undefined_declared=bool(measure.undefined),
    )
    universal = claim.form == "universal"
    tally = _Tally()

    def probe(case: Case) -> None:
        for _, predicate in predicates:
            if not np.all(predicate(*case.inputs, values=case.values)):
                tally.reject()
        obs = subject.observe(case, enforce_range=procedure.observe_crashes)
        if subject.guard is not None and subject.guard.timed_out:
            raise _CallTimedOut(case, obs)
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
            tally.decided = True
            raise _CaseFoundError(case, obs, decision)

    # Distinguish claims, precondition sets and options in an example database.
    probe._hypothesis_internal_add_digest = repr(  # type: ignore[attr-defined]
        (measure.name, claim.name, tuple(preconditions), sorted(opts.items()))
    ).encode()
    test = seed(seed_value)(hypothesis_settings(profile, database)(given(strategy)(probe)))
    if subject.guard is not None:
        subject.guard.reset()
    started = time.perf_counter()
    outcome: Outcome
    example = None
    reason = ""
    try:
        with _reproducible_constants():
            test()
    except _CaseFoundError as found:
        outcome = Outcome.REFUTED if universal else Outcome.CONFIRMED
        example = _example(
            family,
            found.case,
            found.observation,
            found.decision.explanation,
            found.decision.entries,
        )
    except _MeasureCrashedError as crashed:
        outcome = Outcome.ERROR
        crash = crashed.observation.crash
        reason = str(crash)
        example = _example(family, crashed.case, crashed.observation, "the measure raised")
    except _CallTimedOut as hung:
        outcome = Outcome.ERROR
        reason = str(hung.observation.crash)
        example = _example(family, hung.case, hung.observation, "the call did not return")
    except (Unsatisfiable, _NothingInsideError):
        outcome = Outcome.NOT_APPLICABLE
        reason = (
            f"no generated case lies inside the claim ({tally.outside} tried: preconditions "
            "false or the measure undefined on them)"
        )
    except Flaky as exc:
        outcome = Outcome.ERROR
        reason = f"the measure gave different results on the same input ({type(exc).__name__})"
    else:
        outcome = Outcome.NOT_REFUTED if universal else Outcome.NOT_CONFIRMED
        if tally.cases == 0:
            outcome = Outcome.NOT_APPLICABLE
            reason = (
                f"no generated case lies inside the claim ({tally.outside} tried: "
                "preconditions false or the measure undefined on them)"
            )
    seconds = time.perf_counter() - started
    return Verdict(
        outcome=outcome,
        example=example,
        n_cases=tally.cases,
        n_outside=tally.outside,
        seed=seed_value,
        seconds=seconds,
        reason=reason,
        **base,
    )
