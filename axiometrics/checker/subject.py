"""The thing under test: a measure and how to score a case with it.

A :class:`Subject` wraps a registered :class:`~axiometrics.registry.Scorer`
(or one built around a bare callable, see :mod:`axiometrics.checker.callables`)
and scores the entries of a :class:`~axiometrics.checker.cases.Case` in one
call, recording undefined entries, warnings and exceptions instead of
letting them escape.  Exceptions are located in the code that raised them
(file and line), preferring the user's file for bare callables.
"""

from __future__ import annotations

import functools
import inspect
import math
import os
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

import axiometrics
from axiometrics.checker.cases import Case, Crash, Observation
from axiometrics.checker.locations import code_path, definition_site
from axiometrics.errors import InvalidInputError, SignatureRefusalError, UndefinedMeasureError
from axiometrics.family import get_family
from axiometrics.measure import Measure, Range
from axiometrics.registry import Scorer

if TYPE_CHECKING:
    from axiometrics.checker.guard import CallGuard
    from axiometrics.checker.precision import ResultPrecision

__all__ = ["Subject", "crash_from_exception"]

_PACKAGE_DIR = os.path.dirname(os.path.abspath(axiometrics.__file__))
_STDLIB_DIR = os.path.dirname(os.path.abspath(os.__file__))
#: Exceptions by which a measure refuses an input feature.
_REFUSALS = (InvalidInputError.__name__, SignatureRefusalError.__name__)


@dataclass(frozen=True)
class Subject:
    """A measure under test.

    Attributes
    ----------
    scorer
        Scores batches of the family's inputs.
    kind
        ``"registered"`` or ``"callable"``.
    values_reach_measure
        Whether the class values of a case reach the measure (a callable
        taking only a confusion matrix never sees them).
    source_file
        The file defining the measure, used to locate exceptions.
    max_count
        Largest count the generators may use (label-vector callables are
        called on expanded item lists, so their counts are capped).
    location
        ``"file:line in name"`` where the measure is defined.
    max_items
        Largest total count of one input (label-vector callables receive one
        entry per item), or ``None``.
    integer_values
        Class values reaching the measure must stay integers (label-vector
        callables: categorical metrics reject float labels), so ordinal
        invariance uses integer-valued transforms.
    guard
        The :class:`~axiometrics.checker.guard.CallGuard` of a bare callable
        (output capture, time limit), or ``None``.
    arguments
        For a bare callable: ``arguments(inputs, values) -> (args, kwargs)``,
        how one entry's inputs are passed to it (used to print a line that
        reproduces a counterexample with the user's own function).
    precision
        For a bare callable: the record of the floating dtypes of the scores
        it returned, from which an undeclared precision is inferred.
    """

    scorer: Scorer
    kind: str = "registered"
    values_reach_measure: bool = True
    source_file: str | None = None
    max_count: int | None = None
    location: str = ""
    integer_values: bool = False
    max_items: int | None = None
    guard: CallGuard | None = field(default=None, compare=False)
    arguments: Callable[..., Any] | None = field(default=None, compare=False)
    precision: ResultPrecision | None = field(default=None, compare=False)
    _unbounded: Scorer | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The same measure without its range check: claims other than
        # well_defined compare the scores the measure computes, and leave
        # range conformance to well_defined.
        rng = self.scorer.measure.range
        free = Range(-math.inf, math.inf, rng.note)
        object.__setattr__(
            self,
            "_unbounded",
            replace(self.scorer, measure=replace(self.scorer.measure, range=free)),
        )
        if not self.location:
            object.__setattr__(self, "location", _definition(self.scorer.compute))

    @property
    def measure(self) -> Measure:
        """The measure's definition (direction, range, declarations)."""
        return self.scorer.measure

    @property
    def name(self) -> str:
        """The measure's name."""
        return self.scorer.measure.name

    @functools.cached_property
    def refused_features(self) -> frozenset[str]:
        """The family's input features this measure refuses, found by scoring each probe once.

        A feature (:attr:`~axiometrics.family.Family.input_features`) is
        refused when scoring its probe raises
        :class:`~axiometrics.errors.InvalidInputError` (a call signature's
        :class:`~axiometrics.errors.SignatureRefusalError` included); any
        other outcome, a crash included, leaves it to the search.
        """
        fam = get_family(self.measure.family)
        refused = set()
        for feature, inputs in fam.input_features:
            case = Case.single(inputs, names=(feature,), class_values=fam.class_values)
            crash = self.observe(case).crash
            if crash is not None and crash.kind in _REFUSALS:
                refused.add(feature)
        return frozenset(refused)

    def observe(self, case: Case, *, enforce_range: bool = True) -> Observation:
        """Score every entry of ``case``; never raises for the measure's sake.

        Entries of one shape are scored in one vectorised call; a ragged
        case (entries of different lengths) is scored group by group, with
        the same semantics: an exception in any group is the case's crash
        (every score NaN), undefined entries are marked, and the warnings of
        every call are collected.  With ``enforce_range=False`` a score
        outside the declared range is returned as computed instead of being
        reported as a crash.
        """
        k = case.n_entries
        scorer = self.scorer if enforce_range or self._unbounded is None else self._unbounded
        scores = np.full(k, np.nan)
        undefined = np.zeros(k, dtype=bool)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for indices, inputs, values in case.groups():
                try:
                    raw, missing = _score_group(scorer, inputs, values, len(indices))
                except Exception as exc:
                    return Observation(
                        np.full(k, np.nan),
                        np.zeros(k, dtype=bool),
                        crash_from_exception(exc, prefer=self.source_file, fallback=self.location),
                        _messages(caught),
                    )
                scores[indices] = raw
                undefined[indices] = missing
        scores[undefined] = np.nan
        return Observation(scores, undefined, None, _messages(caught))


def _score_group(
    scorer: Scorer, inputs: tuple[np.ndarray, ...], values: np.ndarray | None, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """The scores ``(k,)`` of one stacked group and its undefined entries.

    The measure's exceptions (other than per-entry undefined errors) escape.
    """
    undefined = np.zeros(k, dtype=bool)
    try:
        raw = scorer(*inputs, values=values, on_undefined="raise")
    except UndefinedMeasureError as exc:
        if not exc.indices or exc.indices[0] == ():
            raise
        # The scorer fills only finite values: mark the undefined entries
        # from the error, then score the defined ones.
        undefined[[int(i[0]) for i in exc.indices]] = True
        raw = scorer(*inputs, values=values, on_undefined=0.0)
    return np.asarray(raw, dtype=float).reshape(k).copy(), undefined


def _messages(caught: list[warnings.WarningMessage]) -> tuple[str, ...]:
    return tuple(f"{w.category.__name__}: {w.message} (at {w.filename}:{w.lineno})" for w in caught)


def _frames(exc: BaseException) -> list[tuple[str, int, str, str | None]]:
    """``(filename, line, function, module)`` of the exception's frames and its causes'.

    Innermost last.

    Read from the traceback objects directly: no source line is looked up.
    """
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append(current)
        current = current.__cause__ or current.__context__
    frames: list[tuple[str, int, str, str | None]] = []
    for item in reversed(chain):
        for frame, line in traceback.walk_tb(item.__traceback__):
            code = frame.f_code
            frames.append((code.co_filename, line, code.co_name, frame.f_globals.get("__name__")))
    return frames


def _is_measure_code(filename: str) -> bool:
    """Whether a frame belongs to a measure rather than to the framework or a library."""
    path = os.path.abspath(filename)
    if path.startswith(os.path.join(_PACKAGE_DIR, "measures") + os.sep):
        return True
    if path.startswith(_PACKAGE_DIR + os.sep) or filename.startswith("<"):
        return False
    parts = path.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return False
    return not path.startswith(_STDLIB_DIR + os.sep)


def _definition(func: Callable[..., Any]) -> str:
    """``"file:line in name"`` where a function is defined, or ``""``."""
    site = definition_site(func)
    if site is None:
        return ""
    return f"{site[0]}:{site[1]} in {getattr(inspect.unwrap(func), '__name__', '?')}"


def crash_from_exception(
    exc: BaseException, *, prefer: str | None = None, fallback: str = ""
) -> Crash:
    """Describe ``exc`` with the location of the frame most useful to the measure's author.

    The innermost frame in ``prefer`` (the user's file) wins; otherwise the
    innermost frame outside the axiometrics framework (the measure's code,
    which for built-ins lives in ``axiometrics/measures``); otherwise
    ``fallback`` (where the measure is defined: a contract violation such as
    an out-of-range score is detected after the measure returned); otherwise
    the innermost frame.
    """
    frames = _frames(exc)
    chosen = None
    if prefer:
        target = os.path.abspath(prefer)
        hits = [f for f in frames if os.path.abspath(f[0]) == target]
        chosen = hits[-1] if hits else None
    if chosen is None:
        own = [f for f in frames if _is_measure_code(f[0])]
        chosen = own[-1] if own else None
    if chosen is None and not fallback and frames:
        chosen = frames[-1]
    if chosen is not None:
        filename, line, name, module = chosen
        location = f"{code_path(filename, module)}:{line} in {name}"
    elif fallback:
        location = f"{fallback} (measure defined here)"
    else:
        location = "<unknown>"
    return Crash.from_exception(exc, location)
