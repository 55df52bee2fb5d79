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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from axiometrics.errors import InputTypeError, InvalidParameterError

if TYPE_CHECKING:
    from axiometrics.checker.subject import Subject
    from axiometrics.checker.verdicts import Verdict

__all__ = [
    "CallableMeasure",
    "ClaimCheck",
    "RegisteredMeasure",
    "callable_measure",
    "claim_checks",
    "parametrize_with_claims",
]

#: The pseudo-claim of a differential check against a built-in measure.
REFERENCE = "reference"


@dataclass(frozen=True)
class CallableMeasure:
    """A third-party function described as a measure (see :func:`callable_measure`)."""

    func: Callable[..., Any]
    family: str
    name: str
    signature: str | None = None
    higher_is_better: bool = True
    params: Mapping[str, Any] = field(default_factory=dict)
    labels_argument: str | None = "auto"
    undefined: Any = "error"
    expect: Mapping[str, Any] = field(default_factory=dict)
    reference: str | None = None
    optimum: float | None = None
    score_range: tuple[float, float] | None = None
    integer_labels: bool = True
    call_timeout: float | None = 5.0
    claims: tuple[str, ...] | None = None

    def subject(self) -> Subject:
        """The checker's :class:`~axiometrics.checker.subject.Subject` for this function."""
        from axiometrics.checker.callables import subject_from_callable

        return subject_from_callable(
            self.func,
            family=self.family,
            signature=self.signature,
            higher_is_better=self.higher_is_better,
            name=self.name,
            optimum=self.optimum,
            score_range=self.score_range,
            expect=self.expect,
            params=self.params,
            labels_argument=self.labels_argument,
            undefined=self.undefined,
            integer_labels=self.integer_labels,
            call_timeout=self.call_timeout,
        )


@dataclass(frozen=True)
class RegisteredMeasure:
    """A registered measure, optionally restricted to some claims (``[tool.axiometrics]``)."""

    name: str
    claims: tuple[str, ...] | None = None


def callable_measure(
    func: Callable[..., Any],
    *,
    family: str,
    signature: str | None = None,
    higher_is_better: bool = True,
    params: Mapping[str, Any] | None = None,
    labels_argument: str | None = "auto",
    undefined: Any = "error",
    expect: Mapping[str, Any] | None = None,
    reference: str | None = None,
    name: str | None = None,
    optimum: float | None = None,
    score_range: tuple[float, float] | None = None,
    integer_labels: bool = True,
    call_timeout: float | None = 5.0,
    claims: Sequence[str] | None = None,
) -> CallableMeasure:
    """Describe a third-party function as a measure whose claims can be checked.

    Parameters
    ----------
    func
        The metric, e.g. ``sklearn.metrics.f1_score``.
    family, signature, higher_is_better, params, labels_argument, undefined
        How to call it and read its result (see
        :func:`axiometrics.checker.callables.subject_from_callable`).
    expect
        ``{claim: "holds" | "holds if PRECONDITION" | "violated"}``.
    reference
        A built-in measure (name or expression) the function must agree with.
    name
        The item name (default: the function's name).
    optimum, score_range, integer_labels, call_timeout
        As in :func:`axiometrics.checker.check`.
    claims
        The claims to make items for (default: every claim of the family).

    Raises
    ------
    InputTypeError
        If ``func`` is not callable.
    InvalidParameterError, UnknownClaimError
        On a bad option, unknown claim, or a signature the function cannot take.
    """
    if not callable(func):
        raise InputTypeError(f"func={func!r} must be callable")
    display = name or getattr(func, "__name__", None) or type(func).__name__
    measure = CallableMeasure(
        func=func,
        family=family,
        name=str(display),
        signature=signature,
        higher_is_better=bool(higher_is_better),
        params=dict(params or {}),
        labels_argument=labels_argument,
        undefined=undefined,
        expect=dict(expect or {}),
        reference=reference,
        optimum=optimum,
        score_range=score_range,
        integer_labels=bool(integer_labels),
        call_timeout=call_timeout,
        claims=tuple(claims) if claims is not None else None,
    )
    subject = measure.subject()  # validates every option now, not when the items run
    _validate_claims(measure.claims, subject.measure.family)
    if reference is not None:
        from axiometrics.registry import default_registry

        ref = default_registry().get(reference)
        if ref.measure.family != family:
            raise InvalidParameterError(
                f"reference={reference!r} is a {ref.measure.family} measure, not {family!r}"
            )
    return measure


def _validate_claims(claims: Iterable[str] | None, family: str) -> None:
    if claims is None:
        return
    from axiometrics.claims import claim as lookup_claim

    for name in claims:
        found = lookup_claim(name)
        if not found.applies_to(family):
            raise InvalidParameterError(
                f"claim {name!r} applies to {list(found.families)} measures, not {family!r}"
            )


def _settings() -> tuple[str, int | None, Any]:
    from axiometrics import pytest_plugin

    return pytest_plugin.current_settings()


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

        from axiometrics.checker import check
        from axiometrics.checker.profiles import resolve_profile
        from axiometrics.checker.reference import check_reference
        from axiometrics.checker.verdicts import Outcome

        profile_name, seed, database = _settings()
        subject = self._subject()
        if self.claim == REFERENCE:
            profile = resolve_profile(profile_name)
            verdict = check_reference(
                subject,
                str(self.target.reference),
                profile=profile,
                seed_value=profile.seed(seed),
                database=database,
            )
            if verdict.outcome is Outcome.NOT_REFUTED:
                return
            pytest.fail(self._failure(subject, verdict, "agree with the built-in"), pytrace=False)
        report = check(
            subject,
            [self.claim],
            settings=profile_name,
            seed=seed,
            variants=False,
            database=database,
        )
        result = report.result(self.claim)
        verdict = result.verdict
        declared = type(result.declared).__name__
        o = verdict.outcome
        if o is Outcome.ERROR:
            pytest.fail(self._failure(subject, verdict, "run without error"), pytrace=False)
        if o is Outcome.NOT_APPLICABLE:
            pytest.skip(f"{self.claim}: {verdict.reason}")
        if declared == "Holds":
            if o in (Outcome.REFUTED, Outcome.NOT_CONFIRMED):
                pytest.fail(self._failure(subject, verdict, "hold"), pytrace=False)
            return
        if declared == "Violated":
            if o in (Outcome.REFUTED, Outcome.NOT_CONFIRMED):
                pytest.xfail(f"expected violated, and it is: {verdict.summary()}")
            pytest.fail(
                f"{self._title(subject)}: {self.claim} is expected to be violated, but the "
                f"checker found no counterexample: {verdict.summary()} (declaration unproven; "
                f"try --axiometrics-profile=thorough){self._replay(verdict)}",
                pytrace=False,
            )
        if o is Outcome.REFUTED:
            pytest.xfail(f"{verdict.summary()} (no expectation declared)")

    def _subject(self) -> Subject:
        from axiometrics.checker import resolve_subject

        if isinstance(self.target, CallableMeasure):
            return self.target.subject()
        if isinstance(self.target, RegisteredMeasure):
            return resolve_subject(self.target.name)
        return resolve_subject(self.target)

    def _title(self, subject: Subject) -> str:
        return f"measure {subject.measure.title!r}"

    def _replay(self, verdict: Verdict) -> str:
        return (
            f"\nseed {verdict.seed} (profile {verdict.profile}); replay: "
            f"pytest -k {_k_expression(self.item_id)!r} --axiometrics-seed={verdict.seed}"
        )

    def _failure(self, subject: Subject, verdict: Verdict, expected: str) -> str:
        lines = [
            f"{self._title(subject)}: {self.claim} was expected to {expected}: {verdict.summary()}"
        ]
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
        if isinstance(self.target, CallableMeasure) and subject.arguments is not None:
            head, qualname = _import_line(self.target.func)
            lines = ["import numpy as np", head]
            for e in entries:
                if self.claim == REFERENCE and "(built-in)" in e.name:
                    continue
                args, kwargs = subject.arguments(e.inputs, e.values)
                kwargs = {**self.target.params, **kwargs}
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


def _k_expression(item_id: str) -> str:
    """A ``-k`` expression selecting the item: its words joined with ``and``."""
    words = [w for w in re.split(r"[^A-Za-z0-9_]+", item_id) if w]
    return " and ".join(words)


def _measure_id(measure: Any) -> str:
    if isinstance(measure, CallableMeasure | RegisteredMeasure):
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
    from axiometrics.claims import claims_for_family
    from axiometrics.registry import default_registry

    if isinstance(measure, CallableMeasure):
        family = measure.family
        own = measure.claims
    elif isinstance(measure, RegisteredMeasure):
        family = default_registry().get(measure.name).measure.family
        own = measure.claims
    else:
        family = default_registry().get(measure).measure.family
        own = None
    wanted = claims if claims is not None else own
    if wanted is None:
        return family, [c.name for c in claims_for_family(family)]
    _validate_claims(wanted, family)
    return family, list(wanted)


def claim_checks(
    measures: Iterable[Any], claims: Sequence[str] | None = None
) -> list[tuple[str, Any, str, ClaimCheck]]:
    """``(id, measure, claim, check)`` for every (measure, claim) pair, ids ``measure[claim]``.

    A measure with a ``reference`` adds ``(measure[reference], ...)``.
    """
    if isinstance(measures, str | CallableMeasure | RegisteredMeasure):
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
        if isinstance(measure, CallableMeasure) and measure.reference is not None:
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
