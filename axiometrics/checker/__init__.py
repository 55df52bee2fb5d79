"""The claim checker: Hypothesis-generated adversarial inputs that confirm or refute claims.

Public API::

    from axiometrics.checker import check

    report = check("cem_ord")                 # every claim of a registered measure
    report = check(my_fn, family="oc")        # a bare callable, no plugin needed
    print(report.render())

    spec = MeasureSpec(my_fn, family="oc", higher_is_better=False)   # the same, as one object
    report = check(spec, settings=CheckSettings(profile="dev", seed=3))

Building blocks for third-party claims: :class:`Procedure` (a case generator
plus a decision rule), :class:`Case`, :class:`CaseRequest`,
:class:`Observation`, :class:`Decision`, :class:`Judge` and
:class:`Tolerance`; attach a procedure to a :class:`~axiometrics.claims.Claim`
through its ``procedures`` mapping and register the claim.
"""

from __future__ import annotations

from axiometrics.checker.cases import (
    Case,
    CaseRequest,
    Crash,
    Decide,
    Decision,
    Observation,
    Procedure,
)
from axiometrics.checker.check import check, resolve_subject
from axiometrics.checker.database import example_database
from axiometrics.checker.profiles import PROFILES, Profile, resolve_profile
from axiometrics.checker.settings import CheckSettings
from axiometrics.checker.spec import MeasureSpec
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import DEFAULT_ATOL, DEFAULT_RTOL, Judge, Tolerance
from axiometrics.checker.verdicts import (
    CheckReport,
    ClaimResult,
    Entry,
    Example,
    Mismatch,
    Outcome,
    Verdict,
)

__all__ = [
    "DEFAULT_ATOL",
    "DEFAULT_RTOL",
    "PROFILES",
    "Case",
    "CaseRequest",
    "CheckReport",
    "CheckSettings",
    "ClaimResult",
    "Crash",
    "Decide",
    "Decision",
    "Entry",
    "Example",
    "Judge",
    "MeasureSpec",
    "Mismatch",
    "Observation",
    "Outcome",
    "Procedure",
    "Profile",
    "Subject",
    "Tolerance",
    "Verdict",
    "check",
    "example_database",
    "resolve_profile",
    "resolve_subject",
]
