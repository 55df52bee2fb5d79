"""Tail probabilities and quantiles of the reference distributions.

The tests of :mod:`axiometrics.stats` need the Student t, normal, F,
chi-squared and binomial distributions.  Their special functions come from
SciPy (``scipy.special``), imported on first use, so importing
:mod:`axiometrics.stats` stays cheap and a missing SciPy is reported as
:class:`~axiometrics.meta.errors.MissingDependencyError` with the command
that installs it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

__all__ = [
    "binom_cdf",
    "chi2_sf",
    "f_sf",
    "normal_cdf",
    "normal_ppf",
    "normal_sf",
    "scipy_special",
    "t_ppf",
    "t_sf",
]


def scipy_special() -> ModuleType:
    """``scipy.special``, imported on first use (:class:`MissingDependencyError` without SciPy)."""
    try:
        import scipy.special
    except ImportError:  # pragma: no cover - SciPy is installed with the test extra
        # Imported here: axiometrics.meta imports axiometrics.stats.
        from axiometrics.meta.errors import MissingDependencyError

        raise MissingDependencyError(
            "the significance tests of axiometrics.stats need SciPy's special functions; "
            "install them with `pip install scipy`"
        ) from None
    return scipy.special


def t_sf(t: Any, df: Any) -> np.ndarray:
    """``P(T > t)`` for Student's t with ``df`` degrees of freedom (``t = inf`` gives 0)."""
    return np.asarray(scipy_special().stdtr(df, -np.asarray(t, dtype=float)), dtype=float)


def t_ppf(q: Any, df: Any) -> np.ndarray:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom."""
    return np.asarray(scipy_special().stdtrit(df, q), dtype=float)


def normal_cdf(z: Any) -> np.ndarray:
    """``P(Z <= z)`` for the standard normal."""
    return np.asarray(scipy_special().ndtr(z), dtype=float)


def normal_sf(z: Any) -> np.ndarray:
    """``P(Z > z)`` for the standard normal."""
    return np.asarray(scipy_special().ndtr(-np.asarray(z, dtype=float)), dtype=float)


def normal_ppf(q: Any) -> np.ndarray:
    """The ``q`` quantile of the standard normal (``-inf`` at 0, ``inf`` at 1)."""
    return np.asarray(scipy_special().ndtri(q), dtype=float)


def f_sf(f: Any, dfn: Any, dfd: Any) -> np.ndarray:
    """``P(F > f)`` for the F distribution (``f = inf`` gives 0)."""
    f = np.asarray(f, dtype=float)
    finite = np.isfinite(f)
    out = np.zeros(np.broadcast(f, dfn, dfd).shape)
    safe = np.where(finite, f, 0.0)
    values = np.asarray(scipy_special().fdtrc(dfn, dfd, safe), dtype=float)
    return np.where(finite, values, out)


def chi2_sf(x: Any, df: Any) -> np.ndarray:
    """``P(X > x)`` for the chi-squared distribution with ``df`` degrees of freedom."""
    return np.asarray(scipy_special().chdtrc(df, x), dtype=float)


def binom_cdf(k: Any, n: Any) -> np.ndarray:
    """``P(K <= k)`` for ``K ~ Binomial(n, 1/2)`` (0 for ``k < 0``, 1 for ``k >= n``)."""
    k = np.asarray(k, dtype=np.int64)
    n = np.asarray(n, dtype=np.int64)
    inside = (k >= 0) & (k < n)
    safe_k = np.where(inside, k, 0)
    safe_n = np.where(inside, n, 1)
    values = np.asarray(scipy_special().bdtr(safe_k, safe_n, 0.5), dtype=float)
    return np.where(inside, values, np.where(k < 0, 0.0, 1.0))
