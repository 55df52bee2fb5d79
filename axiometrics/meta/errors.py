"""Typed errors of the meta-evaluation engine.

They subclass (or are) the core errors, so ``except InvalidInputError`` (or
``ValueError``) and ``except UndefinedMeasureError`` keep working.
"""

from __future__ import annotations

from axiometrics.errors import MetaInputError, MissingDependencyError, UndefinedScoreError

__all__ = ["MetaInputError", "MissingDependencyError", "UndefinedScoreError"]
