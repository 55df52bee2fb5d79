"""Data hooks shared by the families whose input is a confusion matrix (``oc``, ``nominal``).

:func:`label_runs_reader` reads label files into
:class:`~axiometrics.io.LabelRuns` (the :attr:`~axiometrics.family.Family.read_runs`
hook) and :func:`matrix_reference_cases` draws the confusion matrices a
differential check scores (the :attr:`~axiometrics.family.Family.reference_cases`
hook).  Both import their heavy dependencies (pandas, Hypothesis) on call,
so that loading a family stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["label_runs_reader", "matrix_reference_cases"]


def label_runs_reader(*, ordered: bool) -> Callable[..., Any]:
    """A ``read_runs`` hook reading label files (SemEval Task 4 subtask C layout).

    Parameters
    ----------
    ordered
        Whether the labels must have an order (``False``: nominal classes,
        see :func:`axiometrics.io.rows.nominal_order`).
    """

    def read_runs(
        gold: str | Path,
        systems: Sequence[str | Path] | Mapping[str, str | Path],
        *,
        scale: Sequence[Hashable] | None = None,
        scale_option: str = "scale",
        require_topic: bool = False,
    ) -> Any:
        from axiometrics.io.load import read_label_runs

        return read_label_runs(
            gold,
            systems,
            scale=scale,
            require_topic=require_topic,
            scale_option=scale_option,
            ordered=ordered,
        )

    return read_runs


def matrix_reference_cases(max_count: int | None) -> Any:
    """Confusion matrices (rows = system), one per case, counts capped at ``max_count``."""
    from axiometrics.checker import Case
    from axiometrics.strategies import DEFAULT_MAX_COUNT

    from .strategies import confusion_matrices

    cap = max_count if max_count is not None else DEFAULT_MAX_COUNT
    return confusion_matrices(max_count=cap).map(lambda m: Case.single((m,), names=("input",)))
