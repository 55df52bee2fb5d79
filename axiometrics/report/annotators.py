"""The report's agreement section: how reliable a gold labelling from several annotators is.

No shipped collection has several annotators per item, so the report
demonstrates the coefficients on the embedded synthetic gold: synthetic
annotators copy each gold label and, with probability ``noise``, move it
one step along the ordinal scale (:func:`axiometrics.meta.annotators.annotate`).
For each noise level the section gives Fleiss' kappa and Krippendorff's
alpha at the nominal, ordinal and interval levels, each with a percentile
bootstrap interval over resampled items (:mod:`axiometrics.agreement`).
Because every disagreement is between adjacent classes, the ordinal and
interval coefficients rate the annotators higher than the nominal ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from axiometrics.meta.runs import LabelRuns
from axiometrics.report.model import number

__all__ = ["AGREEMENT_COEFFICIENTS", "DEFAULT_NOISE", "agreement_model"]

#: Noise levels of the demonstration (share of labels moved one class).
DEFAULT_NOISE = (0.05, 0.15, 0.3)

#: ``(key, title)`` of the coefficients shown.
AGREEMENT_COEFFICIENTS = (
    ("fleiss_kappa", "Fleiss' kappa"),
    ("alpha_nominal", "Krippendorff's alpha (nominal)"),
    ("alpha_ordinal", "Krippendorff's alpha (ordinal)"),
    ("alpha_interval", "Krippendorff's alpha (interval)"),
)


def agreement_model(
    runs: LabelRuns,
    *,
    seed: int,
    noise: Sequence[float] = DEFAULT_NOISE,
    n_annotators: int = 3,
    max_items: int = 2000,
    bootstrap: int = 200,
) -> dict[str, Any]:
    """Agreement of synthetic annotators of ``runs``' gold labels, per noise level.

    Parameters
    ----------
    runs
        Label runs whose gold labels the annotators copy.
    seed
        Seed of the item sample, the annotators and the bootstrap.
    noise
        Noise levels, one row each.
    n_annotators
        Annotators per item.
    max_items
        Items sampled (without replacement) from the gold, to bound the cost.
    bootstrap
        Resamples of the intervals.
    """
    from axiometrics.agreement import fleiss_kappa, krippendorff_alpha
    from axiometrics.meta.annotators import annotate

    rng = np.random.default_rng(seed)
    gold = np.asarray(runs.gold)
    n_items = min(max_items, len(gold))
    items = np.sort(rng.choice(len(gold), size=n_items, replace=False))
    n_classes = runs.scale.n_classes
    rows = []
    for level_index, share in enumerate(noise):
        labels = annotate(
            gold[items],
            n_annotators=n_annotators,
            noise=float(share),
            n_classes=n_classes,
            seed=seed + level_index,
        )
        results = {
            "fleiss_kappa": fleiss_kappa(labels, bootstrap=bootstrap, seed=seed),
            "alpha_nominal": krippendorff_alpha(
                labels, level="nominal", bootstrap=bootstrap, seed=seed
            ),
            "alpha_ordinal": krippendorff_alpha(
                labels, level="ordinal", bootstrap=bootstrap, seed=seed
            ),
            "alpha_interval": krippendorff_alpha(
                labels, level="interval", bootstrap=bootstrap, seed=seed
            ),
        }
        rows.append(
            {
                "noise": float(share),
                "agreement_with_gold": number(float((labels == gold[items]).mean())),
                "coefficients": {
                    key: {
                        "value": number(result.value),
                        "low": number(result.ci[0]) if result.ci is not None else None,
                        "high": number(result.ci[1]) if result.ci is not None else None,
                    }
                    for key, result in results.items()
                },
            }
        )
    return {
        "source": "synthetic annotators of the embedded synthetic gold",
        "n_items": n_items,
        "n_annotators": n_annotators,
        "n_classes": n_classes,
        "bootstrap": bootstrap,
        "confidence": 0.95,
        "seed": seed,
        "coefficients": [{"key": k, "title": t} for k, t in AGREEMENT_COEFFICIENTS],
        "rows": rows,
    }
