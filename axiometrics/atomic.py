"""Writing files so a reader never sees a partial one.

Every file axiometrics writes (tables, reports, JSON, regenerated docs)
goes through this module: the content is written to a temporary file in
the destination's own folder, flushed and synced, and then renamed over the
destination with :func:`os.replace`, which is atomic on POSIX and Windows
when both paths are on the same file system.  If anything fails before the
rename (a full disk, ``ulimit -f``, an exception while rendering), the
temporary file is removed and the previous file is left untouched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = ["atomic_directory", "atomic_open", "write_bytes", "write_text"]


@contextlib.contextmanager
def atomic_open(
    path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8"
) -> Iterator[IO[Any]]:
    """Open a temporary file that replaces ``path`` only when the block succeeds.

    Parameters
    ----------
    path
        The destination.  Its folder must exist.
    mode
        ``"w"`` (text) or ``"wb"`` (bytes).
    encoding
        Text encoding (ignored in binary mode).

    Yields
    ------
    file object
        Write to it; on normal exit it is synced and renamed onto ``path``.
        On an exception the destination is left as it was.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode={mode!r} is not supported; expected 'w' or 'wb'")
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        kwargs: dict[str, Any] = {} if "b" in mode else {"encoding": encoding, "newline": ""}
        with os.fdopen(fd, mode, **kwargs) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        _keep_permissions(target, tmp_name)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def _keep_permissions(target: Path, tmp_name: str) -> None:
    """Give the new file the old file's mode, or the umask default for a new one."""
    try:
        mode = target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp_name, mode)


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically."""
    with atomic_open(path, "w", encoding=encoding) as handle:
        handle.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically."""
    with atomic_open(path, "wb") as handle:
        handle.write(data)


@contextlib.contextmanager
def atomic_directory(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Build a folder's new content beside it, then swap it in.

    The block writes into a fresh temporary folder next to ``path``.  On
    success the old folder's entries that the new content also has are
    replaced file by file with :func:`os.replace` (each replacement is
    atomic; a file is never seen half-written), and new entries are moved
    in; entries of the old folder that the new content does not mention are
    left alone, so a report folder may hold the user's own files too.  On an
    exception inside the block nothing in ``path`` changes and the
    temporary folder is removed.  If moving the new files in fails part way
    (a permission error, a vanished folder), the files already moved are
    put back as they were before the error is raised again.

    Yields
    ------
    pathlib.Path
        The temporary folder to write into.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield staging
        target.mkdir(parents=True, exist_ok=True)
        sources = [p for p in sorted(staging.rglob("*")) if not p.is_dir()]
        backup = Path(tempfile.mkdtemp(prefix=".old.", dir=staging))
        _swap_in(staging, sources, target, backup)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _swap_in(staging: Path, sources: list[Path], target: Path, backup: Path) -> None:
    """Move ``sources`` into ``target``; on failure restore what was replaced."""
    done: list[tuple[Path, Path | None]] = []  # (destination, its backup or None if new)
    try:
        for source in sources:
            rel = source.relative_to(staging)
            destination = target / rel
            destination.parent.mkdir(parents=True, exist_ok=True)
            saved: Path | None = None
            if destination.exists():
                saved = backup / rel
                saved.parent.mkdir(parents=True, exist_ok=True)
                try:
                    os.link(destination, saved)
                except OSError:
                    shutil.copy2(destination, saved)
            os.replace(source, destination)
            done.append((destination, saved))
    except BaseException:
        for destination, saved in reversed(done):
            with contextlib.suppress(OSError):
                if saved is None:
                    destination.unlink()
                else:
                    os.replace(saved, destination)
        raise
