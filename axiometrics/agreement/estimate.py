"""From disagreement statistics to an :class:`AgreementResult`, with a bootstrap interval.

A coefficient module supplies a *statistic*: a function from ``(B, n)``
unit multiplicities (one row per resample; a row of ones is the data
itself) to the observed and expected disagreement and a degenerate mask,
each of shape ``(B,)``.  The coefficient is ``1 - D_o / D_e``; where
``D_e`` is zero (all labels in one category, so ``D_o`` is zero too) the
declared value is ``1.0``, computed without dividing, so no NaN and no
floating-point warning ever appears.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable

import numpy as np

from axiometrics.agreement.bootstrap import check_bootstrap, percentile_interval
from axiometrics.agreement.result import AgreementResult

__all__ = ["Statistic", "coefficient_values", "estimate"]

#: ``weights (B, n) -> (D_o, D_e, degenerate)``, each ``(B,)``.
Statistic = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]


def coefficient_values(
    observed: np.ndarray, expected: np.ndarray, degenerate: np.ndarray
) -> np.ndarray:
    """``1 - observed / expected``, and ``1.0`` where ``degenerate``."""
    ok = ~degenerate & (expected > 0)
    ratio = np.divide(observed, expected, out=np.zeros_like(observed), where=ok)
    return np.where(ok, 1.0 - ratio, 1.0)


def estimate(
    coefficient: str,
    statistic: Statistic,
    *,
    n_units: int,
    n_coders: int,
    n_values: int,
    level: str | None,
    weights: str | None = None,
    bootstrap: int | None,
    confidence: float,
    seed: int | np.random.Generator | None,
    exponent: int = 0,
) -> AgreementResult:
    """Compute ``coefficient`` on the data and, with ``bootstrap``, its percentile interval.

    ``exponent``: the statistic's disagreements are the true ones times
    ``2**-exponent`` (values scaled to avoid overflow); the result reports
    the true ones (the caller has checked that they are finite floats).
    """
    check_bootstrap(bootstrap, confidence, seed)
    observed, expected, degenerate = statistic(np.ones((1, n_units)))
    value = coefficient_values(observed, expected, degenerate)
    ci = None
    if bootstrap is not None:

        def resampled(unit_weights: np.ndarray) -> np.ndarray:
            return coefficient_values(*statistic(unit_weights))

        ci = percentile_interval(resampled, n_units, int(bootstrap), float(confidence), seed)
    return AgreementResult(
        coefficient=coefficient,
        value=float(value[0]),
        ci=ci,
        n_units=n_units,
        n_coders=n_coders,
        level=level,
        observed_disagreement=math.ldexp(float(observed[0]), exponent)
        if not degenerate[0]
        else 0.0,
        expected_disagreement=math.ldexp(float(expected[0]), exponent)
        if not degenerate[0]
        else 0.0,
        degenerate=bool(degenerate[0]),
        n_values=n_values,
        weights=weights,
        bootstrap=None if bootstrap is None else int(bootstrap),
        confidence=None if bootstrap is None else float(confidence),
        seed=int(seed) if isinstance(seed, numbers.Integral) else None,
    )
