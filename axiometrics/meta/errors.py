"""Typed errors of the meta-evaluation engine.

They subclass (or are) the core errors, so ``except InvalidInputError`` (or
``ValueError``) and ``except UndefinedMeasureError`` keep working.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from axiometrics.errors import AxiometricsError, DataFileError, UndefinedMeasureError

__all__ = ["MetaInputError", "MissingDependencyError", "UndefinedScoreError"]


#: Meta-evaluation input is malformed: runs, topics, items or score matrices
#: (a run missing topics or items, duplicate ids, too few systems or topics,
#: unknown measure directions, ...).  The message names the file or run, what
#: was expected and what was found.  It is the general
#: :class:`~axiometrics.errors.DataFileError` (a subclass of
#: ``InvalidInputError``), which the shared readers of :mod:`axiometrics.io`
#: raise, so catching either name catches every data problem.
MetaInputError = DataFileError


class UndefinedScoreError(UndefinedMeasureError):
    """A measure is undefined for some (topic, system) cells of a score matrix.

    Attributes
    ----------
    cells
        The ``(topic, system)`` keys of the undefined cells.
    """

    def __init__(
        self,
        measure: str,
        cells: Sequence[tuple[Hashable, Hashable]],
        reason: str,
        hint: str = "pass on_undefined=<number> to fill these cells or on_undefined='drop' to "
        "leave the measure out",
    ) -> None:
        self.cells = tuple(cells)
        super().__init__(measure, [], reason)
        shown = ", ".join(f"(topic={t!r}, system={s!r})" for t, s in self.cells[:5])
        more = f" and {len(self.cells) - 5} more" if len(self.cells) > 5 else ""
        self.args = (f"measure={measure!r} is undefined at {shown}{more}: {reason}; {hint}",)

    def __str__(self) -> str:
        return str(self.args[0])


class MissingDependencyError(AxiometricsError, ImportError):
    """An optional dependency needed for the requested feature is not installed.

    The message says what to install (e.g. ``pip install pyarrow`` for Parquet files).
    """
