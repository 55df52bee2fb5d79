"""Writing a report folder so that an existing report is replaced only by a complete new one.

:func:`write_report` stages every file in a temporary folder beside the
destination (:func:`axiometrics.atomic.atomic_directory`) and moves them in
only when all were written; a failure (an exception while writing, a full
disk) leaves the previous report untouched and raises
:class:`~axiometrics.errors.ReportWriteError` saying why.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from axiometrics.atomic import atomic_directory, write_text
from axiometrics.errors import ReportWriteError

__all__ = ["ReportWriteError", "write_report"]


def write_report(directory: str | os.PathLike[str], files: Mapping[str, str]) -> list[Path]:
    """Write ``files`` (relative path -> text) into ``directory`` all at once.

    Returns
    -------
    list of pathlib.Path
        The written files, in the destination folder.

    Raises
    ------
    ReportWriteError
        If any file cannot be written; nothing in ``directory`` has changed.
    """
    target = Path(directory)
    for name in files:
        rel = Path(name)
        if rel.is_absolute() or ".." in rel.parts:
            raise ReportWriteError(
                f"report file name {name!r} must be a relative path inside the report"
            )
    try:
        with atomic_directory(target) as staging:
            for name, text in files.items():
                path = staging / name
                path.parent.mkdir(parents=True, exist_ok=True)
                write_text(path, text)
    except OSError as exc:
        raise ReportWriteError(
            f"could not write the report to {str(target)!r} ({type(exc).__name__}: {exc}); the "
            "previous report, if any, is unchanged"
        ) from exc
    return [target / name for name in files]
