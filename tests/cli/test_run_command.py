import subprocess
import sys

from axiometrics import default_registry
from axiometrics.cli import main


def test_the_main_job_scores_the_example_with_every_oc_and_oq_measure(capsys):
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "# family: oc" in out
    assert "# family: oq" in out
    for name in default_registry().names():
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


def test_the_main_job_marks_undefined_measures_and_says_where(capsys):
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    # The constant "always neutral" run has no variance: correlations are undefined for it.
    assert "# undefined pearson: measure='pearson' is undefined" in out
    assert "system='example_run_neutral' topic='topic01'" in out
    pearson_row = next(line for line in out.splitlines() if line.split()[:1] == ["pearson"])
    assert pearson_row.split()[2:] == ["undefined"] * 4
