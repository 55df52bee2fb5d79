"""How hard :func:`~axiometrics.checker.check` searches: :class:`CheckSettings`.

What the measure is lives in :class:`~axiometrics.checker.spec.MeasureSpec`;
these settings say how its claims are searched for counterexamples (profile,
number of cases, seed, example database) and what else is run (variants,
precondition discovery, per-claim options and preconditions), with their
defaults in one place.  Usage::

    from axiometrics.checker import CheckSettings, check

    report = check("mae_macro", settings=CheckSettings(profile="dev", seed=3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any

from axiometrics.checker.profiles import Profile, resolve_profile
from axiometrics.errors import InvalidParameterError

if TYPE_CHECKING:
    from hypothesis.database import ExampleDatabase

__all__ = ["CheckSettings", "settings_default"]


@dataclass(frozen=True)
class CheckSettings:
    """The search settings of a check.

    Attributes
    ----------
    profile
        ``"dev"``, ``"ci"`` (derandomized, the default) or ``"thorough"``, or a
        :class:`~axiometrics.checker.profiles.Profile` (the ``settings=``
        keyword of :func:`~axiometrics.checker.check` when given a name).
    max_examples
        Override the profile's number of cases per claim.
    bound
        Override the profile's case budget of the bounded pass (every case
        up to a size, smallest first, before the random search; ``0``
        turns the pass off); see :mod:`axiometrics.checker.bounded`.
    seed
        Hypothesis seed (default: 0 under ``ci``, random otherwise; always
        reported in the verdicts).
    database
        A Hypothesis example database (default: none, for reproducibility).
    variants
        Also run the variants (without the declared preconditions; at
        arbitrary spacing for value-using measures).
    strict
        Also fail (:attr:`~axiometrics.checker.verdicts.CheckReport.failed`)
        when a declared violation is not found.
    discover
        When a claim is refuted on all inputs, search for the weakest
        registered precondition (or conjunction of two) under which no
        counterexample is found; runs only with ``variants``.
    options
        Per-claim check options, e.g. ``{"imbalance": {"spacing": "arbitrary"}}``
        (keys of :data:`axiometrics.claims.CLAIM_OPTIONS`).
    preconditions
        Per-claim preconditions for the main verdict, replacing the declared ones.
    extra_preconditions
        Per-claim further precondition sets to check as variants.
    """

    profile: str | Profile = "ci"
    max_examples: int | None = None
    bound: int | None = None
    seed: int | None = None
    database: ExampleDatabase | None = None
    variants: bool = True
    strict: bool = False
    discover: bool = True
    options: Mapping[str, Mapping[str, Any]] | None = None
    preconditions: Mapping[str, Sequence[str]] | None = None
    extra_preconditions: Mapping[str, Sequence[Sequence[str]]] | None = None

    def resolved_profile(self) -> Profile:
        """The profile with ``max_examples`` and ``bound`` applied.

        Raises
        ------
        InvalidParameterError
            For an unknown profile name, ``max_examples < 1`` or ``bound < 0``.
        """
        return resolve_profile(self.profile, max_examples=self.max_examples, bound=self.bound)


def settings_default(name: str) -> Any:
    """The default of the :class:`CheckSettings` field ``name``.

    Raises
    ------
    InvalidParameterError
        For a name that is not a field.
    """
    for f in fields(CheckSettings):
        if f.name == name and f.default is not MISSING:
            return f.default
    raise InvalidParameterError(f"name={name!r}: not a CheckSettings field")
