"""``axiometrics check FILE:CALLABLE --family regression``: a user's regression metric checked."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

import axiometrics as ax
from axiometrics.cli import main

USER_METRICS = textwrap.dedent(
    """
    import numpy as np

    from axiometrics.errors import UndefinedMeasureError


    def _finite(value):
        if not np.isfinite(value):
            raise UndefinedMeasureError("the squared error overflows float64")
        return float(value)


    def mse(y_true, y_pred):
        with np.errstate(over="ignore", invalid="ignore"):
            return _finite(np.mean((y_true - y_pred) ** 2))


    def weighted_mse(y_true, y_pred, sample_weight):
        with np.errstate(over="ignore", invalid="ignore"):
            return _finite(np.average((y_true - y_pred) ** 2, weights=sample_weight))


    def mean_signed_error(y_true, y_pred):
        with np.errstate(over="ignore", invalid="ignore"):
            return _finite(np.mean(y_pred - y_true))
    """
)

#: Few random cases: the bounded pass (every small input) decides these claims.
FAST = ["--no-variants", "--max-examples", "20", "--quiet"]


@pytest.fixture
def user_file(tmp_path: Path) -> Path:
    path = tmp_path / "user_metrics.py"
    path.write_text(USER_METRICS)
    return path


def _outcomes(out: str) -> dict[str, str]:
    payload = json.loads(out)
    assert payload["family"] == "regression"
    return {row["claim"]: row["outcome"] for row in payload["verdicts"]}


def test_a_numpy_mse_holds_symmetry_translation_and_scale_homogeneity_of_degree_two(
    user_file, capsys
):
    status = main(
        [
            "check",
            f"{user_file}:mse",
            "--family",
            "regression",
            "--lower-is-better",
            "--claims",
            "symmetry,translation_invariance,scale_homogeneity",
            "--expect",
            "symmetry=holds,translation_invariance=holds,scale_homogeneity=holds if degree_2",
            "--format",
            "json",
            *FAST,
        ]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert _outcomes(out) == {
        "symmetry": "not_refuted",
        "translation_invariance": "not_refuted",
        "scale_homogeneity": "not_refuted",
    }
    assert json.loads(out)["failed"] is False


def test_the_wrong_degree_is_refuted_with_the_factor_and_both_scores_and_exit_status_1(
    user_file, capsys
):
    status = main(
        [
            "check",
            f"{user_file}:mse",
            "--family",
            "regression",
            "--lower-is-better",
            "--claims",
            "scale_homogeneity",
            "--expect",
            "scale_homogeneity=holds if degree_1",
            *FAST,
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "scale_homogeneity: refuted if degree_1 (smallest counterexample" in out
    assert "degree: 1" in out
    assert re.search(r"\(k y, k p\): y_true \[.*\], y_pred \[.*\]", out), out
    assert "k^1 Eff(y, p)" in out


def test_a_metric_that_is_not_symmetric_is_refuted_with_its_counterexample_printed(
    user_file, capsys
):
    status = main(
        [
            "check",
            f"{user_file}:mean_signed_error",
            "--family",
            "regression",
            "--claims",
            "symmetry",
            "--expect",
            "symmetry=holds",
            *FAST,
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "symmetry: refuted (smallest counterexample, N = 1" in out
    # One item: swapping y and p flips the sign of mean(p - y).
    given = re.search(r"\(y, p\): y_true \[(\S+)\], y_pred \[(\S+)\].* -> (\S+)", out)
    swapped = re.search(r"\(p, y\): y_true \[(\S+)\], y_pred \[(\S+)\].* -> (\S+)", out)
    assert given, out
    assert swapped, out
    assert given.group(1, 2) == swapped.group(2, 1)
    assert float(given.group(3)) == -float(swapped.group(3)) != 0.0
    assert "MISMATCH" in out


def test_a_weighted_callable_is_checked_on_weights_through_its_signature(user_file, capsys):
    status = main(
        [
            "check",
            f"{user_file}:weighted_mse",
            "--family",
            "regression",
            "--signature",
            "y_true,y_pred,sample_weight",
            "--lower-is-better",
            "--claims",
            "weight_semantics",
            "--expect",
            "weight_semantics=holds",
            "--format",
            "json",
            *FAST,
        ]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert _outcomes(out) == {"weight_semantics": "not_refuted"}


def test_a_signature_of_another_family_is_a_usage_error_naming_the_regression_ones(
    user_file, capsys
):
    status = main(
        ["check", f"{user_file}:mse", "--family", "regression", "--signature", "gold,system"]
    )
    err = capsys.readouterr().err
    assert status == 2
    assert "y_true,y_pred" in err
    assert "y_true,y_pred,sample_weight" in err


def test_a_reference_check_skips_the_weighted_cases_an_unweighted_signature_cannot_take():
    from axiometrics.checker.check import subject_for
    from axiometrics.checker.profiles import resolve_profile
    from axiometrics.checker.reference import check_reference
    from axiometrics.checker.verdicts import Outcome
    from axiometrics.testing import callable_measure

    def max_error(y_true, y_pred):  # the built-in itself, behind the unweighted signature
        return ax.score("max_error", y_true, y_pred)

    spec = callable_measure(
        max_error, family="regression", higher_is_better=False, reference="max_error"
    )
    verdict = check_reference(
        subject_for(spec), "max_error", profile=resolve_profile("ci"), seed_value=0
    )
    assert verdict.outcome is Outcome.NOT_REFUTED, verdict.summary()
    assert verdict.n_cases >= 50
