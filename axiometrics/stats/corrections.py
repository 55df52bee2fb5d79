"""Multiple-comparison corrections of p-values (family-wise error rate).

With ``m`` p-values of one family:

``"bonferroni"``
    ``min(1, m p_i)``.
``"holm"``
    Holm's (1979) step-down procedure: with the p-values sorted ascending,
    ``p_(i) -> max_{j <= i} min(1, (m - j + 1) p_(j))``; uniformly more
    powerful than Bonferroni and valid under any dependence.
``"none"``
    the p-values unchanged.

These are statsmodels' ``multipletests(method="bonferroni"|"holm")``
adjusted p-values.  Corrections apply along the last axis, so several
families (e.g. one per measure) are corrected at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.errors import InvalidInputError, InvalidParameterError
from axiometrics.suggest import closest

__all__ = ["CORRECTIONS", "adjust_p_values", "check_correction"]

#: Names of the corrections.
CORRECTIONS = ("holm", "bonferroni", "none")


def check_correction(correction: Any) -> str:
    """The correction's name, or :class:`InvalidParameterError` suggesting the nearest one."""
    if correction in CORRECTIONS:
        return str(correction)
    hint = closest(str(correction), CORRECTIONS)
    did = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
    raise InvalidParameterError(
        f"correction={correction!r}: expected one of {', '.join(CORRECTIONS)}{did}"
    )


def adjust_p_values(p_values: Any, correction: str = "holm") -> np.ndarray:
    """Adjusted p-values of each family (last axis), in the input's order.

    Parameters
    ----------
    p_values
        p-values in ``[0, 1]``, ``(..., m)``.
    correction
        ``"holm"``, ``"bonferroni"`` or ``"none"``.

    Raises
    ------
    InvalidParameterError
        An unknown correction.
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
    order = np.argsort(p, axis=-1, kind="stable")
    ordered = np.take_along_axis(p, order, axis=-1)
    factors = m - np.arange(m)
    stepped = np.maximum.accumulate(np.minimum(1.0, ordered * factors), axis=-1)
    out = np.empty_like(p)
    np.put_along_axis(out, order, stepped, axis=-1)
    return out
