"""ROC and precision-recall curves of one scored item list.

Both functions take ``(scores, gold)`` for one system (1-D; the number of
points depends on the number of distinct scores, so curves are not
batched), validate them like the ``scored`` family, and return one point
per distinct score used as the threshold "positive if ``score >= t``".

Comparison with scikit-learn (pinned by ``tests/measures/scored/test_crosschecks.py``):

* :func:`roc_curve` equals ``sklearn.metrics.roc_curve(gold, scores,
  drop_intermediate=False)``: points ordered by decreasing threshold, a
  first point ``(0, 0)`` with threshold ``inf``.  The trapezoidal area under
  it is ``roc_auc``.  scikit-learn's default ``drop_intermediate=True``
  removes collinear points only; the area is the same.
* :func:`precision_recall_curve` equals
  ``sklearn.metrics.precision_recall_curve(gold, scores)``: thresholds in
  increasing order, the last point ``(recall 0, precision 1)`` without a
  threshold.  ``average_precision`` is ``-sum(diff(recall) * precision[:-1])``
  over it (no interpolation).

Unlike scikit-learn, a gold with one class only is refused with
:class:`~axiometrics.errors.InvalidInputError` (scikit-learn warns and
returns NaN rates).

The argument order is ``(scores, gold)``, the reverse of scikit-learn's
``roc_curve(y_true, y_score)``.  Labelled inputs are aligned by label as in
every scored measure (:func:`~axiometrics.measures.scored.family.coerce_scored`):
two Series by their index (item ids), a one-row DataFrame of scores with a
gold Series by its columns; a pandas object next to a plain array is
refused.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from axiometrics.errors import InvalidInputError

from ._math import rank
from .family import LabelledScores, coerce_scored, validate_scored

__all__ = ["PrecisionRecallCurve", "RocCurve", "precision_recall_curve", "roc_curve"]


class RocCurve(NamedTuple):
    """Points of a ROC curve, by decreasing threshold.

    Attributes
    ----------
    fpr
        False positive rates FP / N.
    tpr
        True positive rates (recalls) TP / P.
    thresholds
        The threshold of each point; the first is ``inf`` (nothing predicted positive).
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray


class PrecisionRecallCurve(NamedTuple):
    """Points of a precision-recall curve, by increasing threshold.

    Attributes
    ----------
    precision
        TP / (TP + FP) per threshold, then 1 for the end point.
    recall
        TP / P per threshold, then 0 for the end point.
    thresholds
        The distinct scores in increasing order (one fewer than the points).
    """

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray


def _aligned(scores: Any, gold: Any) -> tuple[Any, Any]:
    """``(scores, gold)`` in one item order: pandas inputs aligned by label, arrays as given."""
    inputs = coerce_scored((scores, gold), None)
    if len(inputs) == 1 and isinstance(inputs[0], LabelledScores):
        labelled = inputs[0]
        s, g = np.asarray(labelled.scores), np.asarray(labelled.gold)
        if s.ndim == 2 and s.shape[0] == 1:  # one system as a one-row DataFrame
            s = s[0]
            g = g[0] if g.ndim == 2 else g
        return s, g
    return inputs[0], inputs[1]


def _counts(scores: Any, gold: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
    """TP and FP counts at each distinct threshold (decreasing), the thresholds, P and N."""
    s, g, _ = validate_scored(*_aligned(scores, gold))
    if s.ndim != 1 or g.ndim != 1:
        raise InvalidInputError(
            f"a curve is drawn for one item list: scores and gold must be 1-D (got shapes "
            f"{s.shape} and {g.shape}); loop over the systems of a batch"
        )
    r = rank(s, g)
    ends = np.flatnonzero(r.group_end)
    tp = r.above[ends + 1]
    fp = ends + 1.0 - tp
    p = float(r.above[-1])
    return tp, fp, r.scores[ends], p, float(s.size) - p


def roc_curve(scores: Any, gold: Any) -> RocCurve:
    """The ROC curve of one item list (scikit-learn's with ``drop_intermediate=False``).

    Parameters
    ----------
    scores
        Finite real scores ``(n,)`` (a Series indexed by item id, or a
        one-row DataFrame with one column per item).
    gold
        Binary gold labels ``(n,)`` (a Series indexed by item id when the
        scores are labelled).

    Returns
    -------
    RocCurve
        ``(fpr, tpr, thresholds)``, starting at ``(0, 0)`` with threshold ``inf``.

    Raises
    ------
    InvalidInputError
        On invalid inputs (pandas objects that do not label the same items
        included), or when the gold has one class only (a rate would be 0/0).
    InputTypeError
        A pandas object next to a plain array.
    """
    tp, fp, thresholds, p, n = _counts(scores, gold)
    if p == 0 or n == 0:
        raise InvalidInputError(
            f"gold has {'no positive' if p == 0 else 'no negative'} item: the ROC curve needs "
            "both classes (its rates divide by P and N)"
        )
    return RocCurve(
        np.concatenate([[0.0], fp / n]),
        np.concatenate([[0.0], tp / p]),
        np.concatenate([[np.inf], thresholds]),
    )


def precision_recall_curve(scores: Any, gold: Any) -> PrecisionRecallCurve:
    """The precision-recall curve of one item list (scikit-learn's).

    Parameters
    ----------
    scores
        Finite real scores ``(n,)`` (a Series indexed by item id, or a
        one-row DataFrame with one column per item).
    gold
        Binary gold labels ``(n,)`` (a Series indexed by item id when the
        scores are labelled).

    Returns
    -------
    PrecisionRecallCurve
        ``(precision, recall, thresholds)`` by increasing threshold, ending
        at recall 0 and precision 1.

    Raises
    ------
    InvalidInputError
        On invalid inputs (pandas objects that do not label the same items
        included), or when the gold has no positive item (recall would be 0/0).
    InputTypeError
        A pandas object next to a plain array.
    """
    tp, fp, thresholds, p, _ = _counts(scores, gold)
    if p == 0:
        raise InvalidInputError(
            "gold has no positive item: the precision-recall curve needs one (recall divides by P)"
        )
    precision = tp / (tp + fp)
    recall = tp / p
    return PrecisionRecallCurve(
        np.concatenate([precision[::-1], [1.0]]),
        np.concatenate([recall[::-1], [0.0]]),
        thresholds[::-1].copy(),
    )
