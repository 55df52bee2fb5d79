"""Typed errors of :mod:`axiometrics.stats` beyond the core ones."""

from __future__ import annotations

from axiometrics.errors import InvalidInputError

__all__ = ["ScoreRangeError"]


class ScoreRangeError(InvalidInputError):
    """A result in score units (a mean, an interval, a sum of squares) is not a finite float.

    The tests themselves are scale invariant and are computed on rescaled
    scores, so their p-values, statistics and effect sizes are exact at any
    magnitude; but a number reported in the scores' own units (for example
    the sum of squares of scores near ``1e300``) can lie outside the float
    range.  The message names the quantity and says to divide the scores by
    a constant first.
    """
