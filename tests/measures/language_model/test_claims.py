"""The language_model claims: the entry point, the formal statements, every Violated counterexample."""

from __future__ import annotations

import math

import pytest

from axiometrics.claims import (
    ProcedureFor,
    claims_for_family,
    get_claim,
    required_claims_for_family,
)
from axiometrics.measures.language_model.claims import CLAIMS

ORDER = (
    "item_order_invariance",
    "identity",
    "base_invariance",
    "probability_monotonicity",
    "concatenation_invariance",
    "sequence_mean_aggregation",
    "well_defined",
)
OWN = ORDER[2:6]


def test_the_entry_point_adopts_three_shared_claims_and_defines_four(registry):
    adopted = [item.claim for item in CLAIMS if isinstance(item, ProcedureFor)]
    assert adopted == ["item_order_invariance", "identity", "well_defined"]
    assert [c.name for c in claims_for_family("language_model")] == list(ORDER)
    assert {c.name for c in required_claims_for_family("language_model")} == set(ORDER)


@pytest.mark.parametrize("name", OWN)
def test_each_own_claim_is_universal_formal_and_applies_to_the_family_only(name):
    claim = get_claim(name)
    assert claim.form == "universal"
    assert claim.families == ("language_model",)
    assert claim.logic.startswith("∀")
    assert claim.required
    assert claim.reference


@pytest.mark.parametrize("name", ORDER)
def test_each_claim_has_a_procedure_with_an_enumerator(name):
    procedure = get_claim(name).procedure("language_model")
    assert procedure.description
    assert procedure.enumerate is not None


# (measure, claim, corpus, changed corpus or None for "the mean of its sequences alone")
COUNTEREXAMPLES = [
    ("perplexity", "sequence_mean_aggregation", [[0.0], [-1.0]], None),
    ("mean_sequence_perplexity", "sequence_mean_aggregation", [[0.0], [-1.0]], None),
    ("token_cross_entropy", "sequence_mean_aggregation", [[0.0], [0.0, -1.0]], None),
    ("bits_per_token", "sequence_mean_aggregation", [[0.0], [0.0, -1.0]], None),
    (
        "mean_sequence_perplexity",
        "concatenation_invariance",
        [[0.0], [0.0, -1.0]],
        [[0.0, 0.0, -1.0]],
    ),
]


@pytest.mark.parametrize(("name", "claim", "corpus", "changed"), COUNTEREXAMPLES)
def test_the_counterexamples_of_the_violated_notes(registry, name, claim, corpus, changed):
    scorer = registry.get(name)
    assert scorer.measure.claims[claim].status == "violated"
    before = scorer(corpus)
    alone = sum(scorer([s]) for s in corpus) / len(corpus)
    after = alone if changed is None else scorer(changed)
    assert after != pytest.approx(before)
    shown = str([[int(v) if v == int(v) else v for v in s] for s in corpus])
    assert f"counterexample: {shown}" in scorer.measure.claims[claim].note


def test_the_aggregation_counterexamples_give_the_numbers_of_the_notes(registry):
    assert registry.get("perplexity")([[0.0], [-1.0]]) == pytest.approx(math.exp(0.5))
    assert registry.get("mean_sequence_perplexity")([[0.0], [0.0, -1.0]]) == pytest.approx(
        math.exp(0.25)
    )
    assert registry.get("token_cross_entropy")([[0.0], [0.0, -1.0]]) == pytest.approx(1 / 3)
    assert registry.get("bits_per_token")([[0.0], [0.0, -1.0]]) == pytest.approx(
        1 / (3 * math.log(2))
    )


def test_cross_entropy_agrees_with_the_sequence_mean_when_every_length_is_equal(registry):
    corpus = [[0.0, -1.0], [-2.0, -0.5], [-3.0, 0.0]]
    scorer = registry.get("token_cross_entropy")
    assert scorer(corpus) == pytest.approx(sum(scorer([s]) for s in corpus) / 3, rel=1e-15)
