"""When two scores are equal, and when one is strictly better: the tolerance policy.

Two scores ``a`` and ``b`` are *equal* when

    |a - b| <= atol + rtol * max(|a|, |b|)

and ``a`` is *strictly better* than ``b`` when it is better (higher for a
score, lower for an error) by more than that bound.  The same rule serves
every measure and every claim; nothing is tuned per measure.

Defaults (:data:`DEFAULT_ATOL`, :data:`DEFAULT_RTOL`) sit between two
scales.  Rounding noise of a measure computed two algebraically equal ways
(``M`` versus ``M.T``, counts versus counts times k, sums in another order)
stays below about 1e-14 relative in float64 on the checker's inputs; the
smallest genuine difference the strict claims produce is one item or one
count unit out of at most ``C^2 * 1000`` items (their generators cap counts
at 1000, see :data:`axiometrics.claims.STRICT_MAX_COUNT`), which is above
1e-10 relative even for second-order effects such as CEM^ORD's.  So
``rtol = 1e-11`` leaves three orders of magnitude on both sides, and
``atol = 1e-13`` only matters for scores within 1e-13 of zero.

A measure computed in lower precision declares it (``dtype="float32"``, see
:mod:`axiometrics.checker.precision`) or has it inferred from its results;
its tolerance is then coarser than :data:`GENUINE_DIFFERENCE` and cannot
tell a genuine tie from a genuine difference lost to rounding.  So a strict
comparison has a third outcome (:meth:`Judge.compare`): ``"better"`` or
``"worse"`` beyond the bound; ``"equal"`` within a bound finer than
:data:`GENUINE_DIFFERENCE`, or, at a coarser one, for identical scores of
inputs that differ by at least :attr:`Tolerance.tie_resolution` (relative);
``"unresolved"`` otherwise, which the strict claims treat as a case they
cannot decide at that precision (never as a counterexample).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from axiometrics.errors import InvalidParameterError

__all__ = ["DEFAULT_ATOL", "DEFAULT_RTOL", "GENUINE_DIFFERENCE", "Judge", "Relation", "Tolerance"]

#: Default absolute tolerance.
DEFAULT_ATOL = 1e-13
#: Default relative tolerance.
DEFAULT_RTOL = 1e-11
#: The smallest relative difference the strict claims' generators produce
#: between genuinely different scores (see the module docstring).
GENUINE_DIFFERENCE = 1e-10

#: How one score compares with another under a :class:`Judge`.
Relation = Literal["better", "worse", "equal", "unresolved"]


@dataclass(frozen=True)
class Tolerance:
    """The equality rule ``|a - b| <= atol + rtol * max(|a|, |b|)``.

    Attributes
    ----------
    atol
        Absolute tolerance (>= 0).
    rtol
        Relative tolerance (>= 0).
    origin
        Where it comes from, e.g. ``"float32, declared"`` (``""``: given as is).
    """

    atol: float = DEFAULT_ATOL
    rtol: float = DEFAULT_RTOL
    origin: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        for name in ("atol", "rtol"):
            value = getattr(self, name)
            if (
                not isinstance(value, int | float)
                or isinstance(value, bool)
                or not math.isfinite(value)
                or value < 0
            ):
                raise InvalidParameterError(f"{name}={value!r}: expected a finite number >= 0")

    def bound(self, a: float, b: float) -> float:
        """The largest difference still counted as equality for ``a`` and ``b``."""
        return self.atol + self.rtol * max(abs(a), abs(b))

    def equal(self, a: float, b: float) -> bool:
        """Whether ``a`` and ``b`` are equal within the tolerance."""
        return abs(a - b) <= self.bound(a, b)

    @property
    def resolves_ties(self) -> bool:
        """Whether scores equal within the bound are genuinely tied.

        True when the relative bound is finer than :data:`GENUINE_DIFFERENCE`
        (float64 and finer tolerances); a coarser one (float32) cannot tell a
        tie from a genuine difference lost to rounding.
        """
        return self.rtol < GENUINE_DIFFERENCE

    @property
    def tie_resolution(self) -> float:
        """The smallest relative input change after which identical scores are a genuine tie.

        0 when the tolerance :attr:`resolves_ties`; else ``sqrt(rtol)``: a
        score whose relative sensitivity to its inputs is at least that moves
        by more than ``rtol`` under such a change, so identical scores there
        mean an insensitive measure, not rounding.
        """
        return 0.0 if self.resolves_ties else math.sqrt(self.rtol)

    def describe(self) -> str:
        """The rule with its origin, e.g. ``|a - b| <= 1e-06 + ... (float32, inferred ...)``."""
        return f"{self} ({self.origin})" if self.origin else str(self)

    def __str__(self) -> str:
        return f"|a - b| <= {self.atol:g} + {self.rtol:g} * max(|a|, |b|)"


@dataclass(frozen=True)
class Judge:
    """Direction-aware comparisons of scores under a tolerance.

    Attributes
    ----------
    tolerance
        The equality rule.
    higher_is_better
        The measure's direction.
    optimum
        The measure's declared optimum (``None`` if it declares none).
    undefined_declared
        Whether the measure declares inputs on which it is undefined.
    """

    tolerance: Tolerance
    higher_is_better: bool
    optimum: float | None = None
    undefined_declared: bool = True

    def equal(self, a: float, b: float) -> bool:
        """``a`` equals ``b`` within the tolerance."""
        return self.tolerance.equal(a, b)

    def better(self, a: float, b: float) -> bool:
        """``a`` is strictly better than ``b``: better by more than the tolerance."""
        gain = a - b if self.higher_is_better else b - a
        return gain > self.tolerance.bound(a, b)

    def worse(self, a: float, b: float) -> bool:
        """``a`` is strictly worse than ``b``."""
        return self.better(b, a)

    def equality_margin(self, a: float, b: float) -> float:
        """``1 - |a - b| / bound``: 1 for equal scores, 0 or below once they differ."""
        return 1.0 - abs(a - b) / max(self.tolerance.bound(a, b), 1e-300)

    def strict_margin(self, a: float, b: float) -> float:
        """``gain / bound - 1`` of ``a`` over ``b``: above 0 iff ``a`` is strictly better."""
        gain = a - b if self.higher_is_better else b - a
        return gain / max(self.tolerance.bound(a, b), 1e-300) - 1.0

    def compare(self, a: float, b: float, change: Callable[[], float] | None = None) -> Relation:
        """Describe ``a`` relative to ``b`` (see the module docstring).

        ``"better"`` or ``"worse"`` by more than the bound; ``"equal"``
        within a bound that :attr:`~Tolerance.resolves_ties`, or for
        identical scores of inputs that differ by ``change()`` (relative, see
        :meth:`~axiometrics.checker.cases.Case.relative_change`; ``None``: a
        change that is always large enough) of at least
        :attr:`~Tolerance.tie_resolution`; ``"unresolved"`` otherwise: a
        coarse precision cannot tell that tie from rounding.  ``change`` is
        called only then, so a float64 comparison never computes it.
        """
        if self.better(a, b):
            return "better"
        if self.better(b, a):
            return "worse"
        if self.tolerance.resolves_ties:
            return "equal"
        if a == b and (change is None or change() >= self.tolerance.tie_resolution):
            return "equal"
        return "unresolved"
