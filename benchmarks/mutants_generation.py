"""Mutants and controls of the ``generation`` family: hypotheses scored against references.

The suite in :mod:`mutants` (``benchmarks/mutants.py``) covers the ordinal
claims and loads the plugin families' suites; this one holds plausible bugs
of text-generation measures (BLEU, WER, MER, TER, chrF, ROUGE-L), each with
the claim of the family it breaks (one the correct measure satisfies), the
corner of the claim's domain where it shows and a hand-made proof built
with the family's own case builders
(:mod:`axiometrics.measures.generation.cases`), so a proof has the entries,
names and ``info`` of a case the checker draws.  The controls are correct
measures, one with a relative noise below the tolerance, that the checker
must never refute.

``zero_match`` holds for unsmoothed BLEU (``bleu(smooth='none')``) only: its
mutants break that one.  ``segment_aggregation``, ``symmetry`` and
``reference_addition_monotonicity`` hold for the sentence-level means and
ROUGE-L: their mutants break those.

:func:`compute_for` gives the compute function of each mutant, which takes
the family's prepared form ``(hypotheses (n,), references (n,))`` (object
arrays of ``str`` and of tuples of ``str``) exactly as a registered measure
does; a NaN or infinite result is declared undefined.  Words are the
whitespace-separated tokens (every tokeniser of the family reads plain text
alike); the error rates and ROUGE-L reuse the family's kernels.  The code is
written for this suite.
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from axiometrics.checker.cases import Case
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.generation import edit_kernels as ek
from axiometrics.measures.generation import ngram_kernels as nk
from axiometrics.measures.generation.cases import (
    aggregation_case,
    block_case,
    edit_case,
    identity_case,
    order_case,
    reference_addition_case,
    reference_order_case,
    symmetry_case,
    valid_cuts,
    well_defined_case,
    zero_match_case,
)
from axiometrics.measures.generation.strategies import VOCABULARY, TextCorpus
from axiometrics.registry import default_registry

__all__ = [
    "FAMILIES",
    "compute_for",
    "family_controls",
    "family_mutants",
    "random_case",
]

# Loading the default registry loads the plugins, which register the family's claims.
default_registry()

#: The family of this module (its callables are wrapped by ``mutants.subject_of``).
FAMILIES = ("generation",)

Hypotheses = list[str]
References = list[tuple[str, ...]]


def compute_for(fn: Callable[[Hypotheses, References], float]) -> Callable[..., float]:
    """The compute function of a mutant or control ``fn`` (which takes lists of str and tuples).

    NaN and infinite results are declared undefined (``UndefinedMeasureError``).
    """

    def compute(hypotheses: np.ndarray, references: np.ndarray, *, values: np.ndarray) -> float:
        hyps = [str(h) for h in hypotheses.tolist()]
        refs = [tuple(r) for r in references.tolist()]
        with np.errstate(all="ignore"):
            score = float(fn(hyps, refs))
        if not math.isfinite(score):
            raise UndefinedMeasureError(f"the score is {score!r} (NaN or beyond float64)")
        return score

    return compute


# -- BLEU, written for the suite with its bugs as options ---------------------------------------


def _grams(tokens: Sequence[str], n: int, *, pad: bool = False, wrap: bool = False) -> Counter:
    seq = ["<s>", *tokens, "</s>"] if pad else list(tokens)
    if wrap and seq:
        seq = seq + seq[: n - 1]
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def _bleu(
    hypotheses: Hypotheses,
    references: References,
    *,
    order: int = 4,
    smooth: str = "exp",
    clip: str = "max",
    length: str = "closest",
    clamp: bool = True,
    pad: bool = False,
    wrap: bool = False,
    lengths_of: int | None = None,
) -> float:
    """Corpus BLEU on whitespace words (sacreBLEU's formula, its smoothing 'exp', 'floor', 'none').

    The options are the bugs: ``clip="first"`` clips by the first reference only,
    ``length="longest"`` / ``"first"`` takes that reference length for the brevity penalty,
    ``clamp=False`` drops the ``min(1, .)`` of the brevity penalty, ``pad`` adds sentence
    boundary symbols, ``wrap`` lets the hypothesis' n-grams wrap around its end, and
    ``lengths_of=k`` takes the lengths of segment ``k`` only.
    """
    c = r = 0.0
    matches, totals = np.zeros(order), np.zeros(order)
    lengths = []
    for hyp, refs in zip(hypotheses, references, strict=True):
        words = hyp.split()
        ref_words = [x.split() for x in refs]
        sizes = [len(x) for x in ref_words]
        if length == "closest":
            ref_len = min(sizes, key=lambda s: (abs(len(words) - s), s))
        elif length == "longest":
            ref_len = max(sizes)
        else:
            ref_len = sizes[0]
        lengths.append((len(words), ref_len))
        for n in range(1, order + 1):
            counts = _grams(words, n, pad=pad, wrap=wrap)
            clipped: Counter = Counter()
            for x in ref_words[:1] if clip == "first" else ref_words:
                clipped |= _grams(x, n, pad=pad)
            matches[n - 1] += sum(min(k, clipped[g]) for g, k in counts.items())
            totals[n - 1] += sum(counts.values())
    if lengths_of is not None:
        c, r = lengths[lengths_of]
    else:
        c, r = float(sum(a for a, _ in lengths)), float(sum(b for _, b in lengths))
    if c == 0 or np.any(totals == 0):
        return math.nan
    if not np.any(matches):
        return 0.0
    logs = []
    smooth_mteval = 1.0
    for m, t in zip(matches, totals, strict=True):
        if m > 0:
            logs.append(math.log(m / t))
        elif smooth == "exp":
            smooth_mteval *= 2
            logs.append(math.log(1 / (smooth_mteval * t)))
        elif smooth == "floor":
            logs.append(math.log(0.1 / t))
        else:
            return 0.0
    bp = math.exp(1 - r / c) if (not clamp or c < r) else 1.0
    return 100.0 * bp * math.exp(sum(logs) / order)


def _bleu_correct(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references)


def _bleu_unsmoothed(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, smooth="none")


def _bleu_clip_first_reference(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, clip="first")


def _bleu_longest_reference(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, length="longest")


def _bleu_first_reference_length(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, length="first")


def _bleu_unclamped_penalty(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, clamp=False)


def _bleu_order_3(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, order=3, smooth="none")


def _bleu_floor_smoothed(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, smooth="floor")


def _bleu_padded(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, pad=True)


def _bleu_wrapped(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, wrap=True)


def _bleu_first_segment_lengths(hypotheses: Hypotheses, references: References) -> float:
    return _bleu(hypotheses, references, lengths_of=0)


def _sentence_bleu(hypothesis: str, references: tuple[str, ...]) -> float:
    score, _ = nk.sentence_bleu(hypothesis, references, tokenize="none")
    return float(score)


def _sentence_bleu_mean(hypotheses: Hypotheses, references: References) -> float:
    return float(
        np.mean([_sentence_bleu(h, r) for h, r in zip(hypotheses, references, strict=True)])
    )


def _sentence_bleu_length_weighted(hypotheses: Hypotheses, references: References) -> float:
    weights = np.array([max(len(h.split()), 1) for h in hypotheses], dtype=float)
    scores = [_sentence_bleu(h, r) for h, r in zip(hypotheses, references, strict=True)]
    return float(np.average(scores, weights=weights))


# -- the edit rates: the family's kernels, and their bugs ---------------------------------------


def _counts(hypotheses: Hypotheses, references: References) -> np.ndarray:
    """Summed (hits, substitutions, deletions, insertions), the family's rule for references."""
    rows = ek.alignment_statistics(
        [ek.words(h) for h in hypotheses], [[ek.words(x) for x in r] for r in references]
    )
    return rows.sum(axis=0)


def _rate(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else math.nan


def _wer(hypotheses: Hypotheses, references: References) -> float:
    h, s, d, i = _counts(hypotheses, references)
    return _rate(s + d + i, h + s + d)


def _wer_noisy(hypotheses: Hypotheses, references: References) -> float:
    # A relative noise of 3e-12, just under the tolerance (1e-11), seeded by the text.
    seed = zlib.crc32(repr((hypotheses, references)).encode("utf-8"))
    return _wer(hypotheses, references) * (1.0 + np.random.default_rng(seed).uniform(-3e-12, 3e-12))


def _wer_over_hypothesis_length(hypotheses: Hypotheses, references: References) -> float:
    h, s, d, i = _counts(hypotheses, references)
    return _rate(s + d + i, h + s + i)


def _wer_without_insertions(hypotheses: Hypotheses, references: References) -> float:
    h, s, d, _ = _counts(hypotheses, references)
    return _rate(s + d, h + s + d)


def _wer_running_mean(hypotheses: Hypotheses, references: References) -> float:
    # An "average" updated as (mean + x) / 2 segment after segment: the last weighs most.
    mean = math.nan
    for hyp, refs in zip(hypotheses, references, strict=True):
        value = _wer([hyp], [refs])
        if math.isnan(value):
            return math.nan
        mean = value if math.isnan(mean) else (mean + value) / 2
    return mean


def _mer(hypotheses: Hypotheses, references: References) -> float:
    h, s, d, i = _counts(hypotheses, references)
    return _rate(s + d + i, h + s + d + i)


def _mer_over_reference_words(hypotheses: Hypotheses, references: References) -> float:
    h, s, d, i = _counts(hypotheses, references)
    return _rate(s + d + i, h + s + d)


def _mer_first_of_equal_references(hypotheses: Hypotheses, references: References) -> float:
    totals = np.zeros(4)
    for hyp, refs in zip(hypotheses, references, strict=True):
        words = ek.words(hyp)
        keyed = []
        for ref in refs:
            counts = ek.levenshtein_operations(words, ek.words(ref))
            keyed.append(((sum(counts[1:]), len(ek.words(ref))), counts))
        # min() keeps the first of equal keys: the bug
        totals += np.asarray(min(keyed, key=lambda item: item[0])[1], dtype=float)
    h, s, d, i = totals
    return _rate(s + d + i, h + s + d + i)


def _ter_first_reference(hypotheses: Hypotheses, references: References) -> float:
    edits = length = 0.0
    for hyp, refs in zip(hypotheses, references, strict=True):
        edits += ek.translation_edits(ek.ter_words(hyp), ek.ter_words(refs[0]))
        length += float(np.mean([len(ek.ter_words(x)) for x in refs]))
    return 100.0 * _rate(edits, length)


# -- ROUGE-L and sentence chrF -------------------------------------------------------------------


def _rouge_f(
    hypothesis: str, reference: str, beta: float = 1.0, recall_only: bool = False
) -> float:
    hyp, ref = nk.tokenize_rouge(hypothesis), nk.tokenize_rouge(reference)
    if not hyp or not ref:
        return 0.0
    common = nk._lcs_length(ref, hyp)
    p, r = common / len(hyp), common / len(ref)
    if recall_only:
        return r
    return (1 + beta**2) * p * r / (beta**2 * p + r) if p + r > 0 else 0.0


def _rouge_l(hypotheses: Hypotheses, references: References) -> float:
    return float(
        np.mean(
            [max(_rouge_f(h, x) for x in r) for h, r in zip(hypotheses, references, strict=True)]
        )
    )


def _rouge_l_recall(hypotheses: Hypotheses, references: References) -> float:
    best = [
        max(_rouge_f(h, x, recall_only=True) for x in r)
        for h, r in zip(hypotheses, references, strict=True)
    ]
    return float(np.mean(best))


def _rouge_l_f2(hypotheses: Hypotheses, references: References) -> float:
    best = [
        max(_rouge_f(h, x, beta=2.0) for x in r)
        for h, r in zip(hypotheses, references, strict=True)
    ]
    return float(np.mean(best))


def _rouge_l_mean_over_references(hypotheses: Hypotheses, references: References) -> float:
    return float(
        np.mean(
            [
                np.mean([_rouge_f(h, x) for x in r])
                for h, r in zip(hypotheses, references, strict=True)
            ]
        )
    )


def _rouge_l_pooled(hypotheses: Hypotheses, references: References) -> float:
    common = hyp_len = ref_len = 0
    for hyp, refs in zip(hypotheses, references, strict=True):
        tokens = nk.tokenize_rouge(hyp)
        ref = max(refs, key=lambda x: _rouge_f(hyp, x))
        ref_tokens = nk.tokenize_rouge(ref)
        common += nk._lcs_length(ref_tokens, tokens)
        hyp_len, ref_len = hyp_len + len(tokens), ref_len + len(ref_tokens)
    p, r = _rate(common, hyp_len), _rate(common, ref_len)
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def _sentence_chrf(hypothesis: str, references: Sequence[str]) -> float:
    stats = nk.chrf_statistics([hypothesis], [tuple(references)])
    score, _ = nk.chrf_from_statistics(stats[0])
    return float(score)


def _sentence_chrf_mean(hypotheses: Hypotheses, references: References) -> float:
    return float(
        np.mean([_sentence_chrf(h, r) for h, r in zip(hypotheses, references, strict=True)])
    )


def _sentence_chrf_last_reference(hypotheses: Hypotheses, references: References) -> float:
    return float(
        np.mean([_sentence_chrf(h, r[-1:]) for h, r in zip(hypotheses, references, strict=True)])
    )


# -- the mutants ---------------------------------------------------------------------------------


def _corpus(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> TextCorpus:
    return TextCorpus(tuple(hypotheses), tuple(tuple(r) for r in references))


def family_mutants(mutant: type[Any]) -> list[Any]:
    """The generation mutants, each with its proof, built with the suite's ``Mutant``."""
    Mutant = mutant  # the suite's class, passed in: no circular import
    f = "generation"
    bleu: dict[str, Any] = {"higher_is_better": True, "optimum": 100.0}
    rate: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    fraction: dict[str, Any] = {**rate, "score_range": (0.0, 1.0)}
    f1: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    c = _corpus
    return [
        # identity
        Mutant(
            "bleu_longest_reference_length",
            "identity",
            f,
            _bleu_longest_reference,
            "the brevity penalty against the longest reference instead of the closest",
            "two references of different lengths",
            identity_case(c(["x"], [("a b c d", "a b c d e f")]), [0]),
            **bleu,
        ),
        Mutant(
            "wer_without_insertions",
            "identity",
            f,
            _wer_without_insertions,
            "insertions left out of the edits (S + D over N)",
            "a hypothesis with an extra word",
            identity_case(c(["a"], [("a",)]), [0], "a a"),
            **rate,
            preconditions=("strict_identity",),
        ),
        # symmetry (ROUGE-L's F1 is symmetric)
        Mutant(
            "rouge_l_recall",
            "symmetry",
            f,
            _rouge_l_recall,
            "the LCS recall instead of the F1 of precision and recall",
            "a hypothesis shorter than its reference",
            symmetry_case(c(["a"], [("a b",)])),
            **f1,
        ),
        Mutant(
            "rouge_l_f2",
            "symmetry",
            f,
            _rouge_l_f2,
            "F-beta with beta = 2 (chrF's weight) instead of F1",
            "a hypothesis shorter than its reference",
            symmetry_case(c(["a"], [("a b",)])),
            **f1,
        ),
        # item order
        Mutant(
            "bleu_first_segment_lengths",
            "item_order_invariance",
            f,
            _bleu_first_segment_lengths,
            "the brevity penalty from the first segment's lengths (a loop variable left over)",
            "two segments of different length ratios exchanged",
            order_case(c(["a b c d", "a b c"], [("a b c d",), ("a b c d",)]), [1, 0]),
            **bleu,
        ),
        Mutant(
            "wer_running_mean",
            "item_order_invariance",
            f,
            _wer_running_mean,
            "a running mean (mean + x) / 2 over the segments",
            "three segments reordered",
            order_case(c(["a", "b", "a b"], [("a",), ("a",), ("a",)]), [1, 2, 0]),
            **rate,
        ),
        # well-definedness (the declared range)
        Mutant(
            "bleu_unclamped_brevity_penalty",
            "well_defined",
            f,
            _bleu_unclamped_penalty,
            "exp(1 - r/c) without min(1, .): a hypothesis longer than the closest reference "
            "gains a bonus above 100",
            "a longer reference holding the hypothesis, a shorter one closer",
            well_defined_case(c(["a b c d a b c d"], [("x x x x x x", "a b c d a b c d e f")])),
            **bleu,
            score_range=(0.0, 100.0),
        ),
        Mutant(
            "mer_over_reference_words",
            "well_defined",
            f,
            _mer_over_reference_words,
            "MER over the reference words N (WER's denominator) instead of H + S + D + I",
            "a hypothesis with more words than its reference",
            well_defined_case(c(["a b c"], [("a",)])),
            **fraction,
        ),
        # reference order
        Mutant(
            "bleu_clip_by_first_reference",
            "reference_order_invariance",
            f,
            _bleu_clip_first_reference,
            "n-grams clipped by the first reference's counts only",
            "a matching reference listed second",
            reference_order_case(c(["a b c d"], [("x", "a b c d")]), [[1, 0]]),
            **bleu,
        ),
        Mutant(
            "bleu_first_reference_length",
            "reference_order_invariance",
            f,
            _bleu_first_reference_length,
            "the brevity penalty against the first reference's length",
            "references of different lengths",
            reference_order_case(c(["a b c d"], [("a b c d e f", "a b c d")]), [[1, 0]]),
            **bleu,
        ),
        Mutant(
            "mer_first_of_equal_references",
            "reference_order_invariance",
            f,
            _mer_first_of_equal_references,
            "the first of equal-cost references of one length, whose hit split differs",
            "two references of equal edits and length, split differently",
            reference_order_case(c(["a b"], [("b a", "zz zz")]), [[1, 0]]),
            **fraction,
        ),
        Mutant(
            "ter_first_reference",
            "reference_order_invariance",
            f,
            _ter_first_reference,
            "the edits against the first reference only, not the fewest over the references",
            "a matching reference listed second",
            reference_order_case(c(["a b"], [("c d", "a b")]), [[1, 0]]),
            **rate,
        ),
        # reference addition (sentence chrF and ROUGE-L keep each segment's best)
        Mutant(
            "rouge_l_mean_over_references",
            "reference_addition_monotonicity",
            f,
            _rouge_l_mean_over_references,
            "the F1 averaged over a segment's references instead of the best",
            "a non-matching reference added",
            reference_addition_case(c(["a b"], [("a b",)]), 0, "c"),
            **f1,
        ),
        Mutant(
            "sentence_chrf_last_reference",
            "reference_addition_monotonicity",
            f,
            _sentence_chrf_last_reference,
            "each segment scored against its last reference only (an index of -1)",
            "a non-matching reference added",
            reference_addition_case(c(["a b"], [("a b",)]), 0, "c"),
            **bleu,
        ),
        # edit monotonicity (WER)
        Mutant(
            "wer_over_hypothesis_length",
            "edit_monotonicity",
            f,
            _wer_over_hypothesis_length,
            "the edits over the hypothesis words P instead of the reference words N",
            "an extra word deleted where every hypothesis word is wrong",
            edit_case(c(["b b"], [("a",)]), 0, 0, "a"),
            **rate,
        ),
        Mutant(
            "wer_without_insertions_edit",
            "edit_monotonicity",
            f,
            _wer_without_insertions,
            "insertions left out of the edits (S + D over N)",
            "an extra word deleted",
            edit_case(c(["a a"], [("a",)]), 0, 0, "a"),
            **rate,
        ),
        # segment aggregation (the sentence-level means)
        Mutant(
            "sentence_bleu_length_weighted",
            "segment_aggregation",
            f,
            _sentence_bleu_length_weighted,
            "segment scores weighted by the hypothesis length",
            "segments of different lengths and scores",
            aggregation_case(c(["a b c d", "x"], [("a b c d",), ("a",)])),
            **bleu,
        ),
        Mutant(
            "rouge_l_pooled",
            "segment_aggregation",
            f,
            _rouge_l_pooled,
            "the LCS and lengths summed over segments before the F1",
            "segments of different lengths and scores",
            aggregation_case(c(["a b c d", "x"], [("a b c d",), ("a",)])),
            **f1,
        ),
        # zero match (unsmoothed BLEU)
        Mutant(
            "bleu_max_order_3",
            "zero_match",
            f,
            _bleu_order_3,
            "n-grams up to order 3 (an off-by-one on max_order)",
            "a 3-gram match without a 4-gram match",
            zero_match_case(c(["a b c d"], [("a b c d",)])),
            **bleu,
        ),
        Mutant(
            "bleu_floor_smoothing_left_in",
            "zero_match",
            f,
            _bleu_floor_smoothed,
            "the 0.1 floor of sentence-level smoothing left in an unsmoothed corpus BLEU",
            "lower-order matches without a 4-gram match",
            zero_match_case(c(["a b c d"], [("a b c d",)])),
            **bleu,
        ),
        # block order (BLEU cannot see such reorderings)
        Mutant(
            "bleu_padded_ngrams",
            "block_order_invariance",
            f,
            _bleu_padded,
            "n-grams padded with sentence boundary symbols (<s> w, w </s>)",
            "a block moved to the start of the hypothesis",
            block_case(c(["a c b"], [("a b",)]), 0, [1, 2], [2, 1, 0]),
            **bleu,
        ),
        Mutant(
            "bleu_wrapped_ngrams",
            "block_order_invariance",
            f,
            _bleu_wrapped,
            "the hypothesis' n-grams wrapping around its end (a modular index)",
            "a block moved to the start of the hypothesis",
            block_case(c(["a c b"], [("a b",)]), 0, [1, 2], [2, 1, 0]),
            **bleu,
        ),
    ]


# -- random cases for the benchmark's random-search baselines ------------------------------------


def _random_text(rng: np.random.Generator, lo: int, hi: int) -> str:
    return " ".join(rng.choice(VOCABULARY, size=int(rng.integers(lo, hi + 1))).tolist())


def _random_corpus(rng: np.random.Generator, corners: bool) -> TextCorpus:
    """Plain text: 1-4 segments, 1-3 references of 0-6 words; ``corners``: also empty or longer."""
    n = int(rng.integers(1, 5))
    hyps, refs = [], []
    for _ in range(n):
        k = int(rng.integers(1, 4))
        seg = tuple(_random_text(rng, 0, 6) for _ in range(k))
        if corners and rng.random() < 0.5:
            base = seg[int(rng.integers(k))]
            kind = rng.choice(("equal", "longer", "empty"))
            hyp = base if kind == "equal" else "" if kind == "empty" else f"{base} {base} a"
        else:
            hyp = _random_text(rng, 0, 6)
        hyps.append(hyp)
        refs.append(seg)
    return TextCorpus(tuple(hyps), tuple(refs))


def random_case(rng: np.random.Generator, claim: str, family: str, corners: bool) -> Case:
    """A random case of a generation claim, for the benchmark's random searches."""
    corpus = _random_corpus(rng, corners)
    n = len(corpus.hypotheses)
    if claim == "identity":
        # The first half only: the strict half is a precondition the sampler cannot see
        # (BLEU's optimum without an identical reference is no bug of the BLEU control).
        return identity_case(corpus, rng.integers(0, 3, size=n).tolist())
    if claim == "symmetry":
        return symmetry_case(corpus)
    if claim == "item_order_invariance":
        return order_case(corpus, rng.permutation(n).tolist())
    if claim == "reference_order_invariance":
        return reference_order_case(
            corpus, [rng.permutation(len(r)).tolist() for r in corpus.references]
        )
    if claim == "reference_addition_monotonicity":
        return reference_addition_case(corpus, int(rng.integers(n)), _random_text(rng, 0, 8))
    if claim == "edit_monotonicity":
        single = TextCorpus(corpus.hypotheses, tuple(r[:1] for r in corpus.references))
        return edit_case(single, int(rng.integers(n)), int(rng.integers(20)), "a")
    if claim == "segment_aggregation":
        return aggregation_case(corpus)
    if claim == "zero_match":
        return zero_match_case(corpus)
    if claim == "block_order_invariance":
        i = int(rng.integers(n))
        cuts = valid_cuts(corpus.hypotheses[i].split(), corpus.references[i])
        chosen = [x for x in cuts if rng.random() < 0.5] or cuts[:1]
        order = rng.permutation(len(chosen) + 1).tolist()
        case = block_case(corpus, i, chosen, order) if chosen else None
        return case if case is not None else well_defined_case(corpus)
    if claim == "well_defined":
        return well_defined_case(corpus)
    raise KeyError(f"claim={claim!r}: no random generation sampler")


def family_controls(control: type[Any]) -> list[Any]:
    """Correct generation measures and the claims they satisfy (as ``Control``)."""
    Control = control  # the suite's class, passed in: no circular import
    f = "generation"
    bleu: dict[str, Any] = {"higher_is_better": True, "optimum": 100.0}
    rate: dict[str, Any] = {"higher_is_better": False, "optimum": 0.0}
    f1: dict[str, Any] = {"higher_is_better": True, "optimum": 1.0}
    order = ("item_order_invariance", "reference_order_invariance")
    return [
        Control(
            "bleu",
            f,
            _bleu_correct,
            (*order, "identity", "block_order_invariance"),
            "corpus BLEU on whitespace words, sacreBLEU's 'exp' smoothing",
            **bleu,
        ),
        Control(
            "bleu_unsmoothed",
            f,
            _bleu_unsmoothed,
            (*order, "zero_match"),
            "corpus BLEU without smoothing",
            **bleu,
        ),
        Control(
            "sentence_bleu_mean",
            f,
            _sentence_bleu_mean,
            (*order, "segment_aggregation"),
            "the mean of sentence BLEU (effective order)",
            **bleu,
        ),
        Control(
            "wer",
            f,
            _wer,
            (*order, "identity", "edit_monotonicity"),
            "WER, the fewest-edit reference (ties: shorter, more hits)",
            preconditions={"identity": ("strict_identity",)},
            **rate,
        ),
        Control(
            "wer_noisy",
            f,
            _wer_noisy,
            order,
            "WER with relative noise 3e-12, just under the 1e-11 tolerance",
            **rate,
        ),
        Control(
            "mer",
            f,
            _mer,
            (*order, "identity"),
            "MER, the fewest-edit reference (ties: shorter, more hits)",
            preconditions={"identity": ("strict_identity",)},
            **rate,
        ),
        Control(
            "rouge_l",
            f,
            _rouge_l,
            (*order, "symmetry", "segment_aggregation", "reference_addition_monotonicity"),
            "the mean of the best ROUGE-L F1 over each segment's references",
            **f1,
        ),
        Control(
            "sentence_chrf_mean",
            f,
            _sentence_chrf_mean,
            (*order, "segment_aggregation", "reference_addition_monotonicity"),
            "the mean of sentence chrF, the best reference per segment",
            **bleu,
        ),
    ]
