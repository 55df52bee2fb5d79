"""The catalogues a registry owns: families, claims and literature sources.

A :class:`~axiometrics.registry.Registry` registers its plugins' families,
claims and published tables into one :class:`Catalogues` set (coverage's
registrar style: the registry owns what its plugins register) and validates
its measures' declarations against it.  The process has one set, owned by
:func:`~axiometrics.registry.default_registry`; the module-level functions
(``get_family``, ``get_claim``, ``register_claim``, ``literature.sources``,
...) read and write the *current* set, which is the process's unless one is
activated::

    from axiometrics.catalogues import isolated_catalogues
    from axiometrics.claims import register_claim

    with isolated_catalogues():          # a copy of the current catalogues
        register_claim(my_claim)         # registered in the copy only
        check(my_measure, [my_claim.name], family="oc")
    # the claim is gone again

A registry built with ``Registry(catalogues=Catalogues.fresh())`` loads its
plugins into catalogues of its own; ``with registry.catalogues.activated():``
makes them current (the checker then sees that registry's claims).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from axiometrics.claims import CLAIM_CATALOGUES, ClaimCatalogue
from axiometrics.family import FAMILY_CATALOGUES, FamilyCatalogue
from axiometrics.literature import LITERATURE_CATALOGUES, LiteratureCatalogue, sources

__all__ = ["Catalogues", "isolated_catalogues"]


@dataclass(frozen=True)
class Catalogues:
    """One set of catalogues: families, claims (with preconditions) and literature sources.

    Attributes
    ----------
    families
        The registered families (:class:`~axiometrics.family.FamilyCatalogue`).
    claims
        The registered claims and preconditions
        (:class:`~axiometrics.claims.ClaimCatalogue`).
    literature
        The registered published tables
        (:class:`~axiometrics.literature.LiteratureCatalogue`).
    """

    families: FamilyCatalogue
    claims: ClaimCatalogue
    literature: LiteratureCatalogue

    @classmethod
    def current(cls) -> Catalogues:
        """The set the module-level lookups and registrations use now."""
        return cls(
            FAMILY_CATALOGUES.current, CLAIM_CATALOGUES.current, LITERATURE_CATALOGUES.current
        )

    @classmethod
    def process(cls) -> Catalogues:
        """The process-wide set (the default registry's)."""
        return cls(
            FAMILY_CATALOGUES.process, CLAIM_CATALOGUES.process, LITERATURE_CATALOGUES.process
        )

    @classmethod
    def fresh(cls) -> Catalogues:
        """A new set with nothing registered yet.

        Its families and claims load the installed entry points on first
        lookup, as a new process's do; its literature fills when a registry
        owning it loads its entry points.
        """
        return cls(FamilyCatalogue(), ClaimCatalogue(), LiteratureCatalogue())

    def copy(self) -> Catalogues:
        """An independent set with the same entries: registering in one leaves the other as is."""
        return Catalogues(self.families.copy(), self.claims.copy(), self.literature.copy())

    @contextmanager
    def activated(self) -> Iterator[Catalogues]:
        """Make this set current for the duration of a ``with`` block (restored on exit)."""
        before = (
            FAMILY_CATALOGUES.use(self.families),
            CLAIM_CATALOGUES.use(self.claims),
            LITERATURE_CATALOGUES.use(self.literature),
        )
        try:
            yield self
        finally:
            FAMILY_CATALOGUES.use(before[0])
            CLAIM_CATALOGUES.use(before[1])
            LITERATURE_CATALOGUES.use(before[2])


@contextmanager
def isolated_catalogues() -> Iterator[Catalogues]:
    """Register families, claims and sources into a copy of the current catalogues.

    The installed plugins are loaded first (into the current set), so the
    copy starts with everything a lookup would find; what a ``with`` block
    registers, adds or removes stays in the copy and is gone on exit.  Tests
    of plugins and third-party claims use it instead of undoing their
    registrations by hand.

    Yields
    ------
    Catalogues
        The active copy.
    """
    sources()  # loads the installed families, claims, measures and literature
    current = Catalogues.current()
    current.families.load_installed()
    current.claims.load_installed()
    with current.copy().activated() as copy:
        yield copy
