import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from axiometrics.agreement import cohen_kappa, fleiss_kappa, krippendorff_alpha
from axiometrics.cli import main

TWO = "item\tannotator\tlabel\n" + "".join(
    f"{i}\t{name}\t{label}\n"
    for i, pair in enumerate([("a", "a"), ("a", "b"), ("b", "b"), ("c", "c"), ("c", "a")])
    for name, label in zip(("ann", "bob"), pair, strict=True)
)
THREE = "item,ann,bob,cy\n1,1,1,2\n2,2,2,2\n3,3,,3\n4,1,2,1\n5,3,3,3\n"


@pytest.fixture
def files(tmp_path):
    two, three = tmp_path / "two.tsv", tmp_path / "three.csv"
    two.write_text(TWO)
    three.write_text(THREE)
    return str(two), str(three)


def run_json(capsys, *arguments):
    status = main(["agreement", *arguments, "--format", "json"])
    out = capsys.readouterr()
    assert status == 0, out.err
    return json.loads(out.out)


def test_agreement_reports_every_coefficient_for_two_annotators(files, capsys):
    payload = run_json(capsys, files[0])
    assert payload["annotators"] == ["ann", "bob"]
    assert payload["layout"] == "long"
    values = {row["coefficient"]: row["value"] for row in payload["rows"]}
    a = ["a", "a", "b", "c", "c"]
    b = ["a", "b", "b", "c", "a"]
    assert values["cohen_kappa"] == pytest.approx(cohen_kappa(a, b).value)
    assert values["fleiss_kappa"] == pytest.approx(values["scotts_pi"])
    assert values["krippendorff_alpha"] == pytest.approx(krippendorff_alpha([a, b]).value)
    assert all(row["status"] == "defined" for row in payload["rows"])


def test_with_three_annotators_and_gaps_the_pairwise_and_complete_unit_rows_say_why_they_are_empty(
    files, capsys
):
    payload = run_json(capsys, files[1], "--level", "nominal,interval")
    rows = {(row["coefficient"], row["level"]): row for row in payload["rows"]}
    assert rows[("cohen_kappa", "nominal")]["value"] is None
    assert "needs exactly two annotators (found 3)" in rows[("cohen_kappa", "nominal")]["status"]
    assert "annotator 'bob' on item '3'" in rows[("fleiss_kappa", "nominal")]["status"]
    data = np.array([[1, 2, 3, 1, 3], [1, 2, np.nan, 2, 3], [2, 2, 3, 1, 3]])
    interval = rows[("krippendorff_alpha", "interval")]
    assert interval["value"] == pytest.approx(krippendorff_alpha(data, level="interval").value)
    assert interval["n_units"] == 5


def test_missing_drop_computes_fleiss_kappa_on_the_complete_items(files, capsys):
    payload = run_json(capsys, files[1], "--coefficient", "fleiss_kappa", "--missing", "drop")
    (row,) = payload["rows"]
    complete = np.array([[1, 2, 1, 3], [1, 2, 2, 3], [2, 2, 1, 3]])
    assert row["value"] == pytest.approx(fleiss_kappa(complete).value)
    assert row["n_units"] == 4


def test_bootstrap_intervals_are_seeded_and_reported(files, capsys):
    arguments = [files[0], "--coefficient", "cohen_kappa", "--bootstrap", "300", "--seed", "4"]
    first = run_json(capsys, *arguments)
    second = run_json(capsys, *arguments)
    assert first == second
    (row,) = first["rows"]
    assert row["ci_low"] <= row["value"] <= row["ci_high"]
    assert (first["bootstrap"], first["seed"], first["confidence"]) == (300, 4, 0.95)


def test_weighted_kappa_and_categories_options(files, capsys):
    payload = run_json(
        capsys, files[0], "--coefficient", "cohen_kappa", "--weights", "none,quadratic",
        "--categories", "a,b,c",
    )  # fmt: skip
    values = [row["value"] for row in payload["rows"]]
    a = ["a", "a", "b", "c", "c"]
    b = ["a", "b", "b", "c", "a"]
    expected = cohen_kappa(a, b, weights="quadratic", categories=["a", "b", "c"]).value
    assert values[1] == pytest.approx(expected)
    assert [row["weights"] for row in payload["rows"]] == ["none", "quadratic"]


def test_category_values_serve_the_interval_level(files, capsys):
    payload = run_json(
        capsys, files[0], "--coefficient", "krippendorff_alpha", "--level", "interval",
        "--categories", "a=0,b=1,c=5",
    )  # fmt: skip
    expected = krippendorff_alpha([[0, 0, 1, 5, 5], [0, 1, 1, 5, 0]], level="interval").value
    assert payload["rows"][0]["value"] == pytest.approx(expected)


def test_csv_output_to_a_file_has_empty_cells_where_a_coefficient_does_not_apply(files, tmp_path):
    target = tmp_path / "out.csv"
    assert main(["agreement", files[1], "--format", "csv", "-o", str(target)]) == 0
    frame = pd.read_csv(target)
    assert list(frame["coefficient"]) == [
        "cohen_kappa", "scotts_pi", "fleiss_kappa", "krippendorff_alpha",
    ]  # fmt: skip
    assert frame["value"].isna().tolist() == [True, True, True, False]
    assert frame["n_units"].dropna().tolist() == [5]


def test_the_table_names_the_files_and_annotators(files, capsys):
    assert main(["agreement", files[0]]) == 0
    out = capsys.readouterr().out
    assert "# annotators: ['ann', 'bob']" in out
    assert "krippendorff_alpha" in out
    assert "undefined" not in out


def test_a_degenerate_file_reports_the_declared_value(tmp_path, capsys):
    path = tmp_path / "same.tsv"
    path.write_text("1\tann\tx\n1\tbob\tx\n2\tann\tx\n2\tbob\tx\n")
    payload = run_json(capsys, str(path))
    assert {row["value"] for row in payload["rows"]} == {1.0}
    assert all(row["status"].startswith("degenerate") for row in payload["rows"])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "ordnial"], "did you mean 'ordinal'"),
        (["--coefficient", "kappa"], "did you mean"),
        (["--bootstrap", "0"], "expected a positive integer"),
        (["--confidence", "1.5"], r"expected a number in \(0, 1\)"),
        (["--categories", "a=1,b=x"], "expected label=number"),
    ],
)
def test_bad_options_are_one_line_usage_errors(files, capsys, arguments, message):
    assert main(["agreement", files[0], *arguments]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert re.search(message, err)


def test_a_coefficient_named_explicitly_that_cannot_apply_is_an_error(files, capsys):
    assert main(["agreement", files[1], "--coefficient", "cohen_kappa"]) == 1
    assert "needs exactly two annotators (found 3)" in capsys.readouterr().err
    assert main(["agreement", files[1], "--coefficient", "fleiss_kappa"]) == 1
    assert "--missing drop" in capsys.readouterr().err


def test_mismatched_or_duplicate_entries_are_one_line_data_errors(tmp_path, capsys):
    duplicate = tmp_path / "dup.tsv"
    duplicate.write_text("1\tann\ta\n1\tbob\ta\n1\tann\tb\n")
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("item,ann,bob\n1,a,b\n2,a\n")
    for path, message in ((duplicate, "second label"), (ragged, "expected 3 fields")):
        assert main(["agreement", str(path)]) == 1
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1
        assert message in err


def test_an_ordered_level_on_text_labels_without_categories_is_a_usage_error(files, capsys):
    assert main(["agreement", files[0], "--level", "ordinal"]) == 2
    assert "give categories" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Issue 21, items 2.4, 2.5 and 2.16: careful parsing, every data error at its file and line
# ---------------------------------------------------------------------------


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def fails(capsys, status, *arguments):
    """Run the command, check its exit status and return its one-line error."""
    assert main(["agreement", *arguments]) == status
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    # Flags, files and lines; never the Python API's parameter names.
    assert not re.search(r"\b(data|categories|level|weights|missing|rows|layout)=|\bdata\b", err)
    return err


@pytest.mark.parametrize(
    ("text", "line", "cell"),
    [
        ("item\tannotator\tlabel\n1\tann\t1\n1\tbob\t1\n2\tann\t2\n2\tbob\t1_0\n", 5, "'1_0' is text"),
        ("item,ann,bob\n1,1,1\n2,nan,2\n3,1,2\n", 3, "'nan' is text"),
        ("item,ann,bob\n1,inf,1\n2,2,2\n3,1,2\n4,3,3\n", 2, "'inf' is text"),
        ("item,ann,bob\n1,1,1\n2,2,-Infinity\n3,1,2\n4,3,3\n", 3, "'-Infinity' is text"),
        ("item,ann,bob\n1,1,1\n2,2,1e400\n", 3, "'1e400' is a number beyond the range"),
    ],
)  # fmt: skip
def test_a_cell_that_is_not_a_plain_number_among_numbers_exits_1_naming_its_file_and_line(
    tmp_path, capsys, text, line, cell
):
    path = write(tmp_path, "cells.csv" if "," in text else "cells.tsv", text)
    err = fails(capsys, 1, path)
    assert f"path={path!r} line {line}: " in err
    assert cell in err


def test_a_long_file_with_a_named_header_is_not_read_as_data(tmp_path, capsys):
    path = write(tmp_path, "long.tsv", "unit\tcoder\tlabel\n1\ta\tx\n1\tb\tx\n2\ta\ty\n2\tb\tx\n")
    payload = run_json(capsys, path, "--coefficient", "cohen_kappa")
    assert (payload["layout"], payload["annotators"]) == ("long", ["a", "b"])
    assert payload["rows"][0]["value"] == pytest.approx(cohen_kappa(["x", "y"], ["x", "x"]).value)


def test_a_wide_file_whose_header_starts_with_id_is_read_as_wide(tmp_path, capsys):
    path = write(tmp_path, "wide.csv", "ID,ann,bob\n1,1,1\n2,2,2\n3,1,2\n")
    payload = run_json(capsys, path, "--coefficient", "krippendorff_alpha")
    assert (payload["layout"], payload["items"], payload["annotators"]) == (
        "wide",
        3,
        ["ann", "bob"],
    )
    expected = krippendorff_alpha([[1, 2, 1], [1, 2, 2]]).value
    assert payload["rows"][0]["value"] == pytest.approx(expected, abs=1e-12)


def test_interval_labels_too_large_for_their_squares_exit_1_naming_the_largest_label(
    tmp_path, capsys
):
    path = write(tmp_path, "big.csv", "item,ann,bob\n1,1,1\n2,2,2\n3,1e200,1\n4,3,3\n")
    err = fails(capsys, 1, path, "--level", "interval")
    assert f"path={path!r} line 4: the label 1e+200 is too large for --level interval" in err
    assert "rescale the labels" in err
    # Nominal alpha and the kappas use only the categories: the same file is fine for them.
    payload = run_json(capsys, path)
    expected = krippendorff_alpha([[1, 2, 4, 3], [1, 2, 1, 3]]).value
    assert payload["rows"][3]["value"] == pytest.approx(expected, abs=1e-12)


def test_interval_labels_near_1e150_give_the_exact_value(tmp_path, capsys):
    path = write(tmp_path, "wide.csv", "item,ann,bob\n1,1e150,1\n2,2,2\n3,1,1\n4,3,3\n")
    payload = run_json(capsys, path, "--coefficient", "krippendorff_alpha", "--level", "interval")
    (row,) = payload["rows"]
    assert (row["value"], row["status"]) == (0.0, "defined")
    assert row["expected_disagreement"] == pytest.approx(2 * 7 * 1e300 / 56, rel=1e-12)


def test_a_label_outside_the_categories_exits_1_naming_its_file_and_line(files, capsys):
    err = fails(capsys, 1, files[0], "--categories", "a,b")
    assert f"path={files[0]!r} line 8: the label 'c' is not among --categories a,b" in err
    err = fails(capsys, 1, files[1], "--categories", "1,2")
    assert f"path={files[1]!r} line 4: the label 3 is not among --categories 1,2" in err


def test_a_negative_label_under_the_ratio_level_exits_1_naming_its_file_and_line(tmp_path, capsys):
    path = write(tmp_path, "neg.csv", "item,ann,bob\n1,1,2\n2,-1,2\n")
    err = fails(capsys, 1, path, "--level", "ratio")
    assert f"path={path!r} line 3: the label -1 is negative; --level ratio needs values >= 0" in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "interval"], r"--level interval needs a numeric value for each label.*--categories a=0"),
        (["--weights", "linear"], r"--weights linear needs the order of the labels.*--categories a,b,c"),
        (["--categories", "a,1"], r"argument --categories: the categories mix numbers and text"),
        (["--categories", "a=nan,b=1"], r"argument --categories: expected label=number"),
        (["--categories", "a=1_0,b=1"], r"argument --categories: expected label=number"),
        (["--categories", "a=1e400"], r"argument --categories: '1e400' is a number beyond"),
        (["--categories", "a,a"], r"argument --categories: the categories must be distinct"),
        (["--categories", "a=1,b=1"], r"argument --categories: two categories share a value"),
        (["--level", "ratio", "--categories", "a=-1,b=1,c=2"], r"--categories a=-1: --level ratio needs"),
        (
            ["--level", "interval", "--categories", "a=1e200,b=1,c=2"],
            r"--categories: the values are too large for --level interval: .*rescale",
        ),
        (["--layout", "wdie"], r"argument --layout: 'wdie': expected one of auto, long, wide; did you mean 'wide'"),
        (["--missing", "dorp"], r"argument --missing: 'dorp'.*did you mean 'drop'"),
    ],
)  # fmt: skip
def test_option_problems_exit_2_naming_the_flag(files, capsys, arguments, message):
    err = fails(capsys, 2, files[0], *arguments)
    assert re.search(message, err), err


def test_option_values_are_case_insensitive(files, capsys):
    plain = run_json(
        capsys, files[1], "--coefficient", "fleiss_kappa,krippendorff_alpha",
        "--level", "ordinal", "--missing", "drop", "--layout", "wide",
    )  # fmt: skip
    shouted = run_json(
        capsys, files[1], "--coefficient", "Fleiss_Kappa,KRIPPENDORFF_ALPHA",
        "--level", "Ordinal", "--missing", "DROP", "--layout", "Wide",
    )  # fmt: skip
    assert shouted["rows"] == plain["rows"]
    assert [row["level"] for row in shouted["rows"]] == ["nominal", "ordinal"]


def test_alpha_without_an_item_labelled_twice_is_not_applicable_or_an_error_by_flag(
    tmp_path, capsys
):
    path = write(tmp_path, "apart.tsv", "1\tann\tx\n2\tbob\ty\n")
    payload = run_json(capsys, path)
    alpha = payload["rows"][3]
    assert alpha["value"] is None
    assert alpha["status"] == (
        "not applicable: no item has labels from two annotators, so there is nothing to compare"
    )
    err = fails(capsys, 1, path, "--coefficient", "krippendorff_alpha")
    assert "--coefficient krippendorff_alpha: no item has labels from two annotators" in err
    err = fails(capsys, 1, path, "--coefficient", "cohen_kappa", "--missing", "drop")
    assert "--coefficient cohen_kappa: no item is labelled by every annotator" in err


def test_reordering_the_rows_of_a_file_changes_no_output(tmp_path, capsys):
    rng = np.random.default_rng(5)
    rows = [
        f"t{item}\t{name}\t{rng.integers(0, 4)}"
        for item in range(30)
        for name in ("ann", "bob", "cy")
        if rng.random() < 0.9
    ]
    first = write(tmp_path, "first.tsv", "\n".join(rows) + "\n")
    shuffled = [rows[i] for i in rng.permutation(len(rows))]
    second = write(tmp_path, "second.tsv", "\n".join(shuffled) + "\n")
    arguments = ["--level", "nominal,ordinal,interval", "--bootstrap", "200", "--missing", "drop"]
    assert (
        run_json(capsys, first, *arguments)["rows"] == run_json(capsys, second, *arguments)["rows"]
    )


def test_the_documented_example_output_is_what_the_command_prints(tmp_path, capsys):
    doc = (Path(__file__).parents[2] / "docs" / "agreement.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```$", doc, flags=re.S | re.M)
    data = next(b for b in blocks if b.startswith("item\tannotator\tlabel\n1\tann\ta"))
    shown = next(b for b in blocks if b.startswith("$ axiometrics agreement labels.tsv"))
    command, *expected = shown.strip().splitlines()
    path = write(tmp_path, "labels.tsv", data)
    assert main(["agreement", path, *command.split()[4:]]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[0] == expected[0]
    for got, want in zip(printed[1:], expected[1:], strict=True):
        got_cells, want_cells = got.split(","), want.split(",")
        for g, w in zip(got_cells, want_cells, strict=True):
            try:
                # Bootstrap sums may differ in the last bits with the BLAS kernel.
                assert float(g) == pytest.approx(float(w), rel=1e-12, abs=1e-15)
            except ValueError:
                assert g == w
