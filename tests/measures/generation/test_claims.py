"""The generation claims: the entry point, every verdict as declared, every Violated counterexample."""

from __future__ import annotations

import math

import jiwer
import numpy as np
import pytest

import axiometrics as ax
from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import (
    Precondition,
    ProcedureFor,
    claims_for_family,
    get_claim,
)
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.generation import edit_kernels as ek
from axiometrics.measures.generation.cases import block_swap_impostor, run_impostor
from axiometrics.measures.generation.claims import CLAIMS, STRICT_IDENTITY, any_input
from axiometrics.measures.generation.declarations import CLAIMS_WHEN

MEASURES = (
    "bleu",
    "sentence_bleu",
    "chrf",
    "chrf_plus_plus",
    "sentence_chrf",
    "ter",
    "wer",
    "cer",
    "mer",
    "wil",
    "rouge_l",
)
SHARED = ("symmetry", "item_order_invariance", "identity", "well_defined")
OWN = (
    "reference_order_invariance",
    "reference_addition_monotonicity",
    "edit_monotonicity",
    "segment_aggregation",
    "zero_match",
    "block_order_invariance",
)


def test_the_entry_point_adopts_four_shared_claims_and_defines_six():
    adopted = [item.claim for item in CLAIMS if isinstance(item, ProcedureFor)]
    assert adopted == list(SHARED)
    assert {c.name for c in claims_for_family("generation")} == {*SHARED, *OWN}
    (strict,) = [item for item in CLAIMS if isinstance(item, Precondition)]
    assert strict.name == STRICT_IDENTITY


@pytest.mark.parametrize("name", OWN)
def test_each_own_claim_is_universal_formal_and_applies_to_the_family_only(name):
    claim = get_claim(name)
    assert claim.form == "universal"
    assert claim.families == ("generation",)
    assert claim.logic.startswith("∀")
    assert claim.reference


def test_the_strict_identity_precondition_restricts_no_input():
    hyps = np.array([["a", "b"], ["c", "d"]], dtype=object)
    assert any_input(hyps, np.empty(2, dtype=object)).tolist() == [True, True]


@pytest.mark.parametrize("name", MEASURES)
def test_every_measure_declares_every_claim_of_the_family(name):
    assert {*SHARED, *OWN} <= set(ax.get_measure(name).claims)


@pytest.mark.parametrize("name", MEASURES)
def test_the_checker_agrees_with_every_declaration_at_the_ci_profile(committed, name):
    # The committed report's verdicts (tests/measures/conftest.py): re-checked there, not here.
    rows = committed.rows(name)
    assert set(rows) == {*SHARED, *OWN}
    for claim, row in rows.items():
        assert row["mismatch"] is None, (name, claim, row["summary"])
        if row["declared"] == "n/a":
            continue
        expected = "refuted" if row["declared"] == "violated" else "not_refuted"
        assert row["outcome"] == expected, (name, claim, row["declared"], row["summary"])


def _strict_identity(name: str):
    report = check(
        name,
        ["identity"],
        settings="ci",
        seed=0,
        discover=False,
        extra_preconditions={"identity": [[STRICT_IDENTITY]]},
    )
    (result,) = report.results
    return next(v for v in (result.verdict, *result.variants) if STRICT_IDENTITY in v.preconditions)


def test_bleus_optimum_only_for_identical_output_is_refuted_at_the_ci_profile():
    """A published source reads BLEU's optimum as reached only by a hypothesis identical to a
    reference (hf_evaluate); the checker refutes it with strict_identity."""
    verdict = _strict_identity("bleu")
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()


@pytest.mark.parametrize("name", ["ter", "wer", "cer", "mer", "wil"])
def test_the_edit_rates_reach_their_optimum_only_for_identical_output(name):
    verdict = _strict_identity(name)
    assert verdict.outcome is Outcome.NOT_REFUTED, verdict.summary()


def test_the_strict_identity_impostors_score_bleus_optimum_and_equal_no_reference():
    hypothesis, references = run_impostor("a b c d", 0, 0)
    assert (hypothesis, references) == ("a b c d", ("a b c d a b c d", "zz zz zz zz"))
    assert ax.score("bleu", [hypothesis], [references]) == 100.0
    hypothesis, reference = block_swap_impostor("xyzw", "abc")
    assert (hypothesis, reference) == ("x a b c z a b c y a b c w", "x a b c y a b c z a b c w")
    assert ax.score("bleu", [hypothesis], [reference]) == 100.0
    assert ax.score("bleu", ["a b c d"], [("a b c d a b c d", "x y z w")]) == 100.0


# -- the counterexamples of the Violated notes ---------------------------------------------------


def score(name, hypotheses, references):
    return float(ax.score(name, list(hypotheses), [tuple(r) for r in references]))


def _mean_of_segments(name, hypotheses, references):
    return float(
        np.mean([score(name, [h], [r]) for h, r in zip(hypotheses, references, strict=True)])
    )


# (measure, claim, corpus, changed corpus, relation of the changed score to the first)
_SYM = (("a",), (("a a",),))
_SYM_SWAPPED = (("a a",), (("a",),))
COUNTEREXAMPLES = [
    *(
        (name, "zero_match", (("a a a zz",), (("a a a a",),)), None, "positive")
        for name in ("ter", "wer", "cer", "mer", "wil", "rouge_l")
    ),
    (
        "bleu",
        "symmetry",
        (("a b c d e",), (("a b c d",),)),
        (("a b c d",), (("a b c d e",),)),
        "differ",
    ),
    (
        "bleu",
        "reference_addition_monotonicity",
        (("a a a a a",), (("a a",),)),
        (("a a a a a",), (("a a", "a a b a b a"),)),
        "worse",
    ),
    ("bleu", "edit_monotonicity", (("a a a a a",), (("",),)), (("a a a a",), (("",),)), "equal"),
    ("bleu", "zero_match", (("a a a zz",), (("a a a a",),)), None, "positive"),
    ("sentence_bleu", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "sentence_bleu",
        "reference_addition_monotonicity",
        (("a a a",), (("", "a a a a a a a"),)),
        (("a a a",), (("", "a a a a a a a", "a a a a"),)),
        "worse",
    ),
    ("sentence_bleu", "zero_match", (("a",), (("a",),)), None, "positive"),
    ("chrf", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "chrf",
        "reference_order_invariance",
        (("a", ""), (("a",), ("", "a"))),
        (("a", ""), (("a",), ("a", ""))),
        "differ",
    ),
    (
        "chrf",
        "reference_addition_monotonicity",
        (("語", "b"), (("語",), ("",))),
        (("語", "b"), (("語",), ("", "é\tab"))),
        "worse",
    ),
    (
        "chrf",
        "reference_addition_monotonicity",
        (("a", "x"), (("b",), ("x",))),
        (("a", "x"), (("b", "abcdefg"), ("x",))),
        "worse",
    ),
    ("chrf", "edit_monotonicity", (("a b",), (("b a",),)), (("a a",), (("b a",),)), "worse"),
    ("chrf", "zero_match", (("a a a zz",), (("a a a a",),)), None, "positive"),
    ("chrf_plus_plus", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "chrf_plus_plus",
        "reference_order_invariance",
        (("a", ""), (("a",), ("", "a"))),
        (("a", ""), (("a",), ("a", ""))),
        "differ",
    ),
    (
        "chrf_plus_plus",
        "reference_addition_monotonicity",
        (("語", "b"), (("語",), ("",))),
        (("語", "b"), (("語",), ("", "é\tab"))),
        "worse",
    ),
    ("sentence_chrf", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    ("sentence_chrf", "zero_match", (("a",), (("a",),)), None, "positive"),
    ("ter", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "ter",
        "reference_addition_monotonicity",
        (("a b",), (("a c",),)),
        (("a b",), (("a c", ""),)),
        "worse",
    ),
    ("ter", "edit_monotonicity", (("a b",), (("b a",),)), (("a a",), (("b a",),)), "equal"),
    ("wer", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "wer",
        "reference_addition_monotonicity",
        (("a", ""), (("a a a",), ("a",))),
        (("a", ""), (("a a a", ""), ("a",))),
        "worse",
    ),
    (
        "wer",
        "block_order_invariance",
        (("b a c",), (("a a c",),)),
        (("a c b",), (("a a c",),)),
        "differ",
    ),
    ("cer", "symmetry", _SYM, _SYM_SWAPPED, "differ"),
    (
        "cer",
        "reference_addition_monotonicity",
        (("a", ""), (("a a a",), ("a",))),
        (("a", ""), (("a a a", ""), ("a",))),
        "worse",
    ),
    (
        "cer",
        "block_order_invariance",
        (("b a c",), (("a a c",),)),
        (("a c b",), (("a a c",),)),
        "differ",
    ),
    (
        "rouge_l",
        "block_order_invariance",
        (("a b c",), (("a b c",),)),
        (("b c a",), (("a b c",),)),
        "differ",
    ),
]
for _name in ("mer", "wil"):
    COUNTEREXAMPLES += [
        (_name, "symmetry", (("a a b",), (("b a a",),)), (("b a a",), (("a a b",),)), "differ"),
        (
            _name,
            "reference_addition_monotonicity",
            (("a",), (("a b c",),)),
            (("a",), (("a b c", "b"),)),
            "worse",
        ),
        (
            _name,
            "block_order_invariance",
            (("b a c",), (("a a c",),)),
            (("a c b",), (("a a c",),)),
            "differ",
        ),
    ]
COUNTEREXAMPLES += [
    ("mer", "edit_monotonicity", (("a a",), (("",),)), (("a",), (("",),)), "equal"),
    ("wil", "edit_monotonicity", (("a b",), (("b a",),)), (("a a",), (("b a",),)), "equal"),
]


def _id(value):
    return value if isinstance(value, str) else None


@pytest.mark.parametrize(
    ("name", "claim", "corpus", "changed", "relation"), COUNTEREXAMPLES, ids=_id
)
def test_the_counterexamples_of_the_violated_notes(
    registry, name, claim, corpus, changed, relation
):
    measure = registry.get(name).measure
    assert measure.claims[claim].status == "violated"
    before = score(name, *corpus)
    if relation == "positive":
        assert before > 0
        return
    after = score(name, *changed)
    if relation == "equal":
        assert after == pytest.approx(before)
    elif relation == "worse":
        assert (after < before) if measure.higher_is_better else (after > before)
    else:
        assert after != pytest.approx(before)


def test_the_numbers_of_the_notes():
    assert score("bleu", ["a a a a a"], [("a a",)]) == pytest.approx(21.3644, abs=1e-4)
    assert score("bleu", ["a a a a a"], [("a a", "a a b a b a")]) == pytest.approx(
        20.8012, abs=1e-4
    )
    assert score("bleu", ["a a a zz"], [("a a a a",)]) == pytest.approx(59.4604, abs=1e-4)
    assert score("bleu(smooth='none')", ["a a a zz"], [("a a a a",)]) == 0.0
    assert score("sentence_bleu", ["a"], [("a a",)]) == pytest.approx(36.79, abs=1e-2)
    assert score("sentence_bleu", ["a a"], [("a",)]) == pytest.approx(50.0)
    assert score("sentence_bleu", ["a a a"], [("", "a a a a a a a", "a a a a")]) == pytest.approx(
        71.65, abs=1e-2
    )
    assert score("chrf", ["a"], [("a a",)]) == pytest.approx(55.56, abs=1e-2)
    assert score("chrf", ["a a"], [("a",)]) == pytest.approx(83.33, abs=1e-2)
    assert score("chrf(beta=1)", ["a"], [("a a",)]) == score("chrf(beta=1)", ["a a"], [("a",)])
    assert score("chrf(beta=1)", ["a", "a"], [("a",), ("",)]) == 100.0
    assert score("chrf(beta=1)", ["a", ""], [("a",), ("a",)]) == pytest.approx(66.67, abs=1e-2)
    assert score("bleu(smooth='floor')", ["a a a zz"], [("a a a a",)]) == pytest.approx(
        39.76, abs=1e-2
    )
    assert score("bleu(smooth='add-k')", ["a a a zz"], [("a a a a",)]) == pytest.approx(
        65.80, abs=1e-2
    )
    assert score("chrf", ["a", "x"], [("b",), ("x",)]) == pytest.approx(50.0)
    assert score("chrf", ["a", "x"], [("b", "abcdefg"), ("x",)]) == pytest.approx(29.41, abs=1e-2)
    assert score("chrf", ["語", "b"], [("語",), ("", "é\tab")]) == pytest.approx(55.56, abs=1e-2)
    assert score("chrf", ["a b"], [("b a",)]) == pytest.approx(50.0)
    assert score("chrf", ["a a"], [("b a",)]) == pytest.approx(25.0)
    assert score("ter", ["a b"], [("a c",)]) == 50.0
    assert score("ter", ["a b"], [("a c", "")]) == 100.0
    assert score("wer", ["a", ""], [("a a a",), ("a",)]) == 0.75
    assert score("wer", ["a", ""], [("a a a", ""), ("a",)]) == 2.0
    assert score("wer", ["b a c"], [("a a c",)]) == pytest.approx(1 / 3)
    assert score("wer", ["a c b"], [("a a c",)]) == pytest.approx(2 / 3)
    assert score("cer", ["a"], [("a a",)]) == pytest.approx(2 / 3)
    assert score("cer", ["a a"], [("a",)]) == 2.0
    assert score("wil", ["a b"], [("b a",)]) == 0.75
    assert score("mer", ["a"], [("a b c",)]) == pytest.approx(2 / 3)
    assert score("mer", ["a"], [("a b c", "b")]) == 1.0


@pytest.mark.parametrize(
    ("name", "hypotheses", "references"),
    [
        ("bleu", ("a a a a", "a a a a"), (("", "a a a a"), ("a",))),
        ("chrf", ("a a a a a", "a"), (("", "a a a a"), ("a",))),
        ("chrf_plus_plus", ("a a a a a", "a"), (("", "a a a a"), ("a",))),
        ("ter", ("a", ""), (("a",), ("a a",))),
        ("wer", ("a", ""), (("a",), ("a a",))),
        ("cer", ("a", ""), (("a",), ("a a",))),
        ("mer", ("a", ""), (("a",), ("a a",))),
    ],
)
def test_pooled_statistics_are_not_the_mean_of_the_segments(name, hypotheses, references):
    assert ax.get_measure(name).claims["segment_aggregation"].status == "violated"
    corpus = score(name, hypotheses, references)
    assert corpus != pytest.approx(_mean_of_segments(name, hypotheses, references))


def test_wils_ratio_counterexample_has_an_undefined_segment_alone():
    assert score("wil", ["a", ""], [("a",), ("a a",)]) == pytest.approx(1 - 1 / 3)
    with pytest.raises(UndefinedMeasureError):
        score("wil", [""], [("a a",)])


@pytest.mark.parametrize("name", ["sentence_bleu", "sentence_chrf", "rouge_l"])
def test_an_empty_segment_scores_zero_not_the_optimum(name):
    assert ax.get_measure(name).claims["identity"].status == "violated"
    assert score(name, [""], [("",)]) == 0.0
    assert ax.get_measure(name).claims["edit_monotonicity"].status == "violated"
    assert score(name, ["a"], [("",)]) == score(name, [""], [("",)]) == 0.0


@pytest.mark.parametrize("name", ["chrf", "chrf_plus_plus"])
def test_chrf_keeps_the_first_of_equal_references_for_an_empty_hypothesis(name):
    assert score(name, ["a", ""], [("a",), ("a", "")]) < 100.0


# -- user callables ---------------------------------------------------------------------------------


def jiwer_like_wer(hypotheses, references):
    """jiwer's WER over a corpus, one reference per segment (the first)."""
    value = jiwer.wer([r[0] for r in references], list(hypotheses))
    return value if math.isfinite(value) else math.nan


def test_a_callable_declaring_wers_range_as_zero_to_one_is_refuted_on_well_defined():
    verdict = check(
        jiwer_like_wer,
        ["well_defined"],
        family="generation",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, 1.0),
        seed=0,
        variants=False,
    ).verdict("well_defined")
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()
    assert "range" in verdict.summary() or verdict.example is not None


def _mer_first_of_equal_references(hypotheses, references):
    """MER whose reference among equal edits and lengths is the first listed (the old rule)."""
    rows = []
    for hypothesis, refs in zip(hypotheses, references, strict=True):
        words = ek.words(hypothesis)
        best, key = None, None
        for reference in refs:
            counts = ek.levenshtein_operations(words, ek.words(reference))
            candidate = (sum(counts[1:]), len(ek.words(reference)))
            if key is None or candidate < key:
                best, key = counts, candidate
        rows.append(best)
    scores, undefined = ek.mer_from_statistics(np.sum(rows, axis=0))
    return math.nan if undefined else float(scores)


def test_a_first_reference_tie_break_is_refuted_on_reference_order_invariance():
    """Two references of equal edits and length may split hits differently ("b a" keeps a hit of
    "a b", "zz zz" none): keeping the first makes MER depend on their order, and the claim's
    generator draws such ties."""
    assert _mer_first_of_equal_references(["a b"], [("b a", "zz zz")]) == pytest.approx(2 / 3)
    assert _mer_first_of_equal_references(["a b"], [("zz zz", "b a")]) == 1.0
    verdict = check(
        _mer_first_of_equal_references,
        ["reference_order_invariance"],
        family="generation",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, 1.0),
        undefined="nan",
        seed=0,
        variants=False,
    ).verdict("reference_order_invariance")
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()
    for order in (("b a", "zz zz"), ("zz zz", "b a")):
        assert score("mer", ["a b"], [order]) == pytest.approx(2 / 3)


def _parameter_declarations():
    for name, variants in CLAIMS_WHEN.items():
        for variant in variants:
            bound = ", ".join(f"{k}={v!r}" for k, v in variant.params.items())
            for claim, declared in variant.claims.items():
                yield pytest.param(
                    f"{name}({bound})", claim, declared.status, id=f"{name}({bound})-{claim}"
                )


@pytest.mark.parametrize(("expression", "claim", "status"), list(_parameter_declarations()))
def test_the_checker_agrees_with_every_parameter_declaration(expression, claim, status):
    measure = ax.default_registry().get(expression).measure
    assert measure.declaration(claim).status == status
    verdict = check(expression, claims=[claim]).results[0].verdict
    expected = Outcome.REFUTED if status == "violated" else Outcome.NOT_REFUTED
    assert verdict.outcome is expected


def test_corpus_chrf_is_not_symmetric_even_at_beta_1():
    measure = ax.default_registry().get("chrf(beta=1.0)").measure
    assert measure.declaration("symmetry").status == "violated"
    assert check("chrf(beta=1.0)", claims=["symmetry"]).results[0].verdict.outcome is (
        Outcome.REFUTED
    )
