"""Checking a bare callable: a new measure validated without writing a plugin.

A callable is wrapped into a :class:`~axiometrics.checker.subject.Subject`
given its family, its signature and its direction:

=====================  ==========================================================
signature              how the callable is called
=====================  ==========================================================
``"matrix"``           ``f(matrix)``: OC confusion matrix ``(C, C)``, rows = system,
                       columns = gold (int64 counts when they are integral)
``"gold,system"``      ``f(gold, system)``: OC label vectors, one entry per item;
                       the labels are the class values (ints ``0 .. C-1`` by default)
``"system,gold"``      ``f(system, gold)``: OC label vectors, or OQ distributions
                       ``(C,)`` for family ``"oq"``
=====================  ==========================================================

If the callable accepts a ``values`` keyword it also receives the class
values (matrix and distribution signatures), so ordinal invariance can be
checked; label signatures always carry the values in the labels themselves
(Amigó et al.'s ``Eff(f(s), f(g))``).  A callable may raise
:class:`~axiometrics.errors.UndefinedMeasureError` to say it is undefined on
an input.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from axiometrics.checker.subject import Subject
from axiometrics.claims import claim as lookup_claim
from axiometrics.declarations import ClaimDeclaration, Holds, NotApplicable, Violated
from axiometrics.errors import InputTypeError, InvalidParameterError, MeasureImplementationError
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer

__all__ = ["SIGNATURES", "parse_expectations", "source_location", "subject_from_callable"]

#: Accepted signatures per family; the first is the default.
SIGNATURES: Mapping[str, tuple[str, ...]] = {
    "oc": ("matrix", "gold,system", "system,gold"),
    "oq": ("system,gold", "gold,system"),
}
#: Largest cell count for label-vector callables (they get one entry per item).
LABEL_MAX_COUNT = 20

_UNDECLARED = "a bare callable may raise UndefinedMeasureError where it is undefined"


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


def _accepts_values(func: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False
    return "values" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _check_arity(
    func: Callable[..., Any], n_inputs: int, signature: str, name: str, values: bool
) -> None:
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return
    try:
        sig.bind(*([None] * n_inputs), **({"values": None} if values else {}))
    except TypeError as exc:
        raise InvalidParameterError(
            f"callable {name!r} defined at {source_location(func)} has signature {name}{sig}, "
            f"which cannot be called as f({signature.replace(',', ', ')}) ({exc}); give the "
            "right --signature or change the function"
        ) from None


def _as_counts(arr: np.ndarray) -> np.ndarray:
    """Integral float arrays become int64 (friendlier to user code), others stay float."""
    return arr.astype(np.int64) if np.all(arr == np.round(arr)) else arr


def _labels(values: np.ndarray) -> np.ndarray:
    return values.astype(np.int64) if np.all(values == np.round(values)) else values


def _number(result: Any, name: str) -> float:
    try:
        out = float(result)
    except (TypeError, ValueError):
        raise MeasureImplementationError(
            f"callable {name!r} returned {result!r:.80}; a measure must return one number"
        ) from None
    return out


def _compute(
    func: Callable[..., Any], family: str, signature: str, pass_values: bool, name: str
) -> Callable[..., float]:
    """The scalar compute function the Scorer calls once per input."""
    extra: Callable[[np.ndarray], dict[str, Any]] = (
        (lambda v: {"values": v}) if pass_values else (lambda v: {})
    )
    if family == "oq":
        flip = signature == "gold,system"

        def oq(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> float:
            args = (gold, system) if flip else (system, gold)
            return _number(func(*(np.array(a) for a in args), **extra(np.array(values))), name)

        return oq
    if signature == "matrix":

        def oc_matrix(matrix: np.ndarray, *, values: np.ndarray) -> float:
            return _number(func(_as_counts(np.array(matrix)), **extra(np.array(values))), name)

        return oc_matrix
    gold_first = signature == "gold,system"

    def oc_labels(matrix: np.ndarray, *, values: np.ndarray) -> float:
        counts = np.asarray(matrix).astype(np.int64).ravel()
        c = matrix.shape[-1]
        system_idx, gold_idx = np.divmod(np.repeat(np.arange(c * c), counts), c)
        labels = _labels(np.asarray(values))
        gold, system = labels[gold_idx], labels[system_idx]
        return _number(func(*((gold, system) if gold_first else (system, gold))), name)

    return oc_labels


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
) -> Subject:
    """Wrap a bare callable as a measure under test.

    Parameters
    ----------
    func
        The measure.
    family
        ``"oc"`` or ``"oq"``.
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

    Raises
    ------
    InputTypeError
        If ``func`` is not callable.
    InvalidParameterError
        On an unknown family or signature, or a callable whose signature
        cannot take the family's inputs (the message gives its file and line).
    """
    if not callable(func):
        raise InputTypeError(f"measure={func!r} must be callable")
    if family not in SIGNATURES:
        raise InvalidParameterError(
            f"family={family!r}: a bare callable must be of family 'oc' or 'oq'"
        )
    accepted = SIGNATURES[family]
    sig = (signature or accepted[0]).replace(" ", "")
    if sig not in accepted:
        raise InvalidParameterError(
            f"signature={signature!r}: family {family!r} callables take one of {list(accepted)}"
        )
    display = name or getattr(func, "__name__", None) or type(func).__name__
    registry_name = re.sub(r"[^a-z0-9_]+", "_", str(display).lower()).strip("_") or "measure"
    if not registry_name[0].isalpha():
        registry_name = f"m_{registry_name}"
    n_inputs = 1 if sig == "matrix" else 2
    labels = family == "oc" and sig != "matrix"
    pass_values = not labels and _accepts_values(func)
    _check_arity(func, n_inputs, sig, str(display), pass_values)
    lower, upper = score_range if score_range is not None else (-math.inf, math.inf)
    measure = Measure(
        name=registry_name,
        family=family,
        higher_is_better=bool(higher_is_better),
        range=Range(float(lower), float(upper)),
        title=str(display),
        description=f"bare callable defined at {source_location(func)}",
        optimum=optimum,
        undefined=_UNDECLARED,
        uses_class_values=labels or pass_values,
        claims=parse_expectations(expect, family),
    )
    compute = _compute(func, family, sig, pass_values, str(display))
    scorer = Scorer(measure, compute, plugin="<callable>", vectorized=False)
    return Subject(
        scorer,
        kind="callable",
        values_reach_measure=labels or pass_values,
        source_file=_source_file(func),
        max_count=LABEL_MAX_COUNT if labels else None,
        location=f"{source_location(func)} in {getattr(func, '__name__', display)}",
    )
