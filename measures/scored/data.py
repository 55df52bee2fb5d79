"""Data hooks of the ``scored`` family: its run files and its generated collection.

:func:`read_runs` reads a binary gold file and ``id<TAB>score`` run files
(:mod:`.io`; the :attr:`~axiometrics.family.Family.read_runs` hook) and
:data:`SYNTHETIC_SCORED` is the collection the family generates
(:mod:`.synthetic`), loadable as ``datasets.load("synthetic_scored")``.
Heavy modules are imported on call, so that loading the family stays light.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from axiometrics.errors import InvalidParameterError
from axiometrics.family import GeneratedDataset

__all__ = ["SYNTHETIC_SCORED", "SYNTHETIC_SCORED_NAME", "read_runs"]

#: Name of the generated collection (``datasets.load(SYNTHETIC_SCORED_NAME)``).
SYNTHETIC_SCORED_NAME = "synthetic_scored"


def read_runs(
    gold: str | Path,
    systems: Sequence[str | Path] | Mapping[str, str | Path],
    *,
    scale: Sequence[Hashable] | None = None,
    scale_option: str = "scale",
    require_topic: bool = False,
) -> Any:
    """Read a binary gold file and score run files, aligned by item id (see :mod:`.io`).

    Raises
    ------
    InvalidParameterError
        For a class scale: scored runs have binary gold labels and none.
    DataFileError
        For any file problem (see :func:`.io.read_scored_runs`).
    """
    if scale is not None:
        raise InvalidParameterError(
            f"{scale_option}={scale!r}: scored runs have binary gold labels and no class scale"
        )
    from .io import read_scored_runs

    return read_scored_runs(gold, systems)


def _load() -> Any:
    from .synthetic import default_scored_runs

    return default_scored_runs()


def _describe() -> dict[str, Any]:
    from . import synthetic

    runs = synthetic.default_scored_runs()
    return {
        "name": SYNTHETIC_SCORED_NAME,
        "title": "Synthetic scored binary classifiers (binormal model, known calibration)",
        "source": {
            "package": "axiometrics",
            "loader": "axiometrics.measures.scored.synthetic.default_scored_runs",
            "origin": "generated (seeded) by axiometrics",
            "licence": "MIT (axiometrics)",
            "references": [],
        },
        "classes": [0, 1],
        "n_items": runs.n_items,
        "topics": {"names": list(runs.topics)},
        "seed": synthetic.DEFAULT_SCORED_SEED,
        "systems": [
            {"name": s, "kind": synthetic.scored_system_kind(str(s)), "probabilities": True}
            for s in runs.systems
        ],
    }


def _report_description(runs: Any) -> str:
    from . import synthetic as gen

    n = runs.gold.shape[1]
    return (
        f"Synthetic scored classifiers: {len(runs.topics)} binary topics x {n} items "
        f"(prevalence drawn from 0.05 to 0.5), {len(runs.systems)} systems: binormal scores "
        f"of separation d in {', '.join(f'{d:g}' for d in gen.SEPARATIONS)} x "
        f"{len(gen.CALIBRATIONS)} calibrations ({', '.join(gen.CALIBRATIONS)}), then "
        f"{', '.join(gen.ADVERSARIAL)}; data seed {gen.DEFAULT_SCORED_SEED}; scored measures "
        "on each topic's scores and gold labels."
    )


#: The synthetic scored classifiers (:mod:`.synthetic`), the family's generated collection.
SYNTHETIC_SCORED = GeneratedDataset(
    name=SYNTHETIC_SCORED_NAME,
    load=_load,
    describe=_describe,
    report_title="Synthetic scored classifiers",
    report_description=_report_description,
    report_on_undefined={"*": "drop"},
)
