"""A third-party plugin that fails to load is skipped with one warning; built-ins keep working."""

import importlib.metadata
import os
import subprocess
import sys
import textwrap
import types
import warnings

import pytest

import axiometrics as ax
from axiometrics import PluginLoadWarning, Registry, UnknownMeasureError
from axiometrics import registry as registry_module

REAL_ENTRY_POINTS = importlib.metadata.entry_points


@pytest.fixture
def broken_plugins(monkeypatch, tmp_path):
    """Add fake third-party entry points whose module raises at import.

    Call it with ``(group, name, module_name, module_source, distribution)``
    tuples; the built-in entry points stay installed.
    """
    monkeypatch.syspath_prepend(str(tmp_path))

    def install(*specs):
        extra: dict[str, list] = {}
        for group, name, module_name, source, dist_name in specs:
            (tmp_path / f"{module_name}.py").write_text(textwrap.dedent(source))
            monkeypatch.delitem(sys.modules, module_name, raising=False)
            ep = importlib.metadata.EntryPoint(
                name=name, value=f"{module_name}:plugin", group=group
            )
            extra.setdefault(group, []).append(
                types.SimpleNamespace(
                    name=ep.name,
                    value=ep.value,
                    load=ep.load,
                    dist=types.SimpleNamespace(name=dist_name),
                )
            )

        def fake_entry_points(group):
            return list(REAL_ENTRY_POINTS(group=group)) + extra.get(group, [])

        monkeypatch.setattr(registry_module, "entry_points", fake_entry_points)

    yield install
    for name in list(sys.modules):
        if name.startswith("broken_"):
            del sys.modules[name]


RAISES_AT_IMPORT = 'raise RuntimeError("boom at import")\n'


def test_a_plugin_raising_at_import_is_skipped_with_one_warning_naming_it(broken_plugins):
    broken_plugins(
        ("axiometrics.measures", "exploding", "broken_measures", RAISES_AT_IMPORT, "acme-metrics")
    )
    reg = Registry()
    with pytest.warns(PluginLoadWarning) as caught:
        reg.load_entry_points()
    assert len(caught) == 1
    assert str(caught[0].message) == (
        "skipped the axiometrics.measures plugin exploding = broken_measures:plugin "
        "(from acme-metrics): RuntimeError: boom at import; the built-in measures still work; "
        "set AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS=1 to load the built-ins only"
    )
    assert "accuracy" in reg
    assert "nmd" in reg
    assert reg.get("accuracy")([[1, 0], [0, 1]]) == 1.0
    assert reg.failed_plugins() == {
        "exploding = broken_measures:plugin": "RuntimeError: boom at import"
    }


def test_an_unknown_measure_error_names_the_plugins_that_failed(broken_plugins):
    broken_plugins(
        ("axiometrics.measures", "exploding", "broken_measures", RAISES_AT_IMPORT, "acme-metrics")
    )
    reg = Registry()
    with pytest.warns(PluginLoadWarning):
        reg.load_entry_points()
    with pytest.raises(UnknownMeasureError) as info:
        reg.get("acmequux")
    assert str(info.value) == (
        "unknown measure name='acmequux'; run `axiometrics list` to see the registered "
        "measures; these plugins failed to load, so their measures are missing: "
        "exploding = broken_measures:plugin (RuntimeError: boom at import)"
    )
    assert info.value.failed_plugins == (
        "exploding = broken_measures:plugin (RuntimeError: boom at import)",
    )


def test_a_plugin_providing_the_wrong_object_is_skipped(broken_plugins):
    broken_plugins(
        ("axiometrics.measures", "odd", "broken_object", "plugin = [42]\n", "odd-metrics")
    )
    reg = Registry()
    with pytest.warns(
        PluginLoadWarning,
        match=r"plugin odd = broken_object:plugin \(from odd-metrics\): RegistrationError: "
        r"plugin='odd': expected MeasureDefinition items \(got int\)",
    ):
        reg.load_entry_points()
    assert "accuracy" in reg


def test_a_broken_claims_plugin_is_skipped_too(broken_plugins):
    broken_plugins(
        ("axiometrics.claims", "bad_claims", "broken_claims", RAISES_AT_IMPORT, "acme-claims")
    )
    reg = Registry()
    with pytest.warns(
        PluginLoadWarning,
        match=r"skipped the axiometrics.claims plugin bad_claims = broken_claims:plugin "
        r"\(from acme-claims\): RuntimeError: boom at import",
    ):
        reg.load_entry_points()
    assert "accuracy" in reg


def test_strict_loading_raises_the_plugins_own_error(broken_plugins):
    broken_plugins(
        ("axiometrics.measures", "exploding", "broken_measures", RAISES_AT_IMPORT, "acme-metrics")
    )
    with pytest.raises(RuntimeError, match="boom at import"):
        Registry().load_entry_points(strict=True)


def test_a_failing_builtin_plugin_is_a_bug_and_raises(broken_plugins):
    broken_plugins(
        ("axiometrics.measures", "own", "broken_builtin", RAISES_AT_IMPORT, "axiometrics")
    )
    with pytest.raises(RuntimeError, match="boom at import"):
        Registry().load_entry_points()


def test_the_default_registry_survives_a_broken_plugin_and_the_switch_silences_it(
    broken_plugins, monkeypatch
):
    broken_plugins(
        ("axiometrics.measures", "exploding", "broken_measures", RAISES_AT_IMPORT, "acme-metrics")
    )
    try:
        with pytest.warns(PluginLoadWarning, match="exploding = broken_measures:plugin"):
            ax.reset_default_registry()
        assert ax.score("accuracy", [[3, 1], [0, 4]]) == 0.875
        monkeypatch.setenv("AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS", "1")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            reg = ax.reset_default_registry()
        assert reg.failed_plugins() == {}
    finally:
        monkeypatch.undo()
        ax.reset_default_registry()


def test_import_and_scoring_work_in_a_fresh_interpreter_with_a_broken_installed_plugin(
    tmp_path,
):
    (tmp_path / "broken_installed.py").write_text("import a_module_that_does_not_exist\n")
    info = tmp_path / "broken_installed-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-installed\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[axiometrics.measures]\nbroken = broken_installed:plugin\n"
    )
    env = dict(os.environ)
    env.pop("AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    code = "import axiometrics as ax; print(ax.score('accuracy', [[3, 1], [0, 4]]))"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "0.875\n"
    warning_lines = [line for line in done.stderr.splitlines() if "PluginLoadWarning" in line]
    assert len(warning_lines) == 1
    assert (
        "skipped the axiometrics.measures plugin broken = broken_installed:plugin (from "
        "broken-installed): ModuleNotFoundError: No module named 'a_module_that_does_not_exist'"
    ) in warning_lines[0]
    assert "AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS=1" in warning_lines[0]
    assert "Traceback" not in done.stderr
