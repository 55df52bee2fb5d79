"""Checking a bare callable: a new measure validated without writing a plugin.

A callable is wrapped into a :class:`~axiometrics.checker.subject.Subject`
given its family, its signature and its direction.  The signatures come
from the family (:attr:`axiometrics.families.Family.call_signatures`, the
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
:attr:`~axiometrics.families.Family.typical_inputs`, so a broken callable
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
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import math
import re
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.checker.guard import DEFAULT_CALL_TIMEOUT, CallGuard, validate_call_timeout
from axiometrics.checker.subject import Subject
from axiometrics.claims import claim as lookup_claim
from axiometrics.declarations import ClaimDeclaration, Holds, NotApplicable, Violated
from axiometrics.errors import (
    InputTypeError,
    InvalidParameterError,
    MeasureImplementationError,
    UndefinedMeasureError,
)
from axiometrics.families import CallSignature, Family, label_values, registered_families
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer, default_registry
from axiometrics.suggest import closest

__all__ = [
    "SIGNATURES",
    "UndefinedPolicy",
    "callable_family",
    "parse_expectations",
    "source_location",
    "subject_from_callable",
    "undefined_policy",
]


class _Signatures(Mapping[str, tuple[str, ...]]):
    """Accepted signatures per family (the first is the default), read from the families.

    A live view of :attr:`axiometrics.families.Family.call_signatures` over
    every registered family that has some (plugin families included: the
    default registry is loaded on first use).
    """

    def _table(self) -> dict[str, tuple[str, ...]]:
        default_registry()  # loads the plugin families
        return {f.name: f.signature_names for f in registered_families() if f.call_signatures}

    def __getitem__(self, name: str) -> tuple[str, ...]:
        return self._table()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: Accepted signatures per family; the first is the default.
SIGNATURES: Mapping[str, tuple[str, ...]] = _Signatures()
#: Largest cell count for label-vector callables (they get one entry per item).
LABEL_MAX_COUNT = 20
#: Largest number of items of one input for label-vector callables.
LABEL_MAX_ITEMS = 5000

_UNDECLARED = "a bare callable may raise UndefinedMeasureError where it is undefined"


@dataclass(frozen=True)
class UndefinedPolicy:
    """How a callable tells that it is undefined on an input.

    Attributes
    ----------
    kind
        ``"error"`` (only :class:`~axiometrics.errors.UndefinedMeasureError`
        means undefined; a NaN or inf result is a finding), ``"nan"`` (a NaN
        result also means undefined) or ``"raise"`` (the listed exception
        types also mean undefined).
    exceptions
        The exception types that mean undefined under ``"raise"``.
    """

    kind: str = "error"
    exceptions: tuple[type[BaseException], ...] = ()

    def describe(self) -> str:
        """The policy as the text of the measure's ``undefined`` field."""
        if self.kind == "nan":
            return "the callable returns NaN where it is undefined (undefined='nan')"
        if self.kind == "raise":
            names = ", ".join(e.__name__ for e in self.exceptions)
            return f"the callable raises {names} where it is undefined (undefined='raise')"
        return _UNDECLARED


def _exception_type(spec: Any) -> type[BaseException]:
    if isinstance(spec, type) and issubclass(spec, BaseException):
        return spec
    if isinstance(spec, str) and spec.strip():
        text = spec.strip()
        found = getattr(builtins, text, None)
        if found is None and ("." in text or ":" in text):
            module_name, _, attr = text.replace(":", ".").rpartition(".")
            try:
                found = getattr(importlib.import_module(module_name), attr, None)
            except ImportError:
                found = None
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
        builtin_errors = [
            n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, Exception)
        ]
        near = closest(text, builtin_errors)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise InvalidParameterError(
            f"undefined exception {text!r} is not an exception type (give a built-in name such "
            f"as 'ZeroDivisionError' or a dotted path such as 'pkg.module.Error'){hint}"
        )
    raise InvalidParameterError(
        f"undefined exception {spec!r}: expected an exception class or its name"
    )


def undefined_policy(spec: Any) -> UndefinedPolicy:
    """Parse an ``undefined=`` option.

    Parameters
    ----------
    spec
        ``"error"`` (default), ``"nan"``, ``"raise"`` (only
        ``UndefinedMeasureError``), ``"raise:ValueError,ZeroDivisionError"``,
        a sequence of exception types or names (``"raise"`` with them), or an
        :class:`UndefinedPolicy`.

    Raises
    ------
    InvalidParameterError
        On anything else, or a name that is not an exception type.
    """
    if spec is None:
        return UndefinedPolicy()
    if isinstance(spec, UndefinedPolicy):
        return spec
    if isinstance(spec, str):
        kind, _, rest = spec.strip().partition(":")
        kind = kind.strip().lower()
        if kind in ("error", "nan") and not rest:
            return UndefinedPolicy(kind)
        if kind == "raise":
            names = [n for n in (x.strip() for x in rest.split(",")) if n]
            return UndefinedPolicy("raise", tuple(_exception_type(n) for n in names))
        near = closest(kind, ["error", "nan", "raise"])
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise InvalidParameterError(
            f"undefined={spec!r}: expected 'error', 'nan', 'raise', 'raise:Error1,Error2' or a "
            f"list of exception types{hint}"
        )
    if isinstance(spec, type) and issubclass(spec, BaseException):
        return UndefinedPolicy("raise", (spec,))
    if isinstance(spec, Sequence):
        return UndefinedPolicy("raise", tuple(_exception_type(x) for x in spec))
    raise InvalidParameterError(
        f"undefined={spec!r}: expected 'error', 'nan', 'raise', 'raise:Error1,Error2' or a "
        "list of exception types"
    )


def source_location(func: Callable[..., Any]) -> str:
    """``"file:line"`` where ``func`` is defined (or its repr when unknown)."""
    try:
        target = inspect.unwrap(func)
        filename = inspect.getsourcefile(target) or inspect.getfile(target)
        _, line = inspect.getsourcelines(target)
    except (TypeError, OSError):
        return repr(func)
    return f"{filename}:{line}"


def _source_file(func: Callable[..., Any]) -> str | None:
    try:
        return inspect.getsourcefile(inspect.unwrap(func))
    except TypeError:
        return None


def _parameters(func: Callable[..., Any]) -> Mapping[str, inspect.Parameter] | None:
    try:
        return inspect.signature(func).parameters
    except (TypeError, ValueError):
        return None


def _accepts(func: Callable[..., Any], keyword: str) -> bool:
    params = _parameters(func)
    if params is None:
        return False
    return keyword in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _check_params(func: Callable[..., Any], params: Mapping[str, Any], name: str) -> None:
    found = _parameters(func)
    if found is None or any(p.kind is p.VAR_KEYWORD for p in found.values()):
        return
    for key in params:
        if key not in found:
            near = closest(key, list(found))
            hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
            raise InvalidParameterError(
                f"params key {key!r}: callable {name!r} defined at {source_location(func)} takes "
                f"no such keyword (it takes {list(found)}){hint}"
            )


def _check_arity(
    func: Callable[..., Any], n_inputs: int, signature: str, name: str, keywords: Sequence[str]
) -> None:
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return
    try:
        sig.bind(*([None] * n_inputs), **dict.fromkeys(keywords))
    except TypeError as exc:
        shown = signature.replace(",", ", ").replace("matrix.T", "matrix")
        raise InvalidParameterError(
            f"callable {name!r} defined at {source_location(func)} has signature {name}{sig}, "
            f"which cannot be called as f({shown}) ({exc}); give the right --signature or "
            "change the function"
        ) from None


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
        out = _number(result, self.name)
        if self.policy.kind == "nan" and math.isnan(out):
            # Undefined: the warnings that came with the NaN are expected, not findings.
            raise UndefinedMeasureError(f"{self.name} returned NaN (undefined='nan')")
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return out


Arguments = Callable[[tuple[np.ndarray, ...], Any], tuple[tuple[Any, ...], dict[str, Any]]]


def _arguments(
    signature: CallSignature, class_values: bool, pass_values: bool, labels_argument: str | None
) -> Arguments:
    """How the family's inputs (axiometrics layout) and class values become the call's arguments.

    The params bound to the callable are not included.
    """

    def arguments(inputs: tuple[np.ndarray, ...], values: Any) -> Any:
        vals = np.array(values) if class_values and values is not None else None
        args = signature.arguments(tuple(np.asarray(a) for a in inputs), vals)
        keywords: dict[str, Any] = {}
        if pass_values and vals is not None:
            keywords["values"] = np.array(vals)
        if labels_argument and vals is not None:
            keywords[labels_argument] = label_values(vals).tolist()
        return tuple(args), keywords

    return arguments


def _compute(caller: _Caller, arguments: Arguments) -> Callable[..., float]:
    """The scalar compute function the Scorer calls once per input."""

    def compute(*inputs: np.ndarray, values: np.ndarray) -> float:
        args, kwargs = arguments(inputs, values)
        return caller(*args, **kwargs)

    return compute


def parse_expectations(
    expect: Mapping[str, Any] | None, family: str
) -> dict[str, ClaimDeclaration]:
    """Turn ``{"symmetry": "holds", "imbalance": "violated"}`` into declarations.

    Values may be ``"holds"``, ``"violated"``, ``"holds if pre1 & pre2"`` or
    declaration objects.  Unknown claims raise
    :class:`~axiometrics.errors.UnknownClaimError`.
    """
    out: dict[str, ClaimDeclaration] = {}
    for claim_name, value in (expect or {}).items():
        found = lookup_claim(claim_name)
        if not found.applies_to(family):
            raise InvalidParameterError(
                f"expected claim {claim_name!r} applies to families {list(found.families)}, "
                f"not {family!r}"
            )
        if isinstance(value, Holds | Violated | NotApplicable):
            out[claim_name] = value
            continue
        text = str(value).strip().lower()
        match = re.fullmatch(r"holds(?:\s+if\s+(.+))?", text)
        if match:
            pres = tuple(p.strip() for p in re.split(r"[&+]", match.group(1) or "") if p.strip())
            out[claim_name] = Holds(preconditions=pres, note="expected by the user")
        elif text in ("violated", "fails", "refuted"):
            out[claim_name] = Violated(note="expected by the user")
        else:
            raise InvalidParameterError(
                f"expectation for claim {claim_name!r} must be 'holds', 'holds if PRE' or "
                f"'violated' (got {value!r})"
            )
    return out


def _labels_keyword(
    func: Callable[..., Any], labels_argument: str | None, labels: bool, params: Mapping[str, Any]
) -> str | None:
    if labels_argument is None or not labels:
        return None
    if labels_argument == "auto":
        found = _parameters(func)
        takes = found is not None and "labels" in found
        return "labels" if takes and "labels" not in params else None
    if not isinstance(labels_argument, str) or not labels_argument.isidentifier():
        raise InvalidParameterError(
            f"labels_argument={labels_argument!r}: expected a keyword name, 'auto' or None"
        )
    if not _accepts(func, labels_argument):
        raise InvalidParameterError(
            f"labels_argument={labels_argument!r}: the callable takes no such keyword"
        )
    return labels_argument


def callable_family(name: str) -> Family:
    """The registered family ``name`` (any case) whose bare callables can be checked.

    Raises
    ------
    InvalidParameterError
        For an unknown family (naming the nearest known ones) or a family
        that defines no call signatures.
    """
    default_registry()  # loads the plugin families
    known = {f.name.lower(): f for f in registered_families()}
    with_signatures = [f.name for f in known.values() if f.call_signatures]
    found = known.get(str(name).lower())
    if found is None:
        near = closest(str(name), list(known))
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise InvalidParameterError(
            f"family={name!r}: unknown family (bare callables may be of family "
            f"{', '.join(map(repr, with_signatures))}){hint}"
        )
    if not found.call_signatures:
        raise InvalidParameterError(
            f"family={name!r}: the family defines no call signatures, so a bare callable of "
            f"it cannot be checked (bare callables may be of family "
            f"{', '.join(map(repr, with_signatures))}); register the measure instead"
        )
    return found


def subject_from_callable(
    func: Callable[..., Any],
    *,
    family: str,
    signature: str | None = None,
    higher_is_better: bool = True,
    name: str | None = None,
    optimum: float | None = None,
    score_range: tuple[float, float] | None = None,
    expect: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
    labels_argument: str | None = "auto",
    undefined: Any = "error",
    integer_labels: bool = True,
    call_timeout: float | None = DEFAULT_CALL_TIMEOUT,
) -> Subject:
    """Wrap a bare callable as a measure under test.

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
        Its direction.
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
        How the callable tells an undefined input (see :func:`undefined_policy`).
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
    fam = callable_family(family)
    family = fam.name
    accepted = fam.signature_names
    sig = (signature or accepted[0]).replace(" ", "")
    if sig not in accepted:
        near = closest(sig, list(accepted))
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise InvalidParameterError(
            f"signature={signature!r}: family {family!r} callables take one of "
            f"{list(accepted)}{hint}"
        )
    call = fam.call_signature(sig)
    if params is not None and not isinstance(params, Mapping):
        raise InvalidParameterError(f"params={params!r}: expected a mapping of keyword arguments")
    bound = dict(params or {})
    policy = undefined_policy(undefined)
    timeout = validate_call_timeout(call_timeout)
    display = name or getattr(func, "__name__", None) or type(func).__name__
    registry_name = re.sub(r"[^a-z0-9_]+", "_", str(display).lower()).strip("_") or "measure"
    if not registry_name[0].isalpha():
        registry_name = f"m_{registry_name}"
    n_inputs = len(sig.split(","))
    labels = call.label_vectors
    pass_values = (
        fam.class_values and not labels and "values" not in bound and _accepts(func, "values")
    )
    labels_kw = _labels_keyword(func, labels_argument, labels, bound)
    _check_params(func, bound, str(display))
    keywords = [*bound, *(["values"] if pass_values else []), *([labels_kw] if labels_kw else [])]
    _check_arity(func, n_inputs, sig, str(display), keywords)
    lower, upper = score_range if score_range is not None else (-math.inf, math.inf)
    measure = Measure(
        name=registry_name,
        family=family,
        higher_is_better=bool(higher_is_better),
        range=Range(float(lower), float(upper)),
        title=str(display),
        description=f"bare callable defined at {source_location(func)}",
        optimum=optimum,
        undefined=policy.describe(),
        uses_class_values=labels or pass_values,
        claims=parse_expectations(expect, family),
    )
    guard = CallGuard(str(display), timeout)
    caller = _Caller(func, str(display), bound, policy, guard)
    arguments = _arguments(call, fam.class_values, pass_values, labels_kw)
    compute = _compute(caller, arguments)
    scorer = Scorer(measure, compute, plugin="<callable>", vectorized=False)
    return Subject(
        scorer,
        kind="callable",
        values_reach_measure=labels or pass_values,
        source_file=_source_file(func),
        max_count=LABEL_MAX_COUNT if labels else None,
        max_items=LABEL_MAX_ITEMS if labels else None,
        location=f"{source_location(func)} in {getattr(func, '__name__', display)}",
        integer_values=labels and bool(integer_labels),
        guard=guard,
        arguments=arguments,
    )
