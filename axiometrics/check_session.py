"""The claim-check settings of the running pytest session (profile, seed, example database).

Written by the pytest plugin (:mod:`axiometrics.pytest_plugin`) when pytest
is configured, read by the checks of :mod:`axiometrics.testing`; both import
this module, which imports neither.  Outside pytest (or before
configuration) the settings are :data:`DEFAULT_PROFILE` with no seed (seed 0
under the derandomized ``ci`` profile) and no database.  Importing it is
cheap: Hypothesis loads only when a database directory is configured and the
settings are read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = [
    "DEFAULT_PROFILE",
    "PROFILE_NAMES",
    "RANDOM_SEEDED",
    "SessionSettings",
    "configure",
    "current",
    "current_settings",
]

#: Profiles a session accepts (those of :mod:`axiometrics.checker.profiles`).
PROFILE_NAMES = ("ci", "dev", "thorough")
#: Profiles drawing a fresh seed when none is given.
RANDOM_SEEDED = ("dev", "thorough")
#: The profile of a session that names none.
DEFAULT_PROFILE = "ci"


@dataclass(frozen=True)
class SessionSettings:
    """The settings of claim checks in one pytest session.

    Attributes
    ----------
    profile
        One of :data:`PROFILE_NAMES`.
    seed
        The seed, or ``None`` (0 under ``ci``).
    database
        A Hypothesis example database directory, the database built from it
        once read, or ``None``.
    bound
        Case budget of the bounded pass per claim (``None``: the profile's;
        ``0``: none).
    """

    profile: str = DEFAULT_PROFILE
    seed: int | None = None
    database: Any = None
    bound: int | None = None


_current = [SessionSettings()]


def current() -> SessionSettings:
    """The settings in force."""
    return _current[0]


def configure(settings: SessionSettings) -> SessionSettings:
    """Put ``settings`` in force; return the previous ones (to restore them afterwards)."""
    previous = _current[0]
    _current[0] = settings
    return previous


def current_settings() -> tuple[str, int | None, Any]:
    """``(profile, seed, database)`` for claim checks in this session.

    Outside pytest (or before configuration): ``("ci", None, None)``, i.e.
    seed 0 under the derandomized ``ci`` profile.  A database directory is
    opened as a Hypothesis ``DirectoryBasedExampleDatabase`` on first read.
    """
    settings = _current[0]
    if isinstance(settings.database, str):
        from hypothesis.database import DirectoryBasedExampleDatabase

        settings = replace(settings, database=DirectoryBasedExampleDatabase(settings.database))
        _current[0] = settings
    return settings.profile, settings.seed, settings.database
