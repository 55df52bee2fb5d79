"""Property verdicts published in the literature, as data.

Each :class:`LiteratureVerdict` records one cell of a published property
table, mapped onto an axiometrics claim and a registered measure name:

* Amigó et al. (2020), Table 2: ordinal invariance, ordinal monotonicity,
  imbalance (CEM^ORD's monotonicity and imbalance "provided that there are
  no empty classes in the gold standard", §4.2);
* Sakai (2021), Table 4 (OC): (i) ordinal, (ii) constant systems,
  (iii) imbalance.  Column (i) ("handles ordinal classes") is read as
  ordinal monotonicity, the only claim that separates the measures the way
  the column does;
* Sakai (2021), Table 7 (OQ): (i) handles ordinal classes, read as
  point-mass monotonicity; (ii) symmetric;
* Sakai (2022), Table 1: (b) suitable for ordinal classes (point-mass
  monotonicity) and (d) no equidistance assumption (ordinal invariance);
  column (c) "symmetric" lost its positions in the flattened source and is
  left to the checker; §2.3: the priority preserving property holds for
  DNKT and for none of the quantification measures, and DNKT is not useful
  on a uniform gold (read as: PPP (b) needs a non-uniform gold).

Every published verdict the checker disagrees with (at the ``ci`` profile,
seed 0) is classified in :data:`DISAGREEMENTS`: a finding about the measure,
a different definition of the property in the paper, or a property that
holds only under a precondition the paper states elsewhere, each with a
one-line justification (docs/claims.md §7 gives the counterexamples).

Measures are named as registered (``mae_macro`` is MAE^M); rows of the
papers that group measures ("MAE, MSE", "Weighted kappa") give one entry per
member.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AGREEMENT_KINDS",
    "DISAGREEMENTS",
    "LITERATURE",
    "SOURCES",
    "Disagreement",
    "LiteratureVerdict",
    "classify_agreement",
    "literature_for",
]


@dataclass(frozen=True)
class LiteratureVerdict:
    """One published verdict.

    Attributes
    ----------
    source
        Key of :data:`SOURCES` (e.g. ``"amigo2020"``).
    measure
        Registered measure name.
    claim
        Claim name.
    holds
        The published verdict (✓ is ``True``, - is ``False``).
    column
        The column of the published table.
    preconditions
        Preconditions the publication attaches to the verdict.
    note
        How the cell was read.
    """

    source: str
    measure: str
    claim: str
    holds: bool
    column: str
    preconditions: tuple[str, ...] = ()
    note: str = ""

    @property
    def label(self) -> str:
        """``"✓"``, ``"✓ if ..."`` or ``"-"``."""
        if not self.holds:
            return "-"
        return "✓ if " + " & ".join(self.preconditions) if self.preconditions else "✓"

    @property
    def citation(self) -> str:
        """Short citation of the source table."""
        return SOURCES[self.source]


#: Short citations of the sources.
SOURCES = {
    "amigo2020": "Amigó et al. 2020, Table 2",
    "sakai2021_t4": "Sakai 2021, Table 4",
    "sakai2021_t7": "Sakai 2021, Table 7",
    "sakai2022_t1": "Sakai 2022, Table 1",
    "sakai2022_ppp": "Sakai 2022, §2.3",
}

_AMIGO_COLUMNS = (
    ("ordinal_invariance", "Ord. Inv."),
    ("ordinal_monotonicity", "Ord. Mon."),
    ("imbalance", "Imb."),
)
_AMIGO = {
    "accuracy": "✓--",
    "accuracy_within": "✓--",
    "maac": "✓-✓",
    "cohen_kappa": "✓-✓",
    "f1_macro": "✓-✓",
    "mae_micro": "-✓-",
    "mse": "-✓-",
    "mae_macro": "-✓✓",
    "mse_macro": "-✓✓",
    "kappa_linear": "-✓✓",
    "kappa_quadratic": "-✓✓",
    "cosine": "-✓-",
    "pearson": "---",
    "kendall_tau_b": "✓-✓",
    "spearman": "✓-✓",
    "kendall_tau_a": "✓--",
    "mutual_information": "✓-✓",
    "cem_nom": "✓-✓",
    "cem_int": "-✓✓",
    "cem_ord": "✓✓✓",
}

_SAKAI_T4_COLUMNS = (
    ("ordinal_monotonicity", "(i) ordinal"),
    ("constant_system_discrimination", "(ii) constant systems"),
    ("imbalance", "(iii) imbalance"),
)
_SAKAI_T4 = {
    "kappa_linear": "✓-✓",
    "alpha_ordinal": "✓✓✓",
    "alpha_interval": "✓✓✓",
    "cem_ord": "✓✓✓",
    "mae_macro": "✓✓✓",
    "f1_macro": "-✓✓",
    "hmpr": "-✓✓",
    "mae_micro": "✓✓-",
    "accuracy": "-✓-",
}

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
    out = []
    for measure, marks in rows.items():
        for (claim, column), mark in zip(columns, marks, strict=True):
            pres: tuple[str, ...] = ()
            note = ""
            if source == "amigo2020" and measure == "cem_ord" and claim != "ordinal_invariance":
                pres = ("no_empty_gold_class",)
                note = "provided that there are no empty classes in the gold standard (§4.2)"
            out.append(LiteratureVerdict(source, measure, claim, mark == "✓", column, pres, note))
    return out


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


#: Every published verdict the property table compares with.
LITERATURE: tuple[LiteratureVerdict, ...] = (
    *_table("amigo2020", _AMIGO_COLUMNS, _AMIGO),
    *_table("sakai2021_t4", _SAKAI_T4_COLUMNS, _SAKAI_T4),
    *_table("sakai2021_t7", _SAKAI_T7_COLUMNS, _SAKAI_T7),
    *_sakai2022(),
)


def literature_for(measure: str, claim: str | None = None) -> tuple[LiteratureVerdict, ...]:
    """The published verdicts about ``measure`` (and ``claim``, if given)."""
    return tuple(
        v for v in LITERATURE if v.measure == measure and (claim is None or v.claim == claim)
    )


#: The kinds of agreement between a published verdict and the checker's, with their meaning.
AGREEMENT_KINDS = {
    "agrees": "the checker reproduces the published verdict",
    "finding": "a finding about the measure: the checker's counterexample contradicts the paper",
    "definition": "the paper defines the property differently from the formal claim checked",
    "precondition": "holds only under a precondition the paper (or the measure's source) "
    "states elsewhere",
    "unclassified": "a disagreement with no classification recorded in axiometrics.literature",
    "unchecked": "the checker did not check this verdict",
}


@dataclass(frozen=True)
class Disagreement:
    """Why the checker disagrees with one published verdict.

    Attributes
    ----------
    source
        Key of :data:`SOURCES`.
    measure
        Registered measure name.
    claim
        Claim name.
    kind
        ``"finding"``, ``"definition"`` or ``"precondition"`` (keys of
        :data:`AGREEMENT_KINDS`).
    justification
        One line saying why.
    """

    source: str
    measure: str
    claim: str
    kind: str
    justification: str


_KAPPA_MON = (
    "chance correction uses the system marginal: a single item moved toward its gold class "
    "keeps kappa at 0 (expected and observed disagreement coincide)"
)
_KAPPA_IMB = (
    "gold (2, 1, 1, 1): moving an item of the larger class or of the smaller one into "
    "class 1 gives the same kappa, so imbalance is not rewarded"
)
_SAKAI_ORDINAL = (
    "Sakai's column (i) asks whether the measure uses class distances at all, not Amigó's "
    "ordinal monotonicity, which the measure's chance correction breaks"
)
_SAKAI_IMBALANCE = (
    "Sakai's column (iii) asks whether the measure corrects for skewed classes (macro or "
    "chance correction), not Amigó's imbalance property, which is refuted"
)
_CEM_EMPTY = (
    "refuted only through empty gold classes; Amigó et al. 2020 §4.2 state the property "
    "for CEM 'provided that there are no empty classes in the gold standard'"
)
_RANK_IMB = (
    "gold (3, 2, 2): rank correlations penalise an error in the larger class more (more tied "
    "and discordant pairs), the opposite of the property"
)

#: Classification of every published verdict the checker disagrees with.
DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement("amigo2020", "kappa_linear", "ordinal_monotonicity", "finding", _KAPPA_MON),
    Disagreement("amigo2020", "kappa_quadratic", "ordinal_monotonicity", "finding", _KAPPA_MON),
    Disagreement("amigo2020", "kappa_linear", "imbalance", "finding", _KAPPA_IMB),
    Disagreement("amigo2020", "kappa_quadratic", "imbalance", "finding", _KAPPA_IMB),
    Disagreement(
        "amigo2020",
        "cosine",
        "ordinal_monotonicity",
        "finding",
        "cosine ignores the scale of the system's value vector: an item of gold class 3 "
        "predicted 1 or 2 scores 1 either way",
    ),
    Disagreement("amigo2020", "kendall_tau_b", "imbalance", "finding", _RANK_IMB),
    Disagreement("amigo2020", "spearman", "imbalance", "finding", _RANK_IMB),
    Disagreement(
        "amigo2020",
        "mutual_information",
        "imbalance",
        "finding",
        "either move leaves one mixed system class with one stray item, so H(gold | system) "
        "and MI tie on every imbalance case",
    ),
    Disagreement("amigo2020", "cem_int", "ordinal_monotonicity", "precondition", _CEM_EMPTY),
    Disagreement(
        "amigo2020",
        "cem_int",
        "imbalance",
        "finding",
        "refuted also without empty classes: gold (2, 2, 3, 2), interval closeness weighs the "
        "gold mass around a class, not only the class size",
    ),
    Disagreement(
        "sakai2021_t4", "kappa_linear", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "kappa_linear", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement(
        "sakai2021_t4", "alpha_ordinal", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "alpha_ordinal", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement(
        "sakai2021_t4", "alpha_interval", "ordinal_monotonicity", "definition", _SAKAI_ORDINAL
    ),
    Disagreement("sakai2021_t4", "alpha_interval", "imbalance", "definition", _SAKAI_IMBALANCE),
    Disagreement("sakai2021_t4", "cem_ord", "ordinal_monotonicity", "precondition", _CEM_EMPTY),
    Disagreement("sakai2021_t4", "cem_ord", "imbalance", "precondition", _CEM_EMPTY),
    Disagreement(
        "sakai2021_t4",
        "mae_macro",
        "constant_system_discrimination",
        "precondition",
        "refuted with two classes or empty gold classes; Sakai's data (5-class SemEval) has "
        "every class present, where no counterexample was found",
    ),
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


def classify_agreement(source: str, measure: str, claim: str, agreement: str) -> tuple[str, str]:
    """The kind of agreement of one comparison and its one-line justification.

    Parameters
    ----------
    source, measure, claim
        The published verdict's key.
    agreement
        ``"agrees"``, ``"disagrees"`` or ``"unchecked"`` (see
        :class:`axiometrics.property_table.LiteratureComparison`).

    Returns
    -------
    tuple of str
        A key of :data:`AGREEMENT_KINDS` and the justification.
    """
    if agreement in ("agrees", "unchecked"):
        return agreement, AGREEMENT_KINDS[agreement]
    for d in DISAGREEMENTS:
        if (d.source, d.measure, d.claim) == (source, measure, claim):
            return d.kind, d.justification
    return "unclassified", AGREEMENT_KINDS["unclassified"]
