"""The report's data model: every number the pages show, as plain JSON-ready values.

The converters here turn the checker's :class:`~axiometrics.checker.CheckReport`
objects, the :class:`~axiometrics.property_table.PropertyTable` comparisons
and the meta-evaluation results into dicts and lists of strings, numbers,
booleans and ``None``.  The HTML pages and the charts are rendered from this
model only, so ``report.json`` holds everything the pages show.  Floats are
rounded to :data:`DIGITS` decimals so the output is byte-stable.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from axiometrics.checker.verdicts import (
    CheckReport,
    ClaimResult,
    Entry,
    Example,
    Outcome,
    Verdict,
    example_display,
    format_distribution,
)
from axiometrics.claims import claims_for_family, registered_claims
from axiometrics.errors import RegistrationError
from axiometrics.family import get_family
from axiometrics.literature import (
    AGREEMENT_KINDS,
    PublishedRange,
    abbreviation,
    classify_agreement,
)
from axiometrics.property_table import PropertyTable, member_families
from axiometrics.property_table import family_title as table_family_title
from axiometrics.property_table.cells import EXHAUSTIVE_MARK, exhaustive

__all__ = [
    "DIGITS",
    "claims_model",
    "comparisons_model",
    "example_id",
    "number",
    "property_rows",
    "refutations_model",
]

#: Decimals kept for every float of the model.
DIGITS = 6


def number(x: Any) -> float | None:
    """A float rounded to :data:`DIGITS` decimals (``None`` for NaN or missing)."""
    if x is None:
        return None
    value = float(x)
    if math.isnan(value):
        return None
    rounded = round(value, DIGITS)
    return 0.0 if rounded == 0 else rounded


def numbers(values: Any) -> list[Any]:
    """:func:`number` over a (nested) array."""
    arr = np.asarray(values, dtype=float)
    if arr.ndim == 0:
        return [number(arr)]
    if arr.ndim == 1:
        return [number(x) for x in arr]
    return [numbers(row) for row in arr]


def family_title(family: str) -> str:
    """Display title of a family (as in the property table)."""
    return table_family_title(family)


def example_id(measure: str, claim: str, label: str) -> str:
    """HTML id of a counterexample: ``"cx-<measure>-<claim>-<variant>"``."""
    variant = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "main"
    return f"cx-{measure}-{claim}-{variant}"


def _found(v: Verdict) -> str:
    text = v.outcome.symbol + (EXHAUSTIVE_MARK if exhaustive(v) else "")
    if v.preconditions and v.outcome is not Outcome.NOT_APPLICABLE:
        text += " if " + " & ".join(v.preconditions)
    return text


def claims_model(families: Sequence[str]) -> list[dict[str, Any]]:
    """The claims of each family with their formal statements."""
    out = []
    for family in families:
        for c in claims_for_family(family):
            out.append(
                {
                    "family": family,
                    "name": c.name,
                    "title": c.title,
                    "statement": c.statement,
                    "logic": c.logic,
                    "reference": c.reference,
                }
            )
    return out


def _literature(table: PropertyTable | None, measure: str, claim: str) -> list[dict[str, Any]]:
    if table is None:
        return []
    out = []
    for c in table.comparisons:
        if c.reference.measure != measure or c.checked_claim != claim:
            continue
        kind, why = classify_agreement(
            c.reference.source, c.reference.measure, c.reference.claim, c.agreement
        )
        out.append(
            {
                "source": c.reference.source,
                "citation": c.reference.citation,
                "abbreviation": abbreviation(c.reference.source),
                "column": c.reference.column,
                # Under well_defined, a stated range reads "range [0, 1]".
                "published": c.reference.variant_label
                if isinstance(c.reference, PublishedRange)
                else c.reference.label,
                "found": c.found_label,
                "agreement": c.agreement,
                "kind": kind,
                "justification": why,
                "passage": c.passage,
            }
        )
    return out


def _verdict_model(report: CheckReport, res: ClaimResult, v: Verdict) -> dict[str, Any]:
    return {
        "label": v.label or "main",
        "outcome": v.outcome.value,
        "found": _found(v),
        "summary": v.summary(timing=False),
        "preconditions": list(v.preconditions),
        "spacing": str(v.options.get("spacing", "")),
        "n_cases": v.n_cases,
        "seed": v.seed,
        "example": example_id(report.measure, res.claim, v.label) if v.example else None,
        "exhaustive": exhaustive(v),
        "bound": None if v.bound is None else v.bound.to_record(),
    }


def property_rows(
    reports: Sequence[CheckReport], table: PropertyTable | None, user: set[str]
) -> list[dict[str, Any]]:
    """One row per measure x claim: declared, found (main and variants), literature."""
    rows = []
    for rep in reports:
        for res in rep.results:
            main = _verdict_model(rep, res, res.verdict)
            lit = _literature(table, rep.measure, res.claim)
            rows.append(
                {
                    "measure": rep.measure,
                    "title": rep.title,
                    "family": rep.family,
                    "families": list(member_families(rep)),
                    "user": rep.measure in user,
                    "claim": res.claim,
                    "declared": res.declared_label,
                    "found": main["found"],
                    "symbol": res.verdict.outcome.symbol
                    + (EXHAUSTIVE_MARK if main["exhaustive"] else ""),
                    "preconditions": main["preconditions"],
                    "outcome": main["outcome"],
                    "supports": res.verdict.outcome.supports_claim,
                    "summary": main["summary"],
                    "example": main["example"],
                    "variants": [_verdict_model(rep, res, v) for v in res.variants],
                    "mismatch": None
                    if res.mismatch is None
                    else {
                        "kind": res.mismatch.kind,
                        "severity": res.mismatch.severity,
                        "message": res.mismatch.message,
                    },
                    "notes": list(res.notes),
                    "literature": lit,
                }
            )
    return rows


def comparisons_model(table: PropertyTable | None) -> list[dict[str, Any]]:
    """Every published verdict next to the checker's, with the kind of agreement."""
    if table is None:
        return []
    out = []
    for c in table.comparisons:
        ref = c.reference
        kind, why = classify_agreement(ref.source, ref.measure, ref.claim, c.agreement)
        v = c.verdict
        out.append(
            {
                "source": ref.source,
                "citation": ref.citation,
                "measure": ref.measure,
                "claim": ref.claim,
                "column": ref.column,
                "published": ref.label,
                "found": c.found_label,
                "agreement": c.agreement,
                "kind": kind,
                "kind_meaning": AGREEMENT_KINDS[kind],
                "justification": why,
                "passage": c.passage,
                "note": ref.note,
                "evidence": c.evidence if c.agreement != "agrees" else "",
                "example": example_id(ref.measure, c.checked_claim, v.label)
                if v is not None and v.example is not None
                else None,
            }
        )
    return out


def _numeric(values: np.ndarray) -> bool:
    """Whether an input holds numbers (text families' inputs hold strings and tuples)."""
    return np.asarray(values).dtype.kind in "biuf"


def _plain(values: np.ndarray) -> list[Any]:
    """An input as JSON-ready lists: floats, or the elements themselves for text."""
    if _numeric(values):
        return np.asarray(values, dtype=float).tolist()
    return [list(x) if isinstance(x, tuple) else x for x in np.asarray(values).tolist()]


def _literal(values: np.ndarray) -> str:
    """A Python literal that reproduces the array exactly (ints stay ints, text as text)."""
    if not _numeric(values):
        return repr(np.asarray(values).tolist())
    arr = np.asarray(values, dtype=float)
    if np.all(arr == np.round(arr)) and np.all(np.abs(arr) < 2**53):
        return repr(arr.astype(np.int64).tolist())
    return repr(arr.tolist())


def _entry_model(family: str, e: Entry) -> dict[str, Any]:
    c = int(np.asarray(e.inputs[0]).shape[-1])
    # No class values (a family without them, e.g. scored): nothing to show.
    default = e.values is None or bool(np.array_equal(e.values, np.arange(c, dtype=float)))
    out: dict[str, Any] = {
        "name": e.name,
        "score": number(e.score),
        "values": [] if e.values is None else numbers(e.values),
        "default_values": default,
    }
    if example_display(family) == "distributions" and len(e.inputs) == 2:
        out.update(
            kind="distributions",
            system=numbers(e.inputs[0]),
            gold=numbers(e.inputs[1]),
            system_text=format_distribution(e.inputs[0]),
            gold_text=format_distribution(e.inputs[1]),
        )
    elif len(e.inputs) == 1 and np.ndim(e.inputs[0]) == 2:
        out.update(kind="matrix", matrix=numbers(e.inputs[0]))
    else:
        # Inputs kept exact (not rounded like scores): a counterexample at
        # 5e-324 or 1 - 2**-53 is one only at its exact value.
        names = _input_names(family, len(e.inputs))
        out.update(
            kind="other",
            inputs=[_plain(a) for a in e.inputs],
            input_texts=[
                {"name": name, "text": _literal(a)} for name, a in zip(names, e.inputs, strict=True)
            ],
        )
    return out


def _input_names(family: str, n_inputs: int) -> tuple[str, ...]:
    """The family's input names (``scores``, ``gold``), or ``input 1, 2, ...``."""
    try:
        names = get_family(family).inputs
    except RegistrationError:
        names = ()
    if len(names) != n_inputs:
        return tuple(f"input {i + 1}" for i in range(n_inputs))
    return names


def _score_call(measure: str, e: Entry) -> str:
    args = ", ".join(_literal(a) for a in e.inputs)
    c = int(np.asarray(e.inputs[0]).shape[-1])
    values = (
        ""
        if e.values is None or np.array_equal(e.values, np.arange(c))
        else f", values={_literal(e.values)}"
    )
    if e.score is None:
        # Undefined here: evaluate() shows the undefined flag instead of raising.
        return f"ax.get_scorer({measure!r}).evaluate({args}{values})"
    return f"ax.score({measure!r}, {args}{values})"


def reproduction(
    report: CheckReport, claim: str, v: Verdict, example: Example, command: str | None
) -> str:
    """One line to paste that recomputes the example's scores.

    Registered measures get ``ax.score(...)`` calls on the literal inputs; a
    user's callable gets its ``axiometrics check`` command (``command``).
    """
    if command is not None:
        return f"{command} --claims {claim} --profile {v.profile} --seed {v.seed}"
    calls = ", ".join(_score_call(report.measure, e) for e in example.entries)
    return f"import axiometrics as ax; print({calls})"


def refutations_model(
    reports: Sequence[CheckReport], user_commands: dict[str, str]
) -> list[dict[str, Any]]:
    """Every verdict with an example: inputs, both scores, statement, reproduction, seed."""
    statements = {c.name: c.statement for c in registered_claims()}
    out = []
    for rep in reports:
        for res in rep.results:
            for v in (res.verdict, *res.variants):
                ex = v.example
                if ex is None:
                    continue
                out.append(
                    {
                        "id": example_id(rep.measure, res.claim, v.label),
                        "measure": rep.measure,
                        "title": rep.title,
                        "family": rep.family,
                        "user": rep.measure in user_commands,
                        "claim": res.claim,
                        "variant": v.label or "main",
                        "outcome": v.outcome.value,
                        "statement": statements.get(res.claim, ""),
                        "summary": v.summary(timing=False),
                        "explanation": ex.explanation,
                        "smallest": ex.smallest,
                        "info": [[str(k), str(val)] for k, val in ex.info.items()],
                        "crash": None if ex.crash is None else str(ex.crash),
                        "entries": [_entry_model(rep.family, e) for e in ex.entries],
                        "seed": v.seed,
                        "profile": v.profile,
                        "reproduce": reproduction(
                            rep, res.claim, v, ex, user_commands.get(rep.measure)
                        ),
                    }
                )
    return out
