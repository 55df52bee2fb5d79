"""Published tables about the ordinal quantification measures: the OQ literature entry point.

The OQ family contributes its literature the way it contributes its claims:
:data:`SOURCES` is listed under the ``axiometrics.literature`` entry-point
group and validated against the registry that loads it
(:func:`axiometrics.literature.register`), so the core holds no OQ data.

Three sources are registered, in this order:

* ``sakai2021_t7``, Sakai (2021), Table 7 (OQ): (i) handles ordinal classes,
  read as point-mass monotonicity; (ii) symmetric;
* ``sakai2022_t1``, Sakai (2022), Table 1: (b) suitable for ordinal classes
  (point-mass monotonicity) and (d) no equidistance assumption (ordinal
  invariance); column (c) "symmetric" lost its positions in the flattened
  source and is left to the checker;
* ``sakai2022_ppp``, Sakai (2022), §2.3: the priority preserving property
  holds for DNKT and for none of the quantification measures, and DNKT is
  not useful on a uniform gold (read as: PPP (b) needs a non-uniform gold).

Sakai (2021), Table 4 covers the classification measures and is entered by
the OC family (:mod:`axiometrics.measures.oc.literature`).  Every verdict
the checker disagrees with (at the ``ci`` profile, seed 0) is classified
(docs/claims.md §7 gives the counterexamples).
"""

from __future__ import annotations

from axiometrics.literature import Disagreement, LiteratureSource, LiteratureVerdict

__all__ = ["SAKAI2021_T7", "SAKAI2022_PPP", "SAKAI2022_T1", "SOURCES"]

_SAKAI_T7_COLUMNS = (
    ("point_mass_monotonicity", "(i) handles ordinal classes"),
    ("symmetry", "(ii) symmetric"),
)
_SAKAI_T7 = {
    "nmd": "✓✓",
    "rsnod": "✓✓",
    "rnod": "✓-",
    "nvd": "-✓",
    "rnss": "-✓",
    "jsd": "-✓",
}


def _table(
    source: str, columns: tuple[tuple[str, str], ...], rows: dict[str, str]
) -> list[LiteratureVerdict]:
    return [
        LiteratureVerdict(source, measure, claim, mark == "✓", column)
        for measure, marks in rows.items()
        for (claim, column), mark in zip(columns, marks, strict=True)
    ]


def _sakai2022() -> list[LiteratureVerdict]:
    out = []
    ordinal = {"nmd", "rnod", "rnod2", "rnadw", "rnadw2"}
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2", "nvd", "rnss", "jsd", "dnkt"):
        out.append(
            LiteratureVerdict(
                "sakai2022_t1", m, "point_mass_monotonicity", m in ordinal, "(b) ordinal classes"
            )
        )
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2"):
        out.append(
            LiteratureVerdict(
                "sakai2022_t1",
                m,
                "ordinal_invariance",
                m in {"nmd", "rnod2", "rnadw2"},
                "(d) no equidistance",
            )
        )
    for m in ("nmd", "rnod", "rnod2", "rnadw", "rnadw2", "nvd", "rnss", "jsd", "dnkt"):
        out.append(
            LiteratureVerdict(
                "sakai2022_ppp",
                m,
                "priority_preservation",
                m == "dnkt",
                "PPP",
                note="DNKT has the PPP; no quantification measure does",
            )
        )
    out.append(
        LiteratureVerdict(
            "sakai2022_ppp",
            "dnkt",
            "priority_violation",
            True,
            "PPP",
            ("gold_not_uniform",),
            "DNKT is not useful if the gold distribution is uniform (DESIGN §5 reading: "
            "PPP (b) fails only on a uniform gold)",
        )
    )
    return out


#: Classification of every verdict of these sources the checker disagrees with.
_DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement(
        "sakai2022_t1",
        "rnod2",
        "point_mass_monotonicity",
        "finding",
        "its class distance is the gold mass between two classes: with gold (0, 0, 1) estimates "
        "e0 and e1 tie",
    ),
    Disagreement(
        "sakai2022_t1",
        "rnadw",
        "point_mass_monotonicity",
        "finding",
        "it averages distance-weighted sums over every class, so estimates placed symmetrically "
        "about the middle of the scale tie",
    ),
    Disagreement(
        "sakai2022_t1",
        "rnadw2",
        "point_mass_monotonicity",
        "finding",
        "its class distance is the gold mass between two classes: with gold (0, 0, 1) estimates "
        "e0 and e1 tie",
    ),
)


def _source(
    key: str, citation: str, abbreviation: str, verdicts: list[LiteratureVerdict]
) -> LiteratureSource:
    return LiteratureSource(
        key,
        citation,
        abbreviation,
        tuple(v for v in verdicts if v.source == key),
        tuple(d for d in _DISAGREEMENTS if d.source == key),
    )


#: Sakai 2021, Table 7 (ordinal quantification).
SAKAI2021_T7 = _source(
    "sakai2021_t7",
    "Sakai 2021, Table 7",
    "S7",
    _table("sakai2021_t7", _SAKAI_T7_COLUMNS, _SAKAI_T7),
)

#: Sakai 2022, Table 1.
SAKAI2022_T1 = _source("sakai2022_t1", "Sakai 2022, Table 1", "S22", _sakai2022())

#: Sakai 2022, §2.3 (the priority preserving property).
SAKAI2022_PPP = _source("sakai2022_ppp", "Sakai 2022, §2.3", "S22§", _sakai2022())

#: The sources this plugin registers (the entry point's object), in registration order.
SOURCES = (SAKAI2021_T7, SAKAI2022_T1, SAKAI2022_PPP)
