"""Typed errors of the agreement coefficients.

They subclass the core errors of :mod:`axiometrics.errors`, so
``except InvalidInputError`` (or ``ValueError``) catches every problem with
the annotations.
"""

from __future__ import annotations

from axiometrics.errors import InvalidInputError

__all__ = ["AgreementInputError", "MissingRatingError", "NoPairableUnitsError"]


class AgreementInputError(InvalidInputError):
    """Annotations are malformed: wrong shape, mismatched lengths, fewer than two coders."""


class MissingRatingError(AgreementInputError):
    """A coefficient that needs complete units met a missing rating (NaN or ``None``).

    Cohen's kappa, Scott's pi and Fleiss' kappa need every coder's label on
    every unit; pass ``missing="drop"`` to leave incomplete units out, or use
    Krippendorff's alpha, which is defined with missing values.
    """


class NoPairableUnitsError(AgreementInputError):
    """No unit carries two or more labels, so there is nothing to compare."""
