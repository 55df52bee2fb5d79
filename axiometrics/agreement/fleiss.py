"""Fleiss' kappa for any number of coders (Fleiss 1971).

With ``m`` labels per unit and ``n_uk`` of them in category ``k``:
``P_u = (sum_k n_uk^2 - m) / (m (m - 1))`` is the share of agreeing coder
pairs in unit ``u``, ``P(A)`` its mean over units, ``p_k`` the share of all
labels in category ``k`` and ``P(E) = sum_k p_k^2``;
``kappa = (P(A) - P(E)) / (1 - P(E))``.  Every unit needs the same number
of labels, so units with a missing label are an error (or dropped with
``missing="drop"``).  For two coders it equals Scott's pi.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from axiometrics.agreement.coding import check_missing, code_ratings, complete_units
from axiometrics.agreement.estimate import estimate
from axiometrics.agreement.result import AgreementResult
from axiometrics.agreement.tables import table_ratings

__all__ = ["fleiss_kappa", "unit_counts"]


def unit_counts(codes: np.ndarray, n_categories: int) -> np.ndarray:
    """``(n_units, K)``: how many coders put each unit in each category (missing codes ignored)."""
    n_units = codes.shape[1]
    present = codes >= 0
    index = (np.arange(n_units)[None, :] * n_categories + np.where(present, codes, 0))[present]
    flat = np.bincount(index, minlength=n_units * n_categories)
    return flat.reshape(n_units, n_categories).astype(float)


def fleiss_kappa(
    data: Any,
    *,
    categories: Sequence[Hashable] | Mapping[Hashable, float] | None = None,
    missing: str = "raise",
    rows: str | None = None,
    items: str | None = None,
    bootstrap: int | None = None,
    seed: int | np.random.Generator | None = None,
    confidence: float = 0.95,
) -> AgreementResult:
    """Fleiss' kappa of ``n_coders`` coders on ``n_units`` units (nominal).

    Parameters
    ----------
    data
        Labels of one type; missing as NaN, ``None`` or ``pandas.NA``.  An
        array or nested list has one row per coder and one column per unit
        (``rows="items"``: the transpose).  A DataFrame is read by its labels,
        oriented by ``rows`` or by its axis names (``index.name="item"``,
        ``columns.name="annotator"``, ...), never by its shape; a list of
        Series (one per coder) is aligned by item label.
    categories
        Labels allowed (others raise); optional.
    missing
        ``"raise"`` (default) or ``"drop"`` units where a label is missing
        (any case).
    rows
        What the rows of ``data`` hold: ``"items"`` or ``"coders"`` (any
        case; also ``"units"``, ``"annotators"``, ...).  ``None``: coders for
        arrays and nested lists; for a DataFrame, what its axis names say
        (else an error).
    items
        The same said the other way round: ``"rows"`` (the same as
        ``rows="items"``) or ``"columns"`` (``rows="coders"``); any case.
    bootstrap
        Resamples of units for a percentile interval (``None``: no interval).
    seed
        Seed or Generator of the resamples.
    confidence
        Coverage of the interval.

    Returns
    -------
    AgreementResult
        ``coefficient="fleiss_kappa"``, ``level="nominal"``.

    Raises
    ------
    AgreementInputError
        ``data`` is not 2-D or has fewer than two coders; a DataFrame whose
        orientation is unknown or that repeats a label.
    MixedLabelTypesError
        Labels of more than one type.
    MissingRatingError
        A label is missing and ``missing="raise"``.
    NoPairableUnitsError
        No unit is complete.
    InvalidParameterError
        Unknown ``missing``, ``rows`` or ``items``.
    """
    missing = check_missing(missing)
    coded = code_ratings(table_ratings(data, rows=rows, items=items), categories=categories)
    codes = complete_units(coded, missing)
    m = codes.shape[0]
    counts = unit_counts(codes, len(coded.categories))
    # Disagreeing ordered coder pairs per unit, as a share of all m (m - 1) pairs.
    unit_disagreement = (m * m - (counts**2).sum(axis=1)) / (m * (m - 1))

    def statistic(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        total = unit_weights.sum(axis=1)
        observed = unit_weights @ unit_disagreement / total
        shares = (unit_weights @ counts) / (m * total)[:, None]
        expected = 1.0 - (shares**2).sum(axis=1)
        degenerate = (shares > 0).sum(axis=1) <= 1
        return observed, expected, degenerate

    return estimate(
        "fleiss_kappa",
        statistic,
        n_units=codes.shape[1],
        n_coders=m,
        n_values=codes.size,
        level="nominal",
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
    )
