"""The options of Hypothesis strategies: validation, and the error impossible options raise.

Strategies follow Hypothesis' conventions: options are keyword-only, and an
option that cannot be satisfied raises :class:`StrategyArgumentError` when
the strategy is built, not when it draws.  These helpers check the options
that the generators of class-indexed inputs share (the number of classes,
counts, a choice among named variants) with one wording, so that every
family's strategies, built-in or third-party, refuse bad options alike::

    from axiometrics.strategies import DEFAULT_MAX_CLASSES
    from axiometrics.strategy_options import class_bounds, int_option

    def histograms(*, n_classes=None, min_classes=2, max_classes=DEFAULT_MAX_CLASSES,
                   max_count=100):
        lo, hi = class_bounds(n_classes=n_classes, min_classes=min_classes,
                              max_classes=max_classes)
        cap = int_option("max_count", max_count, minimum=1)
        ...  # build the strategy from lo, hi and cap
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from hypothesis.errors import InvalidArgument

from axiometrics.errors import InvalidParameterError

__all__ = ["StrategyArgumentError", "choice_option", "class_bounds", "int_option"]


class StrategyArgumentError(InvalidArgument, InvalidParameterError):
    """A strategy was asked for what it cannot generate (e.g. ``min_classes > max_classes``)."""


def int_option(name: str, value: Any, *, minimum: int) -> int:
    """Validate an integer option of a strategy.

    Parameters
    ----------
    name
        The option's name, for the message.
    value
        The value given: an ``int`` or a NumPy integer (not a ``bool``).
    minimum
        The smallest value allowed.

    Returns
    -------
    int
        ``value`` as a Python ``int``.

    Raises
    ------
    StrategyArgumentError
        ``value`` is not an integer, or is below ``minimum``.
    """
    if not isinstance(value, int | np.integer) or isinstance(value, bool):
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    if value < minimum:
        raise StrategyArgumentError(f"{name}={value!r}: expected an int >= {minimum}")
    return int(value)


def class_bounds(
    *, n_classes: int | None, min_classes: int, max_classes: int, floor: int = 2
) -> tuple[int, int]:
    """Validate the class-count options of a strategy; return the inclusive range of C.

    Parameters
    ----------
    n_classes
        A fixed number of classes, or ``None`` to draw it in
        ``min_classes .. max_classes``.
    min_classes, max_classes
        The range of the number of classes (ignored when ``n_classes`` is set).
    floor
        The fewest classes the strategy can generate.

    Returns
    -------
    tuple of int
        ``(lo, hi)``: ``(n_classes, n_classes)`` or ``(min_classes, max_classes)``.

    Raises
    ------
    StrategyArgumentError
        A count is not an integer, is below ``floor``, or
        ``min_classes > max_classes``.
    """
    if n_classes is not None:
        n = int_option("n_classes", n_classes, minimum=floor)
        return n, n
    lo = int_option("min_classes", min_classes, minimum=floor)
    hi = int_option("max_classes", max_classes, minimum=floor)
    if lo > hi:
        raise StrategyArgumentError(
            f"min_classes={min_classes!r} must not exceed max_classes={max_classes!r}"
        )
    return lo, hi


def choice_option(name: str, value: Any, choices: Sequence[Any]) -> Any:
    """Validate an option that names one of a few variants (``spacing="extreme"``).

    Parameters
    ----------
    name
        How the message calls the option (``"spacing"``, ``"kinds item"``).
    value
        What the caller passed.
    choices
        The variants the strategy can generate.

    Returns
    -------
    Any
        ``value``, unchanged.

    Raises
    ------
    StrategyArgumentError
        ``value`` is not one of ``choices``.
    """
    if value not in choices:
        raise StrategyArgumentError(f"{name}={value!r}: expected one of {list(choices)!r}")
    return value
