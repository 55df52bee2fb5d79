r"""Readers for the ``generation`` family: sacreBLEU-style plain-text reference and system files.

Format
    UTF-8 text, one segment per line: one or more reference files (each a
    reference *stream*: line ``i`` is a reference of segment ``i``) and one
    hypothesis file per system, all with the same number of lines.
    Systems are named after their file names without the extension (two
    files with the same name are refused, both named).

Lines are read as sacreBLEU 2.6's command line reads them
(``open(path, encoding="utf-8", newline="\n")``, then ``line.rstrip()``):

* only ``\n`` ends a line; a ``\r`` before it (CRLF files) and every
  other trailing whitespace (spaces, tabs, ``str.isspace`` characters) is
  removed; a lone ``\r``, form feed or Unicode line separator inside a line
  stays part of it;
* a final line without ``\n`` is a segment; a file ending in ``\n`` has no
  extra empty segment after it;
* an empty line is an empty segment: in a hypothesis file an empty
  hypothesis, in a reference file an empty reference ``""`` (sacreBLEU
  leaves out only ``None`` placeholders, which a file cannot hold), so every
  segment has one reference per reference file.

Differences from sacreBLEU: a UTF-8 byte-order mark at the start of a file
is removed (sacreBLEU keeps ``"\ufeff"`` as the first character of the
first segment, so a file saved with one scores lower); invalid UTF-8 is
refused with its line (sacreBLEU stops with a traceback); gzip-compressed
files (``.gz``) are not decompressed; and an empty file is refused.

Topics
    A plain-text file has no documents.  Without ``require_topic`` (the
    ``score`` command) every segment belongs to one topic named ``""``, so
    the score of a system is its corpus score.  With ``require_topic``
    (``meta`` and ``compare``, which need several topics) every segment is
    its own topic, named by its 1-based line number (an ``int``): per-topic
    scores are then segment-level scores of the corpus measures, and the
    corpus-level tests resample these segments.

Every problem raises :class:`~axiometrics.errors.DataFileError` naming the
file, and the line where one is at fault.
"""

from __future__ import annotations

import codecs
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

import numpy as np

from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.io.load import run_names

from .runs import GenerationRuns

__all__ = ["read_generation_runs", "read_runs", "read_segments"]


def _where(path: str | Path) -> str:
    return f"path={str(path)!r}"


def _file_bytes(path: str | Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise DataFileError(f"{_where(path)}: no such file") from None
    except IsADirectoryError:
        raise DataFileError(f"{_where(path)}: is a directory, expected a text file") from None
    except OSError as exc:
        raise DataFileError(f"{_where(path)}: cannot be read ({exc.strerror or exc})") from None


def read_segments(path: str | Path) -> list[str]:
    """The segments of a plain-text file, one per line, read as sacreBLEU reads them.

    See the module docstring for line terminators, trailing whitespace,
    the byte-order mark and empty lines.

    Returns
    -------
    list of str
        One segment per line, trailing whitespace removed.

    Raises
    ------
    DataFileError
        A missing or unreadable file, an empty file (no segment), or bytes
        that are not UTF-8 (the line and byte named).
    """
    data = _file_bytes(path)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    if not data:
        raise DataFileError(f"{_where(path)}: the file is empty (expected one segment per line)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        raise DataFileError(
            f"{_where(path)} line {line}: invalid UTF-8 at byte {exc.start - start + 1} of the "
            f"line ({exc.reason}); expected UTF-8 text"
        ) from None
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [line.rstrip() for line in lines]


def _check_lengths(files: Mapping[str | Path, list[str]]) -> None:
    """Every file holds as many segments as the first."""
    (first, first_lines), *rest = files.items()
    for path, lines in rest:
        if len(lines) != len(first_lines):
            raise DataFileError(
                f"{_where(path)} has {len(lines)} lines but {_where(first)} has "
                f"{len(first_lines)}: expected one segment per line in every reference and "
                "system file"
            )


def read_generation_runs(
    references: str | Path | Sequence[str | Path],
    systems: Sequence[str | Path] | Mapping[Hashable, str | Path],
    *,
    require_topic: bool = False,
) -> GenerationRuns:
    """Read reference files and one hypothesis file per system (see the module docstring).

    Parameters
    ----------
    references
        One reference file, or several (one reference stream each).
    systems
        Hypothesis files (systems named after the file names without the
        extension) or a mapping name -> file.
    require_topic
        ``False``: one topic ``""`` holding every segment; ``True``: every
        segment its own topic, named by its 1-based line number.

    Returns
    -------
    GenerationRuns
        Systems in the given order; each segment's references in the order
        of the reference files.

    Raises
    ------
    DataFileError
        A file problem (see :func:`read_segments`), no reference or
        system file, two systems with the same name, or files with
        different numbers of lines (both files and counts named).
    """
    ref_paths = [references] if isinstance(references, str | Path) else list(references)
    if not ref_paths:
        raise DataFileError("at least one reference file is needed (got none)")
    named = (
        dict(systems)
        if isinstance(systems, Mapping)
        else dict(zip(run_names(systems), systems, strict=True))
    )
    if not named:
        raise DataFileError("at least one system (hypothesis) file is needed (got none)")
    streams = [read_segments(p) for p in ref_paths]
    outputs = [read_segments(p) for p in named.values()]
    _check_lengths(dict(zip([*ref_paths, *named.values()], [*streams, *outputs], strict=True)))
    n = len(streams[0])
    refs = np.empty(n, dtype=object)
    for i, segment in enumerate(zip(*streams, strict=True)):
        refs[i] = segment
    hyps = np.empty((len(outputs), n), dtype=object)
    for s, lines in enumerate(outputs):
        hyps[s, :] = lines
    if require_topic:
        return GenerationRuns(
            tuple(range(1, n + 1)), tuple(named), hyps.T[:, :, None], refs[:, None]
        )
    return GenerationRuns(("",), tuple(named), hyps[None], refs[None])


def read_runs(
    gold: str | Path | Sequence[str | Path],
    systems: Sequence[str | Path] | Mapping[Hashable, str | Path],
    *,
    scale: Sequence[Hashable] | None = None,
    scale_option: str = "scale",
    require_topic: bool = False,
) -> GenerationRuns:
    """The family's :attr:`~axiometrics.family.Family.read_runs` hook: reference and system files.

    ``gold`` is one reference file or several (the command line's
    ``--gold REF...``); see :func:`read_generation_runs`.

    Raises
    ------
    InvalidParameterError
        For a class scale: generation runs hold text and none.
    DataFileError
        For any file problem (see :func:`read_generation_runs`).
    """
    if scale is not None:
        raise InvalidParameterError(
            f"{scale_option}={scale!r}: generation runs hold text and no class scale"
        )
    return read_generation_runs(gold, systems, require_topic=require_topic)
