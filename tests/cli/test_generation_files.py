"""The command line on generation files: several --gold reference files, score, compare, meta."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest

from axiometrics.catalogues import isolated_catalogues
from axiometrics.cli import main
from axiometrics.errors import RegistrationError
from axiometrics.family import Family, get_family, register_family
from axiometrics.measures.generation.corpus import corpus_statistics
from axiometrics.stats.corpus import compare_corpus

REFERENCE_A = [
    "The cat sat on the mat near the door.",
    "A dog barked loudly at the mail carrier this morning.",
    "It rained all day in the old part of town.",
    "We went home early because the shops were closed.",
    "She reads a new book every week during the summer.",
    "The train to the airport leaves at seven o'clock.",
    "He fixed the broken chair with glue and a few nails.",
    "Our team won the final match after extra time.",
]
REFERENCE_B = [
    "A cat was sitting on the mat by the door.",
    "This morning a dog barked at the postman.",
    "In the old town it rained the whole day.",
    "",  # an empty line: an empty second reference for this segment, as in sacreBLEU
    "Every week in summer she reads a new book.",
    "At seven the airport train departs.",
    "He repaired the broken chair using glue and nails.",
    "After extra time our team won the final.",
]
SYSTEMS = {
    "strong": [
        "The cat sat on the mat by the door.",
        "A dog barked at the mail carrier this morning.",
        "It rained all day in the old town.",
        "We went home early since the shops were closed.",
        "She reads a new book each week in the summer.",
        "The airport train leaves at seven o'clock.",
        "He fixed the broken chair with glue and nails.",
        "Our team won the final after extra time.",
    ],
    "weak": [
        "Cat on mat door.",
        "Dog barking carrier morning loud.",
        "Rain day town old part.",
        "Home early shops closed we.",
        "Book week summer read she.",
        "Train airport seven leave.",
        "Chair broken glue nails fix.",
        "Team final won time extra.",
    ],
    "middle": [
        "The cat sat on a mat at the door.",
        "A dog barked at the carrier in the morning.",
        "It was raining all day in town.",
        "We went home because shops were closed.",
        "She reads one book every week in summer.",
        "The train to the airport goes at seven.",
        "He fixed a chair with some glue.",
        "The team won the match after extra time.",
    ],
}


def write_lines(path, lines, *, newline="\n") -> str:
    path.write_bytes(newline.join(lines).encode("utf-8") + newline.encode())
    return str(path)


@pytest.fixture
def files(tmp_path):
    refs = [
        write_lines(tmp_path / "ref1.txt", REFERENCE_A),
        write_lines(tmp_path / "ref2.txt", REFERENCE_B),
    ]
    systems = [write_lines(tmp_path / f"{name}.txt", lines) for name, lines in SYSTEMS.items()]
    return refs, systems


def run(capsys, argv):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def score_csv(capsys, refs, systems, measures="bleu,chrf,ter") -> pd.DataFrame:
    argv = ["score", "--family", "generation", "--gold", *refs, "--measures", measures]
    for path in systems:
        argv += ["--system", path]
    status, out, err = run(capsys, [*argv, "--format", "csv"])
    assert status == 0, err
    return pd.read_csv(io.StringIO(out), keep_default_na=False)


def test_score_gives_every_systems_corpus_scores_as_sacrebleu_does(capsys, files):
    from sacrebleu.metrics import BLEU, CHRF, TER

    refs, systems = files
    frame = score_csv(capsys, refs, systems)
    streams = [REFERENCE_A, REFERENCE_B]
    for name, lines in SYSTEMS.items():
        got = frame[frame["system"] == name].set_index("measure")["score"]
        assert got["bleu"] == pytest.approx(BLEU().corpus_score(lines, streams).score, abs=1e-9)
        assert got["chrf"] == pytest.approx(CHRF().corpus_score(lines, streams).score, abs=1e-9)
        assert got["ter"] == pytest.approx(TER().corpus_score(lines, streams).score, abs=1e-9)
    assert set(frame["topic"]) == {""}


def test_score_prints_a_table_and_json_of_every_system(capsys, files):
    refs, systems = files
    argv = ["score", "--family", "generation", "--gold", *refs, "--measures", "bleu,chrf"]
    for path in systems:
        argv += ["--system", path]
    status, out, err = run(capsys, argv)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "# family: generation"
    assert lines[1].split() == ["system", "topic", "bleu", "chrf"]
    assert [line.split()[0] for line in lines[2:]] == list(SYSTEMS)
    status, out, err = run(capsys, [*argv, "--format", "json"])
    assert status == 0, err
    rows = json.loads(out)["rows"]
    assert {(r["system"], r["measure"]) for r in rows} == {
        (s, m) for s in SYSTEMS for m in ("bleu", "chrf")
    }


def test_crlf_files_score_as_their_lf_copies(capsys, tmp_path, files):
    refs, systems = files
    crlf = tmp_path / "crlf"
    crlf.mkdir()
    crlf_refs = [
        write_lines(crlf / "ref1.txt", REFERENCE_A, newline="\r\n"),
        write_lines(crlf / "ref2.txt", REFERENCE_B, newline="\r\n"),
    ]
    crlf_systems = [
        write_lines(crlf / f"{name}.txt", lines, newline="\r\n") for name, lines in SYSTEMS.items()
    ]
    expected = score_csv(capsys, refs, systems)
    got = score_csv(capsys, crlf_refs, crlf_systems)
    pd.testing.assert_frame_equal(got, expected)


def test_an_invalid_utf8_file_is_refused_naming_the_file_and_line(capsys, tmp_path, files):
    refs, _ = files
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("\n".join(SYSTEMS["weak"][:2] + ["caf\u00e9"] * 6).encode("latin-1") + b"\n")
    argv = ["score", "--family", "generation", "--gold", *refs, "--system", str(bad)]
    status, _, err = run(capsys, [*argv, "--measures", "bleu"])
    assert status == 1
    assert "latin1.txt' line 3: invalid UTF-8" in err


def test_files_of_different_lengths_are_refused_naming_both(capsys, tmp_path, files):
    refs, _ = files
    short = write_lines(tmp_path / "short.txt", SYSTEMS["weak"][:5])
    argv = ["score", "--family", "generation", "--gold", *refs, "--system", short]
    status, _, err = run(capsys, argv)
    assert status == 1
    assert "short.txt' has 5 lines but" in err
    assert "ref1.txt' has 8" in err


@pytest.mark.parametrize("command", ["score", "compare", "meta"])
def test_several_gold_files_are_refused_for_a_family_reading_one(capsys, tmp_path, command):
    gold = [write_lines(tmp_path / f"gold{i}.tsv", ["1\t0"]) for i in (1, 2)]
    runs = [write_lines(tmp_path / f"run{i}.tsv", ["1\t0"]) for i in (1, 2)]
    system = ["--system", runs[0]] if command == "score" else ["--runs", *runs]
    extra = ["--measure", "accuracy"] if command == "compare" else []
    status, _, err = run(capsys, [command, "--family", "oc", "--gold", *gold, *system, *extra])
    assert status == 2
    assert f"axiometrics {command}: error: --gold " in err
    assert "the oc family reads 1 gold file (got 2)" in err


def test_a_family_declaring_no_valid_gold_file_count_is_refused():
    oc = get_family("oc")
    with isolated_catalogues():
        bad = Family("toy_gold", "Toy", oc.inputs, oc.prepare, gold_files=0)
        with pytest.raises(RegistrationError, match=r"gold_files=0: expected a positive integer"):
            register_family(bad, plugin="tests")


def compare_csv(capsys, refs, systems, *options) -> pd.DataFrame:
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, out, err = run(capsys, [*argv, *options, "--format", "csv"])
    assert status == 0, err
    return pd.read_csv(io.StringIO(out))


@pytest.mark.parametrize("test", ["bootstrap", "randomisation"])
def test_compare_gives_the_p_values_of_the_corpus_level_tests(capsys, files, test):
    refs, systems = files
    options = ["--measure", "bleu,chrf", "--test", test, "--trials", "199", "--seed", "3"]
    frame = compare_csv(capsys, refs, systems, *options, "--correction", "bonferroni")
    references = [(a, b) for a, b in zip(REFERENCE_A, REFERENCE_B, strict=True)]
    for measure in ("bleu", "chrf"):
        stats = [corpus_statistics(measure, lines, references) for lines in SYSTEMS.values()]
        direct = compare_corpus(
            np.stack([s.statistics for s in stats]),
            stats[0].from_totals,
            test=test,
            correction="bonferroni",
            trials=199,
            seed=3,
            systems=list(SYSTEMS),
        ).to_frame()
        rows = frame[frame["measure"] == measure].reset_index(drop=True)
        assert list(rows["system_a"]) == list(direct["system_a"])
        np.testing.assert_allclose(rows["p_value"], direct["p_value"], rtol=1e-12)
        np.testing.assert_allclose(rows["p_adjusted"], direct["p_adjusted"], rtol=1e-12)
        np.testing.assert_allclose(rows["mean_diff"], direct["difference"], rtol=1e-12)
        np.testing.assert_allclose(rows["ci_low"], direct["ci_low"], rtol=1e-12)
        assert set(rows["method"]) == {f"corpus-level {test} (segments resampled)"}
        assert set(rows["n_used"]) == {len(REFERENCE_A)}


def test_compare_says_in_its_table_that_the_test_is_corpus_level(capsys, files):
    refs, systems = files
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, out, err = run(capsys, [*argv, "--measure", "ter", "--trials", "99"])
    assert status == 0, err
    assert "# test: bootstrap" in out
    assert "# corpus-level: ter: bootstrap test of the corpus scores, 8 segments resampled" in out
    assert "effect_size" not in out


def test_compare_restricts_the_corpus_level_test_to_the_chosen_systems(capsys, files):
    refs, systems = files
    frame = compare_csv(
        capsys, refs, systems, "--measure", "chrf", "--systems", "weak,strong", "--trials", "99"
    )
    assert list(zip(frame["system_a"], frame["system_b"], strict=True)) == [("weak", "strong")]
    assert frame["better"].tolist() == ["strong"]


@pytest.mark.parametrize("test", ["t", "wilcoxon", "tukey"])
def test_compare_refuses_a_topic_wise_test_for_a_corpus_level_measure(capsys, files, test):
    refs, systems = files
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    extra = ["--correction", "none"] if test == "tukey" else []
    status, _, err = run(capsys, [*argv, "--measure", "bleu", "--test", test, *extra])
    assert status == 2
    assert f"--test {test}: 'bleu' is a corpus-level measure" in err
    assert "expected --test bootstrap or --test randomisation" in err


def test_compare_names_the_trials_flag_of_a_corpus_level_test(capsys, files):
    refs, systems = files
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, _, err = run(capsys, [*argv, "--measure", "bleu", "--trials", "5"])
    assert status == 2
    assert "--trials 5: expected at least 39 resamples" in err


def test_meta_runs_on_generation_files_with_segments_as_topics(capsys, files):
    refs, systems = files
    argv = ["meta", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, out, err = run(capsys, [*argv, "--measures", "chrf,ter", "--format", "json"])
    assert status == 0, err
    settings = json.loads(out)["groups"]["generation"]["settings"]
    assert settings["topics"] == len(REFERENCE_A)
    assert settings["measures"] == ["chrf", "ter"]


@pytest.fixture
def telegraphic(tmp_path, files):
    """The corpus with a system whose hypotheses have no 4-gram: its corpus BLEU is undefined."""
    refs, systems = files
    short = write_lines(tmp_path / "terse.txt", [" ".join(s.split()[:3]) for s in REFERENCE_A])
    return refs, [systems[0], short]


def test_compare_refuses_a_corpus_level_measure_undefined_for_a_system(capsys, telegraphic):
    refs, systems = telegraphic
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, _, err = run(capsys, [*argv, "--measure", "bleu", "--trials", "99"])
    assert status == 1
    assert "measure='bleu': the corpus score of systems ['terse'] is undefined" in err
    assert "--on-undefined drop" in err


def test_compare_leaves_an_undefined_corpus_level_measure_out_when_asked(capsys, telegraphic):
    refs, systems = telegraphic
    argv = ["compare", "--family", "generation", "--gold", *refs, "--runs", *systems]
    options = ["--measure", "bleu,chrf", "--trials", "99", "--on-undefined", "drop"]
    status, out, err = run(capsys, [*argv, *options])
    assert status == 0, err
    assert "# left out (undefined): bleu" in out
    rows = [line.split()[0] for line in out.splitlines() if not line.startswith("#")][1:]
    assert rows == ["chrf"]


def test_meta_passes_the_corpus_test_and_correction_to_the_corpus_level(capsys, files):
    refs, systems = files
    argv = ["meta", "--family", "generation", "--gold", *refs, "--runs", *systems]
    options = ["--measures", "chrf", "--trials", "20", "--B", "100", "--format", "json"]
    chosen = ["--corpus-test", "randomisation", "--corpus-correction", "holm"]
    status, out, err = run(capsys, [*argv, *options, *chosen])
    assert status == 0, err
    group = json.loads(out)["groups"]["generation"]
    assert group["settings"]["corpus_level"]["test"] == "randomisation"
    assert group["settings"]["corpus_level"]["correction"] == "holm"
    rows = group["corpus_discriminative"]
    assert [(r["test"], r["correction"]) for r in rows] == [("randomisation", "holm")]


def test_meta_names_the_corpus_test_flag_of_an_unknown_test(capsys, files):
    refs, systems = files
    argv = ["meta", "--family", "generation", "--gold", *refs, "--runs", *systems]
    status, _, err = run(capsys, [*argv, "--corpus-test", "t"])
    assert status == 2
    assert "--corpus-test" in err


def test_report_reads_several_reference_files_and_records_them(files):
    from axiometrics.cli import build_parser
    from axiometrics.cli.report_command import _command, _datasets

    refs, systems = files
    argv = ["report", "--gold", *refs, "--runs", *systems, "--data-family", "generation"]
    args = build_parser("report").parse_args([*argv, "--measures", "chrf,ter"])
    (dataset,) = _datasets(args)
    assert f"gold {refs[0]} {refs[1]} and {len(systems)} run files" in dataset.description
    assert f"--gold {refs[0]} {refs[1]} --data-family generation" in _command(args)
