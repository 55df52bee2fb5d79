"""Readers of single evaluation files: label files, distribution files, confusion matrices.

They check the file's syntax (field counts, numbers, unique ids and class
names) and name the file and line of any problem.  Whether the contents
make sense together (runs covering the gold items, probabilities summing
to 1, labels on the scale) is checked where the files meet, in
:mod:`axiometrics.io.runs`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from pathlib import Path

import pandas as pd

from axiometrics.confusion import ConfusionMatrices
from axiometrics.errors import DataFileError, InvalidInputError
from axiometrics.io.rows import (
    HEADER_FIRST_CELLS,
    Row,
    nominal_order,
    parse_label,
    parse_labels,
    parse_number,
    read_cells,
    read_rows,
    split_header,
)
from axiometrics.scale import ClassScale, as_scale

__all__ = [
    "SEMEVAL_SCALE",
    "read_confusion_matrix",
    "read_distribution_file",
    "read_label_file",
    "require_ordered_labels",
]

#: The five-point scale of SemEval-2016/2017 Task 4 subtasks C and E.
SEMEVAL_SCALE = ClassScale((-2, -1, 0, 1, 2))


def _check_widths(path: str | Path, rows: Sequence[Row], width: int, expected: str) -> None:
    for line, cells in rows:
        if len(cells) != width:
            raise DataFileError(
                f"path={str(path)!r} line {line}: expected {expected} "
                f"(got {len(cells)} fields: {cells!r})"
            )


#: Spellings of NaN and infinity read as such: the checks of the runs refuse them with the
#: run and topic (a distribution) or the cell (a confusion matrix) named.
_NON_FINITE = frozenset(
    sign + word for sign in ("", "+", "-") for word in ("nan", "inf", "infinity")
)


def _numbers(path: str | Path, line: int, cells: Sequence[str], what: str) -> list[float]:
    """The numbers of a row's cells, or a :class:`DataFileError` naming the line and cell.

    Plain decimal numbers only (``1_0`` is not a number); ``nan`` and ``inf``
    are read as such and refused where the values are checked.
    """
    out = []
    for cell in cells:
        if cell.lower() in _NON_FINITE:
            out.append(float(cell))
            continue
        number = parse_number(cell)
        if number is None or not math.isfinite(number):
            problem = "" if number is None else f"; {cell!r} is too large for a float"
            raise DataFileError(
                f"path={str(path)!r} line {line}: {what} must be numbers (got {list(cells)!r}"
                f"{problem})"
            )
        out.append(number)
    return out


def read_label_file(path: str | Path, *, require_topic: bool = False) -> pd.DataFrame:
    """Read a label file: ``id, topic, label`` or ``id, label`` per line.

    This is the format of SemEval-2016/2017 Task 4 subtask C gold and run
    files.  An optional header row is skipped.

    Parameters
    ----------
    path
        The file.
    require_topic
        Whether the topic column is mandatory (it is for a gold file whose
        items must be grouped into topics).

    Returns
    -------
    pandas.DataFrame
        Columns ``id``, ``topic`` (only when the file has one) and
        ``label``, in file order; ids and topics are text, numeric labels
        are numbers (see :func:`~axiometrics.io.rows.parse_label`).

    Raises
    ------
    DataFileError
        Missing or empty file, a header without items, rows with the wrong
        number of fields (file and line named), repeated ids.

    Notes
    -----
    Regular files are parsed by pandas' C parser; any file it cannot take
    as is (quotes, ragged rows, ...) is read line by line, so the messages
    name the line at fault either way.
    """
    frame = _label_frame_fast(path, require_topic)
    if frame is None:
        frame = _label_frame_rows(path, require_topic)
    repeated = frame["id"].duplicated()
    if repeated.any():
        dupes = frame["id"][repeated].unique().tolist()[:5]
        raise DataFileError(
            f"path={str(path)!r}: item ids must be unique (got duplicates {dupes!r})"
        )
    return frame


def _label_frame_fast(path: str | Path, require_topic: bool) -> pd.DataFrame | None:
    """The label frame of a regular file, or ``None`` to let the line reader judge it."""
    cells = read_cells(path)
    if cells is None:
        return None
    if str(cells.iat[0, 0]).lower() in HEADER_FIRST_CELLS:
        cells = cells.iloc[1:]
    width = cells.shape[1]
    if cells.empty or width not in ((3,) if require_topic else (2, 3)):
        return None
    cells = cells.reset_index(drop=True)
    data = {"id": cells[0].astype(object)}
    if width == 3:
        data["topic"] = cells[1].astype(object)
    data["label"] = parse_labels(cells[width - 1])
    return pd.DataFrame(data)


def _label_frame_rows(path: str | Path, require_topic: bool) -> pd.DataFrame:
    """The label frame read line by line (the reference reader, with line numbers)."""
    _, body = split_header(read_rows(path))
    if not body:
        raise DataFileError(f"path={str(path)!r} has a header but no items")
    first = body[0]
    width = len(first.cells)
    if width not in ((3,) if require_topic else (2, 3)):
        expected = (
            "3 fields (id, topic, label)" if require_topic else "id, topic, label (or id, label)"
        )
        raise DataFileError(
            f"path={str(path)!r} line {first.line}: expected {expected} "
            f"(got {width} fields: {first.cells!r})"
        )
    _check_widths(path, body, width, f"{width} fields like the first row")
    data: dict[str, list[Hashable]] = {"id": [cells[0] for _, cells in body]}
    if width == 3:
        data["topic"] = [cells[1] for _, cells in body]
    data["label"] = [parse_label(cells[-1]) for _, cells in body]
    return pd.DataFrame(data)


def _class_columns(
    path: str | Path, header: Row | None, scale: ClassScale | None, n_fields: int
) -> list[Hashable]:
    """Class labels of the probability columns, in file order."""
    if header is None:
        return list(range(n_fields - 1)) if scale is None else list(scale.labels)
    named = [parse_label(c) for c in header.cells[1:]]
    if scale is not None:
        # A header naming exactly the scale's classes fixes the column
        # order; any other header (e.g. "p(-2)") only describes the columns.
        if len(named) == scale.n_classes and set(named) == set(scale.labels):
            return named
        return list(scale.labels)
    if len(set(named)) != len(named):
        raise DataFileError(
            f"path={str(path)!r} line {header.line}: class names in the header must be unique "
            f"(got {header.cells[1:]!r})"
        )
    return named


def read_distribution_file(
    path: str | Path, *, scale: ClassScale | Sequence[Hashable] | None = None
) -> pd.DataFrame:
    """Read a distribution file: ``topic, p_1, ..., p_C`` per line.

    This is the format of SemEval-2016/2017 Task 4 subtask E gold and run
    files (``p(-2) .. p(2)``).

    Parameters
    ----------
    path
        The file.
    scale
        The classes, in column order.  A header row naming exactly these
        classes may give them in another order; a header with other names
        is only a description.  Without a scale the header names the
        classes, or, without a header, they are ``0 .. C-1``.

    Returns
    -------
    pandas.DataFrame
        A ``topic`` column and one column per class (labels as column
        names), in file order.  Probabilities are checked by
        :class:`~axiometrics.io.runs.DistributionRuns`.

    Raises
    ------
    DataFileError
        Missing or empty file, a header without distributions, rows with
        the wrong number of fields or fewer than 2 probabilities, repeated
        class names, values that are not numbers (file and line named).
    """
    header, body = split_header(read_rows(path))
    if not body:
        raise DataFileError(f"path={str(path)!r} has a header but no distributions")
    resolved = None if scale is None else as_scale(scale, None)
    first = body[0]
    if resolved is None:
        width = len(first.cells)
        if width < 3:
            raise DataFileError(
                f"path={str(path)!r} line {first.line}: expected a topic and at least 2 "
                f"probabilities per row (got {first.cells!r})"
            )
        expected = f"{width} fields like the first row"
    else:
        width = resolved.n_classes + 1
        expected = (
            f"a topic and {resolved.n_classes} probabilities for the classes "
            f"{list(resolved.labels)!r}"
        )
    _check_widths(path, body if header is None else [header, *body], width, expected)
    columns = _class_columns(path, header, resolved, width)
    records = [
        [cells[0], *_numbers(path, line, cells[1:], "probabilities")] for line, cells in body
    ]
    return pd.DataFrame(records, columns=["topic", *columns])


def read_confusion_matrix(
    path: str | Path,
    *,
    rows: str = "system",
    scale: ClassScale | Sequence[Hashable] | None = None,
    scale_option: str = "scale",
    ordered: bool = True,
) -> ConfusionMatrices:
    r"""Read a labelled confusion-matrix CSV/TSV.

    The first row holds the column labels (its first cell, e.g.
    ``system\gold``, is ignored); each following row starts with its row
    label.  ``rows`` says whether the row labels are system classes
    (default) or gold classes.  Without ``scale`` the labels must be
    numbers (their order is then known); ``scale_option`` is how a message
    names the scale argument (the command line passes ``"--scale"``).
    With ``ordered=False`` (nominal classes) any labels are accepted
    without a scale, listed numbers first, then text alphabetically.

    Raises
    ------
    DataFileError
        A header without matrix rows, rows with another number of fields
        than the header, counts that are not numbers (file and line named),
        a row or column label given twice (the label and both positions
        named).
    InvalidInputError
        Labels that are not numbers and no ``scale``.
    """
    header, *body = read_rows(path)
    if not body:
        raise DataFileError(f"path={str(path)!r}: expected a header row and matrix rows")
    width = len(header.cells)
    _check_widths(path, body, width, f"{width} fields like the header")
    counts = [_numbers(path, line, cells[1:], "counts") for line, cells in body]
    row_labels = [parse_label(cells[0]) for _, cells in body]
    column_labels = [parse_label(c) for c in header.cells[1:]]
    _refuse_repeats(path, row_labels, [f"line {line}" for line, _ in body], "row")
    _refuse_repeats(
        path,
        column_labels,
        [f"line {header.line} column {i}" for i in range(2, width + 1)],
        "column",
    )
    if scale is None and ordered:
        require_ordered_labels([*row_labels, *column_labels], scale_option)
    elif scale is None:
        labels = nominal_order([*row_labels, *column_labels])
        if len(labels) < 2:
            raise DataFileError(
                f"path={str(path)!r}: the matrix names a single class ({labels!r}); at least 2 "
                "are needed"
            )
        scale = ClassScale(labels)
    frame = pd.DataFrame(counts, index=row_labels, columns=column_labels)
    return ConfusionMatrices.from_crosstab(frame, rows=rows, scale=scale)


def _refuse_repeats(
    path: str | Path, labels: Sequence[Hashable], positions: Sequence[str], kind: str
) -> None:
    """A confusion-matrix label given twice would have its counts merged: refuse it."""
    first: dict[Hashable, str] = {}
    for label, where in zip(labels, positions, strict=True):
        if label in first:
            raise DataFileError(
                f"path={str(path)!r}: {kind} label {label!r} appears twice ({first[label]} and "
                f"{where}); each class must have one {kind}"
            )
        first[label] = where


def require_ordered_labels(labels: Sequence[Hashable], scale_option: str = "scale") -> None:
    """Refuse labels whose order is unknown: without a scale, labels must be numbers.

    Raises
    ------
    InvalidInputError
        If a label is not a number; the message shows how to pass the
        scale (``scale=[...]`` in Python, ``--scale=a,b,c`` on the command line).
    """
    words = list(dict.fromkeys(lab for lab in labels if not isinstance(lab, int | float)))
    if not words:
        return
    if scale_option.startswith("--"):
        example = f"{scale_option}={','.join(str(w) for w in words)}"
    else:
        example = f"{scale_option}={words!r}"
    raise InvalidInputError(
        f"labels {words!r} are not numbers, so their order is unknown; give the classes in "
        f"order, lowest first, e.g. {example}"
    )
