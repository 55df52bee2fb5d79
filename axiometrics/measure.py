"""The :class:`Measure` value object: what a measure *is*, apart from how it is computed.

A measure has a name (and aliases), a family (``"oc"``, ``"oq"`` or one a
plugin adds, whose inputs its compute function takes; ``also_families``
lists further families whose inputs are the same and whose claims it
declares too), a direction, a range, parameters, a reference to the paper and
equation, the score of a perfect system, its undefined cases, and a
declaration for every claim.  It is immutable and hashable; binding
parameters returns a new measure (``acc.with_params(n=2)``).  The function
that computes it is attached at registration (:mod:`axiometrics.registry`).
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.declarations import ClaimDeclaration, Holds, NotApplicable, Violated, When
from axiometrics.errors import InvalidParameterError, RegistrationError
from axiometrics.suggest import closest

if TYPE_CHECKING:
    from axiometrics.claims import Claim

__all__ = ["Measure", "Param", "Range", "Reference"]

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
RESERVED_PARAM_NAMES = frozenset({"values", "on_undefined", "self"})


@dataclass(frozen=True)
class Range:
    """The interval a measure's scores lie in.

    ``upper`` may be ``math.inf`` (e.g. MAE grows with the class values).
    """

    lower: float
    upper: float
    note: str = ""

    def __post_init__(self) -> None:
        if math.isnan(self.lower) or math.isnan(self.upper) or self.lower > self.upper:
            raise ValueError(
                f"range must satisfy lower <= upper (got [{self.lower}, {self.upper}])"
            )

    def __str__(self) -> str:
        up = "inf" if math.isinf(self.upper) else f"{self.upper:g}"
        low = "-inf" if math.isinf(self.lower) else f"{self.lower:g}"
        return f"[{low}, {up}]"


@dataclass(frozen=True)
class Reference:
    """Where a measure is defined.

    Attributes
    ----------
    citation
        Short citation, e.g. ``"Sakai 2021 (ACL)"``.
    equation
        Equation or section, e.g. ``"eq. 1"``.
    url
        Optional link.
    """

    citation: str
    equation: str = ""
    url: str = ""

    def __str__(self) -> str:
        return f"{self.citation}, {self.equation}" if self.equation else self.citation


@dataclass(frozen=True)
class Param:
    """A measure parameter specification.

    Attributes
    ----------
    name
        Keyword the compute function accepts.
    kind
        ``int``, ``float``, ``str`` or ``bool``.  Values are converted to
        the built-in type: any integer (``numpy.int64`` too, but not a bool)
        for ``int``; any finite real number (``numpy.float32``, an integer)
        for ``float``; ``numpy.bool_`` for ``bool``.
    default
        Default value (must itself be valid).
    description
        What it controls.
    minimum, maximum
        Inclusive numeric bounds (optional).
    choices
        Allowed values (optional).
    """

    name: str
    kind: type
    default: Any
    description: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] | None = None

    def validate(self, value: Any, *, measure: str = "") -> Any:
        """Return ``value`` converted to :attr:`kind`, or raise :class:`InvalidParameterError`.

        The message names the parameter and the value and states the
        accepted values (type, range, choices).
        """
        where = f"measure={measure!r} parameter " if measure else "parameter "
        converted = self._convert(value)
        shown = value if converted is None else converted
        problem = converted is None
        if not problem and self.choices is not None:
            problem = converted not in self.choices
        if not problem and self.minimum is not None:
            problem = converted < self.minimum
        if not problem and self.maximum is not None:
            problem = converted > self.maximum
        if problem:
            raise InvalidParameterError(
                f"{where}{self.name}={shown!r}: expected {self._expected()}"
            )
        return converted

    def _convert(self, value: Any) -> Any:
        """``value`` as :attr:`kind`, or ``None`` when it is not one (see the class docstring)."""
        if isinstance(value, bool | np.bool_):
            return bool(value) if self.kind is bool else None
        if self.kind is int:
            return int(value) if isinstance(value, numbers.Integral) else None
        if self.kind is float:
            if not isinstance(value, numbers.Real):
                return None
            try:
                number = float(value)
            except OverflowError:  # an int beyond the float range
                return None
            return number if math.isfinite(number) else None
        if self.kind is str:
            return str(value) if isinstance(value, str) else None
        return value if isinstance(value, self.kind) else None

    def _bound(self, value: float) -> str:
        """A bound as the message shows it: integers in full (``9007199254740992``)."""
        if self.kind is int or (isinstance(value, int) and not isinstance(value, bool)):
            return str(int(value))
        return f"{value:g}"

    def _expected(self) -> str:
        text = f"{self.kind.__name__}"
        if self.choices is not None:
            text += f" in {list(self.choices)!r}"
        if self.minimum is not None:
            text += f" >= {self._bound(self.minimum)}"
        if self.maximum is not None:
            joint = " and" if self.minimum is not None else ""
            text += f"{joint} <= {self._bound(self.maximum)}"
        if self.kind is float:
            text += " (a finite float)"
        return text


@dataclass(frozen=True)
class Measure:
    """An evaluation measure's identity and declared properties.

    Attributes
    ----------
    name
        Registry name, lower_snake_case (e.g. ``"mae_macro"``).
    family
        Measure family: ``"oc"`` (confusion matrices) or ``"oq"``
        (distribution pairs), or one a plugin registers.
    higher_is_better
        Direction: ``True`` for effectiveness scores, ``False`` for errors.
    range
        Interval the scores lie in.
    title
        Display name, e.g. ``"MAE^M"``.
    description
        One paragraph: what the measure computes.
    aliases
        Other names accepted by the registry.
    params
        Parameter specifications.
    bound
        Parameter values of this instance (defaults filled in).
    reference
        Paper and equation.
    claims
        Declaration per claim name, for the default parameters.
    claims_when
        Declarations that replace some of :attr:`claims` where parameters
        take given values (:class:`~axiometrics.declarations.When`); the
        last matching one wins.  :meth:`declaration` applies them.
    optimum
        Score of a perfect system (``None`` if there is none).
    undefined
        The inputs on which the measure is undefined and raises
        :class:`~axiometrics.errors.UndefinedMeasureError`, or the empty
        string when it is defined everywhere; also documents fallback values.
    uses_class_values
        Whether the class values enter the formula (distances).
    also_families
        Further families the measure belongs to (e.g. accuracy is an ``"oc"``
        measure and also a ``"nominal"`` one).  Each must take the same
        inputs as :attr:`family`, whose convention the compute function
        follows; the measure declares every required claim of every family
        it belongs to.
    """

    name: str
    family: str
    higher_is_better: bool
    range: Range
    title: str = ""
    description: str = ""
    aliases: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    bound: Mapping[str, Any] = field(default_factory=dict)
    reference: Reference = Reference("")
    claims: Mapping[str, ClaimDeclaration] = field(default_factory=dict)
    optimum: float | None = None
    undefined: str = ""
    uses_class_values: bool = False
    also_families: tuple[str, ...] = ()
    claims_when: tuple[When, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "claims_when", tuple(self.claims_when))
        object.__setattr__(self, "also_families", tuple(self.also_families))
        object.__setattr__(self, "params", tuple(self.params))
        if not self.title:
            object.__setattr__(self, "title", self.name)
        bound = {p.name: p.default for p in self.params if isinstance(p, Param)}
        bound.update(self.bound)
        object.__setattr__(self, "bound", MappingProxyType(bound))
        object.__setattr__(self, "claims", MappingProxyType(dict(self.claims)))

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.bound.items(), key=lambda kv: kv[0]))))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Measure):
            return NotImplemented
        return (
            self.name == other.name
            and self.family == other.family
            and dict(self.bound) == dict(other.bound)
            and self.higher_is_better == other.higher_is_better
        )

    def __str__(self) -> str:
        changed = {
            p.name: self.bound[p.name] for p in self.params if self.bound[p.name] != p.default
        }
        if not changed:
            return self.name
        args = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"{self.name}({args})"

    def with_params(self, **params: Any) -> Measure:
        """Return a copy with the given parameters bound (validated).

        Raises
        ------
        InvalidParameterError
            On an unknown parameter name (with suggestions) or a bad value.
        """
        specs = {p.name: p for p in self.params}
        new = dict(self.bound)
        for key, value in params.items():
            if key not in specs:
                near = closest(key, specs)
                hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                accepted = ", ".join(specs) or "none"
                raise InvalidParameterError(
                    f"measure={self.name!r} has no parameter {key}={value!r}{hint} "
                    f"(accepted: {accepted})"
                )
            new[key] = specs[key].validate(value, measure=self.name)
        return replace(self, bound=new)

    @property
    def families(self) -> tuple[str, ...]:
        """Every family the measure belongs to: :attr:`family` first, then :attr:`also_families`."""
        return (self.family, *self.also_families)

    def belongs_to(self, family: str) -> bool:
        """Whether ``family`` is one of :attr:`families` (case-insensitive)."""
        wanted = family.lower()
        return any(f.lower() == wanted for f in self.families)

    def claim_family(self, claim: Claim) -> str | None:
        """The family whose procedure checks ``claim`` for this measure.

        The first of :attr:`families` the claim has a checking procedure
        for; else the first the claim applies to; ``None`` when the claim
        speaks about none of the measure's families.
        """
        for fam in self.families:
            if claim.has_procedure(fam):
                return fam
        return next((fam for fam in self.families if claim.applies_to(fam)), None)

    def declaration(self, claim_name: str) -> ClaimDeclaration:
        """The declaration for ``claim_name`` at the bound parameters.

        The last :attr:`claims_when` entry whose parameters match
        :attr:`bound` and that declares the claim; else :attr:`claims`'
        declaration; ``NotApplicable("no declaration")`` if none was given.
        """
        for variant in reversed(self.claims_when):
            if claim_name in variant.claims and variant.matches(self.bound):
                return variant.claims[claim_name]
        return self.claims.get(claim_name, NotApplicable("no declaration"))

    @property
    def declared_claims(self) -> Mapping[str, ClaimDeclaration]:
        """Every declaration at the bound parameters (:meth:`declaration` of each claim)."""
        return MappingProxyType({name: self.declaration(name) for name in self.claims})

    def _validate_claims_when(self, where: str) -> None:
        """Check :attr:`claims_when`: known parameters, valid values, declared claims."""
        specs = {p.name: p for p in self.params}
        seen: list[dict[str, Any]] = []
        for variant in self.claims_when:
            if not isinstance(variant, When):
                raise RegistrationError(
                    f"{where}: claims_when entries must be When(params, claims) (got {variant!r})"
                )
            if not variant.params:
                raise RegistrationError(
                    f"{where}: When(params={{}}, ...) names no parameter; declare it in claims"
                )
            for key, value in variant.params.items():
                if key not in specs:
                    near = closest(key, specs)
                    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                    raise RegistrationError(
                        f"{where}: claims_when names no parameter of the measure: "
                        f"{key}={value!r}{hint} (parameters: {', '.join(specs) or 'none'})"
                    )
                try:
                    specs[key].validate(value, measure=self.name)
                except InvalidParameterError as exc:
                    raise RegistrationError(f"{where}: claims_when: {exc}") from None
            if dict(variant.params) in seen:
                raise RegistrationError(
                    f"{where}: two claims_when entries for the same parameters "
                    f"{dict(variant.params)!r}; merge them"
                )
            seen.append(dict(variant.params))
            for claim_name, decl in variant.claims.items():
                if claim_name not in self.claims:
                    near = closest(claim_name, self.claims)
                    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                    raise RegistrationError(
                        f"{where}: claims_when {dict(variant.params)!r} declares claim "
                        f"{claim_name!r}, which the measure does not declare{hint}"
                    )
                if not isinstance(decl, Holds | Violated | NotApplicable):
                    raise RegistrationError(
                        f"{where}: claims_when {dict(variant.params)!r}: declaration for claim "
                        f"{claim_name!r} must be Holds, Violated or NotApplicable (got {decl!r})"
                    )

    def is_better(self, a: Any, b: Any) -> Any:
        """Whether score ``a`` is better than score ``b`` (direction-aware, exact)."""
        return a > b if self.higher_is_better else a < b

    def validate_definition(self, *, plugin: str) -> None:
        """Check the definition itself; raise :class:`RegistrationError` naming the problem."""
        where = f"plugin={plugin!r} measure={self.name!r}"
        if not isinstance(self.name, str) or not re.match(r"^[a-z][a-z0-9_]*$", self.name):
            raise RegistrationError(f"{where}: name must be lower_snake_case")
        if not isinstance(self.higher_is_better, bool):
            raise RegistrationError(
                f"{where}: higher_is_better must be a bool (got {self.higher_is_better!r})"
            )
        if not isinstance(self.range, Range):
            raise RegistrationError(f"{where}: range must be a Range (got {self.range!r})")
        if self.optimum is not None and not (self.range.lower <= self.optimum <= self.range.upper):
            raise RegistrationError(
                f"{where}: optimum={self.optimum!r} lies outside range {self.range}"
            )
        seen: set[str] = set()
        for p in self.params:
            if not isinstance(p, Param):
                raise RegistrationError(f"{where}: params must be Param objects (got {p!r})")
            if not _IDENT.match(p.name) or p.name in RESERVED_PARAM_NAMES:
                raise RegistrationError(
                    f"{where}: parameter name={p.name!r} must be an identifier and not one of "
                    f"{sorted(RESERVED_PARAM_NAMES)}"
                )
            if p.name in seen:
                raise RegistrationError(f"{where}: parameter name={p.name!r} is repeated")
            seen.add(p.name)
            if p.kind not in (int, float, str, bool):
                raise RegistrationError(
                    f"{where}: parameter {p.name!r} kind must be int, float, str or bool "
                    f"(got {p.kind!r})"
                )
            try:
                p.validate(p.default, measure=self.name)
            except InvalidParameterError as exc:
                raise RegistrationError(
                    f"{where}: bad default for parameter {p.name!r}: {exc}"
                ) from None
        for key in self.bound:
            if key not in seen:
                raise RegistrationError(f"{where}: bound value for unknown parameter {key!r}")
        extra = self.also_families
        if not all(isinstance(f, str) and f for f in extra):
            raise RegistrationError(
                f"{where}: also_families must be family names (got {list(extra)!r})"
            )
        lowered = [f.lower() for f in self.families if isinstance(f, str)]
        if len(set(lowered)) != len(lowered):
            raise RegistrationError(
                f"{where}: families repeat (family={self.family!r}, also_families={list(extra)!r})"
            )
        for alias in self.aliases:
            if not isinstance(alias, str) or not alias.strip():
                raise RegistrationError(
                    f"{where}: aliases must be non-empty strings (got {alias!r})"
                )
        for claim_name, decl in self.claims.items():
            if not isinstance(decl, Holds | Violated | NotApplicable):
                raise RegistrationError(
                    f"{where}: declaration for claim {claim_name!r} must be Holds, Violated or "
                    f"NotApplicable (got {decl!r})"
                )
        self._validate_claims_when(where)
