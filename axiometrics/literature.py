"""Property verdicts published in the literature: a registry of sources.

Each :class:`LiteratureVerdict` records one cell of a published property
table (or one property statement of a text), mapped onto an axiometrics
claim and a registered measure name; a :class:`LiteratureSource` groups the
verdicts of one table with the classification of every verdict the checker
disagrees with (:class:`Disagreement`).

The module holds the model and the catalogue, no data: every source comes
from a plugin, the built-in ones included (the OC and OQ tables of Amigó et
al. 2020 and Sakai 2021/2022 in :mod:`axiometrics.measures.oc.literature`
and :mod:`axiometrics.measures.oq.literature`, Potts 2020 in
:mod:`axiometrics.measures.nominal.literature`).  A plugin contributes its
sources the way it contributes claims: an entry point of the
``axiometrics.literature`` group (:data:`LITERATURE_ENTRY_POINT_GROUP`)
provides a :class:`LiteratureSource` (or a list of them), which the
registry loading it validates against itself, after the measures;
:func:`register` does the same at run time.  Registration fails loudly: an
unknown measure, claim or precondition (with the nearest names), a claim
outside the measure's families, a verdict or classification filed under
another source, a classification that names no verdict, or a source key
registered twice with different content.

This module never imports the registry: :func:`register` is given a
*measure lookup* (a function from a measure name or alias to its registered
:class:`~axiometrics.measure.Measure`, or an object with such a ``measure``
method, e.g. a :class:`~axiometrics.registry.Registry`).  Its default, and
the loading of the installed plugins before a lookup, come from the layer
above: :mod:`axiometrics.registry` installs them with
:func:`set_default_lookup` when it is imported.

Every published verdict the checker disagrees with (at the ``ci`` profile,
seed 0) is classified: a finding about the measure, a different definition
of the property in the source, or a property that holds only under a
precondition the source states elsewhere, each with a one-line
justification (docs/claims.md §7 gives the counterexamples).
:func:`classify_agreement` answers ``"unclassified"`` for one that is not,
and a meta-test fails on it.

Measures are named as registered (``mae_macro`` is MAE^M; an alias such as
``balanced_accuracy`` is stored under the registered name, ``maac``); rows
of the papers that group measures ("MAE, MSE", "Weighted kappa") give one
entry per member.  The module-level :data:`LITERATURE`, :data:`SOURCES` and
:data:`DISAGREEMENTS` are live views: reading them loads the plugins first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from axiometrics.catalogue_slot import CatalogueSlot
from axiometrics.errors import (
    InvalidParameterError,
    RegistrationError,
    UnknownClaimError,
    UnknownMeasureError,
)
from axiometrics.suggest import closest

if TYPE_CHECKING:
    from axiometrics.claims import ClaimCatalogue
    from axiometrics.measure import Measure

__all__ = [
    "AGREEMENT_KINDS",
    "CLASSIFIED_KINDS",
    "DISAGREEMENTS",
    "LITERATURE",
    "LITERATURE_CATALOGUES",
    "LITERATURE_ENTRY_POINT_GROUP",
    "RANGE",
    "SOURCES",
    "Disagreement",
    "LiteratureCatalogue",
    "LiteratureSource",
    "LiteratureVerdict",
    "MeasureLookup",
    "MeasureSource",
    "PublishedRange",
    "abbreviation",
    "classify_agreement",
    "disagreement_for",
    "disagreements",
    "literature",
    "literature_for",
    "published_ranges",
    "published_ranges_for",
    "range_disagreements",
    "register",
    "registered_keys",
    "set_default_lookup",
    "source",
    "sources",
    "unregister",
]

#: The entry-point group through which plugins contribute published verdicts.
LITERATURE_ENTRY_POINT_GROUP = "axiometrics.literature"


@dataclass(frozen=True)
class LiteratureVerdict:
    """One published verdict.

    Attributes
    ----------
    source
        Key of the :class:`LiteratureSource` (e.g. ``"amigo2020"``).
    measure
        Registered measure name.
    claim
        Claim name.
    holds
        The published verdict (✓ is ``True``, - is ``False``).
    column
        The column of the published table (or the section of a text).
    preconditions
        Preconditions the publication attaches to the verdict.
    note
        How the cell was read.
    passage
        The source's own words that state the verdict (a short quotation),
        or ``""`` for a table cell whose column heading says it all.
    """

    source: str
    measure: str
    claim: str
    holds: bool
    column: str
    preconditions: tuple[str, ...] = ()
    note: str = ""
    passage: str = ""

    @property
    def label(self) -> str:
        """``"✓"``, ``"✓ if ..."`` or ``"-"``."""
        if not self.holds:
            return "-"
        return "✓ if " + " & ".join(self.preconditions) if self.preconditions else "✓"

    @property
    def citation(self) -> str:
        """Short citation of the source table."""
        return SOURCES[self.source]


#: The kinds of agreement between a published verdict and the checker's, with their meaning.
AGREEMENT_KINDS = {
    "agrees": "the checker reproduces the published verdict",
    "finding": "a finding about the measure: the checker's counterexample contradicts the paper",
    "definition": "the paper defines the property differently from the formal claim checked",
    "precondition": "holds only under a precondition the paper (or the measure's source) "
    "states elsewhere",
    "unclassified": "a disagreement with no classification recorded in axiometrics.literature",
    "unchecked": "the checker did not check this verdict",
}

#: The kinds a :class:`Disagreement` may have.
CLASSIFIED_KINDS = ("finding", "definition", "precondition")


@dataclass(frozen=True)
class Disagreement:
    """Why the checker disagrees with one published verdict.

    Attributes
    ----------
    source
        Key of the :class:`LiteratureSource`.
    measure
        Registered measure name.
    claim
        Claim name.
    kind
        ``"finding"``, ``"definition"`` or ``"precondition"`` (keys of
        :data:`AGREEMENT_KINDS`).
    justification
        One line saying why.
    passage
        The passage of the source that decides the classification (a short
        quotation with its place), or ``""`` when the justification is the
        checker's counterexample alone.
    """

    source: str
    measure: str
    claim: str
    kind: str
    justification: str
    passage: str = ""


#: The ``claim`` of a :class:`Disagreement` that classifies a published range.
RANGE = "range"


@dataclass(frozen=True)
class PublishedRange:
    """The interval a source states for a measure's scores.

    The property table checks it as ``well_defined`` under that range (the
    measure's scores must stay inside it on every valid input), beside the
    range the measure declares.

    Attributes
    ----------
    source
        Key of the :class:`LiteratureSource`.
    measure
        Registered measure name.
    lower, upper
        The stated bounds (``-math.inf`` / ``math.inf`` for an open side).
    column
        Where the statement stands in the source.
    passage
        The source's own words (a short quotation).
    note
        How the statement was read.
    """

    source: str
    measure: str
    lower: float
    upper: float
    column: str
    passage: str
    note: str = ""

    def __post_init__(self) -> None:
        for name in ("lower", "upper"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
                raise InvalidParameterError(f"{name}={value!r}: expected a real number or ±inf")
        if self.lower >= self.upper:
            raise InvalidParameterError(
                f"lower={self.lower!r}, upper={self.upper!r}: expected lower < upper"
            )

    @property
    def label(self) -> str:
        """``"[0, 1]"``, ``"[-inf, 1]"``."""
        return f"[{self.lower:g}, {self.upper:g}]"

    @property
    def claim(self) -> str:
        """:data:`RANGE`: how comparisons and classifications key a stated range."""
        return RANGE

    @property
    def holds(self) -> bool:
        """A stated range is stated to hold (a comparison reads it like a ✓)."""
        return True

    @property
    def preconditions(self) -> tuple[str, ...]:
        """A stated range has no preconditions."""
        return ()

    @property
    def citation(self) -> str:
        """Short citation of the source."""
        return SOURCES[self.source]

    @property
    def variant_label(self) -> str:
        """The label of the ``well_defined`` variant that checks this range."""
        return f"range {self.label}"

    def admits(self, lower: float, upper: float) -> bool:
        """Whether the stated interval contains ``[lower, upper]`` (e.g. the declared range)."""
        return self.lower <= lower and upper <= self.upper


@dataclass(frozen=True)
class LiteratureSource:
    """One published table (or text) with its verdicts and classified disagreements.

    Parameters
    ----------
    key
        Identifier (lower case, digits and ``_``), e.g. ``"amigo2020"``.
    citation
        Short citation shown in tables, e.g. ``"Amigó et al. 2020, Table 2"``.
    abbreviation
        The mark before a published verdict in the property table's cells
        (``"A"``, ``"S4"``), one per source: two tables of one paper take marks
        of their own (``"S22"``, ``"S22§"``).
    verdicts
        The published verdicts (each with ``source == key``); a source (or a
        part of one) needs at least one verdict or one published range.
    disagreements
        The classification of every verdict the checker disagrees with.
    reference
        The full bibliographic reference (and where the text was read).
    ranges
        The score ranges the source states (:class:`PublishedRange`), at most
        one per measure.
    range_disagreements
        The classification of every stated range the checker refutes
        (:class:`Disagreement` with ``claim == RANGE``).
    """

    key: str
    citation: str
    abbreviation: str
    verdicts: tuple[LiteratureVerdict, ...]
    disagreements: tuple[Disagreement, ...] = ()
    reference: str = ""
    ranges: tuple[PublishedRange, ...] = ()
    range_disagreements: tuple[Disagreement, ...] = ()

    def __post_init__(self) -> None:
        # Lists are accepted and frozen, so equal content compares equal.
        for name in ("verdicts", "disagreements", "ranges", "range_disagreements"):
            object.__setattr__(self, name, tuple(getattr(self, name)))


#: A measure lookup: a measure name or alias -> its registered definition
#: (raising :class:`~axiometrics.errors.UnknownMeasureError` for an unknown name).
MeasureLookup = Callable[[str], "Measure"]


class MeasureSource(Protocol):
    """Anything that looks measures up by name, e.g. a :class:`~axiometrics.registry.Registry`."""

    def measure(self, name: str) -> Measure:
        """The definition registered under ``name`` (a name or an alias)."""
        ...


#: The default lookup's provider (see :func:`set_default_lookup`); empty until installed.
_DEFAULT_LOOKUP: list[Callable[[], MeasureLookup]] = []

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


# -- registration -------------------------------------------------------------


def set_default_lookup(provider: Callable[[], MeasureLookup]) -> None:
    """Install the default measure lookup of :func:`register` and the plugin loading.

    :mod:`axiometrics.registry` calls it when imported, with a provider that
    loads the installed plugins into the default registry (once) and returns
    its lookup; the lookups of this module (:func:`sources` and the views)
    call the provider first, so the plugins' sources are registered before
    they are read.  This module itself never imports the registry.

    Parameters
    ----------
    provider
        ``provider() -> lookup``: loads the plugins and returns the lookup
        :func:`register` uses when it is given none.
    """
    _DEFAULT_LOOKUP[:] = [provider]


def _installed_provider() -> Callable[[], MeasureLookup] | None:
    """The default lookup's provider, asking the package for the default registry if none is set.

    :mod:`axiometrics.registry` installs the provider when it is imported;
    a process that reads the literature first (``from axiometrics.literature
    import LITERATURE``) has not imported it yet, so the package's public
    ``default_registry`` is asked for (which imports the registry, and so
    installs the provider) rather than this module importing the registry.
    """
    if not _DEFAULT_LOOKUP:
        import axiometrics

        axiometrics.default_registry()
    return _DEFAULT_LOOKUP[0] if _DEFAULT_LOOKUP else None


def _lookup_of(lookup: MeasureLookup | MeasureSource | None, where: str) -> MeasureLookup:
    if lookup is None:
        if _installed_provider() is None:
            raise RegistrationError(
                f"{where}lookup=None: no default measure lookup is installed (import "
                "axiometrics.registry, or pass the registry whose measures the source names)"
            )
        return _DEFAULT_LOOKUP[0]()
    method = getattr(lookup, "measure", None)
    if callable(method):  # a registry
        found: MeasureLookup = method
        return found
    if callable(lookup):
        return lookup
    raise RegistrationError(
        f"{where}lookup={type(lookup).__name__}: expected a registry (an object with a "
        "measure(name) method) or a function name -> Measure"
    )


class LiteratureCatalogue:
    """The registered literature sources of one set of catalogues, in registration order.

    The process has one (:data:`LITERATURE_CATALOGUES`), which the
    module-level functions (:func:`register`, :func:`sources`, the live views
    :data:`LITERATURE`, :data:`SOURCES`, :data:`DISAGREEMENTS`, ...) use
    through the slot's ``current`` catalogue; a
    :class:`~axiometrics.registry.Registry` owns the one it loads the
    plugins' sources into (:attr:`axiometrics.registry.Registry.catalogues`).
    """

    def __init__(self) -> None:
        self._registered: dict[str, LiteratureSource] = {}
        self._cache: dict[str, Any] = {}

    def copy(self) -> LiteratureCatalogue:
        """An independent catalogue with the same sources."""
        twin = LiteratureCatalogue()
        twin._registered = dict(self._registered)
        return twin

    def register(
        self,
        source: LiteratureSource,
        lookup: MeasureLookup | MeasureSource | None = None,
        *,
        plugin: str = "",
        claims: ClaimCatalogue | None = None,
    ) -> LiteratureSource:
        """Validate and register a published table (see :func:`register`).

        ``claims`` is the claims catalogue the verdicts are checked against
        (default: the current one).
        """
        where = f"plugin={plugin!r} " if plugin else ""
        if not isinstance(source, LiteratureSource):
            raise RegistrationError(
                f"{where}source={type(source).__name__}: expected a LiteratureSource "
                "(axiometrics.literature.LiteratureSource)"
            )
        measures = _lookup_of(lookup, where)
        checked = _validated(source, measures, f"{where}source={source.key!r}", claims)
        known = self._registered.get(checked.key)
        if known is not None:
            if known == checked:
                return known  # the identical source again (another registry): not a clash
            merged = _extended(known, checked, f"{where}source={checked.key!r}")
            if merged != known:
                self._registered[checked.key] = merged
                self._cache.clear()
            return merged
        for other in self._registered.values():
            if other.abbreviation == checked.abbreviation:
                raise RegistrationError(
                    f"{where}source={checked.key!r}: abbreviation={checked.abbreviation!r} "
                    f"already marks source {other.key!r} in the property table; expected a mark "
                    "of its own"
                )
        self._registered[checked.key] = checked
        self._cache.clear()
        return checked

    def unregister(self, key: str) -> None:
        """Remove a registered source (see :func:`unregister`)."""
        if key not in self._registered:
            raise RegistrationError(_unknown_source(key, self._registered))
        del self._registered[key]
        self._cache.clear()

    def registered_keys(self) -> tuple[str, ...]:
        """Keys of the registered sources, in registration order."""
        return tuple(self._registered)

    def sources(self) -> tuple[LiteratureSource, ...]:
        """Every registered source, in registration order (no plugin is loaded)."""
        if "sources" not in self._cache:
            self._cache["sources"] = tuple(self._registered.values())
        return tuple(self._cache["sources"])

    def verdicts(self) -> tuple[LiteratureVerdict, ...]:
        """Every published verdict of every registered source."""
        if "literature" not in self._cache:
            self._cache["literature"] = tuple(v for s in self.sources() for v in s.verdicts)
        return tuple(self._cache["literature"])


#: The process's literature catalogue and the one the module-level functions use now.
LITERATURE_CATALOGUES: CatalogueSlot[LiteratureCatalogue] = CatalogueSlot(LiteratureCatalogue())


def register(
    source: LiteratureSource,
    lookup: MeasureLookup | MeasureSource | None = None,
    *,
    plugin: str = "",
) -> LiteratureSource:
    """Validate and register a published table in the current catalogue.

    Parameters
    ----------
    source
        The source, its verdicts and its classified disagreements.
    lookup
        Where the measure names are looked up: a registry (e.g. a
        :class:`~axiometrics.registry.Registry`) or a function from a name
        or alias to the registered :class:`~axiometrics.measure.Measure`.
        Default: the default registry (installed by :mod:`axiometrics.registry`,
        see :func:`set_default_lookup`); a plugin loaded by a registry is
        validated against that registry.
    plugin
        Name of the plugin, for error messages.

    Returns
    -------
    LiteratureSource
        The source as stored (measure aliases replaced by registered names).

    Raises
    ------
    RegistrationError
        For an unknown measure, a claim outside the measure's families, a
        verdict or classification filed under another source, a
        classification of a verdict the source does not have, a malformed
        field, or a key already registered with another citation, mark or
        reference.  A source under a registered key with the same citation,
        abbreviation and reference is another part of the same publication
        (e.g. another family's statements): its verdicts, classifications and
        ranges are added to the source, and one that restates a registered
        one differently is refused.
    UnknownClaimError
        For an unknown claim or precondition (with the nearest names).

    Examples
    --------
    >>> from axiometrics.literature import LiteratureSource, LiteratureVerdict
    >>> from axiometrics.literature import register, unregister
    >>> from axiometrics.registry import default_registry
    >>> src = LiteratureSource(
    ...     "doc_example", "Example 2026, Table 1", "Ex",
    ...     [LiteratureVerdict("doc_example", "f1", "true_negative_invariance", True, "TN")],
    ... )
    >>> register(src, default_registry()).verdicts[0].label
    '✓'
    >>> unregister("doc_example")
    """
    return LITERATURE_CATALOGUES.current.register(source, lookup, plugin=plugin)


def unregister(key: str) -> None:
    """Remove a registered source (a plugin's, the built-in plugins' included).

    Raises
    ------
    RegistrationError
        If ``key`` is not registered (with the nearest registered keys).
    """
    LITERATURE_CATALOGUES.current.unregister(key)


def registered_keys() -> tuple[str, ...]:
    """Keys of the sources registered so far, in registration order, without loading plugins."""
    return LITERATURE_CATALOGUES.current.registered_keys()


def _validated(
    src: LiteratureSource, lookup: MeasureLookup, where: str, claims: ClaimCatalogue | None
) -> LiteratureSource:
    if not isinstance(src.key, str) or not _KEY.match(src.key):
        raise RegistrationError(
            f"{where}: expected a key of lower-case letters, digits and '_' starting with a letter"
        )
    for name in ("citation", "abbreviation"):
        value = getattr(src, name)
        if not isinstance(value, str) or not value.strip() or "\n" in value:
            raise RegistrationError(f"{where} {name}={value!r}: expected a non-empty single line")
    if not src.verdicts and not src.ranges:
        raise RegistrationError(f"{where}: expected at least one verdict or published range")
    verdicts = [_validated_verdict(v, src.key, lookup, where, claims) for v in src.verdicts]
    keys = [(v.measure, v.claim) for v in verdicts]
    for key in keys:
        if keys.count(key) > 1:
            raise RegistrationError(
                f"{where} measure={key[0]!r} claim={key[1]!r}: listed twice; a source gives one "
                "verdict per measure and claim"
            )
    canonical = {v.measure: lookup(v.measure).name for v in src.verdicts}
    classified: list[Disagreement] = []
    for d in src.disagreements:
        if not isinstance(d, Disagreement):
            raise RegistrationError(
                f"{where}: disagreements must be Disagreement objects (got {type(d).__name__})"
            )
        label = f"{where} disagreement measure={d.measure!r} claim={d.claim!r}"
        if d.source != src.key:
            raise RegistrationError(f"{label} source={d.source!r}: expected {src.key!r}")
        _check_classification(d, label)
        measure = canonical.get(d.measure, d.measure)
        if (measure, d.claim) not in keys:
            raise RegistrationError(
                f"{label}: the source has no verdict for this measure and claim; a "
                "classification explains a published verdict"
            )
        classified.append(replace(d, measure=measure))
    pairs = [(d.measure, d.claim) for d in classified]
    if len(pairs) != len(set(pairs)):
        raise RegistrationError(f"{where}: a disagreement is classified twice")
    ranges, range_classified = _validated_ranges(src, lookup, where)
    return replace(
        src,
        verdicts=tuple(verdicts),
        disagreements=tuple(classified),
        ranges=ranges,
        range_disagreements=range_classified,
    )


def _same_publication(a: LiteratureSource, b: LiteratureSource) -> bool:
    return (a.citation, a.abbreviation, a.reference) == (b.citation, b.abbreviation, b.reference)


T = TypeVar("T")
K = TypeVar("K")


def _merged(
    old: tuple[T, ...], new: tuple[T, ...], key: Callable[[T], K], what: str, where: str
) -> tuple[T, ...]:
    """``old`` then the items of ``new`` it lacks; an item restated differently is refused."""
    index = {key(x): x for x in old}
    out = list(old)
    for item in new:
        k = key(item)
        if k not in index:
            index[k] = item
            out.append(item)
        elif index[k] != item:
            raise RegistrationError(
                f"{where}: {what} {k!r} is already registered with different content"
            )
    return tuple(out)


def _extended(known: LiteratureSource, part: LiteratureSource, where: str) -> LiteratureSource:
    """``known`` with the statements of ``part``, another plugin's part of the same publication.

    A publication may speak about the measures of several families (the
    CS224u notebook about classifiers and regressors): each family's plugin
    registers its part under the one key, repeating the citation, mark and
    reference.  Anything else under a taken key is a clash.
    """
    if not _same_publication(known, part):
        raise RegistrationError(
            f"{where}: a source with this key is already registered with different content "
            f"(citation={known.citation!r}, abbreviation={known.abbreviation!r}); give the new "
            "table its own key, or repeat its citation, abbreviation and reference to add a "
            "part of the same publication"
        )
    return replace(
        known,
        verdicts=_merged(
            known.verdicts,
            part.verdicts,
            lambda v: (v.measure, v.claim, v.preconditions),
            "verdict",
            where,
        ),
        disagreements=_merged(
            known.disagreements,
            part.disagreements,
            lambda d: (d.measure, d.claim),
            "classification",
            where,
        ),
        ranges=_merged(known.ranges, part.ranges, lambda r: r.measure, "range of", where),
        range_disagreements=_merged(
            known.range_disagreements,
            part.range_disagreements,
            lambda d: d.measure,
            "range classification of",
            where,
        ),
    )


def _check_classification(d: Disagreement, label: str) -> None:
    """The kind and the one-line justification every classification needs (verdict or range)."""
    if d.kind not in CLASSIFIED_KINDS:
        near = closest(str(d.kind), CLASSIFIED_KINDS)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise RegistrationError(
            f"{label} kind={d.kind!r}: expected one of {', '.join(CLASSIFIED_KINDS)}{hint}"
        )
    why = d.justification
    if not isinstance(why, str) or not why.strip() or "\n" in why or len(why) > 200:
        raise RegistrationError(
            f"{label} justification={why!r}: expected one non-empty line of at most 200 characters"
        )


def _validated_ranges(
    src: LiteratureSource, lookup: MeasureLookup, where: str
) -> tuple[tuple[PublishedRange, ...], tuple[Disagreement, ...]]:
    """A source's published ranges and their classifications, measures canonical."""
    ranges: list[PublishedRange] = []
    for r in src.ranges:
        if not isinstance(r, PublishedRange):
            raise RegistrationError(
                f"{where}: ranges must be PublishedRange objects (got {type(r).__name__})"
            )
        label = f"{where} range measure={r.measure!r}"
        if r.source != src.key:
            raise RegistrationError(f"{label} source={r.source!r}: expected {src.key!r}")
        if not isinstance(r.passage, str) or not r.passage.strip():
            raise RegistrationError(f"{label}: expected the source's words (passage)")
        ranges.append(replace(r, measure=lookup(r.measure).name))
    measures = [r.measure for r in ranges]
    if len(measures) != len(set(measures)):
        raise RegistrationError(f"{where}: a source states at most one range per measure")
    classified: list[Disagreement] = []
    for d in src.range_disagreements:
        if not isinstance(d, Disagreement):
            raise RegistrationError(
                f"{where}: range_disagreements must be Disagreement objects "
                f"(got {type(d).__name__})"
            )
        label = f"{where} range disagreement measure={d.measure!r}"
        if d.source != src.key or d.claim != RANGE:
            raise RegistrationError(
                f"{label}: expected source={src.key!r} and claim={RANGE!r} "
                f"(got source={d.source!r}, claim={d.claim!r})"
            )
        _check_classification(d, label)
        measure = lookup(d.measure).name
        if measure not in measures:
            raise RegistrationError(f"{label}: the source states no range for this measure")
        classified.append(replace(d, measure=measure))
    return tuple(ranges), tuple(classified)


def _validated_verdict(
    v: object, key: str, lookup: MeasureLookup, where: str, claims: ClaimCatalogue | None
) -> LiteratureVerdict:
    from axiometrics.claims import CLAIM_CATALOGUES

    catalogue = claims if claims is not None else CLAIM_CATALOGUES.current

    if not isinstance(v, LiteratureVerdict):
        raise RegistrationError(
            f"{where}: verdicts must be LiteratureVerdict objects (got {type(v).__name__})"
        )
    label = f"{where} measure={v.measure!r} claim={v.claim!r}"
    if v.source != key:
        raise RegistrationError(f"{label} source={v.source!r}: expected {key!r}")
    if not isinstance(v.holds, bool):
        raise RegistrationError(f"{label} holds={v.holds!r}: expected True or False")
    if not isinstance(v.measure, str) or "(" in v.measure:
        raise RegistrationError(
            f"{label}: expected a registered measure name without parameters (the checker "
            "checks a measure at its default parameters)"
        )
    try:
        measure = lookup(v.measure)
    except UnknownMeasureError as exc:
        raise RegistrationError(f"{where}: {exc}") from None
    try:
        catalogue.get_claim(v.claim)
    except UnknownClaimError as exc:
        raise UnknownClaimError(f"{label}: {exc}") from None
    applicable = [c.name for f in measure.families for c in catalogue.claims_for_family(f)]
    if v.claim not in applicable:
        near = closest(v.claim, applicable)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise RegistrationError(
            f"{label}: the claim does not apply to {measure.name!r}, whose families are "
            f"{', '.join(measure.families)}{hint}"
        )
    for pre in v.preconditions:
        try:
            catalogue.get_precondition(pre)
        except UnknownClaimError as exc:
            raise UnknownClaimError(f"{label}: {exc}") from None
    return replace(v, measure=measure.name, preconditions=tuple(v.preconditions))


def _unknown_source(key: str, known: Iterable[str]) -> str:
    near = closest(key, list(known))
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown literature source={key!r}{hint}"


# -- lookup -------------------------------------------------------------------


def _ensure_loaded() -> None:
    """Load the plugins (and with them their sources) through the installed provider, once."""
    provider = _installed_provider()
    if provider is not None:
        provider()


def sources() -> tuple[LiteratureSource, ...]:
    """Every registered source, in registration order (the plugins' first: they load first)."""
    _ensure_loaded()
    return LITERATURE_CATALOGUES.current.sources()


def source(key: str) -> LiteratureSource:
    """The source registered under ``key`` (unknown keys raise with the nearest ones).

    Raises
    ------
    RegistrationError
        If no source has that key.
    """
    for s in sources():
        if s.key == key:
            return s
    raise RegistrationError(_unknown_source(key, (s.key for s in sources())))


def literature() -> tuple[LiteratureVerdict, ...]:
    """Every published verdict of every source."""
    _ensure_loaded()
    return LITERATURE_CATALOGUES.current.verdicts()


def published_ranges() -> tuple[PublishedRange, ...]:
    """Every score range a registered source states, in registration order."""
    return tuple(r for s in sources() for r in s.ranges)


def published_ranges_for(measure: str) -> tuple[PublishedRange, ...]:
    """The score ranges the registered sources state for ``measure`` (canonical name)."""
    return tuple(r for r in published_ranges() if r.measure == measure)


def disagreements() -> tuple[Disagreement, ...]:
    """The classification of every disagreement, over every source."""
    return tuple(d for s in sources() for d in s.disagreements)


def range_disagreements() -> tuple[Disagreement, ...]:
    """The classification of every refuted published range (``claim == RANGE``)."""
    return tuple(d for s in sources() for d in s.range_disagreements)


def abbreviation(key: str) -> str:
    """The mark of source ``key`` in the property table's cells (the key if unknown)."""
    for s in sources():
        if s.key == key:
            return s.abbreviation
    return key


def literature_for(measure: str, claim: str | None = None) -> tuple[LiteratureVerdict, ...]:
    """The published verdicts about ``measure`` (and ``claim``, if given)."""
    return tuple(
        v for v in literature() if v.measure == measure and (claim is None or v.claim == claim)
    )


def classify_agreement(source: str, measure: str, claim: str, agreement: str) -> tuple[str, str]:
    """The kind of agreement of one comparison and its one-line justification.

    Parameters
    ----------
    source, measure, claim
        The published verdict's key.
    agreement
        ``"agrees"``, ``"disagrees"`` or ``"unchecked"`` (see
        :class:`axiometrics.property_table.LiteratureComparison`).

    Returns
    -------
    tuple of str
        A key of :data:`AGREEMENT_KINDS` and the justification.
    """
    if agreement in ("agrees", "unchecked"):
        return agreement, AGREEMENT_KINDS[agreement]
    found = disagreement_for(source, measure, claim)
    if found is not None:
        return found.kind, found.justification
    return "unclassified", AGREEMENT_KINDS["unclassified"]


def disagreement_for(source: str, measure: str, claim: str) -> Disagreement | None:
    """The classification recorded for one published verdict or range (``claim=RANGE``)."""
    for s in sources():
        for d in (*s.disagreements, *s.range_disagreements):
            if (d.source, d.measure, d.claim) == (source, measure, claim):
                return d
    return None


# -- live views ------------------------------------------------------------------


class _LiveTuple(Sequence[T]):
    """A read-only sequence recomputed on every access (plugins load first)."""

    def __init__(self, load: Callable[[], tuple[T, ...]], name: str) -> None:
        self._load = load
        self._name = name

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._load()[index]

    def __len__(self) -> int:
        return len(self._load())

    def __iter__(self) -> Iterator[T]:
        return iter(self._load())

    def __repr__(self) -> str:
        return f"<{self._name}: {len(self)} entries>"


class _LiveCitations(Mapping[str, str]):
    """Source key -> short citation, over every source (plugins load first)."""

    def _load(self) -> dict[str, str]:
        return {s.key: s.citation for s in sources()}

    def __getitem__(self, key: str) -> str:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"SOURCES({self._load()!r})"


#: Every published verdict the property table compares with (a live view of :func:`literature`).
LITERATURE: Sequence[LiteratureVerdict] = _LiveTuple(literature, "LITERATURE")

#: Short citations of the sources, by key (a live view of :func:`sources`).
SOURCES: Mapping[str, str] = _LiveCitations()

#: Classification of every published verdict the checker disagrees with (a live view).
DISAGREEMENTS: Sequence[Disagreement] = _LiveTuple(disagreements, "DISAGREEMENTS")
