"""The claim the nominal and scored families share: invariance to class sizes.

Both family plugins list :func:`prevalence_invariance` with their own
procedure in their ``axiometrics.claims`` entry point; the registry
registers the claim from the first and attaches the other family's
procedure (it refuses a re-listed claim whose statement differs, so the
definition lives here once).
"""

from __future__ import annotations

from axiometrics.claims import Claim

__all__ = ["prevalence_invariance"]


def prevalence_invariance(family: str, procedure: str) -> Claim:
    """The ``prevalence_invariance`` claim with ``family``'s checking procedure.

    Parameters
    ----------
    family
        The family the procedure checks (``"nominal"`` or ``"scored"``).
    procedure
        A lazy ``"module:attribute"`` reference to the procedure.
    """
    return Claim(
        "prevalence_invariance",
        "Prevalence invariance",
        (family,),
        "universal",
        "Changing the size of one gold class leaves the score unchanged: for confusion "
        "matrices (nominal), multiplying every count of one gold class (a column) by k > 0; "
        "for scored items, repeating every positive item k times (k a positive integer), "
        "which the checker compares with the input as given.",
        "Sokolova and Lapalme 2009, A systematic analysis of performance measures for "
        "classification tasks (invariance to changes of class sizes)",
        logic="nominal: ∀ M ∀ j ∀ k > 0: Eff(M with column j times k) = Eff(M);  scored: "
        "∀ s, y ∀ k ∈ ℕ⁺: Eff(s, y with every positive item repeated k times) = Eff(s, y)",
        procedures={family: procedure},
        required=True,
    )
