"""Typed errors of the agreement coefficients.

They subclass the core errors of :mod:`axiometrics.errors`, so
``except InvalidInputError`` (or ``ValueError``) catches every problem with
the annotations.
"""

from __future__ import annotations

from axiometrics.errors import (
    AgreementInputError,
    MissingRatingError,
    MixedLabelTypesError,
    NoPairableUnitsError,
    ScaleRangeError,
)

__all__ = [
    "AgreementInputError",
    "MissingRatingError",
    "MixedLabelTypesError",
    "NoPairableUnitsError",
    "ScaleRangeError",
]
