"""``python benchmarks/run.py``: the one benchmark command (its labels, options and table).

The smoke run uses ``--quick`` (tiny sizes, targets not judged); nothing
here asserts a time.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "run.py"
_SPEC = importlib.util.spec_from_file_location("bench_run", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
bench_run = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = bench_run
_SPEC.loader.exec_module(bench_run)

RATIO = re.compile(r"^\d+\.\dx (faster|slower)$")


def test_a_shorter_time_than_the_reference_reads_faster_by_their_quotient():
    assert bench_run.ratio_text(0.5, 1.2) == "2.4x faster"


def test_a_longer_time_than_the_reference_reads_slower_by_their_quotient():
    assert bench_run.ratio_text(1.3, 1.0) == "1.3x slower"


def test_equal_times_read_one_times_faster_and_a_missing_time_reads_nothing():
    assert bench_run.ratio_text(2.0, 2.0) == "1.0x faster"
    assert bench_run.ratio_text(None, 1.0) == ""
    assert bench_run.ratio_text(1.0, None) == ""


def test_target_helpers_compare_the_quotient_with_the_factor():
    assert bench_run.faster_by(1.0, 2.0, 2.0)
    assert not bench_run.faster_by(1.0, 1.9, 2.0)
    assert bench_run.slower_by_at_most(20.0, 1.0, 20.0)
    assert not bench_run.slower_by_at_most(21.0, 1.0, 20.0)


def test_a_quick_run_reports_the_targets_without_judging_them():
    assert bench_run.Sizes.quick().verdict(False) is None
    assert bench_run.Sizes().verdict(False) is False


def test_interleaved_timing_returns_one_median_per_function():
    calls = {"ours": 0, "reference": 0}

    def ours() -> None:
        calls["ours"] += 1

    def reference() -> None:
        calls["reference"] += 1

    mine, theirs = bench_run.interleaved(ours, reference, 3)
    assert calls == {"ours": 4, "reference": 4}  # one warm-up call each
    assert mine >= 0.0
    assert theirs >= 0.0


def test_self_timed_functions_report_the_seconds_they_return():
    # e.g. an import timed inside a subprocess: the process' own start-up is not counted
    assert bench_run.interleaved(lambda: 0.25, lambda: 1.5, 3, self_timed=True) == (0.25, 1.5)


def test_a_failing_section_gives_a_row_naming_the_error_and_the_others_still_run(monkeypatch):
    def broken(sizes):
        raise ValueError("no data")

    def working(sizes):
        return [bench_run.Row("cli", "fine", 0.1)]

    monkeypatch.setattr(bench_run, "SECTIONS", {"import": broken, "cli": working})
    rows = bench_run.run_sections(["import", "cli"], bench_run.Sizes.quick())
    assert [(r.section, r.case, r.seconds, r.note) for r in rows] == [
        ("import", "the section failed", None, "ValueError: no data"),
        ("cli", "fine", 0.1, ""),
    ]


def test_rows_render_as_markdown_and_json_with_their_ratio():
    rows = [
        bench_run.Row("tukey", "ours | piped", 0.5, "loop", 1.5, ">= 2x faster", True),
        bench_run.Row("report", "phase: claims", 2.0),
    ]
    markdown = bench_run.render(rows, "out.md", {"date": "today"})
    assert markdown.startswith("Measured date today.\n\n| section | case |")
    assert "| tukey | ours \\| piped | 500.00 ms | loop | 1.50 s | 3.0x faster |" in markdown
    document = json.loads(bench_run.render(rows, "out.json", {"date": "today"}))
    assert document["date"] == "today"
    assert [r["ratio"] for r in document["rows"]] == ["3.0x faster", ""]
    assert document["rows"][0]["met"] is True


def test_an_unknown_section_is_a_usage_error_suggesting_the_nearest(capsys):
    with pytest.raises(SystemExit) as exc:
        bench_run.main(["--only", "tukee"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--only='tukee': expected one of import, cli, score" in err
    assert "did you mean 'tukey'?" in err


@pytest.mark.slow
def test_the_quick_run_prints_and_writes_a_row_with_a_ratio_for_every_section(tmp_path):
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, str(_PATH), "--quick", "--output", str(out)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    document = json.loads(out.read_text())
    rows = document["rows"]
    assert {row["section"] for row in rows} == set(bench_run.SECTIONS)
    assert document["quick"] is True
    for row in rows:
        assert row["seconds"] is not None
        assert row["seconds"] >= 0.0
        assert row["met"] is None  # --quick judges no target
        if row["reference_seconds"] is not None and row["seconds"] > 0:
            assert RATIO.match(row["ratio"]), row
            faster = row["seconds"] <= row["reference_seconds"]
            assert row["ratio"].endswith("faster" if faster else "slower")
    assert result.stdout.splitlines()[0].split()[:3] == ["section", "case", "axiometrics"]
    assert result.stdout.rstrip().endswith("targets met: 0, missed: 0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bench.json"]
