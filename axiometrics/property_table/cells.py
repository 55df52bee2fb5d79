"""The text of the table's cells and legend, shared by every output format.

A cell holds the checker's finding (``✓``, ``✗``, ``n/a``, ``!``, with its
preconditions and the variants that differ), a mark for a declaration the
checker contradicts, and after a ``·`` the published verdicts with their
agreement.
"""

from __future__ import annotations

from axiometrics.checker.verdicts import CheckReport, ClaimResult, Outcome, Verdict
from axiometrics.literature import RANGE, abbreviation, sources
from axiometrics.property_table.grouping import member_families
from axiometrics.property_table.table import PropertyTable

__all__ = [
    "EXHAUSTIVE_MARK",
    "cell",
    "cell_found",
    "cell_literature",
    "exhaustive",
    "legend",
    "summary_rows",
]

#: Marks a verdict the bounded pass decided on every case up to its bound.
EXHAUSTIVE_MARK = "ᵉ"


def exhaustive(v: Verdict) -> bool:
    """Whether the bounded pass backs ``v``.

    It found the verdict's (smallest) example, or the claim held on every
    case of at least one size before the random search.
    """
    if v.example is not None and v.example.smallest:
        return True
    undecided = v.outcome in (Outcome.NOT_REFUTED, Outcome.NOT_CONFIRMED)
    return undecided and v.bound is not None and bool(v.bound.levels)


def cell_found(res: ClaimResult) -> str:
    """The checker's finding: the main verdict, its preconditions and the differing variants."""
    v = res.verdict
    text = v.outcome.symbol + (EXHAUSTIVE_MARK if exhaustive(v) else "")
    if v.preconditions and v.outcome is not Outcome.NOT_APPLICABLE:
        text += " if " + " & ".join(v.preconditions)
    extras = []
    for var in res.variants:
        if var.outcome is v.outcome or var.outcome is Outcome.NOT_APPLICABLE:
            continue
        if var.label == "without preconditions":
            extras.append(f"{var.outcome.symbol} without")
        elif var.label == "arbitrary spacing":
            extras.append(f"{var.outcome.symbol} unequal spacing")
    if extras:
        text += " (" + ", ".join(extras) + ")"
    if res.weakest_preconditions:
        # The weakest precondition set the checker discovered for a refuted claim.
        text += " [✓ if " + " & ".join(res.weakest_preconditions) + ", found]"
    return text


def cell_literature(table: PropertyTable, measure: str, claim: str) -> str:
    """The published verdicts about ``measure`` and ``claim``: source mark, verdict, agreement."""
    marks = []
    for c in table.comparisons:
        if c.reference.measure == measure and c.checked_claim == claim:
            sign = {"agrees": "=", "disagrees": "≠", "unchecked": "?"}[c.agreement]
            if c.reference.claim == RANGE:
                published = c.reference.label  # a stated score range, under well_defined
            else:
                published = "✓" if c.reference.holds else "-"
            marks.append(f"{abbreviation(c.reference.source)}{published}{sign}")
    return " ".join(marks)


def cell(table: PropertyTable, report: CheckReport, res: ClaimResult) -> str:
    """One cell of a family's table: the finding, the declaration mark, the literature."""
    text = cell_found(res)
    if res.mismatch is not None:
        text += " ≠decl" if res.mismatch.severity == "error" else " ?decl"
    lit = cell_literature(table, report.measure, res.claim)
    return f"{text} · {lit}" if lit else text


def summary_rows(table: PropertyTable, family: str) -> list[tuple[CheckReport, list[str]]]:
    """The rows of ``family``'s table: each member measure's report and its cells, by claim."""
    claims = table.claim_names(family)
    rows = []
    for rep in table.reports:
        if family not in member_families(rep):
            continue
        cells = []
        for claim in claims:
            try:
                cells.append(cell(table, rep, rep.result(claim)))
            except KeyError:
                cells.append("")
        rows.append((rep, cells))
    return rows


_LEGEND_CELLS = (
    "Cells: ✓ not refuted after the stated number of cases (or confirmed by a witness); "
    "✗ refuted (counterexample below); n/a not applicable; ! the measure raised. "
    f"{EXHAUSTIVE_MARK}: the bounded pass decided every case up to its bound first "
    f"(✓{EXHAUSTIVE_MARK}: no counterexample among them, and none in the random search "
    f"beyond; ✗{EXHAUSTIVE_MARK}: the counterexample shown is the smallest); without "
    f"{EXHAUSTIVE_MARK}, the verdict rests on the random search alone. "
    "'✓ if P' is checked on inputs satisfying precondition P; '(✗ without)' and "
    "'(✗ unequal spacing)' report the variants without P and at arbitrary class values. "
    "'≠decl' marks a declaration the checker contradicts, '?decl' a declared violation it "
    "did not find."
)


def legend() -> str:
    """The cell legend, with the mark of every registered literature source."""
    marks: dict[str, list[str]] = {}
    for src in sources():
        marks.setdefault(src.abbreviation, []).append(src.citation)
    published = "; ".join(f"{mark} = {' and '.join(cits)}" for mark, cits in marks.items())
    return (
        f"{_LEGEND_CELLS} Published verdicts follow the '·' ({published}); each mark is "
        "followed by '=' (agrees with the checker), '≠' (disagrees: classified under "
        "Findings as a finding, a different definition or a precondition) or '?' "
        "(not checked). A score range a source states stands in the well_defined column "
        "(e.g. 'P[0, 1]≠': the checker found a score outside [0, 1])."
    )
