import io
import json
import subprocess
import sys

import pandas as pd

from axiometrics import default_registry
from axiometrics.cli import main


def test_the_main_job_scores_the_example_with_every_oc_nominal_and_oq_measure(capsys):
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "# family: oc" in out
    assert "# family: nominal" in out
    assert "# family: oq" in out
    registry = default_registry()
    for name in [*registry.names("oc"), *registry.names("nominal"), *registry.names("oq")]:
        assert name in out
    for run in ("run_ordinal", "run_random", "run_positive", "run_neutral"):
        assert run in out


def test_the_console_script_runs_the_main_job():
    result = subprocess.run(
        [sys.executable, "-m", "axiometrics", "run", "--format", "csv"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "accuracy" in result.stdout


def test_the_main_job_shows_defined_values_and_says_where_a_measure_is_undefined(capsys):
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    # The constant "always neutral" run has no variance: correlations are undefined for it only.
    assert (
        "# undefined pearson: system='example_run_neutral' on 8 topics (topic01, topic02, "
        "topic03, ...): the system or the gold puts every item in one class (zero variance)"
    ) in out
    pearson = next(line for line in out.splitlines() if line.split()[:1] == ["pearson"])
    assert pearson.split() == ["pearson", "+", "0.8416", "0.5730", "0.8798", "undefined"]
    # kld is undefined on some topics only: the mean is over the defined ones, with the count.
    kld = next(line for line in out.splitlines() if line.split()[:1] == ["kld"])
    assert kld.split() == [
        *("kld", "-", "0.1125", "(5/8)", "0.0594", "(4/8)", "0.2996", "(6/8)", "1.8971")
    ]
    assert "-0.0000" not in out


def test_the_main_job_as_json_is_one_document_at_full_precision(capsys):
    assert main(["run", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    rows = document["rows"]
    assert {r["family"] for r in rows} == {"oc", "nominal", "oq"}
    kld = [r for r in rows if r["measure"] == "kld" and r["topic"] == "topic01"]
    assert {r["status"] for r in kld} >= {"defined"}
    undefined = [r for r in kld if r["status"] != "defined"]
    assert undefined
    assert all(r["score"] is None for r in undefined)
    assert all(r["status"].startswith("undefined: KLD(p || q) is infinite") for r in undefined)
    mean = next(
        r
        for r in rows
        if r["measure"] == "kld"
        and r["aggregate"] == "mean"
        and r["system"] == "example_run_ordinal_distributions"
    )
    assert (mean["n_defined"], mean["n_topics"]) == (5, 8)
    cells = [
        r["score"]
        for r in rows
        if r["measure"] == "kld"
        and r["aggregate"] == ""
        and r["system"] == "example_run_ordinal_distributions"
        and r["score"] is not None
    ]
    assert mean["score"] == sum(cells) / 5
    accuracy = next(r["score"] for r in rows if r["measure"] == "accuracy")
    assert accuracy == 0.65


def test_the_main_job_as_csv_is_one_long_table_with_empty_undefined_cells(capsys):
    assert main(["run", "--format", "csv"]) == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out), keep_default_na=False)
    assert list(frame.columns) == [
        "family",
        "topic",
        "system",
        "measure",
        "score",
        "status",
        "aggregate",
        "n_defined",
        "n_topics",
        "higher_is_better",
    ]
    undefined = frame[frame["status"] != "defined"]
    assert set(undefined["measure"]) == {
        "pearson",
        "spearman",
        "kendall_tau_b",
        "kld",
        "precision",  # positive=1 (label -1) is never predicted on some topics: 0/0
        "markedness",
    }
    assert (undefined["score"] == "").all()
    assert "undefined" not in set(frame["score"])
