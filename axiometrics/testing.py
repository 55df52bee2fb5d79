"""Check measures' claims in your own test suite: one pytest item per (measure, claim).

Usage in a metric library's tests::

    from sklearn.metrics import mean_absolute_error
    from axiometrics.testing import callable_measure, parametrize_with_claims

    MAE = callable_measure(
        mean_absolute_error,
        family="oc",
        signature="gold,system",
        higher_is_better=False,
        expect={"ordinal_invariance": "violated", "symmetry": "holds"},
    )

    @parametrize_with_claims([MAE, "cem_ord"])
    def test_claims(measure, claim, check):
        check()

Items are named ``test_claims[measure[claim]]`` (select with ``-k``).  The
verdict policy of ``check()``:

* expected to hold (an ``expect`` entry, or a registered measure's
  declaration) and refuted, or any check that errors: the test fails with the
  shrunk counterexample, both scores, a line that calls your own function on
  the counterexample, the seed and how to replay;
* expected ``violated``: a strict xfail; the item is *xfailed* when the checker
  finds the counterexample and *fails* when it finds none (declaration
  unproven);
* no expectation: the verdict is reported; a refuted claim shows as xfailed
  with its reason, anything else passes;
* no generated case satisfies the claim's preconditions: skipped with a reason.

A measure with ``reference="rnod"`` gets one more item, ``measure[reference]``,
comparing it with the built-in measure of that name on generated inputs (see
:mod:`axiometrics.checker.reference`).

The profile and seed come from the pytest options ``--axiometrics-profile``
and ``--axiometrics-seed`` (ini keys ``axiometrics_profile``,
``axiometrics_seed``); outside pytest the ``ci`` profile and seed 0 are used.
Importing this module is cheap: the checker (and Hypothesis) load when a
check runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from axiometrics import check_session
from axiometrics.errors import InputTypeError, InvalidParameterError

if TYPE_CHECKING:
    from axiometrics.checker.spec import MeasureSpec
    from axiometrics.checker.subject import Subject
    from axiometrics.checker.verdicts import Verdict

__all__ = [
    "ClaimCheck",
    "RegisteredMeasure",
    "callable_measure",
    "claim_checks",
    "current_settings",
    "parametrize_with_claims",
]

#: The pseudo-claim of a differential check against a built-in measure.
REFERENCE = "reference"

#: ``(profile, seed, database)`` of the claim checks of this session.
current_settings = check_session.current_settings


def __getattr__(name: str) -> Any:
    """``CallableMeasure``: the name :class:`~axiometrics.checker.spec.MeasureSpec` had here.

    Resolved on first use, so importing this module stays cheap.
    """
    if name == "CallableMeasure":
        from axiometrics.checker.spec import MeasureSpec

        return MeasureSpec
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class RegisteredMeasure:
    """A registered measure, optionally restricted to some claims (``[tool.axiometrics]``)."""

    name: str
    claims: tuple[str, ...] | None = None

    def spec(self) -> MeasureSpec:
        """The same measure as a :class:`~axiometrics.checker.spec.MeasureSpec`."""
        from axiometrics.checker.spec import MeasureSpec

        return MeasureSpec(self.name, claims=self.claims)


def callable_measure(func: Callable[..., Any], *, family: str, **options: Any) -> MeasureSpec:
    """Describe a third-party function as a measure whose claims can be checked.

    Parameters
    ----------
    func
        The metric, e.g. ``sklearn.metrics.f1_score``.
    family
        Its family (``"oc"``, ``"nominal"``, ``"oq"``, ``"scored"`` or a
        plugin's).
    **options
        Any other field of :class:`~axiometrics.checker.spec.MeasureSpec`,
        with its default: ``signature``, ``higher_is_better``, ``params``,
        ``labels_argument``, ``undefined``, ``integer_labels``,
        ``call_timeout`` (how to call it and read its result);
        ``expect`` (``{claim: "holds" | "holds if PRECONDITION" |
        "violated"}``); ``reference`` (a built-in measure, name or
        expression, the function must agree with); ``name`` (the item name,
        default the function's name); ``optimum``, ``score_range``;
        ``dtype`` (the precision it computes in, e.g. ``"float32"``: its
        scores are compared under that precision's tolerance; inferred from
        the returned value when not given) or an explicit ``tolerance``;
        ``claims`` (the claims to make items for, default
        every claim of the family).

    Returns
    -------
    MeasureSpec
        The validated description (every option is checked now, not when
        the items run).

    Raises
    ------
    InputTypeError
        If ``func`` is not callable.
    InvalidParameterError, UnknownClaimError, UnknownMeasureError
        On a bad option or unknown claim, or a signature the function
        cannot take.  A ``reference`` that names no built-in measure of the
        family is the one exception: it is kept as an
        :class:`~axiometrics.checker.spec.UnresolvedReference`, and its
        ``measure[reference]`` item fails with the message (a raise here
        would be a collection error that stops the pytest session).
    """
    if not callable(func):
        raise InputTypeError(f"func={func!r} must be callable")
    from dataclasses import replace

    from axiometrics.checker.spec import MeasureSpec, UnresolvedReference, reference_problem

    reference = options.pop("reference", None)
    spec = MeasureSpec(func, family=family, **options)
    if reference is None:
        return spec
    problem = reference_problem(reference, spec.plan.family.name)
    if problem is not None:
        # Raising here would stop the import of the test module: a collection
        # error that ends the whole session instead of one failing item.
        reference = UnresolvedReference(reference, problem)
    return replace(spec, reference=reference)


def _as_spec(measure: Any) -> MeasureSpec:
    """A measure given to :func:`claim_checks`, as a spec."""
    from axiometrics.checker.spec import MeasureSpec

    if isinstance(measure, MeasureSpec):
        return measure
    if isinstance(measure, RegisteredMeasure):
        return measure.spec()
    return MeasureSpec(measure)


def _literal(value: Any) -> str:
    import numpy as np

    if isinstance(value, np.ndarray):
        return f"np.array({value.tolist()!r})"
    if isinstance(value, list | tuple):
        return repr([x.item() if hasattr(x, "item") else x for x in value])
    return repr(value)


def _import_line(func: Callable[..., Any]) -> tuple[str, str]:
    module = getattr(func, "__module__", None)
    qualname = str(getattr(func, "__qualname__", None) or getattr(func, "__name__", "f"))
    if module and module != "__main__" and "<" not in qualname:
        top = qualname.split(".")[0]
        return f"from {module} import {top}", qualname
    return f"# {qualname} is defined at runtime; call it as below", qualname


@dataclass(frozen=True)
class ClaimCheck:
    """The ``check`` argument of a claims test: runs one claim check and applies the policy."""

    target: Any
    claim: str
    item_id: str

    def __call__(self) -> None:
        """Run the check; fail, xfail or skip the current test according to the verdict."""
        import pytest

        from axiometrics.checker import CheckSettings, check
        from axiometrics.checker.check import subject_for
        from axiometrics.checker.profiles import resolve_profile
        from axiometrics.checker.reference import check_reference
        from axiometrics.checker.verdicts import Outcome

        profile_name, seed, database = current_settings()
        bound = check_session.current().bound
        spec = _as_spec(self.target)
        subject = subject_for(spec)
        if self.claim == REFERENCE:
            self._fail_unresolved_reference(spec, subject)
            profile = resolve_profile(profile_name, bound=bound)
            verdict = check_reference(
                subject,
                str(spec.reference),
                profile=profile,
                seed_value=profile.seed(seed),
                tolerance=spec.declared_tolerance,
                database=database,
            )
            if verdict.outcome is Outcome.NOT_REFUTED:
                return
            _fail(
                self._failure(subject, verdict, "agree with the built-in"),
                failure_cause(subject, verdict, "disagrees with the built-in"),
            )
        settings = CheckSettings(
            profile=profile_name, seed=seed, bound=bound, variants=False, database=database
        )
        report = check(subject, [self.claim], settings=settings, tolerance=spec.declared_tolerance)
        result = report.result(self.claim)
        verdict = result.verdict
        declared = type(result.declared).__name__
        o = verdict.outcome
        if o is Outcome.ERROR:
            _fail(
                self._failure(subject, verdict, "run without error"),
                failure_cause(subject, verdict),
            )
        if o is Outcome.NOT_APPLICABLE:
            pytest.skip(f"{self.claim}: {verdict.reason}")
        if declared == "Holds":
            if o in (Outcome.REFUTED, Outcome.NOT_CONFIRMED):
                _fail(self._failure(subject, verdict, "hold"), failure_cause(subject, verdict))
            # The evidence of a pass (captured: shown with -rP, kept in JUnit XML).
            print(
                f"axiometrics {self.claim}: {verdict.summary()}; scores compared by "
                f"{verdict.tolerance}"
            )
            return
        if declared == "Violated":
            if o in (Outcome.REFUTED, Outcome.NOT_CONFIRMED):
                pytest.xfail(f"expected violated, and it is: {verdict.summary()}{_shown(verdict)}")
            _fail(
                f"{self._title(subject)}: {self.claim} is expected to be violated, but the "
                f"checker found no counterexample: {verdict.summary()} (declaration unproven; "
                f"try --axiometrics-profile=thorough){self._replay(verdict)}",
                f"measure {subject.measure.title!r}: declared violations without a counterexample",
            )
        if o is Outcome.REFUTED:
            finding = pytest.xfail.Exception(
                f"{verdict.summary()} (no expectation declared){_shown(verdict)}"
            )
            # Shown whole in the terminal summary, as a failure shows it: nobody
            # expected this counterexample, so one line is not enough to act on.
            setattr(finding, FINDING_ATTRIBUTE, self._counterexample(subject, verdict))
            raise finding

    def _fail_unresolved_reference(self, spec: MeasureSpec, subject: Subject) -> None:
        """Fail the reference item of a ``reference=`` that resolves to no built-in."""
        from axiometrics.checker.spec import UnresolvedReference

        if isinstance(spec.reference, UnresolvedReference):
            _fail(
                f"{self._title(subject)}: its reference cannot be checked: "
                f"{spec.reference.problem}",
                f"{self._title(subject)}: reference={spec.reference.name!r} does not resolve",
            )

    def _title(self, subject: Subject) -> str:
        return f"measure {subject.measure.title!r}"

    def _replay(self, verdict: Verdict) -> str:
        return (
            f"\nseed {verdict.seed} (profile {verdict.profile}); replay: "
            f"pytest -k {_k_expression(self.item_id)!r} --axiometrics-seed={verdict.seed}"
        )

    def _failure(self, subject: Subject, verdict: Verdict, expected: str) -> str:
        heading = (
            f"{self._title(subject)}: {self.claim} was expected to {expected}: {verdict.summary()}"
        )
        return self._counterexample(subject, verdict, heading)

    def _counterexample(self, subject: Subject, verdict: Verdict, heading: str = "") -> str:
        """The verdict with its counterexample, a call of the user's function and the replay."""
        lines = [heading or f"{self._title(subject)}: {self.claim} is {verdict.summary()}"]
        if verdict.tolerance:
            lines.append(f"scores compared by {verdict.tolerance}")
        if verdict.example is not None:
            lines.append(verdict.example.render(indent="  "))
            repro = self._reproduction(subject, verdict)
            if repro:
                lines.append("reproduce with your own function:")
                lines.extend(f"  {line}" for line in repro)
        return "\n".join(lines) + self._replay(verdict)

    def _reproduction(self, subject: Subject, verdict: Verdict) -> list[str]:
        if verdict.example is None:
            return []
        entries = verdict.example.entries
        spec = _as_spec(self.target)
        if not spec.is_registered and subject.arguments is not None:
            head, qualname = _import_line(spec.measure)
            lines = ["import numpy as np", head]
            for e in entries:
                if self.claim == REFERENCE and "(built-in)" in e.name:
                    continue
                args, kwargs = subject.arguments(e.inputs, e.values)
                kwargs = {**spec.plan.params, **kwargs}
                shown = [_literal(a) for a in args]
                shown += [f"{k}={_literal(v)}" for k, v in kwargs.items()]
                score = "undefined" if e.score is None else f"{e.score:.10g}"
                lines.append(f"{qualname}({', '.join(shown)})  # {e.name}: {score}")
            return lines
        lines = ["import numpy as np", "import axiometrics as ax"]
        for e in entries:
            inputs = ", ".join(_literal(a) for a in e.inputs)
            score = "undefined" if e.score is None else f"{e.score:.10g}"
            values = "" if e.values is None else f", values={_literal(e.values)}"
            lines.append(
                f"ax.score({subject.measure.name!r}, {inputs}{values})  # {e.name}: {score}"
            )
        return lines


#: The attribute of a failing item's exception that names its root cause.
CAUSE_ATTRIBUTE = "axiometrics_cause"

#: The attribute of an undeclared refutation's xfail with its whole counterexample.
FINDING_ATTRIBUTE = "axiometrics_finding"


def failure_cause(subject: Subject, verdict: Verdict, what: str = "") -> str:
    """The root cause of a failing item, shared by the items it broke.

    The exception and the line that raised it for a crash; the time limit
    for a call that hung; else what went wrong with the measure
    (``"refuted by counterexamples"``, ``"disagrees with the built-in X"``).
    """
    title = f"measure {subject.measure.title!r}"
    example = verdict.example
    if example is not None and example.crash is not None:
        message = example.crash.message.splitlines()[0] if example.crash.message else ""
        if len(message) > 100:
            message = message[:97] + "..."
        return f"{title} raised {example.crash.kind}: {message} (at {example.crash.location})"
    if verdict.outcome.value == "error":
        return f"{title}: {verdict.reason.splitlines()[0][:120] if verdict.reason else 'error'}"
    if what:
        return f"{title} {what} {verdict.options.get('reference', '')}".rstrip()
    return f"{title}: refuted by counterexamples"


def _fail(message: str, cause: str) -> NoReturn:
    """Fail the current test with ``message``, recording ``cause`` for the terminal summary."""
    import pytest

    failure = pytest.fail.Exception(message, pytrace=False)
    setattr(failure, CAUSE_ATTRIBUTE, cause)
    raise failure


def _shown(verdict: Verdict) -> str:
    """The counterexample on one line, for an xfail reason (empty without one)."""
    return f"; {verdict.example.one_line()}" if verdict.example is not None else ""


def _k_expression(item_id: str) -> str:
    """A ``-k`` expression selecting the item: its words joined with ``and``."""
    words = [w for w in re.split(r"[^A-Za-z0-9_]+", item_id) if w]
    return " and ".join(words)


def _measure_id(measure: Any) -> str:
    from axiometrics.checker.spec import MeasureSpec

    if isinstance(measure, MeasureSpec):
        return measure.display_name
    if isinstance(measure, RegisteredMeasure):
        return measure.name
    if isinstance(measure, str):
        return measure
    name = getattr(measure, "name", None)
    if isinstance(name, str):
        return name
    raise InputTypeError(
        f"measure={measure!r}: expected a registered name, a Measure or callable_measure(...)"
    )


def _family_and_claims(measure: Any, claims: Sequence[str] | None) -> tuple[str, list[str]]:
    from axiometrics.checker.spec import validate_claims
    from axiometrics.claims import claims_for_family
    from axiometrics.registry import default_registry

    spec = _as_spec(measure)
    if spec.is_registered:
        family = default_registry().get(spec.measure).measure.family
    else:
        family = spec.plan.family.name
    wanted = claims if claims is not None else spec.claims
    if wanted is None:
        return family, [c.name for c in claims_for_family(family)]
    validate_claims(wanted, family)
    return family, list(wanted)


def claim_checks(
    measures: Iterable[Any], claims: Sequence[str] | None = None
) -> list[tuple[str, Any, str, ClaimCheck]]:
    """``(id, measure, claim, check)`` for every (measure, claim) pair, ids ``measure[claim]``.

    A measure with a ``reference`` adds ``(measure[reference], ...)``.
    """
    from axiometrics.checker.spec import MeasureSpec

    if isinstance(measures, str | MeasureSpec | RegisteredMeasure):
        measures = [measures]
    out = []
    seen: set[str] = set()
    for measure in measures:
        mid = _measure_id(measure)
        if mid in seen:
            raise InvalidParameterError(
                f"measure {mid!r} is listed twice; give one of them another name= so that the "
                "item ids stay unique"
            )
        seen.add(mid)
        _, names = _family_and_claims(measure, claims)
        if isinstance(measure, MeasureSpec) and measure.reference is not None:
            names = [*names, REFERENCE]
        for claim_name in names:
            item_id = f"{mid}[{claim_name}]"
            out.append((item_id, measure, claim_name, ClaimCheck(measure, claim_name, item_id)))
    return out


def parametrize_with_claims(measures: Iterable[Any], claims: Sequence[str] | None = None) -> Any:
    """Decorator: one test item per (measure, claim), with arguments ``measure, claim, check``.

    Parameters
    ----------
    measures
        Registered names, :class:`~axiometrics.Measure` objects, or
        :func:`callable_measure` descriptions.
    claims
        Claim names (default: every claim of each measure's family, or the
        ``claims`` a :func:`callable_measure` lists).

    Returns
    -------
    pytest.MarkDecorator
        ``pytest.mark.parametrize`` with ids ``measure[claim]``.
    """
    import pytest

    params = [
        pytest.param(measure, claim, check, id=item_id)
        for item_id, measure, claim, check in claim_checks(measures, claims)
    ]
    return pytest.mark.parametrize(("measure", "claim", "check"), params)
