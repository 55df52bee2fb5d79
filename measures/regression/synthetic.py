"""Synthetic regression systems whose quality is known by design.

A seeded generator in the spirit of the synthetic OC data of Amigó et al.
(2020) (:mod:`axiometrics.meta.synthetic`) and of the synthetic scored
classifiers (:mod:`axiometrics.measures.scored.synthetic`): every system
makes errors of a declared kind and size, so the true order of the systems
is known and a measure's ranking can be read against it.

Gold
    ``n_topics`` topics (default 50) of ``n_items`` items (default 100).
    Topic ``t`` draws a level ``c_t`` uniformly from ``level_range``
    (default ``[200, 400]``) and a spread ``s_t`` from ``spread_range``
    (default ``[5, 12]``); its true values are ``y = c_t + s_t z`` with
    ``z`` standard normal truncated at ``±4``.  Every true value is then
    positive (at least ``200 - 48``), so every measure of the family is
    defined on every system but the constant one (see below).
Systems
    Every system ``k`` predicts, for item ``i`` of topic ``t``::

        p = m_t + a_k (y - m_t) + b_k s_t + sigma_k s_t e + o s_t u

    with ``m_t`` the topic's mean true value, ``a_k`` the *slope* (1:
    right scale, below 1: predictions shrunk towards the mean, above 1:
    stretched), ``b_k`` the *bias*, ``sigma_k`` the *noise* level, ``e``
    standard normal truncated at ``±4``, ``u`` 0 or ±1: an outlier of size
    ``o = 5`` (:data:`OUTLIER_SIZE`) and random sign hits each item with
    probability ``r_k``, the *outlier rate*.  Errors are in units of the
    topic's spread, so one system is equally good on every topic.
    :data:`SYSTEMS` lists them: a perfect system, noise, bias, scale and
    outlier systems, combinations, and the constant ``mean`` system
    (``a = 0``: the topic mean for every item, R² = 0).  The correlations
    are undefined on the constant system.
True quality
    The expected squared error, in units of ``s_t^2``::

        E[(p - y)^2] / s_t^2 = (a - 1)^2 v (n - 1) / n + b^2 + sigma^2 v + r o^2

    with ``v`` the variance of the truncated normal (``1 - 8 phi(4) /
    (2 Phi(4) - 1)``, about 0.9989); :func:`expected_squared_error` computes
    it and :func:`true_order` ranks the systems by it (best first).  The
    parameters are chosen so that no two systems tie.  Other measures see
    other orders by design: the correlations ignore bias and scale, the
    absolute errors weigh outliers less than the squared ones.

Every draw comes from one NumPy Generator seeded with ``seed``, vectorised
over topics, systems and items; the same arguments give the same bytes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr, ndtri

from axiometrics.errors import InvalidParameterError

from .runs import RegressionRuns

__all__ = [
    "DEFAULT_REGRESSION_SEED",
    "OUTLIER_SIZE",
    "SYSTEMS",
    "TRUNCATION",
    "SyntheticSystem",
    "default_regression_runs",
    "expected_squared_error",
    "regression_synthetic",
    "true_order",
]

#: Seed of the default synthetic regression data.
DEFAULT_REGRESSION_SEED = 2025
#: Size of an outlier error, in units of the topic's spread.
OUTLIER_SIZE = 5.0
#: Standard normal draws are truncated at ``±TRUNCATION``.
TRUNCATION = 4.0


@dataclass(frozen=True)
class SyntheticSystem:
    """One designed system: its kind and error parameters (in units of the topic's spread).

    Attributes
    ----------
    name
        The system's name.
    kind
        ``"perfect"``, ``"noise"``, ``"bias"``, ``"scale"``, ``"outliers"``,
        ``"combined"`` or ``"constant"``.
    slope, bias, noise, outlier_rate
        ``a``, ``b``, ``sigma`` and ``r`` of the module docstring.
    """

    name: str
    kind: str
    slope: float = 1.0
    bias: float = 0.0
    noise: float = 0.0
    outlier_rate: float = 0.0

    def parameters(self) -> dict[str, float]:
        """The error parameters as a mapping (for the collection's metadata)."""
        return {
            "slope": self.slope,
            "bias": self.bias,
            "noise": self.noise,
            "outlier_rate": self.outlier_rate,
        }


#: The designed systems, in the collection's order.
SYSTEMS: tuple[SyntheticSystem, ...] = (
    SyntheticSystem("perfect", "perfect"),
    SyntheticSystem("noise_0.1", "noise", noise=0.1),
    SyntheticSystem("noise_0.3", "noise", noise=0.3),
    SyntheticSystem("noise_0.6", "noise", noise=0.6),
    SyntheticSystem("noise_1.2", "noise", noise=1.2),
    SyntheticSystem("bias_0.2", "bias", bias=0.2),
    SyntheticSystem("bias_0.45", "bias", bias=0.45),
    SyntheticSystem("bias_0.8", "bias", bias=0.8),
    SyntheticSystem("shrunk_0.6", "scale", slope=0.6),
    SyntheticSystem("stretched_1.5", "scale", slope=1.5),
    SyntheticSystem("outliers_0.02", "outliers", outlier_rate=0.02),
    SyntheticSystem("outliers_0.05", "outliers", outlier_rate=0.05),
    SyntheticSystem("outliers_0.1", "outliers", outlier_rate=0.1),
    SyntheticSystem("noise_0.3+bias_0.45", "combined", bias=0.45, noise=0.3),
    SyntheticSystem("noise_0.3+outliers_0.02", "combined", noise=0.3, outlier_rate=0.02),
    SyntheticSystem("shrunk_0.6+noise_0.6", "combined", slope=0.6, noise=0.6),
    SyntheticSystem(
        "stretched_1.5+bias_0.2+noise_0.3+outliers_0.02",
        "combined",
        slope=1.5,
        bias=0.2,
        noise=0.3,
        outlier_rate=0.02,
    ),
    SyntheticSystem("mean", "constant", slope=0.0),
)


def _truncated_variance(c: float = TRUNCATION) -> float:
    """Variance of a standard normal truncated to ``[-c, c]``."""
    density = math.exp(-0.5 * c * c) / math.sqrt(2.0 * math.pi)
    mass = math.erf(c / math.sqrt(2.0))
    return 1.0 - 2.0 * c * density / mass


def expected_squared_error(system: SyntheticSystem, n_items: int = 100) -> float:
    """The system's expected squared error in units of the topic's spread squared.

    Parameters
    ----------
    system
        One of :data:`SYSTEMS` (or any :class:`SyntheticSystem`).
    n_items
        Items per topic (the slope term uses the topic's sample mean).
    """
    v = _truncated_variance()
    centred = v * (n_items - 1) / n_items
    return float(
        (system.slope - 1.0) ** 2 * centred
        + system.bias**2
        + system.noise**2 * v
        + system.outlier_rate * OUTLIER_SIZE**2
    )


def true_order(n_items: int = 100) -> tuple[str, ...]:
    """System names from the best to the worst by :func:`expected_squared_error`."""
    errors = [expected_squared_error(s, n_items) for s in SYSTEMS]
    return tuple(SYSTEMS[i].name for i in np.argsort(errors, kind="stable"))


def _check_int(value: int, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise InvalidParameterError(f"{name}={value!r}: expected an integer >= {minimum}")
    return int(value)


def _check_range(bounds: tuple[float, float], name: str) -> tuple[float, float]:
    try:
        lo, hi = (float(x) for x in bounds)
    except (TypeError, ValueError):
        raise InvalidParameterError(
            f"{name}={bounds!r}: expected two numbers (low, high)"
        ) from None
    if not (math.isfinite(lo) and math.isfinite(hi) and 0.0 < lo <= hi):
        raise InvalidParameterError(f"{name}={bounds!r}: expected finite 0 < low <= high")
    return lo, hi


def _truncated_normal(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Standard normal draws truncated to ``[-TRUNCATION, TRUNCATION]`` (inverse CDF)."""
    low = float(ndtr(-TRUNCATION))
    return np.asarray(ndtri(rng.uniform(low, 1.0 - low, size=shape)))


def regression_synthetic(
    *,
    n_topics: int = 50,
    n_items: int = 100,
    seed: int = DEFAULT_REGRESSION_SEED,
    level_range: tuple[float, float] = (200.0, 400.0),
    spread_range: tuple[float, float] = (5.0, 12.0),
) -> RegressionRuns:
    """Generate the synthetic regression runs (see the module docstring for the model).

    Parameters
    ----------
    n_topics
        Topics (default 50; at least 2).
    n_items
        Items per topic (default 100; at least 2).
    seed
        Seed of every random draw.
    level_range
        Smallest and largest topic level ``c_t`` (positive).
    spread_range
        Smallest and largest topic spread ``s_t`` (positive).

    Returns
    -------
    RegressionRuns
        The systems of :data:`SYSTEMS`, in that order, topics ``t001`` ...

    Raises
    ------
    InvalidParameterError
        For counts below their minimum or ranges that are not positive and ordered.
    """
    t = _check_int(n_topics, "n_topics", 2)
    n = _check_int(n_items, "n_items", 2)
    level_lo, level_hi = _check_range(level_range, "level_range")
    spread_lo, spread_hi = _check_range(spread_range, "spread_range")
    rng = np.random.default_rng(seed)
    level_t = rng.uniform(level_lo, level_hi, size=(t, 1))
    spread_t = rng.uniform(spread_lo, spread_hi, size=(t, 1))
    y_true = level_t + spread_t * _truncated_normal(rng, (t, n))
    mean_t = y_true.mean(axis=1, keepdims=True)
    s = len(SYSTEMS)
    slope, bias, noise, rate = (
        np.array([getattr(k, f) for k in SYSTEMS])[:, None]
        for f in ("slope", "bias", "noise", "outlier_rate")
    )
    noise_draws = _truncated_normal(rng, (t, s, n))
    hits = rng.random((t, s, n)) < rate
    signs = np.where(rng.random((t, s, n)) < 0.5, -1.0, 1.0)
    truth, centre = y_true[:, None, :], mean_t[:, :, None]
    # Slope 1 keeps the true value and slope 0 the mean exactly (no rounding).
    base = np.where(slope == 1.0, truth, centre + slope * (truth - centre))
    y_pred = base + spread_t[:, :, None] * (
        bias + noise * noise_draws + OUTLIER_SIZE * hits * signs
    )
    return RegressionRuns(
        topics=tuple(f"t{i + 1:03d}" for i in range(t)),
        systems=tuple(k.name for k in SYSTEMS),
        y_true=y_true,
        y_pred=y_pred,
    )


def default_regression_runs() -> RegressionRuns:
    """The default synthetic regression data (50 topics x 100 items, 18 systems, seed 2025)."""
    return regression_synthetic()
