"""The claims of the ``scored`` family (issue 14): the ``axiometrics.claims`` entry point.

``CLAIMS`` lists the family's own claims and its precondition
``distinct_scores`` (no tied scores).  The family also speaks about
claims that already exist: ``identity`` and ``well_defined`` (built in) get
their scored procedure through :func:`axiometrics.claims.add_procedure`
when this module is imported, which the registry does before it registers
any measure.  ``prevalence_invariance`` is shared with the ``nominal``
family: whichever plugin is imported first registers it (with the
statement below, which covers both families) and the other attaches its
procedure; this module does either when it is imported.

Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.scored.procedures`, so declaring the claims
imports neither the checker nor Hypothesis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.claims import Claim, Precondition, add_procedure
from axiometrics.shared_claims import prevalence_invariance

__all__ = ["CLAIMS", "FAMILY", "PLUGIN", "PRECONDITIONS", "SHARED_CLAIMS", "distinct_scores"]

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
        "unchanged: only the order of the scores (ties included) matters.",
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
        "(a discordant pair) gives a strictly better score.",
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
        "unchanged: the measure treats the two classes alike.",
        "issue 14; Sokolova and Lapalme 2009 (measures invariant to exchanging the classes)",
        logic="∀ s, y: Eff(-s, 1 - y) = Eff(s, y)",
        procedures={FAMILY: f"{_PROC}:LABEL_FLIP_SYMMETRY"},
        required=True,
    ),
    Claim(
        "item_order_invariance",
        "Item order invariance",
        (FAMILY,),
        "universal",
        "Permuting the items (scores and labels together) leaves the score unchanged, tied "
        "scores included.",
        "issue 14 (tie handling of argsort-based implementations)",
        logic="∀ s, y ∀ permutation π: Eff(s∘π, y∘π) = Eff(s, y)",
        procedures={FAMILY: f"{_PROC}:ITEM_ORDER_INVARIANCE"},
        required=True,
    ),
)

#: Claims the scored family shares with other families, with its procedure.
SHARED_CLAIMS = {
    "prevalence_invariance": prevalence_invariance(FAMILY, f"{_PROC}:PREVALENCE_INVARIANCE"),
}

#: Existing claims given a procedure for the scored family on import.
_ATTACHED = {
    "identity": f"{_PROC}:IDENTITY",
    "well_defined": f"{_PROC}:WELL_DEFINED",
}


def distinct_scores(scores: Any, gold: Any, *, values: Any = None) -> np.ndarray:
    """Predicate of the ``distinct_scores`` precondition: no two items share a score."""
    s = np.sort(np.asarray(scores, dtype=float), axis=-1)
    distinct = np.all(np.diff(s, axis=-1) != 0, axis=-1)
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


def _claims() -> list[Claim | Precondition]:
    # A shared claim is listed like the family's own: the registry registers
    # it from whichever family plugin loads first and attaches the other's
    # procedure.
    for name, procedure in _ATTACHED.items():
        add_procedure(name, FAMILY, procedure, plugin=PLUGIN)
    return [*_OWN, *SHARED_CLAIMS.values(), *PRECONDITIONS]


#: The ``axiometrics.claims`` entry point of the scored family.
CLAIMS = _claims()
