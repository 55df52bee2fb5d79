"""The options of a bare callable measure, parsed and checked against the function.

What :class:`~axiometrics.checker.spec.MeasureSpec` validates and
:mod:`axiometrics.checker.callables` uses to call the function: the
families' call signatures (:data:`SIGNATURES`), the undefined policy
(:func:`undefined_policy`), expected verdicts (:func:`parse_expectations`),
and checks of bound parameters, the arity and the ``labels`` keyword against
the function's own signature (each error names the function's file and line).
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from axiometrics.checker.locations import code_path, definition_site
from axiometrics.claims import get_claim
from axiometrics.declarations import ClaimDeclaration, Holds, NotApplicable, Violated
from axiometrics.errors import InvalidParameterError
from axiometrics.family import Family, registered_families
from axiometrics.registry import default_registry
from axiometrics.suggest import closest

__all__ = [
    "SIGNATURES",
    "UndefinedPolicy",
    "accepts_keyword",
    "callable_family",
    "check_arity",
    "check_params",
    "labels_keyword",
    "parameters_of",
    "parse_expectations",
    "source_file",
    "source_location",
    "undefined_policy",
]


class _Signatures(Mapping[str, tuple[str, ...]]):
    """Accepted signatures per family (the first is the default), read from the families.

    A live view of :attr:`axiometrics.family.Family.call_signatures` over
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
        types, and warnings of the listed warning categories, also mean
        undefined).
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
        :class:`UndefinedPolicy`.  A warning category among them
        (``["UserWarning"]``, ``"raise:RuntimeWarning"``) makes a warning of
        that category emitted by the call mean undefined too.

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
    """``"file:line"`` where ``func`` is defined (or its repr when unknown).

    Spelled the same on every machine (:mod:`axiometrics.checker.locations`):
    a function of an importable module by the module's import path, one from
    a file by its path (relative to the working directory below it).
    """
    site = definition_site(func)
    if site is not None:
        return f"{site[0]}:{site[1]}"
    try:
        target = inspect.unwrap(func)
        filename = inspect.getsourcefile(target) or inspect.getfile(target)
        _, line = inspect.getsourcelines(target)
    except (TypeError, OSError):
        return repr(func)
    return f"{code_path(filename, getattr(target, '__module__', None))}:{line}"


def source_file(func: Callable[..., Any]) -> str | None:
    """The file defining ``func`` (``None`` when unknown, e.g. a built-in)."""
    try:
        return inspect.getsourcefile(inspect.unwrap(func))
    except TypeError:
        return None


def parameters_of(func: Callable[..., Any]) -> Mapping[str, inspect.Parameter] | None:
    """The parameters of ``func``, or ``None`` when it has no inspectable signature."""
    try:
        return inspect.signature(func).parameters
    except (TypeError, ValueError):
        return None


def accepts_keyword(func: Callable[..., Any], keyword: str) -> bool:
    """Whether ``func`` takes the keyword argument ``keyword`` (or any, through ``**kwargs``)."""
    params = parameters_of(func)
    if params is None:
        return False
    return keyword in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def check_params(func: Callable[..., Any], params: Mapping[str, Any], name: str) -> None:
    """Check that ``func`` takes every key of ``params`` as a keyword.

    Raises
    ------
    InvalidParameterError
        For a key it does not take, with the function's location and the
        nearest names.
    """
    found = parameters_of(func)
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


def check_arity(
    func: Callable[..., Any], n_inputs: int, signature: str, name: str, keywords: Sequence[str]
) -> None:
    """Check that ``func`` can be called with ``n_inputs`` positional inputs and ``keywords``.

    Raises
    ------
    InvalidParameterError
        When it cannot, showing its signature, file and line.
    """
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
        found = get_claim(claim_name)
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


def labels_keyword(
    func: Callable[..., Any], labels_argument: str | None, labels: bool, params: Mapping[str, Any]
) -> str | None:
    """The keyword receiving the full class list, or ``None`` (see ``labels_argument``).

    Raises
    ------
    InvalidParameterError
        For a ``labels_argument`` that is not a keyword name, ``"auto"`` or
        ``None``, or a keyword the callable does not take.
    """
    if labels_argument is None or not labels:
        return None
    if labels_argument == "auto":
        found = parameters_of(func)
        takes = found is not None and "labels" in found
        return "labels" if takes and "labels" not in params else None
    if not isinstance(labels_argument, str) or not labels_argument.isidentifier():
        raise InvalidParameterError(
            f"labels_argument={labels_argument!r}: expected a keyword name, 'auto' or None"
        )
    if not accepts_keyword(func, labels_argument):
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
