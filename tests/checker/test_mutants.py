"""The public mutant suite: every proof refutes its mutant, the checker finds them all."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import registered_claims

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "mutants.py"
_SPEC = importlib.util.spec_from_file_location("bench_mutants", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
mutants = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = mutants
_SPEC.loader.exec_module(mutants)


def test_the_suite_has_at_least_forty_mutants_with_unique_names():
    names = [m.name for m in mutants.MUTANTS]
    assert len(names) >= 40
    assert len(set(names)) == len(names)


def test_the_mutants_cover_every_builtin_claim():
    covered = {m.claim for m in mutants.MUTANTS}
    assert covered == {c.name for c in registered_claims() if c.required}


def test_no_claim_has_fewer_than_two_mutants():
    counts = Counter(m.claim for m in mutants.MUTANTS)
    assert min(counts.values()) >= 2, counts


def test_every_family_has_its_own_suite_of_mutants_and_controls():
    families = {"oc", "oq", "nominal", "scored", "regression", "language_model", "generation"}
    assert {m.family for m in mutants.MUTANTS} == families
    assert {c.family for c in mutants.CONTROLS} == families
    assert mutants.family_suite("scored").FAMILIES == ("scored",)
    assert mutants.family_suite("regression").FAMILIES == ("regression",)
    assert mutants.family_suite("language_model").FAMILIES == ("language_model",)
    assert mutants.family_suite("generation").FAMILIES == ("generation",)
    assert mutants.family_suite("nominal").FAMILIES == ("nominal",)
    assert mutants.family_suite("oc") is None


def _scored_proof_inputs(mutant):
    return [mutant.proof.entry(k) for k in range(mutant.proof.n_entries)]


_MAX = float(np.finfo(float).max)
#: The corners of the scored claims' domains (issue 23), each a predicate of a
#: mutant's proof inputs and its claim.
_SCORED_CORNERS = {
    "one item": lambda entries, claim: any(s.size == 1 for s, _ in entries),
    "more than 10 items": lambda entries, claim: any(10 < s.size <= 100 for s, _ in entries),
    "more than 100 items": lambda entries, claim: any(100 < s.size <= 1000 for s, _ in entries),
    "more than 1000 items": lambda entries, claim: any(s.size > 1000 for s, _ in entries),
    "k of 256 or more": lambda entries, claim: (
        claim == "prevalence_invariance" and entries[1][0].size - entries[0][0].size >= 255
    ),
    "the largest floats": lambda entries, claim: any(
        np.abs(s).max() >= _MAX / 2 for s, _ in entries
    ),
    "subnormal scores": lambda entries, claim: any(
        np.any((s != 0) & (np.abs(s) < np.finfo(float).tiny)) for s, _ in entries
    ),
    "probabilities below 1e-7": lambda entries, claim: any(
        np.any((s > 0) & (s < 1e-7)) and s.max() <= 1 for s, _ in entries
    ),
    "adjacent floats": lambda entries, claim: any(
        np.any(np.nextafter(np.unique(s)[:-1], np.inf) == np.unique(s)[1:]) for s, _ in entries
    ),
    "mixed magnitudes": lambda entries, claim: any(
        {-1.0, 1e-20, 2e-20} <= set(s.tolist()) for s, _ in entries
    ),
    "a rounding boundary": lambda entries, claim: any(0.125 in s for s, _ in entries),
    "one positive": lambda entries, claim: any(y.sum() == 1 and y.size > 1 for _, y in entries),
    "all but one positive": lambda entries, claim: any(
        y.sum() == y.size - 1 and y.size > 2 for _, y in entries
    ),
    "one positive in 1000": lambda entries, claim: any(
        y.sum() == 1 and y.size >= 1000 for _, y in entries
    ),
}


@pytest.mark.parametrize("corner", sorted(_SCORED_CORNERS))
def test_the_scored_suite_has_a_mutant_proven_at_every_corner_of_the_domains(corner):
    scored = [m for m in mutants.MUTANTS if m.family == "scored"]
    witnesses = [
        m.name for m in scored if _SCORED_CORNERS[corner](_scored_proof_inputs(m), m.claim)
    ]
    assert witnesses, corner


def test_the_scored_controls_include_float_noise_prone_implementations():
    names = {c.name for c in mutants.CONTROLS if c.family == "scored"}
    assert {"auc", "auc_noisy", "auc_rank_sum", "auc_trapezoid", "log_loss_log1p"} <= names


def _regression_claims():
    return {c.name for c in registered_claims() if c.required and c.applies_to("regression")}


def test_every_regression_claim_has_at_least_two_regression_mutants():
    counts = Counter(m.claim for m in mutants.MUTANTS if m.family == "regression")
    assert set(counts) == _regression_claims()
    assert min(counts.values()) >= 2, counts


def test_the_regression_controls_include_float_noise_prone_implementations():
    controls = [c for c in mutants.CONTROLS if c.family == "regression"]
    names = {c.name for c in controls}
    assert len(controls) >= 8
    assert {"mae_noisy", "r2_np_average", "pearson_corrcoef", "spearman_rankdata"} <= names


def test_scale_homogeneity_mutants_and_controls_declare_each_degree():
    degrees = {
        m.preconditions
        for m in mutants.MUTANTS
        if m.family == "regression" and m.claim == "scale_homogeneity"
    }
    assert {(), ("degree_1",), ("degree_2",)} <= degrees
    controls = {c.name: c for c in mutants.CONTROLS if c.family == "regression"}
    assert controls["mse"].preconditions == {"scale_homogeneity": ("degree_2",)}
    assert controls["mae"].preconditions == {"scale_homogeneity": ("degree_1",)}


def test_a_declared_degree_is_the_precondition_the_claim_is_checked_under():
    mse = next(c for c in mutants.CONTROLS if c.name == "mse")
    verdict = check(mutants.subject_of(mse), ["scale_homogeneity"], variants=False).verdict(
        "scale_homogeneity"
    )
    assert verdict.preconditions == ("degree_2",)
    assert verdict.outcome is Outcome.NOT_REFUTED


def test_preconditions_on_a_core_familys_mutant_are_refused():
    core = next(m for m in mutants.MUTANTS if m.family == "oc")
    with pytest.raises(ValueError, match="preconditions are declared only by a plugin family"):
        mutants.subject_of(replace(core, preconditions=("no_empty_gold_class",)))


#: The corners of the regression claims' domains, each a predicate of a
#: mutant's proof inputs ``(y_true, y_pred, sample_weight)`` per entry.
_REGRESSION_CORNERS = {
    "one item": lambda entries: any(y.size == 1 for y, _, _ in entries),
    "more than 100 items": lambda entries: any(y.size > 100 for y, _, _ in entries),
    "the largest floats": lambda entries: any(
        np.abs(np.r_[y, p]).max() >= _MAX / 2 for y, p, _ in entries
    ),
    "values whose squares underflow": lambda entries: any(
        np.any((np.r_[y, p] != 0) & (np.abs(np.r_[y, p]) < 1e-90)) for y, p, _ in entries
    ),
    "a true value of -1": lambda entries: any(np.any(y == -1) for y, _, _ in entries),
    "zero weights": lambda entries: any(np.any(w == 0) for _, _, w in entries),
    "real weights": lambda entries: any(np.any(w != np.round(w)) for _, _, w in entries),
    "values past 2**24": lambda entries: any(
        np.any(np.abs(np.r_[y, p]) > 2.0**24) for y, p, _ in entries
    ),
}


@pytest.mark.parametrize("corner", sorted(_REGRESSION_CORNERS))
def test_the_regression_suite_has_a_mutant_proven_at_every_corner_of_the_domains(corner):
    witnesses = [
        m.name
        for m in mutants.MUTANTS
        if m.family == "regression" and _REGRESSION_CORNERS[corner](_scored_proof_inputs(m))
    ]
    assert witnesses, corner


@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.name)
def test_each_mutants_proof_really_refutes_it(mutant):
    decision = mutants.prove(mutant)
    assert decision.status == "fails", decision.explanation


@pytest.mark.slow(seconds=60)
def test_the_checker_refutes_at_least_95_percent_of_the_mutants_at_the_ci_profile():
    refuted = [
        m.name
        for m in mutants.MUTANTS
        if check(mutants.subject_of(m), [m.claim], variants=False, discover=False)
        .verdict(m.claim)
        .outcome
        is Outcome.REFUTED
    ]
    assert len(refuted) / len(mutants.MUTANTS) >= 0.95, sorted(
        {m.name for m in mutants.MUTANTS} - set(refuted)
    )


@pytest.mark.slow
@pytest.mark.parametrize("control", mutants.CONTROLS, ids=lambda c: c.name)
def test_no_control_is_refuted_at_the_ci_profile(control):
    report = check(mutants.subject_of(control), list(control.claims), variants=False)
    outcomes = {name: report.verdict(name).outcome for name in control.claims}
    assert all(o is Outcome.NOT_REFUTED for o in outcomes.values()), outcomes


#: The mutants whose known witnesses (the proof's, the random search's) lie
#: outside what the ``ci`` bound enumerates (1,000 cases per claim: matrices
#: of up to 4 classes and a few items, distributions on small grids, scored
#: inputs of up to 3 items on ranks and 2 on corner scores, regression inputs of up to
#: 3 grid items and 2 corner items), each with why.  Every other mutant is
#: *in bound*: the bounded pass alone must refute it.
OUT_OF_BOUND = {
    "mae_rounded_3": "a one-class move in a 12-class matrix of 13,386 items (C <= 4, a few items)",
    "mae_significant_4": "a one-class move in a 12-class matrix of 13,386 items",
    "mae_float16": "float16 counts: a one-class move among 13,386 items",
    "macro_mae_capped_sizes": "class sizes capped at 50: classes of 60 and 61 items",
    "macro_recall_rounded": "rounding hides a one-item move only among hundreds of items",
    "macro_mae_rounded": "rounding hides a one-item move only among hundreds of items",
    "accuracy_first_ten_classes": "11 classes (the bound enumerates up to 4)",
    "kappa_int32_overflow": "N**2 past 2**31: more than 46,340 items",
    "abs_ordered_bins": "3 bins with values (-3, 1, 2): ordinal invariance reaches C = 2 at ci",
    "order_with_tie_tolerance_a": "gold bins 1e-12 apart, on no grid of multiples of 1/k",
    "order_with_tie_tolerance_b": "gold bins 1e-12 apart, on no grid of multiples of 1/k",
    "nmd_first_ten_bins": "12 bins (the bound enumerates up to 4)",
    "nmd_rounded_5": "a mass step of 1e-6, on no grid reached (k = 10**6)",
    "nmd_rounded_inputs": "a mass step of 1e-7, on no grid reached",
    "nmd_first_ten_transfer": "11 bins (the bound enumerates up to 4)",
    "nvd_rounded_8": "near-identical distributions 1e-9 apart, on no grid reached",
    "nmd_rounded_inputs_identity": "near-identical distributions 1e-8 apart, on no grid reached",
    "chi2_subnormal": "subnormal probabilities, on no grid of multiples of 1/k",
    "auc_binned_beyond_100_items": "more than 100 items (the bound reaches 3 on ranks)",
    "precision_at_10_position_cut": "more than 10 items",
    "auc_mean_over_batches_of_100": "more than 100 items",
    "ap_at_10_over_p": "more than 10 items",
    "auc_min_class_share_guard": "one positive in 1000 items",
    # regression: the bound reaches 3 grid items (0, 1, 2; 2 for item order and weights)
    # and 2 corner items, with one relation parameter per stream
    "spearman_ordinal_ranks": "a tie beside a third item (item order reaches 2 grid items)",
    "kendall_position_ties": "a tie beside a third item (item order reaches 2 grid items)",
    "mse_mean_of_batches": "more than 100 items",
    "mae_rounded_predictions": "a prediction off by less than 1/2 (the grid's gaps are 1)",
    "mse_float32_values": "a shift of 2**40 (the bound shifts by -3 and 1e300)",
    "pearson_one_pass": "a shift of 1000 on three items (the bound shifts by -3 and 1e300)",
    "spearman_isclose_ties": "true values 1e-9 apart (the grid's gaps are 1)",
    "pearson_clipped_predictions": "a factor taking predictions past 1e6 (a = 2 and 1/2)",
    "pearson_float32": "a shift of 2**40 beside a prediction of 2**20",
    "spearman_rounded_predictions": "predictions 1e-7 apart",
    "spearman_float32_ranks": "four distinct predictions under the huge rank map",
    "kendall_isclose_ties": "predictions past 1e5 under arctan",
    "kendall_gap_ties": "predictions 1e-13 apart",
    "mse_integer_weights": "weights times 1/2 (the bound multiplies by 3 and 2**-30)",
    "kendall_float32": "an outlier one unit past 2**24 (float32 keeps 24 bits)",
    "mae_float32_accumulation": "k = 3 (the bound scales by 1/2 and 2**30, exact in float32)",
    "mse_float32_accumulation": "k = 3 (the bound scales by 1/2 and 2**30, exact in float32)",
    # generation: the bound enumerates one segment with one reference over the words a, b, for
    # identity, symmetry, edit monotonicity and well-definedness only
    "bleu_longest_reference_length": "two references of different lengths",
    "bleu_first_segment_lengths": "two segments (item order has no enumerator)",
    "wer_running_mean": "three segments (item order has no enumerator)",
    "bleu_clip_by_first_reference": "two references (reference order has no enumerator)",
    "bleu_first_reference_length": "two references (reference order has no enumerator)",
    "mer_first_of_equal_references": "two references (reference order has no enumerator)",
    "ter_first_reference": "two references (reference order has no enumerator)",
    "rouge_l_mean_over_references": "a reference added (reference addition has no enumerator)",
    "sentence_chrf_last_reference": "a reference added (reference addition has no enumerator)",
    "sentence_bleu_length_weighted": "two segments (segment aggregation has no enumerator)",
    "rouge_l_pooled": "two segments (segment aggregation has no enumerator)",
    "bleu_max_order_3": "zero match has no enumerator",
    "bleu_floor_smoothing_left_in": "zero match has no enumerator",
    "bleu_padded_ngrams": "block order has no enumerator",
    "bleu_wrapped_ngrams": "block order has no enumerator",
}


def test_every_out_of_bound_mutant_is_in_the_suite():
    assert set(OUT_OF_BOUND) <= {m.name for m in mutants.MUTANTS}


def _bounded_pass_refutes(item) -> bool:
    report = check(
        mutants.subject_of(item), [item.claim], max_examples=1, variants=False, discover=False
    )
    verdict = report.verdict(item.claim)
    return verdict.outcome is Outcome.REFUTED and bool(verdict.example.smallest)


@pytest.mark.slow
@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.name)
def test_the_bounded_pass_alone_refutes_every_mutant_in_bound_and_no_other(mutant):
    if mutant.name in OUT_OF_BOUND:
        assert not _bounded_pass_refutes(mutant), (
            f"{mutant.name} is now refuted by the bounded pass: take it out of OUT_OF_BOUND"
        )
    else:
        assert _bounded_pass_refutes(mutant)
