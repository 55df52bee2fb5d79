"""The synthetic generation collection: its corpus, its corruptions and their known severity."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from axiometrics import datasets
from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.measures.generation import synthetic
from axiometrics.measures.generation.data import ON_UNDEFINED, SYNTHETIC_GENERATION
from axiometrics.measures.generation.runs import GenerationRuns
from axiometrics.measures.generation.synthetic import (
    COLUMNS,
    INSERTION_VOCABULARY,
    KINDS,
    NEGATION,
    NEGATION_ANCHORS,
    PARAPHRASES,
    SYSTEMS,
    WEIGHTS,
    Corruption,
    corrupt,
    default_generation,
    default_generation_runs,
    generation_synthetic,
    operations,
    read_corpus,
    segment_severity,
    true_severity,
)
from axiometrics.meta import score_runs
from axiometrics.meta.truth import truth_agreement


@pytest.fixture(scope="module")
def collection() -> synthetic.SyntheticGeneration:
    return default_generation()


@pytest.fixture(scope="module")
def corpus() -> synthetic.SyntheticCorpus:
    return read_corpus()


def _words(text: str) -> list[str]:
    """Lower-cased words without the final mark (the unit the corruptions edit)."""
    return [w.lower() for w in text.rstrip(".!?").split()]


def _pairs(collection: synthetic.SyntheticGeneration, name: str) -> list[tuple[str, str]]:
    """(base, hypothesis) of every segment for one system."""
    s = collection.systems.index(name)
    base = collection.hypotheses[:, collection.systems.index("base"), :].ravel()
    return list(zip(base, collection.hypotheses[:, s, :].ravel(), strict=True))


def _system(name: str) -> Corruption:
    return next(s for s in SYSTEMS if s.name == name)


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(word in it for word in short)


# The corpus ----------------------------------------------------------------------------


def test_the_package_corpus_validates_as_twelve_documents_of_ten_segments(corpus):
    assert len(corpus.documents) == 12
    assert len(set(corpus.documents)) == 12
    assert corpus.bases.shape == (12, 10)
    assert corpus.references.shape == (12, 10)
    assert all(len(refs) == 3 for refs in corpus.references.ravel())


def test_every_base_has_eight_to_twenty_words_and_somewhere_to_flip_the_negation(corpus):
    for base in corpus.bases.ravel():
        words = _words(base)
        assert 8 <= len(words) <= 20, base
        assert {w.rstrip(",") for w in words} & (NEGATION_ANCHORS | {NEGATION}), base
        assert base.endswith("."), base


def test_no_reference_equals_its_base_and_the_references_of_a_segment_differ(corpus):
    for base, refs in zip(corpus.bases.ravel(), corpus.references.ravel(), strict=True):
        assert base not in refs
        assert len(set(refs)) == len(refs)
        assert all(ref.strip() == ref and ref for ref in refs)


def test_the_corpus_file_states_that_it_is_original_and_mit_licensed():
    text = (Path(synthetic.__file__).parent / synthetic.CORPUS_RESOURCE).read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert any("MIT" in line for line in header)
    assert any("Written for the axiometrics project" in line for line in header)
    assert next(line for line in text.splitlines() if not line.startswith("#")) == "\t".join(
        COLUMNS
    )


def test_some_bases_hold_a_not_so_that_negation_flips_also_remove_one(corpus):
    with_not = [b for b in corpus.bases.ravel() if NEGATION in _words(b)]
    assert len(with_not) >= 10


def _write(tmp_path: Path, rows: list[str], header: str = "\t".join(COLUMNS)) -> Path:
    path = tmp_path / "corpus.tsv"
    path.write_text("# a comment\n" + header + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


_GOOD = "d1\t1\tThe cat was on the mat.\tA cat sat on the mat.\tThe mat had a cat.\tOn the mat sat a cat."
_GOOD2 = "d1\t2\tThe dog is not asleep.\tThe dog is awake.\tThe dog has woken.\tThe dog is up."


def test_a_small_well_formed_corpus_file_reads_back(tmp_path):
    corpus = read_corpus(_write(tmp_path, [_GOOD, _GOOD2]))
    assert corpus.documents == ("d1",)
    assert corpus.bases.tolist() == [["The cat was on the mat.", "The dog is not asleep."]]
    assert corpus.references[0, 1] == ("The dog is awake.", "The dog has woken.", "The dog is up.")


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([_GOOD.replace("\tThe cat", "\t The cat")], "expected text without leading"),
        ([_GOOD.rsplit("\t", 1)[0]], "expected 6 tab-separated fields"),
        ([_GOOD.replace("\t1\t", "\tone\t")], "segment='one': expected a positive integer"),
        ([_GOOD2], "segment=2: expected segment 1 of document 'd1'"),
        ([_GOOD.replace("A cat sat on the mat.", "The cat was on the mat.")], "reference_1="),
        ([_GOOD.replace("The mat had a cat.", "A cat sat on the mat.")], "different references"),
        ([_GOOD.replace("The cat was on the mat.", "The cat sat on mats.", 1)], "negation"),
        ([_GOOD.replace("The cat was on the mat.", "Cats were here.", 1)], "at least 4 words"),
        ([_GOOD, _GOOD2, _GOOD.replace("d1", "d2")], "expected 2 segments"),
        (
            [_GOOD, _GOOD.replace("d1", "d2"), _GOOD2.replace("\t2\t", "\t1\t")],
            "expected each document's rows together",
        ),
        ([], "expected at least one segment"),
    ],
)
def test_a_bad_corpus_row_raises_a_data_file_error_naming_the_fault(tmp_path, rows, message):
    with pytest.raises(DataFileError, match=re.escape(message) if "=" in message else message):
        read_corpus(_write(tmp_path, rows))


def test_a_corpus_file_without_the_header_row_is_refused(tmp_path):
    with pytest.raises(DataFileError, match="expected the header row"):
        read_corpus(_write(tmp_path, [_GOOD], header="doc\tseg\tbase\tr1\tr2\tr3"))
    with pytest.raises(DataFileError, match="expected a readable UTF-8 file"):
        read_corpus(tmp_path / "missing.tsv")


# The systems and their severity ---------------------------------------------------------


def test_there_are_twenty_two_systems_the_base_and_each_kind_at_three_rates(collection):
    assert len(SYSTEMS) == 22
    assert collection.systems == tuple(s.name for s in SYSTEMS)
    assert collection.systems[0] == "base"
    counts = Counter(s.kind for s in SYSTEMS[1:])
    assert counts == dict.fromkeys(KINDS, 3)
    for s in SYSTEMS[1:]:
        assert s.name == f"{s.kind}_{round(100 * s.rate)}"


def test_the_collection_has_the_documented_shapes_and_read_only_arrays(collection, corpus):
    assert collection.hypotheses.shape == (12, 22, 10)
    assert collection.references.shape == (12, 10)
    assert collection.flipped.shape == (12, 22, 10)
    assert collection.topics == corpus.documents
    assert not collection.hypotheses.flags.writeable
    assert not collection.references.flags.writeable
    assert all(isinstance(h, str) and h for h in collection.hypotheses.ravel())
    assert collection.references.tolist() == corpus.references.tolist()
    with pytest.raises(TypeError):
        collection.severity["base"] = 1.0  # type: ignore[index]


def test_the_same_seed_gives_the_same_text_and_another_seed_other_text():
    first = generation_synthetic(seed=7, n_documents=3, n_segments=4)
    again = generation_synthetic(seed=7, n_documents=3, n_segments=4)
    other = generation_synthetic(seed=8, n_documents=3, n_segments=4)
    assert first.hypotheses.tolist() == again.hypotheses.tolist()
    assert first.severity == again.severity
    assert first.hypotheses.tolist() != other.hypotheses.tolist()


def test_a_systems_text_does_not_depend_on_which_other_systems_are_generated(collection):
    alone = generation_synthetic(systems=[_system("swap_15"), _system("negation_30")])
    for j, name in enumerate(alone.systems):
        s = collection.systems.index(name)
        assert alone.hypotheses[:, j, :].tolist() == collection.hypotheses[:, s, :].tolist()
        assert alone.severity[name] == collection.severity[name]


def test_the_first_documents_and_segments_are_a_prefix_of_the_full_collection(collection):
    small = generation_synthetic(n_documents=2, n_segments=3)
    assert small.hypotheses.shape == (2, 22, 3)
    assert small.topics == collection.topics[:2]
    assert small.references.tolist() == collection.references[:2, :3].tolist()


def test_the_severity_grows_strictly_with_the_rate_within_every_kind(collection):
    for kind in KINDS:
        systems = sorted((s for s in SYSTEMS if s.kind == kind), key=lambda s: s.rate)
        values = [collection.severity[s.name] for s in systems]
        assert all(a < b for a, b in itertools.pairwise(values)), (kind, values)


def test_the_base_is_the_only_system_of_severity_zero_and_no_two_kinds_share_a_weight(collection):
    assert collection.severity["base"] == 0.0
    assert all(collection.severity[s.name] > 0.0 for s in SYSTEMS[1:])
    weights = [WEIGHTS[k] for k in KINDS if k != "negation"]
    assert len(set(weights)) == len(weights)


def test_meaning_changing_corruptions_outweigh_paraphrase_and_negation_counts_as_severe(
    collection,
):
    paraphrase = max(collection.severity[f"paraphrase_{r}"] for r in (5, 15, 30))
    others = [s for s in SYSTEMS if s.kind not in ("base", "paraphrase")]
    assert all(collection.severity[s.name] > paraphrase for s in others)
    assert collection.severity["negation_50"] == pytest.approx(0.5)
    assert collection.severity["negation_50"] == max(collection.severity.values())


def test_the_severity_is_the_mean_of_the_segment_severities(collection, corpus):
    for s in SYSTEMS:
        j = collection.systems.index(s.name)
        values = [
            segment_severity(s, base, flipped=bool(flip))
            for base, flip in zip(
                corpus.bases.ravel(), collection.flipped[:, j, :].ravel(), strict=True
            )
        ]
        assert collection.severity[s.name] == pytest.approx(np.mean(values))


def test_true_severity_is_a_fresh_copy_of_the_default_collections(collection):
    truth = true_severity()
    assert truth == dict(collection.severity)
    truth["base"] = 9.0
    assert true_severity()["base"] == 0.0


def test_the_number_of_operations_depends_only_on_the_rate_and_the_length():
    assert operations(_system("deletion_5"), 10) == 1
    assert operations(_system("deletion_15"), 10) == 2  # 1.5 rounds up
    assert operations(_system("deletion_30"), 12) == 4
    assert operations(_system("paraphrase_30"), 12, n_paraphrasable=2) == 2
    assert operations(_system("negation_30"), 12) == 0
    assert operations(_system("base"), 12) == 0


# Each corruption does what it says --------------------------------------------------------


def test_the_base_system_outputs_the_base_text(collection, corpus):
    base = collection.hypotheses[:, collection.systems.index("base"), :]
    assert base.tolist() == corpus.bases.tolist()


def test_every_corrupted_segment_starts_with_a_capital_and_keeps_its_final_mark(collection):
    for text in collection.hypotheses.ravel():
        assert text[0].isupper(), text
        assert text.endswith("."), text


@pytest.mark.parametrize("name", ["deletion_5", "deletion_15", "deletion_30"])
def test_a_deletion_removes_its_count_of_words_and_keeps_the_others_in_order(collection, name):
    system = _system(name)
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        assert len(h) == len(b) - operations(system, len(b))
        assert _is_subsequence(h, b)


@pytest.mark.parametrize("name", ["insertion_5", "insertion_15", "insertion_30"])
def test_an_insertion_adds_its_count_of_vocabulary_words_around_the_base(collection, name):
    system = _system(name)
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        k = operations(system, len(b))
        assert len(h) == len(b) + k
        assert _is_subsequence(b, h)
        added = Counter(h) - Counter(b)
        assert sum(added.values()) == k
        assert set(added) <= set(INSERTION_VOCABULARY)


@pytest.mark.parametrize("name", ["substitution_5", "substitution_15", "substitution_30"])
def test_a_substitution_keeps_the_length_and_replaces_its_count_of_words(collection, name):
    system = _system(name)
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        assert len(h) == len(b)
        changed = [(x, y) for x, y in zip(b, h, strict=True) if x != y]
        assert len(changed) == operations(system, len(b))
        assert all(y.rstrip(",") in INSERTION_VOCABULARY for _, y in changed)


@pytest.mark.parametrize("name", ["swap_5", "swap_15", "swap_30"])
def test_a_swap_exchanges_disjoint_pairs_of_neighbours(collection, name):
    system = _system(name)
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        assert sorted(b) == sorted(h)
        moved = [i for i, (x, y) in enumerate(zip(b, h, strict=True)) if x != y]
        assert len(moved) <= 2 * operations(system, len(b))
        for i in moved:
            assert (i + 1 < len(b) and h[i] == b[i + 1]) or (i > 0 and h[i] == b[i - 1])


@pytest.mark.parametrize("name", ["move_5", "move_15", "move_30"])
def test_a_move_carries_one_block_of_its_length_far_along_the_segment(collection, name):
    system = _system(name)
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        k = operations(system, len(b))
        assert sorted(b) == sorted(h)
        assert b != h
        found = False
        for start in range(len(b) - k + 1):
            block, rest = b[start : start + k], b[:start] + b[start + k :]
            for dest in range(len(rest) + 1):
                if rest[:dest] + block + rest[dest:] == h and abs(dest - start) >= min(
                    max(3, len(b) // 3), max(start, len(rest) - start)
                ):
                    found = True
        assert found, (base, hyp)


@pytest.mark.parametrize(("name", "per_document"), [("negation_10", 1), ("negation_30", 3)])
def test_a_negation_flip_adds_or_removes_one_not_in_its_share_of_segments(
    collection, name, per_document
):
    s = collection.systems.index(name)
    assert (collection.flipped[:, s, :].sum(axis=1) == per_document).all()
    for (base, hyp), flip in zip(
        _pairs(collection, name), collection.flipped[:, s, :].ravel(), strict=True
    ):
        b, h = _words(base), _words(hyp)
        if not flip:
            assert hyp == base
            continue
        assert abs(len(h) - len(b)) == 1
        assert h.count(NEGATION) == b.count(NEGATION) + (1 if NEGATION not in b else -1)
        if NEGATION not in b:
            i = h.index(NEGATION)
            assert h[i - 1].rstrip(",") in NEGATION_ANCHORS
            assert h[:i] + h[i + 1 :] == b


@pytest.mark.parametrize("name", ["paraphrase_5", "paraphrase_15", "paraphrase_30"])
def test_a_paraphrase_keeps_the_length_and_only_swaps_words_for_their_synonyms(collection, name):
    for base, hyp in _pairs(collection, name):
        b, h = _words(base), _words(hyp)
        assert len(h) == len(b)
        changed = [(x, y) for x, y in zip(b, h, strict=True) if x != y]
        assert changed, base
        for x, y in changed:
            assert y.rstrip(",") in {w.lower() for w in PARAPHRASES[x.rstrip(",")]}
        assert NEGATION not in set(h) - set(b)


def test_corrupt_applies_one_system_to_one_text():
    rng = np.random.default_rng(0)
    text = "The cat was on the mat."
    assert corrupt(text, _system("base"), rng) == text
    assert corrupt(text, _system("negation_10"), rng) == "The cat was not on the mat."
    assert corrupt("It was not cold today.", _system("negation_10"), rng) == "It was cold today."
    assert len(corrupt(text, _system("deletion_30"), rng).split()) == 4


@pytest.mark.parametrize(
    ("text", "system", "message"),
    [
        ("Too short.", Corruption("d", "deletion", 0.1), "expected at least 4 words"),
        ("The cat sat on mats.", Corruption("n", "negation", 0.1), "negation anchor"),
        ("The cat was on the mat.", Corruption("x", "shuffle", 0.1), "system.kind='shuffle'"),
        ("The cat was on the mat.", Corruption("x", "deletion", 1.5), "system.rate=1.5"),
        ("The cat was on the mat.", "deletion_5", "expected a Corruption"),
    ],
)
def test_corrupt_refuses_what_it_cannot_apply(text, system, message):
    with pytest.raises(InvalidParameterError, match=re.escape(message)):
        corrupt(text, system, np.random.default_rng(0))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, "seed=-1: expected a non-negative integer"),
        ({"n_documents": 0}, "n_documents=0: expected an integer in [1, 12]"),
        ({"n_segments": 11}, "n_segments=11: expected an integer in [1, 10]"),
        ({"n_segments": 2.0}, "n_segments=2.0: expected an integer or None"),
        ({"systems": []}, "systems=(): expected at least one system"),
        ({"systems": [SYSTEMS[0], SYSTEMS[0]]}, "expected different names"),
    ],
)
def test_bad_generator_settings_are_refused(kwargs, message):
    with pytest.raises(InvalidParameterError, match=re.escape(message)):
        generation_synthetic(**kwargs)


def test_the_vocabulary_and_the_lexicon_hold_single_words_that_never_negate():
    assert len(set(INSERTION_VOCABULARY)) == len(INSERTION_VOCABULARY)
    for word in INSERTION_VOCABULARY:
        assert re.fullmatch(r"[a-z]+", word)
        assert word not in NEGATION_ANCHORS | {NEGATION}
    for word, synonyms in PARAPHRASES.items():
        assert re.fullmatch(r"[a-z]+", word)
        assert synonyms
        assert all(" " not in s and s.lower() != word for s in synonyms)
        assert not {word, *synonyms} & (NEGATION_ANCHORS | {NEGATION})


def test_every_base_has_a_word_the_paraphrase_lexicon_knows(corpus):
    for base in corpus.bases.ravel():
        assert any(w.rstrip(",") in PARAPHRASES for w in _words(base)), base


# The registered collection ----------------------------------------------------------------


def test_the_collection_loads_through_axiometrics_datasets_as_generation_runs(collection):
    assert "synthetic_generation" in datasets.names()
    assert datasets.families("synthetic_generation") == ("generation",)
    runs = datasets.load("synthetic_generation")
    assert isinstance(runs, GenerationRuns)
    assert runs.topics == collection.topics
    assert runs.systems == collection.systems
    assert runs.hypotheses.tolist() == collection.hypotheses.tolist()
    assert isinstance(default_generation_runs(), GenerationRuns)
    assert datasets.truth("synthetic_generation") == true_severity()
    assert datasets.on_undefined("synthetic_generation") == ON_UNDEFINED


def test_the_collection_describes_its_source_systems_and_true_order():
    info = datasets.describe("synthetic_generation")
    assert info["name"] == "synthetic_generation"
    assert info["source"]["licence"] == "MIT (axiometrics)"
    assert info["n_items"] == 120
    assert info["references_per_segment"] == 3
    assert info["topics"]["segments_per_topic"] == 10
    assert info["classes"] == []
    assert info["seed"] == synthetic.DEFAULT_GENERATION_SEED
    first = info["systems"][0]
    assert first == {
        "name": "base",
        "kind": "base",
        "probabilities": False,
        "rate": 0.0,
        "weight": 0.0,
        "severity": 0.0,
        "true_rank": 1,
    }
    assert info["true_order"][0] == "base"
    assert info["true_order"][-1] == "negation_50"
    assert sorted(s["true_rank"] for s in info["systems"]) == list(range(1, 23))


def test_the_report_description_names_the_documents_segments_and_systems():
    text = SYNTHETIC_GENERATION.report_description(default_generation_runs())
    for phrase in ("12 documents", "10 segments", "22 systems"):
        assert phrase in text
    assert SYNTHETIC_GENERATION.truth_description.startswith("The truth:")


def test_a_measure_ranks_the_systems_against_the_known_severity():
    small = generation_synthetic(n_documents=4, n_segments=5)
    scores = score_runs(small.runs(), ["rouge_l"])
    agreement = truth_agreement(scores, small.severity)
    assert agreement.measures == ("rouge_l",)
    assert 0.0 < float(agreement.tau[0]) < 1.0
    means = dict(zip(small.systems, scores.system_means(oriented=True)[0], strict=True))
    assert means["base"] > means["deletion_30"]
    assert means["substitution_5"] > means["substitution_30"]


def test_coverage_counts_the_unanimous_improvements_of_bleu_chrf_and_ter():
    from axiometrics.meta import run

    names = ("base", "deletion_15", "deletion_30", "swap_30", "negation_50")
    systems = [s for s in synthetic.SYSTEMS if s.name in names]
    runs = synthetic.generation_synthetic(n_documents=3, n_segments=4, systems=systems).runs()
    result = run(
        runs, measures=["bleu", "chrf", "ter", "wer"], analyses=["coverage"], progress=False
    )
    assert result.coverage is not None
    frame = result.coverage.to_frame()
    assert set(frame["measure"]) == {"bleu", "chrf", "ter", "wer"}
