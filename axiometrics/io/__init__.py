"""Reading evaluation data files: one reader per format, shared by every command.

Formats
-------
Fields are tab-separated (comma-separated when the first non-blank line has
no tab); blank lines are skipped, and error messages give the true line
number; a first row whose first cell is ``id``, ``item``, ``tweet_id`` or
``topic`` is a header.

Label files (ordinal classification; SemEval-2016/2017 Task 4 subtask C)
    ``id<TAB>topic<TAB>label`` or ``id<TAB>label`` per line.
Distribution files (ordinal quantification; subtask E)
    ``topic<TAB>p_1<TAB>...<TAB>p_C`` per line (``p(-2) .. p(2)``); a header
    row may name the classes.
Confusion-matrix CSV
    a header row of column labels and one row per row label, the first
    column holding the row label (rows = system classes by default).
Other families' run files
    read by the family's own reader, in its package
    (:attr:`axiometrics.family.Family.read_runs`).

Layers
------
:mod:`axiometrics.io.rows`
    rows with line numbers, header detection, label parsing;
:mod:`axiometrics.io.files`
    one file into a frame (or a confusion matrix), syntax checked;
:mod:`axiometrics.io.runs`
    :class:`LabelRuns` / :class:`DistributionRuns`: gold plus several runs
    over topics, matched and validated, as batches of confusion matrices
    ``(T, S, C, C)`` or distributions ``(T, S, C)``;
:mod:`axiometrics.io.load`
    a gold file and run files into those containers.

Every problem raises :class:`~axiometrics.errors.DataFileError` (or
:class:`~axiometrics.errors.UnknownLabelError`) naming the file and line,
or the run, topic and item at fault.
"""

from axiometrics.errors import DataFileError
from axiometrics.io.files import (
    SEMEVAL_SCALE,
    read_confusion_matrix,
    read_distribution_file,
    read_label_file,
)
from axiometrics.io.load import read_distribution_runs, read_label_runs, run_names
from axiometrics.io.rows import parse_label
from axiometrics.io.runs import DistributionRuns, LabelRuns

__all__ = [
    "SEMEVAL_SCALE",
    "DataFileError",
    "DistributionRuns",
    "LabelRuns",
    "parse_label",
    "read_confusion_matrix",
    "read_distribution_file",
    "read_distribution_runs",
    "read_label_file",
    "read_label_runs",
    "run_names",
]
