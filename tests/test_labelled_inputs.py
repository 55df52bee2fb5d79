"""Labelled inputs (pandas objects, scaled matrices and distributions) are aligned by label.

Every test compares against the same data built with explicit, correctly
oriented constructors, or checks the exact refusal.
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import axiometrics as ax
from axiometrics import (
    ClassScale,
    ConfusionMatrices,
    DataFileError,
    Distributions,
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    UnknownLabelError,
)
from axiometrics.family import Family

# ---------------------------------------------------------------------------
# Crosstabs given to ax.score
# ---------------------------------------------------------------------------


def test_a_crosstab_with_system_rows_and_other_label_sets_is_aligned_by_label():
    system = pd.Series([0, 0, 1, 1], name="system")
    gold = pd.Series([1, 1, 2, 2], name="gold")
    table = pd.crosstab(system, gold)  # index 0, 1 (system); columns 1, 2 (gold)
    explicit = ConfusionMatrices.from_crosstab(table, rows="system")
    assert ax.score("accuracy", table) == 0.0
    assert ax.score("accuracy", explicit) == 0.0
    assert ax.score("mae_micro", table) == ax.score("mae_micro", explicit) == 1.0


def test_a_crosstab_with_gold_rows_is_read_by_its_axis_names():
    gold = pd.Series([0, 1, 2, 2, 1], name="gold")
    system = pd.Series([0, 2, 2, 1, 1], name="system")
    table = pd.crosstab(gold, system)
    explicit = ConfusionMatrices.from_labels(gold.tolist(), system.tolist(), scale=[0, 1, 2])
    for name in ("accuracy", "mae_macro", "kendall_tau_b", "cem_ord"):
        assert ax.score(name, table) == ax.score(name, explicit)


def test_one_named_axis_is_enough_to_orient_a_crosstab():
    counts = np.array([[3.0, 1.0], [0.0, 4.0]])  # rows = system
    only_index = pd.DataFrame(counts, index=pd.Index([0, 1], name="system"), columns=[0, 1])
    only_columns = pd.DataFrame(counts.T, index=[0, 1], columns=pd.Index([0, 1], name="system"))
    expected = ConfusionMatrices.from_counts(counts).counts
    np.testing.assert_array_equal(ConfusionMatrices.from_crosstab(only_index).counts, expected)
    np.testing.assert_array_equal(ConfusionMatrices.from_crosstab(only_columns).counts, expected)
    assert ax.score("mae_macro", only_columns) == ax.score("mae_macro", counts)


def test_an_unnamed_dataframe_of_counts_is_refused_with_the_from_crosstab_call():
    table = pd.DataFrame([[3, 1], [0, 4]])
    with pytest.raises(
        InvalidInputError,
        match=r"a DataFrame of counts must say which axis holds the gold labels \(got index name "
        r"None and columns name None\).*ConfusionMatrices\.from_crosstab\(table, rows=\"gold\"\)"
        r".*rows=\"system\"",
    ):
        ax.score("accuracy", table)


def test_a_dataframe_whose_axes_claim_the_same_role_is_refused():
    table = pd.DataFrame(
        [[3, 1], [0, 4]],
        index=pd.Index([0, 1], name="gold"),
        columns=pd.Index([0, 1], name="Gold"),
    )
    with pytest.raises(InvalidInputError, match=r"got index name 'gold' and columns name 'Gold'"):
        ax.get_scorer("accuracy")(table)


def test_an_explicit_rows_argument_contradicting_the_axis_names_is_refused():
    table = pd.crosstab(pd.Series([0, 1], name="gold"), pd.Series([1, 1], name="system"))
    with pytest.raises(
        InvalidInputError,
        match=r"rows='system' contradicts the table's axis names \(index 'gold', columns "
        r"'system'\), which say rows='gold'",
    ):
        ConfusionMatrices.from_crosstab(table, rows="system")


def test_from_crosstab_takes_its_orientation_from_the_axis_names_by_default():
    gold = pd.Series([0, 0, 1], name="gold")
    system = pd.Series([0, 1, 1], name="system")
    inferred = ConfusionMatrices.from_crosstab(pd.crosstab(gold, system))
    explicit = ConfusionMatrices.from_crosstab(pd.crosstab(gold, system), rows="gold")
    np.testing.assert_array_equal(inferred.counts, explicit.counts)
    np.testing.assert_array_equal(inferred.counts, [[1.0, 0.0], [1.0, 1.0]])


def test_a_repeated_index_label_of_a_crosstab_is_refused_with_its_positions():
    table = pd.DataFrame([[1, 0], [0, 1], [2, 2]], index=[0, 1, 0], columns=[0, 1])
    with pytest.raises(
        DataFileError,
        match=r"table index must not repeat a label \(got 0 at positions 0, 2; its counts "
        r"would be merged\)",
    ):
        ConfusionMatrices.from_crosstab(table, rows="gold")


def test_a_repeated_column_label_is_refused_even_when_spelled_as_another_number_type():
    table = pd.DataFrame([[1, 0, 1], [0, 1, 1]], index=[0, 1], columns=[0, 1, 1.0])
    with pytest.raises(
        DataFileError, match=r"table columns must not repeat a label \(got 1\.0 at positions 1, 2;"
    ):
        ConfusionMatrices.from_crosstab(table, rows="gold")


def test_a_crosstab_of_text_counts_is_refused_as_a_type_error():
    table = pd.DataFrame({0: ["1", "0"], 1: ["0", "1"]}, index=[0, 1])
    with pytest.raises(InputTypeError, match=r"table must hold real-number counts \(got column"):
        ConfusionMatrices.from_crosstab(table, rows="gold")


def test_a_multiindex_crosstab_is_refused():
    index = pd.MultiIndex.from_tuples([(0, "a"), (1, "b")])
    table = pd.DataFrame([[1, 0], [0, 1]], index=index, columns=[0, 1])
    with pytest.raises(InvalidInputError, match=r"one level of class labels on each axis"):
        ConfusionMatrices.from_crosstab(table, rows="gold")


def test_a_series_is_refused_as_confusion_matrices_with_the_constructor_to_use():
    with pytest.raises(InputTypeError, match=r"not a pandas Series; build it by label with"):
        ax.score("accuracy", pd.Series([1, 2, 3, 4]))


# ---------------------------------------------------------------------------
# Distributions
# ---------------------------------------------------------------------------


def test_identical_distributions_with_permuted_columns_score_as_identical():
    system = pd.DataFrame([[0.3, 0.7, 0.0]], columns=[0, 1, 2])
    gold = system[[2, 1, 0]]  # same classes, other column order
    assert ax.score("nmd", system, gold).tolist() == [0.0]
    d_system, d_gold = Distributions.from_dataframe(system), Distributions.from_dataframe(gold)
    np.testing.assert_array_equal(d_system.probabilities, d_gold.probabilities)
    assert d_gold.scale.labels == (0, 1, 2)


def test_distribution_frames_score_like_the_explicit_arrays():
    system = pd.DataFrame({2: [0.1, 0.5], 0: [0.6, 0.25], 1: [0.3, 0.25]}, index=["t1", "t2"])
    gold = pd.DataFrame({1: [0.2, 0.4], 2: [0.3, 0.4], 0: [0.5, 0.2]}, index=["t1", "t2"])
    p = np.array([[0.6, 0.3, 0.1], [0.25, 0.25, 0.5]])
    q = np.array([[0.5, 0.2, 0.3], [0.2, 0.4, 0.4]])
    for name in ("nmd", "rnod", "emd", "jsd"):
        got = ax.score(name, system, gold)
        np.testing.assert_array_equal(got.to_numpy(), ax.score(name, p, q))


def test_distributions_over_different_classes_are_refused():
    system = Distributions.from_dataframe(pd.DataFrame([[0.5, 0.5]], columns=[0, 1]))
    gold = Distributions.from_dataframe(pd.DataFrame([[0.5, 0.5]], columns=[1, 2]))
    with pytest.raises(
        InvalidInputError,
        match=r"system and gold must be distributions over one scale \(got different classes: "
        r"system \[0, 1\], gold \[1, 2\]\)",
    ):
        ax.score("nmd", system, gold)


def test_distributions_listing_the_classes_in_other_orders_are_refused():
    system = Distributions.from_probabilities([0.2, 0.8], scale=["lo", "hi"])
    gold = Distributions.from_probabilities([0.8, 0.2], scale=["hi", "lo"])
    with pytest.raises(InvalidInputError, match=r"got the same classes in different orders"):
        ax.score("nmd", system, gold)


def test_distributions_with_other_class_values_are_refused():
    system = Distributions.from_probabilities([0.2, 0.8], scale=ClassScale([0, 1], [0, 1]))
    gold = Distributions.from_probabilities([0.8, 0.2], scale=ClassScale([0, 1], [0, 5]))
    with pytest.raises(InvalidInputError, match=r"same class values \(got \[0\.0, 1\.0\] and"):
        ax.score("emd", system, gold)


def test_series_are_matched_by_class_label():
    system = pd.Series({"hi": 0.7, "lo": 0.3})
    gold = pd.Series({"lo": 0.3, "hi": 0.7})
    assert ax.score("nmd", system, gold, scale=["lo", "hi"]) == 0.0
    assert ax.score("nmd", system, gold, scale=["lo", "hi"]) == ax.score(
        "nmd", [0.3, 0.7], [0.3, 0.7]
    )


def test_batches_keyed_by_topic_are_paired_by_key_not_position():
    system = pd.DataFrame([[0.9, 0.1], [0.2, 0.8]], columns=[0, 1], index=["t1", "t2"])
    gold = system.loc[["t2", "t1"]]
    result = ax.score("nmd", system, gold)
    assert result.tolist() == [0.0, 0.0]
    assert list(result.index) == ["t1", "t2"]


def test_batches_keyed_by_different_topics_are_refused():
    system = pd.DataFrame([[0.9, 0.1], [0.2, 0.8]], columns=[0, 1], index=["t1", "t2"])
    gold = pd.DataFrame([[0.9, 0.1], [0.2, 0.8]], columns=[0, 1], index=["t1", "t3"])
    with pytest.raises(
        InvalidInputError,
        match=r"system and gold must index the same distributions \(got system keys missing "
        r"from gold: \[\"'t2'\"\], gold keys missing from system: \[\"'t3'\"\]\)",
    ):
        ax.score("nmd", system, gold)


def test_a_repeated_class_column_of_a_distribution_frame_is_refused_with_positions():
    frame = pd.DataFrame([[0.2, 0.3, 0.5]], columns=[0, 1, 0])
    with pytest.raises(DataFileError, match=r"frame columns must not repeat a label \(got 0 at "):
        Distributions.from_dataframe(frame)


def test_string_class_columns_need_a_scale_and_an_ordered_categorical_supplies_it():
    frame = pd.DataFrame([[0.2, 0.8]], columns=["low", "high"])
    with pytest.raises(
        InvalidInputError,
        match=r"frame columns hold labels that are not numbers \('high', 'low'\).*"
        r'Distributions.from_dataframe\(frame, scale=\["low", "medium", "high"\]\)',
    ):
        Distributions.from_dataframe(frame)
    ordered = frame.copy()
    ordered.columns = pd.CategoricalIndex(["low", "high"], categories=["low", "high"], ordered=True)
    d = Distributions.from_dataframe(ordered)
    assert d.scale.labels == ("low", "high")
    np.testing.assert_array_equal(d.probabilities, [[0.2, 0.8]])


def test_a_scale_given_to_score_must_agree_with_a_labelled_input():
    d = Distributions.from_probabilities([0.5, 0.5], scale=["a", "b"])
    with pytest.raises(
        InvalidInputError, match=r"scale=\['b', 'a'\] differs from the scale of system \['a', 'b'\]"
    ):
        ax.score("nmd", d, [0.5, 0.5], scale=["b", "a"])
    m = ConfusionMatrices.from_counts([[1, 0], [0, 1]], scale=["a", "b"])
    with pytest.raises(
        InvalidInputError, match=r"differs from the scale of the confusion matrices"
    ):
        ax.score("accuracy", m, scale=["x", "y"])


def test_a_scale_labels_plain_arrays_and_supplies_the_class_values():
    scale = ClassScale(["lo", "mid", "hi"], values=[0, 1, 5])
    counts = [[1, 0, 1], [0, 1, 0], [1, 0, 1]]
    assert ax.score("mae_micro", counts, scale=scale) == ax.score(
        "mae_micro", counts, values=[0, 1, 5]
    )
    p, q = [0.5, 0.5, 0.0], [0.0, 0.5, 0.5]
    assert ax.score("emd", p, q, scale=scale) == ax.score("emd", p, q, values=[0, 1, 5])


def test_a_family_without_a_coerce_step_refuses_a_scale():
    fam = Family("plain", "Plain", ("x",), lambda inputs, values: None)  # type: ignore[arg-type]
    assert fam.coerce_inputs((1,)) == (1,)
    with pytest.raises(
        InvalidParameterError, match=r"scale=\[0, 1\]: family 'plain' takes no scale argument"
    ):
        fam.coerce_inputs((1,), [0, 1])


# ---------------------------------------------------------------------------
# Label vectors: string labels, Series, scikit-learn habits
# ---------------------------------------------------------------------------


def test_string_labels_without_a_scale_are_refused_with_the_call_to_write():
    with pytest.raises(
        InvalidInputError,
        match=r"gold and system hold labels that are not numbers \('high', 'low', 'medium'\), so "
        r"their class order is unknown; list the classes from lowest to highest: "
        r'ConfusionMatrices\.from_labels\(gold, system, scale=\["low", "medium", "high"\]\), or '
        r"pass an ordered pandas Categorical",
    ):
        ConfusionMatrices.from_labels(["low", "high"], ["medium", "low"])
    with pytest.raises(InvalidInputError, match=r"Distributions\.from_labels\(labels, scale="):
        Distributions.from_labels(["low", "high", "low"])


def test_from_dataframe_refuses_string_labels_without_a_scale():
    frame = pd.DataFrame({"gold": ["a", "b"], "system": ["b", "b"]})
    with pytest.raises(
        InvalidInputError,
        match=r"frame columns 'gold' and 'system' hold labels that are not numbers",
    ):
        ConfusionMatrices.from_dataframe(frame)


def test_an_ordered_categorical_supplies_the_class_order():
    order = ["low", "medium", "high"]
    gold = pd.Categorical(["low", "high", "high"], categories=order, ordered=True)
    system = pd.Categorical(["medium", "high", "low"], categories=order, ordered=True)
    from_categorical = ConfusionMatrices.from_labels(gold, system)
    explicit = ConfusionMatrices.from_labels(list(gold), list(system), scale=order)
    assert from_categorical.scale.labels == tuple(order)
    np.testing.assert_array_equal(from_categorical.counts, explicit.counts)
    shares = Distributions.from_labels(pd.Series(gold))
    np.testing.assert_array_equal(shares.probabilities, [1 / 3, 0.0, 2 / 3])


def test_ordered_categoricals_with_different_categories_are_refused():
    gold = pd.Categorical(["a"], categories=["a", "b"], ordered=True)
    system = pd.Categorical(["a"], categories=["b", "a"], ordered=True)
    with pytest.raises(InvalidInputError, match=r"ordered Categoricals with different categories"):
        ConfusionMatrices.from_labels(gold, system)


def test_an_unordered_categorical_of_strings_still_needs_a_scale():
    gold = pd.Categorical(["a", "b"])
    with pytest.raises(InvalidInputError, match=r"labels that are not numbers \('a', 'b'\)"):
        ConfusionMatrices.from_labels(gold, gold)


def test_numeric_labels_sort_numerically_not_as_text():
    m = ConfusionMatrices.from_labels([10, 9, 2], [9, 9, 10])
    assert m.scale.labels == (2, 9, 10)


def test_boolean_labels_need_a_scale():
    with pytest.raises(InvalidInputError, match=r"not numbers \(False, True\)"):
        ConfusionMatrices.from_labels([True, False], [True, True])


def test_series_of_labels_are_paired_by_item_index():
    gold = pd.Series([0, 1, 2], index=["a", "b", "c"])
    system = pd.Series([2, 1, 0], index=["c", "b", "a"])  # the same answers, other row order
    m = ConfusionMatrices.from_labels(gold, system)
    assert ax.score("accuracy", m) == 1.0
    assert ax.score("accuracy", gold, system) == 1.0


def test_series_of_labels_over_other_items_are_refused():
    gold = pd.Series([0, 1], index=["a", "b"])
    system = pd.Series([0, 1], index=["a", "z"])
    with pytest.raises(
        InvalidInputError,
        match=r"gold and system Series must index the same items \(got 1 gold items missing "
        r"from system, e.g. \['b'\], and 1 system items not in gold, e.g. \['z'\]\)",
    ):
        ConfusionMatrices.from_labels(gold, system)


def test_scikit_learn_style_label_vectors_score_like_from_labels():
    y_true = [0, 1, 2, 2, 1, 0]
    y_pred = [0, 2, 2, 1, 1, 1]
    explicit = ConfusionMatrices.from_labels(y_true, y_pred)
    for name in ("mae_macro", "accuracy", "cohen_kappa", "kendall_tau_b"):
        assert ax.score(name, y_true, y_pred) == ax.score(name, explicit)


def test_scikit_learn_style_string_labels_take_a_scale():
    y_true = ["low", "high", "high", "medium"]
    y_pred = ["low", "medium", "high", "medium"]
    scale = ["low", "medium", "high"]
    explicit = ConfusionMatrices.from_labels(y_true, y_pred, scale=scale)
    assert ax.score("mae_macro", y_true, y_pred, scale=scale) == ax.score("mae_macro", explicit)
    with pytest.raises(InvalidInputError, match=r"scale=\["):
        ax.score("mae_macro", y_true, y_pred)


def test_without_a_scale_an_unobserved_class_does_not_exist():
    y_true, y_pred = [0, 2, 2], [0, 2, 0]
    assert ConfusionMatrices.from_labels(y_true, y_pred).n_classes == 2
    assert ConfusionMatrices.from_labels(y_true, y_pred, scale=[0, 1, 2]).n_classes == 3
    # mae_micro measures distance in class positions by default: 0 and 2 are adjacent
    # classes unless the scale says class 1 exists between them.
    assert ax.score("mae_micro", y_true, y_pred) == pytest.approx(1 / 3)
    assert ax.score("mae_micro", y_true, y_pred, scale=[0, 1, 2]) == pytest.approx(2 / 3)


def test_two_matrices_are_not_mistaken_for_label_vectors():
    with pytest.raises(
        InvalidInputError,
        match=r"two inputs to an OC measure are read as \(gold, system\) label vectors of shape "
        r"\(n,\).*got shapes \(2, 2\) and \(2, 2\)",
    ):
        ax.score("accuracy", [[1, 0], [0, 1]], [[1, 0], [0, 1]])


def test_oq_measures_read_two_inputs_as_system_and_gold_distributions_not_labels():
    with pytest.raises(InvalidInputError, match=r"system must sum to 1 \(got 3;"):
        ax.score("nmd", [0, 1, 2], [0, 1, 2])


# ---------------------------------------------------------------------------
# Labelled batch results
# ---------------------------------------------------------------------------


def test_batches_grouped_by_topic_come_back_as_a_series_indexed_by_topic():
    frame = pd.DataFrame(
        {
            "topic": ["t2", "t2", "t1", "t1", "t1"],
            "gold": [0, 1, 1, 2, 2],
            "system": [0, 1, 2, 2, 0],
        }
    )
    matrices = ConfusionMatrices.from_dataframe(frame, by="topic", scale=[0, 1, 2])
    result = ax.score("accuracy_within(n=0)", matrices)
    assert isinstance(result, pd.Series)
    assert result.name == "accuracy_within(n=0)"
    assert result.index.name == "topic"
    assert list(result.index) == ["t1", "t2"]
    t1 = ConfusionMatrices.from_labels([1, 2, 2], [2, 2, 0], scale=[0, 1, 2])
    assert result["t1"] == ax.score("accuracy", t1)
    assert result["t2"] == 1.0


def test_a_two_dimensional_labelled_batch_comes_back_as_a_dataframe():
    frame = pd.DataFrame({"topic": ["a", "b"], "gold": [0, 1], "system": [1, 1]})
    matrices = ConfusionMatrices.from_dataframe(frame, by="topic", scale=[0, 1, 2])
    values = np.array([[[0.0, 1.0, 2.0]], [[0.0, 4.0, 5.0]]])  # a batch of 2 value sets
    result = ax.score("mae_micro", matrices, values=values)
    assert isinstance(result, pd.DataFrame)
    assert list(result.columns) == ["a", "b"]
    assert result.to_numpy().tolist() == [[1.0, 0.0], [4.0, 0.0]]


def test_plain_array_batches_still_return_arrays():
    result = ax.score("accuracy", np.ones((3, 2, 2)))
    assert isinstance(result, np.ndarray)
    assert result.tolist() == [0.5, 0.5, 0.5]


# ---------------------------------------------------------------------------
# Properties: the order of rows/columns of a labelled input never matters
# ---------------------------------------------------------------------------

LABELS = (-2, -1, 0, 1, 2)


@st.composite
def labelled_matrices(draw):
    c = draw(st.integers(2, 5))
    counts = draw(
        hnp.arrays(float, (c, c), elements=st.sampled_from([0.0, 0.0, 1.0, 2.0, 5.0]))
    ).copy()
    counts[draw(st.integers(0, c - 1)), draw(st.integers(0, c - 1))] += 1.0  # N > 0
    rows = draw(st.permutations(range(c)))
    cols = draw(st.permutations(range(c)))
    return counts, LABELS[:c], rows, cols


@given(labelled_matrices())
def test_permuting_a_labelled_crosstab_never_changes_any_oc_score(drawn):
    counts, labels, rows, cols = drawn  # counts: rows = system, columns = gold
    table = pd.DataFrame(
        counts.T,
        index=pd.Index(labels, name="gold"),
        columns=pd.Index(labels, name="system"),
    )
    shuffled = table.iloc[list(rows), list(cols)]
    explicit = ConfusionMatrices.from_counts(counts, scale=labels)
    for name in ax.default_registry().names("oc"):
        expected = ax.score(name, explicit, on_undefined=0.0)
        assert ax.score(name, shuffled, on_undefined=0.0) == expected, name
        assert ax.score(name, shuffled.T, on_undefined=0.0) == expected, name


@st.composite
def labelled_distributions(draw):
    c = draw(st.integers(2, 5))
    weights = st.lists(st.integers(0, 9), min_size=c, max_size=c).filter(lambda w: sum(w) > 0)
    p = np.array(draw(weights), dtype=float)
    q = np.array(draw(weights), dtype=float)
    return p / p.sum(), q / q.sum(), LABELS[:c], draw(st.permutations(range(c)))


@given(labelled_distributions())
def test_permuting_distribution_columns_never_changes_any_oq_score(drawn):
    p, q, labels, order = drawn
    system = pd.DataFrame([p], columns=list(labels))
    gold = pd.DataFrame([q], columns=list(labels)).iloc[:, list(order)]
    for name in ax.default_registry().names("oq"):
        expected = ax.score(name, p, q, on_undefined=0.0)
        assert ax.score(name, system, gold, on_undefined=0.0).tolist() == [expected], name
        swapped = system.iloc[:, list(order)]
        assert ax.score(name, swapped, gold, on_undefined=0.0).tolist() == [expected], name


def test_labels_outside_an_explicit_scale_are_reported():
    table = pd.crosstab(pd.Series([0, 3], name="gold"), pd.Series([0, 0], name="system"))
    with pytest.raises(UnknownLabelError, match=r"table index must be labels of the scale"):
        ax.score("accuracy", table, scale=[0, 1, 2])


def test_importing_axiometrics_does_not_import_pandas():
    import subprocess
    import sys

    code = "import sys, axiometrics; print('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


def test_pandas_free_inputs_score_without_importing_pandas():
    import subprocess
    import sys

    code = (
        "import sys, axiometrics as ax; "
        "print(ax.score('mae_macro', [0, 1, 2], [0, 2, 2]), 'pandas' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == f"{ax.score('mae_macro', [0, 1, 2], [0, 2, 2])} False\n"
