"""The claims of the ordinal quantification (``oq``) family: its ``axiometrics.claims`` entry point.

:data:`CLAIMS` lists, in the order the family's property-table columns
follow, the family's own claims (``priority_preservation``,
``priority_violation``, ``point_mass_monotonicity``,
``mass_transfer_monotonicity``) and the shared claims it adopts with its
procedures (:class:`~axiometrics.claims.ProcedureFor`:
``ordinal_invariance``, ``symmetry``, ``identity``, ``well_defined``;
defined in :mod:`axiometrics.shared_claims`), then the shared
preconditions it adopts and its own (``gold_not_uniform``, ``no_zero_bin``,
``gold_no_zero_bin``).  Every claim is required.

Procedures and predicates are lazy ``"module:attribute"`` references, so
importing this module imports neither the checker nor Hypothesis.
"""

from __future__ import annotations

from axiometrics.claims import (
    STRICT_MAX_COUNT,
    Claim,
    Precondition,
    PredicateFor,
    ProcedureFor,
)

__all__ = ["CLAIMS", "FAMILY"]

FAMILY = "oq"
_PROC = "axiometrics.measures.oq.procedures"
_PRE = "axiometrics.measures.oq.preconditions"
_SCALE_PRE = "axiometrics.checker.preconditions"
_STRICT = {"max_count": STRICT_MAX_COUNT}

#: The ``axiometrics.claims`` entry point of the OQ family.
CLAIMS: list[Claim | Precondition | ProcedureFor | PredicateFor] = [
    ProcedureFor("ordinal_invariance", FAMILY, f"{_PROC}:ORDINAL_INVARIANCE"),
    ProcedureFor("symmetry", FAMILY, f"{_PROC}:SYMMETRY"),
    Claim(
        "priority_preservation",
        "Priority preservation (a)",
        (FAMILY,),
        "universal",
        "If p orders every pair of bins as q does (same sign of p_i - p_j and q_i - q_j, ties "
        "included), D(p, q) equals D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
        logic="∀ p, q with sign(p_i - p_j) = sign(q_i - q_j) ∀ i, j: D(p, q) = D(q, q)",
        procedures={FAMILY: f"{_PROC}:PRIORITY_PRESERVATION"},
        required=True,
    ),
    Claim(
        "priority_violation",
        "Priority preservation (b)",
        (FAMILY,),
        "universal",
        "If p does not order some pair of bins as q does, D(p, q) is strictly worse than D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
        logic="∀ p, q with sign(p_i - p_j) ≠ sign(q_i - q_j) for some i, j: D(p, q) worse "
        "than D(q, q)",
        options=_STRICT,
        procedures={FAMILY: f"{_PROC}:PRIORITY_VIOLATION"},
        required=True,
    ),
    Claim(
        "point_mass_monotonicity",
        "Ordinal monotonicity (point mass)",
        (FAMILY,),
        "universal",
        "For one-hot estimates e_a and e_b lying on the same side of all gold mass with a nearer "
        "to it, e_a scores strictly better than e_b.",
        "Sakai 2021 Table 7 (i) 'handles ordinal classes'",
        logic="∀ q ∀ b < a < min supp(q) (or mirrored): D(e_a, q) better than D(e_b, q)",
        options={**_STRICT, "min_classes": 3},
        procedures={FAMILY: f"{_PROC}:POINT_MASS_MONOTONICITY"},
        required=True,
    ),
    Claim(
        "mass_transfer_monotonicity",
        "Ordinal monotonicity (mass transfer)",
        (FAMILY,),
        "universal",
        "Moving probability mass eps > 0 of the estimate one bin further away from all gold mass "
        "gives a strictly worse score.",
        "DESIGN §5 claim 7",
        logic="∀ q, p ∀ i ≤ min supp(q), eps ∈ (0, p_i]: D(p - eps·e_i + eps·e_(i-1), q) worse "
        "than D(p, q) (or mirrored)",
        options=_STRICT,
        procedures={FAMILY: f"{_PROC}:MASS_TRANSFER_MONOTONICITY"},
        required=True,
    ),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
    PredicateFor("at_least_three_classes", FAMILY, f"{_SCALE_PRE}:at_least_three_classes"),
    PredicateFor("equidistant_values", FAMILY, f"{_SCALE_PRE}:equidistant_values"),
    Precondition(
        "gold_not_uniform",
        (FAMILY,),
        "The gold distribution is not uniform.",
        {FAMILY: f"{_PRE}:gold_not_uniform"},
    ),
    Precondition(
        "no_zero_bin",
        (FAMILY,),
        "Neither the system nor the gold distribution has a zero bin.",
        {FAMILY: f"{_PRE}:no_zero_bin"},
    ),
    Precondition(
        "gold_no_zero_bin",
        (FAMILY,),
        "The gold distribution has no zero bin.",
        {FAMILY: f"{_PRE}:gold_no_zero_bin"},
    ),
]
