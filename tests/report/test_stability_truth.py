"""The stability page shows the agreement with a known truth where a data set has one."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

from axiometrics.family import get_family
from axiometrics.measures.regression import synthetic
from axiometrics.meta.synthetic import amigo_synthetic
from axiometrics.report.build import ReportSettings, build_report
from axiometrics.report.render import render_files
from axiometrics.report.stability import Dataset, MetaSettings, default_datasets

SETTINGS = MetaSettings(seed=1, trials=5, B=30)
REGRESSION = ["mean_squared_error", "mean_absolute_error", "r2"]
SENTENCE = "The truth: each system's expected squared error (lower is better)."


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    runs = synthetic.regression_synthetic(n_topics=6, n_items=30, seed=4)
    truth = {s.name: synthetic.expected_squared_error(s, 30) for s in synthetic.SYSTEMS}
    with_truth = Dataset(
        "tiny-regression",
        "Tiny regression",
        "regression",
        runs,
        "6 topics",
        {"*": "drop"},
        truth=truth,
        truth_description=SENTENCE,
    )
    labels = amigo_synthetic(n_topics=6, n_items=20, seed=4)
    without = Dataset("tiny-oc", "Tiny OC", "oc", labels, "6 topics", {"*": "drop"})
    report = build_report(
        ReportSettings(
            measures=[*REGRESSION, "mae_macro", "accuracy"],
            datasets=[with_truth, without],
            profile="dev",
            max_examples=2,
            meta=SETTINGS,
        )
    )
    return render_files(report)


def _section(page: str, key: str) -> str:
    match = re.search(rf'<section id="{key}">(.*?)</section>', page, re.DOTALL)
    assert match is not None
    return match.group(1)


class _Balance(HTMLParser):
    """Open elements that need an end tag, to check the section's markup nests."""

    VOID = frozenset({"br", "img", "meta", "link", "input", "hr", "col", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]!r}")
        else:
            self.stack.pop()


def test_a_data_set_with_a_truth_shows_the_agreement_table_best_first(files):
    section = _section(files["stability.html"], "tiny-regression")
    assert 'id="tiny-regression-truth">Agreement with the known truth</h3>' in section
    assert html.unescape(section).count(SENTENCE) == 1
    table = section.split('id="tiny-regression-truth"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(?:<[^>]+>)?([a-z_0-9]+)", table)
    assert sorted(rows) == sorted(REGRESSION)
    taus = [float(t) for t in re.findall(r"<tr><td>.*?</td><td class=\"num\">(-?[\d.]+)", table)]
    assert taus == sorted(taus, reverse=True)
    assert rows[0] in ("mean_squared_error", "r2")  # they order the systems by squared error
    assert 0.8 < taus[0] <= 1.0  # six small topics: close to the truth, not exactly it


def test_a_data_set_without_a_truth_has_no_agreement_table(files):
    section = _section(files["stability.html"], "tiny-oc")
    assert "known truth" not in section
    assert 'id="tiny-oc-similarity"' in section


def test_the_truth_section_markup_nests(files):
    checker = _Balance()
    checker.feed(_section(files["stability.html"], "tiny-regression"))
    assert checker.errors == []
    assert checker.stack == []


def test_the_report_json_carries_the_truth_only_where_there_is_one(files):
    import json

    meta = {d["key"]: d for d in json.loads(files["report.json"])["meta"]}
    truth = meta["tiny-regression"]["truth"]
    assert truth["description"] == SENTENCE
    assert truth["pairs"] == len(synthetic.SYSTEMS) * (len(synthetic.SYSTEMS) - 1) // 2
    assert "truth" not in meta["tiny-oc"]


def test_the_shipped_synthetic_regression_collection_brings_its_truth():
    get_family("regression")
    (dataset,) = default_datasets(["synthetic_regression"])
    assert dataset.truth is not None
    assert set(dataset.truth) == set(dataset.data.systems)
    best = min(dataset.truth, key=dataset.truth.__getitem__)
    assert best == synthetic.true_order(dataset.data.y_true.shape[1])[0]
    assert "expected squared error" in dataset.truth_description
