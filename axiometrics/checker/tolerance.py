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
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from axiometrics.errors import InvalidParameterError

__all__ = ["DEFAULT_ATOL", "DEFAULT_RTOL", "Judge", "Tolerance"]

#: Default absolute tolerance.
DEFAULT_ATOL = 1e-13
#: Default relative tolerance.
DEFAULT_RTOL = 1e-11


@dataclass(frozen=True)
class Tolerance:
    """The equality rule ``|a - b| <= atol + rtol * max(|a|, |b|)``.

    Attributes
    ----------
    atol
        Absolute tolerance (>= 0).
    rtol
        Relative tolerance (>= 0).
    """

    atol: float = DEFAULT_ATOL
    rtol: float = DEFAULT_RTOL

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

    def compare(self, a: float, b: float) -> str:
        """Describe ``a`` relative to ``b``: ``"better"``, ``"worse"`` or ``"equal"``."""
        if self.better(a, b):
            return "better"
        if self.better(b, a):
            return "worse"
        return "equal"
