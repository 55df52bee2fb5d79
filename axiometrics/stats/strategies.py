"""Hypothesis strategies for topic x system score matrices.

Use them to property-test a significance test::

    from hypothesis import given
    from axiometrics.stats.strategies import score_matrices

    @given(score_matrices(max_systems=3))
    def test_p_values_are_probabilities(scores):
        assert ((my_test(scores) >= 0) & (my_test(scores) <= 1)).all()

Scores lie on a grid ``k / resolution``, mostly in ``[0, 1]`` (default 64 steps,
exactly representable in binary), so differences are exact, zero
differences and ties are common, and identical or constant-offset systems
(zero variance) are generated on purpose.  Options are keyword-only;
impossible ones raise :class:`~axiometrics.strategies.StrategyArgumentError`.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import StrategyArgumentError

__all__ = ["score_matrices"]


def _check(name: str, value: int, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise StrategyArgumentError(f"{name}={value!r}: expected an integer >= {minimum}")
    return value


def score_matrices(
    *,
    min_topics: int = 2,
    max_topics: int = 12,
    min_systems: int = 2,
    max_systems: int = 4,
    resolution: int = 64,
) -> st.SearchStrategy[np.ndarray]:
    """Score matrices ``(topics, systems)`` on the grid ``k / resolution``.

    Parameters
    ----------
    min_topics, max_topics
        Range of the number of topics (at least 2).
    min_systems, max_systems
        Range of the number of systems (at least 2).
    resolution
        Grid steps in ``[0, 1]``; a power of two keeps arithmetic exact.

    Returns
    -------
    SearchStrategy[numpy.ndarray]
        About one draw in five copies a system or shifts it by a constant,
        so zero-variance pairs occur.
    """
    lo_t = _check("min_topics", min_topics, 2)
    hi_t = _check("max_topics", max_topics, 2)
    lo_s = _check("min_systems", min_systems, 2)
    hi_s = _check("max_systems", max_systems, 2)
    steps = _check("resolution", resolution, 1)
    if lo_t > hi_t or lo_s > hi_s:
        raise StrategyArgumentError(
            f"expected min_topics <= max_topics and min_systems <= max_systems (got topics "
            f"{lo_t}..{hi_t}, systems {lo_s}..{hi_s})"
        )
    return _matrices(lo_t, hi_t, lo_s, hi_s, steps)


@st.composite
def _matrices(
    draw: st.DrawFn, lo_t: int, hi_t: int, lo_s: int, hi_s: int, steps: int
) -> np.ndarray:
    topics = draw(st.integers(lo_t, hi_t))
    systems = draw(st.integers(lo_s, hi_s))
    cells = draw(
        st.lists(st.integers(0, steps), min_size=topics * systems, max_size=topics * systems)
    )
    grid = np.array(cells, dtype=float).reshape(topics, systems)
    if draw(st.integers(0, 4)) == 0:
        # A zero-variance pair: system 1 is system 0 plus a constant (0 included),
        # which may leave [0, 1].
        offset = draw(st.integers(-steps, steps))
        grid[:, 1] = grid[:, 0] + offset
    return grid / steps
