"""The library's own unit tests, beside the claims the pyproject declares."""

import array_api_strict as xp
from tensor_metrics import multiclass_accuracy, multiclass_recall_macro


def test_accuracy_counts_the_hits():
    preds, target = xp.asarray([0, 1, 2, 2]), xp.asarray([0, 1, 1, 2])
    assert float(multiclass_accuracy(preds, target, 3)) == 0.75


def test_macro_recall_averages_over_the_target_classes_that_occur():
    preds, target = xp.asarray([0, 1, 2, 2]), xp.asarray([0, 1, 1, 2])
    assert abs(float(multiclass_recall_macro(preds, target, 4)) - 5 / 6) < 1e-6
