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

This module is the catalogue only: the claims themselves come from the
family plugins, through the ``axiometrics.claims`` entry-point group (the
built-in families' as a third party's), and from :func:`register_claim` /
:func:`register_precondition` at run time.  The statements several families
share (:mod:`axiometrics.shared_claims`) are registered by the catalogue
itself, before any plugin; a family adopts one by giving it a checking
procedure (:class:`ProcedureFor` in its entry point, or
:func:`add_procedure`), which also extends the claim to that family, and a
shared precondition by giving it a predicate (:class:`PredicateFor`,
:func:`add_predicate`).  The lookups load the installed entry points on
first use (:func:`load_installed_claims`).

Order: :func:`claims_for_family` lists a family's claims in the order they
became the family's (registered for it, or given its procedure), which is
the order of the family's entry point; property tables and reports follow
it.  :func:`registered_claims` lists every claim in registration order.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from axiometrics.catalogue_slot import CatalogueSlot
from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.family import (
    entry_point_order,
    installed_entry_points,
    load_each_entry_point,
    skipped_plugin_warning,
)
from axiometrics.shared_claims import (
    SHARED_CLAIMS,
    SHARED_PRECONDITIONS,
    STRICT_MAX_COUNT,
)
from axiometrics.suggest import closest

__all__ = [
    "CLAIM_CATALOGUES",
    "CLAIM_ENTRY_POINT_GROUP",
    "CLAIM_OPTIONS",
    "STRICT_MAX_COUNT",
    "Claim",
    "ClaimCatalogue",
    "Precondition",
    "PredicateFor",
    "ProcedureFor",
    "add_predicate",
    "add_procedure",
    "claims_for_family",
    "get_claim",
    "get_precondition",
    "load_claim_entry_point",
    "load_claim_entry_points",
    "load_installed_claims",
    "preconditions_for_family",
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

#: The entry-point group of claims, preconditions and adoptions of shared ones.
CLAIM_ENTRY_POINT_GROUP = "axiometrics.claims"


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


@dataclass(frozen=True)
class ProcedureFor:
    """An entry-point item: give a registered claim a checking procedure for ``family``.

    Listed in a family plugin's ``axiometrics.claims`` entry point, it adopts
    a claim another plugin or :mod:`axiometrics.shared_claims` defines, the
    way :func:`add_procedure` does at run time; its position in the list
    places the claim among the family's own (:func:`claims_for_family`).

    Attributes
    ----------
    claim
        The registered claim's name.
    family
        The family the procedure checks.
    procedure
        A :class:`axiometrics.checker.Procedure` or a lazy
        ``"module:attribute"`` reference to one.
    """

    claim: str
    family: str
    procedure: Any


@dataclass(frozen=True)
class PredicateFor:
    """An entry-point item: give a registered precondition a predicate for ``family``.

    The precondition counterpart of :class:`ProcedureFor` (see
    :func:`add_predicate`).
    """

    precondition: str
    family: str
    predicate: Any


#: What a claims entry point may list.
CatalogueItem = Claim | Precondition | ProcedureFor | PredicateFor


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


def _join(order: dict[str, list[str]], family: str, name: str) -> None:
    names = order.setdefault(family, [])
    if name not in names:
        names.append(name)


def _module_reference(reference: str) -> bool:
    module_name, sep, attr = reference.partition(":")
    return bool(sep and module_name and attr)


def _entry_point_items(ep: Any) -> list[Any]:
    obj = ep.load()
    if callable(obj) and not isinstance(obj, (Claim, Precondition)):
        obj = obj()
    if isinstance(obj, (Claim, Precondition, ProcedureFor, PredicateFor)):
        return [obj]
    return list(obj)


class ClaimCatalogue:
    """The claims and preconditions of one set of catalogues.

    The process has one (:data:`CLAIM_CATALOGUES`), which the module-level
    functions (:func:`register_claim`, :func:`get_claim`, :func:`add_procedure`,
    ...) use through the slot's ``current`` catalogue; a
    :class:`~axiometrics.registry.Registry` owns the one it loads claims
    into and validates its measures' declarations against
    (:attr:`axiometrics.registry.Registry.catalogues`).  The shared
    statements (:mod:`axiometrics.shared_claims`) are registered first; the
    installed entry points load on the first lookup (:meth:`load_installed`).
    The methods are documented at their module-level counterparts.
    """

    def __init__(self) -> None:
        self._claims: dict[str, Claim] = {}
        self._preconditions: dict[str, Precondition] = {}
        # Per family, the names in the order they became the family's.
        self._claim_order: dict[str, list[str]] = {}
        self._precondition_order: dict[str, list[str]] = {}
        self._shared_loaded = False
        self._installed_loaded = False

    def copy(self) -> ClaimCatalogue:
        """An independent catalogue with the same entries (and the same loading state)."""
        twin = ClaimCatalogue()
        twin._claims = dict(self._claims)
        twin._preconditions = dict(self._preconditions)
        twin._claim_order = {f: list(n) for f, n in self._claim_order.items()}
        twin._precondition_order = {f: list(n) for f, n in self._precondition_order.items()}
        twin._shared_loaded = self._shared_loaded
        twin._installed_loaded = self._installed_loaded
        return twin

    # -- registration ---------------------------------------------------------

    def register_shared(self) -> None:
        """Register the shared statements of :mod:`axiometrics.shared_claims`, once."""
        if self._shared_loaded:
            return
        self._shared_loaded = True
        for shared in SHARED_CLAIMS:
            _validate_options(shared.options, f"claim={shared.name!r}")
            self._claims.setdefault(
                shared.name,
                Claim(
                    shared.name,
                    shared.title,
                    (),
                    "universal" if shared.form == "universal" else "existential",
                    shared.statement,
                    shared.reference,
                    logic=shared.logic,
                    options=shared.options,
                    required=True,
                ),
            )
        for pre in SHARED_PRECONDITIONS:
            self._preconditions.setdefault(pre.name, Precondition(pre.name, (), pre.description))

    def register_claim(self, new: Claim, *, plugin: str = "axiometrics") -> Claim:
        """Add a claim (see :func:`register_claim`)."""
        self.load_installed()
        return self._add_claim(new, plugin=plugin)

    def _add_claim(self, new: Claim, *, plugin: str) -> Claim:
        where = f"plugin={plugin!r} claim={getattr(new, 'name', new)!r}"
        if not isinstance(new, Claim):
            raise RegistrationError(f"{where}: expected a Claim (got {type(new).__name__})")
        if not isinstance(new.name, str) or not _NAME.match(new.name):
            raise RegistrationError(f"{where}: name must be lower_snake_case")
        if new.name in self._claims:
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
        self._claims[new.name] = new
        for fam in new.families:
            _join(self._claim_order, fam, new.name)
        return new

    def add_procedure(
        self, claim_name: str, family: str, procedure: Any, *, plugin: str = "axiometrics"
    ) -> Claim:
        """Give a claim a procedure for one more family (see :func:`add_procedure`)."""
        current = self.get_claim(claim_name)
        where = f"plugin={plugin!r} claim={claim_name!r} family={family!r}"
        if not isinstance(family, str) or not _NAME.match(family):
            raise RegistrationError(f"{where}: family must be a lower_snake_case family name")
        if isinstance(procedure, str):
            if not _module_reference(procedure):
                raise RegistrationError(
                    f"{where}: procedure reference must be 'module:attribute' (got {procedure!r})"
                )
        elif not (hasattr(procedure, "cases") and hasattr(procedure, "decide")):
            raise RegistrationError(
                f"{where}: procedure={procedure!r}: expected a Procedure (with cases and decide) "
                "or a 'module:attribute' reference to one"
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
        self._claims[claim_name] = updated
        _join(self._claim_order, family, claim_name)
        return updated

    def add_predicate(
        self, precondition_name: str, family: str, predicate: Any, *, plugin: str = "axiometrics"
    ) -> Precondition:
        """Give a precondition a predicate for one more family (see :func:`add_predicate`)."""
        current = self.get_precondition(precondition_name)
        where = f"plugin={plugin!r} precondition={precondition_name!r} family={family!r}"
        if not isinstance(family, str) or not _NAME.match(family):
            raise RegistrationError(f"{where}: family must be a lower_snake_case family name")
        if isinstance(predicate, str):
            if not _module_reference(predicate):
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
        self._preconditions[precondition_name] = updated
        _join(self._precondition_order, family, precondition_name)
        return updated

    def register_precondition(
        self, new: Precondition, *, plugin: str = "axiometrics"
    ) -> Precondition:
        """Add a precondition (see :func:`register_precondition`)."""
        self.load_installed()
        return self._add_precondition(new, plugin=plugin)

    def _add_precondition(self, new: Precondition, *, plugin: str) -> Precondition:
        where = f"plugin={plugin!r} precondition={getattr(new, 'name', new)!r}"
        if not isinstance(new, Precondition):
            raise RegistrationError(f"{where}: expected a Precondition (got {type(new).__name__})")
        if not isinstance(new.name, str) or not _NAME.match(new.name):
            raise RegistrationError(f"{where}: name must be lower_snake_case")
        if new.name in self._preconditions:
            raise RegistrationError(f"{where}: a precondition with this name is already registered")
        if not new.families:
            raise RegistrationError(f"{where}: families must name at least one family")
        stray = [f for f in new.predicates if f not in new.families]
        if stray:
            raise RegistrationError(
                f"{where}: predicates given for families {stray} outside {list(new.families)}"
            )
        self._preconditions[new.name] = new
        for fam in new.families:
            _join(self._precondition_order, fam, new.name)
        return new

    # -- lookup -----------------------------------------------------------------

    def get_claim(self, name: str) -> Claim:
        """Look a claim up by name (see :func:`get_claim`)."""
        self.load_installed()
        try:
            return self._claims[name]
        except KeyError:
            raise UnknownClaimError(_unknown("claim", name, self._claims)) from None

    def get_precondition(self, name: str) -> Precondition:
        """Look a precondition up by name (see :func:`get_precondition`)."""
        self.load_installed()
        try:
            return self._preconditions[name]
        except KeyError:
            raise UnknownClaimError(_unknown("precondition", name, self._preconditions)) from None

    def claims(self) -> tuple[Claim, ...]:
        """All claims, in registration order (the shared statements first)."""
        self.load_installed()
        return tuple(self._claims.values())

    def preconditions(self) -> tuple[Precondition, ...]:
        """All preconditions, in registration order (the shared ones first)."""
        self.load_installed()
        return tuple(self._preconditions.values())

    def claims_for_family(self, family: str) -> tuple[Claim, ...]:
        """The claims of ``family``, in the order they became the family's."""
        self.load_installed()
        return tuple(self._claims[n] for n in self._claim_order.get(family, ()))

    def preconditions_for_family(self, family: str) -> tuple[Precondition, ...]:
        """The preconditions that can restrict inputs of ``family``, in the family's order."""
        self.load_installed()
        return tuple(self._preconditions[n] for n in self._precondition_order.get(family, ()))

    def required_claims_for_family(self, family: str) -> tuple[Claim, ...]:
        """The claims every measure of ``family`` must declare."""
        return tuple(c for c in self.claims_for_family(family) if c.required)

    # -- entry points -------------------------------------------------------------

    def load_entry_point(self, ep: Any) -> None:
        """Register what one claims entry point lists (see :func:`load_claim_entry_point`)."""
        self.register_shared()
        items = _entry_point_items(ep)
        for item in items:
            if not isinstance(item, (Claim, Precondition, ProcedureFor, PredicateFor)):
                raise RegistrationError(
                    f"plugin={ep.name!r}: claims entry points must provide Claim, Precondition, "
                    f"ProcedureFor or PredicateFor objects (got {type(item).__name__})"
                )
        for item in items:
            if isinstance(item, Claim):
                taken = self._claims.get(item.name)
                if taken is None:
                    self._add_claim(item, plugin=ep.name)
                    continue
                # The same definition again (a second load of the plugin): attach its
                # procedures, a no-op when they are already there.  Another statement
                # under a taken name is a clash, not a merge.
                if (item.form, item.statement, item.logic) != (
                    taken.form,
                    taken.statement,
                    taken.logic,
                ):
                    raise RegistrationError(
                        f"plugin={ep.name!r} claim={item.name!r}: a claim with this name is "
                        "already registered with another form, statement or logic; give the "
                        "new claim its own name, or adopt the registered one with ProcedureFor"
                    )
                for fam_name, procedure in item.procedures.items():
                    self.add_procedure(item.name, fam_name, procedure, plugin=ep.name)
            elif isinstance(item, Precondition):
                if item.name not in self._preconditions:
                    self._add_precondition(item, plugin=ep.name)
            elif isinstance(item, ProcedureFor):
                self.add_procedure(item.claim, item.family, item.procedure, plugin=ep.name)
            else:
                self.add_predicate(item.precondition, item.family, item.predicate, plugin=ep.name)

    def load_entry_points(
        self,
        eps: Iterable[Any],
        *,
        strict: bool = False,
        skip: Callable[[Any, BaseException], None],
    ) -> None:
        """Load claims entry points, skipping a failing third-party one with ``skip(ep, error)``.

        A failing built-in entry point raises, and so does any failure when ``strict``.
        """
        self.register_shared()
        load_each_entry_point(eps, self.load_entry_point, strict=strict, skip=skip)

    def load_installed(self) -> None:
        """Register the shared statements and the installed claims entry points, once.

        The built-in plugins come first, in family order
        (:func:`~axiometrics.family.entry_point_order`), then third-party ones
        unless ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS`` is set.  A
        third-party entry point that fails to load is skipped with one
        :class:`~axiometrics.errors.PluginLoadWarning`.
        """
        if self._installed_loaded:
            return
        self._installed_loaded = True  # first, so that a lookup while loading does not recurse
        self.register_shared()
        self.load_entry_points(
            installed_entry_points(CLAIM_ENTRY_POINT_GROUP, key=entry_point_order),
            skip=skipped_plugin_warning(CLAIM_ENTRY_POINT_GROUP, "claims"),
        )


#: The process's claims catalogue and the one the module-level functions use now.
CLAIM_CATALOGUES: CatalogueSlot[ClaimCatalogue] = CatalogueSlot(ClaimCatalogue())


def register_claim(new: Claim, *, plugin: str = "axiometrics") -> Claim:
    """Add a claim to the current catalogue.

    The installed plugins' claims are loaded first (:func:`load_installed_claims`),
    so a claim registered at run time comes after them.

    Raises
    ------
    RegistrationError
        If the name is malformed or already taken, the form is unknown, no
        family is given, a procedure is attached for a family the claim does
        not speak about, or an option is unknown.  The message names the
        plugin and the claim.
    """
    return CLAIM_CATALOGUES.current.register_claim(new, plugin=plugin)


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
    return CLAIM_CATALOGUES.current.add_procedure(claim_name, family, procedure, plugin=plugin)


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
    return CLAIM_CATALOGUES.current.add_predicate(
        precondition_name, family, predicate, plugin=plugin
    )


def register_precondition(new: Precondition, *, plugin: str = "axiometrics") -> Precondition:
    """Add a precondition to the current catalogue (same rules as :func:`register_claim`)."""
    return CLAIM_CATALOGUES.current.register_precondition(new, plugin=plugin)


def get_claim(name: str) -> Claim:
    """Look a claim up by name; unknown names raise :class:`UnknownClaimError` with suggestions."""
    return CLAIM_CATALOGUES.current.get_claim(name)


def get_precondition(name: str) -> Precondition:
    """Look a precondition up by name; unknown names raise :class:`UnknownClaimError`."""
    return CLAIM_CATALOGUES.current.get_precondition(name)


def registered_claims() -> tuple[Claim, ...]:
    """All claims, in registration order (the shared statements first)."""
    return CLAIM_CATALOGUES.current.claims()


def registered_preconditions() -> tuple[Precondition, ...]:
    """All preconditions, in registration order (the shared ones first)."""
    return CLAIM_CATALOGUES.current.preconditions()


def claims_for_family(family: str) -> tuple[Claim, ...]:
    """The claims that apply to measures of ``family``, in the order they became the family's."""
    return CLAIM_CATALOGUES.current.claims_for_family(family)


def preconditions_for_family(family: str) -> tuple[Precondition, ...]:
    """The preconditions that can restrict inputs of ``family``, in the family's order."""
    return CLAIM_CATALOGUES.current.preconditions_for_family(family)


def required_claims_for_family(family: str) -> tuple[Claim, ...]:
    """The claims every measure of ``family`` must declare (the built-in ones)."""
    return CLAIM_CATALOGUES.current.required_claims_for_family(family)


# -- entry points ---------------------------------------------------------------


def load_claim_entry_point(ep: Any) -> None:
    """Register what one ``axiometrics.claims`` entry point lists, in its order.

    The entry point provides a list of :class:`Claim`, :class:`Precondition`,
    :class:`ProcedureFor` and :class:`PredicateFor` items (or a callable
    returning one).  Loading the same entry point again changes nothing: a
    claim listed again with the same form, statement and logic only
    re-attaches its procedures (a no-op when they are the same), a known
    precondition is skipped.

    Raises
    ------
    RegistrationError
        If an item is of another type, or a listed claim takes the name of a
        registered claim that says something else.
    UnknownClaimError
        If a :class:`ProcedureFor` or :class:`PredicateFor` names no
        registered claim or precondition.
    """
    CLAIM_CATALOGUES.current.load_entry_point(ep)


def load_claim_entry_points(
    eps: Iterable[Any],
    *,
    strict: bool = False,
    skip: Callable[[Any, BaseException], None],
) -> None:
    """Load claims entry points into the current catalogue, skipping a failing third-party one.

    See :meth:`ClaimCatalogue.load_entry_points`; a registry loads into its own
    catalogue (:attr:`axiometrics.registry.Registry.catalogues`).
    """
    CLAIM_CATALOGUES.current.load_entry_points(eps, strict=strict, skip=skip)


def load_installed_claims() -> None:
    """Register the shared statements and the installed claims in the current catalogue, once.

    Called by the lookups and the registration functions; see
    :meth:`ClaimCatalogue.load_installed`.
    """
    CLAIM_CATALOGUES.current.load_installed()


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    options = list(known)
    near = closest(name, options)
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown {kind} name={name!r}{hint} (known: {', '.join(options)})"
