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
unless ``--missing drop``) gets an empty value and a ``not applicable:``
status; a coefficient named explicitly is an error instead.
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
from axiometrics.agreement.errors import AgreementInputError, MissingRatingError
from axiometrics.agreement.files import LAYOUTS, Annotations, read_annotations
from axiometrics.agreement.names import unknown_choice
from axiometrics.cli.arguments import (
    comma_names,
    non_negative_int,
    open_unit_interval,
    positive_int,
)
from axiometrics.cli.cells import format_number
from axiometrics.cli.output import add_output_arguments, emit, render, write_output
from axiometrics.io.rows import parse_label

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
    def parse(text: str) -> list[str]:
        names = comma_names(text)
        if not names:
            raise argparse.ArgumentTypeError(f"give at least one {what} (got {text!r})")
        if "all" in names and what == "coefficient":
            return list(known)
        for name in names:
            if name not in known:
                raise argparse.ArgumentTypeError(unknown_choice("", name, known))
        return list(dict.fromkeys(names))

    return parse


def _categories(text: str) -> list[Hashable] | dict[Hashable, float]:
    """``low,mid,high`` (an order) or ``low=1,mid=2,high=4`` (values)."""
    parts = comma_names(text)
    if not parts:
        raise argparse.ArgumentTypeError(f"give the categories, e.g. low,mid,high (got {text!r})")
    if not any("=" in part for part in parts):
        return [parse_label(part) for part in parts]
    values: dict[Hashable, float] = {}
    for part in parts:
        label, _, number = part.partition("=")
        try:
            value = float(number)
        except ValueError:
            value = math.nan
        if not label.strip() or not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"expected label=number for every category, e.g. low=1,mid=2 (got {part!r})"
            )
        values[parse_label(label.strip())] = value
    return values


def add_parser(subparsers: Any) -> None:
    """Register the ``agreement`` subcommand."""
    parser = subparsers.add_parser(
        "agreement",
        help="agreement between annotators (kappa, pi, Fleiss, Krippendorff's alpha)",
        description="Agreement between annotators: Cohen's kappa, Scott's pi, Fleiss' kappa and "
        "Krippendorff's alpha, with bootstrap intervals. Files are tab- or comma-separated, in "
        "the long layout (item, annotator, label per row) or the wide layout (a header 'item' "
        "and one column per annotator; an empty cell is a missing label).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="annotation files")
    parser.add_argument(
        "--layout",
        choices=LAYOUTS,
        default="auto",
        help="file layout; auto: wide when the first row is a header 'item,<names>...', "
        "else long (default: auto)",
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
        "for ordered levels when the labels are not numbers",
    )
    parser.add_argument(
        "--missing",
        choices=("raise", "drop"),
        default="raise",
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
    gaps = np.argwhere([[label is None for label in row] for row in annotations.labels])
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
    if name in _PAIRWISE and coders != 2:
        return f"needs exactly two annotators (found {coders})"
    if name in _COMPLETE and missing == "raise":
        gap = _gap(annotations)
        if gap is not None:
            return f"{gap} (pass --missing drop to leave such items out)"
    return None


def _compute(name: str, variant: str, labels: Any, args: argparse.Namespace) -> AgreementResult:
    options: dict[str, Any] = {
        "categories": args.categories,
        "bootstrap": args.bootstrap,
        "seed": args.seed,
        "confidence": args.confidence,
    }
    if name == "krippendorff_alpha":
        return krippendorff_alpha(labels, level=variant, **options)
    options["missing"] = args.missing
    if name == "fleiss_kappa":
        return fleiss_kappa(labels, **options)
    if name == "scotts_pi":
        return scotts_pi(labels[0], labels[1], **options)
    weights = None if variant == "none" else variant
    return cohen_kappa(labels[0], labels[1], weights=weights, **options)


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
    """Compute the chosen coefficients on the files; exit status 0 (1 on bad data)."""
    annotations = read_annotations(args.files, layout=args.layout)
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
            error = MissingRatingError if "missing" in reason else AgreementInputError
            raise error(f"--coefficient {name}: {reason}")
        for variant in variants:
            if reason is not None:
                rows.append(_row(name, variant, None, f"not applicable: {reason}"))
                continue
            result = _compute(name, str(variant), annotations.labels, args)
            status = (
                "degenerate: every label is in one category (declared 1.0)"
                if result.degenerate
                else "defined"
            )
            rows.append(_row(name, variant, result, status))
    frame = _typed(pd.DataFrame(rows, columns=list(COLUMNS)))
    meta: dict[str, Any] = {
        "files": [str(f) for f in args.files],
        "layout": annotations.layout,
        "items": len(annotations.items),
        "annotators": list(annotations.annotators),
    }
    if args.bootstrap is not None:
        meta.update(bootstrap=args.bootstrap, seed=args.seed, confidence=args.confidence)
    if args.format == "table":
        write_output(render(_display(frame), "table", meta=meta), args.output)
    else:
        emit(frame, args, meta=meta)
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
