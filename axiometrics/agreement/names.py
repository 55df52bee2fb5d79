"""Option values and axis names of the agreement functions, matched without regard to case.

String options (``level``, ``weights``, ``missing``, ``items``, ``layout``)
accept any case (``"Ordinal"`` is ``"ordinal"``), as measure names do; an
unknown value is refused with the nearest valid names.  The names below
let a pandas axis or a file header say what it holds.
"""

from __future__ import annotations

from axiometrics.suggest import choose, unknown_choice

__all__ = [
    "CODER_NAMES",
    "ITEM_NAMES",
    "LABEL_NAMES",
    "axis_role",
    "choose",
    "unknown_choice",
]

#: Names (any case) of an axis or a column that holds the items (units) being labelled.
ITEM_NAMES = (
    "item",
    "items",
    "unit",
    "units",
    "id",
    "item_id",
    "unit_id",
    "subject",
    "subjects",
    "subject_id",
    "doc",
    "doc_id",
    "document",
    "document_id",
    "example",
    "example_id",
    "tweet_id",
)
#: Names (any case) of an axis or a column that holds the annotators (coders).
CODER_NAMES = (
    "annotator",
    "annotators",
    "coder",
    "coders",
    "rater",
    "raters",
    "judge",
    "judges",
    "assessor",
    "assessors",
    "worker",
    "workers",
    "annotator_id",
    "coder_id",
    "rater_id",
    "judge_id",
    "assessor_id",
    "worker_id",
)
#: Names (any case) of the label column of a long annotation file.
LABEL_NAMES = (
    "label",
    "labels",
    "value",
    "rating",
    "category",
    "class",
    "annotation",
    "code",
    "judgment",
    "judgement",
    "grade",
    "score",
)


def axis_role(name: object) -> str | None:
    """``"items"`` or ``"coders"`` when ``name`` (an axis or column name) says so, else ``None``."""
    if not isinstance(name, str):
        return None
    key = name.strip().lower()
    if key in ITEM_NAMES:
        return "items"
    if key in CODER_NAMES:
        return "coders"
    return None
