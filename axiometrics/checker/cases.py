"""The vocabulary of claim procedures: cases, requests, observations, decisions.

A claim is checked, for one family, by a :class:`Procedure`:

* ``cases(request)`` returns a Hypothesis strategy of :class:`Case` objects:
  a small batch of the family's inputs (e.g. ``M`` and ``M.T``) with the
  class values each is scored with;
* the checker scores every entry of the case (one vectorised call) and hands
  the :class:`Observation` to ``decide(case, observation, judge)``, which
  returns a :class:`Decision`: the case satisfies the claim, contradicts it,
  or lies outside it.

A universal claim is refuted by a case that contradicts it; an existential
claim is confirmed by a case that satisfies it (a witness).  Cases violating
a requested precondition, and cases on which the measure is undefined, lie
outside the claim (unless the procedure asks to observe them, as
``well_defined`` does).

Example: a third-party claim "the score never exceeds the accuracy"::

    from hypothesis import strategies as st
    from axiometrics import strategies as ax_st
    from axiometrics.checker import Case, Decision, Procedure

    def cases(request):
        return ax_st.confusion_matrices(max_classes=request.max_classes).map(
            lambda m: Case.single((m,), names=("M",))
        )

    def decide(case, observation, judge):
        acc = case.inputs[0][0].trace() / case.inputs[0][0].sum()
        ok = observation.scores[0] <= acc + judge.tolerance.bound(acc, acc)
        return Decision.verdict(ok, f"score {observation.scores[0]:.4g} vs accuracy {acc:.4g}")

    Procedure(cases=cases, decide=decide)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from axiometrics import strategies as ax_st
from axiometrics.checker.tolerance import Judge

__all__ = ["Case", "CaseRequest", "Crash", "Decide", "Decision", "Observation", "Procedure"]


#: Largest gap between consecutive class values at arbitrary spacing.
ARBITRARY_MAX_GAP = 10


@dataclass(frozen=True)
class Case:
    """A batch of inputs scored together to test one instance of a claim.

    Attributes
    ----------
    inputs
        The family's inputs, each stacked on a leading axis of length k (the
        entries): OC ``(matrices (k, C, C),)``, OQ ``(system (k, C), gold (k, C))``.
    values
        Class values per entry ``(k, C)``.
    names
        A short name per entry, shown with a counterexample.
    info
        Further facts about the case shown with a counterexample (e.g. the
        transform applied to the class values).
    """

    inputs: tuple[np.ndarray, ...]
    values: np.ndarray
    names: tuple[str, ...]
    info: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        arrays = tuple(np.asarray(a) for a in self.inputs)
        object.__setattr__(self, "inputs", arrays)
        k = arrays[0].shape[0]
        c = arrays[0].shape[-1]
        values = np.asarray(self.values, dtype=float)
        if values.ndim == 1:
            values = np.broadcast_to(values, (k, c))
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "info", MappingProxyType(dict(self.info)))
        if len(self.names) != k or values.shape != (k, c):
            raise ValueError(
                f"a case needs one name and one value vector per entry (k={k}, C={c}; got "
                f"{len(self.names)} names and values of shape {values.shape})"
            )

    @classmethod
    def single(
        cls,
        inputs: tuple[Any, ...],
        *,
        names: tuple[str, ...] = ("x",),
        values: Any = None,
        info: Mapping[str, Any] | None = None,
    ) -> Case:
        """A case of one entry (unbatched ``inputs``; default values ``0 .. C-1``)."""
        arrays = tuple(np.asarray(a)[None, ...] for a in inputs)
        c = arrays[0].shape[-1]
        vals = np.arange(c, dtype=float) if values is None else np.asarray(values, dtype=float)
        return cls(arrays, vals, names, info or {})

    @property
    def n_entries(self) -> int:
        """The number k of inputs scored."""
        return int(self.inputs[0].shape[0])

    @property
    def n_classes(self) -> int:
        """The number of classes C."""
        return int(self.inputs[0].shape[-1])

    def entry(self, k: int) -> tuple[np.ndarray, ...]:
        """The inputs of entry ``k`` (unbatched)."""
        return tuple(a[k] for a in self.inputs)


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
    """

    family: str
    min_classes: int = 2
    max_classes: int = ax_st.DEFAULT_MAX_CLASSES
    max_count: int = ax_st.DEFAULT_MAX_COUNT
    spacing: str = "equidistant"
    preconditions: frozenset[str] = frozenset()
    integer_values: bool = False
    max_items: int | None = None

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


@dataclass(frozen=True)
class Crash:
    """An exception a measure raised, located in the code that raised it.

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

    kind: str
    message: str
    location: str
    traceback: str = ""

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
    """

    cases: Callable[[CaseRequest], st.SearchStrategy[Case]]
    decide: Decide
    observe_undefined: bool = False
    observe_crashes: bool = False
    needs_values: bool = False
    needs_optimum: bool = False
    spacing_sensitive: bool = False
    description: str = ""
