"""The blocks and scratch buffers the confusion-matrix kernels cut large batches with."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from axiometrics.measures._matrices import blocks as _blocks


def test_scratch_buffers_are_reused_per_name_and_thread_and_big_ones_are_fresh() -> None:
    first = _blocks.scratch("probe", (3, 4))
    first[...] = 1.0
    again = _blocks.scratch("probe", (2, 5))
    assert np.shares_memory(first, again)
    assert not np.shares_memory(first, _blocks.scratch("other probe", (3, 4)))
    assert _blocks.scratch("probe", (3, 4), np.int64).dtype == np.int64
    big = _blocks.scratch("probe", (_blocks.SCRATCH_ELEMENTS + 1,))
    assert not np.shares_memory(big, _blocks.scratch("probe", (_blocks.SCRATCH_ELEMENTS + 1,)))
    seen: list[np.ndarray] = []
    worker = threading.Thread(target=lambda: seen.append(_blocks.scratch("probe", (3, 4))))
    worker.start()
    worker.join()
    assert not np.shares_memory(seen[0], first)


def test_blocks_are_equal_within_one_and_cover_the_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_blocks, "BLOCK_CELLS", 100)
    for size in (0, 1, 9, 10, 11, 57):
        slices = _blocks.block_slices(size, 10)  # 10 elements per block at most
        widths = [b.stop - b.start for b in slices]
        assert sum(widths) == size
        assert max(widths, default=0) <= 10
        assert max(widths, default=0) - min(widths, default=0) <= 1
        assert [b.start for b in slices[1:]] == [b.stop for b in slices[:-1]]
