"""Option values and axis names of the agreement functions, matched without regard to case.

String options (``level``, ``weights``, ``missing``, ``items``, ``layout``)
accept any case (``"Ordinal"`` is ``"ordinal"``), as measure names do; an
unknown value is refused with the nearest valid names.  The names below
let a pandas axis or a file header say what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from axiometrics.errors import InvalidParameterError
from axiometrics.suggest import closest

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


def unknown_choice(argument: str, value: object, choices: Sequence[str]) -> str:
    """``argument='ordnial': expected one of ...; did you mean 'ordinal'?``.

    Parameters
    ----------
    argument
        How the user named the option (``level`` or ``--level``).
    value
        The value given.
    choices
        The valid values.
    """
    hints = closest(str(value), choices)
    hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
    name = f"{argument}={value!r}" if argument else repr(value)
    return f"{name}: expected one of {', '.join(choices)}{hint}"


def choose(argument: str, value: object, choices: Sequence[str]) -> str:
    """The choice ``value`` names, compared without regard to case and surrounding blanks.

    Parameters
    ----------
    argument
        The option's name, for the message.
    value
        The value given.
    choices
        The valid values (lower case).

    Returns
    -------
    str
        The matching entry of ``choices``.

    Raises
    ------
    InvalidParameterError
        ``value`` is not a string or matches no choice (the message lists the
        nearest names).
    """
    if isinstance(value, str):
        key = value.strip().lower()
        for choice in choices:
            if choice == key:
                return choice
    raise InvalidParameterError(unknown_choice(argument, value, choices))


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
