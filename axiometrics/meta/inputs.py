"""Reading meta-evaluation inputs from files.

Formats
-------
SemEval-2016/2017 Task 4 subtask C (ordinal classification)
    ``id<TAB>topic<TAB>label`` per line, labels ``-2 .. 2``; one gold file
    and one file per run (a run may also omit the topic: ``id<TAB>label``).
SemEval-2016/2017 Task 4 subtask E (ordinal quantification)
    ``topic<TAB>p(-2)<TAB>p(-1)<TAB>p(0)<TAB>p(1)<TAB>p(2)`` per line; one
    gold file and one file per run.
Score matrices
    a long CSV (or TSV) with columns ``topic, system, measure, score`` and
    optionally ``higher_is_better``; Parquet with the same columns when
    the optional dependency ``pyarrow`` is installed.

Fields are tab-separated (comma-separated when the first line has no tab);
blank lines are ignored; a first line whose first cell is ``id`` or
``topic`` is a header.  Run names are the file names without their
extension.
"""

from __future__ import annotations

import csv
import importlib.util
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

import pandas as pd

from axiometrics.distributions import SUM_TOLERANCE
from axiometrics.meta.errors import MetaInputError, MissingDependencyError
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.registry import Registry
from axiometrics.scale import ClassScale

__all__ = [
    "SEMEVAL_SCALE",
    "read_distribution_file",
    "read_distribution_runs",
    "read_label_file",
    "read_label_runs",
    "read_score_file",
    "run_names",
]

#: The five-point scale of SemEval-2016/2017 Task 4 subtasks C and E.
SEMEVAL_SCALE = ClassScale((-2, -1, 0, 1, 2))

_HEADER_FIRST_CELLS = frozenset({"id", "item", "tweet_id", "topic"})


def _rows(path: str | Path) -> tuple[list[tuple[int, list[str]]], bool]:
    """Non-blank rows with their line numbers, and whether the first is a header."""
    file = Path(path)
    if not file.is_file():
        raise MetaInputError(f"path={str(path)!r} is not an existing file")
    lines = file.read_text(encoding="utf-8-sig").splitlines()
    numbered = [(i + 1, line) for i, line in enumerate(lines) if line.strip()]
    if not numbered:
        raise MetaInputError(f"path={str(path)!r} is empty")
    delimiter = "\t" if "\t" in numbered[0][1] else ","
    rows = [
        (n, [cell.strip() for cell in row])
        for n, row in zip(
            (n for n, _ in numbered),
            csv.reader((ln for _, ln in numbered), delimiter=delimiter),
            strict=True,
        )
    ]
    header = rows[0][1][0].lower() in _HEADER_FIRST_CELLS
    return rows, header


def _parse_label(text: str) -> Hashable:
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def read_label_file(path: str | Path, *, require_topic: bool = False) -> pd.DataFrame:
    """Read a SemEval subtask C style label file.

    Parameters
    ----------
    path
        File with ``id, topic, label`` (or ``id, label``) per line.
    require_topic
        Whether the topic column is mandatory (it is for gold files).

    Returns
    -------
    pandas.DataFrame
        Columns ``id``, ``label`` and, when present, ``topic``; numeric
        labels are parsed as numbers.

    Raises
    ------
    MetaInputError
        Missing or empty file, rows with the wrong number of fields
        (file and line named), repeated ids.
    """
    rows, header = _rows(path)
    body = rows[1:] if header else rows
    if not body:
        raise MetaInputError(f"path={str(path)!r} has a header but no items")
    width = len(body[0][1])
    allowed = (3,) if require_topic else (2, 3)
    if width not in allowed:
        expected = (
            "3 fields (id, topic, label)" if require_topic else "id, topic, label (or id, label)"
        )
        raise MetaInputError(
            f"path={str(path)!r} line {body[0][0]}: expected {expected} (got {width} fields: "
            f"{body[0][1]!r})"
        )
    for line, row in body:
        if len(row) != width:
            raise MetaInputError(
                f"path={str(path)!r} line {line}: expected {width} fields like the first row "
                f"(got {len(row)}: {row!r})"
            )
    data: dict[str, list[Hashable]] = {"id": [r[0] for _, r in body]}
    if width == 3:
        data["topic"] = [r[1] for _, r in body]
    data["label"] = [_parse_label(r[-1]) for _, r in body]
    frame = pd.DataFrame(data)
    dup = frame["id"].duplicated()
    if dup.any():
        dupes = frame["id"][dup].unique().tolist()[:5]
        raise MetaInputError(
            f"path={str(path)!r}: item ids must be unique (got duplicates {dupes!r})"
        )
    return frame


def read_distribution_file(path: str | Path, *, scale: ClassScale = SEMEVAL_SCALE) -> pd.DataFrame:
    """Read a SemEval subtask E style distribution file.

    Returns
    -------
    pandas.DataFrame
        A ``topic`` column and one column per class label of ``scale``.

    Raises
    ------
    MetaInputError
        Missing or empty file, the wrong number of probabilities (file and
        line named), values that are not numbers.
    """
    rows, header = _rows(path)
    body = rows[1:] if header else rows
    if not body:
        raise MetaInputError(f"path={str(path)!r} has a header but no distributions")
    width = scale.n_classes + 1
    records = []
    for line, row in body:
        if len(row) != width:
            raise MetaInputError(
                f"path={str(path)!r} line {line}: expected a topic and {scale.n_classes} "
                f"probabilities for the classes {list(scale.labels)!r} (got {len(row)} fields)"
            )
        try:
            probabilities = [float(x) for x in row[1:]]
        except ValueError:
            raise MetaInputError(
                f"path={str(path)!r} line {line}: probabilities must be numbers (got {row[1:]!r})"
            ) from None
        records.append([row[0], *probabilities])
    return pd.DataFrame(records, columns=["topic", *scale.labels])


def run_names(paths: Sequence[str | Path]) -> list[str]:
    """Run names: the file names without extension; they must be unique."""
    names = [Path(p).stem for p in paths]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise MetaInputError(
            f"run file names must be unique without their extension (got {repeated!r} twice)"
        )
    return names


def read_label_runs(
    gold: str | Path,
    runs: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    scale: ClassScale | Sequence[Hashable] = SEMEVAL_SCALE,
) -> LabelRuns:
    """Read a SemEval subtask C gold file and run files into :class:`LabelRuns`.

    ``runs`` is a list of paths (named after the files) or a mapping name -> path.
    """
    paths = (
        dict(runs) if isinstance(runs, Mapping) else dict(zip(run_names(runs), runs, strict=True))
    )
    gold_frame = read_label_file(gold, require_topic=True)
    frames = {name: read_label_file(path) for name, path in paths.items()}
    return LabelRuns.from_frames(gold_frame, frames, scale=scale)


def read_distribution_runs(
    gold: str | Path,
    runs: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    scale: ClassScale = SEMEVAL_SCALE,
    tol: float = SUM_TOLERANCE,
) -> DistributionRuns:
    """Read a SemEval subtask E gold file and run files into :class:`DistributionRuns`."""
    paths = (
        dict(runs) if isinstance(runs, Mapping) else dict(zip(run_names(runs), runs, strict=True))
    )
    gold_frame = read_distribution_file(gold, scale=scale)
    frames = {name: read_distribution_file(path, scale=scale) for name, path in paths.items()}
    return DistributionRuns.from_frames(gold_frame, frames, scale=scale, tol=tol)


def parquet_available() -> bool:
    """Whether the optional Parquet engine (pyarrow) is importable."""
    return importlib.util.find_spec("pyarrow") is not None


def read_score_file(
    path: str | Path,
    *,
    higher_is_better: Mapping[str, bool] | None = None,
    registry: Registry | None = None,
) -> ScoreMatrices:
    """Read long-format score matrices from CSV, TSV or Parquet.

    Raises
    ------
    MetaInputError
        Missing file, unreadable contents, or invalid score matrices (see
        :meth:`ScoreMatrices.from_frame`).
    MissingDependencyError
        For a ``.parquet`` file when pyarrow is not installed.
    """
    file = Path(path)
    if not file.is_file():
        raise MetaInputError(f"path={str(path)!r} is not an existing file")
    if file.suffix.lower() in (".parquet", ".pq"):
        if not parquet_available():
            raise MissingDependencyError(
                f"reading path={str(path)!r} needs the optional dependency pyarrow; install it "
                "with `pip install pyarrow` or use a CSV file"
            )
        frame = pd.read_parquet(file)
    else:
        sep = "\t" if file.suffix.lower() == ".tsv" else ","
        try:
            frame = pd.read_csv(file, sep=sep)
        except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
            raise MetaInputError(f"path={str(path)!r} is not a readable CSV file ({exc})") from None
    try:
        return ScoreMatrices.from_frame(frame, higher_is_better=higher_is_better, registry=registry)
    except MetaInputError as exc:
        raise MetaInputError(f"path={str(path)!r}: {exc}") from None
