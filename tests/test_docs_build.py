"""The documentation site builds with warnings as errors (``mkdocs build --strict``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_documentation_builds_strictly_with_the_api_reference(tmp_path):
    site = tmp_path / "site"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(site),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    # The API reference is generated from the docstrings, not empty pages.
    core = (site / "api" / "core" / "index.html").read_text(encoding="utf-8")
    for anchor in (
        "axiometrics.score",
        "axiometrics.registry.Registry",
        "axiometrics.measure.Measure",
    ):
        assert f'id="{anchor}"' in core
    checker = (site / "api" / "checker" / "index.html").read_text(encoding="utf-8")
    assert 'id="axiometrics.checker.check.check"' in checker
    for page in ("testing", "meta", "stats", "agreement", "report", "io", "datasets"):
        html = (site / "api" / page / "index.html").read_text(encoding="utf-8")
        assert 'class="doc doc-heading"' in html, page
    families = (site / "api" / "families" / "index.html").read_text(encoding="utf-8")
    assert 'id="axiometrics.measures.oc.measures"' in families
    assert 'id="axiometrics.measures.oq.strategies"' in families
    assert (site / "families" / "oc" / "index.html").is_file()
    assert (site / "families" / "oq" / "index.html").is_file()
