"""Building blocks of the families' enumerators for the bounded pass.

Family-agnostic combinatorics, each returning one array (vectorised, in a
fixed order, every object once), from which a family enumerates its inputs
(:attr:`axiometrics.family.Family.enumerate_inputs`) and its procedures their
related cases (:attr:`axiometrics.checker.cases.Procedure.enumerate`):

* :func:`compositions`: every way of putting ``total`` units into ``parts``
  ordered cells (confusion matrices with N items are compositions of N into
  C² cells; distributions on the grid of multiples of 1/k are compositions
  of k into C bins);
* :func:`increasing_vectors`: every strictly increasing vector of ``length``
  values from a grid (every strictly increasing map of ``0 .. C-1`` into
  the grid, for ordinal invariance);
* :func:`binary_vectors`: every 0/1 vector of a length (gold labellings);
* :func:`tie_patterns`: every weak order of n items (which items tie and
  which come first), as dense ranks ``0 .. r-1``: the ordered set partitions,
  counted by the Fubini numbers;
* :data:`VALUE_GRID`, :data:`INTEGER_VALUE_GRID` and :data:`SCALE_FACTORS`:
  the small grids the built-in enumerators share.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from math import comb

import numpy as np

__all__ = [
    "INTEGER_VALUE_GRID",
    "SCALE_FACTORS",
    "VALUE_GRID",
    "binary_vectors",
    "composition_count",
    "compositions",
    "fubini",
    "increasing_vectors",
    "tie_patterns",
]

#: Class values an enumerated increasing map may send ``0 .. C-1`` to:
#: negative, fractional, nearly merged (1 and 1 + 1e-9) and far apart (1e9).
VALUE_GRID = (-3.0, 0.0, 0.5, 1.0, 1.0 + 1e-9, 2.0, 7.0, 1e9)
#: The same for measures that take class values as integer labels.
INTEGER_VALUE_GRID = (-3.0, 0.0, 1.0, 2.0, 3.0, 7.0, 100.0)
#: Positive factors a scaling claim is enumerated with: below one, non-integer,
#: integer and large.
SCALE_FACTORS = (0.001, 0.5, 2.0 / 3.0, 2.0, 3.0, 10.0, 1e6)


def composition_count(total: int, parts: int) -> int:
    """Ways of putting ``total`` units into ``parts`` cells: C(total + parts - 1, parts - 1)."""
    return comb(total + parts - 1, parts - 1)


def compositions(total: int, parts: int) -> np.ndarray:
    """Every way of putting ``total`` units into ``parts`` cells, ``(K, parts)`` int64.

    Stars and bars: each choice of ``parts - 1`` separator positions among
    ``total + parts - 1`` slots is one composition; they come in
    lexicographic order of the separators, each once.
    """
    if parts < 1 or total < 0:
        raise ValueError(f"total={total!r}, parts={parts!r}: expected total >= 0 and parts >= 1")
    slots = total + parts - 1
    k = composition_count(total, parts)
    bars = np.fromiter(
        (b for chosen in combinations(range(slots), parts - 1) for b in chosen),
        dtype=np.int64,
        count=k * (parts - 1),
    ).reshape(k, parts - 1)
    edges = np.concatenate([np.full((k, 1), -1), bars, np.full((k, 1), slots)], axis=1)
    return np.diff(edges, axis=1) - 1


def increasing_vectors(length: int, grid: Sequence[float]) -> np.ndarray:
    """Every strictly increasing vector of ``length`` values of ``grid``, ``(K, length)`` float."""
    values = np.array(sorted(set(grid)), dtype=float)
    chosen = list(combinations(range(len(values)), length))
    return values[np.array(chosen, dtype=np.int64).reshape(len(chosen), length)]


def binary_vectors(length: int) -> np.ndarray:
    """Every 0/1 vector of ``length`` items, ``(2**length, length)`` int64, in binary order."""
    return np.array(list(product((0, 1), repeat=length)), dtype=np.int64).reshape(-1, length)


def fubini(n: int) -> int:
    """The number of weak orders of ``n`` items (ordered Bell numbers: 1, 1, 3, 13, 75, 541)."""
    a = [1]
    for m in range(1, n + 1):
        a.append(sum(comb(m, k) * a[m - k] for k in range(1, m + 1)))
    return a[n]


def tie_patterns(n: int) -> np.ndarray:
    """Every weak order of ``n`` items as dense ranks, ``(fubini(n), n)`` int64.

    Row ``r`` gives each item its rank ``0 .. max``: items of equal rank tie,
    every rank up to the largest is used.  Scores ``ranks`` (or any strictly
    increasing map of them) realise every pattern of ties and order.
    Listed by brute force over ``n**n`` rank vectors, so ``n <= 7``.
    """
    if not 0 <= n <= 7:
        raise ValueError(f"n={n!r}: expected 0 <= n <= 7 items (fubini(8) is 545,835 patterns)")
    if n == 0:
        return np.zeros((1, 0), dtype=np.int64)
    rows = [r for r in product(range(n), repeat=n) if set(r) == set(range(max(r) + 1))]
    return np.array(rows, dtype=np.int64)
