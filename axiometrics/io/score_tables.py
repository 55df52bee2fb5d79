"""Reading per-topic score tables: the long and the wide format, checked cell by cell.

Formats
-------
Long (``axiometrics score --format csv|json``, ``meta --scores``, ``compare --scores``)
    one row per (topic, system, measure) with the columns ``topic, system,
    measure, score``; optional ``higher_is_better`` (``true``/``false``,
    ``1``/``0``, ``yes``/``no``), ``status`` (a cell whose status starts
    with ``undefined`` has no score) and ``aggregate`` (rows with a
    non-empty ``aggregate``, the per-system means of ``axiometrics score``,
    are skipped).  CSV or TSV, JSON (a list of row objects, or an object
    whose ``rows`` are one), or Parquet (with the optional pyarrow).
Wide (CSV or TSV)
    a header row, then one row per topic: the first column holds the topic,
    every other column one system's scores (the header names the systems).

Text files are read like every file of :mod:`axiometrics.io`: tab-separated
(comma-separated when the first non-blank line has no tab), blank lines
skipped without losing count of the lines, cells stripped.  A score is a
plain decimal number (:data:`~axiometrics.io.rows.NUMBER_PATTERN`):
``1_0``, ``nan`` and ``inf`` are not scores.

Every problem raises :class:`~axiometrics.errors.DataFileError` naming the
file and the line (``row N`` of a JSON or Parquet file, counting data rows
from 1), or :class:`~axiometrics.errors.UndefinedMeasureError` for a cell
marked undefined: a repeated column name (never renamed to ``A.1``), a row
with more or fewer fields than the header, an empty or unreadable file, a
repeated or missing (topic, system, measure) cell, a score that is not a
finite number.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.errors import DataFileError, UndefinedMeasureError
from axiometrics.io.rows import parse_numbers, read_cells, read_rows

__all__ = [
    "LONG_SCORE_COLUMNS",
    "LongScores",
    "ScoreTable",
    "Table",
    "read_table",
    "wide_scores",
]

#: The columns every long score file has.
LONG_SCORE_COLUMNS = ("topic", "system", "measure", "score")

_TRUE = frozenset({"true", "1", "1.0", "yes"})
_FALSE = frozenset({"false", "0", "0.0", "no"})


@dataclass
class Table:
    """A table read from a file: the header and every data row, with where each row came from.

    Attributes
    ----------
    path
        The file, as given.
    header
        The column names, unique and non-empty.
    body
        One row per data row, one column per header name (columns ``0 ..
        W-1``); text cells for CSV/TSV files, the stored values for JSON and
        Parquet.
    kind
        ``"text"``, ``"json"`` or ``"parquet"``.
    """

    path: str
    header: tuple[str, ...]
    body: pd.DataFrame
    kind: str
    _lines: Callable[[], np.ndarray] = field(default=lambda: np.zeros(0, int), repr=False)
    _line_cache: np.ndarray | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """``path='...'`` for messages."""
        return f"path={self.path!r}"

    @property
    def header_at(self) -> str:
        """Where the header is, for messages: ``path='...' line N`` (text) or the column names."""
        if self.kind == "text":
            return f"{self.name} line {int(self._line_numbers()[0])}"
        return f"{self.name} (its column names)"

    def _line_numbers(self) -> np.ndarray:
        """1-based file lines of the header (first) and of every data row (text files)."""
        if self._line_cache is None:
            self._line_cache = self._lines()
        return self._line_cache

    def where(self, row: int) -> str:
        """Where data row ``row`` (0-based position in :attr:`body`) is: ``line N`` or ``row N``."""
        if self.kind == "text":
            return f"line {int(self._line_numbers()[row + 1])}"
        return f"row {row + 1}"

    def at(self, row: int) -> str:
        """``path='...' line N``: the file and the place of a data row, for messages."""
        return f"{self.name} {self.where(row)}"


def _text_table(path: str) -> Table:
    """A CSV/TSV table: pandas' C parser for regular files, the line reader for the rest."""
    cells = read_cells(path)
    if cells is not None:

        def lines() -> np.ndarray:
            # Only for messages: the file's non-blank lines are the parsed rows, in order.
            text = Path(path).read_text(encoding="utf-8-sig").splitlines()
            return np.array([i + 1 for i, line in enumerate(text) if line.strip()])

        body = cells.iloc[1:].reset_index(drop=True)
        body.columns = pd.RangeIndex(body.shape[1])
        return _checked(Table(path, tuple(cells.iloc[0]), body, "text", lines))
    rows = read_rows(path)
    head, data = rows[0], rows[1:]
    numbers = np.array([row.line for row in rows])
    table = _checked(
        Table(path, tuple(head.cells), pd.DataFrame(), "text", lambda: numbers),
    )
    width = len(table.header)
    for line, row_cells in data:
        if len(row_cells) != width:
            raise DataFileError(
                f"path={path!r} line {line}: expected {width} fields like the header on line "
                f"{head.line} ({', '.join(table.header)}), found {len(row_cells)}: {row_cells!r}"
            )
    table.body = pd.DataFrame(
        [row.cells for row in data], columns=pd.RangeIndex(width), dtype=object
    )
    return table


def _checked(table: Table) -> Table:
    """The table, once its column names are non-empty and unique (never renamed like pandas)."""
    texts = [str(n).strip() for n in table.header]
    first: dict[str, int] = {}
    for position, name in enumerate(texts, start=1):
        if not name:
            raise DataFileError(
                f"{table.header_at}: column {position} of the header has no name (header {texts!r})"
            )
        if name in first:
            raise DataFileError(
                f"{table.header_at}: the column name {name!r} appears twice (columns "
                f"{first[name]} and {position}); every column needs its own name"
            )
        first[name] = position
    table.header = tuple(texts)
    return table


def _json_table(path: str) -> Table:
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataFileError(f"path={path!r} is not a readable JSON file ({exc})") from None
    rows = document.get("rows") if isinstance(document, dict) else document
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise DataFileError(
            f"path={path!r}: expected a list of row objects or an object whose 'rows' is one "
            "(as `axiometrics score --format json` writes)"
        )
    names = list(dict.fromkeys(key for row in rows for key in row))
    body = pd.DataFrame(
        [[row.get(key) for key in names] for row in rows],
        columns=pd.RangeIndex(len(names)),
        dtype=object,
    )
    return _checked(Table(path, tuple(names), body, "json"))


def _parquet_table(path: str) -> Table:
    import importlib.util

    if importlib.util.find_spec("pyarrow") is None:
        from axiometrics.meta.errors import MissingDependencyError

        raise MissingDependencyError(
            f"reading path={path!r} needs the optional dependency pyarrow; install it with "
            "`pip install pyarrow` or use a CSV file"
        )
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        arrow = pq.read_table(path)
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise DataFileError(
            f"path={path!r} is not a readable Parquet file ({type(exc).__name__}: "
            f"{' '.join(str(exc).split())})"
        ) from None
    columns = {i: arrow.column(i).to_pylist() for i in range(arrow.num_columns)}
    body = pd.DataFrame(columns, columns=pd.RangeIndex(arrow.num_columns), dtype=object)
    return _checked(Table(path, tuple(arrow.column_names), body, "parquet"))


def read_table(path: str | Path) -> Table:
    """Read a CSV/TSV, JSON or Parquet file (by its extension) into a :class:`Table`.

    Raises
    ------
    DataFileError
        A missing, empty or unreadable file, a header with a repeated or
        empty column name, a row with more or fewer fields than the header
        (file and line named).
    MissingDependencyError
        For a Parquet file when pyarrow is not installed.
    """
    file = Path(path)
    text = str(path)
    if not file.is_file():
        raise DataFileError(f"path={text!r} is not an existing file")
    suffix = file.suffix.lower()
    if suffix in (".parquet", ".pq"):
        return _parquet_table(text)
    if suffix == ".json":
        return _json_table(text)
    return _text_table(text)


@dataclass(frozen=True)
class ScoreTable:
    """Validated per-topic scores: one row per (topic, system, measure).

    Attributes
    ----------
    path
        The file they were read from.
    frame
        Columns ``topic, system, measure, score`` (finite floats), in file order.
    higher_is_better
        The directions the file gives (measure name -> bool); measures it
        gives none for are missing.
    """

    path: str
    frame: pd.DataFrame
    higher_is_better: dict[str, bool]

    @property
    def measures(self) -> list[str]:
        """Measure names in file order."""
        return [str(m) for m in pd.unique(self.frame["measure"])]

    @property
    def topics(self) -> list[Hashable]:
        """Topic names in file order."""
        return list(pd.unique(self.frame["topic"]))

    @property
    def systems(self) -> list[Hashable]:
        """System names in file order."""
        return list(pd.unique(self.frame["system"]))


def _blank(column: pd.Series, kind: str) -> np.ndarray:
    """Cells that hold nothing: missing values and empty (or white-space) text.

    Cells of text files are stripped strings already (``kind="text"``).
    """
    if kind == "text":
        return np.asarray(column.to_numpy(dtype=object) == "", dtype=bool)
    missing = column.isna().to_numpy(dtype=bool)
    text = column.map(lambda v: isinstance(v, str) and not v.strip()).to_numpy(dtype=bool)
    return missing | text


def _names(table: Table, column: int, what: str, rows: np.ndarray) -> pd.Series:
    """A column of names (topics, systems, measures): never empty; text kept as text."""
    values = table.body[column]
    blank = _blank(values, table.kind)[rows]
    if blank.any():
        row = int(rows[np.flatnonzero(blank)[0]])
        raise DataFileError(f"{table.at(row)}: the {what} is empty; every row needs one")
    picked = values.iloc[rows].reset_index(drop=True)
    if table.kind != "text":  # JSON and Parquet cells may hold lists or objects
        nested = picked.map(lambda v: not isinstance(v, str | int | float | np.number))
        if nested.any():
            first = int(np.flatnonzero(nested.to_numpy(dtype=bool))[0])
            raise DataFileError(
                f"{table.at(int(rows[first]))}: the {what} must be text or a number (got "
                f"{picked[first]!r})"
            )
    return picked


def _scores(
    table: Table, values: pd.Series, rows: np.ndarray, label: Callable[[int], str]
) -> np.ndarray:
    """The finite scores of ``values`` (cells of the data rows ``rows``), or an error naming one."""
    if table.kind == "text":
        numbers = parse_numbers(values)[0]
        bad = ~np.isfinite(numbers)
    else:
        cells = values.astype(object)
        is_text = cells.map(lambda v: isinstance(v, str)).to_numpy(dtype=bool)
        is_number = cells.map(
            lambda v: (
                isinstance(v, int | float | np.integer | np.floating)
                and not isinstance(v, bool | np.bool_)
            )
        ).to_numpy(dtype=bool)
        numbers = np.full(len(cells), np.nan)
        if is_text.any():
            numbers[is_text] = parse_numbers(cells[is_text].astype(str))[0]
        if is_number.any():
            numbers[is_number] = cells[is_number].to_numpy(dtype=float)
        bad = ~np.isfinite(numbers)
    if bad.any():
        first = int(np.flatnonzero(bad)[0])
        cell = values.iloc[first]
        problem = "no score" if _blank(values.iloc[[first]], table.kind)[0] else f"got {cell!r}"
        raise DataFileError(
            f"{table.at(int(rows[first]))}: {label(first)}: expected a finite number ({problem}); "
            "a score is a plain decimal number such as 0.25 or 1e-3"
        )
    return numbers


@dataclass(frozen=True)
class LongScores:
    """A long score file whose rows are read but whose cells are checked per measure.

    :meth:`select` checks the cells of the chosen measures only, so a
    measure left out may be undefined in the file.
    """

    table: Table
    rows: np.ndarray  # positions of the per-topic rows (aggregate rows skipped)
    measure_names: pd.Series  # measure of each of those rows, as text

    @classmethod
    def from_table(cls, table: Table) -> LongScores:
        """Check the columns and names of a long table.

        Raises
        ------
        DataFileError
            A missing column (``topic, system, measure, score``), no per-topic
            row, an empty topic, system or measure (file and line named).
        """
        missing = [c for c in LONG_SCORE_COLUMNS if c not in table.header]
        if missing:
            raise DataFileError(
                f"{table.header_at}: a long score file needs the columns "
                f"{', '.join(LONG_SCORE_COLUMNS)} (missing {', '.join(missing)}; found "
                f"{list(table.header)!r})"
            )
        rows = np.arange(len(table.body))
        if "aggregate" in table.header:
            aggregate = table.body[table.header.index("aggregate")]
            rows = rows[_blank(aggregate, table.kind)]
        if not len(rows):
            raise DataFileError(f"{table.name} holds no per-topic score rows")
        names = _names(table, table.header.index("measure"), "measure", rows).astype(str)
        return cls(table, rows, names.str.strip())

    @property
    def measures(self) -> list[str]:
        """The measures of the file, in file order."""
        return [str(m) for m in pd.unique(self.measure_names)]

    def _column(self, name: str) -> int:
        return self.table.header.index(name)

    def select(self, measures: Sequence[str] | None = None) -> ScoreTable:
        """The checked cells of ``measures`` (default: every measure of the file).

        Raises
        ------
        DataFileError
            An empty topic or system, a score that is not a finite number, a
            cell given twice (both lines named), a missing cell, an unreadable
            or inconsistent ``higher_is_better`` (file and line named).
        UndefinedMeasureError
            A cell of a chosen measure whose ``status`` says it is undefined.
        """
        table = self.table
        chosen = self.measures if measures is None else list(measures)
        keep = self.measure_names.isin(chosen).to_numpy()
        rows = self.rows[keep]
        measure = self.measure_names[keep].reset_index(drop=True)
        topic = _names(table, self._column("topic"), "topic", rows)
        system = _names(table, self._column("system"), "system", rows)
        self._refuse_undefined(rows, topic, system, measure)

        def label(i: int) -> str:
            return f"score of measure={measure[i]!r} topic={topic[i]!r} system={system[i]!r}"

        raw = table.body[self._column("score")].iloc[rows].reset_index(drop=True)
        scores = _scores(table, raw, rows, label)
        frame = pd.DataFrame(
            {"topic": topic, "system": system, "measure": measure, "score": scores}
        )
        self._refuse_repeats(frame, rows)
        _refuse_holes(table, frame)
        return ScoreTable(table.path, frame, self._directions(rows, measure))

    def _refuse_undefined(
        self, rows: np.ndarray, topic: pd.Series, system: pd.Series, measure: pd.Series
    ) -> None:
        if "status" not in self.table.header:
            return
        status = self.table.body[self._column("status")].iloc[rows].reset_index(drop=True)
        text = status.fillna("").astype(str).str.strip()
        undefined = text.str.lower().str.startswith("undefined").to_numpy()
        if not undefined.any():
            return
        first = int(np.flatnonzero(undefined)[0])
        count = int((undefined & (measure == measure[first]).to_numpy()).sum())
        reason = text[first][len("undefined") :].lstrip(": ") or "undefined input"
        raise UndefinedMeasureError(
            f"{self.table.at(int(rows[first]))}: measure={measure[first]!r} is undefined at "
            f"topic={topic[first]!r} system={system[first]!r} (undefined cells of the measure: "
            f"{count}): {reason}; every cell needs a score: choose the other measures, or "
            "score the runs again with a fill value (axiometrics score --on-undefined NUMBER)"
        )

    def _refuse_repeats(self, frame: pd.DataFrame, rows: np.ndarray) -> None:
        keys = frame[["topic", "system", "measure"]]
        repeated = keys.duplicated(keep=False).to_numpy()
        if not repeated.any():
            return
        first_dup = int(np.flatnonzero(keys.duplicated().to_numpy())[0])
        t, s, m = keys.iloc[first_dup].tolist()
        same = ((keys["topic"] == t) & (keys["system"] == s) & (keys["measure"] == m)).to_numpy()
        first = int(np.flatnonzero(same)[0])
        raise DataFileError(
            f"{self.table.name}: the cell (topic={t!r}, system={s!r}, measure={m!r}) is given "
            f"twice ({self.table.where(int(rows[first]))} and "
            f"{self.table.where(int(rows[first_dup]))}); each must appear once"
        )

    def _directions(self, rows: np.ndarray, measure: pd.Series) -> dict[str, bool]:
        if "higher_is_better" not in self.table.header:
            return {}
        raw = self.table.body[self._column("higher_is_better")].iloc[rows].reset_index(drop=True)
        out: dict[str, bool] = {}
        seen_at: dict[str, int] = {}
        blank = _blank(raw, self.table.kind)
        for i in np.flatnonzero(~blank):
            name = str(measure[i])
            value = _as_bool(raw[i])
            if value is None:
                raise DataFileError(
                    f"{self.table.at(int(rows[i]))}: higher_is_better must be true or false "
                    f"(got {raw[i]!r})"
                )
            if name in out and out[name] != value:
                raise DataFileError(
                    f"{self.table.name}: higher_is_better of measure={name!r} is "
                    f"{str(out[name]).lower()} on {self.table.where(int(rows[seen_at[name]]))} "
                    f"but {str(value).lower()} on {self.table.where(int(rows[i]))}; a measure "
                    "has one direction"
                )
            out.setdefault(name, value)
            seen_at.setdefault(name, int(i))
        return out


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    return None


def _refuse_holes(table: Table, frame: pd.DataFrame) -> None:
    """Every system needs a score for every topic and measure: name a missing cell."""
    measures = pd.unique(frame["measure"])
    topics = pd.unique(frame["topic"])
    systems = pd.unique(frame["system"])
    expected = len(measures) * len(topics) * len(systems)
    if len(frame) == expected:
        return
    m = pd.Index(measures).get_indexer(pd.Index(frame["measure"]))
    t = pd.Index(topics).get_indexer(pd.Index(frame["topic"]))
    s = pd.Index(systems).get_indexer(pd.Index(frame["system"]))
    present = np.zeros((len(measures), len(topics), len(systems)), dtype=bool)
    present[m, t, s] = True
    mi, ti, si = (int(i) for i in np.argwhere(~present)[0])
    raise DataFileError(
        f"{table.name}: system={systems[si]!r} has no score for topic={topics[ti]!r} "
        f"measure={measures[mi]!r} ({int((~present).sum())} cells missing in all); every system "
        "needs a score for every topic and measure"
    )


def wide_scores(table: Table, *, measure: str = "score", min_systems: int = 2) -> ScoreTable:
    """The scores of a wide table: the first column topics, one column per system.

    Raises
    ------
    DataFileError
        Fewer than ``min_systems`` system columns, an empty or repeated topic
        (both lines named), a missing score or one that is not a finite
        number (file, line and system named).
    """
    if table.kind != "text":
        raise DataFileError(
            f"{table.name}: a JSON or Parquet score file must be in the long format (columns "
            f"{', '.join(LONG_SCORE_COLUMNS)}; found {list(table.header)!r})"
        )
    systems = list(table.header[1:])
    if len(systems) < min_systems:
        raise DataFileError(
            f"{table.header_at}: a wide score file needs a topic column and at "
            f"least {min_systems} system columns (got columns {list(table.header)!r})"
        )
    if table.body.empty:
        raise DataFileError(f"{table.name} has a header but no topic rows")
    rows = np.arange(len(table.body))
    topics = _names(table, 0, f"topic (column {table.header[0]!r})", rows)
    repeated = topics.duplicated().to_numpy()
    if repeated.any():
        second = int(np.flatnonzero(repeated)[0])
        first = int(np.flatnonzero((topics == topics[second]).to_numpy())[0])
        raise DataFileError(
            f"{table.name}: topic {topics[second]!r} has two rows ({table.where(first)} and "
            f"{table.where(second)}); each topic needs one row"
        )
    blocks = []
    for column, system in enumerate(systems, start=1):
        values = table.body[column].reset_index(drop=True)

        def label(i: int, system: str = system, column: int = column) -> str:
            return f"score of system={system!r} (column {column + 1}) on topic={topics[i]!r}"

        blocks.append(_scores(table, values, rows, label))
    scores = np.stack(blocks, axis=1)  # (T, S)
    frame = pd.DataFrame(
        {
            "topic": np.repeat(topics.to_numpy(dtype=object), len(systems)),
            "system": np.tile(np.asarray(systems, dtype=object), len(topics)),
            "measure": measure,
            "score": scores.ravel(),
        }
    )
    return ScoreTable(table.path, frame, {})
