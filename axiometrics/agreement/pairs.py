"""Two coders: the contingency table of their labels, batched over unit weights."""

from __future__ import annotations

import numpy as np

__all__ = ["pair_tables"]


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
