"""The stability page of a report with nominal and scored measures, in headless Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from axiometrics.cli import main

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def families_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report on the synthetic OC data (with nominal measures) and the scored data."""
    out = tmp_path_factory.mktemp("families-report") / "reports"
    status = main(
        [
            "report",
            "--measures",
            "mae_macro,accuracy,mcc,f1_weighted,roc_auc,log_loss",
            "--data",
            "synthetic,synthetic_scored",
            "--max-examples", "5", "--trials", "20", "--B", "100",
            "--jobs", "1", "--seed", "3", "--profile", "dev", "-q",
            "-o",
            str(out),
        ]
    )  # fmt: skip
    assert status == 0
    return out


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    path = shutil.which("chromium")
    if path is None:
        pytest.fail("the browser tests need Debian's chromium: `apt-get install -y chromium`")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield launched
        launched.close()


def test_the_oc_section_groups_ordinal_and_nominal_measures_visibly(browser, families_report):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((families_report / "stability.html").as_uri())
    groups = page.locator("#synthetic-oc table.grouped tr.group th")
    # two split kinds x two family groups
    assert groups.count() == 4
    assert groups.nth(1).inner_text() == "Nominal classification (2)"
    groups.nth(1).scroll_into_view_if_needed()
    assert groups.nth(1).is_visible()
    curves = page.locator("#synthetic-oc-discriminative-figure svg")
    curves.scroll_into_view_if_needed()
    assert curves.is_visible()
    assert "Nominal classification measures (2)" in (curves.text_content() or "")
    box = curves.bounding_box()
    assert box is not None
    assert box["height"] > box["width"] * 0.8  # two stacked panels
    assert errors == []
    page.close()


def test_the_scored_section_shows_every_analysis(browser, families_report):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((families_report / "stability.html").as_uri())
    section = page.locator("#synthetic-scored")
    section.scroll_into_view_if_needed()
    assert section.locator("h2").inner_text() == "Synthetic scored classifiers"
    for part in ("similarity", "discriminative", "significance"):
        chart = page.locator(f"#synthetic-scored-{part}-figure svg")
        chart.scroll_into_view_if_needed()
        assert chart.is_visible()
    coverage = page.locator("#synthetic-scored-coverage + p + table tbody tr")
    assert coverage.count() == 2
    assert "roc_auc" in coverage.all_inner_texts()[0] + coverage.all_inner_texts()[1]
    page.close()
