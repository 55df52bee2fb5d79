"""Ordinal quantification (OQ): measures comparing predicted and gold class distributions.

``FAMILY`` (:mod:`.family`) is the input convention, ``CLAIMS``
(:mod:`.claims`) the family's claims, whose check procedures live in
:mod:`.procedures`, ``SOURCES``
(:mod:`.literature`) the published property tables, and ``plugin``
(:mod:`.measures`) the measures, with their kernels in :mod:`._math`.
Each is imported on first use.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["CLAIMS", "FAMILY", "SOURCES", "plugin"]

__getattr__ = lazy_exports(
    __name__,
    {"FAMILY": "family", "CLAIMS": "claims", "SOURCES": "literature", "plugin": "measures"},
)
