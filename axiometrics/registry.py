"""The measure registry: validated registration, lookup, and entry-point loading.

Registration fails loudly, naming the plugin, the measure and the problem:
duplicate names or aliases, unknown claims or preconditions, a missing
declaration for a claim that applies, bad parameter specifications, or a
compute function whose signature cannot take the family's inputs.

Measures are found through the ``axiometrics.measures`` entry-point group;
the built-in ones come from the ``axiometrics`` distribution itself.  Set
the environment variable ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS=1`` (or
call :func:`reset_default_registry` with ``third_party=False``) to load the
built-ins only.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import numpy as np

from axiometrics import claims as claim_catalogue
from axiometrics.declarations import Holds, NotApplicable
from axiometrics.errors import (
    DuplicateMeasureError,
    InvalidParameterError,
    RegistrationError,
    UnknownClaimError,
    UnknownMeasureError,
)
from axiometrics.families import family as lookup_family
from axiometrics.measure import Measure
from axiometrics.plugin import MeasureDefinition, MeasurePlugin
from axiometrics.scoring import run_compute
from axiometrics.suggest import closest

__all__ = [
    "MEASURE_ENTRY_POINT_GROUP",
    "Registry",
    "Scorer",
    "default_registry",
    "reset_default_registry",
]

MEASURE_ENTRY_POINT_GROUP = "axiometrics.measures"
CLAIM_ENTRY_POINT_GROUP = "axiometrics.claims"
BUILTIN_DISTRIBUTION = "axiometrics"
DISABLE_ENV = "AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS"


@dataclass(frozen=True)
class Scorer:
    """A registered measure, ready to score inputs.

    Call it with the family's inputs: ``scorer(matrices)`` for OC,
    ``scorer(system, gold)`` for OQ.  Inputs may be arrays, batches over
    leading axes, or :class:`~axiometrics.ConfusionMatrices` /
    :class:`~axiometrics.Distributions` (whose scale supplies the class
    values).
    """

    measure: Measure
    compute: Callable[..., Any]
    plugin: str
    vectorized: bool = True

    @property
    def name(self) -> str:
        """The measure's registry name."""
        return self.measure.name

    def __call__(
        self, *inputs: Any, values: Any = None, on_undefined: str | float = "raise"
    ) -> float | np.ndarray:
        """Score the inputs.

        Parameters
        ----------
        *inputs
            The family's inputs (see :mod:`axiometrics.families`).
        values
            Class values ``(C,)`` or ``(..., C)``; default: the inputs'
            scale values, else ``0 .. C-1``.
        on_undefined
            ``"raise"`` or a number to put where the measure is undefined.

        Returns
        -------
        float or numpy.ndarray
            A float for one input, an array of the batch shape otherwise.
        """
        prepared = lookup_family(self.measure.family).prepare(inputs, values)
        return run_compute(
            self.compute,
            self.measure,
            prepared,
            vectorized=self.vectorized,
            on_undefined=on_undefined,
        )

    def with_params(self, **params: Any) -> Scorer:
        """The same measure with parameters bound (see :meth:`Measure.with_params`)."""
        return replace(self, measure=self.measure.with_params(**params))

    def __repr__(self) -> str:
        return f"Scorer({self.measure}, family={self.measure.family!r}, plugin={self.plugin!r})"


_EXPR = re.compile(r"^\s*([^()\s]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def _parse_expression(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name(k=v, ...)"`` into the name and literal keyword values."""
    match = _EXPR.match(text)
    if not match:
        raise UnknownMeasureError(text)
    name, args = match.group(1), match.group(2)
    if not args or not args.strip():
        return name, {}
    try:
        call = ast.parse(f"f({args})", mode="eval").body
        if not isinstance(call, ast.Call) or call.args:
            raise ValueError("positional")
        params = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
    except (SyntaxError, ValueError) as exc:
        raise InvalidParameterError(
            f"measure={name!r}: parameters must be written as name(key=literal, ...) (got {text!r})"
        ) from exc
    return name, params


class Registry:
    """Registered measures by name and alias.

    Most users never build one: :func:`default_registry` loads every plugin
    installed in the environment.  Tests and embedders create their own.
    """

    def __init__(self) -> None:
        self._scorers: dict[str, Scorer] = {}
        self._aliases: dict[str, str] = {}
        self._plugins: dict[str, str] = {}  # plugin name -> distribution name

    # -- registration --------------------------------------------------
    def register(
        self,
        measure: Measure,
        compute: Callable[..., Any],
        *,
        plugin: str = "<direct>",
        vectorized: bool = True,
    ) -> Scorer:
        """Validate and register one measure.

        Parameters
        ----------
        measure
            The declaration.
        compute
            The compute function (see :mod:`axiometrics.scoring` for the contract).
        plugin
            Name of the registering plugin, used in error messages.
        vectorized
            Whether ``compute`` handles batches itself.

        Raises
        ------
        RegistrationError
            (or its subclasses :class:`DuplicateMeasureError`,
            :class:`UnknownClaimError`) naming the plugin, the measure and the
            problem.
        """
        if not isinstance(measure, Measure):
            raise RegistrationError(
                f"plugin={plugin!r}: expected a Measure definition (got {type(measure).__name__})"
            )
        measure.validate_definition(plugin=plugin)
        where = f"plugin={plugin!r} measure={measure.name!r}"
        try:
            fam = lookup_family(measure.family)
        except RegistrationError as exc:
            raise RegistrationError(f"{where}: {exc}") from None
        measure = replace(measure, claims=self._complete_claims(measure, where))
        self._check_signature(measure, compute, fam.inputs, where, vectorized)
        self._check_unique(measure, plugin)
        scorer = Scorer(measure, compute, plugin, vectorized)
        self._scorers[measure.name] = scorer
        for alias in measure.aliases:
            self._aliases[alias.lower()] = measure.name
        return scorer

    def register_plugin(
        self, plugin: MeasurePlugin | Iterable[MeasureDefinition], *, name: str | None = None
    ) -> list[Scorer]:
        """Register every definition of a plugin; stops at the first invalid one."""
        plugin_name = name or getattr(plugin, "name", None) or "<anonymous>"
        out = []
        for definition in plugin:
            if not isinstance(definition, MeasureDefinition):
                raise RegistrationError(
                    f"plugin={plugin_name!r}: expected MeasureDefinition items "
                    f"(got {type(definition).__name__})"
                )
            out.append(
                self.register(
                    definition.measure,
                    definition.compute,
                    plugin=plugin_name,
                    vectorized=definition.vectorized,
                )
            )
        return out

    def unregister(self, name: str) -> None:
        """Remove a measure (and its aliases)."""
        scorer = self.get(name)
        del self._scorers[scorer.name]
        self._aliases = {a: n for a, n in self._aliases.items() if n != scorer.name}

    def load_entry_points(self, *, third_party: bool = True) -> None:
        """Load claims and measures from the installed entry points.

        Parameters
        ----------
        third_party
            ``False`` loads only the plugins shipped with axiometrics.
        """
        for ep in _entry_points(CLAIM_ENTRY_POINT_GROUP, third_party):
            for item in _resolve(ep):
                if isinstance(item, claim_catalogue.Claim):
                    if item.name not in {c.name for c in claim_catalogue.registered_claims()}:
                        claim_catalogue.register_claim(item, plugin=ep.name)
                elif isinstance(item, claim_catalogue.Precondition):
                    known = {p.name for p in claim_catalogue.registered_preconditions()}
                    if item.name not in known:
                        claim_catalogue.register_precondition(item, plugin=ep.name)
                else:
                    raise RegistrationError(
                        f"plugin={ep.name!r}: claims entry points must provide Claim or "
                        f"Precondition objects (got {type(item).__name__})"
                    )
        for ep in _entry_points(MEASURE_ENTRY_POINT_GROUP, third_party):
            obj = ep.load()
            if callable(obj) and not isinstance(obj, MeasurePlugin):
                obj = obj()
            self.register_plugin(obj, name=getattr(obj, "name", ep.name))
            self._plugins[getattr(obj, "name", ep.name)] = _dist_name(ep)

    # -- lookup --------------------------------------------------------
    def get(self, name: str | Measure | Scorer) -> Scorer:
        """Find a measure by name, alias (case-insensitive) or ``"name(key=value)"``.

        Raises
        ------
        UnknownMeasureError
            With the closest registered names as suggestions.
        """
        if isinstance(name, Scorer):
            return name
        if isinstance(name, Measure):
            base = self.get(name.name)
            return replace(base, measure=name)
        if not isinstance(name, str):
            raise UnknownMeasureError(repr(name))
        base_name, params = _parse_expression(name)
        key = base_name if base_name in self._scorers else self._aliases.get(base_name.lower())
        if key is None:
            options = list(self._scorers) + [a for a in self._aliases]
            near = [self._aliases.get(n.lower(), n) for n in closest(base_name, options, limit=6)]
            raise UnknownMeasureError(base_name, list(dict.fromkeys(near))[:3])
        scorer = self._scorers[key]
        return scorer.with_params(**params) if params else scorer

    def measure(self, name: str) -> Measure:
        """The :class:`Measure` definition registered under ``name``."""
        return self.get(name).measure

    def names(self, family: str | None = None) -> list[str]:
        """Registered names, optionally of one family, in registration order."""
        return [n for n, s in self._scorers.items() if family is None or s.measure.family == family]

    def scorers(self, family: str | None = None) -> list[Scorer]:
        """Registered scorers, optionally of one family."""
        return [self._scorers[n] for n in self.names(family)]

    def plugins(self) -> dict[str, str]:
        """Loaded entry-point plugins and the distribution providing each."""
        return dict(self._plugins)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        return name in self._scorers or name.lower() in self._aliases

    def __iter__(self) -> Iterator[Scorer]:
        return iter(list(self._scorers.values()))

    def __len__(self) -> int:
        return len(self._scorers)

    # -- validation helpers --------------------------------------------
    def _complete_claims(self, measure: Measure, where: str) -> dict[str, Any]:
        declared = dict(measure.claims)
        for claim_name, decl in declared.items():
            try:
                claim = claim_catalogue.claim(claim_name)
            except UnknownClaimError as exc:
                raise UnknownClaimError(f"{where}: {exc}") from None
            if not claim.applies_to(measure.family) and not isinstance(decl, NotApplicable):
                raise RegistrationError(
                    f"{where}: claim {claim_name!r} applies to families {list(claim.families)}, "
                    f"not {measure.family!r}; declare it NotApplicable or drop it"
                )
            if isinstance(decl, Holds):
                for pre in decl.preconditions:
                    try:
                        condition = claim_catalogue.precondition(pre)
                    except UnknownClaimError as exc:
                        raise UnknownClaimError(f"{where}: claim {claim_name!r}: {exc}") from None
                    if measure.family not in condition.families:
                        raise RegistrationError(
                            f"{where}: claim {claim_name!r}: precondition {pre!r} applies to "
                            f"families {list(condition.families)}, not {measure.family!r}"
                        )
        missing = [
            c.name
            for c in claim_catalogue.required_claims_for_family(measure.family)
            if c.name not in declared
        ]
        if missing:
            raise RegistrationError(
                f"{where}: every claim that applies to family {measure.family!r} needs a "
                f"declaration (Holds, Violated or NotApplicable); missing: {', '.join(missing)}"
            )
        for c in claim_catalogue.registered_claims():
            declared.setdefault(
                c.name, NotApplicable(f"applies to {'/'.join(c.families)} measures only")
            )
        return declared

    @staticmethod
    def _check_signature(
        measure: Measure,
        compute: Callable[..., Any],
        inputs: tuple[str, ...],
        where: str,
        vectorized: bool,
    ) -> None:
        if not callable(compute):
            raise RegistrationError(f"{where}: compute must be callable (got {compute!r})")
        try:
            sig = inspect.signature(compute)
        except (TypeError, ValueError):
            return  # builtins without signatures: trust them
        params = dict(sig.parameters)
        has_var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
        has_var_pos = any(p.kind is p.VAR_POSITIONAL for p in params.values())
        positional = [
            p for p in params.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        if len(positional) < len(inputs) and not has_var_pos:
            raise RegistrationError(
                f"{where}: compute function {getattr(compute, '__name__', compute)!r} must take "
                f"the family inputs {list(inputs)} positionally (signature {sig})"
            )
        needed = ["values", *(p.name for p in measure.params)]
        lacking = [n for n in needed if n not in params and not has_var_kw]
        if lacking:
            raise RegistrationError(
                f"{where}: compute function {getattr(compute, '__name__', compute)!r} must accept "
                f"keyword arguments {lacking} (signature {sig})"
            )

    def _check_unique(self, measure: Measure, plugin: str) -> None:
        names = [measure.name, *measure.aliases]
        for candidate in names:
            owner = None
            if candidate in self._scorers:
                owner = self._scorers[candidate]
            elif candidate.lower() in self._aliases:
                owner = self._scorers[self._aliases[candidate.lower()]]
            if owner is not None:
                raise DuplicateMeasureError(
                    f"plugin={plugin!r} measure={measure.name!r}: name {candidate!r} is already "
                    f"registered by plugin={owner.plugin!r} for measure={owner.name!r}"
                )
        if len({n.lower() for n in names}) != len(names):
            raise DuplicateMeasureError(
                f"plugin={plugin!r} measure={measure.name!r}: its name and aliases repeat "
                f"({names!r})"
            )


def _dist_name(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return getattr(dist, "name", "") or ""


def _entry_points(group: str, third_party: bool) -> list[EntryPoint]:
    found = sorted(
        entry_points(group=group), key=lambda ep: (_dist_name(ep) != BUILTIN_DISTRIBUTION, ep.name)
    )
    if third_party:
        return found
    return [ep for ep in found if _dist_name(ep) == BUILTIN_DISTRIBUTION]


def _resolve(ep: EntryPoint) -> list[Any]:
    obj = ep.load()
    if callable(obj) and not isinstance(obj, claim_catalogue.Claim | claim_catalogue.Precondition):
        obj = obj()
    if isinstance(obj, claim_catalogue.Claim | claim_catalogue.Precondition):
        return [obj]
    return list(obj)


_DEFAULT: Registry | None = None


def default_registry() -> Registry:
    """The process-wide registry, loaded from entry points on first use.

    Raises
    ------
    RegistrationError
        If no measure is registered at all, which means axiometrics is not
        installed (``pip install -e .`` in a source checkout).
    """
    global _DEFAULT
    if _DEFAULT is None:
        third_party = os.environ.get(DISABLE_ENV, "").strip().lower() not in ("1", "true", "yes")
        reg = Registry()
        reg.load_entry_points(third_party=third_party)
        if len(reg) == 0:
            raise RegistrationError(
                "no measures are registered: the 'axiometrics.measures' entry points were not "
                "found; install the package (pip install -e . in a source checkout)"
            )
        _DEFAULT = reg
    return _DEFAULT


def reset_default_registry(*, third_party: bool | None = None) -> Registry:
    """Rebuild the default registry (e.g. after installing a plugin).

    Parameters
    ----------
    third_party
        ``False`` loads only the built-in plugins; ``None`` follows the
        ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS`` environment variable.
    """
    global _DEFAULT
    _DEFAULT = None
    if third_party is None:
        return default_registry()
    reg = Registry()
    reg.load_entry_points(third_party=third_party)
    _DEFAULT = reg
    return reg
