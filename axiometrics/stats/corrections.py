"""Multiple-comparison corrections of p-values.

With ``m`` p-values of one family, sorted ascending as ``p_(1) <= ... <= p_(m)``:

Family-wise error rate (valid under any dependence unless noted)
    ``"bonferroni"``: ``min(1, m p_i)``.
    ``"holm"``: Holm's (1979) step-down,
    ``p_(i) -> max_{j <= i} min(1, (m - j + 1) p_(j))``; uniformly more
    powerful than Bonferroni.
    ``"sidak"``: Šidák's ``1 - (1 - p_i)^m`` (exact for independent tests,
    valid under positive orthant dependence).
    ``"holm-sidak"``: Holm's step-down with Šidák's factors,
    ``p_(i) -> max_{j <= i} 1 - (1 - p_(j))^(m - j + 1)`` (same validity as
    Šidák; a little more powerful than Holm).
False discovery rate
    ``"bh"``: Benjamini & Hochberg (1995) step-up,
    ``p_(i) -> min_{j >= i} min(1, m p_(j) / j)``; controls the FDR for
    independent or positively dependent tests.
    ``"by"``: Benjamini & Yekutieli (2001), the BH values times
    ``c(m) = sum_{k=1..m} 1/k``; controls the FDR under any dependence.
``"none"``
    the p-values unchanged.

These are statsmodels' ``multipletests(method=...)`` adjusted p-values
(``"bonferroni"``, ``"holm"``, ``"sidak"``, ``"holm-sidak"``,
``"fdr_bh"``, ``"fdr_by"``).  ``1 - (1 - p)^k`` is computed as
``-expm1(k log1p(-p))``, accurate for small ``p``.  Names are
case-insensitive; statsmodels' ``"fdr_bh"`` and ``"fdr_by"``,
``"benjamini-hochberg"``, ``"benjamini-yekutieli"``, ``"holm_sidak"`` and
the spellings with diacritics are accepted too.  Corrections apply along the last axis,
so several families (e.g. one per measure) are corrected at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.errors import InvalidInputError
from axiometrics.stats.choices import choose

__all__ = ["CORRECTIONS", "FDR_CORRECTIONS", "adjust_p_values", "check_correction"]

#: Names of the corrections (the first is the default of :func:`axiometrics.stats.compare`).
CORRECTIONS = ("holm", "bonferroni", "holm-sidak", "sidak", "bh", "by", "none")

#: Corrections that control the false discovery rate rather than the family-wise error.
FDR_CORRECTIONS = ("bh", "by")

_ALIASES = {
    "fdr_bh": "bh",
    "fdr-bh": "bh",
    "benjamini-hochberg": "bh",
    "fdr_by": "by",
    "fdr-by": "by",
    "benjamini-yekutieli": "by",
    "holm_sidak": "holm-sidak",
    "holm-šidák": "holm-sidak",
    "šidák": "sidak",
}


def check_correction(correction: Any) -> str:
    """The correction's canonical name (case-insensitive), or :class:`InvalidParameterError`."""
    return choose("correction", correction, CORRECTIONS, _ALIASES)


def _one_minus_power(p: np.ndarray, k: np.ndarray | int) -> np.ndarray:
    """``1 - (1 - p)^k``, accurate for small ``p`` (``p = 1`` gives 1)."""
    with np.errstate(divide="ignore"):
        return np.asarray(-np.expm1(k * np.log1p(-p)))


def adjust_p_values(p_values: Any, correction: str = "holm") -> np.ndarray:
    """Adjusted p-values of each family (last axis), in the input's order.

    Parameters
    ----------
    p_values
        p-values in ``[0, 1]``, ``(..., m)``.
    correction
        One of :data:`CORRECTIONS` (case-insensitive).

    Raises
    ------
    InvalidParameterError
        An unknown correction (the message suggests the nearest).
    InvalidInputError
        p-values outside ``[0, 1]`` or NaN.
    """
    method = check_correction(correction)
    p = np.asarray(p_values, dtype=float)
    if p.ndim == 0 or not np.all((p >= 0) & (p <= 1)):
        raise InvalidInputError(
            f"p_values: expected an array of numbers in [0, 1] (got {np.asarray(p_values)!r})"
        )
    m = p.shape[-1]
    if method == "none" or m == 0:
        return p.copy()
    if method == "bonferroni":
        return np.minimum(1.0, p * m)
    if method == "sidak":
        return _one_minus_power(p, m)
    order = np.argsort(p, axis=-1, kind="stable")
    ordered = np.take_along_axis(p, order, axis=-1)
    rank = np.arange(1, m + 1)
    if method == "holm":
        stepped = np.maximum.accumulate(np.minimum(1.0, ordered * (m - rank + 1)), axis=-1)
    elif method == "holm-sidak":
        stepped = np.maximum.accumulate(_one_minus_power(ordered, m - rank + 1), axis=-1)
    else:
        factor = m / rank
        if method == "by":
            factor = factor * (1.0 / rank).sum()
        raw = ordered * factor
        stepped = np.minimum(1.0, np.minimum.accumulate(raw[..., ::-1], axis=-1)[..., ::-1])
    out = np.empty_like(p)
    np.put_along_axis(out, order, stepped, axis=-1)
    return out
