"""Language models: per-token log-probabilities of a corpus of text sequences.

``FAMILY`` (:mod:`.family`) is the input convention, ``CLAIMS``
(:mod:`.claims`) the family's claims, whose check procedures live in
:mod:`.procedures` (cases built by :mod:`.cases`), generators in
:mod:`.strategies` and enumerators in :mod:`.enumeration`, ``SOURCES``
(:mod:`.literature`) the published statements, and ``plugin``
(:mod:`.measures`) the measures (perplexity, mean sequence perplexity,
cross-entropy per token in nats and in bits), with their kernels in
:mod:`._math`.  Each is imported on first use.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["CLAIMS", "FAMILY", "SOURCES", "plugin"]

__getattr__ = lazy_exports(
    __name__,
    {"FAMILY": "family", "CLAIMS": "claims", "SOURCES": "literature", "plugin": "measures"},
)
