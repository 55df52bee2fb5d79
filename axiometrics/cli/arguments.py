"""Value types for command-line options shared by several subcommands.

Each raises :class:`argparse.ArgumentTypeError`, so argparse reports the
problem in one line naming the flag (``argument --seed: ...``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any, TypeVar

from axiometrics.errors import AxiometricsError
from axiometrics.io.rows import parse_number

__all__ = [
    "BOUND_HELP",
    "add_database_arguments",
    "comma_names",
    "database_from_args",
    "distinct_names",
    "fill_policy",
    "flagged",
    "non_negative_int",
    "open_unit_interval",
    "positive_int",
]

_Error = TypeVar("_Error", bound=AxiometricsError)


def comma_names(text: str) -> list[str]:
    """``"a, b,,c"`` -> ``["a", "b", "c"]``: a comma-separated list, blanks dropped."""
    return [part.strip() for part in text.split(",") if part.strip()]


def distinct_names(minimum: int, what: str) -> Callable[[str], list[str]]:
    """A type for a comma-separated list of at least ``minimum`` names, none repeated.

    ``what`` names the items in the message, e.g. ``distinct_names(2, "systems")``
    gives ``expected at least 2 distinct comma-separated systems (got 'A')``.
    """

    def parse(text: str) -> list[str]:
        names = comma_names(text)
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise argparse.ArgumentTypeError(
                f"{repeated[0]!r} is given twice in {text!r}; name each of the {what} once"
            )
        if len(names) < minimum:
            raise argparse.ArgumentTypeError(
                f"expected at least {minimum} distinct comma-separated {what} (got {text!r})"
            )
        return names

    return parse


def fill_policy(text: str) -> str | float:
    """``raise``, ``drop`` or a finite number (a plain decimal: no ``1_0``, ``nan`` or ``inf``)."""
    if text in ("raise", "drop"):
        return text
    number = parse_number(text.strip())
    if number is None or not math.isfinite(number):
        raise argparse.ArgumentTypeError(
            f"must be 'raise', 'drop' or a finite number (got {text!r})"
        )
    return number


def flagged(option: str, exc: _Error) -> _Error:
    """The same error (type and attributes) with its message prefixed by the option at fault.

    Errors raised by the Python API name the argument (``measure='x'``);
    on the command line the message starts with the flag that carried the
    value (``--measure: ...``).  The exit status stays that of the type.
    """
    copy = type(exc).__new__(type(exc))
    copy.__dict__.update(exc.__dict__)
    copy.args = (f"{option}: {exc}",)
    return copy


def _integer_at_least(text: str, low: int, what: str) -> int:
    # int() also reads "1_0" and non-ASCII digits; an option value is plain ASCII digits.
    stripped = text.strip()
    digits = stripped.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(stripped) - len(digits) > 1:
        raise argparse.ArgumentTypeError(f"expected {what} (got {text!r})")
    value = int(stripped)
    if value < low:
        raise argparse.ArgumentTypeError(f"expected {what} (got {text!r})")
    return value


def positive_int(text: str) -> int:
    """An integer >= 1 (case counts, trials, jobs)."""
    return _integer_at_least(text, 1, "a positive integer")


#: The help of the ``--bound`` option of ``check``, ``table`` and ``report``.
BOUND_HELP = (
    "cases of the bounded pass per claim: every case up to a size, smallest first, before "
    "the random search (overrides the profile; 0 turns it off)"
)


def non_negative_int(text: str) -> int:
    """An integer >= 0 (seeds)."""
    return _integer_at_least(text, 0, "a non-negative integer")


def open_unit_interval(text: str) -> float:
    """A number strictly between 0 and 1 (significance levels, interval coverage)."""
    number = parse_number(text.strip())
    value = math.nan if number is None else number
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1) (got {text!r})")
    return value


def add_database_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--database DIR`` and ``--shared-database DIR`` (Hypothesis' example database)."""
    parser.add_argument(
        "--database",
        metavar="DIR",
        help="store every counterexample found in DIR and replay the stored ones first "
        "(default: none; runs reproducible from the seed alone)",
    )
    parser.add_argument(
        "--shared-database",
        metavar="DIR",
        help="also replay the counterexamples stored in DIR (read only, e.g. another "
        "machine's --database)",
    )


def add_jobs_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup, work: str) -> None:
    """``--jobs N``: worker processes for ``work`` (default: the processors available)."""
    from axiometrics.parallel import available_cores

    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=available_cores(),
        help=f"worker processes for {work} (default: the processors available to this process)",
    )


def add_backend_arguments(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup, work: str = "the claim checks"
) -> None:
    """``--backend NAME`` and ``--scheduler ADDRESS`` (where ``work`` runs)."""
    parser.add_argument(
        "--backend",
        metavar="NAME",
        default="local",
        help=f"where {work} run: local (forked processes, the default), or a joblib "
        "backend such as loky or dask (a local dask cluster of --jobs workers, or the one "
        "at --scheduler)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a running dask.distributed scheduler (tcp://host:8786) for --backend dask",
    )


def tasks_from_args(args: argparse.Namespace) -> Any:
    """The :class:`~axiometrics.parallel.Tasks` of ``--jobs``, ``--backend`` and ``--scheduler``.

    Raises
    ------
    InvalidParameterError, MissingDependencyError
        As :func:`backend_from_args`.
    """
    from axiometrics.parallel import Tasks

    backend, scheduler = backend_from_args(args)
    return Tasks(jobs=args.jobs, backend=backend, scheduler=scheduler)


def backend_from_args(args: argparse.Namespace) -> tuple[str, str | None]:
    """``(backend, scheduler)`` of ``--backend`` / ``--scheduler``, checked.

    Raises
    ------
    InvalidParameterError
        Naming the flag: an unknown backend (nearest names suggested), or a
        scheduler without ``--backend dask`` or empty.
    MissingDependencyError
        ``--backend dask`` without the ``distributed`` package (one line
        saying which extra to install).
    """
    import importlib.util

    from axiometrics.errors import InvalidParameterError, MissingDependencyError
    from axiometrics.parallel import known_backends
    from axiometrics.suggest import unknown_choice

    backend, scheduler = args.backend, args.scheduler
    known = known_backends()
    if backend not in known:
        raise InvalidParameterError(unknown_choice("--backend", backend, known))
    if scheduler is not None and backend != "dask":
        raise InvalidParameterError(
            f"--scheduler {scheduler}: needs --backend dask (got --backend {backend})"
        )
    if scheduler is not None and not scheduler.strip():
        raise InvalidParameterError(
            f"--scheduler {scheduler!r}: expected an address such as tcp://127.0.0.1:8786"
        )
    if backend == "dask" and importlib.util.find_spec("distributed") is None:
        raise MissingDependencyError(
            "--backend dask needs the optional dependency 'distributed': "
            'pip install "axiometrics[dask]"'
        )
    return backend, scheduler


def database_from_args(args: argparse.Namespace) -> Any:
    """The example database ``--database`` / ``--shared-database`` name (``None``: neither).

    Raises
    ------
    InvalidParameterError
        Naming the flag: ``--database`` is a file, or ``--shared-database`` is
        not an existing directory.
    """
    from pathlib import Path

    from axiometrics.checker.database import example_database
    from axiometrics.errors import InvalidParameterError

    local, shared = getattr(args, "database", None), getattr(args, "shared_database", None)
    if local is not None and Path(local).exists() and not Path(local).is_dir():
        raise InvalidParameterError(f"--database {local}: expected a directory, got a file")
    if shared is not None and not Path(shared).is_dir():
        raise InvalidParameterError(
            f"--shared-database {shared}: expected an existing directory of stored examples"
        )
    return example_database(local, shared=shared)
