"""Adapters from axiometrics' calling conventions to metrics with other ones.

* ``ordinal_alpha``: (gold, system) label vectors to Krippendorff's
  reliability data.
* The scikit-learn regression metrics below, ``f(y_true, y_pred,
  sample_weight)``: scikit-learn takes ``sample_weight`` by keyword only,
  the regression family's weighted signature passes it by position.
* ``pearson_r``: SciPy's ``pearsonr`` as a number, not a result object.

What the regression adapters add, and why: scikit-learn returns ``inf`` or
NaN (with a ``RuntimeWarning``) where a squared or absolute error, or their
sum, overflows float64 (``|y - p|`` above about 1.3e154 for the squared
error, about 1.8e308 for the absolute one), and NaN where ``R²`` has fewer
than two items.  The built-in measures declare those inputs undefined; the
adapters say the same by raising ``UndefinedMeasureError`` for a non-finite
result, so that the claims are checked where scikit-learn returns a number.
A finite result is passed on unchanged, with its warnings.  The unadapted
functions are checked as well (``tests/test_sklearn_claims.py``), where the
overflow itself is the finding.
"""

from collections.abc import Callable
from typing import Any

import krippendorff
import numpy as np
from scipy import stats
from sklearn import metrics

from axiometrics.errors import UndefinedMeasureError


def ordinal_alpha(gold: Any, system: Any) -> float:
    """Krippendorff's alpha at the ordinal level for two coders (gold and system)."""
    data = np.vstack([gold, system]).astype(float)
    if np.unique(data).size < 2:
        # krippendorff raises ValueError: alpha is undefined with one value in the domain.
        raise UndefinedMeasureError("alpha needs at least two distinct values")
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement="ordinal"))


def _finite(value: float, name: str) -> float:
    """The metric's value, or ``UndefinedMeasureError`` when scikit-learn gave inf or NaN."""
    out = float(value)
    if not np.isfinite(out):
        raise UndefinedMeasureError(
            f"{name} returned {out!r} (float64 overflow, or fewer than two items)"
        )
    return out


def weighted(metric: Callable[..., float]) -> Callable[..., float]:
    """``metric`` called as ``f(y_true, y_pred, sample_weight, **params)``; inf/NaN undefined."""
    name = metric.__name__

    def call(y_true: Any, y_pred: Any, sample_weight: Any, **params: Any) -> float:
        return _finite(metric(y_true, y_pred, sample_weight=sample_weight, **params), name)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"scikit-learn's {name} with positional sample weights (see the module)."
    return call


def finite(metric: Callable[..., float]) -> Callable[..., float]:
    """``metric`` called as ``f(y_true, y_pred, **params)``; an inf or NaN result undefined."""
    name = metric.__name__

    def call(y_true: Any, y_pred: Any, **params: Any) -> float:
        return _finite(metric(y_true, y_pred, **params), name)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"scikit-learn's {name}, an inf or NaN result undefined (see the module)."
    return call


# The names match scikit-learn's, so a failing item's reproduction line
# (`from metric_adapters import r2_score`) reads like the original call.
r2_score = weighted(metrics.r2_score)
mean_squared_error = weighted(metrics.mean_squared_error)
mean_absolute_error = weighted(metrics.mean_absolute_error)
mean_absolute_percentage_error = weighted(metrics.mean_absolute_percentage_error)
median_absolute_error = weighted(metrics.median_absolute_error)
explained_variance_score = weighted(metrics.explained_variance_score)
# max_error has no sample_weight parameter: it is checked unweighted.
max_error = finite(metrics.max_error)


def pearson_r(y_true: Any, y_pred: Any) -> float:
    """Pearson's r of SciPy's ``pearsonr``; undefined on fewer than two items.

    SciPy raises ``ValueError`` on one item, and returns NaN with a
    ``ConstantInputWarning`` for a constant input (``undefined="nan"``
    declares that).
    """
    if np.size(y_true) < 2:
        raise UndefinedMeasureError("pearsonr needs at least two items")
    return float(stats.pearsonr(y_true, y_pred).statistic)
