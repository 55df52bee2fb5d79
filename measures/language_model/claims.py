"""The claims of the ``language_model`` family: the ``axiometrics.claims`` entry point.

``CLAIMS`` lists, in the order the family's property-table columns follow,
the shared claims the family adopts with its procedures
(:class:`~axiometrics.claims.ProcedureFor`: ``item_order_invariance``, whose
items are the sequences, and ``identity``, whose perfect input gives every
token probability 1), the family's own claims, and ``well_defined``.

Procedures are lazy ``"module:attribute"`` references into
:mod:`axiometrics.measures.language_model.procedures`, so declaring the
claims imports neither the checker nor Hypothesis.

The strict claims (``probability_monotonicity`` and the "only then" half of
``identity``) are checked on log-probabilities that are multiples of 1/8
(in [-8, 0] and near -700): there raising one token's log-probability moves
every measure by more than the checker's tolerance (relative 1e-11), which
a log-probability of -1e-300 would not.  The equality claims are checked on
every magnitude, from -5e-324 to the most negative float.
"""

from __future__ import annotations

from axiometrics.claims import Claim, ProcedureFor

__all__ = ["ADOPTED", "CLAIMS", "FAMILY"]

FAMILY = "language_model"
_PROC = "axiometrics.measures.language_model.procedures"


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
        "base_invariance",
        "Base invariance",
        "The same token probabilities given as logarithms in any base b > 0, b != 1 (with "
        "base=b) score as given in natural logarithms: the measure reports in its own unit "
        "whatever the base of its input.",
        "CS224u metrics notebook ('Using any base n both in defining H and as the base in "
        "perplexity will lead to identical results')",
        "∀ corpus x (natural logs) ∀ b > 0, b ≠ 1: Eff(x / ln b; base = b) = Eff(x; base = e)",
    ),
    _claim(
        "probability_monotonicity",
        "Probability monotonicity",
        "Raising the probability of one token (its log-probability lp_i to lp_i' with "
        "lp_i < lp_i' <= 0), the other tokens unchanged, gives a strictly better score; checked "
        "on log-probabilities that are multiples of 1/8.",
        "CS224u metrics notebook ('Minimizing perplexity is equivalent to maximizing "
        "probability'); Jurafsky & Martin SLP3 ch. 3",
        "∀ x ∀ token i ∀ lp' with x_i < lp' ≤ 0: Eff(x[i←lp']) better than Eff(x)",
    ),
    _claim(
        "concatenation_invariance",
        "Concatenation invariance",
        "Joining two consecutive sequences into one (the same tokens in the same order) leaves "
        "the score unchanged: only the tokens count, not where the corpus is cut into "
        "sequences.",
        "language_model family specification; cf. Jurafsky & Martin SLP3 ch. 3 (the perplexity "
        "of a test set of many sentences, taken as one sequence of tokens)",
        "∀ x ∀ s < S: Eff(x with sequences s and s + 1 joined) = Eff(x)",
    ),
    _claim(
        "sequence_mean_aggregation",
        "Sequence-mean aggregation",
        "The corpus score equals the arithmetic mean of the scores of its sequences, each "
        "scored alone: the corpus is an unweighted average of its sequences.",
        "CS224u metrics notebook ('When averaging perplexity values obtained from all the "
        "sequences in a text corpus, one should again use the geometric mean')",
        "∀ x = (x_1, ..., x_S): Eff(x) = (1/S) Σ_s Eff((x_s))",
    ),
)

#: Shared claims (:mod:`axiometrics.shared_claims`) the language_model family adopts.
ADOPTED = (
    ProcedureFor("item_order_invariance", FAMILY, f"{_PROC}:ITEM_ORDER_INVARIANCE"),
    ProcedureFor("identity", FAMILY, f"{_PROC}:IDENTITY"),
)

#: The ``axiometrics.claims`` entry point of the language_model family.
CLAIMS: list[Claim | ProcedureFor] = [
    *ADOPTED,
    *_OWN,
    ProcedureFor("well_defined", FAMILY, f"{_PROC}:WELL_DEFINED"),
]
