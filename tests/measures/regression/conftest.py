"""The registry the regression tests check: the default one, where the family's entry points put it."""

from __future__ import annotations

import pytest

import axiometrics as ax


@pytest.fixture
def registry() -> ax.Registry:
    """The default registry, holding the regression measures (registered by entry points)."""
    return ax.default_registry()
