"""The report model: rounding, counterexample ids and reproduction lines that really reproduce."""

from __future__ import annotations

import contextlib
import io
import json
import math

import pytest

from axiometrics.checker import check
from axiometrics.report.model import example_id, number, refutations_model


def test_numbers_are_rounded_to_six_decimals_and_nan_becomes_none():
    assert number(1 / 3) == 0.333333
    assert number(-1e-9) == 0.0
    assert math.copysign(1.0, number(-1e-9)) == 1.0
    assert number(float("nan")) is None
    assert number(None) is None


def test_example_ids_name_measure_claim_and_variant():
    assert example_id("mae_macro", "imbalance", "") == "cx-mae_macro-imbalance-main"
    assert (
        example_id("mae_macro", "imbalance", "without preconditions")
        == "cx-mae_macro-imbalance-without-preconditions"
    )
    assert example_id("f1_macro", "symmetry", "if a & b") == "cx-f1_macro-symmetry-if-a-b"


@pytest.mark.parametrize("measure", ["mae_macro", "rnod"])
def test_each_reproduction_line_prints_the_scores_of_its_example(measure):
    report = check(measure, settings="ci", max_examples=30)
    examples = refutations_model([report], {})
    assert examples
    for x in examples:
        assert x["reproduce"].startswith("import axiometrics as ax; print(ax.score(")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(x["reproduce"], {})  # the line a reader pastes
        printed = out.getvalue().strip()
        expected = [math.nan if e["score"] is None else e["score"] for e in x["entries"]]
        got = [float(v) for v in printed.split()]
        assert got == pytest.approx(expected, abs=1e-6, nan_ok=True)
        assert x["seed"] == 0
        assert x["statement"]


def test_a_user_measure_is_reproduced_with_its_check_command():
    report = check(lambda m: float(m[0, 0]), family="oc", settings="ci", max_examples=20)
    command = "axiometrics check my.py:f --family oc"
    examples = refutations_model([report], {report.measure: command})
    assert examples
    for x in examples:
        assert x["user"] is True
        assert x["reproduce"] == f"{command} --claims {x['claim']} --profile ci --seed 0"
    json.dumps(examples)


def test_a_reproduction_line_with_an_undefined_score_runs_and_shows_the_undefined_flag():
    report = check("cosine", claims=["constant_system_discrimination"], settings="ci")
    examples = [
        x for x in refutations_model([report], {}) if any(e["score"] is None for e in x["entries"])
    ]
    assert examples, "cosine's constant-system counterexample has an undefined entry"
    for x in examples:
        assert "on_undefined" not in x["reproduce"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(x["reproduce"], {})
        assert "undefined=array(True)" in out.getvalue()


def test_scored_counterexample_inputs_are_shown_exactly_under_their_family_names():
    report = check("log_loss", ["swap_monotonicity"], settings="ci", max_examples=5)
    (example,) = refutations_model([report], {})
    texts = [t for e in example["entries"] for t in e["input_texts"]]
    assert {t["name"] for t in texts} == {"scores", "gold"}
    # The counterexample lives at the subnormal 5e-324: rounding it to 0.0 would hide it.
    assert any("5e-324" in t["text"] for t in texts if t["name"] == "scores")
    assert any(5e-324 in e["inputs"][0] for e in example["entries"])
    json.dumps(example)
