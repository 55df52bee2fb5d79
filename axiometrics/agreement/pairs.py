"""Two coders: the contingency table of their labels, batched over unit weights."""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.agreement.errors import AgreementInputError
from axiometrics.errors import InputTypeError

__all__ = ["pair_tables", "stack_pair"]


def _vector(labels: Any, name: str) -> np.ndarray:
    if isinstance(labels, (str, bytes)):
        raise InputTypeError(f"{name}={labels!r}: expected a sequence of labels, not a string")
    arr = np.asarray(labels) if not isinstance(labels, np.ndarray) else labels
    if arr.dtype.kind not in "iuf":
        arr = np.asarray(list(labels) if arr.ndim == 1 else labels, dtype=object)
    if arr.ndim != 1:
        raise AgreementInputError(
            f"{name} with shape {arr.shape}: expected a 1-D sequence of labels (one per unit)"
        )
    return arr


def stack_pair(a: Any, b: Any) -> np.ndarray:
    """The labels of two coders as a ``(2, n_units)`` table.

    Raises
    ------
    AgreementInputError
        ``a`` or ``b`` is not 1-D, or their lengths differ.
    """
    first, second = _vector(a, "a"), _vector(b, "b")
    if len(first) != len(second):
        raise AgreementInputError(
            f"a has {len(first)} labels and b has {len(second)}: expected one label per unit "
            "from each coder (equal lengths)"
        )
    if first.dtype.kind in "iuf" and second.dtype.kind in "iuf":
        return np.vstack([first.astype(float), second.astype(float)])
    table = np.empty((2, len(first)), dtype=object)
    table[0, :] = list(first)
    table[1, :] = list(second)
    return table


def pair_tables(codes: np.ndarray, n_categories: int, weights: np.ndarray) -> np.ndarray:
    """Weighted contingency tables ``(B, K, K)``: rows coder 0, columns coder 1.

    Parameters
    ----------
    codes
        ``(2, n)`` complete category codes.
    n_categories
        ``K``.
    weights
        ``(B, n)`` unit multiplicities.
    """
    size = n_categories * n_categories
    batch = weights.shape[0]
    cell = codes[0] * n_categories + codes[1]
    index = (np.arange(batch)[:, None] * size + cell[None, :]).ravel()
    flat = np.bincount(index, weights=weights.ravel(), minlength=batch * size)
    return flat.reshape(batch, n_categories, n_categories)
