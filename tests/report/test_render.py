"""Rendering: escaped JSON blobs, the script hash in the CSP, byte-stable output."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest

from axiometrics.report import report_json
from axiometrics.report.charts import counterexample_bars, draw_all, pvalue_curves
from axiometrics.report.render import json_for_script


def test_the_json_blob_cannot_close_its_script_element():
    value = {"title": "</script><script>alert(1)</script>", "x": "a & b > c", "y": "\u2028"}
    text = str(json_for_script(value))
    assert "<" not in text
    assert ">" not in text
    assert "&" not in text
    assert "\u2028" not in text
    assert json.loads(text) == value


def test_report_json_keeps_number_lists_on_one_line_and_round_trips():
    model = {"b": [1, 2.5, None, True], "a": {"names": ["x, y", "z"]}, "n": [[0.1, 0.2], [0.3]]}
    text = report_json(model)
    assert '"b": [1, 2.5, null, true]' in text
    assert '"n": [\n    [0.1, 0.2],\n    [0.3]\n  ]' in text
    assert '"names": [\n      "x, y",\n      "z"\n    ]' in text
    assert json.loads(text) == model
    assert text.index('"a"') < text.index('"b"')


def test_charts_are_byte_identical_across_renderings_and_carry_no_date():
    curves = {"m1": [0.0, 0.01, 0.2, 0.9], "m2": [0.0, 0.0, 0.5, 1.0]}
    first = pvalue_curves(curves, 0.05, {"m2"}, "test")
    second = pvalue_curves(curves, 0.05, {"m2"}, "test")
    assert first == second
    assert first.startswith('<svg aria-hidden="true"')
    assert "<dc:date>" not in first
    assert "Matplotlib v" not in first
    assert "★ m2" in first


def test_counterexample_bars_escape_the_entry_names():
    svg = counterexample_bars(
        [{"name": "<b>D</b>", "score": 0.25, "system": [1, 0], "gold": [0.5, 0.5]}]
    )
    assert "<b>" not in svg
    assert "&lt;b&gt;D&lt;/b&gt;" in svg
    assert svg.count("<rect") == 4


def test_the_index_page_allows_exactly_its_own_script(small_report):
    html = (small_report / "index.html").read_text(encoding="utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert csp is not None
    policy = csp.group(1).replace("&#39;", "'")
    assert policy.startswith("default-src 'none'; img-src data:; style-src 'unsafe-inline'; ")
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in policy
    for page in ("counterexamples.html", "stability.html"):
        other = (small_report / page).read_text(encoding="utf-8")
        assert "script-src &#39;none&#39;" in other
        assert "<script" not in other


def _chart_tasks():
    curves = {"m1": [0.0, 0.01, 0.2, 0.9], "m2": [0.0, 0.0, 0.5, 1.0]}
    bars = [{"name": "D", "score": 0.25, "system": [1, 0], "gold": [0.5, 0.5]}]
    return [("pvalue_curves", (curves, 0.05, {"m2"}, f"curves-{k}"), {}) for k in range(3)] + [
        ("counterexample_bars", (bars,), {})
    ]


def test_charts_drawn_in_worker_processes_are_the_bytes_drawn_here_in_task_order():
    tasks = _chart_tasks()
    here = draw_all(tasks, jobs=1)
    assert here == [pvalue_curves(*args) for _, args, _ in tasks[:3]] + [
        counterexample_bars(*tasks[3][1])
    ]
    assert draw_all(tasks, jobs=3) == here
    assert len(set(here[:3])) == 3  # each chart its own salt


def test_an_unknown_chart_is_refused_before_anything_is_drawn():
    with pytest.raises(KeyError, match="chart='pie': expected one of"):
        draw_all([*_chart_tasks(), ("pie", (), {})], jobs=2)


def test_an_input_without_a_score_reads_no_score_when_its_counterexample_raised():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "reports" / "counterexamples.html").read_text(
        encoding="utf-8"
    )
    articles = re.findall(r"<article.*?</article>", page, re.DOTALL)
    raised = [a for a in articles if '<p class="no">raised ' in a]
    assert raised, "the committed report has counterexamples that raised"
    assert any("→ no score" in a for a in raised)
    # "undefined" says the measure declared the input undefined, which these did not.
    assert not any("→ undefined" in a for a in raised)
