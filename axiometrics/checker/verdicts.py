"""Structured verdicts: what the checker found about each claim, with evidence.

A :class:`Verdict` is one of

``confirmed``
    an existential claim: a witness was found (shown);
``refuted``
    a universal claim: a counterexample was found, shrunk by Hypothesis to a
    minimal one (shown: the inputs, the class values, both scores);
``not_refuted``
    a universal claim survived N cases (N and the seed are recorded);
``not_confirmed``
    an existential claim: no witness among N cases;
``not_applicable``
    the claim does not speak about this measure (wrong family, no optimum
    declared, class values never reach it, or it is undefined on every case);
``error``
    the measure raised an exception on a case of a claim other than
    ``well_defined`` (shown with the file and line that raised), or the
    check itself raised (a claim's procedure or generator, a Hypothesis
    health check): that claim's verdict, never a stopped run (its reason
    starts with :data:`CHECK_RAISED`).

A :class:`ClaimResult` pairs the main verdict with the measure's
declaration, the extra variants the checker ran (without the declared
preconditions, at arbitrary class spacing) and the mismatch, if any.
A :class:`CheckReport` collects the results for one measure.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np

from axiometrics.checker.bounded import Bound
from axiometrics.checker.cases import Crash
from axiometrics.declarations import ClaimDeclaration, Holds, NotApplicable, Violated
from axiometrics.errors import RegistrationError
from axiometrics.family import get_family

__all__ = [
    "CHECK_RAISED",
    "CheckReport",
    "ClaimResult",
    "Entry",
    "Example",
    "Mismatch",
    "Outcome",
    "Verdict",
    "example_display",
    "format_inputs",
    "raised_text",
]


class Outcome(str, Enum):
    """The kinds of verdict."""

    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    NOT_REFUTED = "not_refuted"
    NOT_CONFIRMED = "not_confirmed"
    NOT_APPLICABLE = "not_applicable"
    ERROR = "error"

    @property
    def symbol(self) -> str:
        """A one-glyph summary for tables."""
        return _SYMBOLS[self]

    @property
    def supports_claim(self) -> bool:
        """Whether the evidence is in favour of the claim."""
        return self in (Outcome.CONFIRMED, Outcome.NOT_REFUTED)


_SYMBOLS = {
    Outcome.CONFIRMED: "✓",
    Outcome.NOT_REFUTED: "✓",
    Outcome.REFUTED: "✗",
    Outcome.NOT_CONFIRMED: "?",
    Outcome.NOT_APPLICABLE: "n/a",
    Outcome.ERROR: "!",
}


def _fraction(p: np.ndarray, limit: int = 1000) -> tuple[np.ndarray, int] | None:
    """``(counts, total)`` with ``p == counts / total`` for the smallest total <= limit."""
    totals = np.arange(1, limit + 1, dtype=float)
    scaled = p[None, :] * totals[:, None]
    # Only what float rounding of counts / total explains: a near-identical
    # counterexample (1e-9 apart) must not print as the same fraction.
    ok = np.all(np.abs(scaled - np.round(scaled)) <= 1e-12 * totals[:, None], axis=1)
    hits = np.flatnonzero(ok)
    if hits.size == 0:
        return None
    t = int(totals[hits[0]])
    return np.round(p * t).astype(np.int64), t


def _number(x: float) -> str:
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.6g}"


def format_distribution(p: np.ndarray) -> str:
    """A distribution as exact small fractions when possible: ``[1, 1, 0]/2``."""
    arr = np.asarray(p, dtype=float)
    frac = _fraction(arr)
    if frac is not None:
        counts, total = frac
        body = ", ".join(str(int(c)) for c in counts)
        return f"[{body}]" if total == 1 else f"[{body}]/{total}"
    return "[" + ", ".join(repr(float(x)) for x in arr) + "]"


def format_matrix(m: np.ndarray, indent: str = "    ") -> str:
    """A confusion matrix as text with row and column headers (rows = system)."""
    arr = np.asarray(m, dtype=float)
    c = arr.shape[0]
    cells = [[_number(float(x)) for x in row] for row in arr]
    width = max(3, *(len(x) for row in cells for x in row), len(str(c - 1)))
    head = indent + "sys\\gold " + " ".join(f"{j:>{width}}" for j in range(c))
    rows = [
        indent + f"{i:>8} " + " ".join(f"{x:>{width}}" for x in row) for i, row in enumerate(cells)
    ]
    return "\n".join([head, *rows])


@dataclass(frozen=True, eq=False)
class Entry:
    """One scored input of an example.

    Attributes
    ----------
    name
        Its role in the case (e.g. ``"M"``, ``"M.T"``).
    inputs
        The family's inputs (unbatched arrays; entries of one example may
        differ in length).
    values
        The class values it was scored with, or ``None`` for a family whose
        inputs carry no class values (e.g. scored items).
    score
        Its score, or ``None`` where the measure was undefined or raised.
    """

    name: str
    inputs: tuple[np.ndarray, ...]
    values: np.ndarray | None
    score: float | None


@dataclass(frozen=True, eq=False)
class Example:
    """A counterexample or a witness.

    Attributes
    ----------
    family
        The measure family (decides how inputs are drawn).
    entries
        The scored inputs.
    explanation
        Why the case contradicts (or confirms) the claim, with the numbers.
    info
        Further facts (e.g. the transform of the class values).
    crash
        The exception raised, for ``error`` verdicts and ``well_defined``.
    warnings
        Warnings emitted while scoring.
    smallest
        The size of the case (``"N = 2, C = 3"``) when the bounded pass
        found it: no smaller case decides the claim (in the family's size
        order); empty for a case of the random search (shrunk, not proven
        smallest).
    """

    family: str
    entries: tuple[Entry, ...]
    explanation: str = ""
    info: Mapping[str, str] = field(default_factory=dict, compare=False)
    crash: Crash | None = None
    warnings: tuple[str, ...] = ()
    smallest: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "info", dict(self.info))

    @property
    def scores(self) -> tuple[float | None, ...]:
        """The entries' scores."""
        return tuple(e.score for e in self.entries)

    @property
    def n_classes(self) -> int:
        """The length of the last axis of the first entry's first input (classes, or items)."""
        return int(np.shape(self.entries[0].inputs[0])[-1])

    def render(self, indent: str = "  ") -> str:
        """Small text rendering: matrices or distribution pairs with their scores.

        Entries may differ in length (a ragged case); entries without class
        values (families whose inputs carry none) show no values.
        """
        lines: list[str] = []
        if self.smallest:
            lines.append(f"{indent}smallest ({self.smallest}), found by the bounded pass")
        distributions = example_display(self.family) == "distributions"
        shown = [e.values for e in self.entries if e.values is not None]
        same_values = all(_same(v, shown[0]) for v in shown) if shown else True
        if shown and same_values and not _default(shown[0]):
            lines.append(f"{indent}class values: {_values(shown[0])}")
        for key, value in self.info.items():
            lines.append(f"{indent}{key}: {value}")
        for e in self.entries:
            missing = "raised" if self.crash is not None else "undefined"
            score = missing if e.score is None else f"{e.score:.10g}"
            vals = (
                "" if same_values or e.values is None else f"  (class values {_values(e.values)})"
            )
            if distributions and len(e.inputs) == 2:
                lines.append(
                    f"{indent}{e.name}: system {format_distribution(e.inputs[0])}, gold "
                    f"{format_distribution(e.inputs[1])} -> {score}{vals}"
                )
            elif len(e.inputs) == 1 and np.ndim(e.inputs[0]) == 2:
                lines.append(f"{indent}{e.name} -> {score}{vals}")
                lines.append(format_matrix(e.inputs[0], indent + "  "))
            else:
                text = format_inputs(self.family, e.inputs)
                lines.append(f"{indent}{e.name}: {text} -> {score}{vals}")
        if self.explanation:
            lines.append(f"{indent}=> {self.explanation}")
        if self.crash is not None:
            lines.append(f"{indent}raised {self.crash}")
        for w in self.warnings[:3]:
            lines.append(f"{indent}warning {w}")
        return "\n".join(lines)

    def one_line(self) -> str:
        """A compact one-line rendering for tables."""
        parts = [f"smallest ({self.smallest})"] if self.smallest else []
        distributions = example_display(self.family) == "distributions"
        for e in self.entries:
            score = "undef" if e.score is None else f"{e.score:.6g}"
            if distributions and len(e.inputs) == 2:
                parts.append(
                    f"{e.name}: D({format_distribution(e.inputs[0])}, "
                    f"{format_distribution(e.inputs[1])})={score}"
                )
            elif np.ndim(e.inputs[0]) == 2:
                rows = ";".join(
                    " ".join(_number(float(x)) for x in row) for row in np.asarray(e.inputs[0])
                )
                parts.append(f"{e.name}: [{rows}]={score}")
            else:
                # Other families' inputs (e.g. gold labels and scores): each as a vector.
                shown = ", ".join(
                    "[" + " ".join(_element(x, _number) for x in np.ravel(a)) + "]"
                    for a in e.inputs
                )
                parts.append(f"{e.name}: ({shown})={score}")
        given = [e.values for e in self.entries if e.values is not None]
        if given and (len({_values(v) for v in given}) > 1 or not _default(given[0])):
            parts.append("values " + " vs ".join(_values(v) for v in given))
        if self.crash is not None:
            parts.append(f"raised {self.crash.kind}: {self.crash.message}")
        return "; ".join(parts)


def _values(v: np.ndarray) -> str:
    return "[" + ", ".join(_number(float(x)) for x in np.asarray(v)) + "]"


def _element(x: Any, number: Callable[[float], str]) -> str:
    """One element of an input: a number through ``number``, anything else (text) as its repr.

    Families whose inputs are not numbers (the generation family's strings
    and tuples of reference strings) are shown exactly as Python literals.
    """
    if isinstance(x, numbers.Real | np.bool_):
        return number(float(x))
    return repr(x)


def _exact(x: float) -> str:
    """A number as an int when integral, else its shortest round-trip repr."""
    return str(int(x)) if math.isfinite(x) and x == int(x) and abs(x) < 1e15 else repr(x)


def example_display(family: str) -> str | None:
    """How a counterexample of ``family`` shows its inputs (:attr:`Family.example_display`).

    ``None`` for an unknown family or one without the hook: the inputs are
    shown by their shape.
    """
    try:
        return get_family(family).example_display
    except RegistrationError:
        return None


def format_inputs(family: str, inputs: tuple[np.ndarray, ...]) -> str:
    """Vector inputs named after the family's inputs: ``scores [0.5 1], gold [0 1]``.

    Numbers print exactly (integers as such, others as their shortest
    round-trip repr); inputs of an unknown family are named ``input 0 ..``.
    """
    try:
        names = get_family(family).inputs
    except RegistrationError:
        names = ()
    if len(names) != len(inputs):
        names = tuple(f"input {i}" for i in range(len(inputs)))
    return ", ".join(
        f"{label} [{' '.join(_element(x, _exact) for x in np.ravel(a))}]"
        for label, a in zip(names, inputs, strict=True)
    )


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.array_equal(np.asarray(a), np.asarray(b)))


def _default(v: np.ndarray) -> bool:
    """Whether class values are the default ``0 .. C-1``."""
    arr = np.asarray(v, dtype=float)
    return _same(arr, np.arange(arr.size, dtype=float))


@dataclass(frozen=True)
class Verdict:
    """The checker's finding about one claim under one set of preconditions and options.

    Attributes
    ----------
    claim
        The claim's name.
    measure
        The measure's name.
    outcome
        The kind of verdict.
    preconditions
        The preconditions the inputs were restricted to.
    options
        The check options (spacing, class and count bounds).
    example
        The counterexample (refuted, error) or witness (confirmed).
    n_cases
        Cases inside the claim examined (until the first counterexample, or in total).
    n_outside
        Generated cases outside the claim (precondition false, measure undefined).
    seed
        The Hypothesis seed (re-run with it to reproduce).
    profile
        The settings profile.
    seconds
        Wall time.
    reason
        Why the claim is not applicable, or what went wrong.
    label
        Which variant this is (``""`` for the main verdict).
    bound
        What the bounded pass covered before the random search (``None``:
        no bounded pass: the procedure enumerates no cases, or the bound is 0).
    tolerance
        The rule by which scores were judged equal or strictly better, with
        its origin (:meth:`~axiometrics.checker.tolerance.Tolerance.describe`).
    """

    claim: str
    measure: str
    outcome: Outcome
    preconditions: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)
    example: Example | None = None
    n_cases: int = 0
    n_outside: int = 0
    seed: int | None = None
    profile: str = ""
    seconds: float = 0.0
    reason: str = ""
    label: str = ""
    bound: Bound | None = field(default=None, compare=False)
    tolerance: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", dict(self.options))

    @property
    def exhaustive(self) -> bool:
        """Whether a bounded pass decided every case of at least one size."""
        return self.bound is not None and bool(self.bound.levels)

    def summary(self, *, timing: bool = True) -> str:
        """One line: the outcome with its evidence size (and the seed and time if ``timing``)."""
        where = f" if {' & '.join(self.preconditions)}" if self.preconditions else ""
        smallest = self.example.smallest if self.example is not None else ""
        if self.outcome is Outcome.REFUTED and smallest:
            text = f"refuted{where} (smallest counterexample, {smallest}, by the bounded pass)"
        elif self.outcome is Outcome.REFUTED:
            text = f"refuted{where} (counterexample after {self.n_cases} cases)"
        elif self.outcome is Outcome.CONFIRMED and smallest:
            text = f"confirmed{where} by a smallest witness ({smallest}, by the bounded pass)"
        elif self.outcome is Outcome.CONFIRMED:
            text = f"confirmed{where} by a witness (after {self.n_cases} cases)"
        elif self.outcome is Outcome.NOT_REFUTED:
            text = f"not refuted{where} after {self.n_cases} cases"
            if self.bound is not None and self.bound.levels:
                text += f"; holds for {self.bound.describe()}"
        elif self.outcome is Outcome.NOT_CONFIRMED:
            text = f"not confirmed{where}: no witness in {self.n_cases} cases"
            if self.bound is not None and self.bound.levels:
                text += f" nor in {self.bound.describe()}"
        elif self.outcome is Outcome.ERROR:
            text = f"error{where}: {raised_text(self.reason)}"
        else:
            text = f"not applicable: {self.reason}"
        if timing and self.outcome is not Outcome.NOT_APPLICABLE and self.seed is not None:
            text += f" [seed {self.seed}, {self.seconds:.2f}s]"
        return text


@dataclass(frozen=True)
class Mismatch:
    """A disagreement between a declaration and the checker's verdict.

    Attributes
    ----------
    kind
        ``"declared_holds_refuted"``, ``"declared_holds_error"``,
        ``"declared_holds_not_confirmed"``, ``"declared_violated_not_refuted"``
        or ``"declared_violated_confirmed"``.
    severity
        ``"error"`` when a declared property is contradicted by evidence,
        ``"warning"`` when a declared violation was not found (absence of a
        counterexample is weaker evidence).
    message
        Human-readable description.
    """

    kind: str
    severity: str
    message: str


@dataclass(frozen=True)
class ClaimResult:
    """The checker's findings about one claim for one measure.

    Attributes
    ----------
    claim
        The claim's name.
    declared
        The measure's declaration (``NotApplicable("no declaration")`` for
        undeclared claims).
    verdict
        The main verdict: under the declared preconditions for a ``Holds``
        declaration, on all inputs otherwise.
    variants
        Further verdicts: without the declared preconditions, at arbitrary
        class spacing, under requested precondition sets.
    mismatch
        The disagreement with the declaration, if any.
    notes
        Observations worth reporting (e.g. a precondition that was not needed).
    weakest_preconditions
        When the claim is refuted on all inputs: the weakest set of registered
        preconditions (one, or a conjunction of two) under which the checker
        found no counterexample, discovered by re-checking the claim under
        each precondition the counterexample violates; ``()`` when none of
        those sets helped, ``None`` when no search was run.
    discovery
        The verdicts of that search, in the order they were run.
    """

    claim: str
    declared: ClaimDeclaration
    verdict: Verdict
    variants: tuple[Verdict, ...] = ()
    mismatch: Mismatch | None = None
    notes: tuple[str, ...] = ()
    weakest_preconditions: tuple[str, ...] | None = None
    discovery: tuple[Verdict, ...] = ()

    @property
    def weakest_label(self) -> str:
        """The discovered weakest preconditions as text (``""`` if no search ran)."""
        if self.weakest_preconditions is None:
            return ""
        if not self.weakest_preconditions:
            return "none found (every candidate set is refuted too)"
        return " & ".join(self.weakest_preconditions)

    @property
    def declared_label(self) -> str:
        """The declaration as short text."""
        if isinstance(self.declared, NotApplicable) and self.declared.reason == "no declaration":
            return "undeclared"
        return self.declared.label

    def variant(self, label: str) -> Verdict | None:
        """The variant verdict with this label, if it was run."""
        for v in self.variants:
            if v.label == label:
                return v
        return None

    def under(self, preconditions: tuple[str, ...]) -> Verdict | None:
        """The verdict (main or variant) at equidistant spacing under exactly these preconditions.

        At equidistant spacing ``equidistant_values`` always holds, so it is
        ignored in the comparison.
        """
        wanted = set(preconditions) - {"equidistant_values"}
        for v in (self.verdict, *self.variants):
            if v.options.get("spacing") != "equidistant":
                continue
            if set(v.preconditions) - {"equidistant_values"} == wanted:
                return v
        return None


#: How the reason of an error verdict starts when the check itself raised, not the measure.
CHECK_RAISED = "the check itself raised"


def raised_text(reason: str, *, sep: str = "") -> str:
    """Who raised what, for an error verdict's ``reason``: the measure, or the check itself.

    ``sep``: ``""`` puts the measure's exception in parentheses, ``": "`` after a colon.
    """
    if reason.startswith(CHECK_RAISED):
        return reason
    return f"the measure raised{sep}{reason}" if sep else f"the measure raised ({reason})"


def mismatch_for(declared: ClaimDeclaration, verdict: Verdict) -> Mismatch | None:
    """Compare a declaration with the main verdict."""
    o = verdict.outcome
    if isinstance(declared, Holds):
        if o is Outcome.REFUTED:
            return Mismatch(
                "declared_holds_refuted",
                "error",
                f"declared {declared.label}, but the checker found a counterexample",
            )
        if o is Outcome.ERROR:
            return Mismatch(
                "declared_holds_error",
                "error",
                f"declared {declared.label}, but {raised_text(verdict.reason, sep=': ')}",
            )
        if o is Outcome.NOT_CONFIRMED:
            return Mismatch(
                "declared_holds_not_confirmed",
                "warning",
                f"declared {declared.label}, but no witness was found in {verdict.n_cases} cases",
            )
    if isinstance(declared, Violated):
        if o is Outcome.NOT_REFUTED:
            return Mismatch(
                "declared_violated_not_refuted",
                "warning",
                f"declared violated, but no counterexample in {verdict.n_cases} cases",
            )
        if o is Outcome.CONFIRMED:
            return Mismatch(
                "declared_violated_confirmed",
                "error",
                "declared violated, but the checker found a witness",
            )
    return None


#: Columns of :meth:`CheckReport.to_records` and :meth:`CheckReport.to_frame`.
RECORD_COLUMNS = (
    "measure",
    "claim",
    "variant",
    "declared",
    "outcome",
    "preconditions",
    "spacing",
    "n_cases",
    "n_outside",
    "seed",
    "seconds",
    "mismatch",
    "counterexample",
    "reason",
    "bound",
    "bound_cases",
    "tolerance",
)


@dataclass(frozen=True)
class CheckReport:
    """Everything the checker found about one measure.

    Attributes
    ----------
    measure
        The measure's name.
    title
        Its display title.
    family
        Its family.
    kind
        ``"registered"`` or ``"callable"``.
    results
        One :class:`ClaimResult` per claim checked.
    profile
        The settings profile.
    seed
        The seed used for every claim.
    tolerance
        The equality rule, as text.
    seconds
        Total wall time.
    notes
        Observations about the run (e.g. what a callable printed).
    strict
        Whether a declared violation that was not found also fails the check.
    """

    measure: str
    title: str
    family: str
    kind: str
    results: tuple[ClaimResult, ...]
    profile: str
    seed: int
    tolerance: str
    seconds: float
    notes: tuple[str, ...] = ()
    strict: bool = False

    def result(self, claim: str) -> ClaimResult:
        """The result for ``claim`` (``KeyError`` if it was not checked)."""
        for r in self.results:
            if r.claim == claim:
                return r
        raise KeyError(claim)

    def verdict(self, claim: str) -> Verdict:
        """The main verdict for ``claim``."""
        return self.result(claim).verdict

    @property
    def mismatches(self) -> tuple[ClaimResult, ...]:
        """Results whose verdict disagrees with the declaration."""
        return tuple(r for r in self.results if r.mismatch is not None)

    @property
    def failed(self) -> bool:
        """Whether the check fails: the exit status of ``axiometrics check`` is 1 exactly then.

        It fails when a declared (or expected) property is contradicted by
        evidence, when any verdict of any claim (main or variant) is an
        error, and, with ``strict``, when a declared violation was not found.
        """
        return any(self._fails(r) for r in self.results)

    def _fails(self, r: ClaimResult) -> bool:
        if r.mismatch is not None and (self.strict or r.mismatch.severity == "error"):
            return True
        return any(v.outcome is Outcome.ERROR for v in (r.verdict, *r.variants))

    @property
    def failures(self) -> tuple[str, ...]:
        """The claims that make the check fail (see :attr:`failed`)."""
        return tuple(r.claim for r in self.results if self._fails(r))

    def to_frame(self) -> Any:
        """The verdicts as a pandas DataFrame, one row per claim and variant.

        Columns (in order): ``measure``, ``claim``, ``variant`` (``"main"`` or
        the variant's label), ``declared`` (the declaration or
        ``"undeclared"``), ``outcome`` (an :class:`Outcome` value),
        ``preconditions`` (joined with ``" & "``), ``spacing``, ``n_cases``,
        ``n_outside``, ``seed``, ``seconds``, ``mismatch`` (the kind, on the
        main row only), ``counterexample`` (one line), ``reason``.
        """
        import pandas as pd

        return pd.DataFrame.from_records(self.to_records(), columns=list(RECORD_COLUMNS))

    def to_records(self) -> list[dict[str, Any]]:
        """One flat dict per verdict (main and variants), for data frames and CSV."""
        rows = []
        for r in self.results:
            for v in (r.verdict, *r.variants):
                rows.append(
                    {
                        "measure": self.measure,
                        "claim": r.claim,
                        "variant": v.label or "main",
                        "declared": r.declared_label,
                        "outcome": v.outcome.value,
                        "preconditions": " & ".join(v.preconditions),
                        "spacing": v.options.get("spacing", ""),
                        "n_cases": v.n_cases,
                        "n_outside": v.n_outside,
                        "seed": v.seed,
                        "seconds": v.seconds,
                        "mismatch": r.mismatch.kind if (r.mismatch and not v.label) else "",
                        "counterexample": v.example.one_line() if v.example else "",
                        "reason": v.reason,
                        "bound": v.bound.reached if v.bound is not None else "",
                        "bound_cases": v.bound.n_cases if v.bound is not None else 0,
                        "tolerance": v.tolerance,
                    }
                )
        return rows

    def render(self, *, examples: bool = True) -> str:
        """A readable multi-line report."""
        lines = [
            f"{self.title} ({self.measure}, family {self.family}, {self.kind}): profile "
            f"{self.profile}, seed {self.seed}, equality {self.tolerance}"
        ]
        for r in self.results:
            flag = ""
            if r.mismatch is not None:
                flag = "  <-- MISMATCH" if r.mismatch.severity == "error" else "  <-- check"
            lines.append(
                f"{r.verdict.outcome.symbol:>3} {r.claim}: {r.verdict.summary()}; "
                f"declared: {r.declared_label}{flag}"
            )
            if r.mismatch is not None:
                lines.append(f"      {r.mismatch.message}")
            if examples and r.verdict.example is not None:
                lines.append(r.verdict.example.render(indent="      "))
            for v in r.variants:
                lines.append(f"      [{v.label}] {v.summary()}")
                if examples and v.example is not None and v.outcome is Outcome.REFUTED:
                    lines.append(v.example.render(indent="        "))
            if r.weakest_preconditions is not None:
                lines.append(f"      weakest precondition found: {r.weakest_label}")
            for note in r.notes:
                lines.append(f"      note: {note}")
        for note in self.notes:
            lines.append(f"note: {note}")
        lines.append(f"({self.seconds:.1f}s)")
        return "\n".join(lines)
