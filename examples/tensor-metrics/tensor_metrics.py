"""A small tensor metric library, written against the array API standard.

Like the functional metrics of tensor libraries: predictions and targets are
integer class indices ``0 .. num_classes - 1``, every computation runs in
float32 on the library's arrays, and each metric returns a 0-d float32 array.
The arrays here come from ``array_api_strict``, the standard's minimal
reference implementation, so the functions cannot lean on NumPy by accident.
"""

from __future__ import annotations

import array_api_strict as xp


def _check(preds, target, num_classes):
    if preds.shape != target.shape or preds.ndim != 1:
        raise ValueError("preds and target must be 1-d arrays of the same length")
    if num_classes < 2:
        raise ValueError("num_classes must be at least 2")


def _confusion(preds, target, num_classes):
    """(num_classes, num_classes) float32 counts, rows = prediction, columns = target."""
    classes = xp.arange(num_classes)
    rows = xp.astype(preds[None, :] == classes[:, None], xp.float32)
    cols = xp.astype(target[None, :] == classes[:, None], xp.float32)
    return rows @ xp.matrix_transpose(cols)


def multiclass_accuracy(preds, target, num_classes):
    """Share of items whose predicted class is their target class."""
    _check(preds, target, num_classes)
    hits = xp.astype(preds == target, xp.float32)
    return xp.mean(hits)


def multiclass_recall_macro(preds, target, num_classes):
    """Mean over the target classes that occur of the share of their items predicted right."""
    _check(preds, target, num_classes)
    counts = _confusion(preds, target, num_classes)
    support = xp.sum(counts, axis=0)
    correct = xp.linalg.diagonal(counts)
    present = support > 0
    recalls = correct[present] / support[present]
    return xp.mean(recalls)


def multiclass_exact_match_rate(preds, target, num_classes):
    """Accuracy computed as 1 minus the error rate (a float32 subtraction)."""
    _check(preds, target, num_classes)
    errors = xp.astype(preds != target, xp.float32)
    return xp.asarray(1.0, dtype=xp.float32) - xp.mean(errors)
