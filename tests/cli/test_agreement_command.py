import json
import re

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
