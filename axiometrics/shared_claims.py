"""Statements several families share, defined once here and registered once by the catalogue.

A shared claim (``symmetry``, ``identity``, ...) says one thing about the
measures of every family that adopts it; each family plugin adopts it by
giving it a checking procedure for its own inputs
(:class:`axiometrics.claims.ProcedureFor` in its ``axiometrics.claims``
entry point, or :func:`axiometrics.claims.add_procedure`).  The catalogue
(:mod:`axiometrics.claims`) registers these statements before it loads any
plugin, so no family owns them and the order in which plugins load does not
decide who defines them.  The preconditions below are shared the same way:
a family adopts one with a predicate over its inputs
(:class:`axiometrics.claims.PredicateFor`).

The statements are plain data (this module imports the standard library
only); :mod:`axiometrics.claims` turns them into
:class:`~axiometrics.claims.Claim` and
:class:`~axiometrics.claims.Precondition` objects.  Which families adopt a
statement is the families' business: the statement texts name the built-in
ones only to say what the claim means on their inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = [
    "SHARED_CLAIMS",
    "SHARED_PRECONDITIONS",
    "STRICT_MAX_COUNT",
    "SharedClaim",
    "SharedPrecondition",
]

#: Count cap of the claims whose conclusion is a *strict* comparison of two
#: scores differing by one item or one count unit: at larger totals such a
#: difference can fall below float64 resolution (e.g. CEM^ORD, where it is
#: of order 1/N^2), which would report a tie that is an artefact of
#: rounding, not a property of the measure.
STRICT_MAX_COUNT = 100


@dataclass(frozen=True)
class SharedClaim:
    """A claim statement several families adopt (see :class:`axiometrics.claims.Claim`).

    Attributes
    ----------
    name, title, statement, reference, logic
        As on :class:`~axiometrics.claims.Claim`.
    form
        ``"universal"`` or ``"existential"``.
    options
        Default check options of the claim (see
        :data:`axiometrics.claims.CLAIM_OPTIONS`).
    """

    name: str
    title: str
    form: str
    statement: str
    reference: str
    logic: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))


@dataclass(frozen=True)
class SharedPrecondition:
    """A precondition several families adopt (see :class:`axiometrics.claims.Precondition`)."""

    name: str
    description: str


_STRICT = {"max_count": STRICT_MAX_COUNT}

#: The shared claims, in catalogue order.
SHARED_CLAIMS: tuple[SharedClaim, ...] = (
    SharedClaim(
        "ordinal_invariance",
        "Ordinal invariance",
        "universal",
        "The score is unchanged when the class values v are replaced by f(v) for any strictly "
        "increasing f: Eff(x; v) == Eff(x; f(v)).",
        "Amigó et al. 2020, Property 1; Sakai 2022 Table 1 (d)",
        "∀ x ∀ v ∀ strictly increasing f: Eff(x; v) = Eff(x; f(v))",
    ),
    SharedClaim(
        "symmetry",
        "Symmetry",
        "universal",
        "Swapping system and gold leaves the score unchanged: Eff(M) == Eff(M.T) for OC, "
        "D(p, q) == D(q, p) for OQ, Eff(y, ŷ) == Eff(ŷ, y) for regression (weights kept), "
        "Eff(h, r) == Eff(r, h) for text generation with one reference per segment.",
        "Sakai 2021 Table 7 (ii); Sakai 2022 Table 1 (c); scikit-learn's test_common "
        "(symmetric regression metrics); issue 25 (chrF is symmetric only at beta = 1)",
        "∀ M: Eff(M) = Eff(Mᵀ);  ∀ p, q: D(p, q) = D(q, p);  regression: ∀ y, ŷ, w: "
        "Eff(y, ŷ, w) = Eff(ŷ, y, w);  generation: ∀ h, r (one reference each): "
        "Eff(h, r) = Eff(r, h)",
    ),
    SharedClaim(
        "identity",
        "Identity of indiscernibles",
        "universal",
        "OQ: D(p, q) is optimal if and only if p == q. OC: the perfect system (diagonal confusion "
        "matrix) scores the measure's optimum. Nominal: only diagonal matrices score the "
        "optimum (every diagonal matrix does, no other does). Scored: every perfect separation "
        "(every positive scored strictly above every negative, however close the two classes' "
        "scores) scores the optimum. Regression: predictions equal to the true values (on "
        "every item of positive weight) score the optimum, and only they do. Text generation: "
        "a hypothesis equal to one of its segment's references, in every segment, scores the "
        "optimum; measures declaring strict_identity claim that only then does it. Language "
        "models: a corpus whose every token has probability 1 (log-probability 0) scores the "
        "optimum, and only such a corpus does.",
        "Sebastiani 2020 (IoI); issue 25",
        "OQ: ∀ q: D(q, q) = opt and ∀ p ≠ q: D(p, q) ≠ opt;  OC: ∀ g: Eff(g, g) = opt;  "
        "nominal: ∀ M: Eff(M) = opt ⟺ M diagonal;  scored: ∀ s, y with min s[y=1] > "
        "max s[y=0]: Eff(s, y) = opt;  regression: ∀ y, w: Eff(y, y, w) = opt and "
        "∀ ŷ ≠ y: Eff(y, ŷ, w) ≠ opt;  generation: ∀ R ∀ h with h_i ∈ R_i for every i: "
        "Eff(h, R) = opt (strict_identity: and ∀ h with some h_i ∉ R_i: Eff(h, R) ≠ opt);  "
        "language models: ∀ x: Eff(x) = opt ⟺ every log-probability of x is 0",
        options=_STRICT,
    ),
    SharedClaim(
        "item_order_invariance",
        "Item order invariance",
        "universal",
        "Permuting the items, with everything attached to each item (scores and labels; true "
        "values, predictions and weights; a segment's hypothesis and its references; a "
        "language model's token sequences), leaves the score unchanged, tied values included, "
        "from two items to thousands.",
        "issue 14 (tie handling of argsort-based implementations); issues 24 and 25",
        "∀ x ∀ permutation π: Eff(x∘π) = Eff(x), x the items' tuples (scored: (s, y); "
        "regression: (y, ŷ, w); generation: (h_i, R_i); language models: the sequences)",
    ),
    SharedClaim(
        "well_defined",
        "Well-definedness",
        "universal",
        "On every valid input (empty classes, one class only, constant systems, one-hot and "
        "uniform distributions, huge counts) the measure returns a finite value in its declared "
        "range or raises its declared 'undefined' error; never NaN, inf, a warning or another "
        "exception.",
        "DESIGN §5 claim 9",
        "∀ valid x: Eff(x) finite ∈ range, or x is a declared undefined case",
    ),
    SharedClaim(
        "count_scale_invariance",
        "Count-scale invariance",
        "universal",
        "Multiplying every count of the confusion matrix by k > 0 leaves the score unchanged.",
        "DESIGN §5 claim 10",
        "∀ M ∀ k > 0: Eff(k·M) = Eff(M)",
    ),
    SharedClaim(
        "prevalence_invariance",
        "Prevalence invariance",
        "universal",
        "Changing the size of one gold class leaves the score unchanged: for confusion "
        "matrices (nominal), multiplying every count of one gold class (a column) by k > 0; "
        "for scored items, repeating every positive item k times (k a positive integer), "
        "which the checker compares with the input as given.",
        "Sokolova and Lapalme 2009, A systematic analysis of performance measures for "
        "classification tasks (invariance to changes of class sizes)",
        "nominal: ∀ M ∀ j ∀ k > 0: Eff(M with column j times k) = Eff(M);  scored: "
        "∀ s, y ∀ k ∈ ℕ⁺: Eff(s, y with every positive item repeated k times) = Eff(s, y)",
    ),
)

#: The shared preconditions, in catalogue order.
SHARED_PRECONDITIONS: tuple[SharedPrecondition, ...] = (
    SharedPrecondition("no_empty_gold_class", "Every class has at least one gold item."),
    SharedPrecondition("no_empty_system_class", "Every class has at least one system item."),
    SharedPrecondition("at_least_two_gold_classes", "At least two classes have gold items."),
    SharedPrecondition("at_least_three_classes", "The scale has at least three classes."),
    SharedPrecondition(
        "equidistant_values", "Class values are equally spaced (the default 0 .. C-1)."
    ),
)
