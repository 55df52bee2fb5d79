"""Built-in ordinal-quantification (OQ) measures.

Every compute function takes the system estimate and the gold distribution,
each ``(..., C)`` (validated, non-negative, summing to 1), and class values
``(..., C)``; argument order is ``(system, gold)``.
"""

from __future__ import annotations

import numpy as np

from axiometrics import Holds, Measure, MeasurePlugin, Range, Reference, Violated

plugin = MeasurePlugin("axiometrics-oq")

_SAKAI_2021 = "Sakai 2021, Evaluating evaluation measures for OC and OQ (ACL-IJCNLP)"


@plugin.measure(
    Measure(
        name="nmd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="NMD",
        description="Normalised match distance: the L1 distance between the cumulative "
        "distributions divided by C-1 (earth mover's distance with unit steps, normalised).",
        aliases=("normalised_match_distance",),
        reference=Reference(_SAKAI_2021, "eq. 11"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="uses bin order only, never the class values"),
            "symmetry": Holds(note="|CP_i - CP*_i| is symmetric"),
            "priority_preservation": Violated(note="any p != q scores worse than q itself"),
            "priority_violation": Holds(note="p that breaks q's bin order differs from q"),
            "point_mass_monotonicity": Holds(),
            "mass_transfer_monotonicity": Holds(),
            "identity": Holds(),
            "well_defined": Holds(),
        },
    )
)
def nmd(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Normalised match distance (Sakai 2021 eq. 11)."""
    c = system.shape[-1]
    diff = np.cumsum(system, axis=-1) - np.cumsum(gold, axis=-1)
    return np.abs(diff[..., :-1]).sum(axis=-1) / (c - 1)
