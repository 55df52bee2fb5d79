import json

import numpy as np
import pandas as pd
import pytest

from axiometrics.cli.cells import format_number, table_cell
from axiometrics.cli.output import render


@pytest.mark.parametrize(
    ("value", "text"),
    [(-1e-12, "0.0000"), (-0.00004, "0.0000"), (0.0, "0.0000"), (-0.00005, "-0.0001")],
)
def test_table_numbers_never_show_a_negative_zero(value, text):
    assert format_number(value) == text


def test_a_table_with_negative_zero_cells_prints_plain_zeros():
    text = render(pd.DataFrame({"m": [-1e-17, 0.5]}), "table")
    assert text.split() == ["m", "0.0000", "0.5000"]


def test_an_empty_table_says_so_instead_of_a_frame_repr():
    assert render(pd.DataFrame({"a": []}), "table", meta={"family": "oc"}) == (
        "# family: oc\n(no rows)\n"
    )


def test_json_is_one_strict_document_with_null_for_undefined_numbers():
    frame = pd.DataFrame({"score": [1 / 3, np.nan], "n": [np.int64(2), np.int64(0)]})
    text = render(frame, "json", meta={"family": "oc"})
    assert json.loads(text) == {
        "family": "oc",
        "rows": [{"score": 1 / 3, "n": 2}, {"score": None, "n": 0}],
    }
    assert "NaN" not in text
    assert "0.3333333333333333" in text


def test_csv_keeps_full_precision_and_leaves_undefined_cells_empty():
    frame = pd.DataFrame({"score": [1 / 3, np.nan], "status": ["defined", "undefined: why"]})
    assert render(frame, "csv") == "score,status\n0.3333333333333333,defined\n,undefined: why\n"


def test_a_mean_over_some_topics_shows_the_count():
    assert table_cell(0.5, 6, 8) == "0.5000 (6/8)"
    assert table_cell(0.5, 8, 8) == "0.5000"
    assert table_cell(float("nan"), 0, 8) == "undefined"
