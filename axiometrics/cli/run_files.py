"""Reading ``--gold``/``--runs`` files for the commands that score runs (``meta``, ``compare``).

The families whose files the commands read are those with a
:attr:`~axiometrics.family.Family.read_runs` hook, in rank order
(:func:`axiometrics.io.runs.run_file_families`): the ``--family`` options
list them (:func:`add_run_family_option`) and check a name against them
(:func:`run_family`), the first being the default.  ``--gold`` takes one or
more files; :func:`gold_paths` checks their count against the family's
:attr:`~axiometrics.family.Family.gold_files`.  No family is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from axiometrics.cli.arguments import comma_names
from axiometrics.errors import DataFileError, InvalidParameterError, UnknownLabelError
from axiometrics.family import get_family, registered_families
from axiometrics.io import SEMEVAL_SCALE
from axiometrics.io.rows import parse_label
from axiometrics.io.runs import SystemRuns, default_run_family, run_file_families
from axiometrics.meta.errors import UndefinedScoreError
from axiometrics.registry import default_registry
from axiometrics.scale import ClassScale
from axiometrics.suggest import closest

__all__ = [
    "add_run_family_option",
    "fill_flag_hint",
    "gold_paths",
    "parse_scale_option",
    "read_run_files",
    "run_family",
    "run_family_choices",
]


def run_family_choices() -> tuple[str, ...]:
    """The families that read run files, in rank order (plugin families included).

    Loads the default registry first, so that plugin families are
    registered; see :func:`axiometrics.io.runs.run_file_families`.
    """
    default_registry()
    return run_file_families()


def add_run_family_option(
    group: Any, flag: str = "--family", *, reads: str = "the --gold/--runs files"
) -> None:
    """Add the option naming the family whose reader reads the run files.

    The choices and the default (the first) come from the registered
    families (:func:`run_family_choices`), listed with their titles in the
    help; the value is checked by :func:`run_family` when the command runs,
    so that an unknown name is reported with the nearest ones.
    """
    choices = run_family_choices()
    titles = {f.name: f.title for f in registered_families()}
    listed = ", ".join(f"{name} ({titles[name]})" for name in choices)
    default = f"; default: {choices[0]}" if choices else ""
    group.add_argument(
        flag,
        metavar="{" + ",".join(choices) + "}",
        default=None,
        help=f"the family whose reader reads {reads} and whose measures score them: "
        f"{listed}{default}",
    )


def run_family(name: str | None, flag: str = "--family") -> str:
    """The family named by ``flag`` that reads run files (``None``: the default, the first).

    Raises
    ------
    InvalidParameterError
        Naming the flag and the value: a family that reads no run files, or
        an unknown name (with the nearest ones), and the families expected.
    RegistrationError
        When no registered family reads run files at all.
    """
    choices = run_family_choices()
    if name is None:
        return default_run_family()
    if name in choices:
        return name
    expected = f"expected one of {', '.join(choices)}"
    if name in {f.name for f in registered_families()}:
        raise InvalidParameterError(
            f"{flag} {name}: the {name} family reads no run files; {expected}"
        )
    hints = closest(name, choices)
    hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
    raise InvalidParameterError(
        f"{flag} {name}: not a registered family that reads run files; {expected}{hint}"
    )


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


def gold_paths(
    family: str, gold: str | Sequence[str], flag: str = "--gold"
) -> str | tuple[str, ...]:
    """The ``--gold`` files as the family's reader takes them: one ``str``, or a tuple of several.

    Parameters
    ----------
    family
        The family whose :attr:`~axiometrics.family.Family.read_runs` reads them.
    gold
        One path, or the paths given to ``flag`` (``nargs="+"``).
    flag
        The option named in the error.

    Raises
    ------
    InvalidParameterError
        Naming the flag, the family and the count, for a number of files
        the family's reader does not take
        (:attr:`~axiometrics.family.Family.gold_files`).
    """
    paths = (gold,) if isinstance(gold, str) else tuple(str(p) for p in gold)
    wanted = get_family(family).gold_files
    if wanted is not None and len(paths) != wanted:
        noun = "gold file" if wanted == 1 else "gold files"
        raise InvalidParameterError(
            f"{flag} {' '.join(paths)}: the {family} family reads {wanted} {noun} (got "
            f"{len(paths)})"
        )
    return paths[0] if len(paths) == 1 else paths


def _shown_gold(gold: str | tuple[str, ...]) -> str:
    if isinstance(gold, str):
        return f"the gold file path={gold!r}"
    return f"the gold files {', '.join(f'path={p!r}' for p in gold)}"


def read_run_files(
    family: str,
    gold: str | Sequence[str],
    runs: Sequence[str],
    scale_text: str | None,
    *,
    purpose: str = "a meta-evaluation",
    flag: str = "--family",
) -> SystemRuns:
    """The family's runs, read by its :attr:`~axiometrics.family.Family.read_runs` hook.

    Read on the ``--scale`` given.

    Without ``--scale`` the SemEval scale ``-2..2`` applies to a family whose
    inputs carry class values (:attr:`~axiometrics.family.Family.class_values`;
    the others read no scale); a label outside
    it is reported with a hint to give the scale, since that is the likely
    cause of the error.  Gold label files need a topic column.  At least 2
    runs and 2 topics are needed; ``purpose`` says what for in the message
    (``"a meta-evaluation"``, ``"comparing systems"``), ``flag`` names the
    option that chose the family.  ``gold`` is one path or the paths of
    ``--gold`` (see :func:`gold_paths`).

    Raises
    ------
    InvalidParameterError
        A bad ``--scale`` value (the option named); a number of ``--gold``
        files the family does not take; a family that reads no
        run files, or whose reader gives runs without the (topic, system)
        batch that scoring them per topic needs (not
        :class:`~axiometrics.io.runs.SystemRuns`; the flag named).
    DataFileError
        A file problem (file and line named), fewer than 2 runs or topics.
    UnknownLabelError
        A label outside the scale (the file named).
    """
    fam = get_family(family)
    files = gold_paths(family, gold)
    if scale_text is not None:
        scale: ClassScale | None = parse_scale_option(scale_text)
    else:  # a family without class values (e.g. binary gold and scores) reads no scale
        scale = SEMEVAL_SCALE if fam.class_values else None
    try:
        reader = fam.read_runs
        if reader is None:
            raise InvalidParameterError(f"{flag} {family}: the family reads no run files")
        loaded = reader(files, runs, scale=scale, require_topic=True, scale_option="--scale")
    except UnknownLabelError as exc:
        if scale is None or scale_text is not None:
            raise
        raise UnknownLabelError(
            f"{exc}; without --scale the SemEval scale -2,-1,0,1,2 applies: give the classes "
            "in order, lowest first, e.g. --scale=low,medium,high"
        ) from None
    if not isinstance(loaded, SystemRuns):
        raise InvalidParameterError(
            f"{flag} {family}: the {family} reader gives {type(loaded).__name__}, without the "
            f"(topic, system) batch of scores that {purpose} needs; score these files with "
            f"'axiometrics score --family {family}'"
        )
    if len(loaded.systems) < 2:
        raise DataFileError(
            f"{purpose} needs at least 2 systems (got {len(loaded.systems)}: "
            f"{list(loaded.systems)!r}); give at least 2 run files to --runs"
        )
    if len(loaded.topics) < 2:
        raise DataFileError(
            f"{purpose} needs at least 2 topics (test cases) (got {len(loaded.topics)}: "
            f"{list(loaded.topics)!r} in {_shown_gold(files)})"
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
