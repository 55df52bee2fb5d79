"""A claim whose check raises gets an error verdict; the other claims, and the run, go on."""

from __future__ import annotations

import dataclasses

import pytest

from axiometrics.checker import check
from axiometrics.checker.verdicts import CHECK_RAISED, Outcome, raised_text
from axiometrics.errors import UnknownClaimError
from axiometrics.measures.generation import procedures


def _broken_symmetry(monkeypatch):
    def cases(request):
        raise TypeError("a broken generator")

    broken = dataclasses.replace(procedures.SYMMETRY, cases=cases, enumerate=None)
    monkeypatch.setattr(procedures, "SYMMETRY", broken)


def test_a_claim_whose_generator_raises_gets_an_error_verdict_and_the_others_run(monkeypatch):
    _broken_symmetry(monkeypatch)
    report = check("wer", claims=["symmetry", "item_order_invariance"])
    symmetry, order = report.results
    assert symmetry.verdict.outcome is Outcome.ERROR
    assert symmetry.verdict.reason.startswith(f"{CHECK_RAISED} TypeError: a broken generator at ")
    assert "test_check_raised.py" in symmetry.verdict.reason
    assert symmetry.verdict.summary().startswith("error: the check itself raised TypeError")
    assert order.verdict.outcome is Outcome.NOT_REFUTED


def test_a_claim_declared_to_hold_whose_check_raises_is_a_mismatch_naming_the_check(monkeypatch):
    _broken_symmetry(monkeypatch)
    (result,) = check("rouge_l", claims=["symmetry"]).results
    assert result.declared.status == "holds"
    assert result.mismatch is not None
    assert "but the check itself raised TypeError" in result.mismatch.message


def test_a_usage_error_still_stops_the_check():
    with pytest.raises(UnknownClaimError):
        check("wer", claims=["symmetry"], preconditions={"symmetry": ["no_such_condition"]})


def test_an_error_of_the_measure_keeps_its_wording():
    assert raised_text("ZeroDivisionError: division by zero") == (
        "the measure raised (ZeroDivisionError: division by zero)"
    )
    assert raised_text("ValueError: x", sep=": ") == "the measure raised: ValueError: x"
    assert raised_text(f"{CHECK_RAISED} TypeError: y") == f"{CHECK_RAISED} TypeError: y"


def test_the_line_that_raised_reads_the_same_from_any_working_directory(monkeypatch, tmp_path):
    _broken_symmetry(monkeypatch)
    reasons = set()
    for directory in (tmp_path, "/"):
        monkeypatch.chdir(directory)
        (result,) = check("wer", claims=["symmetry"]).results
        reasons.add(result.verdict.reason)
    (reason,) = reasons
    assert reason.endswith(f"test_check_raised.py:{_broken_symmetry.__code__.co_firstlineno + 2}")
