"""``axiometrics check MODULE:CALLABLE`` for the nominal and scored families."""

from __future__ import annotations

import json

import pytest

from axiometrics.cli import main


def _verdicts(out: str) -> dict[str, str]:
    payload = json.loads(out)
    return {row["claim"]: row["outcome"] for row in payload["verdicts"] if row["variant"] == "main"}


def test_roc_auc_score_is_checked_as_a_scored_callable(capsys):
    status = main(
        [
            "check",
            "sklearn.metrics:roc_auc_score",
            "--family",
            "scored",
            "--claims",
            "monotone_transform_invariance,item_order_invariance,prevalence_invariance",
            "--no-variants",
            "--bound",
            "100",
            "--format",
            "json",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    payload = json.loads(out)
    assert payload["family"] == "scored"
    assert set(_verdicts(out).values()) == {"not_refuted"}


def test_an_expected_prevalence_invariance_of_average_precision_fails_with_the_repeated_positives(
    capsys,
):
    status = main(
        [
            "check",
            "sklearn.metrics:average_precision_score",
            "--family",
            "Scored",
            "--claims",
            "prevalence_invariance",
            "--expect",
            "prevalence_invariance=holds",
            "--no-variants",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "MISMATCH" in out
    assert "positives x" in out
    assert "scores [" in out
    assert "gold [" in out
    assert "class values" not in out


@pytest.mark.slow
def test_macro_f1_score_is_checked_as_a_nominal_label_vector_callable(capsys):
    status = main(
        [
            "check",
            "sklearn.metrics:f1_score",
            "--family",
            "nominal",
            "--signature",
            "gold,system",
            "--param",
            "average=macro",
            "--param",
            "zero_division=0.0",
            "--claims",
            "class_permutation_invariance,prevalence_invariance",
            "--no-variants",
            "--bound",
            "100",
            "--format",
            "json",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert _verdicts(out) == {
        "class_permutation_invariance": "not_refuted",
        "prevalence_invariance": "refuted",
    }


def test_an_unknown_family_is_a_usage_error_suggesting_the_nearest(capsys):
    status = main(["check", "sklearn.metrics:roc_auc_score", "--family", "scord"])
    err = capsys.readouterr().err
    assert status == 2
    assert "--family" in err
    assert "did you mean 'scored'" in err


def test_a_signature_of_another_family_is_a_usage_error_suggesting_the_nearest(capsys):
    status = main(
        [
            "check",
            "sklearn.metrics:roc_auc_score",
            "--family",
            "scored",
            "--signature",
            "gold,system",
        ]
    )
    err = capsys.readouterr().err
    assert status == 2
    assert "gold,scores, scores,gold" in err
    assert "did you mean 'gold,scores'" in err


def test_the_family_of_a_callable_is_still_required(capsys):
    status = main(["check", "sklearn.metrics:roc_auc_score"])
    err = capsys.readouterr().err
    assert status == 2
    assert "--family is required" in err
    assert "scored" in err
    assert "nominal" in err
