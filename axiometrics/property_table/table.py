"""The property table: check reports of every measure plus the comparison with the literature."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axiometrics.checker.verdicts import CheckReport, ClaimResult, Verdict
from axiometrics.claims import claims_for_family
from axiometrics.property_table.comparison import LiteratureComparison
from axiometrics.property_table.grouping import member_families, ordered_families

__all__ = ["PropertyTable"]


@dataclass(frozen=True)
class PropertyTable:
    """Check reports of every measure plus the comparison with the literature.

    Attributes
    ----------
    reports
        One :class:`~axiometrics.checker.CheckReport` per measure, in registry order.
    comparisons
        One :class:`LiteratureComparison` per published verdict about a checked
        measure, then one per published score range (``claim == "range"``,
        decided by ``well_defined`` under that range).
    profile
        Settings profile of the checks.
    seed
        Seed of every check.
    max_examples
        Cases per claim.
    tolerance
        The equality rule, as text.
    seconds
        Wall time of the whole build.
    versions
        Versions of the software that produced it.
    bound
        Case budget of the bounded pass per claim and variant (``0``: none).
    """

    reports: tuple[CheckReport, ...]
    comparisons: tuple[LiteratureComparison, ...]
    profile: str
    seed: int
    max_examples: int
    tolerance: str
    seconds: float
    versions: dict[str, str] = field(default_factory=dict)
    bound: int = 0

    def report(self, measure: str) -> CheckReport:
        """The check report of ``measure`` (``KeyError`` if absent)."""
        for r in self.reports:
            if r.measure == measure:
                return r
        raise KeyError(measure)

    def verdict(self, measure: str, claim: str) -> Verdict:
        """The main verdict of ``claim`` for ``measure``."""
        return self.report(measure).verdict(claim)

    @property
    def families(self) -> list[str]:
        """Families of the checked measures (all they belong to), in registration order."""
        return ordered_families(f for r in self.reports for f in member_families(r))

    def claim_names(self, family: str) -> list[str]:
        """Claims of ``family`` that were checked on its measures, in catalogue order."""
        checked = {
            res.claim for r in self.reports if family in member_families(r) for res in r.results
        }
        return [c.name for c in claims_for_family(family) if c.name in checked]

    def claim_seconds(self) -> dict[str, float]:
        """Total checking time per claim (main verdicts and variants)."""
        out: dict[str, float] = {}
        for r in self.reports:
            for res in r.results:
                for v in (res.verdict, *res.variants):
                    out[res.claim] = out.get(res.claim, 0.0) + v.seconds
        return out

    @property
    def mismatches(self) -> list[tuple[CheckReport, ClaimResult]]:
        """Declarations contradicted or unconfirmed by the checker."""
        return [(r, res) for r in self.reports for res in r.mismatches]

    @property
    def disagreements(self) -> list[LiteratureComparison]:
        """Published verdicts and ranges the checker disagrees with."""
        return [c for c in self.comparisons if c.agreement == "disagrees"]

    def records(self) -> list[dict[str, Any]]:
        """Flat rows: one per verdict (main and variants), with the literature's verdicts."""
        rows = []
        for r in self.reports:
            for rec in r.to_records():
                lits = [
                    c
                    for c in self.comparisons
                    if c.reference.measure == r.measure
                    and c.checked_claim == rec["claim"]
                    and c.verdict is not None
                    and (c.verdict.label or "main") == rec["variant"]
                ]
                rec["literature"] = "; ".join(
                    f"{c.reference.citation} {c.reference.label} ({c.agreement})" for c in lits
                )
                rows.append(rec)
        return rows
