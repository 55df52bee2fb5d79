"""Start-up stays light: what ``import axiometrics``, the pytest plugin and ``--help`` import.

These tests look at ``sys.modules`` in a fresh interpreter; they time nothing
(``benchmarks/run.py`` measures the start-up, side by side with numpy).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import axiometrics
from axiometrics.cli import COMMANDS

HEAVY = ("numpy", "pandas", "hypothesis", "jinja2", "matplotlib", "scipy")


def modules_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return set(loaded)


def top_level(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}


def test_import_axiometrics_loads_no_numpy_pandas_hypothesis_jinja2_or_matplotlib():
    loaded = modules_after("import axiometrics")
    assert top_level(loaded).isdisjoint(HEAVY)
    assert {m for m in loaded if m.startswith("axiometrics.")} == {"axiometrics.errors"}


def test_the_pytest_plugin_module_loads_nothing_heavy():
    loaded = modules_after("import pytest\nimport axiometrics.pytest_plugin")
    assert top_level(loaded).isdisjoint(HEAVY)
    assert "secrets" not in loaded


def test_the_first_score_loads_the_data_model_but_not_pandas_or_hypothesis():
    loaded = modules_after("import axiometrics as ax\nax.score('accuracy', [[3, 1], [0, 4]])")
    assert "numpy" in loaded
    assert "axiometrics.registry" in loaded
    assert top_level(loaded).isdisjoint({"pandas", "hypothesis", "jinja2", "matplotlib"})


def test_axiometrics_help_imports_no_command_module():
    loaded = modules_after(
        "import contextlib, io\n"
        "from axiometrics.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['--help']) == 0"
    )
    assert not {command.module for command in COMMANDS} & loaded
    assert top_level(loaded).isdisjoint(HEAVY)


def test_a_command_imports_its_own_module_only():
    loaded = modules_after(
        "import contextlib, io\n"
        "from axiometrics.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['list', '--help']) == 0"
    )
    assert {command.module for command in COMMANDS} & loaded == {"axiometrics.cli.list_command"}


@pytest.mark.parametrize("name", sorted(axiometrics.__all__))
def test_every_public_name_of_the_package_resolves(name):
    assert getattr(axiometrics, name) is not None
    assert name in dir(axiometrics)


def test_a_lazy_name_is_the_object_of_its_defining_module():
    from axiometrics.checker import check
    from axiometrics.confusion import ConfusionMatrices
    from axiometrics.registry import default_registry

    assert axiometrics.ConfusionMatrices is ConfusionMatrices
    assert axiometrics.check is check
    assert axiometrics.default_registry is default_registry


def test_an_unknown_package_attribute_is_an_attribute_error_naming_it():
    with pytest.raises(AttributeError, match="no attribute 'scroe'"):
        axiometrics.scroe  # noqa: B018 - the attribute access is what is tested
