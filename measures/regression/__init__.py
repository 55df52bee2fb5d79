"""Regression: real-valued true values and predictions, with optional sample weights.

``FAMILY`` (:mod:`.family`) is the input convention, ``CLAIMS``
(:mod:`.claims`) the family's claims, whose check procedures live in
:mod:`.procedures` (cases built by :mod:`.cases`), generators in
:mod:`.strategies` and enumerators in :mod:`.enumeration`, ``SOURCES``
(:mod:`.literature`) the published statements, and ``plugin``
(:mod:`.measures`) the measures, with their kernels in :mod:`._math`.  Run
files, runs and collections are :mod:`.io`, :mod:`.runs`, :mod:`.synthetic`
and :mod:`.data`.  Each is imported on first use.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["CLAIMS", "FAMILY", "SOURCES", "plugin"]

__getattr__ = lazy_exports(
    __name__,
    {"FAMILY": "family", "CLAIMS": "claims", "SOURCES": "literature", "plugin": "measures"},
)
