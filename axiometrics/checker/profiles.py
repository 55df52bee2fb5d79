"""Settings profiles of the checker: how many cases, how seeded.

=============  ============  ==========  ======================================
profile        cases/claim   bound       seeding
=============  ============  ==========  ======================================
``dev``        100           1,000       a fresh random seed per run (reported,
                                         so any finding can be replayed with
                                         ``seed=``)
``ci``         100           1,000       derandomized: seed 0 unless one is
                                         given, so the same code gives the same
                                         verdicts
``thorough``   2000          50,000      a fresh random seed per run (reported)
=============  ============  ==========  ======================================

*bound* is the case budget of the bounded pass, which decides every case of
the smallest sizes before the random search (for the claims whose procedure
enumerates its cases; see :mod:`axiometrics.checker.bounded`).

At ``dev`` and ``ci`` shrinking a counterexample stops after
:data:`SHRINK_BUDGET` test runs without progress (the simplest one found by
then is reported); at ``thorough`` it goes on until Hypothesis' shrinker stops.

Hypothesis' example database is off by default (runs are reproducible from
the seed alone); pass a database (e.g.
``hypothesis.database.DirectoryBasedExampleDatabase(".hypothesis")``) to
``check(..., database=...)`` to replay earlier failures first.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from axiometrics.errors import InvalidParameterError
from axiometrics.parallel import available_cores  # re-exported: the default number of jobs

__all__ = ["PROFILES", "SHRINK_BUDGET", "Profile", "available_cores", "resolve_profile"]


@dataclass(frozen=True)
class Profile:
    """How thoroughly and reproducibly to search.

    Attributes
    ----------
    name
        Profile name.
    max_examples
        Cases examined per claim (Hypothesis ``max_examples``).
    derandomize
        Use a fixed seed (0) when none is given.
    shrink
        Shrink counterexamples to minimal ones.
    shrink_budget
        Stop shrinking a counterexample after this many consecutive test
        runs that found nothing simpler (``None``: until Hypothesis' shrinker
        stops by itself); the simplest counterexample so far is reported.
    targeting
        Report each case's margin to :func:`hypothesis.target`, so the search
        climbs toward the claim's boundary.  Hypothesis' hill climbing then
        runs many more cases than ``max_examples`` (about 10x to 100x on the
        equality claims), so only ``thorough`` turns it on; at 100 cases the
        mutant suite (``benchmarks/mutants.py``) is refuted alike with and
        without it (``docs/checker-power.md``).
    bound
        Case budget of the bounded pass per claim: every case of the
        smallest sizes, in increasing size, is decided before the random
        search, until the next size no longer fits (``0``: no bounded pass;
        see :mod:`axiometrics.checker.bounded`).  A budget of cases, not of
        seconds, so that the bound reached is the same on every machine.
    """

    name: str
    max_examples: int
    derandomize: bool
    shrink: bool = True
    targeting: bool = False
    shrink_budget: int | None = None
    bound: int = 0

    def seed(self, requested: int | None) -> int:
        """The seed to use: the requested one, 0 if derandomized, else a fresh random one."""
        if requested is not None:
            if not isinstance(requested, int) or isinstance(requested, bool) or requested < 0:
                raise InvalidParameterError(f"seed={requested!r}: expected an int >= 0")
            return requested
        return 0 if self.derandomize else secrets.randbelow(2**32)


#: At ``dev`` and ``ci``, shrinking a counterexample stops once this many
#: consecutive test runs (Hypothesis' count, invalid draws included) found
#: nothing simpler; the simplest counterexample so far is reported.  It bounds
#: a shrinker stuck in long fruitless passes.  At 400 every counterexample of
#: the measures compared (33 of 8 measures) is the one unbounded shrinking
#: gives; at 200 some kept 10 items instead of 2 (F1@k's prevalence
#: invariance) or a 4th class.  ``thorough`` shrinks until the shrinker stops.
SHRINK_BUDGET = 400

#: Case budgets of the bounded pass per claim (``dev``/``ci``, ``thorough``).  At
#: ``ci`` the pass costs about as much as the random search's 100 cases.
CI_BOUND = 1000
THOROUGH_BOUND = 50_000

PROFILES: dict[str, Profile] = {
    "dev": Profile(
        "dev", max_examples=100, derandomize=False, shrink_budget=SHRINK_BUDGET, bound=CI_BOUND
    ),
    "ci": Profile(
        "ci", max_examples=100, derandomize=True, shrink_budget=SHRINK_BUDGET, bound=CI_BOUND
    ),
    "thorough": Profile(
        "thorough", max_examples=2000, derandomize=False, targeting=True, bound=THOROUGH_BOUND
    ),
}


def resolve_profile(
    profile: str | Profile, *, max_examples: int | None = None, bound: int | None = None
) -> Profile:
    """A :class:`Profile` from a name or object, with ``max_examples`` and ``bound`` overridden.

    Raises
    ------
    InvalidParameterError
        On an unknown profile name, a bad ``max_examples`` (an int >= 1) or
        ``bound`` (an int >= 0).
    """
    if isinstance(profile, Profile):
        found = profile
    else:
        try:
            found = PROFILES[profile]
        except (KeyError, TypeError):
            raise InvalidParameterError(
                f"profile={profile!r}: expected one of {sorted(PROFILES)}"
            ) from None
    if max_examples is not None:
        if not isinstance(max_examples, int) or isinstance(max_examples, bool) or max_examples < 1:
            raise InvalidParameterError(f"max_examples={max_examples!r}: expected an int >= 1")
        found = replace(found, max_examples=max_examples)
    if bound is not None:
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 0:
            raise InvalidParameterError(
                f"bound={bound!r}: expected an int >= 0 (cases of the bounded pass; 0 turns it off)"
            )
        found = replace(found, bound=bound)
    return found
