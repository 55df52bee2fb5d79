"""Typed errors of the agreement coefficients.

They subclass the core errors of :mod:`axiometrics.errors`, so
``except InvalidInputError`` (or ``ValueError``) catches every problem with
the annotations.
"""

from __future__ import annotations

from axiometrics.errors import InvalidInputError

__all__ = [
    "AgreementInputError",
    "MissingRatingError",
    "MixedLabelTypesError",
    "NoPairableUnitsError",
    "ScaleRangeError",
]


class AgreementInputError(InvalidInputError):
    """Annotations are malformed: wrong shape, mismatched lengths, fewer than two coders.

    Also raised for labelled (pandas) annotations that cannot be aligned by
    item: repeated item labels, Series that share no item, a DataFrame whose
    orientation is neither stated nor named by its axes.
    """


class MissingRatingError(AgreementInputError):
    """A coefficient that needs complete units met a missing rating (NaN or ``None``).

    Cohen's kappa, Scott's pi and Fleiss' kappa need every coder's label on
    every unit; pass ``missing="drop"`` to leave incomplete units out, or use
    Krippendorff's alpha, which is defined with missing values.
    """


class NoPairableUnitsError(AgreementInputError):
    """No unit carries two or more labels, so there is nothing to compare."""


class MixedLabelTypesError(AgreementInputError):
    """Labels (or labels and categories) of more than one type, such as ``1`` and ``"1"``.

    Numbers, text and booleans are never compared with one another: ``1``
    and ``"1"`` would be two categories, ``True`` and ``1`` one.  As in
    scikit-learn, such a mixture is refused; convert the labels to one type.
    """


class ScaleRangeError(AgreementInputError):
    """Interval labels so large (or so close to zero) that ``D_o`` and ``D_e`` are not floats.

    Interval alpha itself is computed exactly at any magnitude (on values
    scaled by a power of two), but its disagreements are reported in squared
    label units, which overflow beyond about ``1e154`` and underflow below
    about ``1e-154``.  Alpha does not change when every label is multiplied
    by one number, so rescale the labels.

    Attributes
    ----------
    largest
        The largest label magnitude.
    problem
        ``"exceed"`` (overflow) or ``"fall below"`` (underflow).
    """

    def __init__(self, message: str, *, largest: float, problem: str) -> None:
        super().__init__(message)
        self.largest = largest
        self.problem = problem
