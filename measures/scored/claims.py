"""The claims of the ``scored`` family (issue 14): the ``axiometrics.claims`` entry point.

``CLAIMS`` lists, in the order the family's property-table columns follow,
the shared claims the family adopts with its procedures
(:class:`~axiometrics.claims.ProcedureFor`: ``identity``, ``well_defined``
and ``prevalence_invariance``, defined in :mod:`axiometrics.shared_claims`),
the family's own claims, and its precondition ``distinct_scores`` (no tied
scores).

Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.scored.procedures`, so declaring the claims
imports neither the checker nor Hypothesis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.claims import Claim, Precondition, ProcedureFor

__all__ = ["ADOPTED", "CLAIMS", "FAMILY", "PLUGIN", "PRECONDITIONS", "distinct_scores"]

FAMILY = "scored"
PLUGIN = "scored-classification"
_PROC = "axiometrics.measures.scored.procedures"

_OWN = (
    Claim(
        "monotone_transform_invariance",
        "Monotone transform invariance",
        (FAMILY,),
        "universal",
        "Replacing every score s_i by f(s_i) for a strictly increasing f leaves the score "
        "unchanged: only the order of the scores (ties included) matters, whatever f's image "
        "(subnormal, next to the largest float, mixing magnitudes).",
        "Fawcett 2006 (ROC graphs are insensitive to monotone score transforms); CS224u "
        "metrics notebook",
        logic="∀ s, y ∀ strictly increasing f: Eff(f(s), y) = Eff(s, y)",
        procedures={FAMILY: f"{_PROC}:MONOTONE_TRANSFORM_INVARIANCE"},
        required=True,
    ),
    Claim(
        "swap_monotonicity",
        "Swap monotonicity",
        (FAMILY,),
        "universal",
        "Exchanging the scores of a positive item and a negative item scored strictly above it "
        "(a discordant pair) gives a strictly better score, however close the two scores (down "
        "to adjacent floats), however tiny or huge, and however many items.",
        "Moffat 2013, Seven numeric properties of effectiveness metrics (AIRS), "
        "'swap' properties; issue 14",
        logic="∀ s, y ∀ i, j with y_i = 1, y_j = 0, s_j > s_i: Eff(s[i↔j], y) better than "
        "Eff(s, y)",
        procedures={FAMILY: f"{_PROC}:SWAP_MONOTONICITY"},
        required=True,
    ),
    Claim(
        "label_flip_symmetry",
        "Label flip symmetry",
        (FAMILY,),
        "universal",
        "Negating every score and exchanging the positive and negative labels leaves the score "
        "unchanged: the measure treats the two classes alike (scores at the largest float and "
        "on rounding boundaries included).",
        "issue 14; Sokolova and Lapalme 2009 (measures invariant to exchanging the classes)",
        logic="∀ s, y: Eff(-s, 1 - y) = Eff(s, y)",
        procedures={FAMILY: f"{_PROC}:LABEL_FLIP_SYMMETRY"},
        required=True,
    ),
)

#: Shared claims (:mod:`axiometrics.shared_claims`) the scored family adopts.
ADOPTED = (
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
    ProcedureFor("prevalence_invariance", FAMILY, f"{_PROC}:PREVALENCE_INVARIANCE"),
)


def distinct_scores(scores: Any, gold: Any, *, values: Any = None) -> np.ndarray:
    """Predicate of the ``distinct_scores`` precondition: no two items share a score."""
    s = np.sort(np.asarray(scores, dtype=float), axis=-1)
    # Neighbours compared, not subtracted: differences near the largest float overflow.
    distinct = np.all(s[..., 1:] != s[..., :-1], axis=-1)
    batch = np.broadcast_shapes(s.shape[:-1], np.shape(gold)[:-1])
    return np.broadcast_to(distinct, batch)


#: Preconditions of the scored family.
PRECONDITIONS = (
    Precondition(
        "distinct_scores",
        (FAMILY,),
        "No two items have the same score (no ties).",
        {FAMILY: f"{__name__}:distinct_scores"},
    ),
)


#: The ``axiometrics.claims`` entry point of the scored family.
#: Adopted after the family's own claims, keeping the catalogue's column order.
_ITEM_ORDER = ProcedureFor("item_order_invariance", FAMILY, f"{_PROC}:ITEM_ORDER_INVARIANCE")

CLAIMS: list[Claim | Precondition | ProcedureFor] = [
    *ADOPTED,
    *_OWN,
    _ITEM_ORDER,
    *PRECONDITIONS,
]
