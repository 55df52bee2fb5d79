"""Differential check: a third-party measure against the built-in measure of its name.

``check_reference(subject, "rnod")`` generates the family's inputs (its
:attr:`~axiometrics.family.Family.reference_cases`, e.g. confusion matrices or
pairs of distributions, else the cases of its ``well_defined`` procedure,
which reach its edge cases), scores each with the subject (called in
its own argument order and matrix orientation, see
:mod:`axiometrics.checker.callables`) and with the registered reference
measure, and looks for a disagreement: both defined and not equal under the
tolerance, or defined for one and undefined for the other.  The first
disagreement is shrunk by Hypothesis to a minimal one.  The verdict's claim is
``"reference"``: ``not_refuted`` when they agree on every case, ``refuted``
with the disagreement, ``error`` when one of them raised.  Scores are compared
as they are, so a normalisation difference (e.g. a distance not divided by
``C - 1``) is a disagreement the example shows.
"""

from __future__ import annotations

import time

import numpy as np
from hypothesis import given, reject, seed
from hypothesis import strategies as st
from hypothesis.database import ExampleDatabase

from axiometrics import strategies as ax_st
from axiometrics.checker import hypothesis_internals as internals
from axiometrics.checker.cases import Case, CaseRequest, Observation
from axiometrics.checker.precision import resolved_tolerance
from axiometrics.checker.profiles import Profile
from axiometrics.checker.rules import fmt
from axiometrics.checker.runner import hypothesis_settings
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Entry, Example, Outcome, Verdict
from axiometrics.claims import get_claim
from axiometrics.errors import InvalidParameterError
from axiometrics.family import get_family
from axiometrics.registry import Registry, default_registry

__all__ = ["REFERENCE_CLAIM", "check_reference"]

#: The claim name of a differential verdict.
REFERENCE_CLAIM = "reference"


class _DisagreementError(Exception):
    def __init__(
        self, case: Case, ours: Observation, theirs: Observation, why: str, index: int
    ) -> None:
        super().__init__(why)
        self.case = case
        self.ours = ours
        self.theirs = theirs
        self.why = why
        self.index = index


class _CrashedError(Exception):
    def __init__(self, case: Case, obs: Observation, who: str) -> None:
        super().__init__(str(obs.crash))
        self.case = case
        self.obs = obs
        self.who = who


def _cases(
    family: str, max_count: int | None, refused: frozenset[str] = frozenset()
) -> st.SearchStrategy[Case]:
    """Inputs of ``family``: its reference cases hook, else its ``well_defined`` cases.

    ``refused``: the family's input features either measure refuses
    (:attr:`~axiometrics.checker.CaseRequest.refused_features`), which the
    ``well_defined`` cases then leave out, since no comparison could use them.
    """
    fam = get_family(family)
    if fam.reference_cases is not None:
        cases: st.SearchStrategy[Case] = fam.reference_cases(max_count)
        return cases
    cap = max_count if max_count is not None else ax_st.DEFAULT_MAX_COUNT
    well_defined = get_claim("well_defined")
    if not well_defined.has_procedure(family):
        raise InvalidParameterError(
            f"family={family!r}: no generator of its inputs (the family takes {fam.inputs!r}, "
            "has no reference_cases hook and registers no well_defined procedure to draw them "
            "from)"
        )
    opts = well_defined.default_options()
    request = CaseRequest.from_options(
        family, {**opts, "max_count": min(int(opts["max_count"]), cap)}, refused_features=refused
    )
    return well_defined.procedure(family).cases(request)


def _score(obs: Observation, index: int = 0) -> float | None:
    score = obs.scores[index]
    return None if obs.undefined[index] or np.isnan(score) else float(score)


def check_reference(
    subject: Subject,
    reference: str,
    *,
    profile: Profile,
    seed_value: int,
    tolerance: Tolerance | None = None,
    registry: Registry | None = None,
    database: ExampleDatabase | None = None,
) -> Verdict:
    """Compare ``subject`` with the registered measure ``reference`` on generated inputs.

    Raises
    ------
    UnknownMeasureError
        For an unregistered reference name (with suggestions).
    InvalidParameterError
        When the reference is of another family than the subject.
    """
    ref = (registry or default_registry()).get(reference)
    family = subject.measure.family
    if family not in ref.measure.families:
        raise InvalidParameterError(
            f"reference={reference!r} is a {ref.measure.family} measure; "
            f"{subject.measure.title!r} is {family}"
        )
    other = Subject(ref)
    tally = {"cases": 0}

    def judge() -> Judge:
        # An undeclared precision is inferred from the callable's scores, observed first.
        used = resolved_tolerance(subject, tolerance)
        return Judge(used, subject.measure.higher_is_better, None, True)

    def probe(case: Case) -> None:
        ours = subject.observe(case, enforce_range=False)
        if ours.refused_by_signature:
            reject()  # the callable's signature cannot take this input: outside its domain
        nan = ours.undeclared_nan
        if nan:
            # An undeclared NaN: undefined here, compared as such (well_defined reports it).
            k = case.n_entries
            ours = Observation(np.full(k, np.nan), np.ones(k, dtype=bool))
        if ours.crash is not None:
            raise _CrashedError(case, ours, subject.measure.title)
        theirs = other.observe(case, enforce_range=False)
        if theirs.crash is not None:
            raise _CrashedError(case, theirs, ref.name)
        tally["cases"] += 1
        rule = judge()
        for k in range(case.n_entries):
            a, b = _score(ours, k), _score(theirs, k)
            if a is None and b is None:
                continue
            if a is None or b is None:
                which = subject.measure.title if a is None else ref.name
                how = " (it returned NaN)" if nan else ""
                raise _DisagreementError(
                    case, ours, theirs, f"{which} is undefined{how}, the other is not", k
                )
            if not rule.equal(a, b):
                raise _DisagreementError(
                    case,
                    ours,
                    theirs,
                    f"{fmt(a)} vs {ref.name} {fmt(b)} (difference {abs(a - b):.3g})",
                    k,
                )

    internals.add_database_digest(
        probe, repr((subject.measure.name, REFERENCE_CLAIM, ref.name)).encode()
    )
    refused = subject.refused_features | other.refused_features
    # Settings after the seed: @seed drops the settings' example database (see runner.search).
    test = hypothesis_settings(profile, database)(
        seed(seed_value)(given(_cases(family, subject.max_count, refused))(probe))
    )
    base = {
        "claim": REFERENCE_CLAIM,
        "measure": subject.measure.name,
        "options": {"reference": ref.name},
        "profile": profile.name,
        "seed": seed_value,
        "label": f"reference {ref.name}",
    }
    started = time.perf_counter()
    try:
        test()
    except _DisagreementError as found:
        entries = (
            _entry(found.case, found.ours, subject.measure.title, found.index),
            _entry(found.case, found.theirs, f"{ref.name} (built-in)", found.index),
        )
        example = Example(family, entries, f"disagreement: {found.why}")
        return Verdict(
            outcome=Outcome.REFUTED,
            example=example,
            n_cases=tally["cases"],
            seconds=time.perf_counter() - started,
            reason=f"disagrees with the built-in {ref.name}",
            tolerance=judge().tolerance.describe(),
            **base,  # type: ignore[arg-type]
        )
    except _CrashedError as crashed:
        example = Example(
            family,
            (_entry(crashed.case, crashed.obs, crashed.who),),
            f"{crashed.who} raised",
            crash=crashed.obs.crash,
        )
        return Verdict(
            outcome=Outcome.ERROR,
            example=example,
            n_cases=tally["cases"],
            seconds=time.perf_counter() - started,
            reason=str(crashed.obs.crash),
            tolerance=judge().tolerance.describe(),
            **base,  # type: ignore[arg-type]
        )
    return Verdict(
        outcome=Outcome.NOT_REFUTED,
        n_cases=tally["cases"],
        seconds=time.perf_counter() - started,
        reason=f"agrees with the built-in {ref.name}",
        tolerance=judge().tolerance.describe(),
        **base,  # type: ignore[arg-type]
    )


def _entry(case: Case, obs: Observation, name: str, index: int = 0) -> Entry:
    values = case.entry_values(index)
    return Entry(
        name,
        tuple(np.array(a) for a in case.entry(index)),
        None if values is None else np.array(values),
        _score(obs, index),
    )
