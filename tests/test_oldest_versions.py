"""The declared minimum versions are true: a representative subset runs on the oldest ones.

``pyproject.toml`` declares a lower bound for every run-time dependency
(``numpy>=1.24.1``, ``pandas>=2.0``, ...).  The slow test builds a fresh virtual
environment with, for each of them, the oldest release that satisfies the
bound and has a wheel for the Python running the suite, installs a copy of the
project into it without dependencies, and runs there: scoring, the CLI's CSV
output, one property-table family, one meta-evaluation, the report's charts,
the pytest plugin and the module that reaches into Hypothesis' internals.  It
needs the package index, reached through pip's own configuration.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from axiometrics.checker.hypothesis_internals import MIN_HYPOTHESIS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
#: The subset run on the oldest versions (paths relative to the repository).
SUBSET = (
    "tests/test_scoring.py",
    "tests/cli/test_output.py::test_csv_keeps_full_precision_and_leaves_undefined_cells_empty",
    "tests/property_table/test_comparison.py::test_accuracy_and_nmd_reproduce_their_published_verdicts",
    "tests/property_table/test_render.py::test_csv_has_one_row_per_verdict_with_the_literature",
    "tests/meta/test_evaluate.py",
    "tests/report/test_render.py::test_charts_are_byte_identical_across_renderings_and_carry_no_date",
    *(
        f"tests/testing/test_pytest_plugin.py::{name}"
        for name in (
            "test_a_refuted_expectation_fails_with_the_counterexample_and_a_reproduction_line",
            "test_an_expected_violation_that_is_found_is_a_strict_xfail",
            "test_registered_measures_use_their_declarations_as_expectations",
            "test_measures_declared_in_pyproject_are_collected_by_a_plain_pytest_run",
            "test_the_seed_option_reaches_the_checks_and_the_header",
        )
    ),
    "tests/checker/test_hypothesis_internals.py",
)
#: What the project's build needs from the repository.
PROJECT_FILES = ("pyproject.toml", "README.md")
PROJECT_DIRS = ("axiometrics", "measures", "tests")
#: Minutes a pip or pytest step may take before the test gives up on it.
STEP_TIMEOUT = 15 * 60


def lower_bounds(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, str]:
    """Each run-time dependency that applies to this Python, with its declared lower bound."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    bounds = {}
    for text in project["dependencies"]:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        specifiers = list(requirement.specifier)
        assert [s.operator for s in specifiers] == [">="], f"{text!r}: expected one '>=' bound"
        bounds[canonicalize_name(requirement.name)] = specifiers[0].version
    return bounds


def _run(command, **kwargs):
    return subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT,
        **kwargs,
    )


def _checked(command, **kwargs):
    done = _run(command, **kwargs)
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _releases(python: Path, name: str, bound: str) -> list[Version]:
    """The final releases of ``name`` at or above ``bound`` on the index, oldest first."""
    listed = _checked([python, "-m", "pip", "index", "versions", name]).stdout
    match = re.search(r"^Available versions: (.+)$", listed, flags=re.MULTILINE)
    assert match, listed
    versions = map(Version, match.group(1).split(", "))
    return sorted(v for v in versions if not v.is_prerelease and v >= Version(bound))


def _download_wheel(python: Path, name: str, release: Version, wheels: Path) -> bool:
    """Whether ``name==release`` has a wheel for ``python`` (downloaded into ``wheels``)."""
    download = [python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    return _run([*download, "-d", wheels, f"{name}=={release}"]).returncode == 0


def _oldest_with_a_wheel(python: Path, name: str, bound: str, wheels: Path) -> str:
    """The oldest release of ``name`` at or above ``bound`` with a wheel for ``python``."""
    for release in _releases(python, name, bound):
        if _download_wheel(python, name, release, wheels):
            return str(release)
    raise AssertionError(f"no release of {name}>={bound} has a wheel for this Python")


def _clean_environment(venv: Path) -> dict[str, str]:
    """This process's environment without its virtual environment and pytest state."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP"}
        and not key.startswith(("PYTEST_", "COV_"))
    }
    env["PATH"] = os.pathsep.join([str(venv / _bin()), env.get("PATH", "")])
    env["HYPOTHESIS_PROFILE"] = "ci"
    return env


def _bin() -> str:
    return "Scripts" if os.name == "nt" else "bin"


def test_every_run_time_dependency_declares_one_lower_bound():
    expected = {
        "numpy": "1.24.1",
        "pandas": "2.0",
        "hypothesis": "6.131.9",
        "pytest": "8.0",
        "jinja2": "3.1",
        "tqdm": "4.66",
        "matplotlib": "3.10.7",
        "scipy": "1.11.1",
        "joblib": "1.3",
    }
    if sys.version_info < (3, 11):
        expected["tomli"] = "2"
    assert lower_bounds() == expected
    # The checker's Hypothesis internals are those of the declared minimum on.
    assert lower_bounds()["hypothesis"] == MIN_HYPOTHESIS


def test_a_dependency_without_a_lower_bound_is_reported(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    for requirement in ("numpy", "numpy<3", "numpy>=1.24,<3"):
        pyproject.write_text(f'[project]\ndependencies = ["{requirement}"]\n', encoding="utf-8")
        with pytest.raises(AssertionError) as info:
            lower_bounds(pyproject)
        assert str(info.value).startswith(f"{requirement!r}: expected one '>=' bound")


@pytest.mark.slow(seconds=30)
@pytest.mark.network
def test_the_subset_passes_on_the_oldest_declared_run_time_dependencies(tmp_path):
    venv = tmp_path / "venv"
    _checked([sys.executable, "-m", "venv", venv])
    python = venv / _bin() / "python"
    env = _clean_environment(venv)
    pins = lower_bounds()
    install = [python, "-m", "pip", "install", "--no-compile", "--only-binary=:all:"]
    if _run([*install, *(f"{n}=={v}" for n, v in pins.items())], env=env).returncode:
        # A Python newer than some lower bound has no wheel of it: take, for
        # each dependency, the oldest release at or above its bound that has one.
        wheels = tmp_path / "wheels"
        pins = {name: _oldest_with_a_wheel(python, name, v, wheels) for name, v in pins.items()}
        _checked(
            [*install, "--find-links", wheels, *(f"{n}=={v}" for n, v in pins.items())], env=env
        )
    # A copy of the project, so that building it writes nothing into the repository.
    project = tmp_path / "project"
    for name in PROJECT_DIRS:
        ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", ".pytest_cache")
        shutil.copytree(ROOT / name, project / name, ignore=ignore)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, project / name)
    _checked([python, "-m", "pip", "install", "--no-compile", "--no-deps", "-e", project], env=env)
    report = (
        "import json, importlib.metadata as m; print(json.dumps({n: m.version(n) for n in %r}))"
    )
    installed = _checked([python, "-c", report % sorted(pins)], env=env).stdout
    assert {canonicalize_name(n): Version(v) for n, v in json.loads(installed).items()} == {
        name: Version(release) for name, release in pins.items()
    }
    addopts = "addopts=--strict-markers --import-mode=importlib -ra"
    pytest_command = [python, "-m", "pytest", "-p", "no:cacheprovider", "-o", addopts, "-q"]
    done = _run([*pytest_command, *SUBSET], cwd=project, env=env)
    assert done.returncode == 0, f"oldest versions {pins}:\n{done.stdout[-6000:]}\n{done.stderr}"
    summary = done.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed in [\d.]+s( \(\S+\))?", summary), summary


@pytest.mark.slow
@pytest.mark.network
def test_on_a_python_newer_than_a_bound_the_oldest_release_with_a_wheel_is_taken(tmp_path):
    # A numpy series released a few months before this Python, hence without its wheels.
    bound = {(3, 10): "1.21", (3, 11): "1.23", (3, 12): "1.25", (3, 13): "2.0"}.get(
        sys.version_info[:2], "1.21"
    )
    python = Path(sys.executable)
    chosen = Version(_oldest_with_a_wheel(python, "numpy", bound, tmp_path))
    (wheel,) = tmp_path.iterdir()
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"numpy-{chosen}-{tag}-{tag}")
    releases = _releases(python, "numpy", bound)
    assert releases.index(chosen) > 0
    earlier = releases[releases.index(chosen) - 1]
    assert not _download_wheel(python, "numpy", earlier, tmp_path / "earlier")
    if sys.version_info[:2] == (3, 11):
        assert (earlier, chosen) == (Version("1.23.1"), Version("1.23.2"))
