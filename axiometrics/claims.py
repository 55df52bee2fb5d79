"""The catalogue of claims and preconditions a measure can declare.

A :class:`Claim` is a formal statement about a measure (ordinal invariance,
symmetry, ...): its name, the families it speaks about, its logical form
(*universal* claims are refuted by one counterexample, *existential* ones
confirmed by one witness), the formula it asserts, the default options of
its check (class spacing, count cap, number of classes) and, per family, the
*procedure* that checks it (a generator of test cases and a decision rule,
see :mod:`axiometrics.checker`).

A :class:`Precondition` narrows the inputs a claim quantifies over (e.g. "no
empty gold class"); it carries a vectorised predicate per family, so
preconditions compose: a claim checked under ``("no_empty_gold_class",
"equidistant_values")`` only sees inputs on which both predicates hold.

Procedures and predicates may be given as objects or as lazy references
``"package.module:attribute"``; references are imported on first use, so
declaring a claim never imports the checker (nor Hypothesis).

Built-in claims and preconditions are defined here (DESIGN §5); third parties
add more with :func:`register_claim` / :func:`register_precondition` or
through the ``axiometrics.claims`` entry-point group, exactly as they add
measures.  A plugin that adds a family gives an existing claim (``symmetry``,
``identity``, ...) a checking procedure for it with :func:`add_procedure`,
which also extends the claim to that family.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.suggest import closest

__all__ = [
    "CLAIM_OPTIONS",
    "STRICT_MAX_COUNT",
    "Claim",
    "Precondition",
    "add_predicate",
    "add_procedure",
    "claim",
    "claims_for_family",
    "precondition",
    "register_claim",
    "register_precondition",
    "registered_claims",
    "registered_preconditions",
    "required_claims_for_family",
    "resolve_reference",
]

Form = Literal["universal", "existential"]
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

#: Options every claim check understands, with their fallback values.
#:
#: ``spacing``
#:     class values the measure is evaluated with: ``"equidistant"`` (the
#:     default values ``0 .. C-1``) or ``"arbitrary"`` (strictly increasing,
#:     unequally spaced values drawn by Hypothesis).
#: ``min_classes`` / ``max_classes``
#:     bounds on the number of classes C of the generated inputs.
#: ``max_count``
#:     the largest count of one confusion-matrix cell or one histogram bin.
CLAIM_OPTIONS: Mapping[str, Any] = MappingProxyType(
    {"spacing": "equidistant", "min_classes": 2, "max_classes": 12, "max_count": 10**6}
)
_SPACINGS = ("equidistant", "arbitrary")

#: Count cap of the claims whose conclusion is a *strict* comparison of two
#: scores differing by one item or one count unit: at larger totals such a
#: difference can fall below float64 resolution (e.g. CEM^ORD, where it is
#: of order 1/N^2), which would report a tie that is an artefact of
#: rounding, not a property of the measure.
STRICT_MAX_COUNT = 100


def resolve_reference(ref: Any, *, what: str) -> Any:
    """Import a lazy ``"module:attribute"`` reference; other objects are returned as is.

    Raises
    ------
    RegistrationError
        If the module or attribute cannot be found.
    """
    if not isinstance(ref, str):
        return ref
    module_name, sep, attr = ref.partition(":")
    if not sep or not module_name or not attr:
        raise RegistrationError(f"{what}: reference must be 'module:attribute' (got {ref!r})")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise RegistrationError(f"{what}: cannot resolve reference {ref!r} ({exc})") from exc
    return obj


@dataclass(frozen=True)
class Claim:
    """A formal property a measure may have.

    Attributes
    ----------
    name
        Identifier used in declarations, e.g. ``"ordinal_invariance"``.
    title
        Human-readable title for tables.
    families
        Measure families the claim speaks about (e.g. ``("oc",)``).
    form
        ``"universal"`` (refuted by one counterexample) or ``"existential"``
        (confirmed by one witness): what one generated test case can decide.
    statement
        The claim in words, precise enough to check by hand.
    reference
        Where the claim comes from.
    logic
        The claim as a formula (quantifiers explicit).
    options
        Default check options overriding :data:`CLAIM_OPTIONS` for this claim.
    procedures
        Per family, the procedure that checks the claim (an object with
        ``cases`` and ``decide``, see :class:`axiometrics.checker.Procedure`)
        or a lazy ``"module:attribute"`` reference to one.
    required
        Whether every measure of the claim's families must declare it.  The
        built-in claims are required; a third-party claim is not, so adding
        one does not invalidate the measures already written (the checker
        checks it anyway and reports it as undeclared).
    """

    name: str
    title: str
    families: tuple[str, ...]
    form: Form
    statement: str
    reference: str = ""
    logic: str = ""
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)
    procedures: Mapping[str, Any] = field(default_factory=dict, compare=False)
    required: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "families", tuple(self.families))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "procedures", MappingProxyType(dict(self.procedures)))

    def applies_to(self, family: str) -> bool:
        """Whether the claim speaks about measures of ``family``."""
        return family in self.families

    def default_options(self) -> dict[str, Any]:
        """The check options of this claim: :data:`CLAIM_OPTIONS` updated with its own."""
        return {**CLAIM_OPTIONS, **self.options}

    def has_procedure(self, family: str) -> bool:
        """Whether a checking procedure is attached for ``family``."""
        return family in self.procedures

    def procedure(self, family: str) -> Any:
        """The checking procedure for ``family`` (lazy references are imported here).

        Raises
        ------
        UnknownClaimError
            If the claim has no procedure for this family.
        """
        try:
            ref = self.procedures[family]
        except KeyError:
            raise UnknownClaimError(
                f"claim={self.name!r} has no checking procedure for family={family!r} "
                f"(procedures for: {', '.join(self.procedures) or 'none'})"
            ) from None
        return resolve_reference(ref, what=f"claim={self.name!r} family={family!r}")


@dataclass(frozen=True)
class Precondition:
    """A restriction of the inputs a claim quantifies over.

    Attributes
    ----------
    name
        Identifier, e.g. ``"no_empty_gold_class"``.
    families
        Families whose inputs the precondition can restrict.
    description
        What inputs satisfy it.
    predicates
        Per family, a vectorised predicate ``predicate(*inputs, values)``
        returning a boolean array of the batch shape (``inputs`` are the
        family's inputs with leading batch axes, ``values`` the class values
        ``(..., C)``), or a lazy ``"module:attribute"`` reference to one.
    """

    name: str
    families: tuple[str, ...]
    description: str
    predicates: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "families", tuple(self.families))
        object.__setattr__(self, "predicates", MappingProxyType(dict(self.predicates)))

    def predicate(self, family: str) -> Callable[..., Any]:
        """The predicate for ``family`` (lazy references are imported here).

        Raises
        ------
        UnknownClaimError
            If the precondition has no predicate for this family.
        """
        try:
            ref = self.predicates[family]
        except KeyError:
            raise UnknownClaimError(
                f"precondition={self.name!r} cannot restrict inputs of family={family!r} "
                f"(families: {', '.join(self.predicates) or 'none'})"
            ) from None
        fn: Callable[..., Any] = resolve_reference(
            ref, what=f"precondition={self.name!r} family={family!r}"
        )
        return fn

    def holds(self, family: str, *inputs: Any, values: Any) -> np.ndarray:
        """Evaluate the predicate: a boolean array of the inputs' batch shape."""
        return np.asarray(self.predicate(family)(*inputs, values=values), dtype=bool)


@dataclass
class _Catalogue:
    claims: dict[str, Claim] = field(default_factory=dict)
    preconditions: dict[str, Precondition] = field(default_factory=dict)


_CATALOGUE = _Catalogue()


def _validate_options(options: Mapping[str, Any], where: str) -> None:
    for key, value in options.items():
        if key not in CLAIM_OPTIONS:
            raise RegistrationError(
                f"{where}: unknown option {key!r} (known: {', '.join(CLAIM_OPTIONS)})"
            )
        if key == "spacing" and value not in _SPACINGS:
            raise RegistrationError(f"{where}: option spacing must be one of {_SPACINGS}")
        if key != "spacing" and (
            not isinstance(value, int) or isinstance(value, bool) or value < 1
        ):
            raise RegistrationError(f"{where}: option {key} must be a positive int (got {value!r})")
    lo = options.get("min_classes", CLAIM_OPTIONS["min_classes"])
    hi = options.get("max_classes", CLAIM_OPTIONS["max_classes"])
    if lo < 2 or hi < lo:
        raise RegistrationError(f"{where}: need 2 <= min_classes <= max_classes (got {lo}, {hi})")


def register_claim(new: Claim, *, plugin: str = "axiometrics") -> Claim:
    """Add a claim to the catalogue.

    Raises
    ------
    RegistrationError
        If the name is malformed or already taken, the form is unknown, no
        family is given, a procedure is attached for a family the claim does
        not speak about, or an option is unknown.  The message names the
        plugin and the claim.
    """
    where = f"plugin={plugin!r} claim={getattr(new, 'name', new)!r}"
    if not isinstance(new, Claim):
        raise RegistrationError(f"{where}: expected a Claim (got {type(new).__name__})")
    if not isinstance(new.name, str) or not _NAME.match(new.name):
        raise RegistrationError(f"{where}: name must be lower_snake_case")
    if new.name in _CATALOGUE.claims:
        raise RegistrationError(f"{where}: a claim with this name is already registered")
    if new.form not in ("universal", "existential"):
        raise RegistrationError(
            f"{where}: form must be 'universal' or 'existential' (got {new.form!r})"
        )
    if not new.families:
        raise RegistrationError(f"{where}: families must name at least one family")
    stray = [f for f in new.procedures if f not in new.families]
    if stray:
        raise RegistrationError(
            f"{where}: procedures given for families {stray} the claim does not apply to "
            f"({list(new.families)})"
        )
    _validate_options(new.options, where)
    _CATALOGUE.claims[new.name] = new
    return new


def add_procedure(
    claim_name: str, family: str, procedure: Any, *, plugin: str = "axiometrics"
) -> Claim:
    """Give a registered claim a checking procedure for one more family.

    This is how a plugin that adds a family makes an existing claim (e.g.
    ``symmetry``) speak about it: the claim's :attr:`Claim.families` gains
    ``family`` and its :attr:`Claim.procedures` the procedure.  A required
    claim thereby becomes required for the measures of ``family`` too, so
    call it before the family's measures are registered (from the module
    behind the plugin's ``axiometrics.claims`` entry point).

    Parameters
    ----------
    claim_name
        A registered claim.
    family
        The family name (lower-case, as registered).
    procedure
        A :class:`axiometrics.checker.Procedure` or a lazy
        ``"module:attribute"`` reference to one.
    plugin
        The plugin adding it, named in error messages.

    Returns
    -------
    Claim
        The updated claim (also stored in the catalogue).

    Raises
    ------
    UnknownClaimError
        If no claim has this name (with suggestions).
    RegistrationError
        If ``family`` is not a lower_snake_case name, ``procedure`` is
        neither a procedure object (with ``cases`` and ``decide``) nor a
        ``"module:attribute"`` string, or the claim already has a different
        procedure for ``family``.  Adding the same procedure again (e.g. a
        second import of the plugin module) is accepted and changes nothing.
    """
    current = claim(claim_name)
    where = f"plugin={plugin!r} claim={claim_name!r} family={family!r}"
    if not isinstance(family, str) or not _NAME.match(family):
        raise RegistrationError(f"{where}: family must be a lower_snake_case family name")
    if isinstance(procedure, str):
        module_name, sep, attr = procedure.partition(":")
        if not sep or not module_name or not attr:
            raise RegistrationError(
                f"{where}: procedure reference must be 'module:attribute' (got {procedure!r})"
            )
    elif not (hasattr(procedure, "cases") and hasattr(procedure, "decide")):
        raise RegistrationError(
            f"{where}: procedure={procedure!r}: expected a Procedure (with cases and decide) or "
            "a 'module:attribute' reference to one"
        )
    if family in current.procedures:
        if current.procedures[family] is procedure or current.procedures[family] == procedure:
            return current
        raise RegistrationError(
            f"{where}: the claim already has a procedure for this family "
            f"({current.procedures[family]!r})"
        )
    families = current.families if family in current.families else (*current.families, family)
    updated = replace(
        current, families=families, procedures={**current.procedures, family: procedure}
    )
    _CATALOGUE.claims[claim_name] = updated
    return updated


def add_predicate(
    precondition_name: str, family: str, predicate: Any, *, plugin: str = "axiometrics"
) -> Precondition:
    """Give a registered precondition a predicate for one more family.

    The precondition counterpart of :func:`add_procedure`: a family whose
    inputs can be restricted the same way (``no_empty_gold_class`` on the
    nominal family's confusion matrices) reuses the precondition's name, so
    declarations and the checker's precondition discovery speak of one
    condition.

    Raises
    ------
    UnknownClaimError
        If no precondition has this name (with suggestions).
    RegistrationError
        If ``family`` is not a lower_snake_case name, ``predicate`` is neither
        callable nor a ``"module:attribute"`` string, or the precondition
        already has a different predicate for ``family`` (the same one again
        is accepted and changes nothing).
    """
    current = precondition(precondition_name)
    where = f"plugin={plugin!r} precondition={precondition_name!r} family={family!r}"
    if not isinstance(family, str) or not _NAME.match(family):
        raise RegistrationError(f"{where}: family must be a lower_snake_case family name")
    if isinstance(predicate, str):
        module_name, sep, attr = predicate.partition(":")
        if not sep or not module_name or not attr:
            raise RegistrationError(
                f"{where}: predicate reference must be 'module:attribute' (got {predicate!r})"
            )
    elif not callable(predicate):
        raise RegistrationError(
            f"{where}: predicate={predicate!r}: expected a callable or a 'module:attribute' "
            "reference to one"
        )
    if family in current.predicates:
        if current.predicates[family] is predicate or current.predicates[family] == predicate:
            return current
        raise RegistrationError(
            f"{where}: the precondition already has a predicate for this family "
            f"({current.predicates[family]!r})"
        )
    families = current.families if family in current.families else (*current.families, family)
    updated = replace(
        current, families=families, predicates={**current.predicates, family: predicate}
    )
    _CATALOGUE.preconditions[precondition_name] = updated
    return updated


def _remove_procedure(claim_name: str, family: str) -> None:
    """Undo :func:`add_procedure` (tests use it); the family leaves the claim too."""
    current = _CATALOGUE.claims.get(claim_name)
    if current is None or family not in current.procedures:
        return
    procedures = {f: p for f, p in current.procedures.items() if f != family}
    families = tuple(f for f in current.families if f != family)
    _CATALOGUE.claims[claim_name] = replace(current, families=families, procedures=procedures)


def register_precondition(new: Precondition, *, plugin: str = "axiometrics") -> Precondition:
    """Add a precondition to the catalogue (same rules as :func:`register_claim`)."""
    where = f"plugin={plugin!r} precondition={getattr(new, 'name', new)!r}"
    if not isinstance(new, Precondition):
        raise RegistrationError(f"{where}: expected a Precondition (got {type(new).__name__})")
    if not isinstance(new.name, str) or not _NAME.match(new.name):
        raise RegistrationError(f"{where}: name must be lower_snake_case")
    if new.name in _CATALOGUE.preconditions:
        raise RegistrationError(f"{where}: a precondition with this name is already registered")
    if not new.families:
        raise RegistrationError(f"{where}: families must name at least one family")
    stray = [f for f in new.predicates if f not in new.families]
    if stray:
        raise RegistrationError(
            f"{where}: predicates given for families {stray} outside {list(new.families)}"
        )
    _CATALOGUE.preconditions[new.name] = new
    return new


def claim(name: str) -> Claim:
    """Look a claim up by name; unknown names raise :class:`UnknownClaimError` with suggestions."""
    try:
        return _CATALOGUE.claims[name]
    except KeyError:
        raise UnknownClaimError(_unknown("claim", name, _CATALOGUE.claims)) from None


def precondition(name: str) -> Precondition:
    """Look a precondition up by name; unknown names raise :class:`UnknownClaimError`."""
    try:
        return _CATALOGUE.preconditions[name]
    except KeyError:
        raise UnknownClaimError(_unknown("precondition", name, _CATALOGUE.preconditions)) from None


def registered_claims() -> tuple[Claim, ...]:
    """All claims, in registration order."""
    return tuple(_CATALOGUE.claims.values())


def registered_preconditions() -> tuple[Precondition, ...]:
    """All preconditions, in registration order."""
    return tuple(_CATALOGUE.preconditions.values())


def claims_for_family(family: str) -> tuple[Claim, ...]:
    """The claims that apply to measures of ``family``."""
    return tuple(c for c in _CATALOGUE.claims.values() if c.applies_to(family))


def required_claims_for_family(family: str) -> tuple[Claim, ...]:
    """The claims every measure of ``family`` must declare (the built-in ones)."""
    return tuple(c for c in claims_for_family(family) if c.required)


def _unregister_claim(name: str) -> None:
    """Remove a claim (tests use it to undo a registration)."""
    _CATALOGUE.claims.pop(name, None)


def _unregister_precondition(name: str) -> None:
    """Remove a precondition (tests use it to undo a registration)."""
    _CATALOGUE.preconditions.pop(name, None)


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    options = list(known)
    near = closest(name, options)
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown {kind} name={name!r}{hint} (known: {', '.join(options)})"


_OC = "axiometrics.checker.oc_claims"
_OQ = "axiometrics.checker.oq_claims"
_PRE = "axiometrics.checker.preconditions"
_STRICT = {"max_count": STRICT_MAX_COUNT}

_BUILTIN_CLAIMS = (
    Claim(
        "ordinal_invariance",
        "Ordinal invariance",
        ("oc", "oq"),
        "universal",
        "The score is unchanged when the class values v are replaced by f(v) for any strictly "
        "increasing f: Eff(x; v) == Eff(x; f(v)).",
        "Amigó et al. 2020, Property 1; Sakai 2022 Table 1 (d)",
        logic="∀ x ∀ v ∀ strictly increasing f: Eff(x; v) = Eff(x; f(v))",
        procedures={"oc": f"{_OC}:ORDINAL_INVARIANCE", "oq": f"{_OQ}:ORDINAL_INVARIANCE"},
    ),
    Claim(
        "ordinal_monotonicity",
        "Ordinal monotonicity",
        ("oc",),
        "universal",
        "If s' differs from s on at least one item and every changed item moved strictly toward "
        "its gold class without passing it (s(d) > s'(d) >= g(d) or s(d) < s'(d) <= g(d)), "
        "then s' scores strictly better than s.",
        "Amigó et al. 2020, Property 2; Sakai 2021 Table 4 (i)",
        logic="∀ g, s, s' with s' = s moved toward g (≥ 1 item, none passing g): "
        "Eff(s', g) > Eff(s, g)",
        options=_STRICT,
        procedures={"oc": f"{_OC}:ORDINAL_MONOTONICITY"},
    ),
    Claim(
        "imbalance",
        "Imbalance",
        ("oc",),
        "universal",
        "For contiguous classes c1, c2, c3 (either direction) with |c1| > |c3| in the gold, the "
        "system equal to the gold but for one item of c1 moved to c2 scores strictly better than "
        "the system equal to the gold but for one item of c3 moved to c2.",
        "Amigó et al. 2020, Property 3; Sakai 2021 Table 4 (iii)",
        logic="∀ g ∀ contiguous (c1, c2, c3) with |c1| > |c3| ≥ 1: "
        "Eff(g[d1→c2], g) > Eff(g[d3→c2], g)",
        options={**_STRICT, "min_classes": 3},
        procedures={"oc": f"{_OC}:IMBALANCE"},
    ),
    Claim(
        "symmetry",
        "Symmetry",
        ("oc", "oq"),
        "universal",
        "Swapping system and gold leaves the score unchanged: Eff(M) == Eff(M.T) for OC, "
        "D(p, q) == D(q, p) for OQ.",
        "Sakai 2021 Table 7 (ii); Sakai 2022 Table 1 (c)",
        logic="∀ M: Eff(M) = Eff(Mᵀ);  ∀ p, q: D(p, q) = D(q, p)",
        procedures={"oc": f"{_OC}:SYMMETRY", "oq": f"{_OQ}:SYMMETRY"},
    ),
    Claim(
        "priority_preservation",
        "Priority preservation (a)",
        ("oq",),
        "universal",
        "If p orders every pair of bins as q does (same sign of p_i - p_j and q_i - q_j, ties "
        "included), D(p, q) equals D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
        logic="∀ p, q with sign(p_i - p_j) = sign(q_i - q_j) ∀ i, j: D(p, q) = D(q, q)",
        procedures={"oq": f"{_OQ}:PRIORITY_PRESERVATION"},
    ),
    Claim(
        "priority_violation",
        "Priority preservation (b)",
        ("oq",),
        "universal",
        "If p does not order some pair of bins as q does, D(p, q) is strictly worse than D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
        logic="∀ p, q with sign(p_i - p_j) ≠ sign(q_i - q_j) for some i, j: D(p, q) worse "
        "than D(q, q)",
        options=_STRICT,
        procedures={"oq": f"{_OQ}:PRIORITY_VIOLATION"},
    ),
    Claim(
        "constant_system_discrimination",
        "Constant-system discrimination",
        ("oc",),
        # The existential quantifier is the inner one (over the C constant
        # systems); the checker decides it exhaustively for each gold, so a
        # single gold refutes the claim: its outer form is universal.
        "universal",
        "For a gold with at least two non-empty classes of pairwise different sizes, not all "
        "constant systems ('always class k') receive the same score.",
        "Sakai 2021 Table 4 (ii)",
        logic="∀ g with ≥ 2 non-empty classes of pairwise different sizes "
        "∃ k, k': Eff(always k, g) ≠ Eff(always k', g)",
        procedures={"oc": f"{_OC}:CONSTANT_SYSTEM_DISCRIMINATION"},
    ),
    Claim(
        "point_mass_monotonicity",
        "Ordinal monotonicity (point mass)",
        ("oq",),
        "universal",
        "For one-hot estimates e_a and e_b lying on the same side of all gold mass with a nearer "
        "to it, e_a scores strictly better than e_b.",
        "Sakai 2021 Table 7 (i) 'handles ordinal classes'",
        logic="∀ q ∀ b < a < min supp(q) (or mirrored): D(e_a, q) better than D(e_b, q)",
        options={**_STRICT, "min_classes": 3},
        procedures={"oq": f"{_OQ}:POINT_MASS_MONOTONICITY"},
    ),
    Claim(
        "mass_transfer_monotonicity",
        "Ordinal monotonicity (mass transfer)",
        ("oq",),
        "universal",
        "Moving probability mass eps > 0 of the estimate one bin further away from all gold mass "
        "gives a strictly worse score.",
        "DESIGN §5 claim 7",
        logic="∀ q, p ∀ i ≤ min supp(q), eps ∈ (0, p_i]: D(p - eps·e_i + eps·e_(i-1), q) worse "
        "than D(p, q) (or mirrored)",
        options=_STRICT,
        procedures={"oq": f"{_OQ}:MASS_TRANSFER_MONOTONICITY"},
    ),
    Claim(
        "identity",
        "Identity of indiscernibles",
        ("oc", "oq"),
        "universal",
        "OQ: D(p, q) is optimal if and only if p == q. OC: the perfect system (diagonal confusion "
        "matrix) scores the measure's optimum.",
        "Sebastiani 2020 (IoI)",
        logic="OQ: ∀ q: D(q, q) = opt and ∀ p ≠ q: D(p, q) ≠ opt;  OC: ∀ g: Eff(g, g) = opt",
        options=_STRICT,
        procedures={"oc": f"{_OC}:IDENTITY", "oq": f"{_OQ}:IDENTITY"},
    ),
    Claim(
        "well_defined",
        "Well-definedness",
        ("oc", "oq"),
        "universal",
        "On every valid input (empty classes, one class only, constant systems, one-hot and "
        "uniform distributions, huge counts) the measure returns a finite value in its declared "
        "range or raises its declared 'undefined' error; never NaN, inf, a warning or another "
        "exception.",
        "DESIGN §5 claim 9",
        logic="∀ valid x: Eff(x) finite ∈ range, or x is a declared undefined case",
        procedures={"oc": f"{_OC}:WELL_DEFINED", "oq": f"{_OQ}:WELL_DEFINED"},
    ),
    Claim(
        "count_scale_invariance",
        "Count-scale invariance",
        ("oc",),
        "universal",
        "Multiplying every count of the confusion matrix by k > 0 leaves the score unchanged.",
        "DESIGN §5 claim 10",
        logic="∀ M ∀ k > 0: Eff(k·M) = Eff(M)",
        procedures={"oc": f"{_OC}:COUNT_SCALE_INVARIANCE"},
    ),
)

_BUILTIN_PRECONDITIONS = (
    Precondition(
        "no_empty_gold_class",
        ("oc",),
        "Every class has at least one gold item.",
        {"oc": f"{_PRE}:no_empty_gold_class"},
    ),
    Precondition(
        "no_empty_system_class",
        ("oc",),
        "Every class has at least one system item.",
        {"oc": f"{_PRE}:no_empty_system_class"},
    ),
    Precondition(
        "at_least_two_gold_classes",
        ("oc",),
        "At least two classes have gold items.",
        {"oc": f"{_PRE}:at_least_two_gold_classes"},
    ),
    Precondition(
        "at_least_three_classes",
        ("oc", "oq"),
        "The scale has at least three classes.",
        {"oc": f"{_PRE}:at_least_three_classes", "oq": f"{_PRE}:at_least_three_classes"},
    ),
    Precondition(
        "equidistant_values",
        ("oc", "oq"),
        "Class values are equally spaced (the default 0 .. C-1).",
        {"oc": f"{_PRE}:equidistant_values", "oq": f"{_PRE}:equidistant_values"},
    ),
    Precondition(
        "gold_not_uniform",
        ("oq",),
        "The gold distribution is not uniform.",
        {"oq": f"{_PRE}:gold_not_uniform"},
    ),
    Precondition(
        "no_zero_bin",
        ("oq",),
        "Neither the system nor the gold distribution has a zero bin.",
        {"oq": f"{_PRE}:no_zero_bin"},
    ),
    Precondition(
        "gold_no_zero_bin",
        ("oq",),
        "The gold distribution has no zero bin.",
        {"oq": f"{_PRE}:gold_no_zero_bin"},
    ),
)

for _c in _BUILTIN_CLAIMS:
    register_claim(replace(_c, required=True))
for _p in _BUILTIN_PRECONDITIONS:
    register_precondition(_p)
