"""Checking the settings of a meta-evaluation before any work is done.

:func:`axiometrics.meta.run` calls these so that a bad seed, trial count,
split, analysis or reference name raises
:class:`~axiometrics.errors.InvalidParameterError` naming the argument
(with the nearest valid names for a typo), instead of an untyped error
from deep inside NumPy.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from numbers import Integral
from typing import Any

from axiometrics.errors import InvalidParameterError
from axiometrics.suggest import closest

__all__ = [
    "check_analyses",
    "check_count",
    "check_names",
    "check_seed",
    "check_splits",
    "unknown_name_message",
]


def _is_int(value: Any) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def check_seed(seed: Any) -> int:
    """A seed must be a non-negative integer."""
    if not _is_int(seed) or int(seed) < 0:
        raise InvalidParameterError(f"seed={seed!r} must be a non-negative integer")
    return int(seed)


def check_count(name: str, value: Any) -> int:
    """A count (``trials``, ``B``) must be a positive integer."""
    if not _is_int(value) or int(value) < 1:
        raise InvalidParameterError(f"{name}={value!r} must be a positive integer")
    return int(value)


def check_splits(splits: Sequence[Any]) -> tuple[str | int, ...]:
    """Split kinds: ``"full"`` or positive subset sizes, at least one."""
    if isinstance(splits, str | bytes):
        splits = [splits]
    chosen = tuple(splits)
    for split in chosen:
        if split != "full" and (not _is_int(split) or int(split) < 1):
            raise InvalidParameterError(
                f"splits={list(chosen)!r}: each split must be 'full' or a positive subset size "
                f"(got {split!r})"
            )
    return tuple(s if s == "full" else int(s) for s in chosen)


def unknown_name_message(name: str, known: Collection[str]) -> str:
    """``'nope' is not one of ...; did you mean ...?``, for messages about unknown names."""
    hints = closest(name, known)
    hint = (
        f"; did you mean {', '.join(repr(h) for h in hints)}?"
        if hints
        else f" (choose from {', '.join(sorted(known)[:20])})"
    )
    return f"unknown name {name!r}{hint}"


def check_names(argument: str, names: Sequence[str], known: Collection[str]) -> tuple[str, ...]:
    """Names that must be among ``known``; at least one.

    Raises
    ------
    InvalidParameterError
        ``argument=[...]`` is empty or holds an unknown name (nearest names suggested).
    """
    if isinstance(names, str):
        names = [names]
    chosen = tuple(names)
    if not chosen:
        raise InvalidParameterError(f"{argument}=[] must name at least one of {sorted(known)!r}")
    for name in chosen:
        if name not in known:
            raise InvalidParameterError(
                f"{argument}={list(chosen)!r}: {unknown_name_message(str(name), known)}"
            )
    return chosen


def check_analyses(analyses: Sequence[str], known: Sequence[str]) -> tuple[str, ...]:
    """Analyses to run: a non-empty subset of ``known``."""
    return check_names("analyses", analyses, known)
