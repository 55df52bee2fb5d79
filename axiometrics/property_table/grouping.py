"""Which families a property table shows, in what order and under what heading."""

from __future__ import annotations

from collections.abc import Iterable

from axiometrics.checker.verdicts import CheckReport
from axiometrics.errors import RegistrationError
from axiometrics.family import get_family, registered_families
from axiometrics.registry import Registry, default_registry

__all__ = ["family_title", "member_families", "ordered_families"]


def family_title(family: str) -> str:
    """Heading of a family's table: the registered :attr:`Family.heading`."""
    try:
        return get_family(family).heading
    except RegistrationError:
        return family


def member_families(report: CheckReport, registry: Registry | None = None) -> tuple[str, ...]:
    """Every family the checked measure belongs to (its primary family first).

    A registered measure of several families (``accuracy``: OC and
    nominal) appears in the table of each; a callable checked without
    registration belongs to its one family.
    """
    reg = registry if registry is not None else default_registry()
    try:
        return reg.measure(report.measure).families
    except (KeyError, ValueError):
        return (report.family,)


def ordered_families(families: Iterable[str]) -> list[str]:
    """Families in registration order (``oc``, ``oq``, then plugin families), unknown last."""
    order = {f.name: i for i, f in enumerate(registered_families())}
    unique = list(dict.fromkeys(families))
    return sorted(unique, key=lambda f: (order.get(f, len(order)), unique.index(f)))
