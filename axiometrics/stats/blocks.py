"""Resampling trials cut into blocks that run as tasks, with the numbers of one pass.

A resampling test draws its trials from one NumPy bit generator, in trial
order.  When every trial reads a known number of the generator's outputs,
trial ``t`` starts at a known position of the stream, so a block of trials
can be computed anywhere from a copy of the generator's state skipped ahead
to that position: its draws, and so the test's result, are exactly those of
one pass in this process, whatever runs the blocks and however many there
are.  PCG64 and PCG64DXSM (NumPy's default) can skip ahead
(``advance``); with another bit generator the trials run here in one pass.

:func:`map_trial_blocks` runs the blocks through an
:class:`axiometrics.parallel.Tasks` and leaves the caller's generator where
one pass would have left it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:
    from axiometrics.parallel import Tasks

__all__ = [
    "JUMPABLE",
    "MIN_BLOCK_TRIALS",
    "MIN_PARALLEL_OPERATIONS",
    "bits_at",
    "block_task",
    "map_trial_blocks",
    "trial_blocks",
]

R = TypeVar("R")

#: Bit generators whose ``advance(d)`` skips exactly ``d`` outputs of ``random_raw``.
JUMPABLE = (np.random.PCG64, np.random.PCG64DXSM)

#: Fewest trials of a block run as one task (smaller blocks cost more to send than to run).
MIN_BLOCK_TRIALS = 256

#: Least work, in the callers' estimated operations, worth cutting into blocks:
#: about a second of one core (an operation is calibrated on a Tukey HSD key,
#: about 0.3 ns).  Starting workers and sending the data and the results back
#: costs a few tenths of a second, so smaller work runs here in one pass.
MIN_PARALLEL_OPERATIONS = 2**32


def trial_blocks(
    trials: int, tasks: Tasks | None, *, operations_per_trial: int, multiple: int = 1
) -> list[tuple[int, int]]:
    """``(start, size)`` blocks of ``trials`` for ``tasks``, starting on multiples of ``multiple``.

    One block without parallel tasks or for work under
    :data:`MIN_PARALLEL_OPERATIONS` (``trials * operations_per_trial``); else
    one per worker, of at least :data:`MIN_BLOCK_TRIALS` trials each: the
    blocks of a test cost the same, and each one sends the test's data
    again.  Blocks decide where trials are computed, never what they compute.
    """
    if (
        tasks is None
        or not tasks.parallel
        or trials <= MIN_BLOCK_TRIALS
        or trials * operations_per_trial < MIN_PARALLEL_OPERATIONS
    ):
        return [(0, trials)]
    size = max(MIN_BLOCK_TRIALS, -(-trials // tasks.jobs))
    size += -size % multiple
    return [(start, min(size, trials - start)) for start in range(0, trials, size)]


def bits_at(state: dict[str, Any], skip: int) -> np.random.BitGenerator:
    """A bit generator of ``state`` (see ``BitGenerator.state``), ``skip`` outputs further on."""
    bits = getattr(np.random, state["bit_generator"])()
    bits.state = state
    bits.advance(skip)
    return bits


def block_task(
    block: Callable[..., R], arguments: Sequence[Any], state: dict[str, Any], skip: int, size: int
) -> R:
    """``block(*arguments, bits, size)`` with ``bits`` ``skip`` outputs past ``state``: one task.

    Module-level so that any :class:`~axiometrics.parallel.Tasks` backend can run it.
    """
    return block(*arguments, bits_at(state, skip), size)


def map_trial_blocks(
    block: Callable[..., R],
    arguments: Sequence[Any],
    trials: int,
    rng: np.random.Generator,
    tasks: Tasks | None,
    *,
    outputs: Callable[[int], int],
    operations_per_trial: int,
    multiple: int = 1,
    progress: Callable[[int], object] | None = None,
) -> list[R] | None:
    """``block(*arguments, bits, size)`` for each block, in order; ``None`` to run here.

    Parameters
    ----------
    block
        A module-level function (workers import it) computing ``size``
        consecutive trials drawn from the bit generator ``bits``; the caller
        runs ``block(*arguments, rng.bit_generator, trials)`` itself when
        this returns ``None``.
    arguments
        What every block needs besides its position.
    trials
        All the trials.
    rng
        The generator the trials draw from, just before the first trial.
        It is left past the last trial, as after one pass.
    tasks
        Where the blocks run.
    outputs
        The generator outputs that trials ``0..t-1`` read, for ``t`` a
        block start (a multiple of ``multiple``) or ``trials``.
    operations_per_trial
        An estimate of a trial's arithmetic operations (see
        :data:`MIN_PARALLEL_OPERATIONS`).
    multiple
        Block starts are multiples of this (trials that share outputs).
    progress
        Called with each finished block's size.

    Returns
    -------
    list or None
        The blocks' results in trial order, or ``None`` when there is one
        block (no parallel ``tasks``, or little work) or a generator that
        cannot skip ahead: the caller then runs every trial itself.
    """
    blocks = trial_blocks(
        trials, tasks, operations_per_trial=operations_per_trial, multiple=multiple
    )
    bits = rng.bit_generator
    if tasks is None or len(blocks) == 1 or not isinstance(bits, JUMPABLE):
        return None
    state = bits.state
    results = []
    calls = [(block, tuple(arguments), state, outputs(start), size) for start, size in blocks]
    for (_, size), result in zip(blocks, tasks.map(block_task, calls), strict=True):
        results.append(result)
        if progress is not None:
            progress(size)
    # Leave rng where one pass leaves it: past every trial, with its buffered
    # 32-bit half (which random_raw never touches and advance clears) kept.
    bits.advance(outputs(trials))
    bits.state = {**bits.state, "has_uint32": state["has_uint32"], "uinteger": state["uinteger"]}
    return results
