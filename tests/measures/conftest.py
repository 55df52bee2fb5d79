"""The committed report's verdicts, shared by the families' declaration tests.

``tests/report/test_committed_report.py`` regenerates the whole report and
fails on any changed verdict: every verdict of every measure is re-checked
there at the ``ci`` profile, seed 0, with the same searches as
``check(name, settings="ci")``.  The families' tests that compare each
measure's verdicts with its declarations read them here instead of running
every check a second time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

REPORT = Path(__file__).resolve().parents[2] / "reports" / "report.json"


class CommittedVerdicts:
    """The main verdict of each (measure, claim) and the inputs of each counterexample."""

    def __init__(self, model: dict[str, Any]) -> None:
        self._rows: dict[str, dict[str, dict[str, Any]]] = {}
        for row in model["property_table"]:
            self._rows.setdefault(row["measure"], {})[row["claim"]] = row
        self._examples = {e["id"]: e for e in model["refutations"]}

    def rows(self, measure: str) -> dict[str, dict[str, Any]]:
        """Claim -> the row of ``measure`` (``outcome``, ``declared``, ``mismatch``, ...)."""
        return self._rows[measure]

    def inputs(self, row: dict[str, Any]) -> list[list[np.ndarray]]:
        """The inputs of each entry of the row's counterexample (a matrix is one input)."""
        out = []
        for entry in self._examples[row["example"]]["entries"]:
            if entry["kind"] == "matrix":
                out.append([np.asarray(entry["matrix"], dtype=float)])
            elif entry["kind"] == "distributions":
                out.append([np.asarray(entry["system"]), np.asarray(entry["gold"])])
            else:
                out.append([np.asarray(a, dtype=float) for a in entry["inputs"]])
        return out


@pytest.fixture(scope="session")
def committed() -> CommittedVerdicts:
    """The verdicts of the committed ``reports/report.json``."""
    return CommittedVerdicts(json.loads(REPORT.read_text(encoding="utf-8")))
