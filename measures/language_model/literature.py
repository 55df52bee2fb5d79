"""Published statements about language-model measures: the ``axiometrics.literature`` entry point.

The family contributes its literature the way it contributes its claims:
:data:`SOURCES` is listed under the ``axiometrics.literature`` entry-point
group and validated against the registry that loads it
(:func:`axiometrics.literature.register`).  Only statements that say what a
registered claim says are entered, each with the source's own words
(``passage``) and how they were read (``note``); nothing is filled in from
memory.  Quotations keep the words and drop the markup (the notebook's
LaTeX: ``$n$`` is written n, a bold ``perplexity`` plain, its
infinity sign ∞).

One source, in one part:

* ``potts2020`` (mark ``P``): Potts' CS224u notebook "Evaluation metrics in
  NLP" (Stanford, spring 2020), its perplexity section, read in
  ``../shared/seeds/001_22267556ebe6ca49.txt``.  The nominal and regression
  families register the same notebook's other sections under the same key;
  this plugin registers the language-model part, repeating the citation,
  mark and reference, and the catalogue adds it to the one source
  (:meth:`axiometrics.literature.LiteratureCatalogue.register`).

The notebook defines perplexity per sequence, ``2^H(P, x)``, and the
corpus mean as the geometric mean of the sequences' token-perplexities (the
registered ``mean_sequence_perplexity``); on one sequence it is also the
registered ``perplexity``.  Its three statements about perplexity are
entered for ``perplexity``:

* "Using any base n both in defining H and as the base in perplexity will
  lead to identical results": ``base_invariance`` holds (the base of the
  logarithms does not change the perplexity when it is used consistently;
  the claim's ``base = b`` is that consistent use);
* "Minimizing perplexity is equivalent to maximizing probability":
  ``probability_monotonicity`` holds (raising one token's probability
  raises the sequence's probability and must lower the perplexity);

and its statement about the corpus mean for ``mean_sequence_perplexity``:

* "When averaging perplexity values obtained from all the sequences in a
  text corpus, one should again use the geometric mean":
  ``sequence_mean_aggregation`` does not hold (the geometric mean of the
  sequences' perplexities is not their arithmetic mean).

The bounds the notebook states after the mean-perplexity formula, "[1, ∞],
where 1 is best", are registered as published ranges of both perplexities
(:data:`RANGES`; the closed ∞ read as an open upper side).

``hf_evaluate`` (mark ``HF``): the ``perplexity`` metric card of Hugging
Face ``evaluate`` (``metrics/perplexity/README.md`` of huggingface/evaluate
at commit a7dd338386a4fae9a1767e05eb9ef9479513d9e8, the commit the
regression and generation parts read), the language-model part of that
source (its citation, mark and reference repeat the other parts' exactly).
Its one statement about a property, "The range of this metric is [0, inf).
A lower score is better.", is registered as a published range of
``perplexity`` (true, not tight: no corpus scores below 1).  Not entered:
its formula ``perplexity = e**(sum(losses) / num_tokenized_tokens)`` (a
definition, the registered per-token one with base e), and its
``mean_perplexity``, the arithmetic mean of the texts' perplexities, a
measure not registered (neither the pooled ``perplexity`` nor the geometric
``mean_sequence_perplexity``).

Not entered from the notebook: "Perplexity is heavily dependent on the nature of the
underlying vocabulary" (mapping tokens to ``UNK``; no claim speaks about
the vocabulary), "Perplexity is the inverse of probability" and its
relation to cross-entropy (definitions, not properties), and the notebook's
first formula, ``H(P, x) = -(1/m) log2 P(x)``, whose ``m`` the text does not
name.
"""

from __future__ import annotations

import math

from axiometrics.literature import LiteratureSource, LiteratureVerdict, PublishedRange

__all__ = [
    "HF_EVALUATE_LANGUAGE_MODEL",
    "HF_RANGES",
    "POTTS2020_LANGUAGE_MODEL",
    "RANGES",
    "SOURCES",
]

_POTTS = "potts2020"
_COLUMN = "Perplexity"


def _v(measure: str, claim: str, holds: bool, passage: str, note: str) -> LiteratureVerdict:
    return LiteratureVerdict(_POTTS, measure, claim, holds, _COLUMN, (), note, passage)


_VERDICTS = (
    _v(
        "perplexity",
        "base_invariance",
        True,
        "Using any base n both in defining H and as the base in perplexity will lead to "
        "identical results.",
        "read as: logarithms in base b read with base = b give the perplexity of the natural "
        "ones (the base used consistently)",
    ),
    _v(
        "perplexity",
        "probability_monotonicity",
        True,
        "Minimizing perplexity is equivalent to maximizing probability.",
        "read as: raising one token's probability, the others kept, raises the probability of "
        "the text and strictly lowers the perplexity",
    ),
    _v(
        "mean_sequence_perplexity",
        "sequence_mean_aggregation",
        False,
        "When averaging perplexity values obtained from all the sequences in a text corpus, "
        "one should again use the geometric mean",
        "the geometric mean of the sequences' perplexities is not their arithmetic mean: "
        "[[0], [-1]] gives exp(1/2) = 1.649, the arithmetic mean of 1 and e is 1.859",
    ),
)

_BOUNDS = "[1, ∞], where 1 is best."

#: The score ranges the notebook states, one per perplexity measure.
RANGES = tuple(
    PublishedRange(
        _POTTS,
        measure,
        1.0,
        math.inf,
        "Perplexity, bounds",
        _BOUNDS,
        "stated after the mean-perplexity formula, for perplexity; the closed ∞ read as an "
        "open upper side (no finite score reaches it)",
    )
    for measure in ("perplexity", "mean_sequence_perplexity")
)

#: Potts' CS224u notebook, perplexity section: the language-model part of ``potts2020``
#: (the citation, mark and reference repeat the nominal part's, as the catalogue requires of a
#: part of one publication).
POTTS2020_LANGUAGE_MODEL = LiteratureSource(
    key=_POTTS,
    citation="Potts 2020, CS224u metrics notebook",
    abbreviation="P",
    reference=(
        "Christopher Potts, 'Evaluation metrics in NLP', CS224u notebook "
        "(evaluation_metrics.ipynb), Stanford, spring 2020"
    ),
    verdicts=_VERDICTS,
    ranges=RANGES,
)

_HF = "hf_evaluate"

#: The range the Hugging Face ``perplexity`` card states.
HF_RANGES = (
    PublishedRange(
        _HF,
        "perplexity",
        0.0,
        math.inf,
        "perplexity card, Output Values",
        "The range of this metric is [0, inf). A lower score is better.",
        "true but not tight: a perplexity is at least 1",
    ),
)

#: Hugging Face evaluate's metric cards: the language-model part of ``hf_evaluate`` (the
#: citation, mark and reference repeat the regression and generation parts' exactly).
HF_EVALUATE_LANGUAGE_MODEL = LiteratureSource(
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
    verdicts=(),
    ranges=HF_RANGES,
)

#: The sources this plugin registers (the entry point's object), in registration order.
SOURCES = (POTTS2020_LANGUAGE_MODEL, HF_EVALUATE_LANGUAGE_MODEL)
