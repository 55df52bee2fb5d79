"""Corpus-level measures are scored per topic from their segment statistics, with the same bytes."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics import default_registry
from axiometrics.io.runs import CorpusBatch
from axiometrics.measures.generation.synthetic import SYSTEMS, generation_synthetic
from axiometrics.meta.scoring import score_runs


@pytest.fixture(scope="module")
def runs():
    names = ("base", "deletion_15", "move_30", "negation_50", "paraphrase_30")
    systems = [s for s in SYSTEMS if s.name in names]
    return generation_synthetic(n_documents=3, n_segments=4, systems=systems).runs()


def test_every_generation_measure_scores_the_topics_as_its_scorer_does(runs):
    matrices = score_runs(runs)
    for scorer in default_registry().scorers("generation"):
        direct = scorer.evaluate(*runs.scorer_inputs("generation"))
        summed = matrices.scores[matrices.measures.index(str(scorer.measure))]
        assert not direct.undefined.any()
        assert np.array_equal(summed, direct.scores), scorer.name


def test_the_statistics_are_computed_once_for_scores_and_corpus_analyses(runs, monkeypatch):
    calls: list[str] = []
    original = type(runs)._batch

    def counted(self, name, params):
        calls.append(name)
        return original(self, name, params)

    monkeypatch.setattr(type(runs), "_batch", counted)
    fresh = runs.select_systems(runs.systems)
    score_runs(fresh, ["bleu", "ter"])
    assert fresh.corpus_statistics(default_registry().get("bleu")) is not None
    assert calls == ["bleu", "ter"]


class _Ragged:
    """Runs whose batch has no per-topic layout: the scorer scores them."""

    def __init__(self, runs):
        self._runs = runs

    def __getattr__(self, name):
        return getattr(self._runs, name)

    def corpus_statistics(self, scorer):
        batch = self._runs.corpus_statistics(scorer)
        return CorpusBatch(batch.statistics, batch.from_totals)


def test_runs_without_a_topic_layout_are_scored_by_the_scorer(runs, monkeypatch):
    from axiometrics.meta import scoring

    monkeypatch.setattr(scoring, "_summed_topic_scores", _fail_if_summed(scoring))
    wrapped = _Ragged(runs)
    matrices = score_runs(wrapped, ["chrf"])
    direct = default_registry().get("chrf").evaluate(*runs.scorer_inputs("generation"))
    assert np.array_equal(matrices.scores[0], direct.scores)


def _fail_if_summed(scoring):
    original = scoring._summed_topic_scores

    def guarded(runs, scorer):
        result = original(runs, scorer)
        assert result is None
        return result

    return guarded
