"""Published tables about the ordinal classification measures: the OC literature entry point.

The OC family contributes its literature the way it contributes its claims:
:data:`SOURCES` is listed under the ``axiometrics.literature`` entry-point
group and validated against the registry that loads it
(:func:`axiometrics.literature.register`), so the core holds no OC data.

Two sources are registered, in this order:

* ``amigo2020``, Amigó et al. (2020), Table 2: ordinal invariance, ordinal
  monotonicity, imbalance (CEM^ORD's monotonicity and imbalance "provided
  that there are no empty classes in the gold standard", §4.2);
* ``sakai2021_t4``, Sakai (2021), Table 4 (OC): (i) ordinal, (ii) constant
  systems, (iii) imbalance.  Column (i) ("handles ordinal classes") is read
  as ordinal monotonicity, the only claim that separates the measures the
  way the column does.

Sakai (2021), Table 7 covers the quantification measures and is entered by
the OQ family (:mod:`axiometrics.measures.oq.literature`).  Every verdict
the checker disagrees with (at the ``ci`` profile, seed 0) is classified
(docs/claims.md §7 gives the counterexamples).  Measures are named as
registered (``mae_macro`` is MAE^M; ``balanced_accuracy`` is stored under
the registered name, ``maac``); rows of the papers that group measures
("MAE, MSE", "Weighted kappa") give one entry per member.
"""

from __future__ import annotations

from axiometrics.literature import Disagreement, LiteratureSource, LiteratureVerdict

__all__ = ["AMIGO2020", "SAKAI2021_T4", "SOURCES"]

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

#: Classification of every verdict of these tables the checker disagrees with.
_DISAGREEMENTS: tuple[Disagreement, ...] = (
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
)


def _source(
    key: str, citation: str, abbreviation: str, verdicts: list[LiteratureVerdict]
) -> LiteratureSource:
    return LiteratureSource(
        key,
        citation,
        abbreviation,
        tuple(verdicts),
        tuple(d for d in _DISAGREEMENTS if d.source == key),
    )


#: Amigó et al. 2020, Table 2.
AMIGO2020 = _source(
    "amigo2020",
    "Amigó et al. 2020, Table 2",
    "A",
    _table("amigo2020", _AMIGO_COLUMNS, _AMIGO),
)

#: Sakai 2021, Table 4 (ordinal classification).
SAKAI2021_T4 = _source(
    "sakai2021_t4",
    "Sakai 2021, Table 4",
    "S4",
    _table("sakai2021_t4", _SAKAI_T4_COLUMNS, _SAKAI_T4),
)

#: The sources this plugin registers (the entry point's object), in registration order.
SOURCES = (AMIGO2020, SAKAI2021_T4)
