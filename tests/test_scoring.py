import re
import warnings

import numpy as np
import pytest

from axiometrics import (
    ConfusionMatrices,
    Distributions,
    Evaluation,
    Holds,
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    Measure,
    MeasureImplementationError,
    Range,
    Registry,
    UndefinedMeasureError,
    get_scorer,
    score,
)
from axiometrics.claims import claims_for_family

OC_CLAIMS = {c.name: Holds() for c in claims_for_family("oc")}
OQ_CLAIMS = {c.name: Holds() for c in claims_for_family("oq")}


def register(compute, *, family="oc", rng=None, vectorized=True, undefined=""):
    rng = Range(0, 1) if rng is None else rng
    claims = OC_CLAIMS if family == "oc" else OQ_CLAIMS
    m = Measure(
        name="probe",
        family=family,
        higher_is_better=True,
        range=rng,
        claims=claims,
        undefined=undefined,
    )
    return Registry().register(m, compute, vectorized=vectorized)


def test_single_input_returns_a_float_and_batches_return_arrays():
    scorer = register(lambda m, *, values: np.trace(m, axis1=-2, axis2=-1) / m.sum(axis=(-2, -1)))
    assert isinstance(scorer([[1, 0], [0, 1]]), float)
    out = scorer(np.ones((2, 3, 2, 2)))
    assert out.shape == (2, 3)
    np.testing.assert_allclose(out, 0.5)


def test_class_values_come_from_the_scale_unless_given():
    seen = {}

    def spy(matrices, *, values):
        seen["values"] = values
        return np.zeros(matrices.shape[:-2])

    scorer = register(spy)
    cm = ConfusionMatrices.from_counts([[1, 0], [0, 1]], scale=None)
    scorer(cm)
    assert seen["values"].tolist() == [0.0, 1.0]
    from axiometrics import ClassScale

    scorer(ConfusionMatrices(cm.counts, ClassScale([0, 1], values=[3, 7])))
    assert seen["values"].tolist() == [3.0, 7.0]
    scorer(cm, values=[1, 9])
    assert seen["values"].tolist() == [1.0, 9.0]


def test_batched_values_broadcast_against_the_inputs():
    scorer = register(lambda m, *, values: (values[..., 1] - values[..., 0]) / 10, rng=Range(0, 1))
    out = scorer(np.ones((2, 2)), values=[[0, 1], [0, 5]])
    assert out.tolist() == [0.1, 0.5]


def test_values_that_do_not_broadcast_are_rejected():
    scorer = register(lambda m, *, values: np.zeros(m.shape[:-2]))
    with pytest.raises(InvalidInputError, match="does not broadcast"):
        scorer(np.ones((3, 2, 2)), values=np.tile([0.0, 1.0], (2, 1)))


def test_undefined_entries_raise_with_their_batch_indices_or_take_the_fill_value():
    def half_undefined(matrices, *, values):
        scores = np.zeros(matrices.shape[:-2])
        undefined = matrices[..., 0, 0] == 0
        return Evaluation(scores, undefined)

    scorer = register(half_undefined, undefined="when M[0, 0] is 0")
    batch = np.ones((3, 2, 2))
    batch[1, 0, 0] = 0
    with pytest.raises(
        UndefinedMeasureError,
        match=r"measure='probe' is undefined at batch index \(1,\): when M\[0, 0\] is 0",
    ) as info:
        scorer(batch)
    assert info.value.indices == ((1,),)
    assert scorer(batch, on_undefined=-1.0).tolist() == [0.0, -1.0, 0.0]


def test_nan_on_a_defined_input_is_an_implementation_error():
    scorer = register(lambda m, *, values: np.full(m.shape[:-2], np.nan))
    with pytest.raises(MeasureImplementationError, match="NaN or inf"):
        scorer([[1, 0], [0, 1]])


def test_scores_outside_the_declared_range_are_an_implementation_error():
    scorer = register(lambda m, *, values: np.full(m.shape[:-2], 1.5))
    with pytest.raises(
        MeasureImplementationError, match=r"returned 1.5, outside its declared range \[0, 1\]"
    ):
        scorer([[1, 0], [0, 1]])


def test_unguarded_division_is_reported_not_warned():
    def divides_by_zero(matrices, *, values):
        return matrices[..., 0, 1] / matrices[..., 1, 0]

    scorer = register(divides_by_zero)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(MeasureImplementationError, match="floating-point error"):
            scorer([[1, 0], [0, 1]])


def test_wrong_output_shape_is_an_implementation_error():
    scorer = register(lambda m, *, values: np.zeros(7))
    with pytest.raises(MeasureImplementationError, match="expected the batch shape"):
        scorer(np.ones((2, 2, 2)))


def test_scalar_functions_are_looped_over_the_batch_and_may_raise_undefined():
    def scalar(matrix, *, values):
        assert matrix.shape == (2, 2)
        if matrix[0, 0] == 0:
            raise UndefinedMeasureError("probe", [()], "empty corner")
        return matrix[0, 0] / matrix.sum()

    scorer = register(scalar, vectorized=False)
    batch = np.ones((2, 2, 2))
    batch[1, 0, 0] = 0
    assert scorer(batch, on_undefined=0.0).tolist() == [0.25, 0.0]


def test_oq_measures_take_system_and_gold_and_broadcast_batches():
    scorer = register(lambda p, q, *, values: np.abs(p - q).sum(axis=-1) / 2, family="oq")
    gold = [0.5, 0.5]
    systems = np.array([[1.0, 0.0], [0.5, 0.5]])
    assert scorer(systems, gold).tolist() == [0.5, 0.0]
    d = Distributions.from_counts([[1, 3]])
    assert scorer(d, [0.25, 0.75]).tolist() == [0.0]


def test_oq_inputs_must_agree_on_the_number_of_classes():
    scorer = register(
        lambda p, q, *, values: np.zeros(np.broadcast_shapes(p.shape, q.shape)[:-1]), family="oq"
    )
    with pytest.raises(
        InvalidInputError, match=r"same number of classes \(got system C=3 and gold C=2\)"
    ):
        scorer([0.2, 0.3, 0.5], [0.5, 0.5])


def test_families_reject_the_wrong_number_of_inputs():
    oc = register(lambda m, *, values: np.zeros(m.shape[:-2]))
    with pytest.raises(InvalidInputError, match=r"takes the confusion matrices, .*got 3 inputs"):
        oc([[1, 0], [0, 1]], [[1, 0], [0, 1]], [[1, 0], [0, 1]])
    with pytest.raises(
        InvalidInputError,
        match=r"read as \(gold, system\) label vectors of shape \(n,\).*got shapes \(2, 2\) and "
        r"\(2, 2\)",
    ):
        oc([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    oq = register(lambda p, q, *, values: np.zeros(p.shape[:-1]), family="oq")
    with pytest.raises(InvalidInputError, match="takes two inputs"):
        oq([0.5, 0.5])


def test_on_undefined_must_be_raise_or_a_number():
    def undefined_everywhere(matrices, *, values):
        return Evaluation(np.zeros(matrices.shape[:-2]), np.ones(matrices.shape[:-2], bool))

    scorer = register(undefined_everywhere)
    with pytest.raises(
        InvalidParameterError, match=r"on_undefined='ignore': expected 'raise' or a finite number"
    ):
        scorer([[1, 0], [0, 1]], on_undefined="ignore")


@pytest.mark.parametrize(
    "fill",
    [
        float("nan"),
        float("inf"),
        -float("inf"),
        np.float64("nan"),
        True,
        np.bool_(False),
        "skip",
        "RAISE",
        None,
        [0.0],
    ],
)
def test_fill_values_must_be_raise_or_a_finite_number(fill):
    scorer = register(lambda m, *, values: np.zeros(m.shape[:-2]))
    with pytest.raises(
        InvalidParameterError,
        match=re.escape(f"on_undefined={fill!r}: expected 'raise' or a finite number (NaN and inf")
        + r".*never returns them\)",
    ):
        scorer([[1, 0], [0, 1]], on_undefined=fill)


def test_finite_fill_values_of_any_numeric_type_are_used():
    def undefined_everywhere(matrices, *, values):
        return Evaluation(np.zeros(matrices.shape[:-2]), np.ones(matrices.shape[:-2], bool))

    scorer = register(undefined_everywhere, rng=Range(-10, 10))
    assert scorer([[1, 0], [0, 1]], on_undefined=np.float32(-1.5)) == -1.5
    assert scorer([[1, 0], [0, 1]], on_undefined=np.int64(3)) == 3.0


def test_evaluate_reports_the_undefined_mask_instead_of_a_fill_value():
    def undefined_when_off_diagonal_empty(matrices, *, values):
        off = matrices.sum(axis=(-2, -1)) - np.trace(matrices, axis1=-2, axis2=-1)
        return Evaluation(np.where(off > 0, 0.25, np.nan), off == 0)

    scorer = register(undefined_when_off_diagonal_empty)
    batch = np.array([[[1, 1], [0, 1]], [[1, 0], [0, 1]]], dtype=float)
    scores, undefined = scorer.evaluate(batch)
    assert scores.tolist() == [0.25, 0.0]
    assert undefined.tolist() == [False, True]
    single = scorer.evaluate([[1, 0], [0, 1]])
    assert single.scores.shape == ()
    assert bool(single.undefined) is True


# -- inputs given by name --------------------------------------------------------------


def test_inputs_given_by_their_family_names_score_as_the_same_inputs_by_position():
    scores, gold = [0.1, 0.9, 0.4, 0.3], [0, 1, 1, 0]
    assert score("roc_auc", gold=gold, scores=scores) == score("roc_auc", scores, gold)
    assert score("roc_auc", scores, gold=gold) == score("roc_auc", scores, gold)
    evaluation = get_scorer("roc_auc").evaluate(scores, gold=gold)
    assert float(evaluation.scores) == score("roc_auc", scores, gold)


def test_a_misspelt_input_name_is_refused_with_the_family_inputs_and_the_nearest():
    with pytest.raises(
        InputTypeError, match=r"gld=\.\.\.: family 'scored' has no input named"
    ) as err:
        score("roc_auc", [0.1, 0.9], gld=[0, 1])
    assert "did you mean 'gold'?" in str(err.value)
    assert isinstance(err.value, TypeError)


def test_an_input_given_both_by_position_and_by_name_is_refused():
    with pytest.raises(InputTypeError, match="given both by position and by name"):
        score("roc_auc", [0.1, 0.9], scores=[0.2, 0.3])


def test_a_named_input_after_a_missing_one_is_refused_and_none_leaves_it_out():
    with pytest.raises(InputTypeError, match="input 'scores' of family 'scored' is missing"):
        score("roc_auc", gold=[0, 1])
    with pytest.raises(InvalidInputError, match=r"takes two inputs, \(scores, gold\) \(got 1"):
        score("roc_auc", [0.1, 0.9], gold=None)
