"""The committed ``reports/`` are what ``axiometrics report`` writes now (provenance masked).

This is also the suite's real check path of the built-in verdicts: every
verdict of every measure (main and variants) is re-checked at the ``ci``
profile, seed 0, and a verdict that changed is named before the whole files
are compared (``tests/checker/test_builtin_verdicts.py`` reads the committed
verdicts).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from axiometrics.cli import main
from axiometrics.report import FILES

# About five minutes on the 2-core CI machine: the longest test, started first.
pytestmark = pytest.mark.slow(seconds=300)

COMMITTED = Path(__file__).resolve().parents[2] / "reports"
_PROVENANCE = re.compile(r"<!-- provenance:start -->.*?<!-- provenance:end -->", re.DOTALL)


def masked(name: str, text: str) -> str:
    """The file without the parts that depend on the clock, the machine or the versions."""
    if name == "report.json":
        model = json.loads(text)
        model.pop("provenance")
        return json.dumps(model, sort_keys=True, indent=1)
    if name == "property-table.md":
        return text.split("\n## Provenance\n", 1)[0]
    if name == "index.html":
        return _PROVENANCE.sub("<!-- provenance -->", text)
    return text


def test_masking_removes_only_the_provenance():
    page = "a<!-- provenance:start -->\n<dd>2026</dd>\n<!-- provenance:end -->b"
    assert masked("index.html", page) == "a<!-- provenance -->b"
    assert masked("stability.html", page) == page
    table = "# Property table\n\n## Provenance\n\n- numpy: 2\n"
    assert masked("property-table.md", table) == "# Property table\n"


def verdicts(text: str) -> dict[tuple[str, str, str], str]:
    """``(measure, claim, variant label or "main") -> outcome`` of a ``report.json``."""
    out = {}
    for row in json.loads(text)["property_table"]:
        out[(row["measure"], row["claim"], "main")] = row["outcome"]
        for variant in row["variants"]:
            out[(row["measure"], row["claim"], variant["label"])] = variant["outcome"]
    return out


def changed_verdicts(fresh: str, committed: str) -> list[tuple[Any, ...]]:
    """Each verdict the fresh ``report.json`` does not share with the committed one."""
    new, old = verdicts(fresh), verdicts(committed)
    return [(*key, old.get(key), new.get(key)) for key in sorted(new.keys() | old.keys())
            if new.get(key) != old.get(key)]  # fmt: skip


def test_changed_verdicts_are_named_with_both_outcomes():
    row = {"measure": "m", "claim": "c", "outcome": "refuted", "variants": []}
    variant = {"label": "without preconditions", "outcome": "not refuted"}
    committed = json.dumps({"property_table": [{**row, "variants": [variant]}]})
    fresh = json.dumps({"property_table": [{**row, "outcome": "not refuted"}]})
    assert changed_verdicts(committed, committed) == []
    assert changed_verdicts(fresh, committed) == [
        ("m", "c", "main", "refuted", "not refuted"),
        ("m", "c", "without preconditions", "not refuted", None),
    ]


def test_the_committed_report_is_what_the_main_job_writes_now(tmp_path):
    out = tmp_path / "reports"
    assert main(["report", "--output-dir", str(out), "--quiet"]) == 0
    fresh_json = (out / "report.json").read_text(encoding="utf-8")
    committed_json = (COMMITTED / "report.json").read_text(encoding="utf-8")
    # (measure, claim, variant, committed outcome, fresh outcome) of each changed verdict.
    assert changed_verdicts(fresh_json, committed_json) == []
    for name in FILES:
        fresh = (out / name).read_text(encoding="utf-8")
        committed = (COMMITTED / name).read_text(encoding="utf-8")
        assert masked(name, fresh) == masked(name, committed), (
            f"reports/{name} is stale: run `axiometrics report` from the repository root"
        )
