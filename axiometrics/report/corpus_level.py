"""The report's model of the corpus-level analyses of one data set.

:func:`corpus_model` turns a :class:`~axiometrics.meta.corpus_level.CorpusLevel`
into JSON-ready values (floats rounded by :func:`~axiometrics.report.model.number`):
the corpus scores of every system, the agreement with the known truth, the
ranking similarity of the corpus scores, the consistency over segment
splits and the corpus-level tests' discriminative power.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.meta.corpus_level import CorpusConsistency, CorpusDiscriminative, CorpusLevel
from axiometrics.meta.similarity import RankingSimilarity
from axiometrics.report.model import number, numbers
from axiometrics.report.truth import truth_model

__all__ = ["corpus_model"]

Family = Callable[[str], str]


def _similarity(sim: RankingSimilarity, user: set[str]) -> dict[str, Any]:
    """Every pair of measures once: tau and its interval."""
    i, j = np.triu_indices(len(sim.measures), k=1)
    return {
        "variant": sim.variant,
        "confidence": sim.confidence,
        "n_systems": sim.n_systems,
        "rows": [
            {
                "a": sim.measures[a],
                "b": sim.measures[b],
                "a_user": sim.measures[a] in user,
                "b_user": sim.measures[b] in user,
                "tau": number(sim.tau[a, b]),
                "low": number(sim.low[a, b]),
                "high": number(sim.high[a, b]),
            }
            for a, b in zip(i.tolist(), j.tolist(), strict=True)
        ],
    }


def _consistency(cons: CorpusConsistency, user: set[str], family_of: Family) -> dict[str, Any]:
    """Mean tau and swap rate per measure, the most consistent first."""
    ve2 = float(cons.ve2)
    return {
        "split": cons.label,
        "trials": int(cons.taus.shape[0]),
        "ve2": float(f"{ve2:.6g}") if np.isfinite(ve2) else None,
        "rows": [
            {
                "measure": str(r["measure"]),
                "family": family_of(str(r["measure"])),
                "user": str(r["measure"]) in user,
                "mean_tau": number(r["mean_tau"]),
                "swap_rate": number(r["swap_rate"]),
                "outperforms": int(r["outperforms"]),
                "marker": str(r["marker"]),
                "trials_used": int(r["trials_used"]),
            }
            for r in cons.to_frame().to_dict("records")
        ],
    }


def _discriminative(
    power: CorpusDiscriminative, user: set[str], family_of: Family
) -> dict[str, Any]:
    """Significant pairs per measure (corrected and not), the most discriminative first."""
    return {
        "test": power.test,
        "correction": power.correction,
        "alpha": power.alpha,
        "trials": power.trials,
        "rows": [
            {
                "measure": str(r["measure"]),
                "family": family_of(str(r["measure"])),
                "user": str(r["measure"]) in user,
                "significant_pairs": int(r["significant_pairs"]),
                "pairs": int(r["pairs"]),
                "share": number(r["share"]),
                "significant_uncorrected": int(r["significant_uncorrected"]),
            }
            for r in power.to_frame().to_dict("records")
        ],
    }


def corpus_model(result: CorpusLevel, user: set[str], family_of: Family) -> dict[str, Any]:
    """The JSON-ready model of the corpus-level analyses.

    Parameters
    ----------
    result
        The corpus-level analyses of one data set.
    user
        Names of the user's measures (flagged).
    family_of
        Measure name -> the family it is shown under.
    """
    return {
        "n_segments": result.n_segments,
        "measures": [
            {"name": m, "family": family_of(m), "user": m in user, "higher_is_better": h}
            for m, h in zip(result.measures, result.higher_is_better, strict=True)
        ],
        "scores": [
            {"system": str(system), "scores": numbers(result.scores[:, index])}
            for index, system in enumerate(result.systems)
        ],
        "truth": None if result.truth is None else truth_model(result.truth, user, family_of),
        "similarity": None if result.similarity is None else _similarity(result.similarity, user),
        "consistency": None
        if result.consistency is None
        else _consistency(result.consistency, user, family_of),
        "discriminative": None
        if result.discriminative is None
        else _discriminative(result.discriminative, user, family_of),
    }
