"""Ordinal classification (OC): measures over confusion matrices of ordered classes.

``plugin`` (:mod:`.measures`) holds the measures; :mod:`._math` their
vectorised kernels.
"""

from axiometrics.plugin import lazy_exports

__all__ = ["plugin"]

__getattr__ = lazy_exports(__name__, {"plugin": "measures"})
