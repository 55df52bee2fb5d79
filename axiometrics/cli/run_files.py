"""Reading ``--gold``/``--runs`` files for the commands that score runs (``meta``, ``compare``)."""

from __future__ import annotations

from collections.abc import Sequence

from axiometrics.cli.arguments import comma_names
from axiometrics.errors import DataFileError, InvalidParameterError, UnknownLabelError
from axiometrics.family import get_family
from axiometrics.io import SEMEVAL_SCALE
from axiometrics.io.rows import parse_label
from axiometrics.io.runs import DistributionRuns, LabelRuns
from axiometrics.meta.errors import UndefinedScoreError
from axiometrics.scale import ClassScale

__all__ = ["fill_flag_hint", "parse_scale_option", "read_run_files"]


def parse_scale_option(text: str, option: str = "--scale") -> ClassScale:
    """The class scale of a ``--scale a,b,c`` option: at least 2 distinct labels, lowest first.

    Raises
    ------
    InvalidParameterError
        Naming the option and its value: fewer than 2 labels, or a label given twice.
    """
    labels = [parse_label(part) for part in comma_names(text)]
    if len(labels) < 2:
        raise InvalidParameterError(
            f"{option} {text!r}: expected at least 2 comma-separated class labels, lowest first "
            f"(got {len(labels)})"
        )
    seen: dict[object, object] = {}
    for label in labels:
        key = float(label) if isinstance(label, int | float) else label
        if key in seen:
            raise InvalidParameterError(
                f"{option} {text!r}: the class {label!r} is given twice; each class once, "
                "lowest first"
            )
        seen[key] = label
    return ClassScale(labels)


def read_run_files(
    family: str,
    gold: str,
    runs: Sequence[str],
    scale_text: str | None,
    *,
    purpose: str = "a meta-evaluation",
) -> LabelRuns | DistributionRuns:
    """The family's runs (:attr:`Family.read_runs`: OC label runs, OQ distribution runs, ...).

    Read on the ``--scale`` given.

    Without ``--scale`` the SemEval scale ``-2..2`` applies; a label outside
    it is reported with a hint to give the scale, since that is the likely
    cause of the error.  Gold label files need a topic column.  At least 2
    runs and 2 topics are needed; ``purpose`` says what for in the message
    (``"a meta-evaluation"``, ``"comparing systems"``).

    Raises
    ------
    InvalidParameterError
        A bad ``--scale`` value (the option named).
    DataFileError
        A file problem (file and line named), fewer than 2 runs or topics.
    UnknownLabelError
        A label outside the scale (the file named).
    """
    scale = SEMEVAL_SCALE if scale_text is None else parse_scale_option(scale_text)
    try:
        reader = get_family(family).read_runs
        if reader is None:
            raise InvalidParameterError(f"--family {family}: the family reads no run files")
        loaded: LabelRuns | DistributionRuns = reader(
            gold, runs, scale=scale, require_topic=True, scale_option="--scale"
        )
    except UnknownLabelError as exc:
        if scale_text is not None:
            raise
        raise UnknownLabelError(
            f"{exc}; without --scale the SemEval scale -2,-1,0,1,2 applies: give the classes "
            "in order, lowest first, e.g. --scale=low,medium,high"
        ) from None
    if len(loaded.systems) < 2:
        raise DataFileError(
            f"{purpose} needs at least 2 systems (got {len(loaded.systems)}: "
            f"{list(loaded.systems)!r}); give at least 2 run files to --runs"
        )
    if len(loaded.topics) < 2:
        raise DataFileError(
            f"{purpose} needs at least 2 topics (test cases) (got {len(loaded.topics)}: "
            f"{list(loaded.topics)!r} in the gold file path={gold!r})"
        )
    return loaded


def fill_flag_hint(exc: UndefinedScoreError) -> UndefinedScoreError:
    """The same undefined cells with a hint that names the ``--on-undefined`` flag.

    The scoring engine's hint names its Python keyword (``on_undefined=``),
    which a command-line user has no way to pass.
    """
    return UndefinedScoreError(
        exc.measure or "",
        exc.cells,
        exc.reason,
        hint="pass --on-undefined NUMBER to fill these cells or --on-undefined drop to leave "
        "the measure out",
    )
