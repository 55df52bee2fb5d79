"""The claims of the ordinal classification (``oc``) family: its ``axiometrics.claims`` entry point.

:data:`CLAIMS` lists, in the order the family's property-table columns
follow, the family's own claims (``ordinal_monotonicity``, ``imbalance``,
``constant_system_discrimination``) and the shared claims it adopts with
its procedures (:class:`~axiometrics.claims.ProcedureFor`:
``ordinal_invariance``, ``symmetry``, ``identity``, ``well_defined``,
``count_scale_invariance``; defined in :mod:`axiometrics.shared_claims`),
then the shared preconditions it adopts with its predicates.  Symmetry,
well-definedness and count-scale invariance are checked as on any confusion
matrix (:mod:`axiometrics.measures._matrices.procedures`, shared with the
nominal family).  Every claim is required.

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

FAMILY = "oc"
_PROC = "axiometrics.measures.oc.procedures"
_MATRICES = "axiometrics.measures._matrices.procedures"
_MATRIX_PRE = "axiometrics.measures._matrices.preconditions"
_SCALE_PRE = "axiometrics.checker.preconditions"
_STRICT = {"max_count": STRICT_MAX_COUNT}

#: The ``axiometrics.claims`` entry point of the OC family.
CLAIMS: list[Claim | Precondition | ProcedureFor | PredicateFor] = [
    ProcedureFor("ordinal_invariance", FAMILY, f"{_PROC}:ORDINAL_INVARIANCE"),
    Claim(
        "ordinal_monotonicity",
        "Ordinal monotonicity",
        (FAMILY,),
        "universal",
        "If s' differs from s on at least one item and every changed item moved strictly toward "
        "its gold class without passing it (s(d) > s'(d) >= g(d) or s(d) < s'(d) <= g(d)), "
        "then s' scores strictly better than s.",
        "Amigó et al. 2020, Property 2; Sakai 2021 Table 4 (i)",
        logic="∀ g, s, s' with s' = s moved toward g (≥ 1 item, none passing g): "
        "Eff(s', g) > Eff(s, g)",
        options=_STRICT,
        procedures={FAMILY: f"{_PROC}:ORDINAL_MONOTONICITY"},
        required=True,
    ),
    Claim(
        "imbalance",
        "Imbalance",
        (FAMILY,),
        "universal",
        "For contiguous classes c1, c2, c3 (either direction) with |c1| > |c3| in the gold, the "
        "system equal to the gold but for one item of c1 moved to c2 scores strictly better than "
        "the system equal to the gold but for one item of c3 moved to c2.",
        "Amigó et al. 2020, Property 3; Sakai 2021 Table 4 (iii)",
        logic="∀ g ∀ contiguous (c1, c2, c3) with |c1| > |c3| ≥ 1: "
        "Eff(g[d1→c2], g) > Eff(g[d3→c2], g)",
        options={**_STRICT, "min_classes": 3},
        procedures={FAMILY: f"{_PROC}:IMBALANCE"},
        required=True,
    ),
    ProcedureFor("symmetry", FAMILY, f"{_MATRICES}:SYMMETRY"),
    Claim(
        "constant_system_discrimination",
        "Constant-system discrimination",
        (FAMILY,),
        # The existential quantifier is the inner one (over the C constant
        # systems); the checker decides it exhaustively for each gold, so a
        # single gold refutes the claim: its outer form is universal.
        "universal",
        "For a gold with at least two non-empty classes of pairwise different sizes, not all "
        "constant systems ('always class k') receive the same score.",
        "Sakai 2021 Table 4 (ii)",
        logic="∀ g with ≥ 2 non-empty classes of pairwise different sizes "
        "∃ k, k': Eff(always k, g) ≠ Eff(always k', g)",
        procedures={FAMILY: f"{_PROC}:CONSTANT_SYSTEM_DISCRIMINATION"},
        required=True,
    ),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_MATRICES}:WELL_DEFINED"),
    ProcedureFor("count_scale_invariance", FAMILY, f"{_MATRICES}:COUNT_SCALE_INVARIANCE"),
    PredicateFor("no_empty_gold_class", FAMILY, f"{_MATRIX_PRE}:no_empty_gold_class"),
    PredicateFor("no_empty_system_class", FAMILY, f"{_MATRIX_PRE}:no_empty_system_class"),
    PredicateFor("at_least_two_gold_classes", FAMILY, f"{_MATRIX_PRE}:at_least_two_gold_classes"),
    PredicateFor("at_least_three_classes", FAMILY, f"{_SCALE_PRE}:at_least_three_classes"),
    PredicateFor("equidistant_values", FAMILY, f"{_SCALE_PRE}:equidistant_values"),
]
