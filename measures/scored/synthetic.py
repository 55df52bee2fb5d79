"""The embedded scored data: synthetic probabilistic classifiers on binary topics.

No shipped collection has real-valued scores, so the meta-evaluation of the
``scored`` family (ROC AUC, average precision, log loss, Brier, ...) runs on
this deterministic generator, in the spirit of the synthetic OC data of
Amigó et al. (2020) (:mod:`axiometrics.meta.synthetic`): systems whose
quality is known by design.

Gold
    ``n_topics`` topics (default 50) of ``n_items`` items (default 200).
    Topic ``t`` draws a prevalence ``pi_t`` uniformly from
    ``prevalence_range`` (default ``[0.05, 0.5]``) and has exactly
    ``round(pi_t * n)`` positive items (at least 1, at most ``n - 1``, so
    every topic has both classes), in random order.
Designed systems
    The binormal model: every system draws, for every item, a latent
    ``z = d * y + e`` with ``e ~ Normal(0, 1)`` independently per system,
    where ``d`` is the system's *separation* (ROC AUC ``Phi(d / sqrt 2)``
    in expectation).  The calibrated probability of a positive item given
    ``z`` and the topic's prevalence is ``sigmoid(L)`` with log-odds
    ``L = d (z - d / 2) + logit(pi_t)``; a system outputs
    ``sigmoid(a L + b)``, clipped to ``[1e-6, 1 - 1e-6]``.  Separations
    ``d`` in :data:`SEPARATIONS` times the calibrations of
    :data:`CALIBRATIONS`:

    ``calibrated``      ``a = 1, b = 0``;
    ``overconfident``   ``a = 2.5`` (probabilities pushed to 0 and 1);
    ``underconfident``  ``a = 0.4`` (probabilities pulled towards 0.5);
    ``biased``          ``a = 1, b = 1.5`` (every probability too high).

    Within a topic ``a > 0`` keeps the items' order, so the ranking
    measures (ROC AUC, average precision, precision at k) see only ``d``,
    while the probability measures (log loss, Brier) and threshold
    measures also see the calibration.  Names read ``"<calibration>_d<d>"``
    (e.g. ``"biased_d1.5"``).
Adversarial systems
    ``constant``   every item scores 0.5 (one big tie);
    ``inverted``   ``1 - p`` of a calibrated ``d = 2`` system (anti-correlated);
    ``ties_d2.0``  a calibrated ``d = 2`` system rounded to one decimal and
                   clipped to ``[0.05, 0.95]`` (about ten distinct scores);
    ``random``     a calibrated system with ``d = 0`` (no information).

Every draw comes from one NumPy Generator seeded with ``seed``; the same
arguments give the same bytes.
"""

from __future__ import annotations

import numpy as np

from axiometrics.errors import InvalidParameterError

from .runs import ScoredRuns

__all__ = [
    "ADVERSARIAL",
    "CALIBRATIONS",
    "DEFAULT_SCORED_SEED",
    "SEPARATIONS",
    "default_scored_runs",
    "scored_synthetic",
    "scored_system_kind",
]

#: Separations ``d`` of the designed systems (expected ROC AUC ``Phi(d / sqrt 2)``).
SEPARATIONS = (0.5, 1.0, 1.5, 2.0, 3.0)
#: Calibrations of the designed systems: name -> (slope ``a``, shift ``b``) on the log-odds.
CALIBRATIONS: dict[str, tuple[float, float]] = {
    "calibrated": (1.0, 0.0),
    "overconfident": (2.5, 0.0),
    "underconfident": (0.4, 0.0),
    "biased": (1.0, 1.5),
}
#: The adversarial systems, after the designed ones.
ADVERSARIAL = ("constant", "inverted", "ties_d2.0", "random")
#: Seed of the embedded scored data.
DEFAULT_SCORED_SEED = 2024
#: Probabilities are kept this far from 0 and 1 (log loss stays finite).
_EPS = 1e-6
#: Separation of the inverted and ties-heavy systems.
_ADVERSARY_D = 2.0


def scored_system_kind(name: str) -> str:
    """The kind of a synthetic scored system (``"biased_d1.5"`` -> ``"biased"``)."""
    if name in ADVERSARIAL:
        return name.split("_d", 1)[0]
    return name.rsplit("_d", 1)[0]


def _check_int(value: int, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise InvalidParameterError(f"{name}={value!r}: expected an integer >= {minimum}")
    return int(value)


def _check_range(bounds: tuple[float, float]) -> tuple[float, float]:
    try:
        lo, hi = (float(x) for x in bounds)
    except (TypeError, ValueError):
        raise InvalidParameterError(
            f"prevalence_range={bounds!r}: expected two numbers (low, high)"
        ) from None
    if not 0.0 < lo <= hi < 1.0:
        raise InvalidParameterError(f"prevalence_range={bounds!r}: expected 0 < low <= high < 1")
    return lo, hi


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return np.clip(0.5 * (1.0 + np.tanh(0.5 * x)), _EPS, 1.0 - _EPS)


def scored_synthetic(
    *,
    n_topics: int = 50,
    n_items: int = 200,
    seed: int = DEFAULT_SCORED_SEED,
    prevalence_range: tuple[float, float] = (0.05, 0.5),
) -> ScoredRuns:
    """Generate the synthetic scored runs (see the module docstring for the model).

    Parameters
    ----------
    n_topics
        Topics (default 50; at least 2).
    n_items
        Items per topic (default 200; at least 2, so both classes occur).
    seed
        Seed of every random draw.
    prevalence_range
        Smallest and largest prevalence of the positive class.

    Returns
    -------
    ScoredRuns
        24 systems: the 20 designed ones (calibration-major order), then
        :data:`ADVERSARIAL`.

    Raises
    ------
    InvalidParameterError
        For counts below their minimum or a prevalence range outside (0, 1).
    """
    t = _check_int(n_topics, "n_topics", 2)
    n = _check_int(n_items, "n_items", 2)
    lo, hi = _check_range(prevalence_range)
    rng = np.random.default_rng(seed)
    prevalence = rng.uniform(lo, hi, size=t)
    positives = np.clip(np.rint(prevalence * n), 1, n - 1).astype(int)
    ranks = np.argsort(rng.random((t, n)), axis=-1)
    gold = (ranks < positives[:, None]).astype(np.int8)
    prior = np.log(positives / (n - positives))[:, None]  # the topic's log prior odds

    def calibrated_log_odds(d: float) -> np.ndarray:
        z = d * gold + rng.standard_normal((t, n))
        return d * (z - d / 2.0) + prior

    columns: list[np.ndarray] = []
    names: list[str] = []
    for kind, (slope, shift) in CALIBRATIONS.items():
        for d in SEPARATIONS:
            columns.append(_sigmoid(slope * calibrated_log_odds(d) + shift))
            names.append(f"{kind}_d{d:.1f}")
    columns.append(np.full((t, n), 0.5))
    columns.append(1.0 - _sigmoid(calibrated_log_odds(_ADVERSARY_D)))
    columns.append(np.clip(np.round(_sigmoid(calibrated_log_odds(_ADVERSARY_D)), 1), 0.05, 0.95))
    columns.append(_sigmoid(calibrated_log_odds(0.0)))
    names += list(ADVERSARIAL)
    return ScoredRuns(
        topics=tuple(f"t{i + 1:03d}" for i in range(t)),
        systems=tuple(names),
        gold=gold,
        scores=np.stack(columns, axis=1),
    )


def default_scored_runs() -> ScoredRuns:
    """The embedded scored data (50 topics x 200 items, 24 systems, seed 2024)."""
    return scored_synthetic()
