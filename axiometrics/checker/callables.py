"""Checking a bare callable: a new measure validated without writing a plugin.

A callable is wrapped into a :class:`~axiometrics.checker.subject.Subject`
given its family, its signature and its direction.  The signatures come
from the family (:attr:`axiometrics.family.Family.call_signatures`, the
first being the default), so a plugin family's callables are checked like
the built-in ones:

===================  ======================  ==========================================
family               signature               how the callable is called
===================  ======================  ==========================================
``oc``, ``nominal``  ``"matrix"``            ``f(matrix)``: confusion matrix ``(C, C)``,
                                             rows = system, columns = gold (int64
                                             counts when they are integral)
``oc``, ``nominal``  ``"matrix.T"``          ``f(matrix)`` with rows = gold, columns =
                                             system (scikit-learn's ``confusion_matrix``)
``oc``, ``nominal``  ``"gold,system"``       ``f(gold, system)``: label vectors, one
                                             entry per item (scikit-learn's ``(y_true,
                                             y_pred)``); the labels are the class values
                                             (ints ``0 .. C-1`` by default)
``oc``, ``nominal``  ``"system,gold"``       ``f(system, gold)``: label vectors
``oq``               ``"system,gold"``       ``f(system, gold)``: distributions ``(C,)``
``oq``               ``"gold,system"``       ``f(gold, system)``: distributions ``(C,)``
``scored``           ``"gold,scores"``       ``f(gold, scores)``: int 0/1 labels and
                                             float scores ``(n,)``, scikit-learn's
                                             ``(y_true, y_score)``
``scored``           ``"scores,gold"``       ``f(scores, gold)``
===================  ======================  ==========================================

Before checking, the callable is called once on the family's
:attr:`~axiometrics.family.Family.typical_inputs`, so a broken callable
fails with its file and line.

If the callable accepts a ``values`` keyword it also receives the class
values (matrix and distribution signatures of families with class values),
so ordinal invariance can be checked; label signatures always carry the
values in the labels themselves (Amigó et al.'s ``Eff(f(s), f(g))``).  For
label signatures the transformed class values are integers (so a
categorical metric such as scikit-learn's ``f1_score`` sees multiclass
integer targets) unless ``integer_labels=False``, and a ``labels`` keyword
(``labels_argument``) receives the full list of classes, including those no
item uses.

Further options: ``params`` bound keyword arguments (``{"average": "macro"}``);
``undefined``, what tells an undefined input (see :func:`undefined_policy`):
the callable may always raise :class:`~axiometrics.errors.UndefinedMeasureError`;
``call_timeout``, the per-call time limit (see :mod:`axiometrics.checker.guard`).
All these options are one :class:`~axiometrics.checker.spec.MeasureSpec`,
validated when it is built; :func:`subject_from_spec` wraps it.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.checker.arrays import Converter
from axiometrics.checker.callable_options import (
    SIGNATURES,
    UndefinedPolicy,
    callable_family,
    parse_expectations,
    source_file,
    source_location,
    undefined_policy,
)
from axiometrics.checker.guard import DEFAULT_CALL_TIMEOUT, CallGuard
from axiometrics.checker.precision import ResultPrecision
from axiometrics.checker.spec import MeasureSpec
from axiometrics.checker.subject import Subject
from axiometrics.errors import (
    InputTypeError,
    MeasureImplementationError,
    UndeclaredNaNError,
    UndefinedMeasureError,
)
from axiometrics.family import CallSignature, label_values
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer

__all__ = [
    "SIGNATURES",
    "UndefinedPolicy",
    "callable_family",
    "parse_expectations",
    "source_location",
    "subject_from_callable",
    "subject_from_spec",
    "undefined_policy",
]

#: Largest cell count for label-vector callables (they get one entry per item).
LABEL_MAX_COUNT = 20
#: Largest number of items of one input for label-vector callables.
LABEL_MAX_ITEMS = 5000


def _number(result: Any, name: str) -> float:
    try:
        out = float(result)
    except (TypeError, ValueError):
        raise MeasureImplementationError(
            f"callable {name!r} returned {result!r:.80}; a measure must return one number"
        ) from None
    return out


@dataclass(frozen=True)
class _Caller:
    """Calls the user's function once, applying the bound parameters and the undefined policy."""

    func: Callable[..., Any]
    name: str
    params: Mapping[str, Any]
    policy: UndefinedPolicy
    guard: CallGuard
    precision: ResultPrecision

    def __call__(self, *args: Any, **keywords: Any) -> float:
        kwargs = {**self.params, **keywords}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            # User code runs under numpy's default error handling (warnings, not raises).
            with np.errstate(divide="warn", invalid="warn", over="warn", under="ignore"):
                try:
                    result = self.guard.call(self.func, *args, **kwargs)
                except (UndefinedMeasureError, MeasureImplementationError):
                    raise
                except self.policy.exceptions as exc:
                    raise UndefinedMeasureError(
                        f"{self.name} raised {type(exc).__name__}: {exc}"
                    ) from exc
        declared = [w for w in caught if issubclass(w.category, self.policy.exceptions)]
        if declared:
            # A warning category listed in undefined= means undefined, like an exception.
            first = declared[0]
            raise UndefinedMeasureError(
                f"{self.name} warned {first.category.__name__}: {first.message}"
            )
        out = _number(result, self.name)
        self.precision.observe(result)
        if math.isnan(out):
            if self.policy.kind == "nan":
                # Undefined: the warnings that came with the NaN are expected, not findings.
                raise UndefinedMeasureError(f"{self.name} returned NaN (undefined='nan')")
            raise UndeclaredNaNError(
                f"measure={self.name!r} returned NaN on an input it does not declare undefined; "
                "if NaN means undefined there, declare it: undefined='nan' (axiometrics check "
                '--undefined nan; undefined = "nan" in a [tool.axiometrics] entry)'
            )
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return out


Arguments = Callable[[tuple[np.ndarray, ...], Any], tuple[tuple[Any, ...], dict[str, Any]]]


def _arguments(
    signature: CallSignature,
    class_values: bool,
    pass_values: bool,
    labels_argument: str | None,
    *,
    indices: bool = False,
    num_classes: bool = False,
) -> Arguments:
    """How the family's inputs (axiometrics layout) and class values become the call's arguments.

    With ``indices`` the label vectors hold class indices ``0 .. C-1`` (and
    ``num_classes=C`` is passed when ``num_classes``).  The params bound to
    the callable are not included; the arguments are NumPy arrays (see
    :func:`_compute` for the conversion to the callable's array type).
    """

    def arguments(inputs: tuple[np.ndarray, ...], values: Any) -> Any:
        vals = np.array(values) if class_values and values is not None else None
        labels = np.arange(vals.size) if indices and vals is not None else vals
        args = signature.arguments(tuple(np.asarray(a) for a in inputs), labels)
        keywords: dict[str, Any] = {}
        if pass_values and vals is not None:
            keywords["values"] = np.array(vals)
        if labels_argument and labels is not None:
            keywords[labels_argument] = label_values(labels).tolist()
        if num_classes and labels is not None:
            keywords["num_classes"] = int(labels.size)
        return tuple(args), keywords

    return arguments


def _compute(
    caller: _Caller, arguments: Arguments, convert: Converter | None = None
) -> Callable[..., float]:
    """The scalar compute function the Scorer calls once per input.

    ``convert`` turns each NumPy array argument into the callable's array type.
    """

    def compute(*inputs: np.ndarray, values: np.ndarray) -> float:
        args, kwargs = arguments(inputs, values)
        if convert is not None:
            args = tuple(_converted(convert, a, caller.name) for a in args)
            kwargs = {k: _converted(convert, v, caller.name) for k, v in kwargs.items()}
        return caller(*args, **kwargs)

    return compute


def _converted(convert: Converter, value: Any, name: str) -> Any:
    if not isinstance(value, np.ndarray):
        return value
    try:
        return convert(value)
    except Exception as exc:  # the user's conversion: say which argument it failed on
        raise MeasureImplementationError(
            f"converting a {value.dtype} array of shape {value.shape} for {name!r} failed: "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def subject_from_callable(
    func: Callable[..., Any],
    *,
    family: str,
    signature: str | None = None,
    higher_is_better: bool | None = None,
    name: str | None = None,
    optimum: float | None = None,
    score_range: tuple[float, float] | None = None,
    expect: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
    labels_argument: str | None = "auto",
    undefined: Any = None,
    integer_labels: bool = True,
    call_timeout: float | None = DEFAULT_CALL_TIMEOUT,
) -> Subject:
    """Wrap a bare callable as a measure under test.

    The options below are those of :class:`~axiometrics.checker.spec.MeasureSpec`
    (same names, same defaults); build a spec for the others (``labels``,
    ``array_namespace``, ``convert``, ``dtype``) and wrap it with
    :func:`subject_from_spec`.

    Parameters
    ----------
    func
        The measure.
    family
        A registered family with call signatures (``"oc"``, ``"oq"``,
        ``"nominal"``, ``"scored"``, or a plugin's; any case).
    signature
        How to call it (see the module docstring); default ``"matrix"`` for
        OC and ``"system,gold"`` for OQ.
    higher_is_better
        Its direction (``None``: ``True``).
    name
        Display name (default: the function's name).
    optimum
        Score of a perfect system, if known (enables the ``identity`` claim).
    score_range
        ``(lower, upper)`` the scores must lie in (default: unbounded).
    expect
        Claims the author expects to hold or fail (see
        :func:`parse_expectations`); they are treated as declarations.
    params
        Keyword arguments bound on every call (``{"weights": "linear"}``).
    labels_argument
        Label signatures only: the keyword that receives the full list of
        classes; ``"auto"`` (default) uses ``labels`` when the callable takes
        it, ``None`` never passes one.
    undefined
        How the callable tells an undefined input (see :func:`undefined_policy`;
        ``None``: ``"error"``).
    integer_labels
        Label signatures only: transform class values to integers when
        checking ordinal invariance (``False``: real-valued transforms).
    call_timeout
        Seconds one call may take before the claim errors (``None``: no limit).

    Raises
    ------
    InputTypeError
        If ``func`` is not callable.
    InvalidParameterError
        On an unknown family or signature, bad options, or a callable whose
        signature cannot take the family's inputs (the message gives its
        file and line).
    """
    if not callable(func):
        raise InputTypeError(f"measure={func!r} must be callable")
    spec = MeasureSpec(
        func,
        family=family,
        signature=signature,
        higher_is_better=higher_is_better,
        name=name,
        optimum=optimum,
        score_range=score_range,
        expect=expect,
        params=params,
        labels_argument=labels_argument,
        undefined=undefined,
        integer_labels=integer_labels,
        call_timeout=call_timeout,
    )
    return subject_from_spec(spec)


def subject_from_spec(spec: MeasureSpec) -> Subject:
    """Wrap the bare callable of a (validated) :class:`~axiometrics.checker.spec.MeasureSpec`.

    Raises
    ------
    InvalidParameterError
        When the spec describes a registered measure.
    """
    plan = spec.plan
    func: Callable[..., Any] = spec.measure
    labels = plan.call.label_vectors
    lower, upper = spec.score_range if spec.score_range is not None else (-math.inf, math.inf)
    # Class indices carry no class values: the values reach the callable only as labels.
    values_reach = (labels and not plan.indices) or plan.pass_values
    measure = Measure(
        name=plan.registry_name,
        family=plan.family.name,
        higher_is_better=plan.higher_is_better,
        range=Range(float(lower), float(upper)),
        title=plan.display,
        description=f"bare callable defined at {source_location(func)}",
        optimum=spec.optimum,
        undefined=plan.policy.describe(),
        uses_class_values=values_reach,
        claims=plan.expectations,
    )
    guard = CallGuard(plan.display, plan.timeout)
    precision = ResultPrecision()
    caller = _Caller(func, plan.display, plan.params, plan.policy, guard, precision)
    arguments = _arguments(
        plan.call,
        plan.family.class_values,
        plan.pass_values,
        plan.labels_keyword,
        indices=plan.indices,
        num_classes=plan.num_classes,
    )
    compute = _compute(caller, arguments, plan.convert)
    scorer = Scorer(measure, compute, plugin="<callable>", vectorized=False)
    return Subject(
        scorer,
        kind="callable",
        values_reach_measure=values_reach,
        source_file=source_file(func),
        max_count=LABEL_MAX_COUNT if labels else None,
        max_items=LABEL_MAX_ITEMS if labels else None,
        location=f"{source_location(func)} in {getattr(func, '__name__', plan.display)}",
        integer_values=values_reach and labels and bool(spec.integer_labels),
        guard=guard,
        arguments=arguments,
        precision=precision,
    )
