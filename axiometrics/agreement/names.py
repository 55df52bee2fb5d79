"""Messages for an unknown option value, with the nearest valid names."""

from __future__ import annotations

from collections.abc import Sequence

from axiometrics.suggest import closest

__all__ = ["unknown_choice"]


def unknown_choice(argument: str, value: object, choices: Sequence[str]) -> str:
    """``argument='ordnial': expected one of ...; did you mean 'ordinal'?``.

    Parameters
    ----------
    argument
        How the user named the option (``level`` or ``--level``).
    value
        The value given.
    choices
        The valid values.
    """
    hints = closest(str(value), choices)
    hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
    name = f"{argument}={value!r}" if argument else repr(value)
    return f"{name}: expected one of {', '.join(choices)}{hint}"
