"""``axiometrics agreement``: agreement between annotators from annotation files.

Reads one or more files in the long layout (``item<TAB>annotator<TAB>label``)
or the wide layout (header ``item<TAB>name1<TAB>name2 ...``, one row per
item), see :mod:`axiometrics.agreement.files`, and reports Cohen's kappa,
Scott's pi, Fleiss' kappa and Krippendorff's alpha (all by default), with
percentile bootstrap intervals when ``--bootstrap`` is given.

One row per coefficient (and per ``--level`` of alpha, per ``--weights`` of
kappa).  With the default ``--coefficient all`` a coefficient that does not
apply to the data (Cohen's kappa and Scott's pi need exactly two
annotators; they and Fleiss' kappa need every item labelled by everyone,
unless ``--missing drop``; alpha needs an item labelled twice) gets an empty
value and a ``not applicable:`` status; a coefficient named explicitly is an
error instead.

Headers are recognised by their column names and a label is a number only
when written as a plain decimal number (see :mod:`axiometrics.agreement.files`).
Every problem with the data exits with status 1 and names the file and line
(labels mixing numbers and text, a label outside ``--categories``, a negative
label under ``--level ratio``, labels too large for ``--level interval``);
every problem with the options exits with status 2 and names the flag.
Option values are read in any case.  The labels reach the library as a
DataFrame of items by annotators with named axes, so they are aligned by
item, and the items are sorted by id: reordering the rows of a file changes
no output.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Hashable
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.agreement import (
    LEVELS,
    AgreementResult,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.agreement.coding import MISSING
from axiometrics.agreement.errors import (
    AgreementInputError,
    MissingRatingError,
    NoPairableUnitsError,
    ScaleRangeError,
)
from axiometrics.agreement.files import (
    LAYOUTS,
    Annotations,
    check_label_types,
    parse_label,
    read_annotations,
    where,
)
from axiometrics.agreement.names import unknown_choice
from axiometrics.cli.arguments import (
    comma_names,
    non_negative_int,
    open_unit_interval,
    positive_int,
)
from axiometrics.cli.cells import format_number
from axiometrics.cli.output import add_output_arguments, emit, render, write_output
from axiometrics.errors import DataFileError, InvalidParameterError

__all__ = ["COEFFICIENTS", "COLUMNS", "add_parser", "agreement"]

#: Coefficients in the order of the output.
COEFFICIENTS = ("cohen_kappa", "scotts_pi", "fleiss_kappa", "krippendorff_alpha")
#: Columns of the output table.
COLUMNS = (
    "coefficient",
    "level",
    "weights",
    "value",
    "ci_low",
    "ci_high",
    "n_units",
    "n_coders",
    "n_values",
    "observed_disagreement",
    "expected_disagreement",
    "status",
)
_WEIGHTS = ("none", "linear", "quadratic")
_PAIRWISE = ("cohen_kappa", "scotts_pi")
_COMPLETE = ("cohen_kappa", "scotts_pi", "fleiss_kappa")


def _choices(known: tuple[str, ...], what: str) -> Any:
    """A comma-separated list of names out of ``known`` (any case; ``all`` for coefficients)."""

    def parse(text: str) -> list[str]:
        names = [name.lower() for name in comma_names(text)]
        if not names:
            raise argparse.ArgumentTypeError(f"give at least one {what} (got {text!r})")
        if "all" in names and what == "coefficient":
            return list(known)
        for name in names:
            if name not in known:
                raise argparse.ArgumentTypeError(unknown_choice("", name, known))
        return list(dict.fromkeys(names))

    return parse


def _one_of(known: tuple[str, ...]) -> Any:
    """One name out of ``known``, in any case, with the nearest names when unknown."""

    def parse(text: str) -> str:
        name = text.strip().lower()
        if name not in known:
            raise argparse.ArgumentTypeError(unknown_choice("", text, known))
        return name

    return parse


def _scale_label(text: str) -> Hashable:
    try:
        return parse_label(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _categories(text: str) -> list[Hashable] | dict[Hashable, float]:
    """``low,mid,high`` (an order) or ``low=1,mid=2,high=4`` (values), labels read as in files."""
    parts = comma_names(text)
    if not parts:
        raise argparse.ArgumentTypeError(f"give the categories, e.g. low,mid,high (got {text!r})")
    valued = any("=" in part for part in parts)
    values: dict[Hashable, float] = {}
    for part in parts if valued else ():
        label, _, number = part.partition("=")
        value = _scale_label(number.strip()) if number.strip() else ""
        if not label.strip() or isinstance(value, str):
            raise argparse.ArgumentTypeError(
                f"expected label=number for every category, e.g. low=1,mid=2 (got {part!r})"
            )
        values[_scale_label(label.strip())] = float(value)  # type: ignore[arg-type]
    labels = list(values) if valued else [_scale_label(part) for part in parts]
    if len({isinstance(label, str) for label in labels}) > 1:
        raise argparse.ArgumentTypeError(
            f"the categories mix numbers and text (got {text!r}); give labels of one type, "
            "as in the files"
        )
    if len(set(labels)) != len(parts):
        raise argparse.ArgumentTypeError(f"the categories must be distinct (got {text!r})")
    if not valued:
        return labels
    if len(set(values.values())) != len(values):
        raise argparse.ArgumentTypeError(
            f"two categories share a value (got {text!r}); values must differ"
        )
    return values


def add_parser(subparsers: Any) -> None:
    """Register the ``agreement`` subcommand."""
    parser = subparsers.add_parser(
        "agreement",
        help="agreement between annotators (kappa, pi, Fleiss, Krippendorff's alpha)",
        description="Agreement between annotators: Cohen's kappa, Scott's pi, Fleiss' kappa and "
        "Krippendorff's alpha, with bootstrap intervals. Files are tab- or comma-separated, in "
        "the long layout (item, annotator, label per row) or the wide layout (a header 'item' "
        "and one column per annotator; an empty cell is a missing label). Headers are "
        "recognised by name (item/unit/id, annotator/coder/rater, label/value/rating, ...); a "
        "label is a number only when written as one (1_0, nan and inf are text).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="annotation files")
    parser.add_argument(
        "--layout",
        type=_one_of(LAYOUTS),
        default="auto",
        metavar="{auto,long,wide}",
        help="file layout; auto: long when the first row is a long header "
        "(item,annotator,label) or no header, wide when it is a header 'item,<names>...' "
        "(default: auto)",
    )
    parser.add_argument(
        "--coefficient",
        type=_choices(COEFFICIENTS, "coefficient"),
        default=None,
        help=f"comma-separated subset of {','.join(COEFFICIENTS)} (default: all)",
    )
    parser.add_argument(
        "--level",
        type=_choices(LEVELS, "level"),
        default=["nominal"],
        help=f"levels of Krippendorff's alpha, comma-separated: {','.join(LEVELS)} "
        "(default: nominal)",
    )
    parser.add_argument(
        "--weights",
        type=_choices(_WEIGHTS, "weighting"),
        default=["none"],
        help="weightings of Cohen's kappa, comma-separated: none,linear,quadratic (default: none)",
    )
    parser.add_argument(
        "--categories",
        type=_categories,
        default=None,
        help="the scale, lowest first (low,mid,high), or values (low=1,mid=2,high=4); needed "
        "for ordered levels when the labels are not numbers (labels read as in the files)",
    )
    parser.add_argument(
        "--missing",
        type=_one_of(MISSING),
        default="raise",
        metavar="{raise,drop}",
        help="items someone left unlabelled, for kappa, pi and Fleiss' kappa: raise "
        "(not applicable / an error) or drop those items (default: raise)",
    )
    parser.add_argument(
        "--bootstrap", type=positive_int, default=None, help="resamples of items for intervals"
    )
    parser.add_argument("--seed", type=non_negative_int, default=0, help="random seed, >= 0 (0)")
    parser.add_argument(
        "--confidence", type=open_unit_interval, default=0.95, help="interval coverage (0.95)"
    )
    add_output_arguments(parser)
    parser.set_defaults(func=agreement)


def _gap(annotations: Annotations) -> str | None:
    """Where the first missing label is, named by annotator and item; ``None`` if complete."""
    gaps = np.argwhere(~_present(annotations))
    if not len(gaps):
        return None
    i, j = gaps[0]
    count = f"{len(gaps)} label is" if len(gaps) == 1 else f"{len(gaps)} labels are"
    return (
        f"{count} missing, e.g. annotator {annotations.annotators[i]!r} on item "
        f"{annotations.items[j]!r}"
    )


def _applicable(name: str, annotations: Annotations, missing: str) -> str | None:
    """Why ``name`` does not apply to the data, or ``None``."""
    coders = len(annotations.annotators)
    present = _present(annotations)
    if name in _PAIRWISE and coders != 2:
        return f"needs exactly two annotators (found {coders})"
    if name in _COMPLETE:
        if missing == "raise":
            gap = _gap(annotations)
            if gap is not None:
                return f"{gap} (pass --missing drop to leave such items out)"
        elif not present.all(axis=0).any():
            return "no item is labelled by every annotator, so --missing drop leaves none"
    if name == "krippendorff_alpha" and not (present.sum(axis=0) >= 2).any():
        return "no item has labels from two annotators, so there is nothing to compare"
    return None


def _present(annotations: Annotations) -> np.ndarray:
    """Where a label was given (the reader writes ``None`` where none was)."""
    return np.asarray(~pd.isna(annotations.labels), dtype=bool)


def _present_labels(annotations: Annotations) -> list[tuple[Hashable, str]]:
    """Every label with where it was read (``path='f.tsv' line 3``)."""
    present = _present(annotations)
    labels = annotations.labels[present]
    if annotations.locations is not None:
        places = [where(*place) for place in annotations.locations[present]]
    else:
        places = [
            f"annotator {annotations.annotators[i]!r} on item {annotations.items[j]!r}"
            for i, j in np.argwhere(present)
        ]
    return list(zip(labels, places, strict=True))


def _check_categories(annotations: Annotations, categories: Any) -> None:
    """Refuse a label that is not among ``--categories``, naming its file and line."""
    if categories is None:
        return
    allowed = set(categories)
    for label, place in _present_labels(annotations):
        if label not in allowed:
            shown = ",".join(str(c) for c in categories)
            raise DataFileError(f"{place}: the label {label!r} is not among --categories {shown}")


def _check_scale(
    name: str, variant: str, annotations: Annotations, args: argparse.Namespace
) -> None:
    """Refuse, by flag or by file and line, a level the labels (or --categories) cannot serve."""
    labels = _present_labels(annotations)
    text = bool(labels) and isinstance(labels[0][0], str)
    categories = args.categories
    alpha = name == "krippendorff_alpha"
    flag = f"--level {variant}" if alpha else f"--weights {variant}"
    examples = sorted({str(label) for label, _ in labels})[:3]
    if (
        text
        and categories is None
        and ((alpha and variant == "ordinal") or (name == "cohen_kappa" and variant != "none"))
    ):
        raise InvalidParameterError(
            f"{flag} needs the order of the labels, which are text ({', '.join(examples)}): "
            "give categories in scale order, lowest first, with --categories (e.g. "
            f"--categories {','.join(examples)})"
        )
    if alpha and variant in ("interval", "ratio") and text and not isinstance(categories, dict):
        raise InvalidParameterError(
            f"{flag} needs a numeric value for each label, and the labels are text "
            f"({', '.join(examples)}): give --categories with values (e.g. --categories "
            f"{','.join(f'{label}={k}' for k, label in enumerate(examples))})"
        )
    if not (alpha and variant == "ratio"):
        return
    if isinstance(categories, dict):
        negative = [f"{label}={value:g}" for label, value in categories.items() if value < 0]
        if negative:
            raise InvalidParameterError(
                f"--categories {','.join(negative)}: --level ratio needs values >= 0 (a ratio "
                "scale starts at zero)"
            )
        return
    if categories is not None and not text and any(c < 0 for c in categories):
        raise InvalidParameterError(
            f"--categories {','.join(str(c) for c in categories if c < 0)}: --level ratio "
            "needs values >= 0 (a ratio scale starts at zero)"
        )
    for label, place in labels:
        if not isinstance(label, str) and label < 0:  # type: ignore[operator]
            raise DataFileError(
                f"{place}: the label {label!r} is negative; --level ratio needs values "
                ">= 0 (a ratio scale starts at zero)"
            )


def _range_error(
    exc: ScaleRangeError, annotations: Annotations, args: argparse.Namespace
) -> Exception:
    """The interval-range refusal, naming the largest label's file and line (or the option)."""
    size = "large" if exc.problem == "exceed" else "small"
    advice = (
        f"the disagreements (squared differences) of the labels {exc.problem} the "
        "floating-point range; alpha does not change when every label is multiplied by the "
        f"same number, so rescale the labels (e.g. divide them by {exc.largest:.6g})"
    )
    if isinstance(args.categories, dict):
        return InvalidParameterError(
            f"--categories: the values are too {size} for --level interval: {advice}"
        )
    labels = _present_labels(annotations)
    label, place = max(labels, key=lambda entry: abs(entry[0]))  # type: ignore[arg-type]
    return DataFileError(
        f"{place}: the label {label!r} is too {size} for --level interval: {advice}"
    )


def _frame(annotations: Annotations) -> pd.DataFrame:
    """The labels with one row per item and one column per annotator, axes named."""
    return pd.DataFrame(
        annotations.labels.T,
        index=pd.Index(annotations.items, name="item"),
        columns=pd.Index(annotations.annotators, name="annotator"),
        dtype=object,
    )


def _compute(
    name: str, variant: str, frame: pd.DataFrame, args: argparse.Namespace
) -> AgreementResult:
    options: dict[str, Any] = {
        "categories": args.categories,
        "bootstrap": args.bootstrap,
        "seed": args.seed,
        "confidence": args.confidence,
    }
    if name == "krippendorff_alpha":
        return krippendorff_alpha(frame, level=variant, rows="items", **options)
    options["missing"] = args.missing
    if name == "fleiss_kappa":
        return fleiss_kappa(frame, rows="items", **options)
    first, second = frame.iloc[:, 0], frame.iloc[:, 1]
    if name == "scotts_pi":
        return scotts_pi(first, second, **options)
    weights = None if variant == "none" else variant
    return cohen_kappa(first, second, weights=weights, **options)


def _row(
    name: str, variant: str | None, result: AgreementResult | None, status: str
) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(COLUMNS)
    row.update(coefficient=name, status=status)
    if name == "krippendorff_alpha":
        row["level"] = variant
    elif name == "cohen_kappa":
        row["weights"] = variant
        row["level"] = "nominal" if variant == "none" else "ordinal"
    else:
        row["level"] = "nominal"
    if result is not None:
        data = result.to_dict()
        for column in COLUMNS[3:-1]:
            row[column] = data[column]
    return row


def agreement(args: argparse.Namespace) -> int:
    """Compute the chosen coefficients on the files; exit status 0 (1: bad data, 2: bad options)."""
    annotations = read_annotations(args.files, layout=args.layout)
    check_label_types(annotations)
    _check_categories(annotations, args.categories)
    frame = _frame(annotations)
    explicit = args.coefficient is not None
    names = args.coefficient if explicit else list(COEFFICIENTS)
    rows = []
    for name in names:
        variants = (
            args.level
            if name == "krippendorff_alpha"
            else args.weights
            if name == "cohen_kappa"
            else [None]
        )
        reason = _applicable(name, annotations, args.missing)
        if reason is not None and explicit:
            error = (
                NoPairableUnitsError
                if reason.startswith("no item")
                else MissingRatingError
                if "missing" in reason
                else AgreementInputError
            )
            raise error(f"--coefficient {name}: {reason}")
        for variant in variants:
            if reason is not None:
                rows.append(_row(name, variant, None, f"not applicable: {reason}"))
                continue
            _check_scale(name, str(variant), annotations, args)
            try:
                result = _compute(name, str(variant), frame, args)
            except ScaleRangeError as exc:
                raise _range_error(exc, annotations, args) from None
            status = (
                "degenerate: every label is in one category (declared 1.0)"
                if result.degenerate
                else "defined"
            )
            rows.append(_row(name, variant, result, status))
    table = _typed(pd.DataFrame(rows, columns=list(COLUMNS)))
    meta: dict[str, Any] = {
        "files": [str(f) for f in args.files],
        "layout": annotations.layout,
        "items": len(annotations.items),
        "annotators": list(annotations.annotators),
    }
    if args.bootstrap is not None:
        meta.update(bootstrap=args.bootstrap, seed=args.seed, confidence=args.confidence)
    if args.format == "table":
        write_output(render(_display(table), "table", meta=meta), args.output)
    else:
        emit(table, args, meta=meta)
    return 0


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    """Counts as nullable integers, values as floats (empty / null where not applicable)."""
    for column in ("n_units", "n_coders", "n_values"):
        frame[column] = frame[column].astype("Int64")
    for column in ("value", "ci_low", "ci_high", "observed_disagreement", "expected_disagreement"):
        frame[column] = frame[column].astype(float)
    return frame


def _display(frame: pd.DataFrame) -> pd.DataFrame:
    """The table for people: four decimals, blank cells where a number does not apply."""
    shown = frame.astype(object).copy()
    for column in shown.columns:
        shown[column] = [
            ""
            if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))
            else format_number(value)
            if isinstance(value, float)
            else str(value)
            for value in frame[column].astype(object)
        ]
    return shown
