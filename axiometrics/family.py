"""The family model: what the measures of a family take as input.

A :class:`Family` names the positional inputs of its measures and knows how
to validate them into arrays with a common batch shape (:class:`Prepared`).
Families are data conventions; each one, the built-in ``oc``, ``oq``,
``nominal`` and ``scored`` included, registers through the
``axiometrics.families`` entry-point group (or :func:`register_family`), and
the registry loads them before the claims and measures that need them.  A
measure may belong to several families taking the same inputs
(``Measure.also_families``).

A family also tells the checker what its inputs look like: whether they
carry class values (:attr:`Family.class_values`), one typical input
(:attr:`Family.typical_inputs`) and how a bare callable of the family is
called (:attr:`Family.call_signatures`).

Labelled inputs (pandas objects, or the family's own labelled containers)
are turned into arrays by *label* in :attr:`Family.coerce`, never by
position; pandas objects that reach :attr:`Family.prepare` directly are
refused.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.catalogue_slot import CatalogueSlot
from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    PluginLoadWarning,
    RegistrationError,
)
from axiometrics.scale import validate_values
from axiometrics.suggest import closest

__all__ = [
    "BUILTIN_DISTRIBUTION",
    "DISABLE_ENV",
    "EXAMPLE_DISPLAYS",
    "FAMILY_CATALOGUES",
    "FAMILY_ENTRY_POINT_GROUP",
    "RESERVED_INPUT_NAMES",
    "CallSignature",
    "Family",
    "FamilyCatalogue",
    "GeneratedDataset",
    "LabelCollections",
    "Prepared",
    "companion_families",
    "entry_point_distribution",
    "entry_point_order",
    "get_family",
    "installed_entry_points",
    "label_batch",
    "label_values",
    "load_each_entry_point",
    "load_family_entry_point",
    "load_family_entry_points",
    "load_installed_families",
    "ordered_entry_points",
    "register_family",
    "registered_families",
    "skipped_plugin_warning",
    "third_party_enabled",
    "values_and_batch",
]


@dataclass(frozen=True)
class Prepared:
    """Validated inputs ready for a compute function."""

    arrays: tuple[np.ndarray, ...]
    values: np.ndarray
    batch_shape: tuple[int, ...]
    n_classes: int
    core_ndims: tuple[int, ...]
    batch_index: tuple[Hashable, ...] | None = None
    index_name: str | None = None

    def broadcast_arrays(self) -> tuple[np.ndarray, ...]:
        """The inputs broadcast to the full batch shape (read-only views)."""
        return tuple(
            np.broadcast_to(a, (*self.batch_shape, *a.shape[a.ndim - k :]))
            for a, k in zip(self.arrays, self.core_ndims, strict=True)
        )


@dataclass(frozen=True)
class CallSignature:
    """How a bare callable of a family is called on one of the family's inputs.

    Used by :mod:`axiometrics.checker.callables` to check a plain function
    (``check(f, family=...)``); a family lists the signatures its callables
    may have in :attr:`Family.call_signatures`.

    Attributes
    ----------
    arguments
        ``arguments(inputs, values) -> args``: the positional arguments of one
        call, from the family's unbatched inputs and the class values
        (``None`` for a family without class values).
    label_vectors
        The arguments are label vectors whose labels are the class values
        (one entry per item): the checker caps the counts, keeps transformed
        class values integral and may pass the full class list as ``labels=``.
    description
        How the callable is called, for help texts.
    """

    arguments: Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any, ...]]
    label_vectors: bool = False
    description: str = ""


@dataclass(frozen=True)
class LabelCollections:
    """How a family reads the label collections shipped with axiometrics.

    The ``"synthetic"`` collection and the real ones of
    :func:`axiometrics.datasets.names` hold per-item gold and system labels;
    a family with this hook loads them (``datasets.load(name, family)``) and
    the report meta-evaluates its measures on them.

    Attributes
    ----------
    runs
        ``"labels"``: the runs are :class:`~axiometrics.io.LabelRuns`
        (per-item labels, confusion matrices); ``"distributions"``:
        :class:`~axiometrics.io.DistributionRuns` (per-topic class
        distributions; a real collection's ``estimates=`` applies).
    synthetic_title
        The report's title of the synthetic collection's data set.
    synthetic_scores
        What the family's measures score on the synthetic collection, for
        the data set's description (``"OC measures on the confusion matrices"``).
    real_scores
        The same on a real collection.
    """

    runs: str
    synthetic_title: str
    synthetic_scores: str
    real_scores: str


@dataclass(frozen=True)
class GeneratedDataset:
    """A collection a family generates itself (seeded), loadable with :mod:`axiometrics.datasets`.

    Attributes
    ----------
    name
        The collection's name in :func:`axiometrics.datasets.names`.
    load
        ``load() -> runs``: the runs the meta-evaluation takes.
    describe
        ``describe() -> dict``: its metadata, with the keys of
        :func:`axiometrics.datasets.describe`.
    report_title
        The report's title of its data set.
    report_description
        ``report_description(runs) -> str``: one paragraph about the data, for the report.
    report_on_undefined
        The report's undefined-score policy on it (see :mod:`axiometrics.meta.scoring`).
    truth
        Optional ``truth() -> {system: true quality}`` for a collection whose
        systems' quality is known by design, **lower is better** (e.g. each
        system's expected squared error); ``axiometrics meta`` and the report
        then show how well each measure's ranking agrees with the true order
        (see :mod:`axiometrics.meta.truth`).  ``None``: no known truth.
    truth_description
        One sentence saying what the truth is, shown with that agreement.
    """

    name: str
    load: Callable[[], Any]
    describe: Callable[[], dict[str, Any]]
    report_title: str
    report_description: Callable[[Any], str]
    report_on_undefined: Any = "raise"
    truth: Callable[[], Mapping[Hashable, float]] | None = None
    truth_description: str = ""


#: Keywords of :func:`axiometrics.score` that an input of a family may not be named.
RESERVED_INPUT_NAMES = ("values", "on_undefined", "scale", "measure")


@dataclass(frozen=True)
class Family:
    """A family of measures sharing an input convention.

    Attributes
    ----------
    name
        Short identifier (``"oc"``).
    title
        Display name.
    abbreviation
        The short name the literature uses (``"OC"``); headings then read
        "title (abbreviation)" (:attr:`heading`).  Empty: the title alone.
    inputs
        Names of the positional inputs of its compute functions.
    prepare
        ``prepare(inputs, values) -> Prepared``; validates and raises typed errors.
    coerce
        Optional ``coerce(inputs, scale) -> inputs``: turns labelled or
        alternative inputs (pandas objects, label vectors) into the family's
        inputs, aligned by label, using the caller's ``scale=`` argument.
        Families without it refuse ``scale=``.
    class_values
        Whether the inputs carry class values (``False``: e.g. scored items,
        whose last axis holds items, not classes); checker cases of such a
        family have no values and counterexamples show none.
    typical_inputs
        One ordinary unbatched input of the family, which the checker scores
        once with a bare callable before checking its claims (a broken
        callable then fails clearly); ``None``: no preflight.
    call_signatures
        ``(name, CallSignature)`` pairs: the ways a bare callable of this
        family may be called, the first being the default (empty: bare
        callables of this family cannot be checked).
    coverage_reference
        Registered measure names whose unanimous improvements define the
        coverage (UIR) reference on this family's data (empty: the
        meta-evaluation's default, :data:`axiometrics.meta.coverage.DEFAULT_REFERENCE`).
    ordered
        Whether the class order means something (``False``: e.g. nominal
        classes; label files then need no order, and class values are not read).
    read_runs
        ``read_runs(gold, systems, *, scale, scale_option, require_topic) -> runs``:
        reads a gold file and system run files (paths, or name -> path) into
        the runs its measures score (``axiometrics score``, ``meta``,
        ``report``); ``scale`` is a :class:`~axiometrics.ClassScale` or
        ``None``, ``scale_option`` the option named in scale errors,
        ``require_topic`` whether gold rows must name their topic.  ``None``:
        the family reads no run files.
    gold_files
        How many gold files :attr:`read_runs` takes: ``1`` (the default), a
        larger count, or ``None`` for any number (the ``generation`` family's
        reference files, one reference stream each).  The ``--gold`` option of
        ``score``, ``compare`` and ``meta`` takes one or more files: the reader
        gets one path as a ``str`` and several as a tuple of ``str``; a count
        the family does not take is refused before reading.
    label_collections
        How the family loads the shipped label collections
        (:class:`LabelCollections`); ``None``: it loads none.
    generated_datasets
        Collections the family generates itself (:class:`GeneratedDataset`);
        empty: none.
    reference_cases
        ``reference_cases(max_count) -> hypothesis strategy`` of
        :class:`~axiometrics.checker.Case` objects: the inputs a differential
        check (``check(..., reference=...)``) scores with both measures
        (``max_count`` caps the counts, ``None``: the default).  ``None``: the
        cases of the family's ``well_defined`` procedure.
    rank
        Where the family is listed among the registered ones (lower first,
        then in registration order): the built-ins ``oc``, ``oq``,
        ``nominal``, ``scored`` have 10, 20, 30, 40; the default (1000) lists
        a plugin's family after them.
    enumerate_inputs
        ``enumerate_inputs(request) -> iterable of Level``: every input of the
        family in increasing size, as single-entry
        :class:`~axiometrics.checker.Case` objects grouped in
        :class:`~axiometrics.checker.cases.Level` objects (every confusion
        matrix with N items and C classes; every tie pattern of n scores with
        every gold labelling; ...), cheapest level first.  The bounded pass
        (:mod:`axiometrics.checker.bounded`) decides the family's
        single-input claims and differential checks on them, and its
        procedures build their relational cases from them.  The core only
        iterates; it never looks inside an input.  ``None``: the family's
        claims are only searched at random.
    example_display
        How a counterexample shows an entry's inputs: ``"distributions"``
        (system and gold distributions as exact fractions, drawn as bars in
        the report); ``None``: by their shape (one 2-D input as a matrix,
        others as vectors named after :attr:`inputs`).
    input_features
        ``(name, probe)`` pairs: optional features of the inputs that some
        measures refuse (the regression family's ``"sample_weight"``: weights
        other than all ones), each with ``probe``, one unbatched input that
        uses the feature.  The checker scores each probe once per measure; a
        measure that refuses it (:class:`~axiometrics.errors.InvalidInputError`,
        including a call signature's
        :class:`~axiometrics.errors.SignatureRefusalError`) gets cases without
        the feature (:attr:`axiometrics.checker.CaseRequest.refused_features`):
        such cases would lie outside every claim, so drawing them only wastes
        the search's budget.  Empty: every case is drawn for every measure.
    """

    name: str
    title: str
    inputs: tuple[str, ...]
    prepare: Callable[[tuple[Any, ...], Any], Prepared]
    coerce: Callable[[tuple[Any, ...], Any], tuple[Any, ...]] | None = None
    class_values: bool = field(default=True, compare=False)
    typical_inputs: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    call_signatures: tuple[tuple[str, CallSignature], ...] = field(
        default=(), compare=False, repr=False
    )
    coverage_reference: tuple[str, ...] = field(default=(), compare=False, repr=False)
    ordered: bool = field(default=True, compare=False)
    read_runs: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    label_collections: LabelCollections | None = field(default=None, compare=False, repr=False)
    generated_datasets: tuple[GeneratedDataset, ...] = field(default=(), compare=False, repr=False)
    reference_cases: Callable[[int | None], Any] | None = field(
        default=None, compare=False, repr=False
    )
    example_display: str | None = field(default=None, compare=False)
    rank: int = field(default=1000, compare=False)
    enumerate_inputs: Callable[[Any], Iterable[Any]] | None = field(
        default=None, compare=False, repr=False
    )
    abbreviation: str = field(default="", compare=False)
    input_features: tuple[tuple[str, tuple[Any, ...]], ...] = field(
        default=(), compare=False, repr=False
    )
    gold_files: int | None = field(default=1, compare=False)

    @property
    def heading(self) -> str:
        """The family's heading in tables and reports: the title, then the abbreviation."""
        return f"{self.title} ({self.abbreviation})" if self.abbreviation else self.title

    @property
    def signature_names(self) -> tuple[str, ...]:
        """The names of :attr:`call_signatures`, the default first."""
        return tuple(name for name, _ in self.call_signatures)

    def call_signature(self, name: str) -> CallSignature:
        """The call signature ``name`` (``KeyError`` if the family has none so named)."""
        for key, sig in self.call_signatures:
            if key == name:
                return sig
        raise KeyError(name)

    def bind_inputs(self, inputs: tuple[Any, ...], named: dict[str, Any]) -> tuple[Any, ...]:
        """Positional ``inputs`` with the ``named`` ones put at their place in :attr:`inputs`.

        ``score("r2", y_true, y_pred, sample_weight=w)`` passes ``w`` third;
        a named input given as ``None`` counts as not given (an optional
        input left out).

        Raises
        ------
        InputTypeError
            On a name that is not one of the family's inputs (the nearest
            are suggested), an input given both by position and by name, or
            a named input after a missing one.
        """
        if not named:
            return inputs
        given = {name: value for name, value in named.items() if value is not None}
        for name in named:
            if name not in self.inputs:
                near = closest(name, self.inputs)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise InputTypeError(
                    f"{name}=...: family {self.name!r} has no input named {name!r} "
                    f"(expected one of {', '.join(self.inputs)}){hint}"
                )
        for name in self.inputs[: len(inputs)]:
            if name in named:
                raise InputTypeError(
                    f"{name}=...: input {name!r} of family {self.name!r} given both by "
                    "position and by name"
                )
        last = max((self.inputs.index(name) for name in given), default=-1)
        bound = list(inputs)
        for name in self.inputs[len(inputs) : last + 1]:
            if name not in given:
                later = ", ".join(n for n in self.inputs if n in given)
                raise InputTypeError(
                    f"input {name!r} of family {self.name!r} is missing (given by name: {later})"
                )
            bound.append(given[name])
        return tuple(bound)

    def coerce_inputs(self, inputs: tuple[Any, ...], scale: Any = None) -> tuple[Any, ...]:
        """Apply :attr:`coerce` (or refuse ``scale=`` when the family has none)."""
        if self.coerce is not None:
            return self.coerce(inputs, scale)
        if scale is not None:
            raise InvalidParameterError(
                f"scale={scale!r}: family {self.name!r} takes no scale argument"
            )
        return inputs


def values_and_batch(
    values: Any, scale_values: np.ndarray | None, n_classes: int, batch: tuple[int, ...]
) -> tuple[np.ndarray, tuple[int, ...]]:
    """Validate class values and broadcast them with the inputs' batch shape.

    ``values`` defaults to ``scale_values`` (a labelled input's scale), else
    ``0 .. n_classes - 1``; one set of values broadcasts with every batch.
    """
    if values is None and scale_values is not None:
        values = scale_values
    vals = validate_values(values, n_classes)
    if vals.ndim == 1:
        return vals, batch  # one set of values broadcasts with every batch
    try:
        shape = np.broadcast_shapes(batch, vals.shape[:-1])
    except ValueError as exc:
        raise InvalidInputError(
            f"values batch shape {vals.shape[:-1]} does not broadcast with the inputs' "
            f"batch shape {batch}"
        ) from exc
    return vals, shape


def label_batch(result: float | np.ndarray, prepared: Prepared, name: str) -> Any:
    """Scores of a labelled batch as a pandas Series (1-D) or DataFrame (2-D).

    The batch keys label the last batch axis; results of unlabelled inputs
    are returned unchanged.
    """
    keys = prepared.batch_index
    if keys is None or not isinstance(result, np.ndarray) or result.ndim not in (1, 2):
        return result
    if result.shape[-1] != len(keys):
        return result
    import pandas as pd

    index = pd.Index(list(keys), name=prepared.index_name, tupleize_cols=False)
    if result.ndim == 1:
        return pd.Series(result, index=index, name=name)
    return pd.DataFrame(result, columns=index)


def label_values(values: np.ndarray) -> np.ndarray:
    """Class values as labels: int64 when they are integral (categorical metrics want ints)."""
    arr = np.asarray(values)
    return arr.astype(np.int64) if np.all(arr == np.round(arr)) else arr


#: The entry-point group of families (a :class:`Family`, a list of them, or a
#: callable returning either).
FAMILY_ENTRY_POINT_GROUP = "axiometrics.families"
#: The distribution whose plugins are built in (their failures are bugs, never skipped).
BUILTIN_DISTRIBUTION = "axiometrics"
#: Set to ``1`` to load the built-in plugins only.
DISABLE_ENV = "AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS"

#: The values :attr:`Family.example_display` may take.
EXAMPLE_DISPLAYS = (None, "distributions")


def _is_feature(entry: Any) -> bool:
    return (
        isinstance(entry, tuple)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and bool(entry[0].strip())
        and isinstance(entry[1], tuple)
        and bool(entry[1])
    )


def _family_problem(new: Any) -> str | None:
    """What is wrong with a would-be family, as ``field=value!r: expected ...``, or ``None``."""
    if not isinstance(new, Family):
        return f"family={new!r}: expected an axiometrics.family.Family"
    texts = {"name": new.name, "title": new.title, "abbreviation": new.abbreviation}
    for field_name, value in texts.items():
        if not isinstance(value, str) or (field_name != "abbreviation" and not value.strip()):
            return f"{field_name}={value!r}: expected a non-empty string"
    if (
        not isinstance(new.inputs, tuple)
        or not new.inputs
        or not all(isinstance(i, str) and i for i in new.inputs)
    ):
        return f"inputs={new.inputs!r}: expected a non-empty tuple of input names"
    clashing = [i for i in new.inputs if i in RESERVED_INPUT_NAMES or not i.isidentifier()]
    if clashing:
        return (
            f"inputs={new.inputs!r}: expected Python identifiers other than "
            f"{', '.join(RESERVED_INPUT_NAMES)} (inputs may be given by name), got {clashing!r}"
        )
    callables: dict[str, Any] = {
        "prepare": new.prepare,
        "coerce": new.coerce,
        "read_runs": new.read_runs,
        "reference_cases": new.reference_cases,
        "enumerate_inputs": new.enumerate_inputs,
    }
    for hook, function in callables.items():
        if not callable(function) and not (function is None and hook != "prepare"):
            return f"{hook}={function!r}: expected a callable"
    for entry in new.call_signatures:
        if not (
            isinstance(entry, tuple)
            and len(entry) == 2
            and isinstance(entry[0], str)
            and isinstance(entry[1], CallSignature)
        ):
            return f"call_signatures entry={entry!r}: expected a (name, CallSignature) pair"
    features = [entry[0] for entry in new.input_features if _is_feature(entry)]
    if len(features) != len(new.input_features):
        bad = next(entry for entry in new.input_features if not _is_feature(entry))
        return (
            f"input_features entry={bad!r}: expected a (name, probe inputs) pair with a "
            "non-empty name and a tuple of inputs"
        )
    if len(set(features)) != len(features):
        return f"input_features names={features!r}: expected each name once"
    if new.gold_files is not None and (
        isinstance(new.gold_files, bool)
        or not isinstance(new.gold_files, int)
        or new.gold_files < 1
    ):
        return f"gold_files={new.gold_files!r}: expected a positive integer or None (any number)"
    if new.example_display not in EXAMPLE_DISPLAYS:
        return f"example_display={new.example_display!r}: expected one of {EXAMPLE_DISPLAYS!r}"
    if isinstance(new.rank, bool) or not isinstance(new.rank, int):
        return f"rank={new.rank!r}: expected an integer"
    return None


class FamilyCatalogue:
    """The registered families of one set of catalogues, by lower-case name.

    The process has one (:data:`FAMILY_CATALOGUES`), which the module-level
    functions (:func:`register_family`, :func:`get_family`,
    :func:`registered_families`, ...) use through the slot's ``current``
    catalogue; a :class:`~axiometrics.registry.Registry` owns the one it
    loads families into (:attr:`axiometrics.registry.Registry.catalogues`).
    A catalogue loads the installed ``axiometrics.families`` entry points on
    the first lookup of a name it does not know (:meth:`load_installed`).
    """

    def __init__(self) -> None:
        self._families: dict[str, Family] = {}
        self._installed_loaded = False

    def copy(self) -> FamilyCatalogue:
        """An independent catalogue with the same families (and the same loading state)."""
        twin = FamilyCatalogue()
        twin._families = dict(self._families)
        twin._installed_loaded = self._installed_loaded
        return twin

    def register(self, new: Family, *, plugin: str = "axiometrics") -> Family:
        """Add a family after checking its fields (see :func:`register_family`)."""
        problem = _family_problem(new)
        if problem is not None:
            name = getattr(new, "name", None)
            raise RegistrationError(f"plugin={plugin!r} family={name!r}: {problem}")
        if new.name.lower() in self._families:
            raise RegistrationError(
                f"plugin={plugin!r} family={new.name!r}: a family with this name is already "
                "registered"
            )
        self._families[new.name.lower()] = new
        return new

    def get(self, name: str) -> Family:
        """Look a family up by name, case-insensitively (see :func:`get_family`)."""
        key = name.lower() if isinstance(name, str) else None
        if key is not None and key in self._families:
            return self._families[key]
        self.load_installed()
        try:
            return self._families[name.lower()]
        except (KeyError, AttributeError):
            known = ", ".join(f.name.lower() for f in self.families())
            raise RegistrationError(f"unknown family={name!r} (known: {known})") from None

    def families(self) -> tuple[Family, ...]:
        """Every family by :attr:`Family.rank`, then in registration order."""
        self.load_installed()
        return tuple(sorted(self._families.values(), key=lambda f: f.rank))

    def entry_point_order(self, ep: Any) -> tuple[bool, int, str]:
        """Sort key of an entry point in this catalogue's order (:func:`entry_point_order`)."""
        rank = {f.name: i for i, f in enumerate(self.families())}
        return (
            entry_point_distribution(ep) != BUILTIN_DISTRIBUTION,
            rank.get(ep.name, len(rank)),
            ep.name,
        )

    def load_entry_point(self, ep: Any) -> None:
        """Register the families one entry point provides (see :func:`load_family_entry_point`)."""
        obj = ep.load()
        if callable(obj) and not isinstance(obj, Family):
            obj = obj()
        items = [obj] if isinstance(obj, Family) else list(obj)
        fresh: dict[str, Family] = {}
        for item in items:
            if not isinstance(item, Family):
                raise RegistrationError(
                    f"plugin={ep.name!r}: families entry points must provide Family objects "
                    f"(got {type(item).__name__})"
                )
            known = self._families.get(item.name.lower())
            if known is item:
                continue  # loaded before (another registry, or the plugin module itself)
            if known is not None or item.name.lower() in fresh:
                raise RegistrationError(
                    f"plugin={ep.name!r} family={item.name!r}: a family with this name is "
                    "already registered"
                )
            fresh[item.name.lower()] = item
        for item in fresh.values():  # all of the entry point's families or none
            self.register(item, plugin=ep.name)

    def load_entry_points(
        self,
        eps: Iterable[Any],
        *,
        strict: bool = False,
        skip: Callable[[Any, BaseException], None],
    ) -> None:
        """Load families entry points, skipping a failing third-party one with ``skip(ep, error)``.

        A failing built-in entry point (of :data:`BUILTIN_DISTRIBUTION`) raises,
        and so does any failure when ``strict``.
        """
        load_each_entry_point(eps, self.load_entry_point, strict=strict, skip=skip)

    def load_installed(self) -> None:
        """Register the installed ``axiometrics.families`` entry points, once per catalogue.

        The built-in families come first, and third-party ones unless
        ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS`` is set.  A third-party
        family that fails to load is skipped with one
        :class:`~axiometrics.errors.PluginLoadWarning`.
        """
        if self._installed_loaded:
            return
        self._installed_loaded = True  # first, so that a lookup while loading does not recurse
        self.load_entry_points(
            installed_entry_points(FAMILY_ENTRY_POINT_GROUP),
            skip=skipped_plugin_warning(FAMILY_ENTRY_POINT_GROUP, "families"),
        )


#: The process's family catalogue and the one the module-level functions use now.
FAMILY_CATALOGUES: CatalogueSlot[FamilyCatalogue] = CatalogueSlot(FamilyCatalogue())


def register_family(new: Family, *, plugin: str = "axiometrics") -> Family:
    """Add a family to the current catalogue after checking its fields.

    Raises
    ------
    RegistrationError
        If the name is taken (in any case), or a field has the wrong type or
        value (the message names the field, the value and what was expected).
    """
    return FAMILY_CATALOGUES.current.register(new, plugin=plugin)


def get_family(name: str) -> Family:
    """Look a family up by name, case-insensitively.

    A name not registered yet loads the installed ``axiometrics.families``
    entry points first (once per catalogue, see :func:`load_installed_families`),
    so ``get_family("oc")`` works right after ``import axiometrics``.

    Raises
    ------
    RegistrationError
        For a name no registered or installed family has (the message lists
        the known ones).
    """
    return FAMILY_CATALOGUES.current.get(name)


def registered_families() -> tuple[Family, ...]:
    """All registered families by :attr:`Family.rank`, then in registration order.

    The installed ones are loaded first (see :func:`get_family`).
    """
    return FAMILY_CATALOGUES.current.families()


def companion_families(name: str) -> list[str]:
    """The other registered families whose measures take the inputs of family ``name``.

    Data of one family feed the measures of its companions unchanged: OC runs
    give confusion matrices, so with the built-in plugins
    ``companion_families("oc")`` is ``["nominal"]`` (and ``"nominal"``'s
    companion is ``"oc"``).
    """
    own = get_family(name)
    return [f.name for f in registered_families() if f.name != own.name and f.inputs == own.inputs]


def load_family_entry_point(ep: Any) -> None:
    """Register the families one entry point of ``axiometrics.families`` provides.

    The entry point's object is a :class:`Family`, an iterable of them, or a
    callable returning either.  All of its families are registered or none;
    the identical object already registered (loaded before, e.g. by a second
    :class:`~axiometrics.registry.Registry`) is not a clash.

    Raises
    ------
    RegistrationError
        For an object that is not a family, or a name another family has.
    """
    FAMILY_CATALOGUES.current.load_entry_point(ep)


def load_each_entry_point(
    eps: Iterable[Any],
    load: Callable[[Any], None],
    *,
    strict: bool,
    skip: Callable[[Any, BaseException], None],
) -> None:
    """``load(ep)`` for each entry point, skipping a failing third-party one with ``skip``.

    A failing built-in entry point (of :data:`BUILTIN_DISTRIBUTION`) raises,
    and so does any failure when ``strict``: the catalogues of families and
    of claims load their plugins through this one rule.
    """
    for ep in eps:
        try:
            load(ep)
        except Exception as exc:
            if strict or entry_point_distribution(ep) == BUILTIN_DISTRIBUTION:
                raise
            skip(ep, exc)


def entry_point_distribution(ep: Any) -> str:
    """The name of the distribution that provides an entry point (``""`` if unknown)."""
    dist = getattr(ep, "dist", None)
    return getattr(dist, "name", "") or ""


def entry_point_order(ep: Any) -> tuple[bool, int, str]:
    """Sort key of a plugin entry point: built-ins first, then by family, then by name.

    An entry point named after a registered family (``oc = ...`` in the
    ``axiometrics.claims`` or ``axiometrics.literature`` group) loads in
    :func:`registered_families` order, so that what several families share
    (a claim's families, the literature's sources) is listed in the order of
    the families themselves, whatever module a process happened to import first.
    """
    return FAMILY_CATALOGUES.current.entry_point_order(ep)


def load_family_entry_points(
    eps: Iterable[Any],
    *,
    strict: bool = False,
    skip: Callable[[Any, BaseException], None],
) -> None:
    """Load families entry points into the current catalogue (see :class:`FamilyCatalogue`)."""
    FAMILY_CATALOGUES.current.load_entry_points(eps, strict=strict, skip=skip)


def third_party_enabled() -> bool:
    """Whether third-party plugins load (``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS`` unset)."""
    return os.environ.get(DISABLE_ENV, "").strip().lower() not in ("1", "true", "yes")


def load_installed_families() -> None:
    """Register the installed ``axiometrics.families`` entry points in the current catalogue, once.

    Called by the lookups (:func:`get_family`, :func:`registered_families`);
    see :meth:`FamilyCatalogue.load_installed`.
    """
    FAMILY_CATALOGUES.current.load_installed()


def ordered_entry_points(
    eps: Iterable[Any], *, third_party: bool, key: Callable[[Any], Any] | None = None
) -> list[Any]:
    """Entry points sorted by ``key`` (default: built-ins first, then by name).

    Third-party ones are left out unless ``third_party``.
    """
    found = sorted(
        eps,
        key=key or (lambda ep: (entry_point_distribution(ep) != BUILTIN_DISTRIBUTION, ep.name)),
    )
    if third_party:
        return found
    return [ep for ep in found if entry_point_distribution(ep) == BUILTIN_DISTRIBUTION]


def installed_entry_points(group: str, *, key: Callable[[Any], Any] | None = None) -> list[Any]:
    """The installed entry points of ``group`` (:func:`ordered_entry_points`).

    Third-party ones are left out when ``AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS`` is set.
    """
    from importlib.metadata import entry_points

    return ordered_entry_points(
        entry_points(group=group), third_party=third_party_enabled(), key=key
    )


def skipped_plugin_warning(group: str, what: str) -> Callable[[Any, BaseException], None]:
    """The ``skip`` callback warning once about an entry point of ``group`` that failed to load.

    ``what`` names the built-ins that still work (``"families"``, ``"claims"``).
    """

    def warn(ep: Any, exc: BaseException) -> None:
        error = " ".join(f"{type(exc).__name__}: {exc}".split())
        where = f"{ep.name} = {getattr(ep, 'value', '?')}"
        dist = entry_point_distribution(ep) or "unknown distribution"
        warnings.warn(
            f"skipped the {group} plugin {where} (from {dist}): {error}; the "
            f"built-in {what} still work; set {DISABLE_ENV}=1 to load the built-ins only",
            PluginLoadWarning,
            stacklevel=4,
        )

    return warn
