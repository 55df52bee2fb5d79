"""A measure's numeric precision, and the tolerance its score comparisons get.

A measure computed in float32 (a tensor library's default) differs from the
exact result by a few float32 units in the last place, about 1e-7 relative:
far above the float64 tolerance of :mod:`axiometrics.checker.tolerance`, so
every equality claim would be "refuted" by rounding.  Its precision is part
of what the measure is:

* **declared**: ``dtype="float32"`` (:class:`~axiometrics.checker.MeasureSpec`,
  ``dtype = "float32"`` in a ``[[tool.axiometrics.measures]]`` entry,
  ``--dtype float32`` on ``axiometrics check`` and ``report --measure``), or an
  explicit ``tolerance=`` with absolute and relative parts;
* **inferred**, when neither is declared: from the floating dtype of the value
  a bare callable returns on its family's typical input (a NumPy float32
  scalar, a 0-d float32 array or tensor).  Python floats are float64.

:data:`PRECISIONS` gives the tolerance of each dtype.  The float64 rule is the
default of :class:`~axiometrics.checker.tolerance.Tolerance`.  The others
cover a result rounded to the dtype and the rounding its computation
accumulates there (pairwise sums of the checker's inputs, at most a few
thousand items), and stay below the smallest genuine first-order difference
of the strict claims (one item in about 1e4); a difference within them is
"unresolved" for the strict claims (see :meth:`Judge.compare
<axiometrics.checker.tolerance.Judge.compare>`).

=========  =========  =========  ==============================================
dtype      atol       rtol       unit roundoff (``numpy.finfo(dtype).eps``)
=========  =========  =========  ==============================================
float64    1e-13      1e-11      2.2e-16
float32    1e-6       1e-5       1.2e-7 (rtol: about 84 units in the last place)
float16    1e-3       4e-3       9.8e-4 (rtol: about 4 units)
bfloat16   8e-3       3e-2       7.8e-3 (rtol: about 4 units)
=========  =========  =========  ==============================================
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from axiometrics.checker.tolerance import Tolerance
from axiometrics.errors import InvalidParameterError
from axiometrics.suggest import closest

if TYPE_CHECKING:
    from axiometrics.checker.subject import Subject

__all__ = [
    "DEFAULT_TOLERANCE",
    "PRECISIONS",
    "ResultPrecision",
    "declared_tolerance",
    "floating_dtype",
    "resolved_tolerance",
    "tolerance_for_dtype",
]

#: The tolerance of each floating dtype a measure may compute in, finest first.
PRECISIONS: dict[str, Tolerance] = {
    "float64": Tolerance(),
    "float32": Tolerance(atol=1e-6, rtol=1e-5),
    "float16": Tolerance(atol=1e-3, rtol=4e-3),
    "bfloat16": Tolerance(atol=8e-3, rtol=3e-2),
}
_ORDER = tuple(PRECISIONS)


def tolerance_for_dtype(dtype: str, *, origin: str = "declared") -> Tolerance:
    """The tolerance of scores computed in ``dtype`` (a name of :data:`PRECISIONS`).

    ``origin`` is recorded in the tolerance (``"float32, declared"``).

    Raises
    ------
    InvalidParameterError
        For a dtype not in :data:`PRECISIONS` (with the nearest name).
    """
    if not isinstance(dtype, str) or dtype not in PRECISIONS:
        near = closest(str(dtype), list(PRECISIONS))
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise InvalidParameterError(
            f"dtype={dtype!r}: expected one of {', '.join(PRECISIONS)}{hint}"
        )
    return replace(PRECISIONS[dtype], origin=f"{dtype}, {origin}")


#: The tolerance of a measure that declares none and returns float64 scores.
DEFAULT_TOLERANCE = tolerance_for_dtype("float64", origin="the default")


def declared_tolerance(dtype: str | None, tolerance: Tolerance | None) -> Tolerance | None:
    """The tolerance a measure declares: ``tolerance``, else ``dtype``'s, else ``None``.

    Raises
    ------
    InvalidParameterError
        When both are given, or for an unknown dtype.
    """
    if dtype is not None and tolerance is not None:
        raise InvalidParameterError(
            f"dtype={dtype!r} and tolerance={tolerance!r}: give one (the dtype stands for "
            "its tolerance)"
        )
    if tolerance is not None:
        return tolerance if tolerance.origin else replace(tolerance, origin="declared")
    if dtype is not None:
        return tolerance_for_dtype(dtype)
    return None


def floating_dtype(value: Any) -> str | None:
    """The name of the floating dtype of a returned score, if it has one in :data:`PRECISIONS`.

    NumPy scalars and arrays, and tensors whose ``dtype`` prints as
    ``torch.float32``, ``float32`` or ``array_api_strict.float32``; ``None``
    for Python numbers and anything else.
    """
    dtype = getattr(value, "dtype", None)
    if dtype is None:
        return None
    name = str(getattr(dtype, "name", None) or dtype).rsplit(".", 1)[-1]
    return name if name in PRECISIONS else None


class ResultPrecision:
    """Records the least precise floating dtype among a measure's returned scores."""

    def __init__(self) -> None:
        self.least: str | None = None

    def observe(self, value: Any) -> None:
        """Note the dtype of one returned score."""
        name = floating_dtype(value)
        if name is not None and (
            self.least is None or _ORDER.index(name) > _ORDER.index(self.least)
        ):
            self.least = name

    def tolerance(self) -> Tolerance | None:
        """The tolerance of the least precise dtype seen (``None``: none, or only float64)."""
        if self.least is None or self.least == "float64":
            return None
        return tolerance_for_dtype(self.least, origin="inferred from the returned scores")


def resolved_tolerance(subject: Subject, declared: Tolerance | None) -> Tolerance:
    """The tolerance a subject's scores are judged by.

    The declared one; else the one of the least precise floating dtype the
    bare callable has returned so far (the checker calls it on its family's
    typical input first); else the float64 :data:`DEFAULT_TOLERANCE`.
    """
    if declared is not None:
        return declared
    inferred = subject.precision.tolerance() if subject.precision is not None else None
    return inferred if inferred is not None else DEFAULT_TOLERANCE
