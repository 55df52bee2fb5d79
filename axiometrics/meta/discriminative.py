"""Discriminative power (Sakai 2006; Sakai 2021 §5.3): how many system pairs a measure separates.

For each measure, a randomised Tukey HSD test (see
:mod:`axiometrics.stats.tukey`) on its topic x system matrix gives a
p-value for every pair of systems.  A measure is more discriminative the
more pairs get small p-values: the result reports the sorted p-value
curve (Sakai's figures) and the number of pairs significant at ``alpha``.
All measures share the same random permutations (common random numbers),
so their curves differ only through the scores.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.parallel import Tasks
from axiometrics.stats.resampling import Seed
from axiometrics.stats.tukey import DEFAULT_MAX_ELEMENTS, randomized_tukey_hsd

__all__ = ["DiscriminativePower", "discriminative_power"]


@dataclass(frozen=True)
class DiscriminativePower:
    """Pairwise p-values of every measure.

    Attributes
    ----------
    measures
        Measure names, ``M`` of them.
    systems
        System names, ``S`` of them.
    p_values
        ``(M, S, S)`` symmetric p-values (diagonal 1).
    trials
        ``B``.
    alpha
        Default significance level.
    """

    measures: tuple[str, ...]
    systems: tuple[Hashable, ...]
    p_values: np.ndarray
    trials: int
    alpha: float

    @property
    def pair_p_values(self) -> np.ndarray:
        """p-values of the ``S(S-1)/2`` system pairs, ``(M, P)``."""
        i, j = np.triu_indices(len(self.systems), k=1)
        return self.p_values[:, i, j]

    def n_significant(self, alpha: float | None = None) -> np.ndarray:
        """Pairs with ``p < alpha`` per measure, ``(M,)``."""
        level = self.alpha if alpha is None else alpha
        return (self.pair_p_values < level).sum(axis=1)

    def to_frame(self, alpha: float | None = None) -> pd.DataFrame:
        """One row per measure, most discriminative first."""
        level = self.alpha if alpha is None else alpha
        pairs = self.pair_p_values.shape[1]
        count = self.n_significant(level)
        frame = pd.DataFrame(
            {
                "measure": list(self.measures),
                "significant_pairs": count,
                "pairs": pairs,
                "share": count / pairs,
                "alpha": level,
                "trials": self.trials,
            }
        )
        return frame.sort_values("significant_pairs", ascending=False, kind="stable").reset_index(
            drop=True
        )

    def curves(self) -> pd.DataFrame:
        """Sorted p-values per measure (the discriminative power curves), long format."""
        sorted_p = np.sort(self.pair_p_values, axis=1)
        m, p = sorted_p.shape
        return pd.DataFrame(
            {
                "measure": np.repeat(np.asarray(self.measures, dtype=object), p),
                "rank": np.tile(np.arange(1, p + 1), m),
                "p_value": sorted_p.ravel(),
            }
        )

    def pairs_frame(self) -> pd.DataFrame:
        """One row per (measure, system pair) with its p-value."""
        i, j = np.triu_indices(len(self.systems), k=1)
        m = len(self.measures)
        return pd.DataFrame(
            {
                "measure": np.repeat(np.asarray(self.measures, dtype=object), len(i)),
                "system_a": np.tile(np.asarray([self.systems[a] for a in i], dtype=object), m),
                "system_b": np.tile(np.asarray([self.systems[b] for b in j], dtype=object), m),
                "p_value": self.pair_p_values.ravel(),
            }
        )


def discriminative_power(
    scores: ScoreMatrices,
    *,
    B: int = 5000,
    alpha: float = 0.05,
    seed: Seed = 0,
    include_observed: bool = False,
    max_elements: int = DEFAULT_MAX_ELEMENTS,
    progress: Callable[[int], object] | None = None,
    tasks: Tasks | None = None,
) -> DiscriminativePower:
    """Randomised Tukey HSD p-values for every pair of systems, per measure.

    Parameters
    ----------
    scores
        Score matrices ``(M, T, S)``: topics are the blocks, systems the groups.
    B
        Number of randomisation trials (default 5000).
    alpha
        Level at which pairs are counted as significant.
    seed
        Seed or Generator of the permutations.
    include_observed
        Use ``(count + 1) / (B + 1)`` instead of Sakai's ``count / B``.
    max_elements
        Memory bound per chunk of trials.
    progress
        Called with the number of trials done after each chunk.
    tasks
        Where blocks of trials run (:class:`~axiometrics.parallel.Tasks`);
        the p-values are the same for any backend and number of workers.
        Default: this process.
    """
    if not 0.0 < alpha < 1.0:
        raise InvalidParameterError(f"alpha must lie in (0, 1) (got {alpha!r})")
    result = randomized_tukey_hsd(
        scores.scores,
        trials=B,
        seed=seed,
        include_observed=include_observed,
        max_elements=max_elements,
        progress=progress,
        tasks=tasks,
    )
    return DiscriminativePower(
        measures=scores.measures,
        systems=scores.systems,
        p_values=result.p_values,
        trials=result.trials,
        alpha=alpha,
    )
