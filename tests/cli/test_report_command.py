"""``axiometrics report``: the main job, with a user's measure, options and safe writing."""

from __future__ import annotations

import json

import pytest

import axiometrics.report.writer as writer_module
from axiometrics.cli import main

MY_MEASURE = '''
import numpy as np


def my_mae(matrix):
    """Micro-averaged absolute error between system and gold class indices."""
    c = matrix.shape[0]
    i, j = np.indices((c, c))
    return float((matrix * np.abs(i - j)).sum() / matrix.sum())


def mae_macro(matrix):
    return 0.0
'''


@pytest.fixture
def my_py(tmp_path, monkeypatch):
    (tmp_path / "my.py").write_text(MY_MEASURE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "my.py"


def test_the_acceptance_command_reports_the_users_measure_beside_the_builtins(
    my_py, capsys, fast_report_args
):
    status = main(
        [
            "report",
            "--measure",
            "my.py:my_mae",
            "--family",
            "oc",
            "--lower-is-better",
            "--measures",
            "mae_macro,accuracy,nmd",
            *fast_report_args,
        ]
    )
    out = capsys.readouterr()
    assert status == 0
    folder = my_py.parent / "reports"
    assert sorted(p.name for p in folder.iterdir()) == [
        "counterexamples.html",
        "index.html",
        "property-table.md",
        "report.json",
        "stability.html",
    ]
    assert out.out.splitlines()[-1] == f"report written to {folder / 'index.html'}"
    model = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert model["summary"]["user_measures"] == ["my_mae"]
    mine = [r for r in model["property_table"] if r["measure"] == "my_mae"]
    assert {r["claim"] for r in mine} == {
        r["claim"] for r in model["property_table"] if r["measure"] == "mae_macro"
    }
    assert all(r["user"] for r in mine)
    oc = next(d for d in model["meta"] if d["key"] == "synthetic-oc")
    assert oc["user_measures"] == ["my_mae"]
    assert "my_mae" in oc["similarity"]["measures"]
    for split in oc["consistency"]:
        assert [r["user"] for r in split["rows"] if r["measure"] == "my_mae"] == [True]
    assert [r["user"] for r in oc["discriminative"]["rows"] if r["measure"] == "my_mae"] == [True]
    assert [r["user"] for r in oc["coverage"] if r["measure"] == "my_mae"] == [True]
    oq = next(d for d in model["meta"] if d["key"] == "synthetic-oq")
    assert oq["user_measures"] == []
    index = (folder / "index.html").read_text(encoding="utf-8")
    stability = (folder / "stability.html").read_text(encoding="utf-8")
    assert '<tr class="user"><th scope="row"><span class="user-name"' in index
    assert "★ my_mae" in stability
    assert "Micro-averaged absolute error between system and gold class indices." in index
    markdown = (folder / "property-table.md").read_text(encoding="utf-8")
    assert markdown.startswith("# Property table")
    # The user's measure is a row of its family's table, next to the built-ins.
    rows = [line for line in markdown.splitlines() if line.startswith("| my_mae (`my_mae`) |")]
    assert len(rows) == 1


def test_json_format_writes_the_model_to_standard_output(my_py, capsys, fast_report_args):
    status = main(
        ["report", "--measures", "accuracy,nmd", "--format", "json", "-o", "-", *fast_report_args]
    )
    out = capsys.readouterr().out
    assert status == 0
    model = json.loads(out)
    assert model["schema"] == "axiometrics-report/1"
    assert [m["name"] for m in model["measures"]] == ["accuracy", "nmd"]
    assert not (my_py.parent / "reports").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--family", "oc"], "--family apply to --measure only"),
        (["--lower-is-better"], "--lower-is-better apply to --measure only"),
        (["--optimum", "0", "--name", "x"], "--name, --optimum apply to --measure only"),
        (["--dtype", "float32"], "--dtype apply to --measure only"),
        (
            ["--measure", "my.py:my_mae", "--family", "oc", "--dtype", "float8"],
            "--dtype: dtype='float8': expected one of",
        ),
        (
            [
                "--measure",
                "my.py:my_mae",
                "--measure",
                "other.py:f",
                "--family",
                "oc",
                "--name",
                "x",
            ],
            "--name 'x' names one --measure (got 2)",
        ),
        (
            ["--measure", "my.py:my_mae", "--family", "oc", "--range", "1", "0"],
            "--range 1 0: expected finite LOW < HIGH",
        ),
        (
            ["--measure", "my.py:my_mae", "--family", "oc", "--undefined", "maybe"],
            "--undefined: ",
        ),
        (["--measure", "my.py:my_mae", "--family", "oc", "--param", "=1"], "--param '=1'"),
        (["--measure", "my.py:my_mae"], "--family is required with --measure"),
        (
            ["--measure", "my.py:mae_macro", "--family", "oc"],
            "measure='my.py:mae_macro' is named 'mae_macro', which is a registered measure",
        ),
        (["--measure", "my.py:my_mea", "--family", "oc"], "did you mean 'my_mae'?"),
        (["--measure", "nothere.py:f", "--family", "oc"], "no such file: 'nothere.py'"),
        (["--gold", "g.tsv"], "--gold and --runs go together"),
        (["--scores", "s.csv", "--runs", "r.tsv"], "give either --scores or --gold/--runs"),
        (["--scale", "1,2,3"], "--scale applies to --gold/--runs files only"),
        (["-o", "-"], "--output-dir - (standard output) needs --format json"),
        (["--backend", "daks"], "--backend='daks': expected one of local, loky"),
        (["--backend", "daks"], "did you mean 'dask'?"),
        (
            ["--scheduler", "tcp://127.0.0.1:8786"],
            "--scheduler tcp://127.0.0.1:8786: needs --backend dask",
        ),
    ],
)
def test_bad_options_are_usage_errors_with_a_message_and_write_nothing(
    my_py, capsys, argv, message, fast_report_args
):
    status = main(["report", "--measures", "accuracy", *fast_report_args, *argv])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("axiometrics report: error: ")
    assert message in err
    assert not (my_py.parent / "reports").exists()


def test_an_unknown_builtin_measure_is_refused_with_suggestions(my_py, capsys, fast_report_args):
    status = main(["report", "--measures", "mae_macr", *fast_report_args])
    err = capsys.readouterr().err
    assert status == 1
    assert "mae_macro" in err


def test_a_write_failing_midway_keeps_the_previous_report_and_says_why(
    my_py, capsys, monkeypatch, fast_report_args
):
    folder = my_py.parent / "reports"
    folder.mkdir()
    old = {"index.html": "previous index", "report.json": '{"previous": true}\n'}
    for name, text in old.items():
        (folder / name).write_text(text, encoding="utf-8")
    written = []
    real = writer_module.write_text

    def failing(path, text):
        written.append(path.name)
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(writer_module, "write_text", failing)
    status = main(["report", "--measures", "accuracy,nmd", *fast_report_args])
    err = capsys.readouterr().err
    assert status == 1
    assert "could not write the report to 'reports' (OSError: [Errno 28] No space left" in err
    assert "the previous report, if any, is unchanged" in err
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} == old
    assert sorted(p.name for p in my_py.parent.iterdir() if p.name.startswith(".reports")) == []


def test_the_database_flags_reach_the_claim_checks_and_the_provenance(
    my_py, capsys, monkeypatch, fast_report_args
):
    from hypothesis.database import DirectoryBasedExampleDatabase

    import axiometrics.report as report_module

    seen = {}
    build = report_module.build_report

    def spy(settings):
        seen["settings"] = settings
        return build(settings)

    monkeypatch.setattr(report_module, "build_report", spy)
    db = my_py.parent / "examples-db"
    argv = ["report", "--measures", "accuracy", "--format", "json", "-o", "-"]
    assert main([*argv, "--database", str(db), *fast_report_args]) == 0
    model = json.loads(capsys.readouterr().out)
    assert isinstance(seen["settings"].database, DirectoryBasedExampleDatabase)
    assert f"--database {db}" in model["provenance"]["command"]
    assert any(p.is_file() for p in db.rglob("*"))  # the checks stored their counterexamples


def test_the_users_measure_takes_every_option_of_check_and_its_name(
    my_py, capsys, fast_report_args
):
    argv = ["report", "--measure", "my.py:my_mae", "--family", "oc", "--lower-is-better"]
    argv += ["--name", "Ordinal gap", "--optimum", "0", "--range", "0", "1"]
    argv += ["--expect", "symmetry=holds", "--measures", "mae_macro,accuracy", *fast_report_args]
    assert main(argv) == 0
    capsys.readouterr()
    model = json.loads((my_py.parent / "reports" / "report.json").read_text(encoding="utf-8"))
    (user,) = [m for m in model["measures"] if m["user"]]
    assert (user["name"], user["title"]) == ("ordinal_gap", "Ordinal gap")
    outcomes = {r["claim"]: r["outcome"] for r in model["property_table"] if r["user"]}
    # The declared range is wrong (the gap reaches past 1): a finding, not a failed report.
    assert outcomes["well_defined"] == "refuted"
    assert outcomes["symmetry"] == "not_refuted"
    meta = [d for d in model["meta"] if not d["skipped"]]
    assert any("ordinal_gap" in [x["name"] for x in d["measures"]] for d in meta)
    command = model["provenance"]["command"]
    assert "--name 'Ordinal gap' --optimum 0.0" in command
    assert "--range 0.0 1.0" in command
    page = (my_py.parent / "reports" / "index.html").read_text(encoding="utf-8")
    assert "Ordinal gap" in page
