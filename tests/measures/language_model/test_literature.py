"""The published statements about the language-model measures: the notebook and the HF card.

The passages were checked word for word against the notebook
(``shared/seeds/001_22267556ebe6ca49.txt``) when they were entered; that file
is not part of the repository, so no test reads it.
"""

from __future__ import annotations

import math

import axiometrics as ax
from axiometrics import literature
from axiometrics.measures.language_model.literature import (
    HF_EVALUATE_LANGUAGE_MODEL,
    HF_RANGES,
    POTTS2020_LANGUAGE_MODEL,
    RANGES,
    SOURCES,
)


def test_the_part_is_registered_under_the_notebooks_source():
    part = POTTS2020_LANGUAGE_MODEL
    assert SOURCES == (POTTS2020_LANGUAGE_MODEL, HF_EVALUATE_LANGUAGE_MODEL)
    assert part.key == "potts2020"
    literature.sources()  # loads the plugins
    merged = literature.source("potts2020")
    assert (merged.citation, merged.abbreviation, merged.reference) == (
        part.citation,
        part.abbreviation,
        part.reference,
    )
    for verdict in part.verdicts:
        assert verdict in merged.verdicts
    for stated in RANGES:
        assert stated in merged.ranges


def test_every_published_verdict_agrees_with_the_declaration():
    part = POTTS2020_LANGUAGE_MODEL
    assert part.disagreements == ()
    for verdict in part.verdicts:
        declared = ax.get_measure(verdict.measure).claims[verdict.claim]
        assert (declared.status == "holds") == verdict.holds, verdict
        assert verdict.passage
        assert verdict.note


def test_the_stated_bounds_contain_the_declared_ranges():
    assert {r.measure for r in RANGES} == {"perplexity", "mean_sequence_perplexity"}
    for stated in RANGES:
        declared = ax.get_measure(stated.measure).range
        assert (stated.lower, stated.upper) == (declared.lower, declared.upper) == (1.0, math.inf)


def test_the_hf_card_part_states_the_range_of_perplexity_and_repeats_the_sources_identity():
    literature.sources()
    merged = literature.source("hf_evaluate")
    part = HF_EVALUATE_LANGUAGE_MODEL
    assert (merged.citation, merged.abbreviation, merged.reference) == (
        part.citation,
        part.abbreviation,
        part.reference,
    )
    (stated,) = HF_RANGES
    assert stated in merged.ranges
    assert (stated.measure, stated.lower, stated.upper) == ("perplexity", 0.0, math.inf)
    declared = ax.get_measure("perplexity").range
    assert stated.lower <= declared.lower
    assert declared.upper <= stated.upper
    assert part.verdicts == ()
    assert part.range_disagreements == ()
