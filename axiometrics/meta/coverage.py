"""Coverage of a reference measure set via the Unanimous Improvement Ratio (Amigó et al. 2020 §5.1).

UIR
---
For systems ``s, s'`` and a reference set ``R`` of measures, ``s`` is at
least as good as ``s'`` on topic ``t`` *unanimously* when every measure of
``R`` scores ``s`` at least as well as ``s'`` on ``t`` (direction-aware:
for an error measure, "at least as good" means "not larger")::

    UIR_R(s, s') = (|{t : s >=_R s' on t}| - |{t : s' >=_R s on t}|) / |T|

A topic where the two systems tie on every reference measure counts on
both sides and cancels.  Scores within ``1e-12`` (relative) of each other
are treated as equal, so that the rounding of equal values cannot break a
tie.

Coverage
--------
``Coverage_R(m)`` is Spearman's correlation, over all **ordered** pairs
``(s, s')`` with ``s != s'``, between ``m(s) - m(s')`` and
``UIR_R(s, s')``, where ``m(s)`` is the system's mean score over the
topics, oriented so that higher is better.  Ordered pairs make the value
independent of how pairs would be oriented: both vectors are
antisymmetric, each unordered pair contributes ``(d, u)`` and ``(-d, -u)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from axiometrics.meta.errors import MetaInputError
from axiometrics.meta.ranking import spearman_rho
from axiometrics.meta.scores import ScoreMatrices

__all__ = ["DEFAULT_REFERENCE", "Coverage", "coverage", "unanimous_improvement_ratio"]

#: Amigó et al. (2020)'s reference set: class matching, class ordering, imbalance.
DEFAULT_REFERENCE = ("accuracy", "kendall_tau_a", "mutual_information")

_RELATIVE_TIE = 1e-12


def unanimous_improvement_ratio(oriented: np.ndarray) -> np.ndarray:
    """UIR for every ordered pair of systems.

    Parameters
    ----------
    oriented
        Reference scores ``(R, T, S)``, oriented so that higher is better.

    Returns
    -------
    numpy.ndarray
        ``(S, S)``, antisymmetric: entry ``[s, s']`` is ``UIR(s, s')``.
    """
    scores = np.asarray(oriented, dtype=float)
    if scores.ndim != 3:
        raise MetaInputError(f"reference scores must have shape (R, T, S) (got {scores.shape})")
    r, t, s = scores.shape
    scale = np.maximum(np.abs(scores).max(axis=(1, 2), keepdims=True), 1.0)
    tol = _RELATIVE_TIE * scale[..., None]
    at_least = np.ones((t, s, s), dtype=bool)
    for m in range(r):  # the reference set is small (3 measures by default)
        x = scores[m]
        at_least &= x[:, :, None] >= x[:, None, :] - tol[m]
    wins = at_least.sum(axis=0)
    return (wins - wins.T) / t


@dataclass(frozen=True)
class Coverage:
    """Coverage of each measure with respect to a reference set.

    Attributes
    ----------
    measures
        Measures evaluated.
    reference
        The reference measures of the UIR.
    values
        Coverage per measure, ``(M,)``.
    uir
        ``(S, S)`` UIR matrix.
    systems
        System names.
    """

    measures: tuple[str, ...]
    reference: tuple[str, ...]
    values: np.ndarray
    uir: np.ndarray
    systems: tuple[Hashable, ...]

    def to_frame(self) -> pd.DataFrame:
        """One row per measure, highest coverage first."""
        frame = pd.DataFrame(
            {
                "measure": list(self.measures),
                "coverage": self.values,
                "in_reference": [m in self.reference for m in self.measures],
                "reference": ", ".join(self.reference),
            }
        )
        return frame.sort_values("coverage", ascending=False, kind="stable").reset_index(drop=True)

    def as_series(self) -> pd.Series:
        """Coverage indexed by measure, in the original order."""
        return pd.Series(
            self.values, index=pd.Index(self.measures, name="measure"), name="coverage"
        )


def coverage(
    scores: ScoreMatrices,
    *,
    reference: Sequence[str] = DEFAULT_REFERENCE,
    reference_scores: ScoreMatrices | None = None,
) -> Coverage:
    """Coverage of every measure of ``scores`` with respect to the ``reference`` set.

    Parameters
    ----------
    scores
        Score matrices of the measures to evaluate.
    reference
        Names of the reference measures (default: accuracy, Kendall tau-a,
        mutual information).
    reference_scores
        Where to find the reference measures' scores (same topics and
        systems); default: ``scores`` itself.

    Raises
    ------
    MetaInputError
        If a reference measure is missing, the reference is empty, or the
        topics/systems differ.
    """
    source = scores if reference_scores is None else reference_scores
    reference = tuple(reference)
    if not reference:
        raise MetaInputError("the coverage reference set must name at least one measure")
    missing = [m for m in reference if m not in source.measures]
    if missing:
        raise MetaInputError(
            f"coverage reference measures {missing!r} are not among the scored measures "
            f"{list(source.measures)!r}; score them too or pass another reference"
        )
    if source.topics != scores.topics or source.systems != scores.systems:
        raise MetaInputError("reference_scores must cover the same topics and systems as scores")
    ref = source.select(reference)
    uir = unanimous_improvement_ratio(ref.oriented())
    s = len(scores.systems)
    off = ~np.eye(s, dtype=bool)
    means = scores.system_means(oriented=True)
    differences = (means[:, :, None] - means[:, None, :])[:, off]
    values = np.asarray(spearman_rho(differences, uir[off][None, :]), dtype=float)
    return Coverage(scores.measures, reference, values, uir, scores.systems)
