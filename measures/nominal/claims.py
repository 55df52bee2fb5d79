"""The claims of the ``nominal`` family (issue 14): the ``axiometrics.claims`` entry point.

Nine claims speak about nominal measures:

* four are the family's own: ``class_permutation_invariance``,
  ``nominal_monotonicity``, ``true_negative_invariance`` and
  ``chance_baseline``;
* five are shared claims (:mod:`axiometrics.shared_claims`) the family
  adopts with its procedure (:class:`~axiometrics.claims.ProcedureFor`):
  ``symmetry``, ``identity``, ``well_defined``, ``count_scale_invariance``
  and ``prevalence_invariance``.

:data:`CLAIMS` lists them in the order the family's property-table columns
follow, then the shared preconditions ``no_empty_gold_class``,
``no_empty_system_class`` and ``at_least_two_gold_classes`` adopted with
confusion-matrix predicates (:class:`~axiometrics.claims.PredicateFor`).
All the claims are *required*: every measure of the family declares each.
Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.nominal.procedures` (whose ``symmetry``,
``well_defined`` and ``count_scale_invariance`` build their cases like the
ordinal family's, over the nominal family's matrices), so importing this
module imports neither the checker nor Hypothesis.
"""

from __future__ import annotations

from axiometrics.claims import STRICT_MAX_COUNT, Claim, PredicateFor, ProcedureFor

__all__ = ["CLAIMS", "FAMILY", "PLUGIN"]

FAMILY = "nominal"
PLUGIN = "nominal-classification"
_PROC = "axiometrics.measures.nominal.procedures"
_PRE = "axiometrics.measures._matrices.preconditions"
_SOKOLOVA = (
    "Sokolova and Lapalme 2009, A systematic analysis of performance measures for "
    "classification tasks (Information Processing & Management 45(4))"
)

#: The ``axiometrics.claims`` entry point of the nominal family.
CLAIMS: list[Claim | ProcedureFor | PredicateFor] = [
    ProcedureFor("symmetry", FAMILY, f"{_PROC}:SYMMETRY"),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
    ProcedureFor("count_scale_invariance", FAMILY, f"{_PROC}:COUNT_SCALE_INVARIANCE"),
    Claim(
        "class_permutation_invariance",
        "Class permutation invariance",
        (FAMILY,),
        "universal",
        "Renaming the classes consistently (M -> P M P^T for a permutation matrix P) leaves the "
        "score unchanged. Parameters stay bound while the classes move, so a measure whose "
        "parameter names a class by position (precision(positive=k)) sees its positive class "
        "change; such measures satisfy the form in which the positive class follows its label "
        "(Eff_k(M) = Eff_σ(k)(P M P^T)), which their tests pin, and declare this claim "
        "not applicable.",
        "issue 14; nominal classes have no order (Sokolova and Lapalme 2009, multi-class measures)",
        logic="∀ M ∀ permutation σ: Eff(P_σ M P_σᵀ) = Eff(M)",
        procedures={FAMILY: f"{_PROC}:CLASS_PERMUTATION_INVARIANCE"},
        required=True,
    ),
    Claim(
        "nominal_monotonicity",
        "Nominal monotonicity",
        (FAMILY,),
        "universal",
        "Moving one item from an off-diagonal cell M[i, j] (i != j: gold class j, system class "
        "i) to the diagonal cell M[j, j] of its gold class gives a strictly better score.",
        "issue 14 (every correction counts)",
        logic="∀ M ∀ i ≠ j with M[i, j] ≥ 1: Eff(M - e_ij + e_jj) better than Eff(M)",
        options={"max_count": STRICT_MAX_COUNT},
        procedures={FAMILY: f"{_PROC}:NOMINAL_MONOTONICITY"},
        required=True,
    ),
    ProcedureFor("prevalence_invariance", FAMILY, f"{_PROC}:PREVALENCE_INVARIANCE"),
    Claim(
        "true_negative_invariance",
        "True negative invariance",
        (FAMILY,),
        "universal",
        "Changing the number of items correctly kept out of the positive class (any cell "
        "outside the positive class's row and column) leaves the score unchanged. The positive "
        "class is class 1, scikit-learn's default pos_label=1 and the default positive= of the "
        "per-class measures; measures averaging over all classes are expected to violate it.",
        f"{_SOKOLOVA}, invariance under the change of TN; CS224u metrics notebook (precision "
        "and recall of a class ignore its TN)",
        logic="∀ M ∀ i, j ≠ 1 ∀ t ≥ 0: Eff(M with M[i, j] = t) = Eff(M)",
        procedures={FAMILY: f"{_PROC}:TRUE_NEGATIVE_INVARIANCE"},
        required=True,
    ),
    Claim(
        "chance_baseline",
        "Chance baseline",
        (FAMILY,),
        "universal",
        "For a fixed number of classes, every constant system ('always class k') scores the "
        "same value whatever the gold, for golds with at least two non-empty classes: a "
        "system that ignores its input gets one baseline score.",
        "issue 14; chance-corrected agreement (Cohen 1960; Powers 2011, informedness)",
        logic="∀ C ∀ g, g' with ≥ 2 non-empty classes ∀ k, k': Eff(always k, g) = "
        "Eff(always k', g')",
        procedures={FAMILY: f"{_PROC}:CHANCE_BASELINE"},
        required=True,
    ),
    *(
        PredicateFor(name, FAMILY, f"{_PRE}:{name}")
        for name in ("no_empty_gold_class", "no_empty_system_class", "at_least_two_gold_classes")
    ),
]
