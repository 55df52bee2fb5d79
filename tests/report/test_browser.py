"""The report in a real headless Chromium: no errors, no network, charts and filtering work."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGES = ("index.html", "counterexamples.html", "stability.html")


def chromium_path() -> str:
    """Debian's chromium, or a failure saying how to install it."""
    path = shutil.which("chromium")
    if path is None:
        pytest.fail(
            "the browser tests need Debian's chromium: install it with "
            "`apt-get install -y chromium` (.ci/run does this when it is missing)"
        )
    return path


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield launched
        launched.close()


def _open(browser, url, scheme):
    page = browser.new_page(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    events = {"console": [], "errors": [], "requests": [], "dialogs": []}
    page.on("console", lambda m: events["console"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: events["errors"].append(str(e)))
    page.on("request", lambda r: events["requests"].append(r.url))
    page.on("dialog", lambda d: (events["dialogs"].append(d.message), d.dismiss()))
    page.goto(url)
    page.wait_for_load_state("load")
    return page, events


def _not_blank(png_path) -> float:
    from matplotlib.image import imread

    pixels = imread(str(png_path))
    return float(np.std(pixels[..., :3]))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", PAGES)
def test_each_page_loads_without_errors_or_network_requests(
    browser, small_report, tmp_path, scheme, name
):
    url = (small_report / name).as_uri()
    page, events = _open(browser, url, scheme)
    shot = tmp_path / f"{name}-{scheme}.png"
    page.screenshot(path=str(shot))
    page.close()
    assert events["console"] == []
    assert events["errors"] == []
    assert events["dialogs"] == []
    assert [u for u in events["requests"] if not u.startswith("file://")] == []
    assert events["requests"][0] == url
    assert _not_blank(shot) > 0.05


def test_the_property_tables_are_visible_and_the_user_measure_is_highlighted(browser, small_report):
    page, _ = _open(browser, (small_report / "index.html").as_uri(), "light")
    # OC, OQ and nominal: accuracy is an OC and a nominal measure
    assert page.locator("table.grid").count() == 3
    for k in range(3):
        assert page.locator("table.grid").nth(k).is_visible()
    assert page.locator("#grid h3").all_inner_texts() == [
        "Ordinal classification (OC)",
        "Ordinal quantification (OQ)",
        "Nominal classification",
    ]
    assert page.locator("#verdict-table").is_visible()
    assert page.locator("table.grid tr.user").count() == 1
    assert page.locator("table.grid tr.user th").inner_text().startswith("★ my_mae")
    page.close()


def test_typing_in_the_filter_box_changes_the_row_count(browser, small_report):
    page, events = _open(browser, (small_report / "index.html").as_uri(), "light")
    rows = page.locator("#verdict-table tbody tr")
    total = rows.count()
    visible_before = sum(rows.nth(i).is_visible() for i in range(total))
    assert visible_before == total
    page.locator("#verdict-filter").fill("my_mae")
    visible_after = sum(rows.nth(i).is_visible() for i in range(total))
    assert 0 < visible_after < total
    assert page.locator("#verdict-count").inner_text() == f"{visible_after} of {total} rows shown"
    page.locator("#verdict-filter").fill("my_mae no-such-word")
    assert sum(rows.nth(i).is_visible() for i in range(total)) == 0
    page.locator("#verdict-filter").fill("")
    page.locator('#verdict-table th[data-key="claim"] button').click()
    claims = [rows.nth(i).locator("td").nth(2).inner_text() for i in range(total)]
    assert claims == sorted(claims)
    assert page.locator('#verdict-table th[data-key="claim"]').get_attribute("aria-sort") == (
        "ascending"
    )
    assert events["console"] == []
    assert events["errors"] == []
    page.close()


def test_every_chart_is_present_and_visible(browser, small_report, tmp_path):
    page, _ = _open(browser, (small_report / "stability.html").as_uri(), "dark")
    charts = page.locator("figure .chart svg")
    # two data sets x (heatmap, p-value curves, significance matrices) + the Table 3 scatter
    assert charts.count() == 7
    for i in range(charts.count()):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        assert chart.is_visible()
        box = chart.bounding_box()
        assert box is not None
        assert box["width"] > 150
        assert box["height"] > 150
    assert page.locator("figure figcaption").count() == 7
    shot = tmp_path / "heatmap.png"
    charts.nth(0).screenshot(path=str(shot))
    assert _not_blank(shot) > 0.05
    page.close()
    page, _ = _open(browser, (small_report / "counterexamples.html").as_uri(), "light")
    examples = page.locator("article.cx")
    assert examples.count() > 0
    assert examples.first.is_visible()
    assert page.locator("article.cx table.matrix").count() > 0
    page.close()


def test_the_significance_matrices_and_the_agreement_table_are_visible(
    browser, small_report, tmp_path
):
    page, events = _open(browser, (small_report / "stability.html").as_uri(), "light")
    figure = page.locator("#synthetic-oc-significance-figure")
    figure.scroll_into_view_if_needed()
    assert figure.is_visible()
    # The matrices are raster images inside the SVG (a data: URI the page's CSP allows).
    assert figure.locator("svg image").count() == 4
    shot = tmp_path / "significance.png"
    figure.locator("svg").screenshot(path=str(shot))
    assert _not_blank(shot) > 0.05
    rows = figure.locator("table tbody tr")
    assert rows.count() == 4
    assert rows.filter(has_text="my_mae").count() == 1
    section = page.locator("#annotator-agreement")
    section.scroll_into_view_if_needed()
    assert section.is_visible()
    assert section.locator("tbody tr").count() == 3
    assert "Krippendorff" in section.locator("thead").inner_text()
    assert events["console"] == []
    assert events["errors"] == []
    page.close()
