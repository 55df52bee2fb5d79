"""The claims of the ``generation`` family: the ``axiometrics.claims`` entry point.

``CLAIMS`` lists, in the order the family's property-table columns follow,
the shared claims the family adopts with its procedures
(:class:`~axiometrics.claims.ProcedureFor`: ``identity``,
``item_order_invariance`` (segments permuted with their references),
``symmetry`` (one reference per segment) and ``well_defined``), the
family's own claims, and its precondition ``strict_identity``, which
restricts no input and says that a measure claims the "only then" half of
``identity`` (the procedure reads it from the request, as the regression
family's ``degree_<d>``).

Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.generation.procedures`, so declaring the claims
imports neither the checker nor Hypothesis.

The claims that speak of tokens (the "only then" half of ``identity``,
``edit_monotonicity``, ``zero_match``, ``block_order_invariance``) are
checked on *plain* text: words of a small lower-case ASCII vocabulary
joined by single spaces, on which every tokeniser of the family (13a,
whitespace, jiwer's words, TER's, rouge-score's) yields the same words.
The equality claims are checked on any text, Unicode and whitespace
variants included.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from axiometrics.claims import Claim, Precondition, ProcedureFor

__all__ = ["ADOPTED", "CLAIMS", "FAMILY", "PRECONDITIONS", "STRICT_IDENTITY", "any_input"]

FAMILY = "generation"
_PROC = "axiometrics.measures.generation.procedures"
#: The precondition through which a measure claims the "only then" half of ``identity``.
STRICT_IDENTITY = "strict_identity"


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
        "reference_order_invariance",
        "Reference order invariance",
        "Permuting the references of a segment leaves the score unchanged.",
        "issue 25",
        "∀ h, R ∀ i ∀ permutation π: Eff(h, R[i ← R_i∘π]) = Eff(h, R)",
    ),
    _claim(
        "reference_addition_monotonicity",
        "Reference addition monotonicity",
        "Adding a reference to one segment never makes the score worse (never lower for "
        "higher-is-better measures, never higher for error rates): another acceptable "
        "output can only make the hypothesis look at least as good.",
        "issue 25; Papineni et al. 2002 (multiple references)",
        "∀ h, R ∀ i ∀ string r: Eff(h, R[i ← R_i ∪ {r}]) not worse than Eff(h, R)",
    ),
    _claim(
        "edit_monotonicity",
        "Edit monotonicity",
        "On plain text with one reference per segment, one token edit of one hypothesis "
        "(an insertion, deletion or substitution of a word) that strictly lowers its "
        "word-level Levenshtein distance to its reference gives a strictly better score.",
        "issue 25; Amigó et al. 2020 Property 2 (monotonicity), for token sequences",
        "∀ h, r ∀ i ∀ one-token edit e: lev(e(h_i), r_i) < lev(h_i, r_i) ⟹ "
        "Eff(h[i ← e(h_i)], r) better than Eff(h, r)",
    ),
    _claim(
        "segment_aggregation",
        "Segment aggregation",
        "The corpus score equals the unweighted mean of the scores of its segments, each "
        "scored alone as a corpus of one segment (with its references).",
        "issue 25; Post 2018 (sacreBLEU: corpus BLEU is not the mean of sentence BLEU)",
        "∀ h, R with n ≥ 2 segments: Eff(h, R) = (1/n) Σ_i Eff((h_i), (R_i))",
    ),
    _claim(
        "zero_match",
        "Zero score without a top-order match",
        "On plain text, when no hypothesis word 4-gram (the highest order of BLEU's default "
        "max_order = 4) occurs in its segment's references, the score is 0. Unsmoothed BLEU "
        "satisfies it; smoothing exists to violate it. Edit rates and ROUGE-L compute no "
        "n-gram precision, and their declarations say that they violate it.",
        "issue 25; Chen and Cherry 2014 (smoothing techniques for sentence-level BLEU)",
        "∀ h, R: (∀ i ∀ 4-gram g ∈ h_i: g ∉ ∪R_i) ⟹ Eff(h, R) = 0",
    ),
    _claim(
        "block_order_invariance",
        "Block order invariance",
        "On plain text, cutting a hypothesis into blocks at positions where the bigram "
        "crossing the cut occurs in none of its references, and permuting the blocks so that "
        "no bigram at a new junction occurs in any reference either, leaves the score "
        "unchanged: a metric of clipped n-gram counts cannot tell the permuted hypothesis "
        "from the original, however garbled it reads.",
        "Callison-Burch, Osborne and Koehn 2006 (Re-evaluating the role of BLEU); CS224u "
        "metrics notebook (BLEU)",
        "∀ h, R ∀ i ∀ cuts c of h_i with bigrams(c) ∩ bigrams(R_i) = ∅ ∀ π with "
        "bigrams(junctions(π)) ∩ bigrams(R_i) = ∅: Eff(h[i ← π(blocks)], R) = Eff(h, R)",
    ),
)

#: Shared claims (:mod:`axiometrics.shared_claims`) the generation family adopts.
ADOPTED = (
    ProcedureFor("symmetry", FAMILY, f"{_PROC}:SYMMETRY"),
    ProcedureFor("item_order_invariance", FAMILY, f"{_PROC}:ITEM_ORDER_INVARIANCE"),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
)


def any_input(*inputs: Any, values: Any = None) -> np.ndarray:
    """Predicate of ``strict_identity``: true for every input (it carries a claim only)."""
    shapes = [np.shape(a)[:-1] for a in inputs]
    return np.ones(np.broadcast_shapes(*shapes), dtype=bool)


#: Preconditions of the generation family.
PRECONDITIONS = (
    Precondition(
        STRICT_IDENTITY,
        (FAMILY,),
        "Declares the 'only then' half of identity: on plain text, a hypothesis that differs "
        "from every reference of its segment (in some segment) does not score the optimum. "
        "Restricts no input.",
        {FAMILY: f"{__name__}:any_input"},
    ),
)

#: The ``axiometrics.claims`` entry point of the generation family.
CLAIMS: list[Claim | Precondition | ProcedureFor] = [*ADOPTED, *_OWN, *PRECONDITIONS]
