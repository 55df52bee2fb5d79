"""The checker on the language_model family: every declaration confirmed or refuted as declared,
planted bugs refuted by the claim they break, and the decision rules' corners."""

from __future__ import annotations

import math

import numpy as np
import pytest

from axiometrics.checker import check
from axiometrics.checker.callables import subject_from_callable
from axiometrics.checker.cases import Observation
from axiometrics.checker.profiles import resolve_profile
from axiometrics.checker.reference import check_reference
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import claims_for_family, get_claim
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measures.language_model.cases import (
    E2,
    aggregation_case,
    base_case,
    concatenation_case,
    identity_case,
    monotonicity_case,
    order_case,
)

MEASURES = ("perplexity", "mean_sequence_perplexity", "token_cross_entropy", "bits_per_token")
#: Most tokens of a counterexample the bounded pass reports (its levels reach four).
HANDFUL = 4


@pytest.mark.parametrize("name", MEASURES)
def test_the_checker_agrees_with_every_declaration_at_the_ci_profile(committed, name):
    # The committed report's verdicts (tests/measures/conftest.py): re-checked there, not here.
    rows = committed.rows(name)
    assert list(rows) == [c.name for c in claims_for_family("language_model")]
    for claim, row in rows.items():
        assert row["mismatch"] is None, (name, claim, row["summary"])
        expected = "refuted" if row["declared"] == "violated" else "not_refuted"
        assert row["outcome"] == expected, (name, claim, row["declared"], row["summary"])
        if row["outcome"] == "refuted":
            assert "by the bounded pass" in row["summary"]
            tokens = [inputs[0].size for inputs in committed.inputs(row)]
            assert max(tokens) <= HANDFUL, (name, claim, tokens)


def test_the_smallest_counterexamples_are_the_ones_the_notes_give(registry):
    report = check("mean_sequence_perplexity", ["concatenation_invariance"], seed=0)
    entries = report.verdict("concatenation_invariance").example.entries
    assert [e.inputs[0].tolist() for e in entries] == [[0.0, 0.0, -1.0]] * 2
    assert [e.inputs[2].tolist() for e in entries] == [[1.0, 2.0], [3.0]]
    report = check("perplexity", ["sequence_mean_aggregation"], seed=0)
    entries = report.verdict("sequence_mean_aggregation").example.entries
    assert [e.inputs[0].tolist() for e in entries] == [[0.0, -1.0], [0.0], [-1.0]]


# -- planted bugs ---------------------------------------------------------------------------------


def _nll(log_probs, base=math.e):
    return [-np.asarray(s, dtype=float) * math.log(base) for s in log_probs]


def _finite(value):
    """A callable's score, NaN where it is infinite (its undefined inputs: undefined='nan')."""
    with np.errstate(all="ignore"):
        value = float(value)
    return value if math.isfinite(value) else math.nan


def perplexity(log_probs):
    """A correct perplexity: the control."""
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.mean(np.concatenate(_nll(log_probs)))))


def perplexity_with_base(log_probs, base):
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.mean(np.concatenate(_nll(log_probs, base)))))


def perplexity_over_sequences(log_probs):
    """Forgets the length weighting: the total NLL over the number of sequences, not tokens."""
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.sum(np.concatenate(_nll(log_probs))) / len(log_probs)))


def perplexity_mean_of_sequences(log_probs):
    """Forgets the length weighting: the arithmetic mean of the sequences' perplexities."""
    with np.errstate(all="ignore"):
        return _finite(np.mean([np.exp(s.mean()) for s in _nll(log_probs)]))


def perplexity_log10(log_probs, base):
    """Reads every value as a log10-probability, whatever the base."""
    with np.errstate(all="ignore"):
        return _finite(10.0 ** np.mean(np.concatenate(_nll(log_probs, 10.0 ** (1 / math.log(10))))))


def perplexity_ignoring_base(log_probs, base):
    """Takes every value for a natural logarithm, whatever the base."""
    return perplexity(log_probs)


def perplexity_log10_of_base(log_probs, base):
    """Converts with log10 of the base instead of its natural logarithm: exp(H / ln 10).

    Consistently wrong in every base (log10(b) / ln(b) = 1 / ln 10), so no claim sees it.
    """
    with np.errstate(all="ignore"):
        nll = -np.concatenate([np.asarray(s) for s in log_probs]) * math.log10(base)
        return _finite(np.exp(np.mean(nll)))


def perplexity_worst_token(log_probs):
    """Only the least probable token counts."""
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.max(np.concatenate(_nll(log_probs)))))


def perplexity_first_sequence_twice(log_probs):
    """Counts the first sequence twice."""
    parts = _nll(log_probs)
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.mean(np.concatenate([parts[0], *parts]))))


def perplexity_plus_smoothing(log_probs):
    """Adds a smoothing constant to every NLL: a perfect model no longer scores 1."""
    with np.errstate(all="ignore"):
        return _finite(np.exp(np.mean(np.concatenate(_nll(log_probs)) + 1e-3)))


def perplexity_inf(log_probs):
    """Returns inf for a probability 0 (and on overflow) instead of declaring it undefined."""
    with np.errstate(all="ignore"):
        return float(np.exp(np.mean(np.concatenate(_nll(log_probs)))))


def mean_sequence_cross_entropy(log_probs):
    """The arithmetic mean of the sequences' cross-entropies: the sequence mean by definition."""
    with np.errstate(all="ignore"):
        return _finite(np.mean([s.mean() for s in _nll(log_probs)]))


PLANTED = [
    (perplexity_over_sequences, None, "concatenation_invariance"),
    (perplexity_mean_of_sequences, None, "concatenation_invariance"),
    (perplexity_log10, "log_probs,base", "base_invariance"),
    (perplexity_ignoring_base, "log_probs,base", "base_invariance"),
    (perplexity_worst_token, None, "probability_monotonicity"),
    (perplexity_first_sequence_twice, None, "item_order_invariance"),
    (perplexity_plus_smoothing, None, "identity"),
    (perplexity_inf, None, "well_defined"),
]


def _check(f, claims, signature=None, **options):
    return check(
        f,
        claims,
        family="language_model",
        signature=signature,
        higher_is_better=False,
        optimum=1.0,
        score_range=(1.0, math.inf),
        undefined="nan",
        seed=0,
        variants=False,
        **options,
    )


@pytest.mark.parametrize(
    ("f", "signature", "claim"), PLANTED, ids=lambda x: getattr(x, "__name__", x)
)
def test_each_planted_bug_is_refuted_by_the_claim_it_breaks_on_a_handful_of_tokens(
    f, signature, claim
):
    verdict = _check(f, [claim], signature).verdict(claim)
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()
    tokens = [e.inputs[0].size for e in verdict.example.entries]
    assert max(tokens) <= 8, tokens


def test_a_correct_perplexity_callable_holds_what_the_built_in_holds(registry):
    report = _check(perplexity, None)
    declared = registry.get("perplexity").measure.claims
    for result in report.results:
        if result.claim == "base_invariance":
            # f(log_probs) takes natural logs only: every case in another base is refused
            assert result.verdict.outcome is Outcome.NOT_APPLICABLE
            continue
        refuted = result.verdict.outcome is Outcome.REFUTED
        assert refuted == (declared[result.claim].status == "violated"), result.verdict.summary()
    with_base = _check(perplexity_with_base, ["base_invariance"], "log_probs,base")
    assert with_base.verdict("base_invariance").outcome is Outcome.NOT_REFUTED


def test_the_sequence_mean_of_cross_entropies_holds_aggregation_and_breaks_concatenation():
    report = check(
        mean_sequence_cross_entropy,
        ["sequence_mean_aggregation", "concatenation_invariance"],
        family="language_model",
        higher_is_better=False,
        optimum=0.0,
        seed=0,
        variants=False,
        undefined="nan",
    )
    assert report.verdict("sequence_mean_aggregation").outcome is Outcome.NOT_REFUTED
    assert report.verdict("concatenation_invariance").outcome is Outcome.REFUTED


def bits_log10(log_probs):
    """Bits per token divided by ln 10 instead of ln 2 (digits per token, named bits)."""
    with np.errstate(all="ignore"):
        value = float(np.mean(np.concatenate(_nll(log_probs)))) / math.log(10)
    if not math.isfinite(value):
        raise UndefinedMeasureError("bits_log10", [()], "overflow")
    return value


# A log taken in the wrong base, consistently: every claim holds (the unit is wrong, not the
# properties); only the comparison with the built-in measure shows it.
CONSISTENTLY_WRONG = [
    (bits_log10, None, "bits_per_token", 0.0, (0.0, math.inf)),
    (perplexity_log10_of_base, "log_probs,base", "perplexity", 1.0, (1.0, math.inf)),
]


@pytest.mark.parametrize(
    ("f", "signature", "reference", "optimum", "bounds"),
    CONSISTENTLY_WRONG,
    ids=lambda x: getattr(x, "__name__", None),
)
def test_a_log_in_the_wrong_base_passes_every_claim_and_fails_the_reference_comparison(
    registry, f, signature, reference, optimum, bounds
):
    report = check(
        f,
        family="language_model",
        signature=signature,
        higher_is_better=False,
        optimum=optimum,
        score_range=bounds,
        undefined="nan",
        seed=0,
        variants=False,
    )
    declared = registry.get(reference).measure.claims
    for result in report.results:
        refuted = result.verdict.outcome is Outcome.REFUTED
        assert refuted == (declared[result.claim].status == "violated"), result.verdict.summary()
    subject = subject_from_callable(
        f,
        family="language_model",
        signature=signature,
        higher_is_better=False,
        optimum=optimum,
        undefined="nan",
    )
    verdict = check_reference(
        subject, reference, profile=resolve_profile("ci"), seed_value=0, registry=registry
    )
    assert verdict.outcome is Outcome.REFUTED, verdict.summary()


# -- case builders and decision rules ---------------------------------------------------------------


def _judge(optimum=None):
    return Judge(tolerance=Tolerance(), higher_is_better=False, optimum=optimum)


def _observed(*scores):
    return Observation(np.array(scores, dtype=float), np.zeros(len(scores), dtype=bool))


def test_the_aggregation_rule_compares_the_corpus_with_the_plain_mean_of_its_sequences():
    decide = get_claim("sequence_mean_aggregation").procedure("language_model").decide
    case = aggregation_case(np.array([0.0, 0.0, -1.0]), math.e, np.array([1.0, 2.0]))
    assert case.n_entries == 3
    assert case.ragged
    assert decide(case, _observed(0.25, 0.0, 0.5), _judge()).status == "holds"
    assert decide(case, _observed(1 / 3, 0.0, 0.5), _judge()).status == "fails"


def test_the_identity_rule_wants_the_optimum_and_only_then():
    decide = get_claim("identity").procedure("language_model").decide
    case = identity_case(np.array([1.0, 1.0]), np.array([0.0, 0.0]))
    assert case.entry(1)[0].tolist() == [-0.125, 0.0]  # all zeros: one token lowered
    assert decide(case, _observed(1.0, 1.06), _judge(1.0)).status == "holds"
    assert decide(case, _observed(1.0, 1.0), _judge(1.0)).status == "fails"
    assert decide(case, _observed(1.5, 2.0), _judge(1.0)).status == "fails"


def test_a_base_conversion_that_overflows_falls_back_to_e_squared():
    lp = np.array([-np.finfo(float).max, 0.0])
    case = base_case(lp, np.array([2.0]), 2.0)
    assert float(case.entry(1)[1]) == E2
    assert math.log(E2) == 2.0
    assert case.entry(1)[0].tolist() == (lp / 2.0).tolist()
    assert "overflow" in case.info["base"]
    kept = base_case(np.array([-1.0]), np.array([1.0]), 0.5)
    assert float(kept.entry(1)[1]) == 0.5
    assert kept.entry(1)[0][0] > 0  # base 1/2: the logarithm of a probability is >= 0


def test_raising_a_token_of_probability_one_first_lowers_it():
    case = monotonicity_case(np.array([0.0, -1.0]), np.array([2.0]), 0, 0.0)
    assert case.entry(0)[0].tolist() == [-0.125, -1.0]
    assert case.entry(1)[0].tolist() == [0.0, -1.0]
    assert case.info["token"] == "sequence 0, token 0: -0.125 -> 0.0"


def test_joining_and_reordering_keep_the_tokens():
    lp, lengths = np.array([-1.0, -2.0, -3.0]), np.array([1.0, 2.0])
    joined = concatenation_case(lp, math.e, lengths, 5)  # past the end: the last pair
    assert joined.ragged
    assert joined.entry(1)[2].tolist() == [3.0]
    assert joined.entry(1)[0].tolist() == lp.tolist()
    alone = concatenation_case(lp, math.e, np.array([3.0]), 0)
    assert alone.info["joined"] == "one sequence: nothing to join"
    moved = order_case(lp, lengths, np.array([1, 0]), "[1, 0]")
    assert moved.entry(1)[0].tolist() == [-2.0, -3.0, -1.0]
    assert moved.entry(1)[2].tolist() == [2.0, 1.0]
