"""Reading evaluation data files: per-item label files and distribution files.

Formats
-------
Label files (ordinal classification), tab- or comma-separated, optional
header row:

* ``id<TAB>label``
* ``id<TAB>topic<TAB>label`` (SemEval-2016/2017 Task 4 subtask C)

Distribution files (ordinal quantification):

* ``topic<TAB>p_1<TAB>...<TAB>p_C`` (SemEval-2016/2017 Task 4 subtask E,
  ``p(-2) .. p(2)``); an optional header row names the classes.

Confusion-matrix CSV: a header row of gold labels and one row per system
label, first column the system label (rows = system).
"""

from axiometrics.io.files import (
    LabelTable,
    read_confusion_matrix,
    read_distribution_file,
    read_label_file,
)

__all__ = ["LabelTable", "read_confusion_matrix", "read_distribution_file", "read_label_file"]
