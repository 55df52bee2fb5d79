"""Shared test configuration: Hypothesis settings profiles.

``ci`` (selected when the ``CI`` environment variable is set) is
derandomized so CI runs are reproducible; ``dev`` is the default;
``thorough`` runs many more examples.  Select one with
``HYPOTHESIS_PROFILE=<name>``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def fast_report_args() -> tuple[str, ...]:
    """Options for a small, fast ``axiometrics report``: few cases, trials and draws, one job."""
    return (
        "--max-examples", "10", "--trials", "20", "--B", "100",
        "--jobs", "1", "--seed", "3", "--data", "synthetic", "-q",
    )  # fmt: skip
