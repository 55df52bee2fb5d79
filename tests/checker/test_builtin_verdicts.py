"""Pinned verdicts of the built-in measures: the checker agrees with the mathematics.

The assertions read the committed ``reports/report.json`` (the property
table at the ``ci`` profile, seed 0), which
``tests/report/test_committed_report.py`` proves is what the checker writes
now: it re-runs the checker on every measure and names each verdict (main or
variant) that differs from the committed one, so a change of the checker
that changes a verdict fails there with the verdicts named.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from axiometrics.checker import Outcome
from axiometrics.literature import LITERATURE, RANGE, published_ranges

REPORT = Path(__file__).resolve().parents[2] / "reports" / "report.json"


@dataclass(frozen=True)
class Committed:
    """The committed verdicts: ``(measure, claim, variant label) -> row``."""

    verdicts: dict[tuple[str, str, str], dict[str, Any]]
    examples: dict[str, dict[str, Any]]
    literature: list[dict[str, Any]]

    def verdict(
        self, measure: str, claim: str, preconditions: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        # As ClaimResult.under: equidistant spacing, ``equidistant_values`` ignored.
        wanted = set(preconditions) - {"equidistant_values"}
        found = [
            row
            for (m, c, _), row in self.verdicts.items()
            if m == measure
            and c == claim
            and row.get("spacing", "equidistant") == "equidistant"
            and set(row["preconditions"]) - {"equidistant_values"} == wanted
        ]
        assert found, f"{measure}/{claim} was not checked under {preconditions}"
        return found[0]

    def outcome(self, measure: str, claim: str, preconditions: tuple[str, ...] = ()) -> Outcome:
        return Outcome(self.verdict(measure, claim, preconditions)["outcome"])

    def example(
        self, measure: str, claim: str, preconditions: tuple[str, ...] = ()
    ) -> list[dict[str, Any]]:
        ident = self.verdict(measure, claim, preconditions)["example"]
        assert ident is not None, f"{measure}/{claim} has no counterexample"
        return self.examples[ident]["entries"]


def load_committed(path: Path = REPORT) -> Committed:
    """Read the committed report's verdicts (main and variants), examples and literature."""
    model = json.loads(path.read_text(encoding="utf-8"))
    verdicts: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in model["property_table"]:
        verdicts[(row["measure"], row["claim"], "main")] = row
        for variant in row["variants"]:
            verdicts[(row["measure"], row["claim"], variant["label"])] = variant
    examples = {e["id"]: e for e in model["refutations"]}
    return Committed(verdicts, examples, model["literature"])


@pytest.fixture(scope="module")
def table() -> Committed:
    return load_committed()


def outcome(table: Committed, measure: str, claim: str, preconditions=()) -> Outcome:
    return table.outcome(measure, claim, tuple(preconditions))


def test_the_committed_report_was_built_at_the_ci_profile_with_seed_0():
    settings = json.loads(REPORT.read_text(encoding="utf-8"))["settings"]
    assert (settings["profile"], settings["seed"], settings["max_examples"]) == ("ci", 0, 100)


@pytest.mark.parametrize("measure", ["mae_macro", "mae_micro", "kappa_linear", "alpha_interval"])
def test_interval_measures_are_refuted_on_ordinal_invariance(table, measure):
    assert outcome(table, measure, "ordinal_invariance") is Outcome.REFUTED


@pytest.mark.parametrize("measure", ["alpha_ordinal", "cem_ord", "f1_macro", "accuracy"])
def test_ordinal_measures_survive_ordinal_invariance(table, measure):
    assert outcome(table, measure, "ordinal_invariance") is Outcome.NOT_REFUTED


@pytest.mark.parametrize("measure", ["accuracy", "f1_macro"])
def test_nominal_measures_are_refuted_on_ordinal_monotonicity(table, measure):
    assert outcome(table, measure, "ordinal_monotonicity") is Outcome.REFUTED


def test_cem_ord_monotonicity_fails_only_through_an_empty_gold_class(table):
    assert outcome(table, "cem_ord", "ordinal_monotonicity") is Outcome.REFUTED
    before = np.asarray(table.example("cem_ord", "ordinal_monotonicity")[0]["matrix"])
    assert np.any(before.sum(axis=0) == 0)
    restricted = outcome(table, "cem_ord", "ordinal_monotonicity", ["no_empty_gold_class"])
    assert restricted is Outcome.NOT_REFUTED


@pytest.mark.parametrize("measure", ["mae_micro", "accuracy"])
def test_micro_averaged_measures_are_refuted_on_imbalance(table, measure):
    assert outcome(table, measure, "imbalance") is Outcome.REFUTED


def test_linear_kappa_scores_every_constant_system_alike(table):
    assert outcome(table, "kappa_linear", "constant_system_discrimination") is Outcome.REFUTED
    entries = table.example("kappa_linear", "constant_system_discrimination")
    assert len({e["score"] for e in entries if e["score"] is not None}) == 1


def test_rnod_is_asymmetric_through_a_zero_bin(table):
    assert outcome(table, "rnod", "symmetry") is Outcome.REFUTED
    first = table.example("rnod", "symmetry")[0]
    system, gold = np.asarray(first["system"]), np.asarray(first["gold"])
    assert np.any(system == 0) or np.any(gold == 0)


def test_rnod_handles_point_masses_but_not_mass_transfers(table):
    assert outcome(table, "rnod", "mass_transfer_monotonicity") is Outcome.REFUTED
    assert outcome(table, "rnod", "point_mass_monotonicity") is Outcome.NOT_REFUTED


@pytest.mark.parametrize("measure", ["nvd", "rnss", "jsd"])
def test_nominal_divergences_are_refuted_on_point_mass_monotonicity(table, measure):
    assert outcome(table, measure, "point_mass_monotonicity") is Outcome.REFUTED


@pytest.mark.parametrize("measure", ["nmd", "rsnod"])
def test_nmd_and_rsnod_are_symmetric(table, measure):
    assert outcome(table, measure, "symmetry") is Outcome.NOT_REFUTED


def test_dnkt_preserves_priorities_and_fails_violations_only_on_a_uniform_gold(table):
    assert outcome(table, "dnkt", "priority_preservation") is Outcome.NOT_REFUTED
    assert outcome(table, "dnkt", "priority_violation") is Outcome.REFUTED
    gold = np.asarray(table.example("dnkt", "priority_violation")[0]["gold"])
    assert np.allclose(gold, gold[0])
    restricted = outcome(table, "dnkt", "priority_violation", ["gold_not_uniform"])
    assert restricted is Outcome.NOT_REFUTED


@pytest.mark.parametrize(
    "measure",
    ["nmd", "emd", "rnod", "rsnod", "rnod2", "rnadw", "rnadw2", "nvd", "rnss", "jsd", "kld"],
)
def test_no_quantification_measure_preserves_priorities(table, measure):
    assert outcome(table, measure, "priority_preservation") is Outcome.REFUTED


def test_the_mae_macro_invariance_counterexample_is_shrunk(table):
    entries = table.example("mae_macro", "ordinal_invariance")
    m = np.asarray(entries[0]["matrix"])
    assert m.shape[0] <= 3
    assert m.sum() <= 5
    assert entries[0]["score"] != entries[1]["score"]


# Claims each built-in measure satisfies mathematically (with the preconditions
# in brackets); none of them may be refuted.
TRULY_SATISFIED = {
    "accuracy": "ordinal_invariance symmetry constant_system_discrimination identity "
    "well_defined count_scale_invariance",
    "accuracy_within": "ordinal_invariance symmetry identity count_scale_invariance",
    "maac": "ordinal_invariance imbalance identity count_scale_invariance",
    "f1_macro": "ordinal_invariance imbalance constant_system_discrimination identity "
    "count_scale_invariance symmetry[no_empty_gold_class,no_empty_system_class]",
    "hmpr": "ordinal_invariance imbalance constant_system_discrimination identity "
    "count_scale_invariance symmetry[no_empty_gold_class,no_empty_system_class]",
    "cohen_kappa": "ordinal_invariance imbalance symmetry identity count_scale_invariance",
    "mutual_information": "ordinal_invariance symmetry count_scale_invariance",
    "mae_macro": "ordinal_monotonicity imbalance identity count_scale_invariance well_defined",
    "mae_micro": "ordinal_monotonicity symmetry constant_system_discrimination identity "
    "count_scale_invariance well_defined",
    "mse": "ordinal_monotonicity symmetry constant_system_discrimination identity "
    "count_scale_invariance",
    "mse_macro": "ordinal_monotonicity imbalance identity count_scale_invariance",
    "kappa_linear": "symmetry identity count_scale_invariance",
    "kappa_quadratic": "symmetry identity count_scale_invariance",
    "alpha_ordinal": "ordinal_invariance symmetry identity",
    "alpha_interval": "symmetry identity",
    "pearson": "symmetry count_scale_invariance",
    "spearman": "ordinal_invariance symmetry count_scale_invariance",
    "kendall_tau_a": "ordinal_invariance symmetry",
    "kendall_tau_b": "ordinal_invariance symmetry count_scale_invariance",
    "cosine": "symmetry count_scale_invariance",
    "cem_ord": "ordinal_invariance identity count_scale_invariance "
    "ordinal_monotonicity[no_empty_gold_class] imbalance[no_empty_gold_class]",
    "cem_nom": "ordinal_invariance imbalance identity count_scale_invariance",
    "cem_int": "identity count_scale_invariance ordinal_monotonicity[no_empty_gold_class]",
    "cem_ord_flat": "ordinal_invariance identity count_scale_invariance "
    "ordinal_monotonicity[no_empty_gold_class]",
    "nmd": "ordinal_invariance symmetry priority_violation point_mass_monotonicity "
    "mass_transfer_monotonicity identity well_defined",
    "emd": "symmetry priority_violation point_mass_monotonicity mass_transfer_monotonicity "
    "identity",
    "rnod": "priority_violation point_mass_monotonicity identity",
    "rsnod": "symmetry priority_violation point_mass_monotonicity identity",
    "rnod2": "ordinal_invariance priority_violation identity",
    "rnadw": "symmetry priority_violation identity",
    "rnadw2": "ordinal_invariance priority_violation identity",
    "nvd": "ordinal_invariance symmetry priority_violation identity well_defined",
    "rnss": "ordinal_invariance symmetry priority_violation identity well_defined",
    "jsd": "ordinal_invariance symmetry priority_violation identity well_defined",
    "kld": "ordinal_invariance priority_violation identity",
    "dnkt": "ordinal_invariance symmetry priority_preservation "
    "priority_violation[gold_not_uniform]",
    "dnkt_jsd": "ordinal_invariance symmetry priority_preservation priority_violation",
    "dnkt_nmd": "ordinal_invariance symmetry priority_preservation priority_violation",
    "dnkt_rnod": "priority_preservation priority_violation",
}


def _parse(spec):
    for item in spec.split():
        name, _, pres = item.partition("[")
        yield name, tuple(p for p in pres.rstrip("]").split(",") if p)


def test_no_claim_a_builtin_truly_satisfies_is_refuted(table):
    refuted = []
    for measure, spec in TRULY_SATISFIED.items():
        for claim, pres in _parse(spec):
            verdict = table.verdict(measure, claim, pres)
            if verdict["outcome"] != Outcome.NOT_REFUTED.value:
                refuted.append((measure, claim, pres, verdict["summary"]))
    assert refuted == []


# Published verdicts the checker disagrees with; each is explained in docs/claims.md
# (the regression ones in docs/families/regression.md).
DOCUMENTED_FINDINGS = {
    ("amigo2020", "kappa_linear", "ordinal_monotonicity"),
    ("amigo2020", "kappa_linear", "imbalance"),
    ("amigo2020", "kappa_quadratic", "ordinal_monotonicity"),
    ("amigo2020", "kappa_quadratic", "imbalance"),
    ("amigo2020", "cosine", "ordinal_monotonicity"),
    ("amigo2020", "kendall_tau_b", "imbalance"),
    ("amigo2020", "spearman", "imbalance"),
    ("amigo2020", "mutual_information", "imbalance"),
    ("amigo2020", "cem_int", "ordinal_monotonicity"),
    ("amigo2020", "cem_int", "imbalance"),
    ("sakai2021_t4", "kappa_linear", "ordinal_monotonicity"),
    ("sakai2021_t4", "kappa_linear", "imbalance"),
    ("sakai2021_t4", "alpha_ordinal", "ordinal_monotonicity"),
    ("sakai2021_t4", "alpha_ordinal", "imbalance"),
    ("sakai2021_t4", "alpha_interval", "ordinal_monotonicity"),
    ("sakai2021_t4", "alpha_interval", "imbalance"),
    ("sakai2021_t4", "cem_ord", "ordinal_monotonicity"),
    ("sakai2021_t4", "cem_ord", "imbalance"),
    ("sakai2021_t4", "mae_macro", "constant_system_discrimination"),
    ("sakai2022_t1", "rnod2", "point_mass_monotonicity"),
    ("sakai2022_t1", "rnadw2", "point_mass_monotonicity"),
    ("sakai2022_t1", "rnadw", "point_mass_monotonicity"),
    ("potts2020", "f1_macro", "prevalence_invariance"),
    ("potts2020", "fbeta_macro", "prevalence_invariance"),
    # "robust to outliers": read as bounded influence, which the median meets only
    # after one step (docs/families/regression.md, "Published statements").
    ("potts2020", "median_absolute_error", "bounded_influence"),
    ("sklearn_docs", "median_absolute_error", "bounded_influence"),
    # Published score ranges (claim "range"): R² and MSE do not stay in [0, 1].
    ("potts2020", "r2", "range"),
    ("hf_evaluate", "r2", "range"),
    ("hf_evaluate", "mean_squared_error", "range"),
    # The BLEU card (docs/families/generation.md, "Published statements"): corpus BLEU is
    # not a mean of segment scores, a longer reference can lower it, and hypotheses
    # identical to no reference can score 100.
    ("hf_evaluate", "bleu", "segment_aggregation"),
    ("hf_evaluate", "bleu", "reference_addition_monotonicity"),
    ("hf_evaluate", "bleu", "identity"),
    # Ranges: the notebook's BLEU is on [0, 1] (ours is sacreBLEU's 0-100), and TER
    # exceeds 100 when the hypothesis is much longer than its references.
    ("potts2020", "bleu", "range"),
    ("sacrebleu_docs", "ter", "range"),
}


def test_the_table_reproduces_the_literature_or_documents_each_disagreement(table):
    assert len(table.literature) == len(LITERATURE) + len(published_ranges())
    assert [e for e in table.literature if e["agreement"] == "unchecked"] == []
    found = {
        (e["source"], e["measure"], e["claim"])
        for e in table.literature
        if e["agreement"] == "disagrees"
    }
    assert found == DOCUMENTED_FINDINGS


def test_every_refuted_published_property_comes_with_a_counterexample(table):
    for e in table.literature:
        if e["agreement"] == "disagrees" and e["found"] == "refuted":
            assert e["example"] is not None, e
            # A range is refuted by one input, a claim relating inputs by two or more.
            least = 1 if e["claim"] == RANGE else 2
            assert len(table.examples[e["example"]]["entries"]) >= least


@pytest.mark.parametrize(
    ("source", "measures"),
    [
        (
            "amigo2020",
            {"accuracy", "accuracy_within", "maac", "cohen_kappa", "f1_macro", "mae_micro"}
            | {"mse", "mae_macro", "mse_macro", "kappa_linear", "kappa_quadratic", "cosine"}
            | {"pearson", "kendall_tau_b", "spearman", "kendall_tau_a", "mutual_information"}
            | {"cem_nom", "cem_int", "cem_ord"},
        ),
        (
            "sakai2021_t4",
            {"kappa_linear", "alpha_ordinal", "alpha_interval", "cem_ord"}
            | {"mae_macro", "f1_macro", "hmpr", "mae_micro", "accuracy"},
        ),
        ("sakai2021_t7", {"nmd", "rsnod", "rnod", "nvd", "rnss", "jsd"}),
    ],
)
def test_the_table_covers_every_measure_of_the_published_tables(table, source, measures):
    covered = {e["measure"] for e in table.literature if e["source"] == source}
    assert covered == measures
