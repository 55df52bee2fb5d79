"""Running a vectorised compute function over a large batch in blocks (private).

A kernel over ``(batch, C, C)`` matrices builds several temporaries of the
input's size.  Past a few hundred kilobytes each is a fresh memory mapping:
the first write to each page faults, and the allocator gives the memory
back to the system when the call ends, so the next call faults again.  On
the benchmark machine this cost more than the arithmetic for most kernels.
Cutting the batch into blocks of about :data:`BLOCK_CELLS` cells keeps every
temporary small enough to be reused from the allocator's free lists and to
stay in the processor's cache, and caps the peak memory at a few blocks
whatever the batch size.

Every built-in measure scores each batch element on its own, so the blocks'
scores are those of the whole call; :func:`blockwise` only cuts and
reassembles (``tests/test_fast_paths.py`` checks the equality).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from axiometrics import Evaluation

__all__ = ["BLOCK_CELLS", "blockwise"]

#: Input cells (float64 entries of the largest input) per block: 1 MiB arrays.
BLOCK_CELLS = 2**17

F = TypeVar("F", bound=Callable[..., Any])


def blockwise(core: tuple[int, ...]) -> Callable[[F], F]:
    """Decorate a compute function so that large batches are scored block by block.

    Parameters
    ----------
    core
        The number of trailing (non-batch) axes of each positional input:
        ``(2,)`` for confusion matrices, ``(1, 1)`` for (system, gold)
        distributions.  ``values`` always has one (the class axis).

    Returns
    -------
    callable
        A decorator; the decorated function keeps its name, docstring and
        signature (``functools.wraps``) and gives the same scores.
    """

    def decorate(compute: F) -> F:
        @functools.wraps(compute)
        def run(*inputs: np.ndarray, values: np.ndarray, **params: Any) -> Any:
            batch = _batch_shape(inputs, core, values)
            sizes = [math.prod(a.shape[a.ndim - k :]) for a, k in zip(inputs, core, strict=True)]
            cells = max(sizes, default=1)
            per_block = max(1, BLOCK_CELLS // max(cells, 1))
            size = math.prod(batch)
            if size <= per_block:
                return compute(*inputs, values=values, **params)
            flat = [_flatten(a, batch, k) for a, k in zip(inputs, core, strict=True)]
            flat_values = values if values.ndim == 1 else _flatten(values, batch, 1)
            scores = np.empty(size)
            undefined: np.ndarray | None = None
            for start in range(0, size, per_block):
                block = slice(start, start + per_block)
                part_values = flat_values if flat_values.ndim == 1 else flat_values[block]
                found = compute(*(a[block] for a in flat), values=part_values, **params)
                rows = len(range(*block.indices(size)))
                if isinstance(found, Evaluation):
                    if undefined is None:
                        undefined = np.zeros(size, dtype=bool)
                    undefined[block] = np.broadcast_to(found.undefined, (rows,))
                    found = found.scores
                scores[block] = np.broadcast_to(found, (rows,))
            if undefined is None:
                return scores.reshape(batch)
            return Evaluation(scores.reshape(batch), undefined.reshape(batch))

        return run  # type: ignore[return-value]

    return decorate


def _batch_shape(
    inputs: tuple[np.ndarray, ...], core: tuple[int, ...], values: np.ndarray
) -> tuple[int, ...]:
    """The broadcast batch shape of the inputs and the class values."""
    shapes = [a.shape[: a.ndim - k] for a, k in zip(inputs, core, strict=True)]
    return np.broadcast_shapes(*shapes, values.shape[:-1])


def _flatten(a: np.ndarray, batch: tuple[int, ...], core: int) -> np.ndarray:
    """``a`` broadcast to ``batch`` and flattened to one batch axis (a view where possible)."""
    tail = a.shape[a.ndim - core :]
    return np.broadcast_to(a, (*batch, *tail)).reshape(-1, *tail)
