"""Published statements about the generation measures: the ``axiometrics.literature`` entry point.

The generation family contributes its literature the way it contributes its
claims: :data:`SOURCES` is listed under the ``axiometrics.literature``
entry-point group and validated against the registry that loads it
(:func:`axiometrics.literature.register`).  The module only builds data:
nothing is registered when it is imported.  Only statements that say what a
registered claim says are entered, each with the source's own words
(``passage``) and how they were read (``note``); nothing is filled in from
memory.  Quotations keep the words and drop the markup: the notebook's LaTeX
(dollar signs; its infinity sign is written ∞), the metric cards' Markdown
(back-quotes, bold) and the docstrings' reStructuredText fields (``:param x:``
is written ``x:``); " ... " joins the parts of one passage that stand apart
in the source.

Four sources, in this order:

* ``potts2020`` (mark ``P``): Potts' CS224u notebook "Evaluation metrics in
  NLP" (Stanford, spring 2020), its "Sequence prediction" part (word error
  rate, BLEU), read in ``../shared/seeds/001_22267556ebe6ca49.txt``.  The
  nominal, regression and language-model families register the notebook's
  other parts under the same key; this plugin registers the generation part,
  repeating the citation, mark and reference, and the catalogue adds it to
  the one source (:meth:`axiometrics.literature.LiteratureCatalogue.register`).
  The part's perplexity statements (base invariance, probability
  monotonicity, the geometric mean over sequences, the bounds [1, ∞]) are the
  language-model family's, registered by
  :mod:`axiometrics.measures.language_model.literature`, and are not
  repeated here.
* ``hf_evaluate`` (mark ``HF``): the metric cards of Hugging Face
  ``evaluate`` for the generation metrics it ships (``bleu``, ``sacrebleu``,
  ``chrf``, ``ter``, ``wer``, ``cer``): ``metrics/<name>/README.md`` of
  huggingface/evaluate, read at commit
  a7dd338386a4fae9a1767e05eb9ef9479513d9e8 (2026-04-08), the commit the
  regression family read.  The regression family registers the regression
  cards under the same key; this plugin registers the generation part,
  repeating that part's citation, mark and reference exactly (the catalogue
  merges parts only when the three are equal), although they name the
  regression cards only.
* ``sacrebleu_docs`` (mark ``SB``): sacreBLEU's documentation: ``README.md``
  (the package description of sacrebleu 2.6.0, identical to the
  repository's but for a badge link) and ``CHANGELOG.md`` of mjpost/sacrebleu
  at commit f615c7286d4d813370efb824d94fc2bfcd3a6b94 (v2.6.0 and a README
  badge fix, 2026-01-12), and the docstrings of the installed sacrebleu 2.6.0
  (``BLEU.compute_bleu``, ``CHRF._compute_f_score``).
* ``jiwer_docs`` (mark ``JW``): jiwer's documentation, ``README.md``,
  ``docs/index.md`` and ``docs/usage.md`` of jitsi/jiwer at commit
  c1b0d5e005431f5ce4fa6797f48639a8ccaa5042 (2025-02-14; v4.0.0 and a
  formatting commit, the documents unchanged since v4.0.0), and the
  docstrings of jiwer 4.0.0.  It states no property in words; its one entry
  is a worked example (``visualize_alignment`` on two sentences) whose
  printed corpus scores are not the means of the sentences' scores, a
  counterexample to ``segment_aggregation`` for WER, MER and WIL.

Published ranges are kept apart, as in the regression family, in
:data:`RANGES` (:class:`~axiometrics.literature.PublishedRange`, registered
as each source's ``ranges``); the refuted ones are classified in
:data:`RANGE_DISAGREEMENTS`: the notebook's BLEU in [0, 1] (a scale: the
notebook's BLEU is the 0-1 value, the registered one sacreBLEU's 0-100,
``definition``) and sacreBLEU's changelog putting every metric, TER
included, in [0, 100] (hypothesis "a b c" against reference "a" gives TER
200, ``finding``).  Disagreements with verdicts (:data:`DISAGREEMENTS`) are
the BLEU card's three statements: corpus BLEU as a mean of segment scores,
a reference added always raising BLEU, and a score of 1 only for a
candidate identical to a reference.

Read but not entered:

* the HF ``bleu`` card's "BLEU's output is always a number between 0 and 1"
  (true of that card's implementation, on 0-1): a source states one range
  per measure, and the ``sacrebleu`` card's 0-100, the scale of the
  registered BLEU, is entered for ``bleu``;
* the HF ``perplexity`` card's "The range of this metric is [0, inf). A
  lower score is better." (true, not tight: the least perplexity is 1): a
  statement about a language-model measure, registered by that family
  (:mod:`axiometrics.measures.language_model.literature`);
* the HF ``wer`` card states no upper bound ("the average number of errors
  per reference word ... with a WER of 0 being a perfect score", entered as
  [0, ∞)); at this commit no card says that WER lies in [0, 1];
* statements that match no registered claim: the notebook's WER "adding a
  negation ... passivizing a sentence", BLEU's modified precision and
  brevity penalty (definitions), "insensitivity to n-gram types"; the
  ``chrf`` card's and sacreBLEU's "beta: Determine the importance of recall
  w.r.t precision", which says nothing about exchanging hypothesis and
  reference (chrF is symmetric only at beta = 1, but no source says so);
  sacreBLEU's case-insensitive TER and its effective-order advice for
  sentence-level BLEU; the ``perplexity`` card's arithmetic
  ``mean_perplexity``, a measure not registered;
* readings that need more than the words: sacreBLEU's ``TERScore`` docstring
  ("The cumulative number of edits", "The cumulative average reference
  length") gives no formula for the corpus score, so, unlike the ``ter``
  card's "num_edits / sum_ref_lengths * 100", it is not entered for TER's
  ``segment_aggregation``; nor is the ``wer`` card's "average number of
  errors per reference word", which does not tell a corpus from a segment;
  the notebook's "the normalizing constant is given by the true sequences"
  is not read as WER's asymmetry;
* conventions for undefined inputs: jiwer's "wer('', 'peaceful silence') ==
  2" and "wer('', '') == 0" (an empty reference, which the registered WER
  declares undefined), sacreBLEU's 0.0 for a corpus without any match.
"""

from __future__ import annotations

import math
from dataclasses import replace

from axiometrics.literature import (
    RANGE,
    Disagreement,
    LiteratureSource,
    LiteratureVerdict,
    PublishedRange,
)

__all__ = [
    "DISAGREEMENTS",
    "HF_EVALUATE_GENERATION",
    "JIWER_DOCS",
    "POTTS2020_GENERATION",
    "RANGES",
    "RANGE_DISAGREEMENTS",
    "SACREBLEU_DOCS",
    "SOURCES",
]

_POTTS = "potts2020"
_HF = "hf_evaluate"
_SB = "sacrebleu_docs"
_JW = "jiwer_docs"
_INF = math.inf
#: The precondition through which a verdict speaks of the "only then" half of identity.
_STRICT = ("strict_identity",)


def _v(
    source: str,
    measure: str,
    claim: str,
    holds: bool,
    column: str,
    passage: str,
    note: str,
    preconditions: tuple[str, ...] = (),
) -> LiteratureVerdict:
    return LiteratureVerdict(source, measure, claim, holds, column, preconditions, note, passage)


# -- Potts 2020, the CS224u notebook's sequence-prediction part --------------------------------

_WER_CORPUS = (
    "To calculate this over the entire test-set, one gets the edit-distances for each "
    "gold–predicted pair and normalizes these by the length of all the gold examples, rather "
    "than normalizing each case"
)
_BLEU_CORPUS = (
    "At the corpus level, it is typical to do a kind of micro-averaging of the modified "
    "precision scores and use a cumulative version of the brevity penalty."
)
_BLEU_ORDER = (
    "Callison-Burch et al. (2006) criticize BLEU as a machine translation metric ... They "
    "highlight its insensitivity to n-gram order and its insensitivity to n-gram types (e.g., "
    "function vs. content words) as causes of this lack of correlation."
)
#: The corpus whose BLEU is not the mean of its segments' (notes and disagreements).
_BLEU_MEAN_EXAMPLE = (
    "('a b c d', 'e f g h i j k l') against ('a b c d', 'm n o p q r s t') gives 25.4, the "
    "segments alone 100 and 0"
)

_POTTS_VERDICTS = (
    _v(
        _POTTS,
        "wer",
        "segment_aggregation",
        False,
        "Word error rate",
        _WER_CORPUS,
        "read as: corpus WER is the total of the edit distances over the total length of the "
        "references, not the mean of the segments' WER: ('a b c', 'a b c d') against ('a', "
        "'a b c d') gives 2/5 = 0.4, the segments alone 2 and 0 (mean 1)",
    ),
    _v(
        _POTTS,
        "bleu",
        "segment_aggregation",
        False,
        "BLEU",
        _BLEU_CORPUS,
        "micro-averaging read as: corpus BLEU pools the n-gram counts and lengths of the "
        "segments, so it is not the mean of the segments' BLEU: " + _BLEU_MEAN_EXAMPLE,
    ),
    _v(
        _POTTS,
        "bleu",
        "block_order_invariance",
        True,
        "BLEU",
        _BLEU_ORDER,
        "Callison-Burch et al.'s criticism as the notebook reports it; 'insensitivity to n-gram "
        "order' read as the claim's formalisation of their argument: blocks of a hypothesis cut "
        "where no bigram of a reference crosses, and permuted so that no junction forms one, "
        "leave BLEU unchanged",
    ),
)

#: Potts' CS224u notebook, sequence-prediction part: the generation part of ``potts2020`` (the
#: citation, mark and reference repeat the other parts', as the catalogue requires of a part of
#: one publication).
POTTS2020_GENERATION = LiteratureSource(
    key=_POTTS,
    citation="Potts 2020, CS224u metrics notebook",
    abbreviation="P",
    reference=(
        "Christopher Potts, 'Evaluation metrics in NLP', CS224u notebook "
        "(evaluation_metrics.ipynb), Stanford, spring 2020"
    ),
    verdicts=_POTTS_VERDICTS,
)


# -- Hugging Face evaluate's metric cards ----------------------------------------------------

_HF_BLEU_MEAN = (
    "Scores are calculated for individual translated segments—generally sentences—by comparing "
    "them with a set of good quality reference translations. Those scores are then averaged "
    "over the whole corpus to reach an estimate of the translation's overall quality."
)
_HF_BLEU_REFERENCES = (
    "Because there are more opportunities to match, adding additional reference translations "
    "will increase the BLEU score."
)
_HF_BLEU_IDENTICAL = (
    "Few human translations will attain a score of 1, since this would indicate that the "
    "candidate is identical to one of the reference translations."
)
_HF_TER_PERFECT = (
    "0 is a perfect score, meaning the predictions exactly match the references and no edits "
    "were necessary."
)

_HF_VERDICTS = (
    _v(
        _HF,
        "bleu",
        "segment_aggregation",
        True,
        "bleu card, Metric Description",
        _HF_BLEU_MEAN,
        "read as: corpus BLEU is the mean of the segments' BLEU, each segment scored alone",
    ),
    _v(
        _HF,
        "bleu",
        "reference_addition_monotonicity",
        True,
        "bleu card, Output Values",
        _HF_BLEU_REFERENCES,
        "'will increase' read as 'never lowers' (a reference equal to one already there changes "
        "nothing). The card's reason counts matches only; the brevity penalty also depends on "
        "the references. The card's first example reports reference_length 6, the shorter "
        "reference 'hello there !' of the first prediction: its code takes the shortest "
        "reference length, the registered BLEU (Papineni et al., sacreBLEU) the closest",
    ),
    _v(
        _HF,
        "bleu",
        "identity",
        True,
        "bleu card, Output Values",
        _HF_BLEU_IDENTICAL,
        "the card's BLEU is on 0-1, so 1 is the optimum (100 for the registered BLEU); read as "
        "both halves: a candidate identical to a reference scores the optimum (the card's "
        "examples do), and only such a candidate does (strict_identity)",
        _STRICT,
    ),
    _v(
        _HF,
        "ter",
        "identity",
        True,
        "ter card, Output Values",
        _HF_TER_PERFECT,
        "read as both halves: predictions that match the references score 0, the optimum, and "
        "only they do (strict_identity); checked on plain lower-case text, where the default "
        "case-insensitivity of TER plays no part",
        _STRICT,
    ),
    _v(
        _HF,
        "ter",
        "segment_aggregation",
        False,
        "ter card, Output Values",
        "score (float): TER score (num_edits / sum_ref_lengths * 100) ... num_edits (int): The "
        "cumulative number of edits ... ref_length (float): The cumulative average reference "
        "length",
        "read as: corpus TER is the edits summed over the segments divided by the reference "
        "lengths summed, not the mean of the segments' TER: ('a b c', 'a b c d') against ('a', "
        "'a b c d') gives 100 * 2/5 = 40, the segments alone 200 and 0",
    ),
)

#: The reference-addition counterexample (one line, scored in the tests).
_REFERENCE_ADDED = (
    "a new reference can become the closest length and cut the brevity penalty: 'a b c d e f' "
    "against 'a b c d' gives 50.8, with 'x x x x x x x' added 43.0"
)

_HF_DISAGREEMENTS = (
    Disagreement(
        _HF,
        "bleu",
        "segment_aggregation",
        "finding",
        "corpus BLEU pools n-gram counts and lengths over the segments: " + _BLEU_MEAN_EXAMPLE,
        _HF_BLEU_MEAN,
    ),
    Disagreement(
        _HF,
        "bleu",
        "reference_addition_monotonicity",
        "finding",
        _REFERENCE_ADDED,
        _HF_BLEU_REFERENCES,
    ),
    Disagreement(
        _HF,
        "bleu",
        "identity",
        "finding",
        "a hypothesis can take one reference's n-grams at another's length: 'a b c d' against "
        "('a b c d a b c d', 'x y z w') scores 100, identical to neither",
        _HF_BLEU_IDENTICAL,
    ),
)

#: Hugging Face evaluate's generation metric cards: the generation part of ``hf_evaluate`` (the
#: citation, mark and reference repeat the regression part's exactly).
HF_EVALUATE_GENERATION = LiteratureSource(
    key=_HF,
    citation="Hugging Face evaluate, metric cards",
    abbreviation="HF",
    reference=(
        "Hugging Face, evaluate: metrics/<name>/README.md and the description strings of "
        "metrics/<name>/<name>.py for mse, mae, mape, r_squared, pearsonr, spearmanr (regression), "
        "bleu, sacrebleu, chrf, ter, wer, cer (generation) and perplexity (language models), "
        "huggingface/evaluate commit "
        "a7dd338386a4fae9a1767e05eb9ef9479513d9e8 (2026-04-08)"
    ),
    verdicts=_HF_VERDICTS,
    disagreements=_HF_DISAGREEMENTS,
)


# -- sacreBLEU's documentation ---------------------------------------------------------------

_SB_VERDICTS = (
    _v(
        _SB,
        "bleu",
        "segment_aggregation",
        False,
        "BLEU.compute_bleu docstring",
        "Computes BLEU score from its sufficient statistics with smoothing. ... correct: List "
        "of counts of correct ngrams, 1 <= n <= max_ngram_order ... total: List of counts of "
        "total ngrams, 1 <= n <= max_ngram_order ... sys_len: The cumulative system length ... "
        "ref_len: The cumulative reference length",
        "read as: corpus BLEU is computed once from match counts and lengths summed over the "
        "segments (the notebook's micro-averaging), not as a mean of segment scores: "
        + _BLEU_MEAN_EXAMPLE,
    ),
)

#: sacreBLEU's README, changelog and docstrings: their statements mapped onto generation claims.
SACREBLEU_DOCS = LiteratureSource(
    key=_SB,
    citation="sacreBLEU 2.6.0 documentation",
    abbreviation="SB",
    reference=(
        "Matt Post et al., sacreBLEU: README.md and CHANGELOG.md of mjpost/sacrebleu, commit "
        "f615c7286d4d813370efb824d94fc2bfcd3a6b94 (v2.6.0, 2026-01-12), and the docstrings of "
        "sacrebleu 2.6.0 (BLEU.compute_bleu, CHRF._compute_f_score)"
    ),
    verdicts=_SB_VERDICTS,
)


# -- jiwer's documentation -------------------------------------------------------------------

_JW_SUMMARY = (
    "=== SUMMARY === number of sentences: 2 substitutions=2 deletions=2 insertions=4 hits=5 "
    "mer=61.54% wil=74.75% wip=25.25% wer=88.89%"
)
_JW_EXAMPLE = (
    "a worked example, not a stated rule: the two sentences' alignments printed above the "
    "summary (REF 'short one here', HYP 'shoe order one': I S D; REF 'quite a bit of longer "
    "sentence', HYP 'quite bit of an even longest sentence here': D I I S I) give "
)
_JW_COLUMN = "docs/usage.md, Alignment (visualize_alignment)"

_JW_VERDICTS = (
    _v(
        _JW,
        "wer",
        "segment_aggregation",
        False,
        _JW_COLUMN,
        _JW_SUMMARY,
        _JW_EXAMPLE + "WER 3/3 = 1 and 5/6 = 0.833 (mean 0.917); the corpus WER printed is "
        "8/9 = 0.889, the edits over the reference words of both",
    ),
    _v(
        _JW,
        "mer",
        "segment_aggregation",
        False,
        _JW_COLUMN,
        _JW_SUMMARY,
        _JW_EXAMPLE + "MER 3/4 = 0.75 and 5/9 = 0.556 (mean 0.653); the corpus MER printed is "
        "8/13 = 0.615",
    ),
    _v(
        _JW,
        "wil",
        "segment_aggregation",
        False,
        _JW_COLUMN,
        _JW_SUMMARY,
        _JW_EXAMPLE + "WIL 1 - 1/9 = 0.889 and 1 - 16/48 = 0.667 (mean 0.778); the corpus WIL "
        "printed is 1 - 25/99 = 0.747",
    ),
)

#: jiwer's documentation: its worked example mapped onto generation claims.
JIWER_DOCS = LiteratureSource(
    key=_JW,
    citation="jiwer 4.0.0 documentation",
    abbreviation="JW",
    reference=(
        "jiwer (Jitsi, 8x8), README.md, docs/index.md and docs/usage.md of jitsi/jiwer, commit "
        "c1b0d5e005431f5ce4fa6797f48639a8ccaa5042 (v4.0.0, 2025-02-14), and the docstrings of "
        "jiwer 4.0.0"
    ),
    verdicts=_JW_VERDICTS,
)


# -- published ranges ------------------------------------------------------------------------

_POTTS_BLEU_BOUNDS = (
    "[0, 1], with 1 being the best, though with no expectation that any system will achieve 1, "
    "since even sets of human-created translations do not reach this level."
)
_HF_CHRF_BOUNDS = "The chrF(++) score can be any value between 0.0 and 100.0, inclusive."
_SB_SCALE = "Metrics: Scale all metrics into the [0, 100] range (#140)"
_SB_CHRF_BOUNDS = (
    "Compute the chrF score given the n-gram match statistics. ... The final f_beta score "
    "between [0, 100]."
)
_SB_SCALE_NOTE = (
    "read as a range statement for every metric sacreBLEU computes (BLEU, chrF, TER), whose "
    "scores it puts on a 0-100 scale"
)

#: Every range the sources state for a registered generation measure, with the source's words.
RANGES: tuple[PublishedRange, ...] = (
    PublishedRange(
        _POTTS,
        "wer",
        0.0,
        _INF,
        "Word error rate, bounds",
        "[0, ∞), where 0 is best. (The lack of a finite upper bound derives from the fact that "
        "the normalizing constant is given by the true sequences, and the predicted sequences "
        "can differ from them in any conceivable way in principle.)",
    ),
    PublishedRange(
        _POTTS,
        "bleu",
        0.0,
        1.0,
        "BLEU, bounds",
        _POTTS_BLEU_BOUNDS,
        "the notebook's BLEU, BP times the geometric mean of the modified precisions, is on "
        "0-1; the registered BLEU reports sacreBLEU's 0-100, 100 times that value",
    ),
    PublishedRange(
        _HF,
        "bleu",
        0.0,
        100.0,
        "sacrebleu card, Output Values",
        "The score can take any value between 0.0 and 100.0, inclusive.",
        "the sacrebleu card's range, the scale of the registered BLEU; the bleu card's 0-1 "
        "(its own implementation's scale) is not entered: a source states one range per measure",
    ),
    PublishedRange(_HF, "chrf", 0.0, 100.0, "chrf card, Output Values", _HF_CHRF_BOUNDS),
    PublishedRange(
        _HF,
        "chrf_plus_plus",
        0.0,
        100.0,
        "chrf card, Output Values",
        _HF_CHRF_BOUNDS,
        "chrF(++) read as chrF and chrF++ (word_order=2)",
    ),
    PublishedRange(
        _HF,
        "ter",
        0.0,
        _INF,
        "ter card, Output Values",
        "The metric can take on any value 0 and above. 0 is a perfect score, meaning the "
        "predictions exactly match the references and no edits were necessary. Higher scores "
        "are worse. Scores above 100 mean that the cumulative number of edits, num_edits, is "
        "higher than the cumulative length of the references, ref_length.",
    ),
    PublishedRange(
        _HF,
        "wer",
        0.0,
        _INF,
        "wer card, Output values",
        "This value indicates the average number of errors per reference word. The lower the "
        "value, the better the performance of the ASR system, with a WER of 0 being a perfect "
        "score.",
        "0 the best value; no upper bound stated (an average number of errors per reference "
        "word has none)",
    ),
    PublishedRange(
        _HF,
        "cer",
        0.0,
        _INF,
        "cer card, Output values",
        "The lower the CER value, the better the performance of the ASR system, with a CER of 0 "
        "being a perfect score. However, CER's output is not always a number between 0 and 1, in "
        "particular when there is a high number of insertions",
        "0 the best value, and above 1 with many insertions: no upper bound",
    ),
    PublishedRange(
        _SB, "bleu", 0.0, 100.0, "CHANGELOG.md, 2.0.0 (2021-07-18)", _SB_SCALE, _SB_SCALE_NOTE
    ),
    PublishedRange(
        _SB, "ter", 0.0, 100.0, "CHANGELOG.md, 2.0.0 (2021-07-18)", _SB_SCALE, _SB_SCALE_NOTE
    ),
    PublishedRange(_SB, "chrf", 0.0, 100.0, "CHRF._compute_f_score docstring", _SB_CHRF_BOUNDS),
    PublishedRange(
        _SB,
        "chrf_plus_plus",
        0.0,
        100.0,
        "CHRF._compute_f_score docstring",
        _SB_CHRF_BOUNDS,
        "the same CHRF class computes chrF++ (word_order=2)",
    ),
)

#: Classification of every published range the checker refutes (claim ``RANGE``).
RANGE_DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement(
        _POTTS,
        "bleu",
        RANGE,
        "definition",
        "the notebook's BLEU is the 0-1 value; the registered BLEU is sacreBLEU's, 100 times "
        "it: 'a b c d' against itself scores 100",
        _POTTS_BLEU_BOUNDS,
    ),
    Disagreement(
        _SB,
        "ter",
        RANGE,
        "finding",
        "TER divides the edits by the reference length and has no upper bound: 'a b c' against "
        "'a' gives 200 (two insertions per reference word)",
        _SB_SCALE,
    ),
)

#: Classification of every published verdict the checker disagrees with, over the sources.
DISAGREEMENTS: tuple[Disagreement, ...] = _HF_DISAGREEMENTS


def _with_ranges(src: LiteratureSource) -> LiteratureSource:
    """``src`` with the ranges it states and their classifications."""
    return replace(
        src,
        ranges=tuple(r for r in RANGES if r.source == src.key),
        range_disagreements=tuple(d for d in RANGE_DISAGREEMENTS if d.source == src.key),
    )


#: The sources this plugin registers (the entry point's object), in registration order.
SOURCES = tuple(
    _with_ranges(s)
    for s in (POTTS2020_GENERATION, HF_EVALUATE_GENERATION, SACREBLEU_DOCS, JIWER_DOCS)
)
