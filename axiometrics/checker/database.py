"""Example databases: where counterexamples are stored so that any machine replays them.

The checker runs without a database by default, so a run is reproducible
from its seed alone.  :func:`example_database` builds Hypothesis' database
for a local directory (read and written), a shared one (read only: a
counterexample someone else found replays here, and nothing is written to
it), or both, for :func:`axiometrics.checker.check` (``database=``), the
property table, the report and the command line's ``--database`` /
``--shared-database``.  Stored examples are keyed by measure, claim,
preconditions and options; a run replays them before generating anything.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from axiometrics.errors import InvalidParameterError

if TYPE_CHECKING:
    from hypothesis.database import ExampleDatabase

__all__ = ["example_database"]


def example_database(
    directory: str | os.PathLike[str] | None = None,
    *,
    shared: str | os.PathLike[str] | None = None,
) -> ExampleDatabase | None:
    """The example database of a local directory and/or a read-only shared one.

    Parameters
    ----------
    directory
        Where counterexamples are stored and read (created when first
        written); ``None``: nothing is stored.
    shared
        An existing directory of counterexamples stored elsewhere (e.g. by a
        cluster's workers, or committed), read but never written.

    Returns
    -------
    ExampleDatabase or None
        ``None`` when neither is given (the default: runs reproducible from
        the seed alone); a directory database; a read-only one; or both
        multiplexed (stored locally, read from both).

    Raises
    ------
    InvalidParameterError
        ``directory`` is an existing file, or ``shared`` is not an existing
        directory.

    Examples
    --------
    >>> import tempfile
    >>> example_database() is None
    True
    >>> type(example_database(tempfile.mkdtemp())).__name__
    'DirectoryBasedExampleDatabase'
    """
    from hypothesis.database import (
        DirectoryBasedExampleDatabase,
        MultiplexedDatabase,
        ReadOnlyDatabase,
    )

    local = None
    if directory is not None:
        path = Path(directory)
        if path.exists() and not path.is_dir():
            raise InvalidParameterError(
                f"directory={str(directory)!r}: expected a directory (or a path to create one), "
                "got a file"
            )
        local = DirectoryBasedExampleDatabase(str(path))
    read_only = None
    if shared is not None:
        if not Path(shared).is_dir():
            raise InvalidParameterError(
                f"shared={str(shared)!r}: expected an existing directory of stored examples"
            )
        read_only = ReadOnlyDatabase(DirectoryBasedExampleDatabase(str(shared)))
    if local is not None and read_only is not None:
        return MultiplexedDatabase(local, read_only)
    return local if local is not None else read_only
