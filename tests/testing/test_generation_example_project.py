"""The generation example project: sacreBLEU's, jiwer's and rouge-score's metrics, true verdicts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import axiometrics as ax

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "generation-metrics"
TESTS = "tests/test_generation_claims.py::test_claims"

#: item -> (built-in measure, claim) for every claim item whose function computes what the
#: built-in computes (the adapters make sacreBLEU's and jiwer's 0/0 fallbacks undefined, as
#: the built-ins do).  The deliberately wrong range of the unadapted jiwer.wer is not one.
EQUIVALENTS = {
    "pyproject.toml::corpus_bleu[segment_aggregation]": ("bleu", "segment_aggregation"),
    "pyproject.toml::corpus_bleu[reference_addition_monotonicity]": (
        "bleu",
        "reference_addition_monotonicity",
    ),
    "pyproject.toml::corpus_bleu[block_order_invariance]": ("bleu", "block_order_invariance"),
    "pyproject.toml::corpus_chrf[symmetry]": ("chrf", "symmetry"),
    "pyproject.toml::corpus_chrf_plus_plus[edit_monotonicity]": (
        "chrf_plus_plus",
        "edit_monotonicity",
    ),
    "pyproject.toml::corpus_ter[symmetry]": ("ter", "symmetry"),
    "pyproject.toml::corpus_ter[edit_monotonicity]": ("ter", "edit_monotonicity"),
    f"{TESTS}[wer[symmetry]]": ("wer", "symmetry"),
    f"{TESTS}[wer[edit_monotonicity]]": ("wer", "edit_monotonicity"),
    f"{TESTS}[wer[segment_aggregation]]": ("wer", "segment_aggregation"),
    f"{TESTS}[cer[symmetry]]": ("cer", "symmetry"),
    f"{TESTS}[mer[edit_monotonicity]]": ("mer", "edit_monotonicity"),
    f"{TESTS}[wil[edit_monotonicity]]": ("wil", "edit_monotonicity"),
    f"{TESTS}[sentence_bleu_mean[segment_aggregation]]": ("sentence_bleu", "segment_aggregation"),
    f"{TESTS}[sentence_bleu_mean[identity]]": ("sentence_bleu", "identity"),
    f"{TESTS}[rouge_l_mean[symmetry]]": ("rouge_l", "symmetry"),
    f"{TESTS}[rouge_l_mean[identity]]": ("rouge_l", "identity"),
}

REFERENCES = [
    "pyproject.toml::corpus_bleu[reference]",
    "pyproject.toml::corpus_chrf[reference]",
    "pyproject.toml::corpus_chrf_plus_plus[reference]",
    "pyproject.toml::corpus_ter[reference]",
    f"{TESTS}[wer[reference]]",
    f"{TESTS}[cer[reference]]",
    f"{TESTS}[mer[reference]]",
    f"{TESTS}[wil[reference]]",
    f"{TESTS}[sentence_bleu_mean[reference]]",
    f"{TESTS}[rouge_l_mean[reference]]",
]


def _example_run() -> subprocess.CompletedProcess[str]:
    """``pytest -rA`` in the example folder, as its CI would run it."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:benchmark", "-rA"],
        cwd=EXAMPLE,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def _outcomes(stdout: str) -> dict[str, str]:
    found = re.findall(r"^(PASSED|XFAIL|FAILED|ERROR|SKIPPED) (\S+)", stdout, flags=re.MULTILINE)
    return {item: outcome for outcome, item in found}


def _line(stdout: str, item: str) -> str:
    return next(line for line in stdout.splitlines() if line.split(" ", 2)[1:2] == [item])


# One test, so that pytest-xdist runs the project (about 30 s of CPU) once, not once per
# worker that a module-scoped fixture's tests were spread over.
@pytest.mark.slow
def test_the_example_project_checks_its_metrics_with_the_true_verdicts():
    run = _example_run()
    assert run.returncode == 0, run.stdout[-3000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert re.search(r"\b14 passed, 14 xfailed in\b", summary), summary
    assert "axiometrics: profile ci, seed 0 (derandomized); 5 measure(s) from pyproject.toml" in (
        run.stdout
    )
    outcomes = _outcomes(run.stdout)
    assert len(outcomes) == 28

    # Corpus BLEU pools its statistics; the mean of sentence BLEU is a mean by construction.
    assert outcomes["pyproject.toml::corpus_bleu[segment_aggregation]"] == "XFAIL"
    assert outcomes[f"{TESTS}[sentence_bleu_mean[segment_aggregation]]"] == "PASSED"
    assert outcomes["pyproject.toml::corpus_bleu[block_order_invariance]"] == "PASSED"
    assert outcomes[f"{TESTS}[wer[symmetry]]"] == "XFAIL"
    assert outcomes[f"{TESTS}[rouge_l_mean[symmetry]]"] == "PASSED"

    # Every adapter agrees with its built-in measure wherever both are defined.
    assert {item: outcomes[item] for item in REFERENCES} == dict.fromkeys(REFERENCES, "PASSED")

    # Every claim item but the deliberately wrong range has the built-in's declared verdict.
    for item, (builtin, claim) in EQUIVALENTS.items():
        declared = type(ax.get_measure(builtin).declaration(claim)).__name__
        expected = {"Violated": "XFAIL", "Holds": "PASSED"}[declared]
        assert outcomes[item] == expected, (item, builtin, claim, declared)
    wrong = "pyproject.toml::jiwer_wer_within_0_1[well_defined]"
    assert set(outcomes) - set(REFERENCES) - set(EQUIVALENTS) == {wrong}

    # A refutation shows its counterexample and the scores on one line.
    wrong_range = _line(run.stdout, wrong)
    assert wrong_range.startswith("XFAIL ")
    assert "expected violated, and it is: refuted (smallest counterexample" in wrong_range
    assert "ScoreOutOfRangeError" in wrong_range
    assert "returned 2.0, outside its declared range [0, 1]" in wrong_range
    symmetry = _line(run.stdout, f"{TESTS}[wer[symmetry]]")
    assert "(h, r): (['a'], [('a a',)])=0.5; (r, h): (['a a'], [('a',)])=1" in symmetry
    segments = _line(run.stdout, "pyproject.toml::corpus_bleu[segment_aggregation]")
    scores = re.search(
        r"corpus: .*=([\d.]+); segment 0: .*=([\d.]+); segment 1: .*=([\d.]+)$", segments
    )
    assert scores is not None, segments
    corpus, first, second = map(float, scores.groups())
    assert abs(corpus - (first + second) / 2) > 1.0  # pooled n-gram counts, not a mean
