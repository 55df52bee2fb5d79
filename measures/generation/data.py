"""The ``generation`` family's collection: synthetic systems of known corruption severity.

``synthetic_generation``
    21 corrupted systems and the clean base on 12 documents x 10 segments
    of original English, three hand-written references a segment
    (:mod:`.synthetic`), loadable with :func:`axiometrics.datasets.load`
    (:attr:`~axiometrics.family.Family.generated_datasets`).  Its truth is
    each system's severity by design: lower is better.

The generator is imported on call, so that loading the family stays light.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from axiometrics.family import GeneratedDataset

__all__ = ["ON_UNDEFINED", "SYNTHETIC_GENERATION", "SYNTHETIC_GENERATION_NAME"]

#: Name of the synthetic collection (``datasets.load(SYNTHETIC_GENERATION_NAME)``).
SYNTHETIC_GENERATION_NAME = "synthetic_generation"

#: Undefined-score policy of the collection in the report.  Every hypothesis and reference
#: is a non-empty sentence, so no measure of the family is expected to be undefined; a
#: measure that is undefined somewhere all the same (e.g. a plug-in's) is left out, with a
#: note, rather than stopping the report.
ON_UNDEFINED: dict[str, str | float] = {"*": "drop"}


def _load() -> Any:
    from .synthetic import default_generation_runs

    return default_generation_runs()


def _describe() -> dict[str, Any]:
    from . import synthetic

    collection = synthetic.default_generation()
    t, _, m = collection.hypotheses.shape
    systems = synthetic.system_metadata()
    order = sorted(systems, key=lambda s: s["true_rank"])
    return {
        "name": SYNTHETIC_GENERATION_NAME,
        "title": "Synthetic generation systems (deletions, insertions, substitutions, "
        "reorderings, negation flips and paraphrases of known severity)",
        "source": {
            "package": "axiometrics",
            "loader": "axiometrics.measures.generation.synthetic.default_generation_runs",
            "origin": "corpus written for axiometrics (original English, "
            "measures/generation/data/synthetic_corpus.tsv); systems generated (seeded) by "
            "axiometrics",
            "licence": "MIT (axiometrics)",
            "references": [],
        },
        "classes": [],
        "n_items": t * m,
        "topics": {"names": list(collection.topics), "segments_per_topic": m},
        "references_per_segment": len(collection.references[0, 0]),
        "seed": synthetic.DEFAULT_GENERATION_SEED,
        "systems": systems,
        "true_order": [s["name"] for s in order],
        "truth": "systems ranked by their severity by design, the expected number of base "
        "words damaged per base word (weights per kind of corruption), least severe first "
        "(true_rank 1)",
    }


def _truth() -> Mapping[Hashable, float]:
    from .synthetic import true_severity

    return {name: value for name, value in true_severity().items()}


def _report_description(runs: Any) -> str:
    from . import synthetic

    t, s, m = runs.hypotheses.shape
    return (
        f"Synthetic generation systems: {t} documents (the topics) x {m} segments of original "
        "English written for axiometrics, each with three hand-written meaning-preserving "
        f"rewrites as references and a held-out base text; {s} systems corrupt the base in "
        "controlled ways at 5, 15 and 30 % of its words (deletions, insertions and "
        "substitutions of words from a fixed vocabulary, adjacent swaps, a block moved across "
        "the sentence, synonym paraphrases) or flip the negation of 10, 30 or 50 % of the "
        "segments, beside the clean base; data seed "
        f"{synthetic.DEFAULT_GENERATION_SEED}.  True order by severity by design: the words "
        "damaged per base word, a deletion counting 1, a substitution 1.5, an insertion 0.5, "
        "a moved word 0.4, a swap 0.3, a paraphrase 0.05 and a negation flip the whole "
        "segment."
    )


#: The synthetic generation systems (:mod:`.synthetic`).
SYNTHETIC_GENERATION = GeneratedDataset(
    name=SYNTHETIC_GENERATION_NAME,
    load=_load,
    describe=_describe,
    report_title="Synthetic generation systems",
    report_description=_report_description,
    report_on_undefined=ON_UNDEFINED,
    truth=_truth,
    truth_description="The truth: each system's severity by design, the expected number of "
    "base words it damages per base word (a deletion 1, a substitution 1.5, an insertion "
    "0.5, a moved word 0.4, a swap 0.3, a paraphrase 0.05, a negation flip the whole "
    "segment), lower is better.",
)
