"""Text generation: hypotheses scored against one or more references per segment.

``FAMILY`` (:mod:`.family`) is the input convention, ``CLAIMS``
(:mod:`.claims`) the family's claims, whose check procedures live in
:mod:`.procedures` (cases built by :mod:`.cases`), generators in
:mod:`.strategies` and enumerators in :mod:`.enumeration`, and ``plugin``
(:mod:`.measures`) the measures (BLEU, chrF, chrF++, TER, WER, CER, MER,
WIL, ROUGE-L and the sentence-level means), declared in
:mod:`.declarations`.  Their kernels are :mod:`.ngram_kernels` and
:mod:`.edit_kernels`; :mod:`.corpus` gives each measure's segment
statistics and scorer from totals (:func:`.corpus.corpus_statistics`), for
resampling segments; ``SOURCES`` (:mod:`.literature`) the published
statements.  Each is imported on first use.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["CLAIMS", "FAMILY", "SOURCES", "plugin"]

__getattr__ = lazy_exports(
    __name__,
    {"FAMILY": "family", "CLAIMS": "claims", "SOURCES": "literature", "plugin": "measures"},
)
