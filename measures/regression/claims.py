"""The claims of the ``regression`` family (issue 24): the ``axiometrics.claims`` entry point.

``CLAIMS`` lists, in the order the family's property-table columns follow,
the shared claims the family adopts with its procedures
(:class:`~axiometrics.claims.ProcedureFor`: ``symmetry``,
``item_order_invariance``, ``identity`` and ``well_defined``, defined in
:mod:`axiometrics.shared_claims`), the family's own claims, and its
preconditions: ``degree_0``, ``degree_1`` and ``degree_2``, which restrict
no input and carry the degree d that a measure declares for
``scale_homogeneity`` (``Holds(preconditions=("degree_2",))`` for the mean
squared error); the procedure reads it from the request.

Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.regression.procedures`, so declaring the claims
imports neither the checker nor Hypothesis.

The strict claims (the "only then" half of ``identity``,
``error_monotonicity``) are checked on values that are multiples of 1/8 in
[-64, 64]: there a move of one prediction changes every measure by more
than the checker's tolerance (absolute 1e-13), which errors of 1e-300
would not.  The equality claims are checked on every magnitude, from
subnormal to the largest float, with the relations (shift, factor, map)
drawn so that they are exact in float64.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.claims import Claim, Precondition, ProcedureFor

__all__ = ["ADOPTED", "CLAIMS", "DEGREES", "FAMILY", "PRECONDITIONS", "any_input"]

FAMILY = "regression"
_PROC = "axiometrics.measures.regression.procedures"
#: The degrees of ``scale_homogeneity`` a measure may declare (``degree_<d>``).
DEGREES = (0, 1, 2)


def _claim(name: str, title: str, statement: str, reference: str, logic: str) -> Claim:
    return Claim(
        name,
        title,
        (FAMILY,),
        "universal",
        statement,
        reference,
        logic=logic,
        procedures={FAMILY: f"{_PROC}:{name.upper()}"},
        required=True,
    )


_OWN = (
    _claim(
        "translation_invariance",
        "Translation invariance",
        "Adding the same real c to every true value and every prediction leaves the score "
        "unchanged (c drawn so that every sum is exact in float64).",
        "issue 24",
        "∀ y, ŷ ∀ c ∈ ℝ: Eff(y + c, ŷ + c) = Eff(y, ŷ)",
    ),
    _claim(
        "scale_homogeneity",
        "Scale homogeneity",
        "Multiplying every true value and every prediction by k > 0 multiplies the score by "
        "k^d, with the degree d the measure declares through the precondition degree_<d> "
        "(MSE 2, MAE 1, R² and the correlations 0; without one, d = 0: scale invariance).",
        "issue 24",
        "∀ y, ŷ ∀ k > 0: Eff(k y, k ŷ) = k^d Eff(y, ŷ)",
    ),
    _claim(
        "prediction_affine_invariance",
        "Prediction affine invariance",
        "Replacing every prediction p by a p + b with a > 0 leaves the score unchanged: only "
        "the linear association of the predictions with the truth counts.",
        "issue 24; CS224u metrics notebook (Pearson)",
        "∀ y, ŷ ∀ a > 0, b: Eff(y, a ŷ + b) = Eff(y, ŷ)",
    ),
    _claim(
        "prediction_monotone_invariance",
        "Prediction monotone invariance",
        "Replacing every prediction p by f(p) for a strictly increasing f leaves the score "
        "unchanged: only the order of the predictions (ties included) counts.",
        "issue 24; CS224u metrics notebook (Spearman: 'invariant under all monotonic rescaling')",
        "∀ y, ŷ ∀ strictly increasing f: Eff(y, f(ŷ)) = Eff(y, ŷ)",
    ),
    _claim(
        "error_monotonicity",
        "Error monotonicity",
        "Moving one prediction strictly toward its true value without passing it (the others "
        "unchanged, unit weights) gives a strictly better score; checked on values that are "
        "multiples of 1/8 in [-64, 64].",
        "issue 24; Amigó et al. 2020 Property 2 (ordinal monotonicity), for real values",
        "∀ y, ŷ ∀ i ∀ v strictly between ŷ_i and y_i or v = y_i: Eff(y, ŷ[i←v]) better than "
        "Eff(y, ŷ)",
    ),
    _claim(
        "weight_semantics",
        "Weight semantics",
        "Sample weights are frequencies: integer weights score as the items repeated that "
        "many times, a zero weight as the item removed, and multiplying every weight by k > 0 "
        "changes nothing.",
        "issue 24; scikit-learn's sample_weight convention",
        "∀ y, ŷ ∀ w ∈ ℕ^n: Eff(y, ŷ, w) = Eff(repeat(y, w), repeat(ŷ, w));  ∀ k > 0: "
        "Eff(y, ŷ, k w) = Eff(y, ŷ, w)",
    ),
    _claim(
        "bounded_influence",
        "Bounded influence of one outlier",
        "Once one prediction lies strictly beyond every other value (above the largest, or "
        "below the smallest, of all true values and the other predictions), moving it further "
        "out in the same direction leaves the score unchanged: one outlier's influence on the "
        "score is bounded however far it goes. Rank correlations satisfy it; Pearson's r and "
        "the error measures follow the outlier.",
        "issue 24; CS224u metrics notebook ('Pearson is very sensitive to outliers'); "
        "Hampel 1974 (influence function)",
        "∀ y, ŷ, i ∀ v' > v > max(y ∪ ŷ∖ŷ_i): Eff(y, ŷ[i←v]) = Eff(y, ŷ[i←v']) (and below "
        "the minimum)",
    ),
)

#: Shared claims (:mod:`axiometrics.shared_claims`) the regression family adopts.
ADOPTED = (
    ProcedureFor("symmetry", FAMILY, f"{_PROC}:SYMMETRY"),
    ProcedureFor("item_order_invariance", FAMILY, f"{_PROC}:ITEM_ORDER_INVARIANCE"),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
)


def any_input(*inputs: Any, values: Any = None) -> np.ndarray:
    """Predicate of the ``degree_<d>`` preconditions: true for every input (they carry d only)."""
    shapes = [np.shape(a)[:-1] for a in inputs]
    return np.ones(np.broadcast_shapes(*shapes), dtype=bool)


#: Preconditions of the regression family: the degrees of ``scale_homogeneity``.
PRECONDITIONS = tuple(
    Precondition(
        f"degree_{d}",
        (FAMILY,),
        f"Declares degree d = {d} for scale_homogeneity: Eff(k y, k ŷ) = k^{d} Eff(y, ŷ). "
        "Restricts no input.",
        {FAMILY: f"{__name__}:any_input"},
    )
    for d in DEGREES
)

#: The ``axiometrics.claims`` entry point of the regression family.
CLAIMS: list[Claim | Precondition | ProcedureFor] = [*ADOPTED, *_OWN, *PRECONDITIONS]
