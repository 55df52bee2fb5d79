"""Checks every registered measure must pass, whatever it computes.

Like scikit-learn's ``test_common.py``: the declarations of each measure are
complete and consistent with cheap, exact observations (symmetric measures
score ``M`` and ``M.T`` alike, count-scale invariant ones ignore a common
factor, measures that ignore class values ignore them, perfect systems score
the declared optimum).  The Hypothesis checker (``axiometrics.checker``)
tests the claims in depth; these guard the declarations themselves.
"""

import numpy as np
import pytest

from axiometrics import NotApplicable, UndefinedMeasureError, default_registry
from axiometrics.claims import claims_for_family, registered_claims, required_claims_for_family
from axiometrics.declarations import Holds, Violated
from axiometrics.family import get_family

SCORERS = default_registry().scorers()
IDS = [s.name for s in SCORERS]
RNG_SEED = 20240601


def _oc_batch(rng, n=60, c=5):
    counts = rng.integers(0, 6, size=(n, c, c)).astype(float)
    counts[:, 0, 0] += 1  # N > 0
    return counts


def _oq_batch(rng, n=60, c=5):
    counts = rng.integers(1, 8, size=(2, n, c)).astype(float)
    return counts / counts.sum(axis=-1, keepdims=True)


def _scored_batch(rng, n=60, items=20):
    scores = rng.random((n, items)).round(1)  # probabilities (log loss, Brier); rounding ties
    gold = (rng.random((n, items)) < 0.4).astype(float)
    gold[:, 0], gold[:, 1] = 1.0, 0.0  # both classes in every gold
    return scores, gold


def _regression_batch(rng, n=60, items=20):
    y = rng.normal(10.0, 3.0, size=(n, items)).round(2)  # rounding makes ties
    p = y + rng.normal(0.0, 2.0, size=(n, items))
    w = np.ones((n, items))  # unit weights: every regression measure takes them
    return y, p, w


def _language_model_batch(rng, n=60, sequences=8):
    """A batch of ``n`` models scored on one ragged corpus: flat log-probabilities and lengths."""
    lengths = rng.integers(1, 12, size=sequences).astype(float)
    log_probs = -rng.exponential(2.0, size=(n, int(lengths.sum()))).round(2)  # rounding: zeros
    return log_probs, np.full(n, np.e), lengths


def _generation_batch(rng, n=3, segments=6):
    """Hypotheses (n, segments) of words with repeats, references (segments,) of 1 or 2 each."""
    words = np.array(["the", "cat", "sat", "on", "a", "mat", "dog"])
    hyps = np.array(
        [[" ".join(rng.choice(words, size=6)) for _ in range(segments)] for _ in range(n)],
        dtype=object,
    )
    refs = np.empty(segments, dtype=object)
    for i in range(segments):
        refs[i] = tuple(" ".join(rng.choice(words, size=5)) for _ in range(1 + i % 2))
    return hyps, refs


def _takes_matrices(scorer):
    return get_family(scorer.measure.family).inputs == ("matrices",)


def _inputs(scorer, rng):
    """A batch of the measure's inputs, chosen by the input names of its family."""
    inputs = get_family(scorer.measure.family).inputs
    if inputs == ("matrices",):
        return (_oc_batch(rng),)
    if inputs == ("system", "gold"):
        p, q = _oq_batch(rng)
        return (p, q)
    if inputs == ("scores", "gold"):
        return _scored_batch(rng)
    if inputs == ("y_true", "y_pred", "sample_weight"):
        return _regression_batch(rng)
    if inputs == ("log_probs", "base", "lengths"):
        return _language_model_batch(rng)
    if inputs == ("hypotheses", "references"):
        return _generation_batch(rng)
    raise AssertionError(f"{scorer.name}: test_common has no inputs for a family taking {inputs}")


def _values(scorer, inputs):
    """Unequally spaced class values for the measure's number of classes."""
    fam = get_family(scorer.measure.family)
    n_classes = fam.prepare(inputs, None).n_classes
    return [0.0, 1.0, 5.0, 6.0, 40.0, 41.0][:n_classes]


def _score(scorer, *inputs, values=None):
    scores, undefined = scorer.evaluate(*inputs, values=values)
    return np.where(undefined, np.nan, scores)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_every_claim_is_declared(scorer):
    measure = scorer.measure
    for claim in registered_claims():
        decl = measure.claims.get(claim.name)
        assert decl is not None, f"{measure.name} has no declaration for {claim.name}"
        if any(claim.applies_to(f) for f in measure.families):
            assert isinstance(decl, Holds | Violated | NotApplicable)
            if isinstance(decl, NotApplicable):
                assert decl.reason, f"{measure.name}: NotApplicable({claim.name}) needs a reason"
        else:
            assert isinstance(decl, NotApplicable)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_every_measure_declares_every_required_claim_of_each_of_its_families(scorer):
    measure = scorer.measure
    for fam in measure.families:
        for claim in required_claims_for_family(fam):
            decl = measure.claims[claim.name]
            # the registry fills undeclared claims with NotApplicable("applies to ... only")
            filled = isinstance(decl, NotApplicable) and decl.reason.startswith("applies to ")
            assert not filled, f"{measure.name} ({fam}) does not declare {claim.name}"


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_every_claim_of_a_measure_has_a_procedure_in_one_of_its_families(scorer):
    measure = scorer.measure
    for fam in measure.families:
        get_family(fam)  # registered
        assert get_family(fam).inputs == get_family(measure.family).inputs
        for claim in required_claims_for_family(fam):
            checked_as = measure.claim_family(claim)
            assert checked_as is not None
            assert claim.has_procedure(checked_as), (measure.name, claim.name, checked_as)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_every_measure_documents_itself(scorer):
    m = scorer.measure
    assert m.title
    assert len(m.description) > 20
    assert m.reference.citation
    if m.undefined:
        assert len(m.undefined) > 10


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_declared_symmetry_agrees_with_swapping_system_and_gold(scorer):
    decl = scorer.measure.declaration("symmetry")
    if not (isinstance(decl, Holds) and not decl.preconditions):
        return
    rng = np.random.default_rng(RNG_SEED)
    inputs = _inputs(scorer, rng)
    if get_family(scorer.measure.family).inputs == ("hypotheses", "references"):
        # Symmetry of text measures is stated for one reference per segment.
        hyps, refs = inputs
        inputs = (hyps, np.array([r[0] for r in refs], dtype=object))
        swapped = (np.broadcast_to(inputs[1], hyps.shape), hyps)
        a, b = _score(scorer, *inputs), _score(scorer, *swapped)
        np.testing.assert_allclose(a, np.diagonal(b) if b.ndim > 1 else b, rtol=1e-9)
        return
    if len(inputs) == 1:
        swapped = (np.swapaxes(inputs[0], -1, -2),)
    else:  # the first two inputs exchanged, any further one (weights) kept
        swapped = (inputs[1], inputs[0], *inputs[2:])
    a, b = _score(scorer, *inputs), _score(scorer, *swapped)
    both = ~np.isnan(a) & ~np.isnan(b)
    equal = np.isclose(a[both], b[both], rtol=1e-9, atol=1e-12)
    assert equal.all(), f"{scorer.name} is declared symmetric but M and M.T score differently"


@pytest.mark.parametrize("scorer", [s for s in SCORERS if _takes_matrices(s)], ids=lambda s: s.name)
def test_declared_count_scale_invariance_agrees_with_scaling_counts(scorer):
    rng = np.random.default_rng(RNG_SEED)
    (counts,) = _inputs(scorer, rng)
    a, b = _score(scorer, counts), _score(scorer, counts * 7)
    both = ~np.isnan(a) & ~np.isnan(b)
    decl = scorer.measure.declaration("count_scale_invariance")
    if isinstance(decl, Holds) and not decl.preconditions:
        np.testing.assert_allclose(a[both], b[both], rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_measures_that_ignore_class_values_do_ignore_them(scorer):
    rng = np.random.default_rng(RNG_SEED)
    inputs = _inputs(scorer, rng)
    a = _score(scorer, *inputs)
    if not get_family(scorer.measure.family).class_values:
        # A family whose inputs carry no class values: nothing to use; class values
        # given anyway are either ignored or refused with a typed error.
        assert not scorer.measure.uses_class_values
        try:
            b = _score(scorer, *inputs, values=[0.0, 1.0])
        except ValueError:
            return
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12)
        return
    b = _score(scorer, *inputs, values=_values(scorer, inputs))
    both = ~np.isnan(a) & ~np.isnan(b)
    if not scorer.measure.uses_class_values:
        np.testing.assert_allclose(a[both], b[both], rtol=1e-9, atol=1e-12)
    else:
        assert not np.allclose(a[both], b[both]), f"{scorer.name} claims to use class values"


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_ordinal_invariance_is_declared_holding_only_for_measures_that_ignore_values(scorer):
    decl = scorer.measure.declaration("ordinal_invariance")
    if scorer.measure.uses_class_values:
        assert not (isinstance(decl, Holds) and not decl.preconditions)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_a_perfect_system_scores_the_declared_optimum(scorer):
    m = scorer.measure
    if not isinstance(m.declaration("identity"), Holds):
        return
    assert m.optimum is not None, f"{m.name} declares identity but no optimum"
    rng = np.random.default_rng(RNG_SEED)
    inputs = get_family(m.family).inputs
    if inputs == ("matrices",):
        gold = rng.integers(1, 9, size=(40, 5)).astype(float)
        perfect = np.einsum("...i,ij->...ij", gold, np.eye(5))
        scores = _score(scorer, perfect)
    elif inputs == ("scores", "gold"):
        _, gold_labels = _scored_batch(rng)
        scores = _score(scorer, gold_labels.copy(), gold_labels)  # positives above negatives
    elif inputs == ("y_true", "y_pred", "sample_weight"):
        y, _, w = _regression_batch(rng)
        scores = _score(scorer, y, y.copy(), w)
    elif inputs == ("hypotheses", "references"):
        _, refs = _generation_batch(rng)
        perfect = np.array([r[-1] for r in refs], dtype=object)  # one of each segment's
        scores = np.atleast_1d(_score(scorer, perfect, refs))
    elif inputs == ("log_probs", "base", "lengths"):
        log_probs, base, lengths = _language_model_batch(rng)
        scores = _score(scorer, np.zeros_like(log_probs), base, lengths)  # every probability 1
    else:
        _, q = _oq_batch(rng)
        scores = _score(scorer, q, q)
    defined = ~np.isnan(scores)
    assert defined.any()
    np.testing.assert_allclose(scores[defined], m.optimum, atol=1e-9)


@pytest.mark.parametrize("scorer", SCORERS, ids=IDS)
def test_measures_declared_defined_everywhere_never_raise_undefined(scorer):
    if scorer.measure.undefined:
        return
    rng = np.random.default_rng(RNG_SEED)
    inputs = _inputs(scorer, rng)
    try:
        scorer(*inputs)
    except UndefinedMeasureError as exc:  # pragma: no cover - the assertion is the point
        pytest.fail(f"{scorer.name} declares no undefined case but raised: {exc}")


def test_claims_catalogue_covers_both_builtin_families():
    assert {c.name for c in claims_for_family("oc")} >= {
        "ordinal_invariance",
        "ordinal_monotonicity",
        "imbalance",
        "symmetry",
        "constant_system_discrimination",
        "identity",
        "well_defined",
        "count_scale_invariance",
    }
    assert {c.name for c in claims_for_family("oq")} >= {
        "ordinal_invariance",
        "symmetry",
        "priority_preservation",
        "priority_violation",
        "point_mass_monotonicity",
        "mass_transfer_monotonicity",
        "identity",
        "well_defined",
    }
