"""The ``axiometrics`` command line.

Each subcommand lives in its own module exposing ``add_parser(subparsers)``
(which registers the subparser and sets ``func``) and the function it runs,
which returns the process exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from axiometrics.errors import AxiometricsError

__all__ = ["main"]

#: Subcommand modules, in the order ``--help`` lists them.
_COMMAND_MODULES = (
    "axiometrics.cli.run_command",
    "axiometrics.cli.list_command",
    "axiometrics.cli.score_command",
    "axiometrics.cli.meta_command",
    "axiometrics.cli.check_command",
    "axiometrics.cli.table_command",
)


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every subcommand registered."""
    from axiometrics import __version__

    parser = argparse.ArgumentParser(
        prog="axiometrics",
        description="Evidence about what evaluation measures really do.",
    )
    parser.add_argument("--version", action="version", version=f"axiometrics {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 failure, 2 usage error)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.func(args)
    except (AxiometricsError, OSError) as exc:
        print(f"axiometrics {args.command}: error: {exc}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    raise SystemExit(main())
