"""Synthetic annotators: noisy copies of a gold labelling, for agreement demonstrations.

Noise model
    Each annotator labels each item independently.  With probability
    ``1 - noise`` the annotator copies the gold class ``g``; with
    probability ``noise`` the label moves one step along the ordinal scale,
    to ``g - 1`` or ``g + 1`` with equal probability.  At the ends of the
    scale the step goes inwards (class ``0`` moves to ``1``, class
    ``n_classes - 1`` to ``n_classes - 2``), so a noisy label always
    differs from the gold one and stays on the scale.  With one class
    there is nowhere to move and every label is the gold one.

Consequences: every annotator agrees with the gold on a share ``1 - noise``
of the items in expectation; two annotators agree with each other on
about ``(1 - noise)^2 + noise^2 / 2`` of the items away from the ends;
disagreements are always between adjacent classes, so ordinal coefficients
(weighted kappa, ordinal alpha) rate the annotators higher than nominal ones.
Every draw comes from one NumPy Generator seeded with ``seed``.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from axiometrics.errors import InvalidInputError, InvalidParameterError

__all__ = ["annotate"]


def _check(n_annotators: int, noise: float, n_classes: int) -> None:
    if (
        isinstance(n_annotators, bool)
        or not isinstance(n_annotators, numbers.Integral)
        or n_annotators < 1
    ):
        raise InvalidParameterError(f"n_annotators={n_annotators!r}: expected a positive integer")
    if isinstance(noise, bool) or not isinstance(noise, numbers.Real) or not 0 <= noise <= 1:
        raise InvalidParameterError(f"noise={noise!r}: expected a probability in [0, 1]")
    if isinstance(n_classes, bool) or not isinstance(n_classes, numbers.Integral) or n_classes < 1:
        raise InvalidParameterError(f"n_classes={n_classes!r}: expected a positive integer")


def annotate(
    gold: Any,
    *,
    n_annotators: int,
    noise: float,
    n_classes: int,
    seed: int | np.random.Generator | None,
) -> np.ndarray:
    """Labels of ``n_annotators`` synthetic annotators who copy ``gold`` with ordinal noise.

    Parameters
    ----------
    gold
        ``(n_items,)`` gold class indices ``0 .. n_classes - 1``.
    n_annotators
        Number of annotators (rows of the result).
    noise
        Probability that an annotator moves an item's label one class away
        from the gold (see the module docstring).
    n_classes
        Size of the ordinal scale.
    seed
        Seed or Generator of the draws.

    Returns
    -------
    numpy.ndarray
        ``(n_annotators, n_items)`` integer class indices.

    Raises
    ------
    InvalidParameterError
        ``n_annotators`` or ``n_classes`` is not a positive integer, or
        ``noise`` not in [0, 1].
    InvalidInputError
        ``gold`` is not 1-D or holds a value that is not a class index.
    """
    _check(n_annotators, noise, n_classes)
    labels = np.asarray(gold)
    if labels.ndim != 1:
        raise InvalidInputError(f"gold with shape {labels.shape}: expected a 1-D array of classes")
    if labels.size and (
        labels.dtype.kind not in "iuf"
        or not np.all(np.isfinite(labels))
        or not np.all(labels == np.round(labels))
        or labels.min() < 0
        or labels.max() >= n_classes
    ):
        raise InvalidInputError(
            f"gold: expected class indices 0 .. {n_classes - 1} (n_classes={n_classes}); "
            f"got values {np.unique(labels)[:8].tolist()!r}"
        )
    classes = labels.astype(np.int64)
    rng = np.random.default_rng(seed)
    shape = (int(n_annotators), classes.size)
    noisy = rng.random(shape) < noise
    step = np.where(rng.random(shape) < 0.5, -1, 1)
    if n_classes == 1:
        return np.broadcast_to(classes, shape).copy()
    moved = classes[None, :] + step
    # Reflect at the ends of the scale: -1 -> 1, n_classes -> n_classes - 2.
    moved = np.where(moved < 0, 1, moved)
    moved = np.where(moved >= n_classes, n_classes - 2, moved)
    return np.where(noisy, moved, classes[None, :]).astype(np.int64)
