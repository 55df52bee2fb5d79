"""The ``--family`` options of run files come from the registered families' hooks."""

from __future__ import annotations

import argparse
import re

import pytest

from axiometrics.cli import main
from axiometrics.cli.run_command import EXAMPLE_RUNS, example_path, example_sections
from axiometrics.cli.run_files import add_run_family_option, run_family, run_family_choices
from axiometrics.errors import InvalidParameterError
from axiometrics.family import LabelCollections, registered_families
from axiometrics.io import read_label_runs

GOLD = "".join(
    f"i{i}\t{topic}\t{label}\n"
    for i, (topic, label) in enumerate(
        [("t1", -2), ("t1", 0), ("t1", 2), ("t2", 1), ("t2", 1), ("t2", -1), ("t3", 0), ("t3", 2)]
    )
)
SYSTEMS = {"good": [-2, 0, 2, 1, 1, -1, 0, 2], "flat": [0] * 8}


@pytest.fixture
def label_files(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(GOLD)
    runs = []
    for name, labels in SYSTEMS.items():
        path = tmp_path / f"{name}.tsv"
        path.write_text("".join(f"i{i}\t{label}\n" for i, label in enumerate(labels)))
        runs.append(str(path))
    return str(gold), runs


@pytest.fixture
def scored_files(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text("".join(f"i{i}\tt{i % 2}\t{i % 2}\n" for i in range(8)))
    runs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.tsv"
        path.write_text("".join(f"i{i}\t0.{i + 1}\n" for i in range(8)))
        runs.append(str(path))
    return str(gold), runs


def _recording_reader(calls):
    def read_runs(gold, systems, *, scale=None, scale_option="scale", require_topic=False):
        calls.append(gold)
        return read_label_runs(gold, systems, scale=scale, require_topic=require_topic)

    return read_runs


def test_the_choices_are_the_families_with_a_reader_in_rank_order_the_first_by_default():
    readers = [f.name for f in registered_families() if f.read_runs is not None]
    assert run_family_choices() == tuple(readers)
    assert run_family(None) == readers[0]
    assert {"oc", "oq", "nominal", "scored"} <= set(readers)


@pytest.mark.parametrize(("command", "flag"), [("score", "--family"), ("compare", "--family")])
def test_a_plugin_family_with_a_reader_becomes_a_family_choice(toy_family, capsys, command, flag):
    toy_family("toy", read_runs=_recording_reader([]))
    assert main([command, "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(rf"{flag} {{[a-z,]*,toy}}", out)
    assert "toy (Toy family toy)" in out


def test_the_report_data_family_lists_a_plugin_family_with_a_reader(toy_family, capsys):
    toy_family("toy", read_runs=_recording_reader([]))
    assert main(["report", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"--data-family {[a-z,]*,toy}", out)


def test_a_family_without_a_reader_is_no_choice(toy_family):
    toy_family("quiet")
    assert "quiet" not in run_family_choices()
    with pytest.raises(InvalidParameterError, match=r"^--family quiet: the quiet family reads no"):
        run_family("quiet")


def test_compare_reads_the_files_with_the_chosen_plugin_familys_reader(
    toy_family, label_files, capsys
):
    calls = []
    toy_family("toy", read_runs=_recording_reader(calls))
    gold, runs = label_files
    argv = ["compare", "--gold", gold, "--runs", *runs, "--family", "toy", "--measure", "mae"]
    assert main([*argv, "--format", "csv"]) == 0
    assert calls == [gold]
    assert "mae" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["score", "compare"])
def test_an_unknown_family_names_the_flag_and_suggests_the_nearest(
    toy_family, label_files, capsys, command
):
    toy_family("ranking", read_runs=_recording_reader([]))
    gold, runs = label_files
    files = ["--system", runs[0]] if command == "score" else ["--runs", *runs, "--measure", "mae"]
    assert main([command, "--gold", gold, *files, "--family", "rankng"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"axiometrics {command}: error: --family rankng: ")
    assert "expected one of oc, oq, nominal, scored, regression, generation, ranking" in err
    assert "did you mean 'ranking'?" in err
    assert "family=" not in err


def test_report_data_family_names_its_flag(capsys):
    assert main(["report", "--data-family", "oqq", "--gold", "g.tsv", "--runs", "r.tsv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("axiometrics report: error: --data-family oqq: ")
    assert "did you mean 'oq'?" in err


def test_a_reader_without_a_topic_system_batch_is_refused_naming_the_flag(scored_files, capsys):
    gold, runs = scored_files
    argv = ["compare", "--gold", gold, "--runs", *runs, "--measure", "roc_auc"]
    assert main([*argv, "--family", "scored"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("axiometrics compare: error: --family scored: the scored reader gives ")
    assert "'axiometrics score --family scored'" in err


def test_a_family_without_class_values_is_read_without_the_default_scale(scored_files, capsys):
    # Without --scale the SemEval scale applies to families whose inputs carry class
    # values only; the scored reader refuses any scale, which --scale was not given for.
    gold, runs = scored_files
    assert main(["meta", "--gold", gold, "--runs", *runs, "--family", "scored", "-q"]) == 2
    err = capsys.readouterr().err
    assert "--family scored: the scored reader gives" in err
    assert "scale" not in err


def test_the_option_helper_lists_titles_and_the_default():
    parser = argparse.ArgumentParser()
    add_run_family_option(parser, "--kind", reads="the files")
    action = next(a for a in parser._actions if a.dest == "kind")
    assert action.default is None
    assert action.metavar == "{" + ",".join(run_family_choices()) + "}"
    assert f"default: {run_family_choices()[0]}" in action.help


def test_the_example_sections_follow_the_label_collections_and_shared_inputs():
    sections = [(listed, reader, gold.name) for listed, reader, gold, _ in example_sections()]
    assert sections == [
        ("oc", "oc", "example_gold.tsv"),
        ("nominal", "oc", "example_gold.tsv"),
        ("oq", "oq", "example_gold_distributions.tsv"),
    ]


def test_a_plugin_family_loading_label_collections_first_reads_the_example(toy_family):
    toy = registered_families()[0]
    toy_family(
        "toy",
        read_runs=_recording_reader([]),
        label_collections=LabelCollections("labels", "Toy", "toy measures", "toy measures"),
        rank=toy.rank - 1,
    )
    sections = [(listed, reader) for listed, reader, _, _ in example_sections()]
    assert sections[:2] == [("toy", "toy"), ("oc", "toy")]
    assert ("oq", "oq") in sections
    files = next(runs for listed, _, _, runs in example_sections() if listed == "toy")
    assert files == [example_path(r) for r in EXAMPLE_RUNS]
