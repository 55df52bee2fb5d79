"""Agreement between annotators: Cohen's kappa, Scott's pi, Fleiss' kappa, Krippendorff's alpha.

Are the gold labels reliable?  Each coefficient compares how often coders
disagree with how often they would by chance, ``1 - D_o / D_e``: 1 is
perfect agreement, 0 chance level, below 0 systematic disagreement.

* :func:`cohen_kappa` — two coders, nominal or linear/quadratic weighted;
* :func:`scotts_pi` — two coders, chance from the pooled label distribution;
* :func:`fleiss_kappa` — any number of coders, complete units;
* :func:`krippendorff_alpha` — any number of coders, missing labels
  allowed, nominal, ordinal, interval and ratio levels.

Every function returns an :class:`AgreementResult` and, with
``bootstrap=B`` (and ``seed=``), a percentile interval over ``B``
resamples of units, computed for all resamples at once.

Labelled data is aligned by label, never read by position: two pandas
Series by their index, a DataFrame by the axis that ``rows="items"`` /
``rows="coders"`` or its axis names (``item``, ``annotator``, ...) say holds
the items.  Lists and arrays are read by position (one row per coder).
Labels must be of one type (numbers, text or booleans).  String options
(``level``, ``weights``, ``missing``, ``rows``, ``items``) accept any case.

Quick use::

    from axiometrics import agreement
    agreement.cohen_kappa(["a", "b", "a"], ["a", "b", "b"]).value
    agreement.krippendorff_alpha([[1, 2, None], [1, 3, 2]], level="ordinal")
"""

from __future__ import annotations

from axiometrics.agreement.alpha import krippendorff_alpha
from axiometrics.agreement.coding import LEVELS
from axiometrics.agreement.errors import (
    AgreementInputError,
    MissingRatingError,
    MixedLabelTypesError,
    NoPairableUnitsError,
    ScaleRangeError,
)
from axiometrics.agreement.fleiss import fleiss_kappa
from axiometrics.agreement.kappa import WEIGHTS, cohen_kappa, scotts_pi
from axiometrics.agreement.result import AgreementResult

__all__ = [
    "LEVELS",
    "WEIGHTS",
    "AgreementInputError",
    "AgreementResult",
    "MissingRatingError",
    "MixedLabelTypesError",
    "NoPairableUnitsError",
    "ScaleRangeError",
    "cohen_kappa",
    "fleiss_kappa",
    "krippendorff_alpha",
    "scotts_pi",
]
