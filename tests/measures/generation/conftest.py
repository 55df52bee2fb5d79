"""The registry the generation tests check: the default one, where the entry points put it."""

from __future__ import annotations

import pytest

import axiometrics as ax


@pytest.fixture
def registry() -> ax.Registry:
    """The default registry, holding the generation measures (registered by entry points)."""
    return ax.default_registry()
