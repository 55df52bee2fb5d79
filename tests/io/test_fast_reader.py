"""The pandas fast path of the label-file reader agrees with the line-by-line reader."""

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from axiometrics.errors import DataFileError
from axiometrics.io.files import _label_frame_rows, read_label_file

CELL = st.text(alphabet="ab1-2. \t,x", min_size=0, max_size=4)
LINE = st.lists(CELL, min_size=1, max_size=4).map("\t".join)
FILE = st.lists(st.one_of(LINE, st.just(""), st.just("  ")), min_size=1, max_size=8).map(
    lambda lines: "\n".join(lines) + "\n"
)


def _outcome(read, path):
    try:
        return ("ok", read(path))
    except DataFileError as exc:
        return ("error", str(exc))


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=FILE)
def test_the_fast_and_the_line_by_line_reader_accept_and_refuse_the_same_files(tmp_path, text):
    path = tmp_path / "f.tsv"  # rewritten for every example
    path.write_text(text, encoding="utf-8")
    fast = _outcome(read_label_file, path)
    slow = _outcome(lambda p: _label_frame_rows(p, False), path)
    if slow[0] == "ok" and slow[1]["id"].duplicated().any():
        assert fast[0] == "error"
        assert "item ids must be unique" in fast[1]
        return
    assert fast[0] == slow[0], (text, fast, slow)
    if fast[0] == "ok":
        pd.testing.assert_frame_equal(fast[1], slow[1], check_dtype=False)
    else:
        assert fast[1] == slow[1]


@pytest.mark.parametrize("sep", ["\x0c", "\u2028"])
def test_unusual_line_breaks_are_read_line_by_line(tmp_path, sep):
    path = tmp_path / "f.tsv"
    path.write_text(f"1\tt\t0{sep}2\tt\t1\n", encoding="utf-8")
    assert read_label_file(path)["id"].tolist() == ["1", "2"]
