"""The plugin, callable_measure and the CLI share one MeasureSpec, one loader and a session leaf."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

import axiometrics
from axiometrics import check_session, pytest_plugin, testing
from axiometrics.checker import MeasureSpec, Tolerance
from axiometrics.checker.spec import pyproject_keys
from axiometrics.errors import InputTypeError, InvalidParameterError
from axiometrics.loading import load_callable

PACKAGE = Path(axiometrics.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def test_testing_and_the_plugin_share_a_leaf_instead_of_importing_each_other():
    testing_imports = _imports(PACKAGE / "testing.py")
    assert not any(m.startswith("axiometrics.pytest_plugin") for m in testing_imports)
    assert "axiometrics.check_session" in testing_imports
    assert "axiometrics.check_session" in _imports(PACKAGE / "pytest_plugin.py")
    leaf = _imports(PACKAGE / "check_session.py")
    assert {m for m in leaf if m.startswith("axiometrics")} == set()


def test_the_session_settings_are_one_state_read_by_both_modules():
    assert pytest_plugin.current_settings is check_session.current_settings
    assert testing.current_settings is check_session.current_settings
    previous = check_session.configure(check_session.SessionSettings("dev", 11, None))
    try:
        assert pytest_plugin.current_settings() == ("dev", 11, None)
    finally:
        check_session.configure(previous)


def test_one_load_callable_serves_the_cli_the_report_and_the_plugin():
    definitions = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") == "load_callable":
                definitions.append(path.relative_to(PACKAGE).as_posix())
    assert definitions == ["loading.py"]
    for user in ("cli/check_command.py", "report/user_measures.py", "pytest_plugin.py"):
        assert "axiometrics.loading.load_callable" in _imports(PACKAGE / user), user


def test_load_callable_reads_files_and_modules_and_prefixes_its_messages(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("def gap(gold, system):\n    return 0.0\n\nVALUE = 3\n", encoding="utf-8")
    assert load_callable(f"{path}:gap").__name__ == "gap"
    assert load_callable("numpy:mean").__name__ == "mean"
    with pytest.raises(InvalidParameterError, match=r"^'numpy:meen': 'numpy' has no attribute"):
        load_callable("numpy:meen", prefix="'numpy:meen': ")
    with pytest.raises(InvalidParameterError, match=r"is a int, not a callable measure"):
        load_callable(f"{path}:VALUE")


def test_the_plugins_keys_are_the_specs_fields():
    assert pytest_plugin.REGISTERED_KEYS == ("name", "claims", "dtype", "tolerance")
    assert set(pytest_plugin.REGISTERED_KEYS) <= set(pyproject_keys())
    table = {"measures": [{"callable": "numpy:mean", "family": "oc", "colour": 1}]}
    _, problems = pytest_plugin.parse_table(table)
    assert problems[0][0] == "tool.axiometrics.measures[0].colour"
    assert str(list(pyproject_keys())) in problems[0][1]


MODULE = textwrap.dedent(
    """
    import numpy as np


    def distance_error(gold, system):
        return float(np.mean(np.abs(np.asarray(gold) - np.asarray(system))))
    """
)


@pytest.fixture
def measures_module(tmp_path, monkeypatch):
    (tmp_path / "spec_measures_mod.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "spec_measures_mod:distance_error"


def test_a_pyproject_entry_becomes_the_spec_callable_measure_builds(measures_module):
    entry = {
        "callable": measures_module,
        "family": "oc",
        "signature": "gold,system",
        "higher_is_better": False,
        "range": [0, 4],
        "call_timeout": 2.5,
        "tolerance": {"atol": 1e-9, "rtol": 1e-7},
        "claims": ["symmetry"],
    }
    (spec,), problems = pytest_plugin.parse_table({"measures": [entry]})
    assert problems == []
    func = load_callable(measures_module)
    assert spec == testing.callable_measure(
        func,
        family="oc",
        signature="gold,system",
        higher_is_better=False,
        score_range=(0, 4),
        call_timeout=2.5,
        tolerance=Tolerance(atol=1e-9, rtol=1e-7),
        claims=["symmetry"],
    )
    assert isinstance(spec, MeasureSpec)
    assert testing.CallableMeasure is MeasureSpec


def test_a_registered_entry_takes_claims_and_a_tolerance_only():
    (spec,), problems = pytest_plugin.parse_table(
        {"measures": [{"name": "accuracy", "claims": ["symmetry"], "tolerance": {"atol": 0.0}}]}
    )
    assert problems == []
    assert spec == MeasureSpec("accuracy", claims=("symmetry",), tolerance=Tolerance(atol=0.0))
    found, problems = pytest_plugin.parse_table(
        {"measures": [{"name": "accuracy", "optimum": 1.0}]}
    )
    assert found == []
    assert problems[0][0] == "tool.axiometrics.measures[0].optimum"


def test_a_bad_tolerance_names_its_key(measures_module):
    entry = {"callable": measures_module, "family": "oc", "tolerance": {"atol": -1.0}}
    _, problems = pytest_plugin.parse_table({"measures": [entry]})
    assert problems == [
        ("tool.axiometrics.measures[0].tolerance", "atol=-1.0: expected a finite number >= 0")
    ]


def test_callable_measure_keeps_its_own_message_for_a_non_callable():
    with pytest.raises(InputTypeError, match=r"^func=3 must be callable$"):
        testing.callable_measure(3, family="oc")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"dtype": "float23"}, "dtype='float23': expected one of float64, float32, float16, "
         "bfloat16; did you mean 'float32', 'float64', 'float16'?"),
        ({"dtype": 32}, '32: expected a string such as "float32"'),
        ({"dtype": "float32", "tolerance": {"atol": 1e-6}}, "'float32' beside tolerance: give one (a dtype "
         "stands for its tolerance)"),
    ],
)  # fmt: skip
def test_a_bad_dtype_names_its_key(measures_module, extra, message):
    entry = {"callable": measures_module, "family": "oc", **extra}
    _, problems = pytest_plugin.parse_table({"measures": [entry]})
    assert problems == [("tool.axiometrics.measures[0].dtype", message)]
    registered = {"name": "accuracy", **extra}
    _, problems = pytest_plugin.parse_table({"measures": [registered]})
    assert problems == [("tool.axiometrics.measures[0].dtype", message)]


def test_a_declared_dtype_reaches_the_spec(measures_module):
    entry = {"callable": measures_module, "family": "oc", "signature": "gold,system"}
    entry["dtype"] = "float32"
    (spec,), problems = pytest_plugin.parse_table({"measures": [entry]})
    assert problems == []
    assert spec.declared_tolerance.origin == "float32, declared"
    (registered,), _ = pytest_plugin.parse_table(
        {"measures": [{"name": "mcc", "dtype": "float16"}]}
    )
    assert registered.declared_tolerance.rtol == 4e-3


def _hits(gold, system):
    return 1.0


@pytest.mark.parametrize(
    ("reference", "problem"),
    [
        ("acuracy", "unknown measure name='acuracy'; did you mean 'accuracy'"),
        ("rnod", "reference='rnod' is a oq measure, not 'nominal'"),
    ],
)
def test_callable_measure_keeps_a_bad_reference_for_its_item_while_the_spec_refuses_it(
    reference, problem
):
    from axiometrics.checker.spec import UnresolvedReference

    spec = testing.callable_measure(
        _hits, family="nominal", signature="gold,system", reference=reference
    )
    assert isinstance(spec.reference, UnresolvedReference)
    assert spec.reference.name == reference
    assert spec.reference.problem.startswith(problem)
    ids = [item_id for item_id, *_ in testing.claim_checks([spec])]
    assert ids[-1] == "_hits[reference]"
    with pytest.raises(InvalidParameterError if reference == "rnod" else KeyError, match=problem):
        MeasureSpec(_hits, family="nominal", signature="gold,system", reference=reference)


def test_callable_measure_keeps_a_good_reference_and_still_refuses_other_bad_options():
    spec = testing.callable_measure(
        _hits, family="nominal", signature="gold,system", reference="accuracy"
    )
    assert spec.reference == "accuracy"
    with pytest.raises(InvalidParameterError, match="signature"):
        testing.callable_measure(_hits, family="nominal", signature="gold,sys", reference="x")
