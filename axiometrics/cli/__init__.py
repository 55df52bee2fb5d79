"""The ``axiometrics`` command line.

Each subcommand lives in its own module exposing ``add_parser(subparsers)``
(which registers the subparser and sets ``func``) and the function it runs,
which returns the process exit status.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from axiometrics.errors import AxiometricsError, InvalidParameterError

__all__ = ["main"]

#: Subcommand modules, in the order ``--help`` lists them.
_COMMAND_MODULES = (
    "axiometrics.cli.report_command",
    "axiometrics.cli.run_command",
    "axiometrics.cli.list_command",
    "axiometrics.cli.score_command",
    "axiometrics.cli.meta_command",
    "axiometrics.cli.check_command",
    "axiometrics.cli.table_command",
)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        """Print ``prog: error: message (see prog --help)`` and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every subcommand registered."""
    from axiometrics import __version__

    parser = _Parser(
        prog="axiometrics",
        description="Evidence about what evaluation measures really do.",
    )
    parser.add_argument("--version", action="version", version=f"axiometrics {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Every command's errors end here as one line on standard error, never
    a traceback: 0 success, 1 a data or runtime error (including a file
    that could not be written), 2 a usage error (a bad option value, named
    by its flag), 130 interrupted with Ctrl-C.  A closed standard output
    (``axiometrics run | head -1``) ends the command silently.
    """
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
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
        print(
            f"axiometrics {args.command}: internal error: {type(exc).__name__}: {_one_line(exc)} "
            "(a bug: please report it; set AXIOMETRICS_DEBUG=1 to see the traceback)",
            file=sys.stderr,
        )
        return 1
    return status


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
