"""Built-in ordinal-classification (OC) measures.

Every compute function takes confusion matrices ``(..., C, C)`` (rows =
system, columns = gold; validated float counts) and class values
``(..., C)``, and returns scores of the batch shape (or an
:class:`~axiometrics.Evaluation` marking undefined entries).
"""

from __future__ import annotations

import numpy as np

from axiometrics import Holds, Measure, MeasurePlugin, Range, Reference, Violated

plugin = MeasurePlugin("axiometrics-oc")

_SAKAI_2021 = "Sakai 2021, Evaluating evaluation measures for OC and OQ (ACL-IJCNLP)"


@plugin.measure(
    Measure(
        name="accuracy",
        family="oc",
        higher_is_better=True,
        range=Range(0.0, 1.0),
        title="Accuracy",
        description="Share of items whose system class equals the gold class.",
        aliases=("acc",),
        reference=Reference(_SAKAI_2021, "eq. 10"),
        optimum=1.0,
        claims={
            "ordinal_invariance": Holds(note="uses class identity only"),
            "ordinal_monotonicity": Violated(
                note="a wrong item moved closer but still wrong scores the same"
            ),
            "imbalance": Violated(note="every error costs 1/N whatever its class (Amigó App. B)"),
            "symmetry": Holds(note="trace(M) == trace(M.T)"),
            "constant_system_discrimination": Holds(note="always-k scores |gold class k| / N"),
            "identity": Holds(),
            "well_defined": Holds(),
            "count_scale_invariance": Holds(),
        },
    )
)
def accuracy(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Accuracy: trace over total."""
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))
