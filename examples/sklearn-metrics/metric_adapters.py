"""Adapters from (gold, system) label vectors to metrics with other calling conventions."""

import krippendorff
import numpy as np

from axiometrics.errors import UndefinedMeasureError


def ordinal_alpha(gold, system):
    """Krippendorff's alpha at the ordinal level for two coders (gold and system)."""
    data = np.vstack([gold, system]).astype(float)
    if np.unique(data).size < 2:
        # krippendorff raises ValueError: alpha is undefined with one value in the domain.
        raise UndefinedMeasureError("alpha needs at least two distinct values")
    return krippendorff.alpha(reliability_data=data, level_of_measurement="ordinal")
