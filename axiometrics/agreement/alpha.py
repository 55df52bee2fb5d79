"""Krippendorff's alpha for any number of coders, missing labels, four levels.

Only *pairable* units (two or more labels) count.  A unit with ``m_u``
labels, ``n_uc`` of them in category ``c``, adds
``(n_uc n_uk - [c = k] n_uc) / (m_u - 1)`` to the coincidence matrix
``o_ck``; ``n_c = sum_k o_ck`` and ``n = sum_c n_c`` (the pairable labels).
With a difference function ``delta^2``::

    D_o = sum_ck o_ck delta^2_ck / n
    D_e = sum_ck n_c n_k delta^2_ck / (n (n - 1))
    alpha = 1 - D_o / D_e

Difference functions (Krippendorff 2011, "Computing Krippendorff's alpha"):

``nominal``   ``0`` if ``c = k`` else ``1``;
``ordinal``   ``(sum_{g=c..k} n_g - (n_c + n_k) / 2)^2`` over the categories
              between ``c`` and ``k`` in scale order (ranks: the values do
              not matter);
``interval``  ``(v_c - v_k)^2``;
``ratio``     ``((v_c - v_k) / (v_c + v_k))^2`` (values must be >= 0;
              ``0`` for ``v_c = v_k = 0``).

Large and small values are exact: interval alpha does not change when every
value is multiplied by the same number, so the values are first scaled by a
power of two (exact in floating point) that brings the largest to below 1,
and the disagreements are scaled back for the result; the ratio difference
of two values depends only on their ratio and is computed from it.  When
the interval disagreements in squared label units do not fit in a float
(labels beyond about 1e150, or all within about 1e-150), the call is refused
rather than report an overflowed or underflowed ``D_o`` or ``D_e``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from axiometrics.agreement.coding import Coded, check_level, code_ratings
from axiometrics.agreement.errors import NoPairableUnitsError, ScaleRangeError
from axiometrics.agreement.estimate import estimate
from axiometrics.agreement.fleiss import unit_counts
from axiometrics.agreement.result import AgreementResult
from axiometrics.agreement.tables import table_ratings
from axiometrics.errors import InvalidParameterError

__all__ = ["coincidence_statistic", "differences", "krippendorff_alpha", "moment_statistic"]

#: Upper bound on the float cells of the intermediate arrays of one block.
_BLOCK_CELLS = 4_000_000


def differences(level: str, values: np.ndarray, marginals: np.ndarray) -> np.ndarray:
    """Squared differences ``delta^2`` between categories, ``(B, K, K)`` (or broadcastable).

    Parameters
    ----------
    level
        Level of measurement.
    values
        ``(K,)`` category values (interval and ratio).
    marginals
        ``(B, K)`` category frequencies ``n_c`` (ordinal).
    """
    k = len(values)
    if level == "nominal":
        return (1.0 - np.eye(k))[None]
    if level == "interval":
        return ((values[:, None] - values[None, :]) ** 2)[None]
    if level == "ratio":
        high, low = np.maximum.outer(values, values), np.minimum.outer(values, values)
        # Halving (exact) keeps high + low finite for values near the float maximum.
        huge = high > 2.0**1022
        high, low = np.where(huge, high * 0.5, high), np.where(huge, low * 0.5, low)
        total = high + low
        ratio = np.divide(high - low, total, out=np.zeros((k, k)), where=total > 0)
        return (ratio**2)[None]
    cumulative = np.cumsum(marginals, axis=1)
    idx = np.arange(k)
    lo, hi = np.minimum.outer(idx, idx), np.maximum.outer(idx, idx)
    between = cumulative[:, hi] - cumulative[:, lo] + marginals[:, lo]
    spread = between - (marginals[:, :, None] + marginals[:, None, :]) / 2.0
    return spread**2


Statistic = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]


def coincidence_statistic(level: str, values: np.ndarray, counts: np.ndarray) -> Statistic:
    """The disagreements from batched coincidence matrices (any level; ``O(B n K^2)``).

    Parameters
    ----------
    level
        Level of measurement.
    values
        ``(K,)`` category values.
    counts
        ``(n, K)`` labels per pairable unit and category.
    """
    k = counts.shape[1]
    inverse = 1.0 / (counts.sum(axis=1) - 1.0)
    fixed = None if level == "ordinal" else differences(level, values, np.zeros((1, k)))
    rows = max(1, _BLOCK_CELLS // (len(counts) * k + 2 * k * k))

    def block(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        scaled = unit_weights * inverse
        coincidence = np.einsum("bu,uc,uk->bck", scaled, counts, counts, optimize=True)
        marginals = unit_weights @ counts
        coincidence[:, np.arange(k), np.arange(k)] -= scaled @ counts
        n = marginals.sum(axis=1)
        delta = fixed if fixed is not None else differences(level, values, marginals)
        observed = (coincidence * delta).sum(axis=(1, 2)) / n
        spread = np.einsum(
            "bc,bck,bk->b", marginals, np.broadcast_to(delta, coincidence.shape), marginals
        )
        expected = spread / (n * (n - 1.0))
        degenerate = (marginals > 0).sum(axis=1) <= 1
        return observed, expected, degenerate

    def statistic(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        parts = [block(unit_weights[i : i + rows]) for i in range(0, len(unit_weights), rows)]
        return (
            np.concatenate([p[0] for p in parts]),
            np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]),
        )

    return statistic


def moment_statistic(level: str, values: np.ndarray, counts: np.ndarray) -> Statistic:
    """The nominal or interval disagreements from per-unit sums (``O(B n K)``, no ``K x K``).

    A unit with ``m`` labels adds ``(m^2 - sum_c n_c^2) / (m - 1)`` (nominal) or
    ``2 (m sum v^2 - (sum v)^2) / (m - 1)`` (interval) to ``n D_o``; the
    expected disagreement needs only the label totals (nominal) or the sums
    of ``v`` and ``v^2`` (interval).  Values are centred on their median
    first, which keeps the differences of large, close values accurate.

    Parameters
    ----------
    level
        ``"nominal"`` or ``"interval"``.
    values
        ``(K,)`` category values.
    counts
        ``(n, K)`` labels per pairable unit and category.
    """
    m = counts.sum(axis=1)
    if level == "nominal":
        per_unit = (m * m - (counts**2).sum(axis=1)) / (m - 1.0)
    else:
        centred = values - np.median(values)
        first, second = counts @ centred, counts @ centred**2
        per_unit = 2.0 * (m * second - first**2) / (m - 1.0)
        # A unit whose labels are all one value adds exactly 0 (rounding could leave 1e-17).
        per_unit = np.where((counts > 0).sum(axis=1) <= 1, 0.0, np.maximum(per_unit, 0.0))

    def statistic(unit_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        marginals = unit_weights @ counts
        n = marginals.sum(axis=1)
        observed = unit_weights @ per_unit / n
        if level == "nominal":
            spread = n * n - (marginals**2).sum(axis=1)
        else:
            total, squares = marginals @ centred, marginals @ centred**2
            spread = np.maximum(2.0 * (n * squares - total**2), 0.0)
        expected = spread / (n * (n - 1.0))
        degenerate = (marginals > 0).sum(axis=1) <= 1
        return observed, expected, degenerate

    return statistic


def _scale(coded: Coded, level: str) -> np.ndarray:
    """Category values for ``level``, after checking that the labels support it."""
    if level == "ordinal" and not coded.ordered:
        raise InvalidParameterError(
            f"level='ordinal' needs ordered categories: the labels {list(coded.categories)[:5]!r} "
            "are not numbers, so give categories=[...] in scale order (lowest first)"
        )
    if level in ("interval", "ratio") and not coded.numeric:
        raise InvalidParameterError(
            f"level={level!r} needs numeric values: the labels {list(coded.categories)[:5]!r} "
            "are not numbers, so give categories={label: value}"
        )
    if level == "ratio" and (coded.values < 0).any():
        raise InvalidParameterError(
            f"level='ratio' needs values >= 0 (a ratio scale starts at zero); got "
            f"{coded.values[coded.values < 0][:5].tolist()!r}"
        )
    return coded.values


def krippendorff_alpha(
    data: Any,
    *,
    level: str = "nominal",
    categories: Sequence[Hashable] | Mapping[Hashable, float] | None = None,
    rows: str | None = None,
    items: str | None = None,
    bootstrap: int | None = None,
    seed: int | np.random.Generator | None = None,
    confidence: float = 0.95,
) -> AgreementResult:
    """Krippendorff's alpha of ``n_coders`` coders, with missing labels allowed.

    Parameters
    ----------
    data
        Labels of one type; missing as NaN, ``None`` or ``pandas.NA``.  An
        array or nested list has one row per coder and one column per unit
        (``rows="items"``: the transpose).  A DataFrame is read by its labels,
        oriented by ``rows`` or by its axis names (``index.name="item"``,
        ``columns.name="annotator"``, ...), never by its shape; a list of
        Series (one per coder) is aligned by item label, an item absent from
        a Series being a missing label.
    level
        ``"nominal"``, ``"ordinal"``, ``"interval"`` or ``"ratio"`` (any case).
    categories
        The scale: labels lowest first, or ``{label: value}`` (needed for
        ordinal, interval and ratio unless the labels are numbers).
    rows
        What the rows of ``data`` hold: ``"items"`` or ``"coders"`` (any
        case; also ``"units"``, ``"annotators"``, ...).  ``None``: coders for
        arrays and nested lists; for a DataFrame, what its axis names say
        (else an error).
    items
        The same said the other way round: ``"rows"`` (the same as
        ``rows="items"``) or ``"columns"`` (``rows="coders"``); any case.
    bootstrap
        Resamples of (pairable) units for a percentile interval.
    seed
        Seed or Generator of the resamples.
    confidence
        Coverage of the interval.

    Returns
    -------
    AgreementResult
        ``coefficient="krippendorff_alpha"``; ``n_units`` counts the pairable
        units, ``n_values`` the pairable labels.

    Raises
    ------
    InvalidParameterError
        Unknown ``level``, ``rows`` or ``items`` (with the nearest name); labels that
        do not support the level.
    AgreementInputError
        ``data`` is not 2-D or has fewer than two coders; a DataFrame whose
        orientation is unknown or that repeats a label.
    ScaleRangeError
        Interval labels whose disagreements in squared label units are
        beyond the float range (magnitudes beyond about 1e154).
    MixedLabelTypesError
        Labels of more than one type.
    NoPairableUnitsError
        No unit has two labels.
    """
    level = check_level(level)
    coded = code_ratings(table_ratings(data, rows=rows, items=items), categories=categories)
    values = _scale(coded, level)
    k = len(coded.categories)
    counts = unit_counts(coded.codes, k)
    labels = counts.sum(axis=1)
    pairable = labels >= 2
    if not pairable.any():
        raise NoPairableUnitsError(
            f"{coded.ratings.argument}: no unit has labels from two coders "
            f"({coded.codes.shape[1]} units, {int(labels.sum())} labels), so there is nothing "
            "to compare"
        )
    counts, labels = counts[pairable], labels[pairable]
    exponent = 0
    if level in ("interval", "ratio"):
        # A category seen only on unpairable units plays no part; one outside the range of
        # the others would still set the scale (and the centre) of the values: drop it.
        used = counts.sum(axis=0) > 0
        kept = values[used]
        if kept.min() > values.min() or kept.max() < values.max():
            values, counts = values[used], counts[:, used]
    if level == "interval":
        values, exponent = _unit_scale(values)
    if level in ("nominal", "interval"):
        statistic = moment_statistic(level, values, counts)
    else:
        statistic = coincidence_statistic(level, values, counts)
    if exponent:
        _check_range(statistic, len(counts), exponent, coded)
    return estimate(
        "krippendorff_alpha",
        statistic,
        n_units=len(counts),
        n_coders=coded.codes.shape[0],
        n_values=int(labels.sum()),
        level=level,
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
        exponent=2 * exponent,
    )


def _unit_scale(values: np.ndarray) -> tuple[np.ndarray, int]:
    """``values / 2**e`` (exact) below 1 in magnitude, and ``e``.

    Interval alpha does not change when every value is multiplied by one
    number; a power of two changes no digit, so the disagreements of the
    scaled values are the true ones times ``2**(-2 e)`` and cannot overflow.
    """
    largest = float(np.max(np.abs(values))) if len(values) else 0.0
    if largest == 0.0:
        return values, 0
    exponent = math.frexp(largest)[1]
    return np.ldexp(values, -exponent), exponent


def _check_range(statistic: Statistic, n_units: int, exponent: int, coded: Coded) -> None:
    """Refuse interval data whose disagreements in squared label units are not floats."""
    observed, expected, degenerate = statistic(np.ones((1, n_units)))
    if degenerate[0]:
        return
    try:
        true_expected = math.ldexp(float(expected[0]), 2 * exponent)
        math.ldexp(float(observed[0]), 2 * exponent)
    except OverflowError:
        problem = "exceed"
    else:
        if true_expected >= sys.float_info.min:
            return
        problem = "fall below"
    largest = float(np.max(np.abs(coded.values)))
    raise ScaleRangeError(
        f"{coded.ratings.argument}: the interval disagreements of these labels (largest "
        f"magnitude {largest:.6g}) {problem} the floating-point range, so D_o and D_e cannot "
        "be reported; alpha does not change when every label is multiplied by the same "
        f"number: rescale the labels, e.g. divide every label by {largest:.6g}",
        largest=largest,
        problem=problem,
    )
