"""Cohen's kappa (nominal and weighted) and Scott's pi for two coders.

Both compare the observed agreement ``P(A)`` with the agreement expected by
chance ``P(E)``: ``(P(A) - P(E)) / (1 - P(E)) = 1 - D_o / D_e``.

Cohen (1960)
    ``P(E) = sum_k r_k c_k``: each coder's own label distribution (``r``
    of coder ``a``, ``c`` of coder ``b``).
Weighted kappa, Cohen (1968)
    ``D_o = sum_ij w_ij p_ij``, ``D_e = sum_ij w_ij r_i c_j`` with
    disagreement weights ``w_ij = |i - j| / (K - 1)`` (linear) or its square
    (quadratic), ``i, j`` the categories' positions on the scale (as
    scikit-learn; the scale's values do not matter, only its order).
Scott (1955)
    ``P(E) = sum_k ((r_k + c_k) / 2)^2``: one distribution pooled over both
    coders.  It equals Fleiss' kappa for two coders.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from axiometrics.agreement.coding import check_missing, code_ratings, complete_units
from axiometrics.agreement.estimate import estimate
from axiometrics.agreement.names import choose, unknown_choice
from axiometrics.agreement.pairs import pair_tables
from axiometrics.agreement.result import AgreementResult
from axiometrics.agreement.tables import pair_ratings
from axiometrics.errors import InvalidParameterError

__all__ = ["WEIGHTS", "cohen_kappa", "disagreement_weights", "scotts_pi"]

#: Weighting schemes of weighted kappa.
WEIGHTS = ("linear", "quadratic")

Categories = Sequence[Hashable] | Mapping[Hashable, float] | None


def disagreement_weights(n_categories: int, weights: str | None) -> np.ndarray:
    """``(K, K)`` disagreement weights: 0 on the diagonal, at most 1.

    Parameters
    ----------
    n_categories
        ``K``.
    weights
        ``None`` (nominal: 1 off the diagonal), ``"linear"`` or ``"quadratic"``.
    """
    position = np.arange(n_categories, dtype=float)
    if weights is None:
        return 1.0 - np.eye(n_categories)
    distance = np.abs(position[:, None] - position[None, :]) / max(n_categories - 1, 1)
    return distance if weights == "linear" else distance**2


def _two_coders(
    a: Any, b: Any, categories: Categories, missing: str, *, ordered: bool, what: str
) -> tuple[np.ndarray, int]:
    missing = check_missing(missing)
    coded = code_ratings(pair_ratings(a, b), categories=categories)
    if ordered and not coded.ordered:
        raise InvalidParameterError(
            f"{what} needs ordered categories: the labels {list(coded.categories)[:5]!r} are not "
            "numbers, so give categories=[...] in scale order (lowest first)"
        )
    return complete_units(coded, missing), len(coded.categories)


def _weights(weights: str | None) -> str | None:
    """``None``, ``"linear"`` or ``"quadratic"`` (any case); else raise with the nearest name."""
    if weights is None:
        return None
    if not isinstance(weights, str) or weights.strip().lower() not in WEIGHTS:
        raise InvalidParameterError(unknown_choice("weights", weights, ("None", *WEIGHTS)))
    return choose("weights", weights, WEIGHTS)


def cohen_kappa(
    a: Any,
    b: Any,
    *,
    weights: str | None = None,
    categories: Categories = None,
    missing: str = "raise",
    bootstrap: int | None = None,
    seed: int | np.random.Generator | None = None,
    confidence: float = 0.95,
) -> AgreementResult:
    """Cohen's kappa between two coders, optionally weighted for ordinal scales.

    Parameters
    ----------
    a, b
        One label per unit from each coder (numbers, text or other hashable
        labels, of one type).  Two pandas Series are aligned by item label
        (their index); lists and arrays are read by position.  An item
        absent from one Series is a missing label.
    weights
        ``None`` (nominal kappa), ``"linear"`` or ``"quadratic"`` (any case).
    categories
        The scale (labels lowest first, or ``{label: value}``); weighted
        kappa needs it unless the labels are numbers.  Unused categories
        change weighted kappa (they widen the scale), not nominal kappa.
    missing
        ``"raise"`` (default) or ``"drop"`` units where a label is missing
        (any case).
    bootstrap
        Resamples of units for a percentile interval (``None``: no interval).
    seed
        Seed or Generator of the resamples.
    confidence
        Coverage of the interval.

    Returns
    -------
    AgreementResult
        ``coefficient="cohen_kappa"``; ``level`` is ``"nominal"`` or
        ``"ordinal"`` (weighted).

    Raises
    ------
    AgreementInputError
        Lengths differ; a label is infinite; one of ``a``, ``b`` is a Series
        and the other is not; a Series repeats an item label.
    MixedLabelTypesError
        Labels of more than one type (``1`` and ``"1"``).
    MissingRatingError
        A label is missing and ``missing="raise"``.
    NoPairableUnitsError
        No unit is labelled by both coders (Series: no shared item label).
    InvalidParameterError
        Unknown ``weights`` or ``missing``; weighted kappa on unordered labels without categories.
    """
    weights = _weights(weights)
    codes, k = _two_coders(
        a, b, categories, missing, ordered=weights is not None, what=f"weights={weights!r}"
    )
    w = disagreement_weights(k, weights)

    def statistic(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        tables = pair_tables(codes, k, unit_weights)
        total = unit_weights.sum(axis=1)
        p = tables / total[:, None, None]
        rows, cols = p.sum(axis=2), p.sum(axis=1)
        observed = np.einsum("ij,bij->b", w, p)
        expected = np.einsum("bi,ij,bj->b", rows, w, cols)
        degenerate = ((rows + cols) > 0).sum(axis=1) <= 1
        return observed, expected, degenerate

    return estimate(
        "cohen_kappa",
        statistic,
        n_units=codes.shape[1],
        n_coders=2,
        n_values=2 * codes.shape[1],
        level="nominal" if weights is None else "ordinal",
        weights=weights,
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
    )


def scotts_pi(
    a: Any,
    b: Any,
    *,
    categories: Categories = None,
    missing: str = "raise",
    bootstrap: int | None = None,
    seed: int | np.random.Generator | None = None,
    confidence: float = 0.95,
) -> AgreementResult:
    """Scott's pi between two coders (nominal; chance from the pooled label distribution).

    Parameters
    ----------
    a, b
        One label per unit from each coder, of one type; two pandas Series
        are aligned by item label, lists and arrays read by position.
    categories
        Labels allowed (others raise); optional.
    missing
        ``"raise"`` (default) or ``"drop"`` units where a label is missing
        (any case).
    bootstrap
        Resamples of units for a percentile interval (``None``: no interval).
    seed
        Seed or Generator of the resamples.
    confidence
        Coverage of the interval.

    Returns
    -------
    AgreementResult
        ``coefficient="scotts_pi"``, ``level="nominal"``.

    Raises
    ------
    AgreementInputError
        Lengths differ; a label is infinite; one of ``a``, ``b`` is a Series
        and the other is not; a Series repeats an item label.
    MixedLabelTypesError
        Labels of more than one type (``1`` and ``"1"``).
    MissingRatingError
        A label is missing and ``missing="raise"``.
    NoPairableUnitsError
        No unit is labelled by both coders (Series: no shared item label).
    InvalidParameterError
        Unknown ``missing``.
    """
    codes, k = _two_coders(a, b, categories, missing, ordered=False, what="scotts_pi")
    w = disagreement_weights(k, None)

    def statistic(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        tables = pair_tables(codes, k, unit_weights)
        p = tables / unit_weights.sum(axis=1)[:, None, None]
        pooled = (p.sum(axis=2) + p.sum(axis=1)) / 2.0
        observed = np.einsum("ij,bij->b", w, p)
        expected = np.einsum("bi,ij,bj->b", pooled, w, pooled)
        degenerate = (pooled > 0).sum(axis=1) <= 1
        return observed, expected, degenerate

    return estimate(
        "scotts_pi",
        statistic,
        n_units=codes.shape[1],
        n_coders=2,
        n_values=2 * codes.shape[1],
        level="nominal",
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
    )
