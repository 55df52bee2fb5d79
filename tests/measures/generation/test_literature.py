"""The published statements about the generation measures: sources, classifications, checks.

The sources are validated against the default registry (the ``generation``
and ``language_model`` families registered) and the notes' counterexamples
are scored; the passages of sacreBLEU and jiwer are checked against the
installed packages' own words.  The notebook's passages were checked word
for word against ``shared/seeds/001_22267556ebe6ca49.txt`` when they were
entered; that file is not part of the repository, so no test reads it.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import re
from dataclasses import replace

import pytest

import axiometrics as ax
from axiometrics.checker.verdicts import Outcome
from axiometrics.literature import (
    CLASSIFIED_KINDS,
    LITERATURE_CATALOGUES,
    LITERATURE_ENTRY_POINT_GROUP,
    RANGE,
    LiteratureSource,
    LiteratureVerdict,
    PublishedRange,
    literature,
    published_ranges,
    sources,
)
from axiometrics.measure import Range
from axiometrics.measures.generation.literature import (
    DISAGREEMENTS,
    RANGE_DISAGREEMENTS,
    RANGES,
    SOURCES,
)

VERDICTS = [v for s in SOURCES for v in s.verdicts]
CLASSIFIED = {(d.source, d.measure, d.claim): d for d in DISAGREEMENTS}
RANGE_FINDINGS = {(d.source, d.measure): d for d in RANGE_DISAGREEMENTS}
NEW_KEYS = ("sacrebleu_docs", "jiwer_docs")
STRICT = ("strict_identity",)


def test_every_measure_the_sources_name_is_registered() -> None:
    for name in sorted({v.measure for v in VERDICTS} | {r.measure for r in RANGES}):
        ax.get_measure(name)


def _id(v: LiteratureVerdict) -> str:
    return f"{v.source}-{v.measure}-{v.claim}"


def _plain(text: str) -> str:
    """Text without the markup the passages drop (LaTeX, Markdown, reST fields), one-spaced."""
    text = re.sub(r"\\textbf\{([^}]*)\}", r"\1", text)
    for markup, plain in (
        ("$", ""),
        ("\\infty", "∞"),
        ("`", ""),
        (":param ", ""),
        (":return: ", ""),
    ):
        text = text.replace(markup, plain)
    return " ".join(text.split())


def _fragments(passage: str) -> list[str]:
    """The parts of a passage that stand apart in the source (joined by ' ... ')."""
    return [part for part in _plain(passage).split(" ... ") if part]


# -- the module's data alone -------------------------------------------------------------------


def test_the_parts_repeat_the_citation_mark_and_reference_of_their_publication() -> None:
    from axiometrics.measures.language_model.literature import POTTS2020_LANGUAGE_MODEL
    from axiometrics.measures.nominal.literature import POTTS2020
    from axiometrics.measures.regression.literature import HF_EVALUATE, POTTS2020_REGRESSION

    def publication(src: LiteratureSource) -> tuple[str, str, str, str]:
        return (src.key, src.citation, src.abbreviation, src.reference)

    by_key = {s.key: s for s in SOURCES}
    assert list(by_key) == ["potts2020", "hf_evaluate", *NEW_KEYS]
    for other in (POTTS2020, POTTS2020_REGRESSION, POTTS2020_LANGUAGE_MODEL):
        assert publication(by_key["potts2020"]) == publication(other)
    assert publication(by_key["hf_evaluate"]) == publication(HF_EVALUATE)
    marks = [s.abbreviation for s in SOURCES]
    assert len(marks) == len(set(marks))


def test_each_source_holds_its_own_statements_once_with_the_words_and_the_reading() -> None:
    for src in SOURCES:
        assert src.verdicts, f"{src.key}: a source needs a verdict to be registered"
        keys = [(v.measure, v.claim) for v in src.verdicts]
        assert len(keys) == len(set(keys))
        for v in src.verdicts:
            assert v.source == src.key
            assert v.passage.strip()
            assert v.note.strip()
            assert "\n" not in v.column + v.passage + v.note
            assert v.preconditions in ((), STRICT)
        assert all(d.source == src.key for d in src.disagreements)
        assert src.ranges == tuple(r for r in RANGES if r.source == src.key)
        assert src.range_disagreements == tuple(
            d for d in RANGE_DISAGREEMENTS if d.source == src.key
        )
    assert tuple(d for s in SOURCES for d in s.disagreements) == DISAGREEMENTS


def test_each_disagreement_has_a_kind_a_one_line_justification_and_the_verdicts_passage() -> None:
    published = {(v.source, v.measure, v.claim): v for v in VERDICTS}
    assert set(CLASSIFIED) <= set(published)
    assert len(CLASSIFIED) == len(DISAGREEMENTS)
    for key, d in CLASSIFIED.items():
        assert d.kind in CLASSIFIED_KINDS
        assert 0 < len(d.justification) <= 200
        assert "\n" not in d.justification
        assert d.passage == published[key].passage


def test_each_range_classification_names_a_stated_range_and_quotes_it() -> None:
    stated = {(r.source, r.measure): r for r in RANGES}
    assert len(stated) == len(RANGES)  # one range per source and measure
    assert len(RANGE_FINDINGS) == len(RANGE_DISAGREEMENTS)
    for key, d in RANGE_FINDINGS.items():
        assert d.claim == RANGE
        assert d.kind in CLASSIFIED_KINDS
        assert 0 < len(d.justification) <= 200
        assert d.passage in stated[key].passage


def test_the_sacrebleu_docstring_passages_are_sacrebleus_own_words() -> None:
    import sacrebleu

    assert sacrebleu.__version__ == "2.6.0", "the docstrings were read in sacreBLEU 2.6.0"
    from sacrebleu.metrics.bleu import BLEU
    from sacrebleu.metrics.chrf import CHRF

    docs = {
        "BLEU.compute_bleu docstring": inspect.getdoc(BLEU.compute_bleu),
        "CHRF._compute_f_score docstring": inspect.getdoc(CHRF._compute_f_score),
    }
    (part,) = [s for s in SOURCES if s.key == "sacrebleu_docs"]
    quoted = [(v.column, v.passage) for v in part.verdicts]
    quoted += [(r.column, r.passage) for r in part.ranges]
    checked = 0
    for column, passage in quoted:
        if column in docs:
            for fragment in _fragments(passage):
                assert fragment in _plain(docs[column] or ""), fragment
            checked += 1
    assert checked == 3  # compute_bleu, and the chrF docstring for chrF and chrF++


def test_jiwers_documented_example_prints_the_quoted_summary_and_the_notes_numbers() -> None:
    import jiwer

    assert importlib.metadata.version("jiwer") == "4.0.0", "the documentation was read for 4.0.0"
    references = ["short one here", "quite a bit of longer sentence"]
    hypotheses = ["shoe order one", "quite bit of an even longest sentence here"]
    out = jiwer.process_words(references, hypotheses)
    (part,) = [s for s in SOURCES if s.key == "jiwer_docs"]
    printed = _plain(jiwer.visualize_alignment(out))
    for v in part.verdicts:
        assert _plain(v.passage).removeprefix("=== SUMMARY === ") in printed
    alone = [jiwer.process_words(r, h) for r, h in zip(references, hypotheses, strict=True)]
    assert [round(o.wer, 3) for o in alone] == [1.0, 0.833]
    assert [round(o.mer, 3) for o in alone] == [0.75, 0.556]
    assert [round(o.wil, 3) for o in alone] == [0.889, 0.667]
    assert (round(out.wer, 3), round(out.mer, 3), round(out.wil, 3)) == (0.889, 0.615, 0.747)


# -- against the registry (the generation family registered) ------------------------------------


def test_the_sources_validate_and_merge_with_the_other_parts_of_their_publications() -> None:
    sources()  # the installed plugins' sources first
    catalogue = LITERATURE_CATALOGUES.current.copy()
    for src in SOURCES:
        stored = catalogue.register(src, ax.default_registry(), plugin="generation")
        assert set(src.verdicts) <= set(stored.verdicts)
        assert set(src.ranges) <= set(stored.ranges)
        assert set(src.disagreements) <= set(stored.disagreements)
        assert set(src.range_disagreements) <= set(stored.range_disagreements)
    merged = {s.key: s for s in catalogue.sources()}
    assert any(v.measure == "accuracy" for v in merged["potts2020"].verdicts)  # nominal part
    assert any(v.measure == "perplexity" for v in merged["potts2020"].verdicts)  # LM part
    assert any(r.measure == "mean_squared_error" for r in merged["hf_evaluate"].ranges)
    marks = [s.abbreviation for s in catalogue.sources()]
    assert len(marks) == len(set(marks))


def test_the_sources_are_registered_once_the_entry_point_is_installed() -> None:
    names = {e.name for e in importlib.metadata.entry_points(group=LITERATURE_ENTRY_POINT_GROUP)}
    assert "generation" in names
    registered = {s.key: s for s in sources()}
    for key in NEW_KEYS:
        assert registered[key] == next(s for s in SOURCES if s.key == key)
    assert set(VERDICTS) <= set(literature())
    assert set(RANGES) <= set(published_ranges())


@pytest.mark.parametrize("verdict", VERDICTS, ids=_id)
def test_every_verdict_names_a_generation_measure_and_one_of_its_claims(
    verdict: LiteratureVerdict,
) -> None:
    measure = ax.get_measure(verdict.measure)
    assert measure.name == verdict.measure
    assert "generation" in measure.families
    assert verdict.claim in measure.claims


def _declared(v: LiteratureVerdict) -> bool | None:
    """What the measure's declaration says about the published verdict (None: left open)."""
    declaration = ax.get_measure(v.measure).claims[v.claim]
    if declaration.status == "violated":
        return False
    if declaration.status != "holds":
        return None
    declared = tuple(declaration.preconditions)
    if declared == v.preconditions:
        return True
    if v.claim == "identity" and v.preconditions == STRICT and not declared:
        return False  # the measure does not claim the "only then" half
    return None


@pytest.mark.parametrize("verdict", VERDICTS, ids=_id)
def test_every_verdict_agrees_with_the_declaration_or_is_a_classified_disagreement(
    verdict: LiteratureVerdict,
) -> None:
    declared = _declared(verdict)
    assert declared is not None, "a published verdict the declarations leave open"
    key = (verdict.source, verdict.measure, verdict.claim)
    if declared == verdict.holds:
        assert key not in CLASSIFIED
    else:
        assert CLASSIFIED[key].kind in CLASSIFIED_KINDS


def test_the_notes_counterexamples_score_as_stated() -> None:
    def score(measure: str, hypotheses: list[str], *references: list[str]) -> float:
        return float(ax.score(measure, hypotheses, list(references)))

    # Corpus BLEU is not the mean of segment BLEU (potts2020, hf_evaluate, sacrebleu_docs).
    assert score("bleu", ["a b c d", "e f g h i j k l"], ["a b c d"], ["m n o p q r s t"]) == (
        pytest.approx(25.4066, abs=1e-4)
    )
    assert score("bleu", ["a b c d"], ["a b c d"]) == pytest.approx(100.0)
    assert score("bleu", ["e f g h i j k l"], ["m n o p q r s t"]) == 0.0
    # A reference added lowers BLEU (hf_evaluate).
    assert score("bleu", ["a b c d e f"], ["a b c d"]) == pytest.approx(50.8133, abs=1e-4)
    assert score("bleu", ["a b c d e f"], ["a b c d", "x x x x x x x"]) == pytest.approx(
        43.0125, abs=1e-4
    )
    # The optimum without an identical reference (hf_evaluate, strict identity).
    assert score("bleu", ["a b c d"], ["a b c d a b c d", "x y z w"]) == pytest.approx(100.0)
    # Corpus WER and TER are ratios of sums (potts2020, hf_evaluate); TER above 100.
    corpus = (["a b c", "a b c d"], ["a"], ["a b c d"])
    assert score("wer", *corpus) == pytest.approx(0.4)
    assert score("ter", *corpus) == pytest.approx(40.0)
    assert (score("wer", ["a b c"], ["a"]), score("ter", ["a b c"], ["a"])) == (2.0, 200.0)
    assert score("wer", ["a b c d"], ["a b c d"]) == score("ter", ["a b c d"], ["a b c d"]) == 0
    # jiwer's documented example, scored by the registered measures.
    jiwer_docs = (
        ["shoe order one", "quite bit of an even longest sentence here"],
        ["short one here"],
        ["quite a bit of longer sentence"],
    )
    expected = {"wer": 8 / 9, "mer": 8 / 13, "wil": 1 - 25 / 99}
    for measure, value in expected.items():
        assert score(measure, *jiwer_docs) == pytest.approx(value, rel=1e-12)


@pytest.mark.parametrize("stated", RANGES, ids=lambda r: f"{r.source}-{r.measure}")
def test_each_published_range_contains_the_declared_one_or_is_classified(
    stated: PublishedRange,
) -> None:
    declared = ax.get_measure(stated.measure).range
    finding = RANGE_FINDINGS.get((stated.source, stated.measure))
    if stated.admits(declared.lower, declared.upper):
        assert finding is None
    else:
        assert finding is not None


def _checked_with_range(measure: str, lower: float, upper: float) -> Outcome:
    """The checker's well_defined verdict for ``measure`` declared with the range ``[lower, upper]``."""
    declared = replace(ax.get_measure(measure), range=Range(lower, upper))
    return ax.check(declared, ["well_defined"]).verdict("well_defined").outcome


_MISSTATED = {d.measure for d in RANGE_DISAGREEMENTS}


@pytest.mark.parametrize(
    ("measure", "lower", "upper"),
    # Every interval stated for a measure some source gets wrong (BLEU, TER): both outcomes.
    sorted({(r.measure, r.lower, r.upper) for r in RANGES if r.measure in _MISSTATED}),
)
def test_the_checker_refutes_exactly_the_ranges_that_leave_out_declared_values(
    measure: str, lower: float, upper: float
) -> None:
    declared = ax.get_measure(measure).range
    refuted = _checked_with_range(measure, lower, upper) is Outcome.REFUTED
    assert refuted is not (lower <= declared.lower and declared.upper <= upper)
