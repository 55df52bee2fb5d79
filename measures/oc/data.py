"""Data hooks of the ``oc`` family: how it reads the shipped label collections.

Label files and reference cases are those of every confusion-matrix family
(:mod:`axiometrics.measures._matrices.data`).
"""

from __future__ import annotations

from axiometrics.family import LabelCollections

__all__ = ["LABEL_COLLECTIONS"]

#: The shipped label collections, read as per-item labels (confusion matrices).
LABEL_COLLECTIONS = LabelCollections(
    runs="labels",
    synthetic_title="Synthetic OC data (Amigó et al. 2020)",
    synthetic_scores="OC measures on the confusion matrices",
    real_scores="OC measures on each fold's confusion matrix",
)
