"""The published statements about the language-model measures: the notebook's perplexity part.

The passages were checked word for word against the notebook
(``shared/seeds/001_22267556ebe6ca49.txt``) when they were entered; that file
is not part of the repository, so no test reads it.
"""

from __future__ import annotations

import math

import axiometrics as ax
from axiometrics import literature
from axiometrics.measures.language_model.literature import RANGES, SOURCES


def test_the_part_is_registered_under_the_notebooks_source():
    (part,) = SOURCES
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
    (part,) = SOURCES
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
