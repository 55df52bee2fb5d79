import re
from pathlib import Path

import pytest

from axiometrics import Registry
from axiometrics.docs import render_measure_reference

ROOT = Path(__file__).resolve().parents[1]


def _quick_start_commands():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, flags=re.DOTALL)


def test_readme_quick_start_has_exactly_two_commands():
    commands = _quick_start_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert commands[0].endswith("axiometrics report")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_verbatim():
    test_command = _quick_start_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in ci_lines


def test_changelog_and_contributing_cover_the_basics():
    assert (
        "## [Unreleased]" in (ROOT / "CHANGELOG.md").read_text()
        or "## [0.1.0]" in (ROOT / "CHANGELOG.md").read_text()
    )
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    assert "## How to add a measure" in contributing
    assert "## How to add a claim" in contributing


def test_the_committed_measure_reference_matches_the_registry():
    builtins = Registry()
    builtins.load_entry_points(third_party=False)
    expected = render_measure_reference(builtins)
    committed = (ROOT / "docs" / "measures.md").read_text()
    assert committed == expected, "docs/measures.md is stale: run `python -m axiometrics.docs`"


def test_the_readme_python_example_runs():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Using it from Python", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)\n```", section, flags=re.DOTALL)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert namespace["ax"].score("nmd", [0.4, 0.35, 0.25], [0.5, 0.3, 0.2]) == pytest.approx(0.075)
    assert namespace["meas"].name == "mae_macro"


def test_the_docs_generator_prints_help_instead_of_writing_a_file_named_help(tmp_path, capsys):
    from axiometrics.docs import main

    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    assert "usage: python -m axiometrics.docs" in capsys.readouterr().out
    target = tmp_path / "measures.md"
    assert main([str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("#")
