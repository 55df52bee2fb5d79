"""What a measure states about each claim: holds, violated, or not applicable.

Examples
--------
>>> Holds(preconditions=("no_empty_gold_class",), note="Amigó et al. 2020, Appendix C")
Holds(preconditions=('no_empty_gold_class',), note='Amigó et al. 2020, Appendix C')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

__all__ = ["ClaimDeclaration", "Holds", "NotApplicable", "Violated", "When"]


@dataclass(frozen=True)
class Holds:
    """The claim holds, possibly only on inputs meeting ``preconditions``.

    Attributes
    ----------
    preconditions
        Names of registered preconditions (see :mod:`axiometrics.claims`).
    note
        Why, or where it is proved.
    """

    preconditions: tuple[str, ...] = ()
    note: str = ""

    status: Literal["holds"] = "holds"

    def __init__(self, preconditions: tuple[str, ...] | list[str] = (), note: str = "") -> None:
        object.__setattr__(self, "preconditions", tuple(preconditions))
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "status", "holds")

    def __repr__(self) -> str:
        return f"Holds(preconditions={self.preconditions!r}, note={self.note!r})"

    @property
    def label(self) -> str:
        """Short text for tables: ``"holds"`` or ``"holds if ..."``."""
        if self.preconditions:
            return "holds if " + " & ".join(self.preconditions)
        return "holds"


@dataclass(frozen=True)
class Violated:
    """The claim fails for this measure.

    Attributes
    ----------
    note
        Why, ideally with a counterexample a reader can verify.
    """

    note: str = ""

    status: Literal["violated"] = "violated"

    def __init__(self, note: str = "") -> None:
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "status", "violated")

    def __repr__(self) -> str:
        return f"Violated(note={self.note!r})"

    @property
    def label(self) -> str:
        """Short text for tables."""
        return "violated"


@dataclass(frozen=True)
class NotApplicable:
    """The claim does not speak about this measure (e.g. an OQ claim for an OC measure).

    Attributes
    ----------
    reason
        Why it does not apply.
    """

    reason: str = ""

    status: Literal["not_applicable"] = "not_applicable"

    def __init__(self, reason: str = "") -> None:
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "status", "not_applicable")

    def __repr__(self) -> str:
        return f"NotApplicable(reason={self.reason!r})"

    @property
    def label(self) -> str:
        """Short text for tables."""
        return "n/a"


ClaimDeclaration = Holds | Violated | NotApplicable


@dataclass(frozen=True)
class When:
    """Declarations that replace a measure's own where its parameters take given values.

    A measure declares its claims for its default parameters; a parameter
    that changes a verdict (chrF's ``beta = 1`` makes it symmetric, BLEU
    without smoothing scores 0 without a top-order match) says so with a
    ``When``, and :meth:`axiometrics.Measure.declaration` of the measure
    with those parameters bound gives these declarations instead.

    Attributes
    ----------
    params
        Parameter name -> value: the declarations apply where every one of
        these parameters is bound to that value (the registry validates the
        names and values against the measure's parameters).
    claims
        Claim name -> declaration, for claims the measure itself declares.

    Examples
    --------
    >>> When({"beta": 1.0}, {"symmetry": Holds(note="F1 is symmetric in P and R")}).params
    mappingproxy({'beta': 1.0})
    """

    params: Mapping[str, Any]
    claims: Mapping[str, ClaimDeclaration]

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
        object.__setattr__(self, "claims", MappingProxyType(dict(self.claims)))

    def matches(self, bound: Mapping[str, Any]) -> bool:
        """Whether every parameter of :attr:`params` is bound to its value in ``bound``."""
        return all(key in bound and bound[key] == value for key, value in self.params.items())
