"""Agreement of each measure's system ranking with a known true order.

A synthetic collection whose systems were designed with a known quality
(e.g. an expected squared error) lets a meta-evaluation read a measure's
ranking against the truth instead of only against other measures.  The
truth maps every system to its true quality, **lower is better**.

For every measure, the systems are ranked by their mean score over the
topics (direction-aware, as in :mod:`axiometrics.meta.similarity`), and
compared with the true order:

``tau``, ``ci_low``, ``ci_high``
    Kendall's tau (``"b"`` by default) between the measure's ranking and the
    true one, with the Long & Cliff (1997) interval of
    :func:`~axiometrics.meta.ranking.kendall_tau_interval`.  1: the measure
    orders the systems exactly as the truth; -1: exactly the other way.
``agreeing``, ``tied``, ``pairs``, ``share``
    ``pairs`` counts the system pairs the truth orders (pairs of equal true
    quality say nothing and are left out); ``agreeing`` those the measure
    orders the same way; ``tied`` those the measure ties (they do not agree);
    ``share = agreeing / pairs``.

Means within ``1e-12`` (relative) of each other are ties, as everywhere in
:mod:`axiometrics.meta.ranking`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.ranking import kendall_tau_interval, pair_signs, snap_ties
from axiometrics.meta.scores import ScoreMatrices

__all__ = ["TruthAgreement", "check_truth", "oriented_truth_agreement", "truth_agreement"]

#: How many names an error message lists before "...".
_SHOWN = 5


@dataclass(frozen=True)
class TruthAgreement:
    """Agreement of every measure's system ranking with the true order.

    Attributes
    ----------
    measures
        Measure names, ``M`` of them.
    systems
        System names, ``S`` of them.
    truth
        ``(S,)`` true quality of each system, lower is better.
    tau, low, high
        ``(M,)`` Kendall's tau with the true order and its interval.
    agreeing, tied
        ``(M,)`` pairs the measure orders as the truth does, and pairs it ties.
    pairs
        Pairs of systems the truth orders (of different true quality).
    variant
        ``"a"`` or ``"b"``.
    confidence
        Level of the intervals.
    """

    measures: tuple[str, ...]
    systems: tuple[Hashable, ...]
    truth: np.ndarray
    tau: np.ndarray
    low: np.ndarray
    high: np.ndarray
    agreeing: np.ndarray
    tied: np.ndarray
    pairs: int
    variant: str
    confidence: float

    @property
    def share(self) -> np.ndarray:
        """``(M,)`` share of the truth's ordered pairs that the measure orders the same way."""
        return np.asarray(self.agreeing / self.pairs, dtype=float)

    def to_frame(self) -> pd.DataFrame:
        """One row per measure, the best agreement (highest tau) first."""
        frame = pd.DataFrame(
            {
                "measure": list(self.measures),
                "tau": self.tau,
                "ci_low": self.low,
                "ci_high": self.high,
                "agreeing": self.agreeing,
                "tied": self.tied,
                "pairs": self.pairs,
                "share": self.share,
                "n_systems": len(self.systems),
            }
        )
        ordered = frame.sort_values(["tau", "share"], ascending=False, kind="stable")
        return ordered.reset_index(drop=True)


def _shown(names: Sequence[Any]) -> str:
    listed = [*names[:_SHOWN], "..."] if len(names) > _SHOWN else list(names)
    return repr(listed).replace("'...'", "...")


def _quality(system: Hashable, value: Any) -> float:
    """One system's true quality as a finite float."""
    if isinstance(value, bool) or not isinstance(value, Real | np.floating | np.integer):
        raise InvalidParameterError(
            f"truth[{system!r}]={value!r}: expected a real number (the system's true quality, "
            "lower is better)"
        )
    number = float(value)
    if not np.isfinite(number):
        raise InvalidParameterError(
            f"truth[{system!r}]={value!r}: expected a finite number (the system's true quality)"
        )
    return number


def check_truth(truth: Any, systems: Sequence[Hashable]) -> np.ndarray:
    """The true quality of ``systems``, in their order, checked.

    Parameters
    ----------
    truth
        A mapping system -> true quality (lower is better); systems it holds
        beyond ``systems`` are ignored.
    systems
        The systems ranked.

    Returns
    -------
    numpy.ndarray
        ``(S,)`` finite floats.

    Raises
    ------
    InvalidParameterError
        ``truth`` is not a mapping, holds fewer than 2 systems, misses a
        system, holds a value that is not a finite real number, or gives
        every system the same quality (no order to compare with).
    """
    if not isinstance(truth, Mapping):
        raise InvalidParameterError(
            f"truth={truth!r}: expected a mapping system -> true quality (lower is better)"
        )
    if len(truth) < 2:
        raise InvalidParameterError(
            f"truth={dict(truth)!r}: expected the true quality of at least 2 systems"
        )
    missing = [s for s in systems if s not in truth]
    if missing:
        raise InvalidParameterError(
            f"truth={_shown(list(truth))}: missing systems {_shown(missing)} "
            f"({len(missing)} of {len(systems)}); give every ranked system a true quality"
        )
    values = np.array([_quality(s, truth[s]) for s in systems], dtype=float)
    if len(values) < 2:
        raise InvalidParameterError(
            f"systems={list(systems)!r}: agreement with a truth ranks at least 2 systems"
        )
    if np.all(snap_ties(values) == snap_ties(values)[0]):
        raise InvalidParameterError(
            f"truth={_shown(list(truth.items()))}: every system has the same true quality, "
            "so there is no order to agree with"
        )
    return values


def truth_agreement(
    scores: ScoreMatrices,
    truth: Mapping[Hashable, float],
    *,
    variant: str = "b",
    confidence: float = 0.95,
) -> TruthAgreement:
    """Kendall's tau and the share of agreeing pairs between each measure and the truth.

    Parameters
    ----------
    scores
        Score matrices; systems are ranked by their mean over all topics,
        oriented by each measure's direction.
    truth
        System -> true quality, **lower is better** (e.g. an expected
        squared error).  Every system of ``scores`` needs one; others are
        ignored.
    variant
        Kendall's tau ``"b"`` (default; ties adjusted) or ``"a"``.
    confidence
        Level of the Long & Cliff intervals (default 0.95).

    Returns
    -------
    TruthAgreement
        Its :meth:`~TruthAgreement.to_frame` lists the measures best first.

    Raises
    ------
    InvalidParameterError
        A bad truth (see :func:`check_truth`), variant or confidence.

    Examples
    --------
    >>> import numpy as np
    >>> from axiometrics.meta import ScoreMatrices
    >>> s = ScoreMatrices(("acc",), ("t1", "t2"), ("a", "b", "c"),
    ...                   np.array([[[0.9, 0.5, 0.1], [0.8, 0.6, 0.2]]]), (True,))
    >>> float(truth_agreement(s, {"a": 0.1, "b": 0.4, "c": 0.9}).tau[0])
    1.0
    """
    return oriented_truth_agreement(
        scores.measures,
        scores.systems,
        scores.system_means(oriented=True),
        truth,
        variant=variant,
        confidence=confidence,
    )


def oriented_truth_agreement(
    measures: tuple[str, ...],
    systems: tuple[Hashable, ...],
    oriented: np.ndarray,
    truth: Mapping[Hashable, float],
    *,
    variant: str = "b",
    confidence: float = 0.95,
) -> TruthAgreement:
    """:func:`truth_agreement` of any system scores ``(M, S)``, oriented higher-is-better.

    :func:`truth_agreement` passes the means over topics; the corpus-level
    analyses (:mod:`axiometrics.meta.corpus_level`) pass corpus scores.
    """
    quality = -check_truth(truth, systems)  # higher is better, as the oriented scores
    interval = kendall_tau_interval(
        oriented, quality[None, :], variant=variant, confidence=confidence
    )
    true_signs = pair_signs(snap_ties(quality))
    ordered = true_signs != 0
    measured = pair_signs(snap_ties(oriented))[:, ordered]
    return TruthAgreement(
        measures=measures,
        systems=systems,
        truth=-quality,
        tau=np.asarray(interval.tau, dtype=float),
        low=np.asarray(interval.low, dtype=float),
        high=np.asarray(interval.high, dtype=float),
        agreeing=(measured == true_signs[ordered]).sum(axis=1),
        tied=(measured == 0).sum(axis=1),
        pairs=int(ordered.sum()),
        variant=variant,
        confidence=confidence,
    )
