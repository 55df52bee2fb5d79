"""System ranking similarity between measures (Sakai 2021 §5.1, Sakai 2022 §4).

Each measure ranks the systems by their mean score over all topics
(direction-aware: errors are negated, so every ranking puts the best
system first); Kendall's tau between every pair of rankings, with the
Long & Cliff (1997) 95% confidence interval (see
:mod:`axiometrics.meta.ranking`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from axiometrics.meta.ranking import kendall_tau_interval
from axiometrics.meta.scores import ScoreMatrices

__all__ = ["RankingSimilarity", "oriented_similarity", "ranking_similarity"]


@dataclass(frozen=True)
class RankingSimilarity:
    """Kendall's tau between the system rankings of every pair of measures.

    Attributes
    ----------
    measures
        Measure names, ``M`` of them.
    tau, low, high
        ``(M, M)`` arrays: tau and its confidence interval.
    variant
        ``"a"`` or ``"b"``.
    confidence
        Level of the intervals.
    n_systems
        Number of systems ranked.
    """

    measures: tuple[str, ...]
    tau: np.ndarray
    low: np.ndarray
    high: np.ndarray
    variant: str
    confidence: float
    n_systems: int

    def matrix(self) -> pd.DataFrame:
        """Tau as a labelled ``M x M`` DataFrame."""
        index = pd.Index(self.measures, name="measure")
        return pd.DataFrame(self.tau, index=index, columns=index.rename(None))

    def to_frame(self) -> pd.DataFrame:
        """One row per unordered pair of measures: tau and its interval."""
        i, j = np.triu_indices(len(self.measures), k=1)
        return pd.DataFrame(
            {
                "measure_a": [self.measures[a] for a in i],
                "measure_b": [self.measures[b] for b in j],
                "tau": self.tau[i, j],
                "ci_low": self.low[i, j],
                "ci_high": self.high[i, j],
                "n_systems": self.n_systems,
            }
        )

    def average_similarity(self) -> pd.Series:
        """Mean tau of each measure with every other measure (Sakai 2022's summary)."""
        m = len(self.measures)
        off = ~np.eye(m, dtype=bool)
        values = (self.tau * off).sum(axis=1) / max(1, m - 1)
        return pd.Series(values, index=pd.Index(self.measures, name="measure"), name="mean_tau")


def ranking_similarity(
    scores: ScoreMatrices, *, variant: str = "b", confidence: float = 0.95
) -> RankingSimilarity:
    """Kendall's tau (with Long & Cliff intervals) between all measures' system rankings.

    Parameters
    ----------
    scores
        Score matrices; systems are ranked by their mean over all topics.
    variant
        ``"b"`` (default; ties adjusted) or ``"a"``.
    confidence
        Level of the intervals (default 0.95).
    """
    return oriented_similarity(
        scores.measures,
        scores.system_means(oriented=True),
        variant=variant,
        confidence=confidence,
    )


def oriented_similarity(
    measures: tuple[str, ...],
    oriented: np.ndarray,
    *,
    variant: str = "b",
    confidence: float = 0.95,
) -> RankingSimilarity:
    """:func:`ranking_similarity` of any system scores ``(M, S)``, oriented higher-is-better.

    :func:`ranking_similarity` passes the means over topics; the corpus-level
    analyses (:mod:`axiometrics.meta.corpus_level`) pass corpus scores.
    """
    interval = kendall_tau_interval(
        oriented[:, None, :], oriented[None, :, :], variant=variant, confidence=confidence
    )
    return RankingSimilarity(
        measures=measures,
        tau=interval.tau,
        low=interval.low,
        high=interval.high,
        variant=variant,
        confidence=confidence,
        n_systems=oriented.shape[1],
    )
