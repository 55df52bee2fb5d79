"""Ordinal quantification (OQ): measures comparing predicted and gold class distributions.

``plugin`` (:mod:`.measures`) holds the measures; :mod:`._math` their
vectorised kernels.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["plugin"]

__getattr__ = lazy_exports(__name__, {"plugin": "measures"})
