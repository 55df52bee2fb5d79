"""Hypothesis strategies for annotation tables (inputs of the agreement coefficients).

Use them to property-test an agreement coefficient::

    from hypothesis import given
    from axiometrics.agreement.strategies import annotation_tables

    @given(annotation_tables(max_coders=4, missing=True))
    def test_alpha_is_at_most_one(table):
        assert krippendorff_alpha(table.labels).value <= 1

The draws reach the corners: one category used by everyone (degenerate),
perfect agreement, coders who copy one another with a few changes, free
labels, unused categories of the scale, and (with ``missing=True``) gaps
of every density, including units nobody or only one coder labelled.
Options that cannot be satisfied raise
:class:`~axiometrics.strategies.StrategyArgumentError` when the strategy
is built.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from axiometrics.strategies import StrategyArgumentError

__all__ = ["AnnotationTable", "annotation_tables"]

_SHAPES = ("free", "perfect", "single_category", "copies")


@dataclass(frozen=True)
class AnnotationTable:
    """Labels of several coders on the same units.

    Attributes
    ----------
    labels
        ``(n_coders, n_units)`` floats: category indices ``0 .. K-1``, NaN
        where a label is missing.
    n_categories
        ``K``, the size of the scale (some categories may be unused).
    """

    labels: np.ndarray
    n_categories: int


def _bounds(name: str, low: int, high: int, floor: int) -> tuple[int, int]:
    for option, value in ((f"min_{name}", low), (f"max_{name}", high)):
        if not isinstance(value, int | np.integer) or isinstance(value, bool) or value < floor:
            raise StrategyArgumentError(f"{option}={value!r}: expected an int >= {floor}")
    if low > high:
        raise StrategyArgumentError(f"min_{name}={low!r} must not exceed max_{name}={high!r}")
    return int(low), int(high)


def _mask(draw: st.DrawFn, shape: tuple[int, int], share: float) -> np.ndarray:
    """A random boolean mask with about ``share`` of the cells true (seeded by a drawn integer)."""
    seed = draw(st.integers(0, 2**32 - 1))
    return np.random.default_rng(seed).random(shape) < share


def annotation_tables(
    *,
    min_coders: int = 2,
    max_coders: int = 5,
    min_units: int = 1,
    max_units: int = 30,
    min_categories: int = 1,
    max_categories: int = 6,
    missing: bool = False,
) -> st.SearchStrategy[AnnotationTable]:
    """Annotation tables: ``n_coders`` rows of category indices over ``n_units`` units.

    Parameters
    ----------
    min_coders, max_coders
        Range of the number of coders (at least 1).
    min_units, max_units
        Range of the number of units (at least 1).
    min_categories, max_categories
        Range of the size of the scale (at least 1).
    missing
        Whether labels may be missing (NaN).

    Returns
    -------
    hypothesis.strategies.SearchStrategy
        Strategy of :class:`AnnotationTable`.
    """
    c_lo, c_hi = _bounds("coders", min_coders, max_coders, 1)
    u_lo, u_hi = _bounds("units", min_units, max_units, 1)
    k_lo, k_hi = _bounds("categories", min_categories, max_categories, 1)
    if not isinstance(missing, bool):
        raise StrategyArgumentError(f"missing={missing!r}: expected True or False")

    @st.composite
    def build(draw: st.DrawFn) -> AnnotationTable:
        coders = draw(st.integers(c_lo, c_hi))
        units = draw(st.integers(u_lo, u_hi))
        k = draw(st.integers(k_lo, k_hi))
        shape = draw(st.sampled_from(_SHAPES))
        label = st.integers(0, k - 1)
        if shape == "single_category":
            table = np.full((coders, units), draw(label), dtype=float)
        else:
            first = np.asarray(draw(st.lists(label, min_size=units, max_size=units)), dtype=float)
            table = np.tile(first, (coders, 1))
            if shape != "perfect":
                share = 1.0 if shape == "free" else draw(st.sampled_from((0.1, 0.3)))
                flat = draw(st.lists(label, min_size=coders * units, max_size=coders * units))
                change = _mask(draw, (coders, units), share)
                table = np.where(change, np.asarray(flat, float).reshape(coders, units), table)
        if missing:
            density = draw(st.sampled_from((0.0, 0.1, 0.3, 0.6)))
            table = np.where(_mask(draw, (coders, units), density), np.nan, table)
        return AnnotationTable(table, k)

    return build()
