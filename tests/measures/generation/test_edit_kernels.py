"""WER, CER, MER, WIL and TER kernels against jiwer 4.0.0 and sacreBLEU 2.6.0.

Every score is cross-checked to 1e-9 on generated corpora (a seeded NumPy
generator, plus a Hypothesis search over small alphabets for the alignment
tie-breaking): empty and one-token segments, repeated tokens, hypotheses
much longer and much shorter than the references, one to three references
of different lengths, Unicode (combining marks, CJK, emoji, case pairs) and
whitespace variants.  Each convention that differs from the reference
implementations is pinned by a test of its own whose docstring says what
differs and why.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axiometrics.errors import InputTypeError, InvalidInputError
from axiometrics.measures.generation import edit_kernels as ek

jiwer = importlib.import_module("jiwer")
sacrebleu_metrics = importlib.import_module("sacrebleu.metrics")
TER = sacrebleu_metrics.TER
ATOL = 1e-9

WORDS = (
    "a", "b", "c", "the", "cat", "The", "CAT", "Cat", "sat", "x", "y", "ok!", ",", "x.",
    "e\u0301", "é", "café", "cafe\u0301", "naïve", "ß", "SS", "İstanbul", "ǅ", "Ω", "\u212a",
    "漢字", "日本語", "中", "😀", "👍🏽", "👩\u200d💻", "١٢٣", "it's", "a-b",
)  # fmt: skip
SEPARATORS = (" ", " ", " ", " ", "  ", "   ", "\t", " \t", "\n", " \n ", "\u00a0", "\u3000")
#: (statistics, from_statistics, number of columns) by measure.
KERNELS = {
    "wer": (ek.wer_statistics, ek.wer_from_statistics, 4),
    "cer": (ek.cer_statistics, ek.cer_from_statistics, 4),
    "mer": (ek.mer_statistics, ek.mer_from_statistics, 4),
    "wil": (ek.wil_statistics, ek.wil_from_statistics, 4),
    "ter": (ek.ter_statistics, ek.ter_from_statistics, 2),
}


# ---------------------------------------------------------------------------
# Generated corpora
# ---------------------------------------------------------------------------


def _join(rng: np.random.Generator, tokens: list[str]) -> str:
    text = ""
    for i, token in enumerate(tokens):
        if i:
            text += SEPARATORS[rng.integers(len(SEPARATORS))]
        text += token
    if rng.random() < 0.2:
        text = SEPARATORS[rng.integers(len(SEPARATORS))] + text
    if rng.random() < 0.2:
        text += SEPARATORS[rng.integers(len(SEPARATORS))]
    return text


def _tokens(rng: np.random.Generator, n: int, vocabulary: int) -> list[str]:
    return [WORDS[i] for i in rng.integers(0, vocabulary, n)]


def _hypothesis_tokens(
    rng: np.random.Generator, reference: list[str], vocabulary: int
) -> list[str]:
    """A hypothesis drawn from one of the shapes the cross-checks must cover."""
    mode = int(rng.integers(9))
    if mode == 0:
        return []
    if mode == 1:
        return _tokens(rng, 1, vocabulary)
    if mode == 2:  # much longer than the reference
        return _tokens(rng, 2 * len(reference) + int(rng.integers(3, 12)), vocabulary)
    if mode == 3:  # much shorter
        return reference[: int(rng.integers(0, 2))]
    if mode == 4:  # one token repeated
        return [WORDS[int(rng.integers(vocabulary))]] * int(rng.integers(2, 9))
    if mode == 5:
        return list(reference)
    if mode == 6:  # the reference with blocks moved (TER shifts)
        out = list(reference)
        for _ in range(int(rng.integers(1, 3))):
            if len(out) > 2:
                start = int(rng.integers(len(out) - 1))
                length = int(rng.integers(1, min(4, len(out) - start) + 1))
                block = out[start : start + length]
                del out[start : start + length]
                at = int(rng.integers(len(out) + 1))
                out[at:at] = block
        return out
    out = list(reference)  # the reference with random edits
    for _ in range(int(rng.integers(1, 5))):
        op = int(rng.integers(3))
        position = int(rng.integers(len(out) + 1))
        if op == 0 and position < len(out):
            out[position] = WORDS[int(rng.integers(vocabulary))]
        elif op == 1 and position < len(out):
            del out[position]
        else:
            out.insert(position, WORDS[int(rng.integers(vocabulary))])
    return out


def _corpus(seed: int, max_refs: int = 1, max_len: int = 12) -> tuple[list[str], list[list[str]]]:
    """Raw hypothesis strings and, per segment, 1..max_refs raw reference strings."""
    rng = np.random.default_rng(seed)
    vocabulary = int(rng.integers(2, len(WORDS) + 1))
    hypotheses, references = [], []
    for _ in range(int(rng.integers(1, 6))):
        refs = []
        for _ in range(int(rng.integers(1, max_refs + 1))):
            if rng.random() < 0.06:
                refs.append(_tokens(rng, 0, vocabulary))
            elif rng.random() < 0.04:  # far longer than any hypothesis: TER's wide beam
                refs.append(_tokens(rng, int(rng.integers(55, 80)), vocabulary))
            else:
                refs.append(_tokens(rng, int(rng.integers(1, max_len + 1)), vocabulary))
        hypotheses.append(_join(rng, _hypothesis_tokens(rng, refs[0], vocabulary)))
        references.append([_join(rng, r) for r in refs])
    return hypotheses, references


def _jiwer_counts(reference, hypothesis) -> tuple[int, int, int, int]:
    out = jiwer.process_words(reference, hypothesis)
    return out.hits, out.substitutions, out.deletions, out.insertions


def _score(name: str, hypotheses, references, tokenise) -> tuple[float, bool, np.ndarray]:
    statistics, from_statistics, _ = KERNELS[name]
    rows = statistics(
        [tokenise(h) for h in hypotheses], [[tokenise(r) for r in refs] for refs in references]
    )
    scores, undefined = from_statistics(rows.sum(axis=0))
    return float(scores), bool(undefined), rows


# ---------------------------------------------------------------------------
# Tokenisers
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["a  b", " a b ", "a\tb", "a \tb", "\ta\t\tb\n", "a\nb  c", "", "   ", "漢字 😀\u00a0x"]
)
def test_words_and_characters_give_jiwers_default_transformations(text):
    assert list(ek.words(text)) == jiwer.process_words(text, "x").references[0]
    assert list(ek.characters(text)) == jiwer.process_characters(text, "x").references[0]


def test_words_keep_a_lone_tab_inside_a_token_as_jiwer_does():
    """jiwer 4.0.0 collapses runs of two or more whitespace characters into a space and then
    splits on the space character alone: one tab or newline between two words does not
    separate them.  ``words`` reproduces this (it is not a plain whitespace split)."""
    assert ek.words("a\tb c") == ("a\tb", "c")
    assert ek.words("a\t\tb") == ("a", "b")
    assert jiwer.process_words("a\tb c", "x").references[0] == ["a\tb", "c"]


def test_characters_keep_inner_spaces_and_split_combining_marks():
    assert ek.characters("  e\u0301 x  ") == ("e", "\u0301", " ", "x")


def test_ter_words_lowercase_and_split_on_any_whitespace():
    assert ek.ter_words(" The\tCAT  İ\n") == ("the", "cat", "i\u0307")


# ---------------------------------------------------------------------------
# Cross-checks against jiwer
# ---------------------------------------------------------------------------


def test_levenshtein_operations_match_jiwer_segment_by_segment_on_generated_text():
    checked = 0
    for seed in range(400):
        hypotheses, references = _corpus(seed)
        for hypothesis, (reference,) in zip(hypotheses, references, strict=True):
            for tokenise, process in (
                (ek.words, jiwer.process_words),
                (ek.characters, jiwer.process_characters),
            ):
                out = process(reference, hypothesis)
                expected = (out.hits, out.substitutions, out.deletions, out.insertions)
                assert (
                    ek.levenshtein_operations(tokenise(hypothesis), tokenise(reference)) == expected
                ), (reference, hypothesis)
                checked += 1
    assert checked > 2000


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(
    hypothesis=st.lists(st.sampled_from("abc"), max_size=9),
    reference=st.lists(st.sampled_from("ab"), max_size=9),
)
def test_levenshtein_operations_break_ties_as_jiwer_on_small_alphabets(hypothesis, reference):
    expected = _jiwer_counts(" ".join(reference), " ".join(hypothesis))
    assert ek.levenshtein_operations(hypothesis, reference) == expected


def test_levenshtein_operations_match_jiwer_on_long_segments_below_the_hirschberg_threshold():
    rng = np.random.default_rng(7)
    for n_ref, n_hyp in ((70, 80), (300, 250), (1500, 1400)):
        for alphabet in ("ab", "abcd", "abcdefghijklmnopqrst"):
            reference = "".join(rng.choice(list(alphabet), n_ref))
            hypothesis = "".join(rng.choice(list(alphabet), n_hyp))
            out = jiwer.process_characters(reference, hypothesis)
            expected = (out.hits, out.substitutions, out.deletions, out.insertions)
            assert ek.levenshtein_operations(hypothesis, reference) == expected


@pytest.mark.parametrize("name", ["wer", "mer", "wil"])
def test_word_measures_match_jiwer_on_generated_corpora(name):
    reference_function = getattr(jiwer, name)
    checked = 0
    for seed in range(300):
        hypotheses, references = _corpus(1000 + seed)
        flat = [refs[0] for refs in references]
        score, undefined, rows = _score(name, hypotheses, references, ek.words)
        out = jiwer.process_words(flat, hypotheses)
        assert tuple(rows.sum(axis=0)) == (
            out.hits,
            out.substitutions,
            out.deletions,
            out.insertions,
        )
        if undefined:
            continue  # pinned by the undefined-case tests below
        assert score == pytest.approx(reference_function(flat, hypotheses), abs=ATOL)
        checked += 1
    assert checked > 250


def test_cer_matches_jiwer_on_generated_corpora():
    checked = 0
    for seed in range(300):
        hypotheses, references = _corpus(2000 + seed)
        flat = [refs[0] for refs in references]
        score, undefined, rows = _score("cer", hypotheses, references, ek.characters)
        out = jiwer.process_characters(flat, hypotheses)
        assert tuple(rows.sum(axis=0)) == (
            out.hits,
            out.substitutions,
            out.deletions,
            out.insertions,
        )
        if undefined:
            continue
        assert score == pytest.approx(jiwer.cer(flat, hypotheses), abs=ATOL)
        checked += 1
    assert checked > 250


# ---------------------------------------------------------------------------
# Cross-checks against sacreBLEU's TER
# ---------------------------------------------------------------------------


def _streams(references: list[list[str]]) -> list[list[str | None]]:
    """sacreBLEU's layout: one stream per reference slot, None where a segment has fewer."""
    width = max(len(refs) for refs in references)
    return [[refs[k] if k < len(refs) else None for refs in references] for k in range(width)]


def test_ter_matches_sacrebleu_corpus_and_sentence_scores_on_generated_corpora():
    metric = TER()
    checked = 0
    for seed in range(200):
        hypotheses, references = _corpus(3000 + seed, max_refs=3, max_len=10)
        score, undefined, rows = _score("ter", hypotheses, references, ek.ter_words)
        theirs = metric.corpus_score(hypotheses, _streams(references))
        totals = rows.sum(axis=0)
        assert totals[0] == theirs.num_edits
        assert totals[1] == pytest.approx(theirs.ref_length, abs=ATOL)
        if not undefined:
            assert score == pytest.approx(theirs.score, abs=ATOL)
            checked += 1
        hypothesis, refs = hypotheses[0], references[0]
        sentence, sentence_undefined, _ = _score("ter", [hypothesis], [refs], ek.ter_words)
        if not sentence_undefined:
            assert sentence == pytest.approx(
                metric.sentence_score(hypothesis, refs).score, abs=ATOL
            )
    assert checked > 180


def test_translation_edits_match_sacrebleu_on_long_and_very_unequal_segments():
    lib_ter = importlib.import_module("sacrebleu.metrics.lib_ter")
    rng = np.random.default_rng(11)
    for n_hyp, n_ref in ((1, 70), (2, 130), (60, 1), (45, 40), (30, 80)):
        hypothesis = [str(x) for x in rng.integers(0, 4, n_hyp)]
        reference = [str(x) for x in rng.integers(0, 4, n_ref)]
        expected, _ = lib_ter.translation_edit_rate(hypothesis, reference)
        assert ek.translation_edits(hypothesis, reference) == expected


def test_ter_stops_after_one_thousand_candidate_shifts_as_sacrebleu_does(monkeypatch):
    """sacreBLEU gives up the shift search once 1000 candidate shifts have been evaluated in a
    segment, without applying the best shift of the round that crossed the limit; on long
    repetitive segments this leaves edits that further shifts would remove.  The kernel does
    the same: raising the limit lowers the count below sacreBLEU's."""
    lib_ter = importlib.import_module("sacrebleu.metrics.lib_ter")
    rng = np.random.default_rng(0)
    reference = [str(x) for x in rng.integers(0, 3, 40)]
    hypothesis = [str(x) for x in rng.integers(0, 3, 40)]
    capped = ek.translation_edits(hypothesis, reference)
    assert capped == lib_ter.translation_edit_rate(hypothesis, reference)[0]
    monkeypatch.setattr(ek, "_MAX_SHIFT_CANDIDATES", 10**9)
    assert ek.translation_edits(hypothesis, reference) < capped


def test_ter_keeps_sacrebleus_beam_and_longest_shift_limits():
    """sacreBLEU's edit distance explores 25 cells on either side of the pseudo-diagonal, so
    an alignment 27 positions off it is missed (60 edits where Levenshtein needs 54), and a
    shift moves at most 10 words (a displaced 11-word block needs 2 shifts).  The kernel
    matches both limits."""
    lib_ter = importlib.import_module("sacrebleu.metrics.lib_ter")
    vocabulary = [f"w{i}" for i in range(200)]
    cases = []
    for junk, edits in ((22, 44), (24, 48), (27, 60)):
        common = vocabulary[:33]
        hypothesis = vocabulary[100 : 100 + junk] + common
        cases.append((hypothesis, common + vocabulary[150 : 150 + junk], edits))
    # Unequal lengths: the band follows floor(i * 46 / 38), and its edge decides the count.
    hypothesis = vocabulary[100:118] + vocabulary[:20]
    cases.append((hypothesis, vocabulary[:20] + vocabulary[150:176], 45))
    reference = vocabulary[:40]
    for size, distance, edits in ((12, 20, 2), (11, 15, 2), (10, 25, 1)):
        hypothesis = (
            reference[:5]
            + reference[5 + size : 5 + size + distance]
            + reference[5 : 5 + size]
            + reference[5 + size + distance :]
        )
        cases.append((hypothesis, reference, edits))
    for hypothesis, reference, edits in cases:
        assert lib_ter.translation_edit_rate(hypothesis, reference)[0] == edits
        assert ek.translation_edits(hypothesis, reference) == edits
    assert ek.levenshtein_operations(cases[2][0], cases[2][1])[1:] == (0, 27, 27)


def test_ter_moves_a_block_targeted_just_past_itself_as_sacrebleu_does():
    """When a candidate shift targets the position right after the block, sacreBLEU's shift
    does not leave the words in place: it puts the block after the next ``length`` words.
    The kernel keeps that behaviour; here it yields the 3 edits sacreBLEU counts (a no-op
    reading of that target would give 4)."""
    lib_ter = importlib.import_module("sacrebleu.metrics.lib_ter")
    hypothesis = ["1", "0", "1", "0", "0", "1", "0"]
    reference = ["0", "0", "0", "1", "1", "1", "0", "1"]
    assert lib_ter.translation_edit_rate(hypothesis, reference)[0] == 3
    assert ek.translation_edits(hypothesis, reference) == 3


# ---------------------------------------------------------------------------
# Hand-computed values
# ---------------------------------------------------------------------------


def _one(name: str, hypothesis: str, references: list[str], tokenise=ek.words) -> float:
    score, undefined, _ = _score(name, [hypothesis], [references], tokenise)
    assert not undefined
    return score


def test_wer_exceeds_one_when_the_hypothesis_is_longer_than_the_reference():
    # 2 hits, 3 insertions over 2 reference words.
    assert _one("wer", "a b c d e", ["a b"]) == pytest.approx(1.5)


def test_mer_stays_at_most_one_when_wer_exceeds_it():
    # (S + D + I) / (H + S + D + I) = 3 / 5.
    assert _one("mer", "a b c d e", ["a b"]) == pytest.approx(0.6)


def test_wil_of_one_substitution_in_four_words_is_seven_sixteenths():
    # 1 - (3/4) * (3/4).
    assert _one("wil", "a x c d", ["a b c d"]) == pytest.approx(7 / 16)


def test_cer_counts_spaces_as_characters():
    # "ab" against "a b": one deleted space over three reference characters.
    assert _one("cer", "ab", ["a b"], ek.characters) == pytest.approx(1 / 3)


def test_levenshtein_operations_prefer_substitutions_where_jiwer_does():
    """Among the minimum alignments of "b c" to "a b", jiwer (through RapidFuzz) picks two
    substitutions rather than a deletion, a hit and an insertion; MER is then 1, not 2/3."""
    assert ek.levenshtein_operations(["b", "c"], ["a", "b"]) == (0, 2, 0, 0)
    assert _jiwer_counts("a b", "b c") == (0, 2, 0, 0)
    assert _one("mer", "b c", ["a b"]) == pytest.approx(1.0)
    # The common prefix and suffix are hits before any tie is broken.
    assert ek.levenshtein_operations(["a", "x", "b"], ["a", "b"]) == (2, 0, 0, 1)


def test_ter_counts_one_shift_for_a_moved_block():
    assert _one("ter", "c d a b", ["a b c d"], ek.ter_words) == pytest.approx(25.0)


def test_ter_of_the_snover_example_is_four_edits_over_thirteen_words():
    reference = "SAUDI ARABIA denied THIS WEEK information published in the AMERICAN new york times"
    hypothesis = "THIS WEEK THE SAUDIS denied information published in the new york times"
    assert _one("ter", hypothesis, [reference], ek.ter_words) == pytest.approx(100 * 4 / 13)


def test_ter_ignores_case_by_default():
    assert _one("ter", "The CAT", ["the cat"], ek.ter_words) == 0.0


def test_ter_divides_the_fewest_edits_by_the_average_reference_length():
    """sacreBLEU's multi-reference TER: best edits over the references (here 0, the second
    reference), divided by the mean length of *all* references ((1 + 3) / 2 = 2)."""
    rows = ek.ter_statistics([("a", "b", "c")], [[("x",), ("a", "b", "c")]])
    assert rows.tolist() == [[0.0, 2.0]]
    assert TER().sentence_score("a b c", ["x", "a b c"]).ref_length == 2.0


def test_ter_counts_an_empty_reference_in_the_average_and_its_edits_in_the_minimum():
    """An empty reference costs one edit per hypothesis word and adds 0 to the average
    length, as in sacreBLEU (which keeps '' references and drops only None)."""
    rows = ek.ter_statistics([("a", "b")], [[(), ("a", "x", "y", "z")]])
    assert rows.tolist() == [[2.0, 2.0]]
    theirs = TER().sentence_score("a b", ["", "a x y z"])
    assert (theirs.num_edits, theirs.ref_length) == (2, 2.0)


# ---------------------------------------------------------------------------
# Conventions that differ from jiwer / sacreBLEU
# ---------------------------------------------------------------------------


def test_wer_is_undefined_without_reference_tokens_where_jiwer_returns_the_insertions():
    """jiwer 4.0.0 returns the number of insertions as "WER" when the references hold no
    word (here 2), an error count and not a rate; the kernel flags the score undefined."""
    assert jiwer.wer(["", "  "], ["a b", ""]) == 2
    scores, undefined = ek.wer_from_statistics(np.array([0.0, 0.0, 0.0, 2.0]))
    assert (float(scores), bool(undefined)) == (0.0, True)


def test_cer_is_undefined_without_reference_characters_where_jiwer_returns_the_insertions():
    """Same as WER on characters: jiwer's CER of "ab" against "" is 2."""
    assert jiwer.cer("", "ab") == 2
    _, undefined = ek.cer_from_statistics(ek.cer_statistics([("a", "b")], [[()]]).sum(axis=0))
    assert bool(undefined)


def test_mer_is_undefined_on_an_empty_corpus_where_jiwer_returns_zero():
    """With no token on either side, H + S + D + I = 0: jiwer returns 0, the kernel flags
    the score undefined.  With an empty reference and a non-empty hypothesis both give 1."""
    assert jiwer.mer("", "") == 0
    scores, undefined = ek.mer_from_statistics(np.zeros(4))
    assert (float(scores), bool(undefined)) == (0.0, True)
    assert jiwer.mer("", "a") == 1
    scores, undefined = ek.mer_from_statistics(np.array([0.0, 0.0, 0.0, 1.0]))
    assert (float(scores), bool(undefined)) == (1.0, False)


def test_wil_is_undefined_when_either_side_is_empty_where_jiwer_returns_zero_or_one():
    """WIL divides by the reference and the hypothesis lengths.  jiwer returns 1 when only the
    hypotheses are empty (H = 0), 1 when only the references are, 0 when both are; the
    kernel flags all three undefined rather than choosing a limit."""
    cases = {("a b", ""): 1, ("", "a b"): 1, ("", ""): 0}
    for (reference, hypothesis), jiwer_value in cases.items():
        assert jiwer.wil(reference, hypothesis) == jiwer_value
        rows = ek.wil_statistics([ek.words(hypothesis)], [[ek.words(reference)]])
        scores, undefined = ek.wil_from_statistics(rows.sum(axis=0))
        assert (float(scores), bool(undefined)) == (0.0, True)


def test_ter_is_undefined_without_reference_words_where_sacrebleu_returns_100_or_0():
    """sacreBLEU scores 100 when the references are all empty and there are edits, 0 when
    there are none; the kernel flags both undefined (the rate has no denominator)."""
    metric = TER()
    for hypothesis, sacrebleu_score in (("a b", 100.0), ("", 0.0)):
        assert metric.corpus_score([hypothesis], [[""]]).score == sacrebleu_score
        rows = ek.ter_statistics([ek.ter_words(hypothesis)], [[()]])
        scores, undefined = ek.ter_from_statistics(rows.sum(axis=0))
        assert (float(scores), bool(undefined)) == (0.0, True)


def test_word_measures_use_the_reference_with_the_fewest_edits_then_the_shortest_then_most_hits():
    """jiwer has no multiple references.  For WER, CER, MER and WIL the kernel takes, per
    segment, the reference with the fewest edits; ties go to the shorter reference, then to
    the one with more hits, then to the smallest token tuple, so that the order of the
    references never counts.  With a single reference the statistics are jiwer's."""
    hypothesis = ("a", "b")
    # "a b c" and "a" both cost one edit: the shorter "a" wins (1 hit, 1 insertion).
    rows = ek.wer_statistics([hypothesis], [[("x", "y", "z"), ("a", "b", "c"), ("a",)]])
    assert rows.tolist() == [[1.0, 0.0, 0.0, 1.0]]
    # Equal edits and equal lengths, split alike: the same row in either order.
    for refs in ([("a", "c"), ("c", "b")], [("c", "b"), ("a", "c")]):
        assert ek.wer_statistics([hypothesis], [refs]).tolist() == [[1.0, 1.0, 0.0, 0.0]]
    assert _jiwer_counts("a c", "a b") == (1, 1, 0, 0)
    # Equal edits (2) and lengths (2), split differently: "b a" keeps a hit (a deletion and
    # an insertion), "zz zz" substitutes both words.  The one with more hits wins, whatever
    # the order: MER and WIL, which depend on the split, do not change with the order.
    assert _jiwer_counts("b a", "a b") == (1, 0, 1, 1)
    assert _jiwer_counts("zz zz", "a b") == (0, 2, 0, 0)
    for refs in ([("b", "a"), ("zz", "zz")], [("zz", "zz"), ("b", "a")]):
        assert ek.alignment_statistics([hypothesis], [refs]).tolist() == [[1.0, 0.0, 1.0, 1.0]]


def _chosen(hypothesis: str, refs: list[str]) -> str:
    """The reference the rule picks: fewest edits, shorter, more hits, smallest tokens."""
    keys = []
    for r in refs:
        counts = _jiwer_counts(r, hypothesis)
        keys.append((sum(counts[1:]), len(ek.words(r)), -counts[0], ek.words(r)))
    return refs[keys.index(min(keys))]


def test_multi_reference_word_statistics_match_the_rule_on_generated_corpora():
    for seed in range(150):
        hypotheses, references = _corpus(4000 + seed, max_refs=3)
        rows = ek.alignment_statistics(
            [ek.words(h) for h in hypotheses],
            [[ek.words(r) for r in refs] for refs in references],
        )
        for row, hypothesis, refs in zip(rows, hypotheses, references, strict=True):
            assert tuple(row) == _jiwer_counts(_chosen(hypothesis, refs), hypothesis)
            reordered = ek.alignment_statistics(
                [ek.words(hypothesis)], [[ek.words(r) for r in reversed(refs)]]
            )
            assert tuple(reordered[0]) == tuple(row)


def test_alignment_splits_can_differ_from_jiwer_beyond_rapidfuzzs_hirschberg_threshold():
    """For segment pairs whose lengths (after the common prefix and suffix) multiply to 2**22
    or more, RapidFuzz aligns by Hirschberg's divide and conquer, which breaks ties
    differently; the kernel does not reproduce it.  The edit total, hence WER and CER, still
    matches; only the hit/substitution split (MER, WIL) may move by a few units."""
    differs = 0
    for seed in range(8):
        rng = np.random.default_rng(seed)
        reference = "".join(rng.choice(list("abcd"), 2100))
        hypothesis = "".join(rng.choice(list("abcd"), 2100))
        out = jiwer.process_characters(reference, hypothesis)
        expected = (out.hits, out.substitutions, out.deletions, out.insertions)
        ours = ek.levenshtein_operations(hypothesis, reference)
        assert sum(ours[1:]) == sum(expected[1:])
        differs += ours != expected
    assert differs >= 1


# ---------------------------------------------------------------------------
# Vectorised scores and invariants
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_from_statistics_on_a_batch_equals_one_call_per_row(name):
    _, from_statistics, k = KERNELS[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    batch = rng.integers(0, 4, (200, k)).astype(float)
    batch[:10] = 0.0  # undefined rows
    batch[10:20, 0] = 0.0
    scores, undefined = from_statistics(batch)
    assert scores.shape == undefined.shape == (200,)
    assert scores.dtype == np.float64
    assert undefined.dtype == np.bool_
    for row, score, flag in zip(batch, scores, undefined, strict=True):
        one_score, one_flag = from_statistics(row)
        assert one_score.shape == one_flag.shape == ()
        assert (float(one_score), bool(one_flag)) == (score, flag)
    nested_scores, nested_undefined = from_statistics(batch.reshape(4, 50, k))
    assert np.array_equal(nested_scores, scores.reshape(4, 50))
    assert np.array_equal(nested_undefined, undefined.reshape(4, 50))
    assert not np.isnan(scores).any()
    assert np.all(scores[undefined] == 0.0)


@pytest.mark.parametrize("name", ["mer", "wil"])
def test_mer_and_wil_stay_within_zero_and_one(name):
    _, from_statistics, _ = KERNELS[name]
    batch = np.random.default_rng(3).integers(0, 20, (500, 4)).astype(float)
    scores, _ = from_statistics(batch)
    assert np.all((scores >= 0.0) & (scores <= 1.0))


def test_corpus_statistics_are_the_sum_of_the_segment_statistics():
    hypotheses, references = _corpus(5, max_refs=2)
    tokenised_h = [ek.words(h) for h in hypotheses]
    tokenised_r = [[ek.words(r) for r in refs] for refs in references]
    for statistics, _, _ in KERNELS.values():
        rows = statistics(tokenised_h, tokenised_r)
        singles = [statistics([h], [r]) for h, r in zip(tokenised_h, tokenised_r, strict=True)]
        assert np.array_equal(rows, np.concatenate(singles))


# ---------------------------------------------------------------------------
# Refused inputs
# ---------------------------------------------------------------------------

REFUSED = [
    pytest.param([], [], InvalidInputError, r"hypotheses=\[\]", id="empty corpus"),
    pytest.param([("a",)], [[("a",)], [("b",)]], InvalidInputError, r"references=", id="counts"),
    pytest.param([("a",), ("b",)], [[("a",)], []], InvalidInputError, r"references\[1\]=", id="no reference"),
    pytest.param([("a", 1)], [[("a",)]], InputTypeError, r"hypotheses\[0\]\[1\]=1", id="hyp token"),
    pytest.param([("a",)], [[("a",), ("b", None)]], InputTypeError, r"references\[0\]\[1\]\[1\]=None", id="ref token"),
    pytest.param(["a b"], [[("a",)]], InputTypeError, r"hypotheses\[0\]='a b'", id="untokenised hypothesis"),
    pytest.param([("a",)], ["a"], InputTypeError, r"references\[0\]='a'", id="bare reference"),
    pytest.param([("a",)], [["a"]], InputTypeError, r"references\[0\]\[0\]='a'", id="untokenised reference"),
    pytest.param("a", [[("a",)]], InputTypeError, r"hypotheses='a'", id="string corpus"),
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(KERNELS))
@pytest.mark.parametrize(("hypotheses", "references", "error", "message"), REFUSED)
def test_statistics_refuse_malformed_corpora_naming_the_argument(
    name, hypotheses, references, error, message
):
    statistics, _, _ = KERNELS[name]
    with pytest.raises(error, match=message):
        statistics(hypotheses, references)


def test_check_corpus_accepts_a_well_formed_corpus():
    assert ek.check_corpus([("a",), ()], [[("a",)], [(), ("b", "c")]]) is None


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_from_statistics_refuses_totals_with_the_wrong_last_axis(name):
    _, from_statistics, k = KERNELS[name]
    with pytest.raises(InvalidInputError, match=r"totals=.*expected shape \(\.\.\., " + str(k)):
        from_statistics(np.zeros((3, k + 1)))
