"""The generation input convention: the forms it reads, the inputs it refuses, its signatures."""

from __future__ import annotations

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
)
from axiometrics.family import get_family
from axiometrics.measures.generation.cases import arrays
from axiometrics.measures.generation.family import (
    FAMILY,
    prepare_generation,
    to_streams,
    validate_generation,
)

HYPOTHESES = ["the cat sat on the mat", "a dog barked", "it rains"]
REFERENCES = ["the cat sat on a mat", "the dog barked", "it is raining"]
#: jiwer.wer(REFERENCES, HYPOTHESES): 1 + 1 + 2 edits over 6 + 3 + 3 reference words.
WER = 4 / 12
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


def test_the_family_registers_through_its_entry_point_without_class_values():
    fam = get_family("generation")
    assert fam is FAMILY
    assert fam.inputs == ("hypotheses", "references")
    assert not fam.class_values
    assert fam.signature_names == (
        "hypotheses,references",
        "references,hypotheses",
        "hypotheses,reference",
    )
    assert {s.measure.name for s in ax.default_registry().scorers("generation")} == set(MEASURES)


@pytest.mark.parametrize(
    "references",
    [
        REFERENCES,
        tuple(REFERENCES),
        [[r] for r in REFERENCES],
        [(r,) for r in REFERENCES],
        np.array(REFERENCES),
        np.array(REFERENCES)[:, None],
    ],
    ids=["strings", "tuple", "lists", "tuples", "array", "array-n-by-1"],
)
def test_one_reference_per_segment_is_read_as_a_string_or_a_sequence_per_segment(
    registry, references
):
    assert registry.get("wer")(HYPOTHESES, references) == pytest.approx(WER)


def test_hypotheses_are_read_as_a_list_tuple_or_string_array(registry):
    for hypotheses in (HYPOTHESES, tuple(HYPOTHESES), np.array(HYPOTHESES)):
        assert registry.get("wer")(hypotheses, REFERENCES) == pytest.approx(WER)


def test_segments_may_have_different_numbers_of_references(registry):
    references = [("the cat sat on a mat", "the cat sat on the mat"), "the dog barked", ("x",)]
    # 0, 1 and 2 edits over 6 (the closer reference), 3 and 1 reference words
    assert registry.get("wer")(HYPOTHESES, references) == pytest.approx(3 / 10)
    assert registry.get("bleu")(["a b c d"], [("a b c d a b c d", "x y z w")]) == 100.0


def test_a_string_array_of_n_by_r_gives_r_references_to_every_segment(registry):
    refs = np.array([["a b", "a c"], ["d e", "d f"]])
    assert registry.get("wer")(["a c", "d e"], refs) == 0.0


def test_a_two_dimensional_batch_scores_each_system_against_the_same_references(registry):
    systems = [HYPOTHESES, REFERENCES]
    for batch in (systems, np.array(systems)):
        scores = registry.get("wer")(batch, REFERENCES)
        assert np.asarray(scores).tolist() == pytest.approx([WER, 0.0])
    for name in MEASURES:
        batch = np.asarray(registry.get(name)(systems, REFERENCES))
        alone = [registry.get(name)(h, REFERENCES) for h in systems]
        assert batch.tolist() == pytest.approx(alone, rel=1e-12)


def test_a_series_is_aligned_with_the_references_by_segment_id_never_by_position(registry):
    ids = ["s1", "s2", "s3"]
    hyps = pd.Series(HYPOTHESES, index=ids)
    refs = pd.Series(REFERENCES, index=ids)
    shuffled = hyps.iloc[[2, 0, 1]]
    for name in MEASURES:
        scorer = registry.get(name)
        expected = scorer(HYPOTHESES, REFERENCES)
        # the segments in another order: the same sums, up to the order of float additions
        assert scorer(shuffled, refs) == pytest.approx(expected, rel=1e-14, abs=0)
        assert scorer(hyps, refs) == expected
    several = pd.Series([("the cat sat on a mat", "x"), "the dog barked", "it is raining"], ids)
    assert registry.get("wer")(shuffled, several.iloc[::-1]) == pytest.approx(WER)


def test_a_dataframe_of_systems_is_aligned_by_its_columns_and_labelled_by_its_rows(registry):
    ids = ["s1", "s2", "s3"]
    frame = pd.DataFrame([HYPOTHESES, REFERENCES], index=["sys", "oracle"], columns=ids)
    refs = pd.Series(REFERENCES, index=ids)
    scores = registry.get("wer")(frame[["s3", "s1", "s2"]], refs.iloc[::-1])
    assert isinstance(scores, pd.Series)
    assert list(scores.index) == ["sys", "oracle"]
    assert scores.tolist() == pytest.approx([WER, 0.0])


@pytest.mark.parametrize(
    ("hypotheses", "references", "error", "match"),
    [
        ([], [], InvalidInputError, r"^hypotheses=\[\]: expected at least one segment"),
        (["a"], ["a", "b"], InvalidInputError, r"^references=<2 segments>: expected one entry"),
        (["a"], [[]], InvalidInputError, r"^references\[0\]=\[\]: expected at least one reference"),
        (["a", "b"], ["a", ()], InvalidInputError, r"^references\[1\]=\(\): expected at least one"),
        ([1], ["a"], InputTypeError, r"^hypotheses\[0\]=1: expected a str"),
        ([b"a"], ["a"], InputTypeError, r"^hypotheses\[0\]=b'a': expected a str"),
        ([None], ["a"], InputTypeError, r"^hypotheses\[0\]=None: expected a str"),
        (["a"], [None], InputTypeError, r"^references\[0\]=None: expected a reference str"),
        (["a"], [("a", 2)], InputTypeError, r"^references\[0\]\[1\]=2: expected a str"),
        ("a b", ["a b"], InputTypeError, r"^hypotheses='a b': .* \(got a single str; wrap it"),
        (["a b"], "a b", InputTypeError, r"^references='a b': .* \(got a single str; wrap it"),
        (np.array([1.0]), ["a"], InputTypeError, r"^hypotheses=.*got an array of dtype float64"),
        ([["a", "b"], ["c"]], ["a", "b"], InvalidInputError, r"^hypotheses=.*rows of one length"),
    ],
    ids=[
        "empty-corpus",
        "mismatched-counts",
        "segment-without-reference",
        "empty-tuple-of-references",
        "number",
        "bytes",
        "none",
        "none-reference",
        "number-among-references",
        "lone-hypothesis-string",
        "lone-reference-string",
        "numeric-array",
        "ragged-batch",
    ],
)
def test_each_refused_input_raises_its_typed_error_naming_the_argument(
    registry, hypotheses, references, error, match
):
    with pytest.raises(error, match=match):
        registry.get("bleu")(hypotheses, references)


def test_a_pandas_object_with_a_plain_sequence_is_refused():
    hyps = pd.Series(HYPOTHESES, index=["s1", "s2", "s3"])
    for args in ((hyps, REFERENCES), (HYPOTHESES, pd.Series(REFERENCES))):
        with pytest.raises(InputTypeError, match="aligned by label, never by position"):
            ax.score("wer", *args)


def test_pandas_objects_labelling_other_segments_are_refused():
    hyps = pd.Series(HYPOTHESES, index=["s1", "s2", "s3"])
    with pytest.raises(InvalidInputError, match="the same segments by segment id"):
        ax.score("wer", hyps, pd.Series(REFERENCES, index=["s1", "s2", "s4"]))
    with pytest.raises(InvalidInputError, match="segment id"):
        ax.score("wer", pd.Series(HYPOTHESES, index=["s1", "s1", "s3"]), hyps)


def test_class_values_and_scales_are_refused(registry):
    with pytest.raises(InvalidParameterError, match=r"^values="):
        registry.get("wer")(HYPOTHESES, REFERENCES, values=[0.0, 1.0])
    with pytest.raises(InvalidParameterError, match=r"^scale="):
        registry.get("wer")(HYPOTHESES, REFERENCES, scale=[0, 1])


def test_the_prepared_arrays_are_object_arrays_of_strings_and_of_tuples():
    prepared = prepare_generation((HYPOTHESES, REFERENCES), None)
    hyps, refs = prepared.arrays
    assert hyps.dtype == refs.dtype == object
    assert hyps.tolist() == HYPOTHESES
    assert refs.tolist() == [(r,) for r in REFERENCES]
    assert prepared.batch_shape == ()
    assert prepared.n_classes == 0


def test_validate_generation_broadcasts_the_batch_and_refuses_pandas():
    hyps, refs, batch = validate_generation([HYPOTHESES, HYPOTHESES], REFERENCES)
    assert (hyps.shape, refs.shape, batch) == ((2, 3), (3,), (2,))
    with pytest.raises(InputTypeError, match="pandas inputs are aligned by label first"):
        validate_generation(pd.Series(HYPOTHESES), REFERENCES)


def test_a_generation_measure_takes_exactly_two_inputs():
    with pytest.raises(InvalidInputError, match="takes two inputs"):
        prepare_generation((HYPOTHESES,), None)


def test_references_convert_to_and_from_sacrebleus_streams():
    references = [("a b",), ("c", "d")]
    streams = to_streams(references)
    assert streams == [["a b", "c"], [None, "d"]]
    back = [tuple(s[i] for s in streams if s[i] is not None) for i in range(len(references))]
    assert back == references


def _inputs():
    return arrays(["a b", "c"], [("a b", "a c"), ("c",)])


def test_the_default_call_signature_passes_lists_of_strings_and_lists_of_references():
    hyps, refs = FAMILY.call_signature("hypotheses,references").arguments(_inputs(), None)
    assert hyps == ["a b", "c"]
    assert refs == [["a b", "a c"], ["c"]]


def test_the_single_reference_signatures_pass_strings_in_either_order():
    inputs = arrays(["a b", "c"], [("a b",), ("d",)])
    refs, hyps = FAMILY.call_signature("references,hypotheses").arguments(inputs, None)
    assert (refs, hyps) == (["a b", "d"], ["a b", "c"])
    hyps, refs = FAMILY.call_signature("hypotheses,reference").arguments(inputs, None)
    assert (hyps, refs) == (["a b", "c"], ["a b", "d"])


@pytest.mark.parametrize("name", ["references,hypotheses", "hypotheses,reference"])
def test_the_single_reference_signatures_refuse_a_segment_with_several_references(name):
    with pytest.raises(SignatureRefusalError, match="one reference per segment"):
        FAMILY.call_signature(name).arguments(_inputs(), None)


def test_a_jiwer_like_callable_is_checked_through_the_reference_first_signature():
    import jiwer

    report = ax.check(
        jiwer.wer,
        ["item_order_invariance"],
        family="generation",
        signature="references,hypotheses",
        higher_is_better=False,
        optimum=0.0,
        seed=0,
        variants=False,
    )
    assert report.verdict("item_order_invariance").outcome is ax.checker.Outcome.NOT_REFUTED


def test_the_typical_input_scores_as_a_one_entry_case_under_every_signature(registry):
    typical = FAMILY.typical_inputs
    for name in FAMILY.signature_names:
        FAMILY.call_signature(name).arguments(typical, None)  # refuses nothing
    for scorer in registry.scorers("generation"):
        a = scorer(*typical)
        case = Case.single(typical, names=("typical input",), class_values=False)
        assert scorer(*case.inputs).tolist() == [a]
