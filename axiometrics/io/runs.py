"""Gold and system outputs over topics: what a batch of evaluations is computed on.

Two containers, one per input family:

:class:`LabelRuns` (ordinal classification)
    per-item gold labels and, for every system ("run"), a label for every
    gold item; items belong to topics (test cases).  It builds the
    ``(T, S, C, C)`` batch of confusion matrices in one pass.
:class:`DistributionRuns` (ordinal quantification)
    per-topic gold distributions and per-topic system estimates, as arrays
    ``(T, C)`` and ``(T, S, C)``.

Neither names its family: :attr:`LabelRuns.family` and
:attr:`DistributionRuns.family` are the first registered family (in rank
order) whose :attr:`~axiometrics.family.Family.label_collections` read label
collections as such runs (``runs="labels"`` or ``"distributions"``; see
:func:`runs_family`).

Both validate on construction and raise
:class:`~axiometrics.errors.DataFileError` (or
:class:`~axiometrics.errors.UnknownLabelError` for a label outside the
scale) naming the run, the topic or the item at fault.  They hold at least
one topic and one system; analyses that need more (the meta-evaluation
ranks at least 2 systems over at least 2 topics) check that themselves.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, runtime_checkable

import numpy as np
import pandas as pd

from axiometrics.distributions import SUM_TOLERANCE
from axiometrics.errors import DataFileError, RegistrationError, UnknownLabelError
from axiometrics.family import get_family, registered_families
from axiometrics.scale import ClassScale, as_scale

__all__ = [
    "DISTRIBUTION_INPUTS",
    "DISTRIBUTION_RUNS",
    "LABEL_RUNS",
    "MATRIX_INPUTS",
    "CorpusBatch",
    "CorpusLevelRuns",
    "DistributionRuns",
    "LabelRuns",
    "SystemRuns",
    "check_counts",
    "check_names",
    "default_run_family",
    "run_file_families",
    "runs_family",
    "system_positions",
]

#: What :class:`LabelRuns` hold, as :attr:`axiometrics.family.LabelCollections.runs` names it.
LABEL_RUNS = "labels"
#: What :class:`DistributionRuns` hold, as :attr:`axiometrics.family.LabelCollections.runs`
#: names it.
DISTRIBUTION_RUNS = "distributions"
#: The inputs (:attr:`axiometrics.family.Family.inputs`) of a family whose measures take
#: confusion matrices, which :class:`LabelRuns` give.
MATRIX_INPUTS = ("matrices",)
#: The inputs of a family whose measures take ``(system, gold)`` distributions, which
#: :class:`DistributionRuns` (and :class:`LabelRuns`, through their label distributions) give.
DISTRIBUTION_INPUTS = ("system", "gold")


@runtime_checkable
class SystemRuns(Protocol):
    """What the meta-evaluation needs of system outputs over topics, whatever the family.

    :class:`LabelRuns`, :class:`DistributionRuns` and a plugin family's runs
    (e.g. :class:`axiometrics.measures.scored.runs.ScoredRuns`) provide it.
    """

    @property
    def family(self) -> str:
        """The family whose inputs the runs hold."""
        ...

    @property
    def topics(self) -> tuple[Hashable, ...]:
        """Topic names."""
        ...

    @property
    def systems(self) -> tuple[Hashable, ...]:
        """System names."""
        ...

    @property
    def scale(self) -> ClassScale:
        """The gold classes."""
        ...

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """The inputs a scorer of ``family`` is called with, batched over (topic, system)."""
        ...

    def select_systems(self, systems: Sequence[Hashable]) -> Any:
        """A copy restricted to some systems, in the given order."""
        ...


@dataclass(frozen=True, eq=False)
class CorpusBatch:
    """Every system's segment statistics of one corpus-level measure, and its scorer of sums.

    A corpus-level measure (corpus BLEU, chrF, TER, corpus WER) is a function
    of column sums of per-segment statistics: the score of any set of
    segments is ``from_totals(statistics[:, rows].sum(axis=1))``.  This is
    what the corpus-level analyses (:mod:`axiometrics.stats.corpus`) and the
    meta-evaluation's corpus-level section resample.

    Attributes
    ----------
    statistics
        ``(S, N, k)`` float64: for every system, one row of ``k`` statistics
        per segment, over all ``N`` segments of all topics, topics in order.
    from_totals
        ``from_totals(totals (..., k)) -> (scores (...), undefined (...))``,
        vectorised over leading axes.
    topic_segments
        The number of consecutive segments of each topic, when every topic
        holds the same number (``N = T * topic_segments``): the scores per
        (topic, system) are then the sums of those rows, so the meta-evaluation
        scores the topics from these statistics instead of computing them a
        second time.  ``None``: no such layout.
    """

    statistics: np.ndarray
    from_totals: Any
    topic_segments: int | None = None


@runtime_checkable
class CorpusLevelRuns(Protocol):
    """Runs whose measures can be recomputed from summed segment statistics.

    A family's runs provide it when its measures are corpus-level (e.g. the
    ``generation`` family); the meta-evaluation and ``compare`` then use the
    corpus-level tests and analyses for the measures it answers.
    """

    def corpus_statistics(self, scorer: Any) -> CorpusBatch | None:
        """The :class:`CorpusBatch` of ``scorer`` on these runs, ``None`` if it has none.

        ``None`` for a measure that is not a function of summed segment
        statistics (a measure of another family, a user's callable).
        """
        ...


def system_positions(known: Sequence[Hashable], wanted: Sequence[Hashable]) -> list[int]:
    """The positions of the systems ``wanted`` among ``known``, in the order wanted.

    What ``select_systems`` of a family's runs needs.

    Raises
    ------
    DataFileError
        For a name that is not among ``known``.
    """
    position = {name: i for i, name in enumerate(known)}
    missing = [s for s in wanted if s not in position]
    if missing:
        raise DataFileError(
            f"systems={list(missing)!r} are not systems of these runs "
            f"(known: {list(known)[:8]!r}...)"
        )
    return [position[s] for s in wanted]


def check_names(topics: Sequence[Hashable], systems: Sequence[Hashable]) -> None:
    """Require at least one topic and one system, without repeated names.

    Raises
    ------
    DataFileError
        Naming the empty axis or the repeated names.
    """
    for kind, names in (("system", systems), ("topic", topics)):
        if not len(names):
            raise DataFileError(f"at least one {kind} is needed (got none)")
        seen = pd.Index(list(names))
        if seen.has_duplicates:
            dupes = seen[seen.duplicated()].unique().tolist()[:5]
            raise DataFileError(f"{kind} names must be unique (got duplicates {dupes!r})")


def check_counts(topics: Sequence[Hashable], systems: Sequence[Hashable]) -> None:
    """Require the at least 2 topics and 2 systems a meta-evaluation ranks, without repeats.

    Raises
    ------
    DataFileError
        Naming the offending count or the repeated names.
    """
    if len(systems) < 2:
        raise DataFileError(
            f"a meta-evaluation needs at least 2 systems to rank (got {len(systems)}: "
            f"{list(systems)!r})"
        )
    if len(topics) < 2:
        raise DataFileError(
            f"a meta-evaluation needs at least 2 topics (test cases) (got {len(topics)}: "
            f"{list(topics)!r})"
        )
    check_names(topics, systems)


def runs_family(runs: str) -> str:
    """The family whose measures score runs of the kind ``runs`` by default.

    Parameters
    ----------
    runs
        :data:`LABEL_RUNS` (:class:`LabelRuns`) or :data:`DISTRIBUTION_RUNS`
        (:class:`DistributionRuns`).

    Returns
    -------
    str
        The name of the first registered family, in rank order (see
        :func:`axiometrics.family.registered_families`), whose
        :attr:`~axiometrics.family.Family.label_collections` load the label
        collections as such runs (``"oc"`` and ``"oq"`` with the built-in
        plugins).

    Raises
    ------
    RegistrationError
        When no registered family reads such runs (the message names the
        hook value that is missing).
    """
    for family in registered_families():
        collections = family.label_collections
        if collections is not None and collections.runs == runs:
            return family.name
    known = ", ".join(f.name for f in registered_families()) or "none"
    raise RegistrationError(
        f"runs={runs!r}: no registered family has label_collections.runs={runs!r}, so no "
        f"family's measures score these runs (registered families: {known}); install or "
        "register the family plugin that reads them"
    )


def run_file_families() -> tuple[str, ...]:
    """The registered families that read run files, in rank order.

    Those with a :attr:`~axiometrics.family.Family.read_runs` hook (``oc``,
    ``oq``, ``nominal`` and ``scored`` with the built-in plugins): the
    choices of the command line's ``--family`` options for ``--gold``/``--runs``
    files.
    """
    return tuple(f.name for f in registered_families() if f.read_runs is not None)


def default_run_family() -> str:
    """The family run files are read as by default: the first of :func:`run_file_families`.

    Raises
    ------
    RegistrationError
        When no registered family reads run files.
    """
    readers = run_file_families()
    if not readers:
        known = ", ".join(f.name for f in registered_families()) or "none"
        raise RegistrationError(
            f"no registered family has a read_runs hook, so none reads run files "
            f"(registered families: {known}); install or register a family plugin that reads them"
        )
    return readers[0]


def _store_names(runs: LabelRuns | DistributionRuns) -> None:
    """Store the topic and system names as tuples (on a frozen dataclass) and check them."""
    object.__setattr__(runs, "topics", tuple(runs.topics))
    object.__setattr__(runs, "systems", tuple(runs.systems))
    check_names(runs.topics, runs.systems)


def _store_read_only(runs: LabelRuns | DistributionRuns, **arrays: np.ndarray) -> None:
    """Store validated arrays on a frozen dataclass, read-only so the batch cannot drift."""
    for name, array in arrays.items():
        array.setflags(write=False)
        object.__setattr__(runs, name, array)


def _sample(values: Any, limit: int = 5) -> list[Any]:
    return sorted(values, key=repr)[:limit]


def _require_frame(frame: Any, name: str) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise DataFileError(f"{name} must be a pandas DataFrame (got {type(frame).__name__})")


def _label_frame(frame: Any, *, name: str, need_topic: bool) -> pd.DataFrame:
    _require_frame(frame, name)
    needed = ["id", "topic", "label"] if need_topic else ["id", "label"]
    missing = [c for c in needed if c not in frame.columns]
    if missing:
        raise DataFileError(
            f"{name} must have columns {needed!r} (missing {missing!r}; "
            f"got {list(frame.columns)!r})"
        )
    ids = frame["id"]
    if ids.isna().any():
        raise DataFileError(f"{name}: every item needs an id (got missing ids)")
    if ids.duplicated().any():
        dupes = ids[ids.duplicated()].unique().tolist()
        raise DataFileError(
            f"{name}: item ids must be unique (got {len(dupes)} duplicated: {_sample(dupes)!r})"
        )
    return frame


@dataclass(frozen=True, eq=False)
class LabelRuns:
    """Per-item gold labels and system labels, grouped into topics (OC input).

    Attributes
    ----------
    scale
        The ordered class scale.
    topics
        Topic names, ``T`` of them.
    systems
        System (run) names, ``S`` of them.
    item_topics
        Topic index of each gold item, shape ``(N,)``.
    gold
        Gold class index of each item, shape ``(N,)``.
    labels
        System class index of each item, shape ``(S, N)``.
    """

    scale: ClassScale
    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    item_topics: np.ndarray
    gold: np.ndarray
    labels: np.ndarray

    @property
    def family(self) -> str:
        """The family whose measures score these runs by default (:func:`runs_family`)."""
        return runs_family(LABEL_RUNS)

    def __post_init__(self) -> None:
        _store_names(self)
        c, t = self.scale.n_classes, len(self.topics)
        item_topics = np.asarray(self.item_topics, dtype=np.intp)
        gold = np.asarray(self.gold, dtype=np.intp)
        labels = np.asarray(self.labels, dtype=np.intp)
        n = gold.shape[0] if gold.ndim == 1 else -1
        if gold.ndim != 1 or item_topics.shape != (n,) or labels.shape != (len(self.systems), n):
            raise DataFileError(
                "gold must have shape (N,), item_topics (N,) and labels (S, N) "
                f"(got {gold.shape}, {item_topics.shape} and {labels.shape} "
                f"for S={len(self.systems)})"
            )
        for arr, what, top in (
            (gold, "gold", c),
            (labels, "labels", c),
            (item_topics, "item_topics", t),
        ):
            if arr.size and (arr.min() < 0 or arr.max() >= top):
                raise DataFileError(f"{what} must hold indices in 0..{top - 1}")
        per_topic = np.bincount(item_topics, minlength=t)
        if np.any(per_topic == 0):
            empty = [self.topics[i] for i in np.flatnonzero(per_topic == 0)]
            raise DataFileError(
                f"every topic needs at least one gold item (none for {_sample(empty)!r})"
            )
        _store_read_only(self, item_topics=item_topics, gold=gold, labels=labels)

    # -- constructors ----------------------------------------------------
    @classmethod
    def from_frames(
        cls,
        gold: pd.DataFrame,
        runs: Mapping[Any, pd.DataFrame],
        *,
        scale: ClassScale | Sequence[Hashable],
        sources: Mapping[Any, str] | None = None,
        gold_source: str | None = None,
    ) -> LabelRuns:
        """Build from a gold frame and one frame per run.

        Parameters
        ----------
        gold
            Columns ``id``, ``topic``, ``label``: one row per item.
        runs
            Run name -> frame with columns ``id`` and ``label`` (a ``topic``
            column, when present, must agree with the gold file).
        scale
            The class scale, e.g. ``[-2, -1, 0, 1, 2]`` for SemEval Task 4 C.
        sources, gold_source
            Where the run frames (by run name) and the gold frame were read
            from, for messages (e.g. ``"path='run.tsv'"``).

        Raises
        ------
        DataFileError
            Duplicate ids, a run missing items (or whole topics), extra
            items, topic disagreement, no run.
        UnknownLabelError
            A label outside the scale (the message names the run, its source
            and the first item id with such a label).
        """
        resolved = as_scale(scale, None)
        gold = _label_frame(gold, name="gold", need_topic=True)
        if gold.empty:
            raise DataFileError("gold must hold at least one item (got an empty frame)")
        topic_codes, topic_keys = pd.factorize(gold["topic"], sort=False)
        topics = tuple(topic_keys.tolist())
        gold_idx = _label_indices(resolved, gold["label"], "gold labels", gold["id"], gold_source)
        ids = pd.Index(gold["id"])
        item_topic_of = pd.Series(np.asarray(gold["topic"]), index=ids)
        if not runs:
            raise DataFileError("runs must hold at least one system run (got none)")
        labels = np.empty((len(runs), len(ids)), dtype=np.intp)
        for row, (name, frame) in enumerate(runs.items()):
            where = f"run={name!r}"
            frame = _label_frame(frame, name=where, need_topic=False)
            _check_coverage(
                where,
                ids,
                pd.Index(frame["id"]),
                must="label every gold item",
                has="labels",
                noun="items",
                kind="ids",
                topic_of=item_topic_of,
            )
            aligned = frame.set_index("id").loc[ids]
            if "topic" in frame.columns:
                disagree = (
                    aligned["topic"].astype(str).to_numpy() != item_topic_of.astype(str).to_numpy()
                )
                if disagree.any():
                    first = ids[np.flatnonzero(disagree)[0]]
                    raise DataFileError(
                        f"{where}: item id={first!r} has topic {aligned['topic'].loc[first]!r} but "
                        f"gold puts it in topic {item_topic_of.loc[first]!r}"
                    )
            labels[row] = _label_indices(
                resolved,
                aligned["label"],
                f"{where} labels",
                pd.Series(ids),
                None if sources is None else sources.get(name),
            )
        return cls(resolved, topics, tuple(runs), topic_codes, gold_idx, labels)

    @classmethod
    def from_arrays(
        cls,
        gold: Any,
        labels: Any,
        *,
        scale: ClassScale | Sequence[Hashable],
        topics: Sequence[Hashable] | None = None,
        systems: Sequence[Hashable] | None = None,
    ) -> LabelRuns:
        """Build from equally sized topics: ``gold`` ``(T, n)`` and ``labels`` ``(S, T, n)``.

        Labels are scale labels (not indices).  Topic and system names
        default to ``0 .. T-1`` and ``0 .. S-1``.
        """
        resolved = as_scale(scale, None)
        g = np.asarray(gold)
        lab = np.asarray(labels)
        if g.ndim != 2 or lab.ndim != 3 or lab.shape[1:] != g.shape:
            raise DataFileError(
                "gold must have shape (T, n) and labels (S, T, n) "
                f"(got gold {g.shape} and labels {lab.shape})"
            )
        t, n = g.shape
        gold_idx = resolved.index_of(g.ravel().tolist(), name="gold labels")
        label_idx = resolved.index_of(lab.ravel().tolist(), name="system labels")
        return cls(
            resolved,
            tuple(range(t)) if topics is None else tuple(topics),
            tuple(range(lab.shape[0])) if systems is None else tuple(systems),
            np.repeat(np.arange(t), n),
            gold_idx,
            label_idx.reshape(lab.shape[0], t * n),
        )

    # -- views ---------------------------------------------------------------
    @cached_property
    def confusion_batch(self) -> np.ndarray:
        """Confusion matrices ``(T, S, C, C)`` (rows = system, columns = gold), counted once."""
        t, s, c = len(self.topics), len(self.systems), self.scale.n_classes
        system_offsets = (np.arange(s) * c * c)[:, None]
        codes = (
            (self.item_topics * (s * c * c))[None, :] + system_offsets + self.labels * c + self.gold
        )
        counts = np.bincount(codes.ravel(), minlength=t * s * c * c).astype(float)
        counts = counts.reshape(t, s, c, c)
        counts.setflags(write=False)
        return counts

    def to_distribution_runs(self) -> DistributionRuns:
        """The OQ counterpart: per topic, each system's label distribution vs the gold's."""
        counts = self.confusion_batch
        sizes = counts.sum(axis=(-2, -1))[..., None]
        estimates = counts.sum(axis=-1) / sizes
        gold = counts[:, 0].sum(axis=-2) / sizes[:, 0]
        return DistributionRuns(self.scale, self.topics, self.systems, gold, estimates)

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """What a scorer of ``family`` is called with, batched over ``(T, S)``.

        A family whose measures take confusion matrices (``"oc"``,
        ``"nominal"``): the confusion batch ``(T, S, C, C)``; one taking
        ``(system, gold)`` distributions (``"oq"``): the systems' label
        distributions ``(T, S, C)`` and the gold's ``(T, 1, C)`` (see
        :meth:`to_distribution_runs`).
        """
        if get_family(family).inputs == MATRIX_INPUTS:
            return (self.confusion_batch,)
        return self.to_distribution_runs().scorer_inputs(family)

    def select_systems(self, systems: Sequence[Hashable]) -> LabelRuns:
        """A copy restricted to some systems, in the given order."""
        index = _positions(self.systems, systems, kind="system")
        return LabelRuns(
            self.scale, self.topics, tuple(systems), self.item_topics, self.gold, self.labels[index]
        )

    @property
    def n_items(self) -> int:
        """Number of gold items ``N``."""
        return int(self.gold.shape[0])

    def __repr__(self) -> str:
        return (
            f"LabelRuns(topics={len(self.topics)}, systems={len(self.systems)}, "
            f"items={self.n_items}, labels={list(self.scale.labels)!r})"
        )


@dataclass(frozen=True, eq=False)
class DistributionRuns:
    """Per-topic gold distributions and system estimates (OQ input).

    Attributes
    ----------
    scale
        The ordered class scale.
    topics, systems
        Names, ``T`` and ``S`` of them.
    gold
        Gold distributions ``(T, C)``.
    estimates
        System estimates ``(T, S, C)``.
    """

    scale: ClassScale
    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    gold: np.ndarray
    estimates: np.ndarray

    @property
    def family(self) -> str:
        """The family whose measures score these runs by default (:func:`runs_family`)."""
        return runs_family(DISTRIBUTION_RUNS)

    def __post_init__(self) -> None:
        _store_names(self)
        t, s, c = len(self.topics), len(self.systems), self.scale.n_classes
        gold = np.array(self.gold, dtype=float)
        est = np.array(self.estimates, dtype=float)
        if gold.shape != (t, c) or est.shape != (t, s, c):
            raise DataFileError(
                f"gold must have shape (T, C) = {(t, c)} and estimates (T, S, C) = {(t, s, c)} "
                f"(got {gold.shape} and {est.shape})"
            )
        _check_probabilities(gold, "gold", self.topics, None)
        _check_probabilities(est, "estimates", self.topics, self.systems)
        _store_read_only(self, gold=gold, estimates=est)

    @classmethod
    def from_frames(
        cls,
        gold: pd.DataFrame,
        runs: Mapping[Any, pd.DataFrame],
        *,
        scale: ClassScale | Sequence[Hashable],
        tol: float = SUM_TOLERANCE,
    ) -> DistributionRuns:
        """Build from frames with a ``topic`` column and one column per class label.

        Raises
        ------
        DataFileError
            Duplicate topics, a run missing topics or with extra topics,
            probabilities that are negative or do not sum to 1 (within
            ``tol``; the run and topic are named), no run.
        UnknownLabelError
            A column that is not a class of the scale.
        """
        resolved = as_scale(scale, None)
        gold_arr, topics = _distribution_table(gold, resolved, name="gold", tol=tol)
        if not runs:
            raise DataFileError("runs must hold at least one system run (got none)")
        est = np.empty((len(topics), len(runs), resolved.n_classes))
        for col, (name, frame) in enumerate(runs.items()):
            where = f"run={name!r}"
            arr, run_topics = _distribution_table(frame, resolved, name=where, tol=tol)
            index = pd.Index(run_topics)
            _check_coverage(
                where,
                pd.Index(topics),
                index,
                must="estimate every gold topic",
                has="has",
                noun="topics",
                kind="topics",
            )
            est[:, col] = arr[index.get_indexer(list(topics))]
        return cls(resolved, topics, tuple(runs), gold_arr, est)

    def scorer_inputs(self, family: str) -> tuple[np.ndarray, ...]:
        """What a scorer of ``family`` is called with: estimates ``(T, S, C)``, gold ``(T, 1, C)``.

        Raises
        ------
        DataFileError
            For a family whose measures take other inputs, e.g. confusion
            matrices (ordinal classification), which need per-item labels
            that distributions do not hold.
        """
        inputs = get_family(family).inputs
        if inputs != DISTRIBUTION_INPUTS:
            needs = "per-item labels" if inputs == MATRIX_INPUTS else f"inputs {list(inputs)}"
            raise DataFileError(
                f"measures of family={family!r} need {needs}; these runs hold "
                f"distributions only (family {self.family!r})"
            )
        return (self.estimates, self.gold[:, None, :])

    def select_systems(self, systems: Sequence[Hashable]) -> DistributionRuns:
        """A copy restricted to some systems, in the given order."""
        index = _positions(self.systems, systems, kind="system")
        return DistributionRuns(
            self.scale, self.topics, tuple(systems), self.gold, self.estimates[:, index]
        )

    def __repr__(self) -> str:
        return (
            f"DistributionRuns(topics={len(self.topics)}, systems={len(self.systems)}, "
            f"labels={list(self.scale.labels)!r})"
        )


def _label_indices(
    scale: ClassScale,
    labels: pd.Series,
    name: str,
    ids: pd.Series | None = None,
    source: str | None = None,
) -> np.ndarray:
    """Class indices of a label column, looking each distinct label up once.

    A label outside the scale is reported with every offending label (the
    scale counts them), the source of the labels and the first item id.
    """
    codes, uniques = pd.factorize(labels, sort=False, use_na_sentinel=False)
    try:
        return scale.index_of(list(uniques), name=name)[codes]
    except UnknownLabelError:
        try:
            scale.index_of(labels.tolist(), name=name)
        except UnknownLabelError as exc:
            where = []
            if source is not None:
                where.append(f"in {source}")
            if ids is not None:
                outside = np.flatnonzero(~labels.isin(list(scale.labels)).to_numpy())
                if outside.size:
                    where.append(f"first at item id={ids.iloc[int(outside[0])]!r}")
            detail = f" ({', '.join(where)})" if where else ""
            raise UnknownLabelError(f"{exc}{detail}") from None
        raise


def _check_coverage(
    where: str,
    gold_keys: pd.Index,
    run_keys: pd.Index,
    *,
    must: str,
    has: str,
    noun: str,
    kind: str,
    topic_of: pd.Series | None = None,
) -> None:
    """Require a run to cover exactly the gold's items or topics; name what is missing or extra.

    With ``topic_of`` (the topic of each gold item) the message also names
    the topics a run leaves out entirely.
    """
    missing = gold_keys.difference(run_keys)
    extra = run_keys.difference(gold_keys)
    problems = []
    if len(missing):
        detail = ""
        if topic_of is not None:
            kept = set(topic_of.loc[gold_keys.intersection(run_keys)])
            lost = sorted(set(topic_of.loc[missing]) - kept, key=repr)
            detail = f" including every item of topics {lost[:5]!r}" if lost else ""
        problems.append(
            f"must {must}: {len(missing)} missing{detail} "
            f"(e.g. {kind} {_sample(missing.tolist())!r})"
        )
    if len(extra):
        problems.append(
            f"{has} {len(extra)} {noun} that are not in gold "
            f"(e.g. {kind} {_sample(extra.tolist())!r})"
        )
    if problems:
        raise DataFileError(f"{where} " + "; it also ".join(problems))


def _positions(known: Sequence[Hashable], wanted: Sequence[Hashable], *, kind: str) -> np.ndarray:
    lookup = {k: i for i, k in enumerate(known)}
    unknown = [w for w in wanted if w not in lookup]
    if unknown:
        raise DataFileError(
            f"unknown {kind} names {_sample(unknown)!r} (known: {list(known)[:10]!r})"
        )
    return np.array([lookup[w] for w in wanted], dtype=np.intp)


def _check_probabilities(
    arr: np.ndarray,
    name: str,
    topics: Sequence[Hashable],
    systems: Sequence[Hashable] | None,
    tol: float = SUM_TOLERANCE,
) -> None:
    def at(index: tuple[int, ...]) -> str:
        where = f"topic={topics[index[0]]!r}"
        if systems is not None and len(index) > 1:
            where = f"system={systems[index[1]]!r} " + where
        return where

    if not np.all(np.isfinite(arr)):
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(arr))[0])
        raise DataFileError(f"{name} must hold finite probabilities (got NaN or inf at {at(bad)})")
    if np.any(arr < 0):
        bad = tuple(int(i) for i in np.argwhere(arr < 0)[0])
        raise DataFileError(
            f"{name} must hold non-negative probabilities (got {float(arr[bad])!r} at {at(bad)})"
        )
    sums = arr.sum(axis=-1)
    off = np.abs(sums - 1.0) > tol
    if np.any(off):
        bad = tuple(int(i) for i in np.argwhere(off)[0])
        raise DataFileError(
            f"{name} distributions must sum to 1 (got {float(sums[bad]):.6g} at {at(bad)}; "
            f"tolerance {tol:g})"
        )


def _distribution_table(
    frame: Any, scale: ClassScale, *, name: str, tol: float
) -> tuple[np.ndarray, tuple[Hashable, ...]]:
    _require_frame(frame, name)
    if "topic" not in frame.columns:
        raise DataFileError(
            f"{name} must have a 'topic' column and one column per class "
            f"(got {list(frame.columns)!r})"
        )
    topics = frame["topic"]
    if topics.duplicated().any():
        dupes = topics[topics.duplicated()].unique().tolist()
        raise DataFileError(f"{name}: topics must be unique (got duplicates {_sample(dupes)!r})")
    class_columns = [c for c in frame.columns if c != "topic"]
    cols = scale.index_of(class_columns, name=f"{name} class columns")
    try:
        values = frame[class_columns].to_numpy(dtype=float)
    except (TypeError, ValueError) as exc:
        raise DataFileError(f"{name}: probabilities must be numbers ({exc})") from None
    arr = np.zeros((len(frame), scale.n_classes))
    arr[:, cols] = values
    _check_probabilities(arr, name, tuple(topics.tolist()), None, tol)
    # Accepted within the caller's tolerance: renormalise so that every
    # measure sees exact distributions.
    return arr / arr.sum(axis=-1, keepdims=True), tuple(topics.tolist())
