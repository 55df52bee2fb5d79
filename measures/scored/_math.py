"""Vectorised building blocks of the scored measures (sort-based, exact under ties).

Every function takes ``scores`` and binary ``gold`` of shape ``(..., n)``
(already validated and broadcastable) and works on all batch elements at
once: items are sorted by decreasing score along the last axis, and tie
groups (runs of equal scores) are located with cumulative maxima and
minima, never with a Python loop.

Rank-based quantities are computed from integer counts of tie groups
(positives strictly above a group, positives inside it), so they do not
depend on the order of items inside a tie group: permuting the items gives
bit-identical results, which a plain ``argsort`` cut at position ``k``
would not.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from axiometrics.errors import InvalidInputError

__all__ = [
    "LOG_LOSS_EPS",
    "Ranking",
    "average_precision_scores",
    "brier_scores",
    "check_probabilities",
    "class_counts",
    "f1_scores",
    "log_loss_scores",
    "precision_at_depth",
    "rank",
    "roc_auc_scores",
]

#: Clipping floor of log loss: float64 machine epsilon, scikit-learn's
#: ``eps="auto"`` for float64 input.  ``-log(LOG_LOSS_EPS)`` (about 36.04)
#: bounds the loss of one item.
LOG_LOSS_EPS = float(np.finfo(np.float64).eps)


class Ranking(NamedTuple):
    """Items sorted by decreasing score, with their tie groups.

    Attributes
    ----------
    scores
        Sorted scores ``(..., n)``, decreasing.
    gold
        Gold labels in the same order.
    first, last
        For each sorted position, the first and last position of its tie group.
    group_end
        Whether a position is the last of its tie group.
    above
        ``above[..., i]``: positives in positions ``< i`` (length ``n + 1``;
        ``above[..., n]`` is the number of positives P).
    """

    scores: np.ndarray
    gold: np.ndarray
    first: np.ndarray
    last: np.ndarray
    group_end: np.ndarray
    above: np.ndarray


def rank(scores: np.ndarray, gold: np.ndarray) -> Ranking:
    """Sort items by decreasing score and locate the tie groups (vectorised)."""
    s, g = np.broadcast_arrays(np.asarray(scores, dtype=float), np.asarray(gold, dtype=float))
    order = np.argsort(-s, axis=-1, kind="stable")
    s = np.take_along_axis(s, order, axis=-1)
    g = np.take_along_axis(g, order, axis=-1)
    n = s.shape[-1]
    idx = np.broadcast_to(np.arange(n), s.shape)
    starts = np.ones(s.shape, dtype=bool)
    starts[..., 1:] = s[..., 1:] != s[..., :-1]
    ends = np.ones(s.shape, dtype=bool)
    ends[..., :-1] = starts[..., 1:]
    first = np.maximum.accumulate(np.where(starts, idx, 0), axis=-1)
    last_rev = np.minimum.accumulate(np.flip(np.where(ends, idx, n - 1), axis=-1), axis=-1)
    last = np.flip(last_rev, axis=-1)
    above = np.concatenate([np.zeros((*s.shape[:-1], 1)), np.cumsum(g, axis=-1)], axis=-1)
    return Ranking(s, g, first, last, ends, above)


def class_counts(gold: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Numbers of positives P and negatives N per batch element."""
    g = np.asarray(gold, dtype=float)
    p = g.sum(axis=-1)
    return p, g.shape[-1] - p


def _at(a: np.ndarray, positions: np.ndarray) -> np.ndarray:
    return np.take_along_axis(a, positions, axis=-1)


def roc_auc_scores(scores: np.ndarray, gold: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Area under the ROC curve as the Mann-Whitney statistic, ties counting 1/2.

    ``AUC = (#{(i, j): s_i > s_j} + 1/2 #{(i, j): s_i = s_j}) / (P N)`` over
    pairs of a positive i and a negative j.  Each negative adds the
    positives strictly above its tie group plus half of those inside it;
    these are integer and half-integer counts, summed exactly.

    Returns
    -------
    tuple
        ``(auc, undefined)``; undefined where ``P = 0`` or ``N = 0``.
    """
    r = rank(scores, gold)
    strictly = _at(r.above, r.first)
    tied = _at(r.above, r.last + 1) - strictly
    u = ((1.0 - r.gold) * (strictly + 0.5 * tied)).sum(axis=-1)
    p, n = class_counts(r.gold)
    undefined = (p == 0) | (n == 0)
    pairs = np.where(undefined, 1.0, p * n)
    return u / pairs, undefined


def average_precision_scores(scores: np.ndarray, gold: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Non-interpolated average precision, ties handled by distinct thresholds.

    ``AP = sum_t (R_t - R_{t-1}) P_t`` over the distinct scores t in
    decreasing order, where ``P_t`` and ``R_t`` are the precision and recall
    of "positive if score >= t" (scikit-learn's ``average_precision_score``).
    Equivalently ``AP = (1/P) sum_groups TP_in_group * precision_at_group_end``.

    Returns
    -------
    tuple
        ``(ap, undefined)``; undefined where ``P = 0`` or ``N = 0``.
    """
    r = rank(scores, gold)
    tp_end = _at(r.above, r.last + 1)
    gained = tp_end - _at(r.above, r.first)
    precision = tp_end / (r.last + 1.0)
    total = np.where(r.group_end, gained * precision, 0.0).sum(axis=-1)
    p, n = class_counts(r.gold)
    undefined = (p == 0) | (n == 0)
    return total / np.where(p == 0, 1.0, p), undefined


def precision_at_depth(r: Ranking, depth: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """Expected precision of the top ``depth`` items under random tie-breaking.

    The tie group straddling the cutoff contributes its share of positives
    in proportion to the slots it gets (McSherry and Najork 2008), so the
    value does not depend on the order of tied items.

    Parameters
    ----------
    r
        The ranking.
    depth
        Cutoff per batch element, ``1 <= depth``; cut at ``n`` when larger.
    denominator
        What the expected number of positives is divided by (``k`` for
        precision at k, R for R-precision).
    """
    n = r.scores.shape[-1]
    cut = np.minimum(np.asarray(depth, dtype=np.int64), n)
    pos = np.broadcast_to(cut - 1, r.scores.shape[:-1])[..., None]
    first = _at(r.first, pos)[..., 0]
    last = _at(r.last, pos)[..., 0]
    above = _at(r.above, first[..., None])[..., 0]
    inside = _at(r.above, last[..., None] + 1)[..., 0] - above
    size = last - first + 1.0
    slots = cut - first
    return (above * size + slots * inside) / (size * denominator)


def f1_scores(
    scores: np.ndarray, gold: np.ndarray, threshold: float
) -> tuple[np.ndarray, np.ndarray]:
    """F1 of the decisions ``score >= threshold``: ``2 TP / (2 TP + FP + FN)``.

    Returns
    -------
    tuple
        ``(f1, undefined)``; undefined where there is no gold and no
        predicted positive (``2 TP + FP + FN = 0``).
    """
    s, g = np.broadcast_arrays(scores, gold)
    predicted = s >= threshold
    tp = (predicted & (g == 1)).sum(axis=-1).astype(float)
    fp = (predicted & (g == 0)).sum(axis=-1).astype(float)
    fn = (~predicted & (g == 1)).sum(axis=-1).astype(float)
    denominator = 2 * tp + fp + fn
    undefined = denominator == 0
    return 2 * tp / np.where(undefined, 1.0, denominator), undefined


def check_probabilities(scores: np.ndarray, measure: str) -> None:
    """Refuse scores outside ``[0, 1]`` for a probability measure.

    Raises
    ------
    InvalidInputError
        Naming the measure, the first offending score and its index.
    """
    bad = (scores < 0.0) | (scores > 1.0)
    if np.any(bad):
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise InvalidInputError(
            f"scores[{', '.join(map(str, where))}]={float(scores[where])!r}: {measure} expects "
            "probabilities of the positive class in [0, 1]; turn other scores into "
            "probabilities first (e.g. a logistic function of a margin)"
        )


def log_loss_scores(scores: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Mean negative log-likelihood of the gold labels, probabilities clipped at eps.

    ``-(1/n) sum_i log(max(q_i, eps))`` with ``q_i = s_i`` for a positive
    and ``1 - s_i`` for a negative, ``eps = LOG_LOSS_EPS``.
    """
    s, g = np.broadcast_arrays(scores, gold)
    q = np.where(g == 1, s, 1.0 - s)
    terms = -np.log(np.maximum(q, LOG_LOSS_EPS))
    return np.asarray(terms.sum(axis=-1) / s.shape[-1])


def brier_scores(scores: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Mean squared difference between the probability and the gold label."""
    s, g = np.broadcast_arrays(scores, gold)
    return np.asarray(((s - g) ** 2).sum(axis=-1) / s.shape[-1])
