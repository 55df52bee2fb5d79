"""Value types for command-line options shared by several subcommands.

Each raises :class:`argparse.ArgumentTypeError`, so argparse reports the
problem in one line naming the flag (``argument --seed: ...``).
"""

from __future__ import annotations

import argparse
import math

__all__ = ["comma_names", "non_negative_int", "open_unit_interval", "positive_int"]


def comma_names(text: str) -> list[str]:
    """``"a, b,,c"`` -> ``["a", "b", "c"]``: a comma-separated list, blanks dropped."""
    return [part.strip() for part in text.split(",") if part.strip()]


def _integer_at_least(text: str, low: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what} (got {text!r})") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected {what} (got {text!r})")
    return value


def positive_int(text: str) -> int:
    """An integer >= 1 (case counts, trials, jobs)."""
    return _integer_at_least(text, 1, "a positive integer")


def non_negative_int(text: str) -> int:
    """An integer >= 0 (seeds)."""
    return _integer_at_least(text, 0, "a non-negative integer")


def open_unit_interval(text: str) -> float:
    """A number strictly between 0 and 1 (significance levels, interval coverage)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1) (got {text!r})")
    return value
