"""``check``: run every applicable claim on a measure and compare with its declarations.

Usage::

    from axiometrics.checker import check

    report = check("mae_macro")                    # a registered measure, all its claims
    print(report.render())
    report.verdict("ordinal_invariance").outcome   # Outcome.REFUTED

    def my_measure(matrix):                        # a new measure, no plugin needed
        ...
    check(my_measure, family="oc", signature="matrix", higher_is_better=True)

    spec = MeasureSpec(my_measure, family="oc")    # the same description as one object
    check(spec, settings=CheckSettings(profile="dev", max_examples=50))

Every claim of each of the measure's families is checked, declared or not,
so the report also discovers properties nobody declared.  A measure of
several families (``Measure.also_families``) has each claim checked by the
procedure of the first of its families the claim has one for.  For a claim declared to
hold under preconditions, the main verdict is checked under them and a
variant without them tells whether they are needed; claims that compare
scores are also re-checked at arbitrary class spacing for measures that use
class values.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np
from hypothesis.database import ExampleDatabase

from axiometrics.checker.callables import subject_from_spec
from axiometrics.checker.cases import Case
from axiometrics.checker.guard import DEFAULT_CALL_TIMEOUT
from axiometrics.checker.locations import code_path
from axiometrics.checker.precision import declared_tolerance, resolved_tolerance
from axiometrics.checker.profiles import Profile
from axiometrics.checker.runner import run_claim, sample_cases
from axiometrics.checker.settings import CheckSettings, settings_default
from axiometrics.checker.spec import MeasureSpec, registered_scorer, spec_default
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Tolerance
from axiometrics.checker.verdicts import (
    CHECK_RAISED,
    CheckReport,
    ClaimResult,
    Example,
    Outcome,
    Verdict,
    mismatch_for,
)
from axiometrics.claims import (
    Claim,
    claims_for_family,
    get_claim,
    get_precondition,
    registered_preconditions,
)
from axiometrics.declarations import Holds, Violated
from axiometrics.errors import (
    AxiometricsError,
    InvalidParameterError,
    MeasureImplementationError,
)
from axiometrics.family import get_family
from axiometrics.measure import Measure
from axiometrics.registry import Registry, Scorer

__all__ = [
    "admitted_share",
    "check",
    "discover_preconditions",
    "resolve_subject",
    "run_check",
    "subject_for",
    "violated_preconditions",
]


def resolve_subject(
    measure: str | Measure | Scorer | Subject | MeasureSpec | Callable[..., Any],
    *,
    registry: Registry | None = None,
    family: str | None = None,
    signature: str | None = None,
    higher_is_better: bool | None = None,
    optimum: float | None = None,
    score_range: tuple[float, float] | None = None,
    expect: Mapping[str, Any] | None = None,
    name: str | None = None,
    params: Mapping[str, Any] | None = None,
    labels_argument: str | None = "auto",
    undefined: Any = None,
    integer_labels: bool = True,
    call_timeout: float | None = DEFAULT_CALL_TIMEOUT,
) -> Subject:
    """Turn a name, :class:`Measure`, :class:`Scorer`, spec or callable into a :class:`Subject`.

    The options are those of :class:`~axiometrics.checker.spec.MeasureSpec`
    (same names, same defaults); give either a spec or options.

    Raises
    ------
    UnknownMeasureError
        For an unregistered name.
    InvalidParameterError
        For a callable without ``family``, callable-only options given
        for a registered measure, or options given beside a spec.
    """
    if isinstance(measure, Subject):
        return measure
    spec = _spec(
        measure,
        family=family,
        signature=signature,
        higher_is_better=higher_is_better,
        optimum=optimum,
        score_range=score_range,
        expect=expect,
        name=name,
        params=params,
        labels_argument=labels_argument,
        undefined=undefined,
        integer_labels=integer_labels,
        call_timeout=call_timeout,
    )
    return subject_for(spec, registry)


def subject_for(spec: MeasureSpec, registry: Registry | None = None) -> Subject:
    """The :class:`Subject` a :class:`~axiometrics.checker.spec.MeasureSpec` describes.

    Raises
    ------
    UnknownMeasureError
        For an unregistered name.
    InvalidParameterError
        For a registered measure not of the spec's ``family``.
    """
    if isinstance(spec.measure, Subject):
        return spec.measure
    if spec.is_registered:
        return Subject(registered_scorer(spec, registry))
    return subject_from_spec(spec)


def _spec(measure: Any, **options: Any) -> MeasureSpec:
    """``measure`` as a spec: built from the options, or given (then no option may differ)."""
    if not isinstance(measure, MeasureSpec):
        return MeasureSpec(measure, **options)
    given = sorted(k for k, v in options.items() if v != spec_default(k))
    if given:
        raise InvalidParameterError(
            f"options {given} given beside a MeasureSpec: set them in the spec instead "
            "(dataclasses.replace(spec, ...))"
        )
    return measure


def _preflight(subject: Subject) -> None:
    """Call a bare callable once on a typical input, so that a broken measure fails clearly.

    The input is :attr:`axiometrics.family.Family.typical_inputs` (no call
    when the family has none).

    Raises
    ------
    MeasureImplementationError
        If it raises (other than its "undefined" error), naming the
        exception and the file and line that raised it.
    """
    fam = get_family(subject.measure.family)
    inputs = fam.typical_inputs
    if inputs is None:
        return
    case = Case.single(inputs, names=("typical input",), class_values=fam.class_values)
    obs = subject.observe(case)
    if obs.crash is not None:
        shown = ", ".join(
            np.array2string(np.asarray(a), separator=", ").replace("\n", "") for a in inputs
        )
        raise MeasureImplementationError(
            f"measure {subject.measure.title!r} raised {obs.crash.kind}: {obs.crash.message} "
            f"at {obs.crash.location}, on a typical {fam.name} input ({shown}); fix it "
            "before checking its claims"
        )


def _claims(requested: Iterable[str] | None, families: Sequence[str]) -> list[Claim]:
    """The requested claims, or every claim of any of ``families`` (each once, in order)."""
    if requested is None:
        found: dict[str, Claim] = {}
        for fam in families:
            for claim in claims_for_family(fam):
                found.setdefault(claim.name, claim)
        return list(found.values())
    if isinstance(requested, str):
        requested = [requested]
    return [get_claim(name) for name in requested]


@dataclass(frozen=True)
class _CheckedAs(Subject):
    """A subject seen as a member of another of its families, to check that family's claims.

    Scoring is unchanged (the scorer follows the measure's own family, whose
    inputs every family of the measure shares); the claim's procedure,
    preconditions and case generation follow :attr:`checked_family`.
    """

    checked_family: str = ""

    @property
    def measure(self) -> Measure:
        """The measure's definition with :attr:`checked_family` as its family."""
        own = self.scorer.measure
        rest = tuple(f for f in own.families if f != self.checked_family)
        return replace(own, family=self.checked_family, also_families=rest)


def _checked_as(subject: Subject, claim: Claim) -> Subject:
    """``subject`` as a member of the family whose procedure checks ``claim``."""
    family = subject.measure.claim_family(claim)
    if family is None or family == subject.measure.family:
        return subject
    own = {f.name: getattr(subject, f.name) for f in fields(Subject) if f.init}
    return _CheckedAs(**own, checked_family=family)


def _validate_preconditions(names: Sequence[str], family: str) -> tuple[str, ...]:
    out = []
    for name in names:
        pre = get_precondition(name)
        if family not in pre.families:
            raise InvalidParameterError(
                f"precondition {name!r} restricts {list(pre.families)} inputs, not {family!r}"
            )
        out.append(name)
    return tuple(out)


def check(
    measure: str | Measure | Scorer | Subject | MeasureSpec | Callable[..., Any],
    claims: Iterable[str] | None = None,
    *,
    family: str | None = None,
    signature: str | None = None,
    higher_is_better: bool | None = None,
    optimum: float | None = None,
    score_range: tuple[float, float] | None = None,
    expect: Mapping[str, Any] | None = None,
    settings: str | Profile | CheckSettings = "ci",
    max_examples: int | None = None,
    bound: int | None = None,
    seed: int | None = None,
    dtype: str | None = None,
    tolerance: Tolerance | None = None,
    options: Mapping[str, Any] | None = None,
    preconditions: Mapping[str, Sequence[str]] | None = None,
    extra_preconditions: Mapping[str, Sequence[Sequence[str]]] | None = None,
    variants: bool = True,
    registry: Registry | None = None,
    database: ExampleDatabase | None = None,
    params: Mapping[str, Any] | None = None,
    labels_argument: str | None = "auto",
    undefined: Any = None,
    integer_labels: bool = True,
    labels: str = "values",
    array_namespace: str | None = None,
    convert: Any = None,
    call_timeout: float | None = DEFAULT_CALL_TIMEOUT,
    strict: bool = False,
    discover: bool = True,
    name: str | None = None,
    progress: Callable[[int, int, ClaimResult | None], object] | None = None,
) -> CheckReport:
    """Check the claims of a measure with generated adversarial inputs.

    What the measure is can be given as one
    :class:`~axiometrics.checker.spec.MeasureSpec` (``check(spec)``) or as
    the keywords below, which build one (same names, same defaults); how
    hard to search as one :class:`~axiometrics.checker.settings.CheckSettings`
    (``settings=CheckSettings(...)``) or as keywords.  A keyword that differs
    from its default beside an object that holds it is an error.

    Parameters
    ----------
    measure
        A registered name (``"mae_macro"``, ``"accuracy_within(n=2)"``), a
        :class:`~axiometrics.Measure`, a :class:`~axiometrics.Scorer`, a
        :class:`~axiometrics.checker.spec.MeasureSpec`, or a bare callable
        (then give ``family`` and, if needed, ``signature``).
    claims
        Claim names to check (default: the spec's ``claims``, else every
        claim of the family).
    family
        The family of a bare callable: ``"oc"``, ``"nominal"``, ``"oq"``,
        ``"scored"`` or a plugin family with call signatures.
    signature
        How to call a bare callable, among its family's signatures:
        ``"matrix"``, ``"matrix.T"``, ``"gold,system"``, ``"system,gold"``
        (``oc``, ``nominal``), ``"system,gold"``, ``"gold,system"`` (``oq``),
        ``"gold,scores"``, ``"scores,gold"`` (``scored``); see
        :mod:`axiometrics.checker.callables`.
    higher_is_better
        A bare callable's direction (default ``True``).
    optimum
        A bare callable's optimum (enables the OC ``identity`` claim).
    score_range
        A bare callable's range ``(lower, upper)``.
    expect
        A bare callable's expected verdicts, e.g. ``{"symmetry": "holds"}``,
        compared like declarations.
    settings
        Profile ``"dev"``, ``"ci"`` (derandomized, the default) or
        ``"thorough"``, a :class:`~axiometrics.checker.profiles.Profile`, or
        a :class:`~axiometrics.checker.settings.CheckSettings` holding every
        search setting.
    max_examples
        Override the profile's number of cases per claim.
    bound
        Override the profile's case budget of the bounded pass, which decides
        every case of the smallest sizes before the random search (``0``: no
        bounded pass); see :mod:`axiometrics.checker.bounded`.
    seed
        Hypothesis seed (default: 0 under ``ci``, random otherwise; always
        reported in the verdicts).
    dtype
        The floating precision the measure computes in (``"float32"``, ...;
        see :mod:`axiometrics.checker.precision`): equality and strictness
        are judged under its tolerance.  Default: inferred from the value a
        bare callable returns on its family's typical input (float64 for a
        Python float).
    tolerance
        An explicit equality rule instead of ``dtype`` (default: the
        dtype's).  The rule used is stated in every verdict.
    options
        Per-claim check options, e.g. ``{"imbalance": {"spacing": "arbitrary"}}``
        (keys of :data:`axiometrics.claims.CLAIM_OPTIONS`).
    preconditions
        Per-claim preconditions for the main verdict, replacing the declared ones.
    extra_preconditions
        Per-claim further precondition sets to check as variants.
    variants
        Also run the variants (without the declared preconditions; at
        arbitrary spacing for value-using measures).
    registry
        Where to look names up (default: the default registry).
    database
        A Hypothesis example database (default: none, for reproducibility).
    params
        A bare callable's bound keyword arguments, e.g. ``{"average": "macro"}``.
    labels_argument
        A label-vector callable's keyword receiving the full class list
        (``"auto"``: ``labels`` when it takes one; ``None``: never).
    undefined
        How a bare callable tells an undefined input: ``"error"`` (default),
        ``"nan"``, ``"raise"`` or exception types (see
        :func:`axiometrics.checker.callables.undefined_policy`).
    integer_labels
        Label-vector callables: integer-valued class-value transforms
        (default) or real-valued ones (``False``).
    labels
        Label-vector callables: ``"values"`` (the class values as labels,
        default) or ``"indices"`` (class indices ``0 .. C-1``, and
        ``num_classes=C`` when the callable takes that keyword).
    array_namespace
        A callable of another array library: the module whose ``asarray``
        converts each array argument (``"array_api_strict"``, ``"torch"``);
        see :mod:`axiometrics.checker.arrays`.
    convert
        Instead of ``array_namespace``: a function converting each NumPy
        array argument.
    call_timeout
        Seconds one call of a bare callable may take (default 5); a call that
        takes longer makes the claim an error.  ``None``: no limit.
    strict
        Also fail (:attr:`CheckReport.failed`) when a declared violation is
        not found.
    discover
        When a claim is refuted on all inputs, search for the weakest
        registered precondition (or conjunction of two) under which no
        counterexample is found (:attr:`ClaimResult.weakest_preconditions`);
        runs only with ``variants``.
    name
        A bare callable's display name (default: the function's name).
    progress
        Called as ``progress(0, total, None)`` before the first claim and as
        ``progress(done, total, result)`` after each (the command line's
        progress bar); ``None``: silent.

    Returns
    -------
    CheckReport
        One result per claim, with the declaration, the verdicts and the
        mismatches.

    Raises
    ------
    InvalidParameterError
        On a bad option (see :class:`~axiometrics.checker.spec.MeasureSpec`),
        or a keyword given beside a spec or settings object that holds it.
    """
    spec = (
        measure
        if isinstance(measure, Subject)
        else _spec(
            measure,
            family=family,
            signature=signature,
            higher_is_better=higher_is_better,
            optimum=optimum,
            score_range=score_range,
            expect=expect,
            name=name,
            params=params,
            labels_argument=labels_argument,
            undefined=undefined,
            integer_labels=integer_labels,
            labels=labels,
            array_namespace=array_namespace,
            convert=convert,
            call_timeout=call_timeout,
            dtype=dtype,
            tolerance=tolerance,
        )
    )
    search = _settings(
        settings,
        max_examples=max_examples,
        bound=bound,
        seed=seed,
        database=database,
        variants=variants,
        strict=strict,
        discover=discover,
        options=options,
        preconditions=preconditions,
        extra_preconditions=extra_preconditions,
    )
    if isinstance(spec, Subject):
        declared = declared_tolerance(dtype, tolerance)
        return run_check(spec, claims, search, declared, progress=progress)
    subject = subject_for(spec, registry)
    return run_check(
        subject,
        claims if claims is not None else spec.claims,
        search,
        spec.declared_tolerance,
        progress=progress,
    )


def _settings(settings: str | Profile | CheckSettings, **given: Any) -> CheckSettings:
    """``settings`` as a :class:`CheckSettings`: built from the keywords, or given."""
    if not isinstance(settings, CheckSettings):
        return CheckSettings(profile=settings, **given)
    differ = sorted(k for k, v in given.items() if v != settings_default(k))
    if differ:
        raise InvalidParameterError(
            f"options {differ} given beside settings=CheckSettings(...): set them in the "
            "settings instead"
        )
    return settings


def run_check(
    subject: Subject,
    claims: Iterable[str] | None,
    settings: CheckSettings,
    tolerance: Tolerance | None,
    *,
    progress: Callable[[int, int, ClaimResult | None], object] | None = None,
) -> CheckReport:
    """Check ``claims`` (default: every claim of its families) of a resolved subject.

    The core of :func:`check`, once the spec is wrapped and the settings built;
    ``tolerance`` is the declared one (``None``: inferred, see
    :func:`~axiometrics.checker.precision.resolved_tolerance`).
    ``progress(0, total, None)`` is called first, ``progress(done, total,
    result)`` after each claim.
    """
    if subject.kind == "callable":
        _preflight(subject)
    tolerance = resolved_tolerance(subject, tolerance)
    profile = settings.resolved_profile()
    seed_value = profile.seed(settings.seed)
    options = settings.options or {}
    preconditions = settings.preconditions or {}
    extra_preconditions = settings.extra_preconditions or {}
    fam = subject.measure.family
    started = time.perf_counter()
    results: list[ClaimResult] = []
    chosen = _claims(claims, subject.measure.families)
    if progress is not None:
        progress(0, len(chosen), None)
    for claim in chosen:
        try:
            result = _check_claim(
                _checked_as(subject, claim),
                claim,
                profile=profile,
                seed_value=seed_value,
                tolerance=tolerance,
                options=dict(options.get(claim.name, {})),
                main_preconditions=preconditions.get(claim.name),
                extra=extra_preconditions.get(claim.name, ()),
                variants=settings.variants,
                database=settings.database,
                discover=settings.discover,
            )
        except AxiometricsError:
            raise  # a usage error (an option, a precondition, a name): the caller's to fix
        except Exception as exc:  # the claim's procedure, generator or Hypothesis raised
            result = _check_raised(subject, claim, exc, profile.name, seed_value, tolerance)
        results.append(result)
        if progress is not None:
            progress(len(results), len(chosen), results[-1])
    m = subject.measure
    return CheckReport(
        measure=m.name,
        title=m.title,
        family=fam,
        kind=subject.kind,
        results=tuple(results),
        profile=profile.name,
        seed=seed_value,
        tolerance=tolerance.describe(),
        seconds=time.perf_counter() - started,
        notes=_notes(subject),
        strict=bool(settings.strict),
    )


def _check_raised(
    subject: Subject,
    claim: Claim,
    exc: Exception,
    profile: str,
    seed_value: int,
    tolerance: Tolerance,
) -> ClaimResult:
    """The error verdict of a claim whose check raised: that claim fails, the others run.

    The reason names the exception and the innermost frame that raised it,
    so that a plugin's broken procedure or generator (or a Hypothesis health
    check) is reported as such and never stops a table or a report.
    """
    frames = list(traceback.walk_tb(exc.__traceback__))
    where = ""
    if frames:
        frame, line = frames[-1]
        where = f" at {code_path(frame.f_code.co_filename, frame.f_globals.get('__name__'))}:{line}"
    message = " ".join(str(exc).split())
    if len(message) > 300:
        message = message[:297] + "..."
    reason = f"{CHECK_RAISED} {type(exc).__name__}: {message}{where}"
    verdict = Verdict(
        claim=claim.name,
        measure=subject.measure.name,
        outcome=Outcome.ERROR,
        seed=seed_value,
        profile=profile,
        reason=reason,
        tolerance=tolerance.describe(),
    )
    declared = subject.measure.declaration(claim.name)
    return ClaimResult(claim.name, declared, verdict, mismatch=mismatch_for(declared, verdict))


def _notes(subject: Subject) -> tuple[str, ...]:
    note = subject.guard.note() if subject.guard is not None else None
    return (note,) if note else ()


def _check_claim(
    subject: Subject,
    claim: Claim,
    *,
    profile: Profile,
    seed_value: int,
    tolerance: Tolerance,
    options: dict[str, Any],
    main_preconditions: Sequence[str] | None,
    extra: Sequence[Sequence[str]],
    variants: bool,
    database: ExampleDatabase | None,
    discover: bool = True,
) -> ClaimResult:
    fam = subject.measure.family
    declared = subject.measure.declaration(claim.name)
    if main_preconditions is not None:
        pres = _validate_preconditions(main_preconditions, fam)
    elif isinstance(declared, Holds):
        pres = tuple(declared.preconditions)
    else:
        pres = ()

    def run(preconditions: tuple[str, ...], opts: dict[str, Any], label: str) -> Verdict:
        return run_claim(
            subject,
            claim,
            preconditions=preconditions,
            options=opts,
            profile=profile,
            seed_value=seed_value,
            tolerance=tolerance,
            database=database,
            label=label,
        )

    verdict = run(pres, options, "")
    extra_verdicts: list[Verdict] = []
    notes: list[str] = []
    applicable = verdict.outcome is not Outcome.NOT_APPLICABLE or bool(pres)
    procedure = claim.procedure(fam) if claim.has_procedure(fam) else None
    spacing = {**claim.default_options(), **options}.get("spacing")
    # "Equidistant values" only bites at arbitrary spacing: drop it there.
    unequal = {**options, "spacing": "arbitrary"}
    can_vary_spacing = (
        spacing == "equidistant"
        and subject.values_reach_measure
        and subject.measure.uses_class_values
    )
    if variants and applicable and claim.applies_to(fam):
        runs: list[tuple[tuple[str, ...], dict[str, Any], str]] = []

        def schedule(names: tuple[str, ...], opts: dict[str, Any], label: str) -> None:
            key = (frozenset(names), sorted(opts.items()))
            seen = [(frozenset(pres), sorted(options.items()))]
            seen += [(frozenset(r[0]), sorted(r[1].items())) for r in runs]
            if key not in seen:
                runs.append((names, opts, label))

        if pres:
            without_opts = unequal if "equidistant_values" in pres and can_vary_spacing else options
            schedule((), without_opts, "without preconditions")
        for extra_set in extra:
            names = _validate_preconditions(extra_set, fam)
            schedule(names, options, f"if {' & '.join(names)}" if names else "no preconditions")
        if procedure is not None and procedure.spacing_sensitive and can_vary_spacing:
            kept = tuple(p for p in pres if p != "equidistant_values")
            schedule(kept, unequal, "arbitrary spacing")
        for names, opts, label in runs:
            extra_verdicts.append(run(names, opts, label))
        without = next((v for v in extra_verdicts if v.label == "without preconditions"), None)
        if without is not None:
            if without.outcome is Outcome.NOT_REFUTED and verdict.outcome is Outcome.NOT_REFUTED:
                notes.append(
                    f"not refuted without the preconditions {' & '.join(pres)} either: they may "
                    "be unnecessary"
                )
            elif without.outcome is Outcome.REFUTED:
                notes.append(f"needs {' & '.join(pres)}: refuted without")
    weakest: tuple[str, ...] | None = None
    discovery: tuple[Verdict, ...] = ()
    unconditional = (
        verdict
        if not pres
        else next((v for v in extra_verdicts if v.label == "without preconditions"), None)
    )
    if (
        discover
        and variants
        # A declared violation claims no precondition, so there is none to discover;
        # skipping it keeps the property table's time close to the plain checks'.
        and not isinstance(declared, Violated)
        and unconditional is not None
        and unconditional.outcome is Outcome.REFUTED
        and unconditional.options.get("spacing") == spacing
    ):
        quick = replace(profile, shrink=False)

        def rerun(names: tuple[str, ...]) -> Verdict:
            return run_claim(
                subject,
                claim,
                preconditions=names,
                options=options,
                profile=quick,
                seed_value=seed_value,
                tolerance=tolerance,
                database=database,
                label=f"discovery: {' & '.join(names)}",
            )

        def sample() -> list[Case]:
            return sample_cases(claim, fam, options=options, seed_value=seed_value)

        weakest, discovery = discover_preconditions(unconditional, fam, rerun, sample)
    mismatch = mismatch_for(declared, verdict)
    return ClaimResult(
        claim=claim.name,
        declared=declared,
        verdict=verdict,
        variants=tuple(extra_verdicts),
        mismatch=mismatch,
        notes=tuple(notes),
        weakest_preconditions=weakest,
        discovery=discovery,
    )


#: Largest conjunction of preconditions the discovery tries.
MAX_CONJUNCTION = 2


def violated_preconditions(example: Example, family: str, candidates: Sequence[str]) -> list[str]:
    """The candidate preconditions false on some entry of a counterexample.

    Only these can rule the counterexample out, so only these are worth
    re-checking the claim under.
    """
    out = []
    for name in candidates:
        predicate = get_precondition(name).predicate(family)
        for entry in example.entries:
            batch = tuple(np.asarray(a)[None, ...] for a in entry.inputs)
            values = None if entry.values is None else np.asarray(entry.values, dtype=float)[None]
            if not np.all(predicate(*batch, values=values)):
                out.append(name)
                break
    return out


def admitted_share(cases: Sequence[Case], family: str, names: Sequence[str]) -> float:
    """Share of ``cases`` on which every precondition of ``names`` holds for every entry.

    The larger the share, the weaker the set: it rules out less of the
    claim's domain.
    """
    if not cases:
        return 0.0
    predicates = [get_precondition(n).predicate(family) for n in names]
    kept = sum(all(case.satisfies(p) for p in predicates) for case in cases)
    return kept / len(cases)


def discover_preconditions(
    refuted: Verdict,
    family: str,
    rerun: Callable[[tuple[str, ...]], Verdict],
    sample: Callable[[], Sequence[Case]] | None = None,
) -> tuple[tuple[str, ...], tuple[Verdict, ...]]:
    """Find the weakest registered precondition set under which a refuted claim survives.

    Breadth first: every single precondition the counterexample violates,
    then conjunctions of two (a first precondition and one violated by the
    counterexample found under it).  Among the sets under which no
    counterexample is found at the smallest size, the weakest is the one
    admitting the largest share of a sample of the claim's unrestricted cases
    (ties: registration order).

    Parameters
    ----------
    refuted
        The refuted verdict (checked under no preconditions).
    family
        The measure family.
    rerun
        Re-checks the claim under a precondition set and returns the verdict.
    sample
        Draws unrestricted cases of the claim, to rank survivors by weakness
        (``None``: the first survivor wins).

    Returns
    -------
    tuple
        The weakest set (``()`` if none was found) and every verdict run.
    """
    candidates = [
        p.name
        for p in registered_preconditions()
        if family in p.families and p.name not in refuted.preconditions
    ]
    runs: list[Verdict] = []
    tried: set[frozenset[str]] = set()
    frontier: list[tuple[tuple[str, ...], Verdict]] = [(tuple(refuted.preconditions), refuted)]
    for _size in range(MAX_CONJUNCTION):
        survivors: list[Verdict] = []
        next_frontier: list[tuple[tuple[str, ...], Verdict]] = []
        for names, verdict in frontier:
            if verdict.example is None:
                continue
            rest = [c for c in candidates if c not in names]
            for extra in violated_preconditions(verdict.example, family, rest):
                key = frozenset((*names, extra))
                if key in tried:
                    continue
                tried.add(key)
                combined = tuple(sorted(key))
                result = rerun(combined)
                runs.append(result)
                if result.outcome is Outcome.NOT_REFUTED:
                    survivors.append(result)
                elif result.outcome is Outcome.REFUTED:
                    next_frontier.append((combined, result))
        if survivors:
            if len(survivors) == 1 or sample is None:
                return tuple(survivors[0].preconditions), tuple(runs)
            cases = sample()
            shares = [admitted_share(cases, family, v.preconditions) for v in survivors]
            best = survivors[shares.index(max(shares))]
            return tuple(best.preconditions), tuple(runs)
        frontier = next_frontier
    return (), tuple(runs)
