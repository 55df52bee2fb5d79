"""The catalogue of claims and preconditions a measure can declare.

A :class:`Claim` is a formal statement about a measure (ordinal invariance,
symmetry, ...) with the families it applies to and its logical form:
*universal* claims are refuted by one counterexample, *existential* ones
confirmed by one witness.  A :class:`Precondition` narrows the inputs a
claim quantifies over (e.g. "no empty gold class").

Built-in claims and preconditions are defined here (DESIGN §5); third parties
add more with :func:`register_claim` / :func:`register_precondition` or the
``axiometrics.claims`` entry-point group.  The checker that tests them lives
in :mod:`axiometrics.checker`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.suggest import closest

__all__ = [
    "Claim",
    "Precondition",
    "claim",
    "claims_for_family",
    "precondition",
    "register_claim",
    "register_precondition",
    "registered_claims",
    "registered_preconditions",
]

Form = Literal["universal", "existential"]
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Claim:
    """A formal property a measure may have.

    Attributes
    ----------
    name
        Identifier used in declarations, e.g. ``"ordinal_invariance"``.
    title
        Human-readable title for tables.
    families
        Measure families the claim speaks about (e.g. ``("oc",)``).
    form
        ``"universal"`` (refuted by one counterexample) or ``"existential"``
        (confirmed by one witness).
    statement
        The claim in words, precise enough to check by hand.
    reference
        Where the claim comes from.
    """

    name: str
    title: str
    families: tuple[str, ...]
    form: Form
    statement: str
    reference: str = ""

    def applies_to(self, family: str) -> bool:
        """Whether the claim speaks about measures of ``family``."""
        return family in self.families


@dataclass(frozen=True)
class Precondition:
    """A restriction of the inputs a claim quantifies over.

    Attributes
    ----------
    name
        Identifier, e.g. ``"no_empty_gold_class"``.
    families
        Families whose inputs the precondition can restrict.
    description
        What inputs satisfy it.
    """

    name: str
    families: tuple[str, ...]
    description: str


@dataclass
class _Catalogue:
    claims: dict[str, Claim] = field(default_factory=dict)
    preconditions: dict[str, Precondition] = field(default_factory=dict)


_CATALOGUE = _Catalogue()


def register_claim(new: Claim, *, plugin: str = "axiometrics") -> Claim:
    """Add a claim to the catalogue.

    Raises
    ------
    RegistrationError
        If the name is malformed, already taken, the form is unknown or no
        family is given.  The message names the plugin and the claim.
    """
    where = f"plugin={plugin!r} claim={new.name!r}"
    if not isinstance(new.name, str) or not _NAME.match(new.name):
        raise RegistrationError(f"{where}: name must be lower_snake_case")
    if new.name in _CATALOGUE.claims:
        raise RegistrationError(f"{where}: a claim with this name is already registered")
    if new.form not in ("universal", "existential"):
        raise RegistrationError(
            f"{where}: form must be 'universal' or 'existential' (got {new.form!r})"
        )
    if not new.families:
        raise RegistrationError(f"{where}: families must name at least one family")
    _CATALOGUE.claims[new.name] = new
    return new


def register_precondition(new: Precondition, *, plugin: str = "axiometrics") -> Precondition:
    """Add a precondition to the catalogue (same rules as :func:`register_claim`)."""
    where = f"plugin={plugin!r} precondition={new.name!r}"
    if not isinstance(new.name, str) or not _NAME.match(new.name):
        raise RegistrationError(f"{where}: name must be lower_snake_case")
    if new.name in _CATALOGUE.preconditions:
        raise RegistrationError(f"{where}: a precondition with this name is already registered")
    if not new.families:
        raise RegistrationError(f"{where}: families must name at least one family")
    _CATALOGUE.preconditions[new.name] = new
    return new


def claim(name: str) -> Claim:
    """Look a claim up by name; unknown names raise :class:`UnknownClaimError` with suggestions."""
    try:
        return _CATALOGUE.claims[name]
    except KeyError:
        raise UnknownClaimError(_unknown("claim", name, _CATALOGUE.claims)) from None


def precondition(name: str) -> Precondition:
    """Look a precondition up by name; unknown names raise :class:`UnknownClaimError`."""
    try:
        return _CATALOGUE.preconditions[name]
    except KeyError:
        raise UnknownClaimError(_unknown("precondition", name, _CATALOGUE.preconditions)) from None


def registered_claims() -> tuple[Claim, ...]:
    """All claims, in registration order."""
    return tuple(_CATALOGUE.claims.values())


def registered_preconditions() -> tuple[Precondition, ...]:
    """All preconditions, in registration order."""
    return tuple(_CATALOGUE.preconditions.values())


def claims_for_family(family: str) -> tuple[Claim, ...]:
    """The claims that apply to measures of ``family``."""
    return tuple(c for c in _CATALOGUE.claims.values() if c.applies_to(family))


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    options = list(known)
    near = closest(name, options)
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown {kind} name={name!r}{hint} (known: {', '.join(options)})"


_BUILTIN_CLAIMS = (
    Claim(
        "ordinal_invariance",
        "Ordinal invariance",
        ("oc", "oq"),
        "universal",
        "The score is unchanged when the class values v are replaced by f(v) for any strictly "
        "increasing f: Eff(x; v) == Eff(x; f(v)).",
        "Amigó et al. 2020, Property 1; Sakai 2021 Table 4 (i)",
    ),
    Claim(
        "ordinal_monotonicity",
        "Ordinal monotonicity",
        ("oc",),
        "universal",
        "If s' differs from s on at least one item and every changed item moved strictly toward "
        "its gold class without passing it (s(d) > s'(d) >= g(d) or s(d) < s'(d) <= g(d)), "
        "then s' scores strictly better than s.",
        "Amigó et al. 2020, Property 2",
    ),
    Claim(
        "imbalance",
        "Imbalance",
        ("oc",),
        "universal",
        "For contiguous classes c1, c2, c3 (either direction) with |c1| > |c3| in the gold, the "
        "system equal to the gold but for one item of c1 moved to c2 scores strictly better than "
        "the system equal to the gold but for one item of c3 moved to c2.",
        "Amigó et al. 2020, Property 3; Sakai 2021 Table 4 (iii)",
    ),
    Claim(
        "symmetry",
        "Symmetry",
        ("oc", "oq"),
        "universal",
        "Swapping system and gold leaves the score unchanged: Eff(M) == Eff(M.T) for OC, "
        "D(p, q) == D(q, p) for OQ.",
        "Sakai 2021 Table 7 (ii); Sakai 2022 Table 1 (c)",
    ),
    Claim(
        "priority_preservation",
        "Priority preservation (a)",
        ("oq",),
        "universal",
        "If p orders every pair of bins as q does (same sign of p_i - p_j and q_i - q_j, ties "
        "included), D(p, q) equals D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
    ),
    Claim(
        "priority_violation",
        "Priority preservation (b)",
        ("oq",),
        "universal",
        "If p does not order some pair of bins as q does, D(p, q) is strictly worse than D(q, q).",
        "Sakai 2022 §2.3 (priority preserving property)",
    ),
    Claim(
        "constant_system_discrimination",
        "Constant-system discrimination",
        ("oc",),
        "existential",
        "For a gold with at least two non-empty classes of pairwise different sizes, not all "
        "constant systems ('always class k') receive the same score.",
        "Sakai 2021 Table 4 (ii)",
    ),
    Claim(
        "point_mass_monotonicity",
        "Ordinal monotonicity (point mass)",
        ("oq",),
        "universal",
        "For one-hot estimates e_a and e_b lying on the same side of all gold mass with a nearer "
        "to it, e_a scores strictly better than e_b.",
        "Sakai 2021 Table 7 (i) 'handles ordinal classes'",
    ),
    Claim(
        "mass_transfer_monotonicity",
        "Ordinal monotonicity (mass transfer)",
        ("oq",),
        "universal",
        "Moving probability mass eps > 0 of the estimate one bin further away from all gold mass "
        "gives a strictly worse score.",
        "DESIGN §5 claim 7",
    ),
    Claim(
        "identity",
        "Identity of indiscernibles",
        ("oc", "oq"),
        "universal",
        "OQ: D(p, q) is optimal if and only if p == q. OC: the perfect system (diagonal confusion "
        "matrix) scores the measure's optimum.",
        "Sebastiani 2020 (IoI)",
    ),
    Claim(
        "well_defined",
        "Well-definedness",
        ("oc", "oq"),
        "universal",
        "On every valid input (empty classes, one class only, constant systems, one-hot and "
        "uniform distributions, huge counts) the measure returns a finite value in its declared "
        "range or raises its declared 'undefined' error; never NaN, inf, a warning or another "
        "exception.",
        "DESIGN §5 claim 9",
    ),
    Claim(
        "count_scale_invariance",
        "Count-scale invariance",
        ("oc",),
        "universal",
        "Multiplying every count of the confusion matrix by k > 0 leaves the score unchanged.",
        "DESIGN §5 claim 10",
    ),
)

_BUILTIN_PRECONDITIONS = (
    Precondition("no_empty_gold_class", ("oc",), "Every class has at least one gold item."),
    Precondition("no_empty_system_class", ("oc",), "Every class has at least one system item."),
    Precondition("at_least_two_gold_classes", ("oc",), "At least two classes have gold items."),
    Precondition(
        "equidistant_values",
        ("oc", "oq"),
        "Class values are equally spaced (the default 0 .. C-1).",
    ),
    Precondition("gold_not_uniform", ("oq",), "The gold distribution is not uniform."),
    Precondition(
        "no_zero_bin", ("oq",), "Neither the system nor the gold distribution has a zero bin."
    ),
    Precondition("gold_no_zero_bin", ("oq",), "The gold distribution has no zero bin."),
)

for _c in _BUILTIN_CLAIMS:
    register_claim(_c)
for _p in _BUILTIN_PRECONDITIONS:
    register_precondition(_p)
