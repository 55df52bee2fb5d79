"""Hostile measure names, titles and docstrings are rendered as text everywhere."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from axiometrics.cli import main

HOSTILE_NAME = "<script>alert('name')</script>"
# The same hostile docstring as the plugin's (conftest.HOSTILE_DOC).
HOSTILE_DOC = (
    "Evil \"><img src=x onerror=alert('doc')> measure; see "
    "<a href=\"javascript:alert('link')\">this</a> and [that](javascript:alert(1)). "
    "</script><script>alert('blob')</script>"
)
EVIL_FILE = f"""
import numpy as np


def evil(matrix):
    c = matrix.shape[0]
    i, j = np.indices((c, c))
    return float((matrix * np.abs(i - j)).sum() / matrix.sum())


evil.__name__ = {HOSTILE_NAME!r}
evil.__doc__ = {HOSTILE_DOC!r}
"""


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._in_script: dict[str, str | None] | None = None

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        if self._in_script is not None:
            self.scripts.append((self._in_script, data))

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag == "script":
            self._in_script = None


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory, kit) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    source = folder / "evil<b>x.py"
    source.write_text(EVIL_FILE, encoding="utf-8")
    out = folder / "reports"
    with kit.hostile_plugin() as plugin:
        status = main(
            [
                "report",
                "--measure",
                f"{source}:evil",
                "--family",
                "oc",
                "--lower-is-better",
                "--measures",
                f"accuracy,{plugin}",
                "-o",
                str(out),
                *kit.FAST,
            ]
        )
    assert status == 0
    return out


PAGES = ("index.html", "counterexamples.html", "stability.html")


def _csp_hashes(page: str) -> set[str]:
    match = re.search(r"script-src ([^;]*);", html.unescape(page))
    assert match is not None
    return set(re.findall(r"'sha256-([^']+)'", match.group(1)))


@pytest.mark.parametrize("page", PAGES)
def test_hostile_text_never_appears_as_markup_on_a_page(hostile_report, kit, page):
    html = (hostile_report / page).read_text(encoding="utf-8")
    for raw in kit.HOSTILE_STRINGS:
        assert raw not in html
    parser = _Tags()
    parser.feed(html)
    assert [t for t, _ in parser.tags if t in ("img", "iframe", "object", "embed")] == []
    hrefs = [a.get("href") or "" for t, a in parser.tags if t == "a"]
    assert [h for h in hrefs if h.strip().lower().startswith("javascript:")] == []
    assert [a for t, a in parser.tags if any(k.startswith("on") for k in a)] == []
    allowed = _csp_hashes(html)
    for attrs, body in parser.scripts:
        if attrs.get("type") == "application/json":
            assert "</" not in body
            json.loads(body)
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert digest in allowed


def test_hostile_text_is_shown_escaped_where_the_measures_are_listed(hostile_report):
    index = (hostile_report / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;" in index
    assert "&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;" in index
    assert "&#34;&gt;&lt;img src=x onerror=alert(&#39;doc&#39;)&gt;" in index
    assert "evil&lt;b&gt;x.py:evil" in index
    for page in PAGES:
        text = (hostile_report / page).read_text(encoding="utf-8")
        assert "hostile_share" in text


def test_hostile_text_round_trips_exactly_through_the_json(hostile_report, kit):
    model = json.loads((hostile_report / "report.json").read_text(encoding="utf-8"))
    by_name = {m["name"]: m for m in model["measures"]}
    assert by_name["hostile_share"]["title"] == kit.HOSTILE_TITLE
    assert by_name["hostile_share"]["description"] == HOSTILE_DOC
    user = [m for m in model["measures"] if m["user"]]
    assert len(user) == 1
    assert user[0]["title"] == HOSTILE_NAME
    assert user[0]["description"] == HOSTILE_DOC
    assert "evil<b>x.py:evil" in user[0]["source"]


def test_the_embedded_json_blob_holds_the_hostile_title_as_a_string(hostile_report, kit):
    html = (hostile_report / "index.html").read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(html)
    blobs = {
        a.get("data-blob"): json.loads(body)
        for a, body in parser.scripts
        if a.get("type") == "application/json"
    }
    titles = {row["title"] for row in blobs["verdicts"]}
    assert kit.HOSTILE_TITLE in titles
    assert HOSTILE_NAME in titles
