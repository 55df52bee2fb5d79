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
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from axiometrics.agreement.coding import Coded, check_level, code_ratings
from axiometrics.agreement.errors import NoPairableUnitsError
from axiometrics.agreement.estimate import estimate
from axiometrics.agreement.fleiss import unit_counts
from axiometrics.agreement.result import AgreementResult
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
        total = values[:, None] + values[None, :]
        diff = values[:, None] - values[None, :]
        ratio = np.divide(diff, total, out=np.zeros((k, k)), where=total > 0)
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
    bootstrap: int | None = None,
    seed: int | np.random.Generator | None = None,
    confidence: float = 0.95,
) -> AgreementResult:
    """Krippendorff's alpha of ``n_coders`` coders, with missing labels allowed.

    Parameters
    ----------
    data
        ``(n_coders, n_units)`` labels; missing as NaN or ``None``.
    level
        ``"nominal"``, ``"ordinal"``, ``"interval"`` or ``"ratio"``.
    categories
        The scale: labels lowest first, or ``{label: value}`` (needed for
        ordinal, interval and ratio unless the labels are numbers).
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
        Unknown ``level`` (with the nearest name); labels that do not support it.
    AgreementInputError
        ``data`` is not 2-D or has fewer than two coders.
    NoPairableUnitsError
        No unit has two labels.
    """
    check_level(level)
    coded = code_ratings(data, categories=categories)
    values = _scale(coded, level)
    k = len(coded.categories)
    counts = unit_counts(coded.codes, k)
    labels = counts.sum(axis=1)
    pairable = labels >= 2
    if not pairable.any():
        raise NoPairableUnitsError(
            f"data: no unit has labels from two coders ({coded.codes.shape[1]} units, "
            f"{int(labels.sum())} labels), so there is nothing to compare"
        )
    counts, labels = counts[pairable], labels[pairable]
    if level in ("nominal", "interval"):
        statistic = moment_statistic(level, values, counts)
    else:
        statistic = coincidence_statistic(level, values, counts)
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
    )
