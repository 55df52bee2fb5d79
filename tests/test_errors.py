"""Every public error is defined in, and importable from, :mod:`axiometrics.errors`."""

from __future__ import annotations

import ast
from pathlib import Path

import axiometrics.errors as errors

ROOT = Path(__file__).resolve().parents[1]
#: Subclasses Hypothesis' InvalidArgument; axiometrics.errors imports the standard library only.
DEFINED_ELSEWHERE = {"StrategyArgumentError"}


def _public_exception_classes(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            bases = [ast.unparse(b) for b in node.bases]
            if any(b.endswith(("Error", "Exception", "Warning")) for b in bases):
                found.append(node.name)
    return found


def test_no_public_error_is_defined_outside_the_errors_module():
    elsewhere = {
        f"{path.relative_to(ROOT)}:{name}"
        for top in ("axiometrics", "measures")
        for path in sorted((ROOT / top).rglob("*.py"))
        if path != ROOT / "axiometrics" / "errors.py"
        for name in _public_exception_classes(path)
        if name not in DEFINED_ELSEWHERE
    }
    assert not elsewhere


def test_every_name_the_errors_module_lists_is_an_exception_or_warning_class():
    for name in errors.__all__:
        value = getattr(errors, name)
        assert isinstance(value, type), name
        assert issubclass(value, Exception), name


def test_the_errors_the_subpackages_raise_are_the_errors_module_classes():
    from axiometrics.agreement.errors import MixedLabelTypesError
    from axiometrics.checker.guard import CallTimeoutError
    from axiometrics.checker.hypothesis_internals import HypothesisInternalsError
    from axiometrics.datasets import UnknownDatasetError
    from axiometrics.meta.errors import MetaInputError, UndefinedScoreError
    from axiometrics.report.writer import ReportWriteError
    from axiometrics.stats.errors import ScoreRangeError

    assert MixedLabelTypesError is errors.MixedLabelTypesError
    assert CallTimeoutError is errors.CallTimeoutError
    assert HypothesisInternalsError is errors.HypothesisInternalsError
    assert UnknownDatasetError is errors.UnknownDatasetError
    assert MetaInputError is errors.DataFileError
    assert UndefinedScoreError is errors.UndefinedScoreError
    assert ReportWriteError is errors.ReportWriteError
    assert ScoreRangeError is errors.ScoreRangeError
