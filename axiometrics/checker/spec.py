"""One description of a measure under test: :class:`MeasureSpec`.

What the measure *is* (how hard to search for counterexamples is
:class:`~axiometrics.checker.settings.CheckSettings`): a registered measure,
or a bare callable with its family, call signature, direction, optimum,
range, bound parameters, ``labels`` keyword, integer labels, undefined
policy, expected verdicts, reference, name, per-call time limit, the claims
to check and the tolerance of score comparisons.  The Python API
(:func:`axiometrics.checker.check`), ``axiometrics check``, ``axiometrics
report --measure``, :func:`axiometrics.testing.callable_measure` and the
pytest plugin's ``[[tool.axiometrics.measures]]`` entries all build one; the
defaults live here only, and every option is validated here when the spec is
built (:meth:`MeasureSpec.__post_init__`), with the errors of
:mod:`axiometrics.checker.callable_options`.

Usage::

    from axiometrics.checker import CheckSettings, MeasureSpec, check

    spec = MeasureSpec(my_error, family="oc", signature="gold,system", higher_is_better=False)
    report = check(spec, settings=CheckSettings(profile="dev", seed=3))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from axiometrics.checker.arrays import Converter, array_converter, check_label_encoding
from axiometrics.checker.callable_options import (
    UndefinedPolicy,
    accepts_keyword,
    callable_family,
    check_arity,
    check_params,
    labels_keyword,
    parameters_of,
    parse_expectations,
    undefined_policy,
)
from axiometrics.checker.guard import DEFAULT_CALL_TIMEOUT, validate_call_timeout
from axiometrics.checker.precision import declared_tolerance
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Tolerance
from axiometrics.claims import get_claim
from axiometrics.declarations import ClaimDeclaration
from axiometrics.errors import InputTypeError, InvalidParameterError
from axiometrics.family import CallSignature, Family
from axiometrics.measure import Measure
from axiometrics.registry import Registry, Scorer, default_registry
from axiometrics.suggest import closest

__all__ = [
    "CallPlan",
    "MeasureSpec",
    "UnresolvedReference",
    "pyproject_keys",
    "registered_scorer",
    "spec_default",
    "validate_claims",
]

#: Field metadata: the option applies to bare callables only (a registered
#: measure brings its own).
_CALLABLE_ONLY = {"callable_only": True}
#: The same, for an option whose default is not ``None`` (given when it differs).
_CALLABLE_ONLY_DEFAULTED = {"callable_only": True, "defaulted": True}


@dataclass(frozen=True)
class CallPlan:
    """How a bare callable is called: a :class:`MeasureSpec`'s options, resolved and checked.

    Attributes
    ----------
    family
        The registered family (canonical name in ``family.name``).
    call
        The family's call signature chosen.
    signature
        Its name (``"matrix"``, ``"gold,system"``, ...).
    params
        Keyword arguments bound on every call.
    policy
        What tells an undefined input.
    timeout
        Seconds one call may take, or ``None``.
    display
        The display name (``name``, else the function's name).
    registry_name
        ``display`` made an identifier, used as the measure's name.
    higher_is_better
        The direction.
    pass_values
        Whether the class values are passed as a ``values`` keyword.
    labels_keyword
        The keyword receiving the full class list, or ``None``.
    expectations
        The expected verdicts, as declarations.
    indices
        Label vectors hold class indices ``0 .. C-1`` (``labels="indices"``).
    num_classes
        Pass ``num_classes=C`` (indices, and the callable names that keyword).
    convert
        Converts each NumPy argument to the callable's array type, or ``None``.
    """

    family: Family
    call: CallSignature
    signature: str
    params: dict[str, Any]
    policy: UndefinedPolicy
    timeout: float | None
    display: str
    registry_name: str
    higher_is_better: bool
    pass_values: bool
    labels_keyword: str | None
    expectations: dict[str, ClaimDeclaration]
    indices: bool = False
    num_classes: bool = False
    convert: Converter | None = None


@dataclass(frozen=True)
class MeasureSpec:
    """A measure under test: a registered one, or a bare callable and how to call it.

    Building a spec validates every option (the error names the option);
    the spec is immutable, so :func:`dataclasses.replace` re-validates.

    Attributes
    ----------
    measure
        A registered name (``"mae_macro"``, ``"accuracy_within(n=2)"``), a
        :class:`~axiometrics.Measure`, a :class:`~axiometrics.Scorer`, a
        :class:`~axiometrics.checker.subject.Subject`, or a bare callable.
        A pyproject entry gives it as ``callable = "module:function"`` (or
        ``name`` for a registered measure).
    family
        A bare callable's family: ``"oc"``, ``"nominal"``, ``"oq"``,
        ``"scored"`` or a plugin family with call signatures (any case);
        required for a callable.  For a registered measure it must be one of
        its families.
    signature
        How to call a bare callable, among its family's signatures (``None``:
        the family's first); see :mod:`axiometrics.checker.callables`.
    higher_is_better
        A bare callable's direction (``None``: ``True``).
    optimum
        A bare callable's optimum (enables the ``identity`` claim).
    score_range
        A bare callable's range ``(lower, upper)`` (``None``: unbounded;
        ``range = [low, high]`` in a pyproject entry).
    params
        Keyword arguments bound on every call, e.g. ``{"average": "macro"}``.
    labels_argument
        Label-vector signatures: the keyword receiving the full class list
        (``"auto"``: ``labels`` when the callable takes one; ``None``: never).
    integer_labels
        Label-vector signatures: integer-valued class-value transforms
        (``False``: real-valued ones).
    labels
        Label-vector signatures: ``"values"`` (the class values are the
        labels) or ``"indices"`` (class indices ``0 .. C-1``, and
        ``num_classes=C`` when the callable has that keyword), as tensor
        libraries take them.
    array_namespace
        A bare callable of another array library: the module whose
        ``asarray`` converts each array argument (``"array_api_strict"``,
        ``"torch"``, ``"jax.numpy"``); see :mod:`axiometrics.checker.arrays`.
    convert
        Instead of ``array_namespace``: a function (or ``"module:function"``)
        converting each NumPy array argument.
    undefined
        How a bare callable tells an undefined input (``None``: ``"error"``;
        see :func:`~axiometrics.checker.callable_options.undefined_policy`).
    expect
        Expected verdicts, e.g. ``{"symmetry": "holds"}``, compared like
        declarations.
    reference
        A built-in measure of the same family the callable must agree with
        (a ``measure[reference]`` item of :mod:`axiometrics.testing`;
        :func:`~axiometrics.checker.check` does not run it).  An
        :class:`UnresolvedReference` (what
        :func:`~axiometrics.testing.callable_measure` keeps of a name that
        does not resolve) is accepted unchecked: its item fails.
    name
        Display name (default: the function's name).
    call_timeout
        Seconds one call of a bare callable may take; ``None``: no limit.
    claims
        The claims to check (``None``: every claim of the family).
    dtype
        The floating precision the measure computes in (``"float32"``, see
        :mod:`axiometrics.checker.precision`): its scores are compared under
        that precision's tolerance.  ``None``: inferred from the scores a bare
        callable returns (float64 for Python floats).
    tolerance
        The equality rule of score comparisons, given explicitly instead of a
        ``dtype`` (``tolerance = {atol = ..., rtol = ...}`` in a pyproject
        entry).
    """

    measure: Any = field(metadata={"key": "callable"})
    family: str | None = None
    signature: str | None = field(default=None, metadata=_CALLABLE_ONLY)
    higher_is_better: bool | None = field(default=None, metadata=_CALLABLE_ONLY)
    optimum: float | None = field(default=None, metadata=_CALLABLE_ONLY)
    score_range: tuple[float, float] | None = field(
        default=None, metadata={**_CALLABLE_ONLY, "key": "range"}
    )
    params: Mapping[str, Any] | None = field(default=None, metadata=_CALLABLE_ONLY)
    labels_argument: str | None = "auto"
    integer_labels: bool = True
    labels: str = field(default="values", metadata=_CALLABLE_ONLY_DEFAULTED)
    array_namespace: str | None = field(default=None, metadata=_CALLABLE_ONLY)
    convert: Any = field(default=None, metadata=_CALLABLE_ONLY)
    undefined: Any = field(default=None, metadata=_CALLABLE_ONLY)
    expect: Mapping[str, Any] | None = field(default=None, metadata=_CALLABLE_ONLY)
    reference: str | UnresolvedReference | None = None
    name: str | None = None
    call_timeout: float | None = DEFAULT_CALL_TIMEOUT
    claims: tuple[str, ...] | None = None
    dtype: str | None = None
    tolerance: Tolerance | None = None

    def __post_init__(self) -> None:
        """Normalise ``claims``, resolve the declared tolerance and validate every option.

        Raises
        ------
        InputTypeError
            If ``measure`` is neither a registered measure nor callable.
        InvalidParameterError, UnknownClaimError, UnknownMeasureError
            On a bad option: a callable without ``family``, options of bare
            callables given for a registered measure, an unknown family,
            signature, claim or reference, a ``params`` key or signature the
            function cannot take, a bad undefined policy or time limit, an
            unknown ``dtype``, or both ``dtype`` and ``tolerance``.
        """
        if self.tolerance is not None and not isinstance(self.tolerance, Tolerance):
            raise InputTypeError(f"tolerance={self.tolerance!r}: expected a Tolerance")
        object.__setattr__(
            self, "_declared_tolerance", declared_tolerance(self.dtype, self.tolerance)
        )
        if self.claims is not None:
            claims = (self.claims,) if isinstance(self.claims, str) else tuple(self.claims)
            object.__setattr__(self, "claims", claims)
        if self.is_registered:
            if isinstance(self.measure, Subject):
                return  # already wrapped: its options were validated then
            given = [
                f.name
                for f in fields(self)
                if f.metadata.get("callable_only")
                and getattr(self, f.name) != (f.default if f.metadata.get("defaulted") else None)
            ]
            if given:
                raise InvalidParameterError(
                    f"options {given} apply to bare callables only; a registered measure brings "
                    "its own direction, optimum and declarations"
                )
            return
        if not callable(self.measure):
            raise InputTypeError(
                f"measure={self.measure!r}: expected a registered name, a Measure, a Scorer or "
                "a callable"
            )
        if self.family is None:
            raise InvalidParameterError(
                "family= is required to check a bare callable ('oc' or 'nominal' for confusion "
                "matrices or label vectors, 'oq' for distributions, 'scored' for (y_true, "
                "y_score) vectors, or a plugin family)"
            )
        plan = _plan(self)
        validate_claims(self.claims, plan.family.name)
        _check_reference(self.reference, plan.family.name)
        object.__setattr__(self, "_plan", plan)

    @property
    def is_registered(self) -> bool:
        """Whether :attr:`measure` is registered (a name, Measure, Scorer or Subject)."""
        return isinstance(self.measure, str | Measure | Scorer | Subject)

    @property
    def declared_tolerance(self) -> Tolerance | None:
        """The tolerance the spec declares (``tolerance``, or ``dtype``'s); ``None``: inferred."""
        declared: Tolerance | None = self.__dict__["_declared_tolerance"]
        return declared

    @property
    def plan(self) -> CallPlan:
        """How the bare callable is called (its options resolved).

        Raises
        ------
        InvalidParameterError
            For a registered measure.
        """
        plan = self.__dict__.get("_plan")
        if plan is None:
            raise InvalidParameterError(
                f"measure={self.measure!r} is a registered measure, not a bare callable"
            )
        return plan

    @property
    def display_name(self) -> str:
        """The name items and reports show: ``name``, the function's or the registered name."""
        if not self.is_registered:
            return self.plan.display
        if isinstance(self.measure, str):
            return self.measure
        return str(self.measure.name)


def _plan(spec: MeasureSpec) -> CallPlan:
    """Resolve and check a bare callable's options (the order of the checks is the errors')."""
    func: Callable[..., Any] = spec.measure
    fam = callable_family(str(spec.family))
    accepted = fam.signature_names
    sig = (spec.signature or accepted[0]).replace(" ", "")
    if sig not in accepted:
        near = closest(sig, list(accepted))
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise InvalidParameterError(
            f"signature={spec.signature!r}: family {fam.name!r} callables take one of "
            f"{list(accepted)}{hint}"
        )
    call = fam.call_signature(sig)
    if spec.params is not None and not isinstance(spec.params, Mapping):
        raise InvalidParameterError(
            f"params={spec.params!r}: expected a mapping of keyword arguments"
        )
    bound = dict(spec.params or {})
    policy = undefined_policy(spec.undefined)
    timeout = validate_call_timeout(spec.call_timeout)
    display = str(spec.name or getattr(func, "__name__", None) or type(func).__name__)
    registry_name = re.sub(r"[^a-z0-9_]+", "_", display.lower()).strip("_") or "measure"
    if not registry_name[0].isalpha():
        registry_name = f"m_{registry_name}"
    labels = call.label_vectors
    takes_values = accepts_keyword(func, "values")
    pass_values = fam.class_values and not labels and "values" not in bound and takes_values
    labels_kw = labels_keyword(func, spec.labels_argument, labels, bound)
    indices = check_label_encoding(spec.labels) == "indices"
    if indices and not labels:
        raise InvalidParameterError(
            f"labels='indices' applies to label-vector signatures ({_label_signatures(fam)}), "
            f"not signature={sig!r}"
        )
    named = parameters_of(func) or {}
    num_classes = indices and "num_classes" in named and "num_classes" not in bound
    convert = array_converter(spec.array_namespace, spec.convert)
    check_params(func, bound, display)
    keywords = [*bound, *(["values"] if pass_values else []), *([labels_kw] if labels_kw else [])]
    keywords += ["num_classes"] if num_classes else []
    check_arity(func, len(sig.split(",")), sig, display, keywords)
    return CallPlan(
        family=fam,
        call=call,
        signature=sig,
        params=bound,
        policy=policy,
        timeout=timeout,
        display=display,
        registry_name=registry_name,
        higher_is_better=True if spec.higher_is_better is None else bool(spec.higher_is_better),
        pass_values=bool(pass_values),
        labels_keyword=labels_kw,
        expectations=parse_expectations(spec.expect, fam.name),
        indices=indices,
        num_classes=num_classes,
        convert=convert,
    )


def _label_signatures(fam: Family) -> str:
    names = [n for n in fam.signature_names if fam.call_signature(n).label_vectors]
    return ", ".join(names) or f"family {fam.name!r} has none"


def validate_claims(claims: Iterable[str] | None, family: str) -> None:
    """Check that every claim of ``claims`` exists and applies to ``family``.

    Raises
    ------
    UnknownClaimError
        For an unknown claim.
    InvalidParameterError
        For a claim of other families.
    """
    for name in claims or ():
        found = get_claim(name)
        if not found.applies_to(family):
            raise InvalidParameterError(
                f"claim {name!r} applies to {list(found.families)} measures, not {family!r}"
            )


@dataclass(frozen=True)
class UnresolvedReference:
    """A ``reference=`` that names no built-in measure of the callable's family.

    :func:`axiometrics.testing.callable_measure` keeps it instead of raising,
    so that a typo fails the one ``measure[reference]`` item rather than the
    import of the test module (a collection error that stops the session).

    Attributes
    ----------
    name
        The reference as given.
    problem
        Why it does not resolve (the message of the error it raised).
    """

    name: Any
    problem: str

    def __str__(self) -> str:
        return str(self.name)


def reference_problem(reference: Any, family: str) -> str | None:
    """Why ``reference`` cannot serve a callable of ``family``; ``None`` when it can.

    Parameters
    ----------
    reference
        A registered measure's name or expression.
    family
        The callable's family.

    Returns
    -------
    str or None
        The message of the error :class:`MeasureSpec` would raise.
    """
    from axiometrics.errors import AxiometricsError

    try:
        _check_reference(reference, family)
    except AxiometricsError as exc:
        return str(exc)
    return None


def _check_reference(reference: Any, family: str) -> None:
    if reference is None or isinstance(reference, UnresolvedReference):
        return
    ref = default_registry().get(reference)
    if family not in ref.measure.families:  # a measure of several families serves any of them
        raise InvalidParameterError(
            f"reference={reference!r} is a {'/'.join(ref.measure.families)} measure, not {family!r}"
        )


def registered_scorer(spec: MeasureSpec, registry: Registry | None = None) -> Scorer:
    """The scorer of a registered measure, checked against the spec's ``family``.

    Raises
    ------
    UnknownMeasureError
        For an unregistered name.
    InvalidParameterError
        When ``family`` is not one of the measure's families.
    """
    scorer = (registry or default_registry()).get(spec.measure)
    if spec.family is not None and spec.family not in scorer.measure.families:
        raise InvalidParameterError(
            f"family={spec.family!r} does not match measure {scorer.name!r} of family "
            f"{'/'.join(scorer.measure.families)!r}"
        )
    return scorer


def spec_default(name: str) -> Any:
    """The default of the :class:`MeasureSpec` field ``name`` (the one place defaults live).

    Raises
    ------
    InvalidParameterError
        For a name that is not a field with a default.
    """
    for f in fields(MeasureSpec):
        if f.name == name and f.default is not MISSING:
            return f.default
        if f.name == name and f.default_factory is not MISSING:
            return f.default_factory()
    raise InvalidParameterError(f"name={name!r}: not a MeasureSpec option with a default")


def pyproject_keys() -> tuple[str, ...]:
    """The keys of one ``[[tool.axiometrics.measures]]`` entry, one per :class:`MeasureSpec` field.

    ``measure`` is given as ``callable`` (``name`` alone names a registered
    measure) and ``score_range`` as ``range``.
    """
    return tuple(f.metadata.get("key", f.name) for f in fields(MeasureSpec))
