"""``axiometrics compare``: score files and runs in, significant differences out."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from axiometrics.cli import main
from axiometrics.cli.compare_command import add_parser

WIDE = (
    "topic,bm25,dense,hybrid\n"
    "q1,0.1,0.3,0.35\nq2,0.4,0.5,0.6\nq3,0.2,0.25,0.5\n"
    "q4,0.3,0.45,0.5\nq5,0.15,0.3,0.4\nq6,0.5,0.55,0.7\n"
)


@pytest.fixture
def wide(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(WIDE)
    return str(path)


@pytest.fixture
def long(tmp_path):
    frame = pd.read_csv(io.StringIO(WIDE)).melt(
        id_vars="topic", var_name="system", value_name="score"
    )
    both = pd.concat(
        [frame.assign(measure="ndcg"), frame.assign(measure="err", score=1 - frame["score"])]
    )
    both["higher_is_better"] = both["measure"] == "ndcg"
    path = tmp_path / "long.csv"
    both.to_csv(path, index=False)
    return str(path)


GOLD = "".join(
    f"{i}\t{topic}\t{label}\n"
    for i, (topic, label) in enumerate(
        [("t1", -2), ("t1", 0), ("t1", 2), ("t2", 1), ("t2", 1), ("t2", -1), ("t3", 0), ("t3", 2)]
    )
)


@pytest.fixture
def runs(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(GOLD)
    paths = []
    for name, labels in {
        "good": [-2, 0, 2, 1, 1, -1, 0, 2],
        "okay": [-1, 0, 1, 1, 0, -1, 0, 1],
        "flat": [0] * 8,
    }.items():
        path = tmp_path / f"{name}.tsv"
        path.write_text(
            "".join(
                f"{line.rsplit(chr(9), 1)[0]}\t{label}\n"
                for line, label in zip(GOLD.splitlines(), labels, strict=True)
            )
        )
        paths.append(str(path))
    return str(gold), paths


def run_json(capsys, *argv):
    status = main(["compare", *argv, "--format", "json"])
    assert status == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_parser_registers_compare_with_its_options():
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["compare", "--scores", "x.csv", "--test", "sign"])
    assert (args.test, args.correction, args.alpha, args.trials) == ("sign", None, 0.05, 10_000)


def test_a_wide_score_file_gives_one_row_per_pair_with_the_better_system(capsys, wide):
    document = run_json(capsys, "--scores", wide)
    assert document["test"] == "t"
    assert document["correction"] == "holm"
    rows = document["rows"]
    assert [(r["system_a"], r["system_b"]) for r in rows] == [
        ("bm25", "dense"),
        ("bm25", "hybrid"),
        ("dense", "hybrid"),
    ]
    assert rows[1]["significant"] is True
    assert rows[1]["better"] == "hybrid"
    assert all(0 <= r["p_value"] <= r["p_adjusted"] <= 1 for r in rows)


def test_the_table_format_starts_with_the_settings(capsys, wide):
    assert main(["compare", "--scores", wide, "--test", "wilcoxon"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# test: wilcoxon\n# correction: holm\n")
    assert "sakai_es" in out


def test_csv_output_is_one_table(capsys, wide):
    assert main(["compare", "--scores", wide, "--format", "csv"]) == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out))
    assert len(frame) == 3
    assert frame.columns[0] == "measure"


def test_a_long_score_file_compares_every_measure_with_its_direction(capsys, long):
    rows = run_json(capsys, "--scores", long, "--test", "randomisation")["rows"]
    assert {r["measure"] for r in rows} == {"ndcg", "err"}
    best = {(r["measure"], r["system_a"], r["system_b"]): r["better"] for r in rows}
    # err = 1 - ndcg and lower is better: the same system wins under both measures.
    assert best[("err", "bm25", "hybrid")] == best[("ndcg", "bm25", "hybrid")]


def test_measure_picks_measures_of_a_long_file_and_suggests_unknown_ones(capsys, long):
    rows = run_json(capsys, "--scores", long, "--measure", "err")["rows"]
    assert {r["measure"] for r in rows} == {"err"}
    assert main(["compare", "--scores", long, "--measure", "ndgc"]) == 2
    assert "did you mean 'ndcg'" in capsys.readouterr().err


def test_runs_are_scored_with_the_chosen_measures(capsys, runs):
    gold, paths = runs
    document = run_json(capsys, "--gold", gold, "--runs", *paths, "--measure", "mae_macro,accuracy")
    assert document["topics"] == 3
    assert {r["measure"] for r in document["rows"]} == {"mae_macro", "accuracy"}


def test_runs_without_a_measure_are_a_usage_error(capsys, runs):
    gold, paths = runs
    assert main(["compare", "--gold", gold, "--runs", *paths]) == 2
    assert "--measure" in capsys.readouterr().err


def test_the_tukey_test_uses_no_correction_and_refuses_one(capsys, wide):
    document = run_json(capsys, "--scores", wide, "--test", "tukey", "--trials", "200")
    assert document["correction"] == "none"
    assert main(["compare", "--scores", wide, "--test", "tukey", "--correction", "holm"]) == 2
    assert "family-wise" in capsys.readouterr().err


def test_systems_restricts_the_comparison_and_names_unknown_systems(capsys, wide):
    rows = run_json(capsys, "--scores", wide, "--systems", "hybrid,bm25")["rows"]
    assert [(r["system_a"], r["system_b"]) for r in rows] == [("hybrid", "bm25")]
    assert main(["compare", "--scores", wide, "--systems", "bm25,dence"]) == 2
    assert "did you mean 'dense'" in capsys.readouterr().err


def test_constant_differences_are_reported_as_zero_variance_not_as_nan(capsys, tmp_path):
    path = tmp_path / "flat.csv"
    path.write_text("topic,a,b\nq1,0.5,0.25\nq2,0.75,0.5\nq3,0.25,0\n")
    row = run_json(capsys, "--scores", str(path))["rows"][0]
    assert row["status"] == "zero variance"
    assert row["statistic"] is None  # +inf has no JSON number
    assert row["p_value"] == 0.0
    assert row["better"] == "a"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "--scores"),
        (["--alpha", "1.5"], "--alpha"),
        (["--trials", "0"], "--trials"),
        (["--seed", "-1"], "--seed"),
        (["--test", "z"], "--test"),
    ],
)
def test_bad_options_are_usage_errors_naming_the_flag(capsys, wide, argv, message):
    extra = [] if not argv else ["--scores", wide]
    assert main(["compare", *extra, *argv]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_score_file_is_a_data_error(capsys, tmp_path):
    assert main(["compare", "--scores", str(tmp_path / "nope.csv")]) == 1
    assert "not an existing file" in capsys.readouterr().err


def test_a_wide_file_with_one_system_is_a_data_error(capsys, tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("topic,a\nq1,0.5\nq2,0.7\n")
    assert main(["compare", "--scores", str(path)]) == 1
    assert "at least 2 system columns" in capsys.readouterr().err


def test_a_nan_score_in_a_wide_file_is_a_data_error(capsys, tmp_path):
    path = tmp_path / "hole.csv"
    path.write_text("topic,a,b\nq1,0.5,\nq2,0.7,0.1\n")
    assert main(["compare", "--scores", str(path)]) == 1
    assert "q1" in capsys.readouterr().err


def test_output_goes_to_a_file(capsys, wide, tmp_path):
    target = tmp_path / "out.json"
    assert main(["compare", "--scores", wide, "--format", "json", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    assert len(json.loads(target.read_text())["rows"]) == 3


# -- issue 21: files named with their line, flags named, no Python keywords --------------


def run_error(capsys, *argv):
    status = main(["compare", *argv])
    captured = capsys.readouterr()
    assert captured.out == ""
    return status, captured.err


def test_a_repeated_system_column_is_refused_not_renamed(capsys, tmp_path):
    path = tmp_path / "dup.csv"
    path.write_text("topic,A,A\nq1,0.1,0.2\nq2,0.3,0.5\nq3,0.2,0.1\n")
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert err == (
        f"axiometrics compare: error: path={str(path)!r} line 1: the column name 'A' appears "
        "twice (columns 2 and 3); every column needs its own name\n"
    )


@pytest.mark.parametrize(
    ("text", "line", "fields"),
    [
        ("topic,A,B\nq1,0.1,0.2\nq2,0.3,0.5,0.7\nq3,0.2,0.1\n", 3, 4),
        ("topic,A,B\nq1,0.1,0.2,0.3\nq2,0.3,0.5\nq3,0.2,0.1\n", 2, 4),
        ("topic,system,measure,score\nq1,A,m,0.1\nq1,B,m\n", 3, 3),
    ],
)
def test_a_row_with_another_number_of_fields_names_file_line_and_counts(
    capsys, tmp_path, text, line, fields
):
    path = tmp_path / "extra.csv"
    path.write_text(text)
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    width = len(text.splitlines()[0].split(","))
    assert f"extra.csv' line {line}: expected {width} fields like the header on line 1" in err
    assert f"found {fields}:" in err
    assert "nan" not in err


@pytest.mark.parametrize("content", [b"", b"not parquet at all"])
def test_an_empty_or_damaged_parquet_file_is_a_data_error_not_a_bug(capsys, tmp_path, content):
    path = tmp_path / "s.parquet"
    path.write_bytes(content)
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert err.startswith(
        f"axiometrics compare: error: path={str(path)!r} is not a readable Parquet file ("
    )
    assert "internal error" not in err


def test_a_long_parquet_file_is_compared_like_its_csv(capsys, long, tmp_path):
    target = tmp_path / "long.parquet"
    pd.read_csv(long).to_parquet(target)
    from_parquet = run_json(capsys, "--scores", str(target))["rows"]
    assert from_parquet == run_json(capsys, "--scores", long)["rows"]


ZERO_VARIANCE = "topic,a,b\nq1,0.5,0.25\nq2,0.75,0.5\nq3,0.25,0\n"


def test_infinite_statistics_of_a_zero_variance_pair_are_empty_csv_cells(capsys, tmp_path):
    path = tmp_path / "flat.csv"
    path.write_text(ZERO_VARIANCE)
    assert main(["compare", "--scores", str(path), "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert "inf" not in out
    frame = pd.read_csv(io.StringIO(out), keep_default_na=False)
    row = frame.iloc[0]
    assert (row["statistic"], row["effect_size"], row["sakai_es"]) == ("", "", "")
    assert row["status"] == "zero variance"
    assert float(row["p_value"]) == 0.0
    assert float(row["mean_diff"]) == 0.25


def test_infinite_statistics_are_empty_in_the_table_and_null_in_json(capsys, tmp_path):
    path = tmp_path / "flat.csv"
    path.write_text(ZERO_VARIANCE)
    assert main(["compare", "--scores", str(path)]) == 0
    table = capsys.readouterr().out
    assert "inf" not in table
    assert "zero variance" in table
    row = run_json(capsys, "--scores", str(path))["rows"][0]
    assert (row["statistic"], row["effect_size"], row["sakai_es"]) == (None, None, None)


@pytest.mark.parametrize("systems", ["bm25", "bm25,", " , ", ""])
def test_fewer_than_two_systems_name_the_flag_the_value_and_what_is_expected(capsys, wide, systems):
    status, err = run_error(capsys, "--scores", wide, "--systems", systems)
    assert status == 2
    assert err == (
        "axiometrics compare: error: argument --systems: expected at least 2 distinct "
        f"comma-separated system names (got {systems!r}) (see 'axiometrics compare --help')\n"
    )


def test_a_system_named_twice_is_a_usage_error(capsys, wide):
    status, err = run_error(capsys, "--scores", wide, "--systems", "bm25,dense,bm25")
    assert status == 2
    assert "argument --systems: 'bm25' is given twice in 'bm25,dense,bm25'" in err


def test_a_measure_of_unknown_direction_says_what_to_add_to_the_file(capsys, tmp_path):
    path = tmp_path / "long.csv"
    path.write_text(
        "topic,system,measure,score\nq1,A,ndcg,0.1\nq1,B,ndcg,0.2\nq2,A,ndcg,0.3\nq2,B,ndcg,0.5\n"
    )
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert "the direction of measure='ndcg' is unknown" in err
    assert "add a higher_is_better column to the file" in err
    assert "higher_is_better=" not in err
    assert "{name: bool}" not in err


def test_a_long_file_with_one_system_says_what_a_comparison_needs(capsys, tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("topic,system,measure,score\nq1,A,accuracy,0.1\nq2,A,accuracy,0.3\n")
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert err == (
        f"axiometrics compare: error: path={str(path)!r}: comparing systems needs at least 2 "
        "systems (got 1: ['A'])\n"
    )


def test_an_undefined_cell_of_a_score_file_names_the_line_and_other_measures_still_compare(
    capsys, tmp_path
):
    path = tmp_path / "und.csv"
    rows = ["topic,system,measure,score,status", "q1,A,kld,,undefined: zero gold probability"]
    rows += [
        f"{t},{s},kld,0.{i},defined"
        for i, (t, s) in enumerate([("q1", "B"), ("q2", "A"), ("q2", "B")], start=1)
    ]
    rows += [
        f"{t},{s},nmd,0.{i},defined"
        for i, (t, s) in enumerate([("q1", "A"), ("q1", "B"), ("q2", "A"), ("q2", "B")], start=1)
    ]
    path.write_text("\n".join(rows) + "\n")
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert f"path={str(path)!r} line 2: measure='kld' is undefined at topic='q1' system='A'" in err
    assert "axiometrics score --on-undefined NUMBER" in err
    assert "on_undefined=" not in err
    rows_out = run_json(capsys, "--scores", str(path), "--measure", "nmd")["rows"]
    assert [r["measure"] for r in rows_out] == ["nmd"]


def test_runs_with_an_undefined_measure_suggest_the_flag_not_the_keyword(capsys, tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text("1\tt1\t0\n2\tt1\t1\n3\tt2\t0\n4\tt2\t0\n")
    a = tmp_path / "a.tsv"
    a.write_text(gold.read_text())
    b = tmp_path / "b.tsv"
    b.write_text("1\tt1\t1\n2\tt1\t1\n3\tt2\t0\n4\tt2\t1\n")
    argv = ["--gold", str(gold), "--runs", str(a), str(b), "--measure", "mcc,accuracy"]
    status, err = run_error(capsys, *argv)
    assert status == 1
    assert "measure='mcc' is undefined at (topic='t2', system='a')" in err
    assert err.endswith(
        "; pass --on-undefined NUMBER to fill these cells or --on-undefined drop to leave the "
        "measure out\n"
    )
    assert "on_undefined" not in err
    dropped = run_json(capsys, *argv, "--on-undefined", "drop")["rows"]
    assert [r["measure"] for r in dropped] == ["accuracy"]
    filled = run_json(capsys, *argv, "--on-undefined", "0")["rows"]
    assert [r["measure"] for r in filled] == ["mcc", "accuracy"]
    # mcc 1 on t1 (to rounding: MCC is computed from marginal proportions), the fill 0 on t2
    assert filled[0]["mean_a"] == pytest.approx(0.5, abs=1e-15)
    status, err = run_error(
        capsys,
        "--gold",
        str(gold),
        "--runs",
        str(a),
        str(b),
        "--measure",
        "mcc",
        "--on-undefined",
        "drop",
    )
    assert status == 1
    assert "--on-undefined drop: every measure was left out as undefined (mcc)" in err


@pytest.mark.parametrize("value", ["nan", "inf", "1_0", "x"])
def test_on_undefined_takes_raise_drop_or_a_plain_finite_number(capsys, runs, value):
    gold, paths = runs
    status, err = run_error(
        capsys, "--gold", gold, "--runs", *paths, "--measure", "mcc", "--on-undefined", value
    )
    assert status == 2
    assert (
        f"argument --on-undefined: must be 'raise', 'drop' or a finite number (got {value!r})"
        in err
    )


def test_on_undefined_applies_to_runs_only(capsys, wide):
    status, err = run_error(capsys, "--scores", wide, "--on-undefined", "0")
    assert status == 2
    assert "--on-undefined applies to --gold/--runs files only" in err


@pytest.mark.parametrize(
    ("scale", "message"),
    [
        ("1,1", "--scale '1,1': the class 1 is given twice"),
        (
            "0",
            "--scale '0': expected at least 2 comma-separated class labels, lowest first (got 1)",
        ),
        (",", "--scale ',': expected at least 2 comma-separated class labels"),
    ],
)
def test_a_bad_scale_names_the_flag(capsys, runs, scale, message):
    gold, paths = runs
    status, err = run_error(
        capsys, "--gold", gold, "--runs", *paths, "--measure", "accuracy", f"--scale={scale}"
    )
    assert status == 2
    assert err.startswith(f"axiometrics compare: error: {message}")


def test_a_single_run_says_what_a_comparison_needs_and_names_the_flag(capsys, runs):
    gold, paths = runs
    status, err = run_error(capsys, "--gold", gold, "--runs", paths[0], "--measure", "accuracy")
    assert status == 1
    assert err == (
        "axiometrics compare: error: comparing systems needs at least 2 systems (got 1: "
        "['good']); give at least 2 run files to --runs\n"
    )
    assert "meta-evaluation" not in err


def test_measure_errors_while_scoring_runs_name_the_flag(capsys, runs):
    gold, paths = runs
    status, err = run_error(capsys, "--gold", gold, "--runs", *paths, "--measure", "acuracy")
    assert status == 1
    assert err.startswith("axiometrics compare: error: --measure: unknown measure name='acuracy'")
    status, err = run_error(capsys, "--gold", gold, "--runs", *paths, "--measure", "fbeta(beta=-1)")
    assert status == 2
    assert err.startswith(
        "axiometrics compare: error: --measure: measure='fbeta' parameter beta=-1.0: expected "
        "float >= 0"
    )
    status, err = run_error(capsys, "--gold", gold, "--runs", *paths, "--measure", "mae,mae")
    assert status == 2
    assert "argument --measure: 'mae' is given twice" in err


def test_a_measure_missing_from_a_long_file_is_suggested_from_the_file(capsys, long):
    status, err = run_error(capsys, "--scores", long, "--measure", "nddcg")
    assert status == 2
    assert err.startswith(
        "axiometrics compare: error: --measure: unknown name 'nddcg'; did you mean 'ndcg'?"
    )


def test_a_wide_file_refuses_a_measure_and_json_must_be_long(capsys, wide, tmp_path):
    status, err = run_error(capsys, "--scores", wide, "--measure", "ndcg")
    assert status == 2
    assert "--measure: a wide topic x system score file holds one unnamed measure" in err
    path = tmp_path / "rows.json"
    path.write_text(json.dumps([{"topic": "q1", "bm25": 0.1}]))
    status, err = run_error(capsys, "--scores", str(path))
    assert status == 1
    assert "a long score file needs the columns topic, system, measure, score" in err


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(order=st.permutations(range(36)))
def test_the_rows_of_a_long_file_are_aligned_by_label_never_by_position(
    capsys, tmp_path, long, order
):
    lines = Path(long).read_text().splitlines()
    header, body = lines[0], lines[1:]
    assert len(body) == 36
    path = tmp_path / "shuffled.csv"
    path.write_text("\n".join([header, *(body[i] for i in order)]) + "\n")

    def by_pair(rows):
        """(measure, a, b) with a < b -> (mean_a, mean_b, statistic, p, d_z) oriented a - b."""
        out = {}
        for r in rows:
            sign = 1.0 if r["system_a"] < r["system_b"] else -1.0
            a, b = sorted((r["system_a"], r["system_b"]))
            means = (r["mean_a"], r["mean_b"])[:: int(sign)]
            out[r["measure"], a, b] = (
                *means,
                sign * r["statistic"],
                r["p_value"],
                sign * r["effect_size"],
            )
        return out

    shuffled = by_pair(run_json(capsys, "--scores", str(path))["rows"])
    original = by_pair(run_json(capsys, "--scores", long)["rows"])
    assert shuffled.keys() == original.keys()
    for pair, values in original.items():
        assert shuffled[pair] == pytest.approx(values, rel=1e-12, abs=1e-15), pair


def test_a_one_sided_alternative_matches_scipys_paired_t_test(capsys, wide):
    from scipy import stats

    frame = pd.read_csv(io.StringIO(WIDE))
    document = run_json(capsys, "--scores", wide, "--alternative", "greater")
    assert document["alternative"] == "greater"
    for row in document["rows"]:
        a, b = frame[row["system_a"]], frame[row["system_b"]]
        expected = stats.ttest_rel(a, b, alternative="greater")
        assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-12)
        assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-12)


@pytest.mark.parametrize(
    ("correction", "method"),
    [("bh", "fdr_bh"), ("by", "fdr_by"), ("holm-sidak", "holm-sidak"), ("sidak", "sidak")],
)
def test_the_new_corrections_match_statsmodels(capsys, wide, correction, method):
    from statsmodels.stats.multitest import multipletests

    rows = run_json(capsys, "--scores", wide, "--correction", correction)["rows"]
    raw = [r["p_value"] for r in rows]
    expected = multipletests(raw, method=method)[1]
    assert [r["p_adjusted"] for r in rows] == pytest.approx(list(expected), rel=1e-12)


def test_settings_the_tests_refuse_are_named_by_their_flags(capsys, wide):
    status, err = run_error(capsys, "--scores", wide, "--test", "bootstrap", "--trials", "10")
    assert status == 2
    assert err.startswith(
        "axiometrics compare: error: --trials 10: expected at least 39 resamples at --alpha 0.05"
    )
    assert "trials=" not in err
    status, err = run_error(capsys, "--scores", wide, "--test", "tukey", "--alternative", "less")
    assert status == 2
    assert err.startswith(
        "axiometrics compare: error: --alternative less: the randomised Tukey HSD test is "
        "two-sided only"
    )


@pytest.mark.parametrize("test", ["randomisation", "bootstrap", "tukey"])
def test_the_resampling_tests_give_the_same_table_on_any_number_of_jobs(
    outputs_on_any_jobs, blocks_always, tmp_path, test
):
    scores = pd.DataFrame(
        np.random.default_rng(4).normal(size=(30, 4)) + np.linspace(0.0, 0.6, 4),
        columns=["a", "b", "c", "d"],
    ).rename_axis("topic")
    path = tmp_path / "wide.csv"
    scores.to_csv(path)
    args = ["compare", "--scores", str(path), "--test", test, "--trials", "2000"]
    one, *others = outputs_on_any_jobs([*args, "--correction", "none", "--format", "csv"])
    assert others == [one, one]
    assert len(blocks_always) == 2  # the two parallel runs, each in blocks
    assert min(blocks_always) >= 2


def test_a_bad_backend_or_job_count_is_a_usage_error_naming_the_flag(capsys, wide):
    assert main(["compare", "--scores", wide, "--backend", "daks"]) == 2
    assert "--backend='daks': expected one of local, loky" in capsys.readouterr().err
    assert main(["compare", "--scores", wide, "--jobs", "0"]) == 2
    assert "argument --jobs: expected a positive integer (got '0')" in capsys.readouterr().err
