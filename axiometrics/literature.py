"""Property verdicts published in the literature: a registry of sources.

Each :class:`LiteratureVerdict` records one cell of a published property
table (or one property statement of a text), mapped onto an axiometrics
claim and a registered measure name; a :class:`LiteratureSource` groups the
verdicts of one table with the classification of every verdict the checker
disagrees with (:class:`Disagreement`).

The ordinal tables are core data of this module:

* Amigó et al. (2020), Table 2: ordinal invariance, ordinal monotonicity,
  imbalance (CEM^ORD's monotonicity and imbalance "provided that there are
  no empty classes in the gold standard", §4.2);
* Sakai (2021), Table 4 (OC): (i) ordinal, (ii) constant systems,
  (iii) imbalance.  Column (i) ("handles ordinal classes") is read as
  ordinal monotonicity, the only claim that separates the measures the way
  the column does;
* Sakai (2021), Table 7 (OQ): (i) handles ordinal classes, read as
  point-mass monotonicity; (ii) symmetric;
* Sakai (2022), Table 1: (b) suitable for ordinal classes (point-mass
  monotonicity) and (d) no equidistance assumption (ordinal invariance);
  column (c) "symmetric" lost its positions in the flattened source and is
  left to the checker; §2.3: the priority preserving property holds for
  DNKT and for none of the quantification measures, and DNKT is not useful
  on a uniform gold (read as: PPP (b) needs a non-uniform gold).

Family plugins contribute their own sources the way they contribute claims:
an entry point of the ``axiometrics.literature`` group
(:data:`LITERATURE_ENTRY_POINT_GROUP`) provides a :class:`LiteratureSource`
(or a list of them), loaded with the default registry, after the measures;
:func:`register` does the same at run time.  Registration fails loudly: an
unknown measure, claim or precondition (with the nearest names), a claim
outside the measure's families, a verdict or classification filed under
another source, a classification that names no verdict, or a source key
registered twice with different content.

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

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar, overload

from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.suggest import closest

if TYPE_CHECKING:
    from axiometrics.registry import Registry

__all__ = [
    "AGREEMENT_KINDS",
    "CLASSIFIED_KINDS",
    "DISAGREEMENTS",
    "LITERATURE",
    "LITERATURE_ENTRY_POINT_GROUP",
    "SOURCES",
    "Disagreement",
    "LiteratureSource",
    "LiteratureVerdict",
    "abbreviation",
    "classify_agreement",
    "disagreement_for",
    "disagreements",
    "literature",
    "literature_for",
    "register",
    "registered_keys",
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
        (``"A"``, ``"S4"``); two sources of one paper may share it.
    verdicts
        The published verdicts (each with ``source == key``).
    disagreements
        The classification of every verdict the checker disagrees with.
    reference
        The full bibliographic reference (and where the text was read).
    """

    key: str
    citation: str
    abbreviation: str
    verdicts: tuple[LiteratureVerdict, ...]
    disagreements: tuple[Disagreement, ...] = ()
    reference: str = ""

    def __post_init__(self) -> None:
        # Lists are accepted and frozen, so equal content compares equal.
        object.__setattr__(self, "verdicts", tuple(self.verdicts))
        object.__setattr__(self, "disagreements", tuple(self.disagreements))


# -- the ordinal tables (core data) ----------------------------------------------

_AMIGO_COLUMNS = (
    ("ordinal_invariance", "Ord. Inv."),
    ("ordinal_monotonicity", "Ord. Mon."),
    ("imbalance", "Imb."),
)
_AMIGO = {
    "accuracy": "✓--",
    "accuracy_within": "✓--",
    "maac": "✓-✓",
    "cohen_kappa": "✓-✓",
    "f1_macro": "✓-✓",
    "mae_micro": "-✓-",
    "mse": "-✓-",
    "mae_macro": "-✓✓",
    "mse_macro": "-✓✓",
    "kappa_linear": "-✓✓",
    "kappa_quadratic": "-✓✓",
    "cosine": "-✓-",
    "pearson": "---",
    "kendall_tau_b": "✓-✓",
    "spearman": "✓-✓",
    "kendall_tau_a": "✓--",
    "mutual_information": "✓-✓",
    "cem_nom": "✓-✓",
    "cem_int": "-✓✓",
    "cem_ord": "✓✓✓",
}

_SAKAI_T4_COLUMNS = (
    ("ordinal_monotonicity", "(i) ordinal"),
    ("constant_system_discrimination", "(ii) constant systems"),
    ("imbalance", "(iii) imbalance"),
)
_SAKAI_T4 = {
    "kappa_linear": "✓-✓",
    "alpha_ordinal": "✓✓✓",
    "alpha_interval": "✓✓✓",
    "cem_ord": "✓✓✓",
    "mae_macro": "✓✓✓",
    "f1_macro": "-✓✓",
    "hmpr": "-✓✓",
    "mae_micro": "✓✓-",
    "accuracy": "-✓-",
}

_SAKAI_T7_COLUMNS = (
    ("point_mass_monotonicity", "(i) handles ordinal classes"),
    ("symmetry", "(ii) symmetric"),
)
_SAKAI_T7 = {
    "nmd": "✓✓",
    "rsnod": "✓✓",
    "rnod": "✓-",
    "nvd": "-✓",
    "rnss": "-✓",
    "jsd": "-✓",
}


def _table(
    source: str, columns: tuple[tuple[str, str], ...], rows: dict[str, str]
) -> list[LiteratureVerdict]:
    out = []
    for measure, marks in rows.items():
        for (claim, column), mark in zip(columns, marks, strict=True):
            pres: tuple[str, ...] = ()
            note = ""
            if source == "amigo2020" and measure == "cem_ord" and claim != "ordinal_invariance":
                pres = ("no_empty_gold_class",)
                note = "provided that there are no empty classes in the gold standard (§4.2)"
            out.append(LiteratureVerdict(source, measure, claim, mark == "✓", column, pres, note))
    return out


def _sakai2022() -> list[LiteratureVerdict]:
    out = []
    ordinal = {"nmd", "rnod", "rnod2", "rnadw", "rnadw2"}
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2", "nvd", "rnss", "jsd", "dnkt"):
        out.append(
            LiteratureVerdict(
                "sakai2022_t1", m, "point_mass_monotonicity", m in ordinal, "(b) ordinal classes"
            )
        )
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2"):
        out.append(
            LiteratureVerdict(
                "sakai2022_t1",
                m,
                "ordinal_invariance",
                m in {"nmd", "rnod2", "rnadw2"},
                "(d) no equidistance",
            )
        )
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2", "nvd", "rnss", "jsd", "dnkt"):
        out.append(
            LiteratureVerdict(
                "sakai2022_ppp",
                m,
                "priority_preservation",
                m == "dnkt",
                "PPP",
                note="DNKT has the PPP; no quantification measure does",
            )
        )
    out.append(
        LiteratureVerdict(
            "sakai2022_ppp",
            "dnkt",
            "priority_violation",
            True,
            "PPP",
            ("gold_not_uniform",),
            "DNKT is not useful if the gold distribution is uniform (DESIGN §5 reading: "
            "PPP (b) fails only on a uniform gold)",
        )
    )
    return out


_KAPPA_MON = (
    "chance correction uses the system marginal: a single item moved toward its gold class "
    "keeps kappa at 0 (expected and observed disagreement coincide)"
)
_KAPPA_IMB = (
    "gold (2, 1, 1, 1): moving an item of the larger class or of the smaller one into "
    "class 1 gives the same kappa, so imbalance is not rewarded"
)
_SAKAI_ORDINAL = (
    "Sakai's column (i) asks whether the measure uses class distances at all, not Amigó's "
    "ordinal monotonicity, which the measure's chance correction breaks"
)
_SAKAI_IMBALANCE = (
    "Sakai's column (iii) asks whether the measure corrects for skewed classes (macro or "
    "chance correction), not Amigó's imbalance property, which is refuted"
)
_CEM_EMPTY = (
    "refuted only through empty gold classes; Amigó et al. 2020 §4.2 state the property "
    "for CEM 'provided that there are no empty classes in the gold standard'"
)
_RANK_IMB = (
    "gold (3, 2, 2): rank correlations penalise an error in the larger class more (more tied "
    "and discordant pairs), the opposite of the property"
)

#: Classification of every ordinal verdict the checker disagrees with.
_ORDINAL_DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement("amigo2020", "kappa_linear", "ordinal_monotonicity", "finding", _KAPPA_MON),
    Disagreement("amigo2020", "kappa_quadratic", "ordinal_monotonicity", "finding", _KAPPA_MON),
    Disagreement("amigo2020", "kappa_linear", "imbalance", "finding", _KAPPA_IMB),
    Disagreement("amigo2020", "kappa_quadratic", "imbalance", "finding", _KAPPA_IMB),
    Disagreement(
        "amigo2020",
        "cosine",
        "ordinal_monotonicity",
        "finding",
        "cosine ignores the scale of the system's value vector: an item of gold class 3 "
        "predicted 1 or 2 scores 1 either way",
    ),
    Disagreement("amigo2020", "kendall_tau_b", "imbalance", "finding", _RANK_IMB),
    Disagreement("amigo2020", "spearman", "imbalance", "finding", _RANK_IMB),
    Disagreement(
        "amigo2020",
        "mutual_information",
        "imbalance",
        "finding",
        "either move leaves one mixed system class with one stray item, so H(gold | system) "
        "and MI tie on every imbalance case",
    ),
    Disagreement("amigo2020", "cem_int", "ordinal_monotonicity", "precondition", _CEM_EMPTY),
    Disagreement(
        "amigo2020",
        "cem_int",
        "imbalance",
        "finding",
        "refuted also without empty classes: gold (2, 2, 3, 2), interval closeness weighs the "
        "gold mass around a class, not only the class size",
    ),
    Disagreement(
        "sakai2021_t4", "kappa_linear", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "kappa_linear", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement(
        "sakai2021_t4", "alpha_ordinal", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "alpha_ordinal", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement(
        "sakai2021_t4", "alpha_interval", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "alpha_interval", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement("sakai2021_t4", "cem_ord", "ordinal_monotonicity", "precondition", _CEM_EMPTY),
    Disagreement("sakai2021_t4", "cem_ord", "imbalance", "precondition", _CEM_EMPTY),
    Disagreement(
        "sakai2021_t4",
        "mae_macro",
        "constant_system_discrimination",
        "precondition",
        "refuted with two classes or empty gold classes; Sakai's data (5-class SemEval) has "
        "every class present, where no counterexample was found",
    ),
    Disagreement(
        "sakai2022_t1",
        "rnod2",
        "point_mass_monotonicity",
        "finding",
        "its class distance is the gold mass between two classes: with gold (0, 0, 1) estimates "
        "e0 and e1 tie",
    ),
    Disagreement(
        "sakai2022_t1",
        "rnadw",
        "point_mass_monotonicity",
        "finding",
        "it averages distance-weighted sums over every class, so estimates placed symmetrically "
        "about the middle of the scale tie",
    ),
    Disagreement(
        "sakai2022_t1",
        "rnadw2",
        "point_mass_monotonicity",
        "finding",
        "its class distance is the gold mass between two classes: with gold (0, 0, 1) estimates "
        "e0 and e1 tie",
    ),
)


def _ordinal_sources() -> tuple[LiteratureSource, ...]:
    verdicts = (
        *_table("amigo2020", _AMIGO_COLUMNS, _AMIGO),
        *_table("sakai2021_t4", _SAKAI_T4_COLUMNS, _SAKAI_T4),
        *_table("sakai2021_t7", _SAKAI_T7_COLUMNS, _SAKAI_T7),
        *_sakai2022(),
    )
    meta = (
        ("amigo2020", "Amigó et al. 2020, Table 2", "A"),
        ("sakai2021_t4", "Sakai 2021, Table 4", "S4"),
        ("sakai2021_t7", "Sakai 2021, Table 7", "S7"),
        ("sakai2022_t1", "Sakai 2022, Table 1", "S22"),
        ("sakai2022_ppp", "Sakai 2022, §2.3", "S22§"),
    )
    return tuple(
        LiteratureSource(
            key,
            citation,
            abbrev,
            tuple(v for v in verdicts if v.source == key),
            tuple(d for d in _ORDINAL_DISAGREEMENTS if d.source == key),
        )
        for key, citation, abbrev in meta
    )


#: The ordinal tables, always present (core data).
_BUILTIN: tuple[LiteratureSource, ...] = _ordinal_sources()
_BUILTIN_KEYS = {s.key: s for s in _BUILTIN}

#: Sources registered by plugins or :func:`register`, in registration order.
_REGISTERED: dict[str, LiteratureSource] = {}

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


# -- registration -------------------------------------------------------------


def register(
    source: LiteratureSource, *, registry: Registry | None = None, plugin: str = ""
) -> LiteratureSource:
    """Validate and register a published table.

    Parameters
    ----------
    source
        The source, its verdicts and its classified disagreements.
    registry
        Where the measure names are looked up (default: the default
        registry; a plugin loaded by a registry is validated against it).
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
        field, or a key already registered with different content.
    UnknownClaimError
        For an unknown claim or precondition (with the nearest names).

    Examples
    --------
    >>> from axiometrics.literature import LiteratureSource, LiteratureVerdict
    >>> from axiometrics.literature import register, unregister
    >>> src = LiteratureSource(
    ...     "doc_example", "Example 2026, Table 1", "Ex",
    ...     [LiteratureVerdict("doc_example", "f1", "true_negative_invariance", True, "TN")],
    ... )
    >>> register(src).verdicts[0].label
    '✓'
    >>> unregister("doc_example")
    """
    where = f"plugin={plugin!r} " if plugin else ""
    if not isinstance(source, LiteratureSource):
        raise RegistrationError(
            f"{where}source={type(source).__name__}: expected a LiteratureSource "
            "(axiometrics.literature.LiteratureSource)"
        )
    if registry is None:
        from axiometrics.registry import default_registry

        registry = default_registry()
    checked = _validated(source, registry, f"{where}source={source.key!r}")
    known = _BUILTIN_KEYS.get(checked.key) or _REGISTERED.get(checked.key)
    if known is not None:
        if known == checked:
            return known  # the identical source again (another registry): not a clash
        raise RegistrationError(
            f"{where}source={checked.key!r}: a source with this key is already registered "
            "with different content; give the new table its own key"
        )
    for other in (*_BUILTIN, *_REGISTERED.values()):
        if other.abbreviation == checked.abbreviation:
            raise RegistrationError(
                f"{where}source={checked.key!r}: abbreviation={checked.abbreviation!r} already "
                f"marks source {other.key!r} in the property table; expected a mark of its own"
            )
    _REGISTERED[checked.key] = checked
    _CACHE.clear()
    return checked


def unregister(key: str) -> None:
    """Remove a registered source (the built-in ordinal tables cannot be removed).

    Raises
    ------
    RegistrationError
        If ``key`` is a built-in source or is not registered (with the
        nearest registered keys).
    """
    if key in _BUILTIN_KEYS:
        raise RegistrationError(f"source={key!r}: a built-in source cannot be unregistered")
    if key not in _REGISTERED:
        raise RegistrationError(_unknown_source(key, _REGISTERED))
    del _REGISTERED[key]
    _CACHE.clear()


def registered_keys() -> tuple[str, ...]:
    """Keys of the sources registered so far, without loading plugins (not the built-ins)."""
    return tuple(_REGISTERED)


def _validated(src: LiteratureSource, registry: Registry, where: str) -> LiteratureSource:
    if not isinstance(src.key, str) or not _KEY.match(src.key):
        raise RegistrationError(
            f"{where}: expected a key of lower-case letters, digits and '_' starting with a letter"
        )
    for name in ("citation", "abbreviation"):
        value = getattr(src, name)
        if not isinstance(value, str) or not value.strip() or "\n" in value:
            raise RegistrationError(f"{where} {name}={value!r}: expected a non-empty single line")
    if not src.verdicts:
        raise RegistrationError(f"{where}: expected at least one verdict")
    verdicts = [_validated_verdict(v, src.key, registry, where) for v in src.verdicts]
    keys = [(v.measure, v.claim) for v in verdicts]
    for key in keys:
        if keys.count(key) > 1:
            raise RegistrationError(
                f"{where} measure={key[0]!r} claim={key[1]!r}: listed twice; a source gives one "
                "verdict per measure and claim"
            )
    canonical = {v.measure: registry.get(v.measure).name for v in src.verdicts}
    classified: list[Disagreement] = []
    for d in src.disagreements:
        if not isinstance(d, Disagreement):
            raise RegistrationError(
                f"{where}: disagreements must be Disagreement objects (got {type(d).__name__})"
            )
        label = f"{where} disagreement measure={d.measure!r} claim={d.claim!r}"
        if d.source != src.key:
            raise RegistrationError(f"{label} source={d.source!r}: expected {src.key!r}")
        if d.kind not in CLASSIFIED_KINDS:
            near = closest(str(d.kind), CLASSIFIED_KINDS)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise RegistrationError(
                f"{label} kind={d.kind!r}: expected one of {', '.join(CLASSIFIED_KINDS)}{hint}"
            )
        measure = canonical.get(d.measure, d.measure)
        if (measure, d.claim) not in keys:
            raise RegistrationError(
                f"{label}: the source has no verdict for this measure and claim; a "
                "classification explains a published verdict"
            )
        why = d.justification
        if not isinstance(why, str) or not why.strip() or "\n" in why or len(why) > 200:
            raise RegistrationError(
                f"{label} justification={why!r}: expected one non-empty line of at most 200 "
                "characters"
            )
        classified.append(replace(d, measure=measure))
    pairs = [(d.measure, d.claim) for d in classified]
    if len(pairs) != len(set(pairs)):
        raise RegistrationError(f"{where}: a disagreement is classified twice")
    return replace(src, verdicts=tuple(verdicts), disagreements=tuple(classified))


def _validated_verdict(v: object, key: str, registry: Registry, where: str) -> LiteratureVerdict:
    from axiometrics import claims as catalogue
    from axiometrics.errors import UnknownMeasureError

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
        measure = registry.get(v.measure).measure
    except UnknownMeasureError as exc:
        raise RegistrationError(f"{where}: {exc}") from None
    try:
        catalogue.claim(v.claim)
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
            catalogue.precondition(pre)
        except UnknownClaimError as exc:
            raise UnknownClaimError(f"{label}: {exc}") from None
    return replace(v, measure=measure.name, preconditions=tuple(v.preconditions))


def _unknown_source(key: str, known: Iterable[str]) -> str:
    near = closest(key, list(known))
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown literature source={key!r}{hint}"


# -- lookup -------------------------------------------------------------------

_CACHE: dict[str, Any] = {}


def _ensure_loaded() -> None:
    """Load the plugins (and with them the registered sources) once."""
    from axiometrics.registry import default_registry

    default_registry()


def sources() -> tuple[LiteratureSource, ...]:
    """Every source: the ordinal tables, then the registered ones in registration order."""
    _ensure_loaded()
    if "sources" not in _CACHE:
        _CACHE["sources"] = (*_BUILTIN, *_REGISTERED.values())
    return tuple(_CACHE["sources"])


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
    if "literature" not in _CACHE or "sources" not in _CACHE:
        _CACHE["literature"] = tuple(v for s in sources() for v in s.verdicts)
    return tuple(_CACHE["literature"])


def disagreements() -> tuple[Disagreement, ...]:
    """The classification of every disagreement, over every source."""
    return tuple(d for s in sources() for d in s.disagreements)


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
    """The classification recorded for one published verdict, or ``None``."""
    for d in disagreements():
        if (d.source, d.measure, d.claim) == (source, measure, claim):
            return d
    return None


# -- live views ------------------------------------------------------------------

T = TypeVar("T")


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
