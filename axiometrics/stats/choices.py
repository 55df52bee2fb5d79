"""Case-insensitive names of tests, corrections, interval methods and alternatives."""

from __future__ import annotations

from typing import Any

from axiometrics.suggest import choose

__all__ = ["ALTERNATIVES", "check_alternative", "choose"]

#: Alternative hypotheses of the paired tests (differences ``a - b``).
ALTERNATIVES = ("two-sided", "greater", "less")

_ALTERNATIVE_ALIASES = {"two_sided": "two-sided", "two sided": "two-sided", "twosided": "two-sided"}


def check_alternative(alternative: Any) -> str:
    """The canonical alternative (case-insensitive), or :class:`InvalidParameterError`."""
    return choose("alternative", alternative, ALTERNATIVES, _ALTERNATIVE_ALIASES)
