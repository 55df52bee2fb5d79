"""The ``axiometrics`` command line.

Each subcommand lives in its own module exposing ``add_parser(subparsers)``
(which registers the subparser and sets ``func``) and the function it runs,
which returns the process exit status.

:data:`COMMANDS` lists every subcommand with its one-line help and module,
so ``axiometrics --help`` imports no command module and ``axiometrics NAME
...`` imports only ``NAME``'s module (the command modules import pandas,
Hypothesis, jinja2 and the checker; start-up stays at the cost of
``import axiometrics``).  A new command is one row of :data:`COMMANDS`; its
module's ``add_parser`` must register the same name and help.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NamedTuple, NoReturn

from axiometrics.errors import AxiometricsError, InvalidParameterError

__all__ = ["COMMANDS", "Command", "build_parser", "main"]


class Command(NamedTuple):
    """One subcommand: its name, its line in ``axiometrics --help`` and its module."""

    name: str
    help: str
    module: str


#: Subcommands, in the order ``--help`` lists them.
COMMANDS = (
    Command(
        "report",
        "write the HTML property-and-stability report (the main job)",
        "axiometrics.cli.report_command",
    ),
    Command("run", "run the main job on the embedded example data", "axiometrics.cli.run_command"),
    Command("list", "list registered measures", "axiometrics.cli.list_command"),
    Command("score", "score system files against a gold file", "axiometrics.cli.score_command"),
    Command(
        "meta",
        "meta-evaluate measures: ranking similarity, consistency, discriminative power, coverage",
        "axiometrics.cli.meta_command",
    ),
    Command(
        "compare",
        "significance of differences between systems (paired tests, corrections, effect sizes)",
        "axiometrics.cli.compare_command",
    ),
    Command(
        "agreement",
        "agreement between annotators (kappa, pi, Fleiss, Krippendorff's alpha)",
        "axiometrics.cli.agreement_command",
    ),
    Command(
        "check",
        "check a measure's claims with generated adversarial inputs",
        "axiometrics.cli.check_command",
    ),
    Command(
        "table",
        "regenerate the property table of the registered measures",
        "axiometrics.cli.table_command",
    ),
)


#: What argparse reads as a negative number, not an option: it knows only ``-2``
#: and ``-.5``; scores and ranges also take ``-inf`` and ``-1e300``
#: (``--range -inf 1``).  None of our options looks like one.
_NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$|^-inf(inity)?$", re.IGNORECASE)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (exit status 2)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER

    def error(self, message: str) -> NoReturn:
        """Print ``prog: error: message (see prog --help)`` and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser, with the full subparser of ``command`` only.

    Parameters
    ----------
    command
        The subcommand whose module is imported to build its subparser
        (options, ``--help``, ``func``).  Every other subcommand of
        :data:`COMMANDS` is registered by name and help only, which is all
        ``axiometrics --help`` and argparse's "invalid choice" message need.
        ``None`` (or a name not in the table): no command module is imported.

    Returns
    -------
    argparse.ArgumentParser
        The parser to run on the arguments.
    """
    from axiometrics import __version__

    parser = _Parser(
        prog="axiometrics",
        description="Evidence about what evaluation measures really do.",
    )
    parser.add_argument("--version", action="version", version=f"axiometrics {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for entry in COMMANDS:
        if entry.name == command:
            importlib.import_module(entry.module).add_parser(subparsers)
        else:
            subparsers.add_parser(entry.name, help=entry.help)
    return parser


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv``: its first argument that is not an option.

    The top-level parser has only flags (``--help``, ``--version``), so the
    first non-option argument is where argparse looks for the command too.
    """
    return next((arg for arg in argv if not arg.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Every command's errors end here as one line on standard error, never
    a traceback: 0 success, 1 a data or runtime error (including a file
    that could not be written), 2 a usage error (a bad option value, named
    by its flag), 130 interrupted with Ctrl-C.  A closed standard output
    (``axiometrics run | head -1``) ends the command silently.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = _chosen_command(arguments)
    try:
        parser = build_parser(command)
    except KeyboardInterrupt:
        print("axiometrics: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # the command's module failed to import
        if os.environ.get("AXIOMETRICS_DEBUG"):
            raise
        print(_internal_error(str(command), exc), file=sys.stderr)
        return 1
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exc:  # argparse: --help, --version or a usage error
        return exc.code if isinstance(exc.code, int) else 2
    except KeyboardInterrupt:
        print("axiometrics: interrupted", file=sys.stderr)
        return 130
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print(f"axiometrics {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except InvalidParameterError as exc:
        print(f"axiometrics {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except (AxiometricsError, OSError) as exc:
        print(f"axiometrics {args.command}: error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except Exception as exc:
        if _interrupted(exc):
            print(f"axiometrics {args.command}: interrupted", file=sys.stderr)
            return 130
        if os.environ.get("AXIOMETRICS_DEBUG"):
            raise
        print(_internal_error(args.command, exc), file=sys.stderr)
        return 1
    return status


def _internal_error(command: str, exc: BaseException) -> str:
    """The one line printed for an unexpected exception (a bug)."""
    return (
        f"axiometrics {command}: internal error: {type(exc).__name__}: {_one_line(exc)} "
        "(a bug: please report it; set AXIOMETRICS_DEBUG=1 to see the traceback)"
    )


def _interrupted(exc: BaseException) -> bool:
    """Whether Ctrl-C caused ``exc`` (a library may turn KeyboardInterrupt into another error)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _one_line(exc: BaseException) -> str:
    """The error's message on one line (an OSError such as a full disk included)."""
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror}{where}"
    return " ".join(str(exc).split("\n"))


def _silence_stdout() -> None:
    """Point standard output at /dev/null so the interpreter's final flush cannot fail again.

    This is the idiom the Python documentation gives for SIGPIPE: a reader
    that stops early (``| head -1``) is not an error worth a message.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout replaced by an object without a descriptor
        pass
    finally:
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    raise SystemExit(main())
