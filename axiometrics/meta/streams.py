"""The random stream of each meta-evaluation analysis, named by what the analysis computes.

Every analysis that draws random numbers is a task with an identity:
discriminative power, the ranking consistency of one split kind, the
corpus-level analyses.  Each draws from its own child of the master seed,
``numpy.random.SeedSequence(seed, spawn_key=key)`` -- what
``SeedSequence(seed).spawn`` would hand out at position ``key`` -- where the
key is derived from the analysis' identity, never from its position in a list
of analyses or splits.  So the ranking consistency of the 10-topic split is
the same numbers whether it is asked for alone, after ``"full"`` or before it,
and however the work is spread over workers.

Inside one analysis the trials are cut into blocks of one stream skipped
ahead to each block's first trial (:mod:`axiometrics.stats.blocks`), not into
children of their own, so that the numbers do not depend on the block size
either (docs/scaling.md, "Resampling in blocks").

The keys:

========================================  ================
analysis                                  ``spawn_key``
========================================  ================
discriminative power                      ``(0,)``
ranking consistency, ``"full"`` split     ``(1,)``
ranking consistency, ``n``-topic split    ``(2, n)``
corpus-level analyses                     ``(1024,)``
========================================  ================
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "CORPUS_KEY",
    "DISCRIMINATIVE_KEY",
    "analysis_stream",
    "split_key",
]

#: ``spawn_key`` of discriminative power's stream.
DISCRIMINATIVE_KEY = (0,)
#: ``spawn_key`` of the corpus-level analyses' stream.
CORPUS_KEY = (1024,)
_FULL_SPLIT_KEY = (1,)
_SIZED_SPLIT = 2


def split_key(split: str | int) -> tuple[int, ...]:
    """``spawn_key`` of the ranking consistency of ``split`` (``"full"`` or a subset size).

    Raises
    ------
    ValueError
        For anything else (the options are checked before any stream is drawn).
    """
    if split == "full":
        return _FULL_SPLIT_KEY
    if isinstance(split, bool) or not isinstance(split, int | np.integer) or split < 1:
        raise ValueError(f"split={split!r}: expected 'full' or a positive subset size")
    return (_SIZED_SPLIT, int(split))


def analysis_stream(seed: int, key: tuple[int, ...]) -> np.random.SeedSequence:
    """The stream of the analysis named by ``key``: child ``key`` of ``SeedSequence(seed)``.

    A fresh object on each call, so the same analysis asked for twice draws
    the same numbers twice.
    """
    return np.random.SeedSequence(seed, spawn_key=key)
