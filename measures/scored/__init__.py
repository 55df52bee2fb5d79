"""Scored classification: binary gold against real-valued scores.

``FAMILY`` (:mod:`.family`) is the input convention, ``CLAIMS``
(:mod:`.claims`) the family's claims, whose check procedures live in
:mod:`.procedures` and generators in :mod:`.strategies`, and ``plugin``
(:mod:`.measures`) the measures, with their kernels in :mod:`._math` and the
ROC and precision-recall curves in :mod:`.curves`.  Each is imported on
first use.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["CLAIMS", "FAMILY", "plugin"]

__getattr__ = lazy_exports(__name__, {"FAMILY": "family", "CLAIMS": "claims", "plugin": "measures"})
