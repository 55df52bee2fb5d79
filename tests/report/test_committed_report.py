"""The committed ``reports/`` are what ``axiometrics report`` writes now (provenance masked)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from axiometrics.cli import main
from axiometrics.report import FILES

pytestmark = pytest.mark.slow

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


def test_the_committed_report_is_what_the_main_job_writes_now(tmp_path):
    out = tmp_path / "reports"
    assert main(["report", "--output-dir", str(out), "--quiet"]) == 0
    for name in FILES:
        fresh = (out / name).read_text(encoding="utf-8")
        committed = (COMMITTED / name).read_text(encoding="utf-8")
        assert masked(name, fresh) == masked(name, committed), (
            f"reports/{name} is stale: run `axiometrics report` from the repository root"
        )
