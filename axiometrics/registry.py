"""The measure registry: validated registration, lookup, and entry-point loading.

Registration fails loudly, naming the plugin, the measure and the problem:
duplicate names or aliases, unknown claims or preconditions, a missing
declaration for a claim that applies, bad parameter specifications, or a
compute function whose signature cannot take the family's inputs.

Plugins are found through four entry-point groups, loaded in this order:
``axiometrics.families`` (a :class:`~axiometrics.family.Family` or a list
of them, registered by :func:`~axiometrics.family.load_family_entry_points`,
which the family lookups also run on first use; the identical object already
registered, e.g. by a second registry or a lookup, is not a clash),
``axiometrics.claims`` (claims and preconditions), ``axiometrics.measures``
(a :class:`~axiometrics.plugin.MeasurePlugin`) and ``axiometrics.literature``
(a :class:`~axiometrics.literature.LiteratureSource` or a list of them:
published verdicts about the measures, validated against this registry by
:func:`axiometrics.literature.register`); the built-in ones come from the
``axiometrics`` distribution itself.  Claims entry points are loaded by
:func:`~axiometrics.claims.load_claim_entry_points`: a claim several families
share is defined once (:mod:`axiometrics.shared_claims`) and each family adopts
it with its own procedure (:class:`~axiometrics.claims.ProcedureFor`).

A measure may belong to several families (:attr:`Measure.also_families`)
that take the same inputs; it then declares every required claim of each,
and ``names(family=...)`` lists it under each.  Set
the environment variable ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS=1`` (or
call :func:`reset_default_registry` with ``third_party=False``) to load the
built-ins only.  A third-party plugin that fails to load is skipped with one
:class:`~axiometrics.errors.PluginLoadWarning`; asking for a measure that is
not registered then names the plugins that failed.
"""

from __future__ import annotations

import ast
import inspect
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

from axiometrics import claims as claim_catalogue
from axiometrics import literature as literature_catalogue
from axiometrics.catalogues import Catalogues
from axiometrics.declarations import Holds, NotApplicable
from axiometrics.errors import (
    DuplicateMeasureError,
    InvalidParameterError,
    PluginLoadWarning,
    RegistrationError,
    UnknownClaimError,
    UnknownMeasureError,
)
from axiometrics.family import (
    BUILTIN_DISTRIBUTION,
    DISABLE_ENV,
    FAMILY_ENTRY_POINT_GROUP,
    Family,
    entry_point_distribution,
    get_family,
    label_batch,
    ordered_entry_points,
    third_party_enabled,
)
from axiometrics.measure import Measure
from axiometrics.plugin import MeasureDefinition, MeasurePlugin
from axiometrics.scoring import Evaluation, check_on_undefined, evaluate_compute, run_compute
from axiometrics.suggest import closest

__all__ = [
    "FAMILY_ENTRY_POINT_GROUP",
    "LITERATURE_ENTRY_POINT_GROUP",
    "MEASURE_ENTRY_POINT_GROUP",
    "Registry",
    "Scorer",
    "default_registry",
    "reset_default_registry",
]

MEASURE_ENTRY_POINT_GROUP = "axiometrics.measures"
CLAIM_ENTRY_POINT_GROUP = claim_catalogue.CLAIM_ENTRY_POINT_GROUP
LITERATURE_ENTRY_POINT_GROUP = literature_catalogue.LITERATURE_ENTRY_POINT_GROUP


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
        self,
        *inputs: Any,
        values: Any = None,
        on_undefined: str | float = "raise",
        scale: Any = None,
        **named_inputs: Any,
    ) -> Any:
        """Score the inputs.

        Parameters
        ----------
        *inputs
            The family's inputs (see :mod:`axiometrics.family`).  OC also
            takes ``(gold, system)`` label vectors, gold first like
            scikit-learn's ``(y_true, y_pred)``, and a DataFrame crosstab
            whose axes are named ``gold``/``system``; OQ takes DataFrames
            (one distribution per row, columns = class labels) and Series.
            Labelled inputs are aligned by label, never read by position.
        values
            Class values ``(C,)`` or ``(..., C)``; default: the inputs'
            scale values, else ``0 .. C-1``.
        on_undefined
            ``"raise"`` or a finite number to put where the measure is undefined.
        scale
            The class scale (a :class:`~axiometrics.ClassScale` or the labels
            from lowest to highest), needed for non-numeric labels.
        **named_inputs
            Inputs given by their name in the family's
            :attr:`~axiometrics.family.Family.inputs` (``sample_weight=w``);
            ``None`` leaves an optional input out.

        Returns
        -------
        float, numpy.ndarray, pandas.Series or pandas.DataFrame
            A float for one input, an array of the batch shape for array
            input, and a Series (DataFrame for 2-D batches) indexed by the
            batch keys for labelled batches (e.g. ``from_dataframe(by=...)``).
        """
        check_on_undefined(on_undefined)
        fam = get_family(self.measure.family)
        inputs = fam.bind_inputs(inputs, named_inputs)
        prepared = fam.prepare(fam.coerce_inputs(inputs, scale), values)
        result = run_compute(
            self.compute,
            self.measure,
            prepared,
            vectorized=self.vectorized,
            on_undefined=on_undefined,
        )
        if prepared.batch_index is None:  # unlabelled input: no label, no name to build
            return result
        return label_batch(result, prepared, str(self.measure))

    def evaluate(
        self, *inputs: Any, values: Any = None, scale: Any = None, **named_inputs: Any
    ) -> Evaluation:
        """Score the inputs and report where the measure is undefined, without raising.

        Takes the same inputs as :meth:`__call__` (named inputs included).  Use it instead of a NaN
        fill value (which ``on_undefined`` refuses) to tell undefined
        entries apart.

        Returns
        -------
        Evaluation
            ``scores`` (0-d for one input, else the batch shape; 0 where
            undefined) and the boolean ``undefined`` mask of the same shape.
        """
        fam = get_family(self.measure.family)
        inputs = fam.bind_inputs(inputs, named_inputs)
        prepared = fam.prepare(fam.coerce_inputs(inputs, scale), values)
        return evaluate_compute(self.compute, self.measure, prepared, vectorized=self.vectorized)

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
    if args is None:
        return name, {}
    usage = f"measure={name!r}: parameters must be written as name(key=literal, ...) (got {text!r}"
    if not args.strip():
        return name, {}
    try:
        call = ast.parse(f"f({args})", mode="eval").body
    except SyntaxError as exc:
        raise InvalidParameterError(f"{usage})") from exc
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "f"):
        raise InvalidParameterError(f"{usage}; unexpected text after the closing parenthesis)")
    if call.args:
        raise InvalidParameterError(f"{usage}; positional values are not accepted)")
    params: dict[str, Any] = {}
    for kw in call.keywords:
        if kw.arg is None:
            raise InvalidParameterError(f"{usage}; ** unpacking is not accepted)")
        if kw.arg in params:
            raise InvalidParameterError(f"{usage}; parameter {kw.arg!r} is repeated)")
        try:
            params[kw.arg] = ast.literal_eval(kw.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError) as exc:
            raise InvalidParameterError(f"{usage}; {kw.arg}= is not a literal)") from exc
    return name, params


class Registry:
    """Registered measures by name and alias.

    Most users never build one: :func:`default_registry` loads every plugin
    installed in the environment.  Tests and embedders create their own.

    Parameters
    ----------
    catalogues
        The families, claims and literature sources this registry's plugins
        register into and its measures are validated against (default: the
        current ones, see :mod:`axiometrics.catalogues`; the default registry
        owns the process's).
    """

    def __init__(self, *, catalogues: Catalogues | None = None) -> None:
        self._catalogues = catalogues if catalogues is not None else Catalogues.current()
        self._scorers: dict[str, Scorer] = {}
        self._aliases: dict[str, str] = {}
        self._plugins: dict[str, str] = {}  # plugin name -> distribution name
        self._failed: dict[str, str] = {}  # "name = value" -> "ErrorType: message"

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
            fam = self._catalogues.families.get(measure.family)
        except RegistrationError as exc:
            raise RegistrationError(f"{where}: {exc}") from None
        measure = replace(
            measure,
            family=fam.name,
            also_families=self._also_families(measure, fam, where),
        )
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

    def load_entry_points(self, *, third_party: bool = True, strict: bool = False) -> None:
        """Load families, claims and measures from the installed entry points.

        A third-party plugin that fails (raises at import, provides the wrong
        objects, or does not register: a clash, a missing declaration, ...)
        is skipped as a whole with one :class:`~axiometrics.errors.PluginLoadWarning`
        naming its entry point and the error; the built-in plugins and the
        other plugins keep working, and :meth:`failed_plugins` lists it.  A
        failing built-in plugin is a bug of axiometrics and raises.

        Parameters
        ----------
        third_party
            ``False`` loads only the plugins shipped with axiometrics.
        strict
            ``True`` raises a third-party plugin's error instead of skipping
            it (for plugin authors' own tests).
        """
        _rescan_entry_points()  # plugins installed since the last load are seen
        families = self._catalogues.families
        families.load_entry_points(
            _entry_points(FAMILY_ENTRY_POINT_GROUP, third_party),
            strict=strict,
            skip=lambda ep, exc: self._skip(ep, FAMILY_ENTRY_POINT_GROUP, exc),
        )
        order = families.entry_point_order
        self._catalogues.claims.load_entry_points(
            _entry_points(CLAIM_ENTRY_POINT_GROUP, third_party, key=order),
            strict=strict,
            skip=lambda ep, exc: self._skip(ep, CLAIM_ENTRY_POINT_GROUP, exc),
        )
        for ep in _entry_points(MEASURE_ENTRY_POINT_GROUP, third_party):
            guard = strict or entry_point_distribution(ep) == BUILTIN_DISTRIBUTION
            saved = (dict(self._scorers), dict(self._aliases))
            try:
                self._load_measures(ep)
            except Exception as exc:
                if guard:
                    raise
                self._scorers, self._aliases = saved  # all of the plugin or nothing
                self._skip(ep, MEASURE_ENTRY_POINT_GROUP, exc)
        for ep in _entry_points(LITERATURE_ENTRY_POINT_GROUP, third_party, key=order):
            guard = strict or entry_point_distribution(ep) == BUILTIN_DISTRIBUTION
            try:
                self._load_literature(ep)
            except Exception as exc:
                if guard:
                    raise
                self._skip(ep, LITERATURE_ENTRY_POINT_GROUP, exc)

    def _load_measures(self, ep: EntryPoint) -> None:
        obj = ep.load()
        if callable(obj) and not isinstance(obj, MeasurePlugin):
            obj = obj()
        self.register_plugin(obj, name=getattr(obj, "name", ep.name))
        self._plugins[getattr(obj, "name", ep.name)] = entry_point_distribution(ep)

    def _load_literature(self, ep: EntryPoint) -> None:
        obj = ep.load()
        if callable(obj) and not isinstance(obj, literature_catalogue.LiteratureSource):
            obj = obj()
        items = [obj] if isinstance(obj, literature_catalogue.LiteratureSource) else list(obj)
        for item in items:
            if not isinstance(item, literature_catalogue.LiteratureSource):
                raise RegistrationError(
                    f"plugin={ep.name!r}: literature entry points must provide LiteratureSource "
                    f"objects (got {type(item).__name__})"
                )
        sources = self._catalogues.literature
        before = set(sources.registered_keys())
        try:
            for item in items:
                sources.register(item, self.measure, plugin=ep.name, claims=self._catalogues.claims)
        except Exception:
            for key in sources.registered_keys():  # all of the entry point or none
                if key not in before:
                    sources.unregister(key)
            raise

    def _skip(self, ep: EntryPoint, group: str, exc: BaseException) -> None:
        where = f"{ep.name} = {getattr(ep, 'value', '?')}"
        error = " ".join(f"{type(exc).__name__}: {exc}".split())
        self._failed[where] = error
        dist = entry_point_distribution(ep) or "unknown distribution"
        warnings.warn(
            f"skipped the {group} plugin {where} (from {dist}): {error}; the built-in "
            f"measures still work; set {DISABLE_ENV}=1 to load the built-ins only",
            PluginLoadWarning,
            stacklevel=3,
        )

    @property
    def catalogues(self) -> Catalogues:
        """The families, claims and literature sources this registry owns."""
        return self._catalogues

    def failed_plugins(self) -> dict[str, str]:
        """Third-party plugins skipped by :meth:`load_entry_points`: entry point -> error."""
        return dict(self._failed)

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
        lowered = base_name.lower()
        key = lowered if lowered in self._scorers else self._aliases.get(lowered)
        if key is None:
            options = list(self._scorers) + [a for a in self._aliases]
            near = [self._aliases.get(n.lower(), n) for n in closest(base_name, options, limit=6)]
            failed = [f"{where} ({error})" for where, error in self._failed.items()]
            raise UnknownMeasureError(base_name, list(dict.fromkeys(near))[:3], failed)
        scorer = self._scorers[key]
        return scorer.with_params(**params) if params else scorer

    def measure(self, name: str) -> Measure:
        """The :class:`Measure` definition registered under ``name``."""
        return self.get(name).measure

    def names(self, family: str | None = None) -> list[str]:
        """Registered names, optionally of one family (case-insensitive), in registration order.

        A measure belonging to several families (``also_families``) is
        listed under each of them.
        """
        wanted = None if family is None else get_family(family).name
        return [
            n for n, s in self._scorers.items() if wanted is None or wanted in s.measure.families
        ]

    def scorers(self, family: str | None = None) -> list[Scorer]:
        """Registered scorers, optionally of one family."""
        return [self._scorers[n] for n in self.names(family)]

    def plugins(self) -> dict[str, str]:
        """Loaded entry-point plugins and the distribution providing each."""
        return dict(self._plugins)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        return name.lower() in self._scorers or name.lower() in self._aliases

    def __iter__(self) -> Iterator[Scorer]:
        return iter(list(self._scorers.values()))

    def __len__(self) -> int:
        return len(self._scorers)

    # -- validation helpers --------------------------------------------
    def _also_families(self, measure: Measure, primary: Family, where: str) -> tuple[str, ...]:
        """The canonical names of the extra families, each taking the primary's inputs."""
        out = []
        for name in measure.also_families:
            try:
                extra = self._catalogues.families.get(name)
            except RegistrationError as exc:
                raise RegistrationError(f"{where}: also_families: {exc}") from None
            if extra.name == primary.name or extra.name in out:
                raise RegistrationError(
                    f"{where}: family {extra.name!r} is listed twice (family={measure.family!r}, "
                    f"also_families={list(measure.also_families)!r})"
                )
            if tuple(extra.inputs) != tuple(primary.inputs):
                raise RegistrationError(
                    f"{where}: family {extra.name!r} takes inputs {list(extra.inputs)}, not "
                    f"{list(primary.inputs)} like the measure's family {primary.name!r}; a "
                    "measure can only belong to families with the same inputs"
                )
            out.append(extra.name)
        return tuple(out)

    def _check_preconditions(
        self, decl: Holds, claim_name: str, checked_as: str | None, where: str
    ) -> None:
        """Every precondition of ``decl`` is registered for the family that checks the claim."""
        for pre in decl.preconditions:
            try:
                condition = self._catalogues.claims.get_precondition(pre)
            except UnknownClaimError as exc:
                raise UnknownClaimError(f"{where}: claim {claim_name!r}: {exc}") from None
            if checked_as not in condition.families:
                raise RegistrationError(
                    f"{where}: claim {claim_name!r}: precondition {pre!r} applies to "
                    f"families {list(condition.families)}, not {checked_as!r} (the "
                    "family whose procedure checks this claim for the measure)"
                )

    def _complete_claims(self, measure: Measure, where: str) -> dict[str, Any]:
        claim_catalogue = self._catalogues.claims
        declared = dict(measure.claims)
        families = measure.families
        shown = families[0] if len(families) == 1 else "/".join(families)
        for claim_name, decl in declared.items():
            try:
                claim = claim_catalogue.get_claim(claim_name)
            except UnknownClaimError as exc:
                raise UnknownClaimError(f"{where}: {exc}") from None
            checked_as = measure.claim_family(claim)
            if checked_as is None and not isinstance(decl, NotApplicable):
                raise RegistrationError(
                    f"{where}: claim {claim_name!r} applies to families {list(claim.families)}, "
                    f"not {shown!r}; declare it NotApplicable or drop it"
                )
            variants = [v.claims[claim_name] for v in measure.claims_when if claim_name in v.claims]
            for each in (decl, *variants):
                if isinstance(each, Holds):
                    self._check_preconditions(each, claim_name, checked_as, where)
        for fam_name in families:
            missing = [
                c.name
                for c in claim_catalogue.required_claims_for_family(fam_name)
                if c.name not in declared
            ]
            if missing:
                raise RegistrationError(
                    f"{where}: every claim that applies to family {fam_name!r} needs a "
                    f"declaration (Holds, Violated or NotApplicable); missing: "
                    f"{', '.join(missing)}"
                )
        for c in claim_catalogue.claims():
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


_SCAN: list[Any] = []


def entry_points(group: str) -> Any:
    """The installed entry points of ``group``, from one scan per plugin load.

    Every call of :func:`importlib.metadata.entry_points` reads the metadata
    of every installed distribution; :meth:`Registry.load_entry_points` asks
    for four groups, so the scan is made once (:func:`_rescan_entry_points`)
    and the groups are selected from it.  ``importlib.metadata`` costs about
    30 ms to import (it loads the ``email`` package), so it is imported with
    the plugins rather than with ``axiometrics``.
    """
    if not _SCAN:
        _rescan_entry_points()
    return _SCAN[0].select(group=group)


def _rescan_entry_points() -> None:
    from importlib.metadata import entry_points as installed

    _SCAN[:] = [installed()]


def _entry_points(
    group: str, third_party: bool, key: Callable[[Any], Any] | None = None
) -> list[EntryPoint]:
    return ordered_entry_points(entry_points(group=group), third_party=third_party, key=key)


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
        third_party = third_party_enabled()
        reg = Registry(catalogues=Catalogues.process())
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
    reg = Registry(catalogues=Catalogues.process())
    reg.load_entry_points(third_party=third_party)
    _DEFAULT = reg
    return reg


def _default_lookup() -> literature_catalogue.MeasureLookup:
    """The default registry's measure lookup (loading the plugins on first use)."""
    return default_registry().measure


# The literature catalogue never imports the registry: its default lookup comes from here.
literature_catalogue.set_default_lookup(_default_lookup)
