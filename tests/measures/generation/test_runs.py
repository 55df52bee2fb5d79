"""GenerationRuns: validation, the (topic, system) batch and the corpus-level statistics."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import axiometrics as ax
from axiometrics.errors import DataFileError
from axiometrics.io.runs import CorpusBatch, CorpusLevelRuns, SystemRuns
from axiometrics.measures.generation.family import INPUTS
from axiometrics.measures.generation.runs import GENERATION_INPUTS, GenerationRuns
from axiometrics.meta.scoring import score_runs

TOPICS = ("news", "chat")
SYSTEMS = ("alpha", "beta", "gamma")
# (T=2, S=3, m=3): long enough segments that corpus BLEU is defined on every topic.
HYPOTHESES = [
    [
        [
            "the cat sat on the mat by the door",
            "a dog barked at the mail carrier today",
            "it rained all day in the old town",
        ],
        [
            "a cat sat on a mat near the door",
            "the dog barked at the postman this morning",
            "it was raining the whole day in town",
        ],
        [
            "cat mat door sitting",
            "dog barking loudly carrier",
            "rain day town old all",
        ],
    ],
    [
        [
            "hello how are you doing this fine evening",
            "i am well thank you for asking me",
            "see you tomorrow at the usual place then",
        ],
        [
            "hi how are you this evening my friend",
            "i am fine thanks for asking",
            "see you tomorrow at the same place",
        ],
        [
            "hello you this evening",
            "well thanks for asking",
            "tomorrow at the usual place",
        ],
    ],
]
REFERENCES = [
    [
        ("the cat sat on the mat next to the door", "a cat was sitting on the mat by the door"),
        ("a dog barked at the mail carrier this morning",),
        ("it rained the whole day in the old town", "all day it rained in the old town", "rain"),
    ],
    [
        ("hello how are you doing this evening",),
        ("i am well thanks for asking", "fine thank you for asking me"),
        ("see you tomorrow at the usual place",),
    ],
]


def reference_grid(rows=REFERENCES) -> np.ndarray:
    grid = np.empty((len(rows), len(rows[0])), dtype=object)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            grid[i, j] = cell
    return grid


@pytest.fixture
def runs() -> GenerationRuns:
    return GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object), reference_grid())


def test_the_runs_name_their_family_and_have_no_class_scale(runs):
    assert runs.family == "generation"
    assert runs.scale is None
    assert isinstance(runs, SystemRuns)
    assert isinstance(runs, CorpusLevelRuns)
    assert GENERATION_INPUTS == INPUTS


def test_segments_count_and_name_every_segment_topic_by_topic(runs):
    assert runs.segments_per_topic == 3
    assert runs.n_segments == 6
    assert runs.segments == (
        ("news", 0),
        ("news", 1),
        ("news", 2),
        ("chat", 0),
        ("chat", 1),
        ("chat", 2),
    )


def test_arrays_are_frozen_copies(runs):
    source = np.array(HYPOTHESES, dtype=object)
    built = GenerationRuns(TOPICS, SYSTEMS, source, reference_grid())
    source[0, 0, 0] = "changed"
    assert built.hypotheses[0, 0, 0] == HYPOTHESES[0][0][0]
    with pytest.raises(ValueError, match="read-only"):
        runs.hypotheses[0, 0, 0] = "x"
    with pytest.raises(ValueError, match="read-only"):
        runs.references[0, 0] = ("x",)


def test_references_given_as_nested_lists_of_tuples_are_accepted(runs):
    built = GenerationRuns(TOPICS, SYSTEMS, HYPOTHESES, REFERENCES)
    assert built.references.shape == (2, 3)
    assert built.references[0, 2] == REFERENCES[0][2]
    assert built.hypotheses.shape == (2, 3, 3)


def test_a_hypothesis_array_of_the_wrong_shape_is_refused():
    with pytest.raises(DataFileError, match=r"hypotheses must have shape .*\(2, 3, m\)"):
        GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object)[:, :2], reference_grid())


def test_a_hypothesis_that_is_not_a_string_is_named_with_its_system_topic_and_segment():
    hyps = np.array(HYPOTHESES, dtype=object)
    hyps[1, 2, 0] = None
    with pytest.raises(
        DataFileError, match=r"system 'gamma', topic 'chat', segment 0\): expected a str"
    ):
        GenerationRuns(TOPICS, SYSTEMS, hyps, reference_grid())


def test_a_segment_without_a_reference_is_named_with_its_topic_and_segment():
    refs = reference_grid()
    refs[1, 1] = ()
    with pytest.raises(DataFileError, match=r"topic 'chat', segment 1\): expected a non-empty"):
        GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object), refs)


def test_a_reference_that_is_not_a_string_is_refused():
    refs = reference_grid()
    refs[0, 1] = ("fine", b"bytes")
    with pytest.raises(DataFileError, match=r"topic 'news', segment 1, reference 1\)"):
        GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object), refs)


def test_a_lone_reference_string_is_refused_where_a_tuple_is_expected():
    refs = reference_grid()
    refs[0, 0] = "one reference"
    with pytest.raises(DataFileError, match="expected a non-empty tuple of reference strings"):
        GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object), refs)


def test_references_of_another_number_of_segments_are_refused():
    refs = reference_grid()[:, :2]
    with pytest.raises(DataFileError, match=r"references must have shape .* \(2, 3\)"):
        GenerationRuns(TOPICS, SYSTEMS, np.array(HYPOTHESES, dtype=object), refs)


def test_repeated_system_names_are_refused():
    with pytest.raises(DataFileError, match="system names must be unique"):
        GenerationRuns(
            TOPICS, ("a", "b", "a"), np.array(HYPOTHESES, dtype=object), reference_grid()
        )


def test_scorer_inputs_are_the_hypothesis_batch_and_broadcasting_references(runs):
    hyps, refs = runs.scorer_inputs("generation")
    assert hyps.shape == (2, 3, 3)
    assert refs.shape == (2, 1, 3)
    assert refs[1, 0, 1] == REFERENCES[1][1]


def test_scorer_inputs_of_another_family_are_refused_naming_it(runs):
    with pytest.raises(DataFileError, match=r"family='regression' take inputs"):
        runs.scorer_inputs("regression")


def test_meta_scoring_gives_every_topic_its_corpus_score(runs):
    names = ["bleu", "chrf", "ter", "wer", "chrf_plus_plus"]
    scores = score_runs(runs, names)
    for name in names:
        matrix = scores.matrix(name)
        for t, topic in enumerate(TOPICS):
            for s, system in enumerate(SYSTEMS):
                expected = ax.score(name, HYPOTHESES[t][s], REFERENCES[t])
                assert matrix.loc[topic, system] == pytest.approx(expected, rel=1e-12)


def test_selecting_systems_keeps_their_hypotheses_in_the_given_order(runs):
    picked = runs.select_systems(["gamma", "alpha"])
    assert picked.systems == ("gamma", "alpha")
    assert picked.hypotheses[1, 0, 2] == HYPOTHESES[1][2][2]
    assert picked.hypotheses[0, 1, 0] == HYPOTHESES[0][0][0]
    with pytest.raises(DataFileError, match=r"\['delta'\] are not systems"):
        runs.select_systems(["delta"])


@pytest.mark.parametrize(
    "name", ["bleu", "bleu(tokenize='none', max_order=2)", "chrf", "ter", "cer", "rouge_l"]
)
def test_summed_corpus_statistics_give_the_score_of_the_whole_corpus(runs, name):
    scorer = ax.default_registry().get(name)
    batch = runs.corpus_statistics(scorer)
    assert isinstance(batch, CorpusBatch)
    assert batch.statistics.shape[:2] == (3, 6)
    scores, undefined = batch.from_totals(batch.statistics.sum(axis=1))
    assert not undefined.any()
    every_segment = [ref for row in REFERENCES for ref in row]
    for s in range(len(SYSTEMS)):
        hyps = [h for t in range(len(TOPICS)) for h in HYPOTHESES[t][s]]
        assert scores[s] == pytest.approx(ax.score(name, hyps, every_segment), rel=1e-12)


def test_corpus_statistics_of_a_topic_give_that_topics_score(runs):
    batch = runs.corpus_statistics(ax.default_registry().get("bleu"))
    scores, _ = batch.from_totals(batch.statistics[:, 3:].sum(axis=1))
    assert scores[1] == pytest.approx(ax.score("bleu", HYPOTHESES[1][1], REFERENCES[1]))


def test_corpus_statistics_are_computed_once_per_measure_and_read_only(runs):
    scorer = ax.default_registry().get("chrf")
    first = runs.corpus_statistics(scorer)
    assert runs.corpus_statistics(scorer.measure) is first
    assert runs.corpus_statistics(scorer.with_params(beta=1.0)) is not first
    with pytest.raises(ValueError, match="read-only"):
        first.statistics[0, 0, 0] = 1.0


def test_corpus_statistics_are_none_for_measures_that_are_not_built_in_generation_ones(runs):
    registry = ax.default_registry()
    assert runs.corpus_statistics(registry.get("accuracy")) is None
    foreign = dataclasses.replace(registry.get("bleu"), plugin="someone-elses-plugin")
    assert runs.corpus_statistics(foreign) is None
    assert runs.corpus_statistics(lambda h, r: 0.0) is None
