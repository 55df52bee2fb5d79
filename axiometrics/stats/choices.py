"""Case-insensitive names of tests, corrections, interval methods and alternatives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from axiometrics.errors import InvalidParameterError
from axiometrics.suggest import closest

__all__ = ["ALTERNATIVES", "check_alternative", "choose"]

#: Alternative hypotheses of the paired tests (differences ``a - b``).
ALTERNATIVES = ("two-sided", "greater", "less")

_ALTERNATIVE_ALIASES = {"two_sided": "two-sided", "two sided": "two-sided", "twosided": "two-sided"}


def choose(
    name: str, value: Any, options: Sequence[str], aliases: Mapping[str, str] | None = None
) -> str:
    """The canonical option that ``value`` names, ignoring case.

    Parameters
    ----------
    name
        The argument's name, used in the message.
    value
        What the caller passed.
    options
        The canonical (lower-case) names.
    aliases
        Further accepted spellings (lower-case) and the option each stands for.

    Raises
    ------
    InvalidParameterError
        ``value`` is not a string or names no option; the message suggests
        the nearest options.
    """
    if isinstance(value, str):
        key = value.strip().lower()
        if key in options:
            return key
        if aliases and key in aliases:
            return aliases[key]
        known = [*options, *(aliases or {})]
        hint = [h if h in options else (aliases or {})[h] for h in closest(key, known)]
        unique = list(dict.fromkeys(hint))
        did = f"; did you mean {', '.join(repr(h) for h in unique)}?" if unique else ""
    else:
        did = ""
    raise InvalidParameterError(f"{name}={value!r}: expected one of {', '.join(options)}{did}")


def check_alternative(alternative: Any) -> str:
    """The canonical alternative (case-insensitive), or :class:`InvalidParameterError`."""
    return choose("alternative", alternative, ALTERNATIVES, _ALTERNATIVE_ALIASES)
