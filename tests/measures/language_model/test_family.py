"""The language_model input convention: the forms it reads, the inputs it refuses, its hooks."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import axiometrics as ax
from axiometrics.checker.cases import Case
from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    SignatureRefusalError,
    UndefinedMeasureError,
)
from axiometrics.family import get_family
from axiometrics.measures.language_model.family import (
    BASE_FEATURE,
    FAMILY,
    NATURAL,
    prepare_language_model,
    sequences,
    validate_corpus,
)

CORPUS = [[-1.0, -2.0], [-0.5]]
#: exp(total NLL / tokens) of CORPUS.
PPL = math.exp(3.5 / 3)


def test_the_family_registers_through_its_entry_point_without_class_values():
    fam = get_family("language_model")
    assert fam is FAMILY
    assert fam.inputs == ("log_probs", "base", "lengths")
    assert not fam.class_values
    assert fam.heading == "Language models (LM)"
    assert fam.signature_names == ("log_probs", "log_probs,base")
    assert fam.coverage_reference == ("perplexity", "mean_sequence_perplexity")


@pytest.mark.parametrize(
    "log_probs",
    [
        CORPUS,
        tuple(CORPUS),
        [np.array(s) for s in CORPUS],
        [np.array(CORPUS[0], dtype=np.float32), (-0.5,)],
    ],
    ids=["lists", "tuple", "arrays", "mixed"],
)
def test_a_ragged_corpus_is_read_as_lists_or_arrays(registry, log_probs):
    assert registry.get("perplexity")(log_probs) == pytest.approx(PPL, rel=1e-7)


def test_a_two_dimensional_array_is_a_corpus_of_equal_lengths(registry):
    lp = np.array([[-1.0, -2.0], [-0.5, 0.0]])
    assert registry.get("perplexity")(lp) == pytest.approx(math.exp(3.5 / 4))
    assert registry.get("mean_sequence_perplexity")(lp) == pytest.approx(math.exp((1.5 + 0.25) / 2))


def test_leading_axes_of_an_equal_length_array_are_a_batch(registry):
    lp = np.array([[[-1.0, -2.0], [-0.5, 0.0]], [[0.0, 0.0], [0.0, 0.0]]])
    assert registry.get("token_cross_entropy")(lp).tolist() == [3.5 / 4, 0.0]


def test_the_flat_form_with_lengths_scores_a_batch_of_models_on_the_same_tokens(registry):
    flat = np.array([[-1.0, -2.0, -0.5], [0.0, -3.0, 0.0]])
    scores = registry.get("perplexity")(flat, math.e, [2, 1])
    assert scores.shape == (2,)
    assert scores[0] == pytest.approx(PPL)
    named = ax.score("perplexity", flat, base=math.e, lengths=[2, 1])
    assert named.tolist() == scores.tolist()


def test_each_row_of_a_batch_may_have_its_own_segmentation(registry):
    flat = np.array([-1.0, -2.0, -0.5])
    lengths = np.array([[2.0, 1.0], [1.0, 2.0]])
    scores = registry.get("mean_sequence_perplexity")(flat, math.e, lengths)
    assert scores.tolist() == pytest.approx([math.exp((1.5 + 0.5) / 2), math.exp((1 + 1.25) / 2)])


def test_the_base_is_given_by_name_and_may_vary_over_the_batch(registry):
    in_bits = [[v / math.log(2) for v in s] for s in CORPUS]
    assert ax.score("perplexity", in_bits, base=2) == pytest.approx(PPL, rel=1e-14)
    assert registry.get("perplexity")(in_bits, 2.0) == pytest.approx(PPL, rel=1e-14)
    halves = [[-v for v in s] for s in in_bits]  # base 1/2: logarithms of probabilities are >= 0
    assert ax.score("bits_per_token", halves, base=0.5) == pytest.approx(3.5 / 3 / math.log(2))
    flat = np.array(
        [[-1.0, -2.0, -0.5], [-1.0 / math.log(2), -2.0 / math.log(2), -0.5 / math.log(2)]]
    )
    both = ax.score("token_cross_entropy", flat, base=[math.e, 2.0], lengths=[2, 1])
    assert both.tolist() == pytest.approx([3.5 / 3, 3.5 / 3], rel=1e-14)


def test_a_token_of_probability_zero_is_accepted_and_undefined(registry):
    for scorer in registry.scorers("language_model"):
        with pytest.raises(UndefinedMeasureError):
            scorer([[-1.0, -math.inf], [0.0]])
        assert scorer([[-1.0, -math.inf], [0.0]], on_undefined=-1.0) == -1.0
        # in base 1/2 a probability 0 is +inf
        assert scorer.evaluate([[1.0, math.inf]], 0.5).undefined


def _raises(error, match, *args, **named):
    with pytest.raises(error, match=match):
        ax.score("perplexity", *args, **named)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (([],), r"^log_probs=\[\]: .*empty corpus"),
        (([[-1.0], []],), r"^log_probs\[1\]=\[\]: .*empty sequence"),
        (([[-1.0, 0.5]],), r"^log_probs=.*<= 0 in base e .*0\.5 at sequence 0, token 1"),
        (([[-1.0], [-0.5, np.nan]],), r"NaN at sequence 1, token 1"),
        (([-1.0, -2.0],), r"flat list of numbers"),
        ((np.array([-1.0, -2.0]),), r"flat 1-d array"),
        ((np.zeros((0, 3)),), r"empty corpus"),
        ((np.zeros((2, 0)),), r"empty sequences"),
        (([[[-1.0]]],), r"^log_probs\[0\]=.*expected a 1-d sequence"),
        (([[-1.0], -2.0],), r"^log_probs\[1\]=-2\.0: .*got a number"),
        ((np.array([-1.0, -2.0]), math.e, [1, 0]), r"^lengths=.*positive integers"),
        ((np.array([-1.0, -2.0]), math.e, [1.5, 0.5]), r"^lengths=.*positive integers"),
        ((np.array([-1.0, -2.0]), math.e, [1, 2]), r"^lengths=.*summing to .* T = 2"),
        ((np.array([-1.0, -2.0]), math.e, []), r"^lengths=.*empty corpus"),
        ((np.zeros(0), math.e, [1]), r"^log_probs=.*T >= 1"),
        (([[-0.5, -1.0]], 0.5), r">= 0 in base 0\.5 .*-0\.5 at sequence 0, token 0"),
        ((np.zeros((2, 3)), [math.e] * 3, [3]), r"batch shapes do not broadcast"),
        ((CORPUS, math.e, None, None), r"one to three inputs"),
    ],
)
def test_bad_corpora_raise_invalid_input_naming_the_argument(args, match):
    _raises(InvalidInputError, match, *args)


@pytest.mark.parametrize("base", [1.0, 0.0, -2.0, math.nan, math.inf, "2", [2.0, 1.0]])
def test_a_base_that_is_no_logarithm_base_is_a_parameter_error(base):
    _raises(InvalidParameterError, r"^base=.*b > 0, b != 1", CORPUS, base)


@pytest.mark.parametrize(
    "log_probs",
    [[["a", "b"]], [[None]], "abc", [[1j]], (x for x in [[-1.0]]), 3.0],
    ids=["strings", "none", "text", "complex", "generator", "number"],
)
def test_non_numeric_corpora_are_type_errors(log_probs):
    _raises(InputTypeError, r"^log_probs", log_probs)


def test_non_numeric_lengths_are_a_type_error():
    _raises(InputTypeError, r"^lengths", np.array([-1.0]), math.e, ["one"])


def test_pandas_objects_are_refused_with_the_forms_read():
    with pytest.raises(InputTypeError, match="pandas"):
        ax.score("perplexity", pd.Series([[-1.0], [-2.0]]))


def test_class_values_and_scales_are_refused(registry):
    with pytest.raises(InvalidParameterError, match=r"^values="):
        registry.get("perplexity")(CORPUS, values=[0.0, 1.0])
    with pytest.raises(InvalidParameterError, match=r"^scale="):
        registry.get("perplexity")(CORPUS, scale=[0, 1])


def test_the_prepared_arrays_are_the_flat_form_with_core_dimensions_one_zero_one():
    prepared = prepare_language_model((CORPUS,), None)
    log_probs, base, lengths = prepared.arrays
    assert log_probs.tolist() == [-1.0, -2.0, -0.5]
    assert float(base) == NATURAL
    assert lengths.tolist() == [2.0, 1.0]
    assert prepared.core_ndims == (1, 0, 1)
    assert prepared.batch_shape == ()
    assert prepared.n_classes == 0


def test_validate_corpus_returns_the_broadcast_batch_shape():
    *_, batch = validate_corpus(np.zeros((4, 3)), np.full((2, 1), 2.0), np.ones((1, 3)))
    assert batch == (2, 4)


def test_sequences_splits_the_flat_form():
    parts = sequences(np.array([-1.0, -2.0, -0.5]), np.array([2.0, 1.0]))
    assert [p.tolist() for p in parts] == [[-1.0, -2.0], [-0.5]]


def test_the_default_call_signature_passes_natural_logs_and_refuses_other_bases():
    inputs = (np.array([-1.0, -2.0, -0.5]), np.asarray(math.e), np.array([2.0, 1.0]))
    (args,) = FAMILY.call_signature("log_probs").arguments(inputs, None)
    assert [a.tolist() for a in args] == [[-1.0, -2.0], [-0.5]]
    with pytest.raises(SignatureRefusalError, match="log_probs,base"):
        FAMILY.call_signature("log_probs").arguments((inputs[0], np.asarray(2.0), inputs[2]), None)
    parts, base = FAMILY.call_signature("log_probs,base").arguments(
        (inputs[0], np.asarray(2.0), inputs[2]), None
    )
    assert base == 2.0
    assert len(parts) == 2


def test_the_typical_input_and_the_base_probe_score_alike(registry):
    typical = FAMILY.typical_inputs
    ((feature, probe),) = FAMILY.input_features
    assert feature == BASE_FEATURE
    for scorer in registry.scorers("language_model"):
        a = scorer(*typical)
        b = scorer(*probe)
        assert a == pytest.approx(b, rel=1e-13)
        # as the checker scores a case: one leading axis per input
        case = Case.single(typical, names=("typical input",), class_values=False)
        assert scorer(*case.inputs).tolist() == [a]
