"""The vocabulary of claim procedures: cases, requests, observations, decisions.

A claim is checked, for one family, by a :class:`Procedure`:

* ``cases(request)`` returns a Hypothesis strategy of :class:`Case` objects:
  a small batch of the family's inputs (e.g. ``M`` and ``M.T``) with the
  class values each is scored with (none for a family whose inputs carry
  no class values); entries may differ in length (a *ragged* case);
* the checker scores every entry of the case (one vectorised call per shape) and hands
  the :class:`Observation` to ``decide(case, observation, judge)``, which
  returns a :class:`Decision`: the case satisfies the claim, contradicts it,
  or lies outside it.

A universal claim is refuted by a case that contradicts it; an existential
claim is confirmed by a case that satisfies it (a witness).  Cases violating
a requested precondition, and cases on which the measure is undefined, lie
outside the claim (unless the procedure asks to observe them, as
``well_defined`` does).

Example: a third-party claim "the score never exceeds the accuracy"::

    from axiometrics.checker import Case, Decision, Procedure
    from axiometrics.measures.oc.strategies import confusion_matrices

    def cases(request):
        return confusion_matrices(max_classes=request.max_classes).map(
            lambda m: Case.single((m,), names=("M",))
        )

    def decide(case, observation, judge):
        acc = case.inputs[0][0].trace() / case.inputs[0][0].sum()
        ok = observation.scores[0] <= acc + judge.tolerance.bound(acc, acc)
        return Decision.verdict(ok, f"score {observation.scores[0]:.4g} vs accuracy {acc:.4g}")

    Procedure(cases=cases, decide=decide)
"""

from __future__ import annotations

import math
import traceback as _traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.tolerance import Judge
from axiometrics.errors import ScoreOutOfRangeError, SignatureRefusalError, UndeclaredNaNError

__all__ = [
    "Case",
    "CaseRequest",
    "Crash",
    "Decide",
    "Decision",
    "Enumerate",
    "Level",
    "Observation",
    "Procedure",
    "Size",
    "size_label",
]


#: Largest gap between consecutive class values at arbitrary spacing.
ARBITRARY_MAX_GAP = 10


@dataclass(frozen=True)
class Case:
    """A batch of inputs scored together to test one instance of a claim.

    Entries of the same shape are stacked on a leading axis (the fast path:
    one vectorised call scores them all).  Entries whose inputs differ in
    length (e.g. an item list and the same list with some items repeated)
    form a *ragged* case: ``inputs`` is then a tuple of per-entry tuples,
    and the checker scores the entries grouped by shape.  Build either with
    :meth:`from_entries`, which stacks when it can.

    Attributes
    ----------
    inputs
        The family's inputs, each stacked on a leading axis of length k (the
        entries): OC ``(matrices (k, C, C),)``, OQ ``(system (k, C), gold (k, C))``;
        or, for a ragged case, one tuple of unbatched inputs per entry:
        ``((scores (n0,), gold (n0,)), (scores (n1,), gold (n1,)))``.
    values
        Class values per entry ``(k, C)`` (a ``(C,)`` vector is broadcast to
        every entry; a ragged case takes one vector per entry), or ``None``
        for families whose inputs carry no class values
        (:attr:`axiometrics.family.Family.class_values` is false, e.g.
        scored items).
    names
        A short name per entry, shown with a counterexample.
    info
        Further facts about the case shown with a counterexample (e.g. the
        transform applied to the class values).
    """

    inputs: tuple[Any, ...]
    values: Any
    names: tuple[str, ...]
    info: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ragged = bool(self.inputs) and all(isinstance(x, tuple) for x in self.inputs)
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "info", MappingProxyType(dict(self.info)))
        if ragged:
            entries = tuple(tuple(np.asarray(a) for a in e) for e in self.inputs)
            object.__setattr__(self, "inputs", entries)
            k = len(entries)
            sizes = {len(e) for e in entries}
            if len(sizes) != 1:
                raise ValueError(
                    f"every entry of a ragged case needs the same number of inputs (got "
                    f"{sorted(sizes)})"
                )
            object.__setattr__(self, "values", self._ragged_values(entries))
        else:
            arrays = tuple(np.asarray(a) for a in self.inputs)
            object.__setattr__(self, "inputs", arrays)
            k = arrays[0].shape[0]
            c = arrays[0].shape[-1]
            if self.values is not None:
                values = np.asarray(self.values, dtype=float)
                if values.ndim == 1:
                    values = np.broadcast_to(values, (k, c))
                object.__setattr__(self, "values", values)
                if values.shape != (k, c):
                    raise ValueError(
                        f"a case needs one value vector per entry (k={k}, C={c}; got values "
                        f"of shape {values.shape})"
                    )
        if len(self.names) != k:
            raise ValueError(
                f"a case needs one name per entry (k={k}; got {len(self.names)} names)"
            )

    def _ragged_values(
        self, entries: tuple[tuple[np.ndarray, ...], ...]
    ) -> tuple[np.ndarray, ...] | None:
        if self.values is None:
            return None
        if isinstance(self.values, np.ndarray) and self.values.ndim == 1:
            per_entry: tuple[Any, ...] = (self.values,) * len(entries)
        else:
            per_entry = tuple(self.values)
        if len(per_entry) != len(entries):
            raise ValueError(
                f"a ragged case needs one value vector per entry (k={len(entries)}; got "
                f"{len(per_entry)})"
            )
        out = tuple(np.asarray(v, dtype=float) for v in per_entry)
        for e, v in zip(entries, out, strict=True):
            if v.shape != (e[0].shape[-1],):
                raise ValueError(
                    f"class values of shape {v.shape} do not match an entry with "
                    f"C={e[0].shape[-1]} classes"
                )
        return out

    @classmethod
    def single(
        cls,
        inputs: tuple[Any, ...],
        *,
        names: tuple[str, ...] = ("x",),
        values: Any = None,
        info: Mapping[str, Any] | None = None,
        class_values: bool = True,
    ) -> Case:
        """A case of one entry (unbatched ``inputs``).

        The class values default to ``0 .. C-1``; with ``class_values=False``
        (a family whose inputs carry none) the case has no values.
        """
        arrays = tuple(np.asarray(a)[None, ...] for a in inputs)
        c = arrays[0].shape[-1]
        if not class_values:
            vals = None
        elif values is None:
            vals = np.arange(c, dtype=float)
        else:
            vals = np.asarray(values, dtype=float)
        return cls(arrays, vals, names, info or {})

    @classmethod
    def from_entries(
        cls,
        entries: Sequence[tuple[Any, ...]],
        names: Sequence[str],
        *,
        values: Any = None,
        info: Mapping[str, Any] | None = None,
    ) -> Case:
        """A case of the given unbatched entries, stacked when their shapes agree.

        Parameters
        ----------
        entries
            One tuple of the family's unbatched inputs per entry.
        names
            One name per entry.
        values
            ``None`` (no class values), one ``(C,)`` vector for every entry,
            or one vector per entry.
        info
            Facts shown with a counterexample.
        """
        per_entry = tuple(tuple(np.asarray(a) for a in e) for e in entries)
        shapes = {tuple(a.shape for a in e) for e in per_entry}
        if len(shapes) == 1:
            stacked = tuple(np.stack(arrays) for arrays in zip(*per_entry, strict=True))
            if values is not None and not (isinstance(values, np.ndarray) and values.ndim == 1):
                values = np.stack([np.asarray(v, dtype=float) for v in values])
            return cls(stacked, values, tuple(names), info or {})
        return cls(per_entry, values, tuple(names), info or {})

    @property
    def ragged(self) -> bool:
        """Whether the entries' inputs differ in shape (``inputs`` holds one tuple per entry)."""
        return isinstance(self.inputs[0], tuple)

    @property
    def n_entries(self) -> int:
        """The number k of inputs scored."""
        if self.ragged:
            return len(self.inputs)
        return int(self.inputs[0].shape[0])

    @property
    def n_classes(self) -> int:
        """The length of the last axis of the first input (of entry 0 in a ragged case).

        The number of classes C for families with class values; for other
        families, the size of that axis (e.g. the number of items).
        """
        first = self.inputs[0][0] if self.ragged else self.inputs[0]
        return int(np.shape(first)[-1])

    def entry(self, k: int) -> tuple[np.ndarray, ...]:
        """The inputs of entry ``k`` (unbatched)."""
        if self.ragged:
            return tuple(self.inputs[k])
        return tuple(a[k] for a in self.inputs)

    def relative_change(self, i: int, j: int) -> float:
        """How far entry ``j``'s inputs (and class values) lie from entry ``i``'s.

        The largest ``max |a_j - a_i| / max(|a_i|, |a_j|)`` over the input
        arrays: 0 for identical entries, ``inf`` when shapes differ or an
        array is all zero on one side.  A strict comparison at a coarse
        precision uses it to tell a genuine tie from a change too small for
        that precision (:meth:`~axiometrics.checker.tolerance.Judge.compare`).
        """
        arrays = list(zip(self.entry(i), self.entry(j), strict=True))
        values = (self.entry_values(i), self.entry_values(j))
        if values[0] is not None and values[1] is not None:
            arrays.append((values[0], values[1]))
        change = 0.0
        for first, second in arrays:
            a = np.asarray(first, dtype=float)
            b = np.asarray(second, dtype=float)
            if a.shape != b.shape:
                return math.inf
            with np.errstate(over="ignore", invalid="ignore"):
                diff = float(np.max(np.abs(a - b), initial=0.0))
            if diff == 0.0:
                continue
            scale = max(
                float(np.max(np.abs(a), initial=0.0)), float(np.max(np.abs(b), initial=0.0))
            )
            if not (math.isfinite(diff) and scale > 0.0 and math.isfinite(scale)):
                return math.inf
            change = max(change, diff / scale)
        return change

    def entry_values(self, k: int) -> np.ndarray | None:
        """The class values of entry ``k``, or ``None`` when the case has none."""
        if self.values is None:
            return None
        return np.asarray(self.values[k])

    def satisfies(self, predicate: Callable[..., Any]) -> bool:
        """Whether a precondition's vectorised predicate holds for every entry.

        ``predicate(*inputs, values=values)`` is called once per group of
        entries of one shape (once for a stacked case).
        """
        return all(
            bool(np.all(predicate(*inputs, values=values))) for _, inputs, values in self.groups()
        )

    def groups(self) -> list[tuple[np.ndarray, tuple[np.ndarray, ...], np.ndarray | None]]:
        """The entries grouped by shape, each group stacked for one vectorised call.

        Returns
        -------
        list
            ``(indices, inputs, values)`` per group: the entries' positions,
            their inputs stacked on a leading axis, and their class values
            ``(len(indices), C)`` or ``None``.  A stacked case is one group.
        """
        k = self.n_entries
        if not self.ragged:
            return [(np.arange(k), tuple(self.inputs), self.values)]
        by_shape: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        for i, e in enumerate(self.inputs):
            by_shape.setdefault(tuple(a.shape for a in e), []).append(i)
        out = []
        for members in by_shape.values():
            arrays = tuple(
                np.stack(group) for group in zip(*(self.inputs[i] for i in members), strict=True)
            )
            vals = None
            if self.values is not None:
                vals = np.stack([self.values[i] for i in members])
            out.append((np.asarray(members), arrays, vals))
        return out


@dataclass(frozen=True)
class CaseRequest:
    """What a procedure's case generator must produce.

    Attributes
    ----------
    family
        The measure family.
    min_classes, max_classes
        Bounds on the number of classes.
    max_count
        Largest count of one cell or bin.
    spacing
        ``"equidistant"`` (values ``0 .. C-1``) or ``"arbitrary"``.
    preconditions
        Names of the preconditions the checker will enforce on every entry;
        a generator may use them to steer its draws (they are enforced anyway).
    integer_values
        Class values (and their transforms) must be integers: the measure
        receives them as labels of a categorical metric.
    max_items
        Largest total count of one input (``None``: no bound beyond
        ``max_count`` per cell); set for measures called on item lists.
    refused_features
        Names of the family's input features
        (:attr:`~axiometrics.family.Family.input_features`) the measure
        refuses: a generator should not draw them, except for the claims
        about the feature itself (whose cases then lie outside the claim).
    """

    family: str
    min_classes: int = 2
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES
    max_count: int = ax_st.DEFAULT_MAX_COUNT
    spacing: str = "equidistant"
    preconditions: frozenset[str] = frozenset()
    integer_values: bool = False
    max_items: int | None = None
    refused_features: frozenset[str] = frozenset()

    @classmethod
    def from_options(cls, family: str, options: Mapping[str, Any], **extra: Any) -> CaseRequest:
        """The request a claim's check options ask for, plus ``extra`` fields.

        ``options`` holds ``min_classes``, ``max_classes``, ``max_count`` and
        ``spacing`` (see :data:`axiometrics.claims.CLAIM_OPTIONS`).
        """
        return cls(
            family=family,
            min_classes=int(options["min_classes"]),
            max_classes=int(options["max_classes"]),
            max_count=int(options["max_count"]),
            spacing=str(options["spacing"]),
            **extra,
        )

    def n_classes(self, *, at_least: int = 2) -> st.SearchStrategy[int]:
        """The number of classes, drawn first so that it shrinks first."""
        lo = max(self.min_classes, at_least)
        hi = max(self.max_classes, lo)
        return st.integers(lo, hi)

    def values(self, n_classes: int) -> st.SearchStrategy[np.ndarray]:
        """Class values for ``n_classes`` classes under the requested spacing.

        Arbitrary spacing uses integer gaps ``1 .. ARBITRARY_MAX_GAP``: unequal
        enough to break properties that rely on equal spacing, and bounded
        so that one-item effects stay resolvable under the tolerance.
        """
        if self.spacing == "equidistant":
            return st.just(np.arange(n_classes, dtype=float))
        return ax_st.class_values(
            n_classes=n_classes, spacing="arbitrary", max_gap=ARBITRARY_MAX_GAP, fractional=False
        )

    def wants(self, name: str) -> bool:
        """Whether precondition ``name`` is requested."""
        return name in self.preconditions

    def refuses(self, feature: str) -> bool:
        """Whether the measure refuses input feature ``feature`` (see ``refused_features``)."""
        return feature in self.refused_features


class Crash:
    """An exception a measure raised, located in the code that raised it.

    Immutable; equal when the four attributes are.  A crash made by
    :meth:`from_exception` formats its traceback only when it is read: the
    checker meets many exceptions that only put a case outside a claim (a
    refused input), and formatting each would cost more than the case.

    Attributes
    ----------
    kind
        The exception class name.
    message
        ``str(exception)``.
    location
        ``"file:line in function"`` of the innermost frame in the user's
        code (or the measure's module), so the user knows where to look.
    traceback
        The formatted traceback.
    """

    __slots__ = ("_exception", "_traceback", "kind", "location", "message")

    kind: str
    message: str
    location: str
    _traceback: str
    _exception: BaseException | None

    def __init__(self, kind: str, message: str, location: str, traceback: str = "") -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "_traceback", traceback)
        object.__setattr__(self, "_exception", None)

    @classmethod
    def from_exception(cls, exc: BaseException, location: str) -> Crash:
        """The crash of ``exc`` raised at ``location``; its traceback is formatted when read."""
        crash = cls(type(exc).__name__, str(exc), location)
        object.__setattr__(crash, "_exception", exc)
        return crash

    @property
    def traceback(self) -> str:
        """The formatted traceback (``""`` when none was given)."""
        exc = self._exception
        if exc is not None:
            text = "".join(_traceback.format_exception(type(exc), exc, exc.__traceback__))
            object.__setattr__(self, "_traceback", text)
            # Drop the exception: it holds the frames, and with them the inputs.
            object.__setattr__(self, "_exception", None)
        return str(self._traceback)

    def _key(self) -> tuple[str, str, str, str]:
        return (self.kind, self.message, self.location, self.traceback)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Crash is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Crash is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Crash):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with its text: a traceback does not pickle, and a worker's
        # crash is read in the parent process.
        return (Crash, self._key())

    def __repr__(self) -> str:
        return (
            f"Crash(kind={self.kind!r}, message={self.message!r}, location={self.location!r}, "
            f"traceback={self.traceback!r})"
        )

    def __str__(self) -> str:
        return f"{self.kind}: {self.message} (at {self.location})"


@dataclass(frozen=True)
class Observation:
    """The scores of a case's entries.

    Attributes
    ----------
    scores
        ``(k,)`` floats; NaN where the measure is undefined or crashed.
    undefined
        ``(k,)`` booleans: the measure raised its "undefined" error there.
    crash
        The exception the measure raised on the batch, if any.
    warnings
        Warning messages emitted while scoring.
    """

    scores: np.ndarray
    undefined: np.ndarray
    crash: Crash | None = None
    warnings: tuple[str, ...] = ()

    @property
    def undeclared_nan(self) -> bool:
        """Whether the measure returned NaN on an input it does not declare undefined.

        (:class:`~axiometrics.errors.UndeclaredNaNError`: a finding of
        ``well_defined``; the other claims leave the case out.)
        """
        return self.crash is not None and self.crash.kind == UndeclaredNaNError.__name__

    @property
    def well_defined_finding(self) -> bool:
        """Whether the measure broke its declared contract on a defined input.

        An undeclared NaN (:class:`~axiometrics.errors.UndeclaredNaNError`) or
        a score outside the declared range
        (:class:`~axiometrics.errors.ScoreOutOfRangeError`): a finding of
        ``well_defined``, which every other claim leaves out (one cause fails
        one item).
        """
        return self.crash is not None and self.crash.kind in (
            UndeclaredNaNError.__name__,
            ScoreOutOfRangeError.__name__,
        )

    @property
    def refused_by_signature(self) -> bool:
        """Whether the callable's call signature could not pass the case.

        (:class:`~axiometrics.errors.SignatureRefusalError`, e.g. weights for a
        callable that takes none): the case lies outside the callable's domain,
        for every claim and reference comparison, never a failure.
        """
        return self.crash is not None and self.crash.kind == SignatureRefusalError.__name__


@dataclass(frozen=True)
class Decision:
    """What one case says about a claim.

    Attributes
    ----------
    status
        ``"holds"`` (the case satisfies the claim), ``"fails"`` (it
        contradicts it) or ``"outside"`` (the claim does not speak about it).
    explanation
        One sentence with the numbers, shown with a counterexample or witness.
    entries
        Indices of the entries that make the point, shown with the example
        (``None``: all of them).  A case that decides a claim over many
        entries at once (e.g. every pair of one-hot estimates) shows the
        offending pair only.
    margin
        How far the case is from contradicting the claim, in units of the
        tolerance bound (``None``: not measured): for an equality claim
        ``1 - |a - b| / bound``, for a strict claim ``gain / bound - 1``.
        Zero or below means the case contradicts the claim.  The runner
        reports it to :func:`hypothesis.target`, so the search climbs toward
        the boundary instead of sampling blindly.
    """

    status: Literal["holds", "fails", "outside"]
    explanation: str = ""
    entries: tuple[int, ...] | None = None
    margin: float | None = None

    @classmethod
    def verdict(
        cls,
        ok: bool,
        explanation: str = "",
        entries: tuple[int, ...] | None = None,
        margin: float | None = None,
    ) -> Decision:
        """``holds`` if ``ok`` else ``fails``."""
        return cls("holds" if ok else "fails", explanation, entries, margin)

    @classmethod
    def outside(cls, explanation: str = "") -> Decision:
        """The case lies outside the claim."""
        return cls("outside", explanation)


#: The signature of a procedure's decision rule.
Decide = Callable[[Case, Observation, Judge], Decision]

#: The size of an enumerated level: ``(name, value)`` pairs, the first growing fastest.
Size = tuple[tuple[str, int], ...]


def size_label(size: Size) -> str:
    """``(("N", 2), ("C", 3))`` as ``"N = 2, C = 3"``."""
    return ", ".join(f"{name} = {value}" for name, value in size)


@dataclass(frozen=True)
class Level:
    """Every case of one size: one step of a procedure's bounded enumeration.

    Attributes
    ----------
    size
        The size, as ``(name, value)`` pairs (``(("N", 2), ("C", 3))``: two
        items, three classes); the first name is the one that grows fastest
        in the family's order.
    cases
        ``cases() -> iterable of Case``: every case of the claim at this size
        (for a relational claim, every related pair or tuple), produced
        lazily so that a level the budget does not reach costs nothing.
    count
        How many cases :attr:`cases` yields, when known in advance: a level
        larger than what is left of the budget is then not started.
    """

    size: Size
    cases: Callable[[], Iterable[Case]]
    count: int | None = None

    @property
    def label(self) -> str:
        """``"N = 2, C = 3"``."""
        return size_label(self.size)


#: The signature of a procedure's enumerator: the levels for a request, smallest first.
Enumerate = Callable[["CaseRequest"], Iterable[Level]]


@dataclass(frozen=True)
class Procedure:
    """How to check one claim on one family.

    Attributes
    ----------
    cases
        ``cases(request) -> SearchStrategy[Case]``.
    decide
        ``decide(case, observation, judge) -> Decision``.
    observe_undefined
        Pass cases with undefined entries to ``decide`` (otherwise they lie
        outside the claim).
    observe_crashes
        Pass cases on which the measure raised to ``decide`` (otherwise the
        check stops with an *error* verdict naming the exception).
    needs_values
        The claim is about class values: not applicable to a callable that
        never receives them.
    needs_optimum
        The claim is about the measure's optimum: not applicable when the
        measure declares none.
    spacing_sensitive
        Worth re-checking at arbitrary class spacing (the checker adds that
        variant for measures that use class values).
    description
        What the generator draws, for reports.
    enumerate
        ``enumerate(request) -> iterable of Level``: every case of the claim
        in increasing size, for the bounded pass
        (:mod:`axiometrics.checker.bounded`), which decides them with
        ``decide`` before the random search; ``None``: the claim is only
        searched at random.  An enumerator may be endless (the pass stops at
        its case budget); it must yield each size once, smallest first, and
        only cases the strategy of ``cases`` could also produce.
    """

    cases: Callable[[CaseRequest], st.SearchStrategy[Case]]
    decide: Decide
    observe_undefined: bool = False
    observe_crashes: bool = False
    needs_values: bool = False
    needs_optimum: bool = False
    spacing_sensitive: bool = False
    description: str = ""
    enumerate: Enumerate | None = None
