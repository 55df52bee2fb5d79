"""Labelled annotations (pandas) are aligned by item label, never read by position (issue 21, 2.1-2.3).

Every value is checked against scikit-learn, statsmodels or the krippendorff
package on the same annotations written out by hand in item order; every
refusal by its error type and a message naming the argument.
"""

import krippendorff
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats import inter_rater

from axiometrics.agreement import (
    LEVELS,
    AgreementInputError,
    MissingRatingError,
    MixedLabelTypesError,
    NoPairableUnitsError,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.errors import InputTypeError, InvalidParameterError

# ---------------------------------------------------------------------------
# 2.1: Series, DataFrames and lists of Series are aligned by item label
# ---------------------------------------------------------------------------

A = pd.Series([1, 2, 3, 1], index=list("abcd"))
B = pd.Series([1, 2, 3, 1], index=list("dcba"))  # by item: a=1, b=3, c=2, d=1


def test_cohen_kappa_aligns_series_by_item_label():
    result = cohen_kappa(A, B)
    assert result.value == pytest.approx(cohen_kappa_score([1, 2, 3, 1], [1, 3, 2, 1]))
    assert result.value == pytest.approx(0.2)
    assert cohen_kappa(A.to_list(), B.to_list()).value == 1.0  # by position, as documented


@pytest.mark.parametrize("weights", ["linear", "quadratic"])
def test_weighted_kappa_aligns_series_by_item_label(weights):
    expected = cohen_kappa_score([1, 2, 3, 1], [1, 3, 2, 1], weights=weights)
    assert cohen_kappa(A, B, weights=weights).value == pytest.approx(expected, abs=1e-12)


def test_scotts_pi_aligns_series_by_item_label():
    aligned = np.array([[1, 2, 3, 1], [1, 3, 2, 1]])
    counts, _ = inter_rater.aggregate_raters(aligned.T)
    assert scotts_pi(A, B).value == pytest.approx(inter_rater.fleiss_kappa(counts), abs=1e-12)


def test_a_pivoted_dataframe_is_read_with_its_items_as_rows():
    long = pd.DataFrame(
        {
            "item": ["q1", "q1", "q1", "q2", "q2", "q2", "q3", "q3", "q4", "q4", "q4", "q5", "q5"],
            "annotator": ["ann", "bob", "cy"] * 2 + ["ann", "cy"] + ["ann", "bob", "cy"] + ["ann", "bob"],
            "label": [1, 1, 2, 3, 3, 3, 2, 2, 1, 2, 1, 4, 4],
        }
    )  # fmt: skip
    pivot = long.pivot(index="item", columns="annotator", values="label")
    coders_by_units = pivot.to_numpy().T  # ann, bob, cy x q1..q5, NaN where missing
    for level in LEVELS:
        expected = krippendorff.alpha(coders_by_units, level_of_measurement=level)
        assert krippendorff_alpha(pivot, level=level).value == pytest.approx(expected, abs=1e-12)
    # Read as coders x units, the pivot gives another number: the orientation matters.
    wrong = krippendorff.alpha(pivot.to_numpy(), level_of_measurement="interval")
    assert krippendorff_alpha(pivot, level="interval").value != pytest.approx(wrong)


def test_fleiss_kappa_reads_a_dataframe_by_its_axis_names_in_either_orientation():
    labels = np.array([[1, 2, 2, 1, 3], [1, 2, 1, 1, 3], [2, 2, 1, 1, 3]])  # coders x items
    frame = pd.DataFrame(
        labels.T,
        index=pd.Index(["i1", "i2", "i3", "i4", "i5"], name="unit"),
        columns=pd.Index(["r1", "r2", "r3"], name="Rater"),
    )
    counts, _ = inter_rater.aggregate_raters(labels.T)
    expected = inter_rater.fleiss_kappa(counts)
    assert fleiss_kappa(frame).value == pytest.approx(expected, abs=1e-12)
    assert fleiss_kappa(frame.T).value == pytest.approx(expected, abs=1e-12)
    assert fleiss_kappa(frame.iloc[::-1]).value == fleiss_kappa(frame).value


def test_a_list_of_series_is_aligned_by_item_label_with_absent_items_missing():
    s1 = pd.Series([1, 2, 3], index=["x", "y", "z"])
    s2 = pd.Series([1, 2, 2, 5], index=["z", "y", "x", "w"])
    # Items in sorted order w, x, y, z; s1 has no label for w.
    aligned = np.array([[np.nan, 1, 2, 3], [5, 2, 2, 1]])
    for level in LEVELS:
        expected = krippendorff.alpha(aligned, level_of_measurement=level)
        assert krippendorff_alpha([s1, s2], level=level).value == pytest.approx(expected, abs=1e-12)
    assert fleiss_kappa([s1, s2], missing="drop").value == pytest.approx(
        fleiss_kappa(aligned[:, 1:]).value, abs=1e-12
    )


def test_series_that_overlap_partly_are_refused_by_kappa_unless_dropped_and_used_by_alpha():
    a = pd.Series(["x", "y", "y", "x"], index=[10, 11, 12, 13])
    b = pd.Series(["x", "y", "x", "z"], index=[12, 13, 11, 14])
    with pytest.raises(
        MissingRatingError, match=r"\(a, b\): a has no label for item 14 .*2 labels"
    ):
        cohen_kappa(a, b)
    with pytest.raises(MissingRatingError, match="b has no label for item 10"):
        scotts_pi(a, b.drop(14), missing="raise")
    shared = cohen_kappa(a, b, missing="drop")  # items 11, 12, 13
    assert shared.value == pytest.approx(cohen_kappa_score(["y", "y", "x"], ["x", "x", "y"]))
    assert shared.n_units == 3
    union = np.array([["x", "y", "y", "x", np.nan], [np.nan, "x", "x", "y", "z"]], dtype=object)
    codes = np.array([[0, 1, 1, 0, np.nan], [np.nan, 0, 0, 1, 2]])
    expected = krippendorff.alpha(codes, level_of_measurement="nominal")
    assert krippendorff_alpha([a, b]).value == pytest.approx(expected, abs=1e-12)
    assert krippendorff_alpha(union).value == pytest.approx(expected, abs=1e-12)


def test_series_that_share_no_item_are_refused():
    with pytest.raises(NoPairableUnitsError, match=r"a and b share no item label \(a's index"):
        cohen_kappa(pd.Series([1, 2], index=["p", "q"]), pd.Series([1, 2], index=["r", "s"]))
    with pytest.raises(NoPairableUnitsError, match="share no item label"):
        krippendorff_alpha([pd.Series([1, 2], index=[1, 2]), pd.Series([1, 2], index=["1", "2"])])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: cohen_kappa(pd.Series([1, 2, 3], index=["a", "b", "a"]), A),
            r"the index of a repeats the labels \['a'\]",
        ),
        (
            lambda: scotts_pi(A, pd.Series([1, 2, 3, 4], index=["d", "d", "e", "e"])),
            r"the index of b repeats the labels \['d', 'e'\]",
        ),
        (
            lambda: krippendorff_alpha(
                pd.DataFrame({"ann": [1, 2, 3], "bob": [1, 2, 2]}, index=["i", "j", "i"]),
                rows="items",
            ),
            r"data's index \(the items\) repeats the labels \['i'\]",
        ),
        (
            lambda: fleiss_kappa(
                pd.DataFrame([[1, 2], [1, 2], [2, 2]], index=["ann", "ann", "bob"]),
                rows="coders",
            ),
            r"data's index \(the coders\) repeats the labels \['ann'\]",
        ),
        (
            lambda: krippendorff_alpha([A, pd.Series([1, 1], index=["a", "a"])]),
            r"the index of data\[1\] repeats the labels \['a'\]",
        ),
    ],
)
def test_repeated_item_or_coder_labels_are_refused_naming_them(call, message):
    with pytest.raises(AgreementInputError, match=message):
        call()


def test_a_series_with_a_list_or_a_dataframe_for_one_coder_is_refused():
    with pytest.raises(AgreementInputError, match="a is a Series and b a list: pass both"):
        cohen_kappa(A, [1, 2, 3, 1])
    with pytest.raises(AgreementInputError, match="a is a ndarray and b a Series"):
        scotts_pi(np.array([1, 2, 3, 1]), B)
    with pytest.raises(InputTypeError, match="a is a DataFrame: expected one label per unit"):
        cohen_kappa(A.to_frame(), [1, 2, 3, 1])
    with pytest.raises(AgreementInputError, match=r"data mixes pandas Series with other"):
        krippendorff_alpha([A, [1, 2, 3, 1]])


def test_labelled_results_do_not_depend_on_the_row_order_even_for_the_bootstrap_interval():
    rng = np.random.default_rng(3)
    labels = rng.integers(0, 3, size=(3, 40))
    frame = pd.DataFrame(labels.T, index=pd.Index([f"t{j:02d}" for j in range(40)], name="item"))
    frame.columns.name = "coder"
    shuffled = frame.sample(frac=1.0, random_state=1)
    for call in (
        lambda f: fleiss_kappa(f, bootstrap=100, seed=2),
        lambda f: krippendorff_alpha(f, level="ordinal", bootstrap=100, seed=2),
        lambda f: cohen_kappa(f.iloc[:, 0], f.iloc[:, 1], bootstrap=100, seed=2),
    ):
        assert call(shuffled) == call(frame)
    # Sorted item labels are the array's order here, so the arrays give the same interval.
    assert fleiss_kappa(frame, bootstrap=100, seed=2) == fleiss_kappa(labels, bootstrap=100, seed=2)


# ---------------------------------------------------------------------------
# 2.3: the orientation of a DataFrame is stated or named, never guessed
# ---------------------------------------------------------------------------

UNNAMED = pd.DataFrame([[1, 1], [2, 3], [3, 3], [1, 2], [4, 4]], columns=["ann", "bob"])


def test_a_dataframe_whose_axes_say_nothing_is_refused_with_how_to_state_its_orientation():
    for call in (krippendorff_alpha, fleiss_kappa):
        with pytest.raises(
            AgreementInputError,
            match=r"a DataFrame of labels must say which axis holds the items \(got index name "
            r"None and columns name None\): pass rows='items' .* or rows='coders'",
        ):
            call(UNNAMED)


def test_rows_states_the_orientation_in_any_case_and_with_the_axis_names():
    items_as_rows = krippendorff_alpha(UNNAMED, rows="items", level="interval").value
    expected = krippendorff.alpha(UNNAMED.to_numpy().T, level_of_measurement="interval")
    assert items_as_rows == pytest.approx(expected, abs=1e-12)
    for spelling in ("Items", "UNITS", "item", " unit "):
        assert krippendorff_alpha(UNNAMED, rows=spelling, level="interval").value == items_as_rows
    as_coders = krippendorff_alpha(UNNAMED, rows="Annotators", level="interval").value
    transposed = krippendorff.alpha(UNNAMED.to_numpy(), level_of_measurement="interval")
    assert as_coders == pytest.approx(transposed, abs=1e-12)


def test_items_states_the_same_orientation_the_other_way_round():
    assert krippendorff_alpha(UNNAMED, items="Rows") == krippendorff_alpha(UNNAMED, rows="items")
    assert fleiss_kappa(UNNAMED.T, items="columns") == fleiss_kappa(UNNAMED, rows="items")
    assert krippendorff_alpha(UNNAMED, rows="items", items="rows").value == pytest.approx(
        krippendorff.alpha(UNNAMED.to_numpy().T, level_of_measurement="nominal"), abs=1e-12
    )
    with pytest.raises(InvalidParameterError, match=r"rows='items' and items='columns' contradict"):
        krippendorff_alpha(UNNAMED, rows="items", items="columns")
    with pytest.raises(InvalidParameterError, match=r"items='row': .*did you mean 'rows'"):
        fleiss_kappa(UNNAMED, items="row")
    named = UNNAMED.rename_axis(index="item")
    with pytest.raises(AgreementInputError, match=r"items='columns' contradicts data's axis names"):
        fleiss_kappa(named, items="columns")


def test_numpy_arrays_keep_one_row_per_coder_unless_rows_says_items():
    data = np.array([[1, 2, 3, 3, 2], [1, 2, 3, 1, 2]])
    assert krippendorff_alpha(data).value == krippendorff_alpha(data.T, rows="items").value
    assert fleiss_kappa(data.T.tolist(), rows="items").value == fleiss_kappa(data).value


def test_a_rows_argument_that_contradicts_the_axis_names_is_refused():
    frame = UNNAMED.rename_axis(index="item", columns="annotator")
    with pytest.raises(
        AgreementInputError,
        match=r"rows='coders' contradicts data's axis names \(index name 'item' and columns "
        r"name 'annotator'\), which say rows='items'",
    ):
        krippendorff_alpha(frame, rows="coders")


def test_axes_that_claim_the_same_role_are_refused():
    frame = UNNAMED.rename_axis(index="item", columns="Unit")
    with pytest.raises(AgreementInputError, match=r"data's axes claim the same role \(got index"):
        fleiss_kappa(frame)


def test_an_unknown_rows_value_suggests_the_nearest():
    with pytest.raises(InvalidParameterError, match=r"rows='coder_s': .*did you mean 'coders'"):
        krippendorff_alpha(UNNAMED, rows="coder_s")


# ---------------------------------------------------------------------------
# 2.2: labels of more than one type are refused, naming the argument and values
# ---------------------------------------------------------------------------


def test_cohen_kappa_refuses_a_number_mixed_with_its_text_spelling():
    with pytest.raises(
        MixedLabelTypesError,
        match=r"^a holds labels of more than one type: numbers \(1, 2\) and text \('1'\); "
        r"expected labels of one type",
    ):
        cohen_kappa([1, "1", 2, 2], [1, 1, 2, 2])
    with pytest.raises(ValueError, match="Mix of label input types"):  # scikit-learn refuses too
        cohen_kappa_score([1, "1", 2, 2], [1, 1, 2, 2])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cohen_kappa([True, 1, 0], [1, 1, 0]), r"a holds .*booleans \(True\) and numbers"),
        (
            lambda: scotts_pi([0, 1], [1, np.True_]),
            r"b holds .*booleans \(True\) and numbers \(1\)",
        ),
        (lambda: cohen_kappa(["1", "2"], [1, 2]), r"a holds text \('1', '2'\) but b holds numbers"),
        (
            lambda: krippendorff_alpha([[1.5, "x"], [None, 2]]),
            r"data holds .*numbers \(1\.5, 2\) and text \('x'\)",
        ),
        (
            lambda: fleiss_kappa(pd.DataFrame({"ann": [1, 2], "bob": ["1", "2"]}), rows="items"),
            r"data holds labels of more than one type: numbers \(1, 2\) and text \('1', '2'\)",
        ),
        (
            lambda: krippendorff_alpha([A, A.astype(str)]),
            r"data\[0\] holds numbers \(1, 2, 3\) but data\[1\] holds text",
        ),
        (
            lambda: krippendorff_alpha([[1, 2], [2, 1]], categories=["1", "2"]),
            r"data holds numbers \(1\.0, 2\.0\) but categories=\['1', '2'\] holds text",
        ),
        (
            lambda: cohen_kappa([True, False], [False, False], categories=[0, 1]),
            r"\(a, b\) holds booleans .* but categories=\[0, 1\] holds numbers",
        ),
    ],
)
def test_labels_of_more_than_one_type_are_refused_naming_the_argument(call, message):
    with pytest.raises(MixedLabelTypesError, match=message):
        call()


def test_labels_of_one_type_with_nan_gaps_are_accepted():
    text = [["a", np.nan, "b", "a"], ["a", "b", "b", None]]
    codes = np.array([[0, np.nan, 1, 0], [0, 1, 1, np.nan]])
    expected = krippendorff.alpha(codes, level_of_measurement="nominal")
    assert krippendorff_alpha(text).value == pytest.approx(expected, abs=1e-12)
    booleans = cohen_kappa([True, False, True, True], [True, True, True, False])
    assert booleans.value == pytest.approx(cohen_kappa_score([1, 0, 1, 1], [1, 1, 1, 0]))


def test_integers_beyond_two_to_the_53_stay_distinct_categories():
    big = 2**53
    result = cohen_kappa([big, big + 1, 7, 7], [big, big + 1, big + 1, 7])
    assert result.value == pytest.approx(cohen_kappa_score([2, 3, 1, 1], [2, 3, 3, 1]))


# ---------------------------------------------------------------------------
# 2.16: every string option is read in any case, with the nearest name when unknown
# ---------------------------------------------------------------------------


def test_string_options_are_case_insensitive():
    data = [[1, 2, 3, 3, np.nan], [1, 3, 3, 2, 2]]
    for level in LEVELS:
        expected = krippendorff_alpha(data, level=level)
        shouted = krippendorff_alpha(data, level=level.upper())
        assert shouted == expected
        assert shouted.level == level
    assert cohen_kappa(*data, weights="Linear", missing="DROP") == cohen_kappa(
        *data, weights="linear", missing="drop"
    )
    assert fleiss_kappa(data, missing="Drop").value == fleiss_kappa(data, missing="drop").value


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: krippendorff_alpha([[1, 2]] * 2, level="Ordnial"), r"level='Ordnial'.*'ordinal'"),
        (lambda: cohen_kappa([1], [1], weights="Quadratc"), r"weights='Quadratc'.*'quadratic'"),
        (lambda: fleiss_kappa([[1], [1]], missing="DORP"), r"missing='DORP'.*'drop'"),
        (lambda: krippendorff_alpha([[1, 2]] * 2, level=3), r"level=3: expected one of nominal"),
    ],
)
def test_unknown_option_values_are_refused_with_the_nearest_name(call, message):
    with pytest.raises(InvalidParameterError, match=message):
        call()
