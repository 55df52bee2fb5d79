"""Bootstrap resampling of units, vectorised over resamples.

Every coefficient is a function of sums over units.  A bootstrap resample
draws ``n`` units with replacement, which is the same as giving each unit a
multiplicity (how often it was drawn); a block of resamples is a
``(B, n)`` matrix of multiplicities, and the coefficient is computed for
the whole block at once with matrix products.  The interval is the
percentile interval of the resampled coefficients.  Blocks keep the
memory bounded; the draws do not depend on the block size.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterator

import numpy as np

from axiometrics.errors import InvalidParameterError

__all__ = ["check_bootstrap", "percentile_interval", "resample_weights"]

#: Upper bound on ``B_block * n_units`` for one block of multiplicities.
_BLOCK_CELLS = 2_000_000


def check_bootstrap(
    bootstrap: int | None, confidence: float, seed: int | np.random.Generator | None
) -> None:
    """Validate the bootstrap options.

    Raises
    ------
    InvalidParameterError
        ``bootstrap`` is not a positive integer, ``confidence`` not in
        (0, 1), or ``seed`` neither an integer >= 0, a Generator nor ``None``.
    """
    if bootstrap is not None and (
        isinstance(bootstrap, bool) or not isinstance(bootstrap, numbers.Integral) or bootstrap < 1
    ):
        raise InvalidParameterError(
            f"bootstrap={bootstrap!r}: expected a positive number of resamples or None"
        )
    if (
        isinstance(confidence, bool)
        or not isinstance(confidence, numbers.Real)
        or not 0.0 < float(confidence) < 1.0
    ):
        raise InvalidParameterError(f"confidence={confidence!r}: expected a number in (0, 1)")
    if (
        seed is not None
        and not isinstance(seed, np.random.Generator)
        and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0)
    ):
        raise InvalidParameterError(
            f"seed={seed!r}: expected a non-negative integer, a numpy Generator or None"
        )


def resample_weights(
    n_units: int, bootstrap: int, rng: np.random.Generator
) -> Iterator[np.ndarray]:
    """Yield ``(B_block, n_units)`` float multiplicities, ``bootstrap`` rows in all.

    Each row is one resample: how many times each unit was drawn among
    ``n_units`` draws with replacement.
    """
    block = max(1, _BLOCK_CELLS // max(n_units, 1))
    done = 0
    while done < bootstrap:
        size = min(block, bootstrap - done)
        draws = rng.integers(0, n_units, size=(size, n_units))
        offsets = (np.arange(size) * n_units)[:, None]
        counts = np.bincount((draws + offsets).ravel(), minlength=size * n_units)
        yield counts.reshape(size, n_units).astype(float)
        done += size


def percentile_interval(
    statistic: Callable[[np.ndarray], np.ndarray],
    n_units: int,
    bootstrap: int,
    confidence: float,
    seed: int | np.random.Generator | None,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``statistic`` over resampled units.

    Parameters
    ----------
    statistic
        Maps ``(B, n_units)`` unit multiplicities to ``(B,)`` coefficients.
    n_units
        Units to resample.
    bootstrap
        Number of resamples.
    confidence
        Coverage of the interval.
    seed
        Seed or Generator of the draws.

    Returns
    -------
    tuple of float
        ``(low, high)``: the ``(1 - confidence) / 2`` and ``(1 + confidence) / 2``
        quantiles (linear interpolation) of the resampled coefficients.
    """
    rng = np.random.default_rng(seed)
    values = np.concatenate(
        [statistic(weights) for weights in resample_weights(n_units, bootstrap, rng)]
    )
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(values, [tail, 1.0 - tail])
    return float(low), float(high)
