"""The stability page shows the corpus-level analyses where a data set has them."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import numpy as np
import pytest

from axiometrics.io.runs import CorpusBatch
from axiometrics.measures.regression import synthetic
from axiometrics.measures.regression.runs import RegressionRuns
from axiometrics.report.build import ReportSettings, build_report
from axiometrics.report.render import render_files
from axiometrics.report.stability import Dataset, MetaSettings

SETTINGS = MetaSettings(seed=1, trials=5, B=40)
REGRESSION = ["mean_squared_error", "mean_absolute_error", "r2"]
SENTENCE = "The truth: each system's expected squared error (lower is better)."


def ratio(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    undefined = totals[..., 1] == 0
    return totals[..., 0] / np.where(undefined, 1.0, totals[..., 1]), undefined


@dataclass(frozen=True, eq=False)
class CorpusRegressionRuns(RegressionRuns):
    """Regression runs whose mean squared and absolute errors pool every item of every topic."""

    def corpus_statistics(self, scorer: Any) -> CorpusBatch | None:
        name = scorer.measure.name
        if name not in ("mean_squared_error", "mean_absolute_error"):
            return None
        gap = self.y_pred - self.y_true[:, None, :]
        loss = gap**2 if name == "mean_squared_error" else np.abs(gap)
        per_item = loss.transpose(1, 0, 2).reshape(len(self.systems), -1, 1)
        return CorpusBatch(np.concatenate([per_item, np.ones_like(per_item)], axis=2), ratio)


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    base = synthetic.regression_synthetic(n_topics=6, n_items=30, seed=4)
    pooled = CorpusRegressionRuns(base.topics, base.systems, base.y_true, base.y_pred)
    truth = {s.name: synthetic.expected_squared_error(s, 30) for s in synthetic.SYSTEMS}
    corpus = Dataset(
        "tiny-corpus",
        "Tiny pooled regression",
        "regression",
        pooled,
        "6 topics of 30 items",
        {"*": "drop"},
        truth=truth,
        truth_description=SENTENCE,
    )
    plain = Dataset("tiny-plain", "Tiny regression", "regression", base, "6 topics", {"*": "drop"})
    report = build_report(
        ReportSettings(
            measures=REGRESSION,
            datasets=[corpus, plain],
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


def _corpus_part(section: str) -> str:
    return section.split('id="tiny-corpus-corpus">', 1)[1]


def test_a_data_set_with_corpus_level_measures_shows_their_section(files):
    section = _section(files["stability.html"], "tiny-corpus")
    assert 'id="tiny-corpus-corpus">Corpus-level analyses</h3>' in section
    part = html.unescape(_corpus_part(section))
    assert "2 of the measures are corpus-level" in part
    assert "all 180 segments" in part
    assert SENTENCE in part
    for caption in (
        "Corpus score of each system",
        "corpus-score ranking with the true order",
        "Ranking similarity of the corpus scores",
        "segment halves (90 vs. 90)",
        "Significant pairs per measure with the corpus-level bootstrap test",
    ):
        assert caption in part
    assert "r2" not in part  # not a corpus-level measure here


def test_the_corpus_scores_table_shows_every_system_once(files):
    part = _corpus_part(_section(files["stability.html"], "tiny-corpus"))
    table = part.split("</table>", 1)[0]
    systems = re.findall(r"<tr><td>([^<]+)</td>", table)
    assert sorted(systems) == sorted(s.name for s in synthetic.SYSTEMS)


def test_a_data_set_without_corpus_level_measures_has_no_such_section(files):
    section = _section(files["stability.html"], "tiny-plain")
    assert "Corpus-level" not in section
    assert 'id="tiny-plain-similarity"' in section


class _Balance(HTMLParser):
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


def test_the_corpus_level_markup_nests(files):
    checker = _Balance()
    checker.feed(_section(files["stability.html"], "tiny-corpus"))
    assert checker.errors == []
    assert checker.stack == []


def test_the_report_json_carries_the_corpus_level_only_where_there_is_one(files):
    meta = {d["key"]: d for d in json.loads(files["report.json"])["meta"]}
    corpus = meta["tiny-corpus"]["corpus_level"]
    assert corpus["n_segments"] == 180
    assert [m["name"] for m in corpus["measures"]] == REGRESSION[:2]
    assert corpus["truth"]["description"] == SENTENCE
    assert corpus["consistency"]["trials"] == 5
    assert corpus["discriminative"]["trials"] == 40
    assert {r["measure"] for r in corpus["discriminative"]["rows"]} == set(REGRESSION[:2])
    assert meta["tiny-corpus"]["settings"]["corpus_level"]["segments"] == 180
    assert "corpus_level" not in meta["tiny-plain"]
    assert "corpus_level" not in meta["tiny-plain"]["settings"]
