"""``benchmarks/bench_checker_power.py``: refuted/total per family, printed and recorded.

The runs here use the random searches at a budget of a few cases (seconds);
nothing asserts how many mutants a search refutes.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_checker_power.py"
_SPEC = importlib.util.spec_from_file_location("bench_checker_power", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
power = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = power
_SPEC.loader.exec_module(power)


def test_every_mutant_and_control_belongs_to_a_family_the_benchmark_reports():
    assert {m.family for m in power.mutants.MUTANTS} == set(power.FAMILIES)
    assert {c.family for c in power.mutants.CONTROLS} == set(power.FAMILIES)


def test_a_family_result_counts_the_familys_mutants_and_control_claims():
    result = power.run_family("scored", "naive", 2)
    mutants = [m for m in power.mutants.MUTANTS if m.family == "scored"]
    controls = [c for c in power.mutants.CONTROLS if c.family == "scored"]
    assert result.mutants == len(mutants)
    assert result.refuted == len(mutants) - len(result.missed)
    assert set(result.missed) <= {m.name for m in mutants}
    assert result.controls == sum(len(c.claims) for c in controls)
    assert result.line().lstrip().startswith("scored")


def test_the_command_prints_a_line_per_family_and_records_them(tmp_path, monkeypatch, capsys):
    out = tmp_path / "power.json"
    argv = ["bench_checker_power.py", "--budgets", "2", "--searches", "naive"]
    argv += ["--families", "nominal,scored", "--json", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    power.main()
    printed = capsys.readouterr().out.splitlines()
    assert printed[1].startswith("budget     2  naive")
    assert [line.split()[0] for line in printed[2:]] == ["nominal", "scored"]
    records = json.loads(out.read_text(encoding="utf-8"))
    assert [(r["family"], r["search"], r["budget"]) for r in records] == [
        ("nominal", "naive", 2),
        ("scored", "naive", 2),
    ]
    total = sum(r["mutants"] for r in records)
    assert printed[0].startswith(f"{total} mutants")


def test_an_unknown_family_is_refused(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["bench_checker_power.py", "--families", "scord"])
    with pytest.raises(SystemExit):
        power.main()
