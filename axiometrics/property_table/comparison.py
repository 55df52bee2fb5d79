"""Comparing the checker's verdicts with the published ones of :mod:`axiometrics.literature`.

A published ✓ agrees with "not refuted" (or "confirmed"); a published "-"
agrees with "refuted".  A disagreement is a finding: for a refuted ✓ the
table shows the counterexample; for an unrefuted "-" it shows how many cases
were tried.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from axiometrics.checker.verdicts import CheckReport, ClaimResult, Outcome, Verdict
from axiometrics.literature import (
    LITERATURE,
    LiteratureVerdict,
    classify_agreement,
    disagreement_for,
    literature_for,
)

__all__ = [
    "LiteratureComparison",
    "compare",
    "compare_with_literature",
    "found_word",
    "literature_preconditions",
]


def found_word(v: Verdict) -> str:
    """The checker's finding in a word or two (``"not refuted"``, ``"n/a"``, ...)."""
    return {
        Outcome.CONFIRMED: "confirmed",
        Outcome.NOT_REFUTED: "not refuted",
        Outcome.REFUTED: "refuted",
        Outcome.NOT_CONFIRMED: "not confirmed",
        Outcome.NOT_APPLICABLE: "n/a",
        Outcome.ERROR: "error",
    }[v.outcome]


@dataclass(frozen=True)
class LiteratureComparison:
    """A published verdict next to the checker's.

    Attributes
    ----------
    reference
        The published verdict.
    verdict
        The checker's verdict under the same preconditions (``None`` if the
        measure or claim was not checked).
    agreement
        ``"agrees"``, ``"disagrees"`` or ``"unchecked"``.
    """

    reference: LiteratureVerdict
    verdict: Verdict | None
    agreement: str

    @property
    def found_label(self) -> str:
        """The checker's finding, short."""
        if self.verdict is None:
            return "not checked"
        return found_word(self.verdict)

    @property
    def kind(self) -> str:
        """The kind of agreement (a key of :data:`axiometrics.literature.AGREEMENT_KINDS`)."""
        ref = self.reference
        return classify_agreement(ref.source, ref.measure, ref.claim, self.agreement)[0]

    @property
    def justification(self) -> str:
        """Why the checker and the source disagree (or the meaning of the agreement kind)."""
        ref = self.reference
        return classify_agreement(ref.source, ref.measure, ref.claim, self.agreement)[1]

    @property
    def passage(self) -> str:
        """The source's words that decide a classified disagreement, else the verdict's own."""
        ref = self.reference
        found = disagreement_for(ref.source, ref.measure, ref.claim)
        if self.agreement == "disagrees" and found is not None and found.passage:
            return found.passage
        return ref.passage

    @property
    def evidence(self) -> str:
        """The counterexample (one line) or the number of cases tried."""
        v = self.verdict
        if v is None:
            return ""
        if v.example is not None:
            return v.example.one_line()
        if v.outcome is Outcome.NOT_REFUTED:
            return f"no counterexample in {v.n_cases} cases (seed {v.seed})"
        return v.reason


def compare(reference: LiteratureVerdict, result: ClaimResult | None) -> LiteratureComparison:
    """The checker's verdict under the reference's preconditions, and whether they agree."""
    verdict = result.under(reference.preconditions) if result is not None else None
    if verdict is None or verdict.outcome in (Outcome.NOT_APPLICABLE, Outcome.ERROR):
        return LiteratureComparison(reference, verdict, "unchecked")
    supports = verdict.outcome.supports_claim
    return LiteratureComparison(
        reference, verdict, "agrees" if supports == reference.holds else "disagrees"
    )


def compare_with_literature(reports: Iterable[CheckReport]) -> tuple[LiteratureComparison, ...]:
    """One comparison per published verdict about a checked measure, in literature order."""
    comparisons = []
    by_name = {r.measure: r for r in reports}
    for ref in LITERATURE:
        checked = by_name.get(ref.measure)
        if checked is None:
            continue
        try:
            result: ClaimResult | None = checked.result(ref.claim)
        except KeyError:
            result = None
        comparisons.append(compare(ref, result))
    return tuple(comparisons)


def literature_preconditions(measure: str) -> dict[str, list[tuple[str, ...]]]:
    """Precondition sets the published verdicts about ``measure`` need checked, per claim."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for ref in literature_for(measure):  # every registered source, plugins included
        out.setdefault(ref.claim, [])
        if ref.preconditions not in out[ref.claim]:
            out[ref.claim].append(ref.preconditions)
    return out
