"""Where a kind of catalogue lives: the process's own, and the one lookups use now.

The families, claims and literature catalogues each keep one
:class:`CatalogueSlot`.  Module-level lookups (``get_family``,
``get_claim``, ``literature.sources``, ...) read :attr:`CatalogueSlot.current`;
:class:`axiometrics.catalogues.Catalogues` switches the three slots together
(e.g. to give a test its own copy, :func:`axiometrics.catalogues.isolated_catalogues`).
A plain attribute rather than a context variable, so that worker threads
(a measure run under a call timeout) see the same catalogues as their caller.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["CatalogueSlot"]

T = TypeVar("T")


class CatalogueSlot(Generic[T]):
    """The process-wide catalogue of one kind and the one currently in use.

    Parameters
    ----------
    process
        The catalogue a process starts with (the default registry's).
    """

    def __init__(self, process: T) -> None:
        self._process = process
        self._current = process

    @property
    def process(self) -> T:
        """The process-wide catalogue (the default registry's)."""
        return self._process

    @property
    def current(self) -> T:
        """The catalogue the module-level lookups and registrations use now."""
        return self._current

    def use(self, catalogue: T) -> T:
        """Make ``catalogue`` current; returns the one it replaces (to restore it)."""
        previous, self._current = self._current, catalogue
        return previous
