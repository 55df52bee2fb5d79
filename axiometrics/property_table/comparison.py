"""Comparing the checker's verdicts with the published ones of :mod:`axiometrics.literature`.

A published ✓ agrees with "not refuted" (or "confirmed"); a published "-"
agrees with "refuted".  A disagreement is a finding: for a refuted ✓ the
table shows the counterexample; for an unrefuted "-" it shows how many cases
were tried.

A published score range (:class:`~axiometrics.literature.PublishedRange`) is
compared with ``well_defined`` checked under that range: the verdict whose
range equals it (the main verdict when the measure declares the same range,
else the variant :attr:`~axiometrics.literature.PublishedRange.variant_label`
that :func:`range_variants` asks the build to run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from axiometrics.checker.verdicts import CheckReport, ClaimResult, Outcome, Verdict
from axiometrics.literature import (
    LITERATURE,
    RANGE,
    LiteratureVerdict,
    PublishedRange,
    classify_agreement,
    disagreement_for,
    literature_for,
    published_ranges,
    published_ranges_for,
)
from axiometrics.measure import Range

__all__ = [
    "LiteratureComparison",
    "compare",
    "compare_range",
    "compare_with_literature",
    "found_word",
    "literature_preconditions",
    "range_variants",
]

#: The claim that checks a published score range.
RANGE_CLAIM = "well_defined"


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
        The published verdict, or the published score range.
    verdict
        The checker's verdict under the same preconditions, or of
        ``well_defined`` under the published range (``None`` if the measure
        or claim was not checked).
    agreement
        ``"agrees"``, ``"disagrees"`` or ``"unchecked"``.
    """

    reference: LiteratureVerdict | PublishedRange
    verdict: Verdict | None
    agreement: str

    @property
    def checked_claim(self) -> str:
        """The claim whose verdict decides the comparison (``well_defined`` for a range)."""
        return RANGE_CLAIM if self.reference.claim == RANGE else self.reference.claim

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


def _result(report: CheckReport, claim: str) -> ClaimResult | None:
    try:
        return report.result(claim)
    except KeyError:
        return None


def compare_range(
    reference: PublishedRange, result: ClaimResult | None, declared: Range | None
) -> LiteratureComparison:
    """``well_defined`` checked under a published range, and whether it agrees.

    ``declared`` is the measure's own range: when the published range equals
    it, the main verdict decides; otherwise the range's variant does.
    """
    verdict = None
    if result is not None:
        same = declared is not None and (declared.lower, declared.upper) == (
            reference.lower,
            reference.upper,
        )
        verdict = result.verdict if same else result.variant(reference.variant_label)
    if verdict is None or verdict.outcome in (Outcome.NOT_APPLICABLE, Outcome.ERROR):
        return LiteratureComparison(reference, verdict, "unchecked")
    supports = verdict.outcome.supports_claim
    return LiteratureComparison(reference, verdict, "agrees" if supports else "disagrees")


def compare_with_literature(
    reports: Iterable[CheckReport],
    declared_range: Callable[[str], Range | None] | None = None,
) -> tuple[LiteratureComparison, ...]:
    """One comparison per published verdict, then per published range, about a checked measure.

    Parameters
    ----------
    reports
        The check reports (built with :func:`literature_preconditions` and
        :func:`range_variants`).
    declared_range
        A measure's declared range by name (to tell when a published range
        is the declared one); ``None``: every range needs its variant.
    """
    comparisons = []
    by_name = {r.measure: r for r in reports}
    for ref in LITERATURE:
        checked = by_name.get(ref.measure)
        if checked is not None:
            comparisons.append(compare(ref, _result(checked, ref.claim)))
    for stated in published_ranges():
        checked = by_name.get(stated.measure)
        if checked is not None:
            declared = declared_range(stated.measure) if declared_range is not None else None
            comparisons.append(compare_range(stated, _result(checked, RANGE_CLAIM), declared))
    return tuple(comparisons)


def range_variants(measure: str, declared: Range) -> tuple[PublishedRange, ...]:
    """The published ranges of ``measure`` that need a ``well_defined`` variant, one per interval.

    A range equal to the declared one is decided by the main verdict; two
    sources stating the same interval share one variant.
    """
    out: dict[tuple[float, float], PublishedRange] = {}
    for stated in published_ranges_for(measure):
        key = (stated.lower, stated.upper)
        if key != (declared.lower, declared.upper):
            out.setdefault(key, stated)
    return tuple(out.values())


def literature_preconditions(measure: str) -> dict[str, list[tuple[str, ...]]]:
    """Precondition sets the published verdicts about ``measure`` need checked, per claim."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for ref in literature_for(measure):  # every registered source, plugins included
        out.setdefault(ref.claim, [])
        if ref.preconditions not in out[ref.claim]:
            out[ref.claim].append(ref.preconditions)
    return out
