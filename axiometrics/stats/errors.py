"""Typed errors of :mod:`axiometrics.stats` beyond the core ones."""

from __future__ import annotations

from axiometrics.errors import ScoreRangeError

__all__ = ["ScoreRangeError"]
