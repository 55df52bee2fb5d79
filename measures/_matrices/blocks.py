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

Kernels that keep their per-block temporaries in buffers of their own take
them from :func:`scratch`: one set of buffers per thread, kept between calls
(at most :data:`SCRATCH_ELEMENTS` entries each), because even one fresh
mapping per call costs a page fault per 4 KiB on first write.  A kernel
never returns a view of a scratch buffer.
"""

from __future__ import annotations

import functools
import itertools
import math
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from axiometrics import Evaluation

__all__ = ["BLOCK_CELLS", "SCRATCH_ELEMENTS", "block_slices", "blockwise", "scratch"]

#: Input cells (float64 entries of the largest input) per block: 1 MiB arrays.
BLOCK_CELLS = 2**17

#: Largest scratch buffer kept between calls, in entries (8 MiB of float64): a few
#: blocks' worth of cells.  Larger requests get a fresh array each time.
SCRATCH_ELEMENTS = 2**20

F = TypeVar("F", bound=Callable[..., Any])

_SCRATCH = threading.local()


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
            for start, stop in _bounds(size, cells):
                block = slice(start, stop)
                part_values = flat_values if flat_values.ndim == 1 else flat_values[block]
                found = compute(*(a[block] for a in flat), values=part_values, **params)
                rows = stop - start
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


def block_slices(size: int, cells: int) -> list[slice]:
    """Slices cutting ``size`` batch elements of ``cells`` cells each into blocks.

    For kernels that prepare what depends on the marginals once for the
    whole batch and run only their ``(C, C)``-per-element steps block by
    block; each block holds about :data:`BLOCK_CELLS` cells.
    """
    return [slice(start, stop) for start, stop in _bounds(size, cells)]


def _bounds(size: int, cells: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of blocks of equal sizes (within one) of about :data:`BLOCK_CELLS` cells.

    Equal blocks let a kernel reuse one set of buffers for every block, and
    the allocator reuse the memory of one block's temporaries for the next:
    a short last block of another size makes it map fresh pages again.
    """
    per_block = max(1, BLOCK_CELLS // max(cells, 1))
    count = max(1, -(-size // per_block))
    edges = [size * k // count for k in range(count + 1)]
    return list(itertools.pairwise(edges))


def scratch(name: str, shape: tuple[int, ...], dtype: Any = np.float64) -> np.ndarray:
    """An uninitialised buffer of ``shape`` for one kernel step, reused between calls.

    Parameters
    ----------
    name
        Which buffer: one per kernel and purpose, so that no two steps that
        are alive at the same time share one.
    shape, dtype
        The array wanted; its entries hold whatever the last user left.

    Returns
    -------
    numpy.ndarray
        A C-contiguous view of this thread's buffer ``name`` (grown when too
        small), or a fresh array when ``shape`` holds more than
        :data:`SCRATCH_ELEMENTS` entries.
    """
    kind = np.dtype(dtype)
    size = math.prod(shape)
    if size > SCRATCH_ELEMENTS:
        return np.empty(shape, dtype=kind)
    buffers: dict[tuple[str, str], np.ndarray] = _SCRATCH.__dict__.setdefault("buffers", {})
    key = (name, kind.str)
    held = buffers.get(key)
    if held is None or held.size < size:
        held = np.empty(size, dtype=kind)
        buffers[key] = held
    return held[:size].reshape(shape)
