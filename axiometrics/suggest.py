"""Nearest-name suggestions for "did you mean ...?" messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence

from axiometrics.errors import InvalidParameterError

__all__ = ["choose", "closest", "unknown_choice"]


def closest(name: str, options: Iterable[str], *, limit: int = 3) -> list[str]:
    """Return up to ``limit`` options closest to ``name`` (case-insensitive), best first."""
    opts = list(options)
    lowered = {o.lower(): o for o in opts}
    key = name.lower()
    hits = difflib.get_close_matches(key, list(lowered), n=limit, cutoff=0.6)
    # A name that is a prefix or contained in an option is a strong hint too.
    extra = [o for low, o in lowered.items() if key and (low.startswith(key) or key in low)]
    out: list[str] = []
    for cand in [lowered[h] for h in hits] + extra:
        if cand not in out:
            out.append(cand)
    return out[:limit]


def unknown_choice(
    argument: str,
    value: object,
    choices: Sequence[str],
    aliases: Mapping[str, str] | None = None,
) -> str:
    """``argument='ordnial': expected one of ...; did you mean 'ordinal'?``.

    Parameters
    ----------
    argument
        How the user named the option (``level`` or ``--level``); empty for
        none.
    value
        The value given.
    choices
        The valid values.
    aliases
        Further accepted spellings and the choice each stands for: a hint
        that matches an alias suggests its choice.
    """
    if isinstance(value, str):
        known = [*choices, *(aliases or {})]
        found = [h if h in choices else (aliases or {})[h] for h in closest(value.strip(), known)]
        hints = list(dict.fromkeys(found))
    else:
        hints = []
    hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
    name = f"{argument}={value!r}" if argument else repr(value)
    return f"{name}: expected one of {', '.join(choices)}{hint}"


def choose(
    argument: str,
    value: object,
    choices: Sequence[str],
    aliases: Mapping[str, str] | None = None,
) -> str:
    """The choice ``value`` names, compared without regard to case and surrounding blanks.

    Parameters
    ----------
    argument
        The option's name, for the message.
    value
        The value given.
    choices
        The valid values (lower case).
    aliases
        Further accepted spellings (lower case) and the choice each stands for.

    Returns
    -------
    str
        The matching entry of ``choices``.

    Raises
    ------
    InvalidParameterError
        ``value`` is not a string or matches no choice (the message lists the
        nearest names).
    """
    if isinstance(value, str):
        key = value.strip().lower()
        if key in choices:
            return key
        if aliases and key in aliases:
            return aliases[key]
    raise InvalidParameterError(unknown_choice(argument, value, choices, aliases))
