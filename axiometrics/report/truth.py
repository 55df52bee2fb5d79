"""The report's model of the agreement of measures' rankings with a known true order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axiometrics.meta.truth import TruthAgreement
from axiometrics.report.model import number

__all__ = ["truth_model"]


def truth_model(
    agreement: TruthAgreement, user: set[str], family_of: Callable[[str], str]
) -> dict[str, Any]:
    """Agreement with the known truth: one row per measure, the best (highest tau) first.

    Parameters
    ----------
    agreement
        The agreement of every measure's ranking with the true order.
    user
        Names of the user's measures (flagged).
    family_of
        Measure name -> the family it is shown under.
    """
    return {
        "variant": agreement.variant,
        "confidence": agreement.confidence,
        "n_systems": len(agreement.systems),
        "pairs": agreement.pairs,
        "rows": [
            {
                "measure": str(r["measure"]),
                "family": family_of(str(r["measure"])),
                "user": str(r["measure"]) in user,
                "tau": number(r["tau"]),
                "low": number(r["ci_low"]),
                "high": number(r["ci_high"]),
                "agreeing": int(r["agreeing"]),
                "tied": int(r["tied"]),
                "share": number(r["share"]),
            }
            for r in agreement.to_frame().to_dict("records")
        ],
    }
