"""Tables shared by the property table's tests (built once per worker)."""

from __future__ import annotations

import pytest

from axiometrics.property_table import build_property_table


@pytest.fixture(scope="session")
def small_table():
    """Accuracy (OC and nominal) and NMD (OQ) at 25 cases per claim."""
    return build_property_table(measures=["accuracy", "nmd"], max_examples=25)


@pytest.fixture(scope="session")
def notebook_table():
    """Two measures of the CS224u notebook's statements: one agreement, one classified disagreement."""
    return build_property_table(measures=["fbeta_macro", "precision"], max_examples=25)


@pytest.fixture(scope="session")
def ranges_table():
    """R² and MSE: published ranges that agree, and three refuted ones (CS224u, two HF cards)."""
    return build_property_table(measures=["r2", "mean_squared_error"], max_examples=25)
