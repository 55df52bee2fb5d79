"""Reading ``--gold``/``--runs`` files for the commands that score runs (``meta``, ``compare``)."""

from __future__ import annotations

from collections.abc import Sequence

from axiometrics.cli.arguments import comma_names
from axiometrics.errors import UnknownLabelError
from axiometrics.io.rows import parse_label
from axiometrics.meta import SEMEVAL_SCALE, read_distribution_runs, read_label_runs
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.scale import ClassScale

__all__ = ["read_run_files"]


def read_run_files(
    family: str, gold: str, runs: Sequence[str], scale_text: str | None
) -> LabelRuns | DistributionRuns:
    """Label runs (``family="oc"``) or distribution runs (``"oq"``) on the ``--scale`` given.

    Without ``--scale`` the SemEval scale ``-2..2`` applies; a label outside
    it is reported with a hint to give the scale, since that is the likely
    cause of the error.
    """
    scale = (
        SEMEVAL_SCALE
        if scale_text is None
        else ClassScale([parse_label(part) for part in comma_names(scale_text)])
    )
    try:
        if family == "oc":
            return read_label_runs(gold, runs, scale=scale)
        return read_distribution_runs(gold, runs, scale=scale)
    except UnknownLabelError as exc:
        if scale_text is not None:
            raise
        raise UnknownLabelError(
            f"{exc}; without --scale the SemEval scale -2,-1,0,1,2 applies: give the classes "
            "in order, lowest first, e.g. --scale=low,medium,high"
        ) from None
