"""What a measure states about each claim: holds, violated, or not applicable.

Examples
--------
>>> Holds(preconditions=("no_empty_gold_class",), note="Amigó et al. 2020, Appendix C")
Holds(preconditions=('no_empty_gold_class',), note='Amigó et al. 2020, Appendix C')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["ClaimDeclaration", "Holds", "NotApplicable", "Violated"]


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
