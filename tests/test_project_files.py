import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
import yaml

from axiometrics import Registry
from axiometrics.docs import render_measure_reference

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


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


def _python_blocks(path):
    return re.findall(r"```python\n(.*?)\n```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


@pytest.mark.parametrize(
    "page", ["tutorial.md", "families/oc.md", "families/oq.md", "families/language_model.md"]
)
def test_the_python_examples_of_the_walkthrough_pages_run(page):
    blocks = _python_blocks(ROOT / "docs" / page)
    assert blocks
    for code in blocks:
        namespace: dict = {}
        exec(compile(code, page, "exec"), namespace)
        assert "ax" in namespace


def test_the_tutorial_example_gives_the_numbers_it_states():
    namespace: dict = {}
    exec(
        compile(_python_blocks(ROOT / "docs" / "tutorial.md")[0], "tutorial.md", "exec"), namespace
    )
    ax = namespace["ax"]
    assert ax.score("roc_auc", [0.9, 0.8, 0.8, 0.3], [1, 0, 1, 0]) == pytest.approx(0.875)
    assert ax.get_measure("accuracy").families == ("oc", "nominal")


_LINK = re.compile(r"\[[^\]]*\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _relative_links(path):
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [t for t in _LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("name", ["README.md", "CONTRIBUTING.md"])
def test_the_front_pages_link_only_to_files_that_exist(name):
    missing = [t for t in _relative_links(ROOT / name) if not (ROOT / t).exists()]
    assert not missing, f"{name} links to missing files: {missing}"


def test_the_readme_stays_a_front_page():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 170


def test_the_docs_index_links_every_page():
    docs = ROOT / "docs"
    linked = {(docs / t).resolve() for t in _relative_links(docs / "index.md")}
    pages = {p.resolve() for p in docs.rglob("*.md")} - {(docs / "index.md").resolve()}
    unlinked = sorted(str(p.relative_to(docs.resolve())) for p in pages - linked)
    assert not unlinked, f"docs/index.md does not link {unlinked}"
    for heading in ("## Tutorial", "## How-to guides", "## Reference", "## Explanation"):
        assert heading in (docs / "index.md").read_text(encoding="utf-8")


_VERDICT_COLUMNS = {
    "oc": {
        "inv": "ordinal_invariance",
        "mono": "ordinal_monotonicity",
        "imb": "imbalance",
        "sym": "symmetry",
        "const": "constant_system_discrimination",
        "ident": "identity",
        "w-def": "well_defined",
        "scale": "count_scale_invariance",
    },
    "oq": {
        "inv": "ordinal_invariance",
        "sym": "symmetry",
        "prio-pres": "priority_preservation",
        "prio-viol": "priority_violation",
        "point-mass": "point_mass_monotonicity",
        "transfer": "mass_transfer_monotonicity",
        "ident": "identity",
        "w-def": "well_defined",
    },
}
_PROPERTY_TABLE_SECTIONS = {
    "oc": "## Ordinal classification (OC)",
    "oq": "## Ordinal quantification (OQ)",
}


def _table_rows(text):
    rows = [line for line in text.splitlines() if line.startswith("|")]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    return cells[0], cells[2:]


def _main_mark(cell):
    # The family pages show the verdict; the table's ᵉ (backed by the bounded pass) is not repeated.
    verdict = cell.split(" · ")[0].replace("ᵉ", "").strip()
    if verdict.startswith("✓ if"):
        return "✓ᵖ"
    return verdict.split(" ")[0]


@pytest.mark.parametrize("family", ["oc", "oq"])
def test_the_family_pages_verdicts_match_the_committed_property_table(family):
    committed = (ROOT / "reports" / "property-table.md").read_text(encoding="utf-8")
    section = committed.split(_PROPERTY_TABLE_SECTIONS[family], 1)[1].split("\n## ", 1)[0]
    header, rows = _table_rows(section)
    expected = {}
    for row in rows:
        name = re.search(r"\(`([^`]+)`\)", row[0]).group(1)
        for claim, cell in zip(header[1:], row[1:], strict=True):
            expected[name, claim] = _main_mark(cell)
    page = (ROOT / "docs" / "families" / f"{family}.md").read_text(encoding="utf-8")
    header, rows = _table_rows(page.split("## Verdicts", 1)[1].split("\n## ", 1)[0])
    claims = [_VERDICT_COLUMNS[family][h] for h in header[1:]]
    shown = {
        (row[0].strip("`"), claim): cell
        for row in rows
        for claim, cell in zip(claims, row[1:], strict=True)
    }
    assert shown == expected


def _pyproject_pin(name):
    for requirement in PYPROJECT["project"]["optional-dependencies"]["test"]:
        if re.fullmatch(rf"{re.escape(name)}==[\w.]+", requirement):
            return requirement.split("==", 1)[1]
    raise AssertionError(f"{name} is not pinned with == in the test extra")


def test_the_license_file_is_the_license_pyproject_declares():
    assert PYPROJECT["project"]["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 axiometrics developers" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_the_package_is_marked_typed_and_ships_the_marker():
    assert (ROOT / "axiometrics" / "py.typed").read_text(encoding="utf-8") == ""
    package_data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data.get("axiometrics", [])


def test_the_citation_file_agrees_with_pyproject():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    project = PYPROJECT["project"]
    assert citation["cff-version"] == "1.2.0"
    assert citation["title"] == project["name"]
    assert citation["version"] == project["version"]
    assert citation["license"] == project["license"]
    assert [a["name"] for a in citation["authors"]] == [a["name"] for a in project["authors"]]
    assert citation["message"]
    assert citation["abstract"]


def test_pre_commit_runs_the_suites_ruff_and_mypy_at_the_pinned_versions():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    assert all(repo["repo"] == "local" for repo in config["repos"])
    assert {h["language"] for h in hooks.values()} == {"system"}
    # The commands of tests/test_code_quality.py, on the active environment's tools.
    assert hooks["ruff-check"]["entry"].startswith("python -m ruff check")
    assert hooks["ruff-format"]["entry"].startswith("python -m ruff format --check")
    assert hooks["mypy"]["entry"] == "python -m mypy"
    assert hooks["mypy"]["pass_filenames"] is False
    for tool, ids in (("ruff", ("ruff-check", "ruff-format")), ("mypy", ("mypy",))):
        pin = _pyproject_pin(tool)
        assert metadata.version(tool) == pin, f"installed {tool} is not the pinned {pin}"
        for hook_id in ids:
            assert hooks[hook_id]["name"].startswith(f"{tool} {pin}")
