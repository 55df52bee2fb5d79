"""Thin adapters: sacreBLEU, jiwer and rouge-score metrics as functions of a corpus.

The checker calls a ``generation`` callable as ``f(hypotheses, references)``:
a list of strings (one per segment) and a list of lists of strings (each
segment's references).  The adapters below only change the calling
convention and, where a library returns a fallback for a degenerate corpus,
say that the score is undefined there, as the built-in measures do:

* sacreBLEU's ``corpus_score(hypotheses, streams)`` takes reference
  *streams*, the transpose of per-segment references (``streams[j][i]`` is
  the ``j``-th reference of segment ``i``, ``None`` where segment ``i`` has
  fewer): :func:`~axiometrics.measures.generation.family.to_streams`.
* sacreBLEU returns BLEU 0 when the corpus has no n-gram of some order
  (every hypothesis shorter than four tokens, or no token at all), chrF 0
  when no character n-gram order has both hypothesis and reference n-grams,
  and TER 100 (or 0 without edits) when the references have no word.  Those
  are 0/0 fallbacks, not scores: the adapters raise
  :class:`~axiometrics.errors.UndefinedMeasureError` there, so the claims are
  judged where sacreBLEU computes a score, and the ``reference`` items
  compare with the built-ins, which declare the same inputs undefined.
* jiwer takes ``(reference, hypothesis)``, one reference string per segment
  (``signature = "references,hypotheses"``), and returns the number of
  insertions as the WER and CER of a corpus without a reference word or
  character, and 0 or 1 as the MER and WIL of a corpus with an empty side.
  The adapters read jiwer's own alignment counts (``process_words``,
  ``process_characters``) and raise ``UndefinedMeasureError`` there; the
  unadapted ``jiwer.wer`` is checked too (``pyproject.toml``).
* sentence BLEU and ROUGE-L are per-segment scores; a corpus is scored by
  their mean, as the built-in ``sentence_bleu`` and ``rouge_l`` are.  Both
  libraries score an empty segment 0, and so do the built-ins: no adapter
  is needed there.
"""

from collections.abc import Callable, Sequence
from statistics import fmean

import jiwer
from rouge_score import rouge_scorer
from sacrebleu.metrics import BLEU, CHRF, TER

from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.generation.family import to_streams

Hypotheses = Sequence[str]
References = Sequence[Sequence[str]]


def corpus_bleu(hypotheses: Hypotheses, references: References) -> float:
    """Corpus BLEU, ``sacrebleu.metrics.BLEU()`` (13a, ``smooth="exp"``), on 0-100.

    Raises
    ------
    UndefinedMeasureError
        Where some n-gram order has no hypothesis n-gram (sacreBLEU gives 0).
    """
    result = BLEU().corpus_score(list(hypotheses), to_streams(references))
    if min(result.totals) == 0:
        raise UndefinedMeasureError(f"BLEU has no hypothesis n-gram of some order: {result.totals}")
    return float(result.score)


def sentence_bleu_mean(hypotheses: Hypotheses, references: References) -> float:
    """The mean over segments of sacreBLEU's sentence BLEU (``effective_order=True``)."""
    bleu = BLEU(effective_order=True)
    return fmean(
        bleu.sentence_score(h, list(r)).score for h, r in zip(hypotheses, references, strict=True)
    )


def _chrf(metric: CHRF, hypotheses: Hypotheses, references: References) -> float:
    """``metric.corpus_score``, computed from the statistics it sums, or undefined at 0/0."""
    # CHRFScore does not carry its statistics, so sum them as corpus_score does
    # (sacreBLEU's significance tests use the same two methods).
    stats = metric._extract_corpus_statistics(list(hypotheses), to_streams(references))
    totals = [sum(column) for column in zip(*stats, strict=True)]
    live = [totals[i] > 0 and totals[i + 1] > 0 for i in range(0, len(totals), 3)]
    if not any(live):
        raise UndefinedMeasureError("chrF has no order with both hypothesis and reference n-grams")
    return float(metric._aggregate_and_compute(stats).score)


def corpus_chrf(hypotheses: Hypotheses, references: References) -> float:
    """Corpus chrF, ``sacrebleu.metrics.CHRF()`` (character orders 1-6, beta = 2), on 0-100.

    Raises
    ------
    UndefinedMeasureError
        Where no character n-gram order has both hypothesis and reference n-grams.
    """
    return _chrf(CHRF(), hypotheses, references)


def corpus_chrf_plus_plus(hypotheses: Hypotheses, references: References) -> float:
    """Corpus chrF++, ``sacrebleu.metrics.CHRF(word_order=2)``, on 0-100.

    Raises
    ------
    UndefinedMeasureError
        Where no n-gram order has both hypothesis and reference n-grams.
    """
    return _chrf(CHRF(word_order=2), hypotheses, references)


def corpus_ter(hypotheses: Hypotheses, references: References) -> float:
    """Corpus TER, ``sacrebleu.metrics.TER()``, in percent.

    Raises
    ------
    UndefinedMeasureError
        Where the references have no word (sacreBLEU gives 100, or 0 without edits).
    """
    result = TER().corpus_score(list(hypotheses), to_streams(references))
    if result.ref_length == 0:
        raise UndefinedMeasureError("TER has no reference word to divide the edits by")
    return float(result.score)


_ROUGE_L = rouge_scorer.RougeScorer(["rougeL"])


def rouge_l_mean(hypotheses: Hypotheses, references: References) -> float:
    """The mean over segments of rouge-score's ROUGE-L F-measure, best over the references."""
    return fmean(
        _ROUGE_L.score_multi(list(r), h)["rougeL"].fmeasure
        for h, r in zip(hypotheses, references, strict=True)
    )


def _jiwer(
    name: str,
    process: Callable[[list[str], list[str]], jiwer.WordOutput | jiwer.CharacterOutput],
    undefined: Callable[[int, int], bool],
) -> Callable[[Sequence[str], Sequence[str]], float]:
    """The jiwer measure ``name``, read from ``process``'s alignment counts; 0/0 undefined."""

    def measure(reference: Sequence[str], hypothesis: Sequence[str]) -> float:
        out = process(list(reference), list(hypothesis))
        n_reference = out.hits + out.substitutions + out.deletions
        n_hypothesis = out.hits + out.substitutions + out.insertions
        if undefined(n_reference, n_hypothesis):
            raise UndefinedMeasureError(
                f"{name}: {n_reference} reference and {n_hypothesis} hypothesis tokens"
            )
        return float(getattr(out, name))

    measure.__name__ = measure.__qualname__ = name
    measure.__doc__ = f"jiwer's {name}(reference, hypothesis); undefined at 0/0 (see the module)."
    return measure


# The names are jiwer's, so a failing item's reproduction line
# (`from text_metrics import wer`) reads like the original call.
wer = _jiwer("wer", jiwer.process_words, lambda n, p: n == 0)
cer = _jiwer("cer", jiwer.process_characters, lambda n, p: n == 0)
mer = _jiwer("mer", jiwer.process_words, lambda n, p: n + p == 0)
wil = _jiwer("wil", jiwer.process_words, lambda n, p: n == 0 or p == 0)
